// The declare target directive at program scope (OpenMP 6.0 §9.9.1) with its enter and link
// clauses (§7.9.7, §7.9.8): the program's static data and its corresponding storage.

import type { OmpDeclareTarget } from '../../lang/openmp.js';
import type { DevAddr, Observation } from '../../lang/observation.js';
import { INFINITE_RC } from '../../lang/observation.js';
import { ELEMENT_BYTES, POINTER_WORD_BYTES } from '../../lang/program.js';
import { allocateBlock, arrayRange, fire, hostCells, type ModelState, type OmpEntry, type StepContext } from '../state.js';
import { insertEntry, lookup } from './table.js';
import { isScalarVariable } from '../firstprivate.js';
import { sharesMemoryWithHost } from './unified-shared-memory.js';

export const DECLARE_TARGET = 'OpenMP 6.0 §9.9.1 declare_target Directive';
export const ENTER_CLAUSE = 'OpenMP 6.0 §7.9.7 enter clause';
export const LINK_CLAUSE = 'OpenMP 6.0 §7.9.8 link clause';
export const LINK_KEY = 'OpenMP 6.0 §7.9.8 link clause (the key a runtime keeps for a link array no map clause maps, K-B69)';
export const UNREGISTERED_IMAGE = 'OpenMP 6.0 §7.9.7 enter clause (the device storage of a declare target variable the runtime does not register, K-B46)';

// OpenMP 6.0 §9.9.1 declare_target Directive
// Static data the directive names is made available on the devices for the whole program.
export function ompDeclareTarget(state: ModelState, step: OmpDeclareTarget, ctx: StepContext): Observation {
  fire(ctx, DECLARE_TARGET);
  // A scalar it names is no firstprivate in a kernel: §7.9.3 treats a declare target scalar the
  // construct does not name as mapped tofrom (model/omp/constructs.ts).
  for (const c of step.clauses) for (const v of c.vars) if (isScalarVariable(state, v)) state.ompDeclaredScalars.push(v);
  // The arrays it names are static in Fortran, with no descriptor (K-B55 `descriptor`).
  for (const c of step.clauses) for (const v of c.vars) if (!isScalarVariable(state, v)) state.ompStaticArrays.push(v);
  for (const c of step.clauses) {
    if (c.clause === 'link') {
      // §7.9.8: only a reference to the storage goes to the device; the array gets corresponding
      // storage when a map clause maps it, and loses it when that mapping ends, like any data.
      fire(ctx, LINK_CLAUSE);
      fire(ctx, LINK_KEY);
      if (ctx.knobs['K-B69'] === 'registered') for (const v of c.vars) registerLinkSlots(state, v, ctx);
      continue;
    }
    // §7.9.7: every device gets corresponding storage, initialised from the original (static
    // initialisation), which no map construct removes: "as if its reference count was
    // initialized to positive infinity". K-B8 decides, as for a map, whether a device that shares
    // memory with the host uses the original storage itself.
    fire(ctx, ENTER_CLAUSE);
    fire(ctx, UNREGISTERED_IMAGE);
    const unregistered = ctx.knobs['K-B46'] === 'unregistered';
    for (const v of c.vars) {
      const range = arrayRange(state, v);
      state.facts.devices.forEach((_dev, d) => {
        // The declaration comes before every other step (validation), so nothing is mapped yet.
        if (lookup(state, d, range).kind !== 'absent') throw new Error(`internal: declared ${v} is already mapped on device ${d}`);
        // (A declaration has no close modifier: `self-unless-close` reads it as `self`.)
        const self = sharesMemoryWithHost(state, d, ctx) && ctx.knobs['K-B8'] !== 'copies';
        const block = self ? null : allocateBlock(state, range.end - range.start, hostCells(state, range), d, 'map');
        // K-B46 `unregistered` (clang 16: a declare target variable with internal linkage, a C
        // `static`, gets no offloading entry): the device image holds the storage, which kernels
        // naming the array use, but the runtime's table has no entry for it (unregisteredImage).
        if (unregistered) state.ompImages.push({ device: d, start: range.start, end: range.end, block });
        else insertEntry(state, d, { start: range.start, end: range.end, block, offset: 0, rc: INFINITE_RC, origin: 'declare' });
      });
    }
  }
  return { kind: 'ok' };
}

// OpenMP 6.0 §7.9.7 enter clause (the device storage of a declare target variable the runtime does not register, K-B46)
// The text gives an `enter` array corresponding storage for the whole program, present to every
// map and routine. K-B46 `unregistered` (clang 16 for a variable with internal linkage: no
// offloading entry, so libomptarget's table never holds it, measured): that storage is the device
// image's own copy, which a kernel naming the array reads and writes, while maps, motion clauses
// and routines find the array absent and give it ordinary mappings of its own. The image storage
// of `ref` on `device` when `ref` lies in such an array, else null.
export function unregisteredImage(state: ModelState, device: number, range: { start: number; end: number }, ctx: StepContext): OmpEntry | null {
  if (state.ompImages.length === 0) return null;
  const image = state.ompImages.find((i) => i.device === device && i.start <= range.start && range.end <= i.end);
  if (image === undefined) return null;
  fire(ctx, UNREGISTERED_IMAGE);
  return { start: image.start, end: image.end, block: image.block, offset: 0, rc: INFINITE_RC, origin: 'declare', order: 0 };
}

// OpenMP 6.0 §7.9.8 link clause (the key a runtime keeps for a link array no map clause maps, K-B69)
// The text gives a link array corresponding storage only while a map clause maps it. K-B69
// `registered` (libgomp with GCC's C front end, measured: target.c gomp_load_image_to_device keys
// every link variable of the image, REFCOUNT_LINK): the runtime's table holds the host array's
// range over the link variable's own slot in the device image, a pointer-sized word, on every
// device with an image (not one sharing the host's memory, whose maps use the original). Maps
// treat the key as absent (gomp_map_vars_internal); the other lookups find it (linkSlot).
function registerLinkSlots(state: ModelState, v: string, ctx: StepContext): void {
  const range = arrayRange(state, v);
  state.facts.devices.forEach((_dev, d) => {
    if (sharesMemoryWithHost(state, d, ctx) && ctx.knobs['K-B8'] !== 'copies') return;
    const slotCells = { kind: 'elements' as const, values: Array<null>(POINTER_WORD_BYTES / ELEMENT_BYTES).fill(null) };
    const block = allocateBlock(state, POINTER_WORD_BYTES, slotCells, d, 'map');
    state.ompLinkSlots.push({ device: d, start: range.start, end: range.end, block });
  });
}

/**
 * K-B69 `registered`: the link key holding host byte `addr` on `device`, while no entry of the table
 * holds any byte of its array; null otherwise. (A map of any part of the array takes the key out of
 * the table until that mapping ends: gomp_map_vars_internal's splay_tree_remove, aux->link_key.)
 */
export function linkSlot(state: ModelState, device: number, addr: number, ctx: StepContext): { start: number; end: number; block: number } | null {
  if (state.ompLinkSlots.length === 0) return null;
  const slot = state.ompLinkSlots.find((s) => s.device === device && s.start <= addr && addr < s.end);
  if (slot === undefined || lookup(state, device, slot).kind !== 'absent') return null;
  fire(ctx, LINK_KEY);
  return slot;
}

/** K-B69 `registered`: whether the key of a link array no map clause maps shares a byte with `range` on `device`. */
export function linkKeyOverlapping(state: ModelState, device: number, range: { start: number; end: number }, ctx: StepContext): boolean {
  return state.ompLinkSlots.some((s) => s.device === device && s.start < range.end && range.start < s.end && linkSlot(state, device, s.start, ctx) !== null);
}

/** K-B69 `registered`: the device address a lookup of host byte `addr` gets through a link key (libgomp: the slot plus the offset into the array, which may lie past the slot). */
export function linkSlotAddress(slot: { start: number; block: number }, addr: number): DevAddr {
  return { block: slot.block, offset: addr - slot.start };
}
