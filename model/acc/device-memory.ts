// Device pointers given to the OpenACC device memory routines (OpenACC 3.3 §3.2.16–§3.2.27): where
// a handle plus an offset lands, and whether the bytes a routine needs are live device memory.

import type { PtrArg } from '../../lang/openmp.js';
import { blockById, type DeviceBlock, type ModelState } from '../state.js';
import { describePointer, resolvePointer } from '../omp/table.js';

/** Live memory of device 0 at a device pointer: the block and the byte offset in it. */
export interface DeviceBytes {
  block: DeviceBlock;
  offset: number;
}

/** The device pointer an argument names, or null for a null pointer. */
export function devicePointerArg(state: ModelState, arg: PtrArg): ReturnType<typeof resolvePointer> {
  return resolvePointer(state, arg);
}

/**
 * The live device-0 memory holding `bytes` bytes at non-null pointer `p`, or a sentence saying why
 * there is none (a host address, freed memory, or a range running past its allocation).
 * `mallocOnly`: the memory must come from acc_malloc (or omp_target_alloc), not from a data clause.
 */
export function deviceBytes(state: ModelState, p: Exclude<ReturnType<typeof resolvePointer>, null>, bytes: number, mallocOnly: boolean): DeviceBytes | string {
  const where = describePointer(p);
  if (p.space === 'host') return `${where} is a host address, not device memory`;
  const block = blockById(state, p.block);
  if (!block.alive) return `${where} points into freed device memory`;
  if (block.device !== 0) return `${where} is memory of another device`;
  if (mallocOnly && block.source !== 'alloc') return `${where} is not memory acc_malloc returned`;
  if (block.contents.kind !== 'elements') return `${where} holds pointer descriptors, not elements`;
  if (p.offset + bytes > block.bytes) return `${where} + ${bytes} bytes runs past the end of its ${block.bytes}-byte allocation`;
  // A pointer attached through a member section aims before its block (K-A50 `section`).
  if (p.offset < 0) return `${where} lies before the start of its allocation`;
  return { block, offset: p.offset };
}
