import type { OmpTargetIsAccessible } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { blockById, fire, undefinedBehaviour, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, deviceBeforeNull, isBadDevice, resolveRoutineDevice } from './devices.js';
import { resolvePointer, type OmpPointer } from './table.js';
import { sharesMemoryWithHost } from './unified-shared-memory.js';

export const OMP_TARGET_IS_ACCESSIBLE = 'OpenMP 6.0 §25.2.2 omp_target_is_accessible';

// OpenMP 6.0 §25.2.2 omp_target_is_accessible
export function ompTargetIsAccessible(state: ModelState, step: OmpTargetIsAccessible, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_IS_ACCESSIBLE);
  // K-B25 `absent`: GCC 12 has no such routine, so the program cannot be built.
  if (ctx.knobs['K-B25'] === 'absent') return { kind: 'unavailable', feature: 'omp_target_is_accessible' };
  const answer = (value: boolean): Observation => ({ kind: 'value', value });
  const ptr = resolvePointer(state, step.ptr);
  const target = resolveRoutineDevice(state, step.device, ctx);
  const reading = ctx.knobs['K-B9'];
  // K-B9 `6.0`: the routine asks about a positive number of bytes; zero breaks that requirement.
  if (reading === '6.0' && step.bytes === 0) return undefinedBehaviour('omp_target_is_accessible with 0 bytes: the size must be positive');
  // A device number the routine cannot use decides before the null pointer under K-B21
  // `device-first`.
  if (isBadDevice(target) && deviceBeforeNull(ctx)) return badDeviceInRoutine(target, 'omp_target_is_accessible', answer(false), ctx);
  // K-B9 `6.0` and `unified-only` (LLVM): a null pointer is never accessible. `capability`
  // (libgomp) answers for the host before looking at the pointer.
  if (ptr === null && reading !== 'capability') return answer(false);
  // On the host, ptr is a host address: host memory and host allocations are accessible. Under
  // `6.0` an address inside a discrete device's allocation means nothing in the host's address
  // space, so it is not; the other readings answer for the host without looking at ptr.
  if (target.kind === 'host') return answer(reading !== '6.0' || ptr === null || !inDiscreteAllocation(state, ptr, ctx));
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_target_is_accessible', answer(false), ctx);
  // A device sharing memory with the host reaches all of it. `capability` and `unified-only`
  // answer with that ability alone and ignore the pointer.
  if (target.shared || reading !== '6.0') return answer(target.shared);
  // `6.0`: ptr is an address in the discrete device's own space; the bytes must lie in one live
  // allocation of that device.
  if (ptr === null || ptr.space !== 'dev') return answer(false);
  const block = blockById(state, ptr.block);
  return answer(block.alive && block.device === target.index && ptr.offset >= 0 && ptr.offset + step.bytes <= block.bytes);
}

/** Whether `ptr` points into an allocation of a discrete (non-shared) device. */
function inDiscreteAllocation(state: ModelState, ptr: Exclude<OmpPointer, null>, ctx: StepContext): boolean {
  if (ptr.space !== 'dev') return false;
  const owner = blockById(state, ptr.block).device;
  return owner !== 'host' && !sharesMemoryWithHost(state, owner, null, ctx.knobs);
}
