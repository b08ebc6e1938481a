// Kernels of several statements in generated programs (lang/README.md "Kernels of several
// statements"). The campaigns' generators draw none; blockScenarioArb adds arrays `u` and `w`, scalar
// `s` and struct `k` with allocatable components `k%a` and `k%b` (allocated at the start) to a
// generated program's world, and splices in, at drawn places, small groups of steps around kernels of
// two or three statements over those and the generated world's first array: statements that write,
// add, copy one another's results, through named, unnamed (implicit) or present data, attached or
// not, and reallocations that leave a device pointer stale. properties/blocks.test.ts checks model
// against impl on them.

import fc from 'fast-check';
import { rootVariable } from '../lang/directive-vars.js';
import type { Program, Step, VarRef, World, WriteBody } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { isOpenMpProgram, programArbFor } from './api.js';

/** Length of u, w and of each allocation of k%a and k%b. */
export const BLOCK_LENGTH = 6;
/** The struct the scenarios add. */
export const BLOCK_STRUCT = 'k';

/** The sections of `n` elements of a 6-element variable the statements take (n of 1, 3 or 6). */
function sections(name: string, n: number, length = BLOCK_LENGTH): VarRef[] {
  if (n > length) return [];
  const starts = n === 1 ? [1, length] : n === 3 && length >= 6 ? [1, 4] : [1];
  return starts.map((lo) => `${name}(${lo}:${lo + n - 1})`);
}

/** References a statement of `n` elements writes (`written`) or copies from (`read`: arrays only). */
function pool(generated: { name: string; length: number } | undefined, n: number): { written: VarRef[]; read: VarRef[] } {
  const arrays = [...sections('u', n), ...sections('w', n), ...(generated ? sections(generated.name, n, generated.length) : []), ...(n === 1 ? ['s'] : [])];
  return { written: [...arrays, ...sections(`${BLOCK_STRUCT}%a`, n), ...sections(`${BLOCK_STRUCT}%b`, n)], read: arrays };
}

/** A statement over `n` elements: a write, ramp or add, half of them copies. */
function statementArb(generated: { name: string; length: number } | undefined, n: number): fc.Arbitrary<WriteBody> {
  const { written, read } = pool(generated, n);
  return fc
    .tuple(fc.constantFrom(...written), fc.option(fc.constantFrom(...read), { freq: 2 }), fc.integer({ min: -3, max: 20 }), fc.constantFrom(0, 0, 1), fc.boolean())
    .map(([write, from, value, by, add]) => ({ write, value, ...(by === 0 ? {} : { by }), ...(add ? { add: true } : {}), ...(from === null ? {} : { from }) }));
}

/** World of the scenario, to check a block against validation before it is spliced. */
function scenarioWorld(world: World, init: number): World {
  const arrays = [
    ...world.arrays,
    { name: 'u', length: BLOCK_LENGTH, init },
    { name: 'w', length: BLOCK_LENGTH, init: init + 10 },
    { name: 's', length: 1, scalar: true as const, init: init + 20 },
  ];
  return { ...world, arrays, structs: [...world.structs, { name: BLOCK_STRUCT, pointers: ['a', 'b'], allocatable: ['a', 'b'] }] };
}

/** Two or three statements of one element count that validation takes as a kernel of the program's API. */
function blockArb(world: World, generated: { name: string; length: number } | undefined, omp: boolean): fc.Arbitrary<WriteBody[]> {
  const steps = (writes: WriteBody[]): Step[] => [omp ? { op: 'omp_target', maps: [], body: { writes } } : { op: 'acc_parallel', clauses: [], body: { writes } }];
  return fc
    .constantFrom(1, 3, 3, 6)
    .chain((n) => fc.array(statementArb(generated, n), { minLength: 2, maxLength: 3 }))
    .filter((writes) => validateProgram({ world, steps: steps(writes) }).ok);
}

/** The roots the statements use, and the member sections through k, for the clauses that name them. */
function usedBy(writes: readonly WriteBody[]): { roots: VarRef[]; members: VarRef[] } {
  const refs = writes.flatMap((w) => [w.write, ...(w.from === undefined ? [] : [w.from])]);
  return { roots: [...new Set(refs.map(rootVariable))], members: [...new Set(refs.filter((r) => r.startsWith(`${BLOCK_STRUCT}%`)))] };
}

const VARIABLE = fc.constantFrom('u', 'w', 's', BLOCK_STRUCT);
const MEMBER = fc.constantFrom(`${BLOCK_STRUCT}%a(1:6)`, `${BLOCK_STRUCT}%b(1:6)`, `${BLOCK_STRUCT}%a(4:6)`);
/** Both components whole, as enter data names them. */
const COMPONENTS = [`${BLOCK_STRUCT}%a(1:6)`, `${BLOCK_STRUCT}%b(1:6)`];
/** Deallocating and allocating a component again: its device copy keeps the old address (stale). */
const REALLOCATE = fc.constantFrom('a', 'b').map((m): Step[] => [
  { op: 'deallocate', ptr: `${BLOCK_STRUCT}%${m}` },
  { op: 'allocate', ptr: `${BLOCK_STRUCT}%${m}`, length: BLOCK_LENGTH, value: 3 },
]);

function accGroupArb(block: fc.Arbitrary<WriteBody[]>): fc.Arbitrary<Step[]> {
  const clause = fc.constantFrom('present', 'copy', 'copyin', 'copyout', 'create', 'no_create' as const);
  return fc.oneof(
    fc.tuple(block, fc.boolean()).map(([writes, present]): Step[] => [{ op: 'acc_parallel', clauses: [], ...(present ? { default: 'present' as const } : {}), body: { writes } }]),
    fc.tuple(block, clause, fc.boolean()).map(([writes, c, members]): Step[] => {
      const used = usedBy(writes);
      return [{ op: 'acc_parallel', clauses: [{ clause: c, vars: [...used.roots, ...(members ? used.members : [])] }], body: { writes } }];
    }),
    fc.tuple(block, fc.constantFrom('copy', 'copyin', 'create' as const)).map(([writes, c]): Step[] => {
      const used = usedBy(writes);
      return [
        { op: 'acc_data_begin', clauses: [{ clause: c, vars: [...used.roots, ...used.members] }] },
        { op: 'acc_parallel', clauses: [], body: { writes } },
        ...used.roots.filter((r) => r !== BLOCK_STRUCT).map((r): Step => ({ op: 'acc_update', clauses: [{ clause: 'self', vars: [r] }], if_present: true })),
        { op: 'acc_data_end' },
      ];
    }),
    // GCC's deep-copy-4.f90: the struct, then its components (attached), present for the kernel
    fc.tuple(block, fc.boolean()).map(([writes, present]): Step[] => [
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [BLOCK_STRUCT] }] },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: COMPONENTS }] },
      { op: 'acc_parallel', clauses: [], ...(present ? { default: 'present' as const } : {}), body: { writes } },
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: COMPONENTS }] },
      { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [BLOCK_STRUCT] }] },
    ]),
    fc.tuple(VARIABLE, fc.constantFrom('copyin', 'create' as const)).map(([v, c]): Step[] => [{ op: 'acc_enter_data', clauses: [{ clause: c, vars: [v] }] }]),
    fc.tuple(MEMBER, fc.constantFrom('copyin', 'create' as const)).map(([m, c]): Step[] => [{ op: 'acc_enter_data', clauses: [{ clause: c, vars: [m] }] }]),
    fc.tuple(fc.oneof(VARIABLE, MEMBER), fc.constantFrom('copyout', 'delete' as const)).map(([v, c]): Step[] => [{ op: 'acc_exit_data', clauses: [{ clause: c, vars: [v] }] }]),
    REALLOCATE,
    fc.constantFrom('u', 'w', 's', `${BLOCK_STRUCT}%a`, `${BLOCK_STRUCT}%b`).map((v): Step[] => [{ op: 'host_read', var: v }]),
  );
}

function ompGroupArb(block: fc.Arbitrary<WriteBody[]>): fc.Arbitrary<Step[]> {
  return fc.oneof(
    fc.tuple(block, fc.constantFrom(0, 0, 1)).map(([writes, device]): Step[] => [{ op: 'omp_target', maps: [], body: { writes }, ...(device === 0 ? {} : { device }) }]),
    fc.tuple(block, fc.constantFrom('tofrom', 'to', 'from', 'alloc' as const), fc.boolean()).map(([writes, type, members]): Step[] => {
      const used = usedBy(writes);
      return [{ op: 'omp_target', maps: [{ type, vars: [...used.roots, ...(members ? used.members : [])] }], body: { writes } }];
    }),
    fc.tuple(block, fc.constantFrom('tofrom', 'to', 'alloc' as const)).map(([writes, type]): Step[] => {
      const used = usedBy(writes);
      return [
        { op: 'omp_target_data_begin', maps: [{ type, vars: [...used.roots, ...used.members] }] },
        { op: 'omp_target', maps: [], body: { writes } },
        { op: 'omp_target_data_end' },
      ];
    }),
    fc.tuple(block, fc.constantFrom(0, 1)).map(([writes, device]): Step[] => [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [BLOCK_STRUCT] }], ...(device === 0 ? {} : { device }) },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: COMPONENTS }], ...(device === 0 ? {} : { device }) },
      { op: 'omp_target', maps: [], body: { writes }, ...(device === 0 ? {} : { device }) },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: COMPONENTS }], ...(device === 0 ? {} : { device }) },
    ]),
    fc.tuple(fc.oneof(VARIABLE, MEMBER), fc.constantFrom('to', 'alloc' as const)).map(([v, type]): Step[] => [{ op: 'omp_target_enter_data', maps: [{ type, vars: [v] }] }]),
    fc.tuple(fc.oneof(VARIABLE, MEMBER), fc.constantFrom('from', 'delete' as const)).map(([v, type]): Step[] => [{ op: 'omp_target_exit_data', maps: [{ type, vars: [v] }] }]),
    REALLOCATE,
    fc.constantFrom('u', 'w', 's', `${BLOCK_STRUCT}%a`, `${BLOCK_STRUCT}%b`).map((v): Step[] => [{ op: 'host_read', var: v }]),
  );
}

/** The generated program in the scenario's world: k's components allocated first (after any declarations), each group spliced in at its drawn place. */
function withBlocks(program: Program, world: World, groups: [number, Step[]][]): Program {
  const steps = [...program.steps];
  const first = steps.findIndex((s) => s.op !== 'acc_declare' && s.op !== 'omp_declare_target');
  const from = first < 0 ? steps.length : first;
  // Generated programs often stop early (an error, undefined behaviour): a place of 0 mod 3 is
  // before the generated steps, 1 mod 3 among the first three of them, 2 mod 3 anywhere; spliced
  // from the last place back, so the earlier places still count the generated steps.
  const n = steps.length - from;
  const offset = (at: number) => (at % 3 === 0 ? 0 : at % 3 === 1 ? Math.floor(at / 3) % (Math.min(n, 3) + 1) : Math.floor(at / 3) % (n + 1));
  const places = groups.map(([at, group]): [number, Step[]] => [from + offset(at), group]);
  for (const [at, group] of places.sort((x, y) => y[0] - x[0])) steps.splice(at, 0, ...group);
  const allocations: Step[] = ['a', 'b'].map((m, i) => ({ op: 'allocate', ptr: `${BLOCK_STRUCT}%${m}`, length: BLOCK_LENGTH, value: i + 1 }));
  steps.splice(from, 0, ...allocations);
  return { ...program, world, steps };
}

/** A generated program of either API with kernels of several statements spliced in; `omp` says which API. */
export const blockScenarioArb = programArbFor('both').chain((program) => {
  const omp = isOpenMpProgram(program);
  // the generated world's first plain array (not rank 2), which generated steps map
  const generated = program.world.arrays.find((a) => a.shape === undefined && !a.scalar);
  return fc.integer({ min: -5, max: 50 }).chain((init) => {
    const world = scenarioWorld(program.world, init);
    const block = blockArb(world, generated, omp);
    const groups = fc.array(fc.tuple(fc.nat(), omp ? ompGroupArb(block) : accGroupArb(block)), { minLength: 1, maxLength: 6 });
    return groups.map((g) => ({ program: withBlocks(program, world, g), omp }));
  });
});
