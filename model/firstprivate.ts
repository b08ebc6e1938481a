// Firstprivate scalars: a scalar variable that a compute construct's kernel uses while no data
// attribute covers it gets a private copy on the device, initialised from the host's value
// (OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes, on a parallel
// construct; OpenMP 6.0 §7.9.3 Implicit Data-Mapping Attribute Rules). Nothing is mapped: the kernel
// reads the host's value, and what it writes dies with the construct.

import { MAX_ELEMENT, writtenValue, type ElementBody, type VarRef } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import { hostRead } from './host.js';
import { arrayRange, blockById, deviceIndex, overflow, parsedRef, presence, readElements, type Element, type ModelState } from './state.js';

/** Whether `root` names a scalar variable of the world (lang/README.md "Scalar variables"). */
export function isScalarVariable(state: ModelState, root: VarRef): boolean {
  const parsed = parsedRef(state, root);
  return parsed.kind === 'array' && parsed.scalar === true;
}

// OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes
// A scalar takes no implicit attribute when a visible data clause names it: a clause of an
// enclosing data construct (an open acc_data region), of the declare directive of the procedure
// the construct is in (its implicit data region, §2.6.3) or of a program-scope declare. The kernel
// then uses the data that clause made present; otherwise the scalar is firstprivate. GCC reads it
// so (gcc/gimplify.cc omp_notice_variable: for an OpenACC construct it looks the variable up in
// the enclosing OpenACC data contexts and maps it when one holds it; oacc_default_clause makes a
// declared variable mapped and any other scalar of a parallel construct firstprivate).
export function accScalarVisible(state: ModelState, root: VarRef): boolean {
  return state.regions.some((r) => r.visible.includes(root)) || state.accDeclared[root] !== undefined;
}

/**
 * The kernel on its private copy of scalar `root`: a read gives the value the copy starts with,
 * the host's; a write changes only the copy, so nothing outside the construct sees it, but a sum
 * that passes a C int is still signed overflow (C11 §6.5p5), undefined. With `fromDevice` (an
 * OpenACC construct under K-A67 `present-copy`) a scalar present on the device starts its copy
 * with the device copy's value instead. A copy passes the element it read as `copied` (one: the
 * written scalar has one element).
 */
export function privateKernel(state: ModelState, root: VarRef, body: ElementBody, fromDevice = false, copied: readonly Element[] | null = null): Observation {
  const held = privateCopy(state, root, fromDevice);
  if (held.kind !== 'read') return held;
  if ('read' in body) return held;
  const was = body.add ? held.values[0]! : 0;
  const read = copied === null ? 0 : copied[0]!;
  if (was !== null && read !== null && Math.abs(was + writtenValue(body, 0) + read) > MAX_ELEMENT) return overflow(body.write);
  return { kind: 'ok' };
}

/** The value a private copy of scalar `root` starts with (a read of one element): the host's, or under `fromDevice` the device copy's when present. */
export function privateCopy(state: ModelState, root: VarRef, fromDevice = false): Observation {
  return (fromDevice ? deviceCopy(state, root) : null) ?? hostRead(state, { op: 'host_read', var: root });
}

// OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes (K-A67)
// The text starts a firstprivate copy with the host's value (the firstprivate clause of §2.5: the
// value on the encountering thread). K-A67 `present-copy` (GCC 12.2, measured in C and Fortran): a
// scalar present on the device starts it with the device copy's value. Null when it is not present.
function deviceCopy(state: ModelState, root: VarRef): Observation | null {
  const range = arrayRange(state, root);
  const where = presence(state, range);
  if (where.kind !== 'present') return null;
  const block = blockById(state, where.section.block);
  return { kind: 'read', values: readElements(block.contents, deviceIndex(where.section, range.start, block.contents), 1) };
}
