// OpenMP 6.0 §7.9.6 map clause with §7.9.3: an implicitly mapped item of which parts already have
// corresponding storage gets only those parts; each element is reached through its own entry,
// nothing is created or copied, and the restriction of B.4 (K-B5) does not apply.

import { HALTED, UNDEF, entry, err, ok, per, read, readAll, section, type Row } from '../rows.js';
import { BASE_POINTER_WORDS } from '../../model/omp/base-pointer-words.js';
import { assign, hostRead, hostWrite, map, ompEnter, ompExit, targetAdd, targetRamp, targetRead, targetWrite } from '../steps.js';
import { A, C, MEMBERS_OMP_WORLD, OMP_WORLD } from '../worlds.js';

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
    name: 'a ramp written across two entries: each element gets its own value in the entry holding it',
    steps: [
      ompEnter([map('to', ['a(1:4)'])]),
      ompEnter([map('to', ['a(5:10)'])]),
      targetRamp('a', 10, 10),
      ompExit([map('from', ['a(1:4)'])]),
      ompExit([map('from', ['a(5:10)'])]),
      hostRead('a'),
    ],
    last: read(10, 20, 30, 40, 50, 60, 70, 80, 90, 100),
  },
  {
    name: 'an add across two entries: each element gets that much more in the entry holding it; a sum past a C int is undefined',
    world: { arrays: [{ name: 'a', length: 4, init: [1, 2, 3, 1_000_000_000] }], structs: [] },
    steps: [
      ompEnter([map('to', ['a(1:2)'])]),
      ompEnter([map('to', ['a(3:4)'])]),
      targetAdd('a(1:3)', 10, 10),
      targetRead('a'),
      targetAdd('a', 1_000_000_000, 0),
      targetAdd('a', 1_000_000_000, 0),
    ],
    at: { 4: read(11, 22, 33, 1_000_000_000), 5: { kind: 'ok' } },
    last: UNDEF,
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
  // K-B63 `base-pointers` (the text): an implicitly mapped struct without storage whose parts are
  // base pointers of explicit items gets storage for those parts alone, its pointer words
  // (model/omp/base-pointer-words.ts); 7.9.3-implicit-data-mapping.ts has the one-pointer rows.
  {
    name: 'K-B63 base-pointers with two pointer members (llvm pr38704.c): both words are c\'s storage, and both pointers are attached; the kernel writes through c%q',
    cite: 'K-B63 (offload/test/mapping/pr38704.c: target map(s.ptr1[0:1], s.ptr2[0:2]) of an unmapped s, the kernel writes through both pointers, "CHECK: s.ptr2[1] = 3"); 6.0 §7.9.6 "only those parts of the original storage"',
    world: { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['p', 'q'], init: { p: 'a', q: 'b' } }] },
    steps: [targetWrite('c%q(1:2)', 7, [map('tofrom', ['c%p(1:1)', 'c%q(1:2)'])]), hostRead('b')],
    at: { 1: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B63=named': UNDEF }) },
    last: per(read(7, 7, 2, 2, 2, 2, 2, 2, 2, 2), { 'gcc-12': HALTED, 'K-B63=named': HALTED }),
  },
  {
    name: 'K-B63 base-pointers where c is already mapped: the implicit map uses c\'s entry, so nothing new is made and c\'s count stays 1 (gfortran 12\'s always pointer finds c too)',
    cite: 'K-B63; 6.0 §7.9.6 (a part of an implicitly mapped item that already has storage: only that part is used)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetWrite('c%p', 4, [map('tofrom', ['c%p'])]), hostRead('a')],
    at: { 3: ok },
    last: readAll(10, 4),
    state: { 3: { ompEntries: [entry([C, C + 16], 1, 1)] } },
  },
  {
    name: 'K-B63 base-pointers: only the pointer member\'s word is c\'s storage, so a kernel reading the field c%n finds nothing; GCC 12 C\'s implicit map of the whole c brings c%n',
    cite: 'K-B63; 6.0 §7.9.6 (only the parts that are base pointers of explicit items get storage)',
    world: MEMBERS_OMP_WORLD,
    steps: [assign('c%p', 'a'), targetRead('c%n', [map('to', ['c%p'])])],
    last: per(UNDEF, { 'gcc-12': err('fatal_lowering'), 'K-B63=implicit': read(5) }),
  },
  {
    name: 'K-B63 base-pointers where only c%n has storage: the implicit map of c uses that part alone (6.0 §7.9.6), so c%p gets no corresponding pointer and the kernel\'s c%p is undefined',
    cite: 'K-B63; 6.0 §7.9.6 ("If a single contiguous part of the original storage ... has corresponding storage ..., only that part of the original storage will have corresponding storage")',
    world: MEMBERS_OMP_WORLD,
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%n'])]), targetRead('c%p', [map('to', ['c%p'])])],
    last: per(UNDEF, { 'gcc-12': err('fatal_lowering') }),
  },
  {
    name: 'K-B63 base-pointers: the word is an item of its own, so an explicit to item of the pointer\'s target beside it still brings nothing home (only the word comes back)',
    cite: 'K-B63; 6.0 §7.9.6 (the base pointer c%p is the part of c that gets storage, not the target\'s storage)',
    steps: [assign('c%p', 'a'), targetWrite('c%p', 5, [map('to', ['a', 'c%p'])]), hostRead('a')],
    at: { 2: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B63=named': UNDEF }) },
    last: per(readAll(10, 1), { 'gcc-12': HALTED, 'K-B63=named': HALTED }),
  },
  {
    name: 'K-B63 base-pointers on the host device: the kernel works on the host\'s own c and a',
    cite: 'K-B63; 6.0 §15.8 (a target construct on the host device maps nothing)',
    steps: [assign('c%p', 'a'), targetWrite('c%p', 6, [map('to', ['c%p'])], 2), hostRead('a')],
    last: readAll(10, 6),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (implicit map of partly mapped storage, §7.9.3)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (implicit map of partly mapped storage, §7.9.3)', BASE_POINTER_WORDS],
  world: OMP_WORLD,
  rows,
});
