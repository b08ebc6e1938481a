// What each reading predicts an observation program prints, and whether a run agrees.
//
// A reading is a profile (the spec model under its knobs) or `host-fallback`: the runtime runs
// every kernel on the host and device memory IS host memory (gcc -foffload=disable,
// ACC_DEVICE_TYPE=host, OMP_TARGET_OFFLOAD=DISABLED). For OpenACC that reading needs no profile:
// data clauses and attach/detach change nothing a program can see, kernels read and write host
// memory, acc_is_present is true for every non-null non-empty range (libgomp oacc-mem.c
// acc_is_present: shared-memory devices answer `h != NULL`) and acc_deviceptr / acc_copyin return
// the host address; acc_copyin / acc_create on a null pointer abort as libgomp's range check does
// first (K-A5 `entry-error`), acc_copyout / acc_delete of one crash (no prediction). Device memory
// (oacc-mem.c, shared-memory paths): acc_malloc is malloc, acc_free free, acc_unmap_data a no-op,
// acc_memcpy_* memmove (into host data through its host address: not predicted), and acc_map_data
// of a distinct device address a fatal error. For OpenMP without devices, omp_get_initial_device() is 0, so device 0 and the
// initial device are the host: the program is replayed with every construct and routine on the
// initial device under the libgomp profile (other device numbers name no device).

import { firstprivateStatements } from '../lang/firstprivate.js';
import { isDeepStrictEqual } from 'node:util';
import { hostLayout, kernelStatements, parseRef, worldDevices, type ElementBody, ELEMENT_BYTES, HEAP_NAME, HEAP_STRIDE, POINTER_BYTES, type HostObject, type Program, type Step, type VarRef, type World } from '../lang/program.js';
import { formatMember, initTarget, memberRefs } from '../lang/program.js';
import { onInitialDevice } from '../lang/ops.js';
import { hostStepOf, presentRefs } from '../cli/emit/backend.js';
import type { DeviceArg } from '../lang/openmp.js';
import { formatObservation, type Observation } from '../lang/observation.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { recordingKnobReads } from '../profiles/knob-reads.js';
import { runTrace } from '../properties/compare.js';
import { formatRaw, type ParsedRun, type RawObservation } from './observations.js';

export const HOST_FALLBACK = 'host-fallback';

/**
 * `host-fallback` carries the profile of the runtime the program links against, for what the host
 * answers itself (OpenMP routines on the initial device): `libgomp` unless the compiler is known
 * to be older (GCC 12's libgomp: profile `gcc-12`, see toolchain/host.ts gccMajor).
 */
export type Reading = { kind: 'profile'; profile: Profile } | { kind: 'host-fallback'; runtime?: string };

export function readingName(r: Reading): string {
  return r.kind === 'profile' ? r.profile.name : HOST_FALLBACK;
}

/**
 * The spec model's observations of every step of `program` under `profile`. With `knobsRead`, the
 * ids of the knobs the prediction read are added to it: the model reads knobs only through the
 * profile's knobs object, so a profile that differs from this one in knobs outside that set predicts
 * the same observations (knob inference relies on it, inferKnobs).
 */
export function profileTrace(program: Program, profile: Profile, knobsRead?: Set<string>): Observation[] {
  // Observation programs never use the present map modifier: emit spells it as an
  // omp_target_is_present check that stops the program (GCC 12 rejects the modifier), so a
  // profile whose compiler lacks it (K-B26 `absent`) predicts what that check observes.
  knobsRead?.add('K-B26');
  let asEmitted = profile.knobs['K-B26'] === 'absent' ? { ...profile, knobs: { ...profile.knobs, 'K-B26': 'available' as const } } : profile;
  if (knobsRead) asEmitted = recordingKnobReads(asEmitted, knobsRead);
  const observations = runTrace(program, { engine: 'model', profile: asEmitted }, false).observations;
  // The begin of a host_data / use_device region prints `ok` (cli/emit: the handle is kept for
  // the region's calls, not shown), so a value the reading gives it is predicted as `ok`.
  return observations.map((o, k) => (o.kind === 'value' && HANDLE_BEGINS.has(program.steps[k]!.op) ? { kind: 'ok' } : o));
}

const HANDLE_BEGINS: ReadonlySet<string> = new Set(['acc_host_data_begin', 'omp_target_data_use_device_begin']);

/**
 * Where a pointer member points: an array reference, an allocation of the host heap (allocatable
 * components: its address and elements, lang/program.ts HEAP_STRIDE), or nowhere (null).
 */
type Target = VarRef | { heap: number; length: number } | null;

/** Host address of the first element a data reference names, given where each member points. */
function hostStart(world: World, layout: HostObject[], ref: VarRef, targets: Map<string, Target>): number | null {
  const r = parseRef(world, ref);
  if (r.kind === 'struct') {
    // an element or section cs(k:m) of an array of structs starts at element k
    const o = layout.find((x) => x.name === r.name)!;
    return o.start + (r.lo ?? 0) * structElementBytes(world, r.name, o);
  }
  if (r.kind === 'array') return layout.find((o) => o.name === r.name)!.start + r.lo * ELEMENT_BYTES;
  const target = targets.get(formatMember(r.struct, r.member, r.index)) ?? null;
  const start = target === null ? null : typeof target === 'object' ? target.heap : hostStart(world, layout, target, targets);
  // A member section c%p(3:6) starts at its own first element.
  return start === null || r.bounds === undefined ? start : start + (r.bounds[0] - 1) * ELEMENT_BYTES;
}

/** OpenACC on shared memory (see the file comment). */
function accHostFallback(program: Program): Observation[] {
  const { world } = program;
  const layout = hostLayout(world);
  const targets = new Map<string, Target>();
  for (const s of world.structs) for (const ref of memberRefs(s)) targets.set(ref, initTarget(s, ref));
  let allocations = 0;
  // Host steps and kernels as host reads and writes, replayed on the model (shared memory has no
  // device side to differ).
  const shared: Step[] = [];
  /** Per step, its replayed host steps [start, end) in `shared`; -1: not replayed (decided below). */
  const index: number[] = [];
  const ends: number[] = [];
  // a statement writing a firstprivate scalar writes its private copy (ok), on the host too; a
  // copy from a firstprivate scalar reads the host value, as its host_write does
  const privateCopies = firstprivateStatements(program);
  for (const [k, s] of program.steps.entries()) {
    index.push(shared.length);
    const body = s.op === 'acc_parallel' ? s.body : null;
    if (body !== null && !('pointer' in body)) {
      // a kernel of several statements: one host step per statement, in order (the first
      // undefined one stops the kernel, and the program)
      const skipped = privateCopies.get(k) ?? [];
      const statements = kernelStatements(body).filter((b, j) => !('write' in b && skipped.includes(j)));
      // a copy's host_write keeps its `from` (read from host memory, which is the device's here)
      shared.push(...statements.map((b) => hostStepOf(b as ElementBody)));
      if (statements.length === 0) index[k] = -1;
    } else if (s.op === 'pointer_assign' || s.op === 'nullify' || s.op === 'allocate' || s.op === 'deallocate' || s.op === 'host_write' || s.op === 'host_read') shared.push(s);
    else index[k] = -1;
    ends.push(shared.length);
  }
  const sharedObs = profileTrace({ world, steps: shared }, loadProfile('spec'));
  /** A step's observation from its host steps: the first that is not `ok` (a block's statements), else `ok`. */
  const replayed = (k: number): Observation => sharedObs.slice(index[k]!, ends[k]!).find((o) => o.kind !== 'ok') ?? sharedObs[index[k]!]!;
  const out: Observation[] = [];
  let halted = false;
  /** acc_malloc blocks so far (acc_free, acc_unmap_data and acc_memcpy_to_device into a block are `ok` there: free, a no-op, memmove). */
  let blocks = 0;
  /** Handles that hold the start of a live acc_malloc block: the only pointers free() takes. */
  const mallocked = new Set<string>();
  for (const [k, s] of program.steps.entries()) {
    if (halted) {
      out.push({ kind: 'halted' });
      continue;
    }
    let o: Observation;
    if (index[k]! >= 0) o = replayed(k);
    else if (s.op === 'acc_is_present') {
      const start = hostStart(world, layout, s.var, targets);
      const bytes = s.bytes ?? refBytes(world, s.var, targets);
      o = { kind: 'value', value: start !== null && bytes > 0 };
    } else if ((s.op === 'acc_copyin' || s.op === 'acc_create') && hostStart(world, layout, s.var, targets) === null) {
      // libgomp checks the range before it looks at the device (oacc-mem.c: "[(nil),+0] is a bad
      // range", K-A5 `entry-error`), also on the host fallback.
      o = { kind: 'error', code: 'fatal_null_routine', message: 'libgomp: bad range' };
    } else if ((s.op.startsWith('acc_copyout') || s.op.startsWith('acc_delete')) && 'var' in s && hostStart(world, layout, s.var, targets) === null) {
      // GCC 12's host fallback crashes in acc_copyout / acc_delete (NULL, 0) (seen: SIGSEGV): no prediction.
      o = { kind: 'undefined', message: 'libgomp host fallback: acc_copyout / acc_delete of a null pointer crashes' };
    } else if (s.op === 'acc_parallel' && 'pointer' in s.body) {
      // on shared memory the kernel reads the host pointer itself: its target's address, or null
      const start = hostStart(world, layout, s.body.pointer, targets);
      o = { kind: 'value', value: start === null ? null : { host: start } };
    } else if (s.op === 'acc_malloc') {
      // libgomp oacc-mem.c acc_malloc: NULL for 0 bytes, else (a shared-memory device) malloc: a new block.
      o = { kind: 'value', value: s.bytes === 0 ? null : { block: ++blocks, offset: 0 } };
    } else if (s.op === 'acc_free' && s.ptr !== null && !('handle' in s.ptr && (s.ptr.offset ?? 0) === 0 && mallocked.has(s.ptr.handle))) {
      // acc_free is free() there (oacc-mem.c, shared-memory path): of anything but the start of a
      // live acc_malloc block (an interior pointer, host data, a block freed already) glibc aborts
      // ("free(): invalid pointer", "double free"): no prediction.
      o = { kind: 'undefined', message: 'libgomp host fallback: acc_free is free(), given a pointer malloc did not return' };
    } else if (s.op === 'acc_map_data') {
      // libgomp oacc-mem.c acc_map_data on a shared-memory device: gomp_fatal ("cannot map data on
      // shared-memory system") unless the device address is the host address, which acc_malloc's never is.
      o = { kind: 'error', code: 'fatal_map_data', message: 'libgomp: cannot map data on shared-memory system' };
    } else if (s.op === 'acc_memcpy_to_device' && s.dev !== null && !('handle' in s.dev && mallocked.has(s.dev.handle))) {
      // memmove into what is not an acc_malloc block: the "device address" of host data (a
      // host_data / acc_deviceptr handle, a host variable), which the copy overwrites on the host.
      o = { kind: 'undefined', message: 'host fallback: acc_memcpy_to_device writes host data through its host address, which this prediction does not track' };
    } else if (s.op === 'acc_memcpy_from_device') {
      // memmove from the malloc'd block into host data: the block's contents are not tracked here.
      o = { kind: 'undefined', message: 'host fallback: acc_memcpy_from_device copies a device block whose contents this prediction does not track' };
    } else if (s.op === 'acc_deviceptr' || s.op === 'acc_copyin' || s.op === 'acc_create') {
      const start = hostStart(world, layout, s.var, targets);
      o = { kind: 'value', value: start === null ? null : { host: start } };
    } else o = { kind: 'ok' };
    if ('result' in s && typeof s.result === 'string') mallocked.delete(s.result); // the handle now holds something else
    if (s.op === 'acc_malloc' && o.kind === 'value' && o.value !== null) mallocked.add(s.result);
    if (s.op === 'acc_free' && s.ptr !== null && 'handle' in s.ptr) mallocked.delete(s.ptr.handle);
    if (s.op === 'pointer_assign') targets.set(s.ptr, s.target);
    if (s.op === 'nullify' || s.op === 'deallocate') targets.set(s.ptr, null);
    if (s.op === 'allocate') targets.set(s.ptr, { heap: layout.find((x) => x.name === HEAP_NAME)!.start + allocations++ * HEAP_STRIDE, length: s.length });
    if (o.kind === 'error' || o.kind === 'undefined') halted = true;
    out.push(o);
  }
  return out;
}

/** Bytes of one element of struct `name` (its whole layout object when it is not an array of structs). */
function structElementBytes(world: World, name: string, o: HostObject): number {
  return o.bytes / (world.structs.find((st) => st.name === name)!.count ?? 1);
}

function refBytes(world: World, ref: VarRef, targets: Map<string, Target>): number {
  const r = parseRef(world, ref);
  if (r.kind === 'array') return (r.hi - r.lo) * ELEMENT_BYTES;
  if (r.kind === 'struct') {
    const o = hostLayout(world).find((x) => x.name === r.name)!;
    return r.lo === undefined || r.hi === undefined ? o.bytes : (r.hi - r.lo) * structElementBytes(world, r.name, o);
  }
  const t = targets.get(formatMember(r.struct, r.member, r.index)) ?? null;
  if (t !== null && r.bounds !== undefined) return (r.bounds[1] - r.bounds[0] + 1) * ELEMENT_BYTES;
  if (t !== null && typeof t === 'object') return t.length * ELEMENT_BYTES;
  return t === null ? 0 : refBytes(world, t, targets);
}

/** OpenMP without devices (see the file comment), under the runtime's profile. */
function ompHostFallback(program: Program, runtime: Profile): Observation[] {
  const n = worldDevices(program.world).length;
  // -1 is omp_initial_device where the runtime knows the name (K-B20 `host`, libgomp >= 13); GCC
  // 12's libgomp answers it as any negative number (K-B20 `graceful`), left to the profile. Any
  // other number names no device there: an out-of-range number, which libgomp answers gracefully
  // (K-B11); omp_invalid_device itself would be error termination (K-B19).
  const initial = runtime.knobs['K-B20'] === 'host' ? [-1] : [];
  const onHost = (d: DeviceArg): DeviceArg => (d === 0 || d === 'initial' || d === n || initial.includes(d as number) ? 'initial' : d === -1 || d === -2 ? d : n + 1000);
  const steps = program.steps.map((s) => onInitialDevice(s, onHost));
  const out = profileTrace({ world: program.world, steps }, runtime);
  // Emit writes map(present, …) as an omp_target_is_present check on the construct's device
  // number (GCC 12 lacks the modifier); a number that names no device there (1, 2, … of the
  // world) is answered 0, and the check stops the program where the construct itself would run on
  // the host (libgomp resolve_device: no such device, host fallback).
  const stops = program.steps.findIndex((s, k) => {
    const d = 'device' in s ? (s.device as DeviceArg | undefined) : undefined;
    return typeof d === 'number' && d > 0 && d !== n && presentRefs(s).length > 0 && !['halted', 'error', 'undefined'].includes(out[k]!.kind);
  });
  if (stops < 0 || out.slice(0, stops).some((o) => o.kind === 'error' || o.kind === 'undefined')) return out;
  const d = (program.steps[stops] as { device: number }).device;
  return out.map((o, k) =>
    k < stops ? o : k === stops ? { kind: 'error', code: 'omp_error_not_present', message: `the emitted present check asks device ${d}, which the host fallback lacks` } : { kind: 'halted' },
  );
}

/** What `reading` predicts for every step of `program`. */
export function predict(program: Program, reading: Reading): Observation[] {
  if (reading.kind === 'profile') return profileTrace(program, reading.profile);
  return program.steps.some((s) => s.op.startsWith('omp_')) ? ompHostFallback(program, loadProfile(reading.runtime ?? 'libgomp')) : accHostFallback(program);
}

// ------------------------------------------------------------------------------------------------
// Comparing a run with a prediction

export interface StepVerdict {
  /** 1-based step number. */
  step: number;
  predicted: Observation;
  observed: RawObservation;
  agree: boolean;
  /** Why they differ (when they do). */
  why?: string;
}

export interface RunVerdict {
  agree: boolean;
  /** Steps compared (up to the first undefined or halted prediction). */
  compared: number;
  /** The first disagreement, if any. */
  first: StepVerdict | null;
}

/** A stretch of a host object whose real address the program printed: its element or field lines. */
interface HostPart {
  /** Its real address and bytes. */
  real: number;
  bytes: number;
  /** Its layout address (lang/program.ts hostLayout). */
  at: number;
}

/** Turns raw addresses into the language's symbolic ones: host objects by layout, device blocks by a consistent renaming. */
class AddressMap {
  private readonly layout: HostObject[];
  private readonly parts: HostPart[] = [];
  private readonly blockBase = new Map<number, number>();
  private readonly allocationBase = new Map<number, number>();
  private readonly reuse: boolean;

  constructor(
    world: World,
    private readonly hostBases: number[],
    hostParts: ParsedRun['hostParts'] = [],
  ) {
    this.layout = hostLayout(world);
    this.reuse = world.reuse === true;
    // A struct's members sit where the compiler put them, not where the layout does: an address
    // inside an element or a field the program printed is read relative to that element or field.
    for (const [k, o] of this.layout.entries()) {
      const printed = hostParts[k];
      const decl = o.kind === 'struct' ? world.structs.find((s) => s.name === o.name) : undefined;
      if (printed === undefined || decl === undefined) continue;
      const stride = structElementBytes(world, o.name, o);
      printed.elements.forEach((real, e) => {
        const next = printed.elements[e + 1];
        // the last element's real size is unknown: no more than the layout's
        this.parts.push({ real, bytes: next === undefined ? stride : Math.min(next - real, stride), at: o.start + e * stride });
      });
      let at = o.start + decl.pointers.length * POINTER_BYTES;
      for (const [f, field] of (decl.fields ?? []).entries()) {
        const bytes = (field.length ?? 1) * ELEMENT_BYTES;
        const real = printed.fields[f];
        if (real !== undefined) this.parts.push({ real, bytes, at });
        at += bytes;
      }
    }
  }

  /** The layout address of a raw host pointer into a host object, or null. */
  host(raw: number): number | null {
    // Inside an object first; one past the end only when no object starts there (objects can be adjacent in a real program).
    for (const pastEnd of [false, true]) {
      for (const p of this.parts) if (raw >= p.real && (raw < p.real + p.bytes || (pastEnd && raw === p.real + p.bytes))) return p.at + (raw - p.real);
      for (const [k, o] of this.layout.entries()) {
        const base = this.hostBases[k];
        if (base === undefined) continue;
        if (raw >= base && (raw < base + o.bytes || (pastEnd && raw === base + o.bytes))) return o.start + (raw - base);
      }
    }
    return null;
  }

  /**
   * Allocation k of the host heap and the byte offset in it of layout address `at`, or null when
   * `at` is not in the heap. A run prints no heap address, so a pointer into an allocation is
   * checked as a device block's is: by a consistent renaming (allocation).
   */
  heapPlace(at: number): { k: number; offset: number } | null {
    const heap = this.layout.find((o) => o.kind === 'heap');
    if (heap === undefined || at < heap.start || at >= heap.start + heap.bytes) return null;
    return { k: Math.floor((at - heap.start) / HEAP_STRIDE), offset: (at - heap.start) % HEAP_STRIDE };
  }

  /** Whether raw pointer `raw` can be byte `offset` of heap allocation `k`, given what was seen so far (and records it). */
  allocation(raw: number, k: number, offset: number): boolean {
    const base = raw - offset;
    const known = this.allocationBase.get(k);
    if (known !== undefined) return known === base;
    this.allocationBase.set(k, base);
    return true;
  }

  /**
   * Whether raw pointer `raw` can be byte `offset` of device block `block`, given what was seen so
   * far (and records it). `allocated`: the pointer is what a step that allocates returned
   * (acc_malloc, omp_target_alloc, acc_copyin, acc_create). In a world of the reuse allocator
   * (lang/README.md "Device memory reuse") such a step may get a block number the model hands out
   * again, which the real allocator may place anywhere (whether CUDA's allocator gives a freed
   * range back is its own choice; emit writes its checks for the quarantine world): there the
   * block's address is taken anew.
   */
  device(raw: number, block: number, offset: number, allocated: boolean): boolean {
    const base = raw - offset;
    const known = this.blockBase.get(block);
    if (known !== undefined && (known === base || !(this.reuse && allocated))) return known === base;
    // Not required to be injective: a runtime may hand a freed allocation's address to a new one.
    this.blockBase.set(block, base);
    return true;
  }
}

/** Steps whose pointer result may be a new device allocation (AddressMap.device). */
const ALLOCATING: ReadonlySet<Step['op']> = new Set<Step['op']>(['acc_malloc', 'omp_target_alloc', 'acc_copyin', 'acc_create']);

/**
 * Whether `step` is a kernel reading a pointer member's elements: emit writes its loop over the
 * element count the spec's plan gives (cli/emit/plan.ts elementCount), so where a reading's device
 * view of the pointer is longer the program prints the first elements of that view.
 */
function readsPointerPrefix(world: World, step: Step | undefined): boolean {
  if (step === undefined || (step.op !== 'acc_parallel' && step.op !== 'omp_target') || !('read' in step.body)) return false;
  if (step.body.bounds === true || step.body.at !== undefined) return false;
  return parseRef(world, step.body.read).kind === 'member';
}

function stepAgrees(pred: Observation, raw: RawObservation, addrs: AddressMap, allocated: boolean, prefix = false): string | null {
  const said = `predicted ${formatObservation(pred)}, observed ${formatRaw(raw)}`;
  if (pred.kind === 'error') return raw.kind === 'abort' ? null : said;
  if (raw.kind === 'abort' || raw.kind === 'timeout' || raw.kind === 'missing') return said;
  if (raw.kind === 'done') return null; // a result the language cannot show
  switch (pred.kind) {
    case 'ok':
      return raw.kind === 'ok' ? null : said;
    case 'read':
      if (raw.kind !== 'read' || (raw.values.length !== pred.values.length && !(prefix && raw.values.length < pred.values.length))) return said;
      return raw.values.every((v, k) => pred.values[k] === null || pred.values[k] === v) ? null : said;
    case 'value': {
      const v = pred.value;
      if (typeof v === 'boolean') return raw.kind === 'int' && raw.value !== 0 === v ? null : said;
      if (v === 0 || v === 1) return raw.kind === 'int' && (raw.value !== 0 ? 1 : 0) === v ? null : said;
      if (raw.kind !== 'ptr') return said;
      if (v === null) return raw.value === 0 ? null : said;
      if ('host' in v) {
        const heap = addrs.heapPlace(v.host);
        if (heap === null) return addrs.host(raw.value) === v.host ? null : said;
        if (raw.value === 0 || addrs.host(raw.value) !== null) return said;
        return addrs.allocation(raw.value, heap.k, heap.offset) ? null : `${said} (not the same heap allocation as before)`;
      }
      if (raw.value === 0 || addrs.host(raw.value) !== null) return said;
      if (raw.value < 0) return `${said} (not an address)`;
      return addrs.device(raw.value, v.block, v.offset, allocated) ? null : `${said} (not the same device allocation as before)`;
    }
    default:
      return said;
  }
}

/**
 * The program as the run laid its objects out: `world.adjacent` holds the runs of objects the
 * printed host addresses show back to back (an object whose real size is known ends where the next
 * starts: an array's elements, an array of structs' printed element stride; a single struct's size
 * is the compiler's, unknown here, so nothing is taken to follow it), replacing any the program
 * declared; the run's per-object prints are reordered to that world's host layout. A program
 * whose run shows no adjacent objects comes back as it is.
 */
export function asLaidOut(program: Program, run: ParsedRun): { program: Program; run: ParsedRun } {
  const { world } = program;
  const before = hostLayout(world).filter((o) => o.kind !== 'heap');
  const real = before.flatMap((o, k) => {
    const base = run.hostBases[k];
    if (base === undefined) return [];
    const decl = o.kind === 'array' ? world.arrays.find((a) => a.name === o.name)! : null;
    const elements = run.hostParts[k]?.elements ?? [];
    const struct = o.kind === 'struct' ? world.structs.find((s) => s.name === o.name)! : null;
    const stride = elements[0] !== undefined && elements[1] !== undefined ? elements[1] - elements[0] : null;
    const bytes = decl !== null ? decl.length * ELEMENT_BYTES : struct?.count !== undefined && stride !== null ? stride * struct.count : null;
    return [{ name: o.name, base, bytes }];
  });
  real.sort((x, y) => x.base - y.base);
  const adjacent: string[][] = [];
  let chain: string[] = [];
  for (const [i, o] of real.entries()) {
    const prev = real[i - 1];
    if (prev !== undefined && prev.bytes !== null && prev.base + prev.bytes === o.base) {
      if (chain.length === 0) chain.push(prev.name);
      chain.push(o.name);
    } else if (chain.length > 0) {
      adjacent.push(chain);
      chain = [];
    }
  }
  if (chain.length > 0) adjacent.push(chain);
  if (adjacent.length === 0 && world.adjacent === undefined) return { program, run };
  const laidOut: World = { ...world };
  delete laidOut.adjacent;
  if (adjacent.length > 0) laidOut.adjacent = adjacent;
  const index = new Map(before.map((o, k) => [o.name, k]));
  const after = hostLayout(laidOut).filter((o) => o.kind !== 'heap');
  const pick = <T>(xs: T[]): T[] => {
    const out: T[] = [];
    after.forEach((o, k) => {
      const x = xs[index.get(o.name)!];
      if (x !== undefined) out[k] = x;
    });
    return out;
  };
  return { program: { ...program, world: laidOut }, run: { ...run, hostBases: pick(run.hostBases), hostParts: pick(run.hostParts) } };
}

/** A run judged against a reading: the program laid out as the run shows (asLaidOut), predicted, compared. */
export function judgeRun(program: Program, written: readonly number[], reading: Reading, run: ParsedRun): RunVerdict {
  const laid = asLaidOut(program, run);
  return compareRun(laid.program.world, written, predict(laid.program, reading), laid.run, laid.program.steps);
}

/**
 * Compares a parsed run with the predictions for the written steps (`predicted[k-1]` for step k).
 * Comparison stops at a step the reading calls undefined (anything goes) or after a predicted error.
 */
export function compareRun(world: World, written: readonly number[], predicted: readonly Observation[], run: ParsedRun, steps?: readonly Step[]): RunVerdict {
  const addrs = new AddressMap(world, run.hostBases, run.hostParts);
  let compared = 0;
  for (const k of written) {
    const pred = predicted[k - 1]!;
    if (pred.kind === 'undefined' || pred.kind === 'halted') break;
    const raw = run.steps.get(k) ?? { kind: 'missing' };
    compared++;
    const step = steps?.[k - 1];
    const why = stepAgrees(pred, raw, addrs, step !== undefined && ALLOCATING.has(step.op), readsPointerPrefix(world, step));
    if (why !== null) return { agree: false, compared, first: { step: k, predicted: pred, observed: raw, agree: false, why } };
    if (pred.kind === 'error') break;
  }
  return { agree: true, compared, first: null };
}

/** Whether two readings predict the same for every written step (as far as a run can tell). */
export function samePrediction(written: readonly number[], a: readonly Observation[], b: readonly Observation[]): boolean {
  return written.every((k) => isDeepStrictEqual(a[k - 1], b[k - 1]));
}
