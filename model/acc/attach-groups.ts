// OpenACC 3.3 §2.6.6 Enter Data Directive (a data clause var an attach clause var follows at once, K-A75)
// Each var of an enter data directive acts on its own: data only partly present is an error
// (§2.7.3), and an attach clause var attaches where K-A17 puts it (K-A75 `apart`). libgomp receives
// the vars as one list of map entries and cuts it into groups (oacc-mem.c find_group_last): an
// entry followed by one GOMP_MAP_ATTACH is a group of two. goacc_enter_data_internal looks such a
// group's first address up by any overlap; when it finds a key, the attach runs and the key found
// counts one more dynamic reference, with no bounds check (K-A75 `grouped`). A var makes one entry
// when it is no pointer reference (whose own attach ends its group), no member of a struct (a
// GOMP_MAP_STRUCT group) and no array with a descriptor (K-A72: the descriptor entries follow).

import type { KnobValues } from '../../profiles/knobs.js';
import { isDataClause } from '../clauses.js';
import { isEmptyRange } from '../zero-length.js';
import {
  describeRange,
  fire,
  presence,
  sectionFoundByOverlap,
  type CounterName,
  type ModelState,
  type RecordedClause,
  type RecordedVar,
  type Section,
  type StepContext,
} from '../state.js';

export const ATTACH_GROUP = 'OpenACC 3.3 §2.6.6 Enter Data Directive (a data clause var an attach clause var follows at once, K-A75)';

/** An attach clause var and its clause. */
export interface Follower {
  clause: RecordedClause;
  v: RecordedVar;
}

const NO_FOLLOWERS: ReadonlyMap<RecordedVar, Follower> = new Map();

/** The attach clause var that follows data clause var `v` at once, by `v`, for every such pair of an enter data directive. */
export function attachFollowers(clauses: readonly RecordedClause[], counter: CounterName, ctx: StepContext): ReadonlyMap<RecordedVar, Follower> {
  // (most directives have no attach clause: nothing to pair, nothing allocated)
  if (counter !== 'drc' || !clauses.some((c) => c.clause === 'attach')) return NO_FOLLOWERS;
  const pairs = new Map<RecordedVar, Follower>();
  let beforeClause: RecordedClause | null = null;
  let beforeVar: RecordedVar | null = null;
  for (const clause of clauses)
    for (const v of clause.vars) {
      if (clause.clause === 'attach' && beforeClause !== null && isDataClause(beforeClause.clause)) {
        fire(ctx, ATTACH_GROUP);
        pairs.set(beforeVar!, { clause, v });
      }
      beforeClause = clause;
      beforeVar = v;
    }
  return pairs;
}

/** Whether data clause var `v` is one map entry for libgomp: some bytes of their own, neither a pointer reference, a struct's member nor an array with a descriptor. */
function oneEntry(v: RecordedVar): boolean {
  return v.pointer === null && v.range !== null && !isEmptyRange(v.range) && v.descriptor === undefined && v.field !== true;
}

/**
 * K-A75 `grouped`: the section enter data var `v`, grouped with the attach that follows it, counts
 * on: the one section its data overlaps, when any does (several: undefined). Null when `v` acts
 * alone (K-A75 `apart`, K-A17 other than list-order, data absent, or more than one map entry).
 */
export function groupedSection(state: ModelState, v: RecordedVar, knobs: KnobValues): Section | null {
  if (knobs['K-A75'] !== 'grouped' || knobs['K-A17'] !== 'list-order' || !oneEntry(v)) return null;
  const range = v.range!;
  if (presence(state, range).kind === 'absent') return null;
  return sectionFoundByOverlap(state, range, `enter data of ${describeRange(state, range)} with the attach after it`);
}
