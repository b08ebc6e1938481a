// OpenACC 3.3 §2.7.2 Attach Action for a plain pointer variable (C `int *p`, Fortran `integer,
// pointer :: p(:)`; lang/README.md "Plain pointer variables"). The language gives the pointer the
// storage of a one-member struct, so the rules of a member apply: the pointer variable in a clause
// (`copyin(p)`) copies its value verbatim (§2.6.4: the device copy holds the host address until an
// attach); `attach(p)` / acc_attach attach it when it and its target are present (§2.7.2, §3.2.29);
// a section of its target (`copyin(p[0:n])`, here `p%p`) is attached only when the pointer itself
// is present ("if … the pointer is not present … no action").
//
// Evidence for libgomp: GCC 12.2 -fopenacc -fdump-tree-omplower (2026-12-03) lowers `enter data
// attach(p)` of a plain pointer to GOMP_MAP_ATTACH and `exit data detach(p)` to GOMP_MAP_DETACH, as
// for a member, which libgomp target.c gomp_map_vars_internal passes to gomp_attach_pointer /
// gomp_detach_pointer. It lowers a section of a plain pointer in enter data, exit data and data
// constructs to the pointee alone (map(to:*p), map(from:*p), …: no attach), where a member section
// gets map(attach:c.p) (and an absent struct is mapped with it, K-A22); the libgomp profile does
// not separate the two yet (lang/README.md "Plain pointer variables", not modelled), so no row
// here maps a plain pointer's section: what the text says of one is
// conformance/omp/7.9.6-map-clause-plain-pointers.ts's OpenMP rows and examples/plain-pointer.json. LLVM offload runs no OpenACC (its profile sets no K-A knob), so its column is the spec's.

import { dev, hostPtr, section, type Row } from '../rows.js';
import { accAttach, assign, attach, copyin, detach, enterData, exitData, parallelPointer, present } from '../steps.js';
import { PLAIN_WORLD, A } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copyin of the pointer variable alone copies its value verbatim: the kernel reads the host address (not attached)',
    steps: [assign('p%p', 'a'), enterData(copyin('p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
  {
    name: 'enter data attach(p) with p and its target present: the device pointer holds the target\'s device address',
    cite: '§2.7.12 attach clause, §2.7.2 Attach Action; GCC 12: GOMP_MAP_ATTACH (gomp_attach_pointer)',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), enterData(attach('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: dev(2, 0),
  },
  {
    name: 'acc_attach, then exit data detach(p): the counter back at 0 puts the host value back',
    cite: '§3.2.29 acc_attach, §2.7.13 detach clause, §2.7.2 Detach Action',
    steps: [assign('p%p', 'a'), enterData(copyin('p'), copyin('a')), accAttach('p%p'), exitData(detach('p%p')), parallelPointer('p%p', undefined, present('p'))],
    last: hostPtr(A),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Attach Action (plain pointer variables)',
  rules: ['OpenACC 3.3 §2.7.2 Attach Action'],
  world: PLAIN_WORLD,
  rows,
});
