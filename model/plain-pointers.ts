// Plain pointer variables (C `int *p`, Fortran `integer, pointer :: p(:)`; lang/README.md "Plain
// pointer variables"). The language gives a plain pointer the storage of a one-member struct
// (lang/plain-pointers.ts), so every rule of a pointer member applies to it as written: the
// attach action needs the pointer itself present (OpenACC 3.3 §2.7.2: "if … the pointer is not
// present, no action"), a copy of the pointer variable copies its value verbatim (§2.6.4), OpenMP
// 6.0 §7.9.6 attaches the corresponding pointer when it exists. The one rule that differs is
// whether a section of a plain pointer in a data clause is a "pointer reference" at all: the text
// does not define the term (K-A1) and treats a bare pointer as it treats a member (§2.6.4 "a
// pointer … or a struct with pointer members"), while GCC 12 attaches a member section
// (map(attach:c.p)) but maps a plain pointer's section alone (map(to:*p), measured with
// -fdump-tree-omplower): knob K-A1p.

import { isPlain } from '../lang/plain-pointers.js';
import type { KnobValues } from '../profiles/knobs.js';
import { fire, type ModelState, type StepContext } from './state.js';

export const ACC_PLAIN_POINTER_REFERENCE = 'OpenACC 3.3 §2.7.2 Attach Action (a section of a plain pointer variable as a pointer reference, K-A1p)';

/**
 * Whether a data clause var that names the target of a pointer member of `struct` is also a
 * pointer reference (attached at entry, detached at exit): K-A1 for a member of a struct, K-A1p for
 * a plain pointer variable.
 */
// OpenACC 3.3 §2.7.2 Attach Action (a section of a plain pointer variable as a pointer reference, K-A1p)
export function isPointerReference(state: ModelState, struct: string, knobs: KnobValues, ctx?: StepContext): boolean {
  if (!isPlain(state.facts.world.structs.find((s) => s.name === struct))) return knobs['K-A1'] === 'base-pointer';
  if (ctx) fire(ctx, ACC_PLAIN_POINTER_REFERENCE);
  return knobs['K-A1p'] === 'base-pointer';
}
