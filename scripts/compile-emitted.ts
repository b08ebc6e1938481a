// Compile check for `mapcheck emit`: every saved case in counterexamples/ is emitted as Fortran and
// as C, compiled with gfortran / gcc (-fopenacc, or -fopenmp for OpenMP cases), and run when a run
// means something without a GPU. Exits 1 when any program fails to compile or a run that should
// print OK does not; a case emit cannot write yet is reported and skipped.
//
// Which programs run: CI has no accelerator, so the runtime's host fallback executes the kernels
// and device memory IS host memory (ACC_DEVICE_TYPE=host, OMP_TARGET_OFFLOAD=DISABLED force that
// even where a GPU exists). A program runs when every check it makes also holds on shared memory
// (cli/emit.ts hostFallbackVerdict); then it must print OK. A case whose spec observations need
// separate device memory (a stale device pointer read, a runtime error, acc_is_present false) is
// compiled but not run, and the script says why. Even a run that prints OK cannot show what
// depends on device memory: the script prints what each run cannot show.
//
// Usage: npx tsx scripts/compile-emitted.ts [DIR]   (default counterexamples)

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { listCaseFiles } from '../counterexamples/case.js';
import { EmitError, emitProgram, hostFallbackVerdict, loadEmitInput, type EmitLang } from '../cli/emit.js';

const COMPILERS: Record<EmitLang, { command: string; ext: string }> = {
  fortran: { command: 'gfortran', ext: 'f90' },
  c: { command: 'gcc', ext: 'c' },
};
const RUN_TIMEOUT_MS = 30_000;
const HOST_ONLY = { ...process.env, ACC_DEVICE_TYPE: 'host', OMP_TARGET_OFFLOAD: 'DISABLED' };

const dir = process.argv[2] ?? 'counterexamples';
const work = mkdtempSync(join(tmpdir(), 'mapcheck-emitted-'));
let failures = 0;
let compiled = 0;
let ran = 0;
let skipped = 0;

function fail(text: string): void {
  failures++;
  console.log(`  FAIL ${text}`);
}

try {
  const cases = listCaseFiles(dir);
  if (cases.length === 0) fail(`no saved cases in ${dir}`);
  for (const path of cases) {
    const name = basename(path, '.json');
    console.log(`${name}`);
    const { program, caseFile } = loadEmitInput(path);
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
      const { command, ext } = COMPILERS[lang];
      const source = join(work, `${name}.${ext}`);
      const binary = join(work, `${name}-${lang}`);
      writeFileSync(source, text);
      const cc = spawnSync(command, [`-f${api}`, '-Wall', source, '-o', binary], { encoding: 'utf8' });
      if (cc.error || cc.status !== 0) {
        fail(`${lang}: ${command} -f${api} failed:\n${cc.error?.message ?? ''}${cc.stdout}${cc.stderr}`);
        continue;
      }
      compiled++;
      if (!verdict.runnable) {
        console.log(`  ok   ${lang}: compiled; not run on the host fallback:`);
        for (const r of verdict.reasons) console.log(`         ${r}`);
        continue;
      }
      const run = spawnSync(binary, [], { encoding: 'utf8', timeout: RUN_TIMEOUT_MS, env: HOST_ONLY });
      const out = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim();
      if (run.status !== 0 || !/^\s*OK\s*$/m.test(run.stdout ?? '')) {
        fail(`${lang}: compiled, but the host-fallback run did not print OK (exit ${run.status ?? run.signal}): ${out}`);
        continue;
      }
      ran++;
      console.log(`  ok   ${lang}: compiled and ran on the host fallback: OK`);
      for (const r of verdict.reasons) console.log(`         note: ${r}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(`\n${compiled} compiled, ${ran} ran OK on the host fallback, ${skipped} not emitted, ${failures} failed`);
process.exitCode = failures > 0 ? 1 : 0;
