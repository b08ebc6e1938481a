import { expect, test } from 'vitest';
import { legend, renderWorld, withWorld } from './world.js';

test('the world in Fortran-like declarations: initial values, host addresses, initial targets, devices', () => {
  const lines = renderWorld({
    arrays: [
      { name: 'a', length: 8, init: [1, 1, 1, 2, 2, 2, 2, 3] },
      { name: 'b', length: 4 },
    ],
    structs: [{ name: 'c', pointers: ['p', 'q'], init: { p: 'b(2:3)' } }],
    devices: [{ kind: 'discrete' }, { kind: 'shared' }],
  });
  // Comments line up in one column.
  expect(new Set(lines.slice(0, 5).map((l) => l.indexOf('  !')))).toHaveProperty('size', 1);
  expect(lines.map((l) => l.replace(/ {2,}/g, '  '))).toEqual([
    'integer, target :: a(8) = [3*1, 4*2, 3]                       ! host 0x1000..0x1020',
    'integer, target :: b(4) = 0                                   ! host 0x1200..0x1210',
    'type :: c  { integer, pointer :: p(:); integer, pointer :: q(:) }  ! host 0x1400..0x1420',
    'c%p => b(2:3)                                                 ! initial association',
    'nullify(c%q)                                                  ! initial association',
    '! devices: 0 discrete, 1 shares memory with the host (elements are 4-byte integers)',
  ].map((l) => l.replace(/ {2,}/g, '  ')));
});

test('the legend explains only the notation the report uses, error codes included', () => {
  expect(legend('1  ok\n2  read [4*?]')).toEqual([
    'N*v    N elements in a row with value v (Fortran list-directed style): read [10*2] is ten 2s',
    '?      an indeterminate element (e.g. device memory never written)',
  ]);
  expect(legend('x  error acc_error_not_present\ny  halted')).toEqual([
    'halted the program stopped at an earlier error or undefined step',
    'acc_error_not_present: OpenACC runtime error: data required to be present is not (§2.7.3)',
  ]);
  expect(legend('1  ok')).toEqual([]);
  expect(withWorld({ arrays: [{ name: 'a', length: 1 }], structs: [] }, '1  ok\n')).toBe(
    'world:\n  integer, target :: a(1) = 0  ! host 0x1000..0x1004\n  ! devices: 0 discrete (elements are 4-byte integers)\n\n1  ok\n',
  );
});

test('a declare mapper is shown after the declarations, the struct standing for the mapper variable', () => {
  const lines = renderWorld({
    arrays: [{ name: 'a', length: 4 }],
    structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
    mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c'] }, { type: 'to', vars: ['c%p(1:2)'] }] }],
  });
  expect(lines.at(-1)).toBe('!$omp declare mapper (type of c :: c) map(tofrom: c) map(to: c%p(1:2))');
});
