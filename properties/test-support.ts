// Helpers of the property tests that splice a scenario into generated programs (properties/
// scalars.test.ts, copies.test.ts, blocks.test.ts): each program must be valid, model and impl must
// agree on it step by step under every built-in profile, and the reach counts read the model's
// observations under the spec.

import { expect } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Program, Step } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { builtinProfileNames, loadProfile } from '../profiles/index.js';
import { firstDivergence, runTrace } from './compare.js';

/** Asserts that `program` is valid and that model and impl agree on it (state included) under every built-in profile; the model's observations under the spec. */
export function agreeUnderEveryProfile(program: Program): Observation[] {
  const checked = validateProgram(program);
  expect(checked.ok ? 'valid' : JSON.stringify(checked)).toBe('valid');
  for (const name of builtinProfileNames()) {
    const profile = loadProfile(name);
    expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state'), `profile ${name}`).toBeNull();
  }
  return runTrace(program, { engine: 'model', profile: loadProfile('spec') }, false).observations;
}

/** The variables a construct's clauses or maps name. */
export function namedBy(step: Step): string[] {
  if (step.op === 'acc_parallel') return step.clauses.flatMap((c) => c.vars);
  if (step.op === 'omp_target') return step.maps.flatMap((m) => m.vars);
  return [];
}
