// Campaign budgets: the fast-check parameters every campaign-shaped run shares, and the `npm test`
// budget read from the environment. No engine imports here, so scripts can use it on their own.

import fc from 'fast-check';
import type { Program } from '../lang/program.js';
import { DEFAULT_MAX_STEPS } from './arbitraries.js';

export const DEFAULT_CAMPAIGN_RUNS = 100;

/** fast-check parameters shared by every campaign-shaped run (refinement, witnesses, CLI). */
export function campaignParameters(seed: number, runs: number | undefined, timeMs: number | undefined): fc.Parameters<[Program]> {
  const numRuns = runs ?? (timeMs !== undefined ? Number.POSITIVE_INFINITY : DEFAULT_CAMPAIGN_RUNS);
  return {
    seed,
    numRuns,
    plugins: timeMs !== undefined ? [fc.interruptAfterTimeLimit(timeMs)] : [],
  };
}

export interface CampaignBudget {
  seed: number;
  /** Programs per campaign; undefined means "until timeMs". */
  runs?: number;
  timeMs?: number;
  maxSteps: number;
}

/** Fixed so that `npm test` generates the same programs on every machine (override with MAPCHECK_SEED). */
export const DEFAULT_SEED = 20251202;
/** Largest seed: seeds are 32-bit unsigned integers, as `mapcheck fuzz --seed` takes them. */
const MAX_SEED = 0xffffffff;
/** Programs per profile in `npm test` when neither MAPCHECK_RUNS nor MAPCHECK_TIME is set. */
export const DEFAULT_TEST_RUNS = 5000;

function positiveNumber(env: NodeJS.ProcessEnv, name: string, integer: boolean): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new Error(`${name}=${raw}: expected a positive ${integer ? 'integer' : 'number'}`);
  return n;
}

/**
 * The `npm test` campaign budget: MAPCHECK_RUNS (programs per campaign), MAPCHECK_TIME (seconds per
 * campaign), MAPCHECK_SEED (an integer from 0 to 2^32 − 1), MAPCHECK_MAX_STEPS. With only
 * MAPCHECK_TIME set, campaigns run until the time is up; with both, whichever ends first. Every
 * test file reads the same variables, so the refinement, invariant and witness campaigns see the
 * same programs. Logs the budget (and with it the seed).
 */
export function campaignBudgetFromEnv(env: NodeJS.ProcessEnv = process.env, log = true): CampaignBudget {
  const rawSeed = env.MAPCHECK_SEED?.trim();
  let seed: number;
  // the range `mapcheck fuzz --seed` accepts, so a seed npm test prints can be passed to the CLI
  if (rawSeed === undefined || rawSeed === '') seed = DEFAULT_SEED;
  else if (/^\d+$/.test(rawSeed) && Number(rawSeed) <= MAX_SEED) seed = Number(rawSeed);
  else throw new Error(`MAPCHECK_SEED=${rawSeed}: expected an integer from 0 to ${MAX_SEED} (for a fresh one: MAPCHECK_SEED=$RANDOM)`);

  const runs = positiveNumber(env, 'MAPCHECK_RUNS', true);
  const timeSeconds = positiveNumber(env, 'MAPCHECK_TIME', false);
  const maxSteps = positiveNumber(env, 'MAPCHECK_MAX_STEPS', true) ?? DEFAULT_MAX_STEPS;
  const budget: CampaignBudget = { seed, maxSteps };
  if (timeSeconds !== undefined) budget.timeMs = Math.round(timeSeconds * 1000);
  if (runs !== undefined) budget.runs = runs;
  else if (timeSeconds === undefined) budget.runs = DEFAULT_TEST_RUNS;
  if (log) console.log(`mapcheck campaign budget: ${describeBudget(budget)}`);
  return budget;
}

export function describeBudget(b: CampaignBudget): string {
  const parts = [`seed=${b.seed}`];
  if (b.runs !== undefined) parts.push(`runs=${b.runs}`);
  if (b.timeMs !== undefined) parts.push(`time=${b.timeMs / 1000}s`);
  parts.push(`maxSteps=${b.maxSteps}`);
  return parts.join(' ');
}

/**
 * The smallest budget under which the witness tests' claims (every witness state is reached, every
 * knob reading is told apart, two readings diverge) are made: the default program count, program
 * length and a run count rather than a time limit. They were established at the default seed;
 * below this budget a rare state may simply not come up, so the tests skip and say why.
 */
export const WITNESS_MIN_RUNS = DEFAULT_TEST_RUNS;

/** Why `b` is too small for the witness claims, or null when it is large enough. */
export function witnessBudgetShortfall(b: CampaignBudget): string | null {
  if (b.runs === undefined) return `the witness claims need a run count of at least ${WITNESS_MIN_RUNS} (MAPCHECK_RUNS), not only a time limit`;
  if (b.runs < WITNESS_MIN_RUNS) return `the witness claims need at least ${WITNESS_MIN_RUNS} programs per campaign; MAPCHECK_RUNS=${b.runs}`;
  if (b.timeMs !== undefined) return `the witness claims need the whole run count; MAPCHECK_TIME may cut campaigns short`;
  if (b.maxSteps < DEFAULT_MAX_STEPS) return `the witness claims need programs of up to ${DEFAULT_MAX_STEPS} steps; MAPCHECK_MAX_STEPS=${b.maxSteps}`;
  return null;
}
