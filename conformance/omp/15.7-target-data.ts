// OpenMP 6.0 §15.7 target data construct: maps at entry, unmaps at the end with each item's own
// map type; regions nest, and the end closes the innermost one on its own device.

import { entry, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { hostRead, map, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetWrite } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'the end unmaps what the items named at entry, with their own types: to exits like release',
    steps: [ompDataBegin([map('tofrom', ['a']), map('to', ['b'])]), targetWrite('a', 3), targetWrite('b', 4), hostRead('a'), ompDataEnd, hostRead('a'), hostRead('b')],
    at: { 4: readAll(10, 1), 6: readAll(10, 3) },
    last: readAll(10, 2),
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 1), entry([B, B + 40], 2, 1)] }, 5: { ompEntries: [] } },
  },
  {
    name: 'regions nest; the end closes the innermost one on its own device',
    steps: [ompDataBegin([map('to', ['a'])], 0), ompDataBegin([map('to', ['a'])], 1), ompDataEnd, ompDataEnd],
    last: ok,
    state: {
      2: perState(
        { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], 2, 1, { device: 1 })] },
        {
          libgomp: { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
          'llvm-offload': { ompEntries: [entry([A, A + 40], 1, 1), entry([A, A + 40], null, 1, { device: 1 })] },
        },
      ),
      3: { ompEntries: [entry([A, A + 40], 1, 1)] },
      4: { ompEntries: [] },
    },
  },
  {
    name: 'K-B68: an always from item that an exit data inside the region deleted is ignored at the end (the text); GCC 12 copies it back from the freed storage',
    cite: 'OpenMP 5.1 §2.21.7.1: a list item not present on exit is ignored; K-B68 stale-copy: GCC 12.2 measured on an H100 (probes-gcc-12-2026-12-05b, LLVM data_absent_at_exit.c imported, C and Fortran)',
    steps: [ompDataBegin([map('from', ['b']), map('tofrom', ['a'], 'always')]), ompExit([map('delete', ['a', 'b'])]), ompDataEnd, hostRead('b'), hostRead('a')],
    at: { 4: readAll(10, 2) },
    last: per(readAll(10, 1), { 'gcc-12': readAll(10, null), 'K-B68=stale-copy': readAll(10, null) }),
    state: { 3: { ompEntries: [] } },
  },
  {
    name: 'K-B68: only always from items are copied back from freed storage; always to and plain from keep the host values',
    steps: [ompDataBegin([map('to', ['a'], 'always'), map('from', ['b'])]), ompExit([map('delete', ['a', 'b'])]), ompDataEnd, hostRead('a'), hostRead('b')],
    at: { 4: readAll(10, 1) },
    last: readAll(10, 2),
  },
  {
    name: 'K-B68: an always from item present again only in part at the end is skipped like any partly present one, under either reading (the measured case is an absent item)',
    steps: [ompDataBegin([map('tofrom', ['a'], 'always')]), ompExit([map('delete', ['a'])]), ompEnter([map('to', ['a(1:4)'])]), ompDataEnd, hostRead('a')],
    last: readAll(10, 1),
  },
  {
    name: 'K-B68: a struct deleted inside the region keeps its host pointer under either reading (arrays only)',
    world: { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(2:4)' } }] },
    steps: [ompDataBegin([map('from', ['c'], 'always')]), ompExit([map('delete', ['c'])]), ompDataEnd, hostRead('c%p')],
    last: readAll(3, 1),
  },
  {
    name: 'K-B68: on a device that shares the host memory there is no freed copy: the host keeps its values under either reading',
    steps: [ompDataBegin([map('tofrom', ['b'], 'always')], 1), ompExit([map('delete', ['b'])], 1), ompDataEnd, hostRead('b')],
    last: readAll(10, 2),
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.7', title: 'target data construct', rules: ['OpenMP 6.0 §15.7 target data construct'], world: OMP_WORLD, rows });
