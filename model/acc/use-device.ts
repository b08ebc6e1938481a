import type { DevAddr, HostAddr } from '../../lang/observation.js';
import type { VarRef } from '../../lang/program.js';
import { sectionHoldingByte } from '../zero-length.js';
import {
  dataRange,
  describeRange,
  fire,
  presence,
  runtimeError,
  undefinedBehaviour,
  type ErrorObservation,
  type ModelState,
  type StepContext,
  type UndefinedObservation,
} from '../state.js';

export const USE_DEVICE = 'OpenACC 3.3 §2.8.1 use_device clause';
export const USE_DEVICE_PARTLY = 'OpenACC 3.3 §2.8.1 use_device clause (data only partly present, K-A66)';
export const IF_PRESENT = 'OpenACC 3.3 §2.8.3 if_present clause';

/** The address host code sees for a use_device var inside the region: device, host, or null. */
export type UseDeviceAddress = DevAddr | HostAddr | null;

// OpenACC 3.3 §2.8.1 use_device clause
// Inside the host_data region the host code uses the current device address of var. Without
// if_present (§2.8.3) var must be present; with it, an absent var keeps its host address.
export function useDevice(
  state: ModelState,
  v: VarRef,
  ifPresent: boolean,
  ctx: StepContext,
): UseDeviceAddress | ErrorObservation | UndefinedObservation {
  fire(ctx, USE_DEVICE);
  const range = dataRange(state, v);
  // A null pointer (a disassociated pointer member) stays null.
  if (range === null) return null;
  // Present data: the device address of its first byte, in the section holding all of it.
  const where = presence(state, range);
  if (where.kind === 'present') {
    const s = where.section;
    return { block: s.block, offset: s.offset + range.start - s.start };
  }
  // OpenACC 3.3 §2.8.1 use_device clause (data only partly present, K-A66). `whole` (the text):
  // data not wholly present is not present. `first-byte`: var's address is looked up as a
  // zero-length key, which the byte at it answers, so the section holding var's first byte gives
  // the device address, with or without if_present. `first-byte-or-end` (libgomp's
  // gomp_map_lookup probes [p, p + 1), then [p - 1, p)): failing that, a section ending right at
  // var (the object before it in host memory, world.adjacent) gives the address one past its
  // device copy, whether or not any of var is present.
  if (where.kind === 'partly') fire(ctx, USE_DEVICE_PARTLY);
  const lookup = ctx.knobs['K-A66'];
  if (lookup !== 'whole') {
    const s = sectionHoldingByte(state, range.start) ?? (lookup === 'first-byte-or-end' ? sectionHoldingByte(state, range.start - 1) : null);
    if (s) return { block: s.block, offset: s.offset + range.start - s.start };
  }
  // Not (wholly) present with if_present: the host address is used.
  if (ifPresent) {
    fire(ctx, IF_PRESENT);
    return { host: range.start };
  }
  // Not present without if_present: the text requires presence and names no error. K-A30: a
  // runtime may abort instead (libgomp: "use_device_ptr pointer wasn't mapped").
  const what = `use_device(${describeRange(state, range)}): the data is ${where.kind === 'partly' ? 'only partly' : 'not'} present`;
  if (ctx.knobs['K-A30'] === 'error') return runtimeError('fatal_not_present', what);
  return undefinedBehaviour(`${what} (§2.8.1 requires it without if_present)`);
}
