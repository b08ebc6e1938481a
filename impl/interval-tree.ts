// An interval tree over half-open ranges [start, end): an AVL tree ordered by (start, id) whose
// nodes also carry the largest `end` of their subtrees. Entries may overlap (OpenMP associations
// and some runtimes create overlapping entries). Callers use their own dense slot numbers as ids
// and no lookup allocates. Queries return an id, or -1 for none.
//
// Layout: node `id + 1` is the 8 consecutive Int32 words at (id + 1) * 8 of one array, so a node
// is 32 bytes and one step of a descent reads one cache line. Node 0 is the empty-subtree
// sentinel. Besides the subtree's max end, a node keeps the max end of each of its subtrees, so a
// descent decides where to go without loading a child it will not visit. Bounds are therefore
// 32-bit integers (host addresses are far below 2^31); queries take any numbers.

import { grown } from './typed.js';

const NIL = 0;
/** Words per node, and log2 of it. */
const WORDS = 8;
const SHIFT = 3;
// Word offsets of a node's fields.
const START = 0;
const END = 1;
const LEFT = 2;
const RIGHT = 3;
/** Largest end in the node's subtree (NONE when empty). */
const MAX = 4;
/** MAX of the left and of the right child. */
const LEFT_MAX = 5;
const RIGHT_MAX = 6;
/** AVL height (leaf = 1); 0 for the sentinel and for ids not in the tree. */
const HEIGHT = 7;
/** The max end of an empty subtree: below every end an entry can have. */
const NONE = -0x80000000;
/** AVL height bound for 2^28 nodes (the most an Int32Array of 8-word nodes can index) is 41. */
const MAX_DEPTH = 48;
/**
 * Nodes on the path from the root, with the side taken (low bit: 1 = right), while inserting or
 * removing. Shared by every tree: neither operation calls out before it is done with the path.
 */
const PATH = new Int32Array(MAX_DEPTH);
/**
 * Node capacity (sentinel included) of the first growth. A tree starts with room for one entry,
 * so its array stays on the V8 heap (see typed.ts), and then grows straight to this size.
 */
const FIRST_GROWTH_NODES = 16;

/** `hi` as a bound for comparisons with stored ends: ends ≥ hi exactly when ends ≥ the result, and the sentinel's NONE is below it. NaN stays NaN. */
function endBound(hi: number): number {
  return hi <= NONE ? NONE + 1 : hi;
}

export class IntervalTree {
  private nodes: Int32Array;
  private root = NIL;
  private count = 0;
  /** Best node and its rank so far, while a ranked query runs. */
  private bestNode = NIL;
  // Stryker disable next-line UnaryOperator: both ranked queries set bestRank before reading it (MUTATION.md)
  private bestRank = -Infinity;

  constructor(capacity = 1) {
    this.nodes = new Int32Array((capacity + 1) * WORDS);
    this.nodes[END] = NONE;
    this.nodes[MAX] = NONE;
    this.nodes[LEFT_MAX] = NONE;
    this.nodes[RIGHT_MAX] = NONE;
  }

  get size(): number {
    return this.count;
  }

  /** Height of the tree (0 when empty). */
  height(): number {
    return this.nodes[(this.root << SHIFT) + HEIGHT]!;
  }

  has(id: number): boolean {
    const p = (id + 1) * WORDS;
    return id >= 0 && p < this.nodes.length && this.nodes[p + HEIGHT]! > 0;
  }

  start(id: number): number {
    return this.nodes[((id + 1) << SHIFT) + START]!;
  }

  end(id: number): number {
    return this.nodes[((id + 1) << SHIFT) + END]!;
  }

  insert(start: number, end: number, id: number): void {
    if (!Number.isInteger(id) || id < 0) throw new Error(`internal: interval tree id ${id} is not a non-negative integer`);
    if (!(start <= end)) throw new Error(`internal: interval [${start}, ${end}) is reversed`);
    if ((start | 0) !== start || (end | 0) !== end || start === NONE)
      throw new Error(`internal: interval [${start}, ${end}) has a bound that is not a 32-bit integer`);
    const n = id + 1;
    if ((n + 1) * WORDS > this.nodes.length) this.grow(n + 1);
    const a = this.nodes;
    const p = n << SHIFT;
    if (a[p + HEIGHT] !== 0) throw new Error(`internal: id ${id} is already in the interval tree`);
    // Stryker disable next-line ArithmeticOperator: START is word 0, so p - START is p + START
    a[p + START] = start;
    a[p + END] = end;
    a[p + LEFT] = NIL;
    a[p + RIGHT] = NIL;
    a[p + MAX] = end;
    a[p + LEFT_MAX] = NONE;
    a[p + RIGHT_MAX] = NONE;
    a[p + HEIGHT] = 1;
    const path = PATH;
    let depth = 0;
    for (let t = this.root; t !== NIL; ) {
      const right = this.before(n, t) ? 0 : 1;
      path[depth++] = (t << 1) | right;
      t = a[(t << SHIFT) + LEFT + right]!;
    }
    this.fixUp(depth, n, depth);
    this.count++;
  }

  remove(id: number): void {
    if (!this.has(id)) throw new Error(`internal: id ${id} is not in the interval tree`);
    const a = this.nodes;
    const path = PATH;
    const n = id + 1;
    let depth = 0;
    let t = this.root;
    while (t !== n) {
      if (t === NIL) throw new Error('internal: interval tree entry not found on its search path');
      const right = this.before(n, t) ? 0 : 1;
      path[depth++] = (t << 1) | right;
      t = a[(t << SHIFT) + LEFT + right]!;
    }
    const p = n << SHIFT;
    const l = a[p + LEFT]!;
    const r = a[p + RIGHT]!;
    let replacement: number;
    let settled = depth;
    if (r === NIL) replacement = l;
    else if (l === NIL) replacement = r;
    else {
      // The in-order successor m takes n's place (its right link is set by fixUp) and m's old
      // parent gets m's right subtree. Below n's place, m's old fields are stale.
      settled = depth++;
      let m = r;
      for (let next = a[(m << SHIFT) + LEFT]!; next !== NIL; next = a[(m << SHIFT) + LEFT]!) {
        path[depth++] = m << 1;
        m = next;
      }
      path[settled] = (m << 1) | 1;
      replacement = a[(m << SHIFT) + RIGHT]!;
      a[(m << SHIFT) + LEFT] = l;
    }
    a[p + HEIGHT] = 0;
    a[p + LEFT] = NIL;
    a[p + RIGHT] = NIL;
    this.fixUp(depth, replacement, settled);
    this.count--;
  }

  /**
   * An entry with start ≤ lo and hi ≤ end, i.e. one that contains [lo, hi). With lo = hi this
   * accepts an entry whose end is exactly lo.
   */
  findContaining(lo: number, hi: number): number {
    const a = this.nodes;
    const h = endBound(hi);
    let t = this.root;
    // Loop invariant: t's subtree holds an end ≥ h, so t is not the sentinel.
    if (!(a[(t << SHIFT) + MAX]! >= h)) return -1;
    for (;;) {
      const p = t << SHIFT;
      // Stryker disable next-line ArithmeticOperator: START is word 0
      if (a[p + START]! > lo) {
        // t and its right subtree start after lo.
        if (!(a[p + LEFT_MAX]! >= h)) return -1;
        t = a[p + LEFT]!;
        continue;
      }
      // Everything in the left subtree starts at or before lo too: any end ≥ h there answers.
      if (a[p + LEFT_MAX]! >= h) return this.descendToEnd(a[p + LEFT]!, h) - 1;
      if (a[p + END]! >= h) return t - 1;
      // Stryker disable next-line UnaryOperator: the return is never reached (loop invariant: RIGHT_MAX >= h here; MUTATION.md)
      if (!(a[p + RIGHT_MAX]! >= h)) return -1;
      t = a[p + RIGHT]!;
    }
  }

  /**
   * Among the entries that contain [lo, hi), the one with the largest `rank[id]` (e.g. the one
   * created last, when entries overlap); -1 if none. Disjoint entries cost O(log n).
   */
  latestContaining(lo: number, hi: number, rank: ArrayLike<number>): number {
    this.bestNode = NIL;
    this.bestRank = -Infinity;
    const h = endBound(hi);
    if (this.nodes[(this.root << SHIFT) + MAX]! >= h) this.rankContaining(this.root, lo, h, rank);
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

  private grow(minNodes: number): void {
    if (minNodes > 2 ** 28) throw new Error('internal: interval tree capacity exceeded');
    this.nodes = grown(this.nodes, Math.max(minNodes, FIRST_GROWTH_NODES) * WORDS);
  }

  private before(m: number, n: number): boolean {
    // Stryker disable next-line ArithmeticOperator: START is word 0
    const sm = this.nodes[(m << SHIFT) + START]!;
    // Stryker disable next-line ArithmeticOperator: START is word 0
    const sn = this.nodes[(n << SHIFT) + START]!;
    return sm < sn || (sm === sn && m < n);
  }

  /**
   * After the subtree below path[depth - 1] (on its recorded side) was replaced by `child`:
   * relinks and rebalances bottom-up. Above path[settled] (whose links the caller has not
   * changed) it stops at the first node whose subtree is unchanged.
   */
  private fixUp(depth: number, child: number, settled: number): void {
    const a = this.nodes;
    const path = PATH;
    for (let i = depth - 1; i >= 0; i--) {
      const t = path[i]! >> 1;
      const p = t << SHIFT;
      a[p + LEFT + (path[i]! & 1)] = child;
      const height = a[p + HEIGHT]!;
      const max = a[p + MAX]!;
      child = this.rebalance(t);
      // Same root, height and max end: the ancestors' links and fields still hold.
      if (i < settled && child === t && a[p + HEIGHT] === height && a[p + MAX] === max) return;
    }
    this.root = child;
  }

  /** Restores the AVL balance at t (children already balanced); returns the subtree's new root. */
  private rebalance(t: number): number {
    const a = this.nodes;
    const p = t << SHIFT;
    const l = a[p + LEFT]!;
    const r = a[p + RIGHT]!;
    const hl = a[(l << SHIFT) + HEIGHT]!;
    const hr = a[(r << SHIFT) + HEIGHT]!;
    if (hl > hr + 1) {
      const lp = l << SHIFT;
      if (a[(a[lp + LEFT]! << SHIFT) + HEIGHT]! < a[(a[lp + RIGHT]! << SHIFT) + HEIGHT]!) a[p + LEFT] = this.rotateLeft(l);
      return this.rotateRight(t);
    }
    if (hr > hl + 1) {
      const rp = r << SHIFT;
      if (a[(a[rp + RIGHT]! << SHIFT) + HEIGHT]! < a[(a[rp + LEFT]! << SHIFT) + HEIGHT]!) a[p + RIGHT] = this.rotateRight(r);
      return this.rotateLeft(t);
    }
    this.update(t);
    return t;
  }

  private update(t: number): void {
    const a = this.nodes;
    const p = t << SHIFT;
    const lp = a[p + LEFT]! << SHIFT;
    const rp = a[p + RIGHT]! << SHIFT;
    const hl = a[lp + HEIGHT]!;
    const hr = a[rp + HEIGHT]!;
    a[p + HEIGHT] = 1 + (hl > hr ? hl : hr);
    const lm = a[lp + MAX]!;
    const rm = a[rp + MAX]!;
    a[p + LEFT_MAX] = lm;
    a[p + RIGHT_MAX] = rm;
    let m = a[p + END]!;
    if (lm > m) m = lm;
    if (rm > m) m = rm;
    a[p + MAX] = m;
  }

  private rotateRight(t: number): number {
    const a = this.nodes;
    const l = a[(t << SHIFT) + LEFT]!;
    a[(t << SHIFT) + LEFT] = a[(l << SHIFT) + RIGHT]!;
    a[(l << SHIFT) + RIGHT] = t;
    this.update(t);
    this.update(l);
    return l;
  }

  private rotateLeft(t: number): number {
    const a = this.nodes;
    const r = a[(t << SHIFT) + RIGHT]!;
    a[(t << SHIFT) + RIGHT] = a[(r << SHIFT) + LEFT]!;
    a[(r << SHIFT) + LEFT] = t;
    this.update(t);
    this.update(r);
    return r;
  }

  /** In a subtree whose max end is ≥ h, a node whose own end is ≥ h. */
  private descendToEnd(t: number, h: number): number {
    const a = this.nodes;
    for (;;) {
      const p = t << SHIFT;
      if (a[p + END]! >= h) return t;
      t = a[p + LEFT_MAX]! >= h ? a[p + LEFT]! : a[p + RIGHT]!;
    }
  }

  private consider(t: number, rank: ArrayLike<number>): void {
    const r = rank[t - 1]!;
    if (r > this.bestRank) {
      this.bestRank = r;
      this.bestNode = t;
    }
  }

  /** Ranks the entries of t's subtree that contain [lo, h); t's max end is ≥ h. */
  private rankContaining(t: number, lo: number, h: number, rank: ArrayLike<number>): void {
    const a = this.nodes;
    for (;;) {
      const p = t << SHIFT;
      // Stryker disable next-line ArithmeticOperator: START is word 0
      if (a[p + START]! > lo) {
        if (!(a[p + LEFT_MAX]! >= h)) return;
        t = a[p + LEFT]!;
        continue;
      }
      // t, and its whole left subtree, start at or before lo.
      if (a[p + LEFT_MAX]! >= h) this.rankContaining(a[p + LEFT]!, lo, h, rank);
      if (a[p + END]! >= h) this.consider(t, rank);
      if (!(a[p + RIGHT_MAX]! >= h)) return;
      t = a[p + RIGHT]!;
    }
  }

  private rankStartingAt(t: number, start: number, rank: ArrayLike<number>): void {
    const a = this.nodes;
    while (t !== NIL) {
      const p = t << SHIFT;
      // Stryker disable next-line ArithmeticOperator: START is word 0
      const s = a[p + START]!;
      if (s < start) t = a[p + RIGHT]!;
      else if (s > start) t = a[p + LEFT]!;
      else {
        // Equal starts are ordered by id, so they may sit on both sides of t.
        this.rankStartingAt(a[p + LEFT]!, start, rank);
        this.consider(t, rank);
        t = a[p + RIGHT]!;
      }
    }
  }

  private firstOverlap(t: number, lo: number, hi: number): number {
    const a = this.nodes;
    // Stryker disable next-line LogicalOperator: pruning only: a subtree whose max end is <= lo holds no overlap (MUTATION.md)
    while (t !== NIL && a[(t << SHIFT) + MAX]! > lo) {
      const p = t << SHIFT;
      if (a[p + LEFT_MAX]! > lo) {
        const inLeft = this.firstOverlap(a[p + LEFT]!, lo, hi);
        if (inLeft !== NIL) return inLeft;
      }
      // Stryker disable next-line ArithmeticOperator: START is word 0
      const s = a[p + START]!;
      // t and everything after it start at or beyond hi.
      if (s >= hi) return NIL;
      const e = a[p + END]!;
      if (e > lo && e > s) return t;
      t = a[p + RIGHT]!;
    }
    return NIL;
  }

  private visitOverlaps(t: number, lo: number, hi: number, visit: (id: number) => void): void {
    const a = this.nodes;
    // Stryker disable next-line LogicalOperator: pruning only, as in visitOverlaps
    while (t !== NIL && a[(t << SHIFT) + MAX]! > lo) {
      const p = t << SHIFT;
      this.visitOverlaps(a[p + LEFT]!, lo, hi, visit);
      // Stryker disable next-line ArithmeticOperator: START is word 0
      const s = a[p + START]!;
      if (s >= hi) return;
      const e = a[p + END]!;
      if (e > lo && e > s) visit(t - 1);
      t = a[p + RIGHT]!;
    }
  }

  private visitAll(t: number, visit: (id: number) => void): void {
    const a = this.nodes;
    while (t !== NIL) {
      const p = t << SHIFT;
      this.visitAll(a[p + LEFT]!, visit);
      visit(t - 1);
      t = a[p + RIGHT]!;
    }
  }
}
