// OpenMP 6.0 §7.9.10 declare mapper directive and §7.9.2 map type decay (issue 9 item 5): a map or
// motion clause naming a struct whose type has a default mapper maps the mapper's list instead, each
// item with the clause's type combined with its own (storage dominates; to with from is storage;
// tofrom is the identity), so reference counts, copies and pointer attachment follow the expanded
// list. Expectations from the text. libgomp: GCC expands mappers in the compiler (gcc-patches
// "OpenMP: Support OpenMP 5.0 declare mapper directives for C", c-omp.cc omp_instantiate_mapper
// with "map kind decay ... OpenMP 5.2 semantics"); the runtime sees ordinary map clauses, so its
// column is the spec's. LLVM offload: omptarget.cpp targetDataMapper calls the compiler-made mapper
// function, which pushes one component per mapper item with the combined map type, and maps them
// with targetDataBegin / targetDataEnd / targetDataUpdate: the spec's column too. GCC 12 rejects the
// directive (K-B43 absent, measured): every row is unavailable there at the first construct that
// maps through the mapper (rows.ts section()).

import { UNAVAILABLE, UNDEF, dev, ok, per, read, section, type Row } from '../rows.js';
import { hostWrite, isPresent, map, ompEnter, ompExit, targetPointer, targetRead, v } from '../steps.js';
import type { MapperDecl, World } from '../../lang/program.js';

/** a(4) = 1 behind c%p; d%p => a too, without a mapper. */
export function mapperWorld(maps: MapperDecl['maps']): World {
  return {
    arrays: [{ name: 'a', length: 4, init: 1 }],
    structs: [
      { name: 'c', pointers: ['p'], init: { p: 'a' } },
      { name: 'd', pointers: ['p'], init: { p: 'a' } },
    ],
    mappers: [{ struct: 'c', maps }],
  };
}
export const DEEP = mapperWorld([{ type: 'tofrom', vars: ['c', 'c%p'] }]);
export const P_TO = mapperWorld([{ type: 'tofrom', vars: ['c'] }, { type: 'to', vars: ['c%p'] }]);
export const P_FROM = mapperWorld([{ type: 'tofrom', vars: ['c'] }, { type: 'from', vars: ['c%p'] }]);
const P_ONLY = mapperWorld([{ type: 'tofrom', vars: ['c%p'] }]);

const rows: Row[] = [
  {
    name: 'a compiler without declare mapper (K-B43 absent, GCC 12: "Unclassifiable OpenMP directive"): the program cannot be built',
    world: DEEP,
    steps: [hostWrite('a', 5), ompEnter([map('to', ['c'])])],
    at: { 1: ok },
    last: per(ok, { 'K-B43=absent': UNAVAILABLE }),
  },
  {
    name: 'map(to: c) through map(tofrom: c, c%p): c and its pointer\'s target are mapped and the corresponding pointer is attached',
    world: DEEP,
    steps: [ompEnter([map('to', ['c'])]), targetPointer('c%p'), targetRead('c%p')],
    at: { 1: ok, 2: dev(2, 0) },
    last: read(1, 1, 1, 1),
  },
  {
    name: 'without a mapper, map(to: d) maps d only: its pointer keeps the host address (no attachment), the kernel cannot use it',
    world: DEEP,
    steps: [ompEnter([map('to', ['d'])]), targetRead('d%p')],
    last: UNDEF,
  },
  {
    name: 'the implicit map of the kernel\'s struct goes through the mapper: a is mapped, copied and reached',
    world: DEEP,
    steps: [hostWrite('a', 5), targetRead('c%p'), isPresent(v('a'))],
    at: { 2: read(5, 5, 5, 5) },
    last: { kind: 'value', value: false },
  },
  {
    name: 'a mapper that leaves its variable out maps only what it names: a is present, c is not',
    world: P_ONLY,
    steps: [ompEnter([map('to', ['c'])]), isPresent(v('a')), isPresent(v('c'))],
    at: { 2: { kind: 'value', value: true } },
    last: { kind: 'value', value: false },
  },
  {
    name: 'reference counts follow the expanded list: two enters, one release keeps a, the second removes it',
    world: DEEP,
    steps: [ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c'])]), ompExit([map('release', ['c'])]), isPresent(v('a')), ompExit([map('release', ['c'])]), isPresent(v('a'))],
    at: { 4: { kind: 'value', value: true } },
    last: { kind: 'value', value: false },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.10',
  title: 'declare mapper directive',
  rules: ['OpenMP 6.0 §7.9.10 declare mapper directive'],
  world: DEEP,
  rows,
});
