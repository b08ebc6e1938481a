// The present tables of the optimised OpenMP runtime (lang/README-openmp.md): one per device, each
// an interval tree over host ranges whose entries live in typed-array slots, over the host and
// device memory the OpenACC half uses too (so device blocks take numbers from one global sequence).
// Entries may overlap (K-B3 `exact-start`), so every lookup asks for the containing entry created
// last. This file holds the table, device numbers, host objects, lookups and the snapshot; the map
// constructs (constructs.ts) and the device memory routines (routines.ts) build on it.

import { scalarNames } from '../firstprivate.js';
import type { OmpEntrySnapshot, OmpPointerSnapshot, Observation } from '../../lang/observation.js';
import type { DeviceArg } from '../../lang/openmp.js';
import { POINTER_BYTES, POINTER_WORD_BYTES, worldDevices, type World } from '../../lang/program.js';
import type { KnobValues } from '../../profiles/index.js';

import { IntervalTree } from '../interval-tree.js';
import {
  INDETERMINATE,
  canonicalPtr,
  devicePool,
  type DeviceMemory,
  type HostMemory,
  type MemoryImage,
} from '../memory.js';
import { type WorldRefs } from '../refs.js';
import { runtimeError, undefinedBehaviour } from '../stop.js';
import { grown } from '../typed.js';
import { INFINITE_RC } from '../../lang/observation.js';

// ------------------------------------------------------------------------------------------------
// Devices, lookups, pointers

/** resolveDevice results besides a device index (0 … n-1) or the host (n). */
export const DEV_INVALID = -2;
export const DEV_OUT_OF_RANGE = -3;
/** omp_initial_device (-1) given to a routine under K-B20 `graceful` or `fatal`. */
export const DEV_INITIAL_ALIAS = -4;

/** attachKey(d, member) = member * ATTACH_KEY_DEVICES + d: the key of an attached pointer. */
export const ATTACH_KEY_DEVICES = 4096;
export const attachKey = (d: number, member: number): number => member * ATTACH_KEY_DEVICES + d;

/** lookup results besides a slot number. */
export const ABSENT = -1;
export const PARTLY = -2;

/** How the rc slot array (Int32Array) holds INFINITE_RC (lang/observation.ts). */
export const INFINITE_RC_CODE = -1;
export const ORIGIN_MAP = 0;
export const ORIGIN_ASSOCIATE = 1;
/** Storage of a declare target variable (OpenMP 6.0 §7.9.7). */
export const ORIGIN_DECLARE = 2;

/** Kinds of a resolved pointer argument. */
export const P_NULL = 0;
export const P_HOST = 1;
export const P_BLOCK = 2;

export const OK: Observation = Object.freeze({ kind: 'ok' });
export const TRUE: Observation = Object.freeze({ kind: 'value', value: true });
export const FALSE: Observation = Object.freeze({ kind: 'value', value: false });
export const ZERO: Observation = Object.freeze({ kind: 'value', value: 0 });
export const ONE: Observation = Object.freeze({ kind: 'value', value: 1 });
export const NULL_VALUE: Observation = Object.freeze({ kind: 'value', value: null });

/**
 * Present-table entries of every device, as parallel typed arrays indexed by slot, with a free list.
 * They start with room for 8 entries, on the V8 heap (see typed.ts).
 */
export class EntrySlots {
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
    // Stryker disable next-line ConditionalExpression: equivalent: slot numbers are internal (never observed); not reusing a released slot only uses more of them
    if (this.freeCount > 0) slot = this.freeSlots[--this.freeCount]!;
    else {
      slot = this.highWater++;
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent: capacity only (grown at least doubles, so growing early or by less still leaves room)
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

  // Stryker disable next-line BlockStatement: equivalent: slot numbers are internal; a slot never released is just not reused
  release(slot: number): void {
    // Stryker disable next-line UpdateOperator: equivalent: a negative count hands out no released slot (fresh ones instead)
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

/** The present tables and what every OpenMP operation looks things up in. */
/** A zero-length key (K-B59 `zero-size-key`): no storage, a count, the construct that last moved it. */
export interface ZeroKey {
  device: number;
  addr: number;
  rc: number;
  epoch: number;
}

export abstract class OmpTable {
  /** Number of non-host devices; the host is device index n. */
  protected readonly n: number;
  /** Scalar variables of the world, firstprivate in a kernel no map names them in (impl/firstprivate.ts). */
  protected readonly scalars: ReadonlySet<string>;
  /** Scalars a declare target names (enter or link): a kernel maps them as it maps arrays. */
  protected readonly declaredScalars = new Set<string>();
  /** The arrays a declare target names: static in Fortran, with no descriptor (K-B55 `descriptor`). */
  protected readonly staticArrays = new Set<string>();
  /** K-B55 `descriptor`: the maps of each pointer array's descriptor, by device and host object (impl/omp/constructs.ts). */
  protected readonly descriptors = new Map<number, number>();
  protected readonly shared: Uint8Array;
  protected readonly trees: IntervalTree[] = [];
  /**
   * K-B69 `registered`: the runtime's key of each declare target link array, per device with an
   * image: its host range and the block of the link variable's pointer slot (impl/omp/constructs.ts).
   */
  // Stryker disable next-line ArrayDeclaration: equivalent: a string element has no device, so it matches no lookup
  protected readonly linkKeys: { device: number; start: number; end: number; block: number }[] = [];
  /** K-B59 `zero-size-key`: the zero-length keys [addr, addr) of the devices (one per device at most). */
  protected zeroKeys: ZeroKey[] = [];
  protected readonly slots = new EntrySlots();
  /** Host objects in address order: bounds and whether each is a struct. */
  protected readonly objStart: Float64Array;
  protected readonly objEnd: Float64Array;
  protected readonly objIsStruct: Uint8Array;
  /** 1 for a single struct (not an array of structs): K-B70 groups its members. */
  protected readonly objSingleStruct: Uint8Array;
  /** Host address of every pointer member, ascending. */
  protected readonly members: Float64Array;
  /** Bytes of one element of an array of structs; of the whole object for other objects. */
  protected readonly objStride: Float64Array;
  /** End of an object's pointer descriptors (a struct with non-pointer members keeps them after); 0 for arrays. */
  protected readonly objPtrEnd: Float64Array;
  /** Per device block: owning device index + 1 (host: n + 1) of OpenMP blocks, 0 for others. */
  protected blockOwner = new Int32Array(16);
  /** Per device block: 1 when omp_target_alloc made it. */
  protected blockFromAlloc = new Uint8Array(16);
  /** Entries that overlap a range, gathered by collectOverlap (the tree must not change meanwhile). */
  protected overlapSlots = new Int32Array(8);
  /** The entries an exit brought to zero, removed after its last block. */
  protected zeroedSlots = new Int32Array(8);
  protected overlapCount = 0;
  protected readonly collectOverlap = (slot: number): void => {
    // Stryker disable next-line all: equivalent: a slot dropped for want of room is one the implicit map's entry phase and exit phase both skip, and the kernel looks elements up in the tree, not here
    if (this.overlapCount >= this.overlapSlots.length) this.overlapSlots = grown(this.overlapSlots, this.overlapCount + 1);
    this.overlapSlots[this.overlapCount++] = slot;
  };
  // Result of storageWords.
  protected wImg: MemoryImage | null = null;
  protected wFirst = 0;
  /**
   * Attached pointers (K-B22, K-B23), keyed by attachKey(device, member): the creation numbers of
   * the entry holding the pointer and of its target's entry, and whether that target entry is
   * still in the table. A record goes with its holder entry.
   */
  protected readonly attached = new Map<number, { holder: number; target: number; targetLive: boolean; count: number; base: number }>();

  constructor(
    world: World,
    protected readonly knobs: KnobValues,
    protected readonly refs: WorldRefs,
    protected readonly host: HostMemory,
    protected readonly device: DeviceMemory,
  ) {
    const devices = worldDevices(world);
    this.n = devices.length;
    this.scalars = scalarNames(world);
    // requires unified_shared_memory: every device reaches host storage, like a shared one; under
    // K-B54 `ignored` (GCC 12, LLVM 16 on an H200) the requirement changes nothing.
    const usm = world.requires?.includes('unified_shared_memory') === true && knobs['K-B54'] !== 'ignored';
    this.shared = new Uint8Array(devices.map((d) => (usm || d.kind === 'shared' ? 1 : 0)));
    // Stryker disable next-line EqualityOperator: equivalent: a tree for the host (index n) is never used (every step handles the host before looking in a tree)
    for (let d = 0; d < this.n; d++) this.trees.push(new IntervalTree());
    const objects = [...refs.hostObjects()];
    this.objStart = new Float64Array(objects.map((o) => o.start));
    this.objEnd = new Float64Array(objects.map((o) => o.start + o.bytes));
    this.objIsStruct = new Uint8Array(objects.map((o) => (o.kind === 'struct' ? 1 : 0)));
    this.objSingleStruct = new Uint8Array(objects.map((o) => (o.kind === 'struct' && world.structs.find((st) => st.name === o.name)!.count === undefined ? 1 : 0)));
    // One element of an array of structs; a whole object otherwise.
    this.objStride = new Float64Array(
      objects.map((o) => {
        // Stryker disable next-line ConditionalExpression: equivalent: no struct has an array's name, so the lookup finds nothing for an array
        const decl = o.kind === 'struct' ? world.structs.find((st) => st.name === o.name) : undefined;
        // Stryker disable next-line ArithmeticOperator: equivalent: the stride only places the lookup of a pointer's struct, and every entry holding a pointer member holds its whole element
        return decl?.count !== undefined ? decl.pointers.length * POINTER_BYTES : o.bytes;
      }),
    );
    this.objPtrEnd = new Float64Array(
      objects.map((o) => {
        const decl = o.kind === 'struct' ? world.structs.find((st) => st.name === o.name) : undefined;
        return decl === undefined ? 0 : decl.fields?.length ? o.start + decl.pointers.length * POINTER_BYTES : o.start + o.bytes;
      }),
    );
    // Stryker disable next-line ArrayDeclaration: equivalent: a member that is no number becomes NaN, which no entry holds
    const members: number[] = [];
    for (const s of world.structs) {
      const start = refs.object(s.name).start;
      for (let i = 0; i < (s.count ?? 1) * s.pointers.length; i++) members.push(start + i * POINTER_BYTES);
    }
    // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: equivalent: structs are laid out in declaration order, so the members are already ascending
    this.members = new Float64Array(members.sort((a, b) => a - b));
  }

  // ----------------------------------------------------------------------------------------------
  // Snapshot (README-openmp "Snapshot additions")

  /**
   * Every entry of every device, sorted by (device, host start, creation order): the tree yields
   * host start order, and no two entries of a device start at one address (a map never creates
   * an entry overlapping another, and every K-B3 reading answers an association at an existing
   * start without a new entry).
   */
  entries(): OmpEntrySnapshot[] {
    const out: OmpEntrySnapshot[] = [];
    const s = this.slots;
    for (let d = 0; d < this.n; d++) {
      this.trees[d]!.forEach((slot) => {
        const block = s.block[slot]!;
        const rc = s.rc[slot]!;
        out.push({
          device: d,
          host: [s.hostStart[slot]!, s.hostEnd[slot]!],
          block: block === 0 ? null : block,
          offset: block === 0 ? 0 : s.storage[slot]! - this.device.base(block),
          rc: rc === INFINITE_RC_CODE ? INFINITE_RC : rc,
          origin: s.origin[slot] === ORIGIN_ASSOCIATE ? 'associate' : s.origin[slot] === ORIGIN_DECLARE ? 'declare' : 'map',
        });
      });
      // K-B59: the device's zero-length key after its entries (a device has one at most: a
      // zero-length map elsewhere meets it and stops)
      const k = this.latestZeroKey(d);
      if (k !== null) out.push({ device: d, host: [k.addr, k.addr], block: null, offset: 0, rc: k.rc, origin: 'map' });
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
      // Stryker disable next-line ConditionalExpression: equivalent: a shortcut; an empty tree holds no member
      if (tree.size === 0) continue;
      // Stryker disable next-line EqualityOperator: equivalent: members[length] is undefined, which no entry holds
      for (let i = 0; i < this.members.length; i++) {
        const m = this.members[i]!;
        const slot = tree.latestContaining(m, m + POINTER_BYTES, s.seq);
        // Stryker disable next-line ConditionalExpression: equivalent: slot -1 reads block undefined, neither 0 nor live, and is skipped below
        if (slot < 0) continue;
        const block = s.block[slot]!;
        // Stryker disable next-line LogicalOperator: equivalent: the block of an entry in the table is live (blocks are freed when their entry goes; an association's block cannot hold a struct)
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
  protected resolveDevice(arg: DeviceArg | undefined): number {
    if (arg === undefined) return 0;
    if (arg === 'initial' || arg === -1 || arg === this.n) return this.n;
    if (arg === -2) return DEV_INVALID;
    return Number.isInteger(arg) && arg >= 0 && arg < this.n ? arg : DEV_OUT_OF_RANGE;
  }

  /** The device of a construct (OpenMP 6.0 §15.2 device clause): omp_invalid_device is an error, other bad numbers undefined. */
  protected constructDevice(arg: DeviceArg | undefined, op: string): number {
    // K-B61 `default-device` (GCC 12: -1 is GOMP_DEVICE_ICV): the default device, device 0.
    const d = this.resolveDevice(arg === -1 && this.knobs['K-B61'] === 'default-device' ? 0 : arg);
    // K-B56 `host-fallback` (GCC 12: -2 is GOMP_DEVICE_HOST_FALLBACK): the construct runs on the host.
    if (d === DEV_INVALID && this.knobs['K-B56'] === 'host-fallback') return this.n;
    if (d === DEV_INVALID) runtimeError('omp_error_invalid_device', `${op} on omp_invalid_device`);
    if (d === DEV_OUT_OF_RANGE) undefinedBehaviour(`${op} on device ${String(arg)}, which does not exist`);
    return d;
  }

  /** A device memory routine's device argument: as resolveDevice, with -1 under K-B20 other than `host` a bad number. */
  protected routineDevice(arg: DeviceArg): number {
    if (arg === -1 && this.knobs['K-B20'] !== 'host') return DEV_INITIAL_ALIAS;
    return this.resolveDevice(arg);
  }

  /** K-B21 `device-first`: a bad device number is answered before a null pointer. */
  protected get deviceFirst(): boolean {
    return this.knobs['K-B21'] === 'device-first';
  }

  /**
   * A device memory routine given a number it cannot use: omp_invalid_device (K-B19: error
   * termination, or GCC 12's `graceful` answer), omp_initial_device under K-B20 `graceful` /
   * `fatal`, or an out-of-range number (K-B11).
   */
  protected badDevice(op: string, d: number, graceful: Observation): Observation {
    if (d === DEV_INVALID) {
      if (this.knobs['K-B19'] === 'graceful') return graceful;
      return runtimeError('omp_error_invalid_device', `${op} on omp_invalid_device`);
    }
    if (d === DEV_INITIAL_ALIAS) {
      if (this.knobs['K-B20'] === 'graceful') return graceful;
      return runtimeError('fatal_invalid_device', `${op} on device -1, which the runtime does not know`);
    }
    // Stryker disable next-line StringLiteral: equivalent: words messages only
    const what = 'a device number out of range';
    switch (this.knobs['K-B11']) {
      case 'undefined':
        return undefinedBehaviour(`${op} on ${what}`);
      case 'fatal':
        return runtimeError('fatal_invalid_device', `${op} on ${what}`);
      case 'graceful':
        return graceful;
    }
  }

  protected setBlockOwner(block: number, owner: number, fromAlloc: boolean): void {
    if (block >= this.blockOwner.length) {
      // Stryker disable next-line ArithmeticOperator: equivalent: grown at least doubles, so block - 1 still leaves room for block
      this.blockOwner = grown(this.blockOwner, block + 1);
      // Stryker disable next-line ArithmeticOperator: equivalent: as above
      this.blockFromAlloc = grown(this.blockFromAlloc, block + 1);
    }
    this.blockOwner[block] = owner + 1;
    this.blockFromAlloc[block] = fromAlloc ? 1 : 0;
  }

  /** A new block of indeterminate contents owned by device index `owner` (host: n). */
  protected newBlock(bytes: number, owner: number, fromAlloc: boolean, pointers = false): number {
    const block = this.device.allocate(bytes, devicePool(owner, pointers));
    this.device.image(block).words.fill(INDETERMINATE);
    this.setBlockOwner(block, owner, fromAlloc);
    return block;
  }

  /**
   * K-B69 `registered`: the link key on device d holding host byte addr, while no entry holds any
   * byte of its array (a map of any part takes the key out of the table until it ends), or null.
   */
  protected linkKeyAt(d: number, addr: number): { start: number; end: number; block: number } | null {
    for (const k of this.linkKeys) {
      if (k.device !== d || addr < k.start || addr >= k.end) continue;
      return this.trees[d]!.anyOverlap(k.start, k.end) < 0 ? k : null;
    }
    return null;
  }

  /** K-B69 `registered`: whether a link key no entry hides shares a byte with [lo, hi) on device d. */
  protected linkKeyOverlapping(d: number, lo: number, hi: number): boolean {
    return this.linkKeys.some((k) => k.device === d && k.start < hi && lo < k.end && this.trees[d]!.anyOverlap(k.start, k.end) < 0);
  }

  // ----------------------------------------------------------------------------------------------
  // Host objects and lookups

  /** Index of the host object holding byte `addr`, or -1. */
  protected objectAt(addr: number): number {
    let lo = 0;
    // Stryker disable next-line ArithmeticOperator: equivalent: past the last object objStart is undefined, never <= addr, so the search ends at the same place
    let hi = this.objStart.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.objStart[mid]! <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    // Stryker disable next-line all: equivalent: every caller passes an address inside a host object (a variable's bytes or a host pointer's target)
    return hi >= 0 && addr < this.objEnd[hi]! ? hi : -1;
  }

  /** Host start of the struct holding the pointer member at `member` (in an array of structs: its element). */
  protected holderStart(member: number): number {
    const o = this.objectAt(member);
    const stride = this.objStride[o]!;
    return this.objStart[o]! + Math.floor((member - this.objStart[o]!) / stride) * stride;
  }

  /**
   * The slot holding pointer member `member`'s corresponding pointer on device d (its own 8 bytes,
   * as gomp_attach_pointer and libomptarget's PTR_AND_OBJ lookup find it): the storage of its whole
   * struct, or of its word alone (K-B47 `member-word`), or -1.
   */
  protected pointerHolder(d: number, member: number): number {
    return this.lookup(d, member, member + POINTER_WORD_BYTES);
  }

  /** K-B59: the zero-length key of device d (the one libgomp's [p, p) lookup meets), or null. */
  protected latestZeroKey(d: number): ZeroKey | null {
    let found: ZeroKey | null = null;
    for (const k of this.zeroKeys) if (k.device === d) found = k;
    return found;
  }

  /** Lookup of [lo, hi) on device d: the containing entry created last, or ABSENT / PARTLY. */
  protected lookup(d: number, lo: number, hi: number): number {
    const tree = this.trees[d]!;
    // A zero-length section is found by the byte at its address, or not at all (never partly).
    if (lo === hi) {
      const at = tree.latestContaining(lo, lo + 1, this.slots.seq);
      return at >= 0 ? at : ABSENT;
    }
    const slot = tree.latestContaining(lo, hi, this.slots.seq);
    if (slot >= 0) return slot;
    return tree.anyOverlap(lo, hi) >= 0 ? PARTLY : ABSENT;
  }

  /**
   * Sets wImg / wFirst to the image and word index that hold host address `addr` of an entry's
   * storage (`self` storage: host memory). Storage in a freed block makes the step undefined.
   */
  protected storageWords(slot: number, addr: number): void {
    const s = this.slots;
    const block = s.block[slot]!;
    if (block === 0) {
      this.wImg = this.host.image;
      this.wFirst = this.host.offset(addr) >> 2;
      return;
    }
    if (!this.device.isLive(block)) undefinedBehaviour(`the storage of the entry at host 0x${s.hostStart[slot]!.toString(16)} was freed`);
    this.wImg = this.device.image(block);
    this.wFirst = (s.storage[slot]! - this.device.base(block) + (addr - s.hostStart[slot]!)) >> 2;
  }

  protected removeEntry(slot: number, freeBlock: boolean): void {
    const s = this.slots;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent: a shortcut; the loop over no records does nothing
    if (this.attached.size > 0) {
      const d = s.device[slot]!;
      const seq = s.seq[slot]!;
      for (const [key, a] of this.attached) {
        // Stryker disable next-line ConditionalExpression: equivalent: creation numbers are unique over all devices, so another device's record never names this entry
        if (key % ATTACH_KEY_DEVICES !== d) continue;
        if (a.holder === seq) this.attached.delete(key);
        else if (a.target === seq) a.targetLive = false;
      }
    }
    this.trees[s.device[slot]!]!.remove(slot);
    if (freeBlock && s.origin[slot] === ORIGIN_MAP && s.block[slot] !== 0) this.device.free(s.block[slot]!);
    s.release(slot);
  }
}
