import {
  attachmentCounter,
  copyPtr,
  fire,
  hostPointer,
  presence,
  setDevicePointer,
  structRange,
  type MemberRef,
  type ModelState,
  type StepContext,
} from '../state.js';

export const IMMEDIATE_DETACH_ACTION = 'OpenACC 3.3 §2.7.2 Immediate Detach Action';

// OpenACC 3.3 §2.7.2 Immediate Detach Action
// `m` is the pointer member being detached regardless of how many attachments it counts.
export function immediateDetachAction(state: ModelState, m: MemberRef, ctx: StepContext): void {
  fire(ctx, IMMEDIATE_DETACH_ACTION);
  // A pointer without a device copy, or one with a zero counter, is not touched.
  if (presence(state, structRange(state, m)).kind !== 'present') return;
  const counter = attachmentCounter(state, m.addr);
  if (counter.ac === 0) return;
  // Drop every attachment at once and put the host's pointer value back into the device copy.
  counter.ac = 0;
  setDevicePointer(state, m, copyPtr(hostPointer(state, m)));
}
