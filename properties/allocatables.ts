// Allocatable components in generated programs (issue 9 item 6; lang/README.md "Allocatable
// components"): drawn after everything else, so a seed draws the same steps as before they
// existed. One program in four of those that never reassociate a pointer (both APIs) gets struct
// `e` with the allocatable component `x` after the pool's structs, and one of three idioms at a
// drawn place (witnesses al1-al3):
//
// - stale: `x` allocated, `e` and `x` mapped (so the device copy of `e` is attached to x's copy),
//   `x` deallocated while present and allocated again at a new address, a kernel reading `e%x`
//   through the device copy of `e` (the old copy's values), a host read (the new values);
// - clean: the same with `x`'s copy deleted before the deallocate and mapped again after the
//   allocate, so the kernel reads the new values;
// - alone: `x` mapped without `e` (nothing attached), deallocated while present, allocated again,
//   `e` and `x` mapped, a kernel reading `e%x`.
//
// OpenMP: in the stale idiom the deallocate re-associates a pointer attached while its target
// stays mapped (K-B22: `undefined` under the spec, a host store in the runtimes).

import fc from 'fast-check';
import type { Program, Step, StructDecl, World } from '../lang/program.js';
import { withMemberIdiom } from './arbitraries.js';

/** The struct the rewrite adds: one allocatable component `x`, unallocated at program start. */
export const ALLOCATABLE_STRUCT: StructDecl = { name: 'e', pointers: ['x'], allocatable: ['x'] };

export type AllocatableIdiom = 'stale' | 'clean' | 'alone';

export interface AllocatablesChoice {
  use: boolean;
  idiom: AllocatableIdiom;
  /** Per cent of the program where the idiom goes. */
  at: number;
}

/** Drawn after everything else; shrinks towards no allocatable component. */
export function allocatablesArb(): fc.Arbitrary<AllocatablesChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom<AllocatableIdiom>('stale', 'clean', 'alone'), fc.integer({ min: 0, max: 99 }))
    .map(([n, idiom, at]) => ({ use: n === 3, idiom, at }));
}

function idiomSteps(idiom: AllocatableIdiom, openmp: boolean): Step[] {
  const enter = (vars: string[]): Step => (openmp ? { op: 'omp_target_enter_data', maps: [{ type: 'to', vars }] } : { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars }] });
  const exitX: Step = openmp ? { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['e%x'] }] } : { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['e%x'] }] };
  const kernel: Step = openmp ? { op: 'omp_target', maps: [], body: { read: 'e%x' } } : { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'e%x' } };
  const first: Step = { op: 'allocate', ptr: 'e%x', length: 4, value: 3 };
  const again: Step = { op: 'allocate', ptr: 'e%x', length: 4, value: 4 };
  const free: Step = { op: 'deallocate', ptr: 'e%x' };
  const read: Step = { op: 'host_read', var: 'e%x' };
  // OpenMP maps the struct and its component in one construct (the deep-copy idiom); OpenACC in two
  // directives (GCC rejects a struct with its member in one: "mixed component and non-component accesses")
  const both = openmp ? [enter(['e', 'e%x'])] : [enter(['e']), enter(['e%x'])];
  if (idiom === 'stale') return [first, ...both, free, again, kernel, read];
  if (idiom === 'clean') return [first, ...both, exitX, free, again, enter(['e%x']), kernel, read];
  return [first, enter(['e%x']), free, again, ...both, kernel, read];
}

/** The program over the world with struct `e` and the drawn idiom (see the file comment). */
export function withAllocatables(program: Program, choice: AllocatablesChoice, api: 'openacc' | 'openmp'): Program {
  const world = program.world;
  if (!choice.use || program.steps.some((st) => st.op === 'pointer_assign') || world.structs.some((s) => s.name === ALLOCATABLE_STRUCT.name)) return program;
  // (the API the generator draws for: a program of host steps only has none to tell)
  const steps = withMemberIdiom(program.steps, idiomSteps(choice.idiom, api === 'openmp'), choice.at);
  return { ...program, world: { ...world, structs: [...world.structs, ALLOCATABLE_STRUCT] }, steps };
}

/** The world with the struct withAllocatables added taken away again (what the generator drew before). */
export function withoutAllocatables(world: World): World {
  return world.structs.some((s) => s.name === ALLOCATABLE_STRUCT.name) ? { ...world, structs: world.structs.filter((s) => s.name !== ALLOCATABLE_STRUCT.name) } : world;
}
