import { describe, expect, it } from 'vitest';
import type { Observation, Snapshot } from '../lang/observation.js';
import type { DeviceArg, MapItem, OmpMapModifier, OmpMapType, PtrArg } from '../lang/openmp.js';
import { hostLayout, type Program, type Step, type World } from '../lang/program.js';
import { loadProfile, type KnobValues, type Profile } from '../profiles/index.js';
import { implEngine } from './index.js';

const spec = loadProfile('spec');
const spec52 = loadProfile('spec-omp-5.2');
const libgomp = loadProfile('libgomp');
const llvm = loadProfile('llvm-offload');

/** `spec` with some knobs read differently. */
function specWith(knobs: Partial<KnobValues>): Profile {
  return { ...spec, name: 'spec+', knobs: { ...spec.knobs, ...knobs } };
}

/** Device 0 is discrete, device 1 shares memory with the host; the host is device 2. */
const world: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
  devices: [{ kind: 'discrete' }, { kind: 'shared' }],
};
const layout = new Map(hostLayout(world).map((o) => [o.name, o.start]));
const A = layout.get('a')!;
const B = layout.get('b')!;
const C = layout.get('c')!;

function run(steps: Step[], profile: Profile = spec): { obs: Observation[]; snaps: Snapshot[]; last: Snapshot } {
  const program: Program = { world, steps };
  const engine = implEngine(program, profile);
  const obs: Observation[] = [];
  const snaps: Snapshot[] = [];
  for (const step of steps) {
    obs.push(engine.apply(step));
    snaps.push(engine.snapshot());
  }
  return { obs, snaps, last: snaps[snaps.length - 1]! };
}

/** The observation without its message (messages are free text). */
function outcome(o: Observation): unknown {
  if (o.kind === 'error') return { kind: 'error', code: o.code };
  if (o.kind === 'undefined') return { kind: 'undefined' };
  return o;
}

const ok: Observation = { kind: 'ok' };
const V = (value: Extract<Observation, { kind: 'value' }>['value']) => ({ kind: 'value', value });
const R = (...values: (number | null)[]) => ({ kind: 'read', values });
const U = { kind: 'undefined' };
const E = (code: string) => ({ kind: 'error', code });
const fill = (n: number, v: number | null) => new Array<number | null>(n).fill(v);

const map = (type: OmpMapType, vars: string[], modifiers?: OmpMapModifier[]): MapItem =>
  modifiers ? { type, vars, modifiers } : { type, vars };
const enter = (maps: MapItem[], device?: DeviceArg): Step =>
  device === undefined ? { op: 'omp_target_enter_data', maps } : { op: 'omp_target_enter_data', maps, device };
const exit = (maps: MapItem[], device?: DeviceArg): Step =>
  device === undefined ? { op: 'omp_target_exit_data', maps } : { op: 'omp_target_exit_data', maps, device };
const target = (maps: MapItem[], body: { read: string } | { write: string; value: number }, device?: DeviceArg): Step =>
  device === undefined ? { op: 'omp_target', maps, body } : { op: 'omp_target', maps, body, device };
const v = (name: string, offset?: number): PtrArg => (offset === undefined ? { var: name } : { var: name, offset });
const h = (name: string, offset?: number): PtrArg => (offset === undefined ? { handle: name } : { handle: name, offset });
const alloc = (result: string, bytes: number, device: DeviceArg = 0): Step => ({ op: 'omp_target_alloc', bytes, device, result });
const associate = (host: PtrArg, dev: PtrArg, bytes: number, offset: number, device: DeviceArg = 0): Step => ({
  op: 'omp_target_associate_ptr',
  host,
  dev,
  bytes,
  offset,
  device,
});
const disassociate = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_disassociate_ptr', ptr, device });
const isPresent = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_is_present', ptr, device });
const mappedPtr = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_get_mapped_ptr', ptr, device });
const memcpy = (dst: PtrArg, src: PtrArg, bytes: number, dstDevice: DeviceArg, srcDevice: DeviceArg): Step => ({
  op: 'omp_target_memcpy',
  dst,
  src,
  bytes,
  dst_offset: 0,
  src_offset: 0,
  dst_device: dstDevice,
  src_device: srcDevice,
});

describe('OpenMP map constructs', () => {
  it('creates an entry with RC 1 and copies back only when the count is 1', () => {
    const { obs, snaps } = run([
      enter([map('to', ['a'])]),
      target([], { write: 'a', value: 7 }),
      { op: 'host_read', var: 'a' },
      exit([map('from', ['a'])]),
      { op: 'host_read', var: 'a' },
    ]);
    expect(snaps[0]!.ompEntries).toEqual([{ device: 0, host: [A, A + 40], block: 1, offset: 0, rc: 1, origin: 'map' }]);
    // The target's implicit tofrom found a at RC 2: no copy back at its end.
    expect(snaps[1]!.ompEntries.map((e) => e.rc)).toEqual([1]);
    expect(obs[2]).toEqual(R(...fill(10, 1)));
    expect(snaps[3]!.ompEntries).toEqual([]);
    expect(obs[4]).toEqual(R(...fill(10, 7)));
  });

  it('reaches RC 0 by release one step at a time, and at once by delete', () => {
    const released = run([enter([map('to', ['a'])]), enter([map('to', ['a'])]), exit([map('release', ['a'])]), exit([map('release', ['a'])])]);
    expect(released.snaps.map((s) => s.ompEntries.map((e) => e.rc))).toEqual([[1], [2], [1], []]);
    const deleted = run([enter([map('to', ['a'])]), enter([map('to', ['a'])]), exit([map('delete', ['a'])])]);
    expect(deleted.last.ompEntries).toEqual([]);
  });

  it('copies back at RC 2 when the delete modifier is given', () => {
    const { obs, last } = run([
      enter([map('to', ['a'])]),
      enter([map('to', ['a'])]),
      target([map('to', ['a'])], { write: 'a', value: 5 }),
      exit([map('from', ['a'], ['delete'])]),
      { op: 'host_read', var: 'a' },
    ]);
    expect(last.ompEntries).toEqual([]);
    expect(obs[4]).toEqual(R(...fill(10, 5)));
  });

  it('copies in with always whatever the count', () => {
    const { obs } = run([
      enter([map('to', ['a'])]),
      { op: 'host_write', var: 'a', value: 9 },
      enter([map('to', ['a'])]),
      target([map('alloc', ['a'])], { read: 'a' }),
      enter([map('to', ['a'], ['always'])]),
      target([map('alloc', ['a'])], { read: 'a' }),
    ]);
    expect(obs[3]).toEqual(R(...fill(10, 1)));
    expect(obs[5]).toEqual(R(...fill(10, 9)));
  });

  it('stops with omp_error_not_present for a present modifier on absent data (K-B6 on exit data)', () => {
    expect(outcome(run([enter([map('to', ['a'], ['present'])])]).obs[0]!)).toEqual(E('omp_error_not_present'));
    const exitAbsent = [exit([map('from', ['a'], ['present'])])];
    expect(outcome(run(exitAbsent).obs[0]!)).toEqual(E('omp_error_not_present'));
    expect(run(exitAbsent, specWith({ 'K-B6': 'ignore' })).obs[0]).toEqual(ok);
    // Present data passes the check and counts as usual.
    expect(run([enter([map('to', ['a'])]), enter([map('to', ['a'], ['present'])])]).last.ompEntries[0]!.rc).toBe(2);
  });

  it('adjusts a reference count at most once per construct', () => {
    // 5.2 list items: a and a(1:2) are two items that find the same entry.
    const { snaps } = run([enter([map('to', ['a', 'a(1:2)'])]), exit([map('release', ['a(1:2)', 'a'])])], spec52);
    expect(snaps[0]!.ompEntries.map((e) => e.rc)).toEqual([1]);
    expect(snaps[1]!.ompEntries).toEqual([]);
  });

  it('applies the at-most-once rule to delete too, and tests RC = 1 on the count before the construct', () => {
    const twice = [enter([map('to', ['a'])]), enter([map('to', ['a'])])];
    // 5.2 list items: the release decrements, the delete then finds the entry already adjusted.
    const kept = run([...twice, exit([map('release', ['a']), map('delete', ['a'])])], spec52);
    expect(kept.last.ompEntries.map((e) => e.rc)).toEqual([1]);
    // The second item sees RC 1 only because of the first item's decrement: no copy back.
    const { obs, last } = run(
      [...twice, target([map('alloc', ['a'])], { write: 'a', value: 5 }), exit([map('from', ['a(1:2)', 'a(3:4)'])]), { op: 'host_read', var: 'a' }],
      spec52,
    );
    expect(last.ompEntries.map((e) => e.rc)).toEqual([1]);
    expect(obs[4]).toEqual(R(...fill(10, 1)));
  });

  it('removes a block that deletes, copying back only the items whose own modifiers or count say so', () => {
    const steps = (fromMods?: OmpMapModifier[]): Step[] => [
      enter([map('to', ['a'])]),
      enter([map('to', ['a'])]),
      target([map('alloc', ['a'])], { write: 'a', value: 5 }),
      exit([map('from', ['a(1:2)'], fromMods), map('delete', ['a(5:6)'])]),
      { op: 'host_read', var: 'a' },
    ];
    const plain = run(steps());
    expect(plain.last.ompEntries).toEqual([]);
    expect(plain.obs[4]).toEqual(R(...fill(10, 1)));
    const own = run(steps(['delete']));
    expect(own.obs[4]).toEqual(R(5, 5, 1, 1, 1, 1, 1, 1, 1, 1));
  });

  it('maps the items of one array as one storage block (6.0) or one by one (5.2)', () => {
    const steps = [enter([map('to', ['a(1:2)']), map('to', ['a(5:6)'])]), exit([map('release', ['a(1:2)'])])];
    const blocks = run(steps);
    expect(blocks.snaps[0]!.ompEntries).toEqual([{ device: 0, host: [A, A + 24], block: 1, offset: 0, rc: 1, origin: 'map' }]);
    expect(blocks.snaps[1]!.ompEntries).toEqual([]);
    const items = run(steps, spec52);
    expect(items.snaps[0]!.ompEntries).toEqual([
      { device: 0, host: [A, A + 8], block: 1, offset: 0, rc: 1, origin: 'map' },
      { device: 0, host: [A + 16, A + 24], block: 2, offset: 0, rc: 1, origin: 'map' },
    ]);
    expect(items.snaps[1]!.ompEntries.map((e) => e.host)).toEqual([[A + 16, A + 24]]);
  });

  it('treats a partly present map as K-B5 says', () => {
    const steps = [enter([map('to', ['a(1:4)'])]), enter([map('to', ['a'])])];
    expect(outcome(run(steps).obs[1]!)).toEqual(U);
    expect(outcome(run(steps, libgomp).obs[1]!)).toEqual(E('fatal_partial_map'));
  });

  it('maps the implicit root of partly present data onto the entries that overlap it (no K-B5)', () => {
    const partly = [enter([map('to', ['a(1:4)'])]), { op: 'host_write', var: 'a', value: 7 } as Step];
    for (const profile of [spec, libgomp]) {
      const { obs, snaps } = run([...partly, target([], { read: 'a(2:4)' }), target([], { write: 'a(1:4)', value: 9 }), exit([map('from', ['a(1:4)'])]), { op: 'host_read', var: 'a' }], profile);
      // The entry keeps the copy made at RC 1; its count moves up and back; nothing is created.
      expect(obs.slice(2), profile.name).toEqual([R(1, 1, 1), ok, ok, R(9, 9, 9, 9, 7, 7, 7, 7, 7, 7)]);
      expect(snaps[2]!.ompEntries.map((e) => [e.host, e.rc]), profile.name).toEqual([[[A, A + 16], 1]]);
      expect(snaps[4]!.ompEntries, profile.name).toEqual([]);
    }
    // An element outside every entry is undefined.
    expect(outcome(run([...partly, target([], { read: 'a(4:5)' })]).obs[2]!)).toEqual(U);
    // Elements held by different entries are each reached through their own entry.
    const split = run([...partly, enter([map('to', ['a(5:10)'])]), { op: 'host_write', var: 'a', value: 3 }, target([], { read: 'a' })]);
    expect(split.obs[4]).toEqual(R(1, 1, 1, 1, 7, 7, 7, 7, 7, 7));
    expect(split.last.ompEntries.map((e) => e.rc)).toEqual([1, 1]);
  });

  it('maps the kernel root implicitly tofrom unless a map names it', () => {
    const implicit = run([target([], { write: 'b', value: 4 }), { op: 'host_read', var: 'b' }]);
    expect(implicit.obs[1]).toEqual(R(...fill(10, 4)));
    expect(implicit.last.ompEntries).toEqual([]);
    const explicit = run([target([map('to', ['b'])], { write: 'b', value: 4 }), { op: 'host_read', var: 'b' }]);
    expect(explicit.obs[1]).toEqual(R(...fill(10, 2)));
  });

  it('exits a target data region with the ranges recorded at its start', () => {
    const { obs, snaps } = run([
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      { op: 'omp_target_data_begin', maps: [map('tofrom', ['c%p'])] },
      target([], { write: 'a', value: 3 }),
      { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
      { op: 'host_read', var: 'a' },
      { op: 'omp_target_data_end' },
      { op: 'host_read', var: 'a' },
    ]);
    expect(snaps[1]!.ompEntries.map((e) => e.host)).toEqual([[A, A + 40]]);
    expect(obs[4]).toEqual(R(...fill(10, 1)));
    expect(snaps[5]!.ompEntries).toEqual([]);
    expect(obs[6]).toEqual(R(...fill(10, 3)));
  });

  it('continues the global block numbering after OpenACC allocations', () => {
    const { last } = run([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }] },
      enter([map('to', ['a'])]),
      alloc('h', 8),
    ]);
    expect(last.sections.map((s) => s.block)).toEqual([1]);
    expect(last.ompEntries.map((e) => e.block)).toEqual([2]);
  });
});

describe('OpenMP pointer attachment', () => {
  const attached = [{ op: 'pointer_assign', ptr: 'c%p', target: 'a' } as Step, enter([map('to', ['c', 'c%p'])])];

  it('attaches a pointer when its struct or its target is new on the construct', () => {
    const { obs, last } = run([...attached, target([], { read: 'c%p' })]);
    // c is the first block (1), a the second (2).
    expect(last.ompEntries.map((e) => [e.host[0], e.block])).toEqual([
      [A, 2],
      [C, 1],
    ]);
    expect(last.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
    expect(obs[2]).toEqual(R(...fill(10, 1)));
  });

  it('does not re-attach to already mapped data under 6.0, does under 5.x (K-B7)', () => {
    const steps: Step[] = [
      ...attached,
      { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
      enter([map('to', ['b'])]),
      enter([map('to', ['c%p'])]),
      target([], { read: 'c%p' }),
    ];
    const v60 = run(steps);
    expect(v60.obs[5]).toEqual(R(...fill(10, 1)));
    expect(v60.last.ompPointers[0]!.value).toEqual({ space: 'dev', block: 2, offset: 0, count: 10 });
    const v52 = run(steps, spec52);
    expect(v52.obs[5]).toEqual(R(...fill(10, 2)));
    expect(v52.last.ompPointers[0]!.value).toEqual({ space: 'dev', block: 3, offset: 0, count: 10 });
  });

  it('copies a struct verbatim without its target, and never copies pointer members back', () => {
    const { obs, snaps } = run([
      { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
      enter([map('to', ['c'])]),
      target([], { read: 'c%p' }),
    ]);
    expect(snaps[1]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'host', addr: A, count: 10 } }]);
    // A host address in a discrete device's copy is not attached.
    expect(outcome(obs[2]!)).toEqual(U);
    const back = run([...attached, exit([map('from', ['c'])]), { op: 'host_read', var: 'c%p' }]);
    expect(back.snaps[2]!.ompEntries.map((e) => e.host[0])).toEqual([A]);
    expect(back.obs[3]).toEqual(R(...fill(10, 1)));
  });
});

describe('OpenMP devices', () => {
  it('rejects omp_invalid_device, leaves out-of-range numbers undefined, and maps nothing on the host', () => {
    expect(outcome(run([enter([map('to', ['a'])], -2)]).obs[0]!)).toEqual(E('omp_error_invalid_device'));
    expect(outcome(run([enter([map('to', ['a'])], 7)]).obs[0]!)).toEqual(U);
    for (const host of ['initial', -1, 2] as const) {
      const { obs, last } = run([enter([map('to', ['a'])], host), target([map('to', ['a'])], { write: 'a', value: 8 }, host), { op: 'host_read', var: 'a' }]);
      expect(last.ompEntries).toEqual([]);
      expect(obs[2]).toEqual(R(...fill(10, 8)));
    }
  });

  it('maps on a shared device with copies or as self maps (K-B8)', () => {
    const steps = [enter([map('to', ['a'])], 1), target([map('to', ['a'])], { write: 'a', value: 6 }, 1), { op: 'host_read', var: 'a' } as Step];
    const copies = run(steps);
    expect(copies.snaps[0]!.ompEntries).toEqual([{ device: 1, host: [A, A + 40], block: 1, offset: 0, rc: 1, origin: 'map' }]);
    expect(copies.obs[2]).toEqual(R(...fill(10, 1)));
    const self = run(steps, libgomp);
    expect(self.snaps[0]!.ompEntries).toEqual([{ device: 1, host: [A, A + 40], block: null, offset: 0, rc: 1, origin: 'map' }]);
    expect(self.obs[2]).toEqual(R(...fill(10, 6)));
  });

  it('lets a shared device dereference a host address that was never attached', () => {
    const { obs } = run([{ op: 'pointer_assign', ptr: 'c%p', target: 'b' }, enter([map('to', ['c'])], 1), target([], { read: 'c%p' }, 1)]);
    expect(obs[2]).toEqual(R(...fill(10, 2)));
  });
});

/** One B.9 case: the steps, and the last step's outcome under spec, libgomp and llvm-offload. */
interface Row {
  name: string;
  steps: Step[];
  expect: [spec: unknown, libgomp: unknown, llvm: unknown];
  /** Host ranges of the entries after the last step, under every profile that returned a value. */
  entries?: [number, number][];
  /** Host ranges per profile (spec, libgomp, llvm-offload) where they differ. */
  entriesBy?: [number, number][][];
}

function checkRows(rows: Row[]): void {
  for (const row of rows)
    it(row.name, () => {
      [spec, libgomp, llvm].forEach((profile, i) => {
        const { obs, last } = run(row.steps, profile);
        for (const o of obs.slice(0, -1)) expect(o.kind, `${profile.name}: setup`).not.toMatch(/error|undefined|halted/);
        const final = obs[obs.length - 1]!;
        expect(outcome(final), profile.name).toEqual(row.expect[i]);
        const entries = row.entriesBy?.[i] ?? row.entries;
        if (entries && final.kind === 'value') expect(last.ompEntries.map((e) => e.host), profile.name).toEqual(entries);
      });
    });
}

describe('omp_target_is_present (B.9.3)', () => {
  const mapped = enter([map('to', ['a'])]);
  checkRows([
    { name: 'host device → true', steps: [isPresent(v('a'), 'initial')], expect: [V(true), V(true), V(true)] },
    { name: 'invalid device → K-B11', steps: [isPresent(v('a'), -2)], expect: [U, V(false), E('fatal_invalid_device')] },
    { name: 'NULL → K-B1', steps: [isPresent(null)], expect: [V(false), V(true), V(false)] },
    { name: 'interior pointer of a mapped range → true', steps: [mapped, isPresent(v('a', 8))], expect: [V(true), V(true), V(true)] },
    { name: 'one past the end → false', steps: [mapped, isPresent(v('a', 40))], expect: [V(false), V(false), V(false)] },
    { name: 'shared device without a map → K-B2', steps: [isPresent(v('a'), 1)], expect: [V(false), V(true), V(false)] },
  ]);
});

describe('omp_get_mapped_ptr (B.9.7)', () => {
  const mapped = enter([map('to', ['a'])]);
  checkRows([
    { name: 'host device → the pointer itself', steps: [mappedPtr(v('a', 4), 'initial')], expect: [V({ host: A + 4 }), V({ host: A + 4 }), V({ host: A + 4 })] },
    { name: 'interior address → device base + offset', steps: [mapped, mappedPtr(v('a', 8))], expect: [V({ block: 1, offset: 8 }), V({ block: 1, offset: 8 }), V({ block: 1, offset: 8 })] },
    { name: 'one past the end → null', steps: [mapped, mappedPtr(v('a', 40))], expect: [V(null), V(null), V(null)] },
    { name: 'shared device without a map → K-B2', steps: [mappedPtr(v('a'), 1)], expect: [V(null), V({ host: A }), V(null)] },
    { name: 'invalid device → K-B11', steps: [mappedPtr(v('a'), -2)], expect: [U, V(null), E('fatal_invalid_device')] },
    { name: 'NULL → null', steps: [mappedPtr(null)], expect: [V(null), V(null), V(null)] },
  ]);
});

describe('omp_target_associate_ptr (B.9.5)', () => {
  const setup = [alloc('h', 40), alloc('h2', 40), associate(v('a'), h('h'), 40, 0)];
  checkRows([
    { name: 'first association → 0, infinite count', steps: setup, expect: [V(0), V(0), V(0)], entries: [[A, A + 40]] },
    { name: 'identical repeat → 0, no effect', steps: [...setup, associate(v('a'), h('h'), 40, 0)], expect: [V(0), V(0), V(0)], entries: [[A, A + 40]] },
    { name: 'same host start, other buffer → nonzero', steps: [...setup, associate(v('a'), h('h2'), 40, 0)], expect: [V(1), V(1), V(1)] },
    {
      name: 'same start, shorter range → K-B3 (spec: a second buffer, nonzero)',
      steps: [...setup, associate(v('a'), h('h'), 16, 0)],
      expect: [V(1), V(0), V(1)],
      entries: [[A, A + 40]],
    },
    {
      name: 'range fully inside at another start → K-B3 (LLVM adds an overlapping entry)',
      steps: [...setup, associate(v('a', 8), h('h'), 16, 8)],
      expect: [U, V(1), V(0)],
      entriesBy: [[], [[A, A + 40]], [[A, A + 40], [A + 8, A + 24]]],
    },
    {
      name: 'partial overlap → K-B3',
      steps: [...setup, associate(v('a', 20), h('h2'), 20, 0)],
      expect: [U, V(1), V(0)],
      entriesBy: [[], [[A, A + 40]], [[A, A + 40], [A + 20, A + 40]]],
    },
    { name: 'host device → K-B14', steps: [alloc('h', 40), associate(v('a'), h('h'), 40, 0, 'initial')], expect: [U, V(1), V(1)] },
    {
      name: 'shared device → K-B18 (LLVM: as on a discrete device)',
      steps: [alloc('h', 40, 1), associate(v('a'), h('h'), 40, 0, 1)],
      expect: [U, V(1), V(0)],
      entriesBy: [[], [], [[A, A + 40]]],
    },
    { name: 'NULL host pointer → K-B15', steps: [alloc('h', 40), associate(null, h('h'), 40, 0)], expect: [U, U, V(1)] },
    { name: 'size 0 → K-B15', steps: [alloc('h', 40), associate(v('a'), h('h'), 0, 0)], expect: [U, U, V(1)] },
    { name: 'invalid device → K-B11', steps: [alloc('h', 40), associate(v('a'), h('h'), 40, 0, -2)], expect: [U, V(1), E('fatal_invalid_device')] },
  ]);

  it('gives later maps the associated storage with an infinite count', () => {
    const { obs, snaps } = run([
      ...setup,
      enter([map('to', ['a'])]),
      target([map('alloc', ['a'])], { read: 'a' }),
      enter([map('to', ['a'], ['always'])]),
      target([map('alloc', ['a'])], { read: 'a' }),
      exit([map('delete', ['a'])]),
    ]);
    expect(snaps[3]!.ompEntries).toEqual([{ device: 0, host: [A, A + 40], block: 1, offset: 0, rc: 'inf', origin: 'associate' }]);
    // RC ∞ is never 1: no copy without always; the buffer is still indeterminate.
    expect(obs[4]).toEqual(R(...fill(10, null)));
    expect(obs[6]).toEqual(R(...fill(10, 1)));
    expect(snaps[7]!.ompEntries.map((e) => e.rc)).toEqual(['inf']);
  });

  it('finds the entry created last where LLVM entries overlap', () => {
    const { obs, last } = run(
      [alloc('h', 40), alloc('h2', 16), associate(v('a'), h('h'), 40, 0), associate(v('a', 8), h('h2'), 16, 0), mappedPtr(v('a', 8)), mappedPtr(v('a', 4))],
      llvm,
    );
    expect(obs[4]).toEqual(V({ block: 2, offset: 0 }));
    expect(obs[5]).toEqual(V({ block: 1, offset: 4 }));
    expect(last.ompEntries.map((e) => [e.host[0], e.block])).toEqual([
      [A, 1],
      [A + 8, 2],
    ]);
  });
});

describe('omp_target_disassociate_ptr (B.9.6)', () => {
  const setup = [alloc('h', 40), associate(v('a'), h('h'), 40, 0)];
  checkRows([
    { name: 'associate-made, exact start → removed, 0', steps: [...setup, disassociate(v('a'))], expect: [V(0), V(0), V(0)], entries: [] },
    { name: 'associated twice, one disassociate → removed', steps: [...setup, associate(v('a'), h('h'), 40, 0), disassociate(v('a'))], expect: [V(0), V(0), V(0)], entries: [] },
    { name: 'interior pointer → K-B12', steps: [...setup, disassociate(v('a', 4))], expect: [V(1), V(1), V(1)], entries: [[A, A + 40]] },
    { name: 'one past the end → no associated data, K-B17', steps: [...setup, disassociate(v('a', 40))], expect: [U, V(1), V(1)] },
    { name: 'map-made storage → K-B4', steps: [enter([map('to', ['b'])]), disassociate(v('b'))], expect: [V(1), V(1), V(1)], entries: [[B, B + 40]] },
    { name: 'NULL → nonzero', steps: [disassociate(null)], expect: [V(1), V(1), V(1)] },
    { name: 'host device → K-B14', steps: [...setup, disassociate(v('a'), 'initial')], expect: [U, V(1), V(1)] },
    { name: 'shared device → K-B18 (LLVM: no associated data, K-B17)', steps: [...setup, disassociate(v('a'), 1)], expect: [U, V(1), V(1)] },
    { name: 'invalid device → K-B11', steps: [...setup, disassociate(v('a'), -2)], expect: [U, V(1), E('fatal_invalid_device')] },
  ]);

  it('associates and disassociates on a shared device like on a discrete one under K-B18 as-discrete', () => {
    const { obs, snaps } = run(
      [alloc('h', 40, 1), associate(v('a'), h('h'), 40, 0, 1), target([map('alloc', ['a'])], { read: 'a(1:2)' }, 1), disassociate(v('a'), 1)],
      specWith({ 'K-B18': 'as-discrete' }),
    );
    expect(obs.slice(1)).toEqual([V(0), R(null, null), V(0)]);
    expect(snaps[1]!.ompEntries).toEqual([{ device: 1, host: [A, A + 40], block: 1, offset: 0, rc: 'inf', origin: 'associate' }]);
    expect(snaps[3]!.ompEntries).toEqual([]);
    expect(outcome(run([alloc('h', 40, 1), associate(v('a'), h('h'), 40, 0, 1)], specWith({ 'K-B18': 'nonzero' })).obs[1]!)).toEqual(V(1));
  });

  it('removes map-made storage under K-B4 remove', () => {
    const { obs, last } = run([enter([map('to', ['b'])]), disassociate(v('b'))], specWith({ 'K-B4': 'remove' }));
    expect(obs[1]).toEqual(V(0));
    expect(last.ompEntries).toEqual([]);
  });
});

describe('omp_target_alloc, omp_target_free, omp_target_is_accessible, omp_target_memcpy (B.9)', () => {
  checkRows([
    { name: 'alloc of 0 bytes on a discrete device → null under every reading of K-B10', steps: [alloc('h', 0)], expect: [V(null), V(null), V(null)] },
    { name: 'alloc of 0 bytes on the host → K-B10', steps: [alloc('h', 0, 'initial')], expect: [V(null), V({ block: 1, offset: 0 }), V(null)] },
    { name: 'alloc on the host → a block too', steps: [alloc('h', 8, 'initial')], expect: [V({ block: 1, offset: 0 }), V({ block: 1, offset: 0 }), V({ block: 1, offset: 0 })] },
    { name: 'alloc on an invalid device → K-B11', steps: [alloc('h', 8, -2)], expect: [U, V(null), E('fatal_invalid_device')] },
    { name: 'accessible: own allocation on a discrete device → K-B9', steps: [alloc('h', 40), { op: 'omp_target_is_accessible', ptr: h('h'), bytes: 40, device: 0 }], expect: [V(true), V(false), V(false)] },
    { name: 'accessible: past the allocation', steps: [alloc('h', 40), { op: 'omp_target_is_accessible', ptr: h('h', 4), bytes: 40, device: 0 }], expect: [V(false), V(false), V(false)] },
    { name: 'accessible: a host address on a discrete device', steps: [{ op: 'omp_target_is_accessible', ptr: v('a'), bytes: 4, device: 0 }], expect: [V(false), V(false), V(false)] },
    { name: 'accessible: a shared device', steps: [{ op: 'omp_target_is_accessible', ptr: v('a'), bytes: 4, device: 1 }], expect: [V(true), V(true), V(true)] },
    { name: 'accessible: NULL on the host', steps: [{ op: 'omp_target_is_accessible', ptr: null, bytes: 4, device: 'initial' }], expect: [V(false), V(true), V(false)] },
    { name: 'accessible: 0 bytes → undefined under 6.0', steps: [alloc('h', 40), { op: 'omp_target_is_accessible', ptr: h('h'), bytes: 0, device: 0 }], expect: [U, V(false), V(false)] },
    { name: 'accessible: 0 bytes of NULL on the host → undefined under 6.0', steps: [{ op: 'omp_target_is_accessible', ptr: null, bytes: 0, device: 'initial' }], expect: [U, V(true), V(false)] },
    {
      name: "accessible: a discrete device's allocation on the host → false under 6.0",
      steps: [alloc('h', 40), { op: 'omp_target_is_accessible', ptr: h('h'), bytes: 4, device: 'initial' }],
      expect: [V(false), V(true), V(true)],
    },
    {
      name: 'accessible: host and shared-device allocations on the host → true',
      steps: [alloc('h', 40, 'initial'), alloc('h2', 40, 1), { op: 'omp_target_is_accessible', ptr: h('h'), bytes: 40, device: 'initial' }, { op: 'omp_target_is_accessible', ptr: h('h2'), bytes: 4, device: 'initial' }],
      expect: [V(true), V(true), V(true)],
    },
    { name: 'memcpy of 0 bytes → 0, even on a bad device', steps: [memcpy(v('a'), v('b'), 0, -2, 9)], expect: [V(0), V(0), V(0)] },
    { name: 'memcpy on an invalid device → K-B11', steps: [alloc('h', 40), memcpy(h('h'), v('a'), 40, -2, 'initial')], expect: [U, V(1), E('fatal_invalid_device')] },
    { name: 'memcpy: a host address with a device number → undefined', steps: [alloc('h', 40), memcpy(h('h'), v('a'), 40, 0, 0)], expect: [U, U, U] },
    { name: 'memcpy past the end of an allocation → undefined', steps: [alloc('h', 8), memcpy(h('h'), v('a'), 16, 0, 'initial')], expect: [U, U, U] },
  ]);

  it('frees an allocation once; a second free or another device is undefined', () => {
    const once = run([alloc('h', 8), { op: 'omp_target_free', ptr: h('h'), device: 0 }, { op: 'omp_target_free', ptr: null, device: 0 }]);
    expect(once.obs.slice(1)).toEqual([ok, ok]);
    const twice = run([alloc('h', 8), { op: 'omp_target_free', ptr: h('h'), device: 0 }, { op: 'omp_target_free', ptr: h('h'), device: 0 }]);
    expect(outcome(twice.obs[2]!)).toEqual(U);
    const elsewhere = run([alloc('h', 8), { op: 'omp_target_free', ptr: h('h'), device: 1 }]);
    expect(outcome(elsewhere.obs[1]!)).toEqual(U);
  });

  it('copies elements between host memory and an allocation', () => {
    const { obs } = run([
      alloc('h', 40),
      memcpy(h('h'), v('a'), 40, 0, 'initial'),
      { op: 'host_write', var: 'a', value: 5 },
      memcpy(v('a', 4), h('h'), 8, 'initial', 0),
      { op: 'host_read', var: 'a' },
    ]);
    expect(obs[1]).toEqual(V(0));
    expect(obs[3]).toEqual(V(0));
    expect(obs[4]).toEqual(R(5, 1, 1, 5, 5, 5, 5, 5, 5, 5));
  });

  it('makes the storage of an association to a freed buffer undefined to use', () => {
    const { obs } = run([
      alloc('h', 40),
      associate(v('a'), h('h'), 40, 0),
      { op: 'omp_target_free', ptr: h('h'), device: 0 },
      target([map('alloc', ['a'])], { read: 'a' }),
    ]);
    expect(obs[2]).toEqual(ok);
    expect(outcome(obs[3]!)).toEqual(U);
  });
});
