import { fsyncSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { InputError, validateProgram } from '../lang/validate.js';
import type { Observation } from '../lang/observation.js';
import { loadProfile } from '../profiles/index.js';
import type { Side } from '../properties/compare.js';
import { buildCase, caseHash, loadCaseFile, prepareCaseDir, replayCase, saveCase, writeFileAtomic, type CaseFile } from './case.js';

// fsyncSync as usual, unless a test makes one call fail: a write that fails before the rename.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  return { ...fs, fsyncSync: vi.fn(fs.fsyncSync) };
});

const here = dirname(fileURLToPath(import.meta.url));
const reattach = loadCaseFile(join(here, 'cases', 'seed-000-reattach-after-reassociation.json'));
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-case-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const side = (engine: Side['engine'], profile: string): Side => ({ engine, profile: loadProfile(profile) });
const found = { by: 'case.test.ts', seed: null, date: '2026-12-02' };

describe('buildCase', () => {
  test('records model observations, the divergence, the rules that fired and a descriptive title', () => {
    const c = buildCase({
      program: reattach.program,
      a: side('model', 'spec'),
      b: side('model', 'cray-19'),
      compare: 'observations',
      status: 'known-divergence',
      found,
    });
    expect(c.expected).toEqual(reattach.expected);
    expect(c.divergence).toEqual({ step: 6, kind: 'observation' });
    expect(c.title).toBe('step 6 !$acc parallel present(c) { read c%p }: model:spec read [10*2], model:cray-19 read [10*1]');
    expect(c.cause).toContain('K-A4');
    expect(c.spec.length).toBe(new Set(c.spec).size);
    expect(replayCase(c)).toEqual({ ok: true, problems: [] });
  });

  test('impl against model under one profile: no divergence, so a fixed case replays green', () => {
    const c = buildCase({ program: reattach.program, a: side('model', 'spec'), b: side('impl', 'spec'), compare: 'state', status: 'fixed', found });
    expect(c.divergence).toBeNull();
    expect(replayCase(c)).toEqual({ ok: true, problems: [] });
  });
});

describe('replayCase compares observations up to a renaming of device blocks', () => {
  const checked = validateProgram({
    world: { arrays: [{ name: 'a', length: 8 }], structs: [] },
    steps: [
      { op: 'omp_target_alloc', bytes: 16, device: 0, result: 'h' },
      { op: 'omp_target_alloc', bytes: 16, device: 0, result: 'g' },
    ],
  });
  if (!checked.ok) throw new Error(checked.message);
  const c = buildCase({ program: checked.program, a: side('model', 'spec'), b: side('impl', 'spec'), compare: 'state', status: 'fixed', found });
  const blocks = (...ns: number[]): Observation[] => ns.map((block) => ({ kind: 'value', value: { block, offset: 0 } }));

  test('the model numbers the two allocations 1 and 2', () => {
    expect(c.expected.a).toEqual(blocks(1, 2));
  });

  test('recorded as blocks 7 and 3: the same allocations, renamed', () => {
    expect(replayCase({ ...c, expected: { a: blocks(7, 3), b: blocks(7, 3) } })).toEqual({ ok: true, problems: [] });
  });

  test('recorded as one block twice: not a renaming', () => {
    const r = replayCase({ ...c, expected: { a: blocks(5, 5), b: c.expected.b } });
    expect(r.problems).toEqual([expect.stringMatching(/^model:spec \(side a\): step 2 /), expect.stringMatching(/^impl:spec \(side a\): step 2 /)]);
  });
});

describe('replayCase goes red', () => {
  test('when a known divergence starts agreeing', () => {
    const c: CaseFile = { ...reattach, sides: { a: reattach.sides.a, b: { engine: 'model', profile: 'nvfortran-25.3' } }, expected: { a: reattach.expected.a, b: reattach.expected.a } };
    const r = replayCase(c);
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.stringContaining('now agree')]);
  });

  test('when a fixed case still diverges', () => {
    const r = replayCase({ ...reattach, status: 'fixed' });
    expect(r.ok).toBe(false);
    expect(r.problems).toEqual([expect.stringMatching(/still diverge at step 6/)]);
  });

  test('when an engine no longer produces the expected observation', () => {
    const wrong = reattach.expected.b.map((o, i) => (i === 5 ? { kind: 'read' as const, values: Array(10).fill(3) } : o));
    const r = replayCase({ ...reattach, expected: { a: reattach.expected.a, b: wrong } });
    expect(r.problems).toHaveLength(2);
    expect(r.problems[0]).toMatch(/^model:cray-19 \(side b\): step 6 .*expected read \[10\*3\], got read \[10\*1\]$/);
    expect(r.problems[1]).toMatch(/^impl:cray-19 \(side b\)/);
  });

  test('when a profile cannot be resolved', () => {
    const r = replayCase({ ...reattach, sides: { a: reattach.sides.a, b: { engine: 'model', profile: 'pgi-1' } } });
    expect(r.ok).toBe(false);
    expect(r.problems[0]).toContain('side b: the case: field sides.b.profile: "pgi-1" is not a built-in profile');
  });
});

describe('saveCase', () => {
  test('writes <slug>-<hash>.json atomically and only once per program, sides and comparison', () => {
    const dir = join(scratch, 'save');
    const path = saveCase(dir, reattach);
    expect(basename(path)).toBe(`model-spec-vs-model-cray-19-acc-parallel-${caseHash(reattach)}.json`);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(reattach);
    expect(saveCase(dir, { ...reattach, title: 'same case, other words' })).toBe(path);
    expect(readdirSync(dir)).toEqual([basename(path)]);
    const other = saveCase(dir, { ...reattach, compare: 'state' });
    expect(other).not.toBe(path);
    expect(readdirSync(dir).sort()).toEqual([basename(path), basename(other)].sort());
  });

  test('recognises a saved twin under another name by its content', () => {
    const dir = join(scratch, 'renamed');
    const path = saveCase(dir, reattach);
    const renamed = join(dir, 'seed.json');
    writeFileSync(renamed, readFileSync(path));
    rmSync(path);
    expect(saveCase(dir, reattach)).toBe(renamed);
  });
});

describe('writeFileAtomic', () => {
  const fsync = vi.mocked(fsyncSync);

  test('a write that fails before the rename leaves neither the case nor a temporary file', () => {
    const dir = join(scratch, 'failed-write');
    mkdirSync(dir);
    fsync.mockImplementationOnce(() => {
      throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' });
    });
    expect(() => saveCase(dir, reattach)).toThrow(/EIO/);
    expect(readdirSync(dir)).toEqual([]);
    // The next save goes through.
    const path = saveCase(dir, reattach);
    expect(readdirSync(dir)).toEqual([basename(path)]);
  });

  test('a rename that fails removes the temporary file', () => {
    const dir = join(scratch, 'failed-rename');
    // The target is a directory that is not empty: the rename onto it fails.
    mkdirSync(join(dir, 'x.json', 'inside'), { recursive: true });
    expect(() => writeFileAtomic(join(dir, 'x.json'), '{}\n')).toThrow();
    expect(readdirSync(dir)).toEqual(['x.json']);
  });

  test("removes the temporaries that killed writes of the same file left, and only those", () => {
    const dir = join(scratch, 'orphans');
    mkdirSync(dir);
    // No process has this id (Linux pids stay below 2^22).
    const gone = 99_999_999;
    writeFileSync(join(dir, `README.md.tmp-${gone}-0badcafe`), 'half');
    writeFileSync(join(dir, `other.json.tmp-${gone}-0badcafe`), 'half');
    writeFileSync(join(dir, `README.md.tmp-${process.pid}-0badcafe`), 'a write in progress');
    writeFileAtomic(join(dir, 'README.md'), 'text\n');
    expect(readdirSync(dir).sort()).toEqual(['README.md', `README.md.tmp-${process.pid}-0badcafe`, `other.json.tmp-${gone}-0badcafe`].sort());
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toBe('text\n');
  });
});

describe('prepareCaseDir', () => {
  test('creates a missing directory, and refuses a file with an InputError naming it', () => {
    const dir = join(scratch, 'made', 'here');
    prepareCaseDir(dir);
    expect(readdirSync(dir)).toEqual([]);
    const file = join(scratch, 'a-file');
    writeFileSync(file, '');
    for (const path of [file, join(file, 'below')]) {
      expect(() => prepareCaseDir(path)).toThrow(InputError);
      expect(() => prepareCaseDir(path)).toThrow(`${path}: cannot save cases there (it or a parent is not a directory)`);
    }
  });
});

describe('loadCaseFile', () => {
  const write = (name: string, value: unknown) => {
    const path = join(scratch, name);
    writeFileSync(path, JSON.stringify(value));
    return path;
  };
  const errorOf = (path: string) => {
    try {
      loadCaseFile(path);
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      return (e as Error).message;
    }
    throw new Error('expected an InputError');
  };

  test.each([
    ['status', { ...reattach, status: 'wontfix' }, /: field status: /],
    ['an observation', { ...reattach, expected: { a: reattach.expected.a, b: [{ kind: 'raed' }] } }, /: field expected\.b\[0\]\.kind: /],
    ['the expected length', { ...reattach, expected: { a: reattach.expected.a, b: [] } }, /: field expected\.b: has 0 observations for 6 steps$/],
    ['a program step', { ...reattach, program: { ...reattach.program, steps: [{ op: 'acc_attach', ptr: 'a' }] } }, /: step 1 \(acc_attach\): field ptr: /],
    ['an unknown field', { ...reattach, notes: 'x' }, /: field notes: unknown field 'notes'$/],
  ])('names the file and the field: %s', (name, value, pattern) => {
    const path = write(`bad-${name.replace(/\W+/g, '-')}.json`, value);
    const message = errorOf(path);
    expect(message.startsWith(`${path}: `)).toBe(true);
    expect(message).toMatch(pattern);
  });
});
