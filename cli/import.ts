// `mapcheck import FILE`: a Fortran or C program with OpenACC or OpenMP directives, read into a
// program of the mapcheck language (lang/source/, lang/README.md "Importing source"). It prints the
// program as JSON (or writes it with --out) and lists on stderr what it passed over and how it read
// what the language writes differently. Every other command takes the source file itself; import
// shows what they will run, and gives a JSON program to edit. `-D NAME[=VALUE]` defines object-like
// macros before a C program's first line, as a compiler does (a test compiled once per definition);
// the other commands read the file without them.

import { writeFileAtomic } from '../counterexamples/case.js';
import { importSourceFile, sourceLanguage, type MacroDefinitions, type SourceLanguage } from '../lang/source/source.js';
import { InputError } from '../lang/validate.js';
import { EXIT_OK, SCHEMA_VERSION, displayPath, type Io } from './io.js';

export interface ImportOptions {
  lang?: SourceLanguage;
  out?: string;
  json?: boolean;
  /** `-D NAME[=VALUE]`: object-like macros defined before a C program's first line, in order. */
  define?: MacroDefinitions;
}

export function importCommand(file: string, o: ImportOptions, io: Io): number {
  // `-`: the program pasted or piped on stdin, in the language --lang names
  const stdin = file === '-';
  const lang = o.lang ?? (stdin ? null : sourceLanguage(file));
  if (lang === null) throw new InputError(`${stdin ? '<stdin>' : displayPath(file)}: not a Fortran (.f90) or C (.c) file; say which with --lang`);
  // the program as the front end wrote it (plain pointers in their surface form, `world.pointers`), validated
  const defines = o.define ?? [];
  const { imported } = importSourceFile(file, lang, stdin ? '<stdin>' : file, defines);
  const program = imported.program;
  const text = `${JSON.stringify(program, null, 2)}\n`;
  if (o.json) {
    io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'import', file, lang, program, lines: imported.lines, passed: imported.passed, notes: imported.notes }, null, 2)}\n`);
    return EXIT_OK;
  }
  if (o.out !== undefined) writeFileAtomic(o.out, text);
  else io.out(text);
  io.err(`${stdin ? '<stdin>' : displayPath(file)}: ${program.steps.length} steps from lines ${imported.lines.join(', ')}\n`);
  // what -D defined (the last of a name holds), so the program is not taken for the file's alone
  if (defines.length > 0) io.err(`  defined: ${[...new Map(defines)].map(([name, value]) => `${name}=${value}`).join(', ')}\n`);
  for (const n of imported.notes) io.err(`  line ${n.line}: ${n.text}\n`);
  if (imported.passed.length > 0) {
    io.err(`  passed over (host code with no data mapping):\n`);
    for (const p of imported.passed) io.err(`    ${p.text}\n`);
  }
  if (o.out !== undefined) io.err(`written: ${displayPath(o.out)}\n`);
  return EXIT_OK;
}
