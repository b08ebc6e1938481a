// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for rank-2 arrays and their sections
// (issue 9 item 6): a Fortran subarray of a rank-2 array has one subscript triplet per dimension,
// and a contiguous one (every row of some columns, or rows of one column) is the storage from its
// first to its last element in array element order (Fortran 2018 §9.5.3.2), so every action on it
// is the action on those bytes. A non-contiguous section is no data reference of the language
// (§2.7.3 acc_error_invalid_data_section; gfortran 12 refuses it at compile time, "Array is not
// contiguous"; lang/validate.test.ts has those rejections). Evidence: gfortran 12 lowers
// copyin(a(1:2,2:3)) to one map of the first element with the section's length
// (`map(to:a[_12] [len: _7])`, -fdump-tree-omplower), which libgomp maps like a subarray.

import { dev, err, read, section, value, type Row } from '../rows.js';
import { accDeviceptr, accIsPresent, copyin, enterData, hostRead, parallelRead, parallelWrite, present, self, update } from '../steps.js';
import { A2, RANK2_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a section of whole columns maps exactly their elements: a(1:2,2:3) is a(3..6) of the storage',
    steps: [enterData(copyin('a(1:2,2:3)')), accIsPresent('a(1:2,2:2)'), accIsPresent('a(1:2,1:1)')],
    at: { 2: value(true) },
    last: value(false),
    state: { 1: { sections: [{ host: [A2 + 8, A2 + 24], block: 1, src: 0, drc: 1 }], attachments: [] } },
  },
  {
    name: 'rows of one column are contiguous: a(2:2,3:3) is the one element a(2,3)',
    steps: [enterData(copyin('a(2:2,3:3)')), accDeviceptr('a(2:2,3:3)'), accIsPresent('a(1:2,3:3)')],
    at: { 2: dev(1) },
    last: value(false),
    state: { 1: { sections: [{ host: [A2 + 20, A2 + 24], block: 1, src: 0, drc: 1 }], attachments: [] } },
  },
  {
    name: 'a kernel writes one column of a present section; update self brings that column home only',
    steps: [enterData(copyin('a(1:2,2:3)')), parallelWrite('a(1:2,3:3)', 9, present('a(1:2,2:3)')), update(self('a(1:2,3:3)')), hostRead('a')],
    last: read(1, 2, 3, 4, 9, 9, 7, 8),
  },
  {
    name: 'the whole array after a section of it: partly present',
    steps: [enterData(copyin('a(1:2,2:3)')), enterData(copyin('a'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'acc_deviceptr of a column inside a mapped section: its offset in the section\'s device copy',
    steps: [enterData(copyin('a(1:2,2:4)')), accDeviceptr('a(1:2,3:3)')],
    last: dev(1, 8),
  },
  {
    name: 'a kernel reads a column of an array copied in whole',
    steps: [parallelRead('a(1:2,4:4)', copyin('a'))],
    last: read(7, 8),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses (rank-2 arrays and sections)',
  // no rule of its own: a contiguous section is bytes, and the rules for bytes fire (lang/program.ts
  // rank2Section records where the section's storage comes from)
  rules: [],
  world: RANK2_WORLD,
  rows,
});
