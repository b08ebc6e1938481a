// OpenMP 6.0 §15.8 target construct, §7.9.6 map clause: a map of a whole array the region does not
// use, under K-B55 `descriptor` (gfortran 12 with the arrays as mapcheck writes them in Fortran:
// pointer arrays, `integer, pointer, contiguous :: v(:)`, except those a declare target names,
// which are static). gfortran maps a pointer array as its data, its descriptor (`map(to: v
// [pointer set])`) and the descriptor's data word (`map(always_pointer: v.data)`); for a whole
// array the region never references, the gimplifier drops only the descriptor's map, with or
// without the always modifier (-fdump-tree-omplower, gfortran 12.2). libgomp then looks the data
// word up among the mapped keys and stops ("always pointer not mapped", target.c
// gomp_map_vars_internal) unless an earlier map of the array itself put its descriptor on the
// device and it is still there; then the construct maps as written. A map of its data alone
// (a pointer member's target) brings no descriptor (measured: profiles/measured/
// probes-gcc-12-2026-12-06f.md). So the model counts, per device, the maps of each array's
// descriptor as libgomp counts a key: every list item naming the array (whole or a section,
// implicit ones too) on entry, given back at the item's exit, zeroed by a delete.

import type { MapItem } from '../../lang/openmp.js';
import { isScalarRef } from '../../lang/program.js';
import { parsedRef, runtimeError, type ErrorObservation, type ModelState, type RecordedMapItem, type StepContext } from '../state.js';
import { varsTheRegionUses } from '../compute.js';
import { sharesMemoryWithHost } from './unified-shared-memory.js';

/** The array whose descriptor list item `v` maps under K-B55 `descriptor`, or undefined. */
export function descriptorOf(state: ModelState, v: string, ctx: StepContext): string | undefined {
  if (ctx.knobs['K-B55'] !== 'descriptor') return undefined;
  const parsed = parsedRef(state, v);
  if (parsed.kind !== 'array' || parsed.field !== undefined || isScalarRef(parsed) || state.ompStaticArrays.includes(parsed.name)) return undefined;
  return parsed.name;
}

/** Entry of items on `device`: one more map of each named array's descriptor. */
export function enterDescriptors(state: ModelState, device: number, items: readonly RecordedMapItem[]): void {
  for (const item of items) {
    if (item.descriptor === undefined) continue;
    const held = state.ompDescriptors.find((x) => x.device === device && x.array === item.descriptor);
    if (held) held.rc++;
    else state.ompDescriptors.push({ device, array: item.descriptor, rc: 1 });
  }
}

/** Exit of items on `device`: each gives its map back, a delete item every map (target exit data). */
export function exitDescriptors(state: ModelState, device: number, items: readonly RecordedMapItem[]): void {
  for (const item of items) {
    if (item.descriptor === undefined) continue;
    const at = state.ompDescriptors.findIndex((x) => x.device === device && x.array === item.descriptor);
    if (at < 0) continue;
    const held = state.ompDescriptors[at]!;
    held.rc = item.type === 'delete' ? 0 : held.rc - 1;
    if (held.rc === 0) state.ompDescriptors.splice(at, 1);
  }
}

/**
 * The whole arrays of `maps` the region does not use (the kernel's variables are `roots`) that
 * keep their data map under K-B55 `descriptor`: none without that reading or on a device that
 * shares the host's memory (no map is made there); the construct stops when one of them has no
 * descriptor on `device`.
 */
export function unusedArraysKept(state: ModelState, device: number, maps: readonly MapItem[], roots: readonly string[], ctx: StepContext): Set<string> | ErrorObservation {
  const kept = new Set<string>();
  if (ctx.knobs['K-B55'] !== 'descriptor' || sharesMemoryWithHost(state, device, null, ctx.knobs)) return kept;
  for (const m of maps)
    for (const v of m.vars) {
      if (varsTheRegionUses([v], roots).length > 0 || descriptorOf(state, v, ctx) === undefined) continue;
      if (!state.ompDescriptors.some((x) => x.device === device && x.array === v))
        return runtimeError('fatal_lowering', `map(${v}): the region does not use ${v}, whose descriptor is not mapped on device ${device} (always pointer not mapped)`);
      kept.add(v);
    }
  return kept;
}
