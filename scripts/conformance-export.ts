// `npm run conformance:export -- DIR`: writes every conformance row as a program file
// (`DIR/<section file>-<row number>.json`), so tools that take program files take the rows too,
// e.g. the compile check of emitted programs: `npx tsx scripts/compile-emitted.ts DIR`.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Program } from '../lang/program.js';
import { SECTIONS } from '../conformance/index.js';
import { rowProgram } from '../conformance/rows.js';

/** Every row as a program, named `<dir>-<section file stem>-<row number, 2 digits>`. */
export function rowPrograms(): { name: string; program: Program }[] {
  return SECTIONS.flatMap(({ file, section }) =>
    section.rows.map((row, i) => ({ name: `${file.replace(/\.ts$/, '').replace('/', '-')}-${String(i + 1).padStart(2, '0')}`, program: rowProgram(section, row) })),
  );
}

function main(args: string[]): void {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error('usage: npm run conformance:export -- DIR');
    process.exit(2);
  }
  const dir = args[0]!;
  mkdirSync(dir, { recursive: true });
  const programs = rowPrograms();
  for (const { name, program } of programs) writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(program, null, 2)}\n`);
  console.log(`${programs.length} conformance rows written to ${dir}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
