// Library entry `mapcheck/properties`: the refinement property (the impl refines the model under a
// profile) and the comparison of any two sides, for a user's own tests and campaigns.

import type { Program } from '../lang/program.js';
import { formatObservation } from '../lang/observation.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { firstDivergence, sideLabel, type CompareMode, type Divergence, type Side } from '../properties/compare.js';
import { renderStep } from '../cli/render.js';

export { firstDivergence, sameObservation, type CompareMode, type Divergence, type Side } from '../properties/compare.js';
export { runCampaign, type CampaignOptions, type CampaignResult } from '../properties/campaign.js';

const asProfile = (p: string | Profile): Profile => (typeof p === 'string' ? loadProfile(p) : p);

/** A side: an engine under a profile (a built-in name, a profile file path, or a loaded profile). */
export function side(engine: Side['engine'], profile: string | Profile = 'spec'): Side {
  return { engine, profile: asProfile(profile) };
}

/**
 * The refinement property: the optimised runtime (impl) observes what the model observes, and ends
 * every step in the same canonical state, under `profile`. Returns the first divergence, or null.
 */
export function refinementDivergence(program: Program, profile: string | Profile = 'spec', compare: CompareMode = 'state'): Divergence | null {
  return firstDivergence(program, side('model', profile), side('impl', profile), compare);
}

/** Describes a divergence in one line: the step, its directive, both sides' observations. */
export function describeDivergence(program: Program, a: Side, b: Side, d: Divergence): string {
  const what = d.kind === 'observation' ? `${formatObservation(d.a)} vs ${formatObservation(d.b)}` : `both ${formatObservation(d.a)}, the states differ`;
  return `step ${d.step + 1} ${renderStep(program.steps[d.step]!)}: ${sideLabel(a)} vs ${sideLabel(b)}: ${what}`;
}

/** Throws (failing the property) when the impl does not refine the model on `program`. */
export function assertRefines(program: Program, profile: string | Profile = 'spec', compare: CompareMode = 'state'): void {
  const [a, b] = [side('model', profile), side('impl', profile)];
  const d = firstDivergence(program, a, b, compare);
  if (d) throw new Error(`impl does not refine the model: ${describeDivergence(program, a, b, d)}`);
}

/** Whether two sides agree on `program` (observations by default). */
export function agree(program: Program, a: Side, b: Side, compare: CompareMode = 'observations'): boolean {
  return firstDivergence(program, a, b, compare) === null;
}
