// OpenMP 6.0 §25.2.1 omp_target_is_present (spec-digest B.9.3): true for the host device, true
// when ptr has corresponding storage on the device, NULL → false (6.0). K-B1 (NULL), K-B2
// (shared-memory device), K-B19 (omp_invalid_device: error termination, 6.0 §1.2), K-B20 (-1),
// K-B21 (NULL with a device number the routine cannot use).

import { UNDEF, err, per, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, associate, h, isPresent, map, ompEnter, v } from '../steps.js';
import { OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const T = value(true);
const F = value(false);
const mapTo = ompEnter([map('to', ['a'])], 0);
const allocH = alloc('h', 32, 0);
const associateH = associate(v('a'), h('h'), 32, 0, 0);
/** K-B19: omp_invalid_device is error termination; GCC 12 answers false for any negative number. */
const invalidDevice = per(err('omp_error_invalid_device'), { 'gcc-12': F });
/** K-B1 (NULL) and K-B2 (shared memory, nothing mapped): libgomp answers true. */
const libgompTrue = per(F, { libgomp: T });

const rows: Row[] = [
  { table: 'host device', name: 'host device → true', steps: [isPresent(v('a'), HOST)], last: T },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [isPresent(v('a'), INVALID)], last: invalidDevice },
  { table: 'NULL', name: 'NULL → false under 6.0 (K-B1; libgomp documents true)', steps: [isPresent(null, 0)], last: libgompTrue },
  { table: 'shared-memory device, nothing mapped', name: 'shared-memory device, nothing mapped (K-B2)', steps: [isPresent(v('a'), 2)], last: libgompTrue },
  { table: 'nothing mapped', name: 'nothing mapped on a discrete device → false', steps: [isPresent(v('a'), 0)], last: F },
  { table: 'map-made storage', name: 'storage mapped by a map clause → true', steps: [mapTo, isPresent(v('a'), 0)], last: T },
  { table: 'interior pointer', name: 'an interior pointer of a mapped range → true', steps: [mapTo, isPresent(v('a', 8), 0)], last: T },
  { table: 'one past the end', name: 'one past the end of a mapped range → false', steps: [mapTo, isPresent(v('a', 32), 0)], last: F },
  { table: 'associated storage', name: 'storage associated by omp_target_associate_ptr → true', steps: [allocH, associateH, isPresent(v('a'), 0)], last: T },
  {
    name: 'host device spelt -1 (omp_initial_device) → true (K-B20: GCC 12 takes -1 for a bad number, LLVM 22 aborts)',
    world: OMP_WORLD,
    steps: [isPresent(v('a'), -1)],
    last: per(T, { 'gcc-12': F, 'llvm-22': err('fatal_invalid_device') }),
  },
  {
    name: 'NULL on omp_invalid_device: the device decides first (K-B21), except where NULL is answered first',
    cite: 'GCC 12 target.c omp_target_is_present tests ptr == NULL first (K-B1 true); LLVM API.cpp returns false for NULL first',
    world: OMP_WORLD,
    steps: [isPresent(null, INVALID)],
    last: per(err('omp_error_invalid_device'), { 'gcc-12': T, 'llvm-offload': F }),
  },
  {
    name: 'NULL on a device number that is not conforming: unspecified (K-B21 device-first), answered by runtimes that test NULL first',
    cite: 'issue 10: omp_target_is_present(NULL, 99) — 99 is no conforming device number',
    world: OMP_WORLD,
    steps: [isPresent(null, 99)],
    last: per(UNDEF, { libgomp: F, 'gcc-12': T, 'llvm-offload': F }),
  },
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
