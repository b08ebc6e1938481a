// Resolving a profile: a built-in name, or a JSON file `{ "extends": "spec", "knobs": { … } }`
// whose knob values are either a reading id or `{ "reading": …, "evidence": … }`.

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
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

export function builtinProfileNames(): string[] {
  return BUILTIN_PROFILES.map((p) => p.name);
}

/** Resolves a built-in profile name or a path to a JSON profile file. */
export function loadProfile(nameOrPath: string): Profile {
  const builtin = BUILTIN_PROFILES.find((p) => p.name === nameOrPath);
  if (builtin) return resolve(builtin, []);
  if (/[./\\]/.test(nameOrPath) || nameOrPath.endsWith('.json')) return resolve(readProfileFile(nameOrPath), []);
  throw new ProfileError(
    `unknown profile '${nameOrPath}' (built-in: ${builtinProfileNames().join(', ')}; or a path to a .json profile)`,
  );
}

function readProfileFile(path: string): ProfileSource {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ProfileError(`${path}: cannot read profile file (${(e as Error).message})`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new ProfileError(`${path}: not valid JSON (${(e as Error).message})`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new ProfileError(`${path}: a profile is a JSON object { "extends": …, "knobs": { … } }`);
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj))
    if (!['name', 'description', 'extends', 'knobs'].includes(key))
      throw new ProfileError(`${path}: unknown field '${key}' (allowed: name, description, extends, knobs)`);
  const ext = obj.extends ?? 'spec';
  if (typeof ext !== 'string') throw new ProfileError(`${path}: field 'extends' must be a profile name`);
  const knobsRaw = obj.knobs ?? {};
  if (typeof knobsRaw !== 'object' || knobsRaw === null || Array.isArray(knobsRaw))
    throw new ProfileError(`${path}: field 'knobs' must be an object of knob id → reading`);
  const knobs: Record<string, KnobSetting> = {};
  for (const [id, v] of Object.entries(knobsRaw as Record<string, unknown>)) {
    const def = knobDef(id);
    if (!def) throw new ProfileError(`${path}: knobs.${id}: unknown knob id (known: ${KNOBS.map((k) => k.id).join(', ')})`);
    const reading = typeof v === 'string' ? v : (v as { reading?: unknown } | null)?.reading;
    if (typeof reading !== 'string' || !def.readings.some((r) => r.id === reading))
      throw new ProfileError(
        `${path}: knobs.${id}: unknown reading ${JSON.stringify(reading)} (readings: ${def.readings.map((r) => r.id).join(', ')})`,
      );
    const evidence = typeof v === 'object' && v !== null && typeof (v as { evidence?: unknown }).evidence === 'string'
      ? (v as { evidence: string }).evidence
      : `set in ${path}`;
    knobs[id] = { reading, confidence: 'hypothesis', evidence };
  }
  return {
    name: typeof obj.name === 'string' ? obj.name : basename(path).replace(/\.json$/, ''),
    description: typeof obj.description === 'string' ? obj.description : `profile file ${path}`,
    extends: ext,
    knobs,
  };
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
