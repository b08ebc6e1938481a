// Generator tuning report (not a test): `node --import tsx properties/tune-generator.ts [runs] [seed]`.
// Prints fc.statistics of the op mix, program lengths, how programs end on the model under `spec`,
// and which witness states they reach, for the campaign's generator. Used to pick the weights
// documented in arbitraries.ts.

import fc from 'fast-check';
import { loadProfile } from '../profiles/index.js';
import { programArb } from './arbitraries.js';
import type { Program } from '../lang/program.js';
import { detectWitnesses, modelWitnessTrace, WITNESSES, type WitnessId, type WitnessTrace } from './witness.js';
import { DEFAULT_SEED } from './budget.js';

const runs = Number(process.argv[2] ?? 2000);
const seed = Number(process.argv[3] ?? DEFAULT_SEED);
const spec = loadProfile('spec');
const arb = programArb();
const params = { seed, numRuns: runs };

console.log(`generator statistics over ${runs} programs, seed ${seed}\n`);

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

console.log('\n== witness states reached (a program may reach several) ==');
fc.statistics(arb, (p) => {
  const t = traceOrCrash(p);
  if (typeof t === 'string') return ['(model threw)'];
  const reached = new Set(detectWitnesses(p, t).flatMap((s) => [...s]));
  return reached.size === 0 ? ['(none)'] : [...reached].sort().map((w) => `${w}: ${WITNESSES[w as WitnessId]}`.slice(0, 90));
}, params);
