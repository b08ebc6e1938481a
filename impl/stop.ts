// How a step ends the program. A step's own function returns the observation that ends it (an
// error or undefined observation, which ImplEngine.apply takes as the end of the program). Deeper
// down, where the caller could not tell a returned stop from a result, the OpenACC and OpenMP
// halves of the runtime throw a ProgramStop carrying the observation, and ImplEngine.apply turns
// it into the step's result. Returning is the fast way: a throw costs about a microsecond.

import type { ErrorCode, Observation } from '../lang/observation.js';

/** Carries the observation that ends the program out of the step being executed. */
export class ProgramStop {
  constructor(readonly observation: Observation) {}
}

/** The observation of a runtime error (spec-required or a profile abort), for a step to return. */
export function errorOutcome(code: ErrorCode, message: string): Observation {
  return { kind: 'error', code, message };
}

/** The observation of undefined behaviour, for a step to return. */
export function undefinedOutcome(message: string): Observation {
  return { kind: 'undefined', message };
}

/** Ends the program with a runtime error (spec-required or a profile abort). */
export function runtimeError(code: ErrorCode, message: string): never {
  throw new ProgramStop(errorOutcome(code, message));
}

/** Ends the program with undefined behaviour. */
export function undefinedBehaviour(message: string): never {
  throw new ProgramStop(undefinedOutcome(message));
}

/** Whether an observation ends the program (lang/engine.ts: later steps observe `halted`). */
export function stops(observation: Observation): boolean {
  return observation.kind === 'error' || observation.kind === 'undefined';
}
