// impl unit tests of impl/memory.ts: the device allocator (block numbers in creation order, 16-byte
// aligned blocks with a 16-byte red zone, quarantine or reuse of freed blocks), address lookup,
// pointer descriptors (the base as a float64 word pair, then the count and the lower bound as int32
// words; the indeterminate fill pattern) and
// the initial host image a world declares. Expectations from the module's own contract.

import { describe, expect, it } from 'vitest';
import type { World } from '../lang/program.js';
import {
  DEVICE_BASE,
  DEVICE_REDZONE,
  DeviceMemory,
  HostMemory,
  INDETERMINATE,
  NOT_LIVE,
  PAST_END,
  canonicalPtr,
  copyWords,
  devicePool,
  ptrBase,
  ptrCount,
  ptrIndeterminate,
  ptrLowerBound,
  readWords,
  writePtr,
} from './memory.js';
import { WorldRefs } from './refs.js';

/** The first device block's address: after a red zone, like every block (memory.ts DEVICE_REDZONE). */
const RZ = DEVICE_REDZONE;
const B0 = DEVICE_BASE + RZ;

describe('device memory', () => {
  it('numbers blocks in creation order at ascending, 16-aligned addresses with a red zone', () => {
    const d = new DeviceMemory();
    expect([d.allocate(40), d.allocate(16), d.allocate(1), d.allocate(100)]).toEqual([1, 2, 3, 4]);
    // the first block after a red zone; 40 bytes round up to 48, then the red zone
    expect([1, 2, 3, 4].map((b) => d.base(b) - B0)).toEqual([0, 48 + RZ, 64 + 2 * RZ, 80 + 3 * RZ]);
    expect([1, 2, 3, 4].map((b) => d.size(b))).toEqual([40, 16, 1, 100]);
    expect(d.isLive(1) && d.isLive(4)).toBe(true);
    // a zero-filled image of whole 16-byte descriptors (an 8-byte pointer word alone holds one)
    expect(d.view(1).words).toEqual(new Int32Array(12));
    expect(d.view(3).words).toHaveLength(4);
    expect(d.view(4).words).toHaveLength(28);
  });

  it('grows past its first tables', () => {
    const d = new DeviceMemory();
    for (let i = 1; i <= 40; i++) expect(d.allocate(8 * i)).toBe(i);
    let at = B0;
    for (let b = 1; b <= 40; b++) {
      expect(d.base(b)).toBe(at);
      expect(d.size(b)).toBe(8 * b);
      expect(d.isLive(b)).toBe(true);
      expect(d.blockAt(at + 8 * b - 1)).toBe(b);
      at += Math.ceil((8 * b) / 16) * 16 + RZ;
    }
  });

  it('finds the block holding an address, live or dead; none in the red zone or outside', () => {
    const d = new DeviceMemory();
    d.allocate(40);
    d.allocate(16);
    const b2 = d.base(2);
    expect(d.blockAt(B0)).toBe(1);
    expect(d.blockAt(B0 + 39)).toBe(1);
    expect(d.blockAt(B0 + 40)).toBe(0);
    expect(d.blockAt(b2 - 1)).toBe(0);
    expect(d.blockAt(b2)).toBe(2);
    expect(d.blockAt(b2 + 15)).toBe(2);
    expect(d.blockAt(b2 + 16)).toBe(0);
    expect(d.blockAt(B0 - 1)).toBe(0);
    expect(d.blockAt(0x1000)).toBe(0);
    expect(new DeviceMemory().blockAt(B0)).toBe(0);
    // blockOf: an address in the red zone before a block (a pointer attached through a member
    // section) belongs to that block; past the last block, or the red zone's end, to none
    expect(d.blockOf(B0 - 1)).toBe(1);
    expect(d.blockOf(B0 - RZ)).toBe(1);
    expect(d.blockOf(B0 - RZ - 1)).toBe(0);
    expect(d.blockOf(b2 - 1)).toBe(2);
    expect(d.blockOf(B0 + 39)).toBe(1);
    expect(d.blockOf(b2 + 16)).toBe(0);
    d.free(1);
    expect(d.blockAt(B0 + 4)).toBe(1);
    expect(d.isLive(1)).toBe(false);
  });

  it('says which live block holds a whole range', () => {
    const d = new DeviceMemory();
    d.allocate(40);
    d.allocate(16);
    expect(d.holding(B0, 40)).toBe(1);
    expect(d.holding(B0 + 36, 4)).toBe(1);
    expect(d.holding(B0 + 36, 5)).toBe(PAST_END);
    expect(d.holding(B0 + 40, 4)).toBe(NOT_LIVE);
    expect(d.holding(B0 - 4, 4)).toBe(NOT_LIVE);
    d.free(1);
    expect(d.holding(B0, 4)).toBe(NOT_LIVE);
    expect(d.holding(d.base(2), 16)).toBe(2);
  });

  it('quarantine: freed blocks are never handed out again; freeing twice or touching a dead block is an internal error', () => {
    const d = new DeviceMemory();
    d.allocate(16);
    d.free(1);
    expect(d.allocate(16)).toBe(2);
    expect(d.base(2)).toBe(B0 + 16 + RZ);
    expect(() => d.free(1)).toThrow(/internal: device block 1 freed twice/);
    expect(() => d.free(7)).toThrow(/internal: device block 7 freed twice/);
    expect(() => d.image(1)).toThrow(/internal: device block 1 is not live/);
    expect(() => d.view(1)).toThrow(/internal: device block 1 is not live/);
    expect(d.freedBlocks()).toEqual([[1, 16, 0]]);
  });

  it('lists the most recent block too once it is freed', () => {
    const d = new DeviceMemory();
    d.allocate(16);
    d.allocate(8, 1);
    d.free(2);
    expect(d.freedBlocks()).toEqual([[2, 8, 1]]);
  });

  it('reuse: the lowest freed block of the same pool and size comes back live, zero-filled, at its old address', () => {
    const d = new DeviceMemory(true);
    expect(d.allocate(16, 0)).toBe(1);
    expect(d.allocate(16, 1)).toBe(2);
    expect(d.allocate(16, 0)).toBe(3);
    expect(d.allocate(32, 0)).toBe(4);
    d.image(3).words[0] = 5;
    d.free(3);
    d.free(2);
    d.free(1);
    expect(d.freedBlocks()).toEqual([
      [1, 16, 0],
      [2, 16, 1],
      [3, 16, 0],
    ]);
    expect(d.allocate(32, 1)).toBe(5);
    expect(d.allocate(16, 0)).toBe(1);
    expect(d.allocate(16, 0)).toBe(3);
    expect(d.view(3).words).toEqual(new Int32Array(4));
    expect(d.base(3)).toBe(B0 + 32 + 2 * RZ);
    expect(d.allocate(16, 0)).toBe(6);
    expect(d.allocate(16, 1)).toBe(2);
    expect(d.freedBlocks()).toEqual([]);
    // nothing freed: a fresh block even though block 2 had pool 1
    expect(d.allocate(16, 1)).toBe(7);
  });

  it('counts blocks reached through image() while someone watches, not through view()', () => {
    const d = new DeviceMemory();
    d.allocate(8);
    d.allocate(8);
    expect(d.reached).toBeNull();
    d.image(1);
    d.reached = new Set();
    d.view(1);
    d.image(2);
    expect([...d.reached]).toEqual([2]);
  });

  it('pools: one per owner and kind of cells', () => {
    const pools = [0, 1, 2, 3].flatMap((owner) => [devicePool(owner, false), devicePool(owner, true)]);
    expect(pools).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('pointer descriptors and words', () => {
  it('writes the base as a float64 word pair, the count and the lower bound as int32 words, and reads them back', () => {
    const img = { words: new Int32Array(8) };
    writePtr(img, 16, DEVICE_BASE + 0x123456789, 7, -2);
    writePtr(img, 0, 0x1004, 3);
    expect([ptrBase(img, 16), ptrCount(img, 16), ptrLowerBound(img, 16)]).toEqual([DEVICE_BASE + 0x123456789, 7, -2]);
    expect([ptrBase(img, 0), ptrCount(img, 0), ptrLowerBound(img, 0)]).toEqual([0x1004, 3, 1]);
    const f = new Float64Array(img.words.buffer);
    expect([f[0], f[2]]).toEqual([0x1004, DEVICE_BASE + 0x123456789]);
    expect([img.words[2], img.words[3], img.words[6], img.words[7]]).toEqual([3, 1, 7, -2]);
  });

  it('a descriptor is indeterminate only when both words of its base hold the fill pattern', () => {
    const img = { words: new Int32Array(8) };
    expect(ptrIndeterminate(img, 0)).toBe(false);
    img.words[0] = INDETERMINATE;
    expect(ptrIndeterminate(img, 0)).toBe(false);
    img.words[0] = 0;
    img.words[1] = INDETERMINATE;
    expect(ptrIndeterminate(img, 0)).toBe(false);
    img.words[0] = INDETERMINATE;
    expect(ptrIndeterminate(img, 0)).toBe(true);
    expect(ptrIndeterminate(img, 16)).toBe(false);
  });

  it('canonical form: indeterminate, null, host address, or device block and offset', () => {
    const d = new DeviceMemory();
    d.allocate(40);
    d.allocate(32);
    const img = { words: new Int32Array(20) };
    img.words[0] = img.words[1] = INDETERMINATE;
    writePtr(img, 16, 0, 0);
    writePtr(img, 32, 0x1008, 2);
    writePtr(img, 48, d.base(2) + 8, 4);
    expect(canonicalPtr(d, img, 0)).toEqual({ space: 'indeterminate' });
    expect(canonicalPtr(d, img, 16)).toBeNull();
    expect(canonicalPtr(d, img, 32)).toEqual({ space: 'host', addr: 0x1008, count: 2 });
    expect(canonicalPtr(d, img, 48)).toEqual({ space: 'dev', block: 2, offset: 8, count: 4 });
    // a pointer attached through a member section aims before its block: a negative offset
    writePtr(img, 64, d.base(2) - 8, 4);
    expect(canonicalPtr(d, img, 64)).toEqual({ space: 'dev', block: 2, offset: -8, count: 4 });
    // past block 1's end and more than a red zone before block 2: no block
    writePtr(img, 64, B0 + 44, 1);
    expect(() => canonicalPtr(d, img, 64)).toThrow(/internal: device pointer 0x4000012c lies in no device block/);
  });

  it('reads words with the fill pattern as null; copies words bit for bit', () => {
    const w = new Int32Array([1, INDETERMINATE, -3, 4, 5]);
    expect(readWords(w, 1, 3)).toEqual([null, -3, 4]);
    expect(readWords(w, 0, 0)).toEqual([]);
    expect(readWords(w, 3, 2)).toHaveLength(2);
    const to = new Int32Array(6);
    copyWords(w, 1, to, 2, 3);
    expect([...to]).toEqual([0, 0, INDETERMINATE, -3, 4, 0]);
  });
});

describe('host memory', () => {
  const image = (world: World) => new HostMemory(world, new WorldRefs(world)).image.words;

  it('lays out the initial values of arrays and the initial targets of pointer members', () => {
    const world: World = {
      arrays: [
        { name: 'a', length: 3, init: 7 },
        { name: 'b', length: 2, init: [4, -5] },
        { name: 'z', length: 1 },
      ],
      structs: [
        { name: 'c', pointers: ['p', 'q'], init: { q: 'a(2:3)', p: null } },
        { name: 'cs', pointers: ['p', 'q'], count: 3, init: { '(2)%q': 'b', '(3)%p': 'a' } },
      ],
    };
    // a 0x1000, b 0x1200, z 0x1400, c 0x1600 (32 bytes), cs 0x1800 (96 bytes): 0x860 bytes
    const w = image(world);
    expect(w).toHaveLength(0x860 / 4);
    expect([...w.slice(0, 4)]).toEqual([7, 7, 7, 0]);
    expect([...w.slice(0x200 / 4, 0x200 / 4 + 3)]).toEqual([4, -5, 0]);
    expect(w[0x400 / 4]).toBe(0);
    // a descriptor: base (float64), count and lower bound (int32 words)
    const f = (byte: number) => [new Float64Array(w.buffer, w.byteOffset + byte, 1)[0], w[(byte >> 2) + 2], w[(byte >> 2) + 3]];
    expect(f(0x600)).toEqual([0, 0, 0]);
    expect(f(0x610)).toEqual([0x1004, 2, 1]);
    expect(f(0x800)).toEqual([0, 0, 0]); // cs(1)%p
    expect(f(0x810)).toEqual([0, 0, 0]); // cs(1)%q
    expect(f(0x820)).toEqual([0, 0, 0]); // cs(2)%p
    expect(f(0x830)).toEqual([0x1200, 2, 1]); // cs(2)%q
    expect(f(0x840)).toEqual([0x1000, 3, 1]); // cs(3)%p
    expect(f(0x850)).toEqual([0, 0, 0]);
  });

  it('gives every engine its own copy of the initial image', () => {
    const world: World = { arrays: [{ name: 'a', length: 2, init: 1 }], structs: [] };
    const refs = new WorldRefs(world);
    const h1 = new HostMemory(world, refs);
    h1.image.words[0] = 9;
    expect([...new HostMemory(world, refs).image.words.slice(0, 2)]).toEqual([1, 1]);
    expect(h1.offset(0x1008)).toBe(8);
  });

  it('refuses worlds whose initial values do not fit (validation rejects them first)', () => {
    const bad: [World, RegExp][] = [
      [{ arrays: [{ name: 'a', length: 3, init: [1, 2] }], structs: [] }, /array 'a' has 3 elements but 2 initial values/],
      [{ arrays: [], structs: [{ name: 'c', pointers: ['p'], init: { q: null } }] }, /struct 'c' initialises unknown member 'q'/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { p: null } }] }, /struct 'cs' initialises 'p', which names no element member/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(0)%p': null } }] }, /names no element member/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(3)%p': null } }] }, /names no element member/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { 'x(1)%p': null } }] }, /names no element member/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(1)%p ': null } }] }, /unknown member 'p '/],
      [{ arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(1)%q': null } }] }, /unknown member 'q'/],
      [{ arrays: [], structs: [{ name: 'c', pointers: ['p'], init: { p: 'c' } }, { name: 'd', pointers: ['p'] }] }, /member c%p must be initialised with an array or subarray/],
    ];
    for (const [world, message] of bad) expect(() => image(world)).toThrow(message);
    // (12)%p: more than one digit
    const many: World = { arrays: [{ name: 'a', length: 1 }], structs: [{ name: 'cs', pointers: ['p'], count: 12, init: { '(12)%p': 'a' } }] };
    const m = image(many);
    expect([new Float64Array(m.buffer, m.byteOffset + 0x200 + 11 * 16, 1)[0], m[(0x200 + 11 * 16) / 4 + 2]]).toEqual([0x1000, 1]);
  });
});
