// OpenACC 3.3 §2.7.8 copyout clause: exit of a pointer-reference var detaches only while the var
// is present with a nonzero counter (spec-digest A.7).

import { err, ok, per, readAll, section, type Row } from '../rows.js';
import { copyin, copyout, enterData, exitData, hostRead, parallelWrite, present } from '../steps.js';
import { ACC_WORLD, ACC_WORLD_ATTACHED } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'exit copyout(c%p) with the target absent detaches nothing, so K-A9 error has nothing to refuse',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c')), exitData(copyout('c%p'))],
    // K-A22 member-mapped (libgomp): copyout(c%p) carries a detach of c%p whatever its target holds, so
    // libgomp's detach at counter zero aborts (K-A9 error: "no attachment counters for struct").
    last: per(ok, { 'K-A9=error': ok, libgomp: err('fatal_detach_at_zero'), 'K-A22=member-mapped': ok }),
  },
  {
    name: 'exit data copyout copies back',
    steps: [enterData(copyin('b')), parallelWrite('b', 8, present('b')), exitData(copyout('b')), hostRead('b')],
    last: readAll(10, 8),
  },
  {
    name: 'copyout of a partly present array is acc_error_partly_present',
    cite: '§2.7.3',
    steps: [enterData(copyin('b(1:4)')), exitData(copyout('b'))],
    last: err('acc_error_partly_present'),
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.8', title: 'copyout clause', rules: ['OpenACC 3.3 §2.7.8 copyout clause'], world: ACC_WORLD, rows });
