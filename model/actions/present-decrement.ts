import { fire, type CounterName, type Section, type StepContext } from '../state.js';
import { userMappedCounterChange } from './user-mapped-counter.js';

export const PRESENT_DECREMENT_ACTION = 'OpenACC 3.3 §2.7.2 Present Decrement Action';

// OpenACC 3.3 §2.7.2 Present Decrement Action
// Applies only to present data; the caller has found its enclosing section. `finalize` (exit data
// with finalize, the _finalize routines, §2.6.7) sets the dynamic counter to zero instead.
export function presentDecrement(section: Section, counter: CounterName, ctx: StepContext, finalize = false): void {
  if (!finalize) fire(ctx, PRESENT_DECREMENT_ACTION);
  // Data mapped by acc_map_data may not drop to zero (K-A7).
  if (userMappedCounterChange(section, counter, finalize ? 'finalize' : 'decrement', ctx)) return;
  if (finalize) {
    if (counter !== 'drc') throw new Error('internal: finalize on a structured counter');
    section.drc = 0;
    return;
  }
  // A counter that is already zero stays zero; any other value goes down by one.
  if (section[counter] > 0) section[counter] -= 1;
}
