// The compute construct (OpenACC 3.3 §2.5.1 parallel) with its implicit data attributes (§2.6.2):
// a data region around one kernel that reads or writes device memory, in one statement or several.

import { ELEMENT_BYTES, copyRef, kernelRef, kernelStatements, type AccParallel, type Clause, type ElementBody, type KernelBlock, type KernelBody, type VarRef } from '../lang/program.js';
import { accScalarVisible, isScalarVariable, privateCopy, privateKernel } from './firstprivate.js';
import { formatPtr, ptrLbound, type Observation, type PtrValue } from '../lang/observation.js';
import {
  parsedRef,
  arrayRange,
  blockById,
  deviceIndex,
  devicePointer,
  fire,
  formatRef,
  memberRef,
  presence,
  readElements,
  memberRange,
  undefinedBehaviour,
  writeElements,
  overflow,
  type DeviceBlock,
  type Element,
  type MemberRef,
  type ModelState,
  type Range,
  type RecordedClause,
  type RecordedVar,
  type StepContext,
  type UndefinedObservation,
} from './state.js';
import { enterClauses, exitClauses, resolveClauses } from './directives.js';
import { devicePointerValue, type PointerAddress } from './acc/pointer-value.js';
import { keySet } from './vec.js';
import type { ClauseName } from './clauses.js';
import { ACC_PRIVATE_PLAIN_POINTER, privatePlainPointers, privatePlainRoots, withoutPrivatePointer, type Translation } from './plain-pointers.js';

const PARALLEL_CONSTRUCT = 'OpenACC 3.3 §2.5.1 Parallel Construct';
export const UNUSED_CLAUSE = 'OpenACC 3.3 §2.5.1 Parallel Construct (a data clause of a whole variable the region does not use, K-A58)';
const IMPLICIT_DATA_ATTRIBUTES = 'OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes';

// OpenACC 3.3 §2.5.1 Parallel Construct
export function parallel(state: ModelState, step: AccParallel, ctx: StepContext): Observation {
  fire(ctx, PARALLEL_CONSTRUCT);
  const roots = usedRoots(state, step.body);
  const clauses = clausesOfUsedVariables(state, step.clauses, roots, ctx);
  // §2.6.2: a variable the kernel uses but no clause names is treated as if named in `present`
  // when default(present) is visible, and in `copy` otherwise. It comes after the explicit clauses
  // (a copy's written variable first, then the one it reads). A scalar in no visible data clause
  // is firstprivate instead (default(present) is for aggregates). The variables come in the order
  // the kernel's statements name them.
  const firstprivate = new Set<string>();
  for (const root of roots) {
    if (clauses.some((c) => c.vars.some((v) => namesRoot(state, v, root, ctx)))) continue;
    fire(ctx, IMPLICIT_DATA_ATTRIBUTES);
    if (isScalarVariable(state, root) && !accScalarVisible(state, root)) firstprivate.add(root);
    else clauses.push({ clause: step.default === 'present' ? 'present' : 'copy', vars: [root] });
  }
  // The construct is a data region: its clauses act on entry with the structured counter, and
  // on exit on the same host data. A section of a plain pointer the construct names only that way
  // maps its data alone (model/plain-pointers.ts: the pointer is private, no list item).
  const privateRoots = privatePlainRoots(state, roots, clauses.flatMap((c) => c.vars));
  // (an attach clause naming the pointer still attaches it: that is what it names)
  const recorded = resolveClauses(state, clauses, ctx.knobs, ctx).map((c) => (c.clause === 'attach' ? c : { ...c, vars: c.vars.map((v) => withoutPrivatePointer(v, privateRoots)) }));
  const leftAlone = new Set<RecordedVar>();
  const entryStop = enterClauses(state, recorded, 'src', ctx, false, leftAlone);
  if (entryStop) return entryStop;
  const local = localVariables(state, clauses, recorded, leftAlone);
  const presentCopy = ctx.knobs['K-A67'] === 'present-copy';
  // A plain pointer named only through a section of its target is the kernel's own address of
  // that section's device copy (model/plain-pointers.ts).
  const privates = privatePlainPointers(state, privateRoots, clauses.filter((c) => c.clause !== 'attach').flatMap((c) => c.vars), (range) => translation(state, range), ACC_PRIVATE_PLAIN_POINTER, ctx);
  // The statements of a kernel run one after another (lang/README.md "Kernels of several
  // statements"); the first with undefined behaviour ends the program before the exit.
  let result: Observation = { kind: 'ok' };
  for (const body of kernelStatements(step.body)) {
    result = localAccess(state, body, local, ctx) ?? statement(state, body, firstprivate, presentCopy, privates, ctx);
    if (result.kind === 'undefined') return result;
  }
  // A kernel that read a pointer hands its value to the host code under the step's name.
  if (step.result !== undefined && result.kind === 'value') keySet(state.handles, step.result, result.value as PointerAddress);
  return exitClauses(state, recorded, 'src', false, ctx) ?? result;
}

/** Where a host range's present data lies on the device (for a private plain pointer). */
function translation(state: ModelState, range: Range): Translation {
  const where = presence(state, range);
  return where.kind === 'present' ? { block: where.section.block, offset: where.section.offset, start: where.section.start } : null;
}

export const NO_CREATE_LOCAL = 'OpenACC 3.3 §2.7.10 no_create clause (accesses in the region to data it found absent)';

// OpenACC 3.3 §2.7.10 no_create clause (accesses in the region to data it found absent)
// "If var is not present … no action is performed, and any accesses in the region that refer to
// var will refer to the local copy": the kernel reaches such a variable (an array or a struct's
// field, not a pointer member, which the attach decides) at its local address, even when another
// clause of the construct maps its storage afterwards (GCC's C front end acts on the clauses last
// first, K-A62: libgomp hands the kernel the host address no_alloc found, and the device faults).
// The local copy is host memory, which a kernel on a device that does not share it cannot use.
function localVariables(state: ModelState, clauses: readonly Clause<ClauseName>[], recorded: readonly RecordedClause[], leftAlone: ReadonlySet<RecordedVar>): Set<string> {
  const local = new Set<string>();
  recorded.forEach((c, i) => {
    if (c.clause !== 'no_create') return;
    c.vars.forEach((v, k) => {
      const parsed = parsedRef(state, clauses[i]!.vars[k]!);
      if (leftAlone.has(v) && parsed.kind === 'array') local.add(parsed.name);
    });
  });
  return local;
}

/** A kernel statement that reads or writes a variable no_create left local (its copy's source first): undefined. */
function localAccess(state: ModelState, body: KernelBody, local: ReadonlySet<string>, ctx: StepContext): UndefinedObservation | null {
  if (local.size === 0 || 'pointer' in body) return null;
  for (const ref of [copyRef(body), kernelRef(body)]) {
    if (ref === null || parsedRef(state, ref).kind !== 'array' || !local.has(rootName(state, ref))) continue;
    fire(ctx, NO_CREATE_LOCAL);
    return undefinedBehaviour(`the kernel accesses ${ref}, which no_create found absent: the local copy, not device memory`);
  }
  return null;
}

/** One statement of the kernel, on the device copy or on the private copy of a firstprivate scalar. */
function statement(
  state: ModelState,
  body: KernelBody,
  firstprivate: ReadonlySet<string>,
  presentCopy: boolean,
  privates: ReadonlyMap<string, PtrValue>,
  ctx: StepContext,
): Observation {
  // A copy reads its elements before it writes (lang/README.md "Copy kernels"): the private copy
  // of a firstprivate scalar, else the device copy.
  const from = copyRef(body);
  const copied = from === null ? null : firstprivate.has(rootName(state, from)) ? privateCopy(state, from, presentCopy) : runKernel(state, { read: from }, privates, ctx);
  if (copied !== null && copied.kind !== 'read') return copied;
  const values = copied?.values ?? null;
  const root = rootName(state, kernelRef(body));
  return firstprivate.has(root) ? privateKernel(state, root, body as ElementBody, presentCopy, values) : runKernel(state, body, privates, ctx, values);
}

/**
 * The variables a kernel uses, each once, in the order its statements name them: a statement's
 * reference, then a copy's `from`.
 */
export function usedRoots(state: ModelState, body: KernelBody | KernelBlock): string[] {
  const roots: string[] = [];
  for (const s of kernelStatements(body))
    for (const ref of [kernelRef(s), copyRef(s)]) if (ref !== null && !roots.includes(rootName(state, ref))) roots.push(rootName(state, ref));
  return roots;
}

/** A var written as a bare variable name (`a`, `c`, a pointer variable `p`): a whole variable. */
const WHOLE_VARIABLE = /^[A-Za-z][A-Za-z0-9_]*$/;

/** `vars` less the whole variables other than `roots`, the ones the region's kernel uses (K-A58, K-B55). */
export function varsTheRegionUses(vars: readonly VarRef[], roots: readonly string[]): VarRef[] {
  return vars.filter((v) => roots.includes(v) || !WHOLE_VARIABLE.test(v));
}

// OpenACC 3.3 §2.5.1 Parallel Construct (a data clause of a whole variable the region does not use, K-A58)
// A data clause naming a whole variable other than the kernel's root variables acts like any
// other (K-A58 `kept`, the text). K-A58 `dropped` (GCC, measured with 12.2 in C and Fortran:
// -fdump-tree-gimple shows no map for such a clause, and the runs behave so): the clause is gone
// before the construct runs; sections, elements and members (attach clauses name pointers) stay.
// K-A58 `arrays-kept` (gfortran 12 with mapcheck's Fortran arrays, pointer arrays except those an
// acc declare names: only the descriptor's map goes, and the data word is mapped by its own
// pointer map): a whole such array keeps its clause; structs, scalars and declared arrays go.
function clausesOfUsedVariables(state: ModelState, clauses: readonly Clause<ClauseName>[], roots: readonly string[], ctx: StepContext): Clause<ClauseName>[] {
  const pointerArray = (v: VarRef) => ctx.knobs['K-A58'] === 'arrays-kept' && parsedRef(state, v).kind === 'array' && !isScalarVariable(state, v) && state.accDeclared[v] === undefined;
  const kept = clauses.map((c) => ({ ...c, vars: c.vars.filter((v) => varsTheRegionUses([v], roots).length > 0 || pointerArray(v)) }));
  if (kept.every((c, i) => c.vars.length === clauses[i]!.vars.length) && clauses.every((c) => varsTheRegionUses(c.vars, roots).length === c.vars.length)) return [...clauses];
  fire(ctx, UNUSED_CLAUSE);
  return ctx.knobs['K-A58'] === 'kept' ? [...clauses] : kept.filter((c) => c.vars.length > 0);
}

/** The variable a reference belongs to: `a` for `a(2:5)`, `c` for `c%p`. */
/**
 * Whether clause var `v` names variable `root` for §2.6.2. K-A70 `whole-array` (GCC 12, C and
 * Fortran): a pointer member of an element of an array of structs (`cs(2)%p`) does not, so the
 * array gets its implicit data attribute as a whole.
 */
function namesRoot(state: ModelState, v: VarRef, root: string, ctx: StepContext): boolean {
  if (rootName(state, v) !== root) return false;
  const parsed = parsedRef(state, v);
  return !(ctx.knobs['K-A70'] === 'whole-array' && parsed.kind === 'member' && parsed.index !== undefined);
}

export function rootName(state: ModelState, ref: VarRef): string {
  const parsed = parsedRef(state, ref);
  return parsed.kind === 'member' ? parsed.struct : parsed.name;
}

/** Where the kernel's elements live on the device. */
interface DeviceElements {
  block: DeviceBlock;
  index: number;
  count: number;
}

/** The kernel: reads every element of the body's reference on the device, or writes them all (adding a copy's elements, `copied`). */
function runKernel(state: ModelState, body: KernelBody, privates: ReadonlyMap<string, PtrValue>, ctx: StepContext, copied: readonly Element[] | null = null): Observation {
  if ('pointer' in body) {
    const value = devicePointerValue(state, body.pointer, ctx);
    return value !== null && 'kind' in value ? value : { kind: 'value', value };
  }
  const ref = 'read' in body ? body.read : body.write;
  if ('read' in body && (body.bounds || body.at !== undefined)) return readView(state, ref, body.at);
  const where = deviceElements(state, ref, undefined, privates);
  if ('kind' in where) return where;
  if ('read' in body) return { kind: 'read', values: readElements(where.block.contents, where.index, where.count) };
  if (!writeElements(where.block.contents, where.index, where.count, body, 0, copied)) return overflow(body.write);
  return { kind: 'ok' };
}

/**
 * The device elements a kernel reference touches. An array or subarray must be present (else the
 * device would use a host address); `c%p` is followed through the device copy of the pointer (or
 * the kernel's private value of a plain pointer, `privates`), which must hold a device address of
 * a live block covering every element.
 */
function deviceElements(state: ModelState, ref: VarRef, view?: [number, number], privates?: ReadonlyMap<string, PtrValue>): DeviceElements | UndefinedObservation {
  const parsed = parsedRef(state, ref);
  if (parsed.kind === 'struct') throw new Error(`internal: a kernel cannot access the whole struct ${ref}`);
  if (parsed.kind === 'array') {
    const range = arrayRange(state, ref);
    const where = presence(state, range);
    if (where.kind !== 'present') return undefinedBehaviour(`the kernel accesses ${ref}, which is not present`);
    const block = blockById(state, where.section.block);
    return {
      block,
      index: deviceIndex(where.section, range.start, block.contents),
      count: (range.end - range.start) / ELEMENT_BYTES,
    };
  }
  const m = memberRef(state, ref);
  const own = privates?.has(m.struct) === true;
  const holder = own ? null : presence(state, memberRange(m));
  if (holder !== null && holder.kind !== 'present') return undefinedBehaviour(`the kernel dereferences ${ref}, but ${m.struct} is not present`);
  if (holder?.kind === 'present' && holder.section.addressOnly === true) return addressOnly(m);
  const value = own ? privates!.get(m.struct)! : devicePointer(state, m);
  if (value === null || value.space !== 'dev')
    return undefinedBehaviour(`the kernel dereferences ${formatRef(m)}, whose device value is ${formatPtr(value)}`);
  const block = blockById(state, value.block);
  if (!block.alive)
    return undefinedBehaviour(`the kernel dereferences ${formatRef(m)}, which points into freed device block ${value.block}`);
  // A member section (`c%p(2:5)`) reaches elements 2..5 of the device view (counted from its lower
  // bound), a read of one element `p(at)` that element alone (`view`); the whole member every element.
  const lb = ptrLbound(value);
  const written = view ?? parsed.bounds;
  const bounds = written === undefined ? [1, value.count] : [written[0] - lb + 1, written[1] - lb + 1];
  if (bounds[0]! < 1 || bounds[1]! > value.count)
    return undefinedBehaviour(`the kernel reads ${ref}, past the ${value.count} elements of the device pointer ${formatRef(m)}`);
  const first = value.offset + (bounds[0]! - 1) * ELEMENT_BYTES;
  const end = value.offset + bounds[1]! * ELEMENT_BYTES;
  // An attach to a section (K-A50 `section`) aims the pointer before the section's block.
  if (first < 0) return undefinedBehaviour(`the kernel dereferences ${formatRef(m)}, which reaches before device block ${value.block}`);
  if (end > block.bytes)
    return undefinedBehaviour(`the kernel dereferences ${formatRef(m)}, which runs past device block ${value.block}`);
  return { block, index: first / ELEMENT_BYTES, count: bounds[1]! - bounds[0]! + 1 };
}

/**
 * A kernel reading the device view of a pointer member through its device descriptor: its bounds
 * (`lbound(p, 1)`, `ubound(p, 1)`; `at` undefined) or the one element `p(at)`, counted from the
 * descriptor's lower bound (Fortran 2008 §7.2.2.3: a remapped pointer's first element is
 * `p(lbound)`). Bounds need a descriptor that holds an association; an index outside the view's
 * bounds is undefined, as is one through a pointer a kernel could not dereference.
 */
function readView(state: ModelState, ref: VarRef, at: number | undefined): Observation {
  const m = memberRef(state, ref);
  const holder = presence(state, memberRange(m));
  if (holder.kind !== 'present') return undefinedBehaviour(`the kernel uses ${ref}, but ${m.struct} is not present`);
  if (holder.section.addressOnly === true) return addressOnly(m);
  const value = devicePointer(state, m);
  if (value === null || value.space === 'indeterminate')
    return undefinedBehaviour(`the kernel asks for the bounds of ${formatRef(m)}, whose device value is ${formatPtr(value)}`);
  const lbound = ptrLbound(value);
  const ubound = lbound + value.count - 1;
  if (at === undefined) return { kind: 'read', values: [lbound, ubound] };
  if (at < lbound || at > ubound)
    return undefinedBehaviour(`the kernel reads ${formatRef(m)}(${at}), outside its device view ${lbound}:${ubound}`);
  // OpenACC 3.3 §2.7.2 Attach Action: the device pointer points at the device copy of the data it
  // was attached to. Element `at` is reached through it alone: defined when that element lies in
  // device memory (attached through a member section, an element of the section), whatever the
  // rest of the view reaches.
  const where = deviceElements(state, ref, [at, at]);
  if ('kind' in where) return where;
  return { kind: 'read', values: readElements(where.block.contents, where.index, 1) };
}

// OpenACC 3.3 §2.6.4 Data Structures with Pointers
// The attach action updates a Fortran pointer's descriptor in device memory. Under K-A68
// `address-only` (gfortran 12) a member mapped while its struct was absent has a descriptor block
// that was allocated, not copied, with the attached address in it and nothing usable besides.
function addressOnly(m: MemberRef): UndefinedObservation {
  return undefinedBehaviour(`the kernel goes through ${formatRef(m)}, whose device descriptor holds only its address (K-A68 address-only: mapped while ${m.struct} was absent)`);
}
