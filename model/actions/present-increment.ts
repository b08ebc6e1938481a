import { fire, type CounterName, type Section, type StepContext } from '../state.js';

export const PRESENT_INCREMENT_ACTION = 'OpenACC 3.3 §2.7.2 Present Increment Action';

// OpenACC 3.3 §2.7.2 Present Increment Action
// Applies only to data that is already present; the caller has found its enclosing section.
export function presentIncrement(section: Section, counter: CounterName, ctx: StepContext): void {
  fire(ctx, PRESENT_INCREMENT_ACTION);
  // Bump the counter the calling clause or routine works on (structured or dynamic) by one.
  section[counter] += 1;
}
