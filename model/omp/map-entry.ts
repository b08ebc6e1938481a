import {
  runtimeError,
  copyCells,
  describeRange,
  fire,
  hostCells,
  objectHoldingOrNone,
  undefinedBehaviour,
  type ErrorObservation,
  type ModelState,
  type OmpEntry,
  type Range,
  type StepContext,
  type UndefinedObservation,
} from '../state.js';
import { createMapEntry, intersection, lookup, overlappingEntries, storageCells } from './table.js';
import type { MapBlock } from './storage-blocks.js';
import { INFINITE_RC } from '../../lang/observation.js';
import { OMP_ZERO_LENGTH, isEmptyRange, ompZeroLengthLookup } from '../zero-length.js';
import { createZeroKey, keyInside, zeroSizeLookup } from './zero-size-keys.js';

export const MAP_ENTRY = 'OpenMP 6.0 §7.9.6 map clause (entry)';
const PRESENT_MODIFIER = 'OpenMP 6.0 §7.9.6 map clause (present modifier)';
const MAP_RESTRICTIONS = 'OpenMP 6.0 §7.9.6 map clause (restrictions)';
const PRESENT_ON_PARTLY_PRESENT = 'OpenMP 6.0 §7.9.6 map clause (present modifier on partly present data, K-B52)';
const CLOSE_MODIFIER = 'OpenMP 6.0 §7.9.6 map clause (close modifier)';
export const STRUCT_GROUP = 'OpenMP 6.0 §7.9.6 map clause (members of one struct in one construct, K-B70)';
export const IMPLICIT_PARTIAL_MAP = 'OpenMP 6.0 §7.9.6 map clause (implicit map of partly mapped storage, §7.9.3)';

/** The device a construct maps onto, and whether it shares memory with the host. */
export interface MapTarget {
  device: number;
  shared: boolean;
}

// OpenMP 6.0 §7.9.6 map clause (entry)
// Maps the storage blocks of a map-entering construct in order. `created` collects the creation
// numbers of the entries this construct creates (pointer attachment asks for them). Stops at the
// first error; the blocks mapped before it stay mapped.
export function mapEntry(
  state: ModelState,
  target: MapTarget,
  blocks: MapBlock[],
  created: Set<number>,
  ctx: StepContext,
): ErrorObservation | UndefinedObservation | null {
  fire(ctx, MAP_ENTRY);
  // Entries whose reference count this construct already raised.
  const counted = new Set<number>();
  const zeroSize = ctx.knobs['K-B59'] === 'zero-size-key';
  const notPresent = presentFirst(state, target, blocks, ctx);
  if (notPresent) return notPresent;
  const apart = structGroups(state, target, blocks, ctx);
  if (apart) return apart;
  for (const block of blocks) {
    const empty = isEmptyRange(block.range);
    // K-B59 `zero-size-key` (model/omp/zero-size-keys.ts): a zero-length section is keyed.
    if (empty && zeroSize) {
      const stop = zeroSizeEntry(state, target.device, block, counted, ctx);
      if (stop) return stop;
      continue;
    }
    const where = empty ? ompZeroLengthLookup(state, target.device, block.range, ctx) : lookup(state, target.device, block.range);
    const name = describeRange(state, block.range);
    const presentModifier = block.items.some((i) => i.modifiers.includes('present'));
    // OpenMP 6.0 §7.9.6 map clause (present modifier on partly present data, K-B52): the item is
    // not present, and extending a mapping breaks a restriction. K-B52 `present-error` (the text,
    // LLVM offload's observed error): the present modifier's error termination; `partial-map`
    // (libgomp gomp_map_vars_existing): the partial map is met first, and K-B5 decides below.
    let partialFirst = false;
    if (where.kind === 'partly' && presentModifier) {
      fire(ctx, PRESENT_ON_PARTLY_PRESENT);
      partialFirst = ctx.knobs['K-B52'] === 'partial-map';
    }
    const close = block.items.some((i) => i.modifiers.includes('close'));
    const selfMap = selfMapped(target, close, ctx);
    // The present modifier requires the storage to be there already: runtime error termination.
    if (where.kind !== 'present' && presentModifier && !partialFirst && !selfMapPresent(where.kind === 'absent' && target.shared, selfMap, ctx)) {
      fire(ctx, PRESENT_MODIFIER);
      return runtimeError('omp_error_not_present', `map(present: ${name}): the data is not present on device ${target.device}`);
    }
    // The implicit map of a target construct gives corresponding storage only to the part that
    // already has some (§7.9.3 makes it an ordinary tofrom map, and §7.9.6 creates nothing for
    // storage that is partly there): it references the overlapping entries as they stand.
    if (where.kind === 'partly' && block.items.every((i) => i.implicit)) {
      fire(ctx, IMPLICIT_PARTIAL_MAP);
      for (const entry of overlappingEntries(state, target.device, block.range)) reference(state, entry, block, counted);
      continue;
    }
    // Extending a mapping breaks a restriction of the clause. K-B5: nothing is prescribed
    // (undefined), or the runtime aborts as real ones do.
    if (where.kind === 'partly') {
      fire(ctx, MAP_RESTRICTIONS);
      if (ctx.knobs['K-B5'] === 'error')
        return runtimeError('fatal_partial_map', `map(${name}): the data is partly present on device ${target.device}`);
      return undefinedBehaviour(`map(${name}) extends data that is partly present on device ${target.device}`);
    }
    // Storage that is not there yet is created with a count of 0. K-B8: on a device that shares
    // memory with the host, a distinct copy all the same (`copies`), or the original storage
    // serves as its own copy (`self`), except under `self-unless-close` for a block with the close
    // modifier (LLVM: close forces device storage). The text makes close a hint and nothing more.
    // A zero-length section without corresponding storage gets none (model/zero-length.ts).
    if (empty && where.kind === 'absent') continue;
    if (close) fire(ctx, CLOSE_MODIFIER);
    let entry: OmpEntry;
    if (where.kind === 'present') {
      entry = where.entry;
    } else {
      // K-B59 `zero-size-key`: the lookup of the range finds a zero-length key inside it.
      const key = zeroSize ? keyInside(state, target.device, block.range) : undefined;
      if (key) return runtimeError('fatal_partial_map', `map(${name}): the zero-length key at 0x${key.addr.toString(16)} on device ${target.device} lies inside it (already mapped)`);
      entry = createMapEntry(state, target.device, block.range, selfMap);
      created.add(entry.order);
    }
    reference(state, entry, block, counted, uncountedBlock(block, ctx));
  }
  return null;
}

// OpenMP 6.0 §7.9.6 map clause (members of one struct in one construct, K-B70)
// A structure member in a map clause is a list item of its own: it is mapped whatever else of its
// struct is present (K-B70 `per-member`). libgomp (GCC lowers the members of one struct that one
// construct maps to a GOMP_MAP_STRUCT group whose address is the struct's) looks the group up from
// the struct's first byte to the last member's end; when an entry meets that range every member
// must already be present (target.c gomp_map_vars_internal, gomp_map_fields_existing), else the
// program stops ("Trying to map into device [...) structure element when other mapped elements
// from the same structure weren't mapped together with it"). The members are the items whose
// storage is part of one single struct, not all of it (`c%n`, `c%arr(2:3)`: a `c%p` item's storage
// is its target, an implicit item a whole variable; the language has no zero-length section of a
// non-pointer member); a pointer member's own storage is a member where K-B47 `descriptor` makes it
// an item (gfortran maps the component's descriptor in the group). A device sharing the host's
// memory maps nothing there.
function structGroups(state: ModelState, target: MapTarget, blocks: MapBlock[], ctx: StepContext): ErrorObservation | null {
  const groups = new Map<number, { end: number; members: Range[] }>();
  for (const block of blocks)
    for (const item of block.items) {
      const holder = objectHoldingOrNone(state, item.range);
      const single = holder !== undefined && state.facts.world.structs.some((st) => st.name === holder.name && st.count === undefined);
      if (!single || (item.range.start === holder.start && item.range.end === holder.start + holder.bytes)) continue;
      const group = groups.get(holder.start);
      if (group === undefined) groups.set(holder.start, { end: item.range.end, members: [item.range] });
      else {
        group.end = Math.max(group.end, item.range.end);
        group.members.push(item.range);
      }
    }
  // The rule applies where a construct maps members of a struct; K-B70 decides what it does there.
  if (groups.size === 0) return null;
  fire(ctx, STRUCT_GROUP);
  if (ctx.knobs['K-B70'] !== 'struct-group' || target.shared) return null;
  for (const [start, group] of groups) {
    if (lookup(state, target.device, { start, end: group.end }).kind === 'absent') continue;
    const missing = group.members.find((m) => lookup(state, target.device, m).kind !== 'present');
    if (missing !== undefined)
      return runtimeError(
        'fatal_partial_map',
        `map(${describeRange(state, missing)}): part of its struct is mapped on device ${target.device}, so the runtime maps the struct's members as a group, and this member was not mapped with the others`,
      );
  }
  return null;
}

// OpenMP 6.0 §7.9.6 map clause (present modifier), 5.1 §2.21.7.1 and 5.2 §5.8.3: the effect of a
// clause with the present modifier is ordered before every clause without it. So a block with the
// modifier is checked against the device data environment as the construct found it: an earlier
// item without the modifier cannot map the storage first, as it could where the items of one
// variable are counted apart (K-B16 `list-item`, `struct-block`); under `storage-block` they form
// one block that carries the modifier. clang emits present clauses first and GCC 13+ sorts the
// present groups first (gimplify.cc omp_segregate_mapping_groups), so both runtimes agree. Only
// absent storage is decided here; partly present storage meets K-B52 in the entry loop.
function presentFirst(state: ModelState, target: MapTarget, blocks: MapBlock[], ctx: StepContext): ErrorObservation | null {
  for (const block of blocks) {
    if (isEmptyRange(block.range) || !block.items.some((i) => i.modifiers.includes('present'))) continue;
    if (lookup(state, target.device, block.range).kind !== 'absent') continue;
    const selfMap = selfMapped(target, block.items.some((i) => i.modifiers.includes('close')), ctx);
    if (selfMapPresent(target.shared, selfMap, ctx)) continue;
    fire(ctx, PRESENT_MODIFIER);
    return runtimeError('omp_error_not_present', `map(present: ${describeRange(state, block.range)}): the data is not present on device ${target.device}`);
  }
  return null;
}

/**
 * K-B8: whether new storage for a block on `target` (`close`: the block has the close modifier) is
 * the original storage itself (a self map) rather than a distinct copy.
 */
function selfMapped(target: MapTarget, close: boolean, ctx: StepContext): boolean {
  const reading = ctx.knobs['K-B8'];
  return target.shared && (reading === 'self' || (reading === 'self-unless-close' && !close));
}

export const PRESENT_SELF_MAP = 'OpenMP 6.0 §7.9.6 map clause (present modifier on a device whose maps are self maps, K-B66)';

// OpenMP 6.0 §7.9.6 map clause (present modifier on a device whose maps are self maps, K-B66)
// An absent block with the present modifier on a device that shares memory with the host.
// `present-error` (the text): not present, so the error termination above. `self-present` (LLVM
// offload, Mapping.cpp getTargetPointer: under requires unified_shared_memory the branch that
// returns the host address and records a self entry comes before the present check): a block
// that K-B8 maps to the original storage (`selfMap`) is mapped so and the construct goes on.
function selfMapPresent(absentOnShared: boolean, selfMap: boolean, ctx: StepContext): boolean {
  if (!absentOnShared) return false;
  fire(ctx, PRESENT_SELF_MAP);
  return selfMap && ctx.knobs['K-B66'] === 'self-present';
}

export const MAPPER_STRUCT_COUNT = 'OpenMP 6.0 §7.9.10 declare mapper directive (the reference count of the struct a mapper maps, K-B64)';

// OpenMP 6.0 §7.9.10 declare mapper directive (the reference count of the struct a mapper maps, K-B64)
// The mapper's items are the construct's list items, so the struct's own storage is counted like
// any (K-B64 `counted`). `uncounted` (libomptarget 16: targetDataMapper hands the mapper's
// components to targetDataBegin / targetDataEnd with FromMapper set, where the first component,
// the struct's combined entry, has UpdateRef false, and so has the struct's own MEMBER_OF
// component; getTargetPointer then takes an entry as new when its count is 1): a block of only
// such storage is created with count 1 when absent and its count never moves; its to items copy
// whenever the count is 1, its from items whenever the count is 1 at exit, and it is never removed
// by such a map (the delete bit does not reach the components either).
export function uncountedBlock(block: MapBlock, ctx: StepContext): boolean {
  if (!block.items.every((i) => i.mapperStruct)) return false;
  fire(ctx, MAPPER_STRUCT_COUNT);
  return ctx.knobs['K-B64'] === 'uncounted';
}

/**
 * K-B59 `zero-size-key`: the entry of a zero-length section at p. An entry holding p strictly
 * inside takes the reference as usual; the key at p takes one; a key elsewhere stops the program
 * (gomp_map_vars_existing); with neither, a key [p, p) is made (count 1).
 */
function zeroSizeEntry(state: ModelState, device: number, block: MapBlock, counted: Set<number>, ctx: StepContext): ErrorObservation | null {
  fire(ctx, OMP_ZERO_LENGTH);
  const p = block.range.start;
  const where = zeroSizeLookup(state, device, p);
  if (where.kind === 'entry') {
    reference(state, where.entry, block, counted);
    return null;
  }
  if (where.kind === 'key' && where.key.addr !== p)
    return runtimeError('fatal_partial_map', `map(${describeRange(state, block.range)}): the zero-length key at 0x${where.key.addr.toString(16)} on device ${device} is found (already mapped)`);
  if (where.kind === 'absent' && block.items.some((i) => i.modifiers.includes('present'))) {
    fire(ctx, PRESENT_MODIFIER);
    return runtimeError('omp_error_not_present', `map(present: ${describeRange(state, block.range)}): the data is not present on device ${device}`);
  }
  const key = where.kind === 'key' ? where.key : createZeroKey(state, device, p);
  if (!counted.has(key.order)) {
    counted.add(key.order);
    key.rc += 1;
  }
  return null;
}

/**
 * One more reference on `entry` for `block`, at most once per entry on this construct (`counted`);
 * an infinite count stays infinite. Items of type to / tofrom are then copied to the device where
 * they lie in the entry, when the storage has just become referenced (count 1) or when the always
 * modifier asks for it.
 */
function reference(state: ModelState, entry: OmpEntry, block: MapBlock, counted: Set<number>, uncounted = false): void {
  if (!counted.has(entry.order)) {
    counted.add(entry.order);
    // K-B64 `uncounted`: only a new entry gets its count of 1.
    if (entry.rc !== INFINITE_RC && (!uncounted || entry.rc === 0)) entry.rc += 1;
  }
  for (const item of block.items) {
    const part = intersection(item.range, entry);
    if (part && (item.type === 'to' || item.type === 'tofrom') && (entry.rc === 1 || item.modifiers.includes('always')))
      copyToDevice(state, entry, part);
  }
}

/** Copies the host cells of `range` into their corresponding storage (pointer members verbatim; a self map needs no copy). */
export function copyToDevice(state: ModelState, entry: OmpEntry, range: Range): void {
  if (entry.block === null) return;
  const from = hostCells(state, range);
  const to = storageCells(state, entry, range.start);
  copyCells(from, 0, to.contents, to.index, from.values.length);
}
