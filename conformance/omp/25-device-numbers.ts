// OpenMP 6.0 §25 device memory routines: the device number must be conforming (0 … n-1, the
// initial device as n or omp_initial_device); anything else is unspecified. K-B11: libgomp
// answers gracefully, LLVM aborts.

import { UNDEF, err, per, value, section, type Row } from '../rows.js';
import { alloc, isPresent, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  { name: 'omp_target_is_present on an out-of-range device (K-B11)', steps: [isPresent(v('a'), 5)], last: per(UNDEF, { libgomp: value(false), 'llvm-offload': err('fatal_invalid_device') }) },
  { name: 'omp_target_alloc on an out-of-range device (K-B11)', steps: [alloc('x', 16, 9)], last: per(UNDEF, { libgomp: value(null), 'llvm-offload': err('fatal_invalid_device') }) },
  { name: 'omp_target_is_present on device -3 (neither host nor invalid) (K-B11)', steps: [isPresent(v('a'), -3)], last: per(UNDEF, { libgomp: value(false), 'llvm-offload': err('fatal_invalid_device') }) },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25',
  title: 'device memory routines (conforming device numbers)',
  rules: ['OpenMP 6.0 §25 device memory routines (conforming device numbers)'],
  world: OMP_WORLD,
  rows,
});
