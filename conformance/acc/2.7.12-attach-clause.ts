// OpenACC 3.3 §2.7.12 attach clause: an attach action at entry (and a detach at a region's end).
// K-A2: attach of a pointer whose target is absent (libgomp aborts).

import { err, ok, per, readAll, section, type Row, read } from '../rows.js';
import { assign, attach, copyin, dataBegin, dataEnd, enterData, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'attach of a pointer whose target is absent does nothing (K-A2)',
    cite: 'A.6 attach: target not present → no action; libgomp target.c gomp_attach_pointer "pointer target not mapped for attach"',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), attach('c%p'))],
    last: per(ok, { libgomp: err('fatal_attach_absent'), 'K-A2=error': err('fatal_attach_absent') }),
    // The copyin before the failing attach keeps its effect (§1.5: no recovery, nothing undone).
    state: { 2: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } },
  },
  {
    name: 'an attach clause of a data region attaches for the region and detaches at its end',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a')), dataBegin(attach('c%p')), parallelRead('c%p', present('c')), dataEnd],
    at: { 4: readAll(10, 1) },
    last: ok,
    state: {
      3: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
      5: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
    },
  },
  {
    name: 'an attach clause on a compute construct attaches for the kernel and detaches after it',
    steps: [assign('c%p', 'a(2:4)'), enterData(copyin('c', 'a')), parallelRead('c%p', present('c'), attach('c%p'))],
    last: read(1, 1, 1),
    state: { 3: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.12', title: 'attach clause', rules: ['OpenACC 3.3 §2.7.12 attach clause'], world: ACC_WORLD, rows });
