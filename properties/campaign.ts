// A fuzzing campaign: generate programs, run each on two sides, and on the first divergence shrink
// it to a minimal program. Used by `npm test` (refinement.test.ts) and by `mapcheck fuzz`.
//
// Determinism: with a seed and a run count (no time limit) the same programs are generated in the
// same order and the same minimal program comes out. A time limit makes the run count depend on
// machine speed; the result reports the runs it made, so `seed` + `runs` replays it exactly.

import fc from 'fast-check';
import type { Program } from '../lang/program.js';
import { firstDivergence, type CompareMode, type Divergence, type RulesListener, type Side, type UndefinedListener } from './compare.js';
import { DEFAULT_MAX_STEPS, regionsBalanced } from './arbitraries.js';
import { DEFAULT_API, programArbFor, type ApiChoice } from './api.js';
import { greedyShrink, renderProgram } from './shrink.js';
import { DEFAULT_CAMPAIGN_RUNS } from './budget.js';

export interface CampaignOptions {
  a: Side;
  b: Side;
  compare: CompareMode;
  seed: number;
  /** Programs to try; default 100, or unbounded when only `timeMs` is given. */
  runs?: number;
  /** Stop generating new programs after this many milliseconds. */
  timeMs?: number;
  /** Bound on generated program length (default 25). */
  maxSteps?: number;
  /** Which API the generated programs use (default `both`: each program is OpenACC or OpenMP). */
  api?: ApiChoice;
  /** Progress while generating; once with `shrinking: true` when the first divergence is found. */
  onProgress?: (p: { runs: number; elapsedMs: number; total?: number; shrinking?: boolean }) => void;
  /** Hears the spec rules fired by every step of the generated programs (not by shrinking). */
  onRules?: RulesListener;
  /** Hears every generated program whose comparison stopped at an `undefined` observation (not shrinking's). */
  onStoppedAtUndefined?: (program: Program, step: number, rules: readonly string[]) => void;
  /** Shard `index` of `count` (`--shard i/n`): only the chunks k with k mod count = index. */
  shard?: { index: number; count: number };
}

export interface CampaignFound {
  /** The minimal program (fast-check shrinking, then the step-removal pass). */
  program: Program;
  /** Where the minimal program diverges. */
  divergence: Divergence;
  /** Steps in the program as first found, before shrinking. */
  originalLength: number;
}

export interface CampaignResult {
  seed: number;
  runs: number;
  elapsedMs: number;
  found: null | CampaignFound;
  /**
   * Generated programs whose comparison stopped at an `undefined` observation (nothing after it
   * is compared), in all and per spec rule fired at that step (`(no rule)` when the side that
   * observed it names none). A campaign whose programs mostly stop early checks little.
   */
  stoppedAtUndefined: { programs: number; byRule: Record<string, number> };
  /** One more than the highest chunk number run (with `seed`, `--runs chunkEnd × CHUNK_RUNS` and the shard replays it). */
  chunkEnd?: number;
}

/** One line per rule, most frequent first: how many programs stopped at an `undefined` there. */
export function describeUndefinedStops(r: Pick<CampaignResult, 'runs' | 'stoppedAtUndefined'>, top = Number.POSITIVE_INFINITY): string {
  const { programs, byRule } = r.stoppedAtUndefined;
  const share = r.runs === 0 ? 0 : (100 * programs) / r.runs;
  const sorted = Object.entries(byRule).sort(([x, m], [y, n]) => n - m || (x < y ? -1 : 1));
  const rows = sorted.slice(0, top).map(([rule, n]) => `    ${String(n).padStart(6)}  ${rule}`);
  if (sorted.length > top) rows.push(`    (${sorted.length - top} more rules)`);
  return `${programs} of ${r.runs} programs (${share.toFixed(1)} %) stopped at an undefined observation${rows.length ? ', by rule fired at that step:\n' : ''}${rows.join('\n')}`;
}

/** A side threw (an internal error, not a divergence): the shrunk program that makes it throw. */
export class CampaignCrash extends Error {
  override name = 'CampaignCrash';
  constructor(
    readonly program: Program,
    readonly seed: number,
    readonly error: unknown,
  ) {
    super(
      `a side threw while running a generated program (seed ${seed}): ${(error as Error)?.message ?? String(error)}\n` +
        renderProgram(program),
    );
  }
}

type Failure = { kind: 'divergence'; divergence: Divergence } | { kind: 'crash'; error: unknown };
type Comparison = Pick<CampaignOptions, 'a' | 'b' | 'compare'>;

/**
 * One world object per world content, for the comparisons of a campaign: the generator gives every
 * program a world object of its own, mostly equal ones, and both engines keep what they derive from
 * a world (the model its initial state, the impl its compiled references and initial host image) by
 * the world object. Equal worlds (same JSON) are the same world, so the program run is the same.
 * At most MAX_WORLDS kept.
 */
const worlds = new Map<string, Program['world']>();
const MAX_WORLDS = 1024;
/**
 * The shared world of a world object already seen: the generator hands the same world object to
 * many programs (two in three of the bench's), which then skip the JSON key (as the model's
 * initial states are kept by world object too, model/index.ts).
 */
const sharedByObject = new WeakMap<Program['world'], Program['world']>();

function withSharedWorld(program: Program): Program {
  let world = sharedByObject.get(program.world);
  if (world === undefined) {
    const key = JSON.stringify(program.world);
    world = worlds.get(key);
    if (world === undefined) {
      // a copy of its own, frozen: no program's owner can change it under the others
      world = deepFreeze(structuredClone(program.world));
      if (worlds.size >= MAX_WORLDS) worlds.clear();
      worlds.set(key, world);
    }
    sharedByObject.set(program.world, world);
  }
  return { ...program, world };
}

function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

function failureOf(program: Program, o: Comparison, onRules?: RulesListener, onUndefined?: UndefinedListener): Failure | null {
  try {
    const d = firstDivergence(withSharedWorld(program), o.a, o.b, o.compare, onRules, onUndefined);
    return d === null ? null : { kind: 'divergence', divergence: d };
  } catch (error) {
    return { kind: 'crash', error };
  }
}

// ------------------------------------------------------------------------------------------------
// Chunks
//
// A campaign is cut into chunks of CHUNK_RUNS programs; chunk k draws its programs from its own
// seed (chunk 0 from the campaign seed itself, chunk k > 0 from a mix of the seed and k). The
// verdict is the first failing program of the first failing chunk, shrunk. That depends only on
// the seed and the run count, never on how many chunks run at once, so `--workers N` gives the
// same verdict and the same minimal program for every N (properties/parallel.ts), and `seed` +
// `runs` replays any campaign. With a time limit, chunks are started until the time is up and
// every started chunk runs to its end, so the runs made are always a whole number of chunks and
// `--runs` replays them.

export const CHUNK_RUNS = 32;

/** Seed of chunk `k` of a campaign seeded with `seed` (32-bit, deterministic). */
export function chunkSeed(seed: number, k: number): number {
  if (k === 0) return seed >>> 0;
  let h = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(k, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** The chunk a campaign runs `j`-th: every chunk in order, or every `count`-th from `index` for a shard. */
export function chunkAt(o: Pick<CampaignOptions, 'shard'>, j: number): number {
  return o.shard ? o.shard.index + j * o.shard.count : j;
}

/** Programs in chunk `k` of a campaign of `runs` programs (Infinity: unbounded). */
export function chunkRuns(runs: number, k: number): number {
  return Math.max(0, Math.min(CHUNK_RUNS, runs - k * CHUNK_RUNS));
}

/** What one chunk needs (plain data: it travels to worker threads). */
export interface ChunkTask {
  a: Side;
  b: Side;
  compare: CompareMode;
  seed: number;
  chunk: number;
  runs: number;
  maxSteps?: number;
  api?: ApiChoice;
  /** Count the spec rules fired by the chunk's programs, up to its first failing one. */
  countRules: boolean;
  /** Return the programs that stopped at an undefined observation (for onStoppedAtUndefined). */
  keepStops: boolean;
}

export interface ChunkResult {
  chunk: number;
  /** Programs run, up to and including the first failing one. */
  runs: number;
  /** Rule hits per side: citation → steps in which it fired. */
  rules: { a: Record<string, number>; b: Record<string, number> };
  stoppedAtUndefined: CampaignResult['stoppedAtUndefined'];
  /** With keepStops: each program that stopped at an undefined observation, the step and its rules. */
  stops: { program: Program; step: number; rules: readonly string[] }[];
  failure: null | { kind: 'divergence'; found: CampaignFound } | { kind: 'crash'; program: Program; message: string };
}

/**
 * The program generator of a chunk, built once per thread for each API and step bound: building it
 * costs as much as generating a few programs, and an arbitrary is a pure recipe (the same seed
 * draws the same programs from a new one or a reused one).
 */
const arbitraries = new Map<string, fc.Arbitrary<Program>>();

function chunkArbitrary(api: ApiChoice, maxSteps: number): fc.Arbitrary<Program> {
  const key = `${api} ${maxSteps}`;
  let arb = arbitraries.get(key);
  if (arb === undefined) arbitraries.set(key, (arb = programArbFor(api, { maxSteps })));
  return arb;
}

/**
 * The programs of recently drawn chunks, by generator, seed and size. npm test runs one campaign per
 * profile over the same seed (a dozen built-in profiles and one per knob reading), and each would
 * otherwise draw the very same programs again: generation is about a sixth of a campaign (npm run
 * bench, section campaign). A drawn program is deep-frozen before it is kept, so an engine that
 * wrote into the program it runs would throw at once instead of handing a later campaign a changed
 * program. At most DRAW_CACHE_PROGRAMS programs are kept (about 2 KB each), the oldest chunk first
 * out; a campaign that never repeats (fuzz) only pays the freezing.
 */
const drawCache = new Map<string, readonly Program[]>();
let drawCachePrograms = 0;
export const DRAW_CACHE_PROGRAMS = 8192;

export function drawChunk(api: ApiChoice, maxSteps: number, seed: number, runs: number): readonly Program[] {
  const key = `${api} ${maxSteps} ${seed} ${runs}`;
  const kept = drawCache.get(key);
  if (kept !== undefined) return kept;
  const drawn = fc.sample(chunkArbitrary(api, maxSteps), { seed, numRuns: runs });
  for (const program of drawn) deepFreeze(program);
  drawCache.set(key, drawn);
  drawCachePrograms += drawn.length;
  for (const [oldest, programs] of drawCache) {
    if (drawCachePrograms <= DRAW_CACHE_PROGRAMS) break;
    drawCache.delete(oldest);
    drawCachePrograms -= programs.length;
  }
  return drawn;
}

/** Runs one chunk: its programs until the first failure, which is shrunk (`onFailing` hears it first). */
export function runChunk(t: ChunkTask, onFailing?: (runs: number) => void): ChunkResult {
  const rules = { a: {} as Record<string, number>, b: {} as Record<string, number> };
  const count: RulesListener = (side, fired) => {
    const into = rules[side];
    for (const c of fired) into[c] = (into[c] ?? 0) + 1;
  };
  const stoppedAtUndefined: CampaignResult['stoppedAtUndefined'] = { programs: 0, byRule: {} };
  const stops: ChunkResult['stops'] = [];
  const stoppedIn =
    (program: Program): UndefinedListener =>
    (step, fired) => {
      stoppedAtUndefined.programs++;
      for (const rule of fired.length > 0 ? fired : ['(no rule)']) stoppedAtUndefined.byRule[rule] = (stoppedAtUndefined.byRule[rule] ?? 0) + 1;
      if (t.keepStops) stops.push({ program, step, rules: [...fired] });
    };
  const api = t.api ?? DEFAULT_API;
  const maxSteps = t.maxSteps ?? DEFAULT_MAX_STEPS;
  // The chunk's programs drawn first, then run: fc.sample draws, for a seed, the very values
  // fc.check draws (the same generator, run ids and random stream), and hands out the programs
  // alone. fc.check holds each program's whole shrink tree (every value before every map of the
  // generator) while the property runs, and the model's garbage then copies it from scavenge to
  // scavenge: interleaved that way the chunk cost ~1.4x its two halves apart. A chunk none of
  // whose programs fails is done here; otherwise fc.check runs it again (no counting) to shrink
  // the first failing one, which it must find at the same run.
  const drawn = drawChunk(api, maxSteps, chunkSeed(t.seed, t.chunk), t.runs);
  let failingAt = -1;
  // fc.check would skip a program fc.pre rejects and draw another: the generator emits none, and
  // should one appear the chunk takes fc.check's own path from the start.
  if (drawn.every((program) => regionsBalanced(program.steps))) {
    for (let i = 0; i < drawn.length; i++) {
      const program = drawn[i]!;
      if (failureOf(program, t, t.countRules ? count : undefined, stoppedIn(program)) !== null) {
        failingAt = i;
        break;
      }
    }
    if (failingAt < 0) return { chunk: t.chunk, runs: drawn.length, rules, stoppedAtUndefined, stops, failure: null };
  }
  const counted = failingAt >= 0;
  let runs = 0;
  let firstFailing: Program | null = null;
  const property = fc.property(chunkArbitrary(api, maxSteps), (program) => {
    // The generator only emits balanced programs; this keeps any other candidate out of the search.
    fc.pre(regionsBalanced(program.steps));
    // (the programs up to the first failing one were counted when first run)
    const counting = firstFailing === null && !counted;
    const ok = failureOf(program, t, counting && t.countRules ? count : undefined, counting ? stoppedIn(program) : undefined) === null;
    if (firstFailing === null) {
      runs++;
      if (!ok) {
        firstFailing = program;
        onFailing?.(runs);
      }
    }
    return ok;
  });
  const details = fc.check(property, { seed: chunkSeed(t.seed, t.chunk), numRuns: t.runs });
  if (counted && (!details.failed || runs !== failingAt + 1))
    throw new Error(`internal: chunk ${t.chunk} fails first at run ${failingAt + 1} as drawn by fc.sample, and ${details.failed ? `at run ${runs}` : 'nowhere'} under fc.check`);
  if (!details.failed || details.counterexample === null) return { chunk: t.chunk, runs: details.numRuns, rules, stoppedAtUndefined, stops, failure: null };
  const original = firstFailing ?? details.counterexample[0];
  const shrunk = domainShrink(details.counterexample[0], t);
  const failure = failureOf(shrunk, t);
  if (failure === null) throw new Error('internal: the shrunk program no longer fails (a side is not deterministic?)');
  if (failure.kind === 'crash')
    return { chunk: t.chunk, runs, rules, stoppedAtUndefined, stops, failure: { kind: 'crash', program: shrunk, message: (failure.error as Error)?.message ?? String(failure.error) } };
  return {
    chunk: t.chunk,
    runs,
    rules,
    stoppedAtUndefined,
    stops,
    failure: { kind: 'divergence', found: { program: shrunk, divergence: failure.divergence, originalLength: original.steps.length } },
  };
}

/**
 * Folds chunk results, in chunk order, into the campaign's verdict; `null` while a lower chunk is
 * still missing. Rule hits of the chunks up to the verdict are passed to `onRules`.
 */
export function campaignVerdict(
  seed: number,
  results: ChunkResult[],
  elapsedMs: number,
  o: Pick<CampaignOptions, 'onRules' | 'onStoppedAtUndefined'> = {},
): CampaignResult {
  let runs = 0;
  const stoppedAtUndefined: CampaignResult['stoppedAtUndefined'] = { programs: 0, byRule: {} };
  const chunkEnd = results.reduce((m, r) => Math.max(m, r.chunk + 1), 0);
  for (const r of [...results].sort((x, y) => x.chunk - y.chunk)) {
    runs += r.runs;
    if (o.onRules)
      for (const side of ['a', 'b'] as const) for (const [c, n] of Object.entries(r.rules[side])) for (let i = 0; i < n; i++) o.onRules(side, [c]);
    stoppedAtUndefined.programs += r.stoppedAtUndefined.programs;
    for (const [rule, n] of Object.entries(r.stoppedAtUndefined.byRule)) stoppedAtUndefined.byRule[rule] = (stoppedAtUndefined.byRule[rule] ?? 0) + n;
    for (const s of r.stops) o.onStoppedAtUndefined?.(s.program, s.step, s.rules);
    if (r.failure === null) continue;
    if (r.failure.kind === 'crash') throw new CampaignCrash(r.failure.program, seed, new Error(r.failure.message));
    return { seed, runs, elapsedMs, found: r.failure.found, stoppedAtUndefined, chunkEnd: r.chunk + 1 };
  }
  return { seed, runs, elapsedMs, found: null, stoppedAtUndefined, chunkEnd };
}

/** The chunks a campaign of `runs` programs (Infinity with a time limit) may start, in order. */
export function campaignRuns(o: Pick<CampaignOptions, 'runs' | 'timeMs'>): number {
  return o.runs ?? (o.timeMs !== undefined ? Number.POSITIVE_INFINITY : DEFAULT_CAMPAIGN_RUNS);
}

export function chunkTask(o: CampaignOptions, chunk: number, runs: number): ChunkTask {
  return {
    a: o.a,
    b: o.b,
    compare: o.compare,
    seed: o.seed,
    chunk,
    runs: chunkRuns(runs, chunk),
    ...(o.maxSteps !== undefined && { maxSteps: o.maxSteps }),
    ...(o.api !== undefined && { api: o.api }),
    countRules: o.onRules !== undefined,
    keepStops: o.onStoppedAtUndefined !== undefined,
  };
}

/** The campaign in this thread, chunk after chunk (see properties/parallel.ts for several threads). */
export function runCampaign(o: CampaignOptions): CampaignResult {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const runs = campaignRuns(o);
  const total = Number.isFinite(runs) ? runs : undefined;
  const results: ChunkResult[] = [];
  let done = 0;
  let lastReport = 0;
  for (let j = 0; chunkRuns(runs, chunkAt(o, j)) > 0; j++) {
    const k = chunkAt(o, j);
    if (o.timeMs !== undefined && j > 0 && elapsed() >= o.timeMs) break;
    const r = runChunk(chunkTask(o, k, runs), (n) => o.onProgress?.({ runs: done + n, elapsedMs: elapsed(), shrinking: true }));
    results.push(r);
    done += r.runs;
    if (r.failure !== null) break;
    if (o.onProgress && (done - lastReport >= 50 || done === total)) {
      lastReport = done;
      o.onProgress(total === undefined ? { runs: done, elapsedMs: elapsed() } : { runs: done, elapsedMs: elapsed(), total });
    }
  }
  return campaignVerdict(o.seed, results, elapsed(), o);
}

// ------------------------------------------------------------------------------------------------
// Domain shrink pass

/**
 * Greedy shrinking in the language's own terms, after fast-check has done its part: repeatedly take
 * the first simplification that keeps the same kind of failure, until none does. Simplifications,
 * cheapest first: cut every step after the failing one; remove one step (a data region is removed
 * together with its end, keeping what it encloses); remove one clause or one clause var; drop
 * `finalize`, `default(present)` or an `acc_is_present` byte count. Every candidate is balanced.
 */
export function domainShrink(program: Program, o: Comparison): Program {
  const start = failureOf(program, o);
  if (start === null) return program;
  return greedyShrink(
    program,
    (p) => failureOf(p, o)?.kind === start.kind,
    (p) => {
      const f = failureOf(p, o);
      return f?.kind === 'divergence' ? f.divergence.step : null;
    },
  );
}
