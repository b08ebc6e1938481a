// OpenMP 6.0 §15.6 target exit data construct: map-exiting only (from, release, delete).

import { UNDEF, entry, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { hostRead, map, ompEnter, ompExit, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

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
];

export default section({ spec: 'OpenMP 6.0', section: '15.6', title: 'target exit data construct', rules: ['OpenMP 6.0 §15.6 target exit data construct'], world: OMP_WORLD, rows });
