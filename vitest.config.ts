import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The test files that take most of `npm test`, longest first (measured with `CI=true npx vitest
 * run` on 2 cores in session 34: refinement 82 s, measured 38 s, invariants 36 s, crash and corpus
 * 34 s each, witness 32 s, diff-shards 27 s, diff 24 s, of 559 s in all). They start first, so the
 * two workers end together instead of one of them starting the longest file last (a fresh clone
 * has no timings cached, and vitest would then order by file size). Any file not listed runs after
 * them in vitest's own order; once a run has cached the timings, this order still holds for the
 * listed ones (a scheduling hint only: every file runs either way).
 */
const LONGEST_FIRST = [
  'properties/refinement.test.ts',
  'toolchain/measured.test.ts',
  'properties/invariants.test.ts',
  'counterexamples/crash.test.ts',
  'cli/corpus.test.ts',
  'properties/witness.test.ts',
  'cli/diff-shards.test.ts',
  'properties/diff.test.ts',
  'cli/cli.test.ts',
  'bin/startup.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((name) => f.moduleId.endsWith(`/${name}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: the unlisted files keep vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', '.stryker-tmp*/**'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['default'] : ['default'],
    // One test file per core. vitest's default in `vitest run` is one fewer than the cores, which
    // on a 2-core machine (CI) is a single worker: the whole suite ran on one core.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
  },
});
