// OpenMP 6.0 §25.2.1 omp_target_is_present (spec-digest B.9.3): true for the host device, true
// when ptr has corresponding storage on the device, NULL → false (6.0). K-B1 (NULL), K-B2
// (shared-memory device), K-B11 (invalid device).

import { UNDEF, err, per, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, associate, h, isPresent, map, ompEnter, v } from '../steps.js';
import { OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const T = value(true);
const F = value(false);
const mapTo = ompEnter([map('to', ['a'])], 0);
const allocH = alloc('h', 32, 0);
const associateH = associate(v('a'), h('h'), 32, 0, 0);
/** K-B11: invalid device. */
const invalidDevice = per(UNDEF, { libgomp: F, 'llvm-offload': err('fatal_invalid_device') });
/** K-B1 (NULL) and K-B2 (shared memory, nothing mapped): libgomp answers true. */
const libgompTrue = per(F, { libgomp: T });

const rows: Row[] = [
  { table: 'host device', name: 'host device → true', steps: [isPresent(v('a'), HOST)], last: T },
  { table: 'invalid device', name: 'invalid device (K-B11)', steps: [isPresent(v('a'), INVALID)], last: invalidDevice },
  { table: 'NULL', name: 'NULL → false under 6.0 (K-B1; libgomp documents true)', steps: [isPresent(null, 0)], last: libgompTrue },
  { table: 'shared-memory device, nothing mapped', name: 'shared-memory device, nothing mapped (K-B2)', steps: [isPresent(v('a'), 2)], last: libgompTrue },
  { table: 'nothing mapped', name: 'nothing mapped on a discrete device → false', steps: [isPresent(v('a'), 0)], last: F },
  { table: 'map-made storage', name: 'storage mapped by a map clause → true', steps: [mapTo, isPresent(v('a'), 0)], last: T },
  { table: 'interior pointer', name: 'an interior pointer of a mapped range → true', steps: [mapTo, isPresent(v('a', 8), 0)], last: T },
  { table: 'one past the end', name: 'one past the end of a mapped range → false', steps: [mapTo, isPresent(v('a', 32), 0)], last: F },
  { table: 'associated storage', name: 'storage associated by omp_target_associate_ptr → true', steps: [allocH, associateH, isPresent(v('a'), 0)], last: T },
  { name: 'host device spelt -1 (omp_initial_device) → true', world: OMP_WORLD, steps: [isPresent(v('a'), -1)], last: T },
  { name: 'NULL on the invalid device: NULL is checked first (K-B1)', world: OMP_WORLD, steps: [isPresent(null, INVALID)], last: libgompTrue },
  { name: 'the last byte of a mapped range → true', world: OMP_WORLD, steps: [ompEnter([map('to', ['a'])]), isPresent(v('a', 39))], last: T },
  { name: 'a device address is no host storage → false', world: OMP_WORLD, steps: [alloc('x', 16), isPresent(h('x'))], last: F },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.2.1',
  title: 'omp_target_is_present',
  rules: ['OpenMP 6.0 §25.2.1 omp_target_is_present'],
  world: TABLE_WORLD,
  rows,
});
