// impl unit tests for kernels of several statements (a compute construct's body `{ writes: [...] }`,
// lang/README.md "Kernels of several statements"). Hand-written expectations: the statements run
// in order, each over all its elements, as a single write body would run (copies read `from` where
// the kernel runs, firstprivate scalars write their private copy); the kernel uses the root of every
// statement's reference and `from`, each unnamed one with its implicit data attribute (OpenACC 3.3
// §2.6.2: copy, present under default(present), a scalar firstprivate; OpenMP 6.0 §7.9.3: tofrom, a
// scalar firstprivate); K-A58 / K-B55 `dropped` keep a whole-variable clause of any of them; the
// first undefined statement ends the program; a block that runs to its end observes ok.

import { describe, expect, it } from 'vitest';
import type { Step, World, WriteBody } from '../lang/program.js';
import { OK, clause, deviceRead, enter, hostRead, kinds, read, run } from './test-support.js';

/** a = [1, 2, 3, 4], b = [0, 0, 0, 0], c = [5, 5, 5, 5], scalar x = 7; struct var with allocatable components a, b. */
const ACC: World = {
  arrays: [
    { name: 'a', length: 4, init: [1, 2, 3, 4] },
    { name: 'b', length: 4, init: 0 },
    { name: 'c', length: 4, init: 5 },
    { name: 'x', length: 1, scalar: true, init: 7 },
  ],
  structs: [{ name: 'var', pointers: ['a', 'b'], allocatable: ['a', 'b'] }],
};
/** ACC's variables; device 0 discrete, device 1 shares memory with the host, the host is device 2. */
const OMP: World = { ...ACC, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };


const parallel = (clauses: ReturnType<typeof clause>[], ...writes: WriteBody[]): Step => ({ op: 'acc_parallel', clauses, body: { writes } });
const target = (maps: { type: 'to' | 'from' | 'tofrom' | 'alloc'; vars: string[] }[], device: number | 'initial' | undefined, ...writes: WriteBody[]): Step =>
  device === undefined ? { op: 'omp_target', maps, body: { writes } } : { op: 'omp_target', device, maps, body: { writes } };

describe('OpenACC kernels of several statements', () => {
  it('copy(var) copy(var%a(1:4)) copy(var%b(1:4)): both allocatable components written on the device come back (deep-copy-3.f90)', () => {
    const obs = run(ACC, [
      { op: 'allocate', ptr: 'var%a', length: 4 },
      { op: 'allocate', ptr: 'var%b', length: 4 },
      parallel([clause('copy', 'var'), clause('copy', 'var%a(1:4)'), clause('copy', 'var%b(1:4)')], { write: 'var%a(1:4)', value: 1, by: 1 }, { write: 'var%b(1:4)', value: 2, by: 2 }),
      hostRead('var%a'),
      hostRead('var%b'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(1, 2, 3, 4), read(2, 4, 6, 8)]);
  });

  it('two unnamed arrays each get an implicit copy: both come back', () => {
    const obs = run(ACC, [parallel([], { write: 'a', value: 10, by: 1 }, { write: 'b', value: 1, add: true }), hostRead('a'), hostRead('b')]);
    expect(obs).toEqual([OK, read(10, 11, 12, 13), read(1, 1, 1, 1)]);
    // one named (copyin: not copied back), the other implicit (copy)
    const mixed = run(ACC, [parallel([clause('copyin', 'a')], { write: 'a', value: 10, by: 1 }, { write: 'b', value: 3 }), hostRead('a'), hostRead('b')]);
    expect(mixed).toEqual([OK, read(1, 2, 3, 4), read(3, 3, 3, 3)]);
    // the implicit copy of the second root leaves no entry behind
    const gone = run(ACC, [parallel([], { write: 'a(1:2)', value: 0 }, { write: 'b(3:4)', value: 9 }), { op: 'acc_is_present', var: 'b', bytes: 16 } as Step]);
    expect(gone).toEqual([OK, { kind: 'value', value: false }]);
  });

  it('the second statement\'s array absent: default(present) is the present error at entry; no_create makes the kernel undefined', () => {
    const defaultPresent: Step[] = [enter('copyin', 'a'), { op: 'acc_parallel', clauses: [], default: 'present', body: { writes: [{ write: 'a', value: 9 }, { write: 'b', value: 1 }] } }, hostRead('a')];
    expect(kinds(run(ACC, defaultPresent))).toEqual(['ok', 'error acc_error_not_present', 'halted']);
    const noCreate: Step[] = [
      enter('copyin', 'a'),
      { op: 'acc_parallel', clauses: [clause('no_create', 'b')], default: 'present', body: { writes: [{ write: 'a', value: 9 }, { write: 'b', value: 1 }] } },
      deviceRead('a'),
    ];
    expect(kinds(run(ACC, noCreate))).toEqual(['ok', 'undefined', 'halted']);
    // the first statement's array absent: undefined too (the second is never reached)
    const first: Step[] = [enter('copyin', 'b'), { op: 'acc_parallel', clauses: [clause('no_create', 'a')], default: 'present', body: { writes: [{ write: 'a', value: 9 }, { write: 'b', value: 1 }] } }];
    expect(kinds(run(ACC, first))).toEqual(['ok', 'undefined']);
    // both present: ok, and the device holds both writes
    const both = run(ACC, [enter('copyin', 'a', 'b'), { op: 'acc_parallel', clauses: [], default: 'present', body: { writes: [{ write: 'a', value: 9 }, { write: 'b', value: 1, by: 1 }] } }, deviceRead('a'), deviceRead('b')]);
    expect(both).toEqual([OK, OK, read(9, 9, 9, 9), read(1, 2, 3, 4)]);
  });

  it('a copy statement reading the section the first statement wrote sees the new values', () => {
    const obs = run(ACC, [parallel([], { write: 'a', value: 10, by: 1 }, { write: 'b', value: 0, from: 'a' }), hostRead('a'), hostRead('b')]);
    expect(obs).toEqual([OK, read(10, 11, 12, 13), read(10, 11, 12, 13)]);
    // sections: a(1:2) written, then read by the copy into b(3:4); a's other elements stay
    const sections = run(ACC, [enter('copyin', 'a', 'b'), parallel([clause('present', 'a', 'b')], { write: 'a(1:2)', value: 1, add: true }, { write: 'b(3:4)', value: 100, from: 'a(1:2)' }), deviceRead('a'), deviceRead('b'), hostRead('b')]);
    expect(sections.slice(1)).toEqual([OK, read(2, 3, 3, 4), read(0, 0, 102, 103), read(0, 0, 0, 0)]);
    // three statements: c(k) = a(k) after a was written, then b(k) = c(k) + 1
    const chain = run(ACC, [parallel([], { write: 'a', value: 0, by: 2 }, { write: 'c', value: 0, from: 'a' }, { write: 'b', value: 1, from: 'c' }), hostRead('b'), hostRead('c')]);
    expect(chain).toEqual([OK, read(1, 3, 5, 7), read(0, 2, 4, 6)]);
  });

  it('a firstprivate scalar written in a block changes only its private copy; the host value stays', () => {
    const obs = run(ACC, [parallel([], { write: 'x', value: 1 }, { write: 'b(2:2)', value: 5 }), hostRead('x'), hostRead('b')]);
    expect(obs).toEqual([OK, read(7), read(0, 5, 0, 0)]);
    // a scalar two statements read (copies): the host's value in both (K-A67 host), the device copy under present-copy
    const twice: Step[] = [
      enter('copyin', 'x'),
      { op: 'host_write', var: 'x', value: 50 },
      parallel([], { write: 'b(1:1)', value: 0, from: 'x' }, { write: 'c(4:4)', value: 1, from: 'x' }),
      hostRead('b'),
      hostRead('c'),
    ];
    expect(run(ACC, twice).slice(2)).toEqual([OK, read(50, 0, 0, 0), read(5, 5, 5, 51)]);
    expect(run(ACC, twice, { 'K-A67': 'present-copy' }).slice(2)).toEqual([OK, read(7, 0, 0, 0), read(5, 5, 5, 8)]);
    // in a visible clause (an enclosing data region) x is no firstprivate: the kernel writes its device copy
    const visible = run(ACC, [
      { op: 'acc_data_begin', clauses: [clause('copy', 'x')] },
      parallel([], { write: 'x', value: 1, add: true }, { write: 'a(1:1)', value: 0 }),
      { op: 'acc_data_end' },
      hostRead('x'),
      hostRead('a'),
    ]);
    expect(visible.slice(1)).toEqual([OK, OK, read(8), read(0, 2, 3, 4)]);
  });

  it('a sum past a C int in the second statement is undefined', () => {
    const big: Step[] = [{ op: 'host_write', var: 'b', value: 1e9 }, { op: 'host_write', var: 'b', value: 1e9, add: true }];
    const obs = run(ACC, [...big, parallel([], { write: 'a', value: 1 }, { write: 'b', value: 2e8, add: true }), hostRead('a')]);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'undefined', 'halted']);
  });

  it('K-A58 dropped keeps a whole-variable clause of the second statement\'s root, and drops one of a variable no statement uses', () => {
    // copyout(b) creates b's device copy (indeterminate); the kernel writes b(1:2); b(3:4) come back indeterminate
    const steps: Step[] = [parallel([clause('copyout', 'b', 'x')], { write: 'a(1:2)', value: 1 }, { write: 'b(1:2)', value: 5 }), hostRead('a'), hostRead('b'), hostRead('x')];
    expect(run(ACC, steps, { 'K-A58': 'dropped' })).toEqual([OK, read(1, 1, 3, 4), read(5, 5, null, null), read(7)]);
    expect(run(ACC, steps, { 'K-A58': 'kept' })).toEqual([OK, read(1, 1, 3, 4), read(5, 5, null, null), read(null)]);
    // a copy's from root counts too (the second statement's from)
    const from: Step[] = [parallel([clause('copyout', 'c')], { write: 'a(1:2)', value: 1 }, { write: 'b(1:2)', value: 0, from: 'c(1:2)' }), hostRead('b')];
    expect(run(ACC, from, { 'K-A58': 'dropped' })).toEqual([OK, read(null, null, 0, 0)]);
  });
});

describe('OpenMP kernels of several statements', () => {
  it('two implicitly mapped arrays on device 0: tofrom, both come back and leave no entry', () => {
    const obs = run(OMP, [
      target([], undefined, { write: 'a', value: 10, by: 1 }, { write: 'b', value: 0, from: 'a' }),
      hostRead('a'),
      hostRead('b'),
      { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 } as Step,
      { op: 'omp_target_is_present', ptr: { var: 'b' }, device: 0 } as Step,
    ]);
    expect(obs).toEqual([OK, read(10, 11, 12, 13), read(10, 11, 12, 13), { kind: 'value', value: false }, { kind: 'value', value: false }]);
    // present before: the device copies are written, the host sees them only after exit data
    const present = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a', 'b'] }] },
      target([], 0, { write: 'a', value: 1, add: true }, { write: 'b', value: 0, from: 'a' }),
      hostRead('b'),
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a', 'b'] }] },
      hostRead('a'),
      hostRead('b'),
    ]);
    expect(present.slice(1)).toEqual([OK, read(0, 0, 0, 0), OK, read(2, 3, 4, 5), read(2, 3, 4, 5)]);
  });

  it('on the host device the statements write host memory', () => {
    for (const device of [2, 'initial'] as const) {
      const obs = run(OMP, [
        { op: 'omp_target_enter_data', device, maps: [{ type: 'to', vars: ['a'] }] },
        target([], device, { write: 'a', value: 10, by: 1 }, { write: 'b', value: 1, from: 'a' }),
        hostRead('a'),
        hostRead('b'),
      ]);
      expect(obs.slice(1)).toEqual([OK, read(10, 11, 12, 13), read(11, 12, 13, 14)]);
    }
    // a shared device with self maps (K-B8 self) alike
    const shared = run(OMP, [target([], 1, { write: 'a', value: 10, by: 1 }, { write: 'b', value: 1, from: 'a' }), hostRead('b')], { 'K-B8': 'self' });
    expect(shared).toEqual([OK, read(11, 12, 13, 14)]);
  });

  it('a firstprivate scalar written in a block leaves the host value; one read by a copy is the host value', () => {
    const obs = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['x'] }] },
      { op: 'host_write', var: 'x', value: 50 },
      target([], undefined, { write: 'x', value: 1, add: true }, { write: 'b(2:2)', value: 3 }),
      hostRead('x'),
      target([], undefined, { write: 'a(1:1)', value: 0, from: 'x' }, { write: 'b(4:4)', value: 1, from: 'x' }),
      hostRead('a'),
      hostRead('b'),
    ]);
    expect(obs.slice(2)).toEqual([OK, read(50), OK, read(50, 2, 3, 4), read(0, 3, 0, 51)]);
  });

  it('the second statement reaching past the part of its array that is present is undefined', () => {
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(1:2)'] }] },
      target([], undefined, { write: 'a', value: 1 }, { write: 'b', value: 2 }),
      hostRead('a'),
    ];
    expect(kinds(run(OMP, steps))).toEqual(['ok', 'undefined', 'halted']);
    // within the present part: fine
    const within = run(OMP, [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b(1:2)'] }] },
      target([], undefined, { write: 'a(3:4)', value: 1 }, { write: 'b(1:2)', value: 2 }),
      hostRead('a'),
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['b(1:2)'] }] },
      hostRead('b'),
    ]);
    expect(within.slice(1)).toEqual([OK, read(1, 2, 1, 1), OK, read(2, 2, 0, 0)]);
  });

  it('K-B55 dropped keeps a whole-variable map of the second statement\'s root, and drops one of a variable no statement uses', () => {
    // alloc(b) kept: b's device copy is written and never copied back; from(x) dropped: x stays 7
    const steps: Step[] = [target([{ type: 'alloc', vars: ['b'] }, { type: 'from', vars: ['x'] }], undefined, { write: 'a', value: 1, by: 1 }, { write: 'b', value: 0, from: 'a' }), hostRead('a'), hostRead('b'), hostRead('x')];
    expect(run(OMP, steps, { 'K-B55': 'dropped' })).toEqual([OK, read(1, 2, 3, 4), read(0, 0, 0, 0), read(7)]);
    // kept: from(x) creates x's storage, indeterminate, and copies it back
    expect(run(OMP, steps, { 'K-B55': 'kept' })).toEqual([OK, read(1, 2, 3, 4), read(0, 0, 0, 0), read(null)]);
  });

  it('a struct named only through its pointer members (pr38704.c): each statement writes through its attached pointer', () => {
    const world: World = {
      arrays: [
        { name: 'p', length: 1, init: 0 },
        { name: 'q', length: 2, init: 0 },
      ],
      structs: [{ name: 's', pointers: ['ptr1', 'ptr2'] }],
      devices: [{ kind: 'discrete' }],
    };
    const steps: Step[] = [
      { op: 'pointer_assign', ptr: 's%ptr1', target: 'p' },
      { op: 'pointer_assign', ptr: 's%ptr2', target: 'q' },
      target([{ type: 'tofrom', vars: ['s%ptr1(1:1)', 's%ptr2(1:2)'] }], undefined, { write: 's%ptr1(1:1)', value: 1 }, { write: 's%ptr2(1:1)', value: 2 }, { write: 's%ptr2(2:2)', value: 3 }),
      hostRead('p'),
      hostRead('q'),
    ];
    // K-B63 base-pointers: the pointer words of s get storage and are attached; implicit: all of s is mapped
    expect(run(world, steps).slice(2)).toEqual([OK, read(1), read(2, 3)]);
    expect(run(world, steps, { 'K-B63': 'implicit' }).slice(2)).toEqual([OK, read(1), read(2, 3)]);
  });

  it('two structs, each named through an allocatable component section only: K-B63 acts per root', () => {
    const world: World = {
      arrays: [],
      structs: [
        { name: 'u', pointers: ['a'], allocatable: ['a'] },
        { name: 'v', pointers: ['a'], allocatable: ['a'] },
      ],
      devices: [{ kind: 'discrete' }],
    };
    const steps: Step[] = [
      { op: 'allocate', ptr: 'u%a', length: 3 },
      { op: 'allocate', ptr: 'v%a', length: 3, value: 4 },
      target([{ type: 'tofrom', vars: ['u%a(1:3)', 'v%a(1:3)'] }], undefined, { write: 'u%a(1:3)', value: 1, by: 1 }, { write: 'v%a(1:3)', value: 10, add: true }),
      hostRead('u%a'),
      hostRead('v%a'),
    ];
    // (K-B23 restore: the host pointers keep their values when the attached words are copied back;
    // under device-value, the spec reading, a host read through them is undefined)
    for (const reading of ['base-pointers', 'implicit'])
      expect(run(world, steps, { 'K-B63': reading, 'K-B23': 'restore' }).slice(2)).toEqual([OK, read(1, 2, 3), read(14, 14, 14)]);
    expect(kinds(run(world, steps).slice(2))).toEqual(['ok', 'undefined', 'halted']);
    // v named by no map: its implicit tofrom maps v's own storage alone, whose pointer holds a host
    // address: the second statement is undefined
    const unnamed: Step[] = [steps[0]!, steps[1]!, target([{ type: 'tofrom', vars: ['u%a(1:3)'] }], undefined, { write: 'u%a(1:3)', value: 1, by: 1 }, { write: 'v%a(1:3)', value: 10, add: true })];
    expect(kinds(run(world, unnamed))).toEqual(['ok', 'ok', 'undefined']);
  });
});
