// OpenMP 6.0 §7.9.6 map clause with §7.9.3: an implicitly mapped item of which parts already have
// corresponding storage gets only those parts; each element is reached through its own entry,
// nothing is created or copied, and the restriction of B.4 (K-B5) does not apply.

import { UNDEF, entry, ok, per, read, readAll, section, type Row } from '../rows.js';
import { hostRead, hostWrite, map, ompEnter, ompExit, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'two entries cover a between them: each element is read and written through its own entry',
    steps: [
      ompEnter([map('to', ['a(1:5)'])]),
      hostWrite('a', 3),
      ompEnter([map('to', ['a(6:10)'])]),
      hostWrite('a', 4),
      targetRead('a'),
      targetWrite('a', 6),
      ompExit([map('from', ['a(1:5)'])]),
      hostRead('a'),
    ],
    at: { 5: read(1, 1, 1, 1, 1, 3, 3, 3, 3, 3), 6: ok, 7: ok },
    last: read(6, 6, 6, 6, 6, 4, 4, 4, 4, 4),
    state: {
      5: { ompEntries: [entry([A, A + 20], 1, 1), entry([A + 20, A + 40], 2, 1)] },
      6: { ompEntries: [entry([A, A + 20], 1, 1), entry([A + 20, A + 40], 2, 1)] },
      7: { ompEntries: [entry([A + 20, A + 40], 2, 1)] },
    },
  },
  {
    name: 'an element outside every entry has no storage: undefined, and the construct does not exit',
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetRead('a(1:5)'), targetRead('a(5:6)')],
    at: { 2: readAll(5, 1) },
    last: UNDEF,
    state: { 2: { ompEntries: [entry([A, A + 20], 1, 1)] }, 3: { ompEntries: [entry([A, A + 20], 1, 2)] } },
  },
  {
    name: 'an explicit map of the same data still breaks the restriction (K-B5)',
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetRead('a(1:5)', [map('tofrom', ['a'])])],
    last: per(UNDEF, { libgomp: { kind: 'error', code: 'fatal_partial_map' }, 'llvm-offload': { kind: 'error', code: 'fatal_partial_map' } }),
  },
  {
    name: 'the entry keeps the copy made at RC 1; its count moves up and back; nothing is created',
    steps: [ompEnter([map('to', ['a(1:4)'])]), hostWrite('a', 7), targetRead('a(2:4)'), targetWrite('a(1:4)', 9), ompExit([map('from', ['a(1:4)'])]), hostRead('a')],
    at: { 3: read(1, 1, 1), 4: ok, 5: ok },
    last: read(9, 9, 9, 9, 7, 7, 7, 7, 7, 7),
    state: { 3: { ompEntries: [entry([A, A + 16], 1, 1)] }, 5: { ompEntries: [] } },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (implicit map of partly mapped storage, §7.9.3)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (implicit map of partly mapped storage, §7.9.3)'],
  world: OMP_WORLD,
  rows,
});
