// What the Fortran and C front ends share once a directive's clauses are parsed: the output they
// build (steps with their lines, what was passed over, notes, the one API of a program, the devices
// it names) and the translation of OpenACC data clauses and OpenMP map and motion clauses into the
// language's clause lists. Each front end says how its own references are written (dataRef,
// pointerRef, listItems, rootOf) and how its directives are spelt in messages (sentinel).

import { ACC_CLAUSE_ALIASES, SCHEDULING_CLAUSES, SourceError, dataClauseLists, parseMapArgs, topLevelColon, type ClauseText, type DirectiveApi, type DirectiveText } from './directives.js';
import type { ImportedStep } from './source.js';
import { MAX_BLOCK_STATEMENTS } from '../program.js';

export type ClauseList = { clause: string; vars: string[] }[];
export type MapList = { type: string; modifiers?: string[]; vars: string[] }[];

/** The map modifiers the language has (OpenMP 6.0 §7.9.6; `delete` of 6.0). */
const MAP_MODIFIERS = ['always', 'present', 'close', 'delete'];

/**
 * The message for a clause the front ends do not read; an upper-case name is most likely a macro a
 * test defines on its compiler's command line (`#pragma omp target update CLAUSE(present: i)`
 * built with -DCLAUSE=to), which `mapcheck import -D` defines as well.
 */
export function clauseNotImported(c: ClauseText, where: string, preprocessed: boolean): string {
  const name = c.written ?? c.name;
  const macro = preprocessed && /^[A-Z_][A-Z0-9_]*$/.test(name) ? `; ${name} looks like a macro the program is compiled with: define it with mapcheck import -D ${name}=…` : '';
  return `clause ${c.name} of ${where} is not imported${macro}`;
}

export abstract class SourceReader {
  protected readonly steps: ImportedStep[] = [];
  protected readonly passed: { line: number; text: string }[] = [];
  protected readonly notes: { line: number; text: string }[] = [];
  protected api: DirectiveApi | null = null;
  /** Whether the source went through a preprocessor (C): an unknown upper-case clause may be an undefined macro. */
  protected readonly preprocessed: boolean = false;
  /** The highest device number a construct or routine names (the world gets that many devices and one more). */
  protected maxDevice = 0;
  /** The handles named so far: each device memory routine's kept result is named once (handleFor). */
  private readonly handleNames = new Set<string>();

  /** A clause list item as a data reference of the language (`a(2:5)`, `c%p`). */
  protected abstract dataRef(text: string, line: number): string;
  /** A clause list item that names a pointer (attach, detach). */
  protected abstract pointerRef(text: string, line: number): string;
  /** A clause's list split into its items. */
  protected abstract listItems(list: string): string[];
  /** The variable an item names (`res` of `res[0:n]` or `res(1:n)`), to leave a result buffer out. */
  protected abstract rootOf(item: string): string;
  /** How a directive of `api` starts in the source: `!$acc`, `#pragma omp`. */
  protected abstract sentinel(api: DirectiveApi): string;
  /** A device number or a device routine's result (`omp_get_default_device()`), as the language writes it. */
  protected abstract deviceArg(text: string, line: number): number | 'initial';

  /** A motion clause's item (`target update`); a front end may read aliases there. */
  protected motionRef(text: string, line: number): string {
    return this.dataRef(text, line);
  }

  /** A fresh handle name for what device pointer variable `name` is given: the name itself, then `name_2`, `name_3`, …. */
  protected handleFor(name: string): string {
    let handle = name;
    for (let k = 2; this.handleNames.has(handle); k++) handle = `${name}_${k}`;
    this.handleNames.add(handle);
    return handle;
  }

  protected useApi(api: DirectiveApi, line: number): void {
    if (this.api !== null && this.api !== api) throw new SourceError(line, 'the program mixes OpenACC and OpenMP; a mapcheck program uses one of them');
    this.api = api;
  }

  protected push(s: { line: number }, step: Record<string, unknown>): void {
    this.steps.push({ line: s.line, step });
  }

  protected pass(s: { line: number; text: string }, why: string): void {
    this.passed.push({ line: s.line, text: `line ${s.line}: ${why} (${s.text.slice(0, 40)})` });
  }

  protected note(s: { line: number }, text: string): void {
    if (!this.notes.some((n) => n.text === text)) this.notes.push({ line: s.line, text });
  }

  /** The result buffer `sink` left out of a clause list, the other items translated by `ref`. */
  private listOf(list: string, sink: string | undefined, ref: (item: string) => string): string[] {
    return this.listItems(list)
      .filter((v) => sink === undefined || this.rootOf(v) !== sink)
      .map(ref);
  }

  /**
   * OpenACC data clauses of `allowed` names (aliases such as `pcopyin` read as theirs, OpenACC 3.3
   * §2.7), each item translated; scheduling clauses dropped; `async` / `wait` dropped with a note
   * (every step of a mapcheck program is synchronous); anything else refused.
   */
  protected accClauses(d: DirectiveText, allowed: readonly string[], line: number, sink?: string): ClauseList {
    const out: ClauseList = [];
    for (const c of d.clauses) {
      const name = ACC_CLAUSE_ALIASES[c.name] ?? c.name;
      if (allowed.includes(name)) {
        if (c.args === null) throw new SourceError(line, `${c.name} needs a list`);
        const list = c.args.replace(/^\s*(readonly|zero)\s*:/i, '');
        const vars = this.listOf(list, sink, (v) => (name === 'attach' || name === 'detach' ? this.pointerRef(v, line) : this.dataRef(v, line)));
        if (vars.length > 0) out.push({ clause: name, vars });
        continue;
      }
      if (SCHEDULING_CLAUSES.has(c.name) || (c.name === 'default' && c.args?.trim().toLowerCase() === 'none')) continue;
      if (c.name === 'async' || c.name === 'wait') {
        this.note({ line }, `${c.name}: mapcheck runs every construct synchronously`);
        continue;
      }
      throw new SourceError(line, clauseNotImported(c, `${this.sentinel(d.api)} ${d.name}`, this.preprocessed));
    }
    return out;
  }

  /** The `device` clause of an OpenMP construct, when it has one. */
  protected ompDevice(d: DirectiveText, line: number): { device?: number | 'initial' } {
    const c = d.clauses.find((x) => x.name === 'device');
    return c?.args ? { device: this.deviceArg(c.args, line) } : {};
  }

  /** OpenMP map clauses (OpenMP 6.0 §7.9.6), each item translated; `nowait` / `depend` dropped with a note. */
  protected ompMaps(d: DirectiveText, line: number, sink?: string): MapList {
    const out: MapList = [];
    for (const c of d.clauses) {
      if (c.name === 'map') {
        const { type, modifiers, list } = parseMapArgs(c.args ?? '', line);
        for (const mod of modifiers) if (!MAP_MODIFIERS.includes(mod)) throw new SourceError(line, `map modifier ${mod} is not imported`);
        const vars = this.listOf(list, sink, (v) => this.dataRef(v, line));
        if (vars.length > 0) out.push({ type, ...(modifiers.length > 0 ? { modifiers } : {}), vars });
        continue;
      }
      if (c.name === 'device' || SCHEDULING_CLAUSES.has(c.name) || c.name === 'defaultmap') continue;
      if (c.name === 'nowait' || c.name === 'depend') {
        this.note({ line }, `${c.name}: mapcheck runs every construct synchronously`);
        continue;
      }
      throw new SourceError(line, clauseNotImported(c, `${this.sentinel(d.api)} ${d.name}`, this.preprocessed));
    }
    return out;
  }

  /** OpenMP motion clauses `to(…)` / `from(…)`, with the `present` modifier (OpenMP 6.0 §15.9). */
  protected ompMotions(d: DirectiveText, line: number): MapList {
    const out: MapList = [];
    for (const c of d.clauses) {
      if (c.name === 'to' || c.name === 'from') {
        const m = /^\s*present\s*:([\s\S]*)$/i.exec(c.args ?? '');
        const vars = this.listOf(m ? m[1]! : (c.args ?? ''), undefined, (v) => this.motionRef(v, line));
        out.push({ type: c.name, ...(m ? { modifiers: ['present'] } : {}), vars });
        continue;
      }
      if (c.name === 'device') continue;
      throw new SourceError(line, clauseNotImported(c, `${this.sentinel(d.api)} target update`, this.preprocessed));
    }
    return out;
  }

  /**
   * The step of a compute construct whose kernel is `body` (OpenACC 3.3 §2.5.1 with its data clauses
   * and `default(present)`, OpenMP 6.0 §15.8 with its map clauses and device), the result buffer
   * `sink` left out of its clauses.
   */
  protected kernelStep(d: DirectiveText, line: number, body: Record<string, unknown>, sink: string | undefined): Record<string, unknown> {
    // a copy uses the variable it reads too (lang/README.md "Copy kernels"); a block, every
    // statement's (lang/README.md "Kernels of several statements")
    const statements = Array.isArray(body.writes) ? (body.writes as Record<string, unknown>[]) : [body];
    const refs = statements.flatMap((b) => ['read' in b ? b.read : 'write' in b ? b.write : undefined, b.from]);
    for (const ref of refs) if (typeof ref === 'string' && this.isScalarVariable(ref)) this.unnamedScalar(d, line, ref);
    if (d.api === 'openmp') return { op: 'omp_target', ...this.ompDevice(d, line), maps: this.ompMaps(d, line, sink), body };
    const clauses = this.accClauses({ ...d, clauses: d.clauses.filter((c) => c.name !== 'default') }, ACC_REGION_CLAUSES, line, sink);
    const def = d.clauses.find((c) => c.name === 'default')?.args?.trim().toLowerCase();
    if (def !== undefined && def !== 'present' && def !== 'none') throw new SourceError(line, `default(${def}) is not imported`);
    return { op: 'acc_parallel', clauses, ...(def === 'present' ? { default: 'present' } : {}), body };
  }

  /** Whether a name is a scalar variable of the program (lang/program.ts ArrayDecl scalar); a front end that reads them says so. */
  protected isScalarVariable(_name: string): boolean {
    return false;
  }

  /**
   * A kernel that uses scalar variable `name` where no clause of its construct names it: the
   * language reads such a scalar as OpenACC 3.3 §2.6.2 and OpenMP 6.0 §7.9.3 do on a parallel /
   * serial or a target construct (firstprivate, unless an OpenACC data clause is visible;
   * lang/README.md "Scalar variables"), which is what the construct means, except where it says
   * otherwise: on an OpenACC kernels construct such a scalar is `copy` (§2.6.2), and an OpenMP
   * `defaultmap` clause changes how it is mapped. Those are refused.
   */
  private unnamedScalar(d: DirectiveText, line: number, name: string): void {
    if (dataClauseLists(d).some((list) => this.listItems(list).some((v) => this.rootOf(v) === name))) return;
    const where = `name ${name} in a ${d.api === 'openacc' ? 'data clause' : 'map clause'}`;
    if (d.api === 'openacc' && d.name.startsWith('kernels'))
      throw new SourceError(line, `${this.sentinel(d.api)} ${d.name} uses scalar variable ${name}, which no clause names: on a kernels construct that is copy (OpenACC 3.3 §2.6.2), while mapcheck reads a compute construct's unnamed scalar as a parallel one's (firstprivate); ${where}`);
    if (d.api === 'openmp' && d.clauses.some((c) => c.name === 'defaultmap'))
      throw new SourceError(line, `${this.sentinel(d.api)} ${d.name} uses scalar variable ${name}, which no map names, and defaultmap changes how such a scalar is mapped, which is not imported; ${where}`);
  }

  /**
   * The steps of a compute construct without a loop whose statements read or write scalar variables
   * (lang/program.ts ArrayDecl scalar), each statement read by the front end: `x = 222` a write,
   * `x = x + 1` (C `x++`, `x += 1`) an add, `x = y + 1` a copy (a write with `from`), a print of x
   * a read (a kernel body each). A kernel runs one body, so each body is a step of its own, which means what the one construct
   * means only where its clauses copy nothing on entry or exit (OpenMP map type alloc without
   * always, OpenACC present, create, no_create): several bodies are read only then. An add runs
   * once only where one thread runs the statement: OpenMP `target` alone (the initial thread of
   * its one team, OpenMP 6.0 §15.8), OpenACC `serial` or `parallel num_gangs(1)` (without a loop
   * a parallel construct runs the statement in every gang, gang-redundant mode, OpenACC 3.3
   * §2.5.1). A scalar the construct makes private (private, firstprivate, reduction) is refused.
   */
  protected scalarKernelSteps(d: DirectiveText, line: number, stmts: ScalarStatement[]): void {
    const privates = this.privates(d);
    const single = this.runsOnce(d);
    const bodies: Record<string, unknown>[] = [];
    for (const st of stmts) {
      for (const name of st.write ? [st.write.name, ...(st.write.from === undefined ? [] : [st.write.from.split('(')[0]!])] : st.reads!) {
        if (privates.has(name)) throw new SourceError(line, `${name} is private to the construct (private, firstprivate, reduction): mapcheck does not model a private copy`);
      }
      if (!st.write) {
        bodies.push(...st.reads!.map((name) => ({ read: name })));
        continue;
      }
      if (st.write.add && !single) {
        const who = d.api === 'openacc' ? 'gang' : 'team or thread';
        const where = d.api === 'openacc' ? `${this.sentinel(d.api)} serial (or parallel num_gangs(1))` : `${this.sentinel(d.api)} target`;
        throw new SourceError(st.line, `the kernel's ${st.text}: under ${this.sentinel(d.api)} ${d.name} without a loop every ${who} runs the statement, so it is not one add; mapcheck reads an add to a scalar under ${where}`);
      }
      bodies.push({ write: st.write.name, value: st.write.value, ...(st.write.add ? { add: true } : {}), ...(st.write.from === undefined ? {} : { from: st.write.from }) });
    }
    if (bodies.length > 1 && !copiesNothing(d, line))
      throw new SourceError(
        line,
        `the construct's ${bodies.length} scalar reads and writes are read as one kernel each, which means the same only where its clauses copy nothing (${d.api === 'openacc' ? 'present, create, no_create' : 'map type alloc, without always'}); write one statement per construct`,
      );
    for (const body of bodies) this.push({ line }, this.kernelStep(d, line, body, undefined));
  }

  /** The variables a construct makes private (private, firstprivate, reduction clauses). */
  private privates(d: DirectiveText): Set<string> {
    return new Set(
      d.clauses
        .filter((c) => ['private', 'firstprivate', 'reduction'].includes(c.name) && c.args !== null)
        .flatMap((c) => this.listItems(c.args!.slice(topLevelColon(c.args!) + 1)).map((v) => this.rootOf(v))),
    );
  }

  /**
   * Whether one thread runs the statements of a compute construct without a loop: OpenMP `target`
   * alone (the initial thread of its one team, OpenMP 6.0 §15.8), OpenACC `serial` or `parallel
   * num_gangs(1)`; otherwise every gang (OpenACC 3.3 §2.5.1, gang-redundant mode) or team runs them.
   */
  protected runsOnce(d: DirectiveText): boolean {
    return d.api === 'openmp' ? d.name === 'target' : d.name === 'serial' || (d.name === 'parallel' && d.clauses.some((c) => c.name === 'num_gangs' && c.args?.trim() === '1'));
  }

  /**
   * The step of a compute construct without a loop whose statements assign elements of the
   * program's data (`a[2] = 5;`, `s.p[0] = 1;`) or scalar variables, each a write body of one
   * element (lang/program.ts WriteBody: a constant, an add, a copy of one element), read by the
   * front end: the body itself for one statement, a kernel of several statements (lang/README.md
   * "Kernels of several statements", a loop of one iteration) for 2 to MAX_BLOCK_STATEMENTS. Where
   * every gang or team runs the statements (runsOnce false) an add is not one add, and a statement
   * reading what a statement writes could read another gang's write: both are refused, as is a
   * variable the construct makes private, and what loopConflict refuses in a kernel.
   */
  protected elementKernelStep(d: DirectiveText, line: number, stmts: (LoopStatement & { body: Record<string, unknown> })[], extent: (ref: string) => Extent | null, scalar: (base: string) => boolean): void {
    if (stmts.length > MAX_BLOCK_STATEMENTS)
      throw new SourceError(stmts[MAX_BLOCK_STATEMENTS]!.line, `the construct holds ${stmts.length} statements: a kernel of several statements holds 2 to ${MAX_BLOCK_STATEMENTS}`);
    const privates = this.privates(d);
    for (const st of stmts)
      for (const ref of [st.write, st.from])
        if (ref !== undefined && privates.has(ref.split(/[(%]/)[0]!)) throw new SourceError(line, `${ref.split(/[(%]/)[0]} is private to the construct (private, firstprivate, reduction): mapcheck does not model a private copy`);
    if (!this.runsOnce(d)) {
      const who = d.api === 'openacc' ? 'gang' : 'team or thread';
      const where = d.api === 'openacc' ? `${this.sentinel(d.api)} serial (or parallel num_gangs(1))` : `${this.sentinel(d.api)} target`;
      const add = stmts.find((st) => st.body.add === true);
      if (add !== undefined) throw new SourceError(add.line, `${add.what}: under ${this.sentinel(d.api)} ${d.name} without a loop every ${who} runs the statement, so it is not one add; mapcheck reads an add under ${where}`);
      for (const st of stmts) {
        const from = st.from === undefined ? null : extent(st.from);
        const written = from === null ? undefined : stmts.find((w) => {
          const e = w.write === undefined ? null : extent(w.write);
          return e !== null && e.base === from.base && e.lo < from.hi && from.lo < e.hi;
        });
        if (written !== undefined)
          throw new SourceError(st.line, `${st.what}: under ${this.sentinel(d.api)} ${d.name} without a loop every ${who} runs the statements, so its read of ${st.from} may see another ${who}'s write (line ${written.line}); mapcheck reads that under ${where}`);
      }
    }
    const conflict = loopConflict('kernel', stmts, extent, scalar);
    if (conflict !== null) throw new SourceError(conflict.line, conflict.message);
    const body = stmts.length === 1 ? stmts[0]!.body : { writes: stmts.map((st) => st.body) };
    this.push({ line }, this.kernelStep(d, line, body, undefined));
  }

  /** The steps of an OpenACC enter / exit data or update directive (OpenACC 3.3 §2.6.6, §2.14.4); null for another. */
  protected accDataStep(d: DirectiveText, line: number): Record<string, unknown> | null {
    const without = (flag: string) => ({ ...d, clauses: d.clauses.filter((c) => c.name !== flag) });
    const has = (flag: string) => d.clauses.some((c) => c.name === flag);
    switch (d.name) {
      case 'enter data':
        return { op: 'acc_enter_data', clauses: this.accClauses(d, ['copyin', 'create', 'attach'], line) };
      case 'exit data':
        return { op: 'acc_exit_data', clauses: this.accClauses(without('finalize'), ['copyout', 'delete', 'detach'], line), ...(has('finalize') ? { finalize: true } : {}) };
      case 'update':
        return { op: 'acc_update', clauses: this.accClauses(without('if_present'), ['self', 'host', 'device'], line), ...(has('if_present') ? { if_present: true } : {}) };
      default:
        return null;
    }
  }

  /** The step of an OpenMP target enter / exit data or target update directive (OpenMP 6.0 §15.5, §15.6, §15.9); null for another. */
  protected ompDataStep(d: DirectiveText, line: number): Record<string, unknown> | null {
    switch (d.name) {
      case 'target enter data':
        return { op: 'omp_target_enter_data', ...this.ompDevice(d, line), maps: this.ompMaps(d, line) };
      case 'target exit data':
        return { op: 'omp_target_exit_data', ...this.ompDevice(d, line), maps: this.ompMaps(d, line) };
      case 'target update':
        return { op: 'omp_target_update', ...this.ompDevice(d, line), motions: this.ompMotions(d, line) };
      default:
        return null;
    }
  }
}

/**
 * One statement of a compute construct without a loop, as a front end reads it (SourceReader
 * scalarKernelSteps): a write of a scalar variable (`value`, or with `add` that much more; with
 * `from` also the element that reference holds, a copy `x = y + 1`) or the scalars a print reads
 * (none: output only).
 */
export interface ScalarStatement {
  line: number;
  text: string;
  write?: { name: string; value: number; add: boolean; from?: string };
  reads?: string[];
}

/**
 * Whether a construct's clauses copy nothing, on entry or exit: OpenMP maps of type alloc without
 * always, OpenACC present, create, no_create (and attach, which copies no data). Then one construct
 * of several statements means what that many constructs of one statement each mean.
 */
function copiesNothing(d: DirectiveText, line: number): boolean {
  return d.clauses.every((c) => {
    if (d.api === 'openmp') {
      if (c.name !== 'map') return true;
      const { type, modifiers } = parseMapArgs(c.args ?? '', line);
      return type === 'alloc' && !modifiers.includes('always');
    }
    const name = ACC_CLAUSE_ALIASES[c.name] ?? c.name;
    return !ACC_REGION_CLAUSES.some((x) => x === name) || ['present', 'create', 'no_create', 'attach'].includes(name);
  });
}

/**
 * An integer expression of a loop index i as `k * i + c`: k = 0 for a constant. The front ends'
 * evaluators keep `+`, `-` and a product with a constant factor affine and refuse anything else
 * that involves i.
 */
export interface Affine {
  k: number;
  c: number;
}

/** `a + b` (`sign` -1: `a - b`). */
export function affineSum(a: Affine, b: Affine, sign: 1 | -1 = 1): Affine {
  return { k: a.k + sign * b.k, c: a.c + sign * b.c };
}

/** `a * b`, or null where both factors involve the index (not affine). */
export function affineProduct(a: Affine, b: Affine): Affine | null {
  if (a.k !== 0 && b.k !== 0) return null;
  // `+ 0`: a negative zero (-1 * 0) becomes 0
  return { k: a.k * b.c + a.c * b.k + 0, c: a.c * b.c + 0 };
}

/**
 * What a kernel or host loop writes when its first iteration has index `first` and each iteration
 * writes the next element of the reference (the front ends read no other element order): the value
 * at the reference's first element and the step between elements (lang/program.ts WriteBody); a
 * constant has no `by`.
 */
export function loopWrite(f: Affine, first: number): { value: number; by?: number } {
  const value = f.k * first + f.c + 0;
  return f.k === 0 ? { value } : { value, by: f.k };
}

/**
 * What the assignment `element = rhs` adds to the element it writes, where rhs (in parentheses or
 * not) is a sum with that very element as one term of sign + (`X + e`, `e + X`, `X - e`,
 * `X + (e)`): the text of rhs without that term (`0 + e`, `e`, `0 - e`, `0 + (e)`), for the front
 * end to evaluate; null for any other rhs. Terms are compared as text without blanks, so the same
 * element has to be spelt alike on both sides (`a(i + 1)`, not `a(1 + i)`). A rhs with an operator
 * of lower precedence than `+` at its top (a comparison, `?:`, `,`) or an increment is none.
 */
export function addendOf(rhs: string, element: string): string | null {
  const bare = (t: string) => t.replace(/\s+/g, '');
  const sum = sumTerms(rhs);
  if (sum === null) return null;
  const { r, terms } = sum;
  const at = terms.findIndex((t) => t.plus && bare(r.slice(t.from, t.to)) === bare(element));
  if (at < 0 || terms.length === 1) return null;
  return withoutTerm(r, terms, at);
}

/** A term of a sum: [from, to) of its text, its sign, and where its operator stands (-1 for the first). */
interface Term {
  from: number;
  to: number;
  plus: boolean;
  op: number;
}

/**
 * The top-level `+` / `-` terms of an expression (outer parentheses dropped), or null for one with
 * an operator of lower precedence than `+` at its top (a comparison, `?:`, `,`) or an increment.
 */
function sumTerms(rhs: string): { r: string; terms: Term[] } | null {
  let r = rhs.trim();
  while (r.startsWith('(') && closingParen(r) === r.length - 1) r = r.slice(1, -1).trim();
  if (/\+\+|--/.test(r)) return null;
  const terms: Term[] = [];
  let depth = 0;
  let from = 0;
  let plus = true;
  let op = -1;
  /** The last character that is no blank. */
  let last = '';
  for (let i = 0; i < r.length; i++) {
    const c = r[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && /[<>=!&|^?:,]/.test(c)) return null;
    else if (depth === 0 && (c === '+' || c === '-') && /[\w)\].]/.test(last)) {
      // a binary sign: it follows an operand (a sign after an operator is unary, part of its term)
      terms.push({ from, to: i, plus, op });
      from = i + 1;
      plus = c === '+';
      op = i;
    }
    if (!/\s/.test(c)) last = c;
  }
  terms.push({ from, to: r.length, plus, op });
  return { r, terms };
}

/** The sum `r` without its term `at` (`0 + e` where it is the first). */
function withoutTerm(r: string, terms: Term[], at: number): string {
  const t = terms[at]!;
  if (terms.length === 1) return '0';
  return at === 0 ? `0 ${r.slice(t.to).trim()}` : `${r.slice(0, t.op).trim()} ${r.slice(t.to).trim()}`.trim();
}

/**
 * The terms of a sum (as addendOf splits it) that `isData` takes for data of the program (an element
 * `a(i + 2)` or `a[i]`, a scalar variable `y`): each one's text (its own parentheses and a unary
 * sign dropped), its sign, and the sum without it (`0` where it is the whole sum), for the front end
 * to read a copy (lang/program.ts WriteBody from) and evaluate the rest. None for a sum whose data
 * stands inside a product or a call (`2*a(i)`), or an expression that is no sum.
 */
export function dataTerms(rhs: string, isData: (term: string) => boolean): { term: string; plus: boolean; rest: string }[] {
  const sum = sumTerms(rhs);
  if (sum === null) return [];
  const { r, terms } = sum;
  const out: { term: string; plus: boolean; rest: string }[] = [];
  for (const [at, t] of terms.entries()) {
    let text = r.slice(t.from, t.to).trim();
    let plus = t.plus;
    for (;;) {
      if (text.startsWith('(') && closingParen(text) === text.length - 1) text = text.slice(1, -1).trim();
      else if (/^[+-]/.test(text) && !/^(\+\+|--)/.test(text)) {
        if (text[0] === '-') plus = !plus;
        text = text.slice(1).trim();
      } else break;
    }
    if (isData(text)) out.push({ term: text, plus, rest: withoutTerm(r, terms, at) });
  }
  return out;
}

/**
 * Why a copy that writes `write` and reads `from` (language references: `a`, `a(lo:hi)`, a scalar)
 * is refused where both are of one array: sections that overlap without being the same one, so an
 * element reads what the write of another changes (validate.ts copyProblem); null otherwise.
 * `length` gives a whole array's element count.
 */
export function copyOverlap(write: string, from: string, length: (name: string) => number | null): string | null {
  const bounds = (ref: string): [string, number, number] | null => {
    const m = /^([a-z_][a-z0-9_]*)(?:\((\d+):(\d+)\))?$/i.exec(ref);
    if (!m) return null;
    if (m[2] !== undefined) return [m[1]!, Number(m[2]), Number(m[3])];
    const n = length(m[1]!);
    return n === null ? null : [m[1]!, 1, n];
  };
  const [w, f] = [bounds(write), bounds(from)];
  if (w === null || f === null || w[0] !== f[0] || w[1] === f[1] || w[2] < f[1] || f[2] < w[1]) return null;
  return `it reads ${f[0]}(${f[1]}:${f[2]}) and writes ${w[0]}(${w[1]}:${w[2]}): an element would read what the write of another changes (in a kernel a data race); a copy reads the very elements it writes or other ones`;
}

/** The index of the `)` that closes the `(` at the start of `text`, or -1. */
function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The data clauses of an OpenACC data or compute construct (OpenACC 3.3 §2.6.5, §2.5.1). */
export const ACC_REGION_CLAUSES = ['copy', 'copyin', 'copyout', 'create', 'present', 'no_create', 'attach'] as const;

/**
 * The statements of a kernel of several statements (lang/README.md "Kernels of several statements")
 * or of a host loop read as one host write per statement, as a front end read them: the line and
 * the words that start a message about each (`the kernel's a(i) = i`), the reference it writes and
 * the one it copies from (language references).
 */
export interface LoopStatement {
  line: number;
  what: string;
  /** What it writes (a host loop's read into a result buffer or print writes none). */
  write?: string;
  /** What it reads: a copy's `from`, or what a host loop's statement reads. */
  from?: string;
}

/** The storage a reference names: the object (`a`, `c%p`, `cs(2)%p`, `s%arr`, or what a front end resolves a pointer to) and its elements [lo, hi), from 0. */
export interface Extent {
  base: string;
  lo: number;
  hi: number;
}

/**
 * The storage of a language reference (`a`, `a(3:6)`, `c%p(1:4)`, `cs(2)%p(2:2)`, `p(:)`): its
 * base as written and its elements; a whole object takes its element count from `length` (null
 * where that is unknown, and for a reference of another form, a rank-2 section).
 */
export function refExtent(ref: string, length: (base: string) => number | null): Extent | null {
  const m = /^([a-z_]\w*(?:\(\d+\))?(?:%[a-z_]\w*)?)(?:\((\d+):(\d+)\)|\(:\))?$/i.exec(ref);
  if (!m) return null;
  if (m[2] !== undefined) return { base: m[1]!, lo: Number(m[2]) - 1, hi: Number(m[3]) };
  const n = length(m[1]!);
  return n === null ? null : { base: m[1]!, lo: 0, hi: n };
}

/**
 * Why the statements of a loop cannot be read as they are, or null:
 * - `kernel`: a kernel of several statements, one loop whose iterations run in any order, is what
 *   validation takes (lang/validate.ts blockProblem, here with the line of the statement): of one
 *   object two statements name the same elements or disjoint ones where one of them writes; a
 *   scalar one statement writes is named by no other; over more than one element no reference goes
 *   through a pointer that `aliased` names (one that may point into another reference).
 * - `host`: a host loop read as one host step per statement, each over all the loop's elements,
 *   which means what the loop means only where no statement touches other elements of what another
 *   writes (the same elements are the same iteration's, where the order of the statements is kept;
 *   others would let the order of the iterations across the statements show); `extent` null,
 *   storage the front end cannot place (a pointer whose target it does not know), is refused too.
 */
export function loopConflict(
  mode: 'kernel' | 'host',
  stmts: LoopStatement[],
  extent: (ref: string) => Extent | null,
  scalar: (base: string) => boolean,
  aliased: (base: string) => string | null = () => null,
): { line: number; message: string } | null {
  type Use = { n: number; ref: string; written: boolean; extent: Extent };
  const uses: Use[] = [];
  for (const [n, s] of stmts.entries()) {
    for (const [ref, written] of [[s.write, true], [s.from, false]] as const) {
      if (ref === undefined) continue;
      const e = extent(ref);
      if (e === null) {
        if (mode === 'host') return { line: s.line, message: `${s.what}: mapcheck does not know what storage ${ref} is here, so it cannot tell that no other statement of the loop touches it (write the loop as one loop per statement)` };
        continue;
      }
      const pointer = aliased(e.base);
      if (mode === 'kernel' && pointer !== null && e.hi - e.lo > 1)
        return { line: s.line, message: `${s.what}: ${ref} goes through ${pointer}, which may point into another reference of the kernel; a kernel of several statements over more than one element goes through arrays and allocatable components only (an aliased element would be a data race)` };
      uses.push({ n, ref, written, extent: e });
    }
  }
  for (const [j, b] of uses.entries())
    for (const a of uses.slice(0, j)) {
      if (a.n === b.n || a.extent.base !== b.extent.base || (!a.written && !b.written)) continue;
      const s = stmts[b.n]!;
      const other = `line ${stmts[a.n]!.line}'s ${stmts[a.n]!.what.replace(/^the kernel's /, '')}`;
      const overlap = a.extent.lo < b.extent.hi && b.extent.lo < a.extent.hi;
      const same = a.extent.lo === b.extent.lo && a.extent.hi === b.extent.hi;
      if (mode === 'host' && overlap && !same)
        return {
          line: s.line,
          message: `${s.what}: it ${b.written ? 'writes' : 'reads'} ${b.ref} and ${other} ${a.written ? 'writes' : 'reads'} ${a.ref}, which overlap without being the same elements; a host loop of several statements is read as one host step each only where no statement touches other elements of what another writes (write the loop as one loop per statement)`,
        };
      if (mode === 'kernel' && scalar(b.extent.base))
        return { line: s.line, message: `${s.what}: ${b.ref} is a scalar variable that ${other} ${a.written ? 'writes' : 'names'}: its firstprivate copy would carry a write from one statement to the next, which mapcheck does not model (one statement per construct)` };
      if (mode === 'kernel' && overlap && !same)
        return {
          line: s.line,
          message: `${s.what}: it ${b.written ? 'writes' : 'reads'} ${b.ref} and ${other} ${a.written ? 'writes' : 'reads'} ${a.ref}, which overlap without being the same elements: an element one iteration writes would be one another iteration uses (a data race); the statements of a kernel take the same elements of an object or disjoint ones`,
        };
    }
  return null;
}
