import {
  fire,
  formatRef,
  hostPointer,
  memberRef,
  pointerCell,
  undefinedBehaviour,
  type ModelState,
  type StepContext,
  type UndefinedObservation,
} from '../state.js';
import { pointerAddress, type PointerAddress } from '../acc/pointer-value.js';
import { pointerHolder, storageCells } from './table.js';
import type { MapTarget } from './map-entry.js';

export const CORRESPONDING_POINTER_VALUE = 'OpenMP 6.0 §7.9.6 map clause (the corresponding pointer a kernel reads)';

// OpenMP 6.0 §7.9.6 map clause (the corresponding pointer a kernel reads)
// A kernel that reads pointer member `ref` itself reads the corresponding pointer: the cell of the
// member in the corresponding storage of its struct. Pointer attachment assigned it the address of
// the target's corresponding storage; otherwise it holds what the map copied from the original (a
// host address) or, for storage no `to` map filled, an indeterminate value. On the host device the
// kernel reads the original pointer. The value is observed as it is: a device address (perhaps of a
// freed block: stale), a host address, or null.
export function correspondingPointerValue(state: ModelState, target: MapTarget | 'host', ref: string, ctx: StepContext): PointerAddress | UndefinedObservation {
  fire(ctx, CORRESPONDING_POINTER_VALUE);
  const m = memberRef(state, ref);
  if (target === 'host') return pointerAddress(hostPointer(state, m), `the kernel reads ${formatRef(m)}, whose host value is indeterminate`);
  const holder = pointerHolder(state, target.device, m);
  if (holder.kind !== 'present') return undefinedBehaviour(`the kernel reads ${formatRef(m)}, but ${m.struct} is not present on device ${target.device}`);
  const cell = storageCells(state, holder.entry, m.addr);
  return pointerAddress(pointerCell(cell.contents, cell.index), `the kernel reads ${formatRef(m)}, whose value on device ${target.device} is indeterminate`);
}
