// The finite step alphabet of bounded-exhaustive checking (`mapcheck check`, check.ts): every step
// a program over a given world may take, derived from the table of operations (lang/ops.ts) field
// by field, with the choices the generators make (arbitraries.ts):
//
//   variable references   every whole array, struct and pointer member the field's kinds allow
//                         (no subarrays: whole objects already give present, absent and shared
//                         storage; subarrays would multiply the alphabet)
//   data clauses          one clause with one var, plus the deep-copy idiom `copyin(c) copyin(c%p)`
//                         (the struct and one of its members under the same clause), as the
//                         generator's set-up steps use it; attach / detach take one member
//   kernel clauses        none, or one clause on the variable the kernel uses (its struct too for
//                         `c%p`); `default(present)` only with no clause (it changes nothing else)
//   kernel bodies         read, or write of one value, of every array and member
//   flags                 absent and set (`finalize`)
//   host_write values     one value no world initialiser uses
//   optional byte counts  absent (the whole variable)
//
//   OpenMP map items      one item with one var of every type the construct takes, plus the
//                         deep-copy idiom `map(t: c) map(t: c%p)`; no modifiers
//   device numbers        absent (the default device) where optional, else device 0
//   pointer arguments     (OpenMP) null, or a whole array or struct at offset 0
//
// Region ends are part of the alphabet only while a region is open (check.ts). Steps that make or
// take a handle (`result` fields: acc_malloc, omp_target_alloc, host_data, use_device), need a byte
// count (omp_target_is_accessible, omp_target_associate_ptr, omp_target_memcpy) or, in OpenACC,
// take a pointer (acc_free, acc_map_data, acc_memcpy_*) are left out: their arguments depend on the
// steps before. `--api openmp` (checkAlphabet's `api`) takes the OpenMP steps and the host steps
// instead of the OpenACC ones.

import { OPS, isRegionEnd, opsOf, regionBeginOf, type FieldRole, type RegionEndOp } from '../lang/ops.js';
import type { MapItem } from '../lang/openmp.js';
import type { Clause, Step, StepOp, World } from '../lang/program.js';
import { memberRefs } from '../lang/program.js';

/** The value host_write steps store: distinct from every initialiser the alphabet's worlds use. */
export const CHECK_WRITE_VALUE = 7;

interface Refs {
  arrays: string[];
  structs: string[];
  members: string[];
}

function refsOf(world: World): Refs {
  return {
    arrays: world.arrays.map((a) => a.name),
    structs: world.structs.map((s) => s.name),
    members: world.structs.flatMap((s) => memberRefs(s)),
  };
}

function varsOfKinds(refs: Refs, kinds: readonly string[]): string[] {
  return [...(kinds.includes('array') ? refs.arrays : []), ...(kinds.includes('struct') ? refs.structs : []), ...(kinds.includes('member') ? refs.members : [])];
}

const POINTER_CLAUSES = new Set(['attach', 'detach']);

/** Clause lists of a directive (not a kernel): one clause, one var; and the deep-copy idiom. */
function clauseLists(refs: Refs, names: readonly string[]): Clause<string>[][] {
  const out: Clause<string>[][] = [];
  for (const clause of names) {
    if (POINTER_CLAUSES.has(clause)) {
      for (const m of refs.members) out.push([{ clause, vars: [m] }]);
      continue;
    }
    for (const v of [...refs.arrays, ...refs.structs, ...refs.members]) out.push([{ clause, vars: [v] }]);
    for (const m of refs.members) out.push([{ clause, vars: [m.split('%')[0]!] }, { clause, vars: [m] }]);
  }
  return out;
}

/** Map item lists of an OpenMP construct: one item, one var, for each type; and the deep-copy idiom. */
function mapLists(refs: Refs, types: readonly MapItem['type'][]): MapItem[][] {
  const out: MapItem[][] = [];
  for (const type of types) {
    for (const v of [...refs.arrays, ...refs.structs, ...refs.members]) out.push([{ type, vars: [v] }]);
    for (const m of refs.members) out.push([{ type, vars: [m.split('%')[0]!] }, { type, vars: [m] }]);
  }
  return out;
}

/** Every value a field takes in the alphabet (`undefined`: the optional field left out). */
function fieldValues(op: StepOp, role: FieldRole & { optional?: true }, refs: Refs): unknown[] {
  const optional: unknown[] = role.optional ? [undefined] : [];
  switch (role.role) {
    case 'var':
      return [...optional, ...varsOfKinds(refs, role.refs)];
    case 'clauses':
      return clauseLists(refs, role.names);
    case 'flag':
      // a host read of a pointer's view (bounds) is left out: the alphabet reads whole targets; a
      // host write adding to the elements moves values, not mappings
      return op === 'host_read' || op === 'host_write' ? [undefined] : [undefined, true];
    case 'bound':
      // the lower bound of a remapping and an index of a view are left out (descriptors: lang/README.md)
      if (role.optional) return [undefined];
      break;
    case 'keyword':
      return [undefined, role.value];
    case 'value':
      return [CHECK_WRITE_VALUE];
    case 'increment':
      // a ramp writes other values, not other mappings: the alphabet writes one value everywhere
      return [undefined];
    case 'bytes':
      if (role.optional) return [undefined];
      break;
    case 'body':
      return [...refs.arrays, ...refs.members].flatMap((v) => [{ read: v }, { write: v, value: CHECK_WRITE_VALUE }]);
    case 'maps':
      return mapLists(refs, role.types);
    case 'device':
      return role.optional ? [undefined] : [0];
    case 'ptr':
      return [null, ...[...refs.arrays, ...refs.structs].map((v) => ({ var: v }))];
    case 'result':
      // a kept device address is a handle, which the alphabet's pointer arguments never name
      if (role.optional) return [undefined];
      break;
    default:
      break;
  }
  throw new Error(`check: ${op} has a ${role.role} field, which the bounded-exhaustive alphabet does not cover yet (OpenACC and host steps only)`);
}

/** The kernel step of acc_parallel: clause lists limited to the variable the body uses. */
function parallelSteps(refs: Refs): Step[] {
  const names = (OPS.acc_parallel.fields.clauses as { names: readonly string[] }).names;
  const out: Step[] = [];
  for (const body of fieldValues('acc_parallel', OPS.acc_parallel.fields.body, refs) as ({ read: string } | { write: string; value: number })[]) {
    const v = 'read' in body ? body.read : body.write;
    const named = v.includes('%') ? [v.split('%')[0]!, v] : [v];
    out.push({ op: 'acc_parallel', clauses: [], body } as Step);
    out.push({ op: 'acc_parallel', clauses: [], default: 'present', body } as Step);
    for (const clause of names)
      for (const n of named) {
        if (POINTER_CLAUSES.has(clause) && !n.includes('%')) continue;
        out.push({ op: 'acc_parallel', clauses: [{ clause, vars: [n] }], body } as Step);
      }
  }
  return out;
}

/** The kernel step of omp_target: no map, or one map on the variable the body uses (its struct too for `c%p`). */
function targetSteps(refs: Refs): Step[] {
  const types = (OPS.omp_target.fields.maps as { types: readonly MapItem['type'][] }).types;
  const out: Step[] = [];
  for (const body of fieldValues('omp_target', OPS.omp_target.fields.body, refs) as ({ read: string } | { write: string; value: number })[]) {
    const v = 'read' in body ? body.read : body.write;
    const named = v.includes('%') ? [v.split('%')[0]!, v] : [v];
    out.push({ op: 'omp_target', maps: [], body } as Step);
    for (const type of types) for (const n of named) out.push({ op: 'omp_target', maps: [{ type, vars: [n] }], body } as Step);
  }
  return out;
}

/** The APIs `mapcheck check` enumerates (each with the host steps). */
export type CheckApi = 'openacc' | 'openmp';

/** Every step of `api` and every host step over `world`, in table order. */
export function checkAlphabet(world: World, api: CheckApi = 'openacc'): Step[] {
  const refs = refsOf(world);
  const out: Step[] = [];
  for (const op of [...opsOf(api), ...opsOf('host')]) {
    const declared = Object.values(OPS[op].fields as Record<string, FieldRole & { optional?: true }>);
    // Fields the op needs: an optional result (a pointer kernel's) is left out, as the alphabet's kernels read elements.
    const roles = declared.flatMap((f) => (f.optional && f.role === 'result' ? [] : [f.role]));
    const byteCount = declared.some((f) => f.role === 'bytes' && !f.optional);
    if (roles.includes('result') || byteCount || (roles.includes('ptr') && OPS[op].api !== 'openmp')) continue;
    // A program-scope declaration only comes before every other step, never in the middle of one.
    if (roles.includes('declare')) continue;
    // allocate / deallocate need an allocatable component and its allocation status (lang/README.md
    // "Allocatable components"), which the alphabet's worlds and steps do not track.
    if (roles.includes('extent') || op === 'deallocate') continue;
    if (op === 'acc_parallel') {
      out.push(...parallelSteps(refs));
      continue;
    }
    if (op === 'omp_target') {
      out.push(...targetSteps(refs));
      continue;
    }
    const fields = Object.entries(OPS[op].fields) as [string, FieldRole & { optional?: true }][];
    let partial: Record<string, unknown>[] = [{ op }];
    for (const [name, role] of fields) {
      const values = fieldValues(op, role, refs);
      partial = partial.flatMap((p) => values.map((v) => (v === undefined ? p : { ...p, [name]: v })));
    }
    out.push(...(partial as unknown as Step[]));
  }
  // A region end whose begin is left out (host_data names a handle) could only close the wrong region.
  return out.filter((s) => !isRegionEnd(s.op) || out.some((b) => b.op === regionBeginOf(s.op as RegionEndOp)));
}
