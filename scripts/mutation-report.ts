// Scores and survivors of a Stryker report (`npm run mutation:report`): by default the committed
// incremental file reports/stryker-incremental.json, which holds the last result of every mutant
// of every file a mutation run covered. Prints the per-file table of MUTATION.md (score = killed
// and timed-out mutants over all valid ones, as Stryker counts it), and with --survivors one row
// per surviving or uncovered mutant, keyed `file:line:col mutator`, as MUTATION.md triages them.
//
//   node --import tsx scripts/mutation-report.ts [report.json] [--survivors] [--prefix impl/]

import { readFileSync } from 'node:fs';

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--prefix') ?? 'reports/stryker-incremental.json';
const prefix = args.includes('--prefix') ? args[args.indexOf('--prefix') + 1]! : 'impl/';
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  invalid: number;
}
const empty = (): Tally => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, invalid: 0 });
function add(t: Tally, status: string): void {
  if (status === 'Killed') t.killed++;
  else if (status === 'Timeout') t.timeout++;
  else if (status === 'Survived') t.survived++;
  else if (status === 'NoCoverage') t.noCoverage++;
  else t.invalid++;
}
const score = (t: Tally): string => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid === 0 ? '-' : `${((100 * (t.killed + t.timeout)) / valid).toFixed(2)} %`;
};

const names = Object.keys(report.files).filter((f) => f.startsWith(prefix)).sort();
const total = empty();
const lines = ['| file | mutants | killed | timeout | survived | no coverage | compile error / ignored | score |', '|---|---|---|---|---|---|---|---|'];
for (const name of names) {
  const t = empty();
  for (const m of report.files[name]!.mutants) {
    add(t, m.status);
    add(total, m.status);
  }
  lines.push(`| ${name} | ${report.files[name]!.mutants.length} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.invalid} | **${score(t)}** |`);
}
lines.push(`| **${prefix} (all)** | ${Object.values(total).reduce((a, b) => a + b, 0)} | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | ${total.invalid} | **${score(total)}** |`);
console.log(lines.join('\n'));

if (args.includes('--survivors')) {
  const cell = (s: string) => '`' + s.replace(/\s+/g, ' ').trim().slice(0, 70).replace(/\|/g, '\\|').replace(/`/g, "'") + '`';
  for (const name of names) {
    const { source, mutants } = report.files[name]!;
    const src = source.split('\n');
    const rows = mutants
      .filter((m) => UNDETECTED.has(m.status) && !DETECTED.has(m.status))
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    if (rows.length === 0) continue;
    console.log(`\n### ${name}\n\n| mutant | status | original line | replacement |\n|---|---|---|---|`);
    for (const m of rows) {
      const { line, column } = m.location.start;
      console.log(`| ${name}:${line}:${column} ${m.mutatorName} | ${m.status} | ${cell(src[line - 1] ?? '')} | ${cell(m.replacement ?? '')} |`);
    }
  }
}
