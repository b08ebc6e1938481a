// declare mapper in the input language (world.mappers, lang/README-openmp.md "declare mapper"): a
// default mapper per single struct, whose list items are the struct and its members. Everything
// else is a one-line error naming the file and the field (exit 2 from the command line).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { rejection } from './test-support.js';
import type { World } from './program.js';
import { validateProgram } from './validate.js';

const dir = mkdtempSync(join(tmpdir(), 'mapcheck-mapper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base: World = {
  arrays: [{ name: 'a', length: 8 }],
  structs: [
    { name: 'c', pointers: ['p'], init: { p: 'a' }, fields: [{ name: 'n' }, { name: 'arr', length: 4 }] },
    { name: 'd', pointers: ['p'] },
    { name: 'cs', pointers: ['p'], count: 2 },
  ],
};
const withMappers = (mappers: unknown): unknown => ({ world: { ...base, mappers }, steps: [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }] }] });
const loadError = (content: unknown): string => rejection(dir, content);

describe('declare mapper: world.mappers', () => {
  test('the struct, its pointer members, member sections and non-pointer members are list items', () => {
    const ok = validateProgram(withMappers([{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c', 'c%n'] }, { type: 'to', vars: ['c%p(2:5)', 'c%arr(1:2)'] }] }]));
    expect(ok).toMatchObject({ ok: true });
  });

  test.each([
    [[{ struct: 'x', maps: [{ type: 'to', vars: ['c'] }] }], "field world.mappers[0].struct: 'x' is not a struct of the world"],
    [[{ struct: 'a', maps: [{ type: 'to', vars: ['a'] }] }], "field world.mappers[0].struct: 'a' is not a struct of the world"],
    [[{ struct: 'cs', maps: [{ type: 'to', vars: ['cs'] }] }], "field world.mappers[0].struct: 'cs' is an array of structs; declare mapper is taken for single structs only (mapcheck's limit)"],
    [
      [
        { struct: 'c', maps: [{ type: 'to', vars: ['c'] }] },
        { struct: 'c', maps: [{ type: 'from', vars: ['c'] }] },
      ],
      "field world.mappers[1].struct: 'c' already has a default mapper (OpenMP 6.0 §7.9.10: one per type and identifier)",
    ],
    [[{ struct: 'c', maps: [{ type: 'to', vars: ['c', 'd'] }] }], "field world.mappers[0].maps[0].vars[1]: 'd' is not 'c' or one of its members: a mapper's list items are its variable and its members"],
    [[{ struct: 'c', maps: [{ type: 'to', vars: ['a'] }] }], "field world.mappers[0].maps[0].vars[0]: 'a' is not 'c' or one of its members: a mapper's list items are its variable and its members"],
    [[{ struct: 'c', maps: [{ type: 'to', vars: ['c'] }, { type: 'from', vars: ['c'] }] }], "field world.mappers[0].maps[1].vars[0]: 'c' is named twice in the mapper"],
    [[{ struct: 'c', maps: [{ type: 'to', vars: ['c%q'] }] }], "field world.mappers[0].maps[0].vars[0]: 'c' has no pointer member 'q'"],
  ])('%j is refused', (mappers, message) => {
    expect(loadError(withMappers(mappers))).toBe(`: ${message}`);
  });

  test('map types are those a mapper takes (to, from, tofrom, alloc); a mapper has clauses and each clause list items', () => {
    expect(loadError(withMappers([{ struct: 'c', maps: [{ type: 'release', vars: ['c'] }] }]))).toBe(
      ': field world.mappers[0].maps[0].type: expected one of "to"|"from"|"tofrom"|"alloc"; got "release"',
    );
    expect(loadError(withMappers([{ struct: 'c', maps: [] }]))).toMatch(/^: field world\.mappers\[0\]\.maps: Too small: expected array to have >=1 items/);
    expect(loadError(withMappers([{ struct: 'c', maps: [{ type: 'to', vars: [] }] }]))).toMatch(/^: field world\.mappers\[0\]\.maps\[0\]\.vars: Too small/);
    // modifiers are the invoking clause's: a mapper's clauses take none here
    expect(loadError(withMappers([{ struct: 'c', maps: [{ type: 'to', vars: ['c'], modifiers: ['always'] }] }]))).toBe(": field world.mappers[0].maps[0].modifiers: unknown field 'modifiers'");
  });

  test('an OpenACC program cannot declare a mapper', () => {
    expect(loadError({ world: { ...base, mappers: [{ struct: 'c', maps: [{ type: 'to', vars: ['c'] }] }] }, steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] }] })).toBe(
      ': step 1 (acc_enter_data): field op: OpenACC steps cannot run in a world with world.mappers (OpenMP declare mapper directives)',
    );
  });
});
