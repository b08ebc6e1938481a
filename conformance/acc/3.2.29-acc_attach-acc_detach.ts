// OpenACC 3.3 §3.2.29 acc_attach, acc_detach, acc_detach_finalize: like enter data attach / exit
// data detach (finalize); a pointer that is not present → no action. K-A2, K-A3, K-A9.

import { err, ok, per, perState, section, type Row } from '../rows.js';
import { accAttach, accCopyin, accDetach, accDetachFinalize, assign, copyin, enterData, attach } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED, B, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'acc_attach of a null pointer sets the device pointer to null and counts (K-A3)',
    cite: '§2.7.2: a null pointer is attached to null (spec-digest A.6, A.10); libgomp "attempt to attach null pointer"',
    steps: [enterData(copyin('c')), accAttach('c%p')],
    last: per(ok, { libgomp: err('fatal_attach_null'), 'K-A3=error': err('fatal_attach_null') }),
    state: {
      2: perState(
        { attachments: [{ ptr: C, ac: 1, device: null }] },
        {
          'K-A3=null-keep-count': { attachments: [{ ptr: C, ac: 0, device: null }] },
          libgomp: { attachments: [{ ptr: C, ac: 0, device: null }] },
          'K-A3=error': { attachments: [{ ptr: C, ac: 0, device: null }] },
        },
      ),
    },
  },
  {
    name: 'acc_attach of a pointer whose target is absent (K-A2)',
    world: ACC_WORLD_ATTACHED,
    steps: [accCopyin('c'), accAttach('c%p')],
    last: per(ok, { libgomp: err('fatal_attach_absent') }),
  },
  {
    name: 'acc_detach of a never-attached pointer (K-A9)',
    steps: [assign('c%p', 'b'), enterData(copyin('c')), accDetach('c%p')],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A9=error': err('fatal_detach_at_zero') }),
    state: {
      3: perState(
        { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: B, count: 10 } }] },
        { 'cray-19': { attachments: [{ ptr: C, ac: -1, device: { space: 'host', addr: B, count: 10 } }] } },
      ),
    },
  },
  {
    name: 'acc_detach of a pointer whose struct is not present (K-A9; libgomp "struct not mapped for detach")',
    world: ACC_WORLD_ATTACHED,
    steps: [accDetach('c%p')],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A9=error': err('fatal_detach_at_zero') }),
  },
  {
    name: 'acc_detach_finalize after two attaches detaches at once',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), accAttach('c%p'), accDetachFinalize('c%p')],
    last: ok,
    state: {
      3: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
      4: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
    },
  },
  {
    name: 'acc_detach after two attaches decrements; the pointer stays attached',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), accAttach('c%p'), accDetach('c%p')],
    last: ok,
    state: { 4: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.29',
  title: 'acc_attach, acc_detach',
  rules: ['OpenACC 3.3 §3.2.29 acc_attach, acc_detach'],
  world: ACC_WORLD,
  rows,
});
