import type { PtrValue } from '../../lang/observation.js';
import { ELEMENT_BYTES } from '../../lang/program.js';
import { fire, setPointerCell, structRange, type ModelState, type RecordedMapItem, type StepContext } from '../state.js';
import { lookup, storageCells } from './table.js';

export const POINTER_ATTACHMENT = 'OpenMP 6.0 §7.9.6 map clause (pointer attachment)';

// OpenMP 6.0 §7.9.6 map clause (pointer attachment)
// Runs after every storage block of the construct is mapped. `created` holds the creation numbers
// of the entries this construct created.
export function attachPointers(
  state: ModelState,
  device: number,
  items: RecordedMapItem[],
  created: ReadonlySet<number>,
  ctx: StepContext,
): void {
  for (const item of items) {
    // Candidates are `c%p` items whose pointer had a target when the construct started.
    if (item.pointer === null || item.range === null) continue;
    fire(ctx, POINTER_ATTACHMENT);
    // The pointer needs a corresponding pointer (its struct is mapped) and a mapped target.
    const pointerEntry = lookup(state, device, structRange(state, item.pointer));
    const targetEntry = lookup(state, device, item.range);
    if (pointerEntry.kind !== 'present' || targetEntry.kind !== 'present') continue;
    // K-B7 `6.0`: only when the target's storage or the pointer's storage is new on this
    // construct; `always` (5.x practice): every time the pointer is mapped with its target.
    if (
      ctx.knobs['K-B7'] === '6.0' &&
      !created.has(pointerEntry.entry.order) &&
      !created.has(targetEntry.entry.order)
    )
      continue;
    // A self-mapped pointer is the original pointer: it already holds the target's address.
    const selfPointer = pointerEntry.entry.block === null;
    if (selfPointer !== (targetEntry.entry.block === null))
      throw new Error('internal: pointer attachment between a self map and device storage');
    if (selfPointer) continue;
    // The corresponding pointer gets the device address of the target's corresponding storage.
    const target = targetEntry.entry;
    const value: PtrValue = {
      space: 'dev',
      block: target.block!,
      offset: target.offset + item.range.start - target.start,
      count: (item.range.end - item.range.start) / ELEMENT_BYTES,
    };
    const cell = storageCells(state, pointerEntry.entry, item.pointer.addr);
    setPointerCell(cell.contents, cell.index, value);
    // The pointer is now attached (read by K-B22 and K-B23): one record per device and pointer.
    const ptr = item.pointer.addr;
    state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.ptr === ptr));
    state.ompAttached.push({ device, ptr, holder: pointerEntry.entry.order, target: target.order, targetLive: true });
  }
}
