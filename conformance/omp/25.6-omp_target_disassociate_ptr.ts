// OpenMP 6.0 §25.6 omp_target_disassociate_ptr (spec-digest B.9.6): removes ptr's associated
// device data whatever its count, without freeing the device memory; no associated data →
// unspecified. K-B4 (map-made storage), K-B12 (interior pointer), K-B14, K-B17, K-B18, K-B11.

import { HALTED, UNDEF, entry, err, per, perState, read, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, associate, disassociate, h, isAccessible, isPresent, map, ompEnter, targetRead, v } from '../steps.js';
import { A, OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const ZERO = value(0);
const ONE = value(1);
const allocH = alloc('h', 32, 0);
const associateH = associate(v('a'), h('h'), 32, 0, 0);
/** libgomp and LLVM refuse where the spec leaves it open (K-B14, K-B17, K-B18). */
const refused = per(UNDEF, { libgomp: ONE, 'llvm-offload': ONE });

const rows: Row[] = [
  { table: 'host device', name: 'host device (K-B14)', steps: [disassociate(v('a'), HOST)], last: refused },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [disassociate(v('a'), INVALID)], last: per(err('omp_error_invalid_device'), { 'gcc-12': ONE }) },
  { table: 'NULL', name: 'NULL → nonzero', steps: [disassociate(null, 0)], last: ONE },
  { table: 'shared-memory device', name: 'shared-memory device, nothing associated (K-B18, K-B17)', steps: [disassociate(v('a'), 2)], last: refused },
  { table: 'nothing associated', name: 'nothing associated (K-B17)', steps: [disassociate(v('a'), 0)], last: refused },
  { table: 'associated storage', name: 'associated storage at its exact start → removed, 0', steps: [allocH, associateH, disassociate(v('a'), 0)], last: ZERO, state: { 3: { ompEntries: [] } } },
  { table: 'repeated association', name: 'associated twice, one disassociate → removed', steps: [allocH, associateH, associateH, disassociate(v('a'), 0)], last: ZERO, state: { 4: { ompEntries: [] } } },
  {
    table: 'interior pointer',
    name: 'an interior pointer of an association (K-B12)',
    steps: [allocH, associateH, disassociate(v('a', 8), 0)],
    last: per(ONE, { 'K-B12=undefined': UNDEF }),
    state: { 3: perState({ ompEntries: [entry([A, A + 32], 1, 'inf')] }, { 'K-B12=undefined': null }) },
  },
  {
    table: 'map-made storage',
    name: 'storage mapped by a map clause (K-B4)',
    steps: [ompEnter([map('to', ['a'])], 0), disassociate(v('a'), 0)],
    last: per(ONE, { 'K-B4=remove': ZERO }),
    state: { 2: perState({ ompEntries: [entry([A, A + 32], 1, 1)] }, { 'K-B4=remove': { ompEntries: [] } }) },
  },
  {
    name: 'one past the end of an association: no associated data (K-B17)',
    world: OMP_WORLD,
    steps: [alloc('h', 40), associate(v('a'), h('h'), 40), disassociate(v('a', 40))],
    last: refused,
  },
  {
    name: 'removes the entry whatever its count; the device memory stays allocated',
    world: OMP_WORLD,
    steps: [alloc('x', 40), associate(v('a'), h('x'), 40), associate(v('a'), h('x'), 40), disassociate(v('a')), isPresent(v('a')), isAccessible(h('x'), 40)],
    at: { 4: ZERO, 5: value(false) },
    // K-B9: libgomp and LLVM do not see a discrete device's allocation as accessible at all.
    last: per(value(true), { libgomp: value(false), 'llvm-offload': value(false) }),
    state: { 3: { ompEntries: [entry([A, A + 40], 1, 'inf')] }, 4: { ompEntries: [] } },
  },
  {
    name: 'K-B18 splits shared-memory devices from the host (K-B14)',
    world: OMP_WORLD,
    steps: [alloc('z', 40, 1), associate(v('a'), h('z'), 40, 0, 1), disassociate(v('a'), 1), disassociate(v('a'), HOST)],
    at: {
      2: per(UNDEF, { libgomp: ONE, 'llvm-offload': ZERO, 'K-B18=nonzero,K-B14=undefined': ONE }),
      3: per(HALTED, { libgomp: ONE, 'llvm-offload': ZERO, 'K-B18=nonzero,K-B14=undefined': ONE }),
    },
    last: per(HALTED, { libgomp: ONE, 'llvm-offload': ONE, 'K-B18=nonzero,K-B14=undefined': UNDEF }),
    state: {
      2: perState(null, { 'llvm-offload': { ompEntries: [entry([A, A + 40], 1, 'inf', { device: 1 })] } }),
      3: perState(null, { 'llvm-offload': { ompEntries: [] } }),
    },
  },
  {
    name: 'a kernel on a shared-memory device uses storage associated there (K-B18 as-discrete)',
    world: OMP_WORLD,
    steps: [alloc('h', 40, 1), associate(v('a'), h('h'), 40, 0, 1), targetRead('a(1:2)', [map('alloc', ['a'])], 1), disassociate(v('a'), 1)],
    at: { 2: per(UNDEF, { libgomp: ONE, 'llvm-offload': ZERO, 'K-B18=as-discrete': ZERO }), 3: per(HALTED, { libgomp: read(1, 1), 'llvm-offload': read(null, null), 'K-B18=as-discrete': read(null, null) }) },
    last: per(HALTED, { libgomp: ONE, 'llvm-offload': ZERO, 'K-B18=as-discrete': ZERO }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.6',
  title: 'omp_target_disassociate_ptr',
  rules: ['OpenMP 6.0 §25.6 omp_target_disassociate_ptr'],
  world: TABLE_WORLD,
  rows,
});
