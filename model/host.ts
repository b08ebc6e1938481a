// Host actions of the program language: Fortran pointer association and host memory accesses.
// They are plain host semantics and never touch the device; the one rule that can fire is
// OpenMP's restriction on re-associating an attached pointer (K-B22).

import type { HostRead, HostWrite, Nullify, PointerAssign } from '../lang/program.js';
import { formatPtr, lboundField, ptrLbound, type Observation } from '../lang/observation.js';
import {
  dataRange,
  hostDescriptor,
  hostPointer,
  memberRef,
  objectHolding,
  readElements,
  setHostPointer,
  undefinedBehaviour,
  unitBytes,
  writeElements,
  overflow,
  type HostObject,
  type ModelState,
  type UndefinedObservation,
  type MemberRef,
  type StepContext,
  fire,
} from './state.js';

const OK: Observation = { kind: 'ok' };

/**
 * `c%p => target`: the host descriptor takes the target's first element and element count, and
 * the lower bound of a bounds remapping `c%p(lbound:) => target` (1 without one).
 */
export function pointerAssign(state: ModelState, step: PointerAssign, ctx: StepContext): Observation {
  const m = memberRef(state, step.ptr);
  const broken = attachedWhileMapped(state, m, ctx);
  if (broken) return broken;
  const descriptor = hostDescriptor(state, step.target);
  setHostPointer(state, m, step.lbound === undefined || descriptor === null ? descriptor : { ...descriptor, ...lboundField(step.lbound) });
  return OK;
}

/** `nullify(c%p)`: the pointer becomes disassociated. */
export function nullify(state: ModelState, step: Nullify, ctx: StepContext): Observation {
  const m = memberRef(state, step.ptr);
  const broken = attachedWhileMapped(state, m, ctx);
  if (broken) return broken;
  setHostPointer(state, m, null);
  return OK;
}

const ATTACHED_POINTER_RESTRICTION = 'OpenMP 6.0 §7.9.6 map clause restrictions (attached pointers)';

// OpenMP 6.0 §7.9.6 map clause restrictions (attached pointers)
// A pointer whose corresponding pointer is attached must not be re-associated while the storage
// it is attached to stays mapped. K-B22 `undefined` (the text): breaking the restriction makes the
// program non-conforming; `allowed` (the runtimes): a plain host store.
export function attachedWhileMapped(state: ModelState, m: MemberRef, ctx: StepContext): UndefinedObservation | null {
  if (ctx.knobs['K-B22'] === 'allowed') return null;
  const attached = state.ompAttached.find((a) => a.ptr === m.addr && a.targetLive);
  if (!attached) return null;
  fire(ctx, ATTACHED_POINTER_RESTRICTION);
  return undefinedBehaviour(`${m.struct}%${m.member} is attached on device ${attached.device} while its target stays mapped (OpenMP 6.0 §7.9.6 restrictions)`);
}

/** Assigns `value` to every host element of the reference (plus the host elements of `from`, a copy: lang/README.md "Copy kernels"). */
export function hostWrite(state: ModelState, step: HostWrite): Observation {
  const copied = step.from === undefined ? null : hostRead(state, { op: 'host_read', var: step.from });
  if (copied !== null && copied.kind !== 'read') return copied;
  const where = hostElements(state, step.var);
  if ('kind' in where) return where;
  if (!writeElements(where.object.contents, where.index, where.count, step, 0, copied?.values ?? null)) return overflow(step.var);
  return OK;
}

/**
 * Reads every host element of the reference; through a pointer, `at` reads the element `p(at)` of
 * its view (counted from its lower bound, Fortran 2008 §7.2.2.3) and `bounds` the view's bounds. A
 * disassociated pointer has no bounds, and an index outside them is undefined.
 */
export function hostRead(state: ModelState, step: HostRead): Observation {
  if (step.at !== undefined || step.bounds) {
    const value = hostPointer(state, memberRef(state, step.var));
    if (value === null || value.space === 'indeterminate') return undefinedBehaviour(`the host asks for the bounds of ${step.var}, which is ${formatPtr(value)}`);
    const lbound = ptrLbound(value);
    const ubound = lbound + value.count - 1;
    if (step.at === undefined) return { kind: 'read', values: [lbound, ubound] };
    if (step.at < lbound || step.at > ubound) return undefinedBehaviour(`the host reads ${step.var}(${step.at}), outside its bounds ${lbound}:${ubound}`);
    const all = hostRead(state, { op: 'host_read', var: step.var });
    return all.kind === 'read' ? { kind: 'read', values: [all.values[step.at - lbound]!] } : all;
  }
  const where = hostElements(state, step.var);
  if ('kind' in where) return where;
  return { kind: 'read', values: readElements(where.object.contents, where.index, where.count) };
}

/** The host elements a reference names; a disassociated pointer names none (undefined behaviour). */
function hostElements(
  state: ModelState,
  ref: string,
): { object: HostObject; index: number; count: number } | UndefinedObservation {
  const range = dataRange(state, ref);
  if (range === null) return undefinedBehaviour(`the host accesses ${ref}, which is disassociated`);
  const object = objectHolding(state, range);
  const unit = unitBytes(object.contents);
  return { object, index: (range.start - object.start) / unit, count: (range.end - range.start) / unit };
}
