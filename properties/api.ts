// Which offloading API a campaign generates programs for. A program never mixes the two (the
// language forbids it), so `both` lets the generator pick, per program, an OpenACC program
// (arbitraries.ts) or an OpenMP one (arbitraries-omp.ts), evenly.

import fc from 'fast-check';
import type { Program } from '../lang/program.js';
import { programArb, type ProgramArbOptions } from './arbitraries.js';
import { ompProgramArb } from './arbitraries-omp.js';
import type { ApiChoice } from './api-choice.js';

export { APIS, DEFAULT_API, type ApiChoice } from './api-choice.js';

/** Programs of one API, or of either (chosen by the generator) for `both`. */
export function programArbFor(api: ApiChoice, opts: ProgramArbOptions = {}): fc.Arbitrary<Program> {
  switch (api) {
    case 'openacc':
      return programArb(opts);
    case 'openmp':
      return ompProgramArb(opts);
    case 'both':
      return fc.oneof(programArb(opts), ompProgramArb(opts));
  }
}
