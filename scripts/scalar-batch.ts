// Writes a batch of generated programs with a scalar variable (properties/scalars.ts: a generated
// program of either API with a scalar `s` and steps that use it, named, firstprivate or under a
// visible data clause), with `--scenario copies` with copy kernels (properties/copies.ts) or with
// `--scenario blocks` with kernels of several statements (properties/blocks.ts), or with
// `--scenario private-pointers` with kernels through a plain pointer the construct names only
// through a section of its target (properties/private-pointers.ts), into
// a folder, one JSON program a file, for `mapcheck conform DIR` to build and run on a real runtime
// (README "Measure a real compiler"). The same seed writes the same programs. Programs that name a
// device past device 0 are left out (one-accelerator machines).
//
//   npx tsx scripts/scalar-batch.ts --seed 20261228 --count 80 DIR
//   npx tsx scripts/scalar-batch.ts --scenario copies --seed 20261229 --count 80 DIR
//   npx tsx scripts/scalar-batch.ts --scenario blocks --seed 20261230 --count 200 DIR
//   npx tsx scripts/scalar-batch.ts --scenario private-pointers --seed 20261231 --count 200 DIR

import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { validateProgram } from '../lang/validate.js';
import type { Program } from '../lang/program.js';
import { blockScenarioArb } from '../properties/blocks.js';
import { copyScenarioArb } from '../properties/copies.js';
import { privatePointerScenarioArb } from '../properties/private-pointers.js';
import { scalarScenarioArb } from '../properties/scalars.js';

/** Each scenario's generator and the prefix of its file names. */
const SCENARIOS: Record<string, { arbitrary: fc.Arbitrary<{ program: Program }>; prefix: string }> = {
  scalars: { arbitrary: scalarScenarioArb, prefix: 'scalar' },
  copies: { arbitrary: copyScenarioArb, prefix: 'copy' },
  blocks: { arbitrary: blockScenarioArb, prefix: 'block' },
  'private-pointers': { arbitrary: privatePointerScenarioArb, prefix: 'private' },
};

const { values, positionals } = parseArgs({ options: { seed: { type: 'string' }, count: { type: 'string' }, scenario: { type: 'string' } }, allowPositionals: true });
const scenario = values.scenario ?? 'scalars';
const seed = Number(values.seed);
const count = Number(values.count ?? '80');
const dir = positionals[0];
if (!Number.isInteger(seed) || !Number.isInteger(count) || count < 1 || dir === undefined || !Object.hasOwn(SCENARIOS, scenario)) {
  console.error(`usage: scalar-batch [--scenario ${Object.keys(SCENARIOS).join('|')}] --seed <n> [--count <n>] <dir>`);
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
let written = 0;
const { arbitrary, prefix } = SCENARIOS[scenario]!;
for (const [k, { program }] of fc.sample(arbitrary, { seed, numRuns: count }).entries()) {
  const oneDevice = (program.world.devices?.length ?? 1) === 1 && program.steps.every((s) => !('device' in s) || s.device === undefined || s.device === 0);
  const checked = validateProgram(program);
  if (!checked.ok) throw new Error(`internal: generated program ${k + 1} is invalid: ${JSON.stringify(checked)}`);
  if (!oneDevice) continue;
  writeFileSync(join(dir, `${prefix}-${seed}-${String(k + 1).padStart(3, '0')}.json`), `${JSON.stringify({ version: 1, ...program }, null, 1)}\n`);
  written++;
}
console.log(`${written} of ${count} programs written to ${dir} (the rest name a device past 0)`);
