// The corpus survives: saved cases are replayed before a campaign, a broken file is reported by
// name without stopping the others, and a campaign killed with SIGKILL in the middle of saving leaves
// every case that loaded before loadable after, and no partial case file.

import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { DETACH, REATTACH, cli } from '../cli/test-support.js';
import { buildCase, listCaseFiles, loadCaseFile, removeOrphanedTemporaries, saveCase } from './case.js';
import { replayCorpus } from './corpus.js';

const here = dirname(fileURLToPath(import.meta.url));
const spec = { engine: 'model' as const, profile: loadProfile('spec') };
const cray = { engine: 'model' as const, profile: loadProfile('cray-19') };

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-corpus-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => mkdtempSync(join(scratch, `d${dirs++}-`));

describe('replayCorpus', () => {
  test('replays the cases of the campaign sides, reports broken and failing ones by name, skips other sides', () => {
    const dir = freshDir();
    copyFileSync(REATTACH, join(dir, basename(REATTACH)));
    copyFileSync(DETACH, join(dir, basename(DETACH)));
    // The re-attach program recorded as `fixed`: spec and cray-19 must agree on it, and they do not.
    const wrong = saveCase(
      dir,
      buildCase({ program: loadCaseFile(REATTACH).program, a: spec, b: cray, compare: 'state', status: 'fixed', found: { by: 'test', seed: null, date: '2026-01-01' } }),
    );
    // A case for other sides (spec against impl), and a file cut off in the middle.
    saveCase(dir, buildCase({ program: loadCaseFile(DETACH).program, a: spec, b: { engine: 'impl', profile: spec.profile }, compare: 'state', status: 'fixed', found: { by: 'test', seed: null, date: '2026-01-01' } }));
    const broken = join(dir, 'aaa-broken.json');
    writeFileSync(broken, readFileSync(REATTACH, 'utf8').slice(0, 300));

    const report = replayCorpus(dir, spec, cray);
    expect(report.skipped).toBe(1);
    const byName = Object.fromEntries(report.entries.map((e) => [basename(e.path), e]));
    expect(Object.keys(byName).sort()).toEqual(['aaa-broken.json', basename(DETACH), basename(REATTACH), basename(wrong)].sort());
    expect(byName['aaa-broken.json']).toMatchObject({ outcome: 'unloadable', problems: [expect.stringContaining(`${broken}: not valid JSON`)] });
    expect(byName[basename(REATTACH)]).toEqual({ path: join(dir, basename(REATTACH)), outcome: 'ok' });
    expect(byName[basename(DETACH)]!.outcome).toBe('ok');
    expect(byName[basename(wrong)]).toMatchObject({ outcome: 'failed', problems: [expect.stringMatching(/^status fixed, but .* still diverge at step 5/)] });
  });

  test('a missing directory is an empty corpus', () => {
    expect(replayCorpus(join(scratch, 'nowhere'), spec, cray)).toEqual({ dir: join(scratch, 'nowhere'), entries: [], skipped: 0 });
  });

  test('mapcheck fuzz replays the corpus first and fails when a saved case no longer holds', async () => {
    const dir = freshDir();
    copyFileSync(REATTACH, join(dir, basename(REATTACH)));
    writeFileSync(join(dir, 'broken.json'), '{');
    const argv = ['fuzz', '--against', 'cray-19', '--runs', '1', '--seed', '1', '--max-steps', '1', '--no-coverage', '--out', dir];
    const first = await cli(...argv);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^corpus: 1 saved case\(s\) of these sides in .* replayed, 0 no longer as recorded$/m);
    expect(first.err).toContain(`corpus: skipped, does not load: ${join(dir, 'broken.json')}: not valid JSON`);

    // Pretend the profiles used to agree on the re-attach program: the replay now reports it.
    const agreeing = { ...JSON.parse(readFileSync(REATTACH, 'utf8')), status: 'fixed', divergence: null };
    writeFileSync(join(dir, basename(REATTACH)), JSON.stringify(agreeing));
    const second = await cli(...argv);
    expect(second.code).toBe(1);
    expect(second.out).toContain(`FAILED ${join(dir, basename(REATTACH))}`);
    expect(second.out).toMatch(/status fixed, but model:spec vs model:cray-19 still diverge at step 6/);
    expect(second.out).toMatch(/no divergence in 1 runs/);
    expect(second.out).toMatch(/1 saved case\(s\) no longer replay as recorded/);
  });
});

// ------------------------------------------------------------------------------------------------
// SIGKILL while saving

const moduleUrl = (file: string) => JSON.stringify(pathToFileURL(join(here, file)).href);

/**
 * A campaign's saving loop on its own: saves variants 0, 1, 2, … of the re-attach program (each
 * with one more host write) as cases in DIR, up to COUNT, printing every saved path. Variants
 * already saved are found as twins and not written again.
 */
const SAVER = `
import { buildCase, loadCaseFile, saveCase } from ${moduleUrl('case.ts')};
import { loadProfile } from ${moduleUrl('../profiles/index.ts')};
const seed = loadCaseFile(process.env.SEED_CASE);
const a = { engine: 'model', profile: loadProfile('spec') };
const b = { engine: 'model', profile: loadProfile('cray-19') };
for (let i = 0; i < Number(process.env.COUNT); i++) {
  const program = { ...seed.program, steps: [...seed.program.steps, { op: 'host_write', var: 'a', value: i }] };
  const c = buildCase({ program, a, b, compare: 'observations', status: 'known-divergence', found: { by: 'kill test', seed: null, date: '2026-01-01' } });
  process.stdout.write(saveCase(process.env.DIR, c) + '\\n');
}
`;

/** Runs the saver; with `killAfterNew`, kills it with SIGKILL once it has written that many new cases, after a random delay. */
function runSaver(dir: string, count: number, killAfterNew?: number): Promise<{ saved: string[]; signal: NodeJS.Signals | null }> {
  const known = new Set(readdirSync(dir));
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SAVER], {
    env: { ...process.env, DIR: dir, COUNT: String(count), SEED_CASE: REATTACH },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const saved: string[] = [];
  let pending = '';
  let armed = false;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    saved.push(...lines);
    const fresh = saved.filter((p) => !known.has(basename(p))).length;
    if (killAfterNew !== undefined && !armed && fresh >= killAfterNew) {
      armed = true;
      setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 40));
    }
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (killAfterNew === undefined && code !== 0) reject(new Error(`saver exited with ${code}`));
      else resolve({ saved, signal });
    });
  });
}

test('SIGKILL while saving leaves no partial case file, and every case that loaded before loads after', async () => {
  const dir = freshDir();
  const first = await runSaver(dir, 3);
  expect(new Set(first.saved).size).toBe(3);

  for (let round = 0; round < 3; round++) {
    const before = new Map(listCaseFiles(dir).map((path) => [path, readFileSync(path, 'utf8')]));
    for (const path of before.keys()) loadCaseFile(path);

    const { signal } = await runSaver(dir, 1_000_000, 2);
    expect(signal).toBe('SIGKILL');

    // Every case file in the directory loads: none is partial.
    const after = listCaseFiles(dir);
    for (const path of after) expect(() => loadCaseFile(path), path).not.toThrow();
    // Every case that loaded before is still there, byte for byte.
    for (const [path, text] of before) expect(readFileSync(path, 'utf8'), path).toBe(text);
    expect(after.length).toBeGreaterThan(before.size);
    // Anything else is the temporary file of the killed save; the corpus sweeps it away.
    const others = readdirSync(dir).filter((name) => !name.endsWith('.json'));
    for (const name of others) expect(name).toMatch(/\.json\.tmp-\d+-[0-9a-f]+$/);
    expect(removeOrphanedTemporaries(dir, (name) => name.endsWith('.json')).map((p) => basename(p)).sort()).toEqual(others.sort());
    expect(readdirSync(dir).every((name) => name.endsWith('.json'))).toBe(true);
  }
}, 60_000);
