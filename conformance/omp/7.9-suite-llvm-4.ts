// A fourth set of scenarios from LLVM's offload testsuite (llvm/llvm-project offload/test/
// offloading and offload/test/mapping), OpenMP 6.0 §7.9 Data-Mapping Control, beside conformance/omp/7.9-suite-llvm.ts,
// -2.ts and -3.ts (whose tests are not redone here): strided_update_from.c and strided_update_to.c
// (target update of every other element of an array inside a target data region) and
// strided_ptr_partial_update_from.c and strided_ptr_partial_update_to.c (the same through a
// pointer to heap storage, every third element, two of them); `offload/test/mapping/`
// use_device_ptr/target_data_use_device_ptr_var_fallback.c (use_device_ptr of a pointer to
// unmapped data keeps its value, K-B30). Each row names the test and the
// CHECK lines that give the llvm-offload expectation; the other profiles' expectations are the
// text's (6.0 §7.9.6, §7.5.8, §15.7, §15.9), written by hand, with libgomp's where its knob
// reading differs (K-B30). Each test is reduced to the language: a
// strided section as its one-element sections on one motion clause, 4-byte elements for doubles,
// the scalar len (mapped beside the array) left out, and a kernel that reaches a pointer's storage
// through the implicit zero-length section of the test as a kernel naming the pointer's section
// with an alloc map (it finds the region's storage and only counts it). Tests where the test's
// evidence and the engines disagree are not rows here: README.md "Suite-derived rows".
import { HALTED, err, hostPtr, ok, per, read, section, type Row } from '../rows.js';
import { hostRead, hostWrite, map, motion, ompDataBegin, ompDataEnd, ompUpdate, targetAdd, targetRamp, targetWrite, useDeviceBegin, useDeviceEnd } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const OFFLOADING = 'llvm/llvm-project offload/test/offloading/';
const T = 'llvm/llvm-project offload/test/mapping/';

/** target_data_use_device_ptr_var_fallback.c's `int x` as the one-element array a (at 0x1000); one discrete device. */
const X1_WORLD: World = { arrays: [{ name: 'a', length: 1, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] };

/** strided_update_to.c's `double data[len]` with len = 8, data[i] = i (4-byte elements here); one discrete device. */
const DATA8_WORLD: World = { arrays: [{ name: 'a', length: 8, init: [0, 1, 2, 3, 4, 5, 6, 7] }], structs: [], devices: [{ kind: 'discrete' }] };
/** strided_update_from.c's data, uninitialised before its first kernel writes it (0 here). */
const DATA8_ZERO_WORLD: World = { arrays: [{ name: 'a', length: 8, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] };
/** data[0 : 4 : 2] (elements 0, 2, 4, 6) as its four one-element sections. */
const EVERY_OTHER = ['a(1:1)', 'a(3:3)', 'a(5:5)', 'a(7:7)'];

/**
 * The strided_ptr tests' `double *data = calloc (len, sizeof (double))` with len = 11: the plain
 * pointer p to the heap array a (4-byte elements; the canonical form of lang/README.md "Plain pointer variables": p(:) is p%p), a[i] = i where the _to test sets it (all 0
 * for the _from test, as calloc leaves it); one discrete device.
 */
const ptrWorld = (init: number | number[]): World => ({
  arrays: [{ name: 'a', length: 11, init }],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
});
/** data[0 : 2 : 3] (elements 0 and 3) as its two one-element sections. */
const PTR_STRIDED = ['p%p(1:1)', 'p%p(4:4)'];

const rows: Row[] = [
  {
    name: 'offloading/strided_update_from.c: inside target data map(to: data), a kernel adds i to every element; target update from of every other element brings only those home; the region\'s to copies nothing back',
    cite: `${OFFLOADING}strided_update_from.c: target map(tofrom: len, data[0 : len]) { data[i] = i }; target data map(to: len, data[0 : len]) { target { data[i] += i }; target update from(data[0 : 4 : 2]) } "CHECK: 0, 1, 4, 3, 8, 5, 12, 7" (6.0 §15.9: the motion clause assigns the corresponding elements of its list item to the original ones, and no others; §7.9.6: a to item is not copied back at the region's end; the kernel inside the region finds data present, §7.9.3). len is 8, the elements 4-byte integers; the strided section data[0 : 4 : 2] is its four one-element sections a(1), a(3), a(5), a(7) on one update`,
    world: DATA8_ZERO_WORLD,
    steps: [
      targetRamp('a', 0, 1, [map('tofrom', ['a'])]),
      hostRead('a'),
      ompDataBegin([map('to', ['a'])]),
      targetAdd('a', 0, 1),
      ompUpdate([motion('from', EVERY_OTHER)]),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 1: ok, 2: read(0, 1, 2, 3, 4, 5, 6, 7), 3: ok, 4: ok, 5: ok, 6: ok },
    last: read(0, 1, 4, 3, 8, 5, 12, 7),
  },
  {
    name: 'offloading/strided_update_to.c: inside target data map(tofrom: data), a kernel sets every element to 20; the host sets every other to 10 and target update to sends only those; a kernel adds 5; the region brings 15 and 25 home',
    cite: `${OFFLOADING}strided_update_to.c: data[i] = i "CHECK: 0.000000" … "7.000000"; target data map(tofrom: len, data[0 : len]) { target { data[i] = 20.0 }; data[0] = data[2] = data[4] = data[6] = 10.0; target update to(data[0 : 4 : 2]); target { data[i] += 5.0 } } "CHECK: 15, 25, 15, 25, 15, 25, 15, 25" (6.0 §15.9: the motion clause assigns the original elements it names to the corresponding ones, and no others; §7.9.6: the region's tofrom copies the device values home at its end). len is 8, the elements 4-byte integers; the strided section is its four one-element sections on one update; the test's first CHECK block (the host values before the region) is the first host read`,
    world: DATA8_WORLD,
    steps: [
      hostRead('a'),
      ompDataBegin([map('tofrom', ['a'])]),
      targetWrite('a', 20),
      ...EVERY_OTHER.map((e) => hostWrite(e, 10)),
      ompUpdate([motion('to', EVERY_OTHER)]),
      targetAdd('a', 5, 0),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 1: read(0, 1, 2, 3, 4, 5, 6, 7), 2: ok, 3: ok, 8: ok, 9: ok, 10: ok },
    last: read(15, 25, 15, 25, 15, 25, 15, 25),
  },
  {
    name: 'offloading/strided_ptr_partial_update_from.c: through a pointer to heap storage, a kernel writes i; inside target data map(to: data[0:len]) a kernel adds i; target update from of elements 0 and 3 brings only those home',
    cite: `${OFFLOADING}strided_ptr_partial_update_from.c: double *data = calloc (len, …); target map(tofrom: data[0 : len]) { data[i] = i } "CHECK-NEXT: 0.000000" … "10.000000"; target data map(to: data[0 : len]) { target { data[i] += i }; target update from(data[0 : 2 : 3]) } "CHECK-NEXT: 0, 1, 2, 6, 4, 5, 6, 7, 8, 9, 10" (6.0 §7.9.6: the pointer's section is mapped and a kernel reaches it through the pointer; §15.9: the motion clause assigns only the elements it names; a to item is not copied back). len is 11, 4-byte elements; the kernel inside the region names p's section with an alloc map (the test's implicit zero-length section finds the region's storage); data[0 : 2 : 3] is p(1) and p(4) on one update`,
    world: ptrWorld(0),
    steps: [
      targetRamp('p%p', 0, 1, [map('tofrom', ['p%p'])]),
      hostRead('p%p'),
      ompDataBegin([map('to', ['p%p'])]),
      targetAdd('p%p', 0, 1, [map('alloc', ['p%p'])]),
      ompUpdate([motion('from', PTR_STRIDED)]),
      ompDataEnd,
      hostRead('p%p'),
    ],
    at: { 1: ok, 2: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 3: ok, 4: ok, 5: ok, 6: ok },
    last: read(0, 1, 2, 6, 4, 5, 6, 7, 8, 9, 10),
  },
  {
    name: 'offloading/strided_ptr_partial_update_to.c: through a pointer to heap storage inside target data map(tofrom: data[0:len]), a kernel sets 20; the host sets elements 0 and 3 to 10 and target update to sends only those; a kernel adds 5; 15 and 25 come home',
    cite: `${OFFLOADING}strided_ptr_partial_update_to.c: double *data = calloc (len, …), data[i] = i "CHECK-NEXT: 0.000000" … "10.000000"; target data map(tofrom: data[0 : len]) { target { data[i] = 20.0 }; data[0] = data[3] = 10.0; target update to(data[0 : 2 : 3]); target { data[i] += 5.0 } } "CHECK-NEXT: 15, 25, 25, 15, 25, 25, 25, 25, 25, 25, 25" (6.0 §15.9: the motion clause assigns only the original elements it names; §7.9.6: the region's tofrom copies the device values home at its end). len is 11, 4-byte elements; the kernels name p's section with an alloc map (the test's implicit zero-length section finds the region's storage); data[0 : 2 : 3] is p(1) and p(4) on one update`,
    world: ptrWorld([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    steps: [
      hostRead('p%p'),
      ompDataBegin([map('tofrom', ['p%p'])]),
      targetWrite('p%p', 20, [map('alloc', ['p%p'])]),
      ...PTR_STRIDED.map((e) => hostWrite(e, 10)),
      ompUpdate([motion('to', PTR_STRIDED)]),
      targetAdd('p%p', 5, 0, [map('alloc', ['p%p'])]),
      ompDataEnd,
      hostRead('p%p'),
    ],
    at: { 1: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 2: ok, 3: ok, 6: ok, 7: ok, 8: ok },
    last: read(15, 25, 25, 15, 25, 25, 25, 25, 25, 25, 25),
  },
  {
    name: 'use_device_ptr/target_data_use_device_ptr_var_fallback.c: use_device_ptr of a pointer to data nothing maps keeps the pointer\'s host value (K-B30 host-address); libgomp aborts (K-B30 error)',
    cite: `${T}use_device_ptr/target_data_use_device_ptr_var_fallback.c ("when a use_device_ptr lookup fails, the privatized pointer retains its original value by default"): int x; int *xp = &x; printf xp "CHECK: 0x[[#%x,ADDR:]]"; target data use_device_ptr(xp) printf xp "CHECK-NEXT: 0x{{0*}}[[#ADDR]]" (6.0 §7.5.8: a list item whose pointee has no corresponding storage keeps its value; K-B30 host-address, LLVM since PR #174659). libgomp lowers the clause to GOMP_MAP_USE_DEVICE_PTR and stops, "use_device_ptr pointer wasn't mapped" (K-B30 error; gcc-12 extends libgomp). x is a (at 0x1000); use_device_ptr of a pointer to a is the step's ptr form`,
    world: X1_WORLD,
    steps: [useDeviceBegin('a', 'dxp', undefined, true), useDeviceEnd],
    at: { 1: per(hostPtr(A), { libgomp: err('fatal_not_present'), 'K-B30=error': err('fatal_not_present') }) },
    last: per(ok, { libgomp: HALTED, 'K-B30=error': HALTED }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (a fourth set of scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
