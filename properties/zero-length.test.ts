// Zero-length sections in the generators (properties/zero-length.ts): the detectors on hand-written
// programs, and the rewrite. The default campaign's counts of z1-z4 in each API are in
// properties/members.test.ts, which shares its programs and traces.

import { describe, expect, it } from 'vitest';
import type { Program, World } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { validateProgram } from '../lang/validate.js';
import { modelWitnessTrace } from './witness.js';
import { detectZeroLengthWitnesses, withZeroLength, zeroLengthOf } from './zero-length.js';

const spec = loadProfile('spec');
const world: World = { arrays: [{ name: 'a', length: 8, init: 1 }, { name: 'b', length: 8 }], structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };
const hits = (program: Program) => detectZeroLengthWitnesses(program, modelWitnessTrace(program, spec)).map((s) => [...s].sort());

describe('zero-length sections: detectors', () => {
  it('recognise each case in hand-written OpenACC and OpenMP programs', () => {
    const acc: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(2:5)'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'create', vars: ['a(3:2)'] }] }, // z1
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(6:5)'] }] }, // z2, z3
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['b(1:0)'] }] }, // z2
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a(2:5)'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(5:4)'] }] }, // z4
      ],
    };
    expect(hits(acc)).toEqual([[], ['z1'], ['z2', 'z3'], ['z2'], [], ['z4']]);
    const omp: Program = {
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(1:4)'] }] },
        { op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['a(4:3)'] }] }, // z1
        { op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(5:4)'] }] }, // z2, z3
        { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['a(1:4)'] }] },
        { op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: ['a(1:0)'] }] }, // z4
        { op: 'omp_target_exit_data', maps: [{ type: 'release', modifiers: ['present'], vars: ['a(1:0)'] }] }, // an error: no witness
      ],
    };
    expect(hits(omp)).toEqual([[], ['z1'], ['z2', 'z3'], [], ['z4'], []]);
  });

  it('recognise a zero-length member section attached in present data (zm1) and one finding nothing (zm2)', () => {
    const acc: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p(3:2)'] }] }, // zm1
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p(3:2)'] }] }, // the pointer stays attached once: zm1
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p(1:0)'] }] }, // zm2
      ],
    };
    // (z1-z4 are the array cases: a member section's counters are zm1's business)
    expect(hits(acc)).toEqual([[], ['zm1'], ['zm1'], [], ['zm2']]);
    const omp: Program = {
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
        { op: 'omp_target', maps: [{ type: 'to', vars: ['c', 'c%p(3:2)'] }], body: { pointer: 'c%p' } },
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(3:2)'] }] }, // zm1
        { op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: ['a', 'c'] }] },
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(1:0)'] }] }, // zm2
      ],
    };
    // the target construct's struct storage goes at its end, so its attachment is seen by no snapshot
    expect(hits(omp)).toEqual([[], [], ['zm1'], [], ['zm2']]);
  });
});

describe('zero-length sections: the rewrite', () => {
  it('zeroLengthOf: at the start, one past the end, inside; other references stay', () => {
    expect(['a', 'a(2:5)', 'b(3:3)'].map((v) => zeroLengthOf(world, v, 1))).toEqual(['a(1:0)', 'a(2:1)', 'b(3:2)']);
    expect(['a', 'a(2:5)', 'b(3:3)'].map((v) => zeroLengthOf(world, v, 2))).toEqual(['a(9:8)', 'a(6:5)', 'b(4:3)']);
    expect(['a', 'a(2:5)', 'b(3:3)'].map((v) => zeroLengthOf(world, v, 3))).toEqual(['a(5:4)', 'a(4:3)', 'b(3:2)']);
    expect(['c', 'c%p', 'a(2:5)'].map((v) => zeroLengthOf(world, v, 0))).toEqual(['c', 'c%p', 'a(2:5)']);
    expect(zeroLengthOf(world, 'c', 1)).toBe('c');
  });

  it('zeroLengthOf: a pointer member counts from 1 to its initial target\'s length (a has 8), a member section from its bounds', () => {
    expect([1, 2, 3].map((p) => zeroLengthOf(world, 'c%p', p))).toEqual(['c%p(1:0)', 'c%p(9:8)', 'c%p(5:4)']);
    expect([1, 2, 3].map((p) => zeroLengthOf(world, 'c%p(2:3)', p))).toEqual(['c%p(2:1)', 'c%p(4:3)', 'c%p(3:2)']);
    // a member of no struct, or no pointer member, stays
    expect(zeroLengthOf(world, 'c%q', 1)).toBe('c%q');
    const nowhere: World = { ...world, structs: [{ name: 'c', pointers: ['p'] }] };
    expect(zeroLengthOf(nowhere, 'c%p', 2)).toBe('c%p(9:8)');
  });

  it('rewrites data directives, update and lookups by the picks, keeps compute constructs, and inserts the idiom', () => {
    const program: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a', 'c'] }, { clause: 'attach', vars: ['c%p'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['b'] }], body: { read: 'b' } },
        { op: 'acc_is_present', var: 'b(2:3)' },
        { op: 'host_read', var: 'a' },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
        // the idiom's ten steps (five on a, five on c%p => a) push as many steps out at the end
        ...Array.from({ length: 10 }, () => ({ op: 'host_read' as const, var: 'b' })),
      ],
    };
    const out = withZeroLength(program, { use: true, picks: [2, 1, 3], at: 0 });
    expect(out.steps.slice(10)).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(9:8)', 'c'] }, { clause: 'attach', vars: ['c%p'] }] },
      { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['b'] }], body: { read: 'b' } },
      { op: 'acc_is_present', var: 'b(3:2)' },
      { op: 'host_read', var: 'a' },
      { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p(9:8)'] }] },
    ]);
    expect(out.steps.slice(0, 10).map((s) => s.op)).toEqual([
      ...['acc_enter_data', 'acc_enter_data', 'acc_is_present', 'acc_exit_data', 'acc_exit_data'],
      ...['acc_enter_data', 'acc_enter_data', 'acc_exit_data', 'acc_exit_data', 'acc_enter_data'],
    ]);
    // no c%p => a in the world: the array idiom alone
    const bare = withZeroLength({ ...program, world: { ...world, structs: [{ name: 'c', pointers: ['p'], init: { p: 'b' } }] } }, { use: true, picks: [0], at: 0 });
    expect(bare.steps.slice(5, 6)).toEqual([program.steps[0]]);
    expect(validateProgram(out).ok).toBe(true);
    expect(withZeroLength(program, { use: false, picks: [1], at: 0 })).toBe(program);
  });
});
