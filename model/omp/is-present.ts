import type { OmpTargetIsPresent } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { fire, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, deviceBeforeNull, isBadDevice, resolveRoutineDevice } from './devices.js';
import { entryHoldingByte, resolvePointer } from './table.js';
import { linkSlot } from './declare-target.js';

export const OMP_TARGET_IS_PRESENT = 'OpenMP 6.0 §25.2.1 omp_target_is_present';

// OpenMP 6.0 §25.2.1 omp_target_is_present
export function ompTargetIsPresent(state: ModelState, step: OmpTargetIsPresent, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_IS_PRESENT);
  const answer = (value: boolean): Observation => ({ kind: 'value', value });
  const ptr = resolvePointer(state, step.ptr);
  const target = resolveRoutineDevice(state, step.device, ctx);
  // A device number the routine cannot use. K-B21 `device-first` (the text): it decides before
  // the null pointer does; `null-first`: after it.
  if (isBadDevice(target) && deviceBeforeNull(ctx)) return badDeviceInRoutine(target, 'omp_target_is_present', answer(false), ctx);
  // A null pointer. K-B1: 6.0 says it is not present; libgomp reports it present.
  if (ptr === null) return answer(ctx.knobs['K-B1'] === 'true');
  // On the host every storage is its own corresponding storage.
  if (target.kind === 'host') return answer(true);
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_target_is_present', answer(false), ctx);
  // Present when the byte ptr points at has corresponding storage (a device address never does).
  const entry = ptr.space === 'host' ? entryHoldingByte(state, target.index, ptr.addr) : null;
  if (entry !== null) return answer(true);
  // K-B69 `registered` (libgomp: the lookup does not tell the key of a link array from a mapping).
  if (ptr.space === 'host' && linkSlot(state, target.index, ptr.addr, ctx) !== null) return answer(true);
  // Unmapped memory on a device sharing memory with the host. K-B2: only table entries count
  // (`table`), or all host memory counts as self-mapped (`self-mapped`).
  return answer(target.shared && ctx.knobs['K-B2'] === 'self-mapped');
}
