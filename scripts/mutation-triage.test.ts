// The survivor triage check (scripts/mutation-triage.ts, `npm run mutation:report -- --check`):
// how survivors of a Stryker report are matched with the triage rows of MUTATION.md.

import { readdirSync, readFileSync } from 'node:fs';
import { sep } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkTriage, key, measuredTable, rekey, scoreTable, triageRowsOf, type Mutant, type Report } from './mutation-triage.js';

// Issue 15: every Survived / NoCoverage mutant of impl/ in the committed incremental file has its
// triage row in MUTATION.md. A mutation run merged into reports/stryker-incremental.json makes this
// fail until its new survivors are killed or triaged (`npm run mutation:report -- --check` lists them).
describe('the committed mutation results', () => {
  const report = JSON.parse(readFileSync('reports/stryker-incremental.json', 'utf8')) as Report;
  const markdown = readFileSync('MUTATION.md', 'utf8');

  test('every survivor of impl/ in reports/stryker-incremental.json is triaged in MUTATION.md', () => {
    const result = checkTriage(report, markdown);
    expect(result.untriaged.map((s) => `${key(s)} ${s.status} \`${s.replacement}\``), 'untriaged survivors: npm run mutation:report -- --check').toEqual([]);
  });

  // The score is the score of the impl as it stands: a change to an impl/ file after its last
  // measurement (Stryker keeps the source it mutated) leaves its new mutants unmeasured. Re-run the
  // file's command of MUTATION.md "How to run it" (incremental: only changed code is re-tested).
  test('every impl/ source was measured as it stands (impl/index.ts, a re-export, has nothing to mutate)', () => {
    const files = readdirSync('impl', { recursive: true, encoding: 'utf8' })
      .map((f) => `impl/${f.split(sep).join('/')}`)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'impl/index.ts' && !f.includes('test-support'));
    const stale = files.filter((f) => report.files[f]?.source !== readFileSync(f, 'utf8'));
    expect(stale, 'impl/ files changed (or added) since their mutation run').toEqual([]);
  });

  test('MUTATION.md "Measured" and the README state the scores of that file', () => {
    const table = scoreTable(report);
    expect(measuredTable(markdown), 'MUTATION.md "Measured" table: paste `npm run mutation:report`').toEqual(table);
    const overall = /\*\*(\d+\.\d\d %)\*\* \|$/.exec(table[table.length - 1]!)![1]!;
    expect(readFileSync('README.md', 'utf8'), 'README.md states the overall score').toContain(`**${overall}** on impl/`);
  });
});

const mutant = (line: number, column: number, mutatorName: string, replacement: string, status = 'Survived'): Mutant => ({
  mutatorName,
  replacement,
  status,
  location: { start: { line, column }, end: { line, column: column + 1 } },
});
const report = (mutants: Mutant[], source = 'const a = 1;\nif (x < y || z) f();\nreturn a;'): Report => ({ files: { 'impl/f.ts': { source, mutants } } });
const table = (...rows: string[]) => ['| mutant | status | original line | replacement | triage |', '|---|---|---|---|---|', ...rows].join('\n');

describe('survivor triage check', () => {
  test('a survivor is triaged by a row of the same file, line, column, mutator and replacement with a class', () => {
    const r = report([mutant(2, 5, 'EqualityOperator', 'x <= y'), mutant(2, 5, 'ConditionalExpression', 'true', 'NoCoverage'), mutant(3, 1, 'BlockStatement', '{}', 'Killed')]);
    const md = table(
      '| impl/f.ts:2:5 EqualityOperator | Survived | `if (x < y \\|\\| z) f();` | `x <= y` | E: equal values never reach it |',
      '| impl/f.ts:2:5 ConditionalExpression | NoCoverage | `if (x < y \\|\\| z) f();` | `true` | U: unreachable |',
    );
    expect(checkTriage(r, md)).toEqual({ untriaged: [], moved: [], stale: [] });
  });

  test('a row without a class, with another column, mutator or replacement triages nothing; a killed mutant needs no row', () => {
    const r = report([mutant(2, 5, 'EqualityOperator', 'x <= y'), mutant(2, 5, 'LogicalOperator', 'x < y && z'), mutant(3, 1, 'BlockStatement', '{}', 'Killed')]);
    const md = table(
      '| impl/f.ts:2:5 EqualityOperator | Survived | `if` | `x <= y` | open |',
      '| impl/f.ts:2:6 LogicalOperator | Survived | `if` | `x < y && z` | E: reason |',
      '| impl/f.ts:2:5 LogicalOperator | Survived | `if` | `x < y \\|\\| z` | E: reason |',
    );
    const result = checkTriage(r, md);
    expect(result.untriaged.map((s) => `${s.line}:${s.column} ${s.mutator}`)).toEqual(['2:5 EqualityOperator', '2:5 LogicalOperator']);
    expect(result.stale.map((row) => row.at)).toEqual([4, 5]);
  });

  test('two mutants with one key need two rows; a cut replacement cell still matches', () => {
    const long = 'x'.repeat(90);
    const r = report([mutant(2, 5, 'ConditionalExpression', 'true'), mutant(2, 5, 'ConditionalExpression', 'true'), mutant(1, 11, 'StringLiteral', long)]);
    const one = '| impl/f.ts:2:5 ConditionalExpression | Survived | `if` | `true` | E: reason |';
    const cut = `| impl/f.ts:1:11 StringLiteral | Survived | \`const\` | \`${'x'.repeat(40)}\` | K?: static |`;
    expect(checkTriage(r, table(one, cut)).untriaged).toHaveLength(1);
    expect(checkTriage(r, table(one, one, cut)).untriaged).toHaveLength(0);
  });

  test('a row whose mutant moved is named with its new place, and rekey rewrites only its key', () => {
    const r = report([mutant(2, 5, 'EqualityOperator', 'x <= y')]);
    const md = table('| impl/f.ts:7:5 EqualityOperator | Survived | `if (x < y \\|\\| z) f();` | `x <= y` | E: as 7:5 |');
    const result = checkTriage(r, md);
    expect(result.untriaged).toHaveLength(1);
    expect(result.moved.map((m) => m.row.line)).toEqual([7]);
    const fixed = rekey(md, result.moved);
    expect(fixed).toContain('| impl/f.ts:2:5 EqualityOperator | Survived | `if (x < y \\|\\| z) f();` | `x <= y` | E: as 7:5 |');
    expect(checkTriage(r, fixed)).toEqual({ untriaged: [], moved: [], stale: [] });
  });

  test('only table rows keyed file:line:col Mutator are triage rows; the class is read from the last cell', () => {
    const rows = triageRowsOf(['text | impl/f.ts:1:1 X | a | b | E', '| impl/f.ts | 3 | 2 | 1 | 0 |', '| impl/f.ts:1:2 Regex | Survived | `a` | `b` | K?: static |', '| impl/f.ts:1:3 Regex | Survived | `a` | `b` | Equivalent |'].join('\n'));
    expect(rows.map((r) => [r.column, r.triage])).toEqual([
      [2, 'K?'],
      [3, null],
    ]);
  });

  test('the score table counts killed and timed-out mutants over the valid ones; MUTATION.md\'s table is found under "## Measured"', () => {
    const r = report([mutant(1, 1, 'A', 'x', 'Killed'), mutant(1, 2, 'A', 'x', 'Timeout'), mutant(2, 1, 'A', 'x'), mutant(2, 2, 'A', 'x', 'NoCoverage'), mutant(3, 1, 'A', 'x', 'Ignored')]);
    const table = scoreTable(r);
    expect(table.slice(2)).toEqual(['| impl/f.ts | 5 | 1 | 1 | 1 | 1 | 1 | **50.00 %** |', '| **impl/ (all)** | 5 | 1 | 1 | 1 | 1 | 1 | **50.00 %** |']);
    expect(measuredTable(['# M', '| file | mutants |', '## Measured', 'text', ...table, '', 'more'].join('\n'))).toEqual(table);
    expect(measuredTable('| file | mutants |')).toEqual([]);
  });

  test('--files limits the check to the named files', () => {
    const r: Report = { files: { ...report([mutant(2, 5, 'EqualityOperator', 'x <= y')]).files, 'impl/g.ts': { source: 'a', mutants: [mutant(1, 1, 'BlockStatement', '{}')] } } };
    expect(checkTriage(r, table(), { files: ['impl/g.ts'] }).untriaged.map((s) => s.file)).toEqual(['impl/g.ts']);
    expect(checkTriage(r, table()).untriaged).toHaveLength(2);
  });
});
