// Allocation and growth of the typed arrays that hold the runtime's tables and memories.
//
// A runtime is made for every generated program, so making typed arrays must be cheap. V8 keeps a
// typed array of at most 64 bytes on its own heap, where making one costs about as much as a plain
// object (~20 ns); a larger one needs a buffer of its own, which costs ~0.4–1 µs. So tables start
// at 64 bytes or less, and larger arrays are views carved from a shared slab (~0.1 µs each).
// Slab bytes are handed out once and never reused, so a new view is zero-filled; a slab is
// reclaimed by the garbage collector once no view into it is alive.

type TypedArray = Float64Array | Int32Array | Int8Array | Uint8Array;

interface TypedArrayMaker<T extends TypedArray> {
  new (length: number): T;
  new (buffer: ArrayBuffer, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

const ON_HEAP_BYTES = 64;
const SLAB_BYTES = 1 << 16;
/** Larger arrays get a buffer of their own, so one slab holds at least 8 views. */
// Stryker disable next-line ArithmeticOperator: static mutant (module level), killed by hand with impl/typed.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const MAX_CARVED_BYTES = SLAB_BYTES / 8;

let slab = new ArrayBuffer(0);
let slabTop = 0;

/** A zero-filled typed array of `length` elements. */
export function zeroed<T extends TypedArray>(make: TypedArrayMaker<T>, length: number): T {
  const bytes = length * make.BYTES_PER_ELEMENT;
  if (bytes <= ON_HEAP_BYTES || bytes > MAX_CARVED_BYTES) return new make(length);
  if (slabTop + bytes > slab.byteLength) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabTop = 0;
  }
  const a = new make(slab, slabTop, length);
  // Keep every view 8-byte aligned, whatever its element type.
  slabTop += (bytes + 7) & ~7;
  return a;
}

/** A copy of `a` with room for at least `min` elements (at least twice the old capacity). */
export function grown<T extends TypedArray>(a: T, min: number): T {
  const b = zeroed(a.constructor as TypedArrayMaker<T>, Math.max(min, a.length * 2));
  b.set(a);
  return b;
}
