import {
  fire,
  hostCells,
  mapNewSection,
  type CounterName,
  type ModelState,
  type Range,
  type Section,
  type StepContext,
} from '../state.js';

export const COPYIN_ACTION = 'OpenACC 3.3 §2.7.2 Copyin Action';

// OpenACC 3.3 §2.7.2 Copyin Action
// Applies only to data that is not present at all; returns the new section.
export function copyinAction(state: ModelState, range: Range, counter: CounterName, ctx: StepContext): Section {
  fire(ctx, COPYIN_ACTION);
  // Take a fresh device allocation as large as the data and transfer the host bytes into it
  // (pointer members travel unchanged, still holding host addresses); the data now has a section
  // whose chosen counter is one.
  return mapNewSection(state, range, counter, hostCells(state, range));
}
