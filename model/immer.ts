// The immer functions the model uses. Outside the test suite they come from immer's production
// build (dist/immer.production.mjs of the same pinned package): its development build, the one
// Node's `import 'immer'` loads, reads process.env.NODE_ENV on every array write through a draft
// to check the index (a C++ environment lookup each time: a fifth of a host_write step, measured
// with `node --cpu-prof`). The behaviour is the same; the development build's checks and messages
// stay on inside the test suite (VITEST) and with MAPCHECK_MODEL_CHECKS=full.
//
// Two settings of immer's own, for speed (`npm run bench` (c), measured with `node --cpu-prof` on
// the bench's programs: a third of a step was immer's proxy traps and finalisation):
//  - enableArrayMethods (everywhere, tests included, so the suite checks the model as campaigns run
//    it): find / filter / some / findIndex / push / splice ... on a draft array run on the array
//    itself instead of through one proxy per element read; what they return, and what a step
//    writes through it, is the same (the model uses no concat / flat on drafts, the two methods
//    whose results this plugin hands out undrafted).
//  - no auto-freeze outside the test suite: a produced state is new objects sharing the unchanged
//    parts of the old one, as before, but its new parts are not Object.freeze'd one by one. Nothing
//    writes to a state outside a draft (in the suite, and with MAPCHECK_MODEL_CHECKS=full, every
//    state is still frozen, so such a write would throw there); initial states are frozen deep
//    (index.ts), once per world.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as development from 'immer';

type Immer = typeof development;

/** immer's production build, beside the entry `require('immer')` resolves to (dist/cjs/index.js); null when it is not there. */
async function productionBuild(): Promise<Immer | null> {
  try {
    const entry = createRequire(import.meta.url).resolve('immer');
    return (await import(pathToFileURL(join(dirname(entry), '..', 'immer.production.mjs')).href)) as Immer;
  } catch {
    return null;
  }
}

const checked = process.env.VITEST !== undefined || process.env.MAPCHECK_MODEL_CHECKS === 'full';
const immer: Immer = (!checked && (await productionBuild())) || development;

immer.enableArrayMethods();
if (!checked) immer.setAutoFreeze(false);

export const { produce, freeze, isDraft, isModified, original, current } = immer;
