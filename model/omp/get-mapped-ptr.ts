import type { OmpGetMappedPtr } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { fire, type ModelState, type StepContext } from '../state.js';
import { badDeviceInRoutine, resolveDevice } from './devices.js';
import { entryHoldingByte, pointerValue, resolvePointer, storageAddress } from './table.js';

export const OMP_GET_MAPPED_PTR = 'OpenMP 6.0 §25.2.3 omp_get_mapped_ptr';

// OpenMP 6.0 §25.2.3 omp_get_mapped_ptr
export function ompGetMappedPtr(state: ModelState, step: OmpGetMappedPtr, ctx: StepContext): Observation {
  fire(ctx, OMP_GET_MAPPED_PTR);
  const ptr = resolvePointer(state, step.ptr);
  // A null pointer maps to null.
  if (ptr === null) return { kind: 'value', value: null };
  const target = resolveDevice(state, step.device);
  // On the host a pointer is its own corresponding pointer.
  if (target.kind === 'host') return { kind: 'value', value: pointerValue(ptr) };
  if (target.kind === 'invalid' || target.kind === 'out-of-range')
    return badDeviceInRoutine(target, 'omp_get_mapped_ptr', { kind: 'value', value: null }, ctx);
  // The corresponding address of the byte ptr points at, when an entry holds it.
  const entry = ptr.space === 'host' ? entryHoldingByte(state, target.index, ptr.addr) : null;
  if (entry !== null && ptr.space === 'host') return { kind: 'value', value: storageAddress(entry, ptr.addr) };
  // Unmapped memory on a device sharing memory with the host. K-B2: no corresponding pointer
  // (`table`), or the memory is self-mapped and ptr itself is the answer (`self-mapped`).
  if (target.shared && ctx.knobs['K-B2'] === 'self-mapped') return { kind: 'value', value: pointerValue(ptr) };
  return { kind: 'value', value: null };
}
