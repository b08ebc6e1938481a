// The declare directive in a procedure (OpenACC 3.3 §2.13, §2.13.2, §2.6.3): the arrays a
// procedure declares (its dummy arguments, the caller's arrays) have a device copy for as long as
// the procedure runs. K-A56 says how: the text's implicit data region of the procedure, or
// libgomp's GOACC_declare, which turns each clause into enter / exit data.

import type { AccProcedureBegin } from '../../lang/program.js';
import type { Observation } from '../../lang/observation.js';
import { describeRange, fire, presence, runtimeError, type ModelState, type RecordedClause, type StepContext } from '../state.js';
import type { ClauseName } from '../clauses.js';
import { enterClauses, exitClauses, resolveClauses } from '../directives.js';

export const PROCEDURE_ENTRY = 'OpenACC 3.3 §2.13 Declare Directive (in a procedure: its data region begins at the call, K-A56)';
export const PROCEDURE_EXIT = 'OpenACC 3.3 §2.13 Declare Directive (in a procedure: its data region ends at the return, K-A56)';
export const PROCEDURE_PRESENT = 'OpenACC 3.3 §2.13 Declare Directive (in a procedure: a declared array already present at the call, K-A56)';

const OK: Observation = { kind: 'ok' };

/**
 * K-A56 `dynamic-enter-exit`: the enter data clause GOACC_declare performs at the call for a
 * procedure's clause (GCC's lowering: copy and copyin GOMP_MAP_TO, copyout GOMP_MAP_FORCE_ALLOC,
 * create GOMP_MAP_ALLOC), and the exit data clause at the return (copy and copyout GOMP_MAP_FROM,
 * create GOMP_MAP_RELEASE; copyin and present have none).
 */
const AT_CALL: Readonly<Record<string, ClauseName>> = { copy: 'copyin', copyin: 'copyin', copyout: 'create', create: 'create' };
const AT_RETURN: Readonly<Record<string, ClauseName>> = { copy: 'copyout', copyout: 'copyout', create: 'delete' };

// OpenACC 3.3 §2.13 Declare Directive (in a procedure, entry)
// §2.13: "the data lifetime … is the duration of the procedure"; §2.6.3 names it the implicit data
// region of the procedure, so at the call each clause performs the entry action a data construct's
// clause performs (§2.13.2), counted on the structured counter (§2.6.7). The vars are resolved
// once, at the call; the return acts on the same host data.
export function procedureBegin(state: ModelState, step: AccProcedureBegin, ctx: StepContext): Observation {
  fire(ctx, PROCEDURE_ENTRY);
  const clauses = resolveClauses(state, step.clauses, ctx.knobs);
  for (const c of clauses) for (const v of c.vars) if (v.range !== null && presence(state, v.range).kind === 'present') fire(ctx, PROCEDURE_PRESENT);
  if (ctx.knobs['K-A56'] === 'structured-region') {
    const stop = enterClauses(state, clauses, 'src', ctx);
    if (stop) return stop;
    state.regions.push({ clauses, visible: step.clauses.flatMap((c) => c.vars) });
    return OK;
  }
  // K-A56 `dynamic-enter-exit` (libgomp GOACC_declare): one item at a time, as enter data.
  const atReturn: RecordedClause[] = [];
  for (const c of clauses) {
    for (const v of c.vars) {
      const range = v.range!;
      const whole = presence(state, range).kind === 'present';
      if (c.clause === 'present') {
        // GOMP_MAP_FORCE_PRESENT: gomp_fatal unless acc_is_present (the whole array in one section).
        if (!whole) return runtimeError('fatal_not_present', `declare present(${describeRange(state, range)}): [h,+${range.end - range.start}] is not mapped`);
        continue;
      }
      // GOMP_MAP_ALLOC (create): only "if (!acc_is_present (…))"; data already present takes no reference.
      if (!(c.clause === 'create' && whole)) {
        const stop = enterClauses(state, [{ clause: AT_CALL[c.clause]!, vars: [v] }], 'drc', ctx);
        if (stop) return stop;
      }
      const back = AT_RETURN[c.clause];
      if (back !== undefined) atReturn.push({ clause: back, vars: [v] });
    }
  }
  state.regions.push({ clauses: atReturn, visible: step.clauses.flatMap((c) => c.vars) });
  return OK;
}

// OpenACC 3.3 §2.13 Declare Directive (in a procedure, exit)
// The return ends the procedure's data region: each clause performs its exit action (copy and
// copyout copy back when both counters reach zero), on the structured counter; under K-A56
// `dynamic-enter-exit` the region holds the exit data clauses GOACC_declare performs at the return,
// on the dynamic counter.
export function procedureEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, PROCEDURE_EXIT);
  const region = state.regions.pop();
  if (!region) throw new Error('internal: acc_procedure_end without an open procedure');
  return exitClauses(state, region.clauses, ctx.knobs['K-A56'] === 'structured-region' ? 'src' : 'drc', false, ctx) ?? OK;
}
