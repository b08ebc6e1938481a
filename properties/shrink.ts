// Greedy, language-aware shrinking of balanced programs. fast-check shrinks the generator's raw
// step list well but not perfectly (the region repair in arbitraries.ts hides some removals from
// it); this pass finishes the job so a counterexample is 1-minimal: no single step, clause, var or
// optional field can be removed without losing the failure.

import type { MapItem } from '../lang/openmp.js';
import { opInfo, type FieldRole } from '../lang/ops.js';
import type { Clause, Program, Step } from '../lang/program.js';
import { renderStep } from '../cli/render.js';
import { validateProgram } from '../lang/validate.js';
import { balanceRegions, isRegionBegin, isRegionEnd, matchingEnd } from './arbitraries.js';

/** Numbered listing of a program's steps (1-based, as users count them). */
export function renderProgram(p: Program): string {
  return p.steps.map((s, i) => `${String(i + 1).padStart(3)}  ${renderStep(s)}`).join('\n');
}

/**
 * Greedy shrinking for any failure predicate (campaign.ts domainShrink passes "still diverges"):
 * `keeps(p)` says whether `p` still fails; `failingStep(p)`, when known, lets the pass first cut
 * everything after that step.
 * The result is 1-minimal: no single simplification of it still fails.
 */
export function greedyShrink(
  program: Program,
  keeps: (p: Program) => boolean,
  failingStep: (p: Program) => number | null = () => null,
): Program {
  let current = program;
  for (;;) {
    let next: Program | null = null;
    for (const candidate of simplifications(current, failingStep)) {
      if (keeps(candidate)) {
        next = candidate;
        break;
      }
    }
    if (next === null) return current;
    current = next;
  }
}

/**
 * Every one-move simplification of a balanced program, in the order greedyShrink tries them. Only
 * valid programs are yielded (removing an `omp_target_alloc` step orphans the later uses of its
 * result, so that candidate is skipped).
 */
export function* simplifications(p: Program, failingStep: (p: Program) => number | null = () => null): Generator<Program> {
  for (const candidate of candidates(p, failingStep)) if (validateProgram(candidate).ok) yield candidate;
}

function* candidates(p: Program, failingStep: (p: Program) => number | null): Generator<Program> {
  const steps = p.steps;
  const with_ = (s: Step[]): Program => ({ ...p, steps: s });

  const last = failingStep(p);
  if (last !== null && last < steps.length - 1) {
    const cut = balanceRegions(steps.slice(0, last + 1));
    if (cut.length < steps.length) yield with_(cut);
  }

  for (let i = 0; i < steps.length; i++) {
    const op = steps[i]!.op;
    if (isRegionEnd(op)) continue; // removed together with its begin
    if (isRegionBegin(op)) {
      const end = matchingEnd(steps, i);
      yield with_(steps.filter((_, j) => j !== i && j !== end));
    } else {
      yield with_(steps.filter((_, j) => j !== i));
    }
  }

  for (let i = 0; i < steps.length; i++) {
    for (const simpler of simplerStep(steps[i]!)) {
      yield with_(steps.map((s, j) => (j === i ? simpler : s)));
    }
  }
}

/**
 * Smaller variants of one step, from its fields' roles in the table of operations (lang/ops.ts):
 * one clause or map item fewer (constructs with a kernel body may lose all of them, the others keep
 * one), one var or map modifier fewer, then each optional field that is set dropped.
 */
function* simplerStep(s: Step): Generator<Step> {
  const fields = opInfo(s.op).fields as Record<string, FieldRole & { optional?: true }>;
  const values = s as unknown as Record<string, unknown>;
  const minItems = 'body' in fields ? 0 : 1;
  for (const [name, f] of Object.entries(fields)) {
    if (f.role === 'clauses') {
      const cs = values[name] as Clause<string>[];
      if (cs.length > minItems) {
        for (let k = 0; k < cs.length; k++) yield { ...s, [name]: cs.filter((_, j) => j !== k) } as Step;
      }
      for (let k = 0; k < cs.length; k++) {
        const c = cs[k]!;
        if (c.vars.length < 2) continue;
        for (let v = 0; v < c.vars.length; v++) {
          const fewer = { ...c, vars: c.vars.filter((_, j) => j !== v) };
          yield { ...s, [name]: cs.map((x, j) => (j === k ? fewer : x)) } as Step;
        }
      }
    }
    if (f.role === 'maps') {
      const ms = values[name] as MapItem[];
      if (ms.length > minItems) {
        for (let k = 0; k < ms.length; k++) yield { ...s, [name]: ms.filter((_, j) => j !== k) } as Step;
      }
      for (let k = 0; k < ms.length; k++) {
        const m = ms[k]!;
        const simpler = [];
        for (let v = 0; m.vars.length > 1 && v < m.vars.length; v++) simpler.push({ ...m, vars: m.vars.filter((_, j) => j !== v) });
        for (const mod of m.modifiers ?? []) {
          const rest = m.modifiers!.filter((x) => x !== mod);
          simpler.push(rest.length > 0 ? { ...m, modifiers: rest } : { type: m.type, vars: m.vars });
        }
        for (const fewer of simpler) yield { ...s, [name]: ms.map((x, j) => (j === k ? fewer : x)) } as Step;
      }
    }
  }
  for (const [name, f] of Object.entries(fields)) {
    if (!f.optional || values[name] === undefined || values[name] === false) continue;
    const { [name]: _drop, ...rest } = values;
    yield rest as unknown as Step;
  }
}

