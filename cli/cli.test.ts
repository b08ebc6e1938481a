import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { DETACH, REATTACH, cli } from './test-support.js';
import { loadCaseFile, saveCase } from '../counterexamples/case.js';

// saveCase as usual, unless a test makes one save fail.
vi.mock('../counterexamples/case.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../counterexamples/case.js')>();
  return { ...actual, saveCase: vi.fn(actual.saveCase) };
});

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


function scratchFile(name: string, content: string): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

/** The observation column of the last row (the kernel read through c%p in both seed programs). */
function lastObservation(out: string): string {
  const lines = out.trimEnd().split('\n');
  return lines.at(-1)!.split(/\s{2,}/).at(-1)!;
}

describe('mapcheck run', () => {
  test.each([
    [REATTACH, 'spec', 'read [10*2]'],
    [REATTACH, 'cray-19', 'read [10*1]'],
    [REATTACH, 'nvfortran-25.3', 'read [10*2]'],
    [DETACH, 'spec', 'read [10*1]'],
    [DETACH, 'cray-19', 'read [10*1]'],
    [DETACH, 'nvfortran-25.3', 'read [10*1]'],
  ])('%s under %s', async (file, profile, read) => {
    const { code, out, err } = await cli('run', file, '--profile', profile);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(lastObservation(out)).toBe(read);
    expect(out).toContain('!$acc parallel present(c) { read c%p }');
  });

  test('the impl engine agrees on the seed under spec', async () => {
    const { code, out } = await cli('run', REATTACH, '--engine', 'impl');
    expect(code).toBe(0);
    expect(lastObservation(out)).toBe('read [10*2]');
  });

  test('--state shows the attachment counter going to -1 under cray-19', async () => {
    const { code, out } = await cli('run', DETACH, '--profile', 'cray-19', '--state');
    expect(code).toBe(0);
    const afterDetach = out.split('\n').findIndex((l) => l.includes('!$acc exit data detach(c%p)'));
    expect(out.split('\n')[afterDetach + 2]).toMatch(/attach\s+c%p @0x[0-9a-f]+\s+ac -1/);
    expect(out).toMatch(/section 0x[0-9a-f]+-0x[0-9a-f]+ c\s+dev#1\s+SRC 0\s+DRC 1/);
  });

  test('--json prints one entry per step', async () => {
    const { code, out } = await cli('run', REATTACH, '--json', '--state', '--profile', 'cray-19');
    expect(code).toBe(0);
    const parsed = JSON.parse(out);
    const steps = loadCaseFile(REATTACH).program.steps;
    expect(parsed).toMatchObject({ profile: 'cray-19', engine: 'model' });
    expect(parsed.steps).toHaveLength(steps.length);
    expect(parsed.steps[0]).toMatchObject({ step: 1, op: 'pointer_assign', observation: { kind: 'ok' } });
    expect(parsed.steps.at(-1).observation).toEqual({ kind: 'read', values: Array(10).fill(1) });
    expect(parsed.steps.at(-1).snapshot.sections.length).toBeGreaterThan(0);
  });

  test('an error observation is still exit 0', async () => {
    const file = scratchFile(
      'present-absent.json',
      JSON.stringify({
        world: { arrays: [{ name: 'a', length: 4 }], structs: [] },
        steps: [{ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { read: 'a' } }, { op: 'host_read', var: 'a' }],
      }),
    );
    const { code, out } = await cli('run', file);
    expect(code).toBe(0);
    expect(out).toContain('error acc_error_not_present');
    expect(lastObservation(out)).toBe('halted');
  });
});

describe('bad input exits 2 with one line naming file, step and field', () => {
  test.each([
    ['not JSON', '{ "world": [', /: not valid JSON: /],
    [
      'an undeclared variable',
      JSON.stringify({ world: { arrays: [], structs: [] }, steps: [{ op: 'host_read', var: 'z' }] }),
      /: step 1 \(host_read\): field var: 'z' is not declared in the world$/,
    ],
    [
      'a misspelt field',
      JSON.stringify({ world: { arrays: [{ name: 'a', length: 1 }], structs: [] }, steps: [{ op: 'acc_copyin', vars: 'a' }] }),
      /: step 1 \(acc_copyin\): field vars: unknown field 'vars'$/,
    ],
  ])('%s', async (_what, content, pattern) => {
    const file = scratchFile(`bad-${readdirSync(scratch).length}.json`, content);
    const { code, out, err } = await cli('run', file);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toContain(file);
    expect(err.trimEnd()).toMatch(pattern);
  });

  test('a missing file', async () => {
    const { code, err } = await cli('run', join(scratch, 'nope.json'));
    expect(code).toBe(2);
    expect(err).toMatch(/nope\.json: cannot read file \(ENOENT\)\n$/);
  });

  test('an unknown profile', async () => {
    const { code, err } = await cli('run', REATTACH, '--profile', 'pgi-1');
    expect(code).toBe(2);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toContain("unknown profile 'pgi-1'");
  });

  test('an unknown profile for fuzz --against', async () => {
    const { code, err } = await cli('fuzz', '--against', 'pgi-1', '--runs', '1');
    expect(code).toBe(2);
    expect(err).toContain("unknown profile 'pgi-1'");
  });

  test.each([
    [['run', REATTACH, '--bogus'], /unknown option '--bogus'/],
    [['run', REATTACH, '--engine', 'gpu'], /--engine.*gpu.*invalid/],
    [['fuzz', '--runs', '0'], /--runs.*expected a positive integer/],
    [['fuzz', '--seed', '-1'], /--seed.*expected an integer from 0 to 4294967295/],
    [['fuzz', '--seed', '4294967296'], /--seed.*expected an integer from 0 to 4294967295/],
    [['fuzz', '--runs', '5', '--time', '3'], /cannot be used with/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['run'], /missing required argument 'files'/],
  ])('bad flags: %j', async (argv, pattern) => {
    const { code, err } = await cli(...argv);
    expect(code).toBe(2);
    expect(err.trimEnd().split('\n')).toHaveLength(1);
    expect(err).toMatch(pattern);
  });
});

describe('help and profiles', () => {
  test.each([[['--help']], [['run', '--help']], [['fuzz', '--help']], [['profiles', '--help']], [['profile', 'show', '--help']]])(
    '%j',
    async (argv) => {
      const { code, out } = await cli(...argv);
      expect(code).toBe(0);
      expect(out).toMatch(/^Usage: mapcheck/);
    },
  );

  test('profiles --json lists every built-in profile and knob', async () => {
    const { code, out } = await cli('profiles', '--json');
    expect(code).toBe(0);
    const parsed = JSON.parse(out);
    expect(parsed.profiles.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['spec', 'cray-19', 'nvfortran-25.3', 'libgomp']));
    expect(parsed.profiles.find((p: { name: string }) => p.name === 'cray-19').knobs['K-A4']).toBe('counter-only');
    expect(parsed.knobs.find((k: { id: string }) => k.id === 'K-A4')).toMatchObject({ default: 'compare-target' });
    const gomp = parsed.profiles.find((p: { name: string }) => p.name === 'libgomp');
    expect(gomp.evidence['K-A3']).toMatchObject({ reading: 'error', confidence: 'source' });
    expect(gomp.evidence['K-A3'].evidence).toMatch(/gomp_attach_pointer/);
    expect(gomp.evidence['K-A1']).toBeUndefined();
  });

  test('profile show prints readings with confidence, evidence or "unknown"', async () => {
    const { code, out } = await cli('profile', 'show', 'cray-19');
    expect(code).toBe(0);
    expect(out).toMatch(/K-A4[^\n]*\n\s+reading: counter-only \(measured\)\n\s+evidence: /);
    expect(out).toMatch(/K-A2[^\n]*\n\s+reading: noop \(unknown — spec reading\)/);
  });
});

describe('mapcheck fuzz', () => {
  test('a short campaign of impl against model prints the seed and how to reproduce', async () => {
    const { code, out, err } = await cli('fuzz', '--runs', '20', '--seed', '7', '--out', join(scratch, 'cases'));
    expect(code).toBe(0);
    expect(out).toContain('seed: 7\n');
    expect(out).toMatch(/no divergence in 20 runs/);
    expect(out).toContain('reproduce: npx mapcheck fuzz --profile spec --against impl --compare state --seed 7 --runs 20');
    // Not a terminal: nothing on stderr but a progress line every few seconds (a loaded machine may need one).
    expect(err).toMatch(/^(fuzz: \d+(\/\d+)? runs, [\d.]+ s\n)*$/);
  });

  test('the largest seed is accepted, as MAPCHECK_SEED accepts it', async () => {
    const { code, out } = await cli('fuzz', '--runs', '1', '--seed', '4294967295', '--no-coverage', '--out', join(scratch, 'cases'));
    expect(code).toBe(0);
    expect(out).toContain('--seed 4294967295 --runs 1');
  });

  test.each([['fuzz'], ['diff', 'spec', 'cray-19']])('%s: an --out that cannot hold cases is bad input, before any campaign', async (...command) => {
    const file = scratchFile('not-a-dir', '');
    const { code, out, err } = await cli(...command, '--runs', '1', '--out', file);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`error: ${file}: cannot save cases there (it or a parent is not a directory)\n`);
  });

  test('a case that cannot be saved: the divergence is printed, one warning, still exit 1', async () => {
    vi.mocked(saveCase).mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    const dir = join(scratch, 'unsaved');
    const { code, out, err } = await cli('fuzz', '--against', 'libgomp', '--runs', '1', '--seed', '1', '--no-coverage', '--out', dir);
    expect(code).toBe(1);
    expect(out).toMatch(/DIVERGENCE after 1 runs/);
    expect(out).toMatch(/^>>/m);
    expect(out).not.toContain('saved:');
    expect(out).toContain('reproduce: npx mapcheck fuzz --profile spec --against libgomp');
    const [shrinking, warning, rest] = err.split('\n');
    expect(shrinking).toMatch(/^fuzz: divergence found after 1 runs \([\d.]+ s\); shrinking it…$/);
    expect(warning).toBe(`warning: the case was not saved in ${dir}: ENOSPC: no space left on device, write`);
    expect(rest).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  test('spec against cray-19 finds, shrinks and saves a known divergence (once)', async () => {
    const dir = join(scratch, 'profile-cases');
    const argv = ['fuzz', '--against', 'cray-19', '--runs', '2000', '--seed', '4', '--out', dir];
    const first = await cli(...argv);
    expect(first.code).toBe(1);
    expect(first.out).toMatch(/DIVERGENCE after \d+ runs/);
    expect(first.out).toMatch(/^>>/m);
    const saved = readdirSync(dir);
    expect(saved).toHaveLength(1);
    const c = loadCaseFile(join(dir, saved[0]!));
    expect(c.status).toBe('known-divergence');
    expect(c.sides).toEqual({ a: { engine: 'model', profile: 'spec' }, b: { engine: 'model', profile: 'cray-19' } });
    expect(c.found.seed).toBe(4);
    expect(first.out).toContain(saved[0]!);

    const second = await cli(...argv);
    expect(second.code).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

describe('mapcheck diff', () => {
  test('a knob the campaign did not reach is shown with the reason only', async () => {
    const { code, out } = await cli('diff', 'spec', 'cray-19', '--runs', '3', '--seed', '1', '--api', 'openmp', '--out', join(scratch, 'diff-cases'));
    expect(code).toBe(0);
    expect(out).toMatch(
      /^ {2}K-A4 +compare-target → counter-only +not reached by this campaign \(an OpenACC knob, and it generated OpenMP programs only\); covered by 1 saved case\(s\), e\.g\. \S*seed-000-reattach-after-reassociation\.json \(npx mapcheck run \S+ --profile spec,cray-19\)$/m,
    );
    expect(out).not.toContain('not observable');
  });
});
