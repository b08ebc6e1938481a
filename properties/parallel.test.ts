// `--workers N` must not change what a campaign finds: the same seed and run count give the same
// verdict, the same run count and the same minimal program for N = 1, 2 and 4 (the chunks of
// properties/campaign.ts decide, in chunk order, whichever thread runs them).

import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { CHUNK_RUNS, chunkRuns, chunkSeed, runCampaign } from './campaign.js';
import { runCampaignParallel } from './parallel.js';
import { renderProgram } from './shrink.js';

const spec = { engine: 'model' as const, profile: loadProfile('spec') };
const cray = { engine: 'model' as const, profile: loadProfile('cray-19') };

describe('chunked campaigns', () => {
  it('chunk seeds are distinct and chunk 0 keeps the campaign seed', () => {
    const seeds = new Set(Array.from({ length: 1000 }, (_, k) => chunkSeed(42, k)));
    expect(seeds.size).toBe(1000);
    expect(chunkSeed(42, 0)).toBe(42);
    expect(chunkSeed(42, 1)).not.toBe(chunkSeed(43, 1));
  });

  it('a run count is cut into whole chunks and a rest', () => {
    expect([0, 1, 2, 3].map((k) => chunkRuns(2 * CHUNK_RUNS + 5, k))).toEqual([CHUNK_RUNS, CHUNK_RUNS, 5, 0]);
  });

  it('spec vs cray-19: the same verdict, runs and minimal program with 1, 2 and 4 workers', async () => {
    const o = { a: spec, b: cray, compare: 'observations' as const, seed: 13, runs: 1000 };
    const one = runCampaign(o);
    expect(one.found, 'spec and cray-19 differ within 1000 programs of seed 13').not.toBeNull();
    for (const n of [1, 2, 4]) {
      const r = await runCampaignParallel(o, n);
      expect(r.runs, `runs with ${n} workers`).toBe(one.runs);
      expect(renderProgram(r.found!.program), `minimal program with ${n} workers`).toBe(renderProgram(one.found!.program));
      expect(r.found!.divergence.step).toBe(one.found!.divergence.step);
    }
  });

  it('no divergence: every run is made, whatever the worker count', async () => {
    const o = { a: spec, b: { engine: 'impl' as const, profile: spec.profile }, compare: 'state' as const, seed: 11, runs: 3 * CHUNK_RUNS + 1 };
    for (const n of [1, 2]) {
      const r = await runCampaignParallel(o, n);
      expect(r.found).toBeNull();
      expect(r.runs).toBe(3 * CHUNK_RUNS + 1);
    }
  });
});
