// The declare target directive at program scope (OpenMP 6.0 §9.9.1) with its enter and link
// clauses (§7.9.7, §7.9.8): the program's static data and its corresponding storage.

import type { OmpDeclareTarget } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import { INFINITE_RC } from '../../lang/observation.js';
import { allocateBlock, arrayRange, fire, hostCells, type ModelState, type StepContext } from '../state.js';
import { insertEntry, lookup } from './table.js';
import { sharesMemoryWithHost } from './unified-shared-memory.js';

export const DECLARE_TARGET = 'OpenMP 6.0 §9.9.1 declare_target Directive';
export const ENTER_CLAUSE = 'OpenMP 6.0 §7.9.7 enter clause';
export const LINK_CLAUSE = 'OpenMP 6.0 §7.9.8 link clause';

// OpenMP 6.0 §9.9.1 declare_target Directive
// Static data the directive names is made available on the devices for the whole program.
export function ompDeclareTarget(state: ModelState, step: OmpDeclareTarget, ctx: StepContext): Observation {
  fire(ctx, DECLARE_TARGET);
  for (const c of step.clauses) {
    if (c.clause === 'link') {
      // §7.9.8: only a reference to the storage goes to the device; the array gets corresponding
      // storage when a map clause maps it, and loses it when that mapping ends, like any data.
      fire(ctx, LINK_CLAUSE);
      continue;
    }
    // §7.9.7: every device gets corresponding storage, initialised from the original (static
    // initialisation), which no map construct removes: "as if its reference count was
    // initialized to positive infinity". K-B8 decides, as for a map, whether a device that shares
    // memory with the host uses the original storage itself.
    fire(ctx, ENTER_CLAUSE);
    for (const v of c.vars) {
      const range = arrayRange(state, v);
      state.facts.devices.forEach((_dev, d) => {
        // The declaration comes before every other step (validation), so nothing is mapped yet.
        if (lookup(state, d, range).kind !== 'absent') throw new Error(`internal: declared ${v} is already mapped on device ${d}`);
        // (A declaration has no close modifier: `self-unless-close` reads it as `self`.)
        const self = sharesMemoryWithHost(state, d, ctx) && ctx.knobs['K-B8'] !== 'copies';
        const block = self ? null : allocateBlock(state, range.end - range.start, hostCells(state, range), d, 'map');
        insertEntry(state, d, { start: range.start, end: range.end, block, offset: 0, rc: INFINITE_RC, origin: 'declare' });
      });
    }
  }
  return { kind: 'ok' };
}
