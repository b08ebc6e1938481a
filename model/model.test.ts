import { describe, expect, it } from 'vitest';
import type { Program, Step, World } from '../lang/program.js';
import type { Observation, Snapshot } from '../lang/observation.js';
import { loadProfile, type KnobValues, type Profile } from '../profiles/index.js';
import { initialState, modelEngine, snapshot, step } from './index.js';

// Host layout (lang/program.ts hostLayout) of WORLD: a at 0x1000, b at 0x1200, c at 0x1400.
const A = 0x1000;
const B = 0x1200;
const C = 0x1400;

const WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};

/** seeds/000: re-attaching a pointer after host reassociation (c%p => a, then c%p => b). */
const REATTACH: Program = {
  world: WORLD,
  steps: [
    { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
  ],
};

/** seeds/000: detach of a never-attached (nullified) pointer, then a real attach. */
const SPURIOUS_DETACH: Program = {
  world: { arrays: [{ name: 'a', length: 10, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }] },
  steps: [
    { op: 'nullify', ptr: 'c%p' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c%p'] }] },
    { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
  ],
};
// In SPURIOUS_DETACH's world (no b) the struct c sits at 0x1200.
const C2 = 0x1200;

interface Run {
  observations: Observation[];
  snapshots: Snapshot[];
  rules: (readonly string[])[];
}

function run(program: Program, profile: Profile | string): Run {
  const engine = modelEngine(program, typeof profile === 'string' ? loadProfile(profile) : profile);
  const out: Run = { observations: [], snapshots: [], rules: [] };
  for (const s of program.steps) {
    out.observations.push(engine.apply(s));
    out.snapshots.push(engine.snapshot());
    out.rules.push(engine.lastRules!());
  }
  return out;
}

function withKnobs(overrides: Partial<KnobValues>): Profile {
  const spec = loadProfile('spec');
  return { ...spec, name: 'test', knobs: { ...spec.knobs, ...overrides } };
}

function prog(steps: Step[], world: World = WORLD): Program {
  return { world, steps };
}

const ok: Observation = { kind: 'ok' };
const read = (n: number, v: number | null): Observation => ({ kind: 'read', values: Array<number | null>(n).fill(v) });
const last = <T>(xs: T[]): T => xs[xs.length - 1]!;

describe('seed 000: re-attach after host reassociation', () => {
  for (const profile of ['spec', 'nvfortran-25.3']) {
    it(`${profile}: the kernel reads b through the re-pointed device pointer`, () => {
      const r = run(REATTACH, profile);
      expect(r.observations.slice(0, 5)).toEqual([ok, ok, ok, ok, ok]);
      expect(r.observations[5]).toEqual(read(10, 2));
      // After the second attach: c (block 1), a (block 2), b (block 3); c%p aims at b's copy.
      expect(r.snapshots[4]).toEqual({
        sections: [
          { host: [A, A + 40], block: 2, src: 0, drc: 1 },
          { host: [B, B + 40], block: 3, src: 0, drc: 1 },
          { host: [C, C + 16], block: 1, src: 0, drc: 1 },
        ],
        attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 3, offset: 0, count: 10 } }],
        ompEntries: [],
        ompPointers: [],
      });
      for (const s of r.snapshots) for (const at of s.attachments) expect(at.ac).toBeGreaterThanOrEqual(0);
    });
  }

  for (const profile of ['cray-19', 'libgomp']) {
    it(`${profile}: the second attach only counts, the kernel reads stale a`, () => {
      const r = run(REATTACH, profile);
      expect(r.observations[5]).toEqual(read(10, 1));
      expect(r.snapshots[4]!.attachments).toEqual([
        { ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } },
      ]);
    });
  }

  it('records the device copy of c holding the host address before any attach', () => {
    const r = run(REATTACH, 'spec');
    expect(r.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }]);
  });

  it('reports the rules that fired', () => {
    const r = run(REATTACH, 'spec');
    expect(r.rules[2]).toEqual([
      'OpenACC 3.3 §2.6.6 Enter Data Directive',
      'OpenACC 3.3 §2.7.7 copyin clause',
      'OpenACC 3.3 §2.7.2 Copyin Action',
      'OpenACC 3.3 §2.7.12 attach clause',
      'OpenACC 3.3 §2.7.2 Attach Action',
    ]);
    expect(r.rules[0]).toEqual([]);
    expect(r.rules[5]).toContain('OpenACC 3.3 §2.5.1 Parallel Construct');
    expect(r.rules[5]).toContain('OpenACC 3.3 §2.7.2 Present Increment Action');
  });
});

describe('seed 000: detach of a never-attached pointer', () => {
  for (const profile of ['spec', 'nvfortran-25.3']) {
    it(`${profile}: the detach is a no-op and the later attach works`, () => {
      const r = run(SPURIOUS_DETACH, profile);
      expect(r.observations).toEqual([ok, ok, ok, ok, ok, read(10, 1)]);
      expect(r.snapshots[2]!.attachments).toEqual([{ ptr: C2, ac: 0, device: null }]);
      for (const s of r.snapshots) for (const at of s.attachments) expect(at.ac).toBeGreaterThanOrEqual(0);
    });
  }

  it('cray-19: the counter goes to -1, the later attach still works', () => {
    const r = run(SPURIOUS_DETACH, 'cray-19');
    expect(r.observations[2]).toEqual(ok);
    expect(r.snapshots[2]!.attachments).toEqual([{ ptr: C2, ac: -1, device: null }]);
    expect(r.snapshots[4]!.attachments).toEqual([
      { ptr: C2, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } },
    ]);
    expect(r.observations[5]).toEqual(read(10, 1));
  });

  it('libgomp: the detach aborts the program', () => {
    const r = run(SPURIOUS_DETACH, 'libgomp');
    expect(r.observations[2]).toMatchObject({ kind: 'error', code: 'fatal_detach_at_zero' });
    expect(r.observations.slice(3)).toEqual([{ kind: 'halted' }, { kind: 'halted' }, { kind: 'halted' }]);
    expect(r.snapshots[5]).toEqual(r.snapshots[2]);
  });
});

describe('step is pure', () => {
  it('leaves the input state unchanged and freezes the result', () => {
    const spec = loadProfile('spec');
    const s0 = initialState(REATTACH, spec);
    const before = snapshot(s0);
    const r1 = step(s0, REATTACH.steps[0]!, spec);
    const r2 = step(r1.state, REATTACH.steps[1]!, spec);
    expect(snapshot(s0)).toEqual(before);
    expect(snapshot(r1.state)).toEqual({ sections: [], attachments: [], ompEntries: [], ompPointers: [] });
    expect(snapshot(r2.state).sections).toHaveLength(1);
    expect(Object.isFrozen(r2.state.sections)).toBe(true);
  });
});

describe('data clauses and directives', () => {
  it('copyin of a whole array after a subarray is partly present', () => {
    const r = run(
      prog([
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(2:5)'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'host_read', var: 'a' },
      ]),
      'spec',
    );
    expect(r.snapshots[0]!.sections).toEqual([{ host: [A + 4, A + 20], block: 1, src: 0, drc: 1 }]);
    expect(r.observations[1]).toMatchObject({ kind: 'error', code: 'acc_error_partly_present' });
    expect(r.observations[2]).toEqual({ kind: 'halted' });
  });

  it('present clause on absent data is acc_error_not_present', () => {
    const r = run(prog([{ op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a'] }] }]), 'spec');
    expect(r.observations[0]).toMatchObject({ kind: 'error', code: 'acc_error_not_present' });
  });

  it('a subarray of present data increments the enclosing section', () => {
    const r = run(
      prog([
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a(3:4)'] }] },
        { op: 'acc_data_end' },
      ]),
      'spec',
    );
    expect(r.snapshots[1]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 1, drc: 1 }]);
    expect(r.snapshots[2]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 0, drc: 1 }]);
  });

  it('a data region and enter data both hold references; finalize zeroes only the dynamic one', () => {
    const r = run(
      prog([
        { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }], finalize: true },
        { op: 'acc_data_end' },
      ]),
      'spec',
    );
    expect(r.snapshots[0]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 1, drc: 0 }]);
    expect(r.snapshots[2]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 1, drc: 2 }]);
    expect(r.snapshots[3]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 1, drc: 0 }]);
    expect(r.snapshots[4]!.sections).toEqual([]);
    expect(r.observations).toEqual([ok, ok, ok, ok, ok]);
  });

  it('exit data finalize with copyout removes the data at once', () => {
    const r = run(
      prog([
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }], finalize: true },
      ]),
      'spec',
    );
    expect(r.snapshots[2]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 0, drc: 1 }]);
    expect(r.snapshots[3]!.sections).toEqual([]);
  });

  it('copyout copies device values back to the host only when the data lifetime ends', () => {
    const r = run(
      prog([
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { write: 'a(1:4)', value: 7 } },
        { op: 'host_read', var: 'a' },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }] },
        { op: 'host_read', var: 'a' },
      ]),
      'spec',
    );
    expect(r.observations[2]).toEqual(read(10, 1));
    expect(r.observations[4]).toEqual({ kind: 'read', values: [7, 7, 7, 7, 1, 1, 1, 1, 1, 1] });
    expect(r.snapshots[4]).toEqual({ sections: [], attachments: [], ompEntries: [], ompPointers: [] });
  });

  it('an implicit copy around a kernel copies in and back out', () => {
    const r = run(
      prog([
        { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 5 } },
        { op: 'host_read', var: 'b' },
      ]),
      'spec',
    );
    expect(r.rules[0]).toContain('OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes');
    expect(r.observations[1]).toEqual(read(10, 5));
  });

  it('a created region is indeterminate on the device, also its pointer members', () => {
    const r = run(
      prog([
        { op: 'acc_data_begin', clauses: [{ clause: 'create', vars: ['a', 'c'] }] },
        { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'a(1:3)' } },
      ]),
      'spec',
    );
    expect(r.snapshots[0]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'indeterminate' } }]);
    expect(r.observations[1]).toEqual(read(3, null));
  });

  it('a kernel reading through a pointer that was never attached is undefined', () => {
    const r = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }] },
        { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'c%p' } },
      ]),
      'spec',
    );
    expect(r.observations[2]).toMatchObject({ kind: 'undefined' });
  });

  it('the attachment counter reaches 2 when the same target is attached twice', () => {
    const r = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'a(3:6)' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_attach', ptr: 'c%p' },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
      ]),
      'spec',
    );
    const aimed = { space: 'dev', block: 2, offset: 8, count: 4 };
    expect(r.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 1, device: aimed }]);
    expect(r.snapshots[3]!.attachments).toEqual([{ ptr: C, ac: 2, device: aimed }]);
    expect(r.observations[4]).toEqual(read(4, 1));
  });

  it('a pointer-reference clause attaches at entry and detaches at exit of a data region', () => {
    const r = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c%p'] }] },
        { op: 'acc_data_end' },
      ]),
      'spec',
    );
    expect(r.snapshots[2]).toEqual({
      sections: [
        { host: [B, B + 40], block: 2, src: 1, drc: 0 },
        { host: [C, C + 16], block: 1, src: 0, drc: 1 },
      ],
      attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }],
      ompEntries: [],
      ompPointers: [],
    });
    expect(r.snapshots[3]).toEqual({
      sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
      attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: B, count: 10 } }],
      ompEntries: [],
      ompPointers: [],
    });
  });

  it('exit detaches a pointer-reference var only while its data is present with a nonzero counter (§2.7.4–§2.7.11)', () => {
    const aimed = { space: 'dev', block: 2, offset: 0, count: 10 };
    // The region holds a's only reference (SRC): delete on exit data finds DRC 0 and does nothing.
    const zero = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['c'] }, { clause: 'copyin', vars: ['c%p'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
      ]),
      'spec',
    );
    expect(zero.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 1, device: aimed }]);
    expect(zero.observations[3]).toEqual(read(10, 1));
    // The target is gone by the time of the exit: no detach either.
    const absent = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
      ]),
      'spec',
    );
    expect(absent.snapshots[3]!.attachments).toEqual([{ ptr: C, ac: 1, device: aimed }]);
  });

  it('no_create attaches a pointer-reference var only when its data is present (§2.7.10)', () => {
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['c%p'] }] },
      { op: 'acc_data_end' },
    ];
    // Under K-A2 `error` an attach of the absent target would abort; no_create makes none.
    const r = run(prog(steps), withKnobs({ 'K-A2': 'error' }));
    expect(r.observations).toEqual([ok, ok, ok, ok]);
    expect(r.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }]);
    // Present data is attached as usual.
    const present = run(prog([steps[0]!, { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }] }, ...steps.slice(2)]), 'spec');
    expect(present.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
  });

  it('copyout of a struct detaches its pointers before copying them back', () => {
    const r = run(
      prog([
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['c'] }] },
        { op: 'host_read', var: 'c%p' },
      ]),
      'spec',
    );
    expect(r.rules[2]).toContain('OpenACC 3.3 §2.7.2 Immediate Detach Action');
    expect(r.snapshots[2]!.sections).toEqual([{ host: [A, A + 40], block: 2, src: 0, drc: 1 }]);
    expect(r.observations[3]).toEqual(read(10, 1));
  });
});

describe('runtime routines', () => {
  it('acc_copyin returns the device address and counts dynamic references', () => {
    const r = run(
      prog([
        { op: 'acc_copyin', var: 'a(3:8)' },
        { op: 'acc_copyin', var: 'a(4:5)' },
        { op: 'acc_deviceptr', var: 'a(5:5)' },
        { op: 'acc_deviceptr', var: 'b' },
        { op: 'acc_copyout', var: 'a(3:8)' },
        { op: 'acc_copyout', var: 'a(3:8)' },
      ]),
      'spec',
    );
    expect(r.observations.slice(0, 4)).toEqual([
      { kind: 'value', value: { block: 1, offset: 0 } },
      { kind: 'value', value: { block: 1, offset: 4 } },
      { kind: 'value', value: { block: 1, offset: 8 } },
      { kind: 'value', value: null },
    ]);
    expect(r.snapshots[1]!.sections).toEqual([{ host: [A + 8, A + 32], block: 1, src: 0, drc: 2 }]);
    expect(r.snapshots[5]!.sections).toEqual([]);
  });
});

describe('knobs', () => {
  it('K-A2: attach of a pointer whose target is absent', () => {
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }, { clause: 'attach', vars: ['c%p'] }] },
    ];
    const spec = run(prog(steps), withKnobs({ 'K-A2': 'noop' }));
    expect(spec.observations[1]).toEqual(ok);
    expect(spec.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }]);
    const abort = run(prog(steps), withKnobs({ 'K-A2': 'error' }));
    expect(abort.observations[1]).toMatchObject({ kind: 'error', code: 'fatal_attach_absent' });
  });

  it('K-A3: attach of a null pointer', () => {
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_attach', ptr: 'c%p' },
    ];
    const counted = run(prog(steps), withKnobs({ 'K-A3': 'null-and-count' }));
    expect(counted.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 1, device: null }]);
    const kept = run(prog(steps), withKnobs({ 'K-A3': 'null-keep-count' }));
    expect(kept.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 0, device: null }]);
    const abort = run(prog(steps), withKnobs({ 'K-A3': 'error' }));
    expect(abort.observations[1]).toMatchObject({ kind: 'error', code: 'fatal_attach_null' });
  });

  it('K-A5: data routines and acc_is_present on a null pointer', () => {
    const steps: Step[] = [
      { op: 'acc_is_present', var: 'c%p' },
      { op: 'acc_delete', var: 'c%p' },
      { op: 'acc_copyin', var: 'c%p' },
    ];
    const noop = run(prog(steps), withKnobs({ 'K-A5': 'noop' }));
    expect(noop.observations).toEqual([{ kind: 'value', value: true }, ok, { kind: 'value', value: null }]);
    const abort = run(prog(steps), withKnobs({ 'K-A5': 'error' }));
    expect(abort.observations[0]).toEqual({ kind: 'value', value: false });
    expect(abort.observations[1]).toMatchObject({ kind: 'error', code: 'fatal_null_routine' });
  });

  it('K-A6: acc_delete of absent data', () => {
    const steps: Step[] = [{ op: 'acc_delete', var: 'a' }];
    expect(run(prog(steps), withKnobs({ 'K-A6': 'noop' })).observations[0]).toEqual(ok);
    expect(run(prog(steps), withKnobs({ 'K-A6': 'error' })).observations[0]).toMatchObject({
      kind: 'error',
      code: 'acc_error_not_present',
    });
  });

  it('K-A9: acc_detach of a never-attached pointer', () => {
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_detach', ptr: 'c%p' },
    ];
    const hostValue = { space: 'host', addr: B, count: 10 };
    expect(run(prog(steps), withKnobs({ 'K-A9': 'noop' })).snapshots[2]!.attachments).toEqual([
      { ptr: C, ac: 0, device: hostValue },
    ]);
    expect(run(prog(steps), withKnobs({ 'K-A9': 'decrement' })).snapshots[2]!.attachments).toEqual([
      { ptr: C, ac: -1, device: hostValue },
    ]);
    expect(run(prog(steps), withKnobs({ 'K-A9': 'error' })).observations[2]).toMatchObject({
      kind: 'error',
      code: 'fatal_detach_at_zero',
    });
  });

  it('K-A9: acc_detach of a pointer whose struct is not present', () => {
    const steps: Step[] = [{ op: 'acc_detach', ptr: 'c%p' }];
    expect(run(prog(steps), withKnobs({ 'K-A9': 'noop' })).observations[0]).toEqual(ok);
    expect(run(prog(steps), withKnobs({ 'K-A9': 'decrement' })).observations[0]).toEqual(ok);
    // libgomp: "struct not mapped for detach".
    expect(run(prog(steps), withKnobs({ 'K-A9': 'error' })).observations[0]).toMatchObject({
      kind: 'error',
      code: 'fatal_detach_at_zero',
    });
  });

  it('K-A10: the delete clause on a pointer reference detaches once or twice', () => {
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }, { clause: 'attach', vars: ['c%p'] }] },
      { op: 'acc_attach', ptr: 'c%p' },
      { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
    ];
    const once = run(prog(steps), withKnobs({ 'K-A10': 'once' }));
    expect(once.snapshots[3]).toEqual({
      sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
      attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }],
      ompEntries: [],
      ompPointers: [],
    });
    const twice = run(prog(steps), withKnobs({ 'K-A10': 'twice' }));
    expect(twice.snapshots[3]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }]);
  });

  it('K-A13: no_create on partly present data', () => {
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [{ clause: 'create', vars: ['a(1:3)'] }] },
      { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['a'] }] },
    ];
    const absent = run(prog(steps), withKnobs({ 'K-A13': 'absent' }));
    expect(absent.observations[1]).toEqual(ok);
    expect(absent.snapshots[1]).toEqual(absent.snapshots[0]);
    const abort = run(prog(steps), withKnobs({ 'K-A13': 'error' }));
    expect(abort.observations[1]).toMatchObject({ kind: 'error', code: 'acc_error_partly_present' });
  });

  it('K-A16: acc_is_present with zero bytes', () => {
    const steps: Step[] = [
      { op: 'acc_copyin', var: 'a(1:5)' },
      { op: 'acc_is_present', var: 'a(1:1)', bytes: 0 },
      { op: 'acc_is_present', var: 'a(6:6)', bytes: 0 },
      { op: 'acc_is_present', var: 'a(5:6)' },
    ];
    const answers = (knobs: Partial<KnobValues>) =>
      run(prog(steps), withKnobs(knobs)).observations.slice(1).map((o) => (o.kind === 'value' ? o.value : o.kind));
    expect(answers({ 'K-A16': 'one-byte' })).toEqual([true, false, false]);
    expect(answers({ 'K-A16': 'present-at-all' })).toEqual([true, true, false]);
    expect(answers({ 'K-A16': 'false' })).toEqual([false, false, false]);
  });
});

describe('the halted program', () => {
  it('changes nothing after an error', () => {
    const r = run(
      prog([
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }] },
        { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
      ]),
      'spec',
    );
    expect(r.observations[2]).toEqual({ kind: 'halted' });
    expect(r.rules[2]).toEqual([]);
    expect(last(r.snapshots)).toEqual(r.snapshots[0]);
  });
});
