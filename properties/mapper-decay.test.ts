// declare mapper (OpenMP 6.0 §7.9.10) and map type decay (§7.9.2), README-openmp.md "declare
// mapper": every cell of the decay table, motion clauses, the implicit map of omp_target, a mapper
// whose list leaves the struct out, and K-B43. Expectations are the table of §7.9.2 written out by
// hand (storage dominates, to with from is storage, tofrom keeps the mapper item's type, release and
// delete keep the clause's); each runs on the impl and, as a cross-check, on the model.

import { describe, expect, it } from 'vitest';
import { formatObservation } from '../lang/observation.js';
import type { MapItem } from '../lang/openmp.js';
import type { Step, World } from '../lang/program.js';
import { modelEngine } from '../model/index.js';
import { loadProfile } from '../profiles/index.js';
import { implEngine } from '../impl/index.js';

type ItemType = 'to' | 'from' | 'tofrom' | 'alloc';
const ENGINES = [
  ['impl', implEngine],
  ['model', modelEngine],
] as const;

/** a(4) = 1 behind c%p; c's type has a mapper mapping c tofrom and c%p with `pType` (or only c%p). */
function world(pType: ItemType, withStruct = true): World {
  return {
    arrays: [{ name: 'a', length: 4, init: 1 }],
    structs: [
      { name: 'c', pointers: ['p'], init: { p: 'a' } },
      { name: 'd', pointers: ['p'], init: { p: 'a' } },
    ],
    mappers: [{ struct: 'c', maps: [...(withStruct ? [{ type: 'tofrom' as const, vars: ['c'] }] : []), { type: pType, vars: ['c%p'] }] }],
  };
}

function run(engine: (typeof ENGINES)[number][1], w: World, steps: Step[], knobs: Record<string, string> = {}): string[] {
  const spec = loadProfile('spec');
  const e = engine({ world: w, steps }, { ...spec, knobs: { ...spec.knobs, ...knobs } });
  return steps.map((s) => formatObservation(e.apply(s)));
}

const map = (type: MapItem['type'], vars: string[]): MapItem => ({ type, vars });
const readP: Step = { op: 'omp_target', maps: [], body: { read: 'c%p' } };
const write7: Step = { op: 'omp_target', maps: [], body: { write: 'c%p', value: 7 } };
const hostA: Step = { op: 'host_read', var: 'a' };
const presentA: Step = { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 };

// §7.9.2: [clause type][mapper item type] → decayed map type of c%p's item.
const DECAYED: Record<ItemType, Record<ItemType, ItemType>> = {
  to: { to: 'to', from: 'alloc', tofrom: 'to', alloc: 'alloc' },
  from: { to: 'alloc', from: 'from', tofrom: 'from', alloc: 'alloc' },
  tofrom: { to: 'to', from: 'from', tofrom: 'tofrom', alloc: 'alloc' },
  alloc: { to: 'alloc', from: 'alloc', tofrom: 'alloc', alloc: 'alloc' },
};
const TYPES: ItemType[] = ['to', 'from', 'tofrom', 'alloc'];

describe.each(ENGINES)('declare mapper on %s', (_name, engine) => {
  describe.each(TYPES)('target data map(%s: c)', (clause) => {
    it.each(TYPES)('with the mapper item c%%p of type %s maps a with the decayed type', (item) => {
      const decayed = DECAYED[clause][item];
      const obs = run(engine, world(item), [{ op: 'omp_target_data_begin', maps: [map(clause, ['c'])] }, readP, write7, { op: 'omp_target_data_end' }, hostA, presentA]);
      // The mapper's c%p item made a's storage and attached c%p: the kernel reaches it.
      const copiedIn = decayed === 'to' || decayed === 'tofrom';
      if (copiedIn) expect(obs[1]).toBe('read [4*1]');
      else expect(obs[1]).not.toBe('read [4*1]');
      const copiedBack = decayed === 'from' || decayed === 'tofrom';
      expect(obs.slice(2)).toEqual(['ok', 'ok', copiedBack ? 'read [4*7]' : 'read [4*1]', 'false']);
    });
  });

  describe('target exit data through the mapper', () => {
    const entered = (item: ItemType, exit: MapItem['type']): string[] =>
      run(engine, world(item), [{ op: 'omp_target_enter_data', maps: [map('to', ['c'])] }, write7, { op: 'omp_target_exit_data', maps: [map(exit, ['c'])] }, hostA, presentA]);
    it('from with a tofrom item copies a back and removes it (RC 1)', () => {
      expect(entered('tofrom', 'from').slice(2)).toEqual(['ok', 'read [4*7]', 'false']);
    });
    it('from with a to item decays to release: a is removed without a copy', () => {
      expect(entered('to', 'from').slice(2)).toEqual(['ok', 'read [4*1]', 'false']);
    });
    it('release and delete stay what they are whatever the item type', () => {
      expect(entered('tofrom', 'release').slice(2)).toEqual(['ok', 'read [4*1]', 'false']);
      expect(entered('from', 'delete').slice(2)).toEqual(['ok', 'read [4*1]', 'false']);
    });
    it('a second reference on a keeps it present after release', () => {
      const obs = run(engine, world('tofrom'), [
        { op: 'omp_target_enter_data', maps: [map('to', ['c'])] },
        { op: 'omp_target_enter_data', maps: [map('to', ['c'])] },
        { op: 'omp_target_exit_data', maps: [map('release', ['c'])] },
        presentA,
        { op: 'omp_target_exit_data', maps: [map('release', ['c'])] },
        presentA,
      ]);
      expect(obs).toEqual(['ok', 'ok', 'ok', 'true', 'ok', 'false']);
    });
  });

  describe('target update through the mapper', () => {
    it.each(TYPES)('to(c) moves a only for a to or tofrom item (%s)', (item) => {
      const obs = run(engine, world(item), [
        { op: 'omp_target_enter_data', maps: [map('alloc', ['c'])] },
        { op: 'host_write', var: 'a', value: 5 },
        { op: 'omp_target_update', motions: [map('to', ['c'])] },
        readP,
      ]);
      const moved = item === 'to' || item === 'tofrom';
      if (moved) expect(obs[3]).toBe('read [4*5]');
      else expect(obs[3]).not.toBe('read [4*5]');
    });
    it.each(TYPES)('from(c) moves a only for a from or tofrom item (%s)', (item) => {
      const obs = run(engine, world(item), [{ op: 'omp_target_enter_data', maps: [map('to', ['c'])] }, write7, { op: 'omp_target_update', motions: [map('from', ['c'])] }, hostA]);
      expect(obs[3]).toBe(item === 'from' || item === 'tofrom' ? 'read [4*7]' : 'read [4*1]');
    });
  });

  it('the implicit map of omp_target goes through the mapper: c%p is attached and a copied', () => {
    expect(run(engine, world('to'), [readP, presentA])).toEqual(['read [4*1]', 'false']);
  });

  it('a struct without a mapper maps its own storage only: its pointer is not attached', () => {
    const obs = run(engine, world('to'), [{ op: 'omp_target', maps: [map('tofrom', ['d'])], body: { read: 'd%p' } }]);
    expect(obs[0]).toMatch(/^undefined/);
  });

  it('a mapper without its variable maps only what it names: c has no storage, so the kernel cannot reach c%p', () => {
    const obs = run(engine, world('to', false), [{ op: 'omp_target_enter_data', maps: [map('to', ['c'])] }, presentA, { op: 'omp_target_is_present', ptr: { var: 'c' }, device: 0 }]);
    expect(obs).toEqual(['ok', 'true', 'false']);
  });

  it('a member item is not a struct: map(to: c%p) does not go through the mapper', () => {
    // c through the mapper (c tofrom × to = to, c%p alloc × to = alloc), then c%p itself with to:
    // one storage block for a, whose to item copies (RC 1); through the mapper alone a is not copied
    expect(run(engine, world('alloc'), [{ op: 'omp_target_enter_data', maps: [map('to', ['c', 'c%p'])] }, readP])).toEqual(['ok', 'read [4*1]']);
    expect(run(engine, world('alloc'), [{ op: 'omp_target_enter_data', maps: [map('to', ['c'])] }, readP])[1]).not.toBe('read [4*1]');
  });

  describe('K-B43 absent (GCC 12 rejects the directive)', () => {
    const absent = { 'K-B43': 'absent' };
    it('a construct mapping c stops the program as unavailable', () => {
      expect(run(engine, world('to'), [{ op: 'host_write', var: 'a', value: 2 }, { op: 'omp_target_enter_data', maps: [map('to', ['c'])] }, presentA], absent)).toEqual([
        'ok',
        'unavailable (the declare mapper directive)',
        'halted',
      ]);
    });
    it('so does a motion clause naming c, and the implicit map of c', () => {
      expect(run(engine, world('to'), [{ op: 'omp_target_update', motions: [map('to', ['c'])] }], absent)[0]).toBe('unavailable (the declare mapper directive)');
      expect(run(engine, world('to'), [readP], absent)[0]).toBe('unavailable (the declare mapper directive)');
    });
    it('a map naming c stops even when the kernel uses another variable; constructs that never map c run', () => {
      expect(run(engine, world('to'), [{ op: 'omp_target_enter_data', maps: [map('to', ['a', 'd'])] }, { op: 'omp_target', maps: [map('tofrom', ['c'])], body: { read: 'a' } }], { ...absent })).toEqual([
        'ok',
        'unavailable (the declare mapper directive)',
      ]);
      expect(run(engine, world('to'), [{ op: 'omp_target', maps: [map('tofrom', ['d'])], body: { read: 'a' } }], absent)).toEqual(['read [4*1]']);
    });
  });
});
