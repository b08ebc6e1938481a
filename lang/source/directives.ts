// The directive text of an OpenACC or OpenMP directive, shared by the Fortran and C front ends:
// both write a directive as a name of one or more words and then clauses, `name` or
// `name(arguments)`, separated by blanks or commas (OpenACC 3.3 §2.1 Directive Format, OpenMP 6.0
// §5.1 Directive Format). Only the variable references inside the arguments differ between the
// languages, so each front end passes its own translation of a reference.

/** Why a source line could not be imported: one line, with the 1-based source line it names. */
export class SourceError extends Error {
  override name = 'SourceError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A result buffer (an array a kernel or host loop reads program data into, `r(i) = a(i)`) that a
 * step also uses: it is data of the program, not a result buffer, so the front end reads the
 * program again with `sink` taken as data, the loops into it copies (lang/README.md "Copy kernels").
 */
export class SinkUsed extends SourceError {
  constructor(
    line: number,
    message: string,
    readonly sink: string,
  ) {
    super(line, message);
  }
}

export type DirectiveApi = 'openacc' | 'openmp';

/** One clause as written: its name (lower case) and its argument text, or null without parentheses. */
export interface ClauseText {
  /** Lower case (Fortran directives are case-insensitive). */
  name: string;
  args: string | null;
  /** The name as written, where it has upper-case letters (a C macro a test defines with -D, an upper-case Fortran clause). */
  written?: string;
}

export interface DirectiveText {
  api: DirectiveApi;
  /** The directive name, lower case, words joined by one blank: `enter data`, `target teams distribute parallel do`. */
  name: string;
  clauses: ClauseText[];
}

/** Directive names mapcheck reads, longest first within each API (a name is matched word by word). */
const NAMES: Record<DirectiveApi, string[]> = {
  openacc: [
    'enter data',
    'exit data',
    'end data',
    'data',
    'update',
    'parallel loop',
    'kernels loop',
    'serial loop',
    'parallel',
    'kernels',
    'serial',
    'end parallel loop',
    'end kernels loop',
    'end serial loop',
    'end parallel',
    'end kernels',
    'end serial',
    'loop',
    'wait',
    'host_data',
    'end host_data',
    'declare',
    'routine',
    'atomic',
    'end atomic',
    'cache',
    'init',
    'shutdown',
    'set',
  ],
  openmp: [
    'target enter data',
    'target exit data',
    'target data',
    'end target data',
    'target update',
    'declare target',
    'end declare target',
    'declare mapper',
    'requires',
  ],
};

/** OpenMP constructs that may follow `target` in a combined construct, or nest in a target region around the loop. */
const OMP_LOOP_WORDS = new Set(['teams', 'distribute', 'parallel', 'do', 'for', 'simd', 'loop']);

/** Splits `text` at top-level occurrences of `sep` (outside parentheses and quotes). */
export function splitTopLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === sep && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/**
 * Parses the text after the sentinel (`!$acc`, `#pragma omp`): the directive name, then its
 * clauses. `line` names the source line in errors.
 */
export function parseDirective(api: DirectiveApi, text: string, line: number): DirectiveText {
  const words = text.trim().replace(/\s+/g, ' ');
  const lower = words.toLowerCase();
  let name: string | null = null;
  for (const n of NAMES[api]) if ((lower === n || lower.startsWith(`${n} `) || lower.startsWith(`${n}(`)) && (name === null || n.length > name.length)) name = n;
  if (api === 'openmp' && name === null) {
    // `target`, `target teams distribute parallel do`, `teams distribute parallel do`, `parallel do`,
    // `end target …`: a word list of the loop constructs
    const m = /^(end )?((?:target|teams|distribute|parallel|do|for|simd|loop)(?: (?:target|teams|distribute|parallel|do|for|simd|loop))*)(?=$| |\()/.exec(lower);
    if (m) name = m[0];
  }
  if (name === null) {
    const first = lower.split(/[ (]/)[0] || '(nothing)';
    throw new SourceError(line, `${api === 'openacc' ? 'OpenACC' : 'OpenMP'} directive "${first}" is not one mapcheck imports`);
  }
  return { api, name, clauses: parseClauses(words.slice(name.length), line) };
}

/** Clauses `a b(x) , c(y, z)` as name and argument text. */
export function parseClauses(text: string, line: number): ClauseText[] {
  const out: ClauseText[] = [];
  let i = 0;
  const s = text;
  while (i < s.length) {
    const c = s[i]!;
    if (c === ' ' || c === ',' || c === '\t') {
      i++;
      continue;
    }
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(s.slice(i));
    if (!m) throw new SourceError(line, `cannot read the clauses at "${s.slice(i, i + 20)}"`);
    const name = m[0].toLowerCase();
    const written = m[0] === name ? {} : { written: m[0] };
    i += m[0].length;
    while (s[i] === ' ') i++;
    if (s[i] !== '(') {
      out.push({ name, args: null, ...written });
      continue;
    }
    let depth = 0;
    const start = i + 1;
    for (; i < s.length; i++) {
      if (s[i] === '(') depth++;
      else if (s[i] === ')' && --depth === 0) break;
    }
    if (depth !== 0) throw new SourceError(line, `clause ${name}: unbalanced parentheses`);
    out.push({ name, args: s.slice(start, i).trim(), ...written });
    i++;
  }
  return out;
}

/** Whether an OpenMP directive name is a target construct with a kernel (not `target data`, `enter data`, `update`). */
export function isOmpTargetKernel(name: string): boolean {
  const words = name.split(' ');
  return words[0] === 'target' && words.slice(1).every((w) => OMP_LOOP_WORDS.has(w));
}

/** Whether an OpenMP directive name is a loop construct that may nest inside a target region (`teams distribute parallel do`). */
export function isOmpLoopOnly(name: string): boolean {
  return name.split(' ').every((w) => OMP_LOOP_WORDS.has(w));
}

/** Whether an OpenMP or OpenACC directive name combines its construct with a loop (the next statement is the loop). */
export function combinesLoop(api: DirectiveApi, name: string): boolean {
  if (api === 'openacc') return name.endsWith(' loop');
  const words = name.split(' ');
  const last = words[words.length - 1]!;
  return words.length > 1 && ['do', 'for', 'simd', 'loop', 'distribute'].includes(last);
}

/** OpenACC data clause names with their aliases (OpenACC 3.3 §2.7: `pcopy`, `present_or_copy`, …). */
/** The OpenACC data routines by name, each read as the step it is (the present_or_ aliases of acc_copyin and acc_create, OpenACC 3.3 §3.2.18, as theirs). */
export const ACC_DATA_ROUTINES: Record<string, string> = {
  acc_copyin: 'acc_copyin',
  acc_present_or_copyin: 'acc_copyin',
  acc_pcopyin: 'acc_copyin',
  acc_create: 'acc_create',
  acc_present_or_create: 'acc_create',
  acc_pcreate: 'acc_create',
  acc_copyout: 'acc_copyout',
  acc_copyout_finalize: 'acc_copyout_finalize',
  acc_delete: 'acc_delete',
  acc_delete_finalize: 'acc_delete_finalize',
};

export const ACC_CLAUSE_ALIASES: Record<string, string> = {
  pcopy: 'copy',
  present_or_copy: 'copy',
  pcopyin: 'copyin',
  present_or_copyin: 'copyin',
  pcopyout: 'copyout',
  present_or_copyout: 'copyout',
  pcreate: 'create',
  present_or_create: 'create',
};

/**
 * Clauses of a compute construct or loop that change scheduling only, never what is mapped or
 * attached (OpenACC 3.3 §2.5, §2.9; OpenMP 6.0 §12, §13): read and dropped.
 */
export const SCHEDULING_CLAUSES = new Set([
  'gang',
  'worker',
  'vector',
  'seq',
  'independent',
  'auto',
  'collapse',
  'num_gangs',
  'num_workers',
  'vector_length',
  'tile',
  'private',
  'firstprivate',
  'reduction',
  'num_teams',
  'thread_limit',
  'num_threads',
  'schedule',
  'dist_schedule',
  'simdlen',
  'safelen',
  'order',
  'bind',
  'shared',
  'default_none',
  'proc_bind',
]);

/** The OpenACC clauses whose list is the program's data (OpenACC 3.3 §2.7, §2.13, §2.14.4), aliases read as theirs. */
const ACC_DATA_CLAUSES = new Set(['copy', 'copyin', 'copyout', 'create', 'present', 'no_create', 'delete', 'self', 'host', 'device', 'device_resident', 'link']);
/** The OpenMP clauses whose list is the program's data: map (OpenMP 6.0 §7.9.6), the motion clauses (§15.9), declare target's (§9.9.1). */
const OMP_DATA_CLAUSES = new Set(['map', 'to', 'from', 'enter', 'link']);

/**
 * The list text of each data, map and motion clause of a directive (modifiers before a colon
 * dropped: `map(always, from: x)` gives `x`, `copyin(readonly: a)` gives `a`), for a front end to
 * split into its items. A scalar a list names is data of the program (the front ends' findDataScalars).
 */
export function dataClauseLists(d: DirectiveText): string[] {
  const out: string[] = [];
  for (const c of d.clauses) {
    if (c.args === null) continue;
    const data = d.api === 'openacc' ? ACC_DATA_CLAUSES.has(ACC_CLAUSE_ALIASES[c.name] ?? c.name) : OMP_DATA_CLAUSES.has(c.name);
    if (!data) continue;
    const colon = topLevelColon(c.args);
    out.push(colon < 0 ? c.args : c.args.slice(colon + 1));
  }
  return out;
}

/**
 * An OpenMP `map` clause's argument: `[modifiers,] type: list` or `list` (type tofrom, OpenMP 6.0
 * §7.9.6). Returns the modifiers, the type and the list text.
 */
export function parseMapArgs(args: string, line: number): { type: string; modifiers: string[]; list: string } {
  const colon = topLevelColon(args);
  if (colon < 0) return { type: 'tofrom', modifiers: [], list: args };
  const head = args
    .slice(0, colon)
    .split(/[\s,]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
  const type = head.pop();
  if (type === undefined) throw new SourceError(line, `map(${args}): no map type before the colon`);
  const known = ['to', 'from', 'tofrom', 'alloc', 'release', 'delete', 'storage', 'present', 'always', 'close'];
  if (!known.includes(type) || type === 'always' || type === 'close')
    throw new SourceError(line, `map(${args}): "${type}" is not a map type (to, from, tofrom, alloc, release, delete)`);
  return { type, modifiers: head, list: args.slice(colon + 1) };
}

/** The first colon outside parentheses and brackets that is not part of an array section (`a[0:n]`, `a(1:5)`), or -1. */
export function topLevelColon(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ':' && depth === 0 && text[i + 1] !== ':') return i;
  }
  return -1;
}
