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

import { HALTED, UNAVAILABLE, UNDEF, dev, err, hostPtr, ok, per, read, section, value, type Row } from '../rows.js';
import { A } from '../worlds.js';
import { MAPPER_STRUCT_COUNT } from '../../model/omp/map-entry.js';
import { MAPPER_BESIDE_MEMBER, MAPPER_PRESENT } from '../../model/omp/declare-mapper.js';
import { hostWrite, isPresent, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetPointer, targetRead, v } from '../steps.js';
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
/** K-B65: c with field n and pointer p => a, whose mapper maps c%n and c%p. */
const PRESENT_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%n', 'c%p'] }] }],
};
/** K-B72: c with pointer p => a and fields n, arr(4), whose mapper maps c%p alone. */
const MEMBERS_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'to', vars: ['c%p'] }] }],
};
const YES = value(true);
const NO = value(false);

const rows: Row[] = [
  {
    name: 'K-B43 absent with K-B63 implicit: a target construct naming only c%p maps c implicitly too, through its mapper, so the program cannot be built; the text maps only c%p\'s word, through no mapper',
    cite: 'K-B43 and K-B63 (GCC 12 C adds map(tofrom: c [implicit]) beside a member section; counterexamples/cases/gcc12c-struct-through-pointers-maps-through-mapper.json; 6.0 §7.9.6: only the part of c that is a base pointer gets storage)',
    steps: [targetRead('c%p', [map('to', ['c%p'])])],
    last: per(read(1, 1, 1, 1), { 'gcc-12': err('fatal_lowering'), 'K-B63=implicit': read(1, 1, 1, 1), 'K-B63=named': UNDEF, 'K-B43=absent': read(1, 1, 1, 1), 'K-B43=absent,K-B63=implicit': UNAVAILABLE }),
  },
  // K-B65: the present modifier of the clause naming c, for the mapper's pointee item c%p, while
  // c's own storage (c%n) is there and a is not.
  {
    name: 'K-B65: map(present, alloc: c) through a mapper of c%n and c%p with only c%n mapped: the modifier reaches the pointee, which is not present (6.0); only c\'s storage must be present at 5.2 and in today\'s LLVM map clauses; clang 16 passes it to no item',
    cite: 'K-B65 (6.0 §7.9.10: the mapper\'s items take the modifiers of the clause; llvm mapper_map_mbr_then_present_mbr_ptee.c; clang 16.0.6 host IR)',
    world: PRESENT_WORLD,
    steps: [ompEnter([map('alloc', ['c%n'])]), ompEnter([map('alloc', ['c'], 'present')]), isPresent(v('a'))],
    at: {
      1: ok,
      2: per(err('omp_error_not_present'), { 'spec-omp-5.2': ok, 'llvm-offload': ok, 'K-B65=struct-storage': ok, 'K-B65=motion-only': ok, 'K-B65=dropped': ok }),
    },
    last: per(HALTED, { 'spec-omp-5.2': YES, 'llvm-offload': YES, 'K-B65=struct-storage': YES, 'K-B65=motion-only': YES, 'K-B65=dropped': YES }),
  },
  {
    name: 'K-B65: target update to(present: c) through the same mapper: the pointee is not present under 6.0 and in today\'s LLVM motions; at 5.2 and in clang 16 it is skipped',
    cite: 'K-B65 (6.0 §15.9, §7.9.10; llvm mapper_target_update_present_ptee.c CHECK-60-OOB / CHECK-52-OOB)',
    world: PRESENT_WORLD,
    steps: [ompEnter([map('to', ['c%n'])]), ompUpdate([motion('to', ['c'], true)]), isPresent(v('a'))],
    at: { 1: ok, 2: per(err('omp_error_not_present'), { 'spec-omp-5.2': ok, 'K-B65=struct-storage': ok, 'K-B65=dropped': ok }) },
    last: per(HALTED, { 'spec-omp-5.2': value(false), 'K-B65=struct-storage': value(false), 'K-B65=dropped': value(false) }),
  },
  {
    name: 'K-B65: with nothing of c mapped, map(present, alloc: c) stops at c%n under the text and at 5.2; clang 16\'s mapper and today\'s LLVM map clauses pass the modifier to no item and map it all',
    cite: 'K-B65 (clang 16.0.6 host IR: the mapper function never ORs the PRESENT bit into a component; llvm mapper_map_ptee_then_present_absent_mbr.c: "The mapper emits the s.x member component WITHOUT the PRESENT bit")',
    world: PRESENT_WORLD,
    steps: [ompEnter([map('alloc', ['c'], 'present')]), isPresent(v('a'))],
    at: { 1: per(err('omp_error_not_present'), { 'llvm-offload': ok, 'K-B65=dropped': ok, 'K-B65=motion-only': ok }) },
    last: per(HALTED, { 'llvm-offload': YES, 'K-B65=dropped': YES, 'K-B65=motion-only': YES }),
  },
  {
    name: 'K-B65: with nothing of c mapped, target update to(present: c) stops at c%n under every reading but clang 16\'s, which skips both items',
    cite: 'K-B65 (6.0 §15.9: a motion item with the present modifier and no corresponding list item)',
    world: PRESENT_WORLD,
    steps: [ompUpdate([motion('to', ['c'], true)]), isPresent(v('a'))],
    at: { 1: per(err('omp_error_not_present'), { 'K-B65=dropped': ok }) },
    last: per(HALTED, { 'K-B65=dropped': value(false) }),
  },
  {
    name: 'K-B65: with the pointee there too, the present modifier finds every item under every reading',
    cite: 'K-B65',
    world: PRESENT_WORLD,
    steps: [ompEnter([map('to', ['c%n', 'a'])]), ompEnter([map('alloc', ['c'], 'present')]), isPresent(v('a'))],
    at: { 1: ok, 2: ok },
    last: value(true),
  },
  {
    name: 'K-B63 asks about the construct\'s own items: map(tofrom: c) names c itself even when its mapper maps only c%p, so no word of c is added; c then has no storage, and gfortran 12\'s always pointer stops (K-B42 abort)',
    cite: 'K-B63, K-B42 (counterexamples/cases/mapper-of-pointer-member-is-no-struct-named-through-pointers.json; 6.0 §7.9.10: the mapper\'s items replace the list item c)',
    world: P_ONLY,
    steps: [targetRead('c%p', [map('tofrom', ['c'])])],
    last: per(UNDEF, { 'gcc-12': UNAVAILABLE, 'K-B42=abort': err('fatal_lowering'), 'K-B47=member-word': read(1, 1, 1, 1) }),
  },
  {
    name: 'K-B43 absent with K-B63 implicit: a field item beside c%p names c, so nothing goes through the mapper and the program builds (the kernel then finds no storage for c%p)',
    cite: 'K-B43 and K-B63',
    world: { ...P_TO, structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 2 }], init: { p: 'a' } }] },
    steps: [targetRead('c%p', [map('to', ['c%n', 'c%p'])])],
    last: per(UNDEF, { 'gcc-12': err('fatal_lowering'), 'K-B43=absent,K-B63=implicit': UNDEF }),
  },
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
  // K-B64 `uncounted` (libomptarget 16: the mapper's components come with FromMapper set, and
  // neither the struct's combined entry nor its own component moves the count).
  {
    name: 'K-B64: exit data through the mapper releases the struct (named after d, which has no mapper); libomptarget 16 never moves the count of a struct its mapper maps, so c stays (a goes)',
    cite: 'K-B64 (omptarget.cpp targetDataEnd: UpdateRef false for a mapper\'s first component and for MEMBER_OF components)',
    steps: [ompEnter([map('to', ['d', 'c'])]), ompExit([map('release', ['d', 'c'])]), isPresent(v('c')), isPresent(v('a'))],
    at: { 3: per(NO, { 'K-B64=uncounted': YES }) },
    last: NO,
  },
  {
    name: 'K-B64: two enters through the mapper count c twice; uncounted, one release through the mapper leaves it, as would any number',
    cite: 'K-B64',
    steps: [ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c'])]), ompExit([map('delete', ['c'])]), isPresent(v('c'))],
    last: per(NO, { 'K-B64=uncounted': YES }),
  },
  {
    name: 'K-B64 under K-B47 member-word: a mapper that maps only c%p gives c its pointer word, which the mapper\'s release leaves when uncounted',
    cite: 'K-B64 with K-B47 (clang 16\'s mapper function: the combined entry of the members it maps is its first component)',
    world: mapperWorld([{ type: 'to', vars: ['c%p'] }]),
    steps: [ompEnter([map('to', ['d', 'c'])]), ompExit([map('release', ['d', 'c'])]), isPresent(v('c'))],
    last: per(NO, { 'K-B47=member-word': NO, 'K-B47=member-word,K-B64=uncounted': YES }),
  },
  {
    name: 'K-B64 concerns the mapper\'s storage only: a word K-B47 gives an explicit c%p item is counted and released as usual',
    cite: 'K-B64 with K-B47',
    steps: [ompEnter([map('to', ['c%p'])]), ompExit([map('release', ['c%p'])]), isPresent(v('c'))],
    last: per(NO, { 'K-B47=member-word': NO, 'K-B47=member-word,K-B64=uncounted': NO }),
  },
  {
    name: 'K-B64 with K-B7 shadow: a kernel\'s implicit map through the mapper copies c again while its count is 1, over the attached pointer, which is not written again (measured: omp-declare-mapper-c step 2 prints the host address)',
    cite: 'K-B64 and K-B7 (profiles/llvm-16.json; omp-declare-mapper-c step 2, gen-20261209-129-c step 2, gen-20261218-028-c step 8)',
    steps: [ompEnter([map('to', ['c'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { 'K-B64=uncounted': hostPtr(A), 'K-B64=uncounted,K-B7=shadow': hostPtr(A), 'K-B64=uncounted,K-B7=always': dev(2, 0) }),
  },
  // K-B72: a struct with a mapper named beside one of its members on one construct.
  {
    name: 'K-B72: enter data map(to: c, c%n) through a mapper of c%p: the text maps c%n and the mapper\'s items, so c%arr has no storage; clang\'s combined entry maps the whole of c, and the release through the same items takes it away',
    cite: 'K-B72 (6.0 §7.9.10: c is replaced by the mapper\'s clauses; clang 19.1.7 on the x86_64 host plugin, toolchain/probes/omp-mapper-member-enter: LIBOMPTARGET_INFO lists alloc [24], then c with the mapper, then c%n; profiles/measured/llvm-19-x86_64-host-2026-12-06q.md)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['c', 'c%n'])]), isPresent(v('c%arr')), isPresent(v('a')), ompExit([map('release', ['c', 'c%n'])]), isPresent(v('c%arr')), isPresent(v('c%n'))],
    at: { 2: per(NO, { 'K-B72=combined-entry': YES }), 3: YES, 5: NO },
    last: NO,
  },
  {
    name: 'K-B72: map(to: c) map(tofrom: c%p(2:3)) on target data: the combined entry is the first entry of both clauses, so c%arr is present inside the region and gone after it',
    cite: 'K-B72 (clang groups the clauses of one declaration; toolchain/probes/omp-mapper-member-target-data)',
    world: MEMBERS_WORLD,
    steps: [ompDataBegin([map('to', ['c']), map('tofrom', ['c%p(2:3)'])]), isPresent(v('c%arr')), ompDataEnd, isPresent(v('c%arr'))],
    at: { 2: per(NO, { 'K-B72=combined-entry': YES }) },
    last: NO,
  },
  {
    name: 'K-B72 with K-B47 member-word: after map(to: c%p) gave c its pointer word, map(to: c, c%p) extends that entry through the combined entry (LLVM stops: explicit extension not allowed); the text maps c%p and the mapper\'s c%p, which find their storage present',
    cite: 'K-B72 and K-B47 (toolchain/probes/omp-mapper-member-after-word; gen-20270125-436-c step 6 in profiles/measured/llvm-19-x86_64-host-2026-12-06f.md; 6.0 §7.9.6: an explicit item extending present data breaks a restriction, K-B5)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['c%p'])]), ompEnter([map('to', ['c', 'c%p'])]), isPresent(v('c%n'))],
    at: { 2: per(ok, { 'K-B47=member-word,K-B72=combined-entry': UNDEF }) },
    last: per(NO, { 'K-B72=combined-entry': YES, 'K-B47=member-word,K-B72=combined-entry': HALTED }),
  },
  {
    name: 'K-B72: map(present, to: c) beside map(to: c%n) with only a present: the text checks the mapper\'s items, whose pointee a is present; the combined entry carries the present modifier of the group and c is not present',
    cite: 'K-B72 (clang 19.1.7 host IR: .offload_maptypes [PRESENT, MEMBER_OF|PRESENT|TO, MEMBER_OF|TO]; on the x86_64 host plugin "device mapping required by \'present\' map type modifier does not exist for host address … (24 bytes)", where map(present, to: c) alone runs)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c'], 'present'), map('to', ['c%n'])]), isPresent(v('c%arr'))],
    at: { 2: per(ok, { 'K-B72=combined-entry': err('omp_error_not_present') }) },
    last: per(NO, { 'K-B72=combined-entry': HALTED }),
  },
  {
    name: 'K-B72 concerns a struct named beside one of its members: map(to: c) beside map(present, to: a), with a present, maps the mapper\'s items alone under either reading',
    cite: 'K-B72 (clang emits a combined entry for a declaration with two or more components; toolchain/probes/omp-mapper-member-enter: map(to: c) alone is one entry, the mapper\'s)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c']), map('to', ['a'], 'present')]), isPresent(v('c%arr'))],
    at: { 2: ok },
    last: per(NO, { 'K-B72=combined-entry': NO }),
  },
  {
    name: 'K-B72: the combined entry takes the present modifier of its own group only: map(to: c, c%n) beside map(present, to: a) maps the whole of c',
    cite: 'K-B72 (CGOpenMPRuntime.cpp emitCombinedEntry: PRESENT when an entry of the declaration\'s group has it)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c', 'c%n']), map('to', ['a'], 'present')]), isPresent(v('c%arr'))],
    at: { 2: ok },
    last: per(NO, { 'K-B72=combined-entry': YES }),
  },
  {
    name: 'K-B72: c named twice beside c%n on one construct is counted once: one release through the same items takes it away',
    cite: 'K-B72 (6.0 §7.9.6: a construct moves the count of a storage block at most once)',
    world: MEMBERS_WORLD,
    steps: [ompEnter([map('to', ['c', 'c%n']), map('alloc', ['c'])]), ompExit([map('release', ['c', 'c%n'])]), isPresent(v('c%arr'))],
    last: NO,
  },
  // K-B67: clang 16 orders a mapper's alloc clauses before its others, and libomptarget 16 writes
  // each component as it meets it: c's copy comes after c%p's attachment.
  {
    name: 'K-B67: map(to: c) through map(tofrom: c) map(alloc: c%p): the text attaches c%p; clang 16 puts the alloc clause first, so c\'s copy writes the host pointer back and a kernel sees it',
    cite: 'K-B67 clause-order (gen-20261220-123-c step 3 in profiles/measured/llvm-16-nvptx-2026-12-05.md, gen-20261218-101-c step 2 in -04.md; libomptarget 16 host plugin trace: the pointer written, then c\'s 16 bytes)',
    world: mapperWorld([{ type: 'tofrom', vars: ['c'] }, { type: 'alloc', vars: ['c%p'] }]),
    steps: [ompEnter([map('to', ['c'])]), targetPointer('c%p', [map('to', ['c'])])],
    last: per(dev(2, 0), { 'K-B67=clause-order': hostPtr(A) }),
  },
  {
    name: 'K-B67: a mapper listing c%p with to after c: c is copied first, the attachment stands under either reading',
    cite: 'K-B67 (a mapper map(alloc: mp) map(to: mp.p1[0:n]) attaches under libomptarget 16, host plugin)',
    world: P_TO,
    steps: [ompEnter([map('to', ['c'])]), targetPointer('c%p', [map('to', ['c'])])],
    last: per(dev(2, 0), { 'K-B67=clause-order': dev(2, 0) }),
  },
  {
    name: 'K-B67: the mapper\'s items take the place of the list item they replace: c through map(tofrom: c) in the first clause, c%p in the second, attaches under either reading',
    cite: 'K-B67 (clang 16 orders a declaration\'s clauses first; a mapper\'s components follow inside the entry of its list item)',
    world: mapperWorld([{ type: 'tofrom', vars: ['c'] }]),
    steps: [ompEnter([map('to', ['c']), map('to', ['c%p'])]), targetPointer('c%p', [map('to', ['c'])])],
    last: per(dev(2, 0), { 'K-B67=clause-order': dev(2, 0) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.10',
  title: 'declare mapper directive',
  rules: ['OpenMP 6.0 §7.9.10 declare mapper directive', MAPPER_STRUCT_COUNT, MAPPER_PRESENT, MAPPER_BESIDE_MEMBER],
  world: DEEP,
  rows,
});
