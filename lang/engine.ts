// The contract every executable side honours: model/ (immutable specification) and impl/
// (optimised runtime) each provide a factory of this shape, so properties/, counterexamples/ and
// the CLI can run and compare them without knowing which is which.

import type { Program, Step } from './program.js';
import type { Observation, Snapshot } from './observation.js';
import type { Profile } from '../profiles/index.js';

export interface Engine {
  /**
   * Executes one step and returns what the program observes. After a step observed `error` or
   * `undefined`, every later step observes `halted` and changes nothing.
   */
  apply(step: Step): Observation;
  /** Canonical state after the last step. */
  snapshot(): Snapshot;
  /** Spec rules (e.g. "OpenACC 3.3 §2.7.2 Attach Action") that fired in the last step, if tracked. */
  lastRules?(): readonly string[];
}

export type EngineFactory = (program: Program, profile: Profile) => Engine;

export type EngineName = 'model' | 'impl';
