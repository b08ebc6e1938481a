// `mapcheck emit --observe`: observation programs. Where the self-checking programs of cli/emit.ts
// compare every result with one reading, these print what the runtime does, one line per step
// (toolchain/observations.ts fixes the format), and keep going past the steps the spec calls
// errors, so `mapcheck conform` can compare one run with every reading. They also print the
// addresses of their host objects (so pointer results can be named) and whether a probe kernel
// ran on a non-host device (acc_on_device / omp_is_initial_device inside a region).
//
// The code of every step is the self-checking program's (one writer per op in fortran.ts / c.ts);
// what a step prints is what its writer says it shows (`Shown` in backend.ts) in place of the
// check. The written steps: every step of the program (and the ends of regions it leaves open),
// up to the first one the spec calls undefined behaviour (nothing can be compared from there;
// with throughUndefined that step is written too, last, to measure what a runtime does there).
// Element counts come from one linear pass over the spec model (a probe is one model step on the
// state before the step), so emitting is linear in the number of steps.

import { step as modelStep, initialState } from '../../model/index.js';
import type { Observation } from '../../lang/observation.js';
import { parseRef, viewLength, type Program, type Step, type VarRef } from '../../lang/program.js';
import { formatMember, initTarget, memberRefs } from '../../lang/program.js';
import type { RegionEndOp } from '../../lang/ops.js';
import { loadProfile } from '../../profiles/index.js';
import { renderStep } from '../render.js';
import { ProcedureBodies, deviceNotes, gccProgram, remapsBounds, writeStep } from './backend.js';
import { c } from './c.js';
import { fortran } from './fortran.js';
import { EmitError, Names, commentText, openRegionsAtEnd, type Planned } from './plan.js';

/** A program emit cannot write as an observation program (bad input, like EmitError). */
export class ObserveEmitError extends EmitError {
  override name = 'ObserveEmitError';
}

export interface ObservationProgram {
  text: string;
  /** The program as written (with the ends of regions it leaves open). */
  full: Program;
  /** Step numbers (1-based) the program writes and prints a line for, in order. */
  written: number[];
}

export interface ObserveOptions {
  lang: 'fortran' | 'c';
  api?: 'openacc' | 'openmp';
  source?: string;
  /**
   * Also write the first step the spec calls undefined, as the last step (conform
   * --through-undefined): what a runtime does there is measured, though the spec predicts nothing.
   */
  throughUndefined?: boolean;
}

// ------------------------------------------------------------------------------------------------
// Plan: one pass over the spec model

export interface PlannedStep {
  number: number;
  step: Step;
  spec: Observation;
  /** Elements a kernel, host read/write or member routine touches (null: disassociated / not needed). */
  count: number | null;
}

/** The steps to write, with counts, in one linear pass (one model step per step, one per probe). */
export function observePlan(program: Program, throughUndefined = false): { full: Program; steps: PlannedStep[] } {
  const profile = loadProfile('spec');
  const full: Program = { ...program, steps: [...program.steps, ...openRegionsAtEnd(program)] };
  const world = full.world;
  // Host association of every member, for counts once the model has stopped (after an error).
  const targets = new Map<string, VarRef | null>();
  for (const s of world.structs) for (const ref of memberRefs(s)) targets.set(ref, initTarget(s, ref));
  /** Element counts of the allocatable components allocated at this point. */
  const allocated = new Map<string, number>();
  const hostCount = (ref: VarRef): number | null => {
    const r = parseRef(world, ref);
    if (r.kind === 'array') return r.hi - r.lo;
    if (r.kind === 'struct') return null;
    // An allocated allocatable component: its allocation's length.
    const length = allocated.get(formatMember(r.struct, r.member, r.index));
    if (length !== undefined) return r.bounds === undefined ? length : r.bounds[1] - r.bounds[0] + 1;
    const t = targets.get(formatMember(r.struct, r.member, r.index)) ?? null;
    // A member section `c%p(3:6)` names its own elements of an associated pointer.
    if (t !== null && r.bounds !== undefined) return r.bounds[1] - r.bounds[0] + 1;
    return t === null ? null : hostCount(t);
  };
  let state = initialState(full, profile);
  const steps: PlannedStep[] = [];
  for (const [k, s] of full.steps.entries()) {
    const probeLength = (probe: Step): number | null => {
      if (state.halted) return null;
      const o = modelStep(state, probe, profile).observation;
      return o.kind === 'read' ? o.values.length : null;
    };
    const { state: next, observation } = modelStep(state, s, profile);
    let count: number | null = null;
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && !('pointer' in s.body)) {
      // a kernel of several statements: every statement has as many elements as the first one's
      const ref = 'read' in s.body ? s.body.read : 'writes' in s.body ? s.body.writes[0]!.write : s.body.write;
      count =
        'read' in s.body && viewLength(s.body) !== null
          ? viewLength(s.body)
          : 'read' in s.body && observation.kind === 'read'
          ? observation.values.length
          : (probeLength({ ...s, body: { read: ref } } as Step) ?? hostCount(ref));
    } else if (s.op === 'host_read' && viewLength(s) !== null) count = viewLength(s);
    else if (s.op === 'host_read' || s.op === 'host_write') count = hostCount(s.var);
    else if ('var' in s && typeof s.var === 'string' && parseRef(world, s.var).kind === 'member') count = hostCount(s.var);
    const undefinedHere = observation.kind === 'undefined' && !state.halted;
    if (undefinedHere && !throughUndefined) break;
    steps.push({ number: k + 1, step: s, spec: observation, count });
    if (undefinedHere) break;
    if (s.op === 'pointer_assign') targets.set(s.ptr, s.target);
    if (s.op === 'nullify') targets.set(s.ptr, null);
    if (s.op === 'allocate') allocated.set(s.ptr, s.length);
    if (s.op === 'deallocate') allocated.delete(s.ptr);
    state = next;
  }
  return { full, steps };
}

/**
 * The program as GCC 12 accepts it (backend.ts gccProgram: an enter or exit data directive naming
 * one variable twice becomes one directive per reference, a delete modifier on a `from` item its
 * 5.x pair of directives); the predictions are made for the rewritten program. A construct naming
 * one variable twice is refused (an ObserveEmitError).
 */
export function gccCompatible(program: Program): { program: Program; split: number } {
  try {
    const { program: rewritten, rewritten: steps } = gccProgram(program);
    return { program: rewritten, split: steps.length };
  } catch (e) {
    if (e instanceof EmitError) throw new ObserveEmitError(e.message.replace(/; nothing emitted$/, ''));
    throw e;
  }
}

/** The observation program for `program` in `o.lang`. */
export function emitObservationProgram(input: Program, o: ObserveOptions): ObservationProgram {
  const { program, split } = gccCompatible(input);
  const api = o.api ?? (program.steps.some((s) => s.op.startsWith('omp_')) ? 'openmp' : 'openacc');
  const other = program.steps.findIndex((s) => (api === 'openacc' ? s.op.startsWith('omp_') : s.op.startsWith('acc_')));
  if (other >= 0) throw new ObserveEmitError(`step ${other + 1} (${program.steps[other]!.op}): not an ${api === 'openacc' ? 'OpenACC' : 'OpenMP'} step`);
  const { full, steps } = observePlan(program, o.throughUndefined);
  const names = new Names(full.world, full.steps);
  const resLength = Math.max(1, ...steps.map((p) => p.count ?? 0));
  const lang = (o.lang === 'fortran' ? fortran : c)({ names, world: full.world, api, resLength, observe: true, remaps: remapsBounds(full.steps) });
  const body: string[] = [];
  const procedures = new ProcedureBodies(lang);
  let written = steps;
  for (const [k, p] of steps.entries()) {
    const planned: Planned = { index: p.number - 1, step: p.step, obs: p.spec, count: p.count, closing: p.number > program.steps.length };
    const head = lang.comment(`step ${p.number}: ${renderStep(p.step, full.world)}`);
    let code: string[];
    let observed: string[];
    try {
      const { lines, shown } = names.writing(p.step, () => writeStep(lang.steps, planned));
      code = [...deviceNotes(full.world, p.step).map((n) => lang.comment(n)), ...lines];
      observed = lang.observe(p.number, shown);
    } catch (e) {
      // After a step the spec calls an error, the spec predicts nothing more: stop writing where a
      // step cannot be written (a read through a pointer the failed step left disassociated). A
      // step the spec calls undefined (written under throughUndefined) is left out the same way.
      if (steps.slice(0, k).some((q) => q.spec.kind === 'error') || p.spec.kind === 'undefined') {
        written = steps.slice(0, k);
        break;
      }
      if (e instanceof EmitError) throw new ObserveEmitError(e.message.replace(/; nothing emitted$/, ''));
      throw e;
    }
    // a procedure's call is observed inside it, after its declare
    body.push(head, ...code);
    procedures.after(p.step.op, body);
    body.push(...observed);
  }
  names.clearAliases();
  // Regions opened among the written steps and not closed there must still close for the code to nest.
  for (const end of openRegionsAtEnd({ ...full, steps: written.map((p) => p.step) })) {
    body.push(...lang.regionEnd(end.op as RegionEndOp));
    procedures.after(end.op, body);
  }
  const mark = o.lang === 'fortran' ? '!' : '//';
  const header = [
    `Observation program generated by mapcheck emit --observe${o.source ? ` from ${commentText(o.source)}` : ''} (${o.lang}, ${api === 'openacc' ? 'OpenACC' : 'OpenMP'}).`,
    'One line per step: MAPCHECK <step> ok|done|read <values>|int <n>|ptr <address> (read by mapcheck conform).',
    `Names: ${commentText(names.mapping.join('; '))}`,
  ];
  if (split > 0) header.push(`${split} directive(s) GCC 12 rejects whole were split (one directive per reference, or a delete modifier on from as its 5.x pair); steps are numbered as written.`);
  if (written.length < full.steps.length)
    header.push(
      written.at(-1)?.spec.kind === 'undefined'
        ? `Written: steps 1 to ${written.length} of ${full.steps.length} (the spec calls the last one undefined; written to measure it).`
        : `Written: steps 1 to ${written.length} of ${full.steps.length} (the spec calls the next one undefined, or an earlier error leaves it unwritable).`,
    );
  const text = [...header.map((h) => `${mark} ${h}`.slice(0, 130)), ...lang.prologue(), ...body, ...lang.epilogue(true)].join('\n');
  return { text: `${text}\n`, full, written: written.map((p) => p.number) };
}
