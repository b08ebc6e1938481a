// `npm run bench`: speed of the two sides, measured in one run so the ratios compare like with like.
//
//  (a) engine throughput: the model and the impl replay the same generated programs (fixed seed),
//      steps per second with and without the canonical snapshot after each step, the cost of
//      constructing an engine, plus whole refinement checks (model vs impl, state compared) per
//      second.
//  (b) present-table lookups: impl/interval-tree.ts next to a baseline binary search over sorted
//      typed arrays, for 10^3 … 10^6 disjoint entries: build time, point, containment and
//      first-overlap queries, and the time to remove every entry.
//
//  (c) against a baseline commit (BENCH_BASELINE, default 62490bd; `none` skips it), loaded into
//      this process (bench/baseline.ts): model replay per step, campaign cost per program against
//      the model's own replay (the floor), refinement cost per step with 16 … 4,096 live mappings,
//      and the model's per-step cost with 2,500 … 10,000 omp_target_alloc handles.
//
// Every timed loop runs after a warm-up, for at least MIN_TIMED_MS, timed with process.hrtime.bigint.
// Options: BENCH_PROGRAMS (default 2000), BENCH_SEED, BENCH_MAX_ENTRIES (default 1e6),
// BENCH_BASELINE, BENCH_ONLY (comma-separated: engines, trees, baseline, large, handles, workers, startup; campaign: (c') alone),
// BENCH_ROUNDS (alternating rounds of (c), default 15), BENCH_LARGE_SIZES (live mappings of (d), default
// 16,256,4096), BENCH_LARGE_BASELINE_STEPS (the baseline's steps timed at 4,096, default 3),
// BENCH_FUZZ_RUNS ((g1), default 48000), BENCH_FUZZ_ROUNDS ((g1), default 1), BENCH_WORKER_SECONDS ((g2), default 20), BENCH_WORKER_ROUNDS ((g2), default 2), BENCH_ENGINE_ROUNDS (alternating rounds of (a)'s replay
// rows, best of each side, default 5).

import fc from 'fast-check';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Program } from '../lang/program.js';
import type { EngineFactory } from '../lang/engine.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { modelEngine } from '../model/index.js';
import { implEngine } from '../impl/index.js';
import { IntervalTree } from '../impl/interval-tree.js';
import { POOL_WORLD, programArb, regionsBalanced } from '../properties/arbitraries.js';
import { programArbFor } from '../properties/api.js';
import { BlockNames, firstDivergence, IncrementalComparison, sameObservation } from '../properties/compare.js';
import { isDeepStrictEqual } from 'node:util';
import { CHUNK_RUNS, chunkRuns, chunkSeed, runCampaign } from '../properties/campaign.js';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { loadBaseline, type BaselineSide } from './baseline.js';
import type { Step, World } from '../lang/program.js';
import type { Observation, Snapshot } from '../lang/observation.js';

const MIN_TIMED_MS = 300;

/** The issue 12 acceptance lines, filled in by the sections that measure them and printed at the end. */
const acceptance = new Map<string, string>();
const PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 2000);
const SEED = Number(process.env.BENCH_SEED ?? 20251202);
const MAX_ENTRIES = Number(process.env.BENCH_MAX_ENTRIES ?? 1e6);
/** Alternating timed rounds of (a)'s replay rows, best of each side. */
const ENGINE_ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 5);

const now = () => process.hrtime.bigint();
const msSince = (t: bigint) => Number(now() - t) / 1e6;

/** Runs `round` repeatedly for at least MIN_TIMED_MS; returns work units per second. */
function rate(round: () => number, minMs = MIN_TIMED_MS): { perSecond: number; checksum: number } {
  let units = 0;
  let checksum = 0;
  const t0 = now();
  let elapsed = 0;
  do {
    const r = round();
    units += r;
    checksum = (checksum + r) | 0;
    elapsed = msSince(t0);
  } while (elapsed < minMs);
  return { perSecond: (units / elapsed) * 1000, checksum };
}

/**
 * As `rate`, per second of this process's CPU time (user + system) instead of wall-clock time: on
 * the shared machine a timed window is mostly time the process waits for a core, which wall-clock
 * rates count against whichever side was running then.
 */
function cpuRate(round: () => number, minMs = MIN_TIMED_MS): { perSecond: number; checksum: number } {
  let units = 0;
  let checksum = 0;
  const t0 = now();
  const c0 = process.cpuUsage();
  do {
    const r = round();
    units += r;
    checksum = (checksum + r) | 0;
  } while (msSince(t0) < minMs);
  const cpu = process.cpuUsage(c0);
  return { perSecond: (units / (cpu.user + cpu.system)) * 1e6, checksum };
}

function fmtRate(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M/s`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k/s`;
  return `${n.toFixed(0)} /s`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

// ------------------------------------------------------------------------------------------------
// (a) engines

function replay(factory: EngineFactory, programs: Program[], profile: Profile, withSnapshots: boolean): number {
  let steps = 0;
  for (const p of programs) {
    const e = factory(p, profile);
    for (const s of p.steps) {
      e.apply(s);
      if (withSnapshots) e.snapshot();
      steps++;
    }
  }
  return steps;
}

function benchEngines(): void {
  const profile = loadProfile('spec');
  const generated = fc.sample(programArb(), { seed: SEED, numRuns: PROGRAMS });
  // A program that makes either side throw is a bug for the test suite to report, not a workload.
  const programs = generated.filter((p) => {
    try {
      replay(modelEngine, [p], profile, true);
      replay(implEngine, [p], profile, true);
      return true;
    } catch {
      return false;
    }
  });
  const steps = programs.reduce((n, p) => n + p.steps.length, 0);
  console.log(
    `(a) engine throughput: ${programs.length} generated programs (seed ${SEED}; ${generated.length - programs.length} skipped because a side threw), ` +
      `${steps} steps, profile spec\n`,
  );

  const rows: string[][] = [];
  for (const withSnapshots of [false, true]) {
    for (const f of [modelEngine, implEngine]) replay(f, programs, profile, withSnapshots); // warm-up
    // Alternating rounds, best of each side, per second of CPU time (as (c) does): one warm-up pass
    // leaves the impl's many step functions in V8's lower tiers on a loaded machine (its first
    // 300 ms ran at a quarter of its later rate), and a single wall-clock window counts whatever the
    // scheduler does meanwhile against the side that was running.
    let model = { perSecond: 0, checksum: 0 };
    let impl = { perSecond: 0, checksum: 0 };
    for (let round = 0; round < ENGINE_ROUNDS; round++) {
      const m = cpuRate(() => replay(modelEngine, programs, profile, withSnapshots));
      const i = cpuRate(() => replay(implEngine, programs, profile, withSnapshots));
      if (m.perSecond > model.perSecond) model = m;
      if (i.perSecond > impl.perSecond) impl = i;
    }
    rows.push([
      withSnapshots ? 'apply + snapshot' : 'apply',
      `${fmtRate(model.perSecond)} steps`,
      `${fmtRate(impl.perSecond)} steps`,
      `${(impl.perSecond / model.perSecond).toFixed(1)}x`,
    ]);
  }
  // Campaigns make one engine per generated program, so its construction is part of every program.
  const construct = (factory: EngineFactory) => () => {
    for (const p of programs) factory(p, profile);
    return programs.length;
  };
  for (const f of [modelEngine, implEngine]) construct(f)(); // warm-up
  const modelMade = rate(construct(modelEngine));
  const implMade = rate(construct(implEngine));
  const spec = { engine: 'model' as const, profile };
  const impl = { engine: 'impl' as const, profile };
  const check = () => {
    for (const p of programs) firstDivergence(p, spec, impl, 'state');
    return programs.length;
  };
  check();
  const checks = rate(check);
  console.log(table(['replay (CPU time, best of rounds)', 'model', 'impl', 'impl/model'], rows));
  const micros = (perSecond: number) => `${(1e6 / perSecond).toFixed(2)} µs`;
  console.log(
    `\nconstruction (one engine per program, no steps): model ${micros(modelMade.perSecond)}, impl ${micros(implMade.perSecond)} per engine`,
  );
  console.log(`\nrefinement checks (model vs impl, state at every step): ${fmtRate(checks.perSecond)} programs\n`);
}

// ------------------------------------------------------------------------------------------------
// (b) interval tree vs sorted typed arrays

const STRIDE = 64; // bytes from one entry's start to the next
const LENGTH = 48; // entry length: 16-byte gaps between entries
const BASE = 0x10000;
const QUERIES = 1 << 16;

/** Baseline: index of the entry containing [lo, hi), by binary search on the sorted starts. */
function sortedFindContaining(starts: Float64Array, ends: Float64Array, lo: number, hi: number): number {
  let l = 0;
  let r = starts.length;
  while (l < r) {
    const m = (l + r) >>> 1;
    if (starts[m]! <= lo) l = m + 1;
    else r = m;
  }
  const i = l - 1;
  return i >= 0 && hi <= ends[i]! ? i : -1;
}

/** Baseline: index of the first entry sharing a byte with [lo, hi) (entries disjoint, so ends are sorted too). */
function sortedAnyOverlap(starts: Float64Array, ends: Float64Array, lo: number, hi: number): number {
  let l = 0;
  let r = ends.length;
  while (l < r) {
    const m = (l + r) >>> 1;
    if (ends[m]! <= lo) l = m + 1;
    else r = m;
  }
  return l < starts.length && starts[l]! < hi ? l : -1;
}

/** Deterministic xorshift32 stream in [0, 1). */
function randomStream(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

function benchIntervalTree(): void {
  console.log(
    `(b) present-table lookups: ${STRIDE}-byte stride, ${LENGTH}-byte disjoint entries inserted in shuffled order, ` +
      `${QUERIES} precomputed random queries (points hit 3/4 of the time, 16-byte ranges are contained 1/2), ` +
      `answers cross-checked against the baseline\n`,
  );
  const rows: string[][] = [];
  const moreRows: string[][] = [];
  for (let n = 1000; n <= MAX_ENTRIES; n *= 10) {
    const rnd = randomStream(n);
    const starts = new Float64Array(n);
    const ends = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      starts[i] = BASE + i * STRIDE;
      ends[i] = starts[i]! + LENGTH;
    }
    // insert in a shuffled order, as a runtime maps data in no particular address order
    const order = Int32Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const t0 = now();
    const tree = new IntervalTree(n);
    for (const i of order) tree.insert(starts[i]!, ends[i]!, i);
    const buildMs = msSince(t0);

    const span = n * STRIDE;
    const points = new Float64Array(QUERIES);
    const ranges = new Float64Array(QUERIES * 2);
    for (let q = 0; q < QUERIES; q++) {
      points[q] = BASE + Math.floor(rnd() * span);
      const lo = BASE + Math.floor(rnd() * span);
      ranges[2 * q] = lo;
      ranges[2 * q + 1] = lo + 16;
    }

    const treePoint = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += tree.findPoint(points[q]!);
      return s;
    };
    const basePoint = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += sortedFindContaining(starts, ends, points[q]!, points[q]! + 1);
      return s;
    };
    const treeRange = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += tree.findContaining(ranges[2 * q]!, ranges[2 * q + 1]!);
      return s;
    };
    const baseRange = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += sortedFindContaining(starts, ends, ranges[2 * q]!, ranges[2 * q + 1]!);
      return s;
    };
    const treeOverlap = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += tree.anyOverlap(ranges[2 * q]!, ranges[2 * q + 1]!);
      return s;
    };
    const baseOverlap = () => {
      let s = 0;
      for (let q = 0; q < QUERIES; q++) s += sortedAnyOverlap(starts, ends, ranges[2 * q]!, ranges[2 * q + 1]!);
      return s;
    };
    // Same answers, or the comparison is meaningless.
    if (treePoint() !== basePoint() || treeRange() !== baseRange() || treeOverlap() !== baseOverlap())
      throw new Error(`interval tree and baseline disagree at n=${n}`);
    for (let w = 0; w < 5; w++) treePoint(), basePoint(), treeRange(), baseRange(), treeOverlap(), baseOverlap(); // warm-up

    const perRound = (f: () => number) => () => {
      f();
      return QUERIES;
    };
    const tp = rate(perRound(treePoint)).perSecond;
    const bp = rate(perRound(basePoint)).perSecond;
    const tr = rate(perRound(treeRange)).perSecond;
    const br = rate(perRound(baseRange)).perSecond;
    const to = rate(perRound(treeOverlap)).perSecond;
    const bo = rate(perRound(baseOverlap)).perSecond;
    rows.push([
      n.toExponential(0).replace('e+', 'e'),
      `h=${tree.height()}`,
      `${buildMs.toFixed(0)} ms`,
      fmtRate(tp),
      fmtRate(bp),
      `${(tp / bp).toFixed(2)}x`,
      fmtRate(tr),
      fmtRate(br),
      `${(tr / br).toFixed(2)}x`,
    ]);
    // Unmap everything, in the shuffled order again.
    const t1 = now();
    for (const i of order) tree.remove(i);
    const removeMs = msSince(t1);
    moreRows.push([n.toExponential(0).replace('e+', 'e'), fmtRate(to), fmtRate(bo), `${(to / bo).toFixed(2)}x`, `${removeMs.toFixed(0)} ms`]);
  }
  console.log(
    table(
      ['entries', 'tree', 'build', 'point: tree', 'sorted', 'tree/sorted', 'contain: tree', 'sorted', 'tree/sorted'],
      rows,
    ),
  );
  console.log(`\nfirst overlap with the 16-byte ranges (anyOverlap), and removing every entry in shuffled order\n`);
  console.log(table(['entries', 'overlap: tree', 'sorted', 'tree/sorted', 'remove all'], moreRows));
}

// ------------------------------------------------------------------------------------------------
// (c) against a baseline commit

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

/**
 * CPU seconds per unit of one call of `round` (which returns its units): user + system time of
 * this process, which a busy machine inflates far less than wall time (a process waiting for a
 * core uses none).
 */
function cpuPer(round: () => number): number {
  const t0 = process.cpuUsage();
  const units = round();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6 / units;
}

/** The best CPU time per unit of two workloads over `rounds` alternating rounds (baseline first, then this tree). */
function alternating(old: () => number, cur: () => number, rounds = ROUNDS): { old: number; cur: number } {
  let o = Infinity;
  let c = Infinity;
  for (let i = 0; i < rounds; i++) {
    o = Math.min(o, cpuPer(old));
    c = Math.min(c, cpuPer(cur));
  }
  return { old: o, cur: c };
}

/** Seconds per unit of `round`, which returns its units (at least one round, at least minMs). */
function secondsPer(round: () => number, minMs = MIN_TIMED_MS): number {
  return 1 / rate(round, minMs).perSecond;
}

const micros = (seconds: number) => (seconds >= 1e-3 ? `${(seconds * 1e3).toFixed(2)} ms` : `${(seconds * 1e6).toFixed(1)} µs`);

/** Whether neither side of either tree throws on `p` (an operation the baseline lacks makes it throw). */
function runsOnBoth(p: Program, base: BaselineSide | null): boolean {
  const profile = loadProfile('spec');
  try {
    for (const f of [modelEngine, implEngine]) replay(f, [p], profile, true);
    if (base) for (const f of [base.modelEngine, base.implEngine]) replay(f, [p], base.loadProfile('spec'), true);
    return true;
  } catch {
    return false;
  }
}

/** Programs of both APIs that neither side of either tree throws on. */
function benchPrograms(base: BaselineSide | null, n: number): Program[] {
  const profile = loadProfile('spec');
  return fc.sample(programArbFor('both'), { seed: SEED, numRuns: n }).filter((p) => {
    try {
      for (const f of [modelEngine, implEngine, ...(base ? [base.modelEngine, base.implEngine] : [])]) replay(f, [p], profile, true);
      return true;
    } catch {
      return false;
    }
  });
}

function benchBaseline(base: BaselineSide): void {
  const profile = loadProfile('spec');
  const oldProfile = base.loadProfile('spec');
  // the campaign rows take a second or two a round: two thirds of the rounds (a load spike spoils a round, and the best counts)
  const campaignRounds = Math.max(1, Math.round((ROUNDS * 2) / 3));
  const runs = Math.min(PROGRAMS, 500);
  // The floor replays the very programs the campaign generates: this tree's campaign draws chunk k
  // of CHUNK_RUNS programs from chunkSeed(SEED, k) (properties/campaign.ts); the baseline's drew
  // them all from SEED.
  const floorPrograms = campaignPrograms(runs);
  // (c') first, before any of the baseline's code runs in this process: the baseline shares this
  // checkout's fast-check and immer modules, and its generator and model running through them
  // leave their type feedback there. (At load 13-15 the two orders gave campaign / floor 2.37 in
  // (c') against 2.94 in (c) in one run, and 3.48 against 2.41 in another: the load moves it more
  // than the order; the acceptance line quotes both.)
  const alone = campaignParts(profile, runs, floorPrograms, campaignRounds);
  const programs = benchPrograms(base, Math.min(PROGRAMS, 1000));
  const steps = programs.reduce((n, p) => n + p.steps.length, 0);
  console.log(
    `(c) this tree against ${base.rev}: ${programs.length} generated programs of both APIs (seed ${SEED}), ${steps} steps, profile spec; ` +
      `CPU time of this process (user + system), best of ${ROUNDS} alternating rounds (${campaignRounds} for the campaign rows); load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`,
  );
  const rows: string[][] = [];
  for (const withSnapshots of [false, true]) {
    replay(modelEngine, programs, profile, withSnapshots);
    replay(base.modelEngine, programs, oldProfile, withSnapshots);
    const t = alternating(
      () => replay(base.modelEngine, programs, oldProfile, withSnapshots),
      () => replay(modelEngine, programs, profile, withSnapshots),
    );
    rows.push([`model ${withSnapshots ? 'apply + snapshot' : 'apply'}`, `${micros(t.old)}/step`, `${micros(t.cur)}/step`, `${(t.old / t.cur).toFixed(2)}x`]);
    if (!withSnapshots)
      acceptance.set('model replay per step against ' + base.rev + ' (at least 2x)', `${(t.old / t.cur).toFixed(2)}x (${micros(t.old)} -> ${micros(t.cur)}/step, ${programs.length} programs, ${steps} steps)`);
  }
  // Campaigns: model vs impl comparing state, with generation, against the model's own replay of
  // programs from the same generator (the floor: a campaign cannot cost less than its model).
  const campaign = (run: typeof runCampaign, a: Profile) => () => {
    const r = run({ a: { engine: 'model', profile: a }, b: { engine: 'impl', profile: a }, compare: 'state', seed: SEED, runs });
    if (r.found) throw new Error('the bench campaign found a divergence: run npm test');
    return r.runs;
  };
  // The baseline's floor: those of the programs it can run (it lacks operations added since).
  const oldFloorPrograms = fc.sample(programArbFor('both'), { seed: SEED, numRuns: runs }).filter((p) => runsOnBoth(p, base));
  const floor = (f: EngineFactory, pr: Profile, programs = floorPrograms) => () => {
    for (const p of programs) {
      const e = f(p, pr);
      for (const st of p.steps) if (endsRun(e.apply(st))) break;
    }
    return programs.length;
  };
  campaign(runCampaign, profile)();
  campaign(base.runCampaign as unknown as typeof runCampaign, oldProfile)();
  const { old: oldCampaign, cur: nowCampaign } = alternating(campaign(base.runCampaign as unknown as typeof runCampaign, oldProfile), campaign(runCampaign, profile), campaignRounds);
  const { old: oldFloor, cur: nowFloor } = alternating(floor(base.modelEngine, oldProfile, oldFloorPrograms), floor(modelEngine, profile), campaignRounds);
  rows.push(['model floor (replay to the end)', `${micros(oldFloor)}/program`, `${micros(nowFloor)}/program`, `${(oldFloor / nowFloor).toFixed(2)}x`]);
  rows.push(['campaign (model vs impl, state)', `${micros(oldCampaign)}/program`, `${micros(nowCampaign)}/program`, `${(oldCampaign / nowCampaign).toFixed(2)}x`]);
  rows.push(['campaign / model floor', `${(oldCampaign / oldFloor).toFixed(2)}`, `${(nowCampaign / nowFloor).toFixed(2)}`, '']);
  acceptance.set(
    'campaign / model floor per program (at most 1.2)',
    `${(alone.campaign / alone.floor).toFixed(2)} ((c'), this tree alone: campaign ${micros(alone.campaign)}, floor ${micros(alone.floor)}: the model's own replay of the campaign's ${floorPrograms.length} programs ` +
      `to their first error/undefined; ${(nowCampaign / nowFloor).toFixed(2)} in (c), alternating with the baseline's: campaign ${micros(nowCampaign)}, floor ${micros(nowFloor)})`,
  );
  console.log(table(['', base.rev, 'this tree', 'speed-up'], rows));
  console.log(
    `\n(c)'s campaign and floor alternate with the baseline's, whose generator and model run through the same fast-check and immer modules: ` +
      `(c') measured this tree's alone, before any baseline code ran (campaign / floor there: ${(alone.campaign / alone.floor).toFixed(2)})\n`,
  );
}

/** The programs runCampaign generates for SEED and `runs` (chunk k from chunkSeed(SEED, k)), in order. */
function campaignPrograms(runs: number): Program[] {
  const out: Program[] = [];
  for (let k = 0; chunkRuns(runs, k) > 0; k++) out.push(...fc.sample(programArbFor('both'), { seed: chunkSeed(SEED, k), numRuns: chunkRuns(runs, k) }));
  return out;
}

/**
 * Where this tree's campaign spends beyond the floor, on the campaign's own programs: generating
 * them as the campaign does (fc.sample over each chunk's seed, then the balance check), the model with a
 * canonical snapshot after every step, the impl with its snapshots, and the whole refinement
 * check (firstDivergence: both sides, block renaming and comparison). CPU time, best of `rounds`.
 */
function campaignParts(profile: Profile, runs: number, programs: Program[], rounds: number): { floor: number; campaign: number } {
  const each = (f: (p: Program) => void) => () => {
    for (const p of programs) f(p);
    return programs.length;
  };
  const replayTo = (factory: EngineFactory, snapshots: boolean) => (p: Program) => {
    const e = factory(p, profile);
    for (const st of p.steps) {
      const o = e.apply(st);
      if (endsRun(o)) break;
      if (snapshots) e.snapshot();
    }
  };
  const parts: [string, () => number][] = [
    ['model floor (replay to the first error/undefined)', each(replayTo(modelEngine, false))],
    [
      // as runChunk draws a chunk (properties/campaign.ts): fc.sample, then the balance check
      'generation (fc.sample over the generator, the campaign chunks, as runChunk draws them)',
      () => {
        for (let k = 0; chunkRuns(runs, k) > 0; k++)
          if (!fc.sample(programArbFor('both'), { seed: chunkSeed(SEED, k), numRuns: chunkRuns(runs, k) }).every((p) => regionsBalanced(p.steps)))
            throw new Error('the bench generator drew an unbalanced program');
        return runs;
      },
    ],
    ['model + snapshot after every step', each(replayTo(modelEngine, true))],
    ['impl + snapshot after every step', each(replayTo(implEngine, true))],
    ['refinement check (firstDivergence, model vs impl, state)', each((p) => void firstDivergence(p, { engine: 'model', profile }, { engine: 'impl', profile }, 'state'))],
    [
      'campaign (runCampaign: the two above interleaved, as (c))',
      () => runCampaign({ a: { engine: 'model', profile }, b: { engine: 'impl', profile }, compare: 'state', seed: SEED, runs }).runs,
    ],
  ];
  // alternating rounds (a load change then reaches every part alike), best of each
  for (const [, f] of parts) f();
  const best = parts.map(() => Infinity);
  for (let i = 0; i < rounds; i++) parts.forEach(([, f], k) => (best[k] = Math.min(best[k]!, cpuPer(f))));
  const floor = best[0]!;
  const [gen, refine, campaign] = [best[1]!, best[4]!, best[5]!];
  console.log(
    `(c') this tree's campaign in parts, on the campaign's ${programs.length} programs (seed ${SEED}), measured before any baseline code runs in this process: ` +
      `CPU time per program, best of ${rounds} alternating rounds; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`,
  );
  console.log(
    table(
      ['', 'per program', 'x floor'],
      [
        ...parts.map(([name], i) => [name, micros(best[i]!), `${(best[i]! / floor).toFixed(2)}`]),
        ['generation + refinement check, apart (sum of the two rows)', micros(gen + refine), `${((gen + refine) / floor).toFixed(2)}`],
      ],
    ),
  );
  console.log(
    `\nthe campaign costs ${(campaign / (gen + refine)).toFixed(2)}x its two parts run apart (the same work interleaved: caches, JIT feedback and garbage of both); ` +
      `at most 1.2 floors would leave ${micros(0.2 * floor)} per program beside the model, and generation alone takes ${micros(gen)}\n`,
  );
  return { floor, campaign };
}

function endsRun(o: { kind: string }): boolean {
  return o.kind === 'error' || o.kind === 'undefined';
}

/** POOL_WORLD plus `n` arrays x0 … x(n-1), and the step that maps them all. */
function largeWorld(n: number): { world: World; prefix: Step } {
  const world: World = structuredClone(POOL_WORLD);
  const names = Array.from({ length: n }, (_, i) => `x${i}`);
  for (const name of names) world.arrays.push({ name, length: 8, init: 3 });
  return { world, prefix: { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: names }] } };
}

function benchLarge(base: BaselineSide | null): void {
  const profile = loadProfile('spec');
  const oldProfile = base?.loadProfile('spec');
  // Programs both trees run (the baseline lacks operations added since): drawn until there are enough.
  const wanted = Number(process.env.BENCH_LARGE_PROGRAMS ?? 20);
  // Their steps run on largeWorld (POOL_WORLD and the extra arrays): programs whose world the
  // generator changed (an array of structs, struct fields, reuse) name objects it lacks.
  const pool = JSON.stringify(POOL_WORLD);
  const body = fc
    .sample(programArb(), { seed: SEED, numRuns: wanted * 20 })
    .filter((p) => JSON.stringify(p.world) === pool && runsOnBoth(p, base))
    .slice(0, wanted);
  console.log(
    `(d) refinement check with n live mappings: engines built and one enter data mapping n extra arrays applied (not timed), ` +
      `then ${body.length} generated OpenACC programs' steps, each followed by the comparison of observations and states ` +
      `as firstDivergence makes it (this tree: incremental, compare.ts IncrementalComparison; the baseline: whole snapshots); CPU time per step, best of 3 ` +
      `(the baseline above 256 mappings: its first BENCH_LARGE_BASELINE_STEPS steps from one shared state, see measureShared); load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`,
  );
  type Pair = { a: ReturnType<EngineFactory>; b: ReturnType<EngineFactory>; namesA: BlockNames; namesB: BlockNames; inc: IncrementalComparison | null };
  const measure = (model: EngineFactory, impl: EngineFactory, pr: Profile, n: number, programs: Program[], rounds: number, maxSteps = Infinity) => {
    const { world, prefix } = largeWorld(n);
    let best = Infinity;
    let steps = 0;
    for (let round = 0; round < rounds; round++) {
      const pairs: Pair[] = programs.map((p) => {
        const program = { ...p, world, steps: [prefix, ...p.steps] };
        const a = model(program, pr);
        const b = impl(program, pr);
        const namesA = new BlockNames();
        const namesB = new BlockNames();
        // This tree compares large worlds incrementally, as firstDivergence does (INCREMENTAL_OBJECTS).
        const inc = a.incremental && b.incremental ? new IncrementalComparison(a.incremental(), b.incremental(), namesA, namesB) : null;
        a.apply(prefix);
        b.apply(prefix);
        if (inc !== null && !inc.same()) throw new Error('bench: the states diverge; run npm test');
        return { a, b, namesA, namesB, inc };
      });
      steps = 0;
      const t0 = process.cpuUsage();
      programs.forEach((p, i) => {
        const { a, b, namesA, namesB, inc } = pairs[i]!;
        for (const st of p.steps) {
          if (steps >= maxSteps) break;
          const oa = a.apply(st);
          const ob = b.apply(st);
          steps++;
          if (oa.kind === 'undefined' || ob.kind === 'undefined') break;
          if (!sameObservation(namesA.observation(oa), namesB.observation(ob))) throw new Error('bench: the sides diverge; run npm test');
          if (endsRun(oa)) break;
          const same = inc !== null ? inc.same() : isDeepStrictEqual(namesA.snapshot(a.snapshot()), namesB.snapshot(b.snapshot()));
          if (!same) throw new Error('bench: the states diverge; run npm test');
        }
      });
      const d = process.cpuUsage(t0);
      best = Math.min(best, (d.user + d.system) / 1e6 / steps);
    }
    return { perStep: best, steps };
  };
  // The baseline at thousands of mappings: its model steps cost seconds there and making the
  // mappings minutes, so they are made once, and every program starts from that one state (the
  // model's state is immutable; the impl is rebuilt per program, untimed). Programs' steps follow
  // until maxSteps, each timed with its comparison as above; a line per step, as they are slow.
  const measureShared = (old: BaselineSide, pr: Profile, n: number, programs: Program[], maxSteps: number) => {
    const { world, prefix } = largeWorld(n);
    const t0 = now();
    const made = old.model.step(old.model.initialState({ version: 1, world, steps: [prefix] } as Program, pr), prefix, pr);
    if (made.observation.kind !== 'ok') throw new Error(`bench: ${old.rev} could not map the ${n} arrays`);
    console.log(`        ${old.rev}: ${n} mappings made once in ${(msSince(t0) / 1000).toFixed(1)} s (one enter data step, not timed); then its steps, with their comparison:`);
    let steps = 0;
    let cpu = 0;
    for (const p of programs) {
      if (steps >= maxSteps) break;
      const b = old.implEngine({ ...p, world, steps: [prefix, ...p.steps] }, pr);
      b.apply(prefix);
      const namesA = new BlockNames();
      const namesB = new BlockNames();
      let state = made.state;
      for (const st of p.steps) {
        if (steps >= maxSteps) break;
        const c0 = process.cpuUsage();
        const r = old.model.step(state, st, pr);
        state = r.state;
        const oa = r.observation as Observation;
        const ob = b.apply(st);
        steps++;
        let stop = oa.kind === 'undefined' || ob.kind === 'undefined';
        if (!stop) {
          if (!sameObservation(namesA.observation(oa), namesB.observation(ob))) throw new Error('bench: the sides diverge; run npm test');
          stop = endsRun(oa);
          if (!stop && !isDeepStrictEqual(namesA.snapshot(old.model.snapshot(state) as Snapshot), namesB.snapshot(b.snapshot())))
            throw new Error('bench: the states diverge; run npm test');
        }
        const d = process.cpuUsage(c0);
        cpu += (d.user + d.system) / 1e6;
        console.log(`        ${old.rev} step ${steps} (${st.op}): ${micros((d.user + d.system) / 1e6)}`);
        if (stop) break;
      }
    }
    return { perStep: cpu / steps, steps };
  };
  for (const n of (process.env.BENCH_LARGE_SIZES ?? '16,256,4096').split(',').map(Number)) {
    const cur = measure(modelEngine, implEngine, profile, n, body, 3);
    // the baseline grows faster than linearly in n: above 256 its mappings are made once and at most
    // BENCH_LARGE_BASELINE_STEPS of its steps (default 3) are timed
    const old =
      base && oldProfile
        ? n > 256
          ? measureShared(base, oldProfile, n, body, Number(process.env.BENCH_LARGE_BASELINE_STEPS ?? 3))
          : measure(base.modelEngine, base.implEngine, oldProfile, n, body, 3)
        : null;
    // one line per size as soon as it is measured (the baseline takes minutes at 4,096)
    console.log(
      `  ${String(n).padStart(5)} mappings, ${cur.steps} steps: ${base ? base.rev : 'baseline'} ${old === null ? '-' : micros(old.perStep)}/step, ` +
        `this tree ${micros(cur.perStep)}/step${old === null || n > 256 ? '' : `, ${(old.perStep / cur.perStep).toFixed(1)}x`}`,
    );
    if (old !== null && n > 256) {
      // the same steps as the baseline's: the first ones of the same programs
      const same = measure(modelEngine, implEngine, profile, n, body, 3, old.steps);
      console.log(
        `  ${String(n).padStart(5)} mappings, the baseline's ${same.steps} steps: ${base!.rev} ${micros(old.perStep)}/step, this tree ${micros(same.perStep)}/step, ` +
          `${(old.perStep / same.perStep).toFixed(1)}x (target: at least 50x)`,
      );
    }
  }
  console.log();
}

function benchHandles(base: BaselineSide | null): void {
  const profile = loadProfile('spec');
  console.log(`(e) model replay of n omp_target_alloc steps (8 bytes each, one handle each) then one omp_target_free per handle: cost per step\n`);
  for (const n of [2500, 5000, 10000]) {
    const steps: Step[] = [];
    for (let i = 0; i < n; i++) steps.push({ op: 'omp_target_alloc', bytes: 8, device: 0, result: `h${i}` });
    for (let i = 0; i < n; i++) steps.push({ op: 'omp_target_free', ptr: { handle: `h${i}` }, device: 0 });
    const program: Program = { version: 1, world: { arrays: [{ name: 'a', length: 8 }], structs: [] }, steps };
    const time = (f: EngineFactory) => {
      const t0 = now();
      replay(f, [program], profile, false);
      return msSince(t0) / 1000 / steps.length;
    };
    const cur = time(modelEngine);
    // the baseline is quadratic here: only the smallest size, or it takes minutes
    const old = base && n === 2500 ? time(base.modelEngine) : null;
    console.log(`  ${String(n).padStart(5)} handles: this tree ${micros(cur)}/step${old === null ? '' : `, ${base!.rev} ${micros(old)}/step, ${(old / cur).toFixed(1)}x`}`);
  }
  console.log();
}

/** Start-up: `mapcheck --help` from the build and from the sources, against `node -e 0` (best of n runs each). */
function benchStartup(): void {
  const root = new URL('..', import.meta.url).pathname;
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 10);
  const best = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
    let min = Infinity;
    for (let i = 0; i < runs; i++) {
      const t0 = now();
      const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
      if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
      min = Math.min(min, msSince(t0));
    }
    return min;
  };
  const built = existsSync(join(root, 'dist', 'SOURCES'));
  console.log(`(f) start-up, best of ${runs} runs each${built ? '' : ' (no build in dist/: run `npm run build` first; the build row runs the sources)'}\n`);
  const node = best(['-e', '0']);
  const dist = best(['bin/mapcheck.mjs', '--help']);
  const modules = best(['bin/mapcheck.mjs', '--help'], { ...process.env, MAPCHECK_BUNDLE: '0' });
  const sources = best(['bin/mapcheck.mjs', '--help'], { ...process.env, MAPCHECK_SOURCES: '1' });
  console.log(
    table(
      ['command', 'time', 'x node -e 0'],
      [
        ['node -e 0', `${node.toFixed(0)} ms`, '1.0x'],
        ['mapcheck --help (dist/, bundled)', `${dist.toFixed(0)} ms`, `${(dist / node).toFixed(1)}x`],
        ['mapcheck --help (dist/, modules one by one)', `${modules.toFixed(0)} ms`, `${(modules / node).toFixed(1)}x`],
        ['mapcheck --help (sources, tsx)', `${sources.toFixed(0)} ms`, `${(sources / node).toFixed(1)}x`],
      ],
    ),
  );
  console.log();
}

/** Threads of process `pid` and their CPU time in ms (user + system, from /proc; empty where there is no /proc). */
function threadCpu(pid: number): Map<string, number> {
  const m = new Map<string, number>();
  try {
    for (const t of readdirSync(`/proc/${pid}/task`)) {
      try {
        const s = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
        const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
        m.set(t, ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS);
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    // the process ended, or no /proc
  }
  return m;
}
const CLOCK_TICKS = 100;

/**
 * One `mapcheck fuzz --runs R --workers N --json` process, as a user runs it (bin/mapcheck.mjs: the
 * build in dist/ when it is current): its campaign's programs per second (runs / elapsedMs of its
 * JSON document: the campaign from its start, pool start-up included, every thread cold), the
 * process's CPU time (/usr/bin/time: every thread, start-up and the corpus replay before the
 * campaign included), and that CPU split by thread (sampled from /proc every 100 ms until the
 * process ends): the threads that run chunks (the main thread for N = 1; for N >= 2 the N busiest
 * others, the pool's, while the main thread hands the chunks out) against the rest (the main thread
 * for N >= 2, V8's compiler and garbage-collector helpers, libuv). `extra` adds arguments (a shard).
 */
async function fuzzProcess(root: string, runs: number, workers: number, extra: string[] = []): Promise<{ runs: number; rate: number; elapsed: number; cpu: number; chunkThreads: number; otherThreads: number }> {
  const args = ['bin/mapcheck.mjs', 'fuzz', '--profile', 'spec', '--against', 'impl', '--compare', 'state', '--seed', String(SEED), '--runs', String(runs), '--workers', String(workers), ...extra, '--json'];
  const child = spawn('/usr/bin/time', ['-f', 'CPU %U %S', process.execPath, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  // /usr/bin/time's child is node: the one process whose parent is time's
  let threads = new Map<string, number>();
  const sample = setInterval(() => {
    const node = nodeChild(child.pid!);
    if (node !== null) {
      const now = threadCpu(node);
      if (now.size > 0) threads = new Map([...threads, ...now]);
      threads.set('main', now.get(String(node)) ?? threads.get('main') ?? 0);
      threads.delete(String(node));
    }
  }, 100);
  const code: number = await new Promise((resolve) => child.on('close', resolve));
  clearInterval(sample);
  if (code !== 0) throw new Error(`mapcheck ${args.slice(1).join(' ')} exited ${code}: ${err}`);
  const doc = JSON.parse(out) as { runs: number; elapsedMs: number; found: unknown };
  if (doc.found !== null) throw new Error('the bench campaign found a divergence: run npm test');
  const m = /CPU ([\d.]+) ([\d.]+)/.exec(err);
  if (m === null) throw new Error(`no CPU time from /usr/bin/time: ${err}`);
  const main = threads.get('main') ?? 0;
  const others = [...threads].filter(([t]) => t !== 'main').map(([, c]) => c).sort((x, y) => y - x);
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  const chunk = workers === 1 ? main : sum(others.slice(0, workers));
  return {
    runs: doc.runs,
    rate: doc.runs / (doc.elapsedMs / 1000),
    elapsed: doc.elapsedMs,
    cpu: Number(m[1]) + Number(m[2]),
    chunkThreads: chunk / 1000,
    otherThreads: (main + sum(others) - chunk) / 1000,
  };
}

/**
 * The machine's own ceiling for two campaigns at once: shards 0/2 and 1/2 of the same campaign as
 * two `--workers 1` processes side by side (no thread shares a process), programs/s of both
 * together over the longer one's campaign (their shard summaries go to a temporary folder).
 */
async function fuzzShards(root: string, runs: number): Promise<{ runs: number; rate: number; cpu: number; chunkThreads: number; otherThreads: number }> {
  const out = mkdtempSync(join(tmpdir(), 'mapcheck-bench-shards-'));
  const shard = (i: number) => fuzzProcess(root, runs, 1, ['--shard', `${i}/2`, '--out', join(out, String(i))]);
  const [x, y] = await Promise.all([shard(0), shard(1)]).finally(() => rmSync(out, { recursive: true, force: true }));
  const both = x.runs + y.runs;
  return { runs: both, rate: both / (Math.max(x.elapsed, y.elapsed) / 1000), cpu: x.cpu + y.cpu, chunkThreads: x.chunkThreads + y.chunkThreads, otherThreads: x.otherThreads + y.otherThreads };
}

/** The pid of the one child process of `pid` (from /proc), or null. */
function nodeChild(pid: number): number | null {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return kids.length === 1 ? Number(kids[0]) : null;
  } catch {
    return null;
  }
}

/**
 * (g) a campaign (model vs impl, state) on 1 and on 2 worker threads for a fixed wall time: chunks
 * are started until the time is up and every started chunk finishes. Measured two ways,
 * alternating N = 1 and N = 2, with the load average (the machine is shared: a second thread only
 * helps when a core is free):
 *  (g1) `mapcheck fuzz --runs R --workers N` processes, as a user runs them, R = BENCH_FUZZ_RUNS
 *       (default 48,000: about 30 s on one idle core, half the README's `fuzz --time 60`), so both N
 *       run the very same programs, best of BENCH_FUZZ_ROUNDS (default 1): every thread starts cold
 *       (module loading, JIT warm-up: a few seconds of CPU per thread) for both N;
 *  (g2) runCampaignParallel in this process for BENCH_WORKER_SECONDS (default 20), best of
 *       BENCH_WORKER_ROUNDS (default 2): this process's main thread is warm from the rounds before
 *       (so N = 1 pays no warm-up after its first round, and N = 2 pays its pool thread's every round).
 * The acceptance line quotes both.
 */
async function benchWorkers(): Promise<Record<string, string>> {
  // Built JavaScript when dist/ is current (what `npx mapcheck fuzz --workers N` runs): from the
  // sources, every worker thread would first compile the TypeScript through tsx.
  const root = new URL('..', import.meta.url).pathname;
  const { readBuildStamp, sourceFingerprint } = (await import(pathToFileURL(join(root, 'bin', 'sources.mjs')).href)) as {
    readBuildStamp: (root: string) => { files: string[]; fingerprint: string } | null;
    sourceFingerprint: (root: string, files: string[]) => string;
  };
  const current = () => {
    const stamp = readBuildStamp(root);
    return stamp !== null && sourceFingerprint(root, stamp.files) === stamp.fingerprint;
  };
  // What `mapcheck fuzz` runs after `npm ci`: the build, made here when it is missing or stale.
  if (!current() && process.env.BENCH_NO_BUILD === undefined) {
    console.log('(g) dist/ is missing or older than the sources: npm run build first (BENCH_NO_BUILD=1 runs the sources instead)');
    spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  }
  const built = current();
  const seconds = Number(process.env.BENCH_WORKER_SECONDS ?? 20);
  const rounds = Number(process.env.BENCH_WORKER_ROUNDS ?? 2);
  // (g1): the same programs for both N, a campaign of about half the README's `fuzz --time 60` on
  // one idle core; each thread's JIT warm-up costs a few seconds of CPU, paid once per thread, so
  // the length matters
  const fuzzRuns = Number(process.env.BENCH_FUZZ_RUNS ?? 48000);
  const fuzzRounds = Number(process.env.BENCH_FUZZ_ROUNDS ?? 1);
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  const loadBefore = load();
  const running = built ? 'the build in dist/' : 'the TypeScript sources (no current build: `npm run build` first, or every worker compiles them through tsx)';

  // (g1) fresh processes
  const canSpawn = existsSync('/usr/bin/time');
  let cli: { ratio: number; cpuRatio: number; projected: number; ceiling: number } | null = null;
  if (canSpawn) {
    console.log(
      `(g1) \`mapcheck fuzz --profile spec --against impl --compare state --seed ${SEED} --runs ${fuzzRuns} --workers N --json\` processes (BENCH_FUZZ_RUNS: the same programs for both N; chunks of ${CHUNK_RUNS}), as a user runs them, ` +
        `running ${running}: programs/s of the campaign (its JSON runs / elapsedMs: pool start-up and every thread's module loading and JIT warm-up included, for both N); ` +
        `CPU per program of the whole process (/usr/bin/time; start-up and the corpus replay included), and split by thread (from /proc): the threads that run chunks (main for 1 worker, the pool's for 2) ` +
        `and the others (V8's compiler and GC helper threads, libuv); best of ${fuzzRounds} alternating rounds (BENCH_FUZZ_ROUNDS); ${availableParallelism()} cores, load average ${loadBefore}\n`,
    );
    const best: { runs: number; rate: number; cpu: number; chunkThreads: number; otherThreads: number }[] = [];
    const kinds = [() => fuzzProcess(root, fuzzRuns, 1), () => fuzzProcess(root, fuzzRuns, 2), () => fuzzShards(root, fuzzRuns)];
    for (let i = 0; i < fuzzRounds; i++)
      for (const [k, run] of kinds.entries()) {
        const r = await run();
        if (best[k] === undefined || r.rate > best[k]!.rate) best[k] = r;
      }
    console.log(
      table(
        ['workers', 'programs/s', 'x 1 worker', 'CPU per program', 'chunk threads', 'other threads', 'programs'],
        ['1', '2', '1 + 1 (shards 0/2 and 1/2 side by side)'].map((w, k) => {
          const b = best[k]!;
          return [w, b.rate.toFixed(0), `${(b.rate / best[0]!.rate).toFixed(2)}x`, micros(b.cpu / b.runs), micros(b.chunkThreads / b.runs), micros(b.otherThreads / b.runs), String(b.runs)];
        }),
      ),
    );
    const cpuRatio = best[1]!.cpu / best[1]!.runs / (best[0]!.cpu / best[0]!.runs);
    // On 2 idle cores one worker runs as fast as its main thread (its helper threads use the other
    // core) and two as fast as both cores carry the whole process: what the CPU times of the same
    // programs predict, whatever the load was.
    // (NaN without /proc: no split by thread)
    const projected = best[0]!.chunkThreads > 0 ? (2 * best[0]!.chunkThreads) / best[0]!.runs / (best[1]!.cpu / best[1]!.runs) : Number.NaN;
    const ceiling = best[2]!.rate / best[0]!.rate;
    cli = { ratio: best[1]!.rate / best[0]!.rate, cpuRatio, projected, ceiling };
    console.log(
      `\n(g1) --workers 2 / --workers 1: ${cli.ratio.toFixed(2)}x programs/s measured; CPU per program 2 / 1: ${cpuRatio.toFixed(2)}; ` +
        `projected on 2 idle cores from the CPU times (2 x chunk-thread CPU per program on 1 worker / process CPU per program on 2): ${projected.toFixed(2)}x; ` +
        `two one-worker processes side by side (the machine's own ceiling, no thread shared): ${ceiling.toFixed(2)}x, of which --workers 2 reaches ${((100 * cli.ratio) / ceiling).toFixed(0)} %; ` +
        `load average ${load()} (a loaded machine gives a second thread no core: the kernel shares CPU by session, /proc/sys/kernel/sched_autogroup_enabled)\n`,
    );
  } else console.log('(g1) skipped: no /usr/bin/time to measure a process\'s CPU time with\n');

  // (g2) in this process
  const mod = (path: string) => import(pathToFileURL(join(root, built ? 'dist' : '', `${path}${built ? '.js' : '.ts'}`)).href);
  const { runCampaignParallel } = (await mod('properties/parallel')) as typeof import('../properties/parallel.js');
  const profile = ((await mod('profiles/index')) as typeof import('../profiles/index.js')).loadProfile('spec');
  const o = { a: { engine: 'model' as const, profile }, b: { engine: 'impl' as const, profile }, compare: 'state' as const, seed: SEED, timeMs: seconds * 1000 };
  // CPU time of the whole process (every thread: process.cpuUsage is the process's), per program:
  // what the worker path costs beyond the in-process one, whatever the load. On 2 idle cores the
  // speed-up of 2 workers cannot exceed 2 x (CPU per program on 1) / (CPU per program on 2).
  const cpu = [Infinity, Infinity];
  const made = [0, 0];
  const rate = async (workers: number) => {
    const t0 = now();
    const c0 = process.cpuUsage();
    const r = await runCampaignParallel(o, workers);
    const c = process.cpuUsage(c0);
    if (r.found) throw new Error('the bench campaign found a divergence: run npm test');
    cpu[workers - 1] = Math.min(cpu[workers - 1]!, (c.user + c.system) / 1e6 / r.runs);
    made[workers - 1] = Math.max(made[workers - 1]!, r.runs);
    return r.runs / (msSince(t0) / 1000);
  };
  const loadBefore2 = load();
  console.log(
    `(g2) the same campaign by runCampaignParallel in this process (chunks of ${CHUNK_RUNS}; seed ${SEED}), ${seconds} s of wall time each on 1 and 2 worker threads: ` +
      `programs/s over the whole campaign, pool start-up included; this process's main thread is warm from the rounds before, a pool thread never is; ` +
      `best of ${rounds} alternating rounds, running ${running}; load average ${loadBefore2}\n`,
  );
  const best = [0, 0];
  for (let i = 0; i < rounds; i++) for (const [k, w] of [1, 2].entries()) best[k] = Math.max(best[k]!, await rate(w));
  console.log(
    table(
      ['workers', 'programs/s', 'x 1 worker', 'CPU per program', 'programs (best round)'],
      [1, 2].map((w, k) => [String(w), best[k]!.toFixed(0), `${(best[k]! / best[0]!).toFixed(2)}x`, micros(cpu[k]!), String(made[k])]),
    ),
  );
  const ratio = best[1]! / best[0]!;
  const loadAfter = load();
  console.log(
    `\n(g2) --workers 2 / --workers 1: ${ratio.toFixed(2)}x programs/s (${seconds} s campaigns); CPU per program 2 / 1: ${(cpu[1]! / cpu[0]!).toFixed(2)} (pool start-up, module loading and JIT warm-up in the pool thread included); ` +
      `load average before ${loadBefore}, after ${loadAfter} (this bench adds up to 2)\n`,
  );
  const g1 =
    cli === null
      ? '(g1) not measured'
      : `${cli.ratio.toFixed(2)}x programs/s as \`mapcheck fuzz --runs ${fuzzRuns}\` processes (CPU per program 2 / 1: ${cli.cpuRatio.toFixed(2)}; projected on 2 idle cores from CPU times: ${cli.projected.toFixed(2)}x; two one-worker shard processes side by side: ${cli.ceiling.toFixed(2)}x)`;
  return {
    workers: `${g1}; ${ratio.toFixed(2)}x in this process with a warm main thread, ${seconds} s campaigns (CPU per program 2 / 1: ${(cpu[1]! / cpu[0]!).toFixed(2)}); load before ${loadBefore}, after ${loadAfter}`,
  };
}

// BENCH_ONLY=acceptance: the sections that measure issue 12's open acceptance points, (c), (g) and
// (f), in about 5 minutes on 2 idle cores (the full bench's (d) makes 4,096 mappings on the
// baseline, which takes a quarter of an hour).
const ONLY_NAMES = (process.env.BENCH_ONLY ?? 'engines,trees,baseline,large,handles,workers,startup').replace('acceptance', 'baseline,workers,startup');
const ONLY = new Set(ONLY_NAMES.split(',').map((x) => x.trim()));
const BASELINE = process.env.BENCH_BASELINE ?? '62490bd';

console.log(
  `mapcheck bench (node ${process.version}, ${process.arch}; ${availableParallelism()} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}; ` +
    `sections ${ONLY_NAMES}; BENCH_ONLY=acceptance: issue 12's acceptance lines alone, about 5 minutes on 2 cores)\n`,
);
const base =
  BASELINE !== 'none' && (ONLY.has('baseline') || ONLY.has('large') || ONLY.has('handles'))
    ? await loadBaseline(BASELINE, new URL('..', import.meta.url).pathname)
    : null;
if (ONLY.has('engines')) benchEngines();
if (base && ONLY.has('baseline')) benchBaseline(base);
// BENCH_ONLY=campaign: (c') alone, this tree's campaign against its floor, no baseline (about a minute on 2 cores)
if (ONLY.has('campaign') && !(base && ONLY.has('baseline'))) {
  const runs = Math.min(PROGRAMS, 500);
  const r = campaignParts(loadProfile('spec'), runs, campaignPrograms(runs), Math.max(1, Math.round((ROUNDS * 2) / 3)));
  acceptance.set('campaign / model floor per program (at most 1.2)', `${(r.campaign / r.floor).toFixed(2)} ((c'), this tree alone: campaign ${micros(r.campaign)}, floor ${micros(r.floor)})`);
}
if (ONLY.has('large')) benchLarge(base);
if (ONLY.has('handles')) benchHandles(base);
if (ONLY.has('trees')) benchIntervalTree();
if (ONLY.has('workers')) acceptance.set('--workers 2 / --workers 1 (at least 1.70x on an idle 2-core machine)', (await benchWorkers()).workers!);
if (ONLY.has('startup')) benchStartup();
if (acceptance.size > 0) {
  console.log(`issue 12 acceptance, this run (${ONLY_NAMES}; ${availableParallelism()} cores; load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}):`);
  for (const [what, value] of acceptance) console.log(`  ${what}: ${value}`);
  console.log();
}
