// OpenACC 3.3 §2.7.2 Present Increment Action and Present Decrement Action (spec-digest A.6): a
// clause on present data moves the counter of the section that holds it.

import { section, type Row } from '../rows.js';
import { accCopyin, copyin, dataBegin, dataEnd, enterData, present } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a subarray of present data increments and decrements the enclosing section',
    steps: [enterData(copyin('a')), dataBegin(present('a(3:4)')), dataEnd],
    state: {
      2: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 1 }] },
      3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] },
    },
    last: { kind: 'ok' },
  },
  {
    name: 'nested data regions each count once in the structured counter',
    steps: [accCopyin('a'), dataBegin(present('a')), dataBegin(copyin('a')), dataEnd, dataEnd],
    state: {
      3: { sections: [{ host: [A, A + 40], block: 1, src: 2, drc: 1 }] },
      5: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] },
    },
    last: { kind: 'ok' },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Present Increment Action',
  rules: ['OpenACC 3.3 §2.7.2 Present Increment Action', 'OpenACC 3.3 §2.7.2 Present Decrement Action'],
  world: ACC_WORLD,
  rows,
});
