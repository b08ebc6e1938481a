// Which references one directive can name together so that compilers accept it. The languages
// let a construct name one variable twice (OpenMP 5.0 and later allow several map clauses of one
// list item; mapcheck's model gives such a construct its meaning, "at most once per construct"),
// but GCC 12 rejects it, and the programs mapcheck generates must compile:
//
// - the same array twice, whole or as any sections (gcc: "'v1' appears more than once in data
//   clauses" / "in map clauses"; gfortran: "Symbol 'v1' present on multiple clauses", or an
//   internal compiler error in omp-low.cc install_var_field for OpenMP);
// - the same pointer member twice;
// - a member of an element of an array of structs (`cs(2)%p`) with anything else naming that array
//   (`cs`, `cs(1)`, `cs(1)%p`: gcc "'v3' appears more than once in map clauses");
// - for OpenACC, a struct together with one of its members (gfortran: "Symbol 'v3' has mixed
//   component and non-component accesses"; gcc: "'v3' appears more than once in data clauses" with
//   attach). OpenMP's deep-copy idiom `map(tofrom: c, c%p)` compiles with gcc and gfortran 12.
//
// Two different members of one struct are fine everywhere. The generators (properties/
// arbitraries*.ts) draw constructs without these pairs (`withoutRepeats`); emit writes an enter or
// exit data directive that has one as one directive per reference (cli/emit/backend.ts).

import type { VarRef } from './program.js';

export type DirectiveApi = 'openacc' | 'openmp';

/** The variable a reference names: `c` for `c%p`, `a` for `a(2:5)`. */
export function rootVariable(v: VarRef): string {
  return v.split(/[%(]/)[0]!;
}

/** Whether GCC 12 sees `a` and `b` in one directive as one variable named twice (see the file comment). */
export function namesSameVariable(a: VarRef, b: VarRef, api: DirectiveApi): boolean {
  const aMember = a.includes('%');
  const bMember = b.includes('%');
  if (rootVariable(a) !== rootVariable(b)) return false;
  // A member of an element of an array of structs (`cs(2)%p`) is the array to GCC.
  if (elementMember(a) || elementMember(b)) return true;
  // Two references into one member (`c%arr`, `c%arr(2:3)`) name it twice.
  if (aMember && bMember) return a.split('(')[0] === b.split('(')[0];
  if (!aMember && !bMember) return true;
  return api === 'openacc';
}

/** `cs(2)%p`: a member of one element of an array of structs. */
function elementMember(v: VarRef): boolean {
  return /^[^%]*\(/.test(v) && v.includes('%');
}

/** The first pair of references that names one variable twice, or null. */
export function repeatedPair(vars: readonly VarRef[], api: DirectiveApi): [VarRef, VarRef] | null {
  for (const [j, b] of vars.entries())
    for (const a of vars.slice(0, j)) if (namesSameVariable(a, b, api)) return [a, b];
  return null;
}

/**
 * The clauses (or map items) with every reference that names a variable an earlier one names left
 * out, and clauses left empty dropped; the first reference always stays, so a construct keeps a
 * clause.
 */
export function withoutRepeats<C extends { vars: VarRef[] }>(clauses: readonly C[], api: DirectiveApi): C[] {
  const kept: VarRef[] = [];
  const out: C[] = [];
  for (const c of clauses) {
    const vars = c.vars.filter((v) => {
      if (kept.some((k) => namesSameVariable(k, v, api))) return false;
      kept.push(v);
      return true;
    });
    if (vars.length === c.vars.length) out.push(c);
    else if (vars.length > 0) out.push({ ...c, vars });
  }
  return out;
}
