// The Fortran and C that `mapcheck emit` writes for generated programs, read back by the front
// ends: a large supply of real, compilable programs in the seed study's style. Each either reads as
// a program that validates and runs on the model and the impl alike (states and observations, step by step), or is
// refused with a SourceError naming a line of the file, never anything else. What is refused is
// what the front end leaves out on purpose (device memory routines, host_data, procedures, kernels
// that read a pointer's value); the witness counts below keep the property from passing by
// refusing everything.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitProgram } from '../../cli/emit.js';
import { loadProfile } from '../../profiles/index.js';
import { programArbFor } from '../../properties/api.js';
import { firstDivergence } from '../../properties/compare.js';
import { validateProgram } from '../validate.js';
import { SourceError } from './directives.js';
import { importC } from './c.js';
import { importFortran } from './fortran.js';

const spec = loadProfile('spec');

const FRONT_ENDS = { fortran: importFortran, c: importC } as const;

describe.each([
  ['fortran', 'openacc', 250, 90],
  ['fortran', 'openmp', 250, 25],
  ['c', 'openacc', 250, 120],
  ['c', 'openmp', 250, 60],
] as const)('%s: %s programs as emit writes them', (lang, api, runs, atLeast) => {
  it(`read back as valid programs that model and impl run alike, or are refused on a line (at least ${atLeast} of ${runs} read)`, () => {
    const programs = fc.sample(programArbFor(api), { seed: 20261205, numRuns: runs });
    let read = 0;
    for (const program of programs) {
      let text: string;
      try {
        text = emitProgram(program, { lang });
      } catch {
        continue; // a program emit cannot write (counted by emit's own tests)
      }
      let imported;
      try {
        imported = FRONT_ENDS[lang](text);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.line).toBeLessThanOrEqual(text.split('\n').length);
        continue;
      }
      const v = validateProgram(imported.program);
      expect(v.ok, text).toBe(true);
      if (!v.ok) continue;
      read++;
      expect(firstDivergence(v.program, { engine: 'model', profile: spec }, { engine: 'impl', profile: spec }, 'state')).toBeNull();
    }
    expect(read).toBeGreaterThanOrEqual(atLeast);
  });
});
