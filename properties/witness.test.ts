// Witness tests: the campaign's programs reach the states that matter, and the refinement
// comparison can fail. A green refinement campaign means something only if both hold.
//
// The programs here are exactly the ones the default campaign generates: same generator, same
// seed, same budget, same fast-check parameters.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Program } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { programArb, regionsBalanced } from './arbitraries.js';
import { campaignBudgetFromEnv, campaignParameters, renderProgram, runCampaign } from './campaign.js';
import { firstDivergence, type Side } from './compare.js';
import { simplifications } from './shrink.js';
import { validateProgram } from '../lang/validate.js';
import { WITNESS_IDS, WITNESSES, detectWitnesses, modelWitnessTrace, type WitnessId } from './witness.js';

const budget = campaignBudgetFromEnv();
const spec = loadProfile('spec');

describe('witnesses: the default campaign reaches the interesting states', () => {
  it('every witness is hit at least once (model under spec)', () => {
    const programsHitting = Object.fromEntries(WITNESS_IDS.map((w) => [w, 0])) as Record<WitnessId, number>;
    const firstExample: Partial<Record<WitnessId, Program>> = {};
    let programs = 0;
    let endedUndefined = 0;
    let endedError = 0;
    let modelThrew = 0;
    const property = fc.property(programArb({ maxSteps: budget.maxSteps }), (program) => {
      programs++;
      let trace;
      try {
        trace = modelWitnessTrace(program, spec);
      } catch {
        // a model bug: invariants.test.ts reports it with a minimal program; here it only costs reach
        modelThrew++;
        return true;
      }
      const reached = new Set(detectWitnesses(program, trace).flatMap((s) => [...s]));
      for (const w of reached) {
        programsHitting[w]++;
        firstExample[w] ??= program;
      }
      if (trace.observations.some((o) => o.kind === 'undefined')) endedUndefined++;
      else if (trace.observations.some((o) => o.kind === 'error')) endedError++;
      return true;
    });
    fc.assert(property, campaignParameters(budget.seed, budget.runs, budget.timeMs));

    const lines = WITNESS_IDS.map((w) => `  ${w} ${String(programsHitting[w]).padStart(5)} / ${programs}  ${WITNESSES[w]}`);
    console.log(
      `witness hits (programs reaching each state, seed ${budget.seed}):\n${lines.join('\n')}\n` +
        `  programs ending in undefined behaviour: ${endedUndefined}, in an error: ${endedError}; the model threw on ${modelThrew}`,
    );
    for (const w of WITNESS_IDS) {
      expect(programsHitting[w], `witness ${w} (${WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    }
    // Undefined behaviour ends the comparison early; it must stay the exception.
    expect(endedUndefined / programs).toBeLessThan(0.5);
  });

  it('detectors recognise the two seed programs of seeds/000 (re-attach, never-attached detach)', () => {
    const world = {
      arrays: [
        { name: 'a', length: 10, init: 1 },
        { name: 'b', length: 10, init: 2 },
      ],
      structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
    };
    const reattach: Program = {
      version: 1,
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
      ],
    };
    const hits = detectWitnesses(reattach, modelWitnessTrace(reattach, spec));
    expect([...hits[3]!]).toContain('w2');
    expect([...hits[4]!]).toContain('w6');
    expect(hits.slice(0, 3).some((s) => s.has('w2'))).toBe(false);

    const spuriousDetach: Program = {
      version: 1,
      world: { ...world, structs: [{ name: 'c', pointers: ['p'] }] },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c%p'] }] },
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
      ],
    };
    const hits2 = detectWitnesses(spuriousDetach, modelWitnessTrace(spuriousDetach, spec));
    expect([...hits2[1]!]).toEqual(['w3']);
    expect(hits2.some((s, i) => i !== 1 && s.has('w3'))).toBe(false);
  });
});

describe('vacuity: the refinement comparison can fail', () => {
  const cases: [string, Side, Side][] = [
    ['model:spec vs model:cray-19', { engine: 'model', profile: spec }, { engine: 'model', profile: loadProfile('cray-19') }],
    ['impl:spec vs impl:libgomp', { engine: 'impl', profile: spec }, { engine: 'impl', profile: loadProfile('libgomp') }],
  ];
  for (const [label, a, b] of cases) {
    it(`${label} diverge within the default budget, shrunk to a 1-minimal valid program`, () => {
      const result = runCampaign({ a, b, compare: 'state', ...budget });
      expect(result.found, `no divergence in ${result.runs} programs`).not.toBeNull();
      const { program, divergence, originalLength } = result.found!;
      console.log(
        `vacuity [${label}]: divergence after ${result.runs} programs, shrunk ${originalLength} → ${program.steps.length} steps ` +
          `(${divergence.kind} at step ${divergence.step + 1}):\n${renderProgram(program)}`,
      );
      expect(validateProgram(JSON.parse(JSON.stringify(program))).ok).toBe(true);
      expect(regionsBalanced(program.steps)).toBe(true);
      expect(program.steps.length).toBeLessThanOrEqual(originalLength);
      // 1-minimal: no single simplification still diverges
      for (const smaller of simplifications(program)) expect(firstDivergence(smaller, a, b, 'state')).toBeNull();
    });
  }

  it('a campaign is deterministic: same seed and run count, same runs and same minimal program', () => {
    const [, a, b] = cases[0]!;
    const run = () => runCampaign({ a, b, compare: 'state', seed: budget.seed, runs: budget.runs ?? 1000 });
    const first = run();
    const again = run();
    expect(first.found).not.toBeNull();
    expect(again.runs).toBe(first.runs);
    expect(again.found!.program).toEqual(first.found!.program);
    expect(again.found!.originalLength).toBe(first.found!.originalLength);
  });
});
