// OpenACC 3.3 §3.2.26 acc_memcpy_to_device: a plain copy from host memory to device memory (from
// acc_malloc); a null pointer with nonzero bytes: acc_error_invalid_null_pointer; anything but
// device memory large enough: undefined.

import { UNDEF, err, ok, read, readAll, section, type Row } from '../rows.js';
import { accMalloc, accMapData, accMemcpyToDevice, copyin, enterData, h, parallelRead, present, v } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the copy does not touch the present table: a present copy keeps its own values',
    steps: [enterData(copyin('a')), accMalloc('d', 40), accMemcpyToDevice(h('d'), 'b'), parallelRead('a', present('a'))],
    last: readAll(10, 1),
  },
  {
    name: 'a subarray to an offset, seen through acc_map_data',
    steps: [accMalloc('d', 40), accMemcpyToDevice(h('d', 8), 'b(1:2)'), accMapData('a', h('d')), parallelRead('a(2:4)', present('a'))],
    last: read(null, 2, 2),
  },
  {
    name: 'a null device pointer: acc_error_invalid_null_pointer',
    steps: [accMemcpyToDevice(null, 'a')],
    last: err('acc_error_invalid_null_pointer'),
  },
  {
    name: 'zero bytes (a disassociated c%p) copy nothing: no null-pointer error, whichever pointer is null',
    steps: [accMalloc('d', 40), accMemcpyToDevice(h('d'), 'c%p'), accMemcpyToDevice(null, 'c%p')],
    at: { 2: ok },
    last: ok,
  },
  {
    name: 'a copy past the end of the allocation is undefined',
    steps: [accMalloc('d', 20), accMemcpyToDevice(h('d'), 'a')],
    last: UNDEF,
  },
  {
    name: 'a host address given as the device pointer is undefined',
    steps: [accMemcpyToDevice(v('b'), 'a')],
    last: UNDEF,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.26',
  title: 'acc_memcpy_to_device',
  rules: ['OpenACC 3.3 §3.2.26 acc_memcpy_to_device'],
  world: ACC_WORLD,
  rows,
});
