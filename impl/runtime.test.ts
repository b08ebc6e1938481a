// impl unit tests for what has no program form: references the language would reject are refused
// with lang/parseRef's message. The scenarios (observations and states per profile) are
// conformance rows, run on both engines: conformance/acc/*.ts.

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Program, Step } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { ACC_WORLD as world, OMP_WORLD } from '../conformance/worlds.js';
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
