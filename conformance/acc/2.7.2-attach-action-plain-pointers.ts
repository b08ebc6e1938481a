// OpenACC 3.3 §2.7.2 Attach Action for a plain pointer variable (C `int *p`, Fortran `integer,
// pointer :: p(:)`; lang/README.md "Plain pointer variables"). The language gives the pointer the
// storage of a one-member struct, so the rules of a member apply: the pointer variable in a clause
// (`copyin(p)`) copies its value verbatim (§2.6.4: the device copy holds the host address until an
// attach); a section of its target (`copyin(p[0:n])`, here `p%p`) is a pointer reference (K-A1p,
// as K-A1 for a member), attached only when the pointer itself is present ("if … the pointer is not
// present … no action"), detached at exit.
//
// Evidence for GCC's C front end (K-A1p pointer-only, profiles/libgomp-c.json and gcc-12-c.json):
// GCC 12.2 -fopenacc -fdump-tree-omplower (2026-12-03) lowers a plain C pointer's section to the
// pointee alone in enter data (map(to:*p)), exit data (map(from:*p), map(release:*p)) and data
// constructs (map(tofrom:*p), map(force_present:*p)), with no GOMP_MAP_ATTACH / DETACH, so libgomp
// target.c gomp_map_vars_internal and oacc-mem.c goacc_enter_data_internal /
// goacc_exit_data_internal never attach or detach it; measured on an NVIDIA H200
// (profiles/measured/gcc-12-nvptx-2026-12-03f.md, plain-pointer-c step 3: the host address).
// `attach(p)` / acc_attach(&p) lower to GOMP_MAP_ATTACH / GOMP_MAP_DETACH and reach
// gomp_attach_pointer / gomp_detach_pointer as for a member. The built-in libgomp column keeps
// base-pointer: mapcheck's Fortran form of a plain pointer is a one-component type's member, which
// gfortran attaches (plain-pointer-fortran step 3: a device address). LLVM offload runs no OpenACC
// (its profile sets no K-A knob), so its column is the spec's.

import { dev, err, hostPtr, ok, per, read, section, type Row } from '../rows.js';
import { accAttach, assign, attach, copyin, copyout, detach, enterData, exitData, hostWrite, parallelPointer, parallelRead, present } from '../steps.js';
import { PLAIN_WORLD, A } from '../worlds.js';
import { ACC_PLAIN_POINTER_REFERENCE } from '../../model/plain-pointers.js';

const rows: Row[] = [
  {
    name: 'exit data of a disassociated plain pointer: nothing to give back; GCC 12 C writes its section p[0:n] with n = 0 and stops (K-A55)',
    cite: 'K-A55 enter-exit-fatal with K-A1p pointer-only (profiles/gcc-12-c.json): goacc_exit_data_internal has no case for the zero-length kind; found by mapcheck fuzz --profile profiles/gcc-12-c.json (session 13), where the model crashed naming the pointer. libgomp (member-mapped) first detaches p, whose struct is not present (K-A9)',
    steps: [exitData(copyout('p%p'))],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A1p=pointer-only,K-A55=enter-exit-fatal': err('fatal_lowering'), 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'copyin of the pointer variable alone copies its value verbatim: the kernel reads the host address (not attached)',
    steps: [assign('p%p', 'a'), enterData(copyin('p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
  {
    name: 'enter data attach(p) with p and its target present: the device pointer holds the target\'s device address (every reading)',
    cite: '§2.7.12 attach clause, §2.7.2 Attach Action; GCC 12: GOMP_MAP_ATTACH (gomp_attach_pointer)',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), enterData(attach('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: dev(2, 0),
  },
  {
    name: 'acc_attach, then exit data detach(p): the counter back at 0 puts the host value back (every reading)',
    cite: '§3.2.29 acc_attach, §2.7.13 detach clause, §2.7.2 Detach Action',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), accAttach('p%p'), exitData(detach('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
  {
    name: 'a section through a present plain pointer attaches it (base-pointer); GCC 12 maps the section alone (K-A1p pointer-only)',
    cite: 'K-A1p: GCC 12 lowers enter data copyin(p[0:n]) to map(to:*p) with no attach',
    steps: [assign('p%p', 'a'), enterData(copyin('p')), enterData(copyin('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: per(dev(2, 0), { 'K-A1p=pointer-only': hostPtr(A) }),
  },
  {
    name: 'the section while the pointer variable is absent: no attach (the pointer copied in later holds the host address); libgomp maps the pointer with the section as a member and attaches it (K-A22)',
    cite: '§2.7.2: "if … the pointer is not present … no action"; libgomp: a member section lowers to map(struct:p) map(alloc:p.p) map(to:*p.p) map(attach:p.p) (K-A22 member-mapped), measured in gfortran\'s form (gcc-12-nvptx-2026-12-03f plain-pointer-fortran step 3: a device address); GCC\'s C form maps *p alone (K-A1p pointer-only, plain-pointer-c step 3: the host address)',
    steps: [assign('p%p', 'a'), enterData(copyin('p%p')), enterData(copyin('p')), parallelPointer('p%p', undefined, present('p'))],
    last: per(hostPtr(A), { libgomp: dev(2, 0), 'K-A1p=pointer-only': hostPtr(A) }),
  },
  {
    name: 'a kernel reads through the attached pointer the target\'s device copy; without the attach it dereferences a host address',
    steps: [assign('p%p', 'a(2:4)'), enterData(copyin('p')), enterData(copyin('p%p')), hostWrite('a', 7), parallelRead('p%p', present('p'))],
    last: per(read(1, 1, 1), { 'K-A1p=pointer-only': { kind: 'undefined' } }),
  },
  {
    name: 'exit data copyout of the section detaches the pointer first (base-pointer): the host value is back; pointer-only leaves it aimed at the freed copy; libgomp releases the pointer with it (K-A22)',
    cite: '§2.7.2 Detach Action before the copyout; K-A1p pointer-only: GCC 12 lowers exit data copyout(p[0:n]) to map(from:*p) alone; libgomp: a member section\'s exit lowers to map(release:p.p) map(from:*p.p) map(detach:p.p), and goacc_exit_datum_1 gives the release to the present struct\'s only reference',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), accAttach('p%p'), exitData(copyout('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: per(hostPtr(A), { libgomp: err('acc_error_not_present'), 'K-A1p=pointer-only': dev(2, 0) }),
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
