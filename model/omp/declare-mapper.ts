// The declare mapper directive (OpenMP 6.0 §7.9.10) and map type decay (§7.9.2): a map or motion
// clause whose list item is a struct whose type has a default mapper maps the mapper's list
// instead (lang/README-openmp.md "declare mapper"). The mapper's variable stands for the clause's
// list item; here, where one struct declaration is one type, that is the struct itself, so the
// mapper's items are used as written. The mapper's own item naming its variable maps the struct's
// storage without the mapper (§7.9.10: the type is not mapped through itself again).

import type { MapItem, OmpMapType } from '../../lang/openmp.js';
import type { MapperDecl, VarRef } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { fire, parsedRef, type ModelState, type StepContext } from '../state.js';

const DECLARE_MAPPER = 'OpenMP 6.0 §7.9.10 declare mapper directive';
const MAP_TYPE_DECAY = 'OpenMP 6.0 §7.9.2 map type decay';

/** What an expanded clause list may hold: a construct that only exits data takes release for storage. */
export type MapperUse = 'entry' | 'exit';

type MapperType = MapperDecl['maps'][number]['type'];

// OpenMP 6.0 §7.9.2 map type decay
// The clause's map type combined with a mapper item's: storage (alloc / release) dominates, to
// with from gives storage, tofrom is the identity; release and delete (exit data) stay what they
// are.
function decay(clause: OmpMapType, item: MapperType, use: MapperUse): OmpMapType {
  const storage: OmpMapType = use === 'exit' ? 'release' : 'alloc';
  switch (clause) {
    case 'release':
    case 'delete':
      return clause;
    case 'alloc':
      return storage;
    case 'tofrom':
      return item === 'alloc' ? storage : item;
    case 'to':
      return item === 'to' || item === 'tofrom' ? 'to' : storage;
    case 'from':
      return item === 'from' || item === 'tofrom' ? 'from' : storage;
  }
}

/** The default mapper of the whole single struct `ref` names, or undefined. */
export function mapperOf(state: ModelState, ref: string): MapperDecl | undefined {
  const mappers = state.facts.world.mappers;
  if (mappers === undefined || mappers.length === 0) return undefined;
  const parsed = parsedRef(state, ref);
  if (parsed.kind !== 'struct' || parsed.lo !== undefined) return undefined;
  return mappers.find((m) => m.struct === parsed.name);
}

/** Whether some list item of `maps` is a struct with a mapper (K-B43 asks before anything runs). */
export function usesMapper(state: ModelState, maps: readonly MapItem[]): boolean {
  return maps.some((m) => m.vars.some((v) => mapperOf(state, v) !== undefined));
}

// OpenMP 6.0 §7.9.10 declare mapper directive
// K-B43 `absent`: GCC 12's compiler rejects the directive, so a program declaring a mapper cannot be
// built; it stops at the first construct that would map through one (its clauses, or the implicit
// map of `implicitRoot`), as for the present modifier (K-B26).
export function mapperUnavailable(state: ModelState, maps: readonly MapItem[], implicitRoot: VarRef | null, ctx: StepContext): Observation | null {
  if (ctx.knobs['K-B43'] !== 'absent') return null;
  if (!usesMapper(state, maps) && (implicitRoot === null || mapperOf(state, implicitRoot) === undefined)) return null;
  fire(ctx, DECLARE_MAPPER);
  return { kind: 'unavailable', feature: 'the declare mapper directive' };
}

// OpenMP 6.0 §7.9.10 declare mapper directive
// Each list item that is a struct with a default mapper becomes the mapper's map clauses, in their
// order, with the clause's modifiers and the decayed map type; other list items stay as they are,
// in place.
export function expandMappers(state: ModelState, maps: readonly MapItem[], use: MapperUse, ctx: StepContext): MapperExpanded[] {
  const expanded = expandItems(state, maps, ctx, (m, c) => presentThroughMapper(state, { ...m, type: decay(m.type, c.type, use), vars: [...c.vars], viaMapper: true as const }, 'map', ctx));
  const combined = combinedEntries(state, maps, use, ctx);
  return combined.length === 0 ? expanded : [...combined, ...expanded];
}

export const MAPPER_BESIDE_MEMBER = 'OpenMP 6.0 §7.9.10 declare mapper directive (a struct named beside one of its members on one construct, K-B72)';

/** Whether `ref` names a member of the single struct `struct` (c%p, c%p(2:5), c%n, c%arr(2:3)). */
function memberOf(state: ModelState, ref: string, struct: string): boolean {
  const parsed = parsedRef(state, ref);
  if (parsed.kind === 'member') return parsed.struct === struct && parsed.index === undefined;
  return parsed.kind === 'array' && parsed.field !== undefined && parsed.name === struct;
}

// OpenMP 6.0 §7.9.10 declare mapper directive (a struct named beside one of its members on one construct, K-B72)
// A construct whose clauses name a struct that has a default mapper and also one of its members:
// the text replaces the struct by the mapper's clauses and maps the member as its own list item
// (K-B72 `mapper-only`). Clang (16 and 19) groups the items of one struct declaration into one
// entry list whose first entry, the combined entry, spans the struct's storage (map type alloc,
// present when an item of the group has it), before the struct's own entry, which its mapper
// expands: so the struct's whole storage is mapped as an explicit item of the construct, counted
// (K-B72 `combined-entry`). On exit the combined entry releases.
function combinedEntries(state: ModelState, maps: readonly MapItem[], use: MapperUse, ctx: StepContext): MapperExpanded[] {
  const out: MapperExpanded[] = [];
  for (const m of maps)
    for (const v of m.vars) {
      if (mapperOf(state, v) === undefined || out.some((x) => x.vars[0] === v)) continue;
      if (!maps.some((x) => x.vars.some((w) => memberOf(state, w, v)))) continue;
      fire(ctx, MAPPER_BESIDE_MEMBER);
      if (ctx.knobs['K-B72'] !== 'combined-entry') continue;
      // the clauses of the struct's group: those naming it or one of its members
      const present = maps.some((x) => x.modifiers?.includes('present') === true && x.vars.some((w) => w === v || memberOf(state, w, v)));
      out.push({ type: use === 'exit' ? 'release' : 'alloc', ...(present ? { modifiers: ['present' as const] } : {}), vars: [v], order: [-1] });
    }
  return out;
}

/**
 * A map item after mapper expansion: `viaMapper` marks the items a mapper's clauses gave; `order`
 * gives each of its vars its place among the construct's entries (K-B67, clauseOrder).
 */
export type MapperExpanded = MapItem & { viaMapper?: true; order?: number[] };

/**
 * Where clang 16 puts a var among a construct's entries (K-B67): a struct's clauses with the present
 * modifier first, then its alloc clauses, then the others, each group in written order (the
 * clause's `index`, the var's place `v` in it); a declare mapper's clauses are ordered alike inside
 * the place of the list item they replace (`inner`, the mapper var's own slot; 0 for a var no
 * mapper replaced).
 */
export function clauseOrder(clause: Pick<MapItem, 'type' | 'modifiers'>, index: number, v: number, inner = 0): number {
  return clauseSlot(clause, index, v) * 2 ** 22 + inner;
}

function clauseSlot(clause: Pick<MapItem, 'type' | 'modifiers'>, index: number, v: number): number {
  const rank = clause.modifiers?.includes('present') === true ? 0 : clause.type === 'alloc' ? 1 : 2;
  return (rank * 1024 + index) * 1024 + v;
}

// OpenMP 6.0 §7.9.10 declare mapper directive
// A motion clause (§15.9) naming a struct with a mapper updates the mapper's items whose decayed
// map type moves data in the clause's direction (to: to / tofrom items; from: from / tofrom items);
// the others are storage only and are not updated.
export function expandMotions(state: ModelState, motions: readonly MapItem[], ctx: StepContext): MapItem[] {
  return expandItems(state, motions, ctx, (m, c) => (decay(m.type, c.type, 'entry') === m.type ? presentThroughMapper(state, { ...m, vars: [...c.vars] }, 'motion', ctx) : []));
}

export const MAPPER_PRESENT = 'OpenMP 6.0 §7.9.10 declare mapper directive (the present modifier of the clause naming the struct, for the pointee items of the mapper, K-B65)';

// OpenMP 6.0 §7.9.10 declare mapper directive (the present modifier of the clause naming the struct, for the pointee items of the mapper, K-B65)
// The clause's modifiers go to every item of the mapper's clause (K-B65 `propagated`, 6.0): a
// pointee item such as c%p(1:10), storage of its own and not the struct's, must be present too.
// `struct-storage` (5.2 as LLVM's tests read it: "at <= 5.2 present is not applied to the
// pointee"): the present modifier reaches only the items in the struct's own storage, each item of
// the clause then its own item, in order. `motion-only` (today's LLVM at 6.0): target update passes
// it to every item (mapper_target_update_present_ptee.c, CHECK-60-OOB), a map clause to none yet
// (mapper_map_ptee_then_present_absent_mbr.c: "The mapper emits the s.x member component WITHOUT
// the PRESENT bit"; mapper_map_mbr_then_present_mbr_ptee.c: nor the pointee's). `dropped` (clang
// 16, whose mapper function keeps only the TO / FROM bits of the clause's map type): no item of
// the mapper has it, in map and motion clauses alike.
function presentThroughMapper<T extends MapItem>(state: ModelState, item: T, use: 'map' | 'motion', ctx: StepContext): T[] {
  if (item.modifiers?.includes('present') !== true) return [item];
  fire(ctx, MAPPER_PRESENT);
  const reading = ctx.knobs['K-B65'];
  const without = item.modifiers.filter((x) => x !== 'present');
  if (reading === 'dropped' || (reading === 'motion-only' && use === 'map')) return [{ ...item, modifiers: without }];
  if (reading !== 'struct-storage' || !item.vars.some((v) => parsedRef(state, v).kind === 'member')) return [item];
  return item.vars.map((v) => (parsedRef(state, v).kind === 'member' ? { ...item, vars: [v], modifiers: without } : { ...item, vars: [v] }));
}

/** Replaces every struct with a mapper in `items` by what `expand` makes of each mapper clause `c` (maybe nothing), in order. */
function expandItems<T extends MapItem>(state: ModelState, items: readonly MapItem[], ctx: StepContext, expand: (m: MapItem, c: MapperDecl['maps'][number]) => T[]): (MapItem | T)[] {
  if (!usesMapper(state, items)) return items as MapItem[];
  fire(ctx, DECLARE_MAPPER);
  const out: ((MapItem | T) & { order: number[] })[] = [];
  items.forEach((m, index) => {
    let plain: string[] = [];
    let orders: number[] = [];
    const flush = () => {
      if (plain.length > 0) out.push({ ...m, vars: plain, order: orders });
      plain = [];
      orders = [];
    };
    m.vars.forEach((v, at) => {
      const mapper = mapperOf(state, v);
      if (mapper === undefined) {
        plain.push(v);
        orders.push(clauseOrder(m, index, at));
        return;
      }
      flush();
      fire(ctx, MAP_TYPE_DECAY);
      // The mapper's items keep the order of its clauses (their vars come out of `expand` in order).
      mapper.maps.forEach((c, j) => {
        let w = 0;
        for (const x of expand(m, c)) out.push({ ...x, order: x.vars.map(() => clauseOrder(m, index, at, clauseSlot(c, j, w++))) });
      });
    });
    flush();
  });
  return out;
}
