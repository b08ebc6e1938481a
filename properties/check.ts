// Bounded-exhaustive checking (`mapcheck check --depth k`): every program of at most k steps from
// the finite alphabet (alphabet.ts) over a small world, breadth first, comparing the two sides
// after every step as firstDivergence does (compare.ts). Programs that reach the same pair of
// states (the same canonical state on each side, and the same renaming of the device blocks the
// comparison has seen) have the same futures, so only the first of them is extended. Because
// every program of length d is looked at before any of length d + 1, the first divergence found is
// a shortest one, and when none is found the result is a certificate: no program of at most k
// steps over the world diverges.
//
// A model side keeps its immutable state per node and steps from it; the impl side is replayed
// from the start of the node's program (it is mutable), then asked for its state key.
//
// Symmetry reduction: host objects whose declarations are the same (arrays of one length and
// initial values that no pointer's initial association names; structs with the same members,
// element count and initial associations) are interchangeable: renaming them in a program gives a
// program that behaves the same on each side, up to where the objects lie. So only programs that
// first use the names of such a class in declaration order are enumerated (a program using `y`
// before `x` is the renaming of one using `x` before `y`); every program is the renaming of one
// enumerated, of the same length, so shortest divergences and certificates stand. This assumes
// neither side's behaviour depends on an object's host address other than through its own bytes
// (true of the specification; `--no-symmetry` checks every program).

import type { Observation, Snapshot } from '../lang/observation.js';
import type { Program, Step, World } from '../lang/program.js';
import { isRegionBegin, isRegionEnd, regionBeginOf, type RegionEndOp } from '../lang/ops.js';
import { initialState, snapshot as modelSnapshot, step as modelStep, stateKey as modelStateKey, type ModelState } from '../model/index.js';
import { implEngine } from '../impl/index.js';
import { BlockNames, implOnlyUndefined, sameObservation, sideLabel, type CompareMode, type Divergence, type Side } from './compare.js';
import { isDeepStrictEqual } from 'node:util';
import { checkAlphabet, type CheckApi } from './alphabet.js';
import { OPS } from '../lang/ops.js';

/**
 * The seed world of `mapcheck check`: struct c whose pointer p targets a, arrays a and b (told
 * apart by their values), one discrete device. Small enough for depth 3, large enough for the
 * attach bookkeeping: present, absent, reassociation and re-attach.
 */
export const SEED_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: 1 },
    { name: 'b', length: 4, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
};

export interface CheckOptions {
  world: World;
  a: Side;
  b: Side;
  compare: CompareMode;
  depth: number;
  /** The API whose steps (with the host steps) are enumerated (default openacc). */
  api?: CheckApi;
  /** Symmetry reduction over interchangeable names (default true). */
  symmetry?: boolean;
  /** Stop after this many states (children looked at); the certificate then covers the depths completed. */
  maxStates?: number;
  /** Stop after this many milliseconds, likewise. */
  timeMs?: number;
  onProgress?: (p: CheckProgress) => void;
}

export interface CheckProgress {
  depth: number;
  explored: number;
  distinct: number;
  elapsedMs: number;
}

export interface CheckResult {
  /** Steps in the alphabet. */
  alphabet: number;
  /** The classes of interchangeable names the search reduced by (empty without symmetry reduction). */
  symmetric: string[][];
  /** Children looked at (a program and one more step), and distinct pairs of states kept. */
  explored: number;
  distinct: number;
  /** Every program of at most this many steps was checked (equal to `depth` unless a budget ran out). */
  completedDepth: number;
  /** Why the search stopped before `depth`, if it did. */
  budgetExhausted: 'states' | 'time' | null;
  elapsedMs: number;
  /** A shortest diverging program, or null. */
  found: null | { program: Program; divergence: Divergence };
}

interface SideState {
  /** Model side: its state after the node's program. */
  model: ModelState | null;
  names: BlockNames;
  key: string;
}

interface Node {
  steps: Step[];
  /** Open regions, innermost last (their begin ops). */
  open: Step['op'][];
  /** For each symmetry class, how many of its names (a prefix of the class) the steps use. */
  used: number[];
  a: SideState;
  b: SideState;
}

interface Stepped {
  observation: Observation;
  snapshot: () => Snapshot;
  model: ModelState | null;
  key: () => string;
}

function applyStep(side: Side, world: World, node: Node, which: 'a' | 'b', s: Step): Stepped {
  if (side.engine === 'model') {
    const r = modelStep(node[which].model!, s, side.profile);
    return { observation: r.observation, snapshot: () => modelSnapshot(r.state), model: r.state, key: () => modelStateKey(r.state) };
  }
  // The impl is mutable: replay the node's program, then the step.
  const engine = implEngine({ version: 1, world, steps: [...node.steps, s] }, side.profile);
  for (const earlier of node.steps) engine.apply(earlier);
  const observation = engine.apply(s);
  const keyed = engine as unknown as { stateKey?: () => string };
  if (typeof keyed.stateKey !== 'function') throw new Error('check: the impl side cannot give its state key');
  // The impl gives no state key once its OpenMP half is in use: there the node's program is its
  // key, so no two nodes merge on its account (sound; no deduplication of OpenMP programs).
  const steps = [...node.steps, s];
  const key = steps.some((x) => OPS[x.op].api === 'openmp') ? () => `program ${JSON.stringify(steps)}` : () => keyed.stateKey!();
  return { observation, snapshot: () => engine.snapshot(), model: null, key };
}

function rootSide(side: Side, world: World): SideState {
  const program: Program = { version: 1, world, steps: [] };
  if (side.engine === 'model') {
    const model = initialState(program, side.profile);
    return { model, names: new BlockNames(), key: modelStateKey(model) };
  }
  const engine = implEngine(program, side.profile) as unknown as { stateKey(): string };
  return { model: null, names: new BlockNames(), key: engine.stateKey() };
}

function endsComparison(o: Observation): boolean {
  return o.kind === 'undefined' || o.kind === 'error' || o.kind === 'halted';
}

/** The program as saved or printed: regions still open are closed after the diverging step. */
function closedProgram(world: World, steps: Step[]): Program {
  const out = [...steps];
  const open: Step['op'][] = [];
  for (const s of steps) {
    if (isRegionBegin(s.op)) open.push(s.op);
    else if (isRegionEnd(s.op)) open.pop();
  }
  for (let begin = open.pop(); begin !== undefined; begin = open.pop()) out.push({ op: (OPS[begin] as { region: { opens: Step['op'] } }).region.opens } as Step);
  return { version: 1, world, steps: out };
}

/** Classes (two names or more) of interchangeable host objects of `world`, in declaration order. */
export function symmetryClasses(world: World): string[][] {
  const named = new Set(world.structs.flatMap((s) => Object.values(s.init ?? {}).filter((t): t is string => typeof t === 'string').map(rootOf)));
  const classes = new Map<string, string[]>();
  const add = (key: string, name: string) => {
    const c = classes.get(key);
    if (c) c.push(name);
    else classes.set(key, [name]);
  };
  for (const a of world.arrays) if (!named.has(a.name)) add(JSON.stringify(['array', a.length, a.init ?? 0]), a.name);
  for (const s of world.structs) add(JSON.stringify(['struct', s.pointers, s.count ?? null, s.init ?? {}]), s.name);
  return [...classes.values()].filter((c) => c.length > 1);
}

/** The object a reference names (`a(2:5)` → a, `c%p` → c, `cs(2)%p` → cs). */
function rootOf(ref: string): string {
  return /^[A-Za-z][A-Za-z0-9_]*/.exec(ref)![0];
}

/** Fields of a step that hold variable references (clause and map vars, kernel bodies, pointer arguments). */
const REF_KEYS = new Set(['var', 'vars', 'ptr', 'target', 'read', 'write']);

/** The objects a step names. */
function namesIn(x: unknown, key = ''): string[] {
  if (typeof x === 'string') return REF_KEYS.has(key) ? [rootOf(x)] : [];
  if (Array.isArray(x)) return x.flatMap((y) => namesIn(y, key));
  if (x !== null && typeof x === 'object') return Object.entries(x).flatMap(([k, v]) => namesIn(v, k));
  return [];
}

/**
 * For each symmetry class, the places in the class of the names a step uses (sorted, distinct).
 * A step extends a program canonically when, for every class, the names used so far (the first
 * `used` of the class) and the step's names are again the first names of the class.
 */
function classPlaces(s: Step, classes: string[][]): number[][] {
  const names = new Set(namesIn(s));
  return classes.map((c) => c.flatMap((n, i) => (names.has(n) ? [i] : [])));
}

/** The class prefixes used after a step, or null when the step would use a name before an earlier one of its class. */
function extendUsed(used: number[], places: number[][]): number[] | null {
  const out = [...used];
  for (let c = 0; c < places.length; c++) {
    const fresh = places[c]!.filter((i) => i >= used[c]!);
    if (fresh.length === 0) continue;
    if (fresh[fresh.length - 1]! !== used[c]! + fresh.length - 1) return null;
    out[c] = used[c]! + fresh.length;
  }
  return out;
}

export function runCheck(o: CheckOptions): CheckResult {
  const started = process.hrtime.bigint();
  const elapsed = () => Number((process.hrtime.bigint() - started) / 1_000_000n);
  const alphabet = checkAlphabet(o.world, o.api ?? 'openacc');
  const classes = o.symmetry === false ? [] : symmetryClasses(o.world);
  const places = new Map(alphabet.map((s) => [s, classPlaces(s, classes)]));
  const opens = alphabet.filter((s) => isRegionBegin(s.op));
  const closes = alphabet.filter((s) => isRegionEnd(s.op));
  const rest = alphabet.filter((s) => !isRegionBegin(s.op) && !isRegionEnd(s.op));
  const root: Node = { steps: [], open: [], used: classes.map(() => 0), a: rootSide(o.a, o.world), b: rootSide(o.b, o.world) };
  const seen = new Set<string>([`${pairKey(root.a, root.b)}\n${root.used.join(',')}`]);
  let level: Node[] = [root];
  let explored = 0;
  let lastProgress = 0;
  const result = (completedDepth: number, budgetExhausted: CheckResult['budgetExhausted'], found: CheckResult['found']): CheckResult => ({
    alphabet: alphabet.length,
    symmetric: classes,
    explored,
    distinct: seen.size,
    completedDepth,
    budgetExhausted,
    elapsedMs: elapsed(),
    found,
  });
  for (let depth = 1; depth <= o.depth; depth++) {
    const next: Node[] = [];
    for (const node of level) {
      // a region end only closes an open region, of its own kind
      const innermost = node.open[node.open.length - 1];
      const steps = [...rest, ...(innermost === undefined ? [] : closes.filter((s) => regionBeginOf(s.op as RegionEndOp) === innermost)), ...opens];
      for (const s of steps) {
        const used = extendUsed(node.used, places.get(s)!);
        if (used === null) continue;
        if (o.maxStates !== undefined && explored >= o.maxStates) return result(depth - 1, 'states', null);
        if (o.timeMs !== undefined && (explored & 255) === 0 && elapsed() >= o.timeMs) return result(depth - 1, 'time', null);
        explored++;
        const ra = applyStep(o.a, o.world, node, 'a', s);
        const rb = applyStep(o.b, o.world, node, 'b', s);
        const namesA = new BlockNames(node.a.names);
        const namesB = new BlockNames(node.b.names);
        const program = [...node.steps, s];
        const diverged = (kind: Divergence['kind'], snapshotA: Snapshot, snapshotB: Snapshot) =>
          result(depth - 1, null, {
            program: closedProgram(o.world, program),
            divergence: { step: depth - 1, kind, a: ra.observation, b: rb.observation, snapshotA, snapshotB },
          });
        if (implOnlyUndefined(o.a, ra.observation, o.b, rb.observation)) return diverged('observation', ra.snapshot(), rb.snapshot());
        if (ra.observation.kind === 'undefined' || rb.observation.kind === 'undefined') continue;
        if (!sameObservation(namesA.observation(ra.observation), namesB.observation(rb.observation)))
          return diverged('observation', ra.snapshot(), rb.snapshot());
        if (endsComparison(ra.observation)) continue;
        if (o.compare === 'state') {
          const sa = ra.snapshot();
          const sb = rb.snapshot();
          if (!isDeepStrictEqual(namesA.snapshot(sa), namesB.snapshot(sb))) return diverged('state', sa, sb);
        }
        if (depth === o.depth) continue;
        const a: SideState = { model: ra.model, names: namesA, key: ra.key() };
        const b: SideState = { model: rb.model, names: namesB, key: rb.key() };
        // the class prefixes used are part of the key: they decide which steps may follow
        const key = `${pairKey(a, b)}\n${used.join(',')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ steps: program, open: isRegionBegin(s.op) ? [...node.open, s.op] : isRegionEnd(s.op) ? node.open.slice(0, -1) : node.open, used, a, b });
      }
      if (o.onProgress && elapsed() - lastProgress >= 2000) {
        lastProgress = elapsed();
        o.onProgress({ depth, explored, distinct: seen.size, elapsedMs: lastProgress });
      }
    }
    level = next;
  }
  return result(o.depth, null, null);
}

function pairKey(a: SideState, b: SideState): string {
  return `${a.key}\n${a.names.key()}\n${b.key}\n${b.names.key()}`;
}

/** The certificate line of a check that found nothing. */
export function certificate(r: CheckResult, worldName: string, a: Side, b: Side): string {
  return `no divergence up to depth ${r.completedDepth} on world ${worldName} under sides ${sideLabel(a)}/${sideLabel(b)}`;
}
