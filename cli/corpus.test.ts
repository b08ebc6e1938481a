// Where campaigns keep what they find: an untracked per-run folder unless --out says otherwise, the
// tracked corpus only through `mapcheck promote`, and `diff` saving only the classes it counts.

import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest';
import { cli } from './test-support.js';
import { listCaseFiles, loadCaseFile } from '../counterexamples/case.js';
import { CORPUS_DIR } from '../counterexamples/store.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-corpus-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpusBefore = listCaseFiles(CORPUS_DIR);

// Each test runs in its own empty working directory, as a user's checkout would be.
let cwd: string;
let home: string;
beforeEach((ctx) => {
  home = process.cwd();
  cwd = join(scratch, ctx.task.name.replace(/[^a-z0-9]+/gi, '-'));
  rmSync(cwd, { recursive: true, force: true });
  process.chdir(mkdtempSync(`${cwd}-`));
  cwd = process.cwd();
});
afterEach(() => {
  process.chdir(home);
  // Nothing any test here does reaches the tracked corpus.
  expect(listCaseFiles(CORPUS_DIR)).toEqual(corpusBefore);
});

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

test('.mapcheck/ is git-ignored', () => {
  expect(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')).toContain('.mapcheck/');
});

describe('fuzz without --out', () => {
  test('saves the find in .mapcheck/runs/<time>-<seed>/ and says how to promote it', async () => {
    const { code, out } = await cli('fuzz', '--against', 'libgomp', '--runs', '1', '--seed', '4', '--no-coverage');
    expect(code).toBe(1);
    const files = filesBelow(cwd);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\.mapcheck\/runs\/\d{8}-\d{6}-4\/[a-z0-9-]+-[0-9a-f]{12}\.json$/);
    expect(out).toContain(`saved: ${files[0]} (status known-divergence`);
    expect(out).toContain(`npx mapcheck promote ${files[0]} --name NAME --title TITLE`);

    // A second run finds the same program: kept already, not saved again (its run folder stays absent).
    const again = await cli('fuzz', '--against', 'libgomp', '--runs', '1', '--seed', '4', '--no-coverage', '--out', dirname(files[0]!));
    expect(again.code).toBe(1);
    expect(again.out).toContain(`already kept: ${files[0]} (same program and sides; not saved again)`);
    expect(filesBelow(cwd)).toEqual(files);

    // Promoted into a corpus of our own: gone from the run folder, named and titled in the corpus.
    const corpus = join(cwd, 'corpus');
    const promoted = await cli('promote', files[0]!, '--name', 'libgomp-first-find', '--title', 'what libgomp does first', '--to', corpus);
    expect(promoted).toEqual({ code: 0, out: `promoted: ${files[0]} -> corpus/libgomp-first-find.json\n`, err: '' });
    expect(filesBelow(cwd)).toEqual(['corpus/libgomp-first-find.json']);
    expect(loadCaseFile(join(corpus, 'libgomp-first-find.json')).title).toBe('what libgomp does first');
  });

  test('a run that finds nothing leaves no files', async () => {
    const { code } = await cli('fuzz', '--runs', '5', '--seed', '9', '--no-coverage');
    expect(code).toBe(0);
    expect(filesBelow(cwd)).toEqual([]);
  });
});

describe('promote: bad input is one line, exit 2', () => {
  test.each([
    [['promote', 'nope.json', '--name', 'x'], /^error: nope\.json: cannot read file \(ENOENT\)$/],
    [['promote', join(CORPUS_DIR, 'seed-000-detach-never-attached.json')], /required option '--name <name>' not specified/],
    [['promote', join(CORPUS_DIR, 'seed-000-detach-never-attached.json'), '--name', 'Bad Name'], /--name Bad Name: expected lower-case/],
  ])('%j', async (argv, pattern) => {
    const { code, err } = await cli(...argv);
    expect(code).toBe(2);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err.trimEnd()).toMatch(pattern);
  });
});

describe('diff saves what it counts', () => {
  // spec vs cray-19 at this budget: one observation class (K-A4) and several masked K-A9 classes.
  // The seed is one whose 300 programs (in chunks of 32) happen to reach an observable K-A4 difference (about one
  // seed in ten does); a change to the generator's mix may need another.
  const argv = ['diff', 'spec', 'cray-19', '--seed', '58', '--runs', '300'];

  test('without --save-all: one case per counted class, in the run folder', async () => {
    const { code, out } = await cli(...argv);
    expect(code).toBe(1);
    const files = filesBelow(cwd);
    const counted = (out.match(/^ {2}#\d+ /gm) ?? []).length;
    expect(counted).toBeGreaterThan(0);
    expect(out).toMatch(/^ {2}M\d+ /m);
    expect(files).toHaveLength(counted);
    for (const f of files) expect(f).toMatch(/^\.mapcheck\/runs\/\d{8}-\d{6}-58\//);
    expect(out).toContain('not saved: the comparison does not count this class (--save-all saves it)');
  });

  test('--save-all saves the masked classes too, each program once', async () => {
    const { code, out } = await cli(...argv, '--save-all', '--out', 'all');
    expect(code).toBe(1);
    const files = filesBelow(join(cwd, 'all'));
    const classes = (out.match(/^ {2}[#MSU]\d+ /gm) ?? []).length;
    const programs = new Set(files.map((f) => JSON.stringify(loadCaseFile(join(cwd, 'all', f)).program)));
    expect(programs.size).toBe(files.length);
    expect(files.length).toBeGreaterThan((out.match(/^ {2}#\d+ /gm) ?? []).length);
    expect(files.length).toBeLessThanOrEqual(classes);
    expect(existsSync(join(cwd, '.mapcheck'))).toBe(false);
  });
});
