// OpenACC 3.3 §2.5.1 Parallel Construct: the kernel runs on the device copy of its data; reading
// through a device pointer that holds a host address (never attached, or dangling) is undefined.

import { HALTED, UNDEF, err, per, read, readAll, section, type Row } from '../rows.js';
import { accDelete, allocate, assign, attach, copy, copyin, copyout, create, dataBegin, enterData, exitData, hostAdd, hostRead, hostWrite, parallelAdd, parallelBlock, parallelDefaultPresent, parallelRead, present, self, update } from '../steps.js';
import { ACC_WORLD, ACC_WORLD_ATTACHED, C } from '../worlds.js';

/** Four elements that tell one another apart. */
const COUNTED = { arrays: [{ name: 'a', length: 4, init: [1, 2, 3, 4] }], structs: [] };

const rows: Row[] = [
  // Kernels of several statements (lang/README.md "Kernels of several statements"): one loop whose
  // statements run in order within an iteration.
  {
    name: "a kernel of several statements writes through two allocatable components of a copied struct (GCC's deep-copy-3.f90)",
    world: { arrays: [], structs: [{ name: 'var', pointers: ['a', 'b'], allocatable: ['a', 'b'] }] },
    steps: [
      allocate('var%a', 4, 0),
      allocate('var%b', 4, 0),
      parallelBlock([{ write: 'var%a(1:4)', value: 1, by: 1 }, { write: 'var%b(1:4)', value: 2, by: 2 }], copy('var', 'var%a(1:4)', 'var%b(1:4)')),
      hostRead('var%a'),
      hostRead('var%b'),
    ],
    at: { 3: { kind: 'ok' }, 4: read(1, 2, 3, 4) },
    last: read(2, 4, 6, 8),
  },
  {
    name: 'a statement reads what an earlier statement of the kernel wrote to the device copy',
    world: ACC_WORLD,
    steps: [parallelBlock([{ write: 'a(1:4)', value: 10, by: 10 }, { write: 'b(1:4)', value: 1, from: 'a(1:4)' }]), hostRead('b')],
    last: read(11, 21, 31, 41, 2, 2, 2, 2, 2, 2),
  },
  {
    name: 'the first statement with undefined behaviour ends the program: the statements before it are never seen',
    world: ACC_WORLD,
    steps: [enterData(copyin('a')), parallelBlock([{ write: 'a(1:1)', value: 7 }, { write: 'c%p(1:1)', value: 2 }], present('a'), copy('c')), exitData(copyout('a'))],
    at: { 2: UNDEF },
    last: HALTED,
  },
  {
    name: 'a kernel adding to a subarray of present data: each element of the device copy gets that much more, the host copy nothing',
    world: COUNTED,
    steps: [enterData(copyin('a')), parallelAdd('a(2:3)', 10, 5, present('a')), hostRead('a'), update(self('a')), hostRead('a')],
    at: { 2: { kind: 'ok' }, 3: read(1, 2, 3, 4) },
    last: read(1, 12, 18, 4),
  },
  {
    name: 'a kernel adding to device memory no copy wrote: the elements stay indeterminate',
    world: COUNTED,
    steps: [enterData(create('a')), parallelAdd('a', -1, 0, present('a')), parallelRead('a', present('a'))],
    last: readAll(4, null),
  },
  {
    name: 'a sum past a C int is signed overflow, undefined (C11 §6.5p5), on the device as on the host',
    world: { arrays: [{ name: 'a', length: 4, init: 1_000_000_000 }], structs: [] },
    steps: [hostAdd('a', 1_000_000_000), enterData(copyin('a')), parallelAdd('a(4:4)', 1_000_000_000, 0, present('a')), exitData(copyout('a'))],
    at: { 1: { kind: 'ok' }, 3: UNDEF },
    last: HALTED,
  },
  {
    name: 'the host\'s own sum past a C int is undefined too',
    world: { arrays: [{ name: 'a', length: 4, init: 1_000_000_000 }], structs: [] },
    steps: [hostAdd('a(2:3)', 1_000_000_000), hostAdd('a(3:4)', 1_000_000_000), hostRead('a')],
    at: { 1: { kind: 'ok' }, 2: UNDEF },
    last: HALTED,
  },
  {
    name: 'a sum of exactly 2^31 − 1 is a value; one element past it is undefined, whatever its neighbours hold',
    world: { arrays: [{ name: 'a', length: 4, init: [1, 1, 1_000_000_000, 1_000_000_000] }], structs: [] },
    steps: [
      hostAdd('a(3:4)', 1_000_000_000),
      hostAdd('a(1:2)', 1_000_000_000),
      hostAdd('a(3:4)', 147_400_000, 83_647),
      hostRead('a'),
      hostAdd('a(2:3)', 0, 100_000),
    ],
    at: { 1: { kind: 'ok' }, 2: { kind: 'ok' }, 3: { kind: 'ok' }, 4: read(1_000_000_001, 1_000_000_001, 2_147_400_000, 2_147_483_647) },
    last: UNDEF,
  },
  {
    name: 'a plain write over an element a sum made large is no sum',
    world: { arrays: [{ name: 'a', length: 1, init: 1_000_000_000 }], structs: [] },
    steps: [hostAdd('a', 1_000_000_000), hostWrite('a', 1_000_000_000), hostRead('a')],
    last: read(1_000_000_000),
  },
  {
    name: 'the host adds a ramp to what its elements hold',
    world: COUNTED,
    steps: [hostAdd('a', -1, 2), hostRead('a')],
    last: read(0, 3, 6, 9),
  },
  {
    name: 'parallel copyin(c%p) copyin(a(1:4)) with c%p => a: the kernel runs; acted on last first (K-A62 reversed, GCC 12 C) a is partly present when its turn comes',
    cite: 'K-A62: GCC 12 C lists a construct\'s clause vars last first (-fdump-tree-gimple); §2.7.3: partly present data is an error',
    steps: [assign('c%p', 'a'), parallelRead('a(1:4)', copyin('c%p'), copyin('a(1:4)'))],
    last: per(readAll(4, 1), { 'K-A62=reversed': err('acc_error_partly_present') }),
  },
  {
    name: 'a kernel reading through a pointer that was never attached is undefined',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a')), parallelDefaultPresent({ read: 'c%p' })],
    last: UNDEF,
  },
  {
    name: 'a kernel through a pointer of an implicitly copied struct is undefined, and the program stops',
    world: ACC_WORLD_ATTACHED,
    steps: [parallelRead('c%p'), hostRead('a')],
    at: { 1: UNDEF },
    last: HALTED,
  },
  {
    name: 'a kernel through a dangling device pointer (its target deleted) is undefined',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c', 'a'), attach('c%p')), accDelete('a'), parallelRead('c%p', present('c'))],
    last: UNDEF,
    state: {
      2: {
        sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
        attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 3 } }],
      },
    },
  },
  {
    name: 'after an error nothing changes: later steps are halted',
    steps: [enterData(copyin('b')), dataBegin(present('a')), enterData(copyin('a'))],
    at: { 2: err('acc_error_not_present') },
    last: HALTED,
    state: { 3: { sections: [{ host: [0x1200, 0x1200 + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'a kernel reads the device copy, not the host',
    steps: [enterData(copyin('a')), parallelRead('a(2:3)', present('a'))],
    last: readAll(2, 1),
  },
  {
    name: 'present of a whole variable the region does not use: an error for absent data; GCC drops the clause (K-A58 dropped) and the kernel runs; gfortran keeps a pointer array\'s (arrays-kept, gcc-12)',
    cite: 'K-A58: GCC 12.2 -fdump-tree-gimple: "parallel present(a)" around a region using only b keeps only the map of b; a section a(1:4) stays. gfortran 12.2 -fdump-tree-omplower of mapcheck\'s pointer arrays keeps the data map (profiles/measured/probes-gcc-12-2026-12-06g.md)',
    steps: [parallelRead('b(1:2)', present('a'))],
    last: per(err('acc_error_not_present'), { 'K-A58=dropped': readAll(2, 2) }),
  },
  {
    name: 'a section, and a whole variable the region uses, stay under K-A58 dropped',
    steps: [parallelRead('b(1:2)', present('a(1:4)')), parallelRead('a(1:2)', present('a'))],
    at: { 1: err('acc_error_not_present') },
    last: HALTED,
  },
  {
    name: 'copyout of an absent whole variable the region does not use: created, then its indeterminate device values copied home; dropped, the host keeps its own; gfortran keeps a pointer array\'s copyout (arrays-kept, gcc-12)',
    cite: 'K-A58: GCC 12.2 -fdump-tree-gimple: "parallel copy(a) copyout(d)" around a region using only b keeps only the map of b; measured on an H100 (toolchain/probes/acc-unused-array-copyout): gfortran brings 0 0 0 0 0 0 0 0 home, the C unit keeps b',
    steps: [parallelRead('b(1:2)', copyout('a')), hostRead('a(1:2)')],
    at: { 1: readAll(2, 2) },
    last: per(readAll(2, null), { 'K-A58=dropped': readAll(2, 1) }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.5.1',
  title: 'Parallel Construct',
  rules: ['OpenACC 3.3 §2.5.1 Parallel Construct', 'OpenACC 3.3 §2.5.1 Parallel Construct (a data clause of a whole variable the region does not use, K-A58)'],
  world: ACC_WORLD,
  rows,
});
