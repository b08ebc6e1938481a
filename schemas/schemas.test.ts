// The shipped JSON Schemas: generated from the zod schemas (cli/json.ts), every example and saved
// case validates against them, malformed input does not, and every command's --json document
// validates against the schema shipped for it (checked with Ajv, a JSON Schema validator that knows
// nothing of zod).

import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, test } from 'vitest';
import { allSchemas } from '../cli/json.js';
import { cli, DETACH, REATTACH } from '../cli/test-support.js';
import { listCaseFiles, loadCaseFile } from '../counterexamples/case.js';
import { CORPUS_DIR } from '../counterexamples/store.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-schemas-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
const shipped = Object.fromEntries(
  readdirSync(here)
    .filter((f) => f.endsWith('.schema.json'))
    .map((f) => [f.replace('.schema.json', ''), JSON.parse(readFileSync(join(here, f), 'utf8')) as Record<string, unknown>]),
);
for (const schema of Object.values(shipped)) ajv.addSchema(schema);

/** Validates `doc` against the shipped schema `name`; returns Ajv's errors as text ('' when valid). */
function problems(name: string, doc: unknown): string {
  const validate = ajv.getSchema(`https://mapcheck.invalid/schemas/${name}.schema.json`);
  if (!validate) throw new Error(`no shipped schema ${name}`);
  return validate(doc) ? '' : ajv.errorsText(validate.errors);
}

test('the shipped schemas are what `npm run schemas` generates from the zod schemas', () => {
  const generated = allSchemas();
  expect(Object.keys(shipped).sort(), 'run npm run schemas').toEqual(Object.keys(generated).sort());
  for (const [name, schema] of Object.entries(generated)) expect(shipped[name], `schemas/${name}.schema.json is stale: run npm run schemas`).toEqual(schema);
});

describe('examples validate', () => {
  const cases = listCaseFiles(CORPUS_DIR);
  test.each(cases.map((f) => [f.slice(CORPUS_DIR.length + 1), f]))('case %s and its program', (_name, file) => {
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    expect(problems('case', raw)).toBe('');
    expect(problems('program', raw.program)).toBe('');
  });

  const examples = readdirSync(join(root, 'examples'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(root, 'examples', f));
  test.each(examples.map((f) => [f.slice(root.length + 1), f]))('%s', (_name, file) => {
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    expect(problems(file.endsWith('.profile.json') ? 'profile' : 'program', raw)).toBe('');
  });

  test('the README profile example and a profile with evidence validate', () => {
    expect(problems('profile', { name: 'my-runtime', extends: 'spec', knobs: { 'K-A9': { reading: 'error', evidence: 'aborts in our tests' } } })).toBe('');
    expect(problems('profile', { extends: 'cray-19', knobs: { 'K-A4': 'counter-only' } })).toBe('');
  });

  test.each([
    ['program', { world: { arrays: [], structs: [] }, steps: [{ op: 'acc_frobnicate' }] }, 'an unknown op'],
    ['program', { world: { arrays: [{ name: 'a', length: 1 }], structs: [] }, steps: [{ op: 'acc_copyin', vars: 'a' }] }, 'a misspelt field'],
    ['program', { steps: [] }, 'no world'],
    ['profile', { knobs: { 'K-A9': 'sometimes' } }, 'an unknown reading'],
    ['profile', { knobs: { 'K-Z1': 'noop' } }, 'an unknown knob'],
    ['case', { format: 'mapcheck-case/2' }, 'another case format'],
  ] as [string, unknown, string][])('%s: rejects %j (%s)', (name, doc) => {
    expect(problems(name, doc)).not.toBe('');
  });
});

describe("every command's --json output validates against its shipped schema", () => {
  const json = async (schema: string, ...argv: string[]) => {
    const { code, out, err } = await cli(...argv);
    expect(code, err).toBeLessThanOrEqual(1);
    const doc = JSON.parse(out);
    expect(problems(schema, doc)).toBe('');
    if (schema !== 'case') expect(doc.schemaVersion).toBe(1);
    return doc;
  };

  test('run: one profile, with state', async () => {
    await json('run', 'run', REATTACH, '--json', '--state', '--profile', 'cray-19');
  });
  test('run: several profiles and programs', async () => {
    const doc = await json('run', 'run', REATTACH, DETACH, '--json', '--profile', 'spec,cray-19,libgomp,llvm-offload');
    expect(doc.programs[0].steps[5].differs).toEqual(['cray-19', 'libgomp']);
    expect(doc.warnings).toEqual([expect.stringContaining('llvm-offload records no evidence for OpenACC')]);
  });
  test('fuzz: nothing found', async () => {
    await json('fuzz', 'fuzz', '--runs', '5', '--seed', '1', '--json', '--out', join(scratch, 'f1'));
  });
  test('fuzz: a find, and --no-coverage', async () => {
    const doc = await json('fuzz', 'fuzz', '--against', 'libgomp', '--runs', '1', '--seed', '4', '--json', '--no-coverage', '--out', join(scratch, 'f2'));
    expect(doc.found.saved).toContain(join(scratch, 'f2'));
    expect(doc.exitCode).toBe(1);
  });
  test('diff', async () => {
    // seed 45: its 300 programs reach an observable K-A4 class (cli/run.test.ts diff --summary)
    const doc = await json('diff', 'diff', 'spec', 'cray-19', '--runs', '300', '--seed', '45', '--json', '--out', join(scratch, 'd'));
    expect(doc.classes.length).toBeGreaterThan(0);
  });
  test('explain: a case, and a plain program on two sides', async () => {
    await json('explain', 'explain', REATTACH, '--json');
    await json('explain', 'explain', REATTACH, '--format', 'json');
    const program = join(scratch, 'program.json');
    writeFileSync(program, JSON.stringify(loadCaseFile(DETACH).program));
    const doc = await json('explain', 'explain', program, '--json', '--sides', 'spec,cray-19', '--compare', 'state');
    expect(doc.sides).toEqual({ a: 'model:spec', b: 'model:cray-19' });
  });
  test('profiles and profile show', async () => {
    await json('profiles', 'profiles', '--json');
    await json('profile-show', 'profile', 'show', 'libgomp', '--json');
  });
  test('case and promote', async () => {
    const program = join(scratch, 'to-case.json');
    writeFileSync(program, JSON.stringify(loadCaseFile(REATTACH).program));
    const c = await json('case', 'case', program, '--sides', 'spec,cray-19', '--json');
    expect(c.status).toBe('known-divergence');
    const file = join(scratch, 'made.json');
    writeFileSync(file, JSON.stringify(c));
    await json('promote', 'promote', file, '--name', 'made', '--to', join(scratch, 'corpus'), '--json');
  });
  test('import', async () => {
    const doc = await json('import', 'import', join(root, 'examples', 'seed-reattach.f90'), '--json');
    expect(doc.program).toEqual(loadCaseFile(REATTACH).program);
  });
  test('emit', async () => {
    const doc = await json('emit', 'emit', REATTACH, '--lang', 'c', '--json');
    expect(doc.source).toContain('#include');
  });
});
