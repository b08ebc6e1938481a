// OpenACC 3.3 §2.7 Data Clauses, for a plain pointer the compute construct names only through a
// section of its target (`copy(p[0:n])` with the kernel going through `p`; lang/README.md "Plain
// pointer variables"). The section is the data the clause maps and the kernel uses its device copy
// (§2.7: a var in a data clause on a compute construct stands for its device copy in the region).
// The text does not say how `p` itself comes to hold that address: GCC 12 lowers the pair to
// map(tofrom:*p) map(firstprivate:p [pointer assign]) (gimplify.cc, omp-low.cc lower_omp_target),
// and libgomp target.c gomp_map_vars_internal sets the private pointer to the section's device
// address less its bias; measured with gcc 12.2 and nvptx on an H100
// (profiles/measured/probes-gcc-12-2026-12-05e.md: the C units). The pointer's own device copy is neither read
// nor written, and the pointer is no list item: nothing maps or attaches it (K-A1p, K-A22 and
// K-A2 have nothing to act on).

import { read, section, type Row } from '../rows.js';
import { accAttach, assign, copy, copyin, copyout, enterData, exitData, hostRead, parallelBlock, parallelWrite, present } from '../steps.js';
import { PLAIN_WORLD } from '../worlds.js';
import { ACC_PRIVATE_PLAIN_POINTER } from '../../model/plain-pointers.js';

const rows: Row[] = [
  {
    name: 'copy(p(:)) alone: the kernel writes through p into the section\'s device copy, copied back at the end',
    steps: [assign('p%p', 'a'), parallelWrite('p%p(1:3)', 7, copy('p%p')), hostRead('a')],
    last: read(7, 7, 7, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'present(p(2:3)) of an array entered whole: p is found through the section, so elements outside it but inside the present copy are reached',
    cite: 'p is no list item, so nothing attaches it (GCC 12: map(force_present:*p) map(firstprivate:p [pointer assign]); measured in C: up-acc-present-around-c, profiles/measured/probes-gcc-12-2026-12-05e.md)',
    steps: [assign('p%p', 'a'), enterData(copyin('a')), parallelWrite('p%p(1:4)', 5, present('p%p(2:3)')), exitData(copyout('a')), hostRead('a')],
    last: read(5, 5, 5, 5, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'p re-pointed after it was attached to a\'s copy: the construct finds b\'s copy through the named section, whatever p\'s own device copy holds',
    steps: [
      assign('p%p', 'a'),
      enterData(copyin('p'), copyin('a')),
      accAttach('p%p'),
      enterData(copyin('b')),
      assign('p%p', 'b'),
      parallelWrite('p%p(1:2)', 9, present('p%p')),
      exitData(copyout('b'), copyout('a')),
      hostRead('b'),
    ],
    last: read(9, 9, 2, 2, 2, 2, 2, 2, 2, 2),
  },
  {
    name: 'a kernel of two statements through p and an array: both reach their device copies',
    steps: [assign('p%p', 'a'), parallelBlock([{ write: 'p%p(2:2)', value: 4 }, { write: 'b(1:1)', value: 6 }], copy('p%p'), copy('b')), hostRead('a')],
    last: read(1, 4, 1, 1, 1, 1, 1, 1, 1, 1),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7',
  title: 'Data Clauses (a plain pointer named only through a section of its target)',
  rules: [ACC_PRIVATE_PLAIN_POINTER],
  world: PLAIN_WORLD,
  rows,
});
