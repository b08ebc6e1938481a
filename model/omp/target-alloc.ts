import type { OmpTargetAlloc } from '../../lang/openmp.js';
import type { DevAddr, Observation } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import { allocateBlock, fire, type ModelState, type StepContext } from '../state.js';
import { keySet } from '../vec.js';
import { badDeviceInRoutine, isBadDevice, ownerOf, resolveRoutineDevice } from './devices.js';

export const OMP_TARGET_ALLOC = 'OpenMP 6.0 §25.3 omp_target_alloc';

// OpenMP 6.0 §25.3 omp_target_alloc
// The returned pointer is remembered under the step's `result` name for later routines.
export function ompTargetAlloc(state: ModelState, step: OmpTargetAlloc, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_ALLOC);
  const returns = (value: DevAddr | null): Observation => {
    keySet(state.handles, step.result, value);
    return { kind: 'value', value };
  };
  // A request for zero bytes. K-B10 `null` (6.0): the null pointer; `unique`: served like any
  // other request, with a block of its own, where the memory is the host's (the host or a
  // shared-memory device); a discrete device still answers null.
  if (step.bytes === 0 && ctx.knobs['K-B10'] === 'null') return returns(null);
  const target = resolveRoutineDevice(state, step.device, ctx);
  if (isBadDevice(target)) {
    const outcome = badDeviceInRoutine(target, 'omp_target_alloc', { kind: 'value', value: null }, ctx);
    return outcome.kind === 'value' ? returns(null) : outcome;
  }
  if (step.bytes === 0 && target.kind === 'device' && !target.shared) return returns(null);
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
