// Every rule the model cites has a conformance file whose name carries its section number and
// whose rows make the rule fire; every op of the language appears in some row.

import { expect, test } from 'vitest';
import { STEP_OPS } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { modelledRules } from '../properties/coverage.js';
import { runTrace } from '../properties/compare.js';
import { SECTIONS } from './index.js';
import { rowProgram } from './rows.js';

test('every rule the model cites is claimed by a conformance file named by its section', () => {
  const missing: string[] = [];
  for (const rule of modelledRules()) {
    const owners = SECTIONS.filter(({ section }) => section.rules.includes(rule.citation));
    if (owners.length === 0) missing.push(`${rule.citation}: no conformance file lists it`);
    for (const { file } of owners)
      if (!file.split('/')[1]!.startsWith(`${rule.section.slice(1)}-`)) missing.push(`${rule.citation}: ${file} is not named by section ${rule.section}`);
  }
  expect(missing).toEqual([]);
});

test('every rule a file claims is one the model cites, and the file’s rows make it fire', () => {
  const cited = new Set(modelledRules().map((r) => r.citation));
  const spec = loadProfile('spec');
  const problems: string[] = [];
  for (const { file, section } of SECTIONS) {
    const fired = new Set<string>();
    for (const row of section.rows) for (const rules of runTrace(rowProgram(section, row), { engine: 'model', profile: spec }, false).rules) for (const r of rules) fired.add(r);
    for (const rule of section.rules) {
      if (!cited.has(rule)) problems.push(`${file}: '${rule}' is not a rule the model cites`);
      else if (!fired.has(rule)) problems.push(`${file}: no row makes '${rule}' fire under spec`);
    }
  }
  expect(problems).toEqual([]);
});

test('every op of the language appears in some row', () => {
  const used = new Set(SECTIONS.flatMap(({ section }) => section.rows.flatMap((r) => r.steps.map((s) => s.op))));
  expect(STEP_OPS.filter((op) => !used.has(op))).toEqual([]);
});
