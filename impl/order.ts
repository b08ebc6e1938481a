// K-A62 `reversed` (GCC 12's C front end): a construct's clause vars and map items are acted on
// last first, and OpenMP map items of type alloc after all the others. The impl reorders the step
// once, before it is pushed into the item arrays.

import type { Step } from '../lang/program.js';
import type { MapItem } from '../lang/openmp.js';

interface Listed {
  vars: readonly string[];
}

/** Splits every clause into one per var and lists them from the last var of the last clause. */
function backwards<T extends Listed>(list: readonly T[]): T[] {
  const n = list.reduce((k, c) => k + c.vars.length, 0);
  // Stryker disable next-line ArrayDeclaration: equivalent: every index below n is written
  const out = new Array<T>(n);
  let at = n;
  for (const c of list) for (const v of c.vars) out[--at] = { ...c, vars: [v] };
  return out;
}

/** The step as GCC 12's C lowering orders it (steps without clause lists come back unchanged). */
export function cLoweringOrder(step: Step): Step {
  if (step.op === 'acc_enter_data' || step.op === 'acc_exit_data' || step.op === 'acc_data_begin' || step.op === 'acc_parallel')
    return { ...step, clauses: backwards<(typeof step.clauses)[number]>(step.clauses) } as Step;
  if (step.op === 'omp_target_enter_data' || step.op === 'omp_target_exit_data' || step.op === 'omp_target_data_begin' || step.op === 'omp_target') {
    const maps: MapItem[] = [];
    const allocs: MapItem[] = [];
    for (const m of backwards<MapItem>(step.maps)) (m.type === 'alloc' ? allocs : maps).push(m);
    return { ...step, maps: maps.concat(allocs) };
  }
  return step;
}
