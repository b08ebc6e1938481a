// The optimised runtime side of the refinement check.

import type { EngineFactory } from '../lang/engine.js';
import { ImplEngine } from './runtime.js';

export { ImplEngine } from './runtime.js';

export const implEngine: EngineFactory = (program, profile) => new ImplEngine(program, profile);
