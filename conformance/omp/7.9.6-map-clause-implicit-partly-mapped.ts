// OpenMP 6.0 §7.9.6 map clause with §7.9.3: an implicitly mapped item of which parts already have
// corresponding storage gets only those parts; each element is reached through its own entry,
// nothing is created or copied, and the restriction of B.4 (K-B5) does not apply.

import { HALTED, UNDEF, dev, entry, err, hostPtr, ok, per, perState, read, readAll, section, value, type Row } from '../rows.js';
import { BASE_POINTER_WORDS } from '../../model/omp/base-pointer-words.js';
import { assign, hostRead, hostWrite, map, ompEnter, ompExit, targetAdd, targetCopy, targetPointer, targetRamp, targetRead, targetWrite } from '../steps.js';
import { A, AOS_OMP_WORLD, C, MEMBERS_OMP_WORLD, OMP_WORLD } from '../worlds.js';

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
    // K-B71 found-entry (LLVM): a is translated through a(1:5)'s entry, which holds its first byte,
    // so a(6:10) lies past it: undefined, and the construct does not exit (both counts stay raised)
    at: { 5: per(read(1, 1, 1, 1, 1, 3, 3, 3, 3, 3), { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }), 6: per(ok, { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }), 7: per(ok, { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }) },
    last: per(read(6, 6, 6, 6, 6, 4, 4, 4, 4, 4), { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }),
    state: {
      5: perState({ ompEntries: [entry([A, A + 20], 1, 1), entry([A + 20, A + 40], 2, 1)] }, { 'llvm-offload': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] }, 'K-B71=found-entry': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] } }),
      6: perState({ ompEntries: [entry([A, A + 20], 1, 1), entry([A + 20, A + 40], 2, 1)] }, { 'llvm-offload': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] }, 'K-B71=found-entry': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] } }),
      7: perState({ ompEntries: [entry([A + 20, A + 40], 2, 1)] }, { 'llvm-offload': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] }, 'K-B71=found-entry': { ompEntries: [entry([A, A + 20], 1, 2), entry([A + 20, A + 40], 2, 2)] } }),
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
    at: { 3: per(ok, { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }) },
    last: per(read(10, 20, 30, 40, 50, 60, 70, 80, 90, 100), { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }),
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
    // (K-B71 found-entry: a(3) lies past a(1:2)'s entry, through which a is translated)
    at: { 3: per(ok, { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }), 4: per(read(11, 22, 33, 1_000_000_000), { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }), 5: per({ kind: 'ok' }, { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }) },
    last: per(UNDEF, { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }),
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
  // K-B71 (model/omp/implicit-found-entry.ts): libomptarget translates a variable that entries made
  // before the construct hold only in part through the entry its lookup finds, the one holding the
  // first byte, else the first starting inside it.
  {
    name: 'K-B71: elements of an array of structs in entries of their own, the kernel reading cs(2)%p: its own entry under each-entry; past cs(1)\'s, through which cs is translated, under found-entry (LLVM)',
    cite: 'K-B71 (measured with clang 19 on its x86_64 host plugin: profiles/measured/llvm-19-x86_64-host-2026-12-06c.md gen-20270115-410-c, where the found entry was cs(1)%p\'s word; libomptarget 16 on an H200 prints null there, llvm-16-nvptx-2026-12-03b gen-20261208-033-c)',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(2)%p', 'a'), ompEnter([map('to', ['cs(2)'])]), ompEnter([map('to', ['cs(1)'])]), targetPointer('cs(2)%p'), targetPointer('cs(1)%p')],
    at: { 4: per(hostPtr(A), { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }) },
    last: per(value(null), { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }),
  },
  {
    name: 'K-B71: the kernel\'s reference inside the found entry reads as under each-entry',
    cite: 'K-B71 (getTargetPointer: the variable\'s address translated by its host offset from the entry found, so that entry\'s own bytes are reached)',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(1)%p', 'a'), ompEnter([map('to', ['cs(2)'])]), ompEnter([map('to', ['cs(1)'])]), targetPointer('cs(1)%p')],
    last: hostPtr(A),
  },
  {
    name: 'K-B71: no entry holds the array\'s first byte: the first entry starting inside it is the one found, and a section in the later entry lies past it',
    cite: 'K-B71 (lookupMapping: with no entry before the start, the entry after it that starts before the end: ExtendsBefore)',
    steps: [ompEnter([map('to', ['a(3:5)'])]), ompEnter([map('to', ['a(7:8)'])]), targetRead('a(3:5)'), targetRead('a(7:8)')],
    at: { 3: readAll(3, 1) },
    last: per(readAll(2, 1), { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }),
  },
  {
    name: 'K-B71: a copy kernel\'s source variable is looked at too: b read through b(1:5)\'s entry reaches b(6:10) past it under found-entry',
    cite: 'K-B71 (each statement\'s variables, the copy\'s `from` among them, are the kernel\'s and mapped implicitly when no map names them, §7.9.3)',
    steps: [ompEnter([map('to', ['b(1:5)'])]), ompEnter([map('to', ['b(6:10)'])]), targetCopy('a', 'b'), hostRead('a')],
    at: { 3: per(ok, { 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }) },
    last: per(readAll(10, 2), { 'llvm-offload': HALTED, 'K-B71=found-entry': HALTED }),
  },
  {
    name: 'K-B71 under K-B47 member-word: the pointer word entry the lookup finds holds the word the kernel reads (8 bytes, not the 16 of the member\'s slot)',
    cite: 'K-B71 with K-B47 member-word (the measured case: enter data map(to: cs(1)%p) makes the 8-byte entry of the word at cs\'s first byte, and a kernel reading cs(1)%p through it reads the attached address)',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(1)%p', 'a'), ompEnter([map('to', ['cs(2)'])]), ompEnter([map('to', ['cs(1)%p'])]), targetPointer('cs(1)%p')],
    last: per(UNDEF, { 'K-B47=member-word': dev(2), 'K-B47=member-word,K-B71=found-entry': dev(2) }),
  },
  {
    name: 'K-B71 concerns a variable mapped implicitly as itself: a struct mapped through its declare mapper\'s items reads c%arr(1:2) through its own entry under either reading',
    cite: 'K-B71 (model/omp/implicit-found-entry.ts: a mapper\'s items stand for the implicit map, K-B62); libgomp and GCC 12 stop at the second member map of c (K-B70 struct-group)',
    world: { ...MEMBERS_OMP_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c'] }] }] },
    steps: [ompEnter([map('to', ['c%n'])]), ompEnter([map('to', ['c%arr(1:2)'])]), targetRead('c%arr(1:2)')],
    at: { 2: per(ok, { libgomp: err('fatal_partial_map') }) },
    last: per(read(1, 2), { 'K-B71=found-entry': read(1, 2), libgomp: HALTED, 'gcc-12': HALTED }),
  },
  {
    name: 'K-B71: the entries an earlier implicit map gathered do not count for a later one (b read through b(1:5)\'s entry after a kernel over three entries of a)',
    cite: 'K-B71 (each construct finds the entries of its own variable)',
    steps: [
      ompEnter([map('to', ['a(1:2)'])]),
      ompEnter([map('to', ['a(4:5)'])]),
      ompEnter([map('to', ['a(7:8)'])]),
      targetRead('a(1:2)'),
      ompEnter([map('to', ['b(1:5)'])]),
      ompEnter([map('to', ['b(6:10)'])]),
      targetRead('b(1:5)'),
    ],
    at: { 4: readAll(2, 1) },
    last: readAll(5, 2),
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
