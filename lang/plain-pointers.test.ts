// Plain pointer variables in the input language (lang/plain-pointers.ts, lang/README.md "Plain
// pointer variables"): the surface syntax (`world.pointers`, `p`, `p(:)`, `p(2:5)`) lowers to a
// one-member struct with `plain`, references are written back as a person writes them, and bad
// input is one line naming the file, the step and the field (exit 2 on the command line).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import { lowerPlainPointers, surfaceRef, surfaceStep, surfaceText } from './plain-pointers.js';
import type { Step, World } from './program.js';
import { validateProgram } from './validate.js';
import { renderStep } from '../cli/render.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-plain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const surfaceWorld = { arrays: [{ name: 'a', length: 8 }], structs: [], pointers: [{ name: 'p', init: 'a' }] };
const program = (steps: unknown[], world: unknown = surfaceWorld) => ({ world, steps });
const loadError = (steps: unknown[], world: unknown = surfaceWorld): string => rejection(dir, program(steps, world));
const canonical: World = { arrays: [{ name: 'a', length: 8 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }] };

describe('plain pointers: lowering', () => {
  test('world.pointers become one-member structs with plain, after the world\'s structs', () => {
    const r = validateProgram(program([]));
    expect(r.ok && r.program.world).toEqual(canonical);
    const nullInit = validateProgram(program([], { arrays: [], structs: [{ name: 'c', pointers: ['x'] }], pointers: [{ name: 'q', init: null }, { name: 'r' }] }));
    expect(nullInit.ok && nullInit.program.world.structs.map((s) => [s.name, s.plain, s.init])).toEqual([
      ['c', undefined, undefined],
      ['q', true, { q: null }],
      ['r', true, undefined],
    ]);
  });

  test('references: p(:) is the target, p(l:u) a section of it, p the pointer where a pointer is taken and the variable elsewhere', () => {
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p', 'p(:)', 'p(2:5)'] }, { clause: 'attach', vars: ['p'] }] },
      { op: 'acc_attach', ptr: 'p' },
      { op: 'pointer_assign', ptr: 'p', target: 'a(1:4)' },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p'] }], body: { pointer: 'p' } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p'] }], body: { read: 'p(2:3)' } },
      { op: 'host_read', var: 'p(:)', at: 2 },
      { op: 'acc_memcpy_from_device', var: 'p(:)', dev: { var: 'p' } },
    ];
    const r = validateProgram(program(steps));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.program.steps).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p', 'p%p', 'p%p(2:5)'] }, { clause: 'attach', vars: ['p%p'] }] },
      { op: 'acc_attach', ptr: 'p%p' },
      { op: 'pointer_assign', ptr: 'p%p', target: 'a(1:4)' },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p'] }], body: { pointer: 'p%p' } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p'] }], body: { read: 'p%p(2:3)' } },
      { op: 'host_read', var: 'p%p', at: 2 },
      { op: 'acc_memcpy_from_device', var: 'p%p', dev: { var: 'p' } },
    ]);
    // and back, as the program wrote them
    expect(r.program.steps.map((s) => surfaceStep(r.program.world, s))).toEqual(steps);
    // canonical programs (saved cases, generated programs) validate as they are
    const again = validateProgram(r.program);
    expect(again.ok && again.program).toEqual(r.program);
  });

  test('OpenMP map items are data: p is the pointer variable, p(:) its target', () => {
    const r = validateProgram(program([{ op: 'omp_target', maps: [{ type: 'to', vars: ['p', 'p(2:5)'] }], body: { read: 'p(:)' } }]));
    expect(r.ok && r.program.steps[0]).toEqual({ op: 'omp_target', maps: [{ type: 'to', vars: ['p', 'p%p(2:5)'] }], body: { read: 'p%p' } });
  });

  test('a world without plain pointers is passed through as the same object', () => {
    const raw = { world: { arrays: [], structs: [] }, steps: [] };
    expect(lowerPlainPointers(raw)).toEqual({ program: raw });
    expect((lowerPlainPointers(raw) as { program: unknown }).program).toBe(raw);
  });

  test('reports name the pointer p, its target p(:) and sections p(l:u)', () => {
    expect(surfaceRef(canonical, 'p%p', true)).toBe('p');
    expect(surfaceRef(canonical, 'p%p', false)).toBe('p(:)');
    expect(surfaceRef(canonical, 'p%p(2:5)', false)).toBe('p(2:5)');
    expect(surfaceRef(canonical, 'p', false)).toBe('p');
    expect(surfaceRef(canonical, 'a(1:2)', false)).toBe('a(1:2)');
    expect(surfaceText(canonical, 'the kernel dereferences p%p, whose value is host:0x1000; cp%p and p%pq stay')).toBe(
      'the kernel dereferences p, whose value is host:0x1000; cp%p and p%pq stay',
    );
    expect(renderStep({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p', 'p%p(2:5)'] }, { clause: 'attach', vars: ['p%p'] }] }, canonical)).toBe(
      '!$acc enter data copyin(p, p(2:5)) attach(p)',
    );
    // a struct member keeps its name
    const withStruct: World = { ...canonical, structs: [...canonical.structs, { name: 'c', pointers: ['p'] }] };
    expect(surfaceRef(withStruct, 'c%p', false)).toBe('c%p');
  });
});

describe('plain pointers: bad input is one line with the step and field', () => {
  test.each([
    [[{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['q(1:4)'] }] }], "step 1 (acc_enter_data): field clauses[0].vars[0]: 'q' is not declared in the world"],
    [[{ op: 'host_read', var: 'p' }], "step 1 (host_read): field var: 'p' is a plain pointer variable (its own storage); name its target, p(:) or p(l:u)"],
    [[{ op: 'host_write', var: 'p(1:2,1:2)', value: 1 }], "step 1 (host_write): field var: 'p' is a plain pointer of rank 1 (integer, pointer :: p(:)), so 'p(1:2,1:2)' cannot take 2 subscripts"],
    [[{ op: 'host_read', var: 'p%q' }], "step 1 (host_read): field var: 'p%q' is not a reference to plain pointer 'p' (expected p, p(:) or p(l:u))"],
    [[{ op: 'host_read', var: 'p(0:3)' }], "step 1 (host_read): field var: bounds of 'p(0:3)' are empty or outside 1:4096 (a pointer targets at most 4096 elements, counted from 1)"],
    [[{ op: 'pointer_assign', ptr: 'p', target: 'p(:)' }], "step 1 (pointer_assign): field target: 'p(:)' is the target of plain pointer p; expected an array or subarray"],
    [[{ op: 'acc_attach', ptr: 'p(2:3)' }], "step 1 (acc_attach): field ptr: 'p(2:3)' is a section of the target of p; expected the pointer member itself (p)"],
    [[{ op: 'acc_host_data_begin', var: 'p', result: 'd' }], "step 1 (acc_host_data_begin): field var: 'p' is a plain pointer variable; expected an array or subarray"],
    [
      [{ op: 'acc_parallel', clauses: [{ clause: 'attach', vars: ['p'] }], body: { read: 'p(:)' } }],
      "step 1 (acc_parallel): field body.read: the kernel goes through plain pointer 'p', which no data clause of the construct names: name 'p' itself (the kernel then reads its device copy) or one section of its target, p(:) or p(l:u) (the kernel's p is then the device address found through it); the implicit firstprivate / zero-length-section reading of an unnamed pointer (OpenACC 3.3 §2.6.2, OpenMP 6.0 §7.9.3) is not modelled",
    ],
    [
      [{ op: 'omp_target', maps: [], body: { pointer: 'p' } }],
      "step 1 (omp_target): field body.pointer: the kernel goes through plain pointer 'p', which no map of the construct names: name 'p' itself (the kernel then reads its device copy) or one section of its target, p(:) or p(l:u) (the kernel's p is then the device address found through it); the implicit firstprivate / zero-length-section reading of an unnamed pointer (OpenACC 3.3 §2.6.2, OpenMP 6.0 §7.9.3) is not modelled",
    ],
    [
      [{ op: 'omp_target', maps: [{ type: 'to', vars: ['p(1:2)', 'p(3:4)'] }], body: { read: 'p(1:4)' } }],
      "step 1 (omp_target): field body.read: the kernel goes through plain pointer 'p', not named itself, and the construct names 2 sections of its target: name one section with elements (its device address is what the kernel's p becomes)",
    ],
    [
      [{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['p(3:2)'] }], body: { read: 'p(1:2)' } }],
      "step 1 (acc_parallel): field body.read: the kernel goes through plain pointer 'p', not named itself, and the construct names an empty section of its target: name one section with elements (its device address is what the kernel's p becomes)",
    ],
    [
      [{ op: 'omp_target', maps: [{ type: 'to', vars: ['p(:)'] }], body: { pointer: 'p' } }],
      "step 1 (omp_target): field body.pointer: the kernel reads the pointer 'p', which the construct does not name: name 'p' itself (an unnamed C pointer is a private address, with no descriptor)",
    ],
    [
      [{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['p(:)'] }], body: { read: 'p(:)', bounds: true } }],
      "step 1 (acc_parallel): field body.read: the kernel reads the bounds or one element of the view of 'p', which the construct does not name: name 'p' itself (an unnamed C pointer is a private address, with no descriptor)",
    ],
  ])('%j', (steps, message) => {
    expect(loadError(steps)).toBe(`: ${message}`);
  });

  test('takes a kernel through p when the construct names one section of its target instead of p (OpenACC data clause, OpenMP map; a block too)', () => {
    for (const steps of [
      [{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['p(:)'] }], body: { write: 'p(1:3)', value: 2 } }],
      [{ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p(2:3)'] }, { clause: 'attach', vars: ['p'] }], body: { read: 'p(1:4)' } }],
      [{ op: 'omp_target', maps: [{ type: 'alloc', vars: ['p(2:3)'] }], body: { writes: [{ write: 'p(2:2)', value: 1 }, { write: 'a(1:1)', value: 2 }] } }],
    ]) {
      const r = validateProgram(program(steps));
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
  });

  test.each([
    [{ arrays: [], structs: [], pointers: {} }, 'field world.pointers: expected an array of {"name": identifier, "init"?: reference or null}'],
    [{ arrays: [], structs: [], pointers: [{ name: '1p' }] }, 'field world.pointers[0].name: "1p" is not an identifier ([A-Za-z][A-Za-z0-9_]*)'],
    [{ arrays: [], structs: [], pointers: [{ name: 'p', target: 'a' }] }, 'field world.pointers[0].target: unknown field (a plain pointer has "name" and "init")'],
    [{ arrays: [], structs: [], pointers: [{ name: 'p', init: 3 }] }, 'field world.pointers[0].init: expected an array reference or null'],
    [{ arrays: [{ name: 'p', length: 2 }], structs: [], pointers: [{ name: 'p' }] }, "field world.structs[0].name: 'p' is already declared at world.arrays[0].name"],
    [{ arrays: [{ name: 'm', length: 4, shape: [2, 2] }], structs: [], pointers: [{ name: 'p', init: 'm' }] }, "field world.structs[0].init.p: 'm' has rank 2, and a pointer member (p(:)) takes a rank-1 target"],
    [{ arrays: [], structs: [{ name: 'p', pointers: ['p', 'q'], plain: true }] }, "field world.structs[0].plain: 'p' is a plain pointer variable: one pointer member and no fields, count or allocatable"],
    [
      { arrays: [], structs: [], pointers: [{ name: 'p' }], mappers: [{ struct: 'p', maps: [{ type: 'to', vars: ['p'] }] }] },
      "field world.mappers[0].struct: 'p' is a plain pointer variable, not a struct: declare mapper takes a struct type (OpenMP 6.0 §7.9.10)",
    ],
  ])('world %j', (world, message) => {
    expect(loadError([], world)).toBe(`: ${message}`);
  });
});
