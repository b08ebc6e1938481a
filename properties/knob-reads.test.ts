// The claim profiles/knob-reads.ts rests on: a run that never looked a knob up behaves the same
// under every reading of it. Checked on generated programs of both APIs, for each engine alone,
// observations and canonical states after every step: for every knob the run under the base did
// not read and every other reading of it, the run under the base with that reading is the same.

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KNOBS, loadProfile, type Profile } from '../profiles/index.js';
import { recordingKnobReads } from '../profiles/knob-reads.js';
import { programArbFor } from './api.js';
import { runTrace, type Side } from './compare.js';
import { renderProgram } from './shrink.js';

const programs = fc.sample(programArbFor('both'), { seed: 20261207, numRuns: 20 });
const withReading = (base: Profile, id: string, reading: string): Profile => ({ ...base, name: `${base.name}+${id}=${reading}`, knobs: { ...base.knobs, [id]: reading } });

describe('a knob a run did not read changes nothing under any reading', () => {
  for (const engine of ['model', 'impl'] as const)
    for (const name of ['spec', 'gcc-12']) {
      it(`${engine} under ${name}`, () => {
        const base = loadProfile(name);
        let unreadChecked = 0;
        let readChanged = 0;
        for (const program of programs) {
          const read = new Set<string>();
          const trace = runTrace(program, { engine, profile: recordingKnobReads(base, read) });
          expect(read.size).toBeGreaterThan(0);
          for (const knob of KNOBS)
            for (const { id: reading } of knob.readings) {
              if (reading === base.knobs[knob.id]) continue;
              const side: Side = { engine, profile: withReading(base, knob.id, reading) };
              const other = runTrace(program, side);
              const same = isDeepStrictEqual(other.observations, trace.observations) && isDeepStrictEqual(other.snapshots, trace.snapshots);
              if (!read.has(knob.id)) {
                unreadChecked++;
                if (!same) expect.fail(`${engine} under ${name} never read ${knob.id}, yet ${knob.id}=${reading} changes its run of\n${renderProgram(program)}`);
              } else if (!same) readChanged++;
            }
        }
        // not vacuous: most knobs go unread by a program, and some reading of a knob read changes a run
        expect(unreadChecked).toBeGreaterThan(programs.length * 50);
        expect(readChanged).toBeGreaterThan(0);
      });
    }
});
