// bin/mapcheck.mjs runs the build in dist/ only while it matches the sources, and says so when it
// falls back to the TypeScript sources (never silently).

import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFingerprint } from './sources.mjs';

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
});
