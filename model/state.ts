// The state of the executable specification: host memory, device memory, the OpenACC present
// table with its attachment counters, the OpenMP present tables of every device, and the open data
// regions. Plain objects and arrays only; a step changes it through an immer draft (see index.ts),
// so every state a caller holds is immutable.

import { current, isDraft } from './immer.js';
import type { KnobValues } from '../profiles/index.js';
import {
  ELEMENT_BYTES,
  POINTER_BYTES,
  POINTER_WORD_BYTES,
  hostLayout,
  formatMember,
  memberOffset,
  structElementBytes,
  parseRef,
  worldDevices,
  formatSubarray,
  formatStructBytes,
  writtenValue,
  MAX_ELEMENT,
  type DeviceDecl,
  type HostObject as LayoutObject,
  type ParsedRef,
  type Program,
  type VarRef,
  type World,
  type WriteBody,
} from '../lang/program.js';

/** What a write gives each element: WriteBody's value, increment and add (host_write has the same three). */
type Write = Pick<WriteBody, 'value' | 'by' | 'add'>;
import { emptyKeyTable, emptyVec, readOnly, vecChanges, vecForEach, vecForEachRead, vecGet, vecOf, vecPush, vecRead, vecSet, type KeyTable, type Vec } from './vec.js';
import type { DevAddr, ErrorCode, HostAddr, Observation, PtrValue } from '../lang/observation.js';
import type { OmpMapModifier, OmpMapType } from '../lang/openmp.js';
import type { ClauseName } from './clauses.js';
import { INFINITE_RC, ptrLbound, type RefCount } from '../lang/observation.js';
import { memberSectionRange } from './member-sections.js';

// ------------------------------------------------------------------------------------------------
// Memory

/** One int32 element: a number, or null while indeterminate. */
export type Element = number | null;

/**
 * One 4-byte unit of a struct that has non-pointer members: an int32 element, the first unit of a
 * pointer-member descriptor (its value), or `0` for the other three units of that descriptor.
 */
export type MixedCell = { e: Element } | { p: PtrValue } | 0;

/**
 * The cells of a host object or device block: int32 elements, pointer-member descriptors, or (a
 * struct with non-pointer members, and every copy of some of its bytes) 4-byte units of both.
 */
export type Contents =
  | { kind: 'elements'; values: Element[] }
  | { kind: 'pointers'; values: PtrValue[] }
  | { kind: 'mixed'; values: MixedCell[] };

/** A host object of the world at its fixed host address (lang/program.ts hostLayout). */
export interface HostObject {
  name: string;
  start: number;
  bytes: number;
  contents: Contents;
}

/** Where an allocation lives: a device of the world (its index), or the host (the initial device). */
export type BlockOwner = number | 'host';

/**
 * A device allocation. Blocks of every device (OpenACC sections, OpenMP map storage and
 * `omp_target_alloc` memory) are numbered from 1 in creation order and never reused, except in a
 * world with `reuse: true`, where a dead block can come back alive (see allocateBlock).
 */
export interface DeviceBlock {
  id: number;
  bytes: number;
  /** False once freed; dead blocks stay so dangling pointers can be told apart. */
  alive: boolean;
  contents: Contents;
  device: BlockOwner;
  /** `map`: storage a data clause or map created (freed with its entry); `alloc`: from omp_target_alloc. */
  source: 'map' | 'alloc';
}

/** Half-open host byte range [start, end). */
export interface Range {
  start: number;
  end: number;
  /** Set on a pointer member's own range (memberRange): a lookup of the member itself, see Section.word. */
  member?: true;
}

/** One present-table entry (OpenACC 3.3 §2.6.7): a host range mapped to a device block. */
export interface Section extends Range {
  block: number;
  /** Byte offset of the data in its block: 0 for clause and routine copies, any for acc_map_data. */
  offset: number;
  /** `map_data`: the program's own device memory, mapped by acc_map_data (OpenACC 3.3 §3.2.21). */
  origin: 'clause' | 'map_data';
  /** Structured reference counter. */
  src: number;
  /** Dynamic reference counter. */
  drc: number;
  /** True once an attach action found this section holding its pointer (libgomp allocates attachment counters then; K-A18). */
  counted?: boolean;
  /**
   * K-A24 `pointer-word`: a pointer member mapped alone (K-A22 `member-mapped`), of which the
   * runtime maps only the pointer word: lookups of the member itself find the section, any other
   * lookup sees only its first POINTER_WORD_BYTES bytes.
   */
  word?: boolean;
  /**
   * K-A68 `address-only`: a Fortran pointer member mapped alone (K-A22 `member-mapped`), whose
   * device descriptor holds the address an attach wrote and nothing usable besides: a kernel that
   * reaches data or bounds through it is undefined while this section lasts.
   */
  addressOnly?: boolean;
}

/** The attachment counter (OpenACC 3.3 §2.6.8) of one pointer member whose struct is present. */
export interface AttachmentCounter {
  ac: number;
}

/** A pointer member, identified by its host address. */
export interface MemberRef {
  struct: string;
  member: string;
  addr: number;
  /** The 0-based element of an array of structs holding the member (absent for a single struct). */
  index?: number;
}

// ------------------------------------------------------------------------------------------------
// Regions

/** What one clause var resolved to when its region was entered. */
export interface RecordedVar {
  /** Host range of the data; null for a null (disassociated) pointer var or an attach clause var. */
  range: Range | null;
  /** The pointer member attached at entry (pointer-reference var or attach clause var), if any. */
  pointer: MemberRef | null;
  /** Set when the var is a member section (`c%p(2:5)`): `range` is the section, looked up by the attach under K-A50 `section`. */
  section?: true;
  /** K-A72 `descriptor`: the Fortran pointer array whose descriptor the var maps with its data (model/acc/array-descriptors.ts). */
  descriptor?: string;
  /** Set when the var is a non-pointer member of a struct (`d%n`, `d%arr(2:3)`): GCC maps it in a struct group (K-A75). */
  field?: true;
}

export interface RecordedClause {
  clause: ClauseName;
  vars: RecordedVar[];
}

/** An open structured data region: the resolved clause vars, acted on again at exit. */
export interface Region {
  clauses: RecordedClause[];
  /** The vars its clauses name, as written: visible data clauses (OpenACC 3.3 §2.6.2) to the constructs inside it. */
  visible: VarRef[];
}

// ------------------------------------------------------------------------------------------------
// OpenMP present tables (lang/README-openmp.md)

/** One entry of an OpenMP device's present table: a host range and its corresponding storage. */
export interface OmpEntry extends Range {
  /** Device block of the storage, or null for a self map (the original host storage). */
  block: number | null;
  /** Byte offset of the storage in its block (0 for a self map). */
  offset: number;
  /** Reference count; INFINITE_RC for an association's. */
  rc: RefCount;
  origin: 'map' | 'associate' | 'declare';
  /** Creation order, shared by every device (1, 2, …). */
  order: number;
}

/** A zero-length key of an OpenMP table (K-B59 `zero-size-key`): no storage, a count. */
export interface OmpZeroKey {
  device: number;
  addr: number;
  rc: number;
  /** Creation order, in OmpEntry's numbering. */
  order: number;
}

/** One list item of a map construct, as it resolved when the construct started. */
export interface RecordedMapItem {
  type: OmpMapType;
  modifiers: OmpMapModifier[];
  /** Host range of the data; null for a disassociated `c%p` (no storage is mapped). */
  range: Range | null;
  /** The pointer member of a `c%p` item (an attach candidate), else null. */
  pointer: MemberRef | null;
  /** True for the map `omp_target` adds for the kernel's variable (OpenMP 6.0 §7.9.3). */
  implicit: boolean;
  /**
   * A member section item (`c%p(2:5)`): the pointer's host value when the construct started, so
   * attachment aims the corresponding pointer at its target's first element (the section's bias).
   */
  base?: { addr: number; count: number };
  /**
   * The struct's own storage as a declare mapper maps it: the mapper's item naming the struct, or
   * the pointer word (K-B47) of one of its pointer items. K-B64 reads its reference count.
   */
  mapperStruct?: boolean;
  /** A pointer item a declare mapper's clause gave (its K-B47 word is `mapperStruct`). */
  viaMapper?: boolean;
  /** K-B55 `descriptor`: the array whose descriptor the item maps too (model/omp/array-descriptors.ts). */
  descriptor?: string;
  /** Its place among the construct's entries as clang 16 orders them (K-B67); none for the items a rule adds. */
  order?: number;
}

/**
 * A pointer member whose corresponding pointer an OpenMP pointer attachment set (6.0 §7.9.6): on
 * `device`, in the entry with creation number `holder` (removed with that entry), aimed at the
 * storage of the entry with creation number `target`.
 */
export interface OmpAttachment {
  device: number;
  ptr: number;
  holder: number;
  target: number;
  /** False once the target's entry has left the table (the pointer then dangles). */
  targetLive: boolean;
  /** K-B7 `counted` (libgomp): attachments counted on the pointer; 1 under the other readings. */
  count: number;
  /** The host address the attachment aimed at (its target's first element); K-B7 `shadow` compares it. */
  base?: number;
}

/** An open `omp_target_data` region: where its maps acted, and its items, acted on again at its end. */
export interface OmpRegion {
  device: BlockOwner;
  items: RecordedMapItem[];
  /** K-B7 `counted`: the pointers whose attachment the region counted at entry. */
  counted: MemberRef[];
}

// ------------------------------------------------------------------------------------------------
// The world's fixed facts

/**
 * What never changes while a program runs: the world, its host layout, where each pointer member
 * lives, and every variable reference already parsed. Made once per world and shared by every
 * state of every program over that world (a class instance, so immer neither drafts nor freezes
 * it; its caches only remember answers that cannot change).
 */
export class WorldFacts {
  readonly world: World;
  readonly devices: DeviceDecl[];
  /** Host objects in layout order, which is ascending address order. */
  readonly layout: LayoutObject[];
  private readonly byName = new Map<string, number>();
  private readonly memberAt = new Map<number, MemberRef>();
  /** Pointer member addresses of each object, ascending (empty for arrays). */
  readonly memberAddrs: number[][];
  private readonly refs = new Map<string, ParsedRef>();
  private readonly members = new Map<string, MemberRef>();

  constructor(world: World) {
    this.world = world;
    this.devices = worldDevices(world);
    this.layout = hostLayout(world);
    this.layout.forEach((o, i) => this.byName.set(o.name, i));
    this.memberAddrs = this.layout.map(() => []);
    for (const decl of world.structs) {
      const index = this.byName.get(decl.name)!;
      const start = this.layout[index]!.start;
      // An array of structs: every element's members, element by element (ascending addresses).
      for (let e = 0; e < (decl.count ?? 1); e++)
        for (const member of decl.pointers) {
          const addr = start + e * structElementBytes(decl) + memberOffset(decl, member);
          this.memberAt.set(addr, decl.count === undefined ? { struct: decl.name, member, addr } : { struct: decl.name, member, addr, index: e });
          this.memberAddrs[index]!.push(addr);
        }
    }
  }

  /** Elements of struct `name` (1 for a single struct). */
  structCount(name: string): number {
    return this.world.structs.find((s) => s.name === name)?.count ?? 1;
  }

  /** Layout index of the object named `name`. */
  indexOf(name: string): number {
    const i = this.byName.get(name);
    if (i === undefined) throw new Error(`internal: no host object ${name}`);
    return i;
  }

  /** Layout index of the object whose bytes contain `range` (an empty range: its address), or -1. */
  indexHolding(range: Range): number {
    const i = this.lastStartingAtOrBefore(range.start);
    if (i < 0) return -1;
    const o = this.layout[i]!;
    return range.end <= o.start + o.bytes ? i : -1;
  }

  /** Layout indexes of the objects sharing a byte with `range`, ascending. */
  indexesOverlapping(range: Range): number[] {
    const out: number[] = [];
    let i = Math.max(0, this.lastStartingAtOrBefore(range.start));
    for (; i < this.layout.length && this.layout[i]!.start < range.end; i++) {
      const o = this.layout[i]!;
      if (range.start < o.start + o.bytes && o.start < range.end) out.push(i);
    }
    return out;
  }

  private lastStartingAtOrBefore(addr: number): number {
    let lo = 0;
    let hi = this.layout.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.layout[mid]!.start <= addr) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** A reference parsed against the world (parsed once, then remembered). */
  parse(ref: string): ParsedRef {
    let parsed = this.refs.get(ref);
    if (parsed === undefined) {
      parsed = parseRef(this.world, ref);
      this.refs.set(ref, parsed);
    }
    return parsed;
  }

  /** The pointer member named by `ref` (`c%p`). */
  member(ref: string): MemberRef {
    let m = this.members.get(ref);
    if (m === undefined) {
      const parsed = this.parse(ref);
      if (parsed.kind !== 'member') throw new Error(`internal: '${ref}' is not a pointer member`);
      const decl = this.world.structs.find((s) => s.name === parsed.struct)!;
      const element = (parsed.index ?? 0) * structElementBytes(decl);
      const addr = this.layout[this.indexOf(parsed.struct)]!.start + element + memberOffset(decl, parsed.member);
      m = parsed.index === undefined ? { struct: parsed.struct, member: parsed.member, addr } : { struct: parsed.struct, member: parsed.member, addr, index: parsed.index };
      this.members.set(ref, m);
    }
    return { ...m };
  }

  /** The member at host address `addr`, or undefined. */
  memberAtAddr(addr: number): MemberRef | undefined {
    const m = this.memberAt.get(addr);
    return m && { ...m };
  }
}

// ------------------------------------------------------------------------------------------------
// The whole state

/** An open host_data region (OpenACC: the array its use_device names) or OpenMP use_device region. */
export interface HostDataRegion {
  handle: string;
  /** The OpenACC use_device var (K-A74 reads a nested clause naming it again). */
  accVar?: string;
}

export interface ModelState {
  /** The world's fixed facts (shared by every state over the world). */
  facts: WorldFacts;
  /** Host objects in layout order (index: the object's place in hostLayout). */
  host: Vec<HostObject>;
  /** Device blocks of every device; element i has id i + 1. */
  blocks: Vec<DeviceBlock>;
  /**
   * OpenACC present table (device 0): for each host object (layout index), the sections inside
   * it, sorted by host start. A section never leaves its object, so the table as a whole is
   * these lists in layout order.
   */
  sections: Vec<Section[]>;
  /** Attachment counters: for each host object, by the host address of the pointer member. */
  attachments: Vec<Record<number, AttachmentCounter>>;
  /** Open data regions, innermost last. */
  regions: Region[];
  /** True once a step observed an error or undefined behaviour. */
  halted: boolean;
  /** Number the next device allocation gets (OpenACC and OpenMP alike). */
  nextBlock: number;
  /**
   * OpenMP present tables: ompEntries[d] holds device d's entries, for each host object (layout
   * index) those inside it in creation order. An entry never leaves its object.
   */
  ompEntries: Vec<OmpEntry[]>[];
  /** Creation-order number the next OpenMP entry gets. */
  nextOmpEntry: number;
  /** Open OpenMP target data regions, innermost last. */
  ompRegions: OmpRegion[];
  /**
   * Pointers returned by omp_target_alloc / acc_malloc steps, by the step's `result` name; also the
   * address a host_data use_device region gives (a host address where the data is not present).
   */
  handles: KeyTable<DevAddr | HostAddr | null>;
  /** The open host_data / use_device regions (OpenACC 3.3 §2.8, OpenMP 6.0 §15.7), innermost last: their handles end with them. */
  hostData: HostDataRegion[];
  /** Attached OpenMP pointers (K-B22, K-B23), one record per device and pointer member. */
  ompAttached: OmpAttachment[];
  /**
   * K-B46 `unregistered`: the device storage of declare target `enter` arrays that the runtime's
   * table does not hold (model/omp/declare-target.ts), per device; kernels naming the array use it.
   */
  ompImages: { device: number; start: number; end: number; block: number | null }[];
  /**
   * K-B55 `descriptor` (model/omp/array-descriptors.ts): per device, the arrays whose descriptor
   * is mapped, with its reference count; empty under the other readings.
   */
  ompDescriptors: { device: number; array: string; rc: number }[];
  /** The arrays a declare target directive names (static in Fortran: no descriptor). */
  ompStaticArrays: string[];
  /**
   * K-B69 `registered` (model/omp/declare-target.ts): per device, each declare target link array's
   * key in the runtime's table, over the link variable's own pointer slot in the device image.
   */
  ompLinkSlots: { device: number; start: number; end: number; block: number }[];
  /**
   * K-B59 `zero-size-key` (model/omp/zero-size-keys.ts): the zero-length keys [addr, addr) a
   * zero-length section with no storage at its address made, with their counts and creation order.
   */
  ompZeroKeys: OmpZeroKey[];
  /** Arrays a program-scope OpenACC declare names (K-A44): `data` for the data clauses, `link`. */
  accDeclared: Record<string, 'data' | 'link'>;
  /** K-A72 `descriptor`: per Fortran pointer array, the enter data clauses naming it that no exit data gave back (model/acc/array-descriptors.ts). */
  accDescriptors: Record<string, number>;
  /** Scalar variables an OpenMP declare target names (enter or link): mapped, not firstprivate, in a kernel (model/omp/constructs.ts). */
  ompDeclaredScalars: string[];
  /** Allocations the program's `allocate` steps made so far (the next one's place in the host heap, lang/program.ts HEAP_STRIDE). */
  allocations: number;
  /** K-C1 `lifo` (model/allocatable.ts): the heap storage deallocated and not yet handed out again, in the order freed; empty under `fresh`. */
  heapFreed: { offset: number; length: number }[];
}

/** The world of a state. */
export function worldOf(state: ModelState): World {
  return state.facts.world;
}

/** Host memory of a fresh program: the world's initial values; nothing on the device. */
export function createInitialState(program: Program): ModelState {
  const world = structuredClone(program.world);
  const facts = new WorldFacts(world);
  if (facts.devices[0]!.kind !== 'discrete' && program.steps.some((s) => s.op.startsWith('acc_')))
    throw new Error('model: OpenACC steps in language version 1 need device 0 to be discrete');
  return initialStateOfWorld(facts);
}

/** The state before any step over a world (independent of the steps). */
export function initialStateOfWorld(facts: WorldFacts): ModelState {
  const world = facts.world;
  const arrays = new Map(world.arrays.map((a) => [a.name, a]));
  const host: HostObject[] = facts.layout.map((obj) => {
    const { name, start, bytes } = obj;
    // The host heap (allocatable components): every element written by the allocate that gives it out.
    if (obj.kind === 'heap') return { name, start, bytes, contents: { kind: 'elements', values: new Array<number>(bytes / ELEMENT_BYTES).fill(0) } };
    if (obj.kind === 'array') {
      const decl = arrays.get(obj.name)!;
      const values = Array.from({ length: decl.length }, (_, i) =>
        Array.isArray(decl.init) ? decl.init[i] ?? 0 : decl.init ?? 0,
      );
      return { name, start, bytes, contents: { kind: 'elements', values } };
    }
    return { name, start, bytes, contents: { kind: 'pointers', values: [] } };
  });
  const state: ModelState = {
    facts,
    host: vecOf(host),
    blocks: emptyVec(),
    sections: vecOf(host.map(() => [])),
    attachments: vecOf(host.map(() => ({}))),
    regions: [],
    halted: false,
    nextBlock: 1,
    ompEntries: facts.devices.map(() => vecOf(host.map((): OmpEntry[] => []))),
    nextOmpEntry: 1,
    ompRegions: [],
    handles: emptyKeyTable(),
    hostData: [],
    ompAttached: [],
    ompImages: [],
    ompDescriptors: [],
    ompStaticArrays: [],
    ompLinkSlots: [],
    ompZeroKeys: [],
    accDeclared: {},
    accDescriptors: {},
    ompDeclaredScalars: [],
    allocations: 0,
    heapFreed: [],
  };
  // Member associations refer to arrays, whose addresses are known once every object is placed.
  for (const decl of world.structs) {
    const values: PtrValue[] = [];
    for (let e = 0; e < (decl.count ?? 1); e++)
      for (const p of decl.pointers) {
        const target = decl.init?.[decl.count === undefined ? p : `(${e + 1})%${p}`];
        values.push(target ? hostDescriptor(state, target) : null);
      }
    if (decl.fields === undefined || decl.fields.length === 0) {
      objectByName(state, decl.name).contents = { kind: 'pointers', values };
      continue;
    }
    // Non-pointer members (single structs only): the descriptors' units, then the members' elements.
    const cells: MixedCell[] = [];
    for (const v of values) cells.push({ p: v }, 0, 0, 0);
    for (const f of decl.fields)
      for (let i = 0; i < (f.length ?? 1); i++) cells.push({ e: Array.isArray(f.init) ? f.init[i] ?? 0 : f.init ?? 0 });
    objectByName(state, decl.name).contents = { kind: 'mixed', values: cells };
  }
  return state;
}

// ------------------------------------------------------------------------------------------------
// Step context and outcomes

/** What one step carries through the actions: the profile's knob readings and the rules that fired. */
export interface StepContext {
  knobs: KnobValues;
  rules: string[];
}

/** Records that a spec rule fired (each rule once per step, in firing order). */
export function fire(ctx: StepContext, rule: string): void {
  if (!ctx.rules.includes(rule)) ctx.rules.push(rule);
}

export type ErrorObservation = Extract<Observation, { kind: 'error' }>;
export type UndefinedObservation = Extract<Observation, { kind: 'undefined' }>;

export function runtimeError(code: ErrorCode, message: string): ErrorObservation {
  return { kind: 'error', code, message };
}

export function undefinedBehaviour(message: string): UndefinedObservation {
  return { kind: 'undefined', message };
}

/**
 * Thrown from deep inside a step when the program does something whose outcome the language
 * leaves undefined (e.g. it uses an indeterminate host pointer); `step` turns it into an
 * `undefined` observation. Not an internal error: the program, not the model, is at fault.
 */
export class UndefinedStep extends Error {
  override name = 'UndefinedStep';
}

// ------------------------------------------------------------------------------------------------
// Host memory queries

export function unitBytes(contents: Contents): number {
  return contents.kind === 'pointers' ? POINTER_BYTES : ELEMENT_BYTES;
}

/**
 * The allocator class of contents (World.reuse: a freed block comes back for contents of its
 * class): `pointers` when they hold a pointer descriptor, else `elements`.
 */
export function cellClass(contents: Contents): 'elements' | 'pointers' {
  if (contents.kind !== 'mixed') return contents.kind;
  return contents.values.some((c) => c !== 0 && 'p' in c) ? 'pointers' : 'elements';
}

export function objectByName(state: ModelState, name: string): HostObject {
  return vecGet(state.host, state.facts.indexOf(name));
}

/** The host object whose bytes contain `range`. */
export function objectHolding(state: ModelState, range: Range): HostObject {
  const i = state.facts.indexHolding(range);
  if (i < 0) throw new Error(`internal: host range [0x${range.start.toString(16)}, 0x${range.end.toString(16)}) is in no host object`);
  return vecGet(state.host, i);
}

/** The host object whose bytes contain `range`, for reading only (see vec.ts readOnly). */
export function objectReading(state: ModelState, range: Range): HostObject {
  const i = state.facts.indexHolding(range);
  if (i < 0) throw new Error(`internal: host range [0x${range.start.toString(16)}, 0x${range.end.toString(16)}) is in no host object`);
  return vecRead(readOnly(state).host, i);
}

/** The host object whose bytes contain `range`, or undefined. */
export function objectHoldingOrNone(state: ModelState, range: Range): HostObject | undefined {
  const i = state.facts.indexHolding(range);
  return i < 0 ? undefined : vecGet(state.host, i);
}

/** A variable reference, parsed against the state's world. */
export function parsedRef(state: ModelState, ref: string): ParsedRef {
  return state.facts.parse(ref);
}

/** The elements of an array reference (`a`, `a(2:5)`) as a host range. */
export function arrayRange(state: ModelState, ref: string): Range {
  const parsed = state.facts.parse(ref);
  if (parsed.kind !== 'array') throw new Error(`internal: '${ref}' is not an array reference`);
  const obj = state.facts.layout[state.facts.indexOf(parsed.name)]!;
  return { start: obj.start + parsed.lo * ELEMENT_BYTES, end: obj.start + parsed.hi * ELEMENT_BYTES };
}

/**
 * The host data a reference stands for in data clauses, data routines and host accesses: an
 * array's elements, a whole struct, or the current target of a pointer member (null while the
 * pointer is disassociated).
 */
export function dataRange(state: ModelState, ref: string): Range | null {
  const parsed = state.facts.parse(ref);
  switch (parsed.kind) {
    case 'array':
      return arrayRange(state, ref);
    case 'struct': {
      const obj = state.facts.layout[state.facts.indexOf(parsed.name)]!;
      if (parsed.lo === undefined) return { start: obj.start, end: obj.start + obj.bytes };
      // Elements [lo, hi) of an array of structs.
      const stride = obj.bytes / state.facts.structCount(parsed.name);
      return { start: obj.start + parsed.lo * stride, end: obj.start + parsed.hi! * stride };
    }
    case 'member': {
      const host = hostPointer(state, memberRef(state, ref));
      const target = targetRange(host);
      // `c%p(2:5)`: a section of the current target (model/member-sections.ts), from its lower bound.
      return parsed.bounds === undefined ? target : memberSectionRange(target, parsed.bounds, ref, host === null || host.space === 'indeterminate' ? 1 : ptrLbound(host));
    }
  }
}

/**
 * The host data a directive's data clause, map item or motion item stands for: dataRange, except
 * that under K-A71 `column-span` (gfortran 12) a rank-2 section covers as many whole columns as it
 * has, from its first element, the size gfortran gives the section's descriptor (the last
 * dimension's extent times its stride). Whole columns reaching past the array name storage the
 * program does not own: undefined.
 */
export function directiveRange(state: ModelState, ref: string, knobs: KnobValues): Range | null {
  const range = dataRange(state, ref);
  const parsed = state.facts.parse(ref);
  if (knobs['K-A71'] !== 'column-span' || parsed.kind !== 'array' || parsed.rank2 === undefined) return range;
  const [rows] = parsed.rank2.shape;
  const [, [first, last]] = parsed.rank2.bounds;
  const end = range!.start + (last - first + 1) * rows * ELEMENT_BYTES;
  const array = state.facts.layout[state.facts.indexOf(parsed.name)]!;
  if (end > array.start + array.bytes) throw new UndefinedStep(`${ref} is mapped as whole columns from its first element, which reach past the end of ${parsed.name} (K-A71 column-span)`);
  return { start: range!.start, end };
}

/** The host descriptor a pointer gets when associated with array reference `target`. */
export function hostDescriptor(state: ModelState, target: string): PtrValue {
  const r = arrayRange(state, target);
  return { space: 'host', addr: r.start, count: (r.end - r.start) / ELEMENT_BYTES };
}

/** The pointer member named by `ref` (`c%p`). */
export function memberRef(state: ModelState, ref: string): MemberRef {
  return state.facts.member(ref);
}

/** `c%p` (`cs(2)%p` in an array of structs) for messages. */
export function formatRef(m: MemberRef): string {
  return formatMember(m.struct, m.member, m.index);
}

/** Host range of the struct that holds member `m` (in an array of structs: its element). */
export function structRange(state: ModelState, m: MemberRef): Range {
  const obj = state.facts.layout[state.facts.indexOf(m.struct)]!;
  if (m.index === undefined) return { start: obj.start, end: obj.start + obj.bytes };
  const stride = obj.bytes / state.facts.structCount(m.struct);
  return { start: obj.start + m.index * stride, end: obj.start + (m.index + 1) * stride };
}

/** The host range of pointer member `m` itself (its slot in the struct). */
export function memberRange(m: MemberRef): Range {
  return { start: m.addr, end: m.addr + POINTER_BYTES, member: true };
}

/** Where `section` ends for a lookup of `range` (K-A24: a word section ends early for data lookups). */
export function sectionEndFor(section: Section, range: Range): number {
  return section.word === true && range.member !== true ? section.start + POINTER_WORD_BYTES : section.end;
}

/** The host value of pointer member `m`. */
export function hostPointer(state: ModelState, m: MemberRef): PtrValue {
  const obj = vecRead(readOnly(state).host, state.facts.indexOf(m.struct));
  return pointerCell(readOnly(obj.contents), (m.addr - obj.start) / unitBytes(obj.contents));
}

export function setHostPointer(state: ModelState, m: MemberRef, value: PtrValue): void {
  const obj = objectByName(state, m.struct);
  setPointerCell(obj.contents, (m.addr - obj.start) / unitBytes(obj.contents), value);
}

/** Host range a pointer value targets, or null for a null pointer. */
export function targetRange(p: PtrValue): Range | null {
  if (p === null) return null;
  // An indeterminate host pointer (e.g. copied back from a created device struct) has no target.
  if (p.space !== 'host') throw new UndefinedStep(`the host pointer is ${p.space === 'dev' ? 'a device address' : 'indeterminate'}`);
  return { start: p.addr, end: p.addr + p.count * ELEMENT_BYTES };
}

/** Host addresses of every pointer member inside `range`, ascending. */
export function membersInside(state: ModelState, range: Range): number[] {
  const out: number[] = [];
  for (const i of state.facts.indexesOverlapping(range))
    for (const addr of state.facts.memberAddrs[i]!) if (range.start <= addr && addr + POINTER_BYTES <= range.end) out.push(addr);
  return out;
}

/** The member at host address `addr`. */
export function memberAt(state: ModelState, addr: number): MemberRef {
  const m = state.facts.memberAtAddr(addr);
  if (!m) throw new Error(`internal: no pointer member at host address 0x${addr.toString(16)}`);
  return m;
}

// ------------------------------------------------------------------------------------------------
// Cells

export function pointerCell(contents: Contents, index: number): PtrValue {
  if (contents.kind === 'mixed') {
    const c = contents.values[index];
    if (c === undefined || c === 0 || !('p' in c)) throw new Error(`internal: unit ${index} holds no pointer descriptor`);
    return c.p;
  }
  if (contents.kind !== 'pointers') throw new Error('internal: reading a pointer from element memory');
  const v = contents.values[index];
  if (v === undefined) throw new Error(`internal: pointer cell ${index} out of bounds`);
  return v;
}

export function setPointerCell(contents: Contents, index: number, value: PtrValue): void {
  if (contents.kind === 'mixed') {
    const c = contents.values[index];
    if (c === undefined || c === 0 || !('p' in c)) throw new Error(`internal: unit ${index} holds no pointer descriptor`);
    contents.values[index] = { p: value };
    return;
  }
  if (contents.kind !== 'pointers') throw new Error('internal: writing a pointer into element memory');
  if (index < 0 || index >= contents.values.length) throw new Error(`internal: pointer cell ${index} out of bounds`);
  contents.values[index] = value;
}

/** Copies `count` cells verbatim (pointers as they are) from one memory to another of the same kind. */
export function copyCells(from: Contents, fromIndex: number, to: Contents, toIndex: number, count: number): void {
  if (from.kind === 'mixed' || to.kind === 'mixed') return copyUnits(from, fromIndex, to, toIndex, count);
  if (from.kind !== to.kind) throw new Error('internal: copying between element and pointer memory');
  if (fromIndex < 0 || toIndex < 0 || fromIndex + count > from.values.length || toIndex + count > to.values.length)
    throw new Error('internal: cell copy out of bounds');
  if (from.kind === 'elements' && to.kind === 'elements') {
    for (let i = 0; i < count; i++) to.values[toIndex + i] = from.values[fromIndex + i]!;
  } else if (from.kind === 'pointers' && to.kind === 'pointers') {
    for (let i = 0; i < count; i++) to.values[toIndex + i] = copyPtr(from.values[fromIndex + i]!);
  }
}

/**
 * copyCells where one side is mixed: both sides count 4-byte units; a descriptor moves only into a
 * descriptor's place (whole), an element only into an element's.
 */
function copyUnits(from: Contents, fromIndex: number, to: Contents, toIndex: number, count: number): void {
  if (from.kind === 'pointers' || to.kind === 'pointers') throw new Error('internal: copying between mixed and pointer memory');
  if (fromIndex < 0 || toIndex < 0 || fromIndex + count > from.values.length || toIndex + count > to.values.length)
    throw new Error('internal: cell copy out of bounds');
  const unit = (c: Contents, i: number): MixedCell => (c.kind === 'mixed' ? c.values[i]! : { e: (c.values as Element[])[i]! });
  for (let i = 0; i < count; i++) {
    const src = unit(from, fromIndex + i);
    const dst = unit(to, toIndex + i);
    if ((src === 0) !== (dst === 0) || (src !== 0 && dst !== 0 && 'p' in src !== 'p' in dst))
      throw new Error('internal: copying a pointer descriptor into element memory or the other way round');
    if (src === 0) continue;
    if (to.kind === 'mixed') to.values[toIndex + i] = 'p' in src ? { p: copyPtr(src.p) } : { e: src.e };
    else (to.values as Element[])[toIndex + i] = (src as { e: Element }).e;
  }
}

/** Whether `count` cells from `index` are all elements (no pointer descriptor among them). */
export function elementsOnly(contents: Contents, index: number, count: number): boolean {
  if (contents.kind === 'elements') return true;
  if (contents.kind === 'pointers') return count === 0;
  for (let i = index; i < index + count; i++) {
    const c = contents.values[i];
    if (c === undefined || c === 0 || 'p' in c) return false;
  }
  return true;
}

/** A fresh copy of a pointer value (never shares an object between two memories). */
export function copyPtr(p: PtrValue): PtrValue {
  return p === null ? null : { ...p };
}

/** Reads `count` elements starting at cell `index`. */
export function readElements(contents: Contents, index: number, count: number): Element[] {
  if (contents.kind === 'mixed') {
    if (index < 0 || index + count > contents.values.length || !elementsOnly(contents, index, count)) throw new Error('internal: element read out of bounds or of a pointer descriptor');
    return contents.values.slice(index, index + count).map((c) => (c as { e: Element }).e);
  }
  if (contents.kind !== 'elements') throw new Error('internal: reading elements from pointer memory');
  if (index < 0 || index + count > contents.values.length) throw new Error('internal: element read out of bounds');
  return contents.values.slice(index, index + count);
}

/**
 * Writes `count` elements starting at cell `index`: the i-th gets what the write `w` gives element
 * `from + i` of its reference (writtenValue), or that much more than it holds with `w.add` (an
 * indeterminate element stays so), so a write split over several runs of cells passes each run's
 * first element. A copy (WriteBody `from`) passes the elements it read as `copied`, indexed like
 * the reference's elements: element `from + i` of it is added too, and an indeterminate one makes
 * the result indeterminate. False, with nothing written, when a sum leaves ±MAX_ELEMENT (signed
 * overflow, undefined: the caller observes it).
 */
export function writeElements(contents: Contents, index: number, count: number, w: Write, from = 0, copied: readonly Element[] | null = null): boolean {
  const mixed = contents.kind === 'mixed';
  if (mixed) {
    if (index < 0 || index + count > contents.values.length || !elementsOnly(contents, index, count)) throw new Error('internal: element write out of bounds or over a pointer descriptor');
  } else {
    if (contents.kind !== 'elements') throw new Error('internal: writing elements into pointer memory');
    if (index < 0 || index + count > contents.values.length) throw new Error('internal: element write out of bounds');
  }
  const old = w.add ? readElements(contents, index, count) : null;
  const values: Element[] = [];
  for (let i = 0; i < count; i++) {
    const written = writtenValue(w, from + i);
    const was = old === null ? 0 : old[i]!;
    const read = copied === null ? 0 : copied[from + i]!;
    const v = was === null || read === null ? null : was + written + read;
    if (v !== null && Math.abs(v) > MAX_ELEMENT) return false;
    values.push(v);
  }
  for (let i = 0; i < count; i++) contents.values[index + i] = mixed ? { e: values[i]! } : values[i]!;
  return true;
}

/** What a write that overflowed observes (writeElements returned false). */
export function overflow(ref: string): UndefinedObservation {
  return undefinedBehaviour(`adding to ${ref} overflows a C int (C11 §6.5p5: undefined)`);
}

// ------------------------------------------------------------------------------------------------
// Present table and device memory queries

export type Presence =
  | { kind: 'present'; section: Section }
  | { kind: 'absent' }
  | { kind: 'partly' };

/**
 * Layout indexes of the host objects whose tables can hold an entry touching `range`: those
 * sharing a byte with it, or for an empty range the object whose bytes (end included) hold it.
 * Entries never leave their object, so no other object's table needs looking at.
 */
export function objectsTouching(state: ModelState, range: Range): number[] {
  if (range.start < range.end) return state.facts.indexesOverlapping(range);
  const i = state.facts.indexHolding(range);
  return i < 0 ? [] : [i];
}

/** The sections inside host object `index` (layout order), sorted by host start. */
export function sectionsOf(state: ModelState, index: number): Section[] {
  return vecGet(state.sections, index);
}

/** Every section of the present table, sorted by host start. */
export function allSections(state: ModelState): Section[] {
  const out: Section[] = [];
  vecForEach(state.sections, (list) => out.push(...list));
  return out;
}

/**
 * The sections whose device data lies in block `id`, for reading only. The whole table is read, on
 * the state as it stands: inside a step (an immer draft) through `current`, which copies only what
 * the step drafted, so the read makes no proxy per section.
 */
export function sectionsInBlock(state: ModelState, id: number): readonly Section[] {
  return allSections(isDraft(state) ? current(state) : state).filter((s) => s.block === id);
}

/** Whether `range` lies inside one section (present), touches none (absent), or neither (partly). */
export function presence(state: ModelState, range: Range): Presence {
  const where = locate(state, range);
  // Looked for through the state as it stands (vec.ts readOnly); the section handed out is the step's draft.
  return typeof where === 'string' ? { kind: where } : { kind: 'present', section: sectionsOf(state, where.object)[where.index]! };
}

/** Where `range` stands in the present table (read only): the section containing it by object and place in its list, or why none. */
function locate(state: ModelState, range: Range): { object: number; index: number } | 'absent' | 'partly' {
  const objects = objectsTouching(state, range);
  const sections = readOnly(state).sections;
  for (const i of objects) {
    const inside = vecRead(sections, i).findIndex((s) => s.start <= range.start && range.end <= sectionEndFor(s, range));
    if (inside >= 0) return { object: i, index: inside };
  }
  const overlaps = objects.some((i) => vecRead(sections, i).some((s) => s.start < range.end && range.start < s.end));
  return overlaps ? 'partly' : 'absent';
}

/** The section containing `range` (which must be present), for reading only. */
function sectionReading(state: ModelState, range: Range): Section {
  const where = locate(state, range);
  if (typeof where === 'string') throw new Error(`internal: expected host range 0x${range.start.toString(16)} to be present`);
  return vecRead(readOnly(state).sections, where.object)[where.index]!;
}

/**
 * K-A11 `extends-before` (libgomp goacc_map_var_existing): the one section that `range` overlaps
 * when `range` starts before it and ends inside it (for data lookups a K-A24 word section ends
 * after its pointer word), or null.
 */
export function sectionExtendedBefore(state: ModelState, range: Range): Section | null {
  const overlapping = sectionsOverlapping(state, range);
  if (overlapping.length !== 1) return null;
  const s = overlapping[0]!;
  return range.start < s.start && range.end <= sectionEndFor(s, range) ? s : null;
}

/** How the array holding `range` was declared at program scope (K-A44, K-A60), if it was. */
export function declaredArrayHolding(state: ModelState, range: Range): 'data' | 'link' | undefined {
  const holder = objectHoldingOrNone(state, range);
  return holder === undefined ? undefined : state.accDeclared[holder.name];
}

/** The sections that share a byte with `range` (K-A11, K-A69: libgomp's lookups by overlap). */
export function sectionsOverlapping(state: ModelState, range: Range): Section[] {
  return objectsTouching(state, range).flatMap((i) => sectionsOf(state, i).filter((s) => s.start < range.end && range.start < s.end));
}

/**
 * The section libgomp's lookup by overlap (lookup_host) finds for `range`, which must overlap one
 * (K-A69, K-A75): several make the step undefined, since which one its splay tree meets is its own.
 * `what` names the lookup for the message.
 */
export function sectionFoundByOverlap(state: ModelState, range: Range, what: string): Section {
  const found = sectionsOverlapping(state, range);
  if (found.length > 1) throw new UndefinedStep(`${what}: the data overlaps ${found.length} sections, and which one the runtime's lookup finds is its own`);
  return found[0]!;
}

/** The section containing `range` (which must be present). */
export function sectionHolding(state: ModelState, range: Range): Section {
  const p = presence(state, range);
  if (p.kind !== 'present') throw new Error(`internal: expected host range 0x${range.start.toString(16)} to be present`);
  return p.section;
}

export function blockById(state: ModelState, id: number): DeviceBlock {
  const block = Number.isInteger(id) && id >= 1 && id <= state.blocks.length ? vecGet(state.blocks, id - 1) : undefined;
  if (!block || block.id !== id) throw new Error(`internal: no device block ${id}`);
  return block;
}

/** blockById for reading only (see vec.ts readOnly). */
export function blockReading(state: ModelState, id: number): DeviceBlock {
  const blocks = readOnly(state).blocks;
  const block = Number.isInteger(id) && id >= 1 && id <= blocks.length ? vecRead(blocks, id - 1) : undefined;
  if (!block || block.id !== id) throw new Error(`internal: no device block ${id}`);
  return block;
}

/** Cell index, in the section's device block, of host address `addr`. */
export function deviceIndex(section: Section, addr: number, contents: Contents): number {
  return (section.offset + addr - section.start) / unitBytes(contents);
}

/** The pointer value held by the device copy of member `m` (its struct must be present). */
export function devicePointer(state: ModelState, m: MemberRef): PtrValue {
  const section = sectionReading(state, memberRange(m));
  const block = blockReading(state, section.block);
  const contents = readOnly(block.contents);
  return pointerCell(contents, deviceIndex(section, m.addr, contents));
}

export function setDevicePointer(state: ModelState, m: MemberRef, value: PtrValue): void {
  const section = sectionHolding(state, memberRange(m));
  const block = blockById(state, section.block);
  setPointerCell(block.contents, deviceIndex(section, m.addr, block.contents), value);
}

/** The attachment counters of the members inside host object `index`, by member address. */
export function attachmentsOf(state: ModelState, index: number): Record<number, AttachmentCounter> {
  return vecGet(state.attachments, index);
}

export function attachmentCounter(state: ModelState, addr: number): AttachmentCounter {
  const i = state.facts.indexHolding({ start: addr, end: addr + POINTER_BYTES });
  const counter = i < 0 ? undefined : attachmentsOf(state, i)[addr];
  if (!counter) throw new Error(`internal: no attachment counter for pointer at 0x${addr.toString(16)}`);
  return counter;
}

/** Layout index of the object holding a table entry's range (entries never leave their object). */
function ownerIndex(state: ModelState, range: Range): number {
  const i = state.facts.indexHolding(range);
  if (i < 0) throw new Error(`internal: host range 0x${range.start.toString(16)} of a table entry is in no host object`);
  return i;
}

/** Adds a section, keeping the table sorted and disjoint. */
export function insertSection(state: ModelState, section: Section): void {
  const list = sectionsOf(state, ownerIndex(state, section));
  if (list.some((s) => s.start < section.end && section.start < s.end))
    throw new Error(`internal: new section at 0x${section.start.toString(16)} overlaps the present table`);
  list.push(section);
  list.sort((x, y) => x.start - y.start);
}

/**
 * Allocates the next device block for `range`, fills it with `contents`, and enters a new section
 * whose `counter` is 1 (the other counter 0). Every pointer member inside starts with attachment
 * counter 0.
 */
export function mapNewSection(state: ModelState, range: Range, counter: CounterName, contents: Contents): Section {
  const id = allocateBlock(state, range.end - range.start, contents, 0, 'map');
  const section: Section = { start: range.start, end: range.end, block: id, offset: 0, origin: 'clause', src: 0, drc: 0 };
  section[counter] = 1;
  insertSection(state, section);
  const members = membersInside(state, range);
  if (members.length > 0) {
    const counters = attachmentsOf(state, ownerIndex(state, range));
    for (const addr of members) counters[addr] = { ac: 0 };
  }
  return sectionHolding(state, range);
}

/**
 * A new live allocation of `bytes` bytes holding `contents`: the next block number, or under the
 * world's `reuse` allocator a freed block handed out again.
 *
 * Why `reuse` is a property of the world's allocator and not a spec rule: neither spec says where
 * device memory lies. OpenACC 3.3 §3.2.16 acc_malloc ("allocates space in the current device
 * memory") and the data actions of §2.7.2 (Create Action: "allocates space in device memory")
 * leave the address to the implementation, as OpenMP 6.0 §25.3 omp_target_alloc ("allocates
 * memory in a device data environment") and the map clause's storage creation do. What the specs say of
 * the old address is that its data is gone: OpenACC 3.3 §2.7.2 Delete Action "deallocates" the
 * device memory and §3.2.17 acc_free "frees previously allocated device memory", OpenMP 6.0
 * §25.4 omp_target_free "frees the device memory"; so using a pointer into it afterwards is
 * undefined (as for any freed storage: the spec gives it no meaning; the model observes
 * `undefined` while the block stays dead). Real allocators hand freed memory out again (libgomp
 * hands device frees to the plugin's allocator, `gomp_free_device_memory` in target.c; LLVM's
 * `MemoryManagerTy` (the offload plugins' MemoryManager.h) buffers freed device memory on
 * per-size-class free lists and returns it on a later allocation of that size class), so the undefined read has a concrete
 * symptom: it reads whatever was mapped there next. `world.reuse` makes that symptom observable
 * and deterministic, identically in model and impl: the lowest-numbered (lowest-addressed) dead
 * block of the same device, the same byte size and the same kind of cells comes back alive, with
 * the same block number, holding the new contents (the stale pointer and the new data then name
 * one block).
 */
export function allocateBlock(state: ModelState, bytes: number, contents: Contents, device: BlockOwner, source: DeviceBlock['source']): number {
  if (state.facts.world.reuse === true) {
    let reused = 0;
    // looked for through the blocks as they stand (vec.ts readOnly): the one reused is replaced whole below
    vecForEachRead(state.blocks, (b) => {
      if (reused === 0 && !b.alive && b.device === device && b.bytes === bytes && cellClass(b.contents) === cellClass(contents)) reused = b.id;
    });
    if (reused !== 0) {
      vecSet(state.blocks, reused - 1, { id: reused, bytes, alive: true, contents, device, source });
      return reused;
    }
  }
  const id = state.nextBlock;
  state.nextBlock += 1;
  if (state.blocks.length !== id - 1) throw new Error(`internal: device block ${id} allocated out of order`);
  vecPush(state.blocks, { id, bytes, alive: true, contents, device, source });
  return id;
}

/**
 * Removes a section from the present table: its attachment counters die, and so does its device
 * block unless the block is the program's own memory (acc_map_data).
 */
export function removeSection(state: ModelState, section: Section): void {
  const owner = ownerIndex(state, section);
  const list = sectionsOf(state, owner);
  const index = list.findIndex((s) => s.start === section.start);
  if (index < 0) throw new Error(`internal: removing a section that is not in the present table`);
  const members = membersInside(state, section);
  if (members.length > 0) {
    const counters = attachmentsOf(state, owner);
    for (const addr of members) delete counters[addr];
  }
  if (section.origin === 'clause') blockById(state, section.block).alive = false;
  list.splice(index, 1);
}

/** Host cells of `range` as fresh contents (pointer members copied verbatim). */
export function hostCells(state: ModelState, range: Range): Contents {
  const obj = objectReading(state, range);
  const unit = unitBytes(obj.contents);
  const first = (range.start - obj.start) / unit;
  const count = (range.end - range.start) / unit;
  if (obj.contents.kind === 'mixed')
    return { kind: 'mixed', values: obj.contents.values.slice(first, first + count).map((c) => (c === 0 ? 0 : 'p' in c ? { p: copyPtr(c.p) } : { e: c.e })) };
  const contents: Contents =
    obj.contents.kind === 'elements'
      ? { kind: 'elements', values: new Array<Element>(count).fill(null) }
      : { kind: 'pointers', values: new Array<PtrValue>(count).fill(null) };
  copyCells(readOnly(obj.contents), first, contents, 0, count);
  return contents;
}

/** Indeterminate contents shaped like the host cells of `range`. */
export function indeterminateCells(state: ModelState, range: Range): Contents {
  const obj = objectReading(state, range);
  // A pointer word alone (K-B47 `member-word`: 8 bytes of a 16-byte member) still holds its pointer's cell.
  const count = Math.ceil((range.end - range.start) / unitBytes(obj.contents));
  if (obj.contents.kind === 'mixed') {
    const first = (range.start - obj.start) / ELEMENT_BYTES;
    return { kind: 'mixed', values: obj.contents.values.slice(first, first + count).map((c) => (c === 0 ? 0 : 'p' in c ? { p: { space: 'indeterminate' } } : { e: null })) };
  }
  return obj.contents.kind === 'elements'
    ? { kind: 'elements', values: new Array<Element>(count).fill(null) }
    : { kind: 'pointers', values: Array.from({ length: count }, () => ({ space: 'indeterminate' }) as PtrValue) };
}

/** Fortran-style name of a host range for messages: `a(2:5)`, `c`, or a raw address range. */
export function describeRange(state: ModelState, range: Range): string {
  const i = state.facts.indexHolding(range);
  const obj = i < 0 ? undefined : vecRead(readOnly(state).host, i);
  if (!obj) return `host [0x${range.start.toString(16)}, 0x${range.end.toString(16)})`;
  if (obj.contents.kind === 'pointers') return obj.name;
  if (obj.contents.kind === 'mixed') return formatStructBytes(state.facts.world.structs.find((s) => s.name === obj.name)!, range.start - obj.start, range.end - obj.start);
  const lo = (range.start - obj.start) / ELEMENT_BYTES;
  const hi = Math.ceil((range.end - obj.start) / ELEMENT_BYTES);
  return formatSubarray(obj.name, lo, hi, obj.contents.values.length, state.facts.world.arrays.find((a) => a.name === obj.name)?.shape);
}

/**
 * The table invariants every step must keep, object by object (every entry lies inside one host
 * object, and is kept in that object's lists): sections sorted and disjoint, counters not
 * negative, every section present (some counter positive) on a live block, and an attachment
 * counter for exactly the pointer members inside sections; then the OpenMP tables (see
 * checkOmpInvariants). A violation is a bug in the model.
 */
export function checkInvariants(state: ModelState): void {
  for (let i = 0; i < state.facts.layout.length; i++) checkObjectInvariants(state, i);
}

/**
 * The same invariants for the objects whose tables one step changed: the lists of `after` that
 * are not those of `before` (a step leaves every other object's lists untouched, and those were
 * checked when they were made). Costs what the step changed, not what the state holds.
 */
export function checkChangedInvariants(before: ModelState, after: ModelState): void {
  const changed = new Set<number>();
  const note = (i: number) => changed.add(i);
  vecChanges(before.sections, after.sections, note);
  vecChanges(before.attachments, after.attachments, note);
  after.ompEntries.forEach((entries, d) => vecChanges(before.ompEntries[d]!, entries, note));
  for (const i of changed) checkObjectInvariants(after, i);
}

function checkObjectInvariants(state: ModelState, index: number): void {
  const obj = state.facts.layout[index]!;
  const inside = (r: Range) => obj.start <= r.start && r.end <= obj.start + obj.bytes;
  const members = new Set<number>();
  const sections = sectionsOf(state, index);
  sections.forEach((s, i) => {
    const where = `internal: section at 0x${s.start.toString(16)}`;
    if (!inside(s)) throw new Error(`${where} is filed under host object ${obj.name} but lies outside it`);
    const previous = sections[i - 1];
    if (previous && previous.end > s.start) throw new Error(`${where} overlaps or is out of order`);
    if (s.src < 0 || s.drc < 0) throw new Error(`${where} has a negative reference counter`);
    if (s.src + s.drc === 0) throw new Error(`${where} is in the table with both counters zero`);
    const block = blockById(state, s.block);
    if (!block.alive) throw new Error(`${where} uses dead device block ${s.block}`);
    if (s.origin === 'clause' && (s.offset !== 0 || block.source !== 'map'))
      throw new Error(`${where} is a clause copy that does not own its map block`);
    if (s.origin === 'map_data' && (block.source !== 'alloc' || block.device !== 0 || s.offset + s.end - s.start > block.bytes))
      throw new Error(`${where} is mapped by acc_map_data outside acc_malloc memory of device 0`);
    for (const addr of membersInside(state, s)) members.add(addr);
  });
  const counted = Object.keys(attachmentsOf(state, index)).map(Number);
  if (counted.length !== members.size || counted.some((addr) => !members.has(addr)))
    throw new Error(`internal: attachment counters of ${obj.name} do not match the pointer members of present sections`);
  state.ompEntries.forEach((table, device) => checkOmpInvariants(state, device, vecGet(table, index), inside));
}

/**
 * The OpenMP entries of one device inside one object: in creation order with a count of at least
 * 1; map entries have a finite count and own a live map block of their device and size (or a self
 * map); associate entries have an infinite count and use omp_target_alloc memory of their device.
 */
function checkOmpInvariants(state: ModelState, device: number, entries: OmpEntry[], inside: (r: Range) => boolean): void {
  entries.forEach((e, i) => {
    const where = `internal: OpenMP entry at 0x${e.start.toString(16)} on device ${device}`;
    if (!inside(e)) throw new Error(`${where} lies outside the host object it is filed under`);
    const previous = entries[i - 1];
    if (previous && previous.order >= e.order) throw new Error(`${where} is out of creation order`);
    if (e.rc !== INFINITE_RC && !(e.rc >= 1)) throw new Error(`${where} is in the table with reference count ${e.rc}`);
    if ((e.origin !== 'map') !== (e.rc === INFINITE_RC)) throw new Error(`${where}: only associate and declare entries have an infinite count`);
    if (e.block === null) {
      if (e.origin === 'associate' || e.offset !== 0) throw new Error(`${where} is a self map but not a map or declare entry at offset 0`);
      return;
    }
    const block = blockById(state, e.block);
    if (block.device !== device) throw new Error(`${where} uses block ${e.block} of another device`);
    if (e.origin !== 'associate' && (block.source !== 'map' || !block.alive || e.offset !== 0 || block.bytes !== e.end - e.start))
      throw new Error(`${where} does not own a live map block of its size`);
    // omp_target_free does not look at the table (OpenMP 6.0 §25.4), so an association can outlive the
    // memory it names; under the world's `reuse` allocator that block may since hold map storage.
    if (e.origin === 'associate' && block.source !== 'alloc' && state.facts.world.reuse !== true)
      throw new Error(`${where} is associated with map storage`);
  });
}

/** The counter a clause or routine works on: structured for regions, dynamic for data lifetimes. */
export type CounterName = 'src' | 'drc';
