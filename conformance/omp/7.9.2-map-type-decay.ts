// OpenMP 6.0 §7.9.2 map type decay (issue 9 item 5): the map type a declare mapper's item gets when a
// clause maps a struct through the mapper (§7.9.10): storage (alloc / release) dominates, to with
// from is storage, tofrom is the identity; release and delete on exit keep the clause's type. Worlds
// and evidence as conformance/omp/7.9.10-declare-mapper.ts (libgomp and LLVM combine the types in the
// compiler and map the result; GCC 12 rejects the directive, K-B43).

import { read, section, type Row } from '../rows.js';
import { hostRead, hostWrite, isPresent, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetWrite, v } from '../steps.js';
import { DEEP, P_FROM, P_TO } from './7.9.10-declare-mapper.js';

const rows: Row[] = [
  {
    name: 'map type decay: exit data from(c) with the mapper item to c%p is release for a: removed without a copy back',
    world: P_TO,
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%p', 9), ompExit([map('from', ['c'])]), hostRead('a'), isPresent(v('a'))],
    at: { 4: read(1, 1, 1, 1) },
    last: { kind: 'value', value: false },
  },
  {
    name: 'map type decay: tofrom is the identity, from with a from item copies back at RC 1',
    world: P_FROM,
    steps: [ompDataBegin([map('tofrom', ['c'])]), targetWrite('c%p', 9), ompDataEnd, hostRead('a')],
    last: read(9, 9, 9, 9),
  },
  {
    name: 'map type decay: to with a from item is storage: a\'s storage is not copied in',
    world: P_FROM,
    steps: [hostWrite('a', 5), ompDataBegin([map('to', ['c'])]), targetWrite('c%p', 7), ompDataEnd, hostRead('a')],
    last: read(5, 5, 5, 5),
  },
  {
    name: 'target update from(c) through a tofrom item brings the kernel\'s values home',
    world: DEEP,
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%p', 9), ompUpdate([motion('from', ['c'])]), hostRead('a')],
    last: read(9, 9, 9, 9),
  },
  {
    name: 'map type decay for motion clauses: target update from(c) moves the mapper\'s from and tofrom items only, a\'s to item is not brought home',
    world: P_TO,
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%p', 9), ompUpdate([motion('from', ['c'])]), hostRead('a')],
    last: read(1, 1, 1, 1),
  },
  {
    name: 'map type decay: release of c releases every item of the mapper whatever its type',
    world: P_FROM,
    steps: [ompEnter([map('to', ['c'])]), targetWrite('c%p', 9), ompExit([map('release', ['c'])]), hostRead('a'), isPresent(v('a'))],
    at: { 4: read(1, 1, 1, 1) },
    last: { kind: 'value', value: false },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.2',
  title: 'map type decay',
  rules: ['OpenMP 6.0 §7.9.2 map type decay'],
  world: DEEP,
  rows,
});
