// `requires unified_shared_memory` (OpenMP 6.0 §10.5.1.5) as a property of the world
// (`world.requires`): all storage is accessible from every device, and every device address the
// OpenMP routines return is a valid host pointer. It does not make maps self maps (that is
// `self_maps`, §10.5.1.6): whether a map still creates distinct storage stays K-B8's choice, as on a
// device that shares memory with the host.

import type { KnobValues } from '../../profiles/knobs.js';
import { fire, type ModelState, type StepContext } from '../state.js';

export const UNIFIED_SHARED_MEMORY = 'OpenMP 6.0 §10.5.1.5 unified_shared_memory clause';

/** Whether the program requires unified shared memory. */
export function requiresUnifiedSharedMemory(state: ModelState): boolean {
  return state.facts.world.requires?.includes('unified_shared_memory') === true;
}

// OpenMP 6.0 §10.5.1.5 unified_shared_memory clause
// Under the requirement every device shares memory with the host: the device is treated as a
// `shared` one (kernels reach host storage through host addresses, is_accessible holds, and K-B2 /
// K-B8 / K-B18 decide as for such a device). Returns whether the device of index `device` shares
// memory with the host, and records the rule when the requirement is what makes it so.
// K-B54 `ignored` (GCC 12 and LLVM 16 on an NVIDIA H200, measured): the requirement changes
// nothing and a discrete device stays discrete. `knobs` are the step's (ctx's own when given).
export function sharesMemoryWithHost(state: ModelState, device: number, ctx: StepContext | null, knobs: KnobValues | undefined = ctx?.knobs): boolean {
  if (state.facts.devices[device]!.kind === 'shared') return true;
  if (!requiresUnifiedSharedMemory(state) || knobs?.['K-B54'] === 'ignored') return false;
  if (ctx) fire(ctx, UNIFIED_SHARED_MEMORY);
  return true;
}
