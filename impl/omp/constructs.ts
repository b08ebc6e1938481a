// The map constructs and the target construct of the optimised OpenMP runtime (README-openmp "Map
// constructs"): map items on one stack of fixed-size records, storage blocks per construct phase,
// reference counts adjusted at most once per entry per construct through an epoch stamp per slot.

import type { Observation } from '../../lang/observation.js';
import type { MapItem, OmpDeclareTarget, OmpMapModifier, OmpMapType, OmpTarget, OmpTargetUpdate } from '../../lang/openmp.js';
import { ELEMENT_BYTES, POINTER_BYTES, POINTER_WORD_BYTES, copyRef, kernelRef, kernelStatements, type ElementBody, type KernelBody, type MapperDecl } from '../../lang/program.js';

import {
  DEVICE_BASE,
  INDETERMINATE,
  NOT_LIVE,
  PAST_END,
  copyWords,
  pointerAddressAt,
  ptrBase,
  ptrCount,
  ptrIndeterminate,
  readWords,
  writeWords,
  writePtr,
  ptrLowerBound,
  type MemoryImage,
} from '../memory.js';
import { REF_ARRAY, REF_MEMBER, REF_STRUCT, keptForRegion, type CompiledRef } from '../refs.js';
import { runtimeError, undefinedBehaviour } from '../stop.js';
import { privateCopyKernel, privateValues } from '../firstprivate.js';
import { grown } from '../typed.js';
import { ABSENT, OK, ORIGIN_DECLARE, ORIGIN_MAP, OmpTable, PARTLY, INFINITE_RC_CODE, attachKey } from './table.js';
import type { ZeroKey } from './table.js';

/** Numbers per private pointer of a target construct in OmpConstructs.privatePtrs, and in privateVals. */
const PRIVATE_FIELDS = 2;
const VALUE_FIELDS = 4;

// ------------------------------------------------------------------------------------------------
// Map items

const TO = 0;
const FROM = 1;
const TOFROM = 2;
const ALLOC = 3;
const RELEASE = 4;
const DELETE = 5;
/** The map type of the cleared record one past the last (dropItems): none. */
// Stryker disable next-line UnaryOperator: equivalent: only a loop that runs one record too far reads it, and those mutants are the ones this clearing makes equivalent
const NO_TYPE = -1;
const MAP_TYPE_CODES: Readonly<Record<OmpMapType, number>> = { to: TO, from: FROM, tofrom: TOFROM, alloc: ALLOC, release: RELEASE, delete: DELETE };
/**
 * Map type decay (OpenMP 6.0 §7.9.2) of a clause through a declare mapper: DECAY[clause type][mapper
 * item type] for the mapper item types to, from, tofrom, alloc (their codes 0-3). Storage (alloc,
 * release) dominates, to with from is storage, tofrom keeps the item's type, release and delete keep
 * the clause's. (On exit, alloc and release are handled alike, so exit data keeps ALLOC.)
 */
const DECAY: readonly (readonly number[])[] = [
  [TO, ALLOC, TO, ALLOC],
  [ALLOC, FROM, FROM, ALLOC],
  [TO, FROM, TOFROM, ALLOC],
  [ALLOC, ALLOC, ALLOC, ALLOC],
  [RELEASE, RELEASE, RELEASE, RELEASE],
  [DELETE, DELETE, DELETE, DELETE],
];

const MOD_ALWAYS = 1;
const MOD_PRESENT = 2;
const MOD_DELETE = 4;
const MOD_CLOSE = 8;
const MODIFIER_BITS: Readonly<Record<OmpMapModifier, number>> = { always: MOD_ALWAYS, present: MOD_PRESENT, delete: MOD_DELETE, close: MOD_CLOSE };

// The map items of the construct being executed, and of every open target data region, live on
// one stack of fixed-size records in a plain array of numbers (a region's records are what its end
// acts on). Records are written in field order, so the array grows by appending and stays packed.
const ITEM_FIELDS = 7;
const I_TYPE = 0;
const I_MODS = 1;
/** Resolved host range [start, end) (not for a null pointer item). */
const I_START = 2;
const I_END = 3;
const I_FLAGS = 4;
/** Host address of the pointer member (c%p items). */
const I_MEMBER = 5;
/** Storage block of the item in the current construct phase (-1: none). */
const I_GROUP = 6;
/** A c%p item whose pointer is null: nothing is mapped for it. */
const ITEM_NULL = 1;
/** A c%p item: a pointer attachment candidate. */
const ITEM_MEMBER = 2;
/** A whole struct: its bytes are pointer members, never copied back to the host. */
const ITEM_STRUCT = 4;
/** The implicit map of an omp_target body's root variable. */
const ITEM_IMPLICIT = 8;
/** K-B7 `counted`: the item's pointer attachment was counted at entry (given back at the end). */
const ITEM_COUNTED = 16;
/** K-B64: the struct's own storage as a declare mapper maps it (its item naming the struct, a K-B47 word of its pointer items). */
const ITEM_MAPPER_STRUCT = 32;
/** Another item a declare mapper's clause gave (a pointer item's K-B47 word is ITEM_MAPPER_STRUCT). */
const ITEM_VIA_MAPPER = 64;
/** K-B55 `descriptor`: the item maps its array's descriptor too (gfortran's pointer arrays). */
const ITEM_DESCRIPTOR = 128;

/** Storage-block flags. */
const BLOCK_PRESENT = 1;
const BLOCK_DELETE = 2;
/** The block holds an explicit map item (partly present: K-B5, not the implicit-map rule). */
const BLOCK_EXPLICIT = 4;
/** An item of the block has the close modifier (K-B8 `self-unless-close`). */
const BLOCK_CLOSE = 8;
/** The block holds an item that is not ITEM_MAPPER_STRUCT (K-B64 counts it as usual). */
const BLOCK_COUNTED = 16;

/** K-B67: a clause's var's place (clang 16: the present clauses, then alloc, then the rest; then written order). */
function clauseSlot(mods: number, code: number, index: number, v: number): number {
  const rank = (mods & MOD_PRESENT) !== 0 ? 0 : code === ALLOC ? 1 : 2;
  return (rank * 1024 + index) * 1024 + v;
}
/** A mapper's clause's place counts below its list item's (itemOrder). */
const ORDER_INNER = 2 ** 22;
/** A kernel's implicit map comes after every explicit one (itemOrder). */
const IMPLICIT_ORDER = 2 ** 44;

export abstract class OmpConstructs extends OmpTable {
  /** Addresses use_device regions and pointer kernels give, by name: raw device or host address, 0 for null. */
  protected readonly useDeviceHandles = new Map<string, number>();
  /** The device block of a use_device handle whose address is one past that block's end (K-B58 `first-byte-or-end`), which blockAt cannot tell. */
  protected readonly useDeviceBlocks = new Map<string, number>();
  // Stryker disable next-line ArrayDeclaration: equivalent: every record is written (pushItem) before it is read, so a first element is overwritten
  protected readonly items: number[] = [];
  // Stryker disable next-line ArrayDeclaration: equivalent: as items
  protected readonly itemRefs: CompiledRef[] = [];
  /**
   * K-B67: each item's place among the construct's entries as clang 16 orders them (present
   * clauses, then alloc clauses, then the rest, in written order; a mapper's clauses alike inside
   * the place of the item they replace); -1 for the items a rule adds.
   */
  // Stryker disable next-line ArrayDeclaration: equivalent: as items
  protected readonly itemOrder: number[] = [];
  /** The place pushRecord gives the records it appends (-1 outside the clauses of a construct). */
  // Stryker disable next-line UnaryOperator: equivalent: pushMaps and a kernel's implicit map set it before any record is pushed
  protected pushOrder = -1;
  protected itemTop = 0;
  /** First item and device of each open target data region, in pairs, innermost last. */
  protected readonly regions: number[] = [];
  /** Storage blocks of the current construct phase. */
  protected gStart = new Float64Array(8);
  protected gEnd = new Float64Array(8);
  protected gKey = new Float64Array(8);
  protected gFlags = new Int32Array(8);
  /** Construct phases so far (each entry or exit phase takes the next number). */
  protected epoch = 0;
  /**
   * K-B46 `unregistered`: the storage address of each declared array's device image copy, keyed by
   * device × object count + object (README-openmp "declare target").
   */
  protected readonly images = new Map<number, number>();
  /**
   * The objects (host object numbers) whose implicit map on the current omp_target met partly
   * present data: the kernel's accesses to them go element by element.
   */
  protected readonly implicitPartial: number[] = [];
  /**
   * The host objects of the variables the current omp_target maps implicitly as themselves (not
   * through a mapper's items): K-B71 asks after the kernel's accesses to them (foundEntryAccess).
   */
  protected readonly implicitObjects: number[] = [];
  /**
   * The private pointers of the target construct being run (privatePointers): PRIVATE_FIELDS
   * numbers each, the pointer's host address and the item naming its section; privateTop numbers.
   * On a device, after the entry, privateVals holds their values (privateValues), VALUE_FIELDS
   * numbers each in the same order: address (0: null), element count, lower bound and the device
   * block the address was found in (0: none).
   */
  // Stryker disable next-line ArrayDeclaration: equivalent: records are written index by index before they are read
  protected readonly privatePtrs: number[] = [];
  protected privateTop = 0;
  // Stryker disable next-line ArrayDeclaration: equivalent: as privatePtrs
  protected readonly privateVals: number[] = [];

  // ----------------------------------------------------------------------------------------------
  // Map constructs (README-openmp "Map constructs")

  /**
   * Resolves every map item var (at the start of the construct) onto the item stack; `structured`:
   * the construct is a target data or target construct (null: target enter or exit data).
   */
  protected pushMaps(maps: readonly MapItem[], structured: 'target data' | 'target' | null = null): void {
    const base = this.itemTop;
    for (let m = 0; m < maps.length; m++) {
      const item = maps[m]!;
      const code = MAP_TYPE_CODES[item.type];
      if (code === undefined) throw new Error(`unknown map type '${item.type}'`);
      let mods = 0;
      const modifiers = item.modifiers;
      // Stryker disable next-line EqualityOperator: equivalent: one step past the end ORs in MODIFIER_BITS[undefined], which adds no bit
      if (modifiers) for (let i = 0; i < modifiers.length; i++) mods |= MODIFIER_BITS[modifiers[i]!];
      for (let v = 0; v < item.vars.length; v++) {
        this.pushOrder = clauseSlot(mods, code, m, v) * ORDER_INNER;
        this.pushVar(code, mods, this.refs.get(item.vars[v]!));
      }
    }
    this.pushOrder = -1;
    if (this.refs.mappers.size > 0 && this.knobs['K-B72'] === 'combined-entry') this.pushCombinedEntries(maps);
    const words = this.knobs['K-B47'];
    if (words === 'member-word') this.pushMemberWords(base, POINTER_WORD_BYTES, NO_TYPE);
    // K-B47 `descriptor` (gfortran 12): the member's whole storage, its descriptor, joins the
    // struct's group; a target construct looks its always pointer up first (K-B42), and target
    // data lists it after the always pointer of a from item.
    else if (words === 'descriptor' && structured !== 'target') this.pushMemberWords(base, POINTER_BYTES, structured === 'target data' ? FROM : NO_TYPE);
  }

  /**
   * K-B47 `member-word` (clang's combined entry for a struct's members): after the items from
   * `base`, an `alloc` item for the pointer word of each pointer member (not a plain pointer) that
   * an item names through its section; the member item's present modifier passes to it. (A word
   * another item of the construct covers joins that item's storage block, or finds the entry it
   * made and counted: nothing changes.) `descriptor`: `bytes` of the member, its whole storage,
   * for every item but those of map type `skip` (NO_TYPE, which no item has: every item).
   */
  protected pushMemberWords(base: number, bytes: number, skip: number): void {
    const it = this.items;
    const top = this.itemTop;
    for (let i = base; i < top; i++) {
      const at = i * ITEM_FIELDS;
      const r = this.itemRefs[i]!;
      if ((it[I_FLAGS + at]! & ITEM_MEMBER) === 0 || this.refs.plain.has(r.root) || it[I_TYPE + at] === skip) continue;
      const member = it[I_MEMBER + at]!;
      this.pushRecord(ALLOC, it[I_MODS + at]! & MOD_PRESENT, member, member + bytes, (it[I_FLAGS + at]! & ITEM_VIA_MAPPER) !== 0 ? ITEM_MAPPER_STRUCT : 0, 0, r);
    }
  }

  /**
   * K-B72 `combined-entry` (clang groups the items of one struct into an entry list headed by an
   * entry spanning the struct): for each struct with a default mapper that a clause names beside
   * one of its members, an alloc item for the struct's storage, without the mapper, counted (on
   * exit alloc releases), with the present modifier when a clause of the group has it.
   */
  protected pushCombinedEntries(maps: readonly MapItem[]): void {
    for (const item of maps)
      for (const v of item.vars) {
        const r = this.refs.get(v);
        if (this.mapperOf(r) === undefined) continue;
        let member = false;
        let mods = 0;
        for (const other of maps) {
          let inGroup = false;
          for (const w of other.vars) {
            const o = this.refs.get(w);
            if (o.root !== r.root) continue;
            inGroup = true;
            if (o.text !== r.root) member = true;
          }
          if (inGroup && other.modifiers?.includes('present') === true) mods = MOD_PRESENT;
        }
        // (a struct named twice gets two such items, which one construct counts once)
        if (member) this.pushItem(ALLOC, mods, r);
      }
  }

  /** The default mapper of `r` when it is a whole struct that has one (declare mapper, OpenMP 6.0 §7.9.10). */
  protected mapperOf(r: CompiledRef): MapperDecl | undefined {
    return r.kind === REF_STRUCT && this.refs.mappers.size > 0 ? this.refs.mappers.get(r.text) : undefined;
  }

  /**
   * One list item of a map clause: a struct whose type has a default mapper pushes the mapper's
   * items, in their order, with the clause's modifiers and the decayed map type (README-openmp
   * "declare mapper"); anything else is one item.
   */
  protected pushVar(code: number, mods: number, r: CompiledRef): void {
    const mapper = this.mapperOf(r);
    if (mapper === undefined) return this.pushItem(code, mods, r);
    const row = DECAY[code]!;
    // K-B65: whether the present modifier of a map clause reaches the mapper's pointee items
    // (`propagated`), only its items in the struct's storage (`struct-storage`), or none.
    const reading = this.knobs['K-B65'];
    const pointeeMods = reading === 'propagated' ? mods : mods & ~MOD_PRESENT;
    const structMods = reading === 'dropped' || reading === 'motion-only' ? pointeeMods : mods;
    const outer = this.pushOrder;
    for (let j = 0; j < mapper.maps.length; j++) {
      const clause = mapper.maps[j]!;
      const decayed = row[MAP_TYPE_CODES[clause.type]]!;
      for (let w = 0; w < clause.vars.length; w++) {
        const first = this.itemTop;
        const item = this.refs.get(clause.vars[w]!);
        this.pushOrder = outer + clauseSlot(0, MAP_TYPE_CODES[clause.type]!, j, w);
        this.pushItem(decayed, item.kind === REF_MEMBER ? pointeeMods : structMods, item);
        // K-B64: the mapper's item naming the struct; its other items (of which a pointer item's
        // K-B47 word is the struct's storage too, pushMemberWords).
        const mark = item.kind === REF_STRUCT ? ITEM_MAPPER_STRUCT : ITEM_VIA_MAPPER;
        // Stryker disable next-line EqualityOperator: equivalent: one step past the last record ORs the mark into the flags of the next one, which pushRecord writes before anything reads them
        for (let i = first; i < this.itemTop; i++) this.items[I_FLAGS + i * ITEM_FIELDS] = this.items[I_FLAGS + i * ITEM_FIELDS]! | mark;
      }
    }
    this.pushOrder = outer;
  }

  /** Whether a construct maps through a default mapper: a list item of its clauses, or one of `implicitRoots`, the variables a kernel maps implicitly (K-B43). */
  protected usesMapper(lists: readonly MapItem[], implicitRoots: readonly CompiledRef[]): boolean {
    if (this.refs.mappers.size === 0) return false;
    for (const m of lists) for (const v of m.vars) if (this.mapperOf(this.refs.get(v)) !== undefined) return true;
    return implicitRoots.some((r) => this.mapperOf(r) !== undefined);
  }

  protected pushItem(code: number, mods: number, r: CompiledRef): void {
    let start = r.start;
    // K-A71 `column-span` (gfortran): some rows of one column name the whole column from the first.
    let end = this.refs.directiveEnd(r, r.end, this.knobs);
    let member = 0;
    let flags = r.kind === REF_STRUCT ? ITEM_STRUCT : 0;
    if (r.kind === REF_MEMBER) {
      // c%p stands for its current host target; null maps nothing but is still c's item.
      const img = this.host.image;
      const off = this.host.offset(r.start);
      if (ptrIndeterminate(img, off)) undefinedBehaviour(`${r.text} has an indeterminate host value`);
      start = ptrBase(img, off);
      // Stryker disable next-line EqualityOperator: equivalent: no pointer holds DEVICE_BASE itself (the first device block starts a red zone above it, and a member section's bias is at most 63 elements, 252 bytes, less than the red zone)
      if (start >= DEVICE_BASE) undefinedBehaviour(`${r.text} holds a device address on the host`);
      end = start + ptrCount(img, off) * ELEMENT_BYTES;
      member = r.start;
      flags = ITEM_MEMBER | (start === 0 ? ITEM_NULL : 0);
      const section = r.section;
      if (section !== undefined) {
        // c%p(2:5): elements 2..5 of the current target, counted from the pointer's lower bound (a
        // disassociated pointer has none).
        if (start === 0) undefinedBehaviour(`${r.text} is a section of a disassociated pointer`);
        const lbound = ptrLowerBound(img, off);
        if (section[0] < lbound || (section[1] - lbound + 1) * ELEMENT_BYTES > end - start) undefinedBehaviour(`${r.text} runs past the end of its pointer's target`);
        end = start + (section[1] - lbound + 1) * ELEMENT_BYTES;
        start += (section[0] - lbound) * ELEMENT_BYTES;
      }
    }
    if (this.descriptorArray(r)) flags |= ITEM_DESCRIPTOR;
    this.pushRecord(code, mods, start, end, flags, member, r);
  }

  /**
   * K-B55 `descriptor` (gfortran 12 with mapcheck's Fortran arrays): whether `r` names an array
   * that has a descriptor, a pointer array (neither a scalar, a struct's field nor an array a
   * declare target made static).
   */
  protected descriptorArray(r: CompiledRef): boolean {
    if (this.knobs['K-B55'] !== 'descriptor' || r.kind !== REF_ARRAY) return false;
    return this.refs.object(r.root).kind === 'array' && !this.scalars.has(r.root) && !this.staticArrays.has(r.root);
  }

  /** K-B55 `descriptor`: the key of array `root`'s descriptor on device d. */
  private descriptorKey(d: number, root: string): number {
    return d * this.objStart.length + this.objectAt(this.refs.object(root).start);
  }

  /** K-B55 `descriptor`: one more map of the descriptor of every item from `base` that names its array. */
  protected enterDescriptors(base: number, d: number): void {
    for (let i = base; i < this.itemTop; i++) {
      if ((this.items[i * ITEM_FIELDS + I_FLAGS]! & ITEM_DESCRIPTOR) === 0) continue;
      const key = this.descriptorKey(d, this.itemRefs[i]!.root);
      this.descriptors.set(key, (this.descriptors.get(key) ?? 0) + 1);
    }
  }

  /** K-B55 `descriptor`: the items from `base` give their descriptor maps back; a delete item every one. */
  protected exitDescriptors(base: number, d: number): void {
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((this.items[at + I_FLAGS]! & ITEM_DESCRIPTOR) === 0) continue;
      const key = this.descriptorKey(d, this.itemRefs[i]!.root);
      const left = this.items[at + I_TYPE] === DELETE ? 0 : (this.descriptors.get(key) ?? 0) - 1;
      if (left > 0) this.descriptors.set(key, left);
      else this.descriptors.delete(key);
    }
  }

  /** Appends one item record (fields in order, so the array grows by appending and stays packed). */
  protected pushRecord(code: number, mods: number, start: number, end: number, flags: number, member: number, r: CompiledRef): void {
    // In index order, so a new record is appended.
    const at = this.itemTop * ITEM_FIELDS;
    const it = this.items;
    // Stryker disable next-line ArithmeticOperator: equivalent: I_TYPE is field 0
    it[at + I_TYPE] = code;
    it[at + I_MODS] = mods;
    it[at + I_START] = start;
    it[at + I_END] = end;
    it[at + I_FLAGS] = flags;
    it[at + I_MEMBER] = member;
    // Stryker disable next-line UnaryOperator: equivalent: storageBlocks gives every item its group before any reader
    it[at + I_GROUP] = -1;
    this.itemRefs[this.itemTop] = r;
    this.itemOrder[this.itemTop] = this.pushOrder;
    this.dropItems(this.itemTop + 1);
  }

  /**
   * Drops the records from `top` on. The record at the new top is cleared (no map type, no flags),
   * so a loop over the records that reads one past the last meets no item rather than one an
   * earlier construct left there.
   */
  protected dropItems(top: number): void {
    this.itemTop = top;
    const at = top * ITEM_FIELDS;
    // Stryker disable next-line ArithmeticOperator: equivalent: I_TYPE is field 0
    this.items[at + I_TYPE] = NO_TYPE;
    this.items[at + I_FLAGS] = 0;
  }

  /**
   * K-B16: groups the non-null items from `base` into storage blocks (`storage-block`: items in
   * the same host object share one block spanning all of them; `list-item`: one block per item),
   * numbered in order of first appearance. Returns the number of blocks.
   */
  protected storageBlocks(base: number): number {
    const perObject = this.knobs['K-B16'] === 'storage-block';
    // K-B16 `struct-block` (libgomp): a block per struct element; an array's items stay apart.
    const perElement = this.knobs['K-B16'] === 'struct-block';
    const it = this.items;
    let count = 0;
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      // a null item keeps group -1 (pushItem): it maps nothing
      if ((it[I_FLAGS + at]! & ITEM_NULL) !== 0) continue;
      const start = it[I_START + at]!;
      const end = it[I_END + at]!;
      // Stryker disable next-line ArithmeticOperator,UnaryOperator: equivalent: list-item only needs a key per item that no other item of the construct has
      // A zero-length section covers no byte of its object: it is a block of its own.
      const key = start === end ? -1 - i : perObject ? this.objectAt(start) : perElement ? this.elementKey(start, end, i) : -1 - i;
      let g = 0;
      while (g < count && this.gKey[g] !== key) g++;
      if (g === count) {
        // Stryker disable all: equivalent: capacity only (grown at least doubles, so a mutant growing early or by less still has room)
        if (count >= this.gKey.length) {
          this.gStart = grown(this.gStart, count + 1);
          this.gEnd = grown(this.gEnd, count + 1);
          this.gKey = grown(this.gKey, count + 1);
          this.gFlags = grown(this.gFlags, count + 1);
        }
        // Stryker restore all
        this.gKey[g] = key;
        this.gStart[g] = start;
        this.gEnd[g] = end;
        this.gFlags[g] = 0;
        count++;
      } else {
        // Stryker disable next-line EqualityOperator: equivalent: on equal bounds the assignment changes nothing
        if (start < this.gStart[g]!) this.gStart[g] = start;
        // Stryker disable next-line EqualityOperator: equivalent: as above
        if (end > this.gEnd[g]!) this.gEnd[g] = end;
      }
      const mods = it[I_MODS + at]!;
      let flags = this.gFlags[g]!;
      if ((it[I_FLAGS + at]! & ITEM_IMPLICIT) === 0) flags |= BLOCK_EXPLICIT;
      if ((mods & MOD_PRESENT) !== 0) flags |= BLOCK_PRESENT;
      if ((mods & MOD_DELETE) !== 0 || it[I_TYPE + at] === DELETE) flags |= BLOCK_DELETE;
      if ((mods & MOD_CLOSE) !== 0) flags |= BLOCK_CLOSE;
      if ((it[I_FLAGS + at]! & ITEM_MAPPER_STRUCT) === 0) flags |= BLOCK_COUNTED;
      this.gFlags[g] = flags;
      it[I_GROUP + at] = g;
    }
    return count;
  }

  /**
   * K-B64 `uncounted` (libomptarget 16 hands a mapper's components over with FromMapper set:
   * neither the struct's combined entry nor its own component updates the count): storage block g
   * holds only the struct's storage as its declare mapper maps it.
   */
  private uncounted(g: number): boolean {
    return (this.gFlags[g]! & BLOCK_COUNTED) === 0 && this.knobs['K-B64'] === 'uncounted';
  }

  /**
   * K-B16 `struct-block`: a key shared by the items inside one struct element (its host start), or
   * `-1 - i`, item i's own, for an item in an array or over two elements of an array of structs.
   */
  private elementKey(start: number, end: number, i: number): number {
    const o = this.objectAt(start);
    // Stryker disable next-line ArithmeticOperator,UnaryOperator: equivalent: any key of item i's own that no struct element's start (an address) can be
    if (this.objIsStruct[o] === 0) return -1 - i;
    const first = this.holderStart(start);
    // Stryker disable next-line ArithmeticOperator,UnaryOperator: equivalent: as above
    return end - first <= this.objStride[o]! ? first : -1 - i;
  }

  /**
   * K-B59 `zero-size-key`: storage block g, a zero-length section at p that no entry holds strictly
   * inside: the key at p takes one more reference (once per construct), a key elsewhere stops the
   * program, and with none a key [p, p) is made.
   */
  private zeroKeyEntry(d: number, g: number, p: number, epoch: number): void {
    const key = this.latestZeroKey(d);
    if (key !== null && key.addr !== p) runtimeError('fatal_partial_map', `the zero-length section at 0x${p.toString(16)} meets the key at 0x${key.addr.toString(16)} on device ${d} (already mapped)`);
    if (key === null && (this.gFlags[g]! & BLOCK_PRESENT) !== 0) runtimeError('omp_error_not_present', `the zero-length section at 0x${p.toString(16)} is not present on device ${d} (present modifier)`);
    const k = key ?? this.newZeroKey(d, p);
    if (k.epoch !== epoch) {
      k.epoch = epoch;
      k.rc += 1;
    }
  }

  private newZeroKey(d: number, p: number): ZeroKey {
    const k: ZeroKey = { device: d, addr: p, rc: 0, epoch: 0 };
    this.zeroKeys.push(k);
    return k;
  }

  /**
   * K-B70 `struct-group` (libgomp's GOMP_MAP_STRUCT, README-openmp "Struct groups"): the items whose
   * storage is part of one single struct (not all of it) form a group, looked up from the struct's
   * first byte to the last member's end; when an entry meets it, every member must be present.
   */
  private structGroups(base: number, d: number): void {
    const it = this.items;
    // Stryker disable next-line ArrayDeclaration: equivalent: a string element names no object, whose lookup finds nothing
    const members: { o: number; start: number; end: number }[] = [];
    const ends = new Map<number, number>();
    // Stryker disable next-line EqualityOperator: equivalent: the slot past the last item holds zeros, an address in no object
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      const start = it[I_START + at]!;
      const end = it[I_END + at]!;
      const o = this.objectAt(start);
      // (A member's storage is never empty: the language has no zero-length section of a non-pointer member.)
      if (this.objSingleStruct[o] !== 1 || (start === this.objStart[o] && end === this.objEnd[o])) continue;
      members.push({ o, start, end });
      ends.set(o, Math.max(ends.get(o) ?? end, end));
    }
    for (const m of members)
      if (this.lookup(d, this.objStart[m.o]!, ends.get(m.o)!) !== ABSENT && this.lookup(d, m.start, m.end) < 0)
        runtimeError('fatal_partial_map', `[0x${m.start.toString(16)}, 0x${m.end.toString(16)}): part of its struct is mapped on device ${d}, and this member was not mapped with the others (GOMP_MAP_STRUCT)`);
  }

  /**
   * A clause with the present modifier takes effect before the others (OpenMP 5.1 §2.21.7.1): each
   * such block that is absent as the construct finds it stops the program, whatever an earlier
   * item of the same variable would map (K-B16 `list-item`, `struct-block`). Partly present
   * storage is left to the entry loop (K-B52).
   */
  private presentFirst(base: number, d: number, blocks: number): void {
    for (let g = 0; g < blocks; g++) {
      const flags = this.gFlags[g]!;
      if ((flags & BLOCK_PRESENT) === 0) continue;
      const lo = this.gStart[g]!;
      const hi = this.gEnd[g]!;
      if (lo === hi || this.lookup(d, lo, hi) !== ABSENT) continue;
      if (this.knobs['K-B66'] === 'self-present' && this.selfMap(d, (flags & BLOCK_CLOSE) !== 0)) continue;
      runtimeError('omp_error_not_present', `${this.blockName(base, g)} is not present on device ${d} (present modifier)`);
    }
  }

  /**
   * Entry of the items from `base` on device d: per storage block, then pointer attachment.
   * `structured`: a target or target data construct (K-B42).
   */
  protected mapEntry(base: number, d: number, structured: 'target' | 'target data' | null = null): void {
    // On the host the original storage is the device storage: maps do nothing.
    if (d === this.n) return;
    const epoch = ++this.epoch;
    const blocks = this.storageBlocks(base);
    const s = this.slots;
    const it = this.items;
    const zeroSize = this.knobs['K-B59'] === 'zero-size-key';
    this.presentFirst(base, d, blocks);
    if (this.knobs['K-B70'] === 'struct-group' && this.shared[d] === 0) this.structGroups(base, d);
    for (let g = 0; g < blocks; g++) {
      const lo = this.gStart[g]!;
      const hi = this.gEnd[g]!;
      let slot = this.lookup(d, lo, hi);
      // K-B59 `zero-size-key`: [p, p) matches an entry holding p strictly inside, else a key.
      if (lo === hi && zeroSize) {
        // Stryker disable next-line ConditionalExpression: equivalent: hostStart of a negative slot is undefined
        if (slot >= 0 && s.hostStart[slot] === lo) slot = ABSENT;
        if (slot < 0) {
          this.zeroKeyEntry(d, g, lo, epoch);
          continue;
        }
      }
      // K-B52 `partial-map` (libgomp): partly present data meets the partial-map check (K-B5) first;
      // K-B66 `self-present` (LLVM): an absent block that becomes a self map (K-B8) passes.
      if (slot < 0 && (this.gFlags[g]! & BLOCK_PRESENT) !== 0 && (slot === ABSENT || this.knobs['K-B52'] === 'present-error'))
        if (!(slot === ABSENT && this.knobs['K-B66'] === 'self-present' && this.selfMap(d, (this.gFlags[g]! & BLOCK_CLOSE) !== 0)))
          runtimeError('omp_error_not_present', `${this.blockName(base, g)} is not present on device ${d} (present modifier)`);
      if (slot === PARTLY) {
        if ((this.gFlags[g]! & BLOCK_EXPLICIT) === 0) {
          this.enterOverlapping(d, g, epoch);
          continue;
        }
        if (this.knobs['K-B5'] === 'error') runtimeError('fatal_partial_map', `${this.blockName(base, g)} is partly present on device ${d}`);
        undefinedBehaviour(`${this.blockName(base, g)} is partly present on device ${d} (a map restriction is broken)`);
      }
      if (slot === ABSENT) {
        // A zero-length section without storage gets none (OpenMP 6.0 §7.9.6).
        if (lo === hi) continue;
        // K-B59: the lookup of a range holding a zero-length key strictly inside finds that key.
        if (zeroSize && this.zeroKeys.some((k) => k.device === d && lo < k.addr && k.addr < hi))
          runtimeError('fatal_partial_map', `${this.blockName(base, g)} holds a zero-length key on device ${d} (already mapped)`);
        slot = this.createMapEntry(d, lo, hi, epoch, (this.gFlags[g]! & BLOCK_CLOSE) !== 0);
      }
      if (s.adjusted[slot] !== epoch) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = s.rc[slot]!;
        // K-B64 `uncounted`: a mapper's struct storage gets its count of 1 when new, and no more.
        if (s.rc[slot] !== INFINITE_RC_CODE && (s.rc[slot] === 0 || !this.uncounted(g))) s.rc[slot] = s.rc[slot]! + 1;
      }
      // Step 5 tests the count as it is now.
      const rcIsOne = s.rc[slot] === 1;
      // Stryker disable next-line ConditionalExpression: equivalent: a copy to self storage copies host cells onto themselves
      if (s.block[slot] === 0) continue; // self storage: nothing to copy
      for (let i = base; i < this.itemTop; i++) {
        const at = i * ITEM_FIELDS;
        if (it[I_GROUP + at] !== g) continue;
        const type = it[I_TYPE + at]!;
        if ((type === TO || type === TOFROM) && (rcIsOne || (it[I_MODS + at]! & MOD_ALWAYS) !== 0))
          this.copyToDevice(slot, it[I_START + at]!, it[I_END + at]!);
      }
    }
    // K-B45 (README-openmp "Plain pointer sections"): `pointer-and-object` / `pointer-word` (clang's
    // PTR_AND_OBJ entry for a section of a pointer with static storage): each section item of a
    // plain pointer also maps the pointer variable, created without a copy when absent, one more
    // reference per item (never given back at exit).
    if (this.refs.plain.size > 0 && this.knobs['K-B45'] !== 'attach-only') this.mapPlainPointers(base, d, epoch);
    // K-B42 `abort` (gfortran 12's GOMP_MAP_ALWAYS_POINTER): a c%p item (without the always
    // modifier) of a structured construct whose struct is not mapped stops the program, null or not;
    // on target data only a from item (gfortran maps the struct's descriptor first for the others).
    if (structured && this.knobs['K-B42'] === 'abort')
      // Stryker disable next-line EqualityOperator: equivalent: one step past the last record reads the cleared record (dropItems), whose flags hold no ITEM_MEMBER bit, so the item is skipped
      for (let i = base; i < this.itemTop; i++) {
        const at = i * ITEM_FIELDS;
        if ((it[I_FLAGS + at]! & ITEM_MEMBER) === 0 || (it[I_MODS + at]! & MOD_ALWAYS) !== 0) continue;
        if (structured === 'target data' && it[I_TYPE + at] !== FROM) continue;
        if (this.pointerHolder(d, it[I_MEMBER + at]!) < 0)
          runtimeError('fatal_lowering', `${this.itemRefs[i]!.text}: its struct is not mapped on device ${d} (always pointer not mapped)`);
      }
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      // Stryker disable next-line ConditionalExpression: equivalent: attach finds no struct entry for an item that is no pointer member (member address 0) and no target entry for a null one
      if ((it[I_FLAGS + at]! & (ITEM_MEMBER | ITEM_NULL)) === ITEM_MEMBER) this.attach(d, i, epoch);
    }
    // K-B7 `always` (gfortran 12's GOMP_MAP_ALWAYS_POINTER, written on every map from the data item
    // before it, which a disassociated pointer leaves without an address): on a structured
    // construct a null pointer's corresponding pointer becomes null and is no longer attached.
    if (structured && this.knobs['K-B7'] === 'always')
      this.memberWords(base, d, ITEM_MEMBER | ITEM_NULL, (member) => {
        writePtr(this.wImg!, this.wFirst << 2, 0, 0);
        this.attached.delete(attachKey(d, member));
      });
    if (this.knobs['K-B67'] === 'clause-order') this.copiesAfterAttachment(base, d);
    // K-B60 `garbage` (gfortran 12, libgomp 12): target enter data maps a component's always-pointer
    // item on its own, which writes a value that is no device address into the corresponding
    // descriptor's address word (where the struct has storage of its own on d).
    if (structured === null && this.knobs['K-B60'] === 'garbage')
      this.memberWords(base, d, ITEM_MEMBER, () => this.wImg!.words.fill(INDETERMINATE, this.wFirst, this.wFirst + (POINTER_BYTES >> 2)));
  }

  /**
   * For every item from `base` that names a pointer member, null (`flags` ITEM_MEMBER | ITEM_NULL)
   * or not (ITEM_MEMBER), whose struct has storage of its own on device d: `write(member)` with the
   * pointer's device words in wImg / wFirst.
   */
  private memberWords(base: number, d: number, flags: number, write: (member: number) => void): void {
    const it = this.items;
    // Stryker disable next-line EqualityOperator: equivalent: one step past the last record reads the cleared record (dropItems), whose flags hold no ITEM_MEMBER bit, so the item is skipped
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & (ITEM_MEMBER | ITEM_NULL)) !== flags) continue;
      const member = it[I_MEMBER + at]!;
      const holder = this.pointerHolder(d, member);
      if (holder < 0 || this.slots.block[holder] === 0) continue;
      this.storageWords(holder, member);
      write(member);
    }
  }

  /**
   * K-B67 `clause-order` (clang 16 orders a struct's present clauses, then its alloc clauses, then
   * the rest, and libomptarget 16 writes each entry as it meets it): an item that copied a struct
   * to device d on this construct (count 1, or always) after an item of one of its pointer members
   * writes that pointer word's host value back over the attachment.
   */
  protected copiesAfterAttachment(base: number, d: number): void {
    const it = this.items;
    const order = this.itemOrder;
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      const type = it[I_TYPE + at];
      // (a pointer member's item maps its target, which holds no pointer word of a struct)
      if (type !== TO && type !== TOFROM) continue;
      const lo = it[I_START + at]!;
      const hi = it[I_END + at]!;
      for (let j = base; j < this.itemTop; j++) {
        // Only the pointer member items before it: an item that is none holds member 0, in no
        // struct; a null member's word holds the host null already.
        const word = it[I_MEMBER + j * ITEM_FIELDS]!;
        // Stryker disable next-line EqualityOperator,ArithmeticOperator: equivalent: an item shares its place with none but itself, whose member 0 lies in no struct; and no item that copies ends inside a pointer word (a struct's words come first in its storage, and arrays, fields and K-B63's words end elsewhere or have no place)
        if (order[j]! >= order[i]! || word < lo || word + POINTER_BYTES > hi) continue;
        // The struct's storage was mapped by this construct; self storage (K-B8) takes no copy.
        const slot = this.pointerHolder(d, word);
        if (this.slots.rc[slot] !== 1 && (it[I_MODS + at]! & MOD_ALWAYS) === 0) continue;
        this.copyToDevice(slot, word, word + POINTER_BYTES);
      }
    }
  }

  /** K-B45: the plain pointer variable of every non-null section item from `base` gets a reference on device d. */
  protected mapPlainPointers(base: number, d: number, epoch: number): void {
    const s = this.slots;
    const it = this.items;
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & (ITEM_MEMBER | ITEM_NULL)) !== ITEM_MEMBER || !this.refs.plain.has(this.itemRefs[i]!.root)) continue;
      const c = this.holderStart(it[I_MEMBER + at]!);
      const hi = c + this.objStride[this.objectAt(c)]!;
      let slot = this.lookup(d, c, hi);
      // Partly present: a broken restriction; the pointer's own entry stays as it is.
      // Stryker disable next-line ConditionalExpression: equivalent: unreachable, a plain pointer's storage is one pointer, which a map covers whole or not at all
      if (slot === PARTLY) continue;
      if (slot === ABSENT) slot = this.createMapEntry(d, c, hi, epoch, (it[I_MODS + at]! & MOD_CLOSE) !== 0);
      // Stryker disable next-line ConditionalExpression: equivalent: unreachable, a plain pointer's entry never has an infinite count (declare target and omp_target_associate_ptr take arrays only)
      if (s.rc[slot] !== INFINITE_RC_CODE) s.rc[slot] = s.rc[slot]! + 1;
    }
  }

  /** Exit of the items from `base` on device d (exit data when `exitData`, else a region's end). */
  /**
   * K-B53 `abort` (gfortran 12 lowers a pointer component's descriptor in exit data with a kind
   * libgomp 12's gomp_exit_data has no case for): a from item naming a whole pointer member stops
   * the program, null or not (kind 0x00), and so does any item naming a section of one (kind 0x01).
   */
  protected exitPointerMember(base: number): void {
    const it = this.items;
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & ITEM_MEMBER) === 0) continue;
      const r = this.itemRefs[i]!;
      if (r.section !== undefined) runtimeError('fatal_lowering', `${r.text}: exit data of a section of a pointer component (unhandled kind 0x01)`);
      if (it[I_TYPE + at] === FROM) runtimeError('fatal_lowering', `${r.text}: exit data from a pointer component (unhandled kind 0x00)`);
    }
  }

  protected mapExit(base: number, d: number, exitData: boolean): void {
    if (d === this.n) return;
    if (this.knobs['K-B7'] === 'counted') this.detachCounted(base, d, exitData);
    const epoch = ++this.epoch;
    const blocks = this.storageBlocks(base);
    const s = this.slots;
    const it = this.items;
    // Entries brought to zero go after the last block (libgomp's remove_vars, LLVM's deallocation
    // after the transfers), also when a later block stops the program.
    const earlier = this.knobs['K-B50'] === 'earlier';
    const zeroSize = this.knobs['K-B59'] === 'zero-size-key';
    let zeroed = 0;
    let keys: ZeroKey[] | null = null;
    try {
      for (let g = 0; g < blocks; g++) {
        let slot = this.lookup(d, this.gStart[g]!, this.gEnd[g]!);
        // K-B59 `zero-size-key`: [p, p) finds an entry holding p strictly inside, else any key.
        if (zeroSize && this.gStart[g] === this.gEnd[g]) {
          // Stryker disable next-line ConditionalExpression: equivalent: hostStart of a negative slot is undefined
          if (slot >= 0 && s.hostStart[slot] === this.gStart[g]) slot = ABSENT;
          const key = slot < 0 ? this.latestZeroKey(d) : null;
          if (key !== null && key.epoch !== epoch) {
            key.epoch = epoch;
            key.rc = (this.gFlags[g]! & BLOCK_DELETE) !== 0 ? 0 : key.rc - 1;
            // Stryker disable next-line ArrayDeclaration: equivalent: the list is only asked whether it includes a key
            if (key.rc === 0) (keys ??= []).push(key);
          }
          if (key !== null) continue;
        }
        if (slot === PARTLY && (this.gFlags[g]! & BLOCK_EXPLICIT) === 0) {
          this.exitOverlapping(d, g, epoch);
          continue;
        }
        // K-B51 `overlapping-entry` (libgomp's splay_tree_lookup): exit data of a partly present
        // block acts on the oldest entry it overlaps; `skip` (LLVM's MustContain) ignores it.
        const found = slot === PARTLY && exitData && this.knobs['K-B51'] === 'overlapping-entry';
        if (found) slot = this.oldestOverlapping(d, g);
        if (slot < 0) {
          // K-B6: the present modifier on exit data is checked here (absent data only).
          if (slot === ABSENT && exitData && (this.gFlags[g]! & BLOCK_PRESENT) !== 0 && this.knobs['K-B6'] === 'error')
            runtimeError('omp_error_not_present', `${this.blockName(base, g)} is not present on device ${d} (present modifier)`);
          continue;
        }
        const rc = s.rc[slot]!;
        const adjusted = s.adjusted[slot] === epoch;
        const deletes = (this.gFlags[g]! & BLOCK_DELETE) !== 0;
        // Stryker disable next-line ConditionalExpression: equivalent: a copy back from self storage copies host cells onto themselves
        if (s.block[slot] !== 0) {
          // Step 1 tests the count from before this construct first changed it, and the item's own
          // always / delete modifiers.
          // K-B50: another item's delete of the block copies too, wherever it stands (`block`, LLVM
          // offload) or once it has been met in list order (`earlier`, libgomp).
          const reading = this.knobs['K-B50'];
          // K-B50 `earlier` (libgomp's do_copy): a count an earlier block of this construct brought to 0 copies too.
          let copies = (adjusted ? s.rcBefore[slot] : rc) === 1 || (deletes && reading === 'block') || (earlier && rc === 0);
          for (let i = base; i < this.itemTop; i++) {
            const at = i * ITEM_FIELDS;
            if (it[I_GROUP + at] !== g) continue;
            const type = it[I_TYPE + at]!;
            if (type === DELETE || (it[I_MODS + at]! & MOD_DELETE) !== 0) copies ||= reading === 'earlier';
            if (type !== FROM && type !== TOFROM) continue;
            if (!copies && (it[I_MODS + at]! & (MOD_ALWAYS | MOD_DELETE)) === 0) continue;
            if (found) {
              const lo = it[I_START + at]!;
              const hi = it[I_END + at]!;
              // an item beside the entry has nothing in it; one reaching out of it copies device bytes outside it
              if (hi <= s.hostStart[slot]! || lo >= s.hostEnd[slot]!) continue;
              if (lo < s.hostStart[slot]! || hi > s.hostEnd[slot]!)
                undefinedBehaviour(`copying ${this.itemRefs[i]!.text} back would read device memory outside the entry it overlaps`);
            }
            if ((it[I_FLAGS + at]! & ITEM_STRUCT) !== 0) this.copyStructToHost(d, slot, it[I_START + at]!, it[I_END + at]!);
            else this.copyToHost(slot, it[I_START + at]!, it[I_END + at]!);
          }
        }
        // Steps 2 and 3: delete zeroes, anything else decrements; both at most once per construct.
        if (!adjusted && rc !== INFINITE_RC_CODE) {
          s.adjusted[slot] = epoch;
          s.rcBefore[slot] = rc;
          // K-B64 `uncounted`: a map through the mapper never moves its struct storage's count.
          if (this.uncounted(g)) continue;
          s.rc[slot] = deletes ? 0 : rc - 1;
          if (s.rc[slot] === 0) {
            // Stryker disable next-line all: equivalent: capacity only (grown at least doubles)
            if (zeroed >= this.zeroedSlots.length) this.zeroedSlots = grown(this.zeroedSlots, zeroed + 1);
            this.zeroedSlots[zeroed++] = slot;
          }
        }
      }
    } finally {
      for (let k = 0; k < zeroed; k++) this.removeEntry(this.zeroedSlots[k]!, true);
      if (keys !== null) this.zeroKeys = this.zeroKeys.filter((k) => !keys!.includes(k));
    }
  }

  /**
   * The item of implicit storage block g: the last item of block g (a kernel of several variables
   * has an implicit map for each, lang/README.md "Copy kernels", "Kernels of several statements"):
   * the implicit maps come after every explicit item, so searching down from the top meets it
   * before any item of an earlier construct.
   */
  private implicitItem(g: number): number {
    let i = this.itemTop - 1;
    while (this.items[I_GROUP + i * ITEM_FIELDS] !== g) i--;
    return i;
  }

  /** The entry of device d created first among those sharing a byte with storage block g. */
  protected oldestOverlapping(d: number, g: number): number {
    this.gatherOverlapping(d, g);
    let oldest = this.overlapSlots[0]!;
    for (let k = 1; k < this.overlapCount; k++) if (this.slots.seq[this.overlapSlots[k]!]! < this.slots.seq[oldest]!) oldest = this.overlapSlots[k]!;
    return oldest;
  }

  /** Gathers into overlapSlots the entries of device d sharing a byte with storage block g. */
  protected gatherOverlapping(d: number, g: number): void {
    this.overlapCount = 0;
    this.trees[d]!.overlapping(this.gStart[g]!, this.gEnd[g]!, this.collectOverlap);
  }

  /**
   * Entry of the implicit map's block g on partly present data (6.0 §7.9.3, §7.9.6): only the
   * parts that already have storage get it. Every overlapping entry is used as it is: its count
   * moves once, and the `tofrom` copy (count now 1: an entry an explicit block of this construct
   * created) fills the part of the item inside it. The block's one item is an implicit map, among
   * the last items (a block with an explicit item is no implicit block).
   */
  protected enterOverlapping(d: number, g: number, epoch: number): void {
    const s = this.slots;
    const at = this.implicitItem(g) * ITEM_FIELDS;
    const start = this.items[I_START + at]!;
    const end = this.items[I_END + at]!;
    this.implicitPartial.push(this.objectAt(start));
    this.gatherOverlapping(d, g);
    for (let k = 0; k < this.overlapCount; k++) {
      const slot = this.overlapSlots[k]!;
      if (s.adjusted[slot] !== epoch) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = s.rc[slot]!;
        // Stryker disable next-line ConditionalExpression: equivalent: an infinite count (-1) raised to 0 here goes back to -1 in exitOverlapping, and neither 0 nor -1 is the 1 that copies
        if (s.rc[slot] !== INFINITE_RC_CODE) s.rc[slot] = s.rc[slot]! + 1;
      }
      if (s.block[slot] !== 0 && s.rc[slot] === 1) this.copyOverlap(slot, start, end);
    }
  }

  /**
   * Exit of the implicit map's block g on partly present data: each overlapping entry gives back
   * this construct's reference once. An entry this construct's explicit block released first
   * (one it created, count 1 before the exit: released, not yet removed) is at its last reference,
   * so the implicit item's part of it is copied back; an entry that existed before the construct
   * had a count >= 1, which the entry phase raised to >= 2, so no release here reaches 0 (a target
   * construct's exit moves each count once, by one: K-B50's delete cases cannot arise).
   */
  protected exitOverlapping(d: number, g: number, epoch: number): void {
    const s = this.slots;
    const at = this.implicitItem(g) * ITEM_FIELDS;
    const start = this.items[I_START + at]!;
    const end = this.items[I_END + at]!;
    this.gatherOverlapping(d, g);
    for (let k = 0; k < this.overlapCount; k++) {
      const slot = this.overlapSlots[k]!;
      const rc = s.rc[slot]!;
      if (s.adjusted[slot] === epoch) {
        // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: a copy back from self storage copies host cells onto themselves
        if (s.block[slot] === 0) continue;
        if (s.rcBefore[slot] === 1) this.copyToHost(slot, Math.max(start, s.hostStart[slot]!), Math.min(end, s.hostEnd[slot]!));
        continue;
      }
      if (rc !== INFINITE_RC_CODE) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = rc;
        s.rc[slot] = rc - 1;
      }
    }
  }


  /** Copies the part of [start, end) that lies in entry `slot` to its storage. */
  protected copyOverlap(slot: number, start: number, end: number): void {
    // Stryker disable next-line MethodExpression: equivalent: the entry (one an explicit block of the construct created) has a block of exactly its size, so cells before it fall outside the image and are dropped
    const lo = Math.max(start, this.slots.hostStart[slot]!);
    // Stryker disable next-line MethodExpression: equivalent: as above, for cells after it
    const hi = Math.min(end, this.slots.hostEnd[slot]!);
    if (lo >= hi) return;
    this.copyToDevice(slot, lo, hi);
  }

  /**
   * A program-scope declare target (OpenMP 6.0 §9.9.1): every `enter` array (§7.9.7) gets, on every
   * device, storage holding its initial values (a new block, or `self` on a shared device under
   * K-B8) at an infinite count; `link` arrays (§7.9.8) get nothing until a map maps them.
   */
  protected ompDeclareTarget(step: OmpDeclareTarget): Observation {
    for (const clause of step.clauses) {
      // a declared scalar is mapped tofrom by a kernel that uses it unnamed, never firstprivate (6.0 §7.9.3)
      for (const v of clause.vars) if (this.scalars.has(v)) this.declaredScalars.add(v);
      for (const v of clause.vars) if (!this.scalars.has(v)) this.staticArrays.add(v);
      if (clause.clause === 'link') {
        // K-B69 `registered` (libgomp gomp_load_image_to_device): each link variable is keyed from
        // the start, its host range over its pointer slot in the image of every device with one.
        if (this.knobs['K-B69'] === 'registered')
          for (const v of clause.vars) {
            const r = this.refs.get(v);
            for (let d = 0; d < this.shared.length; d++)
              if (this.shared[d] === 0 || this.knobs['K-B8'] === 'copies') this.linkKeys.push({ device: d, start: r.start, end: r.end, block: this.newBlock(POINTER_WORD_BYTES, d, false) });
          }
        continue;
      }
      for (const v of clause.vars) {
        const r = this.refs.get(v);
        for (let d = 0; d < this.shared.length; d++) {
          if (this.trees[d]!.anyOverlap(r.start, r.end) >= 0) throw new Error(`internal: declared ${v} is mapped before program start`);
          let block = 0;
          let storage = r.start;
          if (this.shared[d] === 0 || this.knobs['K-B8'] === 'copies') {
            block = this.newBlock(r.end - r.start, d, false);
            storage = this.device.base(block);
          }
          if (this.knobs['K-B46'] === 'unregistered') {
            // K-B46 `unregistered` (clang 16, a static array: no offloading entry): the device
            // image's copy, initialised, that kernels naming the array use; no table entry.
            this.images.set(d * this.objStart.length + this.objectAt(r.start), storage);
            // Stryker disable next-line ConditionalExpression: equivalent: a copy to self storage copies host cells onto themselves
            if (block !== 0) copyWords(this.host.image.words, this.host.offset(r.start) >> 2, this.device.image(block).words, 0, (r.end - r.start) >> 2);
            continue;
          }
          const slot = this.slots.allocate(d, r.start, r.end, block, storage, INFINITE_RC_CODE, ORIGIN_DECLARE, 0);
          this.trees[d]!.insert(r.start, r.end, slot);
          // Stryker disable next-line ConditionalExpression: equivalent: a copy to self storage copies host cells onto themselves
          if (block !== 0) this.copyToDevice(slot, r.start, r.end);
        }
      }
    }
    return OK;
  }

  /**
   * A new map entry for [lo, hi) on device d with RC 0: a new block, or `self` storage (K-B8;
   * `self-unless-close`: a block with the close modifier still gets a new block).
   */
  protected createMapEntry(d: number, lo: number, hi: number, epoch: number, close: boolean): number {
    let block = 0;
    let storage = lo;
    if (!this.selfMap(d, close)) {
      const o = this.objectAt(lo);
      block = this.newBlock(hi - lo, d, false, this.objIsStruct[o] === 1 && lo < this.objPtrEnd[o]!);
      storage = this.device.base(block);
    }
    const slot = this.slots.allocate(d, lo, hi, block, storage, 0, ORIGIN_MAP, epoch);
    this.trees[d]!.insert(lo, hi, slot);
    return slot;
  }

  /** K-B8: whether a new entry on device d (`close`: its block has the close modifier) is a self map. */
  protected selfMap(d: number, close: boolean): boolean {
    const reading = this.knobs['K-B8'];
    return this.shared[d] !== 0 && reading !== 'copies' && !(reading === 'self-unless-close' && close);
  }

  protected copyToDevice(slot: number, start: number, end: number): void {
    this.storageWords(slot, start);
    copyWords(this.host.image.words, this.host.offset(start) >> 2, this.wImg!.words, this.wFirst, (end - start) >> 2);
  }

  protected copyToHost(slot: number, start: number, end: number): void {
    this.storageWords(slot, start);
    copyWords(this.wImg!.words, this.wFirst, this.host.image.words, this.host.offset(start) >> 2, (end - start) >> 2);
  }

  /**
   * A zero-length section item i (`c%p(3:2)`) whose address lies in no entry on device d, its
   * struct's entry `holder` (OpenMP 6.0 §7.9.6: no corresponding storage). K-B44 `keep`: the
   * corresponding pointer keeps its value; `fatal` (GCC 12.2 C): the program stops where the
   * attach would be; `null` (libgomp GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION):
   * it becomes null as an attachment, counted (K-B7 `counted`) or when c's storage is new (`6.0`);
   * a self-mapped pointer is the original and keeps its value.
   */
  protected zeroLengthAbsent(d: number, i: number, holder: number, epoch: number): void {
    const s = this.slots;
    if (this.knobs['K-B44'] === 'keep' || s.block[holder] === 0) return;
    const at = i * ITEM_FIELDS;
    const member = this.items[I_MEMBER + at]!;
    const key = attachKey(d, member);
    if (this.knobs['K-B7'] === 'counted') {
      this.items[I_FLAGS + at] = this.items[I_FLAGS + at]! | ITEM_COUNTED;
      const held = this.attached.get(key);
      if (held !== undefined) {
        held.count++;
        return;
      }
    } else if (this.knobs['K-B7'] === '6.0' && s.created[holder] !== epoch) return;
    // `fatal` (GCC 12.2 C): the attach finds no target.
    if (this.knobs['K-B44'] === 'fatal') runtimeError('fatal_attach_absent', `${this.itemRefs[i]!.text}: its zero-length section lies in no mapped storage on device ${d} (pointer target not mapped for attach)`);
    // `null-less-bias` (clang 16: 0 less the section's offset from the pointer's target): null only
    // for a section at the target's first element, else no address.
    const lessBias = this.knobs['K-B44'] === 'null-less-bias' && this.items[I_START + at]! !== ptrBase(this.host.image, this.host.offset(member));
    this.storageWords(holder, member);
    if (lessBias) this.wImg!.words.fill(INDETERMINATE, this.wFirst, this.wFirst + (POINTER_BYTES >> 2));
    else writePtr(this.wImg!, this.wFirst << 2, 0, 0);
    // Attached to nothing: no target entry to outlive (K-B22), still an attachment (K-B7, K-B23).
    this.attached.set(key, { holder: s.seq[holder]!, target: -1, targetLive: false, count: 1, base: 0 });
  }

  /**
   * Pointer attachment of c%p item i (non-null): when struct c and the target are present on
   * device d and (K-B7 `6.0`) one of their entries was created by this construct, c's device copy
   * of p := the device address of the target.
   */
  protected attach(d: number, i: number, epoch: number): void {
    const s = this.slots;
    const at = i * ITEM_FIELDS;
    const holder = this.pointerHolder(d, this.items[I_MEMBER + at]!);
    if (holder < 0) return;
    const start = this.items[I_START + at]!;
    const end = this.items[I_END + at]!;
    const target = this.lookup(d, start, end);
    // No entry holds the target: a zero-length section (K-B44), or an implicit map of a target only
    // part of which is mapped, which took that part's entry (a mapper's item under the implicit
    // map of its struct), so nothing is attached.
    if (target < 0) return start === end ? this.zeroLengthAbsent(d, i, holder, epoch) : undefined;
    // Self storage (block 0) is no new storage, whatever the epoch says.
    const holderSelf = s.block[holder] === 0;
    const targetSelf = s.block[target] === 0;
    const holderNew = !holderSelf && s.created[holder] === epoch;
    const targetNew = !targetSelf && s.created[target] === epoch;
    const member = this.items[I_MEMBER + at]!;
    const hostOff = this.host.offset(member);
    // The pointer's value when the construct started, when its list item was resolved (pushItem),
    // not the host word now: a self-mapped struct's corresponding pointer is the original, which an
    // earlier attachment of the same pointer on this construct (a mapper's c%p item beside the
    // clause's) has given a device address. For a member section, the target's first element
    // (the corresponding pointer reaches the section through its bias, as LLVM's TgtPtrBegin -
    // Delta); an attachment writes the host pointer's count and lower bound, so those stay.
    const section = this.itemRefs[i]!.section;
    const base = section === undefined ? start : start - (section[0] - ptrLowerBound(this.host.image, hostOff)) * ELEMENT_BYTES;
    if (this.knobs['K-B7'] === 'counted') {
      // libgomp gomp_attach_pointer: every map counts; only the count's first writes the pointer.
      if (holderSelf && targetSelf) return;
      this.items[I_FLAGS + at] = this.items[I_FLAGS + at]! | ITEM_COUNTED;
      const held = this.attached.get(attachKey(d, member));
      if (held !== undefined) {
        held.count++;
        return;
      }
    } else if (this.knobs['K-B7'] === '6.0' && !holderNew && !targetNew) return;
    // K-B7 `shadow` (libomptarget 16): not again while the record aims at the same address.
    else if (this.knobs['K-B7'] === 'shadow' && this.sameShadow(attachKey(d, member), s.seq[target]!, base)) return;
    // Both self: c's device copy is c itself, whose p already holds this target. One self, one
    // associated: the address of the target's storage goes into the pointer's storage (the host
    // address of a self target; a self pointer is host memory).
    if (holderSelf && targetSelf) return;
    const count = ptrCount(this.host.image, hostOff);
    this.storageWords(holder, member);
    const devTarget = s.storage[target]! + (base - s.hostStart[target]!);
    // K-B41: the host pointer's lower bound goes with the address (`descriptor`); `base-address`
    // (libgomp) keeps the lower bound of a corresponding descriptor that holds an association.
    const wOff = this.wFirst << 2;
    const hostLbound = ptrLowerBound(this.host.image, hostOff);
    const keeps = this.knobs['K-B41'] === 'base-address' && !ptrIndeterminate(this.wImg!, wOff) && ptrBase(this.wImg!, wOff) !== 0;
    writePtr(this.wImg!, wOff, devTarget, count, keeps ? ptrLowerBound(this.wImg!, wOff) : hostLbound);
    // The pointer is now attached on d (read by K-B22 and K-B23).
    this.attached.set(attachKey(d, member), { holder: s.seq[holder]!, target: s.seq[target]!, targetLive: true, count: 1, base });
  }

  /**
   * K-B7 `shadow`: the record under `key` aims at host address `base` of the entry numbered
   * `target` (an entry that left the table never comes back under its number).
   */
  private sameShadow(key: number, target: number, base: number): boolean {
    const held = this.attached.get(key);
    return held !== undefined && held.target === target && held.base === base;
  }

  /**
   * K-B7 `counted` (libgomp gomp_detach_pointer): before the items from `base` leave device d, one
   * attachment of each pointer they counted at entry (a region's end) or name (exit data) is given
   * back while its struct is present; at 0 c's device copy of p gets the host value of p. Exit data
   * of a pointer with no attachment left is a runtime abort.
   */
  protected detachCounted(base: number, d: number, exitData: boolean): void {
    const it = this.items;
    const s = this.slots;
    // Stryker disable next-line EqualityOperator: equivalent: one step past the last record reads the cleared record (dropItems), whose flags hold no ITEM_MEMBER bit, so the item is skipped
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      const flags = it[I_FLAGS + at]!;
      if ((flags & (ITEM_MEMBER | ITEM_NULL)) !== ITEM_MEMBER) continue;
      if (!exitData && (flags & ITEM_COUNTED) === 0) continue;
      const member = it[I_MEMBER + at]!;
      const holder = this.pointerHolder(d, member);
      if (holder < 0 || s.block[holder] === 0) continue;
      const key = attachKey(d, member);
      const held = this.attached.get(key);
      if (held === undefined) {
        if (exitData) runtimeError('fatal_detach_at_zero', `${this.itemRefs[i]!.text} has no attachment left on device ${d} to detach`);
        continue;
      }
      if (--held.count > 0) continue;
      this.storageWords(holder, member);
      copyWords(this.host.image.words, this.host.offset(member) >> 2, this.wImg!.words, this.wFirst, POINTER_BYTES >> 2);
      this.attached.delete(key);
    }
  }

  /**
   * K-B22 (OpenMP 6.0 §7.9.6 restrictions): a host store to the pointer member at `member` while
   * it is attached on some device and its target entry is still there is `undefined`.
   */
  checkHostPointerStore(member: number): void {
    if (this.attached.size === 0 || this.knobs['K-B22'] === 'allowed') return;
    // Stryker disable next-line EqualityOperator: equivalent: nothing is attached on the host (index n)
    for (let d = 0; d < this.n; d++) {
      const a = this.attached.get(attachKey(d, member));
      if (a !== undefined && a.targetLive) undefinedBehaviour(`the host re-points a pointer attached on device ${d} while its target stays mapped`);
    }
  }

  /**
   * Copy-back (OpenMP 6.0 §7.9.6 exit) of struct item [start, end) from entry `slot` of device d,
   * cell by cell: an attached pointer follows K-B23 (`device-value`: copied; `restore`: the host
   * keeps its value; `undefined`), any other pointer is copied.
   */
  protected copyStructToHost(d: number, slot: number, start: number, end: number): void {
    const reading = this.knobs['K-B23'];
    // 16-byte steps from the struct's start: its descriptors, then its non-pointer members (the
    // last step may be shorter).
    // Stryker disable next-line EqualityOperator: equivalent: a step at the end copies no cell
    for (let m = start; m < end; m += POINTER_BYTES) {
      if (this.attached.has(attachKey(d, m))) {
        if (reading === 'restore') continue;
        if (reading === 'undefined') undefinedBehaviour(`copying back the attached pointer at host 0x${m.toString(16)}`);
      }
      this.copyToHost(slot, m, Math.min(m + POINTER_BYTES, end));
    }
  }

  /** Readable name of storage block g of the items from `base`, for messages. */
  // Stryker disable all: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
  protected blockName(base: number, g: number): string {
    const names: string[] = [];
    for (let i = base; i < this.itemTop; i++) if (this.items[I_GROUP + i * ITEM_FIELDS] === g) names.push(this.itemRefs[i]!.text);
    return names.join(', ');
  }
  // Stryker restore all

  // ----------------------------------------------------------------------------------------------
  // The target update construct (README-openmp "target update")

  /**
   * Each list item, resolved when the construct starts, in order: a present one is assigned (to:
   * host → storage, from: storage → host; self storage: nothing; attached pointers keep their
   * values); an absent one is skipped, or with the present modifier an error; a partly present
   * one is absent under K-B40 `skip`, an abort under `error`.
   */
  protected ompTargetUpdate(step: OmpTargetUpdate): Observation {
    const d = this.constructDevice(step.device, step.op);
    // On the host device the original is the corresponding storage: no list item is resolved.
    if (d === this.n) return OK;
    const base = this.itemTop;
    for (const m of step.motions) {
      const mods = m.modifiers?.includes('present') === true ? MOD_PRESENT : 0;
      const code = m.type === 'to' ? TO : FROM;
      for (const v of m.vars) {
        const r = this.refs.get(v);
        const mapper = this.mapperOf(r);
        if (mapper === undefined) {
          this.pushItem(code, mods, r);
          continue;
        }
        // Through a mapper (§7.9.10): the items whose decayed type moves data this way; K-B65
        // `struct-storage`: the present modifier does not reach its pointee items, `dropped`: none.
        const reading = this.knobs['K-B65'];
        const pointeeMods = reading === 'struct-storage' || reading === 'dropped' ? mods & ~MOD_PRESENT : mods;
        const structMods = reading === 'dropped' ? pointeeMods : mods;
        for (const clause of mapper.maps)
          if (DECAY[code]![MAP_TYPE_CODES[clause.type]] === code)
            for (const w of clause.vars) {
              const r = this.refs.get(w);
              this.pushItem(code, r.kind === REF_MEMBER ? pointeeMods : structMods, r);
            }
      }
    }
    const top = this.itemTop;
    const it = this.items;
    for (let i = base; i < top; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & ITEM_NULL) !== 0) continue;
      const start = it[I_START + at]!;
      const end = it[I_END + at]!;
      const slot = this.lookup(d, start, end);
      if (slot === PARTLY && this.knobs['K-B40'] === 'error')
        runtimeError('fatal_partial_update', `target update of [0x${start.toString(16)}, 0x${end.toString(16)}): only part of it is mapped on device ${d}`);
      // K-B69 `registered` (libgomp gomp_update): a link array's key is found (an entry sharing a
      // byte with the item, which lies in one array, would hide it), and the copy goes through the
      // link variable's pointer slot.
      if (start < end && this.linkKeyAt(d, start) !== null)
        undefinedBehaviour(`target update of [0x${start.toString(16)}, 0x${end.toString(16)}): the link array's key on device ${d} copies through its pointer slot`);
      if (slot < 0) {
        if ((it[I_MODS + at]! & MOD_PRESENT) !== 0)
          runtimeError('omp_error_not_present', `target update of [0x${start.toString(16)}, 0x${end.toString(16)}) with the present modifier: not present on device ${d}`);
        continue;
      }
      // Stryker disable next-line ConditionalExpression: equivalent: an assignment with self storage copies host cells onto themselves
      if (this.slots.block[slot] === 0) continue;
      const to = it[I_TYPE + at] === TO;
      if ((it[I_FLAGS + at]! & ITEM_STRUCT) === 0 && this.objIsStruct[this.objectAt(start)] !== 1) {
        if (to) this.copyToDevice(slot, start, end);
        else this.copyToHost(slot, start, end);
        continue;
      }
      // Stryker disable next-line EqualityOperator: equivalent: a step at the end copies no cell
      for (let p = start; p < end; p += POINTER_BYTES) {
        if (this.attached.has(attachKey(d, p))) continue;
        const q = Math.min(p + POINTER_BYTES, end);
        if (to) this.copyToDevice(slot, p, q);
        else this.copyToHost(slot, p, q);
      }
    }
    this.dropItems(base);
    return OK;
  }

  // ----------------------------------------------------------------------------------------------
  // The target construct

  /**
   * K-B63 (a target construct's items name `root` only through its pointer members): whether the
   * construct's own list items (before any mapper replaced a struct) that name `root` are all
   * pointer member references. (An array is named by array references, and a kernel through a
   * plain pointer needs the pointer itself in the construct's map, lang/validate.ts.)
   */
  private onlyThroughPointers(maps: readonly MapItem[], root: string): boolean {
    for (const m of maps)
      for (const v of m.vars) {
        const r = this.refs.get(v);
        if (r.root === root && r.kind !== REF_MEMBER) return false;
      }
    return true;
  }

  /**
   * K-B63 `base-pointers`: a tofrom implicit item for the 16 bytes of each distinct pointer member
   * of `root` that `maps` name, after the items, unless part of `root` is mapped on device d
   * already (the implicit map then uses that part alone, and a word inside it would be counted
   * and released again within the construct, which changes nothing).
   */
  private pushPointerWords(d: number, maps: readonly MapItem[], root: string): void {
    const whole = this.refs.get(root);
    if (d !== this.n && this.lookup(d, whole.start, whole.end) !== ABSENT) return;
    const words = new Set<number>();
    for (const m of maps)
      for (const v of m.vars) {
        const r = this.refs.get(v);
        if (r.root === root) words.add(r.start);
      }
    for (const w of words) this.pushRecord(TOFROM, 0, w, w + POINTER_BYTES, ITEM_IMPLICIT | ITEM_STRUCT, 0, whole);
  }

  protected ompTarget(step: OmpTarget): Observation {
    const d = this.constructDevice(step.device, step.op);
    const base = this.itemTop;
    const kbody = step.body;
    // The statements of the kernel (lang/README.md "Kernels of several statements"): a block's
    // writes, or the one body. Each uses the root of its reference and, a copy ("Copy kernels"),
    // the root of its `from` (an array of the world, lang/validate.ts): the kernel's variables, in
    // the order the statements name them, each with the first reference that names it.
    const statements = kernelStatements(kbody);
    const refs: CompiledRef[] = [];
    const froms: (CompiledRef | null)[] = [];
    const roots: string[] = [];
    const firstRefs: CompiledRef[] = [];
    const use = (r: CompiledRef): void => {
      if (roots.includes(r.root)) return;
      roots.push(r.root);
      firstRefs.push(r);
    };
    for (const b of statements) {
      const r = this.refs.get(kernelRef(b));
      const fromText = copyRef(b);
      const from = fromText === null ? null : this.refs.get(fromText);
      refs.push(r);
      froms.push(from);
      use(r);
      if (from !== null) use(from);
    }
    // K-B55 `descriptor`: the unused whole arrays that keep their data map (the construct stops
    // when one has no descriptor on the device; their own descriptor map, which the compiler
    // dropped, would be given back at the construct's end, so it is counted like any other).
    const unusedKept = this.unusedArraysKept(d, step.maps, roots);
    this.pushMaps(this.knobs['K-B55'] === 'kept' ? step.maps : this.mapsUsed(step.maps, roots, unusedKept), 'target');
    const explicitTop = this.itemTop;
    // Per variable, in order: K-B63 when the construct names it only through pointer members, then
    // its implicit tofrom map after the explicit maps (6.0 §7.9.3); none for an array whose device
    // image copy the kernel uses (K-B46 `unregistered`), nor for a scalar, which is firstprivate
    // (impl/firstprivate.ts; its names in `privates`) unless a declare target names it.
    const privates: string[] = [];
    this.implicitObjects.length = 0;
    for (let k = 0; k < roots.length; k++) {
      const root = roots[k]!;
      let named = this.namedFrom(base, explicitTop, root);
      // A plain pointer named only through a section of its target is private (privatePointers): no K-B63.
      const throughPointers = named && this.knobs['K-B63'] !== 'named' && !this.refs.plain.has(root) && this.onlyThroughPointers(step.maps, root);
      if (throughPointers && this.knobs['K-B63'] === 'implicit') named = false;
      // K-B63 `base-pointers` (6.0 §7.9.6): only the words of the pointer members named are its storage.
      else if (throughPointers) this.pushPointerWords(d, step.maps, root);
      if (named) continue;
      if (this.scalars.has(root) && !this.declaredScalars.has(root)) privates.push(root);
      else if (this.imageStorage(d, firstRefs[k]!) < 0) {
        this.pushImplicit(root);
        if (this.mapperOf(this.refs.get(root)) === undefined) this.implicitObjects.push(this.objectAt(firstRefs[k]!.start));
      }
    }
    this.implicitPartial.length = 0;
    // The unnamed plain pointers the kernel goes through (made afresh for every target construct,
    // the only one that reads them), and after the entry their values on a device (the host's
    // kernel goes through the host value).
    this.privatePointers(base, explicitTop, refs);
    this.mapEntry(base, d, 'target');
    if (d !== this.n) this.privateValues(d);
    this.enterDescriptors(base, d);
    let observation: Observation = OK;
    // Statement after statement over all its elements; the first undefined one ends the program
    // (undefinedBehaviour throws), before the exit.
    for (let i = 0; i < statements.length; i++) observation = this.statement(base, d, refs[i]!, statements[i]!, froms[i]!, privates, step.result);
    // Stryker disable next-line BooleanLiteral: equivalent: the exit-data flag only adds the K-B6 check of absent blocks with the present modifier, and such a block stopped the program at entry
    this.exitDescriptors(base, d);
    this.mapExit(base, d, false);
    this.dropItems(base);
    // (a block of writes observes ok; a single body what it read or wrote)
    return statements.length > 1 ? OK : observation;
  }

  /**
   * One statement of a kernel on device d (items from `base`) on reference `r`: K-B45's pointer
   * word, a pointer read, or an element read or write (`from`: a copy's source, read all first,
   * where the kernel runs: a firstprivate scalar's private copy, the host's value; `privates`: the
   * kernel's firstprivate scalars).
   */
  private statement(base: number, d: number, r: CompiledRef, body: KernelBody, from: CompiledRef | null, privates: readonly string[], result: string | undefined): Observation {
    const word = this.pointerWordKernel(base, d, r);
    if (word >= 0) return this.kernelWord(d, word, r, body, result);
    if (d !== this.n) {
      if (from !== null) this.foundEntryAccess(d, from);
      this.foundEntryAccess(d, r);
    }
    if ('pointer' in body) return this.kernelPointer(d, r, result);
    let copied: (number | null)[] | null = null;
    if (from !== null) {
      const read = privates.includes(from.root) ? { kind: 'read' as const, values: privateValues(this.host, from) } : this.kernel(d, from, { read: from.text });
      // (a read of array elements gives them or stops the program)
      if (read.kind !== 'read') throw new Error(`the kernel's read of ${from.text} gave no elements`);
      copied = read.values;
    }
    return privates.includes(r.root) ? this.privateCopy(r, body, copied) : this.kernel(d, r, body, copied);
  }

  /**
   * K-B71 (6.0 §7.9.3, §7.9.6): the kernel's access of r on device d, when r's variable was mapped
   * implicitly and entries hold parts of it but none all of it (all made before the construct: an
   * item of the construct on that storage would have joined the implicit map's block, K-B5, or
   * named the variable, K-B63). Under `found-entry` (libomptarget's lookupMapping and
   * getTargetPointer) the variable is translated through one of them, the one starting lowest (it
   * holds the variable's first byte, if any does: the entries of a device are disjoint), and bytes
   * of r outside it lie past that entry's storage: undefined. Under `each-entry` the ordinary
   * lookups follow.
   */
  private foundEntryAccess(d: number, r: CompiledRef): void {
    const o = this.objectAt(r.start);
    if (!this.implicitObjects.includes(o)) return;
    const lo = this.objStart[o]!;
    const hi = this.objEnd[o]!;
    if (this.lookup(d, lo, hi) !== PARTLY || this.knobs['K-B71'] !== 'found-entry') return;
    const s = this.slots;
    // the first entry in host start order that meets the variable
    const found = this.trees[d]!.anyOverlap(lo, hi);
    const end = r.kind === REF_MEMBER ? r.start + POINTER_WORD_BYTES : r.end;
    if (r.start >= s.hostStart[found]! && end <= s.hostEnd[found]!) return;
    undefinedBehaviour(`the kernel reaches ${r.text} past the storage of the entry at host 0x${s.hostStart[found]!.toString(16)} that the implicit map of ${r.root} found on device ${d} (K-B71 found-entry)`);
  }

  /**
   * The private plain pointers of a target construct (lang/README-openmp.md "Plain pointer
   * variables"; OpenMP 5.2 §5.8.6 / 6.0 §7.9.6 pointer initialisation; GCC lowers it
   * map(tofrom:*p) map(firstprivate:p [pointer assign]), LLVM passes the translated address as the
   * kernel argument): a plain pointer of kernel references `refs` that no item (records base..top)
   * names itself, and of whose target exactly one item names a section, is private to the
   * construct: no implicit map, no K-B63. p is no list item, so the section item maps its target
   * alone (GCC 12: map(tofrom:*p) map(firstprivate:p [pointer assign])): no pointer attachment, no
   * K-B42 always pointer, no K-B45 map of p's storage. Any other case keeps the kernel on p's
   * corresponding pointer.
   */
  private privatePointers(base: number, top: number, refs: readonly CompiledRef[]): void {
    this.privateTop = 0;
    // (a record per statement through such a pointer, all alike: privateAt finds the first)
    for (let k = 0; k < refs.length; k++) {
      const r = refs[k]!;
      if (r.kind !== REF_MEMBER || !this.refs.plain.has(r.root)) continue;
      let whole = false;
      let sections = 0;
      let item = 0;
      for (let i = base; i < top; i++) {
        const v = this.itemRefs[i]!;
        if (v.root !== r.root) continue;
        // `p` itself (the struct): the kernel reads p's corresponding pointer.
        if (v.kind !== REF_MEMBER) whole = true;
        else {
          item = i;
          sections++;
        }
      }
      if (whole || sections !== 1) continue;
      const flags = I_FLAGS + item * ITEM_FIELDS;
      this.items[flags] = this.items[flags]! & ~ITEM_MEMBER;
      // In index order, so a new record is appended.
      const p = this.privateTop;
      this.privatePtrs[p] = r.start;
      this.privatePtrs[p + 1] = item;
      this.privateTop = p + PRIVATE_FIELDS;
    }
  }

  /**
   * After the entry on device d: each private pointer's value, p's value when its section item was
   * resolved (null stays null), translated through the entry that holds the item's range on d as
   * an attachment translates it (self storage: the host address itself; p's corresponding pointer
   * is neither read nor written), or left as it is when no entry does.
   */
  private privateValues(d: number): void {
    const it = this.items;
    const s = this.slots;
    const v = this.privateVals;
    for (let p = 0; p < this.privateTop; p += PRIVATE_FIELDS) {
      const item = this.privatePtrs[p + 1]!;
      const at = item * ITEM_FIELDS;
      const img = this.host.image;
      const off = this.host.offset(this.privatePtrs[p]!);
      const lbound = ptrLowerBound(img, off);
      // The target's first element from the item's range, as attach finds it (an attachment on a
      // self-mapped p may have written a device address into the host word since). A null item
      // has the range [0, 0), which no entry holds: its value stays null.
      const start = it[I_START + at]!;
      const section = this.itemRefs[item]!.section;
      let addr = section === undefined ? start : start - (section[0] - lbound) * ELEMENT_BYTES;
      let block = 0;
      const slot = this.lookup(d, start, it[I_END + at]!);
      if (slot >= 0) {
        block = s.block[slot]!;
        addr = s.storage[slot]! + (addr - s.hostStart[slot]!);
      }
      // In index order (record p / PRIVATE_FIELDS), so a new record is appended.
      const w = (p / PRIVATE_FIELDS) * VALUE_FIELDS;
      v[w] = addr;
      v[w + 1] = ptrCount(img, off);
      v[w + 2] = lbound;
      v[w + 3] = block;
    }
  }

  /** Index in privatePtrs of the private pointer whose host address is `member`, or -1. */
  private privateAt(member: number): number {
    for (let at = 0; at < this.privateTop; at += PRIVATE_FIELDS) if (this.privatePtrs[at] === member) return at;
    return -1;
  }

  /** Whether an item of the construct (records base..top) names variable `root`. */
  private namedFrom(base: number, top: number, root: string): boolean {
    for (let i = base; i < top; i++) if (this.itemRefs[i]!.root === root) return true;
    return false;
  }

  /** The implicit tofrom map of variable `root` a kernel uses (6.0 §7.9.3), after the explicit items. */
  private pushImplicit(name: string): void {
    const first = this.itemTop;
    const root = this.refs.get(name);
    // (the implicit map's items share its place; a mapper orders its own inside it)
    this.pushOrder = IMPLICIT_ORDER;
    this.pushVar(TOFROM, 0, root);
    // K-B62 `explicit` (clang 16's mapper function drops the IMPLICIT bit): a mapper's items are
    // explicit maps, with K-B47's pointer words as for any map clause.
    if (this.knobs['K-B62'] === 'explicit' && this.mapperOf(root) !== undefined) {
      if (this.knobs['K-B47'] === 'member-word') this.pushMemberWords(first, POINTER_WORD_BYTES, NO_TYPE);
    } else
      for (let i = first; i < this.itemTop; i++) {
        const flags = I_FLAGS + i * ITEM_FIELDS;
        this.items[flags] = this.items[flags]! | ITEM_IMPLICIT;
      }
  }

  /**
   * K-B68 `stale-copy` (libgomp 12): at the end of a target data region on device d (memory of its
   * own), each of its explicit `always` from / tofrom array items (from `base`) that no entry of d
   * holds any more gets its host words from freed storage: indeterminate.
   */
  protected staleCopies(base: number, d: number): void {
    const it = this.items;
    // (a target data region's items are all explicit; a zero-length item fills no word)
    // Stryker disable next-line EqualityOperator: equivalent: the record past the top is cleared (NO_TYPE), which the type test skips
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      const type = it[I_TYPE + at]!;
      const start = it[I_START + at]!;
      const end = it[I_END + at]!;
      if ((it[I_MODS + at]! & MOD_ALWAYS) === 0 || (type !== FROM && type !== TOFROM)) continue;
      if (this.objIsStruct[this.objectAt(start)] === 1 || this.lookup(d, start, end) !== ABSENT) continue;
      const first = this.host.offset(start) >> 2;
      this.host.image.words.fill(INDETERMINATE, first, first + ((end - start) >> 2));
    }
  }

  /**
   * The kernel on a firstprivate scalar's private copy (`copied`: a copy's `from` elements); a sum
   * past a C int ends the program, before the exit.
   */
  private privateCopy(r: CompiledRef, body: ElementBody, copied: readonly (number | null)[] | null): Observation {
    const observation = privateCopyKernel(this.host, r, body, undefined, copied);
    if (observation.kind === 'undefined') undefinedBehaviour(observation.message);
    return observation;
  }

  /**
   * K-B55 `dropped` (GCC's gimplifier): the maps without their whole variables (an item written as a
   * bare name) other than `roots`, the variables the kernel uses (every statement's reference and
   * copy source); a map with the always modifier stays whole.
   */
  protected mapsUsed(maps: readonly MapItem[], roots: readonly string[], unusedKept: ReadonlySet<string>): MapItem[] {
    // (a map left without items pushes nothing)
    return maps.map((m) => (m.modifiers?.includes('always') ? m : { ...m, vars: m.vars.filter((v) => unusedKept.has(v) || keptForRegion(this.refs.get(v), roots)) }));
  }

  /**
   * K-B55 `descriptor` (gfortran 12 with mapcheck's Fortran arrays): the whole pointer arrays of
   * `maps` that the region does not use (the kernel's variables are `roots`): gfortran keeps their
   * data map and drops their descriptor's, so each needs its descriptor on device d, or the
   * construct stops ("always pointer not mapped"). None on the host or a device that shares the
   * host's memory, where nothing is mapped.
   */
  private unusedArraysKept(d: number, maps: readonly MapItem[], roots: readonly string[]): Set<string> {
    const kept = new Set<string>();
    // (the host, d = n, has no entry in `shared`; the reading is asked first only to spare the loop)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent for the reading's test: descriptorArray asks it again, so without it no array is kept or stops
    if (this.knobs['K-B55'] !== 'descriptor' || this.shared[d] !== 0) return kept;
    for (const m of maps)
      for (const v of m.vars) {
        const r = this.refs.get(v);
        if (keptForRegion(r, roots) || !this.descriptorArray(r)) continue;
        if (!this.descriptors.has(this.descriptorKey(d, r.root))) runtimeError('fatal_lowering', `map(${v}): the region does not use ${v}, whose descriptor is not mapped on device ${d} (always pointer not mapped)`);
        kept.add(v);
      }
    return kept;
  }

  /** K-B46 `unregistered`: the storage of the device image copy holding array reference `r` on device d, or -1. */
  protected imageStorage(d: number, r: CompiledRef): number {
    if (this.images.size === 0 || r.kind !== REF_ARRAY || d === this.n) return -1;
    return this.images.get(d * this.objStart.length + this.objectAt(r.start)) ?? -1;
  }

  /**
   * K-B45 `pointer-word` (clang 16 to 18): the slot of plain pointer `r`'s own storage on device d
   * when the construct's explicit items from `base` name both the pointer variable and a section of
   * it; else -1 (the ordinary kernel).
   */
  protected pointerWordKernel(base: number, d: number, r: CompiledRef): number {
    if (r.kind !== REF_MEMBER || d === this.n || this.knobs['K-B45'] !== 'pointer-word' || !this.refs.plain.has(r.root)) return -1;
    let whole = false;
    let section = false;
    for (let i = base; i < this.itemTop; i++) {
      const ref = this.itemRefs[i]!;
      // (An implicit item of r's root exists only when no explicit item names it.)
      if (ref.root !== r.root) continue;
      if (ref.kind === REF_STRUCT) whole = true;
      else section = true;
    }
    if (!whole || !section) return -1;
    const c = this.holderStart(r.start);
    return this.lookup(d, c, c + this.objStride[this.objectAt(c)]!);
  }

  /**
   * K-B45 `pointer-word`: the kernel's p is the device address of p's own storage (entry `slot`): a
   * pointer kernel reads that address; elements inside the 8-byte pointer word read indeterminate
   * and a write there leaves the device pointer indeterminate; an element past it is undefined.
   */
  protected kernelWord(d: number, slot: number, r: CompiledRef, body: KernelBody, result: string | undefined): Observation {
    const s = this.slots;
    const addr = s.storage[slot]! + (r.start - s.hostStart[slot]!);
    if ('pointer' in body) {
      if (result !== undefined) this.useDeviceHandles.set(result, addr);
      if (s.block[slot] === 0) return { kind: 'value', value: { host: addr } };
      const block = this.device.blockOf(addr);
      return { kind: 'value', value: { block, offset: addr - this.device.base(block) } };
    }
    if ('read' in body && body.bounds) return this.kernel(d, r, body);
    const img = this.host.image;
    const off = this.host.offset(r.start);
    if (ptrIndeterminate(img, off) || ptrBase(img, off) === 0) return this.kernel(d, r, body);
    const lbound = ptrLowerBound(img, off);
    let lo = 1;
    let hi = ptrCount(img, off);
    const section = r.section;
    if (section !== undefined) {
      lo = section[0] - lbound + 1;
      hi = section[1] - lbound + 1;
    }
    if ('read' in body && body.at !== undefined) lo = hi = body.at - lbound + 1;
    const words = POINTER_WORD_BYTES / ELEMENT_BYTES;
    if (lo < 1 || hi > words) undefinedBehaviour(`the kernel's ${r.root} holds the address of its own storage on device ${d} (K-B45 pointer-word): elements ${lo}..${hi} reach past its pointer word`);
    if ('read' in body) return { kind: 'read', values: new Array<null>(hi - lo + 1).fill(null) };
    this.storageWords(slot, r.start);
    this.wImg!.words.fill(INDETERMINATE, this.wFirst, this.wFirst + POINTER_BYTES / 4);
    return OK;
  }

  /**
   * The kernel reads pointer member `r` itself on device d (OpenMP 6.0 §7.9.6): the corresponding
   * pointer in its struct's storage, or on the host the original. `result` keeps the raw value for
   * later routine calls.
   */
  protected kernelPointer(d: number, r: CompiledRef, result: string | undefined): Observation {
    let img: MemoryImage;
    let off: number;
    if (d === this.n) {
      img = this.host.image;
      off = this.host.offset(r.start);
    } else {
      const holder = this.pointerHolder(d, r.start);
      if (holder < 0) undefinedBehaviour(`the kernel reads ${r.text}, whose struct is not present on device ${d}`);
      this.storageWords(holder, r.start);
      img = this.wImg!;
      off = this.wFirst << 2;
    }
    const value = pointerAddressAt(this.device, img, off);
    if (value === undefined) undefinedBehaviour(`the kernel reads ${r.text}, whose value on device ${d} is indeterminate`);
    // Stryker disable next-line ConditionalExpression: equivalent: a handle named undefined is never asked for, and a null pointer's base is 0
    if (result !== undefined) this.useDeviceHandles.set(result, value === null ? 0 : ptrBase(img, off));
    return { kind: 'value', value };
  }

  /**
   * The kernel reads or writes the elements `body` names, on device d (the host: host memory);
   * `copied`: the elements a copy read from its `from` (lang/README.md "Copy kernels"), added to
   * the written ones.
   */
  protected kernel(d: number, r: CompiledRef, body: ElementBody, copied: readonly (number | null)[] | null = null): Observation {
    if (r.kind === REF_STRUCT) throw new Error(`kernel body '${r.text}' must be an array, a subarray or a pointer member`);
    let img: MemoryImage;
    let first: number;
    let count: number;
    // A read of a pointer's view (`at` or `bounds`): the element index inside the view, or null.
    let view: { index: number } | Observation | null = null;
    if (d === this.n) {
      img = this.host.image;
      let start = r.start;
      let end = r.end;
      if (r.kind === REF_MEMBER) {
        const off = this.host.offset(r.start);
        if (ptrIndeterminate(img, off)) undefinedBehaviour(`the kernel dereferences ${r.text}, whose host value is indeterminate`);
        start = ptrBase(img, off);
        if (start === 0) undefinedBehaviour(`the kernel dereferences ${r.text}, which is disassociated`);
        view = this.view(ptrLowerBound(img, off), ptrCount(img, off), r.text, body);
        if (view !== null && 'kind' in view) return view;
        // Stryker disable next-line EqualityOperator: equivalent: no pointer holds DEVICE_BASE itself (the first device block starts a red zone above it, and a member section's bias is at most 63 elements, 252 bytes, less than the red zone)
        if (start >= DEVICE_BASE) undefinedBehaviour(`the kernel dereferences ${r.text}, which holds a device address on the host`);
        end = start + ptrCount(img, off) * ELEMENT_BYTES;
        const section = r.section;
        if (section !== undefined) {
          const lbound = ptrLowerBound(img, off);
          if (section[0] < lbound || (section[1] - lbound + 1) * ELEMENT_BYTES > end - start) undefinedBehaviour(`the kernel reads ${r.text}, outside its pointer's target`);
          end = start + (section[1] - lbound + 1) * ELEMENT_BYTES;
          start += (section[0] - lbound) * ELEMENT_BYTES;
        }
      }
      first = this.host.offset(start) >> 2;
      count = (end - start) / ELEMENT_BYTES;
      if (view !== null) {
        first += view.index;
        count = 1;
      }
    } else if (r.kind === REF_ARRAY && this.imageStorage(d, r) >= 0) {
      // K-B46 `unregistered`: the device image's copy of a declared array (self storage: host memory).
      const storage = this.imageStorage(d, r) + (r.start - this.objStart[this.objectAt(r.start)]!);
      if (storage < DEVICE_BASE) {
        img = this.host.image;
        first = this.host.offset(storage) >> 2;
      } else {
        const block = this.device.blockOf(storage);
        img = this.device.image(block);
        first = (storage - this.device.base(block)) >> 2;
      }
      count = (r.end - r.start) / ELEMENT_BYTES;
    } else if (r.kind === REF_ARRAY) {
      const slot = this.lookup(d, r.start, r.end);
      if (slot < 0 && this.implicitPartial.includes(this.objectAt(r.start))) return this.kernelByElement(d, r, body, copied);
      if (slot < 0) undefinedBehaviour(`the kernel accesses ${r.text}, which is not present on device ${d}`);
      this.storageWords(slot, r.start);
      img = this.wImg!;
      first = this.wFirst;
      count = (r.end - r.start) / ELEMENT_BYTES;
    } else {
      let addr: number;
      let lbound: number;
      // The device block a private pointer's address was found in (0: none).
      let within = 0;
      const p = this.privateAt(r.start);
      if (p >= 0) {
        // An unnamed plain pointer: the construct's private value (privateValues), not p's corresponding pointer.
        const v = this.privateVals;
        const at = (p / PRIVATE_FIELDS) * VALUE_FIELDS;
        addr = v[at]!;
        count = v[at + 1]!;
        lbound = v[at + 2]!;
        within = v[at + 3]!;
      } else {
        const holder = this.pointerHolder(d, r.start);
        if (holder < 0) undefinedBehaviour(`the kernel dereferences ${r.text}, whose struct is not present on device ${d}`);
        // The bounds are the descriptor's count past the pointer word: an entry of the word alone
        // (K-B47 member-word) does not hold them.
        if ('read' in body && body.bounds === true && this.slots.hostEnd[holder]! < r.start + POINTER_BYTES)
          undefinedBehaviour(`the kernel reads the bounds of ${r.text}, but only its pointer word is present on device ${d}`);
        this.storageWords(holder, r.start);
        const holderImg = this.wImg!;
        const off = this.wFirst << 2;
        if (ptrIndeterminate(holderImg, off)) undefinedBehaviour(`the kernel dereferences ${r.text}, whose device value is indeterminate`);
        addr = ptrBase(holderImg, off);
        count = ptrCount(holderImg, off);
        lbound = ptrLowerBound(holderImg, off);
      }
      // Stryker disable next-line ConditionalExpression: equivalent: without it a null pointer (count 0) is a host address: undefined on a discrete device, outside host memory (obj < 0) on a shared one
      if (addr === 0) undefinedBehaviour(`the kernel dereferences ${r.text}, a null ${p >= 0 ? 'private' : 'device'} pointer`);
      view = this.view(lbound, count, r.text, body);
      if (view !== null && 'kind' in view) return view;
      // A member section reaches elements lo..hi of the pointer's view (counted from its lower bound).
      const section = r.section;
      if (section !== undefined) {
        if (section[0] < lbound || section[1] > lbound + count - 1) undefinedBehaviour(`the kernel reads ${r.text}, outside the ${count} elements of its pointer`);
        addr += (section[0] - lbound) * ELEMENT_BYTES;
        count = section[1] - section[0] + 1;
      }
      // A read of one element `p(at)` reaches that element alone: defined when it has storage
      // (through a pointer attached via a member section, an element of the section).
      if (view !== null) {
        addr += view.index * ELEMENT_BYTES;
        count = 1;
      }
      const bytes = count * ELEMENT_BYTES;
      if (addr < DEVICE_BASE) {
        // A host address: only a device that shares memory with the host can use it.
        if (this.shared[d] === 0) undefinedBehaviour(`the kernel dereferences ${r.text}, which holds a host address (not attached)`);
        const obj = this.objectAt(addr);
        // Stryker disable all: unreachable: a null pointer stopped above, and any other host address in a device pointer is a host pointer's value copied, which points into an array
        if (obj < 0 || this.objIsStruct[obj] === 1 || addr + bytes > this.objEnd[obj]!)
          undefinedBehaviour(`the kernel reads ${count} elements through ${r.text}, outside host memory`);
        // Stryker restore all
        img = this.host.image;
        first = this.host.offset(addr) >> 2;
      } else {
        // A private pointer reaches the storage block its item's entry has, not before its start
        // nor past its end (a named section inside the target, the kernel's elements outside it).
        if (within !== 0) {
          const blockStart = this.device.base(within);
          if (addr < blockStart || addr + bytes > blockStart + this.device.size(within))
            undefinedBehaviour(`the kernel reaches ${count} elements through ${r.text}, ${addr < blockStart ? 'before the start' : 'past the end'} of the storage its mapped section was found in on device ${d}`);
        }
        const block = this.device.holding(addr, bytes);
        if (block === NOT_LIVE) undefinedBehaviour(`the kernel dereferences ${r.text}, which points into freed device memory`);
        if (block === PAST_END) undefinedBehaviour(`the kernel reads ${count} elements through ${r.text}, beyond the end of its device block`);
        img = this.device.image(block);
        first = (addr - this.device.base(block)) >> 2;
      }
    }
    if ('read' in body) return { kind: 'read', values: readWords(img.words, first, count) };
    if (!writeWords(img.words, first, count, body.value, body.by, body.add, copied)) undefinedBehaviour(`the kernel's sum overflows an element of ${r.text}`);
    return OK;
  }

  /**
   * A read of the view of a non-null pointer with lower bound `lbound` and `count` elements: its
   * bounds (an observation), the index of element `at` inside it, or null for an ordinary read.
   */
  private view(lbound: number, count: number, text: string, body: ElementBody): { index: number } | Observation | null {
    if (!('read' in body) || (!body.bounds && body.at === undefined)) return null;
    if (body.at === undefined) return { kind: 'read', values: [lbound, lbound + count - 1] };
    if (body.at < lbound || body.at >= lbound + count) undefinedBehaviour(`the kernel reads ${text}(${body.at}), outside its view`);
    return { index: body.at - lbound };
  }

  /**
   * A kernel access to array elements that no single entry holds, after an implicit map of partly
   * present data: each element goes through the entry created last that holds it; an element in
   * no entry is undefined.
   */
  protected kernelByElement(d: number, r: CompiledRef, body: ElementBody, copied: readonly (number | null)[] | null = null): Observation {
    const count = (r.end - r.start) / ELEMENT_BYTES;
    const tree = this.trees[d]!;
    // Stryker disable next-line ArrayDeclaration: equivalent: the array is filled index by index; the length only saves growth
    const values = 'read' in body ? new Array<number | null>(count) : null;
    for (let k = 0; k < count; k++) {
      const addr = r.start + k * ELEMENT_BYTES;
      const slot = tree.latestContaining(addr, addr + ELEMENT_BYTES, this.slots.seq);
      if (slot < 0) undefinedBehaviour(`the kernel accesses ${r.text} at host 0x${addr.toString(16)}, which no entry on device ${d} holds`);
      this.storageWords(slot, addr);
      const words = this.wImg!.words;
      if (!('write' in body)) values![k] = words[this.wFirst] === INDETERMINATE ? null : words[this.wFirst]!;
      else if (!writeWords(words, this.wFirst, 1, body.value + k * (body.by ?? 0), 0, body.add, copied === null ? null : [copied[k]!])) undefinedBehaviour(`the kernel's sum overflows an element of ${r.text}`);
    }
    return values === null ? OK : { kind: 'read', values };
  }
}
