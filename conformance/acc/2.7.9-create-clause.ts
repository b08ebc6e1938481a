// OpenACC 3.3 §2.7.9 create clause: allocates absent data without a copy; present data is counted.

import { readAll, section, type Row } from '../rows.js';
import { create, enterData, parallelRead, present, dataBegin, dataEnd, parallelWrite, hostRead } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'enter data create then a kernel read sees indeterminate elements',
    steps: [enterData(create('a')), parallelRead('a', present('a'))],
    last: readAll(10, null),
    state: { 1: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'create of present data counts it and keeps its values',
    steps: [enterData(create('a')), enterData(create('a'))],
    last: { kind: 'ok' },
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] } },
  },
  {
    name: 'a create region copies nothing in or back',
    steps: [dataBegin(create('b')), parallelWrite('b', 9, present('b')), dataEnd, hostRead('b')],
    last: readAll(10, 2),
    state: { 3: { sections: [] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.9', title: 'create clause', rules: ['OpenACC 3.3 §2.7.9 create clause'], world: ACC_WORLD, rows });
