import { fire, objectHolding, type ModelState, type Range, type RecordedMapItem, type StepContext } from '../state.js';

export const STORAGE_BLOCKS = 'OpenMP 6.0 §7.9.6 map clause (mappable storage blocks)';

/** A unit of reference counting on one construct: its list items and the host range they span. */
export interface MapBlock {
  range: Range;
  /** The items in order of appearance; each has a host range. */
  items: (RecordedMapItem & { range: Range })[];
}

// OpenMP 6.0 §7.9.6 map clause (mappable storage blocks)
// Groups the items of one construct that map storage (a disassociated `c%p` maps none) into the
// units that share one reference count, in order of each unit's first item.
export function storageBlocks(state: ModelState, items: RecordedMapItem[], ctx: StepContext): MapBlock[] {
  const mapped = items.filter((i): i is RecordedMapItem & { range: Range } => i.range !== null);
  // K-B16 `list-item` (5.2): every list item is counted on its own.
  if (ctx.knobs['K-B16'] === 'list-item') return mapped.map((i) => ({ range: { ...i.range }, items: [i] }));
  fire(ctx, STORAGE_BLOCKS);
  // `storage-block` (6.0): the items whose data lies in the same array (or the same struct) form
  // one block reaching from the lowest to the highest byte any of them covers. `struct-block`
  // (libgomp): only the items inside one struct (one element of an array of structs) do.
  const structsOnly = ctx.knobs['K-B16'] === 'struct-block';
  const byObject = new Map<string, MapBlock>();
  for (const [k, item] of mapped.entries()) {
    // A zero-length section (model/zero-length.ts) covers no byte: it is a block of its own.
    const name = item.range.start === item.range.end ? `#${k}` : structsOnly ? structElementKey(state, item.range) ?? `#${k}` : objectHolding(state, item.range).name;
    const block = byObject.get(name);
    if (block) {
      block.range.start = Math.min(block.range.start, item.range.start);
      block.range.end = Math.max(block.range.end, item.range.end);
      block.items.push(item);
    } else {
      byObject.set(name, { range: { ...item.range }, items: [item] });
    }
  }
  return [...byObject.values()];
}

/**
 * K-B16 `struct-block`: the struct element holding all of `range` (`c`, `cs(2)`), as a key, or
 * null when the range lies in an array or reaches over two elements of an array of structs.
 */
function structElementKey(state: ModelState, range: Range): string | null {
  const obj = objectHolding(state, range);
  const decl = state.facts.world.structs.find((st) => st.name === obj.name);
  if (decl === undefined) return null;
  const stride = obj.bytes / state.facts.structCount(obj.name);
  const element = Math.floor((range.start - obj.start) / stride);
  return Math.floor((range.end - 1 - obj.start) / stride) === element ? `${obj.name}(${element + 1})` : null;
}
