// `mapcheck emit --observe`: observation programs. Where the self-checking programs of cli/emit.ts
// compare every result with one reading, these print what the runtime does, one line per step
// (toolchain/observations.ts fixes the format), and keep going past the steps the spec calls
// errors, so `mapcheck conform` can compare one run with every reading. They also print the
// addresses of their host objects (so pointer results can be named) and whether a probe kernel
// ran on a non-host device (acc_on_device / omp_is_initial_device inside a region).
//
// The written steps: every step of the program (and the ends of regions it leaves open), up to
// the first one the spec calls undefined behaviour (nothing can be compared from there). Element
// counts come from one linear pass over the spec model (a probe is one model step on the state
// before the step), so emitting is linear in the number of steps.
//
// Fortran specifics: arrays and pointer members are `pointer, contiguous`, so gfortran passes the
// data itself (not a temporary copy) to acc_* routines; a directive naming both a struct and one
// of its members (`copyin(v3) copyin(v3%p1)`, which gfortran rejects: "mixed component and
// non-component accesses") is written as one directive per clause when it is an enter or exit
// data directive (their clauses act in order, OpenACC 3.3 §2.7), and refused for a construct.
// OpenMP: GCC 12 has no `present` map modifier; its equivalent is written (an
// omp_target_is_present check that stops the program with a runtime error before the construct).

import { step as modelStep, initialState } from '../model/index.js';
import type { Observation } from '../lang/observation.js';
import type { DeviceArg, MapItem, PtrArg } from '../lang/openmp.js';
import { ELEMENT_BYTES, hostLayout, parseRef, worldDevices, type Clause, type KernelBody, type ParsedRef, type Program, type Step, type VarRef, type World } from '../lang/program.js';
import { initMember, initTarget, memberRefs } from '../lang/program.js';
import { loadProfile } from '../profiles/index.js';
import { gccProgram } from '../cli/emit/backend.js';
import { ACC_DEVICE_MEMORY_INTERFACES } from '../cli/emit/fortran.js';
import { EmitError } from '../cli/emit/plan.js';

/** A program emit cannot write (kept apart from cli/emit.ts's EmitError by the caller's wrapping). */
export class ObserveEmitError extends Error {
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
}

// ------------------------------------------------------------------------------------------------
// Plan: one pass over the spec model

interface PlannedStep {
  number: number;
  step: Step;
  spec: Observation;
  /** Elements a kernel, host read/write or member routine touches (null: disassociated / not needed). */
  count: number | null;
}

function openRegionEnds(steps: readonly Step[]): Step[] {
  const open: Step[] = [];
  for (const s of steps) {
    if (s.op === 'acc_data_begin' || s.op === 'omp_target_data_begin') open.push(s);
    if (s.op === 'acc_data_end' || s.op === 'omp_target_data_end') open.pop();
  }
  return open.reverse().map((s): Step => (s.op === 'acc_data_begin' ? { op: 'acc_data_end' } : { op: 'omp_target_data_end' }));
}

/** The steps to write, with counts, in one linear pass (one model step per step, one per probe). */
export function observePlan(program: Program): { full: Program; steps: PlannedStep[] } {
  const profile = loadProfile('spec');
  const full: Program = { ...program, steps: [...program.steps, ...openRegionEnds(program.steps)] };
  const world = full.world;
  // Host association of every member, for counts once the model has stopped (after an error).
  const targets = new Map<string, VarRef | null>();
  for (const s of world.structs) for (const ref of memberRefs(s)) targets.set(ref, initTarget(s, ref));
  const hostCount = (ref: VarRef): number | null => {
    const r = parseRef(world, ref);
    if (r.kind === 'array') return r.hi - r.lo;
    if (r.kind === 'struct') return null;
    const t = targets.get(ref) ?? null;
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
    if (s.op === 'acc_parallel' || s.op === 'omp_target') {
      const ref = 'read' in s.body ? s.body.read : s.body.write;
      count =
        'read' in s.body && observation.kind === 'read'
          ? observation.values.length
          : (probeLength({ ...s, body: { read: ref } } as Step) ?? hostCount(ref));
    } else if (s.op === 'host_read' || s.op === 'host_write') count = hostCount(s.var);
    else if ('var' in s && typeof s.var === 'string' && parseRef(world, s.var).kind === 'member') count = hostCount(s.var);
    if (observation.kind === 'undefined' && !state.halted) break;
    steps.push({ number: k + 1, step: s, spec: observation, count });
    if (s.op === 'pointer_assign') targets.set(s.ptr, s.target);
    if (s.op === 'nullify') targets.set(s.ptr, null);
    state = next;
  }
  return { full, steps };
}

// ------------------------------------------------------------------------------------------------
// Names

class Names {
  readonly vars = new Map<string, string>();
  readonly types = new Map<string, string>();
  readonly handles = new Map<string, string>();

  constructor(
    readonly world: World,
    steps: readonly Step[],
  ) {
    let n = 0;
    for (const a of world.arrays) this.vars.set(a.name, `v${++n}`);
    world.structs.forEach((s, k) => {
      this.vars.set(s.name, `v${++n}`);
      this.types.set(s.name, `t${k + 1}`);
    });
    for (const s of steps)
      if ((s.op === 'omp_target_alloc' || s.op === 'acc_malloc' || s.op === 'acc_host_data_begin' || s.op === 'omp_target_data_use_device_begin') && !this.handles.has(s.result)) this.handles.set(s.result, `h${this.handles.size + 1}`);
  }

  v(name: string): string {
    return this.vars.get(name)!;
  }

  member(struct: string, member: string): string {
    return `p${this.world.structs.find((s) => s.name === struct)!.pointers.indexOf(member) + 1}`;
  }

  mapping(): string {
    const parts = [...this.vars.entries()].map(([k, v]) => `${v} = ${k}`);
    for (const s of this.world.structs) parts.push(`${this.types.get(s.name)}: ${s.pointers.map((p) => `${this.member(s.name, p)} = ${p}`).join(', ')}`);
    for (const [k, h] of this.handles) parts.push(`${h} = ${k}`);
    return parts.join('; ');
  }
}

const comment = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ').replace(/\\/g, '/');

function deviceCode(world: World, d: DeviceArg): string {
  if (d === 'initial' || d === worldDevices(world).length) return 'omp_get_initial_device()';
  return String(d);
}

function stepText(s: Step): string {
  return comment(JSON.stringify(s));
}

// ------------------------------------------------------------------------------------------------
// Emitting

type Api = 'openacc' | 'openmp';

interface Backend {
  lines: string[];
  write(p: PlannedStep): void;
  /** Where the output stands, to undo a step that could not be written. */
  mark(): number;
  rewind(mark: number): void;
  /** Closes a region without a step of its own (no line printed). */
  closeRegion(api: Api): void;
  finish(header: string[]): string;
}

/**
 * The program as GCC 12 accepts it (cli/emit/backend.ts gccProgram: an enter or exit data
 * directive naming one variable twice becomes one directive per reference, a delete modifier on a
 * `from` item its 5.x pair of directives); the predictions are made for the rewritten program. A
 * construct naming one variable twice is refused (an ObserveEmitError).
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
  const api: Api = o.api ?? (program.steps.some((s) => s.op.startsWith('omp_')) ? 'openmp' : 'openacc');
  const other = program.steps.findIndex((s) => (api === 'openacc' ? s.op.startsWith('omp_') : s.op.startsWith('acc_')));
  if (other >= 0) throw new ObserveEmitError(`step ${other + 1} (${program.steps[other]!.op}): not an ${api === 'openacc' ? 'OpenACC' : 'OpenMP'} step`);
  const { full, steps } = observePlan(program);
  const names = new Names(full.world, full.steps);
  const resLength = Math.max(1, ...steps.map((p) => (p.count ?? 0)));
  const backend = (o.lang === 'fortran' ? fortranBackend : cBackend)(full.world, names, api, resLength);
  let written = steps;
  for (const [k, p] of steps.entries()) {
    const mark = backend.mark();
    try {
      backend.write(p);
    } catch (e) {
      // After a step the spec calls an error, the spec predicts nothing more: stop writing where
      // a step cannot be written (a read through a pointer the failed step left disassociated).
      if (!(e instanceof ObserveEmitError) || !steps.slice(0, k).some((q) => q.spec.kind === 'error')) throw e;
      backend.rewind(mark);
      written = steps.slice(0, k);
      break;
    }
  }
  // Regions opened among the written steps and not closed there must still close for the code to nest.
  for (const end of openRegionEnds(written.map((p) => p.step))) backend.closeRegion(end.op === 'acc_data_end' ? 'openacc' : 'openmp');
  const header = [
    `Observation program generated by mapcheck emit --observe${o.source ? ` from ${comment(o.source)}` : ''} (${o.lang}, ${api === 'openacc' ? 'OpenACC' : 'OpenMP'}).`,
    'One line per step: MAPCHECK <step> ok|done|read <values>|int <n>|ptr <address> (read by mapcheck conform).',
    `Names: ${comment(names.mapping())}`,
  ];
  if (split > 0) header.push(`${split} directive(s) GCC 12 rejects whole were split (one directive per reference, or a delete modifier on from as its 5.x pair); steps are numbered as written.`);
  if (written.length < full.steps.length) header.push(`Written: steps 1 to ${written.length} of ${full.steps.length} (the spec calls the next one undefined, or an earlier error leaves it unwritable).`);
  return { text: backend.finish(header), full, written: written.map((p) => p.number) };
}

function refOf(body: KernelBody): VarRef {
  return 'read' in body ? body.read : body.write;
}

// --- Fortran ----------------------------------------------------------------------------------------

function wrap(line: string): string[] {
  // A comment is never continued (its continuation would be code): it is cut to the line limit.
  if (/^\s*!(?!\$)/.test(line)) return [line.slice(0, 130)];
  if (line.length <= 100) return [line];
  const indent = /^\s*/.exec(line)![0];
  const sentinel = /^\s*(!\$(?:acc|omp))\s/.exec(line)?.[1];
  const prefix = sentinel ? `${indent}${sentinel} ` : `${indent}    `;
  const out: string[] = [];
  let rest = line;
  while (rest.length > 100) {
    const cut = rest.lastIndexOf(', ', 98);
    if (cut <= prefix.length) break;
    out.push(`${rest.slice(0, cut + 1)} &`);
    rest = prefix + rest.slice(cut + 2);
  }
  out.push(rest);
  return out;
}

function fortranBackend(world: World, names: Names, api: Api, resLength: number): Backend {
  const lines: string[] = [];
  const sentinel = api === 'openacc' ? '!$acc' : '!$omp';
  const handles = new Set<string>();
  let usesDeviceptr = false;
  /** OpenACC routines called through their C names with a null pointer. */
  const nullRoutines = new Set<string>();
  let usesAccessible = false;
  let usesMapped = false;
  let usesDeviceMemory = false;
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return r.lo === undefined || (r.lo === 0 && !r.single && r.hi === world.structs.find((s) => s.name === r.name)!.count) ? names.v(r.name) : r.single ? `${names.v(r.name)}(${r.lo + 1})` : `${names.v(r.name)}(${r.lo + 1}:${r.hi})`;
    if (r.kind === 'member') return `${names.v(r.struct)}${r.index === undefined ? '' : `(${r.index + 1})`}%${names.member(r.struct, r.member)}`;
    return r.whole ? names.v(r.name) : `${names.v(r.name)}(${r.lo + 1}:${r.hi})`;
  };
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  const element = (r: ParsedRef, i: string) => (r.kind === 'member' ? `${spell(r)}(${i})` : r.kind === 'array' ? `${names.v(r.name)}(${r.lo === 0 ? i : `${i} + ${r.lo}`})` : '');
  const emit = (...ls: string[]) => lines.push(...ls.flatMap(wrap));
  const accClauses = (list: Clause<string>[]) => list.map((c) => ` ${c.clause}(${c.vars.map(spellVar).join(', ')})`).join('');
  const ompMaps = (maps: MapItem[]) =>
    maps
      .map((m) => {
        let type: string = m.type;
        let mods = (m.modifiers ?? []).filter((x) => x !== 'present');
        if (mods.includes('delete')) {
          if (m.type !== 'release') throw new ObserveEmitError(`the 'delete' modifier on a '${m.type}' map has no 5.x spelling`);
          type = 'delete';
          mods = mods.filter((x) => x !== 'delete');
        }
        return ` map(${[...mods, type].join(', ')}: ${m.vars.map(spellVar).join(', ')})`;
      })
      .join('');
  const device = (d: DeviceArg) => deviceCode(world, d);
  const devClause = (d: DeviceArg | undefined) => (d === undefined ? '' : ` device(${device(d)})`);
  const cPtr = (arg: PtrArg): string => {
    if (arg === null) return 'c_null_ptr';
    const offset = arg.offset ?? 0;
    const plus = (p: string) => (offset === 0 ? p : `plus_bytes(${p}, ${offset})`);
    if ('handle' in arg) return plus(names.handles.get(arg.handle)!);
    const r = parseRef(world, arg.var);
    if (r.kind === 'struct') return plus(`c_loc(${names.v(r.name)})`);
    if (r.kind !== 'array') throw new ObserveEmitError(`pointer argument ${arg.var} is a pointer member`);
    const length = world.arrays.find((a) => a.name === r.name)!.length;
    const el = r.lo + offset / ELEMENT_BYTES;
    if (Number.isInteger(el) && el < length) return `c_loc(${names.v(r.name)}(${el + 1}))`;
    return `plus_bytes(c_loc(${names.v(r.name)}(${r.lo + 1})), ${offset})`;
  };
  /** Host start (`c_loc` of the first element) and byte count of an array, subarray or member target; a null pointer and 0 for a disassociated member, as C passes it. */
  const hostData = (p: PlannedStep, v: VarRef): [string, string] => {
    const r = parseRef(world, v);
    if (r.kind === 'array') return [`c_loc(${names.v(r.name)}(${r.lo + 1}))`, `${(r.hi - r.lo) * ELEMENT_BYTES}_c_size_t`];
    if (r.kind === 'member') return p.count === null ? ['c_null_ptr', '0_c_size_t'] : [`c_loc(${spell(r)}(1))`, `${p.count * ELEMENT_BYTES}_c_size_t`];
    throw new ObserveEmitError(`step ${p.number}: ${v} is a whole struct, which the device memory routines do not take`);
  };
  /** GCC 12 has no map(present, …): the equivalent check before the construct. */
  const presentChecks = (p: PlannedStep, d: DeviceArg | undefined, maps: MapItem[]) => {
    for (const m of maps)
      if (m.modifiers?.includes('present'))
        for (const v of m.vars) {
          const r = parseRef(world, v);
          const addr = r.kind === 'member' ? `c_loc(${spell(r)})` : r.kind === 'struct' ? `c_loc(${names.v(r.name)})` : `c_loc(${names.v(r.name)}(${r.lo + 1}))`;
          emit(
            `  ! map(present, ...) as its equivalent (GCC 12 rejects the present modifier): stop unless ${comment(v)} is present`,
            `  if (omp_target_is_present(${addr}, ${d === undefined ? 'omp_get_default_device()' : device(d)}) == 0) then`,
            `    write(0,'(a)') 'mapcheck: step ${p.number}: present modifier: ${comment(v)} is not present'`,
            '    error stop 1',
            '  end if',
          );
        }
  };
  const directive = (words: string) => emit(`  ${sentinel} ${words}`);
  const kernel = (p: PlannedStep, head: string, body: KernelBody) => {
    const r = parseRef(world, refOf(body));
    // A kernel the spec stops with an error (a disassociated pointer not present) needs no elements.
    const n = p.count ?? (p.spec.kind === 'error' ? 0 : null);
    if (n === null) throw new ObserveEmitError(`step ${p.number}: no element count for the kernel (disassociated pointer)`);
    if ('read' in body) emit('  res = -1');
    directive(head);
    emit(`  do i = 1, ${n}`, `    ${'read' in body ? `res(i) = ${element(r, 'i')}` : `${element(r, 'i')} = ${body.value}`}`, '  end do');
    if (api === 'openacc') directive('end parallel loop');
    else directive('end target');
    emit('read' in body ? `  call obs_read(${p.number}, res(1:${n}))` : `  call obs_ok(${p.number})`);
  };

  return {
    lines,
    mark: () => lines.length,
    rewind: (m) => void lines.splice(m),
    closeRegion: (a) => directive(a === 'openacc' ? 'end data' : 'end target data'),
    write(p) {
      const s = p.step;
      emit(`  ! step ${p.number}: ${stepText(s)}`);
      const ok = () => emit(`  call obs_ok(${p.number})`);
      switch (s.op) {
        case 'acc_enter_data':
        case 'acc_exit_data':
          directive(`${s.op === 'acc_enter_data' ? 'enter' : 'exit'} data${accClauses(s.clauses)}${s.op === 'acc_exit_data' && s.finalize ? ' finalize' : ''}`);
          return ok();
        case 'acc_data_begin':
          directive(`data${accClauses(s.clauses)}`);
          return ok();
        case 'acc_data_end':
          directive('end data');
          return ok();
        case 'acc_parallel': {
          const res = s.default === 'present' && 'read' in s.body ? ' copy(res)' : '';
          return kernel(p, `parallel loop${accClauses(s.clauses)}${s.default ? ` default(${s.default})` : ''}${res}`, s.body);
        }
        case 'acc_copyin':
        case 'acc_create':
        case 'acc_copyout':
        case 'acc_copyout_finalize':
        case 'acc_delete':
        case 'acc_delete_finalize': {
          const r = parseRef(world, s.var);
          if (r.kind === 'member' && p.count === null) {
            // A disassociated pointer cannot be an actual argument: the C routine gets NULL, 0 bytes.
            nullRoutines.add(s.op);
            emit(`  ${s.op === 'acc_copyin' || s.op === 'acc_create' ? `null_result = ${s.op}_c` : `call ${s.op}_c`}(c_null_ptr, 0_c_size_t)`);
          } else emit(`  call ${s.op}(${spell(r)})`);
          return emit(s.op === 'acc_copyin' || s.op === 'acc_create' ? `  call obs_done(${p.number})` : `  call obs_ok(${p.number})`);
        }
        case 'acc_is_present': {
          const r = parseRef(world, s.var);
          if (r.kind === 'member' && p.count === null) {
            nullRoutines.add('acc_is_present');
            return emit(`  call obs_int(${p.number}, int(acc_is_present_c(c_null_ptr, ${s.bytes ?? 0}_c_size_t)))`);
          }
          const call = s.bytes === undefined ? `acc_is_present(${spell(r)})` : `acc_is_present(${spell(r)}, ${s.bytes})`;
          return emit(`  call obs_int(${p.number}, merge(1, 0, ${call}))`);
        }
        case 'acc_deviceptr': {
          usesDeviceptr = true;
          const r = parseRef(world, s.var);
          if (r.kind === 'member' && p.count === null) return emit(`  call obs_ptr(${p.number}, acc_deviceptr_c(c_null_ptr))`);
          const first = r.kind === 'array' ? `${names.v(r.name)}(${r.lo + 1})` : r.kind === 'member' ? `${spell(r)}(1)` : spell(r);
          return emit(`  call obs_ptr(${p.number}, acc_deviceptr_c(c_loc(${first})))`);
        }
        case 'acc_attach':
        case 'acc_detach':
        case 'acc_detach_finalize': {
          // OpenACC 3.3 §3.2.29: the routines are the attach / detach actions of enter / exit data;
          // GCC's openacc module has no Fortran acc_attach, so the directive form is written.
          const ptr = spellVar(s.ptr);
          directive(s.op === 'acc_attach' ? `enter data attach(${ptr})` : `exit data detach(${ptr})${s.op === 'acc_detach_finalize' ? ' finalize' : ''}`);
          return ok();
        }
        case 'acc_host_data_begin': {
          // use_device's device address, as acc_deviceptr gives it (OpenACC 3.3 §2.8.1), into the handle.
          usesDeviceptr = true;
          const h = names.handles.get(s.result)!;
          handles.add(h);
          const r = parseRef(world, s.var);
          const first = r.kind === 'array' ? `${names.v(r.name)}(${r.lo + 1})` : r.kind === 'member' ? `${spell(r)}(1)` : spell(r);
          emit(`  ${h} = acc_deviceptr_c(c_loc(${first}))`);
          return ok();
        }
        case 'acc_host_data_end':
          return ok();
        case 'acc_malloc': {
          usesDeviceMemory = true;
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`  ${h} = acc_malloc_c(${s.bytes}_c_size_t)`);
          return emit(`  call obs_ptr(${p.number}, ${h})`);
        }
        case 'acc_free':
          usesDeviceMemory = true;
          emit(`  call acc_free_c(${cPtr(s.ptr)})`);
          return ok();
        case 'acc_map_data':
        case 'acc_unmap_data':
        case 'acc_memcpy_to_device':
        case 'acc_memcpy_from_device': {
          usesDeviceMemory = true;
          const [start, bytes] = hostData(p, s.var);
          if (s.op === 'acc_map_data') emit(`  call acc_map_data_c(${start}, ${cPtr(s.dev)}, ${bytes})`);
          else if (s.op === 'acc_unmap_data') emit(`  call acc_unmap_data_c(${start})`);
          else if (s.op === 'acc_memcpy_to_device') emit(`  call acc_memcpy_to_device_c(${cPtr(s.dev)}, ${start}, ${bytes})`);
          else emit(`  call acc_memcpy_from_device_c(${start}, ${cPtr(s.dev)}, ${bytes})`);
          return ok();
        }
        case 'pointer_assign':
          emit(`  ${spellVar(s.ptr)} => ${spellVar(s.target)}`);
          return ok();
        case 'nullify':
          emit(`  nullify(${spellVar(s.ptr)})`);
          return ok();
        case 'host_write':
          if (p.count === null) throw new ObserveEmitError(`step ${p.number}: host write through a disassociated pointer`);
          emit(`  ${spellVar(s.var)} = ${s.value}`);
          return ok();
        case 'host_read':
          if (p.count === null) throw new ObserveEmitError(`step ${p.number}: host read through a disassociated pointer`);
          emit(`  res(1:${p.count}) = ${spellVar(s.var)}`);
          return emit(`  call obs_read(${p.number}, res(1:${p.count}))`);
        case 'omp_target_enter_data':
          presentChecks(p, s.device, s.maps);
          directive(`target enter data${devClause(s.device)}${ompMaps(s.maps)}`);
          return ok();
        case 'omp_target_exit_data':
          presentChecks(p, s.device, s.maps);
          directive(`target exit data${devClause(s.device)}${ompMaps(s.maps)}`);
          return ok();
        case 'omp_target_data_begin':
          presentChecks(p, s.device, s.maps);
          directive(`target data${devClause(s.device)}${ompMaps(s.maps)}`);
          return ok();
        case 'omp_target_data_end':
        case 'omp_target_data_use_device_end':
          directive('end target data');
          return ok();
        case 'omp_target_data_use_device_begin': {
          // the corresponding device address (OpenMP 6.0 §15.7): use_device_ptr of a C pointer to the array's first element
          const h = names.handles.get(s.result)!;
          handles.add(h);
          const r = parseRef(world, s.var);
          if (r.kind !== 'array') throw new ObserveEmitError(`step ${p.number}: use_device of ${s.var}, which is not an array`);
          emit(`  ${h} = c_loc(${names.v(r.name)}(${r.lo + 1}))`);
          directive(`target data${devClause(s.device)} use_device_ptr(${h})`);
          return ok();
        }
        case 'omp_target':
          presentChecks(p, s.device, s.maps);
          return kernel(p, `target${devClause(s.device)}${ompMaps(s.maps)}`, s.body);
        case 'omp_target_alloc': {
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`  ${h} = omp_target_alloc(${s.bytes}_c_size_t, ${device(s.device)})`);
          return emit(`  call obs_ptr(${p.number}, ${h})`);
        }
        case 'omp_target_free':
          emit(`  call omp_target_free(${cPtr(s.ptr)}, ${device(s.device)})`);
          return ok();
        case 'omp_target_is_present':
          return emit(`  call obs_int(${p.number}, int(omp_target_is_present(${cPtr(s.ptr)}, ${device(s.device)})))`);
        case 'omp_target_is_accessible':
          usesAccessible = true;
          return emit(`  call obs_int(${p.number}, int(omp_target_is_accessible_c(${cPtr(s.ptr)}, ${s.bytes}_c_size_t, ${device(s.device)})))`);
        case 'omp_target_associate_ptr':
          return emit(
            `  call obs_int(${p.number}, int(omp_target_associate_ptr(${cPtr(s.host)}, ${cPtr(s.dev)}, ${s.bytes}_c_size_t, ${s.offset}_c_size_t, ${device(s.device)})))`,
          );
        case 'omp_target_disassociate_ptr':
          return emit(`  call obs_int(${p.number}, int(omp_target_disassociate_ptr(${cPtr(s.ptr)}, ${device(s.device)})))`);
        case 'omp_get_mapped_ptr':
          usesMapped = true;
          return emit(`  call obs_ptr(${p.number}, omp_get_mapped_ptr_c(${cPtr(s.ptr)}, ${device(s.device)}))`);
        case 'omp_target_memcpy':
          return emit(
            `  call obs_int(${p.number}, int(omp_target_memcpy(${cPtr(s.dst)}, ${cPtr(s.src)}, ${s.bytes}_c_size_t, ${s.dst_offset}_c_size_t, ${s.src_offset}_c_size_t, ${device(s.dst_device)}, ${device(s.src_device)})))`,
          );
      }
    },
    finish(header) {
      const out = header.map((h) => `! ${h}`.slice(0, 130));
      out.push('program main', api === 'openacc' ? '  use openacc' : '  use omp_lib', '  use iso_c_binding', '  use iso_fortran_env, only: output_unit', '  implicit none');
      const iface: string[] = [];
      if (usesDeviceptr) iface.push('    type(c_ptr) function acc_deviceptr_c(h) bind(C, name="acc_deviceptr")', '      import :: c_ptr', '      type(c_ptr), value :: h', '    end function');
      for (const name of [...nullRoutines].sort()) {
        const fn = name === 'acc_is_present' ? 'integer(c_int) function' : name === 'acc_copyin' || name === 'acc_create' ? 'type(c_ptr) function' : 'subroutine';
        iface.push(
          `    ${fn} ${name}_c(h, bytes) bind(C, name="${name}")`,
          '      import :: c_ptr, c_size_t, c_int',
          '      type(c_ptr), value :: h',
          '      integer(c_size_t), value :: bytes',
          `    end ${fn.endsWith('subroutine') ? 'subroutine' : 'function'}`,
        );
      }
      if (usesDeviceMemory) iface.push(...ACC_DEVICE_MEMORY_INTERFACES);
      if (usesAccessible)
        iface.push(
          '    integer(c_int) function omp_target_is_accessible_c(ptr, size, device_num) bind(C, name="omp_target_is_accessible")',
          '      import :: c_ptr, c_size_t, c_int',
          '      type(c_ptr), value :: ptr',
          '      integer(c_size_t), value :: size',
          '      integer(c_int), value :: device_num',
          '    end function',
        );
      if (usesMapped)
        iface.push(
          '    type(c_ptr) function omp_get_mapped_ptr_c(ptr, device_num) bind(C, name="omp_get_mapped_ptr")',
          '      import :: c_ptr, c_int',
          '      type(c_ptr), value :: ptr',
          '      integer(c_int), value :: device_num',
          '    end function',
        );
      if (iface.length > 0) out.push('  interface', ...iface, '  end interface');
      for (const s of world.structs) {
        out.push(`  type :: ${names.types.get(s.name)}`);
        for (const m of s.pointers) out.push(`    integer, pointer, contiguous :: ${names.member(s.name, m)}(:) => null()`);
        out.push('  end type');
      }
      for (const s of world.structs) out.push(`  type(${names.types.get(s.name)}), target :: ${names.v(s.name)}${s.count === undefined ? '' : `(${s.count})`}`);
      for (const a of world.arrays) out.push(`  integer, pointer, contiguous :: ${names.v(a.name)}(:)`);
      out.push(`  integer :: i, ond, res(${resLength})`);
      if (handles.size > 0) out.push(`  type(c_ptr) :: ${[...handles].join(', ')}`);
      if (nullRoutines.has('acc_copyin') || nullRoutines.has('acc_create')) out.push('  type(c_ptr) :: null_result');
      for (const a of world.arrays) {
        out.push(`  allocate(${names.v(a.name)}(${a.length}))`);
        out.push(`  ${names.v(a.name)} = ${Array.isArray(a.init) ? `[${a.init.join(', ')}]` : (a.init ?? 0)}`);
      }
      for (const s of world.structs)
        for (const [key, t] of Object.entries(s.init ?? {})) {
          const at = initMember(s, key)!;
          if (t !== null) out.push(`  ${names.v(s.name)}${at.element === undefined ? '' : `(${at.element + 1})`}%${names.member(s.name, at.member)} => ${spellVar(t)}`);
        }
      hostLayout(world).forEach((o, k) => {
        const addr = o.kind === 'array' ? `c_loc(${names.v(o.name)}(1))` : `c_loc(${names.v(o.name)})`;
        out.push(`  write(output_unit, '(a, i0, 1x, i0)') 'MAPCHECK 0 host ', ${k}, transfer(${addr}, 0_c_intptr_t)`);
      });
      out.push('  ! Probe: does a kernel run on a non-host device?', '  ond = 0');
      if (api === 'openacc') out.push('  !$acc parallel copy(ond)', '  if (acc_on_device(acc_device_not_host)) ond = 1', '  !$acc end parallel');
      else out.push('  !$omp target map(tofrom: ond)', '  if (.not. omp_is_initial_device()) ond = 1', '  !$omp end target');
      out.push("  write(output_unit, '(a, i0)') 'MAPCHECK 0 offload ', ond", '  flush(output_unit)');
      out.push(...lines);
      out.push(
        "  write(output_unit, '(a)') 'MAPCHECK end'",
        'contains',
        '  subroutine obs_ok(step)',
        '    integer, intent(in) :: step',
        "    write(output_unit, '(a, i0, a)') 'MAPCHECK ', step, ' ok'",
        '    flush(output_unit)',
        '  end subroutine',
        '  subroutine obs_done(step)',
        '    integer, intent(in) :: step',
        "    write(output_unit, '(a, i0, a)') 'MAPCHECK ', step, ' done'",
        '    flush(output_unit)',
        '  end subroutine',
        '  subroutine obs_int(step, n)',
        '    integer, intent(in) :: step, n',
        "    write(output_unit, '(a, i0, a, i0)') 'MAPCHECK ', step, ' int ', n",
        '    flush(output_unit)',
        '  end subroutine',
        '  subroutine obs_ptr(step, p)',
        '    integer, intent(in) :: step',
        '    type(c_ptr), intent(in) :: p',
        "    write(output_unit, '(a, i0, a, i0)') 'MAPCHECK ', step, ' ptr ', transfer(p, 0_c_intptr_t)",
        '    flush(output_unit)',
        '  end subroutine',
        '  subroutine obs_read(step, values)',
        '    integer, intent(in) :: step, values(:)',
        "    write(output_unit, '(a, i0, a, *(1x, i0))') 'MAPCHECK ', step, ' read', values",
        '    flush(output_unit)',
        '  end subroutine',
        '  type(c_ptr) function plus_bytes(p, n)',
        '    type(c_ptr), intent(in) :: p',
        '    integer, intent(in) :: n',
        '    plus_bytes = transfer(transfer(p, 0_c_intptr_t) + n, p)',
        '  end function',
        'end program',
      );
      return `${out.join('\n')}\n`;
    },
  };
}

// --- C ------------------------------------------------------------------------------------------------

function cBackend(world: World, names: Names, api: Api, resLength: number): Backend {
  const lines: string[] = [];
  const pragma = api === 'openacc' ? '#pragma acc' : '#pragma omp';
  const handles = new Set<string>();
  let depth = 1;
  const ind = () => '  '.repeat(depth);
  const emit = (...ls: string[]) => lines.push(...ls.map((l) => (l.startsWith('#') ? l : `${ind()}${l}`)));
  const member = (r: Extract<ParsedRef, { kind: 'member' }>) => `${names.v(r.struct)}${r.index === undefined ? '' : `[${r.index}]`}.${names.member(r.struct, r.member)}`;
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return r.lo === undefined || (r.lo === 0 && r.hi === world.structs.find((s) => s.name === r.name)!.count) ? names.v(r.name) : `${names.v(r.name)}[${r.lo}:${r.hi! - r.lo}]`;
    if (r.kind === 'member') return `${member(r)}[0:${member(r)}_n]`;
    return r.whole ? names.v(r.name) : `${names.v(r.name)}[${r.lo}:${r.hi - r.lo}]`;
  };
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  const pointer = (v: VarRef) => member(parseRef(world, v) as Extract<ParsedRef, { kind: 'member' }>);
  const element = (r: ParsedRef, i: string) => (r.kind === 'member' ? `${member(r)}[${i}]` : r.kind === 'array' ? `${names.v(r.name)}[${r.lo === 0 ? i : `${i} + ${r.lo}`}]` : '');
  const startAndBytes = (v: VarRef): [string, string] => {
    const r = parseRef(world, v);
    if (r.kind === 'struct') return [`&${names.v(r.name)}`, `sizeof ${names.v(r.name)}`];
    if (r.kind === 'member') return [member(r), `${member(r)}_n * sizeof(int)`];
    return r.whole ? [names.v(r.name), `sizeof ${names.v(r.name)}`] : [`&${names.v(r.name)}[${r.lo}]`, `${r.hi - r.lo} * sizeof(int)`];
  };
  const accClauses = (list: Clause<string>[]) =>
    list.map((c) => ` ${c.clause}(${c.vars.map((v) => (c.clause === 'attach' || c.clause === 'detach' ? pointer(v) : spellVar(v))).join(', ')})`).join('');
  const ompMaps = (maps: MapItem[]) =>
    maps
      .map((m) => {
        let type: string = m.type;
        let mods = (m.modifiers ?? []).filter((x) => x !== 'present');
        if (mods.includes('delete')) {
          if (m.type !== 'release') throw new ObserveEmitError(`the 'delete' modifier on a '${m.type}' map has no 5.x spelling`);
          type = 'delete';
          mods = mods.filter((x) => x !== 'delete');
        }
        return ` map(${[...mods, type].join(', ')}: ${m.vars.map(spellVar).join(', ')})`;
      })
      .join('');
  const device = (d: DeviceArg) => deviceCode(world, d);
  const devClause = (d: DeviceArg | undefined) => (d === undefined ? '' : ` device(${device(d)})`);
  const cPtr = (arg: PtrArg): string => {
    if (arg === null) return 'NULL';
    const offset = arg.offset ?? 0;
    const plus = (b: string) => (offset === 0 ? b : `(char *)${b} + ${offset}`);
    if ('handle' in arg) return plus(names.handles.get(arg.handle)!);
    const r = parseRef(world, arg.var);
    if (r.kind === 'struct') return plus(`&${names.v(r.name)}`);
    if (r.kind !== 'array') throw new ObserveEmitError(`pointer argument ${arg.var} is a pointer member`);
    const el = r.lo + offset / ELEMENT_BYTES;
    if (Number.isInteger(el)) return el === 0 ? names.v(r.name) : `&${names.v(r.name)}[${el}]`;
    return `(char *)${r.lo === 0 ? names.v(r.name) : `&${names.v(r.name)}[${r.lo}]`} + ${offset}`;
  };
  const presentChecks = (p: PlannedStep, d: DeviceArg | undefined, maps: MapItem[]) => {
    for (const m of maps)
      if (m.modifiers?.includes('present'))
        for (const v of m.vars) {
          emit(`// map(present, ...) as its equivalent (GCC 12 rejects the present modifier): stop unless ${comment(v)} is present`);
          emit(`if (!omp_target_is_present(${startAndBytes(v)[0]}, ${d === undefined ? 'omp_get_default_device()' : device(d)})) {`);
          emit(`  fprintf(stderr, "mapcheck: step ${p.number}: present modifier: not present\\n");`, '  exit(1);', '}');
        }
  };
  const loop = (n: number, assign: string) => emit(`for (int i = 0; i < ${n}; i++)`, `  ${assign};`);
  const kernel = (p: PlannedStep, head: string, body: KernelBody) => {
    const r = parseRef(world, refOf(body));
    // A kernel the spec stops with an error (a disassociated pointer not present) needs no elements.
    const n = p.count ?? (p.spec.kind === 'error' ? 0 : null);
    if (n === null) throw new ObserveEmitError(`step ${p.number}: no element count for the kernel (disassociated pointer)`);
    if ('read' in body) loop(resLength, 'res[i] = -1');
    emit(`${pragma} ${head}`);
    loop(n, 'read' in body ? `res[i] = ${element(r, 'i')}` : `${element(r, 'i')} = ${body.value}`);
    emit('read' in body ? `obs_read(${p.number}, res, ${n});` : `obs(${p.number}, "ok");`);
  };

  return {
    lines,
    mark: () => lines.length,
    rewind: (m) => void lines.splice(m),
    closeRegion: () => {
      depth--;
      emit('}');
    },
    write(p) {
      const s = p.step;
      emit(`// step ${p.number}: ${stepText(s)}`);
      const ok = () => emit(`obs(${p.number}, "ok");`);
      switch (s.op) {
        case 'acc_enter_data':
          emit(`${pragma} enter data${accClauses(s.clauses)}`);
          return ok();
        case 'acc_exit_data':
          emit(`${pragma} exit data${accClauses(s.clauses)}${s.finalize ? ' finalize' : ''}`);
          return ok();
        case 'acc_data_begin':
          emit(`${pragma} data${accClauses(s.clauses)}`, '{');
          depth++;
          return ok();
        case 'acc_data_end':
        case 'omp_target_data_end':
        case 'omp_target_data_use_device_end':
          depth--;
          emit('}');
          return ok();
        case 'acc_parallel': {
          const res = s.default === 'present' && 'read' in s.body ? ' copy(res)' : '';
          return kernel(p, `parallel loop${accClauses(s.clauses)}${s.default ? ` default(${s.default})` : ''}${res}`, s.body);
        }
        case 'acc_copyin':
        case 'acc_create':
          return emit(`obs_ptr(${p.number}, ${s.op}(${startAndBytes(s.var).join(', ')}));`);
        case 'acc_copyout':
        case 'acc_copyout_finalize':
        case 'acc_delete':
        case 'acc_delete_finalize':
          emit(`${s.op}(${startAndBytes(s.var).join(', ')});`);
          return ok();
        case 'acc_is_present': {
          const [start, bytes] = startAndBytes(s.var);
          return emit(`obs_int(${p.number}, acc_is_present(${start}, ${s.bytes ?? bytes}));`);
        }
        case 'acc_deviceptr':
          return emit(`obs_ptr(${p.number}, acc_deviceptr(${startAndBytes(s.var)[0]}));`);
        case 'acc_attach':
        case 'acc_detach':
        case 'acc_detach_finalize':
          emit(`${s.op}((void **)&${pointer(s.ptr)});`);
          return ok();
        case 'acc_host_data_begin': {
          // use_device's device address, as acc_deviceptr gives it (OpenACC 3.3 §2.8.1), into the handle.
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`${h} = acc_deviceptr(${startAndBytes(s.var)[0]});`);
          return ok();
        }
        case 'acc_host_data_end':
          return ok();
        case 'acc_malloc': {
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`${h} = acc_malloc(${s.bytes});`);
          return emit(`obs_ptr(${p.number}, ${h});`);
        }
        case 'acc_free':
          emit(`acc_free(${cPtr(s.ptr)});`);
          return ok();
        case 'acc_map_data':
        case 'acc_unmap_data':
        case 'acc_memcpy_to_device':
        case 'acc_memcpy_from_device': {
          const [start, bytes] = startAndBytes(s.var);
          if (s.op === 'acc_map_data') emit(`acc_map_data(${start}, ${cPtr(s.dev)}, ${bytes});`);
          else if (s.op === 'acc_unmap_data') emit(`acc_unmap_data(${start});`);
          else if (s.op === 'acc_memcpy_to_device') emit(`acc_memcpy_to_device(${cPtr(s.dev)}, ${start}, ${bytes});`);
          else emit(`acc_memcpy_from_device(${start}, ${cPtr(s.dev)}, ${bytes});`);
          return ok();
        }
        case 'pointer_assign': {
          const r = parseRef(world, s.target) as Extract<ParsedRef, { kind: 'array' }>;
          emit(`${pointer(s.ptr)} = ${r.lo === 0 ? names.v(r.name) : `&${names.v(r.name)}[${r.lo}]`};`, `${pointer(s.ptr)}_n = ${r.hi - r.lo};`);
          return ok();
        }
        case 'nullify':
          emit(`${pointer(s.ptr)} = NULL;`, `${pointer(s.ptr)}_n = 0;`);
          return ok();
        case 'host_write':
          if (p.count === null) throw new ObserveEmitError(`step ${p.number}: host write through a disassociated pointer`);
          loop(p.count, `${element(parseRef(world, s.var), 'i')} = ${s.value}`);
          return ok();
        case 'host_read':
          if (p.count === null) throw new ObserveEmitError(`step ${p.number}: host read through a disassociated pointer`);
          loop(p.count, `res[i] = ${element(parseRef(world, s.var), 'i')}`);
          return emit(`obs_read(${p.number}, res, ${p.count});`);
        case 'omp_target_enter_data':
          presentChecks(p, s.device, s.maps);
          emit(`${pragma} target enter data${devClause(s.device)}${ompMaps(s.maps)}`);
          return ok();
        case 'omp_target_exit_data':
          presentChecks(p, s.device, s.maps);
          emit(`${pragma} target exit data${devClause(s.device)}${ompMaps(s.maps)}`);
          return ok();
        case 'omp_target_data_begin':
          presentChecks(p, s.device, s.maps);
          emit(`${pragma} target data${devClause(s.device)}${ompMaps(s.maps)}`, '{');
          depth++;
          return ok();
        case 'omp_target_data_use_device_begin': {
          // the corresponding device address (OpenMP 6.0 §15.7): use_device_ptr of a pointer to the array
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`${h} = ${startAndBytes(s.var)[0]};`);
          emit(`${pragma} target data${devClause(s.device)} use_device_ptr(${h})`, '{');
          depth++;
          return ok();
        }
        case 'omp_target':
          presentChecks(p, s.device, s.maps);
          return kernel(p, `target${devClause(s.device)}${ompMaps(s.maps)}`, s.body);
        case 'omp_target_alloc': {
          const h = names.handles.get(s.result)!;
          handles.add(h);
          emit(`${h} = omp_target_alloc(${s.bytes}, ${device(s.device)});`);
          return emit(`obs_ptr(${p.number}, ${h});`);
        }
        case 'omp_target_free':
          emit(`omp_target_free(${cPtr(s.ptr)}, ${device(s.device)});`);
          return ok();
        case 'omp_target_is_present':
          return emit(`obs_int(${p.number}, omp_target_is_present(${cPtr(s.ptr)}, ${device(s.device)}));`);
        case 'omp_target_is_accessible':
          return emit(`obs_int(${p.number}, omp_target_is_accessible(${cPtr(s.ptr)}, ${s.bytes}, ${device(s.device)}));`);
        case 'omp_target_associate_ptr':
          return emit(`obs_int(${p.number}, omp_target_associate_ptr(${cPtr(s.host)}, ${cPtr(s.dev)}, ${s.bytes}, ${s.offset}, ${device(s.device)}));`);
        case 'omp_target_disassociate_ptr':
          return emit(`obs_int(${p.number}, omp_target_disassociate_ptr(${cPtr(s.ptr)}, ${device(s.device)}));`);
        case 'omp_get_mapped_ptr':
          return emit(`obs_ptr(${p.number}, omp_get_mapped_ptr(${cPtr(s.ptr)}, ${device(s.device)}));`);
        case 'omp_target_memcpy':
          return emit(
            `obs_int(${p.number}, omp_target_memcpy(${cPtr(s.dst)}, ${cPtr(s.src)}, ${s.bytes}, ${s.dst_offset}, ${s.src_offset}, ${device(s.dst_device)}, ${device(s.src_device)}));`,
          );
      }
    },
    finish(header) {
      const out = header.map((h) => `// ${h}`);
      out.push('#include <stdint.h>', '#include <stdio.h>', '#include <stdlib.h>', api === 'openacc' ? '#include <openacc.h>' : '#include <omp.h>', '');
      if (api === 'openmp')
        out.push(
          '/* OpenMP 5.1 routines gcc 12\'s omp.h does not declare (a runtime without them fails to link, naming them). */',
          'int omp_target_is_accessible(const void *ptr, size_t size, int device_num);',
          'void *omp_get_mapped_ptr(const void *ptr, int device_num);',
          '',
        );
      for (const s of world.structs) {
        out.push(`struct ${names.types.get(s.name)} {`);
        for (const m of s.pointers) out.push(`  int *${names.member(s.name, m)};`, `  int ${names.member(s.name, m)}_n;`);
        out.push('};', '');
      }
      out.push(
        'static void obs(int step, const char *what) { printf("MAPCHECK %d %s\\n", step, what); fflush(stdout); }',
        'static void obs_int(int step, int n) { printf("MAPCHECK %d int %d\\n", step, n); fflush(stdout); }',
        'static void obs_ptr(int step, const void *p) { printf("MAPCHECK %d ptr %llu\\n", step, (unsigned long long)(uintptr_t)p); fflush(stdout); }',
        'static void obs_read(int step, const int *v, int n)',
        '{',
        '  printf("MAPCHECK %d read", step);',
        '  for (int i = 0; i < n; i++)',
        '    printf(" %d", v[i]);',
        '  printf("\\n");',
        '  fflush(stdout);',
        '}',
        '',
        'int main(void)',
        '{',
      );
      for (const a of world.arrays) {
        const v = names.v(a.name);
        out.push(Array.isArray(a.init) ? `  static int ${v}[${a.length}] = {${a.init.join(', ')}};` : `  static int ${v}[${a.length}];`);
      }
      for (const s of world.structs) out.push(`  static struct ${names.types.get(s.name)} ${names.v(s.name)}${s.count === undefined ? '' : `[${s.count}]`};`);
      out.push(`  int res[${resLength}];`, '  int ond = 0;');
      if (handles.size > 0) out.push(`  void ${[...handles].map((h) => `*${h}`).join(', ')};`);
      for (const a of world.arrays)
        if (!Array.isArray(a.init) && (a.init ?? 0) !== 0) out.push(`  for (int i = 0; i < ${a.length}; i++)`, `    ${names.v(a.name)}[i] = ${a.init};`);
      for (const s of world.structs)
        for (const [m, t] of Object.entries(s.init ?? {})) {
          if (t === null) continue;
          const r = parseRef(world, t) as Extract<ParsedRef, { kind: 'array' }>;
          const at = initMember(s, m)!;
          const ptr = `${names.v(s.name)}${at.element === undefined ? '' : `[${at.element}]`}.${names.member(s.name, at.member)}`;
          out.push(`  ${ptr} = ${r.lo === 0 ? names.v(r.name) : `&${names.v(r.name)}[${r.lo}]`};`, `  ${ptr}_n = ${r.hi - r.lo};`);
        }
      hostLayout(world).forEach((o, k) => {
        const addr = o.kind === 'array' ? names.v(o.name) : `&${names.v(o.name)}`;
        out.push(`  printf("MAPCHECK 0 host ${k} %llu\\n", (unsigned long long)(uintptr_t)${addr});`);
      });
      out.push('  /* Probe: does a kernel run on a non-host device? */');
      if (api === 'openacc') out.push('#pragma acc parallel copy(ond)', '  ond = acc_on_device(acc_device_not_host) ? 1 : 0;');
      else out.push('#pragma omp target map(tofrom: ond)', '  ond = omp_is_initial_device() ? 0 : 1;');
      out.push('  printf("MAPCHECK 0 offload %d\\n", ond);', '  fflush(stdout);');
      out.push(...lines, '  printf("MAPCHECK end\\n");', '  return 0;', '}');
      return `${out.join('\n')}\n`;
    },
  };
}
