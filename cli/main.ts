// The `mapcheck` command line: run a program, fuzz two sides against each other, explain a saved case, list profiles.
//
// Exit codes: 0 success (including a program that ends in an error observation: that is what the
// program observes, not a failure of the tool); 1 a fuzzing campaign found a divergence; 2 bad
// input (program or case file, profile, flag), reported as one line on stderr; 3 internal error.

import { surfaceText } from '../lang/plain-pointers.js';
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import cliProgress from 'cli-progress';
import { InputError, loadProgramFile, readJsonFile } from '../lang/validate.js';
import { SCHEMA_VERSION, evidenceWarning, programApi, programToCase, runAcrossProfiles, type CaseOptions, type RunOptions } from './run.js';
import { packageVersion } from './version.js';
import { withWorld } from './world.js';
import { checkJunitPath, fuzzJunit, writeJunit } from './junit.js';
import { formatObservation, type Observation, type Snapshot } from '../lang/observation.js';
import type { Program } from '../lang/program.js';
import type { EngineName } from '../lang/engine.js';
import { BUILTIN_PROFILES, KNOBS, ProfileError, loadProfile, loadProfileArg } from '../profiles/index.js';
import { runTrace, sideLabel, type CompareMode, type Side } from '../properties/compare.js';
import { CampaignCrash, describeUndefinedStops, type CampaignOptions, type CampaignResult } from '../properties/campaign.js';
import { defaultWorkers, runCampaignParallel } from '../properties/parallel.js';
import { checkCommand, type CheckCliOptions } from './check.js';
import { corpusMergeCommand, writeShardSummary } from './shards.js';
import { CHUNK_RUNS } from '../properties/campaign.js';
import { APIS, DEFAULT_API, type ApiChoice } from '../properties/api.js';
import { buildCase, prepareCaseDir, type CaseFile } from '../counterexamples/case.js';
import { replayCorpus } from '../counterexamples/corpus.js';
import { CORPUS_DIR, promoteCase, runDir, saveFind } from '../counterexamples/store.js';
import { RuleCoverage } from '../properties/coverage.js';
import { EXPLAIN_FORMATS, explainCase, loadCaseToExplain, renderExplanation, type ExplainFormat } from './explain.js';
import { emitFile, type EmitApi, type EmitLang } from './emit.js';
import { diffCommand, type DiffCliOptions } from './diff.js';
import { renderSnapshot, renderStep, table } from './render.js';
import { shellCommand } from './shell.js';
import { oneLine } from '../lang/read-file.js';
import { registerConform } from '../toolchain/cli.js';
import { ObserveEmitError, emitObservationProgram } from './emit/observe.js';
import { loadEmitInput } from './emit.js';

/** Where the CLI writes; tests substitute capturing functions. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is an interactive terminal (draws a progress bar instead of progress lines). */
  errIsTTY: boolean;
}

/** Why standard output could not be written (an errno code), once it failed; later output is dropped. */
let stdoutFailure: string | null = null;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes to standard output synchronously, so that a failure is seen where it happens rather than
 * as an asynchronous stream error after the command has decided its exit code. A closed pipe
 * (`mapcheck profiles | head`) ends the process quietly with 0; any other failure (a full disk,
 * `> /dev/full`) is remembered, the command runs to its end (a case it finds is still saved), and
 * `main` exits with 2 and one line on stderr.
 */
function writeStdout(text: string): void {
  if (stdoutFailure !== null) return;
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(1, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        Atomics.wait(pause, 0, 0, 5); // a non-blocking pipe whose reader is slow: wait, then retry
        continue;
      }
      if (code === 'EPIPE') process.exit(EXIT_OK);
      stdoutFailure = code ?? (e as Error).message;
      return;
    }
  }
}

const processIo: Io = {
  out: writeStdout,
  err: (text) => process.stderr.write(text),
  errIsTTY: Boolean(process.stderr.isTTY),
};

const EXIT_OK = 0;
const EXIT_DIVERGENCE = 1;
const EXIT_BAD_INPUT = 2;
const EXIT_INTERNAL = 3;

type CampaignProgress = Parameters<NonNullable<CampaignOptions['onProgress']>>[0];

/** Seconds between plain progress lines when stderr is not a terminal. */
const PROGRESS_LINE_INTERVAL_MS = 5000;

// ------------------------------------------------------------------------------------------------
// Option parsers (their errors become commander's one-line "error: option … is invalid")

function positiveInteger(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
    throw new InvalidArgumentError('expected a positive integer.');
  return Number(raw);
}

function positiveSeconds(raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('expected a positive number of seconds.');
  return n;
}

/** `--workers N`: worker threads for a campaign; the verdict and the minimal program do not depend on N. */
function workersOption(): Option {
  return new Option('--workers <n>', "worker threads (default: the machine's cores); the verdict does not depend on it").argParser(positiveInteger);
}

function shardValue(raw: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m || Number(m[2]) < 1 || Number(m[1]) >= Number(m[2]) || Number(m[2]) > 1_000_000)
    throw new InvalidArgumentError('expected i/n with 0 <= i < n (e.g. 3/64).');
  return { index: Number(m[1]), count: Number(m[2]) };
}

function seedValue(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 0xffffffff) throw new InvalidArgumentError('expected an integer from 0 to 4294967295.');
  return Number(raw);
}

// ------------------------------------------------------------------------------------------------
// Shared output helpers

function stepRows(program: Program, columns: (i: number) => string[]): string[][] {
  return program.steps.map((step, i) => [String(i + 1).padStart(String(program.steps.length).length), renderStep(step, program.world), ...columns(i).map((c) => surfaceText(program.world, c))]);
}

// ------------------------------------------------------------------------------------------------
// mapcheck run

function runCommand(files: string[], o: RunOptions, io: Io): number {
  // Several programs, several profiles or --result: one table across profiles (cli/run.ts).
  if (files.length !== 1 || o.profile.includes(',') || o.result) return runAcrossProfiles(files, o, io);
  const file = files[0]!;
  const program = loadProgramFile(file);
  const profile = loadProfileArg(o.profile, '--profile');
  const warning = evidenceWarning(profile, programApi(program));
  if (warning) io.err(`${warning}\n`);
  const trace = runTrace(program, { engine: o.engine, profile }, Boolean(o.state));

  if (o.json) {
    const steps = program.steps.map((step, i) => {
      const entry: { step: number; op: string; observation: Observation; snapshot?: Snapshot } = {
        step: i + 1,
        op: step.op,
        observation: trace.observations[i]!,
      };
      if (o.state) entry.snapshot = trace.snapshots[i]!;
      return entry;
    });
    io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'run', profile: profile.name, engine: o.engine, steps }, null, 2)}\n`);
    return EXIT_OK;
  }

  io.out(`${file}: ${program.steps.length} steps on ${o.engine} under profile ${profile.name}\n`);
  const rows = stepRows(program, (i) => [formatObservation(trace.observations[i]!)]);
  if (!o.state) {
    io.out(withWorld(program.world, `${table(rows)}\n`));
    return EXIT_OK;
  }
  // With --state each step is followed by the snapshot after it, indented under the directive.
  const width = Math.max(...rows.map((r) => r[0]!.length + 2 + r[1]!.length));
  const pad = ' '.repeat(String(program.steps.length).length + 2);
  let body = '';
  for (const [i, row] of rows.entries()) {
    body += `${`${row[0]}  ${row[1]}`.padEnd(width)}  ${row[2]}\n`;
    for (const line of renderSnapshot(program.world, trace.snapshots[i]!)) body += `${pad}  ${line}\n`;
  }
  io.out(withWorld(program.world, body));
  return EXIT_OK;
}

// ------------------------------------------------------------------------------------------------
// mapcheck fuzz

interface FuzzOptions {
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

/** Exit code of a campaign stopped by Ctrl-C (128 + SIGINT, as shells report it). */
const EXIT_INTERRUPTED = 130;

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

/** A path relative to the working directory when it lies below it, else as given. */
export function displayPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? path : rel;
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

async function fuzzCommand(o: FuzzOptions, io: Io): Promise<number> {
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
  if (divergence.kind === 'state') {
    for (const [side, snap] of [
      [a, divergence.snapshotA],
      [b, divergence.snapshotB],
    ] as const) {
      io.out(`\nstate after step ${divergence.step + 1} on ${sideLabel(side)}:\n`);
      for (const line of renderSnapshot(program.world, snap)) io.out(`  ${line}\n`);
    }
  }

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

// ------------------------------------------------------------------------------------------------
// mapcheck explain

interface ExplainOptions {
  format: ExplainFormat;
  json?: boolean;
  /** For a plain program: the two sides to explain it on. */
  sides?: string;
  compare?: CompareMode;
}

function explainCommand(file: string, o: ExplainOptions, io: Io): number {
  const raw = readJsonFile(file);
  const isProgram = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !('format' in raw);
  if (!isProgram && o.sides !== undefined) throw new InputError(`${file}: a saved case names its own sides; --sides is for plain programs`);
  // A plain program is turned into a case on the given sides first (as `mapcheck case` does).
  const c = isProgram
    ? programToCase(file, { sides: o.sides ?? 'spec,impl:spec', ...(o.compare && { compare: o.compare }) }, { out: () => {}, err: io.err })
    : loadCaseToExplain(file);
  const e = explainCase(c, file);
  if (o.json || o.format === 'json') io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'explain', ...e }, null, 2)}\n`);
  else io.out(renderExplanation(e, o.format));
  return EXIT_OK;
}

// ------------------------------------------------------------------------------------------------
// mapcheck profiles / mapcheck profile show

function profilesCommand(o: { json?: boolean }, io: Io): number {
  const profiles = BUILTIN_PROFILES.map((src) => loadProfile(src.name));
  if (o.json) {
    const out = {
      schemaVersion: SCHEMA_VERSION,
      command: 'profiles',
      profiles: profiles.map((p) => ({
        name: p.name,
        description: p.description,
        knobs: p.knobs,
        // Per knob the profile sets: its reading, confidence (measured / source / doc /
        // hypothesis) and evidence; knobs it leaves at the spec reading are absent.
        evidence: Object.fromEntries(KNOBS.flatMap((k) => (p.settings[k.id] ? [[k.id, p.settings[k.id]]] : []))),
      })),
      knobs: KNOBS.map((k) => ({ id: k.id, title: k.title, section: k.section, readings: k.readings, default: k.default })),
    };
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(`Profiles:\n${table(profiles.map((p) => [p.name, p.description]), '  ')}\n\nKnobs:\n`);
  for (const k of KNOBS) {
    io.out(`  ${k.id}  ${k.title}  (${k.section})\n`);
    for (const r of k.readings) io.out(`      ${r.id === k.default ? '*' : ' '} ${r.id}: ${r.summary}\n`);
  }
  io.out(`\n  * the spec reading (default). Per-profile readings: mapcheck profile show NAME\n`);
  return EXIT_OK;
}

function profileShowCommand(name: string, o: { json?: boolean }, io: Io): number {
  const p = loadProfileArg(name, 'profile show');
  if (o.json) {
    const knobs = KNOBS.map((k) => {
      const setting = p.settings[k.id];
      return {
        id: k.id,
        title: k.title,
        reading: p.knobs[k.id] as string,
        confidence: setting ? setting.confidence : 'unknown',
        evidence: setting ? setting.evidence : null,
      };
    });
    io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'profile show', name: p.name, description: p.description, knobs }, null, 2)}\n`);
    return EXIT_OK;
  }
  io.out(`${p.name}: ${p.description}\n\n`);
  for (const k of KNOBS) {
    const setting = p.settings[k.id];
    io.out(`  ${k.id}  ${k.title}\n        reading: ${p.knobs[k.id]}`);
    if (setting) io.out(` (${setting.confidence})\n        evidence: ${setting.evidence}\n`);
    else io.out(` (unknown — spec reading)\n`);
  }
  return EXIT_OK;
}

// ------------------------------------------------------------------------------------------------
// Wiring

function buildProgram(io: Io, setExit: (code: number) => void): Command {
  const root = new Command('mapcheck')
    .description('Property-based model checker for OpenACC and OpenMP data-mapping semantics')
    .version(packageVersion(), '-V, --version', 'print the mapcheck version')
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (text, write) => write(text),
    })
    .showSuggestionAfterError(true);

  const profileOption = () => new Option('--profile <profile>', 'built-in profile name or path to a JSON profile').default('spec');

  root
    .command('run')
    .description('run programs (or saved cases) and print every step with its observation, a column per profile')
    .argument('<files...>', 'program JSON files, or saved counterexample cases')
    .addOption(
      new Option('--profile <profiles>', 'built-in profile name or path to a JSON profile; a comma-separated list for one column each').default('spec'),
    )
    .option('--result', "only each program's last observation: a row per program, a column per profile")
    .addOption(new Option('--engine <engine>', 'which side executes the program').choices(['model', 'impl']).default('model'))
    .option('--json', 'print the observations as JSON')
    .option('--state', 'also print the canonical state snapshot after every step')
    .action((files: string[], o: RunOptions) => setExit(runCommand(files, o, io)));

  root
    .command('case')
    .description('turn a program into a case for two sides (printed, or written with --out), to replay, explain or promote')
    .argument('<program>', 'program JSON file')
    .requiredOption('--sides <a,b>', 'two sides: profile names or files, each optionally engine-prefixed (spec,cray-19 or impl:spec,spec)')
    .addOption(new Option('--compare <mode>', "what must agree (default: 'state' for impl against model, else 'observations')").choices(['observations', 'state']))
    .option('--title <title>', 'one line saying what the case shows')
    .option('--out <file>', 'write the case to this file instead of printing it')
    .option('--json', 'print the case (a case is JSON already: schemas/case.schema.json)')
    .action((file: string, o: CaseOptions) => {
      programToCase(file, o, io);
      setExit(EXIT_OK);
    });

  root
    .command('fuzz')
    .description('generate random programs until two sides diverge; shrink and save the divergence')
    .addOption(profileOption())
    .addOption(
      new Option('--against <impl|profile>', "side b: 'impl' (the optimised runtime, same profile) or the model under another profile").default(
        'impl',
      ),
    )
    .addOption(
      new Option('--compare <mode>', "what must agree (default: 'state' against impl, 'observations' against a profile)").choices([
        'observations',
        'state',
      ]),
    )
    .addOption(new Option('--seed <n>', 'campaign seed (default: random, always printed)').argParser(seedValue))
    .addOption(new Option('--runs <n>', 'number of programs to try (default 100)').argParser(positiveInteger).conflicts('time'))
    .addOption(new Option('--time <seconds>', 'fuzz for this long instead of a run count').argParser(positiveSeconds))
    .addOption(new Option('--out <dir>', 'where to save a counterexample (default: a new untracked folder under .mapcheck/runs/)'))
    .addOption(new Option('--max-steps <n>', 'upper bound on generated program length (default 25)').argParser(positiveInteger))
    .option('--no-coverage', 'do not print the spec-rule coverage table at the end')
    .option('--json', 'print one JSON document at the end instead of the text report (progress stays on stderr)')
    .option('--junit <file>', 'also write the outcome as a JUnit XML report (for CI)')
    .addOption(
      new Option('--api <api>', 'which programs to generate: openacc, openmp, or both (each program one or the other)')
        .choices(APIS)
        .default(DEFAULT_API),
    )
    .addOption(workersOption())
    .addOption(new Option('--shard <i/n>', 'run shard i (0-based) of n: a disjoint, deterministic part of the campaign (see mapcheck corpus merge)').argParser(shardValue))
    .action(async (o: FuzzOptions) => setExit(await fuzzCommand(o, io)));

  root
    .command('diff')
    .description('find every class of programs that tells two profiles apart: minimal programs, explaining knobs, knob coverage')
    .argument('<a>', 'profile A: built-in name or path to a JSON profile')
    .argument('<b>', 'profile B: built-in name or path to a JSON profile')
    .addOption(new Option('--compare <mode>', 'what must agree').choices(['observations', 'state']).default('observations'))
    .addOption(new Option('--seed <n>', 'campaign seed (default: random, always printed)').argParser(seedValue))
    .addOption(new Option('--runs <n>', 'number of programs to generate (default 100)').argParser(positiveInteger).conflicts('time'))
    .addOption(new Option('--time <seconds>', 'generate programs for this long instead of a run count').argParser(positiveSeconds))
    .addOption(new Option('--out <dir>', 'where to save one case per class (default: a new untracked folder under .mapcheck/runs/)'))
    .option('--save-all', 'also save the classes the comparison does not count (masked, state-only)')
    .option('--summary', 'for spec editors: one line per knob (title, readings, classes it explains, smallest program), then the classes')
    .option('--json', 'print one JSON document at the end instead of the text report (progress stays on stderr)')
    .option('--junit <file>', 'also write the outcome as a JUnit XML report (for CI)')
    .addOption(new Option('--api <api>', 'which programs to generate: openacc, openmp, or both').choices(APIS).default(DEFAULT_API))
    .addOption(new Option('--max-steps <n>', 'upper bound on generated program length (default 25)').argParser(positiveInteger))
    .addOption(workersOption())
    .addOption(new Option('--shard <i/n>', 'run shard i (0-based) of n: a disjoint, deterministic part of the campaign (see mapcheck corpus merge)').argParser(shardValue))
    .action(async (a: string, b: string, o: DiffCliOptions) => setExit(await diffCommand(a, b, o, io)));

  root
    .command('corpus')
    .description('work on folders of saved cases')
    .command('merge')
    .description('merge the cases and shard summaries that `fuzz --shard` runs saved: cases deduplicated by content, runs, rules reached, divergences')
    .argument('<dirs...>', 'folders the shards saved into (their --out)')
    .addOption(new Option('--into <dir>', 'copy each distinct case into this folder'))
    .action((dirs: string[], o: { into?: string }) => setExit(corpusMergeCommand(dirs, o, io)));

  root
    .command('check')
    .description('bounded-exhaustive check: every program of at most --depth steps over a small world, a shortest divergence or a certificate')
    .addOption(new Option('--depth <k>', 'largest program length').argParser(positiveInteger).default(3))
    .addOption(new Option('--world <file>', "a program file whose world is checked (its steps are ignored); default: the seed world (c%p => a; a, b; one device)"))
    .addOption(profileOption())
    .addOption(new Option('--against <impl|profile>', "side b: 'impl' or the model under another profile").default('impl'))
    .addOption(new Option('--compare <mode>', "what must agree (default: 'state' against impl, 'observations' against a profile)").choices(['observations', 'state']))
    .addOption(new Option('--max-states <n>', 'stop after this many states; the certificate covers the depths completed').argParser(positiveInteger))
    .addOption(new Option('--time <seconds>', 'stop after this long, likewise').argParser(positiveSeconds))
    .addOption(new Option('--api <api>', 'whose steps are enumerated (with the host steps)').choices(['openacc', 'openmp']).default('openacc'))
    .option('--no-symmetry', 'enumerate every order of interchangeable names (default: the first use follows declaration order)')
    .action((o: CheckCliOptions) => setExit(checkCommand(o, io)));

  root
    .command('explain')
    .description('explain a saved case (or a program on two sides) step by step: observations, state changes, irrelevant steps, spec rules at the divergence')
    .argument('<file>', 'a saved counterexample case, or a program JSON file')
    .addOption(new Option('--format <format>', 'output format').choices(EXPLAIN_FORMATS).default('text'))
    .option('--json', 'print as JSON (same as --format json)')
    .option('--sides <a,b>', 'for a program: the two sides (default spec,impl:spec), as for mapcheck case')
    .addOption(new Option('--compare <mode>', 'for a program: what must agree').choices(['observations', 'state']))
    .action((file: string, o: ExplainOptions) => setExit(explainCommand(file, o, io)));

  root
    .command('emit')
    .description('write a self-checking Fortran or C program for a program or saved case; its checks follow the spec profile')
    .argument('<file>', 'program JSON file, or a saved counterexample case')
    .addOption(new Option('--lang <lang>', 'output language').choices(['fortran', 'c']).makeOptionMandatory())
    .addOption(new Option('--api <api>', "directive set (default: the program's own)").choices(['openacc', 'openmp']))
    .option('--json', 'print the source inside a JSON document')
    .option('--observe', 'write an observation program: one MAPCHECK line per step instead of checks (for mapcheck conform)')
    .action((file: string, o: { lang: EmitLang; api?: EmitApi; json?: boolean; observe?: boolean }) => {
      let source: string;
      if (o.observe) {
        try {
          source = emitObservationProgram(loadEmitInput(file).program, { lang: o.lang, ...(o.api && { api: o.api }), source: file }).text;
        } catch (e) {
          if (e instanceof ObserveEmitError) throw new InputError(`${file}: ${e.message}`);
          throw e;
        }
      } else source = emitFile(file, { lang: o.lang, ...(o.api && { api: o.api }) });
      if (o.json) io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'emit', lang: o.lang, ...(o.api && { api: o.api }), ...(o.observe && { observe: true }), source }, null, 2)}\n`);
      else io.out(source);
      setExit(EXIT_OK);
    });

  registerConform(root, io, setExit);

  root
    .command('promote')
    .description('move a case (e.g. from .mapcheck/runs/) into the tracked regression corpus, with a name and a title')
    .argument('<case>', 'a saved case file')
    .requiredOption('--name <name>', 'file name in the corpus, lower-case words with dashes (e.g. cray-reattach-skipped)')
    .option('--title <title>', 'one line saying what the case shows (default: its current title)')
    .option('--to <dir>', 'the corpus folder (default: counterexamples/cases of this package)')
    .option('--json', 'print as JSON')
    .action((file: string, o: { name: string; title?: string; to?: string; json?: boolean }) => {
      const path = promoteCase(file, o);
      if (o.json) io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'promote', from: file, to: path }, null, 2)}\n`);
      else io.out(`promoted: ${displayPath(file)} -> ${displayPath(path)}\n`);
      setExit(EXIT_OK);
    });

  root
    .command('profiles')
    .description('list the built-in profiles and the interpretation knobs')
    .option('--json', 'print as JSON')
    .action((o: { json?: boolean }) => setExit(profilesCommand(o, io)));

  const profile = root.command('profile').description('inspect one profile');
  profile
    .command('show')
    .description("print every knob's reading in a profile, with confidence and evidence")
    .argument('<profile>', 'built-in profile name or path to a JSON profile')
    .option('--json', 'print as JSON')
    .action((name: string, o: { json?: boolean }) => setExit(profileShowCommand(name, o, io)));

  return root;
}

/** Runs the CLI with `argv` (arguments after the program name) and returns the exit code. */
export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const code = await runMain(argv, io);
  if (io === processIo && stdoutFailure !== null) {
    io.err(`error: cannot write to standard output (${oneLine(stdoutFailure)})\n`);
    return EXIT_BAD_INPUT;
  }
  return code;
}

async function runMain(argv: string[], io: Io): Promise<number> {
  let exitCode = EXIT_OK;
  const root = buildProgram(io, (code) => (exitCode = code));
  try {
    await root.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      // Commander has already printed the help (`--help`, `help CMD`: exit code 0) or its one-line error.
      return e.exitCode === 0 ? EXIT_OK : EXIT_BAD_INPUT;
    }
    if (e instanceof InputError || e instanceof ProfileError) {
      io.err(`error: ${oneLine(e.message)}\n`);
      return EXIT_BAD_INPUT;
    }
    if (e instanceof CampaignCrash) {
      io.err(`internal error: ${e.message}\n`);
      return EXIT_INTERNAL;
    }
    io.err(`internal error: ${(e as Error)?.stack ?? String(e)}\n`);
    return EXIT_INTERNAL;
  }
}
