// Which compute constructs of a program give a scalar variable its firstprivate attribute: the
// kernel uses a scalar that no clause of the construct names, and, in OpenACC, no visible data
// clause either (an open data construct's, the procedure's declare, a program-scope declare;
// OpenACC 3.3 §2.6.2; OpenMP 6.0 §7.9.3 makes every such scalar firstprivate but one a declare
// target directive names, which is mapped tofrom). Read from the
// program text for the tools that rewrite programs (emit's host-fallback replay); model/ and impl/
// decide it each on their own. A copy kernel (a write with `from`, lang/README.md "Copy kernels")
// uses two roots, the write's and the from's, each firstprivate or not on its own; a kernel of
// several statements the roots of all of them.

import { copyRef, kernelRef, kernelStatements, parseRef, type Program, type VarRef } from './program.js';

/**
 * Per kernel step (0-based) with a firstprivate scalar, those scalars in the order the statements
 * name them: a statement's own reference (its `read` or `write`) first, then a copy's `from` root,
 * each once.
 */
export function firstprivateRoots(program: Program): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const regions: VarRef[][] = [];
  const declared = new Set<VarRef>();
  program.steps.forEach((s, i) => {
    if (s.op === 'acc_data_begin' || s.op === 'acc_procedure_begin') regions.push(s.clauses.flatMap((c) => c.vars));
    else if (s.op === 'acc_data_end' || s.op === 'acc_procedure_end') regions.pop();
    else if (s.op === 'acc_declare' || s.op === 'omp_declare_target') for (const c of s.clauses) for (const v of c.vars) declared.add(v);
    else if (s.op === 'acc_parallel' || s.op === 'omp_target') {
      const roots: string[] = [];
      for (const ref of kernelStatements(s.body).flatMap((b) => [kernelRef(b), ...(copyRef(b) === null ? [] : [copyRef(b)!])])) {
        const r = parseRef(program.world, ref);
        if (r.kind !== 'array' || r.scalar !== true || roots.includes(r.name)) continue;
        const named = s.op === 'acc_parallel' ? s.clauses.some((c) => c.vars.includes(r.name)) : s.maps.some((m) => m.vars.includes(r.name));
        const visible = declared.has(r.name) || (s.op === 'acc_parallel' && regions.some((vars) => vars.includes(r.name)));
        if (!named && !visible) roots.push(r.name);
      }
      if (roots.length > 0) out.set(i, roots);
    }
  });
  return out;
}

/**
 * The steps (0-based) whose kernel works on a firstprivate copy of a scalar one of its statements
 * reads or writes (`read` / `write`; not a copy's `from`): a write there changes only the private
 * copy. A kernel whose only firstprivate scalars are copies' `from` reads the host's values through
 * them, and is not among them.
 */
export function firstprivateKernels(program: Program): Set<number> {
  return new Set(firstprivateStatements(program).keys());
}

/** Per step of firstprivateKernels, its statements (0-based; 0 for a body that is no block) whose own reference is such a scalar. */
export function firstprivateStatements(program: Program): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const [i, roots] of firstprivateRoots(program)) {
    const s = program.steps[i]!;
    if (!('body' in s)) continue;
    const hit = kernelStatements(s.body).flatMap((b, k) => {
      const r = parseRef(program.world, kernelRef(b));
      return r.kind === 'array' && roots.includes(r.name) ? [k] : [];
    });
    if (hit.length > 0) out.set(i, hit);
  }
  return out;
}
