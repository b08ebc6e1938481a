// impl unit tests for OpenMP that have no program form. The scenarios (observations and states per
// profile) are conformance rows, run on both engines: conformance/omp/*.ts.

import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { OMP_WORLD as world } from '../conformance/worlds.js';
import { implEngine } from './index.js';

describe('device block numbering', () => {
  it('continues after OpenACC allocations (one numbering per engine; a program never mixes the APIs)', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    engine.apply({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }] });
    engine.apply({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] });
    expect(engine.apply({ op: 'omp_target_alloc', bytes: 8, device: 0, result: 'h' })).toEqual({ kind: 'value', value: { block: 3, offset: 0 } });
    const last = engine.snapshot();
    expect(last.sections.map((s) => s.block)).toEqual([1]);
    expect(last.ompEntries.map((e) => e.block)).toEqual([2]);
  });
});

describe('impossible step sequences (validation rejects them first)', () => {
  it('a region end without its begin is an internal error', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    expect(() => engine.apply({ op: 'omp_target_data_end' })).toThrow(/omp_target_data_end without an open omp_target_data_begin region/);
    expect(() => engine.apply({ op: 'omp_target_data_use_device_end' })).toThrow(/omp_target_data_use_device_end without an open use_device region/);
  });
});
