// OpenMP 6.0 §7.9.6 map clause, pointer initialization, for a plain pointer the target construct
// names only through a section of its target (`map(tofrom: p[0:n])`, the kernel going through `p`;
// lang/README.md "Plain pointer variables"). `p` is the section's base pointer and no list item: in
// the region it is private, initialised to the address of the corresponding storage counted back to
// where `p` points (5.2 §5.8.6 likewise; it keeps its original value when nothing matches). GCC 12:
// map(tofrom:*p) map(firstprivate:p [pointer assign]) (gimplify.cc, libgomp target.c
// gomp_map_vars_internal); LLVM omptarget.cpp processDataBefore passes TgtPtrBegin less the
// section's offset as the kernel's argument. Measured with gcc 12.2 and nvptx on an H100
// (profiles/measured/probes-gcc-12-2026-12-05e.md: the C units). The pointer is no list item, so
// K-B63 (a struct named only through its pointer members), K-B42 and K-B45 have nothing to act on.

import { read, section, type Row } from '../rows.js';
import { assign, hostRead, hostWrite, map, ompEnter, ompExit, targetBlock, targetRead, targetWrite } from '../steps.js';
import { PLAIN_OMP_WORLD } from '../worlds.js';
import { OMP_PRIVATE_PLAIN_POINTER } from '../../model/plain-pointers.js';

const rows: Row[] = [
  {
    name: 'map(tofrom: p(:)) alone: the kernel writes through p into the corresponding storage, copied back at the end',
    steps: [assign('p%p', 'a'), targetWrite('p%p(1:3)', 7, [map('tofrom', ['p%p'])]), hostRead('a')],
    last: read(7, 7, 7, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'map(alloc: p(2:3)) of an array entered whole: p is found through the section and reads the device values around it',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['a'])]), hostWrite('a', 3), targetRead('p%p(1:4)', [map('alloc', ['p%p(2:3)'])])],
    last: read(1, 1, 1, 1),
  },
  {
    name: 'map(to: p(2:3)) alone: elements outside the section have no storage on the device',
    steps: [assign('p%p', 'a'), targetRead('p%p(1:3)', [map('to', ['p%p(2:3)'])])],
    last: { kind: 'undefined' },
  },
  {
    name: 'p re-pointed to b after a and b were entered: the region reaches b\'s corresponding storage',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['a', 'b'])]), assign('p%p', 'b'), targetWrite('p%p(1:2)', 9, [map('alloc', ['p%p'])]), ompExit([map('from', ['a', 'b'])]), hostRead('b')],
    last: read(9, 9, 2, 2, 2, 2, 2, 2, 2, 2),
  },
  {
    name: 'on the device that shares memory with the host: the kernel\'s writes through p reach the host',
    steps: [assign('p%p', 'a'), targetWrite('p%p(1:2)', 4, [map('tofrom', ['p%p'])], 1), hostRead('a')],
    last: read(4, 4, 1, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'a kernel of two statements through p and an array',
    steps: [assign('p%p', 'a'), targetBlock([{ write: 'p%p(2:2)', value: 5 }, { write: 'b(1:1)', value: 6 }], [map('tofrom', ['p%p', 'b'])]), hostRead('a')],
    last: read(1, 5, 1, 1, 1, 1, 1, 1, 1, 1),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (pointer initialization of a plain pointer named only through a section of its target)',
  rules: [OMP_PRIVATE_PLAIN_POINTER],
  world: PLAIN_OMP_WORLD,
  rows,
});
