// Witness tests: the campaign's programs reach the states that matter, the refinement comparison
// can fail, and every knob reading is told apart from the spec. A green refinement campaign means
// something only if all of these hold.
//
// The witness programs are exactly the ones the default campaign generates (same generator, api
// `both`, same seed, budget and fast-check parameters); each witness test looks at the programs of
// its own API among them. The knob-sensitivity programs are drawn as the single-knob refinement
// comparisons draw theirs (one API, same seed and chunks), over the whole budget.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Program } from '../lang/program.js';
import { KNOBS, loadProfile, type Profile } from '../profiles/index.js';
import { recordingKnobReads } from '../profiles/knob-reads.js';
import { regionsBalanced } from './arbitraries.js';
import { campaignRuns, chunkRuns, chunkSeed, domainShrink, drawChunk, runCampaign } from './campaign.js';
import { campaignBudgetFromEnv, campaignParameters, witnessBudgetShortfall } from './budget.js';
import { firstDivergence, runTrace, type Side } from './compare.js';
import { undefinedSplit } from './diff.js';
import { renderProgram, simplifications } from './shrink.js';
import { validateProgram } from '../lang/validate.js';
import { WITNESS_IDS, WITNESSES, detectWitnesses, modelWitnessTrace, type WitnessId } from './witness.js';
import { REUSE_WITNESS, staleReuseReads } from './witness.js';
import { STRUCT_ARRAY_WITNESSES, STRUCT_ARRAY_WITNESS_IDS, detectStructArrayWitnesses, type StructArrayWitnessId } from './witness.js';
import { DESCRIPTOR_WITNESSES, DESCRIPTOR_WITNESS_IDS, detectDescriptorWitnesses, type DescriptorWitnessId } from './witness.js';
import { OMP_WITNESS_IDS, OMP_WITNESSES, detectOmpWitnesses, type OmpWitnessId } from './witness.js';
import { REACH_WITNESS_IDS, REACH_WITNESSES, detectReachWitnesses, type ReachWitnessId } from './witness.js';
import { UPDATE_WITNESS_IDS, UPDATE_WITNESSES, detectUpdateWitnesses, type UpdateWitnessId } from './witness.js';
import { POINTER_WITNESS_IDS, POINTER_WITNESSES, detectPointerWitnesses, type PointerWitnessId } from './witness.js';
import { loadProgramFile } from '../lang/validate.js';
import { DEFAULT_API, programArbFor } from './api.js';
import { OMP_POOL_WORLD } from './arbitraries-omp.js';
import { REATTACH_SEED } from '../conformance/acc/2.7.2-attach-action.js';
import { DETACH_SEED } from '../conformance/acc/2.7.2-detach-action.js';
import { ACC_WORLD, ACC_WORLD_NO_B } from '../conformance/worlds.js';
import { SEPARATING_PROGRAMS } from './separating-programs.js';

const budget = campaignBudgetFromEnv();
const spec = loadProfile('spec');
/** Non-null when the budget is below the witness minimum (budget.ts WITNESS_MIN_RUNS): the reach claims are skipped. */
const shortfall = witnessBudgetShortfall(budget);
if (shortfall) console.log(`witness tests skipped: ${shortfall}`);
const skipNote = `skipped: ${shortfall}`;

/** A program of the OpenMP generator (a program never mixes the APIs; host-only ones count as OpenACC, reaching nothing either way). */
const isOpenMP = (program: Program) => program.steps.some((s) => s.op.startsWith('omp_'));

/** The readings a knob needs to have any effect (KnobShape.within), on both sides of its check. */
const contextOf = (id: string): Record<string, string> => {
  const knob = KNOBS.find((k) => k.id === id)!;
  return 'within' in knob ? { ...knob.within } : {};
};
/** The spec profile with one knob's context set (nothing else changed). */
const baseFor = (id: string): Profile => (Object.keys(contextOf(id)).length === 0 ? spec : { ...spec, name: `spec+context(${id})`, knobs: { ...spec.knobs, ...contextOf(id) } });
/** The spec profile with one knob changed (within its context). */
const withReading = (id: string, reading: string): Profile => ({ ...spec, name: `spec+${id}=${reading}`, knobs: { ...spec.knobs, ...contextOf(id), [id]: reading } });

/** Every reading of the knobs of one API (K-C: of both, told apart by OpenACC programs) other than the spec's. */
const variantsOf = (prefix: 'K-A' | 'K-B' | 'K-C') =>
  KNOBS.filter((k) => k.id.startsWith(prefix)).flatMap((k) => k.readings.filter((r) => r.id !== k.default).map((r) => ({ id: k.id, reading: r.id })));

/** What one pass over the default campaign's programs found: per family, the programs reaching each witness. */
interface DefaultCampaignReach {
  /** OpenACC programs (host-only ones included) and OpenMP programs, and those the model threw on. */
  programs: { openacc: number; openmp: number };
  threw: { openacc: number; openmp: number; first: Partial<Record<'openacc' | 'openmp', { error: unknown; program: Program }>> };
  endedUndefined: { openacc: number; openmp: number };
  endedError: number;
  staleReuse: number;
  witnesses: Record<WitnessId, number>;
  firstExample: Partial<Record<WitnessId, Program>>;
  structArray: { openacc: Record<StructArrayWitnessId, number>; openmp: Record<StructArrayWitnessId, number> };
  omp: Record<OmpWitnessId, number>;
  reach: Record<ReachWitnessId, number>;
  update: Record<UpdateWitnessId, number>;
  pointer: Record<PointerWitnessId, number>;
  /** Descriptor witnesses (d1, d2, d4 OpenACC; d3 OpenMP), per family. */
  descriptor: { openacc: Record<DescriptorWitnessId, number>; openmp: Record<DescriptorWitnessId, number> };
}

const zeros = <K extends string>(ids: readonly K[]) => Object.fromEntries(ids.map((w) => [w, 0])) as Record<K, number>;
const countInto = <K extends string>(into: Record<K, number>, hits: Set<K>[]) => {
  for (const w of new Set(hits.flatMap((s) => [...s]))) into[w]++;
};
let defaultReach: DefaultCampaignReach | null = null;

/**
 * The default campaign's programs (api `both`, same seed, budget and fast-check parameters), each
 * run once on the model under spec, every detector applied to that one trace. The witness tests
 * below each make their claim from it; they used to generate the same programs and run the model
 * on them once per test (four model runs per program).
 */
function defaultCampaignReach(): DefaultCampaignReach {
  if (defaultReach) return defaultReach;
  const r: DefaultCampaignReach = {
    programs: { openacc: 0, openmp: 0 },
    threw: { openacc: 0, openmp: 0, first: {} },
    endedUndefined: { openacc: 0, openmp: 0 },
    endedError: 0,
    staleReuse: 0,
    witnesses: zeros(WITNESS_IDS),
    firstExample: {},
    structArray: { openacc: zeros(STRUCT_ARRAY_WITNESS_IDS), openmp: zeros(STRUCT_ARRAY_WITNESS_IDS) },
    omp: zeros(OMP_WITNESS_IDS),
    reach: zeros(REACH_WITNESS_IDS),
    update: zeros(UPDATE_WITNESS_IDS),
    pointer: zeros(POINTER_WITNESS_IDS),
    descriptor: { openacc: zeros(DESCRIPTOR_WITNESS_IDS), openmp: zeros(DESCRIPTOR_WITNESS_IDS) },
  };
  const property = fc.property(programArbFor(DEFAULT_API, { maxSteps: budget.maxSteps }), (program) => {
    const api = isOpenMP(program) ? 'openmp' : 'openacc';
    r.programs[api]++;
    let trace;
    try {
      trace = modelWitnessTrace(program, spec);
    } catch (e) {
      r.threw[api]++;
      r.threw.first[api] ??= { error: e, program };
      return true;
    }
    countInto(r.structArray[api], detectStructArrayWitnesses(program, trace));
    countInto(r.descriptor[api], detectDescriptorWitnesses(program, trace));
    if (api === 'openacc') {
      if (staleReuseReads(program, trace).length > 0) r.staleReuse++;
      for (const w of new Set(detectWitnesses(program, trace).flatMap((s) => [...s]))) {
        r.witnesses[w]++;
        r.firstExample[w] ??= program;
      }
      if (trace.observations.some((o) => o.kind === 'undefined')) r.endedUndefined.openacc++;
      else if (trace.observations.some((o) => o.kind === 'error')) r.endedError++;
    } else {
      countInto(r.omp, detectOmpWitnesses(program, trace));
      if (trace.observations.some((o) => o.kind === 'undefined')) r.endedUndefined.openmp++;
    }
    countInto(r.reach, detectReachWitnesses(program, trace));
    countInto(r.update, detectUpdateWitnesses(program, trace));
    countInto(r.pointer, detectPointerWitnesses(program, trace));
    return true;
  });
  fc.assert(property, campaignParameters(budget.seed, budget.runs, budget.timeMs));
  defaultReach = r;
  return r;
}

/** The model must not throw on the default campaign's programs of `api` (invariants.test.ts shrinks such a program). */
function expectModelRan(r: DefaultCampaignReach, api: 'openacc' | 'openmp' | 'both'): void {
  const threw = api === 'both' ? r.threw.openacc + r.threw.openmp : r.threw[api];
  const first = api === 'both' ? (r.threw.first.openacc ?? r.threw.first.openmp) : r.threw.first[api];
  if (threw > 0) throw new Error(`the model threw on ${threw} of the default campaign's programs, first: ${(first!.error as Error)?.message}\n${renderProgram(first!.program)}`);
}

describe('witnesses: the default campaign reaches the interesting states', () => {
  it('every witness is hit at least once (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    // the default campaign's programs (api `both`, same seed and budget); the OpenACC ones are checked
    const r = defaultCampaignReach();
    const programs = r.programs.openacc;
    // a model bug costs only reach here: invariants.test.ts reports it with a minimal program
    const modelThrew = r.threw.openacc;
    const lines = WITNESS_IDS.map((w) => `  ${w} ${String(r.witnesses[w]).padStart(5)} / ${programs}  ${WITNESSES[w]}`);
    console.log(
      `witness hits (OpenACC programs reaching each state, seed ${budget.seed}):\n${lines.join('\n')}\n` +
        `  programs ending in undefined behaviour: ${r.endedUndefined.openacc}, in an error: ${r.endedError}; the model threw on ${modelThrew}`,
    );
    console.log(`  ${REUSE_WITNESS}: ${r.staleReuse} / ${programs}`);
    for (const w of WITNESS_IDS) {
      expect(r.witnesses[w], `witness ${w} (${WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    }
    expect(r.staleReuse, `${REUSE_WITNESS} never reached`).toBeGreaterThan(0);
    for (const w of ['a1', 'a2'] as const) {
      console.log(`  ${w} ${String(r.structArray.openacc[w]).padStart(5)} / ${programs}  ${STRUCT_ARRAY_WITNESSES[w]}`);
      expect(r.structArray.openacc[w], `witness ${w} (${STRUCT_ARRAY_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    }
    for (const w of ['d1', 'd2', 'd4'] as const) {
      console.log(`  ${w} ${String(r.descriptor.openacc[w]).padStart(5)} / ${programs}  ${DESCRIPTOR_WITNESSES[w]}`);
      expect(r.descriptor.openacc[w], `witness ${w} (${DESCRIPTOR_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    }
    // Undefined behaviour ends the comparison early; it must stay the exception.
    expect(r.endedUndefined.openacc / programs).toBeLessThan(0.5);
  });

  it('d1, d2 and d4 recognise the device views of examples/descriptor-bounds.json, and the host read is none', () => {
    const program = JSON.parse(readFileSync(new URL('../examples/descriptor-bounds.json', import.meta.url), 'utf8')) as Program;
    const hits = detectDescriptorWitnesses(program, modelWitnessTrace(program, spec)).map((x) => [...x].sort());
    // step 5 reads bounds 10:19 (the host's too), step 6 reads c%p(10); the host read of step 3 is no kernel
    expect(hits).toEqual([[], [], [], [], ['d1'], ['d2'], [], []]);
    // under libgomp the attach kept the lower bound the struct was copied with: the view is 1:10
    const libgomp = detectDescriptorWitnesses(program, modelWitnessTrace(program, loadProfile('libgomp'))).map((x) => [...x].sort());
    expect(libgomp[4]).toEqual(['d4']);
  });

  it('s1 recognises the stale read of examples/stale-reuse.json, and nothing without reuse', () => {
    const program = JSON.parse(readFileSync(new URL('../examples/stale-reuse.json', import.meta.url), 'utf8')) as Program;
    expect(staleReuseReads(program, modelWitnessTrace(program, spec))).toEqual([3]);
    const quarantine: Program = { ...program, world: { ...program.world, reuse: false } };
    expect(staleReuseReads(quarantine, modelWitnessTrace(quarantine, spec))).toEqual([]);
    // detached, then attached to b after the reuse: a fresh device value reads b legitimately
    const fresh: Program = {
      ...program,
      steps: [
        ...program.steps.slice(0, 3),
        { op: 'acc_detach', ptr: 'c%p' },
        { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
        { op: 'acc_attach', ptr: 'c%p' },
        program.steps[3]!,
      ],
    };
    const trace = modelWitnessTrace(fresh, spec);
    expect(trace.observations[6]).toEqual({ kind: 'read', values: [7, 7, 7, 7] });
    expect(staleReuseReads(fresh, trace)).toEqual([]);
  });

  it('detectors recognise the two seed programs of seeds/000 (re-attach, never-attached detach)', () => {
    const reattach: Program = { world: ACC_WORLD, steps: REATTACH_SEED };
    const hits = detectWitnesses(reattach, modelWitnessTrace(reattach, spec));
    expect([...hits[4]!]).toContain('w2');
    expect([...hits[5]!]).toContain('w6');
    expect(hits.slice(0, 4).some((s) => s.has('w2'))).toBe(false);

    const spuriousDetach: Program = { world: ACC_WORLD_NO_B, steps: DETACH_SEED };
    const hits2 = detectWitnesses(spuriousDetach, modelWitnessTrace(spuriousDetach, spec));
    expect([...hits2[2]!]).toEqual(['w3']);
    expect(hits2.some((s, i) => i !== 2 && s.has('w3'))).toBe(false);
  });
});

describe('vacuity: the refinement comparison can fail', () => {
  const cases: [string, Side, Side][] = [
    ['model:spec vs model:cray-19', { engine: 'model', profile: spec }, { engine: 'model', profile: loadProfile('cray-19') }],
    ['impl:spec vs impl:libgomp', { engine: 'impl', profile: spec }, { engine: 'impl', profile: loadProfile('libgomp') }],
  ];
  for (const [label, a, b] of cases) {
    it(`${label} diverge within the default budget, shrunk to a 1-minimal valid program`, (ctx) => {
      ctx.skip(shortfall !== null, skipNote);
      const result = runCampaign({ a, b, compare: 'state', ...budget });
      expect(result.found, `no divergence in ${result.runs} programs`).not.toBeNull();
      const { program, divergence, originalLength } = result.found!;
      console.log(
        `vacuity [${label}]: divergence after ${result.runs} programs, shrunk ${originalLength} → ${program.steps.length} steps ` +
          `(${divergence.kind} at step ${divergence.step + 1}):\n${renderProgram(program)}`,
      );
      expect(validateProgram(JSON.parse(JSON.stringify(program))).ok).toBe(true);
      expect(regionsBalanced(program.steps)).toBe(true);
      expect(program.steps.length).toBeLessThanOrEqual(originalLength);
      // 1-minimal: no single simplification still diverges
      for (const smaller of simplifications(program)) expect(firstDivergence(smaller, a, b, 'state')).toBeNull();
    });
  }

  it('a campaign is deterministic: same seed and run count, same runs and same minimal program', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    const [, a, b] = cases[0]!;
    const run = () => runCampaign({ a, b, compare: 'state', seed: budget.seed, runs: budget.runs ?? 1000 });
    const first = run();
    const again = run();
    expect(first.found).not.toBeNull();
    expect(again.runs).toBe(first.runs);
    expect(again.found!.program).toEqual(first.found!.program);
    expect(again.found!.originalLength).toBe(first.found!.originalLength);
  });
});

/**
 * OpenACC readings whose only effect is an undefined outcome where the spec's is defined, which a
 * state comparison counts as agreement: K-A68 `address-only` (a kernel through a member mapped
 * alone), K-A74 `rebound` (a nested use_device of the same array without if_present, under the
 * spec's K-A30 `undefined`; with if_present both readings give the outer device address).
 */
const UNDEFINED_READINGS: ReadonlySet<string> = new Set(['K-A68=address-only', 'K-A74=rebound']);

/** A knob reading told apart from the spec's; `split`: an undefined split counts (else a state divergence only). */
interface Variant {
  id: string;
  reading: string;
  split: boolean;
}

const variantKey = (v: { id: string; reading: string }) => `${v.id}=${v.reading}`;

/** Separates: the model under the knob's base and under the reading diverge (or split at an undefined). */
function separates(program: Program, v: Variant): boolean {
  const a: Side = { engine: 'model', profile: baseFor(v.id) };
  const b: Side = { engine: 'model', profile: withReading(v.id, v.reading) };
  return firstDivergence(program, a, b, 'state') !== null || (v.split && undefinedSplit(program, a, b) !== null);
}

/**
 * One pass over the budget's programs of one API (the single-knob refinement campaigns' programs:
 * same generator, seed and chunks as runCampaign), finding for each variant the first program that
 * separates it. A program is tried for a variant only if the model's run of it under the knob's
 * base read the knob (profiles/knob-reads.ts): one that did not runs the same under the reading, so
 * it cannot separate. The pass ends when every variant is separated or the budget is spent.
 */
function firstSeparating(api: 'openacc' | 'openmp', variants: readonly Variant[]): { found: Map<string, Program>; runs: number } {
  const pending = new Map(variants.map((v) => [variantKey(v), v]));
  const found = new Map<string, Program>();
  const total = campaignRuns(budget);
  const started = Date.now();
  let runs = 0;
  for (let k = 0; pending.size > 0 && chunkRuns(total, k) > 0; k++) {
    if (budget.timeMs !== undefined && k > 0 && Date.now() - started >= budget.timeMs) break;
    for (const program of drawChunk(api, budget.maxSteps, chunkSeed(budget.seed, k), chunkRuns(total, k))) {
      if (pending.size === 0) break;
      runs++;
      // the knobs each base's run read (bases differ only by a knob's context, KnobShape.within)
      const readUnder = new Map<string, Set<string>>();
      for (const [key, v] of pending) {
        const context = JSON.stringify(contextOf(v.id));
        let read = readUnder.get(context);
        if (read === undefined) {
          readUnder.set(context, (read = new Set()));
          runTrace(program, { engine: 'model', profile: recordingKnobReads(baseFor(v.id), read) });
        }
        if (read.has(v.id) && separates(program, v)) {
          found.set(key, program);
          pending.delete(key);
        }
      }
    }
  }
  return { found, runs };
}

/** A reading told apart on a fixed program (SEPARATING_PROGRAMS) or by undefined splits rather than by its own campaign. */
const splitOnly = (id: string, reading: string) =>
  KNOBS.find((k) => k.id === id)!.default === 'undefined' || UNDEFINED_READINGS.has(`${id}=${reading}`) || SEPARATING_PROGRAMS[id] !== undefined;

const passes = new Map<string, { found: Map<string, Program>; runs: number }>();
function separatingPass(api: 'openacc' | 'openmp'): { found: Map<string, Program>; runs: number } {
  let pass = passes.get(api);
  if (pass === undefined) {
    const variants = (api === 'openacc' ? [...variantsOf('K-A'), ...variantsOf('K-C')] : variantsOf('K-B'))
      .filter((v) => SEPARATING_PROGRAMS[v.id] === undefined)
      .map((v) => ({ ...v, split: api === 'openmp' || splitOnly(v.id, v.reading) }));
    passes.set(api, (pass = firstSeparating(api, variants)));
    console.log(`knob sensitivity [${api}]: ${pass.found.size} of ${variants.length} readings told apart in ${pass.runs} programs`);
  }
  return pass;
}

/**
 * Some program of the budget separates model:spec from the model with one knob changed (state or an
 * undefined split); for a reading of SEPARATING_PROGRAMS, its fixed program does.
 */
function expectSeparated(id: string, reading: string, api: 'openacc' | 'openmp'): void {
  const fixed = SEPARATING_PROGRAMS[id];
  if (fixed !== undefined) {
    expect(validateProgram(structuredClone(fixed)).ok).toBe(true);
    expect(separates(fixed, { id, reading, split: true }), `the fixed program does not tell ${id}=${reading} from the spec`).toBe(true);
    return;
  }
  const { found, runs } = separatingPass(api);
  expect(found.has(variantKey({ id, reading })), `no program tells ${id}=${reading} from the spec in ${runs} programs`).toBe(true);
}

describe('knob sensitivity: the campaign tells every knob reading apart from the spec', () => {
  // For each knob and each reading other than the spec's, some program of the budget must tell
  // model:spec from the model with only that knob changed. A reading the generator cannot
  // distinguish would be a blind spot of its single-knob refinement campaign, which could pass
  // without ever exercising it. Programs are of the knob's API only, as in those campaigns.

  it.for([...variantsOf('K-A'), ...variantsOf('K-C')])('$id = $reading', ({ id, reading }, ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    // A reading of a knob whose spec reading is undefined behaviour (K-A8), or one whose only effect
    // is an undefined outcome where the spec's is defined (UNDEFINED_READINGS), is told apart the
    // OpenMP way, and so is one the generator reaches too rarely (its fixed program in SEPARATING_PROGRAMS).
    expectSeparated(id, reading, 'openacc');
    if (splitOnly(id, reading)) return;
    // state compared, and the program that shows it shrinks short
    const a: Side = { engine: 'model', profile: baseFor(id) };
    const b: Side = { engine: 'model', profile: withReading(id, reading) };
    const shrunk = domainShrink(separatingPass('openacc').found.get(variantKey({ id, reading }))!, { a, b, compare: 'state' });
    expect(firstDivergence(shrunk, a, b, 'state')).not.toBeNull();
    expect(shrunk.steps.length).toBeLessThanOrEqual(6);
  });

  // Many OpenMP readings give a concrete answer where the spec's is undefined behaviour, which the
  // refinement comparison counts as agreement. A program separates such a reading when exactly one
  // side observes `undefined` at a step where every earlier observation agreed (undefinedSplit, as
  // in `mapcheck diff`). Only the readings of SEPARATING_PROGRAMS are exempt: the generator's weights
  // (arbitraries-omp.ts) make every other one reachable within the default budget.
  it.for(variantsOf('K-B'))('$id = $reading', ({ id, reading }, ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    expectSeparated(id, reading, 'openmp');
  });
});

describe('OpenMP witnesses: the default campaign\'s OpenMP programs reach the routine and reference-count cases', () => {
  it('every OpenMP witness is hit at least once (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    // the default campaign's programs (api `both`, same seed and budget); the OpenMP ones are checked
    const r = defaultCampaignReach();
    expectModelRan(r, 'openmp');
    const programs = r.programs.openmp;
    const lines = OMP_WITNESS_IDS.map((w) => `  ${w.padEnd(3)} ${String(r.omp[w]).padStart(5)} / ${programs}  ${OMP_WITNESSES[w]}`);
    console.log(`OpenMP witness hits (seed ${budget.seed}):\n${lines.join('\n')}\n  ending in undefined behaviour: ${r.endedUndefined.openmp}`);
    expect(programs).toBeGreaterThan(0);
    for (const w of OMP_WITNESS_IDS) expect(r.omp[w], `witness ${w} (${OMP_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    for (const w of ['a3', 'a4'] as const) {
      console.log(`  ${w} ${String(r.structArray.openmp[w]).padStart(5)} / ${programs}  ${STRUCT_ARRAY_WITNESSES[w]}`);
      expect(r.structArray.openmp[w], `witness ${w} (${STRUCT_ARRAY_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
    }
    console.log(`  d3 ${String(r.descriptor.openmp.d3).padStart(5)} / ${programs}  ${DESCRIPTOR_WITNESSES.d3}`);
    expect(r.descriptor.openmp.d3, `witness d3 (${DESCRIPTOR_WITNESSES.d3}) never reached`).toBeGreaterThan(0);
    expect(r.endedUndefined.openmp / programs).toBeLessThan(0.5);
  });

  it('detectors recognise each case in a hand-written program', () => {
    const program: Program = {
      version: 1,
      world: OMP_POOL_WORLD,
      steps: [
        { op: 'omp_target_alloc', bytes: 64, device: 0, result: 'd1' },
        { op: 'omp_target_associate_ptr', host: { var: 'b' }, dev: { handle: 'd1' }, bytes: 32, offset: 0, device: 0 },
        { op: 'omp_target_associate_ptr', host: { var: 'b' }, dev: { handle: 'd1' }, bytes: 32, offset: 0, device: 0 }, // o2
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_enter_data', maps: [{ type: 'to', modifiers: ['always'], vars: ['a'] }] }, // o10
        { op: 'omp_get_mapped_ptr', ptr: { var: 'a', offset: 8 }, device: 0 }, // o7
        { op: 'omp_target_is_present', ptr: null, device: 0 }, // o4
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: -1 }, // o5
        { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['a'] }] },
        { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['a'] }] }, // o8
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['a'] }] },
        { op: 'omp_target_exit_data', maps: [{ type: 'release', modifiers: ['delete'], vars: ['a'] }] }, // o9
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_disassociate_ptr', ptr: { var: 'a' }, device: 0 }, // o3
        { op: 'omp_target_associate_ptr', host: { var: 'b', offset: 4 }, dev: { handle: 'd1', offset: 4 }, bytes: 4, offset: 0, device: 0 }, // o1
      ],
    };
    const hits = detectOmpWitnesses(program, modelWitnessTrace(program, spec));
    const expected: [number, OmpWitnessId][] = [[2, 'o2'], [4, 'o10'], [5, 'o7'], [6, 'o4'], [7, 'o5'], [9, 'o8'], [12, 'o9'], [14, 'o3'], [15, 'o1']];
    for (const [step, w] of expected) expect([...hits[step]!], `step ${step + 1}`).toContain(w);
    // each case is recognised where it happens and nowhere else
    for (const [step, w] of expected) expect(hits.findIndex((s) => s.has(w)), w).toBe(step);

    const invalid: Program = { version: 1, world: OMP_POOL_WORLD, steps: [{ op: 'omp_target_is_present', ptr: { var: 'a' }, device: 7 }] };
    expect([...detectOmpWitnesses(invalid, modelWitnessTrace(invalid, spec))[0]!]).toEqual(['o6']);
  });
});

describe('reach witnesses: the default campaign builds the states issue 15 found unexercised', () => {
  it('every reach witness is hit at least once (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    // a model bug costs only reach here: invariants.test.ts reports it
    const r = defaultCampaignReach();
    const programs = r.programs.openacc + r.programs.openmp;
    const lines = REACH_WITNESS_IDS.map((w) => `  ${w.padEnd(3)} ${String(r.reach[w]).padStart(5)} / ${programs}  ${REACH_WITNESSES[w]}`);
    console.log(`reach witness hits (seed ${budget.seed}):\n${lines.join('\n')}`);
    for (const w of REACH_WITNESS_IDS) expect(r.reach[w], `reach witness ${w} (${REACH_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
  });
});

describe('update witnesses: the default campaign reaches update and target update on present, partly present and absent data', () => {
  it('every update witness is hit at least once (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    const r = defaultCampaignReach();
    expectModelRan(r, 'both');
    const programs = r.programs.openacc + r.programs.openmp;
    const lines = UPDATE_WITNESS_IDS.map((w) => `  ${w.padEnd(3)} ${String(r.update[w]).padStart(5)} / ${programs}  ${UPDATE_WITNESSES[w]}`);
    console.log(`update witness hits (seed ${budget.seed}):\n${lines.join('\n')}`);
    for (const w of UPDATE_WITNESS_IDS) expect(r.update[w], `update witness ${w} (${UPDATE_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
  });

  it('detectors recognise each case in a hand-written program', () => {
    const acc: Program = {
      version: 1,
      world: ACC_WORLD,
      steps: [
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p'] }] },
        { op: 'acc_update', clauses: [{ clause: 'device', vars: ['a'] }] }, // u1
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['a(2:3)'] }] }, // u2
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['b'] }], if_present: true }, // u3
        { op: 'acc_update', clauses: [{ clause: 'device', vars: ['c'] }] }, // u5 (and u1)
      ],
    };
    const accHits = detectUpdateWitnesses(acc, modelWitnessTrace(acc, spec));
    expect([...accHits[2]!]).toEqual(['u1']);
    expect([...accHits[3]!]).toEqual(['u2']);
    expect([...accHits[4]!]).toEqual(['u3']);
    expect([...accHits[5]!].sort()).toEqual(['u1', 'u5']);
    const partly: Program = {
      version: 1,
      world: ACC_WORLD,
      steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:5)'] }] }, { op: 'acc_update', clauses: [{ clause: 'device', vars: ['a'] }] }],
    };
    expect([...detectUpdateWitnesses(partly, modelWitnessTrace(partly, spec))[1]!]).toEqual(['u4']);

    const omp: Program = {
      version: 1,
      world: OMP_POOL_WORLD,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:4)'] }] },
        { op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(1:4)'] }] }, // u6
        { op: 'omp_target_update', motions: [{ type: 'to', vars: ['b'] }] }, // u7
        { op: 'omp_target_update', motions: [{ type: 'to', vars: ['a'] }] }, // u9
        { op: 'omp_target_update', motions: [{ type: 'to', modifiers: ['present'], vars: ['b'] }] }, // u8
      ],
    };
    const ompHits = detectUpdateWitnesses(omp, modelWitnessTrace(omp, spec));
    expect(ompHits.map((s) => [...s])).toEqual([[], ['u6'], ['u7'], ['u9'], ['u8']]);

    const usm: Program = {
      version: 1,
      world: { ...OMP_POOL_WORLD, requires: ['unified_shared_memory'] },
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }] },
        { op: 'omp_target', maps: [], body: { read: 'c%p' } }, // u11
        { op: 'omp_target_enter_data', maps: [{ type: 'to', modifiers: ['close'], vars: ['b'] }] }, // u10
      ],
    };
    expect(detectUpdateWitnesses(usm, modelWitnessTrace(usm, spec)).map((s) => [...s])).toEqual([[], ['u11'], ['u10']]);
  });
});

describe('pointer-value witnesses: kernels read pointers themselves and keep their values (issue 9 item 7)', () => {
  it('every pointer-value witness is hit at least once (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    const r = defaultCampaignReach();
    expectModelRan(r, 'both');
    const programs = r.programs.openacc + r.programs.openmp;
    const lines = POINTER_WITNESS_IDS.map((w) => `  ${w.padEnd(3)} ${String(r.pointer[w]).padStart(5)} / ${programs}  ${POINTER_WITNESSES[w]}`);
    console.log(`pointer-value witness hits (seed ${budget.seed}):\n${lines.join('\n')}`);
    for (const w of POINTER_WITNESS_IDS) expect(r.pointer[w], `pointer-value witness ${w} (${POINTER_WITNESSES[w]}) never reached`).toBeGreaterThan(0);
  });

  it('detectors recognise each case in the examples', () => {
    const hits = (file: string) => {
      const p = loadProgramFile(file);
      return detectPointerWitnesses(p, modelWitnessTrace(p, spec)).map((s) => [...s].sort().join(','));
    };
    // host address, device address (kept), the copy, read, delete, host address again, the stale copy
    expect(hits('examples/pointer-value.json')).toEqual(['', 'v2', '', 'v1', '', '', '', 'v2', 'v5']);
    expect(hits('examples/omp-pointer-value.json')).toEqual(['', 'v2', '', 'v3', '', '', '', 'v4', 'v5']);
  });
});
