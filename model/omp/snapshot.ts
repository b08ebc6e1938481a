// The OpenMP part of the canonical snapshot (lang/README-openmp.md "Snapshot additions").

import { POINTER_BYTES } from '../../lang/program.js';
import { copyPtr, membersInside, pointerCell, type ModelState, type OmpEntry } from '../state.js';
import type { OmpEntrySnapshot, OmpPointerSnapshot } from '../../lang/observation.js';
import { vecForEach } from '../vec.js';
import { lookup, storageCells } from './table.js';

/** Every entry of every device, by (device, host start, creation order). */
export function ompEntriesSnapshot(state: ModelState): OmpEntrySnapshot[] {
  return state.ompEntries.flatMap((table, device) => {
    const out: OmpEntrySnapshot[] = [];
    // Objects are in address order and an entry never leaves its object, so sorting each
    // object's entries sorts them all.
    vecForEach(table, (entries) => {
      if (entries.length === 0) return;
      for (const e of [...entries].sort((x, y) => x.start - y.start || x.order - y.order))
        out.push({
          device,
          host: [e.start, e.end] as [number, number],
          block: e.block,
          offset: e.offset,
          rc: e.rc,
          origin: e.origin,
        });
    });
    return out;
  });
}

/**
 * The corresponding value of every pointer member inside an entry with device storage, by
 * (device, member address); a member inside several entries reads the one a lookup finds.
 */
export function ompPointersSnapshot(state: ModelState): OmpPointerSnapshot[] {
  return state.ompEntries.flatMap((table, device) => {
    const out: OmpPointerSnapshot[] = [];
    vecForEach(table, (entries: OmpEntry[]) => {
      if (entries.length === 0) return;
      const members = new Set(entries.filter((e) => e.block !== null).flatMap((e) => membersInside(state, e)));
      for (const ptr of [...members].sort((x, y) => x - y)) {
        const where = lookup(state, device, { start: ptr, end: ptr + POINTER_BYTES });
        if (where.kind !== 'present') throw new Error(`internal: pointer member 0x${ptr.toString(16)} lost its entry`);
        const cell = storageCells(state, where.entry, ptr);
        out.push({ device, ptr, value: copyPtr(pointerCell(cell.contents, cell.index)) });
      }
    });
    return out;
  });
}
