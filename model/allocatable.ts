// Allocatable components (issue 9 item 6): Fortran `allocate(c%x(n))` and `deallocate(c%x)` on a
// component that is an allocatable array (Fortran 2018 §9.7.1 ALLOCATE, §9.7.3 DEALLOCATE). On the
// host the component is a descriptor that is always contiguous: allocate gives it new storage (the
// next allocation of the host heap, lang/program.ts HEAP_STRIDE: an address no earlier allocation
// had; under K-C1 `lifo` the storage freed last of the same malloc chunk size), deallocate frees
// that storage and makes it unallocated (a null descriptor, which OpenACC 3.3 Chapter 6 "Null
// pointer" counts as a Fortran allocatable that is not allocated). Allocation
// status errors (allocate of an allocated component, deallocate of an unallocated one, Fortran 2018
// §9.7.4 error termination) are decided from the program text, before it runs (lang/validate.ts).
//
// No directive sees a host allocate or deallocate: the device side moves only through the rules of
// data clauses, attach and detach. So a device copy of the struct keeps its attached device
// pointer to the old target's copy, and a kernel reading through it after a deallocate and an
// allocate at a new address reads that old copy, while it is still mapped (the stale attachment).

import { ELEMENT_BYTES, HEAP_NAME, HEAP_STRIDE, type Allocate, type Deallocate } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import { attachedWhileMapped } from './host.js';
import { overlappingEntries } from './omp/table.js';
import { fire, hostPointer, memberRef, objectByName, presence, setHostPointer, targetRange, writeElements, type ModelState, type Range, type StepContext } from './state.js';

const OK: Observation = { kind: 'ok' };

/** `allocate(c%x(length), source=value)`: new host storage, every element `value`. */
export function allocate(state: ModelState, step: Allocate, ctx: StepContext): Observation {
  const m = memberRef(state, step.ptr);
  const broken = attachedWhileMapped(state, m, ctx);
  if (broken) return broken;
  const heap = objectByName(state, HEAP_NAME);
  const offset = heapOffset(state, step.length, ctx);
  writeElements(heap.contents, offset / ELEMENT_BYTES, step.length, { value: step.value ?? 0 });
  setHostPointer(state, m, { space: 'host', addr: heap.start + offset, count: step.length });
  return OK;
}

export const ACC_DEALLOCATE_RULE = 'OpenACC 3.3 §2.6.7 Reference Counters (host deallocate of present data)';
export const OMP_DEALLOCATE_RULE = 'OpenMP 6.0 §7.9.6 map clause (host deallocate of mapped storage)';

/**
 * `deallocate(c%x)`: the component becomes unallocated. OpenMP: the component's corresponding
 * pointer attached while its target stays mapped is the restriction on re-associating it (K-B22,
 * model/host.ts). Freed storage that is still present on a device stays present.
 */
export function deallocate(state: ModelState, step: Deallocate, ctx: StepContext): Observation {
  const m = memberRef(state, step.ptr);
  const broken = attachedWhileMapped(state, m, ctx);
  if (broken) return broken;
  const freed = targetRange(hostPointer(state, m));
  if (freed !== null) stillMapped(state, freed, ctx);
  if (freed !== null && ctx.knobs['K-C1'] === 'lifo')
    state.heapFreed.push({ offset: freed.start - objectByName(state, HEAP_NAME).start, length: (freed.end - freed.start) / ELEMENT_BYTES });
  setHostPointer(state, m, null);
  return OK;
}

/**
 * Where in the host heap an allocation of `length` elements lies. K-C1 `fresh`: the next of the
 * heap's places, one no allocation had before. `lifo` (glibc malloc's per-size free lists): the
 * storage freed last whose chunk has the size this one needs, else the next place.
 */
function heapOffset(state: ModelState, length: number, ctx: StepContext): number {
  if (ctx.knobs['K-C1'] === 'lifo') {
    for (let i = state.heapFreed.length - 1; i >= 0; i--) {
      const freed = state.heapFreed[i]!;
      if (mallocChunk(freed.length) !== mallocChunk(length)) continue;
      state.heapFreed.splice(i, 1);
      return freed.offset;
    }
  }
  const offset = state.allocations * HEAP_STRIDE;
  state.allocations += 1;
  return offset;
}

/** Bytes of the glibc malloc chunk (64-bit) that holds `length` elements: the request and an 8-byte header, rounded up to 16, at least 32. */
function mallocChunk(length: number): number {
  return Math.max(32, Math.ceil((length * ELEMENT_BYTES + 8) / 16) * 16);
}

// OpenACC 3.3 §2.6.7 Reference Counters
// Data's lifetime on the device ends when both its counters reach zero (§2.6.7), by the actions of
// data clauses and routines; a deallocate reaches the device only for data in a declare directive
// (§2.13.2: "deallocate" frees the device copy too). So host storage freed while present leaves
// its section as it is: the counters stand, the device copy lives on under a host address no
// variable has any more (libgomp and LLVM offload are never told of a host deallocate: the
// mapping stays keyed on the freed host range), and no error is raised.
//
// OpenMP 6.0 §7.9.6 map clause (host deallocate of mapped storage)
// Likewise a corresponding list item stays in the device data environment until its reference
// count reaches zero; a host deallocate moves no count.
function stillMapped(state: ModelState, freed: Range, ctx: StepContext): void {
  if (presence(state, freed).kind !== 'absent') fire(ctx, ACC_DEALLOCATE_RULE);
  if (state.ompEntries.some((_, d) => overlappingEntries(state, d, freed).length > 0)) fire(ctx, OMP_DEALLOCATE_RULE);
}
