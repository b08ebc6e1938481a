// The README's routine table must be what the model says now. The cases behind it are conformance
// rows: conformance.test.ts validates each program and checks every step, setup included, against
// its hand-written expectation on both engines under every profile.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  README_PATH,
  ROUTINES,
  ROUTINE_CASES,
  TABLE_BEGIN,
  TABLE_COMMAND,
  TABLE_END,
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
      const labels = ROUTINE_CASES.filter((rc) => rc.routine === routine).map((rc) => rc.label);
      expect(labels, routine).toContain('invalid device');
      expect(labels.some((l) => l.startsWith('host device') || l.startsWith('host to')), routine).toBe(true);
      expect(labels.some((l) => l.startsWith('NULL') || l.startsWith('size 0')), routine).toBe(true);
    }
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
