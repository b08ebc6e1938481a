import type { OmpTargetAlloc } from '../../lang/openmp.js';
import type { DevAddr, Observation } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import { allocateBlock, fire, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, ownerOf, resolveDevice } from './devices.js';

export const OMP_TARGET_ALLOC = 'OpenMP 6.0 §25.3 omp_target_alloc';

// OpenMP 6.0 §25.3 omp_target_alloc
// The returned pointer is remembered under the step's `result` name for later routines.
export function ompTargetAlloc(state: ModelState, step: OmpTargetAlloc, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_ALLOC);
  const returns = (value: DevAddr | null): Observation => {
    state.handles[step.result] = value;
    return { kind: 'value', value };
  };
  // A request for zero bytes. K-B10 `null` (6.0): the null pointer; `unique`: the request is
  // served like any other, with a block of its own.
  if (step.bytes === 0 && ctx.knobs['K-B10'] === 'null') return returns(null);
  const target = resolveDevice(state, step.device);
  if (target.kind === 'invalid' || target.kind === 'out-of-range') {
    const outcome = badDeviceInRoutine(target, 'omp_target_alloc', { kind: 'value', value: null }, ctx);
    return outcome.kind === 'value' ? returns(null) : outcome;
  }
  // Otherwise fresh memory of that device (the host's, for the initial device) with
  // indeterminate contents; the result points at its first byte.
  const cells = Math.ceil(step.bytes / ELEMENT_BYTES);
  const block = allocateBlock(
    state,
    step.bytes,
    { kind: 'elements', values: new Array<null>(cells).fill(null) },
    ownerOf(target),
    'alloc',
  );
  return returns({ block, offset: 0 });
}
