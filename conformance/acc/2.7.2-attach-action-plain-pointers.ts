// OpenACC 3.3 §2.7.2 Attach Action for a plain pointer variable (C `int *p`, Fortran `integer,
// pointer :: p(:)`; lang/README.md "Plain pointer variables"). The language gives the pointer the
// storage of a one-member struct, so the rules of a member apply: the pointer variable in a clause
// (`copyin(p)`) copies its value verbatim (§2.6.4: the device copy holds the host address until an
// attach); a section of its target (`copyin(p[0:n])`, here `p%p`) is a pointer reference (K-A1p,
// as K-A1 for a member), attached only when the pointer itself is present ("if … the pointer is not
// present … no action"), detached at exit.
//
// Evidence for libgomp: GCC 12.2 -fopenacc -fdump-tree-omplower (2026-12-03) lowers a plain
// pointer's section to the pointee alone in enter data (map(to:*p)), exit data (map(from:*p),
// map(release:*p)) and data constructs (map(tofrom:*p), map(force_present:*p)), with no
// GOMP_MAP_ATTACH / DETACH, so libgomp target.c gomp_map_vars_internal and oacc-mem.c
// goacc_enter_data_internal / goacc_exit_data_internal never attach or detach it (K-A1p
// pointer-only); `attach(p)` / acc_attach(&p) reach gomp_attach_pointer as for a member. LLVM
// offload runs no OpenACC (its profile sets no K-A knob), so its column is the spec's.

import { dev, hostPtr, per, read, type Row } from '../rows.js';
import { accAttach, assign, copyin, copyout, enterData, exitData, hostWrite, parallelPointer, parallelRead, present } from '../steps.js';
import { PLAIN_WORLD, A } from '../worlds.js';
import { section } from '../rows.js';
import { ACC_PLAIN_POINTER_REFERENCE } from '../../model/plain-pointers.js';

const rows: Row[] = [
  {
    name: 'copyin of the pointer variable alone copies its value verbatim: the kernel reads the host address (not attached)',
    steps: [assign('p%p', 'a'), enterData(copyin('p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
  {
    name: 'a section through a present plain pointer attaches it (base-pointer); GCC 12 maps the section alone (K-A1p pointer-only)',
    cite: 'K-A1p: GCC 12 lowers enter data copyin(p[0:n]) to map(to:*p) with no attach',
    steps: [assign('p%p', 'a'), enterData(copyin('p')), enterData(copyin('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: per(dev(2, 0), { libgomp: hostPtr(A), 'K-A1p=pointer-only': hostPtr(A) }),
  },
  {
    name: 'the section while the pointer variable is absent: no attach under any reading; the pointer copied in later holds the host address',
    cite: '§2.7.2: "if … the pointer is not present … no action"',
    steps: [assign('p%p', 'a'), enterData(copyin('p%p')), enterData(copyin('p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
  {
    name: 'a kernel reads through the attached pointer the target\'s device copy; without the attach it dereferences a host address',
    steps: [assign('p%p', 'a(2:4)'), enterData(copyin('p')), enterData(copyin('p%p')), hostWrite('a', 7), parallelRead('p%p', present('p'))],
    last: per(read(1, 1, 1), { libgomp: { kind: 'undefined' }, 'K-A1p=pointer-only': { kind: 'undefined' } }),
  },
  {
    name: 'exit data copyout of the section detaches the pointer first (base-pointer): the host value is back; pointer-only leaves it aimed at the freed copy',
    cite: '§2.7.2 Detach Action before the copyout; K-A1p pointer-only: GCC 12 lowers exit data copyout(p[0:n]) to map(from:*p) alone',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), accAttach('p%p'), exitData(copyout('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: per(hostPtr(A), { libgomp: dev(2, 0), 'K-A1p=pointer-only': dev(2, 0) }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Attach Action (plain pointer variables)',
  rules: [ACC_PLAIN_POINTER_REFERENCE],
  world: PLAIN_WORLD,
  rows,
});
