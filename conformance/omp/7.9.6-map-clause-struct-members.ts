// OpenMP 6.0 §7.9.6 map clause, for non-pointer struct members (structure elements, issue 9 item
// 5): a map of the structure maps its elements, so the corresponding structure carries their
// values; a structure element maps its own bytes, and the elements of one structure on one
// construct form one storage block from the lowest to the highest byte (K-B16; 5.2: one entry per
// list item). Evidence: LLVM offload maps the parent struct entry from the lowest to the highest
// member a construct names (omptarget.cpp targetDataBegin, OMP_TGT_MAPTYPE_MEMBER_OF) and refuses
// to extend it to the whole struct later ("Explicit extension of mapping is not allowed",
// OpenMP/Mapping.cpp getTargetPointer); libgomp likewise (target.c gomp_map_vars, GOMP_MAP_STRUCT;
// gomp_map_vars_existing "Trying to map into device [..) object when [..) is already mapped").

import { UNDEF, entry, err, ok, per, perState, read, section, type Row } from '../rows.js';
import { hostRead, hostWrite, map, motion, ompEnter, ompExit, ompUpdate, targetRead, targetWrite } from '../steps.js';
import { C, C_ARR, C_N, MEMBERS_OMP_WORLD } from '../worlds.js';
import { OMP_STRUCT_MEMBER } from '../../model/struct-members.js';

const LIST_ITEM = 'spec-omp-5.2';
const EXTENSION = err('fatal_partial_map');

const rows: Row[] = [
  {
    name: 'a map of the whole struct carries its members: a kernel reads the value mapped, not a later host write',
    steps: [ompEnter([map('to', ['c'])]), hostWrite('c%n', 9), targetRead('c%n')],
    last: read(5),
    state: { 1: { ompEntries: [entry([C, C + 36], 1, 1)] } },
  },
  {
    name: 'members named on one construct form one storage block from the lowest to the highest byte (6.0); one entry each under 5.2',
    cite: 'K-B16: OpenMP 5.2 §5.8.3 counts references per list item',
    steps: [ompEnter([map('to', ['c%n', 'c%arr(3:4)'])])],
    last: ok,
    state: {
      1: perState(
        { ompEntries: [entry([C_N, C + 36], 1, 1)] },
        { [LIST_ITEM]: { ompEntries: [entry([C_N, C_N + 4], 1, 1), entry([C_ARR + 8, C_ARR + 16], 2, 1)] } },
      ),
    },
  },
  {
    name: 'target update from a member section assigns those bytes only',
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%arr', 7), ompUpdate([motion('from', ['c%arr(2:3)'])]), hostRead('c%arr')],
    last: read(1, 7, 7, 4),
  },
  {
    name: 'exit with from of the whole struct brings its members home',
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%n', 8), ompExit([map('from', ['c'])]), hostRead('c%n')],
    at: { 3: ok },
    last: read(8),
  },
  {
    name: 'a map of the whole struct while one of its members is mapped: partly present (K-B5)',
    steps: [ompEnter([map('to', ['c%arr'])]), ompEnter([map('to', ['c'])])],
    last: per(UNDEF, { libgomp: EXTENSION, 'llvm-offload': EXTENSION }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (non-pointer struct members)',
  rules: [OMP_STRUCT_MEMBER],
  world: MEMBERS_OMP_WORLD,
  rows,
});
