// `fuzz --shard i/n` on n local processes, then `corpus merge`: the shards run disjoint parts of the
// campaign whose union is the whole budget, and the divergence the unsharded campaign finds is
// among the merged cases (it lies in one shard's chunks, which that shard runs exactly as the whole
// campaign would).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { runCampaign } from '../properties/campaign.js';
import { listCaseFiles } from '../counterexamples/case.js';
import { main, type Io } from './main.js';

const root = join(import.meta.dirname, '..');
const N = 3;
const RUNS = 700;

function shard(i: number, out: string): Promise<{ code: number | null; text: string }> {
  const args = [join(root, 'bin', 'mapcheck.mjs'), 'fuzz', '--against', 'cray-19', '--runs', String(RUNS), '--seed', '18', '--shard', `${i}/${N}`, '--workers', '1', '--out', out];
  const child = spawn(process.execPath, args, { env: { ...process.env, MAPCHECK_SOURCES: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (text += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, text })));
}

describe('shards', () => {
  it(`${N} shard processes merged contain the unsharded campaign's divergence; the summary adds up`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapcheck-shards-'));
    try {
      const outs = Array.from({ length: N }, (_, i) => join(dir, `shard-${i}`));
      const results = await Promise.all(outs.map((out, i) => shard(i, out)));
      for (const r of results) expect([0, 1], r.text).toContain(r.code);

      const whole = runCampaign({
        a: { engine: 'model', profile: loadProfile('spec') },
        b: { engine: 'model', profile: loadProfile('cray-19') },
        compare: 'observations',
        seed: 18,
        runs: RUNS,
      });
      expect(whole.found, 'spec and cray-19 differ within the budget').not.toBeNull();
      const merged = join(dir, 'merged');
      let text = '';
      const io: Io = { out: (t) => void (text += t), err: (t) => void (text += t), errIsTTY: false };
      expect(await main(['corpus', 'merge', ...outs, '--into', merged], io)).toBe(0);
      expect(text).toMatch(new RegExp(`shards: ${N} of ${N}\\n`));
      const programs = listCaseFiles(merged).map((f) => JSON.stringify((JSON.parse(readFileSync(f, 'utf8')) as { program: unknown }).program));
      expect(programs).toContain(JSON.stringify(whole.found!.program));
      // every shard that found nothing ran all of its chunks: together with the finder's runs they add up
      const runs = Number(/\nruns: (\d+)\n/.exec(text)![1]);
      expect(runs).toBeGreaterThan(0);
      expect(runs).toBeLessThanOrEqual(RUNS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
