// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): compiles the TypeScript
// sources into dist/ with tsc (tsconfig.build.json), bundles the command (split: below), then
// records their fingerprint and each one's size and times in dist/SOURCES, so bin/mapcheck.mjs
// can tell a current build from a stale one (bin/sources.mjs).

import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFingerprint, sourceStats } from '../bin/sources.mjs';

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
await bundle();
// Each file's size and times, taken before the hash: a start compares them and hashes only when one differs.
const stats = sourceStats(root, files);
writeFileSync(join(dist, 'SOURCES'), `${JSON.stringify({ files, fingerprint: sourceFingerprint(root, files), stats }, null, 1)}\n`);
console.log('build: dist/ is current');

/**
 * dist/cli/main.bundle.js: the command and every module it imports (dependencies included), bundled,
 * which starts faster than ~100 modules resolved and loaded one by one (`npm run bench`,
 * BENCH_ONLY=startup). The bundle is split where cli/main.ts imports a command's implementation
 * (import() in the command's action): main.bundle.js holds commander and the declarations of the
 * commands (all that `--help` and `--version` need), and each command's code lies in chunks
 * (dist/cli/chunk-*.bundle.js) loaded when it runs; V8 then compiles ~100 KB at start-up instead
 * of the whole 2 MB. The chunks sit beside dist/cli/main.js, so paths made from import.meta.url
 * (package.json, the corpus, the campaign worker dist/properties/campaign-worker.js, which stays
 * unbundled) resolve alike in every chunk. esbuild comes with tsx; without it bin/mapcheck.mjs runs
 * dist/cli/main.js.
 */
async function bundle() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    console.log('build: esbuild is not installed; no bundle (dist/cli/main.js starts a little slower)');
    return;
  }
  await esbuild.build({
    entryPoints: [join(dist, 'cli', 'main.js')],
    outdir: join(dist, 'cli'),
    // main.bundle.js, and its chunks named apart from the modules tsc wrote there (no `.bundle` in theirs)
    entryNames: '[name].bundle',
    chunkNames: '[name]-[hash].bundle',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // tinypool finds its worker entry next to its own module: it stays in node_modules.
    external: ['tsx', 'tsx/*', 'tinypool'],
    // CommonJS dependencies bundled into an ES module still call require() for Node's own modules.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
