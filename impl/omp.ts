// The optimised OpenMP runtime of program language version 1 (lang/README-openmp.md): one present
// table per device, each an interval tree over host ranges whose entries live in typed-array slots,
// over the host and device memory the OpenACC half uses too (so device blocks take numbers from
// one global sequence). Entries may overlap (K-B3 `exact-start`), so every lookup asks for the
// containing entry created last. Reference counts are adjusted at most once per entry per
// construct through an epoch stamp per slot. Comments name the README rule each part carries out.

import type { OmpEntrySnapshot, OmpPointerSnapshot, Observation } from '../lang/observation.js';
import type {
  DeviceArg,
  MapItem,
  OmpMapModifier,
  OmpMapType,
  OmpStep,
  OmpTarget,
  OmpTargetAssociatePtr,
  OmpTargetDisassociatePtr,
  OmpTargetIsAccessible,
  OmpTargetMemcpy,
  PtrArg,
} from '../lang/openmp.js';
import { ELEMENT_BYTES, POINTER_BYTES, worldDevices, type KernelBody, type World } from '../lang/program.js';
import type { KnobValues } from '../profiles/index.js';
import { unreachable } from '../lang/ops.js';
import { IntervalTree } from './interval-tree.js';
import {
  DEVICE_BASE,
  INDETERMINATE,
  NOT_LIVE,
  PAST_END,
  canonicalPtr,
  copyWords,
  ptrBase,
  ptrCount,
  ptrIndeterminate,
  readWords,
  writePtr,
  type DeviceMemory,
  type HostMemory,
  type MemoryImage,
} from './memory.js';
import { REF_ARRAY, REF_MEMBER, REF_STRUCT, type CompiledRef, type WorldRefs } from './refs.js';
import { fail, stopUndefined } from './stop.js';
import { grown } from './typed.js';

// ------------------------------------------------------------------------------------------------
// Map items

const TO = 0;
const FROM = 1;
const TOFROM = 2;
const ALLOC = 3;
const RELEASE = 4;
const DELETE = 5;
const MAP_TYPE_CODES: Readonly<Record<OmpMapType, number>> = { to: TO, from: FROM, tofrom: TOFROM, alloc: ALLOC, release: RELEASE, delete: DELETE };

const MOD_ALWAYS = 1;
const MOD_PRESENT = 2;
const MOD_DELETE = 4;
const MODIFIER_BITS: Readonly<Record<OmpMapModifier, number>> = { always: MOD_ALWAYS, present: MOD_PRESENT, delete: MOD_DELETE };

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

/** Storage-block flags. */
const BLOCK_PRESENT = 1;
const BLOCK_DELETE = 2;
/** The block holds an explicit map item (partly present: K-B5, not the implicit-map rule). */
const BLOCK_EXPLICIT = 4;

// ------------------------------------------------------------------------------------------------
// Devices, lookups, pointers

/** resolveDevice results besides a device index (0 … n-1) or the host (n). */
const DEV_INVALID = -2;
const DEV_OUT_OF_RANGE = -3;

/** lookup results besides a slot number. */
const ABSENT = -1;
const PARTLY = -2;

/** Reference count sentinel for an infinite count. */
const RC_INF = -1;
const ORIGIN_MAP = 0;
const ORIGIN_ASSOCIATE = 1;

/** Kinds of a resolved pointer argument. */
const P_NULL = 0;
const P_HOST = 1;
const P_BLOCK = 2;

const OK: Observation = Object.freeze({ kind: 'ok' });
const TRUE: Observation = Object.freeze({ kind: 'value', value: true });
const FALSE: Observation = Object.freeze({ kind: 'value', value: false });
const ZERO: Observation = Object.freeze({ kind: 'value', value: 0 });
const ONE: Observation = Object.freeze({ kind: 'value', value: 1 });
const NULL_VALUE: Observation = Object.freeze({ kind: 'value', value: null });

/**
 * Present-table entries of every device, as parallel typed arrays indexed by slot, with a free list.
 * They start with room for 8 entries, on the V8 heap (see typed.ts).
 */
class EntrySlots {
  hostStart = new Float64Array(8);
  hostEnd = new Float64Array(8);
  /** Raw address of the storage of the entry's first byte (the host start itself for `self`). */
  storage = new Float64Array(8);
  /** Device block holding the storage; 0 for `self` storage. */
  block = new Int32Array(8);
  rc = new Int32Array(8);
  origin = new Uint8Array(8);
  device = new Int32Array(8);
  /** Creation order over all entries (lookups prefer the largest). */
  seq = new Float64Array(8);
  /** Epoch of the construct phase that last adjusted the reference count. */
  adjusted = new Int32Array(8);
  /** The reference count before that phase first changed it. */
  rcBefore = new Int32Array(8);
  /** Epoch of the construct phase that created the entry (0: made by a routine). */
  created = new Int32Array(8);

  private freeSlots = new Int32Array(8);
  private freeCount = 0;
  private highWater = 0;
  private sequence = 0;

  allocate(device: number, hostStart: number, hostEnd: number, block: number, storage: number, rc: number, origin: number, epoch: number): number {
    let slot: number;
    if (this.freeCount > 0) slot = this.freeSlots[--this.freeCount]!;
    else {
      slot = this.highWater++;
      if (slot >= this.hostStart.length) this.grow(slot + 1);
    }
    this.device[slot] = device;
    this.hostStart[slot] = hostStart;
    this.hostEnd[slot] = hostEnd;
    this.block[slot] = block;
    this.storage[slot] = storage;
    this.rc[slot] = rc;
    this.origin[slot] = origin;
    this.seq[slot] = ++this.sequence;
    this.adjusted[slot] = 0;
    this.created[slot] = epoch;
    return slot;
  }

  release(slot: number): void {
    this.freeSlots[this.freeCount++] = slot;
  }

  private grow(min: number): void {
    this.hostStart = grown(this.hostStart, min);
    this.hostEnd = grown(this.hostEnd, min);
    this.storage = grown(this.storage, min);
    this.block = grown(this.block, min);
    this.rc = grown(this.rc, min);
    this.origin = grown(this.origin, min);
    this.device = grown(this.device, min);
    this.seq = grown(this.seq, min);
    this.adjusted = grown(this.adjusted, min);
    this.rcBefore = grown(this.rcBefore, min);
    this.created = grown(this.created, min);
    this.freeSlots = grown(this.freeSlots, min);
  }
}

export class OmpRuntime {
  /** Number of non-host devices; the host is device index n. */
  private readonly n: number;
  private readonly shared: Uint8Array;
  private readonly trees: IntervalTree[] = [];
  private readonly slots = new EntrySlots();
  /** Host objects in address order: bounds and whether each is a struct. */
  private readonly objStart: Float64Array;
  private readonly objEnd: Float64Array;
  private readonly objIsStruct: Uint8Array;
  /** Host address of every pointer member, ascending. */
  private readonly members: Float64Array;
  /** Per device block: owning device index + 1 (host: n + 1) of OpenMP blocks, 0 for others. */
  private blockOwner = new Int32Array(16);
  /** Per device block: 1 when omp_target_alloc made it. */
  private blockFromAlloc = new Uint8Array(16);
  /** `omp_target_alloc` results by name: block number, 0 for a null result. */
  private readonly handles = new Map<string, number>();

  private readonly items: number[] = [];
  private readonly itemRefs: CompiledRef[] = [];
  private itemTop = 0;
  /** First item and device of each open target data region, innermost last. */
  private readonly regionBase: number[] = [];
  private readonly regionDevice: number[] = [];
  /** Storage blocks of the current construct phase. */
  private gStart = new Float64Array(8);
  private gEnd = new Float64Array(8);
  private gKey = new Float64Array(8);
  private gFlags = new Int32Array(8);
  /** Construct phases so far (each entry or exit phase takes the next number). */
  private epoch = 0;
  /** Entries that overlap a range, gathered by collectOverlap (the tree must not change meanwhile). */
  private overlapSlots = new Int32Array(8);
  private overlapCount = 0;
  private readonly collectOverlap = (slot: number): void => {
    if (this.overlapCount >= this.overlapSlots.length) this.overlapSlots = grown(this.overlapSlots, this.overlapCount + 1);
    this.overlapSlots[this.overlapCount++] = slot;
  };
  /** The current omp_target's implicit map met partly present data: its kernel goes element by element. */
  private implicitPartial = false;

  // Result of resolvePtr.
  private pKind = P_NULL;
  private pAddr = 0;
  private pBlock = 0;
  /** Host object the pointer points into (host pointers). */
  private pObj = -1;
  // Result of storageWords.
  private wImg: MemoryImage | null = null;
  private wFirst = 0;

  constructor(
    world: World,
    private readonly knobs: KnobValues,
    private readonly refs: WorldRefs,
    private readonly host: HostMemory,
    private readonly device: DeviceMemory,
  ) {
    const devices = worldDevices(world);
    this.n = devices.length;
    this.shared = new Uint8Array(devices.map((d) => (d.kind === 'shared' ? 1 : 0)));
    for (let d = 0; d < this.n; d++) this.trees.push(new IntervalTree());
    const objects = [...refs.hostObjects()];
    this.objStart = new Float64Array(objects.map((o) => o.start));
    this.objEnd = new Float64Array(objects.map((o) => o.start + o.bytes));
    this.objIsStruct = new Uint8Array(objects.map((o) => (o.kind === 'struct' ? 1 : 0)));
    const members: number[] = [];
    for (const s of world.structs) {
      const start = refs.object(s.name).start;
      for (let i = 0; i < s.pointers.length; i++) members.push(start + i * POINTER_BYTES);
    }
    this.members = new Float64Array(members.sort((a, b) => a - b));
  }

  execute(step: OmpStep): Observation {
    switch (step.op) {
      case 'omp_target_enter_data': { // OpenMP 6.0 §15.5 target enter data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.entryPhase(base, d);
        this.itemTop = base;
        return OK;
      }
      case 'omp_target_exit_data': { // OpenMP 6.0 §15.6 target exit data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.exitPhase(base, d, true);
        this.itemTop = base;
        return OK;
      }
      case 'omp_target_data_begin': { // OpenMP 6.0 §15.7 target data construct (entry)
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.entryPhase(base, d);
        this.regionBase.push(base);
        this.regionDevice.push(d);
        return OK;
      }
      case 'omp_target_data_end': { // OpenMP 6.0 §15.7 target data construct (exit)
        const base = this.regionBase.pop();
        const d = this.regionDevice.pop();
        if (base === undefined || d === undefined) throw new Error('omp_target_data_end without an open omp_target_data_begin region');
        this.exitPhase(base, d, false);
        this.itemTop = base;
        return OK;
      }
      case 'omp_target': // OpenMP 6.0 §15.8 target construct
        return this.target(step);
      case 'omp_target_alloc':
        return this.alloc(step.bytes, step.device, step.result);
      case 'omp_target_free':
        return this.free(step.ptr, step.device);
      case 'omp_target_is_present':
        return this.isPresent(step.ptr, step.device);
      case 'omp_target_is_accessible':
        return this.isAccessible(step);
      case 'omp_target_associate_ptr':
        return this.associate(step);
      case 'omp_target_disassociate_ptr':
        return this.disassociate(step);
      case 'omp_get_mapped_ptr':
        return this.mappedPtr(step.ptr, step.device);
      case 'omp_target_memcpy':
        return this.memcpy(step);
      default:
        return unreachable(step, 'OpenMP step op');
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Snapshot (README-openmp "Snapshot additions")

  /** Every entry of every device, sorted by (device, host start, creation order). */
  entries(): OmpEntrySnapshot[] {
    const out: OmpEntrySnapshot[] = [];
    const s = this.slots;
    const ids: number[] = [];
    const collect = (slot: number) => {
      ids.push(slot);
    };
    for (let d = 0; d < this.n; d++) {
      ids.length = 0;
      this.trees[d]!.forEach(collect);
      // The tree yields (host start, slot) order: only runs of equal starts need reordering by
      // creation, so an insertion sort does next to no work.
      for (let i = 1; i < ids.length; i++) {
        const slot = ids[i]!;
        const start = s.hostStart[slot]!;
        const seq = s.seq[slot]!;
        let j = i - 1;
        for (; j >= 0 && s.hostStart[ids[j]!] === start && s.seq[ids[j]!]! > seq; j--) ids[j + 1] = ids[j]!;
        ids[j + 1] = slot;
      }
      for (const slot of ids) {
        const block = s.block[slot]!;
        const rc = s.rc[slot]!;
        out.push({
          device: d,
          host: [s.hostStart[slot]!, s.hostEnd[slot]!],
          block: block === 0 ? null : block,
          offset: block === 0 ? 0 : s.storage[slot]! - this.device.base(block),
          rc: rc === RC_INF ? 'inf' : rc,
          origin: s.origin[slot] === ORIGIN_ASSOCIATE ? 'associate' : 'map',
        });
      }
    }
    return out;
  }

  /**
   * The device value of every pointer member whose entry (the one a lookup finds) has device
   * storage that is still allocated, sorted by (device, member address).
   */
  pointers(): OmpPointerSnapshot[] {
    const out: OmpPointerSnapshot[] = [];
    const s = this.slots;
    for (let d = 0; d < this.n; d++) {
      const tree = this.trees[d]!;
      if (tree.size === 0) continue;
      for (let i = 0; i < this.members.length; i++) {
        const m = this.members[i]!;
        const slot = tree.latestContaining(m, m + POINTER_BYTES, s.seq);
        if (slot < 0) continue;
        const block = s.block[slot]!;
        if (block === 0 || !this.device.isLive(block)) continue;
        const off = s.storage[slot]! - this.device.base(block) + (m - s.hostStart[slot]!);
        out.push({ device: d, ptr: m, value: canonicalPtr(this.device, this.device.image(block), off) });
      }
    }
    return out;
  }

  // ----------------------------------------------------------------------------------------------
  // Devices

  /** Device index (0 … n-1), the host (n), DEV_INVALID or DEV_OUT_OF_RANGE (OpenMP 6.0 §25 conforming device numbers). */
  private resolveDevice(arg: DeviceArg | undefined): number {
    if (arg === undefined) return 0;
    if (arg === 'initial' || arg === -1 || arg === this.n) return this.n;
    if (arg === -2) return DEV_INVALID;
    return Number.isInteger(arg) && arg >= 0 && arg < this.n ? arg : DEV_OUT_OF_RANGE;
  }

  /** The device of a construct (OpenMP 6.0 §15.2 device clause): omp_invalid_device is an error, other bad numbers undefined. */
  private constructDevice(arg: DeviceArg | undefined, op: string): number {
    const d = this.resolveDevice(arg);
    if (d === DEV_INVALID) fail('omp_error_invalid_device', `${op} on omp_invalid_device`);
    if (d === DEV_OUT_OF_RANGE) stopUndefined(`${op} on device ${String(arg)}, which does not exist`);
    return d;
  }

  /** K-B11: a device memory routine given omp_invalid_device or an out-of-range number. */
  private badDevice(op: string, d: number, graceful: Observation): Observation {
    const what = d === DEV_INVALID ? 'omp_invalid_device' : 'a device number out of range';
    switch (this.knobs['K-B11']) {
      case 'undefined':
        return stopUndefined(`${op} on ${what}`);
      case 'fatal':
        return fail('fatal_invalid_device', `${op} on ${what}`);
      case 'graceful':
        return graceful;
    }
  }

  private setBlockOwner(block: number, owner: number, fromAlloc: boolean): void {
    if (block >= this.blockOwner.length) {
      this.blockOwner = grown(this.blockOwner, block + 1);
      this.blockFromAlloc = grown(this.blockFromAlloc, block + 1);
    }
    this.blockOwner[block] = owner + 1;
    this.blockFromAlloc[block] = fromAlloc ? 1 : 0;
  }

  /** A new block of indeterminate contents owned by device index `owner` (host: n). */
  private newBlock(bytes: number, owner: number, fromAlloc: boolean): number {
    const block = this.device.allocate(bytes);
    this.device.image(block).words.fill(INDETERMINATE);
    this.setBlockOwner(block, owner, fromAlloc);
    return block;
  }

  // ----------------------------------------------------------------------------------------------
  // Host objects and lookups

  /** Index of the host object holding byte `addr`, or -1. */
  private objectAt(addr: number): number {
    let lo = 0;
    let hi = this.objStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.objStart[mid]! <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && addr < this.objEnd[hi]! ? hi : -1;
  }

  /** Lookup of [lo, hi) on device d: the containing entry created last, or ABSENT / PARTLY. */
  private lookup(d: number, lo: number, hi: number): number {
    const tree = this.trees[d]!;
    const slot = tree.latestContaining(lo, hi, this.slots.seq);
    if (slot >= 0) return slot;
    return tree.anyOverlap(lo, hi) >= 0 ? PARTLY : ABSENT;
  }

  /**
   * Sets wImg / wFirst to the image and word index that hold host address `addr` of an entry's
   * storage (`self` storage: host memory). Storage in a freed block makes the step undefined.
   */
  private storageWords(slot: number, addr: number): void {
    const s = this.slots;
    const block = s.block[slot]!;
    if (block === 0) {
      this.wImg = this.host.image;
      this.wFirst = this.host.offset(addr) >> 2;
      return;
    }
    if (!this.device.isLive(block)) stopUndefined(`the storage of the entry at host 0x${s.hostStart[slot]!.toString(16)} was freed`);
    this.wImg = this.device.image(block);
    this.wFirst = (s.storage[slot]! - this.device.base(block) + (addr - s.hostStart[slot]!)) >> 2;
  }

  private removeEntry(slot: number, freeBlock: boolean): void {
    const s = this.slots;
    this.trees[s.device[slot]!]!.remove(slot);
    if (freeBlock && s.origin[slot] === ORIGIN_MAP && s.block[slot] !== 0) this.device.free(s.block[slot]!);
    s.release(slot);
  }

  // ----------------------------------------------------------------------------------------------
  // Map constructs (README-openmp "Map constructs")

  /** Resolves every map item var (at the start of the construct) onto the item stack. */
  private pushMaps(maps: readonly MapItem[]): void {
    for (let m = 0; m < maps.length; m++) {
      const item = maps[m]!;
      const code = MAP_TYPE_CODES[item.type];
      if (code === undefined) throw new Error(`unknown map type '${item.type}'`);
      let mods = 0;
      const modifiers = item.modifiers;
      if (modifiers) for (let i = 0; i < modifiers.length; i++) mods |= MODIFIER_BITS[modifiers[i]!];
      for (let v = 0; v < item.vars.length; v++) this.pushItem(code, mods, this.refs.get(item.vars[v]!));
    }
  }

  private pushItem(code: number, mods: number, r: CompiledRef): void {
    let start = r.start;
    let end = r.end;
    let member = 0;
    let flags = r.kind === REF_STRUCT ? ITEM_STRUCT : 0;
    if (r.kind === REF_MEMBER) {
      // c%p stands for its current host target; null maps nothing but is still c's item.
      const img = this.host.image;
      const off = this.host.offset(r.start);
      if (ptrIndeterminate(img, off)) stopUndefined(`${r.text} has an indeterminate host value`);
      start = ptrBase(img, off);
      end = start + ptrCount(img, off) * ELEMENT_BYTES;
      member = r.start;
      flags = ITEM_MEMBER | (start === 0 ? ITEM_NULL : 0);
    }
    // In index order, so a new record is appended.
    const at = this.itemTop * ITEM_FIELDS;
    const it = this.items;
    it[at + I_TYPE] = code;
    it[at + I_MODS] = mods;
    it[at + I_START] = start;
    it[at + I_END] = end;
    it[at + I_FLAGS] = flags;
    it[at + I_MEMBER] = member;
    it[at + I_GROUP] = -1;
    this.itemRefs[this.itemTop] = r;
    this.itemTop++;
  }

  /**
   * K-B16: groups the non-null items from `base` into storage blocks (`storage-block`: items in
   * the same host object share one block spanning all of them; `list-item`: one block per item),
   * numbered in order of first appearance. Returns the number of blocks.
   */
  private formBlocks(base: number): number {
    const perObject = this.knobs['K-B16'] === 'storage-block';
    const it = this.items;
    let count = 0;
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & ITEM_NULL) !== 0) {
        it[I_GROUP + at] = -1;
        continue;
      }
      const start = it[I_START + at]!;
      const end = it[I_END + at]!;
      const key = perObject ? this.objectAt(start) : -1 - i;
      let g = 0;
      while (g < count && this.gKey[g] !== key) g++;
      if (g === count) {
        if (count >= this.gKey.length) {
          this.gStart = grown(this.gStart, count + 1);
          this.gEnd = grown(this.gEnd, count + 1);
          this.gKey = grown(this.gKey, count + 1);
          this.gFlags = grown(this.gFlags, count + 1);
        }
        this.gKey[g] = key;
        this.gStart[g] = start;
        this.gEnd[g] = end;
        this.gFlags[g] = 0;
        count++;
      } else {
        if (start < this.gStart[g]!) this.gStart[g] = start;
        if (end > this.gEnd[g]!) this.gEnd[g] = end;
      }
      const mods = it[I_MODS + at]!;
      let flags = this.gFlags[g]!;
      if ((it[I_FLAGS + at]! & ITEM_IMPLICIT) === 0) flags |= BLOCK_EXPLICIT;
      if ((mods & MOD_PRESENT) !== 0) flags |= BLOCK_PRESENT;
      if ((mods & MOD_DELETE) !== 0 || it[I_TYPE + at] === DELETE) flags |= BLOCK_DELETE;
      this.gFlags[g] = flags;
      it[I_GROUP + at] = g;
    }
    return count;
  }

  /** Entry of the items from `base` on device d: per storage block, then pointer attachment. */
  private entryPhase(base: number, d: number): void {
    // On the host the original storage is the device storage: maps do nothing.
    if (d === this.n) return;
    const epoch = ++this.epoch;
    const blocks = this.formBlocks(base);
    const s = this.slots;
    const it = this.items;
    for (let g = 0; g < blocks; g++) {
      const lo = this.gStart[g]!;
      const hi = this.gEnd[g]!;
      let slot = this.lookup(d, lo, hi);
      if (slot < 0 && (this.gFlags[g]! & BLOCK_PRESENT) !== 0)
        fail('omp_error_not_present', `${this.blockName(base, g)} is not present on device ${d} (present modifier)`);
      if (slot === PARTLY) {
        if ((this.gFlags[g]! & BLOCK_EXPLICIT) === 0) {
          this.enterOverlapping(base, d, g, epoch);
          continue;
        }
        if (this.knobs['K-B5'] === 'error') fail('fatal_partial_map', `${this.blockName(base, g)} is partly present on device ${d}`);
        stopUndefined(`${this.blockName(base, g)} is partly present on device ${d} (a map restriction is broken)`);
      }
      if (slot === ABSENT) slot = this.createMapEntry(d, lo, hi, epoch);
      if (s.adjusted[slot] !== epoch) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = s.rc[slot]!;
        if (s.rc[slot] !== RC_INF) s.rc[slot] = s.rc[slot]! + 1;
      }
      // Step 5 tests the count as it is now.
      const rcIsOne = s.rc[slot] === 1;
      if (s.block[slot] === 0) continue; // self storage: nothing to copy
      for (let i = base; i < this.itemTop; i++) {
        const at = i * ITEM_FIELDS;
        if (it[I_GROUP + at] !== g) continue;
        const type = it[I_TYPE + at]!;
        if ((type === TO || type === TOFROM) && (rcIsOne || (it[I_MODS + at]! & MOD_ALWAYS) !== 0))
          this.copyToDevice(slot, it[I_START + at]!, it[I_END + at]!);
      }
    }
    for (let i = base; i < this.itemTop; i++) {
      const at = i * ITEM_FIELDS;
      if ((it[I_FLAGS + at]! & (ITEM_MEMBER | ITEM_NULL)) === ITEM_MEMBER) this.attach(d, i, epoch);
    }
  }

  /** Exit of the items from `base` on device d (exit data when `exitData`, else a region's end). */
  private exitPhase(base: number, d: number, exitData: boolean): void {
    if (d === this.n) return;
    const epoch = ++this.epoch;
    const blocks = this.formBlocks(base);
    const s = this.slots;
    const it = this.items;
    for (let g = 0; g < blocks; g++) {
      const slot = this.lookup(d, this.gStart[g]!, this.gEnd[g]!);
      if (slot === PARTLY && (this.gFlags[g]! & BLOCK_EXPLICIT) === 0) {
        this.exitOverlapping(base, d, g, epoch);
        continue;
      }
      if (slot < 0) {
        // K-B6: the present modifier on exit data is checked here (absent data only).
        if (slot === ABSENT && exitData && (this.gFlags[g]! & BLOCK_PRESENT) !== 0 && this.knobs['K-B6'] === 'error')
          fail('omp_error_not_present', `${this.blockName(base, g)} is not present on device ${d} (present modifier)`);
        continue;
      }
      const rc = s.rc[slot]!;
      const adjusted = s.adjusted[slot] === epoch;
      const deletes = (this.gFlags[g]! & BLOCK_DELETE) !== 0;
      if (s.block[slot] !== 0) {
        // Step 1 tests the count from before this construct first changed it, and the item's own
        // always / delete modifiers.
        const countIsOne = (adjusted ? s.rcBefore[slot] : rc) === 1;
        for (let i = base; i < this.itemTop; i++) {
          const at = i * ITEM_FIELDS;
          if (it[I_GROUP + at] !== g) continue;
          const type = it[I_TYPE + at]!;
          if (type !== FROM && type !== TOFROM) continue;
          // Pointer members are never copied back: a struct item copies nothing.
          if ((it[I_FLAGS + at]! & ITEM_STRUCT) !== 0) continue;
          if (countIsOne || (it[I_MODS + at]! & (MOD_ALWAYS | MOD_DELETE)) !== 0) this.copyToHost(slot, it[I_START + at]!, it[I_END + at]!);
        }
      }
      // Steps 2 and 3: delete zeroes, anything else decrements; both at most once per construct.
      if (!adjusted && rc !== RC_INF) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = rc;
        s.rc[slot] = deletes ? 0 : rc - 1;
        if (s.rc[slot] === 0) this.removeEntry(slot, true);
      }
    }
  }

  /** Gathers into overlapSlots the entries of device d sharing a byte with storage block g. */
  private gatherOverlapping(d: number, g: number): void {
    this.overlapCount = 0;
    this.trees[d]!.overlapping(this.gStart[g]!, this.gEnd[g]!, this.collectOverlap);
  }

  /**
   * Entry of the implicit map's block g on partly present data (6.0 §7.9.3, §7.9.6): only the
   * parts that already have storage get it. Every overlapping entry is used as it is: its count
   * moves once, and a `to` copy (count now 1) fills the part of each item inside it.
   */
  private enterOverlapping(base: number, d: number, g: number, epoch: number): void {
    const s = this.slots;
    const it = this.items;
    this.implicitPartial = true;
    this.gatherOverlapping(d, g);
    for (let k = 0; k < this.overlapCount; k++) {
      const slot = this.overlapSlots[k]!;
      if (s.adjusted[slot] !== epoch) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = s.rc[slot]!;
        if (s.rc[slot] !== RC_INF) s.rc[slot] = s.rc[slot]! + 1;
      }
      if (s.block[slot] === 0 || s.rc[slot] !== 1) continue;
      for (let i = base; i < this.itemTop; i++) {
        const at = i * ITEM_FIELDS;
        if (it[I_GROUP + at] !== g) continue;
        const type = it[I_TYPE + at]!;
        if (type === TO || type === TOFROM) this.copyOverlap(slot, it[I_START + at]!, it[I_END + at]!, true);
      }
    }
  }

  /**
   * Exit of the implicit map's block g on partly present data: each overlapping entry copies the
   * part of each `from` item inside it back when its count (before this construct) is 1, then its
   * count drops once and the entry goes at 0.
   */
  private exitOverlapping(base: number, d: number, g: number, epoch: number): void {
    const s = this.slots;
    const it = this.items;
    this.gatherOverlapping(d, g);
    for (let k = 0; k < this.overlapCount; k++) {
      const slot = this.overlapSlots[k]!;
      const rc = s.rc[slot]!;
      const adjusted = s.adjusted[slot] === epoch;
      if (s.block[slot] !== 0 && (adjusted ? s.rcBefore[slot] : rc) === 1) {
        for (let i = base; i < this.itemTop; i++) {
          const at = i * ITEM_FIELDS;
          if (it[I_GROUP + at] !== g || (it[I_FLAGS + at]! & ITEM_STRUCT) !== 0) continue;
          const type = it[I_TYPE + at]!;
          if (type === FROM || type === TOFROM) this.copyOverlap(slot, it[I_START + at]!, it[I_END + at]!, false);
        }
      }
      if (!adjusted && rc !== RC_INF) {
        s.adjusted[slot] = epoch;
        s.rcBefore[slot] = rc;
        s.rc[slot] = rc - 1;
        if (rc === 1) this.removeEntry(slot, true);
      }
    }
  }

  /** Copies the part of [start, end) that lies in entry `slot`, to the device or back to the host. */
  private copyOverlap(slot: number, start: number, end: number, toDevice: boolean): void {
    const lo = Math.max(start, this.slots.hostStart[slot]!);
    const hi = Math.min(end, this.slots.hostEnd[slot]!);
    if (lo >= hi) return;
    if (toDevice) this.copyToDevice(slot, lo, hi);
    else this.copyToHost(slot, lo, hi);
  }

  /** A new map entry for [lo, hi) on device d with RC 0: a new block, or `self` storage (K-B8). */
  private createMapEntry(d: number, lo: number, hi: number, epoch: number): number {
    let block = 0;
    let storage = lo;
    if (this.shared[d] === 0 || this.knobs['K-B8'] === 'copies') {
      block = this.newBlock(hi - lo, d, false);
      storage = this.device.base(block);
    }
    const slot = this.slots.allocate(d, lo, hi, block, storage, 0, ORIGIN_MAP, epoch);
    this.trees[d]!.insert(lo, hi, slot);
    return slot;
  }

  private copyToDevice(slot: number, start: number, end: number): void {
    this.storageWords(slot, start);
    copyWords(this.host.image.words, this.host.offset(start) >> 2, this.wImg!.words, this.wFirst, (end - start) >> 2);
  }

  private copyToHost(slot: number, start: number, end: number): void {
    this.storageWords(slot, start);
    copyWords(this.wImg!.words, this.wFirst, this.host.image.words, this.host.offset(start) >> 2, (end - start) >> 2);
  }

  /**
   * Pointer attachment of c%p item i (non-null): when struct c and the target are present on
   * device d and (K-B7 `6.0`) one of their entries was created by this construct, c's device copy
   * of p := the device address of the target.
   */
  private attach(d: number, i: number, epoch: number): void {
    const s = this.slots;
    const at = i * ITEM_FIELDS;
    const c = this.refs.object(this.itemRefs[i]!.root);
    const holder = this.lookup(d, c.start, c.start + c.bytes);
    if (holder < 0) return;
    const start = this.items[I_START + at]!;
    const end = this.items[I_END + at]!;
    const target = this.lookup(d, start, end);
    if (target < 0) return;
    if (this.knobs['K-B7'] === '6.0' && s.created[holder] !== epoch && s.created[target] !== epoch) return;
    // Self storage: c's device copy is c itself, whose p already holds this target.
    if (s.block[holder] === 0) return;
    const member = this.items[I_MEMBER + at]!;
    this.storageWords(holder, member);
    const devTarget = s.storage[target]! + (start - s.hostStart[target]!);
    writePtr(this.wImg!, this.wFirst << 2, devTarget, (end - start) / ELEMENT_BYTES);
  }

  /** Readable name of storage block g of the items from `base`, for messages. */
  private blockName(base: number, g: number): string {
    const names: string[] = [];
    for (let i = base; i < this.itemTop; i++) if (this.items[I_GROUP + i * ITEM_FIELDS] === g) names.push(this.itemRefs[i]!.text);
    return names.join(', ');
  }

  // ----------------------------------------------------------------------------------------------
  // The target construct

  private target(step: OmpTarget): Observation {
    const d = this.constructDevice(step.device, step.op);
    const base = this.itemTop;
    this.pushMaps(step.maps);
    const body = this.refs.get('read' in step.body ? step.body.read : step.body.write);
    let named = false;
    for (let i = base; i < this.itemTop && !named; i++) named = this.itemRefs[i]!.root === body.root;
    // Implicit tofrom map of the body's root variable, after the explicit maps (6.0 §7.9.3).
    if (!named) {
      this.pushItem(TOFROM, 0, this.refs.get(body.root));
      const at = (this.itemTop - 1) * ITEM_FIELDS;
      this.items[I_FLAGS + at] = this.items[I_FLAGS + at]! | ITEM_IMPLICIT;
    }
    this.implicitPartial = false;
    this.entryPhase(base, d);
    const observation = this.kernel(d, body, step.body);
    this.exitPhase(base, d, false);
    this.itemTop = base;
    return observation;
  }

  /** The kernel reads or writes the elements `body` names, on device d (the host: host memory). */
  private kernel(d: number, r: CompiledRef, body: KernelBody): Observation {
    if (r.kind === REF_STRUCT) throw new Error(`kernel body '${r.text}' must be an array, a subarray or a pointer member`);
    let img: MemoryImage;
    let first: number;
    let count: number;
    if (d === this.n) {
      img = this.host.image;
      let start = r.start;
      let end = r.end;
      if (r.kind === REF_MEMBER) {
        const off = this.host.offset(r.start);
        if (ptrIndeterminate(img, off)) stopUndefined(`the kernel dereferences ${r.text}, whose host value is indeterminate`);
        start = ptrBase(img, off);
        if (start === 0) stopUndefined(`the kernel dereferences ${r.text}, which is disassociated`);
        end = start + ptrCount(img, off) * ELEMENT_BYTES;
      }
      first = this.host.offset(start) >> 2;
      count = (end - start) / ELEMENT_BYTES;
    } else if (r.kind === REF_ARRAY) {
      const slot = this.lookup(d, r.start, r.end);
      if (slot < 0 && this.implicitPartial) return this.kernelByElement(d, r, body);
      if (slot < 0) stopUndefined(`the kernel accesses ${r.text}, which is not present on device ${d}`);
      this.storageWords(slot, r.start);
      img = this.wImg!;
      first = this.wFirst;
      count = (r.end - r.start) / ELEMENT_BYTES;
    } else {
      const c = this.refs.object(r.root);
      const holder = this.lookup(d, c.start, c.start + c.bytes);
      if (holder < 0) stopUndefined(`the kernel dereferences ${r.text}, whose struct is not present on device ${d}`);
      this.storageWords(holder, r.start);
      const holderImg = this.wImg!;
      const off = this.wFirst << 2;
      if (ptrIndeterminate(holderImg, off)) stopUndefined(`the kernel dereferences ${r.text}, whose device value is indeterminate`);
      const addr = ptrBase(holderImg, off);
      count = ptrCount(holderImg, off);
      if (addr === 0) stopUndefined(`the kernel dereferences ${r.text}, a null device pointer`);
      const bytes = count * ELEMENT_BYTES;
      if (addr < DEVICE_BASE) {
        // A host address: only a device that shares memory with the host can use it.
        if (this.shared[d] === 0) stopUndefined(`the kernel dereferences ${r.text}, which holds a host address (not attached)`);
        const obj = this.objectAt(addr);
        if (obj < 0 || this.objIsStruct[obj] === 1 || addr + bytes > this.objEnd[obj]!)
          stopUndefined(`the kernel reads ${count} elements through ${r.text}, outside host memory`);
        img = this.host.image;
        first = this.host.offset(addr) >> 2;
      } else {
        const block = this.device.holding(addr, bytes);
        if (block === NOT_LIVE) stopUndefined(`the kernel dereferences ${r.text}, which points into freed device memory`);
        if (block === PAST_END) stopUndefined(`the kernel reads ${count} elements through ${r.text}, beyond the end of its device block`);
        img = this.device.image(block);
        first = (addr - this.device.base(block)) >> 2;
      }
    }
    if ('read' in body) return { kind: 'read', values: readWords(img.words, first, count) };
    img.words.fill(body.value, first, first + count);
    return OK;
  }

  /**
   * A kernel access to array elements that no single entry holds, after an implicit map of partly
   * present data: each element goes through the entry created last that holds it; an element in
   * no entry is undefined.
   */
  private kernelByElement(d: number, r: CompiledRef, body: KernelBody): Observation {
    const count = (r.end - r.start) / ELEMENT_BYTES;
    const tree = this.trees[d]!;
    const values = 'read' in body ? new Array<number | null>(count) : null;
    for (let k = 0; k < count; k++) {
      const addr = r.start + k * ELEMENT_BYTES;
      const slot = tree.latestContaining(addr, addr + ELEMENT_BYTES, this.slots.seq);
      if (slot < 0) stopUndefined(`the kernel accesses ${r.text} at host 0x${addr.toString(16)}, which no entry on device ${d} holds`);
      this.storageWords(slot, addr);
      const words = this.wImg!.words;
      if ('write' in body) words[this.wFirst] = body.value;
      else values![k] = words[this.wFirst] === INDETERMINATE ? null : words[this.wFirst]!;
    }
    return values === null ? OK : { kind: 'read', values };
  }

  // ----------------------------------------------------------------------------------------------
  // Device memory routines (README-openmp "Device memory routines")

  /**
   * Resolves a pointer argument into pKind / pAddr / pBlock / pObj: a var is the host address of
   * the variable (c%p: of its current target), a handle the block an earlier omp_target_alloc
   * returned. Arithmetic on a null pointer is undefined.
   */
  private resolvePtr(arg: PtrArg, op: string): void {
    if (arg === null) {
      this.pKind = P_NULL;
      return;
    }
    const offset = arg.offset ?? 0;
    if ('var' in arg) {
      const r = this.refs.get(arg.var);
      let base = r.start;
      if (r.kind === REF_MEMBER) {
        const img = this.host.image;
        const off = this.host.offset(r.start);
        if (ptrIndeterminate(img, off)) stopUndefined(`${op} of ${r.text}, whose host value is indeterminate`);
        base = ptrBase(img, off);
      }
      if (base === 0) return this.nullPtr(offset, op, r.text);
      this.pKind = P_HOST;
      this.pAddr = base + offset;
      this.pObj = this.objectAt(base);
      return;
    }
    const block = this.handles.get(arg.handle);
    if (block === undefined) throw new Error(`handle '${arg.handle}' is not the result of an earlier omp_target_alloc step`);
    if (block === 0) return this.nullPtr(offset, op, arg.handle);
    this.pKind = P_BLOCK;
    this.pBlock = block;
    this.pAddr = this.device.base(block) + offset;
  }

  private nullPtr(offset: number, op: string, name: string): void {
    if (offset !== 0) stopUndefined(`${op}: ${name} is a null pointer, so ${name} + ${offset} points nowhere`);
    this.pKind = P_NULL;
  }

  /** The resolved pointer as a routine's return value. */
  private ptrObservation(): Observation {
    if (this.pKind === P_NULL) return NULL_VALUE;
    if (this.pKind === P_HOST) return { kind: 'value', value: { host: this.pAddr } };
    return { kind: 'value', value: { block: this.pBlock, offset: this.pAddr - this.device.base(this.pBlock) } };
  }

  /** omp_target_alloc (6.0 §25.3). */
  private alloc(bytes: number, arg: DeviceArg, result: string): Observation {
    this.handles.set(result, 0);
    if (bytes === 0 && this.knobs['K-B10'] === 'null') return NULL_VALUE;
    const d = this.resolveDevice(arg);
    if (d < 0) return this.badDevice('omp_target_alloc', d, NULL_VALUE);
    // K-B10 `unique` hands out a fresh block only where the memory is the host's.
    if (bytes === 0 && d !== this.n && this.shared[d] === 0) return NULL_VALUE;
    const block = this.newBlock(bytes, d, true);
    this.handles.set(result, block);
    return { kind: 'value', value: { block, offset: 0 } };
  }

  /** omp_target_free (6.0 §25.4). */
  private free(ptr: PtrArg, arg: DeviceArg): Observation {
    this.resolvePtr(ptr, 'omp_target_free');
    if (this.pKind === P_NULL) return OK;
    const d = this.resolveDevice(arg);
    if (d < 0) return this.badDevice('omp_target_free', d, OK);
    const block = this.pBlock;
    if (
      this.pKind !== P_BLOCK ||
      this.pAddr !== this.device.base(block) ||
      !this.device.isLive(block) ||
      this.blockFromAlloc[block] !== 1 ||
      this.blockOwner[block] !== d + 1
    )
      stopUndefined('omp_target_free of a pointer that is not a live omp_target_alloc result of that device');
    this.device.free(block);
    return OK;
  }

  /** omp_target_is_present (6.0 §25.2.1). */
  private isPresent(ptr: PtrArg, arg: DeviceArg): Observation {
    this.resolvePtr(ptr, 'omp_target_is_present');
    if (this.pKind === P_NULL) return this.knobs['K-B1'] === 'true' ? TRUE : FALSE;
    const d = this.resolveDevice(arg);
    if (d === this.n) return TRUE;
    if (d < 0) return this.badDevice('omp_target_is_present', d, FALSE);
    // Host tables hold host ranges only: a device pointer is in no entry.
    const hit = this.pKind === P_HOST && this.trees[d]!.findPoint(this.pAddr) >= 0;
    if (!hit && this.shared[d] === 1) return this.knobs['K-B2'] === 'self-mapped' ? TRUE : FALSE;
    return hit ? TRUE : FALSE;
  }

  /** omp_target_is_accessible (6.0 §25.2.2), K-B9. */
  private isAccessible(step: OmpTargetIsAccessible): Observation {
    this.resolvePtr(step.ptr, step.op);
    const reading = this.knobs['K-B9'];
    if (reading === '6.0' && step.bytes === 0) stopUndefined(`${step.op} with 0 bytes (the size must be positive)`);
    if (reading !== 'capability' && this.pKind === P_NULL) return FALSE;
    const d = this.resolveDevice(step.device);
    if (d === this.n) {
      // 6.0 reads ptr in the host's address space: a discrete device's allocation is not in it.
      if (reading === '6.0' && this.pKind === P_BLOCK) {
        const owner = this.blockOwner[this.pBlock]! - 1;
        if (owner < this.n && this.shared[owner] === 0) return FALSE;
      }
      return TRUE;
    }
    if (d < 0) return this.badDevice(step.op, d, FALSE);
    if (this.shared[d] === 1) return TRUE;
    if (reading !== '6.0') return FALSE;
    // 6.0: ptr is an address of the device; the bytes must lie in one of its live allocations.
    if (this.pKind !== P_BLOCK) return FALSE;
    const block = this.pBlock;
    const inside =
      this.device.isLive(block) &&
      this.blockOwner[block] === d + 1 &&
      this.pAddr + step.bytes <= this.device.base(block) + this.device.size(block);
    return inside ? TRUE : FALSE;
  }

  /** omp_target_associate_ptr (6.0 §25.5), K-B14, K-B18, K-B15, K-B11, K-B3. */
  private associate(step: OmpTargetAssociatePtr): Observation {
    const op = step.op;
    const d = this.resolveDevice(step.device);
    const refused = this.hostOrSharedDevice(op, d);
    if (refused !== null) return refused;
    this.resolvePtr(step.host, op);
    const hostKind = this.pKind;
    const hostStart = this.pAddr;
    const hostObj = this.pObj;
    this.resolvePtr(step.dev, op);
    if (hostKind === P_NULL || this.pKind === P_NULL || step.bytes === 0) {
      if (this.knobs['K-B15'] === 'nonzero') return ONE;
      stopUndefined(`${op} with a null pointer or 0 bytes`);
    }
    if (d < 0) return this.badDevice(op, d, ONE);
    // The host range must lie in an array, the device range in a live omp_target_alloc block of d.
    const hostEnd = hostStart + step.bytes;
    if (hostKind !== P_HOST || this.objIsStruct[hostObj] === 1 || hostEnd > this.objEnd[hostObj]!)
      stopUndefined(`${op}: the host range does not lie in an array`);
    const block = this.pBlock;
    if (this.pKind !== P_BLOCK || this.blockOwner[block] !== d + 1 || this.blockFromAlloc[block] !== 1 || !this.device.isLive(block))
      stopUndefined(`${op}: the device pointer is not a live omp_target_alloc block of device ${d}`);
    const storage = this.pAddr + step.offset;
    if (storage + step.bytes > this.device.base(block) + this.device.size(block))
      stopUndefined(`${op}: the device range runs past the end of its allocation`);
    // Elements must keep their alignment in the device storage.
    if ((storage - hostStart) % ELEMENT_BYTES !== 0) stopUndefined(`${op}: the device address is not aligned like the host address`);

    const s = this.slots;
    const tree = this.trees[d]!;
    switch (this.knobs['K-B3']) {
      case 'spec': {
        // Same start: the identical association again, or a second buffer for the host pointer.
        const same = tree.latestStartingAt(hostStart, s.seq);
        if (same >= 0)
          return s.origin[same] === ORIGIN_ASSOCIATE && s.storage[same] === storage && s.hostEnd[same] === hostEnd ? ZERO : ONE;
        if (tree.anyOverlap(hostStart, hostEnd) >= 0) stopUndefined(`${op}: the new association shares storage with an existing one`);
        break;
      }
      case 'subset': {
        const holder = tree.latestContaining(hostStart, hostEnd, s.seq);
        if (holder >= 0 && s.storage[holder] === storage) return ZERO;
        if (tree.anyOverlap(hostStart, hostEnd) >= 0) return ONE;
        break;
      }
      case 'exact-start': {
        const same = tree.latestStartingAt(hostStart, s.seq);
        if (same >= 0) return s.hostEnd[same] === hostEnd && s.storage[same] === storage ? ZERO : ONE;
        break;
      }
    }
    const slot = s.allocate(d, hostStart, hostEnd, block, storage, RC_INF, ORIGIN_ASSOCIATE, 0);
    tree.insert(hostStart, hostEnd, slot);
    return ZERO;
  }

  /** omp_target_disassociate_ptr (6.0 §25.6), K-B14, K-B18, K-B11, K-B4, K-B12, K-B17. */
  private disassociate(step: OmpTargetDisassociatePtr): Observation {
    const op = step.op;
    this.resolvePtr(step.ptr, op);
    if (this.pKind === P_NULL) return ONE;
    const d = this.resolveDevice(step.device);
    const refused = this.hostOrSharedDevice(op, d);
    if (refused !== null) return refused;
    if (d < 0) return this.badDevice(op, d, ONE);
    if (this.pKind === P_HOST) {
      const s = this.slots;
      const tree = this.trees[d]!;
      const slot = tree.latestStartingAt(this.pAddr, s.seq);
      if (slot >= 0) {
        if (s.origin[slot] === ORIGIN_MAP && this.knobs['K-B4'] === 'refuse') return ONE;
        // The storage stays allocated (associate: the program's buffer; K-B4 `remove`: not freed).
        this.removeEntry(slot, false);
        return ZERO;
      }
      if (tree.findPoint(this.pAddr) >= 0) {
        if (this.knobs['K-B12'] === 'nonzero') return ONE;
        stopUndefined(`${op} of an address inside an entry but not at its start`);
      }
    }
    // K-B17: unspecified by the text; the runtimes refuse with a nonzero result.
    if (this.knobs['K-B17'] === 'nonzero') return ONE;
    return stopUndefined(`${op} of a pointer without associated data on device ${d}`);
  }

  /**
   * associate_ptr / disassociate_ptr on the host (K-B14) or a shared-memory device (K-B18): the
   * routine's result, or null to go on (a discrete device, or K-B18 `as-discrete`).
   */
  private hostOrSharedDevice(op: string, d: number): Observation | null {
    if (d === this.n) {
      if (this.knobs['K-B14'] === 'nonzero') return ONE;
      return stopUndefined(`${op} on the host device`);
    }
    if (d < 0 || this.shared[d] === 0) return null;
    switch (this.knobs['K-B18']) {
      case 'nonzero':
        return ONE;
      case 'as-discrete':
        return null;
      case 'undefined':
        return stopUndefined(`${op} on device ${d}, which shares memory with the host`);
    }
  }

  /** omp_get_mapped_ptr (6.0 §25.2.3), K-B11, K-B2. */
  private mappedPtr(ptr: PtrArg, arg: DeviceArg): Observation {
    this.resolvePtr(ptr, 'omp_get_mapped_ptr');
    if (this.pKind === P_NULL) return NULL_VALUE;
    const d = this.resolveDevice(arg);
    if (d === this.n) return this.ptrObservation();
    if (d < 0) return this.badDevice('omp_get_mapped_ptr', d, NULL_VALUE);
    const s = this.slots;
    const p = this.pAddr;
    const slot = this.pKind === P_HOST ? this.trees[d]!.latestContaining(p, p + 1, s.seq) : -1;
    if (slot < 0) return this.shared[d] === 1 && this.knobs['K-B2'] === 'self-mapped' ? this.ptrObservation() : NULL_VALUE;
    const block = s.block[slot]!;
    if (block === 0) return { kind: 'value', value: { host: p } };
    const offset = s.storage[slot]! - this.device.base(block) + (p - s.hostStart[slot]!);
    return { kind: 'value', value: { block, offset } };
  }

  /** omp_target_memcpy (6.0 §25.7.1). */
  private memcpy(step: OmpTargetMemcpy): Observation {
    const op = step.op;
    if (step.bytes === 0) return ZERO;
    const dd = this.resolveDevice(step.dst_device);
    if (dd < 0) return this.badDevice(op, dd, ONE);
    const sd = this.resolveDevice(step.src_device);
    if (sd < 0) return this.badDevice(op, sd, ONE);
    if (step.bytes % ELEMENT_BYTES !== 0) stopUndefined(`${op} of ${step.bytes} bytes, not a whole number of elements`);
    this.resolvePtr(step.dst, op);
    this.flatWords(dd, step.dst_offset, step.bytes, 'dst');
    const dstImg = this.wImg!;
    const dstFirst = this.wFirst;
    this.resolvePtr(step.src, op);
    this.flatWords(sd, step.src_offset, step.bytes, 'src');
    const words = step.bytes / ELEMENT_BYTES;
    if (this.wImg === dstImg && this.wFirst < dstFirst + words && dstFirst < this.wFirst + words)
      stopUndefined(`${op} between overlapping ranges`);
    copyWords(this.wImg!.words, this.wFirst, dstImg.words, dstFirst, words);
    return ZERO;
  }

  /**
   * Sets wImg / wFirst to the memory a resolved memcpy pointer (+ offset) names on device d: a
   * host variable with the host device, or an omp_target_alloc block with the device it belongs
   * to. A null pointer, another device, a misaligned address or bytes outside the storage (a
   * struct is no element storage) make the step undefined.
   */
  private flatWords(d: number, offset: number, bytes: number, what: string): void {
    if (this.pKind === P_NULL) stopUndefined(`omp_target_memcpy: ${what} is a null pointer`);
    const addr = this.pAddr + offset;
    if (addr % ELEMENT_BYTES !== 0) stopUndefined(`omp_target_memcpy: ${what} is not element-aligned`);
    if (this.pKind === P_HOST) {
      const obj = this.pObj;
      if (d !== this.n) stopUndefined(`omp_target_memcpy: ${what} is a host address but its device is ${d}`);
      if (this.objIsStruct[obj] === 1 || addr < this.objStart[obj]! || addr + bytes > this.objEnd[obj]!)
        stopUndefined(`omp_target_memcpy: ${what} range lies outside its host array`);
      this.wImg = this.host.image;
      this.wFirst = this.host.offset(addr) >> 2;
      return;
    }
    const block = this.pBlock;
    if (this.blockOwner[block] !== d + 1) stopUndefined(`omp_target_memcpy: ${what} was not allocated on its device`);
    if (!this.device.isLive(block)) stopUndefined(`omp_target_memcpy: ${what} points into freed memory`);
    const off = addr - this.device.base(block);
    if (off + bytes > this.device.size(block)) stopUndefined(`omp_target_memcpy: ${what} range runs past the end of its allocation`);
    this.wImg = this.device.image(block);
    this.wFirst = off >> 2;
  }
}
