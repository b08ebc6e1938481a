// The OpenMP part of the mapcheck program language (version 1): map constructs, the target
// construct and the device memory routines. Semantics: lang/README-openmp.md.

import type { Clause, KernelBlock, KernelBody, VarRef } from './program.js';

/**
 * A device number argument. Integers are passed as they are: 0 … n-1 name the world's devices,
 * n (= omp_get_initial_device()) and -1 (omp_initial_device) the host, -2 omp_invalid_device,
 * anything else is out of range. `"initial"` is a spelling of n that survives changes of n.
 */
export type DeviceArg = number | 'initial';

/**
 * A pointer argument of a device memory routine: null, the address of a host variable (plus a byte
 * offset, which may reach one past the end), or a pointer returned by an earlier
 * `omp_target_alloc` step (named by that step's `result`), plus a byte offset.
 */
export type PtrArg = null | { var: VarRef; offset?: number } | { handle: string; offset?: number };

export type OmpMapType = 'to' | 'from' | 'tofrom' | 'alloc' | 'release' | 'delete';
/** `close` (OpenMP 6.0 §7.9.6) is a hint that the storage should be close to the device; K-B8 `self-unless-close` reads it as LLVM does. */
export type OmpMapModifier = 'always' | 'present' | 'delete' | 'close';

export interface MapItem {
  /** `alloc` / `release` are the 6.0 `storage` type; `delete` is 5.x's delete map type (6.0: storage + delete modifier). */
  type: OmpMapType;
  modifiers?: OmpMapModifier[];
  vars: VarRef[];
}

/** `!$omp target enter data map(…) [device(…)]` (OpenMP 6.0 §15.5): types to, alloc. */
export interface OmpTargetEnterData {
  op: 'omp_target_enter_data';
  device?: DeviceArg;
  maps: MapItem[];
}
/** `!$omp target exit data` (OpenMP 6.0 §15.6): types from, release, delete. */
export interface OmpTargetExitData {
  op: 'omp_target_exit_data';
  device?: DeviceArg;
  maps: MapItem[];
}
/** Entry of `!$omp target data` (OpenMP 6.0 §15.7); closed by `omp_target_data_end`. Types to, from, tofrom, alloc. */
export interface OmpTargetDataBegin {
  op: 'omp_target_data_begin';
  device?: DeviceArg;
  maps: MapItem[];
}
export interface OmpTargetDataEnd {
  op: 'omp_target_data_end';
}
/** `!$omp target` (OpenMP 6.0 §15.8) with maps, and a kernel that reads or writes `body`. */
export interface OmpTarget {
  op: 'omp_target';
  device?: DeviceArg;
  maps: MapItem[];
  body: KernelBody | KernelBlock;
  /** With a `pointer` body: names the value the kernel read (a handle, as an `omp_target_alloc` result). */
  result?: string;
}

/**
 * `!$omp target update to(…) from(…) [device(…)]` (OpenMP 6.0 §15.9): the motion clauses, in order,
 * as items of type `to` or `from`; the only modifier a motion clause takes here is `present`.
 */
export interface OmpTargetUpdate {
  op: 'omp_target_update';
  device?: DeviceArg;
  motions: MapItem[];
}

/** OpenMP 6.0 §25.3; the returned pointer is named `result` for later steps. */
export interface OmpTargetAlloc {
  op: 'omp_target_alloc';
  bytes: number;
  device: DeviceArg;
  result: string;
}
/** OpenMP 6.0 §25.4. */
export interface OmpTargetFree {
  op: 'omp_target_free';
  ptr: PtrArg;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.2.1. */
export interface OmpTargetIsPresent {
  op: 'omp_target_is_present';
  ptr: PtrArg;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.2.2. */
export interface OmpTargetIsAccessible {
  op: 'omp_target_is_accessible';
  ptr: PtrArg;
  bytes: number;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.5: associate `dev` + `offset` with host `host` for `bytes` bytes. */
export interface OmpTargetAssociatePtr {
  op: 'omp_target_associate_ptr';
  host: PtrArg;
  dev: PtrArg;
  bytes: number;
  offset: number;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.6. */
export interface OmpTargetDisassociatePtr {
  op: 'omp_target_disassociate_ptr';
  ptr: PtrArg;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.2.3. */
export interface OmpGetMappedPtr {
  op: 'omp_get_mapped_ptr';
  ptr: PtrArg;
  device: DeviceArg;
}
/** OpenMP 6.0 §25.7.1: copy `bytes` bytes (a multiple of 4) from src+src_offset to dst+dst_offset. */
export interface OmpTargetMemcpy {
  op: 'omp_target_memcpy';
  dst: PtrArg;
  src: PtrArg;
  bytes: number;
  dst_offset: number;
  src_offset: number;
  dst_device: DeviceArg;
  src_device: DeviceArg;
}

/** The clauses of a program-scope `declare target` (OpenMP 6.0 §7.9.7 enter, §7.9.8 link). */
export type OmpDeclareTargetClauseName = 'enter' | 'link';
/**
 * `!$omp declare target enter(…) link(…)` at program scope (OpenMP 6.0 §9.9.1): `enter` arrays get
 * corresponding storage on every device for the whole program, as if their reference count were
 * infinite (§7.9.7); `link` arrays get it only when a map clause maps them (§7.9.8). Whole arrays
 * only; every `omp_declare_target` step comes before the program's other steps.
 */
export interface OmpDeclareTarget {
  op: 'omp_declare_target';
  clauses: Clause<OmpDeclareTargetClauseName>[];
}

/**
 * Entry of `!$omp target data use_device_addr(var) [device(…)]`, or `use_device_ptr` with `ptr:
 * true` (OpenMP 6.0 §15.7, §7.5.10, §7.5.8); closed by `omp_target_data_use_device_end`. Inside the
 * region the code sees the corresponding address of `var` (a whole array) on the device, named
 * `result`: a handle the region's steps may pass to routines (as an `omp_target_alloc` result). The
 * handle ends with the region. A target data construct with maps and use_device clauses is written
 * as an `omp_target_data_begin` with this region inside (the maps come first either way).
 */
export interface OmpTargetDataUseDeviceBegin {
  op: 'omp_target_data_use_device_begin';
  device?: DeviceArg;
  var: VarRef;
  result: string;
  ptr?: boolean;
}
/** `!$omp end target data` of an `omp_target_data_use_device_begin`. */
export interface OmpTargetDataUseDeviceEnd {
  op: 'omp_target_data_use_device_end';
}

export type OmpStep =
  | OmpTargetEnterData
  | OmpTargetExitData
  | OmpTargetDataBegin
  | OmpTargetDataEnd
  | OmpTarget
  | OmpTargetAlloc
  | OmpTargetFree
  | OmpTargetIsPresent
  | OmpTargetIsAccessible
  | OmpTargetAssociatePtr
  | OmpTargetDisassociatePtr
  | OmpGetMappedPtr
  | OmpTargetMemcpy
  | OmpTargetUpdate
  | OmpDeclareTarget
  | OmpTargetDataUseDeviceBegin
  | OmpTargetDataUseDeviceEnd;
