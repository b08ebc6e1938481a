// Which offloading API a campaign generates programs for. A program never mixes the two (the
// language forbids it), so `both` lets the generator pick, per program, an OpenACC program
// (arbitraries.ts) or an OpenMP one (arbitraries-omp.ts), evenly.

import fc from 'fast-check';
import { opApi } from '../lang/ops.js';
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

/**
 * Whether a generated program is an OpenMP one, for a scenario that splices steps of its API in:
 * it has OpenMP steps, or no steps of either API and a world that OpenACC steps cannot run in
 * (lang/validate.ts checkApi: an OpenMP requires directive, declare mappers, or a device 0 that
 * shares memory with the host).
 */
export function isOpenMpProgram(program: Program): boolean {
  const apis = new Set(program.steps.map((s) => opApi(s.op)));
  if (apis.has('openmp')) return true;
  if (apis.has('openacc')) return false;
  const w = program.world;
  return (w.requires?.length ?? 0) > 0 || (w.mappers?.length ?? 0) > 0 || w.devices?.[0]?.kind === 'shared';
}
