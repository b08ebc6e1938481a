import { fire, type CounterName, type Section, type StepContext } from '../state.js';

export const USER_MAPPED_COUNTER = 'OpenACC 3.3 §3.2.21 acc_map_data (reference counters of mapped data)';

/** How a clause or routine wants to change a counter: one up, one down, or the dynamic one to zero. */
export type CounterChange = 'increment' | 'decrement' | 'finalize';

// OpenACC 3.3 §3.2.21 acc_map_data: "the dynamic reference counter ... is set to one" and "may not
// be decremented to zero, except by a call to acc_unmap_data". Decides a counter change on data
// mapped by acc_map_data; returns true when it has dealt with the change, false when the ordinary
// rule applies (data mapped by a clause or routine, or the reading counts mapped data like any).
export function userMappedCounterChange(section: Section, counter: CounterName, change: CounterChange, ctx: StepContext): boolean {
  if (section.origin !== 'map_data') return false;
  const reading = ctx.knobs['K-A7'];
  // K-A7 `unmap-at-zero`: mapped data is counted like any other data.
  if (reading === 'unmap-at-zero') return false;
  fire(ctx, USER_MAPPED_COUNTER);
  // K-A7 `infinite` (libgomp): the mapping's count is infinite; nothing moves it.
  if (reading === 'infinite') return true;
  // K-A7 `clamp`: the structured counter and increments follow the ordinary rules; the dynamic
  // counter stops at one (a decrement from one, or finalize, leaves one).
  if (counter !== 'drc' || change === 'increment') return false;
  if (change === 'finalize' || section.drc <= 1) {
    section.drc = 1;
    return true;
  }
  return false;
}
