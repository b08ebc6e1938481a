// Scenarios from runtime bug reports about OpenACC data mapping: GCC bug reports (PR libgomp/NNNNN)
// with the libgomp testsuite files that carry their number (gcc-mirror/gcc,
// libgomp/testsuite/libgomp.oacc-*), OpenACC 3.3 §2.6 Data Environment. Each row names the report,
// the test and the asserts that give the fixed behaviour, the libgomp / gcc-12 expectation; the
// other profiles' expectation is the text's (spec-digest.md: §2.6.7 reference counters, §2.7.2
// attach and detach actions, §3.2 routines), written by hand. A test is reduced to the steps the
// language can say; what a row leaves out (profiling callbacks, sizes, loops) is said in its cite.

import { dev, hostPtr, ok, read, section, value, type Row } from '../rows.js';
import {
  accAttach,
  accCopyin,
  accCreate,
  accDelete,
  accDetach,
  accDeviceptr,
  accFree,
  accIsPresent,
  accMalloc,
  accMapData,
  accUnmapData,
  attach,
  copyin,
  create,
  dataBegin,
  dataEnd,
  del,
  detach,
  enterData,
  exitData,
  h,
  parallelPointer,
  parallelRead,
  present,
} from '../steps.js';
import { A, ACC_WORLD, PLAIN_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-c-c++-common/';
const YES = value(true);
const NO = value(false);

/** pr95270-1.c's int *data_p = &data: the plain pointer p aimed at a from the start. */
const PLAIN_A_WORLD: World = { ...PLAIN_WORLD, structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }] };

/** pr95270-2.c's ptrarr[i] = &otherarr[N - 1 - i], three of them: cs(i)%p => a(4 - i), a = 1..10. */
const PTRARR_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'cs', pointers: ['p'], count: 3, init: { '(1)%p': 'a(3:3)', '(2)%p': 'a(2:2)', '(3)%p': 'a(1:1)' } }],
};

const rows: Row[] = [
  {
    name: 'PR libgomp/95270 (pr95270-1.c, directives): enter data attach of a pointer variable copied in by acc_copyin aims its device copy at the target\'s copy; exit data detach gives the host value back',
    cite: `${T}pr95270-1.c (PR libgomp/95270: "enter data attach" looked the pointer's memory object up displaced by the pointer's size): data_p_dev = acc_create(&data); acc_copyin(&data_p); enter data attach(data_p); serial { ptrbits = data_p }; exit data detach(data_p); assert(ptrbits == data_p_dev); acc_update_self(&data_p); assert(data_p == &data) (3.3 §2.7.2 attach and detach actions). data is a, data_p the plain pointer p => a; the kernel's copyout(ptrbits) is a kernel reading p, with present(p) for GCC's implicit use of the present pointer; the update self and the host assert are a kernel reading p again after the detach`,
    world: PLAIN_A_WORLD,
    steps: [
      accCreate('a'),
      accCopyin('p'),
      enterData(attach('p%p')),
      parallelPointer('p%p', undefined, present('p')),
      exitData(detach('p%p')),
      parallelPointer('p%p', undefined, present('p')),
      accDelete('p'),
      accDelete('a'),
      accIsPresent('a'),
    ],
    at: { 1: dev(1), 2: dev(2), 3: ok, 4: dev(1), 5: ok, 6: hostPtr(A) },
    last: NO,
  },
  {
    name: 'PR libgomp/95270 (pr95270-1.c, routines): acc_attach of a pointer variable copied in by acc_copyin aims its device copy at the target\'s copy; acc_detach gives the host value back',
    cite: `${T}pr95270-1.c, second half: acc_attach((void **) &data_p); serial { ptrbits = data_p }; acc_detach((void **) &data_p); assert(ptrbits == data_p_dev); acc_update_self(&data_p); assert(data_p == &data); acc_delete(&data_p); acc_delete(&data) (3.3 §3.2.29 acc_attach / acc_detach: the attach and detach actions). Reduced as the directive half`,
    world: PLAIN_A_WORLD,
    steps: [
      accCreate('a'),
      accCopyin('p'),
      accAttach('p%p'),
      parallelPointer('p%p', undefined, present('p')),
      accDetach('p%p'),
      parallelPointer('p%p', undefined, present('p')),
      accDelete('p'),
      accDelete('a'),
      accIsPresent('p'),
    ],
    at: { 1: dev(1), 2: dev(2), 3: ok, 4: dev(1), 5: ok, 6: hostPtr(A) },
    last: NO,
  },
  {
    name: 'PR libgomp/95270 (pr95270-2.c): an array of pointers copied in whole, each element attached by its own enter data, reaches the targets\' copy in a kernel; after the detaches the device copies hold the host addresses',
    cite: `${T}pr95270-2.c: acc_copyin(otherarr); acc_copyin(ptrarr); for each i: enter data attach(ptrarr[i]); parallel loop copyin(ptrarr[0:N], otherarr[0:N]) sums *ptrarr[i]; for each i: exit data detach(ptrarr[i]); assert(sum == hostsum) (3.3 §2.7.2: each attach action finds the pointer's section and its target's section present). ptrarr is cs(1:3) with cs(i)%p => a(4 - i) (N = 128 is 3, otherarr is a = 1..10); the sum is one kernel read through cs(1)%p and one through cs(3)%p; a kernel reading cs(2)%p itself after the detach is added (the host address of a(2))`,
    world: PTRARR_WORLD,
    steps: [
      accCopyin('a'),
      accCopyin('cs'),
      enterData(attach('cs(1)%p')),
      enterData(attach('cs(2)%p')),
      enterData(attach('cs(3)%p')),
      parallelRead('cs(1)%p', copyin('cs', 'a')),
      parallelRead('cs(3)%p', copyin('cs', 'a')),
      exitData(detach('cs(1)%p')),
      exitData(detach('cs(2)%p')),
      exitData(detach('cs(3)%p')),
      parallelPointer('cs(2)%p', undefined, present('cs')),
      accDelete('cs'),
      accDelete('a'),
      accIsPresent('a'),
    ],
    at: { 6: read(3), 7: read(1), 11: hostPtr(A + 4) },
    last: NO,
  },
  {
    name: 'PR libgomp/92848 (pr92848-1-r-p.c f1): acc_create twice, a data create region, then acc_delete twice: one device copy, present until the second delete',
    cite: `${T}pr92848-1-r-p.c f1 (PR libgomp/92848, dynamic data lifetimes through the enter data path): d = acc_create(h); assert(acc_is_present(h)); acc_create(h); data create(h) {}; assert(acc_is_present(h)); acc_delete(h); assert(acc_is_present(h)); acc_delete(h) (the free callback fires here, on d); assert(!acc_is_present(h)) (3.3 §2.6.7: the dynamic counter is 2, the structured one back to 0). The profiling callbacks (one alloc event, its size, one free event) are read as: the second acc_create returns d again (no new device copy). h is a`,
    steps: [
      accCreate('a'),
      accIsPresent('a'),
      accCreate('a'),
      dataBegin(create('a')),
      dataEnd,
      accIsPresent('a'),
      accDelete('a'),
      accIsPresent('a'),
      accDelete('a'),
      accIsPresent('a'),
    ],
    at: { 1: dev(1), 2: YES, 3: dev(1), 6: YES, 7: ok, 8: YES, 9: ok },
    last: NO,
  },
  {
    name: 'PR libgomp/92848 (pr92848-1-r-p.c f1, directives): enter data create twice, a data create region, exit data delete twice: present until the second delete',
    cite: `${T}pr92848-1-r-p.c f1 under OPENACC_DIRECTIVES (the test's other branch): enter data create(h[0:SIZE]) twice (d = acc_deviceptr(h)); data create(h[0:SIZE]) {}; assert(acc_is_present(h)); exit data delete(h[0:SIZE]); assert(acc_is_present(h)); exit data delete(h[0:SIZE]); assert(!acc_is_present(h)) (3.3 §2.6.7). h is a; the callbacks are left out, acc_deviceptr after the second create gives the first device copy`,
    steps: [
      enterData(create('a')),
      accDeviceptr('a'),
      enterData(create('a')),
      accDeviceptr('a'),
      dataBegin(create('a')),
      dataEnd,
      accIsPresent('a'),
      exitData(del('a')),
      accIsPresent('a'),
      exitData(del('a')),
      accIsPresent('a'),
    ],
    at: { 2: dev(1), 4: dev(1), 7: YES, 8: ok, 9: YES, 10: ok },
    last: NO,
  },
  {
    name: 'PR libgomp/92848 (pr92848-1-r-p.c f2): data mapped by acc_map_data stays present through acc_create, a data create region and acc_delete; acc_unmap_data ends it, acc_free frees the memory',
    cite: `${T}pr92848-1-r-p.c f2: d = acc_malloc(SIZE); acc_map_data(h, d, SIZE); assert(acc_is_present(h)); acc_create(h); data create(h) {}; assert(acc_is_present(h)); acc_delete(h); assert(acc_is_present(h)); acc_unmap_data(h); assert(!acc_is_present(h)); acc_free(d) (the free callback fires on d). libgomp: mapped data has an infinite count (K-A7 infinite); the text (K-A7 clamp, 3.3 §3.2.21) and unmap-at-zero count it from 1 and the acc_create and acc_delete cancel out, so it is present in every reading. h is a, SIZE 40 bytes; acc_create is observed to return the mapped memory`,
    steps: [
      accMalloc('d', 40),
      accMapData('a', h('d')),
      accIsPresent('a'),
      accCreate('a'),
      dataBegin(create('a')),
      dataEnd,
      accIsPresent('a'),
      accDelete('a'),
      accIsPresent('a'),
      accUnmapData('a'),
      accIsPresent('a'),
      accFree(h('d')),
    ],
    at: { 1: dev(1), 2: ok, 3: YES, 4: dev(1), 7: YES, 8: ok, 9: YES, 10: ok, 11: NO },
    last: ok,
  },
  {
    name: 'PR libgomp/92848 (pr92848-1-r-p.c f3): inside a data create region acc_create, a nested data create and acc_delete leave the data present; the end of the outer region removes it',
    cite: `${T}pr92848-1-r-p.c f3: data create(h) { d = acc_deviceptr(h); assert(d); assert(acc_is_present(h)); acc_create(h); data create(h) {}; assert(acc_is_present(h)); acc_delete(h); assert(acc_is_present(h)) } (the free callback fires at the region's end, on d); assert(!acc_is_present(h)) (3.3 §2.6.7: the delete drops the dynamic counter to 0, the structured counter still holds it). h is a`,
    steps: [
      dataBegin(create('a')),
      accDeviceptr('a'),
      accIsPresent('a'),
      accCreate('a'),
      dataBegin(create('a')),
      dataEnd,
      accIsPresent('a'),
      accDelete('a'),
      accIsPresent('a'),
      dataEnd,
      accIsPresent('a'),
    ],
    at: { 2: dev(1), 3: YES, 4: dev(1), 7: YES, 8: ok, 9: YES, 10: ok },
    last: NO,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6',
  title: 'Data Environment (scenarios of runtime bug reports)',
  rules: [],
  world: ACC_WORLD,
  rows,
});
