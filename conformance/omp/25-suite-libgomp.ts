// Scenarios from GCC's own OpenMP testsuite (gcc-mirror/gcc, libgomp/testsuite/libgomp.c), OpenMP
// 6.0 §25 Device Memory Routines: omp_target_associate_ptr with a device offset, the presence it
// gives, omp_target_memcpy to and inside the associated buffer and target constructs that find
// the association. Each row names the test and the asserts that give the libgomp / gcc-12
// expectation; the other profiles' expectation is the text's (6.0 §25.5, §25.2.1, §25.7.1), with
// the knob readings profiles/builtin.ts gives each runtime. Sizes are scaled to the language's
// 64-element arrays (4-byte elements).

import { ok, read, section, value, type Row } from '../rows.js';
import { HOST, alloc, associate, disassociate, free, h, isPresent, map, memcpy, targetRead, v } from '../steps.js';
import type { World } from '../../lang/program.js';

const TC = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c/';
const ZERO = value(0);
const YES = value(true);

/** target-12.c's `int q[128]` with q[i] = i, scaled to 10 elements; one discrete device. */
const Q_WORLD: World = { arrays: [{ name: 'q', length: 10, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }], structs: [], devices: [{ kind: 'discrete' }] };

const rows: Row[] = [
  {
    name: 'libgomp.c/target-12.c: associate with a device offset, the same association again, presence through the whole range, memcpy into the buffer, a target region that finds the association, a device-to-device memcpy, disassociate',
    cite: `${TC}target-12.c (commit 9967206d): p = omp_target_alloc (130 * sizeof (int), d); omp_target_associate_ptr (q, p, 128 * sizeof (int), sizeof (int), d) == 0, and the same call again must return 0; abort () unless omp_target_is_present of q, &q[32] and &q[127] are 1; omp_target_memcpy (p, q, 128 * sizeof (int), sizeof (int), 0, d, id) == 0; target map(alloc: q[0:32]) checks q[j] == j for all 128 (err == 0); omp_target_memcpy (p, p, 10 ints, dst offset 51 ints, src offset 111 ints, d, d) == 0, then a target map(alloc: q[0:32]) finds q[50 + j] == q[110 + j]; omp_target_disassociate_ptr (q, d) == 0; omp_target_free (6.0 §25.5: the same association twice is no error; §25.2.1, §25.7.1). Scaled: 10 elements, a 12-element buffer at offset 4 bytes, the device-to-device copy of 2 elements from q[7] to q[2]; the memcpy_rect calls are left out (the language has no omp_target_memcpy_rect)`,
    world: Q_WORLD,
    steps: [
      alloc('p', 48),
      associate(v('q'), h('p'), 40, 4),
      associate(v('q'), h('p'), 40, 4),
      isPresent(v('q')),
      isPresent(v('q', 12)),
      isPresent(v('q', 36)),
      memcpy(h('p'), v('q'), 40, 4, 0, 0, HOST),
      targetRead('q', [map('alloc', ['q(1:3)'])]),
      memcpy(h('p'), h('p'), 8, 12, 32, 0, 0),
      targetRead('q', [map('alloc', ['q(1:3)'])]),
      disassociate(v('q')),
      free(h('p')),
    ],
    at: {
      2: ZERO,
      3: ZERO,
      4: YES,
      5: YES,
      6: YES,
      7: ZERO,
      8: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
      9: ZERO,
      10: read(0, 1, 7, 8, 4, 5, 6, 7, 8, 9),
      11: ZERO,
    },
    last: ok,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25',
  title: 'Device Memory Routines (scenarios of the libgomp testsuite)',
  rules: [],
  world: Q_WORLD,
  rows,
});
