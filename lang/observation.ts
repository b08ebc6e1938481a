// What a program can see of one step, and the canonical state snapshot both sides report after
// it. Device addresses are symbolic (device block number + byte offset), never raw numbers, so
// model and impl may allocate device memory differently. Host addresses are the numbers of
// lang/program.ts hostLayout, which both sides share by definition.

/** A device address: byte `offset` into the `block`-th device allocation (1-based, in creation order). */
export interface DevAddr {
  block: number;
  offset: number;
}

/** A host address returned by a routine (e.g. omp_get_mapped_ptr on the host device). */
export interface HostAddr {
  host: number;
}

/**
 * A pointer value as stored in memory (a descriptor: base address, element count and lower bound).
 * `host`: a host address (e.g. the verbatim copy of a host pointer in device memory).
 * `dev`: a device address. `null`: the null pointer / disassociated pointer. `lbound` is the
 * Fortran lower bound of the descriptor, absent when it is 1 (the only form it takes when 1).
 */
export type PtrValue =
  | null
  | { space: 'indeterminate' }
  | { space: 'host'; addr: number; count: number; lbound?: number }
  | { space: 'dev'; block: number; offset: number; count: number; lbound?: number };

/** The lower bound of a descriptor (1 unless it says otherwise). */
export function ptrLbound(p: { lbound?: number }): number {
  return p.lbound ?? 1;
}

/** `{lbound}` to spread into a descriptor: nothing for 1, so a lower bound of 1 has one form. */
export function lboundField(lbound: number): { lbound?: number } {
  return lbound === 1 ? {} : { lbound };
}

/** Error codes a step can end the program with. */
export type ErrorCode =
  // OpenACC 3.3 §5.2.2 acc_error_t values the model raises (§2.7.3 data clause errors, §3.2 routine errors)
  | 'acc_error_not_present'
  | 'acc_error_partly_present'
  | 'acc_error_invalid_null_pointer'
  | 'acc_error_invalid_argument'
  | 'acc_error_present'
  // OpenMP 6.0 runtime error termination (present modifier §7.9.6; omp_invalid_device)
  | 'omp_error_not_present'
  | 'omp_error_invalid_device'
  // Implementation aborts selected by a profile knob (never produced by the `spec` profile)
  | 'fatal_attach_absent'
  | 'fatal_attach_null'
  | 'fatal_detach_at_zero'
  | 'fatal_null_routine'
  | 'fatal_not_present'
  | 'fatal_partial_map'
  | 'fatal_partial_update'
  | 'fatal_invalid_device'
  | 'fatal_map_data'
  // A toolchain's own lowering the runtime aborts on (GCC 12 assertions), selected by a knob
  | 'fatal_lowering';

export type Observation =
  /** The step completed and returns nothing. */
  | { kind: 'ok' }
  /** A routine's return value; 0 / 1 are the OpenMP success / nonzero (any failure) results. */
  | { kind: 'value'; value: boolean | DevAddr | HostAddr | 0 | 1 | null }
  /** Elements read by a kernel or a host read; null marks an indeterminate element. */
  | { kind: 'read'; values: (number | null)[] }
  /** The program stops here: a runtime error (spec-required or profile abort). */
  | { kind: 'error'; code: ErrorCode; message: string }
  /** Undefined behaviour (e.g. a kernel dereferences a host address): anything goes from here. */
  | { kind: 'undefined'; message: string }
  /**
   * The program uses a routine or modifier the profile's runtime does not provide (knobs K-B24 …
   * K-B26 `absent`): such a program cannot be built, so it stops here.
   */
  | { kind: 'unavailable'; feature: string }
  /** The program already stopped at an earlier error or undefined step. */
  | { kind: 'halted' };

/** One present-table entry, OpenACC flavour. */
export interface SectionSnapshot {
  /** Half-open host byte range. */
  host: [number, number];
  /** Device block holding the copy. */
  block: number;
  /** Structured reference counter (OpenACC 3.3 §2.6.7). */
  src: number;
  /** Dynamic reference counter (OpenACC 3.3 §2.6.7). */
  drc: number;
  /** Present only for data mapped by acc_map_data (OpenACC 3.3 §3.2.21): the program's own memory. */
  origin?: 'map_data';
  /** With `origin`: byte offset of the data in `block`. */
  offset?: number;
}

/** One pointer member whose struct is present on the device. */
export interface AttachSnapshot {
  /** Host address of the pointer member. */
  ptr: number;
  /** Attachment counter (OpenACC 3.3 §2.6.8); may be negative under some profiles. */
  ac: number;
  /** The pointer value held by the device copy of the member. */
  device: PtrValue;
}

/**
 * The reference count of an entry an association made (OpenMP 6.0 §25.5): infinite, so no map
 * construct ever releases it. One name in model/, impl/ and observations; spelt "inf" in JSON.
 */
export const INFINITE_RC = 'inf';
export type RefCount = number | typeof INFINITE_RC;

/** One OpenMP present-table entry (lang/README-openmp.md). */
export interface OmpEntrySnapshot {
  device: number;
  host: [number, number];
  /** Device block of the storage, or null for a self map (the original host storage). */
  block: number | null;
  offset: number;
  rc: RefCount;
  /** `declare`: storage of a `declare target` variable (OpenMP 6.0 §7.9.7), infinite count. */
  origin: 'map' | 'associate' | 'declare';
}

/** The device value of a pointer member inside an OpenMP struct entry with device storage. */
export interface OmpPointerSnapshot {
  device: number;
  ptr: number;
  value: PtrValue;
}

/** Canonical state after a step: sorted, symbolic, comparable with deep equality. */
export interface Snapshot {
  /** OpenACC present-table entries sorted by host start. */
  sections: SectionSnapshot[];
  /** Every pointer member inside a present OpenACC section, sorted by `ptr`. */
  attachments: AttachSnapshot[];
  /** OpenMP entries of every device, sorted by (device, host start, creation order). */
  ompEntries: OmpEntrySnapshot[];
  /** Pointer members inside OpenMP struct entries with device storage, sorted by (device, ptr). */
  ompPointers: OmpPointerSnapshot[];
}

export function formatDevAddr(a: DevAddr): string {
  return `dev#${a.block}${signedOffset(a.offset)}`;
}

/** `+8`, or `-4` for an address before its block's start (a pointer attached through a member section). */
function signedOffset(offset: number): string {
  return offset < 0 ? `${offset}` : `+${offset}`;
}

export function formatPtr(p: PtrValue): string {
  if (p === null) return 'null';
  if (p.space === 'indeterminate') return 'indeterminate';
  const bounds = p.lbound === undefined ? `${p.count}` : `${p.lbound}:${p.lbound + p.count - 1}`;
  if (p.space === 'host') return `host:0x${p.addr.toString(16)}[${bounds}]`;
  return `dev#${p.block}${signedOffset(p.offset)}[${bounds}]`;
}

/** One-line rendering of an observation, for tables and diffs. */
export function formatObservation(o: Observation): string {
  switch (o.kind) {
    case 'ok':
      return 'ok';
    case 'value':
      if (o.value === null) return 'null';
      if (typeof o.value === 'boolean' || typeof o.value === 'number') return String(o.value);
      if ('host' in o.value) return `host:0x${o.value.host.toString(16)}`;
      return formatDevAddr(o.value);
    case 'read':
      return `read [${compressValues(o.values)}]`;
    case 'error':
      return `error ${o.code}`;
    case 'undefined':
      return `undefined (${o.message})`;
    case 'unavailable':
      return `unavailable (${o.feature})`;
    case 'halted':
      return 'halted';
  }
}

/** `10*1` for runs, like Fortran list-directed output. */
export function compressValues(values: (number | null)[]): string {
  const parts: string[] = [];
  for (let i = 0; i < values.length; ) {
    let j = i;
    while (j < values.length && values[j] === values[i]) j++;
    const v = values[i] === null ? '?' : String(values[i]);
    parts.push(j - i > 1 ? `${j - i}*${v}` : v);
    i = j;
  }
  return parts.join(', ');
}
