// The TypeScript sources that `npm run build` compiles into dist/ (tsconfig.build.json), and their
// fingerprint: a hash of every source file's path and content. The build stores the fingerprint in
// dist/SOURCES; bin/mapcheck.mjs runs dist/ only while the sources still have that fingerprint.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SOURCE_DIRS = ['api', 'cli', 'counterexamples', 'impl', 'lang', 'model', 'profiles', 'properties'];

/** Fingerprint of the sources under `root` (the package folder). */
export function sourceFingerprint(root) {
  const hash = createHash('sha256');
  for (const dir of SOURCE_DIRS) {
    let files;
    try {
      files = readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const f of files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).sort()) {
      hash.update(`${dir}/${f}\0`);
      hash.update(readFileSync(join(root, dir, f)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}
