// The `npm test` campaign budget read from MAPCHECK_* variables.

import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_STEPS } from './arbitraries.js';
import { DEFAULT_SEED, DEFAULT_TEST_RUNS, campaignBudgetFromEnv, campaignParameters } from './budget.js';

describe('campaign budget from the environment', () => {
  it('defaults to a fixed seed and a run count', () => {
    expect(campaignBudgetFromEnv({}, false)).toEqual({ seed: DEFAULT_SEED, runs: DEFAULT_TEST_RUNS, maxSteps: DEFAULT_MAX_STEPS });
  });

  it('reads runs, time, seed and max steps', () => {
    expect(campaignBudgetFromEnv({ MAPCHECK_RUNS: '50', MAPCHECK_SEED: '7', MAPCHECK_MAX_STEPS: '10' }, false)).toEqual({
      seed: 7,
      runs: 50,
      maxSteps: 10,
    });
    // time alone: run until the time is up
    expect(campaignBudgetFromEnv({ MAPCHECK_TIME: '1.5' }, false)).toEqual({ seed: DEFAULT_SEED, timeMs: 1500, maxSteps: DEFAULT_MAX_STEPS });
    expect(campaignParameters(1, undefined, 1500).numRuns).toBe(Number.POSITIVE_INFINITY);
    expect(campaignParameters(1, 20, 1500).numRuns).toBe(20);
  });

  it('rejects malformed values with the variable name', () => {
    expect(() => campaignBudgetFromEnv({ MAPCHECK_RUNS: 'many' }, false)).toThrow(/MAPCHECK_RUNS=many/);
    expect(() => campaignBudgetFromEnv({ MAPCHECK_RUNS: '2.5' }, false)).toThrow(/positive integer/);
    expect(() => campaignBudgetFromEnv({ MAPCHECK_TIME: '-1' }, false)).toThrow(/MAPCHECK_TIME/);
    expect(() => campaignBudgetFromEnv({ MAPCHECK_SEED: 'abc' }, false)).toThrow(/MAPCHECK_SEED=abc/);
  });

  it('takes seeds in the range `mapcheck fuzz --seed` takes, unchanged', () => {
    expect(campaignBudgetFromEnv({ MAPCHECK_SEED: '0' }, false).seed).toBe(0);
    expect(campaignBudgetFromEnv({ MAPCHECK_SEED: '4294967295' }, false).seed).toBe(4294967295);
    expect(campaignBudgetFromEnv({ MAPCHECK_SEED: '3000000000' }, false).seed).toBe(3000000000);
    for (const bad of ['-1', '4294967296', '1e3', '2.0'])
      expect(() => campaignBudgetFromEnv({ MAPCHECK_SEED: bad }, false), bad).toThrow(/from 0 to 4294967295/);
  });
});
