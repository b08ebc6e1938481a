// The declare directive at program scope (OpenACC 3.3 §2.13, §2.13.1–§2.13.3): the program's
// static data and its device copy.

import type { AccDeclare } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { arrayRange, fire, presence, type ModelState, type StepContext } from '../state.js';
import { copyinAction } from '../actions/copyin.js';
import { createAction } from '../actions/create.js';

export const DECLARE = 'OpenACC 3.3 §2.13 Declare Directive';
export const DECLARE_LINK = 'OpenACC 3.3 §2.13.3 link clause';

// OpenACC 3.3 §2.13 Declare Directive
// A declare directive at global scope makes its vars static data whose device copy exists for the
// whole program: §2.6.7 gives such data a structured reference counter of one from the start, and
// no region of the program ever gives that reference back, so the data stays present whatever
// exit data, acc_copyout or acc_delete do to the dynamic counter (they find SRC = 1 and leave the
// data; K-A8 covers acc_unmap_data of it, which acc_map_data did not make).
export function accDeclare(state: ModelState, step: AccDeclare, ctx: StepContext): Observation {
  fire(ctx, DECLARE);
  for (const c of step.clauses) {
    for (const v of c.vars) state.accDeclared[v] = c.clause === 'link' ? 'link' : 'data';
    if (c.clause === 'link') {
      // §2.13.3: a link var's device memory is allocated when a data clause maps it, not at
      // program start; until then it is absent like any other host data.
      fire(ctx, DECLARE_LINK);
      continue;
    }
    for (const v of c.vars) {
      const range = arrayRange(state, v);
      // The declaration comes before every other step (validation), so nothing maps it yet.
      if (presence(state, range).kind !== 'absent') throw new Error(`internal: declared ${v} is already on the device`);
      // copyin: the device copy starts with the host's initial values; create and
      // device_resident (§2.13.1: memory on the device only; the host copy is the program's own
      // business) start indeterminate.
      if (c.clause === 'copyin') copyinAction(state, range, 'src', ctx);
      else createAction(state, range, 'src', ctx);
    }
  }
  return { kind: 'ok' };
}
