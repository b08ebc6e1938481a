// The corpus: the saved cases of one directory, replayed before a campaign generates anything new
// (like Hypothesis' example database). Only cases whose two sides are the campaign's sides are
// replayed; each one is re-checked with replayCase, so a `fixed` case that still diverges, a
// `known-divergence` case that now agrees or diverges elsewhere, and a file that no longer loads are
// all reported, each on its own, without stopping the others.

import { isDeepStrictEqual } from 'node:util';
import type { Side } from '../properties/compare.js';
import { listCaseFiles, loadCaseFile, removeOrphanedTemporaries, replayCase, sideProfile, type CaseFile, type SideRef } from './case.js';

export type CorpusEntry =
  /** Replayed and still as recorded. */
  | { path: string; outcome: 'ok' }
  /** Replayed, and something no longer holds. */
  | { path: string; outcome: 'failed'; problems: string[] }
  /** The file does not load (malformed, or written by another version); the message names it. */
  | { path: string; outcome: 'unloadable'; problems: string[] };

export interface CorpusReport {
  dir: string;
  /** Cases of the campaign's sides (replayed), and files that do not load. */
  entries: CorpusEntry[];
  /** Cases saved for other sides, left alone. */
  skipped: number;
}

/** Whether a saved side names the same engine and the same knob readings as a campaign side. */
function sameSide(saved: SideRef, key: 'a' | 'b', path: string, side: Side): boolean {
  if (saved.engine !== side.engine) return false;
  try {
    const profile = sideProfile(saved, key, path);
    return profile.name === side.profile.name && isDeepStrictEqual(profile.knobs, side.profile.knobs);
  } catch {
    // A profile that no longer loads cannot be the campaign's; replayCase reports it for `npm test`.
    return false;
  }
}

/**
 * Replays every case in `dir` recorded for sides `a` and `b` (same engines and profiles, in that
 * order). Files that do not load are reported too: they might have been the campaign's.
 */
export function replayCorpus(dir: string, a: Side, b: Side): CorpusReport {
  // Temporaries of saves that were killed half-way never count as cases; sweep them away.
  removeOrphanedTemporaries(dir, (name) => name.endsWith('.json'));
  const entries: CorpusEntry[] = [];
  let skipped = 0;
  for (const path of listCaseFiles(dir)) {
    let c: CaseFile;
    try {
      c = loadCaseFile(path);
    } catch (e) {
      entries.push({ path, outcome: 'unloadable', problems: [(e as Error).message] });
      continue;
    }
    if (!sameSide(c.sides.a, 'a', path, a) || !sameSide(c.sides.b, 'b', path, b)) {
      skipped++;
      continue;
    }
    const { ok, problems } = replayCase(c, path);
    entries.push(ok ? { path, outcome: 'ok' } : { path, outcome: 'failed', problems });
  }
  return { dir, entries, skipped };
}
