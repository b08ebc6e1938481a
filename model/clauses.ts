// The data clauses of OpenACC 3.3 §2.7.4–§2.7.13 (those of language version 1): what each does to
// its var on entry to a region / enter data, and on exit from a region / exit data. The pointer
// attach and detach actions of the clauses are ordered by the directives (directives.ts); this
// table covers the data part.

import {
  runtimeError,
  describeRange,
  fire,
  presence,
  type CounterName,
  type ErrorObservation,
  type ModelState,
  type Range,
  type StepContext,
} from './state.js';
import { presentIncrement } from './actions/present-increment.js';
import { presentDecrement } from './actions/present-decrement.js';
import { copyinAction } from './actions/copyin.js';
import { createAction } from './actions/create.js';
import { copyoutAction } from './actions/copyout.js';
import { deleteAction } from './actions/delete.js';
import { accZeroLength, isEmptyRange } from './zero-length.js';

export type DataClauseName = 'copy' | 'copyin' | 'copyout' | 'create' | 'present' | 'no_create' | 'delete';
export type PointerClauseName = 'attach' | 'detach';
export type ClauseName = DataClauseName | PointerClauseName;

/** What an entry does with data that is not present at all. */
type WhenAbsent = 'copyin-action' | 'create-action' | 'not-present-error' | 'nothing';

interface DataClauseRule {
  citation: string;
  /** Entry behaviour for absent data; null when the clause has no entry (delete). */
  whenAbsent: WhenAbsent | null;
  /** The action that ends the data lifetime when both counters reach zero at exit. */
  finalAction: 'copyout' | 'delete';
}

/** The data clauses. Every entry increments a present var's counter; every exit decrements it. */
export const DATA_CLAUSES: Record<DataClauseName, DataClauseRule> = {
  present: { citation: 'OpenACC 3.3 §2.7.5 present clause', whenAbsent: 'not-present-error', finalAction: 'delete' },
  copy: { citation: 'OpenACC 3.3 §2.7.6 copy clause', whenAbsent: 'copyin-action', finalAction: 'copyout' },
  copyin: { citation: 'OpenACC 3.3 §2.7.7 copyin clause', whenAbsent: 'copyin-action', finalAction: 'delete' },
  copyout: { citation: 'OpenACC 3.3 §2.7.8 copyout clause', whenAbsent: 'create-action', finalAction: 'copyout' },
  create: { citation: 'OpenACC 3.3 §2.7.9 create clause', whenAbsent: 'create-action', finalAction: 'delete' },
  no_create: { citation: 'OpenACC 3.3 §2.7.10 no_create clause', whenAbsent: 'nothing', finalAction: 'delete' },
  delete: { citation: 'OpenACC 3.3 §2.7.11 delete clause', whenAbsent: null, finalAction: 'delete' },
};

/** The pointer clauses: their vars are pointer members, attached at entry and detached at exit. */
export const POINTER_CLAUSES: Record<PointerClauseName, { citation: string }> = {
  attach: { citation: 'OpenACC 3.3 §2.7.12 attach clause' },
  detach: { citation: 'OpenACC 3.3 §2.7.13 detach clause' },
};

export function isDataClause(name: ClauseName): name is DataClauseName {
  return name in DATA_CLAUSES;
}

// OpenACC 3.3 §2.7.5–§2.7.10 data clauses, entry part
// `range` is the host data a clause var resolved to (not a null pointer); `counter` is the
// structured counter for regions and the dynamic one for enter data.
export function clauseEntry(
  state: ModelState,
  name: DataClauseName,
  range: Range,
  counter: CounterName,
  ctx: StepContext,
): ErrorObservation | null {
  const rule = DATA_CLAUSES[name];
  if (rule.whenAbsent === null) throw new Error(`internal: the ${name} clause has no entry`);
  fire(ctx, rule.citation);
  // A zero-length subarray (model/zero-length.ts, K-A55): present data gets its reference, absent
  // data gets nothing (only the present clause may report it).
  if (isEmptyRange(range)) {
    const zero = accZeroLength(state, range, name === 'present', name, ctx, counter === 'drc' ? 'enter' : null);
    if (zero.kind === 'error') return zero;
    if (zero.kind === 'present') presentIncrement(zero.section, counter, ctx);
    return null;
  }
  const where = presence(state, range);
  // Data already on the device gets one more reference on its enclosing section.
  if (where.kind === 'present') {
    presentIncrement(where.section, counter, ctx);
    return null;
  }
  // Data only partly on the device is an error (§2.7.3) for every clause but no_create, which
  // lists no error. K-A13: treat it as absent (the device code uses the host address), or fail.
  if (where.kind === 'partly') {
    if (name === 'no_create' && ctx.knobs['K-A13'] === 'absent') return null;
    return runtimeError('acc_error_partly_present', `${name}(${describeRange(state, range)}): the data is only partly present`);
  }
  // Data not on the device at all: copy it in, make room for it, fail (present), or leave it.
  switch (rule.whenAbsent) {
    case 'copyin-action':
      copyinAction(state, range, counter, ctx);
      return null;
    case 'create-action':
      createAction(state, range, counter, ctx);
      return null;
    case 'not-present-error':
      return runtimeError('acc_error_not_present', `present(${describeRange(state, range)}): the data is not present`);
    case 'nothing':
      return null;
  }
}

// OpenACC 3.3 §2.7.5–§2.7.11 data clauses, exit part
// `range` is the host data the var resolved to; `finalize` only on exit data (§2.6.6).
export function clauseExit(
  state: ModelState,
  name: DataClauseName,
  range: Range,
  counter: CounterName,
  finalize: boolean,
  ctx: StepContext,
): ErrorObservation | null {
  const rule = DATA_CLAUSES[name];
  fire(ctx, rule.citation);
  // A zero-length subarray (K-A55) gives back its reference on the section holding its address.
  const zero = isEmptyRange(range) ? accZeroLength(state, range, false, name, ctx, counter === 'drc' ? 'exit' : null) : null;
  if (zero !== null && zero.kind === 'error') return zero;
  if (zero !== null && zero.kind !== 'present') return null;
  const where = zero ?? presence(state, range);
  // Data that is not on the device needs nothing (since 3.1 this is not an error).
  if (where.kind === 'absent') return null;
  // Data only partly on the device is an error (§2.7.3) for the clauses that list it; present and
  // no_create list no error at exit, so they leave such data alone.
  if (where.kind === 'partly') {
    if (name === 'present' || name === 'no_create') return null;
    return runtimeError('acc_error_partly_present', `${name}(${describeRange(state, range)}): the data is only partly present`);
  }
  const section = where.section;
  // A zero counter means this var holds no reference of that kind: nothing happens.
  if (section[counter] === 0) return null;
  // Give back the reference: `finalize` (§2.6.6) drops every dynamic reference at once.
  presentDecrement(section, counter, ctx, finalize);
  // When no reference of either kind is left, the data lifetime ends: copy back or just delete.
  if (section.src === 0 && section.drc === 0) {
    if (rule.finalAction === 'copyout') copyoutAction(state, section, range, ctx);
    else deleteAction(state, section, ctx);
  }
  return null;
}
