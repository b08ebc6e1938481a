// OpenMP 6.0 §25.3 omp_target_alloc (spec-digest B.9.1): a pointer to size bytes in dev's data
// environment; NULL for size 0 or failure. K-B10 (size 0 on the host or a shared-memory device:
// libgomp mallocs), K-B11.

import { HALTED, UNDEF, dev, entry, err, per, perState, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, h, isPresent, map, ompEnter } from '../steps.js';
import { A, B, OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const NULL = value(null);

const rows: Row[] = [
  { table: 'discrete device', name: 'a discrete device → its first allocation', steps: [alloc('h', 32, 0)], last: dev(1, 0) },
  { table: 'host device', name: 'the host device → an allocation too', steps: [alloc('h', 32, HOST)], last: dev(1, 0) },
  { table: 'shared-memory device', name: 'a shared-memory device → an allocation', steps: [alloc('h', 32, 2)], last: dev(1, 0) },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [alloc('h', 32, INVALID)], last: per(err('omp_error_invalid_device'), { 'gcc-12': NULL }) },
  { table: 'size 0, host device', name: 'size 0 on the host (K-B10: libgomp mallocs a unique pointer)', steps: [alloc('h', 0, HOST)], last: per(NULL, { libgomp: dev(1, 0) }) },
  { table: 'size 0, shared-memory device', name: 'size 0 on a shared-memory device (K-B10)', steps: [alloc('h', 0, 2)], last: per(NULL, { libgomp: dev(1, 0) }) },
  { table: 'size 0, discrete device', name: 'size 0 on a discrete device → NULL under every reading', steps: [alloc('h', 0, 0)], last: NULL },
  {
    name: 'a NULL result plus an offset is undefined (libgomp returns NULL for an out-of-range device)',
    world: OMP_WORLD,
    steps: [alloc('x', 16, 9), isPresent(h('x')), isPresent(h('x', 4))],
    at: { 1: per(UNDEF, { libgomp: NULL, 'llvm-offload': err('fatal_invalid_device') }), 2: per(HALTED, { libgomp: value(true) }) },
    last: per(HALTED, { libgomp: UNDEF }),
  },
  {
    name: 'map storage and omp_target_alloc memory of every device share one block numbering',
    cite: 'lang/README-openmp.md block numbering; K-B8 self maps allocate nothing',
    world: OMP_WORLD,
    steps: [ompEnter([map('to', ['b'])], 0), alloc('x', 8, HOST), ompEnter([map('to', ['a'])], 1), alloc('y', 8, 1)],
    at: { 2: dev(2, 0) },
    last: per(dev(4, 0), { libgomp: dev(3, 0), 'llvm-offload': dev(3, 0) }),
    state: {
      4: perState(
        { ompEntries: [entry([B, B + 40], 1, 1), entry([A, A + 40], 3, 1, { device: 1 })] },
        {
          libgomp: { ompEntries: [entry([B, B + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
          'llvm-offload': { ompEntries: [entry([B, B + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
        },
      ),
    },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.3',
  title: 'omp_target_alloc',
  rules: ['OpenMP 6.0 §25.3 omp_target_alloc'],
  world: TABLE_WORLD,
  rows,
});
