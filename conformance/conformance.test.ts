// Every conformance row on both engines under every built-in profile (and the knob readings a row
// names), each step checked against the row's hand-written expectation.

import { readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { validateProgram } from '../lang/validate.js';
import { SECTIONS } from './index.js';
import { checkRow } from './run.js';
import { rowProgram } from './rows.js';

const DIR = new URL('.', import.meta.url);

test('the index lists every section file, named by its section number', () => {
  const files = ['acc', 'omp'].flatMap((d) => readdirSync(new URL(`${d}/`, DIR)).map((f) => `${d}/${f}`)).sort();
  expect(SECTIONS.map((s) => s.file).sort()).toEqual(files);
  for (const { file, section } of SECTIONS) expect(file.split('/')[1]!.startsWith(`${section.section}-`), file).toBe(true);
});

test('there are at least 200 rows (issue 8; `npm run conformance:count` lists them per section)', () => {
  expect(SECTIONS.reduce((n, s) => n + s.section.rows.length, 0)).toBeGreaterThanOrEqual(200);
});

for (const { file, section } of SECTIONS)
  describe(`${file}: ${section.spec} §${section.section} ${section.title}`, () => {
    for (const row of section.rows)
      test(row.name, () => {
        const checked = validateProgram(structuredClone(rowProgram(section, row)));
        expect(checked.ok ? 'valid' : `step ${checked.step === undefined ? '-' : checked.step + 1} ${checked.field}: ${checked.message}`).toBe('valid');
        expect(checkRow(section, row)).toEqual([]);
      });
  });
