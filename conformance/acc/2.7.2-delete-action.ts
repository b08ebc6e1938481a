// OpenACC 3.3 §2.7.2 Delete Action: deallocates present data whose counters reached 0, without a copy back.

import { readAll, section, type Row } from '../rows.js';
import { copyin, del, enterData, exitData, hostRead, parallelWrite, present } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'delete ends the lifetime without copying device values back',
    steps: [enterData(copyin('a')), parallelWrite('a', 7, present('a')), exitData(del('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [] } },
  },
  {
    name: 'delete with two dynamic references only decrements; the data stays',
    steps: [enterData(copyin('a')), enterData(copyin('a')), exitData(del('a'))],
    last: { kind: 'ok' },
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Delete Action',
  rules: ['OpenACC 3.3 §2.7.2 Delete Action'],
  world: ACC_WORLD,
  rows,
});
