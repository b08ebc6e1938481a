// The runtime library routines of OpenACC 3.3 §3.2 that language version 1 can call. Unlike the
// clauses, the data routines never attach or detach pointers beyond what their actions do.

import type {
  AccAttachRoutine,
  AccCopyinRoutine,
  AccDataRoutine,
  AccDeviceptr,
  AccIsPresent,
} from '../lang/program.js';
import type { DevAddr, Observation } from '../lang/observation.js';
import {
  runtimeError,
  dataRange,
  describeRange,
  fire,
  memberRef,
  presence,
  type ModelState,
  type Range,
  type Section,
  type StepContext,
  objectsTouching,
  sectionEndFor,
  sectionExtendedBefore,
  sectionsOf,
  declaredArrayHolding,
} from './state.js';
import { keySet } from './vec.js';
import { presentIncrement } from './actions/present-increment.js';
import { presentDecrement } from './actions/present-decrement.js';
import { copyinAction } from './actions/copyin.js';
import { createAction } from './actions/create.js';
import { copyoutAction } from './actions/copyout.js';
import { deleteAction } from './actions/delete.js';
import { attachAction } from './actions/attach.js';
import { detachAction } from './actions/detach.js';
import { immediateDetachAction } from './actions/immediate-detach.js';

const ACC_COPYIN_CREATE = 'OpenACC 3.3 §3.2.18 acc_copyin, acc_create';
const ACC_COPYOUT_DELETE = 'OpenACC 3.3 §3.2.19 acc_copyout, acc_delete';
const ACC_DEVICEPTR = 'OpenACC 3.3 §3.2.23 acc_deviceptr';
const ACC_IS_PRESENT = 'OpenACC 3.3 §3.2.25 acc_is_present';
const ACC_ATTACH_DETACH = 'OpenACC 3.3 §3.2.29 acc_attach, acc_detach';

const OK: Observation = { kind: 'ok' };

/** Device address of host address `addr` inside `section`. */
function deviceAddress(section: Section, addr: number): DevAddr {
  return { block: section.block, offset: section.offset + addr - section.start };
}

// OpenACC 3.3 §3.2.18 acc_copyin, acc_create
// Both return the device address of the data; the host code may keep it (`result`) and pass it to
// the device memory routines later.
export function accCopyinCreate(state: ModelState, step: AccCopyinRoutine, ctx: StepContext): Observation {
  const observation = copyinCreate(state, step, ctx);
  if (step.result !== undefined && observation.kind === 'value') keySet(state.handles, step.result, observation.value as DevAddr | null);
  return observation;
}

function copyinCreate(state: ModelState, step: AccCopyinRoutine, ctx: StepContext): Observation {
  fire(ctx, ACC_COPYIN_CREATE);
  const range = dataRange(state, step.var);
  // A null pointer (always present, zero bytes) is not named by the errors. K-A5: return null
  // without acting, or abort.
  if (range === null) {
    if (ctx.knobs['K-A5'] !== 'noop') return runtimeError('fatal_null_routine', `${step.op}(${step.var}): null pointer`);
    return { kind: 'value', value: null };
  }
  const where = presence(state, range);
  // Data only partly on the device is an error. K-A11 `extends-before` (libgomp
  // goacc_map_var_existing checks only the end): data that starts before a present section and
  // ends inside it counts one more dynamic reference on it, and the routine returns the address
  // that far before the device copy.
  if (where.kind === 'partly') {
    const held = ctx.knobs['K-A11'] === 'extends-before' ? sectionExtendedBefore(state, range) : null;
    if (held) {
      presentIncrement(held, 'drc', ctx);
      return { kind: 'value', value: deviceAddress(held, range.start) };
    }
    return runtimeError('acc_error_partly_present', `${step.op}(${describeRange(state, range)}): the data is only partly present`);
  }
  // K-A60 `registered` (GCC 12 C): a link array no data clause maps now is keyed in the runtime's
  // table from the start, and the routine stops on the runtime's assertion over that key.
  if (where.kind === 'absent' && ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, range) === 'link')
    return runtimeError('fatal_lowering', `${step.op}(${describeRange(state, range)}): the runtime asserts on a link array its table keeps from the start`);
  // Present data gets one more dynamic reference; absent data is copied in (or only allocated)
  // with a dynamic counter of one. Either way the routine returns the device address of the data.
  let section: Section;
  if (where.kind === 'present') {
    section = where.section;
    presentIncrement(section, 'drc', ctx);
  } else {
    section = step.op === 'acc_copyin' ? copyinAction(state, range, 'drc', ctx) : createAction(state, range, 'drc', ctx);
  }
  return { kind: 'value', value: deviceAddress(section, range.start) };
}

// OpenACC 3.3 §3.2.19 acc_copyout, acc_delete (and the _finalize forms)
export function accCopyoutDelete(
  state: ModelState,
  step: AccDataRoutine,
  ctx: StepContext,
): Observation {
  fire(ctx, ACC_COPYOUT_DELETE);
  const range = dataRange(state, step.var);
  // A null pointer: K-A5 decides between doing nothing and aborting (`entry-error` aborts only in
  // acc_copyin / acc_create: libgomp's exit routines look the address up and find nothing).
  if (range === null) {
    if (ctx.knobs['K-A5'] === 'error') return runtimeError('fatal_null_routine', `${step.op}(${step.var}): null pointer`);
    return OK;
  }
  const where = presence(state, range);
  // Data not on the device: its dynamic counter is zero, so nothing to do, though the error list
  // still names this case. K-A6 chooses.
  if (where.kind === 'absent') {
    // K-A60 `registered` (GCC 12 C): a link array no data clause maps now is keyed from the start,
    // and goacc_exit_datum_1 asserts on that key (`n->refcount != REFCOUNT_LINK`).
    if (ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, range) === 'link')
      return runtimeError('fatal_lowering', `${step.op}(${describeRange(state, range)}): the runtime asserts on a link array its table keeps from the start`);
    if (ctx.knobs['K-A6'] === 'error')
      return runtimeError('acc_error_not_present', `${step.op}(${describeRange(state, range)}): the data is not present`);
    return OK;
  }
  // Data only partly on the device is an error.
  if (where.kind === 'partly')
    return runtimeError('acc_error_partly_present', `${step.op}(${describeRange(state, range)}): the data is only partly present`);
  const section = where.section;
  // No dynamic reference held: nothing happens.
  if (section.drc === 0) return OK;
  // Give back one dynamic reference, or all of them for the _finalize forms.
  presentDecrement(section, 'drc', ctx, step.op === 'acc_copyout_finalize' || step.op === 'acc_delete_finalize');
  // With no reference of either kind left, copy the data back (copyout) or just free it (delete).
  if (section.src === 0 && section.drc === 0) {
    if (step.op === 'acc_copyout' || step.op === 'acc_copyout_finalize') copyoutAction(state, section, range, ctx);
    else deleteAction(state, section, ctx);
  }
  return OK;
}

// OpenACC 3.3 §3.2.29 acc_attach, acc_detach, acc_detach_finalize
export function accAttachDetach(state: ModelState, step: AccAttachRoutine, ctx: StepContext): Observation {
  fire(ctx, ACC_ATTACH_DETACH);
  const m = memberRef(state, step.ptr);
  // Each routine performs the matching pointer action on the member it is given.
  switch (step.op) {
    case 'acc_attach':
      return attachAction(state, m, ctx) ?? OK;
    case 'acc_detach':
      return detachAction(state, m, ctx) ?? OK;
    case 'acc_detach_finalize':
      return immediateDetachAction(state, m, ctx, true) ?? OK;
  }
}

// OpenACC 3.3 §3.2.25 acc_is_present
export function accIsPresent(state: ModelState, step: AccIsPresent, ctx: StepContext): Observation {
  fire(ctx, ACC_IS_PRESENT);
  const data = dataRange(state, step.var);
  // A null pointer counts as always present (zero bytes). K-A5 `error` and `entry-error` read it as not present.
  if (data === null) return { kind: 'value', value: ctx.knobs['K-A5'] === 'noop' };
  const length = step.bytes ?? data.end - data.start;
  // Zero bytes: K-A16 picks 3.3's "count as one byte", 3.1's "present at all" (one past a
  // section's end included), or a flat false.
  if (length === 0) {
    const reading = ctx.knobs['K-A16'];
    if (reading === 'false') return { kind: 'value', value: false };
    if (reading === 'present-at-all')
      return {
        kind: 'value',
        // (the object ending at the address counts too: one past its end is in its section)
        value: objectsTouching(state, { start: data.start - 1, end: data.start + 1 }).some((i) =>
          sectionsOf(state, i).some((s) => s.start <= data.start && data.start <= sectionEndFor(s, data)),
        ),
      };
    return { kind: 'value', value: isInsideOneSection(state, { start: data.start, end: data.start + 1 }) };
  }
  // Otherwise: true exactly when every byte lies in one present section.
  return { kind: 'value', value: isInsideOneSection(state, { start: data.start, end: data.start + length }) };
}

function isInsideOneSection(state: ModelState, range: Range): boolean {
  return presence(state, range).kind === 'present';
}

// OpenACC 3.3 §3.2.23 acc_deviceptr
export function accDeviceptr(state: ModelState, step: AccDeviceptr, ctx: StepContext): Observation {
  fire(ctx, ACC_DEVICEPTR);
  const data = dataRange(state, step.var);
  // A null pointer maps to null.
  // The device address of the data's first byte when that byte is present, else null.
  const where = data === null ? null : presence(state, { start: data.start, end: data.start + 1 });
  const value = where?.kind === 'present' ? deviceAddress(where.section, data!.start) : null;
  // The host code may keep the returned pointer and pass it to the device memory routines later.
  if (step.result !== undefined) keySet(state.handles, step.result, value);
  return { kind: 'value', value };
}
