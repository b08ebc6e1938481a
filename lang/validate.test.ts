import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { InputError, loadProgramFile, validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-validate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};

let fileCount = 0;
function writeProgram(content: unknown): string {
  const path = join(dir, `program-${++fileCount}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

/** The one-line InputError message for a file holding `content`. */
function loadError(content: unknown): { path: string; message: string } {
  const path = writeProgram(content);
  try {
    loadProgramFile(path);
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    const message = (e as Error).message;
    expect(message).not.toContain('\n');
    return { path, message };
  }
  throw new Error(`expected ${path} to be rejected`);
}

describe('loadProgramFile', () => {
  test('accepts the re-attach seed program', () => {
    const program = {
      world,
      steps: [
        { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
      ],
    };
    expect(loadProgramFile(writeProgram(program))).toEqual(program);
  });

  test('accepts a saved case and returns its program', () => {
    const program = { world, steps: [{ op: 'host_read', var: 'a(2:5)' }] };
    expect(loadProgramFile(writeProgram({ format: 'mapcheck-case/1', program }))).toEqual(program);
  });

  test('bad JSON', () => {
    const { path, message } = loadError('{"world": ');
    expect(message).toMatch(new RegExp(`^${escape(path)}: not valid JSON: `));
  });

  test('unknown op', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'host_read', var: 'a' }, { op: 'acc_enter', clauses: [] }] });
    expect(message).toBe(
      `${path}: step 2 (acc_enter): field op: unknown op "acc_enter" (known: ${message.split('(known: ')[1]}`,
    );
    expect(message).toContain('acc_enter_data');
  });

  test('missing field', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'pointer_assign', ptr: 'c%p' }] });
    expect(message).toBe(`${path}: step 1 (pointer_assign): field target: required field is missing (expected string)`);
  });

  test('undeclared variable', () => {
    const { path, message } = loadError({
      world,
      steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a', 'x'] }] }],
    });
    expect(message).toBe(`${path}: step 1 (acc_enter_data): field clauses[0].vars[1]: 'x' is not declared in the world`);
  });

  test('bad subarray bounds', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'host_read', var: 'a' }, { op: 'acc_copyin', var: 'a(3:11)' }] });
    expect(message).toBe(`${path}: step 2 (acc_copyin): field var: bounds (3:11) of 'a(3:11)' are outside a(1:10) or empty`);
  });

  test('unbalanced data end', () => {
    const { path, message } = loadError({
      world,
      steps: [
        { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] },
        { op: 'acc_data_end' },
        { op: 'acc_data_end' },
      ],
    });
    expect(message).toBe(`${path}: step 3 (acc_data_end): field op: no open acc_data_begin to close`);
  });

  test('unknown field', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'acc_exit_data', clauses: [], finalise: true }] });
    expect(message).toBe(`${path}: step 1 (acc_exit_data): field finalise: unknown field 'finalise'`);
  });

  test('world errors name the field without a step', () => {
    const { path, message } = loadError({ world: { ...world, arrays: [{ name: 'a', length: 65 }] }, steps: [] });
    expect(message).toMatch(new RegExp(`^${escape(path)}: field world\\.arrays\\[0\\]\\.length: `));
  });

  test('errors inside a saved case name the program field', () => {
    const { path, message } = loadError({ format: 'mapcheck-case/1', program: { world: { arrays: [] }, steps: [] } });
    expect(message).toBe(`${path}: field program.world.structs: required field is missing (expected array)`);
  });
});

describe('validateProgram', () => {
  const ok = (steps: unknown[]) => validateProgram({ world, steps });

  test.each([
    ['attach clause on a whole struct', { op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['c'] }] }, 'clauses[0].vars[0]'],
    ['detach clause on an array', { op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['a'] }] }, 'clauses[0].vars[0]'],
    ['copy on enter data', { op: 'acc_enter_data', clauses: [{ clause: 'copy', vars: ['a'] }] }, 'clauses[0].clause'],
    ['delete on a region', { op: 'acc_data_begin', clauses: [{ clause: 'delete', vars: ['a'] }] }, 'clauses[0].clause'],
    ['acc_attach on an array', { op: 'acc_attach', ptr: 'a' }, 'ptr'],
    ['pointer_assign to a struct', { op: 'pointer_assign', ptr: 'c%p', target: 'c' }, 'target'],
    ['nullify an array', { op: 'nullify', ptr: 'a' }, 'ptr'],
    ['host_write to a struct', { op: 'host_write', var: 'c', value: 1 }, 'var'],
    ['host_write of a huge value', { op: 'host_write', var: 'a', value: 2e9 }, 'value'],
    ['kernel reading a struct', { op: 'acc_parallel', clauses: [], body: { read: 'c' } }, 'body.read'],
    ['default none', { op: 'acc_parallel', clauses: [], default: 'none', body: { read: 'a' } }, 'default'],
    ['is_present past the end', { op: 'acc_is_present', var: 'a(1:2)', bytes: 9 }, 'bytes'],
    ['finalize not boolean', { op: 'acc_exit_data', clauses: [], finalize: 'yes' }, 'finalize'],
  ])('%s', (_name, step, field) => {
    const r = ok([step]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.step).toBe(0);
      expect(r.field).toBe(field);
    }
  });

  test('world checks: duplicate names, struct init targets, devices', () => {
    const bad = (w: unknown) => validateProgram({ world: w, steps: [] });
    expect(bad({ ...world, structs: [{ name: 'a', pointers: ['p'] }] })).toMatchObject({ ok: false, field: 'world.structs[0].name' });
    expect(bad({ ...world, structs: [{ name: 'c', pointers: ['p', 'p'] }] })).toMatchObject({ ok: false, field: 'world.structs[0].pointers[1]' });
    expect(bad({ ...world, structs: [{ name: 'c', pointers: [] }] })).toMatchObject({ ok: false, field: 'world.structs[0].pointers' });
    expect(bad({ ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'c' } }] })).toMatchObject({
      ok: false,
      field: 'world.structs[0].init.p',
    });
    expect(bad({ ...world, devices: [{ kind: 'shared' }] })).toMatchObject({ ok: false, field: 'world.devices' });
    expect(bad({ ...world, devices: [{ kind: 'discrete' }] })).toMatchObject({ ok: true });
    expect(bad({ ...world, arrays: [{ name: 'a', length: 2, init: [1, 2, 3] }] })).toMatchObject({ ok: false, field: 'world.arrays[0].init' });
  });

  test('accepts every op in a well-formed program', () => {
    const r = ok([
      { op: 'nullify', ptr: 'c%p' },
      { op: 'pointer_assign', ptr: 'c%p', target: 'b(2:5)' },
      { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c'] }, { clause: 'no_create', vars: ['a'] }] },
      { op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'c%p', value: -3 } },
      { op: 'acc_data_end' },
      { op: 'acc_enter_data', clauses: [{ clause: 'create', vars: ['b'] }, { clause: 'attach', vars: ['c%p'] }] },
      { op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c%p'] }, { clause: 'copyout', vars: ['b'] }], finalize: true },
      { op: 'acc_copyin', var: 'a' },
      { op: 'acc_create', var: 'c' },
      { op: 'acc_copyout', var: 'c%p' },
      { op: 'acc_copyout_finalize', var: 'a(1:1)' },
      { op: 'acc_delete', var: 'a' },
      { op: 'acc_delete_finalize', var: 'a' },
      { op: 'acc_attach', ptr: 'c%p' },
      { op: 'acc_detach', ptr: 'c%p' },
      { op: 'acc_detach_finalize', ptr: 'c%p' },
      { op: 'acc_is_present', var: 'c%p', bytes: 0 },
      { op: 'acc_deviceptr', var: 'a(2:2)' },
      { op: 'host_write', var: 'a(1:3)', value: 7 },
      { op: 'host_read', var: 'c%p' },
      { op: 'acc_data_begin', clauses: [] },
    ]);
    expect(r).toMatchObject({ ok: true });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
