// impl unit tests pinning the boundaries of zero-length sections (`a(3:2)`, lang/README.md
// "Zero-length sections"): the byte at the section's address decides, so a zero-length section at a
// section's first element is inside it, one past its last element is not. Expectations from the
// spec text and runtime sources as model/zero-length.ts cites them (OpenMP 6.0 §7.9.6: libgomp
// gomp_map_0len_lookup probes [p, p + 1), LLVM lookupMapping with Size 0; OpenACC K-A55), worked
// out by hand; the scenarios on both engines are conformance rows (conformance/*/…-zero-length.ts).

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import type { Step, World } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { ACC_WORLD, OMP_WORLD, A, B } from '../conformance/worlds.js';
import { implEngine } from './index.js';

function engineFor(world: World, knobs: Record<string, string> = {}, profile = 'spec') {
  const base = loadProfile(profile);
  return implEngine({ world, steps: [] }, { ...base, knobs: { ...base.knobs, ...knobs } as Profile['knobs'] });
}

const kind = (o: Observation) => (o.kind === 'error' ? `error ${o.code}` : o.kind === 'value' ? `value ${JSON.stringify(o.value)}` : o.kind === 'read' ? `read ${o.values.join(',')}` : o.kind);

const enter = (clause: 'copyin' | 'create', ...vars: string[]): Step => ({ op: 'acc_enter_data', clauses: [{ clause, vars }] });
const exit = (clause: 'copyout' | 'delete', ...vars: string[]): Step => ({ op: 'acc_exit_data', clauses: [{ clause, vars }] });

describe('OpenACC zero-length subarrays (K-A55)', () => {
  const sections = (e: ReturnType<typeof engineFor>) => e.snapshot().sections.map((s) => [s.host[0], s.host[1], s.src, s.drc]);

  it('lookup: the section holding the byte at the address takes the reference; one past its end or before its start is absent', () => {
    const e = engineFor(ACC_WORLD);
    e.apply(enter('copyin', 'a(2:5)'));
    // a(2:1) is at the section's first byte, a(5:4) at its last element: both inside.
    expect([e.apply(enter('create', 'a(2:1)')), e.apply(enter('copyin', 'a(5:4)'))].map(kind)).toEqual(['ok', 'ok']);
    expect(sections(e)).toEqual([[A + 4, A + 20, 0, 3]]);
    // a(1:0) one element before, a(6:5) one past the end, b(1:0) in absent data: nothing created.
    expect([e.apply(enter('copyin', 'a(1:0)')), e.apply(enter('create', 'a(6:5)', 'b(1:0)'))].map(kind)).toEqual(['ok', 'ok']);
    expect(sections(e)).toEqual([[A + 4, A + 20, 0, 3]]);
    // Exits: one past the end gives nothing back; inside gives back one reference each.
    e.apply(exit('delete', 'a(6:5)', 'b(11:10)'));
    expect(sections(e)).toEqual([[A + 4, A + 20, 0, 3]]);
    e.apply(exit('copyout', 'a(3:2)'));
    e.apply(exit('delete', 'a(2:1)'));
    expect(sections(e)).toEqual([[A + 4, A + 20, 0, 1]]);
  });

  it('the last reference given back through a zero-length subarray removes the section and copies no byte home', () => {
    const e = engineFor(ACC_WORLD);
    e.apply(enter('copyin', 'a(2:5)'));
    e.apply({ op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a(2:5)'] }], body: { write: 'a(2:5)', value: 9 } });
    expect(kind(e.apply(exit('copyout', 'a(4:3)')))).toBe('ok');
    expect(sections(e)).toEqual([]);
    expect(kind(e.apply({ op: 'host_read', var: 'a(1:6)' }))).toBe('read 1,1,1,1,1,1');
  });

  it('a data region counts the structured reference at entry and gives it back at exit', () => {
    const e = engineFor(ACC_WORLD);
    e.apply(enter('copyin', 'a'));
    e.apply({ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a(10:9)'] }, { clause: 'no_create', vars: ['b(11:10)'] }] });
    expect(sections(e)).toEqual([[A, A + 40, 1, 1]]);
    e.apply({ op: 'acc_data_end' });
    expect(sections(e)).toEqual([[A, A + 40, 0, 1]]);
  });

  it('the present clause and update of absent zero bytes: an error under lookup only', () => {
    const present: Step = { op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['b(3:2)'] }] };
    const update: Step = { op: 'acc_update', clauses: [{ clause: 'self', vars: ['b(3:2)'] }] };
    expect(kind(engineFor(ACC_WORLD).apply(present))).toBe('error acc_error_not_present');
    expect(kind(engineFor(ACC_WORLD).apply(update))).toBe('error acc_error_not_present');
    expect(kind(engineFor(ACC_WORLD).apply({ ...update, if_present: true } as Step))).toBe('ok');
    for (const reading of ['lookup-quiet', 'no-op']) {
      expect(kind(engineFor(ACC_WORLD, { 'K-A55': reading }).apply(present))).toBe('ok');
      expect(kind(engineFor(ACC_WORLD, { 'K-A55': reading }).apply(update))).toBe('ok');
    }
    // Present zero bytes: nothing to copy, the host keeps its values.
    const e = engineFor(ACC_WORLD);
    e.apply(enter('copyin', 'b'));
    e.apply({ op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'b', value: 5 } });
    expect([e.apply(update), e.apply({ op: 'host_read', var: 'b(2:3)' })].map(kind)).toEqual(['ok', 'read 2,2']);
  });

  it('no-op and lookup-quiet: no-op moves no counter of present data, lookup-quiet does', () => {
    for (const [reading, drc] of [
      ['no-op', 1],
      ['lookup-quiet', 2],
    ] as const) {
      const e = engineFor(ACC_WORLD, { 'K-A55': reading });
      e.apply(enter('copyin', 'a'));
      e.apply(enter('create', 'a(3:2)'));
      expect(sections(e)).toEqual([[A, A + 40, 0, drc]]);
      e.apply(exit('delete', 'a(3:2)'));
      expect(sections(e)).toEqual([[A, A + 40, 0, 1]]);
    }
  });

  it('K-A7 infinite: a zero-length subarray of acc_map_data data moves no counter', () => {
    const e = engineFor(ACC_WORLD, { 'K-A7': 'infinite' });
    e.apply({ op: 'acc_malloc', bytes: 40, result: 'd' });
    e.apply({ op: 'acc_map_data', var: 'a', dev: { handle: 'd' } });
    e.apply(enter('copyin', 'a(3:2)'));
    expect(sections(e).map((s) => s.slice(2))).toEqual([[0, 1]]);
  });

  it('the lookup routines: acc_is_present of zero bytes (K-A16) and acc_deviceptr at the address', () => {
    const e = engineFor(ACC_WORLD);
    e.apply(enter('copyin', 'a(2:5)'));
    expect([e.apply({ op: 'acc_is_present', var: 'a(2:1)' }), e.apply({ op: 'acc_is_present', var: 'a(6:5)' })].map(kind)).toEqual(['value true', 'value false']);
    expect(e.apply({ op: 'acc_deviceptr', var: 'a(5:4)' })).toEqual({ kind: 'value', value: { block: 1, offset: 12 } });
    expect(e.apply({ op: 'acc_deviceptr', var: 'a(6:5)' })).toEqual({ kind: 'value', value: null });
  });
});

describe('OpenMP zero-length array sections', () => {
  const entries = (e: ReturnType<typeof engineFor>) => e.snapshot().ompEntries.map((x) => [x.device, x.host[0], x.host[1], x.rc]);
  const map = (op: 'omp_target_enter_data' | 'omp_target_exit_data', type: string, vars: string[], modifiers?: string[], device?: number): Step =>
    ({ op, ...(device === undefined ? {} : { device }), maps: [{ type, vars, ...(modifiers ? { modifiers } : {}) }] }) as Step;

  it('the entry holding the byte at the address is counted; one past its end has no storage and gets none', () => {
    const e = engineFor(OMP_WORLD);
    e.apply(map('omp_target_enter_data', 'to', ['a(1:4)']));
    expect([e.apply(map('omp_target_enter_data', 'alloc', ['a(1:0)'])), e.apply(map('omp_target_enter_data', 'to', ['a(4:3)']))].map(kind)).toEqual(['ok', 'ok']);
    expect(entries(e)).toEqual([[0, A, A + 16, 3]]);
    e.apply(map('omp_target_enter_data', 'to', ['a(5:4)', 'b(1:0)']));
    expect(entries(e)).toEqual([[0, A, A + 16, 3]]);
    e.apply(map('omp_target_exit_data', 'release', ['a(5:4)']));
    e.apply(map('omp_target_exit_data', 'release', ['a(2:1)']));
    expect(entries(e)).toEqual([[0, A, A + 16, 2]]);
    e.apply(map('omp_target_exit_data', 'delete', ['a(3:2)']));
    expect(entries(e)).toEqual([]);
  });

  it('the present modifier finds no storage for zero bytes one past an entry', () => {
    const e = engineFor(OMP_WORLD);
    e.apply(map('omp_target_enter_data', 'to', ['a(1:4)']));
    expect(kind(e.apply(map('omp_target_enter_data', 'alloc', ['a(4:3)'], ['present'])))).toBe('ok');
    expect(kind(e.apply(map('omp_target_enter_data', 'alloc', ['a(5:4)'], ['present'])))).toBe('error omp_error_not_present');
    const x = engineFor(OMP_WORLD);
    expect(kind(x.apply(map('omp_target_exit_data', 'release', ['b(1:0)'], ['present'])))).toBe('error omp_error_not_present');
  });

  it('a zero-length item is a storage block of its own (K-B16 storage-block), and a shared device gets no self entry for it', () => {
    const e = engineFor(OMP_WORLD);
    // Joined with a(5:8), a(3:2) would stretch the block down to a(3).
    e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(3:2)', 'b(2:3)'] }, { type: 'alloc', vars: ['b(7:6)'] }] });
    expect(entries(e)).toEqual([[0, B + 4, B + 12, 1]]);
    const s = engineFor(OMP_WORLD, { 'K-B8': 'self' });
    s.apply(map('omp_target_enter_data', 'to', ['a(3:2)'], undefined, 1));
    expect(entries(s)).toEqual([]);
  });

  it('target update of zero bytes assigns nothing; absent with the present modifier is an error', () => {
    const e = engineFor(OMP_WORLD);
    e.apply(map('omp_target_enter_data', 'to', ['a(1:4)']));
    e.apply({ op: 'omp_target', maps: [], body: { write: 'a(1:4)', value: 7 } });
    expect(kind(e.apply({ op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(2:1)'] }] }))).toBe('ok');
    expect(kind(e.apply({ op: 'host_read', var: 'a(1:4)' }))).toBe('read 1,1,1,1');
    expect(kind(e.apply({ op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(5:4)'] }] }))).toBe('ok');
    expect(kind(e.apply({ op: 'omp_target_update', motions: [{ type: 'to', modifiers: ['present'], vars: ['a(5:4)'] }] }))).toBe('error omp_error_not_present');
  });
});

// K-A55 `enter-exit-fatal`: GCC 12.2's C lowering as measured on an NVIDIA H200
// (toolchain/probes/acc-zero-length-*-c, profiles/measured/gcc-12-nvptx-2026-12-03e.md): enter data
// of an absent zero-length subarray asserts, exit data and the update directive have no action for
// any zero-length subarray, constructs look up quietly.
describe('OpenACC zero-length subarrays under K-A55 enter-exit-fatal', () => {
  const fatal = { 'K-A55': 'enter-exit-fatal' };
  const sections = (e: ReturnType<typeof engineFor>) => e.snapshot().sections.map((s) => [s.host[0], s.host[1], s.src, s.drc]);

  it('enter data inside a present section takes its reference; one past its end, or in absent data, stops', () => {
    const e = engineFor(ACC_WORLD, fatal);
    e.apply(enter('copyin', 'a(1:4)'));
    expect(kind(e.apply(enter('copyin', 'a(3:2)')))).toBe('ok');
    expect(sections(e)).toEqual([[A, A + 16, 0, 2]]);
    expect(kind(e.apply(enter('copyin', 'a(5:4)')))).toBe('error fatal_lowering');
    expect(kind(engineFor(ACC_WORLD, fatal).apply(enter('create', 'b(1:0)')))).toBe('error fatal_lowering');
  });

  it('enter data finds zero bytes only strictly inside a section (lookup_host of [p, p), libgomp.h splay_compare): at a section\'s first byte it stops, a data construct there takes its reference', () => {
    const e = engineFor(ACC_WORLD, fatal);
    e.apply(enter('copyin', 'a(1:2)', 'a(3:4)'));
    // a(2:1) is the byte after a(1:2)'s first: found
    expect(kind(e.apply(enter('copyin', 'a(2:1)')))).toBe('ok');
    expect(sections(e)).toEqual([
      [A, A + 8, 0, 2],
      [A + 8, A + 16, 0, 1],
    ]);
    // the structured path (gomp_map_vars, gomp_map_0len_lookup of [p, p + 1)) finds a(3:4) at its first byte
    expect(kind(e.apply({ op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['a(3:2)'] }] }))).toBe('ok');
    expect(sections(e)).toEqual([
      [A, A + 8, 0, 2],
      [A + 8, A + 16, 1, 1],
    ]);
    expect(kind(e.apply({ op: 'acc_data_end' }))).toBe('ok');
    // enter data at a(3:4)'s first byte (also one past a(1:2)'s end): no key matches, so it stops, counting nothing
    expect(kind(e.apply(enter('copyin', 'a(3:2)')))).toBe('error fatal_lowering');
    expect(sections(e)).toEqual([
      [A, A + 8, 0, 2],
      [A + 8, A + 16, 0, 1],
    ]);
    expect(kind(engineFor(ACC_WORLD, fatal).apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:4)', 'a(1:0)'] }] }))).toBe('error fatal_lowering');
    // the other readings take the reference at the first byte
    const quiet = engineFor(ACC_WORLD, { 'K-A55': 'lookup-quiet' });
    expect([enter('copyin', 'a(1:4)'), enter('copyin', 'a(1:0)')].map((x) => kind(quiet.apply(x)))).toEqual(['ok', 'ok']);
    expect(sections(quiet)).toEqual([[A, A + 16, 0, 2]]);
  });

  it('the items before the stopping one took effect; the stop is at the zero-length item', () => {
    const e = engineFor(ACC_WORLD, fatal);
    expect(kind(e.apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:4)', 'b(1:0)', 'b(1:2)'] }] }))).toBe('error fatal_lowering');
    expect(sections(e)).toEqual([[A, A + 16, 0, 1]]);
  });

  it('exit data of a zero-length subarray stops whether or not its data is present, after the items before it', () => {
    const e = engineFor(ACC_WORLD, fatal);
    e.apply(enter('copyin', 'a(1:4)', 'b(1:2)'));
    expect(kind(e.apply({ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['b(1:2)', 'a(3:2)'] }] }))).toBe('error fatal_lowering');
    expect(sections(e)).toEqual([[A, A + 16, 0, 1]]);
    expect(kind(engineFor(ACC_WORLD, fatal).apply(exit('delete', 'b(1:0)')))).toBe('error fatal_lowering');
  });

  it('data constructs do not stop: absent zero bytes are looked up quietly', () => {
    const e = engineFor(ACC_WORLD, fatal);
    expect(kind(e.apply({ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['b(1:0)'] }, { clause: 'present', vars: ['b(3:2)'] }] }))).toBe('ok');
    expect(kind(e.apply({ op: 'acc_data_end' }))).toBe('ok');
    expect(sections(e)).toEqual([]);
  });

  // GCC 12.2 C: the kind of a section of length n is "n == 0 ? ZERO_LEN_ARRAY_SECTION : TO / FROM"
  // (-fdump-tree-ompexp), and GOACC_update has no case for it (gcc-12-nvptx-2026-12-03b gen-20261204-0188-c).
  it('the update directive stops at zero bytes, absent under if_present or present, and at a disassociated pointer member', () => {
    const update = (vars: string[], ifPresent = false) => ({ op: 'acc_update' as const, clauses: [{ clause: 'self' as const, vars }], ...(ifPresent && { if_present: true }) });
    expect(kind(engineFor(ACC_WORLD, fatal).apply(update(['b(2:1)'], true)))).toBe('error fatal_lowering');
    expect(kind(engineFor(ACC_WORLD, fatal).apply(update(['c%p'], true)))).toBe('error fatal_lowering');
    expect(kind(engineFor(ACC_WORLD, { 'K-A55': 'lookup-quiet' }).apply(update(['c%p'], true)))).toBe('ok');
    // exit data of the disassociated member stops too (gen-20261212-098-c); a structured exit runs
    // (K-A2 noop here: libgomp's structured attach of a null pointer is K-A23's)
    expect(kind(engineFor(ACC_WORLD, fatal).apply(exit('delete', 'c%p')))).toBe('error fatal_lowering');
    expect(kind(engineFor(ACC_WORLD, fatal).apply(exit('delete', 'a', 'c%p')))).toBe('error fatal_lowering');
    // a detach clause of it is no data clause: GCC lowers it to a detach, which the runtime has
    expect(kind(engineFor(ACC_WORLD, fatal).apply({ op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c%p'] }] }))).toBe('ok');
    expect(kind(engineFor(ACC_WORLD, { 'K-A55': 'lookup-quiet' }).apply(exit('delete', 'c%p')))).toBe('ok');
    const region = engineFor(ACC_WORLD, fatal);
    expect(kind(region.apply({ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c%p'] }] }))).toBe('ok');
    expect(kind(region.apply({ op: 'acc_data_end' }))).toBe('ok');
    const e = engineFor(ACC_WORLD, fatal);
    expect(kind(e.apply(enter('copyin', 'b(1:4)')))).toBe('ok');
    expect(kind(e.apply(update(['b(1:4)', 'b(3:2)'])))).toBe('error fatal_lowering');
  });

  it('the readings differ only on enter and exit data: lookup reports the absent update, lookup-quiet enters quietly', () => {
    expect(kind(engineFor(ACC_WORLD, { 'K-A55': 'lookup' }).apply({ op: 'acc_update', clauses: [{ clause: 'self', vars: ['b(2:1)'] }] }))).toBe('error acc_error_not_present');
    expect(kind(engineFor(ACC_WORLD, { 'K-A55': 'lookup-quiet' }).apply(enter('create', 'b(1:0)')))).toBe('ok');
    expect(kind(engineFor(ACC_WORLD, { 'K-A55': 'lookup-quiet' }).apply(exit('delete', 'b(1:0)')))).toBe('ok');
  });
});
