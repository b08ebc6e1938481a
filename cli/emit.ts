// `mapcheck emit`: turns a program or a saved case into a self-checking Fortran or C program in the
// style of the seed study (/work/shared/seeds/000_*.txt): the world as declarations, every step as
// its directive, routine call or host statement, and after every kernel read, host read and routine
// result a check against what the `spec` profile's model observes there. The program prints `OK`
// when every check passes, and `Wrong result: …` with a non-zero exit otherwise.
//
// Identifiers in the output are generated (v1, v2, … for variables, t1, … for types, p1, … for
// members); the program's own names appear only in comments, and comments are sanitised, so no
// input text can become code.

import type { CaseFile } from '../counterexamples/case.js';
import { loadCaseFile } from '../counterexamples/case.js';
import { formatDevAddr, formatObservation, type Observation } from '../lang/observation.js';
import type { DeviceArg, MapItem, OmpStep, PtrArg } from '../lang/openmp.js';
import {
  ELEMENT_BYTES,
  parseRef,
  worldDevices,
  type Clause,
  type KernelBody,
  type ParsedRef,
  type Program,
  type Step,
  type VarRef,
  type World,
} from '../lang/program.js';
import { CASE_FORMAT, InputError, loadProgramFile, readJsonFile } from '../lang/validate.js';
import { loadProfile, type Profile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import { renderStep } from './render.js';

export type EmitLang = 'fortran' | 'c';
export type EmitApi = 'openacc' | 'openmp';

export interface EmitOptions {
  lang: EmitLang;
  /** Which directive set the program uses; inferred from its steps when absent. */
  api?: EmitApi;
  /** The case the program comes from, for the header comments. */
  caseFile?: CaseFile | null;
  /** The input file name, for the header comments. */
  source?: string;
}

/** A program `emit` cannot write faithfully (exit code 2, like any other bad input). */
export class EmitError extends InputError {
  override name = 'EmitError';
}

// ------------------------------------------------------------------------------------------------
// Loading

/** Reads a saved case (keeping its metadata) or a plain program file. */
export function loadEmitInput(path: string): { program: Program; caseFile: CaseFile | null } {
  const raw = readJsonFile(path);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && (raw as { format?: unknown }).format === CASE_FORMAT) {
    const caseFile = loadCaseFile(path);
    return { program: caseFile.program, caseFile };
  }
  return { program: loadProgramFile(path), caseFile: null };
}

/** `mapcheck emit FILE --lang L [--api A]`: the program text. A program emit refuses is named by its file. */
export function emitFile(path: string, o: { lang: EmitLang; api?: EmitApi }): string {
  const { program, caseFile } = loadEmitInput(path);
  try {
    return emitProgram(program, { ...o, caseFile, source: path });
  } catch (e) {
    if (e instanceof EmitError) throw new EmitError(`${path}: ${e.message}`);
    throw e;
  }
}

// ------------------------------------------------------------------------------------------------
// Generated names

/** The generated identifier of every world object; program names never reach the code. */
class Names {
  private readonly vars = new Map<string, string>();
  private readonly types = new Map<string, string>();
  private readonly handles = new Map<string, string>();
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
      const members = s.pointers.map((p, j) => `p${j + 1} = ${p}`).join(', ');
      this.mapping.push(`v${n} = ${s.name} (type t${k + 1}; ${members})`);
    });
    for (const s of steps)
      if (s.op === 'omp_target_alloc' && !this.handles.has(s.result)) {
        this.handles.set(s.result, `h${this.handles.size + 1}`);
        this.mapping.push(`h${this.handles.size} = ${s.result}`);
      }
  }

  /** The pointer variable holding an omp_target_alloc result. */
  handle(result: string): string {
    const h = this.handles.get(result);
    if (!h) throw new Error(`internal: no generated name for handle ${result}`);
    return h;
  }

  variable(name: string): string {
    const v = this.vars.get(name);
    if (!v) throw new Error(`internal: no generated name for ${name}`);
    return v;
  }

  typeOf(struct: string): string {
    const t = this.types.get(struct);
    if (!t) throw new Error(`internal: no generated type for ${struct}`);
    return t;
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
interface Planned {
  index: number;
  step: Step;
  obs: Observation;
  /** Element count of the pointer target a routine, write or loop acts on (null: disassociated). */
  count: number | null;
  /** The step closes a region the input left open (not one of the program's own steps). */
  closing: boolean;
}

const SPEC = 'spec';

function isOmp(step: Step): step is OmpStep {
  return step.op.startsWith('omp_');
}

function isAcc(step: Step): boolean {
  return step.op.startsWith('acc_');
}

function inferApi(program: Program): EmitApi {
  const omp = program.steps.findIndex(isOmp);
  const acc = program.steps.findIndex(isAcc);
  if (omp >= 0 && acc >= 0)
    throw new EmitError(
      `step ${Math.max(omp, acc) + 1} (${program.steps[Math.max(omp, acc)]!.op}): the program mixes OpenACC and OpenMP steps; emit writes one API per program`,
    );
  return omp >= 0 ? 'openmp' : 'openacc';
}

/** The observations of the spec model (a model that throws is an internal error, exit 3). */
function specTrace(program: Program, profile: Profile): Observation[] {
  return runTrace(program, { engine: 'model', profile }, false).observations;
}

/** The observation of `probe` when it runs right after the first `before` steps. */
function probeObservation(program: Program, before: number, probe: Step, profile: Profile): Observation {
  const trial: Program = { ...program, steps: [...program.steps.slice(0, before), probe] };
  return specTrace(trial, profile)[before]!;
}

/**
 * How many elements step `index` touches where the code needs a literal count: a kernel (what a
 * read of the same reference observes there), a host read or write, or a routine on a pointer
 * member (the member's host target). Null when the member is disassociated, or for other steps.
 */
function elementCount(program: Program, index: number, obs: Observation, profile: Profile): number | null {
  const step = program.steps[index]!;
  const readLength = (probe: Step) => {
    const o = probeObservation(program, index, probe, profile);
    return o.kind === 'read' ? o.values.length : null;
  };
  if (step.op === 'acc_parallel' || step.op === 'omp_target') {
    if ('read' in step.body) return obs.kind === 'read' ? obs.values.length : null;
    return readLength({ ...step, body: { read: step.body.write } });
  }
  if (step.op === 'host_write' || step.op === 'host_read') return readLength({ op: 'host_read', var: step.var });
  const v = routineVar(step);
  if (v !== null && parseRef(program.world, v).kind === 'member') return readLength({ op: 'host_read', var: v });
  return null;
}

function openRegionsAtEnd(program: Program): Step[] {
  const open: Step[] = [];
  for (const s of program.steps) {
    if (s.op === 'acc_data_begin' || s.op === 'omp_target_data_begin') open.push(s);
    if (s.op === 'acc_data_end' || s.op === 'omp_target_data_end') open.pop();
  }
  return open.reverse().map((s): Step => (s.op === 'acc_data_begin' ? { op: 'acc_data_end' } : { op: 'omp_target_data_end' }));
}

/**
 * The steps to write, up to and including the first one whose spec observation ends the program.
 * Regions the program leaves open are closed at its end (the code must nest), and those closing
 * steps are run through the model too, so their exit actions are checked like any other step.
 */
function plan(program: Program): { steps: Planned[]; full: Program } {
  const profile = loadProfile(SPEC);
  const full: Program = { ...program, steps: [...program.steps, ...openRegionsAtEnd(program)] };
  const observations = specTrace(full, profile);
  const steps: Planned[] = [];
  for (const [index, step] of full.steps.entries()) {
    const obs = observations[index]!;
    const count = elementCount(full, index, obs, profile);
    steps.push({ index, step, obs, count, closing: index >= program.steps.length });
    if (obs.kind === 'error' || obs.kind === 'undefined') break;
  }
  return { steps, full };
}

/** The variable a data routine, is_present or deviceptr acts on. */
function routineVar(step: Step): VarRef | null {
  switch (step.op) {
    case 'acc_copyin':
    case 'acc_create':
    case 'acc_copyout':
    case 'acc_copyout_finalize':
    case 'acc_delete':
    case 'acc_delete_finalize':
    case 'acc_is_present':
    case 'acc_deviceptr':
      return step.var;
    default:
      return null;
  }
}

// ------------------------------------------------------------------------------------------------
// Checks (language-neutral) and the two languages

/** A check written after a step: values read into `res`, or a condition on a routine's result. */
type Check =
  | { kind: 'values'; step: number; count: number; expected: (number | null)[] }
  /** `test` is a logical expression in the output language that must evaluate to `want`. */
  | { kind: 'condition'; test: string; want: boolean; message: string };

function valuesCheck(p: Planned): Check | null {
  if (p.obs.kind !== 'read') return null;
  return { kind: 'values', step: p.index + 1, count: p.obs.values.length, expected: p.obs.values };
}

/** acc_is_present: the call must return what the spec returns. */
function booleanCheck(p: Planned, call: string): Check {
  if (p.obs.kind !== 'value' || typeof p.obs.value !== 'boolean') throw new Error(`internal: step ${p.index + 1} observes ${formatObservation(p.obs)}`);
  return { kind: 'condition', test: call, want: p.obs.value, message: `step ${p.index + 1}: ${p.step.op} should return ${p.obs.value}` };
}

/**
 * A routine returning a device address: non-null when the spec returns an address, null when it
 * returns null. Which block and offset cannot be checked portably; the comment names them.
 */
function addressCheck(p: Planned, isNonNull: string): Check {
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

function bodyRef(body: KernelBody): VarRef {
  return 'read' in body ? body.read : body.write;
}

function kernelCount(p: Planned): number {
  if (p.count === null) throw new Error(`internal: no element count for the kernel of step ${p.index + 1}`);
  return p.count;
}

/**
 * A device number argument as code, with a note when the code cannot say what it means: the host
 * is `omp_get_initial_device()` (number n in the world, or `"initial"`); gcc 12 knows neither
 * `omp_initial_device` nor `omp_invalid_device`, so those are written as the model's numbers.
 */
function deviceCode(world: World, d: DeviceArg): { code: string; note: string | null } {
  if (d === 'initial' || d === worldDevices(world).length) return { code: 'omp_get_initial_device()', note: null };
  if (d === -1) return { code: '-1', note: '-1 is omp_initial_device (OpenMP 5.2), a name gcc 12 does not define' };
  if (d === -2)
    return { code: '-2', note: '-2 stands for omp_invalid_device, whose value is implementation-defined; gcc 12 does not define the name' };
  return { code: String(d), note: null };
}

/** The notes of every device argument of an OpenMP step, as comment texts. */
function deviceNotes(world: World, step: Step): string[] {
  const args: (DeviceArg | undefined)[] =
    step.op === 'omp_target_memcpy' ? [step.dst_device, step.src_device] : isOmp(step) && 'device' in step ? [step.device] : [];
  return args.flatMap((d) => (d === undefined ? [] : (deviceCode(world, d).note ?? [])));
}

/** The device clause of a construct, with `code` spelling the number. */
function ompDevice(step: { device?: DeviceArg }, code: (d: DeviceArg) => string): string {
  return step.device === undefined ? '' : ` device(${code(step.device)})`;
}

/**
 * Map clauses. OpenMP 6.0's delete modifier on a `release` (storage) item is what the 5.x `delete`
 * map type does, which GCC accepts; on a `from` item it also copies back, which no 5.x map type
 * says in one clause, so emit refuses it.
 */
function ompMaps(p: Planned, spell: (v: VarRef) => string, maps: MapItem[]): string {
  return maps
    .map((m) => {
      let type: string = m.type;
      let modifiers = m.modifiers ?? [];
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
interface DirectiveSpelling {
  clauses(list: Clause<string>[]): string;
  variable(v: VarRef): string;
  device(d: DeviceArg): string;
}

/**
 * What follows the sentinel (`!$acc`, `#pragma omp`) of a directive step; Fortran and C differ only
 * in how references and device numbers are spelt: `enter data copyin(v1)`, `parallel loop
 * present(v3)`, `target device(0) map(to: v1)`.
 */
function directiveText(p: Planned, spelling: DirectiveSpelling): string {
  const s = p.step;
  const omp = (name: string, step: { device?: DeviceArg; maps: MapItem[] }) =>
    `${name}${ompDevice(step, spelling.device)}${ompMaps(p, spelling.variable, step.maps)}`;
  switch (s.op) {
    case 'acc_enter_data':
      return `enter data${spelling.clauses(s.clauses)}`;
    case 'acc_exit_data':
      return `exit data${spelling.clauses(s.clauses)}${s.finalize ? ' finalize' : ''}`;
    case 'acc_data_begin':
      return `data${spelling.clauses(s.clauses)}`;
    case 'acc_parallel': {
      // `res` must reach the device too, and with default(present) nothing else puts it there.
      const res = s.default === 'present' && 'read' in s.body ? ' copy(res)' : '';
      return `parallel loop${spelling.clauses(s.clauses)}${s.default ? ` default(${s.default})` : ''}${res}`;
    }
    case 'omp_target':
      return omp('target', s);
    case 'omp_target_enter_data':
      return omp('target enter data', s);
    case 'omp_target_exit_data':
      return omp('target exit data', s);
    case 'omp_target_data_begin':
      return omp('target data', s);
    default:
      throw new Error(`internal: ${s.op} is not a directive`);
  }
}

/** A boolean (is_present, is_accessible) or 0 / nonzero result, compared with 0 as C and Fortran get it. */
function intResultCheck(p: Planned, call: string, ops: { zero: string; nonzero: string }): Check {
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
function mappedPtrCheck(p: Planned, isNonNull: string, isArgument: string): Check {
  if (p.obs.kind === 'value' && p.obs.value !== null && typeof p.obs.value === 'object' && 'host' in p.obs.value)
    return { kind: 'condition', test: isArgument, want: true, message: `step ${p.index + 1}: ${p.step.op} should return the host pointer itself` };
  return addressCheck(p, isNonNull);
}

interface Context {
  names: Names;
  world: World;
  api: EmitApi;
  /** Length of the `res` array (the longest read), 0 when nothing is read. */
  resLength: number;
}

interface Language {
  /** Fortran folds the final `OK` into the last check, as the seed programs do. */
  readonly foldsOk: boolean;
  comment(text: string): string;
  /** The step's statement, directive or call, and the check that follows it. */
  step(p: Planned): { lines: string[]; check: Check | null };
  check(c: Check, foldOk: boolean): string[];
  stopAfterError(step: number, code: string): string[];
  regionEnd(): string[];
  /** Declarations and initial values; written last, so it knows what the body used. */
  prologue(): string[];
  epilogue(okPrinted: boolean): string[];
}

// --- Fortran --------------------------------------------------------------------------------------

const FORTRAN_LINE = 100;

/** Breaks a long free-form line after commas; directive lines continue with their sentinel. */
function wrapFortran(line: string): string[] {
  if (line.length <= FORTRAN_LINE) return [line];
  const indent = /^\s*/.exec(line)![0];
  const sentinel = /^\s*(!\$(?:acc|omp))\s/.exec(line)?.[1];
  const prefix = sentinel ? `${indent}${sentinel} ` : `${indent}    `;
  const out: string[] = [];
  let rest = line;
  while (rest.length > FORTRAN_LINE) {
    const cut = rest.lastIndexOf(', ', FORTRAN_LINE - 2);
    if (cut <= prefix.length) break;
    out.push(`${rest.slice(0, cut + 1)} &`);
    rest = prefix + rest.slice(cut + 2);
  }
  out.push(rest);
  return out;
}

const fortranList = (values: number[]) => `[${values.join(', ')}]`;

function fortran({ names, world, api, resLength }: Context): Language {
  const sentinel = api === 'openacc' ? '!$acc' : '!$omp';
  let usesRuntimeModule = false;
  let usesDeviceptr = false;
  let usesLoop = false;
  /** iso_c_binding names the body uses. */
  const cBinding = new Set<string>();
  /** C bindings of OpenMP routines gfortran 12's omp_lib lacks. */
  let usesIsAccessible = false;
  let usesMappedPtr = false;
  let usesPlusBytes = false;
  let structsAreTargets = false;
  /** omp_target_alloc results the body assigns. */
  const handles: string[] = [];

  // Fortran spells a reference the same way in every clause: `v1`, `v1(2:5)`, `v3`, `v3%p1`.
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return names.variable(r.name);
    if (r.kind === 'member') return `${names.variable(r.struct)}%${names.member(r.struct, r.member)}`;
    const v = names.variable(r.name);
    return r.whole ? v : `${v}(${r.lo + 1}:${r.hi})`;
  };
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  const element = (r: ParsedRef, i: string): string => {
    if (r.kind === 'member') return `${spell(r)}(${i})`;
    if (r.kind === 'array') return `${names.variable(r.name)}(${r.lo === 0 ? i : `${i} + ${r.lo}`})`;
    throw new Error('internal: element of a whole struct');
  };
  const clauses = (list: Clause<string>[]) => list.map((c) => ` ${c.clause}(${c.vars.map(spellVar).join(', ')})`).join('');
  const directive = (words: string) => wrapFortran(`  ${sentinel} ${words}`);
  /** A routine argument; a disassociated pointer cannot be one in Fortran. */
  const argument = (p: Planned, v: VarRef): ParsedRef => {
    const r = parseRef(world, v);
    if (r.kind === 'member' && p.count === null)
      throw new EmitError(
        `step ${p.index + 1} (${p.step.op}): ${v} is disassociated there, and Fortran cannot pass a disassociated pointer to a routine; emit --lang c writes it`,
      );
    return r;
  };
  const resSlice = (count: number) => (count === resLength ? 'res' : `res(1:${count})`);

  /** A device number argument; the host is `omp_get_initial_device()`, from omp_lib. */
  const device = (d: DeviceArg) => {
    const { code } = deviceCode(world, d);
    if (code.startsWith('omp_')) usesRuntimeModule = true;
    return code;
  };
  const sizeT = (n: number) => {
    cBinding.add('c_size_t');
    return `${n}_c_size_t`;
  };
  /** `p` moved on by `bytes` bytes (through an integer, since Fortran has no pointer arithmetic). */
  const plusBytes = (ptr: string, bytes: number) => {
    if (bytes === 0) return ptr;
    usesPlusBytes = true;
    cBinding.add('c_intptr_t');
    return `plus_bytes(${ptr}, ${bytes})`;
  };
  /** A routine's pointer argument as a `type(c_ptr)` expression. */
  const cPointer = (arg: PtrArg): string => {
    cBinding.add('c_ptr');
    if (arg === null) {
      cBinding.add('c_null_ptr');
      return 'c_null_ptr';
    }
    const offset = arg.offset ?? 0;
    if ('handle' in arg) return plusBytes(names.handle(arg.handle), offset);
    cBinding.add('c_loc');
    const r = parseRef(world, arg.var);
    if (r.kind === 'struct') {
      structsAreTargets = true;
      return plusBytes(`c_loc(${names.variable(r.name)})`, offset);
    }
    if (r.kind !== 'array') throw new Error(`internal: pointer argument ${arg.var} is a pointer member`);
    const v = names.variable(r.name);
    const length = world.arrays.find((a) => a.name === r.name)!.length;
    // Whole elements inside the array are addressed directly; anything else goes through plus_bytes.
    const element = r.lo + offset / ELEMENT_BYTES;
    if (Number.isInteger(element) && element < length) return `c_loc(${v}(${element + 1}))`;
    return plusBytes(`c_loc(${v}(${r.lo + 1}))`, offset);
  };
  /** A routine from omp_lib (or its local C binding) with its arguments. */
  const ompCall = (name: string, args: string[]) => {
    usesRuntimeModule = true;
    return `${name}(${args.join(', ')})`;
  };
  const intOps = { zero: '==', nonzero: '/=' };

  const spelling: DirectiveSpelling = { clauses, variable: spellVar, device };

  /** A kernel step: the construct around a loop over the body's reference. */
  function kernel(p: Planned, body: KernelBody): string[] {
    usesLoop = true;
    const r = parseRef(world, bodyRef(body));
    const assign = 'read' in body ? `res(i) = ${element(r, 'i')}` : `${element(r, 'i')} = ${body.value}`;
    const loop = [`  do i = 1, ${kernelCount(p)}`, `    ${assign}`, '  end do'];
    const reset = 'read' in body ? ['  res = -1'] : [];
    const end = api === 'openacc' ? [] : [`  ${sentinel} end target`];
    return [...reset, ...directive(directiveText(p, spelling)), ...loop, ...end];
  }

  return {
    foldsOk: true,
    comment: (text) => `  ! ${commentText(text)}`,
    step(p) {
      const s = p.step;
      switch (s.op) {
        case 'acc_enter_data':
        case 'acc_exit_data':
        case 'acc_data_begin':
        case 'omp_target_enter_data':
        case 'omp_target_exit_data':
        case 'omp_target_data_begin':
          return { lines: directive(directiveText(p, spelling)), check: null };
        case 'acc_data_end':
        case 'omp_target_data_end':
          return { lines: this.regionEnd(), check: null };
        case 'acc_parallel':
        case 'omp_target':
          return { lines: kernel(p, s.body), check: valuesCheck(p) };
        case 'acc_copyin':
        case 'acc_create':
        case 'acc_copyout':
        case 'acc_copyout_finalize':
        case 'acc_delete':
        case 'acc_delete_finalize':
          // Fortran's data routines are subroutines: acc_copyin's device address is not returned.
          usesRuntimeModule = true;
          return { lines: [`  call ${s.op}(${spell(argument(p, s.var))})`], check: null };
        case 'acc_is_present': {
          usesRuntimeModule = true;
          const arg = spell(argument(p, s.var));
          const call = s.bytes === undefined ? `acc_is_present(${arg})` : `acc_is_present(${arg}, ${s.bytes})`;
          return { lines: [], check: booleanCheck(p, call) };
        }
        case 'acc_deviceptr': {
          usesDeviceptr = true;
          const r = argument(p, s.var);
          const first = r.kind === 'array' ? `${names.variable(r.name)}(${r.lo + 1})` : r.kind === 'member' ? `${spell(r)}(1)` : spell(r);
          return { lines: [], check: addressCheck(p, `c_associated(acc_deviceptr_c(c_loc(${first})))`) };
        }
        case 'acc_attach':
        case 'acc_detach':
        case 'acc_detach_finalize': {
          // OpenACC 3.3 §3.2.29 defines these routines as the attach, detach and finalizing detach
          // of enter / exit data. GCC's openacc module has no Fortran acc_attach, so the directive
          // form is written: every compiler accepts it and the spec gives it the same meaning.
          const ptr = spellVar(s.ptr);
          const words = s.op === 'acc_attach' ? `enter data attach(${ptr})` : `exit data detach(${ptr})${s.op === 'acc_detach_finalize' ? ' finalize' : ''}`;
          return { lines: [`  ! call ${s.op}(${ptr}) as the equivalent directive (OpenACC 3.3 §3.2.29)`, ...directive(words)], check: null };
        }
        case 'pointer_assign':
          return { lines: [`  ${spellVar(s.ptr)} => ${spellVar(s.target)}`], check: null };
        case 'nullify':
          return { lines: [`  nullify(${spellVar(s.ptr)})`], check: null };
        case 'host_write':
          return { lines: [`  ${spellVar(s.var)} = ${s.value}`], check: null };
        case 'host_read':
          return { lines: [...(p.count === resLength ? [] : ['  res = -1']), `  ${resSlice(p.count ?? 0)} = ${spellVar(s.var)}`], check: valuesCheck(p) };
        case 'omp_target_alloc': {
          const h = names.handle(s.result);
          if (!handles.includes(h)) handles.push(h);
          cBinding.add('c_ptr').add('c_associated');
          return { lines: [`  ${h} = ${ompCall('omp_target_alloc', [sizeT(s.bytes), device(s.device)])}`], check: addressCheck(p, `c_associated(${h})`) };
        }
        case 'omp_target_free':
          return { lines: [`  call ${ompCall('omp_target_free', [cPointer(s.ptr), device(s.device)])}`], check: null };
        case 'omp_target_is_present':
          return { lines: [], check: intResultCheck(p, ompCall('omp_target_is_present', [cPointer(s.ptr), device(s.device)]), intOps) };
        case 'omp_target_is_accessible':
          usesIsAccessible = true;
          cBinding.add('c_int');
          return {
            lines: [],
            check: intResultCheck(p, ompCall('omp_target_is_accessible_c', [cPointer(s.ptr), sizeT(s.bytes), device(s.device)]), intOps),
          };
        case 'omp_target_associate_ptr': {
          const args = [cPointer(s.host), cPointer(s.dev), sizeT(s.bytes), sizeT(s.offset), device(s.device)];
          return { lines: [], check: intResultCheck(p, ompCall('omp_target_associate_ptr', args), intOps) };
        }
        case 'omp_target_disassociate_ptr':
          return { lines: [], check: intResultCheck(p, ompCall('omp_target_disassociate_ptr', [cPointer(s.ptr), device(s.device)]), intOps) };
        case 'omp_get_mapped_ptr': {
          usesMappedPtr = true;
          cBinding.add('c_associated').add('c_int');
          const arg = cPointer(s.ptr);
          const call = ompCall('omp_get_mapped_ptr_c', [arg, device(s.device)]);
          return { lines: [], check: mappedPtrCheck(p, `c_associated(${call})`, `c_associated(${call}, ${arg})`) };
        }
        case 'omp_target_memcpy': {
          const args = [
            cPointer(s.dst),
            cPointer(s.src),
            sizeT(s.bytes),
            sizeT(s.dst_offset),
            sizeT(s.src_offset),
            device(s.dst_device),
            device(s.src_device),
          ];
          return { lines: [], check: intResultCheck(p, ompCall('omp_target_memcpy', args), intOps) };
        }
      }
    },
    check(c, foldOk) {
      let holds: string;
      let fails: string;
      let shown: string;
      if (c.kind === 'condition') {
        const negated = /\s(==|\/=)\s/.test(c.test) ? `.not. (${c.test})` : `.not. ${c.test}`;
        holds = c.want ? c.test : negated;
        fails = c.want ? negated : c.test;
        shown = `"Wrong result: ${c.message}"`;
      } else {
        const res = resSlice(c.count);
        const known = c.expected.flatMap((v, k) => (v === null ? [] : [k]));
        const values = known.map((k) => c.expected[k]!);
        if (known.length === 0) return ['  ! every element read is indeterminate under the spec: nothing to check'];
        const [got, want] =
          known.length < c.expected.length
            ? [`res(${fortranList(known.map((k) => k + 1))})`, fortranList(values)]
            : [res, values.every((v) => v === values[0]) ? String(values[0]) : fortranList(values)];
        holds = `all(${got} == ${want})`;
        fails = `any(${got} /= ${want})`;
        shown = `"Wrong result: ", ${res}`;
      }
      const fail = [`    write(*,*) ${shown}`, '    error stop'];
      const lines = foldOk
        ? [`  if (${holds}) then`, '    write(*,*) "OK"', '  else', ...fail, '  end if']
        : [`  if (${fails}) then`, ...fail, '  end if'];
      return lines.flatMap(wrapFortran);
    },
    stopAfterError: (step, code) => [`  write(*,*) "Wrong result: step ${step} should have stopped with runtime error ${code}"`, '  error stop'],
    regionEnd: () => [`  ${sentinel} end ${api === 'openacc' ? 'data' : 'target data'}`],
    prologue() {
      const out = ['program main'];
      if (usesRuntimeModule) out.push(api === 'openacc' ? '  use openacc' : '  use omp_lib');
      if (usesDeviceptr) cBinding.add('c_ptr').add('c_loc').add('c_associated');
      if (cBinding.size > 0) out.push(`  use iso_c_binding, only: ${[...cBinding].sort().join(', ')}`);
      out.push('  implicit none');
      const interfaces: string[] = [];
      if (usesDeviceptr)
        interfaces.push(
          '    ! acc_deviceptr (OpenACC 3.3 §3.2.23) through its C binding, which every runtime exports',
          '    type(c_ptr) function acc_deviceptr_c(h) bind(C, name="acc_deviceptr")',
          '      import :: c_ptr',
          '      type(c_ptr), value :: h',
          '    end function',
        );
      // OpenMP 5.1 routines gfortran 12's omp_lib does not declare, called through their C names
      // (runtimes that lack them fail to link, which names the missing routine).
      if (usesIsAccessible)
        interfaces.push(
          '    ! omp_target_is_accessible (OpenMP 6.0 §25.2.2)',
          '    integer(c_int) function omp_target_is_accessible_c(ptr, size, device_num) bind(C, name="omp_target_is_accessible")',
          '      import :: c_ptr, c_size_t, c_int',
          '      type(c_ptr), value :: ptr',
          '      integer(c_size_t), value :: size',
          '      integer(c_int), value :: device_num',
          '    end function',
        );
      if (usesMappedPtr)
        interfaces.push(
          '    ! omp_get_mapped_ptr (OpenMP 6.0 §25.2.3)',
          '    type(c_ptr) function omp_get_mapped_ptr_c(ptr, device_num) bind(C, name="omp_get_mapped_ptr")',
          '      import :: c_ptr, c_int',
          '      type(c_ptr), value :: ptr',
          '      integer(c_int), value :: device_num',
          '    end function',
        );
      if (interfaces.length > 0) out.push('  interface', ...interfaces, '  end interface');
      for (const s of world.structs) {
        out.push(`  type :: ${names.typeOf(s.name)}`);
        for (const m of s.pointers) out.push(`    integer, pointer :: ${names.member(s.name, m)}(:) => null()`);
        out.push('  end type');
      }
      for (const s of world.structs) out.push(`  type(${names.typeOf(s.name)})${usesDeviceptr || structsAreTargets ? ', target' : ''} :: ${names.variable(s.name)}`);
      if (world.arrays.length > 0) out.push(`  integer, pointer :: ${world.arrays.map((a) => `${names.variable(a.name)}(:)`).join(', ')}`);
      const locals = [...(usesLoop ? ['i'] : []), ...(resLength > 0 ? [`res(${resLength})`] : [])];
      if (locals.length > 0) out.push(`  integer :: ${locals.join(', ')}`);
      if (handles.length > 0) out.push(`  type(c_ptr) :: ${handles.join(', ')}`);
      if (world.arrays.length > 0) out.push(`  allocate(${world.arrays.map((a) => `${names.variable(a.name)}(${a.length})`).join(', ')})`);
      for (const a of world.arrays) out.push(`  ${names.variable(a.name)} = ${Array.isArray(a.init) ? fortranList(a.init) : (a.init ?? 0)}`);
      for (const s of world.structs)
        for (const [m, target] of Object.entries(s.init ?? {}))
          if (target !== null) out.push(`  ${names.variable(s.name)}%${names.member(s.name, m)} => ${spellVar(target)}`);
      return out.flatMap(wrapFortran);
    },
    epilogue: (okPrinted) => [
      ...(okPrinted ? [] : ['  write(*,*) "OK"']),
      ...(usesPlusBytes
        ? [
            'contains',
            '  ! The address p plus n bytes.',
            '  type(c_ptr) function plus_bytes(p, n)',
            '    type(c_ptr), intent(in) :: p',
            '    integer, intent(in) :: n',
            '    plus_bytes = transfer(transfer(p, 0_c_intptr_t) + n, p)',
            '  end function',
          ]
        : []),
      'end program',
    ],
  };
}

// --- C ----------------------------------------------------------------------------------------------

const cList = (values: number[]) => `(const int[]){${values.join(', ')}}`;

function c({ names, world, api, resLength }: Context): Language {
  const pragma = api === 'openacc' ? '#pragma acc' : '#pragma omp';
  let depth = 1;
  const ind = () => '  '.repeat(depth);
  let usesCheck = false;
  let usesCheckRead = false;
  /** Declarations of OpenMP 5.1 routines gcc 12's omp.h lacks. */
  let usesIsAccessible = false;
  let usesMappedPtr = false;
  /** omp_target_alloc results the body assigns. */
  const handles: string[] = [];

  /** The pointer member itself: `v3.p1`. */
  const member = (r: Extract<ParsedRef, { kind: 'member' }>) => `${names.variable(r.struct)}.${names.member(r.struct, r.member)}`;
  /** A data-clause reference; a member is its target section `v3.p1[0:v3.p1_n]`, which also attaches it. */
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return names.variable(r.name);
    if (r.kind === 'member') return `${member(r)}[0:${member(r)}_n]`;
    const v = names.variable(r.name);
    return r.whole ? v : `${v}[${r.lo}:${r.hi - r.lo}]`;
  };
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  const pointer = (v: VarRef) => {
    const r = parseRef(world, v);
    if (r.kind !== 'member') throw new Error(`internal: ${v} is not a pointer member`);
    return member(r);
  };
  const element = (r: ParsedRef, i: string): string => {
    if (r.kind === 'member') return `${member(r)}[${i}]`;
    if (r.kind === 'array') return `${names.variable(r.name)}[${r.lo === 0 ? i : `${i} + ${r.lo}`}]`;
    throw new Error('internal: element of a whole struct');
  };
  /** Start address and byte length of a routine argument. */
  const startAndBytes = (v: VarRef): [string, string] => {
    const r = parseRef(world, v);
    if (r.kind === 'struct') return [`&${names.variable(r.name)}`, `sizeof ${names.variable(r.name)}`];
    if (r.kind === 'member') return [member(r), `${member(r)}_n * sizeof(int)`];
    const name = names.variable(r.name);
    return r.whole ? [name, `sizeof ${name}`] : [`&${name}[${r.lo}]`, `${r.hi - r.lo} * sizeof(int)`];
  };
  const clauses = (list: Clause<string>[]) =>
    list.map((cl) => ` ${cl.clause}(${cl.vars.map((v) => (cl.clause === 'attach' || cl.clause === 'detach' ? pointer(v) : spellVar(v))).join(', ')})`).join('');
  const loop = (count: number, assign: string) => [`${ind()}for (int i = 0; i < ${count}; i++)`, `${ind()}  ${assign};`];
  const resetRes = () => [`${ind()}for (int i = 0; i < ${'(int)(sizeof res / sizeof res[0])'}; i++)`, `${ind()}  res[i] = -1;`];
  const regionBegin = (words: string) => {
    const lines = [`${pragma} ${words}`, `${ind()}{`];
    depth++;
    return lines;
  };
  /** The count a host loop over `v` runs for: the array section, or the pointer's target. */
  const hostCountOf = (p: Planned, v: VarRef): number => {
    const r = parseRef(world, v);
    if (r.kind === 'array') return r.hi - r.lo;
    if (p.count === null) throw new Error(`internal: no element count for ${v} at step ${p.index + 1}`);
    return p.count;
  };
  const assignPointer = (ptr: string, target: VarRef): string[] => {
    const r = parseRef(world, target);
    if (r.kind !== 'array') throw new Error('internal: a pointer target is an array or subarray');
    const v = names.variable(r.name);
    return [`${ind()}${ptr} = ${r.lo === 0 ? v : `&${v}[${r.lo}]`};`, `${ind()}${ptr}_n = ${r.hi - r.lo};`];
  };

  const device = (d: DeviceArg) => deviceCode(world, d).code;
  /** A routine's pointer argument: `v1`, `&v1[2]`, `(char *)&v3 + 4`, `h1`, `NULL`. */
  const cPointer = (arg: PtrArg): string => {
    if (arg === null) return 'NULL';
    const offset = arg.offset ?? 0;
    const plusBytes = (base: string) => (offset === 0 ? base : `(char *)${base} + ${offset}`);
    if ('handle' in arg) return plusBytes(names.handle(arg.handle));
    const r = parseRef(world, arg.var);
    if (r.kind === 'struct') return plusBytes(`&${names.variable(r.name)}`);
    if (r.kind !== 'array') throw new Error(`internal: pointer argument ${arg.var} is a pointer member`);
    const v = names.variable(r.name);
    const element = r.lo + offset / ELEMENT_BYTES;
    // Whole elements (one past the end included) are addressed as elements.
    if (Number.isInteger(element)) return element === 0 ? v : `&${v}[${element}]`;
    return `(char *)${r.lo === 0 ? v : `&${v}[${r.lo}]`} + ${offset}`;
  };
  const intOps = { zero: '==', nonzero: '!=' };

  const spelling: DirectiveSpelling = { clauses, variable: spellVar, device };

  /** A kernel step: the construct over a loop on the body's reference. */
  function kernel(p: Planned, body: KernelBody): string[] {
    const r = parseRef(world, bodyRef(body));
    const assign = 'read' in body ? `res[i] = ${element(r, 'i')}` : `${element(r, 'i')} = ${body.value}`;
    return [...('read' in body ? resetRes() : []), `${pragma} ${directiveText(p, spelling)}`, ...loop(kernelCount(p), assign)];
  }

  return {
    foldsOk: false,
    comment: (text) => `${ind()}// ${commentText(text)}`,
    step(p) {
      const s = p.step;
      switch (s.op) {
        case 'acc_enter_data':
        case 'acc_exit_data':
        case 'omp_target_enter_data':
        case 'omp_target_exit_data':
          return { lines: [`${pragma} ${directiveText(p, spelling)}`], check: null };
        case 'acc_data_begin':
        case 'omp_target_data_begin':
          return { lines: regionBegin(directiveText(p, spelling)), check: null };
        case 'acc_data_end':
        case 'omp_target_data_end':
          return { lines: this.regionEnd(), check: null };
        case 'acc_parallel':
        case 'omp_target':
          return { lines: kernel(p, s.body), check: valuesCheck(p) };
        case 'acc_copyin':
        case 'acc_create':
          return { lines: [], check: addressCheck(p, `${s.op}(${startAndBytes(s.var).join(', ')}) != NULL`) };
        case 'acc_copyout':
        case 'acc_copyout_finalize':
        case 'acc_delete':
        case 'acc_delete_finalize':
          return { lines: [`${ind()}${s.op}(${startAndBytes(s.var).join(', ')});`], check: null };
        case 'acc_is_present': {
          const [start, bytes] = startAndBytes(s.var);
          return { lines: [], check: booleanCheck(p, `acc_is_present(${start}, ${s.bytes ?? bytes})`) };
        }
        case 'acc_deviceptr':
          return { lines: [], check: addressCheck(p, `acc_deviceptr(${startAndBytes(s.var)[0]}) != NULL`) };
        case 'acc_attach':
        case 'acc_detach':
        case 'acc_detach_finalize':
          return { lines: [`${ind()}${s.op}((void **)&${pointer(s.ptr)});`], check: null };
        case 'pointer_assign':
          return { lines: assignPointer(pointer(s.ptr), s.target), check: null };
        case 'nullify':
          return { lines: [`${ind()}${pointer(s.ptr)} = NULL;`, `${ind()}${pointer(s.ptr)}_n = 0;`], check: null };
        case 'host_write':
          return { lines: loop(hostCountOf(p, s.var), `${element(parseRef(world, s.var), 'i')} = ${s.value}`), check: null };
        case 'host_read':
          return {
            lines: [...resetRes(), ...loop(hostCountOf(p, s.var), `res[i] = ${element(parseRef(world, s.var), 'i')}`)],
            check: valuesCheck(p),
          };
        case 'omp_target_alloc': {
          const h = names.handle(s.result);
          if (!handles.includes(h)) handles.push(h);
          return { lines: [`${ind()}${h} = omp_target_alloc(${s.bytes}, ${device(s.device)});`], check: addressCheck(p, `${h} != NULL`) };
        }
        case 'omp_target_free':
          return { lines: [`${ind()}omp_target_free(${cPointer(s.ptr)}, ${device(s.device)});`], check: null };
        case 'omp_target_is_present':
          return { lines: [], check: intResultCheck(p, `omp_target_is_present(${cPointer(s.ptr)}, ${device(s.device)})`, intOps) };
        case 'omp_target_is_accessible':
          usesIsAccessible = true;
          return { lines: [], check: intResultCheck(p, `omp_target_is_accessible(${cPointer(s.ptr)}, ${s.bytes}, ${device(s.device)})`, intOps) };
        case 'omp_target_associate_ptr': {
          const call = `omp_target_associate_ptr(${cPointer(s.host)}, ${cPointer(s.dev)}, ${s.bytes}, ${s.offset}, ${device(s.device)})`;
          return { lines: [], check: intResultCheck(p, call, intOps) };
        }
        case 'omp_target_disassociate_ptr':
          return { lines: [], check: intResultCheck(p, `omp_target_disassociate_ptr(${cPointer(s.ptr)}, ${device(s.device)})`, intOps) };
        case 'omp_get_mapped_ptr': {
          usesMappedPtr = true;
          const arg = cPointer(s.ptr);
          const call = `omp_get_mapped_ptr(${arg}, ${device(s.device)})`;
          return { lines: [], check: mappedPtrCheck(p, `${call} != NULL`, `${call} == (void *)(${arg})`) };
        }
        case 'omp_target_memcpy': {
          const args = [cPointer(s.dst), cPointer(s.src), s.bytes, s.dst_offset, s.src_offset, device(s.dst_device), device(s.src_device)];
          return { lines: [], check: intResultCheck(p, `omp_target_memcpy(${args.join(', ')})`, intOps) };
        }
      }
    },
    check(chk) {
      if (chk.kind === 'condition') {
        usesCheck = true;
        const holds = chk.want ? chk.test : `!(${chk.test})`;
        return [`${ind()}check(${holds}, "${chk.message}");`];
      }
      const known = chk.expected.flatMap((v, k) => (v === null ? [] : [k]));
      if (known.length === 0) return [`${ind()}// every element read is indeterminate under the spec: nothing to check`];
      usesCheckRead = true;
      const want = known.map((k) => chk.expected[k]!);
      return [`${ind()}check_read("step ${chk.step}", res, ${chk.count}, ${cList(known)}, ${cList(want)}, ${known.length});`];
    },
    stopAfterError(step, code) {
      usesCheck = true;
      return [`${ind()}check(0, "step ${step} should have stopped with runtime error ${code}");`];
    },
    regionEnd() {
      depth--;
      return [`${ind()}}`];
    },
    prologue() {
      const out = ['#include <stdio.h>', '#include <stdlib.h>', api === 'openacc' ? '#include <openacc.h>' : '#include <omp.h>', ''];
      // OpenMP 5.1 routines gcc 12's omp.h does not declare; newer headers declare them alike, and a
      // runtime that lacks them fails to link, which names the missing routine.
      if (usesIsAccessible) out.push('/* omp_target_is_accessible (OpenMP 6.0 §25.2.2) */', 'int omp_target_is_accessible(const void *ptr, size_t size, int device_num);', '');
      if (usesMappedPtr) out.push('/* omp_get_mapped_ptr (OpenMP 6.0 §25.2.3) */', 'void *omp_get_mapped_ptr(const void *ptr, int device_num);', '');
      for (const s of world.structs) {
        out.push(`struct ${names.typeOf(s.name)} {`);
        for (const m of s.pointers) out.push(`  int *${names.member(s.name, m)};`, `  int ${names.member(s.name, m)}_n;`);
        out.push('};', '');
      }
      if (usesCheckRead)
        out.push(
          '/* Exits with 1, printing the n values read, unless got[idx[k]] == want[k] for every k < m. */',
          'static void check_read(const char *where, const int *got, int n, const int *idx, const int *want, int m)',
          '{',
          '  for (int k = 0; k < m; k++)',
          '    if (got[idx[k]] != want[k]) {',
          '      printf("Wrong result: %s:", where);',
          '      for (int j = 0; j < n; j++)',
          '        printf(" %d", got[j]);',
          '      printf("\\n");',
          '      exit(1);',
          '    }',
          '}',
          '',
        );
      if (usesCheck)
        out.push(
          '/* Exits with 1, printing the message, unless the condition holds. */',
          'static void check(int holds, const char *message)',
          '{',
          '  if (!holds) {',
          '    printf("Wrong result: %s\\n", message);',
          '    exit(1);',
          '  }',
          '}',
          '',
        );
      out.push('int main(void)', '{');
      for (const a of world.arrays) {
        const v = names.variable(a.name);
        out.push(Array.isArray(a.init) ? `  static int ${v}[${a.length}] = {${a.init.join(', ')}};` : `  static int ${v}[${a.length}];`);
      }
      for (const s of world.structs) out.push(`  static struct ${names.typeOf(s.name)} ${names.variable(s.name)};`);
      if (resLength > 0) out.push(`  int res[${resLength}];`);
      if (handles.length > 0) out.push(`  void ${handles.map((h) => `*${h}`).join(', ')};`);
      for (const a of world.arrays)
        if (!Array.isArray(a.init) && (a.init ?? 0) !== 0)
          out.push(`  for (int i = 0; i < ${a.length}; i++)`, `    ${names.variable(a.name)}[i] = ${a.init};`);
      for (const s of world.structs)
        for (const [m, target] of Object.entries(s.init ?? {}))
          if (target !== null) out.push(...assignPointer(`${names.variable(s.name)}.${names.member(s.name, m)}`, target));
      return out;
    },
    epilogue: () => ['  printf("OK\\n");', '  return 0;', '}'],
  };
}

// ------------------------------------------------------------------------------------------------
// Driver

function headerComments(program: Program, o: EmitOptions, names: Names, api: EmitApi): string[] {
  const lines = [`Generated by mapcheck emit${o.source ? ` from ${o.source}` : ''} (${o.lang}, ${api === 'openacc' ? 'OpenACC' : 'OpenMP'}).`];
  const cf = o.caseFile;
  if (cf) {
    lines.push(`Case: ${cf.title}`);
    const side = (k: 'a' | 'b') => `${cf.sides[k].engine}:${cf.sides[k].profile}`;
    const at = cf.divergence ? `, first divergence at step ${cf.divergence.step} (${cf.divergence.kind})` : '';
    lines.push(`Sides: a = ${side('a')}, b = ${side('b')}; compared by ${cf.compare}; status ${cf.status}${at}.`);
    if (cf.spec.length > 0) lines.push(`Spec: ${cf.spec.join('; ')}`);
  }
  lines.push(`Checks: what the spec profile's model observes in this ${program.steps.length}-step program; OK when the runtime agrees.`);
  if (api === 'openmp') {
    const devices = worldDevices(program.world);
    const listed = devices.map((d, k) => `${k} ${d.kind === 'shared' ? 'shares memory with the host' : 'has its own memory'}`).join(', ');
    lines.push(`Devices the checks assume: ${listed}; the host is omp_get_initial_device(), number ${devices.length}.`);
  }
  lines.push(`Names: ${names.mapping.join('; ')}`);
  return lines;
}

function expectedNote(o: Observation): string {
  if (o.kind === 'ok') return '';
  if (o.kind === 'value' && o.value !== null && typeof o.value === 'object' && 'block' in o.value) return ` (spec: ${formatDevAddr(o.value)})`;
  return ` (spec: ${formatObservation(o)})`;
}

/** The self-checking program for `program`, in `o.lang`. */
export function emitProgram(program: Program, o: EmitOptions): string {
  const inferred = inferApi(program);
  const api = o.api ?? inferred;
  const wrong = program.steps.findIndex(api === 'openacc' ? isOmp : isAcc);
  if (wrong >= 0)
    throw new EmitError(`step ${wrong + 1} (${program.steps[wrong]!.op}): not an ${api === 'openacc' ? 'OpenACC' : 'OpenMP'} step, but --api ${api} was asked for`);
  const world = program.world;
  const names = new Names(world, program.steps);
  const { steps, full } = plan(program);
  const resLength = Math.max(0, ...steps.map((p) => (p.obs.kind === 'read' ? p.obs.values.length : 0)));
  const lang = (o.lang === 'fortran' ? fortran : c)({ names, world, api, resLength });
  const caseFile = o.caseFile ?? null;

  const body: string[] = [];
  let okPrinted = false;
  let written = 0;
  for (const [k, p] of steps.entries()) {
    const origin = p.closing ? 'added: closes a region the program leaves open' : `step ${p.index + 1}`;
    body.push(lang.comment(`${origin}: ${renderStep(p.step)}${expectedNote(p.obs)}`));
    const other = caseFile && !p.closing ? caseFile.expected.b[p.index] : undefined;
    if (caseFile?.divergence?.step === p.index + 1 && other) {
      const b = `${caseFile.sides.b.engine}:${caseFile.sides.b.profile}`;
      body.push(
        lang.comment(
          caseFile.divergence.kind === 'state'
            ? `The sides diverge here in state only (${b} observes ${formatObservation(other)} too): no check can show it.`
            : `The sides diverge here: ${b} observes ${formatObservation(other)}.`,
        ),
      );
    }
    if (p.obs.kind === 'undefined') {
      body.push(lang.comment('Not written: the spec calls this step undefined behaviour, so nothing after it can be checked.'));
      break;
    }
    written++;
    body.push(...deviceNotes(world, p.step).map((n) => lang.comment(n)));
    const { lines, check } = lang.step(p);
    body.push(...lines);
    if (p.obs.kind === 'error') {
      body.push(lang.comment(`The spec stops the program here with runtime error ${p.obs.code}; reaching the next line is wrong.`));
      body.push(...lang.stopAfterError(p.index + 1, p.obs.code));
      okPrinted = true;
    } else if (check) {
      const foldOk = lang.foldsOk && k === steps.length - 1;
      body.push(...lang.check(check, foldOk));
      okPrinted = foldOk;
    }
  }
  // Regions open where writing stopped must still close for the code to nest.
  for (const _region of openRegionsAtEnd({ ...full, steps: full.steps.slice(0, written) })) body.push(...lang.regionEnd());

  const header = headerComments(program, o, names, api).map((l) => (o.lang === 'fortran' ? `! ${commentText(l)}` : `// ${commentText(l)}`));
  return `${[...header, ...lang.prologue(), ...body, ...lang.epilogue(okPrinted)].join('\n')}\n`;
}

// ------------------------------------------------------------------------------------------------
// Running without a GPU

export interface HostFallbackVerdict {
  /** Whether a run on the host fallback is meaningful: every check means the same there. */
  runnable: boolean;
  /** Why not (when not runnable), or what a run cannot show (when it is). */
  reasons: string[];
  /**
   * For a runnable OpenMP program: the first step whose check gcc's runtime is expected to fail,
   * because the libgomp profile answers differently from the spec there (a known divergence the
   * run then confirms); null when the run must print OK.
   */
  wrongAt: number | null;
}

/** The profile of the runtime the host-fallback runs use (gcc's libgomp). */
const HOST_RUNTIME = 'libgomp';

/**
 * OpenACC on the host fallback (ACC_DEVICE_TYPE=host): device and host memory coincide. The program
 * is replayed on the spec model as a shared-memory program: kernels become host reads and writes,
 * mapping steps do nothing. A `false` from acc_is_present or a null device address cannot happen
 * there.
 */
function accHostFallbackProblems(program: Program, steps: Planned[]): string[] {
  const shared: Step[] = [];
  const sharedIndex = new Map<number, number>();
  for (const p of steps) {
    const s = p.step;
    if (s.op === 'acc_parallel') {
      sharedIndex.set(p.index, shared.length);
      shared.push('read' in s.body ? { op: 'host_read', var: s.body.read } : { op: 'host_write', var: s.body.write, value: s.body.value });
    } else if (s.op === 'pointer_assign' || s.op === 'nullify' || s.op === 'host_write' || s.op === 'host_read') {
      sharedIndex.set(p.index, shared.length);
      shared.push(s);
    }
  }
  const sharedObs = runTrace({ world: program.world, steps: shared }, { engine: 'model', profile: loadProfile(SPEC) }, false).observations;
  const problems: string[] = [];
  for (const p of steps) {
    const at = `step ${p.index + 1} (${renderStep(p.step)})`;
    if (p.obs.kind === 'error') problems.push(`${at}: the spec expects runtime error ${p.obs.code}, which needs separate device memory`);
    if (p.obs.kind === 'value' && p.obs.value === false) problems.push(`${at}: the spec expects false, but on shared memory everything is present`);
    if (p.obs.kind === 'value' && p.obs.value === null) problems.push(`${at}: the spec expects a null pointer, but on shared memory the host address comes back`);
    if (p.obs.kind === 'value' && p.count === null && routineVar(p.step) !== null && parseRef(program.world, routineVar(p.step)!).kind === 'member')
      problems.push(`${at}: the routine gets a null pointer, which the host fallback answers on its own terms`);
    if (p.obs.kind === 'read') {
      const there = sharedObs[sharedIndex.get(p.index)!]!;
      if (!sameCheck(p.obs, there)) problems.push(`${at}: the spec reads ${formatObservation(p.obs)}, shared memory gives ${formatObservation(there)}`);
    }
  }
  return problems;
}

const CONSTRUCT_OPS = new Set<Step['op']>(['omp_target_enter_data', 'omp_target_exit_data', 'omp_target_data_begin', 'omp_target']);

/**
 * OpenMP on the host fallback (OMP_TARGET_OFFLOAD=DISABLED, or no offload device): there are no
 * devices, so omp_get_initial_device() is 0 and device 0 is the host; every construct runs on the
 * host, and routines on any other device number name no device. The written steps are replayed
 * on the spec model with every construct, and every routine on device 0, on the initial device,
 * and each check must come out the same: booleans and 0 / nonzero results exactly, addresses as
 * null or not (and the host pointer itself where the spec returns one), reads where determinate.
 */
function ompHostFallbackProblems(program: Program, steps: Planned[]): { problems: string[]; wrongAt: number | null } {
  const n = worldDevices(program.world).length;
  const written = steps.filter((p) => p.obs.kind !== 'undefined');
  const problems: string[] = [];
  const at = (p: Planned) => `step ${p.index + 1} (${renderStep(p.step)})`;
  const onHost = (p: Planned, d: DeviceArg): DeviceArg => {
    if (d === 0 || d === 'initial' || d === n || d === -1) return 'initial';
    problems.push(`${at(p)}: device ${d} does not exist on the host fallback, whose only device is the host (number 0)`);
    return d;
  };
  const replay = written.map((p): Step => {
    const s = p.step;
    if (p.obs.kind === 'error') problems.push(`${at(p)}: the spec expects runtime error ${p.obs.code}, which needs a separate device`);
    if (CONSTRUCT_OPS.has(s.op)) return { ...s, device: 'initial' } as Step;
    if (s.op === 'omp_target_memcpy') return { ...s, dst_device: onHost(p, s.dst_device), src_device: onHost(p, s.src_device) };
    if (isOmp(s) && 'device' in s && s.device !== undefined) return { ...s, device: onHost(p, s.device) } as Step;
    return s;
  });
  if (problems.length > 0) return { problems, wrongAt: null };
  const replayed = { world: program.world, steps: replay };
  const there = runTrace(replayed, { engine: 'model', profile: loadProfile(SPEC) }, false).observations;
  for (const [k, p] of written.entries()) {
    const o = there[k]!;
    if (sameCheck(p.obs, o)) continue;
    problems.push(`${at(p)}: the spec observes ${formatObservation(p.obs)}, but ${formatObservation(o)} with device 0 as the host`);
    if (o.kind === 'undefined' || o.kind === 'error') break; // the later steps are halted there
  }
  if (problems.length > 0) return { problems, wrongAt: null };
  // What gcc's runtime answers there, as far as its profile knows: the first check it fails.
  const runtime = runTrace(replayed, { engine: 'model', profile: loadProfile(HOST_RUNTIME) }, false).observations;
  for (const [k, p] of written.entries()) {
    const o = runtime[k]!;
    if (sameCheck(p.obs, o)) continue;
    if (o.kind === 'undefined' || o.kind === 'error' || o.kind === 'halted')
      return { problems: [`${at(p)}: the ${HOST_RUNTIME} profile observes ${formatObservation(o)} with device 0 as the host, so a run predicts nothing`], wrongAt: null };
    return { problems: [], wrongAt: p.index + 1 };
  }
  return { problems: [], wrongAt: null };
}

/** Whether observation `there` passes the check the emitted program makes for `spec`. */
function sameCheck(spec: Observation, there: Observation): boolean {
  switch (spec.kind) {
    case 'ok':
      return there.kind === 'ok';
    case 'read':
      return there.kind === 'read' && spec.values.every((v, k) => v === null || v === there.values[k]);
    case 'value': {
      if (there.kind !== 'value') return false;
      const [a, b] = [spec.value, there.value];
      if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
      return 'host' in a ? 'host' in b && a.host === b.host : true;
    }
    default:
      return false;
  }
}

/**
 * Whether running the emitted program on the host fallback (no accelerator: the runtime runs the
 * kernels on the host) means anything. It is runnable when every check it makes also holds there
 * under the spec, which the spec model answers by replaying the program as the fallback sees it
 * (see the two `…HostFallbackProblems` functions); then the program must print OK. A runtime error
 * the spec expects needs a separate device, so such programs are not run; neither is a program
 * that checks nothing (its first step is already undefined).
 * A runnable case whose other side expects something different at a checked step still prints OK
 * on the host whatever the runtime does with device memory: the verdict says so.
 */
export function hostFallbackVerdict(program: Program, caseFile: CaseFile | null = null): HostFallbackVerdict {
  const { steps } = plan(program);
  const { problems, wrongAt } =
    inferApi(program) === 'openmp' ? ompHostFallbackProblems(program, steps) : { problems: accHostFallbackProblems(program, steps), wrongAt: null };
  if (problems.length > 0) return { runnable: false, reasons: problems, wrongAt: null };
  const checked = steps.filter((p) => p.obs.kind === 'read' || p.obs.kind === 'value');
  const last = steps.at(-1);
  if (checked.length === 0)
    return {
      runnable: false,
      wrongAt: null,
      reasons: [
        last?.obs.kind === 'undefined'
          ? `nothing is checked before step ${last.index + 1} (${renderStep(last.step)}), which the spec calls undefined, so the program stops there`
          : 'the program checks nothing',
      ],
    };

  const notes: string[] = [];
  if (caseFile) {
    const b = `${caseFile.sides.b.engine}:${caseFile.sides.b.profile}`;
    for (const p of checked) {
      const other = p.closing ? undefined : caseFile.expected.b[p.index];
      if (other && formatObservation(other) !== formatObservation(p.obs) && p.index + 1 !== wrongAt)
        notes.push(
          `step ${p.index + 1}: ${b} observes ${formatObservation(other)} where the spec observes ${formatObservation(p.obs)}; ` +
            'a run on the host fallback cannot show that difference',
        );
    }
    if (caseFile.divergence?.kind === 'state')
      notes.push(`the sides differ only in state (from step ${caseFile.divergence.step}), which no run can observe`);
  }
  if (wrongAt !== null)
    notes.push(`the ${HOST_RUNTIME} profile answers step ${wrongAt} differently from the spec with device 0 as the host: gcc's runtime should print Wrong result there`);
  return { runnable: true, reasons: notes, wrongAt };
}
