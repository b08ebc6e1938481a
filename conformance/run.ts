// The one runner of conformance rows: every row on both engines (model and impl) under every
// built-in profile, plus the knob readings a row names, each step checked against the row's
// hand-written expectation.

import { isDeepStrictEqual } from 'node:util';
import type { Observation, Snapshot } from '../lang/observation.js';
import type { EngineName } from '../lang/engine.js';
import { BUILTIN_PROFILES, KNOBS, loadProfile, type Profile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import { renderStep } from '../cli/render.js';
import {
  KNOB_KEY,
  extendsChain,
  formatOutcome,
  isPerProfile,
  overrideKeys,
  parseKnobKey,
  rowProgram,
  type Expect,
  type Outcome,
  type Row,
  type Section,
  type StateExpect,
} from './rows.js';
import { formatObservation } from '../lang/observation.js';

export const ENGINE_NAMES: readonly EngineName[] = ['model', 'impl'];

/**
 * The engines rows run on: both, unless MAPCHECK_ROW_ENGINES names one (`impl` in a mutation run
 * of impl/ files, where a mutant cannot change what the model observes; MUTATION.md).
 */
function rowEngines(): readonly EngineName[] {
  const only = process.env.MAPCHECK_ROW_ENGINES;
  if (only === undefined || only === '') return ENGINE_NAMES;
  const picked = only.split(',').map((s) => s.trim());
  for (const e of picked) if (!(ENGINE_NAMES as readonly string[]).includes(e)) throw new Error(`MAPCHECK_ROW_ENGINES: unknown engine '${e}' (model, impl)`);
  return picked as EngineName[];
}

/** A profile a row runs under, with the override keys that apply to it, nearest first. */
export interface RowProfile {
  key: string;
  profile: Profile;
  /** Override keys that apply, nearest first (the profile itself, then what it extends). */
  lookup: string[];
}

const profileCache = new Map<string, Profile>();

function knobProfile(key: string): Profile {
  let p = profileCache.get(key);
  if (!p) {
    const spec = loadProfile('spec');
    const readings = parseKnobKey(key);
    for (const [id, reading] of Object.entries(readings)) {
      const def = KNOBS.find((k) => k.id === id);
      if (!def) throw new Error(`conformance: unknown knob ${id} in override '${key}'`);
      if (!def.readings.some((r) => r.id === reading)) throw new Error(`conformance: knob ${id} has no reading '${reading}' (override '${key}')`);
    }
    p = { ...spec, name: `spec+${key}`, knobs: { ...spec.knobs, ...readings } as Profile['knobs'] };
    profileCache.set(key, p);
  }
  return p;
}

function builtin(name: string): Profile {
  let p = profileCache.get(name);
  if (!p) {
    p = loadProfile(name);
    profileCache.set(name, p);
  }
  return p;
}

/** Every profile the row runs under: each built-in profile, then each knob-reading override. */
export function rowProfiles(row: Row): RowProfile[] {
  const names = BUILTIN_PROFILES.map((p) => p.name);
  const out: RowProfile[] = names.map((name) => ({ key: name, profile: builtin(name), lookup: extendsChain(name) }));
  for (const key of overrideKeys(row)) {
    if (names.includes(key)) continue;
    if (!KNOB_KEY.test(key)) throw new Error(`conformance: row '${row.name}': override '${key}' is neither a built-in profile nor a knob reading like K-A13=error`);
    out.push({ key, profile: knobProfile(key), lookup: [key, ...extendsChain('spec')] });
  }
  return out;
}

export function resolve<T>(e: Expect<T>, rp: RowProfile): T {
  if (!isPerProfile(e)) return e;
  for (const k of rp.lookup) if (k in e.$by) return e.$by[k]!;
  return e.$default;
}

/** Whether an observation is one the outcome allows. */
export function matches(o: Observation, e: Outcome): boolean {
  switch (e.kind) {
    case 'runs':
      return o.kind === 'ok' || o.kind === 'value' || o.kind === 'read';
    case 'oneOf':
      return e.of.some((x) => matches(o, x));
    case 'error':
      return o.kind === 'error' && o.code === e.code;
    case 'undefined':
    case 'unavailable':
    case 'halted':
    case 'ok':
      return o.kind === e.kind;
    case 'value':
      return o.kind === 'value' && isDeepStrictEqual(o.value, e.value);
    case 'read':
      return o.kind === 'read' && isDeepStrictEqual(o.values, e.values);
  }
}

/** Fields of `expected` that `actual` does not equal. */
function stateMismatch(actual: Snapshot, expected: StateExpect): string[] {
  const out: string[] = [];
  if (expected === null) return out;
  for (const [field, want] of Object.entries(expected) as [keyof Snapshot, unknown][])
    if (!isDeepStrictEqual(actual[field], want)) out.push(`${field}: expected ${JSON.stringify(want)}, got ${JSON.stringify(actual[field])}`);
  return out;
}

/** The expectation of every step (1-based keys resolved), for one profile. */
export function stepExpectations(row: Row, rp: RowProfile): Outcome[] {
  const n = row.steps.length;
  const out: Outcome[] = [];
  let stopped = false;
  for (let i = 1; i <= n; i++) {
    const e = row.at?.[i] ?? (i === n ? row.last : undefined);
    const o: Outcome = e === undefined ? (stopped ? { kind: 'halted' } : { kind: 'runs' }) : resolve(e, rp);
    // lang/engine.ts: after an error or undefined observation every later step is halted.
    if (o.kind === 'error' || o.kind === 'undefined' || o.kind === 'unavailable') stopped = true;
    out.push(o);
  }
  return out;
}

/** Problems with the row itself (not with an engine): checked before it runs. */
export function rowShapeErrors(row: Row): string[] {
  const out: string[] = [];
  const n = row.steps.length;
  if (n === 0) out.push('has no steps');
  if (row.last === undefined && row.at?.[n] === undefined) out.push('gives no expectation for its last step');
  if (row.last !== undefined && row.at?.[n] !== undefined) out.push('gives its last step two expectations (last and at)');
  for (const k of [...Object.keys(row.at ?? {}), ...Object.keys(row.state ?? {})])
    if (!(Number(k) >= 1 && Number(k) <= n && Number.isInteger(Number(k)))) out.push(`names step ${k}, outside 1..${n}`);
  return out;
}

/**
 * Runs one row everywhere and returns one line per disagreement (empty when every engine under
 * every profile observes what the row expects).
 */
export function checkRow(sec: Section, row: Row): string[] {
  const shape = rowShapeErrors(row);
  if (shape.length > 0) return shape.map((s) => `row ${s}`);
  const program = rowProgram(sec, row);
  const failures: string[] = [];
  for (const rp of rowProfiles(row)) {
    const expected = stepExpectations(row, rp);
    for (const engine of rowEngines()) {
      const trace = runTrace(program, { engine, profile: rp.profile }, row.state !== undefined);
      const side = `${engine} under ${rp.key}`;
      trace.observations.forEach((o, i) => {
        if (!matches(o, expected[i]!))
          failures.push(`${side}, step ${i + 1} \`${renderStep(program.steps[i]!)}\`: expected ${formatOutcome(expected[i]!)}, observed ${formatObservation(o)}`);
        // Messages are not compared between the engines (MUTATION.md, "Messages"), but a stop must
        // say what went wrong.
        if ((o.kind === 'error' || o.kind === 'undefined') && !(typeof o.message === 'string' && o.message.trim() !== ''))
          failures.push(`${side}, step ${i + 1} \`${renderStep(program.steps[i]!)}\`: ${o.kind} observation without a message`);
        if (o.kind === 'unavailable' && !(typeof o.feature === 'string' && o.feature.trim() !== ''))
          failures.push(`${side}, step ${i + 1} \`${renderStep(program.steps[i]!)}\`: unavailable observation without the feature it lacks`);
      });
      for (const [k, e] of Object.entries(row.state ?? {})) {
        const i = Number(k) - 1;
        for (const m of stateMismatch(trace.snapshots[i]!, resolve(e, rp))) failures.push(`${side}, state after step ${i + 1}: ${m}`);
      }
    }
  }
  return failures;
}
