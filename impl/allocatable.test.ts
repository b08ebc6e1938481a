// impl unit tests of allocatable components (issue 9 item 6): allocate / deallocate of `e%x` in the
// host heap. Expectations from lang/README.md "Allocatable components": allocation k of the program
// starts at the heap's start + k * HEAP_STRIDE (the heap is the object after every array and struct,
// HOST_ALIGN-aligned), never at an address an earlier allocation had; its elements hold the source
// value (default 0); deallocate makes the component unallocated (a null descriptor) and leaves the
// device as it is: a section of the freed storage stays present, and the device copy of the struct
// keeps the device pointer attached to it (the stale attachment reads the old copy). OpenMP: a
// deallocate or allocate of a component attached while its target stays mapped is K-B22.

import { describe, expect, it } from 'vitest';
import type { Observation } from '../lang/observation.js';
import { HEAP_STRIDE, HOST_ALIGN, hostLayout, type Step, type World } from '../lang/program.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { implEngine } from './index.js';

const world: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'e', pointers: ['p', 'x'], allocatable: ['x'] }],
};
// a(4) at 0x1000; e (two descriptors, 32 bytes) at 0x1200; the heap at 0x1400
const HEAP = 0x1400;
const spec = loadProfile('spec');
const profileWith = (knobs: Record<string, string>): Profile => ({ ...spec, knobs: { ...spec.knobs, ...knobs } as Profile['knobs'] });

function run(steps: Step[], profile: Profile = spec) {
  const engine = implEngine({ world, steps }, profile);
  const obs: Observation[] = steps.map((s) => engine.apply(s));
  return { obs, snapshot: engine.snapshot() };
}
const alloc = (length: number, value?: number): Step => (value === undefined ? { op: 'allocate', ptr: 'e%x', length } : { op: 'allocate', ptr: 'e%x', length, value });
const dealloc: Step = { op: 'deallocate', ptr: 'e%x' };
const copyin = (...vars: string[]): Step => ({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars }] });
const kernelRead: Step = { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'e%x' } };

describe('allocatable components: host heap', () => {
  it('the heap lies after the structs, HOST_ALIGN-aligned, and holds the allocations HEAP_STRIDE apart', () => {
    expect(hostLayout(world).at(-1)).toEqual({ name: '(heap)', kind: 'heap', start: HEAP, bytes: 8 * HEAP_STRIDE });
    expect(HEAP % HOST_ALIGN).toBe(0);
    expect(hostLayout({ ...world, structs: [{ name: 'e', pointers: ['x'] }] }).some((o) => o.kind === 'heap')).toBe(false);
  });

  it('allocation k starts at heap + k * HEAP_STRIDE, a freed address is not handed out again', () => {
    const { snapshot } = run([alloc(64), copyin('e%x'), dealloc, alloc(1), copyin('e%x'), dealloc, alloc(2), copyin('e%x')]);
    expect(snapshot.sections.map((s) => s.host)).toEqual([
      [HEAP, HEAP + 256],
      [HEAP + HEAP_STRIDE, HEAP + HEAP_STRIDE + 4],
      [HEAP + 2 * HEAP_STRIDE, HEAP + 2 * HEAP_STRIDE + 8],
    ]);
  });

  it('the elements hold the source value (default 0), all of them and no more', () => {
    const { obs } = run([alloc(64, 7), { op: 'host_read', var: 'e%x' }, dealloc, alloc(3), { op: 'host_read', var: 'e%x' }, { op: 'host_write', var: 'e%x', value: 5 }, { op: 'host_read', var: 'e%x' }]);
    expect(obs[1]).toEqual({ kind: 'read', values: new Array(64).fill(7) });
    expect(obs[4]).toEqual({ kind: 'read', values: [0, 0, 0] });
    expect(obs[6]).toEqual({ kind: 'read', values: [5, 5, 5] });
  });

  it('the descriptor has lower bound 1 and the allocation\'s extent; deallocate leaves it unallocated', () => {
    const { obs } = run([alloc(5), { op: 'host_read', var: 'e%x', bounds: true }, { op: 'host_read', var: 'e%x', at: 5 }, dealloc, { op: 'host_read', var: 'e%x' }]);
    expect(obs.slice(0, 3)).toEqual([{ kind: 'ok' }, { kind: 'read', values: [1, 5] }, { kind: 'read', values: [0] }]);
    expect(obs[3]).toEqual({ kind: 'ok' });
    expect(obs[4]!.kind).toBe('undefined');
  });

  it('an allocate writes only its own elements and descriptor: the other member and array stay', () => {
    const { obs } = run([{ op: 'pointer_assign', ptr: 'e%p', target: 'a' }, alloc(4, 9), { op: 'host_read', var: 'e%p' }, { op: 'host_read', var: 'a' }]);
    expect(obs.slice(2)).toEqual([{ kind: 'read', values: [1, 1, 1, 1] }, { kind: 'read', values: [1, 1, 1, 1] }]);
  });
});

describe('allocatable components: the device is never told', () => {
  it('freed storage stays present, and the attached device pointer keeps reading the old copy', () => {
    const { obs, snapshot } = run([alloc(4, 3), copyin('e'), copyin('e%x'), dealloc, alloc(4, 4), kernelRead, { op: 'host_read', var: 'e%x' }]);
    expect(obs.slice(5)).toEqual([{ kind: 'read', values: [3, 3, 3, 3] }, { kind: 'read', values: [4, 4, 4, 4] }]);
    expect(snapshot.sections.map((s) => [s.host, s.drc])).toEqual([
      [[0x1200, 0x1220], 1],
      [[HEAP, HEAP + 16], 1],
    ]);
    const x = snapshot.attachments.find((a) => a.ptr === 0x1210)!;
    expect(x.ac).toBe(1);
    expect(x.device).toMatchObject({ space: 'dev', block: 2, offset: 0 });
  });

  it('a copyin of the new allocation attaches the pointer to the new copy', () => {
    const { obs } = run([alloc(4, 3), copyin('e'), copyin('e%x'), dealloc, alloc(4, 4), copyin('e%x'), kernelRead]);
    expect(obs[6]).toEqual({ kind: 'read', values: [4, 4, 4, 4] });
  });

  it('deleting the old copy first detaches the device pointer (the host value again): the kernel read is undefined until a copyin attaches the new allocation', () => {
    const deleted: Step[] = [alloc(4, 3), copyin('e'), copyin('e%x'), { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['e%x'] }] }, dealloc, alloc(4, 4)];
    expect(run([...deleted, kernelRead]).obs.map((o) => o.kind)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'undefined']);
    const { obs, snapshot } = run([...deleted, copyin('e%x'), kernelRead]);
    expect(obs[7]).toEqual({ kind: 'read', values: [4, 4, 4, 4] });
    // the new copy is block 3, at the second allocation's host address
    expect(snapshot.sections.map((s) => [s.host, s.block])).toEqual([
      [[0x1200, 0x1220], 1],
      [[HEAP + HEAP_STRIDE, HEAP + HEAP_STRIDE + 16], 3],
    ]);
  });
});

describe('allocatable components: K-C1, where a new allocation lies', () => {
  const lifo = profileWith({ 'K-C1': 'lifo' });
  const del: Step = { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['e%x'] }] };
  /** The host start of each allocation of `lengths`, freeing each before the next (mapped and deleted to see where it lies). */
  function starts(lengths: number[], profile: Profile): number[] {
    const engine = implEngine({ world, steps: [] }, profile);
    return lengths.map((n, i) => {
      if (i > 0) engine.apply(dealloc);
      engine.apply(alloc(n));
      engine.apply(copyin('e%x'));
      const start = engine.snapshot().sections[0]!.host[0];
      engine.apply(del);
      return start;
    });
  }

  it('fresh (the spec): every allocation at the next place, whatever was freed', () => {
    expect(starts([4, 4, 1], spec)).toEqual([HEAP, HEAP + HEAP_STRIDE, HEAP + 2 * HEAP_STRIDE]);
  });

  it('lifo: the storage freed last comes back when its malloc chunk is as big (at least 32 bytes, then 16-byte steps after an 8-byte header)', () => {
    // 1 and 6 elements (4 + 8 and 24 + 8 bytes) both need the 32-byte chunk; 7 (28 + 8) needs 48, as 10 does (40 + 8); 11 needs 64
    expect(starts([1, 6], lifo)).toEqual([HEAP, HEAP]);
    expect(starts([6, 7], lifo)).toEqual([HEAP, HEAP + HEAP_STRIDE]);
    expect(starts([7, 10], lifo)).toEqual([HEAP, HEAP]);
    expect(starts([10, 11], lifo)).toEqual([HEAP, HEAP + HEAP_STRIDE]);
  });

  it('lifo: the freed storage of the size asked, wherever it lies in the free list; what is handed out is no longer free', () => {
    // 4 at 0; 8 at 1 (0 free, too small); 4 at 0 (0 and 1 free: 0 fits); 8 at 1 (1 and 0 free, 0 freed last: 1 fits);
    // 8 at 1 again (0 and 1 free, 1 freed last); 4 at 0; 1 at 0 again (0 freed last, the same 32-byte chunk)
    expect(starts([4, 8, 4, 8, 8, 4, 1], lifo)).toEqual([HEAP, HEAP + HEAP_STRIDE, HEAP, HEAP + HEAP_STRIDE, HEAP + HEAP_STRIDE, HEAP, HEAP]);
  });

  it('lifo: a mapping left on freed storage is met by the next allocation of its size, which is then counted, not copied', () => {
    const steps = [alloc(4, 3), copyin('e'), copyin('e%x'), dealloc, alloc(4, 4), copyin('e%x'), kernelRead];
    const reused = run(steps, lifo);
    expect(reused.snapshot.sections.find((x) => x.host[0] === HEAP)).toMatchObject({ host: [HEAP, HEAP + 16], drc: 2 });
    expect(reused.obs.at(-1)).toEqual({ kind: 'read', values: [3, 3, 3, 3] });
    // fresh: a new section at the next place, the pointer re-pointed to it
    const fresh = run(steps, spec);
    expect(fresh.snapshot.sections.find((x) => x.host[0] === HEAP)).toMatchObject({ drc: 1 });
    expect(fresh.obs.at(-1)).toEqual({ kind: 'read', values: [4, 4, 4, 4] });
  });
});

describe('allocatable components: OpenMP K-B22', () => {
  const enter: Step = { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['e', 'e%x'] }] };
  it('a deallocate of a component attached while its target stays mapped is undefined under the spec, a host store when allowed', () => {
    expect(run([alloc(4), enter, dealloc]).obs.map((o) => o.kind)).toEqual(['ok', 'ok', 'undefined']);
    expect(run([alloc(4), enter, dealloc], profileWith({ 'K-B22': 'allowed' })).obs.map((o) => o.kind)).toEqual(['ok', 'ok', 'ok']);
  });
  it('without an attachment (the component mapped alone) the deallocate is a host store', () => {
    const alone: Step = { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['e%x'] }] };
    const { obs, snapshot } = run([alloc(4), alone, dealloc, alloc(4)]);
    expect(obs.map((o) => o.kind)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(snapshot.ompEntries.map((e) => e.host)).toEqual([[HEAP, HEAP + 16]]);
  });
});
