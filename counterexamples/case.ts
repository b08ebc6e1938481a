// The durable counterexample: a program with the observation every step must produce on each side,
// where the sides diverge, why, and whether they must still diverge. Cases are data, saved once
// (atomically, deduplicated by content hash) and replayed by `npm test` forever after.

import { createHash, randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { Program } from '../lang/program.js';
import { formatObservation, type ErrorCode, type Observation } from '../lang/observation.js';
import type { EngineName } from '../lang/engine.js';
import { CASE_FORMAT, InputError, explainIssue, formatValidationFailure, readJsonFile, validateProgram } from '../lang/validate.js';
import { ProfileError, builtinProfile, builtinProfileNames, differingKnobs, profileFromReadings, type Profile } from '../profiles/index.js';
import { oneLine } from '../lang/read-file.js';
import { isDeepStrictEqual } from 'node:util';
import { knobDef } from '../profiles/knobs.js';
import { BlockNames, firstDivergence, runTrace, sameObservation, sideLabel, type CompareMode, type Side } from '../properties/compare.js';
import { renderStep } from '../cli/render.js';

export interface SideRef {
  engine: EngineName;
  /** The profile's name: a built-in profile, unless `knobs` is given. */
  profile: string;
  /**
   * The readings of a profile that is not built in (a JSON file, a single-knob variant), stored so
   * the case is self-contained: it checks the same thing from any directory, whatever becomes of
   * the file. A case never names a file to read.
   */
  knobs?: Record<string, string>;
}

export type CaseStatus = 'fixed' | 'known-divergence';

export interface CaseFile {
  format: typeof CASE_FORMAT;
  title: string;
  /** `fixed`: the sides must agree now. `known-divergence`: they must still differ. */
  status: CaseStatus;
  compare: CompareMode;
  sides: { a: SideRef; b: SideRef };
  program: Program;
  /** The observation of every step, per side, as the model computes it under that side's profile. */
  expected: { a: Observation[]; b: Observation[] };
  /** Where the sides first differed when the case was recorded (1-based step), or null. */
  divergence: { step: number; kind: 'observation' | 'state' } | null;
  /** Spec sections the case is about, e.g. "OpenACC 3.3 §2.7.2 Attach Action". */
  spec: string[];
  cause: string;
  found: { by: string; seed: number | null; date: string; command?: string };
}

// ------------------------------------------------------------------------------------------------
// Building

export interface BuildCaseOptions {
  program: Program;
  a: Side;
  b: Side;
  compare: CompareMode;
  status: CaseStatus;
  title?: string;
  cause?: string;
  spec?: string[];
  found: CaseFile['found'];
}

/**
 * How a case refers to a side's profile: by name alone when it is the built-in profile of that
 * name, otherwise by name and every reading (self-contained; see SideRef.knobs).
 */
export function sideRef(side: Side): SideRef {
  const builtin = builtinProfile(side.profile.name);
  if (builtin && isDeepStrictEqual(builtin.knobs, side.profile.knobs)) return { engine: side.engine, profile: side.profile.name };
  return { engine: side.engine, profile: side.profile.name, knobs: { ...side.profile.knobs } };
}

/**
 * The profile a saved side names: its stored readings, or the built-in profile of its name. Never
 * a file. Throws InputError naming the case file and the field.
 */
export function sideProfile(ref: SideRef, key: 'a' | 'b', file: string): Profile {
  const at = oneLine(file);
  if (ref.knobs !== undefined) {
    try {
      return profileFromReadings(ref.profile, ref.knobs, `sides.${key}.knobs`);
    } catch (e) {
      if (e instanceof ProfileError) throw new InputError(`${at}: ${e.message}`);
      throw e;
    }
  }
  const builtin = builtinProfile(ref.profile);
  if (builtin) return builtin;
  throw new InputError(
    `${at}: field sides.${key}.profile: ${oneLine(JSON.stringify(ref.profile))} is not a built-in profile (${builtinProfileNames().join(', ')}), ` +
      `and the side stores no readings (sides.${key}.knobs); a case never reads a profile file`,
  );
}

/**
 * Records a case. Expected observations come from the model under each side's profile: the model
 * is the executable reading of the spec, so a case recorded against a buggy impl expects the
 * correct observations and stays red until the impl is fixed.
 */
export function buildCase(o: BuildCaseOptions): CaseFile {
  const traceA = runTrace(o.program, { engine: 'model', profile: o.a.profile }, false);
  const traceB = runTrace(o.program, { engine: 'model', profile: o.b.profile }, false);
  const d = firstDivergence(o.program, o.a, o.b, o.compare);
  const divergence = d ? { step: d.step + 1, kind: d.kind } : null;
  const rulesAtDivergence = d ? [...(traceA.rules[d.step] ?? []), ...(traceB.rules[d.step] ?? [])] : [];

  let title = o.title;
  if (title === undefined) {
    if (!d) title = `${sideLabel(o.a)} and ${sideLabel(o.b)} agree`;
    else {
      const what =
        d.kind === 'observation'
          ? `${sideLabel(o.a)} ${formatObservation(d.a)}, ${sideLabel(o.b)} ${formatObservation(d.b)}`
          : `both observe ${formatObservation(d.a)} but the states differ (${sideLabel(o.a)} vs ${sideLabel(o.b)})`;
      title = `step ${d.step + 1} ${renderStep(o.program.steps[d.step]!)}: ${what}`;
    }
  }

  return {
    format: CASE_FORMAT,
    title,
    status: o.status,
    compare: o.compare,
    sides: { a: sideRef(o.a), b: sideRef(o.b) },
    program: o.program,
    expected: { a: traceA.observations, b: traceB.observations },
    divergence,
    spec: o.spec ?? [...new Set(rulesAtDivergence)],
    cause: o.cause ?? defaultCause(o.a, o.b),
    found: o.found,
  };
}

function defaultCause(a: Side, b: Side): string {
  const knobs = differingKnobs(a.profile, b.profile);
  if (knobs.length === 0)
    return `${sideLabel(b)} departs from ${sideLabel(a)} under the same knob readings; not analysed yet.`;
  const list = knobs.map((id) => `${id} (${knobDef(id)!.title}): ${a.profile.knobs[id]} vs ${b.profile.knobs[id]}`);
  return `The profiles read these knobs differently: ${list.join('; ')}.`;
}

// ------------------------------------------------------------------------------------------------
// Saving

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** First 12 hex digits of the sha256 of what identifies a case: its program, sides and comparison. */
export function caseHash(c: Pick<CaseFile, 'program' | 'sides' | 'compare'>): string {
  const text = canonicalJson({ program: c.program, sides: c.sides, compare: c.compare });
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

function caseSlug(c: CaseFile): string {
  const side = (s: SideRef) => `${s.engine}-${basename(s.profile).replace(/\.json$/, '')}`;
  const at = c.divergence ? `-${c.program.steps[c.divergence.step - 1]!.op}` : '';
  return slug(`${side(c.sides.a)}-vs-${side(c.sides.b)}${at}`) || 'case';
}

/** Whether `file` is a case that loads and has hash `hash` (a damaged file under the right name is not). */
function isSavedCase(file: string, hash: string): boolean {
  try {
    return caseHash(loadCaseFile(file)) === hash;
  } catch {
    return false;
  }
}

/**
 * The saved case in `dir` with the same hash as `c`, if any: by file name (`…-<hash>.json` or
 * `…-<hash>-<n>.json`) when the file loads and its content has that hash, then by content.
 */
function findSavedTwin(dir: string, hash: string): string | null {
  const files = listCaseFiles(dir);
  const named = new RegExp(`-${hash}(-\\d+)?\\.json$`);
  for (const file of files.filter((f) => named.test(basename(f)))) if (isSavedCase(file, hash)) return file;
  for (const file of files) {
    if (named.test(basename(file))) continue;
    let raw: unknown;
    try {
      raw = readJsonFile(file);
    } catch {
      continue;
    }
    const saved = raw as Partial<CaseFile>;
    if (saved.program && saved.sides && saved.compare && caseHash(saved as CaseFile) === hash && isSavedCase(file, hash)) return file;
  }
  return null;
}

/** writeFileAtomic's temporary files: `<target name>.tmp-<pid>-<random hex>`. */
const TEMPORARY = /^(.+)\.tmp-(\d+)-[0-9a-f]+$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the temporary files in `dir` of writes that were killed half-way (their writer is gone),
 * for the target file names `target` accepts. Nothing reads them (a case directory lists only
 * `*.json`); this only keeps the directory tidy. Returns the removed paths.
 */
export function removeOrphanedTemporaries(dir: string, target: (name: string) => boolean): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMPORARY.exec(name);
    if (!m || !target(m[1]!) || processAlive(Number(m[2]))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}

/**
 * Writes `text` to `path` atomically: a temporary file in the same directory is written, flushed
 * to disk and renamed into place (the directory is flushed too), so a crash never leaves a
 * half-written file. A write that fails removes its temporary file; the temporaries of earlier
 * writes of `path` that were killed are removed first.
 */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(path);
  const name = basename(path);
  removeOrphanedTemporaries(dir, (target) => target === name);
  const tmp = join(dir, `${name}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  const fd = openSync(tmp, 'wx');
  try {
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/**
 * Creates `dir` when it does not exist and checks that cases can be written there, so that a
 * campaign learns before it starts, not after, that it could not keep what it finds.
 */
export function prepareCaseDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // mkdir says EEXIST when the path is a file, ENOTDIR when a parent is.
    const why = code === 'EEXIST' || code === 'ENOTDIR' ? 'it or a parent is not a directory' : (code ?? (e as Error).message);
    throw new InputError(`${dir}: cannot save cases there (${why})`);
  }
}

/**
 * Writes `c` into `dir` as `<slug>-<hash>.json` and returns its path. Atomic: the text goes to a
 * temporary file in the same directory, is flushed to disk, then renamed into place, so a crash
 * never leaves a half-written case. A case whose hash is already saved (a file that loads, with
 * that content) is not written again. A file that takes the name but does not load, or holds
 * another case, is left as it is (it may be someone's work) and the case is saved beside it as
 * `<slug>-<hash>-<n>.json`.
 */
export function saveCase(dir: string, c: CaseFile): string {
  mkdirSync(dir, { recursive: true });
  const hash = caseHash(c);
  const twin = findSavedTwin(dir, hash);
  if (twin) return twin;

  const stem = `${caseSlug(c)}-${hash}`;
  let path = join(dir, `${stem}.json`);
  for (let n = 2; existsSync(path); n++) {
    // another campaign writing into the same folder may have saved this very case since the scan
    // above: keep its file rather than a second copy beside it
    if (isSavedCase(path, hash)) return path;
    path = join(dir, `${stem}-${n}.json`);
  }
  writeFileAtomic(path, `${JSON.stringify(c, null, 2)}\n`);
  return path;
}

// ------------------------------------------------------------------------------------------------
// Loading

const ERROR_CODES = [
  'acc_error_not_present',
  'acc_error_partly_present',
  'acc_error_invalid_null_pointer',
  'acc_error_invalid_argument',
  'acc_error_present',
  'omp_error_not_present',
  'omp_error_invalid_device',
  'fatal_attach_absent',
  'fatal_attach_null',
  'fatal_detach_at_zero',
  'fatal_null_routine',
  'fatal_not_present',
  'fatal_partial_map',
  'fatal_partial_update',
  'fatal_invalid_device',
  'fatal_map_data',
  'fatal_lowering',
] as const satisfies readonly ErrorCode[];

// Fails to compile when lang/observation.ts gains an error code this list does not know.
const everyErrorCodeListed: Exclude<ErrorCode, (typeof ERROR_CODES)[number]> extends never ? true : never = true;
void everyErrorCodeListed;

const count = z.int().min(0);
const observation = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ok') }),
  z.strictObject({
    kind: z.literal('value'),
    // routine results: booleans, OpenMP's 0 (success) / 1 (nonzero), device or host addresses, null
    value: z.union([
      z.boolean(),
      z.null(),
      z.literal(0),
      z.literal(1),
      // a device address may lie before its block's start: a pointer attached through a member
      // section (dev#2-4, lang/observation.ts formatDevAddr)
      z.strictObject({ block: z.int().min(1), offset: z.int() }),
      z.strictObject({ host: count }),
    ]),
  }),
  z.strictObject({ kind: z.literal('read'), values: z.array(z.union([z.int(), z.null()])) }),
  z.strictObject({ kind: z.literal('error'), code: z.enum(ERROR_CODES), message: z.string() }),
  z.strictObject({ kind: z.literal('undefined'), message: z.string() }),
  z.strictObject({ kind: z.literal('unavailable'), feature: z.string().min(1) }),
  z.strictObject({ kind: z.literal('halted') }),
]);
const sideShape = z.strictObject({
  engine: z.enum(['model', 'impl']),
  profile: z.string().min(1).max(200),
  knobs: z.record(z.string(), z.string()).optional(),
});
const caseShape = z.strictObject({
  format: z.literal(CASE_FORMAT),
  title: z.string(),
  status: z.enum(['fixed', 'known-divergence']),
  compare: z.enum(['observations', 'state']),
  sides: z.strictObject({ a: sideShape, b: sideShape }),
  program: z.unknown(),
  expected: z.strictObject({ a: z.array(observation), b: z.array(observation) }),
  divergence: z.union([z.strictObject({ step: z.int().min(1), kind: z.enum(['observation', 'state']) }), z.null()]),
  spec: z.array(z.string()),
  cause: z.string(),
  found: z.strictObject({
    by: z.string(),
    seed: z.union([z.int(), z.null()]),
    date: z.string(),
    command: z.string().optional(),
  }),
});

/** Loads and checks a saved case; throws InputError naming the file and the field. */
export function loadCaseFile(path: string): CaseFile {
  const raw = readJsonFile(path);
  const shaped = caseShape.safeParse(raw);
  if (!shaped.success) {
    const { field, message } = explainIssue(shaped.error, raw);
    throw new InputError(oneLine(`${path}: field ${field}: ${message}`));
  }
  const checked = validateProgram(shaped.data.program);
  if (!checked.ok)
    throw new InputError(formatValidationFailure(path, checked, (shaped.data.program as { steps?: unknown }).steps, 'program.'));
  const c = { ...shaped.data, program: checked.program } as CaseFile;
  for (const key of ['a', 'b'] as const) {
    const knobs = (raw as { sides: Record<string, { knobs?: object }> }).sides[key]!.knobs;
    if (knobs !== undefined && Object.hasOwn(knobs, '__proto__'))
      throw new InputError(`${oneLine(path)}: field sides.${key}.knobs.__proto__: unknown knob id`);
    sideProfile(c.sides[key], key, path);
  }
  const steps = c.program.steps.length;
  for (const side of ['a', 'b'] as const)
    if (c.expected[side].length !== steps)
      throw new InputError(`${oneLine(path)}: field expected.${side}: has ${c.expected[side].length} observations for ${steps} steps`);
  if (c.divergence && c.divergence.step > steps)
    throw new InputError(`${oneLine(path)}: field divergence.step: step ${c.divergence.step} is past the last step (${steps})`);
  return c;
}

/** The `*.json` files of a directory, sorted by name (none when the directory does not exist). */
export function listCaseFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

// ------------------------------------------------------------------------------------------------
// Replaying

const ENGINE_NAMES: readonly EngineName[] = ['model', 'impl'];

/**
 * Re-runs a case: on each side's profile both the model and the impl must produce exactly the
 * expected observations, and the status must still hold (`fixed`: the sides agree under the
 * case's comparison; `known-divergence`: they still differ, at the recorded step).
 */
export function replayCase(c: CaseFile, file = 'the case'): { ok: boolean; problems: string[] } {
  const problems: string[] = [];
  const profiles: Partial<Record<'a' | 'b', Profile>> = {};
  for (const key of ['a', 'b'] as const) {
    try {
      profiles[key] = sideProfile(c.sides[key], key, file);
    } catch (e) {
      problems.push(`side ${key}: ${(e as Error).message}`);
    }
  }
  if (!profiles.a || !profiles.b) return { ok: false, problems };

  for (const key of ['a', 'b'] as const) {
    const profile = profiles[key]!;
    for (const engine of ENGINE_NAMES) {
      const label = `${engine}:${c.sides[key].profile} (side ${key})`;
      let observed: Observation[];
      try {
        observed = runTrace(c.program, { engine, profile }, false).observations;
      } catch (e) {
        problems.push(`${label}: crashed: ${(e as Error).message}`);
        continue;
      }
      // Equal up to a consistent renaming of device blocks, as every comparison is (BlockNames).
      const [wanted, got] = [new BlockNames(), new BlockNames()];
      const i = c.expected[key].findIndex((want, n) => !sameObservation(wanted.observation(want), got.observation(observed[n]!)));
      if (i >= 0)
        problems.push(
          `${label}: step ${i + 1} ${renderStep(c.program.steps[i]!)}: expected ${formatObservation(c.expected[key][i]!)}, got ${formatObservation(observed[i]!)}`,
        );
    }
  }

  const a: Side = { engine: c.sides.a.engine, profile: profiles.a };
  const b: Side = { engine: c.sides.b.engine, profile: profiles.b };
  const pair = `${sideLabel(a)} vs ${sideLabel(b)}`;
  let d;
  try {
    d = firstDivergence(c.program, a, b, c.compare);
  } catch (e) {
    problems.push(`${pair}: crashed while comparing: ${(e as Error).message}`);
    return { ok: false, problems };
  }
  if (c.status === 'fixed' && d)
    problems.push(
      `status fixed, but ${pair} still diverge at step ${d.step + 1} ${renderStep(c.program.steps[d.step]!)} (${d.kind}): ${formatObservation(d.a)} vs ${formatObservation(d.b)}`,
    );
  if (c.status === 'known-divergence') {
    if (!d) problems.push(`status known-divergence, but ${pair} now agree under '${c.compare}' comparison`);
    else if (c.divergence && (d.step + 1 !== c.divergence.step || d.kind !== c.divergence.kind))
      problems.push(
        `${pair} now diverge at step ${d.step + 1} (${d.kind}), recorded at step ${c.divergence.step} (${c.divergence.kind})`,
      );
  }
  return { ok: problems.length === 0, problems };
}

/** The case format as one zod schema (program included), for the JSON Schema shipped in schemas/. */
export function caseJsonShape(program: z.ZodType): z.ZodType {
  return caseShape.extend({ program });
}

/** One observation, as cases and the CLI's JSON documents hold it. */
export const OBSERVATION_SHAPE: z.ZodType = observation;
