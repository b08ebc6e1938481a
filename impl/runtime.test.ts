// impl unit tests for what has no program form: references the language would reject are refused
// with lang/parseRef's message. The scenarios (observations and states per profile) are
// conformance rows, run on both engines: conformance/acc/*.ts.

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Program, Step, World } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { ACC_WORLD as world, MEMBERS_WORLD, OMP_WORLD } from '../conformance/worlds.js';
import { ImplEngine, implEngine } from './index.js';

describe('references', () => {
  it('rejects bad references with the message of lang/parseRef', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    expect(() => engine.apply({ op: 'host_read', var: 'a(0:3)' })).toThrow(/outside a\(1:10\)/);
    expect(() => engine.apply({ op: 'host_read', var: 'c%q' })).toThrow(/no pointer member 'q'/);
    expect(() => engine.apply({ op: 'host_read', var: 'zz' })).toThrow(/not declared/);
    expect(() => engine.apply({ op: 'acc_attach', ptr: 'a' })).toThrow(/pointer member/);
    expect(engine.apply({ op: 'host_read', var: 'b(9:10)' })).toEqual({ kind: 'read', values: [2, 2] });
  });
});

// States the generator rarely builds, where mutants of impl/runtime.ts survived campaigns (issue 15,
// MUTATION.md). Expectations from lang/README.md: "Host steps", "Directives" (indeterminate host
// pointers), "Compute construct" (kernel dereference) and the exit rules of present / no_create.
describe('rare states', () => {
  const run = (steps: Step[], knobs: Record<string, string> = {}): Observation[] => {
    const spec = loadProfile('spec');
    const engine = implEngine({ world, steps }, { ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
    const obs = steps.map((s) => engine.apply(s));
    // a stop says what went wrong (MUTATION.md, "Messages")
    for (const o of obs) if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
    return obs;
  };
  const kinds = (obs: Observation[]) => obs.map((o) => (o.kind === 'error' ? `error ${o.code}` : o.kind));
  const assign = (ptr: string, target: string): Step => ({ op: 'pointer_assign', ptr, target });
  const copyin = (...vars: string[]) => ({ clause: 'copyin' as const, vars });
  const created: Step[] = [
    { op: 'acc_enter_data', clauses: [{ clause: 'create', vars: ['c'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['c'] }] },
  ];

  it('host reads and writes through a disassociated pointer are undefined', () => {
    expect(kinds(run([{ op: 'host_read', var: 'c%p' }]))).toEqual(['undefined']);
    expect(kinds(run([{ op: 'host_write', var: 'c%p', value: 3 }, { op: 'host_read', var: 'a' }]))).toEqual(['undefined', 'halted']);
    expect(kinds(run([assign('c%p', 'a(2:3)'), { op: 'nullify', ptr: 'c%p' }, { op: 'host_read', var: 'c%p' }]))).toEqual(['ok', 'ok', 'undefined']);
    // Associated: the target's elements.
    const obs = run([assign('c%p', 'a(2:3)'), { op: 'host_write', var: 'c%p', value: 7 }, { op: 'host_read', var: 'a(1:4)' }, { op: 'host_read', var: 'c%p' }]);
    expect(obs.slice(2)).toEqual([{ kind: 'read', values: [1, 7, 7, 1] }, { kind: 'read', values: [7, 7] }]);
  });

  it('a pointer member whose host value is indeterminate (a created struct copied back) makes its use undefined', () => {
    const uses: Step[] = [
      { op: 'host_read', var: 'c%p' },
      { op: 'acc_data_begin', clauses: [copyin('c%p')] },
      { op: 'acc_enter_data', clauses: [copyin('b', 'c%p')] },
      { op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['c%p'] }] },
      { op: 'acc_attach', ptr: 'c%p' },
      { op: 'acc_copyin', var: 'c%p' },
      { op: 'acc_is_present', var: 'c%p' },
    ];
    for (const use of uses) expect(kinds(run([...created, use])), JSON.stringify(use)).toEqual(['ok', 'ok', 'undefined']);
    // The struct itself is still an ordinary host object.
    expect(kinds(run([...created, { op: 'acc_enter_data', clauses: [copyin('c')] }]))).toEqual(['ok', 'ok', 'ok']);
  });

  it('a kernel dereferences a pointer to the first byte of the first device block', () => {
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [copyin('a')] },
      assign('c%p', 'a'),
      { op: 'acc_enter_data', clauses: [copyin('c')] },
      { op: 'acc_attach', ptr: 'c%p' },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { write: 'c%p', value: 5 } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
    ];
    const obs = run(steps);
    expect(obs[3]).toEqual({ kind: 'ok' });
    expect(obs[4]).toEqual({ kind: 'ok' });
    expect(obs[5]).toEqual({ kind: 'read', values: Array(10).fill(5) });
  });

  it('no_create of a pointer whose target is absent attaches nothing, also when it is not the first var (K-A2 error)', () => {
    const steps: Step[] = [
      assign('c%p', 'a'),
      { op: 'acc_enter_data', clauses: [copyin('c')] },
      { op: 'acc_data_begin', clauses: [copyin('b'), { clause: 'no_create', vars: ['c%p'] }] },
      { op: 'acc_data_end' },
      { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['b', 'c%p'] }] },
      { op: 'acc_data_end' },
    ];
    for (const knobs of [{}, { 'K-A2': 'error' }, { 'K-A17': 'attach-first' }, { 'K-A17': 'after-data', 'K-A2': 'error' }]) {
      const engine = implEngine({ world, steps }, { ...loadProfile('spec'), knobs: { ...loadProfile('spec').knobs, ...knobs } as Profile['knobs'] });
      steps.forEach((s, i) => {
        expect(engine.apply(s), `${JSON.stringify(knobs)} step ${i + 1}`).toEqual({ kind: 'ok' });
        expect(engine.snapshot().attachments.map((a) => a.ac)).toEqual(i === 0 ? [] : [0]);
      });
    }
  });

  it('present and no_create data partly present at region exit are left alone; copy data is an error (K-A7 infinite)', () => {
    // Under K-A7 `infinite` acc_map_data data keeps its counters, so acc_unmap_data inside the
    // region leaves the region's data partly present at its exit once part of it is mapped again.
    const region = (clause: 'present' | 'no_create' | 'copy'): Step[] => [
      { op: 'acc_malloc', bytes: 40, result: 'd' },
      { op: 'acc_map_data', var: 'a', dev: { handle: 'd' } },
      { op: 'acc_data_begin', clauses: [{ clause, vars: ['a'] }] },
      { op: 'acc_unmap_data', var: 'a' },
      { op: 'acc_copyin', var: 'a(1:3)' },
      { op: 'acc_data_end' },
    ];
    for (const clause of ['present', 'no_create'] as const) {
      const steps = region(clause);
      const engine = implEngine({ world, steps }, { ...loadProfile('spec'), knobs: { ...loadProfile('spec').knobs, 'K-A7': 'infinite' } as Profile['knobs'] });
      expect(kinds(steps.map((s) => engine.apply(s))), clause).toEqual(['value', 'ok', 'ok', 'ok', 'value', 'ok']);
      expect(engine.snapshot().sections.map(({ host, src, drc }) => ({ host, src, drc }))).toEqual([{ host: [0x1000, 0x100c], src: 0, drc: 1 }]);
    }
    expect(kinds(run(region('copy'), { 'K-A7': 'infinite' }))).toEqual(['value', 'ok', 'ok', 'ok', 'value', 'error acc_error_partly_present']);
  });
});

// The state key of bounded-exhaustive checking (properties/check.ts): equal keys, equal futures.
// What goes into it is the runtime's documented state (ImplEngine.stateKey): present table and
// attachments with blocks renamed in order of appearance, device data of present entries, host
// memory, open regions' var records, halted, and (reuse only) the freed blocks.
describe('state key', () => {
  const spec = loadProfile('spec');
  const copyin = (...vars: string[]) => ({ clause: 'copyin' as const, vars });
  const keyAfter = (steps: Step[], w = world): string => {
    const e = new ImplEngine({ world: w, steps }, spec);
    for (const s of steps) e.apply(s);
    return e.stateKey();
  };

  it('names blocks by appearance, so states reached by different allocation histories have one key', () => {
    // b is mapped first in one history and gets block 1 or 2; the state is the same
    const one = keyAfter([{ op: 'acc_enter_data', clauses: [copyin('a')] }, { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] }, { op: 'acc_enter_data', clauses: [copyin('b')] }]);
    const two = keyAfter([{ op: 'acc_enter_data', clauses: [copyin('b')] }]);
    expect(one).toBe(two);
    const parsed = JSON.parse(two) as unknown[];
    expect(parsed[0]).toBe(false);
    expect((parsed[1] as unknown[][])[0]!.slice(0, 5)).toEqual([0x1200, 0x1228, 1, 0, 1]);
  });

  it('tells apart device data, host data, counters, attachments, open regions and a halted program', () => {
    const base: Step[] = [{ op: 'acc_enter_data', clauses: [copyin('a')] }];
    const keys = [
      keyAfter(base),
      keyAfter([...base, { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { write: 'a', value: 3 } }]),
      keyAfter([...base, { op: 'host_write', var: 'a', value: 3 }]),
      keyAfter([...base, { op: 'acc_enter_data', clauses: [copyin('a')] }]),
      keyAfter([...base, { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a'] }] }]),
      keyAfter([...base, { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a(1:2)'] }] }]),
      keyAfter([...base, { op: 'pointer_assign', ptr: 'c%p', target: 'a' }, { op: 'acc_enter_data', clauses: [copyin('c')] }]),
      keyAfter([...base, { op: 'pointer_assign', ptr: 'c%p', target: 'a' }, { op: 'acc_enter_data', clauses: [copyin('c')] }, { op: 'acc_attach', ptr: 'c%p' }]),
      keyAfter([...base, { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['b'] }], body: { read: 'b' } }]),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // attached: the device pointer names block 1 (a's) at offset 0
    const attached = JSON.parse(keys[7]!) as unknown[];
    expect(attached[2]).toEqual([[0x1400, 1, { space: 'dev', block: 1, offset: 0, count: 10 }]]);
    expect(JSON.parse(keys[6]!)[2]).toEqual([[0x1400, 0, { space: 'host', addr: 0x1000, count: 10 }]]);
    expect(JSON.parse(keys[8]!)[0]).toBe(true);
    // an open region keeps its var records
    expect(JSON.parse(keys[5]!)[5]).toEqual(['a(1:2)']);
    expect(JSON.parse(keys[5]!)[6]).toEqual([0]);
  });

  it('with a reusing allocator, the freed blocks (which come back first) are part of the state', () => {
    const reuse = { ...world, reuse: true };
    const freedA = keyAfter([{ op: 'acc_enter_data', clauses: [copyin('a', 'b')] }, { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] }], reuse);
    const never = keyAfter([{ op: 'acc_enter_data', clauses: [copyin('b')] }], reuse);
    expect(freedA).not.toBe(never);
    expect((JSON.parse(freedA) as unknown[])[7]).toEqual([[2, 40, 0]]);
    expect((JSON.parse(never) as unknown[])[7]).toEqual([]);
    const quarantine = keyAfter([{ op: 'acc_enter_data', clauses: [copyin('a', 'b')] }, { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] }]);
    expect((JSON.parse(quarantine) as unknown[])[7]).toEqual([]);
  });

  it('is refused once the OpenMP half is in use', () => {
    const e = new ImplEngine({ world: OMP_WORLD, steps: [] }, spec);
    e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] });
    expect(() => e.stateKey()).toThrow(/stateKey: the OpenMP half is in use/);
  });
});

// Programs validation rejects (lang/validate.ts) reach the runtime only through a bug: internal errors.
describe('impossible programs', () => {
  const spec = loadProfile('spec');
  const engine = () => new ImplEngine({ world, steps: [] }, spec);
  it('throws on what validation rejects', () => {
    expect(() => new ImplEngine({ world, steps: [], version: 99 } as unknown as Program, spec)).toThrow(/program language version 99 is not supported/);
    const shared = new ImplEngine({ world: { ...world, devices: [{ kind: 'shared' }] }, steps: [] }, spec);
    expect(() => shared.apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] })).toThrow(/OpenACC steps use device 0, which must be discrete/);
    expect(shared.apply({ op: 'host_read', var: 'a(1:1)' })).toEqual({ kind: 'read', values: [1] });
    expect(() => engine().apply({ op: 'acc_data_end' })).toThrow(/acc_data_end without an open acc_data_begin region/);
    expect(() => engine().apply({ op: 'acc_host_data_end' })).toThrow(/acc_host_data_end without an open acc_host_data_begin region/);
    expect(() => engine().apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyout', vars: ['a'] }] } as unknown as Step)).toThrow(/acc_enter_data does not take a 'copyout' clause/);
    expect(() => engine().apply({ op: 'acc_enter_data', clauses: [{ clause: 'bogus', vars: ['a'] }] } as unknown as Step)).toThrow(/does not take a 'bogus' clause/);
    expect(() => engine().apply({ op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['a'] }] })).toThrow(/'a' in a attach clause must name a pointer member/);
    expect(() => engine().apply({ op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c'] }] })).toThrow(/'c' in a detach clause must name a pointer member/);
  });
});

// Every var of a directive gets its action, not only the first (OpenACC 3.3 §2.6.5, §2.6.6: the
// clauses' actions for each var in order; §2.7.12 / §2.7.13 attach and detach clauses). Most
// conformance rows name one var per directive.
describe('directives with several vars', () => {
  const spec = loadProfile('spec');
  const cl = (clause: string, ...vars: string[]): never => ({ clause, vars }) as never;
  const present = (v: string): Step => ({ op: 'acc_is_present', var: v });

  it('enter and exit data act on every var', () => {
    const e = new ImplEngine({ world, steps: [] }, spec);
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [cl('copyin', 'b', 'a', 'c'), cl('attach', 'c%p')] },
      present('a'),
      present('c'),
    ];
    expect(steps.map((s) => e.apply(s)).slice(2)).toEqual([
      { kind: 'value', value: true },
      { kind: 'value', value: true },
    ]);
    const snap = e.snapshot();
    expect(snap.sections.map((s) => [s.host[0], s.drc])).toEqual([
      [0x1000, 1],
      [0x1200, 1],
      [0x1400, 1],
    ]);
    expect(snap.attachments).toEqual([{ ptr: 0x1400, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
    e.apply({ op: 'host_write', var: 'a', value: 8 });
    e.apply({ op: 'acc_parallel', clauses: [cl('present', 'a', 'b')], body: { write: 'b', value: 6 } });
    const exit: Step[] = [{ op: 'acc_exit_data', clauses: [cl('detach', 'c%p'), cl('copyout', 'a', 'b'), cl('delete', 'c')] }, present('a'), present('b'), present('c'), { op: 'host_read', var: 'b(1:2)' }, { op: 'host_read', var: 'a(1:2)' }];
    expect(exit.map((s) => e.apply(s))).toEqual([
      { kind: 'ok' },
      { kind: 'value', value: false },
      { kind: 'value', value: false },
      { kind: 'value', value: false },
      { kind: 'read', values: [6, 6] },
      { kind: 'read', values: [1, 1] },
    ]);
    expect(e.snapshot().sections).toEqual([]);
  });

  it('a data region copies every var back at its end', () => {
    const e = new ImplEngine({ world, steps: [] }, spec);
    const steps: Step[] = [
      { op: 'acc_data_begin', clauses: [cl('copy', 'a', 'b'), cl('create', 'c')] },
      { op: 'acc_parallel', clauses: [cl('present', 'a', 'b')], body: { write: 'b', value: 4 } },
      { op: 'acc_data_end' },
      { op: 'host_read', var: 'b(9:10)' },
      present('b'),
      present('c'),
    ];
    expect(steps.map((s) => e.apply(s)).slice(3)).toEqual([
      { kind: 'read', values: [4, 4] },
      { kind: 'value', value: false },
      { kind: 'value', value: false },
    ]);
  });
});

describe('pointer references and attachment counters (OpenACC 3.3 §2.7.2 attach and detach actions; K-A1 base-pointer, the spec default)', () => {
  const spec = loadProfile('spec');
  const cl = (clause: string, ...vars: string[]): never => ({ clause, vars }) as never;
  const acOf = (e: ImplEngine) => e.snapshot().attachments.map((a) => a.ac);

  it('a detach clause decrements an attachment counter of 2 to 1: still attached', () => {
    const e = new ImplEngine({ world, steps: [] }, spec);
    for (const s of [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [cl('copyin', 'c', 'a')] },
      { op: 'acc_attach', ptr: 'c%p' },
      { op: 'acc_attach', ptr: 'c%p' },
    ] as Step[])
      e.apply(s);
    expect(acOf(e)).toEqual([2]);
    expect(e.apply({ op: 'acc_exit_data', clauses: [cl('detach', 'c%p')] })).toEqual({ kind: 'ok' });
    expect(acOf(e)).toEqual([1]);
    expect(e.snapshot().attachments[0]!.device).toMatchObject({ space: 'dev' });
    // delete of a pointer reference detaches once (K-A10 once): back to 0, the host value restored on the device
    expect(e.apply({ op: 'acc_exit_data', clauses: [cl('delete', 'c%p')] })).toEqual({ kind: 'ok' });
    expect(acOf(e)).toEqual([0]);
    expect(e.snapshot().attachments[0]!.device).toEqual({ space: 'host', addr: 0x1000, count: 10 });
  });

  it('create and copyout of a pointer reference map its target and attach the pointer (§2.7.8, §2.7.9)', () => {
    for (const clause of ['create', 'copyout', 'copyin']) {
      const e = new ImplEngine({ world, steps: [] }, spec);
      e.apply({ op: 'pointer_assign', ptr: 'c%p', target: 'a(2:3)' });
      e.apply({ op: 'acc_enter_data', clauses: [cl('copyin', 'c')] });
      const o = clause === 'copyout' ? e.apply({ op: 'acc_data_begin', clauses: [cl(clause, 'c%p')] }) : e.apply({ op: 'acc_enter_data', clauses: [cl(clause, 'c%p')] });
      expect(o, clause).toEqual({ kind: 'ok' });
      const snap = e.snapshot();
      expect(snap.sections.map((s) => s.host), clause).toEqual([
        [0x1004, 0x100c],
        [0x1400, 0x1410],
      ]);
      expect(snap.attachments, clause).toEqual([{ ptr: 0x1400, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 2 } }]);
    }
  });
});

// Undefined behaviour of kernels and device memory routines (lang/README.md "Compute construct",
// "Device memory routines"): each stop is `undefined` at that step.
describe('kernels and device memory routines that stop the program', () => {
  const spec = loadProfile('spec');
  const cl = (clause: string, ...vars: string[]): never => ({ clause, vars }) as never;
  const run = (steps: Step[]) => {
    const e = new ImplEngine({ world, steps }, spec);
    return steps.map((s) => {
      const o = e.apply(s);
      if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
      return o.kind === 'error' ? `error ${o.code}` : o.kind;
    });
  };
  const assign: Step = { op: 'pointer_assign', ptr: 'c%p', target: 'a' };

  it('a kernel on data that is not present, or through a member that is null, indeterminate or not attached', () => {
    // no_create of absent data: the kernel would use the host address
    expect(run([{ op: 'acc_parallel', clauses: [cl('no_create', 'a')], body: { read: 'a' } }])).toEqual(['undefined']);
    // c present, its device copy of p null (disassociated when copied)
    expect(run([{ op: 'acc_enter_data', clauses: [cl('copyin', 'c')] }, { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } }])).toEqual(['ok', 'undefined']);
    // created: indeterminate device copy
    expect(run([assign, { op: 'acc_enter_data', clauses: [cl('create', 'c')] }, { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } }])).toEqual(['ok', 'ok', 'undefined']);
    // copied, not attached: a host descriptor on the device
    expect(run([assign, { op: 'acc_enter_data', clauses: [cl('copyin', 'c', 'a')] }, { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { write: 'c%p', value: 1 } }])).toEqual(['ok', 'ok', 'undefined']);
    // attached: the kernel runs
    expect(run([assign, { op: 'acc_enter_data', clauses: [cl('copyin', 'a', 'c')] }, { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } }])).toEqual(['ok', 'ok', 'ok', 'read']);
  });

  it('acc_free of a null pointer does nothing; of a host address, a non-start, a dead block or mapped data is undefined', () => {
    const malloc: Step = { op: 'acc_malloc', bytes: 16, result: 'h' };
    expect(run([{ op: 'acc_free', ptr: null }, { op: 'host_read', var: 'a(1:1)' }])).toEqual(['ok', 'read']);
    expect(run([{ op: 'acc_malloc', bytes: 0, result: 'z' }, { op: 'acc_free', ptr: { handle: 'z' } }])).toEqual(['value', 'ok']);
    expect(run([{ op: 'acc_free', ptr: { var: 'a' } }])).toEqual(['undefined']);
    expect(run([malloc, { op: 'acc_free', ptr: { handle: 'h', offset: 4 } }])).toEqual(['value', 'undefined']);
    expect(run([malloc, { op: 'acc_free', ptr: { handle: 'h' } }, { op: 'acc_free', ptr: { handle: 'h' } }])).toEqual(['value', 'ok', 'undefined']);
    // device memory of mapped data is not acc_malloc memory
    expect(run([{ op: 'acc_enter_data', clauses: [cl('copyin', 'a')] }, { op: 'acc_deviceptr', var: 'a' }])).toEqual(['ok', 'value']);
  });

  it('a routine step without a result leaves the handles alone, whatever their names', () => {
    // `undefined` is a valid handle name (lang/validate.ts IDENTIFIER): an acc_copyin, acc_create or
    // acc_deviceptr step that keeps nothing must not write it; acc_free of the acc_malloc memory it names runs
    const kept = (op: 'acc_copyin' | 'acc_create' | 'acc_deviceptr'): Step[] => [{ op: 'acc_malloc', bytes: 16, result: 'undefined' }, { op, var: 'a' }, { op: 'acc_free', ptr: { handle: 'undefined' } }];
    for (const op of ['acc_copyin', 'acc_create'] as const) expect(run(kept(op))).toEqual(['value', 'value', 'ok']);
    expect(run([{ op: 'acc_enter_data', clauses: [cl('copyin', 'a')] }, ...kept('acc_deviceptr')])).toEqual(['ok', 'value', 'value', 'ok']);
  });

  it('a memcpy through an offset null handle is undefined', () => {
    expect(run([{ op: 'acc_malloc', bytes: 0, result: 'z' }, { op: 'acc_memcpy_to_device', var: 'a(1:2)', dev: { handle: 'z', offset: 4 } }])).toEqual(['value', 'undefined']);
  });

  it('what validation rejects is an internal error', () => {
    const e = new ImplEngine({ world, steps: [] }, spec);
    expect(() => e.apply({ op: 'acc_is_present', var: 'a', bytes: -1 })).toThrow(/acc_is_present of a: bytes must be a non-negative/);
    expect(() => e.apply({ op: 'acc_is_present', var: 'a', bytes: 1.5 })).toThrow(/bytes must be a non-negative/);
    expect(e.apply({ op: 'acc_is_present', var: 'a', bytes: 0 })).toMatchObject({ kind: 'value' });
    expect(() => e.apply({ op: 'pointer_assign', ptr: 'c%p', target: 'c' })).toThrow(/pointer_assign target 'c'/);
    expect(() => e.apply({ op: 'host_read', var: 'c' })).toThrow(/host access 'c' must/);
    expect(() => e.apply({ op: 'acc_free', ptr: { handle: 'nope' } })).toThrow(/handle 'nope' is not/);
  });
});

// lang/README.md "Errors": the first error stops the program at that step, effects before it in
// the same directive stay, and nothing after it happens (no later var, no kernel, no region
// exit); later steps observe `halted`. The runtime returns these stops as values (impl/stop.ts)
// wherever the step's own function meets them, so each return path is pinned here.
describe('a stop ends its step where it happens', () => {
  const spec = loadProfile('spec');
  const cl = (clause: string, ...vars: string[]): never => ({ clause, vars }) as never;
  const run = (steps: Step[]) => {
    const e = new ImplEngine({ world, steps }, spec);
    const kinds = steps.map((s) => {
      const o = e.apply(s);
      if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
      return o.kind === 'error' ? `error ${o.code}` : o.kind;
    });
    return { kinds, sections: e.snapshot().sections.map(({ host, src, drc }) => [host[0], src, drc]) };
  };

  it('a data region: vars before the one that is not present are mapped, later ones are not, and no region opens', () => {
    const r = run([
      { op: 'acc_data_begin', clauses: [cl('copyin', 'a'), cl('present', 'b'), cl('copyin', 'c')] },
      { op: 'acc_data_end' },
      { op: 'acc_is_present', var: 'a' },
    ]);
    expect(r.kinds).toEqual(['error acc_error_not_present', 'halted', 'halted']);
    expect(r.sections).toEqual([[0x1000, 1, 0]]);
  });

  it('enter data: a var that is partly present stops it before the next var', () => {
    const r = run([
      { op: 'acc_enter_data', clauses: [cl('copyin', 'a(1:5)')] },
      { op: 'acc_enter_data', clauses: [cl('copyin', 'b'), cl('copyin', 'a'), cl('create', 'c')] },
      { op: 'acc_exit_data', clauses: [cl('delete', 'b')] },
    ]);
    expect(r.kinds).toEqual(['ok', 'error acc_error_partly_present', 'halted']);
    expect(r.sections).toEqual([
      [0x1000, 0, 1],
      [0x1200, 0, 1],
    ]);
  });

  it('a compute construct: a clause that stops runs no kernel; a kernel that stops leaves its region open', () => {
    // present(b) fails after copy(a) mapped a: no kernel writes a, and a stays mapped
    const stopped = run([{ op: 'acc_parallel', clauses: [cl('copy', 'a'), cl('present', 'b')], body: { write: 'a', value: 5 } }, { op: 'host_read', var: 'a(1:1)' }]);
    expect(stopped.kinds).toEqual(['error acc_error_not_present', 'halted']);
    expect(stopped.sections).toEqual([[0x1000, 1, 0]]);
    // the kernel dereferences c%p, not attached: undefined, and copy(a), copy(c) are never given back
    const kernel = run([
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_parallel', clauses: [cl('copy', 'a', 'c')], body: { read: 'c%p' } },
    ]);
    expect(kernel.kinds).toEqual(['ok', 'undefined']);
    expect(kernel.sections).toEqual([
      [0x1000, 1, 0],
      [0x1400, 1, 0],
    ]);
  });

  it('acc_map_data and acc_memcpy onto memory that is not live acc_malloc memory map and copy nothing', () => {
    const malloc: Step = { op: 'acc_malloc', bytes: 64, result: 'h' };
    const free: Step = { op: 'acc_free', ptr: { handle: 'h' } };
    const mapped = run([malloc, free, { op: 'acc_map_data', var: 'a(1:4)', dev: { handle: 'h' } }, { op: 'acc_is_present', var: 'a(1:4)' }]);
    expect(mapped.kinds).toEqual(['value', 'ok', 'undefined', 'halted']);
    expect(mapped.sections).toEqual([]);
    const copied = run([malloc, free, { op: 'acc_memcpy_to_device', var: 'a(1:4)', dev: { handle: 'h' } }, { op: 'host_read', var: 'a(1:1)' }]);
    expect(copied.kinds).toEqual(['value', 'ok', 'undefined', 'halted']);
  });
});

// States and inputs where mutants of impl/runtime.ts survived the conformance rows and the tests
// above (issue 15, MUTATION.md "impl/runtime.ts"). Each expectation is a rule of lang/README.md
// (named in the test) or the runtime's own documented contract (state key, internal errors).
describe('mutation survivors (issue 15)', () => {
  const spec = loadProfile('spec');
  const cl = (clause: string, ...vars: string[]): never => ({ clause, vars }) as never;
  const profile = (knobs: Record<string, string>): Profile => ({ ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
  const engineOf = (knobs: Record<string, string> = {}, w = world) => new ImplEngine({ world: w, steps: [] }, profile(knobs));
  const applyAll = (e: ImplEngine, steps: Step[]): Observation[] => steps.map((s) => e.apply(s));
  const show = (o: Observation): string => (o.kind === 'error' ? `error ${o.code}` : o.kind);
  const run = (steps: Step[], knobs: Record<string, string> = {}, w = world): Observation[] => applyAll(engineOf(knobs, w), steps);
  const kinds = (steps: Step[], knobs: Record<string, string> = {}, w = world): string[] => run(steps, knobs, w).map(show);
  const assign = (ptr: string, target: string): Step => ({ op: 'pointer_assign', ptr, target });
  const enter = (...clauses: never[]): Step => ({ op: 'acc_enter_data', clauses });
  const exit = (...clauses: never[]): Step => ({ op: 'acc_exit_data', clauses });
  const isPresent = (v: string, bytes?: number): Step => (bytes === undefined ? { op: 'acc_is_present', var: v } : { op: 'acc_is_present', var: v, bytes });
  const message = (o: Observation): string => (o.kind === 'error' || o.kind === 'undefined' ? o.message : '');
  const acOf = (e: ImplEngine) => e.snapshot().attachments.map((a) => a.ac);
  const hosts = (e: ImplEngine) => e.snapshot().sections.map((s) => s.host);
  const AOS: World = { arrays: world.arrays, structs: [{ name: 'cs', pointers: ['p'], count: 3 }] };
  const MEMBERS: World = { ...world, structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }] }] };

  describe('enter data of a pointer reference on partly present data (K-A69)', () => {
    // Expectations from libgomp's oacc-mem.c goacc_enter_data_internal (branch `n && groupnum > 1`):
    // the group's data is looked up by any overlap, the key found counts one more, nothing is
    // allocated, and the attach runs; a data construct maps through gomp_map_vars, which checks.
    // (As GCC also reads K-A50 `section`, the attach of a member section looks up its first element,
    // and K-A21 `first-attach` with K-A4 `counter-only`, an attached pointer's attach only counts.)
    const FOUND = { 'K-A69': 'found-section', 'K-A50': 'section', 'K-A21': 'first-attach', 'K-A4': 'counter-only' };
    const A = 0x1000;
    const base: Step[] = [assign('c%p', 'a'), enter(cl('copyin', 'c'))];
    const counted = (e: ImplEngine) => e.snapshot().sections.flatMap((s) => (s.host[0] < A + 40 ? [[s.host[0] - A, s.host[1] - A, s.drc]] : []));

    it('is partly present under the text; found-section counts the one section it overlaps, whichever end sticks out, and attaches', () => {
      for (const [first, second, section] of [
        ['c%p(3:8)', 'c%p(1:4)', [8, 32]],
        ['c%p(1:4)', 'c%p(3:8)', [0, 16]],
      ] as const) {
        const steps = [...base, enter(cl('copyin', first)), enter(cl('copyin', second))];
        expect(kinds(steps), second).toEqual(['ok', 'ok', 'ok', 'error acc_error_partly_present']);
        const e = engineOf(FOUND);
        expect(applyAll(e, steps).map(show), second).toEqual(['ok', 'ok', 'ok', 'ok']);
        expect(counted(e), second).toEqual([[...section, 2]]);
        expect(acOf(e), second).toEqual([2]);
      }
      // the pointer reference need not be the directive's first var (gen-20270101-060-c names it first, then b)
      expect(kinds([...base, enter(cl('copyin', 'c%p(3:8)')), enter(cl('copyin', 'b', 'c%p(1:4)'))], FOUND)).toEqual(['ok', 'ok', 'ok', 'ok']);
    });

    it('data overlapping two sections is undefined; a plain var and a data construct are not affected', () => {
      const two = [...base, enter(cl('copyin', 'c%p(1:2)')), enter(cl('copyin', 'c%p(5:6)')), enter(cl('copyin', 'c%p(1:8)'))];
      const obs = run(two, FOUND);
      expect(obs.map(show)).toEqual(['ok', 'ok', 'ok', 'ok', 'undefined']);
      expect(message(obs[4]!)).toMatch(/overlaps 2 mapped sections/);
      expect(kinds([enter(cl('copyin', 'a(3:8)')), enter(cl('copyin', 'a(1:4)'))], FOUND)).toEqual(['ok', 'error acc_error_partly_present']);
      expect(kinds([...base, enter(cl('copyin', 'c%p(3:8)')), { op: 'acc_data_begin', clauses: [cl('copyin', 'c%p(1:4)')] }], FOUND)).toEqual(['ok', 'ok', 'ok', 'error acc_error_partly_present']);
    });
  });

  describe('an array of structs a compute construct names only through an element\'s member (K-A70)', () => {
    // Expectations from GCC 12.2 runs on an H100 (toolchain/probes/acc-element-member-*, both
    // languages): the whole array is mapped as an implicit copy, so with only cs(2) present the
    // construct stops; a plain struct named through its member is named (GCC maps it as a struct).
    const WHOLE = { 'K-A70': 'whole-array' };
    const MIXED: World = {
      arrays: [{ name: 'a', length: 4, init: 7 }],
      structs: [
        { name: 'c', pointers: ['p', 'q'], init: { p: 'a' } },
        { name: 'cs', pointers: ['p'], count: 2, init: { '(2)%p': 'a' } },
      ],
    };
    const readThrough = (ref: string): Step => ({ op: 'acc_parallel', clauses: [cl('copyin', ref)], body: { read: ref } });

    it('the array partly present stops the construct; all of it present, the kernel reads the data', () => {
      const steps = [enter(cl('copyin', 'cs(2)')), readThrough('cs(2)%p')];
      expect(kinds(steps, {}, MIXED)).toEqual(['ok', 'read']);
      expect(kinds(steps, WHOLE, MIXED)).toEqual(['ok', 'error acc_error_partly_present']);
      expect(run([enter(cl('copyin', 'cs')), readThrough('cs(2)%p')], WHOLE, MIXED)[1]).toEqual({ kind: 'read', values: [7, 7, 7, 7] });
    });

    it('a plain struct named through its member is not copied whole, even with an array of structs in the world', () => {
      // K-A22 member-mapped leaves c partly present (its member p alone); the construct names c through c%p
      const knobs = { ...WHOLE, 'K-A22': 'member-mapped' };
      expect(run([enter(cl('copyin', 'c%p')), readThrough('c%p')], knobs, MIXED).map(show)).toEqual(['ok', 'read']);
    });
  });

  describe('a rank-2 section of some rows of one column in a directive (K-A71)', () => {
    // Expectations from gfortran 12's lowering (-fdump-tree-gimple: [len: 8] at v3(2,2) for
    // v3(2:2,2:2) of v3(2,4), in every directive) and GCC 12.2's measured abort of exit data after
    // acc_create of the element (gen-20270105-019-fortran: "[h,+8] outside mapped block [h,+4]").
    const SPAN = { 'K-A71': 'column-span' };
    const R: World = { arrays: [{ name: 'r', length: 8, shape: [2, 4], init: [1, 2, 3, 4, 5, 6, 7, 8] }], structs: [] };
    const present = (ref: string): Step => ({ op: 'acc_is_present', var: ref });

    it('enter data maps the column from the section\'s first element; the routines keep the element', () => {
      const steps = [enter(cl('copyin', 'r(2:2,2:2)')), present('r(1:1,3:3)')];
      expect(run(steps, {}, R)[1]).toEqual({ kind: 'value', value: false });
      expect(run(steps, SPAN, R)[1]).toEqual({ kind: 'value', value: true });
      expect(kinds([{ op: 'acc_create', var: 'r(2:2,2:2)' }, exit(cl('delete', 'r(2:2,2:2)'))], SPAN, R)).toEqual(['value', 'error acc_error_partly_present']);
      // whole columns and every row of one column are the same bytes under both readings
      expect(kinds([{ op: 'acc_create', var: 'r(1:2,2:3)' }, exit(cl('delete', 'r(1:2,2:3)')), { op: 'acc_create', var: 'r(1:2,4:4)' }, exit(cl('delete', 'r(1:2,4:4)'))], SPAN, R)).toEqual(['value', 'ok', 'value', 'ok']);
    });

    it('update self brings the next column\'s first element home too; the last column reaches past the array', () => {
      const steps: Step[] = [enter(cl('copyin', 'r')), { op: 'acc_parallel', clauses: [cl('present', 'r')], body: { write: 'r', value: 9 } }, { op: 'acc_update', clauses: [cl('self', 'r(2:2,2:2)')] }, { op: 'host_read', var: 'r' }];
      expect(run(steps, {}, R)[3]).toEqual({ kind: 'read', values: [1, 2, 3, 9, 5, 6, 7, 8] });
      expect(run(steps, SPAN, R)[3]).toEqual({ kind: 'read', values: [1, 2, 3, 9, 9, 6, 7, 8] });
      const past = run([enter(cl('copyin', 'r(2:2,4:4)'))], SPAN, R)[0]!;
      expect(show(past)).toBe('undefined');
      expect(message(past)).toMatch(/past the end of r/);
      expect(kinds([enter(cl('copyin', 'r(1:1,4:4)'))], SPAN, R)).toEqual(['ok']);
    });
  });

  describe('a compute construct\'s clause of a whole variable its kernel does not use (K-A58 arrays-kept)', () => {
    // Expectations from GCC 12.2 on an H100 (profiles/measured/probes-gcc-12-2026-12-06g.md): an
    // unused pointer array keeps its copyout (the fresh device storage comes home) and its copyin
    // meets partly present data; a struct's clause is dropped as under `dropped`.
    const KEPT = { 'K-A58': 'arrays-kept' };
    const W: World = {
      arrays: [
        { name: 'a', length: 8, init: 1 },
        { name: 'b', length: 8, init: 2 },
        { name: 'x', length: 1, init: 5, scalar: true },
        { name: 'g', length: 8, init: 4 },
      ],
      structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
    };
    const region = (...clauses: never[]): Step => ({ op: 'acc_parallel', clauses, body: { read: 'a(5:8)' } });

    it('keeps an unused array\'s clause; drops a struct\'s, a scalar\'s and a declared array\'s', () => {
      expect(run([region(cl('copyout', 'b')), { op: 'host_read', var: 'b(1:2)' }], KEPT, W)[1]).toEqual({ kind: 'read', values: [null, null] });
      expect(run([region(cl('copyout', 'b')), { op: 'host_read', var: 'b(1:2)' }], { 'K-A58': 'dropped' }, W)[1]).toEqual({ kind: 'read', values: [2, 2] });
      expect(kinds([enter(cl('copyin', 'b(1:4)')), region(cl('copyin', 'b'))], KEPT, W)).toEqual(['ok', 'error acc_error_partly_present']);
      expect(kinds([region(cl('present', 'c')), region(cl('present', 'x'))], KEPT, W)).toEqual(['read', 'read']);
      expect(kinds([{ op: 'acc_declare', clauses: [cl('link', 'g')] }, region(cl('present', 'g'))], KEPT, W)).toEqual(['ok', 'read']);
      expect(kinds([region(cl('present', 'b'))], KEPT, W)).toEqual(['error acc_error_not_present']);
    });
  });

  describe('attach of a pointer into link data no clause maps (K-A60)', () => {
    // Expectations from libgomp's target.c: gomp_load_image_to_device keys a link variable from
    // the start (REFCOUNT_LINK), and gomp_attach_pointer's lookup of the target finds that key, so
    // the device pointer gets the link variable's own device address (not the data's).
    const REG = { 'K-A60': 'registered' };
    const linked: Step[] = [
      { op: 'acc_declare', clauses: [cl('link', 'b')] },
      enter(cl('copyin', 'c')),
      assign('c%p', 'b'),
      { op: 'acc_enter_data', clauses: [cl('attach', 'c%p')] },
    ];
    const device = (e: ImplEngine) => e.snapshot().attachments.map((a) => [a.ac, a.device]);

    it('no action under the text; registered attaches the pointer to the link slot (indeterminate for kernels)', () => {
      const spec = engineOf();
      expect(applyAll(spec, linked).map(show)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(device(spec)).toEqual([[0, null]]);
      const reg = engineOf(REG);
      expect(applyAll(reg, linked).map(show)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(device(reg)).toEqual([[1, { space: 'indeterminate' }]]);
      // a kernel through it has no data to reach
      expect(reg.apply({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } }).kind).toBe('undefined');
    });

    it('a second attach aims again under compare-target and only counts under counter-only; mapped link data is attached as any', () => {
      const again = [...linked, linked[3]!];
      expect(device(((e) => (applyAll(e, again), e))(engineOf(REG)))).toEqual([[1, { space: 'indeterminate' }]]);
      expect(device(((e) => (applyAll(e, again), e))(engineOf({ ...REG, 'K-A4': 'counter-only' })))).toEqual([[2, { space: 'indeterminate' }]]);
      const mapped = engineOf(REG);
      applyAll(mapped, [...linked.slice(0, 3), { op: 'acc_data_begin', clauses: [cl('copy', 'b')] }, linked[3]!]);
      expect(device(mapped)).toEqual([[1, { space: 'dev', block: 2, offset: 0, count: 10 }]]);
      // link data a region maps in part is no longer found as the link key (libgomp replaces the
      // key when it maps the variable): the whole target is partly present, no action (K-A2)
      const part = engineOf(REG);
      applyAll(part, [...linked.slice(0, 3), { op: 'acc_data_begin', clauses: [cl('copy', 'b(1:4)')] }, linked[3]!]);
      expect(device(part)).toEqual([[0, null]]);
      // an absent array that is not link data keeps the text's no action
      expect(device(((e) => (applyAll(e, [enter(cl('copyin', 'c')), assign('c%p', 'a'), linked[3]!]), e))(engineOf(REG)))).toEqual([[0, null]]);
    });
  });

  describe('acc_map_data data beside ordinary data (README "Device memory routines", K-A7)', () => {
    const mapA: Step[] = [{ op: 'acc_malloc', bytes: 40, result: 'd' }, { op: 'acc_map_data', var: 'a', dev: { handle: 'd' } }];

    it('only the mapped section is marked map_data, and ordinary data beside it is counted as usual', () => {
      const e = engineOf();
      applyAll(e, [...mapA, enter(cl('copyin', 'b'))]);
      expect(e.snapshot().sections.map((s) => [s.host[0], s.origin ?? 'clause'])).toEqual([
        [0x1000, 'map_data'],
        [0x1200, 'clause'],
      ]);
      // b's counter reaches 0 and b goes (K-A7 clamp holds only acc_map_data data at 1)
      expect(applyAll(e, [exit(cl('delete', 'b')), isPresent('b'), isPresent('a')]).slice(1)).toEqual([
        { kind: 'value', value: false },
        { kind: 'value', value: true },
      ]);
    });

    it('acc_free of other acc_malloc memory is allowed while a block is mapped (§3.2.17)', () => {
      expect(kinds([...mapA, { op: 'acc_malloc', bytes: 16, result: 'e' }, { op: 'acc_free', ptr: { handle: 'e' } }])).toEqual(['value', 'ok', 'value', 'ok']);
    });

    it('acc_map_data onto the bytes before another mapping of the same block is no overlap (§3.2.21)', () => {
      const steps: Step[] = [
        { op: 'acc_malloc', bytes: 80, result: 'd' },
        { op: 'acc_map_data', var: 'a', dev: { handle: 'd', offset: 40 } },
        { op: 'acc_map_data', var: 'b', dev: { handle: 'd' } },
      ];
      expect(kinds(steps, { 'K-A8': 'fatal' })).toEqual(['value', 'ok', 'ok']);
      // one byte more would overlap: K-A8
      expect(kinds([steps[0]!, { op: 'acc_map_data', var: 'a', dev: { handle: 'd', offset: 36 } }, steps[2]!], { 'K-A8': 'fatal' })).toEqual(['value', 'ok', 'error fatal_map_data']);
    });

    it('acc_map_data and acc_free take only acc_malloc memory, not the device copy of mapped data (§3.2.17, §3.2.21)', () => {
      const hostData: Step[] = [enter(cl('copyin', 'a')), { op: 'acc_host_data_begin', var: 'a', result: 'da' }];
      const mapped = run([...hostData, { op: 'acc_map_data', var: 'b', dev: { handle: 'da' } }]);
      expect(mapped.map(show)).toEqual(['ok', 'value', 'undefined']);
      expect(message(mapped[2]!)).toMatch(/acc_map_data: the device pointer is not memory acc_malloc returned/);
      expect(kinds([...hostData, { op: 'acc_free', ptr: { handle: 'da' } }])).toEqual(['ok', 'value', 'undefined']);
      // memcpy may name any live device memory
      expect(kinds([...hostData, { op: 'acc_memcpy_to_device', var: 'b', dev: { handle: 'da' } }])).toEqual(['ok', 'value', 'ok']);
    });
  });

  describe('host_data use_device (README "host_data regions")', () => {
    it('a disassociated pointer gives null', () => {
      expect(run([{ op: 'acc_host_data_begin', var: 'c%p', result: 'h' }])).toEqual([{ kind: 'value', value: null }]);
    });

    it('the handle is the device address of the data, also at an offset in its block', () => {
      const steps: Step[] = [
        { op: 'acc_malloc', bytes: 80, result: 'd' },
        { op: 'acc_memcpy_to_device', var: 'b', dev: { handle: 'd', offset: 40 } },
        { op: 'acc_map_data', var: 'a', dev: { handle: 'd', offset: 40 } },
        { op: 'acc_host_data_begin', var: 'a', result: 'da' },
        { op: 'acc_memcpy_from_device', var: 'a', dev: { handle: 'da' } },
        { op: 'acc_host_data_end' },
        { op: 'host_read', var: 'a(1:2)' },
      ];
      const obs = run(steps);
      expect(obs[3]).toEqual({ kind: 'value', value: { block: 1, offset: 40 } });
      expect(obs.slice(4).map(show)).toEqual(['ok', 'ok', 'read']);
      expect(obs[6]).toEqual({ kind: 'read', values: [2, 2] });
    });

    it('says whether absent data is partly or not at all present', () => {
      const begin: Step = { op: 'acc_host_data_begin', var: 'a', result: 'da' };
      expect(message(run([begin])[0]!)).toMatch(/the data is not present/);
      expect(message(run([enter(cl('copyin', 'a(1:3)')), begin])[1]!)).toMatch(/the data is only partly present/);
    });

    it('§2.7.10: a kernel access to a variable no_create found absent is to the local copy, whatever a later clause maps (arrays and struct fields, not pointer members)', () => {
      const kinds2 = (w: World, steps: Step[], knobs: Record<string, string> = {}): string[] => {
        const spec = loadProfile('spec');
        const e = implEngine({ world: w, steps }, { ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
        return steps.map((s) => e.apply(s).kind);
      };
      const pointing: World = { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };
      const par = (read: string, ...clauses: never[]): Step => ({ op: 'acc_parallel', clauses, body: { read } });
      // the no_create var behind another record; create(c%p) maps a afterwards
      expect(kinds2(pointing, [par('a', cl('copyin', 'b'), cl('no_create', 'a'), cl('create', 'c%p'))])).toEqual(['undefined']);
      // a zero-length section left alone (K-A55 no-op) is no no_create: the created copy is read
      expect(kinds2(pointing, [par('a', cl('copyin', 'a(3:2)'), cl('create', 'c%p'))], { 'K-A55': 'no-op' })).toEqual(['read']);
      // a later construct does not see an earlier one's records
      expect(kinds2(pointing, [par('b', cl('copyin', 'b'), cl('no_create', 'a')), par('a', cl('copyin', 'a'))])).toEqual(['read', 'read']);
      // a field left local leaves the pointer member alone, and a pointer member left alone the fields
      const members: World = { ...MEMBERS_WORLD, structs: [{ ...MEMBERS_WORLD.structs[0]!, init: { p: 'a' } }] };
      expect(kinds2(members, [par('c%p', cl('no_create', 'c%n'), cl('copyin', 'c'), cl('copyin', 'c%p'))])).toEqual(['read']);
      expect(kinds2(members, [par('c%arr', cl('no_create', 'c%p'), cl('copyin', 'c'))])).toEqual(['read']);
    });

    it('K-A72 descriptor: enter data of a pointer array that extends-before finds present stops unless its descriptor is held (an enter data not given back, an open region)', () => {
      const under = (steps: Step[], reading = 'descriptor'): string[] => {
        const spec = loadProfile('spec');
        const e = implEngine({ world, steps }, { ...spec, knobs: { ...spec.knobs, 'K-A11': 'extends-before', 'K-A72': reading } as Profile['knobs'] });
        return steps.map((s) => {
          const o = e.apply(s);
          return o.kind === 'error' ? `error ${o.code}` : o.kind;
        });
      };
      const enterA: Step = enter(cl('copyin', 'a'));
      const routine: Step = { op: 'acc_copyin', var: 'a(7:10)' };
      expect(under([routine, enterA])).toEqual(['value', 'error fatal_lowering']);
      expect(under([routine, enterA], 'data-only')).toEqual(['value', 'ok']);
      // an enter data of a section holds the descriptor; two exit data naming a, their data absent, give it back one at a time
      const section = enter(cl('copyin', 'a(9:10)'));
      const release = exit(cl('delete', 'a(1:2)'));
      expect(under([section, enterA])).toEqual(['ok', 'ok']);
      expect(under([section, section, release, enterA])).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(under([section, section, release, release, enterA])).toEqual(['ok', 'ok', 'ok', 'ok', 'error fatal_lowering']);
      // an open data region naming a holds it; after its end nothing does
      const region: Step[] = [routine, { op: 'acc_data_begin', clauses: [cl('present', 'a(7:10)')] }];
      expect(under([...region, enterA])).toEqual(['value', 'ok', 'ok']);
      expect(under([...region, { op: 'acc_data_end' }, enterA])).toEqual(['value', 'ok', 'ok', 'error fatal_lowering']);
      // a region's end gives back none of the holds enter data made; an exit data with none to give back leaves none owed
      expect(under([section, { op: 'acc_data_begin', clauses: [cl('present', 'a(9:10)')] }, { op: 'acc_data_end' }, enterA])).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(under([release, section, enterA])).toEqual(['ok', 'ok', 'ok']);
      // the lookup's second probe: the byte before a, in b laid out right before it, holds the target
      const spec = loadProfile('spec');
      const adjacent = { ...world, adjacent: [['b', 'a']] };
      const steps: Step[] = [enter(cl('copyin', 'b')), routine, enterA];
      const e = implEngine({ world: adjacent, steps }, { ...spec, knobs: { ...spec.knobs, 'K-A11': 'extends-before', 'K-A72': 'descriptor' } as Profile['knobs'] });
      expect(steps.map((s) => e.apply(s).kind)).toEqual(['ok', 'value', 'ok']);
      // a region naming another array, or a zero-length section of a, holds nothing
      expect(under([routine, { op: 'acc_data_begin', clauses: [cl('copyin', 'b')] }, enterA])).toEqual(['value', 'ok', 'error fatal_lowering']);
      expect(under([routine, enter(cl('copyin', 'a(3:2)')), enterA])).toEqual(['value', 'ok', 'error fatal_lowering']);
    });

    it('K-A66 first-byte-or-end: b right after a finds a through the byte before b (one past its device copy), only where the world lays them out so', () => {
      const begin: Step = { op: 'acc_host_data_begin', var: 'b', result: 'db' };
      const under = (reading: string, adjacent: boolean, steps: Step[]): Observation[] => {
        const spec = loadProfile('spec');
        const e = implEngine({ world: adjacent ? { ...world, adjacent: [['a', 'b']] } : world, steps }, { ...spec, knobs: { ...spec.knobs, 'K-A66': reading } as Profile['knobs'] });
        return steps.map((s) => e.apply(s));
      };
      const onlyA = [enter(cl('copyin', 'a')), begin];
      expect(under('first-byte-or-end', true, onlyA)[1]).toEqual({ kind: 'value', value: { block: 1, offset: 40 } });
      expect(under('first-byte', true, onlyA)[1]!.kind).toBe('undefined');
      expect(under('first-byte-or-end', false, onlyA)[1]!.kind).toBe('undefined');
      // a later part of b present as well (gen-20270107-026-c): still a's end, the first byte of b being absent
      expect(under('first-byte-or-end', true, [enter(cl('copyin', 'b(5:8)')), ...onlyA])[2]).toEqual({ kind: 'value', value: { block: 2, offset: 40 } });
      // b's first byte present: its own section, not a's end
      expect(under('first-byte-or-end', true, [enter(cl('copyin', 'b(1:4)')), ...onlyA])[2]).toEqual({ kind: 'value', value: { block: 1, offset: 0 } });
    });
  });

  describe('routines on partly present data (README "Routines")', () => {
    it('acc_copyin, acc_copyout and acc_delete of partly present data are acc_error_partly_present', () => {
      for (const op of ['acc_copyin', 'acc_create', 'acc_copyout', 'acc_delete'] as const) {
        const obs = run([enter(cl('copyin', 'a(1:3)')), { op, var: 'a' }]);
        expect(obs.map(show), op).toEqual(['ok', 'error acc_error_partly_present']);
        expect(message(obs[1]!), op).toMatch(/a is partly present/);
      }
      // K-A11 extends-before accepts only data that starts before the section and ends inside it
      expect(kinds([enter(cl('copyin', 'a(2:4)')), { op: 'acc_copyin', var: 'a(3:6)' }], { 'K-A11': 'extends-before' })).toEqual(['ok', 'error acc_error_partly_present']);
      expect(kinds([enter(cl('copyin', 'a(2:4)')), { op: 'acc_copyin', var: 'a(1:3)' }], { 'K-A11': 'extends-before' })).toEqual(['ok', 'value']);
    });

    it('acc_delete neither finalizes nor copies back; acc_copyout copies back (§3.2.19)', () => {
      const e = engineOf();
      const obs = applyAll(e, [
        enter(cl('copyin', 'a')),
        enter(cl('copyin', 'a')),
        { op: 'acc_parallel', clauses: [cl('present', 'a')], body: { write: 'a', value: 9 } },
        { op: 'acc_delete', var: 'a' },
        isPresent('a'),
        { op: 'acc_delete', var: 'a' },
        { op: 'host_read', var: 'a(1:2)' },
      ]);
      expect(obs.slice(4)).toEqual([{ kind: 'value', value: true }, { kind: 'ok' }, { kind: 'read', values: [1, 1] }]);
    });
  });

  describe('pointer references at exit (README "Actions", detach; K-A10, K-A23)', () => {
    const attached: Step[] = [assign('c%p', 'a'), enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }];

    it('delete with finalize detaches a pointer reference once, as without it', () => {
      const e = engineOf();
      applyAll(e, [...attached, { op: 'acc_attach', ptr: 'c%p' }]);
      expect(acOf(e)).toEqual([2]);
      e.apply({ op: 'acc_exit_data', clauses: [cl('delete', 'c%p')], finalize: true });
      expect(acOf(e)).toEqual([1]);
    });

    it('K-A57 immediate: exit data with finalize detaches a copyout or delete pointer reference at once; without finalize it decrements', () => {
      for (const clause of ['delete', 'copyout'] as const) {
        const e = engineOf({ 'K-A57': 'immediate' });
        // a second reference on the target keeps it held after the first exit
        applyAll(e, [...attached, enter(cl('copyin', 'a')), { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_attach', ptr: 'c%p' }]);
        expect(acOf(e), clause).toEqual([3]);
        e.apply(exit(cl(clause, 'c%p')));
        expect(acOf(e), clause).toEqual([2]);
        expect(e.apply({ op: 'acc_exit_data', clauses: [cl(clause, 'c%p')], finalize: true }), clause).toEqual({ kind: 'ok' });
        expect(acOf(e), clause).toEqual([0]);
      }
      // under `detach` the same finalize exit only decrements
      const d = engineOf({ 'K-A57': 'detach' });
      applyAll(d, [...attached, { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_attach', ptr: 'c%p' }]);
      d.apply({ op: 'acc_exit_data', clauses: [cl('copyout', 'c%p')], finalize: true });
      expect(acOf(d)).toEqual([2]);
    });

    it('K-A57 immediate: a detach clause without finalize and a data region exit still decrement', () => {
      const e = engineOf({ 'K-A57': 'immediate' });
      applyAll(e, [...attached, { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_data_begin', clauses: [cl('copy', 'c%p')] }]);
      expect(acOf(e)).toEqual([3]);
      e.apply({ op: 'acc_data_end' });
      expect(acOf(e)).toEqual([2]);
      e.apply(exit(cl('detach', 'c%p')));
      expect(acOf(e)).toEqual([1]);
    });

    it('K-A57 immediate (libgomp deep-copy-6.f90): after 20 attaches a copyout finalize gives the host its pointer back at the struct\'s copy-back', () => {
      const steps: Step[] = [
        ...attached,
        ...Array.from({ length: 19 }, (): Step => ({ op: 'acc_attach', ptr: 'c%p' })),
        { op: 'acc_exit_data', clauses: [cl('copyout', 'c%p')], finalize: true },
        exit(cl('copyout', 'c')),
        { op: 'host_read', var: 'c%p' },
      ];
      const immediate = engineOf({ 'K-A57': 'immediate', 'K-A19': 'no-detach' });
      expect(applyAll(immediate, steps).map(show).slice(-3)).toEqual(['ok', 'ok', 'read']);
      // the ordinary detach leaves 19 attachments: the device address comes home with the struct
      const detach = engineOf({ 'K-A57': 'detach', 'K-A19': 'no-detach' });
      expect(applyAll(detach, steps).map(show).slice(-3)).toEqual(['ok', 'ok', 'undefined']);
    });

    it('K-A57 immediate follows K-A18 for a pointer never attached: rewrite-or-error aborts, noop leaves it', () => {
      const never: Step[] = [assign('c%p', 'a'), enter(cl('copyin', 'a', 'c'))];
      const finalizeExit: Step = { op: 'acc_exit_data', clauses: [cl('delete', 'c%p')], finalize: true };
      const fatal = engineOf({ 'K-A57': 'immediate', 'K-A18': 'rewrite-or-error' });
      applyAll(fatal, never);
      expect(show(fatal.apply(finalizeExit))).toBe('error fatal_detach_at_zero');
      const quiet = engineOf({ 'K-A57': 'immediate', 'K-A18': 'noop', 'K-A9': 'error' });
      applyAll(quiet, never);
      expect(quiet.apply(finalizeExit)).toEqual({ kind: 'ok' });
      expect(acOf(quiet)).toEqual([0]);
    });

    it('a pointer reference that is not the directive\'s first var detaches too', () => {
      const e = engineOf();
      applyAll(e, [...attached, enter(cl('copyin', 'b'))]);
      e.apply(exit(cl('delete', 'b', 'c%p')));
      expect(acOf(e)).toEqual([0]);
    });

    it('K-A10 twice detaches twice for delete only', () => {
      const e = engineOf({ 'K-A10': 'twice' });
      applyAll(e, [...attached, { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_attach', ptr: 'c%p' }]);
      expect(acOf(e)).toEqual([3]);
      e.apply(exit(cl('copyout', 'c%p')));
      expect(acOf(e)).toEqual([2]);
    });

    it('K-A23 skip: a null pointer reference in enter data attaches nothing, wherever it stands; a non-null one attaches', () => {
      const e = engineOf({ 'K-A23': 'skip' });
      applyAll(e, [enter(cl('copyin', 'c')), enter(cl('copyin', 'b', 'c%p'))]);
      expect(acOf(e)).toEqual([0]);
      expect(hosts(e)).toEqual([[0x1200, 0x1228], [0x1400, 0x1410]]);
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      expect(acOf(e)).toEqual([1]);
    });

    it('K-A11 extends-before applies to plain vars, not to pointer references', () => {
      const steps: Step[] = [enter(cl('copyin', 'a(3:5)')), assign('c%p', 'a(1:4)'), enter(cl('copyin', 'c')), enter(cl('copyin', 'c%p'))];
      expect(kinds(steps, { 'K-A11': 'extends-before' })).toEqual(['ok', 'ok', 'ok', 'error acc_error_partly_present']);
      expect(kinds([steps[0]!, enter(cl('copyin', 'b', 'a(1:4)'))], { 'K-A11': 'extends-before' })).toEqual(['ok', 'ok']);
    });

    it('no_create of a pointer reference whose target is partly present attaches nothing (K-A13 absent, K-A2 error)', () => {
      const steps: Step[] = [enter(cl('copyin', 'a(1:3)')), assign('c%p', 'a'), enter(cl('copyin', 'c')), { op: 'acc_data_begin', clauses: [cl('no_create', 'c%p')] }];
      expect(kinds(steps, { 'K-A2': 'error' })).toEqual(['ok', 'ok', 'ok', 'ok']);
    });
  });

  describe('K-A22 member-mapped and K-A24 pointer-word (README "Actions", pointer reference of a data clause)', () => {
    const mm = { 'K-A22': 'member-mapped' };
    const word = { 'K-A22': 'member-mapped', 'K-A24': 'pointer-word' };

    it('create of a pointer reference maps the member too', () => {
      const e = engineOf(mm);
      applyAll(e, [assign('c%p', 'a'), enter(cl('create', 'c%p'))]);
      expect(hosts(e)).toEqual([[0x1000, 0x1028], [0x1400, 0x1410]]);
    });

    it('pointer-word: a member mapped alone covers its pointer word only; a second reference finds it', () => {
      const e = engineOf(word);
      expect(applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p')), enter(cl('copyin', 'c%p'))]).map(show)).toEqual(['ok', 'ok', 'ok']);
      expect(e.snapshot().sections.map((s) => [s.host[0], s.drc])).toEqual([[0x1000, 2], [0x1400, 2]]);
      // the pointer word itself is present, the 16 bytes of c are not
      expect(applyAll(e, [isPresent('c', 8), isPresent('c'), { op: 'acc_copyin', var: 'c' }])).toEqual([
        { kind: 'value', value: true },
        { kind: 'value', value: false },
        { kind: 'error', code: 'acc_error_partly_present', message: expect.any(String) },
      ]);
    });

    it('pointer-word: a member mapped alone right after a present struct element leaves that element whole', () => {
      const e = engineOf(word, AOS);
      applyAll(e, [enter(cl('copyin', 'cs(1)')), assign('cs(2)%p', 'a'), enter(cl('copyin', 'cs(2)%p'))]);
      expect(applyAll(e, [isPresent('cs(1)'), isPresent('cs(2)'), isPresent('cs(2)', 8)])).toEqual([
        { kind: 'value', value: true },
        { kind: 'value', value: false },
        { kind: 'value', value: true },
      ]);
    });

    it('pointer-word: a member inside its present struct leaves the struct whole', () => {
      const e = engineOf(word, MEMBERS);
      applyAll(e, [enter(cl('copyin', 'c')), assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      expect(applyAll(e, [isPresent('c%n'), isPresent('c')])).toEqual([{ kind: 'value', value: true }, { kind: 'value', value: true }]);
    });

    // K-A68 `address-only` (gfortran 12): measured, profiles/measured/probes-gcc-12-2026-12-06b.md
    it('address-only: a kernel through a member enter data mapped alone is undefined; the member still covers its whole 16 bytes', () => {
      const e = engineOf({ ...mm, 'K-A68': 'address-only' });
      const kernel: Step = { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } };
      expect(applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p')), isPresent('c'), { op: 'acc_copyin', var: 'c' }]).map((o) => o.kind)).toEqual(['ok', 'ok', 'value', 'value']);
      expect(e.snapshot().sections.map((s) => [s.host[0], s.drc])).toEqual([[0x1000, 1], [0x1400, 2]]);
      expect(e.apply(kernel).kind).toBe('undefined');
    });

    it('address-only: a member a data construct maps alone is not gone through either; one mapped with its struct first is', () => {
      const kernel: Step = { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } };
      const region = engineOf({ ...mm, 'K-A68': 'address-only' });
      applyAll(region, [assign('c%p', 'a'), { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['c%p'] }] }]);
      expect(region.apply(kernel).kind).toBe('undefined');
      const first = engineOf({ ...mm, 'K-A68': 'address-only' });
      applyAll(first, [assign('c%p', 'a'), enter(cl('copyin', 'c')), enter(cl('copyin', 'c%p'))]);
      expect(first.apply(kernel).kind).toBe('read');
    });

    it('pointer-word alone (C, K-A68 attached): a kernel goes through the member mapped alone', () => {
      const e = engineOf(word);
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      expect(e.apply({ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c%p'] }], body: { read: 'c%p' } }).kind).toBe('read');
    });

    it('the member is released at exit, also for a var that is not the first', () => {
      const e = engineOf(mm);
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'b', 'c%p'))]);
      expect(hosts(e)).toEqual([[0x1000, 0x1028], [0x1200, 0x1228], [0x1400, 0x1410]]);
      e.apply(exit(cl('delete', 'b', 'c%p')));
      expect(hosts(e)).toEqual([]);
    });

    it('pointer-word: the member is found whole at exit (its word slot is released)', () => {
      const e = engineOf(word);
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      expect(e.apply(exit(cl('delete', 'c%p')))).toEqual({ kind: 'ok' });
      expect(hosts(e)).toEqual([]);
    });

    it('the member is released without a copy back (K-A19 no-detach: an attached device address stays on the device)', () => {
      const e = engineOf({ ...mm, 'K-A19': 'no-detach' });
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'c%p')), { op: 'acc_attach', ptr: 'c%p' }]);
      expect(acOf(e)).toEqual([2]);
      expect(applyAll(e, [exit(cl('delete', 'c%p')), { op: 'host_read', var: 'c%p' }]).map(show)).toEqual(['ok', 'read']);
    });

    it('the member of one struct element is released, not the element before it', () => {
      const e = engineOf(mm, AOS);
      applyAll(e, [enter(cl('copyin', 'cs(1)')), assign('cs(2)%p', 'a'), enter(cl('copyin', 'cs(2)%p'))]);
      expect(hosts(e)).toEqual([[0x1000, 0x1028], [0x1400, 0x1410], [0x1410, 0x1420]]);
      e.apply(exit(cl('delete', 'cs(2)%p')));
      expect(hosts(e)).toEqual([[0x1400, 0x1410]]);
    });
  });

  describe('K-A11 extends-before (data starting before a present section and ending inside it)', () => {
    const xb = { 'K-A11': 'extends-before' };
    it('counts one more dynamic reference there when nothing else lies before, up to the section end', () => {
      for (const v of ['a(1:3)', 'a(1:4)']) {
        const e = engineOf(xb);
        expect(applyAll(e, [enter(cl('copyin', 'a(2:4)')), enter(cl('copyin', 'b', v))]).map(show), v).toEqual(['ok', 'ok']);
        expect(e.snapshot().sections.map((s) => [s.host, s.drc]), v).toEqual([[[0x1004, 0x1010], 2], [[0x1200, 0x1228], 1]]);
      }
      // ending after the section, or overlapping another section before it: partly present
      expect(kinds([enter(cl('copyin', 'a(2:4)')), enter(cl('copyin', 'a(1:5)'))], xb)).toEqual(['ok', 'error acc_error_partly_present']);
      expect(kinds([enter(cl('copyin', 'a(1:1)')), enter(cl('copyin', 'a(3:4)')), enter(cl('copyin', 'a(1:4)'))], xb)).toEqual(['ok', 'ok', 'error acc_error_partly_present']);
      expect(kinds([enter(cl('copyin', 'a(1:1)')), enter(cl('copyin', 'a(3:4)')), { op: 'acc_copyin', var: 'a(1:4)' }], xb)).toEqual(['ok', 'ok', 'error acc_error_partly_present']);
      // acc_copyin: the device address that far before the section's copy
      expect(run([enter(cl('copyin', 'a(2:4)')), { op: 'acc_copyin', var: 'a(1:3)' }], xb)[1]).toEqual({ kind: 'value', value: { block: 1, offset: -4 } });
    });

    it('not for a pointer reference, also when it is not the first var', () => {
      const steps: Step[] = [enter(cl('copyin', 'a(3:5)')), assign('c%p', 'a(1:4)'), enter(cl('copyin', 'c')), enter(cl('copyin', 'b', 'c%p'))];
      expect(kinds(steps, xb)).toEqual(['ok', 'ok', 'ok', 'error acc_error_partly_present']);
    });

    it('K-A8 fatal: the address before the section\'s copy is mapped memory as far as the bytes from it reach into the copy', () => {
      // Expectations from libgomp's oacc-mem.c: acc_map_data looks [d, d + s) up among the mapped
      // device ranges (lookup_dev) and stops on any overlap; acc_free looks up one byte at d.
      const kept: Step[] = [enter(cl('copyin', 'a(2:5)')), { op: 'acc_copyin', var: 'a(1:4)', result: 'k' }];
      const fatal = { ...xb, 'K-A8': 'fatal' };
      expect(kinds([...kept, { op: 'acc_map_data', var: 'b', dev: { handle: 'k' } }], fatal)).toEqual(['ok', 'value', 'error fatal_map_data']);
      expect(kinds([...kept, { op: 'acc_map_data', var: 'b(1:1)', dev: { handle: 'k' } }], fatal)).toEqual(['ok', 'value', 'undefined']);
      expect(kinds([...kept, { op: 'acc_free', ptr: { handle: 'k' } }], fatal)).toEqual(['ok', 'value', 'undefined']);
      expect(kinds([...kept, { op: 'acc_free', ptr: { handle: 'k', offset: 4 } }], fatal)).toEqual(['ok', 'value', 'error fatal_map_data']);
    });

    it('K-A7 infinite: acc_map_data data keeps its counters', () => {
      const mapped: Step[] = [{ op: 'acc_malloc', bytes: 12, result: 'd' }, { op: 'acc_map_data', var: 'a(2:4)', dev: { handle: 'd' } }];
      for (const more of [enter(cl('copyin', 'a(1:3)')), { op: 'acc_copyin', var: 'a(1:3)' } as Step]) {
        const e = engineOf({ ...xb, 'K-A7': 'infinite' });
        expect(applyAll(e, [...mapped, more]).map(show)).toEqual(['value', 'ok', more.op === 'acc_copyin' ? 'value' : 'ok']);
        expect(e.snapshot().sections.map((s) => [s.host, s.drc])).toEqual([[[0x1004, 0x1010], 1]]);
      }
    });

    it('K-A24 pointer-word: a range ending past the pointer word of a member slot is partly present', () => {
      const steps: Step[] = [assign('cs(2)%p', 'a'), enter(cl('copyin', 'cs(2)%p')), enter(cl('copyin', 'cs(1:2)'))];
      const mm = { ...xb, 'K-A22': 'member-mapped' };
      expect(kinds(steps, { ...mm, 'K-A24': 'pointer-word' }, AOS)).toEqual(['ok', 'ok', 'error acc_error_partly_present']);
      const e = engineOf(mm, AOS);
      expect(applyAll(e, steps).map(show)).toEqual(['ok', 'ok', 'ok']);
      expect(e.snapshot().sections.map((s) => [s.host, s.drc])).toEqual([[[0x1000, 0x1028], 1], [[0x1410, 0x1420], 2]]);
    });
  });

  it('a disassociated pointer reference maps nothing (README "Directives": null pointer reference)', () => {
    const e = engineOf();
    expect(applyAll(e, [enter(cl('copyin', 'c%p')), { op: 'acc_data_begin', clauses: [cl('copy', 'b', 'c%p')] }]).map(show)).toEqual(['ok', 'ok']);
    expect(hosts(e)).toEqual([[0x1200, 0x1228]]);
  });

  it('non-pointer members hold their initial values on the host, one word each, in order', () => {
    const w: World = { ...world, structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }, { name: 'k' }] }] };
    expect(run([{ op: 'host_read', var: 'c%n' }, { op: 'host_read', var: 'c%arr' }, { op: 'host_read', var: 'c%k' }], {}, w)).toEqual([
      { kind: 'read', values: [5] },
      { kind: 'read', values: [1, 2, 3, 4] },
      { kind: 'read', values: [0] },
    ]);
  });

  describe('pointer views (README "Pointer descriptors"): bounds and one element, host and kernel', () => {
    const remapped: Step[] = [{ op: 'host_write', var: 'a(1:1)', value: 7 }, { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 5 } as Step];
    const view = (extra: Record<string, unknown>): Step => ({ op: 'host_read', var: 'c%p', ...extra }) as Step;

    it('the host view: bounds from the lower bound, elements counted from it, nothing outside', () => {
      expect(run([...remapped, view({ bounds: true }), view({ at: 5 }), view({ at: 14 })]).slice(2)).toEqual([
        { kind: 'read', values: [5, 14] },
        { kind: 'read', values: [7] },
        { kind: 'read', values: [1] },
      ]);
      for (const at of [4, 15]) {
        const obs = run([...remapped, view({ at })]);
        expect(obs[2]!.kind, `at ${at}`).toBe('undefined');
        expect(message(obs[2]!)).toMatch(/outside its bounds/);
      }
      const none = run([view({ bounds: true })]);
      expect(none.map(show)).toEqual(['undefined']);
      expect(message(none[0]!)).toMatch(/which has none/);
    });

    it('the kernel view: an index past the device view is undefined', () => {
      const steps: Step[] = [...remapped, enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }];
      const read = (at: number): Step => ({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p', at } });
      expect(run([...steps, read(14)])[4]).toEqual({ kind: 'read', values: [1] });
      expect(run([...steps, read(15)])[4]!.kind).toBe('undefined');
      expect(run([...steps, read(4)])[4]!.kind).toBe('undefined');
    });
  });

  describe('state key: equal futures, equal keys; different futures, different keys', () => {
    const keyOf = (steps: Step[], w = world) => {
      const e = engineOf({}, w);
      applyAll(e, steps);
      return e.stateKey();
    };

    it('tells apart element values that only a separator keeps apart (device and host words)', () => {
      const dev = (v: string) => [enter(cl('copyin', 'a')), { op: 'acc_parallel', clauses: [cl('present', 'a')], body: { write: v, value: 11 } } as Step];
      expect(keyOf(dev('a(1:1)'))).not.toBe(keyOf(dev('a(2:2)')));
      const host = (v: string) => [{ op: 'host_write', var: v, value: 11 } as Step];
      expect(keyOf(host('a(1:1)'))).not.toBe(keyOf(host('a(2:2)')));
    });

    it('names the blocks attached pointers point into like the sections, and keeps null device pointers', () => {
      const attach: Step[] = [assign('c%p', 'a'), enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }];
      // a gets block 2 here (b had block 1): the attachment names it as the section does, 1
      const key = JSON.parse(keyOf([enter(cl('copyin', 'b')), exit(cl('delete', 'b')), ...attach])) as [unknown, unknown[][], unknown[][]];
      expect(key[1]![0]![2]).toBe(1);
      expect(key[2]).toEqual([[0x1400, 1, { space: 'dev', block: 1, offset: 0, count: 10 }]]);
      const nullPtr = JSON.parse(keyOf([enter(cl('copyin', 'c'))])) as unknown[];
      expect(nullPtr[2]).toEqual([[0x1400, 0, null]]);
    });

    it('a finished directive leaves no var records; an open region keeps its own', () => {
      expect(keyOf([enter(cl('copyin', 'a', 'b')), exit(cl('delete', 'a', 'b'))])).toBe(keyOf([]));
      const open = JSON.parse(keyOf([enter(cl('copyin', 'a')), { op: 'acc_data_begin', clauses: [cl('present', 'a(1:2)')] }])) as unknown[][];
      expect(open[4]).toHaveLength(6);
      expect(open[4]).toEqual(expect.arrayContaining([0x1000, 0x1008]));
    });
  });

  describe('attach and detach (README "Actions": attach, detach, immediate detach)', () => {
    it('attach needs the whole target present (K-A2 error), and says what is missing', () => {
      const obs = run([enter(cl('copyin', 'a(1:3)')), assign('c%p', 'a'), enter(cl('copyin', 'c')), { op: 'acc_attach', ptr: 'c%p' }], { 'K-A2': 'error' });
      expect(obs.map(show)).toEqual(['ok', 'ok', 'ok', 'error fatal_attach_absent']);
      expect(message(obs[3]!)).toMatch(/attach of c%p: its target is not present/);
      expect(message(run([{ op: 'acc_attach', ptr: 'c%p' }], { 'K-A2': 'error' })[0]!)).toMatch(/attach of c%p: its struct is not present/);
    });

    it('K-A4b descriptor: a second attach to the same target and count counts', () => {
      const e = engineOf({ 'K-A4b': 'descriptor' });
      applyAll(e, [assign('c%p', 'a'), enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_attach', ptr: 'c%p' }]);
      expect(acOf(e)).toEqual([2]);
    });

    it('K-A4b descriptor: attaching a never-associated (null) pointer again counts, null is the same target as null', () => {
      // K-A3 null-and-count (default): the first attach sets the device pointer to null and the
      // counter to 1; the descriptor did not change (still null), so the second only counts.
      const e = engineOf({ 'K-A4b': 'descriptor' });
      applyAll(e, [enter(cl('copyin', 'c')), { op: 'acc_attach', ptr: 'c%p' }, { op: 'acc_attach', ptr: 'c%p' }]);
      expect(acOf(e)).toEqual([2]);
    });

    it('K-A42 base-address: a detach that restores a null host value leaves a null device descriptor, which the next attach finds the same target (K-A9 decrement, K-A4b descriptor)', () => {
      // The device copy holds c%p => a(10:) as copied in; the host pointer is nullified; detach at
      // counter 0 (decrement: -1) writes the host's null; attaching null then finds null again
      // (no descriptor change), so it only counts: -1 + 1 = 0.
      const e = engineOf({ 'K-A42': 'base-address', 'K-A9': 'decrement', 'K-A4b': 'descriptor' });
      applyAll(e, [
        { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 10 },
        enter(cl('copyin', 'c')),
        { op: 'nullify', ptr: 'c%p' },
        { op: 'acc_detach', ptr: 'c%p' },
        { op: 'acc_attach', ptr: 'c%p' },
      ]);
      expect(acOf(e)).toEqual([0]);
    });

    it('attaching a host pointer that holds a device address (K-A19 no-detach copyout) is undefined, from the first device byte on', () => {
      const steps: Step[] = [
        enter(cl('copyin', 'a')),
        assign('c%p', 'a'),
        enter(cl('copyin', 'c')),
        { op: 'acc_attach', ptr: 'c%p' },
        exit(cl('copyout', 'c')),
        enter(cl('copyin', 'c')),
        { op: 'acc_attach', ptr: 'c%p' },
      ];
      const obs = run(steps, { 'K-A19': 'no-detach' });
      expect(obs.map(show)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'undefined']);
      expect(message(obs[6]!)).toMatch(/c%p is attached while its host value is a device address/);
    });

    it('detach finds the struct element holding the member, not the element before it (K-A9 error, K-A18 rewrite-or-error)', () => {
      const before = enter(cl('copyin', 'cs(1)'));
      expect(kinds([before, { op: 'acc_detach', ptr: 'cs(2)%p' }], { 'K-A9': 'error' }, AOS)).toEqual(['ok', 'error fatal_detach_at_zero']);
      expect(kinds([before, { op: 'acc_detach_finalize', ptr: 'cs(2)%p' }], { 'K-A18': 'rewrite-or-error' }, AOS)).toEqual(['ok', 'error fatal_detach_at_zero']);
    });

    it('copyout copies a member that is not attached back as its device copy holds it (the host value at copyin)', () => {
      const e = engineOf({}, AOS);
      const obs = applyAll(e, [
        assign('cs(2)%p', 'a(1:2)'),
        assign('cs(3)%p', 'b(1:2)'),
        enter(cl('copyin', 'a', 'cs')),
        assign('cs(3)%p', 'a(3:4)'),
        { op: 'acc_attach', ptr: 'cs(2)%p' },
        exit(cl('copyout', 'cs')),
        { op: 'host_read', var: 'cs(3)%p' },
      ]);
      expect(obs[6]).toEqual({ kind: 'read', values: [2, 2] });
    });

    it('copyout detaches every attached member of a struct array first (K-A19 detach-first), the host gets host values', () => {
      const e = engineOf({}, AOS);
      const obs = applyAll(e, [
        assign('cs(2)%p', 'a(1:2)'),
        assign('cs(3)%p', 'b(1:2)'),
        enter(cl('copyin', 'a', 'b', 'cs')),
        { op: 'acc_attach', ptr: 'cs(2)%p' },
        { op: 'acc_attach', ptr: 'cs(3)%p' },
        exit(cl('copyout', 'cs')),
        { op: 'host_read', var: 'cs(2)%p' },
        { op: 'host_read', var: 'cs(3)%p' },
      ]);
      expect(obs.slice(6)).toEqual([{ kind: 'read', values: [1, 1] }, { kind: 'read', values: [2, 2] }]);
    });
  });

  describe('kernels (README "Compute construct")', () => {
    it('a kernel through a pointer says why it stops', () => {
      const viaC = { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } } as Step;
      expect(message(run([assign('c%p', 'a'), enter(cl('create', 'c')), viaC])[2]!)).toMatch(/indeterminate/);
      expect(message(run([enter(cl('copyin', 'c')), viaC])[1]!)).toMatch(/null device pointer/);
      expect(message(run([assign('c%p', 'a'), enter(cl('copyin', 'a', 'c')), viaC])[2]!)).toMatch(/holds a host address/);
    });

    it('a stale device pointer into a freed block is undefined, also in a reuse world when no allocation of its size took it', () => {
      const steps: Step[] = [
        assign('c%p', 'a(1:4)'),
        enter(cl('copyin', 'a(1:4)', 'c')),
        { op: 'acc_attach', ptr: 'c%p' },
        // a's copy goes; c's device pointer still names its block (16 bytes), which an 8-byte allocation does not take
        { op: 'acc_delete_finalize', var: 'a(1:4)' },
        { op: 'acc_malloc', bytes: 8, result: 'm' },
        { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p' } },
      ];
      const obs = run(steps, {}, { ...world, reuse: true });
      expect(obs.map(show)).toEqual(['ok', 'ok', 'ok', 'ok', 'value', 'undefined']);
    });

    it('a kernel body that is a whole struct is an internal error', () => {
      expect(() => engineOf().apply({ op: 'acc_parallel', clauses: [], body: { read: 'c' } })).toThrow(/kernel body 'c' must be an array, a subarray or a pointer member/);
    });
  });

  describe('update (README "Update directive", K-A41)', () => {
    it('device copies only the var\'s own elements', () => {
      const obs = run([
        enter(cl('copyin', 'a')),
        { op: 'host_write', var: 'a', value: 5 },
        { op: 'acc_update', clauses: [cl('device', 'a(1:2)')] },
        { op: 'acc_parallel', clauses: [cl('present', 'a')], body: { read: 'a(1:4)' } },
      ]);
      expect(obs[3]).toEqual({ kind: 'read', values: [5, 5, 1, 1] });
    });

    it('an update is undefined only when an attached member lies inside the var', () => {
      const base: Step[] = [assign('cs(2)%p', 'a'), enter(cl('copyin', 'a', 'cs')), { op: 'acc_attach', ptr: 'cs(2)%p' }];
      const upd = (v: string): Step => ({ op: 'acc_update', clauses: [cl('self', v)] });
      expect(kinds([...base, upd('cs(1)'), upd('cs(3)'), upd('cs(2)')], {}, AOS)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'undefined']);
      expect(kinds([...base, upd('cs')], {}, AOS)).toEqual(['ok', 'ok', 'ok', 'undefined']);
    });
  });

  describe('reuse world: pools by kind of cells (README "Device memory reuse")', () => {
    const reuse: World = { ...world, reuse: true };
    it('a freed struct block (pointer descriptors) is not handed to integers, a freed acc_malloc block is', () => {
      expect(run([enter(cl('copyin', 'c')), exit(cl('delete', 'c')), { op: 'acc_malloc', bytes: 16, result: 'm' }], {}, reuse)[2]).toEqual({ kind: 'value', value: { block: 2, offset: 0 } });
      expect(run([{ op: 'acc_malloc', bytes: 16, result: 'm' }, { op: 'acc_free', ptr: { handle: 'm' } }, { op: 'acc_copyin', var: 'a(1:4)' }], {}, reuse)[2]).toEqual({ kind: 'value', value: { block: 1, offset: 0 } });
    });
  });

  // Member subarrays (lang/README.md "Member subarrays"): c%p(l:u) is elements l..u of the pointer's
  // current target, counted from its lower bound, on the host as in a kernel (through the device
  // descriptor); past either end, or of a disassociated pointer, it is undefined.
  describe('member sections (README "Member subarrays"): host and kernel bounds', () => {
    // c%p => a(2:4): p(1) = a(2) = 1, p(2) = a(3) = 9, p(3) = a(4) = 1
    const three: Step[] = [{ op: 'host_write', var: 'a(3:3)', value: 9 }, assign('c%p', 'a(2:4)')];
    const hostRead = (v: string): Step => ({ op: 'host_read', var: v });

    it('the host reads elements l..u of the current target; past its end or before its lower bound is undefined', () => {
      expect(run([...three, hostRead('c%p(1:3)'), hostRead('c%p(1:2)'), hostRead('c%p(2:2)'), hostRead('c%p(3:3)')]).slice(2)).toEqual([
        { kind: 'read', values: [1, 9, 1] },
        { kind: 'read', values: [1, 9] },
        { kind: 'read', values: [9] },
        { kind: 'read', values: [1] },
      ]);
      for (const v of ['c%p(2:4)', 'c%p(4:4)', 'c%p(1:4)']) {
        const obs = run([...three, hostRead(v)]);
        expect(obs[2]!.kind, v).toBe('undefined');
        expect(message(obs[2]!), v).toMatch(/runs past the end of its pointer's target/);
      }
      expect(run([hostRead('c%p(1:1)')]).map(show)).toEqual(['undefined']);
      // remapped: p(5) = a(1) = 7, …, p(14) = a(10)
      const remapped: Step[] = [{ op: 'host_write', var: 'a(1:1)', value: 7 }, { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 5 } as Step];
      expect(run([...remapped, hostRead('c%p(5:6)'), hostRead('c%p(14:14)')]).slice(2)).toEqual([
        { kind: 'read', values: [7, 1] },
        { kind: 'read', values: [1] },
      ]);
      for (const v of ['c%p(4:5)', 'c%p(1:2)', 'c%p(14:15)']) expect(run([...remapped, hostRead(v)])[2]!.kind, v).toBe('undefined');
    });

    it('a kernel reads elements l..u of the device pointer\'s view; outside it is undefined', () => {
      const attached: Step[] = [...three, enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }];
      const kernel = (v: string): Step => ({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: v } });
      expect(run([...attached, kernel('c%p(1:3)'), kernel('c%p(1:1)'), kernel('c%p(2:3)')]).slice(4)).toEqual([
        { kind: 'read', values: [1, 9, 1] },
        { kind: 'read', values: [1] },
        { kind: 'read', values: [9, 1] },
      ]);
      for (const v of ['c%p(2:4)', 'c%p(4:4)', 'c%p(3:5)']) {
        const obs = run([...attached, kernel(v)]);
        expect(obs[4]!.kind, v).toBe('undefined');
        expect(message(obs[4]!), v).toMatch(/outside the 3 elements of its device pointer/);
      }
      // remapped to lower bound 5 on the device as on the host
      const remapped: Step[] = [{ op: 'host_write', var: 'a(1:1)', value: 7 }, { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 5 } as Step, enter(cl('copyin', 'a', 'c')), { op: 'acc_attach', ptr: 'c%p' }];
      expect(run([...remapped, kernel('c%p(5:6)'), kernel('c%p(14:14)')]).slice(4)).toEqual([
        { kind: 'read', values: [7, 1] },
        { kind: 'read', values: [1] },
      ]);
      for (const v of ['c%p(4:5)', 'c%p(14:15)']) expect(run([...remapped, kernel(v)])[4]!.kind, v).toBe('undefined');
      // the target inside a larger device copy: elements below the lower bound are q's earlier
      // elements there, still outside the view
      const inner: Step[] = [{ op: 'host_write', var: 'b(4:4)', value: 6 }, { op: 'pointer_assign', ptr: 'c%p', target: 'b(4:8)', lbound: 5 } as Step, enter(cl('copyin', 'b', 'c')), { op: 'acc_attach', ptr: 'c%p' }];
      expect(run([...inner, kernel('c%p(5:5)')])[4]).toEqual({ kind: 'read', values: [6] });
      for (const v of ['c%p(1:1)', 'c%p(3:5)']) expect(run([...inner, kernel(v)])[4]!.kind, v).toBe('undefined');
    });
  });

  // K-A50: what the attach of a member section's base pointer looks up (profiles/knobs.ts): `target`
  // the pointer's whole target (a section alone leaves it partly present: no attach), `section`
  // the section's first element. K-A43 not-mapped: only the member of an array-of-structs element
  // goes unmapped under K-A22 member-mapped.
  describe('K-A50 member-section attach, K-A43 element members', () => {
    const sectionFirst = { 'K-A50': 'section' };
    const setup: Step[] = [{ op: 'host_write', var: 'a(3:4)', value: 5 }, assign('c%p', 'a'), enter(cl('copyin', 'c'))];

    it('target: the whole target is looked up, so a section alone attaches nothing; section: it attaches', () => {
      const t = engineOf();
      applyAll(t, [...setup, enter(cl('copyin', 'b', 'c%p(3:4)'))]);
      // c is present with its pointer unattached: the device copy still holds the host address
      expect(acOf(t)).toEqual([0]);
      expect(show(t.apply({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p(3:4)' } }))).toBe('undefined');
      for (const vars of [['c%p(3:4)'], ['b', 'c%p(3:4)']]) {
        const e = engineOf(sectionFirst);
        applyAll(e, [...setup, enter(cl('copyin', ...vars))]);
        expect(acOf(e), vars.join()).toEqual([1]);
        // the device pointer aims at where element 1 would be, so elements 3 and 4 are the section's copy
        expect(e.apply({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p(3:4)' } }), vars.join()).toEqual({ kind: 'read', values: [5, 5] });
      }
    });

    it('section: one element read through the pointer (`at`) is its device copy inside the section, undefined outside (§2.7.2: the pointer points at the device copy)', () => {
      // a = [1, 1, 5, 5, 1, …]; c%p(3:4) copied in alone: the device pointer aims 8 bytes before its block
      const read = (at: number): Step => ({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p', at } });
      const e = engineOf(sectionFirst);
      applyAll(e, [...setup, enter(cl('copyin', 'c%p(3:4)')), { op: 'acc_parallel', clauses: [cl('present', 'c')], body: { write: 'c%p(4:4)', value: 8 } }]);
      expect([read(3), read(4)].map((s) => e.apply(s))).toEqual([
        { kind: 'read', values: [5] },
        { kind: 'read', values: [8] },
      ]);
      for (const at of [2, 5]) {
        const f = engineOf(sectionFirst);
        applyAll(f, [...setup, enter(cl('copyin', 'c%p(3:4)'))]);
        const obs = f.apply(read(at));
        expect(obs.kind, `at ${at}`).toBe('undefined');
        expect(message(obs), `at ${at}`).toMatch(/freed device memory/);
      }
    });

    it('section: the section\'s own copy is looked up, not a mapping that ends where it starts', () => {
      const e = engineOf(sectionFirst);
      applyAll(e, [...setup, enter(cl('copyin', 'a(1:2)')), enter(cl('copyin', 'c%p(3:4)'))]);
      expect(acOf(e)).toEqual([1]);
      expect(e.apply({ op: 'acc_parallel', clauses: [cl('present', 'c')], body: { read: 'c%p(3:4)' } })).toEqual({ kind: 'read', values: [5, 5] });
    });

    it('a plain pointer reference attaches through its whole target under either reading', () => {
      for (const knobs of [{}, sectionFirst]) {
        const e = engineOf(knobs);
        applyAll(e, [...setup, enter(cl('copyin', 'b', 'c%p'))]);
        expect(acOf(e)).toEqual([1]);
      }
    });

    it('K-A43 not-mapped leaves the member of a single struct mapped, not that of an element', () => {
      const knobs = { 'K-A22': 'member-mapped', 'K-A43': 'not-mapped' };
      const single = engineOf(knobs);
      applyAll(single, [assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      expect(hosts(single)).toEqual([[0x1000, 0x1028], [0x1400, 0x1410]]);
      const element = engineOf(knobs, AOS);
      applyAll(element, [assign('cs(2)%p', 'a'), enter(cl('copyin', 'cs(2)%p'))]);
      expect(hosts(element)).toEqual([[0x1000, 0x1028]]);
      const section = engineOf(knobs, AOS);
      applyAll(section, [assign('cs(2)%p', 'a'), enter(cl('copyin', 'cs(2)%p(1:2)'))]);
      expect(hosts(section)).toEqual([[0x1000, 0x1008]]);
    });
  });

  // K-A44 `assert` (GCC 12 C, profiles/knobs.ts): enter data of a pointer reference whose target is
  // a declared array, acc_map_data data, or a link array no data clause maps now stops; nothing else.
  describe('K-A44 assert: pointer references into declared data', () => {
    const assert = { 'K-A44': 'assert' };
    const declare = (clause: string, ...vars: string[]): Step => ({ op: 'acc_declare', clauses: [cl(clause, ...vars)] });
    const pre: Step[] = [enter(cl('copyin', 'c'))];

    it('stops on a declared target (also as the second var), on a link target no clause maps, on acc_map_data data', () => {
      expect(kinds([declare('copyin', 'a'), ...pre, assign('c%p', 'a'), enter(cl('copyin', 'b', 'c%p'))], assert)).toEqual(['ok', 'ok', 'ok', 'error fatal_lowering']);
      expect(kinds([declare('create', 'b'), ...pre, assign('c%p', 'b(2:3)'), enter(cl('copyin', 'c%p'))], assert)).toEqual(['ok', 'ok', 'ok', 'error fatal_lowering']);
      expect(kinds([declare('link', 'b'), ...pre, assign('c%p', 'b'), enter(cl('copyin', 'a', 'c%p'))], assert)).toEqual(['ok', 'ok', 'ok', 'error fatal_lowering']);
      const mapped: Step[] = [{ op: 'acc_malloc', bytes: 40, result: 'm' }, { op: 'acc_map_data', var: 'a', dev: { handle: 'm' } }];
      expect(kinds([...mapped, ...pre, assign('c%p', 'a'), enter(cl('copyin', 'c%p'))], assert)).toEqual(['value', 'ok', 'ok', 'ok', 'error fatal_lowering']);
    });

    it('runs on: ordinary targets present or absent, a declared array beside the target, a mapped link array, null pointers, plain vars, data regions, and as-data', () => {
      const runs = (steps: Step[], knobs: Record<string, string> = assert) => expect(kinds(steps, knobs).every((k) => k === 'ok' || k === 'value'), JSON.stringify(steps)).toBe(true);
      runs([...pre, assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      runs([enter(cl('copyin', 'a')), ...pre, assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      runs([declare('copyin', 'b'), ...pre, assign('c%p', 'a'), enter(cl('copyin', 'c%p'))]);
      runs([declare('copyin', 'a'), ...pre, assign('c%p', 'b'), enter(cl('copyin', 'c%p'))]);
      runs([declare('link', 'b'), ...pre, assign('c%p', 'b'), enter(cl('copyin', 'b')), enter(cl('copyin', 'c%p'))]);
      runs([declare('copyin', 'a'), ...pre, enter(cl('copyin', 'b', 'c%p'))]);
      runs([declare('copyin', 'a'), enter(cl('copyin', 'a'))]);
      runs([declare('copyin', 'a'), ...pre, assign('c%p', 'a'), { op: 'acc_data_begin', clauses: [cl('copyin', 'c%p')] }]);
      runs([declare('copyin', 'a'), ...pre, assign('c%p', 'a'), enter(cl('copyin', 'b', 'c%p'))], {});
    });
  });

  // After the zero-length and allocatable merges (4c5818f, f5dbba4): a null pointer reference after
  // another var still attaches under K-A23 `attach` (the null-pointer rule of K-A3 applies), and
  // K-A55 `no-op` leaves only zero-length subarrays alone at exit.
  describe('null pointer references after another var; K-A55 no-op at exit', () => {
    it('K-A23 attach: a null pointer reference as the second var is attached by K-A3\'s null rule', () => {
      const e = engineOf();
      applyAll(e, [enter(cl('copyin', 'c')), enter(cl('copyin', 'b', 'c%p'))]);
      expect(acOf(e)).toEqual([1]);
      expect(kinds([enter(cl('copyin', 'c')), enter(cl('copyin', 'b', 'c%p'))], { 'K-A3': 'error' })).toEqual(['ok', 'error fatal_attach_null']);
      expect(kinds([enter(cl('copyin', 'c')), enter(cl('copyin', 'b', 'c%p'))], { 'K-A3': 'error', 'K-A23': 'skip' })).toEqual(['ok', 'ok']);
    });

    it('K-A55 no-op: exit data still acts on ordinary data, and a zero-length subarray gives nothing back', () => {
      const e = engineOf({ 'K-A55': 'no-op' });
      applyAll(e, [enter(cl('copyin', 'a', 'b')), enter(cl('copyin', 'a')), exit(cl('delete', 'a(3:2)', 'b'))]);
      expect(e.snapshot().sections.map((s) => [s.host, s.drc])).toEqual([[[0x1000, 0x1028], 2]]);
    });
  });

  describe('impossible steps and messages', () => {
    it('an unknown op, a region clause the table lacks, or a declaration after mapping is an internal error', () => {
      expect(() => engineOf().apply({ op: 'bogus' } as unknown as Step)).toThrow(/unhandled step op/);
      expect(() => engineOf().apply({ op: 'acc_data_begin', clauses: [cl('bogus', 'a')] })).toThrow(/acc_data_begin does not take a 'bogus' clause/);
      const e = engineOf();
      e.apply(enter(cl('copyin', 'a')));
      expect(() => e.apply({ op: 'acc_declare', clauses: [cl('copyin', 'a')] })).toThrow(/internal: declared a is mapped before program start/);
    });

    it('device memory routines say why they stop', () => {
      const null4 = { handle: 'z', offset: 4 };
      const z: Step = { op: 'acc_malloc', bytes: 0, result: 'z' };
      expect(message(run([z, { op: 'acc_memcpy_to_device', var: 'a(1:2)', dev: null4 }])[1]!)).toMatch(/acc_memcpy_to_device: z is a null pointer, so z \+ 4 points nowhere/);
      expect(message(run([z, { op: 'acc_free', ptr: null4 }])[1]!)).toMatch(/acc_free: z is a null pointer/);
      expect(message(run([{ op: 'acc_free', ptr: { var: 'a' } }])[0]!)).toMatch(/acc_free of a host address/);
      expect(message(run([{ op: 'acc_map_data', var: 'a', dev: { var: 'b' } }])[0]!)).toMatch(/acc_map_data: a host address is not device memory/);
      expect(message(run([{ op: 'acc_unmap_data', var: 'a' }])[0]!)).toMatch(/acc_unmap_data of a, which is not present/);
      expect(() => engineOf().apply({ op: 'pointer_assign', ptr: 'a', target: 'b' })).toThrow(/'a' in pointer_assign must name a pointer member/);
    });

    it('stops name the pointer member, in a struct and in an array of structs', () => {
      expect(message(run([enter(cl('copyin', 'c')), { op: 'acc_attach', ptr: 'c%p' }], { 'K-A3': 'error' })[1]!)).toMatch(/attach of c%p, a null pointer/);
      const two: World = { arrays: world.arrays, structs: [{ name: 'x', pointers: ['p', 'q'] }, { name: 'cs', pointers: ['p', 'q'], count: 3 }] };
      const attachIn = (ptr: string) => run([enter(cl('copyin', 'x', 'cs')), { op: 'acc_attach', ptr }], { 'K-A3': 'error' }, two)[1]!;
      expect(message(attachIn('x%q'))).toMatch(/attach of x%q, a null pointer/);
      for (const [ptr, name] of [['cs(1)%p', 'cs\\(1\\)%p'], ['cs(2)%q', 'cs\\(2\\)%q'], ['cs(3)%p', 'cs\\(3\\)%p']])
        expect(message(attachIn(ptr!)), ptr).toMatch(new RegExp(`attach of ${name}, a null pointer`));
    });
  });
});

// Plain pointer variables (lang/README.md "Plain pointer variables"): a one-member struct with
// `plain`, whose section in a data clause is a pointer reference under K-A1p (K-A1 for a member).
describe('plain pointer variables (K-A1p)', () => {
  const plainWorld: World = {
    arrays: [{ name: 'a', length: 4, init: 5 }],
    structs: [
      { name: 'c', pointers: ['p'], init: { p: 'a' } },
      { name: 'q', pointers: ['q'], plain: true, init: { q: 'a' } },
    ],
  };
  const pointerValue = (ptr: string, knobs: Record<string, string>, target = `${ptr.split('%')[0]}%${ptr.split('%')[1]}`) => {
    const spec = loadProfile('spec');
    const root = ptr.split('%')[0]!;
    const engine = implEngine({ world: plainWorld, steps: [] }, { ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [root] }] },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [target] }] },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: [root] }], body: { pointer: ptr } },
    ];
    const obs = steps.map((s) => engine.apply(s));
    const last = obs.at(-1)!;
    if (last.kind !== 'value' || last.value === null || typeof last.value !== 'object') throw new Error(`unexpected ${JSON.stringify(last)}`);
    return { space: 'block' in last.value ? 'dev' : 'host', attachments: engine.snapshot().attachments.map((x) => x.ac) };
  };

  it('a plain pointer\'s section attaches it under base-pointer (the spec) and not under pointer-only (GCC 12)', () => {
    expect(pointerValue('q%q', {})).toEqual({ space: 'dev', attachments: [1] });
    expect(pointerValue('q%q', { 'K-A1p': 'pointer-only' })).toEqual({ space: 'host', attachments: [0] });
    // a section (here all of the target: an attach needs the whole target present): the same
    expect(pointerValue('q%q', {}, 'q%q(1:4)').space).toBe('dev');
    expect(pointerValue('q%q', { 'K-A1p': 'pointer-only' }, 'q%q(1:4)').space).toBe('host');
    // K-A1 does not decide it
    expect(pointerValue('q%q', { 'K-A1': 'pointer-only' })).toEqual({ space: 'dev', attachments: [1] });
  });

  it('a member of a struct stays under K-A1, whatever K-A1p says', () => {
    expect(pointerValue('c%p', { 'K-A1p': 'pointer-only' })).toEqual({ space: 'dev', attachments: [1] });
    expect(pointerValue('c%p', { 'K-A1': 'pointer-only' })).toEqual({ space: 'host', attachments: [0] });
  });

  it('exit: a plain pointer\'s section detaches it only under base-pointer', () => {
    const run = (knobs: Record<string, string>) => {
      const spec = loadProfile('spec');
      const engine = implEngine({ world: plainWorld, steps: [] }, { ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
      for (const s of [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['q'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_attach', ptr: 'q%q' },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['q%q'] }] },
      ] as Step[])
        expect(engine.apply(s).kind).toBe('ok');
      return engine.snapshot().attachments.map((x) => [x.ac, x.device?.space]);
    };
    // acc_attach: AC 1; the exit's detach brings it to 0 (the host value back) under base-pointer
    expect(run({})).toEqual([[0, 'host']]);
    expect(run({ 'K-A1p': 'pointer-only' })).toEqual([[1, 'dev']]);
  });
});
