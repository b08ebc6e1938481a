// Rank-2 arrays in generated programs (issue 9 item 6): withRank2 adds `r(2,4)` to one program in
// four and rewrites references to `b` into its sections; the detectors of r1-r3 are checked on
// hand-written programs, and the default campaign's programs (same generator, api `both`, seed and
// budget as the campaign) reach each witness in each API.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Program, World } from '../lang/program.js';
import { validateProgram } from '../lang/validate.js';
import { loadProfile } from '../profiles/index.js';
import { campaignBudgetFromEnv, campaignParameters, witnessBudgetShortfall } from './budget.js';
import { DEFAULT_API, programArbFor } from './api.js';
import { RANK2_WITNESSES, RANK2_WITNESS_IDS, detectRank2Witnesses, modelWitnessTrace, type Rank2WitnessId } from './witness.js';
import { RANK2_ARRAY, withRank2 } from './rank2.js';

const budget = campaignBudgetFromEnv();
const spec = loadProfile('spec');
const shortfall = witnessBudgetShortfall(budget);
const skipNote = `skipped: ${shortfall}`;

const world: World = {
  arrays: [{ name: 'a', length: 8, init: 1 }, { name: 'b', length: 8, init: 2 }, RANK2_ARRAY],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
};

describe('rank-2 arrays: detectors', () => {
  it('recognise each case in hand-written OpenACC and OpenMP programs', () => {
    const acc: Program = {
      world,
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['r(1:2,2:3)'] }] }, // r1
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['r(1:2,3:3)'] }], body: { write: 'r(1:2,3:3)', value: 7 } }, // r1, r2
        { op: 'host_read', var: 'r(1:2,3:3)' }, // nothing yet: the host copy still holds 1
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['r(1:2,2:3)'] }] }, // r1
        { op: 'host_read', var: 'r(1:2,3:3)' }, // r3
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['r'] }] }, // the whole array: partly present, no witness
      ],
    };
    const hits = detectRank2Witnesses(acc, modelWitnessTrace(acc, spec)).map((s) => [...s].sort());
    expect(hits).toEqual([['r1'], ['r1', 'r2'], [], ['r1'], ['r3'], []]);
    const omp: Program = {
      world,
      steps: [
        { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['r(2:2,2:2)'] }], body: { write: 'r(2:2,2:2)', value: 6 } }, // r2 (the entry lives only inside the construct)
        { op: 'host_read', var: 'r(2:2,2:2)' }, // r3
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['r(1:2,1:2)'] }] }, // r1
        { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['r(1:2,3:4)'] }], body: { read: 'r(1:2,3:4)' } }, // r2
      ],
    };
    const ompHits = detectRank2Witnesses(omp, modelWitnessTrace(omp, spec)).map((s) => [...s].sort());
    expect(ompHits).toEqual([['r2'], ['r3'], ['r1'], ['r2']]);
  });

  it('withRank2 adds r(2,4) and rewrites references to b by the picks, leaving pointer targets rank 1', () => {
    const program: Program = {
      world: { arrays: [{ name: 'a', length: 8 }, { name: 'b', length: 8 }], structs: [{ name: 'd', pointers: ['p'], init: { p: 'b' } }] },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['b(3:6)', 'a'] }] },
        { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['b'] }], body: { read: 'b(1:4)' } },
        { op: 'host_write', var: 'b(5:8)', value: 3 },
        { op: 'acc_copyin', var: 'b' },
        { op: 'acc_host_data_begin', var: 'b', result: 'h' },
        { op: 'acc_host_data_end' },
      ],
    };
    const out = withRank2(program, { use: true, picks: [1, 2, 0, 1, 1] });
    expect(out.world.arrays.map((a) => a.name)).toEqual(['a', 'b', 'r']);
    expect(out.world.structs).toEqual(program.world.structs);
    expect(out.steps).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['r(1:2,2:3)', 'a'] }] },
      // the kernel body is rewritten first (pick 2), then the clause (pick 0 keeps b)
      { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['b'] }], body: { read: 'r(2:2,2:2)' } },
      { op: 'host_write', var: 'r(1:2,3:4)', value: 3 },
      { op: 'acc_copyin', var: 'r' },
      { op: 'acc_host_data_begin', var: 'b', result: 'h' },
      { op: 'acc_host_data_end' },
    ]);
    expect(validateProgram(out).ok).toBe(true);
    expect(withRank2(program, { use: false, picks: [1] })).toBe(program);
    const reassociating: Program = { ...program, steps: [{ op: 'pointer_assign', ptr: 'd%p', target: 'b' }, ...program.steps] };
    expect(withRank2(reassociating, { use: true, picks: [1] })).toBe(reassociating);
  });
});

describe('rank-2 arrays: the default campaign reaches rank-2 sections in both APIs', () => {
  it('every rank-2 witness is hit by OpenACC and by OpenMP programs (model under spec)', (ctx) => {
    ctx.skip(shortfall !== null, skipNote);
    const hits = { openacc: {} as Record<Rank2WitnessId, number>, openmp: {} as Record<Rank2WitnessId, number> };
    for (const w of RANK2_WITNESS_IDS) hits.openacc[w] = hits.openmp[w] = 0;
    const programs = { openacc: 0, openmp: 0, withRank2: 0 };
    const property = fc.property(programArbFor(DEFAULT_API, { maxSteps: budget.maxSteps }), (program) => {
      const api = program.steps.some((s) => s.op.startsWith('omp_')) ? 'openmp' : 'openacc';
      programs[api]++;
      if (!program.world.arrays.some((a) => a.shape !== undefined)) return true;
      programs.withRank2++;
      for (const w of new Set(detectRank2Witnesses(program, modelWitnessTrace(program, spec)).flatMap((s) => [...s]))) hits[api][w]++;
      return true;
    });
    fc.assert(property, campaignParameters(budget.seed, budget.runs, budget.timeMs));
    const lines = RANK2_WITNESS_IDS.map((w) => `  ${w}  OpenACC ${String(hits.openacc[w]).padStart(5)} / ${programs.openacc}  OpenMP ${String(hits.openmp[w]).padStart(5)} / ${programs.openmp}  ${RANK2_WITNESSES[w]}`);
    console.log(`rank-2 witness hits (seed ${budget.seed}; ${programs.withRank2} programs with r(2,4)):\n${lines.join('\n')}`);
    for (const w of RANK2_WITNESS_IDS) {
      expect(hits.openacc[w], `rank-2 witness ${w} (${RANK2_WITNESSES[w]}) never reached by OpenACC programs`).toBeGreaterThan(0);
      expect(hits.openmp[w], `rank-2 witness ${w} (${RANK2_WITNESSES[w]}) never reached by OpenMP programs`).toBeGreaterThan(0);
    }
  });
});
