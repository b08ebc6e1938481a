// Bad input, systematically: fast-check generates malformed JSON and wrong shapes for program, case
// and profile files, bad command-line flags and bad MAPCHECK_* environment variables, each from a
// named kind of bad input with random contents (junk strings, numbers, keys, cut points). For every
// one: exit 2, exactly one line on stderr that names the file and the field (or the flag or the
// variable), no stack trace, nothing on stdout, nothing written. Everything runs in-process (cli()).

import fc from 'fast-check';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DETACH, REATTACH, cli } from './test-support.js';
import { campaignBudgetFromEnv } from '../properties/budget.js';

const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-loader-fuzz-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const SEED = 151515;

type Json = unknown;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** A valid program touching arrays, a struct, OpenACC steps; and a valid OpenMP one. */
const ACC = {
  world: { arrays: [{ name: 'a', length: 4, init: 1 }, { name: 'b', length: 4 }], structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] },
  steps: [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
  ],
};
const OMP = {
  world: { arrays: [{ name: 'a', length: 4 }], structs: [] },
  steps: [
    { op: 'omp_target_alloc', bytes: 16, device: 0, result: 'h' },
    { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'h' }, bytes: 16, offset: 0, device: 0 },
  ],
};
const CASE = JSON.parse(readFileSync(DETACH, 'utf8')) as Record<string, Json>;

// Random contents
const junk = fc.string({ minLength: 1, maxLength: 12, unit: 'binary' });
const notIdentifier = fc.oneof(fc.constantFrom('1a', 'a b', 'a\nb', '', 'é', 'a-b', '_a', 'a%b'), junk.filter((s) => !/^[A-Za-z][A-Za-z0-9_]*$/.test(s)));
const unknownKey = fc.string({ minLength: 1, maxLength: 10 }).map((s) => `x_${s}`);
const hugeInt = fc.oneof(fc.constantFrom(1e308, 2 ** 53, 1e12), fc.integer({ min: 70_000, max: 2 ** 31 }));
const notInt = fc.oneof(fc.constantFrom(1.5, -0.25, '4', true, null, [], {}), fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }));
const negative = fc.integer({ min: -1000, max: -1 });

/** A kind of bad input: what to write (JSON value, or raw text) and which field the message must name. */
interface FileKind {
  name: string;
  arb: fc.Arbitrary<{ text: string; field: string | null }>;
}

const json = (name: string, field: string | null, make: (rnd: Json) => Json, arb: fc.Arbitrary<Json> = fc.constant(null)): FileKind => ({
  name,
  arb: arb.map((r) => ({ text: JSON.stringify(make(r)), field })),
});
const raw = (name: string, make: (rnd: string) => string, arb: fc.Arbitrary<string> = junk): FileKind => ({
  name,
  arb: arb.map((r) => ({ text: make(r), field: null })),
});
/** Deep-modifies a copy of `base`. */
const edit = <T>(base: T, f: (copy: T, r: never) => void) => (r: Json) => {
  const c = clone(base);
  f(c, r as never);
  return c;
};
type P = typeof ACC & Record<string, unknown>;
type O = typeof OMP & Record<string, unknown>;
const acc = (name: string, field: string, f: (p: P, r: never) => void, arb?: fc.Arbitrary<Json>) => json(name, field, edit(ACC as P, f), arb);
const omp = (name: string, field: string, f: (p: O, r: never) => void, arb?: fc.Arbitrary<Json>) => json(name, field, edit(OMP as O, f), arb);

const validText = JSON.stringify(ACC, null, 2);

// ------------------------------------------------------------------------------------------------
// Program files (run FILE)

const PROGRAM_KINDS: FileKind[] = [
  raw('empty file', () => ''),
  raw('whitespace only', (s) => ' \n\t'.repeat(1 + (s.length % 3))),
  raw('truncated JSON', (s) => validText.slice(0, 1 + (s.charCodeAt(0) % (validText.length - 2)))),
  raw('binary garbage', (s) => `\u0000${s}\u00ff`),
  raw('trailing comma', () => validText.replace(/}\s*$/, ',}')),
  raw('single-quoted strings', () => validText.replace(/"/g, "'")),
  raw('comment in JSON', (s) => `// ${s.replace(/\n/g, ' ')}\n${validText}`),
  raw('NaN literal', () => validText.replace('"length": 4', '"length": NaN')),
  raw('two documents', () => `${validText}\n${validText}`),
  raw('BOM then garbage', (s) => `\ufeff{${s}`),
  json('top level is an array', '(top level)', (r) => [r], junk),
  json('top level is a string', '(top level)', (r) => r, junk),
  json('top level is a number', '(top level)', (r) => r, fc.integer()),
  json('top level is null', '(top level)', () => null),
  acc('world missing', 'world', (p) => void delete (p as Partial<P>).world),
  acc('steps missing', 'steps', (p) => void delete (p as Partial<P>).steps),
  acc('world not an object', 'world', (p, r) => void ((p as Record<string, unknown>).world = r), fc.oneof(junk, fc.integer(), fc.constant([]))),
  acc('steps not an array', 'steps', (p, r) => void ((p as Record<string, unknown>).steps = r), fc.oneof(junk, fc.integer(), fc.constant({}))),
  acc('unknown top-level field', 'x_', (p, r: string) => void (p[r] = 1), unknownKey),
  acc('unknown world field', 'world.x_', (p, r: string) => void ((p.world as Record<string, unknown>)[r] = 1), unknownKey),
  acc('version wrong', 'version', (p, r) => void (p.version = r), fc.oneof(fc.integer({ min: 2, max: 99 }), junk)),
  acc('arrays not an array', 'world.arrays', (p, r) => void ((p.world as Record<string, unknown>).arrays = r), fc.oneof(junk, fc.integer())),
  acc('array name missing', 'world.arrays[1].name', (p) => void delete (p.world.arrays[1] as Partial<{ name: string }>).name),
  acc('array name not an identifier', 'world.arrays[1].name', (p, r: string) => void (p.world.arrays[1]!.name = r), notIdentifier),
  acc('array name declared twice', 'world.arrays[1].name', (p) => void (p.world.arrays[1]!.name = 'a')),
  acc('array length zero or negative', 'world.arrays[0].length', (p, r: number) => void (p.world.arrays[0]!.length = r), fc.integer({ min: -5, max: 0 })),
  acc('array length too large', 'world.arrays[0].length', (p, r: number) => void (p.world.arrays[0]!.length = r), hugeInt),
  acc('array length not an integer', 'world.arrays[0].length', (p, r) => void ((p.world.arrays[0] as Record<string, unknown>).length = r), notInt),
  acc('array init of the wrong length', 'world.arrays[0].init', (p, r: number) => void (p.world.arrays[0]!.init = Array(r).fill(0) as never), fc.integer({ min: 1, max: 9 }).filter((n) => n !== 4)),
  acc('array init value out of range', 'world.arrays[0].init', (p, r: number) => void (p.world.arrays[0]!.init = r), fc.oneof(fc.integer({ min: 1_000_000_001 }), fc.constant(-2e9))),
  acc('too many arrays', 'world.arrays', (p, r: number) => void (p.world.arrays = Array.from({ length: r }, (_, i) => ({ name: `a${i}`, length: 1 })) as never), fc.integer({ min: 257, max: 300 })),
  acc('struct pointers empty', 'world.structs[0].pointers', (p) => void (p.world.structs[0]!.pointers = [])),
  acc('struct pointer not an identifier', 'world.structs[0].pointers[0]', (p, r: string) => void (p.world.structs[0]!.pointers = [r]), notIdentifier),
  acc('struct init of an unknown member', 'world.structs[0].init.', (p, r: string) => void Object.defineProperty(p.world.structs[0]!.init, r, { value: 'a', enumerable: true }), fc.constantFrom('q', 'zz', '__proto__', 'constructor')),
  acc('struct init target undeclared', 'world.structs[0].init.p', (p, r: string) => void (p.world.structs[0]!.init = { p: r }), fc.constantFrom('zz', 'a(1:99)', 'c', 'c%p')),
  acc('step not an object', '(step)', (p, r) => void ((p.steps as unknown[])[1] = r), fc.oneof(junk, fc.integer(), fc.constant(null), fc.constant([]))),
  acc('op missing', 'op', (p) => void delete (p.steps[1] as Partial<{ op: string }>).op),
  acc('op unknown', 'op', (p, r: string) => void (p.steps[1]!.op = r), junk),
  acc('step unknown field', 'x_', (p, r: string) => void ((p.steps[1] as Record<string, unknown>)[r] = 1), unknownKey),
  acc('clause unknown', 'clauses[0].clause', (p, r: string) => void (p.steps[0]!.clauses[0]!.clause = r), fc.constantFrom('copyout', 'delete', 'detach', 'private', 'x')),
  acc('clause vars empty', 'clauses[0].vars', (p) => void (p.steps[0]!.clauses[0]!.vars = [])),
  acc('clause var undeclared', 'clauses[0].vars[0]', (p, r: string) => void (p.steps[0]!.clauses[0]!.vars = [r]), fc.constantFrom('zz', 'a(0:9)', 'c%q', 'a(3:1)')),
  acc('attach of something not a member', 'clauses[1].vars[0]', (p, r: string) => void (p.steps[0]!.clauses[1]!.vars = [r]), fc.constantFrom('a', 'c', 'b(0:1)')),
  acc('kernel body malformed', 'body', (p, r) => void ((p.steps[1] as Record<string, unknown>).body = r), fc.oneof(junk, fc.constant({}), fc.constant({ read: 'a', write: 'a' }))),
  acc('kernel block of one statement', 'body.writes', (p) => void ((p.steps[1] as Record<string, unknown>).body = { writes: [{ write: 'a', value: 1 }] })),
  acc('kernel block statement malformed', 'body.writes[1]', (p, r) => void ((p.steps[1] as Record<string, unknown>).body = { writes: [{ write: 'a', value: 1 }, r] }), fc.oneof(junk, fc.integer(), fc.constant({ read: 'b' }), fc.constant({ write: 'b' }))),
  acc('kernel block statements of unequal counts', 'body.writes[1].write', (p, r: number) => void ((p.steps[1] as Record<string, unknown>).body = { writes: [{ write: 'a', value: 1 }, { write: `b(1:${r})`, value: 2 }] }), fc.integer({ min: 1, max: 3 })),
  acc('kernel block statements overlapping', 'body.writes[1].write', (p, r: number) => void ((p.steps[1] as Record<string, unknown>).body = { writes: [{ write: 'a(1:2)', value: 1 }, { write: 'a(2:3)', value: r }] }), fc.integer({ min: -9, max: 9 })),
  acc('region end without begin', 'op', (p) => void (p.steps as unknown[]).push({ op: 'acc_data_end' })),
  acc('OpenACC and OpenMP mixed', 'op', (p) => void (p.steps as unknown[]).push({ op: 'omp_target_is_present', ptr: null, device: 0 })),
  acc('too many steps', 'steps', (p, r: number) => void (p.steps = Array.from({ length: r }, () => ({ op: 'host_read', var: 'a' })) as never), fc.integer({ min: 10_001, max: 10_050 })),
  omp('routine bytes out of range', 'bytes', (p, r) => void ((p.steps[0] as Record<string, unknown>).bytes = r), fc.oneof(hugeInt, negative)),
  omp('device of the wrong type', 'device', (p, r) => void ((p.steps[0] as Record<string, unknown>).device = r), fc.oneof(junk.filter((s) => s !== 'initial'), fc.constant(1.5), fc.constant(null))),
  omp('handle never allocated', 'dev.handle', (p, r: string) => void ((p.steps[1] as { dev: unknown }).dev = { handle: `z${r}` }), junk),
  omp('pointer offset past the end', 'host.offset', (p, r: number) => void ((p.steps[1] as { host: unknown }).host = { var: 'a', offset: r * 4 }), fc.integer({ min: 5, max: 1000 })),
  omp('alloc result reused', 'result', (p) => void (p.steps as unknown[]).push({ op: 'omp_target_alloc', bytes: 4, device: 0, result: 'h' })),
  omp('too many allocation handles', 'result', (p, r: number) => void (p.steps = Array.from({ length: r }, (_, i) => ({ op: 'omp_target_alloc', bytes: 4, device: 0, result: `h${i}` })) as never), fc.integer({ min: 1001, max: 1010 })),
];

// ------------------------------------------------------------------------------------------------
// Case files (explain FILE)

type C = Record<string, Json> & { sides: { a: Record<string, Json>; b: Record<string, Json> }; expected: { a: Json[]; b: Json[] } };
const kase = (name: string, field: string, f: (c: C, r: never) => void, arb?: fc.Arbitrary<Json>) => json(name, field, edit(CASE as C, f), arb);

const CASE_KINDS: FileKind[] = [
  kase('case format unknown', 'format', (c, r) => void (c.format = r), fc.oneof(junk, fc.constant('mapcheck-case/2'), fc.integer())),
  kase('case program missing', 'program', (c) => void delete c.program),
  kase('case program malformed', 'program.world', (c) => void ((c.program as Record<string, Json>).world = 7)),
  kase('case status unknown', 'status', (c, r) => void (c.status = r), junk),
  kase('case compare unknown', 'compare', (c, r) => void (c.compare = r), junk),
  kase('case side engine unknown', 'sides.a.engine', (c, r) => void (c.sides.a.engine = r), junk),
  kase('case side profile names a file', 'sides.b.profile', (c, r: string) => void (c.sides.b.profile = r), fc.constantFrom('/dev/zero', '/etc/passwd', './p.json', '..\\p.json', 'profiles/x.json')),
  kase('case side profile unknown name', 'sides.b.profile', (c, r: string) => void (c.sides.b.profile = `pgi-${r}`), junk),
  kase('case side knobs: unknown knob', 'sides.b.knobs.', (c, r: string) => void (c.sides.b.knobs = { [`K-Z${r}`]: 'noop' }), junk),
  kase('case side knobs: unknown reading', 'sides.b.knobs.K-A9', (c, r: string) => void (c.sides.b.knobs = { 'K-A9': `x${r}` }), junk),
  kase('case side knobs not an object', 'sides.b.knobs', (c, r) => void (c.sides.b.knobs = r), fc.oneof(junk, fc.integer(), fc.constant([]))),
  kase('case expected of the wrong length', 'expected.b', (c) => void c.expected.b.pop()),
  kase('case expected observation of an unknown kind', 'expected.a[0]', (c, r: string) => void (c.expected.a[0] = { kind: r }), junk),
  kase('case expected observation with an unknown error code', 'expected.a[0].code', (c, r: string) => void (c.expected.a[0] = { kind: 'error', code: `acc_${r}`, message: '' }), junk),
  kase('case divergence past the last step', 'divergence.step', (c, r: number) => void (c.divergence = { step: r, kind: 'state' }), fc.integer({ min: 50, max: 5000 })),
  kase('case found missing', 'found', (c) => void delete c.found),
  kase('case unknown field', 'x_', (c, r: string) => void (c[r] = 1), unknownKey),
  kase('case title not a string', 'title', (c, r) => void (c.title = r), fc.oneof(fc.integer(), fc.constant(null), fc.constant([]))),
  kase('case spec not an array', 'spec', (c, r) => void (c.spec = r), fc.oneof(junk, fc.integer())),
];

// ------------------------------------------------------------------------------------------------
// Profile files (run SEED --profile FILE)

const profile = (name: string, field: string | null, make: (r: never) => Json, arb: fc.Arbitrary<Json> = fc.constant(null)) => json(name, field, make as (r: Json) => Json, arb);
const PROFILE_KINDS: FileKind[] = [
  raw('profile not JSON', (s) => `{"knobs": ${s}`),
  profile('profile not an object', '(top level)', (r) => r, fc.oneof(junk, fc.integer(), fc.constant([]), fc.constant(null))),
  profile('profile unknown field', 'x_', (r: string) => ({ [r]: 1 }), unknownKey),
  profile('profile extends unknown', 'extends', (r: string) => ({ extends: `pgi-${r}` }), junk),
  profile('profile extends a file', 'extends', (r: string) => ({ extends: r }), fc.constantFrom('./spec.json', '/etc/passwd')),
  profile('profile extends not a string', 'extends', (r) => ({ extends: r }), fc.oneof(fc.integer(), fc.constant(null), fc.constant({}))),
  profile('profile knobs not an object', 'knobs', (r) => ({ knobs: r }), fc.oneof(junk, fc.integer(), fc.constant([]))),
  profile('profile unknown knob', 'knobs.', (r: string) => ({ knobs: { [`K-Z${r}`]: 'noop' } }), junk),
  profile('profile unknown reading', 'knobs.K-A4', (r: string) => ({ knobs: { 'K-A4': `x${r}` } }), junk),
  profile('profile reading object without reading', 'knobs.K-A4.reading', (r: string) => ({ knobs: { 'K-A4': { evidence: r } } }), junk),
  profile('profile reading object with an unknown field', 'knobs.K-A4.x_', (r: string) => ({ knobs: { 'K-A4': { reading: 'counter-only', [r]: 1 } } }), unknownKey),
  profile('profile evidence not a string', 'knobs.K-A4.evidence', (r) => ({ knobs: { 'K-A4': { reading: 'counter-only', evidence: r } } }), fc.oneof(fc.integer(), fc.constant([]))),
  profile('profile name not a string', 'name', (r) => ({ name: r }), fc.oneof(fc.integer(), fc.constant(null))),
  { name: 'profile file over the size limit', arb: fc.integer({ min: 257 * 1024, max: 300 * 1024 }).map((n) => ({ text: `{"knobs": {}}${' '.repeat(n)}`, field: null })) },
];

// ------------------------------------------------------------------------------------------------
// Command-line flags: each names the flag (or the command) in its one line

interface FlagKind {
  name: string;
  arb: fc.Arbitrary<{ argv: string[]; names: string }>;
}
const flag = (name: string, names: string, argv: (r: never) => string[], arb: fc.Arbitrary<Json>): FlagKind => ({
  name,
  arb: arb.map((r) => ({ argv: argv(r as never), names })),
});
const FLAG_KINDS: FlagKind[] = [
  flag('--runs not a positive integer', '--runs', (r: string) => ['fuzz', '--runs', r], fc.oneof(fc.constantFrom('0', '-1', '1.5', '1e3', 'ten', '', '99999999999999999999'), junk.filter((s) => !/^\d+$/.test(s) || Number(s) === 0))),
  flag('--seed out of range', '--seed', (r: string) => ['fuzz', '--seed', r], fc.oneof(fc.constantFrom('-1', '4294967296', '1.5', 'x'), fc.bigInt({ min: 4294967296n, max: 2n ** 70n }).map(String))),
  flag('--time not a positive number', '--time', (r: string) => ['fuzz', '--time', r], fc.constantFrom('0', '-3', 'soon', '', 'Infinity', 'NaN')),
  flag('--max-steps not a positive integer', '--max-steps', (r: string) => ['fuzz', '--max-steps', r], fc.constantFrom('0', '-2', 'many', '2.5')),
  flag('--api unknown', '--api', (r: string) => ['fuzz', '--api', r], junk.filter((s) => !['openacc', 'openmp', 'both'].includes(s))),
  flag('--compare unknown', '--compare', (r: string) => ['fuzz', '--compare', r], junk.filter((s) => !['observations', 'state'].includes(s))),
  flag('--engine unknown', '--engine', (r: string) => ['run', REATTACH, '--engine', r], junk.filter((s) => !['model', 'impl'].includes(s))),
  flag('--format unknown', '--format', (r: string) => ['explain', REATTACH, '--format', r], junk.filter((s) => !['text', 'md', 'json'].includes(s))),
  flag('emit --lang missing or unknown', '--lang', (r: string[]) => ['emit', REATTACH, ...r], fc.constantFrom([], ['--lang', 'cobol'], ['--lang', ''])),
  flag('unknown option', 'unknown option', (r: string) => ['run', REATTACH, `--x-${r}`], fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'b', 'z', '-') })),
  flag('unknown command', 'unknown command', (r: string) => [`x${r}`], fc.string({ minLength: 1, maxLength: 8, unit: fc.constantFrom('a', 'q', 'z') })),
  flag('--runs and --time together', 'cannot be used with', () => ['fuzz', '--runs', '3', '--time', '2'], fc.constant(null)),
  flag('missing file argument', 'missing required argument', (r: string[]) => r, fc.constantFrom(['run'], ['explain'], ['emit', '--lang', 'c'])),
  flag('unknown profile name', '--profile', (r: string) => ['run', REATTACH, '--profile', `pgi${r}`], junk.filter((s) => !/[./\\]/.test(s))),
  flag('--against unknown profile', "'pgi", (r: string) => ['fuzz', '--against', `pgi${r}`, '--runs', '1'], fc.string({ maxLength: 6, unit: fc.constantFrom('a', 'b', '1') })),
  flag('file argument that does not exist', 'cannot read file (ENOENT)', (r: string) => ['run', join(scratch, `missing-${r}.json`)], fc.string({ minLength: 1, maxLength: 6, unit: fc.constantFrom('a', 'b', '1') })),
  flag('file argument that is a directory', 'is a directory', (r: string[]) => [...r, scratch], fc.constantFrom(['run'], ['explain'], ['emit', '--lang', 'fortran'])),
  flag('file argument that is a device', 'not a regular file', (r: string) => [r, '/dev/zero'], fc.constantFrom('run', 'explain')),
];

// ------------------------------------------------------------------------------------------------
// Environment variables of the test budget (campaignBudgetFromEnv): one line naming the variable

interface EnvKind {
  name: string;
  variable: string;
  arb: fc.Arbitrary<string>;
}
const ENV_KINDS: EnvKind[] = [
  { name: 'MAPCHECK_RUNS not a positive integer', variable: 'MAPCHECK_RUNS', arb: fc.constantFrom('0', '-5', '2.5', 'lots', '1e400', 'NaN') },
  { name: 'MAPCHECK_TIME not a positive number', variable: 'MAPCHECK_TIME', arb: fc.constantFrom('0', '-1', 'soon', 'NaN', 'Infinity') },
  { name: 'MAPCHECK_SEED out of range', variable: 'MAPCHECK_SEED', arb: fc.oneof(fc.constantFrom('-1', '4294967296', '0x10', '1.5', 'x'), fc.bigInt({ min: 4294967296n, max: 2n ** 64n }).map(String)) },
  { name: 'MAPCHECK_MAX_STEPS not a positive integer', variable: 'MAPCHECK_MAX_STEPS', arb: fc.constantFrom('0', '-3', '2.5', 'many') },
];

// ------------------------------------------------------------------------------------------------

let dirs = 0;
/** Every file under `dir`, recursively (what a command may have written). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Exit 2, one line on stderr naming `names`, no stack trace, nothing on stdout, nothing written. */
async function expectBadInput(argv: string[], names: readonly string[], dir: string): Promise<void> {
  const before = filesUnder(dir);
  const { code, out, err } = await cli(...argv);
  const why = `mapcheck ${JSON.stringify(argv).slice(0, 300)}\nstderr: ${err}`;
  expect(code, why).toBe(2);
  expect(out, why).toBe('');
  expect(err.endsWith('\n'), why).toBe(true);
  expect(err.slice(0, -1), why).not.toContain('\n');
  expect(err, why).not.toMatch(/\bat .*\(.*:\d+:\d+\)|internal error/);
  for (const n of names) expect(err, why).toContain(n);
  expect(filesUnder(dir), `${why}\nwrote files`).toEqual(before);
}

const KIND_COUNT = PROGRAM_KINDS.length + CASE_KINDS.length + PROFILE_KINDS.length + FLAG_KINDS.length + ENV_KINDS.length;
const RUNS_PER_KIND = 4;

describe(`loader fuzz: ${KIND_COUNT} kinds of bad input, ${RUNS_PER_KIND} random inputs each`, () => {
  test('at least 60 distinct kinds', () => {
    const names = [...PROGRAM_KINDS, ...CASE_KINDS, ...PROFILE_KINDS, ...FLAG_KINDS, ...ENV_KINDS].map((k) => k.name);
    console.log(
      `loader fuzz: ${names.length} kinds of bad input (${PROGRAM_KINDS.length} program, ${CASE_KINDS.length} case, ${PROFILE_KINDS.length} profile, ` +
        `${FLAG_KINDS.length} flag, ${ENV_KINDS.length} environment)`,
    );
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(60);
  });

  const fileTest = (kinds: FileKind[], argv: (file: string, out: string) => string[], what: string) =>
    test.for(kinds.map((k) => [k.name, k] as const))(`${what}: %s`, async ([, kind]) => {
      await fc.assert(
        fc.asyncProperty(kind.arb, async ({ text, field }) => {
          const dir = mkdtempSync(join(scratch, `k${dirs++}-`));
          const file = join(dir, 'input.json');
          writeFileSync(file, text);
          await expectBadInput(argv(file, join(dir, 'out')), field === null ? [file] : [file, `field ${field}`], dir);
        }),
        { seed: SEED, numRuns: RUNS_PER_KIND },
      );
    });

  fileTest(PROGRAM_KINDS, (file) => ['run', file], 'program file');
  fileTest(CASE_KINDS, (file) => ['explain', file], 'case file');
  fileTest(PROFILE_KINDS, (file, out) => ['fuzz', '--profile', file, '--runs', '1', '--out', out], 'profile file');

  test.for(FLAG_KINDS.map((k) => [k.name, k] as const))('flag: %s', async ([, kind]) => {
    await fc.assert(
      fc.asyncProperty(kind.arb, async ({ argv, names }) => {
        const dir = mkdtempSync(join(scratch, `f${dirs++}-`));
        const withOut = argv[0] === 'fuzz' ? [...argv, '--out', join(dir, 'out')] : argv;
        await expectBadInput(withOut, [names], dir);
      }),
      { seed: SEED, numRuns: RUNS_PER_KIND },
    );
  });

  test.for(ENV_KINDS.map((k) => [k.name, k] as const))('environment: %s', async ([, kind]) => {
    fc.assert(
      fc.property(kind.arb, (value) => {
        let message = '';
        try {
          campaignBudgetFromEnv({ [kind.variable]: value }, false);
        } catch (e) {
          message = (e as Error).message;
        }
        expect(message, `${kind.variable}=${value}`).toContain(`${kind.variable}=`);
        expect(message).not.toContain('\n');
      }),
      { seed: SEED, numRuns: RUNS_PER_KIND },
    );
  });
});
