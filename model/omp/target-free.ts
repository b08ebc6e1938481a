import type { OmpTargetFree } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { blockById, fire, undefinedBehaviour, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, describeDevice, deviceBeforeNull, isBadDevice, ownerOf, resolveRoutineDevice } from './devices.js';
import { describePointer, resolvePointer } from './table.js';

export const OMP_TARGET_FREE = 'OpenMP 6.0 §25.4 omp_target_free';

const OK: Observation = { kind: 'ok' };

// OpenMP 6.0 §25.4 omp_target_free
export function ompTargetFree(state: ModelState, step: OmpTargetFree, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_FREE);
  const ptr = resolvePointer(state, step.ptr);
  const target = resolveRoutineDevice(state, step.device, ctx);
  // A device number the routine cannot use decides first under K-B21 `device-first`.
  if (isBadDevice(target) && deviceBeforeNull(ctx)) return badDeviceInRoutine(target, 'omp_target_free', OK, ctx);
  // A null pointer is ignored.
  if (ptr === null) return OK;
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_target_free', OK, ctx);
  // Only the start of live memory that omp_target_alloc returned for this device may be freed;
  // anything else is unspecified.
  if (ptr.space === 'dev' && ptr.offset === 0) {
    const block = blockById(state, ptr.block);
    if (block.alive && block.source === 'alloc' && block.device === ownerOf(target)) {
      block.alive = false;
      return OK;
    }
  }
  return undefinedBehaviour(`omp_target_free(${describePointer(ptr)}) on ${describeDevice(target)}: not live omp_target_alloc memory of that device`);
}
