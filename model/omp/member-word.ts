// The struct's own storage for a pointer member whose section a construct maps while the struct
// itself is not named (`map(to: c%p(1:4))` without `c`), knob K-B47. The text maps the section's
// storage and attaches the pointer only where the struct has corresponding storage (OpenMP 6.0
// §7.9.6; K-B42 for target constructs). clang before the ATTACH map type lowers such a map to a
// combined entry for the struct's members it names and the member's PTR_AND_OBJ entry
// (CGOpenMPRuntime.cpp generateInfoForComponentList, "map(to: s.p[:22])": "&s, &(s.p),
// sizeof(double*), TARGET_PARAM (*) ... (*) alloc space for struct members"), and libomptarget maps
// that combined entry as storage of its own.

import { POINTER_BYTES, POINTER_WORD_BYTES } from '../../lang/program.js';
import { isPlain } from '../../lang/plain-pointers.js';
import { fire, type ModelState, type RecordedMapItem, type StepContext } from '../state.js';

export const MEMBER_WORD = 'OpenMP 6.0 §7.9.6 map clause (a pointer member mapped through its section while its struct is not named: the struct storage for the member, K-B47)';

// OpenMP 6.0 §7.9.6 map clause (a pointer member mapped through its section while its struct is not named: the struct storage for the member, K-B47)
// Under the text (`pointee-only`) a `c%p` item maps only the pointee. K-B47 `member-word` (clang
// 16, whose host IR gives `target enter data map(to: c.q[0:n])` of a static struct the map types
// 0 and MEMBER_OF(1) | PTR_AND_OBJ | TO, the first an entry of sizeof(int *) at &c.q): each
// pointer member named through a section gets a list item of its own for the pointer word of its
// struct (8 bytes; no copy: the combined entry has no TO or FROM bit, only the present modifier
// passes to it), after the construct's items; one that another item of the construct covers joins
// that item's storage block, or finds the entry it made, counted once per construct. It is
// mapped, counted and released like any item (omptarget.cpp targetDataBegin / targetDataEnd
// update the reference count of an entry that is not MEMBER_OF), and a later map of the whole
// struct extends that storage (K-B5). The member's corresponding pointer is its word in that entry
// (table.ts pointerHolder), so it is attached there and a kernel reaches the target through it.
// A plain pointer's section is K-B45's (a PTR_AND_OBJ entry at &p, no combined entry).
// K-B47 `descriptor` (gfortran 12, -fdump-tree-omplower: `map(to: c%p(2:3))` is `map(struct:c
// [len: 1]) map(to:c.p [len: 64]) map(to:MEM …) map(always_pointer:c.p.data …)`): the item for the
// member's whole storage, the component's descriptor, is a member of the struct's GOMP_MAP_STRUCT
// group (K-B70), counted like any item; no copy is modelled (the always pointer writes its address
// word, K-B60). Not on a target construct, whose always pointer is looked up before the group is
// mapped (K-B42), nor for a from item of target data, which gfortran lists after it.
export type MapConstruct = 'target enter data' | 'target exit data' | 'target data' | 'target';

export function memberWordItems(state: ModelState, items: readonly RecordedMapItem[], construct: MapConstruct, ctx: StepContext): RecordedMapItem[] {
  const out: RecordedMapItem[] = [];
  for (const item of items) {
    const m = item.pointer;
    if (m === null || isPlain(state.facts.world.structs.find((s) => s.name === m.struct))) continue;
    fire(ctx, MEMBER_WORD);
    const reading = ctx.knobs['K-B47'];
    const bytes = reading === 'member-word' ? POINTER_WORD_BYTES : reading === 'descriptor' && construct !== 'target' && !(construct === 'target data' && item.type === 'from') ? POINTER_BYTES : 0;
    if (bytes === 0) continue;
    out.push({
      type: 'alloc',
      modifiers: item.modifiers.filter((x) => x === 'present'),
      range: { start: m.addr, end: m.addr + bytes },
      pointer: null,
      implicit: false,
      ...(item.viaMapper ? { mapperStruct: true } : {}),
    });
  }
  return out;
}
