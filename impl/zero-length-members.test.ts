// impl unit tests pinning the boundaries of zero-length member sections (`c%p(3:2)`, lang/README.md
// "Zero-length member sections") and the attachment of their base pointer. Expectations from the
// spec text and runtime sources as model/zero-length-members.ts cites them, worked out by hand:
// OpenACC 3.3 §2.7.2 attach action (the data part per K-A55, the attach lookup per K-A50, an absent
// target per K-A2), §2.7.10 no_create; OpenMP 6.0 §7.9.6 pointer attachment with K-B44 (libgomp
// gomp_attach_pointer with allow_zero_length_array_sections writes 0; LLVM processAttachEntries
// skips) and K-B7. The scenarios on both engines are conformance rows
// (conformance/*/…-zero-length-members.ts).

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Step, World } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { ACC_WORLD, OMP_WORLD, A, B, C } from '../conformance/worlds.js';
import { implEngine } from './index.js';

function engineFor(world: World, knobs: Record<string, string> = {}) {
  const base = loadProfile('spec');
  return implEngine({ world, steps: [] }, { ...base, knobs: { ...base.knobs, ...knobs } as Profile['knobs'] });
}
type Engine = ReturnType<typeof engineFor>;

const kind = (o: Observation) => (o.kind === 'error' ? `error ${o.code}` : o.kind === 'value' ? `value ${JSON.stringify(o.value)}` : o.kind);
const run = (e: Engine, steps: Step[]) => steps.map((s) => kind(e.apply(s)));

/** c%p => a (10 elements) from the start; a at A, c at C. */
const accWorld: World = { ...ACC_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };
const ompWorld: World = { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };

const enter = (clause: 'copyin' | 'create', ...vars: string[]): Step => ({ op: 'acc_enter_data', clauses: [{ clause, vars }] });
const exit = (clause: 'copyout' | 'delete', ...vars: string[]): Step => ({ op: 'acc_exit_data', clauses: [{ clause, vars }] });

describe('OpenACC zero-length member sections', () => {
  const aSection = (e: Engine) => e.snapshot().sections.filter((s) => s.host[0] === A).map((s) => [s.host[1] - A, s.src, s.drc]);
  const attachment = (e: Engine) => e.snapshot().attachments.filter((a) => a.ptr === C).map((a) => [a.ac, a.device === null ? null : a.device.space]);

  it('inside the pointer\'s present target: one more reference on it and one more attachment; the delete gives both back', () => {
    const e = engineFor(accWorld);
    expect(run(e, [enter('copyin', 'c', 'c%p'), enter('copyin', 'c%p(3:2)')])).toEqual(['ok', 'ok']);
    expect(aSection(e)).toEqual([[40, 0, 2]]);
    expect(attachment(e)).toEqual([[2, 'dev']]);
    // the first element and one past the last are zero-length sections of the same target too
    expect(run(e, [enter('copyin', 'c%p(1:0)'), enter('create', 'c%p(11:10)')])).toEqual(['ok', 'ok']);
    expect(aSection(e)).toEqual([[40, 0, 3]]);
    expect(attachment(e)).toEqual([[4, 'dev']]);
    expect(run(e, [exit('delete', 'c%p(3:2)')])).toEqual(['ok']);
    expect(aSection(e)).toEqual([[40, 0, 2]]);
    expect(attachment(e)).toEqual([[3, 'dev']]);
    // one past the end holds no reference: its exit neither detaches nor gives anything back
    expect(run(e, [exit('delete', 'c%p(11:10)')])).toEqual(['ok']);
    expect(aSection(e)).toEqual([[40, 0, 2]]);
    expect(attachment(e)).toEqual([[3, 'dev']]);
  });

  it('K-A55 enter-exit-fatal (GCC 12.2 C, zero-length-members-c): enter data at the target\'s first byte stops before any reference or attachment; strictly inside it counts and attaches; exit data stops', () => {
    const fatal = { 'K-A55': 'enter-exit-fatal' };
    const e = engineFor(accWorld, fatal);
    expect(run(e, [enter('copyin', 'a', 'c'), enter('copyin', 'c%p(1:0)')])).toEqual(['ok', 'error fatal_lowering']);
    expect(aSection(e)).toEqual([[40, 0, 1]]);
    // c's device copy holds the host address, unattached
    expect(attachment(e)).toEqual([[0, 'host']]);
    const inside = engineFor(accWorld, fatal);
    expect(run(inside, [enter('copyin', 'a', 'c'), enter('copyin', 'c%p(2:1)')])).toEqual(['ok', 'ok']);
    expect(aSection(inside)).toEqual([[40, 0, 2]]);
    expect(attachment(inside)).toEqual([[1, 'dev']]);
    expect(run(inside, [exit('delete', 'c%p(2:1)')])).toEqual(['error fatal_lowering']);
    // a data construct looks the first byte up as [p, p + 1) (gomp_map_vars): a reference and an attachment
    const region = engineFor(accWorld, fatal);
    expect(run(region, [enter('copyin', 'a', 'c'), { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['c%p(1:0)'] }] }])).toEqual(['ok', 'ok']);
    expect(region.snapshot().sections.filter((s) => s.host[0] === A).map((s) => [s.src, s.drc])).toEqual([[1, 1]]);
    expect(attachment(region)).toEqual([[1, 'dev']]);
  });

  it('past one beyond the target\'s end the section is undefined (Fortran 2018 §9.5.3.3)', () => {
    const e = engineFor(accWorld);
    expect(run(e, [enter('copyin', 'c'), enter('copyin', 'c%p(12:11)')])).toEqual(['ok', 'undefined']);
  });

  it('K-A50: `target` attaches through the whole present target wherever the zero bytes are; `section` looks up the byte at their address', () => {
    const mapped: Step[] = [enter('copyin', 'c'), enter('copyin', 'a')];
    const spec = engineFor(accWorld);
    expect(run(spec, [...mapped, enter('copyin', 'c%p(11:10)')])).toEqual(['ok', 'ok', 'ok']);
    expect(attachment(spec)).toEqual([[1, 'dev']]);
    const section = engineFor(accWorld, { 'K-A50': 'section' });
    expect(run(section, [...mapped, enter('copyin', 'c%p(11:10)')])).toEqual(['ok', 'ok', 'ok']);
    expect(attachment(section)).toEqual([[0, 'host']]);
    expect(run(section, [enter('copyin', 'c%p(10:9)')])).toEqual(['ok']);
    expect(attachment(section)).toEqual([[1, 'dev']]);
    // the device pointer aims at the target's first element, as for the whole member
    expect(section.apply({ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { pointer: 'c%p' } })).toEqual({ kind: 'value', value: { block: 2, offset: 0 } });
    const fatal = engineFor(accWorld, { 'K-A50': 'section', 'K-A2': 'error' });
    expect(run(fatal, [...mapped, enter('copyin', 'c%p(11:10)')])).toEqual(['ok', 'ok', 'error fatal_attach_absent']);
  });

  it('no_create attaches only when the zero bytes are found (§2.7.10); under K-A55 no-op no clause attaches or detaches through them', () => {
    const region = (v: string): Step => ({ op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: [v] }] });
    const absent = engineFor(accWorld);
    expect(run(absent, [enter('copyin', 'c'), region('c%p(3:2)')])).toEqual(['ok', 'ok']);
    expect(attachment(absent)).toEqual([[0, 'host']]);
    const present = engineFor(accWorld);
    expect(run(present, [enter('copyin', 'c', 'a'), region('c%p(3:2)')])).toEqual(['ok', 'ok']);
    expect(aSection(present)).toEqual([[40, 1, 1]]);
    expect(attachment(present)).toEqual([[1, 'dev']]);
    expect(run(present, [{ op: 'acc_data_end' }])).toEqual(['ok']);
    expect(attachment(present)).toEqual([[0, 'host']]);
    const noOp = engineFor(accWorld, { 'K-A55': 'no-op' });
    expect(run(noOp, [enter('copyin', 'c', 'c%p'), enter('copyin', 'c%p(3:2)'), region('c%p(3:2)')])).toEqual(['ok', 'ok', 'ok']);
    expect(aSection(noOp)).toEqual([[40, 0, 1]]);
    expect(attachment(noOp)).toEqual([[1, 'dev']]);
    expect(run(noOp, [{ op: 'acc_data_end' }, exit('delete', 'c%p(3:2)')])).toEqual(['ok', 'ok']);
    expect(attachment(noOp)).toEqual([[1, 'dev']]);
  });

  it('a data region\'s zero-length member section detaches at its end only while it holds a structured reference', () => {
    const e = engineFor(accWorld);
    expect(run(e, [enter('copyin', 'c', 'c%p'), { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c%p(4:3)'] }] }])).toEqual(['ok', 'ok']);
    expect(aSection(e)).toEqual([[40, 1, 1]]);
    expect(attachment(e)).toEqual([[2, 'dev']]);
    expect(run(e, [{ op: 'acc_data_end' }])).toEqual(['ok']);
    expect(aSection(e)).toEqual([[40, 0, 1]]);
    expect(attachment(e)).toEqual([[1, 'dev']]);
  });
});

describe('OpenACC clause lists: later vars, null pointer references and one-element kernel reads (Stryker survivors)', () => {
  const attachment = (e: Engine) => e.snapshot().attachments.filter((a) => a.ptr === C).map((a) => [a.ac, a.device === null ? null : a.device.space]);

  it('a null pointer reference after another var maps nothing and is attached to null (K-A3), present or not', () => {
    const nullWorld: World = { ...ACC_WORLD, structs: [{ name: 'c', pointers: ['p'] }] };
    for (const clause of ['present', 'no_create', 'copyin'] as const) {
      const e = engineFor(nullWorld);
      expect(run(e, [enter('copyin', 'c', 'b'), { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['b'] }, { clause, vars: ['c%p'] }] }]), clause).toEqual(['ok', 'ok']);
      expect(attachment(e), clause).toEqual([[1, null]]);
    }
  });

  it('exit: a zero-length member section after another var one past its target holds nothing (no detach); under K-A55 no-op a plain pointer reference still detaches', () => {
    const e = engineFor(accWorld);
    expect(run(e, [enter('copyin', 'c', 'b', 'c%p'), exit('delete', 'b', 'c%p(11:10)')])).toEqual(['ok', 'ok']);
    expect(attachment(e)).toEqual([[1, 'dev']]);
    const noOp = engineFor(accWorld, { 'K-A55': 'no-op' });
    expect(run(noOp, [enter('copyin', 'c', 'c%p'), exit('delete', 'b', 'c%p')])).toEqual(['ok', 'ok']);
    expect(attachment(noOp)).toEqual([[0, 'host']]);
  });

  it('a kernel reads one element past the view of a pointer whose target lies inside a larger device copy: undefined', () => {
    // c%p => a(2:4): a mapped whole, so a(5) has a device copy right after the view's last element
    const e = engineFor(accWorld);
    const steps: Step[] = [{ op: 'pointer_assign', ptr: 'c%p', target: 'a(2:4)' }, enter('copyin', 'a', 'c'), { op: 'acc_attach', ptr: 'c%p' }];
    const read = (at: number): Step => ({ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p', at } });
    expect(run(e, [...steps, read(3), read(4)])).toEqual(['ok', 'ok', 'ok', 'read', 'undefined']);
  });
});

describe('OpenMP zero-length member sections (K-B44)', () => {
  const map = (type: 'to' | 'release' | 'delete' | 'tofrom', ...vars: string[]) => [{ type, vars }];
  const enterOmp = (vars: string[], device?: number): Step => ({ op: 'omp_target_enter_data', maps: map('to', ...vars), ...(device === undefined ? {} : { device }) });
  const exitOmp = (type: 'release' | 'delete', vars: string[]): Step => ({ op: 'omp_target_exit_data', maps: map(type, ...vars) });
  const pointer = (e: Engine, device = 0) => e.snapshot().ompPointers.filter((p) => p.ptr === C && p.device === device).map((p) => p.value);

  it('inside mapped storage the corresponding pointer is attached there; one past its end finds nothing', () => {
    const e = engineFor(ompWorld);
    expect(run(e, [enterOmp(['a']), enterOmp(['c', 'c%p(3:2)'])])).toEqual(['ok', 'ok']);
    expect(pointer(e)).toEqual([{ space: 'dev', block: 1, offset: 0, count: 10 }]);
    const past = engineFor(ompWorld);
    expect(run(past, [enterOmp(['a(1:4)']), enterOmp(['c', 'c%p(5:4)'])])).toEqual(['ok', 'ok']);
    expect(pointer(past)).toEqual([{ space: 'host', addr: A, count: 10 }]);
  });

  it('keep (the text, LLVM): no storage, no attachment: the new struct storage holds the host address', () => {
    const e = engineFor(ompWorld);
    expect(run(e, [enterOmp(['c', 'c%p(1:0)'])])).toEqual(['ok']);
    expect(pointer(e)).toEqual([{ space: 'host', addr: A, count: 10 }]);
    expect(e.snapshot().ompEntries.map((x) => x.host[0])).toEqual([C]);
  });

  it('null (libgomp): the corresponding pointer becomes null when its storage is new (K-B7 6.0), and only then', () => {
    const e = engineFor(ompWorld, { 'K-B44': 'null' });
    expect(run(e, [enterOmp(['c', 'c%p(1:0)'])])).toEqual(['ok']);
    expect(pointer(e)).toEqual([null]);
    // c is present now: a later zero-length map is no new storage, so nothing is written
    const later = engineFor(ompWorld, { 'K-B44': 'null' });
    expect(run(later, [enterOmp(['c']), enterOmp(['c%p(1:0)'])])).toEqual(['ok', 'ok']);
    expect(pointer(later)).toEqual([{ space: 'host', addr: A, count: 10 }]);
    // K-B7 always: every map writes it
    const always = engineFor(ompWorld, { 'K-B44': 'null', 'K-B7': 'always' });
    expect(run(always, [enterOmp(['c']), enterOmp(['c%p(1:0)'])])).toEqual(['ok', 'ok']);
    expect(pointer(always)).toEqual([null]);
    // the struct not mapped: no corresponding pointer to write
    const none = engineFor(ompWorld, { 'K-B44': 'null' });
    expect(run(none, [enterOmp(['c%p(1:0)'])])).toEqual(['ok']);
    expect(none.snapshot().ompEntries).toEqual([]);
  });

  it('null with K-B7 counted: every map counts one attachment, the first writes null; the count\'s end gives the host value back', () => {
    const e = engineFor(ompWorld, { 'K-B44': 'null', 'K-B7': 'counted' });
    expect(run(e, [enterOmp(['c']), enterOmp(['c%p(1:0)']), enterOmp(['c%p(1:0)'])])).toEqual(['ok', 'ok', 'ok']);
    expect(pointer(e)).toEqual([null]);
    // a mapped target now: the count is 2, so a third attachment only counts
    expect(run(e, [enterOmp(['a']), enterOmp(['c%p'])])).toEqual(['ok', 'ok']);
    expect(pointer(e)).toEqual([null]);
    expect(run(e, [exitOmp('release', ['c%p(1:0)']), exitOmp('release', ['c%p(1:0)']), exitOmp('release', ['c%p'])])).toEqual(['ok', 'ok', 'ok']);
    expect(pointer(e)).toEqual([{ space: 'host', addr: A, count: 10 }]);
    // no attachment left: the runtime aborts
    expect(run(e, [exitOmp('release', ['c%p(1:0)'])])).toEqual(['error fatal_detach_at_zero']);
  });

  it('null writes the pointer the section names, not another member of its struct; a region gives its counted attachment back at its end', () => {
    // c holds q (first) => b and p (second) => a: only p becomes null
    const two: World = { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['q', 'p'], init: { p: 'a', q: 'b' } }] };
    const values = (e: Engine) => e.snapshot().ompPointers.map((p) => [p.ptr - C, p.value]);
    const e = engineFor(two, { 'K-B44': 'null' });
    expect(run(e, [enterOmp(['c', 'c%p(1:0)'])])).toEqual(['ok']);
    expect(values(e)).toEqual([
      [0, { space: 'host', addr: B, count: 10 }],
      [16, null],
    ]);
    // K-B7 counted: a target data region counts the attachment at entry and gives it back at its end
    const counted = engineFor(two, { 'K-B44': 'null', 'K-B7': 'counted' });
    expect(run(counted, [enterOmp(['c']), { op: 'omp_target_data_begin', maps: map('tofrom', 'b', 'c%p(1:0)') }])).toEqual(['ok', 'ok']);
    expect(values(counted)[1]).toEqual([16, null]);
    expect(run(counted, [{ op: 'omp_target_data_end' }])).toEqual(['ok']);
    expect(values(counted)[1]).toEqual([16, { space: 'host', addr: A, count: 10 }]);
  });

  it('null attaches the pointer to no target: the host may re-point it (K-B22 undefined concerns a target that stays mapped)', () => {
    const e = engineFor(ompWorld, { 'K-B44': 'null', 'K-B22': 'undefined' });
    expect(run(e, [enterOmp(['c', 'c%p(1:0)']), { op: 'pointer_assign', ptr: 'c%p', target: 'b' }])).toEqual(['ok', 'ok']);
    // attached to a's storage instead, re-pointing it is undefined under that reading
    const attached = engineFor(ompWorld, { 'K-B22': 'undefined' });
    expect(run(attached, [enterOmp(['a']), enterOmp(['c', 'c%p(1:0)']), { op: 'pointer_assign', ptr: 'c%p', target: 'b' }])).toEqual(['ok', 'ok', 'undefined']);
  });

  it('null on a device that shares memory with the host: the struct is its own storage, its pointer is the original and keeps its value', () => {
    const e = engineFor(ompWorld, { 'K-B44': 'null', 'K-B8': 'self' });
    expect(run(e, [enterOmp(['c', 'c%p(1:0)'], 1)])).toEqual(['ok']);
    expect(e.apply({ op: 'host_read', var: 'c%p(1:1)' })).toEqual({ kind: 'read', values: [1] });
  });
});
