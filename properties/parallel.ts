// A campaign on several threads (`--workers N`): the chunks of properties/campaign.ts are run, in
// chunk order, by a tinypool pool of N threads. The verdict is the same as the
// one-thread campaign's for every N: the first failing chunk (in chunk order) decides, so chunks
// above a failing one are no longer started, and the result waits for every chunk below it.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Sources from '../bin/sources.mjs';
import Tinypool from 'tinypool';
import {
  campaignRuns,
  campaignVerdict,
  chunkAt,
  chunkRuns,
  chunkTask,
  runCampaign,
  type CampaignOptions,
  type CampaignResult,
  type ChunkResult,
} from './campaign.js';

/** Default worker count: the machine's cores. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * The worker entry: built JavaScript beside this module; from the TypeScript sources, the build's
 * worker when dist/ was built from these very sources (bin/sources.mjs: same fingerprint, so the
 * same code, and no thread has to compile the sources through tsx first: `npm test` after
 * `npm ci`), else the tsx shim. Named from the folder above, so that it resolves from
 * dist/cli/main.bundle.js too.
 */
export function campaignWorkerFile(): URL {
  if (import.meta.url.endsWith('.js')) return new URL('../properties/campaign-worker.js', import.meta.url);
  return buildIsCurrent() ? new URL('../dist/properties/campaign-worker.js', import.meta.url) : new URL('./campaign-worker.mjs', import.meta.url);
}

/** bin/sources.mjs, loaded only when running from the sources (dist/ has no bin/ beside it). */
const sources: typeof Sources | null = import.meta.url.endsWith('.js') ? null : await import(new URL('../bin/sources.mjs', import.meta.url).href);
let current: boolean | undefined;

/** Whether dist/ holds a build of the sources as they are now (checked once per process). */
function buildIsCurrent(): boolean {
  if (current === undefined) {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const { readBuildStamp, sourceFingerprint } = sources!;
    const stamp = readBuildStamp(root);
    current = stamp !== null && existsSync(join(root, 'dist', 'properties', 'campaign-worker.js')) && sourceFingerprint(root, stamp.files) === stamp.fingerprint;
  }
  return current;
}

/**
 * Runs a campaign on `workers` threads (1: in this thread, exactly runCampaign). The chunks run on a
 * pool of `workers` threads with two chunks in flight each, and this thread only hands them out and
 * collects their results, so it always answers at once: a pool thread never waits for it to finish
 * a chunk of its own before it gets the next one. (This thread used to run chunks too, between the
 * pool's; the pool thread then waited for it, and with 2 workers on 2 idle cores the campaign made
 * 9-27 % fewer programs per second in three 20-30 s `mapcheck fuzz --time` runs.)
 */
export async function runCampaignParallel(o: CampaignOptions, workers: number): Promise<CampaignResult> {
  if (workers <= 1) return runCampaign(o);
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const runs = campaignRuns(o);
  const total = Number.isFinite(runs) ? runs : undefined;
  const perThread = 2;
  const pool = new Tinypool({
    filename: campaignWorkerFile().href,
    minThreads: workers,
    maxThreads: workers,
    concurrentTasksPerWorker: perThread,
    idleTimeout: 1000,
  });
  const results = new Map<number, ChunkResult>();
  let lowestFailing = Number.POSITIVE_INFINITY;
  let next = 0;
  let done = 0;
  let lastReport = 0;
  let failure: unknown = null;
  let inFlight = 0;
  let settled: (() => void) | null = null;
  const mayStart = () =>
    failure === null &&
    chunkAt(o, next) < lowestFailing &&
    chunkRuns(runs, chunkAt(o, next)) > 0 &&
    (o.timeMs === undefined || next === 0 || elapsed() < o.timeMs);
  const record = (k: number, r: ChunkResult) => {
    results.set(k, r);
    if (r.failure !== null && k < lowestFailing) {
      lowestFailing = k;
      o.onProgress?.({ runs: done + r.runs, elapsedMs: elapsed(), shrinking: true });
    }
    done += r.runs;
    if (r.failure === null && o.onProgress && (done - lastReport >= 50 || done === total) && lowestFailing === Infinity) {
      lastReport = done;
      o.onProgress(total === undefined ? { runs: done, elapsedMs: elapsed() } : { runs: done, elapsedMs: elapsed(), total });
    }
  };
  const pump = () => {
    while (inFlight < workers * perThread && mayStart()) {
      const k = chunkAt(o, next++);
      inFlight++;
      pool
        .run(chunkTask(o, k, runs))
        .then((r: ChunkResult) => record(k, r))
        .catch((e: unknown) => {
          failure ??= e;
        })
        .finally(() => {
          inFlight--;
          pump();
          settled?.();
        });
    }
  };
  try {
    pump();
    while (inFlight > 0) await new Promise<void>((resolve) => (settled = resolve));
  } finally {
    await pool.destroy();
  }
  if (failure !== null) throw failure;
  // Only the chunks below the first failing one (and it) count: the one-thread campaign stops there.
  const kept = [...results.values()].filter((r) => r.chunk <= lowestFailing);
  return campaignVerdict(o.seed, kept, elapsed(), o);
}
