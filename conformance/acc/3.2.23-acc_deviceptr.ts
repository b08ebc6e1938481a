// OpenACC 3.3 §3.2.23 acc_deviceptr: the device address of present data (interior addresses
// allowed), NULL when not present, NULL for a null pointer.

import { dev, value, section, type Row } from '../rows.js';
import { accCopyin, accCreate, accDeviceptr } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'maps interior host addresses to offsets in the device copy; absent data and a null pointer give NULL',
    steps: [accCopyin('a'), accCreate('b(2:10)'), accDeviceptr('a(3:4)'), accDeviceptr('b(10:10)'), accDeviceptr('b(1:1)'), accCopyin('b(3:3)'), accDeviceptr('c%p')],
    at: { 1: dev(1, 0), 2: dev(2, 0), 3: dev(1, 8), 4: dev(2, 32), 5: value(null), 6: dev(2, 4) },
    last: value(null),
  },
];

export default section({ spec: 'OpenACC 3.3', section: '3.2.23', title: 'acc_deviceptr', rules: ['OpenACC 3.3 §3.2.23 acc_deviceptr'], world: ACC_WORLD, rows });
