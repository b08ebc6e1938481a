// The fingerprint of the TypeScript sources `npm run build` compiled into dist/: a hash of each
// source file's path and content. The build stores the list of sources (every module reachable
// from the entry points of tsconfig.build.json) and their fingerprint in dist/SOURCES;
// bin/mapcheck.mjs runs dist/ only while those files still have that fingerprint. A new module can
// only be reached through an edit of a listed one, so the list itself never needs refreshing.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Fingerprint of `files` (paths relative to `root`), or null when one of them is gone. */
export function sourceFingerprint(root, files) {
  const hash = createHash('sha256');
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

/** dist/SOURCES of the build under `root`: { files, fingerprint }, or null when there is none. */
export function readBuildStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, 'dist', 'SOURCES'), 'utf8'));
  } catch {
    return null;
  }
}
