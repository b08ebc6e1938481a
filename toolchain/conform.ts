// `mapcheck conform`: measures which reading a real compiler and runtime follow. Observation
// programs (`emit --observe`) are built with a toolchain, run (each with a time limit: an abort is
// an observation), their lines parsed and compared, step by step, with what every built-in profile
// of the program's API and the host-fallback reading predict. Then, for every knob of the API,
// the readings consistent with all observations are inferred, and a measured profile (JSON, with
// the raw observation lines as evidence) and a Markdown report are written.
//
// Phases, so that building and running can happen on different machines (a GPU node without
// Node.js): `build` writes binaries, a manifest and `run-all.sh` into the work directory; `run`
// (the script, or conform itself) leaves NAME.out / NAME.err / NAME.rc beside each binary;
// `collect` reads them back and reports. Without a phase flag conform does all three here.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import fc from 'fast-check';
import type { Observation } from '../lang/observation.js';
import { worldDevices, type Program } from '../lang/program.js';
import { InputError, readJsonFile } from '../lang/validate.js';
import { sourceLanguage } from '../lang/source/source.js';
import type { MacroDefinitions } from '../lang/source/c.js';
import { rejectsMapper } from '../cli/emit/mapper.js';
import { BUILTIN_PROFILES, KNOBS, loadProfile, type KnobId, type Profile } from '../profiles/index.js';
import { programArbFor } from '../properties/api.js';
import { loadEmitInput } from '../cli/emit.js';
import { ObserveEmitError, emitObservationProgram, gccCompatible, type ObservationProgram } from '../cli/emit/observe.js';
import { formatRaw, parseRun, type ParsedRun, type RunOutput } from './observations.js';
import { asLaidOut, compareRun, HOST_FALLBACK, judgeRun, profileTrace, readingName, type Reading, type RunVerdict } from './predict.js';
import { fillTemplate, type Toolchain, type ToolchainApi, type ToolchainLang } from './toolchains.js';

export const LANG_EXT: Record<ToolchainLang, string> = { fortran: 'f90', c: 'c' };

/** One program to measure. */
export interface ConformProgram {
  name: string;
  program: Program;
  /** Where it came from: a file, or `seed S #i`. */
  source: string;
}

/**
 * The programs of a folder (saved cases or program files), by file name, or of one file. `defines`
 * (`conform -D`) are the macros C sources are read with: a lone file takes them as `mapcheck run`
 * does (a Fortran source refuses them), a folder gives them to its C sources only.
 */
export function programsFromDir(dir: string, defines: MacroDefinitions = []): { programs: ConformProgram[]; profiles: string[] } {
  const stat = statSync(dir, { throwIfNoEntry: false });
  if (stat === undefined) throw new InputError(`${dir}: no such file or folder`);
  if (!stat.isFile() && !stat.isDirectory()) throw new InputError(`${dir}: not a program file or a folder of programs`);
  if (stat.isFile()) return { programs: [programFromFile(dir, basename(dir, extname(dir)), defines)], profiles: [] };
  // a folder: its programs and saved cases (.json) and source programs (.f90, .c), less the
  // profile files kept beside them (examples/my-runtime.profile.json)
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json') || (FOLDER_SOURCES.has(extname(f)) && sourceLanguage(f) !== null))
    .sort()
    .map((f) => join(dir, f));
  const profiles = files.filter(isProfileFile);
  const programFiles = files.filter((f) => !profiles.includes(f));
  if (programFiles.length === 0) throw new InputError(`${dir}: no programs, cases or source files (.json, .f90, .c) there`);
  // a source program and a JSON program of one base name (reattach.f90, reattach.c) keep their extension apart
  const stems = programFiles.map((f) => basename(f, extname(f)));
  const named = (f: string, i: number) => (stems.indexOf(stems[i]!) === stems.lastIndexOf(stems[i]!) ? stems[i]! : basename(f).replace(/\./g, '-'));
  return { programs: programFiles.map((f, i) => programFromFile(f, named(f, i), sourceLanguage(f) === 'c' ? defines : [])), profiles };
}

/** Source extensions a folder contributes (headers and fixed-form Fortran are not programs here). */
const FOLDER_SOURCES = new Set(['.f90', '.F90', '.f95', '.F95', '.f03', '.F03', '.f08', '.F08', '.c']);

function programFromFile(path: string, name: string, defines: MacroDefinitions): ConformProgram {
  return { name, program: loadEmitInput(path, defines).program, source: path };
}

/** A JSON file that is a profile (`extends` / `knobs`, no program in it), not a program or a case. */
function isProfileFile(path: string): boolean {
  if (!path.endsWith('.json')) return false;
  const raw = readJsonFile(path);
  return typeof raw === 'object' && raw !== null && !('steps' in raw) && !('program' in raw) && ('knobs' in raw || 'extends' in raw);
}

/**
 * A generated batch: the first `count` programs of `api` from `seed` (the fuzzers' generators).
 * The generators draw no construct GCC 12 rejects (lang/directive-vars.ts), and emit writes the
 * enter / exit data directives it rejects whole as directives it accepts (cli/emit/observe.ts
 * gccCompatible); a program that still cannot be written so is skipped and counted (none is
 * expected: .ci/run fails on a skip). With `devices` (the machine's non-host devices, `conform
 * --devices`), a program naming a device of its world at or past that count is set aside and
 * counted too, since judge() could not use its run: the batch is then the first `count` programs
 * that fit the machine, each keeping its index in the seed's sequence (`gen-SEED-i`).
 */
export function programsFromSeed(
  seed: number,
  count: number,
  api: ToolchainApi | 'both',
  maxSteps?: number,
  devices?: number,
): { programs: ConformProgram[]; skipped: number; setAside: number } {
  const arb = programArbFor(api, maxSteps === undefined ? {} : { maxSteps });
  // most OpenMP worlds have three devices: drawing 8 per wanted program leaves room for a filter
  const drawn = fc.sample(arb, { seed, numRuns: count * (devices === undefined ? 4 : 8) });
  const width = String(count * 4).length;
  const programs: ConformProgram[] = [];
  let skipped = 0;
  let setAside = 0;
  for (const [i, program] of drawn.entries()) {
    if (programs.length === count) break;
    if (devices !== undefined && worldDevicesUsed(program).some((d) => d >= devices)) {
      setAside++;
      continue;
    }
    try {
      gccCompatible(program);
    } catch (e) {
      if (!(e instanceof ObserveEmitError)) throw e;
      skipped++;
      continue;
    }
    programs.push({ name: `gen-${seed}-${String(i + 1).padStart(width, '0')}`, program, source: `seed ${seed} #${i + 1}` });
  }
  return { programs, skipped, setAside };
}

export function programApi(p: Program): ToolchainApi {
  return p.steps.some((s) => s.op.startsWith('omp_')) ? 'openmp' : 'openacc';
}

// ------------------------------------------------------------------------------------------------
// Units: one program in one language

export type UnitStatus =
  | { kind: 'not-emitted'; reason: string }
  | { kind: 'not-for-toolchain'; reason: string }
  | { kind: 'build-failed'; reason: string }
  | { kind: 'missing-routine'; routines: string[] }
  | { kind: 'built' }
  | { kind: 'not-run'; reason: string }
  | { kind: 'ran'; run: ParsedRun; output: RunOutput };

export interface Unit {
  id: string;
  program: ConformProgram;
  lang: ToolchainLang;
  api: ToolchainApi;
  emitted: ObservationProgram | null;
  status: UnitStatus;
}

export interface ManifestEntry {
  id: string;
  name: string;
  source: string;
  lang: ToolchainLang;
  api: ToolchainApi;
  program: Program;
  written: number[];
  status: Exclude<UnitStatus, { kind: 'ran' }>;
}

export interface Manifest {
  format: 'mapcheck-conform/1';
  toolchain: Toolchain;
  units: ManifestEntry[];
}

function unitId(p: ConformProgram, lang: ToolchainLang): string {
  return `${p.name}-${lang}`;
}

/** Emits every program in every language the toolchain builds for its API. */
export function emitUnits(programs: ConformProgram[], toolchain: Toolchain, langs: readonly ToolchainLang[], throughUndefined = false): Unit[] {
  const units: Unit[] = [];
  for (const p of programs) {
    const api = programApi(p.program);
    for (const lang of langs) {
      const base = { id: unitId(p, lang), program: p, lang, api, emitted: null };
      const command = toolchain.compile[api]?.[lang];
      if (!command) {
        units.push({ ...base, status: { kind: 'not-for-toolchain', reason: `toolchain ${toolchain.name} builds no ${api === 'openacc' ? 'OpenACC' : 'OpenMP'} ${lang === 'c' ? 'C' : 'Fortran'}` } });
        continue;
      }
      try {
        const emitted = emitObservationProgram(p.program, { lang, api, source: p.source, throughUndefined });
        units.push({ ...base, emitted, status: { kind: 'built' } });
      } catch (e) {
        if (!(e instanceof ObserveEmitError)) throw e;
        units.push({ ...base, status: { kind: 'not-emitted', reason: e.message } });
      }
    }
  }
  return units;
}

interface Spawned {
  stdout: string;
  stderr: string;
  exit: number | string | null;
  timedOut: boolean;
  error: string | null;
}

function run(argv: string[], env: NodeJS.ProcessEnv, timeoutMs: number, cwd?: string): Promise<Spawned> {
  return new Promise((resolve) => {
    const [cmd, ...args] = argv;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(cmd!, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (e) {
      // Some spawn failures are thrown, not emitted (e.g. ELOOP while PATH changes under us).
      resolve({ stdout: '', stderr: '', exit: null, timedOut: false, error: (e as Error).message });
      return;
    }
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-1_000_000)));
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-100_000)));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exit: null, timedOut: false, error: e.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, exit: timedOut ? null : (code ?? signal ?? null), timedOut, error: null });
    });
  });
}

/** Runs `task` over `items` with at most `jobs` at a time. */
async function pool<T>(items: T[], jobs: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
}

const MISSING_ROUTINE = /undefined reference to `((?:omp|acc)_\w+)'/g;

/** Writes and builds every emitted unit into `dir` (in parallel); statuses say what happened. */
export async function buildUnits(units: Unit[], toolchain: Toolchain, dir: string, jobs: number): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const todo = units.filter((u) => u.emitted !== null && u.status.kind === 'built');
  await pool(todo, jobs, async (u) => {
    const source = join(dir, `${u.id}.${LANG_EXT[u.lang]}`);
    const binary = join(dir, u.id);
    writeFileSync(source, u.emitted!.text);
    const argv = fillTemplate(toolchain.compile[u.api]![u.lang]!, { source, binary });
    const r = await run(argv, process.env, 300_000);
    if (r.error) {
      u.status = { kind: 'build-failed', reason: `${argv[0]}: ${r.error}` };
      return;
    }
    if (r.exit !== 0) {
      const text = `${r.stdout}${r.stderr}`;
      const routines = [...new Set([...text.matchAll(MISSING_ROUTINE)].map((m) => m[1]!))];
      // GCC 12 rejects declare mapper (K-B43, measured): the toolchain cannot build the program at all.
      if (rejectsMapper(u.program.program.world, text))
        u.status = { kind: 'not-for-toolchain', reason: `the compiler rejects declare mapper (${firstError(text)})` };
      else u.status = routines.length > 0 ? { kind: 'missing-routine', routines } : { kind: 'build-failed', reason: firstError(text) };
    }
  });
}

function firstError(text: string): string {
  const lines = text.split('\n').map((l) => l.trim());
  const error = lines.find((l) => /error|fatal/i.test(l)) ?? lines.find((l) => l !== '') ?? '(no output)';
  return error.slice(0, 300);
}

/** Runs every built unit here (in parallel), each with the toolchain's environment and a time limit. */
export async function runUnits(units: Unit[], toolchain: Toolchain, dir: string, jobs: number, timeoutMs: number): Promise<void> {
  const env = { ...process.env, ...toolchain.env };
  await pool(
    units.filter((u) => u.status.kind === 'built'),
    jobs,
    async (u) => {
      const argv = fillTemplate(toolchain.run, { binary: join(dir, u.id) });
      const r = await run(argv, env, timeoutMs);
      if (r.error) {
        u.status = { kind: 'not-run', reason: r.error };
        return;
      }
      const output: RunOutput = { stdout: r.stdout, stderr: r.stderr, exit: r.exit, timedOut: r.timedOut };
      u.status = { kind: 'ran', output, run: parseRun(output, u.emitted!.written) };
    },
  );
}

/** The manifest and the shell script that runs every built binary elsewhere (a GPU node). */
export function writeBuildDir(units: Unit[], toolchain: Toolchain, dir: string, timeoutMs: number): void {
  const manifest: Manifest = {
    format: 'mapcheck-conform/1',
    toolchain,
    units: units.map((u) => ({
      id: u.id,
      name: u.program.name,
      source: u.program.source,
      lang: u.lang,
      api: u.api,
      program: u.emitted?.full ?? u.program.program,
      written: u.emitted?.written ?? [],
      status: u.status.kind === 'ran' ? { kind: 'built' } : u.status,
    })),
  };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  const seconds = Math.ceil(timeoutMs / 1000);
  const env = Object.entries(toolchain.env).map(([k, v]) => `export ${k}=${shellWord(v)}`);
  const ids = units.filter((u) => u.status.kind === 'built').map((u) => u.id);
  const script = [
    '#!/usr/bin/env bash',
    '# Runs every binary conform built here; each leaves ID.out, ID.err and ID.rc. Generated by mapcheck conform.',
    '# JOBS (default 1) runs that many at a time.',
    'cd "$(dirname "$0")"',
    ...env,
    `one() { timeout -s KILL ${seconds} ./"$1" > "$1.out" 2> "$1.err"; echo $? > "$1.rc"; }`,
    'export -f one',
    `printf '%s\\n' ${ids.join(' ')} | xargs -P "\${JOBS:-1}" -I{} bash -c 'one {}'`,
    '',
  ];
  writeFileSync(join(dir, 'run-all.sh'), script.join('\n'), { mode: 0o755 });
}

function shellWord(v: string): string {
  return `'${v.replace(/'/g, `'\\''`)}'`;
}

/** Units from a build directory whose binaries ran elsewhere (ID.out / ID.err / ID.rc beside them). */
export function collectUnits(dir: string): { toolchain: Toolchain; units: Unit[] } {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new InputError(`${dir}: no manifest.json (build it first with conform --build-only --work ${dir})`);
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (manifest.format !== 'mapcheck-conform/1') throw new InputError(`${path}: field format: expected mapcheck-conform/1`);
  const units = manifest.units.map((m): Unit => {
    const program: ConformProgram = { name: m.name, program: m.program, source: m.source };
    const emitted: ObservationProgram = { text: '', full: m.program, written: m.written };
    const base = { id: m.id, program, lang: m.lang, api: m.api, emitted };
    if (m.status.kind !== 'built') return { ...base, status: m.status };
    const rc = join(dir, `${m.id}.rc`);
    if (!existsSync(rc)) return { ...base, status: { kind: 'not-run', reason: `no ${m.id}.rc: the binary was not run` } };
    const code = Number(readFileSync(rc, 'utf8').trim());
    const output: RunOutput = {
      stdout: readIf(join(dir, `${m.id}.out`)),
      stderr: readIf(join(dir, `${m.id}.err`)),
      // timeout -s KILL exits 137; a signal inside the program shows as 128 + signal too.
      exit: code === 137 ? 'SIGKILL' : code > 128 ? `signal ${code - 128}` : code,
      timedOut: code === 137,
    };
    return { ...base, status: { kind: 'ran', output, run: parseRun(output, m.written) } };
  });
  return { toolchain: manifest.toolchain, units };
}

function readIf(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

// ------------------------------------------------------------------------------------------------
// Readings, verdicts, inference

/** The readings every unit of `api` is compared with: its built-in profiles and the host fallback. */
export function readingsFor(api: ToolchainApi, hostRuntime?: string): Reading[] {
  const prefix = api === 'openacc' ? 'K-A' : 'K-B';
  // A profile that sets none of this API's knobs itself reads it as the profile it extends does: not listed again.
  const relevant = BUILTIN_PROFILES.filter((p) => p.name === 'spec' || Object.keys(p.knobs).some((k) => k.startsWith(prefix)));
  return [...relevant.map((p): Reading => ({ kind: 'profile', profile: loadProfile(p.name) })), { kind: 'host-fallback', runtime: hostRuntime }];
}

export interface UnitResult {
  unit: Unit;
  /** Reading name → verdict, for units that ran. */
  verdicts: Map<string, RunVerdict>;
}

/** A run that stopped because the machine lacks a device the program names (an OpenMP world of several devices on a one-GPU node). */
// "invalid device address" is not one: the nvptx plugin's answer to a copy from a null device
// pointer the program passed (acc_memcpy_from_device of acc_deviceptr's null), a run like any other.
const MISSING_DEVICE = /device not found|device number \d+ out of range|invalid device(?! address)/i;

/** A run whose device image the runtime could not load (before the probe kernel: GCC 12 C with declare on file-scope arrays). */
const IMAGE_NOT_LOADED = /Cannot map target variables/;

/**
 * The device numbers a program passes to constructs and routines that name a device of its world
 * (0 … n-1; the initial device n and the negative names are left out).
 */
export function worldDevicesUsed(program: Program): number[] {
  const n = worldDevices(program.world).length;
  const used = new Set<number>();
  for (const step of program.steps)
    for (const [key, value] of Object.entries(step)) if (/device$/.test(key) && typeof value === 'number' && value >= 0 && value < n) used.add(value);
  return [...used].sort((a, b) => a - b);
}

/**
 * Verdicts of every reading for every unit that ran. A run that aborted because the machine lacks
 * a device the program uses says nothing about the runtime: it becomes `not-run`, with the reason.
 * So does a run on a machine of `devices` non-host devices (when known) of a program that names
 * a device number of its world at or past that count: on the machine that number is the initial
 * device (libgomp: device n = omp_get_num_devices() is the host) or no device at all, so the run
 * measures something other than the program's world. `hostRuntime`: the profile of the libgomp a
 * host-fallback build linked (toolchain/host.ts gccRuntimeProfile; default `libgomp`). `extra`:
 * profiles judged beside the built-in readings (`conform --base FILE.json`: a profile of one's own).
 */
export function judge(units: Unit[], devices?: number, hostRuntime?: string, extra: readonly Profile[] = []): UnitResult[] {
  const more = extra.map((profile): Reading => ({ kind: 'profile', profile }));
  const readings = { openacc: [...readingsFor('openacc', hostRuntime), ...more], openmp: [...readingsFor('openmp', hostRuntime), ...more] };
  setAside(units, devices);
  return units.map((unit) => {
    const verdicts = new Map<string, RunVerdict>();
    if (unit.status.kind === 'ran') {
      const { full, written } = unit.emitted!;
      for (const r of readings[unit.api]) verdicts.set(readingName(r), judgeRun(full, written, r, unit.status.run));
    }
    return { unit, verdicts };
  });
}

/**
 * judge()'s first part alone: marks `not-run` the runs that are no run of their world (a device the
 * machine lacks, a device image the runtime could not load, a device of the world past `devices`);
 * the units, for a caller that judges the rest under readings of its own.
 */
export function setAside(units: Unit[], devices?: number): Unit[] {
  for (const unit of units) {
    const s = unit.status;
    if (s.kind !== 'ran') continue;
    const abort = [...s.run.steps.values()].find((o) => o.kind === 'abort');
    if (abort?.kind === 'abort' && MISSING_DEVICE.test(abort.message)) {
      unit.status = { kind: 'not-run', reason: `the machine lacks a device the program uses (${abort.message})` };
      continue;
    }
    if (s.run.offload !== true && IMAGE_NOT_LOADED.test(s.output.stderr)) {
      unit.status = { kind: 'not-run', reason: `the runtime could not load the program's device image (${s.output.stderr.trim().split('\n').at(-1)})` };
      continue;
    }
    const beyond = devices === undefined ? [] : worldDevicesUsed(unit.emitted?.full ?? unit.program.program).filter((d) => d >= devices);
    if (beyond.length > 0)
      unit.status = { kind: 'not-run', reason: `the machine has ${devices} non-host device${devices === 1 ? '' : 's'}; the program uses device ${beyond.join(', ')} of its world` };
  }
  return units;
}

export type KnobInference =
  | { knob: KnobId; kind: 'inferred'; reading: string; evidence: Evidence[] }
  | { knob: KnobId; kind: 'undetermined'; readings: string[]; evidence: Evidence[] }
  | { knob: KnobId; kind: 'contradictory'; evidence: Evidence[] }
  | { knob: KnobId; kind: 'not-reached' };

/** One observation that tells readings apart: [program unit, step, what was observed]. */
export type Evidence = [string, number, string];

/**
 * For every knob of the API: the readings consistent with every informative observation. Each
 * reading is the base profile with that one knob changed. A unit informs a knob when its readings
 * predict differently at some written step d and no reading already disagrees before d; a reading
 * is consistent with it when its prediction agrees with the run up to and including d.
 */
export function inferKnobs(results: UnitResult[], api: ToolchainApi, base: Profile, only?: readonly KnobId[]): KnobInference[] {
  const prefix = api === 'openacc' ? 'K-A' : 'K-B';
  const ran = results.filter((r) => r.unit.api === api && r.unit.status.kind === 'ran');
  // each run's program laid out as it printed its objects, once for every knob
  const laidOut = new Map(ran.map(({ unit }) => [unit, asLaidOut(unit.emitted!.full, (unit.status as Extract<UnitStatus, { kind: 'ran' }>).run)]));
  // each run's prediction under the base and the knobs it read: a knob the base's prediction
  // never read predicts the same under every reading (profileTrace), so the run cannot tell its
  // readings apart and is not predicted again for it
  const underBase = new Map<Unit, { observations: Observation[]; knobsRead: Set<string> }>();
  const baseTrace = (unit: Unit) => {
    let t = underBase.get(unit);
    if (t === undefined) {
      const knobsRead = new Set<string>();
      t = { observations: profileTrace(laidOut.get(unit)!.program, base, knobsRead), knobsRead };
      underBase.set(unit, t);
    }
    return t;
  };
  const out: KnobInference[] = [];
  for (const def of KNOBS) {
    // K-C knobs concern both APIs
    if (!(def.id.startsWith(prefix) || def.id.startsWith('K-C')) || (only && !only.includes(def.id))) continue;
    const readings = def.readings.map((r) => r.id);
    const consistent = new Set(readings);
    const evidence: Evidence[] = [];
    let informed = false;
    for (const { unit } of ran) {
      const { written } = unit.emitted!;
      const laid = laidOut.get(unit)!;
      const run = laid.run;
      const traced = baseTrace(unit);
      if (!traced.knobsRead.has(def.id)) continue;
      const preds = readings.map((reading) =>
        reading === base.knobs[def.id] ? traced.observations : profileTrace(laid.program, withKnob(base, def.id, reading)),
      );
      const verdicts = preds.map((p) => compareRun(laid.program.world, written, p, laid.run, laid.program.steps));
      const firstBad = (v: RunVerdict) => (v.first ? v.first.step : Infinity);
      // The readings this run has not refuted yet: at the first step where they predict apart, the
      // run refutes those wrong by then; the rest are told apart again at their next such step
      // (with three readings, the one step where one of them stops the program would otherwise
      // hide the step after it where the other two differ).
      let alive = readings.map((_, i) => i);
      while (alive.length > 1) {
        const d = written.find((k) => alive.some((i) => !sameObservation(preds[i]![k - 1]!, preds[alive[0]!]![k - 1]!)));
        if (d === undefined) break;
        if (alive.every((i) => firstBad(verdicts[i]!) < d)) break; // something before d already differs from every reading left
        informed = true;
        const observed = run.steps.get(d);
        evidence.push([unit.id, d, observed ? formatRaw(observed) : 'missing']);
        const refuted = alive.filter((i) => firstBad(verdicts[i]!) <= d);
        for (const i of refuted) consistent.delete(readings[i]!);
        if (refuted.length === 0) break;
        alive = alive.filter((i) => !refuted.includes(i));
      }
    }
    if (!informed) out.push({ knob: def.id, kind: 'not-reached' });
    else if (consistent.size === 1) out.push({ knob: def.id, kind: 'inferred', reading: [...consistent][0]!, evidence });
    else if (consistent.size === 0) out.push({ knob: def.id, kind: 'contradictory', evidence });
    else out.push({ knob: def.id, kind: 'undetermined', readings: [...consistent], evidence });
  }
  return out;
}

function sameObservation(a: Observation, b: Observation): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function withKnob(base: Profile, knob: KnobId, reading: string): Profile {
  return { ...base, name: `${base.name}+${knob}=${reading}`, knobs: { ...base.knobs, [knob]: reading } as Profile['knobs'] };
}

// ------------------------------------------------------------------------------------------------
// Totals, the measured profile and the report

export interface Totals {
  programs: number;
  units: number;
  notEmitted: number;
  notForToolchain: number;
  buildFailed: number;
  missingRoutine: number;
  notRun: number;
  ran: number;
  offloaded: number;
  /** Units that ran and agree with the given reading / disagree with it. */
  agree: number;
  disagree: number;
}

/**
 * The reading each unit is judged by in the headline: one name, or a name per unit (a toolchain
 * whose C runs follow their own front end's profile, Toolchain.profiles).
 */
export type MainReading = string | ((unit: Unit) => string);

const readingOf = (main: MainReading, unit: Unit): string => (typeof main === 'string' ? main : main(unit));

/** The name of the main reading in prose: `gcc-12`, or `gcc-12 (C: gcc-12-c)`. */
export function mainReadingLabel(toolchain: Toolchain, base: Profile, byLang: LanguageProfiles): string {
  if (toolchain.hostFallback) return HOST_FALLBACK;
  const others = (Object.entries(byLang) as [ToolchainLang, Profile][]).filter(([, p]) => p.name !== base.name);
  return others.length === 0 ? base.name : `${base.name} (${others.map(([lang, p]) => `${lang === 'c' ? 'C' : 'Fortran'}: ${p.name}`).join(', ')})`;
}

/** Toolchain.profiles loaded: the profile of each language whose runs are not judged by the base. */
export type LanguageProfiles = Partial<Record<ToolchainLang, Profile>>;

export function languageProfiles(toolchain: Toolchain): LanguageProfiles {
  return Object.fromEntries(Object.entries(toolchain.profiles ?? {}).map(([lang, p]) => [lang, loadProfile(p)]));
}

/** The headline reading of every unit: the host fallback, or the base with each language's own profile. */
export function mainReading(toolchain: Toolchain, base: Profile, byLang: LanguageProfiles): MainReading {
  if (toolchain.hostFallback) return HOST_FALLBACK;
  if (Object.keys(byLang).length === 0) return base.name;
  return (unit) => byLang[unit.lang]?.name ?? base.name;
}

export function totals(results: UnitResult[], reading: MainReading): Totals {
  const t: Totals = { programs: new Set(results.map((r) => r.unit.program.name)).size, units: results.length, notEmitted: 0, notForToolchain: 0, buildFailed: 0, missingRoutine: 0, notRun: 0, ran: 0, offloaded: 0, agree: 0, disagree: 0 };
  for (const { unit, verdicts } of results) {
    const s = unit.status;
    if (s.kind === 'not-emitted') t.notEmitted++;
    else if (s.kind === 'not-for-toolchain') t.notForToolchain++;
    else if (s.kind === 'build-failed') t.buildFailed++;
    else if (s.kind === 'missing-routine') t.missingRoutine++;
    else if (s.kind === 'not-run' || s.kind === 'built') t.notRun++;
    else {
      t.ran++;
      if (s.run.offload) t.offloaded++;
      const v = verdicts.get(readingOf(reading, unit));
      if (v?.agree) t.agree++;
      else if (v) t.disagree++;
    }
  }
  return t;
}

/** One run as measured: the program as written, its written steps and the raw MAPCHECK lines. */
export interface MeasuredRun {
  id: string;
  lang: ToolchainLang;
  program: Program;
  written: number[];
  exit: number | string | null;
  timedOut: boolean;
  lines: string[];
  stderr: string;
}

/**
 * A measured profile: loadable wherever a profile is (`{name, extends, knobs}`; each knob's
 * evidence is the list of [unit, step, observed] that decided it), plus what was measured. The raw
 * runs live beside it in `<name>.runs.json` (profile files are kept small).
 */
export interface MeasuredProfile {
  name: string;
  description: string;
  extends: string;
  knobs: Record<string, { reading: string; evidence: Evidence[] }>;
  measured: {
    toolchain: string;
    date: string;
    /** The file beside this one holding every run's raw output lines. */
    runsFile: string;
    /** Non-host devices of the machine the runs ran on (units naming a device past them are not judged). */
    devices?: number;
    undetermined: Record<string, { readings: string[] | null; evidence: Evidence[] }>;
    /** Per reading: the units that ran and disagree with it (first step and why). */
    disagreements: Record<string, [string, number, string][]>;
  };
}

export function measuredProfile(
  name: string,
  toolchain: Toolchain,
  base: Profile,
  results: UnitResult[],
  inferences: KnobInference[],
  date: string,
  runsFile: string,
  devices?: number,
): MeasuredProfile {
  const knobs: MeasuredProfile['knobs'] = {};
  const undetermined: MeasuredProfile['measured']['undetermined'] = {};
  for (const inf of inferences) {
    if (inf.kind === 'inferred') knobs[inf.knob] = { reading: inf.reading, evidence: inf.evidence };
    else if (inf.kind === 'undetermined') undetermined[inf.knob] = { readings: inf.readings, evidence: inf.evidence };
    else if (inf.kind === 'contradictory') undetermined[inf.knob] = { readings: null, evidence: inf.evidence };
  }
  return {
    name,
    description: `measured with mapcheck conform, toolchain ${toolchain.name} (${toolchain.description}), on ${date}`,
    extends: base.name,
    knobs,
    measured: { toolchain: toolchain.name, date, runsFile, ...(devices !== undefined && { devices }), undetermined, disagreements: disagreementsOf(results) },
  };
}

/** Every unit that ran, with its raw output lines. */
export function measuredRuns(results: UnitResult[]): MeasuredRun[] {
  return results.flatMap(({ unit }) => {
    if (unit.status.kind !== 'ran') return [];
    const o = unit.status.output;
    return [
      {
        id: unit.id,
        lang: unit.lang,
        program: unit.emitted!.full,
        written: unit.emitted!.written,
        exit: o.exit,
        timedOut: o.timedOut,
        lines: o.stdout.split('\n').filter((l) => l.startsWith('MAPCHECK')),
        stderr: o.stderr.slice(-200),
      },
    ];
  });
}

/** One run per line, so the data stays readable and diffs stay small. */
export function measuredRunsText(runs: MeasuredRun[]): string {
  return `[\n${runs.map((r) => ` ${JSON.stringify(r)}`).join(',\n')}\n]\n`;
}

export function disagreementsOf(results: UnitResult[]): Record<string, [string, number, string][]> {
  const out: Record<string, [string, number, string][]> = {};
  for (const { unit, verdicts } of results)
    for (const [reading, v] of verdicts) if (!v.agree) (out[reading] ??= []).push([unit.id, v.first!.step, v.first!.why ?? '']);
  return out;
}

/** Units re-made from a measured profile's raw lines (for replaying a measurement without a GPU). */
export function unitsFromMeasured(runs: MeasuredRun[]): Unit[] {
  return runs.map((r) => {
    const output: RunOutput = { stdout: `${r.lines.join('\n')}\n`, stderr: r.stderr, exit: r.exit, timedOut: r.timedOut };
    const program: ConformProgram = { name: r.id.replace(/-(fortran|c)$/, ''), program: r.program, source: r.id };
    return {
      id: r.id,
      program,
      lang: r.lang,
      api: programApi(r.program),
      emitted: { text: '', full: r.program, written: r.written },
      status: { kind: 'ran', output, run: parseRun(output, r.written) },
    };
  });
}

function describeStatus(s: UnitStatus): string {
  switch (s.kind) {
    case 'not-emitted':
      return `not emitted: ${s.reason}`;
    case 'not-for-toolchain':
      return s.reason;
    case 'build-failed':
      return `build failed: ${s.reason}`;
    case 'missing-routine':
      return `built, not linked: the runtime lacks ${s.routines.join(', ')}`;
    case 'built':
      return 'built, not run';
    case 'not-run':
      return `not run: ${s.reason}`;
    case 'ran':
      return s.output.timedOut ? 'ran (time limit)' : `ran (exit ${s.output.exit})`;
  }
}

const md = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownReport(toolchain: Toolchain, base: Profile, results: UnitResult[], inferences: KnobInference[], byLang: LanguageProfiles = {}): string {
  const main = mainReading(toolchain, base, byLang);
  const label = mainReadingLabel(toolchain, base, byLang);
  const t = totals(results, main);
  const lines = [
    `# mapcheck conform: ${toolchain.name}`,
    '',
    `${toolchain.description}. Profile the runtime is believed to follow: \`${label}\`; runs ${toolchain.hostFallback ? 'on the host fallback (device memory is host memory)' : 'with offloading'}.`,
    '',
    '## Totals',
    '',
    `- programs: ${t.programs}; units (program × language): ${t.units}`,
    `- not emitted: ${t.notEmitted}; not for this toolchain: ${t.notForToolchain}; build failed: ${t.buildFailed}; runtime lacks a routine: ${t.missingRoutine}; built but not run: ${t.notRun}`,
    `- ran: ${t.ran}, of which a probe kernel ran on a non-host device: ${t.offloaded}`,
    `- agree with \`${label}\`: ${t.agree}; disagree: ${t.disagree}`,
    '',
  ];
  const readings = [...new Set(results.flatMap((r) => [...r.verdicts.keys()]))];
  lines.push('## Agreement per reading', '', '| reading | units that agree | disagree |', '|---|---|---|');
  for (const name of readings) {
    const tt = totals(results, name);
    lines.push(`| \`${name}\` | ${tt.agree} | ${tt.disagree} |`);
  }
  lines.push('', '## Knob readings inferred from the runs', '', '| knob | inferred | evidence (unit, step, observed) |', '|---|---|---|');
  for (const inf of inferences) {
    if (inf.kind === 'not-reached') continue;
    const what = inf.kind === 'inferred' ? `**${inf.reading}**` : inf.kind === 'undetermined' ? `one of ${inf.readings.join(', ')}` : 'contradictory: no single reading fits';
    const ev = inf.evidence.slice(0, 4).map(([u, s, o]) => `${u} step ${s}: ${o}`);
    lines.push(`| ${inf.knob} | ${what} | ${md(ev.join('; '))}${inf.evidence.length > 4 ? `; … (${inf.evidence.length} in all)` : ''} |`);
  }
  const notReached = inferences.filter((i) => i.kind === 'not-reached').map((i) => i.knob);
  if (notReached.length > 0) lines.push('', `Not reached by these programs: ${notReached.join(', ')}.`);
  lines.push('', `## Units where \`${label}\` disagrees`, '');
  const bad = results.filter((r) => r.verdicts.get(readingOf(main, r.unit)) && !r.verdicts.get(readingOf(main, r.unit))!.agree);
  if (bad.length === 0) lines.push('None.');
  for (const r of bad) {
    const v = r.verdicts.get(readingOf(main, r.unit))!.first!;
    const agreeing = [...r.verdicts.entries()].filter(([, x]) => x.agree).map(([n]) => n);
    lines.push(`- ${r.unit.id} (${r.unit.program.source}): step ${v.step}: ${md(v.why ?? '')}; readings that agree: ${agreeing.length > 0 ? agreeing.join(', ') : 'none'}`);
  }
  lines.push('', '## Every unit', '', `| unit | status | offload | readings that predict every step |`, '|---|---|---|---|');
  for (const r of results) {
    const s = r.unit.status;
    const agreeing = [...r.verdicts.entries()].filter(([, x]) => x.agree).map(([n]) => `\`${n}\``);
    const offload = s.kind === 'ran' ? (s.run.offload === null ? '?' : s.run.offload ? 'device' : 'host') : '';
    lines.push(`| ${r.unit.id} | ${md(describeStatus(s))} | ${offload} | ${s.kind === 'ran' ? agreeing.join(', ') || 'none' : ''} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Short summary lines for the terminal. */
export function summaryLines(toolchain: Toolchain, base: Profile, results: UnitResult[], inferences: KnobInference[], byLang: LanguageProfiles = {}): string[] {
  const main = mainReading(toolchain, base, byLang);
  const t = totals(results, main);
  const out = [
    `${t.programs} programs, ${t.units} units: ${t.notEmitted} not emitted, ${t.notForToolchain} not for ${toolchain.name}, ${t.buildFailed} build failed, ${t.missingRoutine} runtime lacks a routine, ${t.notRun} not run, ${t.ran} ran (${t.offloaded} offloaded)`,
    `${mainReadingLabel(toolchain, base, byLang)}: ${t.agree} agree, ${t.disagree} disagree`,
  ];
  for (const r of results) {
    const s = r.unit.status;
    if (s.kind === 'build-failed' || s.kind === 'not-emitted' || s.kind === 'not-run') out.push(`  ${r.unit.id}: ${describeStatus(s)}`);
    const reading = readingOf(main, r.unit);
    const v = r.verdicts.get(reading);
    if (v && !v.agree) out.push(`  ${r.unit.id}: disagrees with ${reading} at step ${v.first!.step}: ${v.first!.why}`);
  }
  for (const inf of inferences)
    if (inf.kind === 'inferred') out.push(`  ${inf.knob} = ${inf.reading} (${inf.evidence.length} observations)`);
    else if (inf.kind === 'undetermined') out.push(`  ${inf.knob}: one of ${inf.readings.join(', ')}`);
    else if (inf.kind === 'contradictory') out.push(`  ${inf.knob}: contradictory`);
  return out;
}

export { DEFAULT_JOBS } from './jobs.js';
