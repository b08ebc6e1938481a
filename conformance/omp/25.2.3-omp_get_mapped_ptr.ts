// OpenMP 6.0 §25.2.3 omp_get_mapped_ptr (spec-digest B.9.7): the device pointer associated with
// ptr on dev, NULL without one, ptr itself on the host device. K-B2, K-B8, K-B11.

import { UNAVAILABLE, UNDEF, dev, err, hostPtr, per, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, associate, h, map, mappedPtr, ompEnter, v } from '../steps.js';
import { A, OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const NULL = value(null);
const mapTo = ompEnter([map('to', ['a'])], 0);

const rows: Row[] = [
  { name: 'a runtime without omp_get_mapped_ptr (K-B24 absent, GCC 12): the program cannot be built', steps: [mappedPtr(v('a'), 0)], last: per(NULL, { 'K-B24=absent': UNAVAILABLE }) },
  { table: 'host device', name: 'host device → ptr itself', steps: [mappedPtr(v('a'), HOST)], last: hostPtr(A) },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [mappedPtr(v('a'), INVALID)], last: err('omp_error_invalid_device') },
  { table: 'NULL', name: 'NULL → NULL', steps: [mappedPtr(null, 0)], last: NULL },
  { table: 'shared-memory device, nothing mapped', name: 'shared-memory device, nothing mapped (K-B2)', steps: [mappedPtr(v('a'), 2)], last: per(NULL, { libgomp: hostPtr(A) }) },
  { table: 'nothing mapped', name: 'nothing mapped → NULL', steps: [mappedPtr(v('a'), 0)], last: NULL },
  { table: 'map-made storage', name: 'storage mapped by a map clause → its device address', steps: [mapTo, mappedPtr(v('a'), 0)], last: dev(1, 0) },
  { table: 'interior pointer', name: 'an interior address → device base + offset', steps: [mapTo, mappedPtr(v('a', 8), 0)], last: dev(1, 8) },
  { table: 'one past the end', name: 'one past the end → NULL', steps: [mapTo, mappedPtr(v('a', 32), 0)], last: NULL },
  {
    table: 'associated storage with a device offset',
    name: 'associated storage → dev_ptr + dev_offset',
    steps: [alloc('h', 64, 0), associate(v('a'), h('h'), 32, 16, 0), mappedPtr(v('a'), 0)],
    last: dev(1, 16),
  },
  { name: 'a device address on the host device → itself', world: OMP_WORLD, steps: [alloc('x', 8, HOST), mappedPtr(h('x'), HOST)], last: dev(1, 0) },
  {
    name: 'shared-memory device with a map: a copy under 6.0 (K-B8 copies), the host storage for a self map',
    world: OMP_WORLD,
    steps: [ompEnter([map('to', ['a'])], 1), mappedPtr(v('a', 4), 1)],
    last: per(dev(1, 4), { libgomp: hostPtr(A + 4), 'llvm-offload': hostPtr(A + 4) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.2.3',
  title: 'omp_get_mapped_ptr',
  rules: ['OpenMP 6.0 §25.2.3 omp_get_mapped_ptr'],
  world: TABLE_WORLD,
  rows,
});
