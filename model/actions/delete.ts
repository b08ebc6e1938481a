import { fire, memberAt, membersInside, removeSection, type ModelState, type Section, type StepContext } from '../state.js';
import { immediateDetachAction } from './immediate-detach.js';

export const DELETE_ACTION = 'OpenACC 3.3 §2.7.2 Delete Action';

// OpenACC 3.3 §2.7.2 Delete Action
// Applies only to present data held by `section`.
export function deleteAction(state: ModelState, section: Section, ctx: StepContext): void {
  fire(ctx, DELETE_ACTION);
  // Every pointer inside the device copy is detached at once. K-A19 `no-detach`: the runtime
  // frees the copy without detaching (nothing observable differs).
  if (ctx.knobs['K-A19'] === 'detach-first')
    for (const addr of membersInside(state, section)) immediateDetachAction(state, memberAt(state, addr), ctx, false);
  // Release the device memory without copying anything back: the data is no longer present.
  removeSection(state, section);
}
