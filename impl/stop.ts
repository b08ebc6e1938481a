// How a step ends the program: the OpenACC and OpenMP halves of the runtime throw a ProgramStop
// carrying the observation, and ImplEngine.apply turns it into the step's result.

import type { ErrorCode, Observation } from '../lang/observation.js';

/** Carries the observation that ends the program out of the step being executed. */
export class ProgramStop {
  constructor(readonly observation: Observation) {}
}

/** Ends the program with a runtime error (spec-required or a profile abort). */
export function runtimeError(code: ErrorCode, message: string): never {
  throw new ProgramStop({ kind: 'error', code, message });
}

/** Ends the program with undefined behaviour. */
export function undefinedBehaviour(message: string): never {
  throw new ProgramStop({ kind: 'undefined', message });
}
