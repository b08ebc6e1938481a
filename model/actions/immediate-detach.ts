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

export const IMMEDIATE_DETACH_ACTION = 'OpenACC 3.3 §2.7.2 Immediate Detach Action';

// OpenACC 3.3 §2.7.2 Immediate Detach Action
// `m` is the pointer member being detached regardless of how many attachments it counts.
// `requested` is true when a program asks for it (acc_detach_finalize, a detach clause with
// finalize); the copyout and delete actions detach the pointers inside their data with false.
export function immediateDetachAction(state: ModelState, m: MemberRef, ctx: StepContext, requested: boolean): ErrorObservation | null {
  fire(ctx, IMMEDIATE_DETACH_ACTION);
  const reading = requested ? ctx.knobs['K-A18'] : 'noop';
  const where = presence(state, memberRange(m));
  // A pointer without a device copy is not touched. K-A18 `rewrite-or-error` (libgomp) aborts:
  // the struct is not mapped.
  if (where.kind !== 'present') {
    if (reading === 'rewrite-or-error') return runtimeError('fatal_detach_at_zero', `immediate detach of ${formatRef(m)}: ${m.struct} is not present`);
    return null;
  }
  const counter = attachmentCounter(state, m.addr);
  // A zero counter: nothing is attached and the spec leaves the pointer alone. K-A18: some
  // runtimes force the count to one and detach anyway, rewriting the device copy from the host
  // value; libgomp first requires that some pointer of the struct was ever attached.
  if (counter.ac === 0) {
    if (reading === 'noop') return null;
    if (reading === 'rewrite-or-error' && where.section.counted !== true)
      return runtimeError('fatal_detach_at_zero', `immediate detach of ${formatRef(m)}: no pointer of ${m.struct} was ever attached`);
    setDevicePointer(state, m, detachedDescriptor(state, m, ctx));
    return null;
  }
  // Drop every attachment at once and put the host's pointer value back into the device copy.
  counter.ac = 0;
  setDevicePointer(state, m, detachedDescriptor(state, m, ctx));
  return null;
}
