// A section of a plain pointer variable in a map clause (`map(p[0:n])` of a C `int *p`; lang/README.md
// "Plain pointer variables": canonically `p%p`, the one member of the plain struct `p`), knob
// K-B45. The text maps the section's storage and attaches the pointer only where the pointer has
// a corresponding pointer of its own (OpenMP 6.0 §7.9.6), i.e. where a map names `p` itself; a
// pointer named in no map clause is firstprivate on a target construct (5.1 §2.21.7.2). clang
// before the ATTACH map type lowers the section of a pointer with static storage to one
// PTR_AND_OBJ entry based at &p, and libomptarget maps the pointer variable through it too.

import { ELEMENT_BYTES, POINTER_WORD_BYTES, kernelRef, type KernelBody } from '../../lang/program.js';
import type { OmpTarget } from '../../lang/openmp.js';
import { isPlain } from '../../lang/plain-pointers.js';
import type { Observation } from '../../lang/observation.js';
import { ptrLbound } from '../../lang/observation.js';
import {
  fire,
  hostPointer,
  memberRef,
  parsedRef,
  setPointerCell,
  structRange,
  undefinedBehaviour,
  type MemberRef,
  type ModelState,
  type RecordedMapItem,
  type StepContext,
} from '../state.js';
import { INFINITE_RC } from '../../lang/observation.js';
import { rootName } from '../compute.js';
import { createMapEntry, lookup, storageCells } from './table.js';
import type { MapTarget } from './map-entry.js';
import type { PointerAddress } from '../acc/pointer-value.js';

export const PLAIN_POINTER_SECTION = 'OpenMP 6.0 §7.9.6 map clause (a section of a plain pointer variable: the pointer variable itself, K-B45)';
export const PLAIN_POINTER_WORD = 'OpenMP 6.0 §7.9.6 map clause (a plain pointer named beside its section on a target construct, K-B45)';

/** Whether struct `name` of the world is a plain pointer variable. */
function plainStruct(state: ModelState, name: string): boolean {
  return isPlain(state.facts.world.structs.find((s) => s.name === name));
}

// OpenMP 6.0 §7.9.6 map clause (a section of a plain pointer variable: the pointer variable itself, K-B45)
// Runs on entry of a map-entering construct after its storage blocks and before pointer
// attachment. Under the text (`attach-only`) the section of `p` maps the section's storage and
// nothing of `p` itself: `p` is attached only if a map names it. K-B45 `pointer-and-object` and
// `pointer-word` (clang before the ATTACH map type: CGOpenMPRuntime.cpp
// generateInfoForComponentList emits map(p[0:n]) of a pointer with static storage as one
// PTR_AND_OBJ entry based at &p; omptarget.cpp targetDataBegin maps [&p, &p + 8) through it with
// HasFlagTo false and UpdateRef true): every section item of a plain pointer also maps the pointer
// variable — its storage is created when absent, without copying the host value, and its count
// goes up by one per such item on top of the construct's own reference (getTargetPointer counts
// each entry); nothing gives that reference back at exit (targetDataEnd looks up only the pointee
// of a PTR_AND_OBJ entry). The attachment that follows (K-B7) then finds the pointer present.
export function mapPlainPointerVariables(state: ModelState, target: MapTarget, items: readonly RecordedMapItem[], created: Set<number>, ctx: StepContext): void {
  for (const item of items) {
    if (item.pointer === null || item.range === null || !plainStruct(state, item.pointer.struct)) continue;
    fire(ctx, PLAIN_POINTER_SECTION);
    if (ctx.knobs['K-B45'] === 'attach-only') continue;
    const range = structRange(state, item.pointer);
    const where = lookup(state, target.device, range);
    // Storage only part of which is there breaks a restriction of the clause; the pointer's own
    // entry is then left as it is.
    if (where.kind === 'partly') continue;
    let entry;
    if (where.kind === 'present') {
      entry = where.entry;
    } else {
      // As mapEntry: a device sharing memory with the host may use the original (K-B8).
      const reading = ctx.knobs['K-B8'];
      const selfMap = target.shared && (reading === 'self' || (reading === 'self-unless-close' && !item.modifiers.includes('close')));
      entry = createMapEntry(state, target.device, range, selfMap);
      created.add(entry.order);
    }
    if (entry.rc !== INFINITE_RC) entry.rc += 1;
  }
}

/**
 * The plain pointer a target construct's kernel reaches as its own storage (K-B45 `pointer-word`):
 * the statement's pointer when the construct's explicit maps name both the plain pointer variable and
 * a section of it; else null.
 */
export function pointerWordKernel(state: ModelState, step: OmpTarget, body: KernelBody, ctx: StepContext): MemberRef | null {
  const ref = kernelRef(body);
  const root = rootName(state, ref);
  if (!plainStruct(state, root) || parsedRef(state, ref).kind !== 'member') return null;
  const vars = step.maps.flatMap((m) => m.vars).filter((v) => rootName(state, v) === root);
  if (!vars.some((v) => parsedRef(state, v).kind === 'struct') || !vars.some((v) => parsedRef(state, v).kind === 'member')) return null;
  fire(ctx, PLAIN_POINTER_WORD);
  return ctx.knobs['K-B45'] === 'pointer-word' ? memberRef(state, ref) : null;
}

// OpenMP 6.0 §7.9.6 map clause (a plain pointer named beside its section on a target construct, K-B45)
// Under the text the kernel uses the corresponding pointer of a mapped `p`, attached to the
// section. K-B45 `pointer-word` (clang 16 to 18: Sema captures p by copy as the base of a section,
// and the kernel argument is the map entry of p itself, &p's device copy; clang PR #92210 dropped
// map(p) there in 19): the kernel's p holds the device address of p's own corresponding storage.
// A kernel reading p sees that address; elements reached through it lie in the 8-byte pointer
// word (the bytes of a device address: indeterminate values, and a write leaves the corresponding
// pointer indeterminate) or past it, outside the allocation: undefined. `null`: p's struct has no
// storage here (the ordinary rules decide).
export function pointerWordAccess(state: ModelState, target: MapTarget, m: MemberRef, body: KernelBody): Observation | null {
  const holder = lookup(state, target.device, structRange(state, m));
  if (holder.kind !== 'present') return null;
  const entry = holder.entry;
  if ('pointer' in body) {
    const value: PointerAddress = entry.block === null ? { host: m.addr } : { block: entry.block, offset: entry.offset + m.addr - entry.start };
    return { kind: 'value', value };
  }
  if ('read' in body && body.bounds) return null;
  const host = hostPointer(state, m);
  if (host === null || host.space === 'indeterminate') return null;
  // Elements lo..hi of the kernel's view, 1-based from its first element.
  const parsed = parsedRef(state, kernelRef(body));
  const lb = ptrLbound(host);
  let [lo, hi] = parsed.kind === 'member' && parsed.bounds !== undefined ? [parsed.bounds[0] - lb + 1, parsed.bounds[1] - lb + 1] : [1, host.count];
  if ('read' in body && body.at !== undefined) lo = hi = body.at - lb + 1;
  const words = POINTER_WORD_BYTES / ELEMENT_BYTES;
  const what = `the kernel's ${m.struct} holds the address of its own storage on device ${target.device} (K-B45 pointer-word)`;
  if (lo < 1 || hi > words) return undefinedBehaviour(`${what}: element ${hi > words ? hi : lo} lies outside its ${POINTER_WORD_BYTES}-byte pointer word`);
  if ('read' in body) return { kind: 'read', values: new Array<null>(hi - lo + 1).fill(null) };
  const cell = storageCells(state, entry, m.addr);
  setPointerCell(cell.contents, cell.index, { space: 'indeterminate' });
  return { kind: 'ok' };
}
