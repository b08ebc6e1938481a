// OpenMP 6.0 §7.9.6 map clause: the corresponding pointer a kernel reads. Pointer attachment
// assigns the corresponding pointer the address of the target's corresponding storage; without it
// the struct's storage holds what the map copied from the original (the host address) or, when no
// `to` map filled it, an indeterminate value. There is no detach: once the target's storage is
// removed the corresponding pointer still holds its old address (stale). On the host device the
// kernel reads the original pointer. A value the kernel keeps (`result`) is a handle; given to
// omp_target_memcpy after its storage is gone it names no device memory (§25.7.1: unspecified).
//
// Evidence: LLVM offload omptarget.cpp targetDataBegin, PTR_AND_OBJ entries: the device pointer is
// written with `ExpectedTgtPtrBase = TgtPtrBegin - Delta` (submitData) when its shadow pointer is
// new, and nothing rewrites it when the pointee's entry goes; libgomp target.c gomp_map_vars_internal
// attaches with gomp_attach_pointer (the device address of the target's copy) and copies a struct's
// host bytes verbatim; neither profile sets a knob these rows depend on, so every column is the spec's.

import { UNDEF, dev, hostPtr, ok, read, section, value, type Row } from '../rows.js';
import { HOST, assign, h, hostRead, map, memcpy, ompEnter, ompExit, targetPointer, v } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a struct mapped without its target holds the host address (no attachment)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetPointer('c%p')],
    at: { 3: hostPtr(A) },
  },
  {
    name: 'the target mapped after its struct: attached, the device address of the target\'s storage',
    steps: [assign('c%p', 'a(2:4)'), ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    at: { 4: dev(2, 0) },
  },
  {
    name: 'after the target\'s storage is removed the corresponding pointer is stale: the old address, and a copy from it is unspecified',
    steps: [
      assign('c%p', 'a(1:4)'),
      ompEnter([map('to', ['c'])]),
      ompEnter([map('to', ['c%p'])]),
      targetPointer('c%p', [], undefined, 'dp'),
      memcpy(v('b'), h('dp'), 16, 0, 0, HOST, 0),
      hostRead('b(1:4)'),
      ompExit([map('release', ['c%p'])]),
      targetPointer('c%p'),
      memcpy(v('b'), h('dp'), 16, 0, 0, HOST, 0),
    ],
    at: { 4: dev(2, 0), 5: value(0), 6: read(1, 1, 1, 1), 7: ok, 8: dev(2, 0), 9: UNDEF },
  },
  {
    name: 'on the host device the kernel reads the original pointer',
    steps: [assign('c%p', 'a'), targetPointer('c%p', [], HOST)],
    at: { 2: hostPtr(A) },
  },
  {
    name: 'a struct whose storage an alloc map made holds an indeterminate pointer: reading it is undefined',
    steps: [assign('c%p', 'a'), ompEnter([map('alloc', ['c'])]), targetPointer('c%p')],
    at: { 3: UNDEF },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (the corresponding pointer a kernel reads)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (the corresponding pointer a kernel reads)'],
  world: OMP_WORLD,
  rows,
});
