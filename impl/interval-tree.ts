// An interval tree over half-open ranges [start, end): an AVL tree ordered by (start, id) whose
// nodes also carry the largest `end` of their subtree. Entries may overlap (OpenMP associations
// and some runtimes create overlapping entries). Nodes live in typed arrays indexed by id + 1,
// with index 0 as the empty-subtree sentinel, so callers use their own dense slot numbers as ids
// and no lookup allocates. Queries return an id, or -1 for none.

import { grown } from './typed.js';

const NIL = 0;

export class IntervalTree {
  private starts: Float64Array;
  private ends: Float64Array;
  private maxEnds: Float64Array;
  private lefts: Int32Array;
  private rights: Int32Array;
  /** AVL height of a node in the tree (leaf = 1); 0 for the sentinel and for ids not in the tree. */
  private heights: Int8Array;
  private root = NIL;
  private count = 0;
  /** The node unlinked by the last removeMinAt call. */
  private unlinkedMin = NIL;
  /** Best node and its rank so far, while a ranked query runs. */
  private bestNode = NIL;
  private bestRank = -Infinity;

  constructor(capacity = 64) {
    const n = capacity + 1;
    this.starts = new Float64Array(n);
    this.ends = new Float64Array(n);
    this.maxEnds = new Float64Array(n);
    this.lefts = new Int32Array(n);
    this.rights = new Int32Array(n);
    this.heights = new Int8Array(n);
    this.maxEnds[NIL] = -Infinity;
  }

  get size(): number {
    return this.count;
  }

  /** Height of the tree (0 when empty). */
  height(): number {
    return this.heights[this.root]!;
  }

  has(id: number): boolean {
    const n = id + 1;
    return id >= 0 && n < this.heights.length && this.heights[n]! > 0;
  }

  start(id: number): number {
    return this.starts[id + 1]!;
  }

  end(id: number): number {
    return this.ends[id + 1]!;
  }

  insert(start: number, end: number, id: number): void {
    if (!Number.isInteger(id) || id < 0) throw new Error(`internal: interval tree id ${id} is not a non-negative integer`);
    if (!(start <= end)) throw new Error(`internal: interval [${start}, ${end}) is reversed`);
    const n = id + 1;
    if (n >= this.heights.length) this.grow(n + 1);
    if (this.heights[n] !== 0) throw new Error(`internal: id ${id} is already in the interval tree`);
    this.starts[n] = start;
    this.ends[n] = end;
    this.maxEnds[n] = end;
    this.lefts[n] = NIL;
    this.rights[n] = NIL;
    this.heights[n] = 1;
    this.root = this.insertAt(this.root, n);
    this.count++;
  }

  remove(id: number): void {
    if (!this.has(id)) throw new Error(`internal: id ${id} is not in the interval tree`);
    const n = id + 1;
    this.root = this.removeAt(this.root, n);
    this.heights[n] = 0;
    this.lefts[n] = NIL;
    this.rights[n] = NIL;
    this.count--;
  }

  /**
   * An entry with start ≤ lo and hi ≤ end, i.e. one that contains [lo, hi). With lo = hi this
   * accepts an entry whose end is exactly lo.
   */
  findContaining(lo: number, hi: number): number {
    const { starts, ends, maxEnds, lefts, rights } = this;
    let t = this.root;
    while (t !== NIL) {
      if (maxEnds[t]! < hi) return -1;
      if (starts[t]! > lo) {
        // t and its right subtree start after lo.
        t = lefts[t]!;
        continue;
      }
      // Everything in the left subtree starts at or before lo too: any end ≥ hi there answers.
      const l = lefts[t]!;
      if (maxEnds[l]! >= hi) return this.descendToEnd(l, hi) - 1;
      if (ends[t]! >= hi) return t - 1;
      t = rights[t]!;
    }
    return -1;
  }

  /**
   * Among the entries that contain [lo, hi), the one with the largest `rank[id]` (e.g. the one
   * created last, when entries overlap); -1 if none. Disjoint entries cost O(log n).
   */
  latestContaining(lo: number, hi: number, rank: ArrayLike<number>): number {
    this.bestNode = NIL;
    this.bestRank = -Infinity;
    this.rankContaining(this.root, lo, hi, rank);
    return this.bestNode - 1;
  }

  /** Among the entries that start exactly at `start`, the one with the largest `rank[id]`; -1 if none. */
  latestStartingAt(start: number, rank: ArrayLike<number>): number {
    this.bestNode = NIL;
    this.bestRank = -Infinity;
    this.rankStartingAt(this.root, start, rank);
    return this.bestNode - 1;
  }

  /** An entry containing the byte at `addr`. */
  findPoint(addr: number): number {
    return this.findContaining(addr, addr + 1);
  }

  /** The first entry, in (start, id) order, that shares at least one byte with [lo, hi). */
  anyOverlap(lo: number, hi: number): number {
    return lo < hi ? this.firstOverlap(this.root, lo, hi) - 1 : -1;
  }

  /**
   * Calls `visit` with every entry sharing at least one byte with [lo, hi), in (start, id)
   * order. `visit` must not change the tree.
   */
  overlapping(lo: number, hi: number, visit: (id: number) => void): void {
    if (lo < hi) this.visitOverlaps(this.root, lo, hi, visit);
  }

  /** Calls `visit` with every entry in (start, id) order. `visit` must not change the tree. */
  forEach(visit: (id: number) => void): void {
    this.visitAll(this.root, visit);
  }

  // ----------------------------------------------------------------------------------------------

  private grow(min: number): void {
    this.starts = grown(this.starts, min);
    this.ends = grown(this.ends, min);
    this.maxEnds = grown(this.maxEnds, min);
    this.lefts = grown(this.lefts, min);
    this.rights = grown(this.rights, min);
    this.heights = grown(this.heights, min);
  }

  private before(a: number, b: number): boolean {
    const sa = this.starts[a]!;
    const sb = this.starts[b]!;
    return sa < sb || (sa === sb && a < b);
  }

  private insertAt(t: number, n: number): number {
    if (t === NIL) return n;
    if (this.before(n, t)) this.lefts[t] = this.insertAt(this.lefts[t]!, n);
    else this.rights[t] = this.insertAt(this.rights[t]!, n);
    return this.rebalance(t);
  }

  private removeAt(t: number, n: number): number {
    if (t === NIL) throw new Error('internal: interval tree entry not found on its search path');
    if (t === n) {
      const l = this.lefts[t]!;
      const r = this.rights[t]!;
      if (r === NIL) return l;
      if (l === NIL) return r;
      // Replace t by its in-order successor.
      const newRight = this.removeMinAt(r);
      const m = this.unlinkedMin;
      this.lefts[m] = l;
      this.rights[m] = newRight;
      return this.rebalance(m);
    }
    if (this.before(n, t)) this.lefts[t] = this.removeAt(this.lefts[t]!, n);
    else this.rights[t] = this.removeAt(this.rights[t]!, n);
    return this.rebalance(t);
  }

  private removeMinAt(t: number): number {
    const l = this.lefts[t]!;
    if (l === NIL) {
      this.unlinkedMin = t;
      return this.rights[t]!;
    }
    this.lefts[t] = this.removeMinAt(l);
    return this.rebalance(t);
  }

  /** Restores the AVL balance at t (children already balanced); returns the subtree's new root. */
  private rebalance(t: number): number {
    const { lefts, rights, heights } = this;
    const l = lefts[t]!;
    const r = rights[t]!;
    const hl = heights[l]!;
    const hr = heights[r]!;
    if (hl > hr + 1) {
      if (heights[lefts[l]!]! < heights[rights[l]!]!) lefts[t] = this.rotateLeft(l);
      return this.rotateRight(t);
    }
    if (hr > hl + 1) {
      if (heights[rights[r]!]! < heights[lefts[r]!]!) rights[t] = this.rotateRight(r);
      return this.rotateLeft(t);
    }
    this.update(t);
    return t;
  }

  private update(t: number): void {
    const l = this.lefts[t]!;
    const r = this.rights[t]!;
    this.heights[t] = 1 + Math.max(this.heights[l]!, this.heights[r]!);
    this.maxEnds[t] = Math.max(this.ends[t]!, this.maxEnds[l]!, this.maxEnds[r]!);
  }

  private rotateRight(t: number): number {
    const l = this.lefts[t]!;
    this.lefts[t] = this.rights[l]!;
    this.rights[l] = t;
    this.update(t);
    this.update(l);
    return l;
  }

  private rotateLeft(t: number): number {
    const r = this.rights[t]!;
    this.rights[t] = this.lefts[r]!;
    this.lefts[r] = t;
    this.update(t);
    this.update(r);
    return r;
  }

  /** In a subtree whose max end is ≥ hi, a node whose own end is ≥ hi. */
  private descendToEnd(t: number, hi: number): number {
    for (;;) {
      if (this.ends[t]! >= hi) return t;
      const l = this.lefts[t]!;
      t = this.maxEnds[l]! >= hi ? l : this.rights[t]!;
    }
  }

  private consider(t: number, rank: ArrayLike<number>): void {
    const r = rank[t - 1]!;
    if (r > this.bestRank) {
      this.bestRank = r;
      this.bestNode = t;
    }
  }

  private rankContaining(t: number, lo: number, hi: number, rank: ArrayLike<number>): void {
    while (t !== NIL && this.maxEnds[t]! >= hi) {
      if (this.starts[t]! > lo) {
        t = this.lefts[t]!;
        continue;
      }
      // t, and its whole left subtree, start at or before lo.
      this.rankContaining(this.lefts[t]!, lo, hi, rank);
      if (this.ends[t]! >= hi) this.consider(t, rank);
      t = this.rights[t]!;
    }
  }

  private rankStartingAt(t: number, start: number, rank: ArrayLike<number>): void {
    while (t !== NIL) {
      const s = this.starts[t]!;
      if (s < start) t = this.rights[t]!;
      else if (s > start) t = this.lefts[t]!;
      else {
        // Equal starts are ordered by id, so they may sit on both sides of t.
        this.rankStartingAt(this.lefts[t]!, start, rank);
        this.consider(t, rank);
        t = this.rights[t]!;
      }
    }
  }

  private firstOverlap(t: number, lo: number, hi: number): number {
    while (t !== NIL && this.maxEnds[t]! > lo) {
      const inLeft = this.firstOverlap(this.lefts[t]!, lo, hi);
      if (inLeft !== NIL) return inLeft;
      const s = this.starts[t]!;
      // t and everything after it start at or beyond hi.
      if (s >= hi) return NIL;
      const e = this.ends[t]!;
      if (e > lo && e > s) return t;
      t = this.rights[t]!;
    }
    return NIL;
  }

  private visitOverlaps(t: number, lo: number, hi: number, visit: (id: number) => void): void {
    while (t !== NIL && this.maxEnds[t]! > lo) {
      this.visitOverlaps(this.lefts[t]!, lo, hi, visit);
      const s = this.starts[t]!;
      if (s >= hi) return;
      const e = this.ends[t]!;
      if (e > lo && e > s) visit(t - 1);
      t = this.rights[t]!;
    }
  }

  private visitAll(t: number, visit: (id: number) => void): void {
    while (t !== NIL) {
      this.visitAll(this.lefts[t]!, visit);
      visit(t - 1);
      t = this.rights[t]!;
    }
  }
}
