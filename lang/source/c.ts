// The C front end of `mapcheck import`: a C main program with OpenACC (`#pragma acc`) or OpenMP
// (`#pragma omp`) directives, read into a program of the mapcheck language (lang/README.md
// "Importing source"). The counterpart of fortran.ts, and the inverse of emit's C backend
// (cli/emit/c.ts), whose programs it reads back.
//
// What it reads, in the order main runs it:
// - the preprocessor: object-like macros are expanded (`#define N 10` is a constant), `#if` /
//   `#ifdef` / `#else` / `#endif` with `_OPENACC` and `_OPENMP` defined (and the macros of
//   `mapcheck import -D`, importC's defines), `\` continuations joined;
//   `#include` and other lines are passed over;
// - declarations, at file scope or in main: integer arrays of constant size with their
//   initialisers, heap arrays (`int *a = malloc(n * sizeof *a)`), pointer variables that are
//   pointer-assigned (plain pointers), structs (by tag or typedef) with `int *` members and `int` /
//   `int[n]` members, variables of those types (single or arrays), `const` / initialised scalars
//   (constants), and scalars the program uses as data (findDataScalars: named in a data, map or
//   motion clause, passed to a data routine, or written by a compute construct without a loop),
//   which are scalar variables of the world (lang/program.ts ArrayDecl scalar) and no constants;
// - host statements: pointer assignment and `= NULL`, malloc / calloc / free of a member, constant
//   assignments to the program's data (before the first step: initial values), host `for` loops
//   that fill an array before the first directive (reading other arrays' initial values), write a
//   constant or a ramp (`a[i] = 2 * i + 1`, an affine function of the index), add one (`a[i] += 2`,
//   `a[i]++`) or copy another array (`b[i] = a[i + 1] + 1`, lang/README.md "Copy kernels"), or copy
//   data into a result buffer (a host read), a copy of scalars or elements (`x = y + 1`), `memset`, `printf` of data elements (host reads), and the OpenACC data
//   and attach routines and the query routines (`acc_is_present`, `acc_deviceptr`,
//   `omp_target_is_present`) wherever they are called, and the device memory routines through
//   pointer variables given `acc_malloc` / `omp_target_alloc` results (deviceStore, deviceRoutine);
// - directives: OpenACC enter / exit data, data constructs, update and compute constructs and a
//   program-scope `declare`; OpenMP target enter / exit data, target data, target update and target
//   constructs, combined or not with their loop constructs, `declare target`, `declare mapper` and
//   `requires unified_shared_memory`.
//
// A compute construct's kernel is one `for` loop with one assignment: `r[i] = X[i]` reads X (r is
// the kernel's result buffer, no object of the program), `X[i] = v` writes v, a constant or an
// affine function of i (a ramp: the value at the first element and the step `by`), `X[i] += v`
// (`X[i] -= v`, `X[i]++`, `X[i] = X[i] + v`) adds v to the element (`add`), either with one element
// of an array among the terms (`b[i] = a[i + 2] + 1`, `b[i] += a[i]`) also copies that array's
// section (`from`, lang/README.md "Copy kernels"; so does `r[i] = X[i]` where r is data a step
// uses: no result buffer), and `r[0] = p` reads the pointer p itself. A loop of 2 to 8 writes
// (copies and adds included) is a kernel of several statements (lang/README.md "Kernels of several
// statements": `{"writes": [...]}`, a pointer's elements always a section, `s%p(1:n)`; what would
// race is refused on the statement's line). A compute construct without a loop may instead assign
// elements (`s.ptr2[1] = 3;`: one write body of `s%ptr2(2:2)`, or a block of them, LLVM's
// pr38704.c; elementKernel) or hold scalar statements (`x = 222;`, `x++;`, `x += 3;`, `x = y +
// 1;`, `printf("%d", x);`): a write, an add, a copy or a read of the scalar variable x each
// (scalarKernel). A host loop of several statements is one host step each where no statement
// touches other elements of what another writes (the same elements, or disjoint storage). C counts
// from 0 and a C section is `[start:length]` (OpenACC 3.3 §2.7.1 Data Specification in Data
// Clauses; OpenMP array sections alike); the language writes Fortran bounds, so `a[2:3]` is
// `a(3:5)`. Host code that only checks or prints
// (an `if` statement, a host loop, `assert`, a call of one of the program's functions) is passed
// over and listed, the program's data a check reads becoming host reads there (checkReads);
// anything that would change what is mapped and cannot be read is an error that names its line,
// never a silent drop.

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
  topLevelColon,
  type DirectiveApi,
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
  type Extent,
  type LoopStatement,
  type ScalarStatement,
} from './reader.js';
import type { Imported } from './source.js';
import { ELEMENT_BYTES, MAX_ARRAY_LENGTH, MAX_BLOCK_STATEMENTS } from '../program.js';
import type { PtrArg } from '../openmp.js';

// ------------------------------------------------------------------------------------------------
// Source text: preprocessing and items

/** One item of the program, in source order. */
export interface Item {
  line: number;
  /**
   * stmt: a statement or declaration without its `;` ('' for an empty statement); head: `for (…)`,
   * `if (…)`, `while (…)`, `switch (…)`, `else`, `do`, or what stands before a block (`int main(void)`);
   * open / close: a block's braces; pragma: the text after `#pragma acc` / `#pragma omp`, or the
   * whole line of another pragma (api null).
   */
  kind: 'stmt' | 'head' | 'open' | 'close' | 'pragma';
  text: string;
  api?: DirectiveApi | null;
}

/**
 * The macros a compiler defines when the API is enabled (OpenACC 3.3 §2.2 Conditional Compilation;
 * OpenMP's `_OPENMP`, the year and month of its specification): both are defined, so `#ifdef
 * _OPENACC` / `#ifdef _OPENMP` keep the code a compiler with the API would compile.
 */
const PREDEFINED: [string, string][] = [
  ['_OPENACC', '202211'],
  ['_OPENMP', '202411'],
];

/**
 * Object-like macros defined before the program's first line, as a compiler's `-D NAME=VALUE`
 * defines them (`-D NAME` is `NAME=1`), in order: a later one of a name replaces an earlier one,
 * and the program's own `#define` / `#undef` replace or remove them, as in C.
 */
export type MacroDefinitions = readonly (readonly [name: string, value: string])[];

/**
 * The source after the preprocessor: code lines (comments, preprocessor lines and excluded lines
 * blank, so line numbers stay), object-like macros expanded, the pragmas by line, and notes where
 * the program redefines or undefines a macro of `given`.
 */
function preprocess(source: string, given: MacroDefinitions = []): { code: string; pragmas: Map<number, Item>; notes: { line: number; text: string }[] } {
  const lines = stripComments(source.replace(/\r\n?/g, '\n')).split('\n');
  // `\` continuations: the joined text stays on the first line, the continued lines become blank
  for (let k = 0; k < lines.length; k++) {
    let j = k;
    while (/\\\s*$/.test(lines[k]!) && j + 1 < lines.length) {
      j++;
      lines[k] = `${lines[k]!.replace(/\\\s*$/, '')} ${lines[j]!}`;
      lines[j] = '';
    }
    k = j;
  }
  const defines = new Map<string, string>([...PREDEFINED, ...given]);
  const functions = new Set<string>();
  const pragmas = new Map<number, Item>();
  // the -D macros the program has not yet redefined or undefined (a note where it does)
  const commandLine = new Map<string, string>(given);
  const notes: { line: number; text: string }[] = [];
  const replaced = (name: string, line: number, how: 'redefines' | 'undefines') => {
    const value = commandLine.get(name);
    if (value === undefined) return;
    commandLine.delete(name);
    notes.push({ line, text: `${how} ${name} of the command line (-D ${name}=${value}) from here on` });
  };
  /** Open #if groups: whether the group's text is compiled, whether a branch was taken, whether the group itself is. */
  const groups: { active: boolean; taken: boolean; outer: boolean; line: number }[] = [];
  const active = () => groups.length === 0 || groups[groups.length - 1]!.active;
  for (const [k, text] of lines.entries()) {
    const line = k + 1;
    const pp = /^\s*#\s*([A-Za-z_]*)\s*(.*)$/.exec(text);
    if (pp === null) {
      if (!active()) lines[k] = '';
      else lines[k] = expand(text, defines, functions, line);
      continue;
    }
    lines[k] = '';
    const word = pp[1]!;
    const rest = pp[2]!;
    const condition = (kind: string) => ppCondition(kind, rest, defines, functions, line);
    switch (word) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        const outer = active();
        const holds = outer && condition(word);
        groups.push({ active: holds, taken: holds, outer, line });
        break;
      }
      case 'elif':
      case 'else': {
        const g = groups[groups.length - 1];
        if (g === undefined) throw new SourceError(line, `#${word} without #if`);
        g.active = g.outer && !g.taken && (word === 'else' || condition('if'));
        g.taken ||= g.active;
        break;
      }
      case 'endif':
        if (groups.pop() === undefined) throw new SourceError(line, '#endif without #if');
        break;
      default: {
        if (!active()) break;
        if (word === 'define') {
          const m = /^([A-Za-z_]\w*)(\()?\s*(.*)$/.exec(rest);
          if (!m) throw new SourceError(line, `cannot read #define ${rest}`);
          replaced(m[1]!, line, 'redefines');
          if (m[2] !== undefined) functions.add(m[1]!);
          else defines.set(m[1]!, m[3]!.trim());
        } else if (word === 'undef') {
          replaced(rest.trim(), line, 'undefines');
          defines.delete(rest.trim());
          functions.delete(rest.trim());
        } else if (word === 'pragma') {
          const api = /^(acc|omp)\b\s*(.*)$/.exec(rest);
          if (api) pragmas.set(line, { line, kind: 'pragma', api: api[1] === 'acc' ? 'openacc' : 'openmp', text: expand(api[2]!, defines, functions, line).trim() });
          else pragmas.set(line, { line, kind: 'pragma', api: null, text: `#pragma ${rest.trim()}` });
        }
        // #include, #error, #line and the null directive change nothing mapcheck reads
      }
    }
  }
  if (groups.length > 0) throw new SourceError(groups[groups.length - 1]!.line, '#if without #endif');
  return { code: lines.join('\n'), pragmas, notes };
}

/** Comments replaced by a blank (line breaks kept), outside string and character literals. */
function stripComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = literalEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += ' ';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new SourceError(text.slice(0, i).split('\n').length, 'this /* comment is never closed');
      out += ` ${text.slice(i, end + 2).replace(/[^\n]/g, '')}`;
      i = end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index after the string or character literal that starts at `i` (at most the end of its line). */
function literalEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length && text[j] !== text[i] && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, text.length);
}

/** How deep macros may nest, and how much they may lengthen a line: bounds, so that no source makes the reader hang. */
const MACRO_DEPTH = 64;
const MACRO_LENGTH = 1 << 16;

/** Object-like macros replaced in `text` (outside literals), recursively as C does (C11 §6.10.3.4). */
function expand(text: string, defines: Map<string, string>, functions: Set<string>, line: number, seen: ReadonlySet<string> = new Set()): string {
  if (seen.size > MACRO_DEPTH) throw new SourceError(line, `macros nest more than ${MACRO_DEPTH} deep here`);
  const out = text.replace(/"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|\b[A-Za-z_]\w*\b/g, (token) => {
    if (token.startsWith('"') || token.startsWith("'")) return token;
    if (functions.has(token) && !seen.has(token)) throw new SourceError(line, `${token} is a function-like macro, which mapcheck does not expand (write its expansion)`);
    const value = defines.get(token);
    if (value === undefined || seen.has(token)) return token;
    return expand(value, defines, functions, line, new Set([...seen, token]));
  });
  if (out.length - text.length > MACRO_LENGTH) throw new SourceError(line, `macros expand this line by more than ${MACRO_LENGTH} characters`);
  return out;
}

/** Whether an `#if`, `#ifdef` or `#ifndef` condition holds. */
function ppCondition(kind: string, text: string, defines: Map<string, string>, functions: Set<string>, line: number): boolean {
  const defined = (name: string) => defines.has(name) || functions.has(name);
  if (kind === 'ifdef') return defined(text.trim());
  if (kind === 'ifndef') return !defined(text.trim());
  const replaced = text.replace(/\bdefined\s*(?:\(\s*([A-Za-z_]\w*)\s*\)|([A-Za-z_]\w*))/g, (_, a?: string, b?: string) => (defined((a ?? b)!) ? '1' : '0'));
  // after expansion, a name that is no macro is 0 (C11 §6.10.1p4)
  const value = expand(replaced, defines, new Set(), line).replace(/\b[A-Za-z_]\w*\b/g, '0');
  return evalC(value, { value: () => null, sizeOf: () => null, isType: () => false }, line) !== 0;
}

/**
 * The program as items: statements end at `;` outside parentheses and braces, a `{` after `=` or
 * a struct head belongs to its statement (an initialiser, a member list), any other `{` opens a
 * block; `for`, `if`, `while` and `switch` with their parenthesised condition, `else` and `do` are
 * heads of the statement that follows. Each item keeps the line it starts on.
 */
function cItems(source: string, given: MacroDefinitions = []): { items: Item[]; notes: { line: number; text: string }[] } {
  const { code, pragmas, notes } = preprocess(source, given);
  const items: Item[] = [];
  let buf = '';
  let bufLine = 1;
  let line = 1;
  let depth = 0;
  let braces = 0;
  const blank = () => buf.trim() === '';
  const push = (kind: Item['kind'], text: string, at: number) => items.push({ line: at, kind, text: text.replace(/\s+/g, ' ').trim() });
  const atLine = (n: number) => {
    const p = pragmas.get(n);
    if (p === undefined) return;
    if (!blank() || depth > 0 || braces > 0) throw new SourceError(n, 'a #pragma inside a statement is not imported');
    items.push(p);
  };
  const word = /[A-Za-z_]\w*/y;
  atLine(1);
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '\n') {
      buf += ' ';
      atLine(++line);
      continue;
    }
    if (c === '"' || c === "'") {
      const end = literalEnd(code, i);
      if (code[end - 1] !== c || end - 1 === i) throw new SourceError(line, 'this string or character literal is never closed');
      if (blank()) bufLine = line;
      buf += code.slice(i, end);
      i = end - 1;
      continue;
    }
    if (blank() && depth === 0 && braces === 0 && /[A-Za-z_]/.test(c) && !/\w/.test(code[i - 1] ?? '')) {
      word.lastIndex = i;
      const w = word.exec(code)![0];
      if (w === 'else' || w === 'do') {
        push('head', w, line);
        i += w.length - 1;
        continue;
      }
      if (w === 'for' || w === 'if' || w === 'while' || w === 'switch') {
        let j = i + w.length;
        while (/[ \t]/.test(code[j] ?? '')) j++;
        if (code[j] === '(') {
          const close = matchingParen(code, j, line);
          const text = code.slice(i, close + 1);
          push('head', text, line);
          for (const ch of text) if (ch === '\n') atLine(++line);
          i = close;
          continue;
        }
      }
    }
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '{' && depth === 0) {
      if (braces > 0 || /=\s*$/.test(buf) || /\b(struct|union|enum)\b[^()]*$/.test(buf)) braces++;
      else {
        if (!blank()) push('head', buf, bufLine);
        buf = '';
        push('open', '{', line);
        continue;
      }
    } else if (c === '}' && depth === 0) {
      if (braces > 0) braces--;
      else {
        if (!blank()) throw new SourceError(bufLine, `"${buf.trim().slice(0, 40)}" needs a ; before the }`);
        push('close', '}', line);
        continue;
      }
    } else if (c === ';' && depth === 0 && braces === 0) {
      push('stmt', buf, blank() ? line : bufLine);
      buf = '';
      continue;
    }
    if (blank() && !/\s/.test(c)) bufLine = line;
    buf += c;
  }
  if (!blank()) throw new SourceError(bufLine, `"${buf.trim().slice(0, 40)}" does not end with ;`);
  return { items, notes };
}

/** The index of the `)` that closes the `(` at `open`, or -1. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = literalEnd(text, i) - 1;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The index of the `)` that closes the `(` at `open`; a SourceError on `line` when there is none. */
function matchingParen(text: string, open: number, line: number): number {
  const close = closingParen(text, open);
  if (close < 0) throw new SourceError(line, 'unbalanced parentheses');
  return close;
}

/** `text` split at top-level `sep` (outside parentheses, brackets, braces and literals); empty parts dropped. */
function splitC(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = literalEnd(text, i) - 1;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** String literals with their contents blanked, so that nothing inside them reads as code. */
function blankStrings(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, (s) => `"${' '.repeat(s.length - 2)}"`);
}

/** `lhs = rhs` or a compound `lhs op= rhs` at top level, or null. */
function splitAssignment(text: string): { lhs: string; op: string; rhs: string } | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = literalEnd(text, i) - 1;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === '=' && depth === 0) {
      if (text[i + 1] === '=') {
        i++;
        continue;
      }
      const prev = text[i - 1] ?? '';
      if (prev === '!' || ((prev === '<' || prev === '>') && text[i - 2] !== prev)) continue;
      const op = '+-*/%&|^'.includes(prev) && prev !== '' ? `${prev}=` : prev === '<' || prev === '>' ? `${prev}${prev}=` : '=';
      return { lhs: text.slice(0, i - op.length + 1).trim(), op, rhs: text.slice(i + 1).trim() };
    }
  }
  return null;
}

/** `X++`, `++X`, `X--`, `--X` as the assignment `X += 1` / `X -= 1`; null for another statement. */
function increment(text: string): { lhs: string; op: string; rhs: string } | null {
  const m = /^(\+\+|--)\s*([\s\S]+)$|^([\s\S]+?)\s*(\+\+|--)$/.exec(text.trim());
  if (!m) return null;
  return { lhs: (m[2] ?? m[3])!.trim(), op: (m[1] ?? m[4]) === '++' ? '+=' : '-=', rhs: '1' };
}

/**
 * What of a statement the host evaluates, for the data a check reads: string and character literals
 * blanked, calls of runtime routines (read as steps of their own) and `sizeof` with its operand
 * (never evaluated, C11 §6.5.3.4) replaced by 0.
 */
function evaluated(text: string, line: number): string {
  const t = text.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, (s) => `${s[0]}${' '.repeat(s.length - 2)}${s[0]}`);
  const skip = /\b(?:(?:acc|omp)_\w+\s*(?=\()|sizeof\b\s*)/g;
  let out = '';
  let from = 0;
  for (let m = skip.exec(t); m !== null; m = skip.exec(t)) {
    const at = m.index + m[0].length;
    let end = at;
    if (t[at] === '(') end = matchingParen(t, at, line) + 1;
    else {
      while (t[end] === '*' || t[end] === ' ') end++;
      end = designatorEnd(t, end);
    }
    out += `${t.slice(from, m.index)}0`;
    from = skip.lastIndex = end;
  }
  return out + t.slice(from);
}

/** The index after the designator (a name, then `[…]` subscripts and `.member`s) that starts at `at`. */
function designatorEnd(text: string, at: number): number {
  const name = /[A-Za-z_]\w*/y;
  const member = /\s*\.\s*[A-Za-z_]\w*/y;
  const open = /\s*\[/y;
  name.lastIndex = at;
  let i = name.test(text) ? name.lastIndex : at;
  for (;;) {
    member.lastIndex = open.lastIndex = i;
    if (member.test(text)) i = member.lastIndex;
    else if (open.test(text)) {
      let depth = 1;
      let j = open.lastIndex;
      for (; j < text.length && depth > 0; j++) {
        if (text[j] === '[') depth++;
        else if (text[j] === ']') depth--;
      }
      if (depth > 0) return i;
      i = j;
    } else return i;
  }
}

/** The unary `&` or `*` applied to what starts at `at`, or null (none, or a binary `&`, `&&`, `*`). */
function unaryBefore(text: string, at: number): '&' | '*' | null {
  let i = at - 1;
  while (text[i] === ' ') i--;
  const op = text[i];
  if (op !== '&' && op !== '*') return null;
  i--;
  while (text[i] === ' ') i--;
  // an operand before it makes it binary; `&&` is logical
  if (/[\w)\]]/.test(text[i] ?? '') || (op === '&' && text[i] === '&')) return null;
  return op;
}

/** Leading casts `(int *)`, `(void **)`, `(const struct t *)` and enclosing parentheses removed. */
function stripCasts(text: string): string {
  let t = text.trim();
  while (t.startsWith('(')) {
    const close = closingParen(t, 0);
    if (close < 0) break;
    if (close === t.length - 1) {
      t = t.slice(1, -1).trim();
      continue;
    }
    // a cast names a type: scalar words, a struct, or any name with a `*`
    const inner = t.slice(1, close).replace(/\b(?:const|volatile|restrict)\b/g, ' ');
    const core = inner.replace(/\*/g, ' ').trim().replace(/\s+/g, ' ');
    const cast = /^struct [A-Za-z_]\w*$/.test(core) || SCALAR_WORDS.exec(core)?.[0].trim() === core || (inner.includes('*') && /^[A-Za-z_]\w*$/.test(core));
    if (!cast) break;
    t = t.slice(close + 1).trim();
  }
  return t;
}

// ------------------------------------------------------------------------------------------------
// Integer constant expressions

/**
 * A value's text with each floating literal of an integral value written as that integer (`3.0`,
 * `5.`, `2.0f`, `1.0e0`: 3, 5, 2, 1), as `float` / `double` data is read as integers; any other
 * (`2.5`, `1e3`) is left, so the expression stays one mapcheck cannot evaluate.
 */
export function integralFloats(text: string): string {
  return text.replace(/(?<![\w.])(\d+)\.0*(?:[eE][+-]?0+)?[fFlL]?(?![\w.])/g, '$1');
}

/** What an integer constant expression may name (evalC). */
export interface CScope {
  /** The value of a name or a member (`n`, `c.p_n`) where the program sets it to a constant, or null. */
  value(designator: string): number | null;
  /** `sizeof` of a type name (`int`, `struct t`) or of an expression (`a`, `*c.p`, `res[0]`), or null. */
  sizeOf(text: string, isType: boolean): number | null;
  /** Whether the text is a type name (of a cast, or the operand of sizeof). */
  isType(text: string): boolean;
}

interface Token {
  kind: 'num' | 'id' | 'op';
  text: string;
  at: number;
  end: number;
  value: number;
}

/**
 * A C integer constant expression (C11 §6.6): integer literals, names the scope resolves, `sizeof`,
 * casts, `+ - * / %` (division truncating), comparisons, `!`, `&&`, `||` and parentheses.
 */
export function evalC(text: string, scope: CScope, line: number): number {
  return evalCAffine(text, scope, line).c;
}

/**
 * A C integer expression as `k * index + c` (evalC's forms, where the name `index` is the loop
 * index): the index may be added, subtracted, negated and multiplied by a constant; any other
 * operator needs constant operands.
 */
export function evalCAffine(text: string, scope: CScope, line: number, index?: string): Affine {
  const fail = (): never => {
    throw new SourceError(line, `"${text.trim()}" is not a constant integer expression mapcheck can evaluate`);
  };
  const constant = (c: number): Affine => ({ k: 0, c });
  /** The value of a constant operand. */
  const known = (a: Affine): number => (a.k === 0 ? a.c : fail());
  const toks: Token[] = [];
  const re = /(0[xX][0-9a-fA-F]+|\d+)[uUlL]*(?![\w.])|[A-Za-z_]\w*|->|<=|>=|==|!=|&&|\|\||[-+*/%()[\].!<>~]/y;
  for (let i = 0; ; ) {
    while (/\s/.test(text[i] ?? '')) i++;
    if (i >= text.length) break;
    re.lastIndex = i;
    const m = re.exec(text) ?? fail();
    const num = m[1];
    const value = num === undefined ? 0 : /^0[xX]/.test(num) ? Number.parseInt(num, 16) : /^0\d/.test(num) ? Number.parseInt(num, 8) : Number.parseInt(num, 10);
    toks.push({ kind: num !== undefined ? 'num' : /^[A-Za-z_]/.test(m[0]) ? 'id' : 'op', text: m[0], at: i, end: i + m[0].length, value });
    i += m[0].length;
  }
  let k = 0;
  /** Parentheses and unary operators open so far: bounded, so that no expression overflows the stack. */
  let depth = 0;
  const isOp = (o: string, at = k) => toks[at]?.kind === 'op' && toks[at]!.text === o;
  const source = (from: number, to: number) => text.slice(toks[from]!.at, toks[to - 1]!.end);
  /** The index of the `)` closing the `(` at `open`. */
  const closeOf = (open: number): number => {
    for (let j = open, depth = 0; j < toks.length; j++) {
      if (isOp('(', j)) depth++;
      else if (isOp(')', j) && --depth === 0) return j;
    }
    return fail();
  };
  /** The type name in the parentheses at `open`, or null when they hold an expression. */
  const typeAt = (open: number): string | null => {
    const close = closeOf(open);
    if (close === open + 1) return null;
    const t = source(open + 1, close);
    return scope.isType(t) ? t : null;
  };
  const designator = (): string => {
    const from = k;
    if (toks[k]?.kind !== 'id') fail();
    k++;
    for (;;) {
      if (isOp('[')) {
        let depth = 0;
        do {
          if (isOp('[')) depth++;
          else if (isOp(']')) depth--;
          k++;
        } while (depth > 0 && k < toks.length);
        if (depth !== 0) fail();
      } else if (isOp('.') && toks[k + 1]?.kind === 'id') k += 2;
      else return source(from, k);
    }
  };
  const unary = (): Affine => {
    if (++depth > 200) fail();
    try {
      return unaryAt(toks[k] ?? fail());
    } finally {
      depth--;
    }
  };
  const unaryAt = (t: Token): Affine => {
    if (t.kind === 'op' && ['-', '+', '!', '~'].includes(t.text)) {
      k++;
      const v = unary();
      if (t.text === '-') return affineProduct(constant(-1), v)!;
      return t.text === '+' ? v : constant(t.text === '!' ? Number(known(v) === 0) : ~known(v));
    }
    if (t.kind === 'id' && t.text === 'sizeof') {
      k++;
      if (isOp('(')) {
        const type = typeAt(k);
        if (type !== null) {
          k = closeOf(k) + 1;
          return constant(scope.sizeOf(type, true) ?? fail());
        }
      }
      const from = k;
      while (isOp('*')) k++;
      if (isOp('(')) k = closeOf(k) + 1;
      else designator();
      return constant(scope.sizeOf(source(from, k), false) ?? fail());
    }
    if (isOp('(') && typeAt(k) !== null) {
      k = closeOf(k) + 1; // a cast: (int), (size_t)
      return unary();
    }
    if (t.kind === 'num') {
      k++;
      return constant(t.value);
    }
    if (isOp('(')) {
      k++;
      const v = or();
      if (!isOp(')')) fail();
      k++;
      return v;
    }
    if (t.kind === 'id') {
      const d = designator();
      if (d === index) return { k: 1, c: 0 };
      return constant(scope.value(d) ?? fail());
    }
    return fail();
  };
  const level =
    (ops: string[], next: () => Affine, apply: (op: string, a: Affine, b: Affine) => Affine) =>
    (): Affine => {
      let v = next();
      while (toks[k]?.kind === 'op' && ops.includes(toks[k]!.text)) {
        const op = toks[k++]!.text;
        v = apply(op, v, next());
      }
      return v;
    };
  /** An operator of constant operands. */
  const of = (f: (o: string, a: number, b: number) => number) => (o: string, a: Affine, b: Affine) => constant(f(o, known(a), known(b)));
  const divide = of((o, a, b) => (b === 0 ? fail() : o === '/' ? Math.trunc(a / b) : a % b));
  const mul = level(['*', '/', '%'], unary, (o, a, b) => (o === '*' ? (affineProduct(a, b) ?? fail()) : divide(o, a, b)));
  const add = level(['+', '-'], mul, (o, a, b) => affineSum(a, b, o === '+' ? 1 : -1));
  const rel = level(['<', '>', '<=', '>='], add, of((o, a, b) => Number(o === '<' ? a < b : o === '>' ? a > b : o === '<=' ? a <= b : a >= b)));
  const eq = level(['==', '!='], rel, of((o, a, b) => Number(o === '==' ? a === b : a !== b)));
  const and = level(['&&'], eq, of((_, a, b) => Number(a !== 0 && b !== 0)));
  const or = level(['||'], and, of((_, a, b) => Number(a !== 0 || b !== 0)));
  if (toks.length === 0) fail();
  const v = or();
  if (k !== toks.length || !Number.isSafeInteger(v.k) || !Number.isSafeInteger(v.c)) fail();
  return v;
}

// ------------------------------------------------------------------------------------------------
// Types and designators

/** A C type, as far as sizes and element types need it. */
type CType =
  | { kind: 'scalar'; name: string; bytes: number }
  | { kind: 'pointer'; to: CType }
  | { kind: 'array'; of: CType; length: number }
  | { kind: 'struct'; def: StructDef }
  | { kind: 'void' };

interface StructDef {
  /** `struct t`, or the typedef name of an untagged struct. */
  name: string;
  members: Map<string, CType>;
  /** `int *p` members: the language's pointer members. */
  pointers: string[];
  /** `int n` / `int arr[4]` members: the language's non-pointer members. */
  fields: { name: string; length?: number }[];
  /** `int p_n` after pointer `p`: its element count (emit's layout), part of the pointer's descriptor in the language. */
  counts: string[];
  /** C's sizeof and alignment (8-byte pointers, members aligned to their size). */
  bytes: number;
  align: number;
}

/** Bytes of the scalar types (an LP64 target, as GCC and Clang on x86_64 and aarch64 Linux). */
const SCALAR_BYTES: Record<string, number> = {
  char: 1,
  _Bool: 1,
  bool: 1,
  short: 2,
  int: 4,
  long: 8,
  'long long': 8,
  float: 4,
  double: 8,
  'long double': 16,
  size_t: 8,
  ptrdiff_t: 8,
  intptr_t: 8,
  uintptr_t: 8,
  int8_t: 1,
  uint8_t: 1,
  int16_t: 2,
  uint16_t: 2,
  int32_t: 4,
  uint32_t: 4,
  int64_t: 8,
  uint64_t: 8,
};
const SCALAR_WORDS = /^(?:(?:unsigned|signed|short|long|int|char|float|double|void|_Bool|bool|size_t|ptrdiff_t|u?intptr_t|u?int(?:8|16|32|64)_t)\b\s*)+/;

/** The scalar type of specifier words (`unsigned long int` is long), or null. */
function scalarType(words: string): CType | null {
  const all = words.trim().split(/\s+/);
  const core = all.filter((w) => w !== 'signed' && w !== 'unsigned');
  let name = core.join(' ').replace(/ int$/, '');
  if (name === '') name = 'int';
  if (name === 'void') return { kind: 'void' };
  const bytes = SCALAR_BYTES[name];
  return bytes === undefined ? null : { kind: 'scalar', name, bytes };
}

function bytesOf(t: CType): number {
  switch (t.kind) {
    case 'scalar':
      return t.bytes;
    case 'pointer':
      return 8;
    case 'array':
      return t.length * bytesOf(t.of);
    case 'struct':
      return t.def.bytes;
    case 'void':
      return 1;
  }
}

function alignOf(t: CType): number {
  return t.kind === 'array' ? alignOf(t.of) : t.kind === 'struct' ? t.def.align : Math.min(bytesOf(t), 16);
}

/** The element type of an array or the type a pointer points to, or null. */
function elementOf(t: CType): CType | null {
  return t.kind === 'array' ? t.of : t.kind === 'pointer' ? t.to : null;
}

/** Whether a type holds numbers the language reads as its int32 elements (no char, bool or void). */
function isNumber(t: CType): t is { kind: 'scalar'; name: string; bytes: number } {
  return t.kind === 'scalar' && !['char', '_Bool', 'bool', 'int8_t', 'uint8_t'].includes(t.name);
}

/** A C designator: a name, then subscripts and member selections (`cs[1].p[0:n]`). */
interface Path {
  root: string;
  steps: ({ index: string } | { member: string })[];
}

function parsePath(text: string): Path | null {
  const t = text.trim();
  const m = /^[A-Za-z_]\w*/.exec(t);
  if (!m) return null;
  const path: Path = { root: m[0], steps: [] };
  let i = m[0].length;
  while (i < t.length) {
    const c = t[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '[') {
      let depth = 0;
      let j = i;
      for (; j < t.length; j++) {
        if (t[j] === '[') depth++;
        else if (t[j] === ']' && --depth === 0) break;
      }
      if (j >= t.length) return null;
      path.steps.push({ index: t.slice(i + 1, j).trim() });
      i = j + 1;
    } else if (c === '.') {
      const name = /^\s*([A-Za-z_]\w*)/.exec(t.slice(i + 1));
      if (!name) return null;
      path.steps.push({ member: name[1]! });
      i += 1 + name[0].length;
    } else return null;
  }
  return path;
}

/** A declarator: `*p`, `a[10]`, `cs[3]`, `n = 5`, `f(void)`. */
interface Declarator {
  name: string;
  stars: number;
  dims: string[];
  init?: string;
  /** A function declarator (a prototype). */
  fn: boolean;
}

function parseDeclarator(text: string): Declarator | null {
  const m = /^((?:\*\s*(?:(?:const|volatile|restrict)\b\s*)*)*)([A-Za-z_]\w*)\s*([\s\S]*)$/.exec(text.trim());
  if (!m) return null;
  const stars = (m[1]!.match(/\*/g) ?? []).length;
  const name = m[2]!;
  let rest = m[3]!;
  if (rest.startsWith('(')) return { name, stars, dims: [], fn: true };
  const dims: string[] = [];
  while (rest.startsWith('[')) {
    const close = rest.indexOf(']');
    if (close < 0) return null;
    dims.push(rest.slice(1, close).trim());
    rest = rest.slice(close + 1).trim();
  }
  if (rest === '') return { name, stars, dims, fn: false };
  if (rest.startsWith('=')) return { name, stars, dims, init: rest.slice(1).trim(), fn: false };
  return null;
}

// ------------------------------------------------------------------------------------------------
// The reader

interface ArrayVar {
  /** Elements; undefined for a pointer variable that has no storage yet. */
  length?: number;
  init?: number | number[];
  elem: CType;
  /** Declared `T *a`: storage from malloc, or a pointer (then a plain pointer variable). */
  pointer: boolean;
  line: number;
  /** A scalar variable the program uses as data (`int x`; lang/program.ts ArrayDecl scalar): one element, named whole. */
  scalar?: true;
}

/**
 * Why a scalar is data of the program (findDataScalars): the line of its first use as data and
 * what that use is, for the message that refuses it as a constant elsewhere.
 */
interface DataScalar {
  line: number;
  why: string;
}

/**
 * A scalar that is data of the program read where a constant is needed: its value changes with the
 * mapping (a copy back, a kernel's write), so the importer does not take it as a constant.
 */
class DataScalarUse extends SourceError {}

interface StructVar {
  def: StructDef;
  count?: number;
  line: number;
  /** Initial values of the non-pointer members, from assignments before the first step. */
  fieldInit: Map<string, number | number[]>;
}

/** What a sequence of elements a designator or an address reaches belongs to. */
type Base =
  | { kind: 'array'; name: string; length: number; elem: CType }
  | { kind: 'structs'; name: string; count: number | undefined; def: StructDef }
  | { kind: 'target'; ref: string; plain: boolean; length: number | null; elem: CType }
  | { kind: 'field'; ref: string; length: number | undefined };

/** What a designator names: elements of a base, a pointer itself, or a pointer's element count member. */
type Named =
  | { kind: 'span'; base: Base; start: number; count: number; element: boolean }
  | { kind: 'pointer'; ref: string; variable: boolean }
  | { kind: 'count'; key: string };

type Span = Extract<Named, { kind: 'span' }>;

/** Where an address expression points: an element of a base, or a pointer itself (`&c.p`). */
type Place = { kind: 'at'; base: Base; start: number; element: boolean } | { kind: 'pointer'; ref: string; variable: boolean };

/** A host pointer's current target (what `c.p = &a[2]` made it): elements start.. of an array, malloc'd storage, or none. */
type Target = { array: string; start: number; length: number } | { heap: true; length: number } | null;

interface Loop {
  v: string;
  /** C indices lo .. hi-1. */
  lo: number;
  hi: number;
}

/** What one assignment in a loop does. */
type LoopAction =
  | { kind: 'read'; sink: string; body: { read: string } | { pointer: string } }
  /** `rhs` the value written, or with `add` the value added (`X[i] += rhs`, `X[i] = X[i] + rhs`, `X[i]++`). */
  | { kind: 'write'; named: Span; rhs: string; add?: true }
  | { kind: 'fill'; sink: string }
  | { kind: 'print'; refs: string[] };

const ACC_ATTACH_ROUTINES = ['acc_attach', 'acc_detach', 'acc_detach_finalize'];
const DEVICE_MEMORY_ROUTINES = /^(?:acc_(?:malloc|free|map_data|unmap_data|memcpy_\w+|hostptr)|omp_(?:target_(?:alloc|free|memcpy\w*|associate_ptr|disassociate_ptr|is_accessible)|get_mapped_ptr))$/;
/** The routines that allocate device memory a program keeps in a pointer variable (`d = acc_malloc(n)`). */
const DEVICE_ALLOCATORS = ['acc_malloc', 'omp_target_alloc'];
/**
 * The routines whose returned device pointer a program may keep in such a variable: the allocators,
 * and the OpenACC routines that return the device address of host data (the step's `result`).
 */
const DEVICE_POINTER_ROUTINES = [...DEVICE_ALLOCATORS, 'acc_deviceptr', ...Object.keys(ACC_DATA_ROUTINES).filter((r) => ['acc_copyin', 'acc_create'].includes(ACC_DATA_ROUTINES[r]!))];
/** The routines above as a message lists them. */
const DEVICE_POINTER_LIST = ['acc_malloc', 'omp_target_alloc', 'acc_deviceptr', 'acc_copyin', 'acc_create'].join(', ').replace(/, (?=[^,]*$)/, ' or ');
/** `d = acc_malloc(…)`, `float *d = (float *) acc_copyin(…)`: the variable given device memory. */
const DEVICE_ALLOCATION = new RegExp(`(?:^|[\\s*])([A-Za-z_]\\w*)\\s*=\\s*(?:\\([^()]*\\)\\s*)*(?:${DEVICE_POINTER_ROUTINES.join('|')})\\s*\\(`);
/** A device pointer argument: `d`, `(T *) d`, `d + k`, `(char *) d + k`, `&d[k]`. */
const DEVICE_POINTER_ARG = /^(?:\(\s*(?:const\s+)?([A-Za-z_][\w\s]*?)\s*\*\s*\)\s*)?([A-Za-z_]\w*)\s*(?:\+\s*([\s\S]+))?$/;

/**
 * A pointer variable that holds device memory (lang/README.md "Device memory routines in C"): the
 * handle of the allocation it holds now, and what `d + 1` adds to it.
 */
interface DevicePointer {
  /** The handle (a result of an allocation step) it holds; null where it holds NULL; undefined before the first assignment. */
  handle: string | null | undefined;
  /** Bytes an element of its declared type covers: 1 for void and char, the language's 4 for numbers. */
  elem: number;
  line: number;
}
/** Routines that ask about devices or time and change nothing mapcheck models. */
const HOST_QUERIES = new Set([
  'acc_get_num_devices',
  'acc_get_device_type',
  'acc_get_device_num',
  'acc_get_property',
  'acc_get_property_string',
  'acc_on_device',
  'acc_async_test',
  'acc_async_test_all',
  'acc_wait',
  'acc_wait_all',
  'omp_get_num_devices',
  'omp_get_device_num',
  'omp_get_default_device',
  'omp_get_initial_device',
  'omp_is_initial_device',
  'omp_get_thread_num',
  'omp_get_num_threads',
  'omp_get_max_threads',
  'omp_get_num_procs',
  'omp_get_num_teams',
  'omp_get_team_num',
  'omp_in_parallel',
  'omp_get_wtime',
  'omp_get_wtick',
]);
const ROUTINE_CALL = /\b((?:acc|omp)_\w+)\s*\(/g;
/** The routines whose first argument is the program's data (an address and its bytes): a scalar passed to one is data. */
const DATA_ARGUMENT_ROUTINES = new Set([...Object.keys(ACC_DATA_ROUTINES), 'acc_update_self', 'acc_update_device', 'acc_is_present', 'acc_deviceptr', 'omp_target_is_present']);
/** Whether a directive is a compute construct that is not combined with a loop (`#pragma omp target`, `#pragma acc serial`): its statement may be scalar statements (CReader.scalarKernel). */
function isComputeWithoutLoop(d: DirectiveText): boolean {
  if (combinesLoop(d.api, d.name)) return false;
  return d.api === 'openacc' ? ['parallel', 'kernels', 'serial'].includes(d.name) : isOmpTargetKernel(d.name);
}
/** A null pointer constant (casts removed). */
const NULL_POINTER = /^(?:NULL|0|nullptr)$/;

/** The C reader's state: declarations so far, the steps, and what was passed over. */
class CReader extends SourceReader {
  protected override readonly preprocessed = true;
  private readonly structTypes = new Map<string, StructDef>();
  private readonly typedefs = new Map<string, CType>();
  /** Every variable's C type (for sizeof). */
  private readonly types = new Map<string, CType>();
  private readonly arrays = new Map<string, ArrayVar>();
  private readonly structs = new Map<string, StructVar>();
  /** Variables that are no data of the program, with why (a pointer array, a char array, …). */
  private readonly opaque = new Map<string, string>();
  /** Scalars and pointers' count members (`c%p_n`) with the constant value straight-line code gave them. */
  private readonly values = new Map<string, number>();
  /** Pointer variables that are pointer-assigned: plain pointer variables (lang/README.md "Plain pointer variables"). */
  private readonly plain = new Set<string>();
  /** Each pointer's current target (`c%p`, `cs(2)%p`, `p`), as far as the program's order shows it. */
  private readonly targets = new Map<string, Target>();
  /** Per result buffer, the lines of the reads (kernels and host loops) into it. */
  private readonly sinks = new Map<string, number[]>();
  /** Loops `r[i] = X…` (findResultBuffers): r is a result buffer when X is data of the program. */
  private readonly candidates: { sink: string; source: string }[] = [];
  /** Scalars the program uses as data (findDataScalars): declared as numbers, they become scalar variables of the world. */
  private readonly dataScalars = new Map<string, DataScalar>();
  /** Pointer members the program gives storage with malloc / calloc (`c%x`): allocatable components, found before reading. */
  private readonly heapMembers = new Set<string>();
  /** Where each root name is first used by a step (line), to refuse a result buffer used elsewhere. */
  private readonly uses = new Map<string, number>();
  /** Pointer variables given device memory (findDevicePointers), by name. */
  private readonly devicePointers = new Map<string, DevicePointer>();
  /** Names the program assigns an acc_malloc / omp_target_alloc result, found before reading. */
  private readonly deviceNames = new Set<string>();
  /** While a compute construct's statements are read: whether it runs on the initial device (deviceQueries). */
  private runsOn: { initial: boolean; line: number } | null = null;
  /** Where omp_get_num_devices() was read as a number, and that number (deviceQueries). */
  private readonly deviceCounts: { line: number; count: number }[] = [];
  private requiresUsm = false;
  /** main has returned: what follows never runs. */
  private returned = false;
  /** The line of the statement being read (importC names it for a program nested too deeply to read). */
  line = 1;
  /** Reading main (declarations there have automatic storage unless static). */
  private inMain = false;
  /** Between `declare target` and `end declare target`: the names declared so far. */
  private targetBlock: string[] | null = null;
  /** `declare mapper` directives (declareMapper). */
  private readonly mappers: { def: StructDef; variable: string; maps: { type: string; vars: string[] }[]; line: number }[] = [];

  /**
   * @param notBuffers arrays that look like result buffers but that a step also uses (SinkUsed):
   * data of the program, the loops into them copies.
   */
  constructor(
    private readonly items: Item[],
    private readonly notBuffers: ReadonlySet<string> = new Set(),
  ) {
    super();
  }

  read(): Imported {
    this.findResultBuffers();
    this.findHeapMembers();
    this.findDevicePointers();
    this.findDataScalars();
    let sawMain = false;
    for (let k = 0; k < this.items.length; ) {
      const it = this.items[k]!;
      if (it.kind === 'pragma') {
        this.filePragma(it);
        k++;
      } else if (it.kind === 'stmt') {
        if (it.text !== '' && !this.declaration(it)) throw new SourceError(it.line, `"${it.text.slice(0, 40)}" at file scope is not a declaration mapcheck reads`);
        k++;
      } else if (it.kind === 'head' && this.items[k + 1]?.kind === 'open') {
        if (/^(?:int|void)\s+main\s*\(/.test(it.text)) {
          if (sawMain) throw new SourceError(it.line, 'a second main function');
          sawMain = true;
          this.inMain = true;
          k = this.block(k + 1);
          this.inMain = false;
        } else k = this.otherFunction(k);
      } else throw new SourceError(it.line, `"${it.text.slice(0, 40)}" at file scope is not read (declarations and functions only)`);
    }
    if (!sawMain) throw new SourceError(1, 'no main function: mapcheck imports a C main program (int main(void) { … })');
    return this.finish();
  }

  /**
   * The result buffers of reads, found before reading (a program fills and checks its buffer
   * around the kernel): the array r of a loop whose one statement is `r[…] = X…`.
   */
  private findResultBuffers(): void {
    for (const [k, it] of this.items.entries()) {
      if (it.kind !== 'head' || !/^for\b/.test(it.text)) continue;
      const v = /^for\s*\(\s*(?:[A-Za-z_]\w*\s+)*([A-Za-z_]\w*)\s*=/.exec(it.text)?.[1];
      const next = this.items[k + 1]?.kind === 'open' ? this.items[k + 2] : this.items[k + 1];
      const a = next?.kind === 'stmt' ? splitAssignment(next.text) : null;
      const lhs = a?.op === '=' ? /^([A-Za-z_]\w*)\s*\[[^\]]*\]$/.exec(a.lhs) : null;
      const rhs = a ? parsePath(stripCasts(a.rhs)) : null;
      if (lhs && rhs && rhs.root !== lhs[1] && rhs.root !== v) this.candidates.push({ sink: lhs[1]!, source: rhs.root });
    }
  }

  /**
   * The pointer members a program gives storage with malloc / calloc, found before reading (a
   * member set to NULL before its first malloc is already one): `c.x = malloc(…)`, `cs[1].x = …`.
   */
  private findHeapMembers(): void {
    for (const it of this.items) {
      const m = it.kind === 'stmt' ? /^([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?\.\s*([A-Za-z_]\w*)\s*=\s*(?:\([^)]*\)\s*)?(?:malloc|calloc)\s*\(/.exec(it.text) : null;
      if (m) this.heapMembers.add(`${m[1]}%${m[2]}`);
      // a designated initialiser: `struct dc v = { .a = 3, .b = (int *) malloc (…) };`
      const init = it.kind === 'stmt' ? /([A-Za-z_]\w*)\s*=\s*\{([\s\S]*)\}\s*$/.exec(it.text) : null;
      if (init) for (const d of init[2]!.matchAll(/\.\s*([A-Za-z_]\w*)\s*=\s*(?:\([^)]*\)\s*)?(?:malloc|calloc)\s*\(/g)) this.heapMembers.add(`${init[1]}%${d[1]}`);
    }
  }

  /** The pointer variables the program gives device memory (`d = acc_malloc(n)`), found before reading (their declarations come first). */
  private findDevicePointers(): void {
    for (const it of this.items) {
      const m = it.kind === 'stmt' ? DEVICE_ALLOCATION.exec(blankStrings(it.text)) : null;
      if (m) this.deviceNames.add(m[1]!);
    }
  }

  /**
   * The scalars the program uses as data, found before reading (a declaration comes before the
   * directives that map it): a name a data, map or motion clause lists whole (`map(tofrom: x)`,
   * `copy(x)`, `update device(x)`), the first argument of a data or query routine (`acc_copyin(&x,
   * sizeof x)`, `omp_target_is_present(&x, dev)`), or one a compute construct without a loop
   * assigns (`#pragma omp target` then `x = 222;`). Declared as a number, such a name is a scalar
   * variable of the world (declare) rather than a constant.
   */
  private findDataScalars(): void {
    const add = (name: string | undefined, line: number, why: string) => {
      if (name !== undefined && !this.dataScalars.has(name)) this.dataScalars.set(name, { line, why });
    };
    for (const [k, it] of this.items.entries()) {
      if (it.kind === 'pragma' && (it.api === 'openacc' || it.api === 'openmp')) {
        const list = /^declare\s+target\s*\(([\s\S]*)\)\s*$/.exec(it.text);
        if (it.api === 'openmp' && list) {
          for (const item of splitC(list[1]!, ',')) add(itemRoot(item), it.line, 'named in declare target');
          continue;
        }
        let d: DirectiveText;
        try {
          d = parseDirective(it.api, it.text, it.line);
        } catch {
          continue; // the reading pass reports it
        }
        for (const item of dataClauseLists(d).flatMap((list) => splitC(list, ','))) add(itemRoot(item), it.line, `named in a clause of ${this.sentinel(d.api)} ${d.name}`);
        if (!isComputeWithoutLoop(d)) continue;
        for (const st of this.computeBody(k)?.stmts ?? []) {
          const a = splitAssignment(st.text) ?? increment(st.text);
          const lhs = a === null ? null : parsePath(a.lhs);
          if (lhs !== null && lhs.steps.length === 0) add(lhs.root, st.line, `written by the compute construct at line ${it.line}`);
        }
      } else if (it.kind === 'stmt' || it.kind === 'head') {
        const code = blankStrings(it.text);
        for (const m of code.matchAll(ROUTINE_CALL)) {
          if (!DATA_ARGUMENT_ROUTINES.has(m[1]!)) continue;
          const close = closingParen(code, m.index + m[0].length - 1);
          const first = close < 0 ? undefined : splitC(code.slice(m.index + m[0].length, close), ',')[0];
          const path = first === undefined ? null : parsePath(stripCasts(first).replace(/^&\s*/, ''));
          if (path !== null && path.steps.length === 0) add(path.root, it.line, `passed to ${m[1]}`);
        }
      }
    }
  }

  /**
   * The statements of a compute construct without a loop at `k`: the one statement after it, or
   * the simple statements of the block after it (null when the block holds anything else: a loop,
   * a nested block, a directive). Returns them (empty statements left out) and the index after the
   * construct.
   */
  private computeBody(k: number): { stmts: Item[]; end: number } | null {
    const next = this.items[k + 1];
    if (next?.kind === 'stmt') return { stmts: next.text === '' ? [] : [next], end: k + 2 };
    if (next?.kind !== 'open') return null;
    const stmts: Item[] = [];
    let j = k + 2;
    for (; this.items[j]?.kind === 'stmt'; j++) if (this.items[j]!.text !== '') stmts.push(this.items[j]!);
    return this.items[j]?.kind === 'close' ? { stmts, end: j + 1 } : null;
  }

  /** Whether `name` is a scalar variable of the program (a scalar it uses as data). */
  private isScalar(name: string): boolean {
    return this.arrays.get(name)?.scalar === true;
  }

  protected override isScalarVariable(name: string): boolean {
    return this.isScalar(name);
  }

  /** Whether a base is a scalar variable. */
  private scalarBase(base: Base): boolean {
    return base.kind === 'array' && this.isScalar(base.name);
  }

  /**
   * The scalar variables an expression (a printf argument, a kernel's output) reads: each name of
   * one, not under `&` (an address) or `sizeof`, outside string literals.
   */
  private scalarReads(text: string, line: number): string[] {
    const t = evaluated(stripCasts(text), line);
    const out: string[] = [];
    for (const m of t.matchAll(/(?<![\w.]|->|\.\s+|->\s+)[A-Za-z_]\w*/g)) {
      if (this.isScalar(m[0]) && unaryBefore(t, m.index) !== '&' && !out.includes(m[0])) out.push(m[0]);
    }
    return out;
  }

  /** Whether `name` is a result buffer: an array (of numbers or pointers) a loop copies data of the program into. */
  private isBuffer(name: string): boolean {
    const declared = (this.arrays.has(name) && !this.arrays.get(name)!.pointer) || this.types.get(name)?.kind === 'array';
    return declared && !this.notBuffers.has(name) && this.candidates.some((c) => c.sink === name && this.isData(c.source) && !this.isScalar(c.source));
  }

  /** Whether a name is data of the program (an array, a scalar variable, a pointer variable or a struct; not a constant scalar). */
  private isData(name: string): boolean {
    return this.arrays.has(name) || this.structs.has(name);
  }

  /** A function other than main: passed over, unless it holds a directive or a runtime routine. */
  private otherFunction(k: number): number {
    const head = this.items[k]!;
    const end = this.extent(k + 1);
    const name = /([A-Za-z_]\w*)\s*\(/.exec(head.text)?.[1] ?? head.text;
    for (const it of this.items.slice(k + 1, end)) {
      if (it.kind === 'pragma' && it.api !== null)
        throw new SourceError(it.line, `a directive inside function ${name} is not imported: mapcheck reads the main program only (inline the function)`);
      if (this.runsRoutine(it.text)) throw new SourceError(it.line, `a runtime routine inside function ${name} is not imported: mapcheck reads the main program only (inline the function)`);
    }
    this.passed.push({ line: head.line, text: `${this.lineSpan(head, this.items[end - 1]!)}: function ${name}` });
    return end;
  }

  /** A pragma at file scope: `omp requires unified_shared_memory`, or a pragma of another kind. */
  private filePragma(it: Item): void {
    if (it.api === null || it.api === undefined) {
      this.pass(it, 'a pragma of another kind');
      return;
    }
    if (this.declareDirective(it)) return;
    const d = parseDirective(it.api, it.text, it.line);
    if (d.api === 'openmp' && d.name === 'requires') return this.requires(it, d);
    throw new SourceError(it.line, `#pragma ${d.api === 'openacc' ? 'acc' : 'omp'} ${d.name} at file scope is not imported`);
  }

  /**
   * The declare directives of the program's data, true when `it` is one: OpenACC `declare`
   * (OpenACC 3.3 §2.13: static data for the whole run), OpenMP `declare target` with a list or
   * clauses, or around declarations up to `end declare target` (OpenMP 6.0 §9.9.1), and `declare
   * mapper` (OpenMP 6.0 §7.9.10).
   */
  private declareDirective(it: Item): boolean {
    const text = it.text.trim();
    if (it.api === 'openacc' && /^declare\b/.test(text)) {
      const d = parseDirective('openacc', text, it.line);
      this.useApi('openacc', it.line);
      this.push(it, { op: 'acc_declare', clauses: this.accClauses(d, ['create', 'copyin', 'device_resident', 'link'], it.line) });
      return true;
    }
    if (it.api !== 'openmp') return false;
    if (/^declare\s+mapper\b/.test(text)) {
      this.declareMapper(it);
      return true;
    }
    const target = /^(end\s+)?declare\s+target\b\s*([\s\S]*)$/.exec(text);
    if (target === null) return false;
    this.useApi('openmp', it.line);
    const end = target[1];
    const rest = target[2]!;
    if (end !== undefined || rest === '') {
      // the begin / end form: the arrays declared in between
      if ((end !== undefined) !== (this.targetBlock !== null)) throw new SourceError(it.line, end ? 'end declare target without declare target' : 'declare target inside declare target');
      if (end !== undefined) {
        const vars = this.targetBlock!.filter((name) => this.arrays.has(name));
        if (vars.length > 0) this.push(it, { op: 'omp_declare_target', clauses: [{ clause: 'enter', vars: vars.map((v) => this.dataRef(v, it.line)) }] });
      }
      this.targetBlock = end !== undefined ? null : [];
      return true;
    }
    const clauses = rest.startsWith('(') ? [{ name: 'enter', args: rest.slice(1, -1) }] : parseClauses(rest, it.line);
    const out = clauses.map((c) => {
      const clause = c.name === 'to' || c.name === 'enter' ? 'enter' : c.name === 'link' ? 'link' : null;
      if (clause === null || c.args === null) throw new SourceError(it.line, `declare target: clause ${c.name} is not imported (enter, to, link)`);
      return { clause, vars: splitC(c.args, ',').map((v) => this.dataRef(v, it.line)) };
    });
    this.push(it, { op: 'omp_declare_target', clauses: out });
    return true;
  }

  /**
   * `#pragma omp declare mapper([id:] struct t v) map(…)` (OpenMP 6.0 §7.9.10): the default mapper of
   * the type, given at the end to every single struct of that type with v standing for the struct.
   */
  private declareMapper(it: Item): void {
    const m = /^declare\s+mapper\s*\(\s*(?:[A-Za-z_]\w*\s*:(?!:))?\s*((?:struct\s+)?[A-Za-z_]\w*)\s+([A-Za-z_]\w*)\s*\)([\s\S]*)$/.exec(it.text.trim());
    if (!m) throw new SourceError(it.line, 'declare mapper is imported as declare mapper(struct t v) map(…)');
    const type = this.typeNamed(m[1]!);
    if (type?.kind !== 'struct') throw new SourceError(it.line, `declare mapper: ${m[1]} is no struct type defined above`);
    const maps = parseClauses(m[3]!, it.line).map((c) => {
      if (c.name !== 'map') throw new SourceError(it.line, `declare mapper: clause ${c.name} is not imported`);
      const { type: mapType, modifiers, list } = parseMapArgs(c.args ?? '', it.line);
      if (modifiers.length > 0 || !['to', 'from', 'tofrom', 'alloc'].includes(mapType))
        throw new SourceError(it.line, `declare mapper: map(${c.args}) is not imported (to, from, tofrom, alloc without modifiers)`);
      const vars = splitC(list, ',');
      for (const x of vars) if (itemRoot(x) !== m[2]) throw new SourceError(it.line, `declare mapper: ${x} is not ${m[2]} or one of its members`);
      return { type: mapType, vars };
    });
    this.useApi('openmp', it.line);
    this.mappers.push({ def: type.def, variable: m[2]!, maps, line: it.line });
  }

  /** `#pragma omp requires unified_shared_memory` (OpenMP 6.0 §10.5.1), before the first step. */
  private requires(it: Item, d: DirectiveText): void {
    for (const c of d.clauses) if (c.name !== 'unified_shared_memory') throw new SourceError(it.line, `requires ${c.name}: only unified_shared_memory is imported`);
    if (!this.initial()) throw new SourceError(it.line, 'requires must come before the program\'s first directive');
    this.requiresUsm = true;
    this.useApi('openmp', it.line);
  }

  // ------------------------------------------------------------------------------------------------
  // Declarations

  /** A declaration (or typedef, or struct definition): true when it was one. */
  private declaration(it: Item): boolean {
    let text = it.text;
    const typedef = /^typedef\b\s*/.exec(text);
    if (typedef) text = text.slice(typedef[0].length);
    const spec = this.specifier(text, it.line);
    if (spec === null) {
      if (typedef) throw new SourceError(it.line, `cannot read the typedef "${it.text.slice(0, 40)}"`);
      return false;
    }
    for (const part of splitC(spec.rest, ',')) {
      const d = parseDeclarator(part);
      if (d === null) throw new SourceError(it.line, `cannot read the declaration of "${part}"`);
      if (d.fn) continue; // a prototype
      const type = this.declaredType(spec.base, d, it.line);
      if (typedef) this.typedefs.set(d.name, type);
      // objects of static storage start as zero, pointers null (C11 §6.7.9p10)
      else this.declare(it, d, type, spec.isStatic || !this.inMain);
    }
    return true;
  }

  /**
   * The type specifier at the start of a declaration (storage classes and qualifiers dropped, a
   * struct's member list read) and the declarators after it; null when the text is no declaration.
   */
  private specifier(text: string, line: number): { base: CType; rest: string; isStatic: boolean } | null {
    let t = text;
    let isStatic = false;
    for (let m; (m = /^(static|extern|const|volatile|register|inline|auto|_Thread_local)\b\s*/.exec(t)); ) {
      isStatic ||= m[1] === 'static';
      t = t.slice(m[0].length);
    }
    let base: CType | null;
    const struct = /^(struct|union|enum)\b\s*([A-Za-z_]\w*)?\s*/.exec(t);
    if (struct) {
      if (struct[1] !== 'struct') throw new SourceError(line, `${struct[1]} types are not imported`);
      t = t.slice(struct[0].length);
      const tag = struct[2];
      if (t.startsWith('{')) {
        let depth = 0;
        let close = 0;
        for (; close < t.length; close++) {
          if (t[close] === '{') depth++;
          else if (t[close] === '}' && --depth === 0) break;
        }
        const def = this.structBody(tag, t.slice(1, close), line, text);
        t = t.slice(close + 1);
        base = { kind: 'struct', def };
      } else {
        const def = tag === undefined ? undefined : this.structTypes.get(tag);
        if (def === undefined) throw new SourceError(line, `struct ${tag ?? ''}: no such struct is defined above`);
        base = { kind: 'struct', def };
      }
    } else {
      const words = SCALAR_WORDS.exec(t);
      const named = words ? null : /^([A-Za-z_]\w*)\b\s*/.exec(t);
      if (words) {
        base = scalarType(words[0]);
        if (base === null) throw new SourceError(line, `"${words[0].trim()}" is not a type mapcheck reads`);
        t = t.slice(words[0].length);
      } else if (named && this.typedefs.has(named[1]!) && !/^\s*(?:=|\[|\.|\(|$)/.test(t.slice(named[0].length))) {
        base = this.typedefs.get(named[1]!)!;
        t = t.slice(named[0].length);
      } else return null;
    }
    return { base, rest: t.replace(/\b(?:const|volatile|restrict)\b/g, ' ').trim(), isStatic };
  }

  /** A struct's member list: pointer members, non-pointer members, and emit's element counts `p_n`. */
  private structBody(tag: string | undefined, body: string, line: number, text: string): StructDef {
    const typedefName = /}\s*([A-Za-z_]\w*)\s*$/.exec(text)?.[1];
    const name = tag !== undefined ? `struct ${tag}` : (typedefName ?? 'struct');
    const def: StructDef = { name, members: new Map(), pointers: [], fields: [], counts: [], bytes: 0, align: 1 };
    for (const decl of splitC(body, ';')) {
      const spec = this.specifier(decl, line);
      if (spec === null) throw new SourceError(line, `${name}: member "${decl}" is not imported`);
      for (const part of splitC(spec.rest, ',')) {
        const d = parseDeclarator(part);
        if (d === null || d.fn || d.init !== undefined) throw new SourceError(line, `${name}: cannot read member "${part}"`);
        const type = this.declaredType(spec.base, d, line);
        def.members.set(d.name, type);
        if (type.kind === 'pointer' && isNumber(type.to)) {
          def.pointers.push(d.name);
          this.numberNote(type.to, line);
        } else if (isNumber(type) || (type.kind === 'array' && isNumber(type.of))) {
          this.numberNote(type.kind === 'array' ? type.of : type, line);
          def.fields.push({ name: d.name, ...(type.kind === 'array' ? { length: type.length } : {}) });
        } else throw new SourceError(line, `${name}: member ${d.name} is not imported (numeric pointers, numbers and arrays of numbers)`);
      }
    }
    // emit's layout (cli/emit/c.ts): `int p_n` counts the elements of pointer p, as the language's descriptor does
    for (const p of def.pointers) {
      const count = def.fields.findIndex((f) => f.name === `${p}_n` && f.length === undefined);
      if (count < 0) continue;
      def.counts.push(`${p}_n`);
      def.fields.splice(count, 1);
      this.note({ line }, `${name}: member ${p}_n is read as the element count of ${p}, part of its descriptor in the language (not a member of the program's struct)`);
    }
    const order = [...def.members.keys()].filter((m) => !def.counts.includes(m));
    const firstField = order.findIndex((m) => def.fields.some((f) => f.name === m));
    const late = firstField < 0 ? undefined : def.pointers.find((p) => order.indexOf(p) > firstField);
    if (late !== undefined) this.note({ line }, `${name}: pointer member ${late} follows a non-pointer one; mapcheck lays pointers out first`);
    for (const type of def.members.values()) {
      const align = alignOf(type);
      def.bytes = Math.ceil(def.bytes / align) * align + bytesOf(type);
      def.align = Math.max(def.align, align);
    }
    def.bytes = Math.ceil(def.bytes / def.align) * def.align;
    if (tag !== undefined) this.structTypes.set(tag, def);
    return def;
  }

  /** The type a declarator gives its base type: pointers, then array dimensions (outermost first). */
  private declaredType(base: CType, d: Declarator, line: number): CType {
    let type = base;
    for (let s = 0; s < d.stars; s++) type = { kind: 'pointer', to: type };
    for (const dim of [...d.dims].reverse()) {
      const length = dim === '' ? this.initializerLength(d, line) : this.int(dim, line);
      type = { kind: 'array', of: type, length };
    }
    return type;
  }

  /** The length of `int a[] = {…}` from its initialiser. */
  private initializerLength(d: Declarator, line: number): number {
    const list = d.init === undefined ? null : /^\{([\s\S]*)\}$/.exec(d.init);
    if (list === null) throw new SourceError(line, `${d.name}[]: an array without a size needs an initialiser list`);
    return splitC(list[1]!, ',').length;
  }

  private numberNote(t: CType, line: number): void {
    if (t.kind === 'scalar' && t.name !== 'int')
      this.note({ line }, `${t.name} data is imported as 4-byte integers (mapping does not depend on the element type; sizes and addresses follow the language's int32 elements)`);
  }

  /**
   * The members a struct's initialiser list sets, in order, with their values: designated (`{ .a =
   * 3, .b = malloc (…) }`) or in member order (`{ 3, p }`). A member that is an array takes no list
   * of its own here.
   */
  private memberInitialisers(name: string, def: StructDef, init: string, line: number): [string, string][] {
    const list = /^\{([\s\S]*)\}$/.exec(init.trim());
    if (list === null) throw new SourceError(line, `${name}: a struct is initialised with a list {…}`);
    const order = [...def.members.keys()];
    let next = 0;
    return splitC(list[1]!, ',')
      .filter((e) => e.trim() !== '')
      .map((entry) => {
        const designated = /^\.\s*([A-Za-z_]\w*)\s*=\s*([\s\S]+)$/.exec(entry.trim());
        const member = designated?.[1] ?? order[next];
        const value = (designated?.[2] ?? entry).trim();
        if (member === undefined || !def.members.has(member)) throw new SourceError(line, `${name}: ${designated ? `${def.name} has no member ${member}` : 'more initial values than members'}`);
        if (value.startsWith('{') || value.startsWith('[') || def.members.get(member)!.kind === 'array')
          throw new SourceError(line, `${name}.${member}: an array member in an initialiser list is not imported (assign the elements)`);
        next = order.indexOf(member) + 1;
        return [member, value];
      });
  }

  /** One declared variable: an array, a struct, a pointer variable, a scalar, or something that is no data. */
  private declare(it: Item, d: Declarator, type: CType, zero: boolean): void {
    const { line } = it;
    this.types.set(d.name, type);
    this.targetBlock?.push(d.name);
    if (this.deviceNames.has(d.name)) return this.declareDevicePointer(it, d, type);
    if (type.kind === 'struct' || (type.kind === 'array' && type.of.kind === 'struct')) {
      const zeroInit = d.init === undefined || /^\{\s*(?:0|NULL|\{\s*0?\s*\})?\s*\}$/.test(d.init);
      if (!zeroInit && type.kind !== 'struct')
        throw new SourceError(line, `${d.name}: an array of structs is initialised with {0} only here (assign the members)`);
      const def = type.kind === 'struct' ? type.def : (type.of as { kind: 'struct'; def: StructDef }).def;
      if (!zeroInit) {
        // the members the list names are assigned in order; the rest are zero (C11 §6.7.9p19, p21), as
        // every object of the world starts (nothing can have written the struct before its declaration)
        const members = this.memberInitialisers(d.name, def, d.init!, line);
        this.structs.set(d.name, { def, line, fieldInit: new Map() });
        for (const p of def.pointers) this.targets.set(`${d.name}%${p}`, null);
        for (const n of def.counts) this.values.set(`${d.name}%${n}`, 0);
        for (const [m, value] of members) this.assignment(it, `${d.name}.${m}`, '=', value);
        return;
      }
      const count = type.kind === 'array' ? type.length : undefined;
      this.structs.set(d.name, { def, ...(count === undefined ? {} : { count }), line, fieldInit: new Map() });
      if (zero || d.init !== undefined)
        for (let e = 0; e < (count ?? 1); e++) {
          const at = `${d.name}${count === undefined ? '' : `(${e + 1})`}%`;
          for (const p of def.pointers) this.targets.set(`${at}${p}`, null);
          for (const n of def.counts) this.values.set(`${at}${n}`, 0);
        }
      return;
    }
    if (isNumber(type) && this.dataScalars.has(d.name)) return this.declareScalar(it, d, type, zero);
    if (isNumber(type)) {
      if (d.init !== undefined) this.setValue(d.name, d.init, line);
      else if (zero) this.values.set(d.name, 0);
      else this.values.delete(d.name);
      return;
    }
    if (type.kind === 'array' && isNumber(type.of)) {
      this.numberNote(type.of, line);
      const init = d.init === undefined ? undefined : this.arrayInit(d.init, type.length, line);
      this.arrays.set(d.name, { length: type.length, ...(init === undefined ? {} : { init }), elem: type.of, pointer: false, line });
      return;
    }
    if (type.kind === 'array' && type.of.kind === 'array' && isNumber(type.of.of)) {
      this.opaque.set(d.name, 'arrays of rank 2 or more are not imported');
      return;
    }
    if (type.kind === 'pointer' && isNumber(type.to)) {
      this.numberNote(type.to, line);
      this.arrays.set(d.name, { elem: type.to, pointer: true, line });
      // `= NULL` is where the language's pointers start (disassociated): no step
      if (d.init !== undefined && !NULL_POINTER.test(stripCasts(d.init))) this.pointerStore(it, { ref: d.name, variable: true }, d.init);
      else if (d.init !== undefined || zero) this.targets.set(d.name, null);
      return;
    }
    this.opaque.set(
      d.name,
      type.kind === 'pointer' && type.to.kind === 'struct'
        ? 'pointers to structs are not imported (name the struct itself)'
        : type.kind === 'array' && type.of.kind === 'pointer'
          ? 'an array of pointers is not imported as data'
          : 'not a numeric array, struct or pointer: no data mapcheck imports',
    );
  }

  /**
   * A number the program uses as data (findDataScalars): a scalar variable of the world, one
   * element named whole, its initial value a constant initialiser (or 0 for static storage, C11
   * §6.7.9p10). Without an initialiser an automatic scalar has no value set, as an array without
   * one: the world's default, 0.
   */
  private declareScalar(it: Item, d: Declarator, type: CType, zero: boolean): void {
    const { line } = it;
    if (this.arrays.has(d.name) || this.structs.has(d.name))
      throw new SourceError(line, `${d.name} is declared again: mapcheck reads one variable of each name, and ${d.name} is data of the program (line ${this.dataScalars.get(d.name)!.line}: ${this.dataScalars.get(d.name)!.why})`);
    this.numberNote(type, line);
    let init: number | undefined = zero ? 0 : undefined;
    if (d.init !== undefined) {
      try {
        init = this.int(integralFloats(d.init), line);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        throw new SourceError(line, `${d.name} = ${d.init}: a scalar the program uses as data is initialised with a constant integer value`);
      }
    }
    this.values.delete(d.name);
    this.arrays.set(d.name, { length: 1, ...(init === undefined ? {} : { init }), elem: type, pointer: false, line, scalar: true });
  }

  /** `= {1, 2, 3}` (the rest 0, C11 §6.7.9p21) or `= {0}` as initial values; all equal values as one. */
  private arrayInit(text: string, length: number, line: number): number | number[] {
    const list = /^\{([\s\S]*)\}$/.exec(text.trim());
    if (!list) throw new SourceError(line, `"${text}": an array is initialised with a list {…}`);
    const values = splitC(list[1]!, ',').map((v) => {
      if (/^\[|^\./.test(v)) throw new SourceError(line, 'designated initialisers are not imported');
      return this.int(integralFloats(v), line);
    });
    if (values.length > length) throw new SourceError(line, `${values.length} initial values for ${length} elements`);
    const all = [...values, ...Array<number>(length - values.length).fill(0)];
    return all.every((x) => x === all[0]) ? all[0]! : all;
  }

  /**
   * A scalar's value where a constant sets it (`const int n = 10;`, `int n = 10;`, `n = 5;` in
   * straight-line code, an element count `c.p_n = 10;`), until something else sets it.
   */
  private setValue(key: string, text: string, line: number): void {
    try {
      this.values.set(key, this.int(text, line));
    } catch {
      this.values.delete(key);
    }
  }

  // ------------------------------------------------------------------------------------------------
  // Statements of main

  /** The block whose `{` is at `k`: its statements in order. Returns the index after its `}`. */
  private block(k: number): number {
    let j = k + 1;
    while (this.items[j] !== undefined && this.items[j]!.kind !== 'close') j = this.statement(j);
    if (this.items[j] === undefined) throw new SourceError(this.items[k]!.line, 'this { is never closed');
    return j + 1;
  }

  /** Reads the statement at `k` (with the block or statement it heads); returns the index after it. */
  private statement(k: number): number {
    const it = this.items[k]!;
    this.line = it.line;
    if (this.returned) return this.passOver(k, 'after the return of main');
    switch (it.kind) {
      case 'pragma':
        return this.directive(k);
      case 'open':
        return this.block(k);
      case 'close':
        throw new SourceError(it.line, 'a } that closes nothing');
      case 'head': {
        const word = /^\w+/.exec(it.text)?.[0];
        if (word === 'for') return this.hostLoop(k);
        if (word === 'if') {
          // the condition runs whatever the branch: the query routines in it are read
          const condition = it.text.slice(it.text.indexOf('(') + 1, -1);
          this.routineCalls(it, condition);
          if (this.neverTaken(k, condition)) return this.passOver(k, 'never runs: its condition is a constant 0', true, null, true);
          return this.passOver(k, 'checks results', true);
        }
        if (word === 'else') throw new SourceError(it.line, 'else without if');
        if (word === 'while' || word === 'do' || word === 'switch') return this.passOver(k, `host ${word} statement`);
        throw new SourceError(it.line, `"${it.text.slice(0, 40)}": a function or block inside main is not read`);
      }
      case 'stmt':
        this.simple(it);
        return k + 1;
    }
  }

  /** A statement ending in `;`: a declaration, an assignment, a call. */
  private simple(it: Item): void {
    if (it.text === '') return;
    if (this.deviceStatement(it)) return;
    this.routineCalls(it, it.text);
    if (this.declaration(it)) return;
    const text = it.text;
    if (/^return\b/.test(text)) {
      this.returned = true;
      this.pass(it, 'the return of main');
      return;
    }
    const call = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/.exec(text);
    if (call && matchingParen(text, call[1]!.length + text.slice(call[1]!.length).indexOf('('), it.line) === text.length - 1) {
      this.call(it, call[1]!, call[2]!);
      return;
    }
    const a = splitAssignment(text);
    if (a) {
      this.assignment(it, a.lhs, a.op, a.rhs);
      return;
    }
    const inc = increment(text);
    if (inc) {
      this.assignment(it, inc.lhs, inc.op, inc.rhs);
      return;
    }
    this.pass(it, 'not read');
  }

  /** `lhs = rhs` (or `op=`) on the host. */
  private assignment(it: Item, lhs: string, op: string, rhs: string): void {
    const { line } = it;
    if (lhs.includes('->')) throw new SourceError(line, 'pointers to structs (->) are not imported');
    const path = parsePath(lhs);
    if (path === null || !this.isData(path.root)) {
      if (path !== null && path.steps.length === 0) {
        if (op === '=') this.setValue(path.root, rhs, line);
        else this.values.delete(path.root);
        this.pass(it, 'scalar assignment');
      } else if (/^\*/.test(lhs) && this.isData(parsePath(lhs.replace(/^\*\s*/, ''))?.root ?? ''))
        throw new SourceError(line, `${lhs} = …: write the element as ${lhs.replace(/^\*\s*/, '')}[0]`);
      else this.pass(it, 'not read');
      return;
    }
    if (this.isBuffer(path.root)) {
      this.pass(it, `fills the result buffer ${path.root}`);
      return;
    }
    const named = this.designate(path, line, false);
    if (named.kind === 'count') {
      if (op === '=') this.setValue(named.key, rhs, line);
      else this.values.delete(named.key);
      this.pass(it, `the element count ${lhs}`);
      return;
    }
    // an add to what the elements hold: `x += e`, `x -= e`, `x++`, `x = x + e` (lang/program.ts HostWrite add)
    const added = named.kind === 'pointer' ? null : op === '+=' ? rhs : op === '-=' ? `-(${rhs})` : op === '=' ? addendOf(rhs, lhs) : null;
    if (op !== '=' && added === null) throw new SourceError(line, `${lhs} ${op} ${rhs}: a host assignment to the program's data is read only as = with a constant, or as an add (+=, -=, ++, --)`);
    if (named.kind === 'pointer') return this.pointerStore(it, named, rhs);
    if (named.base.kind === 'structs') throw new SourceError(line, `${lhs} = ${rhs}: a struct assignment is not imported (assign its members)`);
    // `x = y`, `a[2] = b[3] + 1`: a copy (lang/program.ts HostWrite from)
    const copy = this.copyTerm(added ?? rhs, null, line, it.text);
    if (copy) {
      this.copyWrite(named, line, it.text);
      let value: number;
      try {
        value = this.int(integralFloats(copy.rest), line);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        throw new SourceError(line, `${it.text}: a host copy adds a constant integer value to what it reads (x = y + 1)`);
      }
      return this.hostWrite(it, named, { value }, added !== null, copy.from);
    }
    if (added !== null) {
      let value: number;
      try {
        value = this.int(integralFloats(added), line);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        throw new SourceError(line, `${it.text}: a host add to the program's data is read only with a constant integer value`);
      }
      return this.hostWrite(it, named, { value }, true);
    }
    let value: number;
    try {
      value = this.int(integralFloats(rhs), line);
    } catch (e) {
      if (e instanceof DataScalarUse) throw e;
      throw new SourceError(line, `${lhs} = ${rhs}: a host assignment to the program's data is read only with a constant integer value`);
    }
    this.hostWrite(it, named, { value });
  }

  /**
   * Elements set on the host: before the first step, initial values of an array or a member; after
   * it, a host_write step of one value or a ramp (`by`: element k of the span gets value + k * by);
   * a function of the element is initial values only. `add`: that much more than the element held
   * (before the first step only where the program set the initial values above).
   */
  private hostWrite(it: Item, named: Span, written: { value: number; by?: number } | ((element: number) => number), add = false, from?: string): void {
    const { base, start, count } = named;
    const value = typeof written === 'function' ? written : (e: number) => written.value + (e - start) * (written.by ?? 0);
    // a copy before the first step: plus the initial value of element k of `from` (all of it read first)
    if (from !== undefined) this.checkCopy(this.spanRef(named, it.line), from, it.line, it.text);
    const source = from !== undefined && this.initial() ? this.initialValues(from, it.line) : null;
    const at = source === null ? value : (e: number) => value(e) + source[e - start]!;
    const fill = (current: number | number[] | undefined, length: number): number | number[] => {
      // an add before the first step goes into initial values the program set above it
      if (add && current === undefined) throw new SourceError(it.line, `${it.text}: an add before the first directive needs the values set above it`);
      const values = Array.isArray(current) ? [...current] : Array<number>(length).fill(current ?? 0);
      for (let e = start; e < start + count; e++) {
        if (e < 0 || e >= length) throw new SourceError(it.line, `element ${e} is outside 0..${length - 1}`);
        values[e] = add ? values[e]! + at(e) : at(e);
      }
      return values.every((x) => x === values[0]) ? values[0]! : values;
    };
    if (this.initial() && base.kind === 'array') {
      const a = this.arrays.get(base.name)!;
      a.init = fill(a.init, base.length);
      return;
    }
    if (this.initial() && base.kind === 'field') {
      const [root, member] = base.ref.split('%') as [string, string];
      const st = this.structs.get(root)!;
      st.fieldInit.set(member, fill(st.fieldInit.get(member), base.length ?? 1));
      return;
    }
    if (typeof written === 'function') throw new SourceError(it.line, 'after the first directive a host loop writes a constant or an affine function of its index');
    if (add && this.initial()) throw new SourceError(it.line, `${it.text}: an add before the first directive is read only into an array or a member whose values the program set above it`);
    this.use(base, it.line);
    const ref = this.spanRef(named, it.line);
    // malloc and a loop filling all of it with one value: the allocation's value (lang/program.ts Allocate)
    const last = this.steps[this.steps.length - 1]?.step;
    if (!add && from === undefined && last?.op === 'allocate' && last.ptr === ref && last.value === undefined && written.by === undefined) last.value = written.value;
    else this.push(it, { op: 'host_write', var: ref, value: written.value, ...(written.by === undefined ? {} : { by: written.by }), ...(add ? { add: true } : {}), ...(from === undefined ? {} : { from }) });
  }

  /**
   * Whether host writes are still initial values: no step so far reads or copies data (only pointer
   * assignments have run), so a value set now is the value the program starts with.
   */
  private initial(): boolean {
    return this.steps.every((s) => s.step.op === 'pointer_assign' || s.step.op === 'nullify');
  }

  /** `p = …` / `c.p = …`: a pointer assignment, `= NULL`, or storage from malloc / calloc. */
  private pointerStore(it: Item, ptr: { ref: string; variable: boolean }, rhs: string): void {
    const { line } = it;
    const r = stripCasts(rhs);
    const variable = ptr.variable ? this.arrays.get(ptr.ref)! : undefined;
    if (NULL_POINTER.test(r)) {
      if (this.heapMember(ptr.ref)) {
        // a malloc'd member is an allocatable component: null when unallocated, and only free releases it
        if (this.targets.get(ptr.ref)) throw new SourceError(line, `${ptr.ref.replace('%', '.')} = NULL loses its malloc'd storage: free it first`);
        this.pass(it, 'the member is null already (unallocated)');
        return;
      }
      this.targets.set(ptr.ref, null);
      if (variable !== undefined) this.becomesPlain(ptr.ref, line);
      this.push(it, { op: 'nullify', ptr: this.pointerUse(ptr, line) });
      return;
    }
    const alloc = /^(malloc|calloc)\s*\(([\s\S]*)\)$/.exec(r);
    if (alloc) {
      const args = splitC(alloc[2]!, ',');
      if (args.length !== (alloc[1] === 'malloc' ? 1 : 2)) throw new SourceError(line, `${alloc[1]}: expected malloc(bytes) or calloc(count, size)`);
      const bytes = args.reduce((product, arg) => product * this.int(arg, line), 1);
      const elem = variable?.elem ?? this.pointee(ptr.ref);
      const length = bytes / bytesOf(elem);
      if (!Number.isInteger(length)) throw new SourceError(line, `${bytes} bytes are not whole elements of ${bytesOf(elem)} bytes`);
      if (variable === undefined && this.targets.get(ptr.ref)) throw new SourceError(line, `${ptr.ref.replace('%', '.')} is given storage while it points somewhere: free it first`);
      this.targets.set(ptr.ref, { heap: true, length });
      if (variable !== undefined) {
        if (this.plain.has(ptr.ref)) throw new SourceError(line, `${ptr.ref} is both pointer-assigned and allocated: not imported`);
        if (variable.length !== undefined) throw new SourceError(line, `${ptr.ref} is allocated twice: mapcheck's arrays have one size`);
        variable.length = length;
        this.note(it, `${ptr.ref}: heap storage of ${length} elements, an array object of the program like any other`);
        return;
      }
      // a pointer member given storage (lang/README.md "Allocatable components", C malloc / free)
      this.push(it, { op: 'allocate', ptr: this.pointerUse(ptr, line), length });
      return;
    }
    if (/^[A-Za-z_]\w*\s*\(/.test(r)) throw new SourceError(line, `${ptr.ref} = ${rhs}: a pointer is assigned an array, an element's address, NULL or malloc'd storage`);
    if (this.heapMember(ptr.ref))
      throw new SourceError(line, `${ptr.ref.replace('%', '.')} is given malloc'd storage elsewhere: a member is pointer-assigned or malloc'd, not both (lang/README.md "Allocatable components")`);
    const place = this.address(r, line);
    const target = place.kind === 'at' ? this.arrayAt(place, line) : null;
    if (target === null) throw new SourceError(line, `${rhs}: a pointer's target is an array of the program (or a section of one)`);
    if (this.isScalar(target.array)) throw new SourceError(line, `${rhs}: ${target.array} is a scalar variable; a pointer's target is an array of the program (or a section of one)`);
    const a = this.arrays.get(target.array)!;
    const length = a.length! - target.start;
    this.targets.set(ptr.ref, { array: target.array, start: target.start, length });
    if (variable !== undefined) this.becomesPlain(ptr.ref, line);
    this.use(target.array, line);
    const ref = target.start === 0 ? target.array : `${target.array}(${target.start + 1}:${a.length})`;
    this.push(it, { op: 'pointer_assign', ptr: this.pointerUse(ptr, line), target: ref });
  }

  /** The array element an address reaches: directly, or through a pointer's current target. */
  private arrayAt(place: Extract<Place, { kind: 'at' }>, line: number): { array: string; start: number } | null {
    const { base, start } = place;
    if (base.kind === 'array') return { array: base.name, start };
    if (base.kind !== 'target') return null;
    const t = this.targets.get(base.ref);
    if (t === undefined || t === null || 'heap' in t) throw new SourceError(line, `${base.ref} points to no array of the program here: name the array`);
    this.note({ line }, `${base.ref} is read as its current target, ${t.array}${t.start === 0 ? '' : ` from element ${t.start}`}`);
    return { array: t.array, start: t.start + start };
  }

  /** A pointer variable becomes a plain pointer variable (world.pointers) when it is pointer-assigned. */
  private becomesPlain(name: string, line: number): void {
    if (this.arrays.get(name)!.length !== undefined) throw new SourceError(line, `${name} is both allocated and pointer-assigned: not imported`);
    this.plain.add(name);
  }

  /** Whether a pointer member (`c%x`, `cs(2)%x`) is given storage with malloc somewhere in the program. */
  private heapMember(ref: string): boolean {
    return this.heapMembers.has(ref.replace(/\(\d+\)/, ''));
  }

  /** The element type a pointer member points to. */
  private pointee(ref: string): CType {
    const [root, member] = ref.replace(/\(\d+\)/, '').split('%') as [string, string];
    const type = this.structs.get(root)?.def.members.get(member);
    return (type && elementOf(type)) ?? { kind: 'scalar', name: 'int', bytes: 4 };
  }

  /** A call statement: printf (host reads), free, memset, memcpy, or a call of the program's own code. */
  private call(it: Item, name: string, argText: string): void {
    if (/^(?:acc|omp)_/.test(name)) return; // read by routineCalls
    const args = splitC(argText, ',');
    const { line } = it;
    switch (name) {
      case 'printf':
      case 'fprintf':
      case 'puts': {
        const refs = this.printed(args, null, line);
        for (const ref of refs) this.hostRead(it, ref);
        if (refs.length === 0) this.pass(it, 'output');
        return;
      }
      case 'free': {
        const path = parsePath(stripCasts(args[0] ?? ''));
        const named = path && this.isData(path.root) ? this.designate(path, line, false) : null;
        if (named?.kind === 'pointer' && !named.variable) {
          if (!this.heapMember(named.ref)) throw new SourceError(line, `free(${args[0]}): ${named.ref} is not given storage by malloc`);
          this.targets.set(named.ref, null);
          this.push(it, { op: 'deallocate', ptr: this.pointerUse(named, line) });
        } else this.pass(it, `free: the program's arrays live to its end`);
        return;
      }
      case 'memset': {
        if (args.length !== 3) throw new SourceError(line, 'memset(ptr, byte, bytes) takes three arguments');
        const place = this.address(args[0]!, line);
        if (place.kind !== 'at' || place.base.kind === 'structs') throw new SourceError(line, 'memset of a struct or a pointer itself is not imported (assign its members)');
        const byte = this.int(args[1]!, line) & 0xff;
        if (byte !== 0 && this.elementBytes(place.base) !== 4) throw new SourceError(line, `memset(…, ${args[1]}, …) of ${this.elementBytes(place.base)}-byte elements: only 0 is imported`);
        // each 4-byte element holds the byte four times
        this.hostWrite(it, this.spanOf(place, this.int(args[2]!, line), line, true), { value: (byte * 0x01010101) | 0 });
        return;
      }
      case 'memcpy':
      case 'memmove': {
        const dest = parsePath(stripCasts(args[0] ?? '').replace(/^&\s*/, ''));
        if (dest && this.isData(dest.root)) throw new SourceError(line, `${name} into ${args[0]}: mapcheck reads host writes of constant values only`);
        this.pass(it, `${name}: host code`);
        return;
      }
      case 'assert': {
        // a check: the data its condition reads are host reads
        const reads = this.checkReads([it], it, null);
        this.passed.push({ line, text: `line ${line}: checks results (${it.text.slice(0, 40)})${reads}` });
        return;
      }
      default:
        this.pass(it, `call of ${name}: host code`);
    }
  }

  /**
   * A host `for` loop: before the first step an array filled with an expression of the index and
   * of other arrays' elements (initial values); a constant or a ramp written to a section, or added,
   * or another array's section copied into it (host_write, `from`); a section copied into a result
   * buffer or printed (host_read); a result buffer filled (passed). Any other loop is passed over,
   * unless it changes the program's data.
   */
  private hostLoop(k: number): number {
    const head = this.items[k]!;
    const end = this.extent(k);
    const directive = this.items.slice(k, end).find((x) => x.kind === 'pragma');
    if (directive) throw new SourceError(directive.line, 'a directive inside a host loop is not imported: unroll the loop');
    const stmts = this.loopStatements(k);
    let loop: Loop | null = null;
    /** Why the header could not be read, where a scalar variable of the program is its bound. */
    let dataBound: DataScalarUse | null = null;
    try {
      loop = this.loopHeader(head);
    } catch (e) {
      if (e instanceof DataScalarUse) dataBound = e;
      loop = null;
    }
    if (loop !== null && this.isScalar(loop.v)) throw new SourceError(head.line, `the host loop's index ${loop.v} is (or shadows) the scalar variable ${loop.v}, data of the program: not imported (give the loop an index of its own)`);
    if (dataBound !== null) {
      // a loop that only checks or prints is passed over (its reads read the bound too); one that changes data needs its bound
      try {
        return this.passOver(k, 'host loop', false, null);
      } catch (e) {
        if (e instanceof SourceError && /conditional change/.test(e.message)) throw dataBound;
        throw e;
      }
    }
    const actions = loop !== null && stmts !== null && !stmts.some((s) => this.runsRoutine(s.text)) ? stmts.map((s) => this.loopAction(s, loop!, false)) : null;
    if (loop === null || actions === null || actions.length === 0 || actions.some((a) => a === null)) return this.passOver(k, 'host loop', false, loop);
    const lines = this.lineSpan(head, this.items[end - 1]!);
    // several statements are read one after another, each over all the loop's elements: only where
    // none touches other elements of what another writes (the order of the iterations across them
    // would show), a pointer's elements placed in its current target
    const writes = (actions as LoopAction[]).filter((a) => a.kind === 'write').length;
    if (writes > 0 && actions.length > 1) {
      const stmtsOf = (actions as LoopAction[]).flatMap((a, n): LoopStatement[] => {
        const s = stmts![n]!;
        const at = { line: s.line, what: s.text };
        if (a.kind === 'write') return [{ ...at, write: this.spanRef(a.named, s.line) }];
        if (a.kind === 'read') return 'read' in a.body ? [{ ...at, from: a.body.read }] : [];
        return a.kind === 'print' ? a.refs.map((ref) => ({ ...at, from: ref })) : [];
      });
      const conflict = loopConflict('host', stmtsOf, (ref) => this.hostExtent(ref), (base) => this.isScalar(base));
      if (conflict !== null) throw new SourceError(conflict.line, conflict.message);
    }
    for (const [n, action] of (actions as LoopAction[]).entries()) {
      const s = stmts![n]!;
      if (action.kind === 'fill') this.passed.push({ line: head.line, text: `${lines}: fills the result buffer ${action.sink} (${head.text.slice(0, 40)})` });
      else if (action.kind === 'print') {
        for (const ref of action.refs) this.hostRead(s, ref);
        if (action.refs.length === 0) this.passed.push({ line: head.line, text: `${lines}: output (${head.text.slice(0, 40)})` });
      } else if (action.kind === 'read') {
        if ('pointer' in action.body) throw new SourceError(s.line, 'a host read of a pointer itself is not imported');
        this.readInto(action.sink, s.line);
        this.hostRead(s, action.body.read);
      } else {
        // what the loop's other statements write: a copy reading one of them would depend on the order of the iterations across the statements
        const others = new Map(
          (actions as LoopAction[]).flatMap((x, m) => {
            if (m === n || x.kind !== 'write') return [];
            const e = this.hostExtent(this.spanRef(x.named, stmts![m]!.line));
            return e === null ? [] : [[e.base, stmts![m]!.line] as const];
          }),
        );
        this.loopWrite(s, action, loop, others);
      }
    }
    this.values.delete(loop.v);
    return end;
  }

  /**
   * `X[i] = v` in a host loop: a constant or an affine function of i written to the section
   * (element e of the section at index lo + e), with one element `Y[i + k]` among the terms a copy
   * of Y's section; before the first step any expression of the index and of other arrays' elements
   * (their initial values) gives an array or a member its initial values. An add (`X[i] += v`)
   * takes the constant or affine v, or a copy, after it. A copy of an array `others` (another
   * statement of the loop) writes is refused: the order of the iterations across the statements
   * would show.
   */
  private loopWrite(s: Item, { named, rhs, add }: Extract<LoopAction, { kind: 'write' }>, loop: Loop, others: ReadonlyMap<string, number>): void {
    const initial = this.initial() && (named.base.kind === 'array' || named.base.kind === 'field');
    const reads = (): void => {
      for (const m of stripCasts(rhs).matchAll(/(?<![\w.]|->)[A-Za-z_]\w*/g))
        if (others.has(m[0])) throw new SourceError(s.line, `${s.text} reads ${m[0]}, which line ${others.get(m[0])} of this loop writes: not imported (write the loop as two loops)`);
    };
    // `Y[i + k]` among the terms: a copy of Y (before the first step, initial values like any other expression)
    const copy = initial ? null : this.copyTerm(rhs, loop, s.line, s.text);
    if (copy) {
      this.copyWrite(named, s.line, s.text);
      reads();
      let f: Affine;
      try {
        f = this.affineIn(integralFloats(copy.rest), s.line, loop.v);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        throw new SourceError(s.line, `${s.text}: a host loop's copy adds a constant or an affine function of ${loop.v} to the element it reads (X[${loop.v}] = Y[${loop.v}] + 1)`);
      }
      return this.hostWrite(s, named, loopWrite(f, loop.lo), add, copy.from);
    }
    let f: Affine | null = null;
    try {
      f = this.affineIn(integralFloats(rhs), s.line, loop.v);
    } catch (e) {
      if (!(e instanceof SourceError) || e instanceof DataScalarUse || !/not a constant integer expression/.test(e.message)) throw e;
    }
    if (f === null && initial) {
      // before the first step any expression of the index and of other arrays' elements (their
      // initial values), the order of the statements of the loop kept
      reads();
      return this.hostWrite(s, named, (e) => this.int(integralFloats(rhs), s.line, { v: loop.v, i: loop.lo + e - named.start, elements: named.base }), add);
    }
    if (add) {
      if (f === null) throw new SourceError(s.line, `${s.text}: a host loop adds a constant or an affine function of ${loop.v} to the element it writes, or that plus one element of an array (X[${loop.v}] += 2 * ${loop.v}, X[${loop.v}]++, X[${loop.v}] += Y[${loop.v}])`);
      return this.hostWrite(s, named, loopWrite(f, loop.lo), true);
    }
    if (f !== null) return this.hostWrite(s, named, loopWrite(f, loop.lo));
    throw new SourceError(
      s.line,
      `${rhs}: a host loop writes a constant or an affine function of ${loop.v}, or that plus one element of an array (a copy), or adds one to the element it writes (X[${loop.v}] = 2 * ${loop.v} + 1, X[${loop.v}] = Y[${loop.v}] + 1, X[${loop.v}] += 1); only a fill before the first directive takes any expression`,
    );
  }

  /** A read into result buffer `sink` (a kernel's, or a host loop's copy): the buffer must be no data the program maps or uses. */
  private readInto(sink: string, line: number): void {
    if (this.isData(sink) && this.uses.has(sink)) throw new SinkUsed(line, `the loop copies data into ${sink}, which the program also maps or uses`, sink);
    this.sinks.set(sink, [...(this.sinks.get(sink) ?? []), line]);
  }

  private hostRead(s: Item, ref: string): void {
    this.use(ref, s.line);
    this.push(s, { op: 'host_read', var: ref });
  }

  /** The simple statements of the loop body at `k` (one statement, or a block of them), or null for anything else. */
  private loopStatements(k: number): Item[] | null {
    const first = this.items[k + 1];
    if (first?.kind === 'stmt') return first.text === '' ? [] : [first];
    if (first?.kind !== 'open') return null;
    const out: Item[] = [];
    for (let j = k + 2; ; j++) {
      const it = this.items[j];
      if (it === undefined) return null;
      if (it.kind === 'close') return out;
      if (it.kind !== 'stmt') return null;
      if (it.text !== '') out.push(it);
    }
  }

  /** `for (int i = LO; i < HI; i++)` (also `<=`, `++i`, `i += 1`): the index and its range, or null for another form. */
  private loopHeader(head: Item): Loop | null {
    const inner = head.text.slice(head.text.indexOf('(') + 1, head.text.lastIndexOf(')'));
    const parts = inner.split(';').map((p) => p.trim());
    if (parts.length !== 3) return null;
    const init = /^(?:(?:unsigned|signed|int|long|short|size_t)\s+)*([A-Za-z_]\w*)\s*=\s*([\s\S]+)$/.exec(parts[0]!);
    if (!init) return null;
    const v = init[1]!;
    const cond = new RegExp(`^${v}\\s*(<=?)\\s*([\\s\\S]+)$`).exec(parts[1]!);
    const step = parts[2]!.replace(/\s/g, '');
    if (!cond || ![`${v}++`, `++${v}`, `${v}+=1`, `${v}=${v}+1`].includes(step)) return null;
    const lo = this.int(init[2]!, head.line);
    const hi = this.int(cond[2]!, head.line) + (cond[1] === '<=' ? 1 : 0);
    return { v, lo, hi };
  }

  /** What one statement in a loop over `loop` does, or null when it is none of the forms read. `use`: mark what a read reads as used. */
  private loopAction(s: Item, loop: Loop, use: boolean): LoopAction | null {
    const print = /^(?:printf|fprintf|puts)\s*\(([\s\S]*)\)$/.exec(s.text);
    if (print) return { kind: 'print', refs: this.printed(splitC(print[1]!, ','), loop, s.line) };
    const a = splitAssignment(s.text) ?? increment(s.text);
    if (a === null) return null;
    const lhs = parsePath(a.lhs);
    if (lhs === null) return null;
    // an add to the element written: `X[i] += e`, `X[i] -= e`, `X[i]++`, `X[i] = X[i] + e`
    const added = a.op === '+=' ? a.rhs : a.op === '-=' ? `-(${a.rhs})` : a.op === '=' ? addendOf(a.rhs, a.lhs) : null;
    if (a.op !== '=' && (added === null || !this.isData(lhs.root) || this.isBuffer(lhs.root))) return null;
    if (this.isBuffer(lhs.root)) {
      const rhs = parsePath(stripCasts(a.rhs));
      if (rhs === null || !this.isData(rhs.root)) return { kind: 'fill', sink: lhs.root };
      const named = this.loopNamed(rhs, loop, s.line, use);
      if (named.kind === 'pointer') return { kind: 'read', sink: lhs.root, body: { pointer: use ? this.pointerUse(named, s.line) : named.ref } };
      if (named.kind === 'count') throw new SourceError(s.line, `${a.rhs} is an element count, no data of the program`);
      return { kind: 'read', sink: lhs.root, body: { read: this.spanRef(named, s.line) } };
    }
    if (!this.isData(lhs.root)) return null;
    const named = this.loopNamed(lhs, loop, s.line, false);
    if (named.kind !== 'span' || named.base.kind === 'structs') throw new SourceError(s.line, `${a.lhs} ${a.op} …: a loop writes elements of an array, a pointer's target or a member`);
    return added === null ? { kind: 'write', named, rhs: a.rhs } : { kind: 'write', named, rhs: added, add: true };
  }

  /** What `X[i + k]` names over the loop's iterations (a section of X), or X itself where the loop index is not in it. */
  private loopNamed(path: Path, loop: Loop, line: number, use = true): Named {
    const mentions = (t: string) => new RegExp(`\\b${loop.v}\\b`).test(t);
    const last = path.steps[path.steps.length - 1];
    if (path.steps.slice(0, -1).some((st) => 'index' in st && mentions(st.index)))
      throw new SourceError(line, `${path.root}…: the loop index may only be in the last subscript (X[i], X[i + k])`);
    if (last !== undefined && 'index' in last && mentions(last.index)) {
      const k = this.offsetIn(last.index, loop.v, line);
      if (k === null) throw new SourceError(line, `${path.root}[${last.index}]: a loop reaches its elements as X[i], X[i + k] or X[i - k]`);
      const section = { index: `${loop.lo + k}:${loop.hi - loop.lo}` };
      return this.designate({ root: path.root, steps: [...path.steps.slice(0, -1), section] }, line, use);
    }
    if (loop.hi - loop.lo !== 1) throw new SourceError(line, `${path.root}…: a loop of ${loop.hi - loop.lo} iterations indexes its data with the loop index (X[i], X[i + k]); this reference names the same data in every iteration`);
    return this.designate(path, line, use);
  }

  /** The offset k of a subscript `i`, `i + k`, `k + i` or `i - k` in loop index v, or null. */
  private offsetIn(sub: string, v: string, line: number): number | null {
    const t = sub.trim();
    if (t === v) return 0;
    const after = new RegExp(`^${v}\\s*([+-][\\s\\S]+)$`).exec(t);
    if (after && !new RegExp(`\\b${v}\\b`).test(after[1]!)) return this.int(`0 ${after[1]}`, line);
    const before = new RegExp(`^([\\s\\S]+?)\\s*\\+\\s*${v}$`).exec(t);
    if (before && !new RegExp(`\\b${v}\\b`).test(before[1]!)) return this.int(before[1]!, line);
    return null;
  }

  /** The data elements printf prints (host reads): `a[2]`, `c.n`, `c.p[i]` in a loop; other arguments are output. */
  private printed(args: string[], loop: Loop | null, line: number): string[] {
    const refs: string[] = [];
    for (const arg of args) {
      const path = parsePath(arg);
      // a scalar variable's value, alone or in an expression (`x`, `x + 1`, `x ? "a" : "b"`); not `&x`, `sizeof x`
      if (path === null || this.isScalar(path.root)) {
        for (const name of this.scalarReads(arg, line)) if (!refs.includes(name)) refs.push(name);
        continue;
      }
      if (!this.isData(path.root) || path.steps.length === 0) continue;
      const named = loop === null ? this.designate(path, line, false) : this.loopNamed(path, loop, line, false);
      if (named.kind === 'span' && named.base.kind !== 'structs' && (named.element || named.base.kind === 'field' || loop !== null)) refs.push(this.spanRef(named, line));
    }
    return refs;
  }

  /**
   * The statement at `k` (a block, an `if` with its `else`, a loop) passed over as host code that
   * changes nothing mapcheck reads: directives, runtime routines and changes of the program's data
   * inside it are refused, and scalars it sets are forgotten; the data it reads are host reads
   * (checkReads) unless main has returned. `conditionRead`: the head's condition was read (it runs
   * whatever the branch). `loop`: the range of the `for` at `k`, where it is known.
   */
  private passOver(k: number, why: string, conditionRead = false, loop: Loop | null = null, dead = false): number {
    const head = this.items[k]!;
    const end = this.extent(k);
    if (dead) {
      // a branch that never runs does nothing the program's mapping or data could show
      this.passed.push({ line: head.line, text: `${this.lineSpan(head, this.items[end - 1]!)}: ${why} (${head.text.slice(0, 40)})` });
      return end;
    }
    const what = /^if\b/.test(head.text) ? 'block' : /^(?:for|while|do)\b/.test(head.text) ? 'loop' : 'statement';
    for (let j = k; j < end; j++) {
      const it = this.items[j]!;
      if (it.kind === 'pragma' && it.api !== null)
        throw new SourceError(it.line, `a directive inside a host ${what} (line ${head.line}) is not imported: mapcheck reads straight-line programs`);
      if (it.kind !== 'stmt' && it.kind !== 'head') continue;
      if (!(j === k && conditionRead) && this.runsRoutine(it.text))
        throw new SourceError(it.line, `a runtime routine inside the ${what} at line ${head.line} is not imported: mapcheck reads straight-line programs`);
      if (it.kind === 'stmt') this.conditional(it);
      else {
        const v = /^for\s*\(\s*(?:[A-Za-z_]\w*\s+)*([A-Za-z_]\w*)/.exec(it.text)?.[1];
        if (v !== undefined && this.isScalar(v)) throw new SourceError(it.line, `the host loop's index ${v} is (or shadows) the scalar variable ${v}, data of the program: not imported (give the loop an index of its own)`);
        if (v !== undefined) this.values.delete(v);
      }
    }
    // after the scalars it sets are forgotten: a subscript one of them gives is not known
    const reads = this.returned ? '' : this.checkReads(this.items.slice(k, end), head, loop);
    this.passed.push({ line: head.line, text: `${this.lineSpan(head, this.items[end - 1]!)}: ${why} (${head.text.slice(0, 40)})${reads}` });
    return end;
  }

  /**
   * Whether the `if` at `k` never takes its branch: no else, and a condition that is a constant 0
   * (`if (d < 0 || d >= omp_get_num_devices ()) d = id;` with d the default device). A condition
   * over the program's data or anything unknown is no constant: the branch is read as a check.
   */
  private neverTaken(k: number, condition: string): boolean {
    const next = this.items[this.extent(k + 1)];
    if (next?.kind === 'head' && /^else\b/.test(next.text)) return false;
    try {
      return this.int(condition, this.items[k]!.line) === 0;
    } catch (e) {
      if (e instanceof SourceError) return false;
      throw e;
    }
  }

  /**
   * The program's data that passed-over host code reads (`if (a[3] != 7) abort();`, a loop `if
   * (c.x[i] != i) exit(1);`, `assert(b[i] == 2);`): a host read of each, in order, at the head's
   * line, so the values a check looks at are observations too (as fortran.ts reads its checks). In
   * a loop over i, `X[i]` is the elements the loop runs over; any other use of X reads it whole.
   * What evaluates no element is no read: `&X`, a bare array or pointer (its address, C11
   * §6.3.2.1), `sizeof`, a runtime routine's arguments, a result buffer. Returns the note for the
   * passed-over entry.
   */
  private checkReads(items: Item[], head: Item, loop: Loop | null): string {
    const refs: string[] = [];
    for (const it of items) {
      if (it.kind !== 'stmt' && it.kind !== 'head') continue;
      const text = evaluated(it.text, it.line);
      // names, not members (`c.n`'s n)
      for (const m of text.matchAll(/(?<![\w.]|->|\.\s+|->\s+)[A-Za-z_]\w*/g)) {
        if (!this.isData(m[0]) || this.isBuffer(m[0])) continue;
        const path = parsePath(text.slice(m.index, designatorEnd(text, m.index)));
        const ref = path === null ? null : this.checkRef(path, unaryBefore(text, m.index), loop, it.line);
        if (ref !== null && !refs.includes(ref)) refs.push(ref);
      }
    }
    for (const ref of refs) this.hostRead(head, ref);
    return refs.length === 0 ? '' : `; its reads of ${refs.join(', ')} are host reads`;
  }

  /**
   * The reference a check reads through `path`: `X[i]` in a loop over lo..hi-1 the section
   * [lo:hi-lo] (X whole when that covers it), else X whole (a pointer's target; a scalar member
   * itself); null for no read. Where that reference cannot be formed (a loop past the array, one of
   * no iteration, an index not known) the object the path starts from is read whole.
   */
  private checkRef(path: Path, unary: '&' | '*' | null, loop: Loop | null, line: number): string | null {
    if (unary === '&') return null;
    // X is the path up to its member (cs[k].p), or the name; its subscript follows
    const member = path.steps.findIndex((st) => 'member' in st);
    const x: Path = { root: path.root, steps: path.steps.slice(0, member + 1) };
    const next = path.steps[x.steps.length];
    const sub = next !== undefined && 'index' in next ? next.index.trim() : undefined;
    try {
      if (path.steps.length > x.steps.length + (sub === undefined ? 0 : 1)) throw new SourceError(line, 'not a reference');
      if (sub !== undefined && loop !== null && sub === loop.v) {
        if (loop.hi <= loop.lo) throw new SourceError(line, 'the loop runs no iteration');
        const named = this.designate({ root: x.root, steps: [...x.steps, { index: `${loop.lo}:${loop.hi - loop.lo}` }] }, line, false);
        if (named.kind !== 'span') throw new SourceError(line, 'not elements');
        // an array or member of known length (a pointer's target is checked when the read runs)
        const length = named.base.kind === 'array' || named.base.kind === 'field' ? this.baseLength(named.base) : null;
        if (named.start < 0 || (length !== null && named.start + named.count > length)) throw new SourceError(line, 'outside the object');
        return this.spanRef(named, line);
      }
      const named = this.designate(x, line, false);
      if (named.kind === 'count') return null;
      const address =
        named.kind === 'pointer' || (named.base.kind === 'field' ? named.base.length !== undefined : named.base.kind !== 'structs' ? !this.scalarBase(named.base) : named.base.count !== undefined);
      if (sub === undefined && unary === null && address) return null;
      return this.wholeRef(named, line);
    } catch (e) {
      if (!(e instanceof SourceError)) throw e;
      return this.wholeRef(this.designate({ root: path.root, steps: [] }, line, false), line);
    }
  }

  /** The whole of what a designator without subscript names: its elements, or a pointer's target; null for a pointer with none yet. */
  private wholeRef(named: Named, line: number): string | null {
    if (named.kind === 'count') return null;
    if (named.kind === 'span') return this.spanRef(named, line);
    if (!named.variable) return named.ref;
    return this.plain.has(named.ref) ? `${named.ref}(:)` : null;
  }

  /** `line 5` or `lines 5-9`. */
  private lineSpan(first: Item, last: Item): string {
    return first.line === last.line ? `line ${first.line}` : `lines ${first.line}-${last.line}`;
  }

  /** A statement that may or may not run: a change of the program's data is refused; a scalar it sets is forgotten. */
  private conditional(it: Item): void {
    const a = splitAssignment(it.text);
    const inc = /^(?:\+\+|--)\s*(.+)$|^(.+?)\s*(?:\+\+|--)$/.exec(it.text);
    const call = /^(free|memset|memcpy|memmove)\s*\(([\s\S]*)\)$/.exec(it.text);
    const lhs = a?.lhs ?? (inc ? (inc[1] ?? inc[2])! : call ? stripCasts(splitC(call[2]!, ',')[0] ?? '').replace(/^&\s*/, '') : null);
    if (lhs === null || this.specifier(lhs, it.line) !== null) return; // a declaration in the block
    const path = parsePath(lhs.replace(/^\*\s*/, ''));
    if (path === null) return;
    if (!this.isData(path.root)) {
      this.values.delete(path.root);
      return;
    }
    if (this.isBuffer(path.root)) return;
    const st = this.structs.get(path.root);
    const member = path.steps.find((x) => 'member' in x);
    if (st && member && 'member' in member && st.def.counts.includes(member.member)) {
      for (const key of [...this.values.keys()]) if (key.endsWith(`%${member.member}`)) this.values.delete(key);
      return;
    }
    throw new SourceError(it.line, 'a conditional change of the program\'s data is not imported: mapcheck reads straight-line programs');
  }

  /** Whether a statement calls a runtime routine other than a query. */
  private runsRoutine(text: string): boolean {
    return [...blankStrings(text).matchAll(ROUTINE_CALL)].some((m) => !HOST_QUERIES.has(m[1]!));
  }

  /** The index after the statement at `k` (with its block, its else, the while of a do). */
  private extent(k: number): number {
    const it = this.items[k];
    if (it === undefined) throw new SourceError(this.items[k - 1]?.line ?? 1, 'a statement is missing at the end');
    if (it.kind === 'open') {
      let depth = 0;
      for (let j = k; j < this.items.length; j++) {
        if (this.items[j]!.kind === 'open') depth++;
        else if (this.items[j]!.kind === 'close' && --depth === 0) return j + 1;
      }
      throw new SourceError(it.line, 'this { is never closed');
    }
    if (it.kind === 'close') throw new SourceError(it.line, 'a statement is missing before this }');
    if (it.kind !== 'head') return k + 1;
    if (it.text === 'do') {
      const j = this.extent(k + 1);
      if (this.items[j]?.kind !== 'head' || !/^while\b/.test(this.items[j]!.text)) throw new SourceError(it.line, 'do without while');
      return this.items[j + 1]?.kind === 'stmt' && this.items[j + 1]!.text === '' ? j + 2 : j + 1;
    }
    if (/^if\b/.test(it.text)) {
      const j = this.extent(k + 1);
      return this.items[j]?.kind === 'head' && this.items[j]!.text === 'else' ? this.extent(j + 1) : j;
    }
    return this.extent(k + 1);
  }

  // ------------------------------------------------------------------------------------------------
  // Runtime routines

  /** The runtime routines a statement calls, in the order written (OpenACC 3.3 §3.2, OpenMP 6.0 §25). */
  private routineCalls(it: Item, text: string): void {
    const code = blankStrings(text);
    let after = 0;
    for (const m of code.matchAll(ROUTINE_CALL)) {
      if (m.index < after) continue; // inside the arguments of the call before
      const open = m.index + m[0].length - 1;
      const close = matchingParen(code, open, it.line);
      after = close;
      this.routine(it, m[1]!, splitC(code.slice(open + 1, close), ','));
    }
  }

  private routine(it: Item, name: string, args: string[]): void {
    const { line } = it;
    if (HOST_QUERIES.has(name)) return;
    const want = (n: number) => {
      if (args.length !== n) throw new SourceError(line, `${name} takes ${n} argument${n === 1 ? '' : 's'} here`);
    };
    if (DEVICE_MEMORY_ROUTINES.test(name)) return this.deviceRoutine(it, name, args, want);
    if (ACC_DATA_ROUTINES[name] !== undefined) {
      want(2);
      this.push(it, this.dataRoutineStep(name, args, line));
      return;
    }
    if (name === 'acc_update_self' || name === 'acc_update_device') {
      // the routine copies the bytes as the update directive's self / device clause does (OpenACC
      // 3.3 §3.2.20); for a pointer member's target the directive also writes the pointer
      // (model/acc/update.ts), the routine not: that case is refused
      want(2);
      this.useApi('openacc', line);
      const place = this.address(args[0]!, line);
      if (place.kind === 'pointer') throw new SourceError(line, `${name}(${args[0]}, …): the pointer itself is not imported as data; name its target`);
      this.use(place.base, line);
      const ref = this.spanRef(this.spanOf(place, this.int(args[1]!, line), line, true), line);
      if (name === 'acc_update_device' && /%/.test(ref)) throw new SourceError(line, `${name}(${args[0]}, …) of a member is not imported: the update directive mapcheck reads it as also writes the pointer`);
      this.push(it, { op: 'acc_update', clauses: [{ clause: name === 'acc_update_self' ? 'self' : 'device', vars: [ref] }] });
      return;
    }
    if (ACC_ATTACH_ROUTINES.includes(name)) {
      want(1);
      this.useApi('openacc', line);
      const place = this.address(args[0]!, line);
      if (place.kind !== 'pointer') throw new SourceError(line, `${name}(${args[0]}): expected the address of a pointer, &c.p or &p`);
      this.push(it, { op: name, ptr: this.pointerUse(place, line) });
      return;
    }
    if (name === 'acc_is_present') {
      want(2);
      this.useApi('openacc', line);
      const place = this.address(args[0]!, line);
      const bytes = this.int(args[1]!, line);
      if (place.kind === 'pointer') {
        if (!place.variable) throw new SourceError(line, `acc_is_present(${args[0]}, …): the pointer member itself is not imported as data`);
        this.push(it, { op: name, var: this.pointerUse(place, line), ...(bytes === 8 ? {} : { bytes }) });
        return;
      }
      // the bytes asked about: whole elements are a reference; others are the elements they reach and a byte count (§3.2.25)
      this.use(place.base, line);
      const named = this.spanOf(place, bytes, line, false);
      // zero bytes of a struct or a scalar member: the object, with its byte count 0
      if (named.count === 0 && (named.base.kind === 'structs' || (named.base.kind === 'field' && named.base.length === undefined) || this.scalarBase(named.base))) named.count = 1;
      const exact = bytes === named.count * this.elementBytes(named.base);
      this.push(it, { op: name, var: this.spanRef(named, line), ...(exact ? {} : { bytes }) });
      return;
    }
    if (name === 'acc_deviceptr') {
      want(1);
      this.push(it, this.deviceptrStep(args[0]!, line));
      return;
    }
    if (name === 'omp_target_is_present') {
      want(2);
      this.useApi('openmp', line);
      this.push(it, { op: name, ptr: this.ptrArg(args[0]!, line), device: this.deviceArg(args[1]!, line) });
      return;
    }
    if (/^(?:acc_set_device_\w+|omp_set_default_device|acc_shutdown\w*|acc_init\w*)$/.test(name))
      throw new SourceError(line, `${name} changes the device the constructs use: not imported`);
    throw new SourceError(line, `${name}: this routine is not imported`);
  }

  // ------------------------------------------------------------------------------------------------
  // Device memory (lang/README.md "Device memory routines in C")

  /** A pointer variable the program gives device memory: no data of the program, a handle for the device memory routines. */
  private declareDevicePointer(it: Item, d: Declarator, type: CType): void {
    const to = type.kind === 'pointer' ? type.to : null;
    if (to === null || !(to.kind === 'void' || to.kind === 'scalar'))
      throw new SourceError(it.line, `${d.name} is given device memory: declare it as a pointer to numbers or void (void *${d.name}, int *${d.name})`);
    if (d.dims.length > 0) throw new SourceError(it.line, `${d.name} is given device memory: an array of pointers is not imported`);
    const elem = to.kind === 'void' || !isNumber(to) ? 1 : ELEMENT_BYTES;
    this.devicePointers.set(d.name, { handle: undefined, elem, line: it.line });
    this.opaque.set(d.name, `holds device memory (line ${it.line}); mapcheck passes it only to the device memory routines (lang/README.md "Device memory routines in C")`);
    if (d.init !== undefined) this.deviceStore(it, d.name, d.init);
  }

  /**
   * A statement that gives a device pointer its value (`d = acc_malloc(n);`, `void *d =
   * omp_target_alloc(n, 0);`, `d = NULL;`): read whole, so that the allocation is the step that
   * names the handle. False for any other statement.
   */
  private deviceStatement(it: Item): boolean {
    if (this.deviceNames.size === 0) return false;
    const m = /^(?:[^=]*?[\s*])?([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(it.text);
    if (m === null || !this.deviceNames.has(m[1]!)) return false;
    if (!this.devicePointers.has(m[1]!)) {
      // its declaration: declare reads the initialiser
      if (!this.declaration(it)) throw new SourceError(it.line, `${m[1]} is given device memory before it is declared`);
      return true;
    }
    this.deviceStore(it, m[1]!, m[2]!);
    return true;
  }

  /**
   * `d = acc_malloc(bytes)`, `d = omp_target_alloc(bytes, dev)`, `d = acc_deviceptr(a)`, `d =
   * acc_copyin(a, bytes)`, `d = NULL`: what device pointer `d` holds from here on (the step's
   * `result`).
   */
  private deviceStore(it: Item, name: string, rhs: string): void {
    const { line } = it;
    const dp = this.devicePointers.get(name)!;
    const r = stripCasts(rhs);
    if (NULL_POINTER.test(r)) {
      dp.handle = null;
      this.pass(it, `${name} holds no device memory`);
      return;
    }
    const call = /^([A-Za-z_]\w*)\s*\(([\s\S]*)\)$/.exec(r);
    if (call === null || !DEVICE_POINTER_ROUTINES.includes(call[1]!) || matchingParen(r, r.indexOf('('), line) !== r.length - 1)
      throw new SourceError(line, `${name} = ${rhs.trim()}: a pointer that holds device memory is assigned the result of ${DEVICE_POINTER_LIST}, or NULL`);
    const routine = call[1]!;
    const args = splitC(call[2]!, ',');
    const arity = routine === 'acc_malloc' || routine === 'acc_deviceptr' ? 1 : 2;
    if (args.length !== arity) throw new SourceError(line, `${routine} takes ${arity} argument${arity === 1 ? '' : 's'} here`);
    let step: Record<string, unknown>;
    if (routine === 'acc_malloc') {
      this.useApi('openacc', line);
      step = { op: 'acc_malloc', bytes: this.int(args[0]!, line) };
    } else if (routine === 'omp_target_alloc') {
      this.useApi('openmp', line);
      step = { op: 'omp_target_alloc', bytes: this.int(args[0]!, line), device: this.deviceArg(args[1]!, line) };
    } else step = routine === 'acc_deviceptr' ? this.deviceptrStep(args[0]!, line) : this.dataRoutineStep(routine, args, line);
    const result = this.handleFor(name);
    this.push(it, { ...step, result });
    dp.handle = result;
  }

  /**
   * A device pointer as a routine's pointer argument (`d`, `d + k`, `(char *) d + k`, `&d[k]`): its
   * handle plus a byte offset, counted in its (or the cast's) elements; undefined when the text names
   * no device pointer.
   */
  private devicePtrArg(text: string, line: number): PtrArg | undefined {
    if (this.devicePointers.size === 0) return undefined;
    const t = text.trim();
    const indexed = /^&\s*([A-Za-z_]\w*)\s*\[([\s\S]+)\]$/.exec(t);
    const m = indexed === null ? DEVICE_POINTER_ARG.exec(t) : null;
    const name = indexed?.[1] ?? m?.[2];
    const dp = name === undefined ? undefined : this.devicePointers.get(name);
    if (dp === undefined) return undefined;
    if (dp.handle === undefined) throw new SourceError(line, `${text.trim()}: ${name} holds no device memory yet (give it the result of ${DEVICE_POINTER_LIST} first)`);
    let elem = dp.elem;
    if (m?.[1] !== undefined) {
      const cast = scalarType(m[1]);
      if (cast === null) throw new SourceError(line, `${text.trim()}: a cast of a device pointer to (${m[1].trim()} *) is not imported`);
      elem = cast.kind === 'void' || !isNumber(cast) ? 1 : ELEMENT_BYTES;
    }
    const k = indexed !== null ? this.int(indexed[2]!, line) : m?.[3] !== undefined ? this.int(m[3], line) : 0;
    if (dp.handle === null) {
      if (k !== 0) throw new SourceError(line, `${text.trim()}: ${name} is NULL here; an offset from NULL is not imported`);
      return null;
    }
    return k === 0 ? { handle: dp.handle } : { handle: dp.handle, offset: k * elem };
  }

  /** A device pointer argument, or NULL; anything else is refused. */
  private deviceArgument(routine: string, text: string, line: number): PtrArg {
    if (NULL_POINTER.test(stripCasts(text))) return null;
    const arg = this.devicePtrArg(text, line);
    const call = /^([A-Za-z_]\w*)\s*\(/.exec(stripCasts(text))?.[1];
    if (arg === undefined && call !== undefined && DEVICE_ALLOCATORS.includes(call))
      throw new SourceError(line, `${call}: its result is kept in a pointer variable (d = ${call}(…);), which later calls pass on`);
    if (arg === undefined) throw new SourceError(line, `${routine}(…, ${text.trim()}, …): expected device memory, a pointer given the result of ${DEVICE_POINTER_LIST}`);
    return arg;
  }

  /** The host data a routine names by its address and a byte count (`acc_map_data(a, d, n * sizeof *a)`): a reference to whole elements. */
  private hostBytes(routine: string, address: string, bytes: number, line: number): string {
    const place = this.address(address, line);
    if (place.kind === 'pointer') throw new SourceError(line, `${routine}(${address.trim()}, …): the pointer itself is not imported as data; name its target`);
    this.use(place.base, line);
    return this.spanRef(this.spanOf(place, bytes, line, true), line);
  }

  /**
   * The device memory routines (OpenACC 3.3 §3.2.16-§3.2.27, OpenMP 6.0 §25.2-§25.7) where the
   * program passes them device pointers it keeps (deviceStore) and host data by address and bytes.
   */
  private deviceRoutine(it: Item, name: string, args: string[], want: (n: number) => void): void {
    const { line } = it;
    const acc = name.startsWith('acc_');
    this.useApi(acc ? 'openacc' : 'openmp', line);
    switch (name) {
      case 'acc_malloc':
      case 'omp_target_alloc':
        throw new SourceError(line, `${name}: its result is kept in a pointer variable (d = ${name}(…);), which later calls pass on`);
      case 'acc_free':
        want(1);
        this.push(it, { op: name, ptr: this.deviceArgument(name, args[0]!, line) });
        return;
      case 'acc_map_data': {
        want(3);
        const bytes = this.int(args[2]!, line);
        this.push(it, { op: name, var: this.hostBytes(name, args[0]!, bytes, line), dev: this.deviceArgument(name, args[1]!, line) });
        return;
      }
      case 'acc_unmap_data': {
        want(1);
        const place = this.address(args[0]!, line);
        if (place.kind === 'pointer') throw new SourceError(line, `${name}(${args[0]!.trim()}): the pointer itself is not imported as data; name its target`);
        this.use(place.base, line);
        // the host address is what the routine looks up: the object from there
        const length = this.baseLength(place.base);
        const named: Span = { kind: 'span', base: place.base, start: place.start, count: place.start === 0 && length !== null ? length : 1, element: true };
        this.push(it, { op: name, var: this.spanRef(named, line) });
        return;
      }
      case 'acc_memcpy_to_device':
      case 'acc_memcpy_from_device': {
        want(3);
        const [dev, host] = name === 'acc_memcpy_to_device' ? [args[0]!, args[1]!] : [args[1]!, args[0]!];
        const bytes = this.int(args[2]!, line);
        this.push(it, { op: name, var: this.hostBytes(name, host, bytes, line), dev: this.deviceArgument(name, dev, line) });
        return;
      }
      case 'omp_target_free':
        want(2);
        this.push(it, { op: name, ptr: this.deviceArgument(name, args[0]!, line), device: this.deviceArg(args[1]!, line) });
        return;
      case 'omp_target_associate_ptr':
        want(5);
        this.push(it, {
          op: name,
          host: this.ptrArg(args[0]!, line),
          dev: this.deviceArgument(name, args[1]!, line),
          bytes: this.int(args[2]!, line),
          offset: this.int(args[3]!, line),
          device: this.deviceArg(args[4]!, line),
        });
        return;
      case 'omp_target_disassociate_ptr':
      case 'omp_get_mapped_ptr':
        want(2);
        this.push(it, { op: name, ptr: this.ptrArg(args[0]!, line), device: this.deviceArg(args[1]!, line) });
        return;
      case 'omp_target_is_accessible':
        want(3);
        this.push(it, { op: name, ptr: this.ptrArg(args[0]!, line), bytes: this.int(args[1]!, line), device: this.deviceArg(args[2]!, line) });
        return;
      case 'omp_target_memcpy':
        want(7);
        this.push(it, {
          op: name,
          dst: this.ptrArg(args[0]!, line),
          src: this.ptrArg(args[1]!, line),
          bytes: this.int(args[2]!, line),
          dst_offset: this.int(args[3]!, line),
          src_offset: this.int(args[4]!, line),
          dst_device: this.deviceArg(args[5]!, line),
          src_device: this.deviceArg(args[6]!, line),
        });
        return;
      default:
        throw new SourceError(line, `${name}: this device memory routine is not modelled (lang/README.md "Device memory routines in C" lists those that are)`);
    }
  }

  /** An OpenACC data routine's step (`acc_copyin(&a[2], 3 * sizeof(int))`: `a(3:5)`). */
  private dataRoutineStep(name: string, args: string[], line: number): Record<string, unknown> {
    this.useApi('openacc', line);
    const place = this.address(args[0]!, line);
    const bytes = this.int(args[1]!, line);
    let ref: string;
    if (place.kind === 'pointer') {
      // the pointer variable's own storage (lang/README.md "Plain pointer variables")
      if (!place.variable || bytes !== 8) throw new SourceError(line, `${name}(${args[0]}, …): the pointer member itself is not imported as data; name its target (${args[0]!.replace(/^&\s*/, '')})`);
      ref = this.pointerUse(place, line);
    } else {
      this.use(place.base, line);
      ref = this.spanRef(this.spanOf(place, bytes, line, true), line);
    }
    return { op: ACC_DATA_ROUTINES[name]!, var: ref };
  }

  /** acc_deviceptr's step: the object from the address on (the routine looks up its first byte). */
  private deviceptrStep(arg: string, line: number): Record<string, unknown> {
    this.useApi('openacc', line);
    const place = this.address(arg, line);
    if (place.kind === 'pointer') throw new SourceError(line, `acc_deviceptr(${arg}): the address of a pointer itself is not imported`);
    this.use(place.base, line);
    const length = this.baseLength(place.base);
    // one past the end: the empty section there (lang/README.md "Zero-length array sections")
    const count = place.start === 0 && length !== null ? length : length !== null && place.start === length ? 0 : 1;
    const named: Span = { kind: 'span', base: place.base, start: place.start, count, element: true };
    return { op: 'acc_deviceptr', var: this.spanRef(named, line) };
  }

  /** A pointer argument of an OpenMP routine: null, a device pointer the program keeps, or a host object and a byte offset into it (lang/openmp.ts PtrArg). */
  private ptrArg(text: string, line: number): PtrArg {
    if (NULL_POINTER.test(stripCasts(text))) return null;
    const device = this.devicePtrArg(text, line);
    if (device !== undefined) return device;
    const place = this.address(text, line);
    if (place.kind === 'pointer') throw new SourceError(line, `${text}: the address of a pointer itself is not imported here`);
    // offsets count the language's 4-byte elements
    const offset = (n: number) => (n === 0 ? {} : { offset: n * 4 });
    const { base, start } = place;
    if (base.kind === 'structs') {
      this.use(base, line);
      if (base.count === undefined) return { var: base.name };
      return place.element || start > 0 ? { var: `${base.name}(${start + 1})` } : { var: base.name };
    }
    if (base.kind === 'field') {
      this.use(base, line);
      return { var: base.ref, ...offset(start) };
    }
    if (base.kind === 'target' && this.targets.get(base.ref) === null) {
      this.note({ line }, `${base.ref} is null here: the routine is passed a null pointer`);
      return null;
    }
    const at = this.arrayAt(place, line)!;
    this.use(at.array, line);
    return { var: at.array, ...offset(at.start) };
  }

  protected deviceArg(text: string, line: number): number | 'initial' {
    const t = text.replace(/\s/g, '');
    if (t === 'omp_get_initial_device()') return 'initial';
    if (t === 'omp_get_default_device()') return 0;
    // omp_initial_device (-1) and omp_invalid_device (-2) of OpenMP 5.2 and 6.0, which the language takes as numbers
    const n = t === 'omp_initial_device' ? -1 : t === 'omp_invalid_device' ? -2 : this.int(t, line);
    if (n < -2) throw new SourceError(line, `device ${n}: not imported`);
    this.maxDevice = Math.max(this.maxDevice, n);
    return n;
  }

  // ------------------------------------------------------------------------------------------------
  // Directives

  private directive(k: number): number {
    const it = this.items[k]!;
    if (it.api === null || it.api === undefined) {
      this.pass(it, 'a pragma of another kind');
      return k + 1;
    }
    if (this.declareDirective(it)) return k + 1;
    const d = parseDirective(it.api, it.text, it.line);
    const sentinel = d.api === 'openacc' ? 'acc' : 'omp';
    if (/^end\b/.test(d.name)) throw new SourceError(it.line, `#pragma ${sentinel} ${d.name}: C has no end directives (a construct ends with its statement or block)`);
    this.useApi(d.api, it.line);
    return d.api === 'openacc' ? this.accDirective(k, d) : this.ompDirective(k, d);
  }

  private accDirective(k: number, d: DirectiveText): number {
    const s = this.items[k]!;
    const step = this.accDataStep(d, s.line);
    if (step !== null) {
      this.push(s, step);
      return k + 1;
    }
    switch (d.name) {
      case 'data':
        return this.region(k, { op: 'acc_data_begin', clauses: this.accClauses(d, ACC_REGION_CLAUSES, s.line) }, { op: 'acc_data_end' });
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
        throw new SourceError(s.line, `#pragma acc ${d.name} is not imported here`);
    }
  }

  private ompDirective(k: number, d: DirectiveText): number {
    const s = this.items[k]!;
    const step = this.ompDataStep(d, s.line);
    if (step !== null) {
      this.push(s, step);
      return k + 1;
    }
    switch (d.name) {
      case 'requires':
        this.requires(s, d);
        return k + 1;
      case 'target data':
        return this.region(k, { op: 'omp_target_data_begin', ...this.ompDevice(d, s.line), maps: this.ompMaps(d, s.line) }, { op: 'omp_target_data_end' });
      default:
        if (isOmpTargetKernel(d.name)) return this.kernel(k, d);
        // a loop construct on the host (`parallel for`) shares out the host loop after it
        if (isOmpLoopOnly(d.name) && combinesLoop('openmp', d.name) && /^for\b/.test(this.items[k + 1]?.text ?? '')) {
          this.pass(s, `#pragma omp ${d.name} on the host`);
          return k + 1;
        }
        throw new SourceError(s.line, `#pragma omp ${d.name} is not imported here`);
    }
  }

  /** A data construct and its structured block: the begin step, the block, the end step at its last line. */
  private region(k: number, begin: Record<string, unknown>, end: Record<string, unknown>): number {
    const s = this.items[k]!;
    this.push(s, begin);
    const next = this.items[k + 1];
    if (next === undefined || next.kind === 'close') throw new SourceError(s.line, 'a data construct needs the statement or block it applies to');
    const after = this.statement(k + 1);
    this.push(this.items[after - 1]!, end);
    return after;
  }

  protected listItems(list: string): string[] {
    return splitC(list, ',');
  }

  protected rootOf(item: string): string {
    return itemRoot(item) ?? '';
  }

  protected sentinel(api: DirectiveApi): string {
    return api === 'openacc' ? '#pragma acc' : '#pragma omp';
  }

  /**
   * A compute construct and its kernel: the one `for` loop it holds (after nested loop directives,
   * inside braces or not) with one assignment, or with 2 to 8, a kernel of several statements
   * (lang/README.md "Kernels of several statements"); without a loop, assignments to elements
   * (elementKernel) or scalar statements (scalarKernel). Returns the index after the construct.
   */
  private kernel(k: number, d: DirectiveText): number {
    // where the construct runs, for the device queries its statements make (deviceQueries)
    const device = d.api === 'openmp' ? this.ompDevice(d, this.items[k]!.line).device : 0;
    this.runsOn = { initial: device === 'initial' || device === -1, line: this.items[k]!.line };
    try {
      return this.computeKernel(k, d);
    } finally {
      this.runsOn = null;
    }
  }

  private computeKernel(k: number, d: DirectiveText): number {
    const s = this.items[k]!;
    const elements = this.elementKernel(k, d);
    if (elements !== null) return elements;
    const scalar = this.scalarKernel(k, d);
    if (scalar !== null) return scalar;
    const { at, end } = this.kernelLoop(k + 1, combinesLoop(d.api, d.name), s);
    const head = this.items[at]!;
    const body = this.loopStatements(at);
    if (body === null) throw new SourceError(this.items[at + 1]?.line ?? head.line, 'the kernel loop holds statements that are no assignments (a nested block, loop or if); the kernel is one loop of assignments');
    if (body.length === 0) throw new SourceError(head.line, 'the kernel loop holds no assignment');
    if (body.length > MAX_BLOCK_STATEMENTS)
      throw new SourceError(body[MAX_BLOCK_STATEMENTS]!.line, `the kernel loop holds ${body.length} statements: a kernel of several statements holds 2 to ${MAX_BLOCK_STATEMENTS}`);
    const loop = this.loopHeader(head);
    if (loop === null) throw new SourceError(head.line, 'the kernel loop needs for (int i = lo; i < hi; i++) (or <=, ++i, i += 1)');
    if (loop.lo >= loop.hi) throw new SourceError(head.line, 'the kernel loop runs no iteration');
    if (body.length === 1) {
      const { kernelBody, sink } = this.loopStatement(body[0]!, loop, false);
      this.push(s, this.kernelStep(d, s.line, kernelBody, sink));
      return end;
    }
    // a kernel of several statements: each a write (a copy, an add), element k of each iteration lo + k
    const writes = body.map((stmt) => this.loopStatement(stmt, loop, true).kernelBody);
    const conflict = loopConflict(
      'kernel',
      body.map((stmt, n) => ({ line: stmt.line, what: `the kernel's ${stmt.text}`, write: writes[n]!.write as string, ...(writes[n]!.from === undefined ? {} : { from: writes[n]!.from as string }) })),
      (ref) => this.refExtent(ref),
      (base) => this.isScalar(base),
      (base) => this.aliasing(base),
    );
    if (conflict !== null) throw new SourceError(conflict.line, conflict.message);
    this.push(s, this.kernelStep(d, s.line, { writes }, undefined));
    return end;
  }

  /**
   * One statement of a kernel loop over `loop`: `r[i] = X[i]` reads X into the result buffer r,
   * `X[i] = v` writes v (an add, a copy; lang/program.ts WriteBody). In a kernel of several
   * statements (`block`) every statement is a write: a result buffer written there is data
   * (SinkUsed, the program read again), and a pointer's elements are a section of it
   * (validate.ts blockProblem).
   */
  private loopStatement(stmt: Item, loop: Loop, block: boolean): { kernelBody: Record<string, unknown>; sink?: string } {
    if (this.runsRoutine(stmt.text)) throw new SourceError(stmt.line, 'a runtime routine in a kernel is not imported');
    const action = this.loopAction(stmt, loop, true);
    if (block && (action?.kind === 'read' || action?.kind === 'fill'))
      throw new SinkUsed(stmt.line, `the kernel's ${stmt.text}: in a kernel of several statements ${action.sink} is written like the program's data, no result buffer`, action.sink);
    if (action?.kind === 'read') {
      this.readInto(action.sink, stmt.line);
      return { kernelBody: action.body, sink: action.sink };
    }
    if (action?.kind === 'write') {
      // element 0 of the reference is written at i = lo: the value there, and the step (loopWrite)
      // (for an add, what it adds there); `Y[i + k]` among the terms is a copy of Y
      // (a read into what looks like a result buffer is a copy where a step also uses that array: say so)
      const base = action.named.base;
      const what = `the kernel's ${stmt.text}${base.kind === 'array' && this.notBuffers.has(base.name) ? ` (a copy: ${base.name} is data another step uses, no result buffer)` : ''}`;
      const copy = this.copyTerm(action.rhs, loop, stmt.line, what);
      if (copy) this.copyWrite(action.named, stmt.line, what);
      let f: Affine;
      try {
        f = this.affineIn(integralFloats(copy?.rest ?? action.rhs), stmt.line, loop.v);
      } catch (e) {
        if (e instanceof DataScalarUse) throw e;
        const v = loop.v;
        if (copy) throw new SourceError(stmt.line, `${what}: a copy adds a constant or an affine function of ${v} to the element it reads (X[${v}] = Y[${v}] + 1, X[${v}] = Y[${v} + 1] + 2 * ${v})`);
        if (action.add)
          throw new SourceError(stmt.line, `${what}: an add kernel adds a constant or an affine function of ${v} to the element it writes, or that plus one element of an array (X[${v}] += 2 * ${v}, X[${v}]++, X[${v}] = X[${v}] + 1, X[${v}] += Y[${v}])`);
        throw new SourceError(
          stmt.line,
          `the kernel assigns ${action.rhs}: a write kernel stores a constant or an affine function of ${v}, or that plus one element of an array (a copy), or adds one to the element it writes (X[${v}] = 7, X[${v}] = 2 * ${v} + 1, X[${v}] = Y[${v}] + 1, X[${v}] += 1)`,
        );
      }
      this.use(action.named.base, stmt.line);
      const write = block ? this.blockRef(action.named, stmt.line) : this.spanRef(action.named, stmt.line);
      if (copy) this.checkCopy(write, copy.from, stmt.line, what);
      return { kernelBody: { write, ...loopWrite(f, loop.lo), ...(action.add ? { add: true } : {}), ...(copy ? { from: copy.from } : {}) } };
    }
    // an undeclared name says so, as does an operator other than = += -=; anything else is not a
    // kernel mapcheck reads
    const a = splitAssignment(stmt.text) ?? increment(stmt.text);
    const lhs = parsePath(a?.lhs ?? '');
    if (lhs !== null && action === null && this.isData(lhs.root) && a!.op !== '=')
      throw new SourceError(stmt.line, `the kernel's ${stmt.text}: a kernel stores into X[${loop.v}] with = or adds to it with += or -= (++, --)`);
    if (lhs !== null && action === null) this.designate(lhs, stmt.line, false);
    const v = loop.v;
    throw new SourceError(
      stmt.line,
      `the kernel's ${stmt.text}: a kernel loop holds assignments to an element of the loop's index (${block ? '' : `r[${v}] = X[${v}] reads X; `}X[${v}] = v writes v; X[${v}] += v adds v; X[${v}] = Y[${v}] + v copies Y)`,
    );
  }

  /**
   * A compute construct without a loop whose statements assign elements of the program's data
   * (`a[2] = 5;`, `s.ptr1[0] = 1;`, `b[1] = a[1] + 1;`, `a[2] += 3;`), scalar variables among them
   * (`x = 1;`): a write of the one element each (`s.ptr2[1]` is the section `s%ptr2(2:2)`), one
   * body or a kernel of several statements (SourceReader elementKernelStep; LLVM's pr38704.c).
   * Returns the index after the construct, or null where no statement assigns an element
   * (scalarKernel, a loop kernel).
   */
  private elementKernel(k: number, d: DirectiveText): number | null {
    if (!isComputeWithoutLoop(d)) return null;
    const body = this.computeBody(k);
    if (body === null) return null;
    const assignments = body.stmts.map((st) => {
      const a = splitAssignment(st.text) ?? increment(st.text);
      const lhs = a === null || a.lhs.includes('->') ? null : parsePath(a.lhs);
      return a !== null && lhs !== null && lhs.steps.length > 0 && this.isData(lhs.root) && !this.isScalar(lhs.root) ? { a, lhs } : null;
    });
    if (assignments.every((x) => x === null)) return null;
    const stmts = body.stmts.map((st, n) => {
      const what = `the kernel's ${st.text}`;
      const x = assignments[n];
      if (x === null || x === undefined) {
        const scalar = this.scalarStatement(st);
        if (scalar?.kind !== 'write')
          throw new SourceError(st.line, `${what}: a compute construct without a loop is read when each of its statements assigns an element of the program's data or a scalar variable (a[2] = 5, s.p[0] = 1, x = 1)`);
        this.use(scalar.name, st.line);
        const copy = this.copyTerm(scalar.rhs, null, st.line, what);
        if (copy) this.checkCopy(scalar.name, copy.from, st.line, what);
        const value = this.elementValue(copy?.rest ?? scalar.rhs, st.line, what);
        const w = { write: scalar.name, value, ...(scalar.add ? { add: true } : {}), ...(copy ? { from: copy.from } : {}) };
        return { line: st.line, what, write: scalar.name, ...(copy ? { from: copy.from } : {}), body: w };
      }
      const { a, lhs } = x;
      if (this.isBuffer(lhs.root)) throw new SinkUsed(st.line, `${what}: ${lhs.root} is written like the program's data, no result buffer`, lhs.root);
      const added = a.op === '+=' ? a.rhs : a.op === '-=' ? `-(${a.rhs})` : a.op === '=' ? addendOf(a.rhs, a.lhs) : null;
      if (a.op !== '=' && added === null) throw new SourceError(st.line, `${what}: a kernel stores into an element with = or adds to it with += or -= (++, --)`);
      const named = this.designate(lhs, st.line, false);
      if (named.kind !== 'span' || named.base.kind === 'structs' || !named.element)
        throw new SourceError(st.line, `${what}: a compute construct without a loop assigns one element (a[2], s.p[0], s.arr[1])`);
      const rhs = added ?? a.rhs;
      const copy = this.copyTerm(rhs, null, st.line, what);
      if (copy) this.copyWrite(named, st.line, what);
      const value = this.elementValue(copy?.rest ?? rhs, st.line, what);
      this.use(named.base, st.line);
      const write = this.blockRef(named, st.line);
      if (copy) this.checkCopy(write, copy.from, st.line, what);
      return { line: st.line, what, write, ...(copy ? { from: copy.from } : {}), body: { write, value, ...(added === null ? {} : { add: true }), ...(copy ? { from: copy.from } : {}) } };
    });
    this.elementKernelStep(d, this.items[k]!.line, stmts, (ref) => this.refExtent(ref), (base) => this.isScalar(base));
    return body.end;
  }

  /** The constant an element kernel's statement stores (or adds), refused on its line where it is none. */
  private elementValue(text: string, line: number, what: string): number {
    try {
      return this.int(integralFloats(text), line);
    } catch (e) {
      if (e instanceof DataScalarUse || !(e instanceof SourceError)) throw e;
      throw new SourceError(line, `${what}: a kernel without a loop stores a constant into an element, or that plus one element of an array (a[2] = 5, b[2] = a[2] + 1), or adds one to it (a[2] += 1)`);
    }
  }

  /**
   * A compute construct without a loop whose statements use scalar variables (lang/program.ts
   * ArrayDecl scalar): `x = 222;`, `x++;`, `x += 3;`, `x = x + 1;` write the scalar (a constant, or
   * an add), `printf("%d\n", x);` reads each scalar it prints; the steps are SourceReader
   * scalarKernelSteps'. Returns the index after the construct, or null when its statement is no
   * such statement (a loop kernel, read by kernelLoop).
   */
  private scalarKernel(k: number, d: DirectiveText): number | null {
    if (!isComputeWithoutLoop(d)) return null;
    const s = this.items[k]!;
    const body = this.computeBody(k);
    if (body === null) return null;
    const actions = body.stmts.map((st) => this.scalarStatement(st));
    if (actions.every((a) => a === null)) return null;
    const other = body.stmts.find((_, n) => actions[n] === null);
    if (other !== undefined)
      throw new SourceError(other.line, `"${other.text.slice(0, 40)}": a compute construct without a loop is read when each of its statements writes a scalar variable (x = 222, x++, x += 3) or prints scalars (printf)`);
    const stmts: ScalarStatement[] = [];
    for (const [n, action] of actions.entries()) {
      const st = body.stmts[n]!;
      const a = action!;
      for (const name of a.kind === 'print' ? a.names : [a.name]) this.use(name, st.line);
      if (a.kind === 'print') {
        stmts.push({ line: st.line, text: st.text, reads: a.names });
        continue;
      }
      // `x = y + 1`: a copy of scalar variable y (or of one element)
      const what = `the kernel's ${st.text}`;
      const copy = this.copyTerm(a.rhs, null, st.line, what);
      if (copy) this.checkCopy(a.name, copy.from, st.line, what);
      let value: number;
      try {
        value = this.int(integralFloats(copy?.rest ?? a.rhs), st.line);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        throw new SourceError(st.line, `${what}: a kernel without a loop stores a constant into a scalar, or that plus another scalar variable (x = 222, x = y + 1), or adds one to it (x++, x += 3, x = x + 1)`);
      }
      stmts.push({ line: st.line, text: st.text, write: { name: a.name, value, add: a.add, ...(copy ? { from: copy.from } : {}) } });
    }
    // a construct that only prints what is no data: no kernel mapcheck reads
    if (stmts.every((st) => st.reads?.length === 0)) return null;
    this.scalarKernelSteps(d, s.line, stmts);
    return body.end;
  }

  /** What one statement of a compute construct without a loop does to scalar variables (scalarKernel), or null for another statement. */
  private scalarStatement(st: Item): { kind: 'print'; names: string[] } | { kind: 'write'; name: string; rhs: string; add: boolean } | null {
    const print = /^(?:printf|fprintf)\s*\(([\s\S]*)\)$/.exec(st.text);
    if (print) {
      const names: string[] = [];
      for (const arg of splitC(print[1]!, ',')) {
        const t = evaluated(arg, st.line);
        for (const m of t.matchAll(/(?<![\w.]|->|\.\s+|->\s+)[A-Za-z_]\w*/g))
          if (this.isData(m[0]) && !this.isScalar(m[0]) && unaryBefore(t, m.index) !== '&')
            throw new SourceError(st.line, `a kernel's printf of ${m[0]} is not imported: a compute construct without a loop reads scalar variables`);
        for (const name of this.scalarReads(arg, st.line)) if (!names.includes(name)) names.push(name);
      }
      return { kind: 'print', names };
    }
    const a = splitAssignment(st.text) ?? increment(st.text);
    const lhs = a === null ? null : parsePath(a.lhs);
    if (a === null || lhs === null || lhs.steps.length > 0 || !this.isScalar(lhs.root)) return null;
    const added = a.op === '+=' ? a.rhs : a.op === '-=' ? `-(${a.rhs})` : a.op === '=' ? addendOf(a.rhs, a.lhs) : null;
    if (a.op !== '=' && added === null) throw new SourceError(st.line, `the kernel's ${st.text}: a kernel stores into a scalar with = or adds to it with += or -= (++, --)`);
    return { kind: 'write', name: lhs.root, rhs: added ?? a.rhs, add: added !== null };
  }

  /**
   * The loop of a compute construct starting at `j`: nested loop directives, a block holding the
   * rest (not after a construct combined with a loop, whose loop follows it) after declarations of
   * index variables without initialisers, then the `for`.
   * Returns the index of the `for` and the index after the construct.
   */
  private kernelLoop(j: number, combined: boolean, s: Item): { at: number; end: number } {
    const it = this.items[j];
    if (it?.kind === 'pragma' && this.nestedLoopDirective(it)) {
      const d = parseDirective(it.api!, it.text, it.line);
      return this.kernelLoop(j + 1, combinesLoop(d.api, d.name), s);
    }
    if (it?.kind === 'open' && !combined) {
      // the block may first declare the loop's index (`int ii;`): a variable of the region, no data
      let first = j + 1;
      while (this.items[first]?.kind === 'stmt' && /^(?:(?:unsigned|signed|int|long|short|size_t)\s+)+[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*$/.test(this.items[first]!.text)) {
        this.pass(this.items[first]!, 'a local of the compute construct');
        first++;
      }
      const inner = this.kernelLoop(first, false, s);
      const close = this.items[inner.end];
      if (close?.kind !== 'close') throw new SourceError(close?.line ?? it.line, 'a compute construct\'s block holds its one loop and nothing else');
      return { at: inner.at, end: inner.end + 1 };
    }
    if (it?.kind === 'head' && /^for\b/.test(it.text)) return { at: j, end: this.extent(j) };
    throw new SourceError(it?.line ?? s.line, 'a compute construct is imported with one for loop as its kernel (for (int i = lo; i < hi; i++) with assignments), or without a loop with assignments to elements or scalar variables');
  }

  /** A loop directive nested in a compute construct, before its loop (`#pragma acc loop`, `#pragma omp teams distribute parallel for`). */
  private nestedLoopDirective(it: Item): boolean {
    if (it.api === null || it.api === undefined) return false;
    const d = parseDirective(it.api, it.text, it.line);
    if (d.api === 'openacc' ? d.name !== 'loop' : !isOmpLoopOnly(d.name)) return false;
    for (const c of d.clauses) if (!SCHEDULING_CLAUSES.has(c.name)) throw new SourceError(it.line, clauseNotImported(c, 'a loop directive', true));
    return true;
  }

  // ------------------------------------------------------------------------------------------------
  // References

  /**
   * What a designator names (lang/README.md "References"): elements of an array, of a pointer's
   * target, of a struct's member or of an array of structs, or a pointer itself (`c.p`, `p`).
   * `use`: the root is used by a step (finish keeps only used objects).
   */
  private designate(path: Path, line: number, use = true): Named {
    const { root, steps } = path;
    const text = () => `${root}${steps.map((st) => ('index' in st ? `[${st.index}]` : `.${st.member}`)).join('')}`;
    const a = this.arrays.get(root);
    if (a !== undefined) {
      if (use) this.uses.set(root, this.uses.get(root) ?? line);
      if (a.scalar && steps.length > 0) throw new SourceError(line, `${text()}: ${root} is a scalar variable; it takes no subscript or member (name it whole: ${root})`);
      if (this.plain.has(root) || a.length === undefined) {
        if (steps.length === 0) return { kind: 'pointer', ref: root, variable: true };
        if (!this.plain.has(root)) throw new SourceError(line, `${text()}: ${root} is used before it points anywhere (assign it an array or malloc'd storage first)`);
        return this.span({ kind: 'target', ref: root, plain: true, length: this.targetLength(root), elem: a.elem }, steps, text(), line);
      }
      return this.span({ kind: 'array', name: root, length: a.length, elem: a.elem }, steps, text(), line);
    }
    const st = this.structs.get(root);
    if (st !== undefined) {
      if (use) this.uses.set(root, this.uses.get(root) ?? line);
      let rest = steps;
      let element: number | undefined;
      const [first, second] = rest;
      if (st.count !== undefined && first !== undefined && 'index' in first && second !== undefined && 'member' in second) {
        element = this.int(first.index, line);
        if (element < 0 || element >= st.count) throw new SourceError(line, `${text()}: element ${element} is outside ${root}[0..${st.count - 1}]`);
        rest = rest.slice(1);
      }
      const head = rest[0];
      if (head === undefined || 'index' in head) {
        if (st.count === undefined && head !== undefined) throw new SourceError(line, `${text()}: ${root} is a single struct; it takes no subscript`);
        return this.span({ kind: 'structs', name: root, count: st.count, def: st.def }, rest, text(), line);
      }
      const member = head.member;
      if (st.count !== undefined && element === undefined) throw new SourceError(line, `${text()}: ${root} is an array of structs; name one element's member, e.g. ${root}[0].${member}`);
      const ref = `${root}${element === undefined ? '' : `(${element + 1})`}%${member}`;
      const sub = rest.slice(1);
      if (st.def.pointers.includes(member)) {
        if (sub.length === 0) return { kind: 'pointer', ref, variable: false };
        return this.span({ kind: 'target', ref, plain: false, length: this.targetLength(ref), elem: this.pointee(ref) }, sub, text(), line);
      }
      const field = st.def.fields.find((f) => f.name === member);
      if (field !== undefined && st.count !== undefined) throw new SourceError(line, `${text()}: a non-pointer member of an array of structs is not imported (lang/README.md "Non-pointer struct members": single structs)`);
      if (field !== undefined) return this.span({ kind: 'field', ref, length: field.length }, sub, text(), line);
      if (st.def.counts.includes(member) && sub.length === 0) return { kind: 'count', key: ref };
      throw new SourceError(line, `${text()}: ${st.def.name} has no member ${member} mapcheck imports`);
    }
    const why = this.opaque.get(root);
    if (why !== undefined) throw new SourceError(line, `${root}: ${why}`);
    throw new SourceError(line, `${root} is not an array, struct or pointer of the program`);
  }

  /** Elements of `base` a subscript names: `[k]` one element, `[lo:len]` a C section (start, length; OpenACC 3.3 §2.7.1). */
  private span(base: Base, steps: Path['steps'], text: string, line: number): Span {
    const length = this.baseLength(base);
    if (steps.length === 0) {
      if (length === null) throw new SourceError(line, `${text}: its length is not known here`);
      return { kind: 'span', base, start: 0, count: length, element: false };
    }
    const sub = steps[0]!;
    if (steps.length > 1 || !('index' in sub))
      throw new SourceError(line, `"${text}" is not a reference mapcheck imports (a, a[lo:len], c, c.p[lo:len], cs[k], cs[k].p[lo:len], c.n, c.arr[lo:len], p, p[lo:len])`);
    if (base.kind === 'field' && base.length === undefined) throw new SourceError(line, `${text}: ${base.ref} is a scalar member; it takes no subscript`);
    const colon = topLevelColon(sub.index);
    if (colon < 0) return { kind: 'span', base, start: this.int(sub.index, line), count: 1, element: true };
    const [lo, len] = [sub.index.slice(0, colon).trim(), sub.index.slice(colon + 1).trim()];
    if (topLevelColon(len) >= 0) throw new SourceError(line, `${text}: strides are not imported`);
    const start = lo === '' ? 0 : this.int(lo, line);
    if (len === '' && length === null) throw new SourceError(line, `${text}: the length of ${base.kind === 'target' ? base.ref : text} is not known here; write it`);
    const count = len === '' ? length! - start : this.int(len, line);
    return { kind: 'span', base, start, count, element: false };
  }

  /** Elements of a base: an array's, a pointer's current target's (null when unknown), a member's, the structs'. */
  private baseLength(base: Base): number | null {
    switch (base.kind) {
      case 'array':
        return base.length;
      case 'structs':
        return base.count ?? 1;
      case 'target':
        return base.length;
      case 'field':
        return base.length ?? 1;
    }
  }

  /** The C size of one element of a base (a struct's for structs). */
  private elementBytes(base: Base): number {
    return base.kind === 'structs' ? base.def.bytes : base.kind === 'field' ? 4 : bytesOf(base.elem);
  }

  /** The length of a pointer's current target: 0 for a null pointer (its `[0:0]` names it whole), null when unknown. */
  private targetLength(ref: string): number | null {
    const t = this.targets.get(ref);
    return t === undefined ? null : t === null ? 0 : t.length;
  }

  /** The language's reference for elements of a base: the whole object by its name, else Fortran bounds (start + 1 : start + count). */
  private spanRef(n: Span, line: number): string {
    const { base, start, count } = n;
    const section = (ref: string) => `${ref}(${start + 1}:${start + count})`;
    switch (base.kind) {
      case 'array':
        if (this.isScalar(base.name) && (start !== 0 || count !== 1))
          throw new SourceError(line, `${base.name} is a scalar variable: its ${this.elementBytes(base)} bytes are named whole (&${base.name}, sizeof ${base.name}), no section of it`);
        return start === 0 && count === base.length ? base.name : section(base.name);
      case 'structs':
        if (base.count === undefined) {
          if (start !== 0 || count !== 1) throw new SourceError(line, `${base.name} is a single struct: no section of it is imported`);
          return base.name;
        }
        if (start === 0 && count === base.count) return base.name;
        return count === 1 ? `${base.name}(${start + 1})` : section(base.name);
      case 'target':
        if (start === 0 && count === base.length) return base.plain ? `${base.ref}(:)` : base.ref;
        return section(base.ref);
      case 'field':
        if (base.length === undefined) {
          if (start !== 0 || count !== 1) throw new SourceError(line, `${base.ref} is a scalar member: no section of it is imported`);
          return base.ref;
        }
        return start === 0 && count === base.length ? base.ref : section(base.ref);
    }
  }

  /**
   * The language's reference for elements of a base in a kernel of several statements: as spanRef,
   * but a pointer's elements are always a section (`s%p(1:1)`, `p(1:4)`), as validation wants them
   * in a block (validate.ts blockProblem).
   */
  private blockRef(n: Span, line: number): string {
    return n.base.kind === 'target' ? `${n.base.ref}(${n.start + 1}:${n.start + n.count})` : this.spanRef(n, line);
  }

  /** The storage of a language reference as validation places it (reader.ts refExtent): a pointer's elements by the pointer. */
  private refExtent(ref: string): Extent | null {
    return refExtent(ref, (base) => {
      const a = this.arrays.get(base);
      if (a !== undefined && !this.plain.has(base)) return a.length ?? null;
      const m = /^([A-Za-z_]\w*)(?:\(\d+\))?%([A-Za-z_]\w*)$/.exec(base);
      const field = m === null ? undefined : this.structs.get(m[1]!)?.def.fields.find((f) => f.name === m[2]);
      return field !== undefined ? (field.length ?? 1) : this.targetLength(base);
    });
  }

  /**
   * The storage a host loop's reference touches (reader.ts loopConflict host): an array's or a
   * member's elements, a pointer's those of its current target (an array's, or the malloc'd storage
   * of that pointer alone); null for a pointer whose target is not known here.
   */
  private hostExtent(ref: string): Extent | null {
    const e = this.refExtent(ref);
    if (e === null) return null;
    const m = /^([A-Za-z_]\w*)(?:\(\d+\))?%([A-Za-z_]\w*)$/.exec(e.base);
    const pointer = this.plain.has(e.base) || (m !== null && this.structs.get(m[1]!)?.def.pointers.includes(m[2]!) === true);
    if (!pointer) return e;
    const t = this.targets.get(e.base);
    if (t === undefined || t === null) return null;
    return 'heap' in t ? { ...e, base: `${e.base} (its malloc'd storage)` } : { base: t.array, lo: t.start + e.lo, hi: t.start + e.hi };
  }

  /** The pointer a reference's storage `base` goes through where it may point into other storage (a pointer variable, a member not given storage with malloc), or null. */
  private aliasing(base: string): string | null {
    if (this.plain.has(base)) return `pointer ${base}`;
    const m = /^([A-Za-z_]\w*)(?:\(\d+\))?%([A-Za-z_]\w*)$/.exec(base);
    if (m === null || this.structs.get(m[1]!)?.def.pointers.includes(m[2]!) !== true) return null;
    return this.heapMember(base) ? null : `pointer member ${base.replace('%', '.')}`;
  }

  /** Marks the object a base or a reference belongs to as used by a step (at `line`). */
  private use(of: Base | string, line: number): void {
    const root = typeof of === 'string' ? of.split(/[(%]/)[0]! : of.kind === 'array' || of.kind === 'structs' ? of.name : of.ref.split(/[(%]/)[0]!;
    if (!this.uses.has(root)) this.uses.set(root, line);
  }

  /** A data clause's list item: a C reference translated (lang/README.md "References"). */
  protected dataRef(text: string, line: number): string {
    if (text.includes('->')) throw new SourceError(line, 'pointers to structs (->) are not imported');
    const path = parsePath(text);
    if (path === null)
      throw new SourceError(line, `"${text}" is not a reference mapcheck imports (a, a[lo:len], c, c.p[lo:len], cs[k], cs[k].p[lo:len], c.n, c.arr[lo:len], p, p[lo:len])`);
    const named = this.designate(path, line);
    if (named.kind === 'count') throw new SourceError(line, `${text} is the element count of a pointer, no data of the program`);
    if (named.kind === 'pointer') {
      if (!named.variable) throw new SourceError(line, `${text} is the pointer member itself; a data clause names its target, ${text}[0:n] (mapcheck's ${named.ref})`);
      this.note({ line }, `${named.ref} in a data clause is the pointer variable itself (its own storage); ${named.ref}[0:n] is its target`);
      return this.pointerUse(named, line);
    }
    return this.spanRef(named, line);
  }

  /** A pointer reference (attach / detach clauses): `c.p` is `c%p`, `cs[1].p` is `cs(2)%p`, a pointer variable `p` is `p`. */
  protected pointerRef(text: string, line: number): string {
    const path = parsePath(text);
    const named = path === null ? null : this.designate(path, line);
    if (named?.kind !== 'pointer') throw new SourceError(line, `"${text}" is not a pointer (c.p, cs[k].p or a pointer variable p)`);
    return this.pointerUse(named, line);
  }

  /** A pointer named where the pointer itself is meant; a pointer variable so named is a plain pointer. */
  private pointerUse(ptr: { ref: string; variable: boolean }, line: number): string {
    const root = ptr.ref.split(/[(%]/)[0]!;
    if (ptr.variable && !this.plain.has(ptr.ref)) this.becomesPlain(ptr.ref, line);
    this.uses.set(root, this.uses.get(root) ?? line);
    return ptr.ref;
  }

  /**
   * Where an address points (a routine's pointer argument, a pointer's new target): `&X`, an array or
   * pointer X (its first element), `X + k`.
   */
  private address(text: string, line: number): Place {
    if (/^\(\s*(?:const\s+)?(?:unsigned\s+)?char\s*\*\s*\)/.test(text.trim()) && /[+-]/.test(text))
      throw new SourceError(line, `${text}: byte offsets are not imported (address whole elements, &a[k])`);
    const t = stripCasts(text);
    if (t.includes('->')) throw new SourceError(line, 'pointers to structs (->) are not imported');
    // X + k, X - k
    for (let i = 1, depth = 0; i < t.length; i++) {
      const c = t[i]!;
      if ('([{'.includes(c)) depth++;
      else if (')]}'.includes(c)) depth--;
      else if ((c === '+' || c === '-') && depth === 0 && t[i + 1] !== '>') {
        const place = this.address(t.slice(0, i), line);
        if (place.kind !== 'at') throw new SourceError(line, `${text}: arithmetic on the address of a pointer is not imported`);
        return { ...place, start: place.start + this.int(`0 ${t.slice(i)}`, line), element: true };
      }
    }
    const amp = t.startsWith('&');
    const path = parsePath(amp ? t.slice(1) : t);
    if (path === null) throw new SourceError(line, `"${text}" is not an address mapcheck reads (a, &a[k], a + k, &c, &cs[k], c.p, &c.p[k], &c.n, &c.p for a pointer)`);
    const named = this.designate(path, line, false);
    if (named.kind === 'count') throw new SourceError(line, `${text}: the element count of a pointer is no data of the program`);
    if (named.kind === 'pointer') {
      if (amp) return named;
      // a pointer's value: its target's first element
      const a = named.variable ? this.arrays.get(named.ref)! : undefined;
      if (a !== undefined && !this.plain.has(named.ref)) throw new SourceError(line, `${text}: ${named.ref} points nowhere yet`);
      const base: Base = { kind: 'target', ref: named.ref, plain: named.variable, length: this.targetLength(named.ref), elem: a?.elem ?? this.pointee(named.ref) };
      return { kind: 'at', base, start: 0, element: false };
    }
    if (named.element && !amp) throw new SourceError(line, `${text} is an element's value, not an address: write &${t}`);
    if (!amp && this.scalarBase(named.base)) throw new SourceError(line, `${text} is a scalar's value, not an address: write &${t}`);
    if (!amp && !named.element && (named.base.kind === 'structs' ? named.base.count === undefined : named.base.kind === 'field' && named.base.length === undefined))
      throw new SourceError(line, `${text} is not an address: write &${t}`);
    return { kind: 'at', base: named.base, start: named.start, element: named.element };
  }

  /** The span of `bytes` bytes from a place (rounded up to whole elements unless `exact`). */
  private spanOf(place: Extract<Place, { kind: 'at' }>, bytes: number, line: number, exact: boolean): Span {
    const size = this.elementBytes(place.base);
    const count = Math.ceil(bytes / size);
    if ((exact || place.base.kind === 'structs') && count * size !== bytes)
      throw new SourceError(line, `${bytes} bytes are not whole elements of ${size} bytes${place.base.kind === 'structs' ? ` (sizeof ${place.base.def.name})` : ''}`);
    return { kind: 'span', base: place.base, start: place.start, count, element: false };
  }

  // ------------------------------------------------------------------------------------------------
  // Constants

  /** A constant integer expression of the program (macros are expanded already; scalars and counts where known). */
  /**
   * `bind`: the value of a loop index (null: unknown, so no outer value of the name is taken); with
   * `elements` (before the first step), an element of an array other than that base is its initial
   * value.
   */
  private int(text: string, line: number, bind?: { v: string; i: number | null; elements?: Base }): number {
    const counts: { line: number; count: number }[] = [];
    const value = evalC(this.deviceQueries(text, line, counts), this.scope(line, bind), line);
    this.deviceCounts.push(...counts);
    return value;
  }

  /**
   * The device queries of OpenMP 6.0 §24 and OpenACC 3.3 §3.2.12 as the numbers they return in the
   * imported program: `omp_get_default_device()` 0, the language's default device (a program that
   * sets another, with omp_set_default_device, is not imported; deviceArg reads the call alike);
   * `omp_get_num_devices()` the world's device count, the highest device number the program uses
   * plus one, known only at the end, so the number read here is checked then (finish: `if (d >=
   * omp_get_num_devices ()) d = id;` reads as 1 while no step names device 1); and
   * `omp_is_initial_device()` / `acc_on_device(acc_device_host | acc_device_not_host)` by where the
   * code runs: the host, or a compute construct, which runs on a device of the world (every device
   * of an imported world is available) unless an OpenMP one names the initial device
   * (`isHost = omp_is_initial_device ();` in a target region stores 0).
   */
  private deviceQueries(text: string, line: number, counts: { line: number; count: number }[]): string {
    // on the host, or in a construct that runs there (device(omp_initial_device)); otherwise on a device of the world
    const host = this.runsOn === null || this.runsOn.initial;
    const where = (call: string, value: number) => {
      if (this.runsOn !== null) this.note({ line }, `${call} reads ${value}: the construct at line ${this.runsOn.line} runs on ${host ? 'the host (the initial device)' : 'a device of the world, not the host'}`);
      return String(value);
    };
    return text
      .replace(/\bomp_get_default_device\s*\(\s*\)/g, '0')
      .replace(/\bomp_get_num_devices\s*\(\s*\)/g, () => {
        counts.push({ line, count: this.maxDevice + 1 });
        return String(this.maxDevice + 1);
      })
      .replace(/\bomp_is_initial_device\s*\(\s*\)/g, () => where('omp_is_initial_device()', host ? 1 : 0))
      .replace(/\bacc_on_device\s*\(\s*(acc_device_host|acc_device_not_host)\s*\)/g, (_, type: string) =>
        where(`acc_on_device(${type})`, (type === 'acc_device_host') === host ? 1 : 0),
      );
  }

  /** `text` as `k * v + c` in loop index v (evalCAffine; SourceError where it is not). */
  private affineIn(text: string, line: number, v: string): Affine {
    return evalCAffine(text, this.scope(line, { v, i: null }), line, v);
  }

  private scope(line: number, bind?: { v: string; i: number | null; elements?: Base }): CScope {
    return {
      value: (d) => (bind !== undefined && d === bind.v ? bind.i : ((bind?.elements !== undefined ? this.initialElement(d, line, bind) : null) ?? this.valueOfDesignator(d, line))),
      sizeOf: (t, isType) => {
        const type = isType ? this.typeNamed(t) : this.typeOfExpr(t);
        return type === null ? null : bytesOf(type);
      },
      isType: (t) => this.typeNamed(t) !== null,
    };
  }

  /**
   * Before the first step, the initial value of an array element `a[e]` a fill reads (the index
   * evaluated with the loop's), or null for another designator or an element of the array being
   * filled (`bind.elements`, whose values the loop is changing).
   */
  private initialElement(designator: string, line: number, bind: { v: string; i: number | null; elements?: Base }): number | null {
    const path = parsePath(designator);
    const step = path?.steps[0];
    if (path === null || path.steps.length !== 1 || step === undefined || !('index' in step)) return null;
    const a = this.arrays.get(path.root);
    const self = bind.elements;
    if (a === undefined || a.scalar || a.length === undefined || this.plain.has(path.root) || (self?.kind === 'array' && self.name === path.root)) return null;
    const e = this.int(step.index, line, { v: bind.v, i: bind.i });
    if (e < 0 || e >= a.length) throw new SourceError(line, `${designator}: element ${e} is outside ${path.root}[0..${a.length - 1}]`);
    return Array.isArray(a.init) ? a.init[e]! : (a.init ?? 0);
  }

  /** The initial values of the elements of a language reference (`a`, `a(2:5)`, a scalar variable) of an array of the program, before the first step. */
  private initialValues(ref: string, line: number): number[] {
    const m = /^([A-Za-z_]\w*)(?:\((\d+):(\d+)\))?$/.exec(ref);
    const a = m ? this.arrays.get(m[1]!) : undefined;
    if (!m || a === undefined || a.length === undefined || this.plain.has(m[1]!)) throw new SourceError(line, `${ref}: before the first directive a copy reads an array or a scalar variable of the program`);
    const all = Array.isArray(a.init) ? a.init : Array<number>(a.length).fill(a.init ?? 0);
    return m[2] === undefined ? [...all] : all.slice(Number(m[2]) - 1, Number(m[3]));
  }

  /**
   * The copy in the value `expr` of a write (lang/program.ts WriteBody and HostWrite from,
   * lang/README.md "Copy kernels"): its one term that is data of the program, and `expr` without it
   * (to evaluate). In a loop the term is an element `y[i + k]` of an array, whose section the loop
   * reads, or a scalar variable where the loop runs once; without a loop, an element or a scalar
   * variable. Null where no term is data; refused (a SourceError at `line`, its message starting
   * with `what`) where the data is no array or scalar variable of the program (a member, a pointer's
   * target), is subtracted, or is two terms.
   */
  private copyTerm(expr: string, loop: Loop | null, line: number, what: string): { from: string; rest: string } | null {
    const pathOf = (t: string) => (t.includes('->') ? null : parsePath(stripCasts(t)));
    const terms = dataTerms(expr, (t) => {
      const path = pathOf(t);
      // a scalar variable is one element: a loop of several iterations reads no copy of it (nor its value as a constant: DataScalarUse)
      return path !== null && this.isData(path.root) && !this.isBuffer(path.root) && !(this.isScalar(path.root) && loop !== null && loop.hi - loop.lo !== 1);
    });
    if (terms.length === 0) return null;
    const minus = terms.find((t) => !t.plus);
    if (minus !== undefined) throw new SourceError(line, `${what}: it subtracts ${minus.term}; a copy adds one element of an array to what it writes (X[i] = Y[i] + 1)`);
    if (terms.length > 1) {
      const roots = [...new Set(terms.map((t) => pathOf(t.term)!.root))];
      if (roots.length > 1) throw new SourceError(line, `${what}: it reads ${roots.join(' and ')}; a copy reads one array (X[i] = Y[i] + 1), so a sum of two is not imported`);
      throw new SourceError(line, `${what}: it reads ${roots[0]} ${terms.length} times; a copy adds one element of one array to what it writes`);
    }
    const { term, rest } = terms[0]!;
    const path = pathOf(term)!;
    const named = loop !== null && !this.isScalar(path.root) ? this.loopNamed(path, loop, line) : this.designate(path, line);
    if (named.kind !== 'span' || named.base.kind !== 'array')
      throw new SourceError(line, `${what}: it reads ${term}; a copy reads an array or a scalar variable of the program, not a member, a struct or a pointer's target`);
    if (named.start < 0 || named.start + named.count > named.base.length)
      throw new SourceError(line, `${what}: it reads elements ${named.start}..${named.start + named.count - 1} of ${named.base.name}, outside ${named.base.name}[0..${named.base.length - 1}]`);
    this.use(named.base, line);
    return { from: this.spanRef(named, line), rest };
  }

  /** The written side of a copy: elements of an array or a scalar variable of the program (not a member, a struct or a pointer's target). */
  private copyWrite(named: Span, line: number, what: string): void {
    if (named.base.kind !== 'array') throw new SourceError(line, `${what}: a copy writes an array or a scalar variable of the program, not a member, a struct or a pointer's target`);
    if (named.start < 0 || named.start + named.count > named.base.length)
      throw new SourceError(line, `${what}: it writes elements ${named.start}..${named.start + named.count - 1} of ${named.base.name}, outside ${named.base.name}[0..${named.base.length - 1}]`);
  }

  /** Refuses a copy that writes `write` and reads `from` (language references) of different element counts, or overlapping sections of one array. */
  private checkCopy(write: string, from: string, line: number, what: string): void {
    const count = (ref: string): number | null => {
      const m = /^([A-Za-z_]\w*)(?:\((\d+):(\d+)\))?$/.exec(ref);
      return m === null ? null : m[2] === undefined ? (this.arrays.get(m[1]!)?.length ?? null) : Number(m[3]) - Number(m[2]) + 1;
    };
    const [n, m] = [count(write), count(from)];
    if (n !== null && m !== null && n !== m) throw new SourceError(line, `${what}: ${write} has ${n} element${n === 1 ? '' : 's'} and ${from} ${m}; a copy reads as many elements as it writes`);
    const overlap = copyOverlap(write, from, (x) => this.arrays.get(x)?.length ?? null);
    if (overlap !== null) throw new SourceError(line, `${what}: ${overlap}`);
  }

  /** A scalar's known value, or a pointer's count member (`c.p_n`, `cs[1].p_n`); a scalar that is data is refused (DataScalarUse) at `line`. */
  private valueOfDesignator(designator: string, line: number): number | null {
    const path = parsePath(designator);
    if (path === null) return null;
    const scalar = this.dataScalars.get(path.root);
    if (this.isScalar(path.root) && scalar !== undefined)
      throw new DataScalarUse(
        line,
        `${path.root} is data of the program (line ${scalar.line}: ${scalar.why}): mapcheck does not also read its value as a constant (a copy back or a kernel changes it); give the constant a variable of its own`,
      );
    if (path.steps.length === 0) return this.values.get(path.root) ?? null;
    const st = this.structs.get(path.root);
    if (st === undefined) return null;
    try {
      const named = this.designate(path, 0, false);
      return named.kind === 'count' ? (this.values.get(named.key) ?? null) : null;
    } catch {
      return null;
    }
  }

  /** The type a type name writes (`int`, `unsigned long`, `struct t`, a typedef, with `*`s), or null. */
  private typeNamed(text: string): CType | null {
    const t = text.replace(/\b(?:const|volatile|restrict)\b/g, ' ').trim();
    const stars = (t.match(/\*/g) ?? []).length;
    const core = t.replace(/\*/g, ' ').trim().replace(/\s+/g, ' ');
    const struct = /^struct ([A-Za-z_]\w*)$/.exec(core);
    let type: CType | null;
    if (struct) {
      const def = this.structTypes.get(struct[1]!);
      type = def === undefined ? null : { kind: 'struct', def };
    } else if (SCALAR_WORDS.exec(core)?.[0].trim() === core) type = scalarType(core);
    else type = this.typedefs.get(core) ?? null;
    for (let s = 0; s < stars && type !== null; s++) type = { kind: 'pointer', to: type };
    return type;
  }

  /** The type of an expression sizeof takes (`a`, `*a`, `res[0]`, `c.p`, `*c.p`, `cs[1]`), or null. */
  private typeOfExpr(text: string): CType | null {
    let t = text.trim();
    let derefs = 0;
    for (;;) {
      if (t.startsWith('*')) {
        derefs++;
        t = t.slice(1).trim();
      } else if (t.startsWith('(') && closingParen(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
      else break;
    }
    const path = parsePath(t);
    let type: CType | null = path === null ? null : (this.types.get(path.root) ?? null);
    for (const step of path?.steps ?? []) {
      if (type === null) return null;
      type = 'index' in step ? elementOf(type) : type.kind === 'struct' ? (type.def.members.get(step.member) ?? null) : null;
    }
    for (; derefs > 0 && type !== null; derefs--) type = elementOf(type);
    return type;
  }

  // ------------------------------------------------------------------------------------------------
  // Output

  private finish(): Imported {
    for (const [sink, lines] of this.sinks) {
      const use = this.uses.get(sink);
      if (use !== undefined) throw new SinkUsed(use, `${sink} is the result buffer of the read at line ${lines[0]} and is also mapped or used here: a result buffer is no object of the program`, sink);
      this.note({ line: lines[0]! }, `${sink}: the result buffer of reads (what a read observes), not an object of the program; a kernel's clauses naming it are dropped`);
    }
    const used = (name: string) => this.uses.has(name);
    const arrays = [...this.arrays.entries()]
      .filter(([name]) => !this.plain.has(name) && used(name))
      .map(([name, a]) => {
        if (a.length === undefined) throw new SourceError(a.line, `${name} is used but never given storage: mapcheck needs its size`);
        if (a.length < 1 || a.length > MAX_ARRAY_LENGTH) throw new SourceError(a.line, `${name}: ${a.length} elements; mapcheck's arrays hold 1 to ${MAX_ARRAY_LENGTH}`);
        if (a.scalar && a.init === undefined) this.note({ line: a.line }, `${name} has no initialiser: it starts as 0, the world's default (as an array without one)`);
        return { name, length: a.length, ...(a.init === undefined ? {} : { init: a.init }), ...(a.scalar ? { scalar: true } : {}) };
      });
    const structs = [...this.structs.entries()]
      .filter(([name]) => used(name))
      .map(([name, st]) => {
        if (st.count !== undefined && st.def.fields.length > 0) throw new SourceError(st.line, `${name}: an array of a struct with non-pointer members is not imported`);
        const fields = st.def.fields.map((f) => ({ ...f, ...(st.fieldInit.has(f.name) ? { init: st.fieldInit.get(f.name)! } : {}) }));
        const allocatable = st.def.pointers.filter((p) => this.heapMembers.has(`${name}%${p}`));
        return {
          name,
          pointers: st.def.pointers,
          ...(fields.length > 0 ? { fields } : {}),
          ...(allocatable.length > 0 ? { allocatable } : {}),
          ...(st.count === undefined ? {} : { count: st.count }),
        };
      });
    const pointers = [...this.plain].filter((p) => used(p)).map((name) => ({ name }));
    const world: Record<string, unknown> = { arrays, structs };
    if (pointers.length > 0) world.pointers = pointers;
    if (this.maxDevice > 0) world.devices = Array.from({ length: this.maxDevice + 1 }, () => ({ kind: 'discrete' }));
    const stale = this.deviceCounts.find((q) => q.count !== this.maxDevice + 1);
    if (stale !== undefined)
      throw new SourceError(stale.line, `omp_get_num_devices() read as ${stale.count} here, but the program uses device ${this.maxDevice} later: the world has ${this.maxDevice + 1} devices`);
    if (this.requiresUsm) world.requires = ['unified_shared_memory'];
    // a mapper's list names its variable; each struct of the type stands in for it
    const mappers = this.mappers.flatMap((mp) =>
      structs
        .filter((st) => this.structs.get(st.name)!.def === mp.def && st.count === undefined)
        .map((st) => {
          const item = (v: string) => this.dataRef(v.replace(new RegExp(`\\b${mp.variable}\\b`, 'g'), st.name), mp.line);
          return { struct: st.name, maps: mp.maps.map((x) => ({ type: x.type, vars: x.vars.map(item) })) };
        }),
    );
    if (mappers.length > 0) world.mappers = mappers;
    if (this.targetBlock !== null) throw new SourceError(this.line, 'declare target is never ended (end declare target)');
    if (this.steps.length === 0) throw new SourceError(1, 'no directive, runtime routine or pointer statement was found: nothing to check');
    return { program: { world, steps: this.steps.map((s) => s.step) }, lines: this.steps.map((s) => s.line), passed: this.passed, notes: this.notes };
  }
}

/** The root name of a clause's list item (`res` of `res[0:10]`). */
function itemRoot(item: string): string | undefined {
  return /^\s*([A-Za-z_]\w*)/.exec(item)?.[1];
}

/**
 * Reads C source text into a program of the language (not yet validated), with the object-like
 * macros `defines` defined before its first line (a compiler's `-D`).
 */
export function importC(text: string, defines: MacroDefinitions = []): Imported {
  const { items, notes } = cItems(text, defines);
  // an array read as a result buffer that a step also uses is data after all: the program is read
  // again with it as data (SinkUsed), the loops into it copies
  const notBuffers = new Set<string>();
  let reader = new CReader(items, notBuffers);
  try {
    let imported: Imported;
    for (;;) {
      try {
        imported = reader.read();
        break;
      } catch (e) {
        if (!(e instanceof SinkUsed) || notBuffers.has(e.sink)) throw e;
        notBuffers.add(e.sink);
        reader = new CReader(items, notBuffers);
      }
    }
    if (notes.length === 0) return imported;
    // the preprocessor's notes among the reader's, by line (the reader's keep their order)
    const merged: Imported['notes'] = [];
    for (const n of imported.notes) {
      while (notes.length > 0 && notes[0]!.line <= n.line) merged.push(notes.shift()!);
      merged.push(n);
    }
    return { ...imported, notes: [...merged, ...notes] };
  } catch (e) {
    // blocks and else-if chains are read recursively: one nested thousands deep is refused, not a crash
    if (e instanceof RangeError) throw new SourceError(reader.line, 'the program nests blocks too deeply for mapcheck to read');
    throw e;
  }
}
