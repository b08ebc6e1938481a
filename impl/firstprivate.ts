// Firstprivate scalars (OpenACC 3.3 §2.6.2 on a parallel construct, OpenMP 6.0 §7.9.3): a scalar
// variable the kernel uses with no data attribute gets a private copy of the host's value. Nothing
// is mapped; the copy lives in a scratch word here and is dropped when the kernel ends.

import type { ElementBody, World } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import { readWords, writeWords, type HostMemory } from './memory.js';
import type { CompiledRef } from './refs.js';
import { undefinedOutcome } from './stop.js';

/** The world's scalar variables, by name. */
export function scalarNames(world: World): ReadonlySet<string> {
  return new Set(world.arrays.filter((a) => a.scalar === true).map((a) => a.name));
}

/**
 * The kernel run on a private copy of the scalar `r`, made from its one host word, or from `from`
 * (words and index: the device copy, K-A67 `present-copy`). `copied`: a copy's `from` elements
 * (lang/README.md "Copy kernels"), read before the write.
 */
export function privateCopyKernel(
  host: HostMemory,
  r: CompiledRef,
  body: ElementBody,
  from?: { words: Int32Array; word: number },
  copied: readonly (number | null)[] | null = null,
): Observation {
  const words = from?.words ?? host.image.words;
  const word = from?.word ?? host.offset(r.start) >> 2;
  if ('read' in body) return { kind: 'read', values: readWords(words, word, 1) };
  const copy = words.slice(word, word + 1);
  if (!writeWords(copy, 0, 1, body.value, body.by, body.add, copied)) return undefinedOutcome(`the kernel's sum overflows ${r.text}'s private copy`);
  return { kind: 'ok' };
}

/**
 * The value a kernel's private copy of the scalar `r` starts with, as the one element a copy reads
 * from it: the host word, or the word `from` names (K-A67 `present-copy`); null when indeterminate.
 */
export function privateValues(host: HostMemory, r: CompiledRef, from?: { words: Int32Array; word: number }): (number | null)[] {
  return readWords(from?.words ?? host.image.words, from?.word ?? host.offset(r.start) >> 2, 1);
}
