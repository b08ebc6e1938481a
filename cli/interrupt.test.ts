// Ctrl-C during `fuzz`: the campaign stops cleanly, the summary so far and the reproduce command are
// printed, the exit code is 130, and on a terminal the cursor the progress bar hid is shown again.
// Real child processes, real SIGINT (the campaign runs on worker threads, --workers 2).

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'mapcheck.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-interrupt-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const fuzz = ['fuzz', '--time', '120', '--workers', '2', '--seed', '5', '--no-coverage', '--out', join(scratch, 'cases')];

/** Collects a child's output; resolves with the exit code and signal once it ends. */
function collect(child: ChildProcess): { text: () => string; done: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
  return { text: () => text, done };
}

async function waitFor(what: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out waiting for the campaign to make progress');
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('SIGINT: summary so far, reproduce command, exit 130', async () => {
  const child = spawn(process.execPath, [bin, ...fuzz], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = collect(child);
  // Without a terminal, progress lines come every 5 s: the first one says runs were made.
  await waitFor(() => /fuzz: \d+ runs/.test(out.text()), 90_000);
  child.kill('SIGINT');
  const { code } = await out.done;
  expect(code).toBe(130);
  const m = /\ninterrupted after (\d+) runs \([\d.]+ s\): no divergence found in them\nreproduce: (.*)\n/.exec(out.text());
  expect(m, out.text()).not.toBeNull();
  expect(Number(m![1])).toBeGreaterThan(0);
  expect(m![2]).toBe(`npx mapcheck fuzz --profile spec --against impl --compare state --seed 5 --runs ${m![1]} --api both`);
});

const hasScript = spawnSync('script', ['--version']).status === 0 && spawnSync('pgrep', ['--version']).status === 0;

test.skipIf(!hasScript)('on a terminal the hidden cursor is shown again (needs util-linux script for a pty and pgrep)', async () => {
  // `script` gives the campaign a terminal; `exec` makes node its direct child, which gets the SIGINT.
  const command = [process.execPath, bin, ...fuzz].map((w) => `'${w}'`).join(' ');
  const child = spawn('script', ['-q', '-e', '-c', `exec ${command}`, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out = collect(child);
  await waitFor(() => out.text().includes('\x1b[?25l') && /\| \d+ runs/.test(out.text()), 90_000);
  const node = spawnSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' }).stdout.trim().split('\n')[0]!;
  process.kill(Number(node), 'SIGINT');
  const { code } = await out.done;
  expect(code).toBe(130);
  const text = out.text();
  expect(text.lastIndexOf('\x1b[?25h')).toBeGreaterThan(text.lastIndexOf('\x1b[?25l'));
  expect(text).toMatch(/interrupted after \d+ runs/);
});
