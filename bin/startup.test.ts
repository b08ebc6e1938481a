// bin/mapcheck.mjs runs the build in dist/ only while it matches the sources, and says so when it
// falls back to the TypeScript sources (never silently).

import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFingerprint, sourceStats } from './sources.mjs';

const root = join(import.meta.dirname, '..');

describe('bin/mapcheck.mjs start-up', () => {
  it('uses dist/ when its fingerprint matches, and falls back with a note when missing or stale', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapcheck-startup-'));
    try {
      // the checkout as it is, without its build
      cpSync(root, dir, { recursive: true, filter: (src) => !/\/(node_modules|dist|\.git|\.mapcheck|\.scratch)$/.test(src) });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const help = () => spawnSync(process.execPath, [join(dir, 'bin', 'mapcheck.mjs'), '--version'], { encoding: 'utf8', env: { ...process.env, MAPCHECK_SOURCES: '' } });

      const missing = help();
      expect(missing.status).toBe(0);
      expect(missing.stderr).toMatch(/^mapcheck: there is no build in dist\/; running the TypeScript sources through tsx/);

      // a fake build whose entry says where it came from
      const fake = join(dir, 'dist', 'cli');
      mkdirSync(fake, { recursive: true });
      const files = ['lang/program.ts', 'cli/main.ts'];
      writeFileSync(join(dir, 'dist', 'SOURCES'), JSON.stringify({ files, fingerprint: sourceFingerprint(dir, files) }));
      writeFileSync(join(fake, 'main.js'), "export async function main() { process.stdout.write('from dist\\n'); return 0; }\n");
      const current = help();
      expect(current.stderr).toBe('');
      expect(current.stdout).toBe('from dist\n');

      appendFileSync(join(dir, 'lang', 'program.ts'), '\n// edited\n');
      const stale = help();
      expect(stale.status).toBe(0);
      expect(stale.stdout).not.toBe('from dist\n');
      expect(stale.stderr).toMatch(/^mapcheck: the sources changed since dist\/ was built; running the TypeScript sources through tsx/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('trusts recorded sizes and times without hashing, hashes when they differ, and sees a same-size edit under a restored mtime', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapcheck-stamp-'));
    try {
      // a root with bin/, two sources, a fake bundle and a fake TypeScript entry (each says where it came from)
      cpSync(join(root, 'bin'), join(dir, 'bin'), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      mkdirSync(join(dir, 'lang'));
      mkdirSync(join(dir, 'cli'));
      mkdirSync(join(dir, 'dist', 'cli'), { recursive: true });
      writeFileSync(join(dir, 'lang', 'a.ts'), 'export const a = 1;\n');
      writeFileSync(join(dir, 'cli', 'main.ts'), "export async function main(): Promise<number> { process.stdout.write('from sources\\n'); return 0; }\n");
      writeFileSync(join(dir, 'dist', 'cli', 'main.bundle.js'), "export async function main() { process.stdout.write('from dist\\n'); return 0; }\n");
      const files = ['cli/main.ts', 'lang/a.ts'];
      const stamp = (s: object) => writeFileSync(join(dir, 'dist', 'SOURCES'), JSON.stringify({ files, ...s }));
      const start = () => spawnSync(process.execPath, [join(dir, 'bin', 'mapcheck.mjs'), '--version'], { encoding: 'utf8', env: { ...process.env, MAPCHECK_SOURCES: '', MAPCHECK_BUNDLE: '' } });
      const fromDist = { status: 0, stdout: 'from dist\n', stderr: '' };
      const pick = (r: ReturnType<typeof start>) => ({ status: r.status, stdout: r.stdout, stderr: r.stderr });

      const fingerprint = sourceFingerprint(dir, files);
      stamp({ fingerprint, stats: sourceStats(dir, files) });
      expect(pick(start())).toEqual(fromDist);
      // the recorded sizes and times decide alone: a wrong fingerprint is never looked at
      stamp({ fingerprint: 'not looked at', stats: sourceStats(dir, files) });
      expect(pick(start())).toEqual(fromDist);

      // a touch changes the times, not the content: the hash decides, and it matches
      stamp({ fingerprint, stats: sourceStats(dir, files) });
      const a = join(dir, 'lang', 'a.ts');
      const before = statSync(a);
      utimesSync(a, new Date(before.mtimeMs + 5000), new Date(before.mtimeMs + 5000));
      expect(pick(start())).toEqual(fromDist);

      // an edit of the same size with the old mtime put back: the ctime still moved, so the hash decides, and it differs
      stamp({ fingerprint, stats: sourceStats(dir, files) });
      const recorded = statSync(a);
      writeFileSync(a, readFileSync(a, 'utf8').replace('1', '2'));
      utimesSync(a, recorded.atime, recorded.mtime);
      expect(statSync(a).size).toBe(recorded.size);
      expect(statSync(a).mtimeMs).toBe(recorded.mtimeMs);
      const stale = start();
      expect(stale.stdout).toBe('from sources\n');
      expect(stale.stderr).toMatch(/^mapcheck: the sources changed since dist\/ was built; running the TypeScript sources through tsx/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
