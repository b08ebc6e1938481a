// OpenACC 3.3 §2.7.2 Immediate Detach Action (spec-digest A.6): copyout and delete actions detach
// every attached pointer inside the var (AC := 0, host value back) before the copy.

import { readAll, section, type Row } from '../rows.js';
import { accAttach, assign, attach, copyin, copyout, del, enterData, exitData, exitDataFinalize, detach, hostRead, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copyout of a struct detaches its pointer before copying it back',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), exitData(copyout('c')), hostRead('c%p')],
    // The host pointer still aims at a: the copy back did not bring a device address home.
    last: readAll(10, 1),
    state: { 3: { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }], attachments: [] } },
  },
  {
    name: 'delete of a struct attached twice detaches it whatever its counter',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), accAttach('c%p'), exitData(del('c')), hostRead('c%p')],
    last: readAll(10, 1),
    state: { 3: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] }, 4: { attachments: [] } },
  },
  {
    name: 'exit data finalize detach performs an immediate detach: AC 2 to 0',
    cite: '§2.6.6 finalize clause: AC := 0 for detach pointers (spec-digest A.7)',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), accAttach('c%p'), exitDataFinalize(detach('c%p')), parallelRead('c%p', present('c'))],
    // The device copy holds the host address again: a kernel dereferencing it is undefined.
    last: { kind: 'undefined' },
    state: { 4: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Immediate Detach Action',
  rules: ['OpenACC 3.3 §2.7.2 Immediate Detach Action'],
  world: ACC_WORLD,
  rows,
});
