import { fire, type CounterName, type Section, type StepContext } from '../state.js';
import { userMappedCounterChange } from './user-mapped-counter.js';

export const PRESENT_INCREMENT_ACTION = 'OpenACC 3.3 §2.7.2 Present Increment Action';

// OpenACC 3.3 §2.7.2 Present Increment Action
// Applies only to data that is already present; the caller has found its enclosing section.
export function presentIncrement(section: Section, counter: CounterName, ctx: StepContext): void {
  fire(ctx, PRESENT_INCREMENT_ACTION);
  // Data mapped by acc_map_data may count differently (K-A7).
  if (userMappedCounterChange(section, counter, 'increment', ctx)) return;
  // Bump the counter the calling clause or routine works on (structured or dynamic) by one.
  section[counter] += 1;
}
