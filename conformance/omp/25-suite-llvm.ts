// Scenarios from LLVM's offload testsuite (llvm/llvm-project, offload/test/api), OpenMP 6.0 §25
// Device Memory Routines. Each row names the test and its CHECK lines or asserts, which give the
// llvm-offload expectation; the other profiles' expectation is the text's (6.0 §25.2–§25.7), with
// the knob readings profiles/builtin.ts gives each runtime.

import { UNDEF, dev, per, read, section, value, type Row } from '../rows.js';
import { HOST, alloc, associate, disassociate, free, h, hostRead, isPresent, map, mappedPtr, memcpy, ompEnter, ompExit, v } from '../steps.js';
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
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25',
  title: 'Device Memory Routines (scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
