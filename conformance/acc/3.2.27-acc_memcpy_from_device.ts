// OpenACC 3.3 §3.2.27 acc_memcpy_from_device: a plain copy from device memory (from acc_malloc)
// to host memory; a null pointer with nonzero bytes: acc_error_invalid_null_pointer.

import { err, ok, read, readAll, section, type Row } from '../rows.js';
import { accMalloc, accMemcpyFromDevice, accMemcpyToDevice, h, hostRead } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a round trip through device memory',
    steps: [accMalloc('d', 40), accMemcpyToDevice(h('d'), 'b'), accMemcpyFromDevice('a', h('d')), hostRead('a')],
    last: readAll(10, 2),
  },
  {
    name: 'copying back device memory nothing was written to gives indeterminate values',
    steps: [accMalloc('d', 40), accMemcpyFromDevice('a(1:2)', h('d')), hostRead('a(1:3)')],
    last: read(null, null, 1),
  },
  {
    name: 'a null host pointer (disassociated c%p) covers zero bytes: nothing is copied, and the null-pointer error needs nonzero bytes',
    cite: 'measured with GCC 12.2 on an NVIDIA H200, C and Fortran: acc_memcpy_from_device(d%q, h1+16) with d%q null, emitted with 0 bytes, runs on (gen-20261213-244, profiles/measured/gcc-12-nvptx-2026-12-04i.md)',
    steps: [accMalloc('d', 40), accMemcpyFromDevice('c%p', h('d')), accMemcpyFromDevice('c%p', null)],
    at: { 2: ok },
    last: ok,
  },
  {
    name: 'a null device pointer with nonzero bytes: acc_error_invalid_null_pointer',
    steps: [accMemcpyFromDevice('a(1:2)', null)],
    last: err('acc_error_invalid_null_pointer'),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.27',
  title: 'acc_memcpy_from_device',
  rules: ['OpenACC 3.3 §3.2.27 acc_memcpy_from_device'],
  world: ACC_WORLD,
  rows,
});
