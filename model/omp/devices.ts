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
import { sharesMemoryWithHost } from './unified-shared-memory.js';

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

/** A device number argument of a device memory routine that names no device the routine can use. */
export type BadDevice = Extract<TargetDevice, { kind: 'invalid' | 'out-of-range' }> | { kind: 'initial-alias' };

/** What a routine's device argument names: a device, the host, or a bad number. */
export type RoutineTarget = Extract<TargetDevice, { kind: 'device' | 'host' }> | BadDevice;

// OpenMP 6.0 §15.2 device clause
// Resolves a device number argument against the world's n devices.
export function resolveDevice(state: ModelState, arg: DeviceArg, ctx: StepContext | null = null): TargetDevice {
  const devices = state.facts.devices;
  // The initial device has number n (omp_get_initial_device()) and the alias omp_initial_device.
  if (arg === 'initial' || arg === devices.length || arg === -1) return { kind: 'host' };
  // omp_invalid_device never names a device.
  if (arg === -2) return { kind: 'invalid' };
  // 0 … n-1 are the world's non-host devices; anything else is out of range.
  const decl = Number.isInteger(arg) && arg >= 0 ? devices[arg] : undefined;
  if (!decl) return { kind: 'out-of-range', value: arg };
  return { kind: 'device', index: arg, shared: sharesMemoryWithHost(state, arg, ctx) };
}

// OpenMP 6.0 §1.2 conforming device numbers, §25 device memory routines
// The device argument of a device memory routine. omp_initial_device (-1) names the host; K-B20:
// GCC 12 predates the name (-1 is just a negative number there) and LLVM 22 finds no device -1,
// so under those readings -1 is a bad number like the others.
export function resolveRoutineDevice(state: ModelState, arg: DeviceArg, ctx: StepContext): RoutineTarget {
  if (arg === -1 && ctx.knobs['K-B20'] !== 'host') return { kind: 'initial-alias' };
  return resolveDevice(state, arg, ctx);
}

/** Whether a routine's device argument is a bad number (see badDeviceInRoutine). */
export function isBadDevice(target: RoutineTarget): target is BadDevice {
  return target.kind === 'invalid' || target.kind === 'out-of-range' || target.kind === 'initial-alias';
}

/**
 * K-B21: whether a routine checks its device argument before its null-pointer case. `device-first`
 * (the text: a call with a non-conforming or invalid device has no other answer) or `null-first`
 * (GCC 12, LLVM: the null pointer is answered before the device is looked at).
 */
export function deviceBeforeNull(ctx: StepContext): boolean {
  return ctx.knobs['K-B21'] === 'device-first';
}

/** The owner recorded for allocations on a resolved (host or world) device. */
export function ownerOf(target: Extract<TargetDevice, { kind: 'device' | 'host' }>): BlockOwner {
  return target.kind === 'host' ? 'host' : target.index;
}

/** `device 1`, `the host`, `omp_invalid_device`, `device 7 (out of range)` for messages. */
export function describeDevice(target: TargetDevice | RoutineTarget): string {
  switch (target.kind) {
    case 'initial-alias':
      return 'omp_initial_device (-1)';
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
// A routine given a device number it cannot use. omp_invalid_device is a conforming number whose
// meaning is runtime error termination (6.0 §1.2, as for the device clause); K-B19 `graceful`:
// GCC 12's false / null / nonzero / no-op (`graceful`, chosen by the caller). omp_initial_device
// under K-B20 `graceful` (GCC 12) or `fatal` (LLVM 22). Any other number is not conforming, so
// the text says nothing about the result. K-B11: unspecified, a harmless result, or an abort.
export function badDeviceInRoutine(target: BadDevice, routine: string, graceful: Observation, ctx: StepContext): Observation {
  fire(ctx, BAD_DEVICE_NUMBER);
  const message = `${routine} on ${describeDevice(target)}`;
  if (target.kind === 'invalid') {
    if (ctx.knobs['K-B19'] === 'graceful') return graceful;
    return runtimeError('omp_error_invalid_device', `${message}: runtime error termination`);
  }
  if (target.kind === 'initial-alias') {
    if (ctx.knobs['K-B20'] === 'graceful') return graceful;
    return runtimeError('fatal_invalid_device', `${message}: the runtime knows no device -1 and aborts`);
  }
  switch (ctx.knobs['K-B11']) {
    case 'undefined':
      return undefinedBehaviour(`${message}: not a conforming device number`);
    case 'graceful':
      return graceful;
    case 'fatal':
      return runtimeError('fatal_invalid_device', `${message}: the runtime aborts`);
  }
}
