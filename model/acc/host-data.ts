import type { AccHostDataBegin } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { fire, runtimeError, undefinedBehaviour, type ErrorObservation, type ModelState, type StepContext, type UndefinedObservation } from '../state.js';
import { keyDelete, keyGet, keySet } from '../vec.js';
import { IF_PRESENT, USE_DEVICE, useDevice, type UseDeviceAddress } from './use-device.js';

export const HOST_DATA = 'OpenACC 3.3 §2.8 host_data construct';
export const USE_DEVICE_NESTED = 'OpenACC 3.3 §2.8.1 use_device clause (a var an enclosing host_data region names, K-A74)';

// OpenACC 3.3 §2.8 host_data construct (entry)
// The construct makes the device address of its use_device var available to the host code of its
// region: the step observes that address and names it `result` for the steps of the region. The
// construct itself moves no data and changes no counter.
export function hostDataBegin(state: ModelState, step: AccHostDataBegin, ctx: StepContext): Observation {
  fire(ctx, HOST_DATA);
  const address = nestedUseDevice(state, step, ctx) ?? useDevice(state, step.var, step.if_present === true, ctx);
  if (address !== null && 'kind' in address) return address;
  keySet(state.handles, step.result, address);
  state.hostData.push({ handle: step.result, accVar: step.var });
  return { kind: 'value', value: address };
}

// OpenACC 3.3 §2.8.1 use_device clause (a var an enclosing host_data region names, K-A74)
// Inside a host_data region its var stands for the device address. A use_device clause of a nested
// region naming the same var: `variable` (the text) reads it as the variable, whose current device
// address the inner region uses as well (undefined here: useDevice answers). `rebound` (GCC 12 with
// libgomp): the clause is given what var stands for, the outer region's device address, and the
// runtime looks that up among host data, where no device address lies: var is not present there.
function nestedUseDevice(state: ModelState, step: AccHostDataBegin, ctx: StepContext): UseDeviceAddress | ErrorObservation | UndefinedObservation | undefined {
  let outer: string | undefined;
  for (const r of state.hostData) if (r.accVar === step.var) outer = r.handle;
  if (outer === undefined) return undefined;
  fire(ctx, USE_DEVICE_NESTED);
  const address = keyGet(state.handles, outer);
  // An outer region that kept the host address (if_present of absent data) gives the name its own storage.
  if (ctx.knobs['K-A74'] !== 'rebound' || address === undefined || address === null || !('block' in address)) return undefined;
  fire(ctx, USE_DEVICE);
  if (step.if_present === true) {
    fire(ctx, IF_PRESENT);
    return { block: address.block, offset: address.offset };
  }
  const what = `use_device(${step.var}) inside host_data use_device(${step.var}): ${step.var} stands for its device address there, and no host data lies at a device address`;
  if (ctx.knobs['K-A30'] === 'error') return runtimeError('fatal_not_present', what);
  return undefinedBehaviour(`${what} (§2.8.1 requires present data without if_present)`);
}

// OpenACC 3.3 §2.8 host_data construct (end)
// Past the region the name no longer stands for the device address.
export function hostDataEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, HOST_DATA);
  const region = state.hostData.pop();
  if (region === undefined) throw new Error('internal: acc_host_data_end without an open host_data region');
  keyDelete(state.handles, region.handle);
  return { kind: 'ok' };
}
