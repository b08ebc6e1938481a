// `npm test` as a fuzzing campaign: under every built-in profile, the optimised runtime (impl) must
// refine the executable specification (model): same observation and same canonical state after
// every step of every generated program. A divergence is shrunk, saved as a case in an untracked
// folder under .mapcheck/runs/ (status `fixed`; `mapcheck promote` moves it into the corpus, where
// it must replay green once the impl is repaired), and fails the test with the minimal program.
//
// Budget: MAPCHECK_RUNS / MAPCHECK_TIME / MAPCHECK_SEED (see budget.ts campaignBudgetFromEnv).
// Each campaign generates OpenACC and OpenMP programs within that one budget (api `both`: the
// generator picks the API per program), so adding OpenMP did not add campaigns. The `spec`
// campaign also records which spec rules fire, for the coverage check at the end.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatObservation } from '../lang/observation.js';
import { KNOBS, builtinProfileNames, loadProfile, type Profile } from '../profiles/index.js';
import { buildCase, saveCase } from '../counterexamples/case.js';
import { RUNS_DIR } from '../counterexamples/store.js';
import { describeUndefinedStops, domainShrink, runCampaign, type CampaignFound } from './campaign.js';
import type { Program } from '../lang/program.js';
import { DEFAULT_SEED, DEFAULT_TEST_RUNS, campaignBudgetFromEnv, type CampaignBudget } from './budget.js';
import { renderProgram } from './shrink.js';
import { DEFAULT_MAX_STEPS } from './arbitraries.js';
import { firstDivergence, sideLabel, type Side } from './compare.js';
import type { ApiChoice } from './api.js';
import { RuleCoverage } from './coverage.js';

const CASE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', RUNS_DIR, 'npm-test');
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
        knobs: { ...spec.knobs, ...('within' in knob ? knob.within : {}), [knob.id]: reading.id },
      });
    }
  return out;
}

/**
 * A tenth of the budget for each single-knob campaign (there are a few dozen of them): a tenth of
 * the programs (at least 200) and a tenth of the time (at least a second).
 */
const knobBudget: CampaignBudget = { seed: budget.seed, maxSteps: budget.maxSteps };
if (budget.runs !== undefined) knobBudget.runs = Math.max(200, Math.round(budget.runs / 10));
if (budget.timeMs !== undefined) knobBudget.timeMs = Math.max(1000, Math.round(budget.timeMs / 10));

/** OpenMP programs of the `spec` campaign whose comparison stopped at an `undefined` observation. */
const stoppedUnderSpec: Program[] = [];

/**
 * Knobs whose spec reading leaves an outcome unspecified (the model observes `undefined` there):
 * the reading `undefined`, or a spec reading that names unspecified cases (K-B3). Under `spec` no
 * program can show an impl bug past such an outcome, so each concrete reading is checked on the
 * programs that stopped there (below), with the spec campaign's whole budget.
 */
function unspecifiedKnobReadings(): Profile[] {
  const spec = loadProfile('spec');
  return KNOBS.filter((k) => k.default === 'undefined' || /unspecified/.test(k.readings.find((r) => r.id === k.default)!.summary)).flatMap((k) =>
    k.readings
      .filter((r) => r.id !== k.default && r.id !== 'undefined')
      .map((r) => ({ ...spec, name: `spec+${k.id}=${r.id}`, knobs: { ...spec.knobs, [k.id]: r.id } })),
  );
}

/** Saves the shrunk divergence as a case (self-contained: single-knob profiles store their readings) and fails. */
function failWithCase(model: Side, impl: Side, found: CampaignFound, seed: number): never {
  const { program, divergence, originalLength } = found;
  const name = model.profile.name;
  // MAPCHECK_NO_SAVE=1 (set by `npm run mutation`): inside a mutation-testing sandbox every killed
  // mutant would save a case; nothing is kept there.
  const saved =
    process.env.MAPCHECK_NO_SAVE === '1'
      ? '(not saved: MAPCHECK_NO_SAVE=1)'
      : saveCase(
          CASE_DIR,
          buildCase({ program, a: model, b: impl, compare: 'state', status: 'fixed', found: { by: 'npm test', seed, date: new Date().toISOString().slice(0, 10) } }),
        );
  const what =
    divergence.kind === 'observation'
      ? `${sideLabel(model)} observes ${formatObservation(divergence.a)}, ${sideLabel(impl)} observes ${formatObservation(divergence.b)}`
      : `both observe ${formatObservation(divergence.a)} but the canonical states differ:\n` +
        `  model: ${JSON.stringify(divergence.snapshotA)}\n  impl:  ${JSON.stringify(divergence.snapshotB)}`;
  return expect.fail(
    `impl diverges from model under profile ${name} (seed ${seed}, shrunk ${originalLength} → ${program.steps.length} steps)\n` +
      `${renderProgram(program)}\n` +
      `first divergence at step ${divergence.step + 1}: ${what}\n` +
      `saved as ${saved}`,
  );
}

/** Spec rules fired by the `spec` campaign below (the default campaign's sides: impl vs model under spec). */
const specCoverage = new RuleCoverage();
let specRuns = 0;

describe('impl refines model (observation and state compared after every step)', () => {
  const cases: { profile: Profile; api: ApiChoice; b: CampaignBudget }[] = [
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
      const onRules = name === 'spec' ? (_side: 'a' | 'b', rules: readonly string[]) => specCoverage.record(rules) : undefined;
      // the knobs of unspecifiedKnobReadings are OpenMP ones and K-A8 (asserted below): programs of both APIs reach them
      const onStoppedAtUndefined = name === 'spec' ? (program: Program) => void stoppedUnderSpec.push(program) : undefined;
      const result = runCampaign({ a: model, b: impl, compare: 'state', api, ...b, onRules, onStoppedAtUndefined });
      if (name === 'spec') specRuns = result.runs;
      console.log(`refinement [${name}]: seed=${result.seed} runs=${result.runs} in ${result.elapsedMs} ms`);

      console.log(`refinement [${name}]: ${describeUndefinedStops(result)}`);
      if (result.found) failWithCase(model, impl, result.found, result.seed);
      expect(result.runs).toBeGreaterThan(0);
    });
  }
});

// No bug hidden behind `undefined`: the spec campaign's programs that stopped at an `undefined`
// observation are compared again, impl against model, under every concrete reading of a knob the
// spec leaves unspecified. A program that never reaches an unspecified outcome behaves under such a
// reading as under spec, which the spec campaign has compared already; so this is the spec
// campaign's whole budget under each reading, at the cost of the programs that stopped.
describe('programs the spec campaign stopped at an undefined, under each concrete reading', () => {
  it('the knobs the spec leaves unspecified are OpenMP ones, K-A8 (acc_map_data misuse), K-A30 (host_data of absent data) and K-A41 (update of a struct with attached pointers), so programs of both APIs are kept', () => {
    expect(unspecifiedKnobReadings().length).toBeGreaterThan(0);
    for (const p of unspecifiedKnobReadings()) expect(p.name).toMatch(/^spec\+K-(B|A8=|A30=|A41=)/);
  });
  for (const profile of unspecifiedKnobReadings()) {
    it(`profile ${profile.name}`, () => {
      expect(specRuns, 'the spec campaign did not run').toBeGreaterThan(0);
      const model: Side = { engine: 'model', profile };
      const impl: Side = { engine: 'impl', profile };
      let stillUndefined = 0;
      for (const program of stoppedUnderSpec) {
        let stopped = false;
        const d = firstDivergence(program, model, impl, 'state', undefined, () => void (stopped = true));
        if (stopped) stillUndefined++;
        if (d) {
          const shrunk = domainShrink(program, { a: model, b: impl, compare: 'state' });
          const again = firstDivergence(shrunk, model, impl, 'state');
          failWithCase(model, impl, { program: shrunk, divergence: again ?? d, originalLength: program.steps.length }, budget.seed);
        }
      }
      console.log(
        `refinement past undefined [${profile.name}]: ${stoppedUnderSpec.length} programs that stopped under spec compared, ${stillUndefined} still stop at an undefined`,
      );
    });
  }
});

// Spec-rule coverage, recorded by the `spec` campaign above rather than by a second identical one:
// every rule the model cites must fire. The claim is about the default budget (seed, program
// length, at least the default run count); under another MAPCHECK_* budget a rare rule may be
// missed, so that part is skipped then (a rule fired that the source scan does not list is an
// error under any budget). coverage.test.ts tests the rule scan and the counting.
describe('spec-rule coverage of the default campaign', () => {
  it('every rule fired is listed by the model scan, and every listed rule fires', (ctx) => {
    expect(specRuns, 'the spec campaign did not run').toBeGreaterThan(0);
    const unlisted = specCoverage.rows().filter((r) => !r.listed);
    expect(unlisted.map((r) => r.rule.citation), 'rules fired that the source scan did not list').toEqual([]);
    console.log(`spec-rule coverage (seed ${budget.seed}, ${specRuns} runs): ${specCoverage.summary()}`);
    ctx.skip(budget.seed !== DEFAULT_SEED || budget.maxSteps !== DEFAULT_MAX_STEPS || specRuns < DEFAULT_TEST_RUNS, 'coverage is required of the default budget only');
    expect(specCoverage.unreached().map((r) => r.citation), `${specCoverage.summary()} (seed ${budget.seed}, ${specRuns} runs)`).toEqual([]);
  });
});
