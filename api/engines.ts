// Library entry `mapcheck/engines`: the two engines (the model, the executable spec; the impl, the
// optimised runtime) and running a program on one side.

export type { Engine, EngineFactory, EngineName } from '../lang/engine.js';
export { ENGINES, runTrace, sideLabel, type Side, type Trace } from '../properties/compare.js';
export { modelEngine } from '../model/index.js';
