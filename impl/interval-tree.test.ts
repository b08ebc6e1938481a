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

/**
 * What is wrong with the tree's structure, or null (a white-box check through the node layout that
 * impl/interval-tree.ts documents: node id + 1 is 8 Int32 words start, end, left, right, max,
 * left max, right max, height; node 0 is the sentinel with max ends -2^31). Every node's height,
 * cached maxima and AVL balance are recomputed from its children, and in-order entries must
 * ascend by (start, id).
 */
function structureError(tree: IntervalTree): string | null {
  const { nodes: a, root } = tree as unknown as { nodes: Int32Array; root: number };
  const NONE = -0x80000000;
  let previous = 0;
  let error: string | null = null;
  const max = (t: number) => (t === 0 ? NONE : a[t * 8 + 4]!);
  const visit = (t: number): number => {
    if (t === 0 || error !== null) return 0;
    const p = t * 8;
    const [start, end, left, right, mx, leftMax, rightMax, height] = a.subarray(p, p + 8);
    const hl = visit(left!);
    if (previous !== 0) {
      const ps = a[previous * 8]!;
      if (!(ps < start! || (ps === start && previous < t))) error ??= `entry ${t - 1} is out of (start, id) order`;
    }
    previous = t;
    const hr = visit(right!);
    if (height !== 1 + Math.max(hl, hr)) error ??= `entry ${t - 1} has height ${height}, not ${1 + Math.max(hl, hr)}`;
    if (Math.abs(hl - hr) > 1) error ??= `entry ${t - 1} is unbalanced (${hl} left, ${hr} right)`;
    if (leftMax !== max(left!) || rightMax !== max(right!) || mx !== Math.max(end!, max(left!), max(right!)))
      error ??= `entry ${t - 1} has stale cached maxima`;
    return 1 + Math.max(hl, hr);
  };
  const height = visit(root);
  if (error === null && height !== tree.height()) error = `height ${tree.height()}, not ${height}`;
  if (error === null && (a[0 * 8 + 4] !== NONE || a[5] !== NONE || a[6] !== NONE || a[7] !== 0)) error = 'the sentinel changed';
  return error;
}

function checkSameEntries(tree: IntervalTree, naive: NaiveIntervals): void {
  const seen: Entry[] = [];
  tree.forEach((id) => seen.push({ start: tree.start(id), end: tree.end(id), id }));
  expect(seen).toEqual(naive.sorted());
  expect(tree.size).toBe(naive.entries.length);
  expect(tree.height()).toBeLessThanOrEqual(avlHeightBound(tree.size));
  expect(structureError(tree)).toBeNull();
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
    expect(() => tree.remove(2)).toThrow(/^internal: id 2 is not in the interval tree$/);
    expect(() => tree.remove(7)).toThrow(/^internal: id 7 is not in the interval tree$/);
    expect(() => tree.remove(-1)).toThrow(/^internal: id -1 is not in the interval tree$/);
  });
});

// Exhaustive checks on small trees of known shapes (issue 15: findContaining with the containing
// entry in the left subtree of a node that starts before `lo`; pruning on the cached maxima; the
// maxima and the balance after removals; growth from the smallest capacity). Every query over a
// whole window of coordinates is compared with the naive list after every insertion and removal.
describe('IntervalTree on every query of small trees', () => {
  /** A deterministic permutation of 0 … n-1 (a linear congruential shuffle). */
  function shuffled(n: number, seed: number): number[] {
    const out = Array.from({ length: n }, (_, i) => i);
    let x = seed;
    for (let i = n - 1; i > 0; i--) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const j = x % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }

  /** Every query over [from, to] against the naive list; the mismatches, described. */
  function allQueryMismatches(tree: IntervalTree, naive: NaiveIntervals, rank: Float64Array, from: number, to: number): string[] {
    const bad: string[] = [];
    const entries = naive.sorted();
    const ids: number[] = [];
    tree.forEach((id) => ids.push(id));
    if (ids.join() !== entries.map((e) => e.id).join() || tree.size !== entries.length) bad.push(`entries ${ids.join()}`);
    if (tree.height() > avlHeightBound(tree.size)) bad.push(`height ${tree.height()} for ${tree.size}`);
    const structure = structureError(tree);
    if (structure !== null) bad.push(structure);
    const best = (list: Entry[]): number => bestRanked(list, rank);
    for (let lo = from; lo <= to; lo++) {
      for (const hi of [lo, lo + 1, lo + 2, lo + 4, to - 2, to - 1, to, to + 1]) {
        if (hi < lo) continue;
        const containing = entries.filter((e) => e.start <= lo && hi <= e.end);
        const found = tree.findContaining(lo, hi);
        if (containing.length === 0 ? found !== -1 : !containing.some((e) => e.id === found)) bad.push(`findContaining(${lo}, ${hi}) = ${found}`);
        const latest = tree.latestContaining(lo, hi, rank);
        if (latest !== best(containing)) bad.push(`latestContaining(${lo}, ${hi}) = ${latest}`);
        const overlapping = entries.filter((e) => Math.max(e.start, lo) < Math.min(e.end, hi)).map((e) => e.id);
        const any = tree.anyOverlap(lo, hi);
        if (any !== (overlapping.length > 0 ? overlapping[0] : -1)) bad.push(`anyOverlap(${lo}, ${hi}) = ${any}`);
        const visited: number[] = [];
        tree.overlapping(lo, hi, (id) => visited.push(id));
        if (visited.join() !== overlapping.join()) bad.push(`overlapping(${lo}, ${hi}) = ${visited.join()}`);
      }
      const point = entries.filter((e) => e.start <= lo && lo + 1 <= e.end);
      const found = tree.findPoint(lo);
      if (point.length === 0 ? found !== -1 : !point.some((e) => e.id === found)) bad.push(`findPoint(${lo}) = ${found}`);
      const startAt = tree.latestStartingAt(lo, rank);
      if (startAt !== best(entries.filter((e) => e.start === lo))) bad.push(`latestStartingAt(${lo}) = ${startAt}`);
    }
    return bad;
  }

  // Entry i starts at BASE + 2i (entries at negative addresses too) and ends 1 later, except one
  // entry that reaches past all others: wherever that entry sits in the tree, it is the only one
  // containing a query that starts after every other entry's end.
  const BASE = -9;
  // Trees of up to 15 entries (heights 1 to 5); up to 9 inside a mutation-testing run.
  const LARGEST = process.env.MAPCHECK_MUTATION === '1' ? 9 : 15;
  // Ids are 0 … n-1 in a shuffled order (so an entry's neighbour in the node array is in the tree
  // too); in the last variant entries start in pairs at one address (ties ordered by id).
  const variants = [
    { order: 'ascending', pairs: false },
    { order: 'descending', pairs: false },
    { order: 'shuffled', pairs: false },
    { order: 'shuffled', pairs: true },
  ] as const;
  for (const { order, pairs } of variants)
    it(`finds the one long entry wherever it sits (insertion ${order}${pairs ? ', starts in pairs' : ''}, then removals)`, () => {
      for (let n = 1; n <= LARGEST; n++)
        for (let k = 0; k < n; k++) {
          const tree = new IntervalTree();
          const naive = new NaiveIntervals();
          const rank = new Float64Array(n);
          const ids = shuffled(n, n * 31 + k);
          const seq = order === 'ascending' ? [...Array(n).keys()] : order === 'descending' ? [...Array(n).keys()].reverse() : shuffled(n, k + 7);
          let stamp = 0;
          for (const i of seq) {
            const start = BASE + 2 * (pairs ? i >> 1 : i);
            const end = i === k ? BASE + 2 * n + 6 : start + (i % 3 === 2 ? 0 : 1);
            tree.insert(start, end, ids[i]!);
            naive.insert(start, end, ids[i]!);
            rank[ids[i]!] = ++stamp;
          }
          expect(allQueryMismatches(tree, naive, rank, BASE - 2, BASE + 2 * n + 8), `n ${n}, long entry ${k}`).toEqual([]);
          // Remove the entries in another order; the long one's end must leave every cached maximum.
          for (const i of shuffled(n, k + 3)) {
            tree.remove(ids[i]!);
            naive.remove(ids[i]!);
            expect(tree.has(ids[i]!)).toBe(false);
            if (n <= LARGEST / 2 || i === k) expect(allQueryMismatches(tree, naive, rank, BASE - 2, BASE + 2 * n + 8), `n ${n}, long entry ${k}, removed ${i}`).toEqual([]);
          }
          expect(tree.size).toBe(0);
          expect(tree.height()).toBe(0);
        }
    });

  it('finds the entry containing a range in the left subtree of a node that starts before it', () => {
    const tree = new IntervalTree();
    tree.insert(0, 100, 0);
    tree.insert(5, 10, 1);
    tree.insert(10, 12, 2); // rotation: 1 is the root, 0 its left child
    expect(tree.findContaining(20, 30)).toBe(0);
    expect(tree.findContaining(20, 100)).toBe(0);
    expect(tree.findContaining(20, 101)).toBe(-1);
    expect(tree.findContaining(100, 100)).toBe(0);
    const rank = Float64Array.of(1, 2, 3);
    expect(tree.latestContaining(20, 100, rank)).toBe(0);
    expect(tree.latestContaining(6, 9, rank)).toBe(1);
    expect(tree.latestContaining(6, 100, rank)).toBe(0);
  });

  it('answers queries whose end is at or below the smallest 32-bit bound, or not a number', () => {
    const tree = new IntervalTree();
    tree.insert(-(2 ** 31) + 1, 5, 0);
    tree.insert(-(2 ** 31) + 1, -(2 ** 31) + 1, 1);
    const rank = Float64Array.of(1, 2);
    for (const hi of [-(2 ** 31), -(2 ** 31) - 1, -(2 ** 32), -Infinity]) {
      expect(tree.findContaining(-(2 ** 31), hi)).toBe(-1);
      expect(tree.latestContaining(-(2 ** 31), hi, rank)).toBe(-1);
    }
    expect(tree.findContaining(-(2 ** 31) + 1, -(2 ** 31))).toBeOneOf([0, 1]);
    expect(tree.latestContaining(-(2 ** 31) + 1, -(2 ** 31), rank)).toBe(1);
    expect(tree.findContaining(0, NaN)).toBe(-1);
    expect(tree.latestContaining(0, NaN, rank)).toBe(-1);
  });

  it('grows from the smallest capacity to ids far apart, and refuses ids past its capacity limit', () => {
    for (const capacity of [0, 1, 2, 5]) {
      const tree = new IntervalTree(capacity);
      expect(tree.findContaining(-1, -1)).toBe(-1);
      expect(tree.findContaining(0, 0)).toBe(-1);
      const ids = [0, 1, 17, 2, 300, 16, 1000];
      ids.forEach((id, i) => tree.insert(i * 10 - 30, i * 10 - 25, id));
      ids.forEach((id, i) => {
        expect(tree.has(id)).toBe(true);
        expect([tree.start(id), tree.end(id)]).toEqual([i * 10 - 30, i * 10 - 25]);
        expect(tree.findPoint(i * 10 - 28)).toBe(id);
        expect(tree.findContaining(i * 10 - 25, i * 10 - 25)).toBe(id);
      });
      expect(tree.findContaining(-24, -24)).toBe(-1);
      expect(tree.findContaining(-31, -31)).toBe(-1);
      expect(tree.has(3)).toBe(false);
      expect(tree.has(1001)).toBe(false);
    }
    expect(() => new IntervalTree().insert(0, 1, 2 ** 28)).toThrow(/^internal: interval tree capacity exceeded$/);
  });
});
