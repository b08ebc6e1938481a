// The OpenMP part of the canonical snapshot (lang/README-openmp.md "Snapshot additions").

import { POINTER_BYTES } from '../../lang/program.js';
import { blockById, copyPtr, membersInside, pointerCell, type DeviceBlock, type HostObject, type ModelState, type OmpEntry } from '../state.js';
import type { OmpEntrySnapshot, OmpPointerSnapshot } from '../../lang/observation.js';
import { vecForEach, vecGet } from '../vec.js';
import { lookup, storageCells } from './table.js';

/** The rows of one device's table: its entries, its pointer members, and the storage their values were read from. */
export interface OmpTableRows {
  /** Entries by (host start, creation order). */
  entries: OmpEntrySnapshot[];
  /** The corresponding value of every pointer member inside an entry with device storage, by member address. */
  pointers: OmpPointerSnapshot[];
  /** Where each pointer's value was read (see sameStorage). */
  read: StorageRead[];
}

/**
 * The rows of device `device`'s table. Objects are in address order and an entry never leaves its
 * object, so sorting each object's entries sorts them all, and its pointer members likewise; a
 * member inside several entries reads the one a lookup finds.
 */
export function ompTableRows(state: ModelState, device: number): OmpTableRows {
  const rows: OmpTableRows = { entries: [], pointers: [], read: [] };
  const table = state.ompEntries[device];
  if (!table) throw new Error(`internal: no OpenMP table for device ${device}`);
  vecForEach(table, (entries: OmpEntry[], index) => {
    if (entries.length === 0) return;
    let storage = false;
    for (const e of entries.length === 1 ? entries : [...entries].sort((x, y) => x.start - y.start || x.order - y.order)) {
      rows.entries.push({
        device,
        host: [e.start, e.end] as [number, number],
        block: e.block,
        offset: e.offset,
        rc: e.rc,
        origin: e.origin,
      });
      if (e.block !== null) storage = true;
    }
    if (storage) pointerRows(state, device, entries, index, rows);
  });
  return rows;
}

function pointerRows(state: ModelState, device: number, entries: OmpEntry[], index: number, rows: OmpTableRows): void {
  const members = entries.length === 1 ? membersInside(state, entries[0]!) : [...new Set(entries.filter((e) => e.block !== null).flatMap((e) => membersInside(state, e)))];
  for (const ptr of members.sort((x, y) => x - y)) {
    const where = lookup(state, device, { start: ptr, end: ptr + POINTER_BYTES });
    if (where.kind !== 'present') throw new Error(`internal: pointer member 0x${ptr.toString(16)} lost its entry`);
    const cell = storageCells(state, where.entry, ptr);
    // read as storageCells reads it: the entry's block, or (a self map) the host object holding the member
    const e = where.entry;
    rows.read.push(e.block === null ? { index, object: vecGet(state.host, index) } : blockById(state, e.block));
    rows.pointers.push({ device, ptr, value: copyPtr(pointerCell(cell.contents, cell.index)) });
  }
}

/** Storage a pointer row was read from: a device block, or the host object at a layout index (a self map's). */
export type StorageRead = DeviceBlock | { index: number; object: HostObject };

/** Whether the storage in `read` is still the state's (unchanged). */
export function sameStorage(state: ModelState, read: readonly StorageRead[]): boolean {
  for (const r of read) if ('index' in r ? vecGet(state.host, r.index) !== r.object : blockById(state, r.id) !== r) return false;
  return true;
}
