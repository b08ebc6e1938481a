// impl unit tests of impl/typed.ts: zero-filled typed arrays of any size (on the V8 heap, carved
// from a shared slab, or with a buffer of their own) and growth to at least twice the capacity.

import { describe, expect, it } from 'vitest';
import { grown, zeroed } from './typed.js';

describe('typed arrays', () => {
  it('makes zero-filled arrays of every size class, views never overlapping', () => {
    const sizes = [1, 16, 17, 1000, 2048, 2049, 16384, 16385, 20000, 70000];
    const made = sizes.map((n) => {
      const a = zeroed(Int32Array, n);
      expect(a).toHaveLength(n);
      expect(a.every((x) => x === 0)).toBe(true);
      a.fill(n);
      return a;
    });
    made.forEach((a, i) => expect(a.every((x) => x === sizes[i]), `size ${sizes[i]}`).toBe(true));
    const f = zeroed(Float64Array, 300);
    const u = zeroed(Uint8Array, 3000);
    expect(f.byteOffset % 8).toBe(0);
    expect(f.every((x) => x === 0) && u.every((x) => x === 0)).toBe(true);
  });

  it('grows to at least twice the old capacity, or to the minimum asked for, keeping the contents', () => {
    const a = Int32Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const b = grown(a, 9);
    expect(b).toHaveLength(16);
    expect([...b.slice(0, 9)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 0]);
    expect(grown(a, 40)).toHaveLength(40);
    expect(grown(new Float64Array(3), 4)).toBeInstanceOf(Float64Array);
  });

  // The size classes typed.ts documents: up to 64 bytes on the V8 heap (a buffer of their own,
  // exactly their size), up to 1/8 of a 64 KiB slab carved from the current slab, larger ones a
  // buffer of their own; a slab is replaced only when the next view does not fit in what is left.
  it('puts each size class where typed.ts says', () => {
    const SLAB = 1 << 16;
    const own = (a: ArrayBufferView) => a.byteOffset === 0 && a.buffer.byteLength === a.byteLength;
    expect(own(zeroed(Int32Array, 16))).toBe(true); // 64 bytes
    expect(own(zeroed(Int32Array, 2049))).toBe(true); // 8196 bytes
    const carved = [zeroed(Int32Array, 17), zeroed(Int32Array, 2048)]; // 68 and 8192 bytes
    for (const a of carved) expect(a.buffer.byteLength).toBe(SLAB);
    expect(carved[1]!.buffer).toBe(carved[0]!.buffer);
  });

  it('fills a slab to its last byte before starting the next one', () => {
    let first = zeroed(Uint8Array, 8192);
    // the current slab, with `left` bytes free after `first` (views are 8-byte aligned)
    let left = SLAB_LEFT(first);
    for (let i = 0; i < 20 && left !== 128; i++) {
      // a view of more than 64 bytes leaving 128, or 8 KiB (in this slab or, not fitting, the next)
      first = zeroed(Uint8Array, left > 192 && left <= 8192 + 128 ? left - 128 : 8192);
      left = SLAB_LEFT(first);
    }
    expect(left).toBe(128);
    const last = zeroed(Uint8Array, 128);
    expect(last.buffer).toBe(first.buffer);
    expect(last.byteOffset + last.byteLength).toBe(1 << 16);
    expect(zeroed(Uint8Array, 128).buffer).not.toBe(first.buffer);
  });
});

function SLAB_LEFT(a: Uint8Array): number {
  return a.buffer.byteLength - (a.byteOffset + a.byteLength);
}
