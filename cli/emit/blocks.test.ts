// Kernels of several statements (a body `{"writes": [...]}`, lang/README.md "Kernels of several
// statements") outside the model: emitted Fortran and C for OpenACC and OpenMP (self-checking and
// observation programs: one kernel loop, one assignment per statement), the rendering, the emit
// refusals that look at every statement, and the host-fallback predictions (a block replayed as
// consecutive host steps, those writing a firstprivate scalar left out). Every expectation is
// written by hand from the meaning of a block (element k of every statement is iteration k; within
// an iteration the statements run in order).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Program, Step } from '../../lang/program.js';
import { validateProgram } from '../../lang/validate.js';
import { firstprivateStatements } from '../../lang/firstprivate.js';
import { missingTool } from '../../toolchain/host.js';
import { predict } from '../../toolchain/predict.js';
import { EmitError, emitProgram, hostFallbackVerdict } from '../emit.js';
import { renderStep } from '../render.js';
import { emitObservationProgram } from './observe.js';
import { HOST_COMPILERS as compilers, expectSelfCheckOk, hostBuilder, observeOnHost, warnMissingCompilers } from './test-support.js';

type Api = 'openacc' | 'openmp';

function program(raw: unknown): Program {
  const r = validateProgram(raw);
  if (!r.ok) throw new Error(`test program invalid: ${r.field}: ${r.message}`);
  return r.program;
}

/** Every line of `lines`, in order, one after another in `text`. */
function expectBlock(text: string, lines: string[]): void {
  expect(text).toContain(lines.join('\n'));
}

const ramp = (n: number, first: number, by: number) => Array.from({ length: n }, (_, k) => first + k * by);

/**
 * GCC's deep-copy-3.f90: a struct with allocatable components a and b (v1 = var; p1 = a, p2 = b),
 * both allocated, then one loop `var%a(i) = i; var%b(i) = 2 * i`. OpenACC: the struct in an
 * enclosing data region (GCC 12 rejects a struct and its member on one construct); OpenMP: the
 * struct mapped to (a tofrom map would copy the device pointers back over the host's) and the
 * sections tofrom.
 */
function deepCopy(api: Api): Program {
  const writes = [
    { write: 'var%a(1:8)', value: 1, by: 1 },
    { write: 'var%b(1:8)', value: 2, by: 2 },
  ];
  const kernel =
    api === 'openacc'
      ? [
          { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['var'] }] },
          { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['var%a(1:8)'] }, { clause: 'copy', vars: ['var%b(1:8)'] }], body: { writes } },
          { op: 'acc_data_end' },
        ]
      : [{ op: 'omp_target', maps: [{ type: 'to', vars: ['var'] }, { type: 'tofrom', vars: ['var%a(1:8)', 'var%b(1:8)'] }], body: { writes } }];
  return program({
    world: { arrays: [], structs: [{ name: 'var', pointers: ['a', 'b'], allocatable: ['a', 'b'] }] },
    steps: [{ op: 'allocate', ptr: 'var%a', length: 8 }, { op: 'allocate', ptr: 'var%b', length: 8 }, ...kernel, { op: 'host_read', var: 'var%a' }, { op: 'host_read', var: 'var%b' }],
  });
}

/** Two arrays (v1 = a, v2 = b): `a(i) = i; b(i) = a(i)` in one loop, then host reads of both. */
function copyAfterWrite(api: Api): Program {
  const writes = [
    { write: 'a', value: 1, by: 1 },
    { write: 'b', value: 0, from: 'a' },
  ];
  return program({
    world: { arrays: [{ name: 'a', length: 4 }, { name: 'b', length: 4, init: 9 }], structs: [] },
    steps: [
      api === 'openacc' ? { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a', 'b'] }], body: { writes } } : { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['a', 'b'] }], body: { writes } },
      { op: 'host_read', var: 'a' },
      { op: 'host_read', var: 'b' },
    ],
  });
}

/**
 * Firstprivate scalars in a block (v1 = a, v2 = x = 3, v3 = y = 4): `x = 5` and `y = y + 1` change
 * private copies only, the write to a(2:2) between them reaches the host.
 */
function privateScalars(api: Api): Program {
  const writes = [
    { write: 'x', value: 5 },
    { write: 'a(2:2)', value: 7, from: 'a(1:1)' },
    { write: 'y', value: 1, add: true },
  ];
  return program({
    world: {
      arrays: [
        { name: 'a', length: 4, init: [1, 2, 3, 4] },
        { name: 'x', length: 1, scalar: true, init: 3 },
        { name: 'y', length: 1, scalar: true, init: 4 },
      ],
      structs: [],
    },
    steps: [
      api === 'openacc' ? { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a'] }], body: { writes } } : { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['a'] }], body: { writes } },
      { op: 'host_read', var: 'a' },
      { op: 'host_read', var: 'x' },
      { op: 'host_read', var: 'y' },
    ],
  });
}

/** Each program with the values its host reads must give (by step number). */
const PROGRAMS: [string, (api: Api) => Program, (api: Api) => Record<number, number[]>][] = [
  ['deep copy', deepCopy, (api): Record<number, number[]> => (api === 'openacc' ? { 6: ramp(8, 1, 1), 7: ramp(8, 2, 2) } : { 4: ramp(8, 1, 1), 5: ramp(8, 2, 2) })],
  ['copy after write', copyAfterWrite, () => ({ 2: [1, 2, 3, 4], 3: [1, 2, 3, 4] })],
  ['firstprivate scalars', privateScalars, () => ({ 2: [1, 8, 3, 4], 3: [3], 4: [4] })],
];

describe('rendering a block', () => {
  it.each<[Step, string]>([
    [
      { op: 'acc_parallel', clauses: [], body: { writes: [{ write: 'var%a(1:8)', value: 1, by: 1 }, { write: 'var%b(1:8)', value: 2, by: 2 }] } },
      '!$acc parallel { var%a(1:8) = [1, 2, …]; var%b(1:8) = [2, 4, …] }',
    ],
    [{ op: 'omp_target', maps: [{ type: 'tofrom', vars: ['a', 'b'] }], body: { writes: [{ write: 'a', value: 1, by: 1 }, { write: 'b', value: 0, from: 'a' }] } }, '!$omp target map(tofrom: a, b) { a = [1, 2, …]; b = a }'],
    [{ op: 'acc_parallel', clauses: [], body: { writes: [{ write: 'x', value: 5 }, { write: 'y', value: 1, add: true }] } }, '!$acc parallel { x = 5; y += 1 }'],
  ])('%j', (step, text) => {
    expect(renderStep(step)).toBe(text);
  });
});

describe('emitted blocks: one kernel loop, one assignment per statement in order', () => {
  it('Fortran, OpenACC', () => {
    expectBlock(emitProgram(deepCopy('openacc'), { lang: 'fortran' }), [
      '  ! step 4: !$acc parallel copy(var%a(1:8)) copy(var%b(1:8)) { var%a(1:8) = [1, 2, …]; var%b(1:8) = [2, 4, …] }',
      '  !$acc parallel loop copy(v1%p1(1:8)) copy(v1%p2(1:8))',
      '  do i = 1, 8',
      '    v1%p1(i) = i',
      '    v1%p2(i) = 2 * i',
      '  end do',
    ]);
    expectBlock(emitProgram(copyAfterWrite('openacc'), { lang: 'fortran' }), ['  !$acc parallel loop copy(v1, v2)', '  do i = 1, 4', '    v1(i) = i', '    v2(i) = v1(i)', '  end do']);
    expectBlock(emitProgram(privateScalars('openacc'), { lang: 'fortran' }), ['  !$acc parallel loop copy(v1)', '  do i = 1, 1', '    v2 = 5', '    v1(i + 1) = 7 + v1(i)', '    v3 = v3 + (1)', '  end do']);
  });

  it('C, OpenACC: the statements inside the loop braces', () => {
    expectBlock(emitProgram(deepCopy('openacc'), { lang: 'c' }), [
      '#pragma acc parallel loop copy(v1.p1[0:8]) copy(v1.p2[0:8])',
      '    for (int i = 0; i < 8; i++) {',
      '      v1.p1[i] = i + 1;',
      '      v1.p2[i] = 2 * i + 2;',
      '    }',
    ]);
    expectBlock(emitProgram(copyAfterWrite('openacc'), { lang: 'c' }), ['#pragma acc parallel loop copy(v1, v2)', '  for (int i = 0; i < 4; i++) {', '    v1[i] = i + 1;', '    v2[i] = v1[i];', '  }']);
    expectBlock(emitProgram(privateScalars('openacc'), { lang: 'c' }), ['  for (int i = 0; i < 1; i++) {', '    v2 = 5;', '    v1[i + 1] = 7 + v1[i];', '    v3 = v3 + (1);', '  }']);
  });

  it('Fortran, OpenMP: the loop inside target … end target; firstprivate scalars stay plain integers', () => {
    expectBlock(emitProgram(deepCopy('openmp'), { lang: 'fortran' }), [
      '  !$omp target map(to: v1) map(tofrom: v1%p1(1:8), v1%p2(1:8))',
      '  do i = 1, 8',
      '    v1%p1(i) = i',
      '    v1%p2(i) = 2 * i',
      '  end do',
      '  !$omp end target',
    ]);
    expectBlock(emitProgram(copyAfterWrite('openmp'), { lang: 'fortran' }), ['  !$omp target map(tofrom: v1, v2)', '  do i = 1, 4', '    v1(i) = i', '    v2(i) = v1(i)', '  end do', '  !$omp end target']);
    const scalars = emitProgram(privateScalars('openmp'), { lang: 'fortran' });
    expect(scalars).toContain('  integer :: v2, v3\n');
    expectBlock(scalars, ['  do i = 1, 1', '    v2 = 5', '    v1(i + 1) = 7 + v1(i)', '    v3 = v3 + (1)', '  end do', '  !$omp end target']);
  });

  it('C, OpenMP', () => {
    expectBlock(emitProgram(deepCopy('openmp'), { lang: 'c' }), [
      '#pragma omp target map(to: v1) map(tofrom: v1.p1[0:8], v1.p2[0:8])',
      '  for (int i = 0; i < 8; i++) {',
      '    v1.p1[i] = i + 1;',
      '    v1.p2[i] = 2 * i + 2;',
      '  }',
    ]);
    expectBlock(emitProgram(copyAfterWrite('openmp'), { lang: 'c' }), ['#pragma omp target map(tofrom: v1, v2)', '  for (int i = 0; i < 4; i++) {', '    v1[i] = i + 1;', '    v2[i] = v1[i];', '  }']);
  });

  it('observation programs write the same loop, then the step line', () => {
    for (const api of ['openacc', 'openmp'] as const) {
      const step = api === 'openacc' ? 4 : 3;
      const c = emitObservationProgram(deepCopy(api), { lang: 'c' }).text;
      expectBlock(c, ['v1.p1[i] = i + 1;', `${api === 'openacc' ? '      ' : '    '}v1.p2[i] = 2 * i + 2;`]);
      expect(c).toMatch(new RegExp(`v1\\.p2\\[i\\] = 2 \\* i \\+ 2;\\n\\s*\\}\\n\\s*obs\\(${step}, "ok"\\);`));
      const f = emitObservationProgram(deepCopy(api), { lang: 'fortran' }).text;
      expectBlock(f, ['  do i = 1, 8', '    v1%p1(i) = i', '    v1%p2(i) = 2 * i', '  end do', ...(api === 'openmp' ? ['  !$omp end target'] : []), `  call obs_ok(${step})`]);
    }
  });

  it('a host_data use_device list naming the root of any statement refuses the construct (GCC rejects it)', () => {
    const p = program({
      world: { arrays: [{ name: 'a', length: 4 }, { name: 'b', length: 4 }], structs: [] },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a', 'b'] }] },
        { op: 'acc_host_data_begin', var: 'b', result: 'u' },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { writes: [{ write: 'a', value: 1 }, { write: 'b', value: 2 }] } },
        { op: 'acc_host_data_end' },
      ],
    });
    for (const lang of ['fortran', 'c'] as const) {
      expect(() => emitProgram(p, { lang })).toThrow(EmitError);
      expect(() => emitProgram(p, { lang })).toThrow(/^step 3 \(acc_parallel\): its construct uses b, which an enclosing host_data region names in use_device/);
    }
    // the same through a copy's `from` in a later statement
    const viaFrom = program({ ...p, steps: p.steps.map((s, k) => (k === 2 ? { ...s, body: { writes: [{ write: 'a', value: 1 }, { write: 'a', value: 0, add: true, from: 'b' }] } } : s)) });
    expect(() => emitProgram(viaFrom, { lang: 'c' })).toThrow(/its construct uses b/);
  });
});

describe('host-fallback readings of blocks', () => {
  it('firstprivateStatements names the statements writing a firstprivate scalar', () => {
    expect([...firstprivateStatements(privateScalars('openacc'))]).toEqual([[0, [0, 2]]]);
    expect([...firstprivateStatements(deepCopy('openacc'))]).toEqual([]);
  });

  for (const [name, make, reads] of PROGRAMS)
    it.each(['openacc', 'openmp'] as const)(`${name}, %s: the reads after the block, on shared memory; the self-checking program must print OK there`, (api) => {
      const p = make(api);
      const want = reads(api);
      expect(predict(p, { kind: 'host-fallback' })).toEqual(p.steps.map((_, k) => (want[k + 1] ? { kind: 'read', values: want[k + 1] } : { kind: 'ok' })));
      expect(hostFallbackVerdict(p)).toEqual({ runnable: true, reasons: [], wrongAt: null });
    });

  it('OpenACC: a statement undefined on shared memory stops the block there (an unallocated component)', () => {
    const p = program({
      world: { arrays: [{ name: 'a', length: 2 }], structs: [{ name: 'var', pointers: ['p'], allocatable: ['p'] }] },
      steps: [
        { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a'] }], body: { writes: [{ write: 'a', value: 3 }, { write: 'var%p(1:2)', value: 1 }] } },
        { op: 'host_read', var: 'a' },
      ],
    });
    expect(predict(p, { kind: 'host-fallback' }).map((o) => o.kind)).toEqual(['undefined', 'halted']);
  });
});

// Compiled host-only (-foffload=disable) and run on the host fallback: the self-checking programs
// print OK, the observation programs print what the host-fallback reading predicts. Without
// gfortran / gcc these tests are skipped with the reason as the skip note, and a warning names it.
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-blocks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
warnMissingCompilers('cli/emit/blocks.test.ts');

const cases = PROGRAMS.flatMap(([name, make, reads], k) => (['openacc', 'openmp'] as const).map((api) => ({ name, api, slug: `p${k}-${api}`, make, reads })));

describe.each(compilers)('%s blocks compile and run with %s -foffload=disable', (lang, command, ext) => {
  const missing = missingTool(command);
  const build = hostBuilder(scratch, command, ext);

  it.for(cases)('$name, $api: the self-checking program prints OK', ({ api, slug, make }, ctx) => {
    if (missing) ctx.skip(missing);
    expectSelfCheckOk(build(`check-${slug}-${lang}`, emitProgram(make(api), { lang }), api));
  });

  it.for(cases)('$name, $api: the observation program agrees with the host-fallback reading', ({ api, slug, make, reads }, ctx) => {
    if (missing) ctx.skip(missing);
    const run = observeOnHost(make(api), lang, api, `observe-${slug}-${lang}`, build);
    // and the reads are the block's values, not only what the prediction says
    for (const [step, values] of Object.entries(reads(api))) expect(run.steps.get(Number(step))).toEqual({ kind: 'read', values });
  });
});
