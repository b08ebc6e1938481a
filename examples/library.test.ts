// Using mapcheck as a library in your own vitest suite (with @fast-check/vitest): generated
// programs, the refinement property, two runtimes' readings compared on your own program.
// `npm run pack-check` runs this file against the packed tarball installed in an empty folder.

import { test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { agree, assertRefines, loadProfile, programArb, runTrace, side, validateProgram, type Program } from 'mapcheck';

// The optimised runtime refines the specification model under Cray 19's readings, on any program.
test.prop([programArb({ api: 'openacc', maxSteps: 12 })], { numRuns: 40, seed: 1 })('impl refines the model under cray-19', (program) => {
  assertRefines(program, 'cray-19');
});

// Generated programs are valid programs (what a hand-written file must also be).
test.prop([programArb({ maxSteps: 8 })], { numRuns: 40, seed: 2 })('generated programs validate', (program) => {
  expect(validateProgram(program).ok).toBe(true);
});

// Your own program, as the seed study wrote it: the spec re-points c%p to b; Cray 19 does not.
const reattach: Program = {
  world: {
    arrays: [
      { name: 'a', length: 10, init: 1 },
      { name: 'b', length: 10, init: 2 },
    ],
    structs: [{ name: 'c', pointers: ['p'] }],
  },
  steps: [
    { op: 'pointer_assign', ptr: 'c%p', target: 'a' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'pointer_assign', ptr: 'c%p', target: 'b' },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b'] }, { clause: 'attach', vars: ['c%p'] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { read: 'c%p' } },
  ],
};

test('spec and cray-19 read the re-attached pointer differently', () => {
  const read = (profile: string) => runTrace(reattach, side('model', profile), false).observations.at(-1);
  expect(read('spec')).toEqual({ kind: 'read', values: Array(10).fill(2) });
  expect(read('cray-19')).toEqual({ kind: 'read', values: Array(10).fill(1) });
  expect(agree(reattach, side('model', 'spec'), side('model', loadProfile('nvfortran-25.3')))).toBe(true);
  expect(agree(reattach, side('model', 'spec'), side('model', 'cray-19'))).toBe(false);
});

// A fast-check arbitrary of your own built on mapcheck's: programs that end in a kernel.
test.prop([programArb({ api: 'openacc', maxSteps: 6 }).filter((p) => p.steps.at(-1)?.op === 'acc_parallel')], { numRuns: 10, seed: 3 })(
  'filtered arbitraries compose',
  (program) => assertRefines(program),
);
