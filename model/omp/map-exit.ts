import {
  runtimeError,
  copyCells,
  describeRange,
  fire,
  objectHolding,
  unitBytes,
  type ErrorObservation,
  type ModelState,
  type OmpEntry,
  type OmpZeroKey,
  type Range,
  type StepContext,
  UndefinedStep,
} from '../state.js';
import { attachmentOf, intersection, lookup, overlappingEntries, removeEntry, storageCells, type Lookup } from './table.js';
import { IMPLICIT_PARTIAL_MAP, uncountedBlock } from './map-entry.js';
import type { MapBlock } from './storage-blocks.js';
import { INFINITE_RC, type RefCount } from '../../lang/observation.js';
import { OMP_ZERO_LENGTH, isEmptyRange, ompZeroLengthLookup } from '../zero-length.js';
import { removeZeroKey, zeroSizeLookup } from './zero-size-keys.js';

export const MAP_EXIT = 'OpenMP 6.0 §7.9.6 map clause (exit)';
const ATTACHED_COPY_BACK = 'OpenMP 6.0 §7.9.6 map clause (exit: copy-back of an attached pointer)';
const PRESENT_MODIFIER_ON_EXIT = 'OpenMP 6.0 §7.9.6 map clause (present modifier), §15.6 target exit data';
const PARTLY_PRESENT_EXIT = 'OpenMP 6.0 §7.9.6 map clause (exit: an explicit item only partly present, K-B51)';
export const BLOCK_DELETE_COPY_BACK = 'OpenMP 6.0 §7.9.6 map clause (exit: a from item and the delete-modifier of another item of its storage block, K-B50)';

// OpenMP 6.0 §7.9.6 map clause (exit)
// Unmaps the storage blocks of a map-exiting construct on `device`, in order. `exitData` marks
// target exit data, the one construct where K-B6 applies the present modifier at its exit point.
export function mapExit(
  state: ModelState,
  device: number,
  blocks: MapBlock[],
  exitData: boolean,
  ctx: StepContext,
): ErrorObservation | null {
  fire(ctx, MAP_EXIT);
  // The count each entry had when this construct first reached it.
  const countBefore = new Map<number, number>();
  // An entry whose count reaches zero goes once the construct's last block is done (libgomp
  // gomp_exit_data queues it in remove_vars, LLVM offload targetDataEnd deallocates after the
  // transfers), so a later block on it still finds it (the count before this construct decides).
  const zeroed: OmpEntry[] = [];
  let stop: ErrorObservation | null = null;
  // (the removal comes also when a later block stops the step: an error or undefined behaviour)
  const zeroKeys: OmpZeroKey[] = [];
  const zeroSize = ctx.knobs['K-B59'] === 'zero-size-key';
  try {
    for (const block of blocks) {
      const empty = isEmptyRange(block.range);
      // K-B59 `zero-size-key` (model/omp/zero-size-keys.ts): the lookup of [p, p) also finds the
      // zero-length key, wherever it is, and gives back that key's reference; with neither an
      // entry nor a key the item is absent (the present check below still applies).
      if (empty && zeroSize) {
        fire(ctx, OMP_ZERO_LENGTH);
        const found = zeroSizeLookup(state, device, block.range.start);
        if (found.kind === 'entry') release(state, device, found.entry, block, countBefore, zeroed, ctx);
        if (found.kind === 'key') releaseKey(found.key, block, countBefore, zeroKeys);
        if (found.kind !== 'absent') continue;
      }
      const where: Lookup = empty ? (zeroSize ? { kind: 'absent' } : ompZeroLengthLookup(state, device, block.range, ctx)) : lookup(state, device, block.range);
      // K-B6: exit data has no region, so the present check can only be made here (`error`), or
      // it belongs to region entry alone and is dropped (`ignore`).
      if (where.kind === 'absent' && exitData && block.items.some((i) => i.modifiers.includes('present'))) {
        fire(ctx, PRESENT_MODIFIER_ON_EXIT);
        if (ctx.knobs['K-B6'] === 'error') {
          stop = runtimeError('omp_error_not_present', `map(present: ${describeRange(state, block.range)}): the data is not present on device ${device}`);
          break;
        }
      }
      // The implicit map of a target construct referenced the entries overlapping its storage
      // (map-entry.ts); its exit gives each of them back its reference.
      if (where.kind === 'partly' && block.items.every((i) => i.implicit)) {
        fire(ctx, IMPLICIT_PARTIAL_MAP);
        for (const entry of overlappingEntries(state, device, block.range)) release(state, device, entry, block, countBefore, zeroed, ctx);
        continue;
      }
      // OpenMP 6.0 §7.9.6 map clause (exit: an explicit item only partly present, K-B51): the text
      // acts on present storage only. K-B51 `skip` (LLVM offload: getTgtPtrBegin with MustContain):
      // the item is ignored; `overlapping-entry` (libgomp gomp_exit_data: splay_tree_lookup of the
      // item's range finds an entry that overlaps it): exit data acts on that entry, the oldest here.
      if (where.kind === 'partly' && exitData) {
        fire(ctx, PARTLY_PRESENT_EXIT);
        if (ctx.knobs['K-B51'] === 'overlapping-entry') release(state, device, overlappingEntries(state, device, block.range)[0]!, block, countBefore, zeroed, ctx, true);
        continue;
      }
      // Storage that is not (wholly) there is skipped without a word.
      if (where.kind !== 'present') continue;
      release(state, device, where.entry, block, countBefore, zeroed, ctx);
    }
  } finally {
    for (const entry of zeroed) removeEntry(state, device, entry, true);
    for (const key of zeroKeys) removeZeroKey(state, key);
  }
  return stop;
}

/** K-B59: `block`'s reference on a zero-length key, at most once per construct (delete: all). */
function releaseKey(key: OmpZeroKey, block: MapBlock, countBefore: Map<number, RefCount>, zeroKeys: OmpZeroKey[]): void {
  if (countBefore.has(key.order)) return;
  countBefore.set(key.order, key.rc);
  key.rc = block.items.some((i) => i.type === 'delete' || i.modifiers.includes('delete')) ? 0 : key.rc - 1;
  if (key.rc === 0) zeroKeys.push(key);
}

/**
 * Gives back `block`'s reference on `entry`. `countBefore` keeps the count each entry had when
 * this construct first reached it: each entry moves at most once per construct. `found`: the
 * entry only overlaps the block (K-B51 `overlapping-entry`), and an item copied back must lie in
 * it: libgomp copies the item's whole range from the entry's device address, bytes outside the
 * entry included.
 */
function release(
  state: ModelState,
  device: number,
  entry: OmpEntry,
  block: MapBlock,
  countBefore: Map<number, RefCount>,
  zeroed: OmpEntry[],
  ctx: StepContext,
  found = false,
): void {
  const first = !countBefore.has(entry.order);
  // K-B50 `earlier` (libgomp gomp_decrement_refcount: do_copy for a key this construct already
  // brought to zero): a from item of a later block on such an entry is copied back too.
  const zeroedBefore = ctx.knobs['K-B50'] === 'earlier' && !first && entry.rc === 0;
  if (first) countBefore.set(entry.order, entry.rc);
  const before = countBefore.get(entry.order)!;
  const blockDeletes = block.items.some((i) => i.type === 'delete' || i.modifiers.includes('delete'));
  // Items of type from / tofrom are copied back where they lie in the entry when this is the
  // last reference, or when the always or delete modifier asks for it.
  let deleted = false;
  for (const item of block.items) {
    if (item.type === 'delete' || item.modifiers.includes('delete')) deleted = true;
    const part = intersection(item.range, entry);
    if (!part || (item.type !== 'from' && item.type !== 'tofrom')) continue;
    const copyBack = () => {
      if (found && entry.block !== null && (part.start !== item.range.start || part.end !== item.range.end))
        throw new UndefinedStep(`copying ${describeRange(state, item.range)} back would read device memory outside the entry it overlaps`);
      copyToHost(state, device, entry, part, ctx);
    };
    if (before === 1 || zeroedBefore || item.modifiers.includes('delete') || item.modifiers.includes('always')) {
      copyBack();
      continue;
    }
    // OpenMP 6.0 §7.9.6 map clause (exit): the delete-modifier of another clause naming the same
    // storage block. K-B50 `item` (the text's letter): only the item's own clause counts;
    // `block` (LLVM offload): that delete drops the block's count, so the from item is copied back
    // too; `earlier` (libgomp): only when the delete comes before the from item in the list.
    if (blockDeletes) {
      fire(ctx, BLOCK_DELETE_COPY_BACK);
      const reading = ctx.knobs['K-B50'];
      if (reading === 'block' || (reading === 'earlier' && deleted)) copyBack();
    }
  }
  // The delete type or modifier drops every reference, anything else one; infinite counts do
  // not move, nor (K-B64 `uncounted`) the count of a struct's storage as its mapper maps it.
  if (first && entry.rc !== INFINITE_RC && !uncountedBlock(block, ctx)) {
    if (blockDeletes) entry.rc = 0;
    else entry.rc -= 1;
  }
  // With no reference left the entry goes, and the storage the map created with it, once the
  // construct's items are done.
  if (first && entry.rc === 0) zeroed.push(entry);
}

/**
 * Copies the corresponding storage of `range` back to the host, as if by target update from
 * (nothing to copy for a self map). Pointer members travel like any other cell, except attached
 * ones (K-B23 below).
 */
function copyToHost(state: ModelState, device: number, entry: OmpEntry, range: Range, ctx: StepContext): void {
  if (entry.block === null) return;
  const host = objectHolding(state, range);
  const from = storageCells(state, entry, range.start);
  const unit = unitBytes(host.contents);
  const first = (range.start - host.start) / unit;
  const count = (range.end - range.start) / unit;
  if (host.contents.kind === 'elements') {
    copyCells(from.contents, from.index, host.contents, first, count);
    return;
  }
  for (let i = 0; i < count; i++) {
    const ptr = range.start + i * unit;
    // OpenMP 6.0 §7.9.6 map clause (exit): an attached pointer. K-B23 `device-value` (the text):
    // its device address is copied like any byte; `restore` (libgomp, LLVM): the host keeps its
    // own value; `undefined`: the copy-back is unspecified.
    if (attachmentOf(state, device, ptr) !== undefined) {
      fire(ctx, ATTACHED_COPY_BACK);
      const reading = ctx.knobs['K-B23'];
      if (reading === 'restore') continue;
      if (reading === 'undefined') throw new UndefinedStep(`copying back ${describeRange(state, range)} would copy the attached device pointer at 0x${ptr.toString(16)}`);
    }
    copyCells(from.contents, from.index + i, host.contents, first + i, 1);
  }
}
