// A struct's to copy and the attachment of its pointer member on one construct (knob K-B67). The
// text attaches a corresponding pointer once the construct's list items are mapped (OpenMP 6.0
// §7.9.6), whatever the order of the clauses, so a copy of the struct the same construct makes
// does not undo it (`attached`, what map-entry.ts and pointer-attach.ts do in that order).
// `clause-order` (clang 16 with libomptarget 16, measured): the entries reach the runtime in the
// order clang gives them (declare-mapper.ts clauseOrder: a struct's present clauses, then its alloc
// clauses, then the rest; a mapper's clauses alike inside its list item's place), and the runtime
// writes each copy or attachment as it meets it, so a copy of the struct after the attachment of
// its pointer member writes the host pointer back over it. The attachment's record stays (the
// runtime's shadow record, K-B7 `shadow`): no later map of the member writes the pointer again.

import { POINTER_BYTES } from '../../lang/program.js';
import { fire, type ModelState, type RecordedMapItem, type StepContext } from '../state.js';
import { copyToDevice } from './map-entry.js';
import { lookup } from './table.js';

export const COPY_AFTER_ATTACHMENT = 'OpenMP 6.0 §7.9.6 map clause (a copy of a struct and the attachment of its pointer member on one construct, K-B67)';

// OpenMP 6.0 §7.9.6 map clause (a copy of a struct and the attachment of its pointer member on one construct, K-B67)
// After the construct's attachments: each item that copied a struct to the device on this
// construct (new storage, count 1, or always) and comes after an item of one of its pointer
// members gives that pointer word the host value again under `clause-order`.
export function copiesAfterAttachment(state: ModelState, device: number, items: readonly RecordedMapItem[], ctx: StepContext): void {
  for (const s of items) {
    if (s.order === undefined || s.pointer !== null || s.range === null || (s.type !== 'to' && s.type !== 'tofrom')) continue;
    for (const p of items) {
      if (p.order === undefined || p.order >= s.order || p.pointer === null || p.range === null) continue;
      const word = { start: p.pointer.addr, end: p.pointer.addr + POINTER_BYTES };
      if (word.start < s.range.start || word.end > s.range.end) continue;
      const where = lookup(state, device, s.range);
      if (where.kind !== 'present' || where.entry.block === null || (where.entry.rc !== 1 && !s.modifiers.includes('always'))) continue;
      fire(ctx, COPY_AFTER_ATTACHMENT);
      if (ctx.knobs['K-B67'] === 'clause-order') copyToDevice(state, where.entry, word);
    }
  }
}
