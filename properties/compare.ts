// Running one program on two sides and finding the first step where they disagree. This is the
// refinement check every campaign, replay and CLI command shares.

import { isDeepStrictEqual } from 'node:util';
import type { Program } from '../lang/program.js';
import type { Observation, PtrValue, Snapshot } from '../lang/observation.js';
import type { EngineFactory, EngineName, IncrementalSnapshot, SectionGroup } from '../lang/engine.js';
import type { Profile } from '../profiles/index.js';
import { modelEngine } from '../model/index.js';
import { implEngine } from '../impl/index.js';

export const ENGINES: Record<EngineName, EngineFactory> = { model: modelEngine, impl: implEngine };

/** Check every incremental state comparison against the whole snapshots (inside the test suite, or MAPCHECK_MODEL_CHECKS=full). */
const CHECK_INCREMENTAL = process.env.MAPCHECK_MODEL_CHECKS === 'full' || (process.env.VITEST !== undefined && process.env.MAPCHECK_MODEL_CHECKS !== 'changed');

/** One executable reading: an engine under a profile. */
export interface Side {
  engine: EngineName;
  profile: Profile;
}

export type CompareMode = 'observations' | 'state';

export interface Trace {
  observations: Observation[];
  snapshots: Snapshot[];
  rules: (readonly string[])[];
}

export function sideLabel(s: Side): string {
  return `${s.engine}:${s.profile.name}`;
}

/** Runs every step of `program` on one side, recording observations and snapshots. */
export function runTrace(program: Program, side: Side, withSnapshots = true): Trace {
  const engine = ENGINES[side.engine](program, side.profile);
  const trace: Trace = { observations: [], snapshots: [], rules: [] };
  for (const step of program.steps) {
    trace.observations.push(engine.apply(step));
    if (withSnapshots) trace.snapshots.push(engine.snapshot());
    trace.rules.push(engine.lastRules ? engine.lastRules() : []);
  }
  return trace;
}

export interface Divergence {
  /** 0-based index of the first diverging step. */
  step: number;
  /** What differs there: the observation, or (same observation) the canonical state. */
  kind: 'observation' | 'state';
  a: Observation;
  b: Observation;
  snapshotA: Snapshot;
  snapshotB: Snapshot;
}

/** True when the program can no longer tell the two sides apart from this step on. */
function endsComparison(o: Observation): boolean {
  return o.kind === 'undefined' || o.kind === 'error' || o.kind === 'unavailable' || o.kind === 'halted';
}

/** Receives the spec rules one side's engine fired in one step (engines that track rules only). */
export type RulesListener = (side: 'a' | 'b', rules: readonly string[]) => void;

/**
 * Device blocks are numbered in creation order on each side, but a program can only tell blocks
 * apart, not count them: a runtime that maps a shared-memory device without allocating (K-B8
 * `self`) numbers every later allocation differently without any observable effect. So each side
 * renames its blocks in order of first appearance in what is compared, and the comparison is made
 * on the renamed values (equality up to a consistent renaming of allocations).
 */
export class BlockNames {
  private readonly names: Map<number, number>;

  constructor(from?: BlockNames) {
    this.names = new Map(from?.names);
  }

  /** The renaming so far, as a string (bounded-exhaustive checking keys states with it). */
  key(): string {
    return [...this.names].join(';');
  }

  name(block: number): number {
    let n = this.names.get(block);
    if (n === undefined) {
      n = this.names.size + 1;
      this.names.set(block, n);
    }
    return n;
  }

  ptr(p: PtrValue): PtrValue {
    return p !== null && p.space === 'dev' ? { ...p, block: this.name(p.block) } : p;
  }

  observation(o: Observation): Observation {
    if (o.kind !== 'value' || o.value === null || typeof o.value !== 'object' || !('block' in o.value)) return o;
    return { kind: 'value', value: { block: this.name(o.value.block), offset: o.value.offset } };
  }

  snapshot(s: Snapshot): Snapshot {
    return {
      sections: s.sections.map((x) => ({ ...x, block: this.name(x.block) })),
      attachments: s.attachments.map((x) => ({ ...x, device: this.ptr(x.device) })),
      ...this.omp(s),
    };
  }

  /**
   * Whether `namesA.snapshot(a)` and `namesB.snapshot(b)` are equal (plainEqual), without building
   * the renamed copies: the blocks are named in the same order as snapshot() names them (sections,
   * attachments, OpenMP entries, OpenMP pointers), up to the first difference.
   */
  static sameSnapshots(namesA: BlockNames, a: Snapshot, namesB: BlockNames, b: Snapshot): boolean {
    return (
      sameRows(a.sections, b.sections, 'block', namesA, namesB) &&
      sameRows(a.attachments, b.attachments, 'device', namesA, namesB) &&
      sameRows(a.ompEntries, b.ompEntries, 'block', namesA, namesB) &&
      sameRows(a.ompPointers, b.ompPointers, 'value', namesA, namesB)
    );
  }

  /**
   * Whether `namesA.ptr(p)` and `namesB.ptr(q)` are equal (plainEqual), naming their blocks as
   * ptr() does (p's, then q's) without building the renamed copies.
   */
  static samePtr(namesA: BlockNames, p: PtrValue, namesB: BlockNames, q: PtrValue): boolean {
    const np = p !== null && p.space === 'dev' ? namesA.name(p.block) : 0;
    const nq = q !== null && q.space === 'dev' ? namesB.name(q.block) : 0;
    // a device address and any other value differ in `space` (or one is null); names start at 1
    if (np === 0 || nq === 0) return np === nq && plainEqual(p, q);
    if (np !== nq) return false;
    // Two plain objects without symbols (what the engines give) compare key by key, their blocks aside;
    // anything else as the renamed copies compare (naming again is naming the same).
    if (Object.getPrototypeOf(p) !== Object.prototype || Object.getPrototypeOf(q) !== Object.prototype || Object.getOwnPropertySymbols(p).length + Object.getOwnPropertySymbols(q).length > 0)
      return plainEqual({ ...p, block: np }, { ...q, block: nq });
    return sameOwnKeys(p as object as Record<string, unknown>, q as object as Record<string, unknown>, 'block');
  }

  /** One entry's rows (incremental comparison). */
  group(g: SectionGroup): SectionGroup {
    return { section: { ...g.section, block: this.name(g.section.block) }, attachments: g.attachments.map((x) => ({ ...x, device: this.ptr(x.device) })) };
  }

  omp(s: Pick<Snapshot, 'ompEntries' | 'ompPointers'>): Pick<Snapshot, 'ompEntries' | 'ompPointers'> {
    return {
      ompEntries: s.ompEntries.map((x) => ({ ...x, block: x.block === null ? null : this.name(x.block) })),
      ompPointers: s.ompPointers.map((x) => ({ ...x, value: this.ptr(x.value) })),
    };
  }
}

/**
 * Worlds with at least this many host objects compare states incrementally: only the entries
 * either side may have changed in the step (lang/engine.ts IncrementalSnapshot), so a step costs
 * what it changed rather than what the world holds. Smaller worlds compare whole snapshots.
 */
export const INCREMENTAL_OBJECTS = 64;

/**
 * Incremental state comparison: after every step, the groups (a section and the pointer members
 * inside it) at the host starts either side touched, then the OpenMP rows whole. The verdict is the
 * whole-snapshot comparison's: the states agreed before the step, so only what changed can differ,
 * and blocks are renamed in one order on both sides (by host start), which pairs them as the whole
 * comparison's order does.
 */
export class IncrementalComparison {
  constructor(
    private readonly a: IncrementalSnapshot,
    private readonly b: IncrementalSnapshot,
    private readonly namesA: BlockNames,
    private readonly namesB: BlockNames,
  ) {}

  /** Whether the states agree now, up to the renaming of blocks (call once after every step). */
  same(): boolean {
    const ta = this.a.touched();
    const tb = this.b.touched();
    let i = 0;
    let j = 0;
    while (i < ta.length || j < tb.length) {
      const start = j >= tb.length || (i < ta.length && ta[i]! <= tb[j]!) ? ta[i]! : tb[j]!;
      while (i < ta.length && ta[i] === start) i++;
      while (j < tb.length && tb[j] === start) j++;
      const ga = this.a.group(start);
      const gb = this.b.group(start);
      if (ga === undefined || gb === undefined) {
        if (ga !== gb) return false;
        continue;
      }
      if (!plainEqual(this.namesA.group(ga), this.namesB.group(gb))) return false;
    }
    return plainEqual(this.namesA.omp(this.a.omp()), this.namesB.omp(this.b.omp()));
  }
}

/**
 * Whether the impl observed `undefined` where the model, under the same profile, did not: the impl
 * claims undefined behaviour the specification does not, which is a divergence (between two
 * readings, or two sides of one kind, an `undefined` on either side ends the comparison).
 */
export function implOnlyUndefined(a: Side, oa: Observation, b: Side, ob: Observation): boolean {
  if (a.engine === b.engine || a.profile.name !== b.profile.name) return false;
  const [model, impl] = a.engine === 'model' ? [oa, ob] : [ob, oa];
  return impl.kind === 'undefined' && model.kind !== 'undefined';
}

function hostObjects(program: Program): number {
  return program.world.arrays.length + program.world.structs.length;
}

/**
 * Compares two sides step by step. Observations must be equal up to a consistent renaming of
 * device blocks (see BlockNames; error messages are ignored, codes are compared). In `state` mode
 * the canonical snapshots must be equal too, except
 * after an error (the program is dead). An `undefined` observation on either side means anything
 * goes from there: comparison stops without a divergence, except that the impl observing it where
 * the model under the same profile does not is one (implOnlyUndefined). `onRules`, when given, hears the rules
 * fired by every step the comparison executes (e.g. for spec-rule coverage).
 */
/**
 * Hears where a comparison stopped early because a side observed `undefined` (anything goes from
 * there): the 0-based step, and the spec rules the sides that observed it fired there (a model
 * side names the rule; an impl side records none).
 */
export type UndefinedListener = (step: number, rules: readonly string[]) => void;

export function firstDivergence(
  program: Program,
  a: Side,
  b: Side,
  mode: CompareMode,
  onRules?: RulesListener,
  onUndefined?: UndefinedListener,
  incremental: boolean = hostObjects(program) >= INCREMENTAL_OBJECTS,
): Divergence | null {
  const ea = ENGINES[a.engine](program, a.profile);
  const eb = ENGINES[b.engine](program, b.profile);
  const namesA = new BlockNames();
  const namesB = new BlockNames();
  const inc = mode === 'state' && incremental && ea.incremental && eb.incremental ? new IncrementalComparison(ea.incremental(), eb.incremental(), namesA, namesB) : null;
  // Inside the test suite every incremental verdict is checked against the whole snapshots.
  const whole = inc !== null && CHECK_INCREMENTAL ? { a: new BlockNames(), b: new BlockNames() } : null;
  for (let i = 0; i < program.steps.length; i++) {
    const step = program.steps[i]!;
    const oa = ea.apply(step);
    const ob = eb.apply(step);
    if (onRules) {
      if (ea.lastRules) onRules('a', ea.lastRules());
      if (eb.lastRules) onRules('b', eb.lastRules());
    }
    if (oa.kind === 'undefined' || ob.kind === 'undefined') {
      // The impl refines the model under one reading: only the model's `undefined` frees it.
      if (implOnlyUndefined(a, oa, b, ob)) return { step: i, kind: 'observation', a: oa, b: ob, snapshotA: ea.snapshot(), snapshotB: eb.snapshot() };
      if (onUndefined) {
        const rules = [
          ...(oa.kind === 'undefined' && ea.lastRules ? ea.lastRules() : []),
          ...(ob.kind === 'undefined' && eb.lastRules ? eb.lastRules() : []),
        ];
        onUndefined(i, [...new Set(rules)]);
      }
      return null;
    }
    if (!sameObservation(namesA.observation(oa), namesB.observation(ob)))
      return { step: i, kind: 'observation', a: oa, b: ob, snapshotA: ea.snapshot(), snapshotB: eb.snapshot() };
    if (endsComparison(oa)) return null;
    if (inc !== null) {
      const same = inc.same();
      if (whole !== null) {
        whole.a.observation(oa);
        whole.b.observation(ob);
        if (same !== isDeepStrictEqual(whole.a.snapshot(ea.snapshot()), whole.b.snapshot(eb.snapshot())))
          throw new Error(`internal: the incremental state comparison says ${same ? 'same' : 'different'} after step ${i + 1}, the whole snapshots do not`);
      }
      if (!same) return { step: i, kind: 'state', a: oa, b: ob, snapshotA: ea.snapshot(), snapshotB: eb.snapshot() };
    } else if (mode === 'state') {
      const sa = ea.snapshot();
      const sb = eb.snapshot();
      if (!BlockNames.sameSnapshots(namesA, sa, namesB, sb)) return { step: i, kind: 'state', a: oa, b: ob, snapshotA: sa, snapshotB: sb };
    }
  }
  return null;
}

/**
 * Rows of two snapshots equal as plainEqual compares `{ ...row, [key]: renamed(row) }` on each
 * side, renamed as BlockNames.snapshot() renames it: the same own keys, `key` by its renamed
 * value, every other one by plainEqual.
 */
function sameRows<T extends object>(xs: readonly T[], ys: readonly T[], key: 'block' | 'device' | 'value', namesA: BlockNames, namesB: BlockNames): boolean {
  if (xs.length !== ys.length) return false;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as Record<string, unknown>;
    const y = ys[i] as Record<string, unknown>;
    if (key === 'block') {
      // a section's block, or an OpenMP entry's (null for a self map)
      const bx = x.block as number | null;
      const by = y.block as number | null;
      const nx = bx === null ? null : namesA.name(bx);
      const ny = by === null ? null : namesB.name(by);
      if (nx !== ny) return false;
    } else if (!BlockNames.samePtr(namesA, x[key] as PtrValue, namesB, y[key] as PtrValue)) return false;
    if (!sameOwnKeys(x, y, key)) return false;
  }
  return true;
}

/** Whether `x` and `y` have the same own enumerable keys, `skip` aside, with plainEqual values (`skip` is compared by the caller). */
function sameOwnKeys(x: Record<string, unknown>, y: Record<string, unknown>, skip: string): boolean {
  const kx = Object.keys(x);
  const ky = Object.keys(y);
  // as many keys on each side, `skip` aside (each renamed copy has it)
  if (kx.length - (kx.includes(skip) ? 1 : 0) !== ky.length - (ky.includes(skip) ? 1 : 0)) return false;
  for (const k of kx) if (k !== skip && (!Object.hasOwn(y, k) || !plainEqual(x[k], y[k]))) return false;
  return true;
}

export function sameObservation(x: Observation, y: Observation): boolean {
  if (x.kind === 'error' && y.kind === 'error') return x.code === y.code;
  if (x.kind === 'undefined' && y.kind === 'undefined') return true;
  return plainEqual(x, y);
}

/**
 * Deep equality of plain data (observations, snapshots: objects, arrays, primitives), as
 * util.isDeepStrictEqual decides it for such data (same own keys, primitives by Object.is) at a
 * fraction of its cost; anything else (a class instance, a Map) goes to isDeepStrictEqual.
 */
export function plainEqual(x: unknown, y: unknown): boolean {
  if (Object.is(x, y)) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const px = Object.getPrototypeOf(x);
  if (px !== Object.getPrototypeOf(y)) return false;
  if (px === Array.prototype) {
    const a = x as unknown[];
    const b = y as unknown[];
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!plainEqual(a[i], b[i])) return false;
    return true;
  }
  if (px !== Object.prototype) return isDeepStrictEqual(x, y);
  let n = 0;
  for (const k in x) {
    if (!Object.hasOwn(x, k)) continue;
    n++;
    if (!Object.hasOwn(y, k) || !plainEqual((x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k])) return false;
  }
  for (const k in y) if (Object.hasOwn(y, k)) n--;
  return n === 0 && Object.getOwnPropertySymbols(x).length === 0 && Object.getOwnPropertySymbols(y).length === 0;
}
