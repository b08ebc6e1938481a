// OpenMP 6.0 §15.7 target data construct: maps at entry, unmaps at the end with each item's own
// map type; regions nest, and the end closes the innermost one on its own device.

import { entry, ok, perState, readAll, section, type Row } from '../rows.js';
import { hostRead, map, ompDataBegin, ompDataEnd, targetWrite } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the end unmaps what the items named at entry, with their own types: to exits like release',
    steps: [ompDataBegin([map('tofrom', ['a']), map('to', ['b'])]), targetWrite('a', 3), targetWrite('b', 4), hostRead('a'), ompDataEnd, hostRead('a'), hostRead('b')],
    at: { 4: readAll(10, 1), 6: readAll(10, 3) },
    last: readAll(10, 2),
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 1), entry([B, B + 40], 2, 1)] }, 5: { ompEntries: [] } },
  },
  {
    name: 'regions nest; the end closes the innermost one on its own device',
    steps: [ompDataBegin([map('to', ['a'])], 0), ompDataBegin([map('to', ['a'])], 1), ompDataEnd, ompDataEnd],
    last: ok,
    state: {
      2: perState(
        { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], 2, 1, { device: 1 })] },
        {
          libgomp: { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
          'llvm-offload': { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
        },
      ),
      3: { ompEntries: [entry([A, A + 40], 1, 1)] },
      4: { ompEntries: [] },
    },
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.7', title: 'target data construct', rules: ['OpenMP 6.0 §15.7 target data construct'], world: OMP_WORLD, rows });
