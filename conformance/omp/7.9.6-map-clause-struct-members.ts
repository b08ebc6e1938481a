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
import { assign, hostRead, hostWrite, map, motion, ompEnter, ompExit, ompUpdate, targetRead, targetWrite } from '../steps.js';
import { AOS_WORLD, C, C_ARR, C_N, MEMBERS_OMP_WORLD, MEMBERS_WORLD } from '../worlds.js';
import { STRUCT_GROUP } from '../../model/omp/map-entry.js';
import { OMP_STRUCT_MEMBER } from '../../model/struct-members.js';

const LIST_ITEM = 'spec-omp-5.2';
const EXTENSION = err('fatal_partial_map');
/** K-B47 `descriptor` (gfortran 12: a c%p item maps the component's descriptor too), alone and with K-B70 `struct-group`. */
const DESCRIPTOR = 'K-B47=descriptor';
const DESCRIPTOR_GROUP = 'K-B47=descriptor,K-B70=struct-group';

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
  {
    name: 'K-B70: a member mapped after another member of its struct maps alone (per-member, the text); libgomp looks the struct\'s group up from its first byte, meets the other member and stops',
    cite: 'measured: GCC 12.2 on an H100, gen-20270114-196 step 6 (C and Fortran, profiles/measured/gcc-12-nvptx-2026-12-06l.md); target.c gomp_map_fields_existing',
    steps: [ompEnter([map('to', ['c%n'])]), ompEnter([map('to', ['c%arr(2:3)'])])],
    last: per(ok, { libgomp: EXTENSION, 'K-B70=struct-group': EXTENSION }),
  },
  {
    name: 'K-B70 struct-group: members all present already run',
    steps: [ompEnter([map('to', ['c%n', 'c%arr(2:3)'])]), ompEnter([map('to', ['c%n', 'c%arr(2:3)'])]), ompExit([map('release', ['c%n', 'c%arr(2:3)'])])],
    last: per(ok, { 'K-B70=struct-group': ok }),
  },
  {
    name: 'K-B70 struct-group: the struct mapped whole, then a member',
    steps: [ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%arr(2:3)'])])],
    last: per(ok, { 'K-B70=struct-group': ok }),
  },
  {
    name: 'K-B70 struct-group: the first member of a struct nothing of which is mapped maps',
    steps: [ompEnter([map('to', ['c%arr(2:3)'])]), ompEnter([map('to', ['c%arr(4:4)'])])],
    at: { 1: per(ok, { 'K-B70=struct-group': ok }) },
    last: per(ok, { libgomp: EXTENSION, 'K-B70=struct-group': EXTENSION }),
  },
  {
    name: 'K-B70 struct-group: on a device that shares the host\'s memory nothing is mapped, so nothing is grouped',
    steps: [ompEnter([map('to', ['c%n'])], 1), ompEnter([map('to', ['c%arr(2:3)'])], 1)],
    last: per(ok, { 'K-B70=struct-group': ok }),
  },
  {
    name: 'K-B70 struct-group: a member mapped on another device does not count',
    world: { ...MEMBERS_OMP_WORLD, devices: [{ kind: 'discrete' }, { kind: 'discrete' }] },
    steps: [ompEnter([map('to', ['c%n'])], 1), ompEnter([map('to', ['c%arr(2:3)'])], 0)],
    last: per(ok, { 'K-B70=struct-group': ok }),
  },
  {
    name: 'K-B70 struct-group: an item before the member does not hide it from its struct\'s group',
    steps: [ompEnter([map('to', ['c%n'])]), ompEnter([map('to', ['a', 'c%arr(2:3)'])])],
    last: per(ok, { libgomp: EXTENSION, 'K-B70=struct-group': EXTENSION }),
  },
  {
    name: 'K-B70 struct-group: the group reaches the end of its last member, whichever item names it',
    cite: 'K-B16: under storage-block the two items form one block [c%n, c%arr(4)] that meets c%arr(3:3) (K-B5); 5.2 maps each item alone',
    steps: [ompEnter([map('to', ['c%arr(3:3)'])]), ompEnter([map('to', ['c%arr(4:4)', 'c%n'])])],
    last: per(UNDEF, { [LIST_ITEM]: ok, libgomp: EXTENSION, 'llvm-offload': EXTENSION, 'K-B70=struct-group': EXTENSION }),
  },
  {
    name: 'K-B70 struct-group: a whole struct item is no member of the group (its own map meets the partly present struct)',
    steps: [ompEnter([map('to', ['c%arr(2:3)'])]), ompEnter([map('to', ['c', 'c%arr(2:3)'])])],
    last: per(UNDEF, { libgomp: EXTENSION, 'llvm-offload': EXTENSION, 'K-B70=struct-group': UNDEF }),
  },
  {
    name: 'K-B70 struct-group: the elements of an array of structs are no members of one struct',
    world: { ...AOS_WORLD, structs: [{ name: 'c', pointers: ['p'] }, ...AOS_WORLD.structs], devices: [{ kind: 'discrete' }] },
    steps: [ompEnter([map('to', ['cs(1)'])]), ompEnter([map('to', ['cs(2)'])])],
    last: per(ok, { 'K-B70=struct-group': ok }),
  },
  {
    name: 'K-B70 struct-group: a member at the struct\'s first byte is still a member (a struct of fields only)',
    world: { ...MEMBERS_WORLD, structs: [{ name: 's', pointers: [], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }] }], devices: [{ kind: 'discrete' }] },
    cite: 'K-B16: under storage-block the two items form one block [s%n, s%arr(3)] that meets s%arr(2:3) (K-B5); 5.2 maps each item alone',
    steps: [ompEnter([map('to', ['s%arr(2:3)'])]), ompEnter([map('to', ['s%n', 's%arr(2:3)'])])],
    last: per(UNDEF, { [LIST_ITEM]: ok, libgomp: EXTENSION, 'llvm-offload': EXTENSION, 'K-B70=struct-group': EXTENSION }),
  },
  // K-B47 `descriptor` (gfortran 12, gcc-12): a c%p item maps the component's descriptor, c's first
  // 16 bytes here, as a member of the struct's group. Measured with GCC 12.2 on an H100:
  // toolchain/probes/omp-struct-group-*, omp-descriptor-* (profiles/measured/probes-gcc-12-2026-12-06m.md, -06n.md).
  {
    name: 'K-B47 descriptor with K-B70 struct-group: a member mapped after a section of the pointer component meets the descriptor that section mapped, and stops',
    cite: 'measured: omp-struct-group-member-after-pointer-fortran step 2 ("structure element when other mapped elements from the same structure weren\'t mapped together with it"); the C unit runs (GCC\'s C lowering maps no c.p)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p(2:3)'])]), ompEnter([map('to', ['c%n'])])],
    last: per(ok, { 'gcc-12': EXTENSION, [DESCRIPTOR_GROUP]: EXTENSION, [DESCRIPTOR]: ok }),
  },
  {
    name: 'K-B47 descriptor with K-B70 struct-group: a section of the pointer component beside a mapped member makes the descriptor a member that is not present',
    cite: 'measured: omp-struct-group-pointer-member-fortran step 2 and gen-20270114-139-fortran step 2 (profiles/measured/gcc-12-nvptx-2026-12-06l.md); the C units run',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%arr(2:3)'])]), ompEnter([map('to', ['c%arr(2:3)', 'c%p(2:3)'])])],
    // (alone, K-B47 descriptor makes the descriptor and c%arr(2:3) one storage block of c, partly present: K-B5)
    last: per(ok, { 'gcc-12': EXTENSION, [DESCRIPTOR_GROUP]: EXTENSION, [DESCRIPTOR]: UNDEF }),
  },
  {
    name: 'K-B47 descriptor with K-B70 struct-group: the same members and section again find every member present',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%n', 'c%p(2:3)'])]), ompEnter([map('to', ['c%n', 'c%p(2:3)'])])],
    last: per(ok, { [DESCRIPTOR_GROUP]: ok }),
  },
  {
    name: 'K-B47 descriptor: a target construct maps no descriptor (its always pointer is looked up first, K-B42), so a section of the component beside a mapped member is no member of a group there',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%arr(2:3)'])]), targetRead('b', [map('to', ['c%arr(2:3)', 'c%p(2:3)'])])],
    last: per(read(2, 2, 2, 2, 2, 2, 2, 2, 2, 2), { 'gcc-12': err('fatal_lowering'), [DESCRIPTOR_GROUP]: read(2, 2, 2, 2, 2, 2, 2, 2, 2, 2) }),
  },
  {
    name: 'K-B47 descriptor: the whole struct mapped after a section of its pointer component meets the descriptor\'s entry (partly present, K-B5)',
    cite: 'measured: omp-descriptor-then-struct-fortran step 2 ("Trying to map into device [c, c + 88) object when [c, c + 64) is already mapped"); the C unit runs',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p(2:3)'])]), ompEnter([map('to', ['c'])])],
    last: per(ok, { 'gcc-12': EXTENSION, [DESCRIPTOR]: UNDEF }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (non-pointer struct members)',
  rules: [OMP_STRUCT_MEMBER, STRUCT_GROUP],
  world: MEMBERS_OMP_WORLD,
  rows,
});
