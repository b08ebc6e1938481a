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
});
