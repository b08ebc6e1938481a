// Adjacent host objects in the generators (lang/README.md "Host layout"): one program in four (both
// APIs, drawn after everything else) declares `world.adjacent`, its arrays and structs in a drawn
// order cut into one or two runs, so one object starts where another ends, as a compiler lays out
// static objects. Nothing else about the program changes: the same references now name storage
// next to each other, and lookups of an object's first byte can meet the object before it (libgomp's
// use_device lookup, K-B58 `first-byte-or-end`). Witnesses ad1, ad2 below.

import fc from 'fast-check';
import type { Program, Step } from '../lang/program.js';
import { hostLayout } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import type { WitnessTrace } from './witness.js';

/** Whether the world gets adjacent runs (one program in four), the order keys of its objects, and where the order is cut. */
export interface AdjacentChoice {
  use: boolean;
  keys: number[];
  cut: number;
}

/** Drawn after everything else; shrinks towards no adjacency. */
export function adjacentArb(): fc.Arbitrary<AdjacentChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(9), { maxLength: 8 }), fc.nat(9))
    .map(([n, keys, cut]) => ({ use: n === 3, keys, cut }));
}

/**
 * The program over a world whose objects (arrays, then structs) are ordered by their drawn keys
 * (ties and missing keys keep declaration order) and cut into runs: one run of all of them, or two
 * when `cut` falls where both parts keep two or more.
 */
export function withAdjacent(program: Program, choice: AdjacentChoice): Program {
  if (!choice.use) return program;
  const { world } = program;
  const names = [...world.arrays.map((a) => a.name), ...world.structs.map((s) => s.name)];
  if (names.length < 2) return program;
  const order = names.map((name, i) => ({ name, key: choice.keys[i] ?? 10 + i })).sort((x, y) => x.key - y.key).map((x) => x.name);
  const at = choice.cut % order.length;
  const runs = at >= 2 && order.length - at >= 2 ? [order.slice(0, at), order.slice(at)] : [order];
  return { ...program, world: { ...world, adjacent: runs } };
}

export const ADJACENT_WITNESSES = {
  ad1: 'the storage of two objects lies back to back on one device\'s table: a present entry (OpenACC or OpenMP) of one object ends where an entry of the next object starts',
  ad2: 'under libgomp (K-B58 first-byte-or-end) a use_device item whose first byte no entry holds is translated through the entry that ends there: a device address one past that entry\'s storage',
} as const;

export type AdjacentWitnessId = keyof typeof ADJACENT_WITNESSES;
export const ADJACENT_WITNESS_IDS = Object.keys(ADJACENT_WITNESSES) as AdjacentWitnessId[];

/** Adjacency witness ids each step reaches (hits[i] for step i), from a trace under any profile. */
export function detectAdjacentWitnesses(program: Program, trace: WitnessTrace): Set<AdjacentWitnessId>[] {
  const adjacent = (program.world.adjacent ?? []).length > 0;
  const layout = hostLayout(program.world);
  return program.steps.map((step: Step, i) => {
    const found = new Set<AdjacentWitnessId>();
    if (!adjacent) return found;
    const obs: Observation = trace.observations[i]!;
    if (obs.kind === 'error' || obs.kind === 'undefined' || obs.kind === 'halted' || obs.kind === 'unavailable') return found;
    const after = trace.after[i]!;
    const ranges = [
      ...after.sections.map((s) => ({ device: 0, start: s.host[0], end: s.host[1] })),
      ...after.ompEntries.map((e) => ({ device: e.device, start: e.host[0], end: e.host[1] })),
    ];
    const objectOf = (addr: number) => layout.findIndex((o) => o.start <= addr && addr < o.start + o.bytes);
    const touching = ranges.some((x) => ranges.some((y) => x.device === y.device && x.end === y.start && x.end > x.start && y.end > y.start && objectOf(x.start) !== objectOf(y.start)));
    if (touching) found.add('ad1');
    if (step.op === 'omp_target_data_use_device_begin' && obs.kind === 'value' && obs.value !== null && typeof obs.value === 'object' && 'block' in obs.value) {
      // (the item is a whole array; entries of any device: the step's own is among them)
      const entries = trace.before[i]!.ompEntries;
      const start = layout.find((o) => o.name === step.var)?.start;
      const holds = entries.some((e) => e.host[0] <= start! && start! < e.host[1]);
      if (start !== undefined && !holds && entries.some((e) => e.host[1] === start)) found.add('ad2');
    }
    return found;
  });
}
