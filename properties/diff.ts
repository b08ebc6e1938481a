// Profile against profile: which programs tell two readings of the spec apart, and which knob
// explains each difference. Used by `mapcheck diff`.
//
// One fast-check campaign runs the model under profile A and under profile B on every generated
// program and, unlike a refinement campaign, keeps going after the first divergence. Each
// divergence falls into a class: the operation of the first diverging step, whether the observation
// or only the state differs, and the shape of the two observations (numbers that only count steps,
// blocks or elements are left out, and values read are named x, y in order of appearance, so
// `read [x…] vs read [y…]` is one class however long the program and whatever was written).
// The first program of each class is shrunk twice: by fast-check, replaying the campaign at that
// program's run index with a property that fails only inside the class, then by the greedy
// language-aware pass of shrink.ts, which keeps the class too. Classes whose minimal programs are
// the same up to the names of the variables are merged.
//
// Each class is then explained: delta debugging over the knobs on which A and B differ finds the
// smallest set whose B readings, put on top of A, reproduce the class on its minimal program.
//
// Comparing observations, a knob can change the state without the program ever seeing it. The
// campaign therefore also watches the state: a state difference that disappears again before any
// observation differs (Cray's detach of a never-attached pointer, undone by the next attach) is a
// masked class, and a knob that explains no observation class but a state-only difference is
// reported as masked rather than as not reached. Either comparison also notes the steps where one
// profile's reading is undefined behaviour and the other's is not: the comparison counts them as
// agreement, so a knob seen only there is masked by undefined behaviour, not missed.
//
// Determinism: for a seed and a run count the same programs, classes, minimal programs and
// explanations come out. A time limit makes the run count depend on the machine; the result reports
// the runs it made, so seed + runs replays it.

import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import type { Program, Step } from '../lang/program.js';
import type { Observation, PtrValue, Snapshot } from '../lang/observation.js';
import { differingKnobs, type KnobId, type Profile } from '../profiles/index.js';
import { BlockNames, ENGINES, firstDivergence, sameObservation, type CompareMode, type Divergence, type Side } from './compare.js';
import { DEFAULT_MAX_STEPS } from './arbitraries.js';
import { programArbFor, type ApiChoice } from './api.js';
import { CampaignCrash, campaignRuns, chunkAt, chunkRuns, chunkSeed } from './campaign.js';
import { campaignWorkerFile } from './parallel.js';
import Tinypool from 'tinypool';
import { greedyShrink } from './shrink.js';
import { INFINITE_RC, type RefCount } from '../lang/observation.js';

export interface DiffOptions {
  a: Profile;
  b: Profile;
  compare: CompareMode;
  seed: number;
  /** Programs to generate; default 100, or unbounded when only `timeMs` is given. */
  runs?: number;
  /** Stop generating programs after this many milliseconds (shrinking and explaining come after). */
  timeMs?: number;
  api: ApiChoice;
  /** Bound on generated program length (default 25). */
  maxSteps?: number;
  onProgress?: (p: DiffProgress) => void;
  /** Shard `index` of `count` (`--shard i/n`): only the chunks k with k mod count = index. */
  shard?: { index: number; count: number };
}

export type DiffProgress =
  | { phase: 'campaign'; runs: number; elapsedMs: number; total?: number; classes: number }
  | { phase: 'shrink'; done: number; total: number; key: string };

/**
 * What a class is about. `observation`: the first diverging step observes differently.
 * `state`: the observations agree there but the states differ. `masked`: a state difference that
 * a later step undoes before any observation differs. `undefined`: one side observes undefined
 * behaviour where the other does not; the comparison counts that as agreement (anything goes).
 */
export type ClassKind = 'observation' | 'state' | 'masked' | 'undefined';

export interface DivergenceClass {
  /** `#1`, `#2` … for the reported comparison; `M1` … masked, `S1` … state-only, `U1` … undefined on one side. */
  id: string;
  kind: ClassKind;
  /** The classification text, e.g. `acc_parallel: read [x…] vs read [y…]`. */
  key: string;
  /** Keys of classes merged into this one because their minimal programs coincide up to names. */
  merged: string[];
  /** The comparison under which the minimal program diverges (for the saved case). */
  compare: CompareMode;
  program: Program;
  /** Where the minimal program diverges under `compare`. */
  divergence: Divergence;
  /** Masked classes: the 0-based step after which both states agree again. */
  rejoin?: number;
  /** Steps of the first program of the class, before shrinking. */
  originalLength: number;
  /** Campaign programs that fell into this class. */
  programs: number;
  /** The smallest set of knobs whose B readings on top of A reproduce the class. */
  knobs: KnobId[];
}

export type KnobStatus = 'explained' | 'masked' | 'not-reached';

export interface KnobCoverage {
  knob: KnobId;
  a: string;
  b: string;
  status: KnobStatus;
  /** Ids of the reported classes the knob explains. */
  explains: string[];
  /** Ids of the masked, state-only and undefined-on-one-side classes the knob explains. */
  hidden: string[];
  reason: string;
}

export interface DiffResult {
  seed: number;
  runs: number;
  /** Milliseconds spent generating programs, and in all. */
  campaignMs: number;
  elapsedMs: number;
  compare: CompareMode;
  api: ApiChoice;
  /** Knobs on which A and B differ, in knob order. */
  differing: KnobId[];
  /** Classes of the requested comparison, in order of discovery. */
  classes: DivergenceClass[];
  /**
   * Differences the comparison does not count: state differences no observation shows (masked,
   * then state-only; observation comparison only), and steps one profile leaves undefined.
   */
  hidden: DivergenceClass[];
  coverage: KnobCoverage[];
  /** One more than the highest chunk run (a shard replays with `--runs chunkEnd × CHUNK_RUNS` and its --shard). */
  chunkEnd: number;
}

// ------------------------------------------------------------------------------------------------
// Classification

/** Counters keep 0 and 1 apart from "more" and "below zero"; exact larger values would split classes. */
function counterShape(n: RefCount): string {
  if (n === INFINITE_RC) return INFINITE_RC;
  return n < 0 ? '<0' : n > 1 ? '>1' : String(n);
}

function ptrShape(p: PtrValue): string {
  return p === null ? 'null' : p.space;
}

/**
 * Observations without the numbers that only count blocks or elements. What a read returns is
 * reduced to its first element, named by order of appearance across the observations (`x`, `y`;
 * `?` for indeterminate), so `read [x…] vs read [y…]` is one class whichever values were written.
 */
export function observationShapes(...os: Observation[]): string[] {
  const names = new Map<number, string>();
  const nameOf = (v: number) => {
    if (!names.has(v)) names.set(v, names.size < 3 ? 'xyz'[names.size]! : `v${names.size}`);
    return names.get(v)!;
  };
  return os.map((o) => {
    switch (o.kind) {
      case 'ok':
      case 'halted':
      case 'undefined':
        return o.kind;
      case 'error':
        return `error ${o.code}`;
      case 'unavailable':
        return `unavailable ${o.feature}`;
      case 'read': {
        const first = o.values[0];
        return `read [${first === undefined ? '' : first === null ? '?…' : `${nameOf(first)}…`}]`;
      }
      case 'value': {
        const v = o.value;
        if (v === null || typeof v === 'boolean' || typeof v === 'number') return String(v);
        return 'host' in v ? 'host address' : 'device address';
      }
    }
  });
}

/**
 * The first part of two snapshots that differs, in class-sized words (e.g. `attach ac 0 vs <0`).
 * Device blocks are compared up to renaming, as the comparison does (compare.ts BlockNames).
 */
export function stateShape(rawX: Snapshot, rawY: Snapshot): string {
  const x = new BlockNames().snapshot(rawX);
  const y = new BlockNames().snapshot(rawY);
  const pairs = <T>(xs: readonly T[], ys: readonly T[], same: (p: T, q: T) => boolean, name: string, fields: (p: T, q: T) => string | null) => {
    for (const p of xs) {
      const q = ys.find((e) => same(p, e));
      if (q === undefined) return `${name} only in A`;
      const f = fields(p, q);
      if (f !== null) return `${name} ${f}`;
    }
    for (const q of ys) if (!xs.some((p) => same(p, q))) return `${name} only in B`;
    return null;
  };
  // A differing field, its values folded; when the folded values coincide, only that it differs.
  const field = <V>(label: string, p: V, q: V, fold: (v: V) => string) => {
    if (isDeepStrictEqual(p, q)) return null;
    const [fp, fq] = [fold(p), fold(q)];
    return fp === fq ? `${label} differs (both ${fp})` : `${label} ${fp} vs ${fq}`;
  };
  const firstOf = (...parts: (string | null)[]) => parts.find((s) => s !== null) ?? null;
  const storage = (block: number | null) => (block === null ? 'self' : 'device');
  const sameRange = (p: { host: [number, number] }, q: { host: [number, number] }) => p.host[0] === q.host[0] && p.host[1] === q.host[1];

  const shape =
    pairs(x.sections, y.sections, sameRange, 'section', (p, q) =>
      firstOf(field('SRC', p.src, q.src, counterShape), field('DRC', p.drc, q.drc, counterShape), field('block', p.block, q.block, () => 'device')),
    ) ??
    pairs(x.attachments, y.attachments, (p, q) => p.ptr === q.ptr, 'attach', (p, q) =>
      firstOf(field('ac', p.ac, q.ac, counterShape), field('device', p.device, q.device, ptrShape)),
    ) ??
    pairs(x.ompEntries, y.ompEntries, (p, q) => p.device === q.device && sameRange(p, q) && p.origin === q.origin, 'omp entry', (p, q) =>
      firstOf(field('rc', p.rc, q.rc, counterShape), field('storage', { block: p.block, offset: p.offset }, { block: q.block, offset: q.offset }, (v) => storage(v.block))),
    ) ??
    pairs(x.ompPointers, y.ompPointers, (p, q) => p.device === q.device && p.ptr === q.ptr, 'omp pointer', (p, q) =>
      field('value', p.value, q.value, ptrShape),
    );
  if (shape !== null) return shape;
  // Each snapshot alike on its own, but not under the renaming the whole run fixed.
  if (!isDeepStrictEqual(rawX, rawY)) return 'device blocks paired differently';
  throw new Error('internal: stateShape called on equal snapshots');
}

/** The class of a divergence of `program`: operation, and the observation pair or state difference. */
export function classKey(program: Program, d: Pick<Divergence, 'step' | 'kind' | 'a' | 'b' | 'snapshotA' | 'snapshotB'>): string {
  const op = program.steps[d.step]!.op;
  if (d.kind === 'observation') return `${op}: ${observationShapes(d.a, d.b).join(' vs ')}`;
  // Both sides observe the same here; what they read is incidental to the state difference.
  const seen = d.a.kind === 'read' ? 'read' : observationShapes(d.a)[0]!;
  return `${op}: ${seen}, state ${stateShape(d.snapshotA, d.snapshotB)}`;
}

// ------------------------------------------------------------------------------------------------
// State differences the observations do not show

export interface StateOnlyDivergence {
  /** The first step whose state differs while every observation so far agreed (kind `state`). */
  divergence: Divergence;
  /** The first later step after which the states agree again, if that happens before any observation differs. */
  rejoin: number | null;
}

/**
 * Runs both sides with snapshots: null when the observations differ (or the program stops) before
 * any state difference, otherwise the first state difference and whether the states rejoin later
 * with every observation still equal: the difference was masked.
 */
export function stateOnlyDivergence(program: Program, a: Side, b: Side): StateOnlyDivergence | null {
  const ea = ENGINES[a.engine](program, a.profile);
  const eb = ENGINES[b.engine](program, b.profile);
  const [namesA, namesB] = [new BlockNames(), new BlockNames()];
  let first: Divergence | null = null;
  for (let i = 0; i < program.steps.length; i++) {
    const step = program.steps[i]!;
    const oa = ea.apply(step);
    const ob = eb.apply(step);
    if (oa.kind === 'undefined' || ob.kind === 'undefined' || oa.kind === 'error' || oa.kind === 'unavailable' || !sameObservation(namesA.observation(oa), namesB.observation(ob)))
      return first && { divergence: first, rejoin: null };
    const sa = ea.snapshot();
    const sb = eb.snapshot();
    const same = isDeepStrictEqual(namesA.snapshot(sa), namesB.snapshot(sb));
    if (first === null && !same) first = { step: i, kind: 'state', a: oa, b: ob, snapshotA: sa, snapshotB: sb };
    else if (first !== null && same) return { divergence: first, rejoin: i };
  }
  return first && { divergence: first, rejoin: null };
}

/**
 * The first step at which exactly one side observes `undefined` while every earlier observation
 * agreed: a difference the comparison cannot count, since undefined behaviour agrees with anything.
 */
export function undefinedSplit(program: Program, a: Side, b: Side): Divergence | null {
  const ea = ENGINES[a.engine](program, a.profile);
  const eb = ENGINES[b.engine](program, b.profile);
  const [namesA, namesB] = [new BlockNames(), new BlockNames()];
  for (let i = 0; i < program.steps.length; i++) {
    const step = program.steps[i]!;
    const oa = ea.apply(step);
    const ob = eb.apply(step);
    const ua = oa.kind === 'undefined';
    if (ua !== (ob.kind === 'undefined')) return { step: i, kind: 'observation', a: oa, b: ob, snapshotA: ea.snapshot(), snapshotB: eb.snapshot() };
    if (ua || oa.kind === 'error' || !sameObservation(namesA.observation(oa), namesB.observation(ob))) return null;
  }
  return null;
}

// ------------------------------------------------------------------------------------------------
// Classifiers: the class a program falls into for one kind of question, under a pair of profiles

interface Hit {
  key: string;
  divergence: Divergence;
  /** The last step the class needs (everything after it can be cut). */
  last: number;
  rejoin?: number;
}
type Classifier = (program: Program) => Hit | null;

function sides(a: Profile, b: Profile): [Side, Side] {
  return [
    { engine: 'model', profile: a },
    { engine: 'model', profile: b },
  ];
}

function classifierFor(kind: ClassKind, mode: CompareMode, a: Profile, b: Profile): Classifier {
  const [sa, sb] = sides(a, b);
  if (kind === 'undefined') {
    return (p) => {
      const d = undefinedSplit(p, sa, sb);
      return d && { key: classKey(p, d), divergence: d, last: d.step };
    };
  }
  if (kind === 'observation' || (kind === 'state' && mode === 'state')) {
    return (p) => {
      const d = firstDivergence(p, sa, sb, mode);
      return d && { key: classKey(p, d), divergence: d, last: d.step };
    };
  }
  return (p) => {
    const s = stateOnlyDivergence(p, sa, sb);
    if (s === null) return null;
    const base = { key: classKey(p, s.divergence), divergence: s.divergence };
    if (kind === 'state') return { ...base, last: s.divergence.step };
    return s.rejoin === null ? null : { ...base, last: s.rejoin, rejoin: s.rejoin };
  };
}

/** Runs `f`; a throw is a crash of a side, reported with the smallest program that still throws. */
function guarded<T>(program: Program, seed: number, f: (p: Program) => T): T {
  try {
    return f(program);
  } catch (error) {
    const throws = (p: Program) => {
      try {
        f(p);
        return false;
      } catch {
        return true;
      }
    };
    throw new CampaignCrash(greedyShrink(program, throws), seed, error);
  }
}

// ------------------------------------------------------------------------------------------------
// Knob explanation

/** Profile A with the readings of B for the knobs in `subset`. */
export function profileWithKnobs(a: Profile, b: Profile, subset: readonly KnobId[]): Profile {
  const knobs = { ...a.knobs } as Record<KnobId, string>;
  const settings = { ...a.settings };
  for (const k of subset) {
    knobs[k] = b.knobs[k];
    settings[k] = b.settings[k];
  }
  return {
    name: subset.length === 0 ? a.name : `${a.name}+${subset.join('+')}`,
    description: `${a.name} with the ${b.name} reading of ${subset.join(', ') || 'no knob'}`,
    knobs: knobs as Profile['knobs'],
    settings,
  };
}

/**
 * Delta debugging (Zeller's ddmin): a 1-minimal subset of `items` for which `test` holds, given
 * that it holds for `items`. Subsets keep the order of `items`.
 */
export function ddmin<T>(items: readonly T[], test: (subset: T[]) => boolean): T[] {
  let current = [...items];
  let n = 2;
  while (current.length >= 2) {
    const size = Math.ceil(current.length / n);
    const chunks: T[][] = [];
    for (let i = 0; i < current.length; i += size) chunks.push(current.slice(i, i + size));
    const subset = chunks.find((c) => test(c));
    if (subset) {
      current = subset;
      n = 2;
      continue;
    }
    const complement = chunks.length > 2 ? chunks.map((c) => current.filter((x) => !c.includes(x))).find((c) => test(c)) : undefined;
    if (complement) {
      current = complement;
      n = Math.max(n - 1, 2);
      continue;
    }
    if (n >= current.length) break;
    n = Math.min(current.length, 2 * n);
  }
  return current;
}

/** Subsets of `items` with `k` elements, in lexicographic order of positions. */
function* combinations<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++) for (const rest of combinations(items, k - 1, i + 1)) yield [items[i]!, ...rest];
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Above this many candidate subsets of one size, the ddmin result is kept as it is. */
const EXHAUSTIVE_LIMIT = 5000;

/**
 * The smallest set of differing knobs whose B readings on top of A reproduce class `key` on
 * `program`: ddmin gives a 1-minimal set, then every smaller set is tried while that stays cheap.
 */
export function explainClass(program: Program, key: string, kind: ClassKind, mode: CompareMode, a: Profile, b: Profile): KnobId[] {
  const differing = differingKnobs(a, b);
  const reproduces = (subset: KnobId[]) => classifierFor(kind, mode, a, profileWithKnobs(a, b, subset))(program)?.key === key;
  if (!reproduces(differing)) throw new Error(`internal: class '${key}' does not reproduce with every differing knob`);
  const minimal = ddmin(differing, reproduces);
  for (let k = 1; k < minimal.length; k++) {
    if (binomial(differing.length, k) > EXHAUSTIVE_LIMIT) break;
    for (const subset of combinations(differing, k)) if (reproduces(subset)) return subset;
  }
  return minimal;
}

// ------------------------------------------------------------------------------------------------
// Shrinking one class

/**
 * The minimal program of class `key`: fast-check replays the campaign at run `index` (the class's
 * first program) with a property that fails only inside the class and shrinks it; then the greedy
 * pass removes what fast-check could not, still inside the class.
 */
function shrinkClass(arb: fc.Arbitrary<Program>, seed: number, index: number, key: string, classify: Classifier): Program {
  // A side that throws fails the property too; `guarded` below turns that into a crash report.
  const details = fc.check(
    fc.property(arb, (p) => classify(p)?.key !== key),
    { seed, path: String(index), numRuns: 1 },
  );
  const found = details.counterexample?.[0];
  if (!details.failed || found === undefined || guarded(found, seed, classify)?.key !== key)
    throw new Error(`internal: replaying run ${index} of seed ${seed} did not give a program of class '${key}'`);
  const inClass = (p: Program) => guarded(p, seed, classify)?.key === key;
  return greedyShrink(found, inClass, (p) => guarded(p, seed, classify)?.last ?? null);
}

/** The program with variables renamed in order of first use: equal shapes are the same program up to names. */
export function programShape(program: Program): string {
  const names = new Map<string, string>();
  const rename = (ref: string) =>
    ref.replace(/^[A-Za-z][A-Za-z0-9_]*/, (root) => {
      if (!names.has(root)) names.set(root, `v${names.size}`);
      return names.get(root)!;
    });
  const REF_FIELDS = new Set(['var', 'vars', 'ptr', 'target', 'read', 'write']);
  const walk = (v: unknown, key: string | null): unknown => {
    if (typeof v === 'string') return key !== null && REF_FIELDS.has(key) ? rename(v) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return JSON.stringify(program.steps.map((s: Step) => walk(s, null)));
}

// ------------------------------------------------------------------------------------------------
// The campaign
//
// Cut into the chunks of properties/campaign.ts (CHUNK_RUNS programs each, chunk k drawn from
// chunkSeed(seed, k)), so that `--workers N` runs chunks side by side and `--shard i/n` runs every
// n-th chunk: the classes found, their first programs and so their minimal programs depend only on
// the seed and the run count, never on N; n shards together see exactly the programs of the
// unsharded campaign. A class's first program is named by its chunk and its index there.

interface Seen {
  kind: ClassKind;
  key: string;
  /** Chunk of the first program in the class, and its run index in that chunk. */
  chunk: number;
  index: number;
  length: number;
  programs: number;
}

function record(map: Map<string, Seen>, kind: ClassKind, key: string, chunk: number, index: number, length: number): void {
  const seen = map.get(key);
  if (seen) seen.programs++;
  else map.set(key, { kind, key, chunk, index, length, programs: 1 });
}

/** What one chunk of a diff campaign needs (plain data: it travels to worker threads). */
export interface DiffChunkTask {
  a: Profile;
  b: Profile;
  compare: CompareMode;
  seed: number;
  chunk: number;
  runs: number;
  api: ApiChoice;
  maxSteps?: number;
}

/** The classes one chunk met, each with its first program there, in order of discovery. */
export interface DiffChunkResult {
  chunk: number;
  runs: number;
  reported: Seen[];
  undefinedOnOneSide: Seen[];
  masked: Seen[];
  stateOnly: Seen[];
  /** A side threw: the smallest program that still throws, and the message. */
  crash: null | { program: Program; message: string };
}

/** Runs the programs of one chunk, classifying every one (a diff campaign never stops early). */
export function runDiffChunk(t: DiffChunkTask): DiffChunkResult {
  const [sa, sb] = sides(t.a, t.b);
  const arb = programArbFor(t.api, { maxSteps: t.maxSteps ?? DEFAULT_MAX_STEPS });
  const reported = new Map<string, Seen>();
  const undefinedOnOneSide = new Map<string, Seen>();
  const masked = new Map<string, Seen>();
  const stateOnly = new Map<string, Seen>();
  let runs = 0;
  const examine = (p: Program) => {
    const d = firstDivergence(p, sa, sb, t.compare);
    return {
      d,
      // A divergence comes before any undefined step, so only a program without one can have it.
      u: d === null ? undefinedSplit(p, sa, sb) : null,
      s: t.compare === 'observations' ? stateOnlyDivergence(p, sa, sb) : null,
    };
  };
  const property = fc.property(arb, (program) => {
    const index = runs++;
    const { d, u, s } = examine(program);
    const n = program.steps.length;
    if (d) record(reported, d.kind, classKey(program, d), t.chunk, index, n);
    if (u) record(undefinedOnOneSide, 'undefined', classKey(program, u), t.chunk, index, n);
    if (s) {
      const key = classKey(program, s.divergence);
      record(stateOnly, 'state', key, t.chunk, index, n);
      if (s.rejoin !== null) record(masked, 'masked', key, t.chunk, index, n);
    }
    return true;
  });
  const seed = chunkSeed(t.seed, t.chunk);
  // The property only fails when a side throws; fast-check has shrunk that program already.
  const details = fc.check(property, { seed, numRuns: t.runs });
  const result = (crash: DiffChunkResult['crash']): DiffChunkResult => ({
    chunk: t.chunk,
    runs: Math.min(runs, t.runs),
    reported: [...reported.values()],
    undefinedOnOneSide: [...undefinedOnOneSide.values()],
    masked: [...masked.values()],
    stateOnly: [...stateOnly.values()],
    crash,
  });
  if (details.failed) {
    const message = (e: unknown) => (e as Error)?.message ?? String(e);
    if (details.counterexample) {
      try {
        guarded(details.counterexample[0], t.seed, examine);
      } catch (e) {
        if (e instanceof CampaignCrash) return result({ program: e.program, message: message(e.error) });
        throw e;
      }
    }
    throw details.errorInstance;
  }
  return result(null);
}

/** Folds chunk results in chunk order: a class's first program is its first in the lowest chunk. */
function mergeChunks(results: readonly DiffChunkResult[]) {
  const maps = { reported: new Map<string, Seen>(), undefinedOnOneSide: new Map<string, Seen>(), masked: new Map<string, Seen>(), stateOnly: new Map<string, Seen>() };
  let runs = 0;
  for (const r of [...results].sort((x, y) => x.chunk - y.chunk)) {
    runs += r.runs;
    for (const name of ['reported', 'undefinedOnOneSide', 'masked', 'stateOnly'] as const)
      for (const seen of r[name]) {
        const had = maps[name].get(seen.key);
        if (had) had.programs += seen.programs;
        else maps[name].set(seen.key, { ...seen });
      }
  }
  return { ...maps, runs };
}

/** The chunks of a diff campaign, in the order it runs them (a shard: every count-th from index). */
export function diffChunkTask(o: DiffOptions, chunk: number, runs: number): DiffChunkTask {
  return {
    a: o.a,
    b: o.b,
    compare: o.compare,
    seed: o.seed,
    chunk,
    runs: chunkRuns(runs, chunk),
    api: o.api,
    ...(o.maxSteps !== undefined && { maxSteps: o.maxSteps }),
  };
}

/** Collects chunk results as they finish and reports progress (a side that threw ends the campaign). */
function collector(o: DiffOptions, elapsed: () => number) {
  const runs = campaignRuns(o);
  const total = Number.isFinite(runs) ? runs : undefined;
  const results: DiffChunkResult[] = [];
  const classes = new Set<string>();
  let done = 0;
  let lastReport = 0;
  let next = 0;
  return {
    results,
    /** The next chunk to run, or null when the budget (run count or time) is spent. */
    next(): DiffChunkTask | null {
      const k = chunkAt(o, next);
      if (chunkRuns(runs, k) === 0 || (o.timeMs !== undefined && next > 0 && elapsed() >= o.timeMs)) return null;
      next++;
      return diffChunkTask(o, k, runs);
    },
    add(r: DiffChunkResult): void {
      if (r.crash) throw new CampaignCrash(r.crash.program, o.seed, new Error(r.crash.message));
      results.push(r);
      done += r.runs;
      for (const s of r.reported) classes.add(s.key);
      if (o.onProgress && (done - lastReport >= 100 || done === total)) {
        lastReport = done;
        o.onProgress({ phase: 'campaign', runs: done, elapsedMs: elapsed(), ...(total !== undefined && { total }), classes: classes.size });
      }
    },
  };
}

/** The diff campaign in this thread (runDiffParallel: on worker threads; same result). */
export function runDiff(o: DiffOptions): DiffResult {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const c = collector(o, elapsed);
  if (differingKnobs(o.a, o.b).length > 0) for (let t = c.next(); t !== null; t = c.next()) c.add(runDiffChunk(t));
  return finishDiff(o, c.results, elapsed);
}

/**
 * The diff campaign with its chunks on `workers` threads (tinypool), at most `workers` at once,
 * lowest chunk first; shrinking and explaining the classes follow in this thread. The result is
 * the same as runDiff's for every N.
 */
export async function runDiffParallel(o: DiffOptions, workers: number): Promise<DiffResult> {
  if (workers <= 1 || differingKnobs(o.a, o.b).length === 0) return runDiff(o);
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const c = collector(o, elapsed);
  const pool = new Tinypool({ filename: campaignWorkerFile().href, minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
  try {
    const lane = async () => {
      for (let t = c.next(); t !== null; t = c.next()) c.add((await pool.run(t, { name: 'diffChunk' })) as DiffChunkResult);
    };
    await Promise.all(Array.from({ length: workers }, lane));
  } finally {
    await pool.destroy();
  }
  return finishDiff(o, c.results, elapsed);
}

/** Shrinks, explains and deduplicates the classes the chunks met. */
function finishDiff(o: DiffOptions, results: readonly DiffChunkResult[], elapsed: () => number): DiffResult {
  const differing = differingKnobs(o.a, o.b);
  const arb = programArbFor(o.api, { maxSteps: o.maxSteps ?? DEFAULT_MAX_STEPS });
  const { reported, undefinedOnOneSide, masked, stateOnly, runs } = mergeChunks(results);
  const campaignMs = elapsed();
  // Shrink and explain. Reported and masked classes always; state-only and undefined-on-one-side
  // classes only while some differing knob is explained by nothing else, since they serve the
  // coverage list alone.
  const pending = [...reported.values(), ...masked.values()];
  let done = 0;
  const finish = (seen: Seen): DivergenceClass => {
    o.onProgress?.({ phase: 'shrink', done, total: pending.length, key: seen.key });
    const mode: CompareMode = seen.kind === 'observation' || seen.kind === 'undefined' ? o.compare : 'state';
    const classify = classifierFor(seen.kind, o.compare, o.a, o.b);
    const program = shrinkClass(arb, chunkSeed(o.seed, seen.chunk), seen.index, seen.key, classify);
    const hit = classify(program)!;
    done++;
    return {
      id: '',
      kind: seen.kind,
      key: seen.key,
      merged: [],
      compare: mode,
      program,
      divergence: hit.divergence,
      ...(hit.rejoin !== undefined && { rejoin: hit.rejoin }),
      originalLength: seen.length,
      programs: seen.programs,
      knobs: explainClass(program, seen.key, seen.kind, o.compare, o.a, o.b),
    };
  };

  const classes = dedupe([...reported.values()].map(finish)).map((c, i) => ({ ...c, id: `#${i + 1}` }));
  const hidden = dedupe([...masked.values()].map(finish)).map((c, i) => ({ ...c, id: `M${i + 1}` }));
  for (const [prefix, found] of [
    ['S', [...stateOnly.values()].filter((seen) => !masked.has(seen.key))],
    ['U', [...undefinedOnOneSide.values()]],
  ] as const) {
    const useful: DivergenceClass[] = [];
    const covered = (k: KnobId) => [...classes, ...hidden, ...useful].some((c) => c.knobs.includes(k));
    for (const seen of found) {
      if (differing.every(covered)) break;
      pending.push(seen);
      const c = finish(seen);
      if (c.knobs.some((k) => !covered(k))) useful.push(c);
    }
    hidden.push(...dedupe(useful).map((c, i) => ({ ...c, id: `${prefix}${i + 1}` })));
  }

  return {
    seed: o.seed,
    runs,
    campaignMs,
    elapsedMs: elapsed(),
    compare: o.compare,
    api: o.api,
    differing,
    classes,
    hidden,
    coverage: coverage(o.a, o.b, o.api, differing, classes, hidden),
    chunkEnd: results.reduce((m, r) => Math.max(m, r.chunk + 1), 0),
  };
}

/** Merges classes whose minimal programs coincide up to variable names (the first one found stays). */
function dedupe(classes: DivergenceClass[]): DivergenceClass[] {
  const out: DivergenceClass[] = [];
  const byShape = new Map<string, DivergenceClass>();
  for (const c of classes) {
    const shape = programShape(c.program);
    const twin = byShape.get(shape);
    if (twin) {
      twin.merged.push(c.key);
      twin.programs += c.programs;
    } else {
      byShape.set(shape, c);
      out.push(c);
    }
  }
  return out;
}

function coverage(a: Profile, b: Profile, api: ApiChoice, differing: KnobId[], classes: DivergenceClass[], hidden: DivergenceClass[]): KnobCoverage[] {
  return differing.map((knob) => {
    const explains = classes.filter((c) => c.knobs.includes(knob)).map((c) => c.id);
    const by = (kind: ClassKind) => hidden.filter((c) => c.kind === kind && c.knobs.includes(knob)).map((c) => c.id);
    const [maskedBy, stateBy, undefinedBy] = [by('masked'), by('state'), by('undefined')];
    const hiddenIds = [...maskedBy, ...stateBy, ...undefinedBy];
    const base = { knob, a: a.knobs[knob], b: b.knobs[knob], explains, hidden: hiddenIds };
    const notes = [
      maskedBy.length > 0 && `its state change in ${maskedBy.join(', ')} is undone by a later step before any observation differs`,
      stateBy.length > 0 && `it changes only the state in ${stateBy.join(', ')}; no observation differs in this campaign`,
      undefinedBy.length > 0 && `in ${undefinedBy.join(', ')} one profile's reading leaves the step undefined, and undefined behaviour agrees with any outcome`,
    ].filter((n) => n !== false);
    if (explains.length > 0)
      return { ...base, status: 'explained', reason: notes.length > 0 ? `explained; also masked: ${notes.join('; ')}` : 'explained' };
    if (notes.length > 0) return { ...base, status: 'masked', reason: `masked: ${notes.join('; ')}` };
    return { ...base, status: 'not-reached', reason: notReachedReason(knob, api) };
  });
}

/** Knob ids say which API a knob belongs to (spec-digest Part C: K-A OpenACC, K-B OpenMP). */
function notReachedReason(knob: KnobId, api: ApiChoice): string {
  if (knob.startsWith('K-B') && api === 'openacc') return 'not reached by this campaign (an OpenMP knob, and it generated OpenACC programs only)';
  if (knob.startsWith('K-A') && api === 'openmp') return 'not reached by this campaign (an OpenACC knob, and it generated OpenMP programs only)';
  return 'not reached by this campaign';
}
