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
  {
    name: 'device 0 to device 1: copied (the text, LLVM); libgomp refuses two distinct devices with EINVAL (K-B57)',
    cite: "K-B57: 6.0 §25.7.1 copies between the devices the program names (llvm offload/test/offloading/d2d_memcpy.c: the copy arrives, rc 0); libgomp target.c omp_target_memcpy_copy returns EINVAL when both sides are distinct devices",
    steps: [alloc('s', 32, 0), alloc('d', 32, 1), memcpy(h('s'), v('a'), 32, 0, 0, 0, HOST), memcpy(h('d'), h('s'), 32, 0, 0, 1, 0), memcpy(v('a'), h('d'), 32, 0, 0, HOST, 1), hostRead('a')],
    at: { 3: ZERO, 4: per(ZERO, { libgomp: value(1), 'K-B57=einval': value(1) }) },
    // libgomp: the refused copy leaves d indeterminate, so reading it back is too
    last: per(read(1, 1, 1, 1, 1, 1, 1, 1), { libgomp: read(null, null, null, null, null, null, null, null), 'K-B57=einval': read(null, null, null, null, null, null, null, null) }),
  },
  {
    name: 'zero bytes from device 0 to device 1: 0, except libgomp, which refuses the pair first (K-B57 after K-B31)',
    cite: 'K-B57: libgomp omp_target_memcpy_copy has no zero-length case; K-B31 zero-first (LLVM) answers zero bytes before anything else',
    steps: [alloc('s', 32, 0), alloc('d', 32, 1), memcpy(h('d'), h('s'), 0, 0, 0, 1, 0)],
    last: per(ZERO, { libgomp: value(1), 'K-B57=einval': value(1) }),
  },
  {
    name: 'device 0 to the shared-memory device 2: a copy under every reading (K-B57: libgomp handles a device sharing host memory as the host)',
    cite: 'K-B57: libgomp omp_target_memcpy_check sets a device with GOMP_OFFLOAD_CAP_SHARED_MEM to NULL, so the copy is device to host',
    steps: [alloc('s', 32, 0), alloc('d', 32, 2), memcpy(h('s'), v('a'), 32, 0, 0, 0, HOST), memcpy(h('d'), h('s'), 32, 0, 0, 2, 0), memcpy(v('a'), h('d'), 32, 0, 0, HOST, 2), hostRead('a')],
    at: { 4: ZERO },
    last: read(1, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'within device 0, and from the shared-memory device 2 to device 0: copies under every reading (K-B57 refuses only two distinct devices)',
    cite: 'K-B57: libgomp omp_target_memcpy_copy copies within one device (dev2dev_func) and from a device sharing host memory as from the host (host2dev_func)',
    steps: [
      alloc('s', 32, 0),
      alloc('d', 32, 0),
      alloc('m', 32, 2),
      memcpy(h('s'), v('a'), 32, 0, 0, 0, HOST),
      memcpy(h('d'), h('s'), 32, 0, 0, 0, 0),
      memcpy(h('m'), h('d'), 32, 0, 0, 2, 0),
      memcpy(h('s'), h('m'), 32, 0, 0, 0, 2),
      memcpy(v('a'), h('s'), 32, 0, 0, HOST, 0),
      hostRead('a'),
    ],
    at: { 5: ZERO, 6: ZERO, 7: ZERO },
    last: read(1, 1, 1, 1, 1, 1, 1, 1),
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
  rules: ['OpenMP 6.0 §25.7.1 omp_target_memcpy', 'OpenMP 6.0 §25.7.1 omp_target_memcpy (from one device to another, K-B57)'],
  world: TABLE_WORLD,
  rows,
});
