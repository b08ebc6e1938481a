// Model unit tests for OpenMP that have no program form: device-number resolution and the rules a
// step reports. The scenarios (observations and states per profile) are conformance rows, run on
// both engines: conformance/omp/*.ts.

import { describe, expect, it } from 'vitest';
import type { Program } from '../../lang/program.js';
import { loadProfile } from '../../profiles/index.js';
import { runTrace } from '../../properties/compare.js';
import { OMP_WORLD as WORLD } from '../../conformance/worlds.js';
import { createInitialState } from '../state.js';
import { resolveDevice } from './devices.js';

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
});

describe('rules a step reports', () => {
  it('a target construct: construct, device, implicit rules, then the map entry and exit', () => {
    const program: Program = {
      world: WORLD,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target', maps: [], body: { read: 'a' } },
        { op: 'omp_target_alloc', bytes: 40, device: 0, result: 'x' },
        { op: 'omp_target_associate_ptr', host: { var: 'b' }, dev: { handle: 'x' }, bytes: 40, offset: 0, device: 0 },
      ],
    };
    const { rules } = runTrace(program, { engine: 'model', profile: loadProfile('spec') }, false);
    expect(rules[1]).toEqual([
      'OpenMP 6.0 §15.8 target construct',
      'OpenMP 6.0 §15.2 device clause',
      'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules',
      'OpenMP 6.0 §7.9.6 map clause (mappable storage blocks)',
      'OpenMP 6.0 §7.9.6 map clause (entry)',
      'OpenMP 6.0 §7.9.6 map clause (exit)',
    ]);
    expect(rules[3]).toEqual(['OpenMP 6.0 §25.5 omp_target_associate_ptr']);
  });
});

// K-B7 `always` (gcc-12: gfortran 12's GOMP_MAP_ALWAYS_POINTER is written on every map from the data
// item before it): a target or target data construct naming a disassociated pointer writes its
// corresponding pointer null (libgomp.fortran/map-alloc-ptr-1.f90); impl/omp.test.ts has the same
// cases for the impl. No conformance row: what current libgomp does there (K-B7 `6.0`) is not read.
describe('K-B7 always: a disassociated pointer named on a structured construct', () => {
  const knobs = { 'K-B7': 'always', 'K-B22': 'allowed' };
  const spec = loadProfile('spec');
  const run = (steps: Program['steps'], readings: Record<string, string> = knobs) =>
    runTrace({ world: WORLD, steps }, { engine: 'model', profile: { ...spec, knobs: { ...spec.knobs, ...readings } as typeof spec.knobs } }, false).observations;
  const associated: Program['steps'] = [
    { op: 'pointer_assign', ptr: 'c%p', target: 'a(1:2)' },
    { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p'] }] },
    { op: 'nullify', ptr: 'c%p' },
  ];
  const kernel: Program['steps'][number] = { op: 'omp_target', maps: [], body: { pointer: 'c%p' } };
  const dev2 = { kind: 'value', value: { block: 2, offset: 0 } };
  it('a target construct mapping c%p makes the corresponding pointer null, and it stays null', () => {
    const obs = run([...associated, { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['c%p'] }], body: { pointer: 'c%p' } }, kernel]);
    expect(obs.slice(3)).toEqual([{ kind: 'value', value: null }, { kind: 'value', value: null }]);
  });
  it('target data does too; enter data leaves the device address (K-B60 decides its write), and so does K-B7 6.0', () => {
    expect(run([...associated, { op: 'omp_target_data_begin', maps: [{ type: 'to', vars: ['c%p'] }] }, kernel])[4]).toEqual({ kind: 'value', value: null });
    expect(run([...associated, { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c%p'] }] }, kernel])[4]).toEqual(dev2);
    expect(run([...associated, { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['c%p'] }], body: { pointer: 'c%p' } }], { 'K-B7': '6.0', 'K-B22': 'allowed' })[3]).toEqual(dev2);
  });
});
