import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IntervalTree } from './interval-tree.js';

interface Entry {
  start: number;
  end: number;
  id: number;
}

/** The obviously-correct reference: a plain list of entries. */
class NaiveIntervals {
  entries: Entry[] = [];
  insert(start: number, end: number, id: number): void {
    this.entries.push({ start, end, id });
  }
  remove(id: number): void {
    this.entries = this.entries.filter((e) => e.id !== id);
  }
  sorted(): Entry[] {
    return [...this.entries].sort((a, b) => a.start - b.start || a.id - b.id);
  }
  containing(lo: number, hi: number): Entry[] {
    return this.entries.filter((e) => e.start <= lo && hi <= e.end);
  }
  overlapping(lo: number, hi: number): Entry[] {
    return this.sorted().filter((e) => Math.max(e.start, lo) < Math.min(e.end, hi));
  }
}

type Op =
  | { op: 'insert'; start: number; length: number; id: number }
  | { op: 'remove'; pick: number }
  | { op: 'contain'; lo: number; length: number }
  | { op: 'overlap'; lo: number; length: number }
  | { op: 'point'; addr: number }
  | { op: 'latest'; lo: number; length: number }
  | { op: 'startAt'; start: number };

// A small coordinate range so entries overlap, nest, touch and coincide often; lengths include 0.
const coord = fc.integer({ min: 0, max: 60 });
const length = fc.integer({ min: 0, max: 20 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('insert' as const), start: coord, length, id: fc.integer({ min: 0, max: 80 }) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('contain' as const), lo: coord, length }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('overlap' as const), lo: coord, length }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('point' as const), addr: coord }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('latest' as const), lo: coord, length }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('startAt' as const), start: coord }), weight: 1 },
);

/** The id with the largest rank among `entries`, or -1. */
function bestRanked(entries: Entry[], rank: Float64Array): number {
  let best = -1;
  for (const e of entries) if (best < 0 || rank[e.id]! > rank[best]!) best = e.id;
  return best;
}

/** Largest height an AVL tree of n nodes can have. */
function avlHeightBound(n: number): number {
  return Math.floor(1.4405 * Math.log2(n + 2) - 0.3277);
}

function checkSameEntries(tree: IntervalTree, naive: NaiveIntervals): void {
  const seen: Entry[] = [];
  tree.forEach((id) => seen.push({ start: tree.start(id), end: tree.end(id), id }));
  expect(seen).toEqual(naive.sorted());
  expect(tree.size).toBe(naive.entries.length);
  expect(tree.height()).toBeLessThanOrEqual(avlHeightBound(tree.size));
}

describe('IntervalTree', () => {
  it('agrees with a naive list on random insert / remove / query sequences', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 120 }), (ops) => {
        const tree = new IntervalTree(4);
        const naive = new NaiveIntervals();
        // Rank = insertion order, as the OpenMP runtime uses creation order.
        const rank = new Float64Array(81);
        let inserted = 0;
        for (const o of ops) {
          switch (o.op) {
            case 'insert':
              if (naive.entries.some((e) => e.id === o.id)) {
                expect(() => tree.insert(o.start, o.start + o.length, o.id)).toThrow(/already/);
                break;
              }
              tree.insert(o.start, o.start + o.length, o.id);
              naive.insert(o.start, o.start + o.length, o.id);
              rank[o.id] = ++inserted;
              break;
            case 'remove': {
              if (naive.entries.length === 0) break;
              const victim = naive.entries[o.pick % naive.entries.length]!.id;
              tree.remove(victim);
              naive.remove(victim);
              expect(tree.has(victim)).toBe(false);
              break;
            }
            case 'contain': {
              const hi = o.lo + o.length;
              const found = tree.findContaining(o.lo, hi);
              const expected = naive.containing(o.lo, hi).map((e) => e.id);
              if (expected.length === 0) expect(found).toBe(-1);
              else expect(expected).toContain(found);
              break;
            }
            case 'overlap': {
              const hi = o.lo + o.length;
              const expected = naive.overlapping(o.lo, hi).map((e) => e.id);
              const visited: number[] = [];
              tree.overlapping(o.lo, hi, (id) => visited.push(id));
              expect(visited).toEqual(expected);
              expect(tree.anyOverlap(o.lo, hi)).toBe(expected.length > 0 ? expected[0] : -1);
              break;
            }
            case 'point': {
              const found = tree.findPoint(o.addr);
              const expected = naive.containing(o.addr, o.addr + 1).map((e) => e.id);
              if (expected.length === 0) expect(found).toBe(-1);
              else expect(expected).toContain(found);
              break;
            }
            case 'latest': {
              const hi = o.lo + o.length;
              expect(tree.latestContaining(o.lo, hi, rank)).toBe(bestRanked(naive.containing(o.lo, hi), rank));
              break;
            }
            case 'startAt':
              expect(tree.latestStartingAt(o.start, rank)).toBe(bestRanked(naive.entries.filter((e) => e.start === o.start), rank));
              break;
          }
          checkSameEntries(tree, naive);
        }
      }),
      // fewer sequences inside a mutation-testing run, where every mutant reruns this test
      { numRuns: process.env.MAPCHECK_MUTATION === '1' ? 100 : 300 },
    );
  });

  // 100 000 entries; 1 000 inside a mutation-testing run (vitest.mutation.config.ts), where every mutant reruns it.
  it('stays balanced under sorted insertion and removal of many entries', () => {
    const n = process.env.MAPCHECK_MUTATION === '1' ? 1_000 : 100_000;
    const tree = new IntervalTree();
    for (let i = 0; i < n; i++) tree.insert(i * 16, i * 16 + 8, i);
    expect(tree.size).toBe(n);
    expect(tree.height()).toBeLessThanOrEqual(avlHeightBound(n));
    expect(tree.findContaining(16 * 777 + 2, 16 * 777 + 8)).toBe(777);
    expect(tree.findContaining(16 * 777 + 2, 16 * 777 + 9)).toBe(-1);
    expect(tree.anyOverlap(16 * 777 + 8, 16 * 778)).toBe(-1);
    for (let i = 0; i < n; i += 2) tree.remove(i);
    expect(tree.size).toBe(n / 2);
    expect(tree.height()).toBeLessThanOrEqual(avlHeightBound(n / 2));
    expect(tree.findPoint(16 * 500)).toBe(-1);
    expect(tree.findPoint(16 * 501)).toBe(501);
  });

  it('finds an entry containing a range when entries nest and overlap', () => {
    const tree = new IntervalTree();
    tree.insert(0, 100, 0);
    tree.insert(10, 20, 1);
    tree.insert(15, 30, 2);
    tree.insert(50, 60, 3);
    expect(tree.findContaining(16, 25)).toBeOneOf([0, 2]);
    tree.remove(0);
    expect(tree.findContaining(16, 25)).toBe(2);
    expect(tree.findContaining(12, 28)).toBe(-1);
    expect(tree.anyOverlap(25, 55)).toBe(2);
    // An empty query at an entry's end is contained (it touches [start, end]).
    expect(tree.findContaining(60, 60)).toBe(3);
    expect(tree.findPoint(60)).toBe(-1);
  });

  // Internal errors (impossible states for a correct caller) are thrown with their reason; the
  // mutation run (MUTATION.md) found these guards untested.
  it('rejects bad ids and bounds on insert, naming the reason', () => {
    const tree = new IntervalTree();
    tree.insert(0, 4, 3);
    expect(() => tree.insert(8, 12, -1)).toThrow(/^internal: interval tree id -1 is/);
    expect(() => tree.insert(8, 12, 1.5)).toThrow(/^internal: interval tree id 1.5 is/);
    expect(() => tree.insert(12, 8, 4)).toThrow(/^internal: interval \[12, 8\) is reversed$/);
    expect(() => tree.insert(0.5, 8, 4)).toThrow(/^internal: interval \[0.5, 8\) has a bound that is not a 32-bit/);
    expect(() => tree.insert(0, 2 ** 31, 4)).toThrow(/has a bound that is not a 32-bit/);
    expect(() => tree.insert(-(2 ** 31), 8, 4)).toThrow(/has a bound that is not a 32-bit/);
    expect(() => tree.insert(8, 12, 3)).toThrow(/^internal: id 3 is already in the interval tree/);
    expect(tree.has(3)).toBe(true);
    expect(tree.has(4)).toBe(false);
    expect(tree.has(-1)).toBe(false);
    expect(tree.has(1 << 20)).toBe(false);
    expect(tree.size).toBe(1);
  });

  it('rejects removing an id that is not in the tree', () => {
    const tree = new IntervalTree();
    tree.insert(0, 4, 3);
    expect(() => tree.remove(2)).toThrow(/internal/);
    expect(() => tree.remove(7)).toThrow(/internal/);
  });
});
