// `mapcheck conform --jobs` default: parallel builds and runs, one per core (apart from
// toolchain/conform.ts so that the command line can show it without loading the conform code).

import { availableParallelism } from 'node:os';

export const DEFAULT_JOBS = Math.max(1, availableParallelism());
