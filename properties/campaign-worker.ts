// One worker thread of a parallel campaign (properties/parallel.ts): runs the chunks it is given.

import { runChunk, type ChunkResult, type ChunkTask } from './campaign.js';

export default function chunk(task: ChunkTask): ChunkResult {
  return runChunk(task);
}
