// The immer functions the model uses. Outside the test suite they come from immer's production
// build (dist/immer.production.mjs of the same pinned package): its development build, the one
// Node's `import 'immer'` loads, reads process.env.NODE_ENV on every array write through a draft
// to check the index (a C++ environment lookup each time: a fifth of a host_write step, measured
// with `node --cpu-prof`). The behaviour is the same; the development build's checks and messages
// stay on inside the test suite (VITEST) and with MAPCHECK_MODEL_CHECKS=full.

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

export const { produce, freeze, isDraft, isModified, original, current } = immer;
