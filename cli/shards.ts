// Campaigns across machines: `mapcheck fuzz --shard i/n` (and `diff --shard i/n`) writes, beside the case it may save, a
// summary of its part (shards/shard-i-of-n.json); `mapcheck corpus merge DIR...` merges the shards'
// folders: every distinct case once (by content: program, sides and comparison), the runs of every
// shard, the spec rules reached by any of them, and the divergences.

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Io } from './io.js';
import { caseHash, listCaseFiles, loadCaseFile, prepareCaseDir } from '../counterexamples/case.js';
import { InputError } from '../lang/validate.js';
import type { RuleCoverage } from '../properties/coverage.js';

const SUMMARY = /^shard-(\d+)-of-(\d+)\.json$/;

interface ShardSummary {
  format: 'mapcheck-shard/1';
  shard: { index: number; count: number };
  seed: number;
  runs: number;
  found: boolean;
  reproduce: string;
  /** Rule citation → steps in which it fired; null when the shard ran with --no-coverage (or is a diff shard). */
  rules: Record<string, number> | null;
  /** A `diff --shard` run: the keys of the divergence classes it found (merged keys included). */
  classes?: string[];
}

export function writeShardSummary(
  dir: string,
  shard: { index: number; count: number },
  r: { seed: number; runs: number; reproduce: string; coverage: RuleCoverage | null; found: boolean; classes?: string[] },
): void {
  mkdirSync(join(dir, 'shards'), { recursive: true });
  const summary: ShardSummary = {
    format: 'mapcheck-shard/1',
    shard,
    seed: r.seed,
    runs: r.runs,
    found: r.found,
    reproduce: r.reproduce,
    rules: r.coverage ? Object.fromEntries(r.coverage.rows().map((row) => [row.rule.citation, row.hits])) : null,
    ...(r.classes !== undefined && { classes: r.classes }),
  };
  writeFileSync(join(dir, 'shards', `shard-${shard.index}-of-${shard.count}.json`), `${JSON.stringify(summary, null, 2)}\n`);
}

function readSummary(path: string): ShardSummary {
  let s: ShardSummary;
  try {
    s = JSON.parse(readFileSync(path, 'utf8')) as ShardSummary;
  } catch (e) {
    throw new InputError(`${path}: not a shard summary (${(e as Error).message.split('\n')[0]})`);
  }
  if (s?.format !== 'mapcheck-shard/1' || typeof s.runs !== 'number') throw new InputError(`${path}: format: expected mapcheck-shard/1 with runs`);
  return s;
}

export function corpusMergeCommand(dirs: string[], o: { into?: string }, io: Io): number {
  for (const d of dirs) if (!existsSync(d)) throw new InputError(`${d}: no such folder`);
  if (o.into !== undefined) prepareCaseDir(o.into);
  const summaries: ShardSummary[] = [];
  const cases = new Map<string, { path: string; title: string; sides: string }>();
  let caseFiles = 0;
  for (const d of dirs) {
    const shardDir = join(d, 'shards');
    if (existsSync(shardDir)) for (const f of readdirSync(shardDir).filter((f) => SUMMARY.test(f)).sort()) summaries.push(readSummary(join(shardDir, f)));
    for (const path of listCaseFiles(d)) {
      caseFiles++;
      const c = loadCaseFile(path);
      const hash = caseHash(c);
      if (cases.has(hash)) continue;
      const sides = `${c.sides.a.engine}:${c.sides.a.profile} vs ${c.sides.b.engine}:${c.sides.b.profile}`;
      cases.set(hash, { path, title: c.title ?? basename(path), sides });
      if (o.into !== undefined && !existsSync(join(o.into, basename(path)))) copyFileSync(path, join(o.into, basename(path)));
    }
  }
  const counts = new Set(summaries.map((s) => s.shard.count));
  const seeds = new Set(summaries.map((s) => s.seed));
  const shardsSeen = new Set(summaries.map((s) => s.shard.index));
  const runs = summaries.reduce((n, s) => n + s.runs, 0);
  const rules = new Map<string, number>();
  let withRules = 0;
  for (const s of summaries) {
    if (s.rules === null) continue;
    withRules++;
    for (const [rule, hits] of Object.entries(s.rules)) rules.set(rule, (rules.get(rule) ?? 0) + hits);
  }
  const reached = [...rules.values()].filter((h) => h > 0).length;
  io.out(`corpus merge: ${dirs.length} folder(s), ${summaries.length} shard summaries, ${caseFiles} case file(s), ${cases.size} distinct\n`);
  if (counts.size > 1 || seeds.size > 1) io.out(`warning: the shards come from different campaigns (seeds ${[...seeds].join(', ')}; shard counts ${[...counts].join(', ')})\n`);
  if (counts.size === 1) {
    const n = [...counts][0]!;
    const missing = Array.from({ length: n }, (_, i) => i).filter((i) => !shardsSeen.has(i));
    io.out(`shards: ${shardsSeen.size} of ${n}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}\n`);
  }
  io.out(`runs: ${runs}\n`);
  io.out(
    withRules > 0
      ? `rules reached: ${reached} of ${rules.size} modelled rules (by ${withRules} shard(s))\n`
      : 'rules reached: unknown (the shards ran with --no-coverage)\n',
  );
  // diff shards: the union of the divergence classes every shard found (by class key)
  const diffShards = summaries.filter((s) => s.classes !== undefined);
  if (diffShards.length > 0) {
    const classes = [...new Set(diffShards.flatMap((s) => s.classes!))].sort();
    io.out(`divergence classes: ${classes.length} (by ${diffShards.length} diff shard(s))\n`);
    for (const k of classes) io.out(`  ${k}\n`);
  }
  io.out(`divergences: ${cases.size}\n`);
  for (const c of [...cases.values()].sort((x, y) => (x.path < y.path ? -1 : 1))) io.out(`  ${c.sides}: ${c.title}\n    ${c.path}\n`);
  if (o.into !== undefined) io.out(`merged into ${o.into}\n`);
  return 0;
}
