// One worker thread of a parallel campaign (properties/parallel.ts, properties/diff.ts): runs the
// chunks it is given. The default export runs a refinement chunk, `diffChunk` a diff chunk (its
// module is loaded on the first one, so a fuzz worker starts without it).

import { runChunk, type ChunkResult, type ChunkTask } from './campaign.js';
import type { DiffChunkResult, DiffChunkTask } from './diff.js';

export default function chunk(task: ChunkTask): ChunkResult {
  return runChunk(task);
}

export async function diffChunk(task: DiffChunkTask): Promise<DiffChunkResult> {
  const { runDiffChunk } = await import('./diff.js');
  return runDiffChunk(task);
}
