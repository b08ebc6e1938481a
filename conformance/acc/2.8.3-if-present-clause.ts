// OpenACC 3.3 §2.8.3 if_present clause on host_data: a var that is not present keeps its host
// address (libgomp: GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT, "If not present, continue using the host
// address"); a present one still gets its device address.

import { UNDEF, dev, hostPtr, section, type Row } from '../rows.js';
import { accMemcpyToDevice, copyin, enterData, hostDataBegin, hostDataEnd } from '../steps.js';
import { A, ACC_WORLD, B } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'absent data keeps its host address; present data gets its device address',
    steps: [hostDataBegin('a', 'da', true), hostDataEnd, enterData(copyin('b')), hostDataBegin('b', 'db', true)],
    at: { 1: hostPtr(A), 4: dev(1, 0) },
  },
  {
    name: 'the host address is no device memory: acc_memcpy_to_device through it is undefined',
    steps: [hostDataBegin('b', 'db', true), accMemcpyToDevice({ handle: 'db' }, 'a')],
    at: { 1: hostPtr(B), 2: UNDEF },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.8.3',
  title: 'if_present clause (host_data)',
  rules: ['OpenACC 3.3 §2.8.3 if_present clause'],
  world: ACC_WORLD,
  rows,
});
