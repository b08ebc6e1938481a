// Simulated memories. Host memory is one buffer laid out by hostLayout(world); device memory is a
// bump allocator over its own address range with quarantine: freed addresses are never handed out
// again (like a debug allocator), so a dangling device pointer always names a dead block. A world
// with `reuse: true` turns quarantine off: an allocation first takes the lowest-addressed freed
// block of its pool (device and kind of cells, chosen by the caller) and exact size, which comes
// back live under its old number and address, so a dangling pointer reads the new data. Both
// hold int32 elements and 16-byte pointer descriptors (base address, a float64 stored as two int32
// words, then the element count and the Fortran lower bound, one int32 word each), and mark
// indeterminate contents with an int32 fill pattern.

import type { PtrValue } from '../lang/observation.js';
import { ELEMENT_BYTES, HOST_BASE, POINTER_BYTES, type World } from '../lang/program.js';
import { REF_ARRAY, type WorldRefs } from './refs.js';
import { grown, zeroed } from './typed.js';

/** First device address; host addresses stay far below it. */
export const DEVICE_BASE = 0x4000_0000;
/** Fill word of indeterminate memory. Program values lie within ±1e9, so none equals it. */
export const INDETERMINATE = -0x8000_0000;
const DEVICE_ALIGN = 16;
/**
 * Unused bytes before each device block, so no block ends where the next one begins, and so a
 * pointer attached through a member section (K-A50 `section`: the section's copy minus its offset
 * in the target, at most 63 elements = 252 bytes before the block) lies in no other block.
 */
export const DEVICE_REDZONE = 256;
const REDZONE = DEVICE_REDZONE;

/**
 * The bytes of a memory as int32 words. It is one Int32Array, not two views of one buffer, so it
 * is cheap to make (see typed.ts): most device blocks are small enough to live on the V8 heap.
 */
export interface MemoryImage {
  words: Int32Array;
}

/**
 * Int32 words of an image of `bytes` bytes: a whole number of 16-byte descriptors, so a pointer
 * word mapped alone (8 bytes, K-B47 `member-word`) still holds its pointer's descriptor.
 */
function wordCount(bytes: number): number {
  return Math.ceil(bytes / POINTER_BYTES) * (POINTER_BYTES >> 2);
}

function imageOf(bytes: number): MemoryImage {
  return { words: zeroed(Int32Array, wordCount(bytes)) };
}

// Float64 descriptor fields move through this one-double scratch buffer, word by word, with the
// same bits (and byte order) a Float64Array view of the image would give.
const F64 = new Float64Array(1);
const F64_WORDS = new Int32Array(F64.buffer);

function readF64(words: Int32Array, w: number): number {
  F64_WORDS[0] = words[w]!;
  F64_WORDS[1] = words[w + 1]!;
  return F64[0]!;
}

function writeF64(words: Int32Array, w: number, value: number): void {
  F64[0] = value;
  words[w] = F64_WORDS[0]!;
  words[w + 1] = F64_WORDS[1]!;
}

// Pointer descriptors at byte offset `off` (16-aligned) of an image. An indeterminate descriptor
// has the fill pattern in both words of its base field; a real base is a non-negative number, so
// its sign word never matches.

export function ptrIndeterminate(img: MemoryImage, off: number): boolean {
  const w = off >> 2;
  return img.words[w] === INDETERMINATE && img.words[w + 1] === INDETERMINATE;
}

export function ptrBase(img: MemoryImage, off: number): number {
  return readF64(img.words, off >> 2);
}

export function ptrCount(img: MemoryImage, off: number): number {
  return img.words[(off >> 2) + 2]!;
}

/** The lower bound word of a descriptor (a Fortran pointer's `lbound`). */
export function ptrLowerBound(img: MemoryImage, off: number): number {
  return img.words[(off >> 2) + 3]!;
}

export function writePtr(img: MemoryImage, off: number, base: number, count: number, lbound = 1): void {
  const w = off >> 2;
  writeF64(img.words, w, base);
  img.words[w + 2] = count;
  img.words[w + 3] = lbound;
}

/** Makes the descriptor at `off` indeterminate (ptrIndeterminate holds afterwards). */
export function writeIndeterminatePtr(img: MemoryImage, off: number): void {
  const w = off >> 2;
  img.words.fill(INDETERMINATE, w, w + 4);
}

/** Overwrites only the lower bound word of a descriptor. */
export function writeLowerBound(img: MemoryImage, off: number, lbound: number): void {
  img.words[(off >> 2) + 3] = lbound;
}

/** Copies `count` int32 words, bit for bit (descriptors included). */
export function copyWords(from: Int32Array, fromWord: number, to: Int32Array, toWord: number, count: number): void {
  for (let i = 0; i < count; i++) to[toWord + i] = from[fromWord + i]!;
}

/** Largest magnitude of a stored element: INDETERMINATE (the C int minimum) is never a value. */
const MAX_WORD = 0x7fff_ffff;

/**
 * Writes `count` words from `first`: `value`, then each one `by` more than the last (a ramp); with
 * `add`, adds those to the words instead (an indeterminate word stays so). `from` (a copy, lang/
 * README.md "Copy kernels"): word k also gets from[k], read before any word is written; a null
 * from[k] makes word k indeterminate. False, with nothing written, when a sum leaves ±MAX_WORD
 * (signed overflow, which the caller reports as undefined).
 */
export function writeWords(words: Int32Array, first: number, count: number, value: number, by = 0, add = false, from: readonly (number | null)[] | null = null): boolean {
  if (from !== null) return copyWordsFrom(words, first, count, value, by, add, from);
  if (add) {
    for (let i = 0; i < count; i++) {
      const w = words[first + i]!;
      if (w !== INDETERMINATE && Math.abs(w + value + i * by) > MAX_WORD) return false;
    }
  }
  for (let i = 0; i < count; i++) {
    const w = words[first + i]!;
    if (!add) words[first + i] = value + i * by;
    else if (w !== INDETERMINATE) words[first + i] = w + value + i * by;
  }
  return true;
}

/** writeWords with `from`: every sum is checked first (a copy's sum can overflow without `add`), then written. */
function copyWordsFrom(words: Int32Array, first: number, count: number, value: number, by: number, add: boolean, from: readonly (number | null)[]): boolean {
  for (let i = 0; i < count; i++) {
    const f = from[i]!;
    const w = words[first + i]!;
    if (f === null || (add && w === INDETERMINATE)) continue;
    if (Math.abs((add ? w : 0) + value + i * by + f) > MAX_WORD) return false;
  }
  for (let i = 0; i < count; i++) {
    const f = from[i]!;
    const w = words[first + i]!;
    words[first + i] = f === null || (add && w === INDETERMINATE) ? INDETERMINATE : (add ? w : 0) + value + i * by + f;
  }
  return true;
}

/** Elements of an image as observed by a read: indeterminate words read as null. */
export function readWords(words: Int32Array, first: number, count: number): (number | null)[] {
  // Stryker disable next-line ArrayDeclaration: filled index by index up to count; the preset length only saves growth
  const values = new Array<number | null>(count);
  for (let i = 0; i < count; i++) {
    const w = words[first + i]!;
    values[i] = w === INDETERMINATE ? null : w;
  }
  return values;
}

/** Canonical form of the descriptor at byte `off` of an image (device addresses as block + offset). */
export function canonicalPtr(device: DeviceMemory, img: MemoryImage, off: number): PtrValue {
  if (ptrIndeterminate(img, off)) return { space: 'indeterminate' };
  const addr = ptrBase(img, off);
  if (addr === 0) return null;
  const count = ptrCount(img, off);
  const lbound = ptrLowerBound(img, off);
  // The lower bound only when it is not 1, written out (a spread of it copies property by property).
  if (addr < DEVICE_BASE) return lbound === 1 ? { space: 'host', addr, count } : { space: 'host', addr, count, lbound };
  const block = device.blockOf(addr);
  if (block === 0) throw new Error(`internal: device pointer 0x${addr.toString(16)} lies in no device block`);
  const offset = addr - device.base(block);
  return lbound === 1 ? { space: 'dev', block, offset, count } : { space: 'dev', block, offset, count, lbound };
}

/**
 * The address the pointer at byte `off` of an image shows a program that reads it (a kernel
 * printing it): a device address as block + offset (live or freed), a host address, or null;
 * undefined (the caller stops) for an indeterminate value.
 */
export function pointerAddressAt(device: DeviceMemory, img: MemoryImage, off: number): { block: number; offset: number } | { host: number } | null | undefined {
  const p = canonicalPtr(device, img, off);
  if (p === null) return null;
  if (p.space === 'indeterminate') return undefined;
  if (p.space === 'host') return { host: p.addr };
  return { block: p.block, offset: p.offset };
}

/** `DeviceMemory.holding` results besides a block number. */
export const NOT_LIVE = -1;
export const PAST_END = -2;

/** Host memory laid out by hostLayout(world): byte offset = address − HOST_BASE. */
export class HostMemory {
  readonly image: MemoryImage;

  constructor(world: World, refs: WorldRefs) {
    let initial = initialHostWords.get(world);
    if (!initial) initialHostWords.set(world, (initial = initialHostImage(world, refs).words));
    const words = zeroed(Int32Array, initial.length);
    words.set(initial);
    this.image = { words };
  }

  offset(addr: number): number {
    return addr - HOST_BASE;
  }
}

/** The initial host image of each world, copied by every HostMemory of that world. */
const initialHostWords = new WeakMap<World, Int32Array>();

function initialHostImage(world: World, refs: WorldRefs): MemoryImage {
  let end = HOST_BASE;
  for (const o of refs.hostObjects()) end = Math.max(end, o.start + o.bytes);
  // A buffer of its own: kept as long as the world, it should not keep a shared slab alive.
  const image: MemoryImage = { words: new Int32Array(wordCount(end - HOST_BASE)) };
  for (const a of world.arrays) {
    const first = (refs.object(a.name).start - HOST_BASE) >> 2;
    const init = a.init ?? 0;
    if (Array.isArray(init) && init.length !== a.length)
      throw new Error(`array '${a.name}' has ${a.length} elements but ${init.length} initial values`);
    for (let i = 0; i < a.length; i++) image.words[first + i] = Array.isArray(init) ? init[i]! : init;
  }
  for (const s of world.structs) {
    const start = refs.object(s.name).start;
    // Non-pointer members: int32 words after the descriptors, in declaration order.
    let w = (start - HOST_BASE + s.pointers.length * POINTER_BYTES) >> 2;
    // Stryker disable next-line ArrayDeclaration: a struct without fields then writes one 0 word into the gap after it (MUTATION.md)
    for (const f of s.fields ?? []) {
      const init = f.init ?? 0;
      for (let i = 0; i < (f.length ?? 1); i++) image.words[w++] = Array.isArray(init) ? init[i]! : init;
    }
    for (const [key, target] of Object.entries(s.init ?? {})) {
      // `p` in a single struct; `(2)%p` in an array of structs.
      const e = s.count === undefined ? null : /^\((\d+)\)%(.*)$/.exec(key);
      if (s.count !== undefined && (e === null || Number(e[1]) < 1 || Number(e[1]) > s.count))
        throw new Error(`struct '${s.name}' initialises '${key}', which names no element member`);
      const member = e ? e[2]! : key;
      const element = e ? Number(e[1]) - 1 : 0;
      const i = s.pointers.indexOf(member);
      if (i < 0) throw new Error(`struct '${s.name}' initialises unknown member '${member}'`);
      if (target === null) continue;
      const t = refs.get(target);
      if (t.kind !== REF_ARRAY) throw new Error(`member ${s.name}%${member} must be initialised with an array or subarray`);
      writePtr(image, start - HOST_BASE + (element * s.pointers.length + i) * POINTER_BYTES, t.start, (t.end - t.start) / ELEMENT_BYTES);
    }
  }
  return image;
}

/**
 * The allocator pool of a block owned by `owner` (a device index; the host counts as the index
 * past the last device) holding integers or (`pointers`) pointer descriptors.
 */
export function devicePool(owner: number, pointers: boolean): number {
  return owner * 2 + (pointers ? 1 : 0);
}

/** Device memory: blocks numbered 1, 2, … in creation order, which is also address order. */
export class DeviceMemory {
  /** Room for blocks 1 … 7 to start with, on the V8 heap (see typed.ts). */
  private bases = new Float64Array(8);
  private sizes = new Int32Array(8);
  private live = new Uint8Array(8);
  /** Storage of each live block (index 0 unused); dropped when the block is freed. */
  private readonly images: (MemoryImage | null)[] = [null];
  /** Pool of each block (see allocate); read only by a reusing allocator. */
  private pools = new Int32Array(8);
  private count = 0;
  private next = DEVICE_BASE + REDZONE;
  /** Freed blocks still to be handed out again (reusing allocator only). */
  private freed = 0;

  /** `reuse`: hand freed blocks out again (World.reuse); otherwise freed addresses stay dead. */
  constructor(private readonly reuse = false) {}

  /**
   * A new zero-filled block of `bytes` bytes in pool `pool` (an allocator class the caller picks:
   * only a freed block of the same pool and size is handed out again); returns its number.
   */
  allocate(bytes: number, pool = 0): number {
    if (this.reuse && this.freed > 0) {
      for (let b = 1; b <= this.count; b++) {
        if (this.live[b] === 0 && this.sizes[b] === bytes && this.pools[b] === pool) {
          this.live[b] = 1;
          this.images[b] = imageOf(bytes);
          // Stryker disable next-line UpdateOperator: an overcount only makes the reuse scan run when it finds nothing
          this.freed--;
          return b;
        }
      }
    }
    const block = ++this.count;
    if (block >= this.bases.length) {
      // Stryker disable next-line ArithmeticOperator: grown() takes at least twice the old capacity, more than block + 1 when block = length
      this.bases = grown(this.bases, block + 1);
      // Stryker disable next-line ArithmeticOperator: grown() takes at least twice the old capacity, more than block + 1 when block = length
      this.sizes = grown(this.sizes, block + 1);
      // Stryker disable next-line ArithmeticOperator: as bases
      this.live = grown(this.live, block + 1);
      // Stryker disable next-line ArithmeticOperator: grown() takes at least twice the old capacity, more than block + 1 when block = length
      this.pools = grown(this.pools, block + 1);
    }
    this.bases[block] = this.next;
    this.sizes[block] = bytes;
    this.live[block] = 1;
    this.pools[block] = pool;
    this.images.push(imageOf(bytes));
    this.next += Math.ceil(bytes / DEVICE_ALIGN) * DEVICE_ALIGN + REDZONE;
    return block;
  }

  free(block: number): void {
    if (this.live[block] !== 1) throw new Error(`internal: device block ${block} freed twice`);
    this.live[block] = 0;
    this.images[block] = null;
    this.freed++;
  }

  /** The freed blocks in address order as [number, bytes, pool] (state keys of a reusing allocator). */
  freedBlocks(): [number, number, number][] {
    const out: [number, number, number][] = [];
    for (let b = 1; b <= this.count; b++) if (this.live[b] === 0) out.push([b, this.sizes[b]!, this.pools[b]!]);
    return out;
  }

  /**
   * Blocks whose storage a step reached through image() (read or written), while someone watches
   * (impl/changes.ts); null while nobody does.
   */
  reached: Set<number> | null = null;

  /** A live block's storage, for the steps: the block counts as reached. */
  image(block: number): MemoryImage {
    const img = this.images[block];
    if (!img) throw new Error(`internal: device block ${block} is not live`);
    this.reached?.add(block);
    return img;
  }

  /** A live block's storage, for snapshots: reading it does not count as reached. */
  view(block: number): MemoryImage {
    const img = this.images[block];
    if (!img) throw new Error(`internal: device block ${block} is not live`);
    return img;
  }

  base(block: number): number {
    return this.bases[block]!;
  }

  size(block: number): number {
    return this.sizes[block]!;
  }

  isLive(block: number): boolean {
    return this.live[block] === 1;
  }

  /**
   * The live block holding every byte of [addr, addr + bytes); NOT_LIVE when no live block holds
   * `addr`, PAST_END when the range runs beyond the end of the block holding `addr`.
   */
  holding(addr: number, bytes: number): number {
    const block = this.blockAt(addr);
    if (block === 0 || this.live[block] !== 1) return NOT_LIVE;
    return addr - this.bases[block]! + bytes > this.sizes[block]! ? PAST_END : block;
  }

  /**
   * The block (live or dead) whose bytes include `addr`, or, for an address in the unused bytes
   * before a block (a pointer attached through a member section), that block; 0 if none.
   */
  blockOf(addr: number): number {
    const block = this.blockAt(addr);
    if (block !== 0) return block;
    // The first block starting after addr, if addr lies within its red zone.
    const next = this.startedBy(addr) + 1;
    return next <= this.count && this.bases[next]! - addr <= REDZONE ? next : 0;
  }

  /** The block (live or dead) whose bytes include `addr`, or 0. */
  blockAt(addr: number): number {
    const last = this.startedBy(addr);
    return last >= 1 && addr < this.bases[last]! + this.sizes[last]! ? last : 0;
  }

  /** How many blocks start at or before `addr` (blocks are numbered from 1 in address order). */
  private startedBy(addr: number): number {
    let lo = 1;
    let hi = this.count;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.bases[mid]! <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi;
  }
}
