// Scenarios from GCC's own OpenACC testsuite (gcc-mirror/gcc, libgomp/testsuite/libgomp.oacc-c-c++-common),
// OpenACC 3.3 §3.2 Runtime Library Routines: the device memory routines acc_map_data,
// acc_unmap_data and acc_free misused. The tests expect libgomp to stop the program (dg-shouldfail)
// with the message their dg-output gives; the text makes each case undefined (K-A8) or names an
// error. Each row cites the test and its expected output.

import { UNDEF, dev, err, ok, per, section, value, type Row } from '../rows.js';
import { accCopyin, accCreate, accDelete, accDeviceptr, accFree, accIsPresent, accMalloc, accMapData, accUnmapData, create, dataBegin, enterData, h, hostDataBegin, present } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-c-c++-common/';
/** K-A8: the text leaves the misuse undefined; libgomp aborts (oacc-mem.c, PR92503 / PR92840). */
const K_A8 = per(UNDEF, { libgomp: err('fatal_map_data') });

const rows: Row[] = [
  {
    name: 'acc_map_data-host_already-2.c: acc_map_data of host data acc_create made present',
    cite: `${T}acc_map_data-host_already-2.c: d1 = acc_create (h, N); d2 = acc_malloc (N); acc_map_data (h, d2, N); dg-output "host address [h, +102] is already mapped", dg-shouldfail (§3.2.21: acc_error_present)`,
    steps: [accCreate('a'), accMalloc('d', 40), accMapData('a', h('d'))],
    last: err('acc_error_present'),
  },
  {
    name: 'acc_map_data-device_already-1.c: a second acc_map_data onto device memory already mapped',
    cite: `${T}acc_map_data-device_already-1.c: d = acc_malloc (N); acc_map_data (h1, d, N); acc_map_data (h2, d, N); dg-output "device address [d, +131] is already mapped", dg-shouldfail (K-A8)`,
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accMapData('b', h('d'))],
    last: K_A8,
  },
  {
    name: 'acc_unmap_data-pr92840-1.c: acc_unmap_data of data acc_create made present',
    cite: `${T}acc_unmap_data-pr92840-1.c: d = acc_create (h, N - 3); acc_unmap_data (h); dg-output "refusing to unmap block [h,+98] that has not been mapped by 'acc_map_data'", dg-shouldfail (K-A8)`,
    steps: [accCreate('a'), accUnmapData('a')],
    last: K_A8,
  },
  {
    name: 'acc_unmap_data-pr92840-2.c: acc_unmap_data of data enter data create made present',
    cite: `${T}acc_unmap_data-pr92840-2.c: enter data create (h[0:N - 77]); acc_unmap_data (h); dg-output "refusing to unmap block [h,+24] that has not been mapped by 'acc_map_data'", dg-shouldfail (K-A8)`,
    steps: [enterData(create('a(1:6)')), accUnmapData('a')],
    last: K_A8,
  },
  {
    name: 'acc_unmap_data-pr92840-3.c: acc_unmap_data inside a data region of the same data',
    cite: `${T}acc_unmap_data-pr92840-3.c: data create (h[0:N - 55]) { acc_unmap_data (h); } dg-output "refusing to unmap block [h,+46] that has not been mapped by 'acc_map_data'", dg-shouldfail (K-A8)`,
    steps: [dataBegin(create('a(1:5)')), accUnmapData('a')],
    last: K_A8,
  },
  {
    name: 'acc_free-pr92503-1.c: acc_free of acc_malloc memory acc_map_data still maps (fewer bytes than allocated)',
    cite: `${T}acc_free-pr92503-1.c: d = acc_malloc (N - 10); acc_map_data (h, d, N - 19); acc_free (d); dg-output "refusing to free device memory space at d that is still mapped at [h,+89]", dg-shouldfail (K-A8)`,
    steps: [accMalloc('d', 40), accMapData('a(1:8)', h('d')), accFree(h('d'))],
    last: K_A8,
  },
  {
    name: 'acc_free-pr92503-4.c: acc_free of the device address of data a data region created (not acc_malloc memory)',
    cite: `${T}acc_free-pr92503-4.c: data create (h[0:N - 21]) { d = acc_deviceptr (h); acc_free (d); } dg-shouldfail ("refusing to free" is xfail: the nvptx plugin fails first, cuMemGetAddressRange_v2); §3.2.17: anything but acc_malloc memory is undefined. The device address is taken with host_data use_device, the language's way of naming it`,
    steps: [dataBegin(create('a')), accDeviceptr('a'), hostDataBegin('a', 'd'), accFree(h('d'))],
    at: { 2: dev(1) },
    last: UNDEF,
  },
  {
    name: 'pr92854-1.c: acc_unmap_data unmaps data that acc_create counted twice after acc_map_data',
    cite: `${T}pr92854-1.c "Verify that 'acc_unmap_data' unmaps even in presence of dynamic reference counts": acc_map_data (h, d, N); d_ = acc_create (h + 3, N - 77); assert (d_ == d + 3); d_ = acc_create (h, N); assert (d_ == d); acc_unmap_data (h); assert (!acc_is_present (h, N)) (§3.2.22: only a nonzero structured counter stops acc_unmap_data). Element 2 for byte 3`,
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accCreate('a(2:5)'), accCreate('a'), accUnmapData('a'), accIsPresent('a')],
    at: { 3: dev(1, 4), 4: dev(1), 5: ok },
    last: value(false),
  },
  {
    name: 'present-1.c: a data construct\'s present clause of data never mapped stops the program, beside data acc_map_data mapped',
    cite: `${T}present-1.c: c mapped by acc_map_data (c, d, …); data present (a[0:N]) present (c[0:N]) present (b[0:N]) with a never mapped: dg-shouldfail "libgomp: present clause: !acc_is_present" (§2.7.5: acc_error_not_present)`,
    steps: [accMalloc('d', 40), accMapData('b', h('d')), dataBegin(present('a'), present('b'))],
    last: err('acc_error_not_present'),
  },
  {
    name: 'lib-13.c: acc_is_present of byte ranges around data acc_copyin made present: inside, past either end, zero bytes, a null pointer',
    cite: `${T}lib-13.c "Check acc_is_present and acc_delete": d = acc_copyin (h, N); acc_is_present (h, 1) == 1; (h, N + 1), (h + 1, N), (h + N, 0), (0, N) and (h, 0) all == 0; acc_delete (h, N); acc_is_present (h, 1) == 0. The text (§3.2.25) counts zero bytes as one (K-A16 one-byte) and a null pointer as present (K-A5 noop); libgomp answers 0 for both ("if (!s || !h) return 0"). h is a(1:9) here, so that (h, N + 1) is a and (h + 1, N) is a(2:10); h - 1 has no counterpart in the language (nothing lies before a); (0, N) is the disassociated c%p`,
    steps: [
      accCopyin('a(1:9)'),
      accIsPresent('a(1:9)', 1),
      accIsPresent('a'),
      accIsPresent('a(2:10)'),
      accIsPresent('a(10:9)'),
      accIsPresent('c%p', 40),
      accIsPresent('a(1:9)', 0),
      accDelete('a(1:9)'),
      accIsPresent('a(1:9)', 1),
    ],
    at: { 1: dev(1), 2: value(true), 3: value(false), 4: value(false), 5: value(false), 6: per(value(true), { libgomp: value(false) }), 7: per(value(true), { libgomp: value(false) }), 8: ok },
    last: value(false),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2',
  title: 'Runtime Library Routines (scenarios of the libgomp testsuite)',
  rules: [],
  world: ACC_WORLD,
  rows,
});
