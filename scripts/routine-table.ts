// The README's table of the OpenMP device memory routines, generated from the model: every row is
// a conformance row with a `table` label (conformance/omp/25.*.ts: setup steps, then one routine
// call, with its hand-written expectations checked on both engines by conformance.test.ts), run by
// the model under each profile, and every cell is what the call observes. `npm run table` rewrites the README section between the
// markers; routine-table.test.ts fails when the section no longer matches the model.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { worldDevices, type Program } from '../lang/program.js';
import { allOf, type OmpRoutineOp } from '../lang/ops.js';
import { formatObservation, type Observation } from '../lang/observation.js';
import { loadProfile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import { renderStep } from '../cli/render.js';
import { writeFileAtomic } from '../counterexamples/case.js';
import { SECTIONS } from '../conformance/index.js';
import { rowProgram } from '../conformance/rows.js';
import { TABLE_WORLD } from '../conformance/worlds.js';

export const TABLE_BEGIN = '<!-- routine-table:begin -->';
export const TABLE_END = '<!-- routine-table:end -->';
export const TABLE_PROFILES = ['spec', 'libgomp', 'llvm-offload'] as const;
export const README_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
export const TABLE_COMMAND = 'npm run table';

/** The routines the table covers, in the order of their sections. */
export const ROUTINES = allOf<OmpRoutineOp>()([
  'omp_target_is_present',
  'omp_target_is_accessible',
  'omp_get_mapped_ptr',
  'omp_target_associate_ptr',
  'omp_target_disassociate_ptr',
  'omp_target_alloc',
  'omp_target_free',
  'omp_target_memcpy',
]);
type Routine = (typeof ROUTINES)[number];

export { TABLE_WORLD };

/** Device numbers the table's text names. */
const GPU = 0;
const OTHER_GPU = 1;
const SHARED = 2;
/** Byte size of `a`. */
const A_BYTES = 32;

export interface RoutineCase {
  /** The row's `table` label. */
  label: string;
  /** The conformance file the row lives in. */
  file: string;
  program: Program;
  /** The routine its last step calls. */
  routine: Routine;
}

/**
 * The table's cases: the conformance rows that carry a `table` label (conformance/omp/25.*.ts), in
 * file and row order. Each must run in TABLE_WORLD and end with a call of one of ROUTINES.
 */
export const ROUTINE_CASES: readonly RoutineCase[] = SECTIONS.flatMap(({ file, section }) =>
  section.rows.flatMap((row): RoutineCase[] => {
    if (row.table === undefined) return [];
    const program = rowProgram(section, row);
    const op = program.steps[program.steps.length - 1]?.op;
    if (program.world !== TABLE_WORLD || !(ROUTINES as readonly string[]).includes(op ?? ''))
      throw new Error(`internal: ${file}: row '${row.name}' has a table label but does not call a table routine in TABLE_WORLD`);
    return [{ label: row.table, file, program, routine: op as Routine }];
  }),
);

export function caseProgram(rc: RoutineCase): Program {
  return rc.program;
}

// ------------------------------------------------------------------------------------------------
// Running and rendering

/**
 * What the call observes, as a table cell. `undefined` is the spec leaving the outcome open, shown
 * as "unspecified". A setup step that already ends the program is named instead of the call's
 * `halted`, so a cell never hides where the program stopped.
 */
export function caseCell(program: Program, observations: readonly Observation[]): string {
  const stop = observations.findIndex((o) => o.kind === 'error' || o.kind === 'undefined');
  if (stop >= 0 && stop < observations.length - 1)
    return `setup step ${stop + 1}: ${observationCell(observations[stop]!)}`;
  const last = observations[program.steps.length - 1];
  if (!last) throw new Error('internal: a routine case ran without observing its call');
  return observationCell(last);
}

function observationCell(o: Observation): string {
  return o.kind === 'undefined' ? 'unspecified' : formatObservation(o);
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

/** The markdown between the README markers (markers excluded), computed from the model now. */
export function renderRoutineTable(): string {
  const profiles = TABLE_PROFILES.map((name) => loadProfile(name));
  const lines: string[] = [
    '<!-- generated from the model by `npm run table`; edits between these markers are overwritten -->',
    '',
    `World: array \`a\` of 8 integers (${A_BYTES} bytes); devices ${GPU} and ${OTHER_GPU} are discrete, device ${SHARED} shares memory`,
    `with the host, \`omp_get_initial_device()\` is the host (device ${worldDevices(TABLE_WORLD).length}). \`h\` and \`h2\` are results of`,
    '`omp_target_alloc`; `&a+8` is the address of `a` plus 8 bytes. Each cell is what the last call observes',
    'under the profile: `0` success and `1` any nonzero result, `dev#k+o` byte `o` of the k-th allocation,',
    '`unspecified` where the spec leaves the outcome open (anything may happen). Bold marks an answer that',
    'differs from `spec`.',
  ];
  for (const routine of ROUTINES) {
    lines.push('', `#### ${routine}`, '', `| case | program | ${TABLE_PROFILES.join(' | ')} |`, `|---|---|${TABLE_PROFILES.map(() => '---').join('|')}|`);
    for (const rc of ROUTINE_CASES.filter((x) => x.routine === routine)) {
      const program = caseProgram(rc);
      const cells = profiles.map((profile) => caseCell(program, runTrace(program, { engine: 'model', profile }, false).observations));
      const shown = cells.map((cell, i) => (i > 0 && cell !== cells[0] ? `**${escapeCell(cell)}**` : escapeCell(cell)));
      const steps = program.steps.map((s) => code(escapeCell(renderStep(s)))).join(' ; ');
      lines.push(`| ${rc.label} | ${steps} | ${shown.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The text between the markers of `readme`; throws when the markers are missing or out of order. */
export function readSection(readme: string): string {
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (begin < 0 || end < begin)
    throw new Error(`README.md has no '${TABLE_BEGIN}' … '${TABLE_END}' section for the routine table`);
  return readme.slice(begin + TABLE_BEGIN.length, end).replace(/^\n/, '');
}

/** `readme` with the text between the markers replaced by `table`; everything else is kept. */
export function replaceSection(readme: string, table: string): string {
  readSection(readme);
  const begin = readme.indexOf(TABLE_BEGIN) + TABLE_BEGIN.length;
  return `${readme.slice(0, begin)}\n${table}${readme.slice(readme.indexOf(TABLE_END))}`;
}

/** `npm run table`: regenerates the README section; prints whether it changed. */
function main(): void {
  const readme = readFileSync(README_PATH, 'utf8');
  const next = replaceSection(readme, renderRoutineTable());
  if (next === readme) {
    console.log('README.md routine table is up to date');
    return;
  }
  writeFileAtomic(README_PATH, next);
  console.log(`README.md routine table rewritten (${ROUTINE_CASES.length} cases × ${TABLE_PROFILES.length} profiles)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
