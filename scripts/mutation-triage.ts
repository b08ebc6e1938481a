// Survivor triage of MUTATION.md checked against a Stryker report (issue 15: "every survivor listed
// as equivalent or fixed"). A survivor is a Survived or NoCoverage mutant of the report; its triage
// row in MUTATION.md is a table row
//
//   | impl/f.ts:LINE:COL Mutator | Survived | `original line` | `replacement` | CLASS: reason |
//
// matched by file, line, column, mutator and replacement (the replacement cell as
// `npm run mutation:report -- --survivors` writes it: backticks, whitespace collapsed, `|` escaped,
// cut at 70 characters; a row may hold more or less of it, so one text is a prefix of the other).
// Two mutants with the same key need two rows. The class is one of MUTATION.md's triage categories
// (E, G, S, U, K, K?) at the start of the last cell; a row without one (empty, "open") triages
// nothing. Used by `npm run mutation:report -- --check` and scripts/mutation-triage.test.ts.

export interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
export interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

export const UNDETECTED = new Set(['Survived', 'NoCoverage']);
export const TRIAGE_CLASSES = ['E', 'G', 'S', 'U', 'K', 'K?'] as const;

export interface Survivor {
  file: string;
  line: number;
  column: number;
  mutator: string;
  status: string;
  /** The source line, as the report's cell writes it. */
  original: string;
  replacement: string;
}

export interface TriageRow {
  /** Line of MUTATION.md (1-based). */
  at: number;
  file: string;
  line: number;
  column: number;
  mutator: string;
  original: string;
  replacement: string;
  /** The triage class, or null when the row names none. */
  triage: string | null;
}

/** A table cell as the survivors report writes it (without the backticks). */
export function cellText(s: string): string {
  return s.replace(/\s+/g, ' ').trim().slice(0, 70).replace(/\|/g, '\\|').replace(/`/g, "'");
}

/** Every Survived or NoCoverage mutant of the report's files under `prefix` (or the listed files), in source order. */
export function survivorsOf(report: Report, scope: { prefix?: string; files?: readonly string[] } = {}): Survivor[] {
  const prefix = scope.prefix ?? 'impl/';
  const names = Object.keys(report.files)
    .filter((f) => (scope.files ? scope.files.includes(f) : f.startsWith(prefix)))
    .sort();
  const out: Survivor[] = [];
  for (const file of names) {
    const { source, mutants } = report.files[file]!;
    const src = source.split('\n');
    const rows = mutants
      .filter((m) => UNDETECTED.has(m.status))
      .sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
    for (const m of rows) {
      const { line, column } = m.location.start;
      out.push({ file, line, column, mutator: m.mutatorName, status: m.status, original: cellText(src[line - 1] ?? ''), replacement: cellText(m.replacement ?? '') });
    }
  }
  return out;
}

/** Cells of a markdown table row, split at unescaped `|`. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}
const unquote = (c: string): string => c.replace(/^`(.*)`$/s, '$1').replace(/\s+/g, ' ').trim();
const KEY = /^(\S+\.[cm]?[jt]sx?):(\d+):(\d+)\s+(\w+)$/;
const CLASS = /^(K\?|E|G|S|U|K)(?![A-Za-z0-9])/;

/** The survivor triage rows of MUTATION.md: table rows whose first cell is `file:line:col Mutator`. */
export function triageRowsOf(markdown: string): TriageRow[] {
  const out: TriageRow[] = [];
  markdown.split('\n').forEach((text, i) => {
    if (!text.trimStart().startsWith('|')) return;
    const c = cells(text);
    const key = KEY.exec(c[0] ?? '');
    if (!key || c.length < 5) return;
    out.push({
      at: i + 1,
      file: key[1]!,
      line: Number(key[2]),
      column: Number(key[3]),
      mutator: key[4]!,
      original: unquote(c[2]!),
      replacement: unquote(c[3]!),
      triage: CLASS.exec(c[c.length - 1]!)?.[1] ?? null,
    });
  });
  return out;
}

/** One text holds the other's start (cells are cut at different lengths); empty matches empty only. */
function sameCell(a: string, b: string): boolean {
  if (a === '' || b === '') return a === b;
  return a.startsWith(b) || b.startsWith(a);
}

export interface TriageCheck {
  /** Survivors without a triaged row. */
  untriaged: Survivor[];
  /** For untriaged survivors: a triaged row of the same file, mutator, replacement and source line at another line or column (the source moved since the row was written). */
  moved: { survivor: Survivor; row: TriageRow }[];
  /** Triaged rows (of the files checked) that match no survivor: the mutant is killed, gone or moved. */
  stale: TriageRow[];
}

/** Matches each survivor of the report with its own triaged row of the markdown. */
export function checkTriage(report: Report, markdown: string, scope: { prefix?: string; files?: readonly string[] } = {}): TriageCheck {
  const survivors = survivorsOf(report, scope);
  const files = new Set(scope.files ?? Object.keys(report.files).filter((f) => f.startsWith(scope.prefix ?? 'impl/')));
  const rows = triageRowsOf(markdown).filter((r) => files.has(r.file) && r.triage !== null);
  const used = new Set<TriageRow>();
  const untriaged: Survivor[] = [];
  for (const s of survivors) {
    const row = rows.find(
      (r) => !used.has(r) && r.file === s.file && r.line === s.line && r.column === s.column && r.mutator === s.mutator && sameCell(r.replacement, s.replacement),
    );
    if (row) used.add(row);
    else untriaged.push(s);
  }
  const stale = rows.filter((r) => !used.has(r));
  const moved: TriageCheck['moved'] = [];
  for (const s of untriaged) {
    const row = stale.find(
      (r) => r.file === s.file && r.mutator === s.mutator && sameCell(r.replacement, s.replacement) && sameCell(r.original, s.original) && !moved.some((m) => m.row === r),
    );
    if (row) moved.push({ survivor: s, row });
  }
  return { untriaged, moved, stale };
}

/** The markdown with the keys of moved rows rewritten to their survivor's current line and column. */
export function rekey(markdown: string, moved: TriageCheck['moved']): string {
  const lines = markdown.split('\n');
  for (const { survivor: s, row } of moved) {
    const old = `${row.file}:${row.line}:${row.column} ${row.mutator}`;
    const now = `${s.file}:${s.line}:${s.column} ${s.mutator}`;
    lines[row.at - 1] = lines[row.at - 1]!.replace(old, now);
  }
  return lines.join('\n');
}

export const key = (s: { file: string; line: number; column: number; mutator: string }): string => `${s.file}:${s.line}:${s.column} ${s.mutator}`;

interface Tally {
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  invalid: number;
}
const emptyTally = (): Tally => ({ killed: 0, timeout: 0, survived: 0, noCoverage: 0, invalid: 0 });
function add(t: Tally, status: string): void {
  if (status === 'Killed') t.killed++;
  else if (status === 'Timeout') t.timeout++;
  else if (status === 'Survived') t.survived++;
  else if (status === 'NoCoverage') t.noCoverage++;
  else t.invalid++;
}
const score = (t: Tally): string => {
  const valid = t.killed + t.timeout + t.survived + t.noCoverage;
  return valid === 0 ? '-' : `${((100 * (t.killed + t.timeout)) / valid).toFixed(2)} %`;
};

/**
 * The per-file table of MUTATION.md "Measured" (markdown lines): score = killed and timed-out
 * mutants over all valid ones, as Stryker counts it; the last row is the whole prefix.
 */
export function scoreTable(report: Report, prefix = 'impl/'): string[] {
  const names = Object.keys(report.files).filter((f) => f.startsWith(prefix)).sort();
  const total = emptyTally();
  const lines = ['| file | mutants | killed | timeout | survived | no coverage | compile error / ignored | score |', '|---|---|---|---|---|---|---|---|'];
  for (const name of names) {
    const t = emptyTally();
    for (const m of report.files[name]!.mutants) {
      add(t, m.status);
      add(total, m.status);
    }
    lines.push(`| ${name} | ${report.files[name]!.mutants.length} | ${t.killed} | ${t.timeout} | ${t.survived} | ${t.noCoverage} | ${t.invalid} | **${score(t)}** |`);
  }
  lines.push(`| **${prefix} (all)** | ${Object.values(total).reduce((a, b) => a + b, 0)} | ${total.killed} | ${total.timeout} | ${total.survived} | ${total.noCoverage} | ${total.invalid} | **${score(total)}** |`);
  return lines;
}

/** The first score table of the markdown's "## Measured" section (its lines), or [] if none. */
export function measuredTable(markdown: string): string[] {
  const lines = markdown.split('\n');
  const section = lines.findIndex((l) => l.trim() === '## Measured');
  if (section < 0) return [];
  const head = lines.findIndex((l, i) => i > section && l.startsWith('| file | mutants |'));
  if (head < 0) return [];
  let end = head;
  while (end < lines.length && lines[end]!.startsWith('|')) end++;
  return lines.slice(head, end);
}
