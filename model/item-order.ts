// The order a construct's data clause vars and map items are acted on (K-A62). Neither OpenACC 3.3
// §2.7 (beyond the attach order of §2.7.2, K-A17) nor OpenMP 6.0 §7.9.6 orders the clauses of
// one construct; the model acts on them as listed (`source`). GCC 12's C front end builds the
// clause list last item first, and OpenMP map items of type alloc then follow the others
// (`reversed`, read from -fdump-tree-gimple: profiles/measured/probes-gcc-12-2026-12-04.md).

import type { Clause, Step } from '../lang/program.js';
import type { MapItem } from '../lang/openmp.js';
import type { StepContext } from './state.js';

/** `step` with its clause vars or map items in the order K-A62 acts on them. */
export function inActingOrder(step: Step, knobs: StepContext['knobs']): Step {
  if (knobs['K-A62'] !== 'reversed') return step;
  switch (step.op) {
    case 'acc_enter_data':
      return { ...step, clauses: lastFirst(step.clauses) };
    case 'acc_exit_data':
      return { ...step, clauses: lastFirst(step.clauses) };
    case 'acc_data_begin':
      return { ...step, clauses: lastFirst(step.clauses) };
    case 'acc_parallel':
      return { ...step, clauses: lastFirst(step.clauses) };
    case 'omp_target_enter_data':
    case 'omp_target_exit_data':
    case 'omp_target_data_begin':
    case 'omp_target': {
      const items = lastFirst(step.maps);
      return { ...step, maps: [...items.filter((m) => m.type !== 'alloc'), ...items.filter((m) => m.type === 'alloc')] };
    }
    default:
      return step;
  }
}

/** One clause (or map item) per var, the last var first. */
function lastFirst<C extends Clause<string> | MapItem>(clauses: readonly C[]): C[] {
  const out: C[] = [];
  for (let i = clauses.length - 1; i >= 0; i--) {
    const c = clauses[i]!;
    for (let k = c.vars.length - 1; k >= 0; k--) out.push({ ...c, vars: [c.vars[k]!] });
  }
  return out;
}
