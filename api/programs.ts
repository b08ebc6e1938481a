// Library entry `mapcheck/programs`: the program language (types, loading and checking, rendering).

export type { Program, Step, World, ArrayDecl, StructDecl, VarRef } from '../lang/program.js';
export { LANGUAGE_VERSION } from '../lang/program.js';
export type { Observation, Snapshot } from '../lang/observation.js';
export { formatObservation } from '../lang/observation.js';
export { InputError, loadProgramFile, validateProgram, type ValidationResult } from '../lang/validate.js';
export { renderStep, renderSnapshot } from '../cli/render.js';
export { loadCaseFile, replayCase, buildCase, type CaseFile } from '../counterexamples/case.js';
