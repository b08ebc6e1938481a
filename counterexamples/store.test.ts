import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import type { Side } from '../properties/compare.js';
import { buildCase, loadCaseFile, type CaseFile } from './case.js';
import { CORPUS_DIR, findSameFind, promoteCase, runDir, saveFind } from './store.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-store-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const reattach = loadCaseFile(join(CORPUS_DIR, 'seed-000-reattach-after-reassociation.json'));
const side = (profile: string): Side => ({ engine: 'model', profile: loadProfile(profile) });
const found = { by: 'store.test.ts', seed: 5, date: '2026-12-03' };

/** The seed program with one more host write: a program the corpus does not hold. */
function freshCase(compare: CaseFile['compare'] = 'observations', value = 7): CaseFile {
  const program = { ...reattach.program, steps: [{ op: 'host_write' as const, var: 'a', value }, ...reattach.program.steps] };
  return buildCase({ program, a: side('spec'), b: side('cray-19'), compare, status: 'known-divergence', found });
}

describe('run folders', () => {
  test('named by UTC time and seed, unique, and not created until something is saved', () => {
    const base = join(scratch, 'runs');
    const now = new Date('2026-12-03T02:46:39.123Z');
    const first = runDir(42, now, base);
    expect(first).toBe(join(base, '20261203-024639-42'));
    expect(existsSync(first)).toBe(false);
    mkdirSync(first, { recursive: true });
    expect(runDir(42, now, base)).toBe(`${first}-2`);
  });
});

describe('saveFind', () => {
  test('a program already in the corpus for the same sides is not saved again', () => {
    const dir = join(scratch, 'run-a');
    const c = buildCase({ program: reattach.program, a: side('spec'), b: side('cray-19'), compare: 'observations', status: 'known-divergence', found });
    expect(saveFind(dir, c)).toEqual({ path: join(CORPUS_DIR, 'seed-000-reattach-after-reassociation.json'), fresh: false });
    expect(existsSync(dir)).toBe(false);
  });

  test('the same program for the same sides is saved once, whatever the comparison', () => {
    const dir = join(scratch, 'run-b');
    const first = saveFind(dir, freshCase('observations'));
    expect(first.fresh).toBe(true);
    expect(saveFind(dir, freshCase('state'))).toEqual({ path: first.path, fresh: false });
    expect(readdirSync(dir)).toHaveLength(1);
    // Another program is another find.
    expect(saveFind(dir, freshCase('observations', 8)).fresh).toBe(true);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  test('the same program for other sides is another find', () => {
    const dir = join(scratch, 'run-c');
    const c = buildCase({ program: reattach.program, a: side('spec'), b: side('nvfortran-25.3'), compare: 'state', status: 'fixed', found });
    expect(findSameFind([CORPUS_DIR], c)).toBeNull();
    expect(saveFind(dir, c).fresh).toBe(true);
  });
});

describe('promoteCase', () => {
  const setUp = (name: string) => {
    const run = join(scratch, `promote-${name}`, 'run');
    const corpus = join(scratch, `promote-${name}`, 'corpus');
    const { path } = saveFind(run, freshCase(), [corpus]);
    return { path, corpus };
  };

  test('moves the case into the corpus under its name, with the new title; the replay still holds', () => {
    const { path, corpus } = setUp('ok');
    const target = promoteCase(path, { name: 'reattach-after-host-write', title: 'Cray skips the re-attach after a host write', to: corpus });
    expect(target).toBe(join(corpus, 'reattach-after-host-write.json'));
    expect(existsSync(path)).toBe(false);
    const promoted = loadCaseFile(target);
    expect(promoted.title).toBe('Cray skips the re-attach after a host write');
    expect(promoted.program).toEqual(freshCase().program);
    expect(readdirSync(corpus)).toEqual(['reattach-after-host-write.json']);
  });

  test('keeps its title without --title', () => {
    const { path, corpus } = setUp('title');
    const before = loadCaseFile(path).title;
    expect(loadCaseFile(promoteCase(path, { name: 'kept-title', to: corpus })).title).toBe(before);
  });

  test.each([
    ['a name that is not a slug', 'Re Attach', /--name Re Attach: expected lower-case letters, digits and single dashes/],
    ['a name with a path', '../x', /expected lower-case letters/],
  ])('refuses %s; nothing moves', (_what, name, message) => {
    const { path, corpus } = setUp(`bad-${name.length}`);
    expect(() => promoteCase(path, { name, to: corpus })).toThrow(message);
    expect(existsSync(path)).toBe(true);
  });

  test('refuses a taken name and a program the corpus already holds; the source stays', () => {
    const { path, corpus } = setUp('twice');
    mkdirSync(corpus, { recursive: true });
    writeFileSync(join(corpus, 'taken.json'), '{}');
    expect(() => promoteCase(path, { name: 'taken', to: corpus })).toThrow(/taken\.json: a case of that name already exists/);
    const copy = join(scratch, 'promote-twice', 'copy.json');
    writeFileSync(copy, readFileSync(path));
    promoteCase(path, { name: 'first', to: corpus });
    expect(() => promoteCase(copy, { name: 'second', to: corpus })).toThrow(/the corpus already holds this program for the same sides: .*first\.json/);
    expect(existsSync(copy)).toBe(true);
  });

  test('refuses a file that is not a case', () => {
    const bad = join(scratch, 'not-a-case.json');
    writeFileSync(bad, '{"format": "mapcheck-case/1"}');
    expect(() => promoteCase(bad, { name: 'x', to: join(scratch, 'never') })).toThrow(/not-a-case\.json: field/);
    expect(existsSync(join(scratch, 'never'))).toBe(false);
  });
});
