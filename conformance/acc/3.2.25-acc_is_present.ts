// OpenACC 3.3 §3.2.25 acc_is_present: bytes == 0 is treated as 1 for a non-NULL address (K-A16:
// 3.1 read "present at all", libgomp answers false); present → true, else false.

import { oneOf, per, value, section, type Row } from '../rows.js';
import { accCopyin, accIsPresent, copyin, enterData } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const T = value(true);
const F = value(false);

const rows: Row[] = [
  {
    name: 'zero bytes inside, one past the end and outside a present section; whole, partial and byte-length probes; a null pointer',
    steps: [
      enterData(copyin('a(1:5)')),
      accIsPresent('a(1:1)', 0),
      accIsPresent('a(6:6)', 0),
      accIsPresent('a(7:7)', 0),
      accIsPresent('a(1:5)'),
      accIsPresent('a'),
      accIsPresent('a(2:5)'),
      accIsPresent('a(2:6)'),
      accIsPresent('c%p'),
    ],
    at: {
      2: per(T, { 'K-A16=false': F, libgomp: F }),
      3: per(F, { 'K-A16=present-at-all': T }),
      4: F,
      5: T,
      6: F,
      7: T,
      8: F,
    },
    // A null pointer: K-A5 (not stated by 3.3; libgomp returns 0); with K-A16 false the zero length may decide.
    last: per(T, { libgomp: F, 'K-A16=false': oneOf(T, F) }),
  },
  {
    name: 'zero bytes at the first element of an array laid out right after a present one: one past that section\'s end, so present at all (K-A16=present-at-all) and no byte present (3.3)',
    cite: 'found by a campaign over generated programs with adjacent arrays (session 24): the model looked only at the objects holding the address, not the one ending there',
    world: { arrays: [{ name: 'a', length: 4, init: 1 }, { name: 'b', length: 4, init: 2 }], structs: [], adjacent: [['a', 'b']] },
    steps: [enterData(copyin('a')), accIsPresent('b(1:1)', 0)],
    last: per(F, { 'K-A16=present-at-all': T }),
  },
  {
    name: 'acc_copyin of a subarray, then a probe of the element after it',
    steps: [accCopyin('a(1:5)'), accIsPresent('a(5:6)')],
    last: F,
  },
];

export default section({ spec: 'OpenACC 3.3', section: '3.2.25', title: 'acc_is_present', rules: ['OpenACC 3.3 §3.2.25 acc_is_present'], world: ACC_WORLD, rows });
