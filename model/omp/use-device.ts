import type { DevAddr, HostAddr } from '../../lang/observation.js';
import {
  arrayRange,
  describeRange,
  fire,
  runtimeError,
  type ErrorObservation,
  type ModelState,
  type StepContext,
} from '../state.js';
import { entryHoldingByte, lookup, storageAddress } from './table.js';
import { latestKey } from './zero-size-keys.js';
import { linkSlot, linkSlotAddress } from './declare-target.js';

export const USE_DEVICE_PTR = 'OpenMP 6.0 §7.5.8 use_device_ptr clause';
export const USE_DEVICE_ADDR = 'OpenMP 6.0 §7.5.10 use_device_addr clause';

// OpenMP 6.0 §7.5.8 use_device_ptr clause, §7.5.10 use_device_addr clause
// In the region, the list item (a whole array here) refers to the corresponding storage of the
// original on the construct's device: the address of the storage's first byte (the original's own
// address for a self map). An item with no corresponding storage keeps its original address
// since 5.1 (K-B30 `host-address`); LLVM before PR #174659 gave null, libgomp aborts.
export function useDeviceItem(
  state: ModelState,
  v: string,
  device: number,
  ptr: boolean,
  ctx: StepContext,
): DevAddr | HostAddr | null | ErrorObservation {
  fire(ctx, ptr ? USE_DEVICE_PTR : USE_DEVICE_ADDR);
  const range = arrayRange(state, v);
  // K-B58 `first-byte` (LLVM offload): the address alone is looked up, so the entry holding the
  // first byte translates it; `first-byte-or-end` (libgomp): failing that, an entry holding the byte
  // before it, which ends right there (the object before in host memory, world.adjacent), gives the
  // address one past its storage; `whole`: the item's whole range must be there.
  if (ctx.knobs['K-B58'] !== 'whole') {
    const entry = entryHoldingByte(state, device, range.start);
    if (entry) return storageAddress(entry, range.start);
    // K-B69 `registered`: the key of a link array no map clause maps is found like an entry.
    const slot = linkSlot(state, device, range.start, ctx);
    if (slot) return linkSlotAddress(slot, range.start);
    if (ctx.knobs['K-B58'] === 'first-byte-or-end') {
      const before = entryHoldingByte(state, device, range.start - 1);
      if (before) return storageAddress(before, range.start);
      const slotBefore = linkSlot(state, device, range.start - 1, ctx);
      if (slotBefore) return linkSlotAddress(slotBefore, range.start);
    }
    // K-B59 `zero-size-key`: the last probe, [p, p), finds any zero-length key, which has no
    // storage to translate into: the model keeps the host address (the runtime's value is not modelled).
    if (ctx.knobs['K-B59'] === 'zero-size-key' && latestKey(state, device)) return { host: range.start };
  } else {
    const where = lookup(state, device, range);
    if (where.kind === 'present') return storageAddress(where.entry, range.start);
    const slot = linkSlot(state, device, range.start, ctx);
    if (slot && where.kind === 'absent') return linkSlotAddress(slot, range.start);
  }
  switch (ctx.knobs['K-B30']) {
    case 'host-address':
      return { host: range.start };
    case 'null':
      return null;
    case 'error':
      return runtimeError('fatal_not_present', `${ptr ? 'use_device_ptr' : 'use_device_addr'}(${describeRange(state, range)}) on device ${device}: use_device_ptr pointer wasn't mapped`);
  }
}
