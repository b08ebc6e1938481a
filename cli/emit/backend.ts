// What emit's two backends share: the checks written after a step (language-neutral), the text of
// directives (Fortran and C differ only in how they spell references and device numbers), device
// number arguments, and the interface every backend implements: one writer per op of the table of
// operations (lang/ops.ts), so an op the table gains is a compile error in each backend.

import { formatObservation, type Observation } from '../../lang/observation.js';
import type { DeviceArg, MapItem } from '../../lang/openmp.js';
import { fieldsWithRole, opApi, type OpsOfKind, type RegionEndOp, type StepOf } from '../../lang/ops.js';
import { repeatedPair, type DirectiveApi } from '../../lang/directive-vars.js';
import { ELEMENT_BYTES, hostLayout, kernelRef, viewOf, worldDevices, type Clause, type ElementBody, type KernelBody, type Program, type Step, type StepOp, type VarRef, type World } from '../../lang/program.js';
import { EmitError, type EmitApi, type Names, type Planned } from './plan.js';

/** A check written after a step: values read into `res`, or a condition on a routine's result. */
export type Check =
  | { kind: 'values'; step: number; count: number; expected: (number | null)[] }
  /** `test` is a logical expression in the output language that must evaluate to `want`. */
  | { kind: 'condition'; test: string; want: boolean; message: string };

export function valuesCheck(p: Planned): Check | null {
  if (p.obs.kind !== 'read') return null;
  return { kind: 'values', step: p.index + 1, count: p.obs.values.length, expected: p.obs.values };
}

/** acc_is_present: the call must return what the spec returns. */
export function booleanCheck(p: Planned, call: string): Check | null {
  if (p.obs.kind === 'error' || p.obs.kind === 'halted') return null; // the walk writes the stop instead (halted: an observation program past an error)
  if (p.obs.kind !== 'value' || typeof p.obs.value !== 'boolean') throw new Error(`internal: step ${p.index + 1} observes ${formatObservation(p.obs)}`);
  return { kind: 'condition', test: call, want: p.obs.value, message: `step ${p.index + 1}: ${p.step.op} should return ${p.obs.value}` };
}

/**
 * The address host_data use_device gives (OpenACC 3.3 §2.8.1): a host address (if_present of
 * absent data) must be the variable's own address; a device address is checked as non-null.
 * `isHost` compares the handle with the variable's host address.
 */
export function useDeviceCheck(p: Planned, isNonNull: string, isHost: string): Check | null {
  if (p.obs.kind === 'value' && p.obs.value !== null && typeof p.obs.value === 'object' && 'host' in p.obs.value)
    return { kind: 'condition', test: isHost, want: true, message: `step ${p.index + 1}: use_device should give the host address` };
  return addressCheck(p, isNonNull);
}

/**
 * A routine returning a device address: non-null when the spec returns an address, null when it
 * returns null. Which block and offset cannot be checked portably; the comment names them.
 */
export function addressCheck(p: Planned, isNonNull: string): Check | null {
  if (p.obs.kind === 'error' || p.obs.kind === 'halted') return null; // the walk writes the stop instead
  if (p.obs.kind !== 'value' || (p.obs.value !== null && (typeof p.obs.value !== 'object' || !('block' in p.obs.value))))
    throw new Error(`internal: step ${p.index + 1} observes ${formatObservation(p.obs)}`);
  const isNull = p.obs.value === null;
  return {
    kind: 'condition',
    test: isNonNull,
    want: !isNull,
    message: `step ${p.index + 1}: ${p.step.op} should return ${isNull ? 'a null pointer' : 'a device address'}`,
  };
}

export function bodyRef(body: KernelBody): VarRef {
  return kernelRef(body);
}

/**
 * The host array element at layout address `addr` (a pointer's host value points into an array):
 * the array's name and the 0-based element, or null.
 */
export function hostElementAt(world: World, addr: number): { name: string; element: number } | null {
  const o = hostLayout(world).find((x) => x.kind === 'array' && x.start <= addr && addr < x.start + x.bytes);
  return o ? { name: o.name, element: (addr - o.start) / ELEMENT_BYTES } : null;
}

/**
 * The value a write gives the element at loop index `i`, where index `first` (1 in Fortran, 0 in C)
 * is the reference's first element: `7`, `i`, `2 * i + 5`, `-i + 9` (writtenValue, as source).
 */
export function writtenExpr(w: { value: number; by?: number }, i: string, first: number): string {
  const by = w.by ?? 0;
  if (by === 0) return String(w.value);
  const rest = w.value - by * first;
  const term = by === 1 ? i : by === -1 ? `-${i}` : `${by} * ${i}`;
  return rest === 0 ? term : `${term} ${rest < 0 ? '-' : '+'} ${Math.abs(rest)}`;
}

/**
 * The right-hand side of a write to `element` at loop index `i`: writtenExpr, or `element + (it)`
 * for an add. A copy (a write with `from`, lang/README.md "Copy kernels") adds `fromElement`, the
 * element of the `from` reference at the same index, after the written value, which a constant 0
 * leaves out: `v1(i)`, `7 + v1(i)`, `2 * i + 5 + v1(i)`, with add `v2(i) + v1(i)`, `v2(i) + (7) + v1(i)`.
 */
export function assignedExpr(w: { value: number; by?: number; add?: boolean }, element: string, i: string, first: number, fromElement?: string): string {
  const written = writtenExpr(w, i, first);
  if (fromElement === undefined) return w.add ? `${element} + (${written})` : written;
  const terms = written === '0' ? [fromElement] : [w.add ? `(${written})` : written, fromElement];
  return (w.add ? [element, ...terms] : terms).join(' + ');
}

/**
 * A kernel's element body as the host step that does the same on shared memory (the host
 * fallback: device memory is host memory): a read as a host_read, a write as a host_write, a
 * copy's `from` carried over (the host loop reads it from host memory, which is the kernel's).
 */
export function hostStepOf(body: ElementBody): Step {
  if ('read' in body) return { op: 'host_read', var: body.read, ...viewOf(body) };
  return {
    op: 'host_write',
    var: body.write,
    value: body.value,
    ...(body.by === undefined ? {} : { by: body.by }),
    ...(body.add ? { add: true } : {}),
    ...(body.from === undefined ? {} : { from: body.from }),
  };
}

/**
 * A kernel's read of a pointer member itself (OpenACC 3.3 §2.6.8, OpenMP 6.0 §7.9.6): null as null,
 * a host address as that element's address (`isHostElement` builds the test), a device address as
 * non-null and not the host pointer's own value (`isDevice`: a pointer that was never attached
 * holds the host address, which is what this check tells apart).
 */
export function pointerValueCheck(world: World, p: Planned, tests: { isNull: string; isDevice: string; isHostElement: (name: string, element: number) => string }): Check | null {
  if (p.obs.kind === 'error' || p.obs.kind === 'halted') return null;
  if (p.obs.kind !== 'value' || (p.obs.value !== null && typeof p.obs.value !== 'object')) throw new Error(`internal: step ${p.index + 1} observes ${formatObservation(p.obs)}`);
  const v = p.obs.value;
  const message = (what: string) => `step ${p.index + 1}: the kernel should read ${what} in the pointer`;
  if (v === null) return { kind: 'condition', test: tests.isNull, want: true, message: message('a null pointer') };
  if ('host' in v) {
    const at = hostElementAt(world, v.host);
    if (at !== null) return { kind: 'condition', test: tests.isHostElement(at.name, at.element), want: true, message: message('the host address (not attached)') };
    return { kind: 'condition', test: tests.isNull, want: false, message: message('a host address') };
  }
  return { kind: 'condition', test: tests.isDevice, want: true, message: message('a device address (attached)') };
}

export function kernelCount(p: Planned): number {
  // A kernel the spec stops with an error before it runs (a disassociated pointer not present): the
  // program stops there, so the loop needs no elements.
  if (p.count === null && p.obs.kind === 'error') return 0;
  if (p.count === null) throw new Error(`internal: no element count for the kernel of step ${p.index + 1}`);
  return p.count;
}

/**
 * A device number argument as code, with a note when the code cannot say what it means: the host
 * is `omp_get_initial_device()` (number n in the world, or `"initial"`); gcc 12 knows neither
 * `omp_initial_device` nor `omp_invalid_device`, so those are written as the model's numbers.
 */
export function deviceCode(world: World, d: DeviceArg): { code: string; note: string | null } {
  if (d === 'initial' || d === worldDevices(world).length) return { code: 'omp_get_initial_device()', note: null };
  if (d === -1) return { code: '-1', note: '-1 is omp_initial_device (OpenMP 5.2), a name gcc 12 does not define' };
  if (d === -2)
    return { code: '-2', note: '-2 stands for omp_invalid_device, whose value is implementation-defined; gcc 12 does not define the name' };
  return { code: String(d), note: null };
}

/** The notes of every device argument of a step (its `device` fields in the table), as comment texts. */
export function deviceNotes(world: World, step: Step): string[] {
  const args = fieldsWithRole(step.op, 'device').map((f) => (step as unknown as Record<string, DeviceArg | undefined>)[f]);
  return args.flatMap((d) => (d === undefined ? [] : (deviceCode(world, d).note ?? [])));
}

/** The device clause of a construct, with `code` spelling the number. */
export function ompDevice(step: { device?: DeviceArg }, code: (d: DeviceArg) => string): string {
  return step.device === undefined ? '' : ` device(${code(step.device)})`;
}

/**
 * Map clauses. OpenMP 6.0's delete modifier on a `release` (storage) item is what the 5.x `delete`
 * map type does, which GCC accepts; on a `from` item it also copies back, which no 5.x map type
 * says in one clause, so emit refuses it.
 */
export function ompMaps(p: Planned, spell: (v: VarRef) => string, maps: MapItem[], keepPresent = false): string {
  return maps
    .map((m) => {
      let type: string = m.type;
      // GCC 12 rejects the present modifier: the backends write its equivalent before the directive
      // (presentRefs below), so the map itself goes without it, unless the spelling keeps it (C's
      // branch for clang, which has it).
      let modifiers = (m.modifiers ?? []).filter((x) => keepPresent || x !== 'present');
      if (modifiers.includes('delete')) {
        if (m.type !== 'release')
          throw new EmitError(
            `step ${p.index + 1} (${p.step.op}): the OpenMP 6.0 'delete' modifier on a '${m.type}' map has no 5.x spelling gcc accepts (only 'release' with delete, written as map type 'delete'); nothing emitted`,
          );
        type = 'delete';
        modifiers = modifiers.filter((x) => x !== 'delete');
      }
      return ` map(${[...modifiers, type].join(', ')}: ${m.vars.map(spell).join(', ')})`;
    })
    .join('');
}

/** How one language spells what a directive names: data-clause lists, map-clause variables, device numbers. */
export interface DirectiveSpelling {
  clauses(list: Clause<string>[]): string;
  variable(v: VarRef): string;
  device(d: DeviceArg): string;
  /** Write the present modifier of map and motion clauses (for a compiler that has it) instead of dropping it. */
  keepPresent?: boolean;
}

/** The directive steps: constructs other than region ends (those are the backend's `regionEnd`). */
export type DirectiveOp = Exclude<OpsOfKind<'construct'>, RegionEndOp>;

const ompDirective = (name: string) => (s: { device?: DeviceArg; maps: MapItem[] }, p: Planned, spelling: DirectiveSpelling) =>
  `${name}${ompDevice(s, spelling.device)}${ompMaps(p, spelling.variable, s.maps, spelling.keepPresent)}`;

/**
 * What follows the sentinel (`!$acc`, `#pragma omp`) of a directive step; Fortran and C differ only
 * in how references and device numbers are spelt: `enter data copyin(v1)`, `parallel loop
 * present(v3)`, `target device(0) map(to: v1)`. One entry per directive op of the table (lang/ops.ts).
 */
const DIRECTIVES: { readonly [Op in DirectiveOp]: (s: StepOf<Op>, p: Planned, spelling: DirectiveSpelling) => string } = {
  acc_enter_data: (s, _p, spelling) => `enter data${spelling.clauses(s.clauses)}`,
  acc_exit_data: (s, _p, spelling) => `exit data${spelling.clauses(s.clauses)}${s.finalize ? ' finalize' : ''}`,
  acc_data_begin: (s, _p, spelling) => `data${spelling.clauses(s.clauses)}`,
  omp_target_data_use_device_begin: (s, _p, spelling) =>
    `target data${ompDevice(s, spelling.device)} ${s.ptr ? 'use_device_ptr' : 'use_device_addr'}(${spelling.variable(s.var)})`,
  acc_host_data_begin: (s, _p, spelling) => `host_data use_device(${spelling.variable(s.var)})${s.if_present ? ' if_present' : ''}`,
  acc_parallel: (s, _p, spelling) => {
    // `res` (`pres` for a pointer) must reach the device too, and with default(present) nothing else puts it there.
    const res = s.default !== 'present' ? '' : 'read' in s.body ? ' copy(res)' : 'pointer' in s.body ? ' copy(pres)' : '';
    return `parallel loop${spelling.clauses(s.clauses)}${s.default ? ` default(${s.default})` : ''}${res}`;
  },
  acc_declare: (s, _p, spelling) => `declare${spelling.clauses(s.clauses)}`,
  // a procedure's declare, in its specification part (the Fortran backend; C writes a data construct)
  acc_procedure_begin: (s, _p, spelling) => `declare${spelling.clauses(s.clauses)}`,
  // GCC 12 knows `enter` (OpenMP 5.2) by its older name `to`, which means the same (5.2 §7.8.4 / 6.0 §7.9.7).
  omp_declare_target: (s, _p, spelling) =>
    `declare target${spelling.clauses(s.clauses.map((c) => (c.clause === 'enter' ? { ...c, clause: 'to' } : c)))}`,
  omp_target_enter_data: ompDirective('target enter data'),
  omp_target_exit_data: ompDirective('target exit data'),
  omp_target_data_begin: ompDirective('target data'),
  omp_target: ompDirective('target'),
  acc_update: (s, _p, spelling) => `update${spelling.clauses(s.clauses)}${s.if_present ? ' if_present' : ''}`,
  // GCC 12 rejects the present motion modifier: the backends write its equivalent before the
  // directive (presentRefs below), so the clause itself goes without it.
  omp_target_update: (s, _p, spelling) =>
    `target update${ompDevice(s, spelling.device)}${s.motions
      .map((m) => ` ${m.type}(${spelling.keepPresent === true && m.modifiers?.includes('present') === true ? 'present: ' : ''}${m.vars.map(spelling.variable).join(', ')})`)
      .join('')}`,
};

export function directiveText(s: StepOf<DirectiveOp>, p: Planned, spelling: DirectiveSpelling): string {
  return (DIRECTIVES[s.op] as (s: Step, p: Planned, spelling: DirectiveSpelling) => string)(s as Step, p, spelling);
}

/** A boolean (is_present, is_accessible) or 0 / nonzero result, compared with 0 as C and Fortran get it. */
export function intResultCheck(p: Planned, call: string, ops: { zero: string; nonzero: string }): Check | null {
  if (p.obs.kind === 'error' || p.obs.kind === 'halted') return null; // the walk writes the stop instead
  const v = p.obs.kind === 'value' ? p.obs.value : undefined;
  if (v !== true && v !== false && v !== 0 && v !== 1) throw new Error(`internal: step ${p.index + 1} observes ${formatObservation(p.obs)}`);
  const nonzero = v === true || v === 1;
  const said = typeof v === 'boolean' ? `${v} (${v ? 'nonzero' : '0'})` : v === 0 ? '0' : 'nonzero';
  return { kind: 'condition', test: `${call} ${nonzero ? ops.nonzero : ops.zero} 0`, want: true, message: `step ${p.index + 1}: ${p.step.op} should return ${said}` };
}

/**
 * omp_get_mapped_ptr: a host address (the initial device) must be the pointer passed in; device
 * addresses are checked as non-null, and null as null.
 */
export function mappedPtrCheck(p: Planned, isNonNull: string, isArgument: string): Check | null {
  if (p.obs.kind === 'value' && p.obs.value !== null && typeof p.obs.value === 'object' && 'host' in p.obs.value)
    return { kind: 'condition', test: isArgument, want: true, message: `step ${p.index + 1}: ${p.step.op} should return the host pointer itself` };
  return addressCheck(p, isNonNull);
}

export interface Context {
  names: Names;
  world: World;
  api: EmitApi;
  /** Length of the `res` array (the longest read), 0 when nothing is read. */
  resLength: number;
  /**
   * An observation program (`mapcheck emit --observe`, cli/emit/observe.ts): the prologue prints
   * the host addresses and probes for offload, each step prints what it shows (`Shown`), and the
   * checks are not written.
   */
  observe?: boolean;
  /**
   * The program remaps a pointer's bounds (`c%p(10:) => b`): Fortran indexes members from their
   * lower bound, C keeps it in an explicit `p_lb` field next to `p_n`.
   */
  remaps: boolean;
}

/** Whether a program remaps a pointer's lower bound anywhere (Context.remaps). */
export function remapsBounds(steps: readonly Step[]): boolean {
  return steps.some((s) => s.op === 'pointer_assign' && s.lbound !== undefined);
}

/**
 * What a step shows the program, for an observation program (toolchain/observations.ts, one
 * `MAPCHECK <step> …` line): values read into `res`, an integer or pointer result (an expression
 * in the output language), or `done` for a result the language cannot see (Fortran's acc_copyin
 * is a subroutine). Absent: the step printed `ok`.
 */
export type Shown = { kind: 'read'; count: number } | { kind: 'int'; expr: string } | { kind: 'ptr'; expr: string } | { kind: 'done' };

/** A step's statement, directive or call, the check that follows it, and what it shows an observation program. */
export interface StepCode {
  lines: string[];
  check: Check | null;
  shown?: Shown;
}

/** A backend's writer for every op of the table of operations (lang/ops.ts). */
export type StepWriters = { readonly [Op in StepOp]: (s: StepOf<Op>, p: Planned) => StepCode };

export function writeStep(writers: StepWriters, p: Planned): StepCode {
  return (writers[p.step.op] as (s: Step, p: Planned) => StepCode)(p.step, p);
}

export interface Language {
  /** Fortran folds the final `OK` into the last check, as the seed programs do. */
  readonly foldsOk: boolean;
  comment(text: string): string;
  /** Per op: the step's statement, directive or call, and the check that follows it. */
  readonly steps: StepWriters;
  check(c: Check, foldOk: boolean): string[];
  stopAfterError(step: number, code: string): string[];
  /** The end of a region the program left open where writing stopped (`op`: the step that closes it). */
  regionEnd(op: RegionEndOp): string[];
  /** Declarations and initial values; written last, so it knows what the body used. */
  prologue(): string[];
  epilogue(okPrinted: boolean): string[];
  /**
   * The lines written from a procedure's call (`acc_procedure_begin`) to its return, turned into
   * what the caller's code holds: Fortran moves them into a contained subroutine (written after
   * `contains`) and leaves its call; C keeps them where they are (cli/emit/c.ts says why).
   */
  procedure(body: string[]): string[];
  /** An observation program's line for step `step` (observations.ts format); `shown` absent: `ok`. */
  observe(step: number, shown: Shown | undefined): string[];
}

/** The variables an OpenMP directive maps with the `present` modifier, for its GCC 12 equivalent. */
export function presentRefs(s: Step): VarRef[] {
  if ('motions' in s) return s.motions.flatMap((m) => (m.modifiers?.includes('present') ? m.vars : []));
  if (!('maps' in s)) return [];
  return s.maps.flatMap((m) => (m.modifiers?.includes('present') ? m.vars : []));
}

/** Whether GCC sees one variable twice in a directive of `api` (lang/directive-vars.ts says which pairs). */
export function repeatsVariable(vars: readonly VarRef[], api: DirectiveApi): boolean {
  return repeatedPair(vars, api) !== null;
}

/** The variables a directive step names in its clauses or maps. */
export function directiveVars(s: Step): VarRef[] {
  if ('clauses' in s) return s.clauses.flatMap((c) => c.vars);
  if ('maps' in s) return s.maps.flatMap((m) => m.vars);
  if ('motions' in s) return s.motions.flatMap((m) => m.vars);
  return [];
}

const isDirectiveOp = (op: StepOp): op is DirectiveOp => DIRECTIVE_OPS.has(op);
const DIRECTIVE_OPS = new Set<StepOp>(Object.keys(DIRECTIVES) as DirectiveOp[]);

/**
 * The OpenMP 6.0 delete modifier on a `from` item of an exit data directive (copy back, then remove
 * whatever the reference count) has no 5.x spelling GCC 12 accepts in one clause. Its 5.x equivalent
 * is two directives: `map(always, from: x)` (copies back whether or not the count reaches zero,
 * OpenMP 5.2 §5.8.3) and then `map(delete: x)` (the count to zero, removed). Other items keep their
 * order around it. Whether the pair observes what the one directive does is checked on the model
 * (faithfulRewrite).
 */
function deleteFromSplit(s: StepOf<DirectiveOp>): StepOf<DirectiveOp>[] {
  if (s.op !== 'omp_target_exit_data' || !s.maps.some((m) => m.type === 'from' && m.modifiers?.includes('delete'))) return [s];
  const out: StepOf<DirectiveOp>[] = [];
  let current: MapItem[] = [];
  const flush = () => {
    if (current.length > 0) out.push({ ...s, maps: current });
    current = [];
  };
  for (const m of s.maps) {
    if (m.type !== 'from' || !m.modifiers?.includes('delete')) {
      current.push(m);
      continue;
    }
    const others = m.modifiers.filter((x) => x !== 'delete' && x !== 'always');
    current.push({ type: 'from', modifiers: [...others, 'always'], vars: m.vars });
    flush();
    current.push({ type: 'delete', vars: m.vars });
  }
  flush();
  return out;
}

/**
 * A directive step as GCC 12 accepts it, as a list of directives. An enter or exit data directive
 * naming one variable twice is written as one directive per reference (OpenACC 3.3 §2.7: its data
 * clauses act in order; an exit data directive's pointer members first, since the directive detaches
 * every pointer before any data leaves); a construct (data region, compute construct) cannot be split that way and
 * is refused (the generators never draw one). A delete modifier on a `from` item is written as its
 * 5.x equivalent (deleteFromSplit). Null: `step` is not a directive.
 */
export function gccSteps(step: Step, stepNumber: number): StepOf<DirectiveOp>[] | null {
  if (!isDirectiveOp(step.op)) return null;
  const s = step as StepOf<DirectiveOp>;
  const api = opApi(s.op) as DirectiveApi;
  const vars = directiveVars(s);
  let out: StepOf<DirectiveOp>[] = [s];
  if (repeatsVariable(vars, api)) {
    if (s.op === 'acc_enter_data' || s.op === 'acc_exit_data' || s.op === 'acc_update') {
      out = s.clauses.flatMap((c) => c.vars.map((v) => ({ ...s, clauses: [{ ...c, vars: [v] }] }) as StepOf<DirectiveOp>));
      // An exit detaches every pointer before any data leaves (OpenACC 3.3 §2.7.2 Attach Action,
      // model/directives.ts exitClauses): pointer members go first, so their struct is still there.
      if (s.op === 'acc_exit_data') out = [...out.filter((d) => directiveVars(d)[0]!.includes('%')), ...out.filter((d) => !directiveVars(d)[0]!.includes('%'))];
    }
    else if (s.op === 'omp_target_enter_data' || s.op === 'omp_target_exit_data')
      out = s.maps.flatMap((m) => m.vars.map((v) => ({ ...s, maps: [{ ...m, vars: [v] }] }) as StepOf<DirectiveOp>));
    else if (s.op === 'omp_target_update')
      out = s.motions.flatMap((m) => m.vars.map((v) => ({ ...s, motions: [{ ...m, vars: [v] }] }) as StepOf<DirectiveOp>));
    else
      throw new EmitError(
        `step ${stepNumber} (${s.op}): names one variable twice or a struct and its member (${vars.join(', ')}), which GCC rejects on a construct ("appears more than once" / "mixed component and non-component accesses"); nothing emitted`,
      );
  }
  return out.flatMap(deleteFromSplit);
}

export function gccDirectives(s: StepOf<DirectiveOp>, p: Planned): StepOf<DirectiveOp>[] {
  return gccSteps(s, p.index + 1)!;
}

/** The program with every directive step replaced by the directives GCC accepts (gccSteps); `rewritten`: the step numbers replaced. */
export function gccProgram(program: Program): { program: Program; rewritten: number[] } {
  const rewritten: number[] = [];
  const steps = program.steps.flatMap((s, k): Step[] => {
    const d = gccSteps(s, k + 1);
    if (d === null || (d.length === 1 && d[0] === s)) return [s];
    rewritten.push(k + 1);
    return d as Step[];
  });
  return { program: { ...program, steps }, rewritten };
}

/** What a step observes for a check: errors by code, undefined behaviour by kind (messages are the model's prose). */
function observed(o: Observation): string {
  if (o.kind === 'error') return `error ${o.code}`;
  if (o.kind === 'undefined' || o.kind === 'halted') return o.kind;
  return JSON.stringify(o);
}

/**
 * Throws an EmitError unless the program as GCC gets it (gccProgram) observes under the spec what
 * `program` observes, step for step: a rewritten step observes its first directive that is not
 * `ok`, or `ok`. Up to the first error or undefined step of `program` (an undefined step itself
 * admits any observation).
 */
export function faithfulRewrite(program: Program, trace: (p: Program) => Observation[]): void {
  const { program: gcc, rewritten } = gccProgram(program);
  if (rewritten.length === 0) return;
  const before = trace(program);
  const after = trace(gcc);
  let j = 0;
  for (const [k, s] of program.steps.entries()) {
    const n = rewritten.includes(k + 1) ? gccSteps(s, k + 1)!.length : 1;
    const parts = after.slice(j, j + n);
    j += n;
    const got = parts.find((o) => o.kind !== 'ok') ?? parts[0]!;
    const want = before[k]!;
    // undefined behaviour admits whatever the rewritten directives observe; nothing after it is checked
    if (want.kind === 'undefined') return;
    if (observed(got) !== observed(want))
      throw new EmitError(
        `step ${k + 1} (${s.op}): GCC 12 accepts it only rewritten (${rewritten.includes(k + 1) ? 'split into one directive per reference' : 'an earlier step split'}), and the spec observes ${formatObservation(got)} there instead of ${formatObservation(want)}; nothing emitted`,
      );
    if (want.kind === 'error' || want.kind === 'halted') return;
  }
}

/**
 * The open procedures of a walk over the steps (emit and emit --observe): where each one's body
 * starts among the lines written so far. After a procedure's return its body goes through the
 * backend's `procedure`.
 */
export class ProcedureBodies {
  private readonly starts: number[] = [];
  constructor(private readonly lang: Language) {}

  /** Call after the lines of a step (or of a region end added at the end) are pushed to `body`. */
  after(op: StepOp, body: string[]): void {
    if (op === 'acc_procedure_begin') this.starts.push(body.length);
    else if (op === 'acc_procedure_end') {
      const start = this.starts.pop();
      if (start === undefined) throw new Error('internal: acc_procedure_end without an open procedure');
      body.push(...this.lang.procedure(body.splice(start)));
    }
  }
}
