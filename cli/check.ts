// `mapcheck check --depth k`: bounded-exhaustive checking of every program of at most k steps over
// a small world (properties/check.ts), with a certificate when no program diverges.

import type { Io } from './io.js';
import { loadProgramFile } from '../lang/validate.js';
import { formatObservation } from '../lang/observation.js';
import { loadProfileArg } from '../profiles/index.js';
import { certificate, runCheck, SEED_WORLD } from '../properties/check.js';
import { sideLabel, type CompareMode, type Side } from '../properties/compare.js';
import { renderProgram } from '../properties/shrink.js';
import { renderStateDivergence } from './render.js';
import type { CheckApi } from '../properties/alphabet.js';

export interface CheckCliOptions {
  depth: number;
  world?: string;
  profile: string;
  against: string;
  compare?: CompareMode;
  maxStates?: number;
  time?: number;
  api?: CheckApi;
  /** False with --no-symmetry. */
  symmetry?: boolean;
}

export function checkCommand(o: CheckCliOptions, io: Io): number {
  const world = o.world === undefined ? SEED_WORLD : loadProgramFile(o.world).world;
  const worldName = o.world ?? 'seed';
  const a: Side = { engine: 'model', profile: loadProfileArg(o.profile, '--profile') };
  const againstImpl = o.against === 'impl';
  const b: Side = againstImpl ? { engine: 'impl', profile: a.profile } : { engine: 'model', profile: loadProfileArg(o.against, '--against') };
  const compare: CompareMode = o.compare ?? (againstImpl ? 'state' : 'observations');
  const api = o.api ?? 'openacc';
  io.out(`check: every program of at most ${o.depth} steps of ${api} and host steps on world ${worldName}, ${sideLabel(a)} vs ${sideLabel(b)}, comparing ${compare}\n`);
  const r = runCheck({
    world,
    a,
    b,
    compare,
    depth: o.depth,
    api,
    symmetry: o.symmetry !== false,
    ...(o.maxStates !== undefined && { maxStates: o.maxStates }),
    ...(o.time !== undefined && { timeMs: Math.round(o.time * 1000) }),
    onProgress: (p) => io.err(`check: depth ${p.depth}, ${p.explored} states explored, ${p.distinct} distinct, ${(p.elapsedMs / 1000).toFixed(1)} s\n`),
  });
  const seconds = r.elapsedMs / 1000;
  io.out(
    `alphabet: ${r.alphabet} steps; ${r.explored} states explored, ${r.distinct} distinct, ${seconds.toFixed(1)} s ` +
      `(${Math.round(r.explored / Math.max(seconds, 1e-3))} states/s)\n`,
  );
  if (r.symmetric.length > 0)
    io.out(`symmetry: interchangeable names ${r.symmetric.map((c) => `{${c.join(', ')}}`).join(' ')} are first used in this order (--no-symmetry: every order)\n`);
  if (r.found) {
    const { program, divergence } = r.found;
    io.out(
      `\nDIVERGENCE: a shortest diverging program has ${divergence.step + 1} step(s) (no program of ${divergence.step} diverges); ` +
        `${divergence.kind} differs at step ${divergence.step + 1}: ${sideLabel(a)} ${formatObservation(divergence.a)}, ${sideLabel(b)} ${formatObservation(divergence.b)}\n\n` +
        `${renderProgram(program)}\n`,
    );
    if (divergence.kind === 'state')
      io.out(renderStateDivergence(program.world, divergence.step, [
        [sideLabel(a), divergence.snapshotA],
        [sideLabel(b), divergence.snapshotB],
      ]));
    io.out(`\nprogram JSON: ${JSON.stringify(program)}\n`);
    return 1;
  }
  if (r.budgetExhausted !== null)
    io.out(`budget exhausted (${r.budgetExhausted}) at depth ${r.completedDepth + 1}\n`);
  io.out(`${certificate(r, worldName, a, b)}\n`);
  return 0;
}
