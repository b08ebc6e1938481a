// OpenACC 3.3 §2.7.11 delete clause: DRC 0 → nothing; else detach (pointer reference), decrement;
// both counters 0 → delete. K-A10: the text names the detach action twice.

import { UNDEF, per, readAll, section, perState, type Row } from '../rows.js';
import { accAttach, assign, attach, copyin, dataBegin, del, enterData, exitData, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'delete(c%p) after attach twice detaches once (K-A10)',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), accAttach('c%p'), exitData(del('c%p'))],
    last: { kind: 'ok' },
    state: {
      4: perState(
        {
          sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
          attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }],
          ompEntries: [],
          ompPointers: [],
        },
        {
          'K-A10=twice': { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
          // K-A22 member-mapped (libgomp): delete(c%p) also releases the member c%p, c's last
          // reference, so c goes with a.
          libgomp: { sections: [], attachments: [] },
          'K-A22=member-mapped': { sections: [], attachments: [] },
        },
      ),
    },
  },
  {
    name: 'delete(c%p) after copyin(c%p) and attach(c%p): AC 2 to 1, or to 0 under K-A10 twice',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c')), enterData(copyin('c%p'), attach('c%p')), exitData(del('c%p'))],
    last: { kind: 'ok' },
    state: {
      2: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 3 } }] },
      3: perState(
        { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 3 } }] },
        { 'K-A10=twice': { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }] } },
      ),
    },
  },
  {
    name: 'delete(c%p) whose data has DRC 0 (held by a region) does not detach',
    cite: '§2.7.11: DRC == 0 → no action',
    steps: [assign('c%p', 'a'), dataBegin(copyin('c'), copyin('c%p')), exitData(del('c%p')), parallelRead('c%p', present('c'))],
    // K-A22 member-mapped (libgomp): the detach comes with delete(c%p) whatever the counters say, so
    // the device copy of c%p holds the host address again and the kernel dereferences it.
    last: per(readAll(10, 1), { libgomp: UNDEF, 'K-A22=member-mapped': UNDEF }),
    state: {
      3: perState(
        { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        {
          libgomp: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
          'K-A22=member-mapped': { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
        },
      ),
    },
  },
  {
    name: 'delete(c%p) after its target was deleted does not detach',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), exitData(del('a')), exitData(del('c%p'))],
    last: { kind: 'ok' },
    // K-A22 member-mapped (libgomp): delete(c%p) detaches and releases the member, c's last reference.
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        { libgomp: { sections: [], attachments: [] }, 'K-A22=member-mapped': { sections: [], attachments: [] } },
      ),
    },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.11', title: 'delete clause', rules: ['OpenACC 3.3 §2.7.11 delete clause'], world: ACC_WORLD, rows });
