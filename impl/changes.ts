// Which present-table entries of the impl a step may have changed, found on the data structures
// themselves, so that no step has to say what it changed (lang/engine.ts IncrementalSnapshot).
//
// An entry's snapshot rows depend on its slot's fields (liveness, host range, block, counters,
// device base), on its attachment counters in the shared pool, and on the words of its device
// block. The slot arrays and the counter pool are compared with a copy taken at the last call
// (a native byte comparison per run of 256 elements, element by element only inside a run that
// differs); device blocks count as changed when a step reached their storage (DeviceMemory.reached).

import type { IncrementalSnapshot, SectionGroup } from '../lang/engine.js';
import type { Snapshot } from '../lang/observation.js';
import type { DeviceMemory } from './memory.js';
import type { SectionSlots } from './slots.js';

type Numbers = Float64Array | Int32Array | Uint8Array;

const RUN = 256;

/**
 * Calls `f(i)` for every i < n where `now[i]` differs from `copy[i]`; the copy holds `valid`
 * elements, and every i from there on differs.
 */
function differing(now: Numbers, copy: Numbers, valid: number, n: number, f: (i: number) => void): void {
  const shared = Math.min(n, valid);
  const bytes = now.BYTES_PER_ELEMENT;
  for (let from = 0; from < shared; from += RUN) {
    const to = Math.min(shared, from + RUN);
    const a = Buffer.from(now.buffer, now.byteOffset + from * bytes, (to - from) * bytes);
    const b = Buffer.from(copy.buffer, copy.byteOffset + from * bytes, (to - from) * bytes);
    if (a.equals(b)) continue;
    for (let i = from; i < to; i++) if (now[i] !== copy[i]) f(i);
  }
  for (let i = shared; i < n; i++) f(i);
}

/** `a` with room for at least n elements (its contents kept). */
function room<T extends Numbers>(a: T, n: number): T {
  if (a.length >= n) return a;
  // Stryker disable next-line ArithmeticOperator: capacity only: the new length is still at least n
  const b = new (a.constructor as new (n: number) => T)(Math.max(n, 2 * a.length, 8));
  b.set(a);
  return b;
}

const FIELDS = ['live', 'hostStart', 'hostEnd', 'block', 'src', 'drc', 'devBase', 'acBase', 'acLen'] as const;
type Field = (typeof FIELDS)[number];

export class ImplChanges implements IncrementalSnapshot {
  /** The slot arrays as they were at the last call, for the first `copied` slots. */
  private readonly copy: { [F in Field]: SectionSlots[F] };
  private copied = 0;
  private counters = new Int32Array(8);
  private countersCopied = 0;
  /** Host start of each live slot at the last call (-1 or missing: not live). */
  // Stryker disable next-line ArrayDeclaration: written for each slot before it is read
  private readonly startOf: number[] = [];
  /** The live slot at each host start. */
  private readonly slotAt = new Map<number, number>();
  /** The live slots holding each device block. */
  private readonly slotsOf = new Map<number, Set<number>>();
  /** The slot owning each counter of the pool. */
  // Stryker disable next-line ArrayDeclaration: written for every counter of a live slot before it is read
  private readonly owner: number[] = [];

  constructor(
    private readonly slots: SectionSlots,
    private readonly device: DeviceMemory,
    private readonly groupOf: (slot: number) => SectionGroup,
    private readonly ompRows: () => Pick<Snapshot, 'ompEntries' | 'ompPointers'>,
  ) {
    this.copy = {
      live: new Uint8Array(8),
      hostStart: new Float64Array(8),
      hostEnd: new Float64Array(8),
      block: new Int32Array(8),
      src: new Int32Array(8),
      drc: new Int32Array(8),
      devBase: new Float64Array(8),
      acBase: new Int32Array(8),
      acLen: new Int32Array(8),
    };
    device.reached = new Set();
  }

  touched(): number[] {
    const s = this.slots;
    const c = this.copy;
    const n = s.size;
    const changed = new Set<number>();
    const mark = (slot: number) => void changed.add(slot);
    for (const f of FIELDS) differing(s[f], c[f], this.copied, n, mark);
    const counters = s.counterSize;
    this.counters = room(this.counters, counters);
    differing(s.attachCounters, this.counters, this.countersCopied, counters, (i) => {
      this.counters[i] = s.attachCounters[i]!;
      const slot = this.owner[i];
      if (slot !== undefined) changed.add(slot);
    });
    this.countersCopied = counters;
    // Stryker disable next-line ArrayDeclaration: a string slot in the changed set is skipped (no start, not live): touched() may only grow
    for (const block of this.device.reached!) for (const slot of this.slotsOf.get(block) ?? []) changed.add(slot);
    this.device.reached!.clear();

    for (const f of FIELDS) (c as Record<Field, Numbers>)[f] = room(c[f], n);
    const starts = new Set<number>();
    for (const slot of changed) {
      // what the slot held at the last call goes …
      const before = this.startOf[slot] ?? -1;
      if (before >= 0) {
        starts.add(before);
        if (this.slotAt.get(before) === slot) this.slotAt.delete(before);
        this.startOf[slot] = -1;
        // Stryker disable next-line OptionalChaining: a slot with a start has been added to slotsOf under its block (MUTATION.md)
        this.slotsOf.get(c.block[slot]!)?.delete(slot);
      }
      for (const f of FIELDS) c[f][slot] = s[f][slot]!;
      // … and what it holds now comes
      if (s.live[slot] !== 1) continue;
      const start = s.hostStart[slot]!;
      starts.add(start);
      this.slotAt.set(start, slot);
      this.startOf[slot] = start;
      const block = s.block[slot]!;
      let holders = this.slotsOf.get(block);
      if (!holders) this.slotsOf.set(block, (holders = new Set()));
      holders.add(slot);
      for (let i = 0; i < s.acLen[slot]!; i++) this.owner[s.acBase[slot]! + i] = slot;
    }
    this.copied = n;
    return [...starts].sort((x, y) => x - y);
  }

  group(start: number): SectionGroup | undefined {
    const slot = this.slotAt.get(start);
    return slot === undefined ? undefined : this.groupOf(slot);
  }

  omp(): Pick<Snapshot, 'ompEntries' | 'ompPointers'> {
    return this.ompRows();
  }
}
