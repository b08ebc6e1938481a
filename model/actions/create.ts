import {
  fire,
  indeterminateCells,
  mapNewSection,
  type CounterName,
  type ModelState,
  type Range,
  type Section,
  type StepContext,
} from '../state.js';

export const CREATE_ACTION = 'OpenACC 3.3 §2.7.2 Create Action';

// OpenACC 3.3 §2.7.2 Create Action
// Applies only to data that is not present at all; returns the new section.
export function createAction(state: ModelState, range: Range, counter: CounterName, ctx: StepContext): Section {
  fire(ctx, CREATE_ACTION);
  // Take a fresh device allocation as large as the data without moving anything into it, so its
  // contents (pointer members included) are indeterminate; the chosen counter of the new section
  // is one.
  return mapNewSection(state, range, counter, indeterminateCells(state, range));
}
