// OpenACC 3.3 §2.7.2 Immediate Detach Action (spec-digest A.6): copyout and delete actions detach
// every attached pointer inside the var (AC := 0, host value back) before the copy.

import { UNDEF, err, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { accAttach, accDetachFinalize, assign, attach, copyin, copyout, del, enterData, exitData, exitDataFinalize, detach, hostRead, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, B, C } from '../worlds.js';

const hostA = { ptr: C, ac: 0, device: { space: 'host' as const, addr: A, count: 10 } };
const hostB = { ptr: C, ac: 0, device: { space: 'host' as const, addr: B, count: 10 } };

const rows: Row[] = [
  {
    name: 'acc_detach_finalize of a pointer never attached (K-A18): no effect; rewritten from the host value; libgomp aborts without counters',
    cite: 'K-A18: libgomp target.c gomp_detach_pointer "no attachment counters for struct"',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), assign('c%p', 'b'), accDetachFinalize('c%p')],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A18=rewrite': ok }),
    state: { 4: perState({ attachments: [hostA] }, { libgomp: { attachments: [hostA] }, 'K-A18=rewrite': { attachments: [hostB] } }) },
  },
  {
    name: 'acc_detach_finalize at counter 0 after an earlier attach (K-A18): libgomp rewrites the device pointer from the host value',
    cite: 'K-A18: libgomp gomp_detach_pointer(finalize) forces the count to 1, decrements it and writes the host value',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), exitData(detach('c%p')), assign('c%p', 'b'), accDetachFinalize('c%p')],
    last: ok,
    state: { 5: perState({ attachments: [hostA] }, { libgomp: { attachments: [hostB] }, 'K-A18=rewrite': { attachments: [hostB] } }) },
  },
  {
    name: 'exit data detach(c%p) finalize of a struct that is not present (K-A18): nothing; libgomp aborts',
    steps: [assign('c%p', 'a'), exitDataFinalize(detach('c%p'))],
    last: per(ok, { libgomp: err('fatal_detach_at_zero') }),
  },
  {
    name: 'copyout of a struct detaches its pointer before copying it back (K-A19: libgomp copies the device address home)',
    cite: 'K-A19 no-detach: libgomp oacc-mem.c goacc_exit_datum_1 copies the struct without detaching',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), exitData(copyout('c')), hostRead('c%p')],
    // The host pointer still aims at a: the copy back did not bring a device address home.
    last: per(readAll(10, 1), { libgomp: UNDEF }),
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
