// Zero-length array sections: `a(3:2)` (Fortran, a subscript triplet whose upper bound is below its
// lower bound), C `a[2:0]`, in data clauses, map items, motion clauses, the update directive and the
// routines that look up an address (issue 9 item 5). The reference is an empty host range at the
// address of element k: it names no byte, so whether it is "present" is the question each spec
// answers for itself.
//
// OpenMP 6.0 §7.9.6 map clause (5.1 §2.21.7.1, 5.2 §5.8.3): a zero-length array section list item
// has a corresponding list item when the storage at its address is mapped; the item then refers to
// that storage (its reference count moves as for any present list item, and nothing is copied: the
// item has no byte); otherwise no corresponding storage is created. libgomp and LLVM offload agree
// on where "at its address" is: libgomp target.c gomp_map_vars_internal looks up
// GOMP_MAP_ZERO_LEN_ARRAY_SECTION with gomp_map_0len_lookup, which probes [p, p + 1) only, and
// leaves the item unmapped when that fails (OFFSET_POINTER); gomp_exit_data does the same lookup
// for ZERO_LEN / DELETE_ZERO_LEN and then decrements (delete: zeroes) the count it finds. LLVM
// offload OpenMP/Mapping.cpp lookupMapping with Size == 0 is "contained" when the entry starting
// at or before p ends after p, and getTargetPointer then increments the count, or creates nothing
// ("if (Size)"); with the present modifier that is "device mapping required by 'present' map type
// modifier does not exist … (0 bytes)" (offload/test/mapping/present/zero_length_array_section.c,
// _exit.c). So the address one past an entry's end finds no storage in either runtime. That is
// GCC's C lowering (GOMP_MAP_ZERO_LEN_ARRAY_SECTION); gfortran maps the section with size 0 and
// libgomp keys it: K-B59 `zero-size-key` (model/omp/zero-size-keys.ts).
//
// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, §2.6.3 data lifetime: a data clause acts
// on the data its var names, "present" meaning present in a single device memory section; the text
// does not say what a subarray of zero elements is. K-A55 has the readings (profiles/knobs.ts),
// one of them (`enter-exit-fatal`) measured on GCC 12.2's C lowering (toolchain/probes/acc-zero-length-*).

import { entryHoldingByte, type Lookup } from './omp/table.js';
import { describeRange, fire, runtimeError, sectionsOf, objectsTouching, type ErrorObservation, type ModelState, type Range, type Section, type StepContext } from './state.js';

export const OMP_ZERO_LENGTH = 'OpenMP 6.0 §7.9.6 map clause (zero-length array sections)';
export const ACC_ZERO_LENGTH = 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (zero-length subarrays, K-A55)';
export const ACC_ZERO_LENGTH_UPDATE = 'OpenACC 3.3 §2.14.4 Update Directive (zero bytes, K-A65)';

/** Whether a resolved host range is a zero-length section (no byte). */
export function isEmptyRange(range: Range): boolean {
  return range.start === range.end;
}

/** The present section holding the byte at `addr`, or null (OpenACC present table). */
export function sectionHoldingByte(state: ModelState, addr: number): Section | null {
  const probe = { start: addr, end: addr + 1 };
  for (const i of objectsTouching(state, probe)) {
    const s = sectionsOf(state, i).find((x) => x.start <= addr && addr < x.end);
    if (s) return s;
  }
  return null;
}

/**
 * The present section a zero-length subarray at `range.start` refers to under K-A55 (the lookups:
 * the section holding the byte at its address; `no-op`: none, zero bytes are no data). Fires
 * nothing: the base-pointer attach of a no_create var and the detach at exit ask it.
 */
export function zeroLengthSection(state: ModelState, range: Range, knobs: StepContext['knobs']): Section | null {
  return knobs['K-A55'] === 'no-op' ? null : sectionHoldingByte(state, range.start);
}

/**
 * What an OpenACC data clause, or the update directive, does with a zero-length subarray at
 * `range.start`, before the clause's own rule: `skip` (nothing at all), `error` (the present clause
 * or the update directive on absent data under `lookup`; enter and exit data under
 * `enter-exit-fatal`), or the section to act on as present data. `mustBePresent`: the present
 * clause on entry, or the update directive without if_present. `dataDirective`: the clause is on
 * an enter data (`enter`) or exit data (`exit`) directive, or it is the update directive (`update`).
 */
// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (zero-length subarrays, K-A55)
export function accZeroLength(
  state: ModelState,
  range: Range,
  mustBePresent: boolean,
  what: string,
  ctx: StepContext,
  dataDirective: 'enter' | 'exit' | 'update' | null = null,
): { kind: 'skip' } | { kind: 'present'; section: Section } | ErrorObservation {
  fire(ctx, ACC_ZERO_LENGTH);
  const reading = ctx.knobs['K-A55'];
  // `no-op`: zero bytes are no data; nothing is looked up, counted or reported.
  if (reading === 'no-op') return { kind: 'skip' };
  // `enter-exit-fatal` (GCC 12's C lowering, measured): exit data and the update directive stop on
  // any zero-length subarray, before looking it up: GCC lowers it to GOMP_MAP_ZERO_LEN_ARRAY_SECTION,
  // for which neither goacc_exit_data_internal nor GOACC_update has a case ("UNHANDLED kind 0x0f").
  if (reading === 'enter-exit-fatal' && dataDirective === 'exit')
    return runtimeError('fatal_lowering', `exit data ${what}(${describeRange(state, range)}): the runtime has no exit action for a zero-length subarray`);
  if (reading === 'enter-exit-fatal' && dataDirective === 'update')
    return runtimeError('fatal_lowering', `${what}(${describeRange(state, range)}): the runtime has no update action for a zero-length subarray`);
  // `lookup`, `lookup-quiet`, `enter-exit-fatal`: the section holding the byte at the subarray's address, if any.
  const section = sectionHoldingByte(state, range.start);
  // OpenACC 3.3 §2.14.4 Update Directive (zero bytes, K-A65). `lookup` (the text): as the clauses
  // find them. `strictly-inside` (libgomp update_dev_host and acc_is_present look zero bytes up as
  // the empty range [h, h), which only a section that starts before h holds): at a section's
  // first byte, one past its end or outside any, the update stops, or if_present skips the var.
  if (dataDirective === 'update') {
    fire(ctx, ACC_ZERO_LENGTH_UPDATE);
    if (ctx.knobs['K-A65'] === 'strictly-inside' && !(section && section.start < range.start)) {
      if (mustBePresent) return runtimeError('acc_error_not_present', `${what}(${describeRange(state, range)}): zero bytes the runtime finds only strictly inside a present section`);
      return { kind: 'skip' };
    }
  }
  // `enter-exit-fatal`, enter data (a member section's too, c.p[k:0]): libgomp oacc-mem.c
  // goacc_enter_data_internal looks the zero bytes up as [p, p) (lookup_host), which splay_compare
  // matches only with a key that starts before p; at a section's first byte (or outside any) the
  // group goes to gomp_map_vars, which maps nothing new and returns no descriptor: assert (tgt).
  const fatalEnter = reading === 'enter-exit-fatal' && dataDirective === 'enter';
  if (section && !(fatalEnter && section.start === range.start)) return { kind: 'present', section };
  // Absent: nothing is created (zero bytes need no device memory). The present clause and the
  // update directive report it under `lookup`; libgomp's lowering loses the check (`lookup-quiet`).
  if (mustBePresent && reading === 'lookup') return runtimeError('acc_error_not_present', `${what}(${describeRange(state, range)}): the data is not present`);
  // `enter-exit-fatal`: enter data of zero bytes that map nothing, which the runtime asserts against.
  if (fatalEnter) return runtimeError('fatal_lowering', `enter data ${what}(${describeRange(state, range)}): the runtime asserts when a zero-length subarray maps nothing`);
  return { kind: 'skip' };
}

/**
 * The lookup of a zero-length list item at `range.start` on `device`: the entry holding the byte
 * at that address (present), or none (absent: no corresponding storage, and none is created).
 */
// OpenMP 6.0 §7.9.6 map clause (zero-length array sections)
export function ompZeroLengthLookup(state: ModelState, device: number, range: Range, ctx: StepContext): Lookup {
  fire(ctx, OMP_ZERO_LENGTH);
  const entry = entryHoldingByte(state, device, range.start);
  return entry ? { kind: 'present', entry } : { kind: 'absent' };
}
