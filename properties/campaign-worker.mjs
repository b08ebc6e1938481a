// Entry of a campaign worker thread when mapcheck runs from its TypeScript sources (a checkout
// without a build, `npm test`): loads the worker through tsx. Built JavaScript starts
// dist/properties/campaign-worker.js directly (see properties/parallel.ts).
import { register } from 'tsx/esm/api';

register();
const mod = await import('./campaign-worker.ts');
export default mod.default;
export const diffChunk = mod.diffChunk;
