// `mapcheck explain FILE`: a saved case told step by step. For every step: the directive or call,
// what each side observes, how each side's state changes (present table, attachment counters,
// device pointer values, OpenMP entries), and whether the step matters to the divergence (a step is
// irrelevant when the program without it still diverges the same way). At the diverging step: both
// observations, every device pointer value with the host data it is a device copy of, and the spec
// rules each side fired there (and at the earlier step where the two states first split, if any).

import { STEP_OPS, isRegionBegin, isRegionEnd } from '../lang/ops.js';
import { isDeepStrictEqual } from 'node:util';
import type { Program, StepOp, World } from '../lang/program.js';
import { ELEMENT_BYTES } from '../lang/program.js';
import { surfaceText } from '../lang/plain-pointers.js';
import { formatObservation, formatPtr, type Observation, type PtrValue, type Snapshot } from '../lang/observation.js';
import { CASE_FORMAT, InputError, readJsonFile, validateProgram } from '../lang/validate.js';
import { sourceLanguage } from '../lang/source/source.js';
import { BlockNames, firstDivergence, runTrace, sideLabel, type CompareMode, type Side, type Trace } from '../properties/compare.js';
import { classKey } from '../properties/diff.js';
import { parseCitation, type Rule } from '../properties/coverage.js';
import { loadCaseFile, replayCase, sideProfile, type CaseFile } from '../counterexamples/case.js';
import { hex, nameHostRange, nameMember, renderStep, table } from './render.js';
import { renderWorld, withWorld } from './world.js';
import { EXPLAIN_FORMATS, type ExplainFormat } from './explain-format.js';
import type { Io } from './io.js';
import { SCHEMA_VERSION, programToCase } from './run.js';

export { EXPLAIN_FORMATS, type ExplainFormat };

type SideKey = 'a' | 'b';
const SIDE_KEYS: readonly SideKey[] = ['a', 'b'];

export interface ExplainedStep {
  /** 1-based. */
  step: number;
  directive: string;
  observations: Record<SideKey, Observation>;
  /** What the step changed in each side's state, one line per present-table entry or pointer. */
  changes: Record<SideKey, string[]>;
  /**
   * `true`: the program without this step still diverges the same way (same class: the operation
   * of the diverging step and both observations, or the state difference; properties/diff.ts
   * classKey); `false`: it does not; `null`: removing this step alone leaves no valid program (a
   * region begin or end, an allocation a later step uses), or the sides do not diverge at all.
   */
  irrelevant: boolean | null;
}

/** The spec rules one side fired at one step. */
export interface SideRules {
  side: string;
  /** Where the rules come from: the side itself, or (impl sides record none) the model under its profile. */
  source: string;
  rules: Rule[];
}

/** A device pointer value at the divergence, with the host data it stands for. */
export interface DevicePointer {
  member: string;
  /** OpenACC attachment counter; null for OpenMP pointers (no counter). */
  ac: number | null;
  device?: number;
  value: PtrValue;
  text: string;
}

export interface Explanation {
  file: string;
  title: string;
  status: CaseFile['status'];
  compare: CaseFile['compare'];
  sides: Record<SideKey, string>;
  /** The program's world (declarations, initial values, pointer targets). */
  world: World;
  steps: ExplainedStep[];
  divergence: null | {
    /** 1-based. */
    step: number;
    kind: 'observation' | 'state';
    /** What the case file recorded, when it differs from what the sides do now. */
    recorded?: CaseFile['divergence'];
    pointers: Record<SideKey, DevicePointer[]>;
    rules: Record<SideKey, SideRules>;
  };
  /** The first step after which the two states differ, when that is before the divergence. */
  stateSplit: null | { step: number; rules: Record<SideKey, SideRules> };
  spec: string[];
  cause: string;
  /**
   * What no longer holds as the case records it (replayCase): an `expected` observation that the
   * model or impl no longer produces (edited, or the semantics moved), a `status` that no longer
   * holds (`fixed` sides that still diverge, a known divergence that now agrees). Empty when the
   * case replays as recorded.
   */
  replay: string[];
}

// ------------------------------------------------------------------------------------------------
// Building the explanation

const EMPTY: Snapshot = { sections: [], attachments: [], ompEntries: [], ompPointers: [] };

/** Ops whose removal alone unpairs a region begin from its end (the table of operations' region ops). */
const REGION_OPS: ReadonlySet<StepOp> = new Set(STEP_OPS.filter((op) => isRegionBegin(op) || isRegionEnd(op)));

/** Loads the case to explain; a plain program file gets an error that says what is expected instead. */
export function loadCaseToExplain(file: string): CaseFile {
  const raw = readJsonFile(file);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !('format' in raw) && 'steps' in raw)
    throw new InputError(`${file}: this is a program, not a saved case (format "${CASE_FORMAT}"); explain needs a case, 'mapcheck run' runs programs`);
  return loadCaseFile(file);
}

/** Explains a loaded case. Profiles are loaded by the names the case gives. */
export function explainCase(c: CaseFile, file: string): Explanation {
  const sides: Record<SideKey, Side> = {
    a: { engine: c.sides.a.engine, profile: sideProfile(c.sides.a, 'a', file) },
    b: { engine: c.sides.b.engine, profile: sideProfile(c.sides.b, 'b', file) },
  };
  const { program } = c;
  const traces = { a: runTrace(program, sides.a), b: runTrace(program, sides.b) };
  // Impl engines record no rules: take them from the model under the same profile.
  const ruleTraces = {
    a: sides.a.engine === 'model' ? traces.a : runTrace(program, { engine: 'model', profile: sides.a.profile }, false),
    b: sides.b.engine === 'model' ? traces.b : runTrace(program, { engine: 'model', profile: sides.b.profile }, false),
  };
  const rulesAt = (key: SideKey, i: number): SideRules => ({
    side: sideLabel(sides[key]),
    source: sides[key].engine === 'model' ? 'model' : `model under profile ${sides[key].profile.name} (the impl records no rules)`,
    rules: ruleTraces[key].rules[i]!.map(parseCitation),
  });

  const d = firstDivergence(program, sides.a, sides.b, c.compare);
  const steps: ExplainedStep[] = program.steps.map((step, i) => ({
    step: i + 1,
    directive: renderStep(step, program.world),
    observations: { a: traces.a.observations[i]!, b: traces.b.observations[i]! },
    changes: {
      a: stateChanges(program.world, traces.a.snapshots[i - 1] ?? EMPTY, traces.a.snapshots[i]!),
      b: stateChanges(program.world, traces.b.snapshots[i - 1] ?? EMPTY, traces.b.snapshots[i]!),
    },
    irrelevant: d === null ? null : stepIrrelevant(program, i, sides, c.compare, classKey(program, d)),
  }));

  let divergence: Explanation['divergence'] = null;
  let stateSplit: Explanation['stateSplit'] = null;
  if (d) {
    divergence = {
      step: d.step + 1,
      kind: d.kind,
      pointers: { a: devicePointers(program.world, traces.a, d.step), b: devicePointers(program.world, traces.b, d.step) },
      rules: { a: rulesAt('a', d.step), b: rulesAt('b', d.step) },
    };
    if (c.divergence && (c.divergence.step !== d.step + 1 || c.divergence.kind !== d.kind)) divergence.recorded = c.divergence;
    const split = stateSplitStep(traces.a, traces.b);
    if (split >= 0 && split < d.step) stateSplit = { step: split + 1, rules: { a: rulesAt('a', split), b: rulesAt('b', split) } };
  }

  return {
    file,
    title: c.title,
    status: c.status,
    compare: c.compare,
    sides: { a: sideLabel(sides.a), b: sideLabel(sides.b) },
    world: program.world,
    steps,
    divergence,
    stateSplit,
    spec: c.spec,
    cause: c.cause,
    replay: replayCase(c, file).problems,
  };
}

/**
 * The first step (0-based) after which the two states differ, or -1. States are compared up to a
 * consistent renaming of device blocks, each side naming its blocks in the order the comparison
 * meets them (observation, then state, step by step), as firstDivergence does.
 */
function stateSplitStep(a: Trace, b: Trace): number {
  const [namesA, namesB] = [new BlockNames(), new BlockNames()];
  return a.snapshots.findIndex((sa, i) => {
    namesA.observation(a.observations[i]!);
    namesB.observation(b.observations[i]!);
    return !isDeepStrictEqual(namesA.snapshot(sa), namesB.snapshot(b.snapshots[i]!));
  });
}

/** Whether the program without step `i` still diverges in class `key` (null: that program is not valid). */
function stepIrrelevant(program: Program, i: number, sides: Record<SideKey, Side>, compare: CaseFile['compare'], key: string): boolean | null {
  if (REGION_OPS.has(program.steps[i]!.op)) return null;
  const candidate: Program = { ...program, steps: program.steps.filter((_, j) => j !== i) };
  if (!validateProgram(candidate).ok) return null;
  const d = firstDivergence(candidate, sides.a, sides.b, compare);
  return d !== null && classKey(candidate, d) === key;
}

// ------------------------------------------------------------------------------------------------
// State changes

const hostRange = (world: World, [start, end]: [number, number]) => `${nameHostRange(world, start, end)} [${hex(start)},${hex(end)})`;

/** A pointer value with the host data it refers to: `dev#3+0[10] (device copy of b)`, `host:0x1000[10] (a)`. */
function describePtr(world: World, p: PtrValue, snap: Snapshot): string {
  if (p === null || p.space === 'indeterminate') return formatPtr(p);
  const bytes = p.count * ELEMENT_BYTES;
  if (p.space === 'host') return `${formatPtr(p)} (${nameHostRange(world, p.addr, p.addr + bytes)})`;
  const section = snap.sections.find((s) => s.block === p.block);
  if (section) return `${formatPtr(p)} (device copy of ${nameHostRange(world, section.host[0] + p.offset, section.host[0] + p.offset + bytes)})`;
  const entry = snap.ompEntries.find((e) => e.block === p.block && e.offset <= p.offset);
  if (entry) {
    const start = entry.host[0] + p.offset - entry.offset;
    return `${formatPtr(p)} (device copy of ${nameHostRange(world, start, start + bytes)} on device ${entry.device})`;
  }
  return `${formatPtr(p)} (block no longer mapped)`;
}

/** Lines for what changed between two snapshots: `+` new, `-` gone, `~` changed (old→new). */
export function stateChanges(world: World, before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  const arrow = (what: string, x: string | number, y: string | number) => (x === y ? [] : [`${what} ${x}→${y}`]);

  diffBy(
    before.sections,
    after.sections,
    (s) => `${s.host[0]}:${s.host[1]}:${s.block}`,
    (s) => lines.push(`+ ${hostRange(world, s.host)} dev#${s.block} SRC ${s.src} DRC ${s.drc}`),
    (s) => lines.push(`- ${hostRange(world, s.host)} dev#${s.block}`),
    (x, y) => {
      const what = [...arrow('SRC', x.src, y.src), ...arrow('DRC', x.drc, y.drc)];
      if (what.length > 0) lines.push(`~ ${nameHostRange(world, y.host[0], y.host[1])} ${what.join(' ')}`);
    },
  );
  diffBy(
    before.attachments,
    after.attachments,
    (a) => String(a.ptr),
    (a) => lines.push(`+ ${nameMember(world, a.ptr)} AC ${a.ac} dev ${describePtr(world, a.device, after)}`),
    (a) => lines.push(`- ${nameMember(world, a.ptr)}`),
    (x, y) => {
      const what = [
        ...arrow('AC', x.ac, y.ac),
        ...(isDeepStrictEqual(x.device, y.device) ? [] : [`dev ${formatPtr(x.device)} → ${describePtr(world, y.device, after)}`]),
      ];
      if (what.length > 0) lines.push(`~ ${nameMember(world, y.ptr)} ${what.join(' ')}`);
    },
  );
  diffBy(
    before.ompEntries,
    after.ompEntries,
    (e) => `${e.device}:${e.host[0]}:${e.host[1]}:${e.block}:${e.offset}:${e.origin}`,
    (e) => {
      const storage = e.block === null ? 'self' : `dev#${e.block}+${e.offset}`;
      lines.push(`+ device ${e.device} ${hostRange(world, e.host)} ${storage} RC ${e.rc} (${e.origin})`);
    },
    (e) => lines.push(`- device ${e.device} ${hostRange(world, e.host)}`),
    (x, y) => {
      if (x.rc !== y.rc) lines.push(`~ device ${y.device} ${nameHostRange(world, y.host[0], y.host[1])} RC ${x.rc}→${y.rc}`);
    },
  );
  diffBy(
    before.ompPointers,
    after.ompPointers,
    (p) => `${p.device}:${p.ptr}`,
    (p) => lines.push(`+ device ${p.device} ${nameMember(world, p.ptr)} → ${describePtr(world, p.value, after)}`),
    (p) => lines.push(`- device ${p.device} ${nameMember(world, p.ptr)}`),
    (x, y) => {
      if (!isDeepStrictEqual(x.value, y.value))
        lines.push(`~ device ${y.device} ${nameMember(world, y.ptr)} ${formatPtr(x.value)} → ${describePtr(world, y.value, after)}`);
    },
  );
  return lines;
}

/**
 * Matches two lists by key (in order: entries with equal keys pair up first to first) and reports
 * the items only in `after`, only in `before`, and the pairs.
 */
function diffBy<T>(before: readonly T[], after: readonly T[], key: (t: T) => string, added: (t: T) => void, removed: (t: T) => void, both: (x: T, y: T) => void): void {
  const pending = new Map<string, T[]>();
  for (const x of before) pending.set(key(x), [...(pending.get(key(x)) ?? []), x]);
  for (const y of after) {
    const x = pending.get(key(y))?.shift();
    if (x === undefined) added(y);
    else both(x, y);
  }
  for (const rest of pending.values()) rest.forEach(removed);
}

/** Every device pointer value in a side's state after step `i`. */
function devicePointers(world: World, trace: Trace, i: number): DevicePointer[] {
  const snap = trace.snapshots[i]!;
  return [
    ...snap.attachments.map((a) => ({ member: nameMember(world, a.ptr), ac: a.ac, value: a.device, text: describePtr(world, a.device, snap) })),
    ...snap.ompPointers.map((p) => ({ member: nameMember(world, p.ptr), ac: null, device: p.device, value: p.value, text: describePtr(world, p.value, snap) })),
  ];
}

// ------------------------------------------------------------------------------------------------
// Rendering

function irrelevantCell(s: ExplainedStep): string {
  return s.irrelevant === null ? '-' : s.irrelevant ? 'yes' : 'no';
}

function irrelevantSteps(e: Explanation): string {
  const list = e.steps.filter((s) => s.irrelevant).map((s) => String(s.step));
  return list.length === 0 ? 'none' : list.join(', ');
}

/** Change lines of one step, labelled by side; one `both` list when the sides changed alike. */
function labelledChanges(s: ExplainedStep, sides: Record<SideKey, string>): [string, string[]][] {
  if (isDeepStrictEqual(s.changes.a, s.changes.b)) return s.changes.a.length === 0 ? [] : [['both', s.changes.a]];
  return SIDE_KEYS.filter((k) => s.changes[k].length > 0).map((k) => [sides[k], s.changes[k]]);
}

function pointerLine(p: DevicePointer): string {
  const where = p.device === undefined ? '' : `device ${p.device} `;
  return `${where}${p.member}${p.ac === null ? '' : ` AC ${p.ac}`} → ${p.text}`;
}

function renderText(e: Explanation): string {
  const out: string[] = [
    `${e.file}`,
    e.title,
    `sides: ${e.sides.a} against ${e.sides.b}; compare ${e.compare}; status ${e.status}`,
    '',
  ];
  const head = out.splice(0, out.length);
  if (e.replay.length > 0)
    out.push('the case does not replay as recorded (its expected observations or its status no longer hold):', ...e.replay.map((p) => `  ${p}`), '');
  const d = e.divergence;
  const rows = [
    ['', '#', 'step', e.sides.a, e.sides.b, 'irrelevant'],
    ...e.steps.map((s) => [
      d?.step === s.step ? '>>' : '',
      String(s.step),
      s.directive,
      surfaceText(e.world, formatObservation(s.observations.a)),
      surfaceText(e.world, formatObservation(s.observations.b)),
      irrelevantCell(s),
    ]),
  ];
  const lines = table(rows).split('\n');
  out.push(lines[0]!);
  const indent = ' '.repeat(lines[0]!.indexOf('step'));
  e.steps.forEach((s, i) => {
    out.push(lines[i + 1]!);
    const width = Math.max(4, e.sides.a.length, e.sides.b.length);
    for (const [label, changes] of labelledChanges(s, e.sides)) for (const c of changes) out.push(`${indent}${label.padEnd(width)}  ${c}`);
  });
  out.push('', "irrelevant: 'yes' when the program without that step alone still diverges the same way (same operation, same observations or state difference); '-' when it would not be a valid program, or nothing diverges");

  if (!d) out.push('', `the sides agree under '${e.compare}' comparison: no divergence to explain`);
  else {
    const step = e.steps[d.step - 1]!;
    out.push('', `divergence at step ${d.step} (${d.kind}): ${step.directive}`);
    if (d.recorded) out.push(`  (the case recorded it at step ${d.recorded.step} (${d.recorded.kind}))`);
    for (const k of SIDE_KEYS) out.push(`  ${e.sides[k]}: ${surfaceText(e.world, formatObservation(step.observations[k]))}`);
    out.push(`  device pointers after step ${d.step}:`);
    for (const k of SIDE_KEYS) {
      if (d.pointers[k].length === 0) out.push(`    ${e.sides[k]}: none`);
      for (const p of d.pointers[k]) out.push(`    ${e.sides[k]}: ${pointerLine(p)}`);
    }
    out.push(...renderRulesText(`spec rules fired at step ${d.step}`, e, d.rules));
    if (e.stateSplit)
      out.push(
        ...renderRulesText(
          `the states first differ after step ${e.stateSplit.step} (${e.steps[e.stateSplit.step - 1]!.directive}); spec rules fired there`,
          e,
          e.stateSplit.rules,
        ),
      );
    out.push(`irrelevant steps: ${irrelevantSteps(e)}`);
  }
  if (e.spec.length > 0) out.push('', `case spec: ${e.spec.join('; ')}`);
  out.push(`case cause: ${e.cause}`);
  return `${head.join('\n')}\n${withWorld(e.world, `${out.join('\n')}\n`)}`;
}

/** Groups of sides with their rules: one group for both sides when they fired the same rules. */
function ruleGroups(e: Explanation, rules: Record<SideKey, SideRules>): { label: string; rules: SideRules }[] {
  if (isDeepStrictEqual(rules.a, { ...rules.b, side: rules.a.side }))
    return [{ label: `${e.sides.a}, ${e.sides.b}`, rules: rules.a }];
  return SIDE_KEYS.map((k) => ({ label: e.sides[k], rules: rules[k] }));
}

function renderRulesText(heading: string, e: Explanation, rules: Record<SideKey, SideRules>): string[] {
  const out = [`  ${heading}:`];
  for (const { label, rules: r } of ruleGroups(e, rules)) {
    const from = r.source === 'model' ? '' : ` [from the ${r.source}]`;
    out.push(`    ${label}${from}:`);
    if (r.rules.length === 0) out.push('      (none)');
    for (const rule of r.rules) out.push(`      ${rule.version} ${rule.section} ${rule.title}`);
  }
  return out;
}


/** A table cell: pipes escaped, line breaks as <br>. */
function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, '<br>');
}

function renderMarkdown(e: Explanation): string {
  const d = e.divergence;
  const out: string[] = [
    `# ${mdCell(e.title)}`,
    '',
    `Case \`${e.file}\`: \`${e.sides.a}\` against \`${e.sides.b}\`, compare ${e.compare}, status ${e.status}.`,
    '',
    '```fortran',
    ...renderWorld(e.world),
    '```',
    '',
    ...(e.replay.length > 0
      ? ['**The case does not replay as recorded** (its expected observations or its status no longer hold):', '', ...e.replay.map((p) => `- ${mdCell(p)}`), '']
      : []),
    `| | # | step | ${mdCell(e.sides.a)} | ${mdCell(e.sides.b)} | state changes ${mdCell(e.sides.a)} | state changes ${mdCell(e.sides.b)} | irrelevant |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const s of e.steps) {
    const same = isDeepStrictEqual(s.changes.a, s.changes.b);
    const cells = [
      d?.step === s.step ? '**>>**' : '',
      String(s.step),
      `\`${mdCell(s.directive)}\``,
      mdCell(surfaceText(e.world, formatObservation(s.observations.a))),
      mdCell(surfaceText(e.world, formatObservation(s.observations.b))),
      mdCell(s.changes.a.join('\n')),
      same && s.changes.a.length > 0 ? '(same)' : mdCell(s.changes.b.join('\n')),
      irrelevantCell(s),
    ];
    out.push(`| ${cells.join(' | ')} |`);
  }
  out.push('', "*irrelevant*: `yes` when the program without that step alone still diverges the same way (same operation, same observations or state difference); `-` when it would not be a valid program, or nothing diverges.");
  if (!d) out.push('', `The sides agree under \`${e.compare}\` comparison: no divergence to explain.`);
  else {
    const step = e.steps[d.step - 1]!;
    out.push('', `## Divergence at step ${d.step} (${d.kind})`, '', `\`${mdCell(step.directive)}\``, '');
    if (d.recorded) out.push(`The case recorded it at step ${d.recorded.step} (${d.recorded.kind}).`, '');
    for (const k of SIDE_KEYS) {
      out.push(`- \`${e.sides[k]}\`: ${mdCell(surfaceText(e.world, formatObservation(step.observations[k])))}`);
      for (const p of d.pointers[k]) out.push(`  - ${mdCell(pointerLine(p))}`);
    }
    out.push(...renderRulesMarkdown(`Spec rules fired at step ${d.step}`, e, d.rules));
    if (e.stateSplit)
      out.push(
        ...renderRulesMarkdown(
          `The states first differ after step ${e.stateSplit.step} (\`${mdCell(e.steps[e.stateSplit.step - 1]!.directive)}\`); spec rules fired there`,
          e,
          e.stateSplit.rules,
        ),
      );
    out.push('', `Irrelevant steps: ${irrelevantSteps(e)}.`);
  }
  out.push('', '## Case notes', '');
  if (e.spec.length > 0) out.push(`Spec: ${e.spec.map(mdCell).join('; ')}.`, '');
  out.push(mdCell(e.cause));
  return `${out.join('\n')}\n`;
}

function renderRulesMarkdown(heading: string, e: Explanation, rules: Record<SideKey, SideRules>): string[] {
  const out = ['', `### ${heading}`, ''];
  for (const { label, rules: r } of ruleGroups(e, rules)) {
    const from = r.source === 'model' ? '' : ` (from the ${r.source})`;
    const list = r.rules.map((rule) => `${rule.version} ${rule.section} ${rule.title}`).join('; ') || 'none';
    out.push(`- **${mdCell(label)}**${mdCell(from)}: ${mdCell(list)}`);
  }
  return out;
}

/** The explanation in one of the output formats. */
export function renderExplanation(e: Explanation, format: ExplainFormat): string {
  switch (format) {
    case 'text':
      return renderText(e);
    case 'md':
      return renderMarkdown(e);
    case 'json':
      return `${JSON.stringify(e, null, 2)}\n`;
  }
}

export interface ExplainOptions {
  format: ExplainFormat;
  json?: boolean;
  /** For a plain program: the two sides to explain it on. */
  sides?: string;
  compare?: CompareMode;
}

/** `mapcheck explain FILE`: a saved case, or a program turned into a case on --sides first. */
export function explainCommand(file: string, o: ExplainOptions, io: Io): number {
  // Fortran or C source is a program (lang/source/)
  const raw = sourceLanguage(file) === null ? readJsonFile(file) : {};
  const isProgram = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && !('format' in raw);
  if (!isProgram && o.sides !== undefined) throw new InputError(`${file}: a saved case names its own sides; --sides is for plain programs`);
  // A plain program is turned into a case on the given sides first (as `mapcheck case` does).
  const c = isProgram
    ? programToCase(file, { sides: o.sides ?? 'spec,impl:spec', ...(o.compare && { compare: o.compare }) }, { out: () => {}, err: io.err })
    : loadCaseToExplain(file);
  const e = explainCase(c, file);
  if (o.json || o.format === 'json') io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'explain', ...e }, null, 2)}\n`);
  else io.out(renderExplanation(e, o.format));
  return 0;
}
