// OpenACC 3.3 §2.8 host_data construct: inside the region the host code sees the device address of
// the use_device vars (§2.8.1); the construct itself moves no data and changes no counter, and the
// address is the region's (the handle ends with it; using it later is a validation error).

import { dev, readAll, section, type Row } from '../rows.js';
import { accMemcpyFromDevice, accMemcpyToDevice, copy, copyin, dataBegin, dataEnd, enterData, hostDataBegin, hostDataEnd, hostRead, hostWrite, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, B } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the region gives the device address of present data; a copy through it fills the device copy, not the host data',
    steps: [
      enterData(copyin('a')),
      hostDataBegin('a', 'da'),
      accMemcpyToDevice({ handle: 'da' }, 'b'),
      hostDataEnd,
      hostRead('a'),
      parallelRead('a', present('a')),
    ],
    at: { 2: dev(1, 0), 5: readAll(10, 1), 6: readAll(10, 2) },
    // entering and leaving the region touches no counter: a stays at DRC 1
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] }, 4: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'nested regions: each var gets its own device address; a copy back through the inner one reads the device copy',
    steps: [
      enterData(copyin('a'), copyin('b')),
      hostDataBegin('a', 'da'),
      hostDataBegin('b', 'db'),
      hostWrite('b', 7),
      accMemcpyFromDevice('b', { handle: 'da' }),
      hostDataEnd,
      hostDataEnd,
      hostRead('b'),
    ],
    at: { 2: dev(1, 0), 3: dev(2, 0), 8: readAll(10, 1) },
    state: { 7: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }, { host: [B, B + 40], block: 2, src: 0, drc: 1 }] } },
  },
  {
    name: 'inside a data region: the address of the region\'s copy, which its end still copies back and frees',
    steps: [dataBegin(copy('a')), hostDataBegin('a', 'da'), accMemcpyToDevice({ handle: 'da' }, 'b'), hostDataEnd, dataEnd, hostRead('a')],
    at: { 2: dev(1, 0), 6: readAll(10, 2) },
    state: { 5: { sections: [] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.8',
  title: 'host_data construct',
  rules: ['OpenACC 3.3 §2.8 host_data construct'],
  world: ACC_WORLD,
  rows,
});
