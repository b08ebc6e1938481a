// Issue 9 item 5 in the input language: member subarrays, a section of the array a pointer member
// targets (`c%p(2:5)`, `cs(2)%p(1:3)`). A section parses to its pointer member with bounds; bounds
// no target can hold, an array of structs named without an element, and a section where the
// pointer itself is meant are one-line errors naming the file, the step and the field. Whether the
// section lies inside the current target is known only when the step runs (model/member-sections.ts).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { parseRef, refError, type World } from './program.js';
import { validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-member-sections-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world: World = {
  arrays: [{ name: 'a', length: 10 }],
  structs: [
    { name: 'c', pointers: ['p'], init: { p: 'a' }, fields: [{ name: 'arr', length: 4 }] },
    { name: 'cs', pointers: ['p'], count: 2 },
  ],
};

const loadError = (content: unknown): string => rejection(dir, content);

describe('member subarrays: references', () => {
  test('c%p(2:5) and cs(2)%p(1:3) are their pointer members with 1-based inclusive bounds', () => {
    expect(parseRef(world, 'c%p(2:5)')).toEqual({ kind: 'member', struct: 'c', member: 'p', bounds: [2, 5] });
    expect(parseRef(world, 'cs(2)%p(1:3)')).toEqual({ kind: 'member', struct: 'cs', member: 'p', index: 1, bounds: [1, 3] });
    // a section of a non-pointer member keeps its own form
    expect(parseRef(world, 'c%arr(2:3)').kind).toBe('array');
  });

  test.each([
    ['c%p(0:3)', "bounds (0:3) of 'c%p(0:3)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['c%p(4:2)', "bounds (4:2) of 'c%p(4:2)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['c%p(4098:4097)', "bounds (4098:4097) of 'c%p(4098:4097)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['c%p(2:4097)', "bounds (2:4097) of 'c%p(2:4097)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    ['cs%p(1:2)', "'cs' is an array of 2 structs: name an element's member, e.g. 'cs(1)%p(1:2)'"],
    ['cs(3)%p(1:2)', "element 3 of 'cs(3)%p(1:2)' is outside cs(1:2)"],
    ['cs(1)%q(1:2)', "'cs' has no pointer member 'q'"],
    ['c%q(1:2)', "'c' has no member 'q'"],
  ])('%s is refused: %s', (ref, message) => {
    expect(refError(world, ref)).toBe(message);
  });
});

describe('member subarrays: one-line input errors', () => {
  test('bounds no target can hold name the step and the field', () => {
    const message = loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p(0:4)'] }] }] });
    expect(message).toBe(
      ": step 1 (acc_enter_data): field clauses[0].vars[1]: bounds (0:4) of 'c%p(0:4)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)",
    );
  });

  test('where the pointer itself is meant (attach, detach, acc_attach, nullify, pointer assignment, a pointer read), a section is refused', () => {
    const itself = "is a section of the target of c%p; expected the pointer member itself (c%p)";
    expect(loadError({ world, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'attach', vars: ['c%p(1:2)'] }] }] })).toBe(
      `: step 1 (acc_enter_data): field clauses[0].vars[0]: 'c%p(1:2)' ${itself}`,
    );
    expect(loadError({ world, steps: [{ op: 'acc_detach', ptr: 'c%p(1:2)' }] })).toBe(`: step 1 (acc_detach): field ptr: 'c%p(1:2)' ${itself}`);
    expect(loadError({ world, steps: [{ op: 'nullify', ptr: 'c%p(1:2)' }] })).toBe(`: step 1 (nullify): field ptr: 'c%p(1:2)' ${itself}`);
    expect(loadError({ world, steps: [{ op: 'pointer_assign', ptr: 'c%p(1:2)', target: 'a' }] })).toBe(`: step 1 (pointer_assign): field ptr: 'c%p(1:2)' ${itself}`);
    expect(loadError({ world, steps: [{ op: 'acc_parallel', clauses: [], body: { pointer: 'c%p(1:2)' } }] })).toBe(
      `: step 1 (acc_parallel): field body.pointer: 'c%p(1:2)' ${itself}`,
    );
    // a pointer target is an array of the world, never a pointer's section
    expect(loadError({ world, steps: [{ op: 'pointer_assign', ptr: 'cs(1)%p', target: 'c%p(1:2)' }] })).toMatch(
      /^: step 1 \(pointer_assign\): field target: 'c%p\(1:2\)' is a pointer member \(c%p\); expected an array or subarray/,
    );
  });

  test('sections are data wherever data is taken: clauses, maps, motions, routines, kernels and host steps', () => {
    const ok = validateProgram({
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p(2:5)', 'cs(2)%p(1:3)'] }] },
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['c%p(3:4)'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c%p(2:5)'] }], body: { write: 'c%p(3:4)', value: 1 } },
        { op: 'acc_is_present', var: 'c%p(2:5)' },
        { op: 'acc_copyout', var: 'c%p(2:5)' },
        { op: 'host_read', var: 'c%p(1:10)' },
      ],
    });
    expect(ok.ok).toBe(true);
    const omp = validateProgram({
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(2:5)'] }] },
        { op: 'omp_target_update', motions: [{ type: 'from', vars: ['c%p(2:3)'] }] },
        { op: 'omp_target', maps: [], body: { read: 'c%p(2:3)' } },
      ],
    });
    expect(omp.ok).toBe(true);
  });
});
