import { describe, expect, it } from 'vitest';
import type { Observation, Snapshot } from '../lang/observation.js';
import { hostLayout, type Program, type Step, type World } from '../lang/program.js';
import { loadProfile, type KnobValues, type Profile } from '../profiles/index.js';
import { implEngine } from './index.js';

const spec = loadProfile('spec');
const cray = loadProfile('cray-19');
const libgomp = loadProfile('libgomp');

/** `spec` with some knobs read differently. */
function specWith(knobs: Partial<KnobValues>): Profile {
  return { ...spec, name: 'spec+', knobs: { ...spec.knobs, ...knobs } };
}

function run(program: Program, profile: Profile): { observations: Observation[]; snapshots: Snapshot[] } {
  const engine = implEngine(program, profile);
  const observations: Observation[] = [];
  const snapshots: Snapshot[] = [];
  for (const step of program.steps) {
    observations.push(engine.apply(step));
    snapshots.push(engine.snapshot());
  }
  return { observations, snapshots };
}

const world: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};
const layout = new Map(hostLayout(world).map((o) => [o.name, o]));
const A = layout.get('a')!.start;
const B = layout.get('b')!.start;
const C = layout.get('c')!.start;

const readCp: Step = { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } };

/** seeds/000: re-attach after host reassociation (c%p => a, attach; c%p => b, attach; read c%p). */
const reattachSeed: Program = {
  world,
  steps: [
    { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }, { clause: 'attach', vars: ['c%p'] }] },
    readCp,
  ],
};

/** seeds/000: detach of a never-attached pointer, then a real attach. */
const detachSeed: Program = {
  world,
  steps: [
    { op: 'nullify', ptr: 'c%p' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'detach', vars: ['c%p'] }] },
    { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
    readCp,
  ],
};

const ok: Observation = { kind: 'ok' };
const read = (values: (number | null)[]): Observation => ({ kind: 'read', values });
const fill = (n: number, v: number | null) => Array<number | null>(n).fill(v);

describe('seed 000: re-attach after reassociation', () => {
  it('spec re-points the device pointer to b', () => {
    const { observations, snapshots } = run(reattachSeed, spec);
    expect(observations.slice(0, 5)).toEqual(fill(5, null).map(() => ok));
    expect(observations[5]).toEqual(read(fill(10, 2)));
    // c is block 1, a block 2, b block 3; the pointer is attached once, to b.
    expect(snapshots[4]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 3, offset: 0, count: 10 } }]);
    expect(snapshots[4]!.sections).toEqual([
      { host: [A, A + 40], block: 2, src: 0, drc: 1 },
      { host: [B, B + 40], block: 3, src: 0, drc: 1 },
      { host: [C, C + 16], block: 1, src: 0, drc: 1 },
    ]);
  });

  it('cray-19 keeps the stale device pointer (counter-only)', () => {
    const { observations, snapshots } = run(reattachSeed, cray);
    expect(observations[5]).toEqual(read(fill(10, 1)));
    expect(snapshots[4]!.attachments).toEqual([{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
  });

  it('libgomp reads the stale target too', () => {
    expect(run(reattachSeed, libgomp).observations[5]).toEqual(read(fill(10, 1)));
  });

  it('nvfortran-25.3 follows the spec', () => {
    expect(run(reattachSeed, loadProfile('nvfortran-25.3')).observations[5]).toEqual(read(fill(10, 2)));
  });
});

describe('seed 000: detach of a never-attached pointer', () => {
  it('spec: the detach is a no-op and the later attach works', () => {
    const { observations, snapshots } = run(detachSeed, spec);
    expect(observations[5]).toEqual(read(fill(10, 1)));
    expect(snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 0, device: null }]);
  });

  it('cray-19: the counter goes to -1, the attach still works', () => {
    const { observations, snapshots } = run(detachSeed, cray);
    expect(snapshots[2]!.attachments).toEqual([{ ptr: C, ac: -1, device: null }]);
    expect(observations[5]).toEqual(read(fill(10, 1)));
    expect(snapshots[5]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }]);
  });

  it('libgomp aborts at the detach and halts', () => {
    const { observations } = run(detachSeed, libgomp);
    expect(observations[2]).toMatchObject({ kind: 'error', code: 'fatal_detach_at_zero' });
    expect(observations.slice(3)).toEqual([{ kind: 'halted' }, { kind: 'halted' }, { kind: 'halted' }]);
  });
});

describe('presence errors', () => {
  it('copyin of an array whose subarray is present is partly present', () => {
    const { observations, snapshots } = run(
      {
        world,
        steps: [
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:5)'] }] },
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b', 'a'] }] },
          { op: 'host_read', var: 'a' },
        ],
      },
      spec,
    );
    expect(observations[1]).toMatchObject({ kind: 'error', code: 'acc_error_partly_present' });
    expect(observations[2]).toEqual({ kind: 'halted' });
    // b's copyin happened before the error and stays.
    expect(snapshots[1]!.sections.map((s) => s.host)).toEqual([[A, A + 20], [B, B + 40]]);
  });

  it('present clause on absent data is not present; on partly present data, partly present', () => {
    const notPresent = run({ world, steps: [{ op: 'acc_data_begin', clauses: [{ clause: 'present', vars: ['a'] }] }] }, spec);
    expect(notPresent.observations[0]).toMatchObject({ kind: 'error', code: 'acc_error_not_present' });
    const partly = run(
      {
        world,
        steps: [
          { op: 'acc_copyin', var: 'a(2:3)' },
          { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a(1:3)'] }], body: { read: 'a' } },
        ],
      },
      spec,
    );
    expect(partly.observations[1]).toMatchObject({ kind: 'error', code: 'acc_error_partly_present' });
  });

  it('no_create on partly present data follows K-A13', () => {
    const program: Program = {
      world,
      steps: [
        { op: 'acc_copyin', var: 'a(1:2)' },
        { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['a'] }] },
        { op: 'acc_data_end' },
      ],
    };
    // Entry treats the partly present var as absent, and no_create lists no error at exit
    // (§2.7.3), so the region ends quietly and the section keeps its counters.
    const absent = run(program, spec);
    expect(absent.observations).toEqual([{ kind: 'value', value: { block: 1, offset: 0 } }, ok, ok]);
    expect(absent.snapshots[2]!.sections).toEqual([expect.objectContaining({ src: 0, drc: 1 })]);
    expect(run(program, specWith({ 'K-A13': 'error' })).observations[1]).toMatchObject({ code: 'acc_error_partly_present' });
  });
});

describe('finalize and counters', () => {
  const steps: Step[] = [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { write: 'a(3:4)', value: 7 } },
    { op: 'host_read', var: 'a' },
  ];
  const written = [1, 1, 7, 7, 1, 1, 1, 1, 1, 1];

  it('exit data finalize zeroes the dynamic counter and copies out', () => {
    const { observations, snapshots } = run(
      { world, steps: [...steps, { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }], finalize: true }, { op: 'host_read', var: 'a' }] },
      spec,
    );
    expect(snapshots[2]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 0, drc: 2 }]);
    expect(observations[3]).toEqual(read(fill(10, 1)));
    expect(snapshots[4]!.sections).toEqual([]);
    expect(observations[5]).toEqual(read(written));
  });

  it('without finalize one copyout only decrements', () => {
    const { observations, snapshots } = run(
      { world, steps: [...steps, { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }] }, { op: 'host_read', var: 'a' }] },
      spec,
    );
    expect(snapshots[4]!.sections).toEqual([{ host: [A, A + 40], block: 1, src: 0, drc: 1 }]);
    expect(observations[5]).toEqual(read(fill(10, 1)));
  });

  it('acc_copyout of a subarray copies only that subarray back', () => {
    const { observations } = run(
      { world, steps: [steps[0]!, steps[2]!, { op: 'acc_copyout', var: 'a(4:10)' }, { op: 'host_read', var: 'a' }] },
      spec,
    );
    expect(observations[3]).toEqual(read([1, 1, 1, 7, 1, 1, 1, 1, 1, 1]));
  });

  it('copyout of created data leaves the host indeterminate', () => {
    const { observations } = run(
      {
        world,
        steps: [
          { op: 'acc_data_begin', clauses: [{ clause: 'copyout', vars: ['b(1:2)'] }] },
          { op: 'acc_data_end' },
          { op: 'host_read', var: 'b(1:3)' },
        ],
      },
      spec,
    );
    expect(observations[2]).toEqual(read([null, null, 2]));
  });
});

describe('acc_is_present', () => {
  // a(1:5) is present: host bytes [A, A + 20).
  const probe = (ref: string, bytes?: number): Step => (bytes === undefined ? { op: 'acc_is_present', var: ref } : { op: 'acc_is_present', var: ref, bytes });
  const program: Program = {
    world,
    steps: [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:5)'] }] },
      probe('a(1:1)', 0), // inside the section
      probe('a(6:6)', 0), // one past its end
      probe('a(7:7)', 0), // outside
      probe('a(1:5)'),
      probe('a'),
      probe('a(2:2)', 16),
      probe('a(2:2)', 17),
      probe('c%p'), // disassociated pointer
    ],
  };
  const answers = (profile: Profile) => run(program, profile).observations.slice(1).map((o) => (o.kind === 'value' ? o.value : o));

  it('one-byte (spec)', () => {
    expect(answers(spec)).toEqual([true, false, false, true, false, true, false, true]);
  });

  it('present-at-all counts one past the end', () => {
    expect(answers(specWith({ 'K-A16': 'present-at-all' }))).toEqual([true, true, false, true, false, true, false, true]);
  });

  it('false for zero bytes, and a null pointer is not present (libgomp)', () => {
    expect(answers(libgomp)).toEqual([false, false, false, true, false, true, false, false]);
  });
});

describe('acc_deviceptr and routine return values', () => {
  it('maps interior host addresses to block offsets', () => {
    const { observations } = run(
      {
        world,
        steps: [
          { op: 'acc_copyin', var: 'a' },
          { op: 'acc_create', var: 'b(2:10)' },
          { op: 'acc_deviceptr', var: 'a(3:4)' },
          { op: 'acc_deviceptr', var: 'b(10:10)' },
          { op: 'acc_deviceptr', var: 'b(1:1)' },
          { op: 'acc_copyin', var: 'b(3:3)' },
          { op: 'acc_deviceptr', var: 'c%p' },
        ],
      },
      spec,
    );
    expect(observations.map((o) => (o.kind === 'value' ? o.value : o))).toEqual([
      { block: 1, offset: 0 },
      { block: 2, offset: 0 },
      { block: 1, offset: 8 },
      { block: 2, offset: 32 },
      null,
      { block: 2, offset: 4 },
      null,
    ]);
  });

  it('data routines on a null pointer follow K-A5', () => {
    const steps: Step[] = [{ op: 'acc_create', var: 'c%p' }, { op: 'acc_delete', var: 'c%p' }];
    expect(run({ world, steps }, spec).observations).toEqual([{ kind: 'value', value: null }, ok]);
    expect(run({ world, steps }, libgomp).observations[0]).toMatchObject({ kind: 'error', code: 'fatal_null_routine' });
  });

  it('acc_delete of absent data follows K-A6', () => {
    const steps: Step[] = [{ op: 'acc_delete', var: 'a' }];
    expect(run({ world, steps }, spec).observations).toEqual([ok]);
    expect(run({ world, steps }, specWith({ 'K-A6': 'error' })).observations[0]).toMatchObject({ code: 'acc_error_not_present' });
  });
});

describe('pointers and kernels', () => {
  const attachedWorld: World = { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(2:4)' } }] };

  it('a data clause on c%p maps the target and attaches; exit detaches before the copyout', () => {
    const { observations, snapshots } = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
          { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['c%p'] }] },
          { op: 'acc_parallel', clauses: [], default: 'present', body: { write: 'c%p', value: 5 } },
          { op: 'acc_data_end' },
          { op: 'host_read', var: 'a' },
        ],
      },
      spec,
    );
    expect(observations).toEqual([ok, ok, ok, ok, read([1, 5, 5, 5, 1, 1, 1, 1, 1, 1])]);
    expect(snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 3 } }]);
    expect(snapshots[3]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }]);
  });

  it('a kernel through a pointer that is not attached, or dangling, is undefined', () => {
    const notAttached = run(
      { world: attachedWorld, steps: [{ op: 'acc_parallel', clauses: [], body: { read: 'c%p' } }, { op: 'host_read', var: 'a' }] },
      spec,
    );
    expect(notAttached.observations[0]).toMatchObject({ kind: 'undefined' });
    expect(notAttached.observations[1]).toEqual({ kind: 'halted' });
    const dangling = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'a'] }, { clause: 'attach', vars: ['c%p'] }] },
          { op: 'acc_delete', var: 'a' },
          readCp,
        ],
      },
      spec,
    );
    expect(dangling.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 3 } }]);
    expect(dangling.snapshots[1]!.sections).toEqual([{ host: [C, C + 16], block: 1, src: 0, drc: 1 }]);
    expect(dangling.observations[2]).toMatchObject({ kind: 'undefined' });
  });

  it('created structs hold indeterminate pointers; the implicit copy maps the body root', () => {
    const { observations, snapshots } = run(
      {
        world,
        steps: [
          { op: 'acc_create', var: 'c' },
          { op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['b'] }], body: { read: 'a(9:10)' } },
        ],
      },
      spec,
    );
    expect(snapshots[0]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'indeterminate' } }]);
    expect(observations[1]).toEqual(read([1, 1]));
    expect(snapshots[1]!.sections).toEqual([{ host: [C, C + 16], block: 1, src: 0, drc: 1 }]);
  });

  it('attach with absent target or null pointer follows K-A2 / K-A3', () => {
    const absentTarget: Step[] = [
      { op: 'acc_copyin', var: 'c' },
      { op: 'acc_attach', ptr: 'c%p' },
    ];
    expect(run({ world: attachedWorld, steps: absentTarget }, spec).observations[1]).toEqual(ok);
    expect(run({ world: attachedWorld, steps: absentTarget }, libgomp).observations[1]).toMatchObject({ code: 'fatal_attach_absent' });
    const nullPointer = run({ world, steps: absentTarget }, spec);
    expect(nullPointer.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 1, device: null }]);
    const keep = run({ world, steps: absentTarget }, specWith({ 'K-A3': 'null-keep-count' }));
    expect(keep.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 0, device: null }]);
    expect(run({ world, steps: absentTarget }, libgomp).observations[1]).toMatchObject({ code: 'fatal_attach_null' });
  });

  it('exit data delete(c%p) detaches twice under K-A10 twice', () => {
    const steps: Step[] = [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p'] }, { clause: 'attach', vars: ['c%p'] }] },
      { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
    ];
    const once = run({ world: attachedWorld, steps }, spec);
    expect(once.snapshots[1]!.attachments[0]!.ac).toBe(2);
    expect(once.snapshots[2]!.attachments[0]!.ac).toBe(1);
    const twice = run({ world: attachedWorld, steps }, specWith({ 'K-A10': 'twice' }));
    expect(twice.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }]);
  });

  it('an exit detaches a pointer reference only when its data is present with a nonzero counter', () => {
    // The region's SRC holds c and the target; exit data delete(c%p) finds DRC 0 and leaves the
    // pointer attached, so the kernel still reads through it.
    const dataPresentDrcZero = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_data_begin', clauses: [{ clause: 'copyin', vars: ['c'] }, { clause: 'copyin', vars: ['c%p'] }] },
          { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
          readCp,
        ],
      },
      spec,
    );
    expect(dataPresentDrcZero.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 3 } }]);
    expect(dataPresentDrcZero.observations[2]).toEqual(read([1, 1, 1]));
    // Target absent at exit: no detach either, so K-A9 `error` has nothing to refuse.
    const targetGone = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
          { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['c%p'] }] },
        ],
      },
      specWith({ 'K-A9': 'error' }),
    );
    expect(targetGone.observations[1]).toEqual(ok);
  });

  it('no_create attaches a pointer reference only when its data was present at its entry action', () => {
    // The target is absent when no_create acts and mapped by the later copyin, before the attaches.
    const absent = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_copyin', var: 'c' },
          { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['c%p'] }, { clause: 'copyin', vars: ['a'] }] },
        ],
      },
      spec,
    );
    expect(absent.snapshots[1]!.sections.map((x) => x.host)).toEqual([[A, A + 40], [C, C + 16]]);
    expect(absent.snapshots[1]!.attachments).toEqual([{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }]);
    const present = run(
      {
        world: attachedWorld,
        steps: [
          { op: 'acc_copyin', var: 'c' },
          { op: 'acc_copyin', var: 'a' },
          { op: 'acc_data_begin', clauses: [{ clause: 'no_create', vars: ['c%p'] }] },
        ],
      },
      spec,
    );
    expect(present.snapshots[2]!.attachments).toEqual([{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 3 } }]);
  });

  it('detach of a pointer whose struct is not present follows K-A9', () => {
    const steps: Step[] = [{ op: 'acc_detach', ptr: 'c%p' }];
    expect(run({ world: attachedWorld, steps }, spec).observations[0]).toEqual(ok);
    expect(run({ world: attachedWorld, steps }, cray).observations[0]).toEqual(ok);
    expect(run({ world: attachedWorld, steps }, libgomp).observations[0]).toMatchObject({ kind: 'error', code: 'fatal_detach_at_zero' });
  });
});

describe('references', () => {
  it('rejects bad references with the message of lang/parseRef', () => {
    const engine = implEngine({ world, steps: [] }, spec);
    expect(() => engine.apply({ op: 'host_read', var: 'a(0:3)' })).toThrow(/outside a\(1:10\)/);
    expect(() => engine.apply({ op: 'host_read', var: 'c%q' })).toThrow(/no pointer member 'q'/);
    expect(() => engine.apply({ op: 'host_read', var: 'zz' })).toThrow(/not declared/);
    expect(() => engine.apply({ op: 'acc_attach', ptr: 'a' })).toThrow(/pointer member/);
    expect(engine.apply({ op: 'host_read', var: 'b(9:10)' })).toEqual(read([2, 2]));
  });
});
