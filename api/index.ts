// The library: `import { programArb, assertRefines, loadProfile } from 'mapcheck'`. Each part is
// also its own entry: mapcheck/programs, mapcheck/engines, mapcheck/profiles,
// mapcheck/properties, mapcheck/arbitraries.

export * from './programs.js';
export * from './engines.js';
export * from './profiles.js';
export * from './properties.js';
export * from './arbitraries.js';
