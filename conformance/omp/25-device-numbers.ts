// OpenMP 6.0 §25 device memory routines: the device number must be conforming (0 … n-1, the
// initial device as n or omp_initial_device, or omp_invalid_device, whose meaning is runtime
// error termination); anything else is unspecified. K-B11: libgomp answers gracefully, LLVM
// aborts. K-B19: GCC 12 answers omp_invalid_device gracefully. K-B20: GCC 12 takes -1 for a bad
// number (graceful), LLVM 22 aborts.

import { UNDEF, dev, err, per, value, section, type Row } from '../rows.js';
import { alloc, disassociate, isPresent, memcpy, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  { name: 'omp_target_is_present on an out-of-range device (K-B11)', steps: [isPresent(v('a'), 5)], last: per(UNDEF, { libgomp: value(false), 'llvm-offload': err('fatal_invalid_device') }) },
  { name: 'omp_target_alloc on an out-of-range device (K-B11)', steps: [alloc('x', 16, 9)], last: per(UNDEF, { libgomp: value(null), 'llvm-offload': err('fatal_invalid_device') }) },
  { name: 'omp_target_is_present on device -3 (neither host nor invalid) (K-B11)', steps: [isPresent(v('a'), -3)], last: per(UNDEF, { libgomp: value(false), 'llvm-offload': err('fatal_invalid_device') }) },
  {
    name: 'omp_target_alloc on omp_initial_device (-1) allocates host memory (K-B20)',
    cite: 'GCC 12 target.c omp_target_alloc: device_num < 0 → NULL; LLVM 22 API.cpp: no device -1 → FATAL',
    steps: [alloc('x', 16, -1)],
    last: per(dev(1, 0), { 'gcc-12': value(null), 'llvm-22': err('fatal_invalid_device') }),
  },
  {
    name: 'omp_target_memcpy between host buffers given as omp_initial_device (K-B20)',
    steps: [memcpy(v('a'), v('b'), 8, 0, 0, -1, -1)],
    last: per(value(0), { 'gcc-12': value(1), 'llvm-22': err('fatal_invalid_device') }),
  },
  {
    name: 'omp_target_disassociate_ptr(NULL) on omp_invalid_device (K-B19, K-B21)',
    cite: 'current libgomp resolves the device first (fatal); GCC 12 and LLVM answer NULL first',
    steps: [disassociate(null, -2)],
    last: per(err('omp_error_invalid_device'), { 'gcc-12': value(1), 'llvm-offload': value(1) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25',
  title: 'device memory routines (conforming device numbers)',
  rules: ['OpenMP 6.0 §25 device memory routines (conforming device numbers)'],
  world: OMP_WORLD,
  rows,
});
