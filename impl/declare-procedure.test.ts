// impl unit tests for a declare in a procedure (acc_procedure_begin / acc_procedure_end, OpenACC 3.3
// §2.13, K-A56): the boundaries of both readings, written from lang/README.md "Procedure-scope
// declare" (the spec's implicit data region on the structured counter; libgomp's GOACC_declare:
// enter data at the call, exit data at the return, create skipped for data already present,
// present fatal unless present, no return for copyin and present). The scenarios with their
// per-profile expectations are conformance rows (conformance/acc/2.13-declare-procedure.ts).

import { describe, expect, it } from 'vitest';
import type { Observation, SectionSnapshot } from '../lang/observation.js';
import type { AccProcedureClauseName, Step } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { ACC_WORLD as world, A, B } from '../conformance/worlds.js';
import { implEngine } from './index.js';

type Reading = 'structured-region' | 'dynamic-enter-exit';

/** Observations and the sections (host start, SRC, DRC) after each step. */
function run(steps: Step[], reading: Reading, knobs: Record<string, string> = {}): { obs: string[]; counts: number[][][] } {
  const spec = loadProfile('spec');
  const profile = { ...spec, knobs: { ...spec.knobs, 'K-A56': reading, ...knobs } as Profile['knobs'] };
  const engine = implEngine({ world, steps }, profile);
  const obs: string[] = [];
  const counts: number[][][] = [];
  for (const s of steps) {
    const o: Observation = engine.apply(s);
    if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
    obs.push(o.kind === 'error' ? `error ${o.code}` : o.kind === 'value' ? String(o.value) : o.kind === 'read' ? `read ${o.values.join(',')}` : o.kind);
    counts.push(engine.snapshot().sections.map((x: SectionSnapshot) => [x.host[0], x.host[1] - x.host[0], x.src, x.drc]));
  }
  return { obs, counts };
}

const call = (...clauses: [AccProcedureClauseName, ...string[]][]): Step => ({ op: 'acc_procedure_begin', clauses: clauses.map(([clause, ...vars]) => ({ clause, vars })) });
const ret: Step = { op: 'acc_procedure_end' };
const enter = (v: string): Step => ({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [v] }] });
const present = (v: string): Step => ({ op: 'acc_is_present', var: v });
const write = (v: string, value: number): Step => ({ op: 'acc_parallel', clauses: [], default: 'present', body: { write: v, value } });
const read = (v: string): Step => ({ op: 'host_read', var: v });
const WHOLE_A: [number, number] = [A, 40];
const WHOLE_B: [number, number] = [B, 40];

describe('acc_procedure_begin / end, K-A56 structured-region (the spec)', () => {
  it('each clause acts as a data construct clause on the structured counter, and the return gives it back', () => {
    const r = run([enter('a'), call(['copyin', 'a'], ['copy', 'b']), write('b', 7), ret, present('a'), read('b')], 'structured-region');
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'ok', 'true', 'read 7,7,7,7,7,7,7,7,7,7']);
    expect(r.counts[1]).toEqual([[...WHOLE_A, 1, 1], [...WHOLE_B, 1, 0]]);
    expect(r.counts[3]).toEqual([[...WHOLE_A, 0, 1]]);
  });

  it('copyout and create of absent data: created at the call; copyout copies back at the return', () => {
    const r = run([call(['copyout', 'a'], ['create', 'b']), write('a', 5), write('b', 6), ret, read('a'), read('b'), present('b')], 'structured-region');
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'ok', 'read 5,5,5,5,5,5,5,5,5,5', 'read 2,2,2,2,2,2,2,2,2,2', 'false']);
    expect(r.counts[0]).toEqual([[...WHOLE_A, 1, 0], [...WHOLE_B, 1, 0]]);
  });

  it('present: the data must be present (not partly), and counts a structured reference', () => {
    expect(run([call(['present', 'a'])], 'structured-region').obs).toEqual(['error acc_error_not_present']);
    expect(run([enter('a(1:4)'), call(['present', 'a'])], 'structured-region').obs).toEqual(['ok', 'error acc_error_partly_present']);
    const r = run([enter('a'), call(['present', 'a']), ret], 'structured-region');
    expect(r.counts.map((c) => c[0])).toEqual([[...WHOLE_A, 0, 1], [...WHOLE_A, 1, 1], [...WHOLE_A, 0, 1]]);
  });

  it('an exit data inside the procedure leaves the data to the return', () => {
    const r = run([enter('a'), call(['copy', 'a']), { op: 'acc_delete_finalize', var: 'a' }, present('a'), ret, present('a')], 'structured-region');
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'true', 'ok', 'false']);
  });

  it('nested calls and data regions give back their own references', () => {
    const r = run([call(['copy', 'a']), { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] }, call(['create', 'a']), ret, { op: 'acc_data_end' }, ret, present('a')], 'structured-region');
    expect(r.counts.map((c) => c.map((x) => x[2]))).toEqual([[1], [2], [3], [2], [1], [], []]);
  });
});

describe('acc_procedure_begin / end, K-A56 dynamic-enter-exit (libgomp GOACC_declare)', () => {
  it('copy and copyin enter data copyin at the call; copy copies out at the return, copyin has no return', () => {
    const r = run([enter('a'), call(['copyin', 'a'], ['copy', 'b']), write('b', 7), ret, present('a'), read('b')], 'dynamic-enter-exit');
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'ok', 'true', 'read 7,7,7,7,7,7,7,7,7,7']);
    expect(r.counts[1]).toEqual([[...WHOLE_A, 0, 2], [...WHOLE_B, 0, 1]]);
    // a keeps the reference copyin took: DRC 2 after the return
    expect(r.counts[3]).toEqual([[...WHOLE_A, 0, 2]]);
    // absent copyin data stays present after the return
    expect(run([call(['copyin', 'b']), ret, present('b')], 'dynamic-enter-exit').obs).toEqual(['ok', 'ok', 'true']);
  });

  it('create skips data wholly present and still releases it at the return; partly present data is created as enter data creates', () => {
    const r = run([enter('a'), call(['create', 'a']), ret, present('a')], 'dynamic-enter-exit');
    expect(r.counts[1]).toEqual([[...WHOLE_A, 0, 1]]);
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'false']);
    // absent: a create action, released again
    const absent = run([call(['create', 'a']), ret, present('a')], 'dynamic-enter-exit');
    expect(absent.counts[0]).toEqual([[...WHOLE_A, 0, 1]]);
    expect(absent.obs).toEqual(['ok', 'ok', 'false']);
    // partly present (a(1:4)): not acc_is_present, so enter data create, which reports it
    expect(run([enter('a(1:4)'), call(['create', 'a'])], 'dynamic-enter-exit').obs).toEqual(['ok', 'error acc_error_partly_present']);
    // K-A11 extends-before: a present section inside a's end (a(5:10)) takes the dynamic reference
    const before = run([enter('a(5:10)'), call(['create', 'a']), ret, present('a(5:10)')], 'dynamic-enter-exit', { 'K-A11': 'extends-before' });
    expect(before.counts[1]).toEqual([[A + 16, 24, 0, 2]]);
    // and the return is exit data delete(a) of partly present data, as that directive reports it
    expect(before.obs).toEqual(['ok', 'ok', 'error acc_error_partly_present', 'halted']);
  });

  it('copyout creates at the call (a dynamic reference on present data) and copies out when the return ends the lifetime', () => {
    const r = run([call(['copyout', 'a']), write('a', 5), ret, read('a'), present('a')], 'dynamic-enter-exit');
    expect(r.counts[0]).toEqual([[...WHOLE_A, 0, 1]]);
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'read 5,5,5,5,5,5,5,5,5,5', 'false']);
    const held = run([enter('a'), call(['copyout', 'a']), write('a', 5), ret, read('a')], 'dynamic-enter-exit');
    expect(held.counts[1]).toEqual([[...WHOLE_A, 0, 2]]);
    expect(held.obs).toEqual(['ok', 'ok', 'ok', 'ok', 'read 1,1,1,1,1,1,1,1,1,1']);
  });

  it('present: fatal unless the data is wholly present; it takes no reference and has no return', () => {
    expect(run([call(['present', 'a']), present('a')], 'dynamic-enter-exit').obs).toEqual(['error fatal_not_present', 'halted']);
    expect(run([enter('a(1:4)'), call(['present', 'a'])], 'dynamic-enter-exit').obs).toEqual(['ok', 'error fatal_not_present']);
    const r = run([enter('a'), call(['present', 'a']), ret, present('a')], 'dynamic-enter-exit');
    expect(r.counts.map((c) => c[0])).toEqual([[...WHOLE_A, 0, 1], [...WHOLE_A, 0, 1], [...WHOLE_A, 0, 1], [...WHOLE_A, 0, 1]]);
    expect(r.obs[3]).toBe('true');
  });

  it('clauses enter in order and stop at the first failure; the return acts on the clauses that have one, in order', () => {
    // b is copied in before the present(a) check fails
    const failed = run([call(['copy', 'b'], ['present', 'a'])], 'dynamic-enter-exit');
    expect(failed.obs).toEqual(['error fatal_not_present']);
    expect(failed.counts[0]).toEqual([[...WHOLE_B, 0, 1]]);
    // copyin(a) has no return, so copyout(b) is the return's only clause (a stays, b goes)
    const r = run([call(['copyin', 'a'], ['present', 'a(1:2)'], ['copyout', 'b']), ret], 'dynamic-enter-exit');
    expect(r.counts[1]).toEqual([[...WHOLE_A, 0, 1]]);
  });

  it('a stop at one clause leaves the later clauses unentered', () => {
    // create(a) of partly present a stops (acc_error_partly_present, K-A11 `error`); b is not copied in
    const r = run([enter('a(1:4)'), call(['create', 'a'], ['copyin', 'b'])], 'dynamic-enter-exit');
    expect(r.obs).toEqual(['ok', 'error acc_error_partly_present']);
    expect(r.counts[1]).toEqual([[A, 16, 0, 1]]);
  });

  it('only the call\'s own clauses are entered: records a directive left above the stack are not', () => {
    // enter data copyin(a, b) leaves b's record above the stack top; the call takes a alone
    const r = run([{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a', 'b'] }] }, call(['copyin', 'a'])], 'dynamic-enter-exit');
    expect(r.counts[1]).toEqual([[...WHOLE_A, 0, 2], [...WHOLE_B, 0, 1]]);
  });

  it('an exit data inside the procedure ends the lifetime; the return then finds nothing to give back', () => {
    const r = run([enter('a'), call(['copy', 'a']), { op: 'acc_delete_finalize', var: 'a' }, present('a'), ret, present('a')], 'dynamic-enter-exit');
    expect(r.obs).toEqual(['ok', 'ok', 'ok', 'false', 'ok', 'false']);
    const once = run([enter('a'), call(['copy', 'a']), { op: 'acc_delete', var: 'a' }, ret, present('a')], 'dynamic-enter-exit');
    expect(once.obs).toEqual(['ok', 'ok', 'ok', 'ok', 'false']);
  });

  it('nested calls keep their own return clauses; the stack is back where it was after each return', () => {
    const r = run([call(['copy', 'a'], ['copyin', 'b']), call(['create', 'b'], ['copyout', 'a']), ret, present('a'), ret, present('a'), present('b')], 'dynamic-enter-exit');
    expect(r.counts[1]).toEqual([[...WHOLE_A, 0, 2], [...WHOLE_B, 0, 1]]);
    // the inner return: a copyout (DRC 1), b released (DRC 0: gone)
    expect(r.counts[2]).toEqual([[...WHOLE_A, 0, 1]]);
    expect(r.obs.slice(3)).toEqual(['true', 'ok', 'false', 'false']);
  });

  it('an acc_procedure_end without a call is an internal error (validation refuses it)', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('libgomp'));
    expect(() => engine.apply(ret)).toThrow(/acc_procedure_end without an open acc_procedure_begin/);
    expect(() => engine.apply({ op: 'acc_procedure_begin', clauses: [{ clause: 'attach', vars: ['c%p'] }] } as unknown as Step)).toThrow(/does not take a 'attach' clause/);
  });
});
