// Helpers of the impl unit tests that run small hand-written programs (impl/copies.test.ts,
// impl/blocks.test.ts): the impl engine under the spec profile with some knobs set, and shorthands
// for the observations and steps the expectations are written with.

import { expect } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Step, World } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { implEngine } from './index.js';

/** Runs `steps` (a valid program) on the impl with the spec profile and `knobs`; the observations. */
export function run(world: World, steps: Step[], knobs: Record<string, string> = {}): Observation[] {
  const valid = validateProgram({ world, steps });
  expect(valid.ok ? null : valid, 'a valid program').toBeNull();
  const spec = loadProfile('spec');
  const engine = implEngine({ world, steps }, { ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });
  const obs = steps.map((s) => engine.apply(s));
  for (const o of obs) if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
  return obs;
}

export const OK = { kind: 'ok' };
export const read = (...values: (number | null)[]) => ({ kind: 'read', values });
export const kinds = (obs: Observation[]) => obs.map((o) => (o.kind === 'error' ? `error ${o.code}` : o.kind));
export const clause = (name: 'copy' | 'copyin' | 'copyout' | 'create' | 'present' | 'no_create', ...vars: string[]) => ({ clause: name, vars });
export const enter = (name: 'copyin' | 'create', ...vars: string[]): Step => ({ op: 'acc_enter_data', clauses: [{ clause: name, vars }] });
export const hostRead = (ref: string): Step => ({ op: 'host_read', var: ref });
export const deviceRead = (ref: string): Step => ({ op: 'acc_parallel', clauses: [clause('present', ref)], body: { read: ref } });
