// Replays every saved counterexample of the tracked corpus (counterexamples/cases/): one test per case file, so a file that no
// longer loads or replays fails on its own and names its problems.

import { basename } from 'node:path';
import { expect, test } from 'vitest';
import { listCaseFiles, loadCaseFile, replayCase } from './case.js';
import { CORPUS_DIR } from './store.js';

const cases = listCaseFiles(CORPUS_DIR);

test('the counterexample directory holds saved cases', () => {
  expect(cases.length).toBeGreaterThan(0);
});

test.each(cases.map((path) => [basename(path), path]))('replay %s', (_name, path) => {
  const { ok, problems } = replayCase(loadCaseFile(path), path);
  expect(ok, `\n${problems.join('\n')}`).toBe(true);
});
