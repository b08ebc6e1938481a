import {
  blockById,
  copyCells,
  deviceIndex,
  fire,
  memberAt,
  membersInside,
  objectHolding,
  removeSection,
  unitBytes,
  type ModelState,
  type Range,
  type Section,
  type StepContext,
} from '../state.js';
import { immediateDetachAction } from './immediate-detach.js';

export const COPYOUT_ACTION = 'OpenACC 3.3 §2.7.2 Copyout Action';

// OpenACC 3.3 §2.7.2 Copyout Action
// Applies only to present data: `range` (the clause or routine var) lies inside `section`.
export function copyoutAction(state: ModelState, section: Section, range: Range, ctx: StepContext): void {
  fire(ctx, COPYOUT_ACTION);
  // Every pointer inside the device copy is detached at once, so the device holds host values
  // again before anything travels back. K-A19 `no-detach` (libgomp): no detach, so an attached
  // pointer's device address travels back into the host struct.
  if (ctx.knobs['K-A19'] === 'detach-first')
    for (const addr of membersInside(state, section)) immediateDetachAction(state, memberAt(state, addr), ctx, false);
  // Transfer the var's device bytes back into host memory (pointer members unchanged).
  const block = blockById(state, section.block);
  const host = objectHolding(state, range);
  const count = (range.end - range.start) / unitBytes(host.contents);
  copyCells(
    block.contents,
    deviceIndex(section, range.start, block.contents),
    host.contents,
    (range.start - host.start) / unitBytes(host.contents),
    count,
  );
  // Release the device memory: the data is no longer present.
  removeSection(state, section);
}
