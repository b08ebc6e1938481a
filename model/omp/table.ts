// Queries and updates of the OpenMP present tables shared by the map constructs and the device
// memory routines: lookup of a host range, entries and their storage, and the pointer arguments of
// the routines (lang/README-openmp.md).

import type { PtrArg } from '../../lang/openmp.js';
import type { DevAddr, HostAddr } from '../../lang/observation.js';
import { POINTER_WORD_BYTES } from '../../lang/program.js';
import {
  UndefinedStep,
  allocateBlock,
  blockById,
  dataRange,
  indeterminateCells,
  objectHolding,
  objectsTouching,
  unitBytes,
  type Contents,
  type ModelState,
  type OmpEntry,
  type Range,
  type OmpAttachment,
  type MemberRef,
} from '../state.js';
import { keyGet, keyHas, readOnly, vecGet, vecRead, type Vec } from '../vec.js';

/** Where a host range stands in one device's table. */
export type Lookup = { kind: 'present'; entry: OmpEntry } | { kind: 'absent' } | { kind: 'partly' };

/**
 * Lookup of `range` on device `device`: present when an entry contains it (the one created last
 * when several do), absent when no entry overlaps it, partly present otherwise.
 */
export function lookup(state: ModelState, device: number, range: Range): Lookup {
  // Looked for through the tables as they stand (vec.ts readOnly); the entry handed out is the step's draft.
  const entries = entriesIn(state, device, range, vecRead);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.start <= range.start && range.end <= e.end) {
      const own = vecRead(deviceTable(readOnly(state), device), state.facts.indexHolding(e));
      return { kind: 'present', entry: ownTable(state, device, e)[own.findIndex((x) => x.order === e.order)]! };
    }
  }
  return entries.some((e) => overlaps(e, range)) ? { kind: 'partly' } : { kind: 'absent' };
}

// OpenMP 6.0 §7.9.6 map clause (pointer attachment: the corresponding pointer)
// A pointer member's corresponding pointer is its word in whatever corresponding storage holds
// it: the storage of its whole struct, or of only some members of it (K-B47 `member-word`, clang
// 16's combined entry "alloc space for struct members"). Both runtimes look the pointer up by its
// own bytes: libgomp gomp_attach_pointer (target.c) by [ptr, ptr + sizeof (void *)), libomptarget
// targetDataBegin by the PTR_AND_OBJ entry's pointer, HstPtrBase of sizeof (void *).
export function pointerHolder(state: ModelState, device: number, m: MemberRef): Lookup {
  return lookup(state, device, { start: m.addr, end: m.addr + POINTER_WORD_BYTES });
}

/** The entry holding the byte at host address `addr` on `device`, or null. */
export function entryHoldingByte(state: ModelState, device: number, addr: number): OmpEntry | null {
  const where = lookup(state, device, { start: addr, end: addr + 1 });
  return where.kind === 'present' ? where.entry : null;
}

export function overlaps(x: Range, y: Range): boolean {
  return x.start < y.end && y.start < x.end;
}

/** The bytes two ranges share, or null when they share none. */
export function intersection(x: Range, y: Range): Range | null {
  return overlaps(x, y) ? { start: Math.max(x.start, y.start), end: Math.min(x.end, y.end) } : null;
}

/** The entries of `device` that share a byte with `range`, in creation order. */
export function overlappingEntries(state: ModelState, device: number, range: Range): OmpEntry[] {
  return entriesTouching(state, device, range).filter((e) => overlaps(e, range));
}

function deviceTable(state: ModelState, device: number): Vec<OmpEntry[]> {
  const table = state.ompEntries[device];
  if (!table) throw new Error(`internal: no OpenMP table for device ${device}`);
  return table;
}

/**
 * The entries of `device` inside the host objects `range` touches, in creation order: every entry
 * that can contain or overlap `range` (an entry never leaves its host object).
 */
export function entriesTouching(state: ModelState, device: number, range: Range): OmpEntry[] {
  return entriesIn(state, device, range, vecGet);
}

/** entriesTouching through `get` (vecGet: the step's drafts; vecRead: for reading only). */
function entriesIn(state: ModelState, device: number, range: Range, get: typeof vecGet): OmpEntry[] {
  const table = deviceTable(get === vecRead ? readOnly(state) : state, device);
  const objects = objectsTouching(state, range);
  if (objects.length === 1) return get(table, objects[0]!);
  return objects.flatMap((i) => get(table, i)).sort((x, y) => x.order - y.order);
}

/** The entries of `device` inside the host object that holds `range`, in creation order. */
function ownTable(state: ModelState, device: number, range: Range): OmpEntry[] {
  const i = state.facts.indexHolding(range);
  if (i < 0) throw new Error(`internal: OpenMP entry at 0x${range.start.toString(16)} lies in no host object`);
  return vecGet(deviceTable(state, device), i);
}

/** Adds an entry to `device`'s table with the next creation number and returns it (as stored). */
export function insertEntry(state: ModelState, device: number, fields: Omit<OmpEntry, 'order'>): OmpEntry {
  const entries = ownTable(state, device, fields);
  entries.push({ ...fields, order: state.nextOmpEntry });
  state.nextOmpEntry += 1;
  return entries[entries.length - 1]!;
}

/**
 * A new map entry for `range` with reference count 0: a fresh block of the range's size whose
 * contents are indeterminate, or the original storage itself for a self map.
 */
export function createMapEntry(state: ModelState, device: number, range: Range, selfMap: boolean): OmpEntry {
  const block = selfMap ? null : allocateBlock(state, range.end - range.start, indeterminateCells(state, range), device, 'map');
  return insertEntry(state, device, { start: range.start, end: range.end, block, offset: 0, rc: 0, origin: 'map' });
}

/** Takes an entry out of its table; `freeBlock` also frees the map block it owns. */
export function removeEntry(state: ModelState, device: number, entry: OmpEntry, freeBlock: boolean): void {
  const entries = ownTable(state, device, entry);
  const index = entries.findIndex((e) => e.order === entry.order);
  if (index < 0) throw new Error('internal: removing an OpenMP entry that is not in its table');
  if (freeBlock && entry.block !== null) blockById(state, entry.block).alive = false;
  entries.splice(index, 1);
  // The corresponding pointers inside the entry go with it, attached or not.
  state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.holder === entry.order));
  for (const a of state.ompAttached) if (a.device === device && a.target === entry.order) a.targetLive = false;
}

/** The attachment record of the pointer member at host address `ptr` on `device`, if it is attached. */
export function attachmentOf(state: ModelState, device: number, ptr: number): OmpAttachment | undefined {
  return state.ompAttached.find((a) => a.device === device && a.ptr === ptr);
}

export function sameStorage(entry: OmpEntry, d: DevAddr): boolean {
  return entry.block === d.block && entry.offset === d.offset;
}

/** The corresponding address of host address `addr` inside `entry`: in its block, or `addr` itself for a self map. */
export function storageAddress(entry: OmpEntry, addr: number): DevAddr | HostAddr {
  if (entry.block === null) return { host: addr };
  return { block: entry.block, offset: entry.offset + addr - entry.start };
}

/** Memory cells and the index of the cell that hold host address `addr`'s corresponding storage in `entry`. */
export interface CellPosition {
  contents: Contents;
  index: number;
}

/** Throws UndefinedStep when the storage is a freed block. */
export function storageCells(state: ModelState, entry: OmpEntry, addr: number): CellPosition {
  if (entry.block === null) return hostCellsAt(state, addr);
  const block = blockById(state, entry.block);
  // Associated storage may have been handed back with omp_target_free while still associated.
  if (!block.alive) throw new UndefinedStep(`the storage of host 0x${entry.start.toString(16)} is freed device block ${block.id}`);
  return { contents: block.contents, index: (entry.offset + addr - entry.start) / unitBytes(block.contents) };
}

/** The host memory cells at host address `addr`. */
export function hostCellsAt(state: ModelState, addr: number): CellPosition {
  const obj = objectHolding(state, { start: addr, end: addr });
  return { contents: obj.contents, index: (addr - obj.start) / unitBytes(obj.contents) };
}

// ------------------------------------------------------------------------------------------------
// Routine pointer arguments

/** A pointer a routine receives: null, a host address, or an address in a device block. */
export type OmpPointer = null | { space: 'host'; addr: number } | { space: 'dev'; block: number; offset: number };

/**
 * Evaluates a pointer argument: the address of an array, subarray or struct, or an
 * omp_target_alloc result, plus the byte offset. A null result with a nonzero offset is pointer
 * arithmetic on null: the step is undefined.
 */
export function resolvePointer(state: ModelState, arg: PtrArg): OmpPointer {
  if (arg === null) return null;
  const offset = arg.offset ?? 0;
  if ('var' in arg) {
    const range = dataRange(state, arg.var);
    if (range === null) throw new Error(`internal: pointer argument '${arg.var}' names no host storage`);
    return { space: 'host', addr: range.start + offset };
  }
  if (!keyHas(state.handles, arg.handle)) throw new Error(`internal: handle '${arg.handle}' was never returned by omp_target_alloc`);
  const base = keyGet(state.handles, arg.handle)!;
  if (base === null) return nullPlus(offset, arg.handle);
  // A use_device handle of data that was not present holds the host address (OpenACC 3.3 §2.8.3).
  if ('host' in base) return { space: 'host', addr: base.host + offset };
  return { space: 'dev', block: base.block, offset: base.offset + offset };
}

/**
 * The host address a host pointer argument was derived from, before its offset: the variable's
 * first byte, or the host address a use_device handle holds; null for any other argument. A range
 * the pointer reaches lies in the object of that address or outside any object the program may
 * reach through it (C pointer arithmetic stays inside its object).
 */
export function pointerBase(state: ModelState, arg: PtrArg): number | null {
  if (arg === null) return null;
  if ('var' in arg) return dataRange(state, arg.var)?.start ?? null;
  const base = keyHas(state.handles, arg.handle) ? keyGet(state.handles, arg.handle) : null;
  return base !== null && base !== undefined && 'host' in base ? base.host : null;
}

function nullPlus(offset: number, handle: string): null {
  if (offset !== 0) throw new UndefinedStep(`${handle} is a null pointer, and ${offset} is added to it`);
  return null;
}

/** A non-null pointer as a routine's return value. */
export function pointerValue(p: Exclude<OmpPointer, null>): DevAddr | HostAddr {
  return p.space === 'host' ? { host: p.addr } : { block: p.block, offset: p.offset };
}

/** `host:0x1000` / `dev#3+8` for messages. */
export function describePointer(p: OmpPointer): string {
  if (p === null) return 'NULL';
  return p.space === 'host' ? `host:0x${p.addr.toString(16)}` : `dev#${p.block}+${p.offset}`;
}
