import type { AccHostDataBegin } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { fire, type ModelState, type StepContext } from '../state.js';
import { keyDelete, keySet } from '../vec.js';
import { useDevice } from './use-device.js';

export const HOST_DATA = 'OpenACC 3.3 §2.8 host_data construct';

// OpenACC 3.3 §2.8 host_data construct (entry)
// The construct makes the device address of its use_device var available to the host code of its
// region: the step observes that address and names it `result` for the steps of the region. The
// construct itself moves no data and changes no counter.
export function hostDataBegin(state: ModelState, step: AccHostDataBegin, ctx: StepContext): Observation {
  fire(ctx, HOST_DATA);
  const address = useDevice(state, step.var, step.if_present === true, ctx);
  if (address !== null && 'kind' in address) return address;
  keySet(state.handles, step.result, address);
  state.hostData.push(step.result);
  return { kind: 'value', value: address };
}

// OpenACC 3.3 §2.8 host_data construct (end)
// Past the region the name no longer stands for the device address.
export function hostDataEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, HOST_DATA);
  const handle = state.hostData.pop();
  if (handle === undefined) throw new Error('internal: acc_host_data_end without an open host_data region');
  keyDelete(state.handles, handle);
  return { kind: 'ok' };
}
