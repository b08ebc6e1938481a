// The OpenMP part of the canonical snapshot (lang/README-openmp.md "Snapshot additions").

import { POINTER_BYTES } from '../../lang/program.js';
import { copyPtr, membersInside, pointerCell, type ModelState } from '../state.js';
import type { OmpEntrySnapshot, OmpPointerSnapshot } from '../../lang/observation.js';
import { lookup, storageCells } from './table.js';

/** Every entry of every device, by (device, host start, creation order). */
export function ompEntriesSnapshot(state: ModelState): OmpEntrySnapshot[] {
  return state.ompEntries.flatMap((entries, device) =>
    [...entries]
      .sort((x, y) => x.start - y.start || x.order - y.order)
      .map((e) => ({
        device,
        host: [e.start, e.end] as [number, number],
        block: e.block,
        offset: e.offset,
        rc: e.rc,
        origin: e.origin,
      })),
  );
}

/**
 * The corresponding value of every pointer member inside an entry with device storage, by
 * (device, member address); a member inside several entries reads the one a lookup finds.
 */
export function ompPointersSnapshot(state: ModelState): OmpPointerSnapshot[] {
  return state.ompEntries.flatMap((entries, device) => {
    const members = new Set(entries.filter((e) => e.block !== null).flatMap((e) => membersInside(state, e)));
    return [...members]
      .sort((x, y) => x - y)
      .map((ptr) => {
        const where = lookup(state, device, { start: ptr, end: ptr + POINTER_BYTES });
        if (where.kind !== 'present') throw new Error(`internal: pointer member 0x${ptr.toString(16)} lost its entry`);
        const cell = storageCells(state, where.entry, ptr);
        return { device, ptr, value: copyPtr(pointerCell(cell.contents, cell.index)) };
      });
  });
}
