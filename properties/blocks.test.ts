// Kernels of several statements (lang/README.md "Kernels of several statements"): model and impl
// must agree step by step on observations and state, under every built-in profile, on generated
// programs with blocks over added arrays, a scalar, a struct's allocatable components and a generated
// array spliced in (properties/blocks.ts). The reach check counts the blocks that ran in each API
// through a member of k, with a copy statement, with a variable no clause or map names, and those
// whose kernel stopped undefined.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kernelStatements, type Step } from '../lang/program.js';
import { rootVariable } from '../lang/directive-vars.js';
import { validateProgram } from '../lang/validate.js';
import { builtinProfileNames, loadProfile } from '../profiles/index.js';
import { BLOCK_STRUCT, blockScenarioArb } from './blocks.js';
import { firstDivergence, runTrace } from './compare.js';

/** The variables a construct's clauses or maps name. */
function named(step: Step): string[] {
  if (step.op === 'acc_parallel') return step.clauses.flatMap((c) => c.vars);
  if (step.op === 'omp_target') return step.maps.flatMap((m) => m.vars);
  return [];
}

describe('kernels of several statements in generated programs', () => {
  it('model and impl agree on blocks through members, with copies and implicit variables (every profile)', () => {
    const reached = { accMember: 0, accCopy: 0, accImplicit: 0, accUndefined: 0, ompMember: 0, ompCopy: 0, ompImplicit: 0, ompUndefined: 0 };
    fc.assert(
      fc.property(blockScenarioArb, ({ program, omp }) => {
        const checked = validateProgram(program);
        expect(checked.ok ? 'valid' : JSON.stringify(checked)).toBe('valid');
        for (const name of builtinProfileNames()) {
          const profile = loadProfile(name);
          expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state'), `profile ${name}`).toBeNull();
        }
        const observations = runTrace(program, { engine: 'model', profile: loadProfile('spec') }, false).observations;
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
          if (refs.some((r) => !named(s).includes(rootVariable(r)))) reached[`${api}Implicit`]++;
        });
      }),
      { seed: 20261210, numRuns: 300 },
    );
    // seed 20261210: OpenACC 12 blocks through k's components, 39 with a copy, 44 with an unnamed
    // variable, 32 undefined; OpenMP 65, 114, 125, 33
    for (const [k, n] of Object.entries(reached)) expect(n, `${k}: ${JSON.stringify(reached)}`).toBeGreaterThan(4);
  });
});
