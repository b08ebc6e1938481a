import type { AccMemcpy } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import {
  runtimeError,
  copyCells,
  dataRange,
  describeRange,
  fire,
  objectHolding,
  undefinedBehaviour,
  unitBytes,
  type ModelState,
  type StepContext,
} from '../state.js';
import { deviceBytes, devicePointerArg } from './device-memory.js';

export const ACC_MEMCPY_TO_DEVICE = 'OpenACC 3.3 §3.2.26 acc_memcpy_to_device';
export const ACC_MEMCPY_FROM_DEVICE = 'OpenACC 3.3 §3.2.27 acc_memcpy_from_device';

// OpenACC 3.3 §3.2.26 acc_memcpy_to_device, §3.2.27 acc_memcpy_from_device
// A plain copy between host data and device memory; the present table is not consulted.
export function accMemcpy(state: ModelState, step: AccMemcpy, ctx: StepContext): Observation {
  const toDevice = step.op === 'acc_memcpy_to_device';
  fire(ctx, toDevice ? ACC_MEMCPY_TO_DEVICE : ACC_MEMCPY_FROM_DEVICE);
  const range = dataRange(state, step.var);
  const p = devicePointerArg(state, step.dev);
  // The errors name a null pointer only with a nonzero byte count. A null pointer var (a
  // disassociated c%p) covers zero bytes: nothing to copy, no error. (Zero-length sections are not
  // taken here: lang/validate.ts.)
  if (range === null) return { kind: 'ok' };
  if (p === null) return runtimeError('acc_error_invalid_null_pointer', `${step.op}(${step.var}): the device pointer is null`);
  // The device side must be device memory large enough for the copy.
  const mem = deviceBytes(state, p, range.end - range.start, false);
  if (typeof mem === 'string') return undefinedBehaviour(`${step.op}(${describeRange(state, range)}): ${mem}`);
  const host = objectHolding(state, range);
  const unit = unitBytes(host.contents);
  const hostIndex = (range.start - host.start) / unit;
  const count = (range.end - range.start) / unit;
  if (toDevice) copyCells(host.contents, hostIndex, mem.block.contents, mem.offset / unit, count);
  else copyCells(mem.block.contents, mem.offset / unit, host.contents, hostIndex, count);
  return { kind: 'ok' };
}
