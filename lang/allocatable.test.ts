// Allocatable components (issue 9 item 6) in the input language: `allocatable` names pointer
// members of a single struct that are Fortran allocatable components, unallocated at start;
// allocate / deallocate steps. The allocation status is known from the program text, so status
// errors (Fortran 2018 §9.7.1.3, §9.7.3.2) and misuse are one-line errors naming the file, the step
// and the field.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-allocatable-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const world = { arrays: [{ name: 'a', length: 4 }], structs: [{ name: 'e', pointers: ['p', 'x'], allocatable: ['x'] }] };
const loadError = (content: unknown): string => rejection(dir, content);
const program = (steps: unknown[], w: unknown = world) => ({ world: w, steps });
const alloc = { op: 'allocate', ptr: 'e%x', length: 4 };
const dealloc = { op: 'deallocate', ptr: 'e%x' };

describe('allocatable components: valid programs', () => {
  test('allocate, deallocate and allocate again, with a source value and the bounds 1 and 64', () => {
    expect(validateProgram(program([alloc, dealloc, { ...alloc, length: 64, value: -3 }, dealloc, { ...alloc, length: 1 }])).ok).toBe(true);
  });
});

describe('allocatable components: bad input is one line naming the file, step and field', () => {
  test('the allocation status', () => {
    expect(loadError(program([alloc, alloc]))).toBe(": step 2 (allocate): field ptr: 'e%x' is already allocated (step 1); deallocate it first (Fortran 2018 §9.7.1.3)");
    expect(loadError(program([dealloc]))).toBe(": step 1 (deallocate): field ptr: 'e%x' is not allocated here; deallocate needs an allocated component (Fortran 2018 §9.7.3.2)");
    expect(loadError(program([alloc, dealloc, dealloc]))).toBe(": step 3 (deallocate): field ptr: 'e%x' is not allocated here; deallocate needs an allocated component (Fortran 2018 §9.7.3.2)");
  });

  test('more allocations than the host heap holds', () => {
    const eight = Array.from({ length: 8 }, () => [alloc, dealloc]).flat();
    expect(validateProgram(program(eight)).ok).toBe(true);
    expect(loadError(program([...eight, alloc]))).toBe(': step 17 (allocate): field op: more than 8 allocate steps (the host heap\'s allocations, mapcheck\'s limit)');
  });

  test('a pointer member is no allocatable component, and the other way round', () => {
    expect(loadError(program([{ op: 'allocate', ptr: 'e%p', length: 4 }]))).toBe(`: step 1 (allocate): field ptr: 'e%p' is a pointer member, not an allocatable component (list it in the struct's "allocatable")`);
    expect(loadError(program([{ op: 'pointer_assign', ptr: 'e%x', target: 'a' }]))).toBe(": step 1 (pointer_assign): field ptr: 'e%x' is an allocatable component, not a pointer: use allocate / deallocate (Fortran 2018 §10.2.2.2)");
    expect(loadError(program([{ op: 'nullify', ptr: 'e%x' }]))).toBe(": step 1 (nullify): field ptr: 'e%x' is an allocatable component, not a pointer: use allocate / deallocate (Fortran 2018 §10.2.2.2)");
    expect(loadError(program([{ op: 'allocate', ptr: 'a', length: 4 }]))).toBe(": step 1 (allocate): field ptr: 'a' is an array or subarray; expected a pointer member (c%p)");
  });

  test('extents outside 1..1024', () => {
    expect(loadError(program([{ ...alloc, length: 0 }]))).toMatch(/^: step 1 \(allocate\): field length: /);
    expect(loadError(program([{ ...alloc, length: 1025 }]))).toMatch(/^: step 1 \(allocate\): field length: /);
  });

  test('the declaration: a pointer of the struct, once, a single struct, unallocated at start', () => {
    const struct = (s: object) => ({ arrays: [{ name: 'a', length: 4 }], structs: [{ name: 'e', pointers: ['p', 'x'], ...s }] });
    expect(loadError(program([], struct({ allocatable: ['y'] })))).toBe(": field world.structs[0].allocatable[0]: 'y' is not a pointer member of 'e' (an allocatable component is one of its pointers)");
    expect(loadError(program([], struct({ allocatable: ['x', 'x'] })))).toBe(": field world.structs[0].allocatable[1]: member 'x' is declared allocatable twice");
    expect(loadError(program([], struct({ allocatable: ['x'], count: 2 })))).toBe(": field world.structs[0].allocatable[0]: 'e' is an array of structs; allocatable components are taken in single structs only");
    expect(loadError(program([], struct({ allocatable: ['x'], init: { x: 'a' } })))).toBe(": field world.structs[0].init.x: 'e%x' is an allocatable component, unallocated at program start (allocate it with an allocate step)");
  });
});
