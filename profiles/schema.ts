// The profile file format as a zod schema, for the JSON Schema shipped in schemas/. The loader
// (profiles/index.ts) reads files by hand and reports the first problem in one line; this schema
// states the same format for editors and tools: every knob id with its readings.

import { z } from 'zod';
import { KNOBS } from './knobs.js';

export function profileJsonShape(): z.ZodType {
  const knobs = Object.fromEntries(
    KNOBS.map((k) => {
      const ids = k.readings.map((r) => r.id) as [string, ...string[]];
      const reading = z.enum(ids).describe(k.readings.map((r) => `${r.id}: ${r.summary}`).join('; '));
      return [k.id, z.union([reading, z.object({ reading, evidence: z.string().optional() })]).optional().describe(`${k.title} (default ${k.default})`)];
    }),
  );
  return z.strictObject({
    name: z.string().optional(),
    description: z.string().optional(),
    extends: z.string().optional().describe('a built-in profile name or the path of another profile file (default spec)'),
    knobs: z.strictObject(knobs).optional(),
  });
}
