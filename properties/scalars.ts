// Scalar variables in generated programs (lang/README.md "Scalar variables"). The campaigns'
// generators draw arrays and structs; scalarScenarioArb adds a scalar `s` to a generated program's
// world and splices, at drawn places, small groups of steps that use it: kernels that name it and
// kernels that do not (its firstprivate copy, OpenACC 3.3 §2.6.2 / OpenMP 6.0 §7.9.3), kernels
// inside a data region whose clause names it (an OpenACC visible data clause; OpenMP still
// firstprivate), enter / exit data, updates, host reads and writes; one OpenMP program in three
// declares it target (enter or link), so a kernel that does not name it maps it tofrom. properties/scalars.test.ts
// checks model against impl on them; the GPU batches of profiles/measured/ run them on a real runtime.

import fc from 'fast-check';
import type { Program, Step } from '../lang/program.js';
import { isOpenMpProgram, programArbFor } from './api.js';

/** The scalar's name. */
export const SCALAR = 's';
const S = SCALAR;

/** A kernel body on the scalar: a write, an add or a read. */
const bodyArb = fc.oneof(
  fc.integer({ min: -9, max: 99 }).map((value) => ({ write: S, value })),
  fc.integer({ min: -3, max: 3 }).map((value) => ({ write: S, value, add: true as const })),
  fc.constant({ read: S }),
);

/** Groups of OpenACC steps on the scalar, each balanced (a region it opens, it closes). */
const accGroupArb: fc.Arbitrary<Step[]> = fc.oneof(
  bodyArb.map((body): Step[] => [{ op: 'acc_parallel', clauses: [], body }]),
  fc.tuple(bodyArb, fc.constantFrom('present', 'copy', 'copyin', 'copyout', 'create', 'no_create' as const)).map(([body, clause]): Step[] => [{ op: 'acc_parallel', clauses: [{ clause, vars: [S] }], body }]),
  fc.tuple(bodyArb, fc.constantFrom('copy', 'copyin', 'create' as const)).map(([body, clause]): Step[] => [
    { op: 'acc_data_begin', clauses: [{ clause, vars: [S] }] },
    { op: 'acc_parallel', clauses: [], body },
    { op: 'acc_update', clauses: [{ clause: 'self', vars: [S] }] },
    { op: 'acc_data_end' },
  ]),
  fc.constantFrom<Step[]>(
    [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [S] }] }],
    [{ op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: [S] }] }],
    [{ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [S] }] }],
    [{ op: 'acc_update', clauses: [{ clause: 'device', vars: [S] }] }],
    [{ op: 'acc_update', clauses: [{ clause: 'self', vars: [S] }], if_present: true }],
    [{ op: 'acc_is_present', var: S }],
    [{ op: 'host_read', var: S }],
  ),
  fc.integer({ min: -5, max: 50 }).map((value): Step[] => [{ op: 'host_write', var: S, value }]),
);

/** The same for OpenMP. */
const ompGroupArb: fc.Arbitrary<Step[]> = fc.oneof(
  fc.tuple(bodyArb, fc.constantFrom(0, 0, 1)).map(([body, device]): Step[] => [{ op: 'omp_target', maps: [], body, ...(device === 0 ? {} : { device }) }]),
  fc.tuple(bodyArb, fc.constantFrom('tofrom', 'to', 'from', 'alloc' as const)).map(([body, type]): Step[] => [{ op: 'omp_target', maps: [{ type, vars: [S] }], body }]),
  fc.tuple(bodyArb, fc.constantFrom('tofrom', 'to', 'alloc' as const)).map(([body, type]): Step[] => [
    { op: 'omp_target_data_begin', maps: [{ type, vars: [S] }] },
    { op: 'omp_target', maps: [], body },
    { op: 'omp_target_update', motions: [{ type: 'from', vars: [S] }] },
    { op: 'omp_target_data_end' },
  ]),
  fc.constantFrom<Step[]>(
    [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [S] }] }],
    [{ op: 'omp_target_exit_data', maps: [{ type: 'from', vars: [S] }] }],
    [{ op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: [S] }] }],
    [{ op: 'omp_target_update', motions: [{ type: 'to', vars: [S] }] }],
    [{ op: 'omp_target_is_present', ptr: { var: S }, device: 0 }],
    [{ op: 'host_read', var: S }],
  ),
  fc.integer({ min: -5, max: 50 }).map((value): Step[] => [{ op: 'host_write', var: S, value }]),
);

/** The generated program with scalar `s` in its world and each group spliced in at its drawn place (after any declarations), `s` declared target first where `declared` says so (enter or link). */
function withScalar(program: Program, init: number, groups: [number, Step[]][], declared: 'enter' | 'link' | null = null): Program {
  const steps: Step[] = declared === null ? [...program.steps] : [{ op: 'omp_declare_target', clauses: [{ clause: declared, vars: [S] }] }, ...program.steps];
  const first = steps.findIndex((s) => s.op !== 'acc_declare' && s.op !== 'omp_declare_target');
  const from = first < 0 ? steps.length : first;
  // splice from the last place back, so the earlier places still count the generated steps
  for (const [at, group] of [...groups].sort((x, y) => y[0] - x[0])) steps.splice(from + (at % (steps.length - from + 1)), 0, ...group);
  return { ...program, world: { ...program.world, arrays: [...program.world.arrays, { name: S, length: 1, scalar: true, init }] }, steps };
}

/** A generated program of either API with the scalar and its steps spliced in; `omp` says which API. */
export const scalarScenarioArb = programArbFor('both').chain((program) => {
  const omp = isOpenMpProgram(program);
  const groups = fc.array(fc.tuple(fc.nat(), omp ? ompGroupArb : accGroupArb), { minLength: 1, maxLength: 5 });
  // one OpenMP program in three declares the scalar target (mapped tofrom where a kernel uses it unnamed, OpenMP 6.0 §7.9.3); drawn last
  const declared = omp ? fc.constantFrom<'enter' | 'link' | null>(null, null, null, null, 'enter', 'link') : fc.constant(null);
  return fc.tuple(fc.constant(program), fc.integer({ min: -5, max: 50 }), groups, declared).map(([p, init, g, d]) => ({ program: withScalar(p, init, g, d), omp }));
});
