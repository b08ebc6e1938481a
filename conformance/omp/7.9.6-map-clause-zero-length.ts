// OpenMP 6.0 §7.9.6 map clause, for zero-length array sections (issue 9 item 5; 5.1 §2.21.7.1, 5.2
// §5.8.3): `map(alloc: a(3:2))`, C `a[2:0]`, has a corresponding list item when the storage at its
// address is mapped, and refers to it (the reference count moves as for any present list item;
// nothing is copied); otherwise no storage is created. libgomp and LLVM offload agree, so every
// profile expects the same: libgomp target.c gomp_map_vars_internal / gomp_exit_data look a
// GOMP_MAP_ZERO_LEN_ARRAY_SECTION up with gomp_map_0len_lookup, which probes [p, p + 1) only;
// LLVM OpenMP/Mapping.cpp lookupMapping with Size == 0 is contained when the entry starting at or
// before p ends after p, getTargetPointer increments its count and creates nothing for Size 0, and
// the present modifier fails on it ("device mapping required by 'present' map type modifier does
// not exist … (0 bytes)", offload/test/mapping/present/zero_length_array_section.c and _exit.c).

import { err, ok, read, section, type Row } from '../rows.js';
import { hostRead, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetRead, targetWrite } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';
import { entry } from '../rows.js';
import { OMP_ZERO_LENGTH } from '../../model/zero-length.js';

const rows: Row[] = [
  {
    name: 'a zero-length section at the first element of an entry is counted on it; one past its end gets no storage',
    steps: [ompEnter([map('to', ['a(1:4)'])]), ompEnter([map('alloc', ['a(1:0)'])]), ompEnter([map('to', ['a(5:4)', 'b(1:0)'])])],
    state: { 2: { ompEntries: [entry([A, A + 16], 1, 2)] }, 3: { ompEntries: [entry([A, A + 16], 1, 2)] } },
    last: ok,
  },
  {
    name: 'exit data of a zero-length section inside an entry gives back a reference; delete removes the entry',
    steps: [ompEnter([map('to', ['a(1:4)'])]), ompEnter([map('to', ['a(1:4)'])]), ompExit([map('release', ['a(4:3)'])]), ompExit([map('delete', ['a(2:1)'])])],
    state: { 3: { ompEntries: [entry([A, A + 16], 1, 1)] }, 4: { ompEntries: [] } },
    last: ok,
  },
  {
    name: 'from of a zero-length section at the last reference copies no byte home',
    steps: [ompEnter([map('to', ['a(1:4)'])]), targetWrite('a(1:4)', 7), ompExit([map('from', ['a(2:1)'])]), hostRead('a(1:4)')],
    state: { 3: { ompEntries: [] } },
    last: read(1, 1, 1, 1),
  },
  {
    name: 'the present modifier: a zero-length section inside an entry is present, one past its end is not',
    steps: [ompEnter([map('to', ['a(1:4)'])]), targetRead('a(1:4)', [map('alloc', ['a(4:3)'], 'present')]), targetRead('a(1:4)', [map('alloc', ['a(5:4)'], 'present')])],
    at: { 2: read(1, 1, 1, 1) },
    last: err('omp_error_not_present'),
  },
  {
    name: 'a target data region with a zero-length section of absent data maps nothing, at entry or exit',
    steps: [ompDataBegin([map('tofrom', ['b(3:2)'])]), ompDataEnd],
    state: { 1: { ompEntries: [] }, 2: { ompEntries: [] } },
    last: ok,
  },
  {
    name: 'target update of a zero-length section assigns nothing; absent with the present motion modifier is an error',
    steps: [ompEnter([map('to', ['a(1:4)'])]), targetWrite('a(1:4)', 7), ompUpdate([motion('from', ['a(3:2)'])]), hostRead('a(1:4)'), ompUpdate([motion('from', ['a(5:4)'])]), ompUpdate([motion('from', ['a(5:4)'], true)])],
    at: { 4: read(1, 1, 1, 1), 5: ok },
    last: err('omp_error_not_present'),
  },
  {
    name: 'a zero-length item is a storage block of its own: it does not stretch the block of another item of its array',
    steps: [ompEnter([map('to', ['b(2:3)', 'b(7:6)'])])],
    state: { 1: { ompEntries: [entry([B + 4, B + 12], 1, 1)] } },
    last: ok,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (zero-length array sections)',
  rules: [OMP_ZERO_LENGTH],
  world: OMP_WORLD,
  rows,
});
