// OpenMP 6.0 §15.6 target exit data construct: map-exiting only (from, release, delete).

import { HALTED, UNDEF, entry, err, ok, per, perState, readAll, section, value, type Row } from '../rows.js';
import { assign, hostRead, isPresent, map, ompEnter, ompExit, targetWrite, v } from '../steps.js';
import { A, C, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the count reaches 0 by release: only the last reference copies back; block numbers are not reused',
    steps: [
      ompEnter([map('to', ['a'])]),
      ompEnter([map('alloc', ['a'])]),
      targetWrite('a', 7),
      ompExit([map('from', ['a'])]),
      hostRead('a'),
      ompExit([map('release', ['a'])]),
      ompEnter([map('to', ['a'])]),
      targetWrite('a', 8),
      ompExit([map('from', ['a'])]),
      hostRead('a'),
    ],
    at: { 5: readAll(10, 1) },
    last: readAll(10, 8),
    state: {
      2: { ompEntries: [entry([A, A + 40], 1, 2)] },
      4: { ompEntries: [entry([A, A + 40], 1, 1)] },
      6: { ompEntries: [] },
      7: { ompEntries: [entry([A, A + 40], 2, 1)] },
      9: { ompEntries: [] },
    },
  },
  {
    name: 'release moves the count one step at a time',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), ompExit([map('release', ['a'])]), ompExit([map('release', ['a'])])],
    last: ok,
    state: { 2: { ompEntries: [entry([A, A + 40], 1, 2)] }, 3: { ompEntries: [entry([A, A + 40], 1, 1)] }, 4: { ompEntries: [] } },
  },
  {
    name: 'the delete type removes the entry whatever its count and copies nothing back',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 7), ompExit([map('delete', ['a'])]), hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { ompEntries: [entry([A, A + 40], 1, 2)] }, 4: { ompEntries: [] } },
  },
  {
    name: 'from with the delete modifier copies back and removes the entry',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 7), ompExit([map('from', ['a'], 'delete')]), hostRead('a')],
    last: readAll(10, 7),
    state: { 4: { ompEntries: [] } },
  },
  {
    name: 'exit of absent or partly present data is skipped silently (K-B51 skip); libgomp copies the whole item from the entry it overlaps (undefined)',
    cite: 'K-B51 overlapping-entry: libgomp target.c gomp_exit_data finds a(1:5) for a, drops its count to 0 and copies 40 bytes from its 20-byte storage',
    steps: [ompExit([map('from', ['a'])]), ompEnter([map('to', ['a(1:5)'])]), ompExit([map('from', ['a'])])],
    at: { 1: ok, 2: ok },
    last: per(ok, { libgomp: UNDEF, 'K-B51=overlapping-entry': UNDEF }),
    state: { 3: perState({ ompEntries: [entry([A, A + 20], 1, 1)] }, { libgomp: null, 'K-B51=overlapping-entry': null }) },
  },
  // K-B53: gfortran 12 passes a pointer component's descriptor to exit data with kind 0x00
  // (GOMP_MAP_ALLOC), which GCC 12's target.c gomp_exit_data has no case for: gomp_fatal
  // ("GOMP_target_enter_exit_data unhandled kind 0x00"). Measured with GCC 12.2 on an H200
  // (profiles/measured/gcc-12-nvptx-2026-12-03g.md, -03f.md, -03b.md); the C forms run.
  {
    name: 'exit data from a whole associated pointer member: its pointee exits and comes home; gfortran 12 aborts (K-B53)',
    cite: 'K-B53 abort: gen-20261210-098-fortran step 12, -168 step 3, -201 step 4 (gcc-12-nvptx-2026-12-03g), omp-plain-pointer-fortran steps 8 and 9 (-03f)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), targetWrite('a', 7), ompExit([map('from', ['c%p'])]), hostRead('a')],
    at: { 4: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B53=abort': err('fatal_lowering') }) },
    last: per(readAll(10, 7), { 'gcc-12': HALTED, 'K-B53=abort': HALTED }),
    state: { 4: perState({ ompEntries: [] }, { 'gcc-12': null, 'K-B53=abort': null }) },
  },
  {
    name: 'release and delete items of the same member run under every reading (K-B53 names from items only)',
    cite: 'measured with GCC 12.2 gfortran: release of c%p runs (gen-20261203-044-fortran step 6), delete too (gen-20261203-164-fortran step 3)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), ompEnter([map('to', ['c%p'])]), ompExit([map('release', ['c%p'])]), ompExit([map('delete', ['c%p'])]), isPresent(v('a'))],
    at: { 4: ok, 5: ok },
    last: value(false),
  },
  // K-B53 for sections: gfortran 12.2 (-fdump-tree-gimple) passes the component's descriptor beside
  // a section's data as map(to: c.p1 [len: 64]) in every exit data, whatever the section's map
  // type, and gomp_exit_data stops at it ("unhandled kind 0x01", GOMP_MAP_TO), also with nothing
  // present. Measured with GCC 12.2 on an H200.
  {
    name: 'exit data of a section of a pointer member: the section exits, absent or present; gfortran 12 aborts at the first (K-B53)',
    cite: 'K-B53 abort: gen-20261219-024-fortran step 3, map(delete: cs(1)%p(3:8)) map(delete: b) with nothing present (gcc-12-nvptx-2026-12-05n); the C unit runs it',
    steps: [
      assign('c%p', 'a'),
      ompExit([map('delete', ['c%p(3:8)']), map('delete', ['b'])]),
      ompEnter([map('to', ['c', 'c%p(3:8)'])]),
      ompExit([map('from', ['c%p(3:8)'])]),
      isPresent(v('a', 8)),
    ],
    at: { 2: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B53=abort': err('fatal_lowering') }), 3: per(ok, { 'gcc-12': HALTED, 'K-B53=abort': HALTED }), 4: per(ok, { 'gcc-12': HALTED, 'K-B53=abort': HALTED }) },
    last: per(value(false), { 'gcc-12': HALTED, 'K-B53=abort': HALTED }),
    state: { 3: perState({ ompEntries: [entry([A + 8, A + 32], 2, 1), entry([C, C + 16], 1, 1)] }, { 'gcc-12': null, 'K-B53=abort': null }) },
  },
  {
    name: 'exit data naming no pointer member runs under every reading, after a construct that named sections of one (K-B53)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['b', 'c%p(1:2)'])]), ompExit([map('release', ['b'])])],
    last: ok,
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.6', title: 'target exit data construct', rules: ['OpenMP 6.0 §15.6 target exit data construct', 'OpenMP 6.0 §15.6 target exit data construct (a from item of a whole pointer member, K-B53)', 'OpenMP 6.0 §15.6 target exit data construct (a section of a pointer member, K-B53)'], world: OMP_WORLD, rows });
