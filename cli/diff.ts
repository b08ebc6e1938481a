// `mapcheck diff A B`: every class of programs that tells profile A from profile B, each with a
// minimal program and the knobs that explain it, then what became of every knob on which A and B
// differ. Each class is saved as a known-divergence case. The campaign is properties/diff.ts.

import { randomBytes } from 'node:crypto';
import { formatObservation, type Observation } from '../lang/observation.js';
import { shellCommand } from './shell.js';
import { differingKnobs, loadProfileArg, type KnobId, type Profile } from '../profiles/index.js';
import { knobDef } from '../profiles/knobs.js';
import { firstDivergence, runTrace, type CompareMode, type Side } from '../properties/compare.js';
import { runDiffParallel, stateShape, type DiffProgress, type DiffResult, type DivergenceClass, type KnobCoverage } from '../properties/diff.js';
import type { ApiChoice } from '../properties/api.js';
import { buildCase, prepareCaseDir } from '../counterexamples/case.js';
import { renderSnapshot, renderStep, table } from './render.js';
import { legend, renderWorld, withWorld } from './world.js';
import { displayPath, type Io } from './io.js';
import { saveFindOrWarn, savedLine, writeReport } from './fuzz.js';
import { checkJunitPath, diffJunit } from './junit.js';
import { SCHEMA_VERSION } from './run.js';
import { CORPUS_DIR, runDir } from '../counterexamples/store.js';
import { CHUNK_RUNS } from '../properties/campaign.js';
import { defaultWorkers } from '../properties/parallel.js';
import { writeShardSummary } from './shards.js';
import { listCaseFiles, loadCaseFile } from '../counterexamples/case.js';

export interface DiffCliOptions {
  compare: CompareMode;
  seed?: number;
  runs?: number;
  time?: number;
  /** Where to save the classes (default: a new folder under .mapcheck/runs/). */
  out?: string;
  /** Also save the classes the comparison does not count. */
  saveAll?: boolean;
  /** For spec editors: one line per knob, then the classes (no per-class program tables). */
  summary?: boolean;
  json?: boolean;
  /** Also write the outcome as a JUnit XML report to this file. */
  junit?: string;
  api: ApiChoice;
  maxSteps?: number;
  /** Worker threads for the campaign (default: the machine's cores); the result does not depend on it. */
  workers?: number;
  /** `--shard i/n`: this process runs every n-th chunk of the campaign, from chunk i. */
  shard?: { index: number; count: number };
}

/** Seconds between progress lines on stderr. */
const PROGRESS_INTERVAL_MS = 5000;

function progressLines(io: Io): (p: DiffProgress) => void {
  let last = Date.now();
  return (p) => {
    if (p.phase === 'shrink') {
      io.err(`diff: shrinking and explaining class ${p.done + 1}/${p.total}: ${p.key}\n`);
      return;
    }
    if (Date.now() - last < PROGRESS_INTERVAL_MS) return;
    last = Date.now();
    const runs = p.total === undefined ? `${p.runs} runs` : `${p.runs}/${p.total} runs`;
    io.err(`diff: ${runs}, ${(p.elapsedMs / 1000).toFixed(1)} s, ${p.classes} classes so far\n`);
  };
}

function modelSide(profile: Profile): Side {
  return { engine: 'model', profile };
}

/** `K-A4 (compare-target → counter-only)`. */
function knobChange(a: Profile, b: Profile, ids: readonly KnobId[]): string {
  return ids.map((id) => `${id} (${a.knobs[id]} → ${b.knobs[id]})`).join(', ');
}

/** What differs where the class first diverges, as both sides see it. */
function describeDivergence(c: DivergenceClass): string {
  const d = c.divergence;
  if (c.kind === 'undefined') return `${formatObservation(d.a)} vs ${formatObservation(d.b)}: undefined behaviour agrees with anything`;
  if (d.kind === 'observation') return `${formatObservation(d.a)} vs ${formatObservation(d.b)}`;
  const masked = c.rejoin !== undefined ? `; the states agree again after step ${c.rejoin + 1}` : '';
  return `both ${formatObservation(d.a)}, state differs: ${stateShape(d.snapshotA, d.snapshotB)}${masked}`;
}

function classLine(c: DivergenceClass): string[] {
  const steps = c.program.steps.length;
  return [c.id, `${steps} step${steps === 1 ? '' : 's'}`, c.knobs.join('+'), `step ${c.divergence.step + 1} ${c.program.steps[c.divergence.step]!.op}:`, describeDivergence(c)];
}

/** The minimal program with both sides' observations; `>>` marks the first diverging step. */
function classDetails(c: DivergenceClass, a: Profile, b: Profile): string {
  const ta = runTrace(c.program, modelSide(a), false);
  const tb = runTrace(c.program, modelSide(b), false);
  const width = String(c.program.steps.length).length;
  const rows = c.program.steps.map((s, i) => [
    i === c.divergence.step ? '>>' : '',
    String(i + 1).padStart(width),
    renderStep(s),
    formatObservation(ta.observations[i]!),
    formatObservation(tb.observations[i]!),
  ]);
  const lines = [
    `${c.id}  ${c.key}`,
    `    explained by ${knobChange(a, b, c.knobs)}; ${c.programs} campaign program(s) in this class, the first shrunk from ${c.originalLength} to ${c.program.steps.length} steps`,
  ];
  if (c.merged.length > 0) lines.push(`    same minimal program up to names as: ${c.merged.join('; ')}`);
  lines.push(table([['', 'step', 'directive', `model:${a.name}`, `model:${b.name}`], ...rows], '    '));
  if (c.divergence.kind === 'state') {
    for (const [p, snap] of [
      [a, c.divergence.snapshotA],
      [b, c.divergence.snapshotB],
    ] as const) {
      lines.push(`    state after step ${c.divergence.step + 1} on model:${p.name}:`);
      for (const l of renderSnapshot(c.program.world, snap)) lines.push(`      ${l}`);
    }
  }
  return lines.join('\n');
}

function cause(c: DivergenceClass, a: Profile, b: Profile): string {
  const knobs = c.knobs.map((id) => `${id} (${knobDef(id)!.title}): ${a.knobs[id]} in ${a.name}, ${b.knobs[id]} in ${b.name}`);
  const kind =
    c.kind === 'masked'
      ? ` The difference is masked: the states agree again after step ${c.rejoin! + 1} and no observation differs.`
      : c.kind === 'state' && c.compare === 'state'
        ? ' Only the state differs.'
        : '';
  return `mapcheck diff class ${c.id} (${c.key}) is explained by ${knobs.join('; ')}.${kind}`;
}

function reproduceCommand(args: { a: string; b: string }, r: DiffResult, o: DiffCliOptions): string {
  // A shard replays from the campaign's whole budget (its chunks are numbered in the whole).
  const runs = o.shard === undefined ? r.runs : (o.runs ?? r.chunkEnd * CHUNK_RUNS);
  const words = ['npx', 'mapcheck', 'diff', args.a, args.b, '--compare', r.compare, '--seed', String(r.seed), '--runs', String(runs), '--api', r.api];
  if (o.maxSteps !== undefined) words.push('--max-steps', String(o.maxSteps));
  if (o.shard !== undefined) words.push('--shard', `${o.shard.index}/${o.shard.count}`);
  return shellCommand(words);
}

/** A class in `diff --json`. */
interface ClassDocument {
  id: string;
  kind: DivergenceClass['kind'];
  key: string;
  knobs: string[];
  compare: CompareMode;
  steps: number;
  programs: number;
  originalLength: number;
  program: DivergenceClass['program'];
  divergence: { step: number; kind: 'observation' | 'state'; a: Observation; b: Observation };
  saved: string | null;
}

/** What `diff --json` prints. */
export interface DiffDocument {
  schemaVersion: number;
  command: 'diff';
  profiles: { a: string; b: string };
  compare: CompareMode;
  api: ApiChoice;
  seed: number;
  runs: number;
  elapsedMs: number;
  differing: { knob: string; title: string; a: string; b: string }[];
  classes: ClassDocument[];
  hidden: ClassDocument[];
  coverage: (KnobCoverage & { title: string; corpus: string[] })[];
  reproduce: string;
  exitCode: number;
}

/**
 * For each knob the campaign did not reach: the saved corpus cases whose program tells A from A
 * with only that knob read as B reads it (a saved case covers the knob even when this campaign did
 * not generate such a program).
 */
export function corpusCoverage(a: Profile, b: Profile, knobs: readonly KnobId[], dirs: readonly string[] = [CORPUS_DIR]): Map<KnobId, string[]> {
  const out = new Map<KnobId, string[]>(knobs.map((k) => [k, []]));
  if (knobs.length === 0) return out;
  for (const file of dirs.flatMap(listCaseFiles)) {
    let program: DivergenceClass['program'];
    try {
      program = loadCaseFile(file).program;
    } catch {
      continue;
    }
    for (const knob of knobs) {
      const flipped: Profile = { ...a, name: `${a.name}+${knob}`, knobs: { ...a.knobs, [knob]: b.knobs[knob] } };
      try {
        if (firstDivergence(program, modelSide(a), modelSide(flipped), 'observations') !== null) out.get(knob)!.push(file);
      } catch {
        // A program this pair of readings cannot run says nothing about the knob.
      }
    }
  }
  return out;
}

/** A minimal program on one line: `c%p => a ; !$acc enter data copyin(c) ; …`. */
function oneLine(c: DivergenceClass): string {
  return c.program.steps.map((s) => renderStep(s)).join(' ; ');
}

export async function diffCommand(argA: string, argB: string, o: DiffCliOptions, io: Io): Promise<number> {
  if (o.junit !== undefined) checkJunitPath(o.junit);
  const doc: Partial<DiffDocument> = { schemaVersion: SCHEMA_VERSION, command: 'diff' };
  const code = await diffCampaign(argA, argB, o, o.json ? { ...io, out: () => {} } : io, doc);
  const full = { ...doc, exitCode: code } as DiffDocument;
  if (o.json) io.out(`${JSON.stringify(full, null, 2)}\n`);
  if (o.junit !== undefined) writeReport(o.junit, () => diffJunit(full), io);
  return code;
}

async function diffCampaign(argA: string, argB: string, o: DiffCliOptions, io: Io, doc: Partial<DiffDocument> | null): Promise<number> {
  const a = loadProfileArg(argA, 'diff profile A');
  const b = loadProfileArg(argB, 'diff profile B');
  const seed = o.seed ?? randomBytes(4).readUInt32BE(0);
  // A directory that cannot take the cases is bad input, found before the campaign rather than after.
  if (o.out !== undefined) prepareCaseDir(o.out);
  const out = o.out ?? runDir(seed);
  const differing = differingKnobs(a, b);
  const budget = o.runs !== undefined ? `${o.runs} runs` : o.time !== undefined ? `${o.time} s` : 'default run count';
  const shard = o.shard === undefined ? '' : `, shard ${o.shard.index}/${o.shard.count}`;
  io.out(`diff: model:${a.name} vs model:${b.name}, comparing ${o.compare}, ${o.api} programs, ${budget}${shard}\nseed: ${seed}\n`);
  io.out(differing.length === 0 ? 'the profiles read every knob alike\n' : `knobs that differ: ${knobChange(a, b, differing)}\n`);

  const result = await runDiffParallel(
    {
      a,
      b,
      compare: o.compare,
      seed,
      api: o.api,
      ...(o.runs !== undefined && { runs: o.runs }),
      ...(o.time !== undefined && { timeMs: Math.round(o.time * 1000) }),
      ...(o.maxSteps !== undefined && { maxSteps: o.maxSteps }),
      ...(o.shard !== undefined && { shard: o.shard }),
      onProgress: progressLines(io),
    },
    o.workers ?? defaultWorkers(),
  );
  const reproduce = reproduceCommand({ a: argA, b: argB }, result, o);
  const found = { by: 'mapcheck diff', seed, date: new Date().toISOString().slice(0, 10), command: reproduce };
  /** The line that says where the class was saved; the class is printed before it is saved. */
  const counted = new Set(result.classes);
  const savedPaths = new Map<DivergenceClass, string>();
  const save = (c: DivergenceClass): string => {
    if (c.kind === 'undefined') return '    not saved: a replay compares nothing after undefined behaviour';
    if (!counted.has(c) && !o.saveAll) return '    not saved: the comparison does not count this class (--save-all saves it)';
    const saved = buildCase({
      program: c.program,
      a: modelSide(a),
      b: modelSide(b),
      compare: c.compare,
      status: 'known-divergence',
      cause: cause(c, a, b),
      found,
    });
    const kept = saveFindOrWarn(out, saved, io);
    if (kept !== null) savedPaths.set(c, kept.path);
    return kept === null ? '    not saved (see the warning)' : `    ${savedLine(kept, saved.status, 'its replay checks that the difference persists').replace(/\n/g, '\n    ')}`;
  };

  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  io.out(
    `\n${result.classes.length} class(es) of ${result.compare} differences in ${result.runs} runs ` +
      `(${seconds(result.campaignMs)} s generating, ${seconds(result.elapsedMs)} s in all)\n`,
  );
  const notReached = result.coverage.filter((k) => k.status === 'not-reached').map((k) => k.knob);
  const inCorpus = corpusCoverage(a, b, notReached);
  const coverageNote = (k: KnobCoverage): string => {
    const files = inCorpus.get(k.knob) ?? [];
    if (k.status !== 'not-reached' || files.length === 0) return k.reason;
    const first = displayPath(files[0]!);
    return `${k.reason}; covered by ${files.length} saved case(s), e.g. ${first} (npx mapcheck run ${first} --profile ${argA},${argB})`;
  };
  if (o.summary && differing.length > 0) {
    let text = `knobs (${a.name} → ${b.name}):\n`;
    for (const k of result.coverage) {
      const explaining = [...result.classes, ...result.hidden].filter((c) => c.knobs.includes(k.knob));
      const smallest = explaining.sort((x, y) => x.program.steps.length - y.program.steps.length)[0];
      const classes =
        k.status === 'explained'
          ? `explains ${k.explains.join(', ')}${k.hidden.length > 0 ? ` (also ${k.hidden.join(', ')}, not counted)` : ''}`
          : coverageNote(k);
      const program = smallest ? `; smallest program (${smallest.id}, ${smallest.program.steps.length} step${smallest.program.steps.length === 1 ? '' : 's'}): ${oneLine(smallest)}` : '';
      text += `  ${k.knob}  ${knobDef(k.knob)!.title}: ${k.a} → ${k.b}; ${classes}${program}\n`;
    }
    // The worlds the programs run on come first (each with the classes that use it), then the legend.
    const worlds = new Map<string, { world: DivergenceClass['program']['world']; ids: string[] }>();
    for (const c of [...result.classes, ...result.hidden]) {
      const key = JSON.stringify(c.program.world);
      if (!worlds.has(key)) worlds.set(key, { world: c.program.world, ids: [] });
      worlds.get(key)!.ids.push(c.id);
    }
    const head = [...worlds.values()].flatMap(({ world, ids }) => [`world of ${ids.join(', ')}:`, ...renderWorld(world).map((l) => `  ${l}`)]);
    const notes = legend(`${text}${[...result.classes, ...result.hidden].map((c) => classLine(c).join('  ')).join('\n')}`);
    if (notes.length > 0) head.push('notation:', ...notes.map((l) => `  ${l}`));
    io.out(`\n${head.length > 0 ? `${head.join('\n')}\n\n` : ''}${text}\nclasses:\n`);
  }
  if (result.classes.length > 0) io.out(`${table(result.classes.map(classLine), '  ')}\n`);
  if (result.hidden.length > 0) {
    io.out(
      `\n${result.hidden.length} difference(s) the comparison does not count ` +
        `(M: state masked, undone by a later step; S: state only; U: undefined under one profile)\n`,
    );
    io.out(`${table(result.hidden.map(classLine), '  ')}\n`);
  }
  const worldsShown = new Set<string>();
  for (const c of [...result.classes, ...result.hidden]) {
    if (!o.summary) {
      // Each class's program runs on a world; it is printed before the first class that uses it.
      const world = JSON.stringify(c.program.world);
      const details = classDetails(c, a, b);
      if (worldsShown.has(world)) io.out(`\n${details}\n`);
      else {
        worldsShown.add(world);
        io.out(`\n${withWorld(c.program.world, `${details}\n`).replace(/^world:/, `world of ${c.id} (and of the classes below that share it):`)}`);
      }
    }
    const line = save(c);
    if (!o.summary) io.out(`${line}\n`);
  }
  if (o.summary && savedPaths.size > 0) io.out(`\nsaved ${savedPaths.size} case(s) in ${displayPath(out)} (details: npx mapcheck explain CASE)\n`);

  if (result.coverage.length > 0) {
    io.out(`\nknob coverage (${result.coverage.filter((k) => k.status === 'explained').length} of ${result.coverage.length} explained):\n`);
    const rows = result.coverage.map((k) => {
      const change = `${k.a} → ${k.b}`;
      if (k.status === 'explained') {
        const extra = k.hidden.length > 0 ? `; also in ${k.hidden.join(', ')}, which the comparison does not count` : '';
        return [k.knob, change, `explained by ${k.explains.join(', ')}${extra}`];
      }
      return [k.knob, change, coverageNote(k)];
    });
    io.out(`${table(rows, '  ')}\n`);
  }
  io.out(`\nreproduce: ${reproduce}\n`);
  if (o.shard !== undefined)
    writeShardSummary(out, o.shard, {
      seed,
      runs: result.runs,
      reproduce,
      coverage: null,
      found: result.classes.length > 0,
      classes: result.classes.flatMap((c) => [c.key, ...c.merged]),
    });
  if (doc) {
    const classDoc = (c: DivergenceClass): ClassDocument => ({
      id: c.id,
      kind: c.kind,
      key: c.key,
      knobs: c.knobs,
      compare: c.compare,
      steps: c.program.steps.length,
      programs: c.programs,
      originalLength: c.originalLength,
      program: c.program,
      divergence: { step: c.divergence.step + 1, kind: c.divergence.kind, a: c.divergence.a, b: c.divergence.b },
      saved: savedPaths.get(c) ?? null,
    });
    Object.assign(doc, {
      profiles: { a: a.name, b: b.name },
      compare: result.compare,
      api: result.api,
      seed: result.seed,
      runs: result.runs,
      elapsedMs: result.elapsedMs,
      differing: differing.map((id) => ({ knob: id, title: knobDef(id)!.title, a: a.knobs[id] as string, b: b.knobs[id] as string })),
      classes: result.classes.map(classDoc),
      hidden: result.hidden.map(classDoc),
      coverage: result.coverage.map((k) => ({ ...k, title: knobDef(k.knob)!.title, corpus: inCorpus.get(k.knob) ?? [] })),
      reproduce,
    });
  }
  // State differences no observation shows are reported, but only the requested comparison decides.
  return result.classes.length > 0 ? 1 : 0;
}
