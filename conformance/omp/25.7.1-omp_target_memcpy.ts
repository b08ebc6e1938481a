// OpenMP 6.0 §25.7.1 omp_target_memcpy (spec-digest B.9.8): copies length bytes from src +
// src_offset on src_dev to dst + dst_offset on dst_dev, 0 on success; addresses that are not of
// the named device's memory, ranges past the storage and overlaps are unspecified. K-B11.

import { UNDEF, err, per, read, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, h, hostRead, map, memcpy, ompEnter, v } from '../steps.js';
import { OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const ZERO = value(0);
const allocH = alloc('h', 32, 0);

const rows: Row[] = [
  { table: 'host to device', name: 'host to device → 0', steps: [allocH, memcpy(h('h'), v('a'), 32, 0, 0, 0, HOST)], last: ZERO },
  { table: 'device to host', name: 'device to host → 0', steps: [allocH, memcpy(v('a'), h('h'), 32, 0, 0, HOST, 0)], last: ZERO },
  { table: 'host to shared-memory device', name: 'host to a shared-memory device → 0', steps: [alloc('h', 32, 2), memcpy(h('h'), v('a'), 32, 0, 0, 2, HOST)], last: ZERO },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [allocH, memcpy(h('h'), v('a'), 32, 0, 0, INVALID, HOST)], last: per(err('omp_error_invalid_device'), { 'gcc-12': value(1) }) },
  { table: 'NULL', name: 'NULL with a length → unspecified', steps: [memcpy(null, v('a'), 32, 0, 0, 0, HOST)], last: UNDEF },
  { table: 'size 0', name: 'length 0 → 0', steps: [memcpy(null, null, 0, 0, 0, 0, HOST)], last: ZERO },
  { table: 'interior offsets', name: 'interior offsets → 0', steps: [allocH, memcpy(h('h'), v('a'), 16, 8, 8, 0, HOST)], last: ZERO },
  { table: 'past the end', name: 'past the end of the allocation → unspecified', steps: [allocH, memcpy(h('h'), v('a'), 32, 8, 0, 0, HOST)], last: UNDEF },
  { table: "another device's allocation", name: "another device's allocation → unspecified", steps: [allocH, memcpy(h('h'), v('a'), 32, 0, 0, 1, HOST)], last: UNDEF },
  {
    table: 'map-made storage (host address)',
    name: 'a host address given with a device number → unspecified',
    steps: [ompEnter([map('to', ['a'])], 0), memcpy(v('a'), v('a'), 32, 0, 0, 0, HOST)],
    last: UNDEF,
  },
  {
    name: 'length 0 with bad device numbers: the devices decide first, except in LLVM (K-B31)',
    cite: 'K-B31: GCC omp_target_memcpy_check before the copy (measured with GCC 12.2, gen-20261203-288-fortran step 10); LLVM API.cpp omp_target_memcpy returns OFFLOAD_SUCCESS for Length == 0 first',
    world: OMP_WORLD,
    steps: [memcpy(v('a'), v('b'), 0, 0, 0, INVALID, 9)],
    last: per(err('omp_error_invalid_device'), { 'gcc-12': value(1), 'llvm-offload': ZERO, 'K-B31=zero-first': ZERO }),
  },
  {
    name: 'length 0 from omp_initial_device (-1): the host, refused by GCC 12 (K-B31, K-B20)',
    cite: 'K-B20: -1 is the host (6.0 §1.2); GCC 12 reads it as a negative number (EINVAL, measured: gen-20261203-288-fortran step 10 returned 22); LLVM answers length 0 first',
    world: OMP_WORLD,
    steps: [alloc('x', 16), memcpy(h('x'), v('a'), 0, 4, 0, 0, -1)],
    last: per(ZERO, { 'gcc-12': value(1) }),
  },
  { name: 'overlapping source and destination → unspecified', world: OMP_WORLD, steps: [memcpy(v('a', 4), v('a'), 8, 0, 0, HOST, HOST)], last: UNDEF },
  { name: 'a struct into element memory → unspecified', world: OMP_WORLD, steps: [alloc('x', 16), memcpy(h('x'), v('c'), 16, 0, 0, 0, HOST)], last: UNDEF },
  {
    name: 'copies host → device → host element by element, at the given offsets',
    world: OMP_WORLD,
    steps: [alloc('x', 40), memcpy(h('x'), v('a'), 8, 4, 0, 0, HOST), memcpy(v('b'), h('x'), 12, 0, 0, HOST, 0), hostRead('b')],
    at: { 2: ZERO, 3: ZERO },
    last: read(null, 1, 1, 2, 2, 2, 2, 2, 2, 2),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.7.1',
  title: 'omp_target_memcpy',
  rules: ['OpenMP 6.0 §25.7.1 omp_target_memcpy'],
  world: TABLE_WORLD,
  rows,
});
