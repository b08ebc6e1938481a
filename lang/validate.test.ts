import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { InputError, loadProgramFile, validateProgram } from './validate.js';
import { hostLayout, type World } from './program.js';

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
    const { path, message } = loadError({ world: { ...world, arrays: [{ name: 'a', length: 4097 }] }, steps: [] });
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
    ['host_write ramp of a huge increment', { op: 'host_write', var: 'a', value: 1, by: 2e6 }, 'by'],
    ['kernel ramp of a fractional increment', { op: 'acc_parallel', clauses: [], body: { write: 'a', value: 1, by: 0.5 } }, 'body.by'],
    ['ramp on a read', { op: 'acc_parallel', clauses: [], body: { read: 'a', by: 1 } }, 'body.by'],
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
    expect(bad({ ...world, devices: [{ kind: 'shared' }] })).toMatchObject({ ok: true });
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

describe('validateProgram: OpenMP steps', () => {
  const ompWorld = { ...world, devices: [{ kind: 'discrete' }, { kind: 'discrete' }, { kind: 'shared' }] };
  const run = (steps: unknown[], w: unknown = ompWorld) => validateProgram({ world: w, steps });
  /** The field of the first failure, at step `step` (0-based). */
  const failsAt = (steps: unknown[], step: number, field: string, w: unknown = ompWorld) => {
    const r = run(steps, w);
    expect(r).toMatchObject({ ok: false, step, field });
    return r.ok ? '' : r.message;
  };
  const alloc = (result: string, bytes = 40, device: unknown = 0) => ({ op: 'omp_target_alloc', bytes, device, result });

  test('accepts every OpenMP op in a well-formed program', () => {
    const r = run([
      alloc('d1'),
      alloc('d2', 0, 'initial'),
      { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', modifiers: ['always', 'present'], vars: ['a', 'c'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['b(2:5)', 'c%p'] }] },
      { op: 'omp_target_data_begin', device: -1, maps: [{ type: 'tofrom', vars: ['b'] }, { type: 'from', vars: ['a'] }] },
      { op: 'omp_target', maps: [{ type: 'to', vars: ['c'] }, { type: 'alloc', vars: ['b'] }], body: { read: 'c%p' } },
      { op: 'omp_target_data_end' },
      { op: 'omp_target', device: 2, maps: [], body: { write: 'a(1:2)', value: 4 } },
      { op: 'omp_target_exit_data', device: 7, maps: [{ type: 'from', modifiers: ['always', 'delete'], vars: ['a'] }] },
      { op: 'omp_target_exit_data', device: -2, maps: [{ type: 'release', modifiers: ['present'], vars: ['c'] }, { type: 'delete', vars: ['b'] }] },
      { op: 'omp_target_is_present', ptr: null, device: 'initial' },
      { op: 'omp_target_is_present', ptr: { var: 'a', offset: 40 }, device: 0 },
      { op: 'omp_target_is_accessible', ptr: { handle: 'd1', offset: 3 }, bytes: 37, device: 0 },
      { op: 'omp_target_associate_ptr', host: { var: 'b(3:4)' }, dev: { handle: 'd1', offset: 8 }, bytes: 8, offset: 4, device: 1 },
      { op: 'omp_target_associate_ptr', host: { var: 'c' }, dev: { handle: 'd2' }, bytes: 0, offset: 0, device: 0 },
      { op: 'omp_get_mapped_ptr', ptr: { var: 'b', offset: 9 }, device: 1 },
      { op: 'omp_target_disassociate_ptr', ptr: { var: 'b(3:4)' }, device: 1 },
      { op: 'omp_target_memcpy', dst: { handle: 'd1' }, src: { var: 'a', offset: 4 }, bytes: 36, dst_offset: 4, src_offset: 0, dst_device: 0, src_device: -1 },
      { op: 'omp_target_free', ptr: { handle: 'd1' }, device: 0 },
      { op: 'host_read', var: 'a' },
      { op: 'omp_target_data_begin', maps: [{ type: 'alloc', vars: ['a'] }] },
    ]);
    expect(r).toMatchObject({ ok: true });
  });

  test('devices: up to four, each discrete or shared', () => {
    const bad = (devices: unknown) => validateProgram({ world: { ...world, devices }, steps: [] });
    expect(bad([{ kind: 'shared' }, { kind: 'discrete' }, { kind: 'discrete' }, { kind: 'shared' }])).toMatchObject({ ok: true });
    expect(bad(Array(5).fill({ kind: 'discrete' }))).toMatchObject({ ok: false, field: 'world.devices' });
    expect(bad([])).toMatchObject({ ok: false, field: 'world.devices' });
    expect(bad([{ kind: 'unified' }])).toMatchObject({ ok: false, field: 'world.devices[0].kind' });
    expect(bad([{ kind: 'discrete', memory: 1 }])).toMatchObject({ ok: false, field: 'world.devices[0].memory' });
  });

  test('reuse: a boolean world option, one line naming world.reuse otherwise', () => {
    const bad = (reuse: unknown) => validateProgram({ world: { ...world, reuse }, steps: [] });
    expect(bad(true)).toMatchObject({ ok: true });
    expect(bad(false)).toMatchObject({ ok: true });
    const r = bad('yes');
    expect(r).toMatchObject({ ok: false, field: 'world.reuse' });
    if (!r.ok) {
      expect(r.message).toContain('expected boolean');
      expect(r.message).not.toContain('\n');
    }
  });

  test('adjacent: runs of two or more arrays and structs of the world, each named once; hostLayout puts each object at the end of the one before it', () => {
    const bad = (adjacent: unknown) => validateProgram({ world: { ...world, adjacent }, steps: [] });
    expect(bad([['a', 'b', 'c']])).toMatchObject({ ok: true });
    expect(bad([['c', 'a']])).toMatchObject({ ok: true });
    expect(bad([['a']])).toMatchObject({ ok: false, field: 'world.adjacent[0]' });
    expect(bad([['a', 'x']])).toMatchObject({ ok: false, field: 'world.adjacent[0][1]' });
    const twice = bad([['a', 'b'], ['c', 'a']]);
    expect(twice).toMatchObject({ ok: false, field: 'world.adjacent[1][1]' });
    if (!twice.ok) expect(twice.message).toContain('named twice');
    // a (10 integers, 40 bytes) at 0x1000; c from a's end rounded up to 16 (a struct's alignment), its
    // one pointer member 16 bytes; b from c's end. A run goes where its first object in declaration
    // order (arrays, then structs) would; without runs each object starts 0x100 past the 0x100 boundary after the one before

    const layout = (w: World) => hostLayout(w).map((o) => [o.name, o.start]);
    expect(layout({ ...world, adjacent: [['a', 'c', 'b']] } as World)).toEqual([['a', 0x1000], ['c', 0x1030], ['b', 0x1040]]);
    expect(layout({ ...world, adjacent: [['c', 'b']] } as World)).toEqual([['a', 0x1000], ['c', 0x1200], ['b', 0x1210]]);
    expect(layout(world as World)).toEqual([['a', 0x1000], ['b', 0x1200], ['c', 0x1400]]);
  });

  test('OpenACC steps need a discrete device 0', () => {
    const shared0 = { ...world, devices: [{ kind: 'shared' }, { kind: 'discrete' }] };
    expect(failsAt([{ op: 'host_read', var: 'a' }, { op: 'acc_copyin', var: 'a' }], 1, 'op', shared0)).toContain('device 0');
    expect(run([{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] }], shared0)).toMatchObject({ ok: true });
  });

  test('a program does not mix OpenACC and OpenMP steps', () => {
    const message = failsAt([{ op: 'acc_copyin', var: 'a' }, { op: 'host_read', var: 'a' }, alloc('d1')], 2, 'op');
    expect(message).toContain('step 1 is acc_copyin');
    failsAt([alloc('d1'), { op: 'acc_data_begin', clauses: [] }], 1, 'op');
  });

  test('omp_target_data_end closes an open omp_target_data_begin only', () => {
    const begin = { op: 'omp_target_data_begin', maps: [{ type: 'to', vars: ['a'] }] };
    const end = { op: 'omp_target_data_end' };
    expect(failsAt([begin, end, end], 2, 'op')).toBe('no open omp_target_data_begin to close');
    failsAt([{ op: 'acc_data_begin', clauses: [] }, end], 1, 'op');
    failsAt([begin, { op: 'acc_data_end' }], 1, 'op');
    expect(run([begin, begin, end])).toMatchObject({ ok: true });
  });

  test.each([
    ['copy type on enter data', { op: 'omp_target_enter_data', maps: [{ type: 'tofrom', vars: ['a'] }] }, 'maps[0].type'],
    ['from type on enter data', { op: 'omp_target_enter_data', maps: [{ type: 'from', vars: ['a'] }] }, 'maps[0].type'],
    ['to type on exit data', { op: 'omp_target_exit_data', maps: [{ type: 'to', vars: ['a'] }] }, 'maps[0].type'],
    ['release on a data region', { op: 'omp_target_data_begin', maps: [{ type: 'release', vars: ['a'] }] }, 'maps[0].type'],
    ['delete type on target', { op: 'omp_target', maps: [{ type: 'delete', vars: ['a'] }], body: { read: 'a' } }, 'maps[0].type'],
    ['unknown modifier', { op: 'omp_target_enter_data', maps: [{ type: 'to', modifiers: ['mapper'], vars: ['a'] }] }, 'maps[0].modifiers[0]'],
    ['close on a motion clause', { op: 'omp_target_update', motions: [{ type: 'from', modifiers: ['close'], vars: ['a'] }] }, 'motions[0].modifiers[0]'],
    ['delete modifier on enter data', { op: 'omp_target_enter_data', maps: [{ type: 'alloc', modifiers: ['delete'], vars: ['a'] }] }, 'maps[0].modifiers[0]'],
    ['delete modifier on a region', { op: 'omp_target_data_begin', maps: [{ type: 'from', modifiers: ['delete'], vars: ['a'] }] }, 'maps[0].modifiers[0]'],
    ['delete modifier with delete type', { op: 'omp_target_exit_data', maps: [{ type: 'delete', modifiers: ['delete'], vars: ['a'] }] }, 'maps[0].modifiers[0]'],
    ['modifier given twice', { op: 'omp_target_exit_data', maps: [{ type: 'from', modifiers: ['always', 'always'], vars: ['a'] }] }, 'maps[0].modifiers[1]'],
    ['always on a motion clause', { op: 'omp_target_update', motions: [{ type: 'to', modifiers: ['always'], vars: ['a'] }] }, 'motions[0].modifiers[0]'],
    ['tofrom motion clause', { op: 'omp_target_update', motions: [{ type: 'tofrom', vars: ['a'] }] }, 'motions[0].type'],
    ['undeclared motion var', { op: 'omp_target_update', motions: [{ type: 'from', vars: ['x'] }] }, 'motions[0].vars[0]'],
    ['copyin clause on update', { op: 'acc_update', clauses: [{ clause: 'copyin', vars: ['a'] }] }, 'clauses[0].clause'],
    ['if_present spelt as a string', { op: 'acc_update', clauses: [{ clause: 'self', vars: ['a'] }], if_present: 'yes' }, 'if_present'],
    ['map without vars', { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [] }] }, 'maps[0].vars'],
    ['undeclared map var', { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a', 'x'] }] }, 'maps[0].vars[1]'],
    ['misspelt map field', { op: 'omp_target_enter_data', maps: [{ type: 'to', var: ['a'] }] }, 'maps[0].var'],
    ['target reading a struct', { op: 'omp_target', maps: [], body: { read: 'c' } }, 'body.read'],
    ['fractional device', { op: 'omp_target_enter_data', device: 1.5, maps: [] }, 'device'],
    ['device spelt "host"', { op: 'omp_target_is_present', ptr: null, device: 'host' }, 'device'],
    ['routine without device', { op: 'omp_target_is_present', ptr: null }, 'device'],
    ['pointer to a member', { op: 'omp_target_is_present', ptr: { var: 'c%p' }, device: 0 }, 'ptr.var'],
    ['pointer to an undeclared var', { op: 'omp_get_mapped_ptr', ptr: { var: 'x' }, device: 0 }, 'ptr.var'],
    ['negative offset', { op: 'omp_target_is_present', ptr: { var: 'a', offset: -4 }, device: 0 }, 'ptr.offset'],
    ['offset past one past the end', { op: 'omp_target_is_present', ptr: { var: 'a', offset: 41 }, device: 0 }, 'ptr.offset'],
    ['subarray offset past the object end', { op: 'omp_get_mapped_ptr', ptr: { var: 'a(9:10)', offset: 12 }, device: 0 }, 'ptr.offset'],
    ['struct offset past the end', { op: 'omp_target_disassociate_ptr', ptr: { var: 'c', offset: 17 }, device: 0 }, 'ptr.offset'],
    ['unknown handle', { op: 'omp_target_free', ptr: { handle: 'd9' }, device: 0 }, 'ptr.handle'],
    ['pointer with var and handle', { op: 'omp_target_free', ptr: { var: 'a', handle: 'd1' }, device: 0 }, 'ptr'],
    ['bare string pointer', { op: 'omp_target_free', ptr: 'a', device: 0 }, 'ptr'],
    ['negative alloc size', { op: 'omp_target_alloc', bytes: -4, device: 0, result: 'd1' }, 'bytes'],
    ['result not an identifier', { op: 'omp_target_alloc', bytes: 4, device: 0, result: '1d' }, 'result'],
    ['memcpy of a partial element', { op: 'omp_target_memcpy', dst: { var: 'a' }, src: { var: 'b' }, bytes: 6, dst_offset: 0, src_offset: 0, dst_device: -1, src_device: -1 }, 'bytes'],
    ['memcpy at an odd dst_offset', { op: 'omp_target_memcpy', dst: { var: 'a' }, src: { var: 'b' }, bytes: 4, dst_offset: 2, src_offset: 0, dst_device: -1, src_device: -1 }, 'dst_offset'],
    ['memcpy at an odd src_offset', { op: 'omp_target_memcpy', dst: { var: 'a' }, src: { var: 'b' }, bytes: 4, dst_offset: 0, src_offset: 1, dst_device: -1, src_device: -1 }, 'src_offset'],
    ['memcpy from an odd pointer', { op: 'omp_target_memcpy', dst: { var: 'a' }, src: { var: 'b', offset: 2 }, bytes: 4, dst_offset: 0, src_offset: 0, dst_device: -1, src_device: -1 }, 'src.offset'],
    ['memcpy without src_device', { op: 'omp_target_memcpy', dst: { var: 'a' }, src: { var: 'b' }, bytes: 4, dst_offset: 0, src_offset: 0, dst_device: -1 }, 'src_device'],
    ['associate of a partial element', { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: null, bytes: 3, offset: 0, device: 0 }, 'bytes'],
    ['associate at an odd device offset', { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: null, bytes: 4, offset: 2, device: 0 }, 'offset'],
    ['associate of an odd host pointer', { op: 'omp_target_associate_ptr', host: { var: 'a', offset: 1 }, dev: null, bytes: 4, offset: 0, device: 0 }, 'host.offset'],
  ])('%s', (_name, step, field) => {
    failsAt([step], 0, field);
  });

  test('handles: only results of earlier omp_target_alloc steps, unique, offsets within the allocation', () => {
    const free = { op: 'omp_target_free', ptr: { handle: 'd1' }, device: 0 };
    expect(failsAt([free, alloc('d1')], 0, 'ptr.handle')).toContain("'d1' is not the result of an earlier omp_target_alloc step");
    expect(failsAt([alloc('d1'), alloc('d1')], 1, 'result')).toContain('already the result of step 1');
    expect(run([alloc('d1', 40), { op: 'omp_target_is_present', ptr: { handle: 'd1', offset: 40 }, device: 0 }])).toMatchObject({ ok: true });
    failsAt([alloc('d1', 40), { op: 'omp_target_is_present', ptr: { handle: 'd1', offset: 44 }, device: 0 }], 1, 'ptr.offset');
    failsAt([alloc('d1', 40), { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'd2' }, bytes: 4, offset: 0, device: 0 }], 1, 'dev.handle');
  });

  test('the one-line file error names the step, the op and the field', () => {
    const { path, message } = loadError({
      world: ompWorld,
      steps: [{ op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a'] }, { type: 'to', vars: ['b'] }] }],
    });
    expect(message).toMatch(new RegExp(`^${escape(path)}: step 1 \\(omp_target_exit_data\\): field maps\\[1\\]\\.type: `));
  });
});

describe('validateProgram: program-scope declarations (acc_declare)', () => {
  const run = (steps: unknown[]) => validateProgram({ world, steps });
  const decl = (clause: string, ...vars: string[]) => ({ op: 'acc_declare', clauses: [{ clause, vars }] });

  test('whole arrays, before every other step, each declared once', () => {
    expect(run([decl('copyin', 'a'), decl('link', 'b'), { op: 'acc_is_present', var: 'a' }])).toMatchObject({ ok: true });
    expect(run([{ op: 'acc_is_present', var: 'a' }, decl('create', 'a')])).toMatchObject({
      ok: false,
      step: 1,
      field: 'op',
      message: 'a program-scope acc_declare comes before every other step; step 1 is acc_is_present',
    });
    expect(run([decl('copyin', 'a'), decl('create', 'b', 'a')])).toMatchObject({
      ok: false,
      step: 1,
      field: 'clauses[0].vars[1]',
      message: "'a' is already declared at step 1 (a variable is declared once)",
    });
    expect(run([decl('create', 'a(2:5)')])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]', message: "'a(2:5)' is not a whole array (a declaration names whole arrays)" });
    expect(run([decl('create', 'c')])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]' });
    expect(run([decl('copy', 'a')])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].clause' });
  });

  test('the one-line file error names the step, the op and the field', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'host_read', var: 'a' }, decl('create', 'b')] });
    expect(message).toBe(`${path}: step 2 (acc_declare): field op: a program-scope acc_declare comes before every other step; step 1 is host_read`);
  });
});

describe('validateProgram: procedure-scope declare (acc_procedure_begin / acc_procedure_end)', () => {
  const run = (steps: unknown[]) => validateProgram({ world, steps });
  const call = (...clauses: [string, ...string[]][]) => ({ op: 'acc_procedure_begin', clauses: clauses.map(([clause, ...vars]) => ({ clause, vars })) });
  const ret = { op: 'acc_procedure_end' };

  test('whole arrays of the world, each named once in the declare; calls nest with data regions', () => {
    expect(run([call(['copyin', 'a'], ['present', 'b']), { op: 'acc_data_begin', clauses: [] }, call(['copy', 'a']), ret, { op: 'acc_data_end' }, ret])).toMatchObject({ ok: true });
    // the same array in two procedures (their dummy arguments) and in a program-scope declare
    expect(run([{ op: 'acc_declare', clauses: [{ clause: 'create', vars: ['a'] }] }, call(['create', 'a']), call(['copyout', 'a']), ret, ret])).toMatchObject({ ok: true });
    expect(run([call(['copy', 'x'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]', message: "'x' is not declared in the world" });
    expect(run([call(['copy', 'a(2:5)'])])).toMatchObject({
      ok: false,
      step: 0,
      field: 'clauses[0].vars[0]',
      message: "'a(2:5)' is not a whole array (a procedure's declare names its dummy arguments, whole arrays of the world)",
    });
    expect(run([call(['create', 'c'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]' });
    expect(run([call(['copyin', 'c%p'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]' });
    expect(run([call(['copyin', 'a'], ['create', 'b', 'a'])])).toMatchObject({
      ok: false,
      step: 0,
      field: 'clauses[1].vars[1]',
      message: "'a' is already in this declare's copyin clause (a variable appears once in a procedure's declare, OpenACC 3.3 §2.13)",
    });
    // clauses a procedure's declare does not take
    expect(run([call(['no_create', 'a'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].clause' });
    expect(run([call(['device_resident', 'a'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].clause' });
    expect(run([call(['link', 'a'])])).toMatchObject({ ok: false, step: 0, field: 'clauses[0].clause' });
  });

  test('nesting: a return closes the innermost call, not a data region, and needs a call', () => {
    expect(run([ret])).toMatchObject({ ok: false, step: 0, field: 'op', message: 'no open acc_procedure_begin to close' });
    expect(run([call(['copy', 'a']), { op: 'acc_data_begin', clauses: [] }, ret])).toMatchObject({
      ok: false,
      step: 2,
      field: 'op',
      message: 'the innermost open region is the acc_data_begin of step 2, not an acc_procedure_begin',
    });
    expect(run([{ op: 'acc_data_begin', clauses: [] }, call(['copy', 'a']), { op: 'acc_data_end' }])).toMatchObject({ ok: false, step: 2, field: 'op' });
  });

  test('the one-line file error names the step, the op and the field', () => {
    const { path, message } = loadError({ world, steps: [{ op: 'host_read', var: 'a' }, call(['copy', 'a', 'a'])] });
    expect(message).toBe(`${path}: step 2 (acc_procedure_begin): field clauses[0].vars[1]: 'a' is already in this declare's copy clause (a variable appears once in a procedure's declare, OpenACC 3.3 §2.13)`);
  });
});

describe('validateProgram: program-scope declare target (omp_declare_target)', () => {
  test('whole arrays, enter or link, before every other step', () => {
    const decl = (clause: string, ...vars: string[]) => ({ op: 'omp_declare_target', clauses: [{ clause, vars }] });
    expect(validateProgram({ world, steps: [decl('enter', 'a'), decl('link', 'b'), { op: 'host_read', var: 'a' }] })).toMatchObject({ ok: true });
    expect(validateProgram({ world, steps: [decl('to', 'a')] })).toMatchObject({ ok: false, step: 0, field: 'clauses[0].clause' });
    expect(validateProgram({ world, steps: [decl('enter', 'c%p')] })).toMatchObject({ ok: false, step: 0, field: 'clauses[0].vars[0]' });
    const { path, message } = loadError({ world, steps: [decl('enter', 'a'), { op: 'host_read', var: 'a' }, decl('link', 'b')] });
    expect(message).toBe(`${path}: step 3 (omp_declare_target): field op: a program-scope omp_declare_target comes before every other step; step 2 is host_read`);
  });
});

describe('validateProgram: host_data use_device handles (OpenACC 3.3 §2.8)', () => {
  const run = (steps: unknown[]) => validateProgram({ world, steps });
  const failsAt = (steps: unknown[], step: number, field: string) => {
    const r = run(steps);
    expect(r).toMatchObject({ ok: false, step, field });
    return r.ok ? '' : r.message;
  };
  const begin = (v: string, result: string) => ({ op: 'acc_host_data_begin', var: v, result });
  const end = { op: 'acc_host_data_end' };
  const copyTo = (handle: string, offset?: number) => ({ op: 'acc_memcpy_to_device', var: 'b(1:2)', dev: offset === undefined ? { handle } : { handle, offset } });

  test('the handle is usable inside its region, up to the end of the array', () => {
    expect(run([begin('a', 'da'), copyTo('da'), copyTo('da', 32), end])).toMatchObject({ ok: true });
    failsAt([begin('a', 'da'), copyTo('da', 44), end], 1, 'dev.offset');
  });

  test('a handle used after its region ended names the region', () => {
    const message = failsAt([begin('a', 'da'), end, copyTo('da')], 2, 'dev.handle');
    expect(message).toBe("'da' is the address acc_host_data_begin gave at step 1, which is no longer valid after its region ended at step 2");
  });

  test('a handle used before the step that assigns it', () => {
    expect(failsAt([copyTo('da'), begin('a', 'da'), end], 0, 'dev.handle')).toBe("'da' is not the result of an earlier acc_malloc step");
  });

  test('a result name is used once, even after its region ended', () => {
    expect(failsAt([begin('a', 'da'), end, begin('b', 'da'), end], 2, 'result')).toContain('already the result of step 1');
  });

  test('use_device takes a whole array', () => {
    expect(failsAt([begin('a(2:3)', 'da'), end], 0, 'var')).toContain("'a(2:3)' is a subarray");
    failsAt([begin('c%p', 'da'), end], 0, 'var');
  });

  test('an end closes the innermost region of its own kind', () => {
    expect(failsAt([begin('a', 'da'), { op: 'acc_data_end' }], 1, 'op')).toContain('the innermost open region is the acc_host_data_begin of step 1, not an acc_data_begin');
    expect(failsAt([{ op: 'acc_data_begin', clauses: [] }, end], 1, 'op')).toContain('not an acc_host_data_begin');
    expect(failsAt([end], 0, 'op')).toContain('no open acc_host_data_begin to close');
  });
});

describe('validateProgram: kernels reading a pointer and the values they keep (OpenACC 3.3 §2.6.8, OpenMP 6.0 §7.9.6)', () => {
  const run = (steps: unknown[]) => validateProgram({ world, steps });
  const failsAt = (steps: unknown[], step: number, field: string) => {
    const r = run(steps);
    expect(r).toMatchObject({ ok: false, step, field });
    return r.ok ? '' : r.message;
  };
  const kernel = (body: unknown, result?: string) => ({ op: 'acc_parallel', clauses: [], body, ...(result === undefined ? {} : { result }) });
  const copyFrom = (handle: string, offset?: number) => ({ op: 'acc_memcpy_from_device', var: 'b(1:2)', dev: offset === undefined ? { handle } : { handle, offset } });

  test('a kept value is a handle for the rest of the program, offsets up to the largest array', () => {
    expect(run([kernel({ pointer: 'c%p' }, 'dp'), copyFrom('dp'), copyFrom('dp', 40)])).toMatchObject({ ok: true });
    expect(failsAt([kernel({ pointer: 'c%p' }, 'dp'), copyFrom('dp', 44)], 1, 'dev.offset')).toContain("44 is past the end of 'dp'");
    expect(run([{ op: 'omp_target', maps: [], body: { pointer: 'c%p' }, result: 'dp' }, { op: 'omp_target_is_present', ptr: { handle: 'dp' }, device: 0 }])).toMatchObject({ ok: true });
  });

  test('a pointer body names a pointer member; result goes only with a pointer body; a handle is named before use', () => {
    expect(failsAt([kernel({ pointer: 'a' })], 0, 'body.pointer')).toBe("'a' is an array or subarray; expected a pointer member (c%p)");
    expect(failsAt([kernel({ read: 'a' }, 'dp')], 0, 'result')).toBe('only a kernel that reads a pointer ({"pointer": member}) names its value; this one reads elements');
    expect(failsAt([copyFrom('dp'), kernel({ pointer: 'c%p' }, 'dp')], 0, 'dev.handle')).toBe("'dp' is not the result of an earlier acc_malloc step");
    expect(failsAt([kernel({ pointer: 'c%p' }, 'dp'), kernel({ pointer: 'c%p' }, 'dp')], 1, 'result')).toBe("'dp' is already the result of step 1");
  });
});

describe('pointer descriptors (lang/README.md "Pointer descriptors")', () => {
  const steps = (...s: unknown[]) => ({ world, steps: s });
  test('accepts a remap, kernel views and host views of a pointer member', () => {
    const program = steps(
      { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 10 },
      { op: 'host_read', var: 'c%p', bounds: true },
      { op: 'host_read', var: 'c%p', at: 10 },
      { op: 'acc_parallel', clauses: [], body: { read: 'c%p', bounds: true } },
      { op: 'acc_parallel', clauses: [], body: { read: 'c%p', at: -3 } },
    );
    expect(loadProgramFile(writeProgram(program))).toEqual(program);
  });

  test('a view of something that is not a pointer member is one line naming step and field', () => {
    const { path, message } = loadError(steps({ op: 'acc_parallel', clauses: [], body: { read: 'a', bounds: true } }));
    expect(message).toBe(`${path}: step 1 (acc_parallel): field body.bounds: 'a' is not a pointer member: only a pointer's device view has a descriptor (index and bounds)`);
    expect(loadError(steps({ op: 'host_read', var: 'a(2:3)', at: 2 })).message).toContain("step 1 (host_read): field at: 'a(2:3)' is not a pointer member");
  });

  test('bounds and at together, a bound out of range, a non-integer lower bound', () => {
    expect(loadError(steps({ op: 'acc_parallel', clauses: [], body: { read: 'c%p', bounds: true, at: 1 } })).message).toContain('field body.at: a kernel reads either one element (at) or the bounds (bounds), not both');
    expect(loadError(steps({ op: 'host_read', var: 'c%p', bounds: true, at: 1 })).message).toContain('field at: a read takes either one element (at) or the bounds (bounds), not both');
    expect(loadError(steps({ op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 5000 })).message).toMatch(/step 1 \(pointer_assign\): field lbound: /);
    expect(loadError(steps({ op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 1.5 })).message).toMatch(/step 1 \(pointer_assign\): field lbound: /);
  });
});

describe('scalar variables (lang/README.md "Scalar variables")', () => {
  const scalarWorld = {
    arrays: [
      { name: 'x', length: 1, scalar: true, init: 111 },
      { name: 'a', length: 4 },
    ],
    structs: [{ name: 'c', pointers: ['p'] }],
  };
  const run = (steps: unknown[], w: unknown = scalarWorld) => validateProgram({ world: w, steps });
  const refusal = (steps: unknown[], w: unknown = scalarWorld) => {
    const r = run(steps, w);
    if (r.ok) throw new Error('expected the program to be refused');
    return r;
  };

  test('a scalar named in clauses, maps, routines and host steps is valid, and parses as one whole element', () => {
    const r = run([
      { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['x'] }] },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['x'] }], body: { write: 'x', value: 1, add: true } },
      { op: 'acc_update', clauses: [{ clause: 'self', vars: ['x'] }] },
      { op: 'acc_data_end' },
      { op: 'acc_copyin', var: 'x' },
      { op: 'host_write', var: 'x', value: 7 },
      { op: 'host_read', var: 'x' },
    ]);
    expect(r.ok).toBe(true);
    expect(run([{ op: 'omp_target', maps: [{ type: 'tofrom', vars: ['x'] }], body: { read: 'x' } }]).ok).toBe(true);
  });

  test('the declaration: length 1 and no shape', () => {
    const bad = (decl: unknown) => refusal([], { arrays: [decl], structs: [] });
    expect(bad({ name: 'x', length: 2, scalar: true })).toMatchObject({ field: 'world.arrays[0].scalar', message: expect.stringContaining('length 1 and no shape') });
    expect(bad({ name: 'x', length: 1, shape: [1, 1], scalar: true }).field).toBe('world.arrays[0].scalar');
    expect(bad({ name: 'x', length: 1, scalar: false }).field).toBe('world.arrays[0].scalar');
  });

  test('a scalar takes no bounds and is no pointer target', () => {
    expect(refusal([{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['x(1:1)'] }] }])).toMatchObject({
      field: 'clauses[0].vars[0]',
      message: expect.stringContaining("'x' is a scalar variable, so 'x(1:1)' cannot take bounds"),
    });
    expect(refusal([{ op: 'pointer_assign', ptr: 'c%p', target: 'x' }])).toMatchObject({ field: 'target', message: expect.stringContaining('scalar variable') });
    const init = refusal([], { ...scalarWorld, structs: [{ name: 'c', pointers: ['p'], init: { p: 'x' } }] });
    expect(init).toMatchObject({ field: 'world.structs[0].init.p', message: expect.stringContaining('scalar variable') });
  });

  test('a kernel may use a scalar that no clause names (firstprivate); an OpenMP declare target of a scalar is taken, an OpenACC declare link of one refused', () => {
    expect(run([{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a'] }], body: { write: 'x', value: 1 } }]).ok).toBe(true);
    expect(run([{ op: 'omp_target', maps: [], body: { read: 'x' } }]).ok).toBe(true);
    for (const clause of ['enter', 'link'] as const) expect(run([{ op: 'omp_declare_target', clauses: [{ clause, vars: ['x'] }] }, { op: 'omp_target', maps: [], body: { read: 'x' } }]).ok).toBe(true);
    const link = refusal([{ op: 'acc_declare', clauses: [{ clause: 'link', vars: ['x'] }] }]);
    expect(link.message).toContain('declare link of a scalar is not in the language');
    expect(run([{ op: 'acc_declare', clauses: [{ clause: 'create', vars: ['x'] }] }]).ok).toBe(true);
  });
});

describe('kernels of several statements (lang/README.md "Kernels of several statements")', () => {
  const blockWorld = {
    arrays: [
      { name: 'x', length: 1, scalar: true, init: 1 },
      { name: 'a', length: 8 },
      { name: 'b', length: 8 },
    ],
    structs: [
      { name: 'var', pointers: ['u', 'v'], allocatable: ['u', 'v'] },
      { name: 'c', pointers: ['p'] },
    ],
  };
  const parallel = (...writes: unknown[]) => ({ op: 'acc_parallel', clauses: [], body: { writes } });
  const run = (...steps: unknown[]) => validateProgram({ world: blockWorld, steps });
  const refusal = (...steps: unknown[]) => {
    const r = run(...steps);
    if (r.ok) throw new Error('expected the program to be refused');
    return r;
  };

  test('statements of one element count over arrays, allocatable member sections, copies and disjoint sections are valid', () => {
    expect(run(parallel({ write: 'var%u(1:8)', value: 1, by: 1 }, { write: 'var%v(1:8)', value: 2, by: 2 }, { write: 'a', value: 0, from: 'b' })).ok).toBe(true);
    expect(run(parallel({ write: 'a(1:4)', value: 1 }, { write: 'a(5:8)', value: 0, from: 'a(1:4)' })).ok).toBe(true);
    expect(run(parallel({ write: 'a(1:4)', value: 1 }, { write: 'b(1:4)', value: 0, from: 'a(1:4)' }, { write: 'a(5:8)', value: 3 })).ok).toBe(true);
    expect(run({ op: 'omp_target', maps: [], body: { writes: [{ write: 'c%p(1:1)', value: 1 }, { write: 'c%p(2:2)', value: 2 }, { write: 'x', value: 3 }] } }).ok).toBe(true);
  });

  test('one statement, or more than eight, is refused by the schema', () => {
    expect(refusal(parallel({ write: 'a', value: 1 }))).toMatchObject({ step: 0, field: 'body.writes', message: expect.stringContaining('2 or more') });
    expect(refusal(parallel(...Array.from({ length: 9 }, (_, i) => ({ write: `a(${i % 8 + 1}:${i % 8 + 1})`, value: i }))))).toMatchObject({ step: 0, field: 'body.writes' });
    expect(refusal(parallel({ write: 'a', value: 1 }, { read: 'b' }))).toMatchObject({ step: 0, field: 'body.writes[1].read', message: "unknown field 'read'" });
  });

  test('each statement is checked as a body: an undeclared reference, a from that is no array', () => {
    expect(refusal(parallel({ write: 'a', value: 1 }, { write: 'q', value: 1 }))).toMatchObject({ field: 'body.writes[1].write', message: "'q' is not declared in the world" });
    expect(refusal(parallel({ write: 'a', value: 1 }, { write: 'b(1:1)', value: 1, from: 'var%u(1:1)' }))).toMatchObject({ field: 'body.writes[1].from' });
  });

  test('a whole pointer member, unequal counts, a non-allocatable pointer over several elements, overlapping sections and a shared scalar are refused', () => {
    expect(refusal(parallel({ write: 'var%u', value: 1 }, { write: 'var%v(1:8)', value: 1 }))).toMatchObject({ field: 'body.writes[0].write', message: expect.stringContaining("'var%u' is a whole pointer member") });
    expect(refusal(parallel({ write: 'a', value: 1 }, { write: 'b(1:4)', value: 1 }))).toMatchObject({ field: 'body.writes[1].write', message: "'b(1:4)' has 4 elements and 'a' 8: the statements of a kernel are one loop, each over as many elements" });
    expect(refusal(parallel({ write: 'c%p(1:2)', value: 1 }, { write: 'a(1:2)', value: 1 }))).toMatchObject({ field: 'body.writes[0].write', message: expect.stringContaining('goes through a pointer that may point into another reference') });
    expect(refusal(parallel({ write: 'a(1:4)', value: 1 }, { write: 'b(1:4)', value: 0, from: 'a(2:5)' }))).toMatchObject({ field: 'body.writes[1].from', message: expect.stringContaining("'a(2:5)' and 'a(1:4)' overlap without being the same section") });
    expect(refusal(parallel({ write: 'var%u(1:4)', value: 1 }, { write: 'var%u(3:6)', value: 2 }))).toMatchObject({ field: 'body.writes[1].write', message: expect.stringContaining('overlap') });
    expect(refusal(parallel({ write: 'x', value: 1 }, { write: 'a(1:1)', value: 0, from: 'x' }))).toMatchObject({ field: 'body.writes[1].from', message: expect.stringContaining("'x' is a scalar that another statement of the kernel writes") });
  });

  test('two statements may read one section, and read and write the same one', () => {
    expect(run(parallel({ write: 'a(1:4)', value: 0, from: 'b(1:4)' }, { write: 'a(5:8)', value: 0, from: 'b(1:4)' })).ok).toBe(true);
    expect(run(parallel({ write: 'a(1:4)', value: 1, add: true }, { write: 'b(1:4)', value: 0, from: 'a(1:4)' })).ok).toBe(true);
    expect(run(parallel({ write: 'x', value: 1 }, { write: 'a(1:1)', value: 2 })).ok).toBe(true);
  });

  test('a plain pointer a statement goes through must be named, whichever statement it is', () => {
    const world = { ...blockWorld, pointers: [{ name: 'q', init: 'a' }] };
    const r = validateProgram({ world, steps: [{ op: 'omp_target', maps: [{ type: 'tofrom', vars: ['a'] }], body: { writes: [{ write: 'a(1:1)', value: 1 }, { write: 'q(1:1)', value: 2 }] } }] });
    expect(r).toMatchObject({ ok: false, field: 'body.writes[1].write', message: expect.stringContaining("plain pointer 'q'") });
  });
});
