// Replays every saved counterexample in this directory: one test per case file, so a file that no
// longer loads or replays fails on its own and names its problems.

import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { listCaseFiles, loadCaseFile, replayCase } from './case.js';

const cases = listCaseFiles(dirname(fileURLToPath(import.meta.url)));

test('the counterexample directory holds saved cases', () => {
  expect(cases.length).toBeGreaterThan(0);
});

test.each(cases.map((path) => [basename(path), path]))('replay %s', (_name, path) => {
  const { ok, problems } = replayCase(loadCaseFile(path));
  expect(ok, `\n${problems.join('\n')}`).toBe(true);
});
