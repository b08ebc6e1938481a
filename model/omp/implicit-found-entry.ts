// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (a kernel variable partly present in entries made before the construct, K-B71)
// A variable the kernel uses that no map names is mapped tofrom implicitly (§7.9.3). When entries
// made before the construct hold parts of it and none holds all of it, §7.9.6 gives it
// corresponding storage only where a part already has some, so the kernel reaches each element
// through the entry holding it (K-B71 `each-entry`, the text; constructs.ts partlyMappedElements).
// K-B71 `found-entry` (LLVM offload, libomptarget getTargetPointer): the lookup (MappingInfoTy
// lookupMapping: upper_bound of the start, then the entry before it, else the one after it) finds
// one entry, the one holding the variable's first byte, else the first one starting inside it; an
// implicit map extending that entry is not the "explicit extension not allowed" error but reuses
// it, translating the variable by its host offset from that entry. So the kernel reaches that
// entry's storage and, for any other part of the variable, memory past that entry's storage
// (undefined). Measured with clang 19.1.7 on libomptarget's x86_64 host plugin: enter data map(to:
// cs(2)), enter data map(to: cs(1)%p) (the pointer's word), then a target construct reading the
// pointer cs(2)%p prints a value that is no host address (profiles/measured/llvm-19-x86_64-host-
// 2026-12-06c.md -410-c, -06d.md -413-c, -06f.md -316-c, where each-entry predicts a's address).
// The entries found are all older than the construct: an item of the construct on the variable's
// storage either joins the implicit map's storage block (which is then no implicit map of partly
// present data but a broken restriction, K-B5) or makes the variable named (K-B63's pointer
// words). Which of them the implicit map references is not modelled apart (their counts go back at
// the construct's end, and none of them can be at 1, so none is copied).

import type { VarRef } from '../../lang/program.js';
import { POINTER_WORD_BYTES } from '../../lang/program.js';
import { arrayRange, dataRange, describeRange, fire, memberRef, parsedRef, undefinedBehaviour, type ModelState, type StepContext, type UndefinedObservation } from '../state.js';
import { lookup, overlappingEntries } from './table.js';

export const IMPLICIT_FOUND_ENTRY = 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (a kernel variable partly present in entries made before the construct, K-B71)';

/** The host bytes a kernel statement's reference `ref` reaches in its variable: its elements, or a pointer member's word. */
function reached(state: ModelState, ref: VarRef): { start: number; end: number } {
  const parsed = parsedRef(state, ref);
  if (parsed.kind === 'member') {
    const { addr } = memberRef(state, ref);
    return { start: addr, end: addr + POINTER_WORD_BYTES };
  }
  return arrayRange(state, ref);
}

/**
 * A statement's access of `ref`, whose variable `root` the construct mapped implicitly, on
 * `device`: undefined under K-B71 `found-entry` when the variable is partly present and `ref`
 * reaches bytes outside the entry the lookup finds; null otherwise.
 */
export function foundEntryAccess(state: ModelState, device: number, root: string, ref: VarRef, ctx: StepContext): UndefinedObservation | null {
  const whole = dataRange(state, root)!;
  if (lookup(state, device, whole).kind !== 'partly') return null;
  fire(ctx, IMPLICIT_FOUND_ENTRY);
  if (ctx.knobs['K-B71'] !== 'found-entry') return null;
  const entries = overlappingEntries(state, device, whole);
  const found = entries.find((e) => e.start <= whole.start && whole.start < e.end) ?? entries.reduce((x, y) => (y.start < x.start ? y : x));
  const access = reached(state, ref);
  if (access.start >= found.start && access.end <= found.end) return null;
  return undefinedBehaviour(
    `the kernel reaches ${ref} through the entry of ${describeRange(state, found)} that the implicit map of ${root} found (K-B71 found-entry): memory past that entry's storage on device ${device}`,
  );
}
