// The vitest configuration Stryker runs (stryker.config.mjs): only the test files a mutation run
// targets, listed in MAPCHECK_MUTATION_TESTS (comma-separated), with a small campaign budget.
import { defineConfig } from 'vitest/config';

const targeted = process.env.MAPCHECK_MUTATION_TESTS?.split(',').map((s) => s.trim()).filter(Boolean);
process.env.MAPCHECK_RUNS ??= '200';
process.env.MAPCHECK_NO_SAVE = '1';
// MAPCHECK_MUTATION=0 keeps the interval-tree tests at their full size (more mutants killed, slower)
process.env.MAPCHECK_MUTATION ??= '1';

export default defineConfig({
  test: {
    include: targeted ?? ['impl/*.test.ts', 'conformance/*.test.ts'],
    exclude: ['node_modules/**', '.stryker-tmp*/**'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
