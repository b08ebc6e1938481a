// OpenMP 6.0 §25.2.2 omp_target_is_accessible (spec-digest B.9.4): size must be positive, NULL →
// false, ptr is an address of dev's address space. K-B9: libgomp answers the shared-memory
// capability, LLVM unified memory support; K-B11 invalid device.

import { UNAVAILABLE, UNDEF, err, per, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, h, isAccessible, map, ompEnter, v } from '../steps.js';
import { OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const T = value(true);
const F = value(false);
const allocH = alloc('h', 32, 0);
/** K-B9: a discrete device's own allocation is accessible under 6.0, not for libgomp or LLVM. */
const ownAllocation = per(T, { libgomp: F, 'llvm-offload': F });

const rows: Row[] = [
  { name: 'a runtime without omp_target_is_accessible (K-B25 absent, GCC 12): the program cannot be built', steps: [isAccessible(v('a'), 32, 2)], last: per(value(true), { 'K-B25=absent': UNAVAILABLE }) },
  { table: 'host device', name: 'host device → true', steps: [isAccessible(v('a'), 32, HOST)], last: T },
  {
    table: 'invalid device',
    name: 'invalid device (K-B19)',
    steps: [isAccessible(v('a'), 32, INVALID)],
    last: err('omp_error_invalid_device'),
  },
  { table: 'NULL', name: 'NULL on a discrete device → false', steps: [isAccessible(null, 4, 0)], last: F },
  { table: 'shared-memory device', name: 'host memory from a shared-memory device → true', steps: [isAccessible(v('a'), 32, 2)], last: T },
  {
    table: 'map-made storage (host address)',
    name: 'a host address on a discrete device, even when mapped → false',
    steps: [ompEnter([map('to', ['a'])], 0), isAccessible(v('a'), 32, 0)],
    last: F,
  },
  { table: 'device allocation', name: "a discrete device's own allocation (K-B9)", steps: [allocH, isAccessible(h('h'), 32, 0)], last: ownAllocation },
  { table: 'interior pointer', name: 'an interior range of an allocation (K-B9)', steps: [allocH, isAccessible(h('h', 8), 16, 0)], last: ownAllocation },
  { table: 'one past the end', name: 'one past the end of an allocation → false', steps: [allocH, isAccessible(h('h', 32), 4, 0)], last: F },
  { name: 'NULL on the host device (K-B9: libgomp answers true for the host)', world: OMP_WORLD, steps: [isAccessible(null, 4, HOST)], last: per(F, { libgomp: T }) },
  { name: 'a range straddling the end of an allocation → false', world: OMP_WORLD, steps: [alloc('x', 16), isAccessible(h('x', 8), 12)], last: F },
  { name: "another device's allocation from a discrete device → false", world: OMP_WORLD, steps: [alloc('x', 16, HOST), isAccessible(h('x'), 16)], last: F },
  { name: 'unmapped host memory from a discrete device → false', world: OMP_WORLD, steps: [isAccessible(v('a'), 40)], last: F },
  { name: 'zero bytes on the host: 6.0 requires a positive size', world: OMP_WORLD, steps: [isAccessible(v('a'), 0, HOST)], last: per(UNDEF, { libgomp: T, 'llvm-offload': T }) },
  { name: 'zero bytes of an allocation on a discrete device', world: OMP_WORLD, steps: [alloc('x', 40), isAccessible(h('x'), 0)], last: per(UNDEF, { libgomp: F, 'llvm-offload': F }) },
  { name: 'zero bytes of NULL on the host', world: OMP_WORLD, steps: [isAccessible(null, 0, HOST)], last: per(UNDEF, { libgomp: T, 'llvm-offload': F }) },
  {
    name: "a discrete device's allocation queried on the host: 6.0 reads ptr as a host address → false",
    world: OMP_WORLD,
    steps: [alloc('x', 16), isAccessible(h('x'), 16, HOST)],
    last: per(F, { libgomp: T, 'llvm-offload': T }),
  },
  { name: 'a host allocation queried on the host → true', world: OMP_WORLD, steps: [alloc('x', 16, HOST), isAccessible(h('x'), 16, HOST)], last: T },
  { name: "a shared-memory device's allocation queried on the host → true", world: OMP_WORLD, steps: [alloc('x', 16, 1), isAccessible(h('x'), 16, HOST)], last: T },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.2.2',
  title: 'omp_target_is_accessible',
  rules: ['OpenMP 6.0 §25.2.2 omp_target_is_accessible'],
  world: TABLE_WORLD,
  rows,
});
