import type { AccMapData } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import {
  sectionsInBlock,
  runtimeError,
  dataRange,
  describeRange,
  fire,
  insertSection,
  presence,
  undefinedBehaviour,
  type ModelState,
  type StepContext,
  declaredArrayHolding,
} from '../state.js';
import { describePointer } from '../omp/table.js';
import { clauseMemoryHolding, deviceBytes, devicePointerArg } from './device-memory.js';

export const ACC_MAP_DATA = 'OpenACC 3.3 §3.2.21 acc_map_data';

const OK: Observation = { kind: 'ok' };

// OpenACC 3.3 §3.2.21 acc_map_data
// Like acc_create, but the device memory is the program's: no allocation, no data movement.
export function accMapData(state: ModelState, step: AccMapData, ctx: StepContext): Observation {
  fire(ctx, ACC_MAP_DATA);
  const range = dataRange(state, step.var);
  const p = devicePointerArg(state, step.dev);
  // A null host or device pointer is an error.
  if (range === null) return runtimeError('acc_error_invalid_null_pointer', `acc_map_data(${step.var}): the host pointer is null`);
  if (p === null) return runtimeError('acc_error_invalid_null_pointer', `acc_map_data(${step.var}): the device pointer is null`);
  // Host data of which any part is already present is an error.
  if (presence(state, range).kind !== 'absent')
    return runtimeError('acc_error_present', `acc_map_data(${describeRange(state, range)}): the data is already (partly) present`);
  // K-A60 `registered` (GCC 12 C): a link array's range is in the runtime's table from the start,
  // so the runtime finds it there and stops.
  if (ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, range) === 'link')
    return runtimeError('acc_error_present', `acc_map_data(${describeRange(state, range)}): a declare link array, which the runtime's table holds from the start`);
  // The device pointer must address enough device memory the program allocated.
  const bytes = range.end - range.start;
  const mem = deviceBytes(state, p, bytes, true);
  if (typeof mem === 'string') {
    // Device memory that enter data or a data routine mapped is already mapped: undefined, or K-A8 `fatal`
    // (libgomp acc_map_data looks the device range up among the mapped ones, lookup_dev).
    const held = ctx.knobs['K-A8'] === 'fatal' ? clauseMemoryHolding(state, p, bytes) : null;
    if (held) return runtimeError('fatal_map_data', `acc_map_data(${describeRange(state, range)}, ${describePointer(p)}): the device memory already holds ${describeRange(state, held)}`);
    return undefinedBehaviour(`acc_map_data(${describeRange(state, range)}): ${mem}`);
  }
  // Device memory already mapped to some host data: undefined (K-A8).
  const taken = sectionsInBlock(state, mem.block.id).find((s) => s.offset < mem.offset + bytes && mem.offset < s.offset + (s.end - s.start));
  if (taken) {
    const why = `acc_map_data(${describeRange(state, range)}, ${describePointer(p)}): the device memory already holds ${describeRange(state, taken)}`;
    return ctx.knobs['K-A8'] === 'fatal' ? runtimeError('fatal_map_data', why) : undefinedBehaviour(why);
  }
  // The data is present from now on, with a dynamic reference counter of one.
  insertSection(state, { start: range.start, end: range.end, block: mem.block.id, offset: mem.offset, origin: 'map_data', src: 0, drc: 1 });
  return OK;
}
