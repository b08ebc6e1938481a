// impl unit tests of impl/changes.ts, the impl's IncrementalSnapshot (lang/engine.ts): after every
// step of every conformance row program, each entry whose snapshot rows changed is among the
// touched ones and its group is the snapshot's rows; and touched() is as narrow as changes.ts says
// (a step that reaches no slot, counter or device block touches nothing). The oracle is the impl's
// own whole snapshot, which changes.ts does not take part in.

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { SectionGroup } from '../lang/engine.js';
import type { Program, Step, World } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { SECTIONS } from '../conformance/index.js';
import { rowProgram } from '../conformance/rows.js';
import { ACC_WORLD } from '../conformance/worlds.js';
import { ImplEngine } from './runtime.js';

const spec = loadProfile('spec');

/** The groups of the engine's whole snapshot, by host start. */
function groups(e: ImplEngine): Map<number, SectionGroup> {
  const snap = e.snapshot();
  const out = new Map<number, SectionGroup>();
  for (const section of snap.sections) {
    const [start, end] = section.host;
    out.set(start, { section, attachments: snap.attachments.filter((a) => start <= a.ptr && a.ptr < end) });
  }
  return out;
}

/** Runs a program step by step; after each step checks touched() and group() against the snapshot. Returns the touched lists. */
function check(p: Program): number[][] {
  const e = new ImplEngine(p, spec);
  const inc = e.incremental();
  const all: number[][] = [];
  let before = new Map<number, SectionGroup>();
  for (const step of p.steps) {
    const o = e.apply(step);
    const after = groups(e);
    const list = inc.touched();
    all.push(list);
    expect([...list].sort((x, y) => x - y), 'ascending').toEqual(list);
    expect(new Set(list).size, 'no start twice').toBe(list.length);
    const touched = new Set(list);
    for (const start of new Set([...before.keys(), ...after.keys()])) {
      if (!isDeepStrictEqual(before.get(start), after.get(start))) expect(touched.has(start), `entry at 0x${start.toString(16)} after ${step.op}`).toBe(true);
      expect(inc.group(start), `group at 0x${start.toString(16)} after ${step.op}`).toEqual(after.get(start));
    }
    const snap = e.snapshot();
    expect(inc.omp()).toEqual({ ompEntries: snap.ompEntries, ompPointers: snap.ompPointers });
    before = after;
    if (o.kind === 'error' || o.kind === 'undefined' || o.kind === 'unavailable') break;
  }
  return all;
}

describe('incremental snapshot of the impl', () => {
  it('after every step of every OpenACC conformance row program, every changed entry is touched and its group is the snapshot rows', () => {
    let programs = 0;
    // OpenACC rows: the OpenMP part is compared whole (omp()), once below
    for (const { section } of SECTIONS.filter((s) => s.section.spec !== 'OpenMP 6.0'))
      for (const row of section.rows) {
        check(rowProgram(section, row));
        programs++;
      }
    expect(programs).toBeGreaterThan(150);
  });

  it('gives the OpenMP part whole', () => {
    const omp = SECTIONS.find((s) => s.file.startsWith('omp/15.9'))!.section;
    for (const row of omp.rows) check(rowProgram(omp, row));
  });

  const copyin = (vars: string[]): Step => ({ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars }] });

  it('touches only what a step reached: nothing for host steps on unmapped data or a second call', () => {
    const p: Program = {
      world: ACC_WORLD,
      steps: [copyin(['a']), { op: 'host_read', var: 'b' }, { op: 'host_write', var: 'b', value: 5 }, copyin(['b']), { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] }],
    };
    const A = 0x1000;
    const B = 0x1200;
    expect(check(p)).toEqual([[A], [], [], [B], [A]]);
    const e = new ImplEngine(p, spec);
    const inc = e.incremental();
    e.apply(p.steps[0]!);
    expect(inc.touched()).toEqual([A]);
    expect(inc.touched()).toEqual([]);
    expect(inc.group(B)).toBeUndefined();
  });

  it('a kernel writing an entry\'s device block touches that entry only', () => {
    const p: Program = {
      world: ACC_WORLD,
      steps: [copyin(['a', 'b']), { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['b'] }], body: { write: 'b', value: 9 } }],
    };
    expect(check(p)).toEqual([[0x1000, 0x1200], [0x1200]]);
  });

  it('many entries (more than one run of 256 slots): a change past the first run is found, and only it', () => {
    const n = 600;
    const world: World = { arrays: Array.from({ length: n }, (_, i) => ({ name: `x${i}`, length: 2, init: i })), structs: [] };
    const names = world.arrays.map((a) => a.name);
    const e = new ImplEngine({ world, steps: [] }, spec);
    const inc = e.incremental();
    e.apply(copyin(names.slice(0, 520)));
    const first = inc.touched();
    expect(first).toHaveLength(520);
    const starts = new Map(e.snapshot().sections.map((s) => [s.host[0], s]));
    expect(first).toEqual([...starts.keys()].sort((x, y) => x - y));
    // x300 and x515 get a second reference each: their structured or dynamic counters change.
    e.apply(copyin(['x300', 'x515']));
    const x300 = e.snapshot().sections.find((s) => s.drc === 2 && s.host[0] === first[300]);
    expect(x300).toBeDefined();
    expect(inc.touched()).toEqual([first[300], first[515]]);
    // new entries past the copied slots
    e.apply(copyin(['x599']));
    const last = inc.touched();
    expect(last).toHaveLength(1);
    expect(inc.group(last[0]!)?.section.host[0]).toBe(last[0]);
    e.apply({ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['x0', 'x599'] }] });
    expect(inc.touched()).toEqual([first[0], last[0]]);
    expect(inc.group(first[0]!)).toBeUndefined();
  });

  it('a change is found whatever the copy holds elsewhere (a run is compared with its own copy)', () => {
    // slot 60 gets a second reference at one call, slot 300 at the next: the run of slots 256–511
    // then differs from its copy only at 300, while the copy's slots 16–271 hold the same values
    const n = 520;
    const world: World = { arrays: Array.from({ length: n }, (_, i) => ({ name: `x${i}`, length: 1 })), structs: [] };
    const e = new ImplEngine({ world, steps: [] }, spec);
    const inc = e.incremental();
    e.apply(copyin(world.arrays.map((a) => a.name)));
    const first = inc.touched();
    e.apply(copyin(['x60']));
    expect(inc.touched()).toEqual([first[60]]);
    e.apply(copyin(['x300']));
    expect(inc.touched()).toEqual([first[300]]);
  });

  it('over several steps: a slot reused at another entry\'s old start, and a dropped slot reused', () => {
    const A = 0x1000;
    const B = 0x1200;
    const C = 0x1400;
    const world: World = { arrays: [{ name: 'a', length: 2 }, { name: 'b', length: 2 }, { name: 'c', length: 2 }], structs: [] };
    const e = new ImplEngine({ world, steps: [] }, spec);
    const inc = e.incremental();
    const del = (v: string): Step => ({ op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: [v] }] });
    for (const s of [copyin(['b']), copyin(['a'])]) e.apply(s); // b in slot 0, a in slot 1
    expect(inc.touched()).toEqual([A, B]);
    e.apply(del('b'));
    expect(inc.touched()).toEqual([B]);
    // a leaves slot 1, c takes it, a comes back in slot 0 (b's old slot): one call for all three
    for (const s of [del('a'), copyin(['c']), copyin(['a'])]) e.apply(s);
    expect(inc.touched()).toEqual([A, C]);
    const now = groups(e);
    for (const start of [A, B, C]) expect(inc.group(start), `0x${start.toString(16)}`).toEqual(now.get(start));
  });

  it('attachment counters of every member of a struct array, also when only a counter moves', () => {
    const p: Program = {
      world: { arrays: [{ name: 'a', length: 2 }], structs: [{ name: 'cs', pointers: ['p'], count: 3 }] },
      steps: [
        { op: 'pointer_assign', ptr: 'cs(2)%p', target: 'a' },
        copyin(['a']),
        copyin(['cs(1)']),
        copyin(['cs(2)']),
        { op: 'acc_attach', ptr: 'cs(2)%p' },
        { op: 'acc_attach', ptr: 'cs(2)%p' },
        copyin(['cs(1)']),
        { op: 'acc_detach', ptr: 'cs(2)%p' },
        { op: 'acc_detach', ptr: 'cs(2)%p' },
        copyin(['cs(2:3)']),
      ],
    };
    const CS2 = 0x1210; // cs at 0x1200 (a: 8 bytes at 0x1000, then a gap of at least 0x100), 16 bytes an element
    const touched = check(p);
    expect(touched[7]).toEqual([CS2]);
    const q: Program = { ...p, steps: [p.steps[0]!, p.steps[1]!, copyin(['cs']), { op: 'acc_attach', ptr: 'cs(2)%p' }, { op: 'acc_attach', ptr: 'cs(2)%p' }, { op: 'acc_detach', ptr: 'cs(2)%p' }] };
    expect(check(q)[5]).toEqual([0x1200]);
  });
});
