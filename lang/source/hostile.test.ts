// Hostile and broken source for the front ends of `mapcheck import`: fast-check damages real
// programs (drops, repeats and swaps lines, cuts the file, splices junk and directive fragments into
// a line) and every result must either read as a program or be refused with a SourceError naming a
// line of the file; never another exception. Through the command line, a refused source is exit 2
// with exactly one line on stderr naming the file and the line. Inputs built to make regular
// expressions backtrack must finish (a hang fails the test by its time limit).

import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from '../../cli/test-support.js';
import { SourceError } from './directives.js';
import { importFortran } from './fortran.js';

const root = join(import.meta.dirname, '..', '..');
const SOURCES = ['seed-reattach.f90', 'omp-struct.f90'].map((f) => readFileSync(join(root, 'examples', f), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FRAGMENTS = ['!$acc ', '!$omp ', '&', '(', ')', '::', '=>', '%', ',', ':', ';', "'", '"', '!', 'end do', 'do i = 1, 10', 'copyin(', 'map(to:', 'c%p(', 'target', 'data', '0', '-1', '99999999999999999999', 'end', 'contains', 'then', 'if ('];

/** One way to damage a program's lines. */
const damage: fc.Arbitrary<(lines: string[]) => string[]> = fc.oneof(
  fc.nat().map((k) => (lines: string[]) => lines.filter((_, i) => i !== k % lines.length)),
  fc.nat().map((k) => (lines: string[]) => lines.flatMap((l, i) => (i === k % lines.length ? [l, l] : [l]))),
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => (lines: string[]) => {
    const out = [...lines];
    const [i, j] = [a % out.length, b % out.length];
    [out[i], out[j]] = [out[j]!, out[i]!];
    return out;
  }),
  fc.nat().map((k) => (lines: string[]) => lines.slice(0, (k % lines.length) + 1)),
  fc.tuple(fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 }))).map(([k, at, junk]) => (lines: string[]) =>
    lines.map((l, i) => (i === k % lines.length ? `${l.slice(0, at % (l.length + 1))}${junk}${l.slice(at % (l.length + 1))}` : l)),
  ),
  fc.nat().map((k) => (lines: string[]) => lines.map((l, i) => (i === k % lines.length ? l.toUpperCase() : l))),
);

const broken = fc.tuple(fc.constantFrom(...SOURCES), fc.array(damage, { minLength: 1, maxLength: 3 })).map(([text, ds]) => ds.reduce((lines, d) => d(lines), text.split('\n')).join('\n'));

describe('damaged programs', () => {
  it('read as a program or fail with a SourceError on a line of the file, nothing else', () => {
    let read = 0;
    let refused = 0;
    fc.assert(
      fc.property(broken, (text) => {
        try {
          importFortran(text);
          read++;
        } catch (e) {
          if (!(e instanceof SourceError)) throw e;
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.line).toBeLessThanOrEqual(text.split('\n').length);
          expect(e.message).not.toContain('\n');
          refused++;
        }
      }),
      { seed: 191919, numRuns: 600 },
    );
    // both outcomes are reached: the damage is neither always harmless nor always fatal
    expect(read).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it('through the command line: exit 0, or exit 2 with one line naming the file and the line', async () => {
    const samples = fc.sample(broken, { seed: 202020, numRuns: 40 });
    let failures = 0;
    for (const [k, text] of samples.entries()) {
      const file = join(scratch, `broken-${k}.f90`);
      writeFileSync(file, text);
      const r = await cli('run', file);
      if (r.code === 0) continue;
      failures++;
      expect(r.code, r.err).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.split('\n')).toHaveLength(2); // one line and its newline
      expect(r.err).toMatch(new RegExp(`^error: ${file.replace(/[.]/g, '\\.')}:\\d+: `));
    }
    expect(failures).toBeGreaterThan(5);
  });
});

describe('inputs built to make a regular expression backtrack finish', () => {
  const long = 20_000;
  it.each([
    ['an assignment with deep parentheses', `program p\ninteger :: a(4)\na${'('.repeat(long)} = 1\nend program\n`],
    ['a pointer assignment left side of many components', `program p\ninteger :: a(4)\n${'c%'.repeat(long)}p => a\nend program\n`],
    ['a directive with many empty clauses', `program p\ninteger :: a(4)\n!$acc enter data ${'copyin() '.repeat(long / 8)}\nend program\n`],
    ['a declaration list of many entities', `program p\ninteger :: ${Array.from({ length: long / 4 }, (_, i) => `x${i}`).join(', ')}\n!$acc enter data copyin(x1)\nend program\n`],
    ['a long continued directive', `program p\ninteger :: a(4)\n${'!$acc enter data &\n'.repeat(2000)}!$acc copyin(a)\nend program\n`],
    ['a comment of quotes', `program p\ninteger :: a(4)\n!$acc enter data copyin(a) ! ${'"\''.repeat(long)}\nend program\n`],
  ])('%s', (_, text) => {
    try {
      importFortran(text);
    } catch (e) {
      if (!(e instanceof SourceError)) throw e;
    }
  });
});
