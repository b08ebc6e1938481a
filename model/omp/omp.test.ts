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
