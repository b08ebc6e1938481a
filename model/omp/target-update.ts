// The target update construct (OpenMP 6.0 §15.9): makes the corresponding storage of present list
// items and their original storage agree, in the direction of each motion clause. No reference
// count moves, nothing is created or removed.

import type { OmpTargetUpdate } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import {
  copyCells,
  dataRange,
  directiveRange,
  describeRange,
  fire,
  objectHolding,
  runtimeError,
  undefinedBehaviour,
  unitBytes,
  type ModelState,
  type OmpEntry,
  type Range,
  type StepContext,
} from '../state.js';
import { attachmentOf, lookup, storageCells } from './table.js';
import { constructDevice, presentModifierUnavailable } from './constructs.js';
import { isEmptyRange, ompZeroLengthLookup } from '../zero-length.js';
import { expandMotions, mapperUnavailable } from './declare-mapper.js';
import { linkSlot } from './declare-target.js';

export const TARGET_UPDATE = 'OpenMP 6.0 §15.9 target update construct';
const PRESENT_MOTION = 'OpenMP 6.0 §15.9 target update construct (present motion modifier)';
const PARTLY_PRESENT = 'OpenMP 6.0 §15.9 target update construct (partly present storage)';

// OpenMP 6.0 §15.9 target update construct
// Each list item of each motion clause, in order: `to` assigns the original to the corresponding
// list item, `from` the corresponding list item to the original. Stops at the first error; the
// assignments made before it stay made.
export function ompTargetUpdate(state: ModelState, step: OmpTargetUpdate, ctx: StepContext): Observation {
  fire(ctx, TARGET_UPDATE);
  const unavailable = presentModifierUnavailable(step.motions, ctx) ?? mapperUnavailable(state, step.motions, null, ctx);
  if (unavailable) return unavailable;
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  // On the host the corresponding storage is the original: nothing to assign.
  if (target.kind === 'host') return { kind: 'ok' };
  // The list items are resolved when the construct starts (a pointer member names its target then).
  const items = expandMotions(state, step.motions, ctx).flatMap((m) => m.vars.map((v) => ({ item: m, range: directiveRange(state, v, ctx.knobs) })));
  for (const { item, range } of items) {
    const present = (item.modifiers ?? []).includes('present');
    // A disassociated pointer names no storage.
    if (range === null) continue;
    const name = `${item.type}(${present ? 'present: ' : ''}${describeRange(state, range)})`;
    const where = isEmptyRange(range) ? ompZeroLengthLookup(state, target.device, range, ctx) : lookup(state, target.device, range);
    // Storage only part of which is mapped. K-B40 `skip` (the text: there is no corresponding
    // list item, so it is handled as absent); `error` (libgomp gomp_update aborts).
    if (where.kind === 'partly') {
      fire(ctx, PARTLY_PRESENT);
      if (ctx.knobs['K-B40'] === 'error')
        return runtimeError('fatal_partial_update', `target update ${name}: only part of the data is mapped on device ${target.device}`);
    }
    // K-B69 `registered` (libgomp gomp_update finds the key of a link array no map clause maps):
    // the assignment goes through the link variable's pointer slot in the device image.
    if (where.kind === 'absent' && !isEmptyRange(range) && linkSlot(state, target.device, range.start, ctx) !== null)
      return undefinedBehaviour(`target update ${name}: the runtime's key of the link array on device ${target.device} copies through the link variable's pointer slot`);
    if (where.kind !== 'present') {
      // The present modifier makes an absent list item a runtime error termination; otherwise
      // no assignment occurs.
      if (present) {
        fire(ctx, PRESENT_MOTION);
        return runtimeError('omp_error_not_present', `target update ${name}: the data is not present on device ${target.device}`);
      }
      continue;
    }
    assign(state, target.device, where.entry, range, item.type === 'to');
  }
  return { kind: 'ok' };
}

/**
 * Assigns the cells of `range` between the original and the corresponding storage in `entry`
 * (nothing to do for a self map). An attached pointer inside keeps its value on both sides (the
 * construct's attached-pointer rule).
 */
function assign(state: ModelState, device: number, entry: OmpEntry, range: Range, to: boolean): void {
  if (entry.block === null) return;
  const host = objectHolding(state, range);
  const unit = unitBytes(host.contents);
  const first = (range.start - host.start) / unit;
  const count = (range.end - range.start) / unit;
  const dev = storageCells(state, entry, range.start);
  if (host.contents.kind === 'elements') {
    if (to) copyCells(host.contents, first, dev.contents, dev.index, count);
    else copyCells(dev.contents, dev.index, host.contents, first, count);
    return;
  }
  for (let i = 0; i < count; i++) {
    if (attachmentOf(state, device, range.start + i * unit) !== undefined) continue;
    if (to) copyCells(host.contents, first + i, dev.contents, dev.index + i, 1);
    else copyCells(dev.contents, dev.index + i, host.contents, first + i, 1);
  }
}
