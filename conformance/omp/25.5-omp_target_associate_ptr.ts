// OpenMP 6.0 §25.5 omp_target_associate_ptr (spec-digest B.9.5): associates dev_ptr + dev_offset
// with host_ptr on dev with an infinite reference count; one device buffer per host pointer;
// identical repeat → 0; storage shared with another association → unspecified. K-B3 (overlaps),
// K-B11, K-B14 (host device), K-B15 (NULL, size 0), K-B18 (shared-memory device).

import { HALTED, UNDEF, dev, err, entry, ok, per, perState, readAll, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, associate, free, h, hostRead, isPresent, map, mappedPtr, memcpy, ompEnter, ompExit, targetRead, v } from '../steps.js';
import { A, OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const ZERO = value(0);
const ONE = value(1);
const allocH = alloc('h', 32, 0);
const allocH2 = alloc('h2', 32, 0);
const associateH = associate(v('a'), h('h'), 32, 0, 0);
const mapTo = ompEnter([map('to', ['a'])], 0);
/** K-B15: LLVM refuses NULL pointers and size 0; the spec is silent, libgomp does not check. */
const nullOrEmpty = per(UNDEF, { 'llvm-offload': ONE });
/** K-B3: storage shared with an association is unspecified; libgomp refuses, LLVM adds an overlapping entry. */
const sharedStorage = per(UNDEF, { libgomp: ONE, 'llvm-offload': ZERO });
const whole = entry([A, A + 32], 1, 'inf');

const rows: Row[] = [
  { table: 'host device', name: 'host device (K-B14)', steps: [alloc('h', 32, HOST), associate(v('a'), h('h'), 32, 0, HOST)], last: per(UNDEF, { libgomp: ONE, 'llvm-offload': ONE }) },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [allocH, associate(v('a'), h('h'), 32, 0, INVALID)], last: per(err('omp_error_invalid_device'), { 'gcc-12': ONE }) },
  { table: 'NULL host pointer', name: 'NULL host pointer (K-B15)', steps: [allocH, associate(null, h('h'), 32, 0, 0)], last: nullOrEmpty },
  { table: 'NULL device pointer', name: 'NULL device pointer (K-B15)', steps: [associate(v('a'), null, 32, 0, 0)], last: nullOrEmpty },
  { table: 'size 0', name: 'size 0 (K-B15)', steps: [allocH, associate(v('a'), h('h'), 0, 0, 0)], last: nullOrEmpty },
  {
    table: 'shared-memory device',
    name: 'shared-memory device (K-B18: libgomp refuses, LLVM takes the normal path)',
    steps: [alloc('h', 32, 2), associate(v('a'), h('h'), 32, 0, 2)],
    last: per(UNDEF, { libgomp: ONE, 'llvm-offload': ZERO }),
    state: { 2: perState(null, { libgomp: { ompEntries: [] }, 'llvm-offload': { ompEntries: [entry([A, A + 32], 1, 'inf', { device: 2 })] } }) },
  },
  { table: 'nothing associated', name: 'a fresh association → 0, an entry with an infinite count', steps: [allocH, associateH], last: ZERO, state: { 2: { ompEntries: [whole] } } },
  { table: 'repeated association', name: 'identical repeat → 0, no effect', steps: [allocH, associateH, associateH], last: ZERO, state: { 3: { ompEntries: [whole] } } },
  {
    table: 'fully-inside association, same start',
    name: 'same start and device address, smaller size (K-B3: a second buffer under the spec reading; libgomp accepts a subset)',
    steps: [allocH, associateH, associate(v('a'), h('h'), 16, 0, 0)],
    last: per(ONE, { libgomp: ZERO }),
    state: { 3: { ompEntries: [whole] } },
  },
  {
    table: 'fully-inside association, interior start',
    name: 'a range strictly inside an association (K-B3)',
    steps: [allocH, associateH, associate(v('a', 8), h('h'), 16, 8, 0)],
    last: sharedStorage,
    state: { 3: perState(null, { libgomp: { ompEntries: [whole] }, 'llvm-offload': { ompEntries: [whole, entry([A + 8, A + 24], 1, 'inf', { offset: 8 })] } }) },
  },
  {
    table: 'partial overlap',
    name: 'a range overlapping the end of an association (K-B3)',
    steps: [allocH, allocH2, associate(v('a'), h('h'), 16, 0, 0), associate(v('a', 8), h('h2'), 16, 0, 0)],
    last: sharedStorage,
    state: {
      4: perState(null, {
        libgomp: { ompEntries: [entry([A, A + 16], 1, 'inf')] },
        'llvm-offload': { ompEntries: [entry([A, A + 16], 1, 'inf'), entry([A + 8, A + 24], 2, 'inf')] },
      }),
    },
  },
  { table: 'same start, second buffer', name: 'same host start, another device buffer → nonzero', steps: [allocH, allocH2, associateH, associate(v('a'), h('h2'), 32, 0, 0)], last: ONE },
  { table: 'map-made storage', name: 'the start of storage mapped by a map clause → nonzero', steps: [mapTo, allocH, associateH], last: ONE },
  {
    name: 'same start, longer than the association → nonzero',
    world: OMP_WORLD,
    steps: [alloc('x', 40), alloc('y', 40), associate(v('a'), h('x'), 20), associate(v('a'), h('x'), 40)],
    last: ONE,
  },
  {
    name: 'inside storage mapped by a map clause (K-B3)',
    world: OMP_WORLD,
    steps: [alloc('x', 40), alloc('y', 40), ompEnter([map('to', ['a'])]), associate(v('a', 8), h('x'), 8)],
    last: sharedStorage,
  },
  { name: 'device memory of another device → unspecified', world: OMP_WORLD, steps: [alloc('z', 40, HOST), associate(v('a'), h('z'), 40)], last: UNDEF },
  { name: 'a struct is no array storage → unspecified', world: OMP_WORLD, steps: [alloc('x', 40), associate(v('c'), h('x'), 16)], last: UNDEF },
  {
    name: 'a host pointer past the end of its array reaches no other array, even one laid out right there → unspecified',
    cite: 'C: pointer arithmetic stays inside its object (&b[8] is one past b); found by `mapcheck fuzz` (counterexamples/cases/omp-associate-past-object.json)',
    world: { ...OMP_WORLD, adjacent: [['a', 'b']] },
    steps: [alloc('x', 40), associate(v('a', 40), h('x'), 4)],
    last: UNDEF,
  },
  {
    name: 'maps use the associated storage with its infinite count and never remove it; only always copies',
    world: OMP_WORLD,
    steps: [
      alloc('x', 40),
      associate(v('a'), h('x'), 40),
      isPresent(v('a', 20)),
      mappedPtr(v('a', 20)),
      ompEnter([map('to', ['a'])]),
      memcpy(v('b'), h('x'), 40, 0, 0, HOST, 0),
      hostRead('b'),
      ompEnter([map('to', ['a'], 'always')]),
      ompExit([map('delete', ['a'])]),
      memcpy(v('b'), h('x'), 40, 0, 0, HOST, 0),
      hostRead('b'),
    ],
    at: { 2: ZERO, 3: value(true), 4: dev(1, 20), 5: ok, 6: ZERO, 7: readAll(10, null), 8: ok, 9: ok, 10: ZERO },
    last: readAll(10, 1),
    state: {
      2: { ompEntries: [entry([A, A + 40], 1, 'inf')] },
      5: { ompEntries: [entry([A, A + 40], 1, 'inf')] },
      9: { ompEntries: [entry([A, A + 40], 1, 'inf')] },
    },
  },
  {
    name: 'associates at dev_ptr + dev_offset for a subarray',
    world: OMP_WORLD,
    steps: [alloc('x', 48), associate(v('a(2:3)'), h('x', 4), 8, 8), mappedPtr(v('a(3:3)'))],
    last: dev(1, 16),
    state: { 2: { ompEntries: [entry([A + 4, A + 12], 1, 'inf', { offset: 12 })] } },
  },
  {
    name: 'an overlapping second association: LLVM keeps both entries and lookups take the newer one',
    world: OMP_WORLD,
    steps: [alloc('x', 40), alloc('y', 40), associate(v('a'), h('x'), 40), associate(v('a', 8), h('y'), 8), mappedPtr(v('a', 12)), mappedPtr(v('a', 4))],
    at: { 4: sharedStorage, 5: per(HALTED, { libgomp: dev(1, 12), 'llvm-offload': dev(2, 4) }) },
    last: per(HALTED, { libgomp: dev(1, 4), 'llvm-offload': dev(1, 4) }),
    state: { 4: perState(null, { 'llvm-offload': { ompEntries: [entry([A, A + 40], 1, 'inf'), entry([A + 8, A + 16], 2, 'inf')] } }) },
  },
  {
    name: 'a kernel through associated storage that was freed is undefined',
    world: OMP_WORLD,
    steps: [alloc('x', 40), associate(v('a'), h('x'), 40), targetRead('a'), free(h('x')), targetRead('a')],
    at: { 3: readAll(10, null) },
    last: UNDEF,
  },
];


export default section({
  spec: 'OpenMP 6.0',
  section: '25.5',
  title: 'omp_target_associate_ptr',
  rules: ['OpenMP 6.0 §25.5 omp_target_associate_ptr'],
  world: TABLE_WORLD,
  rows,
});
