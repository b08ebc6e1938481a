// Witness detectors: did a program, run on the model, reach a state that matters for attach and
// reference-counting semantics? The witness test runs them over the campaign's own programs to
// prove the generator reaches these states (a campaign that never reaches them proves nothing).
//
// Each detector looks at one step: the snapshot before it, the observation, the snapshot after it,
// and the host pointer associations before it (tracked here from the program's host steps, which
// need no device semantics).

import type { AttachSnapshot, DevAddr, Observation, Snapshot } from '../lang/observation.js';
import {
  ELEMENT_BYTES,
  HEAP_NAME,
  HEAP_STRIDE,
  POINTER_BYTES,
  hostLayout,
  memberOffset,
  parseRef,
  worldDevices,
  type Program,
  type Step,
  type VarRef,
  type World,
} from '../lang/program.js';
import { formatMember, initTarget, kernelRef, kernelStatements, memberRefs, structElementBytes } from '../lang/program.js';
import type { DeviceArg, PtrArg } from '../lang/openmp.js';
import type { Profile } from '../profiles/index.js';
import { modelEngine } from '../model/index.js';
import { INFINITE_RC } from '../lang/observation.js';

export const WITNESSES = {
  w1: 'an attachment counter reaches 2 or more',
  w2: 're-attach after host reassociation: attach on a pointer with AC > 0 whose device value is not the device copy of its current (present) host target',
  w3: 'detach action on a never-attached pointer (struct present, AC = 0 before the step, the step succeeds)',
  w4: 'a section with SRC > 0 and DRC > 0',
  w5: 'an acc_error_partly_present observation',
  w6: 'a kernel reads through a pointer member and gets values',
  w7: 'a data entry on a range strictly inside a larger present section (counter of the enclosing section)',
  w8: 'acc_map_data maps host data onto the program\'s own device memory',
  w9: 'an exit of data mapped by acc_map_data whose dynamic counter is 1 (K-A7: what ordinary counting would remove stays)',
  w10: 'acc_unmap_data ends a mapping acc_map_data made',
  w11: 'a kernel reads data mapped by acc_map_data',
  w12: 'a K-A8 misuse: acc_unmap_data of data acc_map_data did not map, or acc_free of memory it still maps',
  w13: 'an exit (exit data, acc_copyout / acc_delete, a region end) on data a program-scope declare made, which stays present (SRC 1)',
  w14: 'data a program-scope declare link names gets device memory from a data clause or routine',
  w15: 'a routine copies through the device address host_data use_device gave for present data',
  w16: 'host_data use_device if_present of data that is not present gives its host address',
  w17: 'a routine copies through a device address acc_copyin / acc_create / acc_deviceptr returned and the program kept, and runs',
  w18: 'a routine copies through a kept device address after the data it pointed into was deleted (undefined: deallocated memory)',
  w19: 'acc_free or acc_map_data is given a kept device address of data a clause or routine mapped (K-A8: memory a mapping uses)',
} as const;

export type WitnessId = keyof typeof WITNESSES;
export const WITNESS_IDS = Object.keys(WITNESSES) as WitnessId[];

/** A model run with the snapshot before every step (before[i]) and after it (after[i]). */
export interface WitnessTrace {
  observations: Observation[];
  before: Snapshot[];
  after: Snapshot[];
}

export function modelWitnessTrace(program: Program, profile: Profile): WitnessTrace {
  const engine = modelEngine(program, profile);
  const trace: WitnessTrace = { observations: [], before: [], after: [] };
  let prev = engine.snapshot();
  for (const step of program.steps) {
    trace.before.push(prev);
    trace.observations.push(engine.apply(step));
    prev = engine.snapshot();
    trace.after.push(prev);
  }
  return trace;
}

// ------------------------------------------------------------------------------------------------
// Host side: addresses and pointer associations

type HostRange = [number, number];

/** Whether host range `r` lies inside an OpenACC section or an OpenMP entry of `state` (any device). */
function presentIn(state: Snapshot, r: HostRange): boolean {
  const holds = (h: HostRange) => h[0] <= r[0] && r[1] <= h[1];
  return state.sections.some((x) => holds(x.host)) || state.ompEntries.some((e) => holds(e.host));
}

export class HostView {
  private readonly starts = new Map<string, number>();
  /** Current host target range of each member, keyed by 'c%p'; null when disassociated. */
  readonly targets = new Map<string, HostRange | null>();

  constructor(private readonly world: World) {
    for (const o of hostLayout(world)) this.starts.set(o.name, o.start);
    for (const s of world.structs)
      for (const ref of memberRefs(s)) {
        const init = initTarget(s, ref);
        this.targets.set(ref, init === null ? null : this.range(init));
      }
  }

  /** Host byte range a reference resolves to in a data clause (members: their current target). */
  range(ref: VarRef): HostRange | null {
    const r = parseRef(this.world, ref);
    if (r.kind === 'member') {
      const t = this.targets.get(formatMember(r.struct, r.member, r.index)) ?? null;
      // A member section: its elements of the target (null past the target's end).
      if (t === null || r.bounds === undefined) return t;
      const s = t[0] + (r.bounds[0] - 1) * ELEMENT_BYTES;
      const e = t[0] + r.bounds[1] * ELEMENT_BYTES;
      return e > t[1] ? null : [s, e];
    }
    const start = this.starts.get(r.name)!;
    if (r.kind === 'struct') {
      const decl = this.world.structs.find((s) => s.name === r.name)!;
      if (r.lo !== undefined) return [start + r.lo * structElementBytes(decl), start + r.hi! * structElementBytes(decl)];
      return [start, start + structElementBytes(decl)];
    }
    return [start + r.lo * ELEMENT_BYTES, start + r.hi * ELEMENT_BYTES];
  }

  /** Host address of a pointer member. */
  memberAddress(ref: VarRef): number {
    const r = parseRef(this.world, ref);
    if (r.kind !== 'member') throw new Error(`internal: ${ref} is not a pointer member`);
    const decl = this.world.structs.find((s) => s.name === r.struct)!;
    return this.starts.get(r.struct)! + (r.index ?? 0) * structElementBytes(decl) + memberOffset(decl, r.member);
  }

  /** Allocations made so far (allocatable components: allocation k lies at the heap's start + k * HEAP_STRIDE). */
  private allocations = 0;

  /** Applies a host step's effect on pointer associations. */
  apply(step: Step): void {
    if (step.op === 'pointer_assign') this.targets.set(step.ptr, this.range(step.target));
    else if (step.op === 'nullify' || step.op === 'deallocate') this.targets.set(step.ptr, null);
    else if (step.op === 'allocate') {
      const start = this.starts.get(HEAP_NAME)! + this.allocations++ * HEAP_STRIDE;
      this.targets.set(step.ptr, [start, start + step.length * ELEMENT_BYTES]);
    }
  }
}

/** A pointer member reference (`c%p`, `cs(2)%p`), not a non-pointer member (`c%n`, `c%arr(2:3)`). */
function isMember(ref: VarRef, world: World): boolean {
  return ref.includes('%') && parseRef(world, ref).kind === 'member';
}

function sectionHolding(s: Snapshot, r: HostRange) {
  return s.sections.find((x) => x.host[0] <= r[0] && r[1] <= x.host[1]);
}

function attachmentOf(s: Snapshot, addr: number): AttachSnapshot | undefined {
  return s.attachments.find((x) => x.ptr === addr);
}

/** Members that get an attach action on entry of this step (compute constructs excluded: their exit detaches in the same step). */
function attachedOnEntry(step: Step, world: World): VarRef[] {
  if (step.op === 'acc_attach') return [step.ptr];
  if (step.op === 'acc_enter_data' || step.op === 'acc_data_begin')
    return step.clauses.flatMap((c) => c.vars.filter((v) => isMember(v, world)));
  return [];
}

/** Members that get a (non-immediate) detach action in this step. */
function detachedOnExit(step: Step, openRegions: Step[][], world: World): VarRef[] {
  if (step.op === 'acc_detach') return [step.ptr];
  if (step.op === 'acc_exit_data')
    return step.clauses.flatMap((c) => (c.clause === 'detach' && step.finalize ? [] : c.vars.filter((v) => isMember(v, world))));
  if (step.op === 'acc_data_end') {
    const begin = openRegions[openRegions.length - 1]?.[0];
    if (begin?.op === 'acc_data_begin') return begin.clauses.flatMap((c) => c.vars.filter((v) => isMember(v, world)));
  }
  return [];
}

/** Vars whose entry increments or creates a section's counter in this step. */
function enteredVars(step: Step): VarRef[] {
  switch (step.op) {
    case 'acc_enter_data':
    case 'acc_data_begin':
      return step.clauses.filter((c) => c.clause !== 'attach').flatMap((c) => c.vars);
    case 'acc_copyin':
    case 'acc_create':
      return [step.var];
    default:
      return [];
  }
}

function sameDevice(p: AttachSnapshot['device'], block: number, offset: number): boolean {
  return p !== null && p.space === 'dev' && p.block === block && p.offset === offset;
}

/** Vars whose exit gives back a dynamic reference in this step (exit data clauses, exit routines). */
function exitedVars(step: Step): VarRef[] {
  switch (step.op) {
    case 'acc_exit_data':
      return step.clauses.filter((c) => c.clause !== 'detach').flatMap((c) => c.vars);
    case 'acc_copyout':
    case 'acc_copyout_finalize':
    case 'acc_delete':
    case 'acc_delete_finalize':
      return [step.var];
    default:
      return [];
  }
}

/** Witness ids each step reaches, in step order (hits[i] for step i). */
export function detectWitnesses(program: Program, trace: WitnessTrace): Set<WitnessId>[] {
  const world = program.world;
  const host = new HostView(program.world);
  const regions: Step[][] = [];
  const hits: Set<WitnessId>[] = [];
  /** Device block each acc_malloc result names (null: it returned NULL). */
  const handles = new Map<string, number | null>();
  /** Host ranges of arrays a program-scope declare made present, and of those it declared link. */
  const declared: HostRange[] = [];
  const linked: HostRange[] = [];
  const inside = (list: HostRange[], r: HostRange | null) => r !== null && list.some((d) => d[0] <= r[0] && r[1] <= d[1]);
  /** Whether each host_data handle holds a device address. */
  const useDevice = new Map<string, boolean>();
  /** Device block of each kept acc_copyin / acc_create / acc_deviceptr result (null: it returned NULL). */
  const kept = new Map<string, number | null>();
  const keptBlock = (p: PtrArg): number | null | undefined => (p !== null && 'handle' in p ? kept.get(p.handle) : undefined);
  program.steps.forEach((step, i) => {
    const found = new Set<WitnessId>();
    hits.push(found);
    const before = trace.before[i]!;
    const after = trace.after[i]!;
    const obs = trace.observations[i]!;
    if (obs.kind === 'halted') return;
    const fine = obs.kind !== 'error' && obs.kind !== 'undefined' && obs.kind !== 'unavailable';

    if (after.attachments.some((x) => x.ac >= 2)) found.add('w1');
    if (after.sections.some((x) => x.src > 0 && x.drc > 0)) found.add('w4');
    if (obs.kind === 'error' && obs.code === 'acc_error_partly_present') found.add('w5');
    if (step.op === 'acc_parallel' && obs.kind === 'read' && 'read' in step.body && isMember(step.body.read, world)) found.add('w6');
    const mapped = (snap: Snapshot, r: HostRange | null) => (r === null ? undefined : sectionHolding(snap, r));
    if (step.op === 'acc_malloc')
      handles.set(step.result, obs.kind === 'value' && obs.value !== null && typeof obs.value === 'object' && 'block' in obs.value ? obs.value.block : null);
    if (fine && step.op === 'acc_map_data') found.add('w8');
    // device addresses of host data kept (OpenACC 3.3 §3.2.18, §3.2.23)
    if ((step.op === 'acc_copyin' || step.op === 'acc_create' || step.op === 'acc_deviceptr') && step.result !== undefined && obs.kind === 'value')
      kept.set(step.result, obs.value !== null && typeof obs.value === 'object' && 'block' in obs.value ? obs.value.block : null);
    if (step.op === 'acc_memcpy_to_device' || step.op === 'acc_memcpy_from_device') {
      const block = keptBlock(step.dev);
      if (typeof block === 'number' && obs.kind === 'ok') found.add('w17');
      if (typeof block === 'number' && obs.kind === 'undefined' && !before.sections.some((x) => x.block === block)) found.add('w18');
    }
    const misused = keptBlock(step.op === 'acc_free' ? step.ptr : step.op === 'acc_map_data' ? step.dev : null);
    if (typeof misused === 'number' && before.sections.some((x) => x.block === misused)) found.add('w19');
    // host_data use_device (OpenACC 3.3 §2.8.1): the address the region gives, by handle
    if (step.op === 'acc_host_data_begin' && obs.kind === 'value') {
      const v = obs.value;
      const isDevice = v !== null && typeof v === 'object' && 'block' in v;
      useDevice.set(step.result, isDevice);
      if (v !== null && typeof v === 'object' && 'host' in v) found.add('w16');
    }
    if (fine && (step.op === 'acc_memcpy_to_device' || step.op === 'acc_memcpy_from_device') && step.dev !== null && 'handle' in step.dev)
      if (useDevice.get(step.dev.handle) === true) found.add('w15');
    if (fine && step.op === 'acc_unmap_data' && mapped(before, host.range(step.var))?.origin === 'map_data') found.add('w10');
    if (step.op === 'acc_parallel' && obs.kind === 'read' && 'read' in step.body) {
      const holder = mapped(before, host.range(step.body.read));
      if (holder?.origin === 'map_data') found.add('w11');
    }
    if (step.op === 'acc_unmap_data') {
      const r = host.range(step.var);
      const holder = r === null ? undefined : before.sections.find((x) => x.host[0] <= r[0] && r[0] < x.host[1]);
      if (r !== null && holder && (holder.origin !== 'map_data' || holder.host[0] !== r[0])) found.add('w12');
      if (r !== null && !holder) found.add('w12');
    }
    if (step.op === 'acc_free' && step.ptr !== null && 'handle' in step.ptr && !step.ptr.offset) {
      const block = handles.get(step.ptr.handle);
      if (block !== null && block !== undefined && before.sections.some((x) => x.origin === 'map_data' && x.block === block)) found.add('w12');
    }
    if (fine)
      for (const v of exitedVars(step)) {
        const holder = mapped(before, host.range(v));
        if (holder?.origin === 'map_data' && holder.drc === 1 && holder.src === 0) found.add('w9');
      }
    if (fine && step.op === 'acc_declare')
      for (const c of step.clauses) for (const v of c.vars) (c.clause === 'link' ? linked : declared).push(host.range(v)!);
    if (fine) {
      const regionVars = step.op === 'acc_data_end' ? (regions.at(-1)?.[0] as { clauses?: { vars: VarRef[] }[] } | undefined)?.clauses?.flatMap((c) => c.vars) ?? [] : [];
      for (const v of [...exitedVars(step), ...regionVars]) {
        const r = host.range(v);
        if (inside(declared, r) && mapped(before, r) && mapped(after, r)) found.add('w13');
      }
      for (const v of enteredVars(step)) {
        const r = host.range(v);
        if (inside(linked, r) && !mapped(before, r) && mapped(after, r)) found.add('w14');
      }
      if (step.op === 'acc_parallel')
        for (const v of step.clauses.flatMap((c) => c.vars)) {
          const r = host.range(v);
          if (inside(linked, r) && !mapped(before, r)) found.add('w14');
        }
    }

    if (fine) {
      for (const m of attachedOnEntry(step, world)) {
        const entry = attachmentOf(before, host.memberAddress(m));
        const target = host.targets.get(m) ?? null;
        if (!entry || entry.ac <= 0 || target === null) continue;
        const holder = sectionHolding(after, target);
        if (holder && !sameDevice(entry.device, holder.block, target[0] - holder.host[0])) found.add('w2');
      }
      for (const v of enteredVars(step)) {
        const r = host.range(v);
        if (r === null) continue;
        const holder = sectionHolding(before, r);
        if (holder && (holder.host[0] < r[0] || r[1] < holder.host[1])) found.add('w7');
      }
      for (const m of detachedOnExit(step, regions, world)) {
        const entry = attachmentOf(before, host.memberAddress(m));
        if (entry && entry.ac === 0) found.add('w3');
      }
    }

    if (step.op === 'acc_data_begin') regions.push([step]);
    else if (step.op === 'acc_data_end') regions.pop();
    host.apply(step);
  });
  return hits;
}

/** Witness s1 (stale pointer, reuse worlds): what it names; detected by staleReuseReads. */
export const REUSE_WITNESS = 's1: a kernel reads values through a stale device pointer: its block was freed and handed out again for other data (reuse world)';

/**
 * The steps (0-based) where a kernel of a `reuse` world reads values through a pointer member
 * whose device value, since it was last written, named a block that was dead or held the copy of
 * another host range than the one it holds now: the stale pointer reads data mapped later.
 */
export function staleReuseReads(program: Program, trace: WitnessTrace): number[] {
  const world = program.world;
  if (program.world.reuse !== true) return [];
  const host = new HostView(program.world);
  /** Per member address: its device value (as a key) and the host starts (-1: dead) its block has held since. */
  const since = new Map<number, { value: string; block: number; held: Set<number> }>();
  const out: number[] = [];
  program.steps.forEach((step, i) => {
    const before = trace.before[i]!;
    const holder = new Map(before.sections.map((x) => [x.block, x.host[0]]));
    for (const a of before.attachments) {
      if (a.device === null || a.device.space !== 'dev') {
        since.delete(a.ptr);
        continue;
      }
      const value = JSON.stringify(a.device);
      let s = since.get(a.ptr);
      if (!s || s.value !== value) since.set(a.ptr, (s = { value, block: a.device.block, held: new Set() }));
      s.held.add(holder.get(a.device.block) ?? -1);
    }
    const obs = trace.observations[i]!;
    if (step.op === 'acc_parallel' && obs.kind === 'read' && 'read' in step.body && isMember(step.body.read, world)) {
      const s = since.get(host.memberAddress(step.body.read));
      const now = s ? holder.get(s.block) : undefined;
      if (s && now !== undefined && [...s.held].some((h) => h !== now)) out.push(i);
    }
    host.apply(step);
  });
  return out;
}

// ------------------------------------------------------------------------------------------------
// OpenMP witnesses (lang/README-openmp.md): the device memory routine cases of spec-digest B.9 and
// the reference-count paths of the map constructs.

export const OMP_WITNESSES = {
  o1: 'omp_target_associate_ptr of a range strictly inside an existing association',
  o2: 'omp_target_associate_ptr of the same host range, device address and device as an existing association',
  o3: 'omp_target_disassociate_ptr of storage a map construct created',
  o4: 'omp_target_is_present(NULL, …)',
  o5: 'omp_target_is_present on the host device',
  o6: 'omp_target_is_present on omp_invalid_device or an out-of-range device number',
  o7: 'omp_get_mapped_ptr of an address inside an entry, past its start',
  o8: 'a reference count reaches 0 by a release map on target exit data (entry removed)',
  o9: 'a reference count reaches 0 by a delete map type or modifier (entry removed)',
  o10: 'an always modifier copies data that is already present (the copy happens only because of always)',
  o11: 'an exit construct (target exit data, a region end) on a declare target variable leaves its storage (infinite count)',
  o12: 'a declare target link variable gets storage from a map construct',
  o20: 'omp_target_memcpy copies into the device address a use_device_addr / use_device_ptr region gave for mapped data',
  o21: 'use_device of an array with no corresponding storage on a device keeps its host address (K-B30)',
} as const;

export type OmpWitnessId = keyof typeof OMP_WITNESSES;
export const OMP_WITNESS_IDS = Object.keys(OMP_WITNESSES) as OmpWitnessId[];

type OmpEntry = Snapshot['ompEntries'][number];

/** The index of a non-host device a device argument names, or null (host, invalid, out of range). */
function deviceIndex(world: World, d: DeviceArg | undefined): number | null {
  const n = worldDevices(world).length;
  const i = d ?? 0;
  return typeof i === 'number' && i >= 0 && i < n ? i : null;
}

function isHostDevice(world: World, d: DeviceArg): boolean {
  return d === 'initial' || d === -1 || d === worldDevices(world).length;
}

/** Entries of one device that contain the half-open host range r. */
function entriesHolding(s: Snapshot, device: number, r: HostRange): OmpEntry[] {
  return s.ompEntries.filter((e) => e.device === device && e.host[0] <= r[0] && r[1] <= e.host[1]);
}

function sameEntry(x: OmpEntry, y: OmpEntry): boolean {
  return x.device === y.device && x.host[0] === y.host[0] && x.host[1] === y.host[1] && x.block === y.block && x.offset === y.offset;
}

/** OpenMP witness ids each step reaches, in step order (hits[i] for step i). */
export function detectOmpWitnesses(program: Program, trace: WitnessTrace): Set<OmpWitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  /** Device address each omp_target_alloc result names (null: the allocation returned NULL). */
  const handles = new Map<string, DevAddr | null>();
  /** Whether each use_device handle holds a device address. */
  const useDevice = new Map<string, boolean>();
  const hostAddress = (p: { var: VarRef; offset?: number }) => host.range(p.var)![0] + (p.offset ?? 0);
  /** Host ranges a declare target link clause names. */
  const linked: HostRange[] = [];

  return program.steps.map((step, i) => {
    const found = new Set<OmpWitnessId>();
    const before = trace.before[i]!;
    const after = trace.after[i]!;
    const obs = trace.observations[i]!;
    if (obs.kind === 'halted') return found;
    const fine = obs.kind !== 'error' && obs.kind !== 'undefined' && obs.kind !== 'unavailable';

    switch (step.op) {
      case 'omp_declare_target':
        for (const c of step.clauses) if (c.clause === 'link') for (const v of c.vars) linked.push(host.range(v)!);
        break;
      case 'omp_target_data_use_device_begin': {
        const v = obs.kind === 'value' ? obs.value : null;
        useDevice.set(step.result, v !== null && typeof v === 'object' && 'block' in v);
        if (v !== null && typeof v === 'object' && 'host' in v && deviceIndex(world, step.device) !== null) found.add('o21');
        break;
      }
      case 'omp_target_memcpy':
        if (obs.kind === 'value' && obs.value === 0 && step.dst !== null && 'handle' in step.dst && useDevice.get(step.dst.handle) === true) found.add('o20');
        break;
      case 'omp_target_alloc':
        handles.set(step.result, obs.kind === 'value' && obs.value !== null && typeof obs.value === 'object' && 'block' in obs.value ? obs.value : null);
        break;
      case 'omp_target_associate_ptr': {
        const dev = deviceIndex(world, step.device);
        if (dev === null || step.host === null || !('var' in step.host)) break;
        const start = hostAddress(step.host);
        const r: HostRange = [start, start + step.bytes];
        const associations = before.ompEntries.filter((e) => e.device === dev && e.origin === 'associate');
        if (associations.some((e) => e.host[0] <= r[0] && r[1] <= e.host[1] && (e.host[0] < r[0] || r[1] < e.host[1]))) found.add('o1');
        const base = step.dev !== null && 'handle' in step.dev ? handles.get(step.dev.handle) : null;
        if (base && step.dev !== null) {
          const d = { block: base.block, offset: base.offset + (step.dev.offset ?? 0) + step.offset };
          if (associations.some((e) => e.host[0] === r[0] && e.host[1] === r[1] && e.block === d.block && e.offset === d.offset)) found.add('o2');
        }
        break;
      }
      case 'omp_target_disassociate_ptr': {
        const dev = deviceIndex(world, step.device);
        if (dev === null || step.ptr === null || !('var' in step.ptr)) break;
        const addr = hostAddress(step.ptr);
        if (before.ompEntries.some((e) => e.device === dev && e.origin === 'map' && e.host[0] === addr)) found.add('o3');
        break;
      }
      case 'omp_target_is_present':
        if (step.ptr === null) found.add('o4');
        if (isHostDevice(world, step.device)) found.add('o5');
        else if (deviceIndex(world, step.device) === null) found.add('o6');
        break;
      case 'omp_get_mapped_ptr': {
        const dev = deviceIndex(world, step.device);
        if (dev === null || step.ptr === null || !('var' in step.ptr)) break;
        const addr = hostAddress(step.ptr);
        if (before.ompEntries.some((e) => e.device === dev && e.host[0] < addr && addr < e.host[1])) found.add('o7');
        break;
      }
      default:
        break;
    }

    if (fine && (step.op === 'omp_target_enter_data' || step.op === 'omp_target_exit_data' || step.op === 'omp_target_data_begin' || step.op === 'omp_target')) {
      const dev = deviceIndex(world, step.device);
      for (const item of dev === null ? [] : step.maps) {
        const deleting = item.type === 'delete' || (item.modifiers ?? []).includes('delete');
        for (const v of item.vars) {
          const r = host.range(v);
          if (r === null) continue;
          const holders = entriesHolding(before, dev!, r).filter((e) => e.block !== null);
          const removed = holders.filter((e) => e.rc !== INFINITE_RC && !after.ompEntries.some((x) => sameEntry(x, e)));
          const declared = holders.filter((e) => e.origin === 'declare');
          if (step.op === 'omp_target_exit_data' && declared.some((e) => after.ompEntries.some((x) => sameEntry(x, e)))) found.add('o11');
          if (step.op !== 'omp_target_exit_data' && linked.some((l) => l[0] <= r[0] && r[1] <= l[1]) && entriesHolding(before, dev!, r).length === 0) found.add('o12');
          if (step.op === 'omp_target_exit_data' && removed.length > 0) {
            if (deleting) found.add('o9');
            else if (item.type === 'release') found.add('o8');
          }
          if (!(item.modifiers ?? []).includes('always')) continue;
          // entry: present before, so RC ≥ 2 afterwards and only `always` copies; exit: RC ≥ 2 before, so only `always` copies
          const copiesIn = step.op !== 'omp_target_exit_data' && (item.type === 'to' || item.type === 'tofrom') && holders.length > 0;
          const copiesOut =
            step.op === 'omp_target_exit_data' && item.type === 'from' && !deleting && holders.some((e) => e.rc === INFINITE_RC || e.rc >= 2);
          if (copiesIn || copiesOut) found.add('o10');
        }
      }
    }
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Reach witnesses (issue 15): states the generator must build for the campaign to kill the mutants
// that survived in them, and the region-exit counter combinations.

export const REACH_WITNESSES = {
  r1: 'host_read through a disassociated pointer member',
  r2: 'host_write through a disassociated pointer member',
  r3: 'present or no_create data partly present at the exit of its data region',
  r4: 'a data clause, attach or data routine on a member whose host value is indeterminate (its struct copied back from a device copy that was never attached)',
  r5: 'a kernel dereferences a pointer member whose device value is byte 0 of device block 1',
  r6: 'an absent no_create pointer member that is not the first var of its directive',
  r7: 'an OpenMP data region with the present modifier whose data is deleted inside it',
  r8: 'data mapped by a construct and unmapped by a routine (acc_copyout / acc_delete)',
  r9: 'data region exit leaving a structured counter of 0',
  r10: 'data region exit leaving a structured counter of 1',
  r11: 'data region exit leaving a structured counter of 2 or more',
  r12: 'data region exit leaving a dynamic counter of 0',
  r13: 'data region exit leaving a dynamic counter of 1',
  r14: 'data region exit leaving a dynamic counter of 2 or more',
  r15: 'a host read sees, at two or more elements, the distinct values a kernel\'s ramp write (by ≠ 0) gave those very elements, which the host never wrote there',
} as const;

export type ReachWitnessId = keyof typeof REACH_WITNESSES;
export const REACH_WITNESS_IDS = Object.keys(REACH_WITNESSES) as ReachWitnessId[];

/** Every var a step names in a data clause, an attach, or as a data routine's argument. */
function dataVars(step: Step): VarRef[] {
  if ('clauses' in step) return step.clauses.flatMap((c) => c.vars);
  if ('var' in step && typeof step.var === 'string' && step.op.startsWith('acc_')) return [step.var];
  if ((step.op === 'acc_attach' || step.op === 'acc_detach' || step.op === 'acc_detach_finalize') && 'ptr' in step) return [step.ptr as VarRef];
  return [];
}

/** Whether a step copies struct `name` back to the host when its section goes away. */
function copiesOut(step: Step, name: string, begin: Step | undefined): boolean {
  const outClauses = (list: { clause: string; vars: string[] }[]) => list.some((c) => (c.clause === 'copyout' || c.clause === 'copy') && c.vars.includes(name));
  if (step.op === 'acc_exit_data') return outClauses(step.clauses);
  if (step.op === 'acc_copyout' || step.op === 'acc_copyout_finalize') return step.var === name;
  if (step.op === 'acc_parallel') return outClauses(step.clauses);
  if (step.op === 'acc_data_end' && begin?.op === 'acc_data_begin') return outClauses(begin.clauses);
  return false;
}

function overlapsAny(s: Snapshot, r: HostRange): boolean {
  return s.sections.some((x) => x.host[0] < r[1] && r[0] < x.host[1]);
}

/** Bytes of r covered by sections: all, some, or none. */
function coverage(s: Snapshot, r: HostRange): 'all' | 'some' | 'none' {
  let covered = 0;
  for (const x of s.sections) covered += Math.max(0, Math.min(r[1], x.host[1]) - Math.max(r[0], x.host[0]));
  return covered === 0 ? 'none' : covered >= r[1] - r[0] ? 'all' : 'some';
}

/** Host element values the host itself gave (array initial values, host writes, allocations), by address. */
function hostWrittenValues(world: World): Map<number, number> {
  const values = new Map<number, number>();
  for (const o of hostLayout(world)) {
    const decl = o.kind === 'array' ? world.arrays.find((x) => x.name === o.name) : undefined;
    if (decl === undefined) continue;
    for (let k = 0; k < decl.length; k++) values.set(o.start + k * ELEMENT_BYTES, Array.isArray(decl.init) ? decl.init[k]! : (decl.init ?? 0));
  }
  return values;
}

/** Reach witness ids each step reaches, in step order (hits[i] for step i). */
export function detectReachWitnesses(program: Program, trace: WitnessTrace): Set<ReachWitnessId>[] {
  const world = program.world;
  const host = new HostView(program.world);
  // r15: what the host gave each element, and what the last kernel ramp gave the element's host address
  const hostValues = hostWrittenValues(world);
  const rampValues = new Map<number, number>();
  const regions: Step[] = [];
  /** Members whose host value became indeterminate (copied back from a never-attached device copy). */
  const indeterminate = new Set<VarRef>();
  /** Host ranges (as "lo-hi") of sections a construct created, still present. */
  const byConstruct = new Set<string>();
  /** OpenMP: open data regions, each with the vars its present-modifier maps name. */
  const ompRegions: Set<VarRef>[] = [];
  const hits: Set<ReachWitnessId>[] = [];

  program.steps.forEach((step, i) => {
    const found = new Set<ReachWitnessId>();
    hits.push(found);
    const before = trace.before[i]!;
    const after = trace.after[i]!;
    const obs = trace.observations[i]!;
    if (obs.kind === 'halted') return;
    const fine = obs.kind !== 'error' && obs.kind !== 'undefined';

    if ((step.op === 'host_read' || step.op === 'host_write') && isMember(step.var, world) && host.targets.get(step.var) === null)
      found.add(step.op === 'host_read' ? 'r1' : 'r2');

    if (dataVars(step).some((v) => isMember(v, world) && indeterminate.has(v))) found.add('r4');

    const elementsOf = (ref: VarRef): number[] => {
      const r = host.range(ref);
      return r === null ? [] : Array.from({ length: (r[1] - r[0]) / ELEMENT_BYTES }, (_, k) => r[0] + k * ELEMENT_BYTES);
    };
    if (step.op === 'host_write' && fine) elementsOf(step.var).forEach((addr, k) => hostValues.set(addr, step.value + k * (step.by ?? 0)));
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && 'write' in step.body && step.body.by && fine) {
      const w = step.body;
      elementsOf(w.write).forEach((addr, k) => rampValues.set(addr, w.value + k * w.by!));
    }
    if (step.op === 'host_read' && step.at === undefined && !step.bounds && obs.kind === 'read') {
      const seen = new Set<number>();
      elementsOf(step.var).forEach((addr, k) => {
        const v = obs.values[k];
        if (v !== null && v !== undefined && v === rampValues.get(addr) && v !== hostValues.get(addr)) seen.add(v);
      });
      if (seen.size >= 2) found.add('r15');
    }

    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && !('pointer' in step.body) && !('writes' in step.body) && isMember(kernelRef(step.body), world)) {
      const m = kernelRef(step.body);
      const a = attachmentOf(before, host.memberAddress(m));
      if (a && a.device !== null && a.device.space === 'dev' && a.device.block === 1 && a.device.offset === 0) found.add('r5');
    }

    if (step.op === 'acc_data_begin' || step.op === 'acc_parallel') {
      const vars = step.clauses.flatMap((c) => c.vars.map((v) => ({ clause: c.clause, v })));
      vars.forEach(({ clause, v }, k) => {
        if (k === 0 || clause !== 'no_create' || !isMember(v, world)) return;
        const r = host.range(v);
        if (r === null || !overlapsAny(before, r)) found.add('r6');
      });
    }

    if (step.op === 'acc_data_end') {
      const begin = regions.at(-1);
      if (begin?.op === 'acc_data_begin') {
        for (const c of begin.clauses) {
          for (const v of c.vars) {
            const r = host.range(v);
            if (r === null) continue;
            if ((c.clause === 'present' || c.clause === 'no_create') && coverage(before, r) === 'some') found.add('r3');
            if (c.clause === 'attach') continue;
            const held = before.sections.filter((x) => x.host[0] <= r[0] && r[1] <= x.host[1]);
            for (const x of held) {
              const left = after.sections.find((y) => y.host[0] === x.host[0] && y.host[1] === x.host[1]);
              const src = left?.src ?? 0;
              const drc = left?.drc ?? 0;
              found.add(src === 0 ? 'r9' : src === 1 ? 'r10' : 'r11');
              found.add(drc === 0 ? 'r12' : drc === 1 ? 'r13' : 'r14');
            }
          }
        }
      }
    }

    // r8: sections made by a construct, removed by a data routine
    const key = (x: { host: [number, number] }) => `${x.host[0]}-${x.host[1]}`;
    const isRoutine = step.op === 'acc_copyout' || step.op === 'acc_copyout_finalize' || step.op === 'acc_delete' || step.op === 'acc_delete_finalize';
    const isConstruct = step.op === 'acc_enter_data' || step.op === 'acc_data_begin' || step.op === 'acc_parallel';
    const gone = before.sections.filter((x) => !after.sections.some((y) => key(y) === key(x)));
    if (isRoutine && fine && gone.some((x) => byConstruct.has(key(x)))) found.add('r8');
    for (const x of gone) byConstruct.delete(key(x));
    if (isConstruct) for (const x of after.sections) if (!before.sections.some((y) => key(y) === key(x))) byConstruct.add(key(x));

    // r4 bookkeeping: a struct copied back while a member's device value is indeterminate
    for (const s of program.world.structs) {
      const r = host.range(s.name);
      if (r === null || !copiesOut(step, s.name, regions.at(-1)) || !fine) continue;
      const removed = before.sections.some((x) => x.host[0] <= r[0] && r[1] <= x.host[1]) && !after.sections.some((x) => x.host[0] <= r[0] && r[1] <= x.host[1]);
      if (!removed) continue;
      for (const ref of memberRefs(s)) {
        const a = attachmentOf(before, host.memberAddress(ref));
        if (a && a.device !== null && a.device.space === 'indeterminate') indeterminate.add(ref);
      }
    }

    // r7: OpenMP present-modifier regions and deletes inside them
    if (step.op === 'omp_target_data_begin')
      ompRegions.push(new Set(step.maps.filter((m) => (m.modifiers ?? []).includes('present')).flatMap((m) => m.vars)));
    else if (step.op === 'omp_target_data_end') ompRegions.pop();
    else if (step.op === 'omp_target_exit_data' && fine) {
      for (const item of step.maps) {
        if (!(item.type === 'delete' || (item.modifiers ?? []).includes('delete'))) continue;
        for (const v of item.vars) {
          if (!ompRegions.some((vars) => vars.has(v))) continue;
          const r = host.range(v);
          if (r === null) continue;
          const wasThere = before.ompEntries.some((e) => e.host[0] <= r[0] && r[1] <= e.host[1]);
          const stillThere = after.ompEntries.some((e) => e.host[0] <= r[0] && r[1] <= e.host[1]);
          if (wasThere && !stillThere) found.add('r7');
        }
      }
    }

    if (step.op === 'acc_data_begin') regions.push(step);
    else if (step.op === 'acc_data_end') regions.pop();
    if (step.op === 'pointer_assign' || step.op === 'nullify') indeterminate.delete(step.ptr);
    host.apply(step);
    // an allocation's address is known once host.apply has run
    if (step.op === 'allocate') for (const addr of elementsOf(step.ptr)) hostValues.set(addr, step.value ?? 0);
  });
  return hits;
}

// ------------------------------------------------------------------------------------------------
// Arrays of structs (issue 9 item 5): the generator rewrites struct `c` into the array of structs
// `cs(2)` in one program in four (arbitraries.ts withStructArray); these witnesses prove that its
// elements are mapped, attached and read through one at a time.

export const STRUCT_ARRAY_WITNESSES = {
  a1: 'OpenACC: a kernel reads values through the pointer member of one element of an array of structs (cs(i)%p)',
  a2: 'OpenACC: the pointer member of one element of an array of structs is attached (AC >= 1) while another element of the array is absent',
  a3: 'OpenMP: a kernel reads values through the pointer member of one element of an array of structs',
  a4: 'OpenMP: the pointer member of one element of an array of structs holds a device address on a device where another element of the array is not mapped',
} as const;

export type StructArrayWitnessId = keyof typeof STRUCT_ARRAY_WITNESSES;
export const STRUCT_ARRAY_WITNESS_IDS = Object.keys(STRUCT_ARRAY_WITNESSES) as StructArrayWitnessId[];

/** Host byte ranges of the elements of every array of structs, and which element holds each member address. */
function structArrayElements(world: World): { elements: HostRange[][]; elementOf: (ptr: number) => { array: number; element: number } | null } {
  const layout = new Map(hostLayout(world).map((o) => [o.name, o.start]));
  const elements: HostRange[][] = [];
  for (const s of world.structs) {
    if (s.count === undefined) continue;
    const start = layout.get(s.name)!;
    const stride = structElementBytes(s);
    elements.push(Array.from({ length: s.count }, (_, e) => [start + e * stride, start + (e + 1) * stride] as HostRange));
  }
  const elementOf = (ptr: number) => {
    for (const [array, list] of elements.entries()) {
      const element = list.findIndex((r) => r[0] <= ptr && ptr < r[1]);
      if (element >= 0) return { array, element };
    }
    return null;
  };
  return { elements, elementOf };
}

/** Whether a reference names a member of an element of an array of structs (`cs(2)%p`). */
function isElementMember(ref: VarRef): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*\(\d+\)%/.test(ref);
}

/** Array-of-structs witness ids each step reaches, in step order (hits[i] for step i). */
export function detectStructArrayWitnesses(program: Program, trace: WitnessTrace): Set<StructArrayWitnessId>[] {
  const { elements, elementOf } = structArrayElements(program.world);
  return program.steps.map((step, i) => {
    const found = new Set<StructArrayWitnessId>();
    if (elements.length === 0) return found;
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    const kernelRead = 'body' in step && 'read' in step.body && isElementMember(step.body.read) && obs.kind === 'read';
    if (kernelRead && step.op === 'acc_parallel') found.add('a1');
    if (kernelRead && step.op === 'omp_target') found.add('a3');
    for (const a of after.attachments) {
      const at = elementOf(a.ptr);
      if (at === null || a.ac < 1) continue;
      const others = elements[at.array]!.filter((_, e) => e !== at.element);
      if (others.some((r) => !after.sections.some((x) => x.host[0] <= r[0] && r[1] <= x.host[1]))) found.add('a2');
    }
    for (const p of after.ompPointers) {
      const at = elementOf(p.ptr);
      if (at === null || p.value === null || p.value.space !== 'dev') continue;
      const others = elements[at.array]!.filter((_, e) => e !== at.element);
      const mapped = (r: HostRange) => after.ompEntries.some((x) => x.device === p.device && x.host[0] <= r[0] && r[1] <= x.host[1]);
      if (others.some((r) => !mapped(r))) found.add('a4');
    }
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Update witnesses (issue 9 item 4): the cases of OpenACC update (OpenACC 3.3 §2.14.4) and OpenMP
// target update (OpenMP 6.0 §15.9) on present, partly present and absent data.

export const UPDATE_WITNESSES = {
  u1: 'acc update device of present data',
  u2: 'acc update self / host of present data',
  u3: 'acc update with if_present skips data that is not present, and the program goes on',
  u4: 'acc update of partly present data',
  u5: 'acc update of a struct one of whose pointers is attached',
  u6: 'omp target update of a present list item on a device with its own storage',
  u7: 'omp target update of an absent list item without the present modifier (skipped)',
  u8: 'omp target update with the present modifier of an absent list item (runtime error)',
  u9: 'omp target update of partly present storage',
  u10: 'a map with the close modifier on a device that shares memory with the host (a shared device, or unified shared memory)',
  u11: 'a kernel on a device declared discrete reads values in a world that requires unified_shared_memory',
} as const;

export type UpdateWitnessId = keyof typeof UPDATE_WITNESSES;
export const UPDATE_WITNESS_IDS = Object.keys(UPDATE_WITNESSES) as UpdateWitnessId[];

/** Update witness ids each step reaches, in step order (hits[i] for step i). */
export function detectUpdateWitnesses(program: Program, trace: WitnessTrace): Set<UpdateWitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  return program.steps.map((step, i) => {
    const found = new Set<UpdateWitnessId>();
    const before = trace.before[i]!;
    const obs = trace.observations[i]!;
    if (obs.kind === 'halted') return found;
    const fine = obs.kind !== 'error' && obs.kind !== 'undefined' && obs.kind !== 'unavailable';
    if (step.op === 'acc_update') {
      for (const c of step.clauses)
        for (const v of c.vars) {
          const r = host.range(v);
          if (r === null) continue;
          const holder = sectionHolding(before, r);
          const overlapping = before.sections.some((x) => x.host[0] < r[1] && r[0] < x.host[1]);
          if (holder) found.add(c.clause === 'device' ? 'u1' : 'u2');
          else if (overlapping) found.add('u4');
          else if (fine && step.if_present === true) found.add('u3');
          if (holder && parseRef(world, v).kind === 'struct' && before.attachments.some((a) => r[0] <= a.ptr && a.ptr < r[1] && a.ac > 0)) found.add('u5');
        }
    }
    const usm = world.requires?.includes('unified_shared_memory') === true;
    if (fine && (step.op === 'omp_target_enter_data' || step.op === 'omp_target_data_begin' || step.op === 'omp_target')) {
      const dev = deviceIndex(world, step.device);
      const shares = dev !== null && (usm || worldDevices(world)[dev]!.kind === 'shared');
      if (shares && step.maps.some((m) => (m.modifiers ?? []).includes('close'))) found.add('u10');
      if (step.op === 'omp_target' && obs.kind === 'read' && usm && dev !== null && worldDevices(world)[dev]!.kind === 'discrete') found.add('u11');
    }
    if (step.op === 'omp_target_update') {
      const dev = deviceIndex(world, step.device);
      for (const m of dev === null ? [] : step.motions)
        for (const v of m.vars) {
          const r = host.range(v);
          if (r === null) continue;
          const entries = before.ompEntries.filter((e) => e.device === dev);
          const holders = entries.filter((e) => e.host[0] <= r[0] && r[1] <= e.host[1]);
          const overlapping = entries.some((e) => e.host[0] < r[1] && r[0] < e.host[1]);
          const present = (m.modifiers ?? []).includes('present');
          if (holders.some((e) => e.block !== null)) found.add('u6');
          else if (holders.length === 0 && overlapping) found.add('u9');
          else if (holders.length === 0 && !present && fine) found.add('u7');
          if (holders.length === 0 && !overlapping && present && obs.kind === 'error' && obs.code === 'omp_error_not_present') found.add('u8');
        }
    }
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Pointer-value witnesses (issue 9 item 7): kernels that read a pointer member itself (OpenACC 3.3
// §2.6.8, OpenMP 6.0 §7.9.6) and the values they hand over.

export const POINTER_WITNESSES = {
  v1: 'an OpenACC kernel reads a device address in the device copy of a pointer (attached)',
  v2: 'a kernel reads a host address in the device copy of a pointer (never attached, or detached)',
  v3: 'an OpenMP kernel reads a device address in the corresponding pointer',
  v4: 'an OpenMP kernel reads a stale corresponding pointer: the storage it points to is gone',
  v5: 'a routine is given a pointer value a kernel kept, after the storage it points to was freed',
} as const;

export type PointerWitnessId = keyof typeof POINTER_WITNESSES;
export const POINTER_WITNESS_IDS = Object.keys(POINTER_WITNESSES) as PointerWitnessId[];

/** The device blocks that hold present data in a snapshot (OpenACC sections and OpenMP entries). */
function mappedBlocks(s: Snapshot): Set<number> {
  return new Set([...s.sections.map((x) => x.block), ...s.ompEntries.flatMap((e) => (e.block === null ? [] : [e.block]))]);
}

/** Pointer-value witness ids each step reaches, in step order (hits[i] for step i). */
export function detectPointerWitnesses(program: Program, trace: WitnessTrace): Set<PointerWitnessId>[] {
  /** Kept pointer values by name: the device block they point into, when a device address. */
  const kept = new Map<string, number | null>();
  return program.steps.map((step, i) => {
    const found = new Set<PointerWitnessId>();
    const obs = trace.observations[i]!;
    if (obs.kind === 'halted') return found;
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && 'pointer' in step.body && obs.kind === 'value') {
      const v = obs.value;
      const dev = v !== null && typeof v === 'object' && 'block' in v ? v.block : null;
      if (v !== null && typeof v === 'object' && 'host' in v) found.add('v2');
      if (dev !== null && step.op === 'acc_parallel') found.add('v1');
      if (dev !== null && step.op === 'omp_target') found.add(mappedBlocks(trace.after[i]!).has(dev) ? 'v3' : 'v4');
      if (step.result !== undefined) kept.set(step.result, dev);
    }
    const handles = step.op === 'acc_memcpy_from_device' || step.op === 'acc_memcpy_to_device' ? [step.dev] : step.op === 'omp_target_memcpy' ? [step.dst, step.src] : [];
    for (const h of handles) {
      const block = h !== null && 'handle' in h ? kept.get(h.handle) : undefined;
      if (block !== undefined && block !== null && !mappedBlocks(trace.before[i]!).has(block)) found.add('v5');
    }
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Non-pointer struct members (issue 9 item 5): the generator gives a single struct a scalar and a
// fixed-size array member in one program in four (arbitraries.ts withFields); these witnesses prove
// that the members are mapped on their own and inside whole-struct copies, and that kernels and the
// host see what those copies carry.

export const FIELD_WITNESSES = {
  m1: 'a kernel reads values of a non-pointer struct member out of the device copy of its whole struct',
  m2: 'a non-pointer struct member (or part of one) is present on its own: a section or entry inside the struct that is neither the whole struct nor a pointer descriptor',
  m3: 'the host reads a value of a non-pointer struct member that a kernel wrote (5..9), brought home by a copy of the struct or of the member',
} as const;

export type FieldWitnessId = keyof typeof FIELD_WITNESSES;
export const FIELD_WITNESS_IDS = Object.keys(FIELD_WITNESSES) as FieldWitnessId[];

/** Non-pointer member witness ids each step reaches, in step order (hits[i] for step i). */
export function detectFieldWitnesses(program: Program, trace: WitnessTrace): Set<FieldWitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  const structs = world.structs.filter((st) => (st.fields?.length ?? 0) > 0).map((st) => ({ range: host.range(st.name)!, pointerEnd: host.range(st.name)![0] + st.pointers.length * POINTER_BYTES }));
  const isField = (v: VarRef) => {
    const r = parseRef(world, v);
    return r.kind === 'array' && r.field !== undefined;
  };
  return program.steps.map((step, i) => {
    const found = new Set<FieldWitnessId>();
    if (structs.length === 0) return found;
    const before = trace.before[i]!;
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && 'read' in step.body && isField(step.body.read) && obs.kind === 'read') {
      const whole = structs.map((st) => st.range);
      const r = host.range(step.body.read)!;
      const held = (h: HostRange) => h[0] <= r[0] && r[1] <= h[1] && whole.some((w) => w[0] === h[0] && w[1] === h[1]);
      if (before.sections.some((x) => held(x.host)) || after.sections.some((x) => held(x.host)) || before.ompEntries.some((e) => held(e.host))) found.add('m1');
    }
    const alone = (h: HostRange) => structs.some((st) => st.range[0] <= h[0] && h[1] <= st.range[1] && h[0] >= st.pointerEnd);
    if (after.sections.some((x) => alone(x.host)) || after.ompEntries.some((e) => alone(e.host))) found.add('m2');
    if (step.op === 'host_read' && isField(step.var) && obs.kind === 'read' && obs.values.some((v) => v !== null && v >= 5)) found.add('m3');
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Pointer descriptors (lang/README.md "Pointer descriptors"): views with remapped bounds, read on
// the device, in both APIs.

export const DESCRIPTOR_WITNESSES = {
  d1: 'OpenACC: a kernel reads the bounds of a pointer\'s device view whose lower bound is not 1 (c%p(10:) => b, then attached)',
  d2: 'OpenACC: a kernel reads the element p(at) of a device view whose lower bound is not 1',
  d3: 'OpenMP: a kernel reads the bounds of a corresponding pointer whose lower bound is not 1',
  d4: 'OpenACC: a kernel reads device-view bounds other than the host pointer\'s (the device descriptor is older than a remap)',
} as const;

export type DescriptorWitnessId = keyof typeof DESCRIPTOR_WITNESSES;
export const DESCRIPTOR_WITNESS_IDS = Object.keys(DESCRIPTOR_WITNESSES) as DescriptorWitnessId[];

/** Per step, the descriptor witnesses it reaches (host lower bounds tracked from the host steps). */
export function detectDescriptorWitnesses(program: Program, trace: WitnessTrace): Set<DescriptorWitnessId>[] {
  const hostLbound = new Map<string, number>();
  return program.steps.map((step, i) => {
    const found = new Set<DescriptorWitnessId>();
    const obs = trace.observations[i]!;
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && 'read' in step.body && obs.kind === 'read') {
      const body = step.body;
      if (body.bounds && obs.values[0] !== 1) found.add(step.op === 'acc_parallel' ? 'd1' : 'd3');
      if (step.op === 'acc_parallel' && body.at !== undefined && body.at !== 1) found.add('d2');
      if (step.op === 'acc_parallel' && body.bounds && obs.values[0] !== (hostLbound.get(body.read) ?? 1)) found.add('d4');
    }
    if (step.op === 'pointer_assign') hostLbound.set(step.ptr, step.lbound ?? 1);
    if (step.op === 'nullify') hostLbound.delete(step.ptr);
    return found;
  });
}

// Member subarrays (issue 9 item 5): the generator rewrites pointer-member references into
// sections of their targets in one program in four (arbitraries.ts withMemberSections); these
// witnesses prove that sections get mapped, that kernels reach them through the pointer, that an
// attach through a section aims the device pointer before the section's storage (the bias), and
// that a section past its target's end is reached.

export const SECTION_WITNESSES = {
  ms1: 'a member section (c%p(2:3)) is mapped or found: after the step its elements lie in a present section or entry',
  ms2: 'a kernel reads or writes a member section through the device copy of its pointer and gets values',
  ms3: 'a pointer attached through a member section: its device value aims before the section\'s device storage (negative offset)',
  ms4: 'a member section runs past the end of its pointer\'s target: the step is undefined',
} as const;

export type SectionWitnessId = keyof typeof SECTION_WITNESSES;
export const SECTION_WITNESS_IDS = Object.keys(SECTION_WITNESSES) as SectionWitnessId[];

/** The variable references a step names (clauses, map items, motions, `var`, an element kernel body). */
function namedVars(step: Step): VarRef[] {
  const out: VarRef[] = [];
  const s = step as unknown as Record<string, unknown>;
  for (const key of ['clauses', 'maps', 'motions'])
    if (Array.isArray(s[key])) for (const c of s[key] as { clause?: string; vars: VarRef[] }[]) if (c.clause !== 'attach' && c.clause !== 'detach') out.push(...c.vars);
  if (typeof s.var === 'string') out.push(s.var);
  const body = s.body as { read?: VarRef; write?: VarRef } | undefined;
  if (body?.read !== undefined) out.push(body.read);
  if (body?.write !== undefined) out.push(body.write);
  return out;
}

/** Member-section witness ids each step reaches, in step order (hits[i] for step i). */
export function detectSectionWitnesses(program: Program, trace: WitnessTrace): Set<SectionWitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  const isSection = (v: VarRef) => {
    const r = parseRef(world, v);
    return r.kind === 'member' && r.bounds !== undefined;
  };
  const aimsBefore = (p: AttachSnapshot['device']) => p !== null && p.space === 'dev' && p.offset < 0;
  return program.steps.map((step, i) => {
    const found = new Set<SectionWitnessId>();
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    const sections = namedVars(step).filter(isSection);
    for (const v of sections) {
      const r = host.range(v);
      const member = parseRef(world, v) as Extract<ReturnType<typeof parseRef>, { kind: 'member' }>;
      const associated = host.targets.get(formatMember(member.struct, member.member, member.index)) ?? null;
      if (r === null && associated !== null && obs.kind === 'undefined') found.add('ms4');
      if (r === null || obs.kind === 'error' || obs.kind === 'undefined') continue;
      if (presentIn(after, r)) found.add('ms1');
    }
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && kernelStatements(step.body).some((b) => !('pointer' in b) && isSection(kernelRef(b))) && (obs.kind === 'read' || obs.kind === 'ok'))
      found.add('ms2');
    if (after.attachments.some((a) => aimsBefore(a.device)) || after.ompPointers.some((p) => aimsBefore(p.value))) found.add('ms3');
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Rank-2 arrays (issue 9 item 6): the generator adds `r(2,4)` and rewrites references to `b` into
// its sections in one program in four (properties/rank2.ts withRank2); these witnesses prove that
// rank-2 sections get mapped on their own, that kernels reach them through a section's copy and
// that the host reads back what a kernel wrote there.

export const RANK2_WITNESSES = {
  r1: 'a directive or routine names a rank-2 section that is not the whole array (r(1:2,2:3), r(2:2,2:2)): after the step its elements lie in a present section or entry',
  r2: 'a kernel reads or writes a rank-2 section that is not the whole array and gets values',
  r3: 'the host reads, through a rank-2 section, a value a kernel wrote (5..9)',
} as const;

export type Rank2WitnessId = keyof typeof RANK2_WITNESSES;
export const RANK2_WITNESS_IDS = Object.keys(RANK2_WITNESSES) as Rank2WitnessId[];

/** Rank-2 witness ids each step reaches, in step order (hits[i] for step i). */
export function detectRank2Witnesses(program: Program, trace: WitnessTrace): Set<Rank2WitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  const isSection = (v: VarRef) => {
    const r = parseRef(world, v);
    return r.kind === 'array' && r.rank2 !== undefined && !r.whole;
  };
  return program.steps.map((step, i) => {
    const found = new Set<Rank2WitnessId>();
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    if (obs.kind !== 'error' && obs.kind !== 'undefined' && obs.kind !== 'halted' && step.op !== 'host_read' && step.op !== 'host_write')
      for (const v of namedVars(step).filter(isSection)) {
        if (presentIn(after, host.range(v)!)) found.add('r1');
      }
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && kernelStatements(step.body).some((b) => !('pointer' in b) && isSection(kernelRef(b))) && (obs.kind === 'read' || obs.kind === 'ok')) found.add('r2');
    if (step.op === 'host_read' && isSection(step.var) && obs.kind === 'read' && obs.values.some((v) => v !== null && v >= 5)) found.add('r3');
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Allocatable components (issue 9 item 6): the generator adds struct `e` with the allocatable
// component `x` and an allocate / deallocate idiom in one program in four (properties/
// allocatables.ts); these witnesses prove that a deallocate of present storage is reached, that a
// kernel reads through a stale attachment, and that OpenMP's restriction on attached pointers
// (K-B22) is reached through a deallocate.

export const ALLOCATABLE_WITNESSES = {
  al1: 'a kernel reads through an allocatable component whose device pointer is attached to the copy of an earlier allocation (the stale attachment: not the current host storage)',
  al2: 'a deallocate frees host storage that stays present on a device (a section or entry of it after the step)',
  al3: 'OpenMP: a deallocate of a component attached while its storage stays mapped is undefined (K-B22 under the spec)',
} as const;

export type AllocatableWitnessId = keyof typeof ALLOCATABLE_WITNESSES;
export const ALLOCATABLE_WITNESS_IDS = Object.keys(ALLOCATABLE_WITNESSES) as AllocatableWitnessId[];

/** Allocatable-component witness ids each step reaches, in step order (hits[i] for step i). */
export function detectAllocatableWitnesses(program: Program, trace: WitnessTrace): Set<AllocatableWitnessId>[] {
  const world = program.world;
  const host = new HostView(world);
  const allocatable = (ref: VarRef) => {
    const r = parseRef(world, ref);
    return r.kind === 'member' && r.bounds === undefined && (world.structs.find((s) => s.name === r.struct)?.allocatable?.includes(r.member) ?? false);
  };
  const overlaps = (x: HostRange, y: HostRange) => x[0] < y[1] && y[0] < x[1];
  return program.steps.map((step, i) => {
    const found = new Set<AllocatableWitnessId>();
    const before = trace.before[i]!;
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    if (step.op === 'acc_parallel' && 'read' in step.body && allocatable(step.body.read) && obs.kind === 'read') {
      const ptr = host.memberAddress(step.body.read);
      const current = host.targets.get(step.body.read) ?? null;
      const device = before.attachments.find((a) => a.ptr === ptr)?.device;
      const copyOf = device !== undefined && device !== null && device.space === 'dev' ? before.sections.find((x) => x.block === device.block)?.host : undefined;
      if (copyOf !== undefined && (current === null || copyOf[0] !== current[0])) found.add('al1');
    }
    if (step.op === 'deallocate') {
      const freed = host.targets.get(step.ptr) ?? null;
      if (freed !== null && obs.kind === 'ok' && (after.sections.some((x) => overlaps(x.host, freed)) || after.ompEntries.some((e) => overlaps(e.host, freed)))) found.add('al2');
      if (obs.kind === 'undefined' && program.steps.some((s) => s.op.startsWith('omp_'))) found.add('al3');
    }
    host.apply(step);
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Plain pointer variables (issue 9 item 5, properties/plain-pointers.ts)

export const PLAIN_WITNESSES = {
  pp1: 'a data clause or map naming a plain pointer\'s target attaches the pointer: its device copy holds a device address after the step that it did not hold before',
  pp2: 'a plain pointer\'s target is mapped while the pointer itself has no device copy: the step runs, the pointer stays absent and nothing is attached',
  pp3: 'a kernel reads through a plain pointer and gets values',
  pp4: 'a kernel reads or writes through a plain pointer that the construct names only through a section of its target (the private pointer of model/plain-pointers.ts), and runs',
} as const;

export type PlainWitnessId = keyof typeof PLAIN_WITNESSES;
export const PLAIN_WITNESS_IDS = Object.keys(PLAIN_WITNESSES) as PlainWitnessId[];

/** Plain-pointer witness ids each step reaches, in step order (hits[i] for step i). */
export function detectPlainWitnesses(program: Program, trace: WitnessTrace): Set<PlainWitnessId>[] {
  const world = program.world;
  const plain = new Map(world.structs.filter((s) => s.plain).map((s) => [s.name, hostLayout(world).find((o) => o.name === s.name)!]));
  /** The plain pointers whose target (a member reference, not an attach / detach clause) the step names as data. */
  const targetsNamed = (step: Step): string[] => {
    const vars: VarRef[] = [];
    if ('clauses' in step) for (const c of step.clauses as { clause: string; vars: VarRef[] }[]) if (c.clause !== 'attach' && c.clause !== 'detach') vars.push(...c.vars);
    if ('maps' in step) for (const m of step.maps) vars.push(...m.vars);
    const out = new Set<string>();
    for (const v of vars) {
      const r = parseRef(world, v);
      if (r.kind === 'member' && plain.has(r.struct)) out.add(r.struct);
    }
    return [...out];
  };
  /** Device values of the pointer at host address `ptr` (OpenACC attachments and OpenMP corresponding pointers). */
  const devValues = (s: Snapshot, ptr: number): string[] => [
    ...s.attachments.filter((a) => a.ptr === ptr).map((a) => JSON.stringify(a.device)),
    ...s.ompPointers.filter((p) => p.ptr === ptr).map((p) => `${p.device}:${JSON.stringify(p.value)}`),
  ];
  /** Whether the step names the pointer variable `name` itself (its storage) in a clause or map. */
  const namesStorage = (step: Step, name: string) =>
    ('clauses' in step && (step.clauses as { vars: VarRef[] }[]).some((c) => c.vars.includes(name))) || ('maps' in step && step.maps.some((m) => m.vars.includes(name)));
  const holds = (s: Snapshot, addr: number) => s.sections.some((x) => x.host[0] <= addr && addr < x.host[1]) || s.ompEntries.some((e) => e.host[0] <= addr && addr < e.host[1]);
  return program.steps.map((step, i) => {
    const found = new Set<PlainWitnessId>();
    if (plain.size === 0) return found;
    const obs = trace.observations[i]!;
    if (obs.kind === 'error' || obs.kind === 'undefined' || obs.kind === 'halted' || obs.kind === 'unavailable') return found;
    const before = trace.before[i]!;
    const after = trace.after[i]!;
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && 'read' in step.body && obs.kind === 'read') {
      const r = parseRef(world, step.body.read);
      if (r.kind === 'member' && plain.has(r.struct)) found.add('pp3');
    }
    if ((step.op === 'acc_parallel' || step.op === 'omp_target') && (obs.kind === 'read' || obs.kind === 'ok'))
      for (const body of kernelStatements(step.body)) {
        const r = parseRef(world, kernelRef(body));
        if (r.kind === 'member' && plain.has(r.struct) && !namesStorage(step, r.struct) && targetsNamed(step).includes(r.struct)) found.add('pp4');
      }
    for (const name of targetsNamed(step)) {
      const ptr = plain.get(name)!.start;
      const was = new Set(devValues(before, ptr));
      if (devValues(after, ptr).some((v) => v.includes('"space":"dev"') && !was.has(v))) found.add('pp1');
      if (!namesStorage(step, name) && !holds(before, ptr) && !holds(after, ptr) && devValues(after, ptr).length === 0) found.add('pp2');
    }
    return found;
  });
}

// ------------------------------------------------------------------------------------------------
// Procedure-scope declare (issue 9 item 3): the generator puts a procedure call with a declare of
// the world's arrays into one OpenACC program in five (properties/procedures.ts withProcedure);
// these witnesses prove that the declare meets data already present (where K-A56's readings part),
// that the body ends or gives back a reference to data the procedure declares, and that a return
// ends a declared array's data lifetime.

export const PROCEDURE_WITNESSES = {
  p1: 'a procedure\'s declare names an array that is already present at the call (a section holds it wholly), and the call succeeds',
  p2: 'inside a procedure, exit data or acc_copyout / acc_delete (and their _finalize forms) acts on an array the procedure declares, present before the step',
  p3: 'a procedure\'s return ends the data lifetime of an array it declares (present before the return, absent after it)',
} as const;

export type ProcedureWitnessId = keyof typeof PROCEDURE_WITNESSES;
export const PROCEDURE_WITNESS_IDS = Object.keys(PROCEDURE_WITNESSES) as ProcedureWitnessId[];

/** Procedure witness ids each step reaches, in step order (hits[i] for step i). */
export function detectProcedureWitnesses(program: Program, trace: WitnessTrace): Set<ProcedureWitnessId>[] {
  const host = new HostView(program.world);
  /** The arrays each open procedure declares, innermost last (null: an open data region or host_data region). */
  const open: (VarRef[] | null)[] = [];
  const declared = () => open.flatMap((o) => o ?? []);
  const ends = new Set<Step['op']>(['acc_exit_data', 'acc_copyout', 'acc_copyout_finalize', 'acc_delete', 'acc_delete_finalize']);
  return program.steps.map((step, i) => {
    const found = new Set<ProcedureWitnessId>();
    const before = trace.before[i]!;
    const obs = trace.observations[i]!;
    const after = trace.after[i]!;
    const fine = obs.kind !== 'error' && obs.kind !== 'undefined' && obs.kind !== 'halted';
    if (step.op === 'acc_procedure_begin') {
      const vars = step.clauses.flatMap((c) => c.vars);
      if (fine && vars.some((v) => presentIn(before, host.range(v)!))) found.add('p1');
      open.push(vars);
    } else if (step.op === 'acc_procedure_end') {
      const vars = open.pop() ?? [];
      if (fine && vars.some((v) => presentIn(before, host.range(v)!) && !presentIn(after, host.range(v)!))) found.add('p3');
    } else if (step.op === 'acc_data_begin' || step.op === 'acc_host_data_begin') open.push(null);
    else if (step.op === 'acc_data_end' || step.op === 'acc_host_data_end') open.pop();
    else if (fine && ends.has(step.op)) {
      const named = step.op === 'acc_exit_data' ? step.clauses.flatMap((c) => c.vars) : 'var' in step ? [step.var] : [];
      const mine = declared().map((v) => host.range(v)!);
      for (const v of named) {
        const r = host.range(v);
        if (r !== null && mine.some((m) => m[0] === r[0] && m[1] === r[1]) && presentIn(before, r)) found.add('p2');
      }
    }
    host.apply(step);
    return found;
  });
}
