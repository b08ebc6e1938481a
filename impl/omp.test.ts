// impl unit tests for OpenMP that have no program form. The scenarios (observations and states per
// profile) are conformance rows, run on both engines: conformance/omp/*.ts.

import { describe, expect, it } from 'vitest';
import type { Step } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { OMP_WORLD as world } from '../conformance/worlds.js';
import { implEngine } from './index.js';

describe('device block numbering', () => {
  it('continues after OpenACC allocations (one numbering per engine; a program never mixes the APIs)', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    engine.apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }] });
    engine.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] });
    expect(engine.apply({ op: 'omp_target_alloc', bytes: 8, device: 0, result: 'h' })).toEqual({ kind: 'value', value: { block: 3, offset: 0 } });
    const last = engine.snapshot();
    expect(last.sections.map((s) => s.block)).toEqual([1]);
    expect(last.ompEntries.map((e) => e.block)).toEqual([2]);
  });
});

describe('impossible step sequences (validation rejects them first)', () => {
  it('a region end without its begin is an internal error', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    expect(() => engine.apply({ op: 'omp_target_data_end' })).toThrow(/omp_target_data_end without an open omp_target_data_begin region/);
    expect(() => engine.apply({ op: 'omp_target_data_use_device_end' })).toThrow(/omp_target_data_use_device_end without an open use_device region/);
  });
});

// Many entries, blocks and pointer members: the tables grow past their first capacity, released
// entry slots are used again, and the snapshot lists entries by (device, host start) and pointer
// members by (device, address) (README-openmp.md "Snapshot additions").
describe('many OpenMP entries', () => {
  const n = 12;
  const big = {
    arrays: Array.from({ length: n }, (_, i) => ({ name: `x${i}`, length: 2, init: i })),
    structs: [{ name: 'cs', pointers: ['p', 'q'], count: 2 }],
    devices: [{ kind: 'discrete' as const }, { kind: 'shared' as const }],
  };
  const X = (i: number) => 0x1000 + 0x200 * i;
  const CS = X(n);
  const names = (is: number[]) => is.map((i) => `x${i}`);

  it('grows its tables, reuses released entry slots, and lists entries and pointers in order', () => {
    const spec = loadProfile('spec');
    // K-B8 self (libgomp): maps on a shared-memory device become self maps
    const e = implEngine({ world: big, steps: [] }, { ...spec, knobs: { ...spec.knobs, 'K-B8': 'self' } });
    const all = Array.from({ length: n }, (_, i) => i);
    expect(e.apply({ op: 'pointer_assign', ptr: 'cs(2)%q', target: 'x1' })).toEqual({ kind: 'ok' });
    expect(e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: names(all) }] })).toEqual({ kind: 'ok' });
    const entry = (i: number, block: number) => ({ device: 0, host: [X(i), X(i) + 8], block, offset: 0, rc: 1, origin: 'map' });
    expect(e.snapshot().ompEntries).toEqual(all.map((i) => entry(i, i + 1)));
    expect(e.apply({ op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: ['x3', 'x7'] }] })).toEqual({ kind: 'ok' });
    expect(e.snapshot().ompEntries.map((x) => x.host[0])).toEqual(all.filter((i) => i !== 3 && i !== 7).map(X));
    expect(e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['x7', 'x3', 'cs'] }] })).toEqual({ kind: 'ok' });
    const snap = e.snapshot();
    expect(snap.ompEntries.map((x) => [x.host[0], x.block])).toEqual([...all.map((i) => [X(i), i === 3 ? 14 : i === 7 ? 13 : i + 1]), [CS, 15]]);
    for (const i of all) expect(e.apply({ op: 'omp_target_is_present', ptr: { var: `x${i}` }, device: 0 })).toEqual({ kind: 'value', value: true });
    // the struct's device copy holds the host bits of its members
    expect(snap.ompPointers).toEqual([
      { device: 0, ptr: CS, value: null },
      { device: 0, ptr: CS + 16, value: null },
      { device: 0, ptr: CS + 32, value: null },
      { device: 0, ptr: CS + 48, value: { space: 'host', addr: X(1), count: 2 } },
    ]);
    // device 1 shares memory with the host (K-B8 self): entries without a block, listed after device 0's
    expect(e.apply({ op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['x0', 'cs'] }] })).toEqual({ kind: 'ok' });
    const shared = e.snapshot().ompEntries.filter((x) => x.device === 1);
    expect(shared).toEqual([
      { device: 1, host: [X(0), X(0) + 8], block: null, offset: 0, rc: 1, origin: 'map' },
      { device: 1, host: [CS, CS + 64], block: null, offset: 0, rc: 1, origin: 'map' },
    ]);
    expect(e.snapshot().ompPointers.filter((p) => p.device === 1)).toEqual([]);
  });
});

// OpenMP target kernels through a pointer member (README-openmp.md, `omp_target`: a kernel on a
// device as in OpenACC; a host address is undefined on a discrete device and reads host memory on
// a shared one; on the host the kernel uses host memory; attachment writes the target's device
// address into the struct's device copy).
describe('OpenMP kernels through a pointer member', () => {
  const spec = loadProfile('spec');
  const run = (steps: Step[]) => {
    const e = implEngine({ world, steps }, spec);
    return steps.map((s) => {
      const o = e.apply(s);
      if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
      return o.kind === 'read' ? o.values.join(',') : o.kind;
    });
  };
  const assign: Step = { op: 'pointer_assign', ptr: 'c%p', target: 'a(1:2)' };
  const enter = (vars: string[], device?: number): Step => ({ op: 'omp_target_enter_data', ...(device === undefined ? {} : { device }), maps: [{ type: 'to', vars }] });
  const read = (device: number): Step => ({ op: 'omp_target', device, maps: [], body: { read: 'c%p' } });

  it('on a discrete device: struct absent, null, host address (not attached), attached', () => {
    // the implicit tofrom map of c gives the kernel c's device copy, whose p is null
    expect(run([read(0)])).toEqual(['undefined']);
    expect(run([assign, enter(['c']), read(0)])).toEqual(['ok', 'ok', 'undefined']);
    // c%p mapped with its target after c: attached, the kernel reads a's device elements
    expect(run([assign, enter(['c']), enter(['c%p']), read(0)])).toEqual(['ok', 'ok', 'ok', '1,1']);
  });

  it('on a shared device a host address reads host memory; on the host the kernel uses host memory', () => {
    expect(run([assign, enter(['c'], 1), { op: 'host_write', var: 'a(1:2)', value: 4 }, read(1)])).toEqual(['ok', 'ok', 'ok', '4,4']);
    expect(run([assign, read(2)])).toEqual(['ok', '1,1']);
    expect(run([read(2)])).toEqual(['undefined']);
  });
});

// omp_target_memcpy (README-openmp.md, OpenMP 6.0 §25.7.1): a var pointer is host memory (valid
// with the host device, 2 here), a handle its block (valid with its device). Null, a mismatched
// device, a range outside the storage, freed storage or overlapping ranges are undefined.
describe('omp_target_memcpy', () => {
  const spec = loadProfile('spec');
  const HOST = 2;
  const alloc: Step = { op: 'omp_target_alloc', bytes: 16, device: 0, result: 'h' };
  const memcpy = (dst: unknown, src: unknown, bytes: number, dd: number, sd: number, dOff = 0, sOff = 0): Step =>
    ({ op: 'omp_target_memcpy', dst, src, bytes, dst_offset: dOff, src_offset: sOff, dst_device: dd, src_device: sd }) as Step;
  const run = (steps: Step[]) => {
    const e = implEngine({ world, steps }, spec);
    return steps.map((s) => {
      const o = e.apply(s);
      if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
      return o.kind === 'read' ? o.values.join(',') : o.kind === 'value' && typeof o.value === 'number' ? String(o.value) : o.kind;
    });
  };
  const h = { handle: 'h' };

  it('copies host to device and back', () => {
    expect(run([alloc, memcpy(h, { var: 'a(2:3)' }, 8, 0, HOST), memcpy({ var: 'b' }, h, 8, HOST, 0, 4), { op: 'host_read', var: 'b(1:4)' }])).toEqual(['value', '0', '0', '2,1,1,2']);
  });

  it('is undefined for null, a mismatched device, a range outside the storage, freed storage and overlapping ranges', () => {
    expect(run([alloc, memcpy(null, { var: 'a' }, 8, 0, HOST)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, null, 8, 0, HOST)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 8, HOST, HOST)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 8, 0, 0)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 20, 0, HOST)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 8, 0, HOST, 12)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 8, 0, HOST, 0, 36)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, { var: 'a' }, 8, 0, HOST, 8, 32)])).toEqual(['value', '0']);
    expect(run([alloc, { op: 'omp_target_free', ptr: h, device: 0 }, memcpy(h, { var: 'a' }, 8, 0, HOST)])).toEqual(['value', 'ok', 'undefined']);
    expect(run([alloc, memcpy(h, h, 8, 0, 0, 4, 0)])).toEqual(['value', 'undefined']);
    expect(run([alloc, memcpy(h, h, 8, 0, 0, 8, 0)])).toEqual(['value', '0']);
  });
});
