// OpenMP 6.0 §7.5.8 use_device_ptr clause: the pointer in the region holds the corresponding
// address of the storage it points to (here: of a whole array). A pointer whose target has no
// corresponding storage keeps its value (5.1+, K-B30 `host-address`; LLVM offload
// omptarget.cpp targetDataBegin, OMP_TGT_MAPTYPE_RETURN_PARAM, since PR #174659); null in LLVM
// before it; libgomp: gomp_fatal "use_device_ptr pointer wasn't mapped" (target.c).

import { dev, err, hostPtr, ok, per, section, value, type Row } from '../rows.js';
import { isPresent, map, ompEnter, ompExit, useDeviceBegin, useDeviceEnd } from '../steps.js';
import { B, OMP_WORLD } from '../worlds.js';

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
