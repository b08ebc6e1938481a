// OpenMP 6.0 §15.7 target data construct with a use_device_addr / use_device_ptr clause: the
// region's code sees the corresponding address (§7.5.8, §7.5.10); the clause maps nothing, so a
// target data with maps and use_device clauses is the maps' region with the use_device region
// inside it.

import { dev, readAll, section, value, type Row } from '../rows.js';
import { hostRead, map, memcpy, ompDataBegin, ompDataEnd, useDeviceBegin, useDeviceEnd } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const entryOfA = { device: 0, host: [A, A + 40] as [number, number], block: 1, offset: 0, rc: 1, origin: 'map' as const };

const rows: Row[] = [
  {
    name: 'target data map(tofrom: a) use_device_addr(a): a copy through the address reaches the host at the region\'s end',
    steps: [
      ompDataBegin([map('tofrom', ['a'])]),
      useDeviceBegin('a', 'da'),
      memcpy({ handle: 'da' }, { var: 'b' }, 40, 0, 0, 0, 'initial'),
      useDeviceEnd,
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 2: dev(1, 0), 3: value(0), 6: readAll(10, 2) },
    // the use_device region adds no entry and no reference
    state: { 2: { ompEntries: [entryOfA] }, 4: { ompEntries: [entryOfA] }, 5: { ompEntries: [] } },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '15.7',
  title: 'target data construct (use_device_ptr, use_device_addr)',
  rules: ['OpenMP 6.0 §15.7 target data construct'],
  world: OMP_WORLD,
  rows,
});
