// A fuzzing campaign: generate programs, run each on two sides, and on the first divergence shrink
// it to a minimal program. Used by `npm test` (refinement.test.ts) and by `mapcheck fuzz`.
//
// Determinism: with a seed and a run count (no time limit) the same programs are generated in the
// same order and the same minimal program comes out. A time limit makes the run count depend on
// machine speed; the result reports the runs it made, so `seed` + `runs` replays it exactly.

import fc from 'fast-check';
import type { Program } from '../lang/program.js';
import { firstDivergence, type CompareMode, type Divergence, type RulesListener, type Side, type UndefinedListener } from './compare.js';
import { DEFAULT_MAX_STEPS, regionsBalanced } from './arbitraries.js';
import { DEFAULT_API, programArbFor, type ApiChoice } from './api.js';
import { greedyShrink, renderProgram } from './shrink.js';
import { campaignParameters } from './budget.js';

export interface CampaignOptions {
  a: Side;
  b: Side;
  compare: CompareMode;
  seed: number;
  /** Programs to try; default 100, or unbounded when only `timeMs` is given. */
  runs?: number;
  /** Stop generating new programs after this many milliseconds. */
  timeMs?: number;
  /** Bound on generated program length (default 25). */
  maxSteps?: number;
  /** Which API the generated programs use (default `both`: each program is OpenACC or OpenMP). */
  api?: ApiChoice;
  /** Progress while generating; once with `shrinking: true` when the first divergence is found. */
  onProgress?: (p: { runs: number; elapsedMs: number; total?: number; shrinking?: boolean }) => void;
  /** Hears the spec rules fired by every step of the generated programs (not by shrinking). */
  onRules?: RulesListener;
  /** Hears every generated program whose comparison stopped at an `undefined` observation (not shrinking's). */
  onStoppedAtUndefined?: (program: Program, step: number, rules: readonly string[]) => void;
}

export interface CampaignFound {
  /** The minimal program (fast-check shrinking, then the step-removal pass). */
  program: Program;
  /** Where the minimal program diverges. */
  divergence: Divergence;
  /** Steps in the program as first found, before shrinking. */
  originalLength: number;
}

export interface CampaignResult {
  seed: number;
  runs: number;
  elapsedMs: number;
  found: null | CampaignFound;
  /**
   * Generated programs whose comparison stopped at an `undefined` observation (nothing after it
   * is compared), in all and per spec rule fired at that step (`(no rule)` when the side that
   * observed it names none). A campaign whose programs mostly stop early checks little.
   */
  stoppedAtUndefined: { programs: number; byRule: Record<string, number> };
}

/** One line per rule, most frequent first: how many programs stopped at an `undefined` there. */
export function describeUndefinedStops(r: Pick<CampaignResult, 'runs' | 'stoppedAtUndefined'>, top = Number.POSITIVE_INFINITY): string {
  const { programs, byRule } = r.stoppedAtUndefined;
  const share = r.runs === 0 ? 0 : (100 * programs) / r.runs;
  const sorted = Object.entries(byRule).sort(([x, m], [y, n]) => n - m || (x < y ? -1 : 1));
  const rows = sorted.slice(0, top).map(([rule, n]) => `    ${String(n).padStart(6)}  ${rule}`);
  if (sorted.length > top) rows.push(`    (${sorted.length - top} more rules)`);
  return `${programs} of ${r.runs} programs (${share.toFixed(1)} %) stopped at an undefined observation${rows.length ? ', by rule fired at that step:\n' : ''}${rows.join('\n')}`;
}

/** A side threw (an internal error, not a divergence): the shrunk program that makes it throw. */
export class CampaignCrash extends Error {
  override name = 'CampaignCrash';
  constructor(
    readonly program: Program,
    readonly seed: number,
    readonly error: unknown,
  ) {
    super(
      `a side threw while running a generated program (seed ${seed}): ${(error as Error)?.message ?? String(error)}\n` +
        renderProgram(program),
    );
  }
}

type Failure = { kind: 'divergence'; divergence: Divergence } | { kind: 'crash'; error: unknown };
type Comparison = Pick<CampaignOptions, 'a' | 'b' | 'compare'>;

function failureOf(program: Program, o: Comparison, onRules?: RulesListener, onUndefined?: UndefinedListener): Failure | null {
  try {
    const d = firstDivergence(program, o.a, o.b, o.compare, onRules, onUndefined);
    return d === null ? null : { kind: 'divergence', divergence: d };
  } catch (error) {
    return { kind: 'crash', error };
  }
}

export function runCampaign(o: CampaignOptions): CampaignResult {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const params = campaignParameters(o.seed, o.runs, o.timeMs);
  const total = Number.isFinite(params.numRuns) ? params.numRuns : undefined;

  let runs = 0;
  let lastReport = 0;
  const stoppedAtUndefined: CampaignResult['stoppedAtUndefined'] = { programs: 0, byRule: {} };
  const stoppedIn = (program: Program): UndefinedListener => (step, rules) => {
    stoppedAtUndefined.programs++;
    for (const rule of rules.length > 0 ? rules : ['(no rule)']) stoppedAtUndefined.byRule[rule] = (stoppedAtUndefined.byRule[rule] ?? 0) + 1;
    o.onStoppedAtUndefined?.(program, step, rules);
  };
  let firstFailing: Program | null = null;
  const arb = programArbFor(o.api ?? DEFAULT_API, { maxSteps: o.maxSteps ?? DEFAULT_MAX_STEPS });
  const property = fc.property(arb, (program) => {
    // The generator only emits balanced programs; this keeps any other candidate out of the search.
    fc.pre(regionsBalanced(program.steps));
    const counting = firstFailing === null;
    const ok = failureOf(program, o, counting ? o.onRules : undefined, counting ? stoppedIn(program) : undefined) === null;
    if (firstFailing === null) {
      runs++;
      if (!ok) {
        firstFailing = program;
        o.onProgress?.({ runs, elapsedMs: elapsed(), shrinking: true });
      } else if (o.onProgress && (runs - lastReport >= 50 || runs === total)) {
        lastReport = runs;
        o.onProgress(total === undefined ? { runs, elapsedMs: elapsed() } : { runs, elapsedMs: elapsed(), total });
      }
    }
    return ok;
  });
  const details = fc.check(property, params);

  if (!details.failed || details.counterexample === null) {
    return { seed: o.seed, runs: details.numRuns, elapsedMs: elapsed(), found: null, stoppedAtUndefined };
  }
  const original = firstFailing ?? details.counterexample[0];
  const shrunk = domainShrink(details.counterexample[0], o);
  const failure = failureOf(shrunk, o);
  if (failure === null) throw new Error('internal: the shrunk program no longer fails (a side is not deterministic?)');
  if (failure.kind === 'crash') throw new CampaignCrash(shrunk, o.seed, failure.error);
  return {
    seed: o.seed,
    runs: details.numRuns,
    elapsedMs: elapsed(),
    found: { program: shrunk, divergence: failure.divergence, originalLength: original.steps.length },
    stoppedAtUndefined,
  };
}

// ------------------------------------------------------------------------------------------------
// Domain shrink pass

/**
 * Greedy shrinking in the language's own terms, after fast-check has done its part: repeatedly take
 * the first simplification that keeps the same kind of failure, until none does. Simplifications,
 * cheapest first: cut every step after the failing one; remove one step (a data region is removed
 * together with its end, keeping what it encloses); remove one clause or one clause var; drop
 * `finalize`, `default(present)` or an `acc_is_present` byte count. Every candidate is balanced.
 */
export function domainShrink(program: Program, o: Comparison): Program {
  const start = failureOf(program, o);
  if (start === null) return program;
  return greedyShrink(
    program,
    (p) => failureOf(p, o)?.kind === start.kind,
    (p) => {
      const f = failureOf(p, o);
      return f?.kind === 'divergence' ? f.divergence.step : null;
    },
  );
}
