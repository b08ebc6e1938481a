// Where cases live. The tracked regression corpus is `counterexamples/cases/` (replayed by `npm
// test`); what a campaign finds goes to an untracked per-run folder under `.mapcheck/runs/`
// (git-ignored), like Hypothesis' example database, and joins the corpus only when someone promotes
// it on purpose (`mapcheck promote CASE --name NAME`), with a name and a title that say what it is.
// A program already kept for the same two sides, in the corpus or in the run's folder, is not saved
// again.

import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Program } from '../lang/program.js';
import { InputError } from '../lang/validate.js';
import { listCaseFiles, loadCaseFile, prepareCaseDir, saveCase, writeFileAtomic, type CaseFile } from './case.js';

/** The tracked corpus of the package: the cases `npm test` replays. */
// The committed cases live beside the sources; the build (dist/counterexamples/) points back at them.
export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), ...(import.meta.url.endsWith('.js') ? ['..', '..', 'counterexamples'] : []), 'cases');

/** Per-run folders of campaign finds, relative to the working directory (git-ignored). */
export const RUNS_DIR = join('.mapcheck', 'runs');

/** `20261203-024600`: a UTC timestamp that sorts as text. */
function stamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

/**
 * The folder a campaign with `seed` started at `now` saves its finds in:
 * `.mapcheck/runs/<time>-<seed>` (`-2`, `-3`, … when two runs share the second and the seed).
 * Nothing is created here: the folder appears with the first saved case.
 */
export function runDir(seed: number, now: Date = new Date(), base: string = RUNS_DIR): string {
  const first = join(base, `${stamp(now)}-${seed}`);
  let dir = first;
  for (let n = 2; existsSync(dir); n++) dir = `${first}-${n}`;
  return dir;
}

/** JSON with object keys sorted at every level, so equal values give equal text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** What makes two cases the same find: the program and the two sides (not the comparison). */
function findKey(c: Pick<CaseFile, 'program' | 'sides'>): string {
  return createHash('sha256').update(canonical({ program: c.program, sides: c.sides })).digest('hex');
}

/** Identifies a program on its own (for "this program is already kept"). */
export function programKey(program: Program): string {
  return createHash('sha256').update(canonical(program)).digest('hex');
}

/**
 * The first case in `dirs` holding the same program for the same sides as `c`, or null. Files that
 * do not load are passed over (the corpus replay reports them).
 */
export function findSameFind(dirs: readonly string[], c: Pick<CaseFile, 'program' | 'sides'>): string | null {
  const key = findKey(c);
  for (const dir of dirs)
    for (const file of listCaseFiles(dir)) {
      let saved: CaseFile;
      try {
        saved = loadCaseFile(file);
      } catch {
        continue;
      }
      if (findKey(saved) === key) return file;
    }
  return null;
}

/**
 * Saves a campaign's find in `dir` unless the same program for the same sides is already kept
 * there or in one of `alsoIn` (the tracked corpus). Returns the path and whether it was new.
 */
export function saveFind(dir: string, c: CaseFile, alsoIn: readonly string[] = [CORPUS_DIR]): { path: string; fresh: boolean } {
  const twin = findSameFind([...alsoIn.filter((d) => resolve(d) !== resolve(dir)), dir], c);
  if (twin) return { path: twin, fresh: false };
  return { path: saveCase(dir, c), fresh: true };
}

/** A case name as a file name: lower-case letters, digits and single dashes. */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface PromoteOptions {
  name: string;
  /** A new title (default: the case keeps its own). */
  title?: string;
  /** The corpus to promote into (default: the package's tracked corpus). */
  to?: string;
}

/**
 * Moves a case into the tracked corpus as `<to>/<name>.json`, with a new title when given. The case
 * is loaded and checked first; the corpus file is written atomically before the source is removed,
 * so nothing is lost when either step fails. Refuses a name already taken and a program the corpus
 * already holds for the same sides (naming that case). Returns the new path.
 */
export function promoteCase(source: string, o: PromoteOptions): string {
  if (!NAME.test(o.name)) throw new InputError(`--name ${o.name}: expected lower-case letters, digits and single dashes (e.g. cray-reattach-skipped)`);
  const to = o.to ?? CORPUS_DIR;
  const c = loadCaseFile(source);
  const target = join(to, `${o.name}.json`);
  if (resolve(source) === resolve(target)) throw new InputError(`${source}: already in the corpus under that name`);
  if (existsSync(target)) throw new InputError(`${target}: a case of that name already exists; choose another --name`);
  const twin = findSameFind([to], c);
  if (twin) throw new InputError(`${source}: the corpus already holds this program for the same sides: ${twin}`);
  prepareCaseDir(to);
  const promoted: CaseFile = { ...c, ...(o.title !== undefined && { title: o.title }) };
  writeFileAtomic(target, `${JSON.stringify(promoted, null, 2)}\n`);
  rmSync(source);
  return target;
}
