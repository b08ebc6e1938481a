// declare mapper in the generator (properties/mappers.ts): withMappers gives the chosen single
// struct its mapper, and the witness detectors recognise each case in a hand-written program (the
// campaign counts them in properties/members.test.ts).

import { describe, expect, it } from 'vitest';
import type { Program } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { POOL_WORLD } from './arbitraries.js';
import { detectMapperWitnesses, withMappers } from './mappers.js';
import { modelWitnessTrace } from './witness.js';

const spec = loadProfile('spec');

describe('declare mapper generator', () => {
  const program: Program = { world: POOL_WORLD, steps: [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['d'] }] }] };

  it('gives the chosen single struct a mapper of the chosen kind, valid for validation', () => {
    const d = withMappers(program, { use: true, struct: 1, kind: 'from' });
    expect(d.world.mappers).toEqual([{ struct: 'd', maps: [{ type: 'tofrom', vars: ['d'] }, { type: 'from', vars: ['d%p', 'd%q'] }] }]);
    expect(validateProgram(d).ok).toBe(true);
    const c = withMappers(program, { use: true, struct: 2, kind: 'members' });
    expect(c.world.mappers).toEqual([{ struct: 'c', maps: [{ type: 'to', vars: ['c%p'] }] }]);
    expect(validateProgram(c).ok).toBe(true);
    expect(withMappers(program, { use: false, struct: 0, kind: 'to' })).toBe(program);
    // no single struct: nothing to give a mapper
    const arrays = { ...program, world: { ...POOL_WORLD, structs: [{ name: 'cs', pointers: ['p'], count: 2 }] }, steps: [] };
    expect(withMappers(arrays, { use: true, struct: 0, kind: 'to' })).toBe(arrays);
  });

  it('the detectors recognise mp1-mp4 in a hand-written program', () => {
    const p: Program = {
      world: { ...POOL_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c'] }, { type: 'from', vars: ['c%p'] }] }] },
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }] }, // mp1, mp2 (a made, c%p attached), mp3 (to × from)
        { op: 'omp_target_update', motions: [{ type: 'from', vars: ['c'] }] }, // mp4
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['d'] }] }, // d has no mapper
        { op: 'omp_target', maps: [], body: { read: 'c%p' } }, // implicit map of c through the mapper (tofrom × from = from): present already
      ],
    };
    const hits = detectMapperWitnesses(p, modelWitnessTrace(p, spec)).map((s) => [...s].sort());
    expect(hits).toEqual([['mp1', 'mp2', 'mp3'], ['mp4'], [], ['mp1', 'mp2']]);
  });
});
