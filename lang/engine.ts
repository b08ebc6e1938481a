// The contract every executable side honours: model/ (immutable specification) and impl/
// (optimised runtime) each provide a factory of this shape, so properties/, counterexamples/ and
// the CLI can run and compare them without knowing which is which.

import type { Program, Step } from './program.js';
import type { AttachSnapshot, Observation, SectionSnapshot, Snapshot } from './observation.js';
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
  /** The snapshot piece by piece, for incremental state comparison (properties/compare.ts). */
  incremental?(): IncrementalSnapshot;
}

/** The rows of one present-table entry in the snapshot: its section and the pointer members inside it. */
export interface SectionGroup {
  section: SectionSnapshot;
  attachments: AttachSnapshot[];
}

/**
 * Incremental state comparison for large worlds: the OpenACC part of the snapshot one entry at a
 * time, and the entries that may have changed. Each engine finds the changes on its own data
 * structures (the model by comparing persistent states, the impl by comparing its tables with a
 * copy and by the device blocks its steps reached), so a step never reports what it changed and a
 * new operation needs no part in this.
 */
export interface IncrementalSnapshot {
  /**
   * Host starts of the entries whose group may differ from what it was at the last call (the first
   * call: since the engine was made), ascending; any entry that changed is among them.
   */
  touched(): number[];
  /** The group of the entry starting at host address `start`, or undefined when none does. */
  group(start: number): SectionGroup | undefined;
  /** The OpenMP part of the snapshot, whole. */
  omp(): Pick<Snapshot, 'ompEntries' | 'ompPointers'>;
}

export type EngineFactory = (program: Program, profile: Profile) => Engine;

export type EngineName = 'model' | 'impl';
