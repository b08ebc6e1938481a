// The Fortran pointer descriptor under attach and detach (OpenACC 3.3 §2.6.4): what the device
// copy of a pointer member holds besides its base address, here the lower bound of its view
// (`c%p(10:) => b`). The attach and detach actions decide where the device pointer aims; this
// rule decides which bounds the device view gets with it.

import { lboundField, ptrLbound, type PtrValue } from '../../lang/observation.js';
import { copyPtr, devicePointer, fire, hostPointer, type MemberRef, type ModelState, type StepContext } from '../state.js';

export const DESCRIPTOR_RULE = 'OpenACC 3.3 §2.6.4 Data Structures with Pointers';

/** The lower bound the device descriptor of `m` holds now, or null when it holds no association. */
function deviceLbound(state: ModelState, m: MemberRef): number | null {
  const current = devicePointer(state, m);
  return current === null || current.space === 'indeterminate' ? null : ptrLbound(current);
}

// OpenACC 3.3 §2.6.4 Data Structures with Pointers
// Attaching a Fortran array pointer updates its descriptor in device memory: the device view gets
// the device address of the target and, under K-A42 `descriptor`, the host pointer's bounds.
// `base-address` (libgomp) writes the address word only, so the view keeps the lower bound its
// device descriptor already holds, unless that descriptor held no association (libgomp maps a
// descriptor that was null whole again).
export function attachedDescriptor(state: ModelState, m: MemberRef, aim: PtrValue, ctx: StepContext): PtrValue {
  if (aim === null || aim.space !== 'dev') return aim;
  const host = hostPointer(state, m);
  const hostLbound = host !== null && host.space === 'host' ? ptrLbound(host) : 1;
  const kept = ctx.knobs['K-A42'] === 'base-address' ? deviceLbound(state, m) : null;
  const lbound = kept ?? hostLbound;
  if (lbound !== 1) fire(ctx, DESCRIPTOR_RULE);
  const { lbound: _dropped, ...rest } = aim;
  return { ...rest, ...lboundField(lbound) };
}

// OpenACC 3.3 §2.6.4 Data Structures with Pointers
// Detaching makes the device copy of the pointer equal to the host pointer again: the whole
// descriptor under K-A42 `descriptor`; under `base-address` the address word only, so a device
// view that holds an association keeps its lower bound.
export function detachedDescriptor(state: ModelState, m: MemberRef, ctx: StepContext): PtrValue {
  const host = copyPtr(hostPointer(state, m));
  if (host === null || host.space !== 'host' || ctx.knobs['K-A42'] !== 'base-address') return host;
  const kept = deviceLbound(state, m);
  if (kept === null || kept === ptrLbound(host)) return host;
  fire(ctx, DESCRIPTOR_RULE);
  const { lbound: _dropped, ...rest } = host;
  return { ...rest, ...lboundField(kept) };
}
