// OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules (spec-digest B.3.3): a non-scalar the
// kernel uses that no map names is mapped tofrom, a scalar is firstprivate (a private copy of the
// host's value, whatever the device data environment holds) unless a declare target names it (then
// mapped tofrom too); a struct with a default mapper through the
// mapper's list (§7.9.10), whose items make that implicit map (K-B62).

import { HALTED, UNDEF, err, ok, per, read, readAll, section, stoppedUnder, type Row } from '../rows.js';
import { HOST, assign, declareTarget, hostAdd, hostCopy, hostRead, hostWrite, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompUpdate, targetAdd, targetBlock, targetCopy, targetRead, targetWrite } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';
import { IMPLICIT_THROUGH_MAPPER, STRUCT_THROUGH_POINTERS } from '../../model/omp/constructs.js';
import { IMPLICIT_FOUND_ENTRY } from '../../model/omp/implicit-found-entry.js';

/** OMP_WORLD with `c%p => a` and a default mapper for c: map(tofrom: c) map(tofrom: c%p). */
const MAPPER_WORLD: World = {
  ...OMP_WORLD,
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c'] }, { type: 'tofrom', vars: ['c%p'] }] }],
};
/** A scalar x (5) beside an array a, on a discrete device 0 and a shared device 1. */
const SCALAR_WORLD: World = {
  arrays: [
    { name: 'x', length: 1, scalar: true, init: 5 },
    { name: 'a', length: 4, init: 1 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }, { kind: 'shared' }],
};
const EXPLICIT = 'K-B62=explicit';
const WORD = 'K-B47=member-word';

const rows: Row[] = [
  {
    name: 'the kernel root is mapped tofrom implicitly: the write comes back',
    steps: [targetWrite('b', 4), hostRead('b')],
    last: readAll(10, 4),
    state: { 2: { ompEntries: [] } },
  },
  {
    name: 'an explicit map of the kernel root replaces the implicit one: map(to) does not copy back',
    steps: [targetWrite('b', 4, [map('to', ['b'])]), hostRead('b')],
    last: readAll(10, 2),
  },
  // K-B63: a struct the construct's items name only through its pointer member. The text
  // (`base-pointers`): c is referenced and no list item, so §7.9.3 maps it tofrom; nothing of it
  // has storage and its part c%p is the base pointer of an explicit item, so only that word gets
  // storage (§7.9.6), where the pointer is attached; at the end the word goes home (K-B23:
  // `device-value`, the text, brings the device address). GCC 12's C front end adds
  // map(tofrom: c [implicit]) (-fdump-tree-gimple of target map(alloc: s1.p[0:10]) with s1.p used
  // in the region); clang 16's combined entry of the members named stands for c (`named`).
  {
    name: 'K-B63: a target construct mapping only c%p while c is not mapped: c%p\'s word is c\'s storage and the kernel reads a through it; GCC 12 C maps c tofrom implicitly; named: c has no storage, so the kernel\'s c%p is undefined',
    cite: 'K-B63 (6.0 §7.9.6 "only those parts of the original storage"; gcc-12 C: map(tofrom:s1 [len: 16][implicit]) map(alloc:*_2 [len: 40]) map(attach:s1.p [bias: 0]))',
    steps: [assign('c%p', 'a'), targetRead('c%p', [map('to', ['c%p'])]), hostRead('a')],
    at: { 2: per(readAll(10, 1), { 'gcc-12': err('fatal_lowering'), 'K-B63=named': UNDEF, 'K-B63=implicit': readAll(10, 1) }) },
    last: per(readAll(10, 1), { 'gcc-12': HALTED, 'K-B63=named': HALTED, 'K-B63=implicit': readAll(10, 1) }),
  },
  {
    name: 'K-B63: another variable\'s item beside c%p changes nothing: c%p\'s word is still c\'s storage, and GCC 12 C still maps c implicitly',
    cite: 'K-B63',
    steps: [assign('c%p', 'a'), targetRead('c%p', [map('to', ['b']), map('to', ['c%p'])])],
    last: per(readAll(10, 1), { 'gcc-12': err('fatal_lowering'), 'K-B63=named': UNDEF, 'K-B63=implicit': readAll(10, 1) }),
  },
  {
    name: 'K-B63 base-pointers: the word comes home at the construct\'s end; the text copies the attached device address into the host pointer (K-B23 device-value), the runtimes keep the host value',
    cite: 'K-B63 and K-B23 (6.0 §7.9.6 exit: the implicitly mapped tofrom part is copied back as if by target update from; libgomp and LLVM restore an attached pointer)',
    steps: [assign('c%p', 'a'), targetWrite('c%p', 3, [map('tofrom', ['c%p'])]), hostRead('c%p')],
    at: { 2: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B63=named': UNDEF }) },
    last: per(UNDEF, { libgomp: readAll(10, 3), 'llvm-offload': readAll(10, 3), 'gcc-12': HALTED, 'K-B63=named': HALTED, 'K-B23=restore': readAll(10, 3) }),
  },
  {
    name: 'K-B63: an item naming c itself maps c as the construct says (to: nothing comes home, so the host pointer still reaches a) under either reading',
    cite: 'K-B63',
    steps: [assign('c%p', 'a'), targetWrite('c%p', 6, [map('to', ['c', 'c%p'])]), hostRead('c%p')],
    at: { 2: ok },
    last: per(readAll(10, 1), { 'K-B63=implicit': readAll(10, 1) }),
  },
  // K-B62: a mapper item whose storage is only partly there. Implicit (the text): it uses the
  // entry that holds a(1:2) and attaches nothing, so device 1 (which shares memory with the host)
  // reaches a through the host address c's copy holds; explicit (clang 16's mapper function drops
  // the IMPLICIT bit): an extension of mapped storage (K-B5).
  {
    name: 'K-B62: the kernel\'s struct mapped implicitly through its mapper, the pointer\'s target partly mapped: the implicit map uses what is there; as explicit maps it extends a mapping (K-B5)',
    cite: 'K-B62 (clang 16: CGOpenMPRuntime.cpp emitUserDefinedMapper pushes the mapper\'s components without the IMPLICIT bit of the construct\'s 547)',
    world: MAPPER_WORLD,
    steps: [ompEnter([map('to', ['a(1:2)'])], 1), targetRead('c%p', [], 1)],
    last: per(readAll(10, 1), { [EXPLICIT]: UNDEF, [`${EXPLICIT},K-B5=error`]: err('fatal_partial_map') }),
  },
  {
    name: 'K-B62 concerns a mapper\'s items only: the implicit map of an array that two entries cover between them uses both under either reading',
    cite: 'K-B62; OpenMP 6.0 §7.9.3, §7.9.6 (the implicit map of partly mapped storage)',
    world: MAPPER_WORLD,
    steps: [ompEnter([map('to', ['b(1:5)'])]), ompEnter([map('to', ['b(6:10)'])]), targetRead('b')],
    // (K-B71 found-entry, LLVM's: b is translated through b(1:5)'s entry, so b(6:10) lies past it)
    last: per(readAll(10, 2), { [EXPLICIT]: readAll(10, 2), 'llvm-offload': UNDEF, 'K-B71=found-entry': UNDEF }),
  },
  {
    name: 'K-B62 with a mapper that maps only c%p: as explicit maps under K-B47 member-word the mapper\'s item gets c\'s pointer word, so the kernel reaches a; otherwise c gets no storage',
    cite: 'K-B62 with K-B47 (clang 16\'s mapper function pushes a combined entry for the members it maps, without the IMPLICIT bit)',
    world: { ...MAPPER_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'to', vars: ['c%p'] }] }] },
    steps: [targetRead('c%p')],
    last: per(UNDEF, { [EXPLICIT]: UNDEF, [WORD]: UNDEF, [`${WORD},${EXPLICIT}`]: readAll(10, 1) }),
  },
  {
    name: 'K-B62 under K-B47 member-word: after map(to: c%p) only c\'s pointer word is mapped; the implicit map of c uses it and the kernel reads through the attached pointer; as explicit maps c extends it (measured: gen-20261218-336-c aborts)',
    cite: 'K-B62 with K-B47 (profiles/llvm-16.json; gen-20261218-336-c, "failure of target construct while offloading is mandatory")',
    world: MAPPER_WORLD,
    steps: [ompEnter([map('to', ['c%p'])]), targetRead('c%p')],
    last: per(readAll(10, 1), { [`${WORD},${EXPLICIT}`]: UNDEF, [`${WORD},${EXPLICIT},K-B5=error`]: err('fatal_partial_map') }),
  },
  {
    name: 'a scalar no map names is firstprivate: the write goes to a private copy, nothing is mapped',
    world: SCALAR_WORLD,
    steps: [targetWrite('x', 9), hostRead('x')],
    last: read(5),
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'a firstprivate scalar starts with the host value, not the device copy a target data made',
    world: SCALAR_WORLD,
    steps: [ompDataBegin([map('to', ['x'])]), hostWrite('x', 3), targetRead('x'), ompDataEnd, hostRead('x')],
    at: { 3: read(3) },
    last: read(3),
  },
  {
    name: 'a scalar mapped by an enclosing target data is still firstprivate: the device copy keeps its value',
    world: SCALAR_WORLD,
    steps: [ompDataBegin([map('tofrom', ['x'])]), targetWrite('x', 9), ompDataEnd, hostRead('x')],
    last: read(5),
  },
  {
    name: 'a declare target (enter) scalar no map names is mapped tofrom, not firstprivate: the kernel writes its corresponding storage, which target update brings home',
    cite: '§7.9.3: a scalar that appears in an enter or link clause of a declare target directive is treated as if it appeared in a map clause with map type tofrom; §7.9.7: its storage has an infinite count, so the implicit map copies nothing either way (LLVM offload/test/mapping/delete_inf_refcount.c)',
    world: SCALAR_WORLD,
    steps: [declareTarget(['enter', 'x']), hostWrite('x', 3), targetWrite('x', 9), hostRead('x'), ompUpdate([motion('from', ['x'])]), hostRead('x')],
    at: { 4: read(3) },
    // K-B46 unregistered: the kernel writes the device image's copy, which the table does not hold, so the update finds x absent and the host keeps 3
    last: per(read(9), { 'K-B46=unregistered': read(3) }),
  },
  {
    name: 'a declare target link scalar no map names is mapped tofrom: the kernel\'s write comes back at the construct\'s end',
    cite: '§7.9.3 as above; §7.9.8: a link variable gets storage only from a map, here the implicit tofrom map, which copies back at the end',
    world: SCALAR_WORLD,
    steps: [declareTarget(['link', 'x']), targetWrite('x', 9), hostRead('x')],
    last: read(9),
    state: { 2: { ompEntries: [] } },
  },
  {
    name: 'on a device that shares memory and on the host, the scalar is firstprivate too',
    world: SCALAR_WORLD,
    steps: [targetWrite('x', 9, [], 1), targetWrite('x', 8, [], HOST), hostRead('x')],
    last: read(5),
  },
  // K-B55 `descriptor` (gcc-12): in mapcheck's Fortran form the arrays are pointer arrays, and a whole one the
  // region does not use keeps its data map without its descriptor, which no earlier map put on the device:
  // "always pointer not mapped" there (profiles/measured/probes-gcc-12-2026-12-06f.md).
  stoppedUnder({
    name: "an add past a C int on a firstprivate scalar's private copy is undefined, and the program stops before the construct's exit",
    world: SCALAR_WORLD,
    steps: [hostWrite('x', 1e9), hostAdd('x', 1e9), targetAdd('x', 1e9, 0, [map('to', ['a'], 'always')])],
    last: UNDEF,
    state: { 3: { ompEntries: [{ device: 0, host: [0x1200, 0x1210], block: 1, offset: 0, rc: 1, origin: 'map' }] } },
  }, 'gcc-12', 3, err('fatal_lowering')),
  {
    name: 'a scalar a map names is mapped: the add comes back',
    world: SCALAR_WORLD,
    steps: [targetAdd('x', 1, 0, [map('tofrom', ['x'])]), hostRead('x')],
    last: read(6),
  },
  // Copy kernels (lang/README.md "Copy kernels"): the kernel uses the variable it writes and the
  // one it reads; each that no map names is mapped tofrom implicitly, a scalar firstprivate.
  {
    name: 'a copy kernel maps both variables it uses tofrom implicitly',
    steps: [targetCopy('b', 'a', 3), hostRead('b'), hostRead('a')],
    at: { 2: readAll(10, 4) },
    last: readAll(10, 1),
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'a copy on a device with memory of its own reads the device copy, on a shared device the host',
    steps: [ompEnter([map('to', ['a'])]), hostWrite('a', 6), targetCopy('b(1:2)', 'a(1:2)', 0, [], 0), targetCopy('b(3:4)', 'a(3:4)', 0, [], 1), hostRead('b')],
    last: read(1, 1, 6, 6, 2, 2, 2, 2, 2, 2),
  },
  {
    name: 'a whole-variable map of the variable a copy reads is a map of a variable the region uses (K-B55 keeps it too): alloc, it gives indeterminate elements',
    steps: [targetCopy('b', 'a', 0, [map('alloc', ['a'])]), hostRead('b')],
    last: readAll(10, null),
  },
  {
    name: 'a copy reading an unnamed scalar takes the host value even where enter data made it present',
    world: SCALAR_WORLD,
    steps: [ompEnter([map('to', ['x'])]), hostWrite('x', 7), targetCopy('a(1:1)', 'x'), hostRead('a')],
    last: read(7, 1, 1, 1),
  },
  {
    name: 'a copy into an unnamed scalar changes its private copy only, on the host device too',
    world: SCALAR_WORLD,
    steps: [targetCopy('x', 'a(4:4)', 1), targetCopy('x', 'a(4:4)', 1, [], HOST), hostRead('x')],
    last: read(5),
  },
  {
    name: 'an add copy on the host device reads and writes host memory; a host copy is the host loop',
    steps: [hostCopy('b(1:2)', 'a(9:10)', 5), targetCopy('b(1:3)', 'a(1:3)', 1, [], HOST, true), hostRead('b')],
    last: read(8, 8, 4, 2, 2, 2, 2, 2, 2, 2),
  },
  // Kernels of several statements (lang/README.md "Kernels of several statements"): every variable
  // a statement uses is mapped tofrom implicitly when no map names it.
  {
    name: 'a kernel of several statements maps every variable its statements use tofrom implicitly',
    steps: [targetBlock([{ write: 'a', value: 1, by: 1 }, { write: 'b', value: 0, from: 'a' }]), hostRead('b')],
    last: read(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'a whole-variable map of the variable only a later statement uses is a map of a variable the region uses (K-B55 keeps it too): to, its write stays on the device',
    steps: [targetBlock([{ write: 'a(1:2)', value: 7 }, { write: 'b(1:2)', value: 8 }], [map('to', ['b'])]), hostRead('a'), hostRead('b')],
    at: { 2: read(7, 7, 1, 1, 1, 1, 1, 1, 1, 1) },
    last: readAll(10, 2),
  },
  {
    name: 'on the host device the statements run one after another on host memory',
    steps: [targetBlock([{ write: 'a(1:2)', value: 3 }, { write: 'b(1:2)', value: 1, add: true, from: 'a(1:2)' }], [], HOST), hostRead('b')],
    last: read(6, 6, 2, 2, 2, 2, 2, 2, 2, 2),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.3',
  title: 'implicit data-mapping attribute rules',
  rules: ['OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules', IMPLICIT_THROUGH_MAPPER, STRUCT_THROUGH_POINTERS, IMPLICIT_FOUND_ENTRY],
  world: OMP_WORLD,
  rows,
});
