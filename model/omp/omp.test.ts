import { describe, expect, it } from 'vitest';
import type { Program, Step, World } from '../../lang/program.js';
import type { DeviceArg, MapItem, OmpMapModifier, OmpMapType, PtrArg } from '../../lang/openmp.js';
import type { Observation, OmpEntrySnapshot, Snapshot } from '../../lang/observation.js';
import { validateProgram } from '../../lang/validate.js';
import { loadProfile, type KnobValues, type Profile } from '../../profiles/index.js';
import { modelEngine } from '../index.js';
import { createInitialState } from '../state.js';
import { resolveDevice } from './devices.js';

// Host layout of WORLD (lang/program.ts hostLayout): a at 0x1000, b at 0x1200, c at 0x1400.
// Device 0 is discrete, device 1 shares memory with the host, 2 (= n) is the host.
const A = 0x1000;
const B = 0x1200;
const C = 0x1400;
const HOST = 'initial';

const WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
  devices: [{ kind: 'discrete' }, { kind: 'shared' }],
};

interface Run {
  observations: Observation[];
  snapshots: Snapshot[];
  rules: (readonly string[])[];
}

function run(steps: Step[], profile: Profile | string = 'spec', world: World = WORLD): Run {
  const program: Program = { world, steps };
  // Every test program is one the language accepts.
  expect(validateProgram(structuredClone(program))).toMatchObject({ ok: true });
  const engine = modelEngine(program, typeof profile === 'string' ? loadProfile(profile) : profile);
  const out: Run = { observations: [], snapshots: [], rules: [] };
  for (const s of program.steps) {
    out.observations.push(engine.apply(s));
    out.snapshots.push(engine.snapshot());
    out.rules.push(engine.lastRules!());
  }
  return out;
}

function withKnobs(overrides: Partial<KnobValues>, base = 'spec'): Profile {
  const p = loadProfile(base);
  return { ...p, name: `${base}+test`, knobs: { ...p.knobs, ...overrides } };
}

const last = <T>(xs: T[]): T => xs[xs.length - 1]!;

// ------------------------------------------------------------------------------------------------
// Step builders

function map(type: OmpMapType, vars: string[], ...modifiers: OmpMapModifier[]): MapItem {
  return modifiers.length > 0 ? { type, vars, modifiers } : { type, vars };
}
const onDevice = (device: DeviceArg | undefined) => (device === undefined ? {} : { device });
const enter = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_enter_data', maps, ...onDevice(device) });
const exit = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_exit_data', maps, ...onDevice(device) });
const dataBegin = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_data_begin', maps, ...onDevice(device) });
const dataEnd: Step = { op: 'omp_target_data_end' };
const targetRead = (ref: string, maps: MapItem[] = [], device?: DeviceArg): Step => ({
  op: 'omp_target',
  maps,
  body: { read: ref },
  ...onDevice(device),
});
const targetWrite = (ref: string, value: number, maps: MapItem[] = [], device?: DeviceArg): Step => ({
  op: 'omp_target',
  maps,
  body: { write: ref, value },
  ...onDevice(device),
});
const alloc = (result: string, bytes: number, device: DeviceArg = 0): Step => ({ op: 'omp_target_alloc', bytes, device, result });
const free = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_free', ptr, device });
const isPresent = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_is_present', ptr, device });
const isAccessible = (ptr: PtrArg, bytes: number, device: DeviceArg = 0): Step => ({
  op: 'omp_target_is_accessible',
  ptr,
  bytes,
  device,
});
const mappedPtr = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_get_mapped_ptr', ptr, device });
const associate = (host: PtrArg, dev: PtrArg, bytes: number, offset = 0, device: DeviceArg = 0): Step => ({
  op: 'omp_target_associate_ptr',
  host,
  dev,
  bytes,
  offset,
  device,
});
const disassociate = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_disassociate_ptr', ptr, device });
const memcpy = (
  dst: PtrArg,
  src: PtrArg,
  bytes: number,
  dstDevice: DeviceArg,
  srcDevice: DeviceArg,
  offsets: [number, number] = [0, 0],
): Step => ({
  op: 'omp_target_memcpy',
  dst,
  src,
  bytes,
  dst_offset: offsets[0],
  src_offset: offsets[1],
  dst_device: dstDevice,
  src_device: srcDevice,
});
const v = (name: string, offset?: number): PtrArg => (offset === undefined ? { var: name } : { var: name, offset });
const h = (handle: string, offset?: number): PtrArg => (offset === undefined ? { handle } : { handle, offset });
const hostRead = (ref: string): Step => ({ op: 'host_read', var: ref });
const hostWrite = (ref: string, value: number): Step => ({ op: 'host_write', var: ref, value });
const assign = (ptr: string, target: string): Step => ({ op: 'pointer_assign', ptr, target });

// ------------------------------------------------------------------------------------------------
// Observations

const ok: Observation = { kind: 'ok' };
const read = (n: number, x: number | null): Observation => ({ kind: 'read', values: Array<number | null>(n).fill(x) });
const value = (x: Extract<Observation, { kind: 'value' }>['value']): Observation => ({ kind: 'value', value: x });

/** What a test compares: error codes without messages, undefined without its message. */
type Outcome = Observation | { kind: 'undefined' } | { kind: 'error'; code: string };
function outcome(o: Observation): Outcome {
  if (o.kind === 'undefined') return { kind: 'undefined' };
  if (o.kind === 'error') return { kind: 'error', code: o.code };
  return o;
}
const UNDEF: Outcome = { kind: 'undefined' };
const err = (code: string): Outcome => ({ kind: 'error', code });
const FATAL_DEVICE = err('fatal_invalid_device');

function entry(host: [number, number], block: number | null, rc: number | 'inf', more: Partial<OmpEntrySnapshot> = {}): OmpEntrySnapshot {
  return { device: 0, host, block, offset: 0, rc, origin: rc === 'inf' ? 'associate' : 'map', ...more };
}

const PROFILES = ['spec', 'libgomp', 'llvm-offload'] as const;
type ProfileName = (typeof PROFILES)[number];

/**
 * One row of a spec-digest B.9 table: `setup` runs first and must not stop the program; the last
 * step's outcome is compared under each profile.
 */
function row(title: string, setup: Step[], call: Step, expected: Record<ProfileName, Outcome>): void {
  for (const profile of PROFILES)
    it(`${title} — ${profile}`, () => {
      const r = run([...setup, call], profile);
      for (const o of r.observations.slice(0, -1)) expect(['ok', 'value', 'read']).toContain(o.kind);
      expect(outcome(last(r.observations))).toEqual(expected[profile]);
    });
}
const all = (o: Outcome): Record<ProfileName, Outcome> => ({ spec: o, libgomp: o, 'llvm-offload': o });

// ------------------------------------------------------------------------------------------------

describe('device numbers', () => {
  const state = createInitialState({ world: WORLD, steps: [] });
  it('resolves 0 … n-1 to devices, n / initial / -1 to the host, -2 to invalid, the rest out of range', () => {
    expect(resolveDevice(state, 0)).toEqual({ kind: 'device', index: 0, shared: false });
    expect(resolveDevice(state, 1)).toEqual({ kind: 'device', index: 1, shared: true });
    expect(resolveDevice(state, 2)).toEqual({ kind: 'host' });
    expect(resolveDevice(state, 'initial')).toEqual({ kind: 'host' });
    expect(resolveDevice(state, -1)).toEqual({ kind: 'host' });
    expect(resolveDevice(state, -2)).toEqual({ kind: 'invalid' });
    expect(resolveDevice(state, 3)).toEqual({ kind: 'out-of-range', value: 3 });
    expect(resolveDevice(state, -3)).toEqual({ kind: 'out-of-range', value: -3 });
  });

  it('constructs: omp_invalid_device is an error, an out-of-range number undefined', () => {
    expect(outcome(run([enter([map('to', ['a'])], -2)]).observations[0]!)).toEqual(err('omp_error_invalid_device'));
    expect(outcome(run([targetRead('a', [], -2)]).observations[0]!)).toEqual(err('omp_error_invalid_device'));
    expect(outcome(run([enter([map('to', ['a'])], 3)]).observations[0]!)).toEqual(UNDEF);
    expect(outcome(run([dataBegin([map('to', ['a'])], 7)]).observations[0]!)).toEqual(UNDEF);
  });

  it('constructs on the host map nothing and the kernel works on host memory', () => {
    const r = run([
      enter([map('to', ['a'], 'present')], HOST),
      dataBegin([map('tofrom', ['b'])], -1),
      targetWrite('a', 5, [], 2),
      dataEnd,
      hostRead('a'),
    ]);
    expect(r.observations).toEqual([ok, ok, ok, ok, read(10, 5)]);
    for (const s of r.snapshots) expect(s.ompEntries).toEqual([]);
  });

  it('map storage and omp_target_alloc memory of every device share one block numbering', () => {
    const r = run([enter([map('to', ['b'])], 0), alloc('x', 8, HOST), enter([map('to', ['a'])], 1), alloc('y', 8, 1)]);
    expect(r.snapshots[3]!.ompEntries).toEqual([entry([B, B + 40], 1, 1), entry([A, A + 40], 3, 1, { device: 1 })]);
    expect(r.observations[1]).toEqual(value({ block: 2, offset: 0 }));
    expect(r.observations[3]).toEqual(value({ block: 4, offset: 0 }));
  });
});

describe('map clause: reference counts (§7.9.6)', () => {
  it('enter data creates an entry with count 1 and copies in; a target construct counts once more for its duration', () => {
    const r = run([enter([map('to', ['a'])]), targetRead('a'), hostWrite('a', 4), targetRead('a')]);
    expect(r.observations).toEqual([ok, read(10, 1), ok, read(10, 1)]);
    expect(r.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.snapshots[3]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.rules[1]).toEqual([
      'OpenMP 6.0 §15.8 target construct',
      'OpenMP 6.0 §15.2 device clause',
      'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules',
      'OpenMP 6.0 §7.9.6 map clause (mappable storage blocks)',
      'OpenMP 6.0 §7.9.6 map clause (entry)',
      'OpenMP 6.0 §7.9.6 map clause (exit)',
    ]);
  });

  it('the count reaches 0 by release: only the last reference copies back', () => {
    const r = run([
      enter([map('to', ['a'])]),
      enter([map('alloc', ['a'])]),
      targetWrite('a', 7),
      exit([map('from', ['a'])]),
      hostRead('a'),
      exit([map('release', ['a'])]),
      enter([map('to', ['a'])]),
      targetWrite('a', 8),
      exit([map('from', ['a'])]),
      hostRead('a'),
    ]);
    expect(r.observations).toEqual([ok, ok, ok, ok, read(10, 1), ok, ok, ok, ok, read(10, 8)]);
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([A, A + 40], 1, 2)]);
    expect(r.snapshots[3]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.snapshots[5]!.ompEntries).toEqual([]);
    // The next map gets a new block: numbers are never reused.
    expect(r.snapshots[6]!.ompEntries).toEqual([entry([A, A + 40], 2, 1)]);
    expect(r.snapshots[8]!.ompEntries).toEqual([]);
  });

  it('the count reaches 0 by delete, whatever its value: the delete type copies nothing back', () => {
    const r = run([enter([map('to', ['a'])]), enter([map('to', ['a'])]), targetWrite('a', 7), exit([map('delete', ['a'])]), hostRead('a')]);
    expect(r.snapshots[2]!.ompEntries).toEqual([entry([A, A + 40], 1, 2)]);
    expect(r.observations[4]).toEqual(read(10, 1));
    expect(r.snapshots[3]!.ompEntries).toEqual([]);
  });

  it('from with the delete modifier copies back and removes the entry', () => {
    const r = run([enter([map('to', ['a'])]), enter([map('to', ['a'])]), targetWrite('a', 7), exit([map('from', ['a'], 'delete')]), hostRead('a')]);
    expect(r.observations[4]).toEqual(read(10, 7));
    expect(r.snapshots[3]!.ompEntries).toEqual([]);
  });

  it('the always modifier copies in and out whatever the count', () => {
    const r = run([
      enter([map('to', ['a'])]),
      hostWrite('a', 9),
      enter([map('to', ['a'])]),
      targetRead('a'),
      enter([map('to', ['a'], 'always')]),
      targetRead('a'),
      targetWrite('a', 6),
      exit([map('from', ['a'])]),
      hostRead('a'),
      exit([map('from', ['a'], 'always')]),
      hostRead('a'),
    ]);
    expect(r.observations[3]).toEqual(read(10, 1));
    expect(r.observations[5]).toEqual(read(10, 9));
    expect(r.observations[8]).toEqual(read(10, 9));
    expect(r.observations[10]).toEqual(read(10, 6));
    expect(r.snapshots[9]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
  });

  it('the present modifier on entry: error when absent, one more reference when present', () => {
    const absent = run([enter([map('to', ['a'], 'present')]), hostRead('a')]);
    expect(outcome(absent.observations[0]!)).toEqual(err('omp_error_not_present'));
    expect(absent.observations[1]).toEqual({ kind: 'halted' });
    const present = run([enter([map('alloc', ['a'])]), targetRead('a', [map('tofrom', ['a'], 'present')])]);
    expect(present.observations[1]).toEqual(read(10, null));
    const partly = run([enter([map('to', ['a(1:5)'])]), enter([map('to', ['a'], 'present')])]);
    expect(outcome(partly.observations[1]!)).toEqual(err('omp_error_not_present'));
  });

  it('effects before an error in the same construct stay', () => {
    const r = run([enter([map('to', ['b']), map('to', ['a'], 'present')])]);
    expect(outcome(r.observations[0]!)).toEqual(err('omp_error_not_present'));
    expect(r.snapshots[0]!.ompEntries).toEqual([entry([B, B + 40], 1, 1)]);
  });

  it('K-B6: the present modifier on exit data checks at the exit point (error) or is ignored', () => {
    const steps = [exit([map('from', ['a'], 'present')])];
    expect(outcome(run(steps, 'spec').observations[0]!)).toEqual(err('omp_error_not_present'));
    expect(outcome(run(steps, 'llvm-offload').observations[0]!)).toEqual(err('omp_error_not_present'));
    expect(run(steps, withKnobs({ 'K-B6': 'ignore' })).observations[0]).toEqual(ok);
    // The end of a region does not check it.
    const region = run([enter([map('to', ['a'])]), dataBegin([map('tofrom', ['a'], 'present')]), exit([map('delete', ['a'])]), dataEnd]);
    expect(region.observations).toEqual([ok, ok, ok, ok]);
  });

  it('exit of absent or partly present data is skipped silently', () => {
    const r = run([exit([map('from', ['a'])]), enter([map('to', ['a(1:5)'])]), exit([map('from', ['a'])])]);
    expect(r.observations).toEqual([ok, ok, ok]);
    expect(r.snapshots[2]!.ompEntries).toEqual([entry([A, A + 20], 1, 1)]);
  });

  it('K-B5: mapping data that is partly present is undefined (spec) or an abort (libgomp, LLVM)', () => {
    const steps = [enter([map('to', ['a(1:5)'])]), enter([map('to', ['a'])])];
    expect(outcome(run(steps, 'spec').observations[1]!)).toEqual(UNDEF);
    expect(outcome(run(steps, 'libgomp').observations[1]!)).toEqual(err('fatal_partial_map'));
    expect(outcome(run(steps, 'llvm-offload').observations[1]!)).toEqual(err('fatal_partial_map'));
  });

  it('the implicit map of a target construct uses the entries of partly mapped data as they are (§7.9.3, §7.9.6)', () => {
    for (const profile of ['spec', 'libgomp', 'llvm-offload']) {
      // Two entries cover a between them: each element is read through its own entry, nothing is
      // created or copied, and each count goes up and down once.
      const halves = run(
        [
          enter([map('to', ['a(1:5)'])]),
          hostWrite('a', 3),
          enter([map('to', ['a(6:10)'])]),
          hostWrite('a', 4),
          targetRead('a'),
          targetWrite('a', 6),
          exit([map('from', ['a(1:5)'])]),
          hostRead('a'),
        ],
        profile,
      );
      expect(halves.observations.slice(4)).toEqual([
        { kind: 'read', values: [1, 1, 1, 1, 1, 3, 3, 3, 3, 3] },
        ok,
        ok,
        { kind: 'read', values: [6, 6, 6, 6, 6, 4, 4, 4, 4, 4] },
      ]);
      const both = [entry([A, A + 20], 1, 1), entry([A + 20, A + 40], 2, 1)];
      expect(halves.snapshots[4]!.ompEntries).toEqual(both);
      expect(halves.snapshots[5]!.ompEntries).toEqual(both);
      expect(halves.snapshots[6]!.ompEntries).toEqual([entry([A + 20, A + 40], 2, 1)]);
      expect(halves.rules[4]).toContain('OpenMP 6.0 §7.9.6 map clause (implicit map of partly mapped storage, §7.9.3)');
      // A kernel element outside every entry has no storage: undefined, and the construct's
      // exit does not run.
      const gap = run([enter([map('to', ['a(1:5)'])]), targetRead('a(1:5)'), targetRead('a(5:6)')], profile);
      expect(gap.observations[1]).toEqual(read(5, 1));
      expect(gap.snapshots[1]!.ompEntries).toEqual([entry([A, A + 20], 1, 1)]);
      expect(outcome(gap.observations[2]!)).toEqual(UNDEF);
      expect(gap.snapshots[2]!.ompEntries).toEqual([entry([A, A + 20], 1, 2)]);
    }
    // An explicit map of the same data still breaks the restriction (K-B5).
    const explicit = run([enter([map('to', ['a(1:5)'])]), targetRead('a(1:5)', [map('tofrom', ['a'])])]);
    expect(outcome(explicit.observations[1]!)).toEqual(UNDEF);
  });

  it('a count moves at most once per entry per construct', () => {
    for (const profile of ['spec', 'spec-omp-5.2']) {
      const r = run([enter([map('to', ['a', 'a(2:3)']), map('alloc', ['a'])]), exit([map('release', ['a', 'a(1:2)'])])], profile);
      expect(r.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
      expect(r.snapshots[1]!.ompEntries).toEqual([]);
    }
  });

  it('on exit, RC = 1 is the count before the construct moved it, also for a later item on the same entry', () => {
    const r = run(
      [enter([map('to', ['a'])]), enter([map('to', ['a'])]), targetWrite('a', 3), exit([map('release', ['a']), map('from', ['a(1:2)'])]), hostRead('a')],
      'spec-omp-5.2',
    );
    expect(r.snapshots[3]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.observations[4]).toEqual(read(10, 1));
  });
});

describe('K-B16: storage block (6.0) vs list item (5.2)', () => {
  it('overlapping items on one construct form one block under 6.0, a partial map under 5.2', () => {
    const steps = [enter([map('to', ['a(1:5)']), map('to', ['a(3:8)'])])];
    const spec = run(steps, 'spec');
    expect(spec.observations[0]).toEqual(ok);
    expect(spec.snapshots[0]!.ompEntries).toEqual([entry([A, A + 32], 1, 1)]);
    expect(outcome(run(steps, 'spec-omp-5.2').observations[0]!)).toEqual(UNDEF);
  });

  it('disjoint items of one array span one block under 6.0, two entries under 5.2', () => {
    const steps = [enter([map('to', ['a(1:2)', 'a(9:10)'])]), targetRead('a(4:5)', [map('tofrom', ['a(4:5)'], 'present')])];
    const spec = run(steps, 'spec');
    expect(spec.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    // The bytes between the items were never copied in.
    expect(spec.observations[1]).toEqual(read(2, null));
    const v52 = run(steps, 'spec-omp-5.2');
    expect(v52.snapshots[0]!.ompEntries).toEqual([entry([A, A + 8], 1, 1), entry([A + 32, A + 40], 2, 1)]);
    expect(outcome(v52.observations[1]!)).toEqual(err('omp_error_not_present'));
  });

  it('on exit the block spans the items again, so a block wider than the entry is skipped', () => {
    const steps = [enter([map('to', ['a(1:2)'])]), exit([map('release', ['a(1:2)', 'a(5:6)'])])];
    expect(run(steps, 'spec').snapshots[1]!.ompEntries).toEqual([entry([A, A + 8], 1, 1)]);
    expect(run(steps, 'spec-omp-5.2').snapshots[1]!.ompEntries).toEqual([]);
  });
});

describe('pointer attachment (§7.9.6, K-B7)', () => {
  const base = [assign('c%p', 'a'), enter([map('to', ['c', 'c%p'])])];

  it('attaches when the pointer or its target is new on the construct', () => {
    const r = run(base);
    // c's item comes first, so c gets block 1 and the target a block 2.
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([A, A + 40], 2, 1), entry([C, C + 16], 1, 1)]);
    expect(r.snapshots[1]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
  });

  it('6.0 does not re-attach a re-pointed pointer when neither side is new; 5.2 does', () => {
    const steps = [...base, enter([map('to', ['b'])]), assign('c%p', 'b'), enter([map('to', ['c%p'])]), targetRead('c%p')];
    for (const profile of ['spec', 'llvm-offload']) {
      const r = run(steps, profile);
      expect(r.snapshots[4]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
      expect(r.observations[5]).toEqual(read(10, 1));
    }
    const v52 = run(steps, 'spec-omp-5.2');
    expect(v52.snapshots[4]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'dev', block: 3, offset: 0, count: 10 } }]);
    expect(v52.observations[5]).toEqual(read(10, 2));
  });

  it('attaches to a subarray target at its offset, with its element count', () => {
    const r = run([assign('c%p', 'a(3:6)'), enter([map('to', ['c', 'a'])]), enter([map('to', ['c%p'])]), targetRead('c%p')]);
    // Under 6.0 neither c nor a is new on the second construct, so the device copy keeps the host address.
    expect(r.snapshots[2]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'host', addr: A + 8, count: 4 } }]);
    expect(outcome(r.observations[3]!)).toEqual(UNDEF);
    const v52 = run([assign('c%p', 'a(3:6)'), enter([map('to', ['c', 'a'])]), enter([map('to', ['c%p'])]), targetRead('c%p')], 'spec-omp-5.2');
    expect(v52.snapshots[2]!.ompPointers).toEqual([{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 8, count: 4 } }]);
    expect(v52.observations[3]).toEqual(read(4, 1));
  });

  it('does not attach when the struct is not mapped, nor a null pointer', () => {
    const r = run([assign('c%p', 'a'), enter([map('to', ['c%p'])]), { op: 'nullify', ptr: 'c%p' }, enter([map('to', ['c', 'c%p'])])]);
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.snapshots[3]!.ompPointers).toEqual([{ device: 0, ptr: C, value: null }]);
  });

  it('pointer members are never copied back, and the attachment lasts until the storage goes', () => {
    const r = run([...base, exit([map('from', ['c'])]), exit([map('release', ['a'])]), hostRead('c%p')]);
    expect(r.observations).toEqual([ok, ok, ok, ok, read(10, 1)]);
    expect(r.snapshots[2]!.ompEntries).toEqual([entry([A, A + 40], 2, 1)]);
    expect(r.snapshots[2]!.ompPointers).toEqual([]);
  });

  it('a kernel through an unattached pointer on a discrete device is undefined, and the exit is not performed', () => {
    const r = run([assign('c%p', 'a'), targetRead('c%p', [map('to', ['c'])])]);
    expect(outcome(r.observations[1]!)).toEqual(UNDEF);
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([C, C + 16], 1, 1)]);
  });
});

describe('target data regions', () => {
  it('the end of the region unmaps what its items named at entry, with their own types', () => {
    const r = run([
      dataBegin([map('tofrom', ['a']), map('to', ['b'])]),
      targetWrite('a', 3),
      targetWrite('b', 4),
      hostRead('a'),
      dataEnd,
      hostRead('a'),
      hostRead('b'),
    ]);
    expect(r.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], 1, 1), entry([B, B + 40], 2, 1)]);
    expect(r.observations[3]).toEqual(read(10, 1));
    expect(r.observations[5]).toEqual(read(10, 3));
    // `to` exits like release: b is not copied back.
    expect(r.observations[6]).toEqual(read(10, 2));
    expect(r.snapshots[4]!.ompEntries).toEqual([]);
  });

  it('regions nest; the end closes the innermost one on its own device', () => {
    const r = run([dataBegin([map('to', ['a'])], 0), dataBegin([map('to', ['a'])], 1), dataEnd, dataEnd]);
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([A, A + 40], 1, 1), entry([A, A + 40], 2, 1, { device: 1 })]);
    expect(r.snapshots[2]!.ompEntries).toEqual([entry([A, A + 40], 1, 1)]);
    expect(r.snapshots[3]!.ompEntries).toEqual([]);
  });
});

describe('devices that share memory with the host (K-B8)', () => {
  it('spec: maps make copies; libgomp and LLVM: self maps', () => {
    const steps = [enter([map('to', ['a'])], 1), targetWrite('a', 5, [], 1), hostRead('a')];
    const spec = run(steps, 'spec');
    expect(spec.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], 1, 1, { device: 1 })]);
    expect(spec.observations[2]).toEqual(read(10, 1));
    for (const profile of ['libgomp', 'llvm-offload']) {
      const r = run(steps, profile);
      expect(r.snapshots[0]!.ompEntries).toEqual([entry([A, A + 40], null, 1, { device: 1 })]);
      expect(r.observations[2]).toEqual(read(10, 5));
      expect(r.snapshots[0]!.ompPointers).toEqual([]);
    }
  });

  it('a kernel follows a host address in a device pointer on a shared device only', () => {
    const steps = (device: number) => [assign('c%p', 'a'), enter([map('to', ['c'])], device), targetRead('c%p', [], device)];
    const shared = run(steps(1));
    expect(shared.snapshots[1]!.ompPointers).toEqual([{ device: 1, ptr: C, value: { space: 'host', addr: A, count: 10 } }]);
    expect(shared.observations[2]).toEqual(read(10, 1));
    expect(outcome(run(steps(0)).observations[2]!)).toEqual(UNDEF);
  });

  it('snapshots sort entries by device, host start and creation order', () => {
    const r = run([enter([map('to', ['b'])], 1), enter([map('to', ['b'])], 0), enter([map('to', ['a'])], 0)]);
    expect(r.snapshots[2]!.ompEntries).toEqual([
      entry([A, A + 40], 3, 1),
      entry([B, B + 40], 2, 1),
      entry([B, B + 40], 1, 1, { device: 1 }),
    ]);
  });
});

// ------------------------------------------------------------------------------------------------
// spec-digest B.9: one row per table case, under spec, libgomp and llvm-offload.

describe('B.9.1 omp_target_alloc', () => {
  row('a device allocation', [], alloc('x', 16), all(value({ block: 1, offset: 0 })));
  row('on the host device', [], alloc('x', 16, HOST), all(value({ block: 1, offset: 0 })));
  row('size 0 on a discrete device (K-B10)', [], alloc('x', 0), all(value(null)));
  row('size 0 on the host (K-B10)', [], alloc('x', 0, HOST), { spec: value(null), libgomp: value({ block: 1, offset: 0 }), 'llvm-offload': value(null) });
  row('invalid device (K-B11)', [], alloc('x', 16, -2), { spec: UNDEF, libgomp: value(null), 'llvm-offload': FATAL_DEVICE });
  row('out-of-range device (K-B11)', [], alloc('x', 16, 9), { spec: UNDEF, libgomp: value(null), 'llvm-offload': FATAL_DEVICE });
  it('a null result plus an offset is undefined (libgomp returns null for an invalid device)', () => {
    const r = run([alloc('x', 16, -2), isPresent(h('x')), isPresent(h('x', 4))], 'libgomp');
    expect(r.observations.slice(0, 2)).toEqual([value(null), value(true)]);
    expect(outcome(r.observations[2]!)).toEqual(UNDEF);
  });
});

describe('B.9.2 omp_target_free', () => {
  row('NULL is ignored', [], free(null), all(ok));
  row('a live allocation of that device', [alloc('x', 16)], free(h('x')), all(ok));
  row('twice', [alloc('x', 16), free(h('x'))], free(h('x')), all(UNDEF));
  row('with another device', [alloc('x', 16)], free(h('x'), HOST), all(UNDEF));
  row('not the start of the allocation', [alloc('x', 16)], free(h('x', 4)), all(UNDEF));
  row('host memory', [], free(v('a')), all(UNDEF));
  row('invalid device (K-B11)', [alloc('x', 16)], free(h('x'), -2), { spec: UNDEF, libgomp: ok, 'llvm-offload': FATAL_DEVICE });
  it('freed memory is no longer accessible', () => {
    const r = run([alloc('x', 16), isAccessible(h('x'), 16), free(h('x')), isAccessible(h('x'), 16)]);
    expect(r.observations[1]).toEqual(value(true));
    expect(r.observations[3]).toEqual(value(false));
  });
});

describe('B.9.3 omp_target_is_present', () => {
  const mapped = [enter([map('to', ['a'])])];
  row('host / initial device', [], isPresent(v('a'), HOST), all(value(true)));
  row('host device as -1', [], isPresent(v('a'), -1), all(value(true)));
  row('invalid device', [], isPresent(v('a'), -2), { spec: UNDEF, libgomp: value(false), 'llvm-offload': FATAL_DEVICE });
  row('out-of-range device', [], isPresent(v('a'), 5), { spec: UNDEF, libgomp: value(false), 'llvm-offload': FATAL_DEVICE });
  row('ptr NULL (K-B1)', [], isPresent(null), { spec: value(false), libgomp: value(true), 'llvm-offload': value(false) });
  row('ptr NULL on the invalid device: NULL is checked first', [], isPresent(null, -2), {
    spec: value(false),
    libgomp: value(true),
    'llvm-offload': value(false),
  });
  row('shared device, nothing mapped (K-B2)', [], isPresent(v('a'), 1), {
    spec: value(false),
    libgomp: value(true),
    'llvm-offload': value(false),
  });
  row('ptr inside a mapped range', mapped, isPresent(v('a', 8)), all(value(true)));
  row('ptr at the last byte', mapped, isPresent(v('a', 39)), all(value(true)));
  row('ptr one past the end', mapped, isPresent(v('a', 40)), all(value(false)));
  row('not mapped on a discrete device', [], isPresent(v('a')), all(value(false)));
  row('a device address', [alloc('x', 16)], isPresent(h('x')), all(value(false)));
});

describe('B.9.4 omp_target_is_accessible (K-B9)', () => {
  row('host device', [], isAccessible(v('a'), 40, HOST), all(value(true)));
  row('host device, NULL', [], isAccessible(null, 4, HOST), { spec: value(false), libgomp: value(true), 'llvm-offload': value(false) });
  row('discrete device, NULL', [], isAccessible(null, 4), all(value(false)));
  row('shared device, host memory', [], isAccessible(v('a'), 40, 1), all(value(true)));
  row('discrete device, its own allocation', [alloc('x', 16)], isAccessible(h('x', 4), 12), {
    spec: value(true),
    libgomp: value(false),
    'llvm-offload': value(false),
  });
  row('discrete device, past the end of its allocation', [alloc('x', 16)], isAccessible(h('x', 8), 12), all(value(false)));
  row('discrete device, another device\'s allocation', [alloc('x', 16, HOST)], isAccessible(h('x'), 16), all(value(false)));
  row('discrete device, host memory', [], isAccessible(v('a'), 40), all(value(false)));
  // 6.0: the size must be positive; the other readings never look at it.
  row('zero bytes', [], isAccessible(v('a'), 0, HOST), { spec: UNDEF, libgomp: value(true), 'llvm-offload': value(true) });
  // 6.0: on the host, ptr is a host address; a discrete device's allocation is none.
  row('host device, a discrete device\'s allocation', [alloc('x', 16)], isAccessible(h('x'), 16, HOST), {
    spec: value(false),
    libgomp: value(true),
    'llvm-offload': value(true),
  });
  row('host device, a host allocation', [alloc('x', 16, HOST)], isAccessible(h('x'), 16, HOST), all(value(true)));
  row('host device, a shared device\'s allocation', [alloc('x', 16, 1)], isAccessible(h('x'), 16, HOST), all(value(true)));
  row('invalid device', [], isAccessible(v('a'), 4, -2), { spec: UNDEF, libgomp: value(false), 'llvm-offload': FATAL_DEVICE });
});

describe('B.9.5 omp_target_associate_ptr', () => {
  const buf = [alloc('x', 40), alloc('y', 40)];
  const assoc = [...buf, associate(v('a'), h('x'), 40)];
  row('host device (K-B14)', buf, associate(v('a'), h('x'), 40, 0, HOST), { spec: UNDEF, libgomp: value(1), 'llvm-offload': value(1) });
  // K-B18 `as-discrete` (LLVM): the normal path, so live memory of that device is associated.
  row('shared-memory device (K-B18)', [alloc('z', 40, 1)], associate(v('a'), h('z'), 40, 0, 1), {
    spec: UNDEF,
    libgomp: value(1),
    'llvm-offload': value(0),
  });
  row('invalid device (K-B11)', buf, associate(v('a'), h('x'), 40, 0, -2), { spec: UNDEF, libgomp: value(1), 'llvm-offload': FATAL_DEVICE });
  row('host_ptr NULL (K-B15)', buf, associate(null, h('x'), 40), { spec: UNDEF, libgomp: UNDEF, 'llvm-offload': value(1) });
  row('dev_ptr NULL (K-B15)', buf, associate(v('a'), null, 40), { spec: UNDEF, libgomp: UNDEF, 'llvm-offload': value(1) });
  row('size 0 (K-B15)', buf, associate(v('a'), h('x'), 0), { spec: UNDEF, libgomp: UNDEF, 'llvm-offload': value(1) });
  row('a fresh association', buf, associate(v('a'), h('x'), 40), all(value(0)));
  row('identical repeat', assoc, associate(v('a'), h('x'), 40), all(value(0)));
  row('same host start, different device buffer', assoc, associate(v('a'), h('y'), 40), all(value(1)));
  // K-B3 `spec`: another size at the same start is a second buffer for the host pointer.
  row('same host start and device address, smaller size', assoc, associate(v('a'), h('x'), 16), {
    spec: value(1),
    libgomp: value(0),
    'llvm-offload': value(1),
  });
  row('new range strictly inside an association', assoc, associate(v('a', 8), h('x'), 8, 8), {
    spec: UNDEF,
    libgomp: value(1),
    'llvm-offload': value(0),
  });
  row('partial overlap past the end', [...buf, associate(v('a'), h('x'), 20)], associate(v('a', 16), h('y'), 16), {
    spec: UNDEF,
    libgomp: value(1),
    'llvm-offload': value(0),
  });
  row('same start, longer than the association', [...buf, associate(v('a'), h('x'), 20)], associate(v('a'), h('x'), 40), {
    spec: value(1),
    libgomp: value(1),
    'llvm-offload': value(1),
  });
  row('same start as storage mapped by a map clause', [...buf, enter([map('to', ['a'])])], associate(v('a'), h('x'), 40), all(value(1)));
  row('inside storage mapped by a map clause', [...buf, enter([map('to', ['a'])])], associate(v('a', 8), h('x'), 8), {
    spec: UNDEF,
    libgomp: value(1),
    'llvm-offload': value(0),
  });
  row('device memory of another device', [alloc('z', 40, HOST)], associate(v('a'), h('z'), 40), all(UNDEF));
  row('a struct', buf, associate(v('c'), h('x'), 16), all(UNDEF));

  it('makes an entry with an infinite count that maps use and never remove', () => {
    const r = run([
      ...assoc,
      isPresent(v('a', 20)),
      mappedPtr(v('a', 20)),
      enter([map('to', ['a'])]),
      memcpy(v('b'), h('x'), 40, HOST, 0),
      hostRead('b'),
      enter([map('to', ['a'], 'always')]),
      exit([map('delete', ['a'])]),
      memcpy(v('b'), h('x'), 40, HOST, 0),
      hostRead('b'),
    ]);
    expect(r.observations.slice(2)).toEqual([
      value(0),
      value(true),
      value({ block: 1, offset: 20 }),
      ok,
      value(0),
      // The count is not 1, so the plain map copied nothing into the associated memory …
      read(10, null),
      // … and only the always modifier did.
      ok,
      ok,
      value(0),
      read(10, 1),
    ]);
    const associated = entry([A, A + 40], 1, 'inf');
    expect(r.snapshots[2]!.ompEntries).toEqual([associated]);
    expect(r.snapshots[5]!.ompEntries).toEqual([associated]);
    expect(r.snapshots[9]!.ompEntries).toEqual([associated]);
    expect(r.rules[2]).toEqual(['OpenMP 6.0 §25.5 omp_target_associate_ptr']);
  });

  it('associates at dev + offset', () => {
    const r = run([alloc('x', 48), associate(v('a(2:3)'), h('x', 4), 8, 8), mappedPtr(v('a(3:3)'))]);
    expect(r.snapshots[1]!.ompEntries).toEqual([entry([A + 4, A + 12], 1, 'inf', { offset: 12 })]);
    expect(r.observations[2]).toEqual(value({ block: 1, offset: 16 }));
  });

  it('LLVM keeps the overlapping second entry; lookups take the one created last', () => {
    const r = run([...assoc, associate(v('a', 8), h('y'), 8), mappedPtr(v('a', 12)), mappedPtr(v('a', 4))], 'llvm-offload');
    expect(r.snapshots[3]!.ompEntries).toEqual([entry([A, A + 40], 1, 'inf'), entry([A + 8, A + 16], 2, 'inf')]);
    expect(r.observations[4]).toEqual(value({ block: 2, offset: 4 }));
    expect(r.observations[5]).toEqual(value({ block: 1, offset: 4 }));
  });

  it('a kernel through associated memory that was freed is undefined', () => {
    const r = run([...assoc, targetRead('a'), free(h('x')), targetRead('a')]);
    expect(r.observations[3]).toEqual(read(10, null));
    expect(outcome(r.observations[5]!)).toEqual(UNDEF);
  });
});

describe('B.9.6 omp_target_disassociate_ptr', () => {
  const assoc = [alloc('x', 40), associate(v('a'), h('x'), 40)];
  row('associate-made, exact start', assoc, disassociate(v('a')), all(value(0)));
  row('associated twice, one disassociate', [...assoc, associate(v('a'), h('x'), 40)], disassociate(v('a')), all(value(0)));
  row('ptr interior to the association (K-B12)', assoc, disassociate(v('a', 8)), all(value(1)));
  row('mapping created by a map clause (K-B4)', [enter([map('to', ['a'])])], disassociate(v('a')), all(value(1)));
  row('NULL', [], disassociate(null), all(value(1)));
  row('host device (K-B14)', assoc, disassociate(v('a'), HOST), { spec: UNDEF, libgomp: value(1), 'llvm-offload': value(1) });
  // K-B18 `as-discrete` (LLVM) reaches the normal path: nothing is associated there (K-B17).
  row('shared-memory device (K-B18)', [], disassociate(v('a'), 1), { spec: UNDEF, libgomp: value(1), 'llvm-offload': value(1) });

  it('K-B18 splits shared-memory devices from the host (K-B14)', () => {
    const steps = [alloc('z', 40, 1), associate(v('a'), h('z'), 40, 0, 1), disassociate(v('a'), 1), disassociate(v('a'), HOST)];
    const discrete = run(steps, withKnobs({ 'K-B18': 'as-discrete', 'K-B14': 'nonzero' }));
    expect(discrete.observations.slice(1)).toEqual([value(0), value(0), value(1)]);
    expect(discrete.snapshots[1]!.ompEntries).toEqual([entry([A, A + 40], 1, 'inf', { device: 1 })]);
    expect(discrete.snapshots[2]!.ompEntries).toEqual([]);
    const refused = run(steps, withKnobs({ 'K-B18': 'nonzero', 'K-B14': 'undefined' }));
    expect(refused.observations.slice(1, 3)).toEqual([value(1), value(1)]);
    expect(outcome(refused.observations[3]!)).toEqual(UNDEF);
    expect(outcome(run(steps.slice(0, 2), withKnobs({ 'K-B18': 'undefined', 'K-B14': 'nonzero' })).observations[1]!)).toEqual(UNDEF);
  });
  row('invalid device (K-B11)', assoc, disassociate(v('a'), -2), { spec: UNDEF, libgomp: value(1), 'llvm-offload': FATAL_DEVICE });
  row('nothing associated (K-B17)', [], disassociate(v('a')), { spec: UNDEF, libgomp: value(1), 'llvm-offload': value(1) });

  it('removes the entry whatever its count; the device memory stays allocated', () => {
    const r = run([...assoc, associate(v('a'), h('x'), 40), disassociate(v('a')), isPresent(v('a')), isAccessible(h('x'), 40)]);
    expect(r.snapshots[2]!.ompEntries).toEqual([entry([A, A + 40], 1, 'inf')]);
    expect(r.snapshots[3]!.ompEntries).toEqual([]);
    expect(r.observations.slice(4)).toEqual([value(false), value(true)]);
  });

  it('K-B4 remove: a map-made entry is removed too; K-B12 undefined: an interior pointer is undefined', () => {
    const steps = [enter([map('to', ['a'])]), disassociate(v('a'))];
    const removed = run(steps, withKnobs({ 'K-B4': 'remove' }));
    expect(removed.observations[1]).toEqual(value(0));
    expect(removed.snapshots[1]!.ompEntries).toEqual([]);
    const interior = run([...assoc, disassociate(v('a', 8))], withKnobs({ 'K-B12': 'undefined' }));
    expect(outcome(interior.observations[2]!)).toEqual(UNDEF);
  });
});

describe('B.9.7 omp_get_mapped_ptr', () => {
  const mapped = [enter([map('to', ['a'])])];
  row('host device', [], mappedPtr(v('a', 4), HOST), all(value({ host: A + 4 })));
  row('host device, a device address', [alloc('x', 8, HOST)], mappedPtr(h('x'), HOST), all(value({ block: 1, offset: 0 })));
  row('invalid device', [], mappedPtr(v('a'), -2), { spec: UNDEF, libgomp: value(null), 'llvm-offload': FATAL_DEVICE });
  row('NULL', [], mappedPtr(null), all(value(null)));
  row('shared-memory device, nothing mapped (K-B2)', [], mappedPtr(v('a', 4), 1), {
    spec: value(null),
    libgomp: value({ host: A + 4 }),
    'llvm-offload': value(null),
  });
  row('shared-memory device, self-mapped', [enter([map('to', ['a'])], 1)], mappedPtr(v('a', 4), 1), {
    spec: value({ block: 1, offset: 4 }),
    libgomp: value({ host: A + 4 }),
    'llvm-offload': value({ host: A + 4 }),
  });
  row('interior address', mapped, mappedPtr(v('a', 8)), all(value({ block: 1, offset: 8 })));
  row('one past the end', mapped, mappedPtr(v('a', 40)), all(value(null)));
});

describe('B.9.8 omp_target_memcpy', () => {
  row('length 0', [], memcpy(null, null, 0, 0, 0), all(value(0)));
  row('NULL with a length', [alloc('x', 16)], memcpy(null, h('x'), 16, 0, 0), all(UNDEF));
  row('host memory given with a device number', [alloc('x', 16)], memcpy(h('x'), v('a'), 16, 0, 0), all(UNDEF));
  row('past the end of the allocation', [alloc('x', 16)], memcpy(h('x'), v('a'), 20, 0, HOST), all(UNDEF));
  row('invalid device', [alloc('x', 16)], memcpy(h('x'), v('a'), 16, 0, -2), { spec: UNDEF, libgomp: value(1), 'llvm-offload': FATAL_DEVICE });
  row('overlapping source and destination', [], memcpy(v('a', 4), v('a'), 8, HOST, HOST), all(UNDEF));
  row('a struct into element memory', [alloc('x', 16)], memcpy(h('x'), v('c'), 16, 0, HOST), all(UNDEF));

  it('copies host → device → host element by element, at the given offsets', () => {
    const r = run([
      alloc('x', 40),
      memcpy(h('x'), v('a'), 8, 0, HOST, [4, 0]),
      memcpy(v('b'), h('x'), 12, HOST, 0, [0, 0]),
      hostRead('b'),
    ]);
    expect(r.observations.slice(1)).toEqual([value(0), value(0), { kind: 'read', values: [null, 1, 1, 2, 2, 2, 2, 2, 2, 2] }]);
  });
});
