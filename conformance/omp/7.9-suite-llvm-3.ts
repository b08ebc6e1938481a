// A third set of scenarios from LLVM's offload testsuite (llvm/llvm-project offload/test/mapping),
// OpenMP 6.0 §7.9 Data-Mapping Control, beside conformance/omp/7.9-suite-llvm.ts and
// 7.9-suite-llvm-2.ts (whose tests are not redone here): mapper_map_present_ptee.c (a declare
// mapper's member and pointee moved by target update through the mapper inside a target data
// region that maps them from), use_device_addr/target_use_device_addr.c (use_device_addr of a
// mapped array and a kernel's write that comes home) and
// use_device_addr/target_data_use_device_addr_arrsec_fallback.c (use_device_addr of unmapped data
// keeps the host address, K-B30); `offload/test/offloading/` strided_partial_update_from.c and
// strided_partial_update_to.c (target update of every third element inside a target data region,
// the strided section written as its one-element sections). Each row names the test and the CHECK lines that give the
// llvm-offload expectation; the other profiles' expectations are the text's (6.0 §7.9.6, §7.9.10,
// §7.5.10, §15.9), written by hand, with libgomp's and gcc-12's where their knob readings differ.
// Each test is reduced to the language: one element for a scalar, 4-byte elements, kernels
// through has_device_addr / is_device_ptr written as kernels that find the data present (alloc
// maps). Tests where the test's evidence and the engines disagree are not rows here: README.md
// "Suite-derived rows".
import { ok, per, err, HALTED, hostPtr, dev, read, section, type Row } from '../rows.js';
import { hostWrite, map, motion, ompDataBegin, ompDataEnd, ompUpdate, targetAdd, targetRamp, targetWrite, hostRead, useDeviceBegin, useDeviceEnd } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'llvm/llvm-project offload/test/mapping/';
const OFFLOADING = 'llvm/llvm-project offload/test/offloading/';

/** The strided_partial_update tests' `double data[11]` (4-byte elements here), data[i] = i where the test sets it on the host; one discrete device. */
const DATA11_WORLD: World = { arrays: [{ name: 'a', length: 11, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }], structs: [], devices: [{ kind: 'discrete' }] };
/** The strided section data[0 : 4 : 3] (elements 0, 3, 6, 9) as its four one-element sections. */
const STRIDED = ['a(1:1)', 'a(4:4)', 'a(7:7)', 'a(10:10)'];

/**
 * mapper_map_present_ptee.c's `int x[10]` (a, x[0] = 111: all 111 here) and `S s` with `int y`
 * (111) and `int *p` (=> a), with `declare mapper(S s) map(s.y) map(present, tofrom: s.p[0 : 2])`
 * as tofrom c%y and c%p(1:2): the language's mapper items take no modifier, so the present modifier
 * is left out (x is mapped by the enclosing target data region, so the check it makes passes
 * there); one discrete device.
 */
const MAPPER_YP_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 111 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'y', init: 111 }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%y'] }, { type: 'tofrom', vars: ['c%p(1:2)'] }] }],
};

/** target_use_device_addr.c's `short x[10]` with x[1] = 111 (4-byte elements, all 111 here); one discrete device. */
const X_WORLD: World = { arrays: [{ name: 'a', length: 10, init: 111 }], structs: [], devices: [{ kind: 'discrete' }] };

const rows: Row[] = [
  {
    name: 'mapper_map_present_ptee.c: inside target data map(from: s.y, x), target update to(s) through s\'s mapper moves s.y and s.p[0:2] to the device; kernels add 222 to both; the region\'s from brings 333 home',
    cite: `${T}mapper_map_present_ptee.c (without -DOUT_OF_BOUNDS): x[0] = 111; s.y = 111; s.p = &x[0]; target data map(from: s.y, x) { f1(): target update to(s) ("The mapper runs here"); target data use_device_addr(s, x) target has_device_addr(s, x) { s.y = s.y + 222; x[0] = x[0] + 222 } } printf x[0], s.y "CHECK: 333 333" (6.0 §7.9.10 with §15.9: a motion clause naming s updates the mapper's items, s.y and the pointee section, whose storage the region made; §7.9.6: the region's from items copy the kernels' values home at its end). The present modifier of the mapper's pointee item is left out (see the world); the has_device_addr kernel is two kernels that find c%y and a present (alloc maps); GCC 12 rejects declare mapper (K-B43 absent: unavailable there)`,
    world: MAPPER_YP_WORLD,
    steps: [
      ompDataBegin([map('from', ['c%y', 'a'])]),
      ompUpdate([motion('to', ['c'])]),
      targetAdd('c%y', 222, 0, [map('alloc', ['c%y'])]),
      targetAdd('a(1:1)', 222, 0, [map('alloc', ['a'])]),
      ompDataEnd,
      hostRead('a(1:1)'),
      hostRead('c%y'),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok, 6: read(333) },
    last: read(333),
  },
  {
    name: 'use_device_addr/target_use_device_addr.c: use_device_addr of an array a target data region maps tofrom gives its device address; a kernel\'s write there comes home at the region\'s end',
    cite: `${T}use_device_addr/target_use_device_addr.c (-fopenmp-version=51): short x[10]; xp = &x[0]; x[1] = 111; target data use_device_addr(xp[1 : 3]) map(tofrom: x) target is_device_ptr(xp) { xp[1] = 222 } "CHECK: 222" (6.0 §15.7: the map comes first, so the use_device_addr item has corresponding storage and refers to it, §7.5.10; §7.9.6: the region's tofrom copies the kernel's write home). The use_device_addr item is the whole array (the language's use_device names whole arrays; its address is a's device copy, block 1); the is_device_ptr kernel is a kernel inside the region that finds a present (an alloc map) and writes x[1]`,
    world: X_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['a'])]),
      useDeviceBegin('a', 'da'),
      targetWrite('a(2:2)', 222, [map('alloc', ['a'])]),
      useDeviceEnd,
      ompDataEnd,
      hostRead('a(2:2)'),
    ],
    at: { 1: ok, 2: dev(1, 0), 3: ok, 4: ok, 5: ok },
    last: read(222),
  },
  {
    name: 'use_device_addr/target_data_use_device_addr_arrsec_fallback.c: use_device_addr of an array nothing maps keeps its host address (K-B30 host-address); libgomp aborts (K-B30 error)',
    cite: `${T}use_device_addr/target_data_use_device_addr_arrsec_fallback.c ("when a use_device_addr lookup fails, the list-item retains its original address by default"): int h[10]; int *ph = &h[0]; printf &h[2] "CHECK: 0x[[#%x,ADDR:]]"; target data use_device_addr(h[2]) printf &h[2] "CHECK-NEXT: 0x{{0*}}[[#ADDR]]"; the same for use_device_addr(ph[2]) (6.0 §7.5.10: a list item without corresponding storage keeps referring to its original storage; K-B30 host-address, LLVM since PR #174659). libgomp lowers the clause to GOMP_MAP_USE_DEVICE_PTR and stops, "use_device_ptr pointer wasn't mapped" (K-B30 error; gcc-12 extends libgomp). h is a (at 0x1000), and the element h[2] the whole array (the language's use_device names whole arrays); the ph[2] form, the same element through a pointer, is left out`,
    world: X_WORLD,
    steps: [useDeviceBegin('a', 'dh'), useDeviceEnd],
    at: { 1: per(hostPtr(A), { libgomp: err('fatal_not_present'), 'K-B30=error': err('fatal_not_present') }) },
    last: per(ok, { libgomp: HALTED, 'K-B30=error': HALTED }),
  },
  {
    name: 'offloading/strided_partial_update_from.c: inside target data map(to: data), a kernel adds i to every element; target update from of every third element brings only those home; the region\'s to copies nothing back',
    cite: `${OFFLOADING}strided_partial_update_from.c: target map(tofrom: data[0 : len]) { data[i] = i } "CHECK: 0.000000" … "CHECK: 10.000000"; target data map(to: data[0 : len]) { target { data[i] += i }; target update from(data[0 : 4 : 3]) } "CHECK: 0, 1, 2, 6, 4, 5, 12, 7, 8, 18, 10" (6.0 §15.9: the motion clause assigns the corresponding elements of its list item to the original ones, and no others; §7.9.6: a to item is not copied back at the region's end). len is 11, the elements 4-byte integers; the first kernel writes the ramp 0, 1, … (data is already 0, 1, … in the world, as the first CHECK block reads it); the strided section data[0 : 4 : 3] is its four one-element sections a(1), a(4), a(7), a(10) on one update`,
    world: DATA11_WORLD,
    steps: [
      targetRamp('a', 0, 1, [map('tofrom', ['a'])]),
      hostRead('a'),
      ompDataBegin([map('to', ['a'])]),
      targetAdd('a', 0, 1),
      ompUpdate([motion('from', STRIDED)]),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 1: ok, 2: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 3: ok, 4: ok, 5: ok, 6: ok },
    last: read(0, 1, 2, 6, 4, 5, 12, 7, 8, 18, 10),
  },
  {
    name: 'offloading/strided_partial_update_to.c: inside target data map(tofrom: data), a kernel sets every element to 20; the host sets every third to 10 and target update to sends only those; a kernel adds 5; the region\'s tofrom brings 15 and 25 home',
    cite: `${OFFLOADING}strided_partial_update_to.c: data[i] = i "CHECK: 0.000000" … "10.000000"; target data map(tofrom: data[0 : len]) { target { data[i] = 20.0 }; data[0] = data[3] = data[6] = data[9] = 10.0; target update to(data[0 : 4 : 3]); target { data[i] += 5.0 } } "CHECK: 15, 25, 25, 15, 25, 25, 15, 25, 25, 15, 25" (6.0 §15.9: the motion clause assigns the original elements it names to the corresponding ones, and no others; §7.9.6: the region's tofrom copies the device values home at its end). len is 11, the elements 4-byte integers; the strided section data[0 : 4 : 3] is its four one-element sections a(1), a(4), a(7), a(10) on one update`,
    world: DATA11_WORLD,
    steps: [
      hostRead('a'),
      ompDataBegin([map('tofrom', ['a'])]),
      targetWrite('a', 20),
      ...STRIDED.map((e) => hostWrite(e, 10)),
      ompUpdate([motion('to', STRIDED)]),
      targetAdd('a', 5, 0),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 1: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 2: ok, 3: ok, 8: ok, 9: ok, 10: ok },
    last: read(15, 25, 25, 15, 25, 25, 15, 25, 25, 15, 25),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (a third set of scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
