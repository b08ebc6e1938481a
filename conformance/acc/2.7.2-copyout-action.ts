// OpenACC 3.3 §2.7.2 Copyout Action: only for present data whose counters both reached 0; copies
// device to host and deallocates.

import { read, readAll, section, type Row } from '../rows.js';
import { copyin, copyout, dataBegin, dataEnd, enterData, exitData, hostRead, parallelWrite, present } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copyout copies device values back only when the data lifetime ends',
    steps: [enterData(copyin('a')), parallelWrite('a(1:4)', 7, present('a')), hostRead('a'), exitData(copyout('a')), hostRead('a')],
    at: { 3: readAll(10, 1) },
    last: read(7, 7, 7, 7, 1, 1, 1, 1, 1, 1),
    state: { 5: { sections: [], attachments: [], ompEntries: [], ompPointers: [] } },
  },
  {
    name: 'copyout of data created on the device leaves the host elements indeterminate',
    cite: '§2.7.8: copyout entry of absent data is a create action (no copy in)',
    steps: [dataBegin(copyout('b(1:2)')), dataEnd, hostRead('b(1:3)')],
    last: read(null, null, 2),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Copyout Action',
  rules: ['OpenACC 3.3 §2.7.2 Copyout Action'],
  world: ACC_WORLD,
  rows,
});
