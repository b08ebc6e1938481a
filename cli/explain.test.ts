import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Program } from '../lang/program.js';
import type { Snapshot } from '../lang/observation.js';
import { loadProfile } from '../profiles/index.js';
import { buildCase, loadCaseFile, saveCase } from '../counterexamples/case.js';
import { validateProgram } from '../lang/validate.js';
import { explainCase, stateChanges, type Explanation } from './explain.js';
import { DETACH, REATTACH, cli } from './test-support.js';


const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-explain-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));


const spec = loadProfile('spec');
const found = { by: 'explain test', seed: null, date: '2026-01-01' };

describe('the re-attach seed (spec against cray-19)', () => {
  test('text: the kernel read diverges, with both device pointer values and the attach action cited', async () => {
    const { code, out, err } = await cli('explain', REATTACH);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toMatch(/^>>\s+6\s+!\$acc parallel present\(c\) \{ read c%p \}\s+read \[10\*2\]\s+read \[10\*1\]\s+no$/m);
    expect(out).toContain('divergence at step 6 (observation)');
    expect(out).toContain('    model:spec: c%p AC 1 → dev#3+0[10] (device copy of b)');
    expect(out).toContain('    model:cray-19: c%p AC 2 → dev#2+0[10] (device copy of a)');
    expect(out).toMatch(/the states first differ after step 5 [^\n]*\n(?:\s+[^\n]*\n)*?\s+OpenACC 3\.3 §2\.7\.2 Attach Action\n/);
    // Per-step state changes: step 5 re-points the device pointer on spec, only counts on cray-19.
    expect(out).toMatch(/^\s+model:spec\s+~ c%p dev dev#2\+0\[10\] → dev#3\+0\[10\] \(device copy of b\)$/m);
    expect(out).toMatch(/^\s+model:cray-19\s+~ c%p AC 1→2$/m);
    expect(out).toMatch(/^\s+both\s+\+ a \[0x1000,0x1028\) dev#2 SRC 0 DRC 1$/m);
    // The report starts with the world and explains its notation; sides are named by profile only.
    expect(out).toMatch(/\nworld:\n {2}integer, target :: a\(10\) = 1 +! host 0x1000\.\.0x1028\n {2}integer, target :: b\(10\) = 2 /);
    expect(out).toMatch(/\nnotation:\n(?: {2}.*\n)* {2}ac +attachment counter of a pointer member/);
    expect(out).not.toMatch(/\ba = |\bb = |^\s+a,b\s/m);
    expect(out).toContain('irrelevant steps: none');
  });

  test('json: the same facts as data, rules split into version, section and title', async () => {
    const { code, out } = await cli('explain', REATTACH, '--format', 'json');
    expect(code).toBe(0);
    const e = JSON.parse(out) as Explanation;
    expect(e.sides).toEqual({ a: 'model:spec', b: 'model:cray-19' });
    expect(e.steps).toHaveLength(6);
    expect(e.steps.map((s) => s.irrelevant)).toEqual([false, false, false, false, false, false]);
    expect(e.divergence).toMatchObject({ step: 6, kind: 'observation' });
    expect(e.divergence!.pointers.a).toEqual([
      expect.objectContaining({ member: 'c%p', ac: 1, value: { space: 'dev', block: 3, offset: 0, count: 10 } }),
    ]);
    expect(e.divergence!.pointers.b).toEqual([
      expect.objectContaining({ member: 'c%p', ac: 2, value: { space: 'dev', block: 2, offset: 0, count: 10 } }),
    ]);
    expect(e.divergence!.rules.a.rules).toContainEqual(expect.objectContaining({ version: 'OpenACC 3.3', section: '§2.5.1', title: 'Parallel Construct' }));
    expect(e.stateSplit!.step).toBe(5);
    for (const side of ['a', 'b'] as const)
      expect(e.stateSplit!.rules[side].rules).toContainEqual({
        citation: 'OpenACC 3.3 §2.7.2 Attach Action',
        version: 'OpenACC 3.3',
        section: '§2.7.2',
        title: 'Attach Action',
      });
  });

  test('md: a table with the diverging row marked, and the rules', async () => {
    const { code, out } = await cli('explain', REATTACH, '--format', 'md');
    expect(code).toBe(0);
    expect(out).toMatch(/^\| \| # \| step \| model:spec \| model:cray-19 \| state changes model:spec \| state changes model:cray-19 \| irrelevant \|$/m);
    expect(out).toContain('```fortran\ninteger, target :: a(10) = 1');
    expect(out).toMatch(/^\| \*\*>>\*\* \| 6 \| `!\$acc parallel present\(c\) \{ read c%p \}` \| read \[10\*2\] \| read \[10\*1\] \|/m);
    expect(out).toContain('## Divergence at step 6 (observation)');
    expect(out).toContain('  - c%p AC 1 → dev#3+0[10] (device copy of b)');
    expect(out).toMatch(/### The states first differ after step 5.*\n\n- \*\*model:spec, model:cray-19\*\*: .*OpenACC 3\.3 §2\.7\.2 Attach Action/);
  });
});

test('irrelevant steps: a step whose removal keeps the divergence, and steps that cannot be removed alone', () => {
  const e = explainCase(loadCaseFile(DETACH), DETACH);
  expect(e.divergence).toMatchObject({ step: 3, kind: 'state' });
  expect(e.stateSplit).toBeNull();
  expect(e.steps.map((s) => s.irrelevant)).toEqual([true, false, false, true, true, true]);

  // Wrapped in a data region, neither the region's begin nor its end can be removed alone.
  const seed = loadCaseFile(REATTACH).program;
  const program: Program = {
    world: seed.world,
    steps: [{ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['b'] }] }, ...seed.steps, { op: 'acc_data_end' }],
  };
  const path = saveCase(scratch, buildCase({ program, a: { engine: 'model', profile: spec }, b: { engine: 'model', profile: loadProfile('cray-19') }, compare: 'observations', status: 'known-divergence', found }));
  const wrapped = explainCase(loadCaseFile(path), path);
  expect(wrapped.divergence).toMatchObject({ step: 7, kind: 'observation' });
  expect(wrapped.steps.map((s) => s.irrelevant)).toEqual([null, false, false, false, false, false, false, null]);
});

/** A case of `raw` recorded for spec against libgomp, explained. */
function explainAgainstLibgomp(raw: unknown): Explanation {
  const checked = validateProgram(raw);
  if (!checked.ok) throw new Error(checked.message);
  const side = (name: string) => ({ engine: 'model' as const, profile: loadProfile(name) });
  const c = buildCase({ program: checked.program, a: side('spec'), b: side('libgomp'), compare: 'observations', status: 'known-divergence', found });
  return explainCase(c, 'case.json');
}

test('a removal that moves the divergence to another operation is not irrelevant', () => {
  const e = explainAgainstLibgomp({
    world: { arrays: [{ name: 'a', length: 4 }], structs: [{ name: 'c', pointers: ['p'] }] },
    steps: [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
      // K-A16: spec checks one byte (true), libgomp answers false for zero bytes.
      { op: 'acc_is_present', var: 'a', bytes: 0 },
      // K-A2: attaching through an absent struct is a no-op under spec, an error under libgomp.
      { op: 'acc_attach', ptr: 'c%p' },
    ],
  });
  expect(e.divergence).toMatchObject({ step: 2, kind: 'observation' });
  // Without step 1 the sides still differ in what they observe, but at the attach, not at is_present.
  expect(e.steps.map((s) => s.irrelevant)).toEqual([false, false, true]);
});

test('states that differ only in how device blocks are numbered have not split', () => {
  const e = explainAgainstLibgomp({
    world: { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [], devices: [{ kind: 'discrete' }, { kind: 'shared' }] },
    steps: [
      // K-B8: spec copies to the shared-memory device 1 (a block, freed at the end), libgomp maps it in place.
      { op: 'omp_target', device: 1, maps: [{ type: 'tofrom', vars: ['a'] }], body: { read: 'a' } },
      // So this mapping's block is the second allocation under spec and the first under libgomp.
      { op: 'omp_target_enter_data', device: 0, maps: [{ type: 'to', vars: ['a'] }] },
      // K-B1: false under spec, true under libgomp.
      { op: 'omp_target_is_present', ptr: null, device: 0 },
    ],
  });
  expect(e.steps[1]!.changes.a).toEqual(['+ device 0 a [0x1000,0x1010) dev#2+0 RC 1 (map)']);
  expect(e.steps[1]!.changes.b).toEqual(['+ device 0 a [0x1000,0x1010) dev#1+0 RC 1 (map)']);
  expect(e.divergence).toMatchObject({ step: 3, kind: 'observation' });
  expect(e.stateSplit).toBeNull();
});

test('an impl side: rules come from the model under its profile; agreeing sides have nothing to explain', async () => {
  const path = saveCase(
    scratch,
    buildCase({ program: loadCaseFile(REATTACH).program, a: { engine: 'model', profile: spec }, b: { engine: 'impl', profile: spec }, compare: 'state', status: 'fixed', found }),
  );
  const e = explainCase(loadCaseFile(path), path);
  expect(e.divergence).toBeNull();
  expect(e.steps.every((s) => s.irrelevant === null)).toBe(true);
  expect(e.steps[4]!.changes.b).toEqual(e.steps[4]!.changes.a);
  const { code, out } = await cli('explain', path);
  expect(code).toBe(0);
  expect(out).toContain("the sides agree under 'state' comparison: no divergence to explain");
});

test('an impl side at a divergence says where its rules come from', () => {
  // A case as an impl bug would leave it: recorded against the impl, replayed under cray-19 for the impl.
  const program = loadCaseFile(REATTACH).program;
  const path = saveCase(
    scratch,
    buildCase({ program, a: { engine: 'model', profile: spec }, b: { engine: 'impl', profile: loadProfile('cray-19') }, compare: 'observations', status: 'fixed', found }),
  );
  const e = explainCase(loadCaseFile(path), path);
  expect(e.divergence?.step).toBe(6);
  expect(e.divergence!.rules.a.source).toBe('model');
  expect(e.divergence!.rules.b.source).toBe('model under profile cray-19 (the impl records no rules)');
  expect(e.divergence!.rules.b.rules.map((r) => r.title)).toContain('Parallel Construct');
});

describe('stateChanges', () => {
  const world = loadCaseFile(REATTACH).program.world;
  const empty: Snapshot = { sections: [], attachments: [], ompEntries: [], ompPointers: [] };

  test('sections and attachments: added, changed, removed', () => {
    const s1: Snapshot = {
      ...empty,
      sections: [
        { host: [0x1000, 0x1028], block: 2, src: 0, drc: 1 },
        { host: [0x1400, 0x1410], block: 1, src: 0, drc: 1 },
      ],
      attachments: [{ ptr: 0x1400, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 2 } }],
    };
    const s2: Snapshot = { ...empty, sections: [{ host: [0x1000, 0x1028], block: 2, src: 1, drc: 1 }] };
    expect(stateChanges(world, empty, s1)).toEqual([
      '+ a [0x1000,0x1028) dev#2 SRC 0 DRC 1',
      '+ c [0x1400,0x1410) dev#1 SRC 0 DRC 1',
      '+ c%p AC 1 dev dev#2+4[2] (device copy of a(2:3))',
    ]);
    expect(stateChanges(world, s1, s2)).toEqual(['~ a SRC 0→1', '- c [0x1400,0x1410) dev#1', '- c%p']);
    expect(stateChanges(world, s2, s2)).toEqual([]);
  });

  test('OpenMP entries and pointers', () => {
    const s1: Snapshot = {
      ...empty,
      ompEntries: [
        { device: 0, host: [0x1200, 0x1228], block: 4, offset: 0, rc: 1, origin: 'map' },
        { device: 1, host: [0x1000, 0x1028], block: null, offset: 0, rc: 'inf', origin: 'associate' },
      ],
      ompPointers: [{ device: 0, ptr: 0x1400, value: { space: 'host', addr: 0x1200, count: 10 } }],
    };
    const s2: Snapshot = {
      ...empty,
      ompEntries: [{ device: 0, host: [0x1200, 0x1228], block: 4, offset: 0, rc: 2, origin: 'map' }],
      ompPointers: [{ device: 0, ptr: 0x1400, value: { space: 'dev', block: 4, offset: 0, count: 10 } }],
    };
    expect(stateChanges(world, empty, s1)).toEqual([
      '+ device 0 b [0x1200,0x1228) dev#4+0 RC 1 (map)',
      '+ device 1 a [0x1000,0x1028) self RC inf (associate)',
      '+ device 0 c%p → host:0x1200[10] (b)',
    ]);
    expect(stateChanges(world, s1, s2)).toEqual([
      '~ device 0 b RC 1→2',
      '- device 1 a [0x1000,0x1028)',
      '~ device 0 c%p host:0x1200[10] → dev#4+0[10] (device copy of b on device 0)',
    ]);
  });
});

describe('bad input', () => {
  test('a missing file; a plain program is explained on the sides given (default spec against impl:spec)', async () => {
    const missing = await cli('explain', join(scratch, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nope\.json: cannot read file \(ENOENT\)\n$/);
    const file = join(scratch, 'program.json');
    writeFileSync(file, JSON.stringify(loadCaseFile(REATTACH).program));
    const plain = await cli('explain', file);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('the sides agree');
    const sides = await cli('explain', file, '--sides', 'spec,cray-19');
    expect(sides.code).toBe(0);
    expect(sides.out).toMatch(/divergence at step 6 \(observation\)/);
    const onCase = await cli('explain', REATTACH, '--sides', 'spec,cray-19');
    expect(onCase.code).toBe(2);
    expect(onCase.err).toBe(`error: ${REATTACH}: a saved case names its own sides; --sides is for plain programs\n`);
  });

  test('an unknown format', async () => {
    const { code, err } = await cli('explain', REATTACH, '--format', 'html');
    expect(code).toBe(2);
    expect(err).toMatch(/--format.*html.*invalid/);
  });
});
