// OpenMP 6.0 §7.9.6 map clause with §7.9.3: an implicitly mapped item of which parts already have
// corresponding storage gets only those parts; each element is reached through its own entry,
// nothing is created or copied, and the restriction of B.4 (K-B5) does not apply.

import { UNDEF, entry, ok, per, read, readAll, section, type Row } from '../rows.js';
import { assign, hostRead, hostWrite, map, ompEnter, ompExit, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'an explicit section and the implicit map of its array on one construct: the array\'s part in the section comes home at the end (K-B16)',
    cite: 'storage-block: one block over a; struct-block (libgomp keys each item): the implicit map reaches the entry the alloc item created, and that entry\'s last reference is at the construct\'s end, where its tofrom part is copied back (found by mapcheck fuzz --profile gcc-12, counterexamples/cases/gcc12-implicit-map-over-construct-entry.json)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetWrite('a(5:8)', 5, [map('alloc', ['c%p(3:8)'])]), hostRead('a')],
    last: read(1, 1, 1, 1, 5, 5, 5, 5, 1, 1),
  },
  {
    name: 'the same with the section mapped before the construct: its entry keeps a reference, so nothing comes home (K-B16)',
    cite: 'storage-block (6.0): the explicit item and the implicit map are one block over a, partly present, which breaks the restriction (K-B5); per item (5.2, libgomp struct-block) the count of a(3:8) goes 1 → 2 → 1 and its data stays on the device',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'a(3:8)'])]), targetWrite('a(5:8)', 5, [map('alloc', ['c%p(3:8)'])]), hostRead('a')],
    at: { 3: per(UNDEF, { 'spec-omp-5.2': ok, libgomp: ok, 'llvm-offload': { kind: 'error', code: 'fatal_partial_map' } }) },
    last: per({ kind: 'halted' }, { 'spec-omp-5.2': readAll(10, 1), libgomp: readAll(10, 1) }),
  },
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
