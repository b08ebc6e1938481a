// OpenACC 3.3 §2.6.6 Enter Data and Exit Data Directives: enter data increments the dynamic
// counter (DRC), exit data decrements it, exit data finalize sets it to 0.

import { readAll, read, section, type Row } from '../rows.js';
import { copyin, copyout, enterData, exitData, exitDataFinalize, hostRead, parallelWrite, present, hostWrite, create, parallelRead } from '../steps.js';
import { A, ACC_WORLD, B } from '../worlds.js';

const twoRefsWritten = [enterData(copyin('a')), enterData(copyin('a')), parallelWrite('a(3:4)', 7, present('a')), hostRead('a')];

const rows: Row[] = [
  {
    name: 'exit data finalize with copyout zeroes the dynamic counter and copies out at once',
    steps: [...twoRefsWritten, exitDataFinalize(copyout('a')), hostRead('a')],
    at: { 4: readAll(10, 1) },
    last: read(1, 1, 7, 7, 1, 1, 1, 1, 1, 1),
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] }, 5: { sections: [] } },
  },
  {
    name: 'exit data copyout without finalize only decrements while references remain',
    steps: [...twoRefsWritten, exitData(copyout('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 5: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'copyout twice, then finalize: the second exit ends the lifetime',
    steps: [enterData(copyin('a')), enterData(copyin('a')), exitData(copyout('a')), exitDataFinalize(copyout('a'))],
    last: { kind: 'ok' },
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] }, 4: { sections: [] } },
  },
  {
    name: 'exit data of data that is not present does nothing (3.1 and later)',
    cite: 'OpenACC 3.3 §1.15: no action when the counter is zero (spec-digest A.7)',
    steps: [exitData(copyout('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 1: { sections: [] } },
  },
  {
    name: 'one enter data with copyin and create clauses maps both, each with its own action',
    steps: [hostWrite('b', 4), enterData(copyin('a'), create('b')), parallelRead('a(1:1)', present('a')), parallelRead('b(1:2)', present('b'))],
    at: { 3: read(1) },
    last: read(null, null),
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }, { host: [B, B + 40], block: 2, src: 0, drc: 1 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.6',
  title: 'Enter Data and Exit Data Directives',
  rules: ['OpenACC 3.3 §2.6.6 Enter Data Directive', 'OpenACC 3.3 §2.6.6 Exit Data Directive'],
  world: ACC_WORLD,
  rows,
});
