// `mapcheck emit`: turns a program or a saved case into a self-checking Fortran or C program in the
// style of the seed study (/work/shared/seeds/000_*.txt): the world as declarations, every step as
// its directive, routine call or host statement, and after every kernel read, host read and routine
// result a check against what the `spec` profile's model observes there. The program prints `OK`
// when every check passes, and `Wrong result: …` with a non-zero exit otherwise.
//
// Identifiers in the output are generated (v1, v2, … for variables, t1, … for types, p1, … for
// members); the program's own names appear only in comments, and comments are sanitised, so no
// input text can become code.
//
// This file walks the plan (emit/plan.ts) step by step; the code of each step comes from a backend
// (emit/fortran.ts, emit/c.ts) that writes every op of the table of operations (lang/ops.ts), with
// the directive text and the checks they share in emit/backend.ts. Whether a program means anything
// without an accelerator is emit/host-fallback.ts.

import type { CaseFile } from '../counterexamples/case.js';
import { loadCaseFile } from '../counterexamples/case.js';
import { formatDevAddr, formatObservation, type Observation } from '../lang/observation.js';
import { viewLength, worldDevices, type Program } from '../lang/program.js';
import { CASE_FORMAT, InputError, loadProgramFile, readJsonFile } from '../lang/validate.js';
import { definesNote, sourceLanguage, type MacroDefinitions } from '../lang/source/source.js';
import { ProcedureBodies, deviceNotes, faithfulRewrite, remapsBounds, writeStep } from './emit/backend.js';
import type { RegionEndOp } from '../lang/ops.js';
import { c } from './emit/c.js';
import { fortran } from './emit/fortran.js';
import { EmitError, Names, SPEC, commentText, inferApi, isAcc, isOmp, openRegionsAtEnd, plan, specTrace, type EmitApi, type EmitLang } from './emit/plan.js';
import { loadProfile } from '../profiles/index.js';
import { renderStep } from './render.js';
import { ObserveEmitError, emitObservationProgram } from './emit/observe.js';
import { SCHEMA_VERSION, type Io } from './io.js';

export { EmitError, commentText, type EmitApi, type EmitLang } from './emit/plan.js';
export { hostFallbackVerdict, type HostFallbackVerdict } from './emit/host-fallback.js';

export interface EmitOptions {
  lang: EmitLang;
  /** Which directive set the program uses; inferred from its steps when absent. */
  api?: EmitApi;
  /** The case the program comes from, for the header comments. */
  caseFile?: CaseFile | null;
  /** The input file name, for the header comments. */
  source?: string;
}

// ------------------------------------------------------------------------------------------------
// Loading

/** Reads a saved case (keeping its metadata) or a plain program file. */
export function loadEmitInput(path: string, defines: MacroDefinitions = []): { program: Program; caseFile: CaseFile | null } {
  if (sourceLanguage(path) !== null) return { program: loadProgramFile(path, defines), caseFile: null };
  const raw = readJsonFile(path);
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && (raw as { format?: unknown }).format === CASE_FORMAT) {
    const caseFile = loadCaseFile(path);
    return { program: caseFile.program, caseFile };
  }
  return { program: loadProgramFile(path), caseFile: null };
}

/** `mapcheck emit FILE --lang L [--api A] [--observe] [--json]`: prints the program (or the observation program). */
export function emitCommand(file: string, o: { lang: EmitLang; api?: EmitApi; json?: boolean; observe?: boolean; define?: MacroDefinitions }, io: Io): number {
  let source: string;
  const defines = o.define ?? [];
  const note = definesNote(file, defines);
  if (note !== null) io.err(`${note}\n`);
  if (o.observe) {
    try {
      source = emitObservationProgram(loadEmitInput(file, defines).program, { lang: o.lang, ...(o.api && { api: o.api }), source: file }).text;
    } catch (e) {
      if (e instanceof ObserveEmitError) throw new InputError(`${file}: ${e.message}`);
      throw e;
    }
  } else source = emitFile(file, { lang: o.lang, ...(o.api && { api: o.api }) }, defines);
  if (o.json) io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'emit', lang: o.lang, ...(o.api && { api: o.api }), ...(o.observe && { observe: true }), source }, null, 2)}\n`);
  else io.out(source);
  return 0;
}

/** `mapcheck emit FILE --lang L [--api A]`: the program text. A program emit refuses is named by its file. */
export function emitFile(path: string, o: { lang: EmitLang; api?: EmitApi }, defines: MacroDefinitions = []): string {
  const { program, caseFile } = loadEmitInput(path, defines);
  try {
    return emitProgram(program, { ...o, caseFile, source: path });
  } catch (e) {
    if (e instanceof EmitError) throw new EmitError(`${path}: ${e.message}`);
    throw e;
  }
}

// ------------------------------------------------------------------------------------------------
// The program walk

function headerComments(program: Program, o: EmitOptions, names: Names, api: EmitApi): string[] {
  const lines = [`Generated by mapcheck emit${o.source ? ` from ${o.source}` : ''} (${o.lang}, ${api === 'openacc' ? 'OpenACC' : 'OpenMP'}).`];
  const cf = o.caseFile;
  if (cf) {
    lines.push(`Case: ${cf.title}`);
    const side = (k: 'a' | 'b') => `${cf.sides[k].engine}:${cf.sides[k].profile}`;
    const at = cf.divergence ? `, first divergence at step ${cf.divergence.step} (${cf.divergence.kind})` : '';
    lines.push(`Sides: a = ${side('a')}, b = ${side('b')}; compared by ${cf.compare}; status ${cf.status}${at}.`);
    if (cf.spec.length > 0) lines.push(`Spec: ${cf.spec.join('; ')}`);
  }
  lines.push(`Checks: what the spec profile's model observes in this ${program.steps.length}-step program; OK when the runtime agrees.`);
  if (api === 'openmp') {
    const devices = worldDevices(program.world);
    const listed = devices.map((d, k) => `${k} ${d.kind === 'shared' ? 'shares memory with the host' : 'has its own memory'}`).join(', ');
    lines.push(`Devices the checks assume: ${listed}; the host is omp_get_initial_device(), number ${devices.length}.`);
    // GCC 12 answers `requires unified_shared_memory` with "sorry, unimplemented", so the
    // directive is named here and not written; the checks still assume it.
    if (program.world.requires?.includes('unified_shared_memory'))
      lines.push(
        'The program requires unified_shared_memory (OpenMP 6.0 §10.5.1.5): the checks assume every device reaches host memory. The `requires unified_shared_memory` directive is not written: GCC 12 rejects it ("sorry, unimplemented"); add it for a compiler that supports it.',
      );
  }
  lines.push(`Names: ${names.mapping.join('; ')}`);
  return lines;
}

function expectedNote(o: Observation): string {
  if (o.kind === 'ok') return '';
  if (o.kind === 'value' && o.value !== null && typeof o.value === 'object' && 'block' in o.value) return ` (spec: ${formatDevAddr(o.value)})`;
  return ` (spec: ${formatObservation(o)})`;
}

/** The self-checking program for `program`, in `o.lang`. */
export function emitProgram(program: Program, o: EmitOptions): string {
  const inferred = inferApi(program);
  const api = o.api ?? inferred;
  const wrong = program.steps.findIndex(api === 'openacc' ? isOmp : isAcc);
  if (wrong >= 0)
    throw new EmitError(`step ${wrong + 1} (${program.steps[wrong]!.op}): not an ${api === 'openacc' ? 'OpenACC' : 'OpenMP'} step, but --api ${api} was asked for`);
  const world = program.world;
  const names = new Names(world, program.steps);
  const { steps, full } = plan(program);
  // A directive GCC 12 accepts only rewritten must observe what the step does (else: refused).
  faithfulRewrite(full, (p) => specTrace(p, loadProfile(SPEC)));
  // A read the spec stops with an error still names `res` (a loop of no elements): one element then.
  const reads = (p: (typeof steps)[number]) => p.step.op === 'host_read' || ('body' in p.step && 'read' in p.step.body);
  // A read of a pointer's view writes its values whatever the spec says of it (bounds: res(2)).
  const views = steps.map((p) => (p.step.op === 'host_read' ? viewLength(p.step) : 'body' in p.step && 'read' in p.step.body ? viewLength(p.step.body) : null) ?? 0);
  const resLength = Math.max(0, ...steps.map((p) => (p.obs.kind === 'read' ? p.obs.values.length : reads(p) ? 1 : 0)), ...views);
  const lang = (o.lang === 'fortran' ? fortran : c)({ names, world, api, resLength, remaps: remapsBounds(program.steps) });
  const caseFile = o.caseFile ?? null;

  const body: string[] = [];
  const procedures = new ProcedureBodies(lang);
  let okPrinted = false;
  let written = 0;
  for (const [k, p] of steps.entries()) {
    const origin = p.closing ? 'added: closes a region the program leaves open' : `step ${p.index + 1}`;
    body.push(lang.comment(`${origin}: ${renderStep(p.step, world)}${expectedNote(p.obs)}`));
    const other = caseFile && !p.closing ? caseFile.expected.b[p.index] : undefined;
    if (caseFile?.divergence?.step === p.index + 1 && other) {
      const b = `${caseFile.sides.b.engine}:${caseFile.sides.b.profile}`;
      body.push(
        lang.comment(
          caseFile.divergence.kind === 'state'
            ? `The sides diverge here in state only (${b} observes ${formatObservation(other)} too): no check can show it.`
            : `The sides diverge here: ${b} observes ${formatObservation(other)}.`,
        ),
      );
    }
    if (p.obs.kind === 'undefined') {
      body.push(lang.comment('Not written: the spec calls this step undefined behaviour, so nothing after it can be checked.'));
      break;
    }
    written++;
    body.push(...deviceNotes(world, p.step).map((n) => lang.comment(n)));
    const { lines, check } = names.writing(p.step, () => writeStep(lang.steps, p));
    body.push(...lines);
    procedures.after(p.step.op, body);
    if (p.obs.kind === 'error') {
      body.push(lang.comment(`The spec stops the program here with runtime error ${p.obs.code}; reaching the next line is wrong.`));
      body.push(...lang.stopAfterError(p.index + 1, p.obs.code));
      okPrinted = true;
    } else if (check) {
      const foldOk = lang.foldsOk && k === steps.length - 1;
      body.push(...lang.check(check, foldOk));
      okPrinted = foldOk;
    }
  }
  names.clearAliases();
  // Regions open where writing stopped must still close for the code to nest.
  for (const region of openRegionsAtEnd({ ...full, steps: full.steps.slice(0, written) })) {
    body.push(...lang.regionEnd(region.op as RegionEndOp));
    procedures.after(region.op, body);
  }

  const header = headerComments(program, o, names, api).map((l) => (o.lang === 'fortran' ? `! ${commentText(l)}` : `// ${commentText(l)}`));
  return `${[...header, ...lang.prologue(), ...body, ...lang.epilogue(okPrinted)].join('\n')}\n`;
}
