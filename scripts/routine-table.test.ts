// The README's routine table must be what the model says now, and every case behind it must be a
// valid program whose setup reaches the call under each profile of the table.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import {
  README_PATH,
  ROUTINES,
  ROUTINE_CASES,
  TABLE_BEGIN,
  TABLE_COMMAND,
  TABLE_END,
  TABLE_PROFILES,
  caseProgram,
  readSection,
  renderRoutineTable,
  replaceSection,
} from './routine-table.js';

test('the README routine table matches the model', () => {
  const current = readSection(readFileSync(README_PATH, 'utf8'));
  expect(current, `README.md's routine table is stale: run \`${TABLE_COMMAND}\` and commit README.md`).toBe(renderRoutineTable());
});

describe('the routine cases', () => {
  test('cover every routine with at least the host device, an invalid device and NULL or size 0', () => {
    for (const routine of ROUTINES) {
      const labels = ROUTINE_CASES.filter((rc) => rc.call.op === routine).map((rc) => rc.label);
      expect(labels, routine).toContain('invalid device');
      expect(labels.some((l) => l.startsWith('host device') || l.startsWith('host to')), routine).toBe(true);
      expect(labels.some((l) => l.startsWith('NULL') || l.startsWith('size 0')), routine).toBe(true);
    }
  });

  test.each(ROUTINE_CASES.map((rc) => [`${rc.call.op}: ${rc.label}`, rc] as const))('%s is a valid program', (_name, rc) => {
    const checked = validateProgram(JSON.parse(JSON.stringify(caseProgram(rc))));
    expect(checked.ok ? 'valid' : `${checked.field}: ${checked.message}`).toBe('valid');
  });

  test.each(TABLE_PROFILES.map((p) => [p]))('setup steps run to the call under %s', (name) => {
    const profile = loadProfile(name);
    const stopped: string[] = [];
    for (const rc of ROUTINE_CASES) {
      const observations = runTrace(caseProgram(rc), { engine: 'model', profile }, false).observations;
      const k = observations.slice(0, -1).findIndex((o) => o.kind === 'error' || o.kind === 'undefined');
      if (k >= 0) stopped.push(`${rc.call.op}: ${rc.label} stops at setup step ${k + 1}`);
    }
    expect(stopped).toEqual([]);
  });
});

describe('the README section', () => {
  const readme = `# title\n\nbefore\n${TABLE_BEGIN}\nold table\n${TABLE_END}\nafter\n`;

  test('replacing it keeps everything outside the markers', () => {
    const next = replaceSection(readme, 'new table\n');
    expect(next).toBe(`# title\n\nbefore\n${TABLE_BEGIN}\nnew table\n${TABLE_END}\nafter\n`);
    expect(readSection(next)).toBe('new table\n');
  });

  test('a README without both markers is refused', () => {
    expect(() => replaceSection('# title\n', 'x')).toThrow(/routine-table:begin/);
    expect(() => readSection(`${TABLE_END}\n${TABLE_BEGIN}\n`)).toThrow(/routine-table:begin/);
  });
});
