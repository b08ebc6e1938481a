import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCaseFile } from '../counterexamples/case.js';
import type { Program } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { EmitError, commentText, emitProgram, hostFallbackVerdict } from './emit.js';
import { main } from './main.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REATTACH = join(root, 'counterexamples', 'seed-000-reattach-after-reassociation.json');
const DETACH = join(root, 'counterexamples', 'seed-000-detach-never-attached.json');

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-emit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function program(raw: unknown): Program {
  const r = validateProgram(raw);
  if (!r.ok) throw new Error(`test program invalid: ${r.field}: ${r.message}`);
  return r.program;
}

function emitCase(path: string, lang: 'fortran' | 'c'): string {
  const caseFile = loadCaseFile(path);
  return emitProgram(caseFile.program, { lang, caseFile, source: path });
}

/** Statements that carry meaning in a Fortran program: no comments, declarations or output. */
function fortranStatements(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => !l.startsWith('! ') && !l.includes('::'))
    .filter((l) => /^(!\$acc|.*=>|nullify|res\(i\) =|if \()/.test(l));
}

/** The seed's statements, with its names replaced by the generated ones (listed in the Names comment). */
function seedStatements(lines: string[], rename: Record<string, string>): string[] {
  return lines.map((l) => l.replace(/\b[a-z]\b/g, (n) => rename[n] ?? n).replace(/%p\b/g, '%p1'));
}

describe('Fortran from the seed cases', () => {
  it('re-attach: the seed directives, pointer assignments and check, in the seed order', () => {
    const text = emitCase(REATTACH, 'fortran');
    expect(text).toContain('! Names: v1 = a; v2 = b; v3 = c (type t1; p1 = p)');
    const seed = [
      'c%p => a',
      '!$acc enter data copyin(c)',
      '!$acc enter data copyin(a) attach(c%p)',
      'c%p => b',
      '!$acc enter data copyin(b) attach(c%p)',
      '!$acc parallel loop present(c)',
      'res(i) = c%p(i)',
      'if (all(res == 2)) then',
    ];
    expect(fortranStatements(text)).toEqual(seedStatements(seed, { a: 'v1', b: 'v2', c: 'v3' }));
    expect(text).toMatch(/write\(\*,\*\) "OK"\n {2}else\n {4}write\(\*,\*\) "Wrong result: ", res\n {4}error stop/);
  });

  it('detach of a never-attached pointer: the seed directives and check, in the seed order', () => {
    const text = emitCase(DETACH, 'fortran');
    const seed = [
      'nullify(c%p)',
      '!$acc enter data copyin(c)',
      '!$acc exit data detach(c%p)',
      'c%p => a',
      '!$acc enter data copyin(a) attach(c%p)',
      '!$acc parallel loop present(c)',
      'res(i) = c%p(i)',
      'if (all(res == 1)) then',
    ];
    expect(fortranStatements(text)).toEqual(seedStatements(seed, { a: 'v1', c: 'v2' }));
  });

  it('names the case, its sides, status and spec sections in comments', () => {
    const text = emitCase(REATTACH, 'fortran');
    expect(text).toContain('! Case: Re-attach after host reassociation');
    expect(text).toContain('! Sides: a = model:spec, b = model:cray-19; compared by observations; status known-divergence');
    expect(text).toContain('! Spec: OpenACC 3.3 §2.7.2 Attach Action; OpenACC 3.3 §2.6.8 Attachment Counter');
    expect(text).toContain('! The sides diverge here: model:cray-19 observes read [10*1].');
  });
});

describe('C from the seed cases', () => {
  it('re-attach: pragmas in the seed order, pointers as int *p with a count, a check against 10*2', () => {
    const text = emitCase(REATTACH, 'c');
    expect(text.split('\n').filter((l) => l.startsWith('#pragma'))).toEqual([
      '#pragma acc enter data copyin(v3)',
      '#pragma acc enter data copyin(v1) attach(v3.p1)',
      '#pragma acc enter data copyin(v2) attach(v3.p1)',
      '#pragma acc parallel loop present(v3)',
    ]);
    expect(text).toContain('struct t1 {\n  int *p1;\n  int p1_n;\n};');
    expect(text).toContain('(const int[]){2, 2, 2, 2, 2, 2, 2, 2, 2, 2}');
  });
});

describe('generated identifiers', () => {
  const world = (a: string, b: string, s: string, m: string) => ({
    arrays: [{ name: a, length: 4, init: [1, 2, 3, 4] }, { name: b, length: 4 }],
    structs: [{ name: s, pointers: [m], init: { [m]: `${a}(2:3)` } }],
  });
  const steps = (a: string, b: string, s: string, m: string) => [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [s, `${s}%${m}`] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: [s] }], body: { read: `${s}%${m}` } },
    { op: 'pointer_assign', ptr: `${s}%${m}`, target: b },
    { op: 'acc_attach', ptr: `${s}%${m}` },
    { op: 'acc_is_present', var: `${a}(1:2)` },
    { op: 'host_read', var: a },
  ];
  const code = (text: string) => text.split('\n').filter((l) => !/^\s*(!|\/\/)\s/.test(l) || /^\s*!\$/.test(l));

  it.each(['fortran', 'c'] as const)('%s: hostile names change only the comments', (lang) => {
    const hostile = ['x_1', 'res', 'main', 'i'] as const;
    const plain = ['a', 'b', 'c', 'p'] as const;
    const a = emitProgram(program({ world: world(...hostile), steps: steps(...hostile) }), { lang });
    const b = emitProgram(program({ world: world(...plain), steps: steps(...plain) }), { lang });
    expect(code(a)).toEqual(code(b));
    expect(code(a).join('\n')).not.toContain('x_1');
    expect(a).toContain('Names: v1 = x_1; v2 = res; v3 = main (type t1; p1 = i)');
  });

  it('comment text cannot break out of its line', () => {
    expect(commentText('title\n  call execute_command_line("rm")\r\u2028x\\')).toBe('title   call execute_command_line("rm")  x/');
    const caseFile = { ...loadCaseFile(REATTACH), title: 'evil\nerror stop\\' };
    for (const lang of ['fortran', 'c'] as const) {
      const text = emitProgram(caseFile.program, { lang, caseFile });
      expect(text).toContain('Case: evil error stop/');
      expect(text.split('\n').filter((l) => l.trim() === 'error stop').length).toBe(lang === 'fortran' ? 1 : 0);
    }
  });
});

describe('what the spec says decides where the program stops', () => {
  const base = { arrays: [{ name: 'a', length: 8, init: 1 }], structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };

  it('a spec error is written with the step, then a Wrong result line if the runtime carries on', () => {
    const p = program({
      world: base,
      steps: [
        { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['a(1:4)'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'host_read', var: 'a' },
      ],
    });
    const text = emitProgram(p, { lang: 'fortran' });
    expect(text).toContain('!$acc enter data copyin(v1)\n  ! The spec stops the program here with runtime error acc_error_partly_present');
    expect(text).toContain('"Wrong result: step 2 should have stopped with runtime error acc_error_partly_present"');
    expect(text).not.toContain('res = v1');
    expect(text).not.toContain('"OK"');
    expect(text).toMatch(/error stop\n {2}!\$acc end data\nend program/);
    expect(hostFallbackVerdict(p).runnable).toBe(false);
  });

  it('an undefined step is not written, and the open region still closes', () => {
    const p = program({
      world: base,
      steps: [
        { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
        { op: 'host_read', var: 'a' },
      ],
    });
    const text = emitProgram(p, { lang: 'c' });
    expect(text).toContain('// Not written: the spec calls this step undefined behaviour');
    expect(text).not.toContain('parallel loop');
    expect(text).toMatch(/#pragma acc data copyin\(v2\)\n {2}\{\n( {4}\/\/.*\n)+ {2}\}\n {2}printf\("OK\\n"\);/);
  });

  it('acc_is_present false makes a program that cannot run on the host fallback', () => {
    const p = program({ world: base, steps: [{ op: 'acc_is_present', var: 'a' }] });
    // The only check is the last statement, so Fortran folds OK into it as the seeds do.
    expect(emitProgram(p, { lang: 'fortran' })).toContain('if (.not. acc_is_present(v1)) then\n    write(*,*) "OK"\n  else');
    expect(emitProgram(p, { lang: 'c' })).toContain('check(!(acc_is_present(v1, sizeof v1)), "step 1: acc_is_present should return false");');
    const verdict = hostFallbackVerdict(p);
    expect(verdict.runnable).toBe(false);
    expect(verdict.reasons[0]).toContain('the spec expects false');
  });

  it('a program that stops before its first check is not worth running', () => {
    const p = program({
      world: base,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
      ],
    });
    expect(hostFallbackVerdict(p)).toEqual({ runnable: false, reasons: [expect.stringContaining('nothing is checked before step 2')] });
  });

  it('the seeds run on the host fallback, and the verdict says what such a run cannot show', () => {
    const reattach = loadCaseFile(REATTACH);
    const verdict = hostFallbackVerdict(reattach.program, reattach);
    expect(verdict.runnable).toBe(true);
    expect(verdict.reasons).toEqual([expect.stringContaining('model:cray-19 observes read [10*1] where the spec observes read [10*2]')]);
    const detach = loadCaseFile(DETACH);
    expect(hostFallbackVerdict(detach.program, detach).reasons).toEqual([expect.stringContaining('differ only in state')]);
  });

  it('refuses --api openmp for an OpenACC program, and a disassociated pointer as a Fortran routine argument', () => {
    const reattach = loadCaseFile(REATTACH);
    expect(() => emitProgram(reattach.program, { lang: 'c', api: 'openmp' })).toThrow(EmitError);
    const p = program({ world: { ...base, structs: [{ name: 'c', pointers: ['p'] }] }, steps: [{ op: 'acc_is_present', var: 'c%p' }] });
    expect(() => emitProgram(p, { lang: 'fortran' })).toThrow(/disassociated/);
    expect(emitProgram(p, { lang: 'c' })).toContain('acc_is_present(v2.p1, v2.p1_n * sizeof(int))');
  });
});

describe('mapcheck emit', () => {
  async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = '';
    let err = '';
    const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), errIsTTY: false });
    return { code, out, err };
  }

  it('prints the program and exits 0', async () => {
    const r = await cli('emit', REATTACH, '--lang', 'c');
    expect(r.code).toBe(0);
    expect(r.out).toContain('#pragma acc parallel loop present(v3)');
  });

  it('exits 2 with one line for a missing --lang or an API the program does not use', async () => {
    expect((await cli('emit', REATTACH)).code).toBe(2);
    const r = await cli('emit', REATTACH, '--lang', 'fortran', '--api', 'openmp');
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: step 2 (acc_enter_data): not an OpenMP step, but --api openmp was asked for\n');
  });
});

// Compiling needs Debian's gfortran / gcc (.ci/run installs gfortran); without them these tests are
// reported as skipped, with the reason in their name.
function onPath(command: string): boolean {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
}
const compilers = [
  ['fortran', 'gfortran', 'f90'],
  ['c', 'gcc', 'c'],
] as const;

describe.each(compilers)('%s seeds compile and run with %s -fopenacc', (lang, command, ext) => {
  const present = onPath(command);
  it.runIf(present).each([
    ['re-attach', REATTACH],
    ['detach', DETACH],
  ])(present ? '%s' : `%s (skipped: ${command} is not on PATH)`, (_name, path) => {
    const source = join(scratch, `${_name}-${lang}.${ext}`);
    const binary = join(scratch, `${_name}-${lang}`);
    writeFileSync(source, emitCase(path, lang));
    const cc = spawnSync(command, ['-fopenacc', '-Wall', source, '-o', binary], { encoding: 'utf8' });
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
    // Host fallback: device and host share memory, and both seeds read what the spec reads there.
    const run = spawnSync(binary, [], { encoding: 'utf8', env: { ...process.env, ACC_DEVICE_TYPE: 'host' }, timeout: 30_000 });
    expect(run.stdout.trim()).toBe('OK');
    expect(run.status).toBe(0);
  });
});
