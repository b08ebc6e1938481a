// OpenMP 6.0 §7.5.8 use_device_ptr clause: the pointer in the region holds the corresponding
// address of the storage it points to (here: of a whole array). A pointer whose target has no
// corresponding storage keeps its value (5.1+, K-B30 `host-address`; LLVM offload
// omptarget.cpp targetDataBegin, OMP_TGT_MAPTYPE_RETURN_PARAM, since PR #174659); null in LLVM
// before it; libgomp: gomp_fatal "use_device_ptr pointer wasn't mapped" (target.c).

import { HALTED, dev, err, hostPtr, ok, per, section, value, type Row } from '../rows.js';
import { isPresent, map, ompEnter, ompExit, useDeviceBegin, useDeviceEnd, v } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

/** OMP_WORLD with b laid out right after a (world.adjacent): a's 10 integers end at 0x1028, where b starts. */
const ADJACENT_WORLD: World = { ...OMP_WORLD, adjacent: [['a', 'b']] };
const B_NEXT = 0x1028;

const rows: Row[] = [
  {
    name: 'a pointer to mapped data: the device address; omp_target_is_present of a device address is false',
    steps: [ompEnter([map('to', ['a', 'b'])], 0), useDeviceBegin('b', 'db', 0, true), isPresent({ handle: 'db' }, 0), useDeviceEnd],
    at: { 2: dev(2, 0), 3: value(false) },
    last: ok,
  },
  {
    name: 'K-B30: data whose mapping ended keeps its host address (5.1+); LLVM before PR #174659: null; libgomp aborts',
    steps: [ompEnter([map('to', ['b'])]), ompExit([map('release', ['b'])]), useDeviceBegin('b', 'db', 0, true)],
    last: per(hostPtr(B), { libgomp: err('fatal_not_present'), 'K-B30=null': value(null), 'K-B30=error': err('fatal_not_present') }),
  },
  {
    name: 'K-B58: an array whose first elements alone are mapped: partly present, so K-B30 decides (the text); libgomp and LLVM look the address alone up and translate it',
    cite: 'K-B58: 6.0 §7.5.8 refers to the corresponding storage of the list item; libgomp gomp_map_vars_internal (GOMP_MAP_USE_DEVICE_PTR: gomp_map_lookup of a zero-length key, [p, p + 1) first) and LLVM Mapping.cpp lookupMapping (Size == 0, "IsContained = HP < HstPtrEnd") find the entry holding b(1)',
    steps: [ompEnter([map('to', ['b(1:6)'])], 0), useDeviceBegin('b', 'db', 0, true)],
    last: per(hostPtr(B), { 'K-B58=first-byte': dev(1, 0), libgomp: dev(1, 0), 'llvm-offload': dev(1, 0) }),
  },
  {
    name: 'K-B58: b laid out right after a, only a mapped: b has no corresponding storage (K-B30); libgomp\'s lookup finds a\'s entry through the byte before b and gives the address one past a\'s copy; omp_target_is_present(b) is false everywhere',
    cite: 'K-B58 first-byte-or-end: libgomp gomp_map_lookup probes a zero-length key [p, p + 1), then [p - 1, p); omp_target_is_present uses gomp_map_0len_lookup, [p, p + 1) only. Measured with GCC 12.2 C on an NVIDIA H200 (profiles/measured/probes-gcc-12-2026-12-04c.md): int a[8], b[8] 32 bytes apart, enter data map(to: a), use_device_ptr of b gives a\'s device address + 0x20 and omp_target_is_present(b) 0; after exit data delete of a the same use_device_ptr aborts. LLVM Mapping.cpp lookupMapping (Size == 0): "IsContained = HP < HstPtrEnd", so a does not hold b\'s address',
    world: ADJACENT_WORLD,
    steps: [ompEnter([map('to', ['a'])], 0), useDeviceBegin('b', 'db', 0, true), useDeviceEnd, isPresent(v('b'), 0), ompExit([map('delete', ['a'])], 0), useDeviceBegin('b', 'db2', 0, true)],
    at: {
      2: per(hostPtr(B_NEXT), { 'K-B58=first-byte-or-end': dev(1, 40), libgomp: dev(1, 40), 'K-B30=null': value(null), 'K-B30=error': err('fatal_not_present') }),
      3: per(ok, { 'K-B30=error': HALTED }),
      4: per(value(false), { 'K-B30=error': HALTED }),
      5: per(ok, { 'K-B30=error': HALTED }),
    },
    last: per(hostPtr(B_NEXT), { libgomp: err('fatal_not_present'), 'K-B30=null': value(null), 'K-B30=error': HALTED }),
  },
  {
    name: 'K-B58: b laid out right after a, only b mapped: the lookup of a looks before a, not after it, so a has no corresponding storage under every reading (K-B30)',
    cite: 'K-B58 first-byte-or-end: the [p - 1, p) probe of a\'s first byte lies before a; b, which starts where a ends, does not hold a\'s address',
    world: ADJACENT_WORLD,
    steps: [ompEnter([map('to', ['b'])], 0), useDeviceBegin('a', 'da', 0, true)],
    last: per(hostPtr(A), { libgomp: err('fatal_not_present'), 'K-B30=null': value(null), 'K-B30=error': err('fatal_not_present') }),
  },
  {
    name: 'mapped on another device only: no corresponding storage on this one (K-B30)',
    steps: [ompEnter([map('to', ['b'])], 0), useDeviceBegin('b', 'db', 1, true)],
    last: per(hostPtr(B), { libgomp: err('fatal_not_present'), 'K-B30=null': value(null) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.5.8',
  title: 'use_device_ptr clause',
  rules: ['OpenMP 6.0 §7.5.8 use_device_ptr clause'],
  world: OMP_WORLD,
  rows,
});
