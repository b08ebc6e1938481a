// The README's copy of `npm run conformance:count` must be current.

import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { COUNT_BEGIN, COUNT_END, README_PATH, countReport, readCountSection, readmeBlock, replaceCountSection } from './conformance-count.js';

test('the README quotes the current conformance count', () => {
  expect(readCountSection(readFileSync(README_PATH, 'utf8')), 'README.md conformance count is stale: run `npm run conformance:count -- --readme`').toBe(readmeBlock());
});

test('the report names every section file with its row count and the total', () => {
  const [first, ...lines] = countReport().split('\n');
  const total = Number(/conformance rows: (\d+)/.exec(first!)?.[1]);
  expect(lines.reduce((n, l) => n + Number(/^\S+\s+(\d+)\s/.exec(l)?.[1]), 0)).toBe(total);
  expect(lines.some((l) => l.startsWith('acc/2.7.2-attach-action.ts'))).toBe(true);
});

test('replacing the block keeps everything outside the markers; a README without them is refused', () => {
  const readme = `x\n${COUNT_BEGIN}\nold\n${COUNT_END}\ny\n`;
  expect(replaceCountSection(readme, '\nnew\n')).toBe(`x\n${COUNT_BEGIN}\nnew\n${COUNT_END}\ny\n`);
  expect(() => readCountSection('x')).toThrow(/conformance-count:begin/);
});
