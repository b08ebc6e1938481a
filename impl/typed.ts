// Growth of the typed arrays that hold the runtime's tables: capacity doubles, contents are kept.

type TypedArray = Float64Array | Int32Array | Int8Array | Uint8Array;

/** A copy of `a` with room for at least `min` elements (at least twice the old capacity). */
export function grown<T extends TypedArray>(a: T, min: number): T {
  const make = a.constructor as new (length: number) => T;
  const b = new make(Math.max(min, a.length * 2));
  b.set(a);
  return b;
}
