// OpenACC 3.3 §2.6.8 Attachment Counter: the pointer in device memory. A kernel that reads a
// pointer member itself (not its target) sees what the device copy of the struct holds there: the
// device address of the target's copy once an attach action ran (§2.7.2 Attach Action), the host
// pointer's value again after the detach that brought the counter to zero, the host's bytes as a
// copyin action copied them when no attach ran, an indeterminate value after a create action. A
// value the kernel keeps (`result`) stays what it was: once the target's copy is deleted it points
// into freed device memory (a stale pointer), which a device memory routine may not be given
// (§3.2.27), or, on an allocator that hands freed memory out again, into whatever was mapped there.
//
// Evidence: libgomp target.c gomp_attach_pointer writes `tn->tgt->tgt_start + tn->tgt_offset +
// target - tn->host_start` (the device address of the target's copy) into the device pointer with
// gomp_copy_host2dev; gomp_detach_pointer writes the host pointer's value back when the attach
// count reaches zero; gomp_map_vars copies a struct's host bytes verbatim. LLVM offload runs no
// OpenACC (its profile sets no K-A knob), so its column is the spec's.

import { UNDEF, dev, hostPtr, read, section, value, type Row } from '../rows.js';
import { accMemcpyFromDevice, assign, copyin, create, del, detach, enterData, exitData, hostRead, noCreate, parallelPointer } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a struct copied in without an attach holds the host address of the target (not attached)',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), parallelPointer('c%p')],
    at: { 3: hostPtr(A) },
  },
  {
    name: 'after the attach: the device address of the target\'s copy, at the target\'s offset in it',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c')), enterData(copyin('a')), enterData(copyin('c%p')), parallelPointer('c%p')],
    // c%p => a(2:4): byte 4 of a's copy (block 2)
    at: { 4: dev(2, 4) },
  },
  {
    name: 'the detach that brings the counter to zero puts the host value back',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c')), enterData(copyin('a')), enterData(copyin('c%p')), exitData(detach('c%p')), parallelPointer('c%p')],
    at: { 5: hostPtr(A + 4) },
  },
  {
    name: 'a disassociated host pointer copied in: null',
    steps: [enterData(copyin('c')), parallelPointer('c%p')],
    at: { 2: value(null) },
  },
  {
    name: 'a created struct holds an indeterminate pointer: reading it is undefined',
    steps: [assign('c%p', 'a'), enterData(create('c')), parallelPointer('c%p')],
    at: { 3: UNDEF },
  },
  {
    name: 'a struct with no device copy (no_create of absent data): the kernel would use the host struct, undefined',
    steps: [assign('c%p', 'a'), parallelPointer('c%p', undefined, noCreate('c'))],
    at: { 2: UNDEF },
  },
  {
    name: 'a kept value is a handle: a copy from it reads the target\'s device copy; after the delete it is stale and the copy undefined',
    steps: [
      assign('c%p', 'a(1:4)'),
      enterData(copyin('c'), copyin('c%p')),
      parallelPointer('c%p', 'dp'),
      accMemcpyFromDevice('b(1:4)', { handle: 'dp' }),
      hostRead('b(1:4)'),
      exitData(del('c%p')),
      accMemcpyFromDevice('b(1:4)', { handle: 'dp' }),
    ],
    at: { 3: dev(2, 0), 5: read(1, 1, 1, 1), 7: UNDEF },
  },
  {
    name: 'reuse world: the stale value points into the block the next copy got, and a copy from it reads that data',
    world: { ...ACC_WORLD, reuse: true },
    steps: [
      assign('c%p', 'a(1:4)'),
      enterData(copyin('c'), copyin('c%p')),
      parallelPointer('c%p', 'dp'),
      exitData(del('c%p')),
      enterData(copyin('b(5:8)')),
      accMemcpyFromDevice('a(5:8)', { handle: 'dp' }),
      hostRead('a(5:8)'),
    ],
    cite: 'lang/README.md "Device memory reuse": the freed 16-byte block of a(1:4) is handed to b(5:8)',
    at: { 3: dev(2, 0), 6: { kind: 'ok' }, 7: read(2, 2, 2, 2) },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.8',
  title: 'Attachment Counter (the device copy of a pointer)',
  rules: ['OpenACC 3.3 §2.6.8 Attachment Counter (the device copy of a pointer)'],
  world: ACC_WORLD,
  rows,
});
