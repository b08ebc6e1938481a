// Profiles: every built-in profile resolves through `extends` to a reading of every knob with its
// evidence; JSON profile files overlay a built-in; every bad file is refused with one line naming
// the file and the field; stored readings rebuild a profile.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { BUILTIN_PROFILES, KNOBS, ProfileError, builtinProfile, builtinProfileNames, differingKnobs, loadProfile, profileFromReadings } from './index.js';
import { defaultKnobValues, knobDef } from './knobs.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-profiles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
/** A profile file holding `text`, under a fresh name. */
function file(text: string, name = `p${n++}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('built-in profiles', () => {
  test('each resolves to a valid reading of every knob; settings carry confidence and evidence', () => {
    for (const name of builtinProfileNames()) {
      const p = loadProfile(name);
      expect(p.name).toBe(name);
      for (const k of KNOBS) {
        expect(k.readings.map((r) => r.id), `${name} ${k.id}`).toContain(p.knobs[k.id]);
        const s = p.settings[k.id];
        if (s === null) expect(p.knobs[k.id], `${name} ${k.id}: no setting means the spec reading`).toBe(k.default);
        else {
          expect(s.reading).toBe(p.knobs[k.id]);
          expect(['measured', 'source', 'doc', 'hypothesis']).toContain(s.confidence);
          expect(s.evidence.length, `${name} ${k.id} evidence`).toBeGreaterThan(10);
        }
      }
    }
  });

  test('spec is every knob at its default, with no settings', () => {
    const spec = loadProfile('spec');
    expect(spec.knobs).toEqual(defaultKnobValues());
    expect(Object.values(spec.settings).every((s) => s === null)).toBe(true);
  });

  test('a profile that extends spec differs from it exactly on the knobs it sets', () => {
    const spec = loadProfile('spec');
    for (const src of BUILTIN_PROFILES.filter((p) => p.extends === 'spec')) {
      const changed = Object.entries(src.knobs).filter(([id, s]) => s && s.reading !== knobDef(id)!.default).map(([id]) => id);
      expect(differingKnobs(spec, loadProfile(src.name)).sort(), src.name).toEqual(changed.sort());
    }
    expect(differingKnobs(loadProfile('cray-19'), loadProfile('nvfortran-25.3'))).toEqual(['K-A4', 'K-A9']);
  });

  test('builtinProfile answers built-in names only', () => {
    expect(builtinProfile('libgomp')?.knobs['K-B1']).toBe('true');
    expect(builtinProfile('./libgomp.json')).toBeNull();
  });

  test('an unknown name is refused, listing the built-in profiles', () => {
    expect(() => loadProfile('pgi-1')).toThrow(ProfileError);
    expect(() => loadProfile('pgi-1')).toThrow(/unknown profile 'pgi-1' \(built-in: spec, /);
  });
});

describe('JSON profile files', () => {
  test('extends a built-in: its readings, then the file’s, with the evidence given or "set in" the file', () => {
    const path = file(JSON.stringify({ name: 'mine', extends: 'libgomp', knobs: { 'K-A9': 'decrement', 'K-B1': { reading: 'false', evidence: 'our test prints 0' } } }));
    const p = loadProfile(path);
    const libgomp = loadProfile('libgomp');
    expect(p.name).toBe('mine');
    expect(differingKnobs(libgomp, p).sort()).toEqual(['K-A9', 'K-B1']);
    expect(p.knobs['K-A2']).toBe('error');
    expect(p.settings['K-A2']).toEqual(libgomp.settings['K-A2']);
    expect(p.settings['K-A9']).toEqual({ reading: 'decrement', confidence: 'hypothesis', evidence: `set in ${path}` });
    expect(p.settings['K-B1']).toEqual({ reading: 'false', confidence: 'hypothesis', evidence: 'our test prints 0' });
  });

  test('without extends it extends spec; without a name it is named after the file', () => {
    const p = loadProfile(file(JSON.stringify({ knobs: { 'K-A16': 'false' } }), 'my-runtime.json'));
    expect(p.name).toBe('my-runtime');
    expect(differingKnobs(loadProfile('spec'), p)).toEqual(['K-A16']);
    expect(p.description).toContain('my-runtime.json');
  });

  test('a file named after a built-in that extends it is not a cycle', () => {
    const p = loadProfile(file(JSON.stringify({ extends: 'cray-19', knobs: { 'K-A9': 'noop' } }), 'cray-19.json'));
    expect(p.name).toBe('cray-19');
    expect(p.knobs['K-A4']).toBe('counter-only');
    expect(p.knobs['K-A9']).toBe('noop');
  });

  test.each([
    ['not JSON', '{ "extends": ', /: not valid JSON \(/],
    ['an array', '[]', /: field \(top level\): a profile is a JSON object/],
    ['an unknown field', '{ "extend": "spec" }', /: field extend: unknown field \(allowed: name, description, extends, knobs, measured\)/],
    ['extends not a string', '{ "extends": 3 }', /: field extends: must be the name of a built-in profile/],
    ['extends an unknown profile', '{ "extends": "pgi-1" }', /: field extends: unknown profile 'pgi-1' \(built-in: /],
    ['a name that is not a string', '{ "name": 3 }', /: field name: must be a string/],
    ['a description that is not a string', '{ "description": [] }', /: field description: must be a string/],
    ['knobs not an object', '{ "knobs": ["K-A4"] }', /: field knobs: must be an object of knob id → reading/],
    ['an unknown knob', '{ "knobs": { "K-Z9": "x" } }', /: field knobs\.K-Z9: unknown knob id \(known: K-A1, /],
    ['an unknown reading', '{ "knobs": { "K-A16": "sometimes" } }', /: field knobs\.K-A16: unknown reading "sometimes" \(readings: one-byte, present-at-all, false\)/],
    ['an unknown reading in an object', '{ "knobs": { "K-A16": { "reading": "never" } } }', /: field knobs\.K-A16\.reading: unknown reading "never"/],
    ['an object without a reading', '{ "knobs": { "K-A16": { "evidence": "x" } } }', /: field knobs\.K-A16\.reading: unknown reading undefined/],
    ['an unknown field in a knob object', '{ "knobs": { "K-A16": { "reading": "false", "why": "x" } } }', /: field knobs\.K-A16\.why: unknown field \(allowed: reading, evidence\)/],
    ['evidence that is not a string', '{ "knobs": { "K-A16": { "reading": "false", "evidence": 1 } } }', /: field knobs\.K-A16\.evidence: must be a string/],
    ['a reading that is neither a string nor an object', '{ "knobs": { "K-A16": 0 } }', /: field knobs\.K-A16: expected a reading id or \{ "reading": …, "evidence": … \}/],
  ])('%s is refused with one line naming the file and the field', (_what, text, message) => {
    const path = file(text);
    let error: unknown;
    try {
      loadProfile(path);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ProfileError);
    const m = (error as Error).message;
    expect(m.startsWith(`${path}: `)).toBe(true);
    expect(m).toMatch(message);
    expect(m).not.toContain('\n');
  });

  test('a file that cannot be read is refused naming it', () => {
    const missing = join(dir, 'missing.json');
    expect(() => loadProfile(missing)).toThrow(ProfileError);
    expect(() => loadProfile(missing)).toThrow(new RegExp(`^${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  });
});

describe('profiles from stored readings', () => {
  test('knobs the readings name take them, the rest the spec reading', () => {
    const p = profileFromReadings('old-case', { 'K-A4': 'counter-only' }, 'sides.b.knobs');
    expect(differingKnobs(loadProfile('spec'), p)).toEqual(['K-A4']);
    expect(p.settings['K-A4']?.evidence).toContain('old-case');
  });

  test('an unknown knob or reading names the field', () => {
    expect(() => profileFromReadings('x', { 'K-Z1': 'a' }, 'sides.a.knobs')).toThrow(/^field sides\.a\.knobs\.K-Z1: unknown knob id/);
    expect(() => profileFromReadings('x', { 'K-A4': 'sometimes' }, 'sides.a.knobs')).toThrow(/^field sides\.a\.knobs\.K-A4: unknown reading "sometimes"/);
  });
});

describe('profile files shipped beside the built-in profiles', () => {
  test('profiles/libgomp-c.json extends libgomp with the C front end attach order (K-A17)', () => {
    const p = loadProfile(join(dirname(fileURLToPath(import.meta.url)), 'libgomp-c.json'));
    expect(p.name).toBe('libgomp-c');
    expect(p.knobs['K-A17']).toBe('attach-first');
    expect(p.knobs['K-A2']).toBe(loadProfile('libgomp').knobs['K-A2']);
    expect(p.settings['K-A17']!.evidence).toMatch(/issue 10/);
  });
});
