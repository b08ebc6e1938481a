// The JSON documents the commands print with --json, as zod schemas: scripts/schemas.ts turns them
// into the JSON Schemas shipped in schemas/, and schemas/schemas.test.ts checks every command's
// output against the shipped files. Every document carries `schemaVersion` (bumped on any change
// that is not an addition) and `command`.

import { z } from 'zod';
import { programJsonShape } from '../lang/validate.js';
import { caseJsonShape, OBSERVATION_SHAPE } from '../counterexamples/case.js';
import { profileJsonShape } from '../profiles/schema.js';
import { SCHEMA_VERSION } from './run.js';

const version = z.literal(SCHEMA_VERSION);
const command = (name: string) => z.literal(name);
const observation = OBSERVATION_SHAPE;
const program = programJsonShape();
const snapshot = z.object({
  sections: z.array(z.object({}).loose()),
  attachments: z.array(z.object({}).loose()),
  ompEntries: z.array(z.object({}).loose()),
  ompPointers: z.array(z.object({}).loose()),
});
const api = z.enum(['openacc', 'openmp', 'both']);
const compare = z.enum(['observations', 'state']);
const divergenceKind = z.enum(['observation', 'state']);
const step = z.int().min(1);

const runOne = z.strictObject({
  schemaVersion: version,
  command: command('run'),
  profile: z.string(),
  engine: z.enum(['model', 'impl']),
  steps: z.array(z.strictObject({ step, op: z.string(), observation, snapshot: snapshot.optional() })),
});
const runMany = z.strictObject({
  schemaVersion: version,
  command: command('run'),
  engine: z.enum(['model', 'impl']),
  profiles: z.array(z.string()),
  programs: z.array(
    z.strictObject({
      file: z.string(),
      api: z.enum(['openacc', 'openmp']).nullable(),
      steps: z.array(
        z.strictObject({
          step,
          op: z.string(),
          directive: z.string(),
          observations: z.record(z.string(), observation),
          differs: z.array(z.string()),
          snapshots: z.record(z.string(), snapshot).optional(),
        }),
      ),
    }),
  ),
  warnings: z.array(z.string()),
});

const fuzz = z.strictObject({
  schemaVersion: version,
  command: command('fuzz'),
  sides: z.strictObject({ a: z.string(), b: z.string() }),
  compare,
  api,
  seed: z.int().min(0),
  runs: z.int().min(0),
  elapsedMs: z.number().min(0),
  corpus: z.strictObject({ replayed: z.int().min(0), failed: z.int().min(0) }),
  found: z
    .strictObject({
      step,
      kind: divergenceKind,
      originalLength: z.int().min(1),
      program,
      observations: z.strictObject({ a: z.array(observation), b: z.array(observation) }),
      saved: z.string().nullable(),
      alreadyKept: z.boolean(),
    })
    .nullable(),
  coverage: z.array(z.strictObject({ rule: z.string(), hits: z.int().min(0) })).nullable(),
  reproduce: z.string(),
  exitCode: z.int(),
});

const diffClass = z.strictObject({
  id: z.string(),
  kind: z.enum(['observation', 'state', 'masked', 'undefined']),
  key: z.string(),
  knobs: z.array(z.string()),
  compare,
  steps: z.int().min(1),
  programs: z.int().min(1),
  originalLength: z.int().min(1),
  program,
  divergence: z.strictObject({ step, kind: divergenceKind, a: observation, b: observation }),
  saved: z.string().nullable(),
});
const diff = z.strictObject({
  schemaVersion: version,
  command: command('diff'),
  profiles: z.strictObject({ a: z.string(), b: z.string() }),
  compare,
  api,
  seed: z.int().min(0),
  runs: z.int().min(0),
  elapsedMs: z.number().min(0),
  differing: z.array(z.strictObject({ knob: z.string(), title: z.string(), a: z.string(), b: z.string() })),
  classes: z.array(diffClass),
  hidden: z.array(diffClass),
  coverage: z.array(
    z.strictObject({
      knob: z.string(),
      title: z.string(),
      a: z.string(),
      b: z.string(),
      status: z.enum(['explained', 'masked', 'not-reached']),
      explains: z.array(z.string()),
      hidden: z.array(z.string()),
      reason: z.string(),
      corpus: z.array(z.string()),
    }),
  ),
  reproduce: z.string(),
  exitCode: z.int(),
});

const rule = z.strictObject({ citation: z.string(), version: z.string(), section: z.string(), title: z.string() });
const sideRules = z.strictObject({ side: z.string(), source: z.string(), rules: z.array(rule) });
const sidePair = <T extends z.ZodType>(t: T) => z.strictObject({ a: t, b: t });
const pointer = z.strictObject({
  member: z.string(),
  ac: z.int().nullable(),
  device: z.int().optional(),
  value: z.unknown(),
  text: z.string(),
});
const explain = z.looseObject({
  schemaVersion: version,
  command: command('explain'),
  file: z.string(),
  title: z.string(),
  status: z.enum(['fixed', 'known-divergence']),
  compare,
  sides: sidePair(z.string()),
  steps: z.array(
    z.looseObject({
      step,
      directive: z.string(),
      observations: sidePair(observation),
      changes: sidePair(z.array(z.string())),
      irrelevant: z.boolean().nullable(),
    }),
  ),
  divergence: z
    .looseObject({
      step,
      kind: divergenceKind,
      pointers: sidePair(z.array(pointer)),
      rules: sidePair(sideRules),
    })
    .nullable(),
  stateSplit: z.strictObject({ step, rules: sidePair(sideRules) }).nullable(),
  spec: z.array(z.string()),
  cause: z.string(),
});

const profiles = z.strictObject({
  schemaVersion: version,
  command: command('profiles'),
  profiles: z.array(
    z.strictObject({
      name: z.string(),
      description: z.string(),
      knobs: z.record(z.string(), z.string()),
      // the knobs the profile sets, with the reading's confidence and evidence
      evidence: z.record(z.string(), z.strictObject({ reading: z.string(), confidence: z.enum(['measured', 'source', 'doc', 'hypothesis']), evidence: z.string() })),
    }),
  ),
  knobs: z.array(
    z.looseObject({
      id: z.string(),
      title: z.string(),
      section: z.string(),
      readings: z.array(z.looseObject({ id: z.string(), summary: z.string() })),
      default: z.string(),
    }),
  ),
});

const profileShow = z.strictObject({
  schemaVersion: version,
  command: command('profile show'),
  name: z.string(),
  description: z.string(),
  knobs: z.array(
    z.strictObject({ id: z.string(), title: z.string(), reading: z.string(), confidence: z.string(), evidence: z.string().nullable() }),
  ),
});

const promote = z.strictObject({ schemaVersion: version, command: command('promote'), from: z.string(), to: z.string() });
const emit = z.strictObject({
  schemaVersion: version,
  command: command('emit'),
  lang: z.enum(['fortran', 'c']),
  api: z.enum(['openacc', 'openmp']).optional(),
  source: z.string(),
});

const importDoc = z.strictObject({
  schemaVersion: version,
  command: command('import'),
  file: z.string(),
  lang: z.enum(['fortran', 'c']),
  program,
  lines: z.array(z.number().int()),
  passed: z.array(z.strictObject({ line: z.number().int(), text: z.string() })),
  notes: z.array(z.strictObject({ line: z.number().int(), text: z.string() })),
});

/** Input formats: what users write (programs, profiles) and what campaigns save (cases). */
export const INPUT_SHAPES = {
  program: program,
  case: caseJsonShape(program),
  profile: profileJsonShape(),
} as const;

/** One schema per command's --json document (`mapcheck case` prints a case: case.schema.json). */
export const OUTPUT_SHAPES = {
  run: z.union([runOne, runMany]),
  fuzz,
  diff,
  explain,
  profiles,
  'profile-show': profileShow,
  promote,
  emit,
  import: importDoc,
} as const;

export const SCHEMA_ID_BASE = 'https://mapcheck.invalid/schemas/';

/** The JSON Schema (draft 2020-12) of a shape, with an $id and a title. */
export function jsonSchemaOf(name: string, shape: z.ZodType, title: string): Record<string, unknown> {
  return {
    ...z.toJSONSchema(shape, { unrepresentable: 'any', target: 'draft-2020-12', reused: 'ref' }),
    $id: `${SCHEMA_ID_BASE}${name}.schema.json`,
    title,
  };
}

/** Every shipped schema: file name (without .schema.json) → schema. */
export function allSchemas(): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  out.program = jsonSchemaOf('program', INPUT_SHAPES.program, 'mapcheck program (language version 1)');
  out.case = jsonSchemaOf('case', INPUT_SHAPES.case, 'mapcheck saved case (mapcheck-case/1)');
  out.profile = jsonSchemaOf('profile', INPUT_SHAPES.profile, 'mapcheck profile file');
  for (const [name, shape] of Object.entries(OUTPUT_SHAPES))
    out[name] = jsonSchemaOf(name, shape, `mapcheck ${name.replace('-', ' ')} --json (schemaVersion ${SCHEMA_VERSION})`);
  return out;
}
