// Conformance scenarios as data. A row is a world, the steps (the JSON program language of
// lang/program.ts and lang/openmp.ts) and what each step must observe, and where useful the state
// after it, under each profile. Expectations are written by hand from the spec text
// (spec-digest.md, seeds/) and from runtime evidence (profiles/builtin.ts); they are never computed
// by running an engine. conformance/run.ts runs every row on both engines under every built-in
// profile and checks each against them.
//
// One file per spec section (conformance/acc/2.7.2-attach-action.ts, conformance/omp/25.5-…), so
// `grep -rl "2.7.2" conformance model impl` finds the scenarios beside the rule and its impl.

import type { Snapshot } from '../lang/observation.js';
import { BUILTIN_PROFILES } from '../profiles/builtin.js';
import { kernelRef, kernelStatements, type Program, type Step, type VarRef, type World } from '../lang/program.js';
import { formatDevAddr, type ErrorCode, type DevAddr, type HostAddr, type OmpEntrySnapshot } from '../lang/observation.js';

// ------------------------------------------------------------------------------------------------
// What a step may observe

/** An expected observation. Error and undefined observations are matched without their message. */
export type Outcome =
  | { kind: 'ok' }
  | { kind: 'value'; value: boolean | DevAddr | HostAddr | 0 | 1 | null }
  | { kind: 'read'; values: (number | null)[] }
  | { kind: 'error'; code: ErrorCode }
  /** The spec leaves the outcome open: anything goes from here (the `undefined` observation). */
  | { kind: 'undefined' }
  | { kind: 'halted' }
  /** The profile's runtime lacks the routine or modifier the step uses (K-B24 … K-B26 `absent`). */
  | { kind: 'unavailable' }
  /** The step runs and the program goes on: any `ok`, `value` or `read`. Default for unlisted steps. */
  | { kind: 'runs' }
  /** Any of these: the set of outcomes the spec (or the evidence) allows. */
  | { kind: 'oneOf'; of: Outcome[] };

/**
 * A value for every profile with overrides. An override names a built-in profile (it also applies
 * to every profile that `extends` it, nearest first) or a knob reading `K-A13=error` (several
 * joined by `,`): such a key adds a run under `spec` with those readings to the row.
 */
export interface PerProfile<T> {
  $default: T;
  $by: Record<string, T>;
}

export type Expect<T> = T | PerProfile<T>;

/** A partial canonical state: each field given is compared whole; null: not checked for that profile. */
export type StateExpect = Partial<Snapshot> | null;

export interface Row {
  /** What the scenario is, in words. */
  name: string;
  /** Where the expectation comes from when it is not the file's section alone (spec text, knob, evidence). */
  cite?: string;
  /** Defaults to the section's world. */
  world?: World;
  steps: Step[];
  /**
   * Expected observation of a step, by 1-based step number. An unlisted step must run (`runs`), or
   * observe `halted` once an earlier step is expected to stop the program (error or undefined).
   */
  at?: Record<number, Expect<Outcome>>;
  /** Expected observation of the last step (shorthand for `at[steps.length]`). */
  last?: Expect<Outcome>;
  /** Expected (partial) state after a step, by 1-based step number. */
  state?: Record<number, Expect<StateExpect>>;
  /** A label when the row is a case of the README routine table (scripts/routine-table.ts). */
  table?: string;
}

export interface Section {
  /** `OpenACC 3.3` or `OpenMP 6.0`. */
  spec: string;
  /** Section number without `§`, as in the file name: `2.7.2`, `25.5`. */
  section: string;
  title: string;
  /** The model's rule citations this file covers (properties/coverage.ts lists them all). */
  rules: string[];
  world: World;
  rows: Row[];
}

// ------------------------------------------------------------------------------------------------
// Builders

export const ok: Outcome = { kind: 'ok' };
export const RUNS: Outcome = { kind: 'runs' };
export const UNDEF: Outcome = { kind: 'undefined' };
export const HALTED: Outcome = { kind: 'halted' };
export const UNAVAILABLE: Outcome = { kind: 'unavailable' };
export const value = (v: Extract<Outcome, { kind: 'value' }>['value']): Outcome => ({ kind: 'value', value: v });
export const dev = (block: number, offset = 0): Outcome => value({ block, offset });
export const hostPtr = (host: number): Outcome => value({ host });
export const read = (...values: (number | null)[]): Outcome => ({ kind: 'read', values });
/** `n` elements all equal to `v` (null: indeterminate). */
export const readAll = (n: number, v: number | null): Outcome => ({ kind: 'read', values: Array<number | null>(n).fill(v) });
export const err = (code: ErrorCode): Outcome => ({ kind: 'error', code });
export const oneOf = (...of: Outcome[]): Outcome => ({ kind: 'oneOf', of });
/** `$default` under every profile, except where `by` names the profile (or one it extends) or adds a knob reading. */
export const per = ($default: Outcome, $by: Record<string, Outcome>): PerProfile<Outcome> => ({ $default, $by });
/** `per` for state expectations. */
export const perState = ($default: StateExpect, $by: Record<string, StateExpect>): PerProfile<StateExpect> => ({ $default, $by });

export function isPerProfile<T>(x: Expect<T>): x is PerProfile<T> {
  return typeof x === 'object' && x !== null && '$default' in x && '$by' in x;
}

export function section(s: Section): Section {
  if (s.spec !== 'OpenMP 6.0') return s;
  return { ...s, rows: s.rows.map((r) => unavailableFrom(garbagePointerFrom(r, 'gcc-12', r.world ?? s.world), 'gcc-12', (step) => gcc12Lacks(step) || mapsThroughMapper(r.world ?? s.world, step))) };
}

/** The pointer member a map item or kernel reference names (`c%p`, `cs(2)%p`, `c%p(3:6)` → `cs(2)%p`), or null. */
function memberOf(ref: VarRef): string | null {
  const m = /^([A-Za-z]\w*(?:\(\d+\))?%[A-Za-z]\w*)(?:\(.*\))?$/.exec(ref);
  return m ? m[1]! : null;
}

/**
 * K-B60 `garbage` (profiles/builtin.ts gcc-12; gfortran 12 with libgomp 12): a target enter data
 * that maps an associated pointer component whose struct an earlier (or the same) enter data or
 * target data mapped leaves the corresponding pointer without a device address, so the first kernel after it
 * that reads, prints or dereferences that pointer without mapping it itself is undefined there,
 * every later step halted, and no state is checked from that enter data on. Rows where none of
 * this happens are returned unchanged.
 */
export function garbagePointerFrom(row: Row, profile: string, world: World): Row {
  const mapped = new Set<string>();
  const hit = new Set<string>();
  // Members associated with a target: initialised in the world, or pointer-assigned, and not nullified since.
  const associated = new Set<string>(world.structs.flatMap((d) => Object.keys(d.init ?? {}).map((k) => (k.startsWith('(') ? `${d.name}${k}` : `${d.name}%${k}`))));
  let enter = -1;
  let kernel = -1;
  for (let i = 0; i < row.steps.length && kernel < 0; i++) {
    const step = row.steps[i]!;
    // A program that stops here under the profile goes no further.
    if (stopsAt(row, profile, i + 1)) break;
    if (step.op === 'pointer_assign' || step.op === 'allocate') associated.add(step.ptr);
    if (step.op === 'nullify' || step.op === 'deallocate') associated.delete(step.ptr);
    // Structs with storage: whole structs or elements that an enter data or target data mapped.
    if (step.op === 'omp_target_enter_data' || step.op === 'omp_target_data_begin')
      for (const v of step.maps.flatMap((m) => m.vars)) if (!v.includes('%')) mapped.add(v.replace(/\(\d+:\d+\)$/, ''));
    if (step.op === 'omp_target_enter_data' && (step.device === undefined || step.device === 0))
      for (const v of step.maps.flatMap((m) => m.vars)) {
        const member = memberOf(v);
        const holder = member?.split('%')[0];
        if (member && holder && associated.has(member) && (mapped.has(holder) || mapped.has(holder.replace(/\(\d+\)$/, '')))) {
          hit.add(member);
          if (enter < 0) enter = i;
        }
      }
    if (step.op !== 'omp_target' || enter < 0 || (step.device !== undefined && step.device !== 0)) continue;
    const through = (member: string | null) => member !== null && hit.has(member) && !step.maps.some((m) => m.vars.some((v) => memberOf(v) === member));
    if (!kernelStatements(step.body).some((b) => through(memberOf(kernelRef(b))))) continue;
    kernel = i;
  }
  return enter < 0 ? row : stoppedAt(row, profile, kernel, UNDEF, enter);
}

/**
 * Whether `step` maps through a default mapper of `world` (K-B43: GCC 12 rejects declare mapper):
 * a map or motion clause naming the struct, or omp_target's implicit map of it.
 */
function mapsThroughMapper(world: World, step: Step): boolean {
  const structs = new Set((world.mappers ?? []).map((m) => m.struct));
  if (structs.size === 0) return false;
  const lists = 'maps' in step ? step.maps : 'motions' in step ? step.motions : [];
  if (lists.some((m) => m.vars.some((x) => structs.has(x)))) return true;
  if (step.op !== 'omp_target') return false;
  const root = (r: string) => r.split(/[%(]/)[0]!;
  return kernelStatements(step.body).some((b) => {
    const kernel = root(kernelRef(b));
    return structs.has(kernel) && !step.maps.some((m) => m.vars.some((x) => root(x) === kernel));
  });
}

/**
 * What GCC 12 lacks (profiles/builtin.ts gcc-12, K-B24 … K-B26 `absent`): omp_get_mapped_ptr,
 * omp_target_is_accessible and the present map modifier. A program using one cannot be built
 * there, which the engines observe as `unavailable` at the first such step.
 */
function gcc12Lacks(step: Step): boolean {
  if (step.op === 'omp_get_mapped_ptr' || step.op === 'omp_target_is_accessible') return true;
  if ('motions' in step && step.motions.some((m) => m.modifiers?.includes('present') === true)) return true;
  return 'maps' in step && step.maps.some((m) => m.modifiers?.includes('present') === true);
}

/** `e` with `profile` overridden to `o` (merged into an existing per-profile value). */
function override<T>(e: Expect<T> | undefined, fallback: T, profile: string, o: T): PerProfile<T> {
  if (e !== undefined && isPerProfile(e)) return { $default: e.$default, $by: { ...e.$by, [profile]: o } };
  return { $default: e === undefined ? fallback : e, $by: { [profile]: o } };
}

/**
 * `row` stopped under `profile` at step number `step` with `o` (a profile's abort the row's other
 * readings do not have), every later step halted, no state checked from that step on.
 */
export function stoppedUnder(row: Row, profile: string, step: number, o: Outcome): Row {
  return stoppedAt(row, profile, step - 1, o, step - 1);
}

/**
 * A row under a profile whose runtime lacks a feature the row uses (`lacks`): `unavailable` at the
 * first step using it, every later step `halted`, no state checked from there on. Rows that do not
 * use the feature are returned unchanged.
 */
export function unavailableFrom(row: Row, profile: string, lacks: (step: Step) => boolean): Row {
  const first = row.steps.findIndex(lacks);
  return first < 0 || stopsBefore(row, profile, first) ? row : stoppedAt(row, profile, first, UNAVAILABLE, first);
}

/** `name` and the built-in profiles it extends, nearest first: where a per-profile expectation is looked up. */
export function extendsChain(name: string): string[] {
  const chain: string[] = [];
  for (let p = BUILTIN_PROFILES.find((x) => x.name === name); p; p = p.extends ? BUILTIN_PROFILES.find((x) => x.name === p!.extends) : undefined) {
    if (chain.includes(p.name)) break;
    chain.push(p.name);
  }
  return chain;
}

/** Whether `row` expects the program to stop under `profile` (error, undefined, unavailable) at one of its first `count` steps. */
function stopsBefore(row: Row, profile: string, count: number): boolean {
  for (let k = 1; k <= count; k++) if (stopsAt(row, profile, k)) return true;
  return false;
}

/** Whether `row` expects the program to stop under built-in `profile` (error, undefined, unavailable) at step number `k`. */
function stopsAt(row: Row, profile: string, k: number): boolean {
  const e = row.at?.[k] ?? (k === row.steps.length ? row.last : undefined);
  if (e === undefined) return false;
  let o = e as Outcome;
  if (isPerProfile(e)) {
    const key = extendsChain(profile).find((x) => x in e.$by);
    o = key === undefined ? e.$default : e.$by[key]!;
  }
  return o.kind === 'error' || o.kind === 'undefined' || o.kind === 'unavailable';
}

/**
 * `row` with `o` expected under `profile` at step index `stop` (none when -1), every later step
 * halted, and no state checked after step number `stateAfter` under that profile.
 */
function stoppedAt(row: Row, profile: string, stop: number, o: Outcome, stateAfter: number): Row {
  const n = row.steps.length;
  const at: Record<number, Expect<Outcome>> = { ...row.at };
  if (row.last !== undefined && at[n] === undefined) at[n] = row.last;
  if (stop >= 0) {
    at[stop + 1] = override(at[stop + 1], RUNS, profile, o);
    for (const k of Object.keys(at).map(Number)) if (k > stop + 1) at[k] = override(at[k], RUNS, profile, HALTED);
  }
  const state: Record<number, Expect<StateExpect>> = {};
  for (const [k, e] of Object.entries(row.state ?? {})) state[Number(k)] = Number(k) > stateAfter ? override(e, null, profile, null) : e;
  const { last: _last, ...rest } = row;
  return { ...rest, at, ...(row.state ? { state } : {}) };
}

export function rowProgram(sec: Section, row: Row): Program {
  return { world: row.world ?? sec.world, steps: row.steps };
}

/** Every override key a row uses, in its observation and state expectations. */
export function overrideKeys(row: Row): string[] {
  const keys = new Set<string>();
  const add = (e: Expect<unknown> | undefined) => {
    if (e !== undefined && isPerProfile(e)) for (const k of Object.keys(e.$by)) keys.add(k);
  };
  add(row.last);
  for (const e of Object.values(row.at ?? {})) add(e);
  for (const e of Object.values(row.state ?? {})) add(e);
  return [...keys];
}

/** Keys of the form `K-A13=error,K-B4=remove`: extra runs under `spec` with these readings. */
export const KNOB_KEY = /^K-[A-Z]\d+[a-z]?=[^,=]+(,K-[A-Z]\d+[a-z]?=[^,=]+)*$/;

export function parseKnobKey(key: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of key.split(',')) {
    const [id, reading] = part.split('=') as [string, string];
    out[id] = reading;
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Rendering expectations (failure messages, the count script)

export function formatOutcome(o: Outcome): string {
  switch (o.kind) {
    case 'ok':
    case 'halted':
    case 'runs':
    case 'undefined':
    case 'unavailable':
      return o.kind;
    case 'value':
      if (o.value === null) return 'null';
      if (typeof o.value === 'boolean' || typeof o.value === 'number') return String(o.value);
      if ('host' in o.value) return `host:0x${o.value.host.toString(16)}`;
      return formatDevAddr(o.value);
    case 'read':
      return `read [${o.values.map((v) => (v === null ? '?' : String(v))).join(', ')}]`;
    case 'error':
      return `error ${o.code}`;
    case 'oneOf':
      return `one of {${o.of.map(formatOutcome).join(' | ')}}`;
  }
}

/** An OpenMP present-table entry of the snapshot (device 0, offset 0, origin from the count). */
export function entry(
  host: [number, number],
  block: number | null,
  rc: number | 'inf',
  more: Partial<OmpEntrySnapshot> = {},
): OmpEntrySnapshot {
  return { device: 0, host, block, offset: 0, rc, origin: rc === 'inf' ? 'associate' : 'map', ...more };
}
