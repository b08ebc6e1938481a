// Host actions of the program language: Fortran pointer association and host memory accesses.
// They are plain host semantics (no OpenACC rule fires) and never touch the device.

import type { HostRead, HostWrite, Nullify, PointerAssign } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import {
  dataRange,
  hostDescriptor,
  memberRef,
  objectHolding,
  readElements,
  setHostPointer,
  undefinedBehaviour,
  unitBytes,
  writeElements,
  type HostObject,
  type ModelState,
  type UndefinedObservation,
} from './state.js';

const OK: Observation = { kind: 'ok' };

/** `c%p => target`: the host descriptor takes the target's first element and element count. */
export function pointerAssign(state: ModelState, step: PointerAssign): Observation {
  setHostPointer(state, memberRef(state, step.ptr), hostDescriptor(state, step.target));
  return OK;
}

/** `nullify(c%p)`: the pointer becomes disassociated. */
export function nullify(state: ModelState, step: Nullify): Observation {
  setHostPointer(state, memberRef(state, step.ptr), null);
  return OK;
}

/** Assigns `value` to every host element of the reference. */
export function hostWrite(state: ModelState, step: HostWrite): Observation {
  const where = hostElements(state, step.var);
  if ('kind' in where) return where;
  writeElements(where.object.contents, where.index, where.count, step.value);
  return OK;
}

/** Reads every host element of the reference. */
export function hostRead(state: ModelState, step: HostRead): Observation {
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
