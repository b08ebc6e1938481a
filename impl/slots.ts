// Present-table entries as parallel typed arrays indexed by slot number, with a free list of
// slots. Like libgomp's `aux->attach_count`, an entry that holds pointer members owns a run of
// attachment counters (one per 16-byte member slot of the entry) in a shared Int32Array pool,
// found through `acBase[slot]`; the run is handed back when the entry dies.
//
// The arrays are replaced when they grow: read them through the object each time, never keep a
// reference across an `allocate` call.
//
// The default capacity keeps every array on the V8 heap (see typed.ts): almost every generated
// program keeps fewer than 8 entries at a time.

import { grown } from './typed.js';

export class SectionSlots {
  /** Host range [hostStart, hostEnd) of the entry. */
  hostStart: Float64Array;
  hostEnd: Float64Array;
  /** Raw device address of the entry's first byte. */
  devBase: Float64Array;
  /** Device block (allocation number) holding the entry. */
  block: Int32Array;
  /** Structured and dynamic reference counters. */
  src: Int32Array;
  drc: Int32Array;
  /** First attachment counter of the entry in `attachCounters`, and how many it owns. */
  acBase: Int32Array;
  acLen: Int32Array;
  /** Attachment counter pool; counters may go negative under some profiles. */
  attachCounters: Int32Array;
  /** 1 once an attach found this entry holding its pointer (libgomp's counters exist; K-A18). */
  counted: Uint8Array;
  /** 1 for a pointer member mapped alone of which only the pointer word counts for data lookups (K-A24 `pointer-word`). */
  word: Uint8Array;
  /** 1 for a Fortran pointer member mapped alone whose device descriptor holds only its address (K-A68 `address-only`). */
  addressOnly: Uint8Array;
  /** 1 while the slot holds an entry (between allocate and release). */
  live: Uint8Array;

  private freeSlots: Int32Array;
  private freeCount = 0;
  /** Slots 0 … highWater-1 have been handed out at least once. */
  private highWater = 0;
  private counterTop = 0;
  /** Released counter runs, by length, for reuse by entries of the same shape. */
  private readonly freeCounterRuns = new Map<number, number[]>();

  constructor(capacity = 8) {
    this.hostStart = new Float64Array(capacity);
    this.hostEnd = new Float64Array(capacity);
    this.devBase = new Float64Array(capacity);
    this.block = new Int32Array(capacity);
    this.src = new Int32Array(capacity);
    this.drc = new Int32Array(capacity);
    this.acBase = new Int32Array(capacity);
    this.acLen = new Int32Array(capacity);
    this.freeSlots = new Int32Array(capacity);
    this.attachCounters = new Int32Array(capacity);
    this.counted = new Uint8Array(capacity);
    this.word = new Uint8Array(capacity);
    this.addressOnly = new Uint8Array(capacity);
    this.live = new Uint8Array(capacity);
  }

  /** Slots handed out at least once: every live slot is below this. */
  get size(): number {
    return this.highWater;
  }

  /** Length of the attachment counter pool in use. */
  get counterSize(): number {
    return this.counterTop;
  }

  /** A fresh entry with both reference counters and all its attachment counters at 0. */
  allocate(hostStart: number, hostEnd: number, devBase: number, block: number, pointerSlots: number): number {
    let slot: number;
    if (this.freeCount > 0) slot = this.freeSlots[--this.freeCount]!;
    else {
      slot = this.highWater++;
      if (slot >= this.hostStart.length) this.grow(slot + 1);
    }
    this.hostStart[slot] = hostStart;
    this.hostEnd[slot] = hostEnd;
    this.devBase[slot] = devBase;
    this.block[slot] = block;
    this.src[slot] = 0;
    this.drc[slot] = 0;
    this.acBase[slot] = this.allocateCounters(pointerSlots);
    this.acLen[slot] = pointerSlots;
    this.counted[slot] = 0;
    this.word[slot] = 0;
    this.addressOnly[slot] = 0;
    this.live[slot] = 1;
    return slot;
  }

  release(slot: number): void {
    this.live[slot] = 0;
    const len = this.acLen[slot]!;
    if (len > 0) {
      let runs = this.freeCounterRuns.get(len);
      if (!runs) this.freeCounterRuns.set(len, (runs = []));
      runs.push(this.acBase[slot]!);
      this.acLen[slot] = 0;
    }
    this.freeSlots[this.freeCount++] = slot;
  }

  /** Pool index of the attachment counter of the member at host address `member` in `slot`. */
  counterIndex(slot: number, member: number, memberBytes: number): number {
    const i = (member - this.hostStart[slot]!) / memberBytes;
    if (!(i >= 0 && i < this.acLen[slot]! && Number.isInteger(i)))
      throw new Error(`internal: host address 0x${member.toString(16)} is no pointer member slot of its entry`);
    return this.acBase[slot]! + i;
  }

  private allocateCounters(n: number): number {
    if (n === 0) return 0;
    const base = this.freeCounterRuns.get(n)?.pop() ?? this.bumpCounters(n);
    this.attachCounters.fill(0, base, base + n);
    return base;
  }

  private bumpCounters(n: number): number {
    const base = this.counterTop;
    this.counterTop += n;
    if (this.counterTop > this.attachCounters.length) this.attachCounters = grown(this.attachCounters, this.counterTop);
    return base;
  }

  private grow(min: number): void {
    this.hostStart = grown(this.hostStart, min);
    this.hostEnd = grown(this.hostEnd, min);
    this.devBase = grown(this.devBase, min);
    this.block = grown(this.block, min);
    this.src = grown(this.src, min);
    this.drc = grown(this.drc, min);
    this.acBase = grown(this.acBase, min);
    this.acLen = grown(this.acLen, min);
    this.counted = grown(this.counted, min);
    this.word = grown(this.word, min);
    this.addressOnly = grown(this.addressOnly, min);
    this.live = grown(this.live, min);
    this.freeSlots = grown(this.freeSlots, min);
  }
}
