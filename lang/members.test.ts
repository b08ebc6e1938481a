// Issue 9 item 5 in the input language: non-pointer struct members (scalars and fixed-size
// arrays: `c%n`, `c%arr`, `c%arr(2:3)`). References parse to the bytes they name inside the
// struct (after its pointer descriptors), and every bad reference or declaration is a one-line
// error naming the file, the step and the field.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { formatStructBytes, hostLayout, parseRef, refError, type World } from './program.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-members-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [{ name: 'a', length: 10 }],
  structs: [{ name: 'c', pointers: ['p', 'q'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }] }],
};

const loadError = (content: unknown): string => rejection(dir, content);

describe('non-pointer struct members: references and layout', () => {
  test('the struct holds its two descriptors (32 bytes), then n (4 bytes) and arr (16 bytes)', () => {
    expect(hostLayout(world).find((o) => o.name === 'c')!.bytes).toBe(52);
  });

  test('c%n, c%arr and c%arr(2:3) are 4-byte units of the struct, counted from its first byte', () => {
    expect(parseRef(world, 'c%n')).toEqual({ kind: 'array', name: 'c', lo: 8, hi: 9, whole: false, field: { member: 'n', scalar: true } });
    expect(parseRef(world, 'c%arr')).toEqual({ kind: 'array', name: 'c', lo: 9, hi: 13, whole: false, field: { member: 'arr', scalar: false } });
    expect(parseRef(world, 'c%arr(2:3)')).toEqual({ kind: 'array', name: 'c', lo: 10, hi: 12, whole: false, field: { member: 'arr', scalar: false, bounds: [2, 3] } });
    // the pointer members keep their forms
    expect(parseRef(world, 'c%q')).toEqual({ kind: 'member', struct: 'c', member: 'q' });
  });

  test('reports name the bytes of a member after it', () => {
    const decl = world.structs[0]!;
    expect(formatStructBytes(decl, 0, 52)).toBe('c');
    expect(formatStructBytes(decl, 16, 32)).toBe('c%q');
    expect(formatStructBytes(decl, 32, 36)).toBe('c%n');
    expect(formatStructBytes(decl, 36, 52)).toBe('c%arr');
    expect(formatStructBytes(decl, 40, 48)).toBe('c%arr(2:3)');
    expect(formatStructBytes(decl, 28, 40)).toBe('c');
  });

  test.each([
    ['c%arr(0:2)', "bounds (0:2) of 'c%arr(0:2)' are outside c%arr(1:4) or empty"],
    ['c%arr(3:5)', "bounds (3:5) of 'c%arr(3:5)' are outside c%arr(1:4) or empty"],
    ['c%n(1:1)', "'c%n' is a scalar member, so 'c%n(1:1)' cannot take bounds"],
    ['c%m', "'c' has no pointer member 'm'"],
    ['c%m(1:2)', "'c' has no member 'm'"],
    ['a%arr(1:2)', "'a' is not a struct, so 'a%arr(1:2)' names no member"],
    ['z%arr(1:2)', "'z' is not declared in the world"],
  ])('%s is refused: %s', (ref, message) => {
    expect(refError(world, ref)).toBe(message);
  });
});

describe('non-pointer struct members: one-line input errors', () => {
  test('an out-of-range member section names the step and the field', () => {
    const message = loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%arr(2:9)'] }] }] });
    expect(message).toBe(": step 1 (acc_enter_data): field clauses[0].vars[1]: bounds (2:9) of 'c%arr(2:9)' are outside c%arr(1:4) or empty");
  });

  test('a non-pointer member is no pointer: attach, pointer targets and use_device refuse it', () => {
    expect(loadError({ world, steps: [{ op: 'acc_attach', ptr: 'c%n' }] })).toMatch(/^: step 1 \(acc_attach\): field ptr: 'c%n' is an array or subarray; expected a pointer member/);
    expect(loadError({ world, steps: [{ op: 'pointer_assign', ptr: 'c%p', target: 'c%arr' }] })).toBe(
      ": step 1 (pointer_assign): field target: 'c%arr' is a non-pointer member of struct 'c'; pointer_assign takes an array or subarray",
    );
    expect(loadError({ world, steps: [{ op: 'acc_host_data_begin', var: 'c%arr', result: 'd' }, { op: 'acc_host_data_end' }] })).toBe(
      ": step 1 (acc_host_data_begin): field var: 'c%arr' is a non-pointer member of struct 'c'; acc_host_data_begin takes an array",
    );
    expect(loadError({ world: { ...world, structs: [{ ...world.structs[0]!, init: { p: 'c%arr' } }] }, steps: [] })).toBe(
      ": field world.structs[0].init.p: target 'c%arr' must be an array or subarray",
    );
  });

  test('declarations: names, initial values, and single structs only', () => {
    const st = (fields: unknown, extra: object = {}) => loadError({ world: { arrays: [], structs: [{ name: 'c', pointers: ['p'], fields, ...extra }] }, steps: [] });
    expect(st([{ name: 'p' }])).toBe(": field world.structs[0].fields[0].name: member 'p' is declared twice");
    expect(st([{ name: 'n' }, { name: 'n', length: 2 }])).toBe(": field world.structs[0].fields[1].name: member 'n' is declared twice");
    expect(st([{ name: '1n' }])).toBe(": field world.structs[0].fields[0].name: '1n' is not an identifier");
    expect(st([{ name: 'arr', length: 3, init: [1, 2] }])).toBe(": field world.structs[0].fields[0].init: has 2 values but 'c%arr' has 3 elements");
    expect(st([{ name: 'n', init: [1, 2] }])).toBe(": field world.structs[0].fields[0].init: has 2 values but 'c%n' has 1 element (a scalar)");
    expect(st([{ name: 'arr', length: 65 }])).toMatch(/^: field world\.structs\[0\]\.fields\[0\]\.length: /);
    expect(st([{ name: 'n' }], { count: 2 })).toBe(": field world.structs[0].fields[0]: 'c' is an array of structs; non-pointer members are taken in single structs only");
  });
});
