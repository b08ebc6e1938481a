// Which compute constructs of a program give a scalar variable its firstprivate attribute: the
// kernel uses a scalar that no clause of the construct names, and, in OpenACC, no visible data
// clause either (an open data construct's, the procedure's declare, a program-scope declare;
// OpenACC 3.3 §2.6.2; OpenMP 6.0 §7.9.3 makes every such scalar firstprivate). Read from the
// program text for the tools that rewrite programs (emit's host-fallback replay); model/ and impl/
// decide it each on their own.

import { kernelRef, parseRef, type Program, type VarRef } from './program.js';

/** The steps (0-based) whose kernel works on a firstprivate copy of a scalar. */
export function firstprivateKernels(program: Program): Set<number> {
  const out = new Set<number>();
  const regions: VarRef[][] = [];
  const declared = new Set<VarRef>();
  program.steps.forEach((s, i) => {
    if (s.op === 'acc_data_begin' || s.op === 'acc_procedure_begin') regions.push(s.clauses.flatMap((c) => c.vars));
    else if (s.op === 'acc_data_end' || s.op === 'acc_procedure_end') regions.pop();
    else if (s.op === 'acc_declare') for (const c of s.clauses) for (const v of c.vars) declared.add(v);
    else if (s.op === 'acc_parallel' || s.op === 'omp_target') {
      const r = parseRef(program.world, kernelRef(s.body));
      if (r.kind !== 'array' || r.scalar !== true) return;
      const named = s.op === 'acc_parallel' ? s.clauses.some((c) => c.vars.includes(r.name)) : s.maps.some((m) => m.vars.includes(r.name));
      const visible = s.op === 'acc_parallel' && (declared.has(r.name) || regions.some((vars) => vars.includes(r.name)));
      if (!named && !visible) out.add(i);
    }
  });
  return out;
}
