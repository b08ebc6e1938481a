// Non-pointer members of a struct (scalars and fixed-size arrays: `c%n`, `c%arr`, `c%arr(2:3)`) in
// data clauses, map items, motion clauses, routines and kernel bodies (issue 9 item 5).
//
// A member is part of its struct's storage: the struct's bytes hold it after the pointer
// descriptors (lang/program.ts hostLayout), so a reference to it resolves, like a subarray, to
// the bytes it names (state.ts dataRange), and every action on it is the action on those bytes.
// Nothing else needs a rule of its own; this file records that the rule was used.

import { kernelStatements, type Step } from '../lang/program.js';
import { fire, parsedRef, type ModelState, type StepContext } from './state.js';

export const ACC_STRUCT_MEMBER = 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (non-pointer struct members)';
export const OMP_STRUCT_MEMBER = 'OpenMP 6.0 §7.9.6 map clause (non-pointer struct members)';

// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses
// A var in a data clause may be a member of a composite variable (a C struct member, a Fortran
// derived-type component), whole or as a subarray. The clause acts on exactly the bytes the
// member occupies: mapping `c%n` maps those 4 bytes and not the struct around them, so the member
// can be present while the rest of the struct is absent (and a later clause naming the whole
// struct finds it partly present); mapping the whole struct maps its members with it, so its
// device copy carries the members' values both ways (copyin, copyout, update), and a kernel
// reading `c%n` inside a present `c` reads the struct's device copy.
//
// OpenMP 6.0 §7.9.6 map clause
// A list item may be a structure element; its original storage is the element's bytes inside the
// structure. Structure elements of one construct that name the same structure form one mappable
// storage block with it, spanning from the lowest to the highest byte they cover (K-B16
// `storage-block`; 5.2 `list-item`: each its own item), so `map(to: c%n, c%arr(3:4))` maps the
// bytes from `c%n` to `c%arr(4)`. A map of the whole structure maps its elements; a target update
// of an element assigns those bytes only.
//
// Evidence: GCC lowers a member in a data clause to a struct mapping group whose storage runs from
// the first to the last member named (`map(struct:c [len: n])` then the members), and libgomp's
// gomp_map_vars maps that range only (target.c, GOMP_MAP_STRUCT); LLVM offload maps the parent
// struct entry from the lowest to the highest mapped member (omptarget.cpp targetDataBegin,
// OMP_TGT_MAPTYPE_MEMBER_OF), and a later map of the whole struct extends an existing entry, which
// both runtimes refuse ("Trying to map into device ... object when ... is already mapped",
// libgomp gomp_map_vars_existing; "Explicit extension of mapping is not allowed", LLVM
// OpenMP/Mapping.cpp getTargetPointer): the partly present cases of §2.7.1 / K-B5.

/** Fires the rule of the step's API when a var of the step names a non-pointer struct member. */
export function noteStructMembers(state: ModelState, step: Step, ctx: StepContext): void {
  const api = step.op.startsWith('acc_') ? ACC_STRUCT_MEMBER : step.op.startsWith('omp_') ? OMP_STRUCT_MEMBER : null;
  if (api === null) return;
  for (const v of stepVars(step)) {
    const r = parsedRef(state, v);
    if (r.kind === 'array' && r.field !== undefined) {
      fire(ctx, api);
      return;
    }
  }
}

/** The variable references a step names in its clauses, map items, motions, `var` and the reads and writes of its kernel's statements. */
export function stepVars(step: Step): string[] {
  const out: string[] = [];
  const s = step as unknown as Record<string, unknown>;
  for (const key of ['clauses', 'maps', 'motions'])
    if (Array.isArray(s[key])) for (const c of s[key] as { vars: string[] }[]) out.push(...c.vars);
  if (typeof s.var === 'string') out.push(s.var);
  if ('body' in step)
    for (const b of kernelStatements(step.body)) {
      if ('read' in b) out.push(b.read);
      else if ('write' in b) out.push(b.write);
    }
  return out;
}
