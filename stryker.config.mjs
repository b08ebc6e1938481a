// Mutation testing of impl/ and model/ (`npm run mutation`, not part of `npm test`). Stryker mutates
// the files named by --mutate (default: impl/interval-tree.ts), runs the tests named by
// MAPCHECK_MUTATION_TESTS (a comma-separated list of test files; default: the impl unit tests and
// conformance rows) under vitest with a small campaign budget, and type-checks every mutant with
// the TypeScript checker. Incremental: results are kept in reports/stryker-incremental.json, so a
// rerun only tests mutants whose code or tests changed. MAPCHECK_NO_SAVE=1 keeps campaigns from
// saving counterexamples inside the sandbox. Survivors are triaged in MUTATION.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // MAPCHECK_MUTATION_NO_CHECKER=1 skips the type check of every mutant (faster on a busy machine;
  // mutants that would not compile are then run, and counted, like the others)
  checkers: process.env.MAPCHECK_MUTATION_NO_CHECKER === '1' ? [] : ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: ['impl/interval-tree.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 20000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  ignorePatterns: ['.mapcheck', 'reports', '.stryker-tmp*', 'toolchain/out'],
};
