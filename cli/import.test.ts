// `mapcheck import` and the source files every command takes: the example sources are real
// programs (gfortran builds and runs them host-only), import prints the program they read as, and
// a source that cannot be read is one line naming the file and the line, exit 2.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCaseFile } from '../counterexamples/case.js';
import { HOST_ONLY_FLAGS, missingTool } from '../toolchain/host.js';
import { REATTACH, cli } from './test-support.js';

const root = join(import.meta.dirname, '..');
const SEED = join(root, 'examples', 'seed-reattach.f90');
const OMP = join(root, 'examples', 'omp-struct.f90');
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-import-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('mapcheck import', () => {
  it('prints the program the seed source reads as (the saved case), and on stderr what it passed over', async () => {
    const r = await cli('import', SEED);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual(loadCaseFile(REATTACH).program);
    expect(r.err).toContain('seed-reattach.f90: 6 steps from lines 14, 15, 16, 17, 18, 20');
    expect(r.err).toContain("res: the kernel's result buffer");
    expect(r.err).toContain('lines 24-29: checks results');
  });

  it('--out writes the program, which then runs like any program file', async () => {
    const out = join(scratch, 'seed.json');
    expect((await cli('import', SEED, '--out', out)).code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(loadCaseFile(REATTACH).program);
    const fromJson = await cli('run', out, '--profile', 'spec,cray-19', '--result');
    const fromSource = await cli('run', SEED, '--profile', 'spec,cray-19', '--result');
    // the same table (its columns are as wide as the longest file name, which differs)
    const table = (text: string, file: string) => text.replace(file, 'FILE').replace(/ +/g, ' ');
    expect(table(fromSource.out, SEED)).toBe(table(fromJson.out, out));
    expect(fromSource.out).toMatch(/read \[10\*2\]\s+\*read \[10\*1\]/);
  });

  it('--json gives the source line of each step', async () => {
    const r = await cli('import', OMP, '--json');
    const j = JSON.parse(r.out) as { command: string; lang: string; lines: number[]; program: { steps: { op: string }[] } };
    expect(j).toMatchObject({ command: 'import', lang: 'fortran' });
    expect(j.program.steps.map((s) => s.op)).toEqual([
      'pointer_assign',
      'omp_target_enter_data',
      'omp_target',
      'omp_target',
      'host_read',
      'omp_target_is_present',
      'omp_target_update',
      'omp_target_exit_data',
      'host_read', // the final check `if (any(res /= a))` reads a on the host
    ]);
    expect(j.lines).toEqual([19, 20, 22, 26, 32, 33, 34, 35, 36]);
  });

  it('run --profile compilers on a Fortran source: the seed table, with gfortran\'s columns and not gcc\'s C ones', async () => {
    const r = await cli('run', SEED, '--profile', 'compilers');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines.find((l) => l.startsWith('#  step'))!.split(/\s{2,}/)).toEqual(['#', 'step', 'spec', 'gcc-12', 'libgomp', 'nvfortran-25.3', 'cray-19']);
    // Cray 19 reads the stale target, nvfortran 25.3 the new one (the seed study's table)
    expect(lines.find((l) => l.startsWith('6 '))!.split(/\s{2,}/).slice(2)).toEqual(['read [10*2]', '*read [10*1]', '*read [10*1]', 'read [10*2]', '*read [10*1]']);
  });

  it("'-' reads the program from stdin, with --lang (pasted into a pipe)", () => {
    const bin = join(root, 'bin', 'mapcheck.mjs');
    const env = { ...process.env, MAPCHECK_SOURCES: '1' };
    const piped = spawnSync(process.execPath, [bin, 'import', '-', '--lang', 'fortran'], { input: readFileSync(SEED, 'utf8'), encoding: 'utf8', env });
    expect(piped.status, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout)).toEqual(loadCaseFile(REATTACH).program);
    expect(piped.stderr).toContain('<stdin>: 6 steps from lines 14, 15, 16, 17, 18, 20');
    const bad = spawnSync(process.execPath, [bin, 'import', '-', '--lang', 'fortran'], { input: 'program p\n!$acc enter data copyin(q)\nend program\n', encoding: 'utf8', env });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('error: <stdin>:2: q is not an array or derived-type variable of the program\n');
    const noLang = spawnSync(process.execPath, [bin, 'import', '-'], { input: '', encoding: 'utf8', env });
    expect(noLang.stderr).toBe('error: <stdin>: not a Fortran (.f90) or C (.c) file; say which with --lang\n');
  });

  it('the seed in C reads as the same program; its compilers table has GCC\'s C front end columns and not gfortran\'s', async () => {
    const c = join(root, 'examples', 'seed-reattach.c');
    expect(JSON.parse((await cli('import', c)).out)).toEqual(loadCaseFile(REATTACH).program);
    const r = await cli('run', c, '--profile', 'compilers');
    const header = r.out.split('\n').find((l) => l.startsWith('#  step'))!.split(/\s{2,}/);
    expect(header).toEqual(['#', 'step', 'spec', 'gcc-12-c', 'libgomp-c', 'nvfortran-25.3', 'cray-19']);
  });

  it('emit and explain take the source too', async () => {
    expect((await cli('emit', SEED, '--lang', 'c')).out).toContain('#pragma acc enter data copyin(v1) attach(v3.p1)');
    expect((await cli('explain', SEED, '--sides', 'spec,cray-19')).out).toContain('step 6');
  });
});

describe('a source that cannot be read: one line, file and line, exit 2', () => {
  const write = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };
  it('an error of the front end names its line', async () => {
    const f = write('bad.f90', 'program p\ninteger :: a(4)\n!$acc enter data copyin(a) async(1) wait\n!$acc enter data copyin(q)\nend program\n');
    expect(await cli('run', f)).toEqual({ code: 2, out: '', err: `error: ${f}:4: q is not an array or derived-type variable of the program\n` });
  });
  it('a rule of the language names the line of the step that breaks it', async () => {
    const f = write('region.f90', 'program p\ninteger :: a(4)\n!$acc exit data copyout(a)\n!$acc end data\nend program\n');
    const r = await cli('import', f);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${f}:4: end data closes no data region\n`);
  });
  it('a validation failure is reported at its step\'s line', async () => {
    const f = write('kernel.f90', 'program p\ninteger, pointer :: w(:)\ninteger, target :: a(4)\ninteger :: i, r(4)\nw => a\n!$acc parallel loop\ndo i = 1, 4\nr(i) = w(i)\nend do\nend program\n');
    const r = await cli('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`^error: ${f.replace(/[.]/g, '\\.')}:6: step 2: field body\\.read: the kernel goes through plain pointer 'w'`));
  });
  it('fixed form and unknown extensions are refused', async () => {
    expect((await cli('run', write('old.f', '      program p\n'))).err).toContain('fixed-form Fortran is not imported');
    expect((await cli('import', write('prog.txt', 'program p\n'))).err).toContain('not a Fortran (.f90) or C (.c) file; say which with --lang');
  });
});

describe('import -D NAME[=VALUE]: macros defined before a C program, as a compiler takes them', () => {
  /** One program for -DCLAUSE=to and -DCLAUSE=from (as LLVM's offload tests are compiled twice); N defaults to 4. */
  const TWICE = `#ifndef N
#define N 4
#endif
int main(void)
{
  int a[N];
#pragma omp target enter data map(alloc: a)
#pragma omp target update CLAUSE(present: a)
#if WIDE
#pragma omp target exit data map(delete: a)
#endif
  return 0;
}
`;
  const file = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };
  type Steps = { world: { arrays: { name: string; length: number }[] }; steps: { op: string; motions?: { type: string }[] }[] };
  const program = (out: string) => JSON.parse(out) as Steps;
  const option = "option '-D, --define <name[=value]>'";

  it('without the definition the macro is unknown: exit 2, one line at the pragma', async () => {
    const f = file('twice.c', TWICE);
    expect(await cli('import', f)).toEqual({ code: 2, out: '', err: `error: ${f}:8: clause clause of #pragma omp target update is not imported; CLAUSE looks like a macro the program is compiled with: define it with mapcheck import -D CLAUSE=…\n` });
  });

  it('-D CLAUSE=to and -DCLAUSE=from each import, and stderr says what was defined', async () => {
    const f = file('twice.c', TWICE);
    const to = await cli('import', f, '-D', 'CLAUSE=to');
    expect(to.code).toBe(0);
    expect(program(to.out).steps.map((s) => s.motions?.[0]?.type ?? s.op)).toEqual(['omp_target_enter_data', 'to']);
    expect(to.err.split('\n').slice(0, 2)).toEqual([`${f}: 2 steps from lines 7, 8`, '  defined: CLAUSE=to']);
    const from = await cli('import', f, '-DCLAUSE=from');
    expect(program(from.out).steps[1]!.motions).toEqual([{ type: 'from', modifiers: ['present'], vars: ['a'] }]);
    expect(from.err).toContain('\n  defined: CLAUSE=from\n');
    // --define is the long form; without -D no such line
    expect((await cli('import', f, '--define', 'CLAUSE=from')).out).toBe(from.out);
    expect((await cli('import', file('plain.c', TWICE.replace('CLAUSE', 'to')))).err).not.toContain('defined:');
  });

  it('run takes -D too: each definition gives its own program; a JSON file gets a note, a Fortran source the refusal', async () => {
    const f = file('twice.c', TWICE);
    // OpenMP 6.0 §15.9: an update with the present modifier of entered data moves it, both ways
    const to = await cli('run', f, '-D', 'CLAUSE=to');
    expect(to.code).toBe(0);
    expect(to.out).toMatch(/^2 +!\$omp target update to\(present: a\) +ok$/m);
    expect((await cli('run', f, '-D', 'CLAUSE=from')).out).toMatch(/^2 +!\$omp target update from\(present: a\) +ok$/m);
    expect((await cli('run', f)).err).toBe(`error: ${f}:8: clause clause of #pragma omp target update is not imported; CLAUSE looks like a macro the program is compiled with: define it with mapcheck import -D CLAUSE=…\n`);
    const json = file('p.json', JSON.stringify({ world: { arrays: [{ name: 'a', length: 2 }], structs: [] }, steps: [{ op: 'host_read', var: 'a' }] }));
    const noted = await cli('run', json, '-D', 'X');
    expect(noted.code).toBe(0);
    expect(noted.err).toContain(`note: -D defines macros of C sources; ${json} is no source file, so it is read without them\n`);
    const fortran = await cli('run', file('p.f90', 'program p\nend program p\n'), '-D', 'X');
    expect(fortran.code).toBe(2);
    expect(fortran.err).toContain('-D is for C sources');
  });

  it('emit takes -D too: the program written is the one the definitions give', async () => {
    const f = file('twice.c', TWICE);
    const to = await cli('emit', f, '--lang', 'c', '-D', 'CLAUSE=to');
    expect(to.code).toBe(0);
    expect(to.out).toContain('#pragma omp target update to(');
    expect((await cli('emit', f, '--lang', 'c', '-D', 'CLAUSE=from')).out).toContain('#pragma omp target update from(');
    expect((await cli('emit', f, '--lang', 'c')).code).toBe(2);
  });

  it('-D repeats; -D NAME defines NAME as 1; the last definition of a name holds', async () => {
    const f = file('twice.c', TWICE);
    const r = await cli('import', f, '-D', 'CLAUSE=to', '-D', 'WIDE', '-D', 'N=2', '-D', 'N=6');
    expect(r.code).toBe(0);
    const p = program(r.out);
    expect(p.world.arrays).toEqual([{ name: 'a', length: 6 }]);
    // #if WIDE holds: the exit data is a third step
    expect(p.steps.map((s) => s.op)).toEqual(['omp_target_enter_data', 'omp_target_update', 'omp_target_exit_data']);
    expect(r.err).toContain('\n  defined: CLAUSE=to, WIDE=1, N=6\n');
    expect(program((await cli('import', f, '-D', 'CLAUSE=to', '-D', 'WIDE=0')).out).steps).toHaveLength(2);
  });

  it('a definition the file makes itself holds from its line, with a note (stderr and --json)', async () => {
    const f = file('redefine.c', `#define CLAUSE from\n${TWICE}`);
    const r = await cli('import', f, '-D', 'CLAUSE=to');
    expect(r.code).toBe(0);
    expect(program(r.out).steps[1]!.motions![0]!.type).toBe('from');
    expect(r.err).toContain('\n  line 1: redefines CLAUSE of the command line (-D CLAUSE=to) from here on\n');
    const j = JSON.parse((await cli('import', f, '-D', 'CLAUSE=to', '--json')).out) as { notes: { line: number; text: string }[] };
    expect(j.notes).toContainEqual({ line: 1, text: 'redefines CLAUSE of the command line (-D CLAUSE=to) from here on' });
  });

  it.for([
    ['=3', 'no name'],
    ['1X', 'a name that is no identifier'],
    ['A B', 'a space in the name (one argument)'],
    ['F(x)=x', 'a function-like macro'],
  ])('-D %s (%s): one line naming the option, exit 2', async ([arg]) => {
    const f = file('twice.c', TWICE);
    expect(await cli('import', f, '-D', arg!)).toEqual({
      code: 2,
      out: '',
      err: `error: ${option} argument '${arg}' is invalid. expected NAME or NAME=VALUE, NAME a C identifier (e.g. -D CLAUSE=to).\n`,
    });
  });

  it('-D A B (two arguments) and a -D without its value: one line, exit 2', async () => {
    const f = file('twice.c', TWICE);
    expect(await cli('import', f, '-D', 'A', 'B')).toEqual({ code: 2, out: '', err: "error: too many arguments for 'import'. Expected 1 argument but got 2.\n" });
    expect(await cli('import', f, '-D')).toEqual({ code: 2, out: '', err: `error: ${option} argument missing\n` });
    expect(await cli('import', f, '-D', 'V=a\nb')).toMatchObject({ code: 2, err: `error: ${option} argument 'V=a\nb' is invalid. expected a VALUE of one line.\n` });
  });

  it('a Fortran source with -D is refused: its importer does not preprocess', async () => {
    expect(await cli('import', SEED, '-D', 'X=1')).toEqual({
      code: 2,
      out: '',
      err: `error: ${SEED}: -D is for C sources: the Fortran importer does not preprocess (no #define, #ifdef), so it cannot apply macro definitions\n`,
    });
    expect((await cli('import', SEED)).code).toBe(0);
  });
});

describe('the example sources are real programs', () => {
  it.for([
    ['seed-reattach.f90', 'gfortran', '-fopenacc'],
    ['omp-struct.f90', 'gfortran', '-fopenmp'],
    ['seed-reattach.c', 'gcc', '-fopenacc'],
  ])('%s builds with %s %s -foffload=disable and prints OK on the host', ([name, compiler, flag], ctx) => {
    const missing = missingTool(compiler!);
    if (missing) ctx.skip(missing);
    const exe = join(scratch, name!.replace('.', '-'));
    const cc = spawnSync(compiler!, [flag!, ...HOST_ONLY_FLAGS, join(root, 'examples', name!), '-o', exe], { encoding: 'utf8' });
    expect(cc.status, cc.stderr).toBe(0);
    const run = spawnSync(exe, [], { encoding: 'utf8' });
    expect(run.stdout).toContain('OK');
  });
});
