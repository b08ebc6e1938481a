// Device pointers given to the OpenACC device memory routines (OpenACC 3.3 §3.2.16–§3.2.27): where
// a handle plus an offset lands, and whether the bytes a routine needs are live device memory.

import type { PtrArg } from '../../lang/openmp.js';
import { blockById, sectionsInBlock, type DeviceBlock, type ModelState, type Section } from '../state.js';
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

/**
 * A present section with a dynamic reference whose device copy lives in the live device-0 block
 * `p` points into, when an enter data or a data routine made that block (not acc_malloc): the
 * memory is mapped, so acc_map_data and acc_free misuse it (K-A8), whatever the address inside it.
 * libgomp looks the `bytes` from `p` up among the mapped device ranges (lookup_dev: acc_map_data
 * the data's size, acc_free one byte), so an address before the block (K-A11's acc_copyin result)
 * finds it only when those bytes reach into it. Memory only a data construct maps is left out:
 * libgomp's device-address lookup does not find it (testsuite acc_free-pr92503-4.c, PR92877: the
 * plugin's free fails instead).
 */
export function clauseMemoryHolding(state: ModelState, p: ReturnType<typeof resolvePointer>, bytes: number): Section | null {
  if (p === null || p.space !== 'dev') return null;
  const block = blockById(state, p.block);
  if (!block.alive || block.device !== 0 || block.source !== 'map' || p.offset + bytes <= 0 || p.offset >= block.bytes) return null;
  return sectionsInBlock(state, block.id).find((s) => s.drc > 0) ?? null;
}
