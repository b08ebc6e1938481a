// impl unit tests for a plain pointer that a compute construct names only through a section of its
// target (lang/README.md "Plain pointer variables", lang/README-openmp.md): `p` gets no implicit
// data attribute and is private to the construct, initialised after the entry actions from p's
// host value (OpenACC 3.3 §2.7; OpenMP 5.2 §5.8.6, 6.0 §7.9.6 pointer initialisation; GCC 12:
// map(tofrom:*p) map(firstprivate:p [pointer assign])): null stays null; otherwise p's host address
// translated through the present data that holds the named section (its device block, at the
// section's offset), the host value itself where no data holds it (no_create of absent data) or on
// a self map. The kernel goes through that value with the rules of any pointer: null or a host
// address on a discrete device is undefined, elements before or past the device block are
// undefined. p is no list item: the section maps its target alone (no attach of p, no K-B42 / K-B45
// / K-B63 for p), and p's own device copy is neither read nor written; a construct that names p
// itself still reads it. Hand-written expectations from that rule text.

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Step, World } from '../lang/program.js';
import { OK, clause, enter, hostRead, kinds, read, run } from './test-support.js';

/** a = [1, 2, 3, 4], b = [0, 0, 0, 0]; plain pointer p => a. */
const ACC: World = {
  arrays: [
    { name: 'a', length: 4, init: [1, 2, 3, 4] },
    { name: 'b', length: 4, init: 0 },
  ],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
};
/** ACC's variables; device 0 discrete, device 1 shares memory with the host, the host is device 2. */
const OMP: World = { ...ACC, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };

const parallel = (clauses: ReturnType<typeof clause>[], body: object): Step => ({ op: 'acc_parallel', clauses, body }) as Step;
const devRead = (ref: string): Step => ({ op: 'acc_parallel', clauses: [clause('present', ref)], body: { read: ref } });
const isPresent = (v: string): Step => ({ op: 'acc_is_present', var: v });
const message = (o: Observation) => (o.kind === 'undefined' || o.kind === 'error' ? o.message : '');
/** Where a pointer value observation points: 'dev', 'host' or 'null'. */
const space = (o: { kind: string; value?: unknown }) => (o.kind !== 'value' ? o.kind : o.value === null ? 'null' : typeof o.value === 'object' && 'block' in o.value ? 'dev' : 'host');
type MapType = 'to' | 'from' | 'tofrom' | 'alloc';
const target = (maps: [MapType, ...string[]][], body: object, device?: number | 'initial'): Step =>
  ({ op: 'omp_target', ...(device === undefined ? {} : { device }), maps: maps.map(([type, ...vars]) => ({ type, vars })), body }) as Step;

describe('OpenACC: a plain pointer named only by a section of its target', () => {
  it('copy(p(:)): the kernel writes a\'s copy through the private p; the copyout shows it on the host; p is never present', () => {
    const obs = run(ACC, [parallel([clause('copy', 'p%p')], { write: 'p%p', value: 10, by: 1 }), hostRead('a'), hostRead('p%p'), isPresent('p'), isPresent('a')]);
    expect(obs).toEqual([OK, read(10, 11, 12, 13), read(10, 11, 12, 13), { kind: 'value', value: false }, { kind: 'value', value: false }]);
    // K-A1p pointer-only (GCC's C, no attach at all): the private value is the same
    expect(run(ACC, [parallel([clause('copy', 'p%p')], { write: 'p%p', value: 10, by: 1 }), hostRead('a')], { 'K-A1p': 'pointer-only' })).toEqual([OK, read(10, 11, 12, 13)]);
    // a read through it sees the copied-in values
    expect(run(ACC, [parallel([clause('copyin', 'p%p')], { read: 'p%p' })])).toEqual([read(1, 2, 3, 4)]);
  });

  it('present(p(1:4)) after enter data copyin(a): the kernel writes a\'s device copy; exit data copyout(a) brings it back', () => {
    const obs = run(ACC, [
      enter('copyin', 'a'),
      parallel([clause('present', 'p%p(1:4)')], { write: 'p%p(1:4)', value: 7 }),
      hostRead('a'),
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }] },
      hostRead('a'),
    ]);
    expect(obs).toEqual([OK, OK, read(1, 2, 3, 4), OK, read(7, 7, 7, 7)]);
  });

  it('p re-pointed to b after its device copy was attached to a\'s copy: the private p reaches b\'s copy, a\'s copy and p\'s device copy are left alone', () => {
    const repointed: Step[] = [enter('copyin', 'p'), enter('copyin', 'p%p'), enter('copyin', 'b'), { op: 'pointer_assign', ptr: 'p%p', target: 'b' }];
    const steps: Step[] = [...repointed, parallel([clause('present', 'p%p')], { write: 'p%p', value: 5, by: 1 }), devRead('b'), devRead('a'), hostRead('b'), parallel([clause('present', 'p')], { read: 'p%p' })];
    // (a construct naming p itself after it reads p's device copy: still a's copy, never re-attached)
    expect(run(ACC, steps)).toEqual([OK, OK, OK, OK, OK, read(5, 6, 7, 8), read(1, 2, 3, 4), read(0, 0, 0, 0), read(1, 2, 3, 4)]);
    // b absent: copy(p(:)) makes b's copy, which the kernel writes and the copyout brings back
    const copied: Step[] = [enter('copyin', 'p'), enter('copyin', 'p%p'), { op: 'pointer_assign', ptr: 'p%p', target: 'b' }, parallel([clause('copy', 'p%p')], { write: 'p%p', value: 2 }), hostRead('b'), devRead('a')];
    expect(run(ACC, copied)).toEqual([OK, OK, OK, OK, read(2, 2, 2, 2), read(1, 2, 3, 4)]);
  });

  it('the section is no pointer reference: p absent is no failed attach (K-A2 error), p present is not attached', () => {
    for (const knobs of [{ 'K-A2': 'error' }, { 'K-A2': 'error', 'K-A22': 'member-mapped' }, { 'K-A1p': 'pointer-only' }] as Record<string, string>[])
      expect(run(ACC, [enter('copyin', 'a'), parallel([clause('present', 'p%p(2:3)')], { write: 'p%p(1:4)', value: 5 }), devRead('a')], knobs)).toEqual([OK, OK, read(5, 5, 5, 5)]);
    // p copied in (its host value, a host address): after the construct its device copy still holds it
    const obs = run(ACC, [enter('copyin', 'p'), parallel([clause('copy', 'p%p')], { write: 'p%p', value: 3 }), parallel([clause('present', 'p')], { pointer: 'p%p' }), hostRead('a')], { 'K-A9': 'error', 'K-A3': 'error' });
    expect(obs.map(space)).toEqual(['ok', 'ok', 'host', 'read']);
    expect(obs[3]).toEqual(read(3, 3, 3, 3));
  });

  it("acc_attach of p to a's copy, then p => b: the private p reaches b's copy, p's device copy stays on a's", () => {
    const steps: Step[] = [
      enter('copyin', 'p'),
      enter('copyin', 'a'),
      { op: 'acc_attach', ptr: 'p%p' },
      enter('copyin', 'b'),
      { op: 'pointer_assign', ptr: 'p%p', target: 'b' },
      parallel([clause('present', 'p%p')], { write: 'p%p', value: 3 }),
      devRead('b'),
      devRead('a'),
      parallel([clause('present', 'p')], { read: 'p%p' }),
    ];
    for (const knobs of [{}, { 'K-A1p': 'pointer-only' }, { 'K-A4': 'counter-only' }] as Record<string, string>[])
      expect(run(ACC, steps, knobs)).toEqual([OK, OK, OK, OK, OK, OK, read(3, 3, 3, 3), read(1, 2, 3, 4), read(1, 2, 3, 4)]);
  });

  it('no_create(p(:)) of absent data: the private p is the host address, undefined on the discrete device', () => {
    expect(kinds(run(ACC, [parallel([clause('no_create', 'p%p')], { write: 'p%p', value: 1 }), hostRead('a')]))).toEqual(['undefined', 'halted']);
    expect(kinds(run(ACC, [parallel([clause('no_create', 'p%p')], { read: 'p%p' })]))).toEqual(['undefined']);
    // present data: no_create finds it, and the kernel reads the device copy
    expect(run(ACC, [enter('copyin', 'a'), { op: 'host_write', var: 'a', value: 0 }, parallel([clause('no_create', 'p%p')], { read: 'p%p' })])).toEqual([OK, OK, read(1, 2, 3, 4)]);
  });

  it('p(3:4) named, the kernel writes p(1:4): undefined when only a(3:4) is present (before its block), ok when all of a is', () => {
    const before = run(ACC, [parallel([clause('copy', 'p%p(3:4)')], { write: 'p%p(1:4)', value: 9 }), hostRead('a')]);
    expect(kinds(before)).toEqual(['undefined', 'halted']);
    expect(message(before[0]!)).toMatch(/before the start of the device block/);
    const whole = run(ACC, [enter('copyin', 'a'), parallel([clause('copy', 'p%p(3:4)')], { write: 'p%p(1:4)', value: 9 }), devRead('a'), hostRead('a')]);
    expect(whole).toEqual([OK, OK, read(9, 9, 9, 9), read(1, 2, 3, 4)]);
    // the kernel's section inside the named one: ok; past the block's end: undefined
    expect(run(ACC, [parallel([clause('copy', 'p%p(3:4)')], { write: 'p%p(3:4)', value: 9 }), hostRead('a')])).toEqual([OK, read(1, 2, 9, 9)]);
    const past = run(ACC, [parallel([clause('copy', 'p%p(1:2)')], { write: 'p%p(1:4)', value: 9 })]);
    expect(kinds(past)).toEqual(['undefined']);
    expect(message(past[0]!)).toMatch(/past the end of the device block/);
  });

  it('p disassociated: copy(p(:)) maps nothing, and the kernel through the null private p is undefined', () => {
    const obs = run(ACC, [{ op: 'nullify', ptr: 'p%p' }, parallel([clause('copy', 'p%p')], { write: 'p%p', value: 1 })]);
    expect(kinds(obs)).toEqual(['ok', 'undefined']);
    expect(message(obs[1]!)).toMatch(/null private pointer/);
  });

  it('a block of two statements, through p and through an unnamed array (implicit copy)', () => {
    // (one element each: a kernel of several statements through a pointer that may alias is refused wider)
    const block = { writes: [{ write: 'p%p(2:2)', value: 10, add: true }, { write: 'b(3:3)', value: 3 }] };
    expect(run(ACC, [parallel([clause('copy', 'p%p')], block), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 12, 3, 4), read(0, 0, 3, 0)]);
    // the first statement undefined (a(3:4) alone present, p(1) before it): b is never written
    const first = { writes: [{ write: 'p%p(1:1)', value: 1 }, { write: 'b(3:3)', value: 3 }] };
    expect(kinds(run(ACC, [parallel([clause('copy', 'p%p(3:4)')], first), hostRead('b')]))).toEqual(['undefined', 'halted']);
  });
});

describe('OpenMP: a plain pointer named only by a section of its target', () => {
  it('target map(tofrom: p(:)): the kernel writes a\'s storage through the private p; the host reads it after', () => {
    expect(run(OMP, [target([['tofrom', 'p%p']], { write: 'p%p', value: 4, by: 2 }), hostRead('a'), hostRead('p%p')])).toEqual([OK, read(4, 6, 8, 10), read(4, 6, 8, 10)]);
    // no implicit map of p under any K-B63 reading: the same
    for (const reading of ['base-pointers', 'named', 'implicit'])
      expect(run(OMP, [target([['tofrom', 'p%p']], { write: 'p%p', value: 4, by: 2 }), hostRead('a'), hostRead('p%p')], { 'K-B63': reading })).toEqual([OK, read(4, 6, 8, 10), read(4, 6, 8, 10)]);
  });

  it('target map(to: p(2:3)): the kernel reads p(2:3) inside the mapped section; p(:) reaches before it (undefined)', () => {
    expect(run(OMP, [target([['to', 'p%p(2:3)']], { read: 'p%p(2:3)' })])).toEqual([read(2, 3)]);
    const before = run(OMP, [target([['to', 'p%p(2:3)']], { read: 'p%p' })]);
    expect(kinds(before)).toEqual(['undefined']);
    expect(message(before[0]!)).toMatch(/before the start of the storage/);
    const past = run(OMP, [target([['to', 'p%p(2:3)']], { read: 'p%p(2:4)' })]);
    expect(kinds(past)).toEqual(['undefined']);
    expect(message(past[0]!)).toMatch(/past the end of the storage/);
  });

  it('enter data map(to: a), then map(alloc: p(:)): the kernel reads the device values, not the host\'s', () => {
    const steps: Step[] = [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] }, { op: 'host_write', var: 'a', value: 0 }, target([['alloc', 'p%p']], { read: 'p%p' }), hostRead('a')];
    expect(run(OMP, steps)).toEqual([OK, OK, read(1, 2, 3, 4), read(0, 0, 0, 0)]);
  });

  it('a block of two statements, through p and through an unnamed array (implicit tofrom)', () => {
    const block = { writes: [{ write: 'p%p(3:3)', value: 1, add: true }, { write: 'b(1:1)', value: 8 }] };
    expect(run(OMP, [target([['tofrom', 'p%p']], block), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 2, 4, 4), read(8, 0, 0, 0)]);
    // p(2:3) mapped, the statement through p at p(1): before the storage, undefined (b's statement never runs)
    const before = { writes: [{ write: 'p%p(1:1)', value: 1 }, { write: 'b(1:1)', value: 8 }] };
    expect(kinds(run(OMP, [target([['tofrom', 'p%p(2:3)']], before), hostRead('b')]))).toEqual(['undefined', 'halted']);
  });

  it('host fallback and a shared device: the kernel goes through the host value (self map) or the copy (K-B8 copies)', () => {
    // the host: host memory, whatever the map type
    expect(run(OMP, [target([['to', 'p%p']], { write: 'p%p', value: 6 }, 'initial'), hostRead('a')])).toEqual([OK, read(6, 6, 6, 6)]);
    // a self map (K-B8 self): the host address itself, so a map(to) write lands in host memory
    expect(run(OMP, [target([['to', 'p%p']], { write: 'p%p', value: 6 }, 1), hostRead('a')], { 'K-B8': 'self' })).toEqual([OK, read(6, 6, 6, 6)]);
    // distinct storage on the shared device (K-B8 copies, the spec): the copy, never copied back
    expect(run(OMP, [target([['to', 'p%p']], { write: 'p%p', value: 6 }, 1), hostRead('a')], { 'K-B8': 'copies' })).toEqual([OK, read(1, 2, 3, 4)]);
    const nullified = run(OMP, [{ op: 'nullify', ptr: 'p%p' }, target([['tofrom', 'p%p']], { read: 'p%p' })]);
    expect(kinds(nullified)).toEqual(['ok', 'undefined']);
    expect(message(nullified[1]!)).toMatch(/null private pointer/);
  });

  it("the section item maps the target alone: p mapped earlier keeps its host value, and p is never mapped (K-B45, K-B42)", () => {
    const p0: Step = { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['p'] }] };
    const pointer = target([['to', 'p']], { pointer: 'p%p' });
    const obs = run(OMP, [p0, target([['tofrom', 'p%p']], { write: 'p%p', value: 2 }), pointer, hostRead('a')]);
    expect(obs.map(space)).toEqual(['ok', 'ok', 'host', 'read']);
    expect(obs[3]).toEqual(read(2, 2, 2, 2));
    // a present earlier too (an attachment would have reached its storage): still the host value
    const both = run(OMP, [p0, { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] }, target([['tofrom', 'p%p']], { write: 'p%p', value: 2 }), pointer]);
    expect(both.map(space)).toEqual(['ok', 'ok', 'ok', 'host']);
    // K-B45 pointer-and-object: the section maps no p; gfortran's always pointer (K-B42 abort) is not there
    const isPresent: Step = { op: 'omp_target_is_present', ptr: { var: 'p' }, device: 0 };
    expect(run(OMP, [target([['tofrom', 'p%p']], { write: 'p%p', value: 2 }), isPresent], { 'K-B45': 'pointer-and-object' })).toEqual([OK, { kind: 'value', value: false }]);
    expect(run(OMP, [target([['tofrom', 'p%p']], { write: 'p%p', value: 2 }), hostRead('a')], { 'K-B42': 'abort' })).toEqual([OK, read(2, 2, 2, 2)]);
  });

  it("a construct naming p itself keeps reading p's corresponding pointer", () => {
    // p mapped alone earlier holds the host address (not attached): undefined on the discrete device
    const steps: Step[] = [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['p'] }] }, target([['to', 'p'], ['tofrom', 'a']], { read: 'p%p' })];
    expect(kinds(run(OMP, steps))).toEqual(['ok', 'undefined']);
    // p and its section: attached, the kernel reads the section's storage
    expect(run(OMP, [target([['to', 'p', 'p%p(2:3)']], { read: 'p%p(2:3)' })])).toEqual([read(2, 3)]);
  });
});

/** Two plain pointers to arrays of different lengths and values: p => a, q => b; c, a struct (not plain) with c%p => a. */
const TWO: World = {
  arrays: [
    { name: 'a', length: 4, init: [1, 2, 3, 4] },
    { name: 'b', length: 6, init: [10, 20, 30, 40, 50, 60] },
  ],
  structs: [
    { name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } },
    { name: 'q', pointers: ['q'], plain: true, init: { q: 'b' } },
    { name: 'c', pointers: ['p'], init: { p: 'a' } },
  ],
};
const TWO_OMP: World = { ...TWO, devices: [{ kind: 'discrete' }] };
/** An attach clause among a construct's data clauses (parallel's clause list). */
const attach = (...vars: string[]) => ({ clause: 'attach', vars }) as unknown as ReturnType<typeof clause>;

describe('OpenACC: several private pointers and the cases that make none', () => {
  it('two private pointers on one construct: each statement goes through its own pointer\'s value', () => {
    // p's value: a's copy (counted from a(1)); q's: b(3:3)'s copy counted back to b(1)
    const block = { writes: [{ write: 'p%p(2:2)', value: 5 }, { write: 'q%q(3:3)', value: 6 }] };
    expect(run(TWO, [parallel([clause('copy', 'p%p'), clause('copy', 'q%q(3:3)')], block), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 5, 3, 4), read(10, 20, 6, 40, 50, 60)]);
    // the statements in the other order, q's section named first
    const swapped = { writes: [{ write: 'q%q(3:3)', value: 7 }, { write: 'p%p(4:4)', value: 8 }] };
    expect(run(TWO, [parallel([clause('copy', 'q%q(3:3)', 'p%p')], swapped), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 2, 3, 8), read(10, 20, 7, 40, 50, 60)]);
  });

  it('the section var after another var of the construct: the value is found through the section\'s own range, and only data holding that range counts', () => {
    expect(run(TWO, [parallel([clause('copy', 'b', 'p%p(2:3)')], { write: 'p%p(2:3)', value: 9 }), hostRead('a')])).toEqual([OK, read(1, 9, 9, 4)]);
    // no_create(p(1:2)) of absent a(1:2), a(3:4) present after it: no data holds the section, so the
    // private p is the host address (undefined on the discrete device), even for p(3), which a(3:4)'s copy holds
    const obs = run(TWO, [enter('copyin', 'a(3:4)'), parallel([clause('copy', 'b'), clause('no_create', 'p%p(1:2)')], { write: 'p%p(3:3)', value: 9 }), devRead('a(3:4)')]);
    expect(kinds(obs)).toEqual(['ok', 'undefined', 'halted']);
    expect(message(obs[1]!)).toMatch(/host address/);
  });

  it('a later construct that names p itself reads p\'s device copy, not an earlier construct\'s private value', () => {
    // a entered; the first construct's private p reaches a's copy; then p's device copy holds the host address
    const steps: Step[] = [enter('copyin', 'a'), parallel([clause('present', 'p%p')], { write: 'p%p', value: 7 }), enter('copyin', 'p'), parallel([clause('present', 'p', 'a')], { read: 'p%p' })];
    const obs = run(TWO, steps);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(message(obs[3]!)).toMatch(/host address/);
  });

  it('a struct that is not a plain pointer: naming c%p(1:2) alone leaves c absent, and the kernel through c%p is undefined', () => {
    const obs = run(TWO, [parallel([clause('copy', 'c%p(1:2)')], { write: 'c%p(1:2)', value: 3 }), hostRead('a')]);
    expect(kinds(obs)).toEqual(['undefined', 'halted']);
    expect(message(obs[0]!)).toMatch(/struct is not present/);
  });

  it('attach(p) beside copy(p(:)) with p absent: the attach does nothing, p stays private', () => {
    const obs = run(TWO, [parallel([clause('copy', 'p%p'), attach('p%p')], { write: 'p%p', value: 4 }), hostRead('a'), isPresent('p')]);
    expect(obs).toEqual([OK, read(4, 4, 4, 4), { kind: 'value', value: false }]);
  });

  it('p named itself beside a section of its target (K-A1p pointer-only: p\'s copy holds the host address): the kernel reads p\'s copy', () => {
    const obs = run(TWO, [parallel([clause('copyin', 'p'), clause('copy', 'p%p')], { write: 'p%p', value: 4 }), hostRead('a')], { 'K-A1p': 'pointer-only' });
    expect(kinds(obs)).toEqual(['undefined', 'halted']);
    expect(message(obs[0]!)).toMatch(/host address/);
  });
});

describe('OpenMP: several private pointers and the cases that make none', () => {
  it('two private pointers on one construct: each statement goes through its own pointer\'s value', () => {
    const block = { writes: [{ write: 'p%p(2:2)', value: 5 }, { write: 'q%q(3:3)', value: 6 }] };
    expect(run(TWO_OMP, [target([['tofrom', 'p%p', 'q%q(3:3)']], block), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 5, 3, 4), read(10, 20, 6, 40, 50, 60)]);
    const swapped = { writes: [{ write: 'q%q(3:3)', value: 7 }, { write: 'p%p(4:4)', value: 8 }] };
    expect(run(TWO_OMP, [target([['tofrom', 'q%q(3:3)', 'p%p']], swapped), hostRead('a'), hostRead('b')])).toEqual([OK, read(1, 2, 3, 8), read(10, 20, 7, 40, 50, 60)]);
  });

  it('a later construct that names p itself reads p\'s corresponding pointer, not an earlier construct\'s private value', () => {
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
      target([['alloc', 'p%p']], { write: 'p%p', value: 7 }),
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['p'] }] },
      target([['to', 'p', 'a']], { read: 'p%p' }),
    ];
    const obs = run(TWO_OMP, steps);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(message(obs[3]!)).toMatch(/host address/);
  });

  it('a struct that is not a plain pointer (K-B63 named): mapping c%p(1:2) alone leaves c absent, and the kernel through c%p is undefined', () => {
    const obs = run(TWO_OMP, [target([['tofrom', 'c%p(1:2)']], { write: 'c%p(1:2)', value: 3 }), hostRead('a')], { 'K-B63': 'named' });
    expect(kinds(obs)).toEqual(['undefined', 'halted']);
    expect(message(obs[0]!)).toMatch(/struct is not present/);
  });

  it('p mapped itself beside a section of its target, both present already (K-B7 6.0: no attachment): the kernel reads p\'s host address', () => {
    const steps: Step[] = [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['p', 'a'] }] }, target([['to', 'p'], ['tofrom', 'p%p']], { write: 'p%p', value: 4 })];
    const obs = run(TWO_OMP, steps);
    expect(kinds(obs)).toEqual(['ok', 'undefined']);
    expect(message(obs[1]!)).toMatch(/host address/);
  });

  it('elements through the private p past or before the block its section was found in are undefined, even where another block lies', () => {
    // a of 100 elements, a(1:2) entered (an 8-byte block), then b: b's block starts 16 + 256 bytes after a(1:2)'s,
    // where a(69) would lie
    const world: World = {
      arrays: [
        { name: 'a', length: 100, init: 1 },
        { name: 'b', length: 8, init: 2 },
      ],
      structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
    };
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:2)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b'] }] },
      target([['alloc', 'p%p(1:2)']], { read: 'p%p(69:72)' }),
    ];
    const obs = run(world, steps);
    expect(kinds(obs)).toEqual(['ok', 'ok', 'undefined']);
    expect(message(obs[2]!)).toMatch(/past the end of the storage/);
    // inside the section's block: the device values
    expect(run(world, [steps[0]!, steps[1]!, target([['alloc', 'p%p(1:2)']], { read: 'p%p(1:2)' })])).toEqual([OK, OK, read(1, 1)]);
    // before it: b entered first (32 bytes), a(69:72) 256 bytes after b's block, so a(1:2) would lie inside b's
    const before = run(world, [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b'] }] }, target([['alloc', 'p%p(69:72)']], { read: 'p%p(1:2)' })]);
    expect(kinds(before)).toEqual(['ok', 'undefined']);
    expect(message(before[1]!)).toMatch(/before the start of the storage/);
  });
});
