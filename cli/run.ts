// `mapcheck run PROGRAM… --profile spec,cray-19,…` across runtimes: one table, a row per step and a
// column per profile, cells that differ from the first profile marked; `--result` folds each
// program to its last observation (a row per program, the seed study's table). `mapcheck case
// PROGRAM --sides A,B` turns a program into a saved case. Both warn when a profile records no
// evidence for the program's API (its column then just shows the spec's readings).

import { surfaceText } from '../lang/plain-pointers.js';
import type { Program, StepOp } from '../lang/program.js';
import { formatObservation, type Observation, type Snapshot } from '../lang/observation.js';
import type { EngineName } from '../lang/engine.js';
import { InputError, loadProgramFile } from '../lang/validate.js';
import { KNOBS, compilerProfileLanguage, compilerProfiles, loadProfileArg, type Profile } from '../profiles/index.js';
import { definesNote, sourceLanguage } from '../lang/source/source.js';
import { BlockNames, firstDivergence, runTrace, sameObservation, type CompareMode, type Side } from '../properties/compare.js';
import { buildCase, writeFileAtomic, type CaseFile } from '../counterexamples/case.js';
import { renderSnapshot, renderStep, table } from './render.js';
import { legend, withWorld } from './world.js';
import { SCHEMA_VERSION } from './io.js';

export { SCHEMA_VERSION };

export type ProgramApi = 'openacc' | 'openmp';

/** The API a program uses (a program uses one), or null when it has no directive or routine step. */
export function programApi(program: Program): ProgramApi | null {
  const op = program.steps.find((s) => s.op.startsWith('acc_') || s.op.startsWith('omp_'))?.op as StepOp | undefined;
  return op === undefined ? null : op.startsWith('acc_') ? 'openacc' : 'openmp';
}

const API_KNOB_PREFIX: Record<ProgramApi, string> = { openacc: 'K-A', openmp: 'K-B' };
const API_NAME: Record<ProgramApi, string> = { openacc: 'OpenACC', openmp: 'OpenMP' };

/**
 * A warning when `profile` is a runtime's profile that sets none of the knobs of the program's API:
 * what it shows for this program is the spec's reading, not evidence about that runtime.
 */
export function evidenceWarning(profile: Profile, api: ProgramApi | null): string | null {
  if (api === null || profile.name === 'spec') return null;
  const prefix = API_KNOB_PREFIX[api];
  const knobs = KNOBS.filter((k) => k.id.startsWith(prefix));
  if (knobs.some((k) => profile.settings[k.id] !== null)) return null;
  return `warning: profile ${profile.name} records no evidence for ${API_NAME[api]} (it sets none of the ${prefix}* knobs): its column shows the spec's readings for this program`;
}

/**
 * `spec,cray-19` → profile names, each loaded (bad names are exit-2 errors). `compilers` stands for
 * every runtime's profile (compilerProfiles); those are marked `optional`: left out of a table
 * where they have no reading of the program's API.
 */
export function parseProfileList(raw: string): { ref: string; profile: Profile; optional?: true }[] {
  const refs = raw.split(',').map((s) => s.trim());
  if (refs.some((r) => r === '')) throw new InputError(`--profile ${raw}: an empty profile name in the list`);
  return refs.flatMap((ref) =>
    ref === 'compilers'
      ? compilerProfiles().map((name) => ({ ref: name, profile: loadProfileArg(name, '--profile compilers'), optional: true as const }))
      : [{ ref, profile: loadProfileArg(ref, '--profile') }],
  );
}

export interface RunOptions {
  profile: string;
  engine: EngineName;
  json?: boolean;
  state?: boolean;
  /** Only each program's last observation: a row per program, a column per profile. */
  result?: boolean;
  /** `-D NAME[=VALUE]`: macros defined before each C source's first line (as `mapcheck import -D`). */
  define?: [string, string][];
}

interface Io {
  out(text: string): void;
  err(text: string): void;
}

/** Per column, whether each step's observation differs from the first column's (up to block renaming). */
function differsFromFirst(columns: Observation[][]): boolean[][] {
  const first = columns[0]!;
  return columns.map((col, k) => {
    if (k === 0) return col.map(() => false);
    const [x, y] = [new BlockNames(), new BlockNames()];
    return col.map((o, i) => !sameObservation(x.observation(first[i]!), y.observation(o)));
  });
}

/** A program's result: its last observation, or the error that halted it and where. */
function resultCell(observations: Observation[]): string {
  const last = observations.length - 1;
  if (observations[last]?.kind !== 'halted') return formatObservation(observations[last]!);
  const stop = observations.findIndex((o) => o.kind === 'halted') - 1;
  return stop < 0 ? 'halted' : `${formatObservation(observations[stop]!)} (step ${stop + 1})`;
}

export interface RunColumn {
  profile: string;
  observations: Observation[];
  snapshots?: Snapshot[];
}

/** The JSON document of a run across profiles (or of one profile). */
export interface MultiRunDocument {
  schemaVersion: number;
  command: 'run';
  engine: EngineName;
  profiles: string[];
  programs: {
    file: string;
    api: ProgramApi | null;
    steps: { step: number; op: string; directive: string; observations: Record<string, Observation>; differs: string[]; snapshots?: Record<string, Snapshot> }[];
  }[];
  warnings: string[];
}

/**
 * Runs every program under every profile. Returns the exit code (0: a program that ends in an error
 * observation is still a successful run). Warnings go to stderr (and into the JSON document).
 */
export function runAcrossProfiles(files: string[], o: RunOptions, io: Io): number {
  const programs = files.map((file) => ({ file, program: loadRunFile(file, o, io) }));
  const listed = parseProfileList(o.profile);
  // a profile `compilers` brought in stays only where it reads the API of some program, and, for
  // source files, the language of some program (GCC's Fortran and C front ends have profiles each)
  const languages = new Set(files.map((f) => sourceLanguage(f) ?? 'json'));
  const profiles = listed.filter(
    ({ ref, profile, optional }) =>
      !optional ||
      (programs.some(({ program }) => evidenceWarning(profile, programApi(program)) === null) && (compilerProfileLanguage(ref) === null || languages.has('json') || languages.has(compilerProfileLanguage(ref)!))),
  );
  const warnings = [
    ...new Set(programs.flatMap(({ program }) => profiles.map(({ profile }) => evidenceWarning(profile, programApi(program))).filter((w) => w !== null))),
  ];
  for (const w of warnings) io.err(`${w}\n`);

  const runs = programs.map(({ file, program }) => {
    const columns = profiles.map(({ profile }) => runTrace(program, { engine: o.engine, profile }, Boolean(o.state)));
    return { file, program, columns, differs: differsFromFirst(columns.map((c) => c.observations)) };
  });
  const names = profiles.map((p) => p.profile.name);

  if (o.json) {
    const doc: MultiRunDocument = {
      schemaVersion: SCHEMA_VERSION,
      command: 'run',
      engine: o.engine,
      profiles: names,
      programs: runs.map(({ file, program, columns, differs }) => ({
        file,
        api: programApi(program),
        steps: program.steps.map((step, i) => ({
          step: i + 1,
          op: step.op,
          directive: renderStep(step, program.world),
          observations: Object.fromEntries(names.map((n, k) => [n, columns[k]!.observations[i]!])),
          differs: names.filter((_, k) => differs[k]![i]),
          ...(o.state && { snapshots: Object.fromEntries(names.map((n, k) => [n, columns[k]!.snapshots[i]!])) }),
        })),
      })),
      warnings,
    };
    io.out(`${JSON.stringify(doc, null, 2)}\n`);
    return 0;
  }

  const mark = (text: string, differs: boolean) => (differs ? `*${text}` : text);
  const anyDiffers = runs.some((r) => r.differs.some((col) => col.some(Boolean)));
  if (o.result) {
    const rows = runs.map(({ file, program, columns, differs }) => {
      const last = program.steps.length - 1;
      return [file, ...columns.map((c, k) => mark(resultCell(c.observations), differs[k]![last]!))];
    });
    const body = `${table([['program', ...names], ...rows])}\n`;
    const notes = legend(body);
    io.out(`${notes.length > 0 ? `notation:\n${notes.map((l) => `  ${l}`).join('\n')}\n\n` : ''}${body}`);
  } else
    for (const [n, { file, program, columns, differs }] of runs.entries()) {
      const width = String(program.steps.length).length;
      const rows = program.steps.map((step, i) => [
        String(i + 1).padStart(width),
        renderStep(step, program.world),
        ...columns.map((c, k) => mark(surfaceText(program.world, formatObservation(c.observations[i]!)), differs[k]![i]!)),
      ]);
      io.out(`${n > 0 ? '\n' : ''}${file}: ${program.steps.length} steps on ${o.engine}\n${withWorld(program.world, `${table([['#', 'step', ...names], ...rows])}\n`)}`);
    }
  if (anyDiffers && names.length > 1) io.out(`\n* differs from ${names[0]} (the first profile)\n`);
  return 0;
}

// ------------------------------------------------------------------------------------------------
// mapcheck case

/** `spec`, `cray-19`, `impl:spec`, `model:./mine.json` → a side and how the case names its profile. */
export function parseSide(raw: string): { side: Side; ref: string } {
  const m = /^(model|impl):(.+)$/.exec(raw);
  const engine: EngineName = m ? (m[1] as EngineName) : 'model';
  const ref = m ? m[2]! : raw;
  return { side: { engine, profile: loadProfileArg(ref, 'side') }, ref };
}

export interface CaseOptions {
  sides: string;
  compare?: CompareMode;
  title?: string;
  /** Write the case to this file (atomically) instead of printing it. */
  out?: string;
}

/**
 * Turns a program into a case for two sides. Status: two model sides that differ make a
 * `known-divergence`; anything else is `fixed` (the sides must agree; an impl that differs from the
 * model is a bug). Prints the case (or writes it to --out) and returns it.
 */
export function programToCase(file: string, o: CaseOptions, io: Io): CaseFile {
  const program = loadProgramFile(file);
  const parts = o.sides.split(',');
  if (parts.length !== 2 || parts.some((p) => p.trim() === ''))
    throw new InputError(`--sides ${o.sides}: expected two sides, e.g. spec,cray-19 or impl:spec,spec`);
  const [a, b] = parts.map((p) => parseSide(p.trim())) as [ReturnType<typeof parseSide>, ReturnType<typeof parseSide>];
  const api = programApi(program);
  for (const s of [a, b]) {
    const w = evidenceWarning(s.side.profile, api);
    if (w) io.err(`${w}\n`);
  }
  const compare: CompareMode = o.compare ?? (a.side.engine !== b.side.engine ? 'state' : 'observations');
  const diverges = firstDivergence(program, a.side, b.side, compare) !== null;
  const c = buildCase({
    program,
    a: a.side,
    b: b.side,
    compare,
    status: diverges && a.side.engine === 'model' && b.side.engine === 'model' ? 'known-divergence' : 'fixed',
    ...(o.title !== undefined && { title: o.title }),
    found: { by: 'mapcheck case', seed: null, date: new Date().toISOString().slice(0, 10), command: `npx mapcheck case ${file} --sides ${o.sides}` },
  });
  const text = `${JSON.stringify(c, null, 2)}\n`;
  if (o.out === undefined) io.out(text);
  else {
    try {
      writeFileAtomic(o.out, text);
    } catch (e) {
      throw new InputError(`${o.out}: cannot write the case there (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
    }
    io.err(`case written to ${o.out} (status ${c.status})\n`);
  }
  return c;
}

/** A row per step: its number, the directive, then `columns(i)` (names in the surface syntax). */
export function stepRows(program: Program, columns: (i: number) => string[]): string[][] {
  return program.steps.map((step, i) => [String(i + 1).padStart(String(program.steps.length).length), renderStep(step, program.world), ...columns(i).map((c) => surfaceText(program.world, c))]);
}

// ------------------------------------------------------------------------------------------------
// mapcheck run

/** `mapcheck run`: one program under one profile step by step (--state: each snapshot after it); else runAcrossProfiles. */
/** A file `run` reads: a program, a case or a source, C sources with the `-D` macros (a note where a file takes none). */
function loadRunFile(file: string, o: RunOptions, io: Io): Program {
  const defines = o.define ?? [];
  const note = definesNote(file, defines);
  if (note !== null) io.err(`${note}\n`);
  return loadProgramFile(file, defines);
}

export function runCommand(files: string[], o: RunOptions, io: Io): number {
  // Several programs, several profiles or --result: one table across profiles (cli/run.ts).
  if (files.length !== 1 || parseProfileList(o.profile).length > 1 || o.result) return runAcrossProfiles(files, o, io);
  const file = files[0]!;
  const program = loadRunFile(file, o, io);
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
    return 0;
  }

  io.out(`${file}: ${program.steps.length} steps on ${o.engine} under profile ${profile.name}\n`);
  const rows = stepRows(program, (i) => [formatObservation(trace.observations[i]!)]);
  if (!o.state) {
    io.out(withWorld(program.world, `${table(rows)}\n`));
    return 0;
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
  return 0;
}
