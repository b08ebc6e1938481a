// Resolving a profile: a built-in name, or a JSON file `{ "extends": "spec", "knobs": { … } }`
// whose knob values are either a reading id or `{ "reading": …, "evidence": … }`.

import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileReadProblem, MAX_PROFILE_FILE_BYTES, oneLine, readBoundedText } from '../lang/read-file.js';
import { BUILTIN_PROFILES, type KnobSetting, type ProfileSource } from './builtin.js';
import { KNOBS, defaultKnobValues, knobDef, type KnobId, type KnobValues } from './knobs.js';

export { KNOBS, type KnobId, type KnobValues } from './knobs.js';
export { BUILTIN_PROFILES } from './builtin.js';

/** A fully resolved profile: a reading for every knob, with where each reading came from. */
export interface Profile {
  name: string;
  description: string;
  knobs: KnobValues;
  /** Per knob: the setting that chose its reading, or null when it is the spec default. */
  settings: { [K in KnobId]: KnobSetting | null };
}

/** A bad profile name, file or knob: the CLI turns it into a one-line message and exit code 2. */
export class ProfileError extends Error {
  override name = 'ProfileError';
}

/**
 * A profile file shipped in the package's profiles/ folder (gcc-12-c.json, libgomp-c.json,
 * llvm-16.json), as an absolute path: from the sources (profiles/) or from the build (dist/profiles/,
 * or a bundle in dist/cli/).
 */
export function packagedProfile(file: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return import.meta.url.endsWith('.js') ? join(here, '..', '..', 'profiles', file) : join(here, file);
}

/**
 * `--profile compilers`: the text and every runtime mapcheck has a reading of, each language's
 * front end apart where its lowering differs (GCC's C front end), so one table shows what each
 * compiler does with a program. `mapcheck run` leaves out those with no reading of the program's API.
 */
export function compilerProfiles(): string[] {
  return ['spec', 'gcc-12', packagedProfile('gcc-12-c.json'), 'libgomp', packagedProfile('libgomp-c.json'), packagedProfile('llvm-16.json'), 'llvm-22', 'llvm-offload', 'nvfortran-25.3', 'cray-19'];
}

/**
 * The source language a compiler profile reads for, where GCC's two front ends lower pointer maps
 * their own ways (`gcc-12` / `libgomp`: gfortran; `gcc-12-c` / `libgomp-c`: gcc); null for a
 * profile of the runtime alone.
 */
export function compilerProfileLanguage(ref: string): 'fortran' | 'c' | null {
  if (ref === 'gcc-12' || ref === 'libgomp') return 'fortran';
  if (ref === packagedProfile('gcc-12-c.json') || ref === packagedProfile('libgomp-c.json')) return 'c';
  return null;
}

export function builtinProfileNames(): string[] {
  return BUILTIN_PROFILES.map((p) => p.name);
}

/**
 * Resolves a built-in profile name or a path to a JSON profile file. Only for names the user typed
 * on the command line: a saved case never names a file (see profileFromReadings).
 */
export function loadProfile(nameOrPath: string): Profile {
  const builtin = BUILTIN_PROFILES.find((p) => p.name === nameOrPath);
  if (builtin) return resolve(builtin, []);
  if (/[./\\]/.test(nameOrPath) || nameOrPath.endsWith('.json')) return resolveFile(readProfileFile(nameOrPath));
  throw new ProfileError(
    `unknown profile ${quoteName(nameOrPath)} (built-in: ${builtinProfileNames().join(', ')}; or a path to a .json profile)`,
  );
}

/** A built-in profile by name; null when there is none by that name. */
/**
 * loadProfile for a value given on the command line: a failure names where it came from
 * (`--profile`, `--against`, an argument), so the one-line message says which input is wrong.
 */
export function loadProfileArg(nameOrPath: string, from: string): Profile {
  try {
    return loadProfile(nameOrPath);
  } catch (e) {
    if (e instanceof ProfileError) throw new ProfileError(`${from}: ${e.message}`);
    throw e;
  }
}

export function builtinProfile(name: string): Profile | null {
  const builtin = BUILTIN_PROFILES.find((p) => p.name === name);
  return builtin ? resolve(builtin, []) : null;
}

function quoteName(name: string): string {
  return `'${oneLine(name)}'`;
}

/**
 * A profile from stored readings (a saved case keeps the readings of a profile that is not built
 * in, so it checks the same thing wherever and whenever it is replayed). Knobs the readings do not
 * name (added after the case was saved) keep the spec reading. Throws ProfileError naming `field`
 * (e.g. `sides.a.knobs.K-A4`) on an unknown knob or reading.
 */
export function profileFromReadings(name: string, readings: Record<string, string>, field: string): Profile {
  const spec = resolve(BUILTIN_PROFILES.find((p) => p.name === 'spec')!, []);
  const knobs = { ...spec.knobs } as Record<string, string>;
  const settings = { ...spec.settings } as Record<string, KnobSetting | null>;
  for (const [id, reading] of Object.entries(readings)) {
    const def = knobDef(id);
    if (!def) throw new ProfileError(`field ${field}.${oneLine(id)}: unknown knob id (known: ${KNOBS.map((k) => k.id).join(', ')})`);
    if (!def.readings.some((r) => r.id === reading))
      throw new ProfileError(
        `field ${field}.${id}: unknown reading ${oneLine(JSON.stringify(reading))} (readings: ${def.readings.map((r) => r.id).join(', ')})`,
      );
    knobs[id] = reading;
    if (reading !== def.default) settings[id] = { reading, confidence: 'hypothesis', evidence: `stored in the case (profile ${name})` };
  }
  return { name, description: `readings stored in a case (profile ${name})`, knobs: knobs as unknown as KnobValues, settings: settings as Profile['settings'] };
}

function readProfileFile(path: string): ProfileSource {
  const at = oneLine(path);
  let text: string;
  try {
    text = readBoundedText(path, MAX_PROFILE_FILE_BYTES);
  } catch (e) {
    if (e instanceof FileReadProblem) throw new ProfileError(`${at}: ${e.message}`);
    throw e;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ProfileError(`${at}: not valid JSON (${oneLine((e as Error).message)})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ProfileError(`${at}: field (top level): a profile is a JSON object { "extends": …, "knobs": { … } }`);
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    // `measured`: what mapcheck conform measured (raw observations); not read here.
    if (!['name', 'description', 'extends', 'knobs', 'measured'].includes(key))
      throw new ProfileError(`${at}: field ${oneLine(key)}: unknown field (allowed: name, description, extends, knobs, measured)`);
  const ext = obj.extends === undefined ? 'spec' : obj.extends;
  if (typeof ext !== 'string') throw new ProfileError(`${at}: field extends: must be the name of a built-in profile`);
  if (!BUILTIN_PROFILES.some((p) => p.name === ext))
    throw new ProfileError(`${at}: field extends: unknown profile ${quoteName(ext)} (built-in: ${builtinProfileNames().join(', ')})`);
  if (obj.name !== undefined && typeof obj.name !== 'string') throw new ProfileError(`${at}: field name: must be a string`);
  if (obj.description !== undefined && typeof obj.description !== 'string') throw new ProfileError(`${at}: field description: must be a string`);
  const knobsRaw = obj.knobs ?? {};
  if (typeof knobsRaw !== 'object' || knobsRaw === null || Array.isArray(knobsRaw))
    throw new ProfileError(`${at}: field knobs: must be an object of knob id → reading`);
  const knobs: Record<string, KnobSetting> = {};
  for (const [id, v] of Object.entries(knobsRaw as Record<string, unknown>)) {
    const def = knobDef(id);
    if (!def) throw new ProfileError(`${at}: field knobs.${oneLine(id)}: unknown knob id (known: ${KNOBS.map((k) => k.id).join(', ')})`);
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const key of Object.keys(v))
        if (key !== 'reading' && key !== 'evidence')
          throw new ProfileError(`${at}: field knobs.${id}.${oneLine(key)}: unknown field (allowed: reading, evidence)`);
      const ev = (v as { evidence?: unknown }).evidence;
      if (ev !== undefined && typeof ev !== 'string' && !isMeasuredEvidence(ev))
        throw new ProfileError(`${at}: field knobs.${id}.evidence: must be a string, or a list of [program, step, observed] (mapcheck conform)`);
    } else if (typeof v !== 'string')
      throw new ProfileError(`${at}: field knobs.${id}: expected a reading id or { "reading": …, "evidence": … }`);
    const reading = typeof v === 'string' ? v : (v as { reading?: unknown }).reading;
    if (typeof reading !== 'string' || !def.readings.some((r) => r.id === reading))
      throw new ProfileError(
        `${at}: field knobs.${id}${typeof v === 'string' ? '' : '.reading'}: unknown reading ${oneLine(JSON.stringify(reading) ?? 'undefined')} (readings: ${def.readings.map((r) => r.id).join(', ')})`,
      );
    const ev = typeof v === 'object' && v !== null ? (v as { evidence?: unknown }).evidence : undefined;
    const evidence = typeof ev === 'string' ? ev : isMeasuredEvidence(ev) ? measuredEvidenceText(ev) : `set in ${path}`;
    knobs[id] = { reading, confidence: isMeasuredEvidence(ev) ? 'measured' : 'hypothesis', evidence };
  }
  return {
    name: typeof obj.name === 'string' ? obj.name : basename(path).replace(/\.json$/, ''),
    description: typeof obj.description === 'string' ? obj.description : `profile file ${path}`,
    extends: ext,
    knobs,
  };
}

/**
 * A profile file on top of the built-in it extends. A file is never part of a cycle (it extends a
 * built-in, and nothing extends a file), even when it carries a built-in's name.
 */
function resolveFile(src: ProfileSource): Profile {
  return overlay(resolve(BUILTIN_PROFILES.find((p) => p.name === src.extends)!, []), src);
}

function resolve(src: ProfileSource, chain: string[]): Profile {
  if (chain.includes(src.name)) throw new ProfileError(`profile '${src.name}' extends itself (${[...chain, src.name].join(' → ')})`);
  let base: Profile;
  if (src.extends === undefined) {
    const settings = {} as Record<string, KnobSetting | null>;
    for (const k of KNOBS) settings[k.id] = null;
    base = { name: src.name, description: src.description, knobs: defaultKnobValues(), settings: settings as Profile['settings'] };
  } else {
    const parent = BUILTIN_PROFILES.find((p) => p.name === src.extends);
    if (!parent) throw new ProfileError(`profile '${src.name}' extends unknown profile '${src.extends}'`);
    base = resolve(parent, [...chain, src.name]);
  }
  return overlay(base, src);
}

function overlay(base: Profile, src: ProfileSource): Profile {
  const knobs = { ...base.knobs } as Record<string, string>;
  const settings = { ...base.settings } as Record<string, KnobSetting | null>;
  for (const [id, s] of Object.entries(src.knobs)) {
    if (!s) continue;
    knobs[id] = s.reading;
    settings[id] = s;
  }
  return {
    name: src.name,
    description: src.description,
    knobs: knobs as unknown as KnobValues,
    settings: settings as Profile['settings'],
  };
}

/** Knob ids on which two profiles read the spec differently. */
export function differingKnobs(a: Profile, b: Profile): KnobId[] {
  return KNOBS.map((k) => k.id).filter((id) => a.knobs[id] !== b.knobs[id]);
}

/** Evidence written by mapcheck conform: [program, step, observed] per observation that decided the knob. */
function isMeasuredEvidence(ev: unknown): ev is [string, number, string][] {
  return (
    Array.isArray(ev) &&
    ev.length > 0 &&
    ev.every((e) => Array.isArray(e) && e.length === 3 && typeof e[0] === 'string' && Number.isInteger(e[1]) && typeof e[2] === 'string')
  );
}

function measuredEvidenceText(ev: [string, number, string][]): string {
  const shown = ev.slice(0, 3).map(([program, step, observed]) => `${program} step ${step}: ${oneLine(observed)}`);
  return `measured: ${shown.join('; ')}${ev.length > 3 ? `; … (${ev.length} observations)` : ''}`;
}
