// Scalar variables (lang/README.md "Scalar variables"): model and impl must agree step by step on
// observations and state, under every built-in profile of the program's API, on generated programs
// with a scalar spliced in (properties/scalars.ts). The reach check counts the kernels that ran on
// a private copy and those that ran on the copy a visible clause made.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstprivateKernels } from '../lang/firstprivate.js';
import { agreeUnderEveryProfile } from './test-support.js';
import { SCALAR as S, scalarScenarioArb } from './scalars.js';

describe('scalar variables in generated programs', () => {
  it('model and impl agree with a scalar that kernels use named, unnamed (firstprivate), in a visible data clause and declared target (every profile)', () => {
    const reached = { accPrivate: 0, ompPrivate: 0, accVisible: 0, ompDeclared: 0, named: 0 };
    fc.assert(
      fc.property(scalarScenarioArb, ({ program, omp }) => {
        const observations = agreeUnderEveryProfile(program);
        const privates = firstprivateKernels(program);
        program.steps.forEach((s, i) => {
          if ((s.op !== 'acc_parallel' && s.op !== 'omp_target') || !('write' in s.body || 'read' in s.body)) return;
          if (('write' in s.body ? s.body.write : s.body.read) !== S || !['ok', 'read'].includes(observations[i]!.kind)) return;
          const named = s.op === 'acc_parallel' ? s.clauses.length > 0 : s.maps.length > 0;
          if (privates.has(i)) reached[omp ? 'ompPrivate' : 'accPrivate']++;
          else if (named) reached.named++;
          else reached[omp ? 'ompDeclared' : 'accVisible']++;
        });
      }),
      { seed: 20261206, numRuns: 150 },
    );
    // seed 20261206: 26 OpenACC and 39 OpenMP kernels on a private copy, 24 on a visible clause's copy, 15 OpenMP ones on a declare target scalar's storage, 50 named
    expect(reached.accPrivate, JSON.stringify(reached)).toBeGreaterThan(15);
    expect(reached.ompPrivate, JSON.stringify(reached)).toBeGreaterThan(25);
    expect(reached.ompDeclared, JSON.stringify(reached)).toBeGreaterThan(8);
    expect(reached.accVisible, JSON.stringify(reached)).toBeGreaterThan(20);
    expect(reached.named, JSON.stringify(reached)).toBeGreaterThan(30);
  });
});
