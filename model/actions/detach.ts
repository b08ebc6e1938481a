import {
  runtimeError,
  attachmentCounter,
  fire,
  formatRef,
  presence,
  setDevicePointer,
  memberRange,
  type ErrorObservation,
  type MemberRef,
  type ModelState,
  type StepContext,
} from '../state.js';
import { detachedDescriptor } from './descriptor.js';

export const DETACH_ACTION = 'OpenACC 3.3 §2.7.2 Detach Action';

// OpenACC 3.3 §2.7.2 Detach Action
// `m` is the pointer member being detached.
export function detachAction(state: ModelState, m: MemberRef, ctx: StepContext): ErrorObservation | null {
  fire(ctx, DETACH_ACTION);
  // A pointer without a device copy has nothing to detach (§2.7.2 acts on the device copy only).
  // K-A9 `error` follows libgomp, which aborts because the struct holding the pointer is not
  // mapped; every other reading leaves it alone.
  if (presence(state, memberRange(m)).kind !== 'present') {
    if (ctx.knobs['K-A9'] === 'error') return runtimeError('fatal_detach_at_zero', `detach of ${formatRef(m)}: ${m.struct} is not present`);
    return null;
  }

  const counter = attachmentCounter(state, m.addr);
  // A pointer that is not attached (counter zero) is left alone by the spec. K-A9: some runtimes
  // abort instead, others count down below zero and restore the host value anyway.
  if (counter.ac <= 0) {
    const reading = ctx.knobs['K-A9'];
    if (reading === 'error')
      return runtimeError('fatal_detach_at_zero', `detach of ${formatRef(m)}: the attachment counter is ${counter.ac}`);
    if (reading === 'decrement') {
      counter.ac -= 1;
      setDevicePointer(state, m, detachedDescriptor(state, m, ctx));
    }
    return null;
  }

  // Count one attachment fewer; the last one gone puts the host's pointer value back into the
  // device copy.
  counter.ac -= 1;
  if (counter.ac === 0) setDevicePointer(state, m, detachedDescriptor(state, m, ctx));
  return null;
}
