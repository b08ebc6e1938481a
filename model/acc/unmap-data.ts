import type { AccUnmapData } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import {
  sectionsOf,
  runtimeError,
  dataRange,
  describeRange,
  fire,
  removeSection,
  undefinedBehaviour,
  type ModelState,
  type StepContext,
} from '../state.js';

export const ACC_UNMAP_DATA = 'OpenACC 3.3 §3.2.22 acc_unmap_data';

const OK: Observation = { kind: 'ok' };

// OpenACC 3.3 §3.2.22 acc_unmap_data
// Like acc_delete, but the device memory is not freed.
export function accUnmapData(state: ModelState, step: AccUnmapData, ctx: StepContext): Observation {
  fire(ctx, ACC_UNMAP_DATA);
  const range = dataRange(state, step.var);
  // A null host pointer is an error.
  if (range === null) return runtimeError('acc_error_invalid_null_pointer', `acc_unmap_data(${step.var}): the host pointer is null`);
  // Only the host address acc_map_data mapped may be unmapped; anything else is undefined (K-A8).
  // A section never leaves its host object: the one holding the address is among that object's.
  const object = state.facts.indexHolding({ start: range.start, end: range.start });
  const section = object < 0 ? undefined : sectionsOf(state, object).find((s) => s.start <= range.start && range.start < s.end);
  if (!section || section.origin !== 'map_data' || section.start !== range.start) {
    const why = !section
      ? 'the data is not present'
      : section.origin !== 'map_data'
        ? 'the data was not mapped by acc_map_data'
        : `the address is inside the mapping of ${describeRange(state, section)}, not its start`;
    const message = `acc_unmap_data(${step.var}): ${why}`;
    return ctx.knobs['K-A8'] === 'fatal' ? runtimeError('fatal_map_data', message) : undefinedBehaviour(message);
  }
  // Data some region still holds is an error.
  if (section.src !== 0)
    return runtimeError('acc_error_present', `acc_unmap_data(${step.var}): a data region still holds ${describeRange(state, section)}`);
  // The data lifetime ends; nothing moves and the device memory stays the program's.
  section.drc = 0;
  removeSection(state, section);
  return OK;
}
