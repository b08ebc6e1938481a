// OpenMP 6.0 §15.8 target construct: maps its items (and the implicit ones) for the duration of
// the kernel, which reads or writes the corresponding storage.

import { UNDEF, readAll, read, section, type Row } from '../rows.js';
import { assign, hostRead, map, ompEnter, targetRead, targetWrite } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  { name: 'a kernel reads the corresponding storage', steps: [ompEnter([map('to', ['a'])]), targetRead('a(3:4)')], last: readAll(2, 1) },
  {
    name: 'a kernel on a discrete device does not follow a host address in a device pointer',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])], 0), targetRead('c%p', [], 0)],
    last: UNDEF,
  },
  {
    name: 'a kernel on a shared-memory device follows a host address in a device pointer',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])], 1), targetRead('c%p', [], 1)],
    last: readAll(10, 1),
  },
  { name: 'map(from) of absent data: the kernel writes, the end copies back', steps: [targetWrite('b(1:2)', 6, [map('from', ['b(1:2)'])]), hostRead('b(1:3)')], last: read(6, 6, 2) },
];

export default section({ spec: 'OpenMP 6.0', section: '15.8', title: 'target construct', rules: ['OpenMP 6.0 §15.8 target construct'], world: OMP_WORLD, rows });
