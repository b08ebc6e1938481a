// `mapcheck import` and every command that takes a program file: a Fortran or C source file is read
// by its front end (fortran.ts, c.ts) into a program of the language, then validated like a JSON
// program. Every failure is one line naming the file and the source line (`prog.f90:17: …`); a
// validation failure of step N is reported at the line that step came from.

import { extname } from 'node:path';
import { FileReadProblem, MAX_INPUT_FILE_BYTES, oneLine, readBoundedText } from '../read-file.js';
import type { Program, StepOp } from '../program.js';
import { InputError, validateProgram } from '../validate.js';
import { SourceError } from './directives.js';
import { importC, type MacroDefinitions } from './c.js';
import { importFortran } from './fortran.js';

export type { MacroDefinitions } from './c.js';

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

const USE_DEVICE = 'host_data / use_device regions hand a device address to host code, which the front ends do not follow';

/**
 * What the front ends make of each op of the language (lang/ops.ts): null where a Fortran or C
 * statement reads as it, else why no source does. An op added to the language must be placed here
 * (a compile error until it is), and emitted.test.ts checks the claim both ways on what emit writes.
 */
export const SOURCE_OPS: Record<StepOp, string | null> = {
  acc_enter_data: null,
  acc_exit_data: null,
  acc_data_begin: null,
  acc_data_end: null,
  acc_parallel: null,
  acc_copyin: null,
  acc_create: null,
  acc_copyout: null,
  acc_copyout_finalize: null,
  acc_delete: null,
  acc_delete_finalize: null,
  acc_attach: null,
  acc_detach: null,
  acc_detach_finalize: null,
  acc_is_present: null,
  acc_deviceptr: null,
  acc_malloc: null,
  acc_free: null,
  acc_map_data: null,
  acc_unmap_data: null,
  acc_memcpy_to_device: null,
  acc_memcpy_from_device: null,
  acc_host_data_begin: USE_DEVICE,
  acc_host_data_end: USE_DEVICE,
  pointer_assign: null,
  nullify: null,
  allocate: null,
  deallocate: null,
  host_write: null,
  host_read: null,
  omp_target_enter_data: null,
  omp_target_exit_data: null,
  omp_target_data_begin: null,
  omp_target_data_end: null,
  omp_target: null,
  omp_target_alloc: null,
  omp_target_free: null,
  omp_target_is_present: null,
  omp_target_is_accessible: null,
  omp_target_associate_ptr: null,
  omp_target_disassociate_ptr: null,
  omp_get_mapped_ptr: null,
  omp_target_memcpy: null,
  acc_update: null,
  omp_target_update: null,
  acc_declare: null,
  omp_declare_target: null,
  omp_target_data_use_device_begin: USE_DEVICE,
  omp_target_data_use_device_end: USE_DEVICE,
  acc_procedure_begin: 'a declare inside a procedure: the front ends read the main program only',
  acc_procedure_end: 'a declare inside a procedure: the front ends read the main program only',
};

/** The source language of a file by its extension, or null for a JSON program. */
export function sourceLanguage(path: string): SourceLanguage | null {
  const ext = extname(path);
  if (['.f90', '.F90', '.f95', '.F95', '.f03', '.F03', '.f08', '.F08'].includes(ext)) return 'fortran';
  if (ext === '.c' || ext === '.h') return 'c';
  if (ext === '.f' || ext === '.F' || ext === '.for') throw new InputError(`${oneLine(path)}: fixed-form Fortran is not imported (free form: .f90)`);
  return null;
}

/** Why macro definitions (`-D`) are refused for Fortran: its front end has no preprocessor. */
export const FORTRAN_DEFINES = '-D is for C sources: the Fortran importer does not preprocess (no #define, #ifdef), so it cannot apply macro definitions';

/**
 * Reads source text in `lang` (SourceError for what it cannot read), C with the object-like macros
 * `defines` defined before its first line (a compiler's `-D`); Fortran takes none (InputError).
 */
export function importSourceText(text: string, lang: SourceLanguage, defines: MacroDefinitions = []): Imported {
  if (lang === 'c') return importC(text, defines);
  if (defines.length > 0) throw new InputError(FORTRAN_DEFINES);
  return importFortran(text);
}

/** The note for a file given `-D` definitions that takes none (not a source file), or null. */
export function definesNote(path: string, defines: MacroDefinitions): string | null {
  return defines.length > 0 && sourceLanguage(path) === null ? `note: -D defines macros of C sources; ${path} is no source file, so it is read without them` : null;
}

/**
 * Reads and validates a source file (`label` names it in messages: `<stdin>` for a pipe), C with
 * the macros `defines` (importSourceText). Throws InputError (`FILE:LINE: message`).
 */
export function importSourceFile(path: string, lang: SourceLanguage, label = path, defines: MacroDefinitions = []): { program: Program; imported: Imported } {
  if (lang === 'fortran' && defines.length > 0) throw new InputError(`${oneLine(label)}: ${FORTRAN_DEFINES}`);
  let text: string;
  try {
    text = readBoundedText(path, MAX_INPUT_FILE_BYTES);
  } catch (e) {
    if (e instanceof FileReadProblem) throw new InputError(`${oneLine(label)}: ${e.message}`);
    throw e;
  }
  let imported: Imported;
  try {
    imported = importSourceText(text, lang, defines);
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
