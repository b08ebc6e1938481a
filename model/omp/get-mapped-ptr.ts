import type { OmpGetMappedPtr } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { fire, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, deviceBeforeNull, isBadDevice, resolveRoutineDevice } from './devices.js';
import { entryHoldingByte, pointerValue, resolvePointer, storageAddress } from './table.js';
import { linkSlot, linkSlotAddress } from './declare-target.js';

export const OMP_GET_MAPPED_PTR = 'OpenMP 6.0 §25.2.3 omp_get_mapped_ptr';

// OpenMP 6.0 §25.2.3 omp_get_mapped_ptr
export function ompGetMappedPtr(state: ModelState, step: OmpGetMappedPtr, ctx: StepContext): Observation {
  fire(ctx, OMP_GET_MAPPED_PTR);
  // K-B24 `absent`: GCC 12 has no such routine, so the program cannot be built.
  if (ctx.knobs['K-B24'] === 'absent') return { kind: 'unavailable', feature: 'omp_get_mapped_ptr' };
  const ptr = resolvePointer(state, step.ptr);
  const target = resolveRoutineDevice(state, step.device, ctx);
  const none: Observation = { kind: 'value', value: null };
  // A device number the routine cannot use decides first under K-B21 `device-first`.
  if (isBadDevice(target) && deviceBeforeNull(ctx)) return badDeviceInRoutine(target, 'omp_get_mapped_ptr', none, ctx);
  // A null pointer maps to null.
  if (ptr === null) return none;
  // On the host a pointer is its own corresponding pointer.
  if (target.kind === 'host') return { kind: 'value', value: pointerValue(ptr) };
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_get_mapped_ptr', none, ctx);
  // The corresponding address of the byte ptr points at, when an entry holds it.
  const entry = ptr.space === 'host' ? entryHoldingByte(state, target.index, ptr.addr) : null;
  if (entry !== null && ptr.space === 'host') return { kind: 'value', value: storageAddress(entry, ptr.addr) };
  // K-B69 `registered`: the key of a link array no map clause maps gives the link variable's slot.
  const slot = ptr.space === 'host' ? linkSlot(state, target.index, ptr.addr, ctx) : null;
  if (slot !== null && ptr.space === 'host') return { kind: 'value', value: linkSlotAddress(slot, ptr.addr) };
  // Unmapped memory on a device sharing memory with the host. K-B2: no corresponding pointer
  // (`table`), or the memory is self-mapped and ptr itself is the answer (`self-mapped`).
  if (target.shared && ctx.knobs['K-B2'] === 'self-mapped') return { kind: 'value', value: pointerValue(ptr) };
  return { kind: 'value', value: null };
}
