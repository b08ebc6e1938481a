// Adjacent host objects in the generators (properties/adjacent.ts): withAdjacent and the detectors
// of witnesses ad1, ad2 on hand-written programs. The default campaign's programs reach both
// (properties/members.test.ts, beside the other world-shape witnesses).

import { describe, expect, it } from 'vitest';
import type { Program } from '../lang/program.js';
import { hostLayout } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { detectAdjacentWitnesses, withAdjacent } from './adjacent.js';
import { modelWitnessTrace } from './witness.js';

const program: Program = {
  world: {
    arrays: [
      { name: 'a', length: 8, init: 1 },
      { name: 'b', length: 8, init: 2 },
    ],
    structs: [{ name: 'c', pointers: ['p'] }],
    devices: [{ kind: 'discrete' }],
  },
  steps: [
    { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
    { op: 'omp_target_data_use_device_begin', var: 'b', result: 'u', ptr: true },
    { op: 'omp_target_data_use_device_end' },
    { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['b'] }] },
  ],
};

describe('adjacent host objects: withAdjacent', () => {
  it('orders the objects by their keys and cuts them into one run, or two of two or more', () => {
    expect(withAdjacent(program, { use: false, keys: [], cut: 0 })).toBe(program);
    expect(withAdjacent(program, { use: true, keys: [], cut: 0 }).world.adjacent).toEqual([['a', 'b', 'c']]);
    expect(withAdjacent(program, { use: true, keys: [5, 1, 3], cut: 1 }).world.adjacent).toEqual([['b', 'c', 'a']]);
    const four = { ...program, world: { ...program.world, structs: [...program.world.structs, { name: 'd', pointers: ['p'] }] } };
    expect(withAdjacent(four, { use: true, keys: [], cut: 2 }).world.adjacent).toEqual([['a', 'b'], ['c', 'd']]);
    const out = withAdjacent(four, { use: true, keys: [3, 2, 1, 0], cut: 6 });
    expect(out.world.adjacent).toEqual([['d', 'c'], ['b', 'a']]);
    expect(validateProgram(out).ok).toBe(true);
  });
});

describe('adjacent host objects: witnesses', () => {
  const laid = withAdjacent(program, { use: true, keys: [], cut: 0 });

  it('ad1 when two entries touch, ad2 when libgomp translates b through a\'s entry', () => {
    expect(hostLayout(laid.world).map((o) => o.start)).toEqual([0x1000, 0x1020, 0x1040]);
    const libgomp = detectAdjacentWitnesses(laid, modelWitnessTrace(laid, loadProfile('libgomp')));
    expect(libgomp.map((s) => [...s].sort())).toEqual([[], ['ad2'], [], ['ad1']]);
    // the text: b has no corresponding storage, so no translation (K-B58 whole, K-B30 host-address)
    const spec = detectAdjacentWitnesses(laid, modelWitnessTrace(laid, loadProfile('spec')));
    expect(spec.map((s) => [...s].sort())).toEqual([[], [], [], ['ad1']]);
  });

  it('nothing without world.adjacent', () => {
    const hits = detectAdjacentWitnesses(program, modelWitnessTrace(program, loadProfile('libgomp')));
    expect(hits.every((s) => s.size === 0)).toBe(true);
  });
});
