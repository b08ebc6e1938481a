// Plain pointer variables in the generators (issue 9 item 5, lang/README.md "Plain pointer
// variables"): one program in eight (both APIs, drawn after everything else) makes the world's
// single struct with one pointer member and nothing else (`c` with `p`) a plain pointer variable
// (`plain`: C `int *c`, Fortran `integer, pointer :: c(:)`), names the pointer on every compute
// construct whose kernel goes through it (validation asks for the pointer itself or one section of
// its target: the firstprivate reading of an unnamed pointer is not modelled): the pointer itself
// (OpenACC drops the construct's clauses on its target, which GCC rejects beside the pointer), or,
// in half the programs and where the kernel only touches elements, the kernel's own section in
// place of every reference into the target (the kernel's pointer is then private,
// model/plain-pointers.ts); and it carries the plain-pointer idiom: the target mapped while the
// pointer is absent (nothing attached), the pointer mapped, the target mapped again (attached:
// K-A1p base-pointer / OpenMP 6.0 pointer attachment), a kernel reading through it, and the
// references given back. Witnesses pp1-pp4 (properties/witness.ts); properties/private-pointers.ts
// puts many more private-pointer kernels in.

import fc from 'fast-check';
import type { Program, Step, World } from '../lang/program.js';
import { kernelRef, kernelStatements, parseRef } from '../lang/program.js';
import { withZeroLengthIdiom } from './zero-length.js';

/** Whether a program's struct becomes a plain pointer (one program in eight), and where the idiom goes (per cent). */
export interface PlainChoice {
  use: boolean;
  at: number;
}

/** Drawn after everything else; shrinks towards no plain pointer. */
export function plainPointerArb(): fc.Arbitrary<PlainChoice> {
  return fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 99 })).map(([n, at]) => ({ use: n === 7, at }));
}

/** The idiom on plain pointer `x` with member `m` (see the file comment). */
function plainIdiom(x: string, m: string, openmp: boolean): Step[] {
  const target = `${x}%${m}`;
  if (openmp)
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [target] }] },
      { op: 'omp_target', maps: [{ type: 'to', vars: [x, target] }], body: { read: target } },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: [target] }] },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [target] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [x] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [target] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: [x] }], body: { read: target } },
    { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: [target] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [target, x] }] },
  ];
}

/** The root variable a reference names (`c` for `c%p(2:3)`). */
const rootOf = (v: string) => v.split(/[%(]/)[0]!;

/**
 * A compute construct whose kernel goes through plain pointer `x`. Named: OpenACC keeps its other
 * clauses and adds `copy(x)` (what the implicit clause of an unnamed struct was), dropping the
 * references into `x`'s target; OpenMP adds `map(to: x)` in front. `viaSection` (half the
 * programs): where the kernel only reads or writes elements through `x`, the construct names
 * instead the kernel's own section of `x`'s target (OpenACC `copy`, or `present` under
 * default(present); OpenMP `tofrom`) in place of every reference into `x`, so the kernel's `x` is
 * private, the device address found through that section (lang/README.md "Plain pointer variables").
 */
function namingPointer(step: Step, x: string, viaSection: boolean): Step {
  if (step.op !== 'acc_parallel' && step.op !== 'omp_target') return step;
  const through = kernelStatements(step.body).filter((b) => rootOf(kernelRef(b)) === x);
  if (through.length === 0) return step;
  const named = step.op === 'omp_target' ? step.maps.some((m) => m.vars.includes(x)) : step.clauses.some((c) => c.vars.includes(x));
  if (named) return step;
  if (viaSection && through.every((b) => 'write' in b || ('read' in b && !b.bounds && b.at === undefined))) {
    const section = kernelRef(through[0]!);
    if (step.op === 'omp_target') {
      const maps = step.maps.map((m) => ({ ...m, vars: m.vars.filter((v) => rootOf(v) !== x) })).filter((m) => m.vars.length > 0);
      return { ...step, maps: [...maps, { type: 'tofrom', vars: [section] }] };
    }
    const clauses = step.clauses.map((c) => ({ ...c, vars: c.vars.filter((v) => rootOf(v) !== x) })).filter((c) => c.vars.length > 0);
    return { ...step, clauses: [...clauses, { clause: step.default === 'present' ? 'present' : 'copy', vars: [section] }] };
  }
  if (step.op === 'omp_target') return { ...step, maps: [{ type: 'to', vars: [x] }, ...step.maps] };
  const clauses = step.clauses.map((c) => ({ ...c, vars: c.vars.filter((v) => rootOf(v) !== x) })).filter((c) => c.vars.length > 0);
  return { ...step, clauses: [{ clause: 'copy', vars: [x] }, ...clauses] };
}

/** The program with its eligible struct as a plain pointer variable, and the idiom put in. */
export function withPlainPointers(program: Program, choice: PlainChoice): Program {
  if (!choice.use) return program;
  const mapped = new Set((program.world.mappers ?? []).map((m) => m.struct));
  const decl = program.world.structs.find(
    (s) => s.pointers.length === 1 && s.count === undefined && s.fields === undefined && s.allocatable === undefined && !mapped.has(s.name) && !s.plain,
  );
  if (!decl) return program;
  const x = decl.name;
  const world = { ...program.world, structs: program.world.structs.map((s) => (s === decl ? { ...s, plain: true as const } : s)) };
  const openmp = program.steps.some((s) => s.op.startsWith('omp_'));
  // (the idiom's place, drawn anyway, decides the half: an odd per cent leaves sections alone)
  const steps = withZeroLengthIdiom(program.steps, plainIdiom(x, decl.pointers[0]!, openmp), choice.at).map((s) => namingPointer(s, x, choice.at % 2 === 1));
  // a reference the idiom names must resolve (it does: the struct is the world's)
  parseRef(world, `${x}%${decl.pointers[0]}`);
  return { ...program, world, steps };
}

/** The world with the plain pointer withPlainPointers made a struct again (what the generator drew before). */
export function withoutPlainPointers(world: World): World {
  return world.structs.some((s) => s.plain) ? { ...world, structs: world.structs.map(({ plain: _plain, ...s }) => s) } : world;
}
