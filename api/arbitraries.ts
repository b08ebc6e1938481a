// Library entry `mapcheck/arbitraries`: fast-check arbitraries of valid programs, for a user's own
// property tests (`test.prop([programArb()])(…)` with @fast-check/vitest).

import type fc from 'fast-check';
import type { Program } from '../lang/program.js';
import { DEFAULT_API, type ApiChoice } from '../properties/api.js';
import { programArbFor } from '../properties/api.js';
import { DEFAULT_MAX_STEPS } from '../properties/arbitraries.js';

export { APIS, type ApiChoice } from '../properties/api.js';
export { DEFAULT_MAX_STEPS } from '../properties/arbitraries.js';

export interface ProgramArbitraryOptions {
  /** `openacc`, `openmp` or `both` (each program one or the other; the default). */
  api?: ApiChoice;
  /** Upper bound on program length (default 25). */
  maxSteps?: number;
}

/** Valid programs, as the campaigns generate them (balanced regions, declared names, one API). */
export function programArb(o: ProgramArbitraryOptions = {}): fc.Arbitrary<Program> {
  return programArbFor(o.api ?? DEFAULT_API, { maxSteps: o.maxSteps ?? DEFAULT_MAX_STEPS });
}
