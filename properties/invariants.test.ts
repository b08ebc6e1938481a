// Invariants of the model's canonical state, checked after every step of random programs. These
// are facts the semantics contract (lang/README.md) states outright, so a violation is a model bug
// whatever the profile says, except the sign of attachment counters, which a profile may relax
// (K-A9 `decrement` lets a detach take the counter below zero). The programs are OpenACC-only, so
// the OpenMP tables of the snapshot must stay empty.

import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Observation, Snapshot } from '../lang/observation.js';
import { hostLayout, memberOffset, type Program } from '../lang/program.js';
import { builtinProfileNames, loadProfile, type Profile } from '../profiles/index.js';
import { campaignBudgetFromEnv, campaignParameters } from './budget.js';
import { greedyShrink, renderProgram } from './shrink.js';
import { modelEngine } from '../model/index.js';
import { programArb } from './arbitraries.js';

const budget = campaignBudgetFromEnv();

/** Every pointer member's host address, as [address, 'c%p']. */
function memberAddresses(program: Program): [number, string][] {
  const layout = hostLayout(program.world);
  return program.world.structs.flatMap((s) => {
    const start = layout.find((o) => o.name === s.name)!.start;
    return s.pointers.map((m): [number, string] => [start + memberOffset(s, m), `${s.name}%${m}`]);
  });
}

/** The problems with one snapshot, as sentences; empty when it is fine. */
function snapshotProblems(program: Program, snap: Snapshot, countersNonNegative: boolean, updateCopiesPointers: boolean): string[] {
  const problems: string[] = [];
  const { sections, attachments } = snap;
  sections.forEach((s, i) => {
    if (!(s.host[0] < s.host[1])) problems.push(`section ${i} has an empty or reversed host range ${s.host}`);
    if (s.src < 0 || s.drc < 0) problems.push(`section ${i} has a negative counter (SRC ${s.src}, DRC ${s.drc})`);
    if (s.src + s.drc === 0) problems.push(`section ${i} is listed with SRC = DRC = 0 (it should have been removed)`);
    const next = sections[i + 1];
    if (next && !(s.host[1] <= next.host[0]))
      problems.push(`sections ${i} and ${i + 1} are not sorted and disjoint: ${s.host} then ${next.host}`);
  });
  // A clause or routine copy owns its block; acc_map_data sections (the program's memory) may share
  // one allocation, on disjoint device bytes.
  const blocks = sections.filter((s) => s.origin !== 'map_data').map((s) => s.block);
  if (new Set(blocks).size !== blocks.length) problems.push(`two sections share a device block: ${blocks}`);
  const userMapped = sections.filter((s) => s.origin === 'map_data');
  for (const s of userMapped) {
    if (blocks.includes(s.block)) problems.push(`acc_map_data section ${s.host} uses block ${s.block} of a clause copy`);
    const bytes = (x: typeof s) => [x.offset ?? 0, (x.offset ?? 0) + x.host[1] - x.host[0]];
    for (const t of userMapped) {
      const [a0, a1] = bytes(s);
      const [b0, b1] = bytes(t);
      if (s !== t && s.block === t.block && a0! < b1! && b0! < a1!) problems.push(`acc_map_data sections ${s.host} and ${t.host} overlap in block ${s.block}`);
    }
  }

  const inPresent = (addr: number) => sections.some((s) => s.host[0] <= addr && addr + 16 <= s.host[1]);
  attachments.forEach((a, i) => {
    if (!inPresent(a.ptr)) problems.push(`attachment entry for 0x${a.ptr.toString(16)} lies outside every present section`);
    if (countersNonNegative && a.ac < 0) problems.push(`attachment counter of 0x${a.ptr.toString(16)} is ${a.ac} < 0`);
    // K-A41 copy (libgomp): update device of the struct writes the host's pointer bytes over an attached pointer
    if (!updateCopiesPointers && a.ac > 0 && a.device !== null && a.device.space !== 'dev')
      problems.push(`attached pointer 0x${a.ptr.toString(16)} (AC ${a.ac}) holds a ${a.device.space} value on the device`);
    const next = attachments[i + 1];
    if (next && !(a.ptr < next.ptr)) problems.push(`attachment entries not sorted by address: 0x${a.ptr.toString(16)} then 0x${next.ptr.toString(16)}`);
  });
  if ((snap.ompEntries ?? []).length > 0 || (snap.ompPointers ?? []).length > 0)
    problems.push('an OpenACC-only program left entries in the OpenMP tables');
  for (const [addr, name] of memberAddresses(program))
    if (inPresent(addr) && !attachments.some((a) => a.ptr === addr))
      problems.push(`${name} lies in a present section but has no attachment entry`);
  return problems;
}

const QUERY_OPS = new Set(['acc_is_present', 'acc_deviceptr', 'host_read']);

/** Runs the model on a program and throws at the first step that breaks an invariant. */
function checkModelRun(program: Program, profile: Profile): void {
  const engine = modelEngine(program, profile);
  const nonNegativeAc = profile.knobs['K-A9'] !== 'decrement';
  const updateCopiesPointers = profile.knobs['K-A41'] === 'copy';
  let before = engine.snapshot();
  let stopped = false;
  program.steps.forEach((step, i) => {
    const where = () => `step ${i + 1} (${step.op}) under ${profile.name}\n${renderProgram(program)}`;
    let obs: Observation;
    let after: Snapshot;
    try {
      obs = engine.apply(step);
      after = engine.snapshot();
    } catch (e) {
      throw new Error(`the model threw: ${(e as Error).message}\nat ${where()}`);
    }
    const problems = snapshotProblems(program, after, nonNegativeAc, updateCopiesPointers);
    if (stopped) {
      if (obs.kind !== 'halted') problems.push(`observes ${obs.kind} after the program stopped (expected halted)`);
      if (!isDeepStrictEqual(before, after)) problems.push('state changed after the program stopped');
    } else if (obs.kind === 'halted') problems.push('observes halted although no earlier step stopped the program');
    if (!stopped && QUERY_OPS.has(step.op) && obs.kind !== 'error' && !isDeepStrictEqual(before, after))
      problems.push(`${step.op} is a query but changed the state`);
    if (problems.length > 0) throw new Error(`${problems.join('; ')}\nat ${where()}`);
    if (obs.kind === 'error' || obs.kind === 'undefined') stopped = true;
    before = after;
  });
}

describe('model invariants after every step', () => {
  const builtins = builtinProfileNames().map((name) => loadProfile(name));
  for (const profile of builtins) {
    const name = profile.name;
    // a profile that reads every knob as an earlier one does would run that one's campaign again
    const same = builtins.slice(0, builtins.indexOf(profile)).find((p) => isDeepStrictEqual(p.knobs, profile.knobs));
    it(`profile ${name}: sections sorted, disjoint and present; counters in range; attachments only in present structs; halted after a stop${same ? ` (every knob read as ${same.name} reads it: ${same.name}'s campaign)` : ''}`, () => {
      if (same) {
        expect(profile.knobs).toEqual(same.knobs);
        return;
      }
      let steps = 0;
      const property = fc.property(programArb({ maxSteps: budget.maxSteps }), (program) => {
        steps += program.steps.length;
        checkModelRun(program, profile);
      });
      const details = fc.check(property, campaignParameters(budget.seed, budget.runs, budget.timeMs));
      if (details.failed && details.counterexample) {
        const fails = (p: Program) => {
          try {
            checkModelRun(p, profile);
            return false;
          } catch {
            return true;
          }
        };
        const minimal = greedyShrink(details.counterexample[0], fails);
        let message = 'invariant violated';
        try {
          checkModelRun(minimal, profile);
        } catch (e) {
          message = (e as Error).message;
        }
        expect.fail(`model invariant broken (seed ${budget.seed}, 1-minimal program below)\n${message}`);
      }
      expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
      console.log(`invariants [${name}]: ${details.numRuns} programs, ${steps} steps checked`);
      expect(details.numRuns).toBeGreaterThan(0);
    });
  }
});
