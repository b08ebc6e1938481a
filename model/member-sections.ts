// Member subarrays: a section of the array a pointer member targets (`c%p(2:5)`, C `c.p[1:4]`) in
// data clauses, map items, motion clauses, routines, kernel bodies and host steps (issue 9 item 5).
//
// The reference names elements of the pointer's *current* target, counted from 1 (the pointer's
// lower bound): `c%p(l:u)` with a host pointer at address A resolves to [A + 4(l-1), A + 4u). The
// pointer itself is still the base pointer of the clause (K-A1 `base-pointer`): entry attaches it,
// exit detaches it, and K-A50 says what the attach looks up when only the section is present.

import type { Range } from './state.js';
import { ELEMENT_BYTES, type Step } from '../lang/program.js';
import { stepVars } from './struct-members.js';
import { fire, parsedRef, UndefinedStep, type ModelState, type StepContext } from './state.js';

export const ACC_MEMBER_SECTION = 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (member subarrays)';
export const OMP_MEMBER_SECTION = 'OpenMP 6.0 §7.9.6 map clause (array sections of pointer members)';

// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses
// A var may be a subarray, and in Fortran the base of a subarray may be a pointer component
// (`c%p(2:5)`); in C and C++ a subarray `c.p[1:4]` is a pointer followed by [start:length]. The
// clause acts on the elements the subarray names: those of the array the pointer targets when the
// directive is reached. The bounds are the base language's: a subscript outside the target's
// bounds (Fortran 2018 §9.5.3.3: a section subscript "shall be within the bounds for its
// dimension"), or any element of a disassociated pointer (Fortran 2018 §9.7.2: a disassociated
// pointer shall not be referenced; C11 §6.5.6p8 pointer arithmetic outside the array object),
// makes the program non-conforming: the step is undefined. Validation refuses bounds no target can
// hold (empty, below 1, above the 4096 elements of the longest array).
//
// OpenMP 6.0 §7.9.6 map clause
// An array section whose base is a pointer maps the storage of the section; the pointer is the
// section's base pointer, and pointer attachment makes the corresponding pointer point such that
// the corresponding list item is reached through it: the device pointer holds the device address
// of the section minus the section's offset from the pointer's target (libgomp target.c
// gomp_map_vars: GOMP_MAP_ATTACH with bias, gomp_attach_pointer looks up `target + bias` and
// writes `devaddr - bias`; LLVM offload omptarget.cpp targetDataBegin: a PTR_AND_OBJ entry's
// pointee begins at the section, and the attached value is `TgtPtrBegin - Delta`, Delta being the
// section's distance from the pointer's value). Elements outside the section are not mapped: a
// kernel reading them through the pointer reads outside the device storage (undefined).

/**
 * The host elements `c%p(l:u)` names, given the range of the pointer's whole current target
 * (`null`: disassociated). Throws UndefinedStep when the section is not inside the target.
 */
export function memberSectionRange(target: Range | null, bounds: [number, number], name: string, lbound = 1): Range {
  if (target === null) throw new UndefinedStep(`${name} names elements of a disassociated pointer`);
  const count = (target.end - target.start) / ELEMENT_BYTES;
  // Fortran bounds count from the pointer's lower bound (1 unless remapped, `c%p(10:) => b`).
  const [lo, hi] = [bounds[0] - lbound + 1, bounds[1] - lbound + 1];
  if (lo < 1 || hi > count)
    throw new UndefinedStep(`${name} runs past the end of its pointer's target (${count} element${count === 1 ? '' : 's'}${lbound === 1 ? '' : ` from ${lbound}`})`);
  return { start: target.start + (lo - 1) * ELEMENT_BYTES, end: target.start + hi * ELEMENT_BYTES };
}

/** Fires the rule of the step's API when a var of the step names a member section. */
export function noteMemberSections(state: ModelState, step: Step, ctx: StepContext): void {
  const api = step.op.startsWith('acc_') ? ACC_MEMBER_SECTION : step.op.startsWith('omp_') ? OMP_MEMBER_SECTION : null;
  if (api === null) return;
  for (const v of stepVars(step)) {
    const r = parsedRef(state, v);
    if (r.kind === 'member' && r.bounds !== undefined) {
      fire(ctx, api);
      return;
    }
  }
}
