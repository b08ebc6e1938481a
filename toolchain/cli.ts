// The `mapcheck conform` command (registered by cli/main.ts, which loads only its options: the
// command's modules are imported when it runs).

import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { defineOption } from '../cli/define-option.js';
import type { ConformProgram, Unit } from './conform.js';
import { DEFAULT_JOBS } from './jobs.js';
import type { Target, Toolchain, ToolchainApi, ToolchainLang } from './toolchains.js';

interface ConformCliOptions {
  toolchain: string;
  target: Target;
  lang: 'fortran' | 'c' | 'both';
  seed?: number;
  count?: number;
  api?: ToolchainApi | 'both';
  maxSteps?: number;
  jobs: number;
  timeout: number;
  work?: string;
  buildOnly?: boolean;
  collect?: string;
  devices?: number;
  profileOut?: string;
  report?: string;
  name?: string;
  base?: string;
  date?: string;
  define?: [string, string][];
  requireAgreement?: boolean;
  throughUndefined?: boolean;
}

interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

function positiveInteger(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) throw new InvalidArgumentError('expected a positive integer.');
  return Number(raw);
}

function nonNegativeInteger(raw: string): number {
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw new InvalidArgumentError('expected a non-negative integer.');
  return Number(raw);
}

function seedValue(raw: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 0xffffffff) throw new InvalidArgumentError('expected an integer from 0 to 4294967295.');
  return Number(raw);
}

function writeOut(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * Exit code 1 when a program failed to build (a routine the runtime lacks is not a failure), when a
 * generated batch is not written whole (a program skipped or a unit not emitted), or,
 * with --require-agreement, when a run disagrees with the toolchain's reading (the host fallback,
 * or its profile).
 */
export async function conformCommand(dir: string | undefined, o: ConformCliOptions, io: CliIo): Promise<number> {
  // Loaded when the command runs, not when cli/main.ts registers it (issue 12: start-up).
  const [
    { InputError },
    { BUILTIN_PROFILES, loadProfile },
    { buildUnits, collectUnits, emitUnits, inferKnobs, judge, languageProfiles, mainReading, markdownReport, measuredProfile, measuredRuns, measuredRunsText, programsFromDir, programsFromSeed, runUnits, summaryLines, totals, writeBuildDir },
    { gccRuntimeProfile },
    { loadToolchain },
    { definesNote },
  ] = await Promise.all([import('../lang/validate.js'), import('../profiles/index.js'), import('./conform.js'), import('./host.js'), import('./toolchains.js'), import('../lang/source/source.js')]);
  let toolchain: Toolchain;
  let units: Unit[];
  const langs: ToolchainLang[] = o.lang === 'both' ? ['fortran', 'c'] : [o.lang];
  const work = o.collect ?? o.work ?? mkdtempSync(join(tmpdir(), 'mapcheck-conform-'));
  const temporary = o.collect === undefined && o.work === undefined;
  /** A generated batch must be written whole: programs skipped, and the batch's units not emitted. */
  let batchSkipped = 0;
  let batchNames = new Set<string>();
  try {
    // A measured profile extends a built-in profile (profiles/index.ts resolves no other), so its
    // inference must start from one.
    if (o.profileOut !== undefined && o.base !== undefined && !BUILTIN_PROFILES.some((p) => p.name === o.base))
      throw new InputError(`--profile-out writes a profile that extends its --base, which must be a built-in profile (${BUILTIN_PROFILES.map((p) => p.name).join(', ')}), not ${o.base}`);
    if (o.collect !== undefined) {
      if (dir !== undefined || o.seed !== undefined) throw new InputError('--collect reads a build directory: give no programs or --seed with it');
      ({ toolchain, units } = collectUnits(o.collect));
    } else {
      toolchain = loadToolchain(o.toolchain, o.target);
      if (dir === undefined && o.seed === undefined) throw new InputError('give a program, a folder of programs, or --seed (with --count), or both');
      const defaultApi = toolchain.api ?? (Object.keys(toolchain.compile).length === 1 ? (Object.keys(toolchain.compile)[0] as ToolchainApi) : 'both');
      const defines = o.define ?? [];
      if (defines.length > 0 && dir === undefined) throw new InputError('-D defines macros of C sources: give a source file or a folder holding some');
      const note = dir === undefined ? null : definesNote(dir, defines);
      // (a folder reads its C sources with the definitions; its other files take none)
      if (note !== null && !statSync(dir!).isDirectory()) io.err(`${note}\n`);
      const fromDir = dir !== undefined ? programsFromDir(dir, defines) : { programs: [], profiles: [] };
      for (const f of fromDir.profiles) io.out(`left out ${f}: a profile, not a program\n`);
      const programs: ConformProgram[] = fromDir.programs;
      if (o.seed !== undefined) {
        const batch = programsFromSeed(o.seed, o.count ?? 100, o.api ?? defaultApi, o.maxSteps, o.devices);
        programs.push(...batch.programs);
        batchSkipped = batch.skipped;
        batchNames = new Set(batch.programs.map((p) => p.name));
        const aside = o.devices === undefined ? '' : `; set aside ${batch.setAside} that name a device past --devices ${o.devices}`;
        io.out(`generated ${batch.programs.length} programs from seed ${o.seed}; skipped ${batch.skipped} that GCC 12 would reject (a construct naming one variable twice)${aside}\n`);
      }
      units = emitUnits(programs, toolchain, langs, o.throughUndefined === true);
      await buildUnits(units, toolchain, work, o.jobs);
      if (o.buildOnly) {
        writeBuildDir(units, toolchain, work, o.timeout * 1000);
        const built = units.filter((u) => u.status.kind === 'built').length;
        io.out(`${built} of ${units.length} units built into ${work}; run ${join(work, 'run-all.sh')} there, then: mapcheck conform --collect ${work}\n`);
        return 0;
      }
      await runUnits(units, toolchain, work, o.jobs, o.timeout * 1000);
    }
    const base = loadProfile(o.base ?? toolchain.profile);
    // Each language's runs are judged by its own profile where the toolchain names one (GCC's C
    // front end, a measured compiler version), unless --base names the one to judge them all by.
    const byLang = o.base === undefined ? languageProfiles(toolchain) : {};
    // The host fallback's own answers come from the libgomp the programs were just linked with.
    const hostRuntime = toolchain.hostFallback && toolchain.name.startsWith('gcc-') && o.collect === undefined ? gccRuntimeProfile() : undefined;
    // a profile file given as the base, or a language's, is judged too, so the report says how far it agrees
    const extra = [base, ...Object.values(byLang)].filter((p, i, all) => !BUILTIN_PROFILES.some((b) => b.name === p.name) && all.findIndex((q) => q.name === p.name) === i);
    const results = judge(units, o.devices, hostRuntime, extra);
    const apis = [...new Set(units.map((u) => u.api))];
    const inferences = toolchain.hostFallback ? [] : apis.flatMap((api) => inferKnobs(results, api, base));
    for (const line of summaryLines(toolchain, base, results, inferences, byLang)) io.out(`${line}\n`);
    if (o.report) {
      writeOut(o.report, markdownReport(toolchain, base, results, inferences, byLang));
      io.out(`report: ${o.report}\n`);
    }
    if (o.profileOut) {
      const date = o.date ?? new Date().toISOString().slice(0, 10);
      const name = o.name ?? `${toolchain.name}-${date}`;
      const runsPath = o.profileOut.replace(/(\.json)?$/, '.runs.json');
      writeOut(o.profileOut, `${JSON.stringify(measuredProfile(name, toolchain, base, results, inferences, date, basename(runsPath), o.devices), null, 1)}\n`);
      writeOut(runsPath, measuredRunsText(measuredRuns(results)));
      io.out(`measured profile: ${o.profileOut} (raw runs: ${runsPath})\n`);
    }
    const t = totals(results, mainReading(toolchain, base, byLang));
    const batchNotEmitted = units.filter((u) => batchNames.has(u.program.name) && u.status.kind === 'not-emitted').length;
    if (batchSkipped + batchNotEmitted > 0) io.out(`generated batch: ${batchSkipped} programs skipped, ${batchNotEmitted} units not emitted (every one must be)\n`);
    return t.buildFailed > 0 || batchSkipped + batchNotEmitted > 0 || (o.requireAgreement === true && (t.disagree > 0 || t.notRun > 0)) ? 1 : 0;
  } finally {
    if (temporary) rmSync(work, { recursive: true, force: true });
  }
}

export function registerConform(root: Command, io: CliIo, setExit: (code: number) => void): void {
  root
    .command('conform')
    .description('build observation programs with a real compiler, run them, and infer which profile and knob readings the runtime follows')
    .argument('[dir]', 'a program, saved case or Fortran / C source, or a folder of them (or use --seed)')
    .addOption(new Option('--toolchain <name>', 'gcc-openacc, gcc-openmp, clang-openmp, nvhpc, cray, or a toolchain .json file').default('gcc-openacc'))
    .addOption(new Option('--target <target>', 'host: offload disabled (host fallback); device: build for and run on the accelerator').choices(['host', 'device']).default('host'))
    .addOption(new Option('--lang <lang>', 'languages to emit').choices(['fortran', 'c', 'both']).default('both'))
    .addOption(new Option('--seed <n>', 'measure a generated batch from this seed').argParser(seedValue))
    .addOption(new Option('--count <n>', 'programs in the generated batch (default 100)').argParser(positiveInteger))
    .addOption(new Option('--api <api>', "the generated batch's API (default: the toolchain's)").choices(['openacc', 'openmp', 'both']))
    .addOption(new Option('--max-steps <n>', 'upper bound on generated program length').argParser(positiveInteger))
    .addOption(new Option('--jobs <n>', 'parallel builds and runs').argParser(positiveInteger).default(DEFAULT_JOBS))
    .addOption(new Option('--timeout <seconds>', 'time limit per run').argParser(positiveInteger).default(30))
    .addOption(new Option('--work <dir>', 'keep sources and binaries here (default: a temporary folder)'))
    .addOption(new Option('--build-only', 'build into --work and write run-all.sh to run elsewhere'))
    .addOption(new Option('--collect <dir>', 'read the outputs run-all.sh left in a build folder'))
    .addOption(
      new Option('--devices <n>', 'non-host devices of the machine the programs run on: a generated batch (--seed) keeps only programs that fit them, and a program naming a device of its world past them is not judged (it ran on the host or on no device)').argParser(nonNegativeInteger),
    )
    .addOption(new Option('--profile-out <file>', 'write the measured profile JSON'))
    .addOption(new Option('--report <file>', 'write the Markdown report'))
    .addOption(new Option('--name <name>', 'name of the measured profile'))
    .addOption(new Option('--base <profile>', "profile the inference starts from (default: the toolchain's)"))
    .addOption(new Option('--date <date>', 'date recorded in the measured profile (default: today)'))
    .addOption(defineOption())
    .addOption(new Option('--require-agreement', "exit 1 unless every run agrees with the toolchain's reading (host fallback or its profile)"))
    .addOption(new Option('--through-undefined', 'also write the first step the spec calls undefined, last, to measure what the runtime does there'))
    .action(async (dir: string | undefined, o: ConformCliOptions) => {
      if (o.buildOnly && !o.work) throw new (await import('../lang/validate.js')).InputError('--build-only needs --work DIR');
      setExit(await conformCommand(dir, o, io));
    });
}
