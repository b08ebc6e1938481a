// emit's C backend: C99 with `#pragma acc` / `#pragma omp`, a pointer member as a pointer and an
// element count. One writer per op of the table of operations (lang/ops.ts).

import type { Clause, KernelBody, ParsedRef, VarRef } from '../../lang/program.js';
import { ELEMENT_BYTES, hostLayout, type World } from '../../lang/program.js';
import { copyRef, initMember, isScalarRef, viewOf } from '../../lang/program.js';
import type { DeviceArg, PtrArg } from '../../lang/openmp.js';
import type { StepOf } from '../../lang/ops.js';
import {
  addressCheck,
  booleanCheck,
  bodyRef,
  deviceCode,
  directiveText,
  gccDirectives,
  presentRefs,
  intResultCheck,
  kernelCount,
  mappedPtrCheck,
  ompDevice,
  pointerValueCheck,
  useDeviceCheck,
  valuesCheck,
  type Context,
  type Shown,
  type DirectiveOp,
  type DirectiveSpelling,
  type Language,
  type StepCode,
  type StepWriters,
  assignedExpr,
} from './backend.js';
import { commentText, emitRef, type Planned } from './plan.js';
import { MAPPER_VAR, mapperClauses, mapperNote } from './mapper.js';
import { plainPointers } from '../../lang/plain-pointers.js';

/** References as emit spells them: a struct's non-pointer member is an array named `c%arr` (emitRef). */
const parseRef = (world: World, v: string) => emitRef(world, v);

const cList = (values: number[]) => `(const int[]){${values.join(', ')}}`;

export function c({ names, world, api, resLength, observe = false, remaps }: Context): Language {
  const pragma = api === 'openacc' ? '#pragma acc' : '#pragma omp';
  let depth = 1;
  const ind = () => '  '.repeat(depth);
  let usesCheck = false;
  let usesCheckRead = false;
  /** A kernel reads a pointer into `pres[0]`. */
  let usesPres = false;
  /**
   * `__typeof__(v1) *v1_h1 = &v1;` before a host_data / use_device_addr directive of array `name`
   * (null: a region that aliases nothing): the region's host code spells v1 as `(*v1_h1)`, its host
   * storage (the compiler gives v1 its device address there). Struct fields keep their own spelling.
   */
  const hostAlias = (name: string | null): string[] => {
    const array = world.arrays.some((x) => x.name === name) ? name : null;
    const alias = names.beginAlias(array, (u) => `(*${u})`);
    if (alias === null) return [];
    const v = names.variable(name!);
    return [`${ind()}__typeof__(${v}) *${alias} = &${v};`];
  };
  /** Declarations of OpenMP 5.1 routines gcc 12's omp.h lacks. */
  let usesIsAccessible = false;
  let usesMappedPtr = false;
  /** omp_target_alloc results the body assigns. */
  const handles: string[] = [];
  /** Arrays a program-scope declaration names (file scope), and its pragma lines. */
  const declared = new Set<string>();
  const declarations: string[] = [];

  /** Plain pointer variables (lang/plain-pointers.ts): `int *v3` with its count `v3_n`, no struct. */
  const plain = plainPointers(world);
  /** `v1`; a struct's non-pointer member `v3.f2`. */
  const variable = (name: string) => names.variable(name).replace('%', '.');
  /** Whether an array reference is a scalar (a variable or a member: no subscript; its address is taken with &). */
  const scalar = isScalarRef;
  /** The pointer member itself: `v3.p1`. */
  const member = (r: Extract<ParsedRef, { kind: 'member' }>) =>
    plain.has(r.struct) ? variable(r.struct) : `${variable(r.struct)}${r.index === undefined ? '' : `[${r.index}]`}.${names.member(r.struct, r.member)}`;
  /** A struct, or elements of an array of structs: `v3`, `v3[1:1]`, `v3[0:2]`. */
  const structSpell = (r: Extract<ParsedRef, { kind: 'struct' }>) => {
    const v = variable(r.name);
    const count = world.structs.find((st) => st.name === r.name)!.count;
    return r.lo === undefined || (r.lo === 0 && r.hi === count) ? v : `${v}[${r.lo}:${r.hi! - r.lo}]`;
  };
  /** The address and byte size of a struct or of elements of an array of structs: `&v3`, `&v3[1]`. */
  const structAddress = (r: Extract<ParsedRef, { kind: 'struct' }>): [string, string] => {
    const v = variable(r.name);
    if (r.lo === undefined) return [`&${v}`, `sizeof ${v}`];
    return [r.lo === 0 ? v : `&${v}[${r.lo}]`, `${r.hi! - r.lo} * sizeof ${v}[0]`];
  };
  /** A data-clause reference; a member is its target section `v3.p1[0:v3.p1_n]`, which also attaches it. */
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return structSpell(r);
    // A member section c%p(3:6) is the C section v3.p1[2:4] (in a program that remaps, counted from the explicit lower bound).
    if (r.kind === 'member') return r.bounds === undefined ? `${member(r)}[0:${member(r)}_n]` : `${member(r)}[${sectionStart(r)}:${r.bounds[1] - r.bounds[0] + 1}]`;
    const v = variable(r.name);
    return r.whole ? v : `${v}[${r.lo}:${r.hi - r.lo}]`;
  };
  /** The C index of a member section's first element: `2` for c%p(3:6), `3 - v3.p1_lb` where the program remaps. */
  const sectionStart = (r: Extract<ParsedRef, { kind: 'member' }>): string => (remaps ? `${r.bounds![0]} - ${member(r)}_lb` : `${r.bounds![0] - 1}`);
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  const pointer = (v: VarRef) => {
    const r = parseRef(world, v);
    if (r.kind !== 'member') throw new Error(`internal: ${v} is not a pointer member`);
    return member(r);
  };
  const element = (r: ParsedRef, i: string): string => {
    if (r.kind === 'member') return `${member(r)}[${r.bounds === undefined || (!remaps && r.bounds[0] === 1) ? i : `${i} + ${sectionStart(r)}`}]`;
    if (scalar(r)) return variable((r as { name: string }).name);
    if (r.kind === 'array') return `${variable(r.name)}[${r.lo === 0 ? i : `${i} + ${r.lo}`}]`;
    throw new Error('internal: element of a whole struct');
  };
  /**
   * Element `i` (0-based) of a copy's `from` reference (a kernel body or host_write with `from`;
   * an array, a section or a scalar: `v1[i]`, `v1[i + 2]`, `v1`), or undefined for a plain write.
   */
  const copyElement = (w: KernelBody | StepOf<'host_write'>, i: string): string | undefined => {
    const from = copyRef(w);
    return from === null ? undefined : element(parseRef(world, from), i);
  };
  /** Start address and byte length of a routine argument. */
  const startAndBytes = (v: VarRef): [string, string] => {
    const r = parseRef(world, v);
    if (r.kind === 'struct') return structAddress(r);
    if (r.kind === 'member')
      return r.bounds === undefined
        ? [member(r), `${member(r)}_n * sizeof(int)`]
        : [`&${member(r)}[${sectionStart(r)}]`, `${r.bounds[1] - r.bounds[0] + 1} * sizeof(int)`];
    const name = variable(r.name);
    if (scalar(r)) return [`&${name}`, `sizeof ${name}`];
    return r.whole ? [name, `sizeof ${name}`] : [`&${name}[${r.lo}]`, `${r.hi - r.lo} * sizeof(int)`];
  };
  const clauses = (list: Clause<string>[]) =>
    list.map((cl) => ` ${cl.clause}(${cl.vars.map((v) => (cl.clause === 'attach' || cl.clause === 'detach' ? pointer(v) : spellVar(v))).join(', ')})`).join('');
  const loop = (count: number, assign: string) => [`${ind()}for (int i = 0; i < ${count}; i++)`, `${ind()}  ${assign};`];
  const resetRes = () => [`${ind()}for (int i = 0; i < ${'(int)(sizeof res / sizeof res[0])'}; i++)`, `${ind()}  res[i] = -1;`];
  /** A region's directive lines, then its opening brace (the region's statements go one deeper). */
  const regionOpen = (directive: string[]) => {
    const lines = [...directive, `${ind()}{`];
    depth++;
    return lines;
  };
  const regionBegin = (words: string) => regionOpen([`${pragma} ${words}`]);
  /** The count a host loop over `v` runs for: the array section, or the pointer's target. */
  const hostCountOf = (p: Planned, v: VarRef): number => {
    const r = parseRef(world, v);
    if (r.kind === 'array') return r.hi - r.lo;
    if (p.count === null) throw new Error(`internal: no element count for ${v} at step ${p.index + 1}`);
    return p.count;
  };
  // A C pointer has no descriptor: a program that remaps a Fortran pointer's bounds gets an
  // explicit lower bound `p_lb` next to the count `p_n`, a field of the struct that its copies
  // carry and that an attach (which writes the pointer only) leaves alone.
  const assignPointer = (ptr: string, target: VarRef, lbound = 1): string[] => {
    const r = parseRef(world, target);
    if (r.kind !== 'array') throw new Error('internal: a pointer target is an array or subarray');
    const v = variable(r.name);
    const lb = remaps ? [`${ind()}${ptr}_lb = ${lbound};`] : [];
    return [`${ind()}${ptr} = ${r.lo === 0 ? v : `&${v}[${r.lo}]`};`, `${ind()}${ptr}_n = ${r.hi - r.lo};`, ...lb];
  };

  const device = (d: DeviceArg) => deviceCode(world, d).code;
  /** A routine's pointer argument: `v1`, `&v1[2]`, `(char *)&v3 + 4`, `h1`, `NULL`. */
  const cPointer = (arg: PtrArg): string => {
    if (arg === null) return 'NULL';
    const offset = arg.offset ?? 0;
    const plusBytes = (base: string) => (offset === 0 ? base : `(char *)${base} + ${offset}`);
    if ('handle' in arg) return plusBytes(names.handle(arg.handle));
    const r = parseRef(world, arg.var);
    if (r.kind === 'struct') return plusBytes(structAddress(r)[0]);
    if (r.kind !== 'array') throw new Error(`internal: pointer argument ${arg.var} is a pointer member`);
    const v = variable(r.name);
    if (scalar(r)) return plusBytes(`&${v}`);
    const element = r.lo + offset / ELEMENT_BYTES;
    // Whole elements (one past the end included) are addressed as elements.
    if (Number.isInteger(element)) return element === 0 ? v : `&${v}[${element}]`;
    return `(char *)${r.lo === 0 ? v : `&${v}[${r.lo}]`} + ${offset}`;
  };
  const intOps = { zero: '==', nonzero: '!=' };
  /** A routine's integer result (0 / nonzero, or a boolean): checked, or shown. */
  const intResult = (p: Planned, call: string): StepCode => ({ lines: [], check: intResultCheck(p, call, intOps), shown: { kind: 'int', expr: call } });

  const spelling: DirectiveSpelling = { clauses, variable: spellVar, device };
  const clangSpelling: DirectiveSpelling = { ...spelling, keepPresent: true };

  /**
   * The directive lines of a step (`lines(spelling)`), with what its present modifiers need: none,
   * or clang's branch, which writes the modifier itself (the runtime's present check is what is
   * measured), beside GCC 12's, which has no such modifier and writes its equivalent check first.
   */
  const withPresent = (s: StepOf<DirectiveOp>, p: Planned, lines: (sp: DirectiveSpelling) => string[]): string[] => {
    const equivalent = presentEquivalent(s, p);
    if (equivalent.length === 0) return lines(spelling);
    return ['#if defined(__clang__)', ...lines(clangSpelling), '#else', ...equivalent, ...lines(spelling), '#endif'];
  };

  /**
   * A kernel step: the construct over a loop on the body's reference (a pointer: `pres[0] =
   * v3.p1`, once); a kernel of several statements (lang/README.md "Kernels of several statements")
   * is one loop whose braces hold one assignment per statement, in order.
   */
  function kernel(s: StepOf<'acc_parallel' | 'omp_target'>, p: Planned): string[] {
    const body = s.body;
    gccDirectives(s, p); // a construct GCC rejects is refused
    if ('writes' in body) {
      const assigns = body.writes.map((w) => {
        const e = element(parseRef(world, w.write), 'i');
        return `${ind()}  ${e} = ${assignedExpr(w, e, 'i', 0, copyElement(w, 'i'))};`;
      });
      return [...withPresent(s, p, (sp) => [`${pragma} ${directiveText(s, p, sp)}`]), `${ind()}for (int i = 0; i < ${kernelCount(p)}; i++) {`, ...assigns, `${ind()}}`];
    }
    const r = parseRef(world, bodyRef(body));
    if ('pointer' in body) {
      usesPres = true;
      return [`${ind()}pres[0] = NULL;`, ...withPresent(s, p, (sp) => [`${pragma} ${directiveText(s, p, sp)}`]), ...loop(1, `pres[0] = ${pointer(body.pointer)}`)];
    }
    const assign = 'read' in body ? `res[i] = ${element(r, 'i')}` : `${element(r, 'i')} = ${assignedExpr(body, element(r, 'i'), 'i', 0, copyElement(body, 'i'))}`;
    // A read of a pointer's view through its explicit lower bound: the bounds, or one element p(at).
    const view = viewRead(r, body);
    const code = view === null ? loop(kernelCount(p), assign) : [`${ind()}for (int i = 0; i < 1; i++) {`, ...view.map((l) => `${ind()}  ${l};`), `${ind()}}`];
    return [...('read' in body ? resetRes() : []), ...withPresent(s, p, (sp) => [`${pragma} ${directiveText(s, p, sp)}`]), ...code];
  }

  /** The statements of a kernel reading a member's bounds or its element `at` (null: an ordinary read). */
  const viewRead = (r: ParsedRef, body: KernelBody): string[] | null => {
    if (!('read' in body) || (!body.bounds && body.at === undefined)) return null;
    if (r.kind !== 'member') throw new Error('internal: a view read names a pointer member');
    const m = member(r);
    const lb = remaps ? `${m}_lb` : '1';
    if (body.bounds) return [`res[0] = ${lb}`, `res[1] = ${lb} + ${m}_n - 1`];
    return [`res[0] = ${m}[${body.at} - ${lb}]`];
  };

  const regionEnd = () => {
    depth--;
    return [`${ind()}}`];
  };
  /** GCC 12 has no map(present, …): its equivalent, a check that stops the program unless the data is present. */
  const presentEquivalent = (s: StepOf<DirectiveOp>, p: Planned): string[] =>
    presentRefs(s).flatMap((v) => {
      // The construct's device: GCC 12 runs a construct on device(-1) on the default device (-1 is
      // its GOMP_DEVICE_ICV, K-B61), so the check asks that one; GCC 12's omp_target_is_present
      // answers 0 for any negative number.
      const dev = !('device' in s) || s.device === undefined || s.device === -1 ? 'omp_get_default_device()' : device(s.device);
      // A disassociated pointer member names no storage, so nothing is checked (OpenMP 6.0 §7.9.6, §15.9).
      const r = parseRef(world, v);
      const associated = r.kind === 'member' ? `${member(r)} != NULL && ` : '';
      return [
        `${ind()}// map(present, ...) written as its equivalent (GCC 12 rejects the present modifier): stop unless ${commentText(v)} is present`,
        `${ind()}if (${associated}!omp_target_is_present(${startAndBytes(v)[0]}, ${dev})) {`,
        `${ind()}  printf("step ${p.index + 1}: runtime error: ${commentText(v).replace(/["%]/g, '')} is not present (present modifier)\\n");`,
        `${ind()}  exit(1);`,
        `${ind()}}`,
      ];
    });
  // GCC 12's C front end rejects a plain pointer `p` together with a section of its target in one
  // target exit data directive ("'p' appears both in data and map clauses", measured
  // -foffload=disable), though it takes them on enter data, target data and target: such an exit
  // data directive is written one directive per reference, the sections first (their storage is
  // not p's, so the order of the two copies back does not matter, OpenMP 6.0 §7.9.6).
  const plainExitSplit = (d: StepOf<DirectiveOp>): StepOf<DirectiveOp>[] => {
    if (d.op !== 'omp_target_exit_data') return [d];
    const refs = d.maps.flatMap((m) => m.vars.map((v) => ({ m, v, r: parseRef(world, v) })));
    const both = [...plain.keys()].some((n) => refs.some((x) => x.r.kind === 'struct' && x.r.name === n) && refs.some((x) => x.r.kind === 'member' && x.r.struct === n));
    if (!both) return [d];
    const one = (x: (typeof refs)[number]) => ({ ...d, maps: [{ ...x.m, vars: [x.v] }] });
    return [...refs.filter((x) => x.r.kind === 'member').map(one), ...refs.filter((x) => x.r.kind !== 'member').map(one)];
  };
  const directiveStep = (s: StepOf<DirectiveOp>, p: Planned): StepCode => ({
    lines: withPresent(s, p, (sp) => gccDirectives(s, p).flatMap(plainExitSplit).map((d) => `${pragma} ${directiveText(d, p, sp)}`)),
    check: null,
  });
  const regionBeginStep = (s: StepOf<DirectiveOp>, p: Planned): StepCode => {
    gccDirectives(s, p);
    return { lines: regionOpen(withPresent(s, p, (sp) => [`${pragma} ${directiveText(s, p, sp)}`])), check: null };
  };
  const regionEndStep = (): StepCode => ({ lines: regionEnd(), check: null });
  // OpenACC 3.3 §2.8: inside the region the array's name stands for its device address; the
  // handle keeps it for the calls of the region.
  const hostDataBegin = (s: StepOf<'acc_host_data_begin'>, p: Planned): StepCode => {
    const h = names.handle(s.result);
    if (!handles.includes(h)) handles.push(h);
    const v = startAndBytes(s.var)[0];
    const root = parseRef(world, s.var);
    const lines = [...hostAlias(root.kind === 'array' ? root.name : null), ...regionBegin(directiveText(s, p, spelling)), `${ind()}${h} = ${v};`];
    return { lines, check: useDeviceCheck(p, `${h} != NULL`, `${h} == (void *)${v}`) };
  };
  const kernelStep = (s: StepOf<'acc_parallel' | 'omp_target'>, p: Planned): StepCode => {
    if (!('pointer' in s.body))
      return { lines: kernel(s, p), check: valuesCheck(p), ...('read' in s.body && { shown: { kind: 'read', count: kernelCount(p) } as Shown }) };
    // OpenACC 3.3 §2.6.8 / OpenMP 6.0 §7.9.6: the device copy of the pointer
    const capture: string[] = [];
    if (s.result !== undefined) {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      capture.push(`${ind()}${h} = pres[0];`);
    }
    const check = pointerValueCheck(world, p, {
      isNull: 'pres[0] == NULL',
      isDevice: `pres[0] != NULL && pres[0] != (void *)${pointer(s.body.pointer)}`,
      isHostElement: (name, element) => `pres[0] == (void *)&${names.variable(name)}[${element}]`,
    });
    return { lines: [...kernel(s, p), ...capture], check, shown: { kind: 'ptr', expr: 'pres[0]' } };
  };
  const copyinRoutine = (s: { op: string; var: VarRef; result?: string }, p: Planned): StepCode => {
    const call = `${s.op}(${startAndBytes(s.var).join(', ')})`;
    if (s.result === undefined) return { lines: [], check: addressCheck(p, `${call} != NULL`), shown: { kind: 'ptr', expr: call } };
    return keptPointer(s.result, call, p);
  };
  /** `h = call;`: a returned device pointer kept for later device memory routines (a step's `result`). */
  const keptPointer = (result: string, call: string, p: Planned): StepCode => {
    const h = names.handle(result);
    if (!handles.includes(h)) handles.push(h);
    return { lines: [`${ind()}${h} = ${call};`], check: addressCheck(p, `${h} != NULL`), shown: { kind: 'ptr', expr: h } };
  };
  const copyoutRoutine = (s: { op: string; var: VarRef }): StepCode => ({ lines: [`${ind()}${s.op}(${startAndBytes(s.var).join(', ')});`], check: null });
  const attachRoutine = (s: { op: string; ptr: VarRef }): StepCode => ({ lines: [`${ind()}${s.op}((void **)&${pointer(s.ptr)});`], check: null });

  /**
   * A program-scope declaration: its arrays become file-scope variables with their initial values
   * as initialisers (static data, present from program start), followed by the pragma.
   */
  const declareStep = (s: StepOf<'acc_declare' | 'omp_declare_target'>, p: Planned): StepCode => {
    // validation: whole arrays, so each var is an array's name
    for (const c of s.clauses) for (const v of c.vars) declared.add(v);
    declarations.push(`${pragma} ${directiveText(s, p, spelling)}`);
    return { lines: [], check: null };
  };

  /**
   * A procedure with a declare (OpenACC 3.3 §2.13): GCC 12's C front end takes a declare in a
   * function only of the function's own variables ("must be a variable declared in the same scope
   * as #pragma acc declare"), and the procedure's arrays are its caller's, so C writes what the text
   * says the declare is, the procedure's implicit data region (§2.6.3): a data construct around the
   * body, where the call is (GCC lowers both the same way, GOACC_data_start / GOACC_data_end, which
   * is what gfortran makes of the Fortran form's declare; K-A56).
   */
  const procedureBegin = (s: StepOf<'acc_procedure_begin'>, p: Planned): StepCode => {
    gccDirectives(s, p); // one array twice: refused as GCC would
    const comment = `${ind()}// the call of a procedure that declares${clauses(s.clauses)}: its implicit data region`;
    return { lines: [comment, ...regionBegin(`data${clauses(s.clauses)}`)], check: null };
  };

  const steps: StepWriters = {
    acc_declare: declareStep,
    omp_declare_target: declareStep,
    acc_enter_data: directiveStep,
    acc_exit_data: directiveStep,
    acc_data_begin: regionBeginStep,
    acc_data_end: regionEndStep,
    acc_procedure_begin: procedureBegin,
    acc_procedure_end: regionEndStep,
    acc_host_data_begin: hostDataBegin,
    // OpenMP 6.0 §15.7 with use_device_addr(v1), or use_device_ptr of a pointer to v1 (the handle)
    omp_target_data_use_device_begin: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      const v = startAndBytes(s.var)[0];
      const root = parseRef(world, s.var);
      // use_device_ptr names the handle, not the array: the array keeps its host address
      const before = hostAlias(!s.ptr && root.kind === 'array' ? root.name : null);
      const lines = s.ptr
        ? [`${ind()}${h} = ${v};`, ...regionBegin(`target data${ompDevice(s, device)} use_device_ptr(${h})`)]
        : [...before, ...regionBegin(directiveText(s, p, spelling)), `${ind()}${h} = ${v};`];
      return { lines, check: useDeviceCheck(p, `${h} != NULL`, `${h} == (void *)${v}`) };
    },
    omp_target_data_use_device_end: () => (names.endAlias(), regionEndStep()),
    acc_host_data_end: () => (names.endAlias(), regionEndStep()),
    acc_parallel: kernelStep,
    acc_copyin: copyinRoutine,
    acc_create: copyinRoutine,
    acc_copyout: copyoutRoutine,
    acc_copyout_finalize: copyoutRoutine,
    acc_delete: copyoutRoutine,
    acc_delete_finalize: copyoutRoutine,
    acc_attach: attachRoutine,
    acc_detach: attachRoutine,
    acc_detach_finalize: attachRoutine,
    acc_is_present: (s, p) => {
      const [start, bytes] = startAndBytes(s.var);
      const call = `acc_is_present(${start}, ${s.bytes ?? bytes})`;
      return { lines: [], check: booleanCheck(p, call), shown: { kind: 'int', expr: call } };
    },
    acc_deviceptr: (s, p) => {
      const call = `acc_deviceptr(${startAndBytes(s.var)[0]})`;
      if (s.result === undefined) return { lines: [], check: addressCheck(p, `${call} != NULL`), shown: { kind: 'ptr', expr: call } };
      return keptPointer(s.result, call, p);
    },
    acc_malloc: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      return { lines: [`${ind()}${h} = acc_malloc(${s.bytes});`], check: addressCheck(p, `${h} != NULL`), shown: { kind: 'ptr', expr: h } };
    },
    acc_free: (s) => ({ lines: [`${ind()}acc_free(${cPointer(s.ptr)});`], check: null }),
    acc_map_data: (s) => {
      const [start, bytes] = startAndBytes(s.var);
      return { lines: [`${ind()}acc_map_data(${start}, ${cPointer(s.dev)}, ${bytes});`], check: null };
    },
    acc_unmap_data: (s) => ({ lines: [`${ind()}acc_unmap_data(${startAndBytes(s.var)[0]});`], check: null }),
    acc_memcpy_to_device: (s) => {
      const [start, bytes] = startAndBytes(s.var);
      return { lines: [`${ind()}acc_memcpy_to_device(${cPointer(s.dev)}, ${start}, ${bytes});`], check: null };
    },
    acc_memcpy_from_device: (s) => {
      const [start, bytes] = startAndBytes(s.var);
      return { lines: [`${ind()}acc_memcpy_from_device(${start}, ${cPointer(s.dev)}, ${bytes});`], check: null };
    },
    pointer_assign: (s) => ({ lines: assignPointer(pointer(s.ptr), s.target, s.lbound), check: null }),
    nullify: (s) => ({ lines: [`${ind()}${pointer(s.ptr)} = NULL;`, `${ind()}${pointer(s.ptr)}_n = 0;`], check: null }),
    // an allocatable component: malloc'd storage filled with the source value, and free
    allocate: (s) => ({
      lines: [
        `${ind()}${pointer(s.ptr)} = malloc(${s.length} * sizeof (int));`,
        `${ind()}for (int i = 0; i < ${s.length}; i++) ${pointer(s.ptr)}[i] = ${s.value ?? 0};`,
        `${ind()}${pointer(s.ptr)}_n = ${s.length};`,
        ...(remaps ? [`${ind()}${pointer(s.ptr)}_lb = 1;`] : []),
      ],
      check: null,
    }),
    deallocate: (s) => ({ lines: [`${ind()}free(${pointer(s.ptr)});`, `${ind()}${pointer(s.ptr)} = NULL;`, `${ind()}${pointer(s.ptr)}_n = 0;`], check: null }),
    host_write: (s, p) => {
      const e = element(parseRef(world, s.var), 'i');
      return { lines: loop(hostCountOf(p, s.var), `${e} = ${assignedExpr(s, e, 'i', 0, copyElement(s, 'i'))}`), check: null };
    },
    host_read: (s, p) => ({
      lines: [
        ...resetRes(),
        ...(viewRead(parseRef(world, s.var), { read: s.var, ...viewOf(s) })?.map((l) => `${ind()}${l};`) ??
          loop(hostCountOf(p, s.var), `res[i] = ${element(parseRef(world, s.var), 'i')}`)),
      ],
      check: valuesCheck(p),
      shown: { kind: 'read', count: hostCountOf(p, s.var) },
    }),
    omp_target_enter_data: directiveStep,
    omp_target_update: directiveStep,
    acc_update: directiveStep,
    omp_target_exit_data: directiveStep,
    omp_target_data_begin: regionBeginStep,
    omp_target_data_end: regionEndStep,
    omp_target: kernelStep,
    omp_target_alloc: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      return { lines: [`${ind()}${h} = omp_target_alloc(${s.bytes}, ${device(s.device)});`], check: addressCheck(p, `${h} != NULL`), shown: { kind: 'ptr', expr: h } };
    },
    omp_target_free: (s) => ({ lines: [`${ind()}omp_target_free(${cPointer(s.ptr)}, ${device(s.device)});`], check: null }),
    omp_target_is_present: (s, p) => intResult(p, `omp_target_is_present(${cPointer(s.ptr)}, ${device(s.device)})`),
    omp_target_is_accessible: (s, p) => {
      usesIsAccessible = true;
      return intResult(p, `omp_target_is_accessible(${cPointer(s.ptr)}, ${s.bytes}, ${device(s.device)})`);
    },
    omp_target_associate_ptr: (s, p) =>
      intResult(p, `omp_target_associate_ptr(${cPointer(s.host)}, ${cPointer(s.dev)}, ${s.bytes}, ${s.offset}, ${device(s.device)})`),
    omp_target_disassociate_ptr: (s, p) => intResult(p, `omp_target_disassociate_ptr(${cPointer(s.ptr)}, ${device(s.device)})`),
    omp_get_mapped_ptr: (s, p) => {
      usesMappedPtr = true;
      const arg = cPointer(s.ptr);
      const call = `omp_get_mapped_ptr(${arg}, ${device(s.device)})`;
      return { lines: [], check: mappedPtrCheck(p, `${call} != NULL`, `${call} == (void *)(${arg})`), shown: { kind: 'ptr', expr: call } };
    },
    omp_target_memcpy: (s, p) => {
      const args = [cPointer(s.dst), cPointer(s.src), s.bytes, s.dst_offset, s.src_offset, device(s.dst_device), device(s.src_device)];
      return intResult(p, `omp_target_memcpy(${args.join(', ')})`);
    },
  };

  return {
    foldsOk: false,
    comment: (text) => `${ind()}// ${commentText(text)}`,
    steps,
    // the body stays inside the data construct that stands for the procedure (procedureBegin)
    procedure: (body) => body,
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
    regionEnd,
    observe(step, shown) {
      if (shown === undefined) return [`${ind()}obs(${step}, "ok");`];
      if (shown.kind === 'done') return [`${ind()}obs(${step}, "done");`];
      if (shown.kind === 'read') return [`${ind()}obs_read(${step}, res, ${shown.count});`];
      return [`${ind()}obs_${shown.kind}(${step}, ${shown.expr});`];
    },
    prologue() {
      const out = [...(observe ? ['#include <stdint.h>'] : []), '#include <stdio.h>', '#include <stdlib.h>', api === 'openacc' ? '#include <openacc.h>' : '#include <omp.h>', ''];
      // OpenMP 5.1 routines gcc 12's omp.h does not declare; newer headers declare them alike, and a
      // runtime that lacks them fails to link, which names the missing routine.
      if (usesIsAccessible) out.push('/* omp_target_is_accessible (OpenMP 6.0 §25.2.2) */', 'int omp_target_is_accessible(const void *ptr, size_t size, int device_num);', '');
      if (usesMappedPtr) out.push('/* omp_get_mapped_ptr (OpenMP 6.0 §25.2.3) */', 'void *omp_get_mapped_ptr(const void *ptr, int device_num);', '');
      for (const s of world.structs) {
        if (plain.has(s.name)) continue;
        out.push(`struct ${names.typeOf(s.name)} {`);
        for (const m of s.pointers) {
          out.push(`  int *${names.member(s.name, m)};`, `  int ${names.member(s.name, m)}_n;`);
          if (remaps) out.push(`  int ${names.member(s.name, m)}_lb; /* the lower bound of c%p(lb:) => t */`);
        }
        for (const f of s.fields ?? []) out.push(`  int ${names.field(s.name, f.name)}${f.length === undefined ? '' : `[${f.length}]`};`);
        out.push('};', '');
        const mapper = world.mappers?.find((m) => m.struct === s.name);
        if (mapper)
          out.push(
            ...mapperNote(world).map((l, i, all) => `${i === 0 ? '/* ' : '   '}${l}${i === all.length - 1 ? ' */' : ''}`),
            `#pragma omp declare mapper(struct ${names.typeOf(s.name)} ${MAPPER_VAR})${mapperClauses(mapper, variable(s.name), spellVar)}`,
            '',
          );
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
      for (const a of world.arrays.filter((x) => declared.has(x.name))) {
        const init = Array.isArray(a.init) ? a.init : Array.from({ length: a.length }, () => a.init ?? 0);
        out.push(a.scalar ? `static int ${variable(a.name)} = ${init[0]};` : `static int ${variable(a.name)}[${a.length}] = {${init.join(', ')}};`);
      }
      if (declarations.length > 0) out.push(...declarations, '');
      if (observe) out.push(...OBSERVATION_ROUTINES);
      out.push('int main(void)', '{');
      for (const a of world.arrays.filter((x) => !declared.has(x.name))) {
        const v = variable(a.name);
        if (a.scalar) out.push(`  static int ${v} = ${Array.isArray(a.init) ? a.init[0] : (a.init ?? 0)};`);
        else out.push(Array.isArray(a.init) ? `  static int ${v}[${a.length}] = {${a.init.join(', ')}};` : `  static int ${v}[${a.length}];`);
      }
      for (const s of world.structs)
        out.push(
          plain.has(s.name)
            ? `  static int *${variable(s.name)}, ${variable(s.name)}_n${remaps ? `, ${variable(s.name)}_lb` : ''}; /* a plain pointer and its element count${remaps ? ' and lower bound' : ''} */`
            : `  static struct ${names.typeOf(s.name)} ${variable(s.name)}${s.count === undefined ? '' : `[${s.count}]`};`,
        );
      if (resLength > 0) out.push(`  int res[${resLength}];`);
      if (usesPres) out.push('  void *pres[1];');
      if (observe) out.push('  int ond = 0;');
      if (handles.length > 0) out.push(`  void ${handles.map((h) => `*${h}`).join(', ')};`);
      for (const a of world.arrays.filter((x) => !declared.has(x.name) && !x.scalar))
        if (!Array.isArray(a.init) && (a.init ?? 0) !== 0)
          out.push(`  for (int i = 0; i < ${a.length}; i++)`, `    ${variable(a.name)}[i] = ${a.init};`);
      for (const s of world.structs)
        for (const [key, target] of Object.entries(s.init ?? {})) {
          const at = initMember(s, key)!;
          const element = at.element === undefined ? '' : `[${at.element}]`;
          if (target !== null) out.push(...assignPointer(plain.has(s.name) ? variable(s.name) : `${variable(s.name)}${element}.${names.member(s.name, at.member)}`, target));
        }
      for (const s of world.structs)
        for (const f of s.fields ?? []) {
          const v = variable(`${s.name}%${f.name}`);
          const values = Array.isArray(f.init) ? f.init : Array.from({ length: f.length ?? 1 }, () => f.init ?? 0);
          if (f.length === undefined) out.push(`  ${v} = ${values[0]};`);
          else values.forEach((x, i) => out.push(`  ${v}[${i}] = ${x};`));
        }
      if (observe) {
        // (the host heap of allocatable components is no variable: it comes last, so k stays the layout index)
        const print = (what: string, addr: string) => `  printf("MAPCHECK 0 ${what} %llu\\n", (unsigned long long)(uintptr_t)${addr});`;
        hostLayout(world).filter((o) => o.kind !== 'heap').forEach((o, k) => {
          const scalarVariable = world.arrays.find((x) => x.name === o.name)?.scalar === true;
          out.push(print(`host ${k}`, o.kind === 'array' && !scalarVariable ? names.variable(o.name) : `&${names.variable(o.name)}`));
          // where C put each element of an array of structs and each field of a struct (toolchain/observations.ts)
          const s = o.kind === 'struct' && !plain.has(o.name) ? world.structs.find((x) => x.name === o.name)! : undefined;
          for (let e = 0; e < (s?.count ?? 0); e++) out.push(print(`element ${k} ${e}`, `&${names.variable(o.name)}[${e}]`));
          for (const [f, field] of (s?.fields ?? []).entries()) out.push(print(`field ${k} ${f}`, `&${variable(`${o.name}%${field.name}`)}`));
        });
        out.push('  /* Probe: does a kernel run on a non-host device? */');
        if (api === 'openacc') out.push('#pragma acc parallel copy(ond)', '  ond = acc_on_device(acc_device_not_host) ? 1 : 0;');
        else out.push('#pragma omp target map(tofrom: ond)', '  ond = omp_is_initial_device() ? 0 : 1;');
        out.push('  printf("MAPCHECK 0 offload %d\\n", ond);', '  fflush(stdout);');
      }
      return out;
    },
    epilogue: () => [observe ? '  printf("MAPCHECK end\\n");' : '  printf("OK\\n");', '  return 0;', '}'],
  };
}

/** The observation programs' printing functions (toolchain/observations.ts line format). */
const OBSERVATION_ROUTINES: readonly string[] = [
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
];
