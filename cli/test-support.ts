// Shared by the CLI tests: run `main` in-process with captured output, and the seed cases' paths.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { main } from './main.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const REATTACH = join(root, 'counterexamples', 'cases', 'seed-000-reattach-after-reassociation.json');
export const DETACH = join(root, 'counterexamples', 'cases', 'seed-000-detach-never-attached.json');

/** Runs `mapcheck ARGV…` in this process; returns the exit code and everything printed. */
export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => void (out += t), err: (t) => void (err += t), errIsTTY: false });
  return { code, out, err };
}
