// `mapcheck profiles` and `mapcheck profile show` (cli/main.ts loads this module when one runs).

import { BUILTIN_PROFILES, KNOBS, loadProfile, loadProfileArg } from '../profiles/index.js';
import { SCHEMA_VERSION, type Io } from './io.js';
import { table } from './render.js';

/** `mapcheck profiles`: the built-in profiles and every knob with its readings (the spec reading starred). */
export function profilesCommand(o: { json?: boolean }, io: Io): number {
  const profiles = BUILTIN_PROFILES.map((src) => loadProfile(src.name));
  if (o.json) {
    const out = {
      schemaVersion: SCHEMA_VERSION,
      command: 'profiles',
      profiles: profiles.map((p) => ({
        name: p.name,
        description: p.description,
        knobs: p.knobs,
        // Per knob the profile sets: its reading, confidence (measured / source / doc /
        // hypothesis) and evidence; knobs it leaves at the spec reading are absent.
        evidence: Object.fromEntries(KNOBS.flatMap((k) => (p.settings[k.id] ? [[k.id, p.settings[k.id]]] : []))),
      })),
      knobs: KNOBS.map((k) => ({ id: k.id, title: k.title, section: k.section, readings: k.readings, default: k.default })),
    };
    io.out(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  io.out(`Profiles:\n${table(profiles.map((p) => [p.name, p.description]), '  ')}\n\nKnobs:\n`);
  for (const k of KNOBS) {
    io.out(`  ${k.id}  ${k.title}  (${k.section})\n`);
    for (const r of k.readings) io.out(`      ${r.id === k.default ? '*' : ' '} ${r.id}: ${r.summary}\n`);
  }
  io.out(`\n  * the spec reading (default). Per-profile readings: mapcheck profile show NAME\n`);
  return 0;
}

/** `mapcheck profile show NAME`: every knob's reading in one profile, with confidence and evidence. */
export function profileShowCommand(name: string, o: { json?: boolean }, io: Io): number {
  const p = loadProfileArg(name, 'profile show');
  if (o.json) {
    const knobs = KNOBS.map((k) => {
      const setting = p.settings[k.id];
      return {
        id: k.id,
        title: k.title,
        reading: p.knobs[k.id] as string,
        confidence: setting ? setting.confidence : 'unknown',
        evidence: setting ? setting.evidence : null,
      };
    });
    io.out(`${JSON.stringify({ schemaVersion: SCHEMA_VERSION, command: 'profile show', name: p.name, description: p.description, knobs }, null, 2)}\n`);
    return 0;
  }
  io.out(`${p.name}: ${p.description}\n\n`);
  for (const k of KNOBS) {
    const setting = p.settings[k.id];
    io.out(`  ${k.id}  ${k.title}\n        reading: ${p.knobs[k.id]}`);
    if (setting) io.out(` (${setting.confidence})\n        evidence: ${setting.evidence}\n`);
    else io.out(` (unknown — spec reading)\n`);
  }
  return 0;
}
