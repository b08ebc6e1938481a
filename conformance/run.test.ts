// The runner itself: it reports a wrong expectation on both engines, resolves overrides through
// `extends`, adds runs for knob readings, and refuses malformed rows.

import { describe, expect, test } from 'vitest';
import { checkRow, matches, rowProfiles, stepExpectations } from './run.js';
import { extendsChain } from './rows.js';
import { HALTED, UNDEF, err, garbagePointerFrom, ok, oneOf, per, readAll, section, value, type Row } from './rows.js';
import { accDelete, copyin, enterData, exitData, del, hostRead, map, ompEnter, targetRead } from './steps.js';
import { ACC_WORLD, OMP_WORLD } from './worlds.js';

const sec = (rows: Row[]) => section({ spec: 'OpenACC 3.3', section: '0', title: 'test', rules: [], world: ACC_WORLD, rows });

describe('checkRow', () => {
  test('a wrong expectation is reported for both engines under every profile', () => {
    const row: Row = { name: 'wrong', steps: [enterData(copyin('a'))], last: err('acc_error_present') };
    const failures = checkRow(sec([row]), row);
    expect(failures.filter((f) => f.startsWith('model under spec,'))).toHaveLength(1);
    expect(failures.filter((f) => f.startsWith('impl under spec,'))).toHaveLength(1);
    expect(failures).toHaveLength(2 * rowProfiles(row).length);
    expect(failures[0]).toContain('expected error acc_error_present, observed ok');
  });

  test('a wrong state is reported', () => {
    const row: Row = { name: 'state', steps: [enterData(copyin('a'))], last: ok, state: { 1: { sections: [] } } };
    expect(checkRow(sec([row]), row)[0]).toMatch(/^model under spec, state after step 1: sections: expected \[\]/);
  });

  test('a knob-reading override adds a run under spec with that reading', () => {
    const row: Row = { name: 'K-A6', steps: [accDelete('a')], last: per(ok, { 'K-A6=error': err('acc_error_not_present') }) };
    expect(rowProfiles(row).map((p) => p.key)).toContain('K-A6=error');
    expect(checkRow(sec([row]), row)).toEqual([]);
    const wrong: Row = { ...row, last: per(ok, { 'K-A6=error': ok }) };
    expect(checkRow(sec([wrong]), wrong)).toHaveLength(2);
  });

  test('malformed rows are refused before they run', () => {
    expect(checkRow(sec([]), { name: 'x', steps: [accDelete('a')] })).toEqual(['row gives no expectation for its last step']);
    expect(checkRow(sec([]), { name: 'x', steps: [accDelete('a')], last: ok, at: { 2: ok } })).toEqual(['row names step 2, outside 1..1']);
    expect(() => rowProfiles({ name: 'x', steps: [], last: per(ok, { 'no-such-profile': ok }) })).toThrow(/neither a built-in profile/);
    expect(() => rowProfiles({ name: 'x', steps: [], last: per(ok, { 'K-A6=sometimes': ok }) })).toThrow(/no reading 'sometimes'/);
  });
});

describe('expectations', () => {
  test('an override applies to the profiles that extend it, nearest first', () => {
    expect(extendsChain('cray-19')).toEqual(['cray-19', 'spec']);
    const row: Row = { name: 'x', steps: [exitData(del('a'))], last: per(value(0), { spec: value(1), 'cray-19': value(true) }) };
    const byKey = new Map(rowProfiles(row).map((p) => [p.key, stepExpectations(row, p)[0]]));
    expect(byKey.get('cray-19')).toEqual(value(true));
    expect(byKey.get('nvfortran-25.3')).toEqual(value(1));
  });

  test('unlisted steps run, or are halted after an expected stop', () => {
    const row: Row = { name: 'x', steps: [accDelete('a'), accDelete('a'), accDelete('a')], at: { 1: UNDEF }, last: HALTED };
    expect(stepExpectations(row, rowProfiles(row)[0]!)).toEqual([UNDEF, HALTED, HALTED]);
    const runs: Row = { name: 'x', steps: [accDelete('a'), accDelete('a')], last: ok };
    expect(stepExpectations(runs, rowProfiles(runs)[0]!)[0]).toEqual({ kind: 'runs' });
  });

  test('matching: messages are ignored, sets allow any member, runs allows ok/value/read only', () => {
    expect(matches({ kind: 'error', code: 'acc_error_not_present', message: 'x' }, err('acc_error_not_present'))).toBe(true);
    expect(matches({ kind: 'undefined', message: 'x' }, UNDEF)).toBe(true);
    expect(matches({ kind: 'value', value: true }, oneOf(value(false), value(true)))).toBe(true);
    expect(matches({ kind: 'value', value: true }, oneOf(value(false), ok))).toBe(false);
    expect(matches({ kind: 'read', values: [1, 1] }, readAll(2, 1))).toBe(true);
    expect(matches({ kind: 'read', values: [1, null] }, readAll(2, 1))).toBe(false);
    expect(matches({ kind: 'halted' }, { kind: 'runs' })).toBe(false);
    expect(matches({ kind: 'value', value: { block: 1, offset: 0 } }, { kind: 'runs' })).toBe(true);
  });
});

describe('garbagePointerFrom (gcc-12 K-B60: a kernel through a pointer component target enter data wrote)', () => {
  const world = { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };
  const enter = ompEnter([map('to', ['c', 'c%p'])]);
  const expectations = (row: Row, key: string) => stepExpectations(row, rowProfiles(row).find((p) => p.key === key)!);
  test('the first kernel through the member after the enter data is undefined under gcc-12, the steps after it halted', () => {
    const row: Row = { name: 'r', steps: [enter, targetRead('c%p'), hostRead('a')], last: readAll(10, 1) };
    const out = garbagePointerFrom(row, 'gcc-12', world);
    expect(expectations(out, 'gcc-12').slice(1)).toEqual([UNDEF, HALTED]);
    expect(expectations(out, 'spec')[2]).toEqual(readAll(10, 1));
  });
  test('a target construct that stops the program ends the scan: no kernel after it is marked', () => {
    const row: Row = { name: 'r', steps: [enter, targetRead('b'), targetRead('c%p')], at: { 2: per(ok, { 'gcc-12': err('fatal_lowering') }) }, last: per(readAll(10, 1), { 'gcc-12': HALTED }) };
    expect(expectations(garbagePointerFrom(row, 'gcc-12', world), 'gcc-12')).toEqual(expectations(row, 'gcc-12'));
  });
});
