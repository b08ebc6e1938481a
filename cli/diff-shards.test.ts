// `diff --shard i/n` and `diff --workers N`: 4 shards merged by `corpus merge` find the same
// divergence classes as one unsharded run of the same total budget, and a run on 2 worker threads
// finds the same classes, with the same minimal programs and explanations, as one on 1.
//
// Seed 49, 512 programs (16 chunks of 32, four per shard): spec and cray-19 diverge in two observation
// classes. (Seed 3 at 256 programs met two classes until the generator gained struct members and
// pointer reads; seed 5 at 512 until the zero-length rewrite gained pointer members and the member
// idiom; at this budget each now meets one.)

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { runDiff, runDiffParallel, type DiffOptions, type DiffResult } from '../properties/diff.js';
import { cli } from './test-support.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-diff-shards-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SEED = 49;
const RUNS = 512;
const SHARDS = 4;
const options: DiffOptions = { a: loadProfile('spec'), b: loadProfile('cray-19'), compare: 'observations', seed: SEED, runs: RUNS, api: 'both' };

/** Every class key the run counts, a class merged into another (same minimal program) included. */
function classKeys(r: DiffResult): string[] {
  return [...new Set(r.classes.flatMap((c) => [c.key, ...c.merged]))].sort();
}

let whole: DiffResult | undefined;
const unsharded = () => (whole ??= runDiff(options));

describe('diff across shards and worker threads', () => {
  test(`${SHARDS} shards merged (mapcheck corpus merge) find the classes of one unsharded run of the same budget`, async () => {
    expect(unsharded().classes.length, 'spec and cray-19 differ in more than one class at this budget').toBeGreaterThanOrEqual(2);
    const dirs: string[] = [];
    let runs = 0;
    for (let i = 0; i < SHARDS; i++) {
      const dir = join(scratch, `shard-${i}`);
      dirs.push(dir);
      // shards on 1 and on 2 worker threads alike
      const r = await cli('diff', 'spec', 'cray-19', '--seed', String(SEED), '--runs', String(RUNS), '--shard', `${i}/${SHARDS}`, '--workers', String(1 + (i % 2)), '--out', dir);
      expect([0, 1], r.err).toContain(r.code);
      expect(r.out).toContain(`--shard ${i}/${SHARDS}`);
      runs += Number(/ in (\d+) runs /.exec(r.out)![1]);
    }
    // The shards ran disjoint parts whose union is the whole budget.
    expect(runs).toBe(unsharded().runs);
    const merged = await cli('corpus', 'merge', ...dirs);
    expect(merged.code).toBe(0);
    expect(merged.out).toContain(`shards: ${SHARDS} of ${SHARDS}\n`);
    expect(merged.out).toContain(`runs: ${RUNS}\n`);
    const block = new RegExp(`divergence classes: (\\d+) \\(by ${SHARDS} diff shard\\(s\\)\\)\\n((?: {2}.*\\n)*)`).exec(merged.out);
    expect(block, merged.out).not.toBeNull();
    const keys = block![2]!.trimEnd().split('\n').map((l) => l.trim()).sort();
    expect(keys).toEqual(classKeys(unsharded()));
    expect(Number(block![1])).toBe(keys.length);
  });

  test('--workers 2: the same classes, minimal programs and knobs as one thread', async () => {
    const two = await runDiffParallel(options, 2);
    const view = (r: DiffResult) => [...r.classes, ...r.hidden].map((c) => [c.id, c.key, c.merged, c.knobs, c.program, c.programs]);
    expect(two.runs).toBe(unsharded().runs);
    expect(view(two)).toEqual(view(unsharded()));
  });
});
