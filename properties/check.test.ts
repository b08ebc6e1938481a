// Bounded-exhaustive checking: on the seed world, spec and cray-19 differ first in the re-attach
// after reassociation (Cray 19 counts a second attach without re-aiming the device pointer), and
// the shortest program that shows it has three steps; spec and impl agree on every program of at
// most two steps (`npm run bench`-sized depths are for the CLI: `mapcheck check --depth 3`).

import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { checkAlphabet } from './alphabet.js';
import { certificate, runCheck, SEED_WORLD, symmetryClasses } from './check.js';
import { renderProgram } from './shrink.js';

const spec = { engine: 'model' as const, profile: loadProfile('spec') };
const cray = { engine: 'model' as const, profile: loadProfile('cray-19') };
const impl = { engine: 'impl' as const, profile: spec.profile };

describe('mapcheck check', () => {
  it('the alphabet is finite, covers every OpenACC and host op, and has no duplicates', () => {
    const steps = checkAlphabet(SEED_WORLD);
    const ops = new Set(steps.map((s) => s.op));
    for (const op of ['acc_enter_data', 'acc_exit_data', 'acc_data_begin', 'acc_data_end', 'acc_parallel', 'acc_attach', 'pointer_assign', 'host_read'])
      expect(ops.has(op as never), op).toBe(true);
    expect(new Set(steps.map((s) => JSON.stringify(s))).size).toBe(steps.length);
  });

  it('spec vs cray-19: no program of 2 steps diverges; the re-attach divergence is a shortest program of 3', () => {
    const r = runCheck({ world: SEED_WORLD, a: spec, b: cray, compare: 'observations', depth: 3 });
    expect(r.found).not.toBeNull();
    expect(r.completedDepth).toBe(2);
    expect(r.found!.program.steps).toHaveLength(3);
    expect(renderProgram(r.found!.program)).toMatch(/copyin\(c\) copyin\(c%p\)[\s\S]*c%p => b[\s\S]*parallel .*read c%p/);
    expect(r.found!.divergence).toMatchObject({ step: 2, kind: 'observation', a: { kind: 'read', values: [2, 2, 2, 2] }, b: { kind: 'read', values: [1, 1, 1, 1] } });
  });

  it('spec vs impl: a certificate for depth 2, comparing state', () => {
    const r = runCheck({ world: SEED_WORLD, a: spec, b: impl, compare: 'state', depth: 2 });
    expect(r.found).toBeNull();
    expect(r.completedDepth).toBe(2);
    expect(r.distinct).toBeGreaterThan(10);
    expect(certificate(r, 'seed', spec, impl)).toBe('no divergence up to depth 2 on world seed under sides model:spec/impl:spec');
  });

  it('the OpenMP alphabet covers the OpenMP constructs and the routines taking one pointer, with no duplicates', () => {
    const steps = checkAlphabet(SEED_WORLD, 'openmp');
    const ops = new Set(steps.map((s) => s.op));
    for (const op of ['omp_target_enter_data', 'omp_target_exit_data', 'omp_target_data_begin', 'omp_target_data_end', 'omp_target', 'omp_target_update', 'omp_target_is_present', 'omp_get_mapped_ptr', 'pointer_assign', 'host_read'])
      expect(ops.has(op as never), op).toBe(true);
    expect([...ops].some((op) => op.startsWith('acc_')), 'no OpenACC step').toBe(false);
    expect(new Set(steps.map((s) => JSON.stringify(s))).size).toBe(steps.length);
  });

  it('OpenMP: spec vs libgomp differ in one step (omp_target_is_present of a null pointer); spec vs impl agree on every step', () => {
    const libgomp = { engine: 'model' as const, profile: loadProfile('libgomp') };
    const r = runCheck({ world: SEED_WORLD, a: spec, b: libgomp, compare: 'observations', depth: 2, api: 'openmp' });
    expect(r.completedDepth).toBe(0);
    expect(r.found!.program.steps).toEqual([{ op: 'omp_target_is_present', ptr: null, device: 0 }]);
    const same = runCheck({ world: SEED_WORLD, a: spec, b: impl, compare: 'state', depth: 1, api: 'openmp' });
    expect(same.found).toBeNull();
    expect(same.explored).toBe(checkAlphabet(SEED_WORLD, 'openmp').filter((s) => s.op !== 'omp_target_data_end').length);
  });

  it('symmetry: interchangeable arrays are first used in declaration order; the verdict stands with fewer states', () => {
    const world = {
      arrays: [
        { name: 'a', length: 4, init: 1 },
        { name: 'x', length: 4, init: 3 },
        { name: 'y', length: 4, init: 3 },
      ],
      structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
    };
    expect(symmetryClasses(world)).toEqual([['x', 'y']]);
    // a is named by c%p's initial association, and b differs in its values: no class on the seed world
    expect(symmetryClasses(SEED_WORLD)).toEqual([]);
    const reduced = runCheck({ world, a: spec, b: cray, compare: 'observations', depth: 1 });
    const full = runCheck({ world, a: spec, b: cray, compare: 'observations', depth: 1, symmetry: false });
    expect(reduced.symmetric).toEqual([['x', 'y']]);
    expect(reduced.found).toBeNull();
    expect(full.found).toBeNull();
    expect(reduced.completedDepth).toBe(1);
    // the steps that use y before x are left out
    expect(reduced.explored).toBeLessThan(full.explored);
  });

  it('a state budget stops the search and certifies only the depths completed', () => {
    const r = runCheck({ world: SEED_WORLD, a: spec, b: impl, compare: 'state', depth: 3, maxStates: 500 });
    expect(r.budgetExhausted).toBe('states');
    expect(r.completedDepth).toBe(1);
    expect(r.found).toBeNull();
  });
});
