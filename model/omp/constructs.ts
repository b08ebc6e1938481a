// The OpenMP device constructs of the language: target enter data (§15.5), target exit data
// (§15.6), target data (§15.7, as a begin / end pair) and target (§15.8) with its kernel. Their
// map clauses act through map-entry.ts, map-exit.ts and pointer-attach.ts.

import { ELEMENT_BYTES, POINTER_BYTES, copyRef, kernelRef, kernelStatements, type ElementBody, type KernelBlock, type KernelBody, type VarRef } from '../../lang/program.js';
import { isScalarVariable, privateCopy, privateKernel } from '../firstprivate.js';
import type { DeviceArg, MapItem, OmpTarget, OmpTargetDataBegin, OmpTargetEnterData, OmpTargetExitData } from '../../lang/openmp.js';
import { formatPtr, ptrLbound, type Observation, type PtrValue } from '../../lang/observation.js';
import {
  parsedRef,
  runtimeError,
  arrayRange,
  blockById,
  dataRange,
  directiveRange,
  fire,
  formatRef,
  memberRef,
  pointerCell,
  readElements,
  targetRange,
  undefinedBehaviour,
  writeElements,
  overflow,
  type Element,
  type ErrorObservation,
  type MemberRef,
  type ModelState,
  hostPointer,
  objectHolding,
  type RecordedMapItem,
  type StepContext,
  type UndefinedObservation,
} from '../state.js';
import { rootName, usedRoots, varsTheRegionUses } from '../compute.js';
import { hostRead, hostWrite } from '../host.js';
import { DEVICE_CLAUSE, describeDevice, resolveDevice } from './devices.js';
import { hostCellsAt, lookup, pointerHolder, storageCells, type CellPosition } from './table.js';
import { storageBlocks } from './storage-blocks.js';
import { mapEntry, type MapTarget } from './map-entry.js';
import { mapExit } from './map-exit.js';
import { alwaysNullPointers, attachPointers, detachPointers, enterDataPointers } from './pointer-attach.js';
import { correspondingPointerValue } from './pointer-value.js';
import type { PointerAddress } from '../acc/pointer-value.js';
import { keySet } from '../vec.js';
import { clauseOrder, expandMappers, mapperOf, mapperUnavailable, type MapperExpanded } from './declare-mapper.js';
import { copiesAfterAttachment } from './clause-order.js';
import { mapPlainPointerVariables, pointerWordAccess, pointerWordKernel } from './plain-pointer-sections.js';
import { OMP_PRIVATE_PLAIN_POINTER, privatePlainPointers, privatePlainRoots, withoutPrivatePointer } from '../plain-pointers.js';
import { unregisteredImage } from './declare-target.js';
import { descriptorOf, enterDescriptors, exitDescriptors, unusedArraysKept } from './array-descriptors.js';
import { sharesMemoryWithHost } from './unified-shared-memory.js';
import { memberWordItems, type MapConstruct } from './member-word.js';
import { basePointerWords } from './base-pointer-words.js';
import { foundEntryAccess } from './implicit-found-entry.js';

const ENTER_DATA = 'OpenMP 6.0 §15.5 target enter data construct';
const EXIT_DATA = 'OpenMP 6.0 §15.6 target exit data construct';
export const TARGET_DATA = 'OpenMP 6.0 §15.7 target data construct';
const TARGET = 'OpenMP 6.0 §15.8 target construct';
const IMPLICIT_MAPS = 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules';
export const UNUSED_MAP = 'OpenMP 6.0 §15.8 target construct (a map of a whole variable the region does not use, K-B55)';

const OK: Observation = { kind: 'ok' };

type Stop = ErrorObservation | UndefinedObservation;

/** Where a construct executes: the host (maps do nothing), or a device with its map target. */
type ConstructDevice = { kind: 'host' } | ({ kind: 'device' } & MapTarget);

// OpenMP 6.0 §15.2 device clause
// The device a construct runs on (device 0 without a clause). omp_invalid_device is a runtime
// error termination; a number that names no device makes the program non-conforming.
export function constructDevice(state: ModelState, arg: DeviceArg | undefined, ctx: StepContext): ConstructDevice | Stop {
  fire(ctx, DEVICE_CLAUSE);
  // K-B61 `default-device` (GCC 12: the -1 passed for omp_initial_device is GOMP_DEVICE_ICV): the
  // default device, device 0.
  const target = resolveDevice(state, arg === -1 && ctx.knobs['K-B61'] === 'default-device' ? 0 : (arg ?? 0), ctx);
  switch (target.kind) {
    case 'invalid':
      // K-B56 `host-fallback` (GCC 12: the -2 passed for it is GOMP_DEVICE_HOST_FALLBACK): the host.
      if (ctx.knobs['K-B56'] === 'host-fallback') return { kind: 'host' };
      return runtimeError('omp_error_invalid_device', 'the construct names omp_invalid_device');
    case 'out-of-range':
      return undefinedBehaviour(`the construct names ${describeDevice(target)}`);
    case 'host':
      return { kind: 'host' };
    case 'device':
      return { kind: 'device', device: target.index, shared: target.shared };
  }
}

// OpenMP 6.0 §7.9.6 map clause (present modifier)
// K-B26 `absent`: GCC 12's compiler rejects the present modifier, so a program using it cannot be
// built; it stops at the first construct that has one.
export function presentModifierUnavailable(maps: MapItem[], ctx: StepContext): Observation | null {
  if (ctx.knobs['K-B26'] === 'available') return null;
  if (!maps.some((m) => (m.modifiers ?? []).includes('present'))) return null;
  return { kind: 'unavailable', feature: 'the present map modifier' };
}

/** The place of a kernel's implicit map among the construct's entries: after every explicit one (K-B67). */
const IMPLICIT_ORDER = 2 ** 44;

/** Resolves every var of the map items once, when the construct starts; `implicit` marks the map §7.9.3 adds. */
function resolveItems(state: ModelState, maps: MapperExpanded[], construct: MapConstruct, ctx: StepContext, implicit = false, after = 0): RecordedMapItem[] {
  const items = resolveListItems(state, maps, implicit, after, ctx);
  // K-B47: the struct's storage for a pointer member named through its section (member-word.ts).
  return implicit ? items : [...items, ...memberWordItems(state, items, construct, ctx)];
}

// `after`: the place of the first entry of this list among the construct's (K-B67: a kernel's
// implicit map comes after its explicit ones).
function resolveListItems(state: ModelState, maps: MapperExpanded[], implicit: boolean, after: number, ctx: StepContext): RecordedMapItem[] {
  return maps.flatMap((m, index) =>
    m.vars.map((v, at) => {
      const parsed = parsedRef(state, v);
      const item: RecordedMapItem = {
        type: m.type,
        modifiers: [...(m.modifiers ?? [])],
        range: directiveRange(state, v, ctx.knobs),
        pointer: parsed.kind === 'member' ? memberRef(state, v) : null,
        implicit,
        order: after + (m.order?.[at] ?? clauseOrder(m, index, at)),
      };
      const descriptor = descriptorOf(state, v, ctx);
      if (descriptor !== undefined) item.descriptor = descriptor;
      // The mapper's own item naming its struct, and its pointer items, whose K-B47 word is the
      // struct's storage too (K-B64).
      if (m.viaMapper && parsed.kind === 'struct') item.mapperStruct = true;
      if (m.viaMapper && parsed.kind === 'member') item.viaMapper = true;
      // A member section (model/member-sections.ts): its range is a section of the host pointer's target.
      if (parsed.kind === 'member' && parsed.bounds !== undefined) {
        const host = hostPointer(state, item.pointer!);
        if (host !== null && host.space === 'host') item.base = { addr: host.addr, count: host.count };
      }
      return item;
    }),
  );
}

/**
 * Entry of a map-entering construct: every storage block, then pointer attachment. Returns the
 * pointers whose attachment was counted (K-B7 `counted`), or why the construct stopped.
 */
function enterItems(state: ModelState, target: MapTarget, items: RecordedMapItem[], ctx: StepContext, structured: 'target' | 'target data' | null = null): Stop | MemberRef[] {
  const created = new Set<number>();
  const stop = mapEntry(state, target, storageBlocks(state, items, ctx), created, ctx);
  if (stop) return stop;
  // K-B45: a plain pointer's section may map the pointer variable too (plain-pointer-sections.ts).
  mapPlainPointerVariables(state, target, items, created, ctx);
  if (structured) {
    const unmapped = pointerWithoutStruct(state, target.device, items, structured, ctx);
    if (unmapped) return unmapped;
  }
  const counted = attachPointers(state, target.device, items, created, ctx);
  // K-B7 `always`: a structured construct writes a disassociated pointer's corresponding pointer null.
  if (structured && Array.isArray(counted)) alwaysNullPointers(state, target.device, items, ctx);
  // K-B67: a copy of a struct that clang 16 orders after its pointer member's attachment.
  if (Array.isArray(counted)) copiesAfterAttachment(state, target.device, items, ctx);
  // K-B60: target enter data's own write of a pointer component (model/omp/pointer-attach.ts).
  if (structured === null && Array.isArray(counted)) enterDataPointers(state, target.device, items, ctx);
  return counted;
}

const POINTER_WITHOUT_STRUCT = 'OpenMP 6.0 §7.9.6 map clause (a pointer member whose struct is not mapped, K-B42)';

// OpenMP 6.0 §7.9.6 map clause (a pointer member whose struct is not mapped, K-B42)
// A c%p item of a target or target data construct whose struct has no storage on the device has
// no corresponding pointer: under the text its pointee is mapped and nothing is attached. K-B42
// `abort` (gfortran 12 lowers the component with GOMP_MAP_ALWAYS_POINTER; target.c
// gomp_map_vars_internal: "always pointer not mapped" when no key holds the pointer), null or not;
// an item with the always modifier runs (measured: gen-20261203-164-fortran, lowered otherwise). On
// target data gfortran puts the struct's map of the component's descriptor first for an alloc, to
// or tofrom item (map(struct:c) map(to:c.p) … map(always_pointer:c.p.data)), so the pointer is
// mapped when its always-pointer entry comes; a from item lists it last and aborts
// (-fdump-tree-gimple of gfortran 12.2; gen-20261212-209-fortran runs target data map(alloc: c%p)).
function pointerWithoutStruct(state: ModelState, device: number, items: RecordedMapItem[], construct: 'target' | 'target data', ctx: StepContext): ErrorObservation | null {
  for (const item of items) {
    if (item.pointer === null || item.modifiers.includes('always') || pointerHolder(state, device, item.pointer).kind === 'present') continue;
    fire(ctx, POINTER_WITHOUT_STRUCT);
    if (ctx.knobs['K-B42'] === 'abort' && (construct === 'target' || item.type === 'from')) return runtimeError('fatal_lowering', `${item.pointer.struct}%${item.pointer.member}: its struct is not mapped on device ${device} (always pointer not mapped)`);
  }
  return null;
}

const FROM_POINTER_MEMBER = 'OpenMP 6.0 §15.6 target exit data construct (a from item of a whole pointer member, K-B53)';
const POINTER_MEMBER_SECTION = 'OpenMP 6.0 §15.6 target exit data construct (a section of a pointer member, K-B53)';

// OpenMP 6.0 §15.6 target exit data construct (a from item of a whole pointer member, K-B53)
// OpenMP 6.0 §15.6 target exit data construct (a section of a pointer member, K-B53)
// A `from` item naming a pointer member c%p exits its pointee like any list item (§7.9.6): the
// count goes down and the data comes home at zero; a disassociated pointer names no storage. A
// section c%p(l:u) exits its elements whatever the map type.
// K-B53 `abort` (gfortran 12): the component's descriptor travels beside the data with a map kind
// gomp_exit_data has no case for, and libgomp 12 stops the program whatever is present: for a
// whole member's from item kind 0x00, null pointer or not (its release and delete items run), for
// a section kind 0x01, whatever the section's map type.
function exitPointerMember(state: ModelState, maps: MapItem[], ctx: StepContext): ErrorObservation | null {
  for (const m of maps) {
    for (const v of m.vars) {
      const parsed = parsedRef(state, v);
      if (parsed.kind !== 'member') continue;
      if (parsed.bounds !== undefined) {
        fire(ctx, POINTER_MEMBER_SECTION);
        if (ctx.knobs['K-B53'] === 'abort') return runtimeError('fatal_lowering', `${v}: exit data of a section of a pointer component (unhandled kind 0x01)`);
      } else if (m.type === 'from') {
        fire(ctx, FROM_POINTER_MEMBER);
        if (ctx.knobs['K-B53'] === 'abort') return runtimeError('fatal_lowering', `${v}: exit data from a pointer component (unhandled kind 0x00)`);
      }
    }
  }
  return null;
}

/** The pointer members a construct's items name (`c%p` items with a target). */
function itemPointers(items: RecordedMapItem[]): MemberRef[] {
  return items.flatMap((i) => (i.pointer !== null && i.range !== null ? [i.pointer] : []));
}

// OpenMP 6.0 §15.5 target enter data construct
export function ompEnterData(state: ModelState, step: OmpTargetEnterData, ctx: StepContext): Observation {
  fire(ctx, ENTER_DATA);
  const unavailable = presentModifierUnavailable(step.maps, ctx) ?? mapperUnavailable(state, step.maps, null, ctx);
  if (unavailable) return unavailable;
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  const items = resolveItems(state, expandMappers(state, step.maps, 'entry', ctx), 'target enter data', ctx);
  // On the host the original storage is the host's own: there is nothing to map.
  if (target.kind === 'host') return OK;
  const entered = enterItems(state, target, items, ctx);
  if (!Array.isArray(entered)) return entered;
  enterDescriptors(state, target.device, items);
  return OK;
}

// OpenMP 6.0 §15.6 target exit data construct
export function ompExitData(state: ModelState, step: OmpTargetExitData, ctx: StepContext): Observation {
  fire(ctx, EXIT_DATA);
  const unavailable = presentModifierUnavailable(step.maps, ctx) ?? mapperUnavailable(state, step.maps, null, ctx);
  if (unavailable) return unavailable;
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  const maps = expandMappers(state, step.maps, 'exit', ctx);
  const items = resolveItems(state, maps, 'target exit data', ctx);
  if (target.kind === 'host') return OK;
  const lowered = exitPointerMember(state, maps, ctx);
  if (lowered) return lowered;
  // K-B7 `counted`: the pointers named are detached before any data leaves (libgomp gomp_exit_data).
  const detached = detachPointers(state, target.device, itemPointers(items), true, ctx);
  if (detached) return detached;
  exitDescriptors(state, target.device, items);
  return mapExit(state, target.device, storageBlocks(state, items, ctx), true, ctx) ?? OK;
}

// OpenMP 6.0 §15.7 target data construct (entry)
export function ompDataBegin(state: ModelState, step: OmpTargetDataBegin, ctx: StepContext): Observation {
  fire(ctx, TARGET_DATA);
  const unavailable = presentModifierUnavailable(step.maps, ctx) ?? mapperUnavailable(state, step.maps, null, ctx);
  if (unavailable) return unavailable;
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  // The items are resolved once; the region's end unmaps what they named at entry.
  const items = resolveItems(state, expandMappers(state, step.maps, 'entry', ctx), 'target data', ctx);
  let counted: MemberRef[] = [];
  if (target.kind === 'device') {
    const entered = enterItems(state, target, items, ctx, 'target data');
    if (!Array.isArray(entered)) return entered;
    counted = entered;
    enterDescriptors(state, target.device, items);
  }
  state.ompRegions.push({ device: target.kind === 'host' ? 'host' : target.device, items, counted });
  return OK;
}

// OpenMP 6.0 §15.7 target data construct (end)
export function ompDataEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, TARGET_DATA);
  // The innermost open region ends; its items exit with their own map types (to and alloc give
  // back a reference like release).
  const region = state.ompRegions.pop();
  if (!region) throw new Error('internal: omp_target_data_end without an open target data region');
  if (region.device === 'host') return OK;
  // K-B7 `counted`: the region's attachments are given back before any copy to the host.
  detachPointers(state, region.device, region.counted, false, ctx);
  if (ctx.knobs['K-B68'] === 'stale-copy' && !sharesMemoryWithHost(state, region.device, null, ctx.knobs)) staleCopies(state, region.device, region.items);
  exitDescriptors(state, region.device, region.items);
  return mapExit(state, region.device, storageBlocks(state, region.items, ctx), false, ctx) ?? OK;
}

// OpenMP 6.0 §15.7 target data construct (exit: an always from item whose storage is gone, K-B68)
// An item that is not present when the region ends is ignored (5.1 §2.21.7.1: "the list item is
// ignored"), so an array that a target exit data inside the region deleted keeps its host values.
// K-B68 `stale-copy` (GCC 12.2's libgomp, measured in C and Fortran): the region's end copies an
// `always, from` (or tofrom) array back from the storage the deletion freed, so its host elements
// become indeterminate. Arrays only (a target data region's items are all explicit), on a device
// with memory of its own (on one that shares the host's the storage is the host's).
function staleCopies(state: ModelState, device: number, items: readonly RecordedMapItem[]): void {
  for (const item of items) {
    if (item.range === null || item.range.start === item.range.end) continue;
    if (!item.modifiers.includes('always') || (item.type !== 'from' && item.type !== 'tofrom')) continue;
    if (lookup(state, device, item.range).kind !== 'absent') continue;
    const host = objectHolding(state, item.range);
    if (host.contents.kind !== 'elements') continue;
    const first = (item.range.start - host.start) / ELEMENT_BYTES;
    for (let i = first; i < first + (item.range.end - item.range.start) / ELEMENT_BYTES; i++) host.contents.values[i] = null;
  }
}

// OpenMP 6.0 §15.8 target construct
export function ompTarget(state: ModelState, step: OmpTarget, ctx: StepContext): Observation {
  fire(ctx, TARGET);
  // §7.9.3: a variable the kernel uses is mapped tofrom when no map names it, after the explicit
  // maps (through its type's default mapper, §7.9.10); a copy's written variable first, then the
  // one it reads (lang/README.md "Copy kernels": an array, so K-B63 and mappers are the written one's).
  const roots = usedRoots(state, step.body);
  const named = (r: string) => step.maps.some((m) => m.vars.some((v) => rootName(state, v) === r));
  // A plain pointer named only through a section of its target is no list item: it is the
  // kernel's own pointer, initialised through the section (model/plain-pointers.ts).
  const privateRoots = privatePlainRoots(state, roots, step.maps.flatMap((m) => m.vars));
  // K-B63 asks after each struct the kernel uses (a copy's `from` is an array: null there).
  const throughPointers = new Map(roots.map((r) => [r, privateRoots.has(r) ? null : structOnlyThroughPointers(state, step.maps, r, ctx)]));
  const implicit = (r: string) => !named(r) || throughPointers.get(r) === 'implicit';
  const unavailable = presentModifierUnavailable(step.maps, ctx) ?? roots.reduce<Observation | null>((u, r) => u ?? mapperUnavailable(state, step.maps, implicit(r) ? r : null, ctx), null);
  if (unavailable) return unavailable;
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  // K-B55 `descriptor`: the unused whole arrays that keep their data map, or the construct's stop.
  const unusedKept = target.kind === 'device' ? unusedArraysKept(state, target.device, step.maps, roots, ctx) : new Set<string>();
  if (!(unusedKept instanceof Set)) return unusedKept;
  const maps = mapsOfUsedVariables(step.maps, roots, unusedKept, ctx);
  // (the section's data is mapped, the pointer private: no item of it has a base pointer)
  const items = resolveItems(state, expandMappers(state, maps, 'entry', ctx), 'target', ctx).map((it) => withoutPrivatePointer(it, privateRoots));
  for (const r of roots)
    if (throughPointers.get(r) === 'base-pointers') items.push(...basePointerWords(state, target.kind === 'device' ? target.device : null, items, r, ctx));
  // §7.9.3: a scalar no map names is firstprivate: nothing is mapped for it, and the kernel, on the
  // host too, works on its own copy; one that appears in a declare target directive (enter or link)
  // is mapped tofrom instead, as an array is, so the kernel uses its corresponding storage.
  const firstprivate = new Set(roots.filter((r) => implicit(r) && isScalarVariable(state, r) && !state.ompDeclaredScalars.includes(r)));
  // The variables mapped implicitly as themselves (not through a mapper's items): K-B71 asks after them.
  const mappedImplicitly = new Set<string>();
  for (const r of roots) {
    // K-B46 `unregistered`: the kernel uses the device image's own copy of a declared array, which
    // no map names (the compiler passes no argument for a declare target variable).
    const imaged = target.kind === 'device' && parsedRef(state, r).kind === 'array' && unregisteredImage(state, target.device, arrayRange(state, r), ctx) !== null;
    if (!implicit(r) || imaged) continue;
    fire(ctx, IMPLICIT_MAPS);
    if (firstprivate.has(r)) continue;
    items.push(...resolveItems(state, expandMappers(state, [{ type: 'tofrom', vars: [r] }], 'entry', ctx), 'target', ctx, !mapperItemsExplicit(state, r, ctx), IMPLICIT_ORDER));
    if (mapperOf(state, r) === undefined) mappedImplicitly.add(r);
  }
  // On the host the kernel works on the original storage (a copy reads it before it writes); its
  // statements run one after another (lang/README.md "Kernels of several statements").
  if (target.kind === 'host') return captured(state, step, statements(step.body, (body) => hostStatement(state, body, firstprivate, ctx)));
  // The construct maps on entry, runs the kernel, and unmaps the same items on exit; a kernel
  // with undefined behaviour ends the program before the exit.
  const entered = enterItems(state, target, items, ctx, 'target');
  if (!Array.isArray(entered)) return entered;
  const device = target.device;
  enterDescriptors(state, device, items);
  const privates = privatePlainPointers(
    state,
    privateRoots,
    maps.flatMap((m) => m.vars),
    (range) => {
      const where = lookup(state, device, range);
      return where.kind !== 'present' ? null : where.entry.block === null ? 'self' : { block: where.entry.block, offset: where.entry.offset, start: where.entry.start };
    },
    OMP_PRIVATE_PLAIN_POINTER,
    ctx,
  );
  const throughFound = (ref: VarRef) => {
    const root = rootName(state, ref);
    return mappedImplicitly.has(root) ? foundEntryAccess(state, device, root, ref, ctx) : null;
  };
  const result = captured(state, step, statements(step.body, (body) => deviceStatement(state, target, step, body, firstprivate, implicit, privates, throughFound, ctx)));
  if (result.kind === 'undefined') return result;
  // K-B7 `counted`: the construct's attachments are given back before any copy to the host.
  detachPointers(state, target.device, entered, false, ctx);
  exitDescriptors(state, target.device, items);
  return mapExit(state, target.device, storageBlocks(state, items, ctx), false, ctx) ?? result;
}

/** The kernel's statements in order, each through `run`; the first that is undefined stops the kernel. */
function statements(body: KernelBody | KernelBlock, run: (body: KernelBody) => Observation): Observation {
  let result: Observation = OK;
  for (const s of kernelStatements(body)) {
    result = run(s);
    if (result.kind === 'undefined') return result;
  }
  return result;
}

/** One statement on the host device: host memory, or the private copy of a firstprivate scalar. */
function hostStatement(state: ModelState, body: KernelBody, firstprivate: ReadonlySet<string>, ctx: StepContext): Observation {
  const root = rootName(state, kernelRef(body));
  if (!firstprivate.has(root)) return hostKernel(state, body, ctx);
  const from = copyRef(body);
  const copied = from === null ? null : hostRead(state, { op: 'host_read', var: from });
  if (copied !== null && copied.kind !== 'read') return copied;
  return privateKernel(state, root, body as ElementBody, false, copied?.values ?? null);
}

/** One statement on the construct's device: `implicit` says which roots §7.9.3 mapped. */
function deviceStatement(
  state: ModelState,
  target: MapTarget,
  step: OmpTarget,
  body: KernelBody,
  firstprivate: ReadonlySet<string>,
  implicit: (root: string) => boolean,
  privates: ReadonlyMap<string, PtrValue>,
  throughFound: (ref: VarRef) => Observation | null,
  ctx: StepContext,
): Observation {
  // K-B45 `pointer-word`: p named beside its section gives the kernel p's own storage.
  const word = pointerWordKernel(state, step, body, ctx);
  const access = word === null ? null : pointerWordAccess(state, target, word, body);
  if (access !== null) return access;
  const from = copyRef(body);
  // K-B71: a variable mapped implicitly over entries made before the construct (model/omp/implicit-found-entry.ts).
  const outside = (from === null ? null : throughFound(from)) ?? throughFound(kernelRef(body));
  if (outside !== null) return outside;
  const copied = from === null ? null : firstprivate.has(rootName(state, from)) ? privateCopy(state, from) : deviceKernel(state, target, { read: from }, implicit(rootName(state, from)), privates, ctx);
  if (copied !== null && copied.kind !== 'read') return copied;
  const values = copied?.values ?? null;
  const root = rootName(state, kernelRef(body));
  return firstprivate.has(root) ? privateKernel(state, root, body as ElementBody, false, values) : deviceKernel(state, target, body, implicit(root), privates, ctx, values);
}

export const STRUCT_THROUGH_POINTERS = 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (a struct the items name only through its pointer members, K-B63)';

// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (a struct the items name only through its pointer members, K-B63)
// The kernel's struct is named by the construct's items through its pointer members alone
// (`map(to: c%p(1:4))`, not c, an element of it or a field). K-B63 `base-pointers` (the text):
// c is referenced and no list item is c, so it is mapped tofrom implicitly (§7.9.3); it has no
// corresponding storage yet and its parts that are base pointers of explicit items are its
// pointer members, so only their words get storage (§7.9.6, "only those parts of the original
// storage", basePointerWords). `named` (clang 16, whose combined entry for the members a construct
// names, K-B47, stands for c): nothing is added. `implicit` (GCC 12's C front end: the attach of
// a member does not mark c as mapped, so the gimplifier adds map(tofrom: c [implicit]),
// -fdump-tree-gimple of `target map(alloc: s1.p[0:10])` with s1.p used in the region): the whole
// of c is mapped tofrom implicitly.
// (An array is named by array references, and a kernel through a plain pointer needs the pointer
// itself in the construct's map, lang/validate.ts.)
function structOnlyThroughPointers(state: ModelState, maps: readonly MapItem[], root: VarRef, ctx: StepContext): string | null {
  const naming = maps.flatMap((m) => m.vars.filter((v) => rootName(state, v) === root));
  if (naming.length === 0 || !naming.every((v) => parsedRef(state, v).kind === 'member')) return null;
  fire(ctx, STRUCT_THROUGH_POINTERS);
  return ctx.knobs['K-B63']!;
}

export const IMPLICIT_THROUGH_MAPPER = 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (the implicit map of a struct through its declare mapper, K-B62)';

// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (the implicit map of a struct through its declare mapper, K-B62)
// The kernel's struct, named by no map, is mapped tofrom through its type's default mapper
// (§7.9.10), whose list items then stand for that implicit map (K-B62 `implicit`, the text): an
// item only part of whose storage is there uses the entries that are (map-entry.ts). `explicit`
// (clang 16): the mapper function passes each of its own items with the map type of its clause,
// only decayed (CGOpenMPRuntime.cpp emitUserDefinedMapper combines the TO / FROM bits and keeps no
// IMPLICIT bit), so libomptarget's getTargetPointer sees an explicit map, and storage only partly
// there is an explicit extension (K-B5).
function mapperItemsExplicit(state: ModelState, root: VarRef, ctx: StepContext): boolean {
  if (mapperOf(state, root) === undefined) return false;
  fire(ctx, IMPLICIT_THROUGH_MAPPER);
  return ctx.knobs['K-B62'] === 'explicit';
}

// OpenMP 6.0 §15.8 target construct (a map of a whole variable the region does not use, K-B55)
// A map item naming a whole variable other than the kernel's root variables maps like any other
// (K-B55 `kept`, the text). K-B55 `dropped` (GCC, measured with 12.2 in C and Fortran:
// -fdump-tree-gimple shows no map for such an item): it is gone before the construct runs, unless
// its map has the always modifier; sections, elements and members stay. K-B55 `descriptor`
// (gfortran 12, model/omp/array-descriptors.ts): as `dropped`, except the arrays in `unusedKept`,
// whose data map stays.
function mapsOfUsedVariables(maps: readonly MapItem[], roots: readonly string[], unusedKept: ReadonlySet<string>, ctx: StepContext): readonly MapItem[] {
  const kept = maps.map((m) => (m.modifiers?.includes('always') ? m : { ...m, vars: m.vars.filter((v) => unusedKept.has(v) || varsTheRegionUses([v], roots).length > 0) }));
  if (kept.every((m, i) => m.vars.length === maps[i]!.vars.length)) return maps;
  fire(ctx, UNUSED_MAP);
  return ctx.knobs['K-B55'] === 'kept' ? maps : kept.filter((m) => m.vars.length > 0);
}

/** A kernel that read a pointer hands its value to the host code under the step's `result` name. */
function captured(state: ModelState, step: OmpTarget, result: Observation): Observation {
  if (step.result !== undefined && result.kind === 'value') keySet(state.handles, step.result, result.value as PointerAddress);
  return result;
}

/** A pointer kernel's observation: the value read, or why reading it is undefined. */
function pointerObservation(value: PointerAddress | UndefinedObservation): Observation {
  return value !== null && 'kind' in value ? value : { kind: 'value', value };
}

/** The kernel on the host device: reads or writes host memory. */
function hostKernel(state: ModelState, body: KernelBody, ctx: StepContext): Observation {
  if ('pointer' in body) return pointerObservation(correspondingPointerValue(state, 'host', body.pointer, ctx));
  if ('read' in body) return hostRead(state, { op: 'host_read', var: body.read, ...(body.at === undefined ? {} : { at: body.at }), ...(body.bounds ? { bounds: true as const } : {}) });
  return hostWrite(state, { op: 'host_write', var: body.write, value: body.value, ...(body.by === undefined ? {} : { by: body.by }), ...(body.add ? { add: true } : {}), ...(body.from === undefined ? {} : { from: body.from }) });
}

/** A run of `count` consecutive memory cells a kernel touches. */
type CellRun = CellPosition & { count: number };

/**
 * The kernel on a device: reads every element of the body's reference there, or writes them all.
 * `implicitRoot` says the body's variable was mapped implicitly (§7.9.3), which may have mapped
 * only its parts that already had storage.
 */
function deviceKernel(
  state: ModelState,
  target: MapTarget,
  body: KernelBody,
  implicitRoot: boolean,
  privates: ReadonlyMap<string, PtrValue>,
  ctx: StepContext,
  copied: readonly Element[] | null = null,
): Observation {
  if ('pointer' in body) return pointerObservation(correspondingPointerValue(state, target, body.pointer, ctx));
  const ref = kernelRef(body);
  // K-B46 `unregistered`: an array in a declared array lies in the device image's own copy.
  const image = parsedRef(state, ref).kind === 'array' ? unregisteredImage(state, target.device, arrayRange(state, ref), ctx) : null;
  if (image !== null) {
    const range = arrayRange(state, ref);
    const cells = storageCells(state, image, range.start);
    const count = (range.end - range.start) / ELEMENT_BYTES;
    if ('read' in body) return { kind: 'read', values: readElements(cells.contents, cells.index, count) };
    if (!writeElements(cells.contents, cells.index, count, body, 0, copied)) return overflow(body.write);
    return OK;
  }
  if ('read' in body && (body.bounds || body.at !== undefined)) {
    const m = memberRef(state, ref);
    const holder = pointerHolder(state, target.device, m);
    if (holder.kind !== 'present') return undefinedBehaviour(`the kernel uses ${ref}, but ${m.struct} is not present on device ${target.device}`);
    // The bounds come from the descriptor's count, stored past the pointer word: the entry of the
    // word alone (K-B47 member-word) has no storage for it.
    if (body.bounds === true && holder.entry.end < m.addr + POINTER_BYTES) return undefinedBehaviour(`the kernel reads the bounds of ${ref}, but only the pointer word of ${m.struct} is present on device ${target.device}`);
    const cell = storageCells(state, holder.entry, m.addr);
    return viewRead(pointerCell(cell.contents, cell.index), ref, body.at, (at) => {
      const run = kernelElements(state, target, ref, [at, at]);
      return 'kind' in run ? run : { kind: 'read', values: readElements(run.contents, run.index, run.count) };
    });
  }
  const where = (implicitRoot ? partlyMappedElements(state, target, ref) : null) ?? kernelElements(state, target, ref, undefined, privates);
  if ('kind' in where) return where;
  const runs = Array.isArray(where) ? where : [where];
  if ('read' in body) return { kind: 'read', values: runs.flatMap((r) => readElements(r.contents, r.index, r.count)) };
  // the runs follow the reference's elements in order: each continues the write where the last ended
  let from = 0;
  for (const r of runs) {
    if (!writeElements(r.contents, r.index, r.count, body, from, copied)) return overflow(body.write);
    from += r.count;
  }
  return OK;
}

// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules, §7.9.6 map clause
// An implicitly mapped array reference that no single entry holds: the implicit map used the
// entries that were there (lang/README-openmp.md "Entry" 2.), so each element is reached through
// the entry holding it, and an element outside every entry has no storage on the device. Null
// when the reference is not such an access (the ordinary rules apply).
function partlyMappedElements(state: ModelState, target: MapTarget, ref: VarRef): CellRun[] | UndefinedObservation | null {
  if (parsedRef(state, ref).kind !== 'array') return null;
  const range = arrayRange(state, ref);
  if (lookup(state, target.device, range).kind === 'present') return null;
  const runs: CellRun[] = [];
  for (let addr = range.start; addr < range.end; addr += ELEMENT_BYTES) {
    const where = lookup(state, target.device, { start: addr, end: addr + ELEMENT_BYTES });
    if (where.kind !== 'present')
      return undefinedBehaviour(`the kernel accesses ${ref}, whose element at host 0x${addr.toString(16)} has no storage on device ${target.device}`);
    runs.push({ ...storageCells(state, where.entry, addr), count: 1 });
  }
  return runs;
}

/**
 * The elements a kernel reference touches on a device. An array or subarray must be present (its
 * corresponding storage is used, the host's own for a self map); `c%p` is followed through the
 * corresponding pointer, which must hold a device address of a live block covering every element
 * or, on a device that shares memory with the host, a host address.
 */
function kernelElements(state: ModelState, target: MapTarget, ref: VarRef, view?: [number, number], privates?: ReadonlyMap<string, PtrValue>): CellRun | UndefinedObservation {
  const on = `on device ${target.device}`;
  const parsed = parsedRef(state, ref);
  if (parsed.kind === 'struct') throw new Error(`internal: a kernel cannot access the whole struct ${ref}`);
  if (parsed.kind === 'array') {
    const range = arrayRange(state, ref);
    const where = lookup(state, target.device, range);
    if (where.kind !== 'present') return undefinedBehaviour(`the kernel accesses ${ref}, which is not present ${on}`);
    return { ...storageCells(state, where.entry, range.start), count: (range.end - range.start) / ELEMENT_BYTES };
  }
  const m = memberRef(state, ref);
  const value = privates?.has(m.struct) === true ? privates.get(m.struct)! : correspondingPointer(state, target, m, ref);
  if (value !== null && 'kind' in value) return value;
  const what = `the kernel dereferences ${formatRef(m)}, whose value ${on} is ${formatPtr(value)}`;
  if (value === null || value.space === 'indeterminate') return undefinedBehaviour(what);
  if (value.space === 'host') {
    // A host address is no device address on a discrete device; a device sharing memory with
    // the host reaches the host's storage through it.
    if (!target.shared) return undefinedBehaviour(what);
    const range = targetRange(value)!;
    // A member section (`c%p(2:5)`, model/member-sections.ts) reaches only its elements.
    const [lo, hi] = viewBounds(view ?? parsed.bounds, value);
    if (lo < 1 || hi > value.count) return undefinedBehaviour(`${what}, which has ${value.count} elements`);
    return { ...hostCellsAt(state, range.start + (lo - 1) * ELEMENT_BYTES), count: hi - lo + 1 };
  }
  const block = blockById(state, value.block);
  if (!block.alive) return undefinedBehaviour(`${what}, a freed block`);
  const [lo, hi] = viewBounds(view ?? parsed.bounds, value);
  if (lo < 1 || hi > value.count) return undefinedBehaviour(`${what}, which has ${value.count} elements`);
  const first = value.offset + (lo - 1) * ELEMENT_BYTES;
  // Attached through a section, the pointer aims before the section's storage (the section's bias).
  if (first < 0) return undefinedBehaviour(`${what}, before the start of its block`);
  if (value.offset + hi * ELEMENT_BYTES > block.bytes) return undefinedBehaviour(`${what}, past the end of its block`);
  return { contents: block.contents, index: first / ELEMENT_BYTES, count: hi - lo + 1 };
}

/** The value of pointer member `m`'s corresponding pointer, or why the kernel cannot read it. */
function correspondingPointer(state: ModelState, target: MapTarget, m: MemberRef, ref: VarRef): PtrValue | UndefinedObservation {
  const holder = pointerHolder(state, target.device, m);
  if (holder.kind !== 'present') return undefinedBehaviour(`the kernel dereferences ${ref}, but ${m.struct} is not present on device ${target.device}`);
  const cell = storageCells(state, holder.entry, m.addr);
  return pointerCell(cell.contents, cell.index);
}

/**
 * A kernel reading a pointer's view through the descriptor `value` it sees: the bounds
 * (`lbound(p, 1)`, `ubound(p, 1)`) when `at` is undefined, else the element `p(at)` counted from
 * the lower bound (Fortran 2008 §7.2.2.3), taken from `elements` (that one element, or why it
 * cannot be reached). A disassociated pointer has no bounds; an index outside them is
 * undefined.
 */
function viewRead(value: PtrValue, ref: VarRef, at: number | undefined, elements: (at: number) => Observation): Observation {
  if (value === null || value.space === 'indeterminate')
    return undefinedBehaviour(`the kernel asks for the bounds of ${ref}, whose value is ${formatPtr(value)}`);
  const lbound = ptrLbound(value);
  const ubound = lbound + value.count - 1;
  if (at === undefined) return { kind: 'read', values: [lbound, ubound] };
  if (at < lbound || at > ubound) return undefinedBehaviour(`the kernel reads ${ref}(${at}), outside its view ${lbound}:${ubound}`);
  // OpenMP 6.0 §7.9.6 map clause (pointer attachment): the corresponding pointer points at the
  // corresponding storage of what it was attached to; element `at` alone is reached through it, so
  // it is defined when that element has storage there (attached through a member section: an
  // element of the section), whatever the rest of the view reaches.
  return elements(at);
}

/**
 * Elements a kernel reaches through pointer value `value`, 1-based from its first element: all of
 * them, or those of a member section (`c%p(2:5)`, Fortran bounds counted from the pointer's lower bound).
 */
function viewBounds(bounds: [number, number] | undefined, value: { count: number; lbound?: number }): [number, number] {
  if (bounds === undefined) return [1, value.count];
  const lb = ptrLbound(value);
  return [bounds[0] - lb + 1, bounds[1] - lb + 1];
}
