// Kernels of several statements (lang/README.md "Kernels of several statements"): model and impl
// must agree step by step on observations and state, under every built-in profile, on generated
// programs with blocks over added arrays, a scalar, a struct's allocatable components and a generated
// array spliced in (properties/blocks.ts). The reach check counts the blocks that ran in each API
// through a member of k, with a copy statement, with a variable no clause or map names, and those
// whose kernel stopped undefined.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kernelStatements } from '../lang/program.js';
import { rootVariable } from '../lang/directive-vars.js';
import { BLOCK_STRUCT, blockScenarioArb } from './blocks.js';
import { agreeUnderEveryProfile, namedBy } from './test-support.js';

describe('kernels of several statements in generated programs', () => {
  it('model and impl agree on blocks through members, with copies and implicit variables (every profile)', () => {
    const reached = { accMember: 0, accCopy: 0, accImplicit: 0, accUndefined: 0, ompMember: 0, ompCopy: 0, ompImplicit: 0, ompUndefined: 0 };
    fc.assert(
      fc.property(blockScenarioArb, ({ program, omp }) => {
        const observations = agreeUnderEveryProfile(program);
        const api = omp ? 'omp' : 'acc';
        program.steps.forEach((s, i) => {
          if ((s.op !== 'acc_parallel' && s.op !== 'omp_target') || !('writes' in s.body)) return;
          const o = observations[i]!;
          if (o.kind === 'undefined') reached[`${api}Undefined`]++;
          if (o.kind !== 'ok') return;
          const statements = kernelStatements(s.body).filter((b) => 'write' in b);
          const refs = statements.flatMap((b) => [b.write, ...(b.from === undefined ? [] : [b.from])]);
          if (refs.some((r) => r.startsWith(`${BLOCK_STRUCT}%`))) reached[`${api}Member`]++;
          if (statements.some((b) => b.from !== undefined)) reached[`${api}Copy`]++;
          if (refs.some((r) => !namedBy(s).includes(rootVariable(r)))) reached[`${api}Implicit`]++;
        });
      }),
      { seed: 20261210, numRuns: 300 },
    );
    // seed 20261210: OpenACC 12 blocks through k's components, 39 with a copy, 44 with an unnamed
    // variable, 32 undefined; OpenMP 65, 114, 125, 33
    for (const [k, n] of Object.entries(reached)) expect(n, `${k}: ${JSON.stringify(reached)}`).toBeGreaterThan(4);
  });
});
