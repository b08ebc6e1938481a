// The implicit map of a struct that a target construct's items name only through its pointer
// members (K-B63 `base-pointers`, the text). §7.9.3 maps the kernel's struct c tofrom, as no list
// item is c; §7.9.6: "If a list item with an implicitly determined data-mapping attribute does not
// have any corresponding storage ... and one or more contiguous parts of the original storage are
// either list items or base pointers to list items that are explicitly mapped on the construct,
// only those parts of the original storage will have corresponding storage". The base pointer of
// `c%p(1:4)` is c%p, so c's storage on the device is its pointer members' words.

import { POINTER_BYTES, type VarRef } from '../../lang/program.js';
import { dataRange, fire, type ModelState, type RecordedMapItem, type StepContext } from '../state.js';
import { lookup } from './table.js';

export const BASE_POINTER_WORDS =
  'OpenMP 6.0 §7.9.6 map clause (an implicitly mapped struct without corresponding storage: only its parts that are base pointers of explicit list items, K-B63)';

// OpenMP 6.0 §7.9.6 map clause (an implicitly mapped struct without corresponding storage: only its parts that are base pointers of explicit list items, K-B63)
// One tofrom implicit item per pointer member of `root` that the construct's explicit items name,
// the member's 16 bytes, after those items; they are parts of one struct, so they form one
// storage block (storage-blocks.ts). Attachment then finds each member's corresponding pointer
// there (table.ts pointerHolder), and at the end they go home like any tofrom item (K-B23 decides
// what an attached word brings). Where part of the struct already has storage on `device`, the
// sentence before applies ("only that part of the original storage"): the implicit map uses that
// part alone and adds no words (a word inside it would be counted and released again within the
// construct, which changes nothing). The implicit map here goes through no declare mapper of c
// (the mapper's items would be c's other storage).
export function basePointerWords(state: ModelState, device: number | null, items: readonly RecordedMapItem[], root: VarRef, ctx: StepContext): RecordedMapItem[] {
  fire(ctx, BASE_POINTER_WORDS);
  if (device !== null && lookup(state, device, dataRange(state, root)!).kind !== 'absent') return [];
  const words = new Map<number, RecordedMapItem>();
  for (const item of items) {
    const m = item.pointer;
    if (m === null || m.struct !== root || words.has(m.addr)) continue;
    words.set(m.addr, { type: 'tofrom', modifiers: [], range: { start: m.addr, end: m.addr + POINTER_BYTES }, pointer: null, implicit: true });
  }
  return [...words.values()];
}
