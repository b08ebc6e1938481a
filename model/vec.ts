// Persistent vectors for the model state: a 32-way trie of plain arrays. Reading element i walks
// depth + 1 arrays; changing it through an immer draft copies only the arrays on that path (32
// slots each), never the whole vector. So a step that changes one host object, one device block or
// one table bucket costs the same whether the world has ten objects or a hundred thousand (the
// flat arrays this replaces were copied, and re-frozen, whole on every change).
//
// Plain objects and arrays only, so immer drafts and freezes them like the rest of the state.

import { isDraft, isModified, original } from './immer.js';

const BITS = 5;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

type Node<T> = (T | Node<T>)[];

export interface Vec<T> {
  /** Number of elements. */
  length: number;
  /** Levels of inner nodes above the leaves (0: the root is a leaf). */
  depth: number;
  root: Node<T>;
}

export function emptyVec<T>(): Vec<T> {
  return { length: 0, depth: 0, root: [] };
}

export function vecOf<T>(items: readonly T[]): Vec<T> {
  const v = emptyVec<T>();
  for (const x of items) vecPush(v, x);
  return v;
}

/** Element i (0 ≤ i < length). */
export function vecGet<T>(v: Vec<T>, i: number): T {
  if (!(i >= 0 && i < v.length)) throw new Error(`internal: vector index ${i} out of bounds (length ${v.length})`);
  let node = v.root;
  for (let shift = v.depth * BITS; shift > 0; shift -= BITS) node = node[(i >>> shift) & MASK] as Node<T>;
  return node[i & MASK] as T;
}

/**
 * A value of the state as it stands, for reading only: inside a step, a draft that the step has
 * not changed is read through its base (immutable, frozen), so reading it makes no immer proxy for
 * every object on the way (nor finalises one at the end of the step); a changed draft, or a value
 * outside a step, is returned as it is. A write through what it returns throws (frozen).
 */
export function readOnly<T>(x: T): T {
  return isDraft(x) && !isModified(x) ? (original(x as never) as T) : x;
}

/** Element i (0 ≤ i < length), for reading only (see readOnly). */
export function vecRead<T>(v: Vec<T>, i: number): T {
  const vec = readOnly(v);
  if (!(i >= 0 && i < vec.length)) throw new Error(`internal: vector index ${i} out of bounds (length ${vec.length})`);
  let node = readOnly(vec.root);
  for (let shift = vec.depth * BITS; shift > 0; shift -= BITS) node = readOnly(node[(i >>> shift) & MASK] as Node<T>);
  return readOnly(node[i & MASK] as T);
}

/** Replaces element i (on a draft, or on a state under construction). */
export function vecSet<T>(v: Vec<T>, i: number, x: T): void {
  if (!(i >= 0 && i < v.length)) throw new Error(`internal: vector index ${i} out of bounds (length ${v.length})`);
  let node = v.root;
  for (let shift = v.depth * BITS; shift > 0; shift -= BITS) node = node[(i >>> shift) & MASK] as Node<T>;
  node[i & MASK] = x;
}

/** Appends an element (on a draft, or on a state under construction). */
export function vecPush<T>(v: Vec<T>, x: T): void {
  const i = v.length;
  if (i === WIDTH ** (v.depth + 1)) {
    v.root = [v.root];
    v.depth += 1;
  }
  let node = v.root;
  for (let shift = v.depth * BITS; shift > 0; shift -= BITS) {
    const k = (i >>> shift) & MASK;
    if (node[k] === undefined) node[k] = [];
    node = node[k] as Node<T>;
  }
  node[i & MASK] = x;
  v.length = i + 1;
}

/** Every element in index order. */
export function vecForEach<T>(v: Vec<T>, f: (x: T, i: number) => void): void {
  let i = 0;
  const walk = (node: Node<T>, level: number) => {
    for (const child of node) {
      if (level === 0) f(child as T, i++);
      else walk(child as Node<T>, level - 1);
    }
  };
  walk(v.root, v.depth);
}

/** Every element in index order, for reading only (see readOnly: no proxy per element of a draft the step left alone). */
export function vecForEachRead<T>(v: Vec<T>, f: (x: T, i: number) => void): void {
  let i = 0;
  const walk = (node: Node<T>, level: number) => {
    for (const child of readOnly(node)) {
      if (level === 0) f(readOnly(child as T), i++);
      else walk(child as Node<T>, level - 1);
    }
  };
  const vec = readOnly(v);
  walk(vec.root, vec.depth);
}

export function vecToArray<T>(v: Vec<T>): T[] {
  const out: T[] = [];
  vecForEach(v, (x) => out.push(x));
  return out;
}

/**
 * Calls `f(i, x, y)` for every index whose element differs (by reference) between two versions of
 * one vector, skipping every subtree the two share: O(changes × depth × 32), not O(length).
 */
export function vecChanges<T>(before: Vec<T>, after: Vec<T>, f: (i: number, x: T | undefined, y: T | undefined) => void): void {
  if (before === after) return;
  if (before.depth !== after.depth) {
    // The vector grew a level: compare element by element over the longer one.
    const n = Math.max(before.length, after.length);
    for (let i = 0; i < n; i++) {
      const x = i < before.length ? vecGet(before, i) : undefined;
      const y = i < after.length ? vecGet(after, i) : undefined;
      if (x !== y) f(i, x, y);
    }
    return;
  }
  const walk = (x: Node<T> | undefined, y: Node<T> | undefined, level: number, base: number) => {
    if (x === y) return;
    const width = Math.max(x?.length ?? 0, y?.length ?? 0);
    for (let k = 0; k < width; k++) {
      const cx = x?.[k];
      const cy = y?.[k];
      if (cx === cy) continue;
      const index = base + k * WIDTH ** level;
      if (level === 0) f(index, cx as T | undefined, cy as T | undefined);
      else walk(cx as Node<T> | undefined, cy as Node<T> | undefined, level - 1, index);
    }
  };
  walk(before.root, after.root, before.depth, 0);
}

// ------------------------------------------------------------------------------------------------
// String-keyed tables (the omp_target_alloc handles): a fixed number of buckets in a vector, each
// bucket a small record, so a change copies one bucket and one trie path.

const BUCKETS = 1024;

export type KeyTable<V> = Vec<Record<string, V>>;

export function emptyKeyTable<V>(): KeyTable<V> {
  return vecOf(Array.from({ length: BUCKETS }, () => ({}) as Record<string, V>));
}

function bucketOf(key: string): number {
  // FNV-1a
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) % BUCKETS;
}

export function keyHas<V>(t: KeyTable<V>, key: string): boolean {
  return Object.hasOwn(vecGet(t, bucketOf(key)), key);
}

export function keyGet<V>(t: KeyTable<V>, key: string): V | undefined {
  const bucket = vecGet(t, bucketOf(key));
  return Object.hasOwn(bucket, key) ? bucket[key] : undefined;
}

export function keySet<V>(t: KeyTable<V>, key: string, value: V): void {
  vecGet(t, bucketOf(key))[key] = value;
}

export function keyDelete<V>(t: KeyTable<V>, key: string): void {
  delete vecGet(t, bucketOf(key))[key];
}
