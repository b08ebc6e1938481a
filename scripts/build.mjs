// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): compiles the TypeScript
// sources into dist/ with tsc (tsconfig.build.json), then records their fingerprint in
// dist/SOURCES, so bin/mapcheck.mjs can tell a current build from a stale one.

import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint } from '../bin/sources.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies (a user's `npm install` of the package): the shipped
  // dist/ (built by `npm pack`) is used as it is.
  console.log(existsSync(join(dist, 'SOURCES')) ? 'build: typescript is not installed; keeping the shipped dist/' : 'build: typescript is not installed; mapcheck will run its TypeScript sources through tsx');
  process.exit(0);
}
rmSync(dist, { recursive: true, force: true });
const listing = execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--listEmittedFiles'], { encoding: 'utf8', cwd: root });
// `TSFILE: <root>/dist/a/b.js` for every module compiled from <root>/a/b.ts
const files = listing
  .split('\n')
  .filter((l) => l.startsWith('TSFILE: '))
  .map((l) => relative(dist, l.slice('TSFILE: '.length).trim()).replace(/\.js$/, '.ts'))
  .sort();
if (files.length === 0) throw new Error('build: tsc compiled nothing');
writeFileSync(join(dist, 'SOURCES'), `${JSON.stringify({ files, fingerprint: sourceFingerprint(root, files) }, null, 1)}\n`);
console.log('build: dist/ is current');
