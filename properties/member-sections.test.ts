// Witnesses for member subarrays (issue 9 item 5): detectors and the generator's rewrite. The default
// campaign's programs (same generator, api `both`, seed and budget as the campaign) rewrite pointer-member references into sections of
// their targets in one program in four (arbitraries.ts withMemberSections) and reach, in each API, a
// mapped section (ms1), a kernel reaching a section through the pointer (ms2) and a section past its
// target's end (ms4); OpenMP attachment through a section aims the pointer before the section's
// storage (ms3; OpenACC only under K-A50 `section`, which the detector test shows with libgomp).

import { describe, expect, it } from 'vitest';
import type { Program, World } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { detectSectionWitnesses, modelWitnessTrace } from './witness.js';
import { withMemberSections } from './arbitraries.js';
import { validateProgram } from '../lang/validate.js';

const spec = loadProfile('spec');

const world: World = {
  arrays: [{ name: 'a', length: 8, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(1:4)' } }],
};

describe('member subarrays: detectors', () => {
  it('recognise each case in hand-written OpenACC and OpenMP programs', () => {
    const acc: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p(2:3)' } }, // ms1, ms2
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['c%p(3:4)'] }] }, // ms1
        { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['c%p(5:8)'] }] }, // ms4: the target has 4 elements
      ],
    };
    const hits = detectSectionWitnesses(acc, modelWitnessTrace(acc, spec)).map((s) => [...s].sort());
    expect(hits).toEqual([[], [], ['ms1', 'ms2'], ['ms1'], ['ms4']]);
    // K-A50: the text's attach finds the target a(1:4) only partly present and leaves the pointer
    // alone; libgomp's looks up the section and aims the pointer one element before its copy.
    const biased: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p(2:3)'] }] },
      ],
    };
    expect(detectSectionWitnesses(biased, modelWitnessTrace(biased, spec)).map((s) => [...s].sort())).toEqual([[], ['ms1']]);
    expect(detectSectionWitnesses(biased, modelWitnessTrace(biased, loadProfile('libgomp'))).map((s) => [...s].sort())).toEqual([[], ['ms1', 'ms3']]);
    const omp: Program = {
      world,
      steps: [
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(2:3)'] }] }, // ms1, ms3
        { op: 'omp_target', maps: [], body: { write: 'c%p(3:3)', value: 7 } }, // ms1, ms2 (ms3 still)
        { op: 'omp_target', maps: [], body: { read: 'c%p(1:2)' } }, // element 1 is not mapped: undefined, but not past the target
      ],
    };
    const ompHits = detectSectionWitnesses(omp, modelWitnessTrace(omp, spec)).map((s) => [...s].sort());
    expect(ompHits).toEqual([['ms1', 'ms3'], ['ms1', 'ms2', 'ms3'], ['ms3']]);
  });

  it('withMemberSections rewrites pointer-member references by the picks, never the pointer itself', () => {
    const program: Program = {
      world: { arrays: [{ name: 'a', length: 8 }, { name: 'b', length: 8 }], structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }, { name: 'd', pointers: ['p', 'q'] }] },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p', 'd%q'] }, { clause: 'attach', vars: ['d%p'] }] },
        { op: 'acc_parallel', clauses: [], body: { read: 'c%p' } },
        { op: 'acc_parallel', clauses: [], body: { pointer: 'c%p' } },
        { op: 'host_write', var: 'c%p', value: 3 },
        { op: 'acc_copyout', var: 'c%p' },
        { op: 'nullify', ptr: 'd%q' },
      ],
    };
    const out = withMemberSections(program, { use: true, picks: [1, 0, 4, 2] });
    expect(out.steps).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p(2:3)', 'd%q'] }, { clause: 'attach', vars: ['d%p'] }] },
      { op: 'acc_parallel', clauses: [], body: { read: 'c%p(5:8)' } },
      { op: 'acc_parallel', clauses: [], body: { pointer: 'c%p' } },
      { op: 'host_write', var: 'c%p(1:4)', value: 3 },
      { op: 'acc_copyout', var: 'c%p(2:3)' },
      { op: 'nullify', ptr: 'd%q' },
    ]);
    expect(validateProgram(out).ok).toBe(true);
    expect(withMemberSections(program, { use: false, picks: [1] })).toBe(program);
  });
});

// The campaign half (ms1-ms4 reached by the default campaign's programs) runs in
// properties/members.test.ts, over the same programs and model traces as the member witnesses.
