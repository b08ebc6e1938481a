// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (spec-digest B.3.3): a non-scalar the
// kernel uses that no map names is mapped tofrom.

import { readAll, section, type Row } from '../rows.js';
import { hostRead, map, targetWrite } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the kernel root is mapped tofrom implicitly: the write comes back',
    steps: [targetWrite('b', 4), hostRead('b')],
    last: readAll(10, 4),
    state: { 2: { ompEntries: [] } },
  },
  {
    name: 'an explicit map of the kernel root replaces the implicit one: map(to) does not copy back',
    steps: [targetWrite('b', 4, [map('to', ['b'])]), hostRead('b')],
    last: readAll(10, 2),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.3',
  title: 'implicit data-mapping attribute rules',
  rules: ['OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules'],
  world: OMP_WORLD,
  rows,
});
