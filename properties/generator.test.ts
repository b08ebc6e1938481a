// Laws of the program generator: what it emits is a valid, balanced version-1 program over the fixed
// pool world; the same seed gives the same programs; and every candidate fast-check's shrinker
// produces from it is valid too (so a shrunk counterexample is always a loadable program).

import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { STEP_OPS, validateProgram } from '../lang/validate.js';
import type { Program, Step } from '../lang/program.js';
import { greedyShrink } from './shrink.js';
import { DEFAULT_MAX_STEPS, POOL_WORLD, balanceRegions, programArb, regionsBalanced } from './arbitraries.js';
import { OMP_POOL_WORLD, ompProgramArb } from './arbitraries-omp.js';
import { withoutFields, withoutStructArray } from './arbitraries.js';
import { withoutRank2 } from './rank2.js';
import { withoutAllocatables } from './allocatables.js';
import { withoutPlainPointers } from './plain-pointers.js';
import { programArbFor, type ApiChoice } from './api.js';
import { repeatedPair, withoutRepeats } from '../lang/directive-vars.js';

function validationProblem(p: Program): string | null {
  const r = validateProgram(JSON.parse(JSON.stringify(p)));
  if (r.ok) return null;
  return `step ${r.step === undefined ? '-' : r.step + 1} field ${r.field}: ${r.message}`;
}

describe('program generator', () => {
  it('emits valid, balanced programs over the fixed pool world', () => {
    fc.assert(
      fc.property(programArb(), (p) => {
        expect(validationProblem(p)).toBeNull();
        expect(regionsBalanced(p.steps)).toBe(true);
        expect({ ...withoutPlainPointers(withoutAllocatables(withoutRank2(withoutStructArray(withoutFields(p.world))))), reuse: undefined, adjacent: undefined }).toEqual({ ...POOL_WORLD, reuse: undefined, adjacent: undefined });
        expect(p.version).toBe(1);
        // the raw list has at most maxSteps steps; closing open regions can add as many ends as begins
        const begins = p.steps.filter((s) => s.op === 'acc_data_begin').length;
        expect(p.steps.length).toBeLessThanOrEqual(DEFAULT_MAX_STEPS + begins);
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('honours maxSteps', () => {
    for (const p of fc.sample(programArb({ maxSteps: 5 }), { seed: 3, numRuns: 300 })) {
      // the ends that close regions cut short (data, host_data) come on top of maxSteps
      const begins = p.steps.filter((s) => s.op === 'acc_data_begin' || s.op === 'acc_host_data_begin').length;
      expect(p.steps.length).toBeLessThanOrEqual(5 + begins);
    }
  });

  it('reaches every OpenACC and host op of the language (and no OpenMP op)', () => {
    const ops = new Set(fc.sample(programArb(), { seed: 11, numRuns: 300 }).flatMap((p) => p.steps.map((s) => s.op)));
    expect([...ops].sort()).toEqual(STEP_OPS.filter((op) => !op.startsWith('omp_')).sort());
  });

  it('is deterministic: the same seed gives the same programs, another seed other programs', () => {
    const first = fc.sample(programArb(), { seed: 42, numRuns: 200 });
    const again = fc.sample(programArb(), { seed: 42, numRuns: 200 });
    const other = fc.sample(programArb(), { seed: 43, numRuns: 200 });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
  });

  it('keeps every shrink candidate valid and balanced, and shrinks to the minimal program', () => {
    // A deliberately failing property: "no program holds a data region and an attach clause".
    // fast-check then walks the shrink tree; every candidate it tries must still be a valid program.
    let candidates = 0;
    const bad: string[] = [];
    const hasRegionWithAttach = (p: Program) =>
      p.steps.some((s) => s.op === 'acc_data_begin' && s.clauses.some((c) => c.clause === 'attach'));
    const details = fc.check(
      fc.property(programArb(), (p) => {
        candidates++;
        const problem = validationProblem(p) ?? (regionsBalanced(p.steps) ? null : 'unbalanced regions');
        if (problem && bad.length < 5) bad.push(problem);
        return !hasRegionWithAttach(p);
      }),
      { seed: 5, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    expect(bad).toEqual([]);
    expect(candidates).toBeGreaterThan(details.numRuns);
    // fast-check alone gets close; the campaign's greedy pass then reaches the region and its end
    const [shrunk] = details.counterexample!;
    expect(shrunk.steps.length).toBeLessThanOrEqual(4);
    const minimal = greedyShrink(shrunk, hasRegionWithAttach);
    expect(validationProblem(minimal)).toBeNull();
    expect(minimal.steps.map((s) => s.op)).toEqual(['acc_data_begin', 'acc_data_end']);
    expect(minimal.steps[0]).toMatchObject({ clauses: [{ clause: 'attach' }] });
  });

  it('balanceRegions drops unmatched ends and closes open regions', () => {
    const begin: Step = { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] };
    const end: Step = { op: 'acc_data_end' };
    const read: Step = { op: 'host_read', var: 'a' };
    expect(balanceRegions([end, read, begin, read])).toEqual([read, begin, read, end]);
    expect(balanceRegions([begin, begin, end])).toEqual([begin, begin, end, end]);
    expect(regionsBalanced([end, begin])).toBe(false);
    expect(regionsBalanced([begin, read, end])).toBe(true);
  });
});

describe('OpenMP program generator', () => {
  it('emits valid, balanced programs over the OpenMP pool world', () => {
    fc.assert(
      fc.property(ompProgramArb(), (p) => {
        expect(validationProblem(p)).toBeNull();
        expect(regionsBalanced(p.steps)).toBe(true);
        // declare mapper (properties/mappers.ts) adds world.mappers only, for a single struct of the world
        expect(p.world.mappers ?? []).toEqual((p.world.mappers ?? []).filter((m) => p.world.structs.some((s) => s.name === m.struct && s.count === undefined)));
        expect({ ...withoutPlainPointers(withoutAllocatables(withoutRank2(withoutStructArray(withoutFields(p.world))))), reuse: undefined, requires: undefined, mappers: undefined, adjacent: undefined }).toEqual({ ...OMP_POOL_WORLD, reuse: undefined, requires: undefined, mappers: undefined, adjacent: undefined });
        expect(p.steps.some((s) => s.op.startsWith('acc_'))).toBe(false);
        const begins = p.steps.filter((s) => s.op === 'omp_target_data_begin').length;
        expect(p.steps.length).toBeLessThanOrEqual(DEFAULT_MAX_STEPS + begins);
        // no use_device block inside another's region, where OpenMP's references to the list item
        // are to its corresponding storage (withUseDevice; -04m gen-20261217-223-fortran)
        let open = 0;
        for (const s of p.steps) {
          open += s.op === 'omp_target_data_use_device_begin' ? 1 : s.op === 'omp_target_data_use_device_end' ? -1 : 0;
          expect(open).toBeLessThanOrEqual(1);
        }
      }),
      { seed: 7, numRuns: 2000 },
    );
  });

  it('reaches every OpenMP and host op, and no OpenACC op', () => {
    const ops = new Set(fc.sample(ompProgramArb(), { seed: 11, numRuns: 300 }).flatMap((p) => p.steps.map((s) => s.op)));
    expect([...ops].sort()).toEqual(STEP_OPS.filter((op) => !op.startsWith('acc_')).sort());
  });

  it('draws device arguments from the GPUs, the shared device, the host, omp_invalid_device and out of range', () => {
    const devices = new Set<string>();
    for (const p of fc.sample(ompProgramArb(), { seed: 12, numRuns: 300 }))
      for (const s of p.steps)
        for (const [key, value] of Object.entries(s)) if (key === 'device' || key.endsWith('_device')) devices.add(String(value));
    expect([...devices].sort()).toEqual(['-1', '-2', '0', '1', '2', '7', 'initial']);
  });

  it('reuses allocation handles and relates associations to earlier ones', () => {
    const programs = fc.sample(ompProgramArb(), { seed: 13, numRuns: 500 });
    const handleUses = (p: Program) =>
      p.steps.flatMap((s) => Object.values(s).filter((v): v is { handle: string } => typeof v === 'object' && v !== null && 'handle' in v));
    // a handle reaches every routine that takes a device pointer
    const opsWithHandles = new Set(programs.flatMap((p) => p.steps.filter((s) => handleUses({ ...p, steps: [s] }).length > 0).map((s) => s.op)));
    for (const op of ['omp_target_free', 'omp_target_associate_ptr', 'omp_target_memcpy', 'omp_target_is_accessible', 'omp_target_is_present'])
      expect(opsWithHandles).toContain(op);
    // host pointers at the start, inside and one past the end of an object
    const offsets = new Set(programs.flatMap((p) => p.steps.flatMap((s) => ('ptr' in s && s.ptr && typeof s.ptr === 'object' && 'var' in s.ptr ? [s.ptr.offset ?? 0] : []))));
    for (const o of [0, 4, 32]) expect(offsets).toContain(o);
    // an association repeated exactly, and one starting inside an earlier one
    const associations = programs.map((p) => p.steps.filter((s) => s.op === 'omp_target_associate_ptr'));
    expect(associations.some((list) => list.some((s, i) => list.slice(0, i).some((t) => JSON.stringify(t) === JSON.stringify(s))))).toBe(true);
  });

  it('is deterministic, and keeps every shrink candidate valid and balanced', () => {
    expect(fc.sample(ompProgramArb(), { seed: 42, numRuns: 100 })).toEqual(fc.sample(ompProgramArb(), { seed: 42, numRuns: 100 }));
    let candidates = 0;
    const bad: string[] = [];
    const freesAfterAssociate = (p: Program) => {
      const i = p.steps.findIndex((s) => s.op === 'omp_target_associate_ptr' && s.dev !== null);
      return i >= 0 && p.steps.slice(i).some((s) => s.op === 'omp_target_free' && s.ptr !== null);
    };
    const details = fc.check(
      fc.property(ompProgramArb(), (p) => {
        candidates++;
        const problem = validationProblem(p) ?? (regionsBalanced(p.steps) ? null : 'unbalanced regions');
        if (problem && bad.length < 5) bad.push(problem);
        return !freesAfterAssociate(p);
      }),
      { seed: 5, numRuns: 500 },
    );
    expect(details.failed).toBe(true);
    expect(bad).toEqual([]);
    expect(candidates).toBeGreaterThan(details.numRuns);
    // the greedy pass never removes the allocation the remaining steps name
    const minimal = greedyShrink(details.counterexample![0], freesAfterAssociate);
    expect(validationProblem(minimal)).toBeNull();
    expect(minimal.steps.map((s) => s.op)).toEqual(['omp_target_alloc', 'omp_target_associate_ptr', 'omp_target_free']);
  });

  it('balanceRegions pairs OpenMP ends with OpenMP begins', () => {
    const begin: Step = { op: 'omp_target_data_begin', maps: [{ type: 'to', vars: ['a'] }] };
    const end: Step = { op: 'omp_target_data_end' };
    expect(balanceRegions([end, begin, begin, end])).toEqual([begin, begin, end, end]);
    expect(balanceRegions([{ op: 'acc_data_begin', clauses: [] }, end])).toEqual([{ op: 'acc_data_begin', clauses: [] }, { op: 'acc_data_end' }]);
    expect(regionsBalanced([begin, { op: 'acc_data_end' }])).toBe(false);
  });
});

describe('reuse worlds', () => {
  it('about one program in four declares the reusing allocator, under both APIs; the steps do not depend on it', () => {
    for (const arb of [programArb(), ompProgramArb()]) {
      const sample = fc.sample(arb, { seed: 21, numRuns: 400 });
      const reusing = sample.filter((p) => p.world.reuse === true).length;
      expect(reusing).toBeGreaterThan(60);
      expect(reusing).toBeLessThan(140);
      expect(sample.every((p) => p.world.reuse === true || p.world.reuse === undefined)).toBe(true);
    }
  });
});

describe('programArbFor', () => {
  it('generates one API per program, and both APIs under `both`', () => {
    const worlds = (api: ApiChoice) =>
      new Set(
        fc.sample(programArbFor(api), { seed: 9, numRuns: 200 }).map((p) =>
          isDeepStrictEqual({ ...withoutPlainPointers(withoutAllocatables(withoutRank2(withoutStructArray(withoutFields(p.world))))), reuse: undefined, adjacent: undefined }, { ...POOL_WORLD, reuse: undefined, adjacent: undefined }) ? 'openacc' : 'openmp',
        ),
      );
    expect([...worlds('openacc')]).toEqual(['openacc']);
    expect([...worlds('openmp')]).toEqual(['openmp']);
    expect([...worlds('both')].sort()).toEqual(['openacc', 'openmp']);
    for (const p of fc.sample(programArbFor('both'), { seed: 10, numRuns: 300 })) expect(validationProblem(p)).toBeNull();
  });
});

describe('what the generators draw compiles with GCC 12 (lang/directive-vars.ts)', () => {
  const CONSTRUCTS = new Set<Step['op']>(['acc_data_begin', 'acc_parallel', 'omp_target_data_begin', 'omp_target', 'omp_target_enter_data', 'omp_target_exit_data']);
  it('no construct, and no OpenMP enter or exit data directive, names one variable twice', () => {
    fc.assert(
      fc.property(programArbFor('both'), (p) => {
        for (const s of p.steps) {
          if (!CONSTRUCTS.has(s.op)) continue;
          const vars = 'clauses' in s ? s.clauses.flatMap((c) => c.vars) : 'maps' in s ? s.maps.flatMap((m) => m.vars) : [];
          expect(repeatedPair(vars, s.op.startsWith('omp_') ? 'openmp' : 'openacc')).toBeNull();
        }
      }),
      { seed: 20251203, numRuns: 400 },
    );
  });

  it('the deep-copy idiom stays: OpenMP constructs map a struct with its member, OpenACC enter data names both', () => {
    const drawn = fc.sample(programArbFor('both'), { seed: 20251203, numRuns: 400 });
    const steps = drawn.flatMap((p) => p.steps);
    const both = (s: Step) => {
      const vars = 'clauses' in s ? s.clauses.flatMap((c) => c.vars) : 'maps' in s ? s.maps.flatMap((m) => m.vars) : [];
      return vars.includes('c') && vars.includes('c%p');
    };
    expect(steps.some((s) => s.op === 'omp_target' && both(s))).toBe(true);
    expect(steps.some((s) => s.op === 'acc_enter_data' && both(s))).toBe(true);
  });

  it('names a pair twice exactly where GCC 12 rejects it', () => {
    expect(repeatedPair(['a', 'a(1:4)'], 'openmp')).toEqual(['a', 'a(1:4)']);
    expect(repeatedPair(['a(1:4)', 'a(5:8)'], 'openacc')).toEqual(['a(1:4)', 'a(5:8)']);
    expect(repeatedPair(['c', 'c%p'], 'openacc')).toEqual(['c', 'c%p']);
    expect(repeatedPair(['c', 'c%p'], 'openmp')).toBeNull();
    expect(repeatedPair(['c%p', 'c%p'], 'openmp')).toEqual(['c%p', 'c%p']);
    expect(repeatedPair(['d%p', 'd%q', 'a'], 'openacc')).toBeNull();
    expect(withoutRepeats([{ clause: 'copy', vars: ['c'] }, { clause: 'attach', vars: ['c%p'] }, { clause: 'create', vars: ['a', 'b(1:4)', 'a(2:5)'] }], 'openacc')).toEqual([
      { clause: 'copy', vars: ['c'] },
      { clause: 'create', vars: ['a', 'b(1:4)'] },
    ]);
  });
});
