// A plain pointer that a compute construct names only through a section of its target (lang/
// README.md "Plain pointer variables", model/plain-pointers.ts). The default generator leaves one
// such construct in a few hundred programs (properties/plain-pointers.ts, witness pp4); this
// scenario makes the world's eligible struct a plain pointer in every program and splices in, at
// drawn places, kernels through it whose construct names a drawn section of its target (OpenACC
// copy, copyin, copyout, create, present or no_create; OpenMP tofrom, to, from or alloc), beside
// the generated steps that enter, attach, re-point and free it. properties/private-pointers.test.ts
// checks model against impl on them.

import fc from 'fast-check';
import type { Program, Step } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { programArbFor } from './api.js';
import { withPlainPointers } from './plain-pointers.js';

/** A drawn kernel: where it goes (per cent), the section it names, the elements it touches, and how. */
interface Splice {
  at: number;
  named: [number, number];
  touched: [number, number];
  clause: number;
  write: boolean;
}

const bounds = fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 })).map(([lo, n]): [number, number] => [lo, lo + n]);
const spliceArb: fc.Arbitrary<Splice> = fc.record({ at: fc.integer({ min: 0, max: 100 }), named: bounds, touched: bounds, clause: fc.nat(5), write: fc.boolean() });

const ACC_CLAUSES = ['copy', 'copyin', 'copyout', 'create', 'present', 'no_create'] as const;
const OMP_TYPES = ['tofrom', 'to', 'from', 'alloc'] as const;

function kernelStep(x: string, m: string, s: Splice, omp: boolean): Step {
  const section = `${x}%${m}(${s.named[0]}:${s.named[1]})`;
  const ref = `${x}%${m}(${s.touched[0]}:${s.touched[1]})`;
  const body = s.write ? { write: ref, value: 40 + s.at, by: 1 } : { read: ref };
  return omp
    ? { op: 'omp_target', maps: [{ type: OMP_TYPES[s.clause % OMP_TYPES.length]!, vars: [section] }], body }
    : { op: 'acc_parallel', clauses: [{ clause: ACC_CLAUSES[s.clause]!, vars: [section] }], body };
}

/** Generated programs with a plain pointer and kernels through it that name only a section of its target; valid ones only. */
export const privatePointerScenarioArb: fc.Arbitrary<{ program: Program; omp: boolean }> = fc
  .tuple(programArbFor('both'), fc.integer({ min: 0, max: 49 }), fc.array(spliceArb, { minLength: 1, maxLength: 3 }))
  .map(([generated, half, splices]) => {
    const program = withPlainPointers(generated, { use: true, at: 2 * half + 1 });
    const plain = program.world.structs.find((s) => s.plain);
    if (plain === undefined) return null;
    const omp = program.steps.some((s) => s.op.startsWith('omp_')) || (program.world.devices?.length ?? 0) > 1;
    const steps = [...program.steps];
    for (const s of [...splices].sort((a, b) => b.at - a.at)) steps.splice(Math.round((s.at / 100) * steps.length), 0, kernelStep(plain.name, plain.pointers[0]!, s, omp));
    const out = { ...program, steps };
    return validateProgram(out).ok ? { program: out, omp } : null;
  })
  .filter((r): r is { program: Program; omp: boolean } => r !== null);
