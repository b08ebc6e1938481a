// The library entry points: lib/*.mjs (what package.json "exports" names) re-export exactly what
// api/*.ts exports, and the main entry offers what a user's property test needs.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ENTRIES, wrapperText } from '../scripts/lib-entries.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe.each(ENTRIES)('entry %s', (entry) => {
  test('lib wrapper re-exports every name of its api module (npm run lib regenerates it)', async () => {
    const names = Object.keys((await import(`./${entry}.js`)) as object);
    expect(readFileSync(join(root, 'lib', `${entry}.mjs`), 'utf8')).toBe(wrapperText(entry, names));
  });

  test('package.json exports it with its types', () => {
    const key = entry === 'index' ? '.' : `./${entry}`;
    expect(pkg.exports[key]).toEqual({ types: `./api/${entry}.ts`, default: `./lib/${entry}.mjs` });
  });
});

test('the main entry: programs from the arbitrary refine the model, and a broken comparison is reported', async () => {
  const lib = await import('./index.js');
  const programs = fc.sample(lib.programArb({ api: 'openmp', maxSteps: 6 }), { numRuns: 20, seed: 5 });
  for (const p of programs) {
    expect(lib.validateProgram(p).ok).toBe(true);
    expect(lib.refinementDivergence(p, 'libgomp')).toBeNull();
  }
  const reattach = lib.loadCaseFile(join(root, 'counterexamples', 'cases', 'seed-000-reattach-after-reassociation.json')).program;
  const [spec, cray] = [lib.side('model', 'spec'), lib.side('model', 'cray-19')];
  const d = lib.firstDivergence(reattach, spec, cray, 'observations');
  expect(d).not.toBeNull();
  expect(lib.describeDivergence(reattach, spec, cray, d!)).toBe(
    'step 6 !$acc parallel present(c) { read c%p }: model:spec vs model:cray-19: read [10*2] vs read [10*1]',
  );
});
