// OpenACC 3.3 §2.6.7 Reference Counters, for allocatable components (issue 9 item 6): a host
// `deallocate` of storage that is present on the device ends no data lifetime. The lifetime ends
// when both counters reach zero (§2.6.7), by data clauses and routines; only a declare directive's
// data is deallocated on the device with its host copy (§2.13.2). So the section of the freed
// storage stays, and the device copy of the struct keeps its pointer attached to it (§2.6.8: the
// counter moves only by attach and detach actions): a kernel reading through it after the
// component was allocated again at a new address reads the old copy, until an attach of the new
// allocation re-points it. Runtimes: libgomp and LLVM offload are never told of a host deallocate
// (libgomp target.c: the splay tree keeps the key [hostaddr, hostaddr + size) of the freed
// storage; LLVM OpenMP/Mapping.cpp: the HostDataToTargetMap entry stays), and gomp_attach_pointer
// / LLVM's attachment compare the new host address with the old one and re-point, so every profile
// expects the same.

import { ACC_DEALLOCATE_RULE } from '../../model/allocatable.js';
import { UNDEF, ok, per, perState, read, section, type Row } from '../rows.js';
import { allocate, copyin, copyout, deallocate, del, enterData, exitData, exitDataFinalize, hostRead, parallelDefaultPresent } from '../steps.js';
import { ALLOC_WORLD, E, HEAP0, HEAP1 } from '../worlds.js';

const kernelRead = parallelDefaultPresent({ read: 'e%x' });
const MEMBER_MAPPED = {
  sections: [
    { host: [E, E + 16] as [number, number], block: 1, src: 0, drc: 2 },
    { host: [HEAP0, HEAP0 + 16] as [number, number], block: 2, src: 0, drc: 1 },
  ],
  attachments: [{ ptr: E, ac: 1, device: { space: 'dev' as const, block: 2, offset: 0, count: 4 } }],
};
/** K-A4 counter-only: the second attach counts and leaves the device pointer on the old copy. */
const COUNTED = { attachments: [{ ptr: E, ac: 2, device: { space: 'dev' as const, block: 2, offset: 0, count: 4 } }] };
const mapped = [allocate('e%x', 4, 3), enterData(copyin('e')), enterData(copyin('e%x'))];

const rows: Row[] = [
  {
    name: 'deallocate of a present allocation: no error, the section stays with its counters',
    cite: 'K-A22 member-mapped (libgomp): copyin(e%x) also maps the member\'s own bytes, one more reference on e\'s section',
    steps: [...mapped, deallocate('e%x')],
    last: ok,
    state: {
      4: perState(
        {
          sections: [
            { host: [E, E + 16], block: 1, src: 0, drc: 1 },
            { host: [HEAP0, HEAP0 + 16], block: 2, src: 0, drc: 1 },
          ],
          attachments: [{ ptr: E, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 4 } }],
        },
        {
          libgomp: MEMBER_MAPPED,
          'K-A22=member-mapped': MEMBER_MAPPED,
        },
      ),
    },
  },
  {
    name: 'the stale attachment: allocated again at a new address, a kernel still reads the old copy; the host reads the new storage',
    steps: [...mapped, deallocate('e%x'), allocate('e%x', 4, 4), kernelRead, hostRead('e%x')],
    at: { 6: read(3, 3, 3, 3) },
    last: read(4, 4, 4, 4),
  },
  {
    name: 'a copyin of the new allocation maps it at its new address and re-points the device pointer (a new target address: AC 1); K-A4 counter-only (libgomp, Cray) only counts: the stale attachment stays; K-C1 lifo (glibc) gives the freed storage back, so the copyin finds the old section and the attach its own target: counted, nothing copied',
    cite: '§2.6.8 "set to one when the pointer is attached to a new target address"; K-A4 counter-only: libgomp gomp_attach_pointer increments a nonzero attach count without writing the device pointer; K-C1 lifo: malloc(16) after free(16) returns the freed chunk (glibc tcache)',
    steps: [...mapped, deallocate('e%x'), allocate('e%x', 4, 4), enterData(copyin('e%x')), kernelRead],
    last: per(read(4, 4, 4, 4), { libgomp: read(3, 3, 3, 3), 'cray-19': read(3, 3, 3, 3), 'K-A4=counter-only': read(3, 3, 3, 3), 'llvm-offload': read(3, 3, 3, 3), 'K-C1=lifo': read(3, 3, 3, 3) }),
    state: {
      6: perState(
        { attachments: [{ ptr: E, ac: 1, device: { space: 'dev', block: 3, offset: 0, count: 4 } }] },
        { libgomp: COUNTED, 'cray-19': COUNTED, 'K-A4=counter-only': COUNTED, 'llvm-offload': COUNTED, 'K-C1=lifo': COUNTED },
      ),
    },
  },
  {
    name: 'K-C1: an allocation of another size lies at a new address in every reading (glibc keeps a free list per chunk size): the copyin maps it beside the old section',
    cite: 'K-C1 lifo: malloc(32) needs a 48-byte chunk, the freed one is 32 bytes',
    steps: [allocate('e%x', 4, 3), enterData(copyin('e%x')), deallocate('e%x'), allocate('e%x', 8, 4), enterData(copyin('e%x'))],
    last: ok,
    state: {
      5: perState(
        {
          sections: [
            { host: [HEAP0, HEAP0 + 16], block: 1, src: 0, drc: 1 },
            { host: [HEAP1, HEAP1 + 32], block: 2, src: 0, drc: 1 },
          ],
        },
        {
          // K-A22 member-mapped: each copyin(e%x) maps e's bytes of the member too
          libgomp: {
            sections: [
              { host: [E, E + 16], block: 1, src: 0, drc: 2 },
              { host: [HEAP0, HEAP0 + 16], block: 2, src: 0, drc: 1 },
              { host: [HEAP1, HEAP1 + 32], block: 3, src: 0, drc: 1 },
            ],
          },
        },
      ),
    },
  },
  {
    name: 'K-C1: the same size again after a deallocate: a new address (fresh) gets a section of its own; glibc (lifo) hands the freed storage back and the copyin counts the old section, whose device copy keeps the first values',
    cite: 'K-C1 lifo: glibc malloc.c tcache_get returns the chunk tcache_put took last; libgomp and LLVM offload are never told of the free',
    steps: [allocate('e%x', 4, 3), enterData(copyin('e%x')), deallocate('e%x'), allocate('e%x', 4, 4), enterData(copyin('e%x')), exitDataFinalize(copyout('e%x')), hostRead('e%x')],
    last: per(read(4, 4, 4, 4), { libgomp: read(3, 3, 3, 3), 'llvm-offload': read(3, 3, 3, 3), 'K-C1=lifo': read(3, 3, 3, 3) }),
    state: {
      5: perState(
        {
          sections: [
            { host: [HEAP0, HEAP0 + 16], block: 1, src: 0, drc: 1 },
            { host: [HEAP1, HEAP1 + 16], block: 2, src: 0, drc: 1 },
          ],
        },
        {
          libgomp: {
            sections: [
              { host: [E, E + 16], block: 1, src: 0, drc: 2 },
              { host: [HEAP0, HEAP0 + 16], block: 2, src: 0, drc: 2 },
            ],
          },
          'llvm-offload': { sections: [{ host: [HEAP0, HEAP0 + 16], block: 1, src: 0, drc: 2 }] },
          'K-C1=lifo': { sections: [{ host: [HEAP0, HEAP0 + 16], block: 1, src: 0, drc: 2 }] },
        },
      ),
    },
  },
  {
    name: 'deleting the copy before the deallocate detaches the pointer (the host value again): a kernel read through it is undefined',
    cite: '§2.7.11 delete clause: the detach action; §2.6.4 the device copy of the pointer holds the host address, which a kernel cannot dereference',
    steps: [...mapped, exitData(del('e%x')), deallocate('e%x'), allocate('e%x', 4, 4), kernelRead],
    at: { 4: ok, 5: ok },
    last: UNDEF,
  },
  {
    name: 'a deallocate of an allocation that is not present touches nothing on the device',
    steps: [allocate('e%x', 2), enterData(copyin('e')), deallocate('e%x'), allocate('e%x', 2, 5), enterData(copyin('e%x')), kernelRead],
    last: read(5, 5),
    state: { 3: { sections: [{ host: [E, E + 16], block: 1, src: 0, drc: 1 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.7',
  title: 'Reference Counters (host deallocate of present data)',
  rules: [ACC_DEALLOCATE_RULE],
  world: ALLOC_WORLD,
  rows,
});
