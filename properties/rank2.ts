// Rank-2 arrays in generated programs (issue 9 item 6; lang/README.md "Rank-2 arrays and sections"):
// drawn after everything else, so a seed draws the same steps as before they existed, and applied
// as a rewrite of the drawn program. One program in four of those that never reassociate a pointer
// (both APIs) gets the array `r(2,4)` after the pool's arrays and has references to `b` rewritten,
// by picks in turn, into references to `r`: pick 1 the section of the same storage (`b(3:6)` is
// `r(1:2,2:3)`: whole columns), pick 2 the rows of one column `r(2:2,2:2)`, pick 0 keeps the
// reference. The rank-2 idiom goes in at a drawn place: two whole columns mapped, a kernel writing
// one of them through the section's copy, the section brought home and read (witnesses r1-r3).
// Pointer targets stay rank 1 (pointer_assign, struct initialisers), as do the whole-array items of
// declarations and use_device lists, which emit writes as `v(1)`.

import fc from 'fast-check';
import type { ArrayDecl, KernelBody, Program, Step, VarRef, World } from '../lang/program.js';
import { onceEach, withMemberIdiom } from './arbitraries.js';

/** The rank-2 array the rewrite adds: 2 rows, 4 columns, the pool arrays' 8 elements. */
export const RANK2_ARRAY: ArrayDecl = { name: 'r', length: 8, shape: [2, 4], init: 1 };

/** What each reference to `b` becomes under pick 1: the section holding the same storage elements. */
const SAME_STORAGE: Readonly<Record<string, VarRef>> = {
  b: 'r',
  'b(1:4)': 'r(1:2,1:2)',
  'b(5:8)': 'r(1:2,3:4)',
  'b(3:6)': 'r(1:2,2:3)',
};
/** Pick 2: the rows of one column, which overlaps both column sections `r(1:2,1:2)` and `r(1:2,2:3)`. */
const ONE_COLUMN: VarRef = 'r(2:2,2:2)';

/** Whether a program gets the rank-2 array (one in four), the picks for its references, and where its idiom goes. */
export interface Rank2Choice {
  use: boolean;
  picks: number[];
  /** Per cent of the program where the idiom goes; `read`: the kernel reads the column instead of writing it. */
  idiom?: { at: number; read: boolean };
}

/** Drawn after everything else; shrinks towards no rank-2 array and towards keeping every reference. */
export function rank2Arb(): fc.Arbitrary<Rank2Choice> {
  return fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(2), { maxLength: 6 }), fc.integer({ min: 0, max: 99 }), fc.boolean())
    .map(([n, picks, at, read]) => ({ use: n === 3, picks, idiom: { at, read } }));
}

/** Steps whose references are left alone (pointer targets, declarations, use_device items). */
const KEEP: ReadonlySet<Step['op']> = new Set<Step['op']>(['pointer_assign', 'nullify', 'acc_declare', 'omp_declare_target', 'acc_host_data_begin', 'omp_target_data_use_device_begin']);

/**
 * The rank-2 idiom: columns 2..3 onto the device, a kernel writing (or reading) column 3 through
 * that copy (an explicit clause on the column, so no implicit clause names the whole array), the
 * columns brought home by an update, and a host read of column 3.
 */
function rank2Idiom(openmp: boolean, read: boolean): Step[] {
  const columns = 'r(1:2,2:3)';
  const column = 'r(1:2,3:3)';
  const body: KernelBody = read ? { read: column } : { write: column, value: 7 };
  if (openmp)
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [columns] }] },
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: [column] }], body },
      { op: 'omp_target_update', motions: [{ type: 'from', vars: [columns] }] },
      { op: 'host_read', var: column },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [columns] }] },
    { op: 'acc_parallel', clauses: [{ clause: 'present', vars: [column] }], default: 'present', body },
    { op: 'acc_update', clauses: [{ clause: 'self', vars: [columns] }] },
    { op: 'host_read', var: column },
  ];
}

/** The program over the world with `r(2,4)` and `b`'s references rewritten by the picks (see the file comment). */
export function withRank2(program: Program, choice: Rank2Choice): Program {
  const world = program.world;
  if (!choice.use || program.steps.some((st) => st.op === 'pointer_assign') || world.arrays.some((a) => a.name === RANK2_ARRAY.name) || !world.arrays.some((a) => a.name === 'b')) return program;
  let k = 0;
  const next = () => (choice.picks.length === 0 ? 0 : choice.picks[k++ % choice.picks.length]!);
  const pick = (v: string): string => {
    const same = SAME_STORAGE[v];
    if (same === undefined) return v;
    const p = next();
    return p === 0 ? v : p === 1 ? same : ONE_COLUMN;
  };
  // data references only: a step's `var`, clause / map / motion vars and a kernel body's element
  // reference (a pointer argument `{var, offset}` of a routine counts its offset from the object)
  const vars = <C extends { vars: VarRef[] }>(list: readonly C[]): C[] => list.map((c) => ({ ...c, vars: c.vars.map(pick) }));
  const rewrite = (step: Step): Step => {
    let s = step;
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && !('pointer' in s.body)) {
      const b = s.body;
      s = { ...s, body: 'read' in b ? { ...b, read: pick(b.read) } : 'writes' in b ? { writes: b.writes.map((w) => ({ ...w, write: pick(w.write) })) } : { ...b, write: pick(b.write) } } as Step;
    }
    if ('clauses' in s) s = { ...s, clauses: vars(s.clauses as { vars: VarRef[] }[]) } as Step;
    if ('maps' in s) s = { ...s, maps: vars(s.maps) } as Step;
    if ('motions' in s) s = { ...s, motions: vars(s.motions) } as Step;
    if ('var' in s && typeof s.var === 'string') s = { ...s, var: pick(s.var) } as Step;
    return s;
  };
  let steps = program.steps.map((st) => (KEEP.has(st.op) ? st : onceEach(rewrite(st))));
  if (choice.idiom !== undefined) {
    const openmp = steps.some((st) => st.op.startsWith('omp_'));
    steps = withMemberIdiom(steps, rank2Idiom(openmp, choice.idiom.read), choice.idiom.at);
  }
  return { ...program, world: { ...world, arrays: [...world.arrays, RANK2_ARRAY] }, steps };
}

/** The world with the rank-2 array withRank2 added taken away again (what the generator drew before). */
export function withoutRank2(world: World): World {
  return world.arrays.some((a) => a.name === RANK2_ARRAY.name) ? { ...world, arrays: world.arrays.filter((a) => a.name !== RANK2_ARRAY.name) } : world;
}
