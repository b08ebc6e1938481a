import { fire, type CounterName, type Section, type StepContext } from '../state.js';

export const PRESENT_DECREMENT_ACTION = 'OpenACC 3.3 §2.7.2 Present Decrement Action';

// OpenACC 3.3 §2.7.2 Present Decrement Action
// Applies only to present data; the caller has found its enclosing section.
export function presentDecrement(section: Section, counter: CounterName, ctx: StepContext): void {
  fire(ctx, PRESENT_DECREMENT_ACTION);
  // A counter that is already zero stays zero; any other value goes down by one.
  if (section[counter] > 0) section[counter] -= 1;
}
