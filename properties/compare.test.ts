import { describe, expect, it } from 'vitest';
import type { Program } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import fc from 'fast-check';
import type { EngineName } from '../lang/engine.js';
import { BlockNames, ENGINES, firstDivergence, plainEqual } from './compare.js';
import { programArbFor } from './api.js';

describe('comparison up to a renaming of device blocks', () => {
  it('renames blocks in order of first appearance, consistently', () => {
    const names = new BlockNames();
    expect(names.observation({ kind: 'value', value: { block: 7, offset: 4 } })).toEqual({ kind: 'value', value: { block: 1, offset: 4 } });
    expect(names.ptr({ space: 'dev', block: 3, offset: 0, count: 2 })).toEqual({ space: 'dev', block: 2, offset: 0, count: 2 });
    expect(names.name(7)).toBe(1);
    expect(names.ptr(null)).toBe(null);
  });

  it('ignores allocation numbering that only a self map shifts (K-B8), but not a different identity', () => {
    const world = {
      arrays: [{ name: 'a', length: 4, init: 1 }],
      structs: [],
      devices: [{ kind: 'discrete' as const }, { kind: 'shared' as const }],
    };
    const shifted: Program = {
      world,
      steps: [
        { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target_alloc', bytes: 16, device: 0, result: 'd1' },
      ],
    };
    const spec = { engine: 'model' as const, profile: loadProfile('spec') };
    const selfMaps = { engine: 'model' as const, profile: { ...spec.profile, knobs: { ...spec.profile.knobs, 'K-B8': 'self' as const } } };
    expect(firstDivergence(shifted, spec, selfMaps, 'observations')).toBeNull();
    // Renaming keeps identity: one side returning the same block twice is not the other side
    // returning two different blocks.
    const a = new BlockNames();
    const b = new BlockNames();
    const same = [5, 5].map((block) => a.observation({ kind: 'value', value: { block, offset: 0 } }));
    const different = [5, 6].map((block) => b.observation({ kind: 'value', value: { block, offset: 0 } }));
    expect(same[0]).toEqual(different[0]);
    expect(same[1]).not.toEqual(different[1]);
  });
});

describe('the whole-snapshot comparison without copies', () => {
  it('BlockNames.sameSnapshots says what plainEqual says of the renamed copies, and names the blocks alike', () => {
    // sides that agree and sides that differ in state (spec and cray-19 do, on some of these programs)
    const pairs: [EngineName, string, EngineName, string][] = [
      ['model', 'spec', 'impl', 'spec'],
      ['model', 'spec', 'model', 'cray-19'],
    ];
    let equal = 0;
    let unequal = 0;
    for (const [ea, pa, eb, pb] of pairs)
      for (const p of fc.sample(programArbFor('both'), { seed: 77, numRuns: 300 })) {
        const a = ENGINES[ea](p, loadProfile(pa));
        const b = ENGINES[eb](p, loadProfile(pb));
        const [copyA, copyB, inPlaceA, inPlaceB] = [new BlockNames(), new BlockNames(), new BlockNames(), new BlockNames()];
        for (const s of p.steps) {
          try {
            a.apply(s);
            b.apply(s);
          } catch {
            break; // a side that throws is for the refinement campaigns to report
          }
          const [sa, sb] = [a.snapshot(), b.snapshot()];
          const same = plainEqual(copyA.snapshot(sa), copyB.snapshot(sb));
          expect(BlockNames.sameSnapshots(inPlaceA, sa, inPlaceB, sb)).toBe(same);
          if (!same) {
            unequal++;
            break;
          }
          equal++;
          expect([inPlaceA.key(), inPlaceB.key()]).toEqual([copyA.key(), copyB.key()]);
        }
      }
    expect(unequal).toBeGreaterThan(0);
    expect(equal).toBeGreaterThan(unequal);
  });
});
