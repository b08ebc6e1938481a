// emit's Fortran backend: free-form Fortran 2008 with `!$acc` / `!$omp` directives, the seed
// study's style. One writer per op of the table of operations (lang/ops.ts).

import type { AccAttachRoutine, Clause, KernelBody, ParsedRef, VarRef } from '../../lang/program.js';
import { ELEMENT_BYTES, type World } from '../../lang/program.js';
import { copyRef, initMember, isScalarRef, kernelRef, kernelStatements } from '../../lang/program.js';
import { MAPPER_VAR, mapperClauses, mapperNote } from './mapper.js';
import type { DeviceArg, PtrArg } from '../../lang/openmp.js';
import type { RegionEndOp, StepOf } from '../../lang/ops.js';
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
  type Check,
  type Context,
  type Shown,
  type DirectiveOp,
  type DirectiveSpelling,
  type Language,
  type StepCode,
  type StepWriters,
  assignedExpr,
} from './backend.js';
import { EmitError, commentText, emitRef, type Planned } from './plan.js';
import { hostLayout, isAllocatable } from '../../lang/program.js';
import { kernelPrivatePointers } from '../../lang/plain-pointers.js';

/** References as emit spells them: a struct's non-pointer member is an array named `c%arr` (emitRef). */
const parseRef = (world: World, v: string) => emitRef(world, v);

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

/**
 * OpenACC 3.3 §3.2.16–§3.2.27 device memory routines through their C bindings (gfortran 12's
 * openacc module does not declare their 3.3 Fortran interfaces).
 */
export const ACC_DEVICE_MEMORY_INTERFACES: readonly string[] = [
  '    ! OpenACC 3.3 §3.2.16-§3.2.17, §3.2.21-§3.2.22, §3.2.26-§3.2.27 through their C bindings',
  '    type(c_ptr) function acc_malloc_c(bytes) bind(C, name="acc_malloc")',
  '      import :: c_ptr, c_size_t',
  '      integer(c_size_t), value :: bytes',
  '    end function',
  '    subroutine acc_free_c(d) bind(C, name="acc_free")',
  '      import :: c_ptr',
  '      type(c_ptr), value :: d',
  '    end subroutine',
  '    subroutine acc_map_data_c(h, d, bytes) bind(C, name="acc_map_data")',
  '      import :: c_ptr, c_size_t',
  '      type(c_ptr), value :: h, d',
  '      integer(c_size_t), value :: bytes',
  '    end subroutine',
  '    subroutine acc_unmap_data_c(h) bind(C, name="acc_unmap_data")',
  '      import :: c_ptr',
  '      type(c_ptr), value :: h',
  '    end subroutine',
  '    subroutine acc_memcpy_to_device_c(d, h, bytes) bind(C, name="acc_memcpy_to_device")',
  '      import :: c_ptr, c_size_t',
  '      type(c_ptr), value :: d, h',
  '      integer(c_size_t), value :: bytes',
  '    end subroutine',
  '    subroutine acc_memcpy_from_device_c(h, d, bytes) bind(C, name="acc_memcpy_from_device")',
  '      import :: c_ptr, c_size_t',
  '      type(c_ptr), value :: h, d',
  '      integer(c_size_t), value :: bytes',
  '    end subroutine',
];

export function fortran({ names, world, api, resLength, observe = false, remaps }: Context): Language {
  const sentinel = api === 'openacc' ? '!$acc' : '!$omp';
  let usesRuntimeModule = false;
  let usesDeviceptr = false;
  /** acc_malloc, acc_free, acc_map_data, acc_unmap_data, acc_memcpy_* through their C bindings. */
  let usesDeviceMemory = false;
  let usesLoop = false;
  /** Host aliases of arrays the use_device regions name (Names.beginAlias), declared with the arrays. */
  const hostAliases: string[] = [];
  /** The same for scalar variables (`integer, pointer :: alias`). */
  const scalarAliases: string[] = [];
  /**
   * Scalar variables declared TARGET: those a use_device list names (their host alias points at
   * them). Every other scalar is a plain `integer`, since OpenMP 6.0 §7.9.3 maps a Fortran TARGET
   * scalar that no map names tofrom where a plain one is firstprivate; its address comes from GNU
   * `loc`, which needs no TARGET.
   */
  const targetScalars = new Set<string>();
  /** Scalars an OpenMP kernel uses with no map naming them (firstprivate). */
  const implicitScalars = new Set<string>();
  /** `c_loc(e)`, or for a scalar that is no TARGET its address through `loc`. */
  const cLoc = (e: string): string => {
    const a = world.arrays.find((x) => x.scalar === true && names.variable(x.name) === e);
    if (a === undefined || targetScalars.has(a.name) || declared.has(a.name)) return `c_loc(${e})`;
    cBinding.add('c_null_ptr');
    return `transfer(loc(${e}), c_null_ptr)`;
  };
  /**
   * `alias => v1` before a host_data / use_device_addr directive of the whole rank-1 array `name`
   * (null: a region that aliases nothing), through which the region's host code reaches the host
   * storage (the compiler gives v1 its device address there).
   */
  const hostAlias = (name: string | null): string[] => {
    const a = world.arrays.find((x) => x.name === name);
    const alias = names.beginAlias(a !== undefined && a.shape === undefined ? a.name : null, (u) => u);
    if (alias === null) return [];
    if (a!.scalar) targetScalars.add(a!.name);
    (a!.scalar ? scalarAliases : hostAliases).push(alias);
    return [`  ${alias} => ${names.variable(name!)}`];
  };
  /** iso_c_binding names the body uses. */
  const cBinding = new Set<string>();
  /** C bindings of OpenMP routines gfortran 12's omp_lib lacks. */
  let usesIsAccessible = false;
  let usesMappedPtr = false;
  let usesPlusBytes = false;
  let structsAreTargets = false;
  /** A kernel reads a pointer into `pres(1)`. */
  let usesPres = false;
  /** omp_target_alloc results the body assigns. */
  const handles: string[] = [];
  /** Arrays a program-scope declaration names, and its directive lines (specification part). */
  const declared = new Set<string>();
  const declarations: string[] = [];

  // Fortran spells a reference the same way in every clause: `v1`, `v1(2:5)`, `v3`, `v3%p1`.
  const spell = (r: ParsedRef): string => {
    if (r.kind === 'struct') return structSpell(r);
    if (r.kind === 'member')
      return `${memberSpell(r)}${r.bounds === undefined ? '' : `(${r.bounds[0]}:${r.bounds[1]})`}`;
    const v = names.variable(r.name);
    if (r.rank2 !== undefined) return r.whole ? v : `${v}(${r.rank2.bounds.map(([l, u]) => `${l}:${u}`).join(',')})`;
    return r.whole ? v : `${v}(${r.lo + 1}:${r.hi})`;
  };
  /**
   * Plain pointers a kernel step goes through without its construct naming them (the kernel's
   * private pointer, lang/README.md "Plain pointer variables"), each with a separate pointer of its
   * own (`v3_priv => v3%p1`) that the step names instead: gfortran maps that pointer's descriptor
   * with the section and assigns its data pointer (as for any pointer array), and leaves the
   * component alone, as C's firstprivate pointer does. The one-component type itself would be a
   * struct the kernel uses, whose component gfortran 12 maps without a usable descriptor (measured:
   * profiles/measured/probes-gcc-12-2026-12-05e.md; with the alias every unit agrees, -05f.md).
   * Set for the steps of one kernel only.
   */
  const privateAliases = new Map<string, string>();
  /** Every private alias declared (`integer, pointer :: v3_priv(:)`). */
  const privateDeclared = new Set<string>();
  /** The pointer member itself, without a section's bounds: `v3%p1`, `v3(2)%p1` (`v3_priv` in a kernel step whose pointer is private). */
  const memberSpell = (r: Extract<ParsedRef, { kind: 'member' }>) =>
    privateAliases.get(r.struct) ?? `${names.variable(r.struct)}${r.index === undefined ? '' : `(${r.index + 1})`}%${names.member(r.struct, r.member)}`;
  /** A struct, or elements of an array of structs: `v3`, `v3(2)`, `v3(1:2)`. */
  const structSpell = (r: Extract<ParsedRef, { kind: 'struct' }>) => {
    const v = names.variable(r.name);
    const count = world.structs.find((st) => st.name === r.name)!.count;
    if (r.lo === undefined || (r.lo === 0 && r.hi === count && r.single !== true)) return v;
    return r.single === true ? `${v}(${r.lo + 1})` : `${v}(${r.lo + 1}:${r.hi})`;
  };
  /** `c_loc` of a struct or of the first element of a section of an array of structs. */
  const structLoc = (r: Extract<ParsedRef, { kind: 'struct' }>) =>
    `c_loc(${names.variable(r.name)}${r.lo === undefined ? '' : `(${r.lo + 1})`})`;
  const spellVar = (v: VarRef) => spell(parseRef(world, v));
  /** A reference as a rank-1 value of `count` elements: a rank-2 array or section through reshape. */
  const rank2Flat = (v: VarRef, count: number): string => {
    const r = parseRef(world, v);
    return r.kind === 'array' && r.rank2 !== undefined ? `reshape(${spell(r)}, [${count}])` : spell(r);
  };
  /** Elements of the non-pointer member named `c%arr`. */
  const fieldLength = (name: string): number => {
    const [struct, field] = name.split('%');
    return world.structs.find((st) => st.name === struct)!.fields!.find((f) => f.name === field)!.length ?? 1;
  };
  /**
   * Element `k` (a 1-based storage index: a number or a Fortran expression) of array `name`; a
   * rank-2 array's element in array element order, (1 + mod(k - 1, n1), 1 + (k - 1) / n1); a
   * scalar variable itself.
   */
  const arrayElement = (name: string, k: number | string): string => {
    const v = names.variable(name);
    const decl = world.arrays.find((a) => a.name === name);
    if (decl?.scalar) return v;
    const shape = decl?.shape;
    if (shape === undefined) return `${v}(${k})`;
    const [n1] = shape;
    if (typeof k === 'number') return `${v}(${1 + ((k - 1) % n1)},${1 + Math.floor((k - 1) / n1)})`;
    return `${v}(1 + mod(${k} - 1, ${n1}),1 + (${k} - 1) / ${n1})`;
  };
  /** The first element of an array reference (a scalar member: itself), for c_loc. */
  const first = (r: Extract<ParsedRef, { kind: 'array' }>): string =>
    isScalarRef(r) ? names.variable(r.name) : r.field === undefined ? arrayElement(r.name, r.lo + 1) : `${names.variable(r.name)}(${r.lo + 1})`;
  /** The i-th element (1-based) of a member's target: counted from its lower bound when the program remaps one. */
  const memberElement = (r: Extract<ParsedRef, { kind: 'member' }>, i: string): string =>
    remaps ? `${spell(r)}(lbound(${spell(r)}, 1)${i === '1' ? '' : ` + ${i} - 1`})` : `${spell(r)}(${i})`;
  const element = (r: ParsedRef, i: string): string => {
    // Element i (1-based) of a member section `v3%p1(3:6)`: element i + 2 in the pointer's own (Fortran) bounds.
    if (r.kind === 'member' && r.bounds !== undefined) return `${memberSpell(r)}(${r.bounds[0] === 1 ? i : `${i} + ${r.bounds[0] - 1}`})`;
    if (r.kind === 'member') return memberElement(r, i);
    if (isScalarRef(r)) return names.variable(r.name);
    if (r.kind === 'array' && r.rank2 !== undefined) return arrayElement(r.name, r.lo === 0 ? i : `${i} + ${r.lo}`);
    if (r.kind === 'array') return `${names.variable(r.name)}(${r.lo === 0 ? i : `${i} + ${r.lo}`})`;
    throw new Error('internal: element of a whole struct');
  };
  /**
   * Element `i` (1-based) of a copy's `from` reference (a kernel body or host_write with `from`;
   * an array, a section, a rank-2 section in array element order or a scalar: `v1(i)`,
   * `v1(i + 2)`, `v1(1 + mod(i + 2 - 1, 4),1 + (i + 2 - 1) / 4)`, `v1`), or undefined for a plain write.
   */
  const copyElement = (w: KernelBody | StepOf<'host_write'>, i: string): string | undefined => {
    const from = copyRef(w);
    return from === null ? undefined : element(parseRef(world, from), i);
  };
  const clauses = (list: Clause<string>[]) => list.map((c) => ` ${c.clause}(${c.vars.map(spellVar).join(', ')})`).join('');
  const directive = (words: string) => wrapFortran(`  ${sentinel} ${words}`);
  /** A routine argument (a disassociated pointer member is never one: see `disassociated`). */
  const argument = (_p: Planned, v: VarRef): ParsedRef => parseRef(world, v);
  /**
   * Fortran cannot pass a disassociated pointer as an actual argument; the C binding of the routine
   * gets what C passes for it, a null pointer and 0 bytes (`NULL`, `v3.p1_n * sizeof(int)`).
   */
  const disassociated = (p: Planned, v: VarRef): boolean => parseRef(world, v).kind === 'member' && p.count === null;
  /** OpenACC data routines called through their C names with a null pointer: name → Fortran declaration kind. */
  const nullRoutines = new Map<string, 'subroutine' | 'type(c_ptr) function' | 'integer(c_int) function'>();
  const nullCall = (name: string, kind: 'subroutine' | 'type(c_ptr) function' | 'integer(c_int) function', bytes: number): string => {
    nullRoutines.set(name, kind);
    cBinding.add('c_null_ptr').add('c_size_t').add('c_ptr');
    if (kind === 'integer(c_int) function') cBinding.add('c_int');
    return `${name}_c(c_null_ptr, ${bytes}_c_size_t)`;
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
      return plusBytes(structLoc(r), offset);
    }
    if (r.kind !== 'array') throw new Error(`internal: pointer argument ${arg.var} is a pointer member`);
    const v = names.variable(r.name);
    if (isScalarRef(r)) return plusBytes(cLoc(v), offset);
    const length = r.field === undefined ? world.arrays.find((a) => a.name === r.name)!.length : fieldLength(r.name);
    // Whole elements inside the array are addressed directly; anything else goes through plus_bytes.
    const element = r.lo + offset / ELEMENT_BYTES;
    if (r.rank2 !== undefined) {
      if (Number.isInteger(element) && element < length) return `c_loc(${arrayElement(r.name, element + 1)})`;
      return plusBytes(`c_loc(${arrayElement(r.name, r.lo + 1)})`, offset);
    }
    if (Number.isInteger(element) && element < length) return `c_loc(${v}(${element + 1}))`;
    return plusBytes(`c_loc(${v}(${r.lo + 1}))`, offset);
  };
  /** A routine from omp_lib (or its local C binding) with its arguments. */
  /** The host address (`c_loc` of the first element) and byte count of an array, subarray or member target. */
  const hostData = (p: Planned, v: VarRef): [string, string] => {
    if (disassociated(p, v)) {
      cBinding.add('c_null_ptr');
      return ['c_null_ptr', sizeT(0)];
    }
    const r = argument(p, v);
    cBinding.add('c_loc');
    if (r.kind === 'array') return [cLoc(first(r)), sizeT((r.hi - r.lo) * ELEMENT_BYTES)];
    if (r.kind === 'member') return [`c_loc(${element(r, '1')})`, sizeT((p.count ?? 0) * ELEMENT_BYTES)];
    throw new Error(`internal: ${v} is a whole struct, which the device memory routines do not take`);
  };
  /**
   * OpenACC 3.3 §3.2.16–§3.2.27 through their C bindings: gfortran 12's openacc module does not
   * declare the 3.3 Fortran interfaces of these routines.
   */
  const deviceMemoryCall = (line: string, check: Check | null = null): StepCode => {
    usesDeviceMemory = true;
    return { lines: [`  ${line}`], check };
  };
  const ompCall = (name: string, args: string[]) => {
    usesRuntimeModule = true;
    return `${name}(${args.join(', ')})`;
  };
  const intOps = { zero: '==', nonzero: '/=' };
  /** A routine's integer result (0 / nonzero, or a C boolean): checked, or shown as `int(call)`. */
  const intResult = (p: Planned, call: string): StepCode => ({ lines: [], check: intResultCheck(p, call, intOps), shown: { kind: 'int', expr: `int(${call})` } });

  const spelling: DirectiveSpelling = { clauses, variable: spellVar, device };

  /**
   * A kernel step: the construct around a loop over the body's reference (a pointer: `pres(1) =
   * c_loc(v3%p1)`, once); a kernel of several statements (lang/README.md "Kernels of several
   * statements") is one loop with one assignment per statement, in order.
   */
  function kernel(s: StepOf<'acc_parallel' | 'omp_target'>, p: Planned): string[] {
    const body = s.body;
    usesLoop = true;
    // every root the kernel uses: each statement's reference, and a copy's `from` (lang/README.md "Copy kernels")
    for (const b of kernelStatements(body))
      for (const ref of [kernelRef(b), ...(copyRef(b) === null ? [] : [copyRef(b)!])]) {
        const used = parseRef(world, ref);
        if (s.op === 'omp_target' && used.kind === 'array' && used.scalar && !s.maps.some((m) => m.vars.includes(used.name))) implicitScalars.add(used.name);
      }
    const end = api === 'openacc' ? [] : [`  ${sentinel} end target`];
    gccDirectives(s, p); // a construct GCC rejects is refused
    if ('writes' in body) {
      const assigns = body.writes.map((w) => {
        const e = element(parseRef(world, w.write), 'i');
        return `    ${e} = ${assignedExpr(w, e, 'i', 1, copyElement(w, 'i'))}`;
      });
      return [...presentEquivalent(s, p), ...directive(directiveText(s, p, spelling)), `  do i = 1, ${kernelCount(p)}`, ...assigns.flatMap(wrapFortran), '  end do', ...end];
    }
    const r = parseRef(world, bodyRef(body));
    if ('pointer' in body) {
      usesPres = true;
      cBinding.add('c_ptr').add('c_loc').add('c_null_ptr');
    }
    // The first element's address: c_loc of the whole pointer array packs it where it may not be
    // contiguous (_gfortran_internal_pack), which an nvptx kernel cannot link (GCC 12 offload has no
    // libgfortran there).
    const assign = 'pointer' in body ? `pres(1) = c_loc(${spell(r)}(lbound(${spell(r)}, 1)))` : 'read' in body ? `res(i) = ${element(r, 'i')}` : `${element(r, 'i')} = ${assignedExpr(body, element(r, 'i'), 'i', 1, copyElement(body, 'i'))}`;
    // A read of a pointer's view: its bounds (lbound / ubound of the descriptor the kernel sees), or one element p(at).
    const view = !('read' in body) ? null : body.bounds ? [`res(1) = lbound(${spell(r)}, 1)`, `res(2) = ubound(${spell(r)}, 1)`] : body.at !== undefined ? [`res(1) = ${spell(r)}(${body.at})`] : null;
    const loop = view === null ? [`  do i = 1, ${'pointer' in body ? 1 : kernelCount(p)}`, ...wrapFortran(`    ${assign}`), '  end do'] : ['  do i = 1, 1', ...view.map((l) => `    ${l}`), '  end do'];
    const reset = 'read' in body ? ['  res = -1'] : 'pointer' in body ? ['  pres = c_null_ptr'] : [];
    return [...presentEquivalent(s, p), ...reset, ...directive(directiveText(s, p, spelling)), ...loop, ...end];
  }

  const regionEnd = (op?: RegionEndOp) =>
    // a procedure returns at the end of its contained subroutine (procedure below)
    op === 'acc_procedure_end' ? [] : [`  ${sentinel} end ${op === 'acc_host_data_end' ? 'host_data' : api === 'openacc' ? 'data' : 'target data'}`];
  /** GCC 12 has no map(present, …): its equivalent, a check that stops the program unless the data is present. */
  const presentEquivalent = (s: StepOf<DirectiveOp>, p: Planned): string[] =>
    presentRefs(s).flatMap((v) => {
      usesRuntimeModule = true;
      cBinding.add('c_loc');
      const r = parseRef(world, v);
      const addr = r.kind === 'member' ? `c_loc(${r.bounds === undefined ? spell(r) : element(r, '1')})` : r.kind === 'struct' ? structLoc(r) : cLoc(first(r));
      if (r.kind === 'struct') structsAreTargets = true;
      // The construct's device: GCC 12 runs a construct on device(-1) on the default device (-1 is
      // its GOMP_DEVICE_ICV, K-B61), so the check asks that one; GCC 12's omp_target_is_present
      // answers 0 for any negative number.
      const dev = !('device' in s) || s.device === undefined || s.device === -1 ? 'omp_get_default_device()' : device(s.device);
      const check = [
        ...wrapFortran(`  if (omp_target_is_present(${addr}, ${dev}) == 0) then`),
        `    write(*,*) "step ${p.index + 1}: runtime error: ${spell(r)} is not present (present modifier)"`,
        '    error stop',
        '  end if',
      ];
      // A disassociated pointer member names no storage, so nothing is checked (OpenMP 6.0 §7.9.6,
      // §15.9); c_loc of it would be invalid, so the check goes inside the test.
      return [
        `  ! map(present, ...) written as its equivalent (GCC 12 rejects the present modifier): stop unless ${commentText(v)} is present`,
        ...(r.kind === 'member' ? [`  if (associated(${memberSpell(r)})) then`, ...check.map((l) => `  ${l}`), '  end if'] : check),
      ];
    });
  /** Pointer aliases of motion-clause members (`u1 => v3%p1`), by member reference. */
  const aliases = new Map<string, string>();
  /**
   * gfortran 12 rejects a structure component in a motion clause (`target update to(v3%p1)`:
   * "Syntax error in OpenMP variable list") and crashes on an element's member. A pointer alias
   * names the same target (`u1 => v3%p1; !$omp target update to(u1)`): a motion clause's pointer
   * list item stands for its target, as the member does (OpenMP 6.0 §15.9, lang/README-openmp.md),
   * so the directive updates the same storage.
   */
  const targetUpdateStep = (s: StepOf<'omp_target_update'>, p: Planned): StepCode => {
    // A non-pointer member (`c%arr`) has no pointer alias here: gfortran 12 rejects the component.
    const field = s.motions.flatMap((m) => m.vars).find((v) => { const r = parseRef(world, v); return r.kind === 'array' && r.field !== undefined; });
    if (field !== undefined)
      throw new EmitError(`step ${p.index + 1} (omp_target_update): gfortran 12 rejects the component '${field}' in a motion clause; name its struct, or emit C; nothing emitted`);
    const lines: string[] = [];
    for (const v of s.motions.flatMap((m) => m.vars))
      if (parseRef(world, v).kind === 'member') {
        const u = aliases.get(v) ?? `u${aliases.size + 1}`;
        aliases.set(v, u);
        lines.push(`  ${u} => ${spellVar(v)}`);
      }
    if (lines.length === 0) return directiveStep(s, p);
    const aliased: DirectiveSpelling = { ...spelling, variable: (v) => aliases.get(v) ?? spellVar(v) };
    return {
      lines: [...presentEquivalent(s, p), ...lines, ...gccDirectives(s, p).flatMap((d) => directive(directiveText(d, p, aliased)))],
      check: null,
    };
  };
  const directiveStep = (s: StepOf<DirectiveOp>, p: Planned): StepCode => ({
    lines: [...presentEquivalent(s, p), ...gccDirectives(s, p).flatMap((d) => directive(directiveText(d, p, spelling)))],
    check: null,
  });
  const kernelStep = (s: StepOf<'acc_parallel' | 'omp_target'>, p: Planned): StepCode => {
    const privates = kernelPrivatePointers(world, s);
    if (privates.length > 0) {
      const assigns = privates.map((x) => `  ${names.variable(x)}_priv => ${memberSpell(parseRef(world, `${x}%${world.structs.find((st) => st.name === x)!.pointers[0]!}`) as Extract<ParsedRef, { kind: 'member' }>)}`);
      for (const x of privates) {
        privateAliases.set(x, `${names.variable(x)}_priv`);
        privateDeclared.add(`${names.variable(x)}_priv`);
      }
      try {
        return { lines: [...assigns, ...kernel(s, p)], check: valuesCheck(p), ...('read' in s.body && { shown: { kind: 'read', count: kernelCount(p) } as Shown }) };
      } finally {
        privateAliases.clear();
      }
    }
    if (!('pointer' in s.body))
      return { lines: kernel(s, p), check: valuesCheck(p), ...('read' in s.body && { shown: { kind: 'read', count: kernelCount(p) } as Shown }) };
    // OpenACC 3.3 §2.6.8 / OpenMP 6.0 §7.9.6: the device copy of the pointer, as c_loc shows it
    cBinding.add('c_associated');
    const host = `c_loc(${spellVar(s.body.pointer)})`;
    const capture: string[] = [];
    if (s.result !== undefined) {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      capture.push(`  ${h} = pres(1)`);
    }
    const check = pointerValueCheck(world, p, {
      isNull: '(.not. c_associated(pres(1)))',
      isDevice: `(c_associated(pres(1)) .and. .not. c_associated(pres(1), ${host}))`,
      isHostElement: (name, element) => {
        cBinding.add('c_loc');
        return `c_associated(pres(1), c_loc(${arrayElement(name, element + 1)}))`;
      },
    });
    return { lines: [...kernel(s, p), ...capture], check, shown: { kind: 'ptr', expr: 'pres(1)' } };
  };
  const regionEndStep = (s: { op: RegionEndOp }): StepCode => ({ lines: regionEnd(s.op), check: null });
  // OpenACC 3.3 §2.8: inside the region the variable's address is its device address; the handle
  // keeps it for the calls of the region.
  const hostDataBegin = (s: StepOf<'acc_host_data_begin'>, p: Planned): StepCode => {
    const h = names.handle(s.result);
    if (!handles.includes(h)) handles.push(h);
    cBinding.add('c_ptr').add('c_loc').add('c_associated');
    const r = parseRef(world, s.var);
    if (r.kind !== 'array') throw new Error(`internal: use_device of ${s.var}, which is not an array`);
    const v1 = arrayElement(r.name, 1);
    const lines = [...hostAlias(r.name), ...directive(directiveText(s, p, spelling)), `  ${h} = c_loc(${v1})`];
    return { lines, check: useDeviceCheck(p, `c_associated(${h})`, `c_associated(${h}, c_loc(${v1}))`) };
  };
  /** `h = call`: a returned device pointer kept for later device memory routines (a step's `result`). */
  const keptPointer = (result: string, call: string, p: Planned): StepCode => {
    const h = names.handle(result);
    if (!handles.includes(h)) handles.push(h);
    cBinding.add('c_ptr').add('c_associated');
    return { lines: [`  ${h} = ${call}`], check: addressCheck(p, `c_associated(${h})`), shown: { kind: 'ptr', expr: h } };
  };
  // Fortran's data routines are subroutines: acc_copyin's device address is not returned, so a
  // step that keeps it (`result`) calls the C binding, which returns it.
  const dataRoutine = (s: { op: string; var: VarRef; result?: string }, p: Planned): StepCode => {
    if (s.result !== undefined) {
      const [start, bytes] = hostData(p, s.var);
      nullRoutines.set(s.op, 'type(c_ptr) function');
      cBinding.add('c_ptr').add('c_associated');
      return keptPointer(s.result, `${s.op}_c(${start}, ${bytes})`, p);
    }
    if (disassociated(p, s.var)) {
      if (s.op === 'acc_copyin' || s.op === 'acc_create') {
        cBinding.add('c_associated');
        const call = nullCall(s.op, 'type(c_ptr) function', 0);
        return { lines: [], check: addressCheck(p, `c_associated(${call})`), shown: { kind: 'ptr', expr: call } };
      }
      return { lines: [`  call ${nullCall(s.op, 'subroutine', 0)}`], check: null };
    }
    usesRuntimeModule = true;
    const copies = s.op === 'acc_copyin' || s.op === 'acc_create';
    return { lines: [`  call ${s.op}(${spell(argument(p, s.var))})`], check: null, ...(copies && { shown: { kind: 'done' } as Shown }) };
  };
  // OpenACC 3.3 §3.2.29 defines these routines as the attach, detach and finalizing detach of enter /
  // exit data. GCC's openacc module has no Fortran acc_attach, so the directive form is written:
  // every compiler accepts it and the spec gives it the same meaning.
  const attachRoutine = (s: AccAttachRoutine): StepCode => {
    const ptr = spellVar(s.ptr);
    const words = s.op === 'acc_attach' ? `enter data attach(${ptr})` : `exit data detach(${ptr})${s.op === 'acc_detach_finalize' ? ' finalize' : ''}`;
    return { lines: [`  ! call ${s.op}(${ptr}) as the equivalent directive (OpenACC 3.3 §3.2.29)`, ...directive(words)], check: null };
  };

  /**
   * A program-scope declaration goes in the specification part, after the variables; its arrays
   * are static (`integer, target :: v1(8) = ...`) rather than allocated pointers, since a declare
   * directive gives an allocatable or pointer array its device copy at `allocate` instead
   * (OpenACC 3.3 §2.13.2).
   */
  const declareStep = (s: StepOf<'acc_declare' | 'omp_declare_target'>, p: Planned): StepCode => {
    // validation: whole arrays, so each var is an array's name
    for (const c of s.clauses) for (const v of c.vars) declared.add(v);
    // gfortran 12 rejects a clause after `link(...)` ("Unexpected junk after !$ACC DECLARE"), so
    // link clauses go last; they map nothing, so the order changes no allocation.
    const clauses: Clause<string>[] = s.clauses;
    const ordered = { ...s, clauses: [...clauses.filter((c) => c.clause !== 'link'), ...clauses.filter((c) => c.clause === 'link')] } as StepOf<DirectiveOp>;
    declarations.push(...directive(directiveText(ordered, p, spelling)));
    return { lines: [], check: null };
  };

  /**
   * A procedure with a declare (OpenACC 3.3 §2.13): a contained subroutine whose dummy arguments
   * are the declared arrays (`integer, target :: v1_arg(8)`, explicit shape, so the caller's
   * contiguous array is passed as it is, at its own address), declared in its specification part;
   * gfortran accepts a declare only of the subroutine's own variables ("shall be declared in the
   * same scoping unit"). The body's steps name the arrays as the main program does (the pointer
   * arrays passed as pointer dummies of the same names, the rest by host association): the runtime
   * finds them by address. `open` holds the procedures called and not yet
   * returned from; `routines` the subroutines written, after `contains`.
   */
  const open: { name: string; actuals: string[]; spec: string[] }[] = [];
  const routines: string[] = [];
  let procedureCount = 0;
  const procedureBegin = (s: StepOf<'acc_procedure_begin'>, p: Planned): StepCode => {
    const name = `proc${++procedureCount}`;
    const arrays = s.clauses.flatMap((c) => c.vars);
    const dummy = (v: VarRef) => `${names.variable(v)}_arg`;
    /** A declared dummy's extents, `(8)` or `(4,2)`; none for a scalar. */
    const extents = (v: VarRef) => {
      const a = world.arrays.find((x) => x.name === v)!;
      return a.scalar ? '' : a.shape === undefined ? `(${a.length})` : `(${a.shape[0]},${a.shape[1]})`;
    };
    const declare = { ...s, clauses: s.clauses.map((c) => ({ ...c, vars: c.vars.map(dummy) })) };
    const dummies = (list: Clause<string>[]) => list.map((c) => ` ${c.clause}(${c.vars.join(', ')})`).join('');
    // The world's pointer arrays come in too, as pointer dummies of the same names, so the body
    // names them as dummies rather than by host association: gfortran 12 stops on an internal
    // compiler error (make_decl_rtl, varasm.cc:1446) when a pointer array that a host_data
    // use_device of the main program names is host-associated in a contained subroutine.
    // (scalar variables, targets rather than pointers, stay host-associated)
    const pointers = world.arrays.filter((a) => !declared.has(a.name) && !a.scalar);
    const rank = (a: (typeof world.arrays)[number]) => `${names.variable(a.name)}(${a.shape === undefined ? ':' : ':,:'})`;
    open.push({
      name,
      actuals: [...arrays, ...pointers.map((a) => a.name)].map((v) => names.variable(v)),
      spec: [
        ...wrapFortran(`  subroutine ${name}(${[...arrays.map(dummy), ...pointers.map((a) => names.variable(a.name))].join(', ')})`),
        ...wrapFortran(`    integer, target :: ${arrays.map((v) => `${dummy(v)}${extents(v)}`).join(', ')}`),
        ...(pointers.length > 0 ? wrapFortran(`    integer, pointer, contiguous :: ${pointers.map(rank).join(', ')}`) : []),
        ...wrapFortran(`    ${sentinel} declare${dummies(declare.clauses)}`),
      ],
    });
    gccDirectives(s, p); // one array twice: refused as GCC would
    // the body spells a declared scalar as its dummy: the declare is then a data clause its
    // constructs see (a host-associated name is another variable to the compiler)
    names.beginRenames(arrays.filter((v) => world.arrays.find((a) => a.name === v)?.scalar === true).map((v) => [v, dummy(v)]));
    return { lines: [], check: null };
  };
  const procedure = (body: string[]): string[] => {
    const proc = open.pop();
    if (proc === undefined) throw new Error('internal: a procedure body without its call');
    names.endRenames();
    routines.push(...proc.spec, ...body.map((l) => `  ${l}`), `  end subroutine ${proc.name}`);
    return wrapFortran(`  call ${proc.name}(${proc.actuals.join(', ')})`);
  };

  const steps: StepWriters = {
    acc_declare: declareStep,
    omp_declare_target: declareStep,
    acc_enter_data: directiveStep,
    acc_exit_data: directiveStep,
    acc_data_begin: directiveStep,
    acc_data_end: regionEndStep,
    acc_procedure_begin: procedureBegin,
    acc_procedure_end: regionEndStep,
    acc_parallel: kernelStep,
    acc_copyin: dataRoutine,
    acc_create: dataRoutine,
    acc_copyout: dataRoutine,
    acc_copyout_finalize: dataRoutine,
    acc_delete: dataRoutine,
    acc_delete_finalize: dataRoutine,
    acc_attach: attachRoutine,
    acc_detach: attachRoutine,
    acc_detach_finalize: attachRoutine,
    acc_is_present: (s, p) => {
      if (disassociated(p, s.var)) {
        const call = nullCall('acc_is_present', 'integer(c_int) function', s.bytes ?? 0);
        return { lines: [], check: booleanCheck(p, `${call} /= 0`), shown: { kind: 'int', expr: `int(${call})` } };
      }
      usesRuntimeModule = true;
      const arg = spell(argument(p, s.var));
      const call = s.bytes === undefined ? `acc_is_present(${arg})` : `acc_is_present(${arg}, ${s.bytes})`;
      return { lines: [], check: booleanCheck(p, call), shown: { kind: 'int', expr: `merge(1, 0, ${call})` } };
    },
    acc_deviceptr: (s, p) => {
      usesDeviceptr = true;
      let call = 'acc_deviceptr_c(c_null_ptr)';
      if (disassociated(p, s.var)) cBinding.add('c_null_ptr');
      else {
        const r = argument(p, s.var);
        const at =
          r.kind === 'array' ? first(r) : r.kind === 'member' ? element(r, '1') : r.lo === undefined ? spell(r) : `${names.variable(r.name)}(${r.lo + 1})`;
        call = `acc_deviceptr_c(${cLoc(at)})`;
      }
      if (s.result === undefined) return { lines: [], check: addressCheck(p, `c_associated(${call})`), shown: { kind: 'ptr', expr: call } };
      return keptPointer(s.result, call, p);
    },
    acc_malloc: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      cBinding.add('c_ptr').add('c_associated');
      return { ...deviceMemoryCall(`${h} = acc_malloc_c(${sizeT(s.bytes)})`, addressCheck(p, `c_associated(${h})`)), shown: { kind: 'ptr', expr: h } };
    },
    acc_free: (s) => deviceMemoryCall(`call acc_free_c(${cPointer(s.ptr)})`),
    acc_map_data: (s, p) => {
      const [start, bytes] = hostData(p, s.var);
      return deviceMemoryCall(`call acc_map_data_c(${start}, ${cPointer(s.dev)}, ${bytes})`);
    },
    acc_unmap_data: (s, p) => deviceMemoryCall(`call acc_unmap_data_c(${hostData(p, s.var)[0]})`),
    acc_memcpy_to_device: (s, p) => {
      const [start, bytes] = hostData(p, s.var);
      return deviceMemoryCall(`call acc_memcpy_to_device_c(${cPointer(s.dev)}, ${start}, ${bytes})`);
    },
    acc_memcpy_from_device: (s, p) => {
      const [start, bytes] = hostData(p, s.var);
      return deviceMemoryCall(`call acc_memcpy_from_device_c(${start}, ${cPointer(s.dev)}, ${bytes})`);
    },
    acc_host_data_begin: hostDataBegin,
    // OpenMP 6.0 §15.7 with use_device_addr(v1), or use_device_ptr of a C pointer to v1 (the handle)
    omp_target_data_use_device_begin: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      cBinding.add('c_ptr').add('c_loc').add('c_associated');
      const r = parseRef(world, s.var);
      if (r.kind !== 'array') throw new Error(`internal: use_device of ${s.var}, which is not an array`);
      const first = cLoc(arrayElement(r.name, 1));
      // use_device_ptr names the handle, not the array: the array keeps its host address
      const before = hostAlias(s.ptr ? null : r.name);
      const lines = s.ptr
        ? [`  ${h} = ${first}`, ...directive(`target data${ompDevice(s, device)} use_device_ptr(${h})`)]
        : [...before, ...directive(directiveText(s, p, spelling)), `  ${h} = ${first}`];
      return { lines, check: useDeviceCheck(p, `c_associated(${h})`, `c_associated(${h}, ${first})`) };
    },
    omp_target_data_use_device_end: (s) => (names.endAlias(), regionEndStep(s)),
    acc_host_data_end: (s) => (names.endAlias(), regionEndStep(s)),
    pointer_assign: (s) => ({ lines: [`  ${spellVar(s.ptr)}${s.lbound === undefined ? '' : `(${s.lbound}:)`} => ${spellVar(s.target)}`], check: null }),
    nullify: (s) => ({ lines: [`  nullify(${spellVar(s.ptr)})`], check: null }),
    allocate: (s) => ({ lines: [`  allocate(${spellVar(s.ptr)}(${s.length}), source=${s.value ?? 0})`], check: null }),
    deallocate: (s) => ({ lines: [`  deallocate(${spellVar(s.ptr)})`], check: null }),
    host_write: (s, p) => {
      if (p.count === null) throw new EmitError(`step ${p.index + 1}: host write through a disassociated pointer`);
      const from = copyRef(s);
      if (!s.by && !s.add && from === null) return { lines: [`  ${spellVar(s.var)} = ${s.value}`], check: null };
      const written = parseRef(world, s.var);
      // a copy of one scalar into another needs no loop: `v2 = 3 + v1`
      if (from !== null && isScalarRef(written) && isScalarRef(parseRef(world, from)))
        return { lines: [`  ${element(written, '1')} = ${assignedExpr({ value: s.value, add: s.add }, element(written, '1'), '1', 1, copyElement(s, '1'))}`], check: null };
      usesLoop = true;
      const e = element(written, 'i');
      // a copy between rank-2 sections can pass the free-form line length: continued after a comma
      return { lines: [`  do i = 1, ${p.count}`, ...wrapFortran(`    ${e} = ${assignedExpr(s, e, 'i', 1, copyElement(s, 'i'))}`), '  end do'], check: null };
    },
    host_read: (s, p) => {
      if (p.count === null) throw new EmitError(`step ${p.index + 1}: host read through a disassociated pointer`);
      return {
        lines: [
          ...(p.count === resLength ? [] : ['  res = -1']),
          // a read of the view: the bounds (lbound / ubound of the host's descriptor) or one element p(at)
          ...(s.bounds
            ? [`  res(1) = lbound(${spellVar(s.var)}, 1)`, `  res(2) = ubound(${spellVar(s.var)}, 1)`]
            : s.at !== undefined
              ? [`  res(1) = ${spellVar(s.var)}(${s.at})`]
              : [`  ${resSlice(p.count)} = ${rank2Flat(s.var, p.count)}`]),
        ],
        check: valuesCheck(p),
        shown: { kind: 'read', count: p.count },
      };
    },
    omp_target_enter_data: directiveStep,
    omp_target_update: targetUpdateStep,
    acc_update: directiveStep,
    omp_target_exit_data: directiveStep,
    omp_target_data_begin: directiveStep,
    omp_target_data_end: regionEndStep,
    omp_target: kernelStep,
    omp_target_alloc: (s, p) => {
      const h = names.handle(s.result);
      if (!handles.includes(h)) handles.push(h);
      cBinding.add('c_ptr').add('c_associated');
      return {
        lines: [`  ${h} = ${ompCall('omp_target_alloc', [sizeT(s.bytes), device(s.device)])}`],
        check: addressCheck(p, `c_associated(${h})`),
        shown: { kind: 'ptr', expr: h },
      };
    },
    omp_target_free: (s) => ({ lines: [`  call ${ompCall('omp_target_free', [cPointer(s.ptr), device(s.device)])}`], check: null }),
    omp_target_is_present: (s, p) => intResult(p, ompCall('omp_target_is_present', [cPointer(s.ptr), device(s.device)])),
    omp_target_is_accessible: (s, p) => {
      usesIsAccessible = true;
      cBinding.add('c_int');
      return intResult(p, ompCall('omp_target_is_accessible_c', [cPointer(s.ptr), sizeT(s.bytes), device(s.device)]));
    },
    omp_target_associate_ptr: (s, p) => {
      const args = [cPointer(s.host), cPointer(s.dev), sizeT(s.bytes), sizeT(s.offset), device(s.device)];
      return intResult(p, ompCall('omp_target_associate_ptr', args));
    },
    omp_target_disassociate_ptr: (s, p) => intResult(p, ompCall('omp_target_disassociate_ptr', [cPointer(s.ptr), device(s.device)])),
    omp_get_mapped_ptr: (s, p) => {
      usesMappedPtr = true;
      cBinding.add('c_associated').add('c_int');
      const arg = cPointer(s.ptr);
      const call = ompCall('omp_get_mapped_ptr_c', [arg, device(s.device)]);
      return { lines: [], check: mappedPtrCheck(p, `c_associated(${call})`, `c_associated(${call}, ${arg})`), shown: { kind: 'ptr', expr: call } };
    },
    omp_target_memcpy: (s, p) => {
      const args = [
        cPointer(s.dst),
        cPointer(s.src),
        sizeT(s.bytes),
        sizeT(s.dst_offset),
        sizeT(s.src_offset),
        device(s.dst_device),
        device(s.src_device),
      ];
      return intResult(p, ompCall('omp_target_memcpy', args));
    },
  };

  /** An observation program's first lines: the host objects' addresses, and whether a kernel runs off the host. */
  const observationStart = (): string[] => [
    // (the host heap of allocatable components is no variable: it comes last, so k stays the layout index)
    ...hostLayout(world).filter((o) => o.kind !== 'heap').flatMap((o, k) => {
      const print = (what: string, first: string) => {
        const address = cLoc(first);
        return `  write(output_unit, '(a, i0)') 'MAPCHECK 0 ${what} ', ${address.startsWith('transfer(loc(') ? `loc(${first})` : `transfer(${address}, 0_c_intptr_t)`}`;
      };
      // where gfortran put each element of an array of structs and each field of a struct (toolchain/observations.ts)
      const s = o.kind === 'struct' ? world.structs.find((x) => x.name === o.name)! : undefined;
      const v = names.variable(o.name);
      return [
        print(`host ${k}`, o.kind === 'array' ? arrayElement(o.name, 1) : v),
        ...Array.from({ length: s?.count ?? 0 }, (_, e) => print(`element ${k} ${e}`, `${v}(${e + 1})`)),
        ...(s?.fields ?? []).map((field, f) => print(`field ${k} ${f}`, `${names.variable(`${o.name}%${field.name}`)}${field.length === undefined ? '' : '(1)'}`)),
      ];
    }),
    '  ! Probe: does a kernel run on a non-host device?',
    '  ond = 0',
    ...(api === 'openacc'
      ? ['  !$acc parallel copy(ond)', '  if (acc_on_device(acc_device_not_host)) ond = 1', '  !$acc end parallel']
      : ['  !$omp target map(tofrom: ond)', '  if (.not. omp_is_initial_device()) ond = 1', '  !$omp end target']),
    "  write(output_unit, '(a, i0)') 'MAPCHECK 0 offload ', ond",
    '  flush(output_unit)',
  ];

  return {
    foldsOk: true,
    comment: (text) => `  ! ${commentText(text)}`,
    steps,
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
        if (known.length === 0)
          return ['  ! every element read is indeterminate under the spec: nothing to check', ...(foldOk ? ['  write(*,*) "OK"'] : [])];
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
    regionEnd,
    observe(step, shown) {
      if (shown === undefined) return [`  call obs_ok(${step})`];
      if (shown.kind === 'done') return [`  call obs_done(${step})`];
      if (shown.kind === 'read') return [`  call obs_read(${step}, res(1:${shown.count}))`];
      return wrapFortran(`  call obs_${shown.kind}(${step}, ${shown.expr})`);
    },
    prologue() {
      if (observe) {
        // the offload probe (acc_on_device / omp_is_initial_device) and the host addresses
        usesRuntimeModule = true;
        structsAreTargets = true;
        cBinding.add('c_ptr').add('c_loc').add('c_intptr_t');
      }
      const out = ['program main'];
      if (usesRuntimeModule) out.push(api === 'openacc' ? '  use openacc' : '  use omp_lib');
      if (observe) out.push('  use iso_fortran_env, only: output_unit');
      if (usesDeviceptr) cBinding.add('c_ptr').add('c_loc').add('c_associated');
      if (usesDeviceMemory) cBinding.add('c_ptr').add('c_size_t');
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
      if (usesDeviceMemory) interfaces.push(...ACC_DEVICE_MEMORY_INTERFACES);
      for (const [name, kind] of [...nullRoutines].sort(([a], [b]) => a.localeCompare(b)))
        interfaces.push(
          `    ! ${name} through its C binding (a null argument, or its result kept)`,
          `    ${kind} ${name}_c(h, bytes) bind(C, name="${name}")`,
          `      import :: c_ptr, c_size_t${kind.startsWith('integer') ? ', c_int' : ''}`,
          '      type(c_ptr), value :: h',
          '      integer(c_size_t), value :: bytes',
          `    end ${kind === 'subroutine' ? 'subroutine' : 'function'}`,
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
        // A plain pointer variable (lang/plain-pointers.ts) in a one-component type: gfortran maps
        // a Fortran pointer's descriptor together with its target (GOMP_MAP_TO_PSET), so the C
        // program's `copyin(p)` of the pointer alone, which the language separates from its
        // target, is the type's storage here (a pointer component is copied verbatim, OpenACC 3.3
        // §2.6.4, OpenMP 6.0 §7.9.6), and `copyin(p(:))` is the component's target.
        if (s.plain) out.push(`  ! ${names.typeOf(s.name)} wraps plain pointer ${s.name}: the pointer maps apart from its target`);
        out.push(`  type :: ${names.typeOf(s.name)}`);
        for (const m of s.pointers)
          // gfortran 12 -fopenmp rejects every map of a struct with allocatable components ("List
          // item 'v4' with allocatable components is not permitted in map clause", measured), so an
          // OpenMP program declares the component a pointer, which allocate / deallocate give and
          // take storage at new addresses just as they do an allocatable's
          out.push(isAllocatable(s, m) && api === 'openacc' ? `    integer, allocatable :: ${names.member(s.name, m)}(:)` : `    integer, pointer, contiguous :: ${names.member(s.name, m)}(:) => null()`);
        for (const f of s.fields ?? []) out.push(`    integer :: ${names.field(s.name, f.name)}${f.length === undefined ? '' : `(${f.length})`}`);
        out.push('  end type');
      }
      // A struct with non-pointer members is a target: routines take its members' addresses (c_loc).
      for (const s of world.structs)
        out.push(`  type(${names.typeOf(s.name)})${usesDeviceptr || structsAreTargets || (s.fields?.length ?? 0) > 0 ? ', target' : ''} :: ${names.variable(s.name)}${s.count === undefined ? '' : `(${s.count})`}`);
      const dynamic = world.arrays.filter((a) => !declared.has(a.name));
      // a rank-2 array a(n1, n2): its extents, its initial values in array element order (reshape)
      const extents = (a: (typeof world.arrays)[number]) => (a.shape === undefined ? `${a.length}` : `${a.shape[0]},${a.shape[1]}`);
      const initial = (a: (typeof world.arrays)[number]) =>
        Array.isArray(a.init) ? (a.shape === undefined ? fortranList(a.init) : `reshape(${fortranList(a.init)}, [${a.shape[0]}, ${a.shape[1]}])`) : `${a.init ?? 0}`;
      for (const a of world.arrays.filter((x) => declared.has(x.name)))
        out.push(`  integer, target :: ${names.variable(a.name)}${a.scalar ? '' : `(${extents(a)})`} = ${initial(a)}`);
      // a scalar variable is one (a target, since routines take its address), set like an array
      for (const name of implicitScalars)
        if (targetScalars.has(name))
          throw new EmitError(
            `${name}: Fortran needs TARGET for the use_device list that names this scalar, and OpenMP 6.0 §7.9.3 maps a TARGET scalar that no map names tofrom, where the program's kernel makes it firstprivate; name it in that kernel's map, or emit C; nothing emitted`,
          );
      const scalars = dynamic.filter((a) => a.scalar);
      const targets = scalars.filter((a) => targetScalars.has(a.name));
      const plainScalars = scalars.filter((a) => !targetScalars.has(a.name));
      if (targets.length > 0) out.push(`  integer, target :: ${targets.map((a) => names.variable(a.name)).join(', ')}`);
      if (plainScalars.length > 0) out.push(`  integer :: ${plainScalars.map((a) => names.variable(a.name)).join(', ')}`);
      const rank1 = dynamic.filter((a) => a.shape === undefined && !a.scalar);
      const rank2 = dynamic.filter((a) => a.shape !== undefined);
      if (rank1.length > 0) out.push(`  integer, pointer, contiguous :: ${rank1.map((a) => `${names.variable(a.name)}(:)`).join(', ')}`);
      if (rank2.length > 0) out.push(`  integer, pointer, contiguous :: ${rank2.map((a) => `${names.variable(a.name)}(:,:)`).join(', ')}`);
      if (aliases.size > 0) out.push(`  integer, pointer, contiguous :: ${[...aliases.values()].map((u) => `${u}(:)`).join(', ')}`);
      if (privateDeclared.size > 0) out.push(`  integer, pointer :: ${[...privateDeclared].map((u) => `${u}(:)`).join(', ')}`);
      if (hostAliases.length > 0) out.push(`  integer, pointer, contiguous :: ${hostAliases.map((u) => `${u}(:)`).join(', ')}`);
      if (scalarAliases.length > 0) out.push(`  integer, pointer :: ${scalarAliases.join(', ')}`);
      const locals = [...(usesLoop ? ['i'] : []), ...(observe ? ['ond'] : []), ...(resLength > 0 ? [`res(${resLength})`] : [])];
      if (locals.length > 0) out.push(`  integer :: ${locals.join(', ')}`);
      if (handles.length > 0) out.push(`  type(c_ptr) :: ${handles.join(', ')}`);
      if (usesPres) out.push('  type(c_ptr) :: pres(1)');
      out.push(...declarations);
      for (const m of world.mappers ?? [])
        out.push(
          ...mapperNote(world).map((l) => `  ! ${l}`),
          `  !$omp declare mapper (${names.typeOf(m.struct)} :: ${MAPPER_VAR})${mapperClauses(m, names.variable(m.struct), spellVar)}`,
        );
      const allocated = dynamic.filter((a) => !a.scalar);
      if (allocated.length > 0) out.push(`  allocate(${allocated.map((a) => `${names.variable(a.name)}(${extents(a)})`).join(', ')})`);
      for (const a of dynamic) out.push(`  ${names.variable(a.name)} = ${initial(a)}`);
      for (const s of world.structs)
        for (const [key, target] of Object.entries(s.init ?? {})) {
          const at = initMember(s, key)!;
          const element = at.element === undefined ? '' : `(${at.element + 1})`;
          if (target !== null) out.push(`  ${names.variable(s.name)}${element}%${names.member(s.name, at.member)} => ${spellVar(target)}`);
        }
      for (const s of world.structs)
        for (const f of s.fields ?? []) out.push(`  ${names.variable(`${s.name}%${f.name}`)} = ${Array.isArray(f.init) ? fortranList(f.init) : (f.init ?? 0)}`);
      if (observe) out.push(...observationStart());
      return out.flatMap(wrapFortran);
    },
    procedure,
    epilogue: (okPrinted) => [
      ...(observe ? ["  write(output_unit, '(a)') 'MAPCHECK end'", 'contains', ...OBSERVATION_ROUTINES] : okPrinted ? [] : ['  write(*,*) "OK"']),
      ...(routines.length > 0 ? [...(observe ? [] : ['contains']), ...routines] : []),
      ...(usesPlusBytes
        ? [
            ...(observe || routines.length > 0 ? [] : ['contains']),
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

/** The observation programs' printing routines (toolchain/observations.ts line format). */
const OBSERVATION_ROUTINES: readonly string[] = [
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
];
