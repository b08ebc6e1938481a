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

import { dev, hostPtr, read, section, type Row } from '../rows.js';
import { assign, map, ompEnter, ompExit, targetPointer, targetRead } from '../steps.js';
import { A, PLAIN_OMP_WORLD } from '../worlds.js';

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
    steps: [assign('p%p', 'a'), ompEnter([map('to', ['p%p'])]), ompEnter([map('to', ['p'])]), targetPointer('p%p', [map('to', ['p'])])],
    last: hostPtr(A),
  },
  {
    name: 'map(to: p, p[1:4]) on the target construct: both new, attached, the kernel reads the section through p',
    steps: [assign('p%p', 'a'), targetRead('p%p(2:3)', [map('to', ['p', 'p%p(2:5)'])])],
    last: read(1, 1),
  },
  {
    name: 'exit data of p and its target: nothing is left mapped, and a later map of p alone copies the host value again',
    steps: [
      assign('p%p', 'a'),
      ompEnter([map('to', ['p', 'p%p'])]),
      ompExit([map('release', ['p']), map('from', ['p%p'])]),
      targetPointer('p%p', [map('to', ['p'])]),
    ],
    last: hostPtr(A),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (plain pointer variables)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (pointer attachment)'],
  world: PLAIN_OMP_WORLD,
  rows,
});
