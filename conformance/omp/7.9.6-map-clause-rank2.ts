// OpenMP 6.0 §7.9.6 map clause, for rank-2 arrays and their sections (issue 9 item 6): an array
// section list item that is contiguous storage (every row of some columns, or rows of one column:
// Fortran 2018 §9.5.3.2 array element order) has the range from its first to its last element as
// its original storage, and every map rule applies to that range; a non-contiguous section is a
// restriction of the map clause that the language refuses (gfortran 12: "Array is not
// contiguous"; GCC C: "array section is not contiguous in 'map' clause"). A later map of the whole
// array extends the section's storage (K-B5). Evidence: LLVM offload maps one contiguous range per
// list item (omptarget.cpp targetDataBegin) and refuses to extend it ("Explicit extension of
// mapping is not allowed", OpenMP/Mapping.cpp getTargetPointer); libgomp likewise
// (gomp_map_vars_existing "Trying to map into device [..) object when [..) is already mapped").

import { UNDEF, entry, err, per, read, section, type Row } from '../rows.js';
import { hostRead, hostWrite, map, motion, ompEnter, ompUpdate, targetRead, targetWrite } from '../steps.js';
import { A2, RANK2_OMP_WORLD } from '../worlds.js';

const EXTENSION = err('fatal_partial_map');

const rows: Row[] = [
  {
    name: 'a map of a section of whole columns: one storage block of its elements; a kernel reads one of its columns from it',
    steps: [ompEnter([map('to', ['a(1:2,2:3)'])]), hostWrite('a', 0), targetRead('a(1:2,3:3)', [map('to', ['a(1:2,2:3)'])])],
    last: read(5, 6),
    state: { 1: { ompEntries: [entry([A2 + 8, A2 + 24], 1, 1)] } },
  },
  {
    name: 'target update from one column assigns that column only',
    steps: [ompEnter([map('to', ['a'])]), targetWrite('a(1:2,2:2)', 9), ompUpdate([motion('from', ['a(1:2,2:2)'])]), hostRead('a')],
    last: read(1, 2, 9, 9, 5, 6, 7, 8),
  },
  {
    name: 'a map of the whole array while a section of it is mapped: partly present (K-B5)',
    steps: [ompEnter([map('to', ['a(1:2,2:3)'])]), ompEnter([map('to', ['a'])])],
    last: per(UNDEF, { libgomp: EXTENSION, 'llvm-offload': EXTENSION }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (rank-2 arrays and sections)',
  // no rule of its own: a contiguous section is bytes, and the rules for bytes fire (lang/program.ts
  // rank2Section records where the section's storage comes from)
  rules: [],
  world: RANK2_OMP_WORLD,
  rows,
});
