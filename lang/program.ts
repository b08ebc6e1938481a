// The mapcheck program language, version 1: the contract that model/, impl/, properties/,
// counterexamples/ and the CLI share. A program is plain JSON: a `world` of host objects and a
// list of `steps`, each naming its operation in `op`. Names follow the spec vocabulary.
//
// This file holds types and the pure input-format helpers (variable-reference syntax and the host
// memory layout). It holds no mapping semantics: those live, twice and independently, in model/
// and impl/.

import type { OmpStep, PtrArg } from './openmp.js';

export type { OmpStep } from './openmp.js';

export const LANGUAGE_VERSION = 1;

/** Bytes per integer array element (Fortran default integer / C int). */
export const ELEMENT_BYTES = 4;
/**
 * Bytes per pointer member. A member is a Fortran array-pointer descriptor reduced to what the
 * model needs: the target's base address (8 bytes) and its element count (8 bytes).
 */
export const POINTER_BYTES = 16;
/**
 * Bytes of the pointer itself, the first part of a member: what GCC's C front end maps for the
 * member of a pointer reference (`map(alloc:c.p)`, a `void *`), knob K-A24 `pointer-word`.
 */
export const POINTER_WORD_BYTES = 8;

// ------------------------------------------------------------------------------------------------
// World

export interface ArrayDecl {
  /** Identifier: [A-Za-z][A-Za-z0-9_]*. */
  name: string;
  /** Number of int32 elements, 1..64. */
  length: number;
  /** Initial value of every element (default 0), or one value per element. */
  init?: number | number[];
  /**
   * A rank-2 array's extents `[n1, n2]` (Fortran `integer :: a(n1, n2)`), with `length` = n1 * n2.
   * Fortran array element order (Fortran 2018 §9.5.3.2): element (i, j) is element
   * (j - 1) * n1 + i of the storage, column after column. Absent: rank 1.
   */
  shape?: [number, number];
  /**
   * A scalar variable (Fortran `integer :: x`, C `int x`; lang/README.md "Scalar variables"): one
   * element (`length` 1, no `shape`), named only whole (`x`, no section). In data clauses, map
   * clauses, updates and routines it is its 4 bytes, as a one-element array is. A compute construct
   * that uses it must name it in a clause: without one, OpenACC 3.3 §2.6.2 and OpenMP 6.0 §7.9.3
   * make it firstprivate, which the language does not model (validation refuses the program).
   */
  scalar?: true;
}

/**
 * A non-pointer member of a struct: an integer scalar (`length` absent; Fortran `integer :: n`, C
 * `int n`) or a fixed-size integer array (`integer :: arr(4)`, C `int arr[4]`), stored inside the
 * struct after its pointer members (lang/README.md "Non-pointer struct members").
 */
export interface FieldDecl {
  name: string;
  /** Elements of a fixed-size array member, 1..64; absent for a scalar. */
  length?: number;
  /** Initial value of every element (default 0), or one value per element. */
  init?: number | number[];
}

export interface StructDecl {
  name: string;
  /** Names of the pointer members (Fortran `integer, pointer :: p(:)` components). */
  pointers: string[];
  /** Non-pointer members (scalars and fixed-size arrays), after the pointers; single structs only. */
  fields?: FieldDecl[];
  /**
   * Initial association of each member: an array or subarray reference, or null (default). Keys
   * are member names (`p`); in an array of structs they name an element's member (`(2)%p`).
   */
  init?: Record<string, string | null>;
  /**
   * An array of structs (Fortran `type(t) :: cs(n)`, C `struct t cs[n]`) with this many elements,
   * 1..64; absent for a single struct. References: `cs` (every element), `cs(2)` (one element),
   * `cs(1:2)` (a section of elements) and `cs(2)%p` (a pointer member of one element).
   */
  count?: number;
  /**
   * Pointer members that are Fortran allocatable components (`integer, allocatable :: x(:)`, C
   * `int *x` with `malloc` / `free`): a subset of `pointers`, unallocated at program start (no
   * `init`), given storage by `allocate` and freed by `deallocate` (lang/README.md "Allocatable
   * components"). Single structs only. Everything else treats them as the pointer descriptors they
   * are (an allocatable component is a descriptor that is always contiguous).
   */
  allocatable?: string[];
  /**
   * A plain pointer variable (C `int *p`, Fortran `integer, pointer :: p(:)`; lang/README.md "Plain
   * pointer variables"): the struct's storage is the pointer itself, its one pointer member. The
   * surface syntax (`world.pointers`, `p(:)`, `p(2:5)`) is lowered to this form by
   * lang/plain-pointers.ts; single structs with one pointer member and nothing else only.
   */
  plain?: true;
}

export type DeviceKind = 'discrete' | 'shared';

export interface DeviceDecl {
  /** `discrete`: separate device memory; `shared`: the device shares memory with the host. */
  kind: DeviceKind;
}

export interface World {
  arrays: ArrayDecl[];
  structs: StructDecl[];
  /** Defaults to one discrete device. OpenACC programs use device 0. */
  devices?: DeviceDecl[];
  /**
   * The device allocator (default false: a freed address is never handed out again, so a stale
   * device pointer names a dead block). `true`: an allocation takes the lowest-addressed freed
   * block of the same device, the same size and the same kind of cells (integers or pointer
   * descriptors) before fresh memory, so a stale device pointer denotes whatever was mapped there
   * next (lang/README.md "Device memory reuse").
   */
  reuse?: boolean;
  /**
   * OpenMP `requires` clauses of the program (OpenMP 6.0 §10.5.1): `unified_shared_memory` makes
   * every device reach all host storage (lang/README-openmp.md "Unified shared memory"). OpenMP
   * programs only.
   */
  requires?: 'unified_shared_memory'[];
  /**
   * OpenMP `declare mapper` directives (OpenMP 6.0 §7.9.10), the default mapper of a struct's type:
   * a map or motion clause naming the whole struct maps the mapper's list instead, each item's map
   * type combined with the clause's (§7.9.2 map type decay; lang/README-openmp.md "declare
   * mapper"). OpenMP programs only; single structs only.
   */
  mappers?: MapperDecl[];
  /**
   * Runs of host objects (arrays and structs, by name) that lie back to back in host memory, each
   * in the order given: the object after another starts where the other ends. Compilers lay out
   * static objects so (GCC puts `int a[8], b[8]` 32 bytes apart), and a runtime lookup of an
   * object's first byte can then find the object before it (libgomp's gomp_map_lookup probes
   * [p - 1, p); K-B58). Without it every object is followed by a gap (hostLayout). `conform` reads
   * the runs of a real program from the addresses it prints (lang/README.md "Host layout").
   */
  adjacent?: string[][];
}

/**
 * `!$omp declare mapper (t :: c) map(tofrom: c, c%p)`: the struct `c`'s type gets a default
 * mapper whose map clauses name `c` (the mapper's variable) and its members.
 */
export interface MapperDecl {
  struct: string;
  maps: { type: 'to' | 'from' | 'tofrom' | 'alloc'; vars: VarRef[] }[];
}

// ------------------------------------------------------------------------------------------------
// Steps (OpenACC 3.3 part of the language)

/**
 * A variable reference string: `a`, `a(2:5)` (Fortran bounds, inclusive), `c`, `c%p`; for an array
 * of structs `cs`, `cs(2)`, `cs(1:2)` and `cs(2)%p`.
 */
export type VarRef = string;

export type AccRegionClauseName =
  | 'copy'
  | 'copyin'
  | 'copyout'
  | 'create'
  | 'present'
  | 'no_create'
  | 'attach';
export type AccEnterClauseName = 'copyin' | 'create' | 'attach';
export type AccExitClauseName = 'copyout' | 'delete' | 'detach';
/** The clauses of `!$acc update` (OpenACC 3.3 §2.14.4); `host` is a synonym of `self`. */
export type AccUpdateClauseName = 'self' | 'host' | 'device';

export interface Clause<Name extends string> {
  clause: Name;
  vars: VarRef[];
}

/** `!$acc enter data` (OpenACC 3.3 §2.6.6). */
export interface AccEnterData {
  op: 'acc_enter_data';
  clauses: Clause<AccEnterClauseName>[];
}
/** `!$acc exit data [finalize]` (OpenACC 3.3 §2.6.6). */
export interface AccExitData {
  op: 'acc_exit_data';
  clauses: Clause<AccExitClauseName>[];
  finalize?: boolean;
}
/** Entry of a structured `!$acc data` region (OpenACC 3.3 §2.6.5); closed by `acc_data_end`. */
export interface AccDataBegin {
  op: 'acc_data_begin';
  clauses: Clause<AccRegionClauseName>[];
}
/** `!$acc end data`: closes the innermost open `acc_data_begin`. */
export interface AccDataEnd {
  op: 'acc_data_end';
}
/**
 * What the kernel of a compute construct does: read every element, write values to all (see
 * WriteBody), or
 * read the device copy of pointer member `pointer` itself (its value, not its target: what a
 * kernel printing the pointer shows — a device address, a host address when it is not attached,
 * or null). Through a pointer member a read can instead take one element at the Fortran index `at`
 * of the device view (counted from its descriptor's lower bound), or the view's bounds (`bounds`).
 */
export type KernelBody = { read: VarRef; at?: number; bounds?: true } | WriteBody | { pointer: VarRef };

/**
 * A write of every element of `write`: element k of the reference (counted from 0 in storage
 * order) gets `value + k * by`, so `{value: 7}` writes 7 everywhere and `{value: 1, by: 1}` is
 * the loop `a(i) = i` over `a(1:n)` (C: `a[i] = i + 1` over `i = 0..n-1`). With `add`, the element
 * gets that much more than it held instead (`a(i) = a(i) + 1`, C `a[i]++`): an indeterminate
 * element stays indeterminate, and a sum outside ±MAX_ELEMENT is signed overflow, which C11 §6.5p5
 * leaves undefined (the step observes `undefined`).
 */
export interface WriteBody {
  write: VarRef;
  value: number;
  by?: number;
  add?: boolean;
  /**
   * A copy (lang/README.md "Copy kernels"): element k also gets element k of this reference, read
   * where the kernel runs, so `{write: "b", value: 0, from: "a"}` is the loop `b(i) = a(i)`. Both
   * references are arrays of the world (whole, a section, a scalar; not struct members) of as many
   * elements, and two sections of one array are the same section or disjoint (validation). An
   * indeterminate element of `from` makes the written one indeterminate.
   */
  from?: VarRef;
}

/** The largest magnitude of an element a program computes (a C int, less INT_MIN). */
export const MAX_ELEMENT = 2 ** 31 - 1;

/** The value a write (kernel body or host_write) gives element `k` (from 0) of its reference, or adds to it (`add`). */
export function writtenValue(w: { value: number; by?: number }, k: number): number {
  return w.value + k * (w.by ?? 0);
}

/** How many values a read of a pointer's view gives (bounds: 2, one element: 1), or null for an ordinary read. */
export function viewLength(read: { at?: number; bounds?: true }): number | null {
  return read.bounds ? 2 : read.at !== undefined ? 1 : null;
}

/** The `at` / `bounds` fields of a read body, to carry over to the host read it stands for. */
export function viewOf(body: { at?: number; bounds?: true }): { at?: number; bounds?: true } {
  return { ...(body.at === undefined ? {} : { at: body.at }), ...(body.bounds ? { bounds: true as const } : {}) };
}
/**
 * `!$acc parallel loop` (OpenACC 3.3 §2.5.1) with data clauses; the kernel reads or writes the
 * elements of `body`'s reference on the device. The root variable of that reference (`c` for
 * `c%p`) gets an implicit data attribute when no clause names it (§2.6.2): `present` with
 * `default: "present"`, else `copy`.
 */
/** A kernel body that touches the elements of its reference (reads or writes them). */
export type ElementBody = Exclude<KernelBody, { pointer: VarRef }>;

/** The reference a kernel body names (the pointer member itself for a `pointer` body); a copy's `from` is copyRef. */
export function kernelRef(body: KernelBody): VarRef {
  return 'read' in body ? body.read : 'write' in body ? body.write : body.pointer;
}

/**
 * A kernel of several statements (lang/README.md "Kernels of several statements"): the loop
 * `do i = 1, n; var%a(i) = i; var%b(i) = 2 * i; end do`, or a C target region's straight-line
 * assignments. Each statement is a write (WriteBody); element k of every statement is iteration k
 * of one loop, so they all have n elements, and the statements run in order within an iteration.
 * Validation refuses what would make the order across iterations show (a data race): two
 * statements naming overlapping but different sections of one array, a scalar one statement writes
 * and another names, or, with more than one element, a reference through a pointer that may alias
 * another. So the kernel is also statement after statement over all elements, which is how the
 * model and the impl run it.
 */
export interface KernelBlock {
  writes: WriteBody[];
}

/** The most statements a kernel of several statements holds. */
export const MAX_BLOCK_STATEMENTS = 8;

/** The statements of a compute construct's kernel: a block's writes, or the one body. */
export function kernelStatements(body: KernelBody | KernelBlock): KernelBody[] {
  return 'writes' in body ? body.writes : [body];
}

/** The reference a copy reads (WriteBody / HostWrite `from`), or null. */
export function copyRef(w: KernelBody | HostWrite): VarRef | null {
  return 'from' in w && w.from !== undefined ? w.from : null;
}

export interface AccParallel {
  op: 'acc_parallel';
  clauses: Clause<AccRegionClauseName>[];
  default?: 'present';
  body: KernelBody | KernelBlock;
  /**
   * With a `pointer` body: names the value the kernel read (a handle later steps may pass to the
   * device memory routines, as an `acc_malloc` result; it outlives the data it points to).
   */
  result?: string;
}

/**
 * `!$acc update [if_present]` (OpenACC 3.3 §2.14.4): each var of a `self` / `host` clause is copied
 * from device memory to the host, each var of a `device` clause from the host to device memory, in
 * the order of the clauses. With `if_present`, vars that are not present are skipped.
 */
export interface AccUpdate {
  op: 'acc_update';
  clauses: Clause<AccUpdateClauseName>[];
  if_present?: boolean;
}

/**
 * OpenACC 3.3 §3.2.18 acc_copyin / acc_create, on a whole variable or a subarray. `result` names the
 * device address the routine returns (null for a null pointer), a handle for later device memory
 * routines as an `acc_malloc` result (C `d = acc_copyin(a, n);`).
 */
export interface AccCopyinRoutine {
  op: 'acc_copyin' | 'acc_create';
  var: VarRef;
  result?: string;
}
/** OpenACC 3.3 §3.2.19 acc_copyout / acc_delete (and the _finalize forms), on a whole variable or a subarray. */
export interface AccCopyoutRoutine {
  op: 'acc_copyout' | 'acc_copyout_finalize' | 'acc_delete' | 'acc_delete_finalize';
  var: VarRef;
}
/** OpenACC 3.3 §3.2.18 / §3.2.19 data routines. */
export type AccDataRoutine = AccCopyinRoutine | AccCopyoutRoutine;
/** OpenACC 3.3 §3.2.29: `ptr` names a pointer member, e.g. `c%p`. */
export interface AccAttachRoutine {
  op: 'acc_attach' | 'acc_detach' | 'acc_detach_finalize';
  ptr: VarRef;
}
/** OpenACC 3.3 §3.2.25. `bytes` overrides the reference's byte length (e.g. 0). */
export interface AccIsPresent {
  op: 'acc_is_present';
  var: VarRef;
  bytes?: number;
}
/**
 * OpenACC 3.3 §3.2.23. With `result`, the returned device pointer (null when the data is not
 * present) is named for later steps: a handle the device memory routines take, as an `acc_malloc`
 * result; it outlives the data it points to (C `d = acc_deviceptr(a);`).
 */
export interface AccDeviceptr {
  op: 'acc_deviceptr';
  var: VarRef;
  result?: string;
}

/**
 * OpenACC 3.3 §3.2.16: `bytes` of device memory; the returned device pointer (null for 0 bytes) is
 * named `result` for later steps (a handle, as for `omp_target_alloc`).
 */
export interface AccMalloc {
  op: 'acc_malloc';
  bytes: number;
  result: string;
}
/** OpenACC 3.3 §3.2.17: frees device memory `acc_malloc` returned. */
export interface AccFree {
  op: 'acc_free';
  ptr: PtrArg;
}
/**
 * OpenACC 3.3 §3.2.21: maps the host data of `var` (array, subarray or a member's target) to the
 * device memory at `dev` (a handle plus a byte offset), for as many bytes as `var` covers.
 */
export interface AccMapData {
  op: 'acc_map_data';
  var: VarRef;
  dev: PtrArg;
}
/** OpenACC 3.3 §3.2.22: ends the mapping `acc_map_data` made for the host address of `var`. */
export interface AccUnmapData {
  op: 'acc_unmap_data';
  var: VarRef;
}
/**
 * OpenACC 3.3 §3.2.26 / §3.2.27: copies the bytes of `var` (host data: array, subarray or a
 * member's target) to device memory `dev`, or back from it.
 */
export interface AccMemcpy {
  op: 'acc_memcpy_to_device' | 'acc_memcpy_from_device';
  var: VarRef;
  dev: PtrArg;
}

/** The data clauses of a program-scope `declare` directive (OpenACC 3.3 §2.13). */
export type AccDeclareClauseName = 'create' | 'copyin' | 'device_resident' | 'link';
/**
 * `!$acc declare` at program scope (OpenACC 3.3 §2.13, a global declaration: a Fortran module or
 * C file-scope variable): the named arrays are static data whose device copy lives as long as the
 * program (`create`, `copyin`, `device_resident`; SRC 1, §2.6.7), or, under `link` (§2.13.3), gets
 * device memory only when a data clause maps it. Whole arrays only; every `acc_declare` step comes
 * before the program's other steps (it stands for the program's static data, set up at start).
 */
export interface AccDeclare {
  op: 'acc_declare';
  clauses: Clause<AccDeclareClauseName>[];
}

/** The data clauses of a `declare` directive in a procedure (OpenACC 3.3 §2.13, §2.13.2). */
export type AccProcedureClauseName = 'copy' | 'copyin' | 'copyout' | 'create' | 'present';
/**
 * A call of a procedure whose specification part holds `!$acc declare <clauses>` (OpenACC 3.3
 * §2.13 in a procedure scope, lang/README.md "Procedure-scope declare"): the steps up to the
 * matching `acc_procedure_end` are the procedure's body, and the named arrays are its dummy
 * arguments (whole arrays, each named once), associated with the caller's arrays. The text makes
 * the declare an implicit data region of the procedure (K-A56).
 */
export interface AccProcedureBegin {
  op: 'acc_procedure_begin';
  clauses: Clause<AccProcedureClauseName>[];
}
/** The return of the procedure: closes the innermost open `acc_procedure_begin`. */
export interface AccProcedureEnd {
  op: 'acc_procedure_end';
}

/**
 * Entry of `!$acc host_data use_device(var) [if_present]` (OpenACC 3.3 §2.8, §2.8.1); closed by
 * `acc_host_data_end`. Inside the region the host code sees the current device address of `var`
 * (an array, a subarray or a pointer member's target); that address is named `result`, a handle
 * later steps of the region may pass to routines (as an `acc_malloc` result). The handle ends with
 * the region. One var per construct: a list is written as nested constructs.
 */
export interface AccHostDataBegin {
  op: 'acc_host_data_begin';
  var: VarRef;
  result: string;
  if_present?: boolean;
}
/** `!$acc end host_data`: closes the innermost open `acc_host_data_begin`. */
export interface AccHostDataEnd {
  op: 'acc_host_data_end';
}

/**
 * Host action: Fortran `c%p => b` (whole array or subarray target). With `lbound`, the bounds
 * remapping form `c%p(lbound:) => b` (Fortran 2008 §7.2.2.3 Data pointer assignment, a
 * bounds-spec): the pointer's lower bound is `lbound` instead of 1, its extent the target's.
 */
export interface PointerAssign {
  op: 'pointer_assign';
  ptr: VarRef;
  target: VarRef;
  lbound?: number;
}
/**
 * Host action: Fortran `allocate(c%x(length), source=value)` of an allocatable component (Fortran
 * 2018 §9.7.1 ALLOCATE statement; C `malloc` and a fill): the component's descriptor takes new
 * host storage of `length` elements, each `value` (default 0), at the next allocation of the host
 * heap, an address no earlier allocation had (lang/README.md "Allocatable components").
 */
export interface Allocate {
  op: 'allocate';
  ptr: VarRef;
  length: number;
  value?: number;
}
/**
 * Host action: Fortran `deallocate(c%x)` (Fortran 2018 §9.7.3 DEALLOCATE statement; C `free`):
 * the storage is freed and the component becomes unallocated (a null descriptor).
 */
export interface Deallocate {
  op: 'deallocate';
  ptr: VarRef;
}
/** Host action: Fortran `nullify(c%p)`. */
export interface Nullify {
  op: 'nullify';
  ptr: VarRef;
}
/** Host action: assign to every element of an array, subarray or pointer target. */
export interface HostWrite {
  op: 'host_write';
  var: VarRef;
  /** Element k of `var` (from 0) gets `value + k * by` (writtenValue), or that much more with `add`, as in a kernel's WriteBody. */
  value: number;
  by?: number;
  add?: boolean;
  /** Element k also gets element k of this array reference (the host loop `b(i) = a(i)`), as in a kernel's WriteBody. */
  from?: VarRef;
}
/**
 * Host action: read every element (observed). Through a pointer member, `at` reads the one element
 * `p(at)` of the host's view and `bounds` its bounds (`lbound(p, 1)`, `ubound(p, 1)`), as a kernel
 * body does on the device.
 */
export interface HostRead {
  op: 'host_read';
  var: VarRef;
  at?: number;
  bounds?: true;
}

export type AccStep =
  | AccEnterData
  | AccExitData
  | AccDataBegin
  | AccDataEnd
  | AccParallel
  | AccDataRoutine
  | AccAttachRoutine
  | AccIsPresent
  | AccDeviceptr
  | AccMalloc
  | AccFree
  | AccMapData
  | AccUnmapData
  | AccMemcpy
  | AccUpdate
  | AccDeclare
  | AccHostDataBegin
  | AccHostDataEnd
  | AccProcedureBegin
  | AccProcedureEnd;
export type HostStep = PointerAssign | Nullify | HostWrite | HostRead | Allocate | Deallocate;
export type Step = AccStep | OmpStep | HostStep;
export type StepOp = Step['op'];

export interface Program {
  /** Language version; absent means 1. */
  version?: number;
  world: World;
  steps: Step[];
}

// ------------------------------------------------------------------------------------------------
// Variable references

export type ParsedRef =
  /**
   * Elements [lo, hi) (0-based, half-open) of an integer array. For a non-pointer member of a
   * struct (`c%n`, `c%arr`, `c%arr(2:3)`), `name` is the struct, `field` the member, and lo / hi
   * count 4-byte units from the struct's first byte (so the range is found like an array's).
   */
  | { kind: 'array'; name: string; lo: number; hi: number; whole: boolean; field?: FieldRef; rank2?: Rank2Ref; scalar?: true }
  /**
   * A whole struct; in an array of structs, elements [lo, hi) (0-based, half-open; `single` when
   * written as one element, `cs(2)`). `lo` and `hi` are absent for a single struct.
   */
  | { kind: 'struct'; name: string; lo?: number; hi?: number; single?: boolean }
  /**
   * A pointer member of a struct; `index` is the 0-based element of an array of structs. With
   * `bounds` (1-based, inclusive: `c%p(2:5)`, C `c.p[1:4]`), a section of the array the pointer
   * targets: as data it names those elements of the current target (lang/README.md "Member
   * subarrays"); where the pointer itself is meant (attach, nullify, …) validation refuses it.
   */
  | { kind: 'member'; struct: string; member: string; index?: number; bounds?: [number, number] };

/**
 * The subscripts of a reference to a rank-2 array (`a` or `a(l1:u1,l2:u2)`): the array's extents
 * and the bounds written (1-based, inclusive; the whole extents for `a`). Only contiguous sections
 * parse, so lo / hi of the reference are its storage range.
 */
export interface Rank2Ref {
  shape: [number, number];
  bounds: [[number, number], [number, number]];
}

/** The member part of an `array` reference that names a struct's non-pointer member. */
export interface FieldRef {
  /** The member's name (`n`, `arr`). */
  member: string;
  /** True for a scalar member. */
  scalar: boolean;
  /** Bounds written in the reference (1-based, inclusive), or absent for the whole member. */
  bounds?: [number, number];
}

const IDENT = '[A-Za-z][A-Za-z0-9_]*';
const REF_RE = new RegExp(`^(${IDENT})(?:\\((-?\\d+):(-?\\d+)\\)|%(${IDENT}))?$`);
/** The forms only an array of structs takes: `cs(2)`, `cs(2)%p` (and `cs(1:2)%p`, refused). */
const ELEMENT_RE = new RegExp(`^(${IDENT})\\((-?\\d+)(?::(-?\\d+))?\\)(?:%(${IDENT}))?$`);
/** A section of a rank-2 array: `a(1:2,3:4)`. */
const RANK2_RE = new RegExp(`^(${IDENT})\\((-?\\d+):(-?\\d+),(-?\\d+):(-?\\d+)\\)$`);
/** A section of a struct's member: `c%arr(2:3)`. */
const MEMBER_SECTION_RE = new RegExp(`^(${IDENT})%(${IDENT})\\((-?\\d+):(-?\\d+)\\)$`);
/** A section of the target of an element's pointer member: `cs(2)%p(2:5)`. */
const ELEMENT_MEMBER_SECTION_RE = new RegExp(`^(${IDENT})\\((-?\\d+)\\)%(${IDENT})\\((-?\\d+):(-?\\d+)\\)$`);
/** Elements of an array of the world (`length`, and n1 × n2 of a rank-2 shape). */
export const MAX_ARRAY_LENGTH = 4096;
/** Elements of what lies inside a struct: a non-pointer array member, the structs of an array of structs. */
export const MAX_MEMBER_LENGTH = 64;
/**
 * Elements of one allocation of an allocatable component (HEAP_STRIDE): 1,024, room for the
 * allocations of runtime test suites (GCC's libgomp.oacc-fortran deep-copy tests allocate 512).
 */
export const MAX_ALLOCATION_LENGTH = 1024;
/**
 * Largest upper bound of a member section: a pointer targets (part of) an array of the world, of
 * at most MAX_ARRAY_LENGTH elements. Whether the section lies inside the current target is known
 * only when the step runs (the pointer can be reassociated): a section past its end is undefined
 * behaviour.
 */
export const MAX_SECTION_BOUND = MAX_ARRAY_LENGTH;

/** Why a reference does not parse or resolve, or null when it is fine. */
export function refError(world: World, ref: string): string | null {
  const r = tryParseRef(world, ref);
  return typeof r === 'string' ? r : null;
}

/** Parses a reference against the world; throws an Error naming the problem when it is invalid. */
export function parseRef(world: World, ref: string): ParsedRef {
  const r = tryParseRef(world, ref);
  if (typeof r === 'string') throw new Error(r);
  return r;
}

/**
 * A zero-length section `a(k:k-1)` of a rank-1 array (Fortran 2018 §9.5.3.3, array sections: a subscript triplet whose
 * upper bound is below its lower bound selects no element; C `a[k-1:0]`): an array reference naming no
 * element. Likewise a zero-length member section `c%p(k:k-1)` (C `c.p[k-1:0]`): no element of the
 * pointer's target, at the address of its element k.
 */
export function isZeroLength(ref: ParsedRef): boolean {
  if (ref.kind === 'member') return ref.bounds !== undefined && ref.bounds[1] === ref.bounds[0] - 1;
  return ref.kind === 'array' && ref.lo === ref.hi;
}

/** Elements in an array of structs, or undefined for a single struct. */
export function structCount(decl: StructDecl): number | undefined {
  return decl.count;
}

function tryParseRef(world: World, ref: string): ParsedRef | string {
  if (typeof ref !== 'string') return `expected a variable reference string, got ${typeof ref}`;
  const m = REF_RE.exec(ref);
  if (!m) return tryParseElementRef(world, ref);
  const name = m[1]!;
  const arr = world.arrays.find((a) => a.name === name);
  const st = world.structs.find((s) => s.name === name);
  if (!arr && !st) return `'${name}' is not declared in the world`;
  if (m[2] !== undefined) {
    if (st?.count !== undefined) return structSection(st, ref, Number(m[2]), Number(m[3]));
    if (!arr) return `'${name}' is not an array, so '${ref}' cannot take bounds`;
    if (arr.scalar) return `'${name}' is a scalar variable, so '${ref}' cannot take bounds (name it whole: '${name}')`;
    if (arr.shape) return `'${ref}' has 1 subscript but '${name}' has rank 2 (${name}(1:${arr.shape[0]},1:${arr.shape[1]})): write ${name}(l1:u1,l2:u2)`;
    const lo = Number(m[2]);
    const hi = Number(m[3]);
    // `a(k:k-1)` (C `a[k-1:0]`), 1 <= k <= n + 1: a zero-length section (lang/README.md "Zero-length
    // sections"), an empty range at the address of element k.
    if (hi === lo - 1 && lo >= 1 && lo <= arr.length + 1) return { kind: 'array', name, lo: lo - 1, hi: lo - 1, whole: false };
    if (lo < 1 || hi > arr.length || lo > hi)
      return `bounds (${lo}:${hi}) of '${ref}' are outside ${name}(1:${arr.length}) or empty`;
    return { kind: 'array', name, lo: lo - 1, hi, whole: lo === 1 && hi === arr.length };
  }
  if (m[4] !== undefined) {
    if (!st) return `'${name}' is not a struct, so '${ref}' names no member`;
    const f = st.fields?.find((x) => x.name === m[4]);
    if (f) return fieldRef(st, f, ref);
    if (!st.pointers.includes(m[4])) return `'${name}' has no pointer member '${m[4]}'`;
    if (st.count !== undefined) return `'${name}' is an array of ${st.count} structs: name an element's member, e.g. '${name}(1)%${m[4]}'`;
    return { kind: 'member', struct: name, member: m[4] };
  }
  if (arr?.shape) return { kind: 'array', name, lo: 0, hi: arr.length, whole: true, rank2: { shape: arr.shape, bounds: [[1, arr.shape[0]], [1, arr.shape[1]]] } };
  if (arr?.scalar) return { kind: 'array', name, lo: 0, hi: 1, whole: true, scalar: true };
  if (arr) return { kind: 'array', name, lo: 0, hi: arr.length, whole: true };
  if (st!.count !== undefined) return { kind: 'struct', name, lo: 0, hi: st!.count };
  return { kind: 'struct', name };
}

/**
 * `a(l1:u1,l2:u2)`: a section of rank-2 array `a`, resolved to its storage in array element order
 * (Fortran 2018 §9.5.3.2). A data reference is contiguous storage: OpenACC 3.3 §2.7.1 / §2.7.3
 * (a non-contiguous Fortran data section is acc_error_invalid_data_section; only the update
 * directive takes noncontiguous subarrays, §2.14.4) and OpenMP 6.0 §7.9.6 map clause restrictions
 * (an array section list item is contiguous storage). The compilers refuse such a program before
 * any runtime sees it: gfortran 12 "Array is not contiguous" (OpenACC and OpenMP, measured with
 * -foffload=disable), GCC's C front end "array section is not contiguous in 'map' clause". So the
 * language takes contiguous sections only (a validation error otherwise): every row (l1:u1 =
 * 1:n1), or one column (l2 = u2).
 */
function rank2Section(world: World, ref: string, name: string, [l1, u1]: [number, number], [l2, u2]: [number, number]): ParsedRef | string {
  const arr = world.arrays.find((a) => a.name === name);
  if (!arr) return world.structs.some((s) => s.name === name) ? `'${name}' is not an array, so '${ref}' cannot take bounds` : `'${name}' is not declared in the world`;
  if (!arr.shape) return `'${ref}' has 2 subscripts but '${name}' has rank 1 (${name}(1:${arr.length}))`;
  const [n1, n2] = arr.shape;
  if (l1 < 1 || u1 > n1 || l1 > u1 || l2 < 1 || u2 > n2 || l2 > u2)
    return `bounds (${l1}:${u1},${l2}:${u2}) of '${ref}' are outside ${name}(1:${n1},1:${n2}) or empty`;
  if (!(l1 === 1 && u1 === n1) && l2 !== u2)
    return `'${ref}' is not contiguous (rows ${l1}:${u1} of 1:${n1} in ${u2 - l2 + 1} columns): a data reference is contiguous storage (OpenACC 3.3 §2.7.3, OpenMP 6.0 §7.9.6), write every row or one column`;
  const lo = (l2 - 1) * n1 + (l1 - 1);
  const hi = (u2 - 1) * n1 + u1;
  return { kind: 'array', name, lo, hi, whole: lo === 0 && hi === arr.length, rank2: { shape: arr.shape, bounds: [[l1, u1], [l2, u2]] } };
}

/** Byte offset of non-pointer member `field` inside its struct (after the pointer descriptors). */
export function fieldOffset(decl: StructDecl, field: string): number {
  let at = decl.pointers.length * POINTER_BYTES;
  for (const f of decl.fields ?? []) {
    if (f.name === field) return at;
    at += (f.length ?? 1) * ELEMENT_BYTES;
  }
  throw new Error(`internal: no member ${field} in ${decl.name}`);
}

/** `c%n`, `c%arr`, or with `bounds` (1-based, inclusive) `c%arr(2:3)`: an array reference in the struct's bytes. */
/** Whether an array reference names a scalar: a scalar variable (`x`) or a struct's scalar member (`c%n`); it takes no subscript. */
export function isScalarRef(r: ParsedRef): boolean {
  return r.kind === 'array' && (r.scalar === true || r.field?.scalar === true);
}

function fieldRef(st: StructDecl, f: FieldDecl, ref: string, bounds?: [number, number]): ParsedRef | string {
  const length = f.length ?? 1;
  if (bounds && f.length === undefined) return `'${st.name}%${f.name}' is a scalar member, so '${ref}' cannot take bounds`;
  const [lo, hi] = bounds ?? [1, length];
  if (lo < 1 || hi > length || lo > hi)
    return `bounds (${lo}:${hi}) of '${ref}' are outside ${st.name}%${f.name}(1:${length}) or empty`;
  const base = fieldOffset(st, f.name) / ELEMENT_BYTES;
  const field: FieldRef = bounds ? { member: f.name, scalar: false, bounds } : { member: f.name, scalar: f.length === undefined };
  return { kind: 'array', name: st.name, lo: base + lo - 1, hi: base + hi, whole: false, field };
}

/** `cs(2)`, `cs(2)%p`: an element (or its member) of an array of structs; `c%arr(2:3)`: a member section. */
function tryParseElementRef(world: World, ref: string): ParsedRef | string {
  const syntax = `'${ref}' is not a variable reference (expected a, a(2:5), c or c%p)`;
  const r2 = RANK2_RE.exec(ref);
  if (r2) return rank2Section(world, ref, r2[1]!, [Number(r2[2]), Number(r2[3])], [Number(r2[4]), Number(r2[5])]);
  const ms = MEMBER_SECTION_RE.exec(ref);
  if (ms) {
    const st = world.structs.find((s) => s.name === ms[1]);
    if (!st) return world.arrays.some((a) => a.name === ms[1]) ? `'${ms[1]}' is not a struct, so '${ref}' names no member` : `'${ms[1]}' is not declared in the world`;
    const f = st.fields?.find((x) => x.name === ms[2]);
    if (f) return fieldRef(st, f, ref, [Number(ms[3]), Number(ms[4])]);
    if (st.pointers.includes(ms[2]!)) {
      if (st.count !== undefined) return `'${st.name}' is an array of ${st.count} structs: name an element's member, e.g. '${st.name}(1)%${ms[2]}(${ms[3]}:${ms[4]})'`;
      return memberSection(ref, { kind: 'member', struct: st.name, member: ms[2]! }, Number(ms[3]), Number(ms[4]));
    }
    return `'${st.name}' has no member '${ms[2]}'`;
  }
  const es = ELEMENT_MEMBER_SECTION_RE.exec(ref);
  if (es) {
    const st = world.structs.find((s) => s.name === es[1]);
    if (!st || st.count === undefined) return syntax;
    const i = Number(es[2]);
    if (i < 1 || i > st.count) return `element ${i} of '${ref}' is outside ${st.name}(1:${st.count})`;
    if (!st.pointers.includes(es[3]!)) return `'${st.name}' has no pointer member '${es[3]}'`;
    return memberSection(ref, { kind: 'member', struct: st.name, member: es[3]!, index: i - 1 }, Number(es[4]), Number(es[5]));
  }
  const m = ELEMENT_RE.exec(ref);
  if (!m) return syntax;
  const st = world.structs.find((s) => s.name === m[1]);
  // Other names keep the message of version 1, which knew no element references.
  if (!st || st.count === undefined) return syntax;
  if (m[3] !== undefined) return `'${ref}' names a member of a section of '${st.name}'; name one element, e.g. '${st.name}(${m[2]})%${m[4]}'`;
  const i = Number(m[2]);
  if (i < 1 || i > st.count) return `element ${i} of '${ref}' is outside ${st.name}(1:${st.count})`;
  if (m[4] === undefined) return { kind: 'struct', name: st.name, lo: i - 1, hi: i, single: true };
  if (!st.pointers.includes(m[4])) return `'${st.name}' has no pointer member '${m[4]}'`;
  return { kind: 'member', struct: st.name, member: m[4], index: i - 1 };
}

/** `c%p(lo:hi)`: a section of a pointer's target; bounds that no target of the language can hold are refused here. */
function memberSection(ref: string, m: ParsedRef & { kind: 'member' }, lo: number, hi: number): ParsedRef | string {
  // `c%p(k:k-1)`, 1 <= k <= 65 (C `c.p[k-1:0]`): a zero-length member section (lang/README.md
  // "Zero-length member sections"), at most one past the largest target; whether its address lies
  // inside the current target is known when the step runs.
  if (hi === lo - 1 && lo >= 1 && lo <= MAX_SECTION_BOUND + 1) return { ...m, bounds: [lo, hi] };
  if (lo < 1 || lo > hi || hi > MAX_SECTION_BOUND)
    return `bounds (${lo}:${hi}) of '${ref}' are empty or outside 1:${MAX_SECTION_BOUND} (a pointer targets at most ${MAX_SECTION_BOUND} elements, counted from 1)`;
  return { ...m, bounds: [lo, hi] };
}

/** The reference text of a member section (`c%p(2:5)`, `cs(2)%p(1:3)`), or of the member alone without bounds. */
export function formatMemberSection(struct: string, member: string, index: number | undefined, bounds?: [number, number]): string {
  return formatMember(struct, member, index) + (bounds === undefined ? '' : `(${bounds[0]}:${bounds[1]})`);
}

function structSection(st: StructDecl, ref: string, lo: number, hi: number): ParsedRef | string {
  const count = st.count!;
  if (lo < 1 || hi > count || lo > hi) return `bounds (${lo}:${hi}) of '${ref}' are outside ${st.name}(1:${count}) or empty`;
  return { kind: 'struct', name: st.name, lo: lo - 1, hi };
}

// ------------------------------------------------------------------------------------------------
// Host memory layout (part of the language: both sides see the same host addresses)

/** First host address; address 0 is the null pointer. */
export const HOST_BASE = 0x1000;
/** Objects start on this alignment and are separated by at least this many unused bytes. */
export const HOST_ALIGN = 0x100;

/**
 * The host heap of a world with allocatable components: one object after every array and struct,
 * named so that no reference can name it, holding HEAP_ALLOCATIONS allocations of at most
 * MAX_ALLOCATION_LENGTH elements. Allocation k (0-based, in the order the program's `allocate`
 * steps run) starts at heap start + k * HEAP_STRIDE, so every allocation has a new address and two
 * are never adjacent (HOST_ALIGN bytes at least lie between them; a freed allocation's address is
 * not handed out again).
 */
export const HEAP_NAME = '(heap)';
export const HEAP_ALLOCATIONS = 8;
export const HEAP_STRIDE = MAX_ALLOCATION_LENGTH * ELEMENT_BYTES + HOST_ALIGN;

/** Whether the world has allocatable components, and so a host heap. */
export function hasHeap(world: World): boolean {
  return world.structs.some((s) => (s.allocatable?.length ?? 0) > 0);
}

/** Whether `member` of struct `decl` is an allocatable component. */
export function isAllocatable(decl: StructDecl, member: string): boolean {
  return decl.allocatable?.includes(member) ?? false;
}

export interface HostObject {
  name: string;
  kind: 'array' | 'struct' | 'heap';
  start: number;
  /** Size in bytes. */
  bytes: number;
}

/**
 * Host addresses of every object, in ascending address order: arrays first, then structs, each in
 * declaration order, except that a run of `world.adjacent` is laid out whole where its first
 * object in that order would go. An object starts HOST_ALIGN-aligned with a gap of at least
 * HOST_ALIGN bytes after its predecessor, unless a run puts it right after the object before it
 * (at that object's end, rounded up to its own alignment: ELEMENT_BYTES for an array,
 * POINTER_BYTES for a struct).
 */
export function hostLayout(world: World): HostObject[] {
  const objects: HostObject[] = [
    ...world.arrays.map((a): HostObject => ({ name: a.name, kind: 'array', start: 0, bytes: a.length * ELEMENT_BYTES })),
    ...world.structs.map((s): HostObject => ({ name: s.name, kind: 'struct', start: 0, bytes: (s.count ?? 1) * structElementBytes(s) })),
  ];
  const runOf = new Map<string, string[]>();
  for (const run of world.adjacent ?? []) for (const name of run) runOf.set(name, run);
  const byName = new Map(objects.map((o) => [o.name, o]));
  const out: HostObject[] = [];
  let next = HOST_BASE;
  const place = (o: HostObject, start: number) => {
    out.push({ ...o, start });
    next = Math.ceil((start + Math.max(o.bytes, 1)) / HOST_ALIGN) * HOST_ALIGN + HOST_ALIGN;
  };
  const placed = new Set<string>();
  for (const o of objects) {
    if (placed.has(o.name)) continue;
    const run = runOf.get(o.name)?.map((name) => byName.get(name)!) ?? [o];
    let start = next;
    for (const member of run) {
      placed.add(member.name);
      const align = member.kind === 'array' ? ELEMENT_BYTES : POINTER_BYTES;
      start = Math.ceil(start / align) * align;
      place(member, start);
      start += member.bytes;
    }
  }
  if (hasHeap(world)) place({ name: HEAP_NAME, kind: 'heap', start: 0, bytes: HEAP_ALLOCATIONS * HEAP_STRIDE }, next);
  return out;
}

/** Bytes of one struct (one element of an array of structs): its pointer member descriptors, then its non-pointer members. */
export function structElementBytes(decl: StructDecl): number {
  let bytes = decl.pointers.length * POINTER_BYTES;
  for (const f of decl.fields ?? []) bytes += (f.length ?? 1) * ELEMENT_BYTES;
  return bytes;
}

/** `c%p`, or `cs(2)%p` for a member of element `index` (0-based) of an array of structs. */
export function formatMember(struct: string, member: string, index?: number): string {
  return index === undefined ? `${struct}%${member}` : `${struct}(${index + 1})%${member}`;
}

/** Every pointer member reference of struct `decl`: `c%p`, or `cs(1)%p`, `cs(2)%p`, … element by element. */
export function memberRefs(decl: StructDecl): string[] {
  const out: string[] = [];
  for (let e = 0; e < (decl.count ?? 1); e++)
    for (const p of decl.pointers) out.push(formatMember(decl.name, p, decl.count === undefined ? undefined : e));
  return out;
}

/** The `init` key of member `member` of element `element` (0-based; undefined for a single struct). */
export function initKey(member: string, element: number | undefined): string {
  return element === undefined ? member : `(${element + 1})%${member}`;
}

/** The initial target (`init`) of the pointer member reference `ref` (`c%p`, `cs(2)%p`) of `decl`, or null. */
export function initTarget(decl: StructDecl, ref: string): string | null {
  const key = decl.count === undefined ? ref.slice(decl.name.length + 1) : ref.slice(decl.name.length);
  return decl.init?.[key] ?? null;
}

/**
 * The members an initialiser of `decl` names: `init` key, 0-based element (undefined for a single
 * struct) and member name; null for a key that is not of the struct's form.
 */
export function initMember(decl: StructDecl, key: string): { element: number | undefined; member: string } | null {
  if (decl.count === undefined) return { element: undefined, member: key };
  const m = /^\((\d+)\)%([A-Za-z][A-Za-z0-9_]*)$/.exec(key);
  if (!m) return null;
  const i = Number(m[1]);
  if (i < 1 || i > decl.count) return null;
  return { element: i - 1, member: m[2]! };
}

/** Host address of member `member` (its descriptor) inside struct object at `structStart`. */
export function memberOffset(decl: StructDecl, member: string): number {
  const i = decl.pointers.indexOf(member);
  if (i < 0) throw new Error(`internal: no member ${member} in ${decl.name}`);
  return i * POINTER_BYTES;
}

/** Devices of the world (default: one discrete device). */
export function worldDevices(world: World): DeviceDecl[] {
  return world.devices && world.devices.length > 0 ? world.devices : [{ kind: 'discrete' }];
}

/**
 * Fortran-style name of bytes [lo, hi) of a single struct: `c` for the whole struct (or any range
 * spanning members), `c%p` for a pointer member's descriptor, `c%n`, `c%arr` or `c%arr(2:3)` inside
 * a non-pointer member.
 */
export function formatStructBytes(decl: StructDecl, lo: number, hi: number): string {
  if (lo === 0 && hi >= structElementBytes(decl)) return decl.name;
  const p = Math.floor(lo / POINTER_BYTES);
  if (p < decl.pointers.length) return hi <= (p + 1) * POINTER_BYTES ? `${decl.name}%${decl.pointers[p]}` : decl.name;
  for (const f of decl.fields ?? []) {
    const at = fieldOffset(decl, f.name);
    const end = at + (f.length ?? 1) * ELEMENT_BYTES;
    if (lo < at || hi > end) continue;
    const name = `${decl.name}%${f.name}`;
    if (f.length === undefined || (lo === at && hi === end)) return name;
    return `${name}(${(lo - at) / ELEMENT_BYTES + 1}:${Math.ceil((hi - at) / ELEMENT_BYTES)})`;
  }
  return decl.name;
}

/**
 * Fortran-style rendering of a 0-based half-open element range of array `name`; of a rank-2 array
 * (`shape`), the section with those elements when there is one (`a(1:2,2:3)`, `a(2:2,3:3)`), else
 * the storage range as `a(l:u)` of a rank-1 view.
 */
export function formatSubarray(name: string, lo: number, hi: number, length: number, shape?: readonly [number, number]): string {
  if (lo === 0 && hi === length) return name;
  if (shape !== undefined) {
    const [n1] = shape;
    const [c1, c2] = [Math.floor(lo / n1) + 1, Math.floor((hi - 1) / n1) + 1];
    if (lo % n1 === 0 && hi % n1 === 0) return `${name}(1:${n1},${c1}:${c2})`;
    if (c1 === c2) return `${name}(${(lo % n1) + 1}:${((hi - 1) % n1) + 1},${c1}:${c1})`;
  }
  return `${name}(${lo + 1}:${hi})`;
}
