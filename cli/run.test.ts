// Cross-runtime runs (`run --profile a,b,…`, `--result`), `mapcheck case`, the evidence warning,
// `--version` and `diff --summary`.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { cli, DETACH, REATTACH } from './test-support.js';
import { loadCaseFile, replayCase } from '../counterexamples/case.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-run-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The cells of the table row whose step column is `n` (columns are two or more spaces apart). */
function row(out: string, n: number): string[] {
  return out
    .split('\n')
    .find((l) => l.startsWith(`${n}  `))!
    .split(/\s{2,}/);
}

describe('run across profiles', () => {
  test('a row per step, a column per profile, cells that differ from the first profile marked', async () => {
    const { code, out, err } = await cli('run', REATTACH, '--profile', 'spec,libgomp,llvm-offload,cray-19');
    expect(code).toBe(0);
    expect(out).toMatch(/^#\s+step\s+spec\s+libgomp\s+llvm-offload\s+cray-19$/m);
    expect(out).toMatch(/^world:\n {2}integer, target :: a\(10\) = 1 .*\n {2}integer, target :: b\(10\) = 2 .*\n {2}type :: c +\{ integer, pointer :: p\(:\) \}.*\n {2}nullify\(c%p\) /m);
    expect(row(out, 5).slice(2)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(row(out, 6).slice(2)).toEqual(['read [10*2]', '*read [10*1]', 'read [10*2]', '*read [10*1]']);
    expect(out).toContain('* differs from spec (the first profile)');
    // llvm-offload sets no OpenACC knob: its column is the spec's reading, and the user is told.
    expect(err).toBe(
      "warning: profile llvm-offload records no evidence for OpenACC (it sets none of the K-A* knobs): its column shows the spec's readings for this program\n",
    );
  });

  test('no marks and no footnote when every profile agrees', async () => {
    const { code, out } = await cli('run', REATTACH, '--profile', 'spec,nvfortran-25.3');
    expect(code).toBe(0);
    expect(out).not.toMatch(/ \*\S/);
    expect(out).not.toContain('differs from');
  });

  test('--result: a row per program with its result (the seed study)', async () => {
    const { code, out } = await cli('run', DETACH, REATTACH, '--profile', 'spec,cray-19,nvfortran-25.3,libgomp', '--result');
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\n');
    // The notation the table uses comes first, then the table.
    expect(lines.slice(0, 4)).toEqual([
      'notation:',
      '  N*v    N elements in a row with value v (Fortran list-directed style): read [10*2] is ten 2s',
      "  fatal_detach_at_zero: the runtime aborts: detach with the attachment counter at zero (a profile's reading)",
      '',
    ]);
    lines.splice(0, 4);
    expect(lines[0]).toMatch(/^program\s+spec\s+cray-19\s+nvfortran-25.3\s+libgomp$/);
    expect(lines[1]!.split(/\s{2,}/).slice(1)).toEqual(['read [10*1]', 'read [10*1]', 'read [10*1]', '*error fatal_detach_at_zero (step 3)']);
    expect(lines[2]!.split(/\s{2,}/).slice(1)).toEqual(['read [10*2]', '*read [10*1]', 'read [10*2]', '*read [10*1]']);
  });

  test('one profile warns too when it has no evidence for the API', async () => {
    const { code, err } = await cli('run', REATTACH, '--profile', 'spec-omp-5.2');
    expect(code).toBe(0);
    expect(err).toContain('warning: profile spec-omp-5.2 records no evidence for OpenACC');
  });

  test("--profile compilers: a column for the text and each runtime's profile that reads the program's API (GCC's C front end apart)", async () => {
    const { code, out, err } = await cli('run', REATTACH, '--profile', 'compilers');
    expect(code).toBe(0);
    // an OpenACC program: the LLVM profiles read no OpenACC knob and are left out, without a warning
    expect(out).toMatch(/^#\s+step\s+spec\s+gcc-12\s+gcc-12-c\s+libgomp\s+libgomp-c\s+nvfortran-25.3\s+cray-19$/m);
    expect(err).toBe('');
    // GCC 12's C front end attaches before it maps the target in one enter data (K-A17 attach-first, measured)
    expect(row(out, 3).slice(2)).toEqual(['ok', 'ok', '*error fatal_attach_absent', 'ok', '*error fatal_attach_absent', 'ok', 'ok']);
    expect(row(out, 6).slice(2)).toEqual(['read [10*2]', '*read [10*1]', '*halted', '*read [10*1]', '*halted', 'read [10*2]', '*read [10*1]']);
    const omp = await cli('run', join(root, 'examples', 'omp-struct-members.json'), '--profile', 'compilers', '--result');
    expect(omp.out).toMatch(/^program\s+spec\s+gcc-12\s+gcc-12-c\s+libgomp\s+libgomp-c\s+llvm-16\s+llvm-22\s+llvm-offload$/m);
  });

  test('an unknown profile in the list is bad input', async () => {
    const { code, err } = await cli('run', REATTACH, '--profile', 'spec,pgi-1');
    expect(code).toBe(2);
    expect(err).toContain("unknown profile 'pgi-1'");
  });
});

describe('mapcheck case', () => {
  const program = join(scratch, 'reattach-program.json');
  writeFileSync(program, JSON.stringify(loadCaseFile(REATTACH).program));

  test('two profiles that differ: a known divergence that replays', async () => {
    const { code, out } = await cli('case', program, '--sides', 'spec,cray-19', '--title', 'mine');
    expect(code).toBe(0);
    const c = JSON.parse(out);
    expect(c).toMatchObject({ title: 'mine', status: 'known-divergence', divergence: { step: 6, kind: 'observation' } });
    const file = join(scratch, 'case.json');
    writeFileSync(file, out);
    expect(replayCase(loadCaseFile(file))).toEqual({ ok: true, problems: [] });
  });

  test('impl against the model: status fixed, compared on state; --out writes the file', async () => {
    const file = join(scratch, 'impl-case.json');
    const { code, out, err } = await cli('case', program, '--sides', 'impl:spec,spec', '--out', file);
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(err).toBe(`case written to ${file} (status fixed)\n`);
    const c = loadCaseFile(file);
    expect(c).toMatchObject({ status: 'fixed', compare: 'state', sides: { a: { engine: 'impl', profile: 'spec' }, b: { engine: 'model', profile: 'spec' } } });
    expect(JSON.parse(readFileSync(file, 'utf8')).divergence).toBeNull();
  });

  test.each([['spec'], ['spec,cray-19,libgomp'], ['spec,']])('--sides %s is bad input', async (sides) => {
    const { code, err } = await cli('case', program, '--sides', sides);
    expect(code).toBe(2);
    expect(err.trimEnd()).toMatch(/expected two sides/);
  });
});

test('--version prints the package version', async () => {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const flag of ['--version', '-V']) expect(await cli(flag)).toEqual({ code: 0, out: `${version}\n`, err: '' });
});

describe('diff --summary', () => {
  test('one line per knob with title, readings, classes and the smallest program, then the classes', async () => {
    // seed 45: its 300 programs (in chunks of 32, properties/campaign.ts) reach a 3-step observable K-A4 class (about one seed in thirty does)
    const { code, out } = await cli('diff', 'spec', 'cray-19', '--seed', '45', '--runs', '300', '--summary', '--out', join(scratch, 'summary'));
    expect(code).toBe(1);
    expect(out).toMatch(
      /^ {2}K-A4 {2}Re-attach to a different target while the attachment counter is positive: compare-target → counter-only; explains #1.*; smallest program \(#1, 3 steps\): .+ ; .+$/m,
    );
    expect(out).toMatch(/^ {2}K-A9 {2}Detach when the attachment counter is zero \(never attached\): noop → decrement; masked: .*; smallest program/m);
    expect(out.indexOf('knobs (spec → cray-19):')).toBeLessThan(out.indexOf('\nclasses:\n'));
    // The world of the programs and the notation come first.
    expect(out).toMatch(/\nworld of #1[^\n]*:\n {2}integer, target :: a\(/);
    expect(out.indexOf('\nworld of #1')).toBeLessThan(out.indexOf('knobs (spec → cray-19):'));
    expect(out).toMatch(/\nnotation:\n(?: {2}.*\n)* {2}ac +attachment counter/);
    // No per-class program tables.
    expect(out).not.toMatch(/^ {4}\s*step\s+directive/m);
    expect(out).toMatch(/saved 1 case\(s\) in /);
  });
});
