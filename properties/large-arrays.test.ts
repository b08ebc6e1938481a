// Arrays of up to MAX_ARRAY_LENGTH elements (lang/program.ts). The campaigns' generators draw arrays
// of 8 to 10 elements; this property widens every rank-1 array of a generated program to hundreds or
// thousands of elements (its references all lie in the first elements, so they stay valid and a
// whole-array reference now covers the new ones) and asks model and impl to agree step by step on
// observations and state, under spec and under gcc-12. The reach check: reads of more than 64
// elements happen, and some of them hold different values along the array (a ramp, or a copy that
// moved only part of it), so element positions past 64 are compared too.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ARRAY_LENGTH, type Program } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { programArbFor } from './api.js';
import { firstDivergence, runTrace } from './compare.js';

/** The program with each rank-1 array `extra` elements longer (initial values padded with 0). */
function widen(program: Program, extra: number): Program {
  const arrays = program.world.arrays.map((a) => {
    if (a.shape !== undefined) return a;
    const length = Math.min(MAX_ARRAY_LENGTH, a.length + extra);
    return { ...a, length, ...(Array.isArray(a.init) ? { init: [...a.init, ...Array<number>(length - a.length).fill(0)] } : {}) };
  });
  return { ...program, world: { ...program.world, arrays } };
}

describe('arrays of thousands of elements', () => {
  it('model and impl agree on programs whose arrays are widened to 200..4096 elements (observations and state, spec and gcc-12)', () => {
    let programs = 0;
    let longReads = 0;
    let longMixed = 0;
    for (const profile of [loadProfile('spec'), loadProfile('gcc-12')]) {
      fc.assert(
        fc.property(programArbFor('both'), fc.integer({ min: 192, max: MAX_ARRAY_LENGTH - 8 }), (generated, extra) => {
          const program = widen(generated, extra);
          const checked = validateProgram(program);
          expect(checked.ok ? 'valid' : JSON.stringify(checked)).toBe('valid');
          expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state')).toBeNull();
          programs++;
          const observations = runTrace(program, { engine: 'impl', profile }, false).observations;
          for (const o of observations) {
            if (o.kind !== 'read' || o.values.length <= 64) continue;
            longReads++;
            if (o.values.some((v, k) => k > 0 && v !== null && o.values[k - 1] !== null && v !== o.values[k - 1])) longMixed++;
          }
        }),
        { seed: 20261205, numRuns: 150 },
      );
    }
    expect(programs).toBe(300);
    expect(longReads).toBeGreaterThan(20);
    expect(longMixed).toBeGreaterThan(0);
  });
});
