// Variable references compiled to host addresses, once per world and shared by every engine that
// runs a program of that world. Lookups go through name maps, so compiling stays O(1) per
// reference however many objects the world declares; a reference that does not resolve is handed
// to lang's parseRef, whose error message is the canonical one.

import {
  ELEMENT_BYTES,
  POINTER_BYTES,
  hostLayout,
  parseRef,
  type HostObject,
  type MapperDecl,
  type StructDecl,
  type World,
} from '../lang/program.js';
import type { KnobValues } from '../profiles/index.js';
import { undefinedBehaviour } from './stop.js';

export const REF_ARRAY = 0;
export const REF_STRUCT = 1;
export const REF_MEMBER = 2;

export interface CompiledRef {
  readonly text: string;
  readonly kind: typeof REF_ARRAY | typeof REF_STRUCT | typeof REF_MEMBER;
  /** Name of the array or struct the reference starts from. */
  readonly root: string;
  /** Array, subarray or struct: its host bytes. Member: the bytes of its descriptor. */
  readonly start: number;
  readonly end: number;
  /** Pointer members inside [start, end) (structs only). */
  readonly pointerSlots: number;
  /** A member section (`c%p(2:5)`): its bounds, 1-based and inclusive, in the pointer's target. */
  readonly section?: readonly [number, number];
  /**
   * A rank-2 section of some rows of one column: where whole columns from its first element end
   * (K-A71 column-span: gfortran's size for a directive's section), past `end`.
   */
  readonly columnEnd?: number;
}

/**
 * Whether a clause var survives K-A58 / K-B55 `dropped` on a region whose kernel uses the variables
 * `roots` (every statement's reference root and a copy's `from` root): a section, element or member
 * stays, and of the whole variables (written as their bare name) those the kernel uses.
 */
export function keptForRegion(r: CompiledRef, roots: readonly string[]): boolean {
  return r.text !== r.root || roots.includes(r.root);
}

// The reference syntax of lang/program.ts: a, a(2:5), c, c%p (and cs(1:2) for an array of structs).
// Stryker disable next-line Regex: static mutant (module level), killed by hand with impl/refs.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const REF_SYNTAX = /^([A-Za-z][A-Za-z0-9_]*)(?:\((-?\d+):(-?\d+)\)|%([A-Za-z][A-Za-z0-9_]*))?$/;

// An element of an array of structs, or its member: cs(2), cs(2)%p.
// Stryker disable next-line Regex: static mutant (module level), killed by hand with impl/refs.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const ELEMENT_SYNTAX = /^([A-Za-z][A-Za-z0-9_]*)\((\d+)\)(?:%([A-Za-z][A-Za-z0-9_]*))?$/;

// A section of a rank-2 array: a(1:2,3:4); contiguous ones only (lang/README.md "Rank-2 arrays").
// Stryker disable next-line Regex: static mutant (module level), killed by hand with impl/refs.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const RANK2_SYNTAX = /^([A-Za-z][A-Za-z0-9_]*)\((\d+):(\d+),(\d+):(\d+)\)$/;

// A section of a struct's non-pointer array member: c%arr(2:3).
// Stryker disable next-line Regex: static mutant (module level), killed by hand with impl/refs.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const FIELD_SECTION_SYNTAX = /^([A-Za-z][A-Za-z0-9_]*)%([A-Za-z][A-Za-z0-9_]*)\((-?\d+):(-?\d+)\)$/;

// A section of a pointer member's target: c%p(2:5), cs(2)%p(2:5) (bounds 1..4096, the longest array).
// Stryker disable next-line Regex: static mutant (module level), killed by hand with impl/refs.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const MEMBER_SECTION_SYNTAX = /^([A-Za-z][A-Za-z0-9_]*(?:\((\d+)\))?%[A-Za-z][A-Za-z0-9_]*)\((\d+):(\d+)\)$/;
const SECTION_BOUND = 4096;

export class WorldRefs {
  private readonly objects = new Map<string, HostObject>();
  private readonly arrayLengths = new Map<string, number>();
  /** Extents of the rank-2 arrays. */
  private readonly shapes = new Map<string, readonly [number, number]>();
  private readonly structs = new Map<string, StructDecl>();
  private readonly compiled = new Map<string, CompiledRef>();
  /** The default mappers (declare mapper, OpenMP 6.0 §7.9.10) by struct name; empty for most worlds. */
  readonly mappers = new Map<string, MapperDecl>();
  /** Names of the plain pointer variables (one-member structs with `plain`, lang/plain-pointers.ts); empty for most worlds. */
  readonly plain = new Set<string>();

  constructor(private readonly world: World) {
    for (const m of world.mappers ?? []) this.mappers.set(m.struct, m);
    for (const o of hostLayout(world)) this.objects.set(o.name, o);
    for (const a of world.arrays) {
      this.arrayLengths.set(a.name, a.length);
      if (a.shape) this.shapes.set(a.name, a.shape);
    }
    for (const s of world.structs) {
      this.structs.set(s.name, s);
      if (s.plain) this.plain.add(s.name);
    }
  }

  /** Host objects in layout order. */
  hostObjects(): IterableIterator<HostObject> {
    return this.objects.values();
  }

  object(name: string): HostObject {
    const o = this.objects.get(name);
    if (!o) throw new Error(`internal: no host object '${name}'`);
    return o;
  }

  /**
   * Where a directive's data clause, map item or motion item `r`, whose data ends at `end`, ends:
   * under K-A71 `column-span` a section of some rows of one column takes the whole column from its
   * first element (r.columnEnd), and past its array the program does not own that storage.
   */
  directiveEnd(r: CompiledRef, end: number, knobs: KnobValues): number {
    const column = r.columnEnd;
    if (column === undefined || knobs['K-A71'] !== 'column-span') return end;
    const array = this.object(r.root);
    if (column > array.start + array.bytes) undefinedBehaviour(`${r.text} is mapped as a whole column from its first element, past the end of ${r.root} (K-A71 column-span)`);
    return column;
  }

  private tryGet(text: string): CompiledRef | null {
    try {
      return this.get(text);
    } catch {
      return null;
    }
  }

  get(text: string): CompiledRef {
    let r = this.compiled.get(text);
    if (!r) this.compiled.set(text, (r = this.compile(text)));
    return r;
  }

  /**
   * A non-pointer member of a single struct (`c%n`, `c%arr`, with `bounds` `c%arr(2:3)`): int32
   * words after the struct's pointer descriptors, compiled like a subarray (no pointer slots).
   */
  private field(text: string, decl: StructDecl, name: string, bounds: [number, number] | null): CompiledRef | null {
    let at = this.objects.get(decl.name)!.start + decl.pointers.length * POINTER_BYTES;
    // Stryker disable next-line ArrayDeclaration: a string has no name: the loop skips it and field() returns null, as for no fields
    for (const f of decl.fields ?? []) {
      const length = f.length ?? 1;
      if (f.name !== name) {
        at += length * ELEMENT_BYTES;
        continue;
      }
      if (bounds !== null && f.length === undefined) return null;
      const [lo, hi] = bounds ?? [1, length];
      if (lo < 1 || hi > length || lo > hi) return null;
      return { text, kind: REF_ARRAY, root: decl.name, start: at + (lo - 1) * ELEMENT_BYTES, end: at + hi * ELEMENT_BYTES, pointerSlots: 0 };
    }
    return null;
  }

  private compile(text: string): CompiledRef {
    const r2 = RANK2_SYNTAX.exec(text);
    const shape = r2 ? this.shapes.get(r2[1]!) : undefined;
    if (r2 && shape) {
      // Column-major storage: (i, j) is word (j - 1) * n1 + i - 1; contiguous when the section
      // takes every row or a single column.
      const [l1, u1, l2, u2] = [Number(r2[2]), Number(r2[3]), Number(r2[4]), Number(r2[5])];
      const [n1, n2] = shape;
      const fits = l1 >= 1 && l1 <= u1 && u1 <= n1 && l2 >= 1 && l2 <= u2 && u2 <= n2;
      if (fits && ((l1 === 1 && u1 === n1) || l2 === u2)) {
        const o = this.objects.get(r2[1]!)!;
        const start = o.start + ((l2 - 1) * n1 + l1 - 1) * ELEMENT_BYTES;
        const end = o.start + ((u2 - 1) * n1 + u1) * ELEMENT_BYTES;
        const r: CompiledRef = { text, kind: REF_ARRAY, root: o.name, start, end, pointerSlots: 0 };
        // Rows of one column that are not all of them: gfortran's directives take the whole column from l1.
        return u1 - l1 + 1 === n1 ? r : { ...r, columnEnd: start + n1 * ELEMENT_BYTES };
      }
    }
    const ms = MEMBER_SECTION_SYNTAX.exec(text);
    const sectionOf = ms ? this.structs.get(ms[1]!.split(/[(%]/)[0]!) : undefined;
    if (ms && sectionOf?.pointers.includes(ms[1]!.split('%')[1]!)) {
      const lo = Number(ms[3]);
      const hi = Number(ms[4]);
      // A bad element (`cs(3)%p`) falls through to lang's message for the whole text.
      // lo = hi + 1: a zero-length section (no element) at element lo.
      const member = lo >= 1 && lo <= hi + 1 && hi <= SECTION_BOUND ? this.tryGet(ms[1]!) : null;
      if (member && member.kind === REF_MEMBER) return { ...member, text, section: [lo, hi] };
    }
    const fs = FIELD_SECTION_SYNTAX.exec(text);
    const fdecl = fs ? this.structs.get(fs[1]!) : undefined;
    if (fs && fdecl) {
      const r = this.field(text, fdecl, fs[2]!, [Number(fs[3]), Number(fs[4])]);
      if (r) return r;
    }
    const m = REF_SYNTAX.exec(text);
    const name = m?.[1];
    const o = name === undefined ? undefined : this.objects.get(name);
    if (m && o) {
      const length = this.arrayLengths.get(o.name);
      const decl = this.structs.get(o.name);
      if (length !== undefined && m[4] === undefined && !(m[2] !== undefined && this.shapes.has(o.name))) {
        const lo = m[2] === undefined ? 1 : Number(m[2]);
        const hi = m[3] === undefined ? length : Number(m[3]);
        // a(k:k-1), 1 <= k <= length + 1: a zero-length section, the empty range at element k.
        if (lo >= 1 && hi <= length && lo <= hi + 1) {
          const start = o.start + (lo - 1) * ELEMENT_BYTES;
          return { text, kind: REF_ARRAY, root: o.name, start, end: o.start + hi * ELEMENT_BYTES, pointerSlots: 0 };
        }
      } else if (decl && decl.count !== undefined) {
        // An array of structs: cs, cs(l:u), cs(i), cs(i)%p.
        const stride = decl.pointers.length * POINTER_BYTES;
        if (m[4] === undefined) {
          const lo = m[2] === undefined ? 1 : Number(m[2]);
          const hi = m[3] === undefined ? decl.count : Number(m[3]);
          if (lo >= 1 && hi <= decl.count && lo <= hi)
            return { text, kind: REF_STRUCT, root: o.name, start: o.start + (lo - 1) * stride, end: o.start + hi * stride, pointerSlots: (hi - lo + 1) * decl.pointers.length };
        }
      } else if (decl && m[2] === undefined) {
        const f = m[4] === undefined ? null : this.field(text, decl, m[4], null);
        if (f) return f;
        if (m[4] === undefined)
          return { text, kind: REF_STRUCT, root: o.name, start: o.start, end: o.start + o.bytes, pointerSlots: decl.pointers.length };
        const i = decl.pointers.indexOf(m[4]);
        if (i >= 0) {
          const start = o.start + i * POINTER_BYTES;
          return { text, kind: REF_MEMBER, root: o.name, start, end: start + POINTER_BYTES, pointerSlots: 0 };
        }
      }
    }
    const e = ELEMENT_SYNTAX.exec(text);
    const decl = e ? this.structs.get(e[1]!) : undefined;
    if (e && decl?.count !== undefined) {
      const i = Number(e[2]);
      const stride = decl.pointers.length * POINTER_BYTES;
      const at = this.objects.get(decl.name)!.start + (i - 1) * stride;
      if (i >= 1 && i <= decl.count) {
        if (e[3] === undefined) return { text, kind: REF_STRUCT, root: decl.name, start: at, end: at + stride, pointerSlots: decl.pointers.length };
        const j = decl.pointers.indexOf(e[3]);
        if (j >= 0) return { text, kind: REF_MEMBER, root: decl.name, start: at + j * POINTER_BYTES, end: at + (j + 1) * POINTER_BYTES, pointerSlots: 0 };
      }
    }
    parseRef(this.world, text);
    // Stryker disable next-line StringLiteral: unreachable unless lang accepts a reference impl cannot compile
    throw new Error(`internal: reference '${text}' parses in lang but not in impl`);
  }
}

const worldRefs = new WeakMap<World, WorldRefs>();

export function refsOf(world: World): WorldRefs {
  let refs = worldRefs.get(world);
  if (!refs) worldRefs.set(world, (refs = new WorldRefs(world)));
  return refs;
}
