// Random OpenACC programs (language version 1) over one fixed, small world.
//
// The world never varies: every program declares the same two arrays and two structs, so steps
// keep hitting the same host bytes (present, absent and partly present all occur), and shrinking
// only ever removes or simplifies steps. Steps are drawn from a weighted mix of every OpenACC op of
// lang/program.ts plus the host actions; the mix leans towards what makes attach bookkeeping
// interesting (struct copies, pointer references in data clauses, attach/detach, reassociation).
//
// Shape: 0-4 set-up steps (`enter data` of whole objects and pointer references, half of them the
// deep-copy idiom `copyin(c) copyin(c%p)`), then the body, up to maxSteps in all.
//
// Body weights (relative, per step; tuned with `node --import tsx properties/tune-generator.ts`,
// which prints fc.statistics of the op mix, program length, how programs end on the model and which
// witness states they reach):
//
//   acc_enter_data 14   acc_exit_data 9    acc_data_begin 5   acc_data_end 4   acc_parallel 8
//   data routines 7     attach routines 7  pointer_assign 7   nullify 2
//   host_write 2        host_read 2        acc_is_present 3   acc_deviceptr 2
//
// Device memory (OpenACC 3.3 §3.2.16–§3.2.27) is drawn apart from these: half the programs get 1-4
// such steps inserted (deviceMemoryInsertions; a third of them at the start), drawn last so a
// program without them is exactly what the same seed drew before they existed. Their mix:
// acc_malloc 2, acc_map_data of a whole array at a new allocation 2, acc_map_data 2,
// acc_unmap_data 2 (three times in four of data an earlier acc_map_data mapped), acc_free 1,
// acc_memcpy_to/from_device 2. A step that takes a device pointer draws a placeholder handle;
// `resolveHandles` (applied after every draw and shrink, like balanceRegions) names allocations
// h1, h2, … in order and points each placeholder at one of the allocations made before it, adding
// a 64-byte allocation just before the step when there is none yet (the last steps then make room,
// so maxSteps holds). Allocation sizes (0, 16, 32, 40, 64 bytes) make a whole array fit, a subarray
// fit, and a mapping run past the end; offsets are 0, 16 or 32, so two mappings into one allocation
// sometimes overlap. With these (seed 20251202, 5000 runs, spec) about 16% of the OpenACC programs
// map data and 1-2% reach the rarer states (a kernel reading mapped data, an exit leaving mapped
// data at DRC 1, acc_unmap_data ending a mapping); witness.ts w8-w12.
//
// Data-clause vars: arrays/subarrays 4 (whole arrays and subarrays evenly), structs 3, pointer
// members 4 (c%p as likely as d%p and d%q together). Subarrays sit at the array edges and straddle
// the middle (a(1:4), a(5:8), a(2:5), b(3:6), …), so a later reference often overlaps an earlier
// one without being inside it. Region clauses rarely use `present` (1 of 15) and kernels take
// `default(present)` one time in four, since both end the program when the data is absent. Kernel
// bodies are arrays 3 : members 2, members mostly c%p. A construct (data, parallel) names every
// variable once (lang/directive-vars.ts withoutRepeats, a map: a later reference to an array, struct
// or member an earlier one names is dropped): GCC 12 rejects the rest. Enter and exit data keep
// them (emit writes one directive per reference, which the spec reads alike).
//
// With these weights (seed 20251202, 2000 programs, model under spec) about half the programs run
// to the end; about a quarter stop at undefined behaviour (mostly a kernel dereferencing a pointer
// that is not attached) and a quarter at an error; every witness of witness.ts is reached, the
// rarest (re-attach after reassociation) by about 4% of programs.
//
// Program-scope declarations: one program in four starts with an `acc_declare` of the whole arrays
// (declareArb; each array left out, or copyin, create, device_resident or link), drawn last like the
// world's allocator, so the data of the declared arrays stays present through every exit (witness
// w13) and link arrays get device memory from data clauses (w14).
//
// Worlds: one program in four declares `reuse: true` (freed device blocks are handed out again),
// and its body gets the stale-pointer idiom written over three of its steps (delete one array,
// copyin the other, a kernel reading a pointer member), so a stale device pointer reads what was
// mapped next instead of ending the program (witness s1). The choice and the idiom are drawn after
// the steps, so a seed draws the same steps for its quarantine programs either way.
//
// Arrays of structs: one program in four (both APIs; structArrayArb, drawn after everything else)
// has struct `c` replaced by the array of structs `cs(2)` (STRUCT_ARRAY) and each `c` rewritten
// into `cs(1)`, `cs(2)`, `cs` or `cs(1:2)` and each `c%p` into `cs(1)%p` or `cs(2)%p`, by drawn
// picks (withStructArray), so elements are mapped, attached and read through one at a time
// (witnesses a1-a4, properties/witness.ts). At seed 20251202, 5000 programs: a1 4, a2 83 of the
// OpenACC programs; a3 40, a4 107 of the OpenMP ones.
//
// Region nesting: the generator draws a flat list in which `acc_data_end` is an ordinary step,
// then `balanceRegions` drops every end that has no open region and closes every region still
// open at the end. fast-check shrinks the raw list and re-applies the repair, so every shrunk
// candidate is a balanced program too; no shrink step is ever wasted on an invalid program.

import { adjacentArb, withAdjacent } from './adjacent.js';
import { withZeroLength, zeroLengthArb } from './zero-length.js';
import { plainPointerArb, withPlainPointers } from './plain-pointers.js';
import fc from 'fast-check';
import type { PtrArg } from '../lang/openmp.js';
import type {
  AccDataBegin,
  AccDataRoutine,
  AccAttachRoutine,
  AccDeclareClauseName,
  AccEnterData,
  AccExitData,
  AccParallel,
  AccRegionClauseName,
  AccUpdate,
  Clause,
  KernelBody,
  Program,
  Step,
  VarRef,
  World,
} from '../lang/program.js';
import type { FieldDecl, StructDecl } from '../lang/program.js';
import { viewLength } from '../lang/program.js';
import { withoutRepeats } from '../lang/directive-vars.js';
import { descriptorArb, withDescriptors } from './descriptors.js';
import { rank2Arb, withRank2 } from './rank2.js';
import { allocatablesArb, withAllocatables } from './allocatables.js';
import { procedureArb, withProcedure } from './procedures.js';
import { isRegionBegin, isRegionEnd, regionEndOf, type OpsOf } from '../lang/ops.js';

/** The one world every generated program uses. */
export const POOL_WORLD: World = {
  arrays: [
    { name: 'a', length: 8, init: 1 },
    { name: 'b', length: 8, init: 2 },
  ],
  structs: [
    { name: 'c', pointers: ['p'], init: { p: 'a' } },
    { name: 'd', pointers: ['p', 'q'], init: { p: 'b', q: null } },
  ],
};

/** Arrays and subarrays: whole arrays, both halves, and ranges that straddle the halves. */
export const ARRAY_REFS: readonly VarRef[] = ['a', 'b', 'a(1:4)', 'a(5:8)', 'a(2:5)', 'b(1:4)', 'b(5:8)', 'b(3:6)'];
export const STRUCT_REFS: readonly VarRef[] = ['c', 'd'];
export const MEMBER_REFS: readonly VarRef[] = ['c%p', 'd%p', 'd%q'];
/** Targets of `pointer_assign`. */
export const TARGET_REFS: readonly VarRef[] = ['a', 'b', 'a(1:4)', 'a(2:5)', 'b(5:8)'];

export interface ProgramArbOptions {
  /** Upper bound on generated steps before region repair (default 25). */
  maxSteps?: number;
}

export const DEFAULT_MAX_STEPS = 25;

// ------------------------------------------------------------------------------------------------
// Variable references

const arrayRef = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b') },
  { weight: 3, arbitrary: fc.constantFrom(...ARRAY_REFS.slice(2)) },
);
const structRef = fc.constantFrom(...STRUCT_REFS);
const memberRef = fc.oneof({ weight: 2, arbitrary: fc.constant('c%p') }, { weight: 2, arbitrary: fc.constantFrom('d%p', 'd%q') });
/** Any var a data clause, data routine or presence query may name. */
const dataVar = fc.oneof(
  { weight: 4, arbitrary: arrayRef },
  { weight: 3, arbitrary: structRef },
  { weight: 4, arbitrary: memberRef },
);
const targetRef = fc.constantFrom(...TARGET_REFS);
/** Kernel and host bodies act on elements: arrays, subarrays or a member's target. */
const elementsRef = fc.oneof({ weight: 2, arbitrary: arrayRef }, { weight: 3, arbitrary: memberRef });

/** One var most of the time, sometimes two distinct ones. */
function varList(v: fc.Arbitrary<VarRef>): fc.Arbitrary<VarRef[]> {
  return fc.oneof(
    { weight: 4, arbitrary: v.map((x) => [x]) },
    { weight: 1, arbitrary: fc.tuple(v, v).map(([x, y]) => (x === y ? [x] : [x, y])) },
  );
}

function clause<N extends string>(name: fc.Arbitrary<N>, vars: (n: N) => fc.Arbitrary<VarRef>): fc.Arbitrary<Clause<N>> {
  return name.chain((n) => varList(vars(n)).map((vs) => ({ clause: n, vars: vs })));
}

function weighted<T>(...entries: [number, T][]): fc.Arbitrary<T> {
  return fc.oneof(...entries.map(([weight, v]) => ({ weight, arbitrary: fc.constant(v) })));
}

function oneOrTwo<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T[]> {
  return fc.oneof({ weight: 3, arbitrary: arb.map((x) => [x]) }, { weight: 2, arbitrary: fc.tuple(arb, arb) });
}

// ------------------------------------------------------------------------------------------------
// Steps

const enterData: fc.Arbitrary<AccEnterData> = oneOrTwo(
  clause(weighted<AccEnterData['clauses'][number]['clause']>([5, 'copyin'], [2, 'create'], [4, 'attach']), (n) =>
    n === 'attach' ? memberRef : dataVar,
  ),
).map((clauses) => ({ op: 'acc_enter_data', clauses }));

const exitData: fc.Arbitrary<AccExitData> = fc
  .tuple(
    oneOrTwo(
      clause(weighted<AccExitData['clauses'][number]['clause']>([3, 'copyout'], [4, 'delete'], [4, 'detach']), (n) =>
        n === 'detach' ? memberRef : dataVar,
      ),
    ),
    weighted([3, false], [1, true]),
  )
  .map(([clauses, finalize]) => (finalize ? { op: 'acc_exit_data', clauses, finalize: true } : { op: 'acc_exit_data', clauses }));

const regionClauseName = weighted<AccRegionClauseName>(
  [3, 'copy'],
  [3, 'copyin'],
  [1, 'copyout'],
  [2, 'create'],
  [1, 'present'],
  [2, 'no_create'],
  [3, 'attach'],
);
const regionClause = clause(regionClauseName, (n) => (n === 'attach' ? memberRef : dataVar));

// A construct names every variable once (lang/directive-vars.ts: GCC rejects the rest).
const dataBegin: fc.Arbitrary<AccDataBegin> = oneOrTwo(regionClause).map((clauses) => ({ op: 'acc_data_begin', clauses: withoutRepeats(clauses, 'openacc') }));

const kernelMember = fc.oneof(
  { weight: 3, arbitrary: fc.constant('c%p') },
  { weight: 2, arbitrary: fc.constant('d%p') },
  { weight: 1, arbitrary: fc.constant('d%q') },
);
const kernelRef = fc.oneof({ weight: 3, arbitrary: arrayRef }, { weight: 2, arbitrary: kernelMember });
/**
 * What a write gives its elements: one value from min..max everywhere, or a ramp from it (element k
 * gets value + k * by), which tells apart which elements a copy moved and in what order.
 */
export function writtenArb(min: number, max: number): fc.Arbitrary<{ value: number; by?: number }> {
  return fc
    .tuple(fc.integer({ min, max }), fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constantFrom(1, -1, 10) }))
    .map(([value, by]) => (by === 0 ? { value } : { value, by }));
}

const kernelBody: fc.Arbitrary<KernelBody> = fc.oneof(
  { weight: 3, arbitrary: kernelRef.map((r) => ({ read: r })) },
  { weight: 1, arbitrary: fc.tuple(kernelRef, writtenArb(5, 9)).map(([r, w]) => ({ write: r, ...w })) },
);

const parallel: fc.Arbitrary<AccParallel> = fc
  .tuple(
    fc.oneof({ weight: 2, arbitrary: fc.constant<Clause<AccRegionClauseName>[]>([]) }, { weight: 3, arbitrary: oneOrTwo(regionClause) }),
    weighted([3, false], [1, true]),
    kernelBody,
  )
  .map(([drawn, defaultPresent, body]) => {
    const clauses = withoutRepeats(drawn, 'openacc');
    return defaultPresent ? { op: 'acc_parallel', clauses, default: 'present', body } : { op: 'acc_parallel', clauses, body };
  });

const dataRoutine: fc.Arbitrary<AccDataRoutine> = fc
  .tuple(
    weighted<AccDataRoutine['op']>(
      [3, 'acc_copyin'],
      [2, 'acc_create'],
      [1, 'acc_copyout'],
      [1, 'acc_copyout_finalize'],
      [2, 'acc_delete'],
      [1, 'acc_delete_finalize'],
    ),
    dataVar,
  )
  .map(([op, v]) => ({ op, var: v }));

const attachRoutine: fc.Arbitrary<AccAttachRoutine> = fc
  .tuple(weighted<AccAttachRoutine['op']>([3, 'acc_attach'], [3, 'acc_detach'], [1, 'acc_detach_finalize']), memberRef)
  .map(([op, ptr]) => ({ op, ptr }));

const isPresent: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(dataVar, weighted<number | null>([3, null], [1, 0], [1, 4]))
      .map(([v, bytes]): Step => (bytes === null ? { op: 'acc_is_present', var: v } : { op: 'acc_is_present', var: v, bytes })),
  },
  // zero bytes at the first element after a half: exactly one past the end of a(1:4) or b(1:4)
  { weight: 1, arbitrary: fc.constantFrom('a(5:8)', 'b(5:8)').map((v): Step => ({ op: 'acc_is_present', var: v, bytes: 0 })) },
);

/**
 * A set-up step: `enter data` of whole objects and pointer references (no subarrays, so no partly
 * present errors yet), half of the time the deep-copy idiom `copyin(c) copyin(c%p)`. Programs start with 0-4 of these, which puts structs and targets on the
 * device early and makes attached pointers common in the steps that follow.
 */
export function setupStepArb(): fc.Arbitrary<Step> {
  const wholeVar = fc.oneof(
    { weight: 3, arbitrary: structRef },
    { weight: 2, arbitrary: fc.constantFrom('a', 'b') },
    { weight: 3, arbitrary: memberRef },
  );
  const setupClause = clause(weighted<AccEnterData['clauses'][number]['clause']>([4, 'copyin'], [1, 'create'], [2, 'attach']), (n) =>
    n === 'attach' ? memberRef : wholeVar,
  );
  // the deep-copy idiom: the struct, then its member's target with the attach that comes with it
  const deepCopy = fc
    .constantFrom<[string, string]>(['c', 'c%p'], ['d', 'd%p'], ['d', 'd%q'])
    .map(([st, m]): Clause<'copyin'>[] => [
      { clause: 'copyin', vars: [st] },
      { clause: 'copyin', vars: [m] },
    ]);
  return fc
    .oneof({ weight: 3, arbitrary: deepCopy }, { weight: 3, arbitrary: oneOrTwo(setupClause) })
    .map((clauses): Step => ({ op: 'acc_enter_data', clauses }));
}

/** Placeholder handle of a generated device pointer: `#k` picks the k-th allocation (resolveHandles). */
const PLACEHOLDER = '#';
const devPtr: fc.Arbitrary<PtrArg> = fc
  .tuple(fc.nat({ max: 7 }), weighted<number>([4, 0], [1, 16], [1, 32]))
  .map(([pick, offset]) => (offset === 0 ? { handle: `${PLACEHOLDER}${pick}` } : { handle: `${PLACEHOLDER}${pick}`, offset }));
/** Mapped data: whole arrays mostly (what acc_map_data is for), sometimes a subarray or a member's target. */
const mappedRef = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b') },
  { weight: 1, arbitrary: fc.constantFrom(...ARRAY_REFS.slice(2)) },
  { weight: 1, arbitrary: memberRef },
);
const accMalloc = weighted([1, 0], [1, 16], [3, 32], [1, 40], [3, 64]).map((bytes): Step => ({ op: 'acc_malloc', bytes, result: PLACEHOLDER }));
const accMapData = fc.tuple(mappedRef, devPtr).map(([v, dev]): Step => ({ op: 'acc_map_data', var: v, dev }));
const accUnmapData = fc.oneof(
  // mostly data an earlier acc_map_data mapped (`#k`: resolveHandles picks the k-th such var)
  { weight: 3, arbitrary: fc.nat({ max: 7 }).map((k): Step => ({ op: 'acc_unmap_data', var: `${PLACEHOLDER}${k}` })) },
  { weight: 1, arbitrary: mappedRef.map((v): Step => ({ op: 'acc_unmap_data', var: v })) },
);
const accFree = fc
  .oneof({ weight: 4, arbitrary: devPtr }, { weight: 1, arbitrary: fc.constant<PtrArg>(null) })
  .map((ptr): Step => ({ op: 'acc_free', ptr }));
const accMemcpy = fc
  .tuple(weighted<'acc_memcpy_to_device' | 'acc_memcpy_from_device'>([1, 'acc_memcpy_to_device'], [1, 'acc_memcpy_from_device']), mappedRef, devPtr)
  .map(([op, v, dev]): Step => ({ op, var: v, dev }));

/**
 * Names allocations h1, h2, … in order and points every placeholder handle at an allocation made
 * before it (`#k`: the k-th, modulo their number); a step that needs one when there is none gets a
 * 64-byte allocation just before it. Offsets past an allocation's end become 0. A placeholder var
 * of acc_unmap_data (`#k`) names the k-th var an earlier acc_map_data mapped (`a` when none did).
 * Idempotent on programs it made (their handles and vars are real names already).
 */
export function resolveHandles(steps: readonly Step[]): Step[] {
  const allocs: { name: string; bytes: number }[] = [];
  const mappedVars: VarRef[] = [];
  const resolve = (p: PtrArg): PtrArg | 'none' => {
    if (p === null || 'var' in p || !p.handle.startsWith(PLACEHOLDER)) return p;
    if (allocs.length === 0) return 'none';
    const a = allocs[Number(p.handle.slice(PLACEHOLDER.length)) % allocs.length]!;
    const offset = p.offset !== undefined && p.offset <= a.bytes ? p.offset : 0;
    return offset === 0 ? { handle: a.name } : { handle: a.name, offset };
  };
  const out: Step[] = [];
  const malloc = (bytes: number): Step => {
    const name = `h${allocs.length + 1}`;
    allocs.push({ name, bytes });
    return { op: 'acc_malloc', bytes, result: name };
  };
  for (const s of steps) {
    if (s.op === 'acc_malloc') {
      out.push(s.result.startsWith(PLACEHOLDER) ? malloc(s.bytes) : s);
      if (!s.result.startsWith(PLACEHOLDER)) allocs.push({ name: s.result, bytes: s.bytes });
      continue;
    }
    if (s.op === 'acc_free') {
      let ptr = resolve(s.ptr);
      if (ptr === 'none') out.push(malloc(64)), (ptr = resolve(s.ptr) as PtrArg);
      out.push({ ...s, ptr });
      continue;
    }
    if (s.op === 'acc_map_data' || s.op === 'acc_memcpy_to_device' || s.op === 'acc_memcpy_from_device') {
      let dev = resolve(s.dev);
      if (dev === 'none') out.push(malloc(64)), (dev = resolve(s.dev) as PtrArg);
      out.push({ ...s, dev });
      if (s.op === 'acc_map_data') mappedVars.push(s.var);
      continue;
    }
    if (s.op === 'acc_unmap_data' && s.var.startsWith(PLACEHOLDER)) {
      const k = Number(s.var.slice(PLACEHOLDER.length));
      out.push({ ...s, var: mappedVars.length === 0 ? 'a' : mappedVars[k % mappedVars.length]! });
      continue;
    }
    out.push(s);
  }
  return out;
}

/** `update self|host|device(…) [if_present]` (OpenACC 3.3 §2.14.4): one or two clauses, if_present one time in two. */
const accUpdate: fc.Arbitrary<AccUpdate> = fc
  .tuple(oneOrTwo(clause(weighted<AccUpdate['clauses'][number]['clause']>([3, 'self'], [1, 'host'], [4, 'device']), () => dataVar)), fc.boolean())
  .map(([clauses, ifPresent]) => (ifPresent ? { op: 'acc_update', clauses, if_present: true } : { op: 'acc_update', clauses }));

/**
 * Update directives to insert into a program: none in three programs in four, otherwise 1-3 at positions
 * drawn as for the device memory steps. Drawn after everything else, so a program without them is
 * exactly the program the same seed drew before the update directive existed.
 */
function updateInsertions(): fc.Arbitrary<[number, Step][]> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[number, Step][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), DRAWN_BY.acc_update), { minLength: 1, maxLength: 3 }) },
  );
}

/**
 * A program-scope `declare` (OpenACC 3.3 §2.13) over the whole arrays: each of a and b is left
 * out (2) or declared copyin 3, create 2, device_resident 1, link 1; a declaration naming neither
 * is none. Drawn apart from the other steps and put first (declareArb, programArb).
 */
const accDeclare: fc.Arbitrary<Step | null> = fc
  .tuple(
    ...(['a', 'b'] as const).map((v) =>
      weighted<[string, AccDeclareClauseName] | null>([2, null], [3, [v, 'copyin']], [2, [v, 'create']], [1, [v, 'device_resident']], [1, [v, 'link']]),
    ),
  )
  .map((picks) => {
    const clauses: Clause<AccDeclareClauseName>[] = [];
    for (const pick of picks) {
      if (pick === null) continue;
      const same = clauses.find((c) => c.clause === pick[1]);
      if (same) same.vars.push(pick[0]);
      else clauses.push({ clause: pick[1], vars: [pick[0]] });
    }
    return clauses.length === 0 ? null : { op: 'acc_declare', clauses };
  });

/**
 * Whether a program starts with a program-scope declaration: one program in four (witnesses
 * w13 and w14 count how often the declared data outlives an exit, and link data gets mapped). Drawn after everything else, so the
 * other steps a seed draws are the same either way; it shrinks towards none.
 */
export function declareArb(): fc.Arbitrary<Step | null> {
  return fc.integer({ min: 0, max: 3 }).chain((n) => (n === 3 ? accDeclare : fc.constant(null)));
}

/** The declaration (if any) put first; the last step makes room, so the length stays. */
export function withDeclaration(steps: readonly Step[], declaration: Step | null): Step[] {
  return declaration === null ? [...steps] : [declaration, ...steps.slice(0, Math.max(0, steps.length - 1))];
}

// ------------------------------------------------------------------------------------------------
// host_data regions (OpenACC 3.3 §2.8)

/** Placeholder name of a host_data handle; hostDataInsertions' blocks get u1, u2, … in order. */
const USE_DEVICE_PLACEHOLDER = '@';
const hostDataBegin = fc
  .tuple(fc.constantFrom('a', 'b'), weighted([2, false], [1, true]))
  .map(([v, ifPresent]): Step =>
    ifPresent ? { op: 'acc_host_data_begin', var: v, result: USE_DEVICE_PLACEHOLDER, if_present: true } : { op: 'acc_host_data_begin', var: v, result: USE_DEVICE_PLACEHOLDER },
  );
const hostDataEnd = fc.constant<Step>({ op: 'acc_host_data_end' });
/** A step of a host_data region that uses the handle: a copy to or from the address, or a host read. */
const useOfHandle: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        weighted<'acc_memcpy_to_device' | 'acc_memcpy_from_device'>([1, 'acc_memcpy_to_device'], [2, 'acc_memcpy_from_device']),
        fc.constantFrom<[VarRef, number]>(['a', 0], ['b', 0], ['a(1:4)', 16], ['b(5:8)', 0], ['b(1:4)', 16]),
      )
      .map(([op, [v, offset]]): Step => ({ op, var: v, dev: offset === 0 ? { handle: USE_DEVICE_PLACEHOLDER } : { handle: USE_DEVICE_PLACEHOLDER, offset } })),
  },
  { weight: 1, arbitrary: fc.constantFrom('a', 'b').map((v): Step => ({ op: 'host_read', var: v })) },
);

/**
 * host_data regions to insert: none in two programs of three, else one or two, each a block
 * `host_data use_device(a|b) [if_present]`, 0-2 steps that use its handle, `end host_data`, at a
 * position drawn like deviceMemoryInsertions'. Drawn after everything else (programArb), so the
 * steps a seed drew before host_data existed stay the same.
 */
function hostDataInsertions(): fc.Arbitrary<[number, Step[]][]> {
  const block = fc.tuple(hostDataBegin, fc.array(useOfHandle, { maxLength: 2 })).map(([begin, uses]): Step[] => [begin, ...uses, { op: 'acc_host_data_end' }]);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<[number, Step[]][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), block), { minLength: 1, maxLength: 2 }) },
  );
}

/** `steps` with each host_data block at its position, its placeholder handle named u1, u2, … */
function insertHostData(steps: readonly Step[], blocks: readonly [number, Step[]][]): Step[] {
  const out = [...steps];
  blocks.forEach(([pos, block], k) => {
    const name = `u${k + 1}`;
    const named = block.map((s): Step => {
      if (s.op === 'acc_host_data_begin') return { ...s, result: name };
      if ((s.op === 'acc_memcpy_to_device' || s.op === 'acc_memcpy_from_device') && s.dev !== null && 'handle' in s.dev && s.dev.handle === USE_DEVICE_PLACEHOLDER)
        return { ...s, dev: { ...s.dev, handle: name } };
      return s;
    });
    out.splice(pos % (out.length + 1), 0, ...named);
  });
  return out;
}

// ------------------------------------------------------------------------------------------------
// Device addresses of host data kept (OpenACC 3.3 §3.2.18 acc_copyin / acc_create, §3.2.23 acc_deviceptr)

/** Placeholder name of a kept device address; insertKeptPointers names them k1, k2, … */
const KEPT_PLACEHOLDER = '%';

/**
 * Blocks to insert: none in three programs of four, else one or two, each a routine that returns
 * the device address of an array or subarray and keeps it (`d = acc_deviceptr(a)`, `d =
 * acc_copyin(a(2:5))`, `d = acc_create(b)`), then one time in three `exit data delete` of it (the
 * address goes stale), then one time in four nothing more, else one use of the address: a copy from
 * it or to it (8 bytes), acc_free of it (memory acc_malloc did not return, K-A8) or acc_map_data of
 * the other array onto it (device memory a mapping already uses). Drawn after everything else, so
 * the rest of a seed's program is what it drew before (witness kp1-kp3).
 */
export function keptPointerInsertions(): fc.Arbitrary<[number, Step[]][]> {
  const here: PtrArg = { handle: KEPT_PLACEHOLDER };
  const use = fc.oneof(
    { weight: 1, arbitrary: fc.constant<Step[]>([]) },
    { weight: 2, arbitrary: fc.constantFrom<VarRef>('a(1:2)', 'b(7:8)').map((into): Step[] => [{ op: 'acc_memcpy_from_device', var: into, dev: here }]) },
    { weight: 1, arbitrary: fc.constantFrom<VarRef>('a(3:4)', 'b(1:2)').map((from): Step[] => [{ op: 'acc_memcpy_to_device', var: from, dev: here }]) },
    { weight: 1, arbitrary: fc.constant<Step[]>([{ op: 'acc_free', ptr: here }]) },
    { weight: 1, arbitrary: fc.constantFrom<VarRef>('a', 'b').map((other): Step[] => [{ op: 'acc_map_data', var: other, dev: here }]) },
  );
  const block = fc
    .tuple(weighted<'acc_deviceptr' | 'acc_copyin' | 'acc_create'>([2, 'acc_deviceptr'], [1, 'acc_copyin'], [1, 'acc_create']), fc.constantFrom(...ARRAY_REFS), weighted([2, false], [1, true]), use)
    .map(([op, v, stale, uses]): Step[] => [
      { op, var: v, result: KEPT_PLACEHOLDER },
      ...(stale ? [{ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [v] }] } as Step] : []),
      ...uses,
    ]);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[number, Step[]][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), block), { minLength: 1, maxLength: 2 }) },
  );
}

/** `steps` with each kept-pointer block at its position, its placeholder named k1, k2, … */
export function insertKeptPointers(steps: readonly Step[], blocks: readonly [number, Step[]][]): Step[] {
  const out = [...steps];
  blocks.forEach(([pos, block], k) => {
    const name = `k${k + 1}`;
    const rename = (p: PtrArg): PtrArg => (p !== null && 'handle' in p && p.handle === KEPT_PLACEHOLDER ? { ...p, handle: name } : p);
    const named = block.map((s): Step => {
      if ((s.op === 'acc_deviceptr' || s.op === 'acc_copyin' || s.op === 'acc_create') && s.result === KEPT_PLACEHOLDER) return { ...s, result: name };
      if (s.op === 'acc_memcpy_from_device' || s.op === 'acc_memcpy_to_device' || s.op === 'acc_map_data') return { ...s, dev: rename(s.dev) };
      if (s.op === 'acc_free') return { ...s, ptr: rename(s.ptr) };
      return s;
    });
    const lo = out[0]?.op === 'acc_declare' ? 1 : 0;
    out.splice(lo + (pos % (out.length - lo + 1)), 0, ...named);
  });
  return out;
}

// ------------------------------------------------------------------------------------------------
// Kernels reading a pointer itself (OpenACC 3.3 §2.6.8, OpenMP 6.0 §7.9.6), and the value kept

/** Placeholder name of a pointer value a kernel hands over; insertPointerReads names them q1, q2, … */
const CAPTURE_PLACEHOLDER = '@';

/**
 * Blocks to insert: none in two programs of three (OpenMP: three of four), else one or two, each a
 * kernel reading a pointer member itself (OpenACC: implicit clause, or default(present) one time in
 * three; OpenMP: after the deep copy `enter data map(to: c)`, `map(to: c%p)`, or the first alone
 * one time in three, with no copy from the kept value then); in half of them
 * the kernel keeps the value (`result`), and then zero or one `exit data delete` of the member
 * (its target's copy goes: the kept value goes stale) and zero or one copy from the kept address
 * into a host array section (acc_memcpy_from_device / omp_target_memcpy, 16 bytes). Drawn after
 * everything else, so the rest of a seed's program is what it drew before (witnesses v1-v4).
 */
export function pointerReadInsertions(api: 'openacc' | 'openmp'): fc.Arbitrary<[number, Step[]][]> {
  const members = api === 'openacc' ? memberRef : fc.constant<VarRef>('c%p');
  const block = fc
    .tuple(members, weighted([2, false], [1, true]), weighted([1, false], [1, true]), weighted([1, false], [1, true]), weighted([1, false], [2, true]), fc.constantFrom<VarRef>('a(1:4)', 'b(5:8)'))
    .map(([m, present, keep, stale, use, into]): Step[] => {
      const result = keep ? { result: CAPTURE_PLACEHOLDER } : {};
      // OpenMP: the deep copy first (the struct, then its member: the target's new entry attaches
      // it), or the struct alone one time in three (its storage then holds the host address); a
      // struct whose storage an alloc map made would hold an indeterminate pointer, which ends the
      // program, so the struct is always mapped `to` here
      const deepCopy: Step[] =
        api === 'openacc'
          ? []
          : [
              { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c'] }] },
              ...(present ? [] : [{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [m] }] } as Step]),
            ];
      const kernel: Step =
        api === 'openacc'
          ? { op: 'acc_parallel', clauses: [], ...(present ? { default: 'present' as const } : {}), body: { pointer: m }, ...result }
          : { op: 'omp_target', maps: [], body: { pointer: m }, ...result };
      if (!keep) return [...deepCopy, kernel];
      const gone: Step[] = !stale
        ? []
        : api === 'openacc'
          ? [{ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [m] }] }]
          : [{ op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: [m] }] }];
      const copy: Step[] = !use
        ? []
        : api === 'openacc'
          ? [{ op: 'acc_memcpy_from_device', var: into, dev: { handle: CAPTURE_PLACEHOLDER } }]
          : [
              {
                op: 'omp_target_memcpy',
                dst: { var: into },
                src: { handle: CAPTURE_PLACEHOLDER },
                bytes: 16,
                dst_offset: 0,
                src_offset: 0,
                dst_device: 'initial',
                src_device: 0,
              },
            ];
      // OpenMP copies from the kept address only when the deep copy attached it
      return [...deepCopy, kernel, ...gone, ...(api === 'openmp' && present ? [] : copy)];
    });
  return fc.oneof(
    { weight: api === 'openacc' ? 2 : 3, arbitrary: fc.constant<[number, Step[]][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), block), { minLength: 1, maxLength: 2 }) },
  );
}

/** `steps` with each pointer-read block at its position (after a declaration), the kept values named q1, q2, … */
export function insertPointerReads(steps: readonly Step[], blocks: readonly [number, Step[]][]): Step[] {
  const out = [...steps];
  blocks.forEach(([pos, block], k) => {
    const name = `q${k + 1}`;
    const named = block.map((s): Step => {
      if ((s.op === 'acc_parallel' || s.op === 'omp_target') && s.result === CAPTURE_PLACEHOLDER) return { ...s, result: name };
      if (s.op === 'acc_memcpy_from_device') return { ...s, dev: { handle: name } };
      if (s.op === 'omp_target_memcpy') return { ...s, src: { handle: name } };
      return s;
    });
    const lo = out[0]?.op === 'acc_declare' || out[0]?.op === 'omp_declare_target' ? 1 : 0;
    out.splice(lo + (pos % (out.length - lo + 1)), 0, ...named);
  });
  return out;
}

const dataEnd = fc.constant<Step>({ op: 'acc_data_end' });
const pointerAssign = fc.tuple(memberRef, targetRef).map(([ptr, target]): Step => ({ op: 'pointer_assign', ptr, target }));
const nullify = memberRef.map((ptr): Step => ({ op: 'nullify', ptr }));
const hostWrite = fc.tuple(elementsRef, writtenArb(3, 4)).map(([v, w]): Step => ({ op: 'host_write', var: v, ...w }));
const hostRead = elementsRef.map((v): Step => ({ op: 'host_read', var: v }));
const deviceptr = dataVar.map((v): Step => ({ op: 'acc_deviceptr', var: v }));

/**
 * The arbitrary that draws each OpenACC and host op of the table of operations (lang/ops.ts): an
 * op added to the table is a compile error here until the generator draws it.
 */
const DRAWN_BY: { readonly [Op in OpsOf<'openacc' | 'host'>]: fc.Arbitrary<Step> } = {
  acc_enter_data: enterData,
  acc_exit_data: exitData,
  acc_data_begin: dataBegin,
  acc_data_end: dataEnd,
  acc_parallel: parallel,
  acc_copyin: dataRoutine,
  acc_create: dataRoutine,
  acc_copyout: dataRoutine,
  acc_copyout_finalize: dataRoutine,
  acc_delete: dataRoutine,
  acc_delete_finalize: dataRoutine,
  acc_attach: attachRoutine,
  acc_detach: attachRoutine,
  acc_detach_finalize: attachRoutine,
  acc_is_present: isPresent,
  acc_deviceptr: deviceptr,
  pointer_assign: pointerAssign,
  nullify,
  host_write: hostWrite,
  host_read: hostRead,
  acc_malloc: accMalloc,
  acc_free: accFree,
  acc_map_data: accMapData,
  acc_unmap_data: accUnmapData,
  acc_memcpy_to_device: accMemcpy,
  acc_memcpy_from_device: accMemcpy,
  acc_update: accUpdate,
  acc_declare: accDeclare.map((s) => s ?? { op: 'acc_declare', clauses: [{ clause: 'copyin', vars: ['a'] }] }),
  acc_host_data_begin: hostDataBegin,
  acc_host_data_end: hostDataEnd,
  // drawn in the procedure calls of properties/procedures.ts (withProcedure)
  acc_procedure_begin: fc.constant<Step>({ op: 'acc_procedure_begin', clauses: [{ clause: 'copyin', vars: ['a'] }] }),
  acc_procedure_end: fc.constant<Step>({ op: 'acc_procedure_end' }),
  // drawn in the allocatable-component idioms (properties/allocatables.ts), over struct e
  allocate: fc.constant<Step>({ op: 'allocate', ptr: 'e%x', length: 4, value: 3 }),
  deallocate: fc.constant<Step>({ op: 'deallocate', ptr: 'e%x' }),
};

/** One raw step; `acc_data_end` may still be unmatched here (see balanceRegions). */
export function stepArb(): fc.Arbitrary<Step> {
  const d = DRAWN_BY;
  return fc.oneof(
    { weight: 14, arbitrary: d.acc_enter_data },
    { weight: 9, arbitrary: d.acc_exit_data },
    { weight: 5, arbitrary: d.acc_data_begin },
    { weight: 4, arbitrary: d.acc_data_end },
    { weight: 8, arbitrary: d.acc_parallel },
    { weight: 7, arbitrary: d.acc_copyin }, // the six data routines
    { weight: 7, arbitrary: d.acc_attach }, // the three attach routines
    { weight: 7, arbitrary: d.pointer_assign },
    { weight: 2, arbitrary: d.nullify },
    { weight: 2, arbitrary: d.host_write },
    { weight: 2, arbitrary: d.host_read },
    { weight: 3, arbitrary: d.acc_is_present },
    { weight: 2, arbitrary: d.acc_deviceptr },
  );
}

/**
 * One device memory step (OpenACC 3.3 §3.2.16–§3.2.27) to insert into a program. They are drawn
 * apart from the other steps (deviceMemoryInsertions), so a program without them is exactly the
 * program the same seed drew before they existed.
 */
function deviceMemoryStepArb(): fc.Arbitrary<Step> {
  const d = DRAWN_BY;
  // the program's own device memory for a whole array (resolveHandles allocates it)
  const userMapped = fc.constantFrom('a', 'b').map((v): Step => ({ op: 'acc_map_data', var: v, dev: { handle: `${PLACEHOLDER}0` } }));
  return fc.oneof(
    { weight: 2, arbitrary: d.acc_malloc },
    { weight: 2, arbitrary: userMapped },
    { weight: 2, arbitrary: d.acc_map_data },
    { weight: 2, arbitrary: d.acc_unmap_data },
    { weight: 1, arbitrary: d.acc_free },
    { weight: 2, arbitrary: d.acc_memcpy_to_device }, // both copy directions
  );
}

/**
 * Device memory steps and where they go: none in half the programs; otherwise 1-4, each at a
 * position drawn as a natural number (modulo the program's length + 1), leaning to the start so
 * mappings come before the data is copied in by other means.
 */
function deviceMemoryInsertions(): fc.Arbitrary<[number, Step][]> {
  const position = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.nat() });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<[number, Step][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(position, deviceMemoryStepArb()), { minLength: 1, maxLength: 4 }) },
  );
}

/** `steps` with each insertion placed at its position (modulo the current length + 1), in order. */
function insertAll(steps: readonly Step[], insertions: readonly [number, Step][]): Step[] {
  const out = [...steps];
  for (const [pos, step] of insertions) out.splice(pos % (out.length + 1), 0, step);
  return out;
}

// ------------------------------------------------------------------------------------------------
// Region balance (OpenACC data regions, and OpenMP target data regions of arbitraries-omp.ts); which
// ops open and close regions is the table of operations' (lang/ops.ts).

export { isRegionBegin, isRegionEnd };

/**
 * Makes every region end close an open region it belongs to: ends with no such open region are
 * dropped, and regions still open after the last step are closed at the end, innermost first.
 */
export function balanceRegions(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  const open: Step['op'][] = [];
  for (const s of steps) {
    if (isRegionEnd(s.op)) {
      if (open.at(-1) !== s.op) continue;
      open.pop();
    } else {
      const end = regionEndOf(s.op);
      if (end) open.push(end);
    }
    out.push(s);
  }
  for (const end of open.reverse()) out.push({ op: end } as Step);
  return out;
}

/** True when every end closes an open region of its kind and no region is left open. */
export function regionsBalanced(steps: readonly Step[]): boolean {
  const open: Step['op'][] = [];
  for (const s of steps) {
    const end = regionEndOf(s.op);
    if (end) open.push(end);
    else if (isRegionEnd(s.op) && open.pop() !== s.op) return false;
  }
  return open.length === 0;
}

/** Index of the end closing the region begin at `begin` (steps must be balanced). */
export function matchingEnd(steps: readonly Step[], begin: number): number {
  let depth = 0;
  for (let i = begin; i < steps.length; i++) {
    const op = steps[i]!.op;
    if (regionEndOf(op)) depth++;
    else if (isRegionEnd(op) && --depth === 0) return i;
  }
  throw new Error(`internal: ${steps[begin]?.op} at step ${begin + 1} has no matching end`);
}

export function poolProgram(steps: Step[]): Program {
  return { version: 1, world: POOL_WORLD, steps };
}

/** Valid, balanced version-1 OpenACC programs over POOL_WORLD with at most ~maxSteps steps. */
export function programArb(opts: ProgramArbOptions = {}): fc.Arbitrary<Program> {
  const maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
  const setupMax = Math.min(4, Math.floor(maxSteps / 4));
  return fc
    .tuple(
      fc.array(setupStepArb(), { maxLength: setupMax, size: 'max' }),
      fc.array(stepArb(), { minLength: 1, maxLength: Math.max(1, maxSteps - setupMax), size: 'max' }),
      // drawn last, so the steps above are what the same seed drew before device memory existed
      deviceMemoryInsertions(),
      reuseArb(),
      staleIdiomArb(),
      structArrayArb(),
      declareArb(),
      hostDataInsertions(),
      // drawn after the rest, so the steps above are what the same seed drew before update existed
      updateInsertions(),
      // drawn after the rest too: kernels reading a pointer itself, and uses of the value
      pointerReadInsertions('openacc'),
      // and non-pointer struct members
      fieldsArb(),
      // drawn last: pointer descriptors (bounds remapping and view reads) rewrite the program
      descriptorArb(),
      // and member subarrays
      sectionsArb(),
      // and rank-2 arrays
      rank2Arb(),
      // and allocatable components
      allocatablesArb(),
      // and zero-length array sections
      zeroLengthArb(),
      // and plain pointer variables (properties/plain-pointers.ts)
      plainPointerArb(),
      // and a procedure with a declare (properties/procedures.ts)
      procedureArb(),
      // and adjacent host objects (properties/adjacent.ts)
      adjacentArb(),
      // and device addresses of host data kept (acc_deviceptr, acc_copyin, acc_create results)
      keptPointerInsertions(),
    )
    // inserted steps and the allocations resolveHandles adds push the last raw steps out, so
    // maxSteps still holds
    .map(([setup, body, insertions, reuse, idiom, structArray, declaration, hostData, updates, pointerReads, fields, descriptors, sections, rank2, allocatables, zeroLength, plain, procedure, adjacent, kept]) => {
      const raw = [...setup, ...(reuse ? withIdiom(body, idiom) : body)];
      const steps = insertKeptPointers(resolveHandles(insertPointerReads(insertHostData(insertAll(insertAll(raw, insertions), updates), hostData), pointerReads)).slice(0, raw.length), kept).slice(0, raw.length);
      return withAdjacent(withProcedure(
        withPlainPointers(
        withZeroLength(
          withAllocatables(withRank2(withMemberSections(withDescriptors(withFields(withStructArray(withReuse(poolProgram(balanceRegions(withDeclaration(steps, declaration))), reuse), structArray), fields), descriptors, 'openacc'), sections), rank2), allocatables, 'openacc'),
          zeroLength,
        ),
          plain,
        ),
        procedure,
      ), adjacent);
    });
}

/**
 * The stale-pointer idiom of reuse worlds: free an array's copy, map the other array (same size,
 * so the allocator hands the freed block out again), then read through a pointer member that may
 * still point at the freed copy. `at` (0..1) places it in the body.
 */
function staleIdiomArb(): fc.Arbitrary<{ steps: Step[]; at: number }> {
  return fc
    .tuple(fc.constantFrom<[VarRef, VarRef]>(['a', 'b'], ['b', 'a']), fc.constantFrom<VarRef>('c%p', 'd%p'), fc.integer({ min: 0, max: 99 }))
    .map(([[freed, mapped], member, at]) => ({
      steps: [
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [freed] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [mapped] }] },
        { op: 'acc_parallel', clauses: [], default: 'present', body: { read: member } },
      ],
      at: at / 100,
    }));
}

/** `body` with the idiom written over as many of its steps (same length: maxSteps holds). */
function withIdiom(body: Step[], idiom: { steps: Step[]; at: number }): Step[] {
  if (body.length < idiom.steps.length) return body;
  const start = Math.floor(idiom.at * (body.length - idiom.steps.length + 1));
  return [...body.slice(0, start), ...idiom.steps, ...body.slice(start + idiom.steps.length)];
}

/**
 * Whether a program's world uses the reusing device allocator (World.reuse): one program in four.
 * Drawn last, so the steps a seed draws are the same either way; it shrinks towards false.
 */
export function reuseArb(): fc.Arbitrary<boolean> {
  return fc.integer({ min: 0, max: 3 }).map((n) => n === 3);
}

/** The program over its world with the reusing allocator when `reuse` is set. */
export function withReuse(program: Program, reuse: boolean): Program {
  return reuse ? { ...program, world: { ...program.world, reuse: true } } : program;
}

// ------------------------------------------------------------------------------------------------
// Arrays of structs (issue 9 item 5)

/**
 * The array of structs that stands in for struct `c` in one program in four: `cs(2)` of the same
 * type (pointer member `p`), both elements' members associated with `a` as `c%p` is. It takes
 * `c`'s place in the world, so every other object keeps its host address.
 */
export const STRUCT_ARRAY: StructDecl = { name: 'cs', pointers: ['p'], count: 2, init: { '(1)%p': 'a', '(2)%p': 'a' } };
/** What each `c` of a rewritten program becomes, by pick: one element, the other, all, a section. */
const STRUCT_ARRAY_REFS: readonly VarRef[] = ['cs(1)', 'cs(2)', 'cs', 'cs(1:2)'];

/** Whether a program's world has the array of structs (one in four), and the picks for its references. */
export interface StructArrayChoice {
  use: boolean;
  picks: number[];
}

/**
 * Drawn after everything else (so the steps a seed draws are the same either way); shrinks
 * towards no array of structs, and towards element 1 in every reference.
 */
export function structArrayArb(): fc.Arbitrary<StructArrayChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(3), { maxLength: 6 }))
    .map(([n, picks]) => ({ use: n === 3, picks }));
}

/**
 * The program over the world where struct `c` is the array of structs `cs(2)`: each `c` becomes
 * `cs(1)`, `cs(2)`, `cs` or `cs(1:2)` and each `c%p` becomes `cs(1)%p` or `cs(2)%p`, by the picks
 * in turn (cycling), so one program maps one element and attaches the other element's member,
 * maps the whole array and reads through one member, and so on. Programs whose world has no `c`
 * are returned as they are.
 */
export function withStructArray(program: Program, choice: StructArrayChoice): Program {
  const at = program.world.structs.findIndex((st) => st.name === 'c');
  if (!choice.use || at < 0) return program;
  let k = 0;
  const next = () => (choice.picks.length === 0 ? 0 : choice.picks[k++ % choice.picks.length]!);
  const rewrite = (x: unknown): unknown => {
    if (typeof x === 'string') return x === 'c' ? STRUCT_ARRAY_REFS[next()] : x === 'c%p' ? `cs(${(next() % 2) + 1})%p` : x;
    if (typeof x !== 'object' || x === null) return x;
    if (Array.isArray(x)) return x.map(rewrite);
    // a copy with every value rewritten, keys in their order (the picks are taken in that order)
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(x)) out[key] = rewrite((x as Record<string, unknown>)[key]);
    return out;
  };
  const structs = program.world.structs.map((st, i) => (i === at ? STRUCT_ARRAY : st));
  return { ...program, world: { ...program.world, structs }, steps: program.steps.map((st) => onceEach(rewrite(st) as Step)) };
}

const ONCE_EACH = new Set<Step['op']>(['acc_data_begin', 'acc_parallel', 'omp_target_data_begin', 'omp_target', 'omp_target_enter_data', 'omp_target_exit_data']);

/** A directive the generators draw names every variable once (lang/directive-vars.ts), also after the array-of-structs rewrite. */
export function onceEach(s: Step): Step {
  if (!ONCE_EACH.has(s.op)) return s;
  if ('clauses' in s) return { ...s, clauses: withoutRepeats<Clause<string>>(s.clauses, 'openacc') } as Step;
  if ('maps' in s) return { ...s, maps: withoutRepeats(s.maps, 'openmp') } as Step;
  return s;
}

/** The world with `cs` put back as struct `c` (what the generator drew before the rewrite). */
export function withoutStructArray(world: World): World {
  const c: StructDecl = { name: 'c', pointers: ['p'], init: { p: 'a' } };
  return { ...world, structs: world.structs.map((st) => (st.name === STRUCT_ARRAY.name ? c : st)) };
}

// ------------------------------------------------------------------------------------------------
// Non-pointer struct members (issue 9 item 5)

/**
 * The non-pointer members a struct gets in one program in four of those that never reassociate a
 * pointer (both APIs; fieldsArb, drawn after
 * everything else): a scalar `n` and a fixed-size array `arr(4)`, with values below the kernels'
 * 5..9 and the host's 3..4 writes apart from `arr(3:4)`, so a read tells where a value came from.
 */
export const FIELDS: FieldDecl[] = [
  { name: 'n', init: 2 },
  { name: 'arr', length: 4, init: [1, 2, 3, 4] },
];
/** What a rewritten reference becomes, by pick (pick 0 keeps it). */
const FIELD_REFS: readonly string[] = ['n', 'arr', 'arr(2:3)'];

/**
 * Whether a program's struct gets non-pointer members (one in four), the picks for its references,
 * and the member idiom put into it (`at`: where, 0..99 per cent of the program; `read`: the kernel
 * reads the scalar rather than writing the array's middle; `update`: the copy home is an update
 * rather than the struct's exit).
 */
export interface FieldsChoice {
  use: boolean;
  picks: number[];
  idiom?: { at: number; read: boolean; update: boolean };
}

/** Drawn after everything else; shrinks towards no members and towards keeping every reference. */
export function fieldsArb(): fc.Arbitrary<FieldsChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(3), { maxLength: 6 }), fc.integer({ min: 0, max: 99 }), fc.boolean(), fc.boolean())
    .map(([n, picks, at, read, update]) => ({ use: n === 3, picks, idiom: { at, read, update } }));
}

/**
 * The member idiom for struct S: the whole struct onto the device, a kernel reading `S%n` or
 * writing `S%arr(2:3)` out of that copy (the struct's device copy carries its members), the copy
 * brought home (update or the struct's exit), and a host read of the member.
 */
function memberIdiom(S: string, openmp: boolean, read: boolean, update: boolean): Step[] {
  const body: KernelBody = read ? { read: `${S}%n` } : { write: `${S}%arr(2:3)`, value: 7 };
  const member = read ? `${S}%n` : `${S}%arr`;
  if (openmp)
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [S] }] },
      { op: 'omp_target', maps: [], body },
      update ? { op: 'omp_target_update', motions: [{ type: 'from', vars: [S] }] } : { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: [S] }] },
      { op: 'host_read', var: member },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [S] }] },
    { op: 'acc_parallel', clauses: [], default: 'present', body },
    update ? { op: 'acc_update', clauses: [{ clause: 'self', vars: [S] }] } : { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: [S] }] },
    { op: 'host_read', var: member },
  ];
}

/** `steps` with `idiom` inserted at per cent `at`, and as many steps that open or close no region dropped from the end. */
export function withMemberIdiom(steps: readonly Step[], idiom: Step[], at: number): Step[] {
  const out = [...steps];
  // after the program-scope declarations, which come first
  let lead = 0;
  while (lead < out.length && (out[lead]!.op === 'acc_declare' || out[lead]!.op === 'omp_declare_target')) lead++;
  out.splice(lead + Math.floor((at / 100) * (out.length - lead + 1)), 0, ...idiom);
  for (let dropped = 0, i = out.length - 1; dropped < idiom.length && i >= 0; i--)
    if (!isRegionEnd(out[i]!.op) && regionEndOf(out[i]!.op) === null) {
      out.splice(i, 1);
      dropped++;
    }
  return out;
}

/**
 * The program over the world where a single struct S (`d`, else `c`; none when `c` became an array
 * of structs) has the members FIELDS, with references rewritten by the picks in turn (cycling; pick
 * 0 keeps the reference, 1-3 name `S%n`, `S%arr`, `S%arr(2:3)`): each `S` of a data clause, map
 * item or data routine, so a member is mapped on its own or inside a whole-struct copy, and each
 * kernel body or host read / write of S's last pointer member (`d%q`, `c%p`), so kernels and the
 * host read and write members through whatever copy holds them. Motion clauses keep `S` (gfortran
 * 12 rejects a component there).
 */
export function withFields(program: Program, choice: FieldsChoice): Program {
  const decl = ['d', 'c'].map((n) => program.world.structs.find((st) => st.name === n)).find((st) => st !== undefined && st.count === undefined);
  // Programs that reassociate a pointer stay as drawn: their re-attach cases (K-A4, seeds/000) are
  // what the fixed-seed campaigns of cli/ and properties/ count, and the idiom would cut them.
  if (!choice.use || decl === undefined || program.steps.some((st) => st.op === 'pointer_assign')) return program;
  const S = decl.name;
  const body = `${S}%${decl.pointers.at(-1)!}`;
  let k = 0;
  const next = () => (choice.picks.length === 0 ? 0 : choice.picks[k++ % choice.picks.length]!);
  const pick = (v: VarRef, from: VarRef): VarRef => {
    if (v !== from) return v;
    const p = next();
    return p === 0 ? v : `${S}%${FIELD_REFS[p - 1]}`;
  };
  const items = <C extends { vars: VarRef[] }>(list: readonly C[]): C[] => list.map((c) => ({ ...c, vars: c.vars.map((v) => pick(v, S)) }));
  const rewrite = (step: Step): Step => {
    let s = step;
    // A view read (`at` / `bounds`) is of the pointer itself: it keeps its reference.
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && (('read' in s.body && viewLength(s.body) === null) || 'write' in s.body)) {
      const b = s.body;
      s = { ...s, body: 'read' in b ? { read: pick(b.read, body) } : { ...b, write: pick(b.write, body) } } as Step;
    }
    if ('clauses' in s && s.op !== 'acc_declare') {
      const clauses = s.clauses as Clause<string>[];
      return { ...s, clauses: clauses.map((c) => (c.clause === 'attach' || c.clause === 'detach' ? c : { ...c, vars: c.vars.map((v) => pick(v, S)) })) } as Step;
    }
    if ('maps' in s) return { ...s, maps: items(s.maps) } as Step;
    if (s.op === 'host_read' || s.op === 'host_write') return { ...s, var: pick(s.var, body) };
    if ('var' in s && typeof s.var === 'string' && s.op !== 'acc_map_data' && s.op !== 'acc_unmap_data') return { ...s, var: pick(s.var, S) } as Step;
    return s;
  };
  const structs = program.world.structs.map((st) => (st === decl ? { ...st, fields: FIELDS } : st));
  let steps = program.steps.map((st) => onceEach(rewrite(st)));
  if (choice.idiom !== undefined) {
    const openmp = steps.some((st) => st.op.startsWith('omp_'));
    steps = withMemberIdiom(steps, memberIdiom(S, openmp, choice.idiom.read, choice.idiom.update), choice.idiom.at);
  }
  return { ...program, world: { ...program.world, structs }, steps };
}

/** The world with the non-pointer members withFields added taken away again (what the generator drew before). */
export function withoutFields(world: World): World {
  return { ...world, structs: world.structs.map((st) => (st.fields === undefined ? st : (({ fields: _, ...rest }) => rest)(st))) };
}

// ------------------------------------------------------------------------------------------------
// Member subarrays (issue 9 item 5)

/**
 * What a rewritten pointer-member reference becomes, by pick (pick 0 keeps it): sections inside
 * every target of the pools (their targets have 8 elements), and `(6:9)`, past the end of every
 * target (undefined, model/member-sections.ts).
 */
const SECTION_BOUNDS: readonly string[] = ['(2:3)', '(1:4)', '(3:8)', '(5:8)', '(6:9)'];

/**
 * Whether a program's pointer-member references become member sections (one program in four),
 * the picks for its references, and the section idiom put into it (`at`: where, per cent of the
 * program; `kernel`: a kernel reaches the section through the pointer, else a kernel reads the
 * pointer itself after a section attached it).
 */
export interface SectionsChoice {
  use: boolean;
  picks: number[];
  idiom?: { at: number; kernel: boolean };
}

/** Drawn after everything else; shrinks towards no sections and towards keeping every reference. */
export function sectionsArb(): fc.Arbitrary<SectionsChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(SECTION_BOUNDS.length), { maxLength: 6 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
    .map(([n, picks, at, kernel]) => ({ use: n === 3, picks, idiom: { at, kernel } }));
}

/**
 * The section idiom on member M of struct S (both APIs): the struct onto the device, a section of
 * M's target mapped with M as its base pointer, then either a kernel writing part of the section
 * through M and the section brought home (OpenACC maps M's whole target first, so the spec's attach
 * finds it), or a kernel reading M itself, which shows where the section's attach aimed it.
 */
function sectionIdiom(S: string, M: string, openmp: boolean, kernel: boolean): Step[] {
  const section = `${M}(2:3)`;
  if (openmp)
    return kernel
      ? [
          { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [S, section] }] },
          { op: 'omp_target', maps: [], body: { write: `${M}(3:3)`, value: 7 } },
          { op: 'omp_target_update', motions: [{ type: 'from', vars: [section] }] },
          { op: 'host_read', var: section },
        ]
      : [
          { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [S] }] },
          { op: 'omp_target', maps: [{ type: 'tofrom', vars: [section] }], body: { pointer: M } },
          { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: [S] }] },
        ];
  return kernel
    ? [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [S] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [M] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: [section] }], default: 'present', body: { write: `${M}(3:3)`, value: 7 } },
        { op: 'acc_update', clauses: [{ clause: 'self', vars: [section] }] },
        { op: 'host_read', var: section },
      ]
    : [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [S] }] },
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [section] }] },
        { op: 'acc_parallel', clauses: [], default: 'present', body: { pointer: M } },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [section] }] },
      ];
}

/**
 * The program with pointer-member references rewritten by the picks in turn (cycling; pick 0 keeps
 * the reference, 1-4 append SECTION_BOUNDS): members of data clauses, map items, motion clauses,
 * data routines, kernel bodies that read or write elements, and host reads and writes; never where
 * the pointer itself is meant (attach / detach, pointer reads, pointer assignment, nullify). Programs
 * that reassociate a pointer stay as drawn (as withFields: their re-attach classes are what the
 * fixed-seed campaigns count).
 */
export function withMemberSections(program: Program, choice: SectionsChoice): Program {
  if (!choice.use || program.steps.some((st) => st.op === 'pointer_assign')) return program;
  const decl = program.world.structs.find((st) => st.count === undefined && st.pointers.length > 0);
  let k = 0;
  const next = () => (choice.picks.length === 0 ? 0 : choice.picks[k++ % choice.picks.length]!);
  const pick = (v: VarRef): VarRef => {
    if (!/^[A-Za-z][A-Za-z0-9_]*(\(\d+\))?%[A-Za-z][A-Za-z0-9_]*$/.test(v)) return v;
    const st = program.world.structs.find((s) => s.name === v.split(/[(%]/)[0]);
    if (st === undefined || !st.pointers.includes(v.split('%')[1]!)) return v;
    const p = next();
    return p === 0 ? v : `${v}${SECTION_BOUNDS[p - 1]}`;
  };
  const items = <C extends { vars: VarRef[] }>(list: readonly C[]): C[] => list.map((c) => ({ ...c, vars: c.vars.map(pick) }));
  const rewrite = (step: Step): Step => {
    let s = step;
    // A view read (`at` / `bounds`) is of the pointer itself: it keeps its reference.
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && (('read' in s.body && viewLength(s.body) === null) || 'write' in s.body)) {
      const b = s.body;
      s = { ...s, body: 'read' in b ? { read: pick(b.read) } : { ...b, write: pick(b.write) } } as Step;
    }
    if ('clauses' in s && s.op !== 'acc_declare') {
      const clauses = s.clauses as Clause<string>[];
      return { ...s, clauses: clauses.map((c) => (c.clause === 'attach' || c.clause === 'detach' ? c : { ...c, vars: c.vars.map(pick) })) } as Step;
    }
    if ('maps' in s) return { ...s, maps: items(s.maps) } as Step;
    if ('motions' in s) return { ...s, motions: items(s.motions) } as Step;
    if (s.op === 'host_read' && viewLength(s) !== null) return s;
    if (s.op === 'host_read' || s.op === 'host_write') return { ...s, var: pick(s.var) };
    if ('var' in s && typeof s.var === 'string' && s.op !== 'acc_map_data' && s.op !== 'acc_unmap_data' && s.op !== 'acc_host_data_begin' && s.op !== 'omp_target_data_use_device_begin')
      return { ...s, var: pick(s.var) } as Step;
    return s;
  };
  let steps = program.steps.map((st) => onceEach(rewrite(st)));
  if (choice.idiom !== undefined && decl !== undefined) {
    const openmp = steps.some((st) => st.op.startsWith('omp_'));
    const M = `${decl.name}%${decl.pointers[0]!}`;
    steps = withMemberIdiom(steps, sectionIdiom(decl.name, M, openmp, choice.idiom.kernel), choice.idiom.at);
  }
  return { ...program, steps };
}
