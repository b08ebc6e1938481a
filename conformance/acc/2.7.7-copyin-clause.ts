// OpenACC 3.3 §2.7.7 copyin clause: copyin at entry; at the end of a region the data is deleted
// (not copied back) when both counters reach 0.

import { readAll, section, type Row } from '../rows.js';
import { copyin, dataBegin, dataEnd, hostRead, parallelWrite } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a copyin region does not copy device values back at its end',
    steps: [dataBegin(copyin('a')), parallelWrite('a', 3), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.7', title: 'copyin clause', rules: ['OpenACC 3.3 §2.7.7 copyin clause'], world: ACC_WORLD, rows });
