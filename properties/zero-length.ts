// Zero-length array sections in the generators (issue 9 item 5): `a(3:2)`, C `a[2:0]`
// (model/zero-length.ts). One program in eight (both APIs, drawn after everything else) rewrites array
// references of data clauses, map items, motion clauses, the update directive and the lookup routines
// (acc_is_present, acc_deviceptr) into zero-length sections at the start, one past the end or inside
// the section they named, and carries the zero-length idiom: a section mapped, a zero-length section
// inside it counted, one one past its end found absent, both references given back through
// zero-length sections (the last one ends the mapping). Compute constructs keep their clauses (a zero-length clause naming a kernel's
// array would leave the kernel's data unmapped and the program undefined). Witnesses z1-z4 below.

import fc from 'fast-check';
import type { Program, Step, VarRef, World } from '../lang/program.js';
import { ELEMENT_BYTES, hostLayout, isZeroLength, parseRef, type Clause } from '../lang/program.js';
import type { Snapshot } from '../lang/observation.js';
import { isRegionEnd, regionEndOf } from '../lang/ops.js';
import { HostView, type WitnessTrace } from './witness.js';

/**
 * Whether a program's array references become zero-length sections (one program in eight), the
 * picks for its references (0 keeps one; 1: at the section's start, 2: one past its end, 3:
 * inside), and where the idiom goes (per cent of the program).
 */
export interface ZeroLengthChoice {
  use: boolean;
  picks: number[];
  at: number;
}

/** Drawn after everything else; shrinks towards no rewrite and towards keeping every reference. */
export function zeroLengthArb(): fc.Arbitrary<ZeroLengthChoice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 7 }), fc.array(fc.nat(3), { maxLength: 6 }), fc.integer({ min: 0, max: 99 }))
    .map(([n, picks, at]) => ({ use: n === 7, picks, at }));
}

/**
 * The zero-length section pick `p` makes of array reference `v` (a rank-1 array of the world) or of
 * a pointer member of a single struct (`c%p`, `c%p(2:3)`: a zero-length member section,
 * model/zero-length-members.ts), or `v`. A member counts from 1 to the length of its initial target
 * (8 when it has none): one past its end is past the end of any other target.
 */
export function zeroLengthOf(world: World, v: VarRef, p: number): VarRef {
  const mm = /^([A-Za-z][A-Za-z0-9_]*)%([A-Za-z][A-Za-z0-9_]*)(?:\((\d+):(\d+)\))?$/.exec(v);
  if (mm) {
    const st = world.structs.find((x) => x.name === mm[1]);
    if (!st || st.count !== undefined || !st.pointers.includes(mm[2]!) || p === 0) return v;
    const init = st.init?.[mm[2]!];
    const target = typeof init === 'string' ? world.arrays.find((a) => a.name === init) : undefined;
    const lo = mm[3] === undefined ? 1 : Number(mm[3]);
    const hi = mm[4] === undefined ? (target?.length ?? 8) : Number(mm[4]);
    const k = p === 1 ? lo : p === 2 ? hi + 1 : Math.floor((lo + hi + 1) / 2);
    return `${mm[1]}%${mm[2]}(${k}:${k - 1})`;
  }
  const m = /^([A-Za-z][A-Za-z0-9_]*)(?:\((\d+):(\d+)\))?$/.exec(v);
  const arr = m ? world.arrays.find((a) => a.name === m[1]) : undefined;
  if (!m || !arr || arr.shape !== undefined || p === 0) return v;
  const lo = m[2] === undefined ? 1 : Number(m[2]);
  const hi = m[3] === undefined ? arr.length : Number(m[3]);
  const k = p === 1 ? lo : p === 2 ? hi + 1 : Math.floor((lo + hi + 1) / 2);
  return `${arr.name}(${k}:${k - 1})`;
}

/** The steps whose array references the rewrite touches: data directives, update, motion, lookups. */
const REWRITTEN = new Set<Step['op']>([
  'acc_enter_data',
  'acc_exit_data',
  'acc_data_begin',
  'acc_update',
  'acc_is_present',
  'acc_deviceptr',
  'omp_target_enter_data',
  'omp_target_exit_data',
  'omp_target_data_begin',
  'omp_target_update',
]);

/**
 * The member idiom on struct c whose pointer p targets a (both APIs), after the array idiom: a
 * zero-length section inside the pointer's mapped target attaches p there (OpenACC: one more
 * attachment, given back by the delete; OpenMP: the struct's new storage gets the attached
 * pointer, which a kernel reads), then one whose target is gone finds nothing (OpenACC K-A2 /
 * K-A50; OpenMP K-B44: the kernel reads the host address, or null).
 */
function zeroLengthMemberIdiom(openmp: boolean): Step[] {
  if (openmp)
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(3:2)'] }] },
      { op: 'omp_target', maps: [], body: { pointer: 'c%p' } },
      { op: 'omp_target_exit_data', maps: [{ type: 'delete', vars: ['a', 'c'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['c', 'c%p(1:0)'] }] },
      { op: 'omp_target', maps: [], body: { pointer: 'c%p' } },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c', 'c%p'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p(3:2)'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p(3:2)'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['c%p'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['c%p(1:0)'] }] },
  ];
}

/** Whether the world has struct c (single) whose pointer p targets a at start: the member idiom's world. */
function hasMemberIdiomWorld(world: World): boolean {
  return world.structs.some((st) => st.name === 'c' && st.count === undefined && st.pointers.includes('p') && st.init?.p === 'a');
}

/** The idiom on array A (both APIs): see the file comment. */
function zeroLengthIdiom(openmp: boolean): Step[] {
  if (openmp)
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a(2:5)'] }] },
      { op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['a(3:2)'] }] },
      { op: 'omp_target_update', motions: [{ type: 'from', vars: ['a(6:5)'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['a(4:3)'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'from', vars: ['a(5:4)'] }] },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(2:5)'] }] },
    { op: 'acc_enter_data', clauses: [{ clause: 'create', vars: ['a(3:2)'] }] },
    { op: 'acc_is_present', var: 'a(6:5)' },
    { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a(4:3)'] }] },
    { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(5:4)'] }] },
  ];
}

/** Regions whose lists GCC checks against later data clauses (a use_device list item may not be mapped inside). */
const DEVICE_ADDRESS_REGIONS = new Set<Step['op']>(['acc_host_data_begin', 'omp_target_data_use_device_begin']);

/**
 * `steps` with `idiom` inserted at per cent `at` (after the program-scope declarations, outside every
 * host_data / use_device region), and as many steps that open or close no region dropped from the end.
 */
export function withZeroLengthIdiom(steps: readonly Step[], idiom: Step[], at: number): Step[] {
  let lead = 0;
  while (lead < steps.length && (steps[lead]!.op === 'acc_declare' || steps[lead]!.op === 'omp_declare_target')) lead++;
  // Positions lead..steps.length where no host_data / use_device region is open.
  const open: Step['op'][] = [];
  const free: number[] = [];
  for (let i = 0; i <= steps.length; i++) {
    if (i >= lead && !open.some((op) => DEVICE_ADDRESS_REGIONS.has(op))) free.push(i);
    if (i === steps.length) break;
    const op = steps[i]!.op;
    if (regionEndOf(op) !== null) open.push(op);
    else if (isRegionEnd(op)) open.pop();
  }
  if (free.length === 0) return [...steps];
  const out = [...steps];
  out.splice(free[Math.floor((at / 100) * free.length)]!, 0, ...idiom);
  for (let dropped = 0, i = out.length - 1; dropped < idiom.length && i >= 0; i--)
    if (!isRegionEnd(out[i]!.op) && regionEndOf(out[i]!.op) === null) {
      out.splice(i, 1);
      dropped++;
    }
  return out;
}

/**
 * The program with array references and pointer members of single structs rewritten by the picks
 * in turn (cycling) in the steps of REWRITTEN (never attach / detach clauses, struct members,
 * elements of arrays of structs or rank-2 arrays), and the idiom put in (with the member idiom
 * where the world has c%p => a).
 */
export function withZeroLength(program: Program, choice: ZeroLengthChoice): Program {
  if (!choice.use || !program.world.arrays.some((a) => a.name === 'a' && a.shape === undefined && a.length >= 6)) return program;
  let k = 0;
  const next = () => (choice.picks.length === 0 ? 0 : choice.picks[k++ % choice.picks.length]!);
  const pick = (v: VarRef) => zeroLengthOf(program.world, v, next());
  const items = <C extends { vars: VarRef[] }>(list: readonly C[]): C[] => list.map((c) => ({ ...c, vars: c.vars.map(pick) }));
  const rewrite = (s: Step): Step => {
    // acc_is_present with a byte count keeps its reference (zero bytes cover none of them).
    if (!REWRITTEN.has(s.op) || (s.op === 'acc_is_present' && s.bytes !== undefined)) return s;
    if ('clauses' in s) {
      const clauses = s.clauses as Clause<string>[];
      return { ...s, clauses: clauses.map((c) => (c.clause === 'attach' || c.clause === 'detach' ? c : { ...c, vars: c.vars.map(pick) })) } as Step;
    }
    if ('maps' in s) return { ...s, maps: items(s.maps) } as Step;
    if ('motions' in s) return { ...s, motions: items(s.motions) } as Step;
    if ('var' in s && typeof s.var === 'string') return { ...s, var: pick(s.var) } as Step;
    return s;
  };
  const openmp = program.steps.some((st) => st.op.startsWith('omp_'));
  const idiom = [...zeroLengthIdiom(openmp), ...(hasMemberIdiomWorld(program.world) ? zeroLengthMemberIdiom(openmp) : [])];
  return { ...program, steps: withZeroLengthIdiom(program.steps.map(rewrite), idiom, choice.at) };
}

// ------------------------------------------------------------------------------------------------
// Witnesses

export const ZERO_LENGTH_WITNESSES = {
  z1: 'a zero-length section inside present data takes or gives back a reference: the counter of the section or entry holding its address moves',
  z2: 'a zero-length section of absent data maps nothing: no section or entry holds its address after the step',
  z3: 'a zero-length section one past the end of a present section or entry is not found there: that section or entry keeps its counters',
  z4: 'a zero-length section gives back the last reference: the section or entry holding its address goes',
  zm1: 'a zero-length member section (c%p(3:2)) whose address lies in present data: after the step its pointer\'s device copy aims into device storage',
  zm2: 'a zero-length member section whose address lies in no present data: nothing holds its address after the step and its pointer\'s device copy holds no device address (not attached; null under K-B44 null)',
} as const;

export type ZeroLengthWitnessId = keyof typeof ZERO_LENGTH_WITNESSES;
export const ZERO_LENGTH_WITNESS_IDS = Object.keys(ZERO_LENGTH_WITNESSES) as ZeroLengthWitnessId[];

/** Host start, end and counters (SRC/DRC, or RC) of every section and OpenMP entry of a snapshot. */
function holders(s: Snapshot): { host: [number, number]; counts: string }[] {
  return [
    ...s.sections.map((x) => ({ host: x.host, counts: `acc ${x.src}/${x.drc}` })),
    ...s.ompEntries.map((e) => ({ host: e.host, counts: `omp ${e.device}:${e.rc}` })),
  ];
}

/** The zero-length sections a step names (clauses, map items, motions, `var`). */
function zeroLengthVars(world: World, step: Step): VarRef[] {
  const out: VarRef[] = [];
  const s = step as unknown as Record<string, unknown>;
  for (const key of ['clauses', 'maps', 'motions'])
    if (Array.isArray(s[key])) for (const c of s[key] as { vars: VarRef[] }[]) out.push(...c.vars);
  if (typeof s.var === 'string') out.push(s.var);
  return out.filter((v) => {
    try {
      return isZeroLength(parseRef(world, v));
    } catch {
      return false;
    }
  });
}

/** Zero-length witness ids each step reaches, in step order (hits[i] for step i). */
export function detectZeroLengthWitnesses(program: Program, trace: WitnessTrace): Set<ZeroLengthWitnessId>[] {
  const world = program.world;
  const starts = new Map(hostLayout(world).map((o) => [o.name, o.start]));
  const host = new HostView(world);
  return program.steps.map((step, i) => {
    const found = new Set<ZeroLengthWitnessId>();
    const obs = trace.observations[i]!;
    if (obs.kind === 'error' || obs.kind === 'undefined' || obs.kind === 'halted' || obs.kind === 'unavailable') {
      host.apply(step);
      return found;
    }
    const before = holders(trace.before[i]!);
    const after = holders(trace.after[i]!);
    for (const v of zeroLengthVars(world, step)) {
      const parsed = parseRef(world, v);
      if (parsed.kind === 'member') {
        memberWitnesses(host, v, trace, i, found);
        continue;
      }
      const r = parsed as Extract<ReturnType<typeof parseRef>, { kind: 'array' }>;
      const addr = starts.get(r.name)! + r.lo * ELEMENT_BYTES;
      const holding = (list: typeof before) => list.filter((h) => h.host[0] <= addr && addr < h.host[1]);
      const was = holding(before);
      const now = holding(after);
      for (const h of was) {
        const same = now.find((n) => n.host[0] === h.host[0] && n.host[1] === h.host[1]);
        if (same === undefined) found.add('z4');
        else if (same.counts !== h.counts) found.add('z1');
      }
      if (was.length === 0 && now.length === 0) {
        found.add('z2');
        const ending = before.filter((h) => h.host[1] === addr);
        if (ending.length > 0 && ending.every((h) => after.some((n) => n.host[0] === h.host[0] && n.host[1] === h.host[1] && n.counts === h.counts))) found.add('z3');
      }
    }
    host.apply(step);
    return found;
  });
}

/**
 * zm1 / zm2 for zero-length member section `v` named by step i: its address is where the host
 * pointer points before the step (`host`) plus its offset; the pointer's device copy is the OpenACC
 * attachment or the OpenMP corresponding pointers of the pointer member's address.
 */
function memberWitnesses(host: HostView, v: VarRef, trace: WitnessTrace, i: number, found: Set<ZeroLengthWitnessId>): void {
  const range = host.range(v);
  if (range === null) return;
  const addr = range[0];
  const ptr = host.memberAddress(v.replace(/\(\d+:\d+\)$/, ''));
  const before = holders(trace.before[i]!);
  const after = trace.after[i]!;
  const holds = (list: ReturnType<typeof holders>) => list.some((h) => h.host[0] <= addr && addr < h.host[1]);
  const devices = [...after.attachments.filter((a) => a.ptr === ptr).map((a) => a.device), ...after.ompPointers.filter((p) => p.ptr === ptr).map((p) => p.value)];
  if (devices.length === 0) return;
  if (holds(before) && devices.some((d) => d !== null && d.space === 'dev')) found.add('zm1');
  if (!holds(before) && !holds(holders(after)) && devices.every((d) => d === null || d.space !== 'dev')) found.add('zm2');
}
