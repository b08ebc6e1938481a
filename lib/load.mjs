// Loads the library's TypeScript sources through tsx (once per process), as bin/mapcheck.mjs does.
import { register } from 'tsx/esm/api';

const key = Symbol.for('mapcheck.tsx-registered');
if (!globalThis[key]) globalThis[key] = register();
