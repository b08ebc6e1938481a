// Issue 9 item 5 in the input language: zero-length array sections `a(k:k-1)` (C `a[k-1:0]`),
// 1 <= k <= n + 1, of a rank-1 array: an array reference naming no element, the empty range at
// element k. They are taken where a spec gives zero bytes a meaning (data clauses, map and motion
// clauses, acc_update, acc_is_present, acc_deviceptr); anywhere else, and for bounds no array can
// hold, a one-line error naming the file, the step and the field (exit 2 on the command line).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { formatSubarray, isZeroLength, parseRef, type World } from './program.js';
import { validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-zero-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [{ name: 'a', length: 10 }, { name: 'm', length: 4, shape: [2, 2] }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' }, fields: [{ name: 'arr', length: 4 }] }],
};
const loadError = (content: unknown): string => rejection(dir, content);
const MISPLACED = 'is a zero-length section (no element): it is taken only in data clauses, map and motion clauses, acc_update, acc_is_present and acc_deviceptr';

describe('zero-length sections: references', () => {
  test('a(k:k-1) for 1 <= k <= n + 1 is the empty range at element k, written back as it was', () => {
    expect(parseRef(world, 'a(4:3)')).toEqual({ kind: 'array', name: 'a', lo: 3, hi: 3, whole: false });
    expect(parseRef(world, 'a(1:0)')).toMatchObject({ lo: 0, hi: 0 });
    expect(parseRef(world, 'a(11:10)')).toMatchObject({ lo: 10, hi: 10 });
    expect(isZeroLength(parseRef(world, 'a(11:10)'))).toBe(true);
    expect(isZeroLength(parseRef(world, 'a(2:2)'))).toBe(false);
    expect(formatSubarray('a', 3, 3, 10)).toBe('a(4:3)');
  });

  test.each([
    ['a(12:11)', "bounds (12:11) of 'a(12:11)' are outside a(1:10) or empty"],
    ['a(0:-1)', "bounds (0:-1) of 'a(0:-1)' are outside a(1:10) or empty"],
    ['a(5:3)', "bounds (5:3) of 'a(5:3)' are outside a(1:10) or empty"],
    ['c%arr(3:2)', "bounds (3:2) of 'c%arr(3:2)' are outside c%arr(1:4) or empty"],
    ['c%p(3:1)', "bounds (3:1) of 'c%p(3:1)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['m(2:1,1:1)', "bounds (2:1,1:1) of 'm(2:1,1:1)' are outside m(1:2,1:2) or empty"],
  ])('%s (no zero-length section of a rank-1 array or a pointer member) is refused in one line', (ref, message) => {
    expect(loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [ref] }] }] })).toBe(`: step 1 (acc_enter_data): field clauses[0].vars[0]: ${message}`);
  });
});

describe('zero-length sections: where they are taken', () => {
  test('data clauses, map items, motion clauses, update and the lookup routines', () => {
    const acc = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(3:2)'] }] },
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['a(11:10)'] }] },
        { op: 'acc_is_present', var: 'a(1:0)' },
        { op: 'acc_deviceptr', var: 'a(1:0)' },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a(2:1)'] }], body: { read: 'c%p' } },
      ],
    };
    expect(() => validateProgram(acc)).not.toThrow();
    const omp = {
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(3:2)'] }] },
        { op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(3:2)'] }] },
        { op: 'omp_target_exit_data', maps: [{ type: 'release', modifiers: ['present'], vars: ['a(3:2)'] }] },
      ],
    };
    expect(() => validateProgram(omp)).not.toThrow();
  });

  test.each([
    [{ op: 'acc_copyin', var: 'a(3:2)' }, 'var'],
    [{ op: 'host_read', var: 'a(3:2)' }, 'var'],
    [{ op: 'host_write', var: 'a(3:2)', value: 1 }, 'var'],
    [{ op: 'pointer_assign', ptr: 'c%p', target: 'a(3:2)' }, 'target'],
    [{ op: 'acc_parallel', clauses: [], body: { read: 'a(3:2)' } }, 'body.read'],
    [{ op: 'acc_parallel', clauses: [], body: { write: 'a(3:2)', value: 1 } }, 'body.write'],
    [{ op: 'acc_host_data_begin', var: 'a(3:2)', result: 'h' }, 'var'],
  ])('%j elsewhere is refused in one line', (step, field) => {
    const op = (step as { op: string }).op;
    const message = loadError({ world, steps: [step, ...(op === 'acc_host_data_begin' ? [{ op: 'acc_host_data_end' }] : [])] });
    expect(message).toBe(`: step 1 (${op}): field ${field}: 'a(3:2)' ${MISPLACED}`);
  });

  test('as a pointer argument or a pointer initialiser it is refused too', () => {
    expect(loadError({ world, steps: [{ op: 'omp_target_is_present', ptr: { var: 'a(3:2)' }, device: 0 }] })).toBe(`: step 1 (omp_target_is_present): field ptr.var: 'a(3:2)' ${MISPLACED}`);
    const bad = { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(3:2)' } }] };
    expect(loadError({ world: bad, steps: [] })).toBe(`: field world.structs[0].init.p: 'a(3:2)' ${MISPLACED}`);
  });
});
