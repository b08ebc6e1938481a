// OpenACC 3.3 §2.7.7 copyin clause: copyin at entry; at the end of a region the data is deleted
// (not copied back) when both counters reach 0.

import { UNDEF, per, perState, readAll, section, type Row } from '../rows.js';
import { assign, copyin, dataBegin, dataEnd, enterData, hostRead, parallelRead, parallelWrite, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a copyin region does not copy device values back at its end',
    steps: [dataBegin(copyin('a')), parallelWrite('a', 3), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [] } },
  },
  {
    name: 'copyin(c%p) of a pointer reference copies the target in and attaches the pointer (K-A1)',
    cite: '§2.7.7 "if var is a pointer reference, an attach action is performed"; K-A1 pointer-only: data clauses move the target alone',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p')), parallelRead('c%p', present('c'))],
    last: per(readAll(10, 1), { 'K-A1=pointer-only': UNDEF }),
    state: {
      3: perState(
        { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        { 'K-A1=pointer-only': { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } },
      ),
    },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.7', title: 'copyin clause', rules: ['OpenACC 3.3 §2.7.7 copyin clause'], world: ACC_WORLD, rows });
