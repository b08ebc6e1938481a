import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCaseFile } from '../counterexamples/case.js';
import { hostLayout, type Program } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { DETACH, REATTACH } from '../cli/test-support.js';
import { HOST_ONLY_FLAGS, hostOnlyEnv, missingTool } from './host.js';
import { formatRaw, parseRun } from './observations.js';
import { ObserveEmitError, emitObservationProgram, gccCompatible, observePlan } from '../cli/emit/observe.js';
import { asLaidOut, compareRun, judgeRun, predict } from './predict.js';

function program(raw: unknown): Program {
  const r = validateProgram(raw);
  if (!r.ok) throw new Error(`test program invalid: ${r.field}: ${r.message}`);
  return r.program;
}

const world = {
  arrays: [
    { name: 'a', length: 4, init: 1 },
    { name: 'b', length: 4, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};

describe('observation lines', () => {
  it('one raw observation per written step; the first silent step of a failed run is the abort', () => {
    const run = parseRun(
      {
        stdout: 'MAPCHECK 0 host 0 4096\nMAPCHECK 0 offload 1\nMAPCHECK 1 ok\nMAPCHECK 2 read 1 2 3\nnoise\nMAPCHECK 3 int 0\n',
        stderr: 'libgomp: attach count underflow\n',
        exit: 1,
        timedOut: false,
      },
      [1, 2, 3, 4, 5],
    );
    expect(run.offload).toBe(true);
    expect(run.hostBases).toEqual([4096]);
    expect(run.completed).toBe(false);
    expect([...run.steps.entries()].map(([k, o]) => `${k}: ${formatRaw(o)}`)).toEqual([
      '1: ok',
      '2: read 1 2 3',
      '3: int 0',
      '4: abort (exit 1: libgomp: attach count underflow)',
      '5: missing',
    ]);
  });

  it('reports lines that break the format, and a timeout as its own observation', () => {
    const run = parseRun({ stdout: 'MAPCHECK 1 ok\nMAPCHECK 1 ok\nMAPCHECK x ok\nMAPCHECK 9 ok\nMAPCHECK end\n', stderr: '', exit: null, timedOut: true }, [1, 2]);
    expect(run.malformed).toEqual(['MAPCHECK 1 ok', 'MAPCHECK x ok', 'MAPCHECK 9 ok']);
    expect(run.steps.get(2)).toEqual({ kind: 'timeout' });
    expect(run.completed).toBe(true);
  });

  it('a run that printed a libgomp fatal error and then ran out of time stopped at that error (the hang is exit-time finalization)', () => {
    // As measured with GCC 12.2 C (toolchain/probes/acc-zero-length-inside): exit data of a[2:0].
    const stderr = '\nlibgomp: >>>> goacc_exit_data_internal UNHANDLED kind 0x0f\n';
    const run = parseRun({ stdout: 'MAPCHECK 1 ok\nMAPCHECK 2 ok\n', stderr, exit: 'SIGKILL', timedOut: true }, [1, 2, 3, 4]);
    expect(run.steps.get(3)).toEqual({ kind: 'abort', exit: 'SIGKILL', message: 'libgomp: >>>> goacc_exit_data_internal UNHANDLED kind 0x0f' });
    expect(run.steps.get(4)).toEqual({ kind: 'missing' });
    // Other words on stderr before a timeout do not make it an abort.
    const quiet = parseRun({ stdout: 'MAPCHECK 1 ok\n', stderr: 'warning: libgomp: nothing\n', exit: 'SIGKILL', timedOut: true }, [1, 2]);
    expect(quiet.steps.get(2)).toEqual({ kind: 'timeout' });
  });
});

describe('pointer values', () => {
  // libomptarget 16 wrote 0 less a section's offset into a pointer (K-B44 null-less-bias): C prints
  // it unsigned, Fortran signed, and both must read as one value, not as a broken line.
  it('an unsigned value at or above 2^63 reads as its signed twin; both languages give the same number', () => {
    const run = parseRun({ stdout: 'MAPCHECK 1 ptr 18446744073709551600\nMAPCHECK 2 ptr -16\nMAPCHECK 3 ptr 140737488355328\n', stderr: '', exit: 0, timedOut: false }, [1, 2, 3]);
    expect(run.malformed).toEqual([]);
    expect([...run.steps.values()].map(formatRaw)).toEqual(['ptr -16', 'ptr -16', 'ptr 140737488355328']);
  });
  it('a value beyond 64 bits, or one no safe integer holds, is a broken line', () => {
    const lines = ['MAPCHECK 1 ptr 18446744073709551616', 'MAPCHECK 2 ptr 9007199254740993', 'MAPCHECK 3 ptr 1e3', 'MAPCHECK 4 int 18446744073709551600'];
    const run = parseRun({ stdout: lines.join('\n'), stderr: '', exit: 0, timedOut: false }, [1, 2, 3, 4]);
    expect(run.malformed).toEqual(lines);
    expect([...run.steps.values()].map(formatRaw)).toEqual(['missing', 'missing', 'missing', 'missing']);
  });
});

describe('comparing a run with a reading', () => {
  const p = program({
    world,
    steps: [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
      { op: 'acc_deviceptr', var: 'a(2:3)' },
      { op: 'acc_deviceptr', var: 'a' },
      { op: 'acc_is_present', var: 'b' },
    ],
  });
  const spec = predict(p, { kind: 'profile', profile: loadProfile('spec') });
  const out = (lines: string[]) => parseRun({ stdout: lines.join('\n'), stderr: '', exit: 0, timedOut: false }, [1, 2, 3, 4]);

  it('device addresses agree up to a consistent renaming of allocations', () => {
    const good = out(['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ok', 'MAPCHECK 2 ptr 90004', 'MAPCHECK 3 ptr 90000', 'MAPCHECK 4 int 0']);
    expect(compareRun(p.world, [1, 2, 3, 4], spec, good)).toEqual({ agree: true, compared: 4, first: null });
    const moved = out(['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ok', 'MAPCHECK 2 ptr 90004', 'MAPCHECK 3 ptr 70000', 'MAPCHECK 4 int 0']);
    const v = compareRun(p.world, [1, 2, 3, 4], spec, moved);
    expect(v.first?.step).toBe(3);
    expect(v.first?.why).toContain('not the same device allocation');
  });

  it('in a world of the reuse allocator, a block the model hands out again to an allocating step may lie anywhere; elsewhere it may not move', () => {
    const steps: Program['steps'] = [
      { op: 'acc_malloc', bytes: 16, result: 'h1' },
      { op: 'acc_free', ptr: { handle: 'h1' } },
      { op: 'acc_malloc', bytes: 16, result: 'h2' },
      { op: 'acc_deviceptr', var: 'a' },
    ];
    const lines = (second: number) => ['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ptr 90000', 'MAPCHECK 2 ok', `MAPCHECK 3 ptr ${second}`, 'MAPCHECK 4 ptr 0'];
    const runOf = (second: number) => parseRun({ stdout: lines(second).join('\n'), stderr: '', exit: 0, timedOut: false }, [1, 2, 3, 4]);
    const reusing = program({ world: { ...world, reuse: true }, steps });
    const quarantine = program({ world, steps });
    // the model gives acc_malloc #2 the freed block #1 (reuse) or a new block #2 (quarantine)
    expect(predict(reusing, { kind: 'profile', profile: loadProfile('spec') })[2]).toEqual({ kind: 'value', value: { block: 1, offset: 0 } });
    expect(judgeRun(reusing, [1, 2, 3, 4], { kind: 'profile', profile: loadProfile('spec') }, runOf(90000))).toMatchObject({ agree: true });
    expect(judgeRun(reusing, [1, 2, 3, 4], { kind: 'profile', profile: loadProfile('spec') }, runOf(70000))).toMatchObject({ agree: true });
    expect(judgeRun(quarantine, [1, 2, 3, 4], { kind: 'profile', profile: loadProfile('spec') }, runOf(70000))).toMatchObject({ agree: true });
    // without the program's steps the comparison cannot tell an allocating step: the block may not move
    const pred = predict(reusing, { kind: 'profile', profile: loadProfile('spec') });
    expect(compareRun(reusing.world, [1, 2, 3, 4], pred, runOf(70000)).first?.why).toContain('not the same device allocation');
  });

  it('a kernel reading a pointer member prints the elements of the spec plan\'s count: where a reading\'s device view is longer, its first elements are compared; elsewhere a read must have every element', () => {
    const steps: Program['steps'] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
      { op: 'omp_target', maps: [], body: { read: 'c%p' } },
      { op: 'omp_target', maps: [], body: { read: 'a' } },
    ];
    const attached = program({ world: { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] }, steps });
    const longer: Observation[] = [{ kind: 'ok' }, { kind: 'read', values: [1, 1, 1, 1, 7, 7, 7, 7] }, { kind: 'read', values: [1, 1, 1, 1, 1] }];
    const run = (first: string, second: string) => parseRun({ stdout: ['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ok', `MAPCHECK 2 read ${first}`, `MAPCHECK 3 read ${second}`].join('\n'), stderr: '', exit: 0, timedOut: false }, [1, 2, 3]);
    expect(compareRun(attached.world, [1, 2], longer, run('1 1 1 1', '1 1 1 1'), attached.steps)).toMatchObject({ agree: true, compared: 2 });
    expect(compareRun(attached.world, [1, 2], longer, run('1 1 9 1', '1 1 1 1'), attached.steps).first?.step).toBe(2);
    // without the steps, or for an array, the lengths must match
    expect(compareRun(attached.world, [1, 2], longer, run('1 1 1 1', '1 1 1 1')).first?.step).toBe(2);
    expect(compareRun(attached.world, [1, 3], longer, run('1 1 1 1', '1 1 1 1'), attached.steps).first?.step).toBe(3);
    // a longer print than the reading's view is no prefix
    const shorter: Observation[] = [{ kind: 'ok' }, { kind: 'read', values: [1, 1] }];
    expect(compareRun(attached.world, [1, 2], shorter, run('1 1 1 1', '1'), attached.steps).first?.step).toBe(2);
  });

  it('a negative pointer value where the reading expects a device address is not an address', () => {
    const less = out(['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ok', 'MAPCHECK 2 ptr -16', 'MAPCHECK 3 ptr 90000', 'MAPCHECK 4 int 0']);
    const v = compareRun(p.world, [1, 2, 3, 4], spec, less);
    expect(v.first).toMatchObject({ step: 2, observed: { kind: 'ptr', value: -16 } });
    expect(v.first?.why).toBe('predicted dev#1+4, observed ptr -16 (not an address)');
  });

  it('a host address where the reading expects a device one disagrees; the host fallback expects exactly that', () => {
    const host = out(['MAPCHECK 0 host 0 1000', 'MAPCHECK 0 host 1 1016', 'MAPCHECK 1 ok', 'MAPCHECK 2 ptr 1004', 'MAPCHECK 3 ptr 1000', 'MAPCHECK 4 int 1']);
    expect(compareRun(p.world, [1, 2, 3, 4], spec, host).first?.step).toBe(2);
    const fallback = predict(p, { kind: 'host-fallback' });
    expect(compareRun(p.world, [1, 2, 3, 4], fallback, host)).toMatchObject({ agree: true });
  });

  it('host fallback: acc_copyin of an allocated component returns its heap storage, checked as one allocation across steps (deep-copy-8.f90)', () => {
    const alloc = program({
      world: { arrays: [{ name: 'a', length: 4 }], structs: [{ name: 'e', pointers: ['x'], allocatable: ['x'] }] },
      steps: [
        { op: 'allocate', ptr: 'e%x', length: 512 },
        { op: 'acc_copyin', var: 'e%x' },
        { op: 'acc_deviceptr', var: 'e%x(3:4)' },
        { op: 'deallocate', ptr: 'e%x' },
        { op: 'acc_copyin', var: 'e%x' },
      ],
    });
    const heap = hostLayout(alloc.world).find((o) => o.kind === 'heap')!.start;
    const fallback = predict(alloc, { kind: 'host-fallback' });
    // the allocation's address, not a null pointer; and libgomp's range check once it is freed
    expect(fallback.slice(1)).toEqual([
      { kind: 'value', value: { host: heap } },
      { kind: 'value', value: { host: heap + 8 } },
      { kind: 'ok' },
      { kind: 'error', code: 'fatal_null_routine', message: 'libgomp: bad range' },
    ]);
    const run = (a: number, b: number) =>
      parseRun({ stdout: ['MAPCHECK 0 host 0 1000', 'MAPCHECK 1 ok', `MAPCHECK 2 ptr ${a}`, `MAPCHECK 3 ptr ${b}`, 'MAPCHECK 4 ok'].join('\n'), stderr: 'libgomp: [(nil),+0] is a bad range', exit: 1, timedOut: false }, [1, 2, 3, 4, 5]);
    expect(compareRun(alloc.world, [1, 2, 3, 4, 5], fallback, run(90000, 90008))).toMatchObject({ agree: true });
    expect(compareRun(alloc.world, [1, 2, 3, 4, 5], fallback, run(90000, 70008)).first?.why).toBe('predicted host:0x' + (heap + 8).toString(16) + ', observed ptr 70008 (not the same heap allocation as before)');
    // an address of an object the program printed is not the heap's
    expect(compareRun(alloc.world, [1, 2, 3, 4, 5], fallback, run(1000, 1008)).first?.step).toBe(2);
  });

  it('a predicted error agrees only with an abort at that step', () => {
    const detach = loadCaseFile(DETACH).program;
    const libgomp = predict(detach, { kind: 'profile', profile: loadProfile('libgomp') });
    const errorAt = libgomp.findIndex((o) => o.kind === 'error') + 1;
    expect(errorAt).toBeGreaterThan(0);
    const written = detach.steps.map((_, k) => k + 1);
    const lines = written.filter((k) => k < errorAt).map((k) => `MAPCHECK ${k} ok`);
    const aborted = parseRun({ stdout: lines.join('\n'), stderr: 'libgomp: attach count underflow', exit: 1, timedOut: false }, written);
    expect(compareRun(detach.world, written, libgomp, aborted)).toMatchObject({ agree: true });
    const spec = predict(detach, { kind: 'profile', profile: loadProfile('spec') });
    expect(compareRun(detach.world, written, spec, aborted).first).toMatchObject({ step: errorAt, observed: { kind: 'abort' } });
  });
});

describe('observation programs', () => {
  it('Fortran arrays and members are pointer, contiguous; every step prints one line', () => {
    const { text, written } = emitObservationProgram(loadCaseFile(REATTACH).program, { lang: 'fortran' });
    expect(text).toContain('  integer, pointer, contiguous :: v1(:)');
    expect(text).toContain('    integer, pointer, contiguous :: p1(:) => null()');
    expect(written).toEqual([1, 2, 3, 4, 5, 6]);
    for (const k of written) expect(text).toMatch(new RegExp(`call obs_(ok|read)\\(${k}[,)]`));
    expect(text).toContain('if (acc_on_device(acc_device_not_host)) ond = 1');
  });

  it('C prints pointer results and probes offload with acc_on_device', () => {
    const p = program({ world, steps: [{ op: 'acc_copyin', var: 'a' }, { op: 'acc_deviceptr', var: 'a(2:3)' }, { op: 'acc_is_present', var: 'c%p' }] });
    const { text } = emitObservationProgram(p, { lang: 'c' });
    expect(text).toContain('  obs_ptr(1, acc_copyin(v1, sizeof v1));');
    expect(text).toContain('  obs_ptr(2, acc_deviceptr(&v1[1]));');
    expect(text).toContain('  obs_int(3, acc_is_present(v3.p1, v3.p1_n * sizeof(int)));');
    expect(text).toContain('ond = acc_on_device(acc_device_not_host) ? 1 : 0;');
  });

  it('a disassociated member reaches a Fortran routine as NULL through the C binding', () => {
    const p = program({ world, steps: [{ op: 'acc_is_present', var: 'c%p' }, { op: 'acc_delete', var: 'c%p' }] });
    const { text } = emitObservationProgram(p, { lang: 'fortran' });
    expect(text).toContain('  call obs_int(1, int(acc_is_present_c(c_null_ptr, 0_c_size_t)))');
    expect(text).toContain('  call acc_delete_c(c_null_ptr, 0_c_size_t)');
    expect(text).toContain('    subroutine acc_delete_c(h, bytes) bind(C, name="acc_delete")');
  });

  it('an enter data naming a struct and its member is split per reference; a construct doing so is refused', () => {
    const mixed = program({
      world,
      steps: [
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }, { clause: 'copyin', vars: ['c%p'] }] },
      ],
    });
    const { program: split, split: count } = gccCompatible(mixed);
    expect(count).toBe(1);
    expect(split.steps.slice(1)).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p'] }] },
    ]);
    const text = emitObservationProgram(mixed, { lang: 'fortran' }).text;
    expect(text).toContain('  !$acc enter data copyin(v3)\n  call obs_ok(2)');
    expect(text).toContain('  !$acc enter data copyin(v3%p1)\n  call obs_ok(3)');
    const construct = program({ world, steps: [{ op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'copy', vars: ['a(1:2)'] }], body: { read: 'b' } }] });
    expect(() => emitObservationProgram(construct, { lang: 'c' })).toThrow(ObserveEmitError);
    const members = program({ world: { ...world, structs: [{ name: 'd', pointers: ['p', 'q'] }] }, steps: [{ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['d%p', 'd%q'] }] }] });
    expect(() => emitObservationProgram(members, { lang: 'fortran' })).not.toThrow();
  });

  it('every op is written by emit\'s own writer: declare and update steps print their line too (Fortran and C)', () => {
    const p = program({
      world,
      steps: [
        { op: 'acc_declare', clauses: [{ clause: 'copyin', vars: ['b'] }] },
        { op: 'host_write', var: 'b', value: 5 },
        { op: 'acc_update', clauses: [{ clause: 'device', vars: ['b'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['b'] }], body: { read: 'b' } },
      ],
    });
    const f = emitObservationProgram(p, { lang: 'fortran' });
    expect(f.written).toEqual([1, 2, 3, 4]);
    for (const k of f.written) expect(f.text).toMatch(new RegExp(`call obs_(ok|read)\\(${k}[,)]`));
    expect(f.text).toContain('  !$acc declare copyin(v2)');
    expect(f.text).toContain('  !$acc update device(v2)\n  call obs_ok(3)');
    const c = emitObservationProgram(p, { lang: 'c' });
    for (const k of c.written) expect(c.text).toMatch(new RegExp(`obs(_read)?\\(${k}, `));
    expect(c.text).toContain('#pragma acc declare copyin(v2)');
  });

  it('long Fortran lines are continued once, after a comma, and stay within 132 columns', () => {
    const p = program({
      world,
      steps: [{ op: 'omp_target_memcpy', dst: { var: 'b', offset: 12 }, src: { var: 'a', offset: 12 }, bytes: 0, dst_offset: 0, src_offset: 0, dst_device: -1, src_device: -1 }],
    });
    const lines = emitObservationProgram(p, { lang: 'fortran' }).text.split('\n');
    const call = lines.findIndex((l) => l.includes('call obs_int(1, int(omp_target_memcpy('));
    expect(lines[call]).toMatch(/, &$/);
    expect(lines[call + 1]).toMatch(/^ {6}\S.*\)\)\)$/);
    expect(lines.filter((l) => l.length > 132 || /^\s*&$/.test(l))).toEqual([]);
  });

  it('map(present, …) is written as its equivalent for GCC 12: an is_present check that stops the program; C keeps the modifier for clang', () => {
    const p = program({ world, steps: [{ op: 'omp_target_enter_data', maps: [{ type: 'to', modifiers: ['present'], vars: ['a'] }] }] });
    const c = emitObservationProgram(p, { lang: 'c' }).text.split('\n');
    const at = c.indexOf('#if defined(__clang__)');
    expect(c.slice(at, at + 3)).toEqual(['#if defined(__clang__)', '#pragma omp target enter data map(present, to: v1)', '#else']);
    const gcc = c.slice(at + 3, c.indexOf('#endif', at));
    expect(gcc).toContain('  if (!omp_target_is_present(v1, omp_get_default_device())) {');
    expect(gcc).toContain('#pragma omp target enter data map(to: v1)');
    expect(gcc.filter((l) => /#pragma.*present/.test(l))).toEqual([]);
    const f = emitObservationProgram(p, { lang: 'fortran' }).text.split('\n');
    expect(f.filter((l) => /^\s*!\$omp.*present/.test(l))).toEqual([]);
  });

  it('target update from(present: …) and a target data region with the present modifier: the clang branch holds the modifier, the region\'s brace follows both branches', () => {
    const p = program({
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_data_begin', maps: [{ type: 'to', modifiers: ['present'], vars: ['a'] }] },
        { op: 'omp_target_update', motions: [{ type: 'from', modifiers: ['present'], vars: ['a'] }] },
        { op: 'omp_target_data_end' },
      ],
    });
    const c = emitObservationProgram(p, { lang: 'c' }).text.split('\n');
    expect(c.filter((l) => l.startsWith('#pragma omp') && l.includes('present'))).toEqual(['#pragma omp target data map(present, to: v1)', '#pragma omp target update from(present: v1)']);
    const region = c.indexOf('#pragma omp target data map(to: v1)');
    expect(c.slice(region + 1, region + 3)).toEqual(['#endif', '  {']);
  });

  it('keeps writing past a step the spec calls an error; stops before undefined behaviour', () => {
    const p = program({
      world,
      steps: [
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { read: 'a' } },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'host_read', var: 'c%p' },
        { op: 'host_read', var: 'a' },
      ],
    });
    const plan = observePlan(p);
    expect(plan.steps.map((s) => [s.number, s.spec.kind])).toEqual([
      [1, 'error'],
      [2, 'halted'],
      [3, 'halted'],
      [4, 'halted'],
    ]);
    // After the error the model predicts nothing; step 3 reads through a null pointer, so writing stops there.
    expect(emitObservationProgram(p, { lang: 'c' }).written).toEqual([1, 2]);
    const undef = program({ world, steps: [{ op: 'host_read', var: 'c%p' }, { op: 'host_read', var: 'a' }] });
    expect(observePlan(undef).steps).toEqual([]);
  });

  it('conform --through-undefined writes the first step the spec calls undefined, last', () => {
    // c%p's section is mapped while c is absent: the kernel's read through c%p is undefined under the text
    const p = program({
      world,
      steps: [
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['c%p'] }], body: { read: 'c%p' } },
        { op: 'host_read', var: 'a' },
      ],
    });
    expect(observePlan(p).steps.map((s) => s.number)).toEqual([1]);
    expect(observePlan(p, true).steps.map((s) => [s.number, s.spec.kind])).toEqual([
      [1, 'ok'],
      [2, 'undefined'],
    ]);
    for (const lang of ['c', 'fortran'] as const) {
      expect(emitObservationProgram(p, { lang }).written, lang).toEqual([1]);
      const through = emitObservationProgram(p, { lang, throughUndefined: true });
      expect(through.written, lang).toEqual([1, 2]);
      expect(through.text, lang).toContain('MAPCHECK');
      expect(through.text, lang).toMatch(/step 2: !\$acc parallel copyin\(c%p\)/);
    }
  });
});

// Observation programs built host-only and run on the host fallback agree with the host-fallback
// reading (the conform acceptance on the host).
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-observe-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each([
  ['fortran', 'gfortran', 'f90'],
  ['c', 'gcc', 'c'],
] as const)('%s observation programs on the host fallback (%s -fopenacc -foffload=disable)', (lang, command, ext) => {
  const missing = missingTool(command);
  if (missing) console.warn(`toolchain/observe.test.ts: host runs skipped: ${missing}`);
  for (const [name, path] of [
    ['re-attach', REATTACH],
    ['detach', DETACH],
  ] as const)
    it(name, (ctx) => {
      if (missing) ctx.skip(missing);
      const p = loadCaseFile(path).program;
      const { text, full, written } = emitObservationProgram(p, { lang });
      const source = join(scratch, `${name}.${ext}`);
      const binary = join(scratch, `${name}-${lang}`);
      writeFileSync(source, text);
      const cc = spawnSync(command, ['-fopenacc', ...HOST_ONLY_FLAGS, '-w', source, '-o', binary], { encoding: 'utf8' });
      expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
      const r = spawnSync(binary, [], { encoding: 'utf8', env: hostOnlyEnv(), timeout: 30_000 });
      const run = parseRun({ stdout: r.stdout, stderr: r.stderr, exit: r.status, timedOut: false }, written);
      expect(run.offload).toBe(false);
      expect(run.completed).toBe(true);
      expect(compareRun(full.world, written, predict(full, { kind: 'host-fallback' }), run)).toMatchObject({ agree: true });
    });
});

describe('OpenACC device memory routines in observation programs and on the host fallback', () => {
  const p: Program = {
    version: 1,
    world: { arrays: [{ name: 'a', length: 8, init: 1 }], structs: [] },
    steps: [
      { op: 'acc_malloc', bytes: 32, result: 'd' },
      { op: 'acc_memcpy_to_device', var: 'a', dev: { handle: 'd' } },
      { op: 'acc_map_data', var: 'a', dev: { handle: 'd' } },
      { op: 'acc_free', ptr: { handle: 'd' } },
    ],
  } as Program;

  it('prints a line for every routine (C and Fortran)', () => {
    const c = emitObservationProgram(p, { lang: 'c' }).text;
    expect(c).toContain('h1 = acc_malloc(32);\n  obs_ptr(1, h1);');
    expect(c).toContain('acc_map_data(v1, h1, sizeof v1);\n  obs(3, "ok");');
    const f = emitObservationProgram(p, { lang: 'fortran' }).text;
    expect(f).toContain('  h1 = acc_malloc_c(32_c_size_t)\n  call obs_ptr(1, h1)');
    expect(f).toContain('  call acc_memcpy_to_device_c(h1, c_loc(v1(1)), 32_c_size_t)\n  call obs_ok(2)');
    expect(f).toContain('    subroutine acc_map_data_c(h, d, bytes) bind(C, name="acc_map_data")');
  });

  it('host fallback: acc_memcpy_to_device through the host address host_data gives overwrites host data, which is not predicted (examples/host-data.json ran 2s where 1s were predicted)', () => {
    const hostData: Program = {
      version: 1,
      world: { arrays: [{ name: 'a', length: 8, init: 1 }, { name: 'b', length: 8, init: 2 }], structs: [] },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_host_data_begin', var: 'a', result: 'da' },
        { op: 'acc_memcpy_to_device', var: 'b', dev: { handle: 'da' } },
        { op: 'acc_host_data_end' },
        { op: 'host_read', var: 'a' },
      ],
    } as Program;
    expect(predict(hostData, { kind: 'host-fallback' }).slice(1, 3)).toEqual([
      { kind: 'ok' },
      { kind: 'undefined', message: 'host fallback: acc_memcpy_to_device writes host data through its host address, which this prediction does not track' },
    ]);
  });

  it('host fallback (libgomp shared memory): acc_malloc is a new block, acc_map_data of another address a fatal error', () => {
    const o = predict(p, { kind: 'host-fallback' });
    expect(o.slice(0, 3)).toEqual([
      { kind: 'value', value: { block: 1, offset: 0 } },
      { kind: 'ok' },
      { kind: 'error', code: 'fatal_map_data', message: 'libgomp: cannot map data on shared-memory system' },
    ]);
  });
});

// What the host fallback answers where no device exists: libgomp's GOMP_target_data_ext and
// GOMP_target_update_ext fall back to the host without looking anything up (target.c
// gomp_target_data_fallback: no mapping, so nothing is missing), and acc_free on a shared-memory
// device is free() (oacc-mem.c acc_free). Seen on seed 20251203 (programs 2, 5, 41, 57 and 108 of
// the conform batch disagreed before).
describe('host-fallback reading: constructs and routines the host answers itself', () => {
  const omp = (steps: unknown[]): Program => program({ version: 1, world, steps });

  it('use_device_addr / use_device_ptr and the present motion modifier find everything on the host', () => {
    const p = omp([
      { op: 'omp_target_data_use_device_begin', var: 'a', result: 'u' },
      { op: 'omp_target_data_use_device_end' },
      { op: 'omp_target_data_begin', maps: [{ type: 'tofrom', vars: ['b'] }] },
      { op: 'omp_target_data_use_device_begin', var: 'b', result: 'v', ptr: true },
      { op: 'omp_target_data_use_device_end' },
      { op: 'omp_target_data_end' },
      { op: 'omp_target_update', motions: [{ type: 'from', modifiers: ['present'], vars: ['a'] }] },
    ]);
    // with a device, libgomp stops at the first step (a is not mapped there)
    expect(predict(p, { kind: 'profile', profile: loadProfile('libgomp') })[0]).toMatchObject({ kind: 'error' });
    const o = predict(p, { kind: 'host-fallback' });
    expect(o.map((x) => x.kind)).not.toContain('error');
    expect(o.map((x) => x.kind)).not.toContain('halted');
  });

  it('omp_initial_device (-1) is the host for libgomp >= 13 and an invalid number for GCC 12 (K-B20)', () => {
    const p = omp([{ op: 'omp_target_alloc', bytes: 16, device: -1, result: 'd' }]);
    expect(predict(p, { kind: 'host-fallback' })[0]).toMatchObject({ kind: 'value', value: { block: 1 } });
    expect(predict(p, { kind: 'host-fallback', runtime: 'gcc-12' })[0]).toEqual({ kind: 'value', value: null });
  });

  it('acc_deviceptr / acc_is_present of an element of an array of structs: its own host address and bytes', () => {
    const w = { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'cs', pointers: ['p'], count: 2 }] };
    const p = program({ version: 1, world: w, steps: [{ op: 'acc_deviceptr', var: 'cs(2)' }, { op: 'acc_is_present', var: 'cs(2)' }] });
    const cs = hostLayout(p.world).find((o) => o.name === 'cs')!;
    expect(predict(p, { kind: 'host-fallback' })).toEqual([
      { kind: 'value', value: { host: cs.start + cs.bytes / 2 } },
      { kind: 'value', value: true },
    ]);
  });

  it("map(present) on device 1 stops at emit's is_present check: the host fallback has no device 1", () => {
    const w = { ...world, devices: [{ kind: 'discrete' }, { kind: 'discrete' }] };
    const p = program({
      version: 1,
      world: w,
      steps: [
        { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_update', device: 1, motions: [{ type: 'to', modifiers: ['present'], vars: ['a'] }] },
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 },
      ],
    });
    expect(predict(p, { kind: 'host-fallback' }).map((o) => o.kind)).toEqual(['ok', 'error', 'halted']);
    // on device 0 (the host there) the check passes
    const on0 = program({ version: 1, world: w, steps: [{ op: 'omp_target_update', device: 0, motions: [{ type: 'to', modifiers: ['present'], vars: ['a'] }] }] });
    expect(predict(on0, { kind: 'host-fallback' })).toEqual([{ kind: 'ok' }]);
  });

  it('acc_free is free(): the start of a live acc_malloc block only', () => {
    const acc = (steps: unknown[]) => predict(program({ version: 1, world, steps }), { kind: 'host-fallback' }).map((x) => x.kind);
    const malloc = { op: 'acc_malloc', bytes: 64, result: 'h' };
    expect(acc([malloc, { op: 'acc_free', ptr: { handle: 'h' } }])).toEqual(['value', 'ok']);
    expect(acc([malloc, { op: 'acc_free', ptr: { handle: 'h', offset: 32 } }])).toEqual(['value', 'undefined']);
    expect(acc([malloc, { op: 'acc_free', ptr: { handle: 'h' } }, { op: 'acc_free', ptr: { handle: 'h' } }])).toEqual(['value', 'ok', 'undefined']);
    expect(acc([{ op: 'acc_free', ptr: { var: 'a' } }])).toEqual(['undefined']);
    expect(acc([{ op: 'acc_free', ptr: null }])).toEqual(['ok']);
  });
});

describe('host addresses inside a struct, read by where the compiler put its elements and fields', () => {
  // struct d { p, q pointer members; n; arr(4) }: C (cli/emit/c.ts) writes `int *p1; int p1_n;` per
  // pointer member, so n sits at byte 28 and arr at 32 (x86-64: the 4-byte count fills the pointer
  // pair's padding); gfortran's pointer component is a 64-byte descriptor, so n sits at 128 and arr
  // at 132. acc_deviceptr of d%arr(2:3) on the host fallback is the host address of arr(2).
  const p = program({
    version: 1,
    world: { arrays: [], structs: [{ name: 'd', pointers: ['p', 'q'], fields: [{ name: 'n', init: 2 }, { name: 'arr', length: 4, init: 1 }] }] },
    steps: [{ op: 'acc_deviceptr', var: 'd%arr(2:3)' }],
  });
  const fallback = predict(p, { kind: 'host-fallback' });

  it('parses the element and field lines', () => {
    const r = parseRun({ stdout: 'MAPCHECK 0 host 0 100\nMAPCHECK 0 element 0 1 164\nMAPCHECK 0 field 1 1 332\n', stderr: '', exit: 0, timedOut: false }, []);
    expect(r.malformed).toEqual([]);
    expect(r.hostParts[0]).toEqual({ elements: [undefined, 164], fields: [] });
    expect(r.hostParts[1]).toEqual({ elements: [], fields: [undefined, 332] });
  });

  it('C and gfortran layouts both agree with the host fallback; without the field lines the C layout would not', () => {
    const c = parseRun({ stdout: 'MAPCHECK 0 host 0 8192\nMAPCHECK 0 field 0 0 8220\nMAPCHECK 0 field 0 1 8224\nMAPCHECK 1 ptr 8228\n', stderr: '', exit: 0, timedOut: false }, [1]);
    expect(compareRun(p.world, [1], fallback, c)).toMatchObject({ agree: true });
    const f = parseRun({ stdout: 'MAPCHECK 0 host 0 8192\nMAPCHECK 0 field 0 0 8320\nMAPCHECK 0 field 0 1 8324\nMAPCHECK 1 ptr 8328\n', stderr: '', exit: 0, timedOut: false }, [1]);
    expect(compareRun(p.world, [1], fallback, f)).toMatchObject({ agree: true });
    const bare = parseRun({ stdout: 'MAPCHECK 0 host 0 8192\nMAPCHECK 1 ptr 8228\n', stderr: '', exit: 0, timedOut: false }, [1]);
    expect(compareRun(p.world, [1], fallback, bare).first?.step).toBe(1);
  });

  it('an element of an array of structs is read from its own line (gfortran: 64 bytes an element)', () => {
    const w = { arrays: [], structs: [{ name: 'cs', pointers: ['p'], count: 2 }] };
    const q = program({ version: 1, world: w, steps: [{ op: 'acc_deviceptr', var: 'cs(2)' }] });
    const out = (elements: string) => parseRun({ stdout: `MAPCHECK 0 host 0 4096\n${elements}MAPCHECK 1 ptr 4160\n`, stderr: '', exit: 0, timedOut: false }, [1]);
    const hf = predict(q, { kind: 'host-fallback' });
    expect(compareRun(q.world, [1], hf, out('MAPCHECK 0 element 0 0 4096\nMAPCHECK 0 element 0 1 4160\n'))).toMatchObject({ agree: true });
    expect(compareRun(q.world, [1], hf, out('')).agree).toBe(false);
  });

  it('the observation programs print them, in C and Fortran', () => {
    const q = program({
      version: 1,
      world: { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'cs', pointers: ['p'], count: 2 }, ...p.world.structs] },
      steps: [{ op: 'acc_deviceptr', var: 'cs(2)' }],
    });
    const c = emitObservationProgram(q, { lang: 'c' }).text;
    expect(c).toMatch(/MAPCHECK 0 element 1 1 %llu\\n", \(unsigned long long\)\(uintptr_t\)&v\d+\[1\]\);/);
    expect(c).toMatch(/MAPCHECK 0 field 2 1 %llu\\n", \(unsigned long long\)\(uintptr_t\)&v\d+\.f2\);/);
    const f = emitObservationProgram(q, { lang: 'fortran' }).text;
    expect(f).toMatch(/'MAPCHECK 0 element 1 1 ', transfer\(c_loc\(v\d+\(2\)\), 0_c_intptr_t\)/);
    expect(f).toMatch(/'MAPCHECK 0 field 2 1 ', transfer\(c_loc\(v\d+%f2\(1\)\), 0_c_intptr_t\)/);
  });
});

describe('objects a run shows back to back (asLaidOut, world.adjacent)', () => {
  // OpenMP: a, b of 8 integers; cs(2) of one pointer member; c a single struct. The run prints cs at
  // 1000 (elements 16 bytes apart, so 32 bytes in all), a at 1032, b at 1064, c at 1096: all four back
  // to back (nothing could be taken to follow c: a single struct's real size is not printed)
  const w = {
    arrays: [
      { name: 'a', length: 8, init: 1 },
      { name: 'b', length: 8, init: 2 },
    ],
    structs: [
      { name: 'cs', pointers: ['p'], count: 2 },
      { name: 'c', pointers: ['p'] },
    ],
  };
  const steps = [
    { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
    { op: 'omp_target_data_use_device_begin', var: 'b', result: 'u', ptr: true },
    { op: 'omp_target_data_use_device_end' },
  ];
  const q = program({ version: 1, world: w, steps });
  const lines = 'MAPCHECK 0 host 0 1032\nMAPCHECK 0 host 1 1064\nMAPCHECK 0 host 2 1000\nMAPCHECK 0 element 2 0 1000\nMAPCHECK 0 element 2 1 1016\nMAPCHECK 0 host 3 1096\n';
  const run = parseRun({ stdout: `${lines}MAPCHECK 1 ok\nMAPCHECK 2 ok\nMAPCHECK 3 ok\n`, stderr: '', exit: 0, timedOut: false }, [1, 2, 3]);

  it('reads the runs from the printed addresses and sizes, and reorders the per-object prints to the new layout', () => {
    const laid = asLaidOut(q, run);
    expect(laid.program.world.adjacent).toEqual([['cs', 'a', 'b', 'c']]);
    expect(hostLayout(laid.program.world).map((o) => o.name)).toEqual(['cs', 'a', 'b', 'c']);
    expect(laid.run.hostBases).toEqual([1000, 1032, 1064, 1096]);
    expect(laid.run.hostParts[0]).toEqual({ elements: [1000, 1016], fields: [] });
    expect(laid.program.steps).toBe(q.steps);
  });

  it('a run with gaps everywhere leaves the program as it is', () => {
    const apart = parseRun({ stdout: 'MAPCHECK 0 host 0 1000\nMAPCHECK 0 host 1 1100\nMAPCHECK 0 host 2 1200\nMAPCHECK 0 host 3 1300\n', stderr: '', exit: 0, timedOut: false }, []);
    expect(asLaidOut(q, apart).program).toBe(q);
  });

  it('libgomp\'s use_device_ptr of b then finds a\'s entry through the byte before b (K-B58 first-byte-or-end): the run that did not abort agrees; laid out apart it would not', () => {
    const gcc12 = { kind: 'profile', profile: loadProfile('gcc-12') } as const;
    expect(judgeRun(q, [1, 2, 3], gcc12, run)).toMatchObject({ agree: true });
    expect(compareRun(q.world, [1, 2, 3], predict(q, gcc12), run).first?.step).toBe(2);
  });
});
