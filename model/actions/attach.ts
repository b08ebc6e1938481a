import { lboundField, ptrLbound, type PtrValue } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import {
  runtimeError,
  attachmentCounter,
  declaredArrayHolding,
  devicePointer,
  fire,
  formatRef,
  hostPointer,
  presence,
  setDevicePointer,
  memberRange,
  targetRange,
  type ErrorObservation,
  type MemberRef,
  type ModelState,
  type Range,
  type StepContext,
} from '../state.js';
import { attachedDescriptor } from './descriptor.js';
import { accMemberSectionAttachRange } from '../zero-length-members.js';

export const ATTACH_ACTION = 'OpenACC 3.3 §2.7.2 Attach Action';

// OpenACC 3.3 §2.7.2 Attach Action
// `m` is the pointer member being attached; its host value names the target.
// `section`: the var was a member section (`c%p(2:5)`, model/member-sections.ts) with this host
// range. "If ... the address to which var points is not present in the current device memory, no
// action is taken": K-A50 `target` (the text) looks up the pointer's target as for `c%p`;
// `section` (libgomp gomp_attach_pointer looks up `target + bias`, LLVM targetDataBegin
// PTR_AND_OBJ) looks up the section's first element, and the device pointer gets the address of
// the target's first element counted back from the section's copy (it may lie before the block).
export function attachAction(state: ModelState, m: MemberRef, ctx: StepContext, section?: Range): ErrorObservation | null {
  fire(ctx, ATTACH_ACTION);
  const name = formatRef(m);
  const hostValue = hostPointer(state, m);
  const whole = targetRange(hostValue);
  // A member section looks up what K-A50 says (model/zero-length-members.ts for zero bytes).
  const looked = section !== undefined && whole !== null ? accMemberSectionAttachRange(section, whole, ctx) : whole;
  // Where the pointer's target is looked up (a whole pointer, or a member section under K-A50
  // `target`), K-A73 says how: all of it (`whole`), or its first element (`first-element`, libgomp
  // gomp_attach_pointer: [target, target + 1)).
  const target = looked !== null && looked === whole && ctx.knobs['K-A73'] === 'first-element' ? { start: whole.start, end: whole.start + ELEMENT_BYTES } : looked;
  const targetPresence = target === null ? null : presence(state, target);

  // When the pointer itself has no device copy, or it points at data that has none, there is
  // nothing to attach to. K-A2: the spec takes no action; some runtimes abort.
  const structWhere = presence(state, memberRange(m));
  const structPresent = structWhere.kind === 'present';
  // The section holding the pointer now has attachment counters (read by K-A18).
  if (structWhere.kind === 'present') structWhere.section.counted = true;
  // K-A21 `first-attach` (libgomp target.c gomp_attach_pointer): a null or absent target is
  // noticed only when the counter becomes 1; with a positive counter the attach only counts.
  const targetMissing = targetPresence === null || targetPresence.kind !== 'present';
  if (structPresent && targetMissing && ctx.knobs['K-A21'] === 'first-attach' && attachmentCounter(state, m.addr).ac > 0) {
    attachmentCounter(state, m.addr).ac += 1;
    return null;
  }
  // K-A60 `registered` (GCC 12 C keys a link array from the start, target.c
  // gomp_load_image_to_device): a target in a link array no data clause maps now is found in the
  // runtime's table, so gomp_attach_pointer attaches the pointer to that key's device address, the
  // link variable's own slot in the device image, through which no kernel reaches the data.
  const linkKey =
    structPresent && target !== null && targetPresence !== null && targetPresence.kind === 'absent' && ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, target) === 'link';
  if (!linkKey && (!structPresent || (targetPresence !== null && targetPresence.kind !== 'present'))) {
    if (ctx.knobs['K-A2'] === 'error')
      return runtimeError(
        'fatal_attach_absent',
        structPresent ? `attach of ${name}: its target is not present` : `attach of ${name}: ${m.struct} is not present`,
      );
    return null;
  }

  // The device copy of the target: the same place inside the target's section, same count.
  let targetCopy: PtrValue;
  if (linkKey) targetCopy = { space: 'indeterminate' };
  else if (targetPresence === null) {
    // A null pointer is attached to null. K-A3 decides what happens to the counter, if anything.
    const reading = ctx.knobs['K-A3'];
    if (reading === 'error') return runtimeError('fatal_attach_null', `attach of ${name}: the pointer is null`);
    if (reading === 'null-keep-count') {
      setDevicePointer(state, m, null);
      return null;
    }
    targetCopy = null;
  } else {
    if (targetPresence.kind !== 'present' || hostValue === null || hostValue.space !== 'host')
      throw new Error(`internal: attach of ${name} reached a target that is not a present host range`);
    const section = targetPresence.section;
    targetCopy = {
      space: 'dev',
      block: section.block,
      offset: section.offset + hostValue.addr - section.start,
      count: hostValue.count,
      ...lboundField(ptrLbound(hostValue)),
    };
  }

  // With a nonzero counter and a device pointer already aiming at that copy, attaching again
  // only counts one more attachment. K-A4 `counter-only` skips the aim check and looks at the
  // counter alone (a positive counter is taken as "already attached").
  const counter = attachmentCounter(state, m.addr);
  const alreadyAttached =
    ctx.knobs['K-A4'] === 'compare-target'
      ? counter.ac !== 0 && sameTarget(devicePointer(state, m), targetCopy, ctx.knobs['K-A4b'] === 'descriptor')
      : counter.ac > 0;
  if (alreadyAttached) {
    counter.ac += 1;
    return null;
  }
  // Otherwise aim the device pointer at the target's device copy (its descriptor per §2.6.4) and
  // restart the count at one.
  setDevicePointer(state, m, attachedDescriptor(state, m, targetCopy, ctx));
  counter.ac = 1;
  return null;
}

/**
 * Whether a device pointer value already points at `targetCopy`: same block and offset (or both
 * null); K-A4b `descriptor` also asks for the same element count and lower bound.
 */
function sameTarget(current: PtrValue, targetCopy: PtrValue, wholeDescriptor: boolean): boolean {
  if (current === null || targetCopy === null) return current === targetCopy;
  return (
    current.space === 'dev' &&
    targetCopy.space === 'dev' &&
    current.block === targetCopy.block &&
    current.offset === targetCopy.offset &&
    (!wholeDescriptor || (current.count === targetCopy.count && ptrLbound(current) === ptrLbound(targetCopy)))
  );
}
