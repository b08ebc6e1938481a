// `--workers N` must not change what a campaign finds: the same seed and run count give the same
// verdict, the same run count and the same minimal program for N = 1, 2 and 4 (the chunks of
// properties/campaign.ts decide, in chunk order, whichever thread runs them).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { CHUNK_RUNS, DRAW_CACHE_PROGRAMS, chunkRuns, chunkSeed, drawChunk, runCampaign } from './campaign.js';
import { programArbFor } from './api.js';
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

  it('a chunk drawn again comes from the draw cache: the same frozen programs fc.sample draws, and the oldest chunk leaves first', () => {
    const first = drawChunk('openacc', 10, 991, CHUNK_RUNS);
    expect(drawChunk('openacc', 10, 991, CHUNK_RUNS)).toBe(first);
    expect(first).toEqual(fc.sample(programArbFor('openacc', { maxSteps: 10 }), { seed: 991, numRuns: CHUNK_RUNS }));
    const program = first[0]!;
    expect(Object.isFrozen(program) && Object.isFrozen(program.steps) && Object.isFrozen(program.world)).toBe(true);
    expect(() => (program.steps as unknown[]).push({ op: 'host_read', var: 'a' })).toThrow(TypeError);
    // another key (API, step bound, seed or size) is another chunk
    expect(drawChunk('openmp', 10, 991, CHUNK_RUNS)).not.toBe(first);
    expect(drawChunk('openacc', 10, 991, CHUNK_RUNS - 1)).not.toBe(first);
    // enough other chunks to pass the bound push the first one out: drawn again, equal, a new array
    for (let k = 0; k * CHUNK_RUNS <= DRAW_CACHE_PROGRAMS; k++) drawChunk('openacc', 2, 5000 + k, CHUNK_RUNS);
    const again = drawChunk('openacc', 10, 991, CHUNK_RUNS);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('spec vs cray-19: the same verdict, runs and minimal program with 1, 2 and 4 workers', async () => {
    const o = { a: spec, b: cray, compare: 'observations' as const, seed: 18, runs: 1000 };
    const one = runCampaign(o);
    expect(one.found, 'spec and cray-19 differ within 1000 programs of seed 18 (the first divergence at program 134)').not.toBeNull();
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
