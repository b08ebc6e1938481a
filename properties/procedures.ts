// Procedure-scope declare in generated programs (issue 9 item 3; lang/README.md "Procedure-scope
// declare", K-A56): drawn after everything else, so a seed draws the same steps as before it
// existed. One OpenACC program in five gets a procedure call at a drawn place: optionally data made
// present first (enter data copyin, or an enclosing data region), the call with a declare of the
// world's whole arrays `a` (and sometimes `b`), up to two steps of the body that end or use the
// data (exit data, acc_copyout / acc_delete, a kernel, a host access), the return, and a step that
// looks at what the return left (acc_is_present, a host read, a kernel). The state that matters is
// the declare meeting data already present, where the readings of K-A56 part (witnesses p1-p3).

import fc from 'fast-check';
import type { AccProcedureClauseName, Program, Step } from '../lang/program.js';
import { isRegionEnd, regionEndOf } from '../lang/ops.js';

export interface ProcedureChoice {
  use: boolean;
  /** What makes `a` present before the call: nothing, enter data copyin, or an enclosing data region. */
  before: 'none' | 'enter' | 'region';
  clause: AccProcedureClauseName;
  /** A second declared array `b` and its clause, or null. */
  second: AccProcedureClauseName | null;
  body: Step[];
  after: Step;
  /** Per cent of the program where the call goes. */
  at: number;
}

const CLAUSES: readonly AccProcedureClauseName[] = ['copy', 'copyin', 'copyout', 'create', 'present'];

/** A step of the procedure's body: an end of `a`'s data lifetime, or a use of it. */
const bodyStep: fc.Arbitrary<Step> = fc.constantFrom<Step>(
  { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a'] }] },
  { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a'] }], finalize: true },
  { op: 'acc_delete', var: 'a' },
  { op: 'acc_copyout', var: 'a' },
  { op: 'acc_parallel', clauses: [], body: { write: 'a', value: 7 } },
  { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'a' } },
  { op: 'acc_is_present', var: 'a' },
  { op: 'host_write', var: 'a', value: 5 },
);

/** What the return left: presence, the host values, the device values. */
const afterStep: fc.Arbitrary<Step> = fc.constantFrom<Step>(
  { op: 'acc_is_present', var: 'a' },
  { op: 'host_read', var: 'a' },
  { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { read: 'a' } },
);

/** Drawn after everything else; shrinks towards no procedure. */
export function procedureArb(): fc.Arbitrary<ProcedureChoice> {
  return fc
    .record({
      n: fc.integer({ min: 0, max: 4 }),
      before: fc.constantFrom<ProcedureChoice['before']>('enter', 'none', 'region'),
      clause: fc.constantFrom(...CLAUSES),
      second: fc.option(fc.constantFrom(...CLAUSES), { freq: 3 }),
      body: fc.array(bodyStep, { maxLength: 2 }),
      after: afterStep,
      at: fc.integer({ min: 0, max: 99 }),
    })
    .map(({ n, ...rest }) => ({ use: n === 4, ...rest }));
}

/** The steps of the drawn call (see the file comment). */
export function procedureSteps(choice: ProcedureChoice): Step[] {
  const clauses = [{ clause: choice.clause, vars: ['a'] }, ...(choice.second === null ? [] : [{ clause: choice.second, vars: ['b'] }])];
  const call: Step[] = [{ op: 'acc_procedure_begin', clauses }, ...choice.body, { op: 'acc_procedure_end' }];
  if (choice.before === 'enter') return [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] }, ...call, choice.after];
  if (choice.before === 'region') return [{ op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['a'] }] }, ...call, choice.after, { op: 'acc_data_end' }];
  return [...call, choice.after];
}

/** The OpenACC program with the drawn call in it; OpenMP programs and worlds without `a` and `b` stay as drawn. */
export function withProcedure(program: Program, choice: ProcedureChoice): Program {
  const arrays = program.world.arrays.map((x) => x.name);
  // Programs that reassociate a pointer stay as drawn too (as withFields and withAllocatables
  // leave them): their re-attach cases (K-A4) are what the fixed-seed campaigns of cli/ count.
  if (!choice.use || !arrays.includes('a') || !arrays.includes('b') || program.steps.some((s) => s.op.startsWith('omp_') || s.op === 'pointer_assign')) return program;
  return { ...program, steps: withCall(program.steps, procedureSteps(choice), choice.at) };
}

/**
 * `steps` with `call` at `at` per cent (after the program-scope declarations; before a host_data
 * region that place would fall in), and as many steps
 * dropped as it adds, so the length stays: the last steps that open or close no region and
 * declare nothing, after the call first and then before it (a handle a dropped step defines is
 * used only by later steps, dropped first), never the call's own. Without that many such steps the
 * program stays as it is.
 */
export function withCall(steps: readonly Step[], call: readonly Step[], at: number): Step[] {
  let lead = 0;
  while (lead < steps.length && (steps[lead]!.op === 'acc_declare' || steps[lead]!.op === 'omp_declare_target')) lead++;
  const drawnPos = lead + Math.floor((at / 100) * (steps.length - lead + 1));
  // not inside a host_data region: GCC rejects a data clause naming a variable of an enclosing
  // host_data's use_device ("variable 'v1' declared in enclosing 'host_data' region"), and the
  // call declares whole arrays; it goes before the outermost open region instead
  const open: number[] = [];
  for (const [i, s] of steps.slice(0, drawnPos).entries()) {
    if (s.op === 'acc_host_data_begin') open.push(i);
    if (s.op === 'acc_host_data_end') open.pop();
  }
  const pos = open[0] ?? drawnPos;
  const droppable = (s: Step) => !isRegionEnd(s.op) && regionEndOf(s.op) === null && s.op !== 'acc_declare' && s.op !== 'omp_declare_target';
  // a program without room for the call (mostly region begins and ends) stays as drawn
  if (steps.filter(droppable).length < call.length) return [...steps];
  const head = steps.slice(0, pos);
  const tail = steps.slice(pos);
  let left = call.length;
  for (const part of [tail, head])
    for (let i = part.length - 1; i >= 0 && left > 0; i--)
      if (droppable(part[i]!)) {
        part.splice(i, 1);
        left--;
      }
  return [...head, ...call, ...tail];
}
