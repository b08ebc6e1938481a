// OpenACC 3.3 §2.5.1 Parallel Construct: the kernel runs on the device copy of its data; reading
// through a device pointer that holds a host address (never attached, or dangling) is undefined.

import { HALTED, UNDEF, err, readAll, section, type Row } from '../rows.js';
import { accDelete, assign, attach, copyin, dataBegin, enterData, hostRead, parallelDefaultPresent, parallelRead, present } from '../steps.js';
import { ACC_WORLD, ACC_WORLD_ATTACHED, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a kernel reading through a pointer that was never attached is undefined',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a')), parallelDefaultPresent({ read: 'c%p' })],
    last: UNDEF,
  },
  {
    name: 'a kernel through a pointer of an implicitly copied struct is undefined, and the program stops',
    world: ACC_WORLD_ATTACHED,
    steps: [parallelRead('c%p'), hostRead('a')],
    at: { 1: UNDEF },
    last: HALTED,
  },
  {
    name: 'a kernel through a dangling device pointer (its target deleted) is undefined',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c', 'a'), attach('c%p')), accDelete('a'), parallelRead('c%p', present('c'))],
    last: UNDEF,
    state: {
      2: {
        sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
        attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 3 } }],
      },
    },
  },
  {
    name: 'after an error nothing changes: later steps are halted',
    steps: [enterData(copyin('b')), dataBegin(present('a')), enterData(copyin('a'))],
    at: { 2: err('acc_error_not_present') },
    last: HALTED,
    state: { 3: { sections: [{ host: [0x1200, 0x1200 + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'a kernel reads the device copy, not the host',
    steps: [enterData(copyin('a')), parallelRead('a(2:3)', present('a'))],
    last: readAll(2, 1),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.5.1',
  title: 'Parallel Construct',
  rules: ['OpenACC 3.3 §2.5.1 Parallel Construct'],
  world: ACC_WORLD,
  rows,
});
