// Random OpenMP programs (language version 1) over one fixed, small world, the OpenMP counterpart of
// arbitraries.ts.
//
// The world: two integer arrays, a struct whose pointer member starts out pointing at `a`, and three
// devices: two discrete GPUs (0, 1) and one device that shares memory with the host (2). The host is
// then device 3 (`initial`) or -1; -2 is omp_invalid_device and 7 stands for any out-of-range number.
//
// Steps need what earlier steps made: a routine that takes a device pointer names the result of an
// earlier `omp_target_alloc`; `omp_target_disassociate_ptr` mostly names a range an earlier
// `omp_target_associate_ptr` associated; associations are drawn relative to earlier ones (the same
// range and pointer again, a range inside one, a range that overlaps one partly). So the generator
// draws *step builders*: each builder turns its random choices into a step given what the steps
// before it established (the allocations, the associations, the open data regions). fast-check
// shrinks the list of builders and the choices inside them; the program is rebuilt from the
// remaining builders, so every shrink candidate is again a valid, balanced program, with its
// handles renamed d1, d2, … in allocation order.
//
// Weights (relative, per body step):
//
//   omp_target_enter_data 12  omp_target_exit_data 9  omp_target_data_begin 4  omp_target_data_end 3
//   omp_target 7              omp_target_alloc 4      omp_target_free 2
//   omp_target_associate_ptr 4  omp_target_disassociate_ptr 3  omp_target_is_present 4
//   omp_get_mapped_ptr 3      omp_target_is_accessible 2  omp_target_memcpy 3
//   host steps 8 (pointer_assign 1, nullify 1, host_write 2, host_read 4)
//
// One program in four starts with a program-scope `omp_declare_target` of `a` / `b` (enter or link;
// ompDeclareArb, drawn last), so declare target storage meets exits, deletes and disassociations.
//
// Device arguments lean to the GPUs; the host, the shared device, omp_invalid_device and an
// out-of-range number are each drawn now and then (bad numbers rarely: under the spec profile a
// routine on them is undefined and a construct on -2 an error, both of which end the program).
// Map vars are whole objects far more often than subarrays, since a partly present map is undefined
// under the spec profile; for the same reason the `present` modifier is rare, associations go to
// `b` while maps favour `a`, and a builder that needs a device buffer when none exists allocates one
// instead. Programs start with 0-3 set-up steps (an allocation on a GPU, or `enter data` of whole
// objects, often the deep-copy idiom map(to: c, c%p)).
//
// Every directive names each variable once (lang/directive-vars.ts withoutRepeats drops a later
// reference to an array, subarray or member an earlier one names; a struct with its member stays):
// GCC 12 rejects the rest, and writing them as one directive per reference would count the variable
// once per directive instead of once per construct. The repair is a map, so a seed draws what it
// drew before wherever a directive named nothing twice.
//
// With these weights (seed 2, 2000 programs, model under spec) about half the programs run to the
// end, about 38% stop at undefined behaviour (mostly associations that overlap existing storage,
// partly present maps, and kernels through an unattached pointer) and about 11% at an error; every
// (pointer_assign went from 3 to 1 when re-pointing an attached pointer became undefined under the
// spec, K-B22, and a copied-back attached pointer a device address on the host, K-B23);
// OpenMP witness of witness.ts is reached, the rarest (is_present on an invalid device) by a few
// programs in a thousand.
//
// Knob reach (witness.test.ts, knob sensitivity): every K-B reading other than the spec's must be
// told apart from the spec by some program, by a differing observation or state or by exactly one
// side observing undefined behaviour. Two readings sit on rare paths and set two weights: K-B18
// (associate/disassociate on the shared-memory device: the routine's device is mostly its
// allocation's, so allocations go to device 2 with weight 4 of 29) and K-B12 (disassociate of an
// interior address: weight 2 of 9 among disassociations). With them each of the two separates the
// spec from its other readings in about one program in 180 (seeds 1, 2 and 20251202, 3000
// programs each; before, about one in 300), the rarest of all K-B readings.

import { adjacentArb, withAdjacent } from './adjacent.js';
import fc from 'fast-check';
import type { KernelBody, Program, Step, VarRef, World } from '../lang/program.js';
import { ELEMENT_BYTES, hostLayout, kernelRef as bodyRef } from '../lang/program.js';
import type {
  DeviceArg,
  MapItem,
  OmpMapModifier,
  OmpMapType,
  OmpTarget,
  OmpTargetDataBegin,
  OmpTargetEnterData,
  OmpTargetExitData,
  OmpTargetUpdate,
  PtrArg,
} from '../lang/openmp.js';
import type { OpsOf } from '../lang/ops.js';
import { withoutRepeats } from '../lang/directive-vars.js';
import { DEFAULT_MAX_STEPS, reuseArb, withReuse, writtenArb, type ProgramArbOptions } from './arbitraries.js';
import { fieldsArb, insertPointerReads, pointerReadInsertions, structArrayArb, withFields, withStructArray } from './arbitraries.js';
import { descriptorArb, withDescriptors } from './descriptors.js';
import { sectionsArb, withMemberSections } from './arbitraries.js';
import { rank2Arb, withRank2 } from './rank2.js';
import { allocatablesArb, withAllocatables } from './allocatables.js';
import { withZeroLength, zeroLengthArb } from './zero-length.js';
import { plainPointerArb, withPlainPointers } from './plain-pointers.js';
import { mapperArb, withMappers } from './mappers.js';

/** The one world every generated OpenMP program uses. */
export const OMP_POOL_WORLD: World = {
  arrays: [
    { name: 'a', length: 8, init: 1 },
    { name: 'b', length: 8, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }, { kind: 'discrete' }, { kind: 'shared' }],
};

/** Device numbers beyond the GPUs 0 and 1 and the host (-1, `initial`). */
const SHARED_DEVICE = 2;
const INVALID_DEVICE = -2;
const OUT_OF_RANGE_DEVICE = 7;

const ARRAY_BYTES = 8 * ELEMENT_BYTES;
const WHOLE_OBJECTS: readonly VarRef[] = ['a', 'b', 'c'];
const STRUCT_BYTES = hostLayout(OMP_POOL_WORLD).find((o) => o.name === 'c')!.bytes;

// ------------------------------------------------------------------------------------------------
// Building steps against what earlier steps established

interface Allocation {
  name: string;
  bytes: number;
  device: DeviceArg;
}

interface Association {
  host: { var: VarRef; offset: number };
  bytes: number;
  dev: PtrArg;
  offset: number;
  device: DeviceArg;
}

/** What the steps built so far established. */
interface BuildContext {
  allocs: Allocation[];
  associations: Association[];
  /** Whole objects an earlier enter data or data region mapped on device 0 (their start may be map-made storage). */
  mapped: Set<VarRef>;
  /** Arrays a program-scope declare target `enter` put on every device (disassociated when nothing else is mapped). */
  declared: VarRef[];
  openRegions: number;
}

/** Turns random choices into a step, given the context; null drops the step (e.g. an end with no open region). */
type StepBuilder = (ctx: BuildContext) => Step | null;

const constant = (step: Step): StepBuilder => () => step;

/** `pick` (any natural number) chooses among `items`, or null when there are none. */
function choose<T>(items: readonly T[], pick: number): T | null {
  return items.length === 0 ? null : items[pick % items.length]!;
}

/** Rebuilds a program from builders: handles get names in allocation order, open regions are closed. */
export function buildOmpProgram(builders: readonly StepBuilder[]): Program {
  const ctx: BuildContext = { allocs: [], associations: [], mapped: new Set(), declared: [], openRegions: 0 };
  const steps: Step[] = [];
  for (const build of builders) {
    const step = build(ctx);
    if (step === null) continue;
    if ((step.op === 'omp_target_enter_data' || step.op === 'omp_target_data_begin') && (step.device ?? 0) === 0)
      for (const m of step.maps) for (const v of m.vars) if (WHOLE_OBJECTS.includes(v)) ctx.mapped.add(v);
    // declare target enter data is on every device from the start: a disassociation may name it
    if (step.op === 'omp_declare_target') for (const c of step.clauses) if (c.clause === 'enter') ctx.declared.push(...c.vars);
    if (step.op === 'omp_target_data_begin') ctx.openRegions++;
    else if (step.op === 'omp_target_data_end') ctx.openRegions--;
    else if (step.op === 'omp_target_alloc') ctx.allocs.push({ name: step.result, bytes: step.bytes, device: step.device });
    else if (step.op === 'omp_target_associate_ptr' && step.host !== null && 'var' in step.host)
      ctx.associations.push({
        host: { var: step.host.var, offset: step.host.offset ?? 0 },
        bytes: step.bytes,
        dev: step.dev,
        offset: step.offset,
        device: step.device,
      });
    steps.push(step);
  }
  for (; ctx.openRegions > 0; ctx.openRegions--) steps.push({ op: 'omp_target_data_end' });
  return { version: 1, world: OMP_POOL_WORLD, steps };
}

// ------------------------------------------------------------------------------------------------
// Building blocks

function weighted<T>(...entries: [number, T][]): fc.Arbitrary<T> {
  return fc.oneof(...entries.map(([weight, v]) => ({ weight, arbitrary: fc.constant(v) })));
}

/** A device argument of a construct: mostly the default (device 0, field omitted). */
const constructDevice: fc.Arbitrary<DeviceArg | undefined> = weighted<DeviceArg | undefined>(
  [48, undefined],
  [16, 1],
  [12, SHARED_DEVICE],
  [4, 'initial'],
  [4, -1],
  [1, INVALID_DEVICE],
  [1, OUT_OF_RANGE_DEVICE],
);

/** A device argument of a routine that is not tied to an allocation. */
const routineDevice: fc.Arbitrary<DeviceArg> = weighted<DeviceArg>(
  [16, 0],
  [8, 1],
  [6, SHARED_DEVICE],
  [4, 'initial'],
  [4, -1],
  [1, INVALID_DEVICE],
  [1, OUT_OF_RANGE_DEVICE],
);

/** Device of a routine on a device pointer: the allocation's own device most of the time. */
const ownOrOther: fc.Arbitrary<DeviceArg | 'own'> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<'own'>('own') },
  { weight: 1, arbitrary: routineDevice },
);

/** As ownOrOther, for routines where another device is unspecified under the spec profile (K-B14, K-B11). */
const rarelyOther: fc.Arbitrary<DeviceArg | 'own'> = fc.oneof(
  { weight: 15, arbitrary: fc.constant<'own'>('own') },
  { weight: 1, arbitrary: routineDevice },
);

const resolveDevice = (d: DeviceArg | 'own', alloc: Allocation | null): DeviceArg => (d === 'own' ? (alloc?.device ?? 0) : d);

const mapVar = fc.oneof(
  { weight: 6, arbitrary: weighted<VarRef>([2, 'a'], [1, 'b']) },
  { weight: 4, arbitrary: fc.constant<VarRef>('c') },
  { weight: 3, arbitrary: fc.constant<VarRef>('c%p') },
  { weight: 2, arbitrary: fc.constantFrom<VarRef>('a(1:4)', 'a(5:8)', 'b(3:6)') },
);

/** The deep-copy idiom: the struct and its pointer's target in one construct (attaches the pointer). */
const deepCopyVars: VarRef[] = ['c', 'c%p'];

function mapItems(types: fc.Arbitrary<OmpMapType>, modifiers: fc.Arbitrary<OmpMapModifier[]>): fc.Arbitrary<MapItem[]> {
  const item = fc
    .tuple(types, modifiers, fc.oneof({ weight: 4, arbitrary: mapVar.map((v) => [v]) }, { weight: 1, arbitrary: fc.constant(deepCopyVars) }))
    .map(([type, mods, vars]): MapItem => (mods.length > 0 ? { type, modifiers: mods, vars } : { type, vars }));
  return fc.oneof({ weight: 3, arbitrary: item.map((i) => [i]) }, { weight: 2, arbitrary: fc.tuple(item, item) });
}

const withDevice = <S extends { device?: DeviceArg }>(step: S, device: DeviceArg | undefined): S =>
  device === undefined ? step : { ...step, device };

// ------------------------------------------------------------------------------------------------
// Map constructs

const enterData: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    mapItems(weighted<OmpMapType>([4, 'to'], [2, 'alloc']), weighted<OmpMapModifier[]>([36, []], [12, ['always']], [1, ['present']])),
    constructDevice,
  )
  .map(([maps, device]) => constant(withDevice<OmpTargetEnterData>({ op: 'omp_target_enter_data', maps: withoutRepeats(maps, 'openmp') }, device)));

const exitData: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    mapItems(
      weighted<OmpMapType>([3, 'from'], [4, 'release'], [2, 'delete']),
      weighted<OmpMapModifier[]>([16, []], [4, ['always']], [4, ['delete']], [1, ['present']]),
    ),
    constructDevice,
    fc.integer({ min: 0, max: 4 }),
    fc.nat(),
  )
  .map(([maps, device, deleteInRegion, pick]) => (ctx: BuildContext) => {
    // One in five inside a data region on device 0 also deletes a mapped object (witness r7: the
    // data of a present-modifier region deleted inside it).
    const mapped = [...ctx.mapped].sort();
    const extra = deleteInRegion === 0 && ctx.openRegions > 0 && (device ?? 0) === 0 ? choose(mapped, pick) : null;
    // the delete type already deletes: a delete modifier on it becomes the plain type
    const plain = maps.map((m): MapItem => (m.type === 'delete' && m.modifiers?.includes('delete') ? { type: m.type, vars: m.vars } : m));
    // Every variable once (GCC 12 rejects the rest, and a split would count it twice): the extra
    // delete wins over an item naming the same variable.
    if (extra === null) return withDevice<OmpTargetExitData>({ op: 'omp_target_exit_data', maps: withoutRepeats(plain, 'openmp') }, device);
    const [deleted, ...rest] = withoutRepeats<MapItem>([{ type: 'delete', vars: [extra] }, ...plain], 'openmp');
    return withDevice<OmpTargetExitData>({ op: 'omp_target_exit_data', maps: [...rest, deleted!] }, device);
  });

const regionMaps = mapItems(
  weighted<OmpMapType>([3, 'tofrom'], [3, 'to'], [2, 'from'], [2, 'alloc']),
  weighted<OmpMapModifier[]>([40, []], [8, ['always']], [1, ['present']]),
);

/**
 * A data region. One in five on device 0, when something is mapped there, also maps one mapped
 * object with the present modifier (which then holds, rather than ending the program in an error):
 * the path of a present-modifier region whose data an exit data deletes inside it (witness r7).
 */
const dataBegin: fc.Arbitrary<StepBuilder> = fc
  .tuple(regionMaps, constructDevice, fc.integer({ min: 0, max: 4 }), fc.nat())
  .map(([maps, device, presentRegion, pick]) => (ctx: BuildContext) => {
    const mapped = [...ctx.mapped].sort();
    const onDevice0 = (device ?? 0) === 0;
    const present = presentRegion === 0 && onDevice0 ? choose(mapped, pick) : null;
    const all: MapItem[] = present === null ? maps : [{ type: 'tofrom', modifiers: ['present'], vars: [present] }, ...maps];
    return withDevice<OmpTargetDataBegin>({ op: 'omp_target_data_begin', maps: withoutRepeats(all, 'openmp') }, device);
  });

const dataEnd: fc.Arbitrary<StepBuilder> = fc.constant((ctx: BuildContext) => (ctx.openRegions > 0 ? { op: 'omp_target_data_end' } : null));

const kernelRef = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<VarRef>('a', 'b', 'a(5:8)') },
  { weight: 2, arbitrary: fc.constant<VarRef>('c%p') },
);
const kernelBody: fc.Arbitrary<KernelBody> = fc.oneof(
  { weight: 3, arbitrary: kernelRef.map((r) => ({ read: r })) },
  { weight: 1, arbitrary: fc.tuple(kernelRef, writtenArb(5, 9)).map(([r, w]) => ({ write: r, ...w })) },
);

/** A kernel through c%p is meaningful when c and its target are mapped with it: so it often maps both. */
const target: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    kernelBody,
    fc.oneof({ weight: 2, arbitrary: fc.constant<MapItem[]>([]) }, { weight: 3, arbitrary: regionMaps }),
    weighted([3, true], [1, false]),
    constructDevice,
  )
  .map(([body, maps, mapPointer, device]) => {
    const throughPointer = bodyRef(body) === 'c%p';
    const all: MapItem[] = throughPointer && mapPointer ? [{ type: 'tofrom', vars: deepCopyVars }, ...maps] : maps;
    return constant(withDevice<OmpTarget>({ op: 'omp_target', maps: withoutRepeats(all, 'openmp'), body }, device));
  });

// ------------------------------------------------------------------------------------------------
// Pointers near range edges

/** Where in an object a host pointer points: its start, an element inside, one past the end, or an odd byte. */
type Edge = 'start' | 'interior' | 'end' | 'odd';

/** Edges of a query's pointer (any byte may be asked about). */
const queryEdge = weighted<Edge>([5, 'start'], [3, 'interior'], [2, 'end'], [1, 'odd']);
/** Edges of a pointer that starts a range (an association, a copy): whole elements, rarely one past the end. */
const rangeEdge = weighted<Edge>([6, 'start'], [3, 'interior'], [1, 'end']);
/** Edges of an association's host start (one past the end makes an empty range: rarer still). */
const associateEdge = weighted<Edge>([20, 'start'], [10, 'interior'], [1, 'end']);

function edgeOffset(e: Edge, bytes: number, pick: number, aligned: boolean): number {
  const elements = Math.floor(bytes / ELEMENT_BYTES);
  switch (e) {
    case 'start':
      return 0;
    case 'end':
      return bytes;
    case 'interior':
      return elements > 1 ? (1 + (pick % (elements - 1))) * ELEMENT_BYTES : 0;
    case 'odd':
      return aligned || bytes < ELEMENT_BYTES ? 0 : 1 + (pick % (ELEMENT_BYTES - 1));
  }
}

/** Objects a query asks about. */
const queryObject = weighted<VarRef>([3, 'a'], [3, 'b'], [1, 'c']);

/** A host pointer into one of `objects`, at an edge (query edges may be odd bytes, range edges not). */
const hostPtr = (edges: fc.Arbitrary<Edge>, objects: fc.Arbitrary<VarRef> = queryObject): fc.Arbitrary<{ var: VarRef; offset?: number }> =>
  fc
    .tuple(objects, edges, fc.nat())
    .map(([v, e, pick]) => {
      const offset = edgeOffset(e, v === 'c' ? STRUCT_BYTES : ARRAY_BYTES, pick, edges !== queryEdge);
      return offset === 0 ? { var: v } : { var: v, offset };
    });

/** An allocation on a GPU, for a builder that needs a device buffer when the program has none yet. */
function allocFirst(ctx: BuildContext, pick: number): Step {
  return { op: 'omp_target_alloc', bytes: pick % 2 === 0 ? ARRAY_BYTES : 2 * ARRAY_BYTES, device: pick % 3 === 2 ? 1 : 0, result: `d${ctx.allocs.length + 1}` };
}

/** A device pointer: an earlier allocation at an edge (no allocation yet: null). */
function handlePtr(ctx: BuildContext, pick: number, e: Edge, aligned: boolean): { ptr: PtrArg; alloc: Allocation | null } {
  const alloc = choose(ctx.allocs, pick);
  if (!alloc) return { ptr: null, alloc: null };
  const offset = edgeOffset(e, alloc.bytes, pick >> 3, aligned);
  return { ptr: offset === 0 ? { handle: alloc.name } : { handle: alloc.name, offset }, alloc };
}

type PtrKind = 'host' | 'handle' | 'null';

/** A pointer argument of a query routine: host pointer, device pointer or NULL, with its device. */
const queryPtr = (ptrWeights: [number, PtrKind][]) =>
  fc
    .tuple(weighted<PtrKind>(...ptrWeights), hostPtr(queryEdge), fc.nat(), queryEdge, ownOrOther)
    .map(([kind, host, pick, e, device]) => (ctx: BuildContext): { ptr: PtrArg; device: DeviceArg } => {
      if (kind === 'host') return { ptr: host, device: device === 'own' ? 0 : device };
      if (kind === 'null') return { ptr: null, device: device === 'own' ? 0 : device };
      const h = handlePtr(ctx, pick, e, false);
      return { ptr: h.ptr, device: resolveDevice(device, h.alloc) };
    });

// ------------------------------------------------------------------------------------------------
// Device memory routines

const alloc: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    weighted<number>([1, 0], [3, 16], [4, ARRAY_BYTES], [1, 2 * ARRAY_BYTES]),
    weighted<DeviceArg>([12, 0], [8, 1], [4, SHARED_DEVICE], [2, -1], [2, 'initial'], [1, INVALID_DEVICE]),
  )
  .map(([bytes, device]) => (ctx: BuildContext): Step => ({ op: 'omp_target_alloc', bytes, device, result: `d${ctx.allocs.length + 1}` }));

const free: fc.Arbitrary<StepBuilder> = fc
  .tuple(weighted<'handle' | 'null'>([6, 'handle'], [1, 'null']), fc.nat(), ownOrOther)
  .map(([kind, pick, device]) => (ctx: BuildContext): Step => {
    if (kind === 'handle' && ctx.allocs.length === 0) return allocFirst(ctx, pick);
    const alloc = kind === 'handle' ? choose(ctx.allocs, pick) : null;
    return { op: 'omp_target_free', ptr: alloc ? { handle: alloc.name } : null, device: resolveDevice(device, alloc) };
  });

const isPresent: fc.Arbitrary<StepBuilder> = queryPtr([
  [6, 'host'],
  [2, 'handle'],
  [1, 'null'],
]).map((make) => (ctx: BuildContext): Step => ({ op: 'omp_target_is_present', ...make(ctx) }));

const getMappedPtr: fc.Arbitrary<StepBuilder> = queryPtr([
  [6, 'host'],
  [1, 'handle'],
  [1, 'null'],
]).map((make) => (ctx: BuildContext): Step => ({ op: 'omp_get_mapped_ptr', ...make(ctx) }));

const isAccessible: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    queryPtr([
      [3, 'handle'],
      [3, 'host'],
      [1, 'null'],
    ]),
    weighted<number>([1, 0], [3, ELEMENT_BYTES], [2, 16], [1, ARRAY_BYTES]),
  )
  .map(([make, bytes]) => (ctx: BuildContext): Step => {
    const { ptr, device } = make(ctx);
    return { op: 'omp_target_is_accessible', ptr, bytes, device };
  });

/** How an association relates to an earlier one. */
type Relation = 'fresh' | 'same' | 'inside' | 'overlap' | 'same-start';

const associate: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    weighted<Relation>([6, 'fresh'], [2, 'same'], [1, 'inside'], [1, 'overlap'], [1, 'same-start']),
    // associations go to b more than to a, which maps name more often: overlaps with map-made
    // storage are unspecified under the spec profile (and only array memory can be associated)
    hostPtr(associateEdge, weighted<VarRef>([4, 'b'], [1, 'a'])),
    weighted<number>([1, 0], [10, 8], [10, 16], [6, ARRAY_BYTES]),
    weighted<number>([4, 0], [1, ELEMENT_BYTES], [1, 8]),
    fc.nat(),
    weighted<'handle' | 'null'>([20, 'handle'], [1, 'null']),
    rarelyOther,
  )
  .map(([relation, host, bytes, offset, pick, devKind, device]) => (ctx: BuildContext): Step => {
    const earlier = relation === 'fresh' ? null : choose(ctx.associations, pick);
    if (earlier) {
      const base = earlier.host.offset;
      const shifted = (by: number): { var: VarRef; offset?: number } =>
        base + by === 0 ? { var: earlier.host.var } : { var: earlier.host.var, offset: base + by };
      const op = 'omp_target_associate_ptr' as const;
      switch (relation) {
        case 'same':
          return { op, host: shifted(0), dev: earlier.dev, bytes: earlier.bytes, offset: earlier.offset, device: earlier.device };
        case 'inside': {
          // one element in from the start (or the start itself when the range is one element long)
          const by = earlier.bytes > ELEMENT_BYTES ? ELEMENT_BYTES : 0;
          return { op, host: shifted(by), dev: earlier.dev, bytes: ELEMENT_BYTES, offset: earlier.offset + by, device: earlier.device };
        }
        case 'overlap': {
          // starts inside the earlier range and runs past its end (clamped to the object)
          const objectBytes = earlier.host.var === 'c' ? STRUCT_BYTES : ARRAY_BYTES;
          const by = Math.min(ELEMENT_BYTES, Math.max(0, earlier.bytes - ELEMENT_BYTES));
          const length = Math.max(0, Math.min(earlier.bytes, objectBytes - base - by));
          return { op, host: shifted(by), dev: earlier.dev, bytes: length, offset: earlier.offset, device: earlier.device };
        }
        case 'same-start': {
          const other = handlePtr(ctx, pick + 1, 'start', true);
          return { op, host: shifted(0), dev: other.ptr, bytes: earlier.bytes, offset: earlier.offset, device: earlier.device };
        }
      }
    }
    if (devKind === 'handle' && ctx.allocs.length === 0) return allocFirst(ctx, pick);
    const objectBytes = host.var === 'c' ? STRUCT_BYTES : ARRAY_BYTES;
    const length = Math.min(bytes, objectBytes - (host.offset ?? 0));
    const dev = devKind === 'handle' ? handlePtr(ctx, pick, 'start', true) : { ptr: null, alloc: null };
    const room = dev.alloc ? Math.max(0, dev.alloc.bytes - length) : offset;
    return {
      op: 'omp_target_associate_ptr',
      host,
      dev: dev.ptr,
      bytes: length,
      offset: Math.min(offset, room - (room % ELEMENT_BYTES)),
      device: resolveDevice(device, dev.alloc),
    };
  });

/**
 * Disassociate an earlier association's start (mostly) or an address inside it, or the start of an
 * object an earlier construct mapped on device 0 (map-made storage). Without any of these the step
 * is dropped: disassociating an address with no mapping is unspecified.
 */
const disassociate: fc.Arbitrary<StepBuilder> = fc
  .tuple(weighted<'associated' | 'interior' | 'mapped'>([6, 'associated'], [2, 'interior'], [1, 'mapped']), fc.nat(), rarelyOther)
  .map(([kind, pick, device]) => (ctx: BuildContext): Step | null => {
    const earlier = kind === 'mapped' ? null : choose(ctx.associations, pick);
    if (!earlier) {
      const v = choose(ctx.mapped.size > 0 ? [...ctx.mapped] : ctx.declared, pick);
      return v === null ? null : { op: 'omp_target_disassociate_ptr', ptr: { var: v }, device: device === 'own' ? 0 : device };
    }
    const offset = earlier.host.offset + (kind === 'interior' && earlier.bytes > ELEMENT_BYTES ? ELEMENT_BYTES : 0);
    const ptr = offset === 0 ? { var: earlier.host.var } : { var: earlier.host.var, offset };
    return { op: 'omp_target_disassociate_ptr', ptr, device: device === 'own' ? earlier.device : device };
  });

/** memcpy between host objects (on a host device number) and allocations (on their own device). */
const memcpy: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    fc.tuple(weighted<'host' | 'handle'>([1, 'host'], [2, 'handle']), weighted<'host' | 'handle'>([2, 'host'], [1, 'handle'])),
    fc.tuple(hostPtr(rangeEdge, fc.constantFrom<VarRef>('a', 'b')), hostPtr(rangeEdge, fc.constantFrom<VarRef>('a', 'b'))),
    fc.tuple(fc.nat(), fc.nat()),
    weighted<number>([1, 0], [3, ELEMENT_BYTES], [2, 16]),
    fc.tuple(weighted<number>([3, 0], [1, ELEMENT_BYTES]), weighted<number>([3, 0], [1, ELEMENT_BYTES])),
    fc.tuple(ownOrOther, ownOrOther),
  )
  .map(([[dstKind, srcKind], [dstHost, srcHostDrawn], [dstPick, srcPick], bytes, [dstOff, srcOff], [dstDev, srcDev]]) => (ctx: BuildContext): Step => {
    if ((dstKind === 'handle' || srcKind === 'handle') && ctx.allocs.length === 0) return allocFirst(ctx, dstPick);
    // host to host copies go between the two arrays (overlapping copies are unspecified)
    const srcHost = srcHostDrawn.var === dstHost.var ? { ...srcHostDrawn, var: dstHost.var === 'a' ? 'b' : 'a' } : srcHostDrawn;
    const side = (kind: 'host' | 'handle', host: { var: VarRef; offset?: number }, pick: number, d: DeviceArg | 'own', off: number) => {
      const h = kind === 'handle' ? handlePtr(ctx, pick, 'start', true) : null;
      if (h?.alloc) return { ptr: h.ptr, device: resolveDevice(d, h.alloc), room: h.alloc.bytes - off };
      return { ptr: host, device: d === 'own' ? -1 : d, room: ARRAY_BYTES - (host.offset ?? 0) - off };
    };
    const dst = side(dstKind, dstHost, dstPick, dstDev, dstOff);
    // two pointers into one allocation would overlap: the source is then host memory
    const sameAlloc = dstKind === 'handle' && srcKind === 'handle' && choose(ctx.allocs, dstPick) === choose(ctx.allocs, srcPick);
    const src = side(sameAlloc ? 'host' : srcKind, srcHost, srcPick, srcDev, srcOff);
    const fits = Math.max(0, Math.min(bytes, dst.room, src.room));
    return {
      op: 'omp_target_memcpy',
      dst: dst.ptr,
      src: src.ptr,
      bytes: fits - (fits % ELEMENT_BYTES),
      dst_offset: dstOff,
      src_offset: srcOff,
      dst_device: dst.device,
      src_device: src.device,
    };
  });

// ------------------------------------------------------------------------------------------------
// target update (OpenMP 6.0 §15.9)

/**
 * A motion clause's list item: any map var. gfortran 12 rejects a structure component in a motion
 * clause, so emit writes a pointer member through a pointer alias (cli/emit/fortran.ts).
 */
const motionVar = mapVar;

/** One or two motion clauses over map vars, the present modifier one time in six. */
const targetUpdate: fc.Arbitrary<StepBuilder> = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: fc.tuple(weighted<'to' | 'from'>([1, 'to'], [1, 'from']), weighted<boolean>([5, false], [1, true]), motionVar).map((x) => [x]) },
      { weight: 1, arbitrary: fc.tuple(fc.tuple(fc.constant<'to'>('to'), fc.constant(false), motionVar), fc.tuple(fc.constant<'from'>('from'), fc.constant(false), motionVar)) },
    ),
    constructDevice,
  )
  .map(([motions, device]) =>
    constant(
      withDevice<OmpTargetUpdate>(
        {
          op: 'omp_target_update',
          motions: motions.map(([type, present, v]): MapItem => (present ? { type, modifiers: ['present'], vars: [v] } : { type, vars: [v] })),
        },
        device,
      ),
    ),
  );

/**
 * target update builders to insert into a program: none in half the programs, otherwise 1-3 at
 * positions drawn as natural numbers (modulo the length + 1). Drawn after everything else, so a
 * program without them is the program the same seed drew before target update existed.
 */
function updateInsertions(): fc.Arbitrary<[number, StepBuilder][]> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<[number, StepBuilder][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), DRAWN_BY.omp_target_update), { minLength: 1, maxLength: 3 }) },
  );
}

// ------------------------------------------------------------------------------------------------
// The close modifier and requires unified_shared_memory (OpenMP 6.0 §7.9.6, §10.5.1.5)

interface CloseAndUsm {
  /** Which map item of an entering construct gets the close modifier, or null for none. */
  close: number | null;
  usm: boolean;
}

/** One program in three gets the close modifier on one map item; one in six requires unified shared memory. */
function closeAndUsmArb(): fc.Arbitrary<CloseAndUsm> {
  return fc
    .tuple(fc.integer({ min: 0, max: 2 }), fc.nat(), fc.integer({ min: 0, max: 5 }))
    .map(([c, pick, u]) => ({ close: c === 0 ? pick : null, usm: u === 0 }));
}

/** The program with the close modifier added to one map item of a map-entering construct, and the USM requirement. */
function withCloseAndUsm(program: Program, choice: CloseAndUsm): Program {
  let steps = program.steps;
  if (choice.close !== null) {
    const entering = steps.flatMap((s, i) =>
      s.op === 'omp_target_enter_data' || s.op === 'omp_target_data_begin' || s.op === 'omp_target' ? s.maps.map((_, k) => [i, k] as const) : [],
    );
    const at = choice.close === null ? undefined : entering[choice.close % Math.max(1, entering.length)];
    if (at) {
      const [i, k] = at;
      steps = steps.map((s, j) => {
        if (j !== i || !('maps' in s)) return s;
        const maps = s.maps.map((m, n) => (n === k && !(m.modifiers ?? []).includes('close') ? { ...m, modifiers: [...(m.modifiers ?? []), 'close' as const] } : m));
        return { ...s, maps } as Step;
      });
    }
  }
  const world = choice.usm ? { ...program.world, requires: ['unified_shared_memory' as const] } : program.world;
  return { ...program, world, steps };
}

// ------------------------------------------------------------------------------------------------
// Host steps

const elementsRef = fc.constantFrom<VarRef>('a', 'b', 'a(1:4)', 'c%p');
const hostStep: fc.Arbitrary<StepBuilder> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<VarRef>('a', 'b', 'b(5:8)').map((t) => constant({ op: 'pointer_assign', ptr: 'c%p', target: t })) },
  { weight: 1, arbitrary: fc.constant(constant({ op: 'nullify', ptr: 'c%p' })) },
  { weight: 2, arbitrary: fc.tuple(elementsRef, writtenArb(3, 4)).map(([v, w]) => constant({ op: 'host_write', var: v, ...w })) },
  { weight: 4, arbitrary: elementsRef.map((v) => constant({ op: 'host_read', var: v })) },
);

// ------------------------------------------------------------------------------------------------
// Programs

/**
 * The builder that draws each OpenMP and host op of the table of operations (lang/ops.ts): an op
 * added to the table is a compile error here until the generator draws it.
 */
const DRAWN_BY: { readonly [Op in OpsOf<'openmp' | 'host'>]: fc.Arbitrary<StepBuilder> } = {
  omp_target_enter_data: enterData,
  omp_target_exit_data: exitData,
  omp_target_data_begin: dataBegin,
  omp_target_data_end: dataEnd,
  omp_target: target,
  omp_target_alloc: alloc,
  omp_target_free: free,
  omp_target_associate_ptr: associate,
  omp_target_disassociate_ptr: disassociate,
  omp_target_is_present: isPresent,
  omp_get_mapped_ptr: getMappedPtr,
  omp_target_is_accessible: isAccessible,
  omp_target_memcpy: memcpy,
  omp_target_update: targetUpdate,
  omp_declare_target: fc.constant(constant({ op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: ['a'] }] })),
  pointer_assign: hostStep,
  nullify: hostStep,
  host_write: hostStep,
  host_read: hostStep,
  omp_target_data_use_device_begin: fc.constant(constant({ op: 'omp_target_data_use_device_begin', var: 'a', result: 'u0' })),
  omp_target_data_use_device_end: fc.constant(constant({ op: 'omp_target_data_use_device_end' })),
  // drawn in the allocatable-component idioms (properties/allocatables.ts), over struct e
  allocate: fc.constant(constant({ op: 'allocate', ptr: 'e%x', length: 4, value: 3 })),
  deallocate: fc.constant(constant({ op: 'deallocate', ptr: 'e%x' })),
};

/**
 * target data use_device regions to insert into a built program (OpenMP 6.0 §15.7, §7.5.8,
 * §7.5.10): none in three programs of four, else one or two blocks `target data
 * use_device_addr|ptr(a|b) [device]`, 0-2 steps using the handle (a copy of the other array into
 * the address — only inside a region mapping it —, omp_target_is_present of it), the end, two
 * blocks in three inside a target data region that maps the array; each at a position drawn as a natural number modulo the length + 1. Drawn after everything else, so the rest of a seed's program is what it
 * drew before; the handles are u1, u2, … in order.
 */
function useDeviceInsertions(): fc.Arbitrary<[number, Step[]][]> {
  const block = fc
    .tuple(
      fc.constantFrom<VarRef>('a', 'b'),
      weighted<DeviceArg | undefined>([4, undefined], [1, 1], [1, SHARED_DEVICE], [1, 'initial']),
      weighted([2, false], [1, true]),
      fc.array(weighted<'copy' | 'present'>([2, 'copy'], [1, 'present']), { maxLength: 2 }),
      weighted([2, true], [1, false]),
    )
    .map(([v, device, ptr, uses, inRegion]): Step[] => {
      const begin: Step = { op: 'omp_target_data_use_device_begin', var: v, result: '@', ...(device === undefined ? {} : { device }), ...(ptr ? { ptr: true } : {}) };
      const dev: DeviceArg = device ?? 0;
      const other: VarRef = v === 'a' ? 'b' : 'a';
      const used = uses.map((u): Step =>
        u === 'copy'
          ? { op: 'omp_target_memcpy', dst: { handle: '@' }, src: { var: other }, bytes: ARRAY_BYTES, dst_offset: 0, src_offset: 0, dst_device: dev, src_device: 'initial' }
          : { op: 'omp_target_is_present', ptr: { handle: '@' }, device: dev },
      );
      const region: Step[] = [begin, ...used, { op: 'omp_target_data_use_device_end' }];
      // two blocks in three sit in a target data region mapping the array (the common idiom
      // `target data map(tofrom: a) use_device_addr(a)`); the others see whatever is mapped
      // outside such a region the data is often absent, and a copy into its host address undefined
      if (!inRegion) return region.filter((s) => s.op !== 'omp_target_memcpy');
      const data: Step = { op: 'omp_target_data_begin', maps: [{ type: 'tofrom', vars: [v] }], ...(device === undefined ? {} : { device }) };
      return [data, ...region, { op: 'omp_target_data_end' }];
    });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[number, Step[]][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.nat(), block), { minLength: 1, maxLength: 2 }) },
  );
}

/** The program with each use_device block at its position (moved past any region an earlier block opened there), its handle named u1, u2, … */
function withUseDevice(program: Program, blocks: readonly [number, Step[]][]): Program {
  const steps = [...program.steps];
  blocks.forEach(([pos, block], k) => {
    const name = `u${k + 1}`;
    const named = block.map((s): Step => {
      if (s.op === 'omp_target_data_use_device_begin') return { ...s, result: name };
      if (s.op === 'omp_target_memcpy') return { ...s, dst: { handle: name } };
      if (s.op === 'omp_target_is_present') return { ...s, ptr: { handle: name } };
      return s;
    });
    // after a declaration, which comes before every other step
    const lo = steps[0]?.op === 'omp_declare_target' ? 1 : 0;
    let at = lo + (pos % (steps.length - lo + 1));
    // and not inside an earlier block's use_device region: there OpenMP makes a reference to the
    // region's list item one to its corresponding storage (6.0 §7.5.10; gfortran privatizes the
    // descriptor), so a map of the array inside would not map the host array the language names
    let open = 0;
    for (let i = 0; i < at; i++) open += steps[i]!.op === 'omp_target_data_use_device_begin' ? 1 : steps[i]!.op === 'omp_target_data_use_device_end' ? -1 : 0;
    for (; open > 0; at++) open += steps[at]!.op === 'omp_target_data_use_device_begin' ? 1 : steps[at]!.op === 'omp_target_data_use_device_end' ? -1 : 0;
    steps.splice(at, 0, ...named);
  });
  return { ...program, steps };
}

/** One body step builder. */
export function ompStepArb(): fc.Arbitrary<StepBuilder> {
  const d = DRAWN_BY;
  return fc.oneof(
    { weight: 12, arbitrary: d.omp_target_enter_data },
    { weight: 9, arbitrary: d.omp_target_exit_data },
    { weight: 4, arbitrary: d.omp_target_data_begin },
    { weight: 3, arbitrary: d.omp_target_data_end },
    { weight: 7, arbitrary: d.omp_target },
    { weight: 4, arbitrary: d.omp_target_alloc },
    { weight: 2, arbitrary: d.omp_target_free },
    { weight: 4, arbitrary: d.omp_target_associate_ptr },
    { weight: 3, arbitrary: d.omp_target_disassociate_ptr },
    { weight: 4, arbitrary: d.omp_target_is_present },
    { weight: 3, arbitrary: d.omp_get_mapped_ptr },
    { weight: 2, arbitrary: d.omp_target_is_accessible },
    { weight: 3, arbitrary: d.omp_target_memcpy },
    { weight: 8, arbitrary: d.host_read }, // the four host steps
  );
}

/** A set-up step: an allocation on a GPU, or enter data of whole objects (often the deep copy of c). */
function ompSetupStepArb(): fc.Arbitrary<StepBuilder> {
  const gpuAlloc = fc
    .tuple(fc.constantFrom(ARRAY_BYTES, 2 * ARRAY_BYTES), fc.constantFrom<DeviceArg>(0, 1))
    .map(([bytes, device]) => (ctx: BuildContext): Step => ({ op: 'omp_target_alloc', bytes, device, result: `d${ctx.allocs.length + 1}` }));
  const enterWhole = fc
    .tuple(
      fc.oneof({ weight: 2, arbitrary: fc.constant(deepCopyVars) }, { weight: 3, arbitrary: fc.constantFrom<VarRef>('a', 'b', 'c').map((v) => [v]) }),
      weighted<DeviceArg | undefined>([4, undefined], [1, 1], [1, SHARED_DEVICE]),
    )
    .map(([vars, device]) => constant(withDevice<OmpTargetEnterData>({ op: 'omp_target_enter_data', maps: [{ type: 'to', vars }] }, device)));
  return fc.oneof({ weight: 2, arbitrary: gpuAlloc }, { weight: 3, arbitrary: enterWhole });
}

/** Valid, balanced version-1 OpenMP programs over OMP_POOL_WORLD with at most ~maxSteps steps. */
export function ompProgramArb(opts: ProgramArbOptions = {}): fc.Arbitrary<Program> {
  const maxSteps = opts.maxSteps ?? DEFAULT_MAX_STEPS;
  const setupMax = Math.min(3, Math.floor(maxSteps / 4));
  return fc
    .tuple(
      fc.array(ompSetupStepArb(), { maxLength: setupMax, size: 'max' }),
      fc.array(ompStepArb(), { minLength: 1, maxLength: Math.max(1, maxSteps - setupMax), size: 'max' }),
      reuseArb(),
      structArrayArb(),
      ompDeclareArb(),
      useDeviceInsertions(),
      // drawn after the rest, so the steps above are what the same seed drew before target update existed
      updateInsertions(),
      // drawn after the rest too: the close modifier and the unified shared memory requirement
      closeAndUsmArb(),
      // and after that: kernels reading a pointer itself, and uses of the value
      pointerReadInsertions('openmp'),
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
      // and a declare mapper for one struct (properties/mappers.ts)
      mapperArb(),
      // and zero-length array sections
      zeroLengthArb(),
      // and plain pointer variables (properties/plain-pointers.ts)
      plainPointerArb(),
      // and adjacent host objects (properties/adjacent.ts)
      adjacentArb(),
    )
    .map(([setup, body, reuse, structArray, declaration, useDevice, updates, closeAndUsm, pointerReads, fields, descriptors, sections, rank2, allocatables, mapper, zeroLength, plain, adjacent]) => {
      const drawn = [...setup, ...body];
      for (const [pos, build] of updates) drawn.splice(pos % (drawn.length + 1), 0, build);
      // the use_device blocks added below take the place of the last drawn steps, so maxSteps holds
      // (and the pointer-read blocks too)
      const added = [...useDevice, ...pointerReads].reduce((n, [, block]) => n + block.length, 0);
      const kept = drawn.slice(0, Math.max(1, setup.length + body.length - added));
      // a declaration goes first; the last body step makes room for it
      const builders = declaration === null ? kept : [constant(declaration), ...kept.slice(0, kept.length - 1)];
      const built = withUseDevice(buildOmpProgram(builders), useDevice);
      const withReads = { ...built, steps: insertPointerReads(built.steps, pointerReads) };
      return withAdjacent(withPlainPointers(
        withZeroLength(
          withMappers(
            withAllocatables(withRank2(withMemberSections(withDescriptors(withFields(withCloseAndUsm(withStructArray(withReuse(withReads, reuse), structArray), closeAndUsm), fields), descriptors, 'openmp'), sections), rank2), allocatables, 'openmp'),
            mapper,
          ),
          zeroLength,
        ),
        plain,
      ), adjacent);
    });
}

/**
 * A program-scope `declare target` (OpenMP 6.0 §9.9.1) in one program in four: `a` left out (2),
 * `enter` (3) or `link` (1); `b` left out (3), `enter` (1) or `link` (2), since associations go to
 * `b` and one over declare target storage is undefined under the spec (K-B3); none when both are
 * left out. Drawn last, so the other steps a seed draws are the same either way (witnesses o11,
 * o12; K-B27 through disassociations of declared arrays when nothing else is mapped).
 */
export function ompDeclareArb(): fc.Arbitrary<Step | null> {
  const a = weighted<[VarRef, 'enter' | 'link'] | null>([2, null], [3, ['a', 'enter']], [1, ['a', 'link']]);
  const b = weighted<[VarRef, 'enter' | 'link'] | null>([3, null], [1, ['b', 'enter']], [2, ['b', 'link']]);
  const declaration = fc.tuple(a, b).map((picks): Step | null => {
    const clauses: { clause: 'enter' | 'link'; vars: VarRef[] }[] = [];
    for (const p of picks) {
      if (p === null) continue;
      const same = clauses.find((c) => c.clause === p[1]);
      if (same) same.vars.push(p[0]);
      else clauses.push({ clause: p[1], vars: [p[0]] });
    }
    return clauses.length === 0 ? null : { op: 'omp_declare_target', clauses };
  });
  return fc.integer({ min: 0, max: 3 }).chain((n) => (n === 3 ? declaration : fc.constant(null)));
}

