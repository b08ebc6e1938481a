// OpenACC 3.3 §2.7.2 Copyin Action: only for data that is not present; allocates, copies host to
// device, counter := 1. §2.7.3: part present, part not → acc_error_partly_present.

import { err, read, readAll, section, type Row } from '../rows.js';
import { copyin, enterData, hostRead, hostWrite, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, B } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copyin of a whole array after a subarray of it is partly present',
    cite: '§2.7.3 (spec-digest A.8)',
    steps: [enterData(copyin('a(2:5)')), enterData(copyin('a')), hostRead('a')],
    at: { 2: err('acc_error_partly_present') },
    last: { kind: 'halted' },
    state: { 1: { sections: [{ host: [A + 4, A + 20], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'a clause before the partly present one in the same directive keeps its effect',
    steps: [enterData(copyin('a(1:5)')), enterData(copyin('b', 'a')), hostRead('a')],
    at: { 2: err('acc_error_partly_present') },
    last: { kind: 'halted' },
    state: {
      2: {
        sections: [
          { host: [A, A + 20], block: 1, src: 0, drc: 1 },
          { host: [B, B + 40], block: 2, src: 0, drc: 1 },
        ],
      },
    },
  },
  {
    name: 'copyin copies the host values at the time of the copy; a second copyin of present data copies nothing',
    steps: [hostWrite('a', 3), enterData(copyin('a')), hostWrite('a', 4), enterData(copyin('a')), parallelRead('a', present('a'))],
    last: readAll(10, 3),
    state: { 4: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] } },
  },
  {
    name: 'copyin of a subarray copies only its elements',
    steps: [hostWrite('a(3:4)', 8), enterData(copyin('a(3:5)')), parallelRead('a(3:5)', present('a(3:5)'))],
    last: read(8, 8, 1),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Copyin Action',
  rules: ['OpenACC 3.3 §2.7.2 Copyin Action'],
  world: ACC_WORLD,
  rows,
});
