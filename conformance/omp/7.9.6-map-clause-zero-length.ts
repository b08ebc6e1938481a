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
// That is GCC's C lowering; gfortran maps a zero-length section with size 0, which libgomp keys
// [p, p) (K-B59 `zero-size-key`, gcc-12: model/omp/zero-size-keys.ts), and the rows say so.

import { err, ok, per, perState, read, section, type Row } from '../rows.js';
import { hostRead, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetRead, targetWrite } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';
import { entry } from '../rows.js';
import { OMP_ZERO_LENGTH } from '../../model/zero-length.js';

/** K-B59 `zero-size-key` alone (gcc-12 reads it too). */
const ZERO_SIZE = 'K-B59=zero-size-key';

const rows: Row[] = [
  {
    name: 'a zero-length section at the first element of an entry is counted on it; one past its end gets no storage',
    cite: 'K-B59 zero-size-key (gfortran with libgomp): [A, A) is not strictly inside [A, A + 16), so a key [A, A) is made; a(5:4) then meets that key ("Trying to map into device … already mapped", measured: omp-zero-length-fortran step 4 of 03f)',
    steps: [ompEnter([map('to', ['a(1:4)'])]), ompEnter([map('alloc', ['a(1:0)'])]), ompEnter([map('to', ['a(5:4)', 'b(1:0)'])])],
    state: {
      2: perState({ ompEntries: [entry([A, A + 16], 1, 2)] }, { [ZERO_SIZE]: { ompEntries: [entry([A, A + 16], 1, 1), entry([A, A], null, 1)] }, 'gcc-12': { ompEntries: [entry([A, A + 16], 1, 1), entry([A, A], null, 1)] } }),
      3: perState({ ompEntries: [entry([A, A + 16], 1, 2)] }, { [ZERO_SIZE]: null, 'gcc-12': null }),
    },
    last: per(ok, { [ZERO_SIZE]: err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
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
    cite: 'K-B59 zero-size-key: the region keys [b + 8, b + 8) with count 1 and gives it back at its end',
    steps: [ompDataBegin([map('tofrom', ['b(3:2)'])]), ompDataEnd],
    state: { 1: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B + 8, B + 8], null, 1)] }, 'gcc-12': { ompEntries: [entry([B + 8, B + 8], null, 1)] } }), 2: { ompEntries: [] } },
    last: ok,
  },
  {
    name: 'K-B59: two zero-length sections of absent data at different addresses: nothing is created (the text); gfortran keys the first and the second meets it (zero-size-key)',
    cite: 'K-B59 zero-size-key, measured with GCC 12.2 gfortran: map(to: b(1:0)) then map(to: b(3:2)) of absent b stops "Trying to map into device [b+8..b+8) object when [b..b) is already mapped" (omp-zero-length-absent-fortran step 2, 03e / 03f)',
    steps: [ompEnter([map('to', ['b(1:0)'])]), ompEnter([map('to', ['b(3:2)'])])],
    at: { 1: ok },
    state: { 1: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B, B], null, 1)] }, 'gcc-12': { ompEntries: [entry([B, B], null, 1)] } }) },
    last: per(ok, { [ZERO_SIZE]: err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
  },
  {
    name: 'K-B59: exit data of a zero-length section elsewhere counts the zero-length key down (zero-size-key); a map over the key\'s address stops',
    cite: 'K-B59 zero-size-key: gomp_exit_data looks [p, p) up with splay_tree_lookup, which meets any zero-length key, and decrements it without a containment check; a nonzero map holding the key strictly inside finds it (gomp_map_vars_existing: "already mapped")',
    steps: [ompEnter([map('to', ['b(2:1)'])]), ompEnter([map('to', ['b(2:1)'])]), ompExit([map('release', ['b(5:4)'])]), ompEnter([map('to', ['b'])])],
    state: { 3: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B + 4, B + 4], null, 1)] }, 'gcc-12': { ompEntries: [entry([B + 4, B + 4], null, 1)] } }) },
    last: per(ok, { [ZERO_SIZE]: err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
  },
  {
    name: 'K-B59: a zero-length section strictly inside an entry counts on it; one at its first byte is keyed (zero-size-key); two items at one address count the key once',
    cite: 'K-B59 zero-size-key: libgomp.h splay_compare matches [p, p) with an entry only when p lies strictly inside it; gomp_increment_refcount moves a key once per construct (refcount_set)',
    steps: [ompEnter([map('to', ['a(1:4)'])]), ompEnter([map('alloc', ['a(2:1)'])]), ompEnter([map('to', ['a(1:0)']), map('alloc', ['a(1:0)'])])],
    state: {
      2: { ompEntries: [entry([A, A + 16], 1, 2)] },
      3: perState({ ompEntries: [entry([A, A + 16], 1, 3)] }, { [ZERO_SIZE]: { ompEntries: [entry([A, A + 16], 1, 2), entry([A, A], null, 1)] }, 'gcc-12': { ompEntries: [entry([A, A + 16], 1, 2), entry([A, A], null, 1)] } }),
    },
    last: ok,
  },
  {
    name: 'K-B59: exit data at an entry\'s first byte gives back the entry\'s reference (the text) or the zero-length key\'s (zero-size-key); strictly inside, the entry\'s; delete zeroes the key',
    cite: 'K-B59 zero-size-key: gomp_exit_data looks [p, p) up with splay_tree_lookup (strictly inside an entry, else any zero-length key)',
    steps: [
      ompEnter([map('to', ['a(1:4)'])]),
      ompEnter([map('to', ['b(1:0)'])]),
      ompEnter([map('to', ['b(1:0)'])]),
      ompExit([map('release', ['a(1:0)'])]),
      ompExit([map('release', ['a(2:1)'])]),
      ompEnter([map('to', ['b(1:0)'])]),
      ompExit([map('delete', ['b(3:2)'])]),
    ],
    state: {
      4: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([A, A + 16], 1, 1), entry([B, B], null, 1)] }, 'gcc-12': { ompEntries: [entry([A, A + 16], 1, 1), entry([B, B], null, 1)] } }),
      5: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B, B], null, 1)] }, 'gcc-12': { ompEntries: [entry([B, B], null, 1)] } }),
      6: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B, B], null, 2)] }, 'gcc-12': { ompEntries: [entry([B, B], null, 2)] } }),
      7: { ompEntries: [] },
    },
    last: ok,
  },
  {
    name: 'K-B59: keys are per device, and a map that starts or ends at a key does not hold it (zero-size-key)',
    cite: 'K-B59 zero-size-key: each device has its own table; splay_compare matches [s, e) with [p, p) only when s < p < e',
    steps: [
      ompEnter([map('to', ['b(2:1)'])], 0),
      ompEnter([map('to', ['b(2:1)'])], 1),
      ompExit([map('release', ['b(2:1)'])], 0),
      ompEnter([map('to', ['b'])], 0),
      ompEnter([map('to', ['b(2:3)'])], 1),
      ompEnter([map('to', ['b(1:1)'])], 1),
    ],
    at: { 4: ok, 5: ok },
    state: {
      3: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B + 4, B + 4], null, 1, { device: 1 })] }, 'gcc-12': { ompEntries: [entry([B + 4, B + 4], null, 1, { device: 1 })] } }),
    },
    last: ok,
  },
  {
    name: 'K-B59: exit data map(present, release) of a zero-length section no entry holds: not present (the text); the zero-length key elsewhere is found and counted down (zero-size-key)',
    cite: 'K-B6 error (the present modifier checked at exit data); K-B59 zero-size-key: gomp_exit_data finds any zero-length key',
    steps: [ompEnter([map('to', ['b(2:1)'])]), ompExit([map('release', ['b(9:8)'], 'present')])],
    last: per(err('omp_error_not_present'), { [ZERO_SIZE]: ok }),
    state: { 2: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [] } }) },
  },
  {
    name: 'K-B59: a second exit item on the same zero-length key moves it once; the present modifier finds the key at its own address (zero-size-key)',
    cite: 'K-B59 zero-size-key: gomp_decrement_refcount moves a key once per construct (refcount_set); a present map of [p, p) finds the key at p',
    steps: [
      ompEnter([map('to', ['b(1:0)'])]),
      ompEnter([map('to', ['b(1:0)'])]),
      ompExit([map('release', ['b(3:2)']), map('release', ['b(5:4)'])]),
      ompEnter([map('alloc', ['b(1:0)'], 'present')]),
    ],
    state: { 3: perState({ ompEntries: [] }, { [ZERO_SIZE]: { ompEntries: [entry([B, B], null, 1)] }, 'gcc-12': { ompEntries: [entry([B, B], null, 1)] } }) },
    last: per(err('omp_error_not_present'), { [ZERO_SIZE]: ok }),
  },
  {
    name: 'K-B59: the present modifier on an absent zero-length section is an error under both readings',
    steps: [ompEnter([map('alloc', ['b(1:0)'], 'present')])],
    last: per(err('omp_error_not_present'), { [ZERO_SIZE]: err('omp_error_not_present') }),
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
    state: {
      1: perState(
        { ompEntries: [entry([B + 4, B + 12], 1, 1)] },
        { [ZERO_SIZE]: { ompEntries: [entry([B + 4, B + 12], 1, 1), entry([B + 24, B + 24], null, 1)] }, 'gcc-12': { ompEntries: [entry([B + 4, B + 12], 1, 1), entry([B + 24, B + 24], null, 1)] } },
      ),
    },
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
