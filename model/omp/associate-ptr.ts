import type { OmpTargetAssociatePtr } from '../../lang/openmp.js';
import type { DevAddr, Observation } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import { blockById, fire, objectHoldingOrNone, undefinedBehaviour, type ModelState, type Range, type StepContext } from '../state.js';
import { badDeviceInRoutine, describeDevice, isBadDevice, resolveRoutineDevice } from './devices.js';
import { entriesTouching, describePointer, insertEntry, overlappingEntries, pointerBase, resolvePointer, sameStorage } from './table.js';
import { INFINITE_RC } from '../../lang/observation.js';
import { linkKeyOverlapping } from './declare-target.js';

export const OMP_TARGET_ASSOCIATE_PTR = 'OpenMP 6.0 §25.5 omp_target_associate_ptr';

const SUCCESS: Observation = { kind: 'value', value: 0 };
const NONZERO: Observation = { kind: 'value', value: 1 };

// OpenMP 6.0 §25.5 omp_target_associate_ptr
// Makes `bytes` bytes of device memory at dev + offset the corresponding storage of the host
// bytes at `host`, with an infinite reference count.
export function ompTargetAssociatePtr(state: ModelState, step: OmpTargetAssociatePtr, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_ASSOCIATE_PTR);
  const host = resolvePointer(state, step.host);
  const dev = resolvePointer(state, step.dev);
  const target = resolveRoutineDevice(state, step.device, ctx);
  const call = `omp_target_associate_ptr(${describePointer(host)}, ${describePointer(dev)}, ${step.bytes}, ${step.offset}) on ${describeDevice(target)}`;
  // The host has no separate storage to associate. K-B14: the text is silent (undefined), or
  // the runtimes' refusal (nonzero).
  if (target.kind === 'host') {
    if (ctx.knobs['K-B14'] === 'nonzero') return NONZERO;
    return undefinedBehaviour(`${call}: the host has no separate device storage`);
  }
  // A device whose memory is the host's. K-B18: silent text (undefined), libgomp's refusal
  // (nonzero), or LLVM's normal path as for a discrete device (`as-discrete`, below).
  if (target.kind === 'device' && target.shared) {
    const stop = sharedDeviceAssociation(ctx, `${call}: the device shares memory with the host`);
    if (stop) return stop;
  }
  // Null pointers and empty ranges. K-B15: the text is silent (undefined), or refused (nonzero).
  if (host === null || dev === null || step.bytes === 0) {
    if (ctx.knobs['K-B15'] === 'nonzero') return NONZERO;
    return undefinedBehaviour(`${call}: a null pointer or zero bytes`);
  }
  if (isBadDevice(target)) return badDeviceInRoutine(target, 'omp_target_associate_ptr', NONZERO, ctx);
  // The host range must be array memory and the device range live omp_target_alloc memory of
  // that device, both starting on an element boundary.
  const misfit = `${call}: the ranges are not array memory and live memory of that device`;
  if (host.space !== 'host' || dev.space !== 'dev') return undefinedBehaviour(misfit);
  const h: Range = { start: host.addr, end: host.addr + step.bytes };
  const d: DevAddr = { block: dev.block, offset: dev.offset + step.offset };
  const block = blockById(state, d.block);
  // The range lies in the array the host pointer was derived from (a pointer past its object's end
  // reaches no other object, whatever lies there).
  const base = pointerBase(state, step.host);
  const holder = objectHoldingOrNone(state, h);
  const inArray = holder?.contents.kind === 'elements' && base !== null && holder.start <= base && base < holder.start + holder.bytes;
  const inBlock = block.alive && block.source === 'alloc' && block.device === target.index && d.offset >= 0 && d.offset + step.bytes <= block.bytes;
  if (!inArray || !inBlock || h.start % ELEMENT_BYTES !== 0 || d.offset % ELEMENT_BYTES !== 0) return undefinedBehaviour(misfit);

  const overlapping = overlappingEntries(state, target.index, h);
  const sameStart = entriesTouching(state, target.index, h).filter((e) => e.start === h.start).pop();
  // K-B69 `registered` (libgomp): the lookup finds the key of a link array no map clause maps,
  // whose device address (the link variable's slot) is not the one given: refused.
  if (overlapping.length === 0 && linkKeyOverlapping(state, target.index, h, ctx)) return NONZERO;
  const associate = (): Observation => {
    insertEntry(state, target.index, { start: h.start, end: h.end, block: d.block, offset: d.offset, rc: INFINITE_RC, origin: 'associate' });
    return SUCCESS;
  };
  switch (ctx.knobs['K-B3']) {
    case 'spec':
      // Nothing mapped there yet: the association is made. Repeating the same association has
      // no effect; a second device buffer for the same host pointer (another address, or the
      // same address with another size) is refused; any other overlap associates storage that
      // is already shared, which is unspecified.
      if (overlapping.length === 0) return associate();
      if (sameStart?.origin === 'associate' && sameStorage(sameStart, d) && sameStart.end === h.end) return SUCCESS;
      if (sameStart && (!sameStorage(sameStart, d) || sameStart.end !== h.end)) return NONZERO;
      return undefinedBehaviour(`${call}: the host range shares storage with an existing mapping`);
    case 'subset':
      // libgomp: an existing entry that contains the range and whose storage starts at the
      // requested device address already does the job; any other overlap is refused.
      if (overlapping.some((e) => sameStorage(e, d) && e.start <= h.start && h.end <= e.end)) return SUCCESS;
      return overlapping.length > 0 ? NONZERO : associate();
    case 'exact-start':
      // LLVM: only an entry starting at the same host address is looked at; it must match
      // exactly. Without one, a new entry is made even where it overlaps others.
      if (!sameStart) return associate();
      return sameStart.end === h.end && sameStorage(sameStart, d) ? SUCCESS : NONZERO;
  }
}

/**
 * K-B18 on a device that shares memory with the host, for omp_target_associate_ptr and
 * omp_target_disassociate_ptr: the observation that ends the call (`undefined`, `nonzero`), or
 * null when the call goes on as on a discrete device (`as-discrete`).
 */
export function sharedDeviceAssociation(ctx: StepContext, message: string): Observation | null {
  switch (ctx.knobs['K-B18']) {
    case 'undefined':
      return undefinedBehaviour(message);
    case 'nonzero':
      return NONZERO;
    case 'as-discrete':
      return null;
  }
}
