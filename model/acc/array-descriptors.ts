// OpenACC 3.3 §2.6.6 Enter Data Directive, §2.7.7 copyin clause: enter data of a Fortran pointer
// array (mapcheck's Fortran arrays are `integer, pointer, contiguous :: v(:)`, except those a
// program-scope declare names), under K-A72 `descriptor` (gfortran 12 with libgomp). gfortran maps
// such an array as its data, its descriptor (`map(to: v [pointer set])`) and the descriptor's data
// pointer (`map(alloc: v.data [pointer assign, bias])`), -fdump-tree-omplower. libgomp's enter data
// handles the data as a group of its own (found present by K-A11 `extends-before` when it starts
// before a present section and ends inside it) and the descriptor with its pointer as a second
// group: a descriptor already on the device has its counts raised; otherwise it is mapped and the
// data pointer is looked up at the array's first element, and when nothing holds that byte (nor
// the byte before it, gomp_map_lookup's second probe) the program stops ("Pointer target of array
// section wasn't mapped", target.c gomp_map_pointer). An exit data naming the array gives the
// descriptor's counts back whether or not its data is present. So the model counts, per array, the
// enter data clauses naming it (whole or a section) less the exit data clauses naming it, and a
// data region naming it holds it for its duration (measured: profiles/measured/
// probes-gcc-12-2026-12-06i.md). A zero-length section is left out of the count, and a procedure's
// declare counts as the region or the enter / exit data K-A56 reads it as (not measured).

import { isScalarRef, type VarRef } from '../../lang/program.js';
import { sectionHoldingByte } from '../zero-length.js';
import { describeRange, parsedRef, runtimeError, type ErrorObservation, type ModelState, type Range, type RecordedVar } from '../state.js';
import type { KnobValues } from '../../profiles/knobs.js';

/** The array whose descriptor data clause var `ref` (data range `range`) maps under K-A72 `descriptor`, or undefined. */
export function accDescriptorOf(state: ModelState, ref: VarRef, range: Range | null, knobs: KnobValues): string | undefined {
  if (knobs['K-A72'] !== 'descriptor' || range === null || range.start === range.end) return undefined;
  const parsed = parsedRef(state, ref);
  if (parsed.kind !== 'array' || parsed.field !== undefined || isScalarRef(parsed) || state.accDeclared[parsed.name] !== undefined) return undefined;
  return parsed.name;
}

/** Whether array `name`'s descriptor is on the device: an enter data still holds it, or an open data region names the array. */
function descriptorHeld(state: ModelState, name: string): boolean {
  return (state.accDescriptors[name] ?? 0) > 0 || state.regions.some((r) => r.clauses.some((c) => c.vars.some((v) => v.descriptor === name)));
}

/**
 * K-A72 `descriptor`: enter data var `v`, found present by K-A11 `extends-before`, stops when its
 * array's descriptor is mapped afresh and nothing holds the data pointer's target. The var's first
 * byte lies before the one section it overlaps, so no section holds it; the lookup's second probe,
 * the byte before it, may be held (the object before it in host memory).
 */
export function descriptorPointerStop(state: ModelState, v: RecordedVar): ErrorObservation | null {
  if (v.descriptor === undefined || v.range === null || descriptorHeld(state, v.descriptor)) return null;
  if (sectionHoldingByte(state, v.range.start - 1) !== null) return null;
  return runtimeError(
    'fatal_lowering',
    `enter data of ${describeRange(state, v.range)}: the data is counted on the present section it ends in, and the descriptor of ${v.descriptor}, mapped afresh, points at its first element, which is not present (Pointer target of array section wasn't mapped)`,
  );
}

/** Enter data var `v` (its entry done): one more hold on its array's descriptor. */
export function enterAccDescriptor(state: ModelState, v: RecordedVar): void {
  if (v.descriptor !== undefined) state.accDescriptors[v.descriptor] = (state.accDescriptors[v.descriptor] ?? 0) + 1;
}

/** Exit data var `v`: one hold on its array's descriptor given back, present data or not. */
export function exitAccDescriptor(state: ModelState, v: RecordedVar): void {
  if (v.descriptor === undefined) return;
  const held = state.accDescriptors[v.descriptor] ?? 0;
  if (held > 1) state.accDescriptors[v.descriptor] = held - 1;
  else delete state.accDescriptors[v.descriptor];
}
