#!/usr/bin/env node
// Entry point of the `mapcheck` command. Runs the compiled JavaScript in dist/ (`npm run build`,
// run by `npm ci` through `prepare`) when it was built from the sources as they are now; otherwise
// (no build yet, or a source changed since) it runs the TypeScript sources through tsx and says so
// on stderr, once, with how to get the fast start back. MAPCHECK_SOURCES=1 asks for the sources
// without the note (development, tests).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantSources = process.env.MAPCHECK_SOURCES === '1';
let main;
if (!wantSources) {
  const { readBuildStamp, sourcesMatch } = await import('./sources.mjs');
  const stamp = readBuildStamp(root);
  let why = null;
  if (stamp === null) why = 'there is no build in dist/';
  // sizes and times first, the content hash only when they differ (bin/sources.mjs)
  else if (!sourcesMatch(root, stamp)) why = 'the sources changed since dist/ was built';
  // the bundled build when `npm run build` could bundle it (scripts/build.mjs: an entry chunk, each
  // command's code in chunks loaded when it runs); MAPCHECK_BUNDLE=0: tsc's modules one by one
  const bundled = process.env.MAPCHECK_BUNDLE !== '0' && existsSync(join(root, 'dist', 'cli', 'main.bundle.js'));
  if (why === null) ({ main } = await import(bundled ? '../dist/cli/main.bundle.js' : '../dist/cli/main.js'));
  else process.stderr.write(`mapcheck: ${why}; running the TypeScript sources through tsx (slower start; \`npm run build\` fixes it)\n`);
}
if (main === undefined) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
