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
import type { VarRef } from '../lang/program.js';
import { lboundField, ptrLbound, type PtrValue } from '../lang/observation.js';
import type { KnobValues } from '../profiles/knobs.js';
import { dataRange, fire, hostPointer, memberRef, parsedRef, type ModelState, type Range, type StepContext } from './state.js';

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

export const ACC_PRIVATE_PLAIN_POINTER = 'OpenACC 3.3 §2.7 Data Clauses (a plain pointer a compute construct names only through a section of its target)';
export const OMP_PRIVATE_PLAIN_POINTER = 'OpenMP 6.0 §7.9.6 map clause (pointer initialization of a plain pointer the construct names only through a section of its target)';

/**
 * Where a host range has storage on the construct's device: the device address of its first byte
 * (block, and the offset and host start of the storage holding it), `self` for the host's own
 * storage (a self map), or null when it has none.
 */
export type Translation = { block: number; offset: number; start: number } | 'self' | null;

// OpenACC 3.3 §2.7 Data Clauses (a plain pointer a compute construct names only through a section of its target)
// OpenMP 6.0 §7.9.6 map clause (pointer initialization of a plain pointer the construct names only through a section of its target)
// A kernel goes through plain pointer `p`, and the construct names not `p` but a section of its
// target (`copy(p[0:n])`, `map(tofrom: p[2:3])`). The section is data the construct maps; `p`
// itself is no list item and gets no data attribute of its own (validation asks for exactly one
// such section). OpenMP: `p` is the section's base pointer, private in the region and initialised
// to the address of the corresponding storage, counted back to where `p` points (6.0 §7.9.6
// pointer initialization; 5.2 §5.8.6 keeps the original value when nothing matches). OpenACC
// says only that the kernel uses the device copy of the section's data (§2.7): the runtimes do it
// the OpenMP way (GCC 12 lowers the section to `map(tofrom:*p) map(firstprivate:p [pointer
// assign])` in both APIs, libgomp target.c sets the private pointer from the section's device
// address less the bias; LLVM omptarget.cpp passes TgtPtrBegin less the section's offset as the
// kernel argument). The pointer is no list item: its own storage is neither mapped nor attached
// (withoutPrivatePointer), and its device copy, if it has one, is neither read nor written. With
// no storage found (OpenACC no_create of absent data) the kernel gets the host address. (clang
// before the ATTACH map type also maps a static pointer's own storage beside its section, K-B45
// `pointer-and-object`, which would attach a present pointer's device copy; no LLVM offload runtime
// was at hand to measure it, so it is not modelled for this form.)
/** The plain pointers among the kernel's `roots` that `vars` (the construct's clause vars or map items) do not name themselves. */
export function privatePlainRoots(state: ModelState, roots: readonly string[], vars: readonly VarRef[]): Set<string> {
  return new Set(roots.filter((r) => isPlain(state.facts.world.structs.find((s) => s.name === r)) && !vars.includes(r)));
}

/**
 * A clause var or map item with no base pointer when its pointer is one of `privateRoots`: the
 * section's data is mapped, and the pointer's own storage is neither mapped nor attached, since the
 * pointer is private in the region (GCC 12's firstprivate pointer assign; gfortran's form of the
 * program, whose pointer is a separate one named by its section, maps that pointer's descriptor
 * and leaves the one outside alone).
 */
export function withoutPrivatePointer<V extends { pointer: { struct: string } | null }>(v: V, privateRoots: ReadonlySet<string>): V {
  return v.pointer !== null && privateRoots.has(v.pointer.struct) ? { ...v, pointer: null } : v;
}

/**
 * The private value of every plain pointer of `privateRoots` (privatePlainRoots), found through
 * the one var of `vars` (the construct's data clause vars or map items) that names a section of
 * its target; `find` looks the section up on the construct's device.
 */
export function privatePlainPointers(
  state: ModelState,
  privateRoots: ReadonlySet<string>,
  vars: readonly VarRef[],
  find: (range: Range) => Translation,
  citation: string,
  ctx: StepContext,
): Map<string, PtrValue> {
  const out = new Map<string, PtrValue>();
  for (const root of privateRoots) {
    const decl = state.facts.world.structs.find((s) => s.name === root)!;
    const section = vars.find((v) => {
      const r = parsedRef(state, v);
      return r.kind === 'member' && r.struct === root;
    });
    if (section === undefined) throw new Error(`internal: the kernel goes through plain pointer ${root}, which the construct does not name`);
    fire(ctx, citation);
    const host = hostPointer(state, memberRef(state, `${root}%${decl.pointers[0]!}`));
    if (host === null || host.space !== 'host') {
      out.set(root, host);
      continue;
    }
    const found = find(dataRange(state, section)!);
    out.set(
      root,
      found === null || found === 'self'
        ? host
        : { space: 'dev', block: found.block, offset: found.offset + host.addr - found.start, count: host.count, ...lboundField(ptrLbound(host)) },
    );
  }
  return out;
}
