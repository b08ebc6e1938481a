// Zero-length array sections without storage under K-B59 `zero-size-key` (OpenMP 6.0 §7.9.6 map
// clause, zero-length array sections; model/zero-length.ts has the text's reading). gfortran 12
// maps a zero-length section as a map of size 0 (no GOMP_MAP_ZERO_LEN_ARRAY_SECTION), so
// libgomp's gomp_map_vars_internal looks [p, p) up with splay_tree_lookup and, finding nothing,
// keys it with a count of its own. libgomp.h splay_compare calls any two zero-length keys equal
// and a zero-length key equal to a key only when it lies strictly inside it, so a later [p', p')
// finds that key wherever it is: a map stops ("Trying to map into device [p'..p') object when
// [p..p) is already mapped", gomp_map_vars_existing), exit data counts it down (gomp_exit_data
// has no containment check), and a use_device lookup (gomp_map_lookup's last probe, [p, p)) finds
// it. A nonzero range holding p strictly inside finds the key too and stops. Measured with GCC 12.2
// (gfortran, H200): 03e / 03f omp-zero-length-absent-fortran step 2, 03f omp-zero-length-fortran
// step 4, 04j gen-20261214-132-fortran step 5.

import { entryHoldingByte } from './table.js';
import type { ModelState, OmpEntry, OmpZeroKey, Range } from '../state.js';

/** What a zero-length lookup of [p, p) finds on `device` under `zero-size-key`. */
export type ZeroSizeLookup = { kind: 'entry'; entry: OmpEntry } | { kind: 'key'; key: OmpZeroKey } | { kind: 'absent' };

/**
 * An entry holding `p` strictly inside (one starting at p does not match [p, p)), else the
 * zero-length key of `device` created last (the one a splay tree keeps nearest the root), else none.
 */
export function zeroSizeLookup(state: ModelState, device: number, p: number): ZeroSizeLookup {
  const entry = entryHoldingByte(state, device, p);
  if (entry && entry.start < p) return { kind: 'entry', entry };
  const key = latestKey(state, device);
  return key ? { kind: 'key', key } : { kind: 'absent' };
}

/** The zero-length key of `device` created last, if any. */
export function latestKey(state: ModelState, device: number): OmpZeroKey | undefined {
  let found: OmpZeroKey | undefined;
  for (const k of state.ompZeroKeys) if (k.device === device && (found === undefined || k.order > found.order)) found = k;
  return found;
}

/** A zero-length key of `device` lying strictly inside `range` (a nonzero range's lookup finds it). */
export function keyInside(state: ModelState, device: number, range: Range): OmpZeroKey | undefined {
  return state.ompZeroKeys.find((k) => k.device === device && range.start < k.addr && k.addr < range.end);
}

/** A new zero-length key [p, p) on `device` with count 0. */
export function createZeroKey(state: ModelState, device: number, p: number): OmpZeroKey {
  state.ompZeroKeys.push({ device, addr: p, rc: 0, order: state.nextOmpEntry });
  state.nextOmpEntry += 1;
  return state.ompZeroKeys[state.ompZeroKeys.length - 1]!;
}

/** Takes a zero-length key out of its table. */
export function removeZeroKey(state: ModelState, key: OmpZeroKey): void {
  const i = state.ompZeroKeys.findIndex((k) => k.order === key.order);
  if (i < 0) throw new Error('internal: removing a zero-length key that is not in its table');
  state.ompZeroKeys.splice(i, 1);
}
