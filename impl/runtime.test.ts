// impl unit tests for what has no program form: references the language would reject are refused
// with lang/parseRef's message. The scenarios (observations and states per profile) are
// conformance rows, run on both engines: conformance/acc/*.ts.

import { describe, expect, it } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { ACC_WORLD as world } from '../conformance/worlds.js';
import { implEngine } from './index.js';

describe('references', () => {
  it('rejects bad references with the message of lang/parseRef', () => {
    const engine = implEngine({ world, steps: [] }, loadProfile('spec'));
    expect(() => engine.apply({ op: 'host_read', var: 'a(0:3)' })).toThrow(/outside a\(1:10\)/);
    expect(() => engine.apply({ op: 'host_read', var: 'c%q' })).toThrow(/no pointer member 'q'/);
    expect(() => engine.apply({ op: 'host_read', var: 'zz' })).toThrow(/not declared/);
    expect(() => engine.apply({ op: 'acc_attach', ptr: 'a' })).toThrow(/pointer member/);
    expect(engine.apply({ op: 'host_read', var: 'b(9:10)' })).toEqual({ kind: 'read', values: [2, 2] });
  });
});
