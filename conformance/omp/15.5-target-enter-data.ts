// OpenMP 6.0 §15.5 target enter data construct: map-entering only (to, alloc).

import { entry, readAll, section, type Row } from '../rows.js';
import { hostRead, map, ompEnter, ompExit, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'creates an entry with RC 1 and copies in; a target construct counts once more for its duration',
    steps: [ompEnter([map('to', ['a'])]), targetRead('a'), hostRead('a'), targetRead('a')],
    at: { 2: readAll(10, 1) },
    last: readAll(10, 1),
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 1)] }, 4: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'the target region finds RC 2 and copies nothing back; the exit at RC 1 does',
    steps: [ompEnter([map('to', ['a'])]), targetWrite('a', 7), hostRead('a'), ompExit([map('from', ['a'])]), hostRead('a')],
    at: { 3: readAll(10, 1) },
    last: readAll(10, 7),
    state: { 2: { ompEntries: [entry([A, A + 40], 1, 1)] }, 4: { ompEntries: [] } },
  },
  {
    name: 'alloc creates storage without copying in',
    steps: [ompEnter([map('alloc', ['a'])]), targetRead('a(1:2)')],
    last: readAll(2, null),
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.5', title: 'target enter data construct', rules: ['OpenMP 6.0 §15.5 target enter data construct'], world: OMP_WORLD, rows });
