// The Fortran and C that `mapcheck emit` writes for generated programs, read back by the front
// ends: a large supply of real, compilable programs in the seed study's style. Each either reads as
// a program that validates and runs on the model and the impl alike (states and observations, step by step), or is
// refused with a SourceError naming a line of the file, never anything else. What is refused is
// what the front end leaves out on purpose (host_data, procedures, kernels
// that read a pointer's value); the witness counts below keep the property from passing by
// refusing everything. Each write read back (host_write, a kernel's write body) keeps the value,
// the ramp step `by` and `add` of the step emit wrote it from; as the generator writes no adds, a
// second corpus makes every write of the same programs an add.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emitProgram } from '../../cli/emit.js';
import { loadProfile } from '../../profiles/index.js';
import { programArbFor } from '../../properties/api.js';
import { firstDivergence } from '../../properties/compare.js';
import type { Program } from '../program.js';
import { validateProgram } from '../validate.js';
import { SourceError } from './directives.js';
import { importC } from './c.js';
import { importFortran } from './fortran.js';
import { SOURCE_OPS } from './source.js';
import { STEP_OPS } from '../ops.js';

const spec = loadProfile('spec');

const FRONT_ENDS = { fortran: importFortran, c: importC } as const;
/** The ops each corpus read back produced, for the claim of SOURCE_OPS (last test). */
const seen = new Set<string>();
/** Writes read back and compared with the step emit wrote them from, how many of them ramps (`by`) and adds (`add`). */
const compared = { writes: 0, ramps: 0, adds: 0 };

type Written = { value: unknown; by?: unknown; add?: unknown };

/** What a step writes: a host_write, or a kernel's write body; null for anything else. */
function writeOf(step: Record<string, unknown>): Written | null {
  if (step.op === 'host_write') return step as Written;
  const body = step.body as Record<string, unknown> | undefined;
  return (step.op === 'acc_parallel' || step.op === 'omp_target') && body !== undefined && 'write' in body ? (body as Written) : null;
}

/** `program` with each of its writes (host_write, a kernel's write body) an add. */
function withAdds(program: Program): Program {
  const steps = program.steps.map((step) => {
    const s = step as unknown as Record<string, unknown>;
    if (s.op === 'host_write') return { ...s, add: true };
    const body = s.body as Record<string, unknown> | undefined;
    return writeOf(s) !== null ? { ...s, body: { ...body, add: true } } : s;
  });
  return { ...program, steps } as unknown as Program;
}

/**
 * Each write read back against the step of `program` that emit wrote it from (the `step N:` comment
 * above its line): the same op, value and `by`. Initial values emit writes before the first step,
 * and a write read from another kind of step, have no such step to match.
 */
function expectWritesKept(program: Program, text: string, imported: { program: { steps: Record<string, unknown>[] }; lines: number[] }): void {
  const lines = text.split('\n');
  imported.program.steps.forEach((step, n) => {
    const got = writeOf(step);
    if (got === null) return;
    let from: number | undefined;
    for (let l = imported.lines[n]! - 1; l >= 0 && from === undefined; l--) {
      const m = /^\s*(?:!|\/\/) step (\d+):/.exec(lines[l]!);
      if (m) from = Number(m[1]) - 1;
    }
    const source = from === undefined ? undefined : (program.steps[from] as unknown as Record<string, unknown>);
    const want = source === undefined ? null : writeOf(source);
    if (want === null) return;
    expect({ op: step.op, value: got.value, by: got.by, add: got.add }, text).toEqual({ op: source!.op, value: want.value, by: want.by, add: want.add });
    compared.writes++;
    if (want.by !== undefined) compared.ramps++;
    if (want.add === true) compared.adds++;
  });
}

describe.each([
  ['fortran', 'openacc', 250, 140, false],
  ['fortran', 'openmp', 250, 115, false],
  ['c', 'openacc', 250, 180, false],
  ['c', 'openmp', 250, 150, false],
  // the same programs with every write an add
  ['fortran', 'openacc', 150, 85, true],
  ['fortran', 'openmp', 150, 70, true],
  ['c', 'openacc', 150, 100, true],
  ['c', 'openmp', 150, 90, true],
] as const)('%s: %s programs as emit writes them (adds: %s)', (lang, api, runs, atLeast, adds) => {
  it(`read back as valid programs that model and impl run alike, or are refused on a line (at least ${atLeast} of ${runs} read)`, () => {
    const sampled = fc.sample(programArbFor(api), { seed: 20261205, numRuns: runs });
    const programs = adds ? sampled.map(withAdds) : sampled;
    let read = 0;
    for (const program of programs) {
      let text: string;
      try {
        text = emitProgram(program, { lang });
      } catch {
        continue; // a program emit cannot write (counted by emit's own tests)
      }
      let imported;
      try {
        imported = FRONT_ENDS[lang](text);
      } catch (e) {
        if (!(e instanceof SourceError)) throw e;
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.line).toBeLessThanOrEqual(text.split('\n').length);
        continue;
      }
      const v = validateProgram(imported.program);
      expect(v.ok, text).toBe(true);
      if (!v.ok) continue;
      read++;
      for (const step of imported.program.steps) seen.add(String(step.op));
      expectWritesKept(program, text, imported);
      expect(firstDivergence(v.program, { engine: 'model', profile: spec }, { engine: 'impl', profile: spec }, 'state')).toBeNull();
    }
    expect(read).toBeGreaterThanOrEqual(atLeast);
  });
});

describe('writes, constant, ramps or adds, as emit writes them', () => {
  // runs after the corpora above
  it('read back with the value, by and add of the step they came from (some of them ramps, some adds)', () => {
    expect(compared.writes).toBeGreaterThanOrEqual(45);
    expect(compared.ramps).toBeGreaterThanOrEqual(3);
    expect(compared.adds).toBeGreaterThanOrEqual(20);
  });
});

describe('SOURCE_OPS, the ops the front ends claim to read', () => {
  // runs after the corpora above (vitest runs a file's tests in order)
  it('every op claimed is read from what emit writes in one language or the other; no op claimed refused ever is', () => {
    const claimed = Object.entries(SOURCE_OPS).filter(([, why]) => why === null).map(([op]) => op);
    const refused = Object.entries(SOURCE_OPS).filter(([, why]) => why !== null).map(([op]) => op);
    expect(claimed.filter((op) => !seen.has(op))).toEqual([]);
    expect(refused.filter((op) => seen.has(op))).toEqual([]);
    expect(Object.keys(SOURCE_OPS).sort()).toEqual([...STEP_OPS].sort());
  });
});
