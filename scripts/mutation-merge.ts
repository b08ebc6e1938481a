// Merges the results of a mutation run made in another copy of the tree into the committed
// incremental file (`npm run mutation:merge -- <other report> <file>[,<file>…]`): the named source
// files' mutants are copied over, their covering and killing tests renumbered onto the target's
// tests (matched by file and name; tests the target lacks are appended). Two Stryker runs must not
// share one incremental file, so runs of different files in parallel are made in copies of the
// tree (MUTATION.md, "How to run it") and merged here.
//
//   node --import tsx scripts/mutation-merge.ts <other.json> impl/runtime.ts [--into reports/stryker-incremental.json]

import { readFileSync, writeFileSync } from 'node:fs';

interface Test {
  id: string;
  name: string;
}
interface Report {
  files: Record<string, { source: string; mutants: { coveredBy?: string[]; killedBy?: string[] }[] }>;
  testFiles: Record<string, { source?: string; tests: Test[] }>;
}

const args = process.argv.slice(2);
const into = args.includes('--into') ? args[args.indexOf('--into') + 1]! : 'reports/stryker-incremental.json';
const [from, names] = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--into');
if (!from || !names) {
  console.error('usage: mutation-merge <other report.json> <file>[,<file>…] [--into <incremental.json>]');
  process.exit(2);
}
const target = JSON.parse(readFileSync(into, 'utf8')) as Report;
const source = JSON.parse(readFileSync(from, 'utf8')) as Report;

let next = 1 + Math.max(-1, ...Object.values(target.testFiles).flatMap((f) => f.tests.map((t) => Number(t.id))));
const ids = new Map<string, string>();
for (const [file, sf] of Object.entries(source.testFiles)) {
  const tf = (target.testFiles[file] ??= { source: sf.source, tests: [] });
  const byName = new Map(tf.tests.map((t) => [t.name, t.id]));
  for (const t of sf.tests) {
    let id = byName.get(t.name);
    if (id === undefined) {
      id = String(next++);
      tf.tests.push({ ...t, id });
      byName.set(t.name, id);
    }
    ids.set(t.id, id);
  }
}
for (const name of names.split(',')) {
  const f = source.files[name];
  if (!f) {
    console.error(`mutation-merge: ${from} has no results for ${name}`);
    process.exit(2);
  }
  const map = (list?: string[]) => list?.map((i) => ids.get(i) ?? i);
  target.files[name] = { ...f, mutants: f.mutants.map((m) => ({ ...m, coveredBy: map(m.coveredBy), killedBy: map(m.killedBy) })) };
  console.log(`merged ${name}: ${f.mutants.length} mutants`);
}
writeFileSync(into, JSON.stringify(target));
