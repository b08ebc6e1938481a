// OpenACC 3.3 §2.7.13 detach clause: a detach action on exit data (immediate with finalize).

import { UNDEF, section, type Row } from '../rows.js';
import { assign, attach, copyin, detach, enterData, exitData, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'exit data detach gives the device copy the host value back',
    cite: '§2.6.4 detach: the device pointer equals the local pointer value again (spec-digest A.5)',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), exitData(detach('c%p')), parallelRead('c%p', present('c'))],
    last: UNDEF,
    state: { 3: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.13', title: 'detach clause', rules: ['OpenACC 3.3 §2.7.13 detach clause'], world: ACC_WORLD, rows });
