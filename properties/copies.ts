// Copy kernels in generated programs (lang/README.md "Copy kernels"). The campaigns' generators
// draw no copies; copyScenarioArb adds arrays `u` and `w` and scalar `s` to a generated program's
// world and splices, at drawn places, small groups of steps that copy between them and the first
// array of the generated world: kernels whose two variables are named, unnamed (implicit data
// attributes, the scalar firstprivate: OpenACC 3.3 §2.6.2, OpenMP 6.0 §7.9.3) or made present by a
// data region or enter data, host copies, updates and reads. properties/copies.test.ts checks model
// against impl on them.

import fc from 'fast-check';
import { rootVariable } from '../lang/directive-vars.js';
import type { Program, Step, VarRef, WriteBody } from '../lang/program.js';
import { isOpenMpProgram, programArbFor } from './api.js';

/** The arrays and the scalar the scenarios add, and their lengths. */
export const COPY_ARRAYS = { u: 6, w: 6, s: 1 } as const;

/** A pair of references a copy can take: as many elements, and of one array the same section or disjoint ones. */
function pairArb(generated: { name: string; length: number } | undefined): fc.Arbitrary<[VarRef, VarRef]> {
  const pairs: fc.Arbitrary<[VarRef, VarRef]>[] = [
    fc.constantFrom<[VarRef, VarRef]>(['w', 'u'], ['u', 'w'], ['u(1:3)', 'u(4:6)'], ['w(4:6)', 'w(1:3)'], ['u(2:4)', 'w(3:5)'], ['u', 'u'], ['s', 'u(2:2)'], ['w(6:6)', 's'], ['s', 's']),
  ];
  if (generated !== undefined) {
    const n = Math.min(generated.length, 6);
    pairs.push(
      fc.constantFrom<[VarRef, VarRef]>(
        [`u(1:${n})`, `${generated.name}(1:${n})`],
        [`${generated.name}(1:${n})`, `w(1:${n})`],
        ['s', `${generated.name}(1:1)`],
        [`${generated.name}(${generated.length}:${generated.length})`, 's'],
      ),
    );
  }
  return fc.oneof(...pairs);
}

/** A copy body on a pair: a plain copy, with a ramp, or an add. */
function bodyArb(generated: { name: string; length: number } | undefined): fc.Arbitrary<WriteBody> {
  return fc.tuple(pairArb(generated), fc.integer({ min: -3, max: 20 }), fc.constantFrom(0, 0, 1), fc.boolean()).map(([[write, from], value, by, add]) => ({
    write,
    value,
    ...(by === 0 ? {} : { by }),
    ...(add ? { add: true } : {}),
    from,
  }));
}


function accGroupArb(generated: { name: string; length: number } | undefined): fc.Arbitrary<Step[]> {
  const body = bodyArb(generated);
  const clause = fc.constantFrom('present', 'copy', 'copyin', 'copyout', 'create', 'no_create' as const);
  const variable = fc.constantFrom('u', 'w', 's');
  return fc.oneof(
    body.map((b): Step[] => [{ op: 'acc_parallel', clauses: [], body: b }]),
    fc.tuple(body, fc.boolean()).map(([b, present]): Step[] => [{ op: 'acc_parallel', clauses: [], ...(present ? { default: 'present' as const } : {}), body: b }]),
    fc.tuple(body, clause, fc.boolean()).map(([b, c, both]): Step[] => [
      { op: 'acc_parallel', clauses: [{ clause: c, vars: both && rootVariable(b.write) !== rootVariable(b.from!) ? [rootVariable(b.write), rootVariable(b.from!)] : [rootVariable(b.from!)] }], body: b },
    ]),
    fc.tuple(body, fc.constantFrom('copy', 'copyin', 'create' as const)).map(([b, c]): Step[] => [
      { op: 'acc_data_begin', clauses: [{ clause: c, vars: [...new Set([rootVariable(b.write), rootVariable(b.from!)])] }] },
      { op: 'acc_parallel', clauses: [], body: b },
      { op: 'acc_update', clauses: [{ clause: 'self', vars: [rootVariable(b.write)] }] },
      { op: 'acc_data_end' },
    ]),
    fc.tuple(variable, fc.constantFrom('copyin', 'create' as const)).map(([v, c]): Step[] => [{ op: 'acc_enter_data', clauses: [{ clause: c, vars: [v] }] }]),
    fc.tuple(variable, fc.constantFrom('copyout', 'delete' as const)).map(([v, c]): Step[] => [{ op: 'acc_exit_data', clauses: [{ clause: c, vars: [v] }] }]),
    fc.tuple(variable, fc.constantFrom('self', 'device' as const)).map(([v, c]): Step[] => [{ op: 'acc_update', clauses: [{ clause: c, vars: [v] }], if_present: true }]),
    variable.map((v): Step[] => [{ op: 'host_read', var: v }]),
    body.map((b): Step[] => [{ op: 'host_write', var: b.write, value: b.value, ...(b.by === undefined ? {} : { by: b.by }), ...(b.add ? { add: true } : {}), from: b.from! }]),
  );
}

function ompGroupArb(generated: { name: string; length: number } | undefined): fc.Arbitrary<Step[]> {
  const body = bodyArb(generated);
  const variable = fc.constantFrom('u', 'w', 's');
  return fc.oneof(
    fc.tuple(body, fc.constantFrom(0, 0, 1)).map(([b, device]): Step[] => [{ op: 'omp_target', maps: [], body: b, ...(device === 0 ? {} : { device }) }]),
    fc.tuple(body, fc.constantFrom('tofrom', 'to', 'from', 'alloc' as const), fc.boolean()).map(([b, type, both]): Step[] => [
      { op: 'omp_target', maps: [{ type, vars: both && rootVariable(b.write) !== rootVariable(b.from!) ? [rootVariable(b.write), rootVariable(b.from!)] : [rootVariable(b.from!)] }], body: b },
    ]),
    fc.tuple(body, fc.constantFrom('tofrom', 'to', 'alloc' as const)).map(([b, type]): Step[] => [
      { op: 'omp_target_data_begin', maps: [{ type, vars: [...new Set([rootVariable(b.write), rootVariable(b.from!)])] }] },
      { op: 'omp_target', maps: [], body: b },
      { op: 'omp_target_update', motions: [{ type: 'from', vars: [rootVariable(b.write)] }] },
      { op: 'omp_target_data_end' },
    ]),
    fc.tuple(variable, fc.constantFrom('to', 'alloc' as const)).map(([v, type]): Step[] => [{ op: 'omp_target_enter_data', maps: [{ type, vars: [v] }] }]),
    fc.tuple(variable, fc.constantFrom('from', 'delete' as const)).map(([v, type]): Step[] => [{ op: 'omp_target_exit_data', maps: [{ type, vars: [v] }] }]),
    variable.map((v): Step[] => [{ op: 'omp_target_update', motions: [{ type: 'to', vars: [v] }] }]),
    variable.map((v): Step[] => [{ op: 'host_read', var: v }]),
    body.map((b): Step[] => [{ op: 'host_write', var: b.write, value: b.value, ...(b.by === undefined ? {} : { by: b.by }), ...(b.add ? { add: true } : {}), from: b.from! }]),
  );
}

/** The generated program with u, w and s in its world and each group spliced in at its drawn place (after any declarations). */
function withCopies(program: Program, init: number, groups: [number, Step[]][]): Program {
  const steps = [...program.steps];
  const first = steps.findIndex((s) => s.op !== 'acc_declare' && s.op !== 'omp_declare_target');
  const from = first < 0 ? steps.length : first;
  // Generated programs often stop early (an error, undefined behaviour) and a copy after that is
  // halted: an even place is among the first three generated steps, an odd one anywhere. Spliced
  // from the last place back, so the earlier places still count the generated steps.
  const n = steps.length - from;
  const places = groups.map(([at, group]): [number, Step[]] => [from + (at % 2 === 0 ? (at >> 1) % (Math.min(n, 3) + 1) : (at >> 1) % (n + 1)), group]);
  for (const [at, group] of places.sort((x, y) => y[0] - x[0])) steps.splice(at, 0, ...group);
  const arrays = [
    ...program.world.arrays,
    { name: 'u', length: COPY_ARRAYS.u, init },
    { name: 'w', length: COPY_ARRAYS.w, init: init + 10 },
    { name: 's', length: 1, scalar: true as const, init: init + 20 },
  ];
  return { ...program, world: { ...program.world, arrays }, steps };
}

/** A generated program of either API with the copy groups spliced in; `omp` says which API. */
export const copyScenarioArb = programArbFor('both').chain((program) => {
  const omp = isOpenMpProgram(program);
  // the generated world's first plain array (not rank 2), which generated steps map
  const generated = program.world.arrays.find((a) => a.shape === undefined && !a.scalar);
  const groups = fc.array(fc.tuple(fc.nat(), omp ? ompGroupArb(generated) : accGroupArb(generated)), { minLength: 1, maxLength: 6 });
  return fc.tuple(fc.constant(program), fc.integer({ min: -5, max: 50 }), groups).map(([p, init, g]) => ({ program: withCopies(p, init, g), omp }));
});
