// Issue 9 items 5 and 6 in the input language: arrays of structs (`cs(3)`; `cs`, `cs(2)`,
// `cs(1:2)`, `cs(2)%p`). References parse to the bytes they name, and every bad reference or
// initialiser is a one-line error naming the file, the step and the field.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { hostLayout, memberRefs, parseRef, refError, type World } from './program.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-richdata-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [{ name: 'a', length: 10 }],
  structs: [
    { name: 'c', pointers: ['p'] },
    { name: 'cs', pointers: ['p', 'q'], count: 3, init: { '(2)%q': 'a(1:4)' } },
  ],
};

const loadError = (content: unknown): string => rejection(dir, content);

describe('arrays of structs: references', () => {
  test('parse to elements, sections and element members', () => {
    expect(parseRef(world, 'cs')).toEqual({ kind: 'struct', name: 'cs', lo: 0, hi: 3 });
    expect(parseRef(world, 'cs(2)')).toEqual({ kind: 'struct', name: 'cs', lo: 1, hi: 2, single: true });
    expect(parseRef(world, 'cs(2:3)')).toEqual({ kind: 'struct', name: 'cs', lo: 1, hi: 3 });
    expect(parseRef(world, 'cs(3)%q')).toEqual({ kind: 'member', struct: 'cs', member: 'q', index: 2 });
    // a single struct keeps its version-1 forms
    expect(parseRef(world, 'c')).toEqual({ kind: 'struct', name: 'c' });
    expect(parseRef(world, 'c%p')).toEqual({ kind: 'member', struct: 'c', member: 'p' });
  });

  test('the layout holds every element: 3 elements of 2 descriptors of 16 bytes', () => {
    expect(hostLayout(world).find((o) => o.name === 'cs')!.bytes).toBe(96);
    expect(memberRefs(world.structs[1]!)).toEqual(['cs(1)%p', 'cs(1)%q', 'cs(2)%p', 'cs(2)%q', 'cs(3)%p', 'cs(3)%q']);
  });

  test.each([
    ['cs(4)', "element 4 of 'cs(4)' is outside cs(1:3)"],
    ['cs(0)%p', "element 0 of 'cs(0)%p' is outside cs(1:3)"],
    ['cs(2:4)', "bounds (2:4) of 'cs(2:4)' are outside cs(1:3) or empty"],
    ['cs(1:2)%p', "'cs(1:2)%p' names a member of a section of 'cs'; name one element, e.g. 'cs(1)%p'"],
    ['cs%p', "'cs' is an array of 3 structs: name an element's member, e.g. 'cs(1)%p'"],
    ['cs(2)%r', "'cs' has no pointer member 'r'"],
    ['c(1)', "'c(1)' is not a variable reference (expected a, a(2:5), c or c%p)"],
    ['a(3)', "'a(3)' is not a variable reference (expected a, a(2:5), c or c%p)"],
  ])('%s is refused: %s', (ref, message) => {
    expect(refError(world, ref)).toBe(message);
  });
});

describe('arrays of structs: one-line input errors', () => {
  test('a step naming an element out of range names the step and the field', () => {
    const message = loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['cs(1)', 'cs(5)%p'] }] }] });
    expect(message).toBe(": step 1 (acc_enter_data): field clauses[0].vars[1]: element 5 of 'cs(5)%p' is outside cs(1:3)");
  });

  test('an attach of a whole element (not a pointer member) is refused', () => {
    const message = loadError({ world, steps: [{ op: 'acc_attach', ptr: 'cs(2)' }] });
    expect(message).toMatch(/^: step 1 \(acc_attach\): field ptr: 'cs\(2\)' is a struct; expected a pointer member/);
  });

  test('initialisers of an array of structs name an element member: (i)%p', () => {
    const bad = (init: Record<string, string | null>) => loadError({ world: { ...world, structs: [{ name: 'cs', pointers: ['p'], count: 2, init }] }, steps: [] });
    expect(bad({ p: 'a' })).toBe(": field world.structs[0].init.p: 'p' names no element member of 'cs' (expected (i)%p with 1 <= i <= 2)");
    expect(bad({ '(3)%p': 'a' })).toContain("field world.structs[0].init.(3)%p: '(3)%p' names no element member");
    expect(bad({ '(1)%r': 'a' })).toBe(": field world.structs[0].init.(1)%r: 'cs' has no pointer member 'r'");
    expect(bad({ '(1)%p': 'cs(2)' })).toBe(": field world.structs[0].init.(1)%p: target 'cs(2)' must be an array or subarray");
  });

  test('count is 1..64', () => {
    expect(loadError({ world: { ...world, structs: [{ name: 'cs', pointers: ['p'], count: 0 }] }, steps: [] })).toMatch(/^: field world\.structs\[0\]\.count: /);
    expect(loadError({ world: { ...world, structs: [{ name: 'cs', pointers: ['p'], count: 65 }] }, steps: [] })).toMatch(/^: field world\.structs\[0\]\.count: /);
  });
});
