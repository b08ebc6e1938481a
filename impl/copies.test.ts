// impl unit tests for copy kernels (a `from` on a kernel's write body and on host_write; lang/
// README.md "Copy kernels"). Hand-written expectations: element k of the written reference gets
// value + k * by + from(k) (plus its old value with add), from(k) read where the kernel runs; an
// indeterminate from(k) (or old element with add) gives an indeterminate result, a sum past a C int
// is undefined; the kernel uses both roots (implicit data attributes, firstprivate scalars, K-A58 /
// K-B55 `dropped`).

import { describe, expect, it } from 'vitest';
import type { Step, World } from '../lang/program.js';
import { OK, clause, deviceRead, enter, hostRead, kinds, read, run } from './test-support.js';

/** a = [1, 2, 3, 4], b = [0, 0, 0, 0], scalar x = 7. */
const ACC: World = {
  arrays: [
    { name: 'a', length: 4, init: [1, 2, 3, 4] },
    { name: 'b', length: 4, init: 0 },
    { name: 'x', length: 1, scalar: true, init: 7 },
  ],
  structs: [],
};
/** ACC's arrays; device 0 discrete, device 1 shares memory with the host, the host is device 2. */
const OMP: World = { ...ACC, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };



describe('OpenACC copy kernels', () => {
  it('b(i) = a(i) with both present copies the device values; the host sees them only after an update or copyout', () => {
    const obs = run(ACC, [
      enter('copyin', 'a', 'b'),
      // the host's a changes; the device copy keeps [1, 2, 3, 4]
      { op: 'host_write', var: 'a', value: 100 },
      { op: 'acc_parallel', clauses: [clause('present', 'a', 'b')], body: { write: 'b', value: 0, from: 'a' } },
      deviceRead('b'),
      hostRead('b'),
      { op: 'acc_update', clauses: [{ clause: 'self', vars: ['b'] }] },
      hostRead('b'),
      // a ramp plus the copy: b(k) = 10 + k + a(k), k from 0
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 10, by: 1, from: 'a' } },
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['b'] }] },
      hostRead('b'),
      hostRead('a'),
    ]);
    expect(obs[2]).toEqual(OK);
    expect(obs[3]).toEqual(read(1, 2, 3, 4));
    expect(obs[4]).toEqual(read(0, 0, 0, 0));
    expect(obs[6]).toEqual(read(1, 2, 3, 4));
    expect(obs[7]).toEqual(OK);
    expect(obs.slice(9)).toEqual([read(11, 13, 15, 17), read(100, 100, 100, 100)]);
  });

  it('unnamed arrays get implicit copy clauses: the host values arrive, the kernel copies them, b comes back', () => {
    const steps: Step[] = [
      { op: 'host_write', var: 'a', value: 5, by: 1 },
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
      hostRead('a'),
    ];
    expect(run(ACC, steps).slice(1)).toEqual([OK, read(5, 6, 7, 8), read(5, 6, 7, 8)]);
    // sections of one array: the same section, or disjoint ones
    expect(run(ACC, [{ op: 'acc_parallel', clauses: [], body: { write: 'a(1:2)', value: 0, add: true, from: 'a(3:4)' } }, hostRead('a')])).toEqual([OK, read(4, 6, 3, 4)]);
    expect(run(ACC, [{ op: 'acc_parallel', clauses: [], body: { write: 'a', value: 1, add: true, from: 'a' } }, hostRead('a')])).toEqual([OK, read(3, 5, 7, 9)]);
  });

  it('a from array that is not present: default(present) or a present clause is the present error; a kernel access without any clause is undefined', () => {
    const missing = run(ACC, [enter('copyin', 'b'), { op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'b', value: 0, from: 'a' } }, hostRead('b')]);
    expect(kinds(missing)).toEqual(['ok', 'error acc_error_not_present', 'halted']);
    // (the same error as a present clause naming a)
    const named = run(ACC, [enter('copyin', 'b'), { op: 'acc_parallel', clauses: [clause('present', 'a', 'b')], body: { write: 'b', value: 0, from: 'a' } }]);
    expect(kinds(named)).toEqual(['ok', 'error acc_error_not_present']);
    // b present, a named by no_create and absent: the kernel reads absent data
    const absent = run(ACC, [enter('copyin', 'b'), { op: 'acc_parallel', clauses: [clause('no_create', 'a')], default: 'present', body: { write: 'b', value: 0, from: 'a' } }, hostRead('b')]);
    expect(kinds(absent)).toEqual(['ok', 'undefined', 'halted']);
    // both present under default(present): fine
    const both = run(ACC, [enter('copyin', 'a', 'b'), { op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'b', value: 1, from: 'a' } }, deviceRead('b')]);
    expect(both).toEqual([OK, OK, read(2, 3, 4, 5)]);
  });

  it('a firstprivate scalar from reads the host value (K-A67 host) or the device copy (present-copy)', () => {
    const steps: Step[] = [
      enter('copyin', 'x'),
      { op: 'host_write', var: 'x', value: 50 },
      { op: 'acc_parallel', clauses: [], body: { write: 'b(2:2)', value: 1, from: 'x' } },
      hostRead('b'),
      // x is in no visible clause: firstprivate, its device copy untouched
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['x'] }] },
      hostRead('x'),
    ];
    expect(run(ACC, steps).slice(2)).toEqual([OK, read(0, 51, 0, 0), OK, read(7)]);
    expect(run(ACC, steps, { 'K-A67': 'present-copy' }).slice(2)).toEqual([OK, read(0, 8, 0, 0), OK, read(7)]);
    // in a visible clause (an enclosing data region) x is copied: the device copy is read
    const visible = run(ACC, [
      { op: 'acc_data_begin', clauses: [clause('copyin', 'x')] },
      { op: 'host_write', var: 'x', value: 50 },
      { op: 'acc_parallel', clauses: [], body: { write: 'b(4:4)', value: 0, from: 'x' } },
      hostRead('b'),
    ]);
    expect(visible.slice(2)).toEqual([OK, read(0, 0, 0, 7)]);
  });

  it('a firstprivate written scalar changes only its private copy, but its from is still read', () => {
    expect(run(ACC, [{ op: 'acc_parallel', clauses: [], body: { write: 'x', value: 1, from: 'a(3:3)' } }, hostRead('x'), hostRead('a')])).toEqual([OK, read(7), read(1, 2, 3, 4)]);
    expect(run(ACC, [{ op: 'acc_parallel', clauses: [], body: { write: 'x', value: 1, add: true, from: 'x' } }, hostRead('x')])).toEqual([OK, read(7)]);
    // a named by no_create and absent: the read is undefined
    expect(kinds(run(ACC, [{ op: 'acc_parallel', clauses: [clause('no_create', 'a')], body: { write: 'x', value: 1, from: 'a(3:3)' } }]))).toEqual(['undefined']);
    // default(present) does not reach a scalar, but does reach the array it reads
    expect(kinds(run(ACC, [{ op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'x', value: 1, from: 'a(3:3)' } }]))).toEqual(['error acc_error_not_present']);
    // a private sum past a C int
    const big: Step[] = [{ op: 'host_write', var: 'a', value: 1e9 }, { op: 'host_write', var: 'a', value: 1e9, add: true }];
    expect(kinds(run(ACC, [...big, { op: 'acc_parallel', clauses: [], body: { write: 'x', value: 1e8, from: 'a(1:1)' } }, { op: 'acc_parallel', clauses: [], body: { write: 'x', value: 2e8, from: 'a(1:1)' } }]))).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it('with add the old element is added too', () => {
    const obs = run(ACC, [
      { op: 'host_write', var: 'b', value: 100 },
      enter('copyin', 'a', 'b'),
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 1, add: true, from: 'a' } },
      deviceRead('b'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(102, 103, 104, 105)]);
  });

  it('an indeterminate from element (created, never written) or old element (with add) gives an indeterminate result', () => {
    const obs = run(ACC, [
      enter('create', 'a'),
      enter('copyin', 'b'),
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 1, from: 'a' } },
      deviceRead('b'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(null, null, null, null)]);
    // a(2:3) written on the device, a(1) and a(4) still indeterminate
    const part = run(ACC, [
      enter('create', 'a'),
      { op: 'acc_parallel', clauses: [], body: { write: 'a(2:3)', value: 9 } },
      { op: 'acc_parallel', clauses: [clause('copyout', 'b')], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
    ]);
    expect(part.slice(2)).toEqual([OK, read(null, 9, 9, null)]);
    const add = run(ACC, [
      enter('create', 'b'),
      enter('copyin', 'a'),
      { op: 'acc_parallel', clauses: [], body: { write: 'b(1:2)', value: 0, by: 0 } },
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 1, add: true, from: 'a' } },
      deviceRead('b'),
    ]);
    expect(add.slice(3)).toEqual([OK, read(2, 3, null, null)]);
  });

  it('a sum past a C int is undefined (also without add)', () => {
    const obs = run(ACC, [
      { op: 'host_write', var: 'a', value: 1e9 },
      { op: 'host_write', var: 'a', value: 1e9, add: true },
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 1e9, from: 'a' } },
      hostRead('b'),
    ]);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'undefined', 'halted']);
    const negative = run(ACC, [
      { op: 'host_write', var: 'a', value: -1e9 },
      { op: 'host_write', var: 'a', value: -1e9, add: true },
      enter('copyin', 'a', 'b'),
      { op: 'acc_parallel', clauses: [], body: { write: 'b', value: -1e9, by: -1, from: 'a' } },
    ]);
    expect(kinds(negative)).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it('K-A58 dropped keeps a whole-variable clause of the from root (the region uses it)', () => {
    // copyout(a) creates a's device copy (indeterminate) and the kernel reads that; an implicit
    // copy would have read the host's [1, 2, 3, 4]
    const steps: Step[] = [{ op: 'acc_parallel', clauses: [clause('copyout', 'a')], body: { write: 'b', value: 0, from: 'a' } }, hostRead('b'), hostRead('a')];
    const nulls = read(null, null, null, null);
    expect(run(ACC, steps, { 'K-A58': 'dropped' })).toEqual([OK, nulls, nulls]);
    expect(run(ACC, steps, { 'K-A58': 'kept' })).toEqual([OK, nulls, nulls]);
    // a clause naming neither root is still dropped: copyout(x) copies nothing back
    const other: Step[] = [{ op: 'acc_parallel', clauses: [clause('copyout', 'x')], body: { write: 'b', value: 0, from: 'a' } }, hostRead('x')];
    expect(run(ACC, other, { 'K-A58': 'dropped' })).toEqual([OK, read(7)]);
    expect(run(ACC, other, { 'K-A58': 'kept' })).toEqual([OK, read(null)]);
  });
});

describe('host_write with from', () => {
  it('reads the host elements of the from array', () => {
    const obs = run(ACC, [
      enter('copyin', 'a'),
      { op: 'acc_parallel', clauses: [], body: { write: 'a', value: 50 } },
      // host a is still [1, 2, 3, 4]
      { op: 'host_write', var: 'b', value: 1, from: 'a' },
      hostRead('b'),
      { op: 'host_write', var: 'b', value: 0, by: 10, add: true, from: 'a' },
      hostRead('b'),
      { op: 'host_write', var: 'a(1:2)', value: 0, from: 'a(3:4)' },
      hostRead('a'),
      { op: 'host_write', var: 'x', value: 1, add: true, from: 'x' },
      hostRead('x'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(2, 3, 4, 5), OK, read(3, 15, 27, 39), OK, read(3, 4, 3, 4), OK, read(15)]);
  });

  it('an indeterminate host element gives an indeterminate result; an overflow is undefined', () => {
    const obs = run(ACC, [enter('create', 'a'), { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(2:3)'] }] }, { op: 'host_write', var: 'b', value: 0, from: 'a' }, hostRead('b')]);
    expect(obs.slice(2)).toEqual([OK, read(1, null, null, 4)]);
    const over = run(ACC, [
      { op: 'host_write', var: 'a', value: 1e9 },
      { op: 'host_write', var: 'a', value: 1e9, add: true },
      { op: 'host_write', var: 'b', value: 1e8, from: 'a' },
      { op: 'host_write', var: 'b', value: 2e8, from: 'a' },
      hostRead('b'),
    ]);
    expect(kinds(over)).toEqual(['ok', 'ok', 'ok', 'undefined', 'halted']);
  });
});

describe('OpenMP copy kernels', () => {
  it('implicit tofrom of both arrays on a discrete device', () => {
    const obs = run(OMP, [
      { op: 'host_write', var: 'a', value: 5, by: 1 },
      { op: 'omp_target', maps: [], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
      hostRead('a'),
    ]);
    expect(obs.slice(1)).toEqual([OK, read(5, 6, 7, 8), read(5, 6, 7, 8)]);
  });

  it('reads the device copy a target enter data made; the host sees the result after exit data', () => {
    const obs = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a', 'b'] }] },
      { op: 'host_write', var: 'a', value: 100 },
      { op: 'omp_target', maps: [], body: { write: 'b', value: 1, add: true, from: 'a' } },
      hostRead('b'),
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b'] }] },
      hostRead('b'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(0, 0, 0, 0), OK, read(2, 3, 4, 5)]);
    // an alloc map leaves a's storage indeterminate
    const alloc = run(OMP, [{ op: 'omp_target', maps: [{ type: 'alloc', vars: ['a'] }], body: { write: 'b', value: 0, from: 'a' } }, hostRead('b')]);
    expect(alloc).toEqual([OK, read(null, null, null, null)]);
    // the from array only partly present: the implicit map uses the part that is there; the rest is undefined
    const partly = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:2)'] }] },
      { op: 'omp_target', maps: [], body: { write: 'b(1:2)', value: 0, from: 'a(1:2)' } },
      hostRead('b'),
      { op: 'omp_target', maps: [], body: { write: 'b', value: 0, from: 'a' } },
    ]);
    expect(kinds(partly)).toEqual(['ok', 'ok', 'read', 'undefined']);
    expect(partly[2]).toEqual(read(1, 2, 0, 0));
    // element by element only for the array whose implicit map met partly present data: b, named by
    // a map, in two entries, is not present as a whole, whatever a's implicit map met
    const split: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:2)', 'b(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(3:4)'] }] },
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['b(1:2)'] }], body: { write: 'b(2:3)', value: 0, from: 'a(1:2)' } },
    ];
    expect(kinds(run(OMP, split))).toEqual(['ok', 'ok', 'undefined']);
    // a(1:4) read element by element from two entries
    const pieces: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(3:4)'] }] },
      { op: 'host_write', var: 'a', value: 9 },
      { op: 'omp_target', maps: [], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
    ];
    expect(run(OMP, pieces).slice(3)).toEqual([OK, read(1, 2, 3, 4)]);
  });

  it('on the host device and on a shared device with self maps the kernel reads host memory', () => {
    const steps = (device: number): Step[] => [
      { op: 'omp_target_enter_data', device, maps: [{ type: 'to', vars: ['a'] }] },
      { op: 'host_write', var: 'a', value: 20, by: 1 },
      { op: 'omp_target', device, maps: [{ type: 'tofrom', vars: ['b'] }], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
    ];
    expect(run(OMP, steps(2)).slice(2)).toEqual([OK, read(20, 21, 22, 23)]);
    expect(run(OMP, steps(1), { 'K-B8': 'self' }).slice(2)).toEqual([OK, read(20, 21, 22, 23)]);
    // K-B8 copies: the shared device has storage of its own, holding a's values from the enter data
    expect(run(OMP, steps(1), { 'K-B8': 'copies' }).slice(2)).toEqual([OK, read(1, 2, 3, 4)]);
  });

  it('a scalar from is firstprivate: the host value, whatever a device copy holds', () => {
    const obs = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['x'] }] },
      { op: 'host_write', var: 'x', value: 50 },
      { op: 'omp_target', maps: [], body: { write: 'b(3:3)', value: 0, from: 'x' } },
      hostRead('b'),
      { op: 'omp_target', maps: [], body: { write: 'x', value: 1, add: true, from: 'a(4:4)' } },
      hostRead('x'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(0, 0, 50, 0), OK, read(50)]);
    // mapped explicitly, x is read on the device
    const mapped = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['x'] }] },
      { op: 'host_write', var: 'x', value: 50 },
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['x'] }], body: { write: 'b(3:3)', value: 0, from: 'x' } },
      hostRead('b'),
    ]);
    expect(mapped.slice(2)).toEqual([OK, read(0, 0, 7, 0)]);
  });

  it('K-B55 dropped keeps a whole-variable map of the from root', () => {
    const steps: Step[] = [{ op: 'omp_target', maps: [{ type: 'alloc', vars: ['a'] }], body: { write: 'b', value: 0, from: 'a' } }, hostRead('b')];
    expect(run(OMP, steps, { 'K-B55': 'dropped' })).toEqual([OK, read(null, null, null, null)]);
    // present map modifier on an absent from array: the present error
    const present = run(OMP, [{ op: 'omp_target', maps: [{ type: 'tofrom', modifiers: ['present'], vars: ['a'] }], body: { write: 'b', value: 0, from: 'a' } }]);
    expect(kinds(present)).toEqual(['error omp_error_not_present']);
  });
});

describe('copy sums at the edges (lang/README.md "Copy kernels": a sum past a C int is undefined)', () => {
  // a = [2e9, 2e9, 2e9, 2e9] by two host writes (a step's value is at most 1e9)
  const big: Step[] = [{ op: 'host_write', var: 'a', value: 1e9 }, { op: 'host_write', var: 'a', value: 1e9, add: true }];

  it('a sum of exactly 2^31 - 1 is fine; one more is undefined', () => {
    const obs = run(ACC, [...big, { op: 'host_write', var: 'b(1:1)', value: 147483647, from: 'a(2:2)' }, hostRead('b'), { op: 'host_write', var: 'b(2:2)', value: 147483648, from: 'a(2:2)' }]);
    expect(obs.slice(2)).toEqual([OK, read(2147483647, 0, 0, 0), expect.objectContaining({ kind: 'undefined' })]);
    // the same on the device
    const device = run(ACC, [...big, { op: 'acc_parallel', clauses: [], body: { write: 'b(4:4)', value: 147483647, from: 'a(1:1)' } }, hostRead('b')]);
    expect(device.slice(2)).toEqual([OK, read(0, 0, 0, 2147483647)]);
  });

  it('an overflow caused only by k * by', () => {
    // 2e9 + 147383647 is 2^31 - 1 - 1e5: element 1 (by 1e5) is 2^31 - 1, element 2 one step past it
    const obs = run(ACC, [...big, { op: 'host_write', var: 'b(1:2)', value: 147383647, by: 1e5, from: 'a(1:2)' }, hostRead('b'), { op: 'host_write', var: 'b(2:4)', value: 147383647, by: 1e5, from: 'a(1:3)' }]);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'ok', 'read', 'undefined']);
    expect(obs[3]).toEqual(read(2147383647, 2147483647, 0, 0));
  });

  it('with add, an old element past 2^31 - 1 minus the copy makes the sum overflow (element k, not element 0)', () => {
    // b = [0, 2e9, 0, 0]; b(k) += 2e8 + a(k): element 1 is 2.2e9
    const bigB: Step[] = [{ op: 'host_write', var: 'b(2:2)', value: 1e9 }, { op: 'host_write', var: 'b(2:2)', value: 1e9, add: true }];
    expect(kinds(run(ACC, [...bigB, { op: 'host_write', var: 'b', value: 2e8, add: true, from: 'a' }, hostRead('b')]))).toEqual(['ok', 'ok', 'undefined', 'halted']);
    expect(kinds(run(ACC, [...bigB, { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 2e8, add: true, from: 'a' } }, hostRead('b')]))).toEqual(['ok', 'ok', 'undefined', 'halted']);
    // a smaller copy fits
    expect(run(ACC, [...bigB, { op: 'host_write', var: 'b', value: 1e8, add: true, from: 'a' }, hostRead('b')]).slice(2)).toEqual([OK, read(1e8 + 1, 2.1e9 + 2, 1e8 + 3, 1e8 + 4)]);
  });

  it('a null from element under add gives an indeterminate element, whatever the old value (no overflow check)', () => {
    // host a = [1, null, null, 4]; b = [0, 2e9, 0, 0]
    const steps: Step[] = [
      enter('create', 'a'),
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(2:3)'] }] },
      { op: 'host_write', var: 'b(2:2)', value: 1e9 },
      { op: 'host_write', var: 'b(2:2)', value: 1e9, add: true },
      { op: 'host_write', var: 'b', value: 2e8, add: true, from: 'a' },
      hostRead('b'),
    ];
    expect(run(ACC, steps).slice(4)).toEqual([OK, read(2e8 + 1, null, null, 2e8 + 4)]);
  });

  it('an add copy into indeterminate elements leaves them indeterminate, also with a negative sum (no overflow check)', () => {
    // host b = [null, null, null, null]
    const steps: Step[] = [
      enter('create', 'b'),
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['b'] }] },
      { op: 'host_write', var: 'b', value: -10, add: true, from: 'a' },
      hostRead('b'),
      { op: 'host_write', var: 'b(1:2)', value: -1, add: true, by: 0, from: 'a(1:2)' },
      hostRead('b'),
    ];
    expect(run(ACC, steps).slice(2)).toEqual([OK, read(null, null, null, null), OK, read(null, null, null, null)]);
    // on the device too
    const device = run(ACC, [enter('create', 'b'), enter('copyin', 'a'), { op: 'acc_parallel', clauses: [], body: { write: 'b', value: -10, add: true, from: 'a' } }, deviceRead('b')]);
    expect(device.slice(2)).toEqual([OK, read(null, null, null, null)]);
  });
});

describe('OpenMP copies through partly present data and device images', () => {
  it('a written array present in two entries goes element by element, its from array implicitly mapped beside it', () => {
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(3:4)'] }] },
      { op: 'host_write', var: 'a', value: 10, by: 1 },
      // b has two implicit-map pieces, a an entry of its own for the construct: b(k) = 1 + a(k)
      { op: 'omp_target', maps: [], body: { write: 'b', value: 1, from: 'a' } },
      hostRead('b'),
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b(1:2)'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b(3:4)'] }] },
      hostRead('b'),
      // a's implicit entry is gone again
      { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 } as Step,
    ];
    expect(run(OMP, steps).slice(3)).toEqual([OK, read(0, 0, 0, 0), OK, OK, read(11, 12, 13, 14), { kind: 'value', value: false }]);
    // with add, the old device values count too
    const add = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(3:4)'] }] },
      { op: 'omp_target', maps: [], body: { write: 'b', value: 0, by: 100, add: true, from: 'a' } },
      { op: 'omp_target', maps: [], body: { write: 'b', value: 0, add: true, from: 'a' } },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b(1:2)'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b(3:4)'] }] },
      hostRead('b'),
    ]);
    expect(add.slice(2)).toEqual([OK, OK, OK, OK, read(2, 104, 206, 308)]);
  });

  it('a copy between sections of one array present in two entries', () => {
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(3:4)'] }] },
      { op: 'omp_target', maps: [], body: { write: 'a(1:2)', value: 0, add: true, from: 'a(3:4)' } },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a(1:2)'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a(3:4)'] }] },
      hostRead('a'),
      { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 } as Step,
    ];
    expect(run(OMP, steps).slice(2)).toEqual([OK, OK, OK, read(4, 6, 3, 4), { kind: 'value', value: false }]);
  });

  it('K-B46 unregistered: a declare target image as from is read in place, with no implicit map of it', () => {
    const declare = { op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: ['a'] }] } as Step;
    const steps: Step[] = [
      declare,
      { op: 'host_write', var: 'a', value: 5 },
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['b'] }], body: { write: 'b', value: 0, from: 'a' } },
      hostRead('b'),
      // the images are blocks 1 and 2 and b's entry block 3: no block went to an implicit map of a
      { op: 'omp_target_alloc', bytes: 8, device: 0, result: 'h' },
    ];
    expect(run(OMP, steps, { 'K-B46': 'unregistered' }).slice(2)).toEqual([OK, read(1, 2, 3, 4), { kind: 'value', value: { block: 4, offset: 0 } }]);
  });
});
