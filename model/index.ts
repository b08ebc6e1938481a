// The executable specification of OpenACC 3.3 and OpenMP 6.0 data mapping for program language
// version 1: a pure step function over an immutable state, the canonical snapshot, and the engine
// wrapper that properties/ and the CLI drive.

import { noteStructMembers } from './struct-members.js';
import { noteMemberSections } from './member-sections.js';
import { freeze, produce } from './immer.js';
import type { Program, Step, World } from '../lang/program.js';
import type { AttachSnapshot, Observation, OmpEntrySnapshot, OmpPointerSnapshot, PtrValue, SectionSnapshot, Snapshot } from '../lang/observation.js';
import { isDeepStrictEqual } from 'node:util';
import { vecChanges, vecForEach, vecToArray } from './vec.js';
import type { EngineFactory, IncrementalSnapshot, SectionGroup } from '../lang/engine.js';
import { unreachable } from '../lang/ops.js';
import type { Profile } from '../profiles/index.js';
import {
  allSections,
  blockById,
  attachmentCounter,
  attachmentsOf,
  checkChangedInvariants,
  checkInvariants,
  copyPtr,
  createInitialState,
  devicePointer,
  memberAt,
  membersInside,
  objectsTouching,
  sectionsOf,
  undefinedBehaviour,
  UndefinedStep,
  type Contents,
  type DeviceBlock,
  type ModelState,
  type Section,
  type StepContext,
} from './state.js';
import { dataBegin, dataEnd, enterData, exitData } from './directives.js';
import { parallel } from './compute.js';
import { accAttachDetach, accCopyinCreate, accCopyoutDelete, accDeviceptr, accIsPresent } from './routines.js';
import { hostRead, hostWrite, nullify, pointerAssign } from './host.js';
import { allocate, deallocate } from './allocatable.js';
import { accMalloc } from './acc/malloc.js';
import { accFree } from './acc/free.js';
import { accMapData } from './acc/map-data.js';
import { accUnmapData } from './acc/unmap-data.js';
import { accMemcpy } from './acc/memcpy.js';
import { accDeclare } from './acc/declare.js';
import { procedureBegin, procedureEnd } from './acc/declare-procedure.js';
import { hostDataBegin, hostDataEnd } from './acc/host-data.js';
import { ompUseDeviceBegin, ompUseDeviceEnd } from './omp/target-data-use-device.js';
import { ompDataBegin, ompDataEnd, ompEnterData, ompExitData, ompTarget } from './omp/constructs.js';
import { ompTargetAlloc } from './omp/target-alloc.js';
import { ompTargetFree } from './omp/target-free.js';
import { ompTargetIsPresent } from './omp/is-present.js';
import { ompTargetIsAccessible } from './omp/is-accessible.js';
import { ompGetMappedPtr } from './omp/get-mapped-ptr.js';
import { ompTargetAssociatePtr } from './omp/associate-ptr.js';
import { ompTargetDisassociatePtr } from './omp/disassociate-ptr.js';
import { ompTargetMemcpy } from './omp/memcpy.js';
import { accUpdate } from './acc/update.js';
import { ompTargetUpdate } from './omp/target-update.js';
import { ompDeclareTarget } from './omp/declare-target.js';
import { ompTableRows, sameStorage, type OmpTableRows } from './omp/snapshot.js';
import { inActingOrder } from './item-order.js';
import { latestKey } from './omp/zero-size-keys.js';

export type { ModelState } from './state.js';

/**
 * Initial states by world: every program over the same world object starts from the same frozen
 * state (campaigns generate thousands of programs over one world, and shrinking keeps it).
 */
const initialStates = new WeakMap<World, ModelState>();
/** The same by the world's content (JSON), for worlds equal to one seen before; at most MAX_WORLDS_BY_CONTENT kept. */
const initialStatesByContent = new Map<string, ModelState>();
const MAX_WORLDS_BY_CONTENT = 1024;

/**
 * The state before the first step: host memory holds the world's initial values, the device
 * holds nothing. The profile does not influence it (knobs only steer steps); it is accepted so
 * every entry point takes the same arguments. One state per world object, made once and shared
 * (it is immutable); the world is copied when it is made, so that copy is what every state reads.
 */
export function initialState(program: Program, _profile: Profile): ModelState {
  let state = initialStates.get(program.world);
  if (state === undefined) {
    // Generated programs bring worlds of their own, mostly equal ones: those share a state too.
    const key = JSON.stringify(program.world);
    state = initialStatesByContent.get(key);
    if (state === undefined) {
      state = freeze(createInitialState({ world: program.world, steps: [] }), true);
      if (initialStatesByContent.size >= MAX_WORLDS_BY_CONTENT) initialStatesByContent.clear();
      initialStatesByContent.set(key, state);
    }
    initialStates.set(program.world, state);
  }
  if (state.facts.devices[0]!.kind !== 'discrete' && program.steps.some((s) => s.op.startsWith('acc_')))
    throw new Error('model: OpenACC steps in language version 1 need device 0 to be discrete');
  return state;
}

export interface StepResult {
  state: ModelState;
  observation: Observation;
  /** Citations of the spec rules that fired, in firing order. */
  rules: string[];
}

/**
 * Steps that only look: queries and host reads. They run on the state itself, not on a draft (the
 * state is frozen, so a write by mistake throws rather than going unnoticed). An acc_deviceptr that
 * keeps its result writes the handle, so it runs on a draft (readOnly).
 */
const READ_ONLY: ReadonlySet<Step['op']> = new Set<Step['op']>([
  'host_read',
  'acc_is_present',
  'acc_deviceptr',
  'omp_target_is_present',
  'omp_target_is_accessible',
  'omp_get_mapped_ptr',
]);

/**
 * Invariant checking after each step (state.ts checkInvariants: a debug mode, not part of the
 * specification; a step's outcome never depends on it): `full` (the default inside the test suite,
 * and MAPCHECK_MODEL_CHECKS=full) checks the whole state after every step; `changed`
 * (MAPCHECK_MODEL_CHECKS=changed) the host objects whose tables the step changed, which costs what
 * the step changed; outside the test suite, by default, none (a tenth of a step, measured on the
 * bench's programs: campaigns compare every state with the impl's instead).
 */
const FULL_CHECKS =
  process.env.MAPCHECK_MODEL_CHECKS === 'full' || (process.env.VITEST !== undefined && process.env.MAPCHECK_MODEL_CHECKS !== 'changed');
const CHANGED_CHECKS = !FULL_CHECKS && process.env.MAPCHECK_MODEL_CHECKS === 'changed';

/** Executes one step. After an error or undefined observation, every step observes `halted`. */
export function step(state: ModelState, s: Step, profile: Profile): StepResult {
  if (state.halted) return { state, observation: { kind: 'halted' }, rules: [] };
  const ctx: StepContext = { knobs: profile.knobs, rules: [] };
  // The rules of what a step names (struct members, member sections) read only the step and the
  // world's facts: noted on the state itself, before any draft.
  noteStructMembers(state, s, ctx);
  noteMemberSections(state, s, ctx);
  let observation: Observation = { kind: 'halted' };
  let next: ModelState;
  if (readOnly(s)) {
    observation = executeOrUndefined(state, s, ctx);
    next = ends(observation) ? produce(state, (draft) => void (draft.halted = true)) : state;
  } else {
    next = produce(state, (draft) => {
      observation = executeOrUndefined(draft as ModelState, s, ctx);
      // Spec errors, profile aborts and undefined behaviour end the program here; the effects
      // before the failure inside this step stay.
      if (ends(observation)) draft.halted = true;
    });
    if (CHANGED_CHECKS) checkChangedInvariants(state, next);
  }
  if (FULL_CHECKS) checkInvariants(next);
  return { state: next, observation, rules: ctx.rules };
}

function readOnly(s: Step): boolean {
  return READ_ONLY.has(s.op) && !(s.op === 'acc_deviceptr' && s.result !== undefined);
}

function ends(o: Observation): boolean {
  return o.kind === 'error' || o.kind === 'undefined' || o.kind === 'unavailable';
}

function executeOrUndefined(draft: ModelState, s: Step, ctx: StepContext): Observation {
  try {
    return execute(draft, s, ctx);
  } catch (e) {
    if (e instanceof UndefinedStep) return undefinedBehaviour(e.message);
    throw e;
  }
}

function execute(state: ModelState, step: Step, ctx: StepContext): Observation {
  // K-A62: the clause vars and map items in the order the reading acts on them.
  const s = inActingOrder(step, ctx.knobs);
  switch (s.op) {
    case 'acc_enter_data':
      return enterData(state, s, ctx);
    case 'acc_exit_data':
      return exitData(state, s, ctx);
    case 'acc_data_begin':
      return dataBegin(state, s, ctx);
    case 'acc_data_end':
      return dataEnd(state, ctx);
    case 'acc_parallel':
      return parallel(state, s, ctx);
    case 'acc_copyin':
    case 'acc_create':
      return accCopyinCreate(state, s, ctx);
    case 'acc_copyout':
    case 'acc_copyout_finalize':
    case 'acc_delete':
    case 'acc_delete_finalize':
      return accCopyoutDelete(state, s, ctx);
    case 'acc_attach':
    case 'acc_detach':
    case 'acc_detach_finalize':
      return accAttachDetach(state, s, ctx);
    case 'acc_is_present':
      return accIsPresent(state, s, ctx);
    case 'acc_deviceptr':
      return accDeviceptr(state, s, ctx);
    case 'acc_malloc':
      return accMalloc(state, s, ctx);
    case 'acc_free':
      return accFree(state, s, ctx);
    case 'acc_map_data':
      return accMapData(state, s, ctx);
    case 'acc_unmap_data':
      return accUnmapData(state, s, ctx);
    case 'acc_memcpy_to_device':
    case 'acc_memcpy_from_device':
      return accMemcpy(state, s, ctx);
    case 'omp_target_enter_data':
      return ompEnterData(state, s, ctx);
    case 'omp_target_exit_data':
      return ompExitData(state, s, ctx);
    case 'omp_target_data_begin':
      return ompDataBegin(state, s, ctx);
    case 'omp_target_data_end':
      return ompDataEnd(state, ctx);
    case 'omp_target':
      return ompTarget(state, s, ctx);
    case 'omp_target_alloc':
      return ompTargetAlloc(state, s, ctx);
    case 'omp_target_free':
      return ompTargetFree(state, s, ctx);
    case 'omp_target_is_present':
      return ompTargetIsPresent(state, s, ctx);
    case 'omp_target_is_accessible':
      return ompTargetIsAccessible(state, s, ctx);
    case 'omp_target_associate_ptr':
      return ompTargetAssociatePtr(state, s, ctx);
    case 'omp_target_disassociate_ptr':
      return ompTargetDisassociatePtr(state, s, ctx);
    case 'omp_get_mapped_ptr':
      return ompGetMappedPtr(state, s, ctx);
    case 'omp_target_memcpy':
      return ompTargetMemcpy(state, s, ctx);
    case 'acc_update':
      return accUpdate(state, s, ctx);
    case 'omp_target_update':
      return ompTargetUpdate(state, s, ctx);
    case 'omp_declare_target':
      return ompDeclareTarget(state, s, ctx);
    case 'acc_declare':
      return accDeclare(state, s, ctx);
    case 'acc_procedure_begin':
      return procedureBegin(state, s, ctx);
    case 'acc_procedure_end':
      return procedureEnd(state, ctx);
    case 'omp_target_data_use_device_begin':
      return ompUseDeviceBegin(state, s, ctx);
    case 'omp_target_data_use_device_end':
      return ompUseDeviceEnd(state, ctx);
    case 'acc_host_data_begin':
      return hostDataBegin(state, s, ctx);
    case 'acc_host_data_end':
      return hostDataEnd(state, ctx);
    case 'pointer_assign':
      return pointerAssign(state, s, ctx);
    case 'nullify':
      return nullify(state, s, ctx);
    case 'allocate':
      return allocate(state, s, ctx);
    case 'deallocate':
      return deallocate(state, s, ctx);
    case 'host_write':
      return hostWrite(state, s);
    case 'host_read':
      return hostRead(state, s);
    default:
      return unreachable(s, 'step op');
  }
}

/**
 * The canonical snapshot (lang/README.md "Observations and snapshots"): present sections by host
 * start, and every pointer member inside a present section with its attachment counter and the
 * pointer value its device copy holds, by member address; then the OpenMP entries and pointers
 * (lang/README-openmp.md "Snapshot additions").
 */
export function snapshot(state: ModelState): Snapshot {
  const acc = accRows(state);
  const omp = ompRows(state);
  return { sections: acc.sections, attachments: acc.attachments, ompEntries: omp.ompEntries, ompPointers: omp.ompPointers };
}

// A snapshot's rows are kept with the immutable parts of the state they were read from, and handed
// to every later snapshot that reads the same parts (rows are read only, as the state is): a step
// shares every part it left alone with the state before it (immer, vec.ts), and most steps change
// one host object's sections or one device's table, or device data no row reads, or nothing.

/**
 * The OpenACC rows of one host object's sections, by its list in the present table, with what they
 * read: the object's attachment counters, and the device blocks of the sections with pointer
 * members inside (a section never leaves its object, so its members are the object's, and the
 * section holding a member is that section).
 */
const accRowsKept = new WeakMap<Section[], { attachments: Record<number, unknown>; read: DeviceBlock[]; sections: SectionSnapshot[]; attached: AttachSnapshot[] }>();

function accRows(state: ModelState): Pick<Snapshot, 'sections' | 'attachments'> {
  const sections: SectionSnapshot[] = [];
  const attachments: AttachSnapshot[] = [];
  vecForEach(state.sections, (list, index) => {
    if (list.length === 0) return;
    const counters = attachmentsOf(state, index);
    let kept = accRowsKept.get(list);
    if (kept === undefined || kept.attachments !== counters || !sameBlocks(state, kept.read)) {
      kept = { attachments: counters, read: [], sections: [], attached: [] };
      for (const section of list) {
        const g = sectionGroup(state, section);
        kept.sections.push(g.section);
        for (const a of g.attachments) kept.attached.push(a);
        if (g.attachments.length > 0) kept.read.push(blockById(state, section.block));
      }
      accRowsKept.set(list, kept);
    }
    for (const r of kept.sections) sections.push(r);
    for (const r of kept.attached) attachments.push(r);
  });
  attachments.sort((x, y) => x.ptr - y.ptr);
  return { sections, attachments };
}

/** Whether every block in `read` is still the state's block of its id (unchanged). */
function sameBlocks(state: ModelState, read: readonly DeviceBlock[]): boolean {
  for (const b of read) if (blockById(state, b.id) !== b) return false;
  return true;
}

/** The snapshot rows of one section: the section, and the pointer members inside it. */
function sectionGroup(state: ModelState, s: Section): SectionGroup {
  const section: SectionSnapshot = { host: [s.start, s.end], block: s.block, src: s.src, drc: s.drc };
  // Sections on the program's own memory (acc_map_data) also say so, and where in the block.
  if (s.origin === 'map_data') Object.assign(section, { origin: 'map_data', offset: s.offset });
  const attachments = membersInside(state, s).map((addr) => ({
    ptr: addr,
    ac: attachmentCounter(state, addr).ac,
    device: copyPtr(devicePointer(state, memberAt(state, addr))),
  }));
  return { section, attachments };
}

/**
 * The OpenMP rows of each device's table, by the table (rows name their device), with the storage
 * read for its pointer members: a step that changes one device's table leaves the others'.
 */
const ompTableKept = new WeakMap<ModelState['ompEntries'][number], { device: number; rows: OmpTableRows }>();

function ompRows(state: ModelState): Pick<Snapshot, 'ompEntries' | 'ompPointers'> {
  // Before the first OpenMP entry every device's table is empty.
  if (state.nextOmpEntry === 1) return { ompEntries: [], ompPointers: [] };
  const ompEntries: OmpEntrySnapshot[] = [];
  const ompPointers: OmpPointerSnapshot[] = [];
  for (let device = 0; device < state.ompEntries.length; device++) {
    const table = state.ompEntries[device]!;
    let kept = ompTableKept.get(table);
    if (kept === undefined || kept.device !== device || !sameStorage(state, kept.rows.read)) ompTableKept.set(table, (kept = { device, rows: ompTableRows(state, device) }));
    for (const r of kept.rows.entries) ompEntries.push(r);
    // K-B59 `zero-size-key`: the device's zero-length key after its entries (one at most: a
    // zero-length map elsewhere meets it and stops, model/omp/zero-size-keys.ts).
    const key = latestKey(state, device);
    if (key) ompEntries.push({ device, host: [key.addr, key.addr], block: null, offset: 0, rc: key.rc, origin: 'map' });
    for (const r of kept.rows.pointers) ompPointers.push(r);
  }
  return { ompEntries, ompPointers };
}

/**
 * The snapshot by section, and the sections a step may have changed, found by comparing the state
 * with the one of the last call: persistent vectors share every part a step left alone
 * (vecChanges), so the host objects whose sections or attachment counters changed, and the device
 * blocks that changed, cost what the step changed. A block's change reaches the sections on it.
 */
class ModelChanges implements IncrementalSnapshot {
  /** Host objects with a section on each device block, in the state of the last call. */
  private readonly objectsOn = new Map<number, Set<number>>();

  constructor(
    private seen: ModelState,
    private readonly now: () => ModelState,
  ) {}

  touched(): number[] {
    const before = this.seen;
    const after = this.now();
    const objects = new Set<number>();
    vecChanges(before.sections, after.sections, (i) => objects.add(i));
    vecChanges(before.attachments, after.attachments, (i) => objects.add(i));
    vecChanges(before.blocks, after.blocks, (i) => {
      for (const o of this.objectsOn.get(i + 1) ?? []) objects.add(o);
    });
    const starts = new Set<number>();
    for (const i of objects) {
      for (const s of sectionsOf(before, i)) {
        starts.add(s.start);
        this.objectsOn.get(s.block)?.delete(i);
      }
      for (const s of sectionsOf(after, i)) {
        starts.add(s.start);
        let on = this.objectsOn.get(s.block);
        if (!on) this.objectsOn.set(s.block, (on = new Set()));
        on.add(i);
      }
    }
    this.seen = after;
    return [...starts].sort((x, y) => x - y);
  }

  group(start: number): SectionGroup | undefined {
    const state = this.now();
    for (const i of objectsTouching(state, { start, end: start })) {
      const s = sectionsOf(state, i).find((x) => x.start === start);
      if (s) return sectionGroup(state, s);
    }
    return undefined;
  }

  omp(): Pick<Snapshot, 'ompEntries' | 'ompPointers'> {
    return ompRows(this.now());
  }
}

/**
 * Whether snapshot() reads the same in `b` as in `a`: the parts of the state it reads (the present
 * tables, attachment counters, device blocks and host objects, and the world's facts) are the
 * same objects. A step that changed none of them (a query, a host read, a region's begin or end
 * over data already present, a kernel that wrote nothing: about one step in three of a campaign) leaves
 * the snapshot as it was.
 */
function sameSnapshotParts(a: ModelState, b: ModelState): boolean {
  return (
    a === b ||
    (a.sections === b.sections &&
      a.attachments === b.attachments &&
      a.blocks === b.blocks &&
      a.ompEntries === b.ompEntries &&
      a.ompZeroKeys === b.ompZeroKeys &&
      a.nextOmpEntry === b.nextOmpEntry &&
      a.host === b.host &&
      a.facts === b.facts)
  );
}

/** The model as an Engine: the immutable state lives in the closure and advances step by step. */
export const modelEngine: EngineFactory = (program, profile) => {
  let state = initialState(program, profile);
  let rules: readonly string[] = [];
  let changes: ModelChanges | null = null;
  const first = state;
  /** The last snapshot and the state it was read from (snapshots are read only, as states are). */
  let snapshotOf: ModelState | null = null;
  let lastSnapshot: Snapshot | null = null;
  return {
    apply(s: Step): Observation {
      const result = step(state, s, profile);
      state = result.state;
      rules = result.rules;
      return result.observation;
    },
    snapshot(): Snapshot {
      if (lastSnapshot === null || snapshotOf === null || !sameSnapshotParts(snapshotOf, state)) lastSnapshot = snapshot(state);
      // Inside the test suite (and MAPCHECK_MODEL_CHECKS=full) a snapshot kept is checked against a new one.
      else if (FULL_CHECKS && !isDeepStrictEqual(lastSnapshot, snapshot(state))) throw new Error('internal: a snapshot kept across a step differs from the state\'s own (snapshot() reads a part sameSnapshotParts does not compare)');
      snapshotOf = state;
      return lastSnapshot;
    },
    lastRules: () => rules,
    incremental: () => (changes ??= new ModelChanges(first, () => state)),
  };
};

/**
 * The whole state as a string, for bounded-exhaustive checking (properties/check.ts): two states
 * with the same key behave the same under every later step, up to the numbering of device blocks,
 * which is replaced by the order in which blocks are first met (host memory, the present table,
 * attachments, open regions, OpenMP tables and handles, then the blocks met so far, whose
 * pointers can name more). OpenMP creation numbers are replaced by their rank.
 */
export function stateKey(state: ModelState): string {
  const names = new Map<number, number>();
  const queue: number[] = [];
  const name = (b: number) => {
    let n = names.get(b);
    if (n === undefined) {
      n = names.size + 1;
      names.set(b, n);
      queue.push(b);
    }
    return n;
  };
  const ptr = (p: PtrValue): unknown =>
    p === null ? null : p.space === 'dev' ? ['d', name(p.block), p.offset, p.count] : p.space === 'host' ? ['h', p.addr, p.count] : ['i'];
  const cells = (c: Contents): unknown =>
    c.kind === 'elements' ? c.values : c.kind === 'pointers' ? c.values.map(ptr) : c.values.map((u) => (u === 0 ? 0 : 'p' in u ? ptr(u.p) : [u.e]));
  const host = vecToArray(state.host).map((o) => cells(o.contents));
  const sections = allSections(state).map((s) => [s.start, s.end, name(s.block), s.src, s.drc]);
  const attachments = vecToArray(state.attachments).map((r) => Object.entries(r).map(([addr, c]) => [Number(addr), c.ac]));
  const entries = state.ompEntries.flatMap((t, device) => vecToArray(t).flatMap((list) => list.map((e) => ({ device, e }))));
  const rank = new Map([...entries].sort((x, y) => x.e.order - y.e.order).map((x, i) => [x.e.order, i]));
  const omp = entries.map(({ device, e }) => [device, e.start, e.end, e.block === null ? null : name(e.block), e.offset, e.rc, e.origin, rank.get(e.order)]);
  const handles = vecToArray(state.handles)
    .flatMap((bucket) => Object.entries(bucket))
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => [k, v === null ? null : 'host' in v ? ['h', v.host] : [name(v.block), v.offset]]);
  const blocks: unknown[] = [];
  for (let i = 0; i < queue.length; i++) {
    const b = blockById(state, queue[i]!);
    blocks.push([b.alive, b.bytes, b.device, b.source, b.alive ? cells(b.contents) : null]);
  }
  // Under the reuse allocator every dead block may come back, lowest number first: their order
  // and sizes decide the future.
  if (state.facts.world.reuse === true)
    vecForEach(state.blocks, (b) => {
      if (!b.alive) blocks.push(['free', name(b.id), b.bytes, b.device, b.contents.kind]);
    });
  const key = [state.halted, host, sections, attachments, state.regions, omp, state.ompRegions, handles, blocks, state.hostData];
  // K-B59's zero-length keys, in creation order (a lookup meets the last one)
  if (state.ompZeroKeys.length > 0) key.push(state.ompZeroKeys.map((k) => [k.device, k.addr, k.rc]));
  // the declarations a program made (they decide how later kernels treat the declared variables)
  if (state.ompDeclaredScalars.length > 0 || Object.keys(state.accDeclared).length > 0) key.push([state.ompDeclaredScalars, state.accDeclared]);
  // the descriptors K-A72 and K-B55 `descriptor` count (they decide whether a later map stops)
  if (Object.keys(state.accDescriptors).length > 0 || state.ompDescriptors.length > 0) key.push([state.accDescriptors, state.ompDescriptors]);
  // where the next allocations lie (K-C1 `lifo` hands freed storage out again)
  if (state.allocations > 0) key.push([state.allocations, state.heapFreed.map((f) => [f.offset, f.length])]);
  return JSON.stringify(key);
}
