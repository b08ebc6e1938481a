import type { OmpTargetDisassociatePtr } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { fire, undefinedBehaviour, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, describeDevice, deviceBeforeNull, isBadDevice, resolveRoutineDevice } from './devices.js';
import { entriesTouching, describePointer, entryHoldingByte, removeEntry, resolvePointer } from './table.js';
import { sharedDeviceAssociation } from './associate-ptr.js';

export const OMP_TARGET_DISASSOCIATE_PTR = 'OpenMP 6.0 §25.6 omp_target_disassociate_ptr';

const SUCCESS: Observation = { kind: 'value', value: 0 };
const NONZERO: Observation = { kind: 'value', value: 1 };

// OpenMP 6.0 §25.6 omp_target_disassociate_ptr
// Removes the association of host pointer `ptr` from the device's table; the device memory is
// not freed.
export function ompTargetDisassociatePtr(state: ModelState, step: OmpTargetDisassociatePtr, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_DISASSOCIATE_PTR);
  const ptr = resolvePointer(state, step.ptr);
  const target = resolveRoutineDevice(state, step.device, ctx);
  const call = `omp_target_disassociate_ptr(${describePointer(ptr)}) on ${describeDevice(target)}`;
  // A device number the routine cannot use decides first under K-B21 `device-first`.
  if (isBadDevice(target) && deviceBeforeNull(ctx)) return badDeviceInRoutine(target, 'omp_target_disassociate_ptr', NONZERO, ctx);
  // A null pointer has nothing associated: the runtimes refuse it.
  if (ptr === null) return NONZERO;
  // Nothing can be associated on the host. K-B14: the text is silent (undefined), or the
  // runtimes' refusal (nonzero).
  if (target.kind === 'host') {
    if (ctx.knobs['K-B14'] === 'nonzero') return NONZERO;
    return undefinedBehaviour(`${call}: the host has no separate device storage`);
  }
  // A device whose memory is the host's: K-B18, as for omp_target_associate_ptr.
  if (target.kind === 'device' && target.shared) {
    const stop = sharedDeviceAssociation(ctx, `${call}: the device shares memory with the host`);
    if (stop) return stop;
  }
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_target_disassociate_ptr', NONZERO, ctx);
  // The entry that starts at ptr (a device address starts none).
  const addr = ptr.space === 'host' ? ptr.addr : null;
  const atStart = addr === null ? undefined : entriesTouching(state, target.index, { start: addr, end: addr }).filter((e) => e.start === addr).pop();
  if (atStart) {
    // An association is removed whatever its count (the count drops to zero). Storage a map
    // clause created: K-B4 `refuse` (the runtimes) or `remove` (the literal text, without
    // freeing the block).
    if (atStart.origin === 'map' && ctx.knobs['K-B4'] === 'refuse') return NONZERO;
    // Storage of a declare target variable (§7.9.7) is no association either. K-B27: a pointer
    // without associated data (unspecified), libgomp's refusal, or LLVM's removal of any entry
    // with an infinite count (the device memory stays: it is the variable's).
    if (atStart.origin === 'declare') {
      if (ctx.knobs['K-B27'] === 'refuse') return NONZERO;
      if (ctx.knobs['K-B27'] === 'undefined') return undefinedBehaviour(`${call}: ptr is a declare target variable, not data omp_target_associate_ptr associated`);
    }
    removeEntry(state, target.index, atStart, false);
    return SUCCESS;
  }
  // ptr inside an entry but not at its start. K-B12: not the associated pointer (nonzero), or
  // "no associated data" read literally (undefined).
  if (addr !== null && entryHoldingByte(state, target.index, addr) !== null) {
    if (ctx.knobs['K-B12'] === 'nonzero') return NONZERO;
    return undefinedBehaviour(`${call}: ptr points inside a mapping, not at its start`);
  }
  // A pointer without associated data: unspecified. K-B17 `nonzero`: the runtimes refuse it.
  if (ctx.knobs['K-B17'] === 'nonzero') return NONZERO;
  return undefinedBehaviour(`${call}: nothing is associated with ptr`);
}
