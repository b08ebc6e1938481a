// declare mapper in emitted programs (OpenMP 6.0 §7.9.10; lang/README-openmp.md "declare mapper"):
// the world's default mappers as directives, the mapper's variable `mp` standing for the struct.
// GCC 12 rejects the directive in both languages (measured on gcc 12.2.0, Debian 12.2.0-14, 3
// December 2026; profiles/builtin.ts gcc-12 K-B43), so the emitted program says so in a comment and
// the batch checks (scripts/compile-emitted.ts, mapcheck conform) count that rejection as the
// toolchain lacking the directive, not as a failed build.

import type { MapperDecl, VarRef, World } from '../../lang/program.js';

/** The mapper's variable in the directive. */
const MAPPER_VAR = 'mp';

/** What gcc 12 prints for the directive, C and Fortran (the batch checks match it; quotes are the locale's). */
export const GCC12_MAPPER_REJECTION = /expected .simd., .reduction., .target. or .variant. before .mapper.|Unclassifiable OpenMP directive/;

/** The comment lines that say why GCC 12 cannot build the program (without the comment marker). */
export function mapperNote(world: World): string[] {
  if ((world.mappers?.length ?? 0) === 0) return [];
  return [
    'declare mapper (OpenMP 5.0): GCC 12 rejects this directive, so it cannot build this program',
    '(gcc 12: "expected \'simd\', \'reduction\', \'target\' or \'variant\' before \'mapper\'";',
    'gfortran 12: "Unclassifiable OpenMP directive"); a compiler with declare mapper builds it.',
  ];
}

/**
 * `declare mapper` directive bodies for struct type `typeDecl` (its C or Fortran spelling): each
 * map clause with its items spelt by `spell`, the struct's variable renamed to the mapper's.
 */
export function mapperClauses(mapper: MapperDecl, structVariable: string, spell: (v: VarRef) => string): string {
  const renamed = (v: VarRef) => spell(v).replace(new RegExp(`\\b${structVariable}\\b`, 'g'), MAPPER_VAR);
  return mapper.maps.map((m) => ` map(${m.type}: ${m.vars.map(renamed).join(', ')})`).join('');
}

export { MAPPER_VAR };

/**
 * The emitted text without its declare mapper directives: what a batch check compiles when the
 * compiler rejected the directive, to check the rest of the program still builds (the maps then
 * mean something else, so such a build is never run).
 */
export function withoutMapperDirectives(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^\s*(#pragma omp|!\$omp) declare mapper\b/.test(l))
    .join('\n');
}

/** Whether a failed build of a program with `world` is GCC 12 rejecting its declare mapper directive. */
export function rejectsMapper(world: World, output: string): boolean {
  return (world.mappers?.length ?? 0) > 0 && GCC12_MAPPER_REJECTION.test(output);
}
