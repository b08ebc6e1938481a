// Crash safety and determinism of whole campaigns, as tests: a `mapcheck fuzz` child killed with
// SIGKILL at a random point of its search, of its shrinking or of its saving leaves only cases that
// load; two campaigns writing into one --out lose nothing; the same --seed and --runs give the same
// verdict and the same shrunk program.

import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { cli } from '../cli/test-support.js';
import { listCaseFiles, loadCaseFile, replayCase } from './case.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-crash-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => mkdtempSync(join(scratch, `d${dirs++}-`));

/** spec against libgomp diverges within these runs (seeds 3 and 5), so a run searches, shrinks and saves. */
const campaign = (out: string, seed = 3) => ['fuzz', '--against', 'libgomp', '--runs', '50', '--seed', String(seed), '--no-coverage', '--out', out];
const SAVED = /^(?:saved|already kept): (\S+)/m;

type KillPoint = 'search' | 'shrinking' | 'saving';

/**
 * Runs `mapcheck ARGV` as a child; with `kill`, sends SIGKILL at that point: a random moment of the
 * search (before any divergence), a random moment after the shrinking note, or as soon as the
 * divergence is printed (the case is saved right after printing).
 */
function child(argv: string[], kill?: KillPoint): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  const p = spawn(process.execPath, [join(root, 'bin', 'mapcheck.mjs'), ...argv], { cwd: scratch, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let sent = false;
  const killNow = (delayMs: number) => {
    if (sent) return;
    sent = true;
    setTimeout(() => p.kill('SIGKILL'), delayMs);
  };
  p.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    if (kill === 'saving' && out.includes('DIVERGENCE')) killNow(0);
  });
  p.stderr.on('data', (d: Buffer) => {
    err += d.toString();
    if (kill === 'shrinking' && err.includes('shrinking it')) killNow(Math.floor(Math.random() * 150));
  });
  if (kill === 'search') p.stdout.once('data', () => killNow(Math.floor(Math.random() * 300)));
  return new Promise((resolve) => p.on('close', (code, signal) => resolve({ code, signal, out, err })));
}

/** Every `*.json` in `dir` loads as a case and replays as recorded; no other files but killed writers' temporaries. */
function expectOnlyLoadableCases(dir: string): string[] {
  const cases = listCaseFiles(dir);
  for (const f of cases) expect(replayCase(loadCaseFile(f), f), f).toEqual({ ok: true, problems: [] });
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // never created: killed before anything was saved
  }
  for (const n of names) expect(n, `unexpected file in ${dir}`).toMatch(/\.json(\.tmp-\d+-[0-9a-f]+)?$/);
  return cases;
}

describe('SIGKILL at a random point of a campaign', () => {
  test.each<KillPoint>(['search', 'shrinking', 'saving'])('killed while %s: what is left loads, and a rerun saves the case', async (point) => {
    const dir = join(freshDir(), 'out');
    const killed = await child(campaign(dir), point);
    // a fast child may finish before the signal lands; either way only whole cases may be left
    expect(killed.signal === 'SIGKILL' || killed.code === 1, `${point}: ${killed.code} ${killed.signal}\n${killed.err}`).toBe(true);
    expectOnlyLoadableCases(dir);
    const rerun = await child(campaign(dir));
    expect(rerun.code, rerun.err).toBe(1);
    expect(rerun.out).toMatch(SAVED);
    expect(expectOnlyLoadableCases(dir)).toHaveLength(1);
  });
});

describe('two campaigns writing into one --out', () => {
  test('run at the same time, each keeps what it found and every file loads', async () => {
    const dir = join(freshDir(), 'shared');
    const [x, y, z] = await Promise.all([child(campaign(dir, 3)), child(campaign(dir, 3)), child(campaign(dir, 5))]);
    for (const r of [x, y, z]) {
      expect(r.code, r.err).toBe(1);
      const saved = SAVED.exec(r.out)?.[1];
      expect(saved, r.out).toBeDefined();
      expect(loadCaseFile(join(scratch, saved!)).status).toBe('known-divergence');
    }
    // the same seed finds the same case: kept once
    expect(SAVED.exec(x.out)![1]).toBe(SAVED.exec(y.out)![1]);
    const cases = expectOnlyLoadableCases(dir);
    expect(cases.length).toBeGreaterThanOrEqual(1);
    expect(cases.length).toBeLessThanOrEqual(2);
  });
});

describe('determinism', () => {
  test('the same --seed and --runs give the same verdict, the same shrunk program and the same case', async () => {
    const [one, two] = [join(freshDir(), 'one'), join(freshDir(), 'two')];
    const strip = (s: string) => s.replace(/\d+\.\d s/g, 'T s').replaceAll(one, 'OUT').replaceAll(two, 'OUT');
    const first = await cli(...campaign(one));
    const again = await cli(...campaign(two));
    expect(first.code).toBe(1);
    expect(again.code).toBe(1);
    expect(strip(again.out)).toBe(strip(first.out));
    const [a] = listCaseFiles(one);
    const [b] = listCaseFiles(two);
    const [ca, cb] = [loadCaseFile(a!), loadCaseFile(b!)];
    expect({ ...cb, found: { ...cb.found, date: '' } }).toEqual({ ...ca, found: { ...ca.found, date: '' } });
  });
});
