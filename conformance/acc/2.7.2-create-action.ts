// OpenACC 3.3 §2.7.2 Create Action: allocates device memory for absent data, without a copy.

import { readAll, section, type Row, dev } from '../rows.js';
import { create, dataBegin, parallelDefaultPresent, accCopyin, accCreate, hostWrite, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'created data is indeterminate on the device, pointer members too',
    steps: [dataBegin(create('a', 'c')), parallelDefaultPresent({ read: 'a(1:3)' })],
    last: readAll(3, null),
    state: { 1: { attachments: [{ ptr: C, ac: 0, device: { space: 'indeterminate' } }] } },
  },
  {
    name: 'acc_create of present data returns its device address, counts it and keeps its values',
    cite: '§3.2.18: present data → present increment (no create action)',
    steps: [accCopyin('a'), hostWrite('a', 5), accCreate('a'), parallelRead('a', present('a'))],
    at: { 3: dev(1, 0) },
    last: readAll(10, 1),
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Create Action',
  rules: ['OpenACC 3.3 §2.7.2 Create Action'],
  world: ACC_WORLD,
  rows,
});
