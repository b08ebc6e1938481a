// Model unit tests for what has no program form: purity of `step` and the rules a step reports.
// The scenarios themselves (observations and states per profile) are conformance rows, run on
// both engines: conformance/acc/*.ts.

import { describe, expect, it } from 'vitest';
import type { Program } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import { REATTACH_SEED } from '../conformance/acc/2.7.2-attach-action.js';
import { ACC_WORLD } from '../conformance/worlds.js';
import { initialState, snapshot, step } from './index.js';
import { checkChangedInvariants, type ModelState } from './state.js';
import { produce } from './immer.js';
import { vecGet } from './vec.js';

const REATTACH: Program = { world: ACC_WORLD, steps: REATTACH_SEED };

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

describe('rules a step reports', () => {
  it('the seed re-attach program: the actions of each clause in order, nothing for a host step', () => {
    const { rules } = runTrace(REATTACH, { engine: 'model', profile: loadProfile('spec') }, false);
    expect(rules[2]).toEqual([
      'OpenACC 3.3 §2.6.6 Enter Data Directive',
      // copyin(a) attach(c%p): the attach follows the data var at once (apart under the text)
      'OpenACC 3.3 §2.6.6 Enter Data Directive (a data clause var an attach clause var follows at once, K-A75)',
      'OpenACC 3.3 §2.7.7 copyin clause',
      'OpenACC 3.3 §2.7.2 Copyin Action',
      'OpenACC 3.3 §2.7.12 attach clause',
      'OpenACC 3.3 §2.7.2 Attach Action',
    ]);
    expect(rules[0]).toEqual([]);
    expect(rules[5]).toContain('OpenACC 3.3 §2.5.1 Parallel Construct');
    expect(rules[5]).toContain('OpenACC 3.3 §2.7.2 Present Increment Action');
  });

  it('a halted step reports no rule', () => {
    const program: Program = {
      world: ACC_WORLD,
      steps: [
        { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
      ],
    };
    const { observations, rules } = runTrace(program, { engine: 'model', profile: loadProfile('spec') }, false);
    expect(observations[1]).toEqual({ kind: 'halted' });
    expect(rules[1]).toEqual([]);
  });
});

describe('invariant checks of the changed objects (MAPCHECK_MODEL_CHECKS=changed)', () => {
  it('pass on every step of the re-attach program and find a section whose counters both fell to zero', () => {
    const spec = loadProfile('spec');
    let state = initialState(REATTACH, spec);
    for (const s of REATTACH.steps) {
      const next = step(state, s, spec).state;
      expect(() => checkChangedInvariants(state, next)).not.toThrow();
      state = next;
    }
    // the same state with the one section's dynamic counter at 0 (it has no structured one)
    const section = snapshot(state).sections[0]!;
    expect([section.src, section.drc]).toEqual([0, 1]);
    const broken = produce(state, (draft) => {
      const d = draft as ModelState;
      for (let i = 0; i < d.sections.length; i++) for (const x of vecGet(d.sections, i)) x.drc = 0;
    });
    expect(() => checkChangedInvariants(state, broken)).toThrow(/both counters zero/);
  });
});
