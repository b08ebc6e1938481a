// Which knobs a run looked at. The model and the impl read a profile's knobs only through its
// `knobs` object, each at the point where a reading decides something; so a run that never looked a
// knob up behaves the same under every reading of it. Knob inference (toolchain/conform.ts) and the
// test suite's single-knob comparisons (properties/refinement.test.ts, properties/witness.test.ts)
// use that to skip, for a knob, the programs whose run under the base never read it.
// properties/knob-reads.test.ts checks the claim on both engines.

import type { Profile } from './index.js';

/**
 * The profile with its knobs object seen through a proxy that adds to `read` the id of every knob
 * looked up or tested with `in`, and every id at once when the keys are listed (a spread,
 * Object.entries): over-counting only ever costs a skipped skip.
 */
export function recordingKnobReads(profile: Profile, read: Set<string>): Profile {
  const knobs = new Proxy(profile.knobs, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      const keys = Reflect.ownKeys(target);
      for (const key of keys) if (typeof key === 'string') read.add(key);
      return keys;
    },
  });
  return { ...profile, knobs };
}
