import type { DevAddr, HostAddr, PtrValue } from '../../lang/observation.js';
import {
  devicePointer,
  fire,
  formatRef,
  memberRange,
  memberRef,
  presence,
  undefinedBehaviour,
  type ModelState,
  type StepContext,
  type UndefinedObservation,
} from '../state.js';

export const DEVICE_POINTER_VALUE = 'OpenACC 3.3 §2.6.8 Attachment Counter (the device copy of a pointer)';

/** A pointer value as a program sees it: a device address, a host address, or null. */
export type PointerAddress = DevAddr | HostAddr | null;

// OpenACC 3.3 §2.6.8 Attachment Counter (the device copy of a pointer)
// A kernel that reads pointer member `ref` itself (not its target) reads the pointer in device
// memory, inside the device copy of its struct. The text fixes what that copy holds: an attach
// action points it at the device copy of the target (§2.7.2 Attach Action), a detach action gives
// it the host pointer's value back, and a copyin action copies the host's bytes, so a pointer no
// attach action reached holds the host address; a create action leaves it indeterminate. The
// kernel observes the value as it is: a device address (of a block that may have been freed since:
// a stale pointer), a host address, or null.
export function devicePointerValue(state: ModelState, ref: string, ctx: StepContext): PointerAddress | UndefinedObservation {
  fire(ctx, DEVICE_POINTER_VALUE);
  const m = memberRef(state, ref);
  // A struct with no device copy (no_create of absent data) leaves the kernel with the host's
  // address of the struct, which it cannot use.
  if (presence(state, memberRange(m)).kind !== 'present') return undefinedBehaviour(`the kernel reads ${formatRef(m)}, but ${m.struct} is not present`);
  return pointerAddress(devicePointer(state, m), `the kernel reads ${formatRef(m)}, whose device copy is indeterminate (created, never attached)`);
}

/** The address a stored pointer value shows a program; an indeterminate value is undefined to read. */
export function pointerAddress(value: PtrValue, indeterminate: string): PointerAddress | UndefinedObservation {
  if (value === null) return null;
  if (value.space === 'indeterminate') return undefinedBehaviour(indeterminate);
  if (value.space === 'host') return { host: value.addr };
  return { block: value.block, offset: value.offset };
}
