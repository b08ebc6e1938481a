// The OpenACC update directive (OpenACC 3.3 §2.14.4): makes host memory and device memory of
// present data agree, in the direction each clause names. No counter moves, nothing is created or
// removed.

import { ELEMENT_BYTES, type AccUpdate } from '../../lang/program.js';
import { isPlain } from '../../lang/plain-pointers.js';
import { lboundField, ptrLbound, type Observation } from '../../lang/observation.js';
import {
  attachmentCounter,
  blockById,
  copyCells,
  dataRange,
  directiveRange,
  describeRange,
  deviceIndex,
  fire,
  formatRef,
  hostPointer,
  memberRange,
  memberRef,
  membersInside,
  objectHolding,
  presence,
  runtimeError,
  setDevicePointer,
  undefinedBehaviour,
  unitBytes,
  type ModelState,
  type Range,
  type Section,
  type StepContext,
  declaredArrayHolding,
} from '../state.js';

import { ACC_ZERO_LENGTH, accZeroLength, isEmptyRange } from '../zero-length.js';

export const ACC_UPDATE = 'OpenACC 3.3 §2.14.4 Update Directive';
const ATTACHED_MEMBERS = 'OpenACC 3.3 §2.14.4 Update Directive, §2.6.8 (update of a struct with attached pointers)';
const MEMBER_POINTER = 'OpenACC 3.3 §2.14.4 Update Directive (update device of a pointer member: its device copy)';

// OpenACC 3.3 §2.14.4 Update Directive
// Every var of every clause, in clause order: `self` / `host` copy device → host, `device` copies
// host → device. Stops at the first error; the copies made before it stay made.
export function accUpdate(state: ModelState, step: AccUpdate, ctx: StepContext): Observation {
  fire(ctx, ACC_UPDATE);
  const ifPresent = step.if_present === true;
  // The vars are resolved when the directive starts (a pointer member names its target then).
  const vars = step.clauses.flatMap((c) => c.vars.map((v) => ({ clause: c.clause, v, range: directiveRange(state, v, ctx.knobs) })));
  for (const { clause, v, range } of vars) {
    const toDevice = clause === 'device';
    // A disassociated pointer names no data: there is nothing to copy. K-A55 `enter-exit-fatal`
    // (GCC 12's C lowering): C writes its section c.p[0:n] with n = 0, a zero-length subarray,
    // which stops the update as below.
    if (range === null) {
      if (ctx.knobs['K-A55'] === 'enter-exit-fatal') {
        fire(ctx, ACC_ZERO_LENGTH);
        return runtimeError('fatal_lowering', `update ${clause}(${v}): the pointer is disassociated, so its section has length zero, and the runtime has no update action for a zero-length subarray`);
      }
      const stop = toDevice && !ifPresent ? memberPointer(state, v, null, ctx) : null;
      if (stop) return stop;
      continue;
    }
    const name = `update ${clause}(${describeRange(state, range)})`;
    // A zero-length subarray (model/zero-length.ts, K-A55) has nothing to copy; absent, it is
    // skipped under if_present and otherwise reported under K-A55 `lookup`; `enter-exit-fatal`
    // stops the program there.
    if (isEmptyRange(range)) {
      const zero = accZeroLength(state, range, !ifPresent, `update ${clause}`, ctx, 'update');
      if (zero.kind === 'error') return zero;
      const stop = toDevice && !ifPresent ? memberPointer(state, v, range, ctx) : null;
      if (stop) return stop;
      continue;
    }
    const where = presence(state, range);
    // K-A60 `registered` (GCC 12 C keys a link array from the start): a link array no data clause
    // maps now is found (acc_is_present too, so if_present does not skip it), and the copy through
    // its key, which has no device copy of the data, stops the program.
    if (where.kind === 'absent' && ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, range) === 'link')
      return runtimeError('fatal_lowering', `${name}: the runtime finds the link array's key and cannot copy through it`);
    // Data that is not present: skipped under if_present, else acc_error_not_present.
    if (where.kind === 'absent') {
      if (ifPresent) continue;
      return runtimeError('acc_error_not_present', `${name}: the data is not present`);
    }
    // Data that is partly present. K-A40 `error` (the text's error list names it whether or
    // not if_present appears); `lookup-overlap` (libgomp GOACC_update / update_dev_host):
    // with if_present the var is not present (acc_is_present is false) and is skipped,
    // without it the copy goes through the mapping that overlaps the var and runs past it.
    if (where.kind === 'partly') {
      if (ctx.knobs['K-A40'] === 'error') return runtimeError('acc_error_partly_present', `${name}: the data is only partly present`);
      if (ifPresent) continue;
      return undefinedBehaviour(`${name}: the data is only partly present, so the copy runs past the device copy that overlaps it`);
    }
    const stop = updateCopy(state, where.section, range, toDevice, name, ctx) ?? (toDevice ? memberPointer(state, v, range, ctx) : null);
    if (stop) return stop;
  }
  return { kind: 'ok' };
}

// OpenACC 3.3 §2.14.4 Update Directive (update device of a pointer member: its device copy)
// `v` names a pointer member whose data went to the device (or, disassociated, named none). The
// text copies the data and nothing else (K-A63 `data`). libgomp's GOACC_update follows the data
// item with the pointer's GOMP_MAP_ALWAYS_POINTER item and writes the pointer's device copy
// through acc_update_device, which stops the program when the struct holding the pointer is not
// present. The value written is the device address of the list item before it:
// `pointer-section` (GCC 12 C) the section's first element (null when no device copy holds it),
// `pointer-descriptor` (gfortran 12) the descriptor itself, which leaves no usable pointer.
function memberPointer(state: ModelState, v: string, range: Range | null, ctx: StepContext): Observation | null {
  if (state.facts.parse(v).kind !== 'member') return null;
  fire(ctx, MEMBER_POINTER);
  const reading = ctx.knobs['K-A63'];
  if (reading === 'data') return null;
  const m = memberRef(state, v);
  // A plain pointer variable that is no pointer reference (K-A1p pointer-only, GCC 12 C) has no
  // pointer item: GCC maps the section with a firstprivate pointer, which the update call leaves out.
  if (isPlain(state.facts.world.structs.find((s) => s.name === m.struct)) && ctx.knobs['K-A1p'] !== 'base-pointer') return null;
  if (presence(state, memberRange(m)).kind !== 'present')
    return runtimeError('acc_error_not_present', `update device(${v}) also writes the device copy of ${formatRef(m)}, and ${m.struct} is not present`);
  if (reading === 'pointer-descriptor') {
    setDevicePointer(state, m, { space: 'indeterminate' });
    return null;
  }
  const first = range === null ? null : presence(state, { start: range.start, end: range.start + ELEMENT_BYTES });
  if (first === null || first.kind !== 'present') {
    setDevicePointer(state, m, null);
    return null;
  }
  // the pointer's view (count, lower bound) goes with the value, whatever space the host pointer
  // holds (a device address too, brought home by an update self of its struct)
  const host = hostPointer(state, m);
  const view = host !== null && host.space !== 'indeterminate' ? host : null;
  const section = first.section;
  setDevicePointer(state, m, { space: 'dev', block: section.block, offset: section.offset + range!.start - section.start, count: view?.count ?? 0, ...lboundField(view === null ? 1 : ptrLbound(view)) });
  return null;
}

/**
 * Copies the cells of `range` between the host and the device copy in `section`. Pointer members
 * travel verbatim; a struct whose members are attached is K-A41's case.
 */
function updateCopy(state: ModelState, section: Section, range: Range, toDevice: boolean, name: string, ctx: StepContext): Observation | null {
  // §2.6.8: an update of a struct while one of its pointers is attached overwrites the attached
  // pointer (device) or brings the device address home (self). K-A41 `undefined` (the text);
  // `copy` (libgomp: acc_update_device / acc_update_self copy the bytes as they are).
  const attached = membersInside(state, range).filter((addr) => attachmentCounter(state, addr).ac > 0);
  if (attached.length > 0) {
    fire(ctx, ATTACHED_MEMBERS);
    if (ctx.knobs['K-A41'] === 'undefined')
      return undefinedBehaviour(`${name}: the pointer at host 0x${attached[0]!.toString(16)} is attached`);
  }
  const host = objectHolding(state, range);
  const block = blockById(state, section.block);
  const unit = unitBytes(host.contents);
  const hostIndex = (range.start - host.start) / unit;
  const devIndex = deviceIndex(section, range.start, block.contents);
  const count = (range.end - range.start) / unit;
  if (toDevice) copyCells(host.contents, hostIndex, block.contents, devIndex, count);
  else copyCells(block.contents, devIndex, host.contents, hostIndex, count);
  return null;
}
