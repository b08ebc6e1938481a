// OpenMP 6.0 §7.5.10 use_device_addr clause: in the target data region the list item refers to its
// corresponding storage on the device. An item with no corresponding storage keeps the original's
// address (5.1 and later; K-B30 `host-address`, LLVM offload since PR #174659 "Preserve the
// original address when use_device_ptr/addr lookup fails"); LLVM before gave null (K-B30 `null`);
// libgomp lowers the clause to GOMP_MAP_USE_DEVICE_PTR and aborts, "use_device_ptr pointer wasn't
// mapped" (target.c gomp_map_vars_internal; K-B30 `error`).

import { dev, err, hostPtr, per, readAll, section, value, type Row } from '../rows.js';
import { hostRead, map, memcpy, ompDataBegin, ompEnter, targetRead, useDeviceBegin, useDeviceEnd } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'K-B59: use_device_addr of an unmapped array while a zero-length key exists: K-B30 decides (the text); libgomp\'s last probe [p, p) finds the key and the program runs (zero-size-key, GCC 12 gfortran)',
    cite: 'K-B59 zero-size-key with K-B58 first-byte: gomp_map_lookup probes [p, p + 1), [p - 1, p), then [p, p), which splay_compare matches with any zero-length key; measured with GCC 12.2 gfortran: target data map(tofrom: b(9:8)) then use_device_addr(b) runs (gen-20261214-132-fortran, profiles/measured/gcc-12-nvptx-2026-12-04j.md). The key has no storage; the model keeps the host address',
    steps: [ompDataBegin([map('tofrom', ['b(9:8)'])]), useDeviceBegin('b', 'db', 0)],
    last: per(hostPtr(B), { libgomp: err('fatal_not_present'), 'gcc-12': hostPtr(B), 'K-B30=error,K-B59=zero-size-key': err('fatal_not_present'), 'K-B30=error,K-B58=first-byte,K-B59=zero-size-key': hostPtr(B) }),
  },
  {
    name: 'K-B58: use_device_addr of an array whose first elements alone are mapped: K-B30 decides (the text); libgomp and LLVM translate the address',
    cite: 'K-B58: libgomp lowers use_device_addr to GOMP_MAP_USE_DEVICE_PTR (a zero-length lookup of the address); LLVM emits it with size 0 (RETURN_PARAM); both find the entry holding a(1)',
    steps: [ompEnter([map('to', ['a(1:6)'])], 0), useDeviceBegin('a', 'da', 0)],
    last: per(hostPtr(A), { 'K-B58=first-byte': dev(1, 0), libgomp: dev(1, 0), 'llvm-offload': dev(1, 0) }),
  },
  {
    name: 'mapped data: the address of its corresponding storage; a copy through it fills the device copy, not the original',
    steps: [
      ompEnter([map('to', ['a'])]),
      useDeviceBegin('a', 'da'),
      memcpy({ handle: 'da' }, { var: 'b' }, 40, 0, 0, 0, 'initial'),
      useDeviceEnd,
      hostRead('a'),
      targetRead('a', [map('to', ['a'])]),
    ],
    at: { 2: dev(1, 0), 3: value(0), 5: readAll(10, 1), 6: readAll(10, 2) },
  },
  {
    name: 'K-B30: data with no corresponding storage keeps its original address (5.1+); LLVM before PR #174659: null; libgomp aborts',
    steps: [useDeviceBegin('a', 'da')],
    last: per(hostPtr(A), { libgomp: err('fatal_not_present'), 'K-B30=null': value(null), 'K-B30=error': err('fatal_not_present') }),
  },
  {
    name: 'on the host (device(omp_get_initial_device())) the item is its own storage',
    steps: [ompEnter([map('to', ['a'])]), useDeviceBegin('a', 'da', 'initial')],
    last: hostPtr(A),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.5.10',
  title: 'use_device_addr clause',
  rules: ['OpenMP 6.0 §7.5.10 use_device_addr clause'],
  world: OMP_WORLD,
  rows,
});
