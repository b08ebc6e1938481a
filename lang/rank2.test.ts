// Issue 9 item 6 in the input language: rank-2 arrays (`shape: [n1, n2]`) and their sections
// `a(l1:u1,l2:u2)`. A contiguous section parses to its storage range in array element order; a
// non-contiguous one, a rank mismatch, bounds outside the array, a shape that is not the length
// and a rank-2 pointer target are one-line errors naming the file, the step and the field.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { formatSubarray, parseRef, type World } from './program.js';
import { refsOf } from '../impl/refs.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-rank2-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [
    { name: 'a', length: 12, shape: [3, 4] },
    { name: 'b', length: 4 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};
const loadError = (content: unknown): string => rejection(dir, content);
const program = (steps: unknown[], w: unknown = world) => ({ world: w, steps });

describe('rank-2 arrays: references', () => {
  test('a section of whole columns, rows of one column and the whole array are storage ranges in array element order', () => {
    // a(3,4): a(i,j) is element 3 (j - 1) + i
    expect(parseRef(world, 'a(1:3,2:3)')).toMatchObject({ kind: 'array', name: 'a', lo: 3, hi: 9, whole: false });
    expect(parseRef(world, 'a(2:3,4:4)')).toMatchObject({ kind: 'array', lo: 10, hi: 12, whole: false, rank2: { shape: [3, 4], bounds: [[2, 3], [4, 4]] } });
    expect(parseRef(world, 'a')).toMatchObject({ kind: 'array', lo: 0, hi: 12, whole: true, rank2: { bounds: [[1, 3], [1, 4]] } });
    expect(parseRef(world, 'a(1:3,1:4)')).toMatchObject({ lo: 0, hi: 12, whole: true });
  });

  test('impl compiles the same host bytes as lang parses', () => {
    const refs = refsOf(world);
    for (const [text, lo, hi] of [['a(1:3,2:3)', 3, 9], ['a(2:3,4:4)', 10, 12], ['a(1:1,1:1)', 0, 1]] as const) {
      const r = refs.get(text);
      expect([r.start, r.end]).toEqual([0x1000 + 4 * lo, 0x1000 + 4 * hi]);
    }
  });

  test('reports name a storage range by its section', () => {
    expect(formatSubarray('a', 3, 9, 12, [3, 4])).toBe('a(1:3,2:3)');
    expect(formatSubarray('a', 10, 12, 12, [3, 4])).toBe('a(2:3,4:4)');
    expect(formatSubarray('a', 0, 12, 12, [3, 4])).toBe('a');
  });
});

describe('rank-2 arrays: bad input is one line naming the file, step and field', () => {
  test('a non-contiguous section (part of the rows in more than one column)', () => {
    expect(loadError(program([{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:2,2:3)'] }] }]))).toBe(
      ": step 1 (acc_enter_data): field clauses[0].vars[0]: 'a(1:2,2:3)' is not contiguous (rows 1:2 of 1:3 in 2 columns): a data reference is contiguous storage (OpenACC 3.3 §2.7.3, OpenMP 6.0 §7.9.6), write every row or one column",
    );
  });

  test('a rank mismatch either way', () => {
    expect(loadError(program([{ op: 'host_read', var: 'a(1:2)' }]))).toBe(": step 1 (host_read): field var: 'a(1:2)' has 1 subscript but 'a' has rank 2 (a(1:3,1:4)): write a(l1:u1,l2:u2)");
    expect(loadError(program([{ op: 'host_read', var: 'b(1:2,1:1)' }]))).toBe(": step 1 (host_read): field var: 'b(1:2,1:1)' has 2 subscripts but 'b' has rank 1 (b(1:4))");
  });

  test('bounds outside the array or empty', () => {
    expect(loadError(program([{ op: 'host_read', var: 'a(1:3,4:5)' }]))).toBe(": step 1 (host_read): field var: bounds (1:3,4:5) of 'a(1:3,4:5)' are outside a(1:3,1:4) or empty");
    expect(loadError(program([{ op: 'host_read', var: 'a(2:1,1:1)' }]))).toBe(": step 1 (host_read): field var: bounds (2:1,1:1) of 'a(2:1,1:1)' are outside a(1:3,1:4) or empty");
  });

  test('a shape that is not the length', () => {
    const bad = { arrays: [{ name: 'a', length: 10, shape: [3, 4] }], structs: [] };
    expect(loadError(program([], bad))).toBe(': field world.arrays[0].shape: a(3,4) has 12 elements but \'a\' has length 10');
  });

  test('a rank-2 pointer target, in a step and in a struct initialiser', () => {
    expect(loadError(program([{ op: 'pointer_assign', ptr: 'c%p', target: 'a' }]))).toBe(": step 1 (pointer_assign): field target: 'a' has rank 2, and a pointer member (p(:)) takes a rank-1 target");
    const init = { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(1:3,1:1)' } }] };
    expect(loadError(program([], init))).toBe(": field world.structs[0].init.p: 'a' has rank 2, and a pointer member (p(:)) takes a rank-1 target");
  });
});
