// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for non-pointer struct members (issue 9
// item 5): a data clause may name a member of a struct (`c%n`, `c%arr`, `c%arr(2:3)`), and maps
// exactly the bytes the member occupies; a clause naming the whole struct maps its members with it,
// so the struct's device copy carries their values both ways. Evidence: GCC lowers a member in a
// data clause to a struct mapping group (`map(struct:c [len: 1]) map(to:c.n)`), whose storage
// libgomp maps from the first to the last member named (target.c gomp_map_vars, GOMP_MAP_STRUCT),
// and refuses a later mapping of the whole struct that extends it ("Trying to map into device
// [..) object when [..) is already mapped", gomp_map_vars_existing; acc_error_partly_present here).

import { HALTED, UNDEF, dev, err, ok, per, read, readAll, section, value, type Row } from '../rows.js';
import {
  assign,
  accCopyin,
  accCopyout,
  accDeviceptr,
  accIsPresent,
  copy,
  copyin,
  copyout,
  dataBegin,
  dataEnd,
  del,
  enterData,
  exitData,
  hostRead,
  hostWrite,
  noCreate,
  parallelRead,
  parallelWrite,
  present,
  self,
  update,
} from '../steps.js';
import { AOS_WORLD, C, C_ARR, C_N, MEMBERS_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';
import { ACC_STRUCT_MEMBER } from '../../model/struct-members.js';
import { STRUCT_GROUP } from '../../model/directives.js';

const PARTIAL = err('fatal_partial_map');

/** Two pointer members before a non-pointer one: d%p, d%q (16 bytes each), then d%n. */
const PQ_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'd', pointers: ['p', 'q'], fields: [{ name: 'n', init: 2 }] }],
};

const rows: Row[] = [
  {
    name: 'a copy of the whole struct carries its members: the kernel reads the value copied in, not a later host write',
    steps: [enterData(copyin('c')), hostWrite('c%n', 9), parallelRead('c%n', present('c')), hostRead('c%n')],
    at: { 3: read(5) },
    last: read(9),
    state: { 1: { sections: [{ host: [C, C + 36], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 0, device: null }] } },
  },
  {
    name: 'a kernel writes part of a member in the struct\'s device copy; copyout of the struct brings every member home',
    steps: [enterData(copyin('c')), parallelWrite('c%arr(2:3)', 7, present('c')), hostWrite('c%n', 9), exitData(copyout('c')), hostRead('c%arr'), hostRead('c%n')],
    at: { 4: ok, 5: read(1, 7, 7, 4) },
    // the device copy of c%n still holds the 5 copied in: copyout overwrites the host's 9
    last: read(5),
    state: { 4: { sections: [], attachments: [] } },
  },
  {
    name: 'a member section is present on its own; the member and the struct around it are not',
    steps: [enterData(copyin('c%arr(2:3)')), accIsPresent('c%arr(2:3)'), accIsPresent('c%arr'), accIsPresent('c%n'), accIsPresent('c')],
    at: { 2: value(true), 3: value(false), 4: value(false) },
    last: value(false),
    state: { 1: { sections: [{ host: [C_ARR + 4, C_ARR + 12], block: 1, src: 0, drc: 1 }], attachments: [] } },
  },
  {
    name: 'the whole struct after one of its members: partly present',
    steps: [enterData(copyin('c%n')), enterData(copyin('c'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'update self of a member section copies those bytes only',
    steps: [enterData(copyin('c')), parallelWrite('c%arr', 8, present('c')), update(self('c%arr(1:2)')), hostRead('c%arr')],
    last: read(8, 8, 3, 4),
  },
  {
    name: 'copy of a member on a compute construct: the member goes and comes back, the struct stays absent',
    steps: [parallelWrite('c%arr', 6, copy('c%arr')), hostRead('c%arr'), accIsPresent('c')],
    at: { 2: readAll(4, 6) },
    last: value(false),
  },
  {
    name: 'a kernel reads a member whose bytes are not on the device (a sibling member is)',
    cite: 'the clause names c%arr, so c (the body\'s root) gets no implicit clause (§2.6.2); c%n has no device copy',
    steps: [enterData(copyin('c%arr')), parallelRead('c%n', present('c%arr'))],
    last: UNDEF,
  },
  {
    name: 'acc_deviceptr of a member: its bytes in the struct\'s device copy',
    steps: [enterData(copyin('c')), accDeviceptr('c%n'), accDeviceptr('c%arr(2:3)')],
    at: { 2: dev(1, C_N - C) },
    last: dev(1, C_ARR + 4 - C),
  },
  {
    name: 'acc_copyin and acc_copyout of a scalar member',
    steps: [accCopyin('c%n'), parallelWrite('c%n', 7, present('c%n')), accCopyout('c%n'), hostRead('c%n')],
    at: { 1: dev(1) },
    last: read(7),
  },
  {
    name: 'two members mapped by separate enter data: the second meets the first (K-A64)',
    cite: 'libgomp.oacc-c-c++-common/struct-3-1-1.c: enter data create(s.a), then create(s.b) stops with "Trying to map into device [...) structure element when other mapped elements from the same structure weren\'t mapped together with it" (PR95236); oacc-mem.c goacc_enter_data_internal looks the group up from the struct\'s first byte',
    steps: [enterData(copyin('c%n')), enterData(copyin('c%arr')), accIsPresent('c%arr')],
    at: { 2: per(ok, { libgomp: PARTIAL }) },
    last: per(value(true), { libgomp: HALTED }),
  },
  {
    name: 'members named together by one directive, then by another: every member is found (K-A64)',
    steps: [enterData(copyin('c%n', 'c%arr')), enterData(copyin('c%arr', 'c%n')), accIsPresent('c%arr')],
    at: { 2: ok },
    last: value(true),
  },
  {
    name: 'a member inside the present struct joins it (K-A64)',
    steps: [enterData(copyin('c')), enterData(copyin('c%n', 'c%arr(2:3)')), exitData(copyout('c')), accIsPresent('c%n')],
    at: { 2: ok },
    last: value(true),
  },
  {
    name: 'a pointer member mapped with its struct element, then a non-pointer member of that struct (K-A64, K-A22)',
    cite: 'measured gcc-12-nvptx-2026-12-04k gen-20261215-150 (C and Fortran): enter data copyin(d%n) copyin(d%q) after copyin(d%p) stops at d%q; GCC 12.2 -fdump-tree-gimple: map(struct:d [len: 2]) map(alloc:d.q) map(to:d.n) after map(struct:d [len: 1]) map(alloc:d.p)',
    steps: [assign('c%p', 'a'), enterData(copyin('c%p')), enterData(copyin('c%n'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'a second member named with one already present: the group meets the first and lacks the second (K-A64)',
    steps: [enterData(copyin('c%n')), enterData(copyin('c%n', 'c%arr'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'a member released and another entered: only the directive\'s own members make its group (K-A64)',
    steps: [enterData(copyin('a', 'c%arr')), exitData(del('c%arr')), enterData(copyin('c%n')), enterData(copyin('c%n')), accIsPresent('c%n')],
    at: { 3: ok, 4: ok },
    last: value(true),
  },
  {
    name: 'a pointer member mapped alone, then the struct\'s next pointer member (K-A64, K-A22)',
    cite: 'measured gcc-12-nvptx-2026-12-04j gen-20261214-178-c: enter data copyin(c) create(d%q) after copyin(d%p) stops at d%q, "[h..h+8) structure element when other mapped elements from the same structure weren\'t mapped together with it"',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), assign('d%q', 'b'), enterData(copyin('d%p')), enterData(copyin('d%q'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'a pointer member named again with the next one: the group lacks the second (K-A64)',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), assign('d%q', 'b'), enterData(copyin('d%p')), enterData(copyin('d%p', 'd%q'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'both pointer members named again, in the other order: both found (K-A64)',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), assign('d%q', 'b'), enterData(copyin('d%p', 'd%q')), enterData(copyin('d%q', 'd%p'))],
    last: ok,
  },
  {
    name: 'the non-pointer member named second, after a present array: its group meets the pointer member (K-A64)',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), enterData(copyin('d%p')), enterData(copyin('a', 'd%n'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'a group whose first member ends after its last: the group reaches the first member\'s end (K-A64)',
    world: PQ_WORLD,
    steps: [assign('d%q', 'b'), enterData(copyin('d%q')), assign('d%p', 'a'), enterData(copyin('d%n', 'd%p'))],
    last: per(ok, { libgomp: PARTIAL }),
  },
  {
    name: 'no_create of a member on a data construct: libgomp checks the group whatever the clause (K-A64)',
    cite: 'target.c gomp_map_fields_existing refuses a struct element without a key of its own before it looks at the map kind',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), enterData(copyin('d%p')), dataBegin(noCreate('d%n')), dataEnd],
    at: { 3: per(ok, { libgomp: PARTIAL }) },
    last: per(ok, { libgomp: HALTED }),
  },
  {
    name: 'a pointer member mapped alone as its pointer word is found whole by its group (K-A64, K-A24)',
    world: PQ_WORLD,
    steps: [assign('d%p', 'a'), enterData(copyin('d%p')), enterData(copyin('d%p')), accIsPresent('a')],
    at: { 3: per(ok, { 'K-A22=member-mapped,K-A24=pointer-word,K-A64=struct-group': ok }) },
    last: value(true),
  },
  {
    name: 'struct elements are groups of their own: cs(2)%p does not meet cs(1)%p (K-A64)',
    world: AOS_WORLD,
    steps: [assign('cs(1)%p', 'a'), assign('cs(2)%p', 'b'), enterData(copyin('cs(1)%p')), enterData(copyin('cs(2)%p')), accIsPresent('b')],
    at: { 4: ok },
    last: value(true),
  },
  {
    name: 'a data construct\'s member meets a member enter data mapped (K-A64)',
    cite: 'target.c gomp_map_vars_internal, GOMP_MAP_STRUCT: gomp_map_fields_existing refuses a member without a key of its own',
    steps: [enterData(copyin('c%n')), dataBegin(copyin('c%arr')), dataEnd],
    at: { 2: per(ok, { libgomp: PARTIAL }) },
    last: per(ok, { libgomp: HALTED }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses (non-pointer struct members)',
  rules: [ACC_STRUCT_MEMBER, STRUCT_GROUP],
  world: MEMBERS_WORLD,
  rows,
});
