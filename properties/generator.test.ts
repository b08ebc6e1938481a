// Laws of the program generator: what it emits is a valid, balanced version-1 program over the fixed
// pool world; the same seed gives the same programs; and every candidate fast-check's shrinker
// produces from it is valid too (so a shrunk counterexample is always a loadable program).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STEP_OPS, validateProgram } from '../lang/validate.js';
import type { Program, Step } from '../lang/program.js';
import { greedyShrink } from './shrink.js';
import { DEFAULT_MAX_STEPS, POOL_WORLD, balanceRegions, programArb, regionsBalanced } from './arbitraries.js';

function validationProblem(p: Program): string | null {
  const r = validateProgram(JSON.parse(JSON.stringify(p)));
  if (r.ok) return null;
  return `step ${r.step === undefined ? '-' : r.step + 1} field ${r.field}: ${r.message}`;
}

describe('program generator', () => {
  it('emits valid, balanced programs over the fixed pool world', () => {
    fc.assert(
      fc.property(programArb(), (p) => {
        expect(validationProblem(p)).toBeNull();
        expect(regionsBalanced(p.steps)).toBe(true);
        expect(p.world).toEqual(POOL_WORLD);
        expect(p.version).toBe(1);
        // the raw list has at most maxSteps steps; closing open regions can add as many ends as begins
        const begins = p.steps.filter((s) => s.op === 'acc_data_begin').length;
        expect(p.steps.length).toBeLessThanOrEqual(DEFAULT_MAX_STEPS + begins);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('honours maxSteps', () => {
    for (const p of fc.sample(programArb({ maxSteps: 5 }), { seed: 3, numRuns: 300 })) {
      const begins = p.steps.filter((s) => s.op === 'acc_data_begin').length;
      expect(p.steps.length).toBeLessThanOrEqual(5 + begins);
    }
  });

  it('reaches every op of the language', () => {
    const ops = new Set(fc.sample(programArb(), { seed: 11, numRuns: 300 }).flatMap((p) => p.steps.map((s) => s.op)));
    expect([...ops].sort()).toEqual([...STEP_OPS].sort());
  });

  it('is deterministic: the same seed gives the same programs, another seed other programs', () => {
    const first = fc.sample(programArb(), { seed: 42, numRuns: 200 });
    const again = fc.sample(programArb(), { seed: 42, numRuns: 200 });
    const other = fc.sample(programArb(), { seed: 43, numRuns: 200 });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('keeps every shrink candidate valid and balanced, and shrinks to the minimal program', () => {
    // A deliberately failing property: "no program holds a data region and an attach clause".
    // fast-check then walks the shrink tree; every candidate it tries must still be a valid program.
    let candidates = 0;
    const bad: string[] = [];
    const hasRegionWithAttach = (p: Program) =>
      p.steps.some((s) => s.op === 'acc_data_begin' && s.clauses.some((c) => c.clause === 'attach'));
    const details = fc.check(
      fc.property(programArb(), (p) => {
        candidates++;
        const problem = validationProblem(p) ?? (regionsBalanced(p.steps) ? null : 'unbalanced regions');
        if (problem && bad.length < 5) bad.push(problem);
        return !hasRegionWithAttach(p);
      }),
      { seed: 5, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    expect(bad).toEqual([]);
    expect(candidates).toBeGreaterThan(details.numRuns);
    // fast-check alone gets close; the campaign's greedy pass then reaches the region and its end
    const [shrunk] = details.counterexample!;
    expect(shrunk.steps.length).toBeLessThanOrEqual(4);
    const minimal = greedyShrink(shrunk, hasRegionWithAttach);
    expect(validationProblem(minimal)).toBeNull();
    expect(minimal.steps.map((s) => s.op)).toEqual(['acc_data_begin', 'acc_data_end']);
    expect(minimal.steps[0]).toMatchObject({ clauses: [{ clause: 'attach' }] });
  });

  it('balanceRegions drops unmatched ends and closes open regions', () => {
    const begin: Step = { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] };
    const end: Step = { op: 'acc_data_end' };
    const read: Step = { op: 'host_read', var: 'a' };
    expect(balanceRegions([end, read, begin, read])).toEqual([read, begin, read, end]);
    expect(balanceRegions([begin, begin, end])).toEqual([begin, begin, end, end]);
    expect(regionsBalanced([end, begin])).toBe(false);
    expect(regionsBalanced([begin, read, end])).toBe(true);
  });
});
