// Scenarios from LLVM's offload testsuite (llvm/llvm-project, offload/test/api, and the routine
// tests of offload/test/mapping and offload/test/unified_shared_memory), OpenMP 6.0 §25 Device
// Memory Routines. Each row names the test and its CHECK lines or asserts, which give the
// llvm-offload expectation; the other profiles' expectation is the text's (6.0 §25.2–§25.7), with
// the knob readings profiles/builtin.ts gives each runtime.

import { HALTED, UNDEF, dev, ok, per, read, readAll, section, value, type Outcome, type Row } from '../rows.js';
import { HOST, alloc, associate, disassociate, free, h, hostRead, isAccessible, isPresent, map, mappedPtr, memcpy, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetRead, targetWrite, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'llvm/llvm-project offload/test/api/';
const ZERO = value(0);
const ONE = value(1);

/** omp_target_memcpy_async1.c's q (q[i] = i) and q2 (zeros), scaled from 128 to 10 elements; one discrete device. */
const Q2_WORLD: World = {
  arrays: [
    { name: 'q', length: 10, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { name: 'q2', length: 10, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

const MAPPING = 'llvm/llvm-project offload/test/mapping/';
const USM = 'llvm/llvm-project offload/test/unified_shared_memory/';
const YES = value(true);

/** unified_shared_memory/associate_ptr.c's `int x = 10` (a(1:1)) and is_accessible.cpp's `new int[n]` (a), under requires unified_shared_memory; one discrete device. */
const USM_WORLD: World = { arrays: [{ name: 'a', length: 10, init: 10 }], structs: [], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] };

/**
 * omp_target_memcpy_async2.c's a[128] (i + 1), b[64] (i + 2), c[32] (i + 3, as the task sets it
 * before the copy that depends on it), e[16] (i + 4) and q[128], scaled to 8, 4, 2, 1 and 8
 * elements; one discrete device.
 */
const ABCE_WORLD: World = {
  arrays: [
    { name: 'a', length: 8, init: [1, 2, 3, 4, 5, 6, 7, 8] },
    { name: 'b', length: 4, init: [2, 3, 4, 5] },
    { name: 'c', length: 2, init: [3, 4] },
    { name: 'e', length: 1, init: [4] },
    { name: 'q', length: 8, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** associate_ptr.c after the association: halted where the text left it undefined (K-B18 undefined), `o` for the runtimes. */
const afterAssociate = (o: Outcome) => per(HALTED, { 'llvm-offload': o, libgomp: o, 'gcc-12': o, 'K-B18=as-discrete': o });

const rows: Row[] = [
  {
    name: 'omp_target_associate_disassociate_ptr.c: associate, query, disassociate, repeat; a second disassociate fails; the device memory stays usable',
    cite: `${T}omp_target_associate_disassociate_ptr.c: "CHECK: present before associate: 0", "associate: 0", "present after associate: 1", "mapped matches: 1", "disassociate: 0", "present after disassociate: 0", "mapped after disassociate is null: 1", "repeated associate/disassociate: ok", "disassociate missing: 1" (K-B17; the text leaves it unspecified), "device memory after disassociate: 7". One repetition`,
    steps: [
      alloc('d', 40),
      isPresent(v('a')),
      associate(v('a'), h('d'), 40),
      isPresent(v('a')),
      mappedPtr(v('a')),
      disassociate(v('a')),
      isPresent(v('a')),
      mappedPtr(v('a')),
      associate(v('a'), h('d'), 40),
      disassociate(v('a')),
      memcpy(h('d'), v('b'), 4, 0, 0, 0, HOST),
      memcpy(v('a'), h('d'), 4, 0, 0, HOST, 0),
      hostRead('a(1:1)'),
      disassociate(v('a')),
    ],
    at: {
      2: value(false),
      3: ZERO,
      4: value(true),
      5: dev(1),
      6: ZERO,
      7: value(false),
      8: value(null),
      9: ZERO,
      10: ZERO,
      11: ZERO,
      12: ZERO,
      13: read(2),
    },
    last: per(UNDEF, { libgomp: ONE, 'llvm-offload': ONE }),
  },
  {
    name: 'omp_target_associate_disassociate_ptr.c: a mapping made by target enter data cannot be disassociated',
    cite: `${T}omp_target_associate_disassociate_ptr.c: target enter data map(alloc: MappedByEnter); omp_target_disassociate_ptr (&MappedByEnter, Dev) "CHECK: disassociate of mapped data: 1"; target exit data map(delete: MappedByEnter) (K-B4 refuse)`,
    steps: [ompEnter([map('alloc', ['a'])]), disassociate(v('a')), ompExit([map('delete', ['a'])]), isPresent(v('a'))],
    at: { 2: ONE },
    last: value(false),
  },
  {
    name: 'omp_get_mapped_ptr.c: null before mapping; the entry\'s device address after target enter data, at the start and at an offset',
    cite: `${T}omp_get_mapped_ptr.c: assert (device_ptr == NULL && "the pointer should not be mapped right now"); target enter data map(to: host_data[:N]); assert (device_ptr && …); assert (ptr == device_ptr) (the address a target region sees); omp_get_mapped_ptr (host_data + OFFSET, 0): "the pointer with offset should be mapped", equal to the target region's host_data + OFFSET`,
    steps: [mappedPtr(v('a')), ompEnter([map('to', ['a'])]), mappedPtr(v('a')), mappedPtr(v('a', 16))],
    at: { 1: value(null), 3: dev(1) },
    last: dev(1, 16),
  },
  {
    name: 'omp_target_memcpy_async1.c: host to device at a destination offset and back from that offset returns both copies\' bytes unchanged',
    cite: `${T}omp_target_memcpy_async1.c (a test taken from GCC): p = omp_target_alloc (130 * sizeof (int), d); omp_target_memcpy_async (p, q, 128 * sizeof (int), sizeof (int), 0, d, id, 0, NULL) must return 0; taskwait; omp_target_memcpy_async (q2, p, 128 * sizeof (int), 0, sizeof (int), id, d, 0, NULL) must return 0; taskwait; abort () unless q2[i] == q[i] (6.0 §25.7.1, §25.7.3: after the taskwait the asynchronous copy has done what omp_target_memcpy does). Written with omp_target_memcpy (the language has no asynchronous routines), scaled to 10 elements`,
    world: Q2_WORLD,
    steps: [alloc('p', 48), memcpy(h('p'), v('q'), 40, 4, 0, 0, HOST), memcpy(v('q2'), h('p'), 40, 0, 4, HOST, 0), hostRead('q2'), free(h('p'))],
    at: { 2: ZERO, 3: ZERO, 4: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) },
    last: { kind: 'ok' },
  },
  {
    name: 'omp_target_memcpy_async2.c: four copies of shrinking arrays into one omp_target_alloc block, in the order their dependences give, then one copy back: each element holds the last copy that reached it',
    cite: `${T}omp_target_memcpy_async2.c (d the default device, id the host): p = omp_target_alloc (130 * sizeof (int), d); tasks ordered by depend(p): omp_target_memcpy (p, a, 128 ints …), (p, b, 64 ints), omp_target_memcpy_async (p, c, 32 ints, …, 2, obj) after the task writing c, then omp_target_memcpy (p, e, 16 ints); taskwait; omp_target_memcpy (q, p, 128 ints, 0, 0, id, d); abort () unless q[i] == i + 4 for i < 16, i + 3 below 32, i + 2 below 64, i + 1 below 128 (6.0 §25.7.1, §25.7.3: the copies run in the order of their dependences). Scaled to 8, 4, 2 and 1 elements in a 10-element block; the asynchronous copy is written as omp_target_memcpy (the language has no tasks); run_test (omp_initial_device) never runs (the && stops at the first 0)`,
    world: ABCE_WORLD,
    steps: [
      alloc('p', 40),
      memcpy(h('p'), v('a'), 32, 0, 0, 0, HOST),
      memcpy(h('p'), v('b'), 16, 0, 0, 0, HOST),
      memcpy(h('p'), v('c'), 8, 0, 0, 0, HOST),
      memcpy(h('p'), v('e'), 4, 0, 0, 0, HOST),
      memcpy(v('q'), h('p'), 32, 0, 0, HOST, 0),
      hostRead('q'),
      free(h('p')),
    ],
    at: { 2: ZERO, 3: ZERO, 4: ZERO, 5: ZERO, 6: ZERO, 7: read(4, 4, 4, 5, 5, 6, 7, 8) },
    last: ok,
  },
  {
    name: 'ompx_hold/omp_target_disassociate_ptr.c (no ompx_hold, DynRef 0 and 1): omp_target_disassociate_ptr of data a target data region (and an enter data) mapped fails; the mapping stays',
    cite: `${MAPPING}ompx_hold/omp_target_disassociate_ptr.c, runs "0" and "1" with the ompx_hold modifier dropped: XDev = omp_target_alloc (sizeof X, DevNum); DynRef times target enter data map(alloc: X); target data map(alloc: X) { omp_target_disassociate_ptr (&X, DevNum) } "CHECK-NEXT: omp_target_disassociate_ptr failed" (without the hold the refusal is LLVM's "not mapped via omp_target_associate_ptr": Mapping.cpp disassociatePtr fails unless the dynamic count is infinite). 6.0 §25.6 removes only what omp_target_associate_ptr made; K-B4 refuse (every profile). The hold half of the CHECK ("non-zero hold reference count") and the "inf" run (X associated, where only the hold makes the call fail) are left out; X is a(1:1)`,
    steps: [
      alloc('xd', 4),
      ompDataBegin([map('alloc', ['a(1:1)'])]),
      disassociate(v('a')),
      ompDataEnd,
      isPresent(v('a')),
      ompEnter([map('alloc', ['a(1:1)'])]),
      ompDataBegin([map('alloc', ['a(1:1)'])]),
      disassociate(v('a')),
      ompDataEnd,
      isPresent(v('a')),
    ],
    at: { 3: ONE, 5: value(false), 8: ONE },
    last: YES,
  },
  {
    name: 'unified_shared_memory/associate_ptr.c: under unified shared memory omp_target_associate_ptr gives x device storage (LLVM), so target map(always, tofrom) copies it in and back; the text leaves the association open (K-B18), libgomp refuses it',
    cite: `${USM}associate_ptr.c (#pragma omp requires unified_shared_memory): x = 10; x_dev = omp_target_alloc (sizeof x, dev); assert (!omp_target_associate_ptr (&x, x_dev, sizeof x, 0, dev)); target map(always, tofrom: x) x += 1 "CHECK: x=11"; "CHECK: present: 1" (LLVM: the normal associate path, K-B18 as-discrete). The text says nothing of an association where the device shares memory with the host (K-B18 undefined); libgomp answers EINVAL for a shared-memory device (K-B18 nonzero) and its self maps update x in place (K-B8 self), and omp_target_is_present is true for host memory there (K-B2 self-mapped); GCC 12 ignores the requirement (K-B54), so its device is discrete and the association works. x is a(1:1); the kernel is split into a read of 10 and a write of 11`,
    world: USM_WORLD,
    steps: [
      alloc('xd', 4),
      associate(v('a'), h('xd'), 4),
      targetRead('a(1:1)', [map('tofrom', ['a(1:1)'], 'always')]),
      targetWrite('a(1:1)', 11, [map('tofrom', ['a(1:1)'], 'always')]),
      hostRead('a(1:1)'),
      isPresent(v('a')),
    ],
    // the text stops at the association (undefined); the runtimes' readings run on
    at: {
      2: per(UNDEF, { 'llvm-offload': ZERO, libgomp: ONE, 'gcc-12': ZERO, 'K-B18=as-discrete': ZERO }),
      3: afterAssociate(read(10)),
      4: afterAssociate(ok),
      5: afterAssociate(read(11)),
    },
    last: afterAssociate(YES),
  },
  {
    name: 'is_accessible.cpp: under unified shared memory host memory is accessible on the device, and a kernel\'s writes to it reach the host',
    cite: `${MAPPING}is_accessible.cpp (REQUIRES: unified_shared_memory, amdgpu, run with HSA_XNACK=1): a = new int[n]; omp_target_is_accessible (a, n * sizeof (int), 0) true, then target teams distribute parallel for { a[i] = i } and "CHECK: SUCCESS" (a[i] == i on the host). 6.0 §10.5.1.5: all storage is accessible on every device, so §25.2.2 answers true (K-B9 6.0; LLVM unified-only and libgomp capability answer true for a device with unified memory); the kernel's implicit tofrom map (§7.9.3) or the shared storage brings the writes home. GCC 12 has no omp_target_is_accessible (K-B25). The HSA_XNACK=0 run ("NO_USM: Not accessible") is left out; the kernel writes 5 to every element`,
    world: USM_WORLD,
    steps: [isAccessible(v('a'), 40), targetWrite('a', 5), hostRead('a')],
    at: { 1: YES, 2: ok },
    last: readAll(10, 5),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25',
  title: 'Device Memory Routines (scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
