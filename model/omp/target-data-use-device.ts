import type { OmpTargetDataUseDeviceBegin } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { arrayRange, fire, type ModelState, type StepContext } from '../state.js';
import { keyDelete, keySet } from '../vec.js';
import { constructDevice, TARGET_DATA } from './constructs.js';
import { useDeviceItem } from './use-device.js';

// OpenMP 6.0 §15.7 target data construct (with a use_device_ptr / use_device_addr clause, entry)
// The construct makes the corresponding address of its list item visible to the code of its
// region: the step observes it and names it `result` for the region's steps. It maps nothing.
// On the host (the initial device) the item is its own storage.
export function ompUseDeviceBegin(state: ModelState, step: OmpTargetDataUseDeviceBegin, ctx: StepContext): Observation {
  fire(ctx, TARGET_DATA);
  const target = constructDevice(state, step.device, ctx);
  if (target.kind === 'error' || target.kind === 'undefined') return target;
  const address = target.kind === 'host' ? { host: arrayRange(state, step.var).start } : useDeviceItem(state, step.var, target.device, step.ptr === true, ctx);
  if (address !== null && 'kind' in address) return address;
  keySet(state.handles, step.result, address);
  state.hostData.push({ handle: step.result });
  return { kind: 'value', value: address };
}

// OpenMP 6.0 §15.7 target data construct (end of a use_device region)
// Past the region the name no longer stands for the corresponding address.
export function ompUseDeviceEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, TARGET_DATA);
  const region = state.hostData.pop();
  if (region === undefined) throw new Error('internal: omp_target_data_use_device_end without an open use_device region');
  keyDelete(state.handles, region.handle);
  return { kind: 'ok' };
}
