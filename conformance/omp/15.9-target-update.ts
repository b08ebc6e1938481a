// OpenMP 6.0 §15.9 target update construct: to assigns the original to the corresponding list
// item, from the reverse; a list item that is not present is skipped, or with the present motion
// modifier a runtime error termination. Partly present storage: K-B40. Attached pointers keep
// their values on both sides. No reference count moves.

import { entry, err, ok, per, read, readAll, section, UNDEF, type Row } from '../rows.js';
import { HOST, assign, hostRamp, hostRead, hostWrite, map, motion, ompEnter, ompUpdate, targetRamp, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const NOT_PRESENT = err('omp_error_not_present');
const LIBGOMP_PARTIAL = err('fatal_partial_update');

const rows: Row[] = [
  {
    name: 'to assigns the host values to the corresponding storage',
    steps: [ompEnter([map('to', ['a'])]), hostWrite('a', 5), ompUpdate([motion('to', ['a'])]), targetRead('a')],
    last: readAll(10, 5),
  },
  {
    name: 'from assigns the device values to the host; no reference count moves',
    steps: [ompEnter([map('to', ['a'])]), targetWrite('a', 7), ompUpdate([motion('from', ['a(2:3)'])]), hostRead('a')],
    last: read(1, 7, 7, 1, 1, 1, 1, 1, 1, 1),
    state: { 3: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'from of an array section assigns each of its elements to the same original element, and no other',
    steps: [ompEnter([map('to', ['a'])]), targetRamp('a', 10, -1), ompUpdate([motion('from', ['a(5:7)'])]), hostRead('a')],
    last: read(1, 1, 1, 1, 6, 5, 4, 1, 1, 1),
  },
  {
    name: 'to of an array section of a mapped section assigns each element to its corresponding element',
    steps: [ompEnter([map('to', ['a(3:8)'])]), hostRamp('a', 1, 2), ompUpdate([motion('to', ['a(4:5)'])]), targetRead('a(3:8)')],
    last: read(1, 7, 9, 1, 1, 1),
  },
  {
    name: 'a list item that is not present is skipped',
    cite: 'LLVM omptarget.cpp targetDataContiguous: "not found, becomes a noop"; libgomp target.c gomp_update: no mapping, no copy',
    steps: [ompUpdate([motion('from', ['a'])]), hostRead('a')],
    at: { 1: ok },
    last: readAll(10, 1),
  },
  {
    name: 'the present motion modifier makes an absent list item a runtime error',
    cite: 'LLVM omptarget.cpp: "device mapping required by \'present\' motion modifier does not exist"; libgomp testsuite target-update present: "present clause: not present on the device"',
    steps: [ompUpdate([motion('to', ['a'], true)]), hostRead('a')],
    at: { 1: NOT_PRESENT },
    last: { kind: 'halted' },
  },
  {
    name: 'the present motion modifier on a later motion of the construct, on present data: both assignments happen (GCC 12: the program cannot be built)',
    steps: [ompEnter([map('to', ['a', 'b'])]), hostWrite('a', 5), targetWrite('b', 7), ompUpdate([motion('to', ['a']), motion('from', ['b'], true)]), hostRead('b'), targetRead('a')],
    at: { 4: ok, 5: readAll(10, 7) },
    last: readAll(10, 5),
  },
  {
    name: 'the present motion modifier on present data: the assignment happens',
    steps: [ompEnter([map('alloc', ['a'])]), ompUpdate([motion('to', ['a'], true)]), targetRead('a')],
    last: readAll(10, 1),
  },
  {
    name: 'partly present storage (K-B40)',
    cite: 'libgomp target.c gomp_update: "Trying to update [%p..%p) object when only [%p..%p) is mapped"; LLVM MustContain lookup: noop',
    steps: [ompEnter([map('to', ['a(1:5)'])]), ompUpdate([motion('from', ['a'])]), hostRead('a')],
    at: { 2: per(ok, { libgomp: LIBGOMP_PARTIAL }) },
    last: per(readAll(10, 1), { libgomp: { kind: 'halted' } }),
  },
  {
    name: 'partly present storage with the present modifier is not present',
    steps: [ompEnter([map('to', ['a(1:5)'])]), ompUpdate([motion('from', ['a'], true)])],
    last: per(NOT_PRESENT, { libgomp: LIBGOMP_PARTIAL }),
  },
  {
    name: 'an attached pointer keeps its value on both sides',
    cite: 'OpenMP 5.0 §2.12.6 (attached pointers keep their values); libgomp gomp_update skips pointers with an attach count; LLVM restores shadow pointers',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])]), ompUpdate([motion('from', ['c'])]), hostRead('c%p'), targetRead('c%p')],
    at: { 4: readAll(10, 1) },
    last: readAll(10, 1),
  },
  {
    name: 'on the host device there is nothing to assign',
    steps: [ompUpdate([motion('to', ['a'], true)], HOST)],
    last: ok,
  },
  {
    name: 'on a device sharing memory with the host the storage may be the original (K-B8)',
    steps: [ompEnter([map('to', ['a'])], 1), hostWrite('a', 5), ompUpdate([motion('from', ['a'])], 1), hostRead('a')],
    last: per(readAll(10, 1), { 'K-B8=self': readAll(10, 5), libgomp: readAll(10, 5), 'llvm-offload': readAll(10, 5) }),
  },
  {
    name: 'storage freed under an association makes the assignment undefined',
    steps: [
      { op: 'omp_target_alloc', bytes: 40, device: 0, result: 'd1' },
      { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'd1' }, bytes: 40, offset: 0, device: 0 },
      { op: 'omp_target_free', ptr: { handle: 'd1' }, device: 0 },
      ompUpdate([motion('to', ['a'])]),
    ],
    last: UNDEF,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '15.9',
  title: 'target update construct',
  rules: [
    'OpenMP 6.0 §15.9 target update construct',
    'OpenMP 6.0 §15.9 target update construct (present motion modifier)',
    'OpenMP 6.0 §15.9 target update construct (partly present storage)',
  ],
  world: OMP_WORLD,
  rows,
});
