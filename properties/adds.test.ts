// Writes that add to what the elements hold (`a(i) = a(i) + 1`, lang/program.ts WriteBody `add`).
// The campaigns' generators write values; this property turns every other write of a generated
// program (kernel bodies and host writes) into an add of the same values and asks model and impl to
// agree step by step on observations and state, under spec and under gcc-12. The reach check: adds
// run, in kernels and on the host. (An add over indeterminate device memory and a sum past a C int
// are rows of conformance/acc/2.5.1-parallel-construct.ts.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Program, Step } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { programArbFor } from './api.js';
import { firstDivergence, runTrace } from './compare.js';

/** The program with the writes whose position (counted among the writes) has parity `parity` made adds. */
function withAdds(program: Program, parity: 0 | 1): Program {
  let k = 0;
  const steps = program.steps.map((s): Step => {
    if (s.op === 'host_write') return k++ % 2 === parity ? { ...s, add: true } : s;
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && 'write' in s.body) return k++ % 2 === parity ? { ...s, body: { ...s.body, add: true } } : s;
    return s;
  });
  return { ...program, steps };
}

describe('writes that add to the elements', () => {
  it('model and impl agree on generated programs whose writes add (observations and state, spec and gcc-12)', () => {
    let adds = 0;
    let kernelAdds = 0;
    for (const profile of [loadProfile('spec'), loadProfile('gcc-12')]) {
      fc.assert(
        fc.property(programArbFor('both'), fc.constantFrom<0 | 1>(0, 1), (generated, parity) => {
          const program = withAdds(generated, parity);
          const checked = validateProgram(program);
          expect(checked.ok ? 'valid' : JSON.stringify(checked)).toBe('valid');
          expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state')).toBeNull();
          const observations = runTrace(program, { engine: 'model', profile }, false).observations;
          program.steps.forEach((s, i) => {
            const body = s.op === 'acc_parallel' || s.op === 'omp_target' ? s.body : null;
            const isAdd = (s.op === 'host_write' && s.add) || (body !== null && 'write' in body && body.add);
            if (!isAdd || observations[i]!.kind !== 'ok') return;
            adds++;
            if (body !== null) kernelAdds++;
          });
        }),
        { seed: 20261205, numRuns: 300 },
      );
    }
    // seed 20261205: 51 adds ran, 34 of them in kernels
    expect(adds).toBeGreaterThan(30);
    expect(kernelAdds).toBeGreaterThan(15);
    expect(adds - kernelAdds).toBeGreaterThan(5);
  });
});
