// The optimised OpenACC runtime of program language version 1: a mutable present table (an
// interval tree over host ranges whose entries live in typed-array slots) over simulated host and
// device memory that hold raw addresses. It is the second, independent reading of lang/README.md;
// comments name the README rule each part carries out.

import type { Engine, IncrementalSnapshot, SectionGroup } from '../lang/engine.js';
import { ImplChanges } from './changes.js';
import type { AttachSnapshot, ErrorCode, Observation, SectionSnapshot, Snapshot } from '../lang/observation.js';
import {
  copyRef,
  ELEMENT_BYTES,
  HEAP_NAME,
  HEAP_STRIDE,
  kernelRef,
  kernelStatements,
  LANGUAGE_VERSION,
  POINTER_BYTES,
  POINTER_WORD_BYTES,
  worldDevices,
  type AccDataRoutine,
  type AccDeclare,
  type AccHostDataBegin,
  type AccMapData,
  type AccMemcpy,
  type AccParallel,
  type AccRegionClauseName,
  type AccUpdate,
  type Clause,
  type ElementBody,
  type HostWrite,
  type Program,
  type Step,
  type World,
} from '../lang/program.js';
import type { PtrArg } from '../lang/openmp.js';
import type { KnobValues, Profile } from '../profiles/index.js';
import { opApi, unreachable } from '../lang/ops.js';
import { IntervalTree } from './interval-tree.js';
import {
  DEVICE_BASE,
  DeviceMemory,
  devicePool,
  HostMemory,
  INDETERMINATE,
  NOT_LIVE,
  PAST_END,
  canonicalPtr,
  copyWords,
  pointerAddressAt,
  ptrBase,
  ptrCount,
  ptrIndeterminate,
  readWords,
  writeWords,
  writePtr,
  writeIndeterminatePtr,
  writeLowerBound,
  ptrLowerBound,
  type MemoryImage,
} from './memory.js';
import { OmpRuntime } from './omp.js';
import { REF_ARRAY, REF_MEMBER, REF_STRUCT, keptForRegion, refsOf, type CompiledRef, type WorldRefs } from './refs.js';
import { SectionSlots } from './slots.js';
import { privateCopyKernel, privateValues, scalarNames } from './firstprivate.js';
import { errorOutcome, ProgramStop, runtimeError, stops, undefinedBehaviour, undefinedOutcome } from './stop.js';
import { cLoweringOrder } from './order.js';

// ------------------------------------------------------------------------------------------------
// Clauses

const COPY = 0;
const COPYIN = 1;
const COPYOUT = 2;
const CREATE = 3;
const PRESENT = 4;
const NO_CREATE = 5;
const ATTACH = 6;
const DELETE = 7;
const DETACH = 8;

const CLAUSE_NAMES = ['copy', 'copyin', 'copyout', 'create', 'present', 'no_create', 'attach', 'delete', 'detach'];
// Stryker disable next-line ArrowFunction: static mutant (module level), killed by hand with impl/runtime.test.ts; Stryker's vitest runner activates it only after the module is loaded (stryker-js #6144)
const CLAUSE_CODES = new Map(CLAUSE_NAMES.map((name, code) => [name, code]));

/** Clauses each directive kind accepts, as bit sets over the clause codes. */
const ENTER_DATA_CLAUSES = (1 << COPYIN) | (1 << CREATE) | (1 << ATTACH);
const EXIT_DATA_CLAUSES = (1 << COPYOUT) | (1 << DELETE) | (1 << DETACH);
const REGION_CLAUSES =
  (1 << COPY) | (1 << COPYIN) | (1 << COPYOUT) | (1 << CREATE) | (1 << PRESENT) | (1 << NO_CREATE) | (1 << ATTACH);
/** A procedure's declare (OpenACC 3.3 §2.13): whole arrays only, so no pointer clauses. */
const PROCEDURE_CLAUSES = (1 << COPY) | (1 << COPYIN) | (1 << COPYOUT) | (1 << CREATE) | (1 << PRESENT);
/**
 * K-A56 `dynamic-enter-exit` (libgomp GOACC_declare as GCC lowers a function's declare): the clause
 * each declare clause is at the call (enter data) and at the return (exit data; -1: none), by code.
 */
const CALL_CLAUSE = [COPYIN, COPYIN, CREATE, CREATE];
const RETURN_CLAUSE = [COPYOUT, -1, COPYOUT, DELETE, -1];

// The clause vars of the directive being executed, and of every open data region, live on one
// stack of fixed-size records in a plain array of numbers (a region's record is what its exit
// acts on). Records are written field by field in index order, so the array grows by appending
// and stays packed; a typed array would cost an off-heap buffer per runtime (see typed.ts).
const VAR_FIELDS = 6;
const F_CLAUSE = 0;
/** Resolved host range [start, end) (data clauses, non-null). */
const F_START = 1;
const F_END = 2;
const F_POINTER_SLOTS = 3;
const F_FLAGS = 4;
/** Host address of the pointer member (attach / detach clauses and pointer references). */
const F_MEMBER = 5;
/** The var is a disassociated pointer: no data action. */
const FLAG_NULL = 1;
/** The var names a pointer member: attach at entry, detach at exit. */
const FLAG_POINTER = 2;
/** A no_create pointer reference whose data was absent at its entry action: no attach. */
const FLAG_NO_ATTACH = 4;
/** The pointer member of an element of an array of structs (cs(2)%p; K-A43). */
const FLAG_ELEMENT = 8;
/** A member section (`c%p(2:5)`): under K-A50 `section` its attach looks up the section's first element. */
const FLAG_SECTION = 16;
/** A no_create var whose data was absent at its entry action: the construct's accesses through it refer to the local copy. */
const FLAG_LOCAL = 32;

/** `locate` results besides a slot number. */
const ABSENT = -1;
/** How a program-scope declare named an array (K-A44). */
const DECLARED_DATA = 1;
const DECLARED_LINK = 2;
const PARTLY = -2;

/** Numbers per private pointer of a compute construct in ImplEngine.privatePtrs, and in privateVals. */
const PRIVATE_FIELDS = 2;
const VALUE_FIELDS = 4;

/** `devArg` result for a host address given where device memory is expected. */
// Stryker disable next-line UnaryOperator: a sentinel; +1 is neither null nor a device or host address (MUTATION.md)
const HOST_ADDRESS = -1;

// ------------------------------------------------------------------------------------------------

const OK: Observation = Object.freeze({ kind: 'ok' });
const HALTED: Observation = Object.freeze({ kind: 'halted' });

export class ImplEngine implements Engine {
  private readonly world: World;
  private readonly knobs: KnobValues;
  private readonly refs: WorldRefs;
  private readonly host: HostMemory;
  private readonly device: DeviceMemory;
  /** Present table of device 0: slot numbers keyed by host range. */
  private readonly table = new IntervalTree();
  private readonly slots = new SectionSlots();
  /**
   * The OpenMP half (lang/README-openmp.md): its own present tables, sharing host and device
   * memory. Made on the first OpenMP step (most programs are OpenACC-only, or the reverse).
   */
  private ompRuntime: OmpRuntime | null = null;
  /** OpenACC steps use device 0, which must be discrete (checked when such a step runs). */
  private readonly accDeviceDiscrete: boolean;

  // Stryker disable next-line ArrayDeclaration: records are written index by index before they are read (MUTATION.md)
  private readonly vars: number[] = [];
  /** Reference of each var record, for messages. */
  // Stryker disable next-line ArrayDeclaration: as vars
  private readonly varRefs: CompiledRef[] = [];
  /** Scalar variables of the world (impl/firstprivate.ts). */
  private readonly scalars: ReadonlySet<string>;
  private varTop = 0;
  /** First var record of each open acc_data region, innermost last. */
  private readonly regions: number[] = [];
  private halted = false;
  /** acc_malloc results by name: raw device address, 0 for a null result. */
  private readonly handles = new Map<string, number>();
  /** Handles of the open host_data regions, innermost last (each ends with its region). */
  private readonly hostDataRegions: { handle: string; var: string; value: Observation }[] = [];
  /** Live blocks acc_malloc made. */
  private readonly mallocBlocks = new Set<number>();
  /** K-A72 `descriptor`: per Fortran pointer array, the enter data vars naming it that no exit data gave back. */
  private readonly descriptors = new Map<string, number>();
  /** Slots of sections acc_map_data made (the program's own memory; K-A7 counting). */
  private readonly userMapped = new Set<number>();
  /** Made on the first call of incremental(). */
  private changes: ImplChanges | null = null;
  /**
   * The private pointers of the compute construct being run (privatePointers): PRIVATE_FIELDS
   * numbers each, the pointer's host address and the var record of its section; privateTop
   * numbers. After the entry actions privateVals holds their values (privateValues), VALUE_FIELDS
   * numbers each in the same order: address (0: null), element count, lower bound and the device
   * block the address was found in (0: none).
   */
  // Stryker disable next-line ArrayDeclaration: records are written index by index before they are read
  private readonly privatePtrs: number[] = [];
  private privateTop = 0;
  // Stryker disable next-line ArrayDeclaration: as privatePtrs
  private readonly privateVals: number[] = [];

  // Result of resolveData: the reference's host range, or a null pointer.
  /** Allocations the program's `allocate` steps made so far: the next one's place in the host heap. */
  private allocations = 0;
  /** K-C1 `lifo`: host addresses of freed allocations and their glibc chunk bytes, a stack (the last freed on top). */
  private readonly freedAt: number[] = [];
  private readonly freedChunk: number[] = [];
  private rStart = 0;
  private rEnd = 0;
  // Stryker disable next-line BooleanLiteral: resolveData sets rNull before every read
  private rNull = false;

  constructor(program: Program, profile: Profile) {
    if ((program.version ?? LANGUAGE_VERSION) !== LANGUAGE_VERSION)
      throw new Error(`program language version ${program.version} is not supported (impl runs version ${LANGUAGE_VERSION})`);
    this.world = program.world;
    this.accDeviceDiscrete = worldDevices(this.world)[0]!.kind === 'discrete';
    this.knobs = profile.knobs;
    this.refs = refsOf(this.world);
    this.scalars = scalarNames(this.world);
    this.host = new HostMemory(this.world, this.refs);
    this.device = new DeviceMemory(this.world.reuse === true);
  }

  private get omp(): OmpRuntime {
    return (this.ompRuntime ??= new OmpRuntime(this.world, this.knobs, this.refs, this.host, this.device));
  }

  apply(step: Step): Observation {
    if (this.halted) return HALTED;
    try {
      const observation = this.execute(step);
      // An error or undefined observation a step returned ends the program (stop.ts), and so does
      // a routine or modifier the profile's runtime lacks (K-B24 … K-B26).
      if (stops(observation) || observation.kind === 'unavailable') this.halted = true;
      return observation;
    } catch (e) {
      if (!(e instanceof ProgramStop)) throw e;
      this.halted = true;
      return e.observation;
    }
  }

  snapshot(): Snapshot {
    const sections: SectionSnapshot[] = [];
    const attachments: AttachSnapshot[] = [];
    // Entries are disjoint, so start order is also the order of the members inside them.
    this.table.forEach((slot) => {
      sections.push(this.sectionRow(slot));
      this.attachmentRows(slot, attachments);
    });
    // The OpenMP rows spelt out, not spread from ompRows(): a spread copies property by property.
    const omp = this.ompRuntime;
    return { sections, attachments, ompEntries: omp ? omp.entries() : [], ompPointers: omp ? omp.pointers() : [] };
  }

  /** The snapshot rows of the entry in `slot`: its section and the pointer members inside it. */
  private groupOf(slot: number): SectionGroup {
    return { section: this.sectionRow(slot), attachments: this.attachmentRows(slot, []) };
  }

  /** The section row of the entry in `slot`. */
  private sectionRow(slot: number): SectionSnapshot {
    const s = this.slots;
    const start = s.hostStart[slot]!;
    const block = s.block[slot]!;
    const section: SectionSnapshot = { host: [start, s.hostEnd[slot]!], block, src: s.src[slot]!, drc: s.drc[slot]! };
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `size > 0` only skips Set.has on an empty set (MUTATION.md)
    if (this.userMapped.size > 0 && this.userMapped.has(slot)) {
      section.origin = 'map_data';
      section.offset = s.devBase[slot]! - this.device.base(block);
    }
    return section;
  }

  /** Appends the attachment rows of the pointer members inside the entry in `slot` to `into`; returns it. */
  private attachmentRows(slot: number, into: AttachSnapshot[]): AttachSnapshot[] {
    const s = this.slots;
    const start = s.hostStart[slot]!;
    const img = this.device.view(s.block[slot]!);
    for (let i = 0; i < s.acLen[slot]!; i++) {
      const off = i * POINTER_BYTES;
      into.push({ ptr: start + off, ac: s.attachCounters[s.acBase[slot]! + i]!, device: canonicalPtr(this.device, img, off) });
    }
    return into;
  }

  private ompRows(): Pick<Snapshot, 'ompEntries' | 'ompPointers'> {
    const omp = this.ompRuntime;
    return { ompEntries: omp ? omp.entries() : [], ompPointers: omp ? omp.pointers() : [] };
  }

  /** The snapshot by entry, and the entries each step may have changed (impl/changes.ts). */
  incremental(): IncrementalSnapshot {
    return (this.changes ??= new ImplChanges(this.slots, this.device, (slot) => this.groupOf(slot), () => this.ompRows()));
  }

  /**
   * The runtime's state as a string, for bounded-exhaustive checking (properties/check.ts): equal
   * strings, equal futures. The present table and attachments as the snapshot gives them (blocks
   * renamed in order of appearance), the element data of every present array, host memory, the
   * open regions' var records and whether the program halted. OpenACC state only: a runtime whose
   * OpenMP half is in use cannot give one.
   */
  stateKey(): string {
    if (this.ompRuntime !== null) throw new Error('stateKey: the OpenMP half is in use (bounded-exhaustive checking covers OpenACC only)');
    const snap = this.snapshot();
    const names = new Map<number, number>();
    const name = (b: number) => names.get(b) ?? (names.set(b, names.size + 1), names.size);
    const sections = snap.sections.map((s) => [s.host[0], s.host[1], name(s.block), s.src, s.drc, Array.from(this.device.view(s.block).words).join(',')]);
    const attachments = snap.attachments.map((a) => [a.ptr, a.ac, a.device !== null && a.device.space === 'dev' ? { ...a.device, block: name(a.device.block) } : a.device]);
    const vars = this.vars.slice(0, this.varTop * VAR_FIELDS);
    const texts = this.varRefs.slice(0, this.varTop).map((r) => r.text);
    // A reusing allocator hands dead blocks out again, lowest address first: they decide the future.
    const freed = this.world.reuse === true ? this.device.freedBlocks().map(([b, bytes, pool]) => [name(b), bytes, pool]) : [];
    // Where the next allocations lie (K-C1 `lifo` hands freed storage out again).
    return JSON.stringify([this.halted, sections, attachments, Array.from(this.host.image.words).join(','), vars, texts, this.regions, freed, this.allocations, this.freedAt]);
  }

  // ----------------------------------------------------------------------------------------------
  // Steps

  private execute(given: Step): Observation {
    // K-A62 `reversed`: the clause vars and map items in the order GCC 12's C lowering acts on them.
    const step = this.knobs['K-A62'] === 'reversed' ? cLoweringOrder(given) : given;
    if (!this.accDeviceDiscrete && opApi(step.op) === 'openacc')
      throw new Error('OpenACC steps use device 0, which must be discrete in language version 1');
    switch (step.op) {
      case 'acc_enter_data': { // OpenACC 3.3 §2.6.6 Enter Data Directive
        const base = this.varTop;
        this.pushClauses(step.clauses, ENTER_DATA_CLAUSES, step.op);
        this.enterClauses(base, false);
        if (this.stopped !== null) return this.stopped;
        this.varTop = base;
        return OK;
      }
      case 'acc_exit_data': { // OpenACC 3.3 §2.6.6 Exit Data Directive
        const base = this.varTop;
        this.pushClauses(step.clauses, EXIT_DATA_CLAUSES, step.op);
        this.exitClauses(base, false, step.finalize === true);
        this.varTop = base;
        return OK;
      }
      case 'acc_data_begin': { // OpenACC 3.3 §2.6.5 Data Construct (entry)
        const base = this.varTop;
        this.pushClauses(step.clauses, REGION_CLAUSES, step.op);
        this.enterClauses(base, true, true);
        if (this.stopped !== null) return this.stopped;
        this.regions.push(base);
        return OK;
      }
      case 'acc_data_end': { // OpenACC 3.3 §2.6.5 Data Construct (exit)
        const base = this.regions.pop();
        if (base === undefined) throw new Error('acc_data_end without an open acc_data_begin region');
        this.exitClauses(base, true, false);
        this.varTop = base;
        return OK;
      }
      case 'acc_parallel': // OpenACC 3.3 §2.5.1 Parallel Construct, §2.6.2 implicit data attributes
        return this.parallel(step);
      case 'acc_copyin': // OpenACC 3.3 §3.2.18 acc_copyin, acc_create
      case 'acc_create':
        return this.keep(step.result, this.accCopyinCreate(step));
      case 'acc_copyout': // OpenACC 3.3 §3.2.19 acc_copyout, acc_delete
      case 'acc_copyout_finalize':
      case 'acc_delete':
      case 'acc_delete_finalize':
        return this.accCopyoutDelete(step);
      case 'acc_attach': // OpenACC 3.3 §3.2.29 acc_attach, acc_detach
        this.attachAction(this.memberRef(step.ptr, step.op).start);
        return OK;
      case 'acc_detach':
        this.detachAction(this.memberRef(step.ptr, step.op).start);
        return OK;
      case 'acc_detach_finalize':
        this.immediateDetachAction(this.memberRef(step.ptr, step.op).start);
        return OK;
      case 'acc_is_present': // OpenACC 3.3 §3.2.25 acc_is_present
        return { kind: 'value', value: this.accIsPresent(step.var, step.bytes) };
      case 'acc_deviceptr': // OpenACC 3.3 §3.2.23 acc_deviceptr
        return this.keep(step.result, this.accDeviceptr(step.var));
      case 'acc_malloc':
        return this.malloc(step.bytes, step.result);
      case 'acc_free':
        return this.freeRoutine(step.ptr);
      case 'acc_map_data':
        return this.mapData(step);
      case 'acc_unmap_data':
        return this.unmapData(step.var);
      case 'acc_memcpy_to_device':
      case 'acc_memcpy_from_device':
        return this.memcpy(step);
      case 'acc_update': // OpenACC 3.3 §2.14.4 Update Directive
        return this.accUpdate(step);
      case 'acc_declare': // OpenACC 3.3 §2.13 Declare Directive (program scope)
        return this.accDeclare(step);
      case 'pointer_assign':
        return this.pointerAssign(step.ptr, step.target, step.lbound);
      case 'nullify': {
        const member = this.memberRef(step.ptr, step.op).start;
        this.ompRuntime?.checkHostPointerStore(member);
        writePtr(this.host.image, this.host.offset(member), 0, 0);
        return OK;
      }
      case 'allocate': // Fortran 2018 §9.7.1 ALLOCATE statement
        return this.allocate(step.ptr, step.length, step.value ?? 0);
      case 'deallocate': {
        // Fortran 2018 §9.7.3 DEALLOCATE statement: the device never hears of it (model/allocatable.ts)
        const member = this.memberRef(step.ptr, step.op).start;
        this.ompRuntime?.checkHostPointerStore(member);
        const off = this.host.offset(member);
        if (this.knobs['K-C1'] === 'lifo') {
          this.freedAt.push(ptrBase(this.host.image, off));
          this.freedChunk.push(mallocChunkBytes(ptrCount(this.host.image, off) * ELEMENT_BYTES));
        }
        writePtr(this.host.image, off, 0, 0);
        return OK;
      }
      case 'host_write':
        return this.hostAccess(step.var, step);
      case 'host_read':
        return step.at !== undefined || step.bounds ? this.hostView(step.var, step.at) : this.hostAccess(step.var, null);
      case 'omp_target_enter_data':
      case 'omp_target_exit_data':
      case 'omp_target_data_begin':
      case 'omp_target_data_end':
      case 'omp_target':
      case 'omp_target_alloc':
      case 'omp_target_free':
      case 'omp_target_is_present':
      case 'omp_target_is_accessible':
      case 'omp_target_associate_ptr':
      case 'omp_target_disassociate_ptr':
      case 'omp_get_mapped_ptr':
      case 'omp_target_memcpy':
      case 'omp_target_update':
      case 'omp_declare_target':
      case 'omp_target_data_use_device_begin':
      case 'omp_target_data_use_device_end':
        return this.omp.execute(step);
      case 'acc_procedure_begin': { // OpenACC 3.3 §2.13 Declare Directive in a procedure (the call)
        const base = this.varTop;
        this.pushClauses(step.clauses, PROCEDURE_CLAUSES, step.op);
        if (this.knobs['K-A56'] === 'structured-region') this.enterClauses(base, true);
        else this.declareCall(base);
        if (this.stopped !== null) return this.stopped;
        this.regions.push(base);
        return OK;
      }
      case 'acc_procedure_end': { // OpenACC 3.3 §2.13 Declare Directive in a procedure (the return)
        const base = this.regions.pop();
        if (base === undefined) throw new Error('acc_procedure_end without an open acc_procedure_begin');
        this.exitClauses(base, this.knobs['K-A56'] === 'structured-region', false);
        this.varTop = base;
        return OK;
      }
      case 'acc_host_data_begin': // OpenACC 3.3 §2.8 host_data construct (entry), §2.8.1 use_device
        return this.hostDataBegin(step);
      case 'acc_host_data_end': { // OpenACC 3.3 §2.8 host_data construct (end)
        const region = this.hostDataRegions.pop();
        if (region === undefined) throw new Error('acc_host_data_end without an open acc_host_data_begin region');
        this.handles.delete(region.handle);
        return OK;
      }
      default:
        return unreachable(step, 'step op');
    }
  }

  // ----------------------------------------------------------------------------------------------
  // References

  private ref(text: string): CompiledRef {
    return this.refs.get(text);
  }

  private memberRef(text: string, where: string): CompiledRef {
    const r = this.ref(text);
    if (r.kind !== REF_MEMBER) throw new Error(`'${text}' in ${where} must name a pointer member (c%p)`);
    return r;
  }

  /**
   * The host range a reference resolves to in data clauses, routines, kernels and host steps:
   * a pointer member stands for its current host target (rNull when disassociated).
   */
  private resolveData(r: CompiledRef): void {
    if (r.kind !== REF_MEMBER) {
      this.rStart = r.start;
      this.rEnd = r.end;
      this.rNull = false;
      return;
    }
    const img = this.host.image;
    const off = this.host.offset(r.start);
    if (ptrIndeterminate(img, off)) this.undefinedBehaviour(`${r.text} has an indeterminate host value`);
    const target = ptrBase(img, off);
    // A device address copied into the host pointer (K-A19 no-detach, K-B23 device-value).
    if (target >= DEVICE_BASE) this.undefinedBehaviour(`${r.text} holds a device address on the host`);
    this.rNull = target === 0;
    this.rStart = target;
    this.rEnd = target + ptrCount(img, off) * ELEMENT_BYTES;
    const section = r.section;
    if (section === undefined) return;
    // A member section: elements lo..hi of the target, which must hold them (Fortran bounds; C
    // pointer arithmetic inside the array), and a disassociated pointer has none.
    if (target === 0) this.undefinedBehaviour(`${r.text} is a section of a disassociated pointer`);
    // Fortran bounds: counted from the pointer's lower bound (1 unless remapped).
    const lbound = ptrLowerBound(img, off);
    if (section[0] < lbound || (section[1] - lbound + 1) * ELEMENT_BYTES > this.rEnd - target) this.undefinedBehaviour(`${r.text} runs past the end of its pointer's target`);
    this.rStart = target + (section[0] - lbound) * ELEMENT_BYTES;
    this.rEnd = target + (section[1] - lbound + 1) * ELEMENT_BYTES;
  }

  /**
   * The slot whose section contains [start, end), or ABSENT / PARTLY. `member`: the lookup of a
   * pointer member itself, which sees a K-A24 word slot whole.
   */
  private locate(start: number, end: number, member = false): number {
    // A zero-length subarray (K-A55 lookups) is found by the byte at its address.
    if (start === end) {
      const at = this.table.findPoint(start);
      return at >= 0 ? at : ABSENT;
    }
    const slot = member ? this.table.findContaining(start, end) : this.findData(start, end);
    if (slot >= 0) return slot;
    return this.table.anyOverlap(start, end) >= 0 ? PARTLY : ABSENT;
  }

  /**
   * K-A11 `extends-before`: the one slot that data range [start, end) overlaps when the range
   * starts before it and ends inside it (a K-A24 word slot ends after its pointer word), or -1.
   */
  private extendedBefore(start: number, end: number): number {
    const slot = this.table.findPoint(end - 1);
    if (slot < 0) return -1;
    const s = this.slots;
    const slotStart = s.hostStart[slot]!;
    // Stryker disable next-line ArithmeticOperator: no reference ends inside a pointer word (MUTATION.md)
    const slotEnd = s.word[slot] === 1 ? slotStart + POINTER_WORD_BYTES : s.hostEnd[slot]!;
    if (!(start < slotStart && end <= slotEnd)) return -1;
    return this.table.anyOverlap(start, slotStart) >= 0 ? -1 : slot;
  }

  /**
   * K-A69 `found-section`: the one slot that var i's data [start, end) overlaps. Several: undefined,
   * as which one libgomp's splay tree finds is its own.
   */
  /** The one slot that [start, end) overlaps, or -1 when it overlaps several (K-A44's lookup). */
  private singleOverlap(start: number, end: number): number {
    // Stryker disable next-line UnaryOperator: equivalent: the callback sets it whenever one slot is found, and -1 is returned otherwise
    let slot = -1;
    let count = 0;
    this.table.overlapping(start, end, (id) => {
      slot = id;
      count++;
    });
    return count === 1 ? slot : -1;
  }

  private onlyOverlap(start: number, end: number, i: number): number {
    let slot = -1;
    let count = 0;
    this.table.overlapping(start, end, (id) => {
      slot = id;
      count++;
    });
    if (count > 1) this.undefinedBehaviour(`${this.varRefs[i]!.text}: its data overlaps ${count} mapped sections, and which one the runtime finds is its own`);
    return slot;
  }

  /**
   * K-A75: whether var i is one map entry for libgomp: bytes of its own, and neither a pointer
   * reference (its attach ends the group), a null pointer, a non-pointer member of a struct (GCC
   * maps those in a GOMP_MAP_STRUCT group) nor an array whose descriptor follows (K-A72).
   */
  private oneMapEntry(i: number): boolean {
    const at = i * VAR_FIELDS;
    const r = this.varRefs[i]!;
    return (
      (this.vars[F_FLAGS + at]! & (FLAG_POINTER | FLAG_NULL)) === 0 &&
      this.vars[F_START + at]! < this.vars[F_END + at]! &&
      !this.descriptorArray(i) &&
      !(r.kind === REF_ARRAY && this.world.structs.some((d) => d.name === r.root))
    );
  }

  /** The slot containing data range [start, end), or -1: a K-A24 word slot contains only its pointer word. */
  private findData(start: number, end: number): number {
    const slot = this.table.findContaining(start, end);
    return slot >= 0 && this.slots.word[slot] === 1 && end > this.slots.hostStart[slot]! + POINTER_WORD_BYTES ? -1 : slot;
  }

  // ----------------------------------------------------------------------------------------------
  // Directives

  /** Resolves every clause var (at the start of the directive) onto the var stack. */
  private pushClauses(clauses: readonly Clause<string>[], allowed: number, op: string): void {
    for (let c = 0; c < clauses.length; c++) {
      const clause = clauses[c]!;
      const code = CLAUSE_CODES.get(clause.clause);
      if (code === undefined || (allowed & (1 << code)) === 0)
        throw new Error(`${op} does not take a '${clause.clause}' clause`);
      for (let v = 0; v < clause.vars.length; v++) this.pushVar(code, this.ref(clause.vars[v]!));
    }
  }

  private pushVar(code: number, r: CompiledRef): void {
    let start = 0;
    let end = 0;
    let flags: number;
    if (code === ATTACH || code === DETACH) {
      if (r.kind !== REF_MEMBER) throw new Error(`'${r.text}' in a ${CLAUSE_NAMES[code]} clause must name a pointer member (c%p)`);
      flags = FLAG_POINTER;
    } else {
      this.resolveData(r);
      start = this.rStart;
      // K-A71 `column-span` (gfortran): some rows of one column name the whole column from the first.
      end = this.refs.directiveEnd(r, this.rEnd, this.knobs);
      // K-A1: a member in a data clause is a pointer reference (attached / detached) only under the
      // base-pointer reading; K-A1p decides it for a plain pointer variable.
      const pointerRef = r.kind === REF_MEMBER && this.knobs[this.refs.plain.has(r.root) ? 'K-A1p' : 'K-A1'] === 'base-pointer';
      // An element's member is `cs(2)%p`: a `(` right after the root's name (`c%p`, `c%p(2:5)`: a `%`).
      const element = pointerRef && r.text.charCodeAt(r.root.length) === 0x28;
      flags = (this.rNull ? FLAG_NULL : 0) | (pointerRef ? FLAG_POINTER : 0) | (element ? FLAG_ELEMENT : 0) | (pointerRef && r.section !== undefined ? FLAG_SECTION : 0);
    }
    // In index order, so a new record is appended.
    const at = this.varTop * VAR_FIELDS;
    const v = this.vars;
    // Stryker disable next-line ArithmeticOperator: F_CLAUSE is field 0, so at - F_CLAUSE is at + F_CLAUSE
    v[at + F_CLAUSE] = code;
    v[at + F_START] = start;
    v[at + F_END] = end;
    v[at + F_POINTER_SLOTS] = r.pointerSlots;
    v[at + F_FLAGS] = flags;
    // Stryker disable next-line ConditionalExpression: F_MEMBER is read only for pointer vars (attach / detach clauses, pointer references)
    v[at + F_MEMBER] = r.kind === REF_MEMBER ? r.start : 0;
    this.varRefs[this.varTop] = r;
    this.varTop++;
  }

  /**
   * Entry: every data clause var's entry action, then the attach actions, in order of appearance.
   * K-A17 `list-order`: one pass, an attach clause var attaching at its place and a pointer
   * reference right after its own data; `attach-first`: attach clause vars first, then that pass
   * over the data clause vars.
   */
  private enterClauses(base: number, structured: boolean, dataConstruct = false): void {
    const top = this.varTop;
    const order = this.knobs['K-A17'];
    const groups = this.knobs['K-A64'] === 'struct-group' ? this.structGroups(base, top) : null;
    if (order === 'attach-first')
      for (let i = base; i < top; i++) if (this.vars[F_CLAUSE + i * VAR_FIELDS] === ATTACH) this.attachAction(this.vars[F_MEMBER + i * VAR_FIELDS]!);
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      const code = this.vars[F_CLAUSE + at]!;
      if (code === ATTACH) {
        if (order === 'list-order') this.attachAction(this.vars[F_MEMBER + at]!);
        continue;
      }
      // K-A75 `grouped` (libgomp find_group_last): in enter data, a var of one map entry that an
      // attach clause var follows at once is one group with it; found by any overlap, the attach
      // runs first and the slot found counts one more dynamic reference, with no bounds check.
      if (!structured && order === 'list-order' && this.knobs['K-A75'] === 'grouped' && i + 1 < top && this.vars[F_CLAUSE + at + VAR_FIELDS] === ATTACH && this.oneMapEntry(i)) {
        const start = this.vars[F_START + at]!;
        const end = this.vars[F_END + at]!;
        if (this.locate(start, end) !== ABSENT) {
          const slot = this.onlyOverlap(start, end, i);
          // (the key found must not be of infinite count: acc_map_data's, or a declared array's as GCC's C front end makes it, K-A44)
          if (this.userMapped.has(slot) || (this.knobs['K-A44'] === 'assert' && this.declaredHolding(start) === DECLARED_DATA))
            this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: the runtime asserts on data of infinite count found with the attach after it`);
          this.attachAction(this.vars[F_MEMBER + at + VAR_FIELDS]!);
          this.slots.drc[slot] = this.slots.drc[slot]! + 1;
          i++;
          continue;
        }
      }
      // K-A64 `struct-group`: the first member var of a struct's group looks the group up.
      const group = groups?.get(i);
      if (group !== undefined) this.structGroupCheck(group);
      // K-A22 `member-mapped`: the pointer member itself first (GCC's map(alloc:c.p) of the struct).
      if (this.mapsMember(code, this.vars[F_FLAGS + at]!)) {
        const member = this.vars[F_MEMBER + at]!;
        // K-A24 `pointer-word`: a member mapped alone covers only its pointer word for other lookups.
        // K-A68 `address-only` (gfortran 12): its descriptor is allocated, not copied; the attach
        // writes the address word only, so kernels cannot go through it.
        const wordOnly = this.knobs['K-A24'] === 'pointer-word';
        const addressOnly = this.knobs['K-A68'] === 'address-only';
        const fresh = (wordOnly || addressOnly) && this.table.anyOverlap(member, member + POINTER_BYTES) < 0;
        // No stop: a range that overlaps the member's bytes contains them (see exitClauses).
        this.clauseEntry(CREATE, member, member + POINTER_BYTES, 1, structured, i, true);
        if (fresh) {
          const slot = this.table.findContaining(member, member + POINTER_BYTES);
          if (wordOnly) this.slots.word[slot] = 1;
          if (addressOnly) this.slots.addressOnly[slot] = 1;
        }
      }
      // K-A23 `skip`: in enter data a null pointer reference gets no attach (libgomp skips the group at a null address).
      if (!structured && (this.vars[F_FLAGS + at]! & FLAG_NULL) !== 0 && this.knobs['K-A23'] === 'skip') this.vars[F_FLAGS + at] = this.vars[F_FLAGS + at]! | FLAG_NO_ATTACH;
      const start = this.vars[F_START + at]!;
      const end = this.vars[F_END + at]!;
      // K-A44 `assert` (GCC 12 C): enter data of a pointer reference into data of infinite count (a
      // declared array, data acc_map_data mapped) or into a link array no data clause maps now
      // stops on libgomp's assertion in goacc_enter_data_internal.
      if (!structured && (this.vars[F_FLAGS + at]! & (FLAG_POINTER | FLAG_NULL)) === FLAG_POINTER && this.knobs['K-A44'] === 'assert') {
        const declared = this.declaredHolding(start);
        const slot = this.locate(start, end);
        // lookup_host finds any key overlapping the data: the one slot it overlaps, present or not
        // (a zero-length section by the byte at its address).
        if (declared === DECLARED_DATA || this.userMapped.has(this.singleOverlap(start, Math.max(end, start + 1))) || (declared === DECLARED_LINK && slot === ABSENT))
          this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: the runtime asserts on a pointer reference into a declared array`);
      }
      // K-A60 `registered` (GCC 12 C): enter data of a link array no data clause maps now stops on
      // the runtime's assertion over the link key it finds.
      if (!structured && (this.vars[F_FLAGS + at]! & FLAG_POINTER) === 0 && this.knobs['K-A60'] === 'registered' && this.declaredHolding(start) === DECLARED_LINK && this.locate(start, end) === ABSENT)
        this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: the runtime asserts on a link array it keys from the start`);
      // K-A11 `extends-before`: in enter data a plain var starting before a present section and
      // ending inside it counts one more dynamic reference there (libgomp goacc_map_var_existing);
      // K-A69 `data-alone` (gfortran 12): a pointer reference's data, a map group of its own, too.
      const held =
        !structured &&
        ((this.vars[F_FLAGS + at]! & FLAG_POINTER) === 0 || this.knobs['K-A69'] === 'data-alone') &&
        this.knobs['K-A11'] === 'extends-before' &&
        this.locate(start, end) === PARTLY
          ? this.extendedBefore(start, end)
          : -1;
      // K-A69 `found-section` (GCC 12 C): in enter data a pointer reference's data, looked up by any
      // overlap, counts one more dynamic reference on the slot found, whichever end sticks out
      // (libgomp goacc_enter_data_internal, a map group of more than one entry); its attach follows.
      const found =
        !structured && (this.vars[F_FLAGS + at]! & FLAG_POINTER) !== 0 && this.knobs['K-A69'] === 'found-section' && this.locate(start, end) === PARTLY
          ? this.onlyOverlap(start, end, i)
          : held;
      if (found >= 0) {
        if (!this.frozenCounters(found)) this.slots.drc[found] = this.slots.drc[found]! + 1;
        // K-A72 `descriptor` (gfortran 12): the array's descriptor, mapped afresh, points at its
        // first element, which extends-before left absent, unless the byte before it is held (the
        // lookup's second probe). (Only extends-before finds an array var's slot here.)
        if (this.descriptorArray(i) && !this.descriptorHeld(this.varRefs[i]!.root, base) && this.table.findPoint(start - 1) < 0)
          this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: the descriptor, mapped afresh, points at a first element that is not present (Pointer target of array section wasn't mapped)`);
      } else if ((this.vars[F_FLAGS + at]! & FLAG_NULL) === 0) {
        // K-A61 `abort` (gfortran 12's pointer arrays): on a data construct, no_create of an array
        // whose data is absent stops when the descriptor's data pointer looks that data up (a
        // struct's array field is no pointer array).
        if (
          dataConstruct &&
          code === NO_CREATE &&
          this.knobs['K-A61'] === 'abort' &&
          start < end &&
          this.declaredHolding(start) === 0 &&
          this.locate(start, end) === ABSENT &&
          // (a var rooted at one of the world's arrays is an array reference)
          this.world.arrays.some((a) => a.name === this.varRefs[i]!.root)
        )
          this.runtimeError('fatal_lowering', `no_create of ${this.varRefs[i]!.text}: the descriptor's data pointer finds no target`);
        const present = this.clauseEntry(code, start, end, this.vars[F_POINTER_SLOTS + at]!, structured, i);
        if (this.stopped !== null) return;
        // §2.7.10: the region's accesses to an array (or a struct's field) no_create found absent refer to the local copy.
        if (!present && code === NO_CREATE && this.varRefs[i]!.kind === REF_ARRAY) this.vars[F_FLAGS + at] = this.vars[F_FLAGS + at]! | FLAG_LOCAL;
        // no_create attaches only data that was present (OpenACC 3.3 §2.7.10), unless K-A59 `attach`
        // (GCC: its attach runs whatever no_alloc found); every other clause attaches its pointer
        // reference, zero bytes found or not, except zero bytes under K-A55 `no-op` (no data, so no
        // pointer reference either).
        if (!present && (code === NO_CREATE ? this.knobs['K-A59'] !== 'attach' : start === end && this.knobs['K-A55'] === 'no-op'))
          this.vars[F_FLAGS + at] = this.vars[F_FLAGS + at]! | FLAG_NO_ATTACH;
      }
      if (order !== 'after-data' && (this.vars[F_FLAGS + at]! & (FLAG_POINTER | FLAG_NO_ATTACH)) === FLAG_POINTER)
        this.attachAction(this.vars[F_MEMBER + at]!, this.sectionLookup(at));
      if (!structured && this.descriptorArray(i)) {
        const root = this.varRefs[i]!.root;
        this.descriptors.set(root, (this.descriptors.get(root) ?? 0) + 1);
      }
    }
    if (order !== 'after-data') return;
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      if ((this.vars[F_FLAGS + at]! & (FLAG_POINTER | FLAG_NO_ATTACH)) === FLAG_POINTER) this.attachAction(this.vars[F_MEMBER + at]!, this.sectionLookup(at));
    }
  }

  /**
   * K-A56 `dynamic-enter-exit`: the call of a procedure whose declare libgomp's GOACC_declare
   * performs. Var by var, in order: present stops the program unless the array lies in one section
   * (gomp_fatal "is not mapped"); create of such an array does nothing (GOMP_MAP_ALLOC only when
   * !acc_is_present); otherwise the var is entered as enter data would (copy, copyin: copyin;
   * copyout, create: create). The records left on the stack are what the return performs as exit
   * data: copy and copyout copy out, create deletes, copyin and present leave nothing. A stop
   * (`stopped`) ends it where it happens.
   */
  private declareCall(base: number): void {
    const top = this.varTop;
    let kept = base;
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      const code = this.vars[F_CLAUSE + at]!;
      const whole = this.locate(this.vars[F_START + at]!, this.vars[F_END + at]!) >= 0;
      if (code === PRESENT) {
        if (!whole) this.runtimeError('fatal_not_present', `declare present(${this.varRefs[i]!.text}): the data is not mapped`);
      } else if (code !== CREATE || !whole) {
        // One var as an enter data directive: the stack top moves to just past it for the while.
        this.vars[F_CLAUSE + at] = CALL_CLAUSE[code]!;
        this.varTop = i + 1;
        this.enterClauses(i, false);
        this.varTop = top;
        if (this.stopped !== null) return;
      }
      const back = RETURN_CLAUSE[code]!;
      if (back < 0) continue;
      // The record moves down over those that have no return clause (kept <= i).
      const to = kept * VAR_FIELDS;
      for (let f = 0; f < VAR_FIELDS; f++) this.vars[to + f] = this.vars[at + f]!;
      this.vars[to + F_CLAUSE] = back;
      this.varRefs[kept] = this.varRefs[i]!;
      kept++;
    }
    this.varTop = kept;
  }

  /**
   * Exit: the detach actions in order of appearance, then every data clause var's exit action. A
   * pointer reference of a data clause detaches only when its data is present with a nonzero
   * counter of this directive's kind; detach actions change no section or counter, so testing
   * that as each one comes is the same as testing it at the start of the exit (OpenACC 3.3 §2.7.5–
   * §2.7.9 and §2.7.11 delete, §2.7.13 detach clause).
   */
  private exitClauses(base: number, structured: boolean, finalize: boolean): void {
    const top = this.varTop;
    const deleteDetachesTwice = this.knobs['K-A10'] === 'twice';
    const immediateOnFinalize = this.knobs['K-A57'] === 'immediate';
    const counters = structured ? this.slots.src : this.slots.drc;
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      const flags = this.vars[F_FLAGS + at]!;
      if ((flags & FLAG_POINTER) === 0) continue;
      const code = this.vars[F_CLAUSE + at]!;
      const member = this.vars[F_MEMBER + at]!;
      if (code === DETACH && finalize) {
        this.immediateDetachAction(member);
        continue;
      }
      // K-A22 `member-mapped`: the member is detached whatever its target holds (an element's member
      // too, K-A43), but for a no_create var, which detaches what its entry attached.
      if (code !== DETACH && code !== ATTACH && (code === NO_CREATE || !this.mapsMember(code, flags & ~FLAG_ELEMENT))) {
        if ((flags & FLAG_NULL) !== 0) continue;
        const start = this.vars[F_START + at]!;
        const end = this.vars[F_END + at]!;
        // A zero-length member section holds its reference on the slot its address lies in (K-A55; none under `no-op`).
        const slot = start !== end ? this.table.findContaining(start, end) : this.knobs['K-A55'] === 'no-op' ? ABSENT : this.locate(start, end);
        if (slot < 0 || counters[slot] === 0) continue;
      }
      // K-A57 `immediate` (GCC's GOMP_MAP_FORCE_DETACH): exit data with finalize detaches a copyout
      // or delete pointer reference at once. Only exit data passes finalize, and it has no attach clause.
      if (finalize && immediateOnFinalize) {
        this.immediateDetachAction(member);
        continue;
      }
      this.detachAction(member);
      if (code === DELETE && deleteDetachesTwice) this.detachAction(member);
    }
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      const code = this.vars[F_CLAUSE + at]!;
      if (this.mapsMember(code, this.vars[F_FLAGS + at]!)) {
        // K-A22 `member-mapped`: the member is released first (GCC's map(release:c.p)), no copy-back.
        const member = this.vars[F_MEMBER + at]!;
        const held = this.locate(member, member + POINTER_BYTES, true);
        // Unreachable as the references are (MUTATION.md): a range that overlaps a pointer member's bytes
        // is the member, its struct or its struct element, which contain them.
        // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable (see above)
        if (held === PARTLY) this.runtimeError('acc_error_partly_present', `${this.varRefs[i]!.text}: its pointer member is partly present at exit`);
        // Stryker disable next-line ArithmeticOperator: [start, end) is read only for a copy back, which a member release never does
        if (held >= 0) this.clauseExit(held, structured, finalize, false, member, member + POINTER_BYTES);
      }
      // K-A55 `enter-exit-fatal` (GCC 12's C lowering): exit data of a disassociated pointer's section,
      // zero-length in C, has no action in the runtime. (Only data clause vars are flagged null.)
      if ((this.vars[F_FLAGS + at]! & FLAG_NULL) !== 0 && !structured && this.knobs['K-A55'] === 'enter-exit-fatal')
        this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: exit data of a disassociated pointer's zero-length section, which the runtime cannot handle`);
      // Stryker disable next-line ConditionalExpression,LogicalOperator,ArithmeticOperator: attach / detach and null vars have the range [0, 0), which locate finds ABSENT too (MUTATION.md)
      if (code === ATTACH || code === DETACH || (this.vars[F_FLAGS + at]! & FLAG_NULL) !== 0) continue;
      const start = this.vars[F_START + at]!;
      const end = this.vars[F_END + at]!;
      if (start === end) {
        // K-A55 `no-op`: a zero-length subarray gives nothing back.
        if (this.knobs['K-A55'] === 'no-op') continue;
        // K-A55 `enter-exit-fatal` (GCC 12's C lowering): exit data has no action for it.
        if (!structured && this.knobs['K-A55'] === 'enter-exit-fatal')
          this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: exit data of a zero-length subarray, which the runtime cannot handle`);
      }
      const slot = this.locate(start, end);
      // K-A60 `registered` (GCC 12 C): exit data of a link array no clause maps now (a pointer
      // reference's target too) finds the link key and stops on the runtime's assertion.
      if (slot === ABSENT && start !== end && !structured && this.knobs['K-A60'] === 'registered' && this.declaredHolding(start) === DECLARED_LINK)
        this.runtimeError('fatal_lowering', `${this.varRefs[i]!.text}: exit data of a link array the runtime keys from the start asserts`);
      // K-A72 `descriptor`: exit data gives one hold on the array's descriptor back, present data or not.
      if (!structured && this.descriptorArray(i)) {
        const root = this.varRefs[i]!.root;
        const held = this.descriptors.get(root) ?? 0;
        if (held > 0) this.descriptors.set(root, held - 1);
      }
      if (slot === ABSENT) continue;
      if (slot === PARTLY) {
        // present and no_create list no error at exit (OpenACC 3.3 §2.7.3): such data is left alone.
        if (code === PRESENT || code === NO_CREATE) continue;
        this.runtimeError('acc_error_partly_present', `${this.varRefs[i]!.text} is partly present at exit`);
      }
      this.clauseExit(slot, structured, finalize, code === COPY || code === COPYOUT, start, end);
    }
  }

  /**
   * K-A64 `struct-group`: the member vars among the data clause vars [base, top), grouped by the
   * struct (or struct element) holding them and keyed by each group's first var: [struct start,
   * last member end), then each member's (start, end): a mapped pointer member's slot or a
   * non-pointer member's bytes.
   */
  private structGroups(base: number, top: number): Map<number, number[]> {
    const byStruct = new Map<number, number[]>();
    const firsts = new Map<number, number[]>();
    for (let i = base; i < top; i++) {
      const at = i * VAR_FIELDS;
      const r = this.varRefs[i]!;
      const decl = this.world.structs.find((d) => d.name === r.root);
      if (decl === undefined) continue;
      let structStart: number;
      if (r.kind === REF_MEMBER) {
        // Attach and detach clause vars never map their member (mapsMember wants a data clause).
        // Stryker disable next-line ConditionalExpression: a member K-A22 / K-A43 leaves unmapped is only ever present inside its whole struct or element (no slot of its own, and non-pointer members follow the pointers), so joining a group it could not change the verdict (MUTATION.md)
        if (!this.mapsMember(this.vars[F_CLAUSE + at]!, this.vars[F_FLAGS + at]!)) continue;
        const o = this.refs.object(r.root);
        const stride = o.bytes / (decl.count ?? 1);
        structStart = o.start + Math.floor((r.start - o.start) / stride) * stride;
      } else if (r.kind === REF_ARRAY) {
        // A non-pointer member (`d%n`, `d%arr(2:3)`): refs compile those for single structs only.
        structStart = this.refs.object(r.root).start;
      } else continue;
      const known = byStruct.get(structStart);
      if (known === undefined) {
        const group = [structStart, r.end, r.start, r.end];
        byStruct.set(structStart, group);
        firsts.set(i, group);
      } else {
        known[1] = Math.max(known[1]!, r.end);
        known.push(r.start, r.end);
      }
    }
    return firsts;
  }

  /**
   * K-A64 `struct-group` (libgomp: oacc-mem.c goacc_enter_data_internal, target.c
   * gomp_map_fields_existing): when a slot meets [struct start, group end), every member of the
   * group must already be in a slot (a K-A24 word slot holds its member whole; no non-pointer
   * member lies in one), else the program stops.
   */
  private structGroupCheck(group: number[]): void {
    if (this.table.anyOverlap(group[0]!, group[1]!) < 0) return;
    for (let k = 2; k < group.length; k += 2)
      if (this.table.findContaining(group[k]!, group[k + 1]!) < 0)
        this.runtimeError('fatal_partial_map', `the struct member at 0x${group[k]!.toString(16)}: part of its struct is present, and this member was not mapped with the others`);
  }

  /**
   * K-A22 `member-mapped`: a pointer reference of a data clause (not attach or detach) also maps
   * its member; K-A43 `not-mapped`: not the member of an element of an array of structs.
   */
  private mapsMember(code: number, flags: number): boolean {
    return (
      (flags & FLAG_POINTER) !== 0 &&
      this.knobs['K-A22'] === 'member-mapped' &&
      ((flags & FLAG_ELEMENT) === 0 || this.knobs['K-A43'] === 'as-struct') &&
      code !== ATTACH &&
      code !== DETACH
    );
  }

  /**
   * Entry action of one data clause var on its resolved range. Returns false when the data is left
   * unmapped (no_create of data that is not present) or the program stopped (`stopped`), true
   * otherwise.
   */
  private clauseEntry(code: number, start: number, end: number, pointerSlots: number, structured: boolean, varIndex: number, member = false): boolean {
    if (start === end) return this.zeroLengthEntry(code, start, structured, varIndex);
    const slot = this.locate(start, end, member);
    if (slot >= 0) {
      if (!this.frozenCounters(slot)) {
        const counters = structured ? this.slots.src : this.slots.drc;
        counters[slot] = counters[slot]! + 1;
      }
      return true;
    }
    if (slot === PARTLY) {
      if (code === NO_CREATE && this.knobs['K-A13'] === 'absent') return false;
      return this.stop(errorOutcome('acc_error_partly_present', `${this.varRefs[varIndex]!.text} is partly present`));
    }
    switch (code) {
      case COPY:
      case COPYIN:
        this.copyinAction(start, end, pointerSlots, structured);
        return true;
      case CREATE:
      case COPYOUT:
        this.createAction(start, end, pointerSlots, structured);
        return true;
      case PRESENT:
        return this.stop(errorOutcome('acc_error_not_present', `${this.varRefs[varIndex]!.text} is not present`));
      case NO_CREATE:
        return false;
      // Stryker disable next-line all: unreachable: pushClauses admits only the clause codes above (attach vars never get here)
      default:
        // Stryker disable next-line StringLiteral: unreachable (see above)
        throw new Error(`internal: clause code ${code} has no entry action`);
    }
  }

  /**
   * Entry of a zero-length subarray at host address `start` (K-A55): `no-op` leaves it alone; the
   * lookups find the section holding the byte at `start`, which takes the clause's reference;
   * absent data gets no section, and under `lookup` the present clause reports it, under
   * `enter-exit-fatal` enter data stops (there and at a section's first byte).
   */
  private zeroLengthEntry(code: number, start: number, structured: boolean, varIndex: number): boolean {
    const reading = this.knobs['K-A55'];
    if (reading === 'no-op') return false;
    const slot = this.table.findPoint(start);
    // K-A55 `enter-exit-fatal` (GCC 12's C lowering), enter data, member sections too: libgomp's
    // lookup of [p, p) matches only a key that starts before p, so zero bytes at a section's
    // first byte map nothing, as absent ones do.
    const fatalEnter = !structured && reading === 'enter-exit-fatal';
    if (slot >= 0 && !(fatalEnter && this.slots.hostStart[slot] === start)) {
      if (!this.frozenCounters(slot)) {
        const counters = structured ? this.slots.src : this.slots.drc;
        counters[slot] = counters[slot]! + 1;
      }
      return true;
    }
    if (code === PRESENT && reading === 'lookup') return this.stop(errorOutcome('acc_error_not_present', `${this.varRefs[varIndex]!.text} (zero-length) is not present`));
    // K-A55 `enter-exit-fatal`: enter data that maps nothing trips an assertion.
    if (fatalEnter) return this.stop(errorOutcome('fatal_lowering', `${this.varRefs[varIndex]!.text}: enter data of a zero-length subarray that maps nothing, which the runtime asserts against`));
    return false;
  }

  // ----------------------------------------------------------------------------------------------
  // Data actions (OpenACC 3.3 §2.7.2)

  /** Copyin action (OpenACC 3.3 §2.7.2 Copyin Action): a new block and section holding the host data, the chosen counter at 1. */
  private copyinAction(start: number, end: number, pointerSlots: number, structured: boolean): number {
    return this.mapNewSection(start, end, pointerSlots, structured, true);
  }

  /** Create action (OpenACC 3.3 §2.7.2 Create Action): a new block and section of indeterminate data, the chosen counter at 1. */
  private createAction(start: number, end: number, pointerSlots: number, structured: boolean): number {
    return this.mapNewSection(start, end, pointerSlots, structured, false);
  }

  /**
   * A program-scope declaration (OpenACC 3.3 §2.13): the program's static data, so its section
   * holds one structured reference that no region ever gives back (§2.6.7), made here for
   * copyin (host values), create and device_resident (indeterminate). `link` (§2.13.3) maps
   * nothing until a data clause does.
   */
  /** Program-scope declared arrays (K-A44): host start, end and DECLARED_DATA / DECLARED_LINK, three numbers each. */
  private readonly declared: number[] = [];

  /** How the array holding host address `addr` was declared (K-A44), or 0. */
  private declaredHolding(addr: number): number {
    const d = this.declared;
    for (let k = 0; k < d.length; k += 3) if (addr >= d[k]! && addr < d[k + 1]!) return d[k + 2]!;
    return 0;
  }

  private accDeclare(step: AccDeclare): Observation {
    for (let c = 0; c < step.clauses.length; c++) {
      const clause = step.clauses[c]!;
      for (let v = 0; v < clause.vars.length; v++) {
        const r = this.ref(clause.vars[v]!);
        this.declared.push(r.start, r.end, clause.clause === 'link' ? DECLARED_LINK : DECLARED_DATA);
      }
      if (clause.clause === 'link') continue;
      for (let v = 0; v < clause.vars.length; v++) {
        const r = this.ref(clause.vars[v]!);
        if (this.table.anyOverlap(r.start, r.end) >= 0) throw new Error(`internal: declared ${r.text} is mapped before program start`);
        this.mapNewSection(r.start, r.end, 0, true, clause.clause === 'copyin');
      }
    }
    return OK;
  }

  /** A new block and section with the chosen counter at 1, holding the host data (withData) or not. */
  private mapNewSection(start: number, end: number, pointerSlots: number, structured: boolean, withData: boolean): number {
    const block = this.device.allocate(end - start, devicePool(0, pointerSlots > 0));
    const img = this.device.image(block);
    // Stryker disable next-line ArithmeticOperator: extra words land past the block's typed-array view, where writes are ignored
    if (withData) copyWords(this.host.image.words, this.host.offset(start) >> 2, img.words, 0, (end - start) >> 2);
    else img.words.fill(INDETERMINATE);
    const slot = this.slots.allocate(start, end, this.device.base(block), block, pointerSlots);
    (structured ? this.slots.src : this.slots.drc)[slot] = 1;
    this.table.insert(start, end, slot);
    return slot;
  }

  /**
   * Exit of a present section: nothing if the counter is 0; else decrement it (finalize: zero
   * it); when both counters are 0, the copyout action (copyBack, of [start, end)) or the delete
   * action (OpenACC 3.3 §2.7.2 Present Decrement, Copyout, Delete Action).
   */
  private clauseExit(slot: number, structured: boolean, finalize: boolean, copyBack: boolean, start: number, end: number): void {
    const counters = structured ? this.slots.src : this.slots.drc;
    const n = counters[slot]!;
    if (n === 0) return;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `size > 0` only skips Set.has on an empty set
    const user = this.userMapped.size > 0 && this.userMapped.has(slot);
    if (user && this.knobs['K-A7'] !== 'unmap-at-zero') {
      // K-A7: `infinite` moves no counter of acc_map_data data; `clamp` keeps its dynamic counter
      // at one or more.
      // Stryker disable next-line ConditionalExpression,StringLiteral: under `infinite` no entry moves these counters (SRC 0, DRC 1), so the clamp below leaves them as they are too (MUTATION.md)
      if (this.knobs['K-A7'] === 'infinite') return;
      counters[slot] = structured ? n - 1 : finalize ? 1 : Math.max(1, n - 1);
      return;
    }
    counters[slot] = finalize ? 0 : n - 1;
    if (this.slots.src[slot] !== 0 || this.slots.drc[slot] !== 0) return;
    // K-A19 `no-detach`: attached device pointers are copied back as they are.
    if (this.knobs['K-A19'] === 'detach-first') this.detachMembers(slot);
    if (copyBack) {
      const img = this.device.image(this.slots.block[slot]!);
      const fromWord = this.blockOffset(slot, start) >> 2;
      copyWords(img.words, fromWord, this.host.image.words, this.host.offset(start) >> 2, (end - start) >> 2);
    }
    this.dropSection(slot);
  }

  /** Removes a section: its block dies with it unless acc_map_data mapped the program's memory. */
  private dropSection(slot: number): void {
    this.table.remove(slot);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `size > 0` only skips Set.delete on an empty set
    if (this.userMapped.size > 0 && this.userMapped.delete(slot)) {
      // The block stays the program's.
    } else {
      this.device.free(this.slots.block[slot]!);
    }
    this.slots.release(slot);
  }

  /** Immediate detach (OpenACC 3.3 §2.7.2) of every pointer member of a section that is about to go. */
  private detachMembers(slot: number): void {
    const s = this.slots;
    const start = s.hostStart[slot]!;
    for (let i = 0; i < s.acLen[slot]!; i++) {
      const idx = s.acBase[slot]! + i;
      if (s.attachCounters[idx] === 0) continue;
      s.attachCounters[idx] = 0;
      this.restoreHostValue(slot, start + i * POINTER_BYTES);
    }
  }

  /** Attach action on the pointer member at host address `member`. */
  /**
   * K-A50 `section` (libgomp gomp_attach_pointer's bias, LLVM PTR_AND_OBJ): the host address an
   * attach of the member-section var at `at` looks up (its first element), or 0 to look up the
   * pointer's whole target.
   */
  private sectionLookup(at: number): number {
    return (this.vars[F_FLAGS + at]! & FLAG_SECTION) !== 0 && this.knobs['K-A50'] === 'section' ? this.vars[F_START + at]! : 0;
  }

  private attachAction(member: number, lookup = 0): void {
    // The host value names the target first: an indeterminate value or a device address copied
    // back into the host has none.
    const hostImg = this.host.image;
    const hostOff = this.host.offset(member);
    if (ptrIndeterminate(hostImg, hostOff)) this.undefinedBehaviour(`${this.memberName(member)} is attached while its host value is indeterminate`);
    const target = ptrBase(hostImg, hostOff);
    if (target >= DEVICE_BASE) this.undefinedBehaviour(`${this.memberName(member)} is attached while its host value is a device address`);
    const holder = this.table.findContaining(member, member + POINTER_BYTES);
    if (holder < 0) return this.attachAbsent(member, 'its struct is not present');
    this.slots.counted[holder] = 1;
    const s = this.slots;
    const devImg = this.device.image(s.block[holder]!);
    const devOff = member - s.hostStart[holder]!;
    let devTarget = 0;
    let count = 0;
    // K-A60 `registered` (GCC 12 C keys a link array from the start): a target in a link array no
    // data clause maps now is found; the pointer is attached to the link variable's own slot in
    // the device image, through which no kernel reaches the data (indeterminate here).
    let linkSlot = false;
    if (target !== 0) {
      count = ptrCount(hostImg, hostOff);
      const lo = lookup !== 0 ? lookup : target;
      // K-A73 `first-element` (libgomp gomp_attach_pointer): a whole pointer looks up its target's
      // first element, not all of it.
      const hi = lookup !== 0 || this.knobs['K-A73'] === 'first-element' ? lo + ELEMENT_BYTES : target + count * ELEMENT_BYTES;
      const t = this.table.findContaining(lo, hi);
      if (t < 0) {
        if (this.countOnly(holder, member)) return;
        linkSlot = this.knobs['K-A60'] === 'registered' && this.declaredHolding(lo) === DECLARED_LINK && this.locate(lo, hi) === ABSENT;
        if (!linkSlot) return this.attachAbsent(member, 'its target is not present');
      } else devTarget = s.devBase[t]! + (target - s.hostStart[t]!);
    } else {
      if (this.countOnly(holder, member)) return;
      const reading = this.knobs['K-A3'];
      if (reading === 'error') this.runtimeError('fatal_attach_null', `attach of ${this.memberName(member)}, a null pointer`);
      if (reading === 'null-keep-count') return writePtr(devImg, devOff, 0, 0);
    }
    const idx = s.counterIndex(holder, member, POINTER_BYTES);
    const ac = s.attachCounters[idx]!;
    // compare-target: raw device addresses are never reused, so equal bases mean the same block
    // and offset; a null base matches a null target; host addresses and the indeterminate fill
    // (a negative number) never equal a device address.
    // K-A4b `descriptor`: the element count must match too.
    // K-A4b `descriptor`: the element count and the lower bound must match too.
    const hostLbound = target === 0 ? 1 : ptrLowerBound(hostImg, hostOff);
    const sameTarget =
      ptrBase(devImg, devOff) === devTarget &&
      (this.knobs['K-A4b'] === 'address' || (ptrCount(devImg, devOff) === count && ptrLowerBound(devImg, devOff) === hostLbound));
    const keep = this.knobs['K-A4'] === 'compare-target' ? ac !== 0 && sameTarget && !linkSlot : ac > 0;
    if (keep) {
      s.attachCounters[idx] = ac + 1;
      return;
    }
    if (linkSlot) {
      writeIndeterminatePtr(devImg, devOff);
      s.attachCounters[idx] = 1;
      return;
    }
    // K-A42: the whole descriptor gets the host's lower bound; `base-address` (libgomp) writes the
    // address word only, so a device descriptor holding an association keeps its lower bound.
    const lbound = devTarget !== 0 && this.knobs['K-A42'] === 'base-address' && this.holdsAssociation(devImg, devOff) ? ptrLowerBound(devImg, devOff) : hostLbound;
    writePtr(devImg, devOff, devTarget, count, devTarget === 0 ? 1 : lbound);
    s.attachCounters[idx] = 1;
  }

  /**
   * K-A21 `first-attach`: a null or absent target is noticed only when the counter becomes 1; a
   * positive counter just counts it (true: counted).
   */
  private countOnly(holder: number, member: number): boolean {
    if (this.knobs['K-A21'] !== 'first-attach') return false;
    const s = this.slots;
    const at = s.counterIndex(holder, member, POINTER_BYTES);
    if (s.attachCounters[at] === 0) return false;
    s.attachCounters[at] = s.attachCounters[at]! + 1;
    return true;
  }

  private attachAbsent(member: number, why: string): void {
    if (this.knobs['K-A2'] === 'error') this.runtimeError('fatal_attach_absent', `attach of ${this.memberName(member)}: ${why}`);
  }

  /** Detach action (OpenACC 3.3 §2.7.2) on the pointer member at host address `member`. */
  private detachAction(member: number): void {
    const holder = this.table.findContaining(member, member + POINTER_BYTES);
    if (holder < 0) {
      // K-A9 `error` (libgomp) also refuses a detach whose struct is not mapped.
      if (this.knobs['K-A9'] === 'error') this.runtimeError('fatal_detach_at_zero', `detach of ${this.memberName(member)}, whose struct is not present`);
      return;
    }
    const s = this.slots;
    const idx = s.counterIndex(holder, member, POINTER_BYTES);
    const ac = s.attachCounters[idx]!;
    if (ac <= 0) {
      const reading = this.knobs['K-A9'];
      if (reading === 'noop') return;
      if (reading === 'error') this.runtimeError('fatal_detach_at_zero', `detach of ${this.memberName(member)}, whose attachment counter is ${ac}`);
    }
    s.attachCounters[idx] = ac - 1;
    if (ac <= 1) this.restoreHostValue(holder, member);
  }

  /**
   * Immediate detach the program asks for (acc_detach_finalize, detach clause with finalize) on
   * the pointer member at host address `member`. K-A18 decides a zero counter: leave it
   * (`noop`), rewrite the device copy from the host anyway (`rewrite`), or so unless the entry
   * never had an attach, which aborts, as does a missing struct (`rewrite-or-error`).
   */
  private immediateDetachAction(member: number): void {
    const reading = this.knobs['K-A18'];
    const holder = this.table.findContaining(member, member + POINTER_BYTES);
    if (holder < 0) {
      if (reading === 'rewrite-or-error') this.runtimeError('fatal_detach_at_zero', `acc_detach_finalize of ${this.memberName(member)}, whose struct is not present`);
      return;
    }
    const s = this.slots;
    const idx = s.counterIndex(holder, member, POINTER_BYTES);
    if (s.attachCounters[idx] === 0) {
      if (reading === 'noop') return;
      if (reading === 'rewrite-or-error' && s.counted[holder] === 0)
        this.runtimeError('fatal_detach_at_zero', `immediate detach of ${this.memberName(member)}: no attachment counters for its struct`);
    }
    s.attachCounters[idx] = 0;
    this.restoreHostValue(holder, member);
  }

  /**
   * Device copy of a member := its current host value (verbatim descriptor). K-A42 `base-address`
   * (libgomp) writes the address word only: a device descriptor holding an association keeps its
   * lower bound (and a null host value leaves it null).
   */
  private restoreHostValue(holder: number, member: number): void {
    const devImg = this.device.image(this.slots.block[holder]!);
    const devOff = member - this.slots.hostStart[holder]!;
    const keep = this.knobs['K-A42'] === 'base-address' && this.holdsAssociation(devImg, devOff) ? ptrLowerBound(devImg, devOff) : null;
    copyWords(this.host.image.words, this.host.offset(member) >> 2, devImg.words, devOff >> 2, POINTER_BYTES >> 2);
    if (keep !== null && ptrBase(devImg, devOff) !== 0) writeLowerBound(devImg, devOff, keep);
  }

  /** Whether the descriptor at `off` holds an association (neither null nor indeterminate). */
  private holdsAssociation(img: MemoryImage, off: number): boolean {
    return !ptrIndeterminate(img, off) && ptrBase(img, off) !== 0;
  }

  // ----------------------------------------------------------------------------------------------
  // Compute construct

  private parallel(step: AccParallel): Observation {
    const base = this.varTop;
    const kbody = step.body;
    // The statements of the kernel (lang/README.md "Kernels of several statements"): a block's
    // writes, or the one body. Each uses the root of its reference and, a copy ("Copy kernels"),
    // the root of its `from`: the kernel's variables, in the order the statements name them.
    const statements = kernelStatements(kbody);
    const refs: CompiledRef[] = [];
    const froms: (CompiledRef | null)[] = [];
    const roots: string[] = [];
    for (const b of statements) {
      const r = this.ref(kernelRef(b));
      const fromText = copyRef(b);
      const from = fromText === null ? null : this.ref(fromText);
      refs.push(r);
      froms.push(from);
      if (!roots.includes(r.root)) roots.push(r.root);
      if (from !== null && !roots.includes(from.root)) roots.push(from.root);
    }
    this.pushClauses(this.knobs['K-A58'] === 'kept' ? step.clauses : this.clausesUsed(step.clauses, roots), REGION_CLAUSES, step.op);
    const explicitTop = this.varTop;
    // Implicit data attribute of each variable the kernel uses, in that order, after the explicit
    // clauses: a scalar that no visible data clause names (an open data region's, a procedure's or
    // the program's declare) is firstprivate instead (its names in `privates`).
    const privates: string[] = [];
    for (const root of roots) if (this.implicitAttribute(base, explicitTop, root, step.default === 'present')) privates.push(root);
    // The unnamed plain pointers the kernel goes through (made afresh for every construct), and
    // after the entry actions their values.
    this.privatePointers(base, explicitTop, refs);
    this.enterClauses(base, true);
    if (this.stopped !== null) return this.stopped;
    this.privateValues();
    let observation: Observation = OK;
    if ('pointer' in kbody) observation = this.kernelPointer(refs[0]!, step.result);
    else
      for (let i = 0; i < statements.length; i++) {
        // Statement after statement over all its elements; the first undefined one ends the kernel.
        observation = this.localAccess(base, froms[i]!) ?? this.localAccess(base, refs[i]!) ?? this.statement(refs[i]!, statements[i] as ElementBody, froms[i]!, privates);
        if (stops(observation)) break;
      }
    // A kernel that ends the program ends it before the region's exit.
    if (stops(observation)) return observation;
    this.exitClauses(base, true, false);
    this.varTop = base;
    // (a block of writes observes ok; a single body what it read or wrote)
    return statements.length > 1 ? OK : observation;
  }

  /**
   * OpenACC 3.3 §2.7.10: a kernel access through `r` (an array or a struct's field) to a variable
   * that a no_create var of the construct (records from `base`) found absent refers to the local
   * copy, host memory: undefined, whatever a later clause mapped.
   */
  private localAccess(base: number, r: CompiledRef | null): Observation | null {
    if (r === null || r.kind !== REF_ARRAY) return null;
    for (let j = base; j < this.varTop; j++)
      if ((this.vars[F_FLAGS + j * VAR_FIELDS]! & FLAG_LOCAL) !== 0 && this.varRefs[j]!.root === r.root)
        return undefinedOutcome(`the kernel accesses ${r.text}, which no_create found absent: the local copy, not device memory`);
    return null;
  }

  /**
   * One statement of a kernel on reference `r` (`from`: a copy's source, or null; `privates`: the
   * kernel's firstprivate scalars). A copy reads all of `from` where the kernel runs first (the
   * private copy's value for a firstprivate scalar), then writes.
   */
  private statement(r: CompiledRef, body: ElementBody, from: CompiledRef | null, privates: readonly string[]): Observation {
    let copied: (number | null)[] | null = null;
    if (from !== null) {
      const read = privates.includes(from.root) ? { kind: 'read' as const, values: privateValues(this.host, from, this.presentCopy(from)) } : this.kernel(from, { read: from.text });
      if (read.kind !== 'read') return read;
      copied = read.values;
    }
    return privates.includes(r.root) ? privateCopyKernel(this.host, r, body, this.presentCopy(r), copied) : this.kernel(r, body, copied);
  }

  /**
   * The implicit data attribute of `root`, a variable the kernel uses, when no clause of the
   * construct (var records base..explicitTop) names it (OpenACC 3.3 §2.6.2): true for a scalar that
   * no visible data clause names (firstprivate: no clause), else an implicit `present` (under
   * default(present)) or `copy` clause pushed on the var stack; false also when a clause names it.
   */
  private implicitAttribute(base: number, explicitTop: number, root: string, defaultPresent: boolean): boolean {
    // K-A70 `whole-array` (GCC 12): a pointer member of an element of an array of structs
    // (cs(2)%p) does not name the array, which gets its implicit attribute whole.
    const wholeArray = this.knobs['K-A70'] === 'whole-array' && this.world.structs.some((st) => st.name === root && st.count !== undefined);
    for (let i = base; i < explicitTop; i++) {
      const r = this.varRefs[i]!;
      if (r.root === root && !(wholeArray && r.kind === REF_MEMBER)) return false;
    }
    if (this.scalars.has(root) && !this.visibleScalar(base, root)) return true;
    this.pushVar(defaultPresent ? PRESENT : COPY, this.ref(root));
    return false;
  }

  /** K-A67 `present-copy` (GCC 12): the device copy of a present firstprivate scalar starts its private copy; else none. */
  private presentCopy(r: CompiledRef): { words: Int32Array; word: number } | undefined {
    if (this.knobs['K-A67'] !== 'present-copy') return undefined;
    const slot = this.table.findContaining(r.start, r.end);
    if (slot < 0) return undefined;
    return { words: this.device.image(this.slots.block[slot]!).words, word: this.blockOffset(slot, r.start) >> 2 };
  }

  /** Whether the open regions' clauses below `top` on the var stack, or a program-scope declare, name scalar `name`. */
  private visibleScalar(top: number, name: string): boolean {
    for (let i = 0; i < top; i++) if (this.varRefs[i]!.text === name) return true;
    return this.declaredHolding(this.ref(name).start) !== 0;
  }

  /**
   * K-A58 `dropped` (GCC's gimplifier): the clauses without their whole variables (a var written as
   * a bare name) other than `roots`, the variables the kernel uses (every statement's reference and
   * copy source). (An attach clause's vars are pointers, never whole variables; a clause left empty
   * pushes nothing.)
   */
  private clausesUsed(clauses: readonly Clause<AccRegionClauseName>[], roots: readonly string[]): Clause<AccRegionClauseName>[] {
    // K-A58 `arrays-kept` (gfortran's pointer arrays): a whole array keeps its clause, unless a
    // scalar or an array a program-scope declaration made static.
    const arrays = this.knobs['K-A58'] === 'arrays-kept';
    return clauses.map((c) => ({ clause: c.clause, vars: c.vars.filter((v) => keptForRegion(this.ref(v), roots) || (arrays && this.pointerArray(this.ref(v)))) }));
  }

  /** K-A58 `arrays-kept`: whether whole reference `r` is an array mapcheck writes as a Fortran pointer array. */
  private pointerArray(r: CompiledRef): boolean {
    return this.refs.object(r.root).kind === 'array' && !this.scalars.has(r.root) && this.declaredHolding(r.start) === 0;
  }

  /**
   * K-A72 `descriptor` (gfortran 12): whether data clause record `i` names a Fortran pointer array
   * (whole or a section, not zero-length), whose descriptor it maps with the data.
   */
  private descriptorArray(i: number): boolean {
    const at = i * VAR_FIELDS;
    return this.knobs['K-A72'] === 'descriptor' && this.vars[F_START + at]! < this.vars[F_END + at]! && this.pointerArray(this.varRefs[i]!);
  }

  /** K-A72: whether array `root`'s descriptor is on the device: an enter data holds it, or a record of an open region below `base` names the array. */
  private descriptorHeld(root: string, base: number): boolean {
    if ((this.descriptors.get(root) ?? 0) > 0) return true;
    for (let j = 0; j < base; j++) if (this.varRefs[j]!.root === root && this.descriptorArray(j)) return true;
    return false;
  }

  /**
   * The private plain pointers of a compute construct (lang/README.md "Plain pointer variables";
   * OpenACC 3.3 §2.7 data clauses; GCC 12 lowers the pair map(tofrom:*p) map(firstprivate:p
   * [pointer assign])): a plain pointer of kernel references `refs` that no clause var (records
   * base..top) names itself, and of whose target exactly one data clause var names a section, gets
   * no implicit data attribute (the section var names its root) and is private to the construct.
   * p is no list item, so the section var is data alone: no pointer reference (no attach or detach
   * of p, no K-A22 map of its storage). Any other case keeps the kernel on p's device copy.
   */
  private privatePointers(base: number, top: number, refs: readonly CompiledRef[]): void {
    this.privateTop = 0;
    // (a record per statement through such a pointer, all alike: privateAt finds the first)
    for (let k = 0; k < refs.length; k++) {
      const r = refs[k]!;
      if (r.kind !== REF_MEMBER || !this.refs.plain.has(r.root)) continue;
      let whole = false;
      let sections = 0;
      let section = 0;
      for (let i = base; i < top; i++) {
        const v = this.varRefs[i]!;
        if (v.root !== r.root) continue;
        // `p` itself (the struct): the kernel reads p's device copy.
        if (v.kind !== REF_MEMBER) whole = true;
        else if (this.vars[F_CLAUSE + i * VAR_FIELDS] !== ATTACH) {
          section = i;
          sections++;
        }
      }
      if (whole || sections !== 1) continue;
      const flags = F_FLAGS + section * VAR_FIELDS;
      this.vars[flags] = this.vars[flags]! & FLAG_NULL;
      // In index order, so a new record is appended.
      const p = this.privateTop;
      this.privatePtrs[p] = r.start;
      this.privatePtrs[p + 1] = section;
      this.privateTop = p + PRIVATE_FIELDS;
    }
  }

  /**
   * After the entry actions: each private pointer's value, p's host value where that is null, else
   * p's host address translated through the present section that holds its section var's range, as
   * an attach action translates it (p's device copy is neither read nor written), or the host value
   * itself when none does (no_create of absent data).
   */
  private privateValues(): void {
    const v = this.privateVals;
    for (let p = 0; p < this.privateTop; p += PRIVATE_FIELDS) {
      const img = this.host.image;
      const off = this.host.offset(this.privatePtrs[p]!);
      // (the host value resolveData read for the section var: the entry actions write no host pointer)
      let addr = ptrBase(img, off);
      let block = 0;
      // A null pointer's var has the range [0, 0), which no section holds: its value stays null.
      const at = this.privatePtrs[p + 1]! * VAR_FIELDS;
      const slot = this.table.findContaining(this.vars[F_START + at]!, this.vars[F_END + at]!);
      if (slot >= 0) {
        block = this.slots.block[slot]!;
        addr = this.slots.devBase[slot]! + (addr - this.slots.hostStart[slot]!);
      }
      // In index order (record p / PRIVATE_FIELDS), so a new record is appended.
      const w = (p / PRIVATE_FIELDS) * VALUE_FIELDS;
      v[w] = addr;
      v[w + 1] = ptrCount(img, off);
      v[w + 2] = ptrLowerBound(img, off);
      v[w + 3] = block;
    }
  }

  /** Index in privatePtrs of the private pointer whose host address is `member`, or -1. */
  private privateAt(member: number): number {
    for (let at = 0; at < this.privateTop; at += PRIVATE_FIELDS) if (this.privatePtrs[at] === member) return at;
    return -1;
  }

  /**
   * The kernel reads the device copy of pointer member `r` itself (OpenACC 3.3 §2.6.8): whatever
   * the struct's device block holds there. `result` names the raw value for later routine calls.
   */
  private kernelPointer(r: CompiledRef, result: string | undefined): Observation {
    const holder = this.table.findContaining(r.start, r.end);
    if (holder < 0) return undefinedOutcome(`the kernel reads ${r.text}, whose struct is not present on the device`);
    const img = this.device.image(this.slots.block[holder]!);
    const off = r.start - this.slots.hostStart[holder]!;
    const value = pointerAddressAt(this.device, img, off);
    if (value === undefined) return undefinedOutcome(`the kernel reads ${r.text}, whose device value is indeterminate`);
    if (result !== undefined) this.handles.set(result, value === null ? 0 : ptrBase(img, off));
    return { kind: 'value', value };
  }

  /**
   * The kernel reads or writes, on the device, the elements `body` names; `copied`: the elements a
   * copy read from its `from` (lang/README.md "Copy kernels"), added to the written ones.
   */
  private kernel(r: CompiledRef, body: ElementBody, copied: readonly (number | null)[] | null = null): Observation {
    let img: MemoryImage;
    let first: number;
    let count: number;
    if (r.kind === REF_ARRAY) {
      const slot = this.table.findContaining(r.start, r.end);
      if (slot < 0) return undefinedOutcome(`the kernel accesses ${r.text}, which is not present on the device`);
      img = this.device.image(this.slots.block[slot]!);
      first = this.blockOffset(slot, r.start) >> 2;
      count = (r.end - r.start) / ELEMENT_BYTES;
    } else if (r.kind === REF_MEMBER) {
      let addr: number;
      let lbound: number;
      // The device block a private pointer's address was found in (0: none).
      let within = 0;
      const p = this.privateAt(r.start);
      if (p >= 0) {
        // An unnamed plain pointer: the construct's private value (privateValues), not p's device copy.
        const v = this.privateVals;
        const w = (p / PRIVATE_FIELDS) * VALUE_FIELDS;
        addr = v[w]!;
        count = v[w + 1]!;
        lbound = v[w + 2]!;
        within = v[w + 3]!;
      } else {
        const holder = this.table.findContaining(r.start, r.end);
        if (holder < 0) return undefinedOutcome(`the kernel dereferences ${r.text}, whose struct is not present on the device`);
        if (this.slots.addressOnly[holder] === 1) return undefinedOutcome(`the kernel goes through ${r.text}, whose device descriptor holds only its address (K-A68)`);
        const holderImg = this.device.image(this.slots.block[holder]!);
        const off = r.start - this.slots.hostStart[holder]!;
        if (ptrIndeterminate(holderImg, off)) return undefinedOutcome(`the kernel dereferences ${r.text}, whose device value is indeterminate`);
        addr = ptrBase(holderImg, off);
        count = ptrCount(holderImg, off);
        lbound = ptrLowerBound(holderImg, off);
      }
      if (addr === 0) return undefinedOutcome(`the kernel dereferences ${r.text}, a null ${p >= 0 ? 'private' : 'device'} pointer`);
      // The view through the device descriptor: its bounds, or the index `at` counted from them.
      let at = -1;
      if ('read' in body && (body.bounds || body.at !== undefined)) {
        if (body.at === undefined) return { kind: 'read', values: [lbound, lbound + count - 1] };
        if (body.at < lbound || body.at >= lbound + count) return undefinedOutcome(`the kernel reads ${r.text}(${body.at}), outside its device view`);
        at = body.at - lbound;
      }
      if (addr < DEVICE_BASE) return undefinedOutcome(`the kernel dereferences ${r.text}, which holds a host address (not attached)`);
      // A member section reaches elements lo..hi of the device pointer's view (counted from its lower bound).
      const section = r.section;
      if (section !== undefined) {
        if (section[0] < lbound || section[1] > lbound + count - 1) return undefinedOutcome(`the kernel reads ${r.text}, outside the ${count} elements of its device pointer`);
        addr += (section[0] - lbound) * ELEMENT_BYTES;
        count = section[1] - section[0] + 1;
      }
      // A read of one element `p(at)` reaches that element alone: defined when it lies in device
      // memory (through a pointer attached via a member section, an element of the section).
      if (at >= 0) {
        addr += at * ELEMENT_BYTES;
        count = 1;
      }
      // A private pointer reaches the device block its section was found in, not before its start
      // nor past its end (a named section inside the target, the kernel's elements outside it).
      if (within !== 0) {
        const blockStart = this.device.base(within);
        if (addr < blockStart || addr + count * ELEMENT_BYTES > blockStart + this.device.size(within))
          return undefinedOutcome(`the kernel reaches ${count} elements through ${r.text}, ${addr < blockStart ? 'before the start' : 'past the end'} of the device block its named section was found in`);
      }
      // Stryker disable next-line ArithmeticOperator: unreachable PAST_END below (MUTATION.md)
      const block = this.device.holding(addr, count * ELEMENT_BYTES);
      if (block === NOT_LIVE) return undefinedOutcome(`the kernel dereferences ${r.text}, which points into freed device memory`);
      if (block === PAST_END)
        // Stryker disable next-line StringLiteral: unreachable through programs (MUTATION.md): a device descriptor never runs past its block
        return undefinedOutcome(`the kernel reads ${count} elements through ${r.text}, beyond the end of its device block`);
      img = this.device.image(block);
      first = (addr - this.device.base(block)) >> 2;
    } else {
      throw new Error(`kernel body '${r.text}' must be an array, a subarray or a pointer member`);
    }
    if ('read' in body) return { kind: 'read', values: readWords(img.words, first, count) };
    if (!writeWords(img.words, first, count, body.value, body.by, body.add, copied)) return undefinedOutcome(`the kernel's sum overflows an element of ${r.text}`);
    return OK;
  }

  // ----------------------------------------------------------------------------------------------
  // Routines (OpenACC 3.3 §3.2)

  /** A device pointer a routine returned, kept under `result` as a raw device address (0: NULL) for later device memory routines. */
  private keep(result: string | undefined, o: Observation): Observation {
    if (result === undefined || o.kind !== 'value') return o;
    const p = o.value as { block: number; offset: number } | null;
    this.handles.set(result, p === null ? 0 : this.device.base(p.block) + p.offset);
    return o;
  }

  private accCopyinCreate(step: AccDataRoutine): Observation {
    const r = this.ref(step.var);
    this.resolveData(r);
    if (this.rNull) {
      if (this.knobs['K-A5'] !== 'noop') return errorOutcome('fatal_null_routine', `${step.op} of ${step.var}, a null pointer`);
      return { kind: 'value', value: null };
    }
    const start = this.rStart;
    let slot = this.locate(start, this.rEnd);
    if (slot === PARTLY) {
      // K-A11 `extends-before`: counted on the section the data ends in; its address that far before.
      const held = this.knobs['K-A11'] === 'extends-before' ? this.extendedBefore(start, this.rEnd) : -1;
      if (held < 0) return errorOutcome('acc_error_partly_present', `${step.var} is partly present`);
      if (!this.frozenCounters(held)) this.slots.drc[held] = this.slots.drc[held]! + 1;
      return { kind: 'value', value: { block: this.slots.block[held]!, offset: this.blockOffset(held, start) } };
    }
    // K-A60 `registered`: a link array no clause maps now is keyed from the start; the runtime asserts.
    if (slot === ABSENT && this.knobs['K-A60'] === 'registered' && this.declaredHolding(start) === DECLARED_LINK)
      return errorOutcome('fatal_lowering', `${step.op} of ${step.var}, a link array the runtime keys from the start`);
    if (slot === ABSENT) slot = this.mapNewSection(start, this.rEnd, r.pointerSlots, false, step.op === 'acc_copyin');
    else if (!this.frozenCounters(slot)) this.slots.drc[slot] = this.slots.drc[slot]! + 1;
    return { kind: 'value', value: { block: this.slots.block[slot]!, offset: this.blockOffset(slot, start) } };
  }

  private accCopyoutDelete(step: AccDataRoutine): Observation {
    this.resolveData(this.ref(step.var));
    if (this.rNull) {
      if (this.knobs['K-A5'] === 'error') return errorOutcome('fatal_null_routine', `${step.op} of ${step.var}, a null pointer`);
      return OK;
    }
    const slot = this.locate(this.rStart, this.rEnd);
    if (slot === PARTLY) return errorOutcome('acc_error_partly_present', `${step.var} is partly present`);
    if (slot === ABSENT) {
      // K-A60 `registered`: the link key of a link array no clause maps now; the runtime asserts.
      if (this.knobs['K-A60'] === 'registered' && this.declaredHolding(this.rStart) === DECLARED_LINK)
        return errorOutcome('fatal_lowering', `${step.op} of ${step.var}, a link array the runtime keys from the start`);
      if (this.knobs['K-A6'] === 'error') return errorOutcome('acc_error_not_present', `${step.op} of ${step.var}, which is not present`);
      return OK;
    }
    const finalize = step.op === 'acc_copyout_finalize' || step.op === 'acc_delete_finalize';
    const copyBack = step.op === 'acc_copyout' || step.op === 'acc_copyout_finalize';
    this.clauseExit(slot, false, finalize, copyBack, this.rStart, this.rEnd);
    return OK;
  }

  private accIsPresent(text: string, bytes: number | undefined): boolean {
    this.resolveData(this.ref(text));
    if (this.rNull) return this.knobs['K-A5'] === 'noop';
    if (bytes !== undefined && !(Number.isInteger(bytes) && bytes >= 0))
      throw new Error(`acc_is_present of ${text}: bytes must be a non-negative integer, got ${bytes}`);
    const start = this.rStart;
    const length = bytes ?? this.rEnd - start;
    if (length > 0) return this.findData(start, start + length) >= 0;
    switch (this.knobs['K-A16']) {
      case 'one-byte':
        return this.table.findPoint(start) >= 0;
      case 'present-at-all':
        // [start, start) is "contained" by a section with sectionStart ≤ start ≤ sectionEnd.
        return this.findData(start, start) >= 0;
      case 'false':
        return false;
    }
  }

  private accDeviceptr(text: string): Observation {
    this.resolveData(this.ref(text));
    if (this.rNull) return { kind: 'value', value: null };
    const slot = this.table.findPoint(this.rStart);
    if (slot < 0) return { kind: 'value', value: null };
    return { kind: 'value', value: { block: this.slots.block[slot]!, offset: this.blockOffset(slot, this.rStart) } };
  }

  /** K-A7 `infinite`: no directive or routine moves the counters of data acc_map_data mapped. */
  private frozenCounters(slot: number): boolean {
    // Stryker disable next-line EqualityOperator: `size > 0` only skips Set.has on an empty set
    return this.userMapped.size > 0 && this.knobs['K-A7'] === 'infinite' && this.userMapped.has(slot);
  }

  /** Byte offset, in the section's device block, of host address `addr` inside section `slot`. */
  private blockOffset(slot: number, addr: number): number {
    const s = this.slots;
    return s.devBase[slot]! - this.device.base(s.block[slot]!) + (addr - s.hostStart[slot]!);
  }

  // ----------------------------------------------------------------------------------------------
  // Device memory routines (OpenACC 3.3 §3.2.16–§3.2.27)

  /**
   * Raw device address a pointer argument names: 0 for a null pointer, HOST_ADDRESS for a host
   * variable, else an acc_malloc result plus its offset. Arithmetic on a null pointer is undefined.
   */
  private devArg(arg: PtrArg, op: string): number {
    if (arg === null) return 0;
    if ('var' in arg) return HOST_ADDRESS;
    const offset = arg.offset ?? 0;
    const base = this.handles.get(arg.handle);
    if (base === undefined) throw new Error(`handle '${arg.handle}' is not the result of an earlier acc_malloc step`);
    if (base === 0) {
      if (offset !== 0) this.undefinedBehaviour(`${op}: ${arg.handle} is a null pointer, so ${arg.handle} + ${offset} points nowhere`);
      return 0;
    }
    return base + offset;
  }

  /**
   * The live device block holding [addr, addr + bytes) (`mallocOnly`: one acc_malloc made), or
   * -1 with the program stopped as undefined (`stopped`).
   */
  private mallocBlockAt(addr: number, bytes: number, op: string, mallocOnly = true): number {
    if (addr === HOST_ADDRESS) return this.stopAt(undefinedOutcome(`${op}: a host address is not device memory`));
    const block = this.device.holding(addr, bytes);
    if (block === NOT_LIVE) return this.stopAt(undefinedOutcome(`${op}: the device pointer is not in live device memory`));
    if (block === PAST_END) return this.stopAt(undefinedOutcome(`${op}: ${bytes} bytes run past the end of the device allocation`));
    if (mallocOnly && !this.mallocBlocks.has(block)) return this.stopAt(undefinedOutcome(`${op}: the device pointer is not memory acc_malloc returned`));
    return block;
  }

  /** The acc_map_data section whose device bytes overlap [addr, addr + bytes) of `block`, or -1. */
  private userMappedOverlap(block: number, addr: number, bytes: number): number {
    for (const slot of this.userMapped) {
      if (this.slots.block[slot] !== block) continue;
      const base = this.slots.devBase[slot]!;
      if (base < addr + bytes && addr < base + (this.slots.hostEnd[slot]! - this.slots.hostStart[slot]!)) return slot;
    }
    return -1;
  }

  /**
   * Under K-A8 `fatal`: whether live device block `block` holds the device copy of a present
   * section with a dynamic reference (enter data, a data routine; acc_malloc memory is the
   * program's own; a data construct's alone is not found by libgomp's lookup, PR92877).
   */
  private clauseMapped(block: number): boolean {
    // (block 0, no block, is never live)
    if (this.knobs['K-A8'] !== 'fatal' || this.mallocBlocks.has(block) || !this.device.isLive(block)) return false;
    let held = false;
    this.table.forEach((slot) => {
      if (this.slots.block[slot] === block && this.slots.drc[slot]! > 0) held = true;
    });
    return held;
  }

  /**
   * Under K-A8 `fatal`: whether device bytes [addr, addr + bytes) reach into a block clauseMapped
   * finds, as libgomp's lookup_dev of a device range (acc_free looks one byte up): the block
   * holding addr, or the one whose red zone addr lies in (K-A11's acc_copyin result points there).
   * An address one past a block's end lies in the next block's red zone too; the model reads such
   * a pointer against its own block only, so the two part where more than the 256 red-zone bytes
   * reach the next block (acc_map_data of more than 64 elements through a past-the-end handle).
   */
  private clauseMappedAt(addr: number, bytes: number): boolean {
    // (no block: blockOf answers 0, which clauseMapped never finds)
    const block = this.device.blockOf(addr);
    return this.clauseMapped(block) && addr + bytes > this.device.base(block);
  }

  /** K-A8: a misuse of acc_map_data / acc_unmap_data / acc_free the text leaves undefined. */
  private mapDataMisuse(message: string): Observation {
    if (this.knobs['K-A8'] === 'fatal') return errorOutcome('fatal_map_data', message);
    return undefinedOutcome(message);
  }

  private malloc(bytes: number, result: string): Observation {
    if (bytes === 0) {
      this.handles.set(result, 0);
      return { kind: 'value', value: null };
    }
    const block = this.device.allocate(bytes, devicePool(0, false));
    this.device.image(block).words.fill(INDETERMINATE);
    this.mallocBlocks.add(block);
    this.handles.set(result, this.device.base(block));
    return { kind: 'value', value: { block, offset: 0 } };
  }

  /**
   * host_data use_device(var) [if_present]: the device address of present data, the host address
   * of absent data under if_present, null for a disassociated pointer; absent data without
   * if_present is undefined (K-A30 `error`: the runtime aborts). The address becomes the handle.
   */
  private hostDataBegin(step: AccHostDataBegin): Observation {
    this.resolveData(this.ref(step.var));
    // K-A74 `rebound` (GCC 12): inside a host_data region of the same array the name stands for
    // the address that region gave, and that address is what gets looked up.
    let outer: (typeof this.hostDataRegions)[number] | undefined;
    if (this.knobs['K-A74'] === 'rebound') for (const r of this.hostDataRegions) if (r.var === step.var) outer = r;
    if (outer !== undefined) {
      const at = this.handles.get(outer.handle)!;
      // Stryker disable next-line ArithmeticOperator: equivalent: a range from a device address on meets no host key however far it reaches
      this.rEnd += at - this.rStart;
      this.rStart = at;
    }
    let raw = 0;
    let value: Observation = { kind: 'value', value: null };
    if (!this.rNull) {
      let slot = this.findData(this.rStart, this.rEnd);
      // K-A66 `first-byte`: data not wholly present takes the address from the section holding its
      // first byte; `first-byte-or-end` (libgomp): failing that, from a section ending right at it.
      const lookup = this.knobs['K-A66'];
      const firstByte = lookup !== 'whole';
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent for `slot < 0` (true, or slot <= 0): when findData found the slot holding the data, findPoint of its first byte finds that slot (sections do not overlap)
      if (slot < 0 && firstByte) slot = this.table.findPoint(this.rStart);
      if (slot < 0 && lookup === 'first-byte-or-end') slot = this.table.findPoint(this.rStart - 1);
      if (slot >= 0) {
        const offset = this.blockOffset(slot, this.rStart);
        const block = this.slots.block[slot]!;
        raw = this.device.base(block) + offset;
        value = { kind: 'value', value: { block, offset } };
      } else if (step.if_present === true) {
        raw = this.rStart;
        value = outer?.value ?? { kind: 'value', value: { host: raw } };
      } else {
        const partly = this.table.anyOverlap(this.rStart, this.rEnd) >= 0;
        const message = `host_data use_device(${step.var}): the data is ${partly ? 'only partly' : 'not'} present`;
        if (this.knobs['K-A30'] === 'error') return errorOutcome('fatal_not_present', message);
        return undefinedOutcome(message);
      }
    }
    this.handles.set(step.result, raw);
    this.hostDataRegions.push({ handle: step.result, var: step.var, value });
    return value;
  }

  private freeRoutine(ptr: PtrArg): Observation {
    const addr = this.devArg(ptr, 'acc_free');
    if (addr === 0) return OK;
    if (addr === HOST_ADDRESS) return undefinedOutcome('acc_free of a host address');
    const block = this.device.blockAt(addr);
    // K-A8 `fatal`: memory enter data or a data routine mapped is still mapped (libgomp looks the address up first).
    if (this.clauseMappedAt(addr, 1)) return errorOutcome('fatal_map_data', 'acc_free of device memory that enter data or a data routine still maps');
    if (block === 0 || !this.device.isLive(block) || !this.mallocBlocks.has(block) || addr !== this.device.base(block))
      return undefinedOutcome('acc_free of a pointer that is not the start of live acc_malloc memory');
    for (const slot of this.userMapped)
      if (this.slots.block[slot] === block) return this.mapDataMisuse('acc_free of device memory that acc_map_data still maps');
    this.mallocBlocks.delete(block);
    this.device.free(block);
    return OK;
  }

  private mapData(step: AccMapData): Observation {
    this.resolveData(this.ref(step.var));
    const addr = this.devArg(step.dev, step.op);
    if (this.rNull) return errorOutcome('acc_error_invalid_null_pointer', `acc_map_data of ${step.var}, a null pointer`);
    if (addr === 0) return errorOutcome('acc_error_invalid_null_pointer', `acc_map_data of ${step.var} to a null device pointer`);
    const start = this.rStart;
    const end = this.rEnd;
    if (this.table.anyOverlap(start, end) >= 0) return errorOutcome('acc_error_present', `acc_map_data of ${step.var}, which is already (partly) present`);
    // K-A60 `registered`: the runtime's table holds a link array's range from the start.
    if (this.knobs['K-A60'] === 'registered' && this.declaredHolding(start) === DECLARED_LINK)
      return errorOutcome('acc_error_present', `acc_map_data of ${step.var}, in a declare link array the runtime registered at start`);
    // K-A8 `fatal`: device memory enter data or a data routine mapped is already mapped (libgomp looks it up first).
    // (the host sentinel -1 lies in no device block: blockAt answers 0)
    if (this.clauseMappedAt(addr, end - start))
      return errorOutcome('fatal_map_data', `acc_map_data of ${step.var} onto device memory that enter data or a data routine maps`);
    const block = this.mallocBlockAt(addr, end - start, step.op);
    if (this.stopped !== null) return this.stopped;
    if (this.userMappedOverlap(block, addr, end - start) >= 0)
      return this.mapDataMisuse(`acc_map_data of ${step.var} onto device memory that is already mapped`);
    const slot = this.slots.allocate(start, end, addr, block, 0);
    this.slots.drc[slot] = 1;
    this.table.insert(start, end, slot);
    this.userMapped.add(slot);
    return OK;
  }

  private unmapData(text: string): Observation {
    this.resolveData(this.ref(text));
    if (this.rNull) return errorOutcome('acc_error_invalid_null_pointer', `acc_unmap_data of ${text}, a null pointer`);
    const slot = this.table.findPoint(this.rStart);
    if (slot < 0) return this.mapDataMisuse(`acc_unmap_data of ${text}, which is not present`);
    if (!this.userMapped.has(slot)) return this.mapDataMisuse(`acc_unmap_data of ${text}, which acc_map_data did not map`);
    if (this.slots.hostStart[slot] !== this.rStart) return this.mapDataMisuse(`acc_unmap_data of ${text}, inside a mapping but not at its start`);
    if (this.slots.src[slot] !== 0) return errorOutcome('acc_error_present', `acc_unmap_data of ${text}, which a data region still holds`);
    this.dropSection(slot);
    return OK;
  }

  private memcpy(step: AccMemcpy): Observation {
    this.resolveData(this.ref(step.var));
    const addr = this.devArg(step.dev, step.op);
    // a null pointer var covers zero bytes: nothing to copy, and no null-pointer error
    if (this.rNull) return OK;
    if (addr === 0) return errorOutcome('acc_error_invalid_null_pointer', `${step.op} of ${step.var} with a null device pointer`);
    const bytes = this.rEnd - this.rStart;
    const block = this.mallocBlockAt(addr, bytes, step.op, false);
    if (this.stopped !== null) return this.stopped;
    const devWord = (addr - this.device.base(block)) >> 2;
    const hostWord = this.host.offset(this.rStart) >> 2;
    const words = this.device.image(block).words;
    if (step.op === 'acc_memcpy_to_device') copyWords(this.host.image.words, hostWord, words, devWord, bytes >> 2);
    else copyWords(words, devWord, this.host.image.words, hostWord, bytes >> 2);
    return OK;
  }

  // ----------------------------------------------------------------------------------------------
  // The update directive (OpenACC 3.3 §2.14.4; README "update")

  /**
   * Every var, resolved when the directive starts, in clause order: `self` / `host` copy the
   * device words back, `device` copies the host words out. Absent: skipped under if_present, else
   * acc_error_not_present; partly present: K-A40.
   */
  private accUpdate(step: AccUpdate): Observation {
    const starts: number[] = [];
    const ends: number[] = [];
    const toDevice: boolean[] = [];
    // a disassociated pointer's var, by its place in the list (its start and end are not read)
    const disassociated: boolean[] = [];
    // a pointer member's host address, 0 for other vars (K-A63)
    const members: number[] = [];
    for (const c of step.clauses)
      for (const v of c.vars) {
        const r = this.ref(v);
        this.resolveData(r);
        // (a plain pointer that is no pointer reference, K-A1p pointer-only, has no pointer item)
        members.push(r.kind === REF_MEMBER && (this.knobs['K-A1p'] === 'base-pointer' || !this.refs.plain.has(r.root)) ? r.start : 0);
        disassociated.push(this.rNull);
        starts.push(this.rStart);
        ends.push(this.refs.directiveEnd(r, this.rEnd, this.knobs));
        toDevice.push(c.clause === 'device');
      }
    const ifPresent = step.if_present === true;
    // K-A55 `enter-exit-fatal` (GCC 12's C lowering): GOACC_update has no case for the kind a
    // zero-length subarray is lowered to, and C writes a disassociated pointer's section with length 0.
    const zeroFatal = this.knobs['K-A55'] === 'enter-exit-fatal';
    // K-A63: after a pointer member's data went to the device, libgomp's lowering also writes the
    // pointer's device copy (not under if_present, where an absent var skips both).
    const pointerToo = this.knobs['K-A63'] !== 'data';
    for (let i = 0; i < starts.length; i++) {
      const pointer = pointerToo && toDevice[i]! && members[i] !== 0;
      if (disassociated[i]) {
        if (zeroFatal) return errorOutcome('fatal_lowering', 'update of a disassociated pointer\'s section, zero-length in C, which the runtime has no action for');
        if (pointer && !ifPresent) {
          const stop = this.updatePointer(members[i]!, null);
          if (stop) return stop;
        }
        continue;
      }
      const start = starts[i]!;
      const end = ends[i]!;
      // A zero-length subarray has nothing to copy (K-A55): only `lookup` reports it absent.
      if (start === end) {
        if (zeroFatal) return errorOutcome('fatal_lowering', `update of zero bytes at 0x${start.toString(16)}, which the runtime has no action for`);
        // K-A65 `strictly-inside` (libgomp looks zero bytes up as [h, h)): only a section that
        // starts before them holds them; elsewhere the update stops, or if_present skips the var.
        if (this.knobs['K-A65'] === 'strictly-inside' && this.knobs['K-A55'] !== 'no-op') {
          const slot = this.table.findPoint(start);
          if (slot < 0 || this.slots.hostStart[slot] === start) {
            if (ifPresent) continue;
            return errorOutcome('acc_error_not_present', `update of zero bytes at 0x${start.toString(16)}, which the runtime finds only strictly inside a present section`);
          }
        }
        if (!ifPresent && this.knobs['K-A55'] === 'lookup' && this.table.findPoint(start) < 0)
          return errorOutcome('acc_error_not_present', `update of zero bytes at 0x${start.toString(16)}, which is not present`);
        if (pointer && !ifPresent) {
          const stop = this.updatePointer(members[i]!, start);
          if (stop) return stop;
        }
        continue;
      }
      const slot = this.locate(start, end);
      // K-A60 `registered`: a link array no clause maps now is found through its key (if_present too), whose copy fails.
      if (slot === ABSENT && this.knobs['K-A60'] === 'registered' && this.declaredHolding(start) === DECLARED_LINK)
        return errorOutcome('fatal_lowering', `update of [0x${start.toString(16)}, 0x${end.toString(16)}), a link array the runtime keys from the start`);
      if (slot === ABSENT) {
        if (ifPresent) continue;
        return errorOutcome('acc_error_not_present', `update of [0x${start.toString(16)}, 0x${end.toString(16)}), which is not present`);
      }
      if (slot === PARTLY) {
        if (this.knobs['K-A40'] === 'error') return errorOutcome('acc_error_partly_present', `update of [0x${start.toString(16)}, 0x${end.toString(16)}), which is partly present`);
        if (ifPresent) continue;
        return undefinedOutcome(`update of partly present [0x${start.toString(16)}, 0x${end.toString(16)}) copies past the overlapping device copy`);
      }
      // K-A41: a struct with an attached pointer member inside the var.
      if (this.knobs['K-A41'] === 'undefined' && this.attachedInside(slot, start, end))
        return undefinedOutcome(`update of [0x${start.toString(16)}, 0x${end.toString(16)}) while a pointer inside is attached`);
      const words = this.device.image(this.slots.block[slot]!).words;
      const devWord = this.blockOffset(slot, start) >> 2;
      const hostWord = this.host.offset(start) >> 2;
      if (toDevice[i]) copyWords(this.host.image.words, hostWord, words, devWord, (end - start) >> 2);
      else copyWords(words, devWord, this.host.image.words, hostWord, (end - start) >> 2);
      if (pointer) {
        const stop = this.updatePointer(members[i]!, start);
        if (stop) return stop;
      }
    }
    return OK;
  }

  /**
   * K-A63: libgomp writes the device copy of the pointer member at `member` after its data (an
   * always-pointer item, through acc_update_device: the struct must be present). The value is the
   * device address of the item before it: `pointer-section` (C) the element at `at` (null: the
   * pointer is null), null where no slot holds it; `pointer-descriptor` (gfortran) the
   * descriptor's own, which leaves the device pointer indeterminate.
   */
  private updatePointer(member: number, at: number | null): Observation | null {
    const holder = this.table.findContaining(member, member + POINTER_BYTES);
    if (holder < 0) return errorOutcome('acc_error_not_present', `update device of ${this.memberName(member)} writes its device copy, whose struct is not present`);
    const s = this.slots;
    const img = this.device.image(s.block[holder]!);
    const off = member - s.hostStart[holder]!;
    if (this.knobs['K-A63'] === 'pointer-descriptor') {
      img.words.fill(INDETERMINATE, off >> 2, (off >> 2) + (POINTER_BYTES >> 2));
      return null;
    }
    // Stryker disable next-line ConditionalExpression: a null `at` looks up [0, 4), which no slot holds, so the pointer is null either way
    if (at !== null) {
      const slot = this.table.findContaining(at, at + ELEMENT_BYTES);
      if (slot >= 0) {
        // the host pointer's view (count, lower bound) goes with it; an indeterminate one has none
        const hostOff = this.host.offset(member);
        const known = !ptrIndeterminate(this.host.image, hostOff);
        writePtr(img, off, s.devBase[slot]! + (at - s.hostStart[slot]!), known ? ptrCount(this.host.image, hostOff) : 0, known ? ptrLowerBound(this.host.image, hostOff) : 1);
        return null;
      }
    }
    writePtr(img, off, 0, 0);
    return null;
  }

  /** Whether a pointer member of section `slot` inside [start, end) is attached: its attachment counter is above 0 (K-A9 `decrement` takes it below by a detach of a pointer never attached). */
  private attachedInside(slot: number, start: number, end: number): boolean {
    const s = this.slots;
    const first = s.hostStart[slot]!;
    for (let i = 0; i < s.acLen[slot]!; i++) {
      const member = first + i * POINTER_BYTES;
      if (member >= start && member + POINTER_BYTES <= end && s.attachCounters[s.acBase[slot]! + i]! > 0) return true;
    }
    return false;
  }

  // ----------------------------------------------------------------------------------------------
  // Host steps

  private pointerAssign(ptr: string, target: string, lbound = 1): Observation {
    const member = this.memberRef(ptr, 'pointer_assign');
    const t = this.ref(target);
    if (t.kind === REF_STRUCT) throw new Error(`pointer_assign target '${target}' must be an array or subarray`);
    // K-B22: re-pointing an attached OpenMP pointer while its target stays mapped.
    this.ompRuntime?.checkHostPointerStore(member.start);
    this.resolveData(t);
    const count = this.rNull ? 0 : (this.rEnd - this.rStart) / ELEMENT_BYTES;
    writePtr(this.host.image, this.host.offset(member.start), this.rNull ? 0 : this.rStart, count, lbound);
    return OK;
  }

  /**
   * `allocate(c%x(length), source=value)`: allocation k of the host heap (lang/program.ts
   * HEAP_STRIDE apart, never handed out twice), every element `value`, and the component's
   * descriptor on it (lower bound 1).
   */
  private allocate(ptr: string, length: number, value: number): Observation {
    const member = this.memberRef(ptr, 'allocate').start;
    this.ompRuntime?.checkHostPointerStore(member);
    const start = this.heapStart(length);
    const first = this.host.offset(start) >> 2;
    this.host.image.words.fill(value, first, first + length);
    writePtr(this.host.image, this.host.offset(member), start, length);
    return OK;
  }

  /**
   * The host address of a new allocation of `length` elements: under K-C1 `lifo` the last freed
   * one whose malloc chunk is as big (glibc's tcache bins), else (and always under `fresh`) the
   * heap's next place.
   */
  private heapStart(length: number): number {
    // (only `lifo` records freed storage)
    const i = this.freedChunk.lastIndexOf(mallocChunkBytes(length * ELEMENT_BYTES));
    if (i >= 0) {
      const at = this.freedAt[i]!;
      this.freedAt.splice(i, 1);
      this.freedChunk.splice(i, 1);
      return at;
    }
    return this.refs.object(HEAP_NAME).start + this.allocations++ * HEAP_STRIDE;
  }

  /**
   * host_write (`write` ≠ null) or host_read of an array, subarray or pointer target. A host_write
   * with `from` (lang/README.md "Copy kernels") first reads the host elements of that array.
   */
  private hostAccess(text: string, write: HostWrite | null): Observation {
    const fromText = write === null ? null : copyRef(write);
    let copied: (number | null)[] | null = null;
    if (fromText !== null) {
      const from = this.ref(fromText);
      copied = readWords(this.host.image.words, this.host.offset(from.start) >> 2, (from.end - from.start) / ELEMENT_BYTES);
    }
    const r = this.ref(text);
    if (r.kind === REF_STRUCT) throw new Error(`host access '${text}' must name an array, a subarray or a pointer member`);
    this.resolveData(r);
    if (this.rNull) return undefinedOutcome(`${text} is disassociated`);
    const first = this.host.offset(this.rStart) >> 2;
    const count = (this.rEnd - this.rStart) / ELEMENT_BYTES;
    const words = this.host.image.words;
    if (write === null) return { kind: 'read', values: readWords(words, first, count) };
    if (!writeWords(words, first, count, write.value, write.by, write.add, copied)) return undefinedOutcome(`the host's sum overflows an element of ${text}`);
    return OK;
  }

  /** A host read of a pointer's view: its bounds (`at` undefined) or its element `p(at)`. */
  private hostView(text: string, at: number | undefined): Observation {
    const member = this.memberRef(text, 'host_read').start;
    const img = this.host.image;
    const off = this.host.offset(member);
    if (ptrIndeterminate(img, off) || ptrBase(img, off) === 0) return undefinedOutcome(`the host asks for the bounds of ${text}, which has none`);
    const lbound = ptrLowerBound(img, off);
    const count = ptrCount(img, off);
    if (at === undefined) return { kind: 'read', values: [lbound, lbound + count - 1] };
    if (at < lbound || at >= lbound + count) return undefinedOutcome(`the host reads ${text}(${at}), outside its bounds`);
    const all = this.hostAccess(text, null);
    return all.kind === 'read' ? { kind: 'read', values: [all.values[at - lbound]!] } : all;
  }

  // ----------------------------------------------------------------------------------------------
  // Observations

  /**
   * The observation that ends the program, set below a step's own function (clauseEntry,
   * mallocBlockAt) for the step to return instead of a throw (stop.ts); the callers on the way up
   * return as soon as it is set.
   */
  private stopped: Observation | null = null;

  /** Ends the program with `observation` (see `stopped`); false for a caller that returns a boolean. */
  private stop(observation: Observation): false {
    this.stopped = observation;
    return false;
  }

  /** Ends the program with `observation` (see `stopped`); -1 for a caller that returns a number. */
  private stopAt(observation: Observation): -1 {
    this.stopped = observation;
    return -1;
  }

  private runtimeError(code: ErrorCode, message: string): never {
    return runtimeError(code, message);
  }

  private undefinedBehaviour(message: string): never {
    return undefinedBehaviour(message);
  }

  /** `c%p`-style name of the pointer member at a host address (for messages). */
  private memberName(member: number): string {
    for (const s of this.world.structs) {
      const start = this.refs.object(s.name).start;
      const i = (member - start) / POINTER_BYTES;
      const n = s.pointers.length;
      if (i >= 0 && i < n * (s.count ?? 1))
        return s.count === undefined ? `${s.name}%${s.pointers[i]}` : `${s.name}(${Math.floor(i / n) + 1})%${s.pointers[i % n]}`;
    }
    // Stryker disable next-line StringLiteral: unreachable: every member address a step names lies in a struct
    return `pointer 0x${member.toString(16)}`;
  }
}

/** glibc malloc's chunk for a request of `bytes` on a 64-bit host: an 8-byte size field added, 16-byte granules, 32 bytes at least. */
function mallocChunkBytes(bytes: number): number {
  return Math.max(32, (bytes + 8 + 15) & ~15);
}
