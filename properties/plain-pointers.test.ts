// Plain pointer variables in the generators (properties/plain-pointers.ts): the transform makes the
// eligible struct plain, names the pointer on the compute constructs that go through it, and puts
// the idiom in; the witness detectors (properties/witness.ts pp1-pp3) are checked here on
// hand-written programs, and properties/members.test.ts counts them over the default campaign.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Program, World } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { withPlainPointers } from './plain-pointers.js';
import { detectPlainWitnesses, modelWitnessTrace } from './witness.js';

const spec = loadProfile('spec');
const world: World = {
  arrays: [{ name: 'a', length: 8, init: 1 }],
  structs: [
    { name: 'c', pointers: ['p'], init: { p: 'a' } },
    { name: 'd', pointers: ['p', 'q'] },
  ],
};

describe('plain pointers: generator transform', () => {
  it('makes the single-member struct plain, names it on its kernels and inserts the idiom; valid', () => {
    const program: Program = {
      world,
      steps: [
        { op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['c%p', 'a'] }], body: { read: 'c%p' } },
        { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'a(1:2)' } },
        ...Array.from({ length: 8 }, () => ({ op: 'host_read' as const, var: 'a' })),
      ],
    };
    const out = withPlainPointers(program, { use: true, at: 0 });
    expect(out.world.structs.map((s) => s.plain)).toEqual([true, undefined]);
    // the kernel through c names c itself (copy), and its clause on c's target is gone (GCC rejects both)
    expect(out.steps[6]).toEqual({ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['c'] }, { clause: 'copyin', vars: ['a'] }], body: { read: 'c%p' } });
    // the idiom first (at 0 %), the program's steps after it, as many dropped from the end
    expect(out.steps.slice(0, 6).map((s) => s.op)).toEqual(['acc_enter_data', 'acc_enter_data', 'acc_enter_data', 'acc_parallel', 'acc_exit_data', 'acc_exit_data']);
    expect(out.steps.length).toBe(program.steps.length);
    expect(out.steps.some((s) => s.op === 'acc_exit_data')).toBe(true);
    expect(validateProgram(out).ok).toBe(true);
    expect(withPlainPointers(program, { use: false, at: 0 })).toBe(program);
    // no eligible struct: unchanged
    const none: Program = { ...program, world: { ...world, structs: [{ name: 'c', pointers: ['p'], count: 2 }] }, steps: [] };
    expect(withPlainPointers(none, { use: true, at: 0 })).toBe(none);
  });

  it('OpenMP: a target through the pointer gets map(to: c) in front', () => {
    const program: Program = { world, steps: [{ op: 'omp_target', maps: [{ type: 'to', vars: ['c%p'] }], body: { read: 'c%p' } }, { op: 'host_read', var: 'a' }, { op: 'host_read', var: 'a' }, { op: 'host_read', var: 'a' }] };
    const out = withPlainPointers(program, { use: true, at: 98 });
    expect(out.steps[0]).toEqual({ op: 'omp_target', maps: [{ type: 'to', vars: ['c'] }, { type: 'to', vars: ['c%p'] }], body: { read: 'c%p' } });
    expect(validateProgram(out).ok).toBe(true);
  });

  it('an odd idiom place names the kernel\'s own section of the target instead of the pointer (both APIs); a read of bounds still names the pointer', () => {
    const omp: Program = { world, steps: [{ op: 'omp_target', maps: [{ type: 'to', vars: ['c%p', 'a'] }], body: { write: 'c%p(2:3)', value: 4 } }, ...Array.from({ length: 3 }, () => ({ op: 'host_read' as const, var: 'a' }))] };
    const viaOmp = withPlainPointers(omp, { use: true, at: 99 });
    expect(viaOmp.steps[0]).toEqual({ op: 'omp_target', maps: [{ type: 'to', vars: ['a'] }, { type: 'tofrom', vars: ['c%p(2:3)'] }], body: { write: 'c%p(2:3)', value: 4 } });
    expect(validateProgram(viaOmp).ok).toBe(true);
    const acc: Program = {
      world,
      steps: [{ op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['c%p', 'a'] }], default: 'present', body: { read: 'c%p(1:2)' } }, ...Array.from({ length: 8 }, () => ({ op: 'host_read' as const, var: 'a' }))],
    };
    const viaAcc = withPlainPointers(acc, { use: true, at: 1 });
    expect(viaAcc.steps.find((s) => s.op === 'acc_parallel' && s.default === 'present')).toEqual({
      op: 'acc_parallel',
      clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'present', vars: ['c%p(1:2)'] }],
      default: 'present',
      body: { read: 'c%p(1:2)' },
    });
    expect(validateProgram(viaAcc).ok).toBe(true);
    const bounds: Program = { world, steps: [{ op: 'omp_target', maps: [{ type: 'to', vars: ['c%p'] }], body: { read: 'c%p', bounds: true } }, ...omp.steps.slice(1)] };
    expect(withPlainPointers(bounds, { use: true, at: 99 }).steps[0]).toEqual({ op: 'omp_target', maps: [{ type: 'to', vars: ['c'] }, { type: 'to', vars: ['c%p'] }], body: { read: 'c%p', bounds: true } });
  });
});

describe('plain pointers: witness detectors', () => {
  const plainWorld: World = { arrays: [{ name: 'a', length: 8, init: 1 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }] };
  it('recognise each case in hand-written OpenACC and OpenMP programs', () => {
    const acc: Program = {
      world: plainWorld,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p%p'] }] }, // pp2
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p%p'] }] }, // pp1
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['p'] }], body: { read: 'p%p(2:3)' } }, // pp3
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['p%p'] }] }, // same target: AC 2, no new value
      ],
    };
    expect(detectPlainWitnesses(acc, modelWitnessTrace(acc, spec)).map((s) => [...s].sort())).toEqual([['pp2'], [], ['pp1'], ['pp3'], []]);
    // under K-A1p pointer-only (GCC's C front end, profiles/libgomp-c.json) nothing attaches, and
    // the kernel's read is undefined
    const libgompC = loadProfile(fileURLToPath(new URL('../profiles/libgomp-c.json', import.meta.url)));
    expect(libgompC.knobs['K-A1p']).toBe('pointer-only');
    expect(detectPlainWitnesses(acc, modelWitnessTrace(acc, libgompC)).map((s) => [...s].sort())).toEqual([['pp2'], [], [], [], []]);
    const omp: Program = {
      world: { ...plainWorld, devices: [{ kind: 'discrete' }] },
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['p%p'] }] }, // pp2
        { op: 'omp_target', maps: [{ type: 'to', vars: ['p', 'p%p'] }], body: { read: 'p%p' } }, // pp1 inside, pp3
      ],
    };
    expect(detectPlainWitnesses(omp, modelWitnessTrace(omp, spec)).map((s) => [...s].sort())).toEqual([['pp2'], ['pp3']]);
  });
});
