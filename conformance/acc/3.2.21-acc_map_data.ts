// OpenACC 3.3 §3.2.21 acc_map_data: like acc_create, but the device memory is the program's; the
// dynamic counter is set to one and "may not be decremented to zero, except by a call to
// acc_unmap_data" (K-A7); host data of which any part is present: acc_error_present; a null host
// or device pointer: acc_error_invalid_null_pointer; device memory already mapped: undefined (K-A8).
// libgomp evidence: oacc-mem.c acc_map_data sets refcount = REFCOUNT_INFINITY (K-A7 `infinite`)
// and aborts on "host address ... is already mapped" / "device address ... is already mapped".

import { HALTED, RUNS, UNDEF, dev, err, ok, per, perState, read, readAll, section, value, type Row } from '../rows.js';
import {
  assign,
  accCopyin,
  accCopyinKept,
  accCreate,
  accDelete,
  accDeviceptr,
  accIsPresent,
  accMalloc,
  accMapData,
  accMemcpyToDevice,
  accFree,
  copyin,
  dataBegin,
  declare,
  dataEnd,
  del,
  enterData,
  exitData,
  exitDataFinalize,
  h,
  parallelRead,
  parallelWrite,
  present,
} from '../steps.js';
import { A, ACC_WORLD, B } from '../worlds.js';

/** The section acc_map_data makes for `a` (40 bytes) in block `block` at byte `offset`, with these counters. */
const mapped = (block: number, offset: number, src: number, drc: number) => ({
  host: [A, A + 40] as [number, number],
  block,
  src,
  drc,
  origin: 'map_data' as const,
  offset,
});

const rows: Row[] = [
  {
    name: 'mapped data is present with a dynamic counter of one, and nothing is copied',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accIsPresent('a'), parallelRead('a', present('a'))],
    at: { 1: dev(1), 2: ok, 3: value(true) },
    last: readAll(10, null),
    state: { 2: { sections: [mapped(1, 0, 0, 1)] } },
  },
  {
    name: 'a kernel works on the mapped device memory: what acc_memcpy_to_device put there',
    steps: [accMalloc('d', 40), accMemcpyToDevice(h('d'), 'b'), accMapData('a', h('d')), parallelRead('a', present('a'))],
    last: readAll(10, 2),
  },
  {
    name: 'mapping at an offset into an allocation: acc_deviceptr answers block and offset',
    steps: [accMalloc('d', 80), accMapData('a', h('d', 40)), accDeviceptr('a(3:4)')],
    last: dev(1, 48),
    state: { 2: { sections: [mapped(1, 40, 0, 1)] } },
  },
  {
    name: 'two host arrays mapped into disjoint parts of one allocation',
    cite: 'OpenACCV-V acc_map_data: two mappings into one allocation',
    steps: [accMalloc('d', 80), accMapData('a', h('d')), accMapData('b', h('d', 40)), parallelWrite('b', 5, present('b')), parallelRead('a', present('a'))],
    at: { 3: ok },
    last: readAll(10, null),
    state: { 3: { sections: [mapped(1, 0, 0, 1), { host: [B, B + 40], block: 1, src: 0, drc: 1, origin: 'map_data', offset: 40 }] } },
  },
  {
    name: 'a declare link array no data clause maps is absent, and acc_map_data maps it (K-A60)',
    cite: '§2.13.3: a link var gets device memory when a data clause maps it. K-A60 registered: GCC 12 C registers link variables at start (REFCOUNT_LINK keys) and acc_map_data aborts, "host address [..] is already mapped" (measured gen-20261212-184-c, gen-20261210-079-c)',
    steps: [declare(['link', 'a']), accMalloc('d', 40), accMapData('a', h('d')), accIsPresent('a')],
    at: { 3: per(ok, { 'K-A60=registered': err('acc_error_present') }) },
    last: per(value(true), { 'K-A60=registered': { kind: 'halted' } }),
    state: { 3: perState({ sections: [mapped(1, 0, 0, 1)] }, { 'K-A60=registered': null }) },
  },
  {
    name: 'part of a declare link array: acc_map_data maps the part; under K-A60 registered the runtime stops as for the whole',
    steps: [declare(['link', 'a']), accMalloc('d', 16), accMapData('a(2:5)', h('d'))],
    last: per(ok, { 'K-A60=registered': err('acc_error_present') }),
  },
  {
    name: 'host data that is already present: acc_error_present',
    steps: [enterData(copyin('a')), accMalloc('d', 40), accMapData('a', h('d'))],
    last: err('acc_error_present'),
  },
  {
    name: 'host data that is partly present: acc_error_present ("any part")',
    steps: [accCopyin('a(1:5)'), accMalloc('d', 40), accMapData('a', h('d'))],
    last: err('acc_error_present'),
  },
  {
    name: 'a null device pointer: acc_error_invalid_null_pointer',
    steps: [accMalloc('d', 0), accMapData('a', h('d'))],
    last: err('acc_error_invalid_null_pointer'),
  },
  {
    name: 'a null host pointer (disassociated c%p): acc_error_invalid_null_pointer',
    steps: [accMalloc('d', 40), accMapData('c%p', h('d'))],
    last: err('acc_error_invalid_null_pointer'),
  },
  {
    name: 'device memory that already holds mapped data (K-A8)',
    steps: [accMalloc('d', 80), accMapData('a', h('d')), accMapData('b', h('d', 20))],
    last: per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') }),
  },
  {
    name: 'the address K-A11 returns before a section\'s copy, mapping data whose bytes reach into that copy: partly present data under the text; with K-A11 undefined, and libgomp looks the device range up and stops (K-A8)',
    cite: 'K-A8 fatal, K-A11 extends-before: libgomp oacc-mem.c acc_map_data looks [d, d + s) up among the mapped device ranges (lookup_dev) before anything else; acc_copyin of a(1:4) with a(2:5) present returns the address 4 bytes before a(2:5)\'s copy',
    steps: [enterData(copyin('a(2:5)')), accCopyinKept('k', 'a(1:4)'), accMapData('b', h('k'))],
    at: { 2: per(err('acc_error_partly_present'), { libgomp: dev(1, -4), 'K-A11=extends-before,K-A8=fatal': dev(1, -4), 'K-A11=extends-before': dev(1, -4) }) },
    last: per(HALTED, { libgomp: err('fatal_map_data'), 'K-A11=extends-before,K-A8=fatal': err('fatal_map_data'), 'K-A11=extends-before': UNDEF }),
  },
  {
    name: 'device memory too small for the data is undefined',
    steps: [accMalloc('d', 20), accMapData('a', h('d'))],
    last: UNDEF,
  },
  {
    name: 'freed device memory is undefined',
    steps: [accMalloc('d', 40), accFree(h('d')), accMapData('a', h('d'))],
    last: UNDEF,
  },
  {
    name: 'exit data delete does not end the lifetime of mapped data (K-A7)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), exitData(del('a')), accIsPresent('a')],
    last: per(value(true), { 'K-A7=unmap-at-zero': value(false) }),
    state: { 3: perState({ sections: [mapped(1, 0, 0, 1)] }, { 'K-A7=unmap-at-zero': { sections: [] } }) },
  },
  {
    name: 'acc_copyin counts on mapped data; acc_delete gives the count back but never below one (K-A7)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accCopyin('a'), accDelete('a'), accDelete('a'), accIsPresent('a')],
    at: { 3: dev(1) },
    last: per(value(true), { 'K-A7=unmap-at-zero': value(false) }),
    state: {
      3: perState({ sections: [mapped(1, 0, 0, 2)] }, { libgomp: { sections: [mapped(1, 0, 0, 1)] }, 'K-A7=infinite': { sections: [mapped(1, 0, 0, 1)] } }),
      5: perState({ sections: [mapped(1, 0, 0, 1)] }, { 'K-A7=unmap-at-zero': { sections: [] } }),
    },
  },
  {
    name: 'finalize leaves mapped data present (K-A7)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accCopyin('a'), exitDataFinalize(del('a')), accIsPresent('a')],
    last: per(value(true), { 'K-A7=unmap-at-zero': value(false) }),
    state: { 4: perState({ sections: [mapped(1, 0, 0, 1)] }, { 'K-A7=unmap-at-zero': { sections: [] } }) },
  },
  {
    name: 'a data region counts structured references on mapped data (K-A7)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), dataBegin(present('a')), parallelWrite('a', 3, present('a')), dataEnd, accIsPresent('a')],
    last: value(true),
    state: {
      3: perState({ sections: [mapped(1, 0, 1, 1)] }, { libgomp: { sections: [mapped(1, 0, 0, 1)] }, 'K-A7=infinite': { sections: [mapped(1, 0, 0, 1)] } }),
      5: { sections: [mapped(1, 0, 0, 1)] },
    },
  },
  {
    name: 'a pointer attached to mapped data points into the program\'s allocation',
    steps: [accMalloc('d', 80), accMemcpyToDevice(h('d', 40), 'b'), accMapData('a', h('d', 40)), { op: 'pointer_assign', ptr: 'c%p', target: 'a(2:4)' }, enterData(copyin('c', 'c%p')), parallelRead('c%p')],
    last: read(2, 2, 2),
    state: { 5: { attachments: [{ ptr: 0x1400, ac: 1, device: { space: 'dev', block: 1, offset: 44, count: 3 } }] } },
  },
  {
    name: 'enter data of a pointer reference into data acc_map_data mapped: GCC 12 C asserts on its infinite count (K-A44)',
    cite: 'K-A44 `assert`: acc_map_data sets REFCOUNT_INFINITY; oacc-mem.c goacc_enter_data_internal asserts on it for a pointer reference group (measured: gen-20261204-0104-c aborts, its Fortran form runs)',
    steps: [accMalloc('h1', 40), accMapData('a', h('h1')), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p'))],
    last: per(RUNS, { 'K-A44=assert': err('fatal_lowering') }),
  },
  {
    name: 'enter data of a pointer reference into data only part of which acc_map_data mapped: partly present (§2.7.3); GCC 12 C meets the mapped part\'s key by overlap and asserts on its infinite count (K-A44)',
    cite: 'oacc-mem.c goacc_enter_data_internal: lookup_host finds any key overlapping the group\'s first address range; measured: gen-20270107-198-c step 3 aborts on the assertion (profiles/measured/gcc-12-nvptx-2026-12-06h.md)',
    steps: [accMalloc('h1', 16), accMapData('a(1:4)', h('h1')), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p'))],
    last: per(err('acc_error_partly_present'), { 'K-A44=assert': err('fatal_lowering') }),
  },
  {
    name: 'K-A44 assert: data overlapping a section acc_map_data mapped and another one meets one of them, which one is the runtime\'s own (K-A69 found-section: undefined)',
    steps: [accCreate('a(1:2)'), accMalloc('h1', 8), accMapData('a(5:6)', h('h1')), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p'))],
    last: per(err('acc_error_partly_present'), { 'K-A44=assert,K-A69=found-section': UNDEF }),
  },
  {
    name: 'K-A44 assert: the key met by overlap need not hold the data\'s first byte',
    steps: [accMalloc('h1', 8), accMapData('a(5:6)', h('h1')), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p'))],
    last: per(err('acc_error_partly_present'), { 'K-A44=assert': err('fatal_lowering') }),
  },
  {
    name: 'K-A44 assert: a zero-length section of data acc_map_data mapped is looked up by the byte at its address',
    steps: [accMalloc('h1', 40), accMapData('a', h('h1')), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p(3:2)'))],
    last: per(RUNS, { 'K-A44=assert': err('fatal_lowering') }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.21',
  title: 'acc_map_data',
  rules: ['OpenACC 3.3 §3.2.21 acc_map_data', 'OpenACC 3.3 §3.2.21 acc_map_data (reference counters of mapped data)'],
  world: ACC_WORLD,
  rows,
});
