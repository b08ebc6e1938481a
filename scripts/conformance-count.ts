// `npm run conformance:count`: how many conformance rows there are, in total and per spec section
// (one line per file of conformance/), and how many runs they make in `npm test` (each row on the
// model and the impl under every built-in profile and the knob readings it names).

import { pathToFileURL } from 'node:url';
import { SECTIONS } from '../conformance/index.js';
import { ENGINE_NAMES, rowProfiles } from '../conformance/run.js';

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(countReport());
