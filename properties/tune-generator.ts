// Generator tuning report (not a test): `node --import tsx properties/tune-generator.ts --help`.
// Prints fc.statistics of the op mix, program lengths, how programs end on the model under `spec`,
// and which witness states they reach, for the campaign's generator (api `both` unless --api says
// otherwise). Used to pick the weights documented in arbitraries.ts and arbitraries-omp.ts.

import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { loadProfile } from '../profiles/index.js';
import type { Program } from '../lang/program.js';
import { APIS, DEFAULT_API, programArbFor, type ApiChoice } from './api.js';
import { detectOmpWitnesses, detectWitnesses, modelWitnessTrace, OMP_WITNESSES, WITNESSES, type WitnessTrace } from './witness.js';
import { DEFAULT_SEED } from './budget.js';

const USAGE = `usage: node --import tsx properties/tune-generator.ts [runs] [seed] [--api openacc|openmp|both]

  runs   programs per statistic (default 2000)
  seed   fast-check seed, an integer from 0 to 4294967295 (default ${DEFAULT_SEED})
  --api  which programs to generate (default ${DEFAULT_API}, as the campaigns)`;

/** Exits 2 with one line, as the CLI does for bad input. */
function usageError(message: string): never {
  process.stderr.write(`tune-generator: ${message} (--help for usage)\n`);
  process.exit(2);
}

function integerArg(raw: string | undefined, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) usageError(`${name} ${raw}: expected an integer from ${min} to ${max}`);
  return Number(raw);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { api: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
} catch (e) {
  usageError((e as Error).message);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (parsed.positionals.length > 2) usageError(`unexpected argument ${parsed.positionals[2]}`);
const api = (parsed.values.api ?? DEFAULT_API) as ApiChoice;
if (!APIS.includes(api)) usageError(`--api ${api}: expected one of ${APIS.join(', ')}`);
const runs = integerArg(parsed.positionals[0], 'runs', 1, 1_000_000, 2000);
const seed = integerArg(parsed.positionals[1], 'seed', 0, 0xffffffff, DEFAULT_SEED);

const spec = loadProfile('spec');
const arb = programArbFor(api);
const params = { seed, numRuns: runs };

console.log(`generator statistics over ${runs} programs, seed ${seed}, api ${api}\n`);

console.log('== op share (one op drawn per program, uniformly among its steps) ==');
fc.statistics(
  fc.tuple(arb, fc.nat()).map(([p, k]) => p.steps[k % p.steps.length]?.op ?? '(empty)'),
  (op) => op,
  params,
);

console.log('\n== program length ==');
fc.statistics(arb, (p) => {
  const n = p.steps.length;
  return n <= 5 ? '1-5 steps' : n <= 10 ? '6-10 steps' : n <= 20 ? '11-20 steps' : '21+ steps';
}, params);

console.log('\n== how the program ends on model:spec ==');
/** The model's trace, or the message of what it threw (a model bug, reported as its own class). */
function traceOrCrash(p: Program): WitnessTrace | string {
  try {
    return modelWitnessTrace(p, spec);
  } catch (e) {
    return `model threw: ${(e as Error).message}`.slice(0, 90);
  }
}

fc.statistics(arb, (p) => {
  const t = traceOrCrash(p);
  if (typeof t === 'string') return t;
  const stop = t.observations.findIndex((o) => o.kind === 'error' || o.kind === 'undefined');
  if (stop < 0) return 'runs to the end';
  const o = t.observations[stop]!;
  const where = stop < p.steps.length / 2 ? 'first half' : 'second half';
  return o.kind === 'error' ? `error ${o.code} (${where})` : `undefined: ${p.steps[stop]!.op} (${where})`;
}, params);

console.log('\n== witness states reached (a program may reach several; OpenACC w*, OpenMP o*) ==');
fc.statistics(arb, (p) => {
  const t = traceOrCrash(p);
  if (typeof t === 'string') return ['(model threw)'];
  const described = new Map<string, string>();
  for (const s of detectWitnesses(p, t)) for (const w of s) described.set(w, WITNESSES[w]);
  for (const s of detectOmpWitnesses(p, t)) for (const w of s) described.set(w, OMP_WITNESSES[w]);
  return described.size === 0 ? ['(none)'] : [...described].sort().map(([w, text]) => `${w}: ${text}`.slice(0, 90));
}, params);
