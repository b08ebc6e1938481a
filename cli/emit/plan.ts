// emit's plan of a program: what the spec model observes at every step, the element counts the
// code needs as literals, the regions to close, and the generated names. The backends (fortran.ts,
// c.ts) write code from it; ../emit.ts walks the plan.

import { formatObservation, type Observation } from '../../lang/observation.js';
import type { OmpStep } from '../../lang/openmp.js';
import { fieldsWithRole, isRegionEnd, opApi, opInfo, regionEndOf, type RegionEndOp } from '../../lang/ops.js';
import { ELEMENT_BYTES, copyRef, fieldOffset, kernelRef, kernelStatements, parseRef, viewLength, type ParsedRef, type Program, type Step, type VarRef, type World } from '../../lang/program.js';
import { rootVariable } from '../../lang/directive-vars.js';
import { InputError } from '../../lang/validate.js';
import { loadProfile, type Profile } from '../../profiles/index.js';
import { runTrace } from '../../properties/compare.js';
import { initialState, step as modelStep } from '../../model/index.js';

export type EmitLang = 'fortran' | 'c';
export type EmitApi = 'openacc' | 'openmp';

/** A program `emit` cannot write faithfully (exit code 2, like any other bad input). */
export class EmitError extends InputError {
  override name = 'EmitError';
}

// ------------------------------------------------------------------------------------------------
// Generated names

/**
 * A reference as emit spells it. A struct's non-pointer member (`c%n`, `c%arr`, `c%arr(2:3)`) is an
 * array reference named `c%n` / `c%arr` (Names.variable gives its designator, `v3%f1`) with bounds
 * inside the member; `field.scalar` marks a scalar, which has no subscript. Anything else as parsed.
 */
export function emitRef(world: World, ref: VarRef): ParsedRef {
  const r = parseRef(world, ref);
  if (r.kind !== 'array' || r.field === undefined) return r;
  const base = fieldOffset(world.structs.find((s) => s.name === r.name)!, r.field.member) / ELEMENT_BYTES;
  return { kind: 'array', name: `${r.name}%${r.field.member}`, lo: r.lo - base, hi: r.hi - base, whole: r.field.bounds === undefined, field: r.field };
}

/** The generated identifier of every world object; program names never reach the code. */
export class Names {
  private readonly vars = new Map<string, string>();
  private readonly types = new Map<string, string>();
  private readonly handles = new Map<string, string>();
  /**
   * Arrays spelled through an alias: inside a host_data / use_device_addr region the compilers give
   * the array's own name its device address (OpenACC 3.3 §2.8, OpenMP 6.0 §7.5.10), so the host
   * code of the region reaches the host storage through a pointer set before the directive.
   */
  private readonly aliases = new Map<string, string>();
  /** Whether the code being written is host code (a routine or a host statement), which alone takes the aliases. */
  private hostCode = false;
  readonly mapping: string[] = [];

  constructor(
    readonly world: World,
    steps: readonly Step[],
  ) {
    let n = 0;
    for (const a of world.arrays) {
      this.vars.set(a.name, `v${++n}`);
      this.mapping.push(`v${n} = ${a.name}`);
    }
    world.structs.forEach((s, k) => {
      this.vars.set(s.name, `v${++n}`);
      this.types.set(s.name, `t${k + 1}`);
      const members = [...s.pointers.map((p, j) => `p${j + 1} = ${p}`), ...(s.fields ?? []).map((f, j) => `f${j + 1} = ${f.name}`)].join(', ');
      this.mapping.push(`v${n} = ${s.name} (type t${k + 1}; ${members})`);
    });
    for (const s of steps)
      for (const field of fieldsWithRole(s.op, 'result')) {
        const result = (s as unknown as Record<string, string | undefined>)[field];
        if (result === undefined || this.handles.has(result)) continue;
        this.handles.set(result, `h${this.handles.size + 1}`);
        this.mapping.push(`h${this.handles.size} = ${result}`);
      }
  }

  /**
   * Writes the code of `step` (write): a routine or a host statement spells an aliased array by its
   * alias; a directive and its kernel name the array itself, as the compilers need.
   */
  writing<T>(step: Step, write: () => T): T {
    this.hostCode = opInfo(step.op).kind !== 'construct';
    try {
      return write();
    } finally {
      this.hostCode = false;
    }
  }

  /** Every array spelled by its own name again (the declarations after the steps; a region left open where writing stopped). */
  clearAliases(): void {
    this.aliases.clear();
    this.aliasRegions.length = 0;
  }

  /** Open use_device regions, innermost last: the array each one aliased, or null. */
  private readonly aliasRegions: (string | null)[] = [];
  /** Aliases made so far (their names are numbered). */
  private aliasCount = 0;

  /**
   * At the begin of a host_data / use_device_addr region of array `name` (null: a region that
   * aliases nothing): a new alias identifier (`v2_h1`), which host code then spells as
   * `spell(alias)`, or null when nothing is new. A region inside another of the same array keeps
   * the outer alias: the array's name already stands for its device address there.
   */
  beginAlias(name: string | null, spell: (alias: string) => string): string | null {
    if (name === null || this.aliasRegions.includes(name)) {
      this.aliasRegions.push(null);
      return null;
    }
    const alias = `${this.vars.get(name)}_h${++this.aliasCount}`;
    this.aliasRegions.push(name);
    this.aliases.set(name, spell(alias));
    return alias;
  }

  /** At the region's end: its array, if it aliased one, is spelled by its own name again. */
  endAlias(): void {
    const name = this.aliasRegions.pop();
    if (name) this.aliases.delete(name);
  }

  /** Open procedures, innermost last: the variables each one spells by another name. */
  private readonly renameScopes: string[][] = [];
  private readonly renames = new Map<string, string[]>();

  /**
   * Inside a procedure (Fortran: a contained subroutine), variable `name` is spelled `as` by every
   * step, directives included, until endRenames: a declared scalar its dummy argument, so that the
   * declare is a data clause the procedure's constructs see (OpenACC 3.3 §2.6.2 visible clauses).
   */
  beginRenames(renames: readonly [name: string, as: string][]): void {
    this.renameScopes.push(renames.map(([name]) => name));
    for (const [name, as] of renames) this.renames.set(name, [...(this.renames.get(name) ?? []), as]);
  }

  /** At the procedure's end: its variables are spelled as before. */
  endRenames(): void {
    for (const name of this.renameScopes.pop() ?? []) {
      const stack = this.renames.get(name)!;
      stack.pop();
      if (stack.length === 0) this.renames.delete(name);
    }
  }

  /** The pointer variable holding an omp_target_alloc result. */
  handle(result: string): string {
    const h = this.handles.get(result);
    if (!h) throw new Error(`internal: no generated name for handle ${result}`);
    return h;
  }

  /** `v1`; for a struct's non-pointer member named `c%arr` (emitRef), its Fortran designator `v3%f2`. */
  variable(name: string): string {
    const at = name.indexOf('%');
    if (at > 0) return `${this.variable(name.slice(0, at))}%${this.field(name.slice(0, at), name.slice(at + 1))}`;
    const v = (this.hostCode ? this.aliases.get(name) : undefined) ?? this.renames.get(name)?.at(-1) ?? this.vars.get(name);
    if (!v) throw new Error(`internal: no generated name for ${name}`);
    return v;
  }

  typeOf(struct: string): string {
    const t = this.types.get(struct);
    if (!t) throw new Error(`internal: no generated type for ${struct}`);
    return t;
  }

  /** The generated name of non-pointer member `field` of `struct`: `f1`, `f2`, …. */
  field(struct: string, field: string): string {
    const decl = this.world.structs.find((s) => s.name === struct);
    const j = decl?.fields?.findIndex((f) => f.name === field) ?? -1;
    if (j < 0) throw new Error(`internal: no non-pointer member ${field} in ${struct}`);
    return `f${j + 1}`;
  }

  member(struct: string, member: string): string {
    const decl = this.world.structs.find((s) => s.name === struct);
    const j = decl ? decl.pointers.indexOf(member) : -1;
    if (j < 0) throw new Error(`internal: no member ${member} in ${struct}`);
    return `p${j + 1}`;
  }
}

/**
 * Comment text: control characters (line breaks included) become spaces and backslashes slashes,
 * so a title can neither end a comment line nor splice the next C line into it.
 */
export function commentText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\\/g, '/');
}

// ------------------------------------------------------------------------------------------------
// What the spec says, step by step

/** One step to write, with the spec observation and what the check needs. */
export interface Planned {
  index: number;
  step: Step;
  obs: Observation;
  /** Element count of the pointer target a routine, write or loop acts on (null: disassociated). */
  count: number | null;
  /** The step closes a region the input left open (not one of the program's own steps). */
  closing: boolean;
}

export const SPEC = 'spec';

export function isOmp(step: Step): step is OmpStep {
  return opApi(step.op) === 'openmp';
}

export function isAcc(step: Step): boolean {
  return opApi(step.op) === 'openacc';
}

export function inferApi(program: Program): EmitApi {
  const omp = program.steps.findIndex(isOmp);
  const acc = program.steps.findIndex(isAcc);
  if (omp >= 0 && acc >= 0)
    throw new EmitError(
      `step ${Math.max(omp, acc) + 1} (${program.steps[Math.max(omp, acc)]!.op}): the program mixes OpenACC and OpenMP steps; emit writes one API per program`,
    );
  return omp >= 0 ? 'openmp' : 'openacc';
}

/** The observations of the spec model (a model that throws is an internal error, exit 3). */
export function specTrace(program: Program, profile: Profile): Observation[] {
  return runTrace(program, { engine: 'model', profile }, false).observations;
}

/**
 * How many elements a step touches where the code needs a literal count: a kernel (what a read of
 * the same reference observes there; for a kernel the spec stops with an error, what a host read
 * of it observes), a host read or write, or a routine on a pointer member (the member's host
 * target). Null when the member is disassociated, or for other steps. `readLength` runs a probe
 * step on the state before this step.
 */
function elementCount(world: World, step: Step, obs: Observation, readLength: (probe: Step) => number | null): number | null {
  if (step.op === 'acc_parallel' || step.op === 'omp_target') {
    if ('pointer' in step.body) return null;
    if ('read' in step.body && viewLength(step.body) !== null) return viewLength(step.body);
    if ('read' in step.body && obs.kind === 'read') return obs.values.length;
    // a kernel of several statements: every statement has as many elements as the first one's
    const ref = 'read' in step.body ? step.body.read : 'writes' in step.body ? step.body.writes[0]!.write : step.body.write;
    return readLength({ ...step, body: { read: ref } }) ?? readLength({ op: 'host_read', var: ref });
  }
  if (step.op === 'host_read' && viewLength(step) !== null) return viewLength(step);
  if (step.op === 'host_write' || step.op === 'host_read') return readLength({ op: 'host_read', var: step.var });
  const v = routineVar(step);
  if (v !== null && parseRef(world, v).kind === 'member') return readLength({ op: 'host_read', var: v });
  return null;
}

/** The steps that close the regions `program` leaves open, innermost first. */
export function openRegionsAtEnd(program: Program): Step[] {
  const open: RegionEndOp[] = [];
  for (const s of program.steps) {
    const end = regionEndOf(s.op);
    if (end) open.push(end);
    if (isRegionEnd(s.op)) open.pop();
  }
  return open.reverse().map((op): Step => ({ op }));
}

/**
 * The steps to write, up to and including the first one whose spec observation ends the program.
 * Regions the program leaves open are closed at its end (the code must nest), and those closing
 * steps are run through the model too, so their exit actions are checked like any other step.
 */
export function plan(program: Program): { steps: Planned[]; full: Program } {
  const profile = loadProfile(SPEC);
  const full: Program = { ...withoutReuse(program), steps: [...program.steps, ...openRegionsAtEnd(program)] };
  // One pass over the model's immutable states: a probe is one step on the state before the step,
  // so planning is linear in the number of steps.
  let state = initialState(full, profile);
  const steps: Planned[] = [];
  /** The variables the open host_data regions' use_device clauses name, innermost last. */
  const useDevice: string[] = [];
  for (const [index, step] of full.steps.entries()) {
    if (step.op === 'acc_host_data_begin') useDevice.push(rootVariable(step.var));
    if (step.op === 'acc_host_data_end') useDevice.pop();
    if (step.op === 'acc_parallel') {
      // every statement's references (a kernel of several statements: each write and its `from`)
      const refs = kernelStatements(step.body).flatMap((b) => [kernelRef(b), ...(copyRef(b) === null ? [] : [copyRef(b)!])]);
      const used = [...step.clauses.flatMap((c) => c.vars), ...refs].map(rootVariable);
      const named = used.find((v) => useDevice.includes(v));
      if (named !== undefined)
        throw new EmitError(
          `step ${index + 1} (acc_parallel): its construct uses ${named}, which an enclosing host_data region names in use_device, and GCC rejects that ("variable '${named}' declared in enclosing 'host_data' region"); nothing emitted`,
        );
    }
    const before = state;
    const readLength = (probe: Step) => {
      const o = modelStep(before, probe, profile).observation;
      return o.kind === 'read' ? o.values.length : null;
    };
    const { state: next, observation: obs } = modelStep(state, step, profile);
    const count = elementCount(full.world, step, obs, readLength);
    steps.push({ index, step, obs, count, closing: index >= program.steps.length });
    if (obs.kind === 'error' || obs.kind === 'undefined') break;
    state = next;
  }
  return { steps, full };
}

/**
 * The program as emit checks it: on the world's default allocator. A `reuse` world's addresses are
 * mapcheck's own; a real runtime may or may not hand the same block out again, so what a stale
 * device pointer reads stays undefined (the spec's answer) and the emitted program stops checking
 * there instead of expecting the simulated allocator's data.
 */
export function withoutReuse(program: Program): Program {
  if (program.world.reuse === undefined) return program;
  const { reuse: _reuse, ...world } = program.world;
  return { ...program, world };
}

/** The variable a routine with a `var` field (data routines, is_present, deviceptr) acts on. */
export function routineVar(step: Step): VarRef | null {
  const info = opInfo(step.op);
  return info.kind === 'routine' && 'var' in info.fields ? (step as { var: VarRef }).var : null;
}
