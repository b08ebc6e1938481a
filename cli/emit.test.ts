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
import { emitObservationProgram } from './emit/observe.js';
import { DETACH, REATTACH, cli } from './test-support.js';
import { HOST_ONLY_FLAGS, hostOnlyEnv, missingTool } from '../toolchain/host.js';
import { HOST_COMPILERS as compilers, warnMissingCompilers } from './emit/test-support.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seed003 = (slug: string) => join(root, 'counterexamples', 'cases', `seed-003-${slug}.json`);

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
    expect(hostFallbackVerdict(p)).toEqual({ runnable: false, wrongAt: null, reasons: [expect.stringContaining('nothing is checked before step 2')] });
  });

  it('the seeds run on the host fallback, and the verdict says what such a run cannot show', () => {
    const reattach = loadCaseFile(REATTACH);
    const verdict = hostFallbackVerdict(reattach.program, reattach);
    expect(verdict.runnable).toBe(true);
    expect(verdict.reasons).toEqual([expect.stringContaining('model:cray-19 observes read [10*1] where the spec observes read [10*2]')]);
    const detach = loadCaseFile(DETACH);
    expect(hostFallbackVerdict(detach.program, detach).reasons).toEqual([expect.stringContaining('differ only in state')]);
  });

  it('refuses --api openmp for an OpenACC program; a disassociated pointer as a Fortran routine argument is a null pointer through the C binding', () => {
    const reattach = loadCaseFile(REATTACH);
    expect(() => emitProgram(reattach.program, { lang: 'c', api: 'openmp' })).toThrow(EmitError);
    const p = program({
      world: { ...base, structs: [{ name: 'c', pointers: ['p'] }] },
      steps: [
        { op: 'acc_is_present', var: 'c%p' },
        { op: 'acc_copyout', var: 'c%p' },
      ],
    });
    const f = emitProgram(p, { lang: 'fortran' });
    expect(f).toContain('if (.not. (acc_is_present_c(c_null_ptr, 0_c_size_t) /= 0)) then');
    expect(f).toContain('  call acc_copyout_c(c_null_ptr, 0_c_size_t)');
    expect(f).toContain('    subroutine acc_copyout_c(h, bytes) bind(C, name="acc_copyout")');
    expect(f).toContain('    integer(c_int) function acc_is_present_c(h, bytes) bind(C, name="acc_is_present")');
    expect(emitProgram(p, { lang: 'c' })).toContain('acc_is_present(v2.p1, v2.p1_n * sizeof(int))');
  });
});

describe('mapcheck emit', () => {
  it('prints the program and exits 0', async () => {
    const r = await cli('emit', REATTACH, '--lang', 'c');
    expect(r.code).toBe(0);
    expect(r.out).toContain('#pragma acc parallel loop present(v3)');
  });

  it('exits 2 with one line, naming the file, for a missing --lang or an API the program does not use', async () => {
    expect((await cli('emit', REATTACH)).code).toBe(2);
    const r = await cli('emit', REATTACH, '--lang', 'fortran', '--api', 'openmp');
    expect(r.code).toBe(2);
    expect(r.err).toBe(`error: ${REATTACH}: step 2 (acc_enter_data): not an OpenMP step, but --api openmp was asked for\n`);
  });
});

// Compiling needs Debian's gfortran / gcc (.ci/run installs gfortran, which brings gcc). Without
// one, its tests are skipped with the reason as the skip note, and a warning names the missing tool.
// Host-only builds pass -foffload=disable (toolchain/host.ts says why).
warnMissingCompilers('cli/emit.test.ts');

describe.each(compilers)('%s seeds compile and run with %s -fopenacc -foffload=disable', (lang, command, ext) => {
  const missing = missingTool(command);
  for (const [_name, path] of [
    ['re-attach', REATTACH],
    ['detach', DETACH],
  ] as const) {
    it(_name, (ctx) => {
      if (missing) ctx.skip(missing);
      const source = join(scratch, `${_name}-${lang}.${ext}`);
      const binary = join(scratch, `${_name}-${lang}`);
      writeFileSync(source, emitCase(path, lang));
      const cc = spawnSync(command, ['-fopenacc', ...HOST_ONLY_FLAGS, '-Wall', source, '-o', binary], { encoding: 'utf8' });
      expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
      // Host fallback: device and host share memory, and both seeds read what the spec reads there.
      const run = spawnSync(binary, [], { encoding: 'utf8', env: hostOnlyEnv(), timeout: 30_000 });
      expect(run.stdout.trim()).toBe('OK');
      expect(run.status).toBe(0);
    });
  }
});

describe('OpenMP device memory routines', () => {
  const world = {
    arrays: [{ name: 'a', length: 8, init: 1 }],
    structs: [{ name: 'c', pointers: ['p'] }],
    devices: [{ kind: 'discrete' }, { kind: 'shared' }],
  };
  // Every routine once, with handles, byte offsets, the host device and a struct address.
  const routines = program({
    world,
    steps: [
      { op: 'omp_target_alloc', bytes: 32, device: 0, result: 'buf' },
      { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'buf' }, bytes: 32, offset: 0, device: 0 },
      { op: 'omp_target_is_present', ptr: { var: 'a', offset: 6 }, device: 0 },
      { op: 'omp_target_is_accessible', ptr: { handle: 'buf', offset: 8 }, bytes: 16, device: 0 },
      { op: 'omp_get_mapped_ptr', ptr: { var: 'a', offset: 8 }, device: 'initial' },
      { op: 'omp_get_mapped_ptr', ptr: { var: 'c' }, device: 0 },
      { op: 'omp_target_memcpy', dst: { handle: 'buf' }, src: { var: 'a' }, bytes: 32, dst_offset: 0, src_offset: 0, dst_device: 0, src_device: 2 },
      { op: 'omp_target_disassociate_ptr', ptr: { var: 'a' }, device: 0 },
      { op: 'omp_target_free', ptr: { handle: 'buf' }, device: 0 },
      { op: 'omp_target_free', ptr: null, device: 0 },
    ],
  });

  it('C: each routine with the spec result checked exactly, or as null / non-null / the host pointer', () => {
    const text = emitProgram(routines, { lang: 'c' });
    for (const line of [
      'int omp_target_is_accessible(const void *ptr, size_t size, int device_num);',
      'void *omp_get_mapped_ptr(const void *ptr, int device_num);',
      '  void *h1;',
      '  h1 = omp_target_alloc(32, 0);',
      '  check(h1 != NULL, "step 1: omp_target_alloc should return a device address");',
      '  check(omp_target_associate_ptr(v1, h1, 32, 0, 0) == 0, "step 2: omp_target_associate_ptr should return 0");',
      '  check(omp_target_is_present((char *)v1 + 6, 0) != 0, "step 3: omp_target_is_present should return true (nonzero)");',
      '  check(omp_target_is_accessible((char *)h1 + 8, 16, 0) != 0, "step 4: omp_target_is_accessible should return true (nonzero)");',
      '  check(omp_get_mapped_ptr(&v1[2], omp_get_initial_device()) == (void *)(&v1[2]), "step 5: omp_get_mapped_ptr should return the host pointer itself");',
      '  check(!(omp_get_mapped_ptr(&v2, 0) != NULL), "step 6: omp_get_mapped_ptr should return a null pointer");',
      '  check(omp_target_memcpy(h1, v1, 32, 0, 0, 0, omp_get_initial_device()) == 0, "step 7: omp_target_memcpy should return 0");',
      '  check(omp_target_disassociate_ptr(v1, 0) == 0, "step 8: omp_target_disassociate_ptr should return 0");',
      '  omp_target_free(h1, 0);',
      '  omp_target_free(NULL, 0);',
    ])
      expect(text).toContain(line);
    expect(text).toContain('Names: v1 = a; v2 = c (type t1; p1 = p); h1 = buf');
  });

  it('Fortran: omp_lib and iso_c_binding, C bindings for the routines gfortran 12 lacks, c_loc and plus_bytes', () => {
    const text = emitProgram(routines, { lang: 'fortran' });
    const code = text.replace(/ &\n\s+/g, ' ');
    for (const line of [
      '  use omp_lib',
      '  use iso_c_binding, only: c_associated, c_int, c_intptr_t, c_loc, c_null_ptr, c_ptr, c_size_t',
      'integer(c_int) function omp_target_is_accessible_c(ptr, size, device_num) bind(C, name="omp_target_is_accessible")',
      'type(c_ptr) function omp_get_mapped_ptr_c(ptr, device_num) bind(C, name="omp_get_mapped_ptr")',
      '  type(t1), target :: v2',
      '  type(c_ptr) :: h1',
      '  h1 = omp_target_alloc(32_c_size_t, 0)',
      '  if (.not. c_associated(h1)) then',
      '  if (.not. (omp_target_associate_ptr(c_loc(v1(1)), h1, 32_c_size_t, 0_c_size_t, 0) == 0)) then',
      '  if (.not. (omp_target_is_present(plus_bytes(c_loc(v1(1)), 6), 0) /= 0)) then',
      '  if (.not. (omp_target_is_accessible_c(plus_bytes(h1, 8), 16_c_size_t, 0) /= 0)) then',
      '  if (.not. c_associated(omp_get_mapped_ptr_c(c_loc(v1(3)), omp_get_initial_device()), c_loc(v1(3)))) then',
      '  if (c_associated(omp_get_mapped_ptr_c(c_loc(v2), 0))) then',
      '  if (.not. (omp_target_memcpy(h1, c_loc(v1(1)), 32_c_size_t, 0_c_size_t, 0_c_size_t, 0, omp_get_initial_device()) == 0)) then',
      '  if (.not. (omp_target_disassociate_ptr(c_loc(v1(1)), 0) == 0)) then',
      '  call omp_target_free(h1, 0)',
      '  call omp_target_free(c_null_ptr, 0)',
      '    plus_bytes = transfer(transfer(p, 0_c_intptr_t) + n, p)',
    ])
      expect(code).toContain(line);
    expect(code).toMatch(/call omp_target_free\(c_null_ptr, 0\)\n {2}write\(\*,\*\) "OK"\ncontains\n/);
  });

  it('an undefined routine result stops the program; false and nonzero are checked as == 0 and /= 0', () => {
    const p = program({
      world,
      steps: [
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 },
        { op: 'omp_target_disassociate_ptr', ptr: null, device: 0 },
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 7 },
        { op: 'omp_target_free', ptr: null, device: 0 },
      ],
    });
    const text = emitProgram(p, { lang: 'fortran' });
    expect(text).toContain('  if (.not. (omp_target_is_present(c_loc(v1(1)), 0) == 0)) then');
    expect(text).toContain('  if (.not. (omp_target_disassociate_ptr(c_null_ptr, 0) /= 0)) then');
    expect(text).toContain('! Not written: the spec calls this step undefined behaviour');
    const code = text.split('\n').filter((l) => !l.trim().startsWith('!'));
    expect(code.filter((l) => l.includes(', 7)') || l.includes('omp_target_free'))).toEqual([]);
  });

  it('devices: the host as omp_get_initial_device(), omp_initial_device as -1 with a comment', () => {
    const p = program({
      world,
      steps: [
        { op: 'omp_target_enter_data', device: 2, maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target', device: -1, maps: [], body: { read: 'a' } },
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: -1 },
      ],
    });
    const text = emitProgram(p, { lang: 'c' });
    expect(text).toContain('#pragma omp target enter data device(omp_get_initial_device()) map(to: v1)');
    expect(text).toContain('  // -1 is omp_initial_device (OpenMP 5.2), a name gcc 12 does not define\n');
    expect(text).toContain('#pragma omp target device(-1)');
    expect(text).toContain('check(omp_target_is_present(v1, -1) != 0,');
    expect(text).toContain('Devices the checks assume: 0 has its own memory, 1 shares memory with the host; the host is omp_get_initial_device(), number 2.');
  });

  it("the 6.0 delete modifier on a release map is GCC's delete map type; on a from map its 5.x pair (always from, then delete)", () => {
    const exit = (type: string) =>
      program({
        world,
        steps: [
          { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
          { op: 'omp_target_exit_data', maps: [{ type, modifiers: ['always', 'delete'], vars: ['a'] }] },
        ],
      });
    expect(emitProgram(exit('release'), { lang: 'fortran' })).toContain('!$omp target exit data map(always, delete: v1)');
    const from = emitProgram(exit('from'), { lang: 'c' });
    expect(from).toContain('#pragma omp target exit data map(always, from: v1)\n#pragma omp target exit data map(delete: v1)\n');
    // Still refused where the pair would observe something else than the one directive.
    const twice = program({
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }, { type: 'alloc', vars: ['a(1:4)'] }] },
        { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['a'] }] },
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 },
      ],
    });
    // One construct counts a once ("at most once per construct"), the split twice: still present.
    expect(() => emitProgram(twice, { lang: 'c' })).toThrow(/^step 3 \(omp_target_is_present\): GCC 12 accepts it only rewritten \(an earlier step split\), and the spec observes true there instead of false/);
  });

  it('host fallback: device 0 is the host, so discrete-device answers and other device numbers are not run', () => {
    const notMapped = loadCaseFile(seed003('is-present-not-mapped'));
    expect(hostFallbackVerdict(notMapped.program, notMapped)).toEqual({
      runnable: false,
      wrongAt: null,
      reasons: ['step 1 (omp_target_is_present(&a, 0)): the spec observes false, but true with device 0 as the host'],
    });
    const shared = loadCaseFile(seed003('is-present-shared-memory'));
    expect(hostFallbackVerdict(shared.program, shared).reasons).toEqual([expect.stringContaining('device 2 does not exist on the host fallback')]);
    const mapped = loadCaseFile(seed003('is-present-map-clause'));
    expect(hostFallbackVerdict(mapped.program, mapped)).toMatchObject({ runnable: true, wrongAt: null });
  });

  it('host fallback: where the libgomp profile answers differently, the run must fail at that step', () => {
    const nullPtr = loadCaseFile(seed003('is-present-null'));
    const verdict = hostFallbackVerdict(nullPtr.program, nullPtr);
    expect(verdict).toMatchObject({ runnable: true, wrongAt: 1 });
    expect(verdict.reasons).toEqual([expect.stringContaining('gcc\'s runtime should print Wrong result there')]);
  });
});

// The OpenMP seed-003 cases with gcc's libgomp on the host fallback (OMP_TARGET_OFFLOAD=DISABLED).
describe.each(compilers)('%s seed-003 cases compile with %s -fopenmp -foffload=disable', (lang, command, ext) => {
  const missing = missingTool(command);
  const build = (slug: string, link: boolean) => {
    const source = join(scratch, `${slug}-${lang}.${ext}`);
    const output = join(scratch, `${slug}-${lang}${link ? '' : '.o'}`);
    writeFileSync(source, emitCase(seed003(slug), lang));
    const cc = spawnSync(command, ['-fopenmp', ...HOST_ONLY_FLAGS, '-Wall', ...(link ? [] : ['-c']), source, '-o', output], { encoding: 'utf8' });
    return { cc, output };
  };
  const run = (binary: string) => spawnSync(binary, [], { encoding: 'utf8', env: hostOnlyEnv(), timeout: 30_000 });

  it('alloc and free run and print OK', (ctx) => {
    if (missing) ctx.skip(missing);
    const { cc, output } = build('free-allocation', true);
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
    expect(hostFallbackVerdict(loadCaseFile(seed003('free-allocation')).program).runnable).toBe(true);
    const r = run(output);
    expect(r.stdout.trim()).toBe('OK');
    expect(r.status).toBe(0);
  });

  it('is_present(NULL) runs and shows the libgomp divergence at step 1', (ctx) => {
    if (missing) ctx.skip(missing);
    const { cc, output } = build('is-present-null', true);
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
    const r = run(output);
    expect(r.stdout).toContain('Wrong result: step 1: omp_target_is_present should return false (0)');
    expect(r.status).not.toBe(0);
  });

  it('associate_ptr with a device offset compiles (gcc 12 lacks omp_get_mapped_ptr to link it)', (ctx) => {
    if (missing) ctx.skip(missing);
    const { cc } = build('associate-ptr-device-offset', false);
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
  });
});

// Issue 11: emit defects found with gfortran / gcc 12 on a GPU.
describe('emit for GCC 12', () => {
  const world = { arrays: [{ name: 'a', length: 12, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }] };

  it('Fortran arrays and pointer members are pointer, contiguous (no temporary copy passed to acc_* routines)', () => {
    const text = emitProgram(program({ world, steps: [{ op: 'acc_copyin', var: 'a' }] }), { lang: 'fortran' });
    expect(text).toContain('  integer, pointer, contiguous :: v1(:)');
    expect(text).toContain('    integer, pointer, contiguous :: p1(:) => null()');
  });

  it('a routine or kernel whose spec result is an error is written with the stop check, not an internal error', () => {
    const partly = [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(7:12)'] }] }];
    const kernel = program({ world, steps: [...partly, { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a(5:10)'] }], body: { read: 'a(5:10)' } }] });
    const routine = program({ world, steps: [...partly, { op: 'acc_copyin', var: 'a(5:10)' }] });
    for (const p of [kernel, routine])
      for (const lang of ['fortran', 'c'] as const)
        expect(emitProgram(p, { lang })).toContain('step 2 should have stopped with runtime error acc_error_partly_present');
    expect(emitProgram(kernel, { lang: 'c' })).toContain('  for (int i = 0; i < 6; i++)\n    res[i] = v1[i + 4];');
  });

  it('an enter data naming a struct and its member is written one directive per reference; a construct doing so is refused', () => {
    const steps = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }, { clause: 'copyin', vars: ['c%p'] }] },
    ];
    const text = emitProgram(program({ world, steps }), { lang: 'fortran' });
    expect(text).toContain('  !$acc enter data copyin(v2)\n  !$acc enter data copyin(v2%p1)\n');
    const construct = program({ world, steps: [...steps.slice(0, 1), { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c', 'c%p'] }] }, { op: 'acc_data_end' }] });
    expect(() => emitProgram(construct, { lang: 'c' })).toThrow(/step 2 \(acc_data_begin\): names one variable twice or a struct and its member \(c, c%p\), which GCC rejects/);
  });

  it('map(present, …) is written as its GCC 12 equivalent: an is_present check that stops the program', () => {
    const p = program({
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target', maps: [{ type: 'tofrom', modifiers: ['present'], vars: ['a'] }], body: { read: 'a' } },
      ],
    });
    const cText = emitProgram(p, { lang: 'c' });
    expect(cText).toContain('  if (!omp_target_is_present(v1, omp_get_default_device())) {');
    expect(cText).toContain('#pragma omp target map(tofrom: v1)');
    // the modifier itself only in the branch for clang, which has it
    expect(cText.split('\n').filter((l) => /#pragma.*present/.test(l) || l.startsWith('#if') || l.startsWith('#else') || l.startsWith('#endif'))).toEqual([
      '#if defined(__clang__)',
      '#pragma omp target map(present, tofrom: v1)',
      '#else',
      '#endif',
    ]);
    const fText = emitProgram(p, { lang: 'fortran' });
    expect(fText).toContain('  if (omp_target_is_present(c_loc(v1(1)), omp_get_default_device()) == 0) then');
    expect(fText).toContain('!$omp target map(tofrom: v1)');
    // device(omp_initial_device): GCC 12 runs the construct on the default device (-1 is its
    // GOMP_DEVICE_ICV, K-B61), so the check asks that device, not -1, which GCC 12's
    // omp_target_is_present answers with 0 (seed 20251203 program 154 stopped there on the host)
    const initial = program({ world, steps: [p.steps[0]!, { op: 'omp_target_exit_data', device: -1, maps: [{ type: 'from', modifiers: ['present'], vars: ['a'] }] }] });
    expect(emitProgram(initial, { lang: 'c' })).toContain('  if (!omp_target_is_present(v1, omp_get_default_device())) {');
    expect(emitProgram(initial, { lang: 'fortran' })).toContain('  if (omp_target_is_present(c_loc(v1(1)), omp_get_default_device()) == 0) then');
  });
});

describe('OpenMP target update of a pointer member', () => {
  const world = {
    arrays: [{ name: 'a', length: 4, init: 1 }],
    structs: [
      { name: 'c', pointers: ['p'], init: { p: 'a' } },
      { name: 'cs', pointers: ['p'], count: 2, init: { '(2)%p': 'a' } },
    ],
  };
  const p = program({
    world,
    steps: [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }, { type: 'to', vars: ['c%p'] }] },
      { op: 'host_write', var: 'a', value: 5 },
      { op: 'omp_target_update', motions: [{ type: 'to', vars: ['c%p'] }, { type: 'from', vars: ['cs(2)%p'] }] },
      { op: 'omp_target', maps: [{ type: 'alloc', vars: ['c'] }], body: { read: 'c%p' } },
    ],
  });

  it('Fortran names the member through a pointer alias (gfortran 12 rejects a component in a motion clause); C names the section', () => {
    const f = emitProgram(p, { lang: 'fortran' });
    expect(f).toContain('  u1 => v2%p1\n  u2 => v3(2)%p1\n  !$omp target update to(u1) from(u2)');
    expect(f).toContain('  integer, pointer, contiguous :: u1(:), u2(:)');
    expect(emitProgram(p, { lang: 'c' })).toContain('#pragma omp target update to(v2.p1[0:v2.p1_n]) from(v3[1].p1[0:v3[1].p1_n])');
  });

  it.for(compilers)('%s compiles it with %s -fopenmp -foffload=disable', ([lang, command, ext], ctx) => {
    const missing = missingTool(command);
    if (missing) ctx.skip(missing);
    const source = join(scratch, `update-member-${lang}.${ext}`);
    writeFileSync(source, emitProgram(p, { lang }));
    const cc = spawnSync(command, ['-fopenmp', ...HOST_ONLY_FLAGS, '-c', source, '-o', `${source}.o`], { encoding: 'utf8' });
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
  });
});

describe('a kernel reading a pointer itself (OpenACC 3.3 §2.6.8)', () => {
  const p = program({
    world: { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }] },
    steps: [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_parallel', clauses: [], default: 'present', body: { pointer: 'c%p' } },
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p'] }] },
      { op: 'acc_parallel', clauses: [], body: { pointer: 'c%p' }, result: 'dp' },
    ],
  });

  it('checks null as null and a device address as non-null and not the host pointer; the kept value is a handle', () => {
    const f = emitProgram(p, { lang: 'fortran' });
    expect(f).toContain('!$acc parallel loop default(present) copy(pres)');
    expect(f).toContain('  if (.not. (.not. c_associated(pres(1)))) then');
    // the last check folds the OK line in: the condition that must hold
    expect(f).toContain('  if ((c_associated(pres(1)) .and. .not. c_associated(pres(1), c_loc(v2%p1)))) then');
    expect(f).toContain('  h1 = pres(1)');
    const c = emitProgram(p, { lang: 'c' });
    expect(c).toContain('check(pres[0] == NULL, "step 2: the kernel should read a null pointer in the pointer");');
    expect(c).toContain('check(pres[0] != NULL && pres[0] != (void *)v2.p1, "step 5: the kernel should read a device address (attached) in the pointer");');
  });

  it.for(compilers)('%s compiles it with %s -fopenacc -foffload=disable', ([lang, command, ext], ctx) => {
    const missing = missingTool(command);
    if (missing) ctx.skip(missing);
    const source = join(scratch, `pointer-kernel-${lang}.${ext}`);
    writeFileSync(source, emitProgram(p, { lang }));
    const cc = spawnSync(command, ['-fopenacc', ...HOST_ONLY_FLAGS, '-Wall', '-c', source, '-o', `${source}.o`], { encoding: 'utf8' });
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
  });
});

describe('the present modifier written as a presence check (GCC 12 has no present modifier)', () => {
  // A disassociated pointer member names no storage, so the model checks nothing there (OpenMP 6.0
  // §7.9.6, §15.9): the check in the program skips it too (an x86_64-offload run of clang 16 stopped
  // on the check where every profile predicts the update runs).
  const p = program({
    world: { arrays: [{ name: 'a', length: 10, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }], devices: [{ kind: 'discrete' }] },
    steps: [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }] },
      { op: 'omp_target_update', motions: [{ type: 'to', vars: ['c%p'], modifiers: ['present'] }] },
      { op: 'omp_target_update', motions: [{ type: 'to', vars: ['a'], modifiers: ['present'] }] },
      { op: 'omp_target_update', motions: [{ type: 'to', vars: ['c%p(2:4)'], modifiers: ['present'] }] },
    ],
  });
  it('C: a pointer member is checked only when it is not null; an array always', () => {
    const c = emitObservationProgram(p, { lang: 'c' }).text;
    expect(c).toMatch(/if \(v\d+\.p1 != NULL && !omp_target_is_present\(v\d+\.p1, omp_get_default_device\(\)\)\) \{/);
    expect(c).toMatch(/if \(!omp_target_is_present\(v\d+, omp_get_default_device\(\)\)\) \{/);
  });
  it('Fortran: the check of a pointer member sits inside associated()', () => {
    const f = emitObservationProgram(p, { lang: 'fortran' }).text;
    expect(f).toMatch(/ {2}if \(associated\(v\d+%p1\)\) then\n {4}if \(omp_target_is_present\(c_loc\(v\d+%p1\), omp_get_default_device\(\)\) == 0\) then\n/);
    // a section of the member: associated() takes the pointer itself, never the section (gfortran
    // rejects a section there: "must be a POINTER")
    expect(f).toMatch(/ {2}if \(associated\(v\d+%p1\)\) then\n {4}if \(omp_target_is_present\(c_loc\(v\d+%p1\(1 \+ 1\)\)/);
    expect(f).not.toMatch(/associated\(v\d+%p1\(/);
  });
  it.for(compilers)('%s compiles it with %s -fopenmp -foffload=disable', ([lang, command, ext], ctx) => {
    const missing = missingTool(command);
    if (missing) ctx.skip(missing);
    const source = join(scratch, `present-check-${lang}.${ext}`);
    writeFileSync(source, emitObservationProgram(p, { lang }).text);
    const cc = spawnSync(command, ['-fopenmp', ...HOST_ONLY_FLAGS, '-c', source, '-o', `${source}.o`], { encoding: 'utf8' });
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
  });
});

describe('host code inside a use_device region reaches the array through a host alias', () => {
  // OpenACC 3.3 §2.8 / OpenMP 6.0 §7.5.10: inside the region the compilers give the array's own
  // name its device address; gfortran 12 and gcc 12 on an H200 copied device to device where a
  // routine of the region named the array (profiles/measured/gcc-12-nvptx-2026-12-05q.md, -166).
  const hostData: Program = {
    version: 1,
    world: { arrays: [{ name: 'a', length: 8, init: 1 }, { name: 'b', length: 8, init: 2 }], structs: [] },
    steps: [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }] },
      { op: 'acc_host_data_begin', var: 'b', result: 'u' },
      { op: 'acc_memcpy_from_device', var: 'b', dev: { handle: 'u' } },
      { op: 'host_read', var: 'b' },
      { op: 'acc_memcpy_from_device', var: 'a', dev: { handle: 'u' } },
      { op: 'acc_host_data_end' },
      { op: 'host_read', var: 'b' },
    ],
  } as Program;

  it('Fortran: `v2_h1 => v2` before the directive, v2_h1 inside, v2 again after; the alias is declared beside the arrays', () => {
    const f = emitProgram(hostData, { lang: 'fortran' });
    expect(f).toContain('  integer, pointer, contiguous :: v1(:), v2(:)\n  integer, pointer, contiguous :: v2_h1(:)\n');
    expect(f).toContain('  v2_h1 => v2\n  !$acc host_data use_device(v2)\n');
    expect(f).toContain('  call acc_memcpy_from_device_c(c_loc(v2_h1(1)), h1, 32_c_size_t)\n');
    expect(f).toContain('  res = v2_h1\n');
    // another array keeps its own name; after the region, v2 is v2 again
    expect(f).toContain('  call acc_memcpy_from_device_c(c_loc(v1(1)), h1, 32_c_size_t)\n');
    expect(f.slice(f.indexOf('!$acc end host_data'))).toContain('  res = v2\n');
  });

  it('C: a pointer to the array set before the directive, `(*v2_h1)` inside, v2 after', () => {
    const c = emitProgram(hostData, { lang: 'c' });
    expect(c).toContain('  __typeof__(v2) *v2_h1 = &v2;\n#pragma acc host_data use_device(v2)\n');
    expect(c).toContain('acc_memcpy_from_device((*v2_h1), h1, sizeof (*v2_h1));');
    expect(c).toContain('acc_memcpy_from_device(v1, h1, sizeof v1);');
    expect(c.slice(c.indexOf('// step 7'))).toMatch(/res\[i\] = v2\[i\]/);
  });

  it('a region inside another of the same array keeps the outer alias, and its directive names the array (seed 20251203 #615)', () => {
    const nested: Program = {
      ...hostData,
      steps: [
        ...hostData.steps.slice(0, 2),
        { op: 'acc_host_data_begin', var: 'b', result: 'w' },
        { op: 'acc_memcpy_from_device', var: 'b', dev: { handle: 'w' } },
        { op: 'acc_host_data_end' },
        { op: 'acc_host_data_end' },
      ],
    } as Program;
    const c = emitProgram(nested, { lang: 'c' });
    expect(c.match(/__typeof__/g)).toHaveLength(1);
    expect(c.match(/#pragma acc host_data use_device\(v2\)/g)).toHaveLength(2);
    expect(c).toContain('acc_memcpy_from_device((*v2_h1), h2, sizeof (*v2_h1));');
    const f = emitProgram(nested, { lang: 'fortran' });
    expect(f.match(/!\$acc host_data use_device\(v2\)/g)).toHaveLength(2);
    expect(f).toContain('  call acc_memcpy_from_device_c(c_loc(v2_h1(1)), h2, 32_c_size_t)\n');
  });

  it('a region the writing stops in leaves no alias in the declarations', () => {
    // step 3 is undefined under the spec (no_create of absent a: the kernel would use a's host
    // address), so the region never reaches its end step
    const stopped: Program = {
      ...hostData,
      steps: [...hostData.steps.slice(0, 2), { op: 'acc_parallel', clauses: [{ clause: 'no_create', vars: ['a'] }], body: { read: 'a' } }, hostData.steps[5]!],
    } as Program;
    const f = emitProgram(stopped, { lang: 'fortran' });
    expect(f).toContain('Not written: the spec calls this step undefined behaviour');
    expect(f).toContain('  v2_h1 => v2\n');
    expect(f).toContain('  integer, pointer, contiguous :: v1(:), v2(:)\n');
    expect(f).toContain('  allocate(v1(8), v2(8))\n');
    const c = emitProgram(stopped, { lang: 'c' });
    expect(c).toContain('  __typeof__(v2) *v2_h1 = &v2;\n');
    expect(c).toContain('  static int v1[8];\n  static int v2[8];\n');
    expect(c).toContain('    v2[i] = 2;\n');
  });
});
