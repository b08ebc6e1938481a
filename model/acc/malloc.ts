import type { AccMalloc } from '../../lang/program.js';
import type { DevAddr, Observation } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import { allocateBlock, fire, type ModelState, type StepContext } from '../state.js';
import { keySet } from '../vec.js';

export const ACC_MALLOC = 'OpenACC 3.3 §3.2.16 acc_malloc';

// OpenACC 3.3 §3.2.16 acc_malloc
// The returned pointer is remembered under the step's `result` name for later routines.
export function accMalloc(state: ModelState, step: AccMalloc, ctx: StepContext): Observation {
  fire(ctx, ACC_MALLOC);
  const returns = (value: DevAddr | null): Observation => {
    keySet(state.handles, step.result, value);
    return { kind: 'value', value };
  };
  // Zero bytes: the null pointer.
  if (step.bytes === 0) return returns(null);
  // Otherwise fresh memory of the current device (device 0) with indeterminate contents; the
  // result points at its first byte.
  const cells = Math.ceil(step.bytes / ELEMENT_BYTES);
  const block = allocateBlock(state, step.bytes, { kind: 'elements', values: new Array<null>(cells).fill(null) }, 0, 'alloc');
  return returns({ block, offset: 0 });
}
