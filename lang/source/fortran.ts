// The Fortran front end of `mapcheck import`: a free-form main program with OpenACC or OpenMP
// directives, read into a program of the mapcheck language (lang/README.md "Importing source").
//
// What it reads, statement by statement, in the main program's order:
// - declarations: integer arrays of constant size, integer pointer and allocatable arrays (sized
//   by their `allocate`), derived types with integer pointer, allocatable and plain components,
//   variables of those types (single or arrays), `parameter` constants, and integer scalars the
//   program uses as data (findDataScalars: named in a data, map or motion clause, passed to a data
//   routine, or assigned by a compute construct without a loop), scalar variables of the world;
// - host statements: `allocate` / `deallocate` of components, pointer assignment, `nullify`, an
//   integer assignment to an array, a section or a component, a copy `b = a + 1` (`x = y`), host
//   loops that fill an array before the first directive (reading other arrays' initial values) or
//   write a constant or a ramp (`a(i) = 2*i`), add one (`a(i) = a(i) + 1`) or copy another array
//   (`b(i) = a(i + 1) + 1`) after it, `print` / `write`
//   of the program's data (a host read), the OpenACC data and
//   attach routines and `acc_is_present` / `acc_deviceptr` wherever they are called, and the
//   device memory routines with type(c_ptr) variables that keep their results (findDeviceMemory,
//   deviceStore; local names of C bindings read as the routines they bind);
// - directives: OpenACC enter / exit data, data regions, update and compute constructs; OpenMP
//   target enter / exit data, target data regions, target update and target constructs, combined
//   or not with their loop constructs, and `requires unified_shared_memory`.
//
// A compute construct's kernel is one `do` loop with one assignment: `r(i) = X(i)` reads X (r is the
// kernel's result buffer, no object of the program: an array no other step uses), `X(i) = v` writes
// v, a constant or an affine function of i (`2*i + 1`: a ramp, value and by), `X(i) = X(i) + v`
// (or `v + X(i)`, `X(i) - v`) adds v to the element (`add`), and either with one element of an array
// among the terms (`b(i) = a(i + 2) + 1`, `b(i) = b(i) + a(i)`) also copies that array's section
// (`from`, lang/README.md "Copy kernels"; so does `r(i) = X(i)` where r is data a step uses); a
// loop of 2 to 8 such writes (copies and adds included) is a kernel of several statements
// (lang/README.md "Kernels of several statements": `{"writes": [...]}`, a pointer component's
// elements always a section, `var%a(1:n)`; what would race is refused on the statement's line). A
// compute construct without a loop may instead assign elements (`a(3) = 5`, `c%p(1) = 2`: one
// write body, or a block of them; elementKernel) or hold scalar statements (`x = 222`, `x = x + 1`,
// `x = y + 1`, `print *, x`), one step each (scalarKernel). A host loop of several assignments is
// one host write each where each writes other storage, no pointer's target. Host code
// that only checks or prints results (an `if` block, a `write` of the result buffer) is passed
// over and listed; anything that would change what is mapped and cannot be read is an error that
// names its line, never a silent drop.

import {
  ACC_DATA_ROUTINES,
  SCHEDULING_CLAUSES,
  SinkUsed,
  SourceError,
  combinesLoop,
  dataClauseLists,
  isOmpLoopOnly,
  isOmpTargetKernel,
  parseClauses,
  parseDirective,
  parseMapArgs,
  splitTopLevel,
  type DirectiveText,
} from './directives.js';
import {
  ACC_REGION_CLAUSES,
  SourceReader,
  clauseNotImported,
  addendOf,
  affineProduct,
  affineSum,
  copyOverlap,
  dataTerms,
  loopConflict,
  loopWrite,
  refExtent,
  type Affine,
  type ScalarStatement,
} from './reader.js';
import type { Imported } from './source.js';
import type { PtrArg } from '../openmp.js';
import { ELEMENT_BYTES, MAX_ALLOCATION_LENGTH, MAX_ARRAY_LENGTH, MAX_MEMBER_LENGTH, MAX_BLOCK_STATEMENTS } from '../program.js';

/** A statement of the program: its text (continuations joined, comment removed) and its first line. */
interface Statement {
  line: number;
  text: string;
  /** The text after `!$acc` / `!$omp`, for a directive. */
  directive?: { api: 'openacc' | 'openmp'; text: string };
}

interface TypeDef {
  name: string;
  pointers: string[];
  allocatable: string[];
  fields: { name: string; length?: number }[];
}

interface ArrayVar {
  kind: 'fixed' | 'pointer' | 'allocatable';
  /** A scalar variable the program uses as data (`integer :: x`; lang/program.ts ArrayDecl scalar): one element, named whole. */
  scalar?: true;
  length?: number;
  /** A rank-2 array's extents (Fortran `integer :: a(n1, n2)`; lang/README.md "Rank-2 arrays"). */
  shape?: [number, number];
  /** 2 for a deferred-shape rank-2 array (`a(:,:)`) before its allocate; absent for rank 1. */
  rank?: 2;
  init?: number | number[];
  line: number;
}

interface StructVar {
  type: TypeDef;
  /** Initial values of non-pointer components, by name (assigned before the first step). */
  fieldInit: Map<string, number | number[]>;
  count?: number;
  line: number;
}

/** Why a scalar is data of the program (findDataScalars): the line of its first use as data and what that use is. */
interface DataScalar {
  line: number;
  why: string;
}

/**
 * A scalar that is data of the program read where a constant is needed: its value changes with the
 * mapping (a copy back, a kernel's write), so the importer does not take it as a constant.
 */
class DataScalarUse extends SourceError {}

/** What stands before an element's subscript (lower case, no blanks): `a`, `c%p`, `cs(2)%p`. */
const ELEMENT_OF = '[a-z][a-z0-9_]*(?:\\([^()]*\\))?(?:%[a-z][a-z0-9_]*)?';

/** Free-form source as statements: comments dropped, `&` continuations joined, `;` split. */
export function fortranStatements(text: string): Statement[] {
  const lines = text.split(/\r?\n/);
  const out: Statement[] = [];
  let pending: { line: number; text: string; directive?: 'openacc' | 'openmp' } | null = null;
  for (const [k, raw] of lines.entries()) {
    const line = k + 1;
    const sentinel = /^\s*!\$(acc|omp)(?=[\s&]|$)(.*)$/i.exec(raw);
    let body: string;
    let api: 'openacc' | 'openmp' | undefined;
    if (sentinel) {
      api = sentinel[1]!.toLowerCase() === 'acc' ? 'openacc' : 'openmp';
      body = stripComment(sentinel[2]!).trim();
      if (pending !== null && pending.directive === api) body = body.replace(/^&/, '').trim();
      else if (pending !== null) throw new SourceError(line, 'a continued statement is followed by a directive line');
    } else {
      body = stripComment(raw).trim();
      if (body === '') continue;
      if (pending !== null && pending.directive !== undefined) throw new SourceError(line, 'a continued directive needs its sentinel on the next line');
      if (pending !== null) body = body.replace(/^&/, '').trim();
    }
    const continued = body.endsWith('&');
    if (continued) body = body.slice(0, -1).trim();
    const joined: { line: number; text: string; directive?: 'openacc' | 'openmp' } = pending === null ? { line, text: body, ...(api ? { directive: api } : {}) } : { ...pending, text: `${pending.text} ${body}` };
    if (continued) {
      pending = joined;
      continue;
    }
    pending = null;
    if (joined.directive !== undefined) {
      out.push({ line: joined.line, text: joined.text, directive: { api: joined.directive, text: joined.text } });
      continue;
    }
    for (const part of splitTopLevel(joined.text, ';')) out.push({ line: joined.line, text: part });
  }
  if (pending !== null) throw new SourceError(pending.line, 'the last statement ends with a continuation &');
  return out;
}

/** The text before a `!` comment (outside strings). */
function stripComment(text: string): string {
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '!') return text.slice(0, i);
  }
  return text;
}

/** Integer expressions of literals, names the caller resolves and + - * / (of constants) with parentheses. */
export function evalInt(text: string, lookup: (name: string) => number | null, line: number): number {
  return evalAffine(text, lookup, line).c;
}

/**
 * An integer expression as `k * index + c` (evalInt's forms, where the name `index` is the loop
 * index): a product of two factors that both involve the index is refused, like an unknown name.
 */
export function evalAffine(text: string, lookup: (name: string) => number | null, line: number, index?: string): Affine {
  const src = text.replace(/\s+/g, '').toLowerCase();
  let i = 0;
  const fail = (): never => {
    throw new SourceError(line, `"${text.trim()}" is not a constant integer expression mapcheck can evaluate`);
  };
  const constant = (c: number): Affine => ({ k: 0, c });
  const primary = (): Affine => {
    if (src[i] === '(') {
      i++;
      const v = sum();
      if (src[i++] !== ')') fail();
      return v;
    }
    if (src[i] === '-' || src[i] === '+') {
      const neg = src[i++] === '-';
      const v = primary();
      return neg ? affineProduct(constant(-1), v)! : v;
    }
    // a kind parameter after the digits: `32_8`, `32_c_size_t`
    const num = /^\d+(?:_(?:\d+|[a-z][a-z0-9_]*))?/.exec(src.slice(i));
    if (num) {
      i += num[0].length;
      return constant(Number.parseInt(num[0], 10));
    }
    // int(x, kind): the value of x (`int(32, c_size_t)`, `int(n * 4, kind=c_size_t)`)
    if (/^int\(/.test(src.slice(i))) {
      i += 4;
      const v = sum();
      const kind = /^,(?:kind=)?[a-z0-9_]+/.exec(src.slice(i));
      if (kind) i += kind[0].length;
      if (src[i++] !== ')') fail();
      return v;
    }
    // c_sizeof(x): the bytes of x (iso_c_binding), as the reader counts them
    if (/^c_sizeof\(/.test(src.slice(i))) {
      const inner = balanced(src, i + 8, line);
      const v = lookup(`c_sizeof(${inner})`);
      i += 'c_sizeof()'.length + inner.length;
      return v === null ? fail() : constant(v);
    }
    const call = /^(size|len)\(([a-z][a-z0-9_%()]*?)\)/.exec(src.slice(i));
    if (call) {
      i += call[0].length;
      const v = lookup(`size(${call[2]})`);
      return v === null ? fail() : constant(v);
    }
    const name = /^[a-z][a-z0-9_]*/.exec(src.slice(i));
    if (name) {
      i += name[0].length;
      if (name[0] === index) return { k: 1, c: 0 };
      const v = lookup(name[0]);
      return v === null ? fail() : constant(v);
    }
    return fail();
  };
  const product = (): Affine => {
    let v = primary();
    for (;;) {
      if (src[i] === '*' && src[i + 1] !== '*') {
        i++;
        v = affineProduct(v, primary()) ?? fail();
      } else if (src[i] === '/' && src[i + 1] !== '/' && src[i + 1] !== '=') {
        // integer division of constants, truncating toward zero (Fortran 2018 §10.1.5.2.2)
        i++;
        const d = primary();
        if (v.k !== 0 || d.k !== 0 || d.c === 0) fail();
        v = constant(Math.trunc(v.c / d.c));
      } else return v;
    }
  };
  const sum = (): Affine => {
    let v = product();
    while (src[i] === '+' || src[i] === '-') {
      const sign = src[i++] === '+' ? 1 : -1;
      v = affineSum(v, product(), sign);
    }
    return v;
  };
  const v = sum();
  if (i !== src.length || !Number.isSafeInteger(v.k) || !Number.isSafeInteger(v.c)) fail();
  return v;
}

/**
 * A value's text with each real literal of an integral value written as that integer (`3.0`, `5.`,
 * `2.0d0`, `1.0_8`: 3, 5, 2, 1), as real data is read as integers; any other real literal (`2.5`,
 * `1e3`) is left, so the expression stays one mapcheck cannot evaluate.
 */
export function integralReals(text: string): string {
  return text.replace(/(?<![a-z0-9_.])(\d+)\.0*(?:[de][+-]?0+)?(?:_[a-z0-9_]+)?(?![a-z0-9_.])/gi, '$1');
}

/** OpenACC data routines that return a device address through their C binding (acc_copyin, acc_create and their aliases), by name. */
const KEPT_DATA_ROUTINES = Object.fromEntries(Object.entries(ACC_DATA_ROUTINES).filter(([, op]) => op === 'acc_copyin' || op === 'acc_create'));
/** The routines whose result a type(c_ptr) variable keeps as device memory (lang/README.md "Device memory routines in Fortran"). */
const DEVICE_POINTER_ROUTINES = new Set(['acc_malloc', 'omp_target_alloc', 'acc_deviceptr', ...Object.keys(KEPT_DATA_ROUTINES)]);
const DEVICE_POINTER_LIST = 'acc_malloc, omp_target_alloc, acc_deviceptr, acc_copyin or acc_create';
/** Device memory routines the language models, called as subroutines. */
const DEVICE_SUBROUTINES = new Set(['acc_free', 'acc_map_data', 'acc_unmap_data', 'acc_memcpy_to_device', 'acc_memcpy_from_device', 'omp_target_free']);
/** Device memory routines the language models, called as functions in an expression (a check's condition). */
const DEVICE_FUNCTIONS = new Set(['omp_target_associate_ptr', 'omp_target_disassociate_ptr', 'omp_target_is_accessible', 'omp_get_mapped_ptr', 'omp_target_memcpy']);
/** Device memory routines the language does not model. */
const UNMODELLED_DEVICE_ROUTINES = /^(?:acc_hostptr|acc_memcpy_device|acc_\w+_async|omp_target_memcpy_(?:rect|async|rect_async)|omp_target_\w+_async)$/;

/** Where a host address points: the object (as the language names it), its kind, and the element (0-based). */
interface HostPlace {
  ref: string;
  kind: 'array' | 'struct' | 'member';
  start: number;
  length: number | null;
  shape?: [number, number];
}

/** The arguments of `text` when it is exactly one call of `name` (`c_loc(a(1))`); null otherwise. */
function wholeCall(text: string, name: string): string | null {
  if (!text.startsWith(`${name}(`) || !text.endsWith(')')) return null;
  let depth = 0;
  for (let i = name.length; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i === text.length - 1 ? text.slice(name.length + 1, -1) : null;
  }
  return null;
}

/** `transfer(transfer(p, 0_c_intptr_t) + n, p)` (blanks removed), Fortran's c_ptr moved on by n bytes: p and n; null for anything else. */
function transferMoved(text: string): { base: string; bytes: string } | null {
  const args = wholeCall(text, 'transfer');
  const outer = args === null ? [] : splitTopLevel(args, ',');
  const inner = outer.length === 2 ? /^transfer\((.+),0_c_intptr_t\)\+(.+)$/.exec(outer[0]!) : null;
  if (inner === null || inner[1] !== outer[1] || wholeCall(`transfer(${inner[1]},0_c_intptr_t)`, 'transfer') === null) return null;
  return { base: inner[1]!, bytes: inner[2]! };
}

/** The Fortran reader's state: declarations so far, the steps, and what was passed over. */
class FortranReader extends SourceReader {
  private readonly types = new Map<string, TypeDef>();
  private readonly arrays = new Map<string, ArrayVar>();
  private readonly structs = new Map<string, StructVar>();
  private readonly params = new Map<string, number>();
  /** Scalars the program uses as data (findDataScalars): declared as numbers, they become scalar variables of the world. */
  private readonly dataScalars = new Map<string, DataScalar>();
  /** Integer scalars (loop counters, flags): not objects of the program. */
  private readonly scalars = new Set<string>();
  /** Scalars the program sets once, to a constant, and never changes otherwise (findFixedScalars). */
  private readonly fixed = new Set<string>();
  /** The values of fixed scalars, from their one assignment on (a constant for later statements). */
  private readonly scalarValues = new Map<string, number>();
  /** Pointer arrays that are pointer-assigned: plain pointer variables (lang/README.md "Plain pointer variables"). */
  private readonly plain = new Set<string>();
  /** The C routines interface blocks bind to local names (`acc_malloc_c` → `acc_malloc`; findDeviceMemory). */
  private readonly bindings = new Map<string, string>();
  /** Functions after `contains` that move a c_ptr on by bytes (`plus_bytes(p, n)`): the positions of their two arguments. */
  private readonly byteAdders = new Map<string, { ptr: number; bytes: number }>();
  /**
   * type(c_ptr) variables the program gives device memory (findDeviceMemory), each with the handle it
   * holds: null after `= c_null_ptr`, undefined before its first assignment.
   */
  private readonly devicePointers = new Map<string, string | null | undefined>();
  /** The length of each pointer's current target, as far as the program's order shows it. */
  private readonly targetLength = new Map<string, number>();
  /** Per kernel step: its result buffer and the line of the kernel. */
  private readonly sinks = new Map<string, number[]>();
  /** Result buffers of read kernels (findResultBuffers): filling or printing them is host code. */
  private readonly buffers = new Set<string>();
  /** Arrays a host statement copies data into and no directive or routine names (findResultBuffers). */
  private readonly copies = new Set<string>();
  /** Where each root name is used by a step or a declaration's use (line), to refuse a result buffer used elsewhere. */
  private readonly uses = new Map<string, number>();
  private requiresUsm = false;
  /** Pointers that alias a pointer component's target, by name (pointerAssign). */
  private readonly aliases = new Map<string, string>();
  /** declare mapper directives, by type (declareMapper). */
  private readonly mappers: { type: string; variable: string; maps: { type: string; vars: string[] }[]; line: number }[] = [];
  private regions: { kind: 'data' | 'target data'; line: number }[] = [];

  /**
   * @param notBuffers arrays that look like result buffers but that a step also uses (SinkUsed):
   * data of the program, whose kernel reads are copies.
   */
  constructor(
    private readonly stmts: Statement[],
    private readonly notBuffers: ReadonlySet<string> = new Set(),
  ) {
    super();
  }

  read(): Imported {
    this.findDeviceMemory();
    this.findResultBuffers();
    this.findDataScalars();
    this.findFixedScalars();
    let k = 0;
    const first = this.stmts[0];
    if (first && /^program\b/i.test(first.text)) k++;
    let started = false;
    while (k < this.stmts.length) {
      const s = this.stmts[k]!;
      const lower = s.text.toLowerCase();
      if (!s.directive && /^end(\s*program\b.*)?$/.test(lower)) break;
      if (!s.directive && /^contains$/.test(lower)) {
        const directive = this.stmts.slice(k + 1).find((t) => t.directive !== undefined);
        if (directive) throw new SourceError(directive.line, 'a directive inside a procedure after contains is not imported: mapcheck reads the main program only (inline the procedure)');
        this.pass(s, 'procedures after contains are not read');
        break;
      }
      if (!s.directive && /^(abstract )?interface\b/.test(lower)) {
        // explicit interfaces (C bindings of routines): declarations only
        const end = this.stmts.findIndex((t, j) => j > k && /^end\s*interface\b/i.test(t.text));
        if (end < 0) throw new SourceError(s.line, 'this interface block has no end interface');
        this.passed.push({ line: s.line, text: `lines ${s.line}-${this.stmts[end]!.line}: interface block` });
        k = end + 1;
        continue;
      }
      if (/^(subroutine|function|module|submodule)\b/.test(lower) || /^(integer|real|logical)\s+function\b/.test(lower))
        throw new SourceError(s.line, 'mapcheck imports one main program (program … end program), not procedures or modules');
      if (!started && this.declaration(s, lower)) {
        k++;
        continue;
      }
      if (/^type\b/.test(lower) && !/^type\s*\(/.test(lower)) {
        k = this.typeDefinition(k);
        continue;
      }
      started = true;
      k = this.executable(k);
    }
    if (this.regions.length > 0) throw new SourceError(this.regions[this.regions.length - 1]!.line, `the ${this.regions[this.regions.length - 1]!.kind} region is never closed`);
    return this.finish();
  }

  /**
   * The result buffers of read kernels, found before reading (a program fills and prints its buffer
   * around the kernel): the plain array r of a kernel loop's `r(i) = X(i)`.
   */
  private findResultBuffers(): void {
    for (const [k, s] of this.stmts.entries()) {
      if (!s.directive) continue;
      // a compute construct's loop (a data directive before a host loop heads no kernel)
      let d: DirectiveText;
      try {
        d = parseDirective(s.directive.api, s.directive.text, s.line);
      } catch {
        continue; // the reading pass reports it
      }
      if (d.api === 'openacc' ? !/^(parallel|kernels|serial)( loop)?$/.test(d.name) : !isOmpTargetKernel(d.name)) continue;
      let j = k + 1;
      while (this.stmts[j]?.directive) j++;
      if (!/^do\s+([a-z][a-z0-9_]*)\s*=/i.test(this.stmts[j]?.text ?? '')) continue;
      const v = /^do\s+([a-z][a-z0-9_]*)/i.exec(this.stmts[j]!.text)![1]!.toLowerCase();
      const body = (this.stmts[j + 1]?.text ?? '').toLowerCase().replace(/\s+/g, '');
      const m = new RegExp(`^([a-z][a-z0-9_]*)\\(${v}\\)=${ELEMENT_OF}\\(${v}(?:[+-]\\d+)?\\)$`).exec(body);
      if (m && !this.notBuffers.has(m[1]!)) this.buffers.add(m[1]!);
    }
    // and the arrays a host statement copies data into (`res = a`, `res(1:4) = c%p`) that no
    // directive or routine names: the host reads the data there
    const named = new Set(this.stmts.filter((s) => s.directive || /\b(acc|omp)_/i.test(s.text)).flatMap((s) => s.text.toLowerCase().match(/[a-z][a-z0-9_]*/g) ?? []));
    for (const s of this.stmts) {
      const m = /^([a-z][a-z0-9_]*)\s*(?:\([^=]*\))?\s*=\s*([a-z][a-z0-9_]*)\s*(?:\(.*\))?(?:%[a-z][a-z0-9_]*(?:\(.*\))?)?$/i.exec(s.directive ? '' : s.text);
      if (m && !named.has(m[1]!.toLowerCase()) && m[1]!.toLowerCase() !== m[2]!.toLowerCase() && !this.notBuffers.has(m[1]!.toLowerCase())) this.copies.add(m[1]!.toLowerCase());
    }
  }

  /**
   * The scalars the program uses as data, found before reading (the declarations come first): a
   * name a data, map or motion clause lists whole (`map(tofrom: x)`, `copy(x)`, `update device(x)`),
   * the argument of a data or query routine (`call acc_copyin(x)`, `acc_is_present(x)`,
   * `omp_target_is_present(c_loc(x), dev)`), or one a compute construct without a loop assigns
   * (`!$omp target` then `x = 222`). Declared as an integer (or real) scalar, such a name is a
   * scalar variable of the world (declaration) rather than a constant.
   */
  private findDataScalars(): void {
    const add = (name: string | undefined, line: number, why: string) => {
      if (name !== undefined && /^[a-z][a-z0-9_]*$/.test(name) && !this.dataScalars.has(name)) this.dataScalars.set(name, { line, why });
    };
    for (const [k, s] of this.stmts.entries()) {
      const lower = s.text.toLowerCase().replace(/\s+/g, ' ').trim();
      if (s.directive) {
        const list = /^declare ?target ?\((.*)\)$/.exec(s.directive.text.toLowerCase().trim());
        if (s.directive.api === 'openmp' && list) {
          for (const item of splitTopLevel(list[1]!, ',')) add(item.trim(), s.line, 'named in declare target');
          continue;
        }
        let d: DirectiveText;
        try {
          d = parseDirective(s.directive.api, s.directive.text, s.line);
        } catch {
          continue; // the reading pass reports it
        }
        for (const item of dataClauseLists(d).flatMap((x) => splitTopLevel(x, ',')))
          add(item.replace(/\s/g, '').toLowerCase().split(/[(%]/)[0], s.line, `named in a clause of ${this.sentinel(d.api)} ${d.name}`);
        for (const st of this.computeBody(k, d)?.stmts ?? []) {
          const m = /^([a-z][a-z0-9_]*) ?= ?[^=>]/.exec(st.text.toLowerCase().trim());
          if (m) add(m[1], st.line, `written by the compute construct at line ${s.line}`);
        }
        continue;
      }
      const call = /^call (acc_[a-z_]+) ?\((.*)\)$/.exec(lower);
      if (call) add(splitTopLevel(call[2]!, ',')[0]?.replace(/\s/g, ''), s.line, `passed to ${call[1]}`);
      for (const m of lower.matchAll(/\b(acc_is_present|acc_deviceptr|omp_target_is_present) ?\(/g)) {
        const first = splitTopLevel(lower.slice(m.index + m[0].length), ',')[0]?.replace(/\s/g, '') ?? '';
        add(/^(?:c_loc\()?([a-z][a-z0-9_]*)\b/.exec(first)?.[1], s.line, `passed to ${m[1]}`);
      }
      // a scalar whose address a device memory routine is given (`c_loc(x)`)
      const routine = [...lower.matchAll(/\b([a-z][a-z0-9_]*) ?\(/g)].map((m) => this.routine(m[1]!)).find((r) => /^(acc|omp)_/.test(r));
      if (routine !== undefined) for (const m of lower.matchAll(/\b(?:c_loc|loc) ?\( ?([a-z][a-z0-9_]*) ?\)/g)) add(m[1], s.line, `its address is passed to ${routine}`);
    }
  }

  /**
   * The statements of a compute construct without a loop at `k` (`!$omp target` … `!$omp end
   * target`, `!$acc serial` … `!$acc end serial`): those up to its end directive, and the index
   * after that; null for a construct combined with a loop, one whose first statement is a `do` or
   * a directive (a loop kernel), or one without its end directive.
   */
  private computeBody(k: number, d: DirectiveText): { stmts: Statement[]; end: number } | null {
    const compute = d.api === 'openacc' ? ['parallel', 'kernels', 'serial'].includes(d.name) : isOmpTargetKernel(d.name);
    if (!compute || combinesLoop(d.api, d.name)) return null;
    const stmts: Statement[] = [];
    let j = k + 1;
    for (; j < this.stmts.length && !this.stmts[j]!.directive; j++) {
      if (/^do\b/i.test(this.stmts[j]!.text.trim())) return null;
      stmts.push(this.stmts[j]!);
    }
    const end = this.stmts[j];
    if (end?.directive?.api !== d.api) return null;
    try {
      if (parseDirective(d.api, end.directive.text, end.line).name !== `end ${d.name}`) return null;
    } catch {
      return null;
    }
    return { stmts, end: j + 1 };
  }

  /**
   * The names assigned exactly once in the whole program (`n = 64`, or `integer :: n = 20`) that
   * nothing else may change: no do variable, no argument of a call, no item of a read or other I/O
   * statement, no `stat=` variable, no item of a directive's clause. Such a scalar, once its assignment has run
   * at the top level, is a constant like a parameter (an assignment inside a passed-over block or
   * a one-line if never gives it a value).
   */
  private findFixedScalars(): void {
    const count = new Map<string, number>();
    const spoilt = new Set<string>();
    const words = (t: string) => t.toLowerCase().match(/[a-z][a-z0-9_]*/g) ?? [];
    for (const s of this.stmts) {
      let t = s.text.toLowerCase().trim();
      if (s.directive) {
        // a clause item naming the scalar itself (`copyin(n)`) may change it
        for (const m of t.matchAll(/[(,]\s*([a-z][a-z0-9_]*)\s*(?=[),])/g)) spoilt.add(m[1]!);
        continue;
      }
      const decl = /^(integer|real|double\s*precision|logical)\b(?:[^:()]|\([^()]*\))*::(.*)$/.exec(t);
      if (decl) {
        for (const e of splitTopLevel(decl[2]!, ',')) {
          const m = /^\s*([a-z][a-z0-9_]*)\s*=[^=>]/.exec(e);
          if (m) count.set(m[1]!, (count.get(m[1]!) ?? 0) + 1);
        }
        continue;
      }
      const cond = /^if\s*\(/.exec(t);
      if (cond) t = t.slice(cond[0].length - 1 + balanced(t, cond[0].length - 1, s.line).length + 2).trim();
      const loop = /^do\s+([a-z][a-z0-9_]*)\s*=/.exec(t);
      if (loop) spoilt.add(loop[1]!);
      else if (/^(call|read|inquire|open|close|backspace|rewind|namelist|equivalence|common|data)\b/.test(t)) for (const w of words(t)) spoilt.add(w);
      // a keyword argument that returns a value (`stat=ierr`, `iostat=k`) sets its variable
      for (const m of t.matchAll(/\b(?:stat|errmsg|iostat|iomsg|size|exist|number|nextrec|pos)\s*=\s*([a-z][a-z0-9_]*)/g)) spoilt.add(m[1]!);
      const set = /^([a-z][a-z0-9_]*)\s*(?:\([^=]*\))?\s*=(?![=>])/.exec(t);
      if (set) count.set(set[1]!, (count.get(set[1]!) ?? 0) + 1);
    }
    for (const [name, n] of count) if (n === 1 && !spoilt.has(name)) this.fixed.add(name);
  }

  // ------------------------------------------------------------------------------------------------
  // Declarations

  /** A specification statement: true when it was one (read or passed over). */
  private declaration(s: Statement, lower: string): boolean {
    if (s.directive) {
      if (s.directive.api === 'openacc' && /^declare\b/i.test(s.directive.text.trim())) {
        // a declare of the main program's data: its static data for the whole run (OpenACC 3.3 §2.13)
        const d = parseDirective('openacc', s.directive.text, s.line);
        this.useApi('openacc', s.line);
        this.push(s, { op: 'acc_declare', clauses: this.accClauses(d, ['create', 'copyin', 'device_resident', 'link'], s.line) });
        return true;
      }
      if (s.directive.api === 'openmp' && /^declare\s+target\b/i.test(s.directive.text.trim())) {
        // static data on every device (OpenMP 6.0 §9.9.1): `declare target(list)`, `to` / `enter`, `link`
        const text = s.directive.text.trim().replace(/^declare\s+target\s*/i, '');
        const clauses = /^\(/.test(text) ? [{ name: 'enter', args: text.slice(1, -1) }] : parseClauses(text, s.line);
        const out = clauses.map((c) => {
          const clause = c.name === 'to' || c.name === 'enter' ? 'enter' : c.name === 'link' ? 'link' : null;
          if (clause === null || c.args === null) throw new SourceError(s.line, `declare target: clause ${c.name} is not imported (enter, to, link)`);
          return { clause, vars: splitTopLevel(c.args, ',').map((v) => this.dataRef(v, s.line)) };
        });
        this.useApi('openmp', s.line);
        this.push(s, { op: 'omp_declare_target', clauses: out });
        return true;
      }
      if (s.directive.api === 'openmp' && /^declare\s+mapper\b/i.test(s.directive.text.trim())) {
        this.declareMapper(s);
        return true;
      }
      if (s.directive.api === 'openmp' && /^requires\b/i.test(s.directive.text.trim())) {
        const d = parseDirective('openmp', s.directive.text, s.line);
        for (const c of d.clauses) {
          if (c.name !== 'unified_shared_memory') throw new SourceError(s.line, `requires ${c.name}: only unified_shared_memory is imported`);
        }
        this.requiresUsm = true;
        this.useApi('openmp', s.line);
        return true;
      }
      return false;
    }
    if (/^(implicit\b|use\b|include\b)/.test(lower)) return true;
    // derived types of the intrinsic modules (c_ptr handles, c_funptr): host scalars
    const intrinsicType = /^type\s*\(\s*(c_ptr|c_funptr)\s*\)\s*(?:,[^:]*)?::(.*)$/.exec(lower);
    if (intrinsicType) {
      for (const e of splitTopLevel(intrinsicType[2]!, ',')) this.scalars.add(e.split(/[(=]/)[0]!.trim());
      return true;
    }
    // attributes may hold parentheses with colons: `allocatable, dimension(:)`
    const decl = /^(integer|real|double\s*precision|logical|type\s*\(\s*([a-z][a-z0-9_]*)\s*\))\s*(\([^)]*\)|\*\d+)?\s*(,(?:[^:()]|\([^()]*\))*)?::(.*)$/.exec(lower);
    const bare = decl === null ? /^(integer|real|double\s*precision|logical)\s*(\([^)]*\)|\*\d+)?\s+([a-z].*)$/.exec(lower) : null;
    if (decl === null && bare === null) return false;
    const base = (decl?.[1] ?? bare![1]!).replace(/\s+/g, ' ');
    const typeName = decl?.[2];
    const attrs = decl?.[4] ? splitTopLevel(decl[4].slice(1), ',') : [];
    const entities = splitTopLevel(decl?.[5] ?? bare![3]!, ',');
    if (base === 'logical') {
      for (const e of entities) this.scalars.add(e.split(/[(=]/)[0]!.trim());
      return true;
    }
    if (base !== 'integer' && typeName === undefined)
      this.note(s, `${base} data is imported as 4-byte integers (mapping does not depend on the element type; sizes and addresses follow the language's int32 elements)`);
    const dimension = attrs.map((a) => /^dimension\s*\((.*)\)$/.exec(a)?.[1]).find((d) => d !== undefined);
    const has = (a: string) => attrs.some((x) => x === a);
    const kind: ArrayVar['kind'] = has('pointer') ? 'pointer' : has('allocatable') ? 'allocatable' : 'fixed';
    for (const entity of entities) {
      const m = /^([a-z][a-z0-9_]*)\s*(\(([^)]*)\))?\s*(=\s*(.*))?$/.exec(entity);
      if (!m) throw new SourceError(s.line, `cannot read the declaration of "${entity}"`);
      const name = m[1]!;
      const dims = m[3] ?? dimension;
      if (has('parameter')) {
        if (m[5] === undefined) throw new SourceError(s.line, `parameter ${name} has no value`);
        this.params.set(name, evalInt(m[5], (n) => this.constant(n, s.line), s.line));
        continue;
      }
      if (typeName !== undefined) {
        const type = this.types.get(typeName);
        if (type === undefined) throw new SourceError(s.line, `type(${typeName}): no such derived type above`);
        if (kind !== 'fixed') throw new SourceError(s.line, `${name}: a pointer or allocatable variable of derived type is not imported`);
        const count = dims === undefined ? undefined : this.extent(dims, s.line, name, MAX_MEMBER_LENGTH, 'arrays of structs');
        this.structs.set(name, { type, fieldInit: new Map(), ...(count === undefined ? {} : { count }), line: s.line });
        continue;
      }
      if (dims === undefined && this.dataScalars.has(name)) {
        this.declareScalar(s, name, kind, m[5]);
        continue;
      }
      if (dims === undefined) {
        this.scalars.add(name);
        if (m[5] !== undefined && this.fixed.has(name)) this.fixScalar(name, m[5], s.line);
        continue;
      }
      const rank = splitTopLevel(dims, ',').length;
      if (rank > 2) throw new SourceError(s.line, `${name}: arrays of rank 3 or more are not imported`);
      if (rank === 2) {
        if (kind !== 'fixed') {
          if (splitTopLevel(dims, ',').some((d) => d.trim() !== ':')) throw new SourceError(s.line, `${name}: a ${kind} array is declared with a deferred shape (:,:)`);
          this.arrays.set(name, { kind, rank: 2, line: s.line });
          continue;
        }
        const [n1, n2] = splitTopLevel(dims, ',').map((d) => this.extent(d, s.line, name)) as [number, number];
        if (n1 * n2 > MAX_ARRAY_LENGTH) throw new SourceError(s.line, `${name}: ${n1 * n2} elements; mapcheck's arrays hold 1 to ${MAX_ARRAY_LENGTH}`);
        const init = m[5] === undefined ? undefined : this.initializer(m[5], n1 * n2, s.line);
        this.arrays.set(name, { kind, length: n1 * n2, shape: [n1, n2], ...(init === undefined ? {} : { init }), line: s.line });
        continue;
      }
      if (kind === 'fixed') {
        const length = this.extent(dims, s.line, name);
        const init = m[5] === undefined ? undefined : this.initializer(m[5], length, s.line);
        this.arrays.set(name, { kind, length, ...(init === undefined ? {} : { init }), line: s.line });
      } else {
        if (dims.trim() !== ':') throw new SourceError(s.line, `${name}: a ${kind} array is declared with a deferred shape (:)`);
        this.arrays.set(name, { kind, line: s.line });
      }
    }
    return true;
  }

  /**
   * A scalar the program uses as data (findDataScalars): a scalar variable of the world, one element
   * named whole, its initial value a constant initialiser (`integer :: x = 5`). Without one it has
   * no value set, as an array without one: the world's default, 0.
   */
  private declareScalar(s: Statement, name: string, kind: ArrayVar['kind'], init: string | undefined): void {
    const data = this.dataScalars.get(name)!;
    if (kind !== 'fixed') throw new SourceError(s.line, `${name}: a ${kind} scalar is not imported as data (line ${data.line}: ${data.why})`);
    if (this.arrays.has(name) || this.structs.has(name) || this.scalars.has(name)) throw new SourceError(s.line, `${name} is declared twice`);
    let value: number | undefined;
    if (init !== undefined) {
      try {
        value = evalInt(integralReals(init), (n) => this.constant(n, s.line), s.line);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        throw new SourceError(s.line, `${name} = ${init.trim()}: a scalar the program uses as data is initialised with a constant integer value`);
      }
    }
    this.arrays.set(name, { kind: 'fixed', length: 1, scalar: true, ...(value === undefined ? {} : { init: value }), line: s.line });
  }

  /**
   * `!$omp declare mapper ([default :] t :: v) map(...)` (OpenMP 6.0 §7.9.10): the default mapper of
   * type t, kept until the end and given to every single struct of that type (finish), with the
   * mapper's variable v standing for the struct.
   */
  private declareMapper(s: Statement): void {
    const m = /^declare\s+mapper\s*\(\s*(?:(?:default|[a-z][a-z0-9_]*)\s*:(?!:))?\s*(?:type\s*\(\s*)?([a-z][a-z0-9_]*)\s*\)?\s*::\s*([a-z][a-z0-9_]*)\s*\)(.*)$/i.exec(s.directive!.text.trim());
    if (!m) throw new SourceError(s.line, 'declare mapper is imported as declare mapper (t :: v) map(...)');
    const [, typeName, v, rest] = [m[0], m[1]!.toLowerCase(), m[2]!.toLowerCase(), m[3]!];
    if (!this.types.has(typeName)) throw new SourceError(s.line, `declare mapper: no derived type ${typeName} above`);
    const maps = parseClauses(rest, s.line).map((c) => {
      if (c.name !== 'map') throw new SourceError(s.line, `declare mapper: clause ${c.name} is not imported`);
      const { type, modifiers, list } = parseMapArgs(c.args ?? '', s.line);
      if (modifiers.length > 0 || !['to', 'from', 'tofrom', 'alloc'].includes(type)) throw new SourceError(s.line, `declare mapper: map(${c.args}) is not imported (to, from, tofrom, alloc without modifiers)`);
      return { type, vars: splitTopLevel(list, ',').map((x) => x.replace(/\s/g, '').toLowerCase()) };
    });
    for (const x of maps.flatMap((mp) => mp.vars)) if (x.split(/[(%]/)[0] !== v) throw new SourceError(s.line, `declare mapper: ${x} is not ${v} or one of its components`);
    this.useApi('openmp', s.line);
    this.mappers.push({ type: typeName, variable: v, maps, line: s.line });
  }

  /** A constant extent `(n)`, `(1:n)`: the element count, 1..max (an array's, or what `what` holds). */
  private extent(dims: string, line: number, name: string, max = MAX_ARRAY_LENGTH, what = 'arrays'): number {
    const parts = dims.split(':');
    if (parts.length > 2) throw new SourceError(line, `${name}(${dims}): not a rank-1 extent`);
    const lower = parts.length === 2 ? evalInt(parts[0]!, (n) => this.constant(n, line), line) : 1;
    if (lower !== 1) throw new SourceError(line, `${name}(${dims}): only lower bound 1 is imported`);
    const n = evalInt(parts[parts.length - 1]!, (x) => this.constant(x, line), line);
    if (n < 1 || n > max) throw new SourceError(line, `${name}: ${n} elements; mapcheck's ${what} hold 1 to ${max}`);
    return n;
  }

  /** `= 5` or `= [1, 2, 3]` / `= (/ 1, 2, 3 /)` as an initial value. */
  private initializer(text: string, length: number, line: number): number | number[] {
    const list = /^\[(.*)\]$|^\(\/(.*)\/\)$/.exec(text.trim());
    if (!list) return evalInt(integralReals(text), (n) => this.constant(n, line), line);
    const values = splitTopLevel(list[1] ?? list[2]!, ',').map((v) => evalInt(integralReals(v), (n) => this.constant(n, line), line));
    if (values.length !== length) throw new SourceError(line, `${values.length} initial values for ${length} elements`);
    return values;
  }

  /** The value of a name in a constant expression at `line`: a parameter or a fixed scalar; a scalar variable of the program is refused (DataScalarUse). */
  private constant(name: string, line: number): number | null {
    if (name.startsWith('size(')) return this.sizeOf(name.slice(5, -1));
    if (name.startsWith('c_sizeof(')) return this.byteSize(name.slice(9, -1));
    const data = this.dataScalars.get(name);
    if (data !== undefined && this.arrays.get(name)?.scalar)
      throw new DataScalarUse(
        line,
        `${name} is data of the program (line ${data.line}: ${data.why}): mapcheck does not also read its value as a constant (a copy back or a kernel changes it); give the constant a variable of its own`,
      );
    return this.params.get(name) ?? this.scalarValues.get(name) ?? null;
  }

  /**
   * What `c_sizeof(x)` returns as the reader counts bytes: 4 for an element, a scalar or c_int (the
   * language's int32 elements, whatever the declared kind: lang/README.md "Importing source"), the
   * element count times 4 for an array or a component; null for anything else.
   */
  private byteSize(x: string): number | null {
    if (/^c_(int|int32_t|float)$/.test(x)) return 4;
    const element = /^([a-z][a-z0-9_]*)\(([^():]*)\)$/.exec(x);
    if (element !== null && this.arrays.has(element[1]!)) return 4;
    const count = this.arrays.get(x)?.scalar ? 1 : this.sizeOf(x);
    return count === null ? null : count * 4;
  }

  /** The one assignment of a fixed scalar: its value from here on, when it is a constant expression. */
  private fixScalar(name: string, rhs: string, line: number): void {
    try {
      this.scalarValues.set(name, evalInt(rhs, (n) => this.constant(n, line), line));
    } catch (e) {
      if (!(e instanceof SourceError)) throw e;
    }
  }

  /** `type :: t` … `end type`: components. Returns the index after `end type`. */
  private typeDefinition(k: number): number {
    const head = this.stmts[k]!;
    const m = /^type\s*(?:,[^:]*)?(?:::)?\s*([a-z][a-z0-9_]*)$/.exec(head.text.toLowerCase());
    if (!m) throw new SourceError(head.line, `cannot read the type definition "${head.text}"`);
    const type: TypeDef = { name: m[1]!, pointers: [], allocatable: [], fields: [] };
    for (k++; k < this.stmts.length; k++) {
      const s = this.stmts[k]!;
      const lower = s.text.toLowerCase();
      if (/^end\s*type\b/.test(lower)) {
        this.types.set(type.name, type);
        return k + 1;
      }
      if (/^(sequence|private|public)$/.test(lower)) continue;
      const c = /^(integer|real|double\s*precision)\s*(\([^)]*\))?\s*(,(?:[^:()]|\([^()]*\))*)?::(.*)$/.exec(lower);
      if (!c) throw new SourceError(s.line, `type ${type.name}: component "${s.text}" is not imported (integer scalars, arrays, pointer and allocatable arrays)`);
      const attrs = c[3] ? splitTopLevel(c[3].slice(1), ',') : [];
      const dimension = attrs.map((a) => /^dimension\s*\((.*)\)$/.exec(a)?.[1]).find((d) => d !== undefined);
      for (const entity of splitTopLevel(c[4]!, ',')) {
        const e = /^([a-z][a-z0-9_]*)\s*(\(([^)]*)\))?\s*(=>\s*null\(\s*\))?$/.exec(entity);
        if (!e) throw new SourceError(s.line, `type ${type.name}: cannot read component "${entity}"`);
        const dims = e[3] ?? dimension;
        if (attrs.includes('pointer') || attrs.includes('allocatable')) {
          if (dims?.trim() !== ':') throw new SourceError(s.line, `type ${type.name}: component ${e[1]} must be a rank-1 array with a deferred shape (:)`);
          if (type.fields.length > 0) this.note(s, `type ${type.name}: pointer component ${e[1]} follows a non-pointer one; mapcheck lays pointers out first`);
          type.pointers.push(e[1]!);
          if (attrs.includes('allocatable')) type.allocatable.push(e[1]!);
        } else {
          type.fields.push({ name: e[1]!, ...(dims === undefined ? {} : { length: this.extent(dims, s.line, e[1]!, MAX_MEMBER_LENGTH, 'array components') }) });
        }
      }
    }
    throw new SourceError(head.line, `type ${type.name} has no end type`);
  }

  // ------------------------------------------------------------------------------------------------
  // Executable statements

  /** Reads the statement at `k` (and the block it opens); returns the index of the next one. */
  private executable(k: number): number {
    const s = this.stmts[k]!;
    if (s.directive) return this.directive(k);
    const lower = s.text.toLowerCase().replace(/\s+/g, ' ');
    let m: RegExpExecArray | null;
    if ((m = /^allocate ?\((.*)\)$/.exec(lower))) {
      // `source=v` gives every element of the new storage the value v (Fortran 2018 §9.7.1.2)
      const items = splitTopLevel(m[1]!, ',');
      const source = items.map((i) => /^source ?= ?(.*)$/.exec(i)?.[1]).find((x) => x !== undefined);
      const value = source === undefined ? undefined : evalInt(integralReals(source), (n) => this.constant(n, s.line), s.line);
      for (const item of items.filter((i) => !/^[a-z]+ ?=/.test(i))) this.allocate(s, item, value);
      return k + 1;
    }
    if ((m = /^deallocate ?\((.*)\)$/.exec(lower))) {
      for (const item of splitTopLevel(m[1]!, ',')) {
        const ref = item.replace(/\s/g, '');
        if (ref.includes('%')) this.push(s, { op: 'deallocate', ptr: this.memberRef(ref, s.line) });
        else this.pass(s, `deallocate of ${ref}: the program's arrays live to its end`);
      }
      return k + 1;
    }
    if ((m = /^nullify ?\((.*)\)$/.exec(lower))) {
      for (const item of splitTopLevel(m[1]!, ',')) {
        const ref = item.replace(/\s/g, '');
        this.targetLength.delete(ref);
        this.push(s, { op: 'nullify', ptr: this.pointerRef(ref, s.line) });
      }
      return k + 1;
    }
    if ((m = /^([a-z][a-z0-9_%():+-]*?) ?=> ?(.*)$/.exec(lower))) {
      this.pointerAssign(s, m[1]!.replace(/\s/g, ''), m[2]!.replace(/\s/g, ''));
      return k + 1;
    }
    if ((m = /^do ([a-z][a-z0-9_]*) ?= ?(.*)$/.exec(lower))) return this.hostLoop(k, m[1]!, m[2]!);
    if (/^if ?\(.*\) ?then$/.test(lower)) return this.passBlock(k, /^if\b.*\bthen$/, /^end ?if\b/, 'checks results');
    if (/^(select|block|associate|where|forall)\b/.test(lower)) return this.passBlock(k, /^(select|block|associate|where|forall)\b/, /^end ?(select|block|associate|where|forall)\b/, 'is not read');
    if ((m = /^([a-z][a-z0-9_]*) ?= ?(.*)$/.exec(lower)) && this.devicePointers.has(m[1]!)) {
      this.deviceStore(s, m[1]!, m[2]!);
      return k + 1;
    }
    this.routineCalls(s, lower);
    if ((m = /^call ([a-z][a-z0-9_]*) ?(\((.*)\))?$/.exec(lower))) {
      if (!/^(acc|omp)_/.test(m[1]!)) this.pass(s, `call ${m[1]}: host code`);
      return k + 1;
    }
    if ((m = /^(print [^,]*|write ?\([^)]*\)) ?,? ?(.*)$/.exec(lower)) && /^(print|write)/.test(lower)) {
      this.hostReads(s, m[2] ?? '');
      return k + 1;
    }
    if ((m = /^([a-z][a-z0-9_%]*(?:\([^=]*\))?(?:%[a-z][a-z0-9_]*(?:\([^=]*\))?)?) ?= ?([^=].*)$/.exec(lower))) {
      this.assignment(s, m[1]!.replace(/\s/g, ''), m[2]!);
      return k + 1;
    }
    if (/^if ?\(/.test(lower)) {
      // a one-line if: its condition may call the query routines (read above); its statement runs or not
      const condition = balanced(lower, lower.indexOf('('), s.line);
      const rest = lower.slice(condition.length + lower.indexOf('(') + 2).trim();
      const root = /^([a-z][a-z0-9_]*)/.exec(rest)?.[1];
      if (/^call (acc|omp)_/.test(rest) || /^(allocate|deallocate|nullify)\b/.test(rest) || /=>/.test(rest) || (root !== undefined && this.isData(root) && !this.buffers.has(root) && /^[a-z0-9_%()]+ ?=[^=]/.test(rest)))
        throw new SourceError(s.line, 'a conditional change of the program\'s data is not imported: mapcheck reads straight-line programs');
      // the condition runs whatever it decides: the program's data it reads are host reads, as in a block if
      this.passed.push({ line: s.line, text: `line ${s.line}: checks results (${s.text.slice(0, 40)})${this.checkReads([{ ...s, text: condition }], s, null)}` });
      return k + 1;
    }
    if (/^(stop|error stop|continue|flush|return|exit|cycle)\b/.test(lower)) {
      this.pass(s, 'host code');
      return k + 1;
    }
    this.pass(s, 'not read');
    return k + 1;
  }

  /** Passes over a block `open` … `close` (nested), refusing directives inside it. */
  private passBlock(k: number, open: RegExp, close: RegExp, why: string): number {
    const head = this.stmts[k]!;
    let depth = 0;
    for (let j = k; j < this.stmts.length; j++) {
      const s = this.stmts[j]!;
      const lower = s.text.toLowerCase().replace(/\s+/g, ' ');
      if (s.directive) throw new SourceError(s.line, `a directive inside a host ${/^if/i.test(head.text) ? 'block' : 'construct'} (line ${head.line}) is not imported: mapcheck reads straight-line programs`);
      // the head's condition runs once, whatever the branch: the query routines in it are read
      if (j === k) this.routineCalls(s, lower);
      else if (/\b(acc|omp)_[a-z_]+ ?\(/.test(lower)) throw new SourceError(s.line, `a runtime routine inside the block at line ${head.line} is not imported: mapcheck reads straight-line programs`);
      // what may run or not changes none of the program's data (as a one-line if's statement)
      const root = /^([a-z][a-z0-9_]*)/.exec(lower)?.[1];
      const index = /^do ([a-z][a-z0-9_]*) ?=/.exec(lower)?.[1];
      if (
        j > k &&
        (/^(allocate|deallocate|nullify) ?\(/.test(lower) ||
          /^[a-z0-9_%()]+ ?=>/.test(lower) ||
          (index !== undefined && this.isData(index)) ||
          (root !== undefined && this.isData(root) && !this.buffers.has(root) && !this.copies.has(root) && /^[a-z0-9_%(),:]+ ?=[^=]/.test(lower)))
      )
        throw new SourceError(s.line, `a conditional change of the program's data (line ${head.line}) is not imported: mapcheck reads straight-line programs`);
      if (open.test(lower)) depth++;
      else if (close.test(lower) && --depth === 0) {
        this.passed.push({ line: head.line, text: `lines ${head.line}-${s.line}: ${why} (${head.text.slice(0, 40)})${this.checkReads(this.stmts.slice(k, j + 1), head, null)}` });
        return j + 1;
      }
    }
    throw new SourceError(head.line, 'this block has no end');
  }

  private allocate(s: Statement, item: string, value?: number): void {
    const m = /^([a-z][a-z0-9_%()]*?)\(([^()]*)\)$/.exec(item.replace(/\s/g, ''));
    if (!m) throw new SourceError(s.line, `allocate(${item}): expected name(n)`);
    const [, ref, dims] = m;
    if (ref!.includes('%')) {
      // the language allocates allocatable components only (lang/README.md "Allocatable components")
      const [root, member] = [ref!.split(/[(%]/)[0]!, ref!.split('%')[1]!];
      if (this.structs.get(root)?.type.pointers.includes(member) && !this.structs.get(root)!.type.allocatable.includes(member))
        throw new SourceError(s.line, `allocate(${item}): ${member} is a pointer component; mapcheck allocates allocatable components only (declare it allocatable)`);
      const length = this.extent(dims!, s.line, ref!, MAX_ALLOCATION_LENGTH, 'allocatable components');
      this.targetLength.set(ref!, length);
      this.push(s, { op: 'allocate', ptr: this.memberRef(ref!, s.line), length, ...(value === undefined ? {} : { value }) });
      return;
    }
    if (value !== undefined) throw new SourceError(s.line, `allocate(${item}, source=…): only a component's allocate takes a source here`);
    const a = this.arrays.get(ref!);
    if (a === undefined || a.kind === 'fixed') throw new SourceError(s.line, `allocate(${item}): ${ref} is not a pointer or allocatable array`);
    if (a.length !== undefined) throw new SourceError(s.line, `${ref} is allocated twice: mapcheck's arrays have one size`);
    if (this.plain.has(ref!)) throw new SourceError(s.line, `${ref} is both allocated and pointer-assigned: not imported`);
    const extents = splitTopLevel(dims!, ',').map((d) => this.extent(d, s.line, ref!));
    if (extents.length !== (a.rank ?? 1)) throw new SourceError(s.line, `allocate(${item}): ${ref} has rank ${a.rank ?? 1}`);
    a.length = extents.reduce((x, y) => x * y, 1);
    if (a.length > MAX_ARRAY_LENGTH) throw new SourceError(s.line, `${ref}: ${a.length} elements; mapcheck's arrays hold 1 to ${MAX_ARRAY_LENGTH}`);
    if (extents.length === 2) a.shape = extents as [number, number];
  }

  private pointerAssign(s: Statement, lhs: string, target: string): void {
    // bounds remapping `p(L:) => t` (Fortran 2018 §10.2.2.3): the view starts at L
    const remap = /^(.*)\(([^():]+):\)$/.exec(lhs);
    const ptr = remap ? remap[1]! : lhs;
    const lbound = remap ? evalInt(remap[2]!, (n) => this.constant(n, s.line), s.line) : undefined;
    if (/^null\(\)$/.test(target)) {
      this.targetLength.delete(ptr);
      this.push(s, { op: 'nullify', ptr: this.pointerRef(ptr, s.line) });
      return;
    }
    if (!ptr.includes('%')) {
      const a = this.arrays.get(ptr);
      if (a?.kind !== 'pointer') throw new SourceError(s.line, `${ptr} => …: ${ptr} is not a pointer`);
      if (target.includes('%') && lbound === undefined && this.structs.get(target.split(/[(%]/)[0]!)?.type.pointers.includes(/%([a-z][a-z0-9_]*)/.exec(target)?.[1] ?? '')) {
        // an alias of a pointer component's target (`u => c%p`, `u => c%p(2:3)`): no pointer of
        // the program, only another name for that target in motion clauses (ompMotions)
        if (this.plain.has(ptr)) throw new SourceError(s.line, `${ptr} points into ${target} here and at its own target elsewhere: not imported`);
        this.aliases.set(ptr, this.dataRef(target, s.line));
        return;
      }
      if (this.aliases.has(ptr)) throw new SourceError(s.line, `${ptr} points into a component elsewhere: not imported`);
      if (a.length !== undefined) throw new SourceError(s.line, `${ptr} is both allocated and pointer-assigned: not imported`);
      this.plain.add(ptr);
    }
    const ref = this.dataRef(target, s.line);
    const root = target.split(/[(%]/)[0]!;
    const a = this.arrays.get(root);
    const whole = /^[a-z][a-z0-9_]*$/.exec(target) && a?.length !== undefined ? a.length : null;
    const section = /\((\d+):(\d+)\)$/.exec(ref);
    this.targetLength.set(ptr, whole ?? (section ? Number(section[2]) - Number(section[1]) + 1 : (this.sizeOf(target) ?? -1)));
    this.push(s, { op: 'pointer_assign', ptr: this.pointerRef(ptr, s.line), target: ref, ...(lbound === undefined || lbound === 1 ? {} : { lbound }) });
  }

  /**
   * A host `do` loop: before the first step, an initializer `a(i) = expr` (`a(i) = a(i) + expr`
   * adds to the values set above; other arrays' elements in expr are their initial values); else
   * `X(i)` or `X(i + k)` = a constant or an affine function of i, or X(i) plus one, a write or an
   * add of what the loop covers (store), either with one element `Y(i + k)` among the terms a copy
   * of Y's section; any other loop is refused unless it holds no data.
   */
  private hostLoop(k: number, v: string, range: string): number {
    const head = this.stmts[k]!;
    if (this.isScalar(v)) throw new SourceError(head.line, `the host loop's index ${v} is the scalar variable ${v}, data of the program: not imported (give the loop an index of its own)`);
    const [lo, hi, step] = splitTopLevel(range, ',').map((x) => evalInt(x, (n) => this.constant(n, head.line), head.line));
    if (lo === undefined || hi === undefined || step !== undefined) throw new SourceError(head.line, 'a host loop needs do i = lo, hi (no stride)');
    const body: Statement[] = [];
    let j = k + 1;
    for (; j < this.stmts.length && !/^end ?do\b/i.test(this.stmts[j]!.text); j++) body.push(this.stmts[j]!);
    if (j === this.stmts.length) throw new SourceError(head.line, 'this do loop has no end do');
    const end = j + 1;
    if (body.some((b) => b.directive)) throw new SourceError(body.find((b) => b.directive)!.line, 'a directive inside a host loop is not imported: unroll the loop');
    const lower = body.map((b) => b.text.toLowerCase().replace(/\s+/g, ''));
    // a body of several assignments is read as one loop per assignment when each names other
    // storage, no pointer's target (the order of the iterations across them cannot show then)
    const distinct = (refs: (string | undefined)[]) => refs.length === 1 || (refs.every((r) => r !== undefined && this.unaliased(r)) && new Set(refs).size === refs.length);
    const fills = lower.map((t) => new RegExp(`^([a-z][a-z0-9_]*)\\(${v}\\)=(.*)$`).exec(t));
    if (this.steps.length === 0 && fills.every((f) => f !== null && this.arrays.has(f[1]!)) && distinct(fills.map((f) => f![1]))) {
      for (const [n, fill] of fills.entries()) {
        const a = this.arrays.get(fill![1]!)!;
        if (a.length === undefined) throw new SourceError(head.line, `${fill![1]} is filled before it is allocated`);
        // `a(i) = a(i) + e` adds e to the initial values the program gave a above
        const added = addendOf(fill![2]!, `${fill![1]}(${v})`);
        if (added !== null && a.init === undefined) throw new SourceError(body[n]!.line, `${fill![1]}(${v}) = ${fill![2]}: an add before the first directive needs the values of ${fill![1]} set above it`);
        const values = Array.isArray(a.init) ? [...a.init] : Array<number>(a.length).fill(a.init ?? 0);
        // the elements of arrays the value reads (`b(i) = a(i) + 1`): their initial values, the
        // array filled itself as far as the loop has come (its iterations run in order)
        const other = fills.find((f, m) => m !== n && new RegExp(`(?<![a-z0-9_%])${f![1]}\\(`).test(fill![2]!));
        if (other !== undefined) throw new SourceError(body[n]!.line, `${fill![1]}(${v}) = ${fill![2]} reads ${other![1]}, which this loop also fills: not imported (fill it in a loop of its own first)`);
        for (let i = lo; i <= hi; i++) {
          if (i < 1 || i > a.length) throw new SourceError(head.line, `${fill![1]}(${i}) is outside 1..${a.length}`);
          const expr = this.initialElements(added ?? fill![2]!, v, i, fill![1]!, values, body[n]!.line);
          const x = evalInt(integralReals(expr), (x) => (x === v ? i : this.constant(x, body[n]!.line)), body[n]!.line);
          values[i - 1] = added === null ? x : values[i - 1]! + x;
        }
        a.init = values.every((x) => x === values[0]) ? values[0]! : values;
      }
      return end;
    }
    // `X(i)` or `X(i + k)` = a constant or an affine function of i: a write of what the loop covers
    const writes = lower.map((t) => new RegExp(`^(${ELEMENT_OF})\\(${v}(?:([+-])(\\d+))?\\)=(.*)$`).exec(t));
    const roots = writes.map((w) => w?.[1]!.split(/[(%]/)[0]);
    if (lower.length > 0 && roots.every((r) => r !== undefined && this.isData(r)) && distinct(writes.map((w) => w?.[1]))) {
      for (const [n, write] of writes.entries()) {
        const [s, root] = [body[n]!, roots[n]!];
        const lhs = lower[n]!.slice(0, lower[n]!.length - write![4]!.length - 1);
        const what = `${lhs} = ${write![4]}`;
        if (this.buffers.has(root) || this.copies.has(root)) {
          this.pass(s, `fills the result buffer ${root}`);
          continue;
        }
        if (lo > hi) {
          this.pass(head, 'a host loop that runs no iteration');
          continue;
        }
        // `X(i) = X(i) + e`: e is what the loop adds; `Y(i + k)` among the terms is a copy of Y
        const added = addendOf(write![4]!, lhs);
        const copy = this.copyTerm(added ?? write![4]!, { v, lo, hi }, s.line, what);
        if (copy) {
          this.copyWrite(write![1]!, s.line, what);
          const other = roots.findIndex((r, m) => m !== n && r === copy.from.split('(')[0]);
          if (other >= 0) throw new SourceError(s.line, `${what} reads ${roots[other]}, which line ${body[other]!.line} of this loop writes: not imported (write the loop as two loops)`);
        }
        let f: Affine;
        try {
          f = evalAffine(integralReals(copy?.rest ?? added ?? write![4]!), (x) => this.constant(x, s.line), s.line, v);
        } catch (e) {
          if (e instanceof DataScalarUse) throw e;
          if (copy) throw new SourceError(s.line, `${what}: a host loop's copy adds a constant or an affine function of ${v} to the element it reads (X(${v}) = Y(${v}) + 1)`);
          if (added !== null) throw new SourceError(s.line, `${what}: a host loop adds a constant or an affine function of ${v} to the element it writes (X(${v}) = X(${v}) + 2*${v})`);
          throw new SourceError(
            s.line,
            `${what}: a host loop writes a constant or an affine function of ${v}, or that plus one element of an array (a copy), or adds one to the element it writes (X(${v}) = 2*${v} + 1, X(${v}) = Y(${v}) + 1, X(${v}) = X(${v}) + 1); only an array's fill before the first directive takes any expression`,
          );
        }
        const k = write![2] === undefined ? 0 : (write![2] === '-' ? -1 : 1) * Number(write![3]);
        this.store(s, this.loopRef(write![1]!, lo + k, hi + k), { ...loopWrite(f, lo), ...(added === null ? {} : { add: true }), ...(copy ? { from: copy.from } : {}) }, what);
      }
      return end;
    }
    if (lower.some((t) => /\b(acc|omp)_[a-z_]+\(/.test(t))) throw new SourceError(head.line, 'a runtime routine inside a host loop is not imported: unroll the loop');
    // assignments to the program's data that are no host write each: say which statement meets another
    if (lower.length > 1 && roots.every((r) => r !== undefined && this.isData(r))) {
      const refs = writes.map((w) => w![1]!);
      const rule = 'a host loop of several assignments is read as one host write each only where no statement touches storage another writes (write the loop as one loop per assignment)';
      const twice = refs.findIndex((r, m) => refs.indexOf(r) !== m);
      if (twice >= 0) throw new SourceError(body[twice]!.line, `${body[twice]!.text.trim()} writes ${refs[twice]}, which line ${body[refs.indexOf(refs[twice]!)]!.line} of this loop also writes: ${rule}`);
      const pointer = refs.findIndex((r) => !this.unaliased(r));
      if (pointer >= 0) throw new SourceError(body[pointer]!.line, `${body[pointer]!.text.trim()} writes through ${refs[pointer]}, a pointer that may point to storage another statement of this loop touches: ${rule}`);
    }
    const changed = lower.map((t) => /^([a-z][a-z0-9_]*)/.exec(t)?.[1]).filter((n) => n !== undefined && this.isData(n));
    if (changed.length > 0) throw new SourceError(head.line, `this host loop changes ${changed[0]} in a way mapcheck cannot read (a loop of assignments X(i) = v to different arrays is read)`);
    this.passed.push({ line: head.line, text: `lines ${head.line}-${this.stmts[j]!.line}: host loop (${head.text.slice(0, 40)})${this.checkReads(body, head, { v, lo, hi })}` });
    return end;
  }

  /**
   * A fill's value `expr` at iteration `i` of index `v` (before the first step) with each element of
   * a rank-1 array it reads (`a(i + 1)`) written as that element's value: the initial value, or for
   * `self`, the array being filled, its value in `values` so far.
   */
  private initialElements(expr: string, v: string, i: number, self: string, values: number[], line: number): string {
    return expr.replace(/(?<![a-z0-9_%])([a-z][a-z0-9_]*)\(([^()]*)\)(?!\s*%)/g, (whole, name: string, sub: string) => {
      const a = this.arrays.get(name);
      if (a === undefined || a.scalar || a.length === undefined || a.shape !== undefined || this.plain.has(name)) return whole;
      const e = evalInt(sub, (x) => (x === v ? i : this.constant(x, line)), line);
      if (e < 1 || e > a.length) throw new SourceError(line, `${name}(${e}) is outside 1..${a.length}`);
      const x = name === self ? values[e - 1]! : Array.isArray(a.init) ? a.init[e - 1]! : (a.init ?? 0);
      return `(${x})`;
    });
  }

  /** Whether `ref` (`a`, `c%x`, `cs(2)%x`) is storage no pointer of the program can name: no pointer array, no pointer component. */
  private unaliased(ref: string): boolean {
    const root = ref.split(/[(%]/)[0]!;
    if (this.plain.has(root) || this.aliases.has(root) || this.arrays.get(root)?.kind === 'pointer') return false;
    const member = /%([a-z][a-z0-9_]*)$/.exec(ref)?.[1];
    if (member === undefined) return !ref.includes('(');
    const type = this.structs.get(root)?.type;
    return type !== undefined && (!type.pointers.includes(member) || type.allocatable.includes(member));
  }

  /**
   * The program's data that host code passed over reads (a check `if (any(a /= 1))`, a loop `if
   * (c%x(i) /= i) stop`): a host read of each, at the head's line, so the values the check looks at
   * are observations too. In a loop, `x(i)` is the elements the loop runs over; any other use of
   * an object reads it whole. Returns the note for the passed-over entry.
   */
  private checkReads(stmts: Statement[], head: Statement, loop: { v: string; lo: number; hi: number } | null): string {
    const refs: string[] = [];
    for (const t of stmts) {
      // strings and the arguments of runtime routines (read as routine steps, not as host reads) out
      let text = t.text.toLowerCase().replace(/\s+/g, '').replace(/"[^"]*"|'[^']*'/g, '""');
      for (let m = /\b(acc|omp)_[a-z_]+\(/.exec(text); m !== null; m = /\b(acc|omp)_[a-z_]+\(/.exec(text)) {
        const open = m.index + m[0].length - 1;
        text = `${text.slice(0, m.index)}0${text.slice(open + balanced(text, open, t.line).length + 2)}`;
      }
      for (const m of text.matchAll(/(?<![a-z0-9_%])[a-z][a-z0-9_]*/g)) {
        const root = m[0];
        if (!this.isData(root) || this.buffers.has(root) || this.copies.has(root) || this.aliases.has(root)) continue;
        // what follows the name: an element's subscript `(k)` and a component `%x`, then a subscript
        const rest = /^(\([^()]*\))?(%[a-z][a-z0-9_]*)?(\([^()]*\))?/.exec(text.slice(m.index + root.length))!;
        const [sub1, member, sub2] = [rest[1], rest[2], rest[3]];
        const subscript = member === undefined ? sub1 : sub2;
        const base = member === undefined ? root : `${root}${this.structs.get(root)?.count !== undefined ? (sub1 ?? '') : ''}${member}`;
        let ref: string;
        try {
          ref = loop !== null && subscript === `(${loop.v})` ? this.kernelRef(base, loop.lo, loop.hi, t.line) : this.dataRef(base, t.line);
        } catch {
          ref = this.dataRef(root, t.line);
        }
        if (!refs.includes(ref)) refs.push(ref);
      }
    }
    for (const ref of refs) this.push(head, { op: 'host_read', var: ref });
    return refs.length === 0 ? '' : `; its reads of ${refs.join(', ')} are host reads`;
  }

  /** Whether a name is an object of the program (an array, a scalar variable or a struct; not a constant scalar). */
  private isData(name: string): boolean {
    return this.arrays.has(name) || this.structs.has(name);
  }

  /** `x = v` on the host: an initial value before the first step, a host write after it. */
  private assignment(s: Statement, lhs: string, rhs: string): void {
    const root = lhs.split(/[(%]/)[0]!;
    if (this.scalars.has(root) || this.params.has(root)) {
      if (lhs === root && this.fixed.has(root)) this.fixScalar(root, rhs, s.line);
      this.pass(s, 'scalar assignment');
      return;
    }
    if (!this.isData(root)) {
      this.pass(s, 'not read');
      return;
    }
    // `res = a`, `res(1:4) = c%p(2:5)` into an array no step has named: the host reads data into
    // a result buffer
    const ref = rhs.replace(/\s/g, '');
    const from = /^[a-z][a-z0-9_]*/.exec(ref)?.[0];
    const readsData = from !== undefined && from !== root && this.isData(from) && !this.buffers.has(from) && /^[a-z][a-z0-9_%():,]*$/.test(ref);
    if (readsData && (this.buffers.has(root) || this.copies.has(root))) {
      this.buffers.add(root);
      this.sinks.set(root, [...(this.sinks.get(root) ?? []), s.line]);
      this.push(s, { op: 'host_read', var: this.dataRef(ref, s.line) });
      return;
    }
    if (this.buffers.has(root) || this.copies.has(root)) {
      this.pass(s, `fills the result buffer ${root}`);
      return;
    }
    this.routineCalls(s, rhs);
    // `x = x + e` (`a(2) = a(2) - 1`): an add of e to what the elements hold (lang/program.ts HostWrite add)
    const added = addendOf(rhs, lhs);
    // `b = a`, `b(1:4) = a(2:5) + 1`, `x = y`: a copy (lang/program.ts HostWrite from)
    const what = `${lhs} = ${rhs.trim()}`;
    const copy = this.copyTerm(added ?? rhs, null, s.line, what);
    if (copy) {
      this.copyWrite(lhs, s.line, what);
      let value: number;
      try {
        value = evalInt(integralReals(copy.rest), (n) => this.constant(n, s.line), s.line);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        throw new SourceError(s.line, `${what}: a host copy adds a constant integer value to what it reads (b = a + 1)`);
      }
      this.store(s, lhs, { value, ...(added === null ? {} : { add: true }), from: copy.from }, what);
      return;
    }
    if (added !== null) {
      let value: number;
      try {
        value = evalInt(integralReals(added), (n) => this.constant(n, s.line), s.line);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        throw new SourceError(s.line, `${lhs} = ${rhs.trim()}: a host add to the program's data is read only with a constant integer value`);
      }
      this.store(s, lhs, { value, add: true });
      return;
    }
    const list = /^\[(.*)\]$|^\(\/(.*)\/\)$/.exec(rhs.trim());
    let value: number | number[];
    try {
      value = list ? splitTopLevel(list[1] ?? list[2]!, ',').map((v) => evalInt(integralReals(v), (n) => this.constant(n, s.line), s.line)) : evalInt(integralReals(rhs), (n) => this.constant(n, s.line), s.line);
    } catch (e) {
      if (e instanceof DataScalarUse || (e instanceof SourceError && list)) throw e;
      throw new SourceError(s.line, `${lhs} = ${rhs.trim()}: a host assignment to the program's data is read only with a constant integer value`);
    }
    this.store(s, lhs, { value });
  }

  /**
   * Elements of `lhs` (a reference as the source writes it) written on the host, one value or a
   * ramp (`by`: element k gets value + k * by), or that much added (`add`): the initial value of an
   * array or a component before the first directive or routine (an add only where the program set
   * that value above), else a host_write.
   */
  private store(s: Statement, lhs: string, w: { value: number | number[]; by?: number; add?: true; from?: string }, what = lhs): void {
    const root = lhs.split(/[(%]/)[0]!;
    // before the first directive or routine (pointer assignments aside, which leave data as it is)
    // an assignment is the initial value of an array or a component
    // (and declares of other data, whose copies are made at program start)
    const declares = (step: Record<string, unknown>) => (step.clauses as { vars: string[] }[]).some((c) => c.vars.some((v) => v.split(/[(%]/)[0] === root));
    const untouched = this.steps.every(({ step }) => step.op === 'pointer_assign' || step.op === 'nullify' || ((step.op === 'acc_declare' || step.op === 'omp_declare_target') && !declares(step)));
    const { value, by, add, from } = w;
    if (from !== undefined) {
      if (Array.isArray(value)) throw new Error('internal: a copy of a list');
      if (untouched) {
        this.initialCopy(lhs, { value, by: by ?? 0, add: add === true, from }, s.line, what);
        return;
      }
      const ref = this.dataRef(lhs, s.line);
      this.checkCopy(ref, from, s.line, what);
      this.push(s, { op: 'host_write', var: ref, value, ...(by === undefined ? {} : { by }), ...(add ? { add: true } : {}), from });
      return;
    }
    if (add) {
      if (Array.isArray(value)) throw new Error('internal: an add of a list');
      if (untouched && !this.initialAdd(lhs, { value, ...(by === undefined ? {} : { by }) }, s.line))
        throw new SourceError(s.line, `${lhs}: an add before the first directive is read only into an array or a component whose values the program set above it`);
      if (!untouched) this.push(s, { op: 'host_write', var: this.dataRef(lhs, s.line), value, ...(by === undefined ? {} : { by }), add: true });
      return;
    }
    const length = by === undefined ? null : this.sizeOf(lhs);
    const initial = by === undefined ? value : length === null ? null : Array.from({ length }, (_, k) => (value as number) + k * by);
    // `a(:) = v` is all of a, as `a = v`
    if (untouched && initial !== null && this.initialValue(lhs.replace(/\(:\)$/, ''), initial, s.line)) return;
    if (Array.isArray(value)) throw new SourceError(s.line, `${lhs} = [...]: after the first directive a host assignment writes one value`);
    this.push(s, { op: 'host_write', var: this.dataRef(lhs, s.line), value, ...(by === undefined ? {} : { by }) });
  }

  /**
   * A copy before any step (`b = a + 1`, a host loop `b(i) = a(i)`): element k of `lhs` gets value +
   * k * by plus element k of `from` (a language reference), more than it held with `add`, in the
   * initial values (all of `from` read first, as a copy does). Both are arrays (or sections of
   * arrays) or scalar variables of the program.
   */
  private initialCopy(lhs: string, w: { value: number; by: number; add: boolean; from: string }, line: number, what: string): void {
    const section = (ref: string): { name: string; lo: number; hi: number; values: number[] } => {
      const m = /^([a-z][a-z0-9_]*)(?:\(([^()%,]*)\))?$/.exec(ref.replace(/\s/g, ''));
      const a = m ? this.arrays.get(m[1]!) : undefined;
      if (!m || a === undefined || a.length === undefined || a.shape !== undefined || this.plain.has(m[1]!))
        throw new SourceError(line, `${what}: before the first directive a copy is read into and from arrays and scalar variables of the program`);
      const c = (t: string) => evalInt(t, (n) => this.constant(n, line), line);
      const parts = (m[2] ?? ':').split(':');
      const lo = parts[0] === '' ? 1 : c(parts[0]!);
      const hi = parts.length === 1 ? lo : parts[1] === '' ? a.length : c(parts[1]!);
      if (lo < 1 || hi > a.length || lo > hi) throw new SourceError(line, `${ref}: (${lo}:${hi}) is outside ${m[1]}(1:${a.length})`);
      return { name: m[1]!, lo, hi, values: Array.isArray(a.init) ? [...a.init] : Array<number>(a.length).fill(a.init ?? 0) };
    };
    const [dst, src] = [section(lhs), section(w.from)];
    this.checkCopy(`${dst.name}(${dst.lo}:${dst.hi})`, `${src.name}(${src.lo}:${src.hi})`, line, what);
    const a = this.arrays.get(dst.name)!;
    if (w.add && a.init === undefined) throw new SourceError(line, `${what}: an add before the first directive needs the values of ${dst.name} set above it`);
    for (let k = 0; k <= dst.hi - dst.lo; k++) {
      const x = w.value + k * w.by + src.values[src.lo - 1 + k]!;
      dst.values[dst.lo - 1 + k] = w.add ? dst.values[dst.lo - 1 + k]! + x : x;
    }
    a.init = a.scalar || dst.values.every((x) => x === dst.values[0]) ? dst.values[0]! : dst.values;
  }

  /**
   * An add to `lhs` (`a`, `a(3:6)`, `c%arr`, `c%arr(2:3)`) before any step: element k of it gets
   * value + k * by more in the initial values of the array or the component; false where it has
   * none set (no initial value, a pointer's target, a rank-2 array, an array of structs).
   */
  private initialAdd(lhs: string, w: { value: number; by?: number }, line: number): boolean {
    const m = /^([a-z][a-z0-9_]*)(?:%([a-z][a-z0-9_]*))?(?:\((\d+):(\d+)\))?$/.exec(lhs);
    if (!m) return false;
    const [, root, member, lo, hi] = m;
    let current: number | number[] | undefined;
    let length: number;
    let set: (v: number | number[]) => void;
    if (member === undefined) {
      const a = this.arrays.get(root!);
      if (a === undefined || this.plain.has(root!) || a.length === undefined || a.shape !== undefined) return false;
      [current, length, set] = [a.init, a.length, (v) => (a.init = v)];
    } else {
      const st = this.structs.get(root!);
      const decl = st?.type.fields.find((f) => f.name === member);
      if (st === undefined || decl === undefined || st.count !== undefined) return false;
      [current, length, set] = [st.fieldInit.get(member), decl.length ?? 1, (v) => st.fieldInit.set(member, v)];
    }
    if (current === undefined) return false;
    const [first, last] = lo === undefined ? [1, length] : [Number(lo), Number(hi)];
    if (first < 1 || last > length) throw new SourceError(line, `${lhs} is outside ${root}${member === undefined ? '' : `%${member}`}(1:${length})`);
    const values = Array.isArray(current) ? [...current] : Array<number>(length).fill(current);
    for (let e = first; e <= last; e++) values[e - 1] = values[e - 1]! + w.value + (e - first) * (w.by ?? 0);
    set(values.every((x) => x === values[0]) ? values[0]! : values);
    return true;
  }

  /** `a = v`, `a = [...]`, `c%n = v`, `c%arr = [...]` before any step: the initial value; false when `lhs` is none of those. */
  private initialValue(lhs: string, value: number | number[], line: number): boolean {
    const a = this.arrays.get(lhs);
    const size = (n: number) => {
      if (Array.isArray(value) && value.length !== n) throw new SourceError(line, `${value.length} values for the ${n} elements of ${lhs}`);
    };
    if (a !== undefined && !this.plain.has(lhs)) {
      if (a.length === undefined) throw new SourceError(line, `${lhs} is assigned before it is allocated`);
      size(a.length);
      a.init = value;
      return true;
    }
    const field = /^([a-z][a-z0-9_]*)%([a-z][a-z0-9_]*)$/.exec(lhs);
    const st = field ? this.structs.get(field[1]!) : undefined;
    const decl = st?.type.fields.find((f) => f.name === field![2]);
    if (st === undefined || decl === undefined || st.count !== undefined) return false;
    size(decl.length ?? 1);
    st.fieldInit.set(decl.name, value);
    return true;
  }

  /** print / write items that name the program's data: host reads; the rest is passed over. */
  private hostReads(s: Statement, items: string): void {
    let read = false;
    for (const item of splitTopLevel(items, ',')) {
      const ref = item.replace(/\s/g, '');
      const root = ref.split(/[(%]/)[0]!;
      if (/^[a-z]/.test(ref) && this.isData(root) && !this.buffers.has(root) && /^[a-z][a-z0-9_%():]*$/.test(ref)) {
        this.push(s, { op: 'host_read', var: this.dataRef(ref, s.line) });
        read = true;
        continue;
      }
      // a scalar variable's value in an expression (`x + 1`): a read of it
      for (const m of ref.replace(/"[^"]*"|'[^']*'/g, '""').matchAll(/(?<![a-z0-9_%])[a-z][a-z0-9_]*/g)) {
        if (!this.isScalar(m[0])) continue;
        this.push(s, { op: 'host_read', var: this.dataRef(m[0], s.line) });
        read = true;
      }
    }
    if (!read) this.pass(s, 'output');
  }

  /**
   * The runtime routines of a statement: `call acc_*(x)` and the device memory subroutines, and
   * anywhere in it the query and device memory functions (`acc_is_present(x)`, `acc_deviceptr(x)`,
   * `omp_target_is_present(c_loc(x), dev)`, `omp_target_memcpy(…)`), each name read through the
   * program's C bindings (`acc_free_c` bound to `acc_free`).
   */
  private routineCalls(s: Statement, lower: string): void {
    const call = /^call ([a-z][a-z0-9_]*) ?\((.*)\)$/.exec(lower);
    const called = call === null ? undefined : this.routine(call[1]!);
    if (call && DEVICE_SUBROUTINES.has(called!)) {
      this.deviceSubroutine(s, called!, splitTopLevel(call[2]!, ','));
      return;
    }
    if (call && called!.startsWith('acc_')) {
      const name = ACC_DATA_ROUTINES[called!] ?? called!;
      const list = splitTopLevel(call[2]!, ',');
      const data = Object.values(ACC_DATA_ROUTINES);
      const attach = ['acc_attach', 'acc_detach', 'acc_detach_finalize'];
      const update = ['acc_update_self', 'acc_update_device'];
      if (![...data, ...attach, ...update].includes(name)) throw new SourceError(s.line, `call ${call[1]}: this routine is not imported`);
      if (called !== call[1]) throw new SourceError(s.line, `call ${call[1]}: ${called} through its C binding is not imported; call ${called}(var) of the openacc module`);
      if (list.length !== 1) throw new SourceError(s.line, `call ${name}: only the one-argument form ${name}(var) is imported`);
      this.useApi('openacc', s.line);
      const ref = list[0]!.replace(/\s/g, '');
      if (update.includes(name)) {
        // the routine copies the data as the update directive's self / device clause does (OpenACC
        // 3.3 §3.2.20); for a pointer component's target the directive also writes the pointer
        // (model/acc/update.ts), the routine not: that case is refused
        const v = this.dataRef(ref, s.line);
        if (name === 'acc_update_device' && v.includes('%')) throw new SourceError(s.line, `call ${name}(${ref}) of a component is not imported: the update directive mapcheck reads it as also writes the pointer`);
        this.push(s, { op: 'acc_update', clauses: [{ clause: name === 'acc_update_self' ? 'self' : 'device', vars: [v] }] });
        return;
      }
      if (data.includes(name)) this.push(s, { op: name, var: this.dataRef(ref, s.line) });
      else this.push(s, { op: name, ptr: this.pointerRef(ref, s.line) });
      return;
    }
    for (const m of lower.matchAll(/\b([a-z][a-z0-9_]*) ?\(/g)) {
      const name = this.routine(m[1]!);
      if (!/^(acc|omp)_/.test(name)) continue;
      const open = m.index + m[0].length - 1;
      const list = splitTopLevel(balanced(lower, open, s.line), ',');
      if (name === 'omp_target_is_present') {
        if (list.length !== 2) throw new SourceError(s.line, 'omp_target_is_present takes 2 arguments (c_loc(x), device)');
        this.useApi('openmp', s.line);
        this.push(s, { op: name, ptr: this.ptrArg(list[0]!, s.line), device: this.deviceArg(list[1]!, s.line) });
      } else if ((name === 'acc_is_present' || name === 'acc_deviceptr') && name === m[1] && !this.isAddress(list[0] ?? '')) {
        // acc_is_present(a, len): len bytes from a's first byte (OpenACC 3.3 §3.2.25)
        if (list.length !== 1 && !(name === 'acc_is_present' && list.length === 2)) throw new SourceError(s.line, `${name}: only the form ${name}(var${name === 'acc_is_present' ? '[, len]' : ''}) is imported`);
        this.useApi('openacc', s.line);
        const ref = list[0]!.replace(/\s/g, '');
        const bytes = list[1] === undefined ? undefined : this.byteCount(list[1], s.line);
        this.push(s, { op: name, var: this.dataRef(ref, s.line), ...(bytes === undefined ? {} : { bytes }) });
      } else if (name === 'acc_deviceptr') {
        if (list.length !== 1) throw new SourceError(s.line, `${m[1]} takes 1 argument here`);
        this.useApi('openacc', s.line);
        this.push(s, { op: name, var: this.objectFrom(this.hostPlace(list[0]!, s.line, true), s.line) });
      } else if (DEVICE_FUNCTIONS.has(name)) this.deviceFunction(s, name, list);
      // an allocation, or acc_copyin / acc_create through a C binding (as subroutines of the
      // openacc module they are `call` statements, read above)
      else if (name === 'acc_malloc' || name === 'omp_target_alloc' || (KEPT_DATA_ROUTINES[name] !== undefined && name !== m[1]))
        throw new SourceError(s.line, `${m[1]}: its result is kept in a type(c_ptr) variable (h = ${m[1]}(…)), which later calls pass on`);
      else if (name === 'acc_is_present')
        throw new SourceError(s.line, `${m[1]}: acc_is_present is imported as acc_is_present(var[, len]) of the openacc module`);
      else if (UNMODELLED_DEVICE_ROUTINES.test(name) || DEVICE_SUBROUTINES.has(name))
        throw new SourceError(s.line, `${m[1]}: this device memory routine is not ${DEVICE_SUBROUTINES.has(name) ? 'called as a function' : 'modelled'} (lang/README.md "Device memory routines in Fortran" lists those that are)`);
      else if (call !== null && m.index === 5 && name.startsWith('omp_') && name !== 'omp_target_is_present')
        throw new SourceError(s.line, `call ${m[1]}: this routine is not imported`);
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Device memory (lang/README.md "Device memory routines in Fortran")

  /** Whether a routine argument is a host address (`c_loc(x)`, `transfer(loc(x), c_null_ptr)`, moved on by bytes or not) rather than the data itself. */
  private isAddress(text: string): boolean {
    const t = text.trim().toLowerCase();
    return /^(c_loc|transfer|c_null_ptr)\b/.test(t) || this.byteAdders.has(/^([a-z][a-z0-9_]*)\s*\(/.exec(t)?.[1] ?? '');
  }

  /** The routine a name calls: the C routine an interface binds it to (`acc_malloc_c`), or the name itself. */
  private routine(name: string): string {
    return this.bindings.get(name) ?? name;
  }

  /**
   * What the device memory routines need before reading: the C bindings of interface blocks
   * (`function acc_malloc_c(n) bind(C, name="acc_malloc")`), the functions after `contains` that move
   * a c_ptr on by bytes (`plus_bytes = transfer(transfer(p, 0_c_intptr_t) + n, p)`), and the
   * type(c_ptr) variables assigned a device pointer routine's result (`h = omp_target_alloc(…)`).
   */
  private findDeviceMemory(): void {
    const cPointers = new Set<string>();
    let contains = false;
    for (const [k, s] of this.stmts.entries()) {
      if (s.directive) continue;
      const t = s.text.toLowerCase().replace(/\s+/g, ' ').trim();
      if (t === 'contains') contains = true;
      const bound = /\b(?:function|subroutine) ([a-z][a-z0-9_]*) ?\(.*\bbind ?\( ?c ?, ?name ?= ?["']([a-z_][a-z0-9_]*)["'] ?\)/.exec(t);
      if (bound && /^(acc|omp)_/.test(bound[2]!)) this.bindings.set(bound[1]!, bound[2]!);
      const decl = /^type ?\( ?c_ptr ?\) ?(?:,[^:]*)?:: ?(.*)$/.exec(t);
      if (decl) for (const e of splitTopLevel(decl[1]!, ',')) cPointers.add(e.split(/[(=]/)[0]!.trim());
      const adder = contains ? /^type ?\( ?c_ptr ?\) ?function ([a-z][a-z0-9_]*) ?\(([^)]*)\)$/.exec(t) : null;
      if (adder) {
        const params = adder[2]!.split(',').map((x) => x.trim());
        for (let j = k + 1; j < this.stmts.length && !/^end\s*function\b/i.test(this.stmts[j]!.text.trim()); j++) {
          const m = /^([a-z][a-z0-9_]*)=(.*)$/.exec(this.stmts[j]!.text.toLowerCase().replace(/\s/g, ''));
          const moved = m?.[1] === adder[1] ? transferMoved(m![2]!) : null;
          const [ptr, bytes] = moved === null ? [-1, -1] : [params.indexOf(moved.base), params.indexOf(moved.bytes)];
          if (ptr >= 0 && bytes >= 0) this.byteAdders.set(adder[1]!, { ptr, bytes });
        }
      }
    }
    for (const s of this.stmts) {
      const m = s.directive ? null : /^([a-z][a-z0-9_]*)\s*=\s*([a-z][a-z0-9_]*)\s*\(/.exec(s.text.toLowerCase().trim());
      if (m && cPointers.has(m[1]!) && DEVICE_POINTER_ROUTINES.has(this.routine(m[2]!))) this.devicePointers.set(m[1]!, undefined);
    }
  }

  /**
   * `h = acc_malloc(bytes)`, `h = omp_target_alloc(bytes, dev)`, `h = acc_deviceptr(a)`, `h =
   * acc_copyin_c(c_loc(a), bytes)`, `h = c_null_ptr`: what type(c_ptr) variable `h` holds from here
   * on (the step's `result`, named after it: h, then h_2, …).
   */
  private deviceStore(s: Statement, name: string, rhs: string): void {
    const { line } = s;
    const r = rhs.replace(/\s/g, '');
    if (r === 'c_null_ptr') {
      this.devicePointers.set(name, null);
      this.pass(s, `${name} holds no device memory`);
      return;
    }
    const call = /^([a-z][a-z0-9_]*)\((.*)\)$/.exec(r);
    const routine = call === null ? undefined : this.routine(call[1]!);
    if (call === null || !DEVICE_POINTER_ROUTINES.has(routine!) || wholeCall(r, call[1]!) === null)
      throw new SourceError(line, `${name} = ${rhs.trim()}: a type(c_ptr) variable that holds device memory is assigned the result of ${DEVICE_POINTER_LIST}, or c_null_ptr`);
    const args = splitTopLevel(call[2]!, ',');
    const arity = routine === 'acc_malloc' || routine === 'acc_deviceptr' ? 1 : 2;
    if (args.length !== arity) throw new SourceError(line, `${call[1]} takes ${arity} argument${arity === 1 ? '' : 's'} here`);
    let step: Record<string, unknown>;
    if (routine === 'omp_target_alloc') {
      this.useApi('openmp', line);
      step = { op: routine, bytes: this.byteCount(args[0]!, line), device: this.deviceArg(args[1]!, line) };
    } else {
      this.useApi('openacc', line);
      if (routine === 'acc_malloc') step = { op: routine, bytes: this.byteCount(args[0]!, line) };
      else if (routine === 'acc_deviceptr') step = { op: routine, var: this.objectFrom(this.hostPlace(args[0]!, line, true), line) };
      else step = { op: KEPT_DATA_ROUTINES[routine!]!, var: this.hostSection(this.hostPlace(args[0]!, line, true), this.byteCount(args[1]!, line), line) };
    }
    const result = this.handleFor(name);
    this.push(s, { ...step, result });
    this.devicePointers.set(name, result);
  }

  /** The device memory routines called as subroutines (OpenACC 3.3 §3.2.17, §3.2.21-§3.2.22, §3.2.26-§3.2.27; OpenMP 6.0 §25.4). */
  private deviceSubroutine(s: Statement, name: string, args: string[]): void {
    const { line } = s;
    const want = (n: number) => {
      if (args.length !== n) throw new SourceError(line, `call ${name} takes ${n} argument${n === 1 ? '' : 's'}`);
    };
    this.useApi(name.startsWith('acc_') ? 'openacc' : 'openmp', line);
    switch (name) {
      case 'acc_free':
        want(1);
        this.push(s, { op: name, ptr: this.deviceArgument(name, args[0]!, line) });
        return;
      case 'acc_map_data':
        want(3);
        this.push(s, { op: name, var: this.hostSection(this.hostPlace(args[0]!, line, true), this.byteCount(args[2]!, line), line), dev: this.deviceArgument(name, args[1]!, line) });
        return;
      case 'acc_unmap_data':
        want(1);
        this.push(s, { op: name, var: this.objectFrom(this.hostPlace(args[0]!, line, true), line) });
        return;
      case 'acc_memcpy_to_device':
      case 'acc_memcpy_from_device': {
        want(3);
        const [dev, host] = name === 'acc_memcpy_to_device' ? [args[0]!, args[1]!] : [args[1]!, args[0]!];
        this.push(s, { op: name, var: this.hostSection(this.hostPlace(host, line, true), this.byteCount(args[2]!, line), line), dev: this.deviceArgument(name, dev, line) });
        return;
      }
      default:
        want(2);
        this.push(s, { op: name, ptr: this.deviceArgument(name, args[0]!, line), device: this.deviceArg(args[1]!, line) });
    }
  }

  /** The OpenMP device memory functions (OpenMP 6.0 §25.2.2-§25.2.3, §25.5-§25.7.1), read where an expression calls them. */
  private deviceFunction(s: Statement, name: string, args: string[]): void {
    const { line } = s;
    const arity: Record<string, number> = { omp_target_associate_ptr: 5, omp_target_disassociate_ptr: 2, omp_get_mapped_ptr: 2, omp_target_is_accessible: 3, omp_target_memcpy: 7 };
    if (args.length !== arity[name]) throw new SourceError(line, `${name} takes ${arity[name]} arguments`);
    this.useApi('openmp', line);
    const [a, b, c, d, e, f, g] = args as [string, string, string, string, string, string, string];
    if (name === 'omp_target_associate_ptr')
      this.push(s, { op: name, host: this.ptrArg(a, line), dev: this.deviceArgument(name, b, line), bytes: this.byteCount(c, line), offset: this.byteCount(d, line), device: this.deviceArg(e, line) });
    else if (name === 'omp_target_is_accessible') this.push(s, { op: name, ptr: this.ptrArg(a, line), bytes: this.byteCount(b, line), device: this.deviceArg(c, line) });
    else if (name === 'omp_target_memcpy')
      this.push(s, {
        op: name,
        dst: this.ptrArg(a, line),
        src: this.ptrArg(b, line),
        bytes: this.byteCount(c, line),
        dst_offset: this.byteCount(d, line),
        src_offset: this.byteCount(e, line),
        dst_device: this.deviceArg(f, line),
        src_device: this.deviceArg(g, line),
      });
    else this.push(s, { op: name, ptr: this.ptrArg(a, line), device: this.deviceArg(b, line) });
  }

  /** A byte count or offset: a constant integer expression (`32_c_size_t`, `int(n * 4, c_size_t)`). */
  private byteCount(text: string, line: number): number {
    return evalInt(text, (n) => this.constant(n, line), line);
  }

  /** `plus_bytes(p, n)` (a function after `contains` that moves a c_ptr on) or its body written out: p and the byte count; null for anything else. */
  private moved(text: string, line: number): { base: string; bytes: number } | null {
    const t = text.replace(/\s/g, '');
    const inline = transferMoved(t);
    if (inline !== null) return { base: inline.base, bytes: this.byteCount(inline.bytes, line) };
    const name = /^([a-z][a-z0-9_]*)\(/.exec(t)?.[1];
    const adder = name === undefined ? undefined : this.byteAdders.get(name);
    const args = adder === undefined ? null : wholeCall(t, name!);
    if (args === null) return null;
    const list = splitTopLevel(args, ',');
    if (list.length !== 2) throw new SourceError(line, `${name} takes 2 arguments`);
    return { base: list[adder!.ptr]!, bytes: this.byteCount(list[adder!.bytes]!, line) };
  }

  /** The handle a type(c_ptr) variable holds, or null; refused before its first assignment. */
  private heldHandle(name: string, line: number): string | null {
    const held = this.devicePointers.get(name);
    if (held === undefined) throw new SourceError(line, `${name} holds no device memory yet (give it the result of ${DEVICE_POINTER_LIST} first)`);
    return held;
  }

  /** A device memory argument: a type(c_ptr) variable given device memory, moved on by bytes or not, or c_null_ptr; anything else is refused. */
  private deviceArgument(routine: string, text: string, line: number): PtrArg {
    const t = text.replace(/\s/g, '');
    if (t === 'c_null_ptr') return null;
    const moved = this.moved(t, line);
    const name = moved?.base ?? t;
    if (this.devicePointers.has(name)) {
      const handle = this.heldHandle(name, line);
      if (handle === null && moved !== null && moved.bytes !== 0) throw new SourceError(line, `${text.trim()}: ${name} is c_null_ptr here; an offset from a null pointer is not imported`);
      if (handle === null) return null;
      return moved === null || moved.bytes === 0 ? { handle } : { handle, offset: moved.bytes };
    }
    const call = /^([a-z][a-z0-9_]*)\(/.exec(name)?.[1];
    if (call !== undefined && DEVICE_POINTER_ROUTINES.has(this.routine(call)))
      throw new SourceError(line, `${call}: its result is kept in a type(c_ptr) variable (h = ${call}(…)), which later calls pass on`);
    throw new SourceError(line, `${routine}(…, ${text.trim()}, …): expected device memory, a type(c_ptr) variable given the result of ${DEVICE_POINTER_LIST}`);
  }

  /** A pointer argument of an OpenMP routine: c_null_ptr, device memory the program keeps, or a host address (`c_loc(a(3))`), each moved on by bytes or not. */
  private ptrArg(text: string, line: number): PtrArg {
    const t = text.replace(/\s/g, '');
    if (t === 'c_null_ptr') return null;
    const moved = this.moved(t, line);
    const base = moved?.base ?? t;
    if (this.devicePointers.has(base) || base === 'c_null_ptr') return this.deviceArgument('', t, line);
    const place = this.hostPlace(base, line, false);
    if (place.kind === 'member') throw new SourceError(line, `${text.trim()}: the address of a pointer component's target is not imported here; name the array it points to`);
    const bytes = (moved?.bytes ?? 0) + place.start * ELEMENT_BYTES;
    return bytes === 0 ? { var: place.ref } : { var: place.ref, offset: bytes };
  }

  /**
   * A host address (`c_loc(a(3))`, `transfer(loc(x), c_null_ptr)`, moved on by `plus_bytes`; with
   * `bare`, the data itself as the Fortran bindings of OpenACC take it, `a(3)`): the object and the
   * element where it points.
   */
  private hostPlace(text: string, line: number, bare: boolean): HostPlace {
    const t = text.replace(/\s/g, '');
    const moved = this.moved(t, line);
    if (moved !== null) {
      const p = this.hostPlace(moved.base, line, false);
      if (moved.bytes % ELEMENT_BYTES !== 0) throw new SourceError(line, `${text.trim()}: an address inside an element (${moved.bytes} bytes on) is not imported`);
      return { ...p, start: p.start + moved.bytes / ELEMENT_BYTES };
    }
    if (t === 'c_null_ptr') throw new SourceError(line, 'c_null_ptr where host data is expected: mapcheck names the data (a disassociated pointer component is passed as itself)');
    const loc = wholeCall(t, 'c_loc') ?? (/^transfer\(loc\((.*)\),c_null_ptr\)$/.exec(t)?.[1] ?? null);
    if (loc === null && !bare) throw new SourceError(line, `${text.trim()}: expected a host address, c_loc(x)`);
    const ref = loc ?? t;
    const m = /^([a-z][a-z0-9_]*)(\(.*?\))?(?:%([a-z][a-z0-9_]*)(\(.*\))?)?$/.exec(ref);
    if (m === null) throw new SourceError(line, `${text.trim()}: expected the address of an array, an element, a derived-type variable or a component`);
    const [, root, sub, member, msub] = m as unknown as [string, string, string | undefined, string | undefined, string | undefined];
    const inner = (x: string | undefined) => (x === undefined ? undefined : x.slice(1, -1));
    const number = (x: string) => evalInt(x, (n) => this.constant(n, line), line);
    if (this.devicePointers.has(root)) throw new SourceError(line, `${text.trim()}: ${root} holds device memory; expected host data`);
    const a = this.arrays.get(root);
    if (a !== undefined) {
      if (this.plain.has(root)) throw new SourceError(line, `${text.trim()}: the address of a plain pointer's target is not imported; name the array it points to`);
      if (member !== undefined) throw new SourceError(line, `${text.trim()}: ${root} has no components`);
      this.uses.set(root, this.uses.get(root) ?? line);
      const subs = sub === undefined ? [] : splitTopLevel(inner(sub)!, ',');
      // a section passed as data (`call acc_memcpy_from_device(a(3:6), d, 16)`) starts at its first element
      if (loc !== null && subs.some((x) => x.includes(':'))) throw new SourceError(line, `${text.trim()}: c_loc of a section is not imported; name its first element`);
      const first = subs.map((x) => (x.includes(':') ? x.split(':')[0] || '1' : x));
      if (a.scalar && subs.length > 0) throw new SourceError(line, `${text.trim()}: ${root} is a scalar variable`);
      let start = 0;
      if (a.shape !== undefined && subs.length === 2) start = number(first[0]!) - 1 + (number(first[1]!) - 1) * a.shape[0];
      else if (subs.length === 1 && a.shape === undefined) start = number(first[0]!) - 1;
      else if (subs.length > 0) throw new SourceError(line, `${text.trim()}: ${root} has rank ${a.shape === undefined ? 1 : 2}`);
      return { ref: root, kind: 'array', start, length: a.length ?? null, shape: a.shape };
    }
    const st = this.structs.get(root);
    if (st === undefined) throw new SourceError(line, `${text.trim()}: ${root} is not data of the program`);
    this.uses.set(root, this.uses.get(root) ?? line);
    const element = sub === undefined ? '' : `(${number(inner(sub)!)})`;
    if (member === undefined) {
      if (msub !== undefined) throw new SourceError(line, `${text.trim()}: expected a component after %`);
      return { ref: `${root}${element}`, kind: 'struct', start: 0, length: null };
    }
    const field = st.type.fields.find((f) => f.name === member);
    if (field === undefined && !st.type.pointers.includes(member)) throw new SourceError(line, `${text.trim()}: type ${st.type.name} has no component ${member}`);
    const object = `${root}${element}%${member}`;
    // `p(lbound(p, 1))`, how emit names a remapped pointer's first element: element 1 of its target
    const at = msub === undefined ? undefined : inner(msub)!.split(`lbound(${object},1)`).join('1');
    if (loc !== null && at?.includes(':')) throw new SourceError(line, `${text.trim()}: c_loc of a section is not imported; name its first element`);
    const start = at === undefined ? 0 : number(at.includes(':') ? at.split(':')[0] || '1' : at) - 1;
    if (field !== undefined) return { ref: object, kind: 'array', start, length: field.length ?? 1 };
    return { ref: object, kind: 'member', start, length: this.sizeOf(object) };
  }

  /** `bytes` bytes from a host address, as whole elements: the data reference they make (`a(3:6)`, or `a` whole). */
  private hostSection(place: HostPlace, bytes: number, line: number): string {
    if (place.kind === 'struct') throw new SourceError(line, `${place.ref}: a derived-type variable is not imported here; name an array or a component`);
    if (bytes % ELEMENT_BYTES !== 0 || bytes < 0) throw new SourceError(line, `${bytes} bytes from ${place.ref}: not whole elements (4 bytes each in mapcheck)`);
    return this.elements(place, place.start, bytes / ELEMENT_BYTES, line);
  }

  /** The object from a host address on, as the routines that look up one address name it: whole from its start, one element inside it, empty one past its end. */
  private objectFrom(place: HostPlace, line: number): string {
    if (place.kind === 'struct') return this.dataRef(place.ref, line);
    const count = place.start === 0 && place.length !== null ? place.length : place.length !== null && place.start === place.length ? 0 : 1;
    return this.elements(place, place.start, count, line);
  }

  /** `count` elements of a place's object from element `start` (0-based) as a data reference. */
  private elements(place: HostPlace, start: number, count: number, line: number): string {
    const { ref, length, shape } = place;
    if (start === 0 && count === length) return this.dataRef(ref, line);
    if (shape === undefined) return this.dataRef(`${ref}(${start + 1}:${start + count})`, line);
    const [n1] = shape;
    if (count === 1) return this.dataRef(`${ref}(${(start % n1) + 1},${Math.floor(start / n1) + 1})`, line);
    if (start % n1 !== 0 || count % n1 !== 0) throw new SourceError(line, `${ref}: ${count} elements from element ${start + 1} are not whole columns of ${ref}(${shape.join(',')})`);
    return this.dataRef(`${ref}(1:${n1},${start / n1 + 1}:${(start + count) / n1})`, line);
  }

  protected deviceArg(text: string, line: number): number | 'initial' {
    const t = text.replace(/\s/g, '').toLowerCase();
    if (t === 'omp_get_initial_device()') return 'initial';
    if (t === 'omp_get_default_device()') return 0;
    const n = evalInt(t, (x) => this.constant(x, line), line);
    // a negative number is kept as written: the language reads device(-1) (omp_initial_device, K-B61)
    this.maxDevice = Math.max(this.maxDevice, n);
    return n;
  }

  // ------------------------------------------------------------------------------------------------
  // Directives

  private directive(k: number): number {
    const s = this.stmts[k]!;
    const d = parseDirective(s.directive!.api, s.directive!.text, s.line);
    this.useApi(d.api, s.line);
    if (d.api === 'openacc') return this.accDirective(k, d);
    return this.ompDirective(k, d);
  }

  private accDirective(k: number, d: DirectiveText): number {
    const s = this.stmts[k]!;
    const step = this.accDataStep(d, s.line);
    if (step !== null) {
      this.push(s, step);
      return k + 1;
    }
    switch (d.name) {
      case 'data':
        this.regions.push({ kind: 'data', line: s.line });
        this.push(s, { op: 'acc_data_begin', clauses: this.accClauses(d, ACC_REGION_CLAUSES, s.line) });
        return k + 1;
      case 'end data':
        if (this.regions.pop()?.kind !== 'data') throw new SourceError(s.line, 'end data closes no data region');
        this.push(s, { op: 'acc_data_end' });
        return k + 1;
      case 'parallel loop':
      case 'kernels loop':
      case 'serial loop':
      case 'parallel':
      case 'kernels':
      case 'serial':
        return this.kernel(k, d);
      case 'wait':
        this.pass(s, 'wait: every step is synchronous in mapcheck');
        return k + 1;
      default:
        throw new SourceError(s.line, `!$acc ${d.name} is not imported here`);
    }
  }

  private ompDirective(k: number, d: DirectiveText): number {
    const s = this.stmts[k]!;
    const step = this.ompDataStep(d, s.line);
    if (step !== null) {
      this.push(s, step);
      return k + 1;
    }
    switch (d.name) {
      case 'target data':
        this.regions.push({ kind: 'target data', line: s.line });
        this.push(s, { op: 'omp_target_data_begin', ...this.ompDevice(d, s.line), maps: this.ompMaps(d, s.line) });
        return k + 1;
      case 'end target data':
        if (this.regions.pop()?.kind !== 'target data') throw new SourceError(s.line, 'end target data closes no target data region');
        this.push(s, { op: 'omp_target_data_end' });
        return k + 1;
      default:
        if (isOmpTargetKernel(d.name)) return this.kernel(k, d);
        if (isOmpLoopOnly(d.name) || /^end (parallel|do|teams|distribute|simd|loop)/.test(d.name)) {
          this.pass(s, `!$omp ${d.name} on the host`);
          return k + 1;
        }
        throw new SourceError(s.line, `!$omp ${d.name} is not imported here`);
    }
  }

  protected listItems(list: string): string[] {
    return splitTopLevel(list, ',').map((v) => v.replace(/\s/g, '').toLowerCase());
  }

  protected rootOf(item: string): string {
    return item.split(/[(%]/)[0]!;
  }

  protected sentinel(api: 'openacc' | 'openmp'): string {
    return api === 'openacc' ? '!$acc' : '!$omp';
  }

  /** A pointer that aliases a component (`u => c%p`) names the component's target in a motion clause (OpenMP 6.0 §15.9). */
  protected override motionRef(text: string, line: number): string {
    return this.aliases.get(text) ?? this.dataRef(text, line);
  }

  /**
   * A compute construct and its kernel: the one `do` loop it holds (after nested loop directives)
   * with one assignment (loopStatement), or with 2 to 8, a kernel of several statements (lang/README.md
   * "Kernels of several statements"); without a loop, assignments to elements (elementKernel) or
   * scalar statements (scalarKernel). Returns the index after the construct (and its end directive,
   * if any).
   */
  private kernel(k: number, d: DirectiveText): number {
    const s = this.stmts[k]!;
    const elements = this.elementKernel(k, d);
    if (elements !== null) return elements;
    const scalar = this.scalarKernel(k, d);
    if (scalar !== null) return scalar;
    const combined = combinesLoop(d.api, d.name);
    let j = k + 1;
    while (j < this.stmts.length && this.stmts[j]!.directive && this.nestedLoopDirective(this.stmts[j]!)) j++;
    const loopHead = this.stmts[j];
    const m = loopHead && !loopHead.directive ? /^do\s+([a-z][a-z0-9_]*)\s*=\s*(.*)$/i.exec(loopHead.text) : null;
    if (!m) throw new SourceError(loopHead?.line ?? s.line, 'a compute construct is imported with one do loop as its kernel (do i = lo, hi; assignments; end do), or without a loop with assignments to elements or scalar variables');
    // the loop's statements, up to its end do
    const body: Statement[] = [];
    let e = j + 1;
    for (; e < this.stmts.length && !this.stmts[e]!.directive && !/^(end\s*do|do)\b/i.test(this.stmts[e]!.text); e++) body.push(this.stmts[e]!);
    const endDo = this.stmts[e];
    if (endDo === undefined) throw new SourceError(loopHead!.line, 'this do loop has no end do');
    if (endDo.directive) throw new SourceError(endDo.line, 'a directive inside the kernel loop is not imported (the kernel is one loop of assignments)');
    if (!/^end\s*do\b/i.test(endDo.text)) throw new SourceError(endDo.line, 'a loop inside the kernel loop is not imported (the kernel is one loop of assignments)');
    if (body.length === 0) throw new SourceError(loopHead!.line, 'the kernel loop holds no assignment');
    if (body.length > MAX_BLOCK_STATEMENTS)
      throw new SourceError(body[MAX_BLOCK_STATEMENTS]!.line, `the kernel loop holds ${body.length} statements: a kernel of several statements holds 2 to ${MAX_BLOCK_STATEMENTS}`);
    let next = e + 1;
    // the construct's end directive: required for a construct without loop, optional for a combined one
    const end = this.stmts[next];
    const endName = `end ${d.name}`;
    if (end?.directive && end.directive.api === d.api && parseDirective(d.api, end.directive.text, end.line).name === endName) next++;
    else if (!combined) {
      // nested loop directives may have their own end lines before the construct's end
      while (this.stmts[next]?.directive && /^end\b/i.test(this.stmts[next]!.directive!.text.trim()) && parseDirective(d.api, this.stmts[next]!.directive!.text, this.stmts[next]!.line).name !== endName) next++;
      const e = this.stmts[next];
      if (!e?.directive || parseDirective(d.api, e.directive.text, e.line).name !== endName) throw new SourceError(s.line, `!$${d.api === 'openacc' ? 'acc' : 'omp'} ${d.name} needs its ${endName} after the loop`);
      next++;
    }
    const [v, range] = [m[1]!.toLowerCase(), m[2]!];
    const bounds = splitTopLevel(range, ',');
    if (bounds.length !== 2) throw new SourceError(loopHead!.line, 'the kernel loop needs do i = lo, hi (no stride)');
    const [lo, hi] = bounds.map((b) => evalInt(b, (n) => this.constant(n, loopHead!.line), loopHead!.line)) as [number, number];
    const loop = { v, lo, hi };
    if (body.length === 1) {
      const { kernelBody, sink } = this.loopStatement(body[0]!, loop, false);
      this.push(s, this.kernelStep(d, s.line, kernelBody, sink));
      return next;
    }
    // a kernel of several statements: each a write (a copy, an add), element k of each iteration lo + k
    const writes = body.map((b) => this.loopStatement(b, loop, true).kernelBody);
    const conflict = loopConflict(
      'kernel',
      body.map((b, n) => ({ line: b.line, what: `the kernel's ${b.text.trim()}`, write: writes[n]!.write as string, ...(writes[n]!.from === undefined ? {} : { from: writes[n]!.from as string }) })),
      (ref) => refExtent(ref, (x) => this.sizeOf(x)),
      (base) => this.isScalar(base),
      (base) => this.aliasing(base),
    );
    if (conflict !== null) throw new SourceError(conflict.line, conflict.message);
    this.push(s, this.kernelStep(d, s.line, { writes }, undefined));
    return next;
  }

  /**
   * One assignment of a kernel loop over `loop`: `r(i) = X(i)` reads X into the result buffer r,
   * `X(i) = v` writes v (an add, a copy; lang/program.ts WriteBody). In a kernel of several
   * statements (`block`) every statement is a write: a result buffer written there is data (SinkUsed,
   * the program read again), and a pointer's elements are a section of it (validate.ts blockProblem).
   */
  private loopStatement(body: Statement, loop: { v: string; lo: number; hi: number }, block: boolean): { kernelBody: Record<string, unknown>; sink?: string } {
    const { v, lo, hi } = loop;
    const text = body.text.toLowerCase().replace(/\s+/g, '');
    const assign = /^(.+?)=(.+)$/.exec(text);
    // `x(i)`, `x(i + k)`, `x(i - k)`: the element of x the iteration touches, and k
    const element = (t: string): { x: string; k: number } | undefined => {
      const e = new RegExp(`^(${ELEMENT_OF})\\(${v}(?:([+-])(\\d+))?\\)$`).exec(t);
      return e ? { x: e[1]!, k: e[2] === undefined ? 0 : (e[2] === '-' ? -1 : 1) * Number(e[3]) } : undefined;
    };
    let kernelBody: Record<string, unknown>;
    let sink: string | undefined;
    const rhs = assign ? element(assign[2]!) : undefined;
    const lhs = assign ? element(assign[1]!) : undefined;
    const rhsElem = rhs?.x;
    const lhsElem = lhs?.x;
    // (a read into what looks like a result buffer is a copy where a step also uses that array: say so)
    const what = `the kernel's ${body.text.trim()}${lhsElem !== undefined && this.notBuffers.has(lhsElem) ? ` (a copy: ${lhsElem} is data another step uses, no result buffer)` : ''}`;
    // a scalar variable in a loop of one iteration (as mapcheck emit writes a scalar kernel): `x = v`,
    // `x = x + v` write it, `r(i) = x` reads it into the result buffer r
    const scalarLhs = assign !== null && this.isScalar(assign[1]!);
    const scalarRhs = assign !== null && lhsElem !== undefined && this.isScalar(assign[2]!) && lo === hi;
    // `r(i) = X(i)` (`r(i) = x`) reads X into the result buffer r, unless r is data a step also uses
    // (SinkUsed): then, as any other `Y(i) = X(i) + e`, it is a copy
    const reads = lhsElem !== undefined && lhs!.k === 0 && /^[a-z][a-z0-9_]*$/.test(lhsElem) && !this.notBuffers.has(lhsElem) && (rhsElem !== undefined || scalarRhs);
    if (block && reads)
      throw new SinkUsed(body.line, `${what}: in a kernel of several statements ${lhsElem} is written like the program's data, no result buffer`, lhsElem);
    if (scalarLhs && lo !== hi)
      throw new SourceError(body.line, `the kernel's ${body.text.trim()}: a loop of ${hi - lo + 1} iterations writing scalar variable ${assign![1]} is not imported (a kernel without a loop writes a scalar)`);
    if (scalarLhs) {
      const added = addendOf(assign![2]!, assign![1]!);
      const copy = this.copyTerm(added ?? assign![2]!, loop, body.line, what);
      let value: number;
      try {
        value = evalInt(integralReals(copy?.rest ?? added ?? assign![2]!), (n) => (n === v ? lo : this.constant(n, body.line)), body.line);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        throw new SourceError(body.line, `the kernel's ${body.text.trim()}: a kernel stores a constant into a scalar (or that plus another scalar variable or one element: x = y + 1) or adds one to it (x = 222, x = x + 1)`);
      }
      this.uses.set(assign![1]!, this.uses.get(assign![1]!) ?? body.line);
      if (copy) this.checkCopy(assign![1]!, copy.from, body.line, what);
      kernelBody = { write: assign![1]!, value, ...(added === null ? {} : { add: true }), ...(copy ? { from: copy.from } : {}) };
    } else if (reads && scalarRhs) {
      sink = lhsElem;
      if (this.isData(sink) && this.uses.has(sink)) throw new SinkUsed(body.line, `the kernel copies ${assign![2]} into ${sink}, which the program also maps or uses`, sink);
      this.buffers.add(sink);
      this.uses.set(assign![2]!, this.uses.get(assign![2]!) ?? body.line);
      kernelBody = { read: assign![2]! };
      this.sinks.set(sink, [...(this.sinks.get(sink) ?? []), body.line]);
    } else if (reads) {
      sink = lhsElem;
      if (this.isData(sink) && this.uses.has(sink)) throw new SinkUsed(body.line, `the kernel copies ${rhsElem} into ${sink}, which the program also maps or uses`, sink);
      kernelBody = { read: this.kernelRef(rhsElem!, lo + rhs!.k, hi + rhs!.k, body.line) };
      this.sinks.set(sink, [...(this.sinks.get(sink) ?? []), body.line]);
    } else if (assign && lhsElem !== undefined) {
      // element 0 of the reference is written at i = lo: the value there, and the step (loopWrite);
      // for `X(i) = X(i) + e`, what e adds there; `Y(i + k)` among the terms is a copy of Y
      const added = addendOf(assign[2]!, assign[1]!);
      const copy = this.copyTerm(added ?? assign[2]!, loop, body.line, what);
      if (copy) this.copyWrite(lhsElem, body.line, what);
      let f: Affine;
      try {
        f = evalAffine(integralReals(copy?.rest ?? added ?? assign[2]!), (n) => this.constant(n, body.line), body.line, v);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        if (copy) throw new SourceError(body.line, `${what}: a copy adds a constant or an affine function of ${v} to the element it reads (X(${v}) = Y(${v}) + 1, X(${v}) = Y(${v} + 1) + 2*${v})`);
        if (added !== null) throw new SourceError(body.line, `the kernel assigns ${assign[2]}: an add kernel adds a constant or an affine function of ${v} to the element it writes, or that plus one element of an array (X(${v}) = X(${v}) + 1, X(${v}) = X(${v}) - 2*${v}, X(${v}) = X(${v}) + Y(${v}))`);
        throw new SourceError(
          body.line,
          `the kernel assigns ${assign[2]}: a write kernel stores a constant or an affine function of ${v}, or that plus one element of an array (a copy), or adds one to the element it writes (X(${v}) = 7, X(${v}) = 2*${v} + 1, X(${v}) = Y(${v}) + 1, X(${v}) = X(${v}) + 1)`,
        );
      }
      const write = block ? this.blockRef(lhsElem, lo + lhs!.k, hi + lhs!.k, body.line) : this.kernelRef(lhsElem, lo + lhs!.k, hi + lhs!.k, body.line);
      if (copy) this.checkCopy(write, copy.from, body.line, what);
      kernelBody = { write, ...loopWrite(f, lo), ...(added === null ? {} : { add: true }), ...(copy ? { from: copy.from } : {}) };
    } else if (assign && new RegExp(`^[a-z][a-z0-9_]*\\(${v}\\)%`).test(assign[1]!))
      throw new SourceError(
        body.line,
        `the kernel's ${body.text.trim()}: the loop's index picks an element of an array of structs; a component of each element (a strided reference) is no reference mapcheck has (a loop writes X(${v}) or c%p(${v}))`,
      );
    else
      throw new SourceError(
        body.line,
        `the kernel's ${body.text.trim()}: a kernel loop holds assignments to an element of the loop's index (${block ? '' : `r(${v}) = X(${v}) reads X; `}X(${v}) = v writes v; X(${v}) = Y(${v}) + v copies Y; X(${v}) = X(${v}) + v adds v)`,
      );
    return { kernelBody, ...(sink === undefined ? {} : { sink }) };
  }

  /**
   * A compute construct without a loop whose statements assign elements of the program's data
   * (`a(3) = 5`, `c%p(1) = 2`, `b(2) = a(2) + 1`, `a(3) = a(3) + 1`), scalar variables among them
   * (`x = 1`): a write of the one element each (an element `a(3)` is the section `a(3:3)`), one
   * body or a kernel of several statements (SourceReader elementKernelStep). Returns the index after
   * the construct's end directive, or null where no statement assigns an element (scalarKernel, a
   * loop kernel).
   */
  private elementKernel(k: number, d: DirectiveText): number | null {
    const body = this.computeBody(k, d);
    if (body === null) return null;
    const element = new RegExp(`^(${ELEMENT_OF})\\(([^()]*)\\)=(?!=)(.+)$`);
    const parsed = body.stmts.map((st) => {
      const m = element.exec(st.text.toLowerCase().replace(/\s+/g, ''));
      return m !== null && this.isData(m[1]!.split(/[(%]/)[0]!) && !this.isScalar(m[1]!) ? { x: m[1]!, sub: m[2]!, rhs: m[3]! } : null;
    });
    if (parsed.every((p) => p === null)) return null;
    const stmts = body.stmts.map((st, n) => {
      const what = `the kernel's ${st.text.trim()}`;
      const p = parsed[n];
      if (p === null || p === undefined) {
        const scalar = this.scalarStatement(st);
        if (scalar?.write === undefined)
          throw new SourceError(st.line, `${what}: a compute construct without a loop is read when each of its statements assigns an element of the program's data or a scalar variable (a(3) = 5, c%p(1) = 2, x = 1)`);
        const w = scalar.write;
        this.uses.set(w.name, this.uses.get(w.name) ?? st.line);
        return { line: st.line, what, write: w.name, ...(w.from === undefined ? {} : { from: w.from }), body: { write: w.name, value: w.value, ...(w.add ? { add: true } : {}), ...(w.from === undefined ? {} : { from: w.from }) } };
      }
      const root = p.x.split(/[(%]/)[0]!;
      if (this.buffers.has(root) || this.copies.has(root)) throw new SinkUsed(st.line, `${what}: ${root} is written like the program's data, no result buffer`, root);
      const at = evalInt(p.sub, (x) => this.constant(x, st.line), st.line);
      const lhs = `${p.x}(${p.sub})`;
      const write = this.blockRef(p.x, at, at, st.line);
      const added = addendOf(p.rhs, lhs);
      const copy = this.copyTerm(added ?? p.rhs, null, st.line, what);
      if (copy) {
        this.copyWrite(p.x, st.line, what);
        this.checkCopy(write, copy.from, st.line, what);
      }
      let value: number;
      try {
        value = evalInt(integralReals(copy?.rest ?? added ?? p.rhs), (x) => this.constant(x, st.line), st.line);
      } catch (e) {
        if (e instanceof DataScalarUse || !(e instanceof SourceError)) throw e;
        throw new SourceError(st.line, `${what}: a kernel without a loop stores a constant into an element, or that plus one element of an array (a(3) = 5, b(3) = a(3) + 1), or adds one to it (a(3) = a(3) + 1)`);
      }
      return { line: st.line, what, write, ...(copy ? { from: copy.from } : {}), body: { write, value, ...(added === null ? {} : { add: true }), ...(copy ? { from: copy.from } : {}) } };
    });
    this.elementKernelStep(d, this.stmts[k]!.line, stmts, (ref) => refExtent(ref, (x) => this.sizeOf(x)), (base) => this.isScalar(base));
    return body.end;
  }

  /**
   * A compute construct without a loop whose statements use scalar variables (lang/program.ts
   * ArrayDecl scalar): `x = 222` writes the scalar, `x = x + 1` adds to it, `print *, x` reads each
   * scalar it prints; the steps are SourceReader scalarKernelSteps'. Returns the index after the
   * construct's end directive, or null when its statements are no such statements (a loop kernel).
   */
  private scalarKernel(k: number, d: DirectiveText): number | null {
    const s = this.stmts[k]!;
    const body = this.computeBody(k, d);
    if (body === null) return null;
    const actions = body.stmts.map((st) => this.scalarStatement(st));
    if (actions.every((a) => a === null)) return null;
    const other = body.stmts.find((_, n) => actions[n] === null);
    if (other !== undefined)
      throw new SourceError(other.line, `"${other.text.slice(0, 40)}": a compute construct without a loop is read when each of its statements writes a scalar variable (x = 222, x = x + 1) or prints scalars (print *, x)`);
    const stmts = actions.map((a) => a!);
    for (const st of stmts) for (const name of st.write ? [st.write.name] : st.reads!) this.uses.set(name, this.uses.get(name) ?? st.line);
    // a construct that only prints what is no data: no kernel mapcheck reads
    if (stmts.every((st) => st.reads?.length === 0)) return null;
    this.scalarKernelSteps(d, s.line, stmts);
    return body.end;
  }

  /** What one statement of a compute construct without a loop does to scalar variables (scalarKernel), or null for another statement. */
  private scalarStatement(st: Statement): ScalarStatement | null {
    const lower = st.text.toLowerCase().replace(/\s+/g, ' ').trim();
    const print = /^(?:print [^,]*|write ?\([^)]*\)) ?,? ?(.*)$/.exec(lower);
    if (print && /^(print|write)/.test(lower)) {
      const reads: string[] = [];
      for (const item of splitTopLevel(print[1] ?? '', ',')) {
        for (const m of item.replace(/"[^"]*"|'[^']*'/g, '""').matchAll(/(?<![a-z0-9_%])[a-z][a-z0-9_]*/g)) {
          if (this.isScalar(m[0])) {
            if (!reads.includes(m[0])) reads.push(m[0]);
          } else if (this.isData(m[0])) throw new SourceError(st.line, `a kernel's print of ${m[0]} is not imported: a compute construct without a loop reads scalar variables`);
        }
      }
      return { line: st.line, text: st.text, reads };
    }
    const m = /^([a-z][a-z0-9_]*) ?= ?([^=>].*)$/.exec(lower);
    if (!m || !this.isScalar(m[1]!)) return null;
    const [, name, rhs] = m;
    // `x = x + e`: e is what the kernel adds; `x = y + e` copies scalar variable y (or one element)
    const added = addendOf(rhs!, name!);
    const what = `the kernel's ${st.text.trim()}`;
    const copy = this.copyTerm(added ?? rhs!, null, st.line, what);
    if (copy) this.checkCopy(name!, copy.from, st.line, what);
    let value: number;
    try {
      value = evalInt(integralReals(copy?.rest ?? added ?? rhs!), (n) => this.constant(n, st.line), st.line);
    } catch (e) {
      if (!(e instanceof SourceError)) throw e;
      throw new SourceError(st.line, `${what}: a kernel without a loop stores a constant into a scalar, or that plus another scalar variable (x = 222, x = y + 1), or adds one to it (x = x + 1)`);
    }
    return { line: st.line, text: st.text, write: { name: name!, value, add: added !== null, ...(copy ? { from: copy.from } : {}) } };
  }

  /** Whether `name` is a scalar variable of the program (a scalar it uses as data). */
  private isScalar(name: string): boolean {
    return this.arrays.get(name)?.scalar === true;
  }

  protected override isScalarVariable(name: string): boolean {
    return this.isScalar(name);
  }

  /** A loop directive nested in a compute construct, before its loop (`!$acc loop`, `!$omp teams distribute parallel do`). */
  private nestedLoopDirective(s: Statement): boolean {
    const d = parseDirective(s.directive!.api, s.directive!.text, s.line);
    if (d.api === 'openacc' ? d.name !== 'loop' : !isOmpLoopOnly(d.name)) return false;
    for (const c of d.clauses) if (!SCHEDULING_CLAUSES.has(c.name)) throw new SourceError(s.line, clauseNotImported(c, 'a loop directive', false));
    return true;
  }

  /**
   * The copy in the value `expr` of a write (lang/program.ts WriteBody and HostWrite from,
   * lang/README.md "Copy kernels"): its one term that is data of the program, and `expr` without it
   * (to evaluate). In a loop over lo..hi the term is an element `y(i + k)` of an array, whose section
   * y(lo+k:hi+k) the loop reads, or a scalar variable where the loop runs once; without a loop, a
   * reference as written (`y`, `y(2:5)`, `y(3)`). Null where no term is data; refused (a SourceError
   * at `line`, its message starting with `what`) where the data is no array or scalar variable of
   * the program (a component, a pointer, a rank-2 array), is subtracted, or is two terms.
   */
  private copyTerm(expr: string, loop: { v: string; lo: number; hi: number } | null, line: number, what: string): { from: string; rest: string } | null {
    const shape = /^([a-z][a-z0-9_]*)(?:\(([^()]*)\))?(%[a-z][a-z0-9_]*(?:\([^()]*\))?)?$/;
    const terms = dataTerms(expr.replace(/\s+/g, ''), (t) => {
      const m = shape.exec(t);
      // a scalar variable is one element: a loop of several iterations reads no copy of it (nor its value as a constant: DataScalarUse)
      return m !== null && this.isData(m[1]!) && !this.buffers.has(m[1]!) && !(this.isScalar(m[1]!) && loop !== null && loop.lo !== loop.hi);
    });
    if (terms.length === 0) return null;
    const minus = terms.find((t) => !t.plus);
    if (minus !== undefined) throw new SourceError(line, `${what}: it subtracts ${minus.term}; a copy adds one element of an array to what it writes (X(i) = Y(i) + 1)`);
    if (terms.length > 1) {
      const roots = [...new Set(terms.map((t) => shape.exec(t.term)![1]!))];
      if (roots.length > 1) throw new SourceError(line, `${what}: it reads ${roots.join(' and ')}; a copy reads one array (X(i) = Y(i) + 1), so a sum of two is not imported`);
      throw new SourceError(line, `${what}: it reads ${roots[0]} ${terms.length} times; a copy adds one element of one array to what it writes`);
    }
    const { term, rest } = terms[0]!;
    const [, name, sub, member] = shape.exec(term)! as unknown as [string, string, string | undefined, string | undefined];
    this.copyData(name, member !== undefined, line, what, 'reads', term);
    const a = this.arrays.get(name)!;
    if (a.scalar || loop === null) return { from: this.dataRef(term, line), rest };
    if (sub === undefined) throw new SourceError(line, `${what}: it names all of ${name}; in a loop a copy reads the element ${name}(${loop.v}) or ${name}(${loop.v} + k) of each iteration`);
    let at: Affine | null = null;
    try {
      at = evalAffine(sub, (n) => this.constant(n, line), line, loop.v);
    } catch (e) {
      if (e instanceof DataScalarUse) throw e;
    }
    if (at !== null && at.k === 1) return { from: this.kernelRef(name, loop.lo + at.c, loop.hi + at.c, line), rest };
    if (at !== null && at.k === 0 && loop.lo === loop.hi) return { from: this.kernelRef(name, at.c, at.c, line), rest };
    throw new SourceError(line, `${what}: it reads ${term}; a copy reads the element ${name}(${loop.v}) or ${name}(${loop.v} + k) of each iteration`);
  }

  /**
   * Refuses, for a copy (`role`: the reference it reads or the one it writes), data that is no array
   * or scalar variable of the program: a component (`member`) or a derived-type variable, a pointer,
   * a rank-2 array (validate.ts copyProblem).
   */
  private copyData(name: string, member: boolean, line: number, what: string, role: 'reads' | 'writes', text: string): void {
    const a = this.arrays.get(name);
    const thing = role;
    if (member || a === undefined) throw new SourceError(line, `${what}: it ${thing} ${text}; a copy ${thing} an array or a scalar variable of the program, not a component or a derived-type variable`);
    if (this.plain.has(name) || this.aliases.has(name) || (a.kind === 'pointer' && a.length === undefined))
      throw new SourceError(line, `${what}: ${name} is a pointer; a copy ${thing} an array or a scalar variable of the program (name the target itself)`);
    if (a.shape !== undefined || a.rank === 2) throw new SourceError(line, `${what}: ${name} has rank 2; a copy of a rank-2 array is not imported`);
  }

  /** The written side of a copy (`x`, `x(i)`, `c%p`): an array or a scalar variable of the program (copyData). */
  private copyWrite(lhs: string, line: number, what: string): void {
    const name = lhs.split(/[(%]/)[0]!;
    this.copyData(name, lhs.includes('%') || this.structs.has(name), line, what, 'writes', lhs);
  }

  /** Refuses a copy that writes `write` and reads `from` (language references) of different element counts, or overlapping sections of one array. */
  private checkCopy(write: string, from: string, line: number, what: string): void {
    const count = (ref: string): number | null => {
      const m = /^([a-z][a-z0-9_]*)(?:\((\d+):(\d+)\))?$/.exec(ref);
      return m === null ? null : m[2] === undefined ? this.sizeOf(m[1]!) : Number(m[3]) - Number(m[2]) + 1;
    };
    const [n, m] = [count(write), count(from)];
    if (n !== null && m !== null && n !== m) throw new SourceError(line, `${what}: ${write} has ${n} element${n === 1 ? '' : 's'} and ${from} ${m}; a copy reads as many elements as it writes`);
    const overlap = copyOverlap(write, from, (x) => this.sizeOf(x));
    if (overlap !== null) throw new SourceError(line, `${what}: ${overlap}`);
  }

  /**
   * The reference a statement of a kernel of several statements over lo..hi touches through `x(i)`:
   * as kernelRef, but a pointer's elements are always a section (`c%p(1:n)`, `p(1:n)`), as
   * validation wants them in a block (validate.ts blockProblem).
   */
  private blockRef(x: string, lo: number, hi: number, line: number): string {
    if (lo > hi) throw new SourceError(line, 'the kernel loop runs no iteration');
    const member = /%([a-z][a-z0-9_]*)$/.exec(x)?.[1];
    const pointer = this.plain.has(x) || (member !== undefined && this.structs.get(x.split(/[(%]/)[0]!)?.type.pointers.includes(member) === true);
    return this.dataRef(pointer ? `${x}(${lo}:${hi})` : this.loopRef(x, lo, hi), line);
  }

  /** The pointer a reference's storage `base` goes through where it may point into other storage (a plain pointer, a pointer component that is not allocatable), or null. */
  private aliasing(base: string): string | null {
    if (this.plain.has(base)) return `pointer ${base}`;
    const member = /^([a-z][a-z0-9_]*)(?:\(\d+\))?%([a-z][a-z0-9_]*)$/.exec(base);
    const type = member === null ? undefined : this.structs.get(member[1]!)?.type;
    return type !== undefined && type.pointers.includes(member![2]!) && !type.allocatable.includes(member![2]!) ? `pointer component ${base}` : null;
  }

  /** The reference a kernel loop over lo..hi touches through `x(i)`: x whole when the loop covers it, else a section. */
  private kernelRef(x: string, lo: number, hi: number, line: number): string {
    if (lo > hi) throw new SourceError(line, 'the kernel loop runs no iteration');
    return this.dataRef(this.loopRef(x, lo, hi), line);
  }

  /** What a loop over lo..hi (lo <= hi) touches through `x(i)`, as the source writes it: `x` when it covers x, else `x(lo:hi)`. */
  private loopRef(x: string, lo: number, hi: number): string {
    const length = this.sizeOf(x);
    return length !== null && lo === 1 && hi === length ? x : `${x}(${lo}:${hi})`;
  }

  // ------------------------------------------------------------------------------------------------
  // References

  /** The current element count of `x` (an array, a component, a pointer's current target), or null when unknown. */
  private sizeOf(x: string): number | null {
    const a = this.arrays.get(x);
    if (a !== undefined) return this.plain.has(x) ? (this.targetLength.get(x) ?? null) : (a.length ?? null);
    const member = /^([a-z][a-z0-9_]*)(?:\((\d+)\))?%([a-z][a-z0-9_]*)$/.exec(x);
    if (member) {
      const field = this.structs.get(member[1]!)?.type.fields.find((f) => f.name === member[3]);
      if (field) return field.length ?? 1;
      const t = this.targetLength.get(x);
      return t === undefined || t < 0 ? null : t;
    }
    return null;
  }

  /** A Fortran data reference as the language writes it: bounds evaluated, `a(:)` as `a`, an element as a one-element section. */
  protected dataRef(ref: string, line: number): string {
    const r = ref.replace(/\s/g, '').toLowerCase();
    const m = /^([a-z][a-z0-9_]*)(?:\(([^()]*)\))?(?:%([a-z][a-z0-9_]*)(?:\(([^()]*)\))?)?$/.exec(r);
    if (!m) throw new SourceError(line, `"${ref}" is not a reference mapcheck imports (a, a(lo:hi), c, c%p, c%p(lo:hi), cs(k), cs(k)%p)`);
    const [, root, sub, member, msub] = m;
    if (this.aliases.has(root!)) throw new SourceError(line, `${root} names ${this.aliases.get(root!)}'s target: mapcheck reads such an alias in update motion clauses only; name the component`);
    const known = this.arrays.has(root!) || this.structs.has(root!);
    if (!known) throw new SourceError(line, `${root} is not an array or derived-type variable of the program`);
    if (this.isScalar(root!) && (sub !== undefined || member !== undefined)) throw new SourceError(line, `${ref}: ${root} is a scalar variable; it takes no subscript or component (name it whole: ${root})`);
    this.uses.set(root!, this.uses.get(root!) ?? line);
    const section = (text: string | undefined, of: string): string => {
      if (text === undefined || text === ':') return '';
      const shape = member === undefined ? this.arrays.get(of)?.shape : undefined;
      if (shape !== undefined) {
        // a rank-2 section: each subscript a range, an element or `:` (lang/README.md "Rank-2 arrays")
        const subs = splitTopLevel(text, ',');
        if (subs.length !== 2) throw new SourceError(line, `${ref}: ${of} has rank 2`);
        if (subs.every((x) => x === ':')) return '';
        const bounds = subs.map((x, d) => {
          const parts = x.split(':');
          const lo = parts[0] === '' ? 1 : evalInt(parts[0]!, (n) => this.constant(n, line), line);
          const hi = parts.length === 1 ? lo : parts[1] === '' ? shape[d]! : evalInt(parts[1]!, (n) => this.constant(n, line), line);
          return `${lo}:${hi}`;
        });
        return `(${bounds.join(',')})`;
      }
      const parts = text.split(':');
      const length = this.sizeOf(of);
      const lo = parts[0] === '' ? 1 : evalInt(parts[0]!, (n) => this.constant(n, line), line);
      const hi = parts.length === 1 ? lo : parts[1] === '' ? (length ?? -1) : evalInt(parts[1]!, (n) => this.constant(n, line), line);
      if (parts.length > 2) throw new SourceError(line, `${ref}: strides are not imported`);
      if (hi < 0) throw new SourceError(line, `${ref}: the upper bound of ${of} is not known here; write it`);
      // an element or section outside the object (a zero-length section may start one past its end)
      // (arrays and components only: a pointer's section is checked against its target when it runs)
      const fixed = (this.arrays.has(of) && !this.plain.has(of)) || /%/.test(of) && this.structs.get(of.split(/[(%]/)[0]!)?.type.fields.some((f) => f.name === of.split('%')[1]);
      if (fixed && length !== null && (lo < 1 || hi > length || lo > hi + 1)) throw new SourceError(line, `${ref}: (${lo}:${hi}) is outside ${of}(1:${length})`);
      return `(${lo}:${hi})`;
    };
    if (this.plain.has(root!) && member === undefined) return sub === undefined ? `${root}(:)` : `${root}${section(sub, root!) || '(:)'}`;
    // an element of an array of structs is one struct (`cs(2)`), not a section of one
    if (member === undefined && this.structs.has(root!) && sub !== undefined && !sub.includes(':')) return `${root}(${evalInt(sub, (n) => this.constant(n, line), line)})`;
    if (member === undefined) return `${root}${section(sub, root!)}`;
    const st = this.structs.get(root!);
    if (st === undefined) throw new SourceError(line, `${ref}: ${root} is not a derived-type variable`);
    if (![...st.type.pointers, ...st.type.fields.map((f) => f.name)].includes(member)) throw new SourceError(line, `${ref}: type ${st.type.name} has no component ${member}`);
    const element = sub === undefined ? '' : `(${evalInt(sub, (n) => this.constant(n, line), line)})`;
    const base = `${root}${element}%${member}`;
    return `${base}${section(msub, base)}`;
  }

  /** A pointer reference (attach, detach, pointer assignment, nullify): `c%p`, `cs(2)%p`, or a plain pointer `p`. */
  protected pointerRef(ref: string, line: number): string {
    const r = ref.replace(/\s/g, '').toLowerCase().replace(/\(:\)$/, '');
    if (this.arrays.get(r)?.kind === 'pointer') {
      this.plain.add(r);
      this.uses.set(r, this.uses.get(r) ?? line);
      return r;
    }
    return this.memberRef(r, line);
  }

  private memberRef(ref: string, line: number): string {
    const m = /^([a-z][a-z0-9_]*)(?:\((\d+)\))?%([a-z][a-z0-9_]*)$/.exec(ref.replace(/\(:\)$/, ''));
    if (!m) throw new SourceError(line, `"${ref}" is not a pointer component reference (c%p, cs(k)%p)`);
    const st = this.structs.get(m[1]!);
    if (!st?.type.pointers.includes(m[3]!)) throw new SourceError(line, `${ref} is not a pointer or allocatable component`);
    this.uses.set(m[1]!, this.uses.get(m[1]!) ?? line);
    return `${m[1]}${m[2] === undefined ? '' : `(${m[2]})`}%${m[3]}`;
  }

  // ------------------------------------------------------------------------------------------------
  // Output

  private finish(): Imported {
    for (const [sink, lines] of this.sinks) {
      const use = this.uses.get(sink);
      if (use !== undefined) throw new SinkUsed(use, `${sink} is the result buffer of the kernel at line ${lines[0]} and is also mapped or used here: a read kernel's result buffer is no object of the program`, sink);
      this.note({ line: lines[0]! }, `${sink}: the kernel's result buffer (what a read observes), not an object of the program`);
    }
    const used = (name: string) => this.uses.has(name);
    const arrays = [...this.arrays.entries()]
      .filter(([name]) => !this.plain.has(name) && used(name))
      .map(([name, a]) => {
        if (a.length === undefined) throw new SourceError(a.line, `${name} is used but never allocated: mapcheck needs its size`);
        if (a.scalar && a.init === undefined) this.note({ line: a.line }, `${name} has no initial value: it starts as 0, the world's default (as an array without one)`);
        return { name, length: a.length, ...(a.init === undefined ? {} : { init: a.init }), ...(a.shape === undefined ? {} : { shape: a.shape }), ...(a.scalar ? { scalar: true } : {}) };
      });
    const structs = [...this.structs.entries()]
      .filter(([name]) => used(name))
      .map(([name, st]) => ({
        name,
        pointers: st.type.pointers,
        ...(st.type.fields.length > 0 && st.count === undefined
          ? { fields: st.type.fields.map((f) => ({ ...f, ...(st.fieldInit.has(f.name) ? { init: st.fieldInit.get(f.name)! } : {}) })) }
          : {}),
        ...(st.type.allocatable.length > 0 ? { allocatable: st.type.allocatable } : {}),
        ...(st.count === undefined ? {} : { count: st.count }),
      }));
    for (const [name, st] of this.structs) if (used(name) && st.count !== undefined && st.type.fields.length > 0) throw new SourceError(st.line, `${name}: an array of a type with non-pointer components is not imported`);
    const pointers = [...this.plain].filter((p) => used(p)).map((name) => ({ name }));
    const world: Record<string, unknown> = { arrays, structs };
    if (pointers.length > 0) world.pointers = pointers;
    if (this.maxDevice > 0) world.devices = Array.from({ length: this.maxDevice + 1 }, () => ({ kind: 'discrete' }));
    if (this.requiresUsm) world.requires = ['unified_shared_memory'];
    const mappers = this.mappers.flatMap((mp) =>
      structs
        .filter((st) => this.structs.get(st.name)!.type.name === mp.type && st.count === undefined)
        .map((st) => ({ struct: st.name, maps: mp.maps.map((x) => ({ type: x.type, vars: x.vars.map((r) => this.dataRef(st.name + r.slice(mp.variable.length), mp.line)) })) })),
    );
    if (mappers.length > 0) world.mappers = mappers;
    if (this.steps.length === 0) throw new SourceError(1, 'no directive, runtime routine or pointer statement was found: nothing to check');
    return { program: { world, steps: this.steps.map((s) => s.step) }, lines: this.steps.map((s) => s.line), passed: this.passed, notes: this.notes };
  }
}

/** The text inside the parentheses that open at `open`. */
function balanced(text: string, open: number, line: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new SourceError(line, 'unbalanced parentheses');
}

/**
 * Reads Fortran source text into a program of the language (not yet validated). An array read as a
 * result buffer that a step also uses is data after all: the program is read again with it as data
 * (SinkUsed), its kernel's read a copy.
 */
export function importFortran(text: string): Imported {
  const stmts = fortranStatements(text);
  const notBuffers = new Set<string>();
  for (;;) {
    try {
      return new FortranReader(stmts, notBuffers).read();
    } catch (e) {
      if (!(e instanceof SinkUsed) || notBuffers.has(e.sink)) throw e;
      notBuffers.add(e.sink);
    }
  }
}
