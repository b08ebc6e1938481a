// impl unit tests for OpenMP that have no program form. The scenarios (observations and states per
// profile) are conformance rows, run on both engines: conformance/omp/*.ts.

import { describe, expect, it } from 'vitest';
import type { MapItem } from '../lang/openmp.js';
import type { Step, World } from '../lang/program.js';
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

// ------------------------------------------------------------------------------------------------
// Targeted tests of the OpenMP runtime's paths (issue 15, MUTATION.md impl/omp*): each scenario's
// expectation comes from lang/README-openmp.md (the OpenMP 6.0 text it cites) and is written by
// hand. `outcomes` runs the steps on the impl under `spec` (plus knob readings) and stops at the
// first error or undefined observation, as a program does.

const outcome = (o: ReturnType<ReturnType<typeof implEngine>['apply']>): string => {
  if (o.kind === 'error' || o.kind === 'undefined') expect(o.message.trim()).not.toBe('');
  if (o.kind === 'read') return o.values.join(',');
  if (o.kind === 'value') return JSON.stringify(o.value);
  if (o.kind === 'error') return `error ${o.code}`;
  return o.kind;
};
function outcomes(steps: Step[], knobs: Record<string, string> = {}, w: typeof world = world): { out: string[]; engine: ReturnType<typeof implEngine> } {
  const spec = loadProfile('spec');
  const engine = implEngine({ world: w, steps }, { ...spec, knobs: { ...spec.knobs, ...knobs } as typeof spec.knobs });
  const out: string[] = [];
  for (const s of steps) {
    const o = engine.apply(s);
    out.push(outcome(o));
    if (o.kind === 'error' || o.kind === 'undefined') break;
  }
  return { out, engine };
}
const run = (steps: Step[], knobs: Record<string, string> = {}, w: typeof world = world): string[] => outcomes(steps, knobs, w).out;

const A = 0x1000;
const B = 0x1200;
const HOST_DEV = 'initial' as const;
const mapItem = (type: 'to' | 'from' | 'tofrom' | 'alloc' | 'release' | 'delete', vars: string[]) => ({ type, vars });
const enter = (maps: ReturnType<typeof mapItem>[], device?: number): Step => ({ op: 'omp_target_enter_data', maps, ...(device === undefined ? {} : { device }) });
const exit = (maps: ReturnType<typeof mapItem>[], device?: number): Step => ({ op: 'omp_target_exit_data', maps, ...(device === undefined ? {} : { device }) });
const kread = (v: string, maps: ReturnType<typeof mapItem>[] = [], device?: number | 'initial'): Step => ({ op: 'omp_target', maps, body: { read: v }, ...(device === undefined ? {} : { device }) });
const kpointer = (v: string, device?: number | 'initial'): Step => ({ op: 'omp_target', maps: [], body: { pointer: v }, ...(device === undefined ? {} : { device }) });
const pAssign = (ptr: string, target: string): Step => ({ op: 'pointer_assign', ptr, target });
const isPresent = (ptr: unknown, device: number | 'initial' = 0): Step => ({ op: 'omp_target_is_present', ptr, device }) as Step;
const isAccessible = (ptr: unknown, bytes: number, device: number | 'initial' = 0): Step => ({ op: 'omp_target_is_accessible', ptr, bytes, device }) as Step;
const mappedPtr = (ptr: unknown, device: number | 'initial' = 0): Step => ({ op: 'omp_get_mapped_ptr', ptr, device }) as Step;
const talloc = (result: string, bytes: number, device: number | 'initial' = 0): Step => ({ op: 'omp_target_alloc', bytes, device, result });
const tfree = (ptr: unknown, device: number | 'initial' = 0): Step => ({ op: 'omp_target_free', ptr, device }) as Step;
const associate = (host: unknown, dev: unknown, bytes: number, offset = 0, device = 0): Step => ({ op: 'omp_target_associate_ptr', host, dev, bytes, offset, device }) as Step;
const disassociate = (ptr: unknown, device = 0): Step => ({ op: 'omp_target_disassociate_ptr', ptr, device }) as Step;
const useDevice = (v: string, result: string, device?: number | 'initial'): Step => ({ op: 'omp_target_data_use_device_begin', var: v, result, ...(device === undefined ? {} : { device }) });
const hostWrite = (v: string, value: number): Step => ({ op: 'host_write', var: v, value });
const memcpy = (dst: unknown, src: unknown, bytes: number, dd: number | 'initial', sd: number | 'initial', dOff = 0, sOff = 0): Step =>
  ({ op: 'omp_target_memcpy', dst, src, bytes, dst_offset: dOff, src_offset: sOff, dst_device: dd, src_device: sd }) as Step;

// A pointer member's host value that a map, a routine or a host kernel uses: an indeterminate
// value (c copied back from storage an `alloc` map made) or a device address (K-B23
// `device-value`, spec: the copy-back of an attached pointer) makes the step undefined
// (README-openmp.md "Map constructs", "Host steps").
describe('OpenMP steps through a pointer member whose host value is unusable', () => {
  const indeterminate: Step[] = [enter([mapItem('alloc', ['c'])]), exit([mapItem('from', ['c'])])];
  const deviceAddress: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), exit([mapItem('from', ['c'])])];

  it('an indeterminate host value: a map item, a routine argument and a host kernel are undefined', () => {
    expect(run([...indeterminate, enter([mapItem('to', ['c%p'])])])).toEqual(['ok', 'ok', 'undefined']);
    expect(run([...indeterminate, isPresent({ var: 'c%p' })])).toEqual(['ok', 'ok', 'undefined']);
    expect(run([...indeterminate, kread('c%p', [], HOST_DEV)])).toEqual(['ok', 'ok', 'undefined']);
  });

  it('a device address on the host: a map item, a routine argument and a host kernel are undefined', () => {
    expect(run([...deviceAddress, enter([mapItem('to', ['c%p'])])])).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(run([...deviceAddress, isPresent({ var: 'c%p' })])).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(run([...deviceAddress, kread('c%p', [], HOST_DEV)])).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it('a routine argument c%p stands for its target; a null one is a null pointer (plus an offset: undefined)', () => {
    // is_present of c%p asks about a(1:2), which is mapped, while c itself is not
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), isPresent({ var: 'c%p' })])).toEqual(['ok', 'ok', 'true']);
    // K-B1 `true` (libgomp): a null pointer is present
    expect(run([isPresent({ var: 'c%p' })], { 'K-B1': 'true' })).toEqual(['true']);
    expect(run([isPresent({ var: 'c%p', offset: 4 })])).toEqual(['undefined']);
  });
});

// Pointer arguments of the device memory routines (README-openmp.md "Device memory routines" and
// "use_device_ptr / use_device_addr"): a use_device handle is the address the region gave (a host
// address on the host, a device address on a device, or null under K-B30 `null`).
describe('OpenMP routine pointer arguments', () => {
  it('a null use_device handle is a null pointer; with an offset it points nowhere (undefined)', () => {
    expect(run([useDevice('a', 'da'), isPresent({ handle: 'da' })], { 'K-B30': 'null' })).toEqual(['null', 'false']);
    expect(run([useDevice('a', 'da'), isPresent({ handle: 'da', offset: 4 })], { 'K-B30': 'null' })).toEqual(['null', 'undefined']);
  });

  it('a use_device handle on the host is the host address; on a device the device address, offsets added', () => {
    // omp_get_mapped_ptr on the host device gives the pointer itself
    expect(run([useDevice('a', 'da', HOST_DEV), mappedPtr({ handle: 'da', offset: 4 }, HOST_DEV)])).toEqual([`{"host":${A}}`, `{"host":${A + 4}}`]);
    expect(run([enter([mapItem('to', ['a'])]), useDevice('a', 'da'), mappedPtr({ handle: 'da', offset: 4 }, HOST_DEV)])).toEqual(['ok', '{"block":1,"offset":0}', '{"block":1,"offset":4}']);
  });

  it('a handle no step made is an internal error (validation rejects it first)', () => {
    const e = outcomes([]).engine;
    expect(() => e.apply(isPresent({ handle: 'nothing' }))).toThrow(/handle 'nothing' is not the result of an earlier omp_target_alloc step/);
  });

  it('omp_get_mapped_ptr of null is null, on the host device too; a handle is held by no entry', () => {
    expect(run([mappedPtr(null, HOST_DEV)])).toEqual(['null']);
    expect(run([talloc('h', 16), mappedPtr({ handle: 'h' })])).toEqual(['{"block":1,"offset":0}', 'null']);
    // K-B21 `device-first` (spec): omp_invalid_device is answered before the null pointer
    expect(run([mappedPtr(null, -2 as never)])).toEqual(['error omp_error_invalid_device']);
  });
});

describe('omp_target_free, omp_target_is_accessible', () => {
  it('omp_target_free of storage a map made (not an omp_target_alloc result) is undefined', () => {
    expect(run([enter([mapItem('to', ['a'])]), useDevice('a', 'da'), tfree({ handle: 'da' })])).toEqual(['ok', '{"block":1,"offset":0}', 'undefined']);
  });

  it('6.0: the host reaches host memory and host allocations, not a discrete device allocation', () => {
    expect(run([talloc('h', 16), isAccessible({ handle: 'h' }, 4, HOST_DEV), isAccessible({ var: 'a' }, 4, HOST_DEV)])).toEqual(['{"block":1,"offset":0}', 'false', 'true']);
    expect(run([talloc('h', 16, HOST_DEV), isAccessible({ handle: 'h' }, 4, HOST_DEV)])).toEqual(['{"block":1,"offset":0}', 'true']);
  });

  it('6.0: a discrete device reaches its live allocations, not host memory', () => {
    expect(run([talloc('h', 16), isAccessible({ handle: 'h' }, 4), isAccessible({ var: 'a' }, 4)])).toEqual(['{"block":1,"offset":0}', 'true', 'false']);
  });

  it('K-B21 device-first: omp_invalid_device is answered before the null pointer', () => {
    expect(run([isAccessible(null, 4, -2 as never)])).toEqual(['error omp_error_invalid_device']);
  });
});

describe('omp_target_associate_ptr, omp_target_disassociate_ptr', () => {
  it('the host pointer must lie in an array, the device pointer in a live omp_target_alloc block of the device', () => {
    // a device address as the host pointer
    expect(run([talloc('h', 16), associate({ handle: 'h' }, { handle: 'h' }, 8)])).toEqual(['{"block":1,"offset":0}', 'undefined']);
    // the host range runs past the end of a
    expect(run([talloc('h', 16), associate({ var: 'a', offset: 36 }, { handle: 'h' }, 8)])).toEqual(['{"block":1,"offset":0}', 'undefined']);
    // a host address as the device pointer (after a routine resolved a handle)
    expect(run([talloc('h', 16), isPresent({ handle: 'h' }), associate({ var: 'a' }, { var: 'b' }, 8)])).toEqual(['{"block":1,"offset":0}', 'false', 'undefined']);
    // the device range runs past the end of the allocation
    expect(run([talloc('h', 8), associate({ var: 'a' }, { handle: 'h' }, 16)])).toEqual(['{"block":1,"offset":0}', 'undefined']);
  });

  it('a block of another device is not the device pointer of this one', () => {
    const two = { arrays: [{ name: 'a', length: 8, init: 1 }], structs: [], devices: [{ kind: 'discrete' as const }, { kind: 'discrete' as const }] };
    expect(run([talloc('h', 32, 1), associate({ var: 'a' }, { handle: 'h' }, 8, 0, 0)], {}, two)).toEqual(['{"block":1,"offset":0}', 'undefined']);
    expect(run([talloc('h', 32, 1), associate({ var: 'a' }, { handle: 'h' }, 8, 0, 1)], {}, two)).toEqual(['{"block":1,"offset":0}', '0']);
  });

  it('K-B3 spec / subset: a map entry at the same start with other storage is a second buffer (1)', () => {
    const steps = [enter([mapItem('to', ['a'])]), talloc('h', 40), associate({ var: 'a' }, { handle: 'h' }, 40)];
    expect(run(steps)).toEqual(['ok', '{"block":2,"offset":0}', '1']);
    expect(run(steps, { 'K-B3': 'subset' })).toEqual(['ok', '{"block":2,"offset":0}', '1']);
  });

  it('on device 0 sharing memory with the host: K-B18', () => {
    const sharedFirst = { ...world, devices: [{ kind: 'shared' as const }] };
    expect(run([talloc('h', 40), associate({ var: 'a' }, { handle: 'h' }, 8)], {}, sharedFirst)).toEqual(['{"block":1,"offset":0}', 'undefined']);
    expect(run([talloc('h', 40), associate({ var: 'a' }, { handle: 'h' }, 8)], { 'K-B18': 'nonzero' }, sharedFirst)).toEqual(['{"block":1,"offset":0}', '1']);
  });

  it('K-B4 remove: a map entry goes, its block stays allocated (a live allocation of the device)', () => {
    expect(run([enter([mapItem('to', ['a'])]), useDevice('a', 'da'), disassociate({ var: 'a' }), isAccessible({ handle: 'da' }, 4), isPresent({ var: 'a' })], { 'K-B4': 'remove' })).toEqual([
      'ok',
      '{"block":1,"offset":0}',
      '0',
      'true',
      'false',
    ]);
  });
});

describe('many device blocks', () => {
  it('the 16th and 17th omp_target_alloc blocks still know their device and that the routine made them', () => {
    const allocs = Array.from({ length: 17 }, (_, i) => talloc(`h${i}`, 8));
    expect(run([...allocs, tfree({ handle: 'h15' }), tfree({ handle: 'h16' })]).slice(15)).toEqual(['{"block":16,"offset":0}', '{"block":17,"offset":0}', 'ok', 'ok']);
  });
});

describe('features a runtime lacks', () => {
  it('K-B26 absent: a map with the present modifier cannot be built', () => {
    const e = outcomes([], { 'K-B26': 'absent' }).engine;
    expect(e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'], modifiers: ['present'] }] })).toEqual({ kind: 'unavailable', feature: 'the present map modifier' });
  });
});

describe('omp_target_memcpy checks', () => {
  const HOST = 2;
  const h = { handle: 'h' };
  it('a null destination after an earlier copy through a handle is still undefined', () => {
    expect(run([talloc('h', 16), memcpy(h, { var: 'a' }, 8, 0, HOST), memcpy(null, { var: 'a' }, 8, 0, HOST)])).toEqual(['{"block":1,"offset":0}', '0', 'undefined']);
  });
  it('ranges that only touch do not overlap (source after the destination)', () => {
    expect(run([talloc('h', 16), memcpy(h, h, 8, 0, 0, 0, 8)])).toEqual(['{"block":1,"offset":0}', '0']);
  });
});

// Map constructs (README-openmp.md "Map constructs", OpenMP 6.0 §7.9.6): storage blocks (K-B16),
// null pointer items, the implicit map of omp_target, kernels, pointer attachment records.
describe('OpenMP map constructs', () => {
  const entries = (steps: Step[], knobs: Record<string, string> = {}, w: typeof world = world) => {
    const { out, engine } = outcomes(steps, knobs, w);
    return { out, entries: engine.snapshot().ompEntries.map((e) => `${e.device}:${e.host[0].toString(16)}-${e.host[1].toString(16)}:${e.block ?? 'self'}:${e.rc}`) };
  };

  it('K-B16 storage-block: one block from the lowest to the highest byte of the items naming one array, whatever their order', () => {
    expect(entries([enter([mapItem('to', ['a(5:6)', 'a(2:3)'])])]).entries).toEqual([`0:${(A + 4).toString(16)}-${(A + 24).toString(16)}:1:1`]);
    expect(entries([enter([mapItem('to', ['a(1:6)', 'a(2:3)'])])]).entries).toEqual([`0:${A.toString(16)}-${(A + 24).toString(16)}:1:1`]);
  });

  it('K-B50 item, block and earlier, a from item and the delete of another item of its storage block', () => {
    const kwrite = (value: number): Step => ({ op: 'omp_target', maps: [mapItem('alloc', ['a'])], body: { write: 'a', value } });
    const hread: Step = { op: 'host_read', var: 'a' };
    const written = [enter([mapItem('to', ['a'])]), enter([mapItem('to', ['a'])]), kwrite(5)];
    const home = (maps: ReturnType<typeof mapItem>[], reading: string) => {
      const { out, engine } = outcomes([...written, exit(maps), hread], { 'K-B50': reading });
      return `${out.at(-1)} ${engine.snapshot().ompEntries.length}`;
    };
    const deleteFirst = [mapItem('delete', ['a(5:6)']), mapItem('from', ['a(1:2)']), mapItem('from', ['b'])];
    const fromFirst = [mapItem('from', ['a(1:2)']), mapItem('delete', ['a(5:6)'])];
    // the delete zeroes the block's count under every reading; b is not present (no block of its own to copy)
    expect(home(deleteFirst, 'item')).toBe('1,1,1,1,1,1,1,1,1,1 0');
    expect(home(deleteFirst, 'block')).toBe('5,5,1,1,1,1,1,1,1,1 0');
    expect(home(deleteFirst, 'earlier')).toBe('5,5,1,1,1,1,1,1,1,1 0');
    expect(home(fromFirst, 'item')).toBe('1,1,1,1,1,1,1,1,1,1 0');
    expect(home(fromFirst, 'block')).toBe('5,5,1,1,1,1,1,1,1,1 0');
    expect(home(fromFirst, 'earlier')).toBe('1,1,1,1,1,1,1,1,1,1 0');
    // the delete modifier on a release item (6.0 spelling) counts like the delete type
    const releaseDelete = { type: 'release' as const, vars: ['a(5:6)'], modifiers: ['delete' as const] };
    expect(home([releaseDelete, mapItem('from', ['a(1:2)'])] as ReturnType<typeof mapItem>[], 'earlier')).toBe('5,5,1,1,1,1,1,1,1,1 0');
    expect(home([mapItem('from', ['b']), releaseDelete, mapItem('from', ['a(1:2)'])] as ReturnType<typeof mapItem>[], 'earlier')).toBe('5,5,1,1,1,1,1,1,1,1 0');
    // a from item after a delete of another block is not copied under earlier; a tofrom item is copied like from
    expect(home([mapItem('delete', ['b']), mapItem('tofrom', ['a(1:2)'])], 'earlier')).toBe('1,1,1,1,1,1,1,1,1,1 1');
    expect(home([mapItem('delete', ['a']), mapItem('tofrom', ['a(3:3)'])], 'earlier')).toBe('1,1,5,1,1,1,1,1,1,1 0');
    // a count of 1 copies under every reading, with or without the delete
    const once = (reading: string) => run([enter([mapItem('to', ['a'])]), kwrite(7), exit([mapItem('delete', ['a(2:2)']), mapItem('from', ['a(1:1)'])]), hread], { 'K-B50': reading }).at(-1);
    expect(once('item')).toBe('7,1,1,1,1,1,1,1,1,1');
    expect(once('earlier')).toBe('7,1,1,1,1,1,1,1,1,1');
  });

  it('K-B51 skip and overlapping-entry, exit data of a block only partly present acts on the oldest entry it overlaps', () => {
    const over = { 'K-B51': 'overlapping-entry' };
    const left = (steps: Step[], knobs: Record<string, string> = {}) => entries(steps, knobs).entries.map((e) => e.split(':').slice(1).join(':'));
    const two = [enter([mapItem('to', ['a(3:4)'])]), enter([mapItem('to', ['a(7:8)'])]), enter([mapItem('to', ['a(7:8)'])])];
    const a3 = `${(A + 8).toString(16)}-${(A + 16).toString(16)}`;
    const a7 = `${(A + 24).toString(16)}-${(A + 32).toString(16)}`;
    expect(left([...two, exit([mapItem('release', ['a'])])])).toEqual([`${a3}:1:1`, `${a7}:2:2`]);
    // the oldest overlapping entry (a(3:4)) goes, whatever the order the tree hands them out
    expect(left([...two, exit([mapItem('release', ['a'])])], over)).toEqual([`${a7}:2:2`]);
    expect(left([...two, exit([mapItem('release', ['a'])]), exit([mapItem('release', ['a'])])], over)).toEqual([`${a7}:2:1`]);
    expect(left([enter([mapItem('to', ['a(7:8)'])]), enter([mapItem('to', ['a(3:4)'])]), exit([mapItem('release', ['a'])])], over)).toEqual([`${a3}:2:1`]);
    // a later lookup that finds fewer entries does not read the records an earlier one left
    const x = `${(A + 8).toString(16)}-${(A + 16).toString(16)}`;
    const z = `${A.toString(16)}-${(A + 8).toString(16)}`;
    const stale = [enter([mapItem('to', ['a(3:4)'])]), enter([mapItem('to', ['a(3:4)'])]), enter([mapItem('to', ['a(1:2)'])]), enter([mapItem('to', ['a(7:8)'])])];
    expect(left([...stale, exit([mapItem('release', ['a(1:4)'])]), exit([mapItem('release', ['a(6:8)'])])], over)).toEqual([`${z}:2:1`, `${x}:1:1`]);
    // only exit data: a region's end skips it (gomp_unmap_vars works on its own keys)
    const region: Step[] = [{ op: 'omp_target_data_begin', maps: [mapItem('to', ['a(3:4)'])] }, exit([mapItem('delete', ['a(3:4)'])]), enter([mapItem('to', ['a(3:8)'])]), { op: 'omp_target_data_end' }];
    expect(run(region, over)).toEqual(['ok', 'ok', 'ok', 'ok']);
    // a from item inside the entry is copied; one beside it is not; one reaching out of it is undefined
    const kwrite: Step = { op: 'omp_target', maps: [mapItem('alloc', ['a(3:4)'])], body: { write: 'a(3:4)', value: 6 } };
    const hread: Step = { op: 'host_read', var: 'a' };
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(3:4)', 'a(9:10)'])]), hread], over)).toEqual(['ok', 'ok', 'ok', '1,1,6,6,1,1,1,1,1,1']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(9:10)', 'a(3:4)'])]), hread], over)).toEqual(['ok', 'ok', 'ok', '1,1,6,6,1,1,1,1,1,1']);
    // items that only touch the entry's first or last byte boundary lie beside it
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(3:4)', 'a(5:6)'])]), hread], over)).toEqual(['ok', 'ok', 'ok', '1,1,6,6,1,1,1,1,1,1']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(1:2)', 'a(3:4)'])]), hread], over)).toEqual(['ok', 'ok', 'ok', '1,1,6,6,1,1,1,1,1,1']);
    // the second item beside the entry, after another one: nothing is copied for it
    expect(run([enter([mapItem('to', ['a(3:4)'])]), enter([mapItem('to', ['b'])]), kwrite, exit([mapItem('from', ['a(3:4)', 'a(7:10)'])]), hread], over)).toEqual(['ok', 'ok', 'ok', 'ok', '1,1,6,6,1,1,1,1,1,1']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(2:3)'])]), hread], over)).toEqual(['ok', 'ok', 'undefined']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(1:1)', 'a(4:5)'])]), hread], over)).toEqual(['ok', 'ok', 'undefined']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(4:5)'])]), hread], over)).toEqual(['ok', 'ok', 'undefined']);
    expect(run([enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a(2:3)'])]), hread])).toEqual(['ok', 'ok', 'ok', '1,1,1,1,1,1,1,1,1,1']);
    // with the count above 1 nothing is copied, so nothing outside is read
    expect(run([enter([mapItem('to', ['a(3:4)'])]), enter([mapItem('to', ['a(3:4)'])]), kwrite, exit([mapItem('from', ['a'])]), hread], over)).toEqual(['ok', 'ok', 'ok', 'ok', '1,1,1,1,1,1,1,1,1,1']);
  });

  it('K-B52 present-error and partial-map, the present modifier on partly present data, then K-B5', () => {
    const presentA = { type: 'to' as const, vars: ['a'], modifiers: ['present' as const] };
    const steps = [enter([mapItem('to', ['a(1:5)'])]), enter([presentA] as ReturnType<typeof mapItem>[])];
    expect(run(steps)).toEqual(['ok', 'error omp_error_not_present']);
    expect(run(steps, { 'K-B52': 'partial-map' })).toEqual(['ok', 'undefined']);
    expect(run(steps, { 'K-B52': 'partial-map', 'K-B5': 'error' })).toEqual(['ok', 'error fatal_partial_map']);
    // absent data is the present error under both readings; present data passes
    expect(run([enter([presentA] as ReturnType<typeof mapItem>[])], { 'K-B52': 'partial-map' })).toEqual(['error omp_error_not_present']);
    expect(run([enter([mapItem('to', ['a'])]), enter([presentA] as ReturnType<typeof mapItem>[])], { 'K-B52': 'partial-map' })).toEqual(['ok', 'ok']);
  });

  it('a null pointer item maps nothing (its struct item is mapped)', () => {
    expect(entries([enter([mapItem('to', ['c', 'c%p'])])]).entries).toEqual(['0:1400-1410:1:1']);
    expect(entries([enter([mapItem('to', ['c%p', 'a'])])], { 'K-B16': 'list-item' }).entries).toEqual([`0:${A.toString(16)}-${(A + 40).toString(16)}:2:1`.replace(':2:', ':1:')]);
  });

  it('an unknown map type is an internal error (validation rejects it first)', () => {
    const e = outcomes([]).engine;
    expect(() => e.apply({ op: 'omp_target_enter_data', maps: [{ type: 'bogus' as never, vars: ['a'] }] })).toThrow(/unknown map type 'bogus'/);
  });

  it('the implicit map after an explicit one: partly present data is used element by element (not a broken restriction)', () => {
    expect(run([enter([mapItem('to', ['a(1:5)'])]), kread('a(1:5)', [mapItem('to', ['b'])])])).toEqual(['ok', '1,1,1,1,1']);
    expect(run([enter([mapItem('to', ['a(1:5)'])]), hostWrite('a', 4), kread('a(4:7)', [mapItem('to', ['b'])])])).toEqual(['ok', 'ok', 'undefined']);
  });

  it('the implicit map on partly present data copies into an entry an explicit map of the construct created (count 1), and releases each entry once', () => {
    const listItem = { 'K-B16': 'list-item' };
    // c%p's item (root c) creates a(1:5)'s entry by `alloc`; the implicit tofrom map of a fills it
    const k = (type: 'alloc' | 'to'): Step => ({ op: 'omp_target', maps: [mapItem(type, ['c%p'])], body: { read: 'a(1:5)' } });
    const after = (steps: Step[]) => {
      const { out, engine } = outcomes(steps, listItem);
      return [...out, JSON.stringify(engine.snapshot().ompEntries.map((e) => [e.host[0], e.rc]))];
    };
    expect(after([pAssign('c%p', 'a(1:5)'), k('alloc')])).toEqual(['ok', '1,1,1,1,1', '[]']);
    // an entry from before: counted once on entry and once on exit
    expect(after([pAssign('c%p', 'a(1:5)'), enter([mapItem('to', ['a(1:5)'])]), k('to')])).toEqual(['ok', 'ok', '1,1,1,1,1', `[[${A},1]]`]);
    // an association (infinite count) stays infinite
    const assoc = [talloc('h', 20), associate({ var: 'a' }, { handle: 'h' }, 20), kread('a(1:5)')];
    expect(after(assoc)).toEqual(['{"block":1,"offset":0}', '0', ',,,,', `[[${A},"inf"]]`]);
  });

  it('a kernel array not present on the device (an explicit map names another part) is undefined', () => {
    expect(run([kread('a(3:4)', [mapItem('to', ['a(1:2)'])])])).toEqual(['undefined']);
  });

  it('a later construct with fewer items does not act on the records of an earlier one', () => {
    // the second construct's block 0 must not take the first construct's second item b(5:6); the
    // first construct's block spans b(1:6) and each item copies its own range (b(3:4) indeterminate)
    expect(run([enter([mapItem('to', ['b(1:2)', 'b(5:6)'])]), enter([mapItem('to', ['a(1:2)'])]), kread('a(1:2)'), kread('b')])).toEqual([
      'ok',
      'ok',
      '1,1',
      'undefined',
    ]);
    expect(run([enter([mapItem('to', ['b(1:2)', 'b(5:6)'])]), enter([mapItem('to', ['a(1:2)'])]), kread('b(1:6)')])).toEqual(['ok', 'ok', '2,2,,,2,2']);
    // an alloc map copies nothing, even where an earlier construct's `to` item of the same array lay
    expect(run([enter([mapItem('to', ['a(1:2)', 'a(5:6)'])]), exit([mapItem('delete', ['a(1:6)'])]), enter([mapItem('alloc', ['a'])]), kread('a')])).toEqual([
      'ok',
      'ok',
      'ok',
      ',,,,,,,,,',
    ]);
  });
});

// Kernels through a pointer member whose device value is unusable, and pointer reads
// (README-openmp.md `omp_target`, "A kernel body {pointer: c%p}").
describe('OpenMP kernels through an unusable device pointer', () => {
  it("the struct's storage holds an indeterminate pointer (an alloc map): reading or dereferencing it is undefined", () => {
    expect(run([enter([mapItem('alloc', ['c'])]), kread('c%p')])).toEqual(['ok', 'undefined']);
    expect(run([enter([mapItem('alloc', ['c'])]), kpointer('c%p')])).toEqual(['ok', 'undefined']);
  });

  it('the struct is not present when the kernel reads the pointer of another element', () => {
    const aos = { arrays: [{ name: 'a', length: 10, init: 1 }], structs: [{ name: 'cs', pointers: ['p'], count: 3 }], devices: [{ kind: 'discrete' as const }] };
    // the kernel's implicit map is of cs (root); an explicit map of cs(1) names the root, so no implicit map
    expect(run([{ op: 'omp_target', maps: [mapItem('to', ['cs(1)'])], body: { pointer: 'cs(2)%p' } }], {}, aos)).toEqual(['undefined']);
    expect(run([{ op: 'omp_target', maps: [mapItem('to', ['cs(1)'])], body: { read: 'cs(2)%p' } }], {}, aos)).toEqual(['undefined']);
  });

  it("after the target's storage is removed the attached pointer is stale: dereferencing it is undefined", () => {
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), exit([mapItem('delete', ['a(1:2)'])]), kread('c%p')])).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it('a pointer read names its value for later routines only when the step has a result', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), { op: 'omp_target', maps: [], body: { pointer: 'c%p' }, result: 'dp' }, mappedPtr({ handle: 'dp' }, HOST_DEV)];
    expect(run(steps)).toEqual(['ok', 'ok', '{"block":2,"offset":0}', '{"block":2,"offset":0}']);
    // null: the handle is a null pointer
    expect(run([enter([mapItem('to', ['c'])]), { op: 'omp_target', maps: [], body: { pointer: 'c%p' }, result: 'dp' }, mappedPtr({ handle: 'dp', offset: 4 }, HOST_DEV)])).toEqual(['ok', 'null', 'undefined']);
  });
});

// Attached pointers (K-B22: a host store to a pointer attached on a device while its target
// stays mapped is undefined under spec); the record goes with the struct's entry and is kept
// per device.
describe('OpenMP attached-pointer records', () => {
  const attached = (device?: number): Step[] => [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])], device)];

  it('re-pointing while the target stays mapped is undefined; removing another entry changes nothing', () => {
    expect(run([...attached(), pAssign('c%p', 'b(1:2)')])).toEqual(['ok', 'ok', 'undefined']);
    expect(run([...attached(), enter([mapItem('to', ['b'])]), exit([mapItem('release', ['b'])]), pAssign('c%p', 'b(1:2)')])).toEqual(['ok', 'ok', 'ok', 'ok', 'undefined']);
  });

  it("the record goes with the struct's entry, on device 0 and on device 1", () => {
    expect(run([...attached(), exit([mapItem('release', ['c'])]), pAssign('c%p', 'b(1:2)')])).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(run([...attached(1), exit([mapItem('release', ['c'])], 1), pAssign('c%p', 'b(1:2)')])).toEqual(['ok', 'ok', 'ok', 'ok']);
    // the target's entry gone: the pointer may be re-pointed
    expect(run([...attached(1), exit([mapItem('release', ['a(1:2)'])], 1), pAssign('c%p', 'b(1:2)')])).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

// Storage of a program-scope declare target (README-openmp.md "declare target", §7.9.7).
describe('OpenMP declare target storage', () => {
  const declare = (v: string): Step => ({ op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: [v] }] });
  it('a block of the array size on a discrete device, not an omp_target_alloc result', () => {
    const steps = [declare('a'), useDevice('a', 'da'), isAccessible({ handle: 'da' }, 40), isAccessible({ handle: 'da' }, 44), tfree({ handle: 'da' })];
    expect(run(steps)).toEqual(['ok', '{"block":1,"offset":0}', 'true', 'false', 'undefined']);
  });
  it('on a device sharing memory with the host: K-B8', () => {
    const dev1 = (knobs: Record<string, string>) => outcomes([declare('a')], knobs).engine.snapshot().ompEntries.filter((e) => e.device === 1).map((e) => e.block);
    expect(dev1({})).toEqual([2]);
    expect(dev1({ 'K-B8': 'self' })).toEqual([null]);
  });
  it('a declare target after a map of the same array is an internal error (validation orders the steps)', () => {
    const e = outcomes([]).engine;
    e.apply(enter([mapItem('to', ['a'])]));
    expect(() => e.apply(declare('a'))).toThrow(/internal: declared a is mapped before program start/);
  });
});

// Device memory reuse (README.md "Device memory reuse"): a freed block is handed out again only to
// an allocation of the same device, size and kind of cells.
describe('OpenMP storage in a reuse world', () => {
  const reuse = { arrays: [{ name: 'x', length: 4, init: 1 }, { name: 'y', length: 4, init: 2 }], structs: [{ name: 'c', pointers: ['p'] }], devices: [{ kind: 'discrete' as const }], reuse: true };
  const blocks = (steps: Step[]) => outcomes(steps, {}, reuse).engine.snapshot().ompEntries.map((e) => e.block);
  it("a struct's freed block (pointer cells) is not an array's; an array's is", () => {
    expect(blocks([enter([mapItem('to', ['c'])]), exit([mapItem('release', ['c'])]), enter([mapItem('to', ['x'])])])).toEqual([2]);
    expect(blocks([enter([mapItem('to', ['y'])]), exit([mapItem('release', ['y'])]), enter([mapItem('to', ['x'])])])).toEqual([1]);
  });
  it('a freed omp_target_alloc block holds integers: an array map takes it again', () => {
    expect(blocks([talloc('h', 16), tfree({ handle: 'h' }), enter([mapItem('to', ['x'])])])).toEqual([1]);
  });
});

// Entry and exit copies per item (README-openmp.md "Map constructs": steps 5 and exit step 1 act
// per item, on the item's own range; the always test is per item).
describe('OpenMP map copies per item', () => {
  it('tofrom copies on entry (count now 1) and back on exit; an implicit map copies back too', () => {
    expect(run([hostWrite('a', 5), kread('a', [mapItem('tofrom', ['a'])])])).toEqual(['ok', '5,5,5,5,5,5,5,5,5,5']);
    expect(run([{ op: 'omp_target', maps: [], body: { write: 'a', value: 7 } }, { op: 'host_read', var: 'a' }])).toEqual(['ok', '7,7,7,7,7,7,7,7,7,7']);
    expect(outcomes([{ op: 'omp_target', maps: [], body: { write: 'a', value: 7 } }]).engine.snapshot().ompEntries).toEqual([]);
  });

  it('the always modifier of a later item copies at a count above 1, on entry and on exit', () => {
    const always = (type: 'to' | 'from', vars: string[]) => ({ type, vars, modifiers: ['always' as const] });
    expect(run([enter([mapItem('to', ['a'])]), hostWrite('a', 5), { op: 'omp_target_enter_data', maps: [always('to', ['b', 'a'])] }, kread('a')])).toEqual([
      'ok',
      'ok',
      'ok',
      '5,5,5,5,5,5,5,5,5,5',
    ]);
    const twice = [enter([mapItem('to', ['a(1:6)'])]), enter([mapItem('to', ['a(1:6)'])]), { op: 'omp_target', maps: [], body: { write: 'a(1:6)', value: 7 } } as Step];
    expect(run([...twice, { op: 'omp_target_exit_data', maps: [mapItem('from', ['a(1:2)']), always('from', ['a(5:6)'])] }, { op: 'host_read', var: 'a' }])).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      '1,1,1,1,7,7,1,1,1,1',
    ]);
  });

  it('an exit copies each item of a block back on its own range, and frees the storage with the entry', () => {
    const steps: Step[] = [enter([mapItem('to', ['a(1:6)'])]), { op: 'omp_target', maps: [], body: { write: 'a(1:6)', value: 7 } }, exit([mapItem('from', ['a(1:2)', 'a(5:6)'])]), { op: 'host_read', var: 'a' }];
    expect(run(steps)).toEqual(['ok', 'ok', 'ok', '7,7,1,1,7,7,1,1,1,1']);
    expect(run([enter([mapItem('to', ['a'])]), useDevice('a', 'da'), exit([mapItem('delete', ['a'])]), isAccessible({ handle: 'da' }, 4)])).toEqual(['ok', '{"block":1,"offset":0}', 'ok', 'false']);
  });

  it('exit data with the present modifier skips partly present data (K-B6 checks absent data only)', () => {
    expect(run([enter([mapItem('to', ['a(1:5)'])]), { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a'], modifiers: ['present'] }] }])).toEqual(['ok', 'ok']);
  });

  it('K-B23 restore: a struct item after another item keeps its attached pointer on the host', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['b', 'c', 'c%p'])]), exit([mapItem('from', ['b', 'c'])]), { op: 'host_read', var: 'c%p' }];
    expect(run(steps, { 'K-B23': 'restore' })).toEqual(['ok', 'ok', 'ok', '1,1']);
  });

  it('K-B23 restore: only the attached cell keeps its host value, the cells before it are copied', () => {
    const two = { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'c', pointers: ['p', 'q'] }], devices: [{ kind: 'discrete' as const }] };
    const steps: Step[] = [pAssign('c%q', 'a(1:2)'), enter([mapItem('to', ['c', 'c%q'])]), exit([mapItem('from', ['c'])]), { op: 'host_read', var: 'c%q' }];
    expect(run(steps, { 'K-B23': 'restore' }, two)).toEqual(['ok', 'ok', 'ok', '1,1']);
  });
});

describe('OpenMP implicit maps and element-wise kernels', () => {
  it('overlapping entries of an earlier kernel are not counted again by a later one', () => {
    const { out, engine } = outcomes([enter([mapItem('to', ['a(1:5)'])]), enter([mapItem('to', ['a(6:10)'])]), enter([mapItem('to', ['b(1:5)'])]), kread('a'), kread('b(1:5)')]);
    expect(out).toEqual(['ok', 'ok', 'ok', '1,1,1,1,1,1,1,1,1,1', '2,2,2,2,2']);
    expect(engine.snapshot().ompEntries.map((e) => e.rc)).toEqual([1, 1, 1]);
  });

  it('an explicit map naming the root (first or later item) means no implicit map: `to` copies nothing back', () => {
    const w = (vars: string[]): Step => ({ op: 'omp_target', maps: [mapItem('to', vars)], body: { write: 'a', value: 7 } });
    expect(run([w(['a', 'b']), { op: 'host_read', var: 'a' }])).toEqual(['ok', '1,1,1,1,1,1,1,1,1,1']);
    expect(run([w(['b', 'a']), { op: 'host_read', var: 'a' }])).toEqual(['ok', '1,1,1,1,1,1,1,1,1,1']);
  });

  it('K-B16 list-item: a kernel range across two explicitly mapped items is not present (undefined)', () => {
    expect(run([kread('a(2:3)', [mapItem('to', ['a(1:2)', 'a(3:4)'])])], { 'K-B16': 'list-item' })).toEqual(['undefined']);
  });

  it('a struct as a kernel body is an internal error (validation rejects it first)', () => {
    const e = outcomes([]).engine;
    expect(() => e.apply(kread('c'))).toThrow(/kernel body 'c' must be an array, a subarray or a pointer member/);
  });

  it('a null pointer member on a device sharing memory with the host is undefined', () => {
    expect(run([enter([mapItem('to', ['c'])], 1), kread('c%p', [], 1)])).toEqual(['ok', 'undefined']);
  });
});

describe('OpenMP target update per item', () => {
  const update = (motions: { type: 'to' | 'from'; vars: string[]; modifiers?: ['present'] }[]): Step => ({ op: 'omp_target_update', motions });
  it('a later construct with fewer items does not assign the records of an earlier one', () => {
    expect(run([enter([mapItem('to', ['a', 'b'])]), hostWrite('b', 9), update([{ type: 'to', vars: ['a'] }]), kread('b')])).toEqual(['ok', 'ok', 'ok', '2,2,2,2,2,2,2,2,2,2']);
  });
  it('a null pointer member is skipped, with the present modifier too, also after another item', () => {
    expect(run([enter([mapItem('to', ['a'])]), update([{ type: 'to', vars: ['a', 'c%p'], modifiers: ['present'] }])])).toEqual(['ok', 'ok']);
  });
  it('the present modifier and the motion type of a later item', () => {
    expect(run([enter([mapItem('to', ['a'])]), update([{ type: 'to', vars: ['a'] }, { type: 'to', vars: ['b'], modifiers: ['present'] }])])).toEqual(['ok', 'error omp_error_not_present']);
    expect(run([enter([mapItem('to', ['a', 'b'])]), hostWrite('b', 9), update([{ type: 'from', vars: ['a'] }, { type: 'to', vars: ['b'] }]), kread('b')])).toEqual(['ok', 'ok', 'ok', '9,9,9,9,9,9,9,9,9,9']);
  });
  it('to of a struct assigns its pointer cells that are not attached', () => {
    expect(run([enter([mapItem('to', ['c'])]), pAssign('c%p', 'a(1:2)'), update([{ type: 'to', vars: ['c'] }]), kpointer('c%p')])).toEqual(['ok', 'ok', 'ok', `{"host":${A}}`]);
  });
});

describe('OpenMP attachment and shared storage', () => {
  const attachedOn1: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])], 1), pAssign('c%p', 'b(1:2)')];
  it('K-B8 self: struct and target both self storage: nothing is attached, so re-pointing is a plain store', () => {
    expect(run(attachedOn1, { 'K-B8': 'self' })).toEqual(['ok', 'ok', 'ok']);
    expect(run(attachedOn1)).toEqual(['ok', 'ok', 'undefined']);
  });
  it('K-B22 allowed: re-pointing an attached pointer is a plain store', () => {
    expect(run(attachedOn1, { 'K-B22': 'allowed' })).toEqual(['ok', 'ok', 'ok']);
  });
});

describe('OpenMP worlds with several structs and struct fields', () => {
  it('each struct is looked up by its own declaration (stride of an array of structs)', () => {
    const w = { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }, { name: 'cs', pointers: ['p', 'q'], count: 2 }], devices: [{ kind: 'discrete' as const }] };
    expect(run([pAssign('cs(2)%p', 'a(1:2)'), enter([mapItem('to', ['cs(2)', 'cs(2)%p'])]), kread('cs(2)%p')], {}, w)).toEqual(['ok', 'ok', '1,1']);
  });
  it('a struct with fields: its pointer descriptors are pointer cells, its fields are not', () => {
    const w = { arrays: [{ name: 'x', length: 9, init: 1 }], structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }] }], devices: [{ kind: 'discrete' as const }], reuse: true };
    const blocks = (steps: Step[]) => outcomes(steps, {}, w).engine.snapshot().ompEntries.map((e) => e.block);
    // c (36 bytes, pointer cells first) does not give its freed block to x (36 bytes of integers)
    expect(blocks([enter([mapItem('to', ['c'])]), exit([mapItem('release', ['c'])]), enter([mapItem('to', ['x'])])])).toEqual([2]);
    // the snapshot lists c's one pointer member (c at 0x1200: after x, 0x100-aligned, a 0x100 gap), not its fields
    expect(outcomes([enter([mapItem('to', ['c'])])], {}, w).engine.snapshot().ompPointers.map((p) => p.ptr)).toEqual([0x1200]);
  });
});

describe('OpenMP device numbers', () => {
  it('a construct on a number out of range is undefined (negative or too large)', () => {
    expect(run([enter([mapItem('to', ['a'])], 3)])).toEqual(['undefined']);
    expect(run([enter([mapItem('to', ['a'])], -3)])).toEqual(['undefined']);
    expect(run([enter([mapItem('to', ['a'])], -5)])).toEqual(['undefined']);
  });
  it('a routine on -1 under K-B20 fatal and graceful', () => {
    expect(run([isPresent({ var: 'a' }, -1 as never)], { 'K-B20': 'fatal' })).toEqual(['error fatal_invalid_device']);
    expect(run([isPresent({ var: 'a' }, -1 as never)], { 'K-B20': 'graceful' })).toEqual(['false']);
    expect(run([isPresent({ var: 'a' }, -1 as never)])).toEqual(['true']);
  });
});

// Second batch (issue 15): the survivors of the first measurement that a test can reach.
describe('OpenMP edge cases of the first measurement', () => {
  it('a host pointer holding the first device block\'s address is a device address', () => {
    // c%p's item comes first, so its target takes the first device block (a red zone above
    // DEVICE_BASE); the copy-back of c (K-B23 device-value) leaves that address in the host pointer
    const first: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c%p', 'c'])]), exit([mapItem('from', ['c'])])];
    expect(outcomes(first).engine.snapshot().ompEntries.map((e) => [e.host[0], e.block])).toEqual([[A, 1]]);
    expect(run([...first, enter([mapItem('to', ['c%p'])])])).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(run([...first, isPresent({ var: 'c%p' })])).toEqual(['ok', 'ok', 'ok', 'undefined']);
    expect(run([...first, kread('c%p', [], HOST_DEV)])).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it('K-B23 device-value: a struct item after another item copies its attached pointer back', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['b', 'c', 'c%p'])]), exit([mapItem('from', ['b', 'c'])]), { op: 'host_read', var: 'c%p' }];
    expect(run(steps)).toEqual(['ok', 'ok', 'ok', 'undefined']);
  });

  it("an association's storage inside a larger omp_target_alloc block gets only its own item's cells", () => {
    // a is associated with the first 40 bytes of a 1 KiB block; b lies 0x200 bytes after a, i.e.
    // inside that block were b's cells written relative to a's entry
    const steps: Step[] = [
      talloc('h', 1024),
      associate({ var: 'a' }, { handle: 'h' }, 40),
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a', 'b'], modifiers: ['always'] }] },
      memcpy({ var: 'b' }, { handle: 'h' }, 8, 2, 0, 0, B - A),
      { op: 'host_read', var: 'b(1:2)' },
    ];
    expect(run(steps)).toEqual(['{"block":1,"offset":0}', '0', 'ok', '0', ',']);
  });

  it('a struct field block (c%n, past the descriptors) holds integers; each struct by its own declaration', () => {
    const w = {
      arrays: [{ name: 'x', length: 1, init: 1 }],
      structs: [{ name: 'd', pointers: ['p'] }, { name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }] }],
      devices: [{ kind: 'discrete' as const }],
      reuse: true,
    };
    const blocks = (steps: Step[]) => outcomes(steps, {}, w).engine.snapshot().ompEntries.map((e) => e.block);
    expect(blocks([enter([mapItem('to', ['c%n'])]), exit([mapItem('release', ['c%n'])]), enter([mapItem('to', ['x'])])])).toEqual([1]);
  });

  it('K-B7 always (gfortran 12): a target construct naming a disassociated pointer writes its corresponding pointer null and drops the attachment; enter data and the other readings leave the old device address', () => {
    const gcc12 = { 'K-B7': 'always', 'K-B22': 'allowed' };
    const DEV2 = JSON.stringify({ block: 2, offset: 0 });
    const nullify: Step = { op: 'nullify', ptr: 'c%p' };
    const named: Step = { op: 'omp_target', maps: [mapItem('tofrom', ['c%p'])], body: { pointer: 'c%p' } };
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), nullify, named, kpointer('c%p')];
    const { out, engine } = outcomes(steps, gcc12);
    expect(out).toEqual(['ok', 'ok', 'ok', 'null', 'null']);
    expect(engine.snapshot().ompPointers.map((q) => q.value)).toEqual([null]);
    // target data names it too; enter data does not rewrite it (K-B60 decides what enter data writes)
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), nullify, { op: 'omp_target_data_begin', maps: [mapItem('to', ['c%p'])] }, kpointer('c%p')], gcc12)).toEqual(['ok', 'ok', 'ok', 'ok', 'null']);
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), nullify, enter([mapItem('to', ['c%p'])]), kpointer('c%p')], gcc12)).toEqual(['ok', 'ok', 'ok', 'ok', DEV2]);
    expect(run(steps, { 'K-B7': '6.0', 'K-B22': 'allowed' })).toEqual(['ok', 'ok', 'ok', DEV2, DEV2]);
    // a struct with no storage on the device has no corresponding pointer to write
    expect(run([nullify, named], gcc12)).toEqual(['ok', 'null']);
    // the null item after other items of the construct
    const later: Step = { op: 'omp_target', maps: [mapItem('tofrom', ['b']), mapItem('tofrom', ['a(5:6)', 'c%p'])], body: { pointer: 'c%p' } };
    expect(run([...steps.slice(0, 3), later, kpointer('c%p')], gcc12)).toEqual(['ok', 'ok', 'ok', 'null', 'null']);
  });

  it('K-B7 always, K-B8 self: struct and target both self storage: nothing is attached', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])], 1), pAssign('c%p', 'b(1:2)')];
    expect(run(steps, { 'K-B7': 'always', 'K-B8': 'self' })).toEqual(['ok', 'ok', 'ok']);
  });

  it('a kernel range one entry holds goes through that entry, not through a later overlapping one (K-B3 exact-start)', () => {
    const exact = { 'K-B3': 'exact-start' };
    const two: Step[] = [
      talloc('h1', 20),
      talloc('h2', 8),
      memcpy({ handle: 'h2' }, { var: 'b' }, 8, 0, 2),
      associate({ var: 'a' }, { handle: 'h1' }, 20),
      associate({ var: 'a', offset: 4 }, { handle: 'h2' }, 8),
    ];
    // a(1:5) lies in the first association; the later one holds a(2:3) only
    expect(run([...two, kread('a(1:5)')], exact)).toEqual(['{"block":1,"offset":0}', '{"block":2,"offset":0}', '0', '0', '0', ',,,,']);
  });

  it('an element-wise read of indeterminate storage reads null', () => {
    const steps: Step[] = [talloc('h', 20), associate({ var: 'a' }, { handle: 'h' }, 20), enter([mapItem('to', ['a(6:10)'])]), kread('a(4:7)')];
    expect(run(steps)).toEqual(['{"block":1,"offset":0}', '0', 'ok', ',,1,1']);
  });

  it("a map's storage is no omp_target_alloc block: not a device pointer for omp_target_associate_ptr", () => {
    expect(run([enter([mapItem('to', ['b'])]), useDevice('b', 'db'), associate({ var: 'a' }, { handle: 'db' }, 8)])).toEqual(['ok', '{"block":1,"offset":0}', 'undefined']);
  });
});

// Third batch (issue 15): the code of the member-section, descriptor and counted-attachment merges
// (4ff3e72, 671e0ba, 0fb1c47). Expectations: README.md "Member subarrays", lang/README.md "Pointer
// descriptors" and "Member subarrays", lang/README-openmp.md "Map constructs", and the K-B7, K-B41
// and K-B42 readings (profiles/knobs.ts, profiles/AUDIT.md: libgomp gomp_attach_pointer /
// gomp_detach_pointer, gfortran 12 GOMP_MAP_ALWAYS_POINTER).
describe('OpenMP member sections and pointer views', () => {
  // a = [5, 1, 7, 1, 1, 1, 1, 1, 1, 9]: element i of c%p(10:) => a is a(i - 9)
  const marks: Step[] = [hostWrite('a(1:1)', 5), hostWrite('a(3:3)', 7), hostWrite('a(10:10)', 9)];
  const remapped: Step[] = [...marks, { op: 'pointer_assign', ptr: 'c%p', target: 'a', lbound: 10 }];
  const ok = ['ok', 'ok', 'ok', 'ok'];
  const view = (extra: { at: number } | { bounds: true }, device?: number | 'initial'): Step =>
    ({ op: 'omp_target', maps: [], body: { read: 'c%p', ...extra }, ...(device === undefined ? {} : { device }) }) as Step;
  const hosts = (steps: Step[]) => outcomes(steps).engine.snapshot().ompEntries.map((e) => [e.host[0] - A, e.host[1] - A]);

  it('a host kernel reads the view of the host descriptor: bounds, and elements counted from its lower bound', () => {
    expect(run([...remapped, view({ bounds: true }, HOST_DEV)])).toEqual([...ok, '10,19']);
    expect(run([...remapped, view({ at: 10 }, HOST_DEV), view({ at: 12 }, HOST_DEV), view({ at: 19 }, HOST_DEV)])).toEqual([...ok, '5', '7', '9']);
    // an index outside the view is no element
    expect(run([...remapped, view({ at: 9 }, HOST_DEV)])).toEqual([...ok, 'undefined']);
    expect(run([...remapped, view({ at: 20 }, HOST_DEV)])).toEqual([...ok, 'undefined']);
  });

  it('a host kernel reads a member section counted from the host lower bound; past the target is undefined', () => {
    const reads = ['c%p(10:11)', 'c%p(12:13)', 'c%p(18:19)'].map((v) => kread(v, [], HOST_DEV));
    expect(run([...remapped, ...reads])).toEqual([...ok, '5,1', '7,1', '1,9']);
    expect(run([...remapped, kread('c%p(9:10)', [], HOST_DEV)])).toEqual([...ok, 'undefined']);
    expect(run([...remapped, kread('c%p(19:20)', [], HOST_DEV)])).toEqual([...ok, 'undefined']);
    // lower bound 1
    const plain: Step[] = [...marks, pAssign('c%p', 'a')];
    expect(run([...plain, kread('c%p(1:2)', [], HOST_DEV), kread('c%p(9:10)', [], HOST_DEV)])).toEqual([...ok, '5,1', '1,9']);
    expect(run([...plain, kread('c%p(10:11)', [], HOST_DEV)])).toEqual([...ok, 'undefined']);
  });

  it('a device kernel reads the view and the sections of the corresponding descriptor (K-B41 descriptor: lower bound 10)', () => {
    const attached: Step[] = [...remapped, enter([mapItem('to', ['c', 'c%p'])])];
    const five = [...ok, 'ok'];
    expect(run([...attached, view({ bounds: true }), view({ at: 10 }), view({ at: 12 }), view({ at: 19 })])).toEqual([...five, '10,19', '5', '7', '9']);
    expect(run([...attached, view({ at: 9 })])).toEqual([...five, 'undefined']);
    expect(run([...attached, view({ at: 20 })])).toEqual([...five, 'undefined']);
    expect(run([...attached, kread('c%p(10:11)'), kread('c%p(12:13)'), kread('c%p(18:19)')])).toEqual([...five, '5,1', '7,1', '1,9']);
    expect(run([...attached, kread('c%p(9:10)')])).toEqual([...five, 'undefined']);
    expect(run([...attached, kread('c%p(19:20)')])).toEqual([...five, 'undefined']);
  });

  it("a device kernel's section stays inside the elements of its pointer, though the block around them is larger", () => {
    // c%p(10:) => a(3:4) attached inside a's block (a mapped whole): its view is 10:11, two elements
    const inside: Step[] = [...marks, { op: 'pointer_assign', ptr: 'c%p', target: 'a(3:4)', lbound: 10 }, enter([mapItem('to', ['a'])]), enter([mapItem('to', ['c', 'c%p'])])];
    const six = [...ok, 'ok', 'ok'];
    expect(run([...inside, kread('c%p(10:11)'), kread('c%p(11:11)')])).toEqual([...six, '7,1', '1']);
    expect(run([...inside, kread('c%p(9:10)')])).toEqual([...six, 'undefined']);
    expect(run([...inside, kread('c%p(11:12)')])).toEqual([...six, 'undefined']);
    expect(run([...inside, kread('c%p(11:13)')])).toEqual([...six, 'undefined']);
  });

  it('a pointer attached through a member section reaches the section only: the rest of its view lies past the block', () => {
    // c%p => a (10 elements) attached by the item c%p(1:4), whose block holds 4 elements
    const section: Step[] = [...marks, pAssign('c%p', 'a'), enter([mapItem('to', ['c', 'c%p(1:4)'])])];
    expect(run([...section, kread('c%p(1:4)'), kread('c%p(3:4)')])).toEqual([...ok, 'ok', '5,1,7,1', '7,1']);
    expect(run([...section, kread('c%p')])).toEqual([...ok, 'ok', 'undefined']);
    expect(run([...section, kread('c%p(4:5)')])).toEqual([...ok, 'ok', 'undefined']);
  });

  it('one element read through a pointer attached by a member section (`at`): inside the section its storage, outside undefined', () => {
    // c%p => a attached by the item c%p(3:4): a(3) = 7 on the host; the corresponding pointer aims 8 bytes before the block
    const section: Step[] = [...marks, pAssign('c%p', 'a'), enter([mapItem('to', ['c', 'c%p(3:4)'])])];
    const at = (i: number): Step => ({ op: 'omp_target', maps: [], body: { read: 'c%p', at: i } }) as Step;
    expect(run([...section, at(3), at(4)])).toEqual([...ok, 'ok', '7', '1']);
    expect(run([...section, at(2)])).toEqual([...ok, 'ok', 'undefined']);
    expect(run([...section, at(5)])).toEqual([...ok, 'ok', 'undefined']);
  });

  it('a map item c%p(l:u) maps elements l..u of the current target, counted from the lower bound', () => {
    expect(hosts([...marks, pAssign('c%p', 'a'), enter([mapItem('to', ['c%p(2:3)'])])])).toEqual([[4, 12]]);
    // the last elements of the target, then one past them
    expect(hosts([...marks, pAssign('c%p', 'a'), enter([mapItem('to', ['c%p(9:10)'])])])).toEqual([[32, 40]]);
    expect(run([...marks, pAssign('c%p', 'a'), enter([mapItem('to', ['c%p(10:11)'])])])).toEqual([...ok, 'undefined']);
    expect(hosts([...remapped, enter([mapItem('to', ['c%p(10:11)'])])])).toEqual([[0, 8]]);
    expect(hosts([...remapped, enter([mapItem('to', ['c%p(12:13)'])])])).toEqual([[8, 16]]);
    expect(hosts([...remapped, enter([mapItem('to', ['c%p(18:19)'])])])).toEqual([[32, 40]]);
    expect(run([...remapped, enter([mapItem('to', ['c%p(9:10)'])])])).toEqual([...ok, 'undefined']);
    expect(run([...remapped, enter([mapItem('to', ['c%p(19:20)'])])])).toEqual([...ok, 'undefined']);
    // a disassociated pointer has no elements
    expect(run([enter([mapItem('to', ['c%p(1:2)'])])])).toEqual(['undefined']);
  });

  it('K-B41 base-address keeps the lower bound of a corresponding descriptor only when it holds an association', () => {
    // c copied by an alloc map: its device descriptor is indeterminate, so attachment writes the host's lower bound
    const steps: Step[] = [enter([mapItem('alloc', ['c'])]), ...remapped, enter([mapItem('to', ['c%p'])]), view({ bounds: true })];
    expect(run(steps, { 'K-B41': 'base-address' })).toEqual(['ok', ...ok, 'ok', '10,19']);
    // c copied while p was null: its device descriptor holds no association either
    const fromNull: Step[] = [enter([mapItem('to', ['c'])]), ...remapped, enter([mapItem('to', ['c%p'])]), view({ bounds: true })];
    expect(run(fromNull, { 'K-B41': 'base-address' })).toEqual(['ok', ...ok, 'ok', '10,19']);
  });
});

describe('OpenMP K-B42 abort and K-B7 counted on items after the first', () => {
  const dataBegin = (maps: MapItem[]): Step => ({ op: 'omp_target_data_begin', maps });
  const dataEnd: Step = { op: 'omp_target_data_end' };
  /** A pointer value as the space it points into: `{"block": …}` a device address, `{"host": …}` a host one. */
  const space = (o: string) => (o.startsWith('{') ? ('block' in (JSON.parse(o) as object) ? 'dev' : 'host' in (JSON.parse(o) as object) ? 'host' : o) : o);
  const counted = { 'K-B7': 'counted' };

  it('K-B42 abort: a pointer member item after another item while its struct is not mapped; the always modifier runs; a mapped struct runs', () => {
    const abort = { 'K-B42': 'abort' };
    expect(run([pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('from', ['b', 'c%p'])])], abort)).toEqual(['ok', 'error fatal_lowering']);
    expect(run([pAssign('c%p', 'a(1:2)'), { op: 'omp_target', maps: [mapItem('alloc', ['b', 'c%p'])], body: { read: 'b' } } as Step], abort)).toEqual(['ok', 'error fatal_lowering']);
    // on target data gfortran maps the struct's descriptor before the always pointer for alloc, to and tofrom items
    expect(run([pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('to', ['b', 'c%p'])]), dataEnd], abort)).toEqual(['ok', 'ok', 'ok']);
    expect(run([pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('alloc', ['b']), mapItem('tofrom', ['c%p'])]), dataEnd], abort)).toEqual(['ok', 'ok', 'ok']);
    expect(run([pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('to', ['b']), { type: 'tofrom', vars: ['c%p'], modifiers: ['always'] }]), dataEnd], abort)).toEqual(['ok', 'ok', 'ok']);
    expect(run([pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('to', ['b']), { type: 'from', vars: ['c%p'], modifiers: ['always'] }]), dataEnd], abort)).toEqual(['ok', 'ok', 'ok']);
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c'])]), dataBegin([mapItem('to', ['b', 'c%p'])]), dataEnd], abort)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });

  it('K-B53 abort: exit data from a whole associated pointer member, or of any section of one, stops the program, after other items too and for a null pointer; release and delete of the whole member and the host device run', () => {
    const abort = { 'K-B53': 'abort' };
    const mapped = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['b', 'c%p'])])];
    expect(run([...mapped, exit([mapItem('release', ['b']), mapItem('from', ['c%p'])])], abort)).toEqual(['ok', 'ok', 'error fatal_lowering']);
    expect(run([...mapped, exit([mapItem('release', ['c%p']), mapItem('delete', ['b'])])], abort)).toEqual(['ok', 'ok', 'ok']);
    // a section passes the descriptor as to (kind 0x01), whatever the section's map type
    expect(run([...mapped, exit([mapItem('from', ['c%p(1:1)'])])], abort)).toEqual(['ok', 'ok', 'error fatal_lowering']);
    expect(run([...mapped, exit([mapItem('delete', ['b']), mapItem('release', ['c%p(2:2)'])])], abort)).toEqual(['ok', 'ok', 'error fatal_lowering']);
    expect(run([...mapped, exit([mapItem('delete', ['c%p(1:0)'])])], abort)).toEqual(['ok', 'ok', 'error fatal_lowering']);
    expect(run([...mapped, exit([mapItem('release', ['c%p(1:2)'])], HOST_DEV as unknown as number)], abort)).toEqual(['ok', 'ok', 'ok']);
    expect(run([...mapped, exit([mapItem('release', ['c%p(1:2)'])]), isPresent({ var: 'a' })])).toEqual(['ok', 'ok', 'ok', 'false']);
    // null or not (measured: the probe kb53-null-fortran aborts alike)
    expect(run([{ op: 'nullify', ptr: 'c%p' } as Step, exit([mapItem('from', ['c%p'])])], abort)).toEqual(['ok', 'error fatal_lowering']);
    expect(run([...mapped, exit([mapItem('from', ['c%p'])], HOST_DEV as unknown as number)], abort)).toEqual(['ok', 'ok', 'ok']);
    // the spec reading: the pointee leaves
    expect(run([...mapped, exit([mapItem('from', ['c%p'])]), isPresent({ var: 'a' })])).toEqual(['ok', 'ok', 'ok', 'false']);
  });

  it('K-B7 counted: a second map counts a second attachment, so one exit data leaves the pointer attached', () => {
    const steps: Step[] = [
      pAssign('c%p', 'a(1:2)'),
      enter([mapItem('to', ['c'])]),
      enter([mapItem('to', ['c%p'])]),
      enter([mapItem('to', ['c%p'])]),
      exit([mapItem('release', ['c%p'])]),
      kpointer('c%p'),
      exit([mapItem('release', ['c%p'])]),
      kpointer('c%p'),
    ];
    expect(run(steps, counted).map(space)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'dev', 'ok', 'host']);
  });

  it('K-B7 counted: a target construct gives back the attachment of a pointer item that is not its first item', () => {
    const steps: Step[] = [
      pAssign('c%p', 'a(1:2)'),
      enter([mapItem('to', ['c', 'a'])]),
      { op: 'omp_target', maps: [mapItem('alloc', ['b']), mapItem('to', ['c%p'])], body: { pointer: 'c%p' } },
      kpointer('c%p'),
    ];
    expect(run(steps, counted).map(space)).toEqual(['ok', 'ok', 'dev', 'host']);
  });

  it('K-B7 counted: exit data detaches a pointer item that is not its first item', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'b'])]), enter([mapItem('to', ['c%p'])]), exit([mapItem('release', ['b', 'c%p'])]), kpointer('c%p')];
    expect(run(steps, counted).map(space)).toEqual(['ok', 'ok', 'ok', 'ok', 'host']);
  });

  it('K-B7 counted: exit data of a null pointer, of a pointer whose struct is absent or self storage, is no detach (no abort)', () => {
    expect(run([enter([mapItem('to', ['c'])]), exit([mapItem('release', ['c%p'])])], counted)).toEqual(['ok', 'ok']);
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), exit([mapItem('release', ['c%p'])])], counted)).toEqual(['ok', 'ok', 'ok']);
    const self = { ...counted, 'K-B8': 'self' };
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c'])], 1), enter([mapItem('to', ['c%p'])], 1), exit([mapItem('release', ['c%p'])], 1)], self)).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
    ]);
  });

  it('K-B7 counted: a region gives back only what it counted; an attachment exit data took is not given back again', () => {
    // the region maps c%p while c is absent: nothing counted; the attachment of the enter data inside stays
    const uncounted: Step[] = [pAssign('c%p', 'a(1:2)'), dataBegin([mapItem('to', ['c%p'])]), enter([mapItem('to', ['c'])]), enter([mapItem('to', ['c%p'])]), dataEnd, kpointer('c%p')];
    expect(run(uncounted, counted).map(space)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'dev']);
    const taken: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c'])]), dataBegin([mapItem('to', ['c%p'])]), exit([mapItem('release', ['c%p'])]), dataEnd, kpointer('c%p')];
    expect(run(taken, counted).map(space)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'host']);
  });

  it('K-B7 counted, K-B8 self-unless-close: a self struct and a target with its own block: the device address goes into the host pointer', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c'])], 1), { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['c%p'], modifiers: ['close'] }] }, kpointer('c%p', 1)];
    expect(run(steps, { ...counted, 'K-B8': 'self-unless-close' }).map(space)).toEqual(['ok', 'ok', 'ok', 'dev']);
  });
});

// The struct element holding a pointer member is looked up by its own range [c, c + stride): the
// entry of the element before it ends where it starts, so it holds none of its bytes (an array of
// structs, README-openmp.md "Arrays of structs").
describe('OpenMP pointer members of an array of structs whose element before is mapped', () => {
  const aos = { arrays: [{ name: 'a', length: 10, init: 1 }, { name: 'b', length: 10, init: 2 }], structs: [{ name: 'cs', pointers: ['p'], count: 3 }], devices: [{ kind: 'discrete' as const }] };
  const dataBegin = (maps: MapItem[]): Step => ({ op: 'omp_target_data_begin', maps });
  // cs(2) gets block 1, cs(1) block 2 (created later), a(1:2) block 3
  const both: Step[] = [pAssign('cs(2)%p', 'a(1:2)'), enter([mapItem('to', ['cs(2)'])]), enter([mapItem('to', ['cs(1)'])]), enter([mapItem('to', ['cs(2)%p'])])];

  it("attachment writes into cs(2)'s own storage; kernels read the pointer there", () => {
    expect(run([...both, kread('cs(2)%p', [mapItem('alloc', ['cs(2)'])])], {}, aos)).toEqual(['ok', 'ok', 'ok', 'ok', '1,1']);
    expect(run([...both, { op: 'omp_target', maps: [mapItem('alloc', ['cs(2)'])], body: { pointer: 'cs(2)%p' } }], {}, aos)).toEqual(['ok', 'ok', 'ok', 'ok', '{"block":3,"offset":0}']);
  });

  it('with only cs(1) mapped, cs(2)%p has no struct on the device: nothing attached, K-B42 abort, no counted detach', () => {
    const only: Step[] = [pAssign('cs(2)%p', 'a(1:2)'), enter([mapItem('to', ['cs(1)'])])];
    // nothing attached: re-pointing is no store to an attached pointer (K-B22)
    expect(run([...only, enter([mapItem('to', ['cs(2)%p'])]), pAssign('cs(2)%p', 'b(1:2)')], {}, aos)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(run([...only, dataBegin([mapItem('from', ['b', 'cs(2)%p'])])], { 'K-B42': 'abort' }, aos)).toEqual(['ok', 'ok', 'error fatal_lowering']);
    expect(run([...only, enter([mapItem('to', ['cs(2)%p'])]), exit([mapItem('release', ['cs(2)%p'])])], { 'K-B7': 'counted' }, aos)).toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});

// A null pointer item maps nothing (README-openmp.md "Map constructs": pointer attachment only for a
// non-null host value; c%p stands for its current target, and a null one has none), so the present
// modifier has nothing to check on it, at entry or at exit (K-B6 error), first item or later.
describe('OpenMP null pointer items with the present modifier', () => {
  const present = (type: 'to' | 'from' | 'release', vars: string[]): MapItem => ({ type, vars, modifiers: ['present'] });
  it('at entry and at exit, first item or after another', () => {
    const steps: Step[] = [
      { op: 'omp_target_enter_data', maps: [present('to', ['c%p'])] },
      { op: 'omp_target_enter_data', maps: [mapItem('to', ['a']), present('to', ['c%p'])] },
      { op: 'omp_target_exit_data', maps: [present('release', ['c%p'])] },
      { op: 'omp_target_exit_data', maps: [mapItem('release', ['a']), present('release', ['c%p'])] },
      { op: 'omp_target_data_begin', maps: [mapItem('to', ['b']), present('to', ['c%p'])] },
      { op: 'omp_target_data_end' },
    ];
    expect(run(steps, { 'K-B6': 'error' })).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
    expect(outcomes(steps, { 'K-B6': 'error' }).engine.snapshot().ompEntries).toEqual([]);
  });
});

// K-B43 `absent` (GCC 12 rejects declare mapper): the program stops at the first construct that
// maps through the mapper of c's type: a map or motion naming c, or the implicit map of c by an
// omp_target whose body reaches through c and whose maps name nothing of c (README-openmp.md
// "declare mapper"). Steps that map nothing run.
describe('OpenMP K-B43 absent: which constructs map through a mapper', () => {
  const mapped = { ...world, mappers: [{ struct: 'c', maps: [{ type: 'tofrom' as const, vars: ['c'] }, { type: 'to' as const, vars: ['c%p'] }] }] };
  const absent = { 'K-B43': 'absent' };
  const target = (maps: MapItem[]): Step => ({ op: 'omp_target', maps, body: { read: 'c%p' } });

  it('a routine, a region end and a use_device region run (they map nothing)', () => {
    const steps: Step[] = [talloc('h', 8), useDevice('a', 'da'), { op: 'omp_target_data_use_device_end' }, isPresent({ var: 'a' })];
    expect(run(steps, absent, mapped)).toEqual(['{"block":1,"offset":0}', `{"host":${A}}`, 'ok', 'false']);
  });

  it("an omp_target whose maps name c's member maps nothing through c's mapper: it runs (K-B63 base-pointers: c%p's word alone; named: c is not present, undefined)", () => {
    expect(run([pAssign('c%p', 'a(1:2)'), target([mapItem('to', ['c%p'])])], absent, mapped)).toEqual(['ok', '1,1']);
    expect(run([pAssign('c%p', 'a(1:2)'), target([mapItem('to', ['a', 'c%p'])])], absent, mapped)).toEqual(['ok', '1,1']);
    const named = { ...absent, 'K-B63': 'named' };
    expect(run([pAssign('c%p', 'a(1:2)'), target([mapItem('to', ['c%p'])])], named, mapped)).toEqual(['ok', 'undefined']);
    expect(run([pAssign('c%p', 'a(1:2)'), target([mapItem('to', ['a', 'c%p'])])], named, mapped)).toEqual(['ok', 'undefined']);
  });

  it('exit data delete of c through its mapper deletes every mapper item (delete keeps the clause type, §7.9.2), whatever the counts', () => {
    const steps: Step[] = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c'])]), enter([mapItem('to', ['c'])]), exit([mapItem('delete', ['c'])]), isPresent({ var: 'c' }), isPresent({ var: 'a(1:2)' })];
    expect(run(steps, {}, mapped)).toEqual(['ok', 'ok', 'ok', 'ok', 'false', 'false']);
  });

  it('an omp_target whose maps name nothing of c maps c implicitly through the mapper: unavailable', () => {
    expect(run([pAssign('c%p', 'a(1:2)'), target([mapItem('to', ['a'])])], absent, mapped)).toEqual(['ok', 'unavailable']);
  });
});

// K-B45 (README-openmp "Plain pointer sections"): a section of a plain pointer `p` (C `int *p`,
// canonically p%p) under clang's PTR_AND_OBJ lowering also maps the pointer variable p
// (`pointer-and-object`: omptarget.cpp targetDataBegin maps [&p, &p + 8) with no copy, one more
// reference per section item, none given back at exit), and clang 16 gives a target construct
// naming p beside its section the address of p's own storage as p (`pointer-word`). Expectations:
// the LLVM sources as the knob cites them and the clang 16 measurement (omp-plain-pointer-c).
describe('OpenMP K-B45: sections of a plain pointer variable', () => {
  const plainWorld = {
    arrays: [{ name: 'a', length: 8, init: 1 }],
    structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
    devices: [{ kind: 'discrete' as const }, { kind: 'shared' as const }],
  };
  const go = (steps: Step[], knobs: Record<string, string>) => outcomes(steps, knobs, plainWorld as typeof world);
  const space = (o: string) => (o.startsWith('{"block"') ? 'dev' : o.startsWith('{"host"') ? 'host' : o);
  const pEntry = (e: ReturnType<typeof implEngine>, device = 0) => e.snapshot().ompEntries.filter((x) => x.device === device && x.host[0] !== A);
  const pto: Step = enter([mapItem('to', ['p%p'])]);
  const both = (body: object): Step => ({ op: 'omp_target', maps: [mapItem('to', ['p', 'p%p'])], body }) as Step;

  it('attach-only (the text): the section maps the target alone; p copied in later holds the host address', () => {
    const { out, engine } = go([pto, isPresent({ var: 'p' }), enter([mapItem('to', ['p'])]), kpointer('p%p')], { 'K-B45': 'attach-only' });
    expect(out.map(space)).toEqual(['ok', 'false', 'ok', 'host']);
    expect(pEntry(engine).map((x) => x.rc)).toEqual([1]);
  });

  it('pointer-and-object: the section maps p without copying it and attaches it; a later map(to: p) finds it present', () => {
    const { out, engine } = go([pto, isPresent({ var: 'p' }), enter([mapItem('to', ['p'])]), kpointer('p%p')], { 'K-B45': 'pointer-and-object' });
    expect(out.map(space)).toEqual(['ok', 'true', 'ok', 'dev']);
    expect(pEntry(engine).map((x) => x.rc)).toEqual([2]);
  });

  it("pointer-and-object: p's reference from a section is never given back; each section item adds one", () => {
    const { out, engine } = go([pto, exit([mapItem('from', ['p%p'])]), isPresent({ var: 'p' }), isPresent({ var: 'a' })], { 'K-B45': 'pointer-and-object' });
    expect(out).toEqual(['ok', 'ok', 'true', 'false']);
    expect(pEntry(engine).map((x) => x.rc)).toEqual([1]);
    // map(to: p, p(1:2), p(3:4)): the construct's own reference of p, and one per section item
    const two = go([enter([mapItem('to', ['p', 'p%p(1:2)', 'p%p(3:4)'])]), exit([mapItem('release', ['p'])]), isPresent({ var: 'p' })], { 'K-B45': 'pointer-and-object' });
    expect(two.out).toEqual(['ok', 'ok', 'true']);
    expect(pEntry(two.engine).map((x) => x.rc)).toEqual([2]);
    // a target construct of the section leaves p mapped after its end (its kernel on a: one going
    // through p would make p private, which maps no p, impl/unnamed-pointers.test.ts)
    const region = go([kread('a', [mapItem('to', ['p%p'])]), isPresent({ var: 'p' }), isPresent({ var: 'a' })], { 'K-B45': 'pointer-and-object' });
    expect(region.out).toEqual(['1,1,1,1,1,1,1,1', 'true', 'false']);
  });

  it('pointer-and-object: a null pointer maps nothing; a self map on a shared device (K-B8 self) holds the original', () => {
    expect(go([{ op: 'nullify', ptr: 'p%p' } as Step, pto, isPresent({ var: 'p' })], { 'K-B45': 'pointer-and-object' }).out).toEqual(['ok', 'ok', 'false']);
    const self = go([enter([mapItem('to', ['p%p'])], 1), isPresent({ var: 'p' }, 1)], { 'K-B45': 'pointer-and-object', 'K-B8': 'self' });
    expect(self.out).toEqual(['ok', 'true']);
    expect(pEntry(self.engine, 1)).toEqual([{ device: 1, host: [expect.any(Number), expect.any(Number)], block: null, offset: 0, rc: 1, origin: 'map' }]);
  });

  it('pointer-and-object: close keeps device storage for p under K-B8 self-unless-close', () => {
    const close = (device: number): Step => ({ op: 'omp_target_enter_data', device, maps: [{ type: 'to', vars: ['p%p'], modifiers: ['close'] }] });
    const knobs = { 'K-B45': 'pointer-and-object', 'K-B8': 'self-unless-close' };
    expect(pEntry(go([close(1)], knobs).engine, 1).map((x) => x.block === null)).toEqual([false]);
    expect(pEntry(go([enter([mapItem('to', ['p%p'])], 1)], knobs).engine, 1).map((x) => x.block === null)).toEqual([true]);
    // the section item after another item: its own close modifier decides
    const second: Step = { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['a'] }, { type: 'to', vars: ['p%p'], modifiers: ['close'] }] };
    expect(pEntry(go([second], knobs).engine, 1).map((x) => x.block === null)).toEqual([false]);
  });

  it('a kernel of a construct naming p beside its section reads the section under attach-only and pointer-and-object', () => {
    for (const reading of ['attach-only', 'pointer-and-object'])
      expect(go([both({ read: 'p%p(2:3)' }), both({ pointer: 'p%p' })], { 'K-B45': reading }).out.map(space)).toEqual(['1,1', 'dev']);
  });

  it("pointer-word: the kernel's p is the address of p's own storage: the pointer word reads indeterminate, past it undefined", () => {
    const word = { 'K-B45': 'pointer-word' };
    const { out, engine } = go([enter([mapItem('to', ['p'])]), both({ pointer: 'p%p' })], word);
    const pBlock = pEntry(engine)[0]!.block;
    expect(out).toEqual(['ok', JSON.stringify({ block: pBlock, offset: 0 })]);
    // the address the kernel read is kept under its result name
    const kept = go([{ op: 'omp_target', maps: [mapItem('to', ['p', 'p%p'])], body: { pointer: 'p%p' }, result: 'dp' } as Step, mappedPtr({ handle: 'dp', offset: 4 }, HOST_DEV)], word);
    expect(kept.out[1]).toBe(JSON.stringify({ block: pEntry(kept.engine)[0]!.block, offset: 4 }));
    expect(go([both({ read: 'p%p(1:2)' }), both({ read: 'p%p', at: 2 })], word).out).toEqual([',', '']);
    expect(go([both({ read: 'p%p(2:3)' })], word).out).toEqual(['undefined']);
    expect(go([both({ read: 'p%p' })], word).out).toEqual(['undefined']);
    // a write into the word leaves the device pointer indeterminate; past it, undefined
    expect(go([enter([mapItem('to', ['p'])]), both({ write: 'p%p(1:1)', value: 5 }), kpointer('p%p')], word).out).toEqual(['ok', 'ok', 'undefined']);
    expect(go([both({ write: 'p%p(3:3)', value: 5 })], word).out).toEqual(['undefined']);
  });

  it('pointer-word: only a construct whose explicit maps name both p and a section of p; the bounds and the host follow the ordinary rules', () => {
    const word = { 'K-B45': 'pointer-word' };
    expect(go([pto, kread('p%p', [mapItem('to', ['p%p'])])], word).out).toEqual(['ok', '1,1,1,1,1,1,1,1']);
    expect(go([pto, kread('p%p', [mapItem('to', ['p'])])], word).out).toEqual(['ok', '1,1,1,1,1,1,1,1']);
    expect(go([both({ read: 'p%p', bounds: true })], word).out).toEqual(['1,8']);
    // p beside an array is no section of p: p holds the host address (not attached), undefined here
    expect(go([{ op: 'omp_target', maps: [mapItem('to', ['p', 'a'])], body: { read: 'p%p(1:2)' } } as Step], word).out).toEqual(['undefined']);
    // a null p: the ordinary rules (the kernel dereferences a null pointer); an element below the view
    expect(go([{ op: 'nullify', ptr: 'p%p' } as Step, both({ read: 'p%p(1:1)' })], word).out).toEqual(['ok', 'undefined']);
    expect(go([both({ read: 'p%p', at: 0 })], word).out).toEqual(['undefined']);
    expect(go([{ op: 'omp_target', device: HOST_DEV, maps: [mapItem('to', ['p', 'p%p'])], body: { read: 'p%p(1:2)' } } as Step], word).out).toEqual(['1,1']);
    // on a shared device with self maps (K-B8 self) the storage of p is the original: a host address
    const self = go([{ op: 'omp_target', device: 1, maps: [mapItem('to', ['p', 'p%p'])], body: { pointer: 'p%p' } } as Step], { ...word, 'K-B8': 'self' });
    expect(self.out.map(space)).toEqual(['host']);
  });
});

// K-B46 (README-openmp "declare target"): clang 16 gives a declare target variable with internal
// linkage (a C static array, as emit writes every array) no offloading entry, so libomptarget's
// table never holds it (`unregistered`): kernels naming the array use the device image's copy,
// while maps and routines find it absent. Expectations: clang 16's host IR (no
// .omp_offloading.entry for the static variable) and the measurement omp-declare-target-c
// (is_present 0 before and after exit data delete; the kernel reads the image's initial values).
describe('OpenMP K-B46: declare target enter arrays the runtime does not register', () => {
  const declare: Step = { op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: ['a'] }] } as Step;
  const unreg = { 'K-B46': 'unregistered' };
  const write = (v: string, value: number, maps: ReturnType<typeof mapItem>[] = [], device?: number): Step =>
    ({ op: 'omp_target', maps, body: { write: v, value }, ...(device === undefined ? {} : { device }) }) as Step;

  it('registered (the text): present from the start; unregistered: absent, the kernel reads the image copy', () => {
    const steps = [declare, isPresent({ var: 'a' }), hostWrite('a', 5), kread('a(1:2)'), exit([mapItem('delete', ['a'])]), isPresent({ var: 'a' }), { op: 'host_read', var: 'a(1:2)' } as Step];
    expect(run(steps, { 'K-B46': 'registered' })).toEqual(['ok', 'true', 'ok', '1,1', 'ok', 'true', '5,5']);
    expect(run(steps, unreg)).toEqual(['ok', 'false', 'ok', '1,1', 'ok', 'false', '5,5']);
  });

  it('unregistered: a map gives the array an ordinary entry of its own, which the kernel does not use', () => {
    const { out, engine } = outcomes([declare, hostWrite('a', 5), enter([mapItem('to', ['a'])]), isPresent({ var: 'a' }), write('a(1:2)', 9), kread('a(1:3)', [mapItem('to', ['a'])])], unreg);
    expect(out).toEqual(['ok', 'ok', 'ok', 'true', 'ok', '9,9,1']);
    expect(engine.snapshot().ompEntries.map((e) => [e.host[0], e.rc, e.origin])).toEqual([[A, 1, 'map']]);
    // the mapped copy holds the host's 5s: exit data from brings them home, not the kernel's 9s
    expect(run([declare, hostWrite('a', 5), enter([mapItem('to', ['a'])]), write('a(1:2)', 9), exit([mapItem('from', ['a'])]), { op: 'host_read', var: 'a(1:2)' } as Step], unreg)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', '5,5']);
  });

  it('unregistered: other arrays, the host device and link arrays follow the ordinary rules; a self map on a shared device is the host array', () => {
    const link: Step = { op: 'omp_declare_target', clauses: [{ clause: 'link', vars: ['b'] }, { clause: 'enter', vars: ['a'] }] } as Step;
    expect(run([link, kread('b(1:2)'), isPresent({ var: 'b' })], unreg)).toEqual(['ok', '2,2', 'false']);
    expect(run([declare, hostWrite('a', 5), kread('a(1:2)', [], HOST_DEV)], unreg)).toEqual(['ok', 'ok', '5,5']);
    expect(run([declare, hostWrite('a', 5), kread('a(1:2)', [], 1)], { ...unreg, 'K-B8': 'self' })).toEqual(['ok', 'ok', '5,5']);
    expect(run([declare, hostWrite('a', 5), kread('a(1:2)', [], 1)], { ...unreg, 'K-B8': 'copies' })).toEqual(['ok', 'ok', '1,1']);
    // a second declared array, a subarray inside it, and a kernel through a pointer member beside it
    const second: Step = { op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: ['b'] }] } as Step;
    expect(run([second, isPresent({ var: 'b' }), write('b(2:2)', 9), kread('b(1:3)'), { op: 'host_read', var: 'b(1:3)' } as Step], unreg)).toEqual(['ok', 'false', 'ok', '2,9,2', '2,2,2']);
    // no implicit map for the kernel: the next device allocation is block 3 (the images are blocks 1 and 2, one per device)
    expect(run([declare, kread('a(1:2)'), talloc('h', 8)], unreg)).toEqual(['ok', '1,1', JSON.stringify({ block: 3, offset: 0 })]);
    expect(run([declare, pAssign('c%p', 'b(1:2)'), enter([mapItem('to', ['c', 'c%p'])]), kread('c%p')], unreg)).toEqual(['ok', 'ok', 'ok', '2,2']);
  });
});

// K-B47 (README-openmp "Map constructs"): clang before the ATTACH map type lowers map(c.p[0:n])
// with a combined entry for the members of c it names, which libomptarget maps as storage of its
// own (`member-word`: the pointer word of c, alloc, counted and released like an item; clang 16's
// host IR gives it map type 0 and size sizeof(int *)). Expectations: that lowering and
// omptarget.cpp as the knob cites them; the measurement (gen-20261209-230-c and five more: a later
// map of the whole struct extends the word's storage, "failure of target construct").
describe('OpenMP K-B47: the struct storage for a pointer member mapped through its section', () => {
  const word = { 'K-B47': 'member-word' };
  const C = 0x1400;
  const entries = (e: ReturnType<typeof implEngine>) => e.snapshot().ompEntries.map((x) => [x.host[0], x.host[1], x.rc]);

  it('pointee-only (the text): c gets nothing; member-word: c\'s pointer word is mapped', () => {
    const steps = [pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c%p'])]), isPresent({ var: 'c' })];
    expect(run(steps, { 'K-B47': 'pointee-only' })).toEqual(['ok', 'ok', 'false']);
    const { out, engine } = outcomes(steps, word);
    expect(out).toEqual(['ok', 'ok', 'true']);
    expect(entries(engine)).toEqual([[A, A + 8, 1], [C, C + 8, 1]]);
  });

  it('member-word: a later map of the whole struct extends the word (K-B5); exit data of the section releases it', () => {
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c%p'])]), enter([mapItem('to', ['c'])])], { ...word, 'K-B5': 'error' })).toEqual(['ok', 'ok', 'error fatal_partial_map']);
    const { out, engine } = outcomes([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c%p'])]), exit([mapItem('from', ['c%p'])]), isPresent({ var: 'c' })], word);
    expect(out).toEqual(['ok', 'ok', 'ok', 'false']);
    expect(entries(engine)).toEqual([]);
  });

  it('member-word: an item covering the word maps it; a present struct is counted once more; two sections give one word', () => {
    expect(entries(outcomes([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['c', 'c%p'])])], word).engine)).toEqual([[A, A + 8, 1], [C, C + 16, 1]]);
    const counted = outcomes([pAssign('c%p', 'a(1:4)'), enter([mapItem('to', ['c'])]), enter([mapItem('to', ['c%p(1:2)', 'c%p(3:4)'])]), exit([mapItem('release', ['c'])]), isPresent({ var: 'c' })], word);
    expect(counted.out).toEqual(['ok', 'ok', 'ok', 'ok', 'true']);
    expect(entries(counted.engine)).toEqual([[A, A + 16, 1], [C, C + 16, 1]]);
    // a null member still gets its word; a member item after another item too
    expect(entries(outcomes([enter([mapItem('to', ['c%p'])])], word).engine)).toEqual([[C, C + 8, 1]]);
    expect(entries(outcomes([pAssign('c%p', 'b(1:2)'), enter([mapItem('to', ['a', 'c%p'])])], word).engine)).toEqual([[A, A + 40, 1], [B, B + 8, 1], [C, C + 8, 1]]);
    // map(present, to: c%p) map(to: c): the present modifier passes to the word, which c's storage block holds
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c%p'], modifiers: ['present'] }, { type: 'to', vars: ['c'] }] }], word)).toEqual(['ok', 'ok', 'error omp_error_not_present']);
  });

  it('member-word: the present modifier passes to the word; a plain pointer gets no word (K-B45)', () => {
    const presentExit: Step = { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['c%p'], modifiers: ['present'] }] };
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), presentExit], word)).toEqual(['ok', 'ok', 'error omp_error_not_present']);
    const secondExit: Step = { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['b'] }, { type: 'release', vars: ['c%p'], modifiers: ['present'] }] };
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), secondExit], word)).toEqual(['ok', 'ok', 'error omp_error_not_present']);
    expect(run([pAssign('c%p', 'a(1:2)'), enter([mapItem('to', ['a'])]), presentExit], { 'K-B47': 'pointee-only' })).toEqual(['ok', 'ok', 'ok']);
    const plainWorld = { arrays: [{ name: 'a', length: 8, init: 1 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' as const }] };
    expect(run([enter([mapItem('to', ['p%p'])]), isPresent({ var: 'p' })], word, plainWorld as typeof world)).toEqual(['ok', 'false']);
  });
});

describe('OpenMP K-A71 column-span: a rank-2 section of some rows of one column', () => {
  // Expectations from gfortran 12's lowering (-fdump-tree-gimple: target enter data, target data
  // and target update from of v3(2:2,2:2) of v3(2,4) get [len: 8] at v3(2,2)).
  const R = { arrays: [{ name: 'r', length: 8, shape: [2, 4] as [number, number], init: [1, 2, 3, 4, 5, 6, 7, 8] }], structs: [], devices: [{ kind: 'discrete' as const }] };
  const run = (steps: Step[], reading: string) => {
    const spec = loadProfile('spec');
    const engine = implEngine({ world: R, steps }, { ...spec, knobs: { ...spec.knobs, 'K-A71': reading } as typeof spec.knobs });
    return steps.map((s) => engine.apply(s));
  };
  const enter = (type: MapItem['type'], ref: string): Step => ({ op: 'omp_target_enter_data', maps: [{ type, vars: [ref] }] });

  it('one element per enter data: the second of one column meets the first\'s whole column', () => {
    const steps = [enter('alloc', 'r(1:1,1:1)'), enter('alloc', 'r(2:2,1:1)')];
    expect(run(steps, 'section').map((o) => o.kind)).toEqual(['ok', 'ok']);
    expect(run(steps, 'column-span').map((o) => o.kind)).toEqual(['ok', 'undefined']);
  });

  it('target update from brings the next column\'s first element home too; the last column reaches past the array', () => {
    const steps: Step[] = [
      enter('to', 'r'),
      { op: 'omp_target', maps: [{ type: 'alloc', vars: ['r'] }], body: { write: 'r', value: 9 } },
      { op: 'omp_target_update', motions: [{ type: 'from', vars: ['r(2:2,2:2)'] }] },
      { op: 'host_read', var: 'r' },
    ];
    expect(run(steps, 'section')[3]).toEqual({ kind: 'read', values: [1, 2, 3, 9, 5, 6, 7, 8] });
    expect(run(steps, 'column-span')[3]).toEqual({ kind: 'read', values: [1, 2, 3, 9, 9, 6, 7, 8] });
    expect(run([enter('to', 'r(2:2,4:4)')], 'column-span').map((o) => o.kind)).toEqual(['undefined']);
  });
});

describe('OpenMP K-B55 descriptor: a whole pointer array the region does not use', () => {
  // Expectations from GCC 12.2 on an H100 (profiles/measured/probes-gcc-12-2026-12-06f.md): with
  // the array absent the construct aborts "always pointer not mapped"; after enter data of the
  // array, map(to:) and map(always, to:) run; with its data present only through c%p it aborts.
  const W: World = {
    arrays: [
      { name: 'a', length: 8, init: 1 },
      { name: 'b', length: 8, init: 2 },
      { name: 'x', length: 1, init: 5, scalar: true },
    ],
    structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
    devices: [{ kind: 'discrete' }, { kind: 'discrete' }],
  };
  const run = (steps: Step[], reading = 'descriptor', world: World = W) => {
    const spec = loadProfile('spec');
    const engine = implEngine({ world, steps }, { ...spec, knobs: { ...spec.knobs, 'K-B55': reading } as typeof spec.knobs });
    return steps.map((s) => {
      const o = engine.apply(s);
      return o.kind === 'error' ? `error ${o.code}` : o.kind;
    });
  };
  const target = (maps: MapItem[], read = 'a(5:8)'): Step => ({ op: 'omp_target', maps, body: { read } });
  const enter = (vars: string[], type: MapItem['type'] = 'to'): Step => ({ op: 'omp_target_enter_data', maps: [{ type, vars }] });
  const exit = (vars: string[], type: MapItem['type']): Step => ({ op: 'omp_target_exit_data', maps: [{ type, vars }] });

  it('stops without the array\'s descriptor on the device; runs once a map of the array itself put it there', () => {
    expect(run([target([{ type: 'to', vars: ['b'] }])])).toEqual(['error fatal_lowering']);
    expect(run([target([{ type: 'to', vars: ['b'] }])], 'dropped')).toEqual(['read']);
    expect(run([enter(['b']), target([{ type: 'to', vars: ['b'] }]), target([{ type: 'to', modifiers: ['always'], vars: ['b'] }])])).toEqual(['ok', 'read', 'read']);
    // a section's map puts the descriptor there too: the kept data map then extends b(1:4) (K-B5: undefined under the text)
    expect(run([enter(['b(1:4)']), target([{ type: 'alloc', vars: ['b'] }])])).toEqual(['ok', 'undefined']);
    expect(run([{ op: 'omp_target_data_begin', maps: [{ type: 'to', vars: ['c', 'c%p'] }] }, target([{ type: 'to', vars: ['a'] }], 'b(1:4)')])).toEqual(['ok', 'error fatal_lowering']);
    // a struct the region does not use is dropped, as a static array a declare target names
    expect(run([target([{ type: 'to', vars: ['c'] }])])).toEqual(['read']);
    expect(run([{ op: 'omp_declare_target', clauses: [{ clause: 'link', vars: ['b'] }] }, target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'read']);
  });

  it('counts the descriptor\'s maps: given back at each exit, all of them at a delete, one per construct that held it', () => {
    const twice = [enter(['b']), enter(['b'])];
    expect(run([...twice, exit(['b'], 'release'), target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'ok', 'ok', 'read']);
    expect(run([...twice, exit(['b'], 'release'), exit(['b'], 'release'), target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'ok', 'ok', 'ok', 'error fatal_lowering']);
    expect(run([...twice, exit(['b'], 'delete'), target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'ok', 'ok', 'error fatal_lowering']);
    // a kernel's implicit map of b and a target data region hold it only while they last
    expect(run([target([], 'b'), target([{ type: 'to', vars: ['b'] }])])).toEqual(['read', 'error fatal_lowering']);
    const region: Step[] = [{ op: 'omp_target_data_begin', maps: [{ type: 'to', vars: ['b'] }] }, target([{ type: 'to', vars: ['b'] }]), { op: 'omp_target_data_end' }, target([{ type: 'to', vars: ['b'] }])];
    expect(run(region)).toEqual(['ok', 'read', 'ok', 'error fatal_lowering']);
    // the construct that keeps the unused array's data map adds no descriptor map of its own
    expect(run([enter(['b']), target([{ type: 'to', vars: ['b'] }]), exit(['b'], 'release'), target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'read', 'ok', 'error fatal_lowering']);
    // on a device that shares the host's memory nothing is mapped: the map is dropped
    expect(run([target([{ type: 'to', vars: ['b'] }])], 'descriptor', { ...W, devices: [{ kind: 'shared' }] })).toEqual(['read']);
  });

  it('per device and per array; a scalar has no descriptor', () => {
    // the second item of one construct counts too; device 1's map is not device 0's
    expect(run([enter(['a', 'b']), target([{ type: 'to', vars: ['b'] }], 'a(1:4)')])).toEqual(['ok', 'read']);
    expect(run([{ op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['b'] }] }, target([{ type: 'to', vars: ['b'] }])])).toEqual(['ok', 'error fatal_lowering']);
    expect(run([enter(['b']), { op: 'omp_target', device: 1, maps: [{ type: 'to', vars: ['b'] }], body: { read: 'a(1:4)' } }])).toEqual(['ok', 'error fatal_lowering']);
    expect(run([target([{ type: 'to', vars: ['x'] }])])).toEqual(['read']);
  });

  it('dropped keeps an always map whole: an always from item of fresh storage leaves the host array indeterminate', () => {
    const spec = loadProfile('spec');
    const steps: Step[] = [target([{ type: 'from', modifiers: ['always'], vars: ['b'] }]), { op: 'host_read', var: 'b' }];
    const engine = implEngine({ world: W, steps }, { ...spec, knobs: { ...spec.knobs, 'K-B55': 'dropped' } as typeof spec.knobs });
    expect(steps.map((s) => engine.apply(s))[1]).toEqual({ kind: 'read', values: Array(8).fill(null) });
  });
});
