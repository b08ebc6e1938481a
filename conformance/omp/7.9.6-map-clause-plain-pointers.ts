// OpenMP 6.0 §7.9.6 map clause for a plain pointer variable (C `int *p`, Fortran `integer, pointer
// :: p(:)`; lang/README.md "Plain pointer variables"): `map(to: p)` maps the pointer's own storage
// (its value copied as it is), `map(to: p[0:n])` (here `p%p`) its target, and pointer attachment
// makes the corresponding pointer aim at the target's storage when the corresponding pointer exists
// and it or the target is new on the construct (spec-digest B.6.2), as for a pointer member.
//
// Evidence: GCC 12.2 -fopenmp -fdump-tree-omplower (2026-12-03) lowers `target enter data map(to:
// q[0:8])` of a plain pointer to map(to:*q) map(attach:q) and `target exit data map(from: q[0:8])`
// to map(from:*q) map(detach:q): the GOMP_MAP_ATTACH / DETACH of a member (libgomp target.c
// gomp_map_vars_internal case GOMP_MAP_ATTACH → gomp_attach_pointer; a pointer with no key is
// fatal "outer struct not mapped for attach" only under GOMP_MAP_VARS_OPENACC and skipped on the
// OpenMP path), so no knob beyond the member's (K-B7). LLVM offload: an offload lit test maps `p`
// with `target enter data map(to: p)` and then `map(to: p[0 : 5])`, and omp_get_mapped_ptr (api.cpp)
// finds both `&p` and `&x[0]`; its kernels with `map(to: p[0], p)` read p[0] as 111 (the target's
// copy), and `map(present, alloc: p)` alone reads it through the mapped, attached pointer (CHECK
// lines "111 0 1 0", "111 1 0 0"; the same test notes that LLVM still makes p firstprivate when the
// construct names p and p[0], which a kernel that only reads cannot see). A target construct that
// names only the section gets the pointer as map(firstprivate:q [pointer assign]) (GCC) — the
// pointer-initialisation reading of
// §7.9.6 that the language does not model (validation asks for p in a map of the construct).
//
// K-B45: clang before the ATTACH map type lowers the section of a pointer with static storage to
// one PTR_AND_OBJ entry based at &p (CGOpenMPRuntime.cpp generateInfoForComponentList), and
// omptarget.cpp targetDataBegin maps [&p, &p + 8) through it without copying the host value, one
// more reference per entry, which targetDataEnd never gives back (it looks up only the pointee):
// `pointer-and-object`. clang 16 to 18 also give a target construct naming p beside its section
// the device address of p's own storage as p (`pointer-word`; fixed by clang PR #92210). Measured
// with clang 16 on an H200: profiles/measured/llvm-16-nvptx-2026-12-03 omp-plain-pointer-c steps 3
// and 7.

import { HALTED, RUNS, UNDEF, dev, err, hostPtr, per, read, section, value, type Row } from '../rows.js';
import { assign, isPresent, map, ompEnter, ompExit, targetPointer, targetRead } from '../steps.js';
import { A, PLAIN_OMP_WORLD } from '../worlds.js';
import { PLAIN_POINTER_SECTION, PLAIN_POINTER_WORD } from '../../model/omp/plain-pointer-sections.js';

const rows: Row[] = [
  {
    name: 'map(to: p) alone copies the pointer\'s value: the corresponding pointer holds the host address',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p'])]), targetPointer('p%p', [map('to', ['p'])])],
    last: hostPtr(A),
  },
  {
    name: 'p mapped, then its target: the target is new, so the corresponding pointer is attached',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p'])]), ompEnter([map('to', ['p%p'])]), targetPointer('p%p', [map('to', ['p'])])],
    last: dev(2, 0),
  },
  {
    name: 'the target mapped while p is not: no corresponding pointer, no attachment; p mapped alone later holds the host address',
    cite: 'K-B45: under clang\'s PTR_AND_OBJ lowering the section maps p too (not copied) and attaches it, so the later map(to: p) finds it present (omp-plain-pointer-c step 3 reads a device address)',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p%p'])]), ompEnter([map('to', ['p'])]), targetPointer('p%p', [map('to', ['p'])])],
    last: per(hostPtr(A), { 'K-B45=pointer-and-object': dev(1, 0), 'K-B45=pointer-word': dev(1, 0) }),
  },
  {
    name: 'map(to: p, p[1:4]) on the target construct: both new, attached, the kernel reads the section through p',
    cite: 'K-B45 pointer-word: the kernel\'s p is the address of p\'s own storage, and p[1], p[2] lie past its 8-byte word (omp-plain-pointer-c step 7 reads 32544 0)',
    steps: [assign('p%p', 'a'), targetRead('p%p(2:3)', [map('to', ['p', 'p%p(2:5)'])])],
    last: per(read(1, 1), { 'K-B45=pointer-word': UNDEF }),
  },
  {
    name: 'map(to: p, p[0:n]) on the target construct, the kernel reading p: the attached corresponding pointer (clang 16: the address of p\'s own storage)',
    cite: 'K-B45 pointer-word (clang 16 passes the map entry of p itself as the kernel argument of a p captured by copy)',
    steps: [assign('p%p', 'a'), targetPointer('p%p', [map('to', ['p', 'p%p'])])],
    last: per(dev(2, 0), { 'K-B45=pointer-word': dev(1, 0) }),
  },
  {
    name: 'map(to: p[0:n]) alone gives p no corresponding storage (clang\'s PTR_AND_OBJ: p is mapped with it)',
    cite: 'K-B45 (omptarget.cpp targetDataBegin maps the pointer of a PTR_AND_OBJ entry)',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p%p'])]), isPresent({ var: 'p' })],
    last: per(value(false), { 'K-B45=pointer-and-object': value(true), 'K-B45=pointer-word': value(true) }),
  },
  {
    name: 'exit data of the section alone: the target leaves; under PTR_AND_OBJ the reference the section gave p is never given back',
    cite: 'K-B45 (omptarget.cpp targetDataEnd: "If PTR_AND_OBJ, HstPtrBegin is address of pointee", only the pointee is looked up)',
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p%p'])]), ompExit([map('from', ['p%p'])]), isPresent({ var: 'p' }), isPresent({ var: 'a' })],
    // gcc-12 (gfortran: p is a pointer component of a one-component type) aborts at the exit (K-B53;
    // measured: omp-plain-pointer-fortran steps 8 and 9, gcc-12-nvptx-2026-12-03f.md)
    at: {
      3: per(RUNS, { 'gcc-12': err('fatal_lowering'), 'K-B53=abort': err('fatal_lowering') }),
      4: per(value(false), { 'K-B45=pointer-and-object': value(true), 'K-B45=pointer-word': value(true), 'gcc-12': HALTED, 'K-B53=abort': HALTED }),
    },
    last: per(value(false), { 'gcc-12': HALTED, 'K-B53=abort': HALTED }),
  },
  {
    name: 'exit data of p and its target: nothing is left mapped, and a later map of p alone copies the host value again',
    steps: [
      assign('p%p', 'a'),
      ompEnter([map('to', ['p', 'p%p'])]),
      ompExit([map('release', ['p']), map('from', ['p%p'])]),
      targetPointer('p%p', [map('to', ['p'])]),
    ],
    at: { 3: per(RUNS, { 'gcc-12': err('fatal_lowering'), 'K-B53=abort': err('fatal_lowering') }) },
    last: per(hostPtr(A), { 'gcc-12': HALTED, 'K-B53=abort': HALTED }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (plain pointer variables)',
  rules: [
    'OpenMP 6.0 §7.9.6 map clause (pointer attachment)',
    PLAIN_POINTER_SECTION,
    PLAIN_POINTER_WORD,
  ],
  world: PLAIN_OMP_WORLD,
  rows,
});
