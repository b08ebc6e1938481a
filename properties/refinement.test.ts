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
import { builtinProfileNames, loadProfile } from '../profiles/index.js';
import { buildCase, saveCase } from '../counterexamples/case.js';
import { campaignBudgetFromEnv, renderProgram, runCampaign } from './campaign.js';
import { sideLabel, type Side } from './compare.js';

const CASE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'counterexamples');
const budget = campaignBudgetFromEnv();

describe('impl refines model (observation and state compared after every step)', () => {
  for (const name of builtinProfileNames()) {
    it(`profile ${name}`, () => {
      const profile = loadProfile(name);
      const model: Side = { engine: 'model', profile };
      const impl: Side = { engine: 'impl', profile };
      const result = runCampaign({ a: model, b: impl, compare: 'state', api: 'both', ...budget });
      console.log(`refinement [${name}]: seed=${result.seed} runs=${result.runs} in ${result.elapsedMs} ms`);

      if (result.found) {
        const { program, divergence, originalLength } = result.found;
        const saved = saveCase(
          CASE_DIR,
          buildCase({
            program,
            a: model,
            b: impl,
            compare: 'state',
            status: 'fixed',
            found: { by: 'npm test', seed: result.seed, date: new Date().toISOString().slice(0, 10) },
          }),
        );
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
