// OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes: a variable the kernel
// uses that no clause names is `copy` (or `present` under default(present)).

import { err, read, readAll, section, type Row } from '../rows.js';
import { accCopyin, accCreate, copyin, hostRead, hostWrite, parallelDefaultPresent, parallelRead, parallelWrite } from '../steps.js';
import { ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'an implicit copy around a kernel copies in and back out',
    steps: [parallelWrite('b', 5), hostRead('b')],
    last: readAll(10, 5),
    state: { 1: { sections: [] } },
  },
  {
    name: 'the implicit copy maps the body root; a created struct holds indeterminate pointers',
    steps: [accCreate('c'), parallelRead('a(9:10)', copyin('b'))],
    last: read(1, 1),
    state: {
      1: { attachments: [{ ptr: C, ac: 0, device: { space: 'indeterminate' } }] },
      2: { sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }] },
    },
  },
  {
    name: 'the implicit copy of present data copies nothing in or out',
    steps: [accCopyin('a'), hostWrite('a', 6), parallelRead('a'), parallelWrite('a', 9), hostRead('a')],
    at: { 3: readAll(10, 1) },
    last: readAll(10, 6),
  },
  {
    name: 'default(present) makes an absent body root an error',
    steps: [parallelDefaultPresent({ read: 'a' })],
    last: err('acc_error_not_present'),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.2',
  title: 'Variables with Implicitly Determined Data Attributes',
  rules: ['OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes'],
  world: ACC_WORLD,
  rows,
});
