// Scores and survivors of a Stryker report (`npm run mutation:report`): by default the committed
// incremental file reports/stryker-incremental.json, which holds the last result of every mutant
// of every file a mutation run covered. Prints the per-file table of MUTATION.md (score = killed
// and timed-out mutants over all valid ones, as Stryker counts it), and with --survivors one row
// per surviving or uncovered mutant, keyed `file:line:col mutator`, as MUTATION.md triages them.
// With --check it exits 1 listing every survivor that has no triage row in MUTATION.md
// (scripts/mutation-triage.ts says how rows are matched), and the triaged rows that match no
// survivor; --files a.ts,b.ts limits the check to those files; --rekey rewrites the keys of rows
// whose mutant only moved (same mutator, replacement and source line) to the current line:col.
//
//   node --import tsx scripts/mutation-report.ts [report.json] [--survivors] [--prefix impl/]
//   node --import tsx scripts/mutation-report.ts --check [--files impl/a.ts,impl/b.ts] [--md MUTATION.md] [--rekey]

import { readFileSync, writeFileSync } from 'node:fs';
import { UNDETECTED, cellText, checkTriage, key, rekey, scoreTable, type Report } from './mutation-triage.js';

const args = process.argv.slice(2);
const VALUED = new Set(['--prefix', '--files', '--md']);
const value = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const file = args.find((a, i) => !a.startsWith('--') && !VALUED.has(args[i - 1]!)) ?? 'reports/stryker-incremental.json';
const prefix = value('--prefix') ?? 'impl/';
const report = JSON.parse(readFileSync(file, 'utf8')) as Report;

const names = Object.keys(report.files).filter((f) => f.startsWith(prefix)).sort();
console.log(scoreTable(report, prefix).join('\n'));

if (args.includes('--survivors')) {
  const cell = (s: string) => '`' + cellText(s) + '`';
  for (const name of names) {
    const { source, mutants } = report.files[name]!;
    const src = source.split('\n');
    const rows = mutants
      .filter((m) => UNDETECTED.has(m.status))
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    if (rows.length === 0) continue;
    console.log(`\n### ${name}\n\n| mutant | status | original line | replacement |\n|---|---|---|---|`);
    for (const m of rows) {
      const { line, column } = m.location.start;
      console.log(`| ${name}:${line}:${column} ${m.mutatorName} | ${m.status} | ${cell(src[line - 1] ?? '')} | ${cell(m.replacement ?? '')} |`);
    }
  }
}

if (args.includes('--check')) {
  const mdPath = value('--md') ?? 'MUTATION.md';
  const files = value('--files')?.split(',').map((f) => f.trim()).filter(Boolean);
  const markdown = readFileSync(mdPath, 'utf8');
  const result = checkTriage(report, markdown, files ? { files } : { prefix });
  if (args.includes('--rekey') && result.moved.length > 0) {
    writeFileSync(mdPath, rekey(markdown, result.moved));
    console.log(`\n${mdPath}: ${result.moved.length} row key(s) moved to the current line:col; run --check again`);
    process.exit(0);
  }
  const moved = new Map(result.moved.map((m) => [m.survivor, m.row]));
  console.log(`\ntriage check (${mdPath} against ${file}): ${result.untriaged.length} survivor(s) without a triage row`);
  for (const s of result.untriaged) {
    const row = moved.get(s);
    console.log(`  ${key(s)} ${s.status} \`${s.replacement}\`${row ? ` (row at ${mdPath}:${row.at} names ${key(row)}: moved; --rekey rewrites it)` : ''}`);
  }
  const stale = result.stale.filter((r) => !result.moved.some((m) => m.row === r));
  if (stale.length > 0) {
    console.log(`${stale.length} triaged row(s) match no survivor (killed, removed or moved):`);
    for (const r of stale) console.log(`  ${mdPath}:${r.at} ${key(r)} \`${r.replacement}\``);
  }
  process.exit(result.untriaged.length > 0 ? 1 : 0);
}
