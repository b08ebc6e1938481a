// Which compute constructs of a program give a scalar variable its firstprivate attribute: the
// kernel uses a scalar that no clause of the construct names, and, in OpenACC, no visible data
// clause either (an open data construct's, the procedure's declare, a program-scope declare;
// OpenACC 3.3 §2.6.2; OpenMP 6.0 §7.9.3 makes every such scalar firstprivate). Read from the
// program text for the tools that rewrite programs (emit's host-fallback replay); model/ and impl/
// decide it each on their own. A copy kernel (a write with `from`, lang/README.md "Copy kernels")
// uses two roots, the write's and the from's, each firstprivate or not on its own.

import { copyRef, kernelRef, parseRef, type Program, type VarRef } from './program.js';

/**
 * Per kernel step (0-based) with a firstprivate scalar, those scalars: the root of the body's own
 * reference (its `read` or `write`) first, then a copy's `from` root (once where both are one).
 */
export function firstprivateRoots(program: Program): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const regions: VarRef[][] = [];
  const declared = new Set<VarRef>();
  program.steps.forEach((s, i) => {
    if (s.op === 'acc_data_begin' || s.op === 'acc_procedure_begin') regions.push(s.clauses.flatMap((c) => c.vars));
    else if (s.op === 'acc_data_end' || s.op === 'acc_procedure_end') regions.pop();
    else if (s.op === 'acc_declare') for (const c of s.clauses) for (const v of c.vars) declared.add(v);
    else if (s.op === 'acc_parallel' || s.op === 'omp_target') {
      const from = copyRef(s.body);
      const roots: string[] = [];
      for (const ref of from === null ? [kernelRef(s.body)] : [kernelRef(s.body), from]) {
        const r = parseRef(program.world, ref);
        if (r.kind !== 'array' || r.scalar !== true || roots.includes(r.name)) continue;
        const named = s.op === 'acc_parallel' ? s.clauses.some((c) => c.vars.includes(r.name)) : s.maps.some((m) => m.vars.includes(r.name));
        const visible = s.op === 'acc_parallel' && (declared.has(r.name) || regions.some((vars) => vars.includes(r.name)));
        if (!named && !visible) roots.push(r.name);
      }
      if (roots.length > 0) out.set(i, roots);
    }
  });
  return out;
}

/**
 * The steps (0-based) whose kernel works on a firstprivate copy of the scalar its body reads or
 * writes (`read` / `write`; not a copy's `from`): a write there changes only the private copy. A
 * kernel whose only firstprivate scalar is a copy's `from` reads the host's value through it, and
 * is not among them.
 */
export function firstprivateKernels(program: Program): Set<number> {
  const out = new Set<number>();
  for (const [i, roots] of firstprivateRoots(program)) {
    const s = program.steps[i]!;
    const r = 'body' in s ? parseRef(program.world, kernelRef(s.body)) : null;
    if (r !== null && r.kind === 'array' && roots.includes(r.name)) out.add(i);
  }
  return out;
}
