// Every rule the model cites has a conformance file whose name carries its section number and
// whose rows make the rule fire; every op of the language appears in some row.

import { expect, test } from 'vitest';
import { STEP_OPS, opInfo } from '../lang/ops.js';
import { KNOBS, loadProfile } from '../profiles/index.js';
import { modelledRules } from '../properties/coverage.js';
import { runTrace } from '../properties/compare.js';
import { SECTIONS } from './index.js';
import { overrideKeys, rowProgram } from './rows.js';

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

test('every op of the language appears in some row, and in a row of the file of the section that defines it', () => {
  const used = new Set(SECTIONS.flatMap(({ section }) => section.rows.flatMap((r) => r.steps.map((s) => s.op))));
  expect(STEP_OPS.filter((op) => !used.has(op))).toEqual([]);
  const unplaced: string[] = [];
  for (const op of STEP_OPS) {
    const info = opInfo(op);
    if (info.api === 'host') continue;
    const section = /§(\d+(?:\.\d+)*)/.exec(info.cite)?.[1];
    const files = SECTIONS.filter((s) => s.section.section === section && s.file.startsWith(info.api === 'openacc' ? 'acc/' : 'omp/'));
    if (!files.some((f) => f.section.rows.some((r) => r.steps.some((s) => s.op === op)))) unplaced.push(`${op} (${info.cite}): no row of a §${section} file uses it`);
  }
  expect(unplaced).toEqual([]);
});

test('every knob is named by a row that shows its readings (an override key, or the name or citation of the row)', () => {
  const named = (id: string) =>
    SECTIONS.some(({ section }) =>
      section.rows.some((r) => overrideKeys(r).some((k) => k.split(',').some((p) => p.startsWith(`${id}=`))) || new RegExp(`\\b${id}\\b`).test(`${r.name} ${r.cite ?? ''}`)),
    );
  expect(KNOBS.map((k) => k.id).filter((id) => !named(id))).toEqual([]);
});
