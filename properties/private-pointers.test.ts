// A plain pointer that a compute construct names only through a section of its target: model and
// impl must agree step by step, state included, under every built-in profile and GCC's C profiles
// (K-A1p pointer-only), on generated programs with such kernels spliced in (properties/
// private-pointers.ts). The reach check counts the constructs that ran with the kernel's private
// pointer in each API, those that read values, and those that stopped undefined (elements outside
// the storage found through the section, or a host address on the device).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kernelPrivatePointers } from '../lang/plain-pointers.js';
import { loadProfile } from '../profiles/index.js';
import { firstDivergence } from './compare.js';
import { privatePointerScenarioArb } from './private-pointers.js';
import { agreeUnderEveryProfile } from './test-support.js';

const C_PROFILES = ['profiles/libgomp-c.json', 'profiles/gcc-12-c.json'].map((f) => loadProfile(f));

describe('a plain pointer named only through a section of its target, in generated programs', () => {
  it('model and impl agree (every built-in profile and the C profiles)', () => {
    const reached = { accRan: 0, accRead: 0, accUndefined: 0, ompRan: 0, ompRead: 0, ompUndefined: 0 };
    fc.assert(
      fc.property(privatePointerScenarioArb, ({ program, omp }) => {
        const observations = agreeUnderEveryProfile(program);
        for (const profile of C_PROFILES) expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state'), profile.name).toBeNull();
        const api = omp ? 'omp' : 'acc';
        program.steps.forEach((s, i) => {
          if (kernelPrivatePointers(program.world, s).length === 0) return;
          const o = observations[i]!;
          if (o.kind === 'ok' || o.kind === 'read') reached[`${api}Ran`]++;
          if (o.kind === 'read') reached[`${api}Read`]++;
          if (o.kind === 'undefined') reached[`${api}Undefined`]++;
        });
      }),
      { seed: 20261205, numRuns: 200 },
    );
    console.log(`private plain pointers (seed 20261205, 200 programs): ${JSON.stringify(reached)}`);
    for (const [k, n] of Object.entries(reached)) expect(n, `${k}: ${JSON.stringify(reached)}`).toBeGreaterThan(4);
  });
});
