// Regression tests for the twelve defects of issue 15 ("trust the checker"), one describe block per
// defect, numbered as in the issue. Each test failed before its fix.

import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { DETACH, REATTACH, cli } from './test-support.js';
import { buildCase, caseHash, listCaseFiles, loadCaseFile, replayCase, saveCase, type CaseFile } from '../counterexamples/case.js';
import { replayCorpus } from '../counterexamples/corpus.js';
import { loadProfile } from '../profiles/index.js';
import { DEFAULT_TEST_RUNS, witnessBudgetShortfall } from '../properties/budget.js';
import { DEFAULT_MAX_STEPS } from '../properties/arbitraries.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-defects-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const freshDir = () => mkdtempSync(join(scratch, `d${dirs++}-`));
const found = { by: 'defects.test.ts', seed: null, date: '2026-12-03' };
const spec = { engine: 'model' as const, profile: loadProfile('spec') };
const cray = { engine: 'model' as const, profile: loadProfile('cray-19') };

/** One line on stderr, no stack trace. */
function expectOneLine(err: string): void {
  expect(err.endsWith('\n')).toBe(true);
  expect(err.trimEnd().split('\n')).toHaveLength(1);
  expect(err).not.toMatch(/\n\s+at /);
}

/** The seed re-attach case with side `key`'s profile replaced, written into `dir`. */
function caseNamingProfile(dir: string, key: 'a' | 'b', profile: string): string {
  const raw = JSON.parse(readFileSync(REATTACH, 'utf8')) as CaseFile;
  raw.sides[key] = { engine: 'model', profile };
  const path = join(dir, 'case-with-a-path.json');
  writeFileSync(path, JSON.stringify(raw, null, 2));
  return path;
}

describe('defect 1: a case file never makes a command read a path', () => {
  test('explain of a case naming /etc/passwd as a profile: exit 2, one line naming the file and field, nothing of the file', async () => {
    const file = caseNamingProfile(freshDir(), 'a', '/etc/passwd');
    const { code, out, err } = await cli('explain', file);
    expect(code).toBe(2);
    expect(out).toBe('');
    expectOneLine(err);
    expect(err).toContain(file);
    expect(err).toContain('field sides.a.profile');
    expect(err).not.toContain('root');
  });

  test('a case naming a valid profile file is not loaded through it (the corpus reports it, naming the field)', () => {
    const dir = freshDir();
    const profile = join(freshDir(), 'reading.json');
    writeFileSync(profile, JSON.stringify({ extends: 'cray-19' }));
    const file = caseNamingProfile(dir, 'b', profile);
    expect(() => loadCaseFile(file)).toThrow(/field sides\.b\.profile: .* is not a built-in profile/);
    const report = replayCorpus(dir, spec, cray);
    expect(report.entries).toEqual([{ path: file, outcome: 'unloadable', problems: [expect.stringContaining('sides.b.profile')] }]);
  });

  test('a case naming /dev/zero in an --out directory: fuzz reports it and finishes', async () => {
    const dir = freshDir();
    caseNamingProfile(dir, 'b', '/dev/zero');
    const { code, err } = await cli('fuzz', '--runs', '1', '--seed', '1', '--no-coverage', '--out', dir);
    expect(code).toBe(0);
    expect(err).toMatch(/corpus: skipped, does not load: .*field sides\.b\.profile/);
  });

  test('a profile file named on the command line must be a regular file of bounded size', async () => {
    const big = join(freshDir(), 'big.json');
    writeFileSync(big, `{"knobs":{}${' '.repeat(300 * 1024)}}`);
    for (const [path, why] of [
      ['/dev/zero', /not a regular file/],
      [big, /larger than the 256 KiB limit/],
      [scratch, /is a directory/],
    ] as const) {
      const { code, err } = await cli('run', REATTACH, '--profile', path);
      expect(code).toBe(2);
      expectOneLine(err);
      expect(err).toMatch(why);
    }
  });
});

describe('defect 2: a failing standard output is exit 2 with one line', () => {
  const run = (...args: string[]) => {
    const full = openSync('/dev/full', 'w');
    try {
      // MAPCHECK_SOURCES=1: the sources under test, whether or not dist/ is current (bin/mapcheck.mjs)
      return spawnSync(process.execPath, [join(root, 'bin', 'mapcheck.mjs'), ...args], {
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
        cwd: scratch,
        env: { ...process.env, MAPCHECK_SOURCES: '1' },
      });
    } finally {
      closeSync(full);
    }
  };
  test.each([[['profiles']], [['fuzz', '--runs', '5', '--seed', '1', '--no-coverage', '--out', 'o']]])('mapcheck %j > /dev/full', (args) => {
    const r = run(...args);
    expect(r.status).toBe(2);
    // A slow machine may print a progress line (`fuzz: 3/5 runs, 5.2 s`) before the write fails;
    // the error itself is one line, and nothing else reaches stderr
    expectOneLine(r.stderr.replace(/^fuzz: \d+(\/\d+)? runs, [\d.]+ s\n/gm, ''));
    expect(r.stderr).toMatch(/^error: cannot write to standard output \(ENOSPC\)$/m);
  });
});

describe('defect 3: a damaged file under the right name does not swallow a case', () => {
  test('the case is saved beside it, the damaged file is left alone, and a second save finds the good one', () => {
    const c = buildCase({ program: loadCaseFile(REATTACH).program, a: spec, b: cray, compare: 'observations', status: 'known-divergence', found });
    const name = basename(saveCase(freshDir(), c));
    expect(name).toContain(caseHash(c));
    const dir = freshDir();
    writeFileSync(join(dir, name), '{"format": "mapcheck-case/1", "trunc');
    const saved = saveCase(dir, c);
    expect(saved).not.toBe(join(dir, name));
    expect(loadCaseFile(saved)).toEqual(c);
    expect(readFileSync(join(dir, name), 'utf8')).toBe('{"format": "mapcheck-case/1", "trunc');
    expect(saveCase(dir, c)).toBe(saved);
    expect(listCaseFiles(dir)).toHaveLength(2);
  });

  test('a file under the right name holding another (valid) case does not count either', () => {
    const c = buildCase({ program: loadCaseFile(REATTACH).program, a: spec, b: cray, compare: 'observations', status: 'known-divergence', found });
    const other = buildCase({ program: loadCaseFile(DETACH).program, a: spec, b: cray, compare: 'observations', status: 'known-divergence', found });
    const dir = freshDir();
    const name = basename(saveCase(freshDir(), c));
    writeFileSync(join(dir, name), JSON.stringify(other));
    const saved = saveCase(dir, c);
    expect(saved).not.toBe(join(dir, name));
    expect(caseHash(loadCaseFile(saved))).toBe(caseHash(c));
  });
});

describe('defect 4: a case recorded against a profile file is self-contained', () => {
  test('it stores the readings; editing or deleting the file changes nothing it checks', async () => {
    const dir = freshDir();
    const profileFile = join(dir, 'my-runtime.json');
    writeFileSync(profileFile, JSON.stringify({ name: 'my-runtime', extends: 'spec', knobs: { 'K-A4': 'counter-only' } }));
    const mine = { engine: 'model' as const, profile: loadProfile(profileFile) };
    const c = buildCase({ program: loadCaseFile(REATTACH).program, a: spec, b: mine, compare: 'observations', status: 'known-divergence', found });
    expect(c.sides.b).toEqual({ engine: 'model', profile: 'my-runtime', knobs: { ...mine.profile.knobs } });
    expect(c.sides.a).toEqual({ engine: 'model', profile: 'spec' });
    const saved = saveCase(join(dir, 'cases'), c);
    writeFileSync(profileFile, JSON.stringify({ name: 'my-runtime', extends: 'spec', knobs: {} }));
    rmSync(profileFile);
    expect(replayCase(loadCaseFile(saved))).toEqual({ ok: true, problems: [] });
    const { code, out } = await cli('explain', saved);
    expect(code).toBe(0);
    expect(out).toContain('sides: model:spec against model:my-runtime');
    expect(out).toContain('divergence at step 6');
  });

  test('a stored reading that is not a reading is bad input naming the field', () => {
    const dir = freshDir();
    const raw = JSON.parse(readFileSync(REATTACH, 'utf8')) as CaseFile;
    raw.sides.b = { engine: 'model', profile: 'mine', knobs: { 'K-A4': 'sometimes' } };
    writeFileSync(join(dir, 'c.json'), JSON.stringify(raw));
    expect(() => loadCaseFile(join(dir, 'c.json'))).toThrow(/c\.json: field sides\.b\.knobs\.K-A4: unknown reading "sometimes"/);
  });
});

describe('defect 5: input size and work are bounded, with clear errors', () => {
  const world = { arrays: [{ name: 'a', length: 4 }], structs: [] };
  const program = (p: object) => {
    const path = join(freshDir(), 'p.json');
    writeFileSync(path, JSON.stringify(p));
    return path;
  };
  test.each([
    ['10001 steps', { world, steps: Array.from({ length: 10_001 }, () => ({ op: 'host_read', var: 'a' })) }, /field steps: at most 10000 steps/],
    ['257 arrays', { world: { arrays: Array.from({ length: 257 }, (_, i) => ({ name: `a${i}`, length: 1 })), structs: [] }, steps: [] }, /field world\.arrays: at most 256 arrays/],
    [
      '1001 allocation handles',
      { world, steps: Array.from({ length: 1001 }, (_, i) => ({ op: 'omp_target_alloc', bytes: 4, device: 0, result: `h${i}` })) },
      /step 1001 \(omp_target_alloc\): field result: more than 1000 omp_target_alloc results/,
    ],
  ])('%s', async (_, p, message) => {
    const { code, err } = await cli('run', program(p));
    expect(code).toBe(2);
    expectOneLine(err);
    expect(err).toMatch(message);
  });

  test('a file over 4 MiB is refused before it is parsed', async () => {
    const path = join(freshDir(), 'huge.json');
    writeFileSync(path, `{"world": {"arrays": [], "structs": []}, "steps": []}${' '.repeat(4 * 1024 * 1024)}`);
    const { code, err } = await cli('run', path);
    expect(code).toBe(2);
    expect(err).toBe(`error: ${path}: file is ${statSync(path).size} bytes, larger than the 4 MiB limit\n`);
  });

  test('mapcheck run /dev/zero is refused at once', async () => {
    const { code, err } = await cli('run', '/dev/zero');
    expect(code).toBe(2);
    expect(err).toBe('error: /dev/zero: not a regular file (devices and sockets are not read)\n');
  });
});

describe('defect 6: the witness claims state their minimum budget', () => {
  test('below it they are skipped with the reason, at the default budget they run', () => {
    expect(witnessBudgetShortfall({ seed: 1, runs: 200, maxSteps: DEFAULT_MAX_STEPS })).toMatch(/at least 5000 programs per campaign; MAPCHECK_RUNS=200/);
    expect(witnessBudgetShortfall({ seed: 1, timeMs: 30_000, maxSteps: DEFAULT_MAX_STEPS })).toMatch(/run count/);
    expect(witnessBudgetShortfall({ seed: 1, runs: DEFAULT_TEST_RUNS, maxSteps: DEFAULT_MAX_STEPS })).toBeNull();
  });
});

describe('defect 7: reproduce lines are shell-quoted', () => {
  test('a profile path with a space and a semicolon comes back as one argument', async () => {
    const dir = join(freshDir(), 'my profiles; touch pwned');
    mkdirSync(dir);
    const profile = join(dir, "it's.json");
    writeFileSync(profile, JSON.stringify({ extends: 'spec' }));
    const { code, out } = await cli('fuzz', '--profile', profile, '--runs', '1', '--seed', '1', '--no-coverage', '--out', join(dir, 'o'));
    expect(code).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('reproduce: '))!.slice('reproduce: '.length);
    const words = execFileSync('sh', ['-c', `set -- ${line}; printf '%s\\n' "$@"`], { encoding: 'utf8', cwd: scratch }).split('\n').slice(0, -1);
    expect(words).toEqual(['npx', 'mapcheck', 'fuzz', '--profile', profile, '--against', 'impl', '--compare', 'state', '--seed', '1', '--runs', '1', '--api', 'both']);
    expect(readdirSync(scratch)).not.toContain('pwned');
  });
});

describe('defect 8: messages are one line and say what is wrong', () => {
  const file = (name: string, content: string) => {
    const path = join(freshDir(), name);
    writeFileSync(path, content);
    return path;
  };
  const world = (arrays: string) => `{"world": {"arrays": [${arrays}], "structs": []}, "steps": []}`;

  test.each([
    ['a name with newlines', world('{"name": "a\\nb\\nc\\nd", "length": 4}'), /'a\\nb\\nc\\nd' is not an identifier/],
    ['length 1e308', world('{"name": "a", "length": 1e308}'), /field world\.arrays\[0\]\.length: 1e\+308 is out of range \(at most 4096\)/],
    ['bytes 1e308', `{"world": {"arrays": [], "structs": []}, "steps": [{"op": "omp_target_alloc", "bytes": 1e308, "device": 0, "result": "h"}]}`, /field bytes: 1e\+308 is out of range \(at most 65536\)/],
    ['length 1e400', world('{"name": "a", "length": 1e400}'), /field world\.arrays\[0\]\.length: expected a finite number, got Infinity/],
    ['no world', '{"steps": []}', /field world: required field is missing$/m],
    ['a UTF-8 byte-order mark', `\ufeff${world('{"name": "a", "length": 4}')}`, null],
  ])('%s', async (_, content, message) => {
    const { code, err } = await cli('run', file('p.json', content));
    if (message === null) {
      expect(err).toBe('');
      expect(code).toBe(0);
      return;
    }
    expect(code).toBe(2);
    expectOneLine(err);
    expect(err).toMatch(message);
    expect(err).not.toMatch(/expected nonoptional|9007199254740991|got number Infinity/);
  });

  test('a profile file of malformed JSON with newlines: one line', async () => {
    const p = file('bad.json', '{"knobs": \n bad\n}');
    const { code, err } = await cli('run', REATTACH, '--profile', p);
    expect(code).toBe(2);
    expectOneLine(err);
    expect(err).toContain(`${p}: not valid JSON`);
  });

  test('a profile file whose extends is unknown names the file and the field', async () => {
    const p = file('mine.json', '{"extends": "pgi-1"}');
    const { code, err } = await cli('run', REATTACH, '--profile', p);
    expect(code).toBe(2);
    expectOneLine(err);
    expect(err).toContain(`${p}: field extends: unknown profile 'pgi-1' (built-in: spec,`);
  });

  test('a profile file named spec that extends spec is not a cycle', async () => {
    const p = file('spec.json', '{"name": "spec", "extends": "spec", "knobs": {"K-A4": "counter-only"}}');
    const { code, out, err } = await cli('run', REATTACH, '--profile', p);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toContain('read [10*1]');
  });

  test('an unknown profile name with a newline stays on one line', async () => {
    const { code, err } = await cli('run', REATTACH, '--profile', 'pgi\nsecond line');
    expect(code).toBe(2);
    expectOneLine(err);
  });
});

describe('defect 9: help', () => {
  test('mapcheck help fuzz prints the help and exits 0, as fuzz --help does', async () => {
    const viaHelp = await cli('help', 'fuzz');
    const viaFlag = await cli('fuzz', '--help');
    expect(viaHelp.code).toBe(0);
    expect(viaHelp.out).toBe(viaFlag.out);
    expect(viaHelp.out).toContain('Usage: mapcheck fuzz');
  });
});

describe('defect 10: __proto__ as a struct init key', () => {
  test('is an unknown member like any other', async () => {
    const path = join(freshDir(), 'p.json');
    writeFileSync(path, '{"world": {"arrays": [{"name": "a", "length": 4}], "structs": [{"name": "c", "pointers": ["p"], "init": {"__proto__": "a"}}]}, "steps": []}');
    const { code, err } = await cli('run', path);
    expect(code).toBe(2);
    expect(err).toBe(`error: ${path}: field world.structs[0].init.__proto__: 'c' has no pointer member '__proto__'\n`);
  });
});

describe('defect 11: explain says when a case no longer replays as recorded', () => {
  test.each([
    ['an edited expected observation', (c: CaseFile) => void (c.expected.b[5] = { kind: 'read', values: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] }), /model:cray-19 \(side b\): step 6 .*expected read \[10\*3\], got read \[10\*1\]/],
    ['a status flipped to fixed', (c: CaseFile) => void (c.status = 'fixed'), /status fixed, but model:spec vs model:cray-19 still diverge at step 6/],
  ])('%s', async (_, edit, problem) => {
    const c = JSON.parse(readFileSync(REATTACH, 'utf8')) as CaseFile;
    edit(c);
    const path = join(freshDir(), 'edited.json');
    writeFileSync(path, JSON.stringify(c));
    for (const format of ['text', 'md', 'json']) {
      const { code, out } = await cli('explain', path, '--format', format);
      expect(code).toBe(0);
      if (format !== 'json') expect(out).toContain('does not replay as recorded');
      expect(out).toMatch(problem);
    }
    const untouched = await cli('explain', REATTACH);
    expect(untouched.out).not.toContain('does not replay as recorded');
  });
});

describe('defect 12: saved cases carry no machine paths in their metadata', () => {
  test('no committed case names an absolute path in found', () => {
    const files = listCaseFiles(join(root, 'counterexamples', 'cases'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const { found: meta } = loadCaseFile(f);
      expect(`${meta.by} ${meta.command ?? ''}`, basename(f)).not.toMatch(/(^|[\s(])(\/[A-Za-z]|[A-Za-z]:\\)/);
    }
  });
});


