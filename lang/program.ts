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

// ------------------------------------------------------------------------------------------------
// World

export interface ArrayDecl {
  /** Identifier: [A-Za-z][A-Za-z0-9_]*. */
  name: string;
  /** Number of int32 elements, 1..64. */
  length: number;
  /** Initial value of every element (default 0), or one value per element. */
  init?: number | number[];
}

export interface StructDecl {
  name: string;
  /** Names of the pointer members (Fortran `integer, pointer :: p(:)` components). */
  pointers: string[];
  /** Initial association of each member: an array or subarray reference, or null (default). */
  init?: Record<string, string | null>;
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
}

// ------------------------------------------------------------------------------------------------
// Steps (OpenACC 3.3 part of the language)

/** A variable reference string: `a`, `a(2:5)` (Fortran bounds, inclusive), `c`, `c%p`. */
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
/** What the kernel of a compute construct does: read every element, or write one value to all. */
export type KernelBody = { read: VarRef } | { write: VarRef; value: number };
/**
 * `!$acc parallel loop` (OpenACC 3.3 §2.5.1) with data clauses; the kernel reads or writes the
 * elements of `body`'s reference on the device. The root variable of that reference (`c` for
 * `c%p`) gets an implicit data attribute when no clause names it (§2.6.2): `present` with
 * `default: "present"`, else `copy`.
 */
export interface AccParallel {
  op: 'acc_parallel';
  clauses: Clause<AccRegionClauseName>[];
  default?: 'present';
  body: KernelBody;
}

/** OpenACC 3.3 §3.2.18 / §3.2.19 data routines, on a whole variable or a subarray. */
export interface AccDataRoutine {
  op:
    | 'acc_copyin'
    | 'acc_create'
    | 'acc_copyout'
    | 'acc_copyout_finalize'
    | 'acc_delete'
    | 'acc_delete_finalize';
  var: VarRef;
}
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
/** OpenACC 3.3 §3.2.23. */
export interface AccDeviceptr {
  op: 'acc_deviceptr';
  var: VarRef;
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

/** Host action: Fortran `c%p => b` (whole array or subarray target). */
export interface PointerAssign {
  op: 'pointer_assign';
  ptr: VarRef;
  target: VarRef;
}
/** Host action: Fortran `nullify(c%p)`. */
export interface Nullify {
  op: 'nullify';
  ptr: VarRef;
}
/** Host action: assign `value` to every element of an array, subarray or pointer target. */
export interface HostWrite {
  op: 'host_write';
  var: VarRef;
  value: number;
}
/** Host action: read every element (observed). */
export interface HostRead {
  op: 'host_read';
  var: VarRef;
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
  | AccMemcpy;
export type HostStep = PointerAssign | Nullify | HostWrite | HostRead;
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
  /** Elements [lo, hi) (0-based, half-open) of an integer array. */
  | { kind: 'array'; name: string; lo: number; hi: number; whole: boolean }
  /** A whole struct. */
  | { kind: 'struct'; name: string }
  /** A pointer member of a struct. */
  | { kind: 'member'; struct: string; member: string };

const IDENT = '[A-Za-z][A-Za-z0-9_]*';
const REF_RE = new RegExp(`^(${IDENT})(?:\\((-?\\d+):(-?\\d+)\\)|%(${IDENT}))?$`);

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

function tryParseRef(world: World, ref: string): ParsedRef | string {
  if (typeof ref !== 'string') return `expected a variable reference string, got ${typeof ref}`;
  const m = REF_RE.exec(ref);
  if (!m) return `'${ref}' is not a variable reference (expected a, a(2:5), c or c%p)`;
  const name = m[1]!;
  const arr = world.arrays.find((a) => a.name === name);
  const st = world.structs.find((s) => s.name === name);
  if (!arr && !st) return `'${name}' is not declared in the world`;
  if (m[2] !== undefined) {
    if (!arr) return `'${name}' is not an array, so '${ref}' cannot take bounds`;
    const lo = Number(m[2]);
    const hi = Number(m[3]);
    if (lo < 1 || hi > arr.length || lo > hi)
      return `bounds (${lo}:${hi}) of '${ref}' are outside ${name}(1:${arr.length}) or empty`;
    return { kind: 'array', name, lo: lo - 1, hi, whole: lo === 1 && hi === arr.length };
  }
  if (m[4] !== undefined) {
    if (!st) return `'${name}' is not a struct, so '${ref}' names no member`;
    if (!st.pointers.includes(m[4])) return `'${name}' has no pointer member '${m[4]}'`;
    return { kind: 'member', struct: name, member: m[4] };
  }
  if (arr) return { kind: 'array', name, lo: 0, hi: arr.length, whole: true };
  return { kind: 'struct', name };
}

// ------------------------------------------------------------------------------------------------
// Host memory layout (part of the language: both sides see the same host addresses)

/** First host address; address 0 is the null pointer. */
export const HOST_BASE = 0x1000;
/** Objects start on this alignment and are separated by at least this many unused bytes. */
export const HOST_ALIGN = 0x100;

export interface HostObject {
  name: string;
  kind: 'array' | 'struct';
  start: number;
  /** Size in bytes. */
  bytes: number;
}

/**
 * Host addresses of every object: arrays first, then structs, each in declaration order. Each
 * object starts HOST_ALIGN-aligned with a gap of at least HOST_ALIGN bytes after its
 * predecessor, so no two objects are adjacent.
 */
export function hostLayout(world: World): HostObject[] {
  const out: HostObject[] = [];
  let next = HOST_BASE;
  const place = (name: string, kind: 'array' | 'struct', bytes: number) => {
    out.push({ name, kind, start: next, bytes });
    next += Math.ceil(Math.max(bytes, 1) / HOST_ALIGN) * HOST_ALIGN + HOST_ALIGN;
  };
  for (const a of world.arrays) place(a.name, 'array', a.length * ELEMENT_BYTES);
  for (const s of world.structs) place(s.name, 'struct', s.pointers.length * POINTER_BYTES);
  return out;
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

/** Fortran-style rendering of a 0-based half-open element range of array `name`. */
export function formatSubarray(name: string, lo: number, hi: number, length: number): string {
  return lo === 0 && hi === length ? name : `${name}(${lo + 1}:${hi})`;
}
