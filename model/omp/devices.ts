// Device numbers of the OpenMP part of the language: which device a construct or a device memory
// routine acts on, and what happens when the number names none (lang/README-openmp.md "Devices").

import type { DeviceArg } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import {
  runtimeError,
  fire,
  undefinedBehaviour,
  type BlockOwner,
  type ModelState,
  type StepContext,
} from '../state.js';

export const DEVICE_CLAUSE = 'OpenMP 6.0 §15.2 device clause';
const BAD_DEVICE_NUMBER = 'OpenMP 6.0 §25 device memory routines (conforming device numbers)';

/** What a device number names. */
export type TargetDevice =
  /** Device `index` of the world (0 … n-1). */
  | { kind: 'device'; index: number; shared: boolean }
  /** The host, i.e. the initial device: n, `"initial"` or omp_initial_device (-1). */
  | { kind: 'host' }
  /** omp_invalid_device (-2). */
  | { kind: 'invalid' }
  /** Any other number: not a conforming device number. */
  | { kind: 'out-of-range'; value: number };

// OpenMP 6.0 §15.2 device clause
// Resolves a device number argument against the world's n devices.
export function resolveDevice(state: ModelState, arg: DeviceArg): TargetDevice {
  const devices = state.facts.devices;
  // The initial device has number n (omp_get_initial_device()) and the alias omp_initial_device.
  if (arg === 'initial' || arg === devices.length || arg === -1) return { kind: 'host' };
  // omp_invalid_device never names a device.
  if (arg === -2) return { kind: 'invalid' };
  // 0 … n-1 are the world's non-host devices; anything else is out of range.
  const decl = Number.isInteger(arg) && arg >= 0 ? devices[arg] : undefined;
  if (!decl) return { kind: 'out-of-range', value: arg };
  return { kind: 'device', index: arg, shared: decl.kind === 'shared' };
}

/** The owner recorded for allocations on a resolved (host or world) device. */
export function ownerOf(target: Extract<TargetDevice, { kind: 'device' | 'host' }>): BlockOwner {
  return target.kind === 'host' ? 'host' : target.index;
}

/** `device 1`, `the host`, `omp_invalid_device`, `device 7 (out of range)` for messages. */
export function describeDevice(target: TargetDevice): string {
  switch (target.kind) {
    case 'device':
      return `device ${target.index}`;
    case 'host':
      return 'the host';
    case 'invalid':
      return 'omp_invalid_device';
    case 'out-of-range':
      return `device ${target.value} (out of range)`;
  }
}

// OpenMP 6.0 §25 device memory routines (conforming device numbers)
// A routine given omp_invalid_device or an out-of-range number. The text only allows conforming
// device numbers, so it says nothing about the result. K-B11: unspecified, a harmless result
// (`graceful`, chosen by the caller: false / null / nonzero / no-op), or an abort.
export function badDeviceInRoutine(
  target: Extract<TargetDevice, { kind: 'invalid' | 'out-of-range' }>,
  routine: string,
  graceful: Observation,
  ctx: StepContext,
): Observation {
  fire(ctx, BAD_DEVICE_NUMBER);
  const message = `${routine} on ${describeDevice(target)}`;
  switch (ctx.knobs['K-B11']) {
    case 'undefined':
      return undefinedBehaviour(`${message}: not a conforming device number`);
    case 'graceful':
      return graceful;
    case 'fatal':
      return runtimeError('fatal_invalid_device', `${message}: the runtime aborts`);
  }
}
