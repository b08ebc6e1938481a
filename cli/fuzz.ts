// `mapcheck fuzz`: a campaign between two sides, its progress, its report and the case it saves
// (cli/main.ts loads this module when the command runs).

import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { formatObservation, type Observation } from '../lang/observation.js';
import type { Program } from '../lang/program.js';
import { loadProfileArg } from '../profiles/index.js';
import { runTrace, sideLabel, type CompareMode, type Side } from '../properties/compare.js';
import { CHUNK_RUNS, describeUndefinedStops, type CampaignOptions, type CampaignResult } from '../properties/campaign.js';
import { defaultWorkers, runCampaignParallel } from '../properties/parallel.js';
import type { ApiChoice } from '../properties/api-choice.js';
import { RuleCoverage } from '../properties/coverage.js';
import { buildCase, prepareCaseDir, type CaseFile } from '../counterexamples/case.js';
import { replayCorpus } from '../counterexamples/corpus.js';
import { CORPUS_DIR, runDir, saveFind } from '../counterexamples/store.js';
import { oneLine } from '../lang/read-file.js';
import { EXIT_DIVERGENCE, EXIT_INTERRUPTED, EXIT_OK, displayPath, processIo, type Io } from './io.js';
import { checkJunitPath, fuzzJunit, writeJunit } from './junit.js';
import { renderStateDivergence, table } from './render.js';
import { SCHEMA_VERSION, stepRows } from './run.js';
import { shellCommand } from './shell.js';
import { writeShardSummary } from './shards.js';
import { withWorld } from './world.js';

type CampaignProgress = Parameters<NonNullable<CampaignOptions['onProgress']>>[0];

/** Seconds between plain progress lines when stderr is not a terminal. */
const PROGRESS_LINE_INTERVAL_MS = 5000;

export interface FuzzOptions {
  profile: string;
  against: string;
  compare?: CompareMode;
  seed?: number;
  runs?: number;
  time?: number;
  /** Where to save a find (default: a new folder under .mapcheck/runs/). */
  out?: string;
  maxSteps?: number;
  /** Print the spec-rule coverage table at the end (`--no-coverage` turns it off). */
  coverage: boolean;
  api: ApiChoice;
  json?: boolean;
  /** Worker threads (default: the machine's cores); the verdict does not depend on it. */
  workers?: number;
  /** Also write the outcome as a JUnit XML report to this file. */
  junit?: string;
  /** `--shard i/n`: this process runs every n-th chunk of the campaign, from chunk i. */
  shard?: { index: number; count: number };
}

/**
 * Reports campaign progress: a bar on a terminal, otherwise a line every few seconds. The campaign
 * reports nothing while it shrinks, so when a run-count campaign reports its last program, a note
 * says that a divergence in that program is shrunk next (an earlier divergence ends generation
 * without a report, and a time-limited campaign has no last program to report).
 */
function progressReporter(io: Io, o: FuzzOptions, interruptible = true): { update: (p: CampaignProgress) => void; stop: () => void } {
  const lastRunNote = (p: CampaignProgress) =>
    p.shrinking ? `fuzz: divergence found after ${p.runs} runs (${(p.elapsedMs / 1000).toFixed(1)} s); shrinking it…\n` : null;
  if (io.errIsTTY) {
    const timed = o.runs === undefined && o.time !== undefined;
    const bar = new cliProgress.SingleBar(
      {
        stream: process.stderr,
        format: timed ? 'fuzz [{bar}] {value}/{total} s | {runs} runs' : 'fuzz [{bar}] {value}/{total} runs | {duration}s',
        // A campaign on this thread cannot restore the cursor when Ctrl-C ends it: keep it shown.
        hideCursor: interruptible,
        clearOnComplete: true,
      },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    const stop = () => {
      if (started) bar.stop();
      started = false;
    };
    return {
      update: (p) => {
        const note = lastRunNote(p);
        if (note !== null) {
          stop();
          io.err(note);
          return;
        }
        const value = timed ? Math.floor(p.elapsedMs / 1000) : p.runs;
        const total = timed ? Math.ceil(o.time!) : (p.total ?? p.runs);
        if (!started) {
          bar.start(total, value, { runs: p.runs });
          started = true;
        } else bar.update(Math.min(value, total), { runs: p.runs });
      },
      stop,
    };
  }
  let lastLine = Date.now();
  return {
    update: (p) => {
      const note = lastRunNote(p);
      if (note !== null) {
        io.err(note);
        return;
      }
      if (Date.now() - lastLine < PROGRESS_LINE_INTERVAL_MS) return;
      lastLine = Date.now();
      const runs = p.total === undefined ? `${p.runs} runs` : `${p.runs}/${p.total} runs`;
      io.err(`fuzz: ${runs}, ${(p.elapsedMs / 1000).toFixed(1)} s\n`);
    },
    stop: () => {},
  };
}

/**
 * Until the returned function is called, Ctrl-C (SIGINT, or SIGTERM) runs `report`, shows the
 * terminal cursor again and ends the process with exit code 130.
 */
function onInterrupt(report: () => void): () => void {
  const handler = () => {
    try {
      report();
    } finally {
      if (process.stderr.isTTY) process.stderr.write('\x1b[?25h');
      process.exit(EXIT_INTERRUPTED);
    }
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

function reproduceCommand(o: FuzzOptions, compare: CompareMode, seed: number, runs: number): string {
  const words = ['npx', 'mapcheck', 'fuzz', '--profile', o.profile, '--against', o.against, '--compare', compare, '--seed', String(seed), '--runs', String(runs), '--api', o.api];
  if (o.maxSteps !== undefined) words.push('--max-steps', String(o.maxSteps));
  if (o.shard !== undefined) words.push('--shard', `${o.shard.index}/${o.shard.count}`);
  return shellCommand(words);
}

/** What `fuzz --json` prints: the campaign, what it found and where that was kept. */
export interface FuzzDocument {
  schemaVersion: number;
  command: 'fuzz';
  sides: { a: string; b: string };
  compare: CompareMode;
  api: ApiChoice;
  seed: number;
  runs: number;
  elapsedMs: number;
  corpus: { replayed: number; failed: number };
  found: null | {
    step: number;
    kind: 'observation' | 'state';
    originalLength: number;
    program: Program;
    observations: { a: Observation[]; b: Observation[] };
    saved: string | null;
    alreadyKept: boolean;
  };
  /** Hits per spec rule the model cites (null with --no-coverage). */
  coverage: { rule: string; hits: number }[] | null;
  reproduce: string;
  exitCode: number;
}

export async function fuzzCommand(o: FuzzOptions, io: Io): Promise<number> {
  if (o.junit !== undefined) checkJunitPath(o.junit);
  const doc: Partial<FuzzDocument> = { schemaVersion: SCHEMA_VERSION, command: 'fuzz' };
  const code = await fuzzCampaign(o, o.json ? { ...io, out: () => {} } : io, doc);
  const full = { ...doc, exitCode: code } as FuzzDocument;
  if (o.json) io.out(`${JSON.stringify(full, null, 2)}\n`);
  if (o.junit !== undefined) writeReport(o.junit, () => fuzzJunit(full), io);
  return code;
}

async function fuzzCampaign(o: FuzzOptions, io: Io, doc: Partial<FuzzDocument> | null): Promise<number> {
  const a: Side = { engine: 'model', profile: loadProfileArg(o.profile, '--profile') };
  const againstImpl = o.against === 'impl';
  const b: Side = againstImpl ? { engine: 'impl', profile: a.profile } : { engine: 'model', profile: loadProfileArg(o.against, '--against') };
  const compare: CompareMode = o.compare ?? (againstImpl ? 'state' : 'observations');
  const seed = o.seed ?? randomBytes(4).readUInt32BE(0);
  // A directory that cannot take the case is bad input, found before the campaign rather than after.
  // Without --out, finds go to a fresh untracked folder, created with the first saved case.
  if (o.out !== undefined) prepareCaseDir(o.out);
  const out = o.out ?? runDir(seed);

  const budget = o.runs !== undefined ? `${o.runs} runs` : o.time !== undefined ? `${o.time} s` : 'default run count';
  io.out(`fuzz: ${sideLabel(a)} vs ${sideLabel(b)}, ${o.api} programs, comparing ${compare}, ${budget}\nseed: ${seed}\n`);
  const corpus = { replayed: 0, failed: 0 };
  for (const dir of corpusDirs(o.out)) {
    const r = replayCorpusFirst(dir, a, b, io);
    corpus.replayed += r.replayed;
    corpus.failed += r.failed;
  }
  const corpusFailed = corpus.failed;
  if (doc) Object.assign(doc, { sides: { a: sideLabel(a), b: sideLabel(b) }, compare, api: o.api, seed, corpus, found: null });
  const coverage = o.coverage ? new RuleCoverage() : null;
  // Printed last whatever the outcome; a saved case that no longer replays fails the run like a divergence.
  let undefinedStops = '';
  const finish = (code: number): number => {
    if (doc) doc.coverage = coverage ? coverage.rows().map((r) => ({ rule: r.rule.citation, hits: r.hits })) : null;
    if (coverage)
      io.out(`\nspec-rule coverage (hits: steps in which a model side fired the rule):\n${table(coverage.tableRows(), '  ')}\n  ${coverage.summary()}\n`);
    if (corpusFailed > 0) io.out(`\n${corpusFailed} saved case(s) no longer replay as recorded (listed above)\n`);
    return corpusFailed > 0 ? EXIT_DIVERGENCE : code;
  };

  const workers = o.workers ?? defaultWorkers();
  const progress = progressReporter(io, o, workers > 1);
  let latest: CampaignProgress | null = null;
  // Ctrl-C: with several workers this thread runs chunks too, but yields after each one
  // (properties/parallel.ts), so it hears the signal within a chunk and stops the campaign cleanly.
  const stopOnInterrupt =
    workers > 1 && io === processIo
      ? onInterrupt(() => {
          progress.stop();
          const runs = latest?.runs ?? 0;
          const seconds = ((latest?.elapsedMs ?? 0) / 1000).toFixed(1);
          const again = runs > 0 ? reproduceCommand(o, compare, seed, runs) : reproduceCommand(o, compare, seed, o.runs ?? 100);
          // With --json stdout holds one JSON document or nothing; the summary then goes to stderr.
          const say = o.json ? io.err : io.out;
          say(`\ninterrupted after ${runs} runs (${seconds} s): no divergence found in them\nreproduce: ${again}\n`);
        })
      : () => {};
  let result: CampaignResult;
  try {
    result = await runCampaignParallel({
      a,
      b,
      compare,
      seed,
      ...(o.runs !== undefined && { runs: o.runs }),
      ...(o.time !== undefined && { timeMs: Math.round(o.time * 1000) }),
      ...(o.maxSteps !== undefined && { maxSteps: o.maxSteps }),
      api: o.api,
      ...(o.shard !== undefined && { shard: o.shard }),
      onProgress: (p) => {
        latest = p;
        progress.update(p);
      },
      ...(coverage && { onRules: (_side: 'a' | 'b', rules: readonly string[]) => coverage.record(rules) }),
    }, workers);
  } finally {
    stopOnInterrupt();
    progress.stop();
  }
  undefinedStops = describeUndefinedStops(result, 8);
  // A shard replays from the campaign's whole budget (its chunks are numbered in the whole).
  const reproduce = reproduceCommand(o, compare, seed, o.shard === undefined ? result.runs : (o.runs ?? (result.chunkEnd ?? 0) * CHUNK_RUNS));
  if (o.shard !== undefined) writeShardSummary(out, o.shard, { seed, runs: result.runs, reproduce, coverage, found: result.found !== null });
  const seconds = (result.elapsedMs / 1000).toFixed(1);
  if (doc) Object.assign(doc, { runs: result.runs, elapsedMs: result.elapsedMs, reproduce });

  if (!result.found) {
    io.out(`no divergence in ${result.runs} runs (${seconds} s)\nreproduce: ${reproduce}\n`);
    return finish(EXIT_OK);
  }

  const { program, divergence, originalLength } = result.found;
  const traceA = runTrace(program, a, false);
  const traceB = runTrace(program, b, false);
  const header = ['', 'step', 'directive', sideLabel(a), sideLabel(b)];
  const rows = stepRows(program, (i) => [formatObservation(traceA.observations[i]!), formatObservation(traceB.observations[i]!)]).map(
    (row, i) => [i === divergence.step ? '>>' : '', ...row],
  );
  io.out(
    `\nDIVERGENCE after ${result.runs} runs (${seconds} s): ${divergence.kind} differs at step ${divergence.step + 1}` +
      ` (shrunk from ${originalLength} to ${program.steps.length} steps)\n\n${withWorld(program.world, `${table([header, ...rows])}\n`)}`,
  );
  if (divergence.kind === 'state')
    io.out(renderStateDivergence(program.world, divergence.step, [
      [sideLabel(a), divergence.snapshotA],
      [sideLabel(b), divergence.snapshotB],
    ]));

  // Saved only once printed, so a directory that fails now loses nothing but the file.
  const saved = buildCase({
    program,
    a,
    b,
    compare,
    // impl vs model: a bug to fix, so the case must agree once fixed. Two profiles: an expected difference.
    status: againstImpl ? 'fixed' : 'known-divergence',
    found: { by: 'mapcheck fuzz', seed, date: new Date().toISOString().slice(0, 10), command: reproduce },
  });
  const kept = saveFindOrWarn(out, saved, io);
  if (doc)
    doc.found = {
      step: divergence.step + 1,
      kind: divergence.kind,
      originalLength,
      program,
      observations: { a: traceA.observations, b: traceB.observations },
      saved: kept === null ? null : kept.path,
      alreadyKept: kept !== null && !kept.fresh,
    };
  const meaning =
    saved.status === 'fixed'
      ? 'a bug in impl: once promoted, its replay in npm test stays red until impl agrees with the model'
      : 'an expected difference between the profiles: once promoted, its replay checks that it persists';
  io.out(`\n${kept === null ? '' : `${savedLine(kept, saved.status, meaning)}\n`}reproduce: ${reproduce}\n`);
  return finish(EXIT_DIVERGENCE);
}

/** Writes a --junit report after a campaign; a failure then is a warning, the campaign's result stands. */
export function writeReport(file: string, text: () => string, io: Io): void {
  try {
    writeJunit(file, text());
  } catch (e) {
    io.err(`warning: the JUnit report was not written to ${file}: ${oneLine((e as Error)?.message ?? String(e))}\n`);
  }
}

/** Saves a find unless it is already kept (corpus or run folder); warns instead of failing. */
export function saveFindOrWarn(dir: string, c: CaseFile, io: Io): { path: string; fresh: boolean } | null {
  try {
    return saveFind(dir, c);
  } catch (e) {
    io.err(`warning: the case was not saved in ${dir}: ${((e as Error)?.message ?? String(e)).split('\n')[0]}\n`);
    return null;
  }
}

/** `saved: PATH (…)` for a new find, `already kept: PATH` for one kept before; with how to promote it. */
export function savedLine(kept: { path: string; fresh: boolean }, status: string, meaning: string): string {
  const path = displayPath(kept.path);
  if (!kept.fresh) return `already kept: ${path} (same program and sides; not saved again)`;
  const untracked = resolve(kept.path).startsWith(resolve(CORPUS_DIR)) ? '' : `\n  untracked; to keep it in the regression corpus: npx mapcheck promote ${path} --name NAME --title TITLE`;
  return `saved: ${path} (status ${status}: ${meaning})${untracked}`;
}

/** The folders a campaign replays first: the tracked corpus, and --out when it is another folder. */
function corpusDirs(out: string | undefined): string[] {
  return out === undefined || resolve(out) === resolve(CORPUS_DIR) ? [CORPUS_DIR] : [CORPUS_DIR, out];
}

/**
 * Replays the saved cases of the campaign's sides in `dir` before anything new is generated, and
 * reports each one that no longer replays as recorded or no longer loads. Returns how many failed.
 */
function replayCorpusFirst(dir: string, a: Side, b: Side, io: Io): { replayed: number; failed: number } {
  const report = replayCorpus(dir, a, b);
  const failed = report.entries.filter((e) => e.outcome === 'failed');
  const unloadable = report.entries.filter((e) => e.outcome === 'unloadable');
  const replayed = report.entries.length - unloadable.length;
  if (report.entries.length === 0) return { replayed: 0, failed: 0 };
  io.out(`corpus: ${replayed} saved case(s) of these sides in ${displayPath(dir)} replayed, ${failed.length} no longer as recorded\n`);
  for (const e of failed) io.out(`  FAILED ${displayPath(e.path)}\n${e.problems.map((p) => `    ${p}\n`).join('')}`);
  for (const e of unloadable) io.err(`corpus: skipped, does not load: ${e.problems[0]}\n`);
  return { replayed, failed: failed.length };
}
