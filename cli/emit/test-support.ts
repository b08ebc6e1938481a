// Helpers of the emit tests that compile what emit writes host-only (-foffload=disable) and run it
// on the host fallback (cli/emit/copies.test.ts, blocks.test.ts): a builder for one compiler, the
// self-checking program's run, and the observation program's run judged against the host-fallback
// prediction.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Program } from '../../lang/program.js';
import { HOST_ONLY_FLAGS, hostOnlyEnv, missingTool } from '../../toolchain/host.js';
import { parseRun, type ParsedRun } from '../../toolchain/observations.js';
import { compareRun, predict } from '../../toolchain/predict.js';
import { emitObservationProgram } from './observe.js';
import type { EmitLang } from './plan.js';

type Api = 'openacc' | 'openmp';

/** The host compilers the compile tests use: language, command, source extension. */
export const HOST_COMPILERS = [
  ['fortran', 'gfortran', 'f90'],
  ['c', 'gcc', 'c'],
] as const;

/** Warns once per missing compiler that `file`'s compile tests are skipped (each test skips with the reason). */
export function warnMissingCompilers(file: string): void {
  for (const [, command] of HOST_COMPILERS) {
    const missing = missingTool(command);
    if (missing) console.warn(`${file}: compile tests skipped: ${missing}`);
  }
}

/** Builds `text` as `name` in `dir` with `command` (gfortran or gcc) for `api`, host-only and -Wall; the binary's path. */
export function hostBuilder(dir: string, command: string, ext: string): (name: string, text: string, api: Api) => string {
  return (name, text, api) => {
    const source = join(dir, `${name}.${ext}`);
    const binary = join(dir, name);
    writeFileSync(source, text);
    const cc = spawnSync(command, [api === 'openacc' ? '-fopenacc' : '-fopenmp', ...HOST_ONLY_FLAGS, '-Wall', source, '-o', binary], { encoding: 'utf8' });
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
    return binary;
  };
}

/** Runs a self-checking program: it prints OK and exits 0. */
export function expectSelfCheckOk(binary: string): void {
  const run = spawnSync(binary, [], { encoding: 'utf8', env: hostOnlyEnv(), timeout: 30_000 });
  expect(run.stdout.trim(), run.stderr).toBe('OK');
  expect(run.status).toBe(0);
}

/** Emits, builds and runs the observation program of `program`: it completes and agrees with the host-fallback prediction; the parsed run. */
export function observeOnHost(program: Program, lang: EmitLang, api: Api, name: string, build: ReturnType<typeof hostBuilder>): ParsedRun {
  const { text, full, written } = emitObservationProgram(program, { lang });
  const binary = build(name, text, api);
  const r = spawnSync(binary, [], { encoding: 'utf8', env: hostOnlyEnv(), timeout: 30_000 });
  const run = parseRun({ stdout: r.stdout, stderr: r.stderr, exit: r.status, timedOut: false }, written);
  expect(run.completed, r.stdout + r.stderr).toBe(true);
  expect(compareRun(full.world, written, predict(full, { kind: 'host-fallback' }), run)).toMatchObject({ agree: true });
  return run;
}
