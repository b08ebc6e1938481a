import type { AccFree } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { sectionsInBlock, runtimeError, describeRange, fire, undefinedBehaviour, type ModelState, type StepContext } from '../state.js';
import { describePointer } from '../omp/table.js';
import { clauseMemoryHolding, deviceBytes, devicePointerArg } from './device-memory.js';

export const ACC_FREE = 'OpenACC 3.3 §3.2.17 acc_free';

const OK: Observation = { kind: 'ok' };

// OpenACC 3.3 §3.2.17 acc_free
export function accFree(state: ModelState, step: AccFree, ctx: StepContext): Observation {
  fire(ctx, ACC_FREE);
  const p = devicePointerArg(state, step.ptr);
  // A null pointer: no operation.
  if (p === null) return OK;
  // Only the start of live memory acc_malloc returned may be freed; anything else is undefined.
  const mem = deviceBytes(state, p, 0, true);
  if (typeof mem === 'string') {
    // Memory that enter data or a data routine mapped is still mapped: undefined, or K-A8 `fatal`
    // (libgomp acc_free looks the address up among the mapped device ranges first, lookup_dev).
    const held = ctx.knobs['K-A8'] === 'fatal' ? clauseMemoryHolding(state, p, 1) : null;
    if (held) return runtimeError('fatal_map_data', `acc_free(${describePointer(p)}): the memory still maps ${describeRange(state, held)}`);
    return undefinedBehaviour(`acc_free(${describePointer(p)}): ${mem}`);
  }
  if (mem.offset !== 0) return undefinedBehaviour(`acc_free(${describePointer(p)}): not the start of memory acc_malloc returned`);
  // Memory that acc_map_data still maps to host data: the text is silent (K-A8).
  const mapped = sectionsInBlock(state, mem.block.id).find((s) => s.origin === 'map_data');
  if (mapped) {
    const why = `acc_free(${describePointer(p)}): the memory is still mapped by acc_map_data`;
    return ctx.knobs['K-A8'] === 'fatal' ? runtimeError('fatal_map_data', why) : undefinedBehaviour(why);
  }
  mem.block.alive = false;
  return OK;
}
