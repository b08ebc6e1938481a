// OpenMP 6.0 §7.9.6 map clause, pointer attachment of zero-length sections of pointer members
// (issue 9 item 5; the common `map(c.p[0:0])` idiom, Fortran `c%p(1:0)`): the zero-length item is
// found by the byte at its address (model/zero-length.ts) and the pointer is its base pointer. Inside
// mapped storage the corresponding pointer is attached to it, with the section's bias, as for any
// member section. With no corresponding storage K-B44 decides: the text attaches nothing (no
// corresponding list item to point to), and LLVM offload skips the ATTACH entry ("pointee not present
// on device", omptarget.cpp processAttachEntries), so the struct's new storage keeps the host address
// copied with it; libgomp's GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION sets the corresponding pointer
// to NULL (include/gomp-constants.h; target.c gomp_attach_pointer, allow_zero_length_array_sections).

import { HALTED, UNDEF, dev, err, hostPtr, ok, per, section, value, type Row } from '../rows.js';
import { map, ompEnter, ompExit, targetPointer } from '../steps.js';
import { A, SECTIONS_OMP_WORLD } from '../worlds.js';
import { OMP_ZERO_LENGTH_MEMBER } from '../../model/zero-length-members.js';

const rows: Row[] = [
  {
    name: 'a zero-length member section inside mapped storage: the corresponding pointer is attached to it',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c', 'c%p(3:2)'])]), targetPointer('c%p')],
    at: { 2: ok },
    last: dev(1),
  },
  {
    name: 'a zero-length member section whose target has no storage: the text and LLVM attach nothing (the host address copied with the struct); libgomp writes null',
    cite: 'K-B44',
    steps: [ompEnter([map('to', ['c', 'c%p(1:0)'])]), targetPointer('c%p')],
    at: { 1: ok },
    last: per(hostPtr(A), { libgomp: value(null) }),
  },
  {
    name: 'GCC 12.2 C stops there instead (K-B44 fatal): the attach finds no target',
    cite: 'K-B44 fatal: measured "pointer target not mapped for attach" (gcc-12-nvptx-2026-12-04h gen-20261212-047-c step 1, -03f omp-zero-length-members-c step 5); libgomp testsuite target-map-zero-sized: "Failed before with \'libgomp: pointer target not mapped for attach\'"',
    steps: [ompEnter([map('to', ['c', 'c%p(1:0)'])]), targetPointer('c%p')],
    at: { 1: per(ok, { 'K-B44=fatal': err('fatal_attach_absent') }) },
    last: per(hostPtr(A), { libgomp: value(null), 'K-B44=fatal': HALTED }),
  },
  {
    name: 'K-B44 null-less-bias (clang 16): the corresponding pointer gets 0 less the section\'s offset from its target: null for a section at the first element, no address for one further on',
    cite: 'K-B44 null-less-bias: libomptarget 16 targetDataBegin writes TgtPtrBegin - Delta for the PTR_AND_OBJ entry, and a zero-length pointee that is not found has no TgtPtrBegin; measured with its x86_64 host plugin: map(to: c.p[1:0]) then a kernel printing c.p prints 0 less 4 (profiles/llvm-16.json)',
    steps: [ompEnter([map('to', ['c', 'c%p(1:0)'])]), targetPointer('c%p'), ompExit([map('delete', ['c'])]), ompEnter([map('to', ['c', 'c%p(2:1)'])]), targetPointer('c%p')],
    at: { 2: per(hostPtr(A), { libgomp: value(null), 'K-B44=null-less-bias': value(null) }) },
    last: per(hostPtr(A), { libgomp: value(null), 'K-B44=null-less-bias': UNDEF }),
  },
  {
    name: 'one past the end of mapped storage is no storage: K-B44 as for absent data',
    cite: 'K-B44; the byte at the address decides (libgomp [target + bias, +1), LLVM getTgtPtrBegin with MustContain)',
    steps: [ompEnter([map('to', ['a(1:4)'])]), ompEnter([map('to', ['c', 'c%p(5:4)'])]), targetPointer('c%p')],
    last: per(hostPtr(A), { libgomp: value(null) }),
  },
  {
    name: 'the struct already mapped: a zero-length member section without storage attaches nothing new (K-B7 6.0: neither pointer nor target is new)',
    steps: [ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%p(1:0)'])]), targetPointer('c%p')],
    last: hostPtr(A),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (pointer attachment of zero-length sections)',
  rules: [OMP_ZERO_LENGTH_MEMBER],
  world: SECTIONS_OMP_WORLD,
  rows,
});
