// Unit tests of the present-table slot store (impl/slots.ts), from its contract: a fresh entry has
// both reference counters and all its attachment counters at 0; a released slot and its counter
// run are handed out again; the arrays grow without losing what they hold; an entry with n pointer
// member slots owns n counters of its own, one per `memberBytes` of its host range.

import { describe, expect, it } from 'vitest';
import { SectionSlots } from './slots.js';

const PTR = 16;

/** Every field of `slot`, read through the store (the arrays may have been replaced). */
function fields(s: SectionSlots, slot: number) {
  return {
    hostStart: s.hostStart[slot],
    hostEnd: s.hostEnd[slot],
    devBase: s.devBase[slot],
    block: s.block[slot],
    src: s.src[slot],
    drc: s.drc[slot],
    acLen: s.acLen[slot],
    counted: s.counted[slot],
  };
}

/** Pool indices of all the attachment counters of `slot`. */
function counters(s: SectionSlots, slot: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.acLen[slot]!; i++) out.push(s.counterIndex(slot, s.hostStart[slot]! + i * PTR, PTR));
  return out;
}

describe('SectionSlots', () => {
  it('hands out distinct slots holding what allocate was given, with counters at 0', () => {
    const s = new SectionSlots(2);
    const a = s.allocate(1000, 1064, 5000, 1, 4);
    const b = s.allocate(2000, 2016, 6000, 2, 0);
    expect(a).not.toBe(b);
    expect(fields(s, a)).toEqual({ hostStart: 1000, hostEnd: 1064, devBase: 5000, block: 1, src: 0, drc: 0, acLen: 4, counted: 0 });
    expect(fields(s, b)).toEqual({ hostStart: 2000, hostEnd: 2016, devBase: 6000, block: 2, src: 0, drc: 0, acLen: 0, counted: 0 });
    for (const i of counters(s, a)) expect(s.attachCounters[i]).toBe(0);
  });

  it('grows past its capacity without losing or mixing up entries', () => {
    const s = new SectionSlots(2);
    const slots: number[] = [];
    for (let k = 0; k < 40; k++) {
      const slot = s.allocate(k * 100, k * 100 + 32, 10_000 + k, k + 1, 2);
      s.src[slot] = k;
      s.drc[slot] = 2 * k;
      s.counted[slot] = k % 2;
      const [c0, c1] = counters(s, slot);
      s.attachCounters[c0!] = k + 1;
      s.attachCounters[c1!] = -(k + 1);
      slots.push(slot);
    }
    expect(new Set(slots).size).toBe(40);
    for (let k = 0; k < 40; k++) {
      const slot = slots[k]!;
      expect(fields(s, slot)).toEqual({ hostStart: k * 100, hostEnd: k * 100 + 32, devBase: 10_000 + k, block: k + 1, src: k, drc: 2 * k, acLen: 2, counted: k % 2 });
      expect(counters(s, slot).map((i) => s.attachCounters[i])).toEqual([k + 1, -(k + 1)]);
    }
  });

  it('reuses a released slot, and gives a reused slot fresh fields', () => {
    const s = new SectionSlots(4);
    const a = s.allocate(0, 16, 100, 1, 1);
    const b = s.allocate(16, 32, 200, 2, 1);
    s.src[b] = 3;
    s.drc[b] = 4;
    s.counted[b] = 1;
    s.attachCounters[counters(s, b)[0]!] = 7;
    s.release(b);
    const c = s.allocate(64, 80, 300, 3, 1);
    expect(c).toBe(b);
    expect(fields(s, c)).toEqual({ hostStart: 64, hostEnd: 80, devBase: 300, block: 3, src: 0, drc: 0, acLen: 1, counted: 0 });
    expect(s.attachCounters[counters(s, c)[0]!]).toBe(0);
    // Two released slots both come back before a new one is taken.
    s.release(a);
    s.release(c);
    const back = [s.allocate(0, 16, 1, 1, 0), s.allocate(0, 16, 1, 1, 0)].sort();
    expect(back).toEqual([a, b].sort());
    const fresh = s.allocate(0, 16, 1, 1, 0);
    expect([a, b]).not.toContain(fresh);
  });

  it('keeps the number of slots bounded under churn', () => {
    const s = new SectionSlots(4);
    const live = [s.allocate(0, 16, 0, 1, 0), s.allocate(16, 32, 0, 2, 0)];
    for (let k = 0; k < 100; k++) {
      s.release(live.shift()!);
      live.push(s.allocate(k, k + 1, 0, k, 0));
    }
    expect(s.hostStart.length).toBe(4);
    expect(Math.max(...live)).toBeLessThan(4);
  });

  it('gives every live entry a disjoint run of attachment counters, one per member slot', () => {
    const s = new SectionSlots(2);
    const a = s.allocate(1000, 1000 + 3 * PTR, 0, 1, 3);
    const b = s.allocate(5000, 5000 + 2 * PTR, 0, 2, 2);
    const c = s.allocate(9000, 9000 + 5 * PTR, 0, 3, 5);
    const runs = [counters(s, a), counters(s, b), counters(s, c)];
    const all = runs.flat();
    expect(new Set(all).size).toBe(10);
    // Consecutive member slots have consecutive counters; every index is inside the pool.
    for (const run of runs) {
      for (let i = 1; i < run.length; i++) expect(run[i]).toBe(run[0]! + i);
      for (const idx of run) expect(idx).toBeLessThan(s.attachCounters.length);
    }
    // Writing one entry's counters leaves the others alone, also after the pool grew.
    runs[0]!.forEach((idx, i) => (s.attachCounters[idx] = 10 + i));
    runs[1]!.forEach((idx, i) => (s.attachCounters[idx] = 20 + i));
    runs[2]!.forEach((idx, i) => (s.attachCounters[idx] = 30 + i));
    const d = s.allocate(20_000, 20_000 + 9 * PTR, 0, 4, 9);
    expect(counters(s, d).map((i) => s.attachCounters[i])).toEqual(Array(9).fill(0));
    expect(counters(s, a).map((i) => s.attachCounters[i])).toEqual([10, 11, 12]);
    expect(counters(s, b).map((i) => s.attachCounters[i])).toEqual([20, 21]);
    expect(counters(s, c).map((i) => s.attachCounters[i])).toEqual([30, 31, 32, 33, 34]);
  });

  it('hands a released counter run back zeroed, and does not grow the pool under churn', () => {
    const s = new SectionSlots(4);
    const a = s.allocate(0, 4 * PTR, 0, 1, 4);
    const b = s.allocate(100, 100 + 4 * PTR, 0, 2, 4);
    const poolLength = s.attachCounters.length;
    for (let k = 0; k < 50; k++) {
      for (const idx of counters(s, a)) s.attachCounters[idx] = 5;
      for (const idx of counters(s, b)) s.attachCounters[idx] = 6;
      s.release(a);
      s.release(b);
      const a2 = s.allocate(0, 4 * PTR, 0, 1, 4);
      const b2 = s.allocate(100, 100 + 4 * PTR, 0, 2, 4);
      expect(counters(s, a2).map((i) => s.attachCounters[i])).toEqual([0, 0, 0, 0]);
      expect(counters(s, b2).map((i) => s.attachCounters[i])).toEqual([0, 0, 0, 0]);
      expect(new Set([...counters(s, a2), ...counters(s, b2)]).size).toBe(8);
    }
    expect(s.attachCounters.length).toBe(poolLength);
  });

  it('does not hand a released run to an entry of another length while its owner is live', () => {
    const s = new SectionSlots(4);
    const a = s.allocate(0, 2 * PTR, 0, 1, 2);
    s.release(a);
    const b = s.allocate(0, 3 * PTR, 0, 1, 3);
    const c = s.allocate(100, 100 + 2 * PTR, 0, 2, 2);
    expect(new Set([...counters(s, b), ...counters(s, c)]).size).toBe(5);
  });

  it('maps a member address to its counter and refuses addresses that are no member slot', () => {
    const s = new SectionSlots();
    const a = s.allocate(1024, 1024 + 3 * PTR, 0, 1, 3);
    const none = s.allocate(4096, 4096 + PTR, 0, 2, 0);
    const base = s.counterIndex(a, 1024, PTR);
    expect(s.counterIndex(a, 1024 + PTR, PTR)).toBe(base + 1);
    expect(s.counterIndex(a, 1024 + 2 * PTR, PTR)).toBe(base + 2);
    expect(() => s.counterIndex(a, 1024 + 3 * PTR, PTR)).toThrow(/^internal: host address 0x430 is no pointer member slot of its entry$/);
    expect(() => s.counterIndex(a, 1024 - PTR, PTR)).toThrow(/^internal: host address 0x3f0 is no pointer member slot/);
    expect(() => s.counterIndex(a, 1024 + 8, PTR)).toThrow(/^internal: host address 0x408 is no pointer member slot/);
    expect(() => s.counterIndex(none, 4096, PTR)).toThrow(/no pointer member slot/);
  });
});

describe('SectionSlots counter runs', () => {
  it('hands out fresh runs once the released ones of that length are used up', () => {
    const s = new SectionSlots(4);
    const first = s.allocate(0, 2 * PTR, 0, 1, 2);
    const a = s.allocate(100, 100 + 2 * PTR, 0, 2, 2);
    s.release(a);
    const b = s.allocate(200, 200 + 2 * PTR, 0, 3, 2);
    const c = s.allocate(300, 300 + 2 * PTR, 0, 4, 2);
    const all = [first, b, c].flatMap((slot) => counters(s, slot));
    expect(new Set(all).size).toBe(6);
  });
});

describe('SectionSlots extent', () => {
  it('counts the slots handed out at least once and the counters in use (what impl/changes.ts compares)', () => {
    const s = new SectionSlots(2);
    expect([s.size, s.counterSize]).toEqual([0, 0]);
    const a = s.allocate(0, 2 * PTR, 0, 1, 2);
    s.allocate(100, 100 + 3 * PTR, 0, 2, 3);
    expect([s.size, s.counterSize]).toEqual([2, 5]);
    s.release(a);
    expect([s.size, s.counterSize]).toEqual([2, 5]);
    s.allocate(200, 200 + 2 * PTR, 0, 3, 2);
    s.allocate(300, 316, 0, 4, 0);
    expect([s.size, s.counterSize]).toEqual([3, 5]);
  });
});
