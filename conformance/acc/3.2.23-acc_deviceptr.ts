// OpenACC 3.3 §3.2.23 acc_deviceptr: the device address of present data (interior addresses
// allowed), NULL when not present, NULL for a null pointer.

import { UNDEF, dev, err, read, value, section, type Row } from '../rows.js';
import { accCopyin, accCopyout, accCreate, accDelete, accDeviceptr, accDeviceptrKept, accMemcpyFromDevice, accMemcpyToDevice, h, hostRead } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'maps interior host addresses to offsets in the device copy; absent data and a null pointer give NULL',
    steps: [accCopyin('a'), accCreate('b(2:10)'), accDeviceptr('a(3:4)'), accDeviceptr('b(10:10)'), accDeviceptr('b(1:1)'), accCopyin('b(3:3)'), accDeviceptr('c%p')],
    at: { 1: dev(1, 0), 2: dev(2, 0), 3: dev(1, 8), 4: dev(2, 32), 5: value(null), 6: dev(2, 4) },
    last: value(null),
  },
  {
    name: 'the returned pointer kept (d = acc_deviceptr(a(3:4))): a copy to it writes the device copy, which copyout brings back',
    cite: '§3.2.23 returns the device pointer of the data; §3.2.26 copies bytes to that device memory; §3.2.19 acc_copyout copies the device copy back',
    steps: [accCopyin('a'), accDeviceptrKept('d', 'a(3:4)'), accMemcpyToDevice(h('d'), 'b(1:2)'), accCopyout('a'), hostRead('a')],
    at: { 2: dev(1, 8) },
    last: read(1, 1, 2, 2, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'the kept pointer of data that is not present is NULL: a copy to it is acc_error_invalid_null_pointer',
    cite: '§3.2.23 "returns a NULL pointer" for data not present; §3.2.26 a null pointer with nonzero bytes is an error',
    steps: [accDeviceptrKept('d', 'b'), accMemcpyToDevice(h('d'), 'a(1:1)')],
    at: { 1: value(null) },
    last: err('acc_error_invalid_null_pointer'),
  },
  {
    name: 'the kept pointer outlives the data: after acc_delete a copy from it reaches deallocated memory (undefined)',
    cite: '§2.7.2 Delete Action "deallocates" the device copy; the pointer still holds its address',
    steps: [accCopyin('a'), accDeviceptrKept('d', 'a'), accDelete('a'), accMemcpyFromDevice('b(1:2)', h('d'))],
    last: UNDEF,
  },
];

export default section({ spec: 'OpenACC 3.3', section: '3.2.23', title: 'acc_deviceptr', rules: ['OpenACC 3.3 §3.2.23 acc_deviceptr'], world: ACC_WORLD, rows });
