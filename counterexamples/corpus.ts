// The corpus: the saved cases of one directory, replayed before a campaign generates anything new
// (like Hypothesis' example database). Only cases whose two sides are the campaign's sides are
// replayed; each one is re-checked with replayCase, so a `fixed` case that still diverges, a
// `known-divergence` case that now agrees or diverges elsewhere, and a file that no longer loads are
// all reported, each on its own, without stopping the others.

import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadProfile } from '../profiles/index.js';
import type { Side } from '../properties/compare.js';
import { listCaseFiles, loadCaseFile, replayCase, type CaseFile, type SideRef } from './case.js';

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
function sameSide(saved: SideRef, side: Side): boolean {
  if (saved.engine !== side.engine) return false;
  try {
    const profile = loadProfile(saved.profile);
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
  removeOrphanedTemporaries(dir);
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
    if (!sameSide(c.sides.a, a) || !sameSide(c.sides.b, b)) {
      skipped++;
      continue;
    }
    const { ok, problems } = replayCase(c);
    entries.push(ok ? { path, outcome: 'ok' } : { path, outcome: 'failed', problems });
  }
  return { dir, entries, skipped };
}

/** saveCase's temporary files: `<name>.json.tmp-<pid>-<random hex>`. */
const TEMPORARY = /\.json\.tmp-(\d+)-[0-9a-f]+$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes the temporary files of saves that were killed half-way (their writer is gone). They never
 * count as cases (only `*.json` does); this only keeps the directory tidy. Returns the removed paths.
 */
export function removeOrphanedTemporaries(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const m = TEMPORARY.exec(name);
    if (!m || processAlive(Number(m[1]))) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(join(dir, name));
  }
  return removed;
}
