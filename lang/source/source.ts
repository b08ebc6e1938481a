// `mapcheck import` and every command that takes a program file: a Fortran or C source file is read
// by its front end (fortran.ts, c.ts) into a program of the language, then validated like a JSON
// program. Every failure is one line naming the file and the source line (`prog.f90:17: …`); a
// validation failure of step N is reported at the line that step came from.

import { extname } from 'node:path';
import { FileReadProblem, MAX_INPUT_FILE_BYTES, oneLine, readBoundedText } from '../read-file.js';
import type { Program } from '../program.js';
import { InputError, validateProgram } from '../validate.js';
import { SourceError } from './directives.js';
import { importC } from './c.js';
import { importFortran } from './fortran.js';

/** One step of an imported program and the source line it came from. */
export interface ImportedStep {
  line: number;
  step: Record<string, unknown>;
}

/** What a front end read: the program (JSON, not yet validated), each step's line, and what it passed over. */
export interface Imported {
  program: { world: Record<string, unknown>; steps: Record<string, unknown>[] };
  /** Source line of each step, in step order. */
  lines: number[];
  /** Host code passed over (checks, output, scalar arithmetic), one entry per line or block. */
  passed: { line: number; text: string }[];
  /** How something was read where the language differs from the source (element types, result buffers). */
  notes: { line: number; text: string }[];
}

export type SourceLanguage = 'fortran' | 'c';

/** The source language of a file by its extension, or null for a JSON program. */
export function sourceLanguage(path: string): SourceLanguage | null {
  const ext = extname(path);
  if (['.f90', '.F90', '.f95', '.F95', '.f03', '.F03', '.f08', '.F08'].includes(ext)) return 'fortran';
  if (ext === '.c' || ext === '.h') return 'c';
  if (ext === '.f' || ext === '.F' || ext === '.for') throw new InputError(`${oneLine(path)}: fixed-form Fortran is not imported (free form: .f90)`);
  return null;
}

/** Reads source text in `lang` (SourceError for what it cannot read). */
export function importSourceText(text: string, lang: SourceLanguage): Imported {
  if (lang === 'c') return importC(text);
  return importFortran(text);
}

/**
 * Reads and validates a source file (`label` names it in messages: `<stdin>` for a pipe). Throws
 * InputError (`FILE:LINE: message`).
 */
export function importSourceFile(path: string, lang: SourceLanguage, label = path): { program: Program; imported: Imported } {
  let text: string;
  try {
    text = readBoundedText(path, MAX_INPUT_FILE_BYTES);
  } catch (e) {
    if (e instanceof FileReadProblem) throw new InputError(`${oneLine(label)}: ${e.message}`);
    throw e;
  }
  let imported: Imported;
  try {
    imported = importSourceText(text, lang);
  } catch (e) {
    if (e instanceof SourceError) throw new InputError(oneLine(`${label}:${e.line}: ${e.message}`));
    throw e;
  }
  const result = validateProgram(imported.program);
  if (!result.ok) {
    const line = result.step === undefined ? 1 : (imported.lines[result.step] ?? 1);
    const where = result.step === undefined ? `field ${result.field}` : `step ${result.step + 1}: field ${result.field}`;
    throw new InputError(oneLine(`${label}:${line}: ${where}: ${result.message}`));
  }
  return { program: result.program, imported };
}
