// The witness tests' named states (properties/witness.ts) are reached by conformance rows too: each
// state has a hand-checked scenario, so a detector that stops recognising its state fails here
// with a known program, not only as a missing hit in a random campaign.

import { expect, test } from 'vitest';
import { loadProfile } from '../profiles/index.js';
import { OMP_WITNESS_IDS, WITNESS_IDS, detectOmpWitnesses, detectWitnesses, modelWitnessTrace } from '../properties/witness.js';
import { SECTIONS } from './index.js';
import { rowProgram } from './rows.js';

test('every named witness state is reached by some conformance row (model under spec)', () => {
  const spec = loadProfile('spec');
  const reachedBy = new Map<string, string[]>();
  for (const { file, section } of SECTIONS)
    for (const row of section.rows) {
      const program = rowProgram(section, row);
      const trace = modelWitnessTrace(program, spec);
      const hits = [...detectWitnesses(program, trace), ...detectOmpWitnesses(program, trace)];
      for (const id of new Set(hits.flatMap((s) => [...s]))) reachedBy.set(id, [...(reachedBy.get(id) ?? []), `${file}: ${row.name}`]);
    }
  expect([...WITNESS_IDS, ...OMP_WITNESS_IDS].filter((id) => !reachedBy.has(id))).toEqual([]);
  // The seed programs of seeds/000 are the rows that reach re-attach (w2) and the never-attached detach (w3).
  expect(reachedBy.get('w2')).toContain('acc/2.7.2-attach-action.ts: seeds/000 re-attach after host reassociation: the device pointer is re-pointed to b');
  expect(reachedBy.get('w3')).toContain('acc/2.7.2-detach-action.ts: seeds/000 detach of a never-attached pointer is a no-op; the later attach works');
});
