// OpenACC 3.3 §3.2.18 acc_copyin, acc_create: present data → DRC + 1 and the existing device
// address; else a copyin / create action. No attach action. K-A5: a null pointer (zero bytes).

import { HALTED, UNDEF, dev, err, ok, per, perState, read, value, section, type Row } from '../rows.js';
import { accCopyin, accCopyinKept, accCopyout, accCreate, accCreateKept, accDelete, accDeviceptr, accFree, accIsPresent, accMapData, accMemcpyToDevice, h, hostRead } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'acc_copyin returns the device address and counts dynamic references; acc_copyout twice ends it',
    steps: [accCopyin('a(3:8)'), accCopyin('a(4:5)'), accDeviceptr('a(5:5)'), accDeviceptr('b'), accCopyout('a(3:8)'), accCopyout('a(3:8)')],
    at: { 1: dev(1, 0), 2: dev(1, 4), 3: dev(1, 8), 4: value(null), 5: ok },
    last: ok,
    state: { 2: { sections: [{ host: [A + 8, A + 32], block: 1, src: 0, drc: 2 }] }, 6: { sections: [] } },
  },
  {
    name: 'data routines on a null pointer: no action under the spec reading (K-A5)',
    cite: 'spec-digest A.10: NULL with zero bytes is not stated; libgomp oacc-mem.c goacc_enter_datum "bad range" abort, goacc_exit_datum no-op (measured with GCC 12.2)',
    steps: [accIsPresent('c%p'), accDelete('c%p'), accCopyin('c%p')],
    at: {
      1: per(value(true), { 'K-A5=error': value(false), 'K-A5=entry-error': value(false), libgomp: value(false) }),
      2: per(ok, { 'K-A5=error': err('fatal_null_routine') }),
    },
    last: per(value(null), { 'K-A5=error': HALTED, 'K-A5=entry-error': err('fatal_null_routine'), libgomp: err('fatal_null_routine') }),
  },
  {
    name: 'acc_create of a null pointer returns null; acc_delete of it does nothing (K-A5)',
    steps: [accCreate('c%p'), accDelete('c%p')],
    at: { 1: per(value(null), { libgomp: err('fatal_null_routine') }) },
    last: per(ok, { libgomp: HALTED }),
  },
  {
    name: 'acc_copyin of data starting before a present section and ending inside it: partly present, libgomp counts it on that section (K-A11)',
    cite: 'K-A11 extends-before: oacc-mem.c goacc_map_var_existing checks only the end; measured with GCC 12.2 (acc-copyin-extends-before: the address 8 bytes before the device copy, a(1:2) still absent)',
    steps: [accCopyin('a(3:8)'), accCopyin('a(1:4)'), accIsPresent('a(1:2)'), accIsPresent('a(3:8)')],
    at: { 1: dev(1, 0), 2: per(err('acc_error_partly_present'), { libgomp: dev(1, -8), 'K-A11=extends-before': dev(1, -8) }), 3: per(HALTED, { libgomp: value(false), 'K-A11=extends-before': value(false) }) },
    last: per(HALTED, { libgomp: value(true), 'K-A11=extends-before': value(true) }),
    state: { 2: perState(null, { 'K-A11=extends-before': { sections: [{ host: [A + 8, A + 32], block: 1, src: 0, drc: 2 }] } }) },
  },
  {
    name: 'acc_copyin of data starting inside a present section and ending after it: partly present everywhere (K-A11)',
    cite: 'oacc-mem.c goacc_map_var_existing: fatal "[%p,+%d] not mapped" (measured with GCC 12.2, acc-copyin-extends-after)',
    steps: [accCopyin('a(1:4)'), accCopyin('a(3:8)')],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'acc_create of a struct makes its pointer members indeterminate on the device',
    steps: [accCreate('c')],
    last: dev(1, 0),
    state: { 1: { attachments: [{ ptr: C, ac: 0, device: { space: 'indeterminate' } }] } },
  },
  {
    name: 'the device address acc_copyin returns, kept (d = acc_copyin(a(3:4))): a copy to it writes the device copy',
    cite: '§3.2.18 "returns the device address"; §3.2.26 copies to it; §3.2.19 acc_copyout copies back',
    steps: [accCopyinKept('d', 'a(3:4)'), accMemcpyToDevice(h('d', 4), 'b(1:1)'), accCopyout('a(3:4)'), hostRead('a')],
    at: { 1: dev(1, 0), 2: ok },
    last: read(1, 1, 1, 2, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'd = acc_copyin of partly present data: acc_error_partly_present, and nothing is kept',
    cite: '§3.2.18: data partly present is a runtime error; the routine returns no address',
    steps: [accCopyin('a(3:4)'), accCopyinKept('d', 'a(2:5)')],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'acc_free of the address acc_copyin returned: undefined (K-A8; libgomp refuses to free memory still mapped)',
    cite: '§3.2.17 frees memory acc_malloc returned; libgomp oacc-mem.c acc_free: lookup_dev finds the mapping, gomp_fatal "refusing to free device memory space at %p that is still mapped"',
    steps: [accCopyinKept('d', 'a'), accFree(h('d'))],
    last: per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') }),
  },
  {
    name: 'acc_map_data onto the address acc_create returned: undefined (K-A8; libgomp: already mapped)',
    cite: '§3.2.21 maps device memory the program allocated; libgomp oacc-mem.c acc_map_data: lookup_dev finds it, gomp_fatal "device address [%p, +%d] is already mapped"',
    steps: [accCreateKept('d', 'a'), accMapData('b', h('d'))],
    last: per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.18',
  title: 'acc_copyin, acc_create',
  rules: ['OpenACC 3.3 §3.2.18 acc_copyin, acc_create'],
  world: ACC_WORLD,
  rows,
});
