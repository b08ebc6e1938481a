// OpenACC 3.3 §3.2.19 acc_copyout, acc_delete (and _finalize): DRC 0 → no action; else DRC − 1
// (or := 0); both 0 → copyout / delete action. K-A6: data that is not present.

import { err, ok, per, read, section, type Row } from '../rows.js';
import { accAttach, accCopyin, accCopyout, accCopyoutFinalize, accDelete, accDeleteFinalize, assign, copyin, enterData, hostRead, parallelRead, parallelWrite, present } from '../steps.js';
import { readAll } from '../rows.js';
import { A, ACC_WORLD, C } from '../worlds.js';


const rows: Row[] = [
  {
    name: 'acc_delete of data that is not present (K-A6)',
    cite: 'spec-digest A.9: acc_error_not_present; §3.2.19 "DRC == 0 → no action"; libgomp oacc-mem.c no-op (PR92726)',
    steps: [accDelete('a')],
    last: per(ok, { 'K-A6=error': err('acc_error_not_present') }),
  },
  {
    name: 'acc_copyout of a subarray of present data copies only that subarray back',
    steps: [enterData(copyin('a')), parallelWrite('a(3:4)', 7, present('a')), accCopyout('a(4:10)'), hostRead('a')],
    last: read(1, 1, 1, 7, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'acc_copyout_finalize ends a lifetime held by two dynamic references',
    steps: [accCopyin('a'), accCopyin('a'), parallelWrite('a', 4, present('a')), accCopyoutFinalize('a'), hostRead('a')],
    last: readAll(10, 4),
    state: { 4: { sections: [] } },
  },
  {
    name: 'acc_delete_finalize leaves the structured reference of a region',
    steps: [accCopyin('a'), accCopyin('a'), accDeleteFinalize('a')],
    last: ok,
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] }, 3: { sections: [] } },
  },
  {
    name: 'acc_delete of a struct performs no detach action of its own, the delete action detaches',
    steps: [assign('c%p', 'a'), accCopyin('c'), accCopyin('a'), accAttach('c%p'), accDelete('c'), parallelRead('a', present('a'))],
    last: readAll(10, 1),
    state: { 4: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] }, 5: { attachments: [] } },
  },
  {
    name: 'acc_copyout of data that is not present (K-A6)',
    steps: [accCopyout('a'), hostRead('a')],
    at: { 1: per(ok, { 'K-A6=error': err('acc_error_not_present') }) },
    last: per(readAll(10, 1), { 'K-A6=error': { kind: 'halted' } }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.19',
  title: 'acc_copyout, acc_delete',
  rules: ['OpenACC 3.3 §3.2.19 acc_copyout, acc_delete'],
  world: ACC_WORLD,
  rows,
});
