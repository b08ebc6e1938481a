// declare mapper in the OpenMP generator (issue 9 item 5, lang/README-openmp.md "declare mapper"):
// one program in five gives a single struct of its world a default mapper, so every map, motion and
// implicit map of that struct goes through the mapper's list with decayed map types; and the
// witnesses that prove the campaign reaches what matters there (properties/members.test.ts counts
// them over the default campaign).

import fc from 'fast-check';
import type { MapItem } from '../lang/openmp.js';
import type { MapperDecl, Program, Step, VarRef } from '../lang/program.js';
import { kernelRef, kernelStatements } from '../lang/program.js';
import { HostView, type WitnessTrace } from './witness.js';

export interface MapperChoice {
  use: boolean;
  /** Which single struct of the world (by position among them, cycling). */
  struct: number;
  /** The type of the pointer-member items, or `members`: only the members, `to` (the struct itself is left out). */
  kind: 'tofrom' | 'to' | 'from' | 'alloc' | 'members';
}

/** One program in five gets a mapper. Drawn last, so the rest of what a seed draws is unchanged. */
export function mapperArb(): fc.Arbitrary<MapperChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 4 }), fc.nat(3), fc.constantFrom<MapperChoice['kind']>('tofrom', 'to', 'from', 'alloc', 'members'))
    .map(([n, struct, kind]) => ({ use: n === 0, struct, kind }));
}

/** The program whose world declares the chosen mapper (none when the world has no single struct). */
export function withMappers(program: Program, choice: MapperChoice): Program {
  if (!choice.use) return program;
  const singles = program.world.structs.filter((s) => s.count === undefined);
  if (singles.length === 0) return program;
  const s = singles[choice.struct % singles.length]!;
  const members = s.pointers.map((p) => `${s.name}%${p}`);
  const maps: MapperDecl['maps'] =
    choice.kind === 'members'
      ? [{ type: 'to', vars: members }]
      : [
          { type: 'tofrom', vars: [s.name] },
          { type: choice.kind, vars: members },
        ];
  return { ...program, world: { ...program.world, mappers: [{ struct: s.name, maps }] } };
}

// ------------------------------------------------------------------------------------------------
// Witnesses

export const MAPPER_WITNESSES = {
  mp1: 'a construct maps a struct through its mapper and, with no clause naming the member, its pointer member\'s target is present after the step',
  mp2: 'the corresponding pointer of a member in the mapper\'s list holds a device address after a construct that mapped the struct through the mapper',
  mp3: 'map type decay to storage: a mapper item whose type the clause\'s type turns into storage (to with from, alloc) is mapped by a step that runs',
  mp4: 'a target update naming a struct with a mapper runs (the mapper\'s items that move data in the motion\'s direction)',
} as const;
export type MapperWitnessId = keyof typeof MAPPER_WITNESSES;
export const MAPPER_WITNESS_IDS = Object.keys(MAPPER_WITNESSES) as MapperWitnessId[];

const ENTERING = new Set<Step['op']>(['omp_target_enter_data', 'omp_target_data_begin', 'omp_target']);

/** Map items a step names, and for omp_target the implicit map of its kernel's variable when no item names it. */
function stepMaps(step: Step): MapItem[] {
  if (!('maps' in step)) return 'motions' in step ? step.motions : [];
  if (step.op !== 'omp_target') return step.maps;
  const rootOf = (ref: string) => ref.split(/[%(]/)[0]!;
  const roots = [...new Set(kernelStatements(step.body).map((b) => rootOf(kernelRef(b))))];
  const unnamed = roots.filter((root) => !step.maps.some((m) => m.vars.some((v) => rootOf(v) === root)));
  return [...step.maps, ...unnamed.map((root): MapItem => ({ type: 'tofrom', vars: [root] }))];
}

/** Mapper witness ids each step reaches, in step order (hits[i] for step i). */
export function detectMapperWitnesses(program: Program, trace: WitnessTrace): Set<MapperWitnessId>[] {
  const mapper = program.world.mappers?.[0];
  const host = new HostView(program.world);
  return program.steps.map((step, i) => {
    const found = new Set<MapperWitnessId>();
    const targets = new Map([...host.targets]);
    host.apply(step);
    if (mapper === undefined) return found;
    const obs = trace.observations[i]!;
    if (obs.kind === 'error' || obs.kind === 'undefined' || obs.kind === 'unavailable' || obs.kind === 'halted') return found;
    const after = trace.after[i]!;
    const maps = stepMaps(step);
    const through = maps.filter((m) => m.vars.includes(mapper.struct));
    if (through.length === 0) return found;
    if (step.op === 'omp_target_update') {
      found.add('mp4');
      return found;
    }
    const memberItems = mapper.maps.flatMap((c) => c.vars.filter((v) => v.includes('%')).map((v) => [c.type, v] as const));
    const named = new Set<VarRef>(maps.flatMap((m) => m.vars));
    if (ENTERING.has(step.op))
      for (const [, v] of memberItems) {
        if (named.has(v)) continue;
        const addr = host.memberAddress(v);
        if (after.ompPointers.some((p) => p.ptr === addr && p.value !== null && p.value.space === 'dev')) found.add('mp2');
        const target = targets.get(v);
        if (target && after.ompEntries.some((e) => e.host[0] <= target[0] && target[1] <= e.host[1])) found.add('mp1');
      }
    for (const m of through)
      for (const [type] of memberItems)
        if (type === 'alloc' || m.type === 'alloc' || (m.type === 'to' && type === 'from') || (m.type === 'from' && type === 'to')) found.add('mp3');
    return found;
  });
}
