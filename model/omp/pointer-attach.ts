import { lboundField, ptrLbound, type PtrValue } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import {
  copyPtr,
  fire,
  hostPointer,
  pointerCell,
  runtimeError,
  setPointerCell,
  type ErrorObservation,
  type MemberRef,
  type ModelState,
  type RecordedMapItem,
  type StepContext,
} from '../state.js';
import { attachmentOf, lookup, pointerHolder, storageCells } from './table.js';
import { isEmptyRange, ompZeroLengthLookup } from '../zero-length.js';
import { zeroLengthPointeeAbsent } from '../zero-length-members.js';

export const POINTER_ATTACHMENT = 'OpenMP 6.0 §7.9.6 map clause (pointer attachment)';
const COUNTED_DETACH = 'OpenMP 6.0 §7.9.6 map clause (pointer attachment: counted detach, K-B7)';

// OpenMP 6.0 §7.9.6 map clause (pointer attachment)
// Runs after every storage block of the construct is mapped. `created` holds the creation numbers
// of the entries this construct created. Returns the pointers whose attachment was counted (K-B7
// `counted`), which a structured construct gives back at its end.
export function attachPointers(
  state: ModelState,
  device: number,
  items: RecordedMapItem[],
  created: ReadonlySet<number>,
  ctx: StepContext,
): MemberRef[] | ErrorObservation {
  const counted: MemberRef[] = [];
  for (const item of items) {
    // Candidates are `c%p` items whose pointer had a target when the construct started.
    if (item.pointer === null || item.range === null) continue;
    fire(ctx, POINTER_ATTACHMENT);
    // The pointer needs a corresponding pointer (its struct is mapped) and a mapped target.
    const pointerEntry = pointerHolder(state, device, item.pointer);
    // A zero-length section (`c%p(3:2)`) is found by the byte at its address (model/zero-length.ts).
    const empty = isEmptyRange(item.range);
    const targetEntry = empty ? ompZeroLengthLookup(state, device, item.range, ctx) : lookup(state, device, item.range);
    if (pointerEntry.kind !== 'present') continue;
    if (targetEntry.kind !== 'present') {
      // No corresponding storage for a zero-length section: K-B44 (model/zero-length-members.ts).
      // The section's offset from the pointer's target (a member section's base): K-B44 `null-less-bias`.
      const bias = item.base === undefined ? 0 : item.range.start - item.base.addr;
      const stop = empty ? zeroLengthPointeeAbsent(state, device, item.pointer, pointerEntry.entry, created, counted, ctx, bias) : null;
      if (stop) return stop;
      continue;
    }
    // K-B7 `6.0`: only when the target's storage or the pointer's storage is new on this
    // construct; `always` (5.x practice): every time the pointer is mapped with its target.
    // A self map (K-B8 `self`) creates no storage: the original serves as its own copy, so it does
    // not count as new (LLVM omptarget.cpp targetDataBegin records a new allocation only when
    // getTargetPointer did not return the host pointer, and processAttachEntries attaches only
    // for a new pointer or pointee).
    const pointerSelf = pointerEntry.entry.block === null;
    const targetSelf = targetEntry.entry.block === null;
    const isNew = (self: boolean, order: number) => !self && created.has(order);
    // K-B7 `counted` (libgomp target.c gomp_map_vars_internal GOMP_MAP_ATTACH ->
    // gomp_attach_pointer): every map counts one attachment; only the first writes the pointer.
    if (ctx.knobs['K-B7'] === 'counted' && !(pointerSelf && targetSelf)) {
      counted.push(item.pointer);
      const held = attachmentOf(state, device, item.pointer.addr);
      if (held !== undefined) {
        held.count += 1;
        continue;
      }
    } else if (ctx.knobs['K-B7'] === 'shadow' && sameShadow(state, device, item.pointer.addr, targetEntry.entry.order, item.base?.addr ?? item.range.start)) {
      continue;
    } else if (
      ctx.knobs['K-B7'] === '6.0' &&
      !isNew(pointerSelf, pointerEntry.entry.order) &&
      !isNew(targetSelf, targetEntry.entry.order)
    )
      continue;
    // A self-mapped pointer with a self-mapped target is the original pointer: it already holds
    // the target's address.
    if (pointerSelf && targetSelf) continue;
    // The corresponding pointer gets the address of the target's corresponding storage. Where one
    // side is a self map and the other device storage (an association on a device that shares
    // memory with the host, K-B18 `as-discrete`), that is the host address of a self-mapped
    // target, and a self-mapped pointer is the original one, which then holds a device address
    // (LLVM omptarget.cpp performPointerAttachment writes through the pointer's table entry,
    // whose target address is the host address under unified shared memory).
    // A member section (`c%p(2:5)`) makes the corresponding pointer reach the section through its
    // own bounds: it aims at the target's first element, counted back from the section's
    // storage (libgomp GOMP_MAP_ATTACH bias; LLVM targetDataBegin `TgtPtrBegin - Delta`).
    const target = targetEntry.entry;
    const base = item.base ?? { addr: item.range.start, count: (item.range.end - item.range.start) / ELEMENT_BYTES };
    const count = base.count;
    const cell = storageCells(state, pointerEntry.entry, item.pointer.addr);
    // A Fortran pointer's bounds come with it: K-B41 `descriptor` (LLVM performPointerAttachment
    // copies the descriptor's other fields from the host) gives the corresponding pointer the host
    // pointer's lower bound; `base-address` (libgomp) writes the address word only, so a
    // corresponding descriptor that holds an association keeps its own.
    const host = hostPointer(state, item.pointer);
    const current = pointerCell(cell.contents, cell.index);
    const keeps = ctx.knobs['K-B41'] === 'base-address' && current !== null && current.space !== 'indeterminate';
    // (The host pointer's lower bound is its own whatever address it holds: under unified shared
    // memory an earlier attachment of the same construct may have written a device address there.)
    const lbound = keeps ? ptrLbound(current) : host !== null && host.space !== 'indeterminate' ? ptrLbound(host) : 1;
    const value: PtrValue = targetSelf
      ? { space: 'host', addr: base.addr, count, ...lboundField(lbound) }
      : { space: 'dev', block: target.block!, offset: target.offset + base.addr - target.start, count, ...lboundField(lbound) };
    setPointerCell(cell.contents, cell.index, value);
    // The pointer is now attached (read by K-B22 and K-B23): one record per device and pointer.
    const ptr = item.pointer.addr;
    state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.ptr === ptr));
    state.ompAttached.push({ device, ptr, holder: pointerEntry.entry.order, target: target.order, targetLive: true, count: 1, base: base.addr });
  }
  return counted;
}

/**
 * K-B7 `shadow` (libomptarget 16 targetDataBegin: a PTR_AND_OBJ entry writes the device pointer
 * only when the pointer's shadow record is missing or holds another device address): whether the
 * attachment on record for `ptr` aims at the same address, `base` of the live entry `target`.
 */
function sameShadow(state: ModelState, device: number, ptr: number, target: number, base: number): boolean {
  const held = attachmentOf(state, device, ptr);
  // (an entry that left the table never comes back under its creation number)
  return held !== undefined && held.target === target && held.base === base;
}

export const ENTER_DATA_POINTER = 'OpenMP 6.0 §7.9.6 map clause (pointer attachment on target enter data, K-B60)';

// OpenMP 6.0 §7.9.6 map clause (pointer attachment on target enter data, K-B60)
// Target enter data attaches a `c%p` item's corresponding pointer as any construct does (K-B60
// `attach`, the text). `garbage` (gfortran 12 with libgomp 12): gfortran lowers the component to
// map(to: c.p [len: descriptor]) map(to: <data>) map(always_pointer: c.p.data), and
// GOMP_target_enter_exit_data maps that always-pointer item on its own, where gomp_map_vars_internal
// (without the `i > 0` test later libgomp has) takes the device address of the item at index -1: the
// corresponding descriptor's address word gets a value that is no device address of the target
// (measured: 1, less the section's bias). Runs after attachPointers, for the items whose struct has
// device storage of its own.
export function enterDataPointers(state: ModelState, device: number, items: RecordedMapItem[], ctx: StepContext): void {
  for (const item of items) {
    if (item.pointer === null || item.range === null) continue;
    fire(ctx, ENTER_DATA_POINTER);
    if (ctx.knobs['K-B60'] !== 'garbage') continue;
    const holder = pointerHolder(state, device, item.pointer);
    if (holder.kind !== 'present' || holder.entry.block === null) continue;
    const cell = storageCells(state, holder.entry, item.pointer.addr);
    setPointerCell(cell.contents, cell.index, { space: 'indeterminate' });
  }
}

// OpenMP 6.0 §7.9.6 map clause (pointer attachment)
// K-B7 `always` (gfortran 12 lowers a pointer named on a target or target data construct with
// GOMP_MAP_ALWAYS_POINTER, which GCC 12's gomp_map_vars_internal writes on every map: the value is
// gomp_map_val of the data item before it, and a disassociated pointer's data item has no host
// address, so the value is null): the corresponding pointer of a disassociated pointer becomes null
// and is no longer attached. The text attaches only a pointer that has a target (nothing to do).
// Evidence: libgomp.fortran/map-alloc-ptr-1.f90 (PR fortran/96668, GCC 11 onwards) nullifies
// pointers inside a target data region that mapped them and expects the next kernels to see them
// disassociated.
export function alwaysNullPointers(state: ModelState, device: number, items: RecordedMapItem[], ctx: StepContext): void {
  if (ctx.knobs['K-B7'] !== 'always') return;
  for (const item of items) {
    if (item.pointer === null || item.range !== null) continue;
    fire(ctx, POINTER_ATTACHMENT);
    const holder = pointerHolder(state, device, item.pointer);
    if (holder.kind !== 'present' || holder.entry.block === null) continue;
    const cell = storageCells(state, holder.entry, item.pointer.addr);
    setPointerCell(cell.contents, cell.index, null);
    const ptr = item.pointer.addr;
    state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.ptr === ptr));
  }
}

// OpenMP 6.0 §7.9.6 map clause (pointer attachment: counted detach, K-B7)
// K-B7 `counted` (libgomp target.c gomp_detach_pointer, called by gomp_unmap_vars_internal for the
// attachments of a target / target data construct "before any copies back to the host", and by
// gomp_exit_data for the pointers a target exit data names): one attachment of each pointer is
// given back while its struct is present; at 0 the corresponding pointer gets the host pointer's
// value as it is now. `exitData`: a pointer with no attachment left is a runtime abort ("no
// attachment counters for struct" / "attach count underflow"). Other readings count nothing.
export function detachPointers(state: ModelState, device: number, pointers: readonly MemberRef[], exitData: boolean, ctx: StepContext): ErrorObservation | null {
  for (const m of pointers) {
    fire(ctx, COUNTED_DETACH);
    if (ctx.knobs['K-B7'] !== 'counted') return null;
    const holder = pointerHolder(state, device, m);
    if (holder.kind !== 'present' || holder.entry.block === null) continue;
    const held = attachmentOf(state, device, m.addr);
    if (held === undefined) {
      if (!exitData) continue;
      return runtimeError('fatal_detach_at_zero', `${m.struct}%${m.member} has no attachment left on device ${device} to detach`);
    }
    held.count -= 1;
    if (held.count > 0) continue;
    const cell = storageCells(state, holder.entry, m.addr);
    setPointerCell(cell.contents, cell.index, copyPtr(hostPointer(state, m)));
    state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.ptr === m.addr));
  }
  return null;
}
