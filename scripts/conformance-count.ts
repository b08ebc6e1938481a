// `npm run conformance:count`: how many conformance rows there are, in total and per spec section
// (one line per file of conformance/), and how many engine runs they make in `npm test` (each row
// on the model and the impl under every built-in profile and the knob readings it names).
// `--readme` rewrites the copy in README.md between the conformance-count markers;
// conformance-count.test.ts fails when that copy is stale.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SECTIONS } from '../conformance/index.js';
import { ENGINE_NAMES, rowProfiles } from '../conformance/run.js';
import { writeFileAtomic } from '../counterexamples/case.js';

export const COUNT_BEGIN = '<!-- conformance-count:begin -->';
export const COUNT_END = '<!-- conformance-count:end -->';
export const README_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');

export function countReport(): string {
  const lines: string[] = [];
  let rows = 0;
  let runs = 0;
  const width = Math.max(...SECTIONS.map((s) => s.file.length));
  for (const { file, section } of SECTIONS) {
    rows += section.rows.length;
    for (const row of section.rows) runs += rowProfiles(row).length * ENGINE_NAMES.length;
    lines.push(`${file.padEnd(width)}  ${String(section.rows.length).padStart(3)}  ${section.spec} §${section.section} ${section.title}`);
  }
  const byApi = (dir: string) => SECTIONS.filter((s) => s.file.startsWith(`${dir}/`)).reduce((n, s) => n + s.section.rows.length, 0);
  return [
    `conformance rows: ${rows} (OpenACC ${byApi('acc')}, OpenMP ${byApi('omp')}) in ${SECTIONS.length} section files; ${runs} engine runs per \`npm test\``,
    ...lines,
  ].join('\n');
}

/** The README block between the markers (markers excluded). */
export function readmeBlock(): string {
  return `\n\`\`\`\n${countReport()}\n\`\`\`\n`;
}

/** The text between the markers of `readme`; throws when they are missing or out of order. */
export function readCountSection(readme: string): string {
  const begin = readme.indexOf(COUNT_BEGIN);
  const end = readme.indexOf(COUNT_END);
  if (begin < 0 || end < begin) throw new Error(`README.md has no '${COUNT_BEGIN}' … '${COUNT_END}' section`);
  return readme.slice(begin + COUNT_BEGIN.length, end);
}

/** `readme` with the block between the markers replaced; everything else kept. */
export function replaceCountSection(readme: string, block: string): string {
  readCountSection(readme);
  return `${readme.slice(0, readme.indexOf(COUNT_BEGIN) + COUNT_BEGIN.length)}${block}${readme.slice(readme.indexOf(COUNT_END))}`;
}

function main(args: string[]): void {
  if (!args.includes('--readme')) {
    console.log(countReport());
    return;
  }
  const readme = readFileSync(README_PATH, 'utf8');
  const next = replaceCountSection(readme, readmeBlock());
  if (next === readme) console.log('README.md conformance count is up to date');
  else {
    writeFileAtomic(README_PATH, next);
    console.log('README.md conformance count rewritten');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
