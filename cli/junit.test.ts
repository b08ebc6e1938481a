import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { cli } from './test-support.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-junit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The attributes of the first element named `tag`. */
function attrs(text: string, tag: string): Record<string, string> {
  const m = new RegExp(`<${tag} ([^>]*)>`).exec(text);
  return Object.fromEntries([...(m?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1]!, x[2]!]));
}

describe('--junit FILE', () => {
  test('fuzz without a find: two passing tests', async () => {
    const file = join(scratch, 'clean.xml');
    const { code } = await cli('fuzz', '--runs', '5', '--seed', '1', '--no-coverage', '--out', join(scratch, 'c1'), '--junit', file);
    expect(code).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(attrs(text, 'testsuite')).toMatchObject({ name: 'mapcheck fuzz model:spec vs impl:spec', tests: '2', failures: '0' });
    expect(text).toContain('<property name="seed" value="1"/>');
    expect(text).not.toContain('<failure');
  });

  test('fuzz with a find: the campaign test fails with the program and the reproduce command; --json still prints', async () => {
    const file = join(scratch, 'find.xml');
    const { code, out } = await cli('fuzz', '--against', 'libgomp', '--runs', '1', '--seed', '1', '--no-coverage', '--out', join(scratch, 'c2'), '--junit', file, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out).found).not.toBeNull();
    const text = readFileSync(file, 'utf8');
    expect(attrs(text, 'testsuite')).toMatchObject({ tests: '2', failures: '1' });
    expect(text).toMatch(/<failure message="observation differs at step \d+: [^"]+" type="divergence">[^<]*&gt;&gt; \d+ [^<]*\nsaved: [^<]*\nreproduce: npx mapcheck fuzz [^<]*<\/failure>/);
  });

  test('diff: a failure per counted class, a test per knob', async () => {
    const file = join(scratch, 'diff.xml');
    const { code } = await cli('diff', 'spec', 'cray-19', '--seed', '1', '--runs', '3', '--api', 'openmp', '--out', join(scratch, 'd'), '--junit', file);
    expect(code).toBe(0);
    const text = readFileSync(file, 'utf8');
    // OpenMP programs only: neither OpenACC knob is reached; K-A4 is covered by a saved case, K-A9 too.
    expect(attrs(text, 'testsuite')).toMatchObject({ name: 'mapcheck diff spec vs cray-19', tests: '2', failures: '0' });
    expect(text).toMatch(/<testcase [^>]*name="knob K-A4 [^"]*compare-target → counter-only"[^>]*>\n\s*<system-out>covered by saved cases: [^<]*seed-000-reattach-after-reassociation\.json/);
  });

  test('a report that cannot be written is bad input before the campaign', async () => {
    const { code, out, err } = await cli('fuzz', '--runs', '1', '--junit', join(scratch, 'no', 'such', 'dir', 'r.xml'));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/^error: --junit .*r\.xml: cannot write the report there \(ENOENT\)\n$/);
  });
});
