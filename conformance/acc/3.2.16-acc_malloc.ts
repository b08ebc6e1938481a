// OpenACC 3.3 §3.2.16 acc_malloc: device memory of `bytes` bytes, null for 0 bytes (libgomp
// oacc-mem.c acc_malloc: `if (!s) return NULL`).

import { dev, section, value, type Row } from '../rows.js';
import { accMalloc, copyin, enterData } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'acc_malloc returns the first byte of a new allocation; allocations share the block numbering of data clauses',
    steps: [enterData(copyin('a')), accMalloc('d', 16), accMalloc('e', 8)],
    at: { 2: dev(2) },
    last: dev(3),
    state: { 3: { sections: [{ host: [0x1000, 0x1028], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'acc_malloc of 0 bytes returns null',
    cite: '§3.2.16 "If bytes is zero ... returns a null pointer"',
    steps: [accMalloc('d', 0)],
    last: value(null),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.16',
  title: 'acc_malloc',
  rules: ['OpenACC 3.3 §3.2.16 acc_malloc'],
  world: ACC_WORLD,
  rows,
});
