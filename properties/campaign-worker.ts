// One worker thread of a parallel campaign (properties/parallel.ts, properties/diff.ts): runs the
// chunks it is given. The default export runs a refinement chunk, `diffChunk` a diff chunk.

import { runChunk, type ChunkResult, type ChunkTask } from './campaign.js';
import { runDiffChunk, type DiffChunkResult, type DiffChunkTask } from './diff.js';

export default function chunk(task: ChunkTask): ChunkResult {
  return runChunk(task);
}

export function diffChunk(task: DiffChunkTask): DiffChunkResult {
  return runDiffChunk(task);
}
