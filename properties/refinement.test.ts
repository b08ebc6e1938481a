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
//
// Every knob reading no built-in profile uses is compared too, the spec with that one knob changed,
// on a tenth of the budget's programs of the knob's API. A program whose model and impl agree
// under the spec and never read the knob (profiles/knob-reads.ts) runs under the reading exactly
// as under the spec on both sides, so it is compared under the readings of the knobs it read only:
// one pass over the programs serves every reading.

import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatObservation } from '../lang/observation.js';
import { KNOBS, builtinProfileNames, loadProfile, type Profile } from '../profiles/index.js';
import { recordingKnobReads } from '../profiles/knob-reads.js';
import { buildCase, saveCase } from '../counterexamples/case.js';
import { RUNS_DIR } from '../counterexamples/store.js';
import { CHUNK_RUNS, campaignRuns, chunkRuns, chunkSeed, describeUndefinedStops, domainShrink, drawChunk, runCampaign, type CampaignFound } from './campaign.js';
import type { Program } from '../lang/program.js';
import { DEFAULT_SEED, DEFAULT_TEST_RUNS, campaignBudgetFromEnv, type CampaignBudget } from './budget.js';
import { renderProgram } from './shrink.js';
import { DEFAULT_MAX_STEPS } from './arbitraries.js';
import { firstDivergence, runTrace, sideLabel, type Side } from './compare.js';
import type { ApiChoice } from './api.js';
import { RuleCoverage } from './coverage.js';
import { SEPARATING_PROGRAMS } from './separating-programs.js';

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
 * A tenth of the budget for the single-knob comparisons (over a hundred readings, each on the
 * programs of the pass that read its knob): a tenth of the programs (at least 200) and a tenth of the
 * time (at least a second).
 */
const knobBudget: CampaignBudget = { seed: budget.seed, maxSteps: budget.maxSteps };
if (budget.runs !== undefined) knobBudget.runs = Math.max(200, Math.round(budget.runs / 10));
if (budget.timeMs !== undefined) knobBudget.timeMs = Math.max(1000, Math.round(budget.timeMs / 10));

/** OpenMP programs of the `spec` campaign whose comparison stopped at an `undefined` observation. */
const stoppedUnderSpec: Program[] = [];

/** A program's comparison under spec, model against impl: whether they agree, and the knobs either engine read. */
interface SpecReads {
  program: Program;
  read: Set<string>;
  agreed: boolean;
}

function specReads(program: Program): SpecReads {
  const read = new Set<string>();
  const tracked = recordingKnobReads(loadProfile('spec'), read);
  const agreed = firstDivergence(program, { engine: 'model', profile: tracked }, { engine: 'impl', profile: tracked }, 'state') === null;
  return { program, read, agreed };
}

/** Each program of stoppedUnderSpec with its SpecReads (once for every reading below). */
let stoppedWithReads: SpecReads[] | null = null;
function stoppedReads(): SpecReads[] {
  stoppedWithReads ??= stoppedUnderSpec.map(specReads);
  return stoppedWithReads;
}

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

/** The knob a single-knob profile is named after (spec+K-A17=list-order). */
const knobOf = (profile: Profile): string => /^spec\+(K-[A-C]\w+)=/.exec(profile.name)![1]!;

/** The knobs a single-knob profile sets apart from the spec's (its knob and the knob's context). */
function changedKnobs(profile: Profile): string[] {
  const spec = loadProfile('spec');
  return Object.keys(profile.knobs).filter((k) => profile.knobs[k as keyof Profile['knobs']] !== spec.knobs[k as keyof Profile['knobs']]);
}

/**
 * A reading whose knob the first tenth's programs read fewer times than this is compared on later
 * programs of the budget that read it, until it has been compared on this many: a reading no program
 * reads would otherwise be compared on none. A knob with a fixed program that tells its readings
 * apart (properties/separating-programs.ts) is compared on that program instead.
 */
const KNOB_QUOTA = 3;

/** The pass over one API's programs (knobPass), and what it compared under each single-knob profile. */
interface KnobPass {
  /** Programs of the first tenth, and programs after it looked at for readings under KNOB_QUOTA. */
  programs: number;
  more: number;
  /** Per profile name: the programs compared under it, in the first tenth and after it. */
  compared: Map<string, { first: number; more: number }>;
  /** Per profile name: the first program whose model and impl diverge under it (or throw). */
  failing: Map<string, { program: Program; error?: unknown }>;
}

const knobPasses = new Map<ApiChoice, KnobPass>();

/**
 * The programs a single-knob campaign of `api` would run (knobBudget, the chunks of runCampaign),
 * each first compared under the spec with the knobs both engines read recorded; then, for every
 * profile of `profiles` whose changed knobs were read (or every one, if the spec comparison
 * diverged: nothing is skipped then), model and impl compared under it. After the tenth, the
 * budget's later programs are looked at for the readings compared fewer than KNOB_QUOTA times: a
 * program whose model run under the spec reads such a reading's knob is compared under it too (an
 * addition, so the model's reads alone pick it). Once a profile has failed, its later programs are
 * not compared.
 */
function knobPass(api: ApiChoice, profiles: readonly Profile[]): KnobPass {
  const kept = knobPasses.get(api);
  if (kept) return kept;
  const spec = loadProfile('spec');
  const pass: KnobPass = { programs: 0, more: 0, compared: new Map(profiles.map((p) => [p.name, { first: 0, more: 0 }])), failing: new Map() };
  const changed = new Map(profiles.map((p) => [p.name, changedKnobs(p)]));
  const compare = (program: Program, profile: Profile, phase: 'first' | 'more') => {
    pass.compared.get(profile.name)![phase]++;
    try {
      if (firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state') !== null) pass.failing.set(profile.name, { program });
    } catch (error) {
      pass.failing.set(profile.name, { program, error });
    }
  };
  const tenth = campaignRuns(knobBudget);
  // only under a run budget: a time budget is spent by the tenth
  const total = budget.runs === undefined ? tenth : Math.max(tenth, campaignRuns(budget));
  const started = Date.now();
  for (let k = 0; chunkRuns(total, k) > 0; k++) {
    const first = k * CHUNK_RUNS < tenth;
    if (first && knobBudget.timeMs !== undefined && k > 0 && Date.now() - started >= knobBudget.timeMs) break;
    const short = first
      ? profiles
      : profiles.filter((p) => knobOf(p) in SEPARATING_PROGRAMS === false && !pass.failing.has(p.name) && pass.compared.get(p.name)!.first + pass.compared.get(p.name)!.more < KNOB_QUOTA);
    if (short.length === 0) break;
    for (const program of drawChunk(api, knobBudget.maxSteps, chunkSeed(knobBudget.seed, k), chunkRuns(first ? tenth : total, k))) {
      if (first) {
        pass.programs++;
        const { read, agreed } = specReads(program);
        for (const profile of profiles)
          if (!pass.failing.has(profile.name) && (!agreed || changed.get(profile.name)!.some((knob) => read.has(knob)))) compare(program, profile, 'first');
      } else {
        pass.more++;
        const read = new Set<string>();
        runTrace(program, { engine: 'model', profile: recordingKnobReads(spec, read) }, false);
        for (const profile of short) {
          const { first: f, more: m } = pass.compared.get(profile.name)!;
          if (!pass.failing.has(profile.name) && f + m < KNOB_QUOTA && changed.get(profile.name)!.some((knob) => read.has(knob))) compare(program, profile, 'more');
        }
      }
    }
  }
  knobPasses.set(api, pass);
  return pass;
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
  const builtins = builtinProfileNames().map((name) => loadProfile(name));
  for (const profile of builtins) {
    const name = profile.name;
    // A profile that reads every knob as an earlier one does runs that one's campaign again to the
    // program (both engines read the knobs only, not the name): said and checked, not run twice.
    const same = builtins.slice(0, builtins.indexOf(profile)).find((p) => isDeepStrictEqual(p.knobs, profile.knobs));
    it(`profile ${name}${same ? ` (every knob read as ${same.name} reads it: ${same.name}'s campaign)` : ''}`, () => {
      if (same) {
        expect(profile.knobs).toEqual(same.knobs);
        return;
      }
      const model: Side = { engine: 'model', profile };
      const impl: Side = { engine: 'impl', profile };
      const onRules = name === 'spec' ? (_side: 'a' | 'b', rules: readonly string[]) => specCoverage.record(rules) : undefined;
      // the knobs of unspecifiedKnobReadings are OpenMP ones and K-A8 (asserted below): programs of both APIs reach them
      const onStoppedAtUndefined = name === 'spec' ? (program: Program) => void stoppedUnderSpec.push(program) : undefined;
      const result = runCampaign({ a: model, b: impl, compare: 'state', api: 'both', ...budget, onRules, onStoppedAtUndefined });
      if (name === 'spec') specRuns = result.runs;
      console.log(`refinement [${name}]: seed=${result.seed} runs=${result.runs} in ${result.elapsedMs} ms`);

      console.log(`refinement [${name}]: ${describeUndefinedStops(result)}`);
      if (result.found) failWithCase(model, impl, result.found, result.seed);
      expect(result.runs).toBeGreaterThan(0);
    });
  }

  const knobProfiles = singleKnobProfiles();
  const apiOf = (profile: Profile): ApiChoice => (profile.name.includes('K-A') ? 'openacc' : 'openmp');
  for (const profile of knobProfiles) {
    const api = apiOf(profile);
    it(`profile ${profile.name}`, () => {
      const pass = knobPass(api, knobProfiles.filter((p) => apiOf(p) === api));
      const model: Side = { engine: 'model', profile };
      const impl: Side = { engine: 'impl', profile };
      const { first, more } = pass.compared.get(profile.name)!;
      console.log(
        `refinement [${profile.name}]: ${first} of the first ${pass.programs} ${api} programs read ${changedKnobs(profile).join(', ')}` +
          `${pass.more > 0 ? `, ${more} of the next ${pass.more}` : ''} (seed ${knobBudget.seed}); compared on those`,
      );
      // a knob the generated programs read too rarely: its fixed program, compared first
      const fixed = SEPARATING_PROGRAMS[knobOf(profile)];
      if (fixed !== undefined) {
        const d = firstDivergence(fixed, model, impl, 'state');
        if (d) failWithCase(model, impl, { program: fixed, divergence: d, originalLength: fixed.steps.length }, knobBudget.seed);
      }
      const failing = pass.failing.get(profile.name);
      if (failing?.error !== undefined)
        throw new Error(`the engines threw under ${profile.name} (seed ${knobBudget.seed}): ${(failing.error as Error)?.message ?? failing.error}\n${renderProgram(failing.program)}`);
      if (failing) {
        const shrunk = domainShrink(failing.program, { a: model, b: impl, compare: 'state' });
        const divergence = firstDivergence(shrunk, model, impl, 'state')!;
        failWithCase(model, impl, { program: shrunk, divergence, originalLength: failing.program.steps.length }, knobBudget.seed);
      }
      // that every reading is compared on some program is claimed of the default budget or a larger
      // one (a smaller budget, or a time budget, may draw no program that reads a rare knob)
      if (budget.runs !== undefined && budget.runs >= DEFAULT_TEST_RUNS)
        expect(first + more + (fixed === undefined ? 0 : 1), `no program of the budget reads ${changedKnobs(profile).join(', ')}`).toBeGreaterThan(0);
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
      const changed = changedKnobs(profile);
      let stillUndefined = 0;
      let compared = 0;
      for (const { program, read, agreed } of stoppedReads()) {
        // a program that read none of the changed knobs stops under the reading as under the spec
        if (agreed && !changed.some((knob) => read.has(knob))) continue;
        compared++;
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
        `refinement past undefined [${profile.name}]: ${compared} of the ${stoppedUnderSpec.length} programs that stopped under spec read ${changed.join(', ')} and were compared, ${stillUndefined} still stop at an undefined`,
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
