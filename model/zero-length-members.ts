// Zero-length sections of pointer members and their attachment: `c%p(k:k-1)`, C `c.p[k-1:0]`, in
// data clauses, map items and motion clauses (issue 9 item 5). The reference is the empty host range
// at the address of element k of the pointer's current target (model/member-sections.ts resolves
// it; model/zero-length.ts says what a clause does with its zero bytes), and the pointer is its base
// pointer, as for any member section (K-A1 `base-pointer`; OpenMP: an attach candidate). What is
// particular is the attachment: the section names no byte, so what the pointer is attached to is
// the data around its address, or nothing.
//
// OpenACC 3.3 §2.7.2 Attach Action: "if … the address to which var points is not present in the
// current device memory, no action is taken". K-A50 already says which address a member section's
// attach looks up: `target`, the pointer's whole target (a zero-length section changes nothing
// there); `section`, the section's first element, which for zero bytes is the byte at its address
// (libgomp gomp_attach_pointer probes [target + bias, target + bias + 1)): inside present data the
// pointer is attached with the section's bias, one past the end of the data it finds nothing (K-A2:
// no action, or libgomp's fatal "pointer target not mapped for attach": GCC lowers the base pointer
// of an OpenACC section to GOMP_MAP_ATTACH, whose zero-length variant is "currently only used by
// OpenMP", include/gomp-constants.h). No new knob.
//
// OpenMP 6.0 §7.9.6 map clause (pointer attachment): after the construct's storage blocks are
// mapped, the corresponding pointer of an attach candidate is made to point to the corresponding
// list item. A zero-length item whose address lies in mapped storage refers to that storage
// (model/zero-length.ts), so the pointer is attached to it like any section. One with no
// corresponding storage gets none, and then there is nothing the text can attach the pointer to:
// K-B44 (profiles/knobs.ts) has the readings. `keep` (the text; LLVM offload since the ATTACH map
// type, omptarget.cpp processAttachEntries: "Skipping ATTACH entry … pointee not present on
// device"): no attachment, the corresponding pointer keeps what it holds (the host address copied
// with a newly mapped struct). `null` (libgomp: the base pointer of an OpenMP zero-length section
// is GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION, "allow attaching to zero-length array sections
// (i.e. set to NULL when array section is not mapped)", include/gomp-constants.h; target.c
// gomp_attach_pointer with allow_zero_length_array_sections writes 0 when the lookup of target +
// bias fails, counted like any attachment; LLVM before the ATTACH map type: PTR_AND_OBJ with no
// target pointer, "a NULL pointer will be passed to the device").

import { ELEMENT_BYTES } from '../lang/program.js';
import { fire, formatRef, runtimeError, setPointerCell, type ErrorObservation, type MemberRef, type ModelState, type Range, type StepContext } from './state.js';
import { attachmentOf, storageCells } from './omp/table.js';
import type { OmpEntry } from './state.js';

export const ACC_ZERO_LENGTH_MEMBER = 'OpenACC 3.3 §2.7.2 Attach Action (zero-length member subarrays)';
export const OMP_ZERO_LENGTH_MEMBER = 'OpenMP 6.0 §7.9.6 map clause (pointer attachment of zero-length sections, K-B44)';

// OpenACC 3.3 §2.7.2 Attach Action (zero-length member subarrays)
// The host range the attach of a member section `section` looks up, given the pointer's whole
// target `whole` (K-A50): the whole target, or the section's first element — for a zero-length
// section the byte at its address.
export function accMemberSectionAttachRange(section: Range, whole: Range, ctx: StepContext): Range {
  if (section.start !== section.end) return ctx.knobs['K-A50'] === 'section' ? { start: section.start, end: section.start + ELEMENT_BYTES } : whole;
  fire(ctx, ACC_ZERO_LENGTH_MEMBER);
  return ctx.knobs['K-A50'] === 'section' ? { start: section.start, end: section.start + 1 } : whole;
}

// OpenMP 6.0 §7.9.6 map clause (pointer attachment of zero-length sections, K-B44)
// A zero-length section of pointer member `pointer` found no corresponding storage on `device`;
// `holder` is the entry of the pointer's struct there. K-B44 `keep`: nothing happens. `fatal` (GCC
// 12.2 C): where the attach would happen, the program stops. `null`: the
// corresponding pointer is set to null as an attachment (K-B7 decides when, as for any: `counted`
// counts every map and writes at the first, `6.0` only when the pointer's storage is new on this
// construct); a self-mapped pointer is the original, which keeps its value. `null-less-bias` (clang
// 16, libomptarget 16 targetDataBegin: TgtPtrBegin - Delta with no TgtPtrBegin): null for a
// section at the target's first element (`bias` 0), else a value that is no address
// (indeterminate). Pointers counted under K-B7 `counted` are added to `counted` (given back at a
// structured construct's end).
export function zeroLengthPointeeAbsent(
  state: ModelState,
  device: number,
  pointer: MemberRef,
  holder: OmpEntry,
  created: ReadonlySet<number>,
  counted: MemberRef[],
  ctx: StepContext,
  bias = 0,
): ErrorObservation | null {
  fire(ctx, OMP_ZERO_LENGTH_MEMBER);
  const reading = ctx.knobs['K-B44'];
  if (reading === 'keep' || holder.block === null) return null;
  const k7 = ctx.knobs['K-B7'];
  if (k7 === 'counted') {
    counted.push(pointer);
    const held = attachmentOf(state, device, pointer.addr);
    if (held !== undefined) {
      held.count += 1;
      return null;
    }
  } else if (k7 === '6.0' && !created.has(holder.order)) return null;
  // `fatal` (GCC 12.2 C, measured): the attach looks the target up and finds nothing.
  if (reading === 'fatal') return runtimeError('fatal_attach_absent', `${formatRef(pointer)}: its zero-length section lies in no mapped storage on device ${device} (pointer target not mapped for attach)`);
  const cell = storageCells(state, holder, pointer.addr);
  setPointerCell(cell.contents, cell.index, reading === 'null-less-bias' && bias !== 0 ? { space: 'indeterminate' } : null);
  // Attached to nothing: one record per device and pointer (K-B7 counting, K-B23 copy-back), with
  // no target entry to outlive.
  state.ompAttached = state.ompAttached.filter((a) => !(a.device === device && a.ptr === pointer.addr));
  state.ompAttached.push({ device, ptr: pointer.addr, holder: holder.order, target: -1, targetLive: false, count: 1 });
  return null;
}
