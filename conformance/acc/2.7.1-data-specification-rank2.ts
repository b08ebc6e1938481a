// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for rank-2 arrays and their sections
// (issue 9 item 6): a Fortran subarray of a rank-2 array has one subscript triplet per dimension,
// and a contiguous one (every row of some columns, or rows of one column) is the storage from its
// first to its last element in array element order (Fortran 2018 §9.5.3.2), so every action on it
// is the action on those bytes. A non-contiguous section is no data reference of the language
// (§2.7.3 acc_error_invalid_data_section; gfortran 12 refuses it at compile time, "Array is not
// contiguous"; lang/validate.test.ts has those rejections). Evidence: gfortran 12 lowers
// copyin(a(1:2,2:3)) to one map of the first element with the section's length
// (`map(to:a[_12] [len: _7])`, -fdump-tree-omplower), which libgomp maps like a subarray.

import { HALTED, RUNS, UNDEF, dev, err, per, perState, read, section, value, type Row } from '../rows.js';
import { accCreate, accDeviceptr, accIsPresent, copyin, del, enterData, exitData, hostRead, parallelRead, parallelWrite, present, self, update } from '../steps.js';
import { A2, RANK2_WORLD } from '../worlds.js';

/** Where gfortran's directives take a section of one column's rows as the whole column (K-A71; gcc-12 extends libgomp). */
const COLUMN_SPAN = ['libgomp', 'K-A71=column-span'];

const rows: Row[] = [
  {
    name: 'a section of whole columns maps exactly their elements: a(1:2,2:3) is a(3..6) of the storage',
    steps: [enterData(copyin('a(1:2,2:3)')), accIsPresent('a(1:2,2:2)'), accIsPresent('a(1:2,1:1)')],
    at: { 2: value(true) },
    last: value(false),
    state: { 1: { sections: [{ host: [A2 + 8, A2 + 24], block: 1, src: 0, drc: 1 }], attachments: [] } },
  },
  {
    name: 'rows of one column are contiguous: a(2:2,3:3) is the one element a(2,3) (gfortran: the whole column from a(2,3), K-A71)',
    steps: [enterData(copyin('a(2:2,3:3)')), accDeviceptr('a(2:2,3:3)'), accIsPresent('a(1:2,3:3)')],
    at: { 2: dev(1) },
    last: value(false),
    state: {
      1: perState(
        { sections: [{ host: [A2 + 20, A2 + 24], block: 1, src: 0, drc: 1 }], attachments: [] },
        Object.fromEntries(COLUMN_SPAN.map((k) => [k, { sections: [{ host: [A2 + 20, A2 + 28], block: 1, src: 0, drc: 1 }], attachments: [] }])),
      ),
    },
  },
  {
    name: 'acc_create of one element, then exit data delete of the same section: the text deletes it; gfortran\'s directive names the whole column from it, past the element acc_create mapped (K-A71)',
    cite: 'K-A71 column-span: GCC 12.2 measured, gen-20270105-019-fortran step 6 (profiles/measured/gcc-12-nvptx-2026-12-06e.md) aborts "[h,+8] outside mapped block [h,+4]"; gfortran -fdump-tree-gimple gives exit data delete(v3(2:2,2:2)) of v3(2,4) [len: 8]; the routine maps the section\'s own 4 bytes',
    steps: [accCreate('a(2:2,2:2)'), exitData(del('a(2:2,2:2)')), accIsPresent('a(2:2,2:2)')],
    at: { 2: per(RUNS, Object.fromEntries(COLUMN_SPAN.map((k) => [k, err('acc_error_partly_present')]))) },
    last: per(value(false), Object.fromEntries(COLUMN_SPAN.map((k) => [k, HALTED]))),
  },
  {
    name: 'the last column\'s lower rows: whole columns from a(2,4) reach past the array (K-A71 column-span: undefined)',
    cite: 'K-A71 column-span: a(2:2,4:4) of a(2,4) gets [len: 8] from gfortran 12 (-fdump-tree-gimple), 4 bytes past the array',
    steps: [enterData(copyin('a(2:2,4:4)')), accIsPresent('a(2:2,4:4)')],
    last: per(value(true), Object.fromEntries(COLUMN_SPAN.map((k) => [k, HALTED]))),
    at: { 1: per(RUNS, Object.fromEntries(COLUMN_SPAN.map((k) => [k, UNDEF]))) },
  },
  {
    name: 'an update of one column\'s lower row copies that row under the text; gfortran\'s whole column copies the next column\'s first row too (K-A71)',
    cite: 'K-A71 column-span: gfortran 12 gives update self(v3(2:2,2:2)) [len: 8] (-fdump-tree-gimple)',
    steps: [enterData(copyin('a')), parallelWrite('a', 9, present('a')), update(self('a(2:2,2:2)')), hostRead('a')],
    last: per(read(1, 2, 3, 9, 5, 6, 7, 8), Object.fromEntries(COLUMN_SPAN.map((k) => [k, read(1, 2, 3, 9, 9, 6, 7, 8)]))),
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
