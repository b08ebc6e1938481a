// The fingerprint of the TypeScript sources `npm run build` compiled into dist/: a hash of each
// source file's path and content. The build stores the list of sources (every module reachable
// from the entry points of tsconfig.build.json), their fingerprint and each one's size and times in
// dist/SOURCES; bin/mapcheck.mjs runs dist/ only while those files still have that fingerprint. A
// new module can only be reached through an edit of a listed one, so the list itself never needs
// refreshing.
//
// Checking the fingerprint reads and hashes every source (~1.5 MB: 10 ms on an idle core, more
// with node:crypto's loading), so a start first compares the recorded size, mtime and ctime of
// each file, which a write to it always changes (ctime cannot be set back by any tool that copies
// or restores times), and hashes only when one of them differs (a checkout, a copy, a `touch`:
// the content may still be the same).

import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Fingerprint of `files` (paths relative to `root`), or null when one of them is gone. */
export function sourceFingerprint(root, files) {
  // node:crypto loads only when a hash is needed (it costs a start-up several ms)
  const hash = createRequire(import.meta.url)('node:crypto').createHash('sha256');
  for (const f of files) {
    let content;
    try {
      content = readFileSync(join(root, f));
    } catch {
      return null;
    }
    hash.update(`${f}\0`);
    hash.update(content);
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** [size, mtimeMs, ctimeMs] of each of `files` (paths relative to `root`), or null when one of them is gone. */
export function sourceStats(root, files) {
  const stats = [];
  for (const f of files) {
    const s = statSync(join(root, f), { throwIfNoEntry: false });
    if (s === undefined) return null;
    stats.push([s.size, s.mtimeMs, s.ctimeMs]);
  }
  return stats;
}

/**
 * Whether the sources under `root` are those the build of `stamp` compiled: every file's size,
 * mtime and ctime as recorded (no file read), or else the same fingerprint.
 */
export function sourcesMatch(root, stamp) {
  const recorded = stamp.stats;
  if (Array.isArray(recorded) && recorded.length === stamp.files.length) {
    const now = sourceStats(root, stamp.files);
    if (now !== null && now.every((s, i) => Array.isArray(recorded[i]) && s.every((v, j) => v === recorded[i][j]))) return true;
  }
  return sourceFingerprint(root, stamp.files) === stamp.fingerprint;
}

/** dist/SOURCES of the build under `root`: { files, fingerprint, stats? }, or null when there is none. */
export function readBuildStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, 'dist', 'SOURCES'), 'utf8'));
  } catch {
    return null;
  }
}
