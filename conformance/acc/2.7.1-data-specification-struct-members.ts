// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for non-pointer struct members (issue 9
// item 5): a data clause may name a member of a struct (`c%n`, `c%arr`, `c%arr(2:3)`), and maps
// exactly the bytes the member occupies; a clause naming the whole struct maps its members with it,
// so the struct's device copy carries their values both ways. Evidence: GCC lowers a member in a
// data clause to a struct mapping group (`map(struct:c [len: 1]) map(to:c.n)`), whose storage
// libgomp maps from the first to the last member named (target.c gomp_map_vars, GOMP_MAP_STRUCT),
// and refuses a later mapping of the whole struct that extends it ("Trying to map into device
// [..) object when [..) is already mapped", gomp_map_vars_existing; acc_error_partly_present here).

import { UNDEF, dev, err, ok, read, readAll, section, value, type Row } from '../rows.js';
import {
  accCopyin,
  accCopyout,
  accDeviceptr,
  accIsPresent,
  copy,
  copyin,
  copyout,
  enterData,
  exitData,
  hostRead,
  hostWrite,
  parallelRead,
  parallelWrite,
  present,
  self,
  update,
} from '../steps.js';
import { C, C_ARR, C_N, MEMBERS_WORLD } from '../worlds.js';
import { ACC_STRUCT_MEMBER } from '../../model/struct-members.js';

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
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses (non-pointer struct members)',
  rules: [ACC_STRUCT_MEMBER],
  world: MEMBERS_WORLD,
  rows,
});
