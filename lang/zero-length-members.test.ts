// Issue 9 item 5 in the input language: zero-length sections of pointer members, `c%p(k:k-1)`
// (C `c.p[k-1:0]`), 1 <= k <= 4097: the pointer member with bounds naming no element, the empty range
// at element k of the pointer's current target (whether that lies inside the target is known when
// the step runs: model/member-sections.ts). Taken where a zero-length array section is (data
// clauses, map and motion clauses, acc_update, acc_is_present, acc_deviceptr); refused in one line
// elsewhere, and wherever the pointer itself is meant (attach / detach clauses and routines).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { isZeroLength, parseRef, type World } from './program.js';
import { validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-zero-length-members-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [{ name: 'a', length: 10 }],
  structs: [
    { name: 'c', pointers: ['p'], init: { p: 'a' } },
    { name: 'cs', pointers: ['p'], count: 2 },
  ],
};
const loadError = (content: unknown): string => rejection(dir, content);
const MISPLACED = 'is a zero-length section (no element): it is taken only in data clauses, map and motion clauses, acc_update, acc_is_present and acc_deviceptr';

describe('zero-length member sections: references', () => {
  test('c%p(k:k-1) and cs(i)%p(k:k-1) are their pointer members with bounds naming no element', () => {
    expect(parseRef(world, 'c%p(1:0)')).toEqual({ kind: 'member', struct: 'c', member: 'p', bounds: [1, 0] });
    expect(parseRef(world, 'cs(2)%p(4:3)')).toEqual({ kind: 'member', struct: 'cs', member: 'p', index: 1, bounds: [4, 3] });
    // one past the largest target a pointer can have
    expect(parseRef(world, 'c%p(4097:4096)')).toMatchObject({ bounds: [4097, 4096] });
    expect(isZeroLength(parseRef(world, 'c%p(1:0)'))).toBe(true);
    expect(isZeroLength(parseRef(world, 'c%p(1:1)'))).toBe(false);
    expect(isZeroLength(parseRef(world, 'c%p'))).toBe(false);
  });

  test.each([
    ['c%p(4098:4097)', "bounds (4098:4097) of 'c%p(4098:4097)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['c%p(0:-1)', "bounds (0:-1) of 'c%p(0:-1)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['c%p(4:2)', "bounds (4:2) of 'c%p(4:2)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
  ])('%s is refused in one line', (ref, message) => {
    expect(loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [ref] }] }] })).toBe(
      `: step 1 (acc_enter_data): field clauses[0].vars[0]: ${message}`,
    );
  });
});

describe('zero-length member sections: where they are taken', () => {
  test('data clauses, map items, motion clauses, update and the lookup routines', () => {
    expect(() =>
      validateProgram({
        world,
        steps: [
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p(1:0)', 'cs(1)%p(3:2)'] }] },
          { op: 'acc_update', clauses: [{ clause: 'self', vars: ['c%p(11:10)'] }] },
          { op: 'acc_is_present', var: 'c%p(1:0)' },
          { op: 'acc_deviceptr', var: 'c%p(1:0)' },
          { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c%p(2:1)'] }], body: { read: 'a' } },
          { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p(1:0)'] }] },
        ],
      }),
    ).not.toThrow();
    expect(() =>
      validateProgram({
        world,
        steps: [
          { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(1:0)'] }] },
          { op: 'omp_target_update', motions: [{ type: 'from', vars: ['c%p(3:2)'] }] },
          { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['c%p(1:0)'] }], body: { pointer: 'c%p' } },
          { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['c%p(1:0)'] }] },
        ],
      }),
    ).not.toThrow();
  });

  test.each([
    [{ op: 'acc_copyin', var: 'c%p(3:2)' }, 'var'],
    [{ op: 'host_read', var: 'c%p(3:2)' }, 'var'],
    [{ op: 'host_write', var: 'c%p(3:2)', value: 1 }, 'var'],
    [{ op: 'acc_parallel', clauses: [], body: { read: 'c%p(3:2)' } }, 'body.read'],
    [{ op: 'acc_parallel', clauses: [], body: { write: 'c%p(3:2)', value: 1 } }, 'body.write'],
    [{ op: 'omp_target', maps: [], body: { read: 'c%p(3:2)' } }, 'body.read'],
  ])('%j elsewhere is refused in one line', (step, field) => {
    const op = (step as { op: string }).op;
    expect(loadError({ world, steps: [step] })).toBe(`: step 1 (${op}): field ${field}: 'c%p(3:2)' ${MISPLACED}`);
  });

  test('where the pointer itself is meant, it is a section of the target and refused as one', () => {
    const itself = "'c%p(1:0)' is a section of the target of c%p; expected the pointer member itself (c%p)";
    expect(loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['c%p(1:0)'] }] }] })).toBe(
      `: step 1 (acc_enter_data): field clauses[0].vars[0]: ${itself}`,
    );
    expect(loadError({ world, steps: [{ op: 'acc_attach', ptr: 'c%p(1:0)' }] })).toBe(`: step 1 (acc_attach): field ptr: ${itself}`);
  });
});
