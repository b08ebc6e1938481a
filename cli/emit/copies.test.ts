// Copy kernels (a write with `from`, lang/README.md "Copy kernels") outside the model: emitted
// Fortran and C for OpenACC and OpenMP (self-checking and observation programs), the rendering,
// the host-fallback predictions, and the static firstprivate reading. Every expectation is written
// by hand from the meaning of a copy (element k of the write gets its written value plus element k
// of `from`, with add also its old value).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Program, Step } from '../../lang/program.js';
import { validateProgram } from '../../lang/validate.js';
import { firstprivateKernels, firstprivateRoots } from '../../lang/firstprivate.js';
import { missingTool } from '../../toolchain/host.js';
import { predict } from '../../toolchain/predict.js';
import { EmitError, emitProgram, hostFallbackVerdict } from '../emit.js';
import { renderStep } from '../render.js';
import { assignedExpr, hostStepOf } from './backend.js';
import { emitObservationProgram } from './observe.js';
import { HOST_COMPILERS as compilers, expectSelfCheckOk, hostBuilder, observeOnHost, warnMissingCompilers } from './test-support.js';

function program(raw: unknown): Program {
  const r = validateProgram(raw);
  if (!r.ok) throw new Error(`test program invalid: ${r.field}: ${r.message}`);
  return r.program;
}

// v1 = a, v2 = b, v3 = x, v4 = y, v5 = m (rank 2, 2 x 3)
const world = {
  arrays: [
    { name: 'a', length: 4, init: [1, 2, 3, 4] },
    { name: 'b', length: 4 },
    { name: 'x', length: 1, scalar: true },
    { name: 'y', length: 1, scalar: true, init: 5 },
    { name: 'm', length: 6, shape: [2, 3] },
  ],
  structs: [],
};

/**
 * The same copies through either API: a whole array, an add of a ramp into a section from another
 * section, a scalar onto a firstprivate scalar (the write changes the private copy only), the same
 * with the written scalar named (the copy comes back: x = 3 + 5), a rank-2 section from a rank-1
 * array, and a host copy; then reads of what they wrote.
 */
function copies(api: 'openacc' | 'openmp'): Program {
  const kernel = (named: string[], body: object): object =>
    api === 'openacc'
      ? { op: 'acc_parallel', clauses: named.length === 0 ? [] : [{ clause: 'copy', vars: named }], body }
      : { op: 'omp_target', maps: named.length === 0 ? [] : [{ type: 'tofrom', vars: named }], body };
  return program({
    world,
    steps: [
      api === 'openacc' ? { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] } : { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
      kernel(['b'], { write: 'b', value: 10, from: 'a' }), // b = [11, 12, 13, 14]
      kernel([], { write: 'b(2:3)', value: 1, by: 2, add: true, from: 'a(1:2)' }), // b(2:3) = [12 + 1 + 1, 13 + 3 + 2]
      kernel([], { write: 'x', value: 3, from: 'y' }), // the private copy of x: x stays 0
      kernel(['x'], { write: 'x', value: 3, from: 'y' }), // x = 8
      kernel([], { write: 'm(1:2,2:3)', value: 0, from: 'a' }), // m = [0, 0, 1, 2, 3, 4] in storage order
      kernel([], { read: 'b' }), // [11, 14, 18, 14]
      { op: 'host_write', var: 'b', value: -3, from: 'a' }, // b = [-2, -1, 0, 1]
      kernel([], { read: 'b' }),
      { op: 'host_read', var: 'x' },
      kernel([], { read: 'm' }),
    ],
  });
}

const READS: Record<number, number[]> = { 7: [11, 14, 18, 14], 9: [-2, -1, 0, 1], 10: [8], 11: [0, 0, 1, 2, 3, 4] };

/** Every line of `lines`, in order, one after another in `text`. */
function expectBlock(text: string, lines: string[]): void {
  expect(text).toContain(lines.join('\n'));
}

describe('rendering a copy', () => {
  it.each<[Step, string]>([
    [{ op: 'acc_parallel', clauses: [], body: { write: 'b', value: 0, from: 'a' } }, '!$acc parallel { b = a }'],
    [{ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { write: 'b', value: 3, from: 'a' } }, '!$acc parallel present(a) { b = a + 3 }'],
    [{ op: 'acc_parallel', clauses: [], body: { write: 'b', value: 0, add: true, from: 'a' } }, '!$acc parallel { b = b + a }'],
    [{ op: 'acc_parallel', clauses: [], body: { write: 'b(2:3)', value: -3, add: true, from: 'a(1:2)' } }, '!$acc parallel { b(2:3) = b(2:3) + a(1:2) - 3 }'],
    [{ op: 'omp_target', maps: [], body: { write: 'b', value: 1, by: 2, from: 'a' } }, '!$omp target { b = a + [1, 3, …] }'],
    [{ op: 'host_write', var: 'x', value: 3, from: 'y' }, 'x = y + 3'],
    [{ op: 'host_write', var: 'b', value: 0, add: true, from: 'a' }, 'b = b + a'],
    // without `from`, as before
    [{ op: 'host_write', var: 'b', value: 7, add: true }, 'b += 7'],
    [{ op: 'acc_parallel', clauses: [], body: { write: 'b', value: 1, by: 1 } }, '!$acc parallel { b = [1, 2, …] }'],
  ])('%j', (step, text) => {
    expect(renderStep(step)).toBe(text);
  });
});

describe('the right-hand side of a copy', () => {
  it('the written value first (left out when it is 0), then the element of from; with add the old element first', () => {
    expect(assignedExpr({ value: 0 }, 'v2(i)', 'i', 1, 'v1(i)')).toBe('v1(i)');
    expect(assignedExpr({ value: 7 }, 'v2(i)', 'i', 1, 'v1(i)')).toBe('7 + v1(i)');
    expect(assignedExpr({ value: -7 }, 'v2[i]', 'i', 0, 'v1[i]')).toBe('-7 + v1[i]');
    expect(assignedExpr({ value: 5, by: 2 }, 'v2[i]', 'i', 0, 'v1[i + 1]')).toBe('2 * i + 5 + v1[i + 1]');
    expect(assignedExpr({ value: 0, add: true }, 'v2(i)', 'i', 1, 'v1(i)')).toBe('v2(i) + v1(i)');
    expect(assignedExpr({ value: 3, add: true }, 'v2(i)', 'i', 1, 'v1(i)')).toBe('v2(i) + (3) + v1(i)');
    // a plain write, as before
    expect(assignedExpr({ value: 3, add: true }, 'v2(i)', 'i', 1)).toBe('v2(i) + (3)');
  });
});

describe('emitted copy kernels', () => {
  it('C, OpenACC: the copy loop under parallel loop, sections with their offsets, a rank-2 section in storage order', () => {
    const text = emitProgram(copies('openacc'), { lang: 'c' });
    expectBlock(text, ['#pragma acc parallel loop copy(v2)', '  for (int i = 0; i < 4; i++)', '    v2[i] = 10 + v1[i];']);
    expectBlock(text, ['#pragma acc parallel loop', '  for (int i = 0; i < 2; i++)', '    v2[i + 1] = v2[i + 1] + (2 * i + 1) + v1[i];']);
    expectBlock(text, ['#pragma acc parallel loop', '  for (int i = 0; i < 1; i++)', '    v3 = 3 + v4;']);
    expectBlock(text, ['#pragma acc parallel loop copy(v3)', '  for (int i = 0; i < 1; i++)', '    v3 = 3 + v4;']);
    expectBlock(text, ['#pragma acc parallel loop', '  for (int i = 0; i < 4; i++)', '    v5[i + 2] = v1[i];']);
    expectBlock(text, ['  // step 8: b = a - 3', '  for (int i = 0; i < 4; i++)', '    v2[i] = -3 + v1[i];']);
    expect(text).toContain('  // step 2: !$acc parallel copy(b) { b = a + 10 }');
  });

  it('Fortran, OpenACC: the copy loop under parallel loop; a rank-2 section through its subscripts', () => {
    const text = emitProgram(copies('openacc'), { lang: 'fortran' });
    expectBlock(text, ['  !$acc parallel loop copy(v2)', '  do i = 1, 4', '    v2(i) = 10 + v1(i)', '  end do']);
    expectBlock(text, ['  !$acc parallel loop', '  do i = 1, 2', '    v2(i + 1) = v2(i + 1) + (2 * i - 1) + v1(i)', '  end do']);
    expectBlock(text, ['  !$acc parallel loop copy(v3)', '  do i = 1, 1', '    v3 = 3 + v4', '  end do']);
    expectBlock(text, ['  !$acc parallel loop', '  do i = 1, 4', '    v5(1 + mod(i + 2 - 1, 2),1 + (i + 2 - 1) / 2) = v1(i)', '  end do']);
    expectBlock(text, ['  ! step 8: b = a - 3', '  do i = 1, 4', '    v2(i) = -3 + v1(i)', '  end do']);
    expect(text).toContain('  integer :: v3, v4\n');
  });

  it('C, OpenMP: the copy loop under target', () => {
    const text = emitProgram(copies('openmp'), { lang: 'c' });
    expectBlock(text, ['#pragma omp target map(tofrom: v2)', '  for (int i = 0; i < 4; i++)', '    v2[i] = 10 + v1[i];']);
    expectBlock(text, ['#pragma omp target', '  for (int i = 0; i < 2; i++)', '    v2[i + 1] = v2[i + 1] + (2 * i + 1) + v1[i];']);
    expectBlock(text, ['#pragma omp target map(tofrom: v3)', '  for (int i = 0; i < 1; i++)', '    v3 = 3 + v4;']);
    expectBlock(text, ['#pragma omp target', '  for (int i = 0; i < 4; i++)', '    v5[i + 2] = v1[i];']);
  });

  it('Fortran, OpenMP: the copy loop inside target … end target; the from scalar is firstprivate, so no TARGET', () => {
    const text = emitProgram(copies('openmp'), { lang: 'fortran' });
    expectBlock(text, ['  !$omp target map(tofrom: v2)', '  do i = 1, 4', '    v2(i) = 10 + v1(i)', '  end do', '  !$omp end target']);
    expectBlock(text, ['  !$omp target', '  do i = 1, 1', '    v3 = 3 + v4', '  end do', '  !$omp end target']);
    expectBlock(text, ['  !$omp target', '  do i = 1, 4', '    v5(1 + mod(i + 2 - 1, 2),1 + (i + 2 - 1) / 2) = v1(i)', '  end do', '  !$omp end target']);
    expect(text).toContain('  integer :: v3, v4\n');
  });

  it('Fortran, OpenMP: a firstprivate from scalar that a use_device list makes TARGET is refused, as for the written scalar', () => {
    const p = program({
      world,
      steps: [
        { op: 'omp_target_data_use_device_begin', var: 'y', result: 'h' },
        { op: 'omp_target_data_use_device_end' },
        { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['b'] }], body: { write: 'b(1:1)', value: 0, from: 'y' } },
      ],
    });
    expect(() => emitProgram(p, { lang: 'fortran' })).toThrow(EmitError);
    expect(() => emitProgram(p, { lang: 'fortran' })).toThrow(/^y: Fortran needs TARGET/);
    expect(emitProgram(p, { lang: 'c' })).toContain('    v2[i] = v4;');
    // named in the kernel's map, it is mapped, not firstprivate: Fortran is written
    const named = program({ ...p, steps: [...p.steps.slice(0, 2), { ...p.steps[2]!, maps: [{ type: 'tofrom', vars: ['b', 'y'] }] }] });
    expect(emitProgram(named, { lang: 'fortran' })).toContain('    v2(i) = v4\n');
  });

  it('a host copy of one scalar into another is one assignment in Fortran, a loop of one in C', () => {
    const p = program({ world, steps: [{ op: 'host_write', var: 'x', value: 2, add: true, from: 'y' }, { op: 'host_read', var: 'x' }] });
    expect(emitProgram(p, { lang: 'fortran' })).toContain('  ! step 1: x = x + y + 2\n  v3 = v3 + (2) + v4\n');
    expect(emitProgram(p, { lang: 'c' })).toContain('  for (int i = 0; i < 1; i++)\n    v3 = v3 + (2) + v4;\n');
  });

  it('observation programs write the same copy loops', () => {
    for (const api of ['openacc', 'openmp'] as const) {
      const c = emitObservationProgram(copies(api), { lang: 'c' }).text;
      expectBlock(c, ['  for (int i = 0; i < 2; i++)', '    v2[i + 1] = v2[i + 1] + (2 * i + 1) + v1[i];', '  obs(3, "ok");']);
      expectBlock(c, ['  for (int i = 0; i < 4; i++)', '    v2[i] = -3 + v1[i];', '  obs(8, "ok");']);
      const f = emitObservationProgram(copies(api), { lang: 'fortran' }).text;
      expectBlock(f, ['  do i = 1, 4', '    v2(i) = 10 + v1(i)', '  end do', ...(api === 'openmp' ? ['  !$omp end target'] : []), '  call obs_ok(2)']);
      expectBlock(f, ['  do i = 1, 4', '    v2(i) = -3 + v1(i)', '  end do', '  call obs_ok(8)']);
    }
  });
});

describe('host-fallback readings of copies', () => {
  it('a kernel copy becomes a host_write that keeps its from', () => {
    expect(hostStepOf({ write: 'b(2:3)', value: 1, by: 2, add: true, from: 'a(1:2)' })).toEqual({ op: 'host_write', var: 'b(2:3)', value: 1, by: 2, add: true, from: 'a(1:2)' });
    expect(hostStepOf({ write: 'b', value: 0 })).toEqual({ op: 'host_write', var: 'b', value: 0 });
    expect(hostStepOf({ read: 'b' })).toEqual({ op: 'host_read', var: 'b' });
  });

  it.each(['openacc', 'openmp'] as const)('%s: the reads after the copies, on shared memory', (api) => {
    const observations = predict(copies(api), { kind: 'host-fallback' });
    const expected = Array.from({ length: 11 }, (_, k) => (READS[k + 1] ? { kind: 'read', values: READS[k + 1] } : { kind: 'ok' }));
    expect(observations).toEqual(expected);
  });

  it.each(['openacc', 'openmp'] as const)('%s: the self-checking program is runnable on the host fallback and must print OK', (api) => {
    expect(hostFallbackVerdict(copies(api))).toEqual({ runnable: true, reasons: [], wrongAt: null });
  });

  it('firstprivate: the written scalar drops the write; a from scalar alone is a root, not a dropped write', () => {
    const p = copies('openacc');
    expect([...firstprivateRoots(p)]).toEqual([
      [3, ['x', 'y']],
      [4, ['y']],
    ]);
    expect([...firstprivateKernels(p)]).toEqual([3]);
    // a scalar copied onto itself is one root
    const self = program({ world, steps: [{ op: 'omp_target', maps: [], body: { write: 'x', value: 1, add: true, from: 'x' } }] });
    expect([...firstprivateRoots(self)]).toEqual([[0, ['x']]]);
    expect([...firstprivateKernels(self)]).toEqual([0]);
    // a visible data clause's copy is no firstprivate one (OpenACC 3.3 §2.6.2)
    const visible = program({
      world,
      steps: [
        { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['y'] }] },
        { op: 'acc_parallel', clauses: [], body: { write: 'x', value: 0, from: 'y' } },
        { op: 'acc_data_end' },
      ],
    });
    expect([...firstprivateRoots(visible)]).toEqual([[1, ['x']]]);
    expect([...firstprivateKernels(visible)]).toEqual([1]);
  });
});

// Compiled host-only (-foffload=disable) and run on the host fallback: the self-checking programs
// print OK, the observation programs print what the host-fallback reading predicts. Without
// gfortran / gcc these tests are skipped with the reason as the skip note, and a warning names it.
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-copies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
warnMissingCompilers('cli/emit/copies.test.ts');

describe.each(compilers)('%s copies compile and run with %s -foffload=disable', (lang, command, ext) => {
  const missing = missingTool(command);
  const build = hostBuilder(scratch, command, ext);

  it.for(['openacc', 'openmp'] as const)('%s: the self-checking program prints OK', (api, ctx) => {
    if (missing) ctx.skip(missing);
    expectSelfCheckOk(build(`check-${api}-${lang}`, emitProgram(copies(api), { lang }), api));
  });

  it.for(['openacc', 'openmp'] as const)('%s: the observation program agrees with the host-fallback reading', (api, ctx) => {
    if (missing) ctx.skip(missing);
    const run = observeOnHost(copies(api), lang, api, `observe-${api}-${lang}`, build);
    // and the reads are the copies' values, not only what the prediction says
    for (const [step, values] of Object.entries(READS)) expect(run.steps.get(Number(step))).toEqual({ kind: 'read', values });
  });
});
