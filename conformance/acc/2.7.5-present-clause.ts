// OpenACC 3.3 §2.7.5 present clause: absent data → acc_error_not_present, partly present →
// acc_error_partly_present (§2.7.3); present data is counted in SRC for the region.

import { err, readAll, section, type Row } from '../rows.js';
import { accCopyin, dataBegin, parallelRead, present, enterData, copyin, exitData, copyout, parallelWrite, dataEnd, hostRead } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  { name: 'present clause on absent data is acc_error_not_present', steps: [dataBegin(present('a'))], last: err('acc_error_not_present') },
  {
    name: 'present clause on partly present data is acc_error_partly_present',
    steps: [accCopyin('a(2:3)'), parallelRead('a', present('a(1:3)'))],
    last: err('acc_error_partly_present'),
  },
  { name: 'present clause on a present subarray reads the device copy', steps: [accCopyin('a'), parallelRead('a(4:6)', present('a(4:6)'))], last: readAll(3, 1) },
  {
    name: 'the end of a present region that holds the last reference deletes the data without copying back',
    cite: 'spec-digest A.7 present exit: SRC and DRC both 0 → delete action',
    steps: [enterData(copyin('a')), dataBegin(present('a')), exitData(copyout('a')), parallelWrite('a', 7, present('a')), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 0 }] }, 5: { sections: [] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.5', title: 'present clause', rules: ['OpenACC 3.3 §2.7.5 present clause'], world: ACC_WORLD, rows });
