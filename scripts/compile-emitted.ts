// Compile check for `mapcheck emit`: every saved case in counterexamples/cases/ is emitted as Fortran and
// as C, compiled with gfortran / gcc (-fopenacc, or -fopenmp for OpenMP cases), linked, and run when
// a run means something without a GPU. Exits 1 when any program fails to compile, or a run does not
// end as predicted; a case emit cannot write is reported and skipped, and a program calling a
// routine the installed runtime lacks (gcc 12: omp_get_mapped_ptr, omp_target_is_accessible) is
// compiled but not linked. Every compile and link is host-only (-foffload=disable, toolchain/host.ts
// says why); a compiler missing from PATH is named and counts as a failure.
//
// Which programs run: CI has no accelerator, so the runtime's host fallback executes the kernels
// (ACC_DEVICE_TYPE=host, OMP_TARGET_OFFLOAD=DISABLED force that even where a GPU exists). For
// OpenACC, device memory IS host memory; for OpenMP there is no device at all, so device 0 is the
// host (omp_get_initial_device() is 0). A program runs when every check it makes means the same
// there under the spec (cli/emit.ts hostFallbackVerdict); then it must print OK, or, where the
// libgomp profile answers a check differently from the spec (a known divergence of gcc's runtime),
// `Wrong result` at that step. A case whose spec observations need a separate device (a stale device
// pointer read, a runtime error, a false from is_present, another device number) is compiled but
// not run, and the script says why. Even a run that prints OK cannot show what depends on device
// memory: the script prints what each run cannot show. A case with a declare mapper, which GCC 12
// rejects (K-B43), must compile without the directive and is not run.
//
// With --seed S --count N it checks a generated batch instead: the first N programs the fuzzers'
// generators draw from seed S (OpenACC and OpenMP, as `mapcheck conform --seed` draws them), each
// emitted as self-checking Fortran and C and compiled (host-only) in parallel, --jobs at a time
// (default: every core). Not run: what each run of a generated program observes is measured by
// `mapcheck conform --seed` (.ci/run runs both). Every program must emit and compile.
//
// Exit codes: 0 every program as predicted, 1 a failure (a malformed case file is one, reported on
// its FAIL line), 2 bad usage or a DIR that is not a directory.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { listCaseFiles } from '../counterexamples/case.js';
import { EmitError, emitProgram, hostFallbackVerdict, loadEmitInput, type EmitLang } from '../cli/emit.js';
import { rejectsMapper, withoutMapperDirectives } from '../cli/emit/mapper.js';
import type { World } from '../lang/program.js';
import { InputError } from '../lang/validate.js';
import { HOST_ONLY_FLAGS, hostOnlyEnv, missingTool } from '../toolchain/host.js';
import { programApi, programsFromSeed } from '../toolchain/conform.js';

const USAGE =
  'usage: npx tsx scripts/compile-emitted.ts [DIR]   (DIR: a directory of saved cases, default counterexamples/cases)\n' +
  '       npx tsx scripts/compile-emitted.ts --seed S --count N [--jobs J]   (a generated batch)';

const COMPILERS: Record<EmitLang, { command: string; ext: string }> = {
  fortran: { command: 'gfortran', ext: 'f90' },
  c: { command: 'gcc', ext: 'c' },
};
const RUN_TIMEOUT_MS = 30_000;
const HOST_ONLY = hostOnlyEnv();

/** The case directory named on the command line; exits for --help (0) and for bad usage (2). */
function caseDirectory(args: string[]): string {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const usageError = (problem: string): never => {
    console.error(`error: ${problem}\n${USAGE}`);
    process.exit(2);
  };
  if (args.length > 1) usageError(`one DIR expected, got ${args.length} arguments`);
  if (args[0]?.startsWith('-')) usageError(`unknown option ${args[0]}`);
  const dir = args[0] ?? 'counterexamples/cases';
  let isDirectory: boolean;
  try {
    isDirectory = statSync(dir).isDirectory();
  } catch (e) {
    return usageError(`${dir}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (!isDirectory) usageError(`${dir}: not a directory`);
  return dir;
}

/** `--seed S --count N [--jobs J]`: the numbers, or null when the arguments name no batch. */
function batchArgs(args: string[]): { seed: number; count: number; jobs: number } | null {
  if (!args.includes('--seed') && !args.includes('--count')) return null;
  const values: Record<string, number> = { '--jobs': availableParallelism() };
  for (let k = 0; k < args.length; k += 2) {
    const [flag, raw] = [args[k]!, args[k + 1]];
    if (!['--seed', '--count', '--jobs'].includes(flag) || raw === undefined || !/^\d+$/.test(raw)) {
      console.error(`error: bad argument ${flag}${raw === undefined ? '' : ` ${raw}`}\n${USAGE}`);
      process.exit(2);
    }
    values[flag] = Number(raw);
  }
  if (values['--seed'] === undefined || !values['--count'] || !values['--jobs']) {
    console.error(`error: --seed and a positive --count go together\n${USAGE}`);
    process.exit(2);
  }
  return { seed: values['--seed'], count: values['--count'], jobs: values['--jobs'] };
}

function compileAsync(argv: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', (e) => resolve(e.message));
    child.on('close', (code) => resolve(code === 0 ? null : out || `exit ${code}`));
  });
}

/** The generated batch: emit every program in both languages, compile each host-only, in parallel. */
async function compileBatch({ seed, count, jobs }: { seed: number; count: number; jobs: number }): Promise<number> {
  for (const { command } of Object.values(COMPILERS)) {
    const missing = missingTool(command);
    if (missing) {
      console.log(`  FAIL cannot compile: ${missing}`);
      return 1;
    }
  }
  const work = mkdtempSync(join(tmpdir(), 'mapcheck-emitted-'));
  try {
    const { programs, skipped: notDrawn } = programsFromSeed(seed, count, 'both');
    const tasks: { name: string; argv: string[]; world: World; text: string; source: string }[] = [];
    let notEmitted = 0;
    for (const p of programs)
      for (const lang of ['fortran', 'c'] as const) {
        let text: string;
        try {
          text = emitProgram(p.program, { lang, source: p.source });
        } catch (e) {
          if (!(e instanceof EmitError)) throw e;
          notEmitted++;
          console.log(`  FAIL ${p.name} ${lang}: not emitted: ${e.message}`);
          continue;
        }
        const { command, ext } = COMPILERS[lang];
        const source = join(work, `${p.name}.${ext}`);
        writeFileSync(source, text);
        tasks.push({ name: `${p.name} ${lang}`, argv: [command, `-f${programApi(p.program)}`, ...HOST_ONLY_FLAGS, '-w', source, '-o', join(work, `${p.name}-${lang}`)], world: p.program.world, text, source });
      }
    let next = 0;
    let built = 0;
    let unlinkedRoutine = 0;
    let failed = 0;
    let noMapper = 0;
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(jobs, tasks.length)) }, async () => {
        while (next < tasks.length) {
          const t = tasks[next++]!;
          let error = await compileAsync(t.argv);
          // GCC 12 rejects declare mapper (K-B43, measured): the toolchain lacks the directive, which
          // is no failed build; the rest of the program must still build without it.
          if (error !== null && rejectsMapper(t.world, error)) {
            writeFileSync(t.source, withoutMapperDirectives(t.text));
            error = await compileAsync(t.argv);
            if (error === null) {
              noMapper++;
              continue;
            }
          }
          if (error === null) built++;
          else if ([...error.matchAll(/undefined reference to `(\w+)'/g)].every((m) => /^(omp|acc)_/.test(m[1]!)) && /undefined reference/.test(error)) unlinkedRoutine++;
          else {
            failed++;
            console.log(`  FAIL ${t.name}: ${t.argv.join(' ')}:\n${error}`);
          }
        }
      }),
    );
    console.log(
      `seed ${seed}: ${programs.length} programs (${notDrawn} drawn programs left out), ${tasks.length} emitted as Fortran and C (${notEmitted} not), ` +
        `${built} compiled and linked, ${unlinkedRoutine} compiled but not linked (the runtime lacks a routine), ` +
        `${noMapper} rejected for their declare mapper directive only (the compiler lacks it; the rest compiled and linked without it), ${failed} failed`,
    );
    return failed + notEmitted + (notDrawn > 0 ? 1 : 0) > 0 ? 1 : 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const batch = batchArgs(process.argv.slice(2));
if (batch !== null) {
  process.exitCode = await compileBatch(batch);
  process.exit();
}

const dir = caseDirectory(process.argv.slice(2));
const work = mkdtempSync(join(tmpdir(), 'mapcheck-emitted-'));
let failures = 0;
let emitted = 0;
let compiled = 0;
let noMapper = 0;
let unlinked = 0;
let ran = 0;
let notRun = 0;
let skipped = 0;

function fail(text: string): void {
  failures++;
  console.log(`  FAIL ${text}`);
}

try {
  for (const { command } of Object.values(COMPILERS)) {
    const missing = missingTool(command);
    if (missing) fail(`cannot compile: ${missing}`);
  }
  const cases = listCaseFiles(dir);
  if (cases.length === 0) fail(`no saved cases in ${dir}`);
  for (const path of cases) {
    const name = basename(path, '.json');
    console.log(`${name}`);
    let loaded;
    try {
      loaded = loadEmitInput(path);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      fail(`does not load: ${e.message}`);
      continue;
    }
    const { program, caseFile } = loaded;
    let verdict;
    try {
      verdict = hostFallbackVerdict(program, caseFile);
    } catch (e) {
      if (!(e instanceof EmitError)) throw e;
      skipped++;
      console.log(`  SKIP not emitted: ${e.message}`);
      continue;
    }
    const api = program.steps.some((s) => s.op.startsWith('omp_')) ? 'openmp' : 'openacc';
    for (const lang of ['fortran', 'c'] as const) {
      let text: string;
      try {
        text = emitProgram(program, { lang, caseFile, source: path });
      } catch (e) {
        if (!(e instanceof EmitError)) throw e;
        skipped++;
        console.log(`  SKIP ${lang}: not emitted: ${e.message}`);
        continue;
      }
      emitted++;
      const { command, ext } = COMPILERS[lang];
      if (missingTool(command)) {
        fail(`${lang}: not compiled: ${missingTool(command)}`);
        continue;
      }
      const source = join(work, `${name}.${ext}`);
      const object = join(work, `${name}-${lang}.o`);
      const binary = join(work, `${name}-${lang}`);
      writeFileSync(source, text);
      const compile = () => spawnSync(command, [`-f${api}`, ...HOST_ONLY_FLAGS, '-Wall', '-c', source, '-o', object], { encoding: 'utf8' });
      let cc = compile();
      // GCC 12 rejects declare mapper (K-B43, measured), as in the batch below: the toolchain lacks
      // the directive, which is no failed build; the rest must build without it, and is not run
      // (without its mapper the program means something else).
      if ((cc.error || cc.status !== 0) && rejectsMapper(program.world, `${cc.stdout}${cc.stderr}`)) {
        writeFileSync(source, withoutMapperDirectives(text));
        cc = compile();
        if (!cc.error && cc.status === 0) {
          noMapper++;
          console.log(`  ok   ${lang}: the compiler rejects declare mapper (K-B43); compiled without the directive, not run`);
          continue;
        }
      }
      if (cc.error || cc.status !== 0) {
        fail(`${lang}: ${command} -f${api} -foffload=disable failed:\n${cc.error?.message ?? ''}${cc.stdout}${cc.stderr}`);
        continue;
      }
      compiled++;
      const ld = spawnSync(command, [`-f${api}`, ...HOST_ONLY_FLAGS, object, '-o', binary], { encoding: 'utf8' });
      if (ld.error || ld.status !== 0) {
        // A routine the installed runtime does not provide (gcc 12 has no omp_get_mapped_ptr or
        // omp_target_is_accessible) is a limit of this runtime, not of the program.
        const missing = [...new Set([...`${ld.stderr}`.matchAll(/undefined reference to `(\w+)'/g)].map((m) => m[1]!))];
        if (missing.length > 0 && missing.every((r) => /^(omp|acc)_/.test(r))) {
          unlinked++;
          console.log(`  ok   ${lang}: compiled; not linked: the ${api === 'openmp' ? 'OpenMP' : 'OpenACC'} runtime of ${command} lacks ${missing.join(', ')}`);
          continue;
        }
        fail(`${lang}: linking with ${command} -f${api} failed:\n${ld.error?.message ?? ''}${ld.stdout}${ld.stderr}`);
        continue;
      }
      if (!verdict.runnable) {
        notRun++;
        console.log(`  ok   ${lang}: compiled; not run on the host fallback:`);
        for (const r of verdict.reasons) console.log(`         ${r}`);
        continue;
      }
      const run = spawnSync(binary, [], { encoding: 'utf8', timeout: RUN_TIMEOUT_MS, env: HOST_ONLY });
      const out = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
      if (verdict.wrongAt !== null) {
        // A known divergence of gcc's runtime from the spec: the run must fail at that step's check.
        const named = /Wrong result: step (\d+)/.exec(run.stdout ?? '');
        if (run.status === 0 || !/Wrong result/.test(run.stdout ?? '') || (named && Number(named[1]) !== verdict.wrongAt)) {
          fail(`${lang}: the host-fallback run should print Wrong result at step ${verdict.wrongAt} (exit ${run.status ?? run.signal}): ${out}`);
          continue;
        }
        ran++;
        console.log(`  ok   ${lang}: compiled and ran on the host fallback: Wrong result at step ${verdict.wrongAt}, as the libgomp profile predicts`);
      } else {
        if (run.status !== 0 || !/^\s*OK\s*$/m.test(run.stdout ?? '')) {
          fail(`${lang}: compiled, but the host-fallback run did not print OK (exit ${run.status ?? run.signal}): ${out}`);
          continue;
        }
        ran++;
        console.log(`  ok   ${lang}: compiled and ran on the host fallback: OK`);
      }
      for (const r of verdict.reasons) console.log(`         note: ${r}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(
  `\n${emitted} programs emitted (${skipped} not), ${compiled} compiled, ${noMapper} compiled only without their declare mapper (the compiler lacks it), ${unlinked} not linked (runtime lacks a routine), ` +
    `${ran} ran OK on the host fallback, ${notRun} not run (not meaningful without a GPU), ${failures} failed`,
);
process.exitCode = failures > 0 ? 1 : 0;
