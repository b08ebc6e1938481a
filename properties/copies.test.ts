// Copy kernels (lang/README.md "Copy kernels"): model and impl must agree step by step on
// observations and state, under every built-in profile, on generated programs with copies between
// added arrays, a scalar and a generated array spliced in (properties/copies.ts). The reach check
// counts the copies that ran with the variable they read named by the construct, unnamed (its
// implicit data attribute) and a firstprivate scalar, in each API, and the host copies.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRef } from '../lang/program.js';
import { agreeUnderEveryProfile, namedBy } from './test-support.js';
import { copyScenarioArb } from './copies.js';

describe('copy kernels in generated programs', () => {
  it('model and impl agree on copies whose read variable is named, implicit or an unnamed scalar (every profile)', () => {
    const reached = { accNamed: 0, accImplicit: 0, accScalar: 0, ompNamed: 0, ompImplicit: 0, ompScalar: 0, host: 0 };
    let undefinedCopies = 0;
    fc.assert(
      fc.property(copyScenarioArb, ({ program, omp }) => {
        const observations = agreeUnderEveryProfile(program);
        program.steps.forEach((s, i) => {
          const o = observations[i]!;
          if (s.op === 'host_write' && s.from !== undefined && o.kind === 'ok') reached.host++;
          if ((s.op !== 'acc_parallel' && s.op !== 'omp_target') || !('write' in s.body) || s.body.from === undefined) return;
          if (o.kind === 'undefined') undefinedCopies++;
          if (o.kind !== 'ok') return;
          const from = parseRef(program.world, s.body.from);
          const root = from.kind === 'member' ? from.struct : from.name;
          // an unnamed scalar is firstprivate, or (OpenACC) in an enclosing data region's clause
          const key = namedBy(s).includes(root) ? 'Named' : from.kind === 'array' && from.scalar ? 'Scalar' : 'Implicit';
          reached[`${omp ? 'omp' : 'acc'}${key}`]++;
        });
      }),
      { seed: 20261207, numRuns: 120 },
    );
    // seed 20261207: 7 / 17 / 8 OpenACC copies reading a named, implicit and unnamed scalar
    // variable, 21 / 29 / 11 OpenMP ones, 33 host copies; 6 copies undefined (a variable not present)
    for (const [k, n] of Object.entries(reached)) expect(n, `${k}: ${JSON.stringify(reached)}`).toBeGreaterThan(4);
    expect(undefinedCopies).toBeGreaterThan(0);
  });
});
