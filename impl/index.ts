// The optimised runtime side of the refinement check.

import type { EngineFactory } from '../lang/engine.js';
import { AccRuntime } from './runtime.js';

export { AccRuntime } from './runtime.js';

export const implEngine: EngineFactory = (program, profile) => new AccRuntime(program, profile);
