// `npm test` as a fuzzing campaign: under every built-in profile, the optimised runtime (impl) must
// refine the executable specification (model): same observation and same canonical state after
// every step of every generated program. A divergence is shrunk, saved as a case under
// counterexamples/ (status `fixed`: once the impl is repaired the case must replay green), and
// fails the test with the minimal program.
//
// Budget: MAPCHECK_RUNS / MAPCHECK_TIME / MAPCHECK_SEED (see campaign.ts campaignBudgetFromEnv).
// Each campaign generates OpenACC and OpenMP programs within that one budget (api `both`: the
// generator picks the API per program), so adding OpenMP did not add campaigns.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatObservation } from '../lang/observation.js';
import { KNOBS, builtinProfileNames, loadProfile, type Profile } from '../profiles/index.js';
import { buildCase, saveCase } from '../counterexamples/case.js';
import { campaignBudgetFromEnv, renderProgram, runCampaign } from './campaign.js';
import { sideLabel, type Side } from './compare.js';

const CASE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'counterexamples');
const budget = campaignBudgetFromEnv();

/**
 * The spec profile with one knob changed: every reading is implemented twice (model and impl), so
 * every reading must be cross-checked, including those no built-in profile uses.
 */
function singleKnobProfiles(): Profile[] {
  const spec = loadProfile('spec');
  const out: Profile[] = [];
  for (const knob of KNOBS)
    for (const reading of knob.readings) {
      if (reading.id === knob.default) continue;
      out.push({
        ...spec,
        name: `spec+${knob.id}=${reading.id}`,
        knobs: { ...spec.knobs, [knob.id]: reading.id },
      });
    }
  return out;
}

/** A smaller budget for each single-knob campaign (there are a few dozen of them). */
const knobBudget = { ...budget, runs: budget.runs === undefined ? undefined : Math.max(200, Math.round(budget.runs / 10)) };

describe('impl refines model (observation and state compared after every step)', () => {
  const cases: { profile: Profile; api: 'both' | 'openacc' | 'openmp'; b: typeof budget }[] = [
    ...builtinProfileNames().map((name) => ({ profile: loadProfile(name), api: 'both' as const, b: budget })),
    ...singleKnobProfiles().map((profile) => ({
      profile,
      api: profile.name.includes('K-A') ? ('openacc' as const) : ('openmp' as const),
      b: knobBudget,
    })),
  ];
  for (const { profile, api, b } of cases) {
    const name = profile.name;
    it(`profile ${name}`, () => {
      const model: Side = { engine: 'model', profile };
      const impl: Side = { engine: 'impl', profile };
      const result = runCampaign({ a: model, b: impl, compare: 'state', api, ...b });
      console.log(`refinement [${name}]: seed=${result.seed} runs=${result.runs} in ${result.elapsedMs} ms`);

      if (result.found) {
        const { program, divergence, originalLength } = result.found;
        // A case names its profiles, so only built-in profiles can be saved and replayed; a
        // single-knob profile is reported with its knob so the program can be rerun by hand.
        const saved = builtinProfileNames().includes(name)
          ? saveCase(
              CASE_DIR,
              buildCase({
                program,
                a: model,
                b: impl,
                compare: 'state',
                status: 'fixed',
                found: { by: 'npm test', seed: result.seed, date: new Date().toISOString().slice(0, 10) },
              }),
            )
          : `(not saved: ${name} is not a built-in profile; rerun with a JSON profile that sets that knob)`;
        const what =
          divergence.kind === 'observation'
            ? `${sideLabel(model)} observes ${formatObservation(divergence.a)}, ${sideLabel(impl)} observes ${formatObservation(divergence.b)}`
            : `both observe ${formatObservation(divergence.a)} but the canonical states differ:\n` +
              `  model: ${JSON.stringify(divergence.snapshotA)}\n  impl:  ${JSON.stringify(divergence.snapshotB)}`;
        expect.fail(
          `impl diverges from model under profile ${name} (seed ${result.seed}, shrunk ${originalLength} → ${program.steps.length} steps)\n` +
            `${renderProgram(program)}\n` +
            `first divergence at step ${divergence.step + 1}: ${what}\n` +
            `saved as ${saved}`,
        );
      }
      expect(result.runs).toBeGreaterThan(0);
    });
  }
});
