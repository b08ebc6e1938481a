// OpenACC 3.3 §2.7.2 Detach Action (spec-digest A.5, A.6): with AC 0 no action; else AC - 1, and at
// 0 the device copy of the pointer gets the host value back. K-A9: a detach at AC 0 decrements on
// Cray 19 and aborts in libgomp.

import type { Step } from '../../lang/program.js';
import { HALTED, err, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { assign, attach, copyin, detach, enterData, exitData, nullify, parallelRead, present } from '../steps.js';
import { ACC_WORLD_NO_B, C_NO_B } from '../worlds.js';

/** seeds/000: detach of a never-attached (nullified) pointer, then a real attach. */
export const DETACH_SEED: Step[] = [
  nullify('c%p'),
  enterData(copyin('c')),
  exitData(detach('c%p')),
  assign('c%p', 'a'),
  enterData(copyin('a'), attach('c%p')),
  parallelRead('c%p', present('c')),
];

const rows: Row[] = [
  {
    name: 'seeds/000 detach of a never-attached pointer is a no-op; the later attach works',
    cite: 'A.6 detach: AC == 0 → no action; K-A9 decrement (Cray 19 traces "ref count -1"), error (libgomp "no attachment counters for struct")',
    steps: DETACH_SEED,
    at: { 3: per(ok, { libgomp: err('fatal_detach_at_zero') }) },
    last: per(readAll(10, 1), { libgomp: HALTED }),
    state: {
      3: perState(
        { attachments: [{ ptr: C_NO_B, ac: 0, device: null }] },
        { 'cray-19': { attachments: [{ ptr: C_NO_B, ac: -1, device: null }] } },
      ),
      5: perState(
        { attachments: [{ ptr: C_NO_B, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        // libgomp stopped at step 3: the state stays as it was there.
        { libgomp: { attachments: [{ ptr: C_NO_B, ac: 0, device: null }], sections: [{ host: [C_NO_B, C_NO_B + 16], block: 1, src: 0, drc: 1 }] } },
      ),
    },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Detach Action',
  rules: ['OpenACC 3.3 §2.7.2 Detach Action'],
  world: ACC_WORLD_NO_B,
  rows,
});
