// OpenMP 6.0 §15.8 target construct: maps its items (and the implicit ones) for the duration of
// the kernel, which reads or writes the corresponding storage.

import { HALTED, UNDEF, err, per, readAll, read, section, stoppedUnder, type Row } from '../rows.js';
import { assign, hostRead, map, motion, ompEnter, ompUpdate, targetAdd, targetRead, targetWrite } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a kernel adding to a mapped array section: each corresponding element gets that much more; from brings them home',
    world: { arrays: [{ name: 'a', length: 4, init: [1, 2, 3, 4] }], structs: [] },
    steps: [ompEnter([map('to', ['a'])]), targetAdd('a(2:4)', 100, -10), hostRead('a'), ompUpdate([motion('from', ['a'])]), hostRead('a')],
    at: { 3: read(1, 2, 3, 4) },
    last: read(1, 102, 93, 84),
  },
  {
    name: 'a kernel\'s sum past a C int is undefined (C11 §6.5p5)',
    world: { arrays: [{ name: 'a', length: 4, init: 1_000_000_000 }], structs: [] },
    steps: [ompEnter([map('to', ['a'])]), targetAdd('a(1:1)', 1_000_000_000, 0), targetAdd('a(1:2)', 1_000_000_000, 0), hostRead('a')],
    at: { 2: { kind: 'ok' }, 3: UNDEF },
    last: HALTED,
  },
  { name: 'a kernel reads the corresponding storage', steps: [ompEnter([map('to', ['a'])]), targetRead('a(3:4)')], last: readAll(2, 1) },
  {
    name: 'a kernel on a discrete device does not follow a host address in a device pointer',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])], 0), targetRead('c%p', [], 0)],
    last: UNDEF,
  },
  {
    name: 'a kernel on a shared-memory device follows a host address in a device pointer',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])], 1), targetRead('c%p', [], 1)],
    last: readAll(10, 1),
  },
  { name: 'map(from) of absent data: the kernel writes, the end copies back', steps: [targetWrite('b(1:2)', 6, [map('from', ['b(1:2)'])]), hostRead('b(1:3)')], last: read(6, 6, 2) },
  // K-B55 `descriptor` (gcc-12, mapcheck's Fortran form: pointer arrays): a's section put its descriptor on the
  // device, so the unused whole a keeps its data map, which meets a partly present: the construct stops.
  stoppedUnder({
    name: 'a map of a whole variable the region does not use, partly present: unspecified (K-B5); GCC drops the map (K-B55 dropped) and the kernel runs',
    cite: 'K-B55: GCC 12.2 -fdump-tree-gimple: "target map(to: a) map(alloc: d)" around a region using only b keeps only the implicit map of b',
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetRead('b(1:2)', [map('to', ['a'])])],
    last: per(UNDEF, { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map'), 'K-B55=dropped': readAll(2, 2), 'gcc-12': readAll(2, 2) }),
  }, 'gcc-12', 2, err('fatal_partial_map')),
  {
    name: 'a section of a variable the region does not use stays under K-B55 dropped',
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetRead('b(1:2)', [map('to', ['a(1:8)'])])],
    last: per(UNDEF, { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
  },
  {
    name: 'with the always modifier the map of a whole variable the region does not use stays under K-B55 dropped',
    cite: 'K-B55: GCC 12.2 -fdump-tree-gimple keeps "map(always,to:a)" on a target region that uses only b',
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetRead('b(1:2)', [map('to', ['a'], 'always')])],
    last: per(UNDEF, { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.8', title: 'target construct', rules: ['OpenMP 6.0 §15.8 target construct', 'OpenMP 6.0 §15.8 target construct (a map of a whole variable the region does not use, K-B55)'], world: OMP_WORLD, rows });
