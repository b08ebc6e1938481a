// OpenACC 3.3 §2.7.2 Create Action: allocates device memory for absent data, without a copy.

import { readAll, section, type Row } from '../rows.js';
import { create, dataBegin, parallelDefaultPresent } from '../steps.js';
import { ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'created data is indeterminate on the device, pointer members too',
    steps: [dataBegin(create('a', 'c')), parallelDefaultPresent({ read: 'a(1:3)' })],
    last: readAll(3, null),
    state: { 1: { attachments: [{ ptr: C, ac: 0, device: { space: 'indeterminate' } }] } },
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
