// OpenMP 6.0 §7.9.6 map clause, pointer attachment (spec-digest B.6.2): after all maps of a
// construct, a pointer whose corresponding pointer exists is attached when it or its pointee was
// newly created on the construct. No counter, no detach. K-B7: 5.x attaches whenever mapped.

import { HALTED, RUNS, UNDEF, dev, entry, err, hostPtr, ok, per, perState, readAll, section, value, type Row } from '../rows.js';
import { alloc, assign, associate, h, hostRead, map, nullify, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetPointer, targetRead, targetWrite, v } from '../steps.js';
import { A, B, C, OMP_WORLD } from '../worlds.js';
import { isPresent } from '../steps.js';
import { AOS_OMP_WORLD, CS } from '../worlds.js';
import { read } from '../rows.js';
import { remap, targetBounds } from '../steps.js';
import { MEMBER_WORD } from '../../model/omp/member-word.js';
import { ENTER_DATA_POINTER } from '../../model/omp/pointer-attach.js';
import { COPY_AFTER_ATTACHMENT } from '../../model/omp/clause-order.js';

/** K-B47 `descriptor`: gfortran 12 maps a pointer component's descriptor with its section. */
const DESCRIPTOR = 'K-B47=descriptor';

const V52 = 'spec-omp-5.2';
/** libgomp's counted attachment (K-B7) on the spec. */
const COUNTED = 'K-B7=counted';
const HOST_A = value({ host: A });
/** The spec with K-B22 `allowed`, under 6.0 and under the 5.x attachment rule. */
const ALLOWED = 'K-B22=allowed';
const ALLOWED52 = 'K-B7=always,K-B22=allowed';
const base = [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])])];
/** K-B18 `as-discrete` with K-B8 `self` (LLVM), under the 5.x attachment rule. */
const SELF_ASSOC_ALWAYS = 'K-B7=always,K-B8=self,K-B18=as-discrete';
const aimedAtA = { device: 0, ptr: C, value: { space: 'dev' as const, block: 2, offset: 0, count: 10 } };

/** K-B41 base-address (libgomp): the corresponding descriptor keeps the lower bound it was mapped with. */
const KEEPS_LBOUND = 'K-B41=base-address';

const rows: Row[] = [
  {
    name: 'target enter data of c%p after c: attached (6.0: the target is new); gfortran 12 leaves no device address in it (K-B60)',
    cite: 'K-B60 garbage: libgomp 12 maps gfortran\'s always-pointer item alone and reads the item at index -1 (target.c gomp_map_vars_internal, no `i > 0` test before GCC 13); measured: c_loc prints 1 (gcc-12-nvptx-2026-12-04l gen-20261216-175-fortran step 6), kernels reading through it fault (gen-20261214-044-fortran step 4)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { 'K-B60=garbage': UNDEF }),
    state: { 3: perState({ ompPointers: [{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 0, count: 10 } }] }, { 'K-B60=garbage': { ompPointers: [{ device: 0, ptr: C, value: { space: 'indeterminate' } }] } }) },
  },
  {
    name: 'target enter data of c%p and c together, then a kernel reading c%p: gfortran 12\'s pointer is no device address (K-B60)',
    cite: 'measured: gen-20261210-160-fortran and gen-20261215-137-fortran (enter data map(to: c, c%p(2:3)), then a kernel through c%p: illegal memory access)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])]), targetRead('c%p')],
    last: per(readAll(10, 1), { 'K-B60=garbage': UNDEF }),
  },
  {
    name: 'a target data region mapping c%p writes the pointer with its data: no K-B60 on structured constructs',
    cite: 'a target data construct maps its items in one gomp_map_vars call, where the always pointer follows its data item (index > 0)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompDataBegin([map('to', ['c%p'])]), targetRead('c%p'), ompDataEnd],
    at: { 4: per(readAll(10, 1), { 'K-B60=garbage': readAll(10, 1) }) },
    last: ok,
  },
  {
    name: 'target enter data of a null c%p after c: nothing to attach, and gfortran\'s pointer item leaves it null too (K-B60)',
    steps: [ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(value(null), { 'K-B60=garbage': value(null) }),
  },
  {
    name: 'target enter data of cs(2)%p while only cs(1) is mapped: cs(2) has no storage, nothing is written; mapped later alone it holds the host address (K-B60); gfortran 12 maps cs(2)\'s descriptor with the section (K-B47 descriptor), so the garbage stays in the storage the target construct finds',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(2)%p', 'a'), ompEnter([map('to', ['cs(1)'])]), ompEnter([map('to', ['cs(2)%p'])]), targetPointer('cs(2)%p', [map('to', ['cs(2)'])])],
    last: per(HOST_A, { 'K-B60=garbage': HOST_A, 'gcc-12': UNDEF, 'K-B47=descriptor,K-B60=garbage': UNDEF }),
  },
  {
    name: 'target enter data of c%p on a device sharing memory with the host: no garbage in the original pointer (K-B60)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])], 1), ompEnter([map('to', ['c%p'])], 1), hostRead('c%p')],
    last: per(readAll(10, 1), { 'K-B60=garbage': readAll(10, 1) }),
  },
  {
    name: 'c%p(10:) => a after c was mapped, then attached by map(to: c%p): the corresponding view has the bounds 10:19 (libgomp: 1:10)',
    cite:
      'K-B41: LLVM omptarget.cpp performPointerAttachment writes the device address and copies the descriptor\'s remaining fields from the host; libgomp target.c writes sizeof (void *) (gomp_map_pointer / gomp_attach_pointer), and a TO_PSET already mapped is not copied again',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), remap('c%p', 10, 'a'), ompEnter([map('to', ['c%p'])]), targetBounds('c%p')],
    last: per(read(10, 19), { libgomp: read(1, 10), [KEEPS_LBOUND]: read(1, 10) }),
    state: {
      4: perState(
        { ompPointers: [{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 0, count: 10, lbound: 10 } }] },
        {
          libgomp: { ompPointers: [aimedAtA] },
          [KEEPS_LBOUND]: { ompPointers: [aimedAtA] },
        },
      ),
    },
  },
  {
    name: 'a pointer mapped with its target in one construct after the remap: bounds 10:19 on every reading (the descriptor is copied whole with c)',
    cite: 'the struct\'s copy carries the host descriptor, lower bound included; K-B41 only decides what attachment writes over it',
    steps: [remap('c%p', 10, 'a'), ompEnter([map('to', ['c', 'c%p'])]), targetBounds('c%p')],
    last: read(10, 19),
  },
  {
    name: 'attaches when the pointer or its target is new on the construct',
    steps: [...base, targetRead('c%p')],
    last: readAll(10, 1),
    // c's item comes first, so c gets block 1 and the target a block 2.
    state: { 2: { ompEntries: [entry([A, A + 40], 2, 1), entry([C, C + 16], 1, 1)], ompPointers: [aimedAtA] } },
  },
  {
    name: 'a re-pointed pointer is not re-attached when neither side is new (6.0); 5.2 re-attaches (K-B7); the text forbids the re-pointing (K-B22)',
    cite: '§7.9.6 restrictions: an attached pointer must not be re-pointed while its target stays mapped (K-B22 undefined); the runtimes let it happen',
    steps: [...base, ompEnter([map('to', ['b'])]), assign('c%p', 'b'), ompEnter([map('to', ['c%p'])]), targetRead('c%p')],
    at: { 4: per(UNDEF, { libgomp: RUNS, 'llvm-offload': RUNS, [ALLOWED]: RUNS, [ALLOWED52]: RUNS }) },
    last: per(HALTED, { libgomp: readAll(10, 1), 'llvm-offload': readAll(10, 1), [ALLOWED]: readAll(10, 1), [ALLOWED52]: readAll(10, 2) }),
    state: {
      5: perState(null, {
        libgomp: { ompPointers: [aimedAtA] },
        'llvm-offload': { ompPointers: [aimedAtA] },
        [ALLOWED]: { ompPointers: [aimedAtA] },
        [ALLOWED52]: { ompPointers: [{ device: 0, ptr: C, value: { space: 'dev', block: 3, offset: 0, count: 10 } }] },
      }),
    },
  },
  {
    name: 're-pointing an attached pointer whose target is no longer mapped is allowed (K-B22)',
    steps: [...base, ompExit([map('release', ['a'])]), assign('c%p', 'b'), hostRead('c%p')],
    last: readAll(10, 2),
  },
  {
    name: 'nullify of an attached pointer while its target stays mapped (K-B22)',
    steps: [...base, nullify('c%p')],
    last: per(UNDEF, { libgomp: ok, 'llvm-offload': ok }),
  },
  {
    name: 'a subarray target: 6.0 leaves the host address when neither side is new; 5.2 attaches at its offset',
    steps: [assign('c%p', 'a(3:6)'), ompEnter([map('to', ['c', 'a'])]), ompEnter([map('to', ['c%p'])]), targetRead('c%p')],
    last: per(UNDEF, { [V52]: readAll(4, 1) }),
    state: {
      3: perState(
        { ompPointers: [{ device: 0, ptr: C, value: { space: 'host', addr: A + 8, count: 4 } }] },
        { [V52]: { ompPointers: [{ device: 0, ptr: C, value: { space: 'dev', block: 2, offset: 8, count: 4 } }] } },
      ),
    },
  },
  {
    name: 'no attachment without the struct mapped, nor for a null pointer; gfortran 12 maps c\'s descriptor with the pointee (K-B47 descriptor), whose address word enter data leaves garbage (K-B60), and the later map of c finds it',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), nullify('c%p'), ompEnter([map('to', ['c', 'c%p'])])],
    last: ok,
    state: {
      2: perState({ ompEntries: [entry([A, A + 40], 1, 1)] }, { 'gcc-12': { ompEntries: [entry([A, A + 40], 1, 1), entry([C, C + 16], 2, 1)] } }),
      4: perState({ ompPointers: [{ device: 0, ptr: C, value: null }] }, { 'gcc-12': { ompPointers: [{ device: 0, ptr: C, value: { space: 'indeterminate' } }] } }),
    },
  },
  {
    name: 'copying back an attached pointer (K-B23): the device address under the text, the host value kept by libgomp and LLVM',
    cite: '§7.9.6 exit: copy as if by target update from; libgomp target.c gomp_exit_data skips attached words (GCC 12 did not); LLVM restores shadow pointers',
    steps: [...base, ompExit([map('from', ['c'])]), ompExit([map('release', ['a'])]), hostRead('c%p')],
    at: { 3: per(RUNS, { 'K-B23=undefined': UNDEF }) },
    last: per(UNDEF, { libgomp: readAll(10, 1), 'gcc-12': UNDEF, 'llvm-offload': readAll(10, 1), 'K-B23=undefined': HALTED }),
    state: { 3: perState({ ompEntries: [entry([A, A + 40], 2, 1)], ompPointers: [] }, { 'K-B23=undefined': null }) },
  },
  {
    name: 'an unattached pointer member is copied back under every reading of K-B23: the host re-pointing is undone',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), assign('c%p', 'b'), ompExit([map('from', ['c'])]), hostRead('c%p')],
    last: readAll(10, 1),
  },
  {
    name: 'a struct mapped alone holds the host address: a kernel through it on a discrete device is undefined',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetRead('c%p')],
    last: UNDEF,
    state: { 2: { ompPointers: [{ device: 0, ptr: C, value: { space: 'host', addr: A, count: 10 } }] } },
  },
  {
    name: 'a kernel through an unattached pointer is undefined, and the construct does not exit',
    steps: [assign('c%p', 'a'), targetRead('c%p', [map('to', ['c'])])],
    last: UNDEF,
    state: { 2: { ompEntries: [entry([C, C + 16], 1, 1)] } },
  },
  {
    name: 'a shared-memory device follows a host address in a device pointer',
    steps: [assign('c%p', 'b'), ompEnter([map('to', ['c'])], 1), targetRead('c%p', [], 1)],
    last: readAll(10, 2),
    state: { 2: perState({ ompPointers: [{ device: 1, ptr: C, value: { space: 'host', addr: B, count: 10 } }] }, { libgomp: { ompPointers: [] }, 'llvm-offload': { ompPointers: [] } }) },
  },
  {
    name: 'a target data region exits with the ranges recorded at its start, whatever the pointer aims at later',
    steps: [assign('c%p', 'a'), ompDataBegin([map('tofrom', ['c%p'])]), targetWrite('a', 3), assign('c%p', 'b'), hostRead('a'), ompDataEnd, hostRead('a')],
    // gcc-12: gfortran's always-pointer lowering of c%p with c not mapped runs on target data for a
    // tofrom item (K-B42: the struct's descriptor is mapped first), and maps that descriptor too,
    // which the model does not show: its state is not checked there.
    at: { 5: readAll(10, 1) },
    last: readAll(10, 3),
    state: { 2: perState({ ompEntries: [entry([A, A + 40], 1, 1)] }, { 'gcc-12': null }), 6: perState({ ompEntries: [] }, { 'gcc-12': null }) },
  },
  {
    name: 'a self-mapped pointer and a target associated with device storage on a shared-memory device (K-B8 self, K-B18 as-discrete): no attachment, as neither side is new storage',
    cite:
      'fuzz seed 1191516188 under llvm-offload; LLVM omptarget.cpp targetDataBegin records a new allocation only when the map did not return the host pointer, processAttachEntries attaches only for a new pointer or pointee (or always); K-B18: the spec is silent on association with such a device, libgomp refuses it',
    steps: [
      alloc('d1', 40, 1),
      associate(v('b'), h('d1'), 40, 0, 1),
      assign('c%p', 'b'),
      ompEnter([map('to', ['c', 'c%p'])], 1),
      targetRead('c%p', [], 1),
      hostRead('c%p'),
    ],
    at: {
      2: per(UNDEF, { libgomp: value(1), 'llvm-offload': value(0), 'K-B18=as-discrete': value(0), [SELF_ASSOC_ALWAYS]: value(0) }),
      3: per(HALTED, { libgomp: ok, 'llvm-offload': ok, 'K-B18=as-discrete': ok, [SELF_ASSOC_ALWAYS]: ok }),
      4: per(HALTED, { libgomp: ok, 'llvm-offload': ok, 'K-B18=as-discrete': ok, [SELF_ASSOC_ALWAYS]: ok }),
      // libgomp maps b as a self map (the association was refused); LLVM keeps the original
      // pointer, which holds b's host address, read through shared memory. With distinct copies
      // (spec, K-B8 copies) c's new copy is attached to the associated storage, never written
      // (omp_target_alloc memory is indeterminate). Under the 5.x rule LLVM writes the device
      // address of b's associated storage into the original pointer itself.
      5: per(HALTED, { libgomp: readAll(10, 2), 'llvm-offload': readAll(10, 2), 'K-B18=as-discrete': readAll(10, null), [SELF_ASSOC_ALWAYS]: readAll(10, null) }),
    },
    last: per(HALTED, { libgomp: readAll(10, 2), 'llvm-offload': readAll(10, 2), 'K-B18=as-discrete': readAll(10, 2), [SELF_ASSOC_ALWAYS]: UNDEF }),
    state: {
      4: perState(null, {
        'llvm-offload': { ompPointers: [] },
        'K-B18=as-discrete': { ompPointers: [{ device: 1, ptr: C, value: { space: 'dev', block: 1, offset: 0, count: 10 } }] },
      }),
    },
  },
  {
    name: 'one pointer named twice on a construct under unified shared memory: each attachment aims at the target the list item had when the construct started, also where the first one re-pointed a self-mapped original (K-B8 self-unless-close: c is a self map, a gets device storage through close)',
    cite:
      '§7.9.6: the list items are resolved when the construct starts and the corresponding pointer is assigned the address of its pointee\'s corresponding storage; §10.5.1.5 with K-B8: under self-unless-close the corresponding pointer is the original (properties/refinement.test.ts under llvm-offload and llvm-22: a declare mapper\'s c%p item beside the clause\'s)',
    world: { ...OMP_WORLD, requires: ['unified_shared_memory' as const] },
    steps: [assign('c%p', 'a'), targetRead('c%p', [map('tofrom', ['c', 'c%p']), map('tofrom', ['c%p'], 'close')])],
    last: readAll(10, 1),
  },
  {
    name: 'the same, with a remapped lower bound: the second attachment keeps the bounds the host pointer had, though the first one wrote a device address into it',
    cite: 'Fortran 2008 §7.2.2.3 (a remapped pointer\'s bounds are its descriptor\'s); K-B41 descriptor / base-address: the bounds either come from the host pointer or stay the corresponding one\'s, both 10:19 here',
    world: { ...OMP_WORLD, requires: ['unified_shared_memory' as const] },
    steps: [remap('c%p', 10, 'a'), targetBounds('c%p', [map('tofrom', ['c', 'c%p']), map('tofrom', ['c%p'], 'close')])],
    last: read(10, 19),
  },
  // Arrays of structs (issue 9 item 5): the corresponding pointer is the member of the element's
  // own storage; libgomp and LLVM look the pointer up at its own address (target.c
  // gomp_attach_pointer; omptarget.cpp PTR_AND_OBJ "Base is address of pointer").
  {
    name: 'array of structs: the member of the one element mapped with it is attached; the other elements stay unmapped',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(2)%p', 'a'), ompEnter([map('to', ['cs(2)', 'cs(2)%p'])]), targetRead('cs(2)%p', [map('to', ['cs(2)'])]), isPresent(v('cs(1)'))],
    at: { 3: readAll(10, 1) },
    last: value(false),
    state: {
      2: {
        ompEntries: [entry([A, A + 40], 2, 1), entry([CS + 16, CS + 32], 1, 1)],
        ompPointers: [{ device: 0, ptr: CS + 16, value: { space: 'dev', block: 2, offset: 0, count: 10 } }],
      },
    },
  },
  {
    name: 'array of structs: an element mapped alone holds its member\'s host address; mapping the member later does not attach it (6.0), 5.2 does (K-B7)',
    world: AOS_OMP_WORLD,
    steps: [assign('cs(1)%p', 'b'), ompEnter([map('to', ['cs(1)', 'b'])]), ompEnter([map('to', ['cs(1)%p'])]), targetRead('cs(1)%p', [map('to', ['cs(1)'])])],
    last: per(UNDEF, { [V52]: readAll(10, 2) }),
    state: {
      3: perState(
        { ompPointers: [{ device: 0, ptr: CS, value: { space: 'host', addr: B, count: 10 } }] },
        { [V52]: { ompPointers: [{ device: 0, ptr: CS, value: { space: 'dev', block: 2, offset: 0, count: 10 } }] } },
      ),
    },
  },
  {
    name: 'array of structs: two elements of one construct form one storage block over cs(1:3) (6.0); one entry per element under 5.2 (K-B16)',
    cite: 'K-B16: storage blocks are new in 6.0 §7.9.6; OpenMP 5.2 §5.8.3 counts each list item; struct-block (libgomp): two elements are two array items, two keys',
    world: AOS_OMP_WORLD,
    steps: [ompEnter([map('to', ['cs(1)', 'cs(3)'])]), isPresent(v('cs(2)'))],
    last: per(value(true), { [V52]: value(false), 'K-B16=struct-block': value(false), libgomp: value(false) }),
    state: {
      1: perState(
        { ompEntries: [entry([CS, CS + 48], 1, 1)] },
        {
          [V52]: { ompEntries: [entry([CS, CS + 16], 1, 1), entry([CS + 32, CS + 48], 2, 1)] },
          'K-B16=struct-block': { ompEntries: [entry([CS, CS + 16], 1, 1), entry([CS + 32, CS + 48], 2, 1)] },
          libgomp: { ompEntries: [entry([CS, CS + 16], 1, 1), entry([CS + 32, CS + 48], 2, 1)] },
        },
      ),
    },
  },
  {
    name: 'array of structs: a section over two elements and one of them, released and deleted on one exit: one block that the delete empties (6.0); two items of one entry, counted once (5.2, libgomp)',
    cite: "K-B16: the 6.0 block of cs(1:2) and cs(1) deletes as a whole; per list item (5.2) the entry's count moves once per construct, and libgomp's refcount_set skips the delete of a key the release already decremented (target.c gomp_decrement_refcount; struct-block: a section of the array is an item of its own)",
    world: AOS_OMP_WORLD,
    steps: [ompEnter([map('to', ['cs(1:2)'])]), ompEnter([map('to', ['cs(1:2)'])]), ompExit([map('release', ['cs(1:2)']), map('delete', ['cs(1)'])]), isPresent(v('cs(1)'))],
    last: per(value(false), { [V52]: value(true), 'K-B16=struct-block': value(true), libgomp: value(true) }),
    state: {
      3: perState(
        { ompEntries: [] },
        { [V52]: { ompEntries: [entry([CS, CS + 32], 1, 1)] }, 'K-B16=struct-block': { ompEntries: [entry([CS, CS + 32], 1, 1)] }, libgomp: { ompEntries: [entry([CS, CS + 32], 1, 1)] } },
      ),
    },
  },
  // K-B7 `counted` (libgomp target.c gomp_attach_pointer / gomp_detach_pointer): every map of c%p
  // with c present counts one attachment; the device pointer is written when the count becomes 1;
  // target / target data give theirs back at their end (gomp_unmap_vars_internal "detachments
  // before any copies back"), target exit data one per pointer named (gomp_exit_data
  // GOMP_MAP_DETACH, "attach count underflow" with none left); at 0 the device pointer gets the
  // host pointer's value.
  {
    name: 'counted attachment: attaches when neither side is new, and a target construct detaches at its end (K-B7)',
    steps: [
      assign('c%p', 'a'),
      ompEnter([map('to', ['c', 'a'])]),
      targetPointer('c%p', [map('to', ['c%p'])]),
      targetPointer('c%p', [map('alloc', ['c'])]),
      ompEnter([map('to', ['c%p'])]),
      targetPointer('c%p', [map('alloc', ['c'])]),
    ],
    // gcc-12 (gfortran's always pointer writes c%p at every map, K-B7 always): measured,
    // omp-attach-both-present-fortran step 3 (gcc-12-nvptx-2026-12-03d); its enter data of c%p
    // then leaves no device address in it (K-B60 garbage: step 6 printed 1).
    at: { 3: per(HOST_A, { [COUNTED]: dev(2), [V52]: dev(2), 'gcc-12': dev(2) }), 4: per(HOST_A, { [V52]: dev(2), 'gcc-12': dev(2) }) },
    last: per(HOST_A, { [COUNTED]: dev(2), [V52]: dev(2), 'gcc-12': UNDEF }),
  },
  {
    name: 'counted attachment: a positive count leaves the pointer where it was; 5.x re-points to the new target (K-B7)',
    steps: [
      assign('c%p', 'a'),
      ompEnter([map('to', ['c'])]),
      ompEnter([map('to', ['c%p'])]),
      ompEnter([map('to', ['b'])]),
      ompExit([map('release', ['a'])]),
      assign('c%p', 'b'),
      ompEnter([map('to', ['c%p'])]),
      targetPointer('c%p', [map('alloc', ['c'])]),
    ],
    last: per(dev(2), { [V52]: dev(3) }),
  },
  {
    name: 'counted attachment: target exit data of the pointer detaches it (host value back); none left: the runtime aborts (K-B7)',
    steps: [
      assign('c%p', 'a'),
      ompEnter([map('to', ['c'])]),
      ompEnter([map('to', ['c%p'])]),
      ompEnter([map('to', ['a'])]),
      ompExit([map('release', ['c%p'])]),
      targetPointer('c%p', [map('alloc', ['c'])]),
      ompExit([map('release', ['c%p'])]),
    ],
    at: { 6: per(dev(2), { [COUNTED]: HOST_A }) },
    last: per(ok, { [COUNTED]: err('fatal_detach_at_zero') }),
  },
  // K-B42: gfortran 12 lowers a component pointer with GOMP_MAP_ALWAYS_POINTER, which target.c
  // gomp_map_vars_internal finds no key for when the struct is not mapped ("always pointer not
  // mapped"); measured with GCC 12.2 (probes omp-map-member-*), the C forms run.
  {
    name: 'a pointer member mapped on target data while its struct is not: the pointee is mapped, nothing attached; gfortran 12 aborts (K-B42)',
    steps: [assign('c%p', 'a'), ompDataBegin([map('from', ['c%p'])]), isPresent(v('a')), ompDataEnd],
    at: { 2: per(ok, { 'gcc-12': err('fatal_lowering'), 'K-B42=abort': err('fatal_lowering') }), 3: per(value(true), { 'gcc-12': HALTED, 'K-B42=abort': HALTED }) },
    last: per(ok, { 'gcc-12': HALTED, 'K-B42=abort': HALTED }),
  },
  {
    name: 'a null pointer member on a target construct while its struct is not mapped: the kernel runs; gfortran 12 aborts (K-B42)',
    steps: [nullify('c%p'), targetRead('b', [map('to', ['c%p'])])],
    last: per(readAll(10, 2), { 'gcc-12': err('fatal_lowering'), 'K-B42=abort': err('fatal_lowering') }),
  },
  {
    name: 'with the always modifier the pointer member maps under every reading (K-B42; measured: gen-20261203-164-fortran runs)',
    steps: [assign('c%p', 'a'), ompDataBegin([map('tofrom', ['c%p'], 'always')]), isPresent(v('a')), ompDataEnd],
    at: { 3: value(true) },
    last: ok,
  },
];

// K-B7 `shadow` (libomptarget 16 targetDataBegin: a PTR_AND_OBJ entry writes the device pointer
// only when the pointer's shadow record is missing or holds another device address).
const SHADOW = 'K-B7=shadow';
rows.push(
  {
    name: 'K-B7 shadow: a pointer mapped with its target when neither is new attaches the first time (6.0 does not)',
    cite: 'K-B7 (profiles/llvm-16.json)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(hostPtr(A), { 'spec-omp-5.2': dev(2, 0), 'K-B7=always': dev(2, 0), [SHADOW]: dev(2, 0), [COUNTED]: dev(2, 0) }),
  },
  {
    name: 'K-B7 shadow: after an always-to copy of c over its attached pointer, a map of c%p with the same target writes nothing (its record holds that address); always re-attaches',
    cite: 'K-B7 (profiles/llvm-16.json: the shadow record goes only with the pointer\'s storage)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])]), ompEnter([map('to', ['c'], 'always')]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(hostPtr(A), { 'spec-omp-5.2': dev(2, 0), 'K-B7=always': dev(2, 0), [SHADOW]: hostPtr(A) }),
  },
  {
    name: 'K-B7 shadow: the target deleted and mapped again is new storage at a new address, so the record no longer holds it and the pointer is written',
    cite: 'K-B7 (profiles/llvm-16.json)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])]), ompExit([map('delete', ['a'])]), ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { 'spec-omp-5.2': dev(3, 0), 'K-B7=always': dev(3, 0), [SHADOW]: dev(3, 0) }),
  },
  {
    name: 'K-B7 shadow: the pointer re-pointed inside the same mapped array aims at another address, so a map of it writes the pointer (6.0 and libgomp\'s count do not; the text forbids the re-pointing, K-B22)',
    cite: 'K-B7 with K-B22 (libomptarget 16 compares the expected device address with the shadow record\'s)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c', 'c%p'])]), assign('c%p', 'a(3:10)'), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    at: { 3: per(UNDEF, { libgomp: RUNS, 'llvm-offload': RUNS, [ALLOWED52]: RUNS, [`${SHADOW},K-B22=allowed`]: RUNS }) },
    last: per(HALTED, { libgomp: dev(2, 0), 'llvm-offload': dev(2, 0), [ALLOWED52]: dev(2, 8), [`${SHADOW},K-B22=allowed`]: dev(2, 8) }),
  },
);

// K-B47: clang before the ATTACH map type gives map(c.p[0:n]) a combined entry for the members of c
// it names (CGOpenMPRuntime.cpp generateInfoForComponentList: "alloc space for struct members";
// clang 16's host IR: map type 0, sizeof(int *)), which libomptarget maps, counts and releases like
// any item (omptarget.cpp targetDataBegin / targetDataEnd: UpdateRef for an entry that is not
// MEMBER_OF). Measured: profiles/measured/llvm-16-nvptx-2026-12-03c (six aborts where a later map of
// the whole struct extends that storage), -03 omp-array-of-structs-c step 11.
const WORD = 'K-B47=member-word';
rows.push(
  {
    name: 'a pointer member mapped through its section while its struct is not: the struct gets no storage (clang 16: its pointer word; gfortran 12: its descriptor)',
    cite: 'K-B47 (descriptor measured: toolchain/probes/omp-descriptor-*, profiles/measured/probes-gcc-12-2026-12-06n.md)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), isPresent(v('c'), 0)],
    last: per(value(false), { [WORD]: value(true), [DESCRIPTOR]: value(true), 'gcc-12': value(true) }),
  },
  {
    name: 'then a map of the whole struct: new storage; under member-word it extends the word\'s storage (K-B5: LLVM aborts)',
    cite: 'K-B47 with K-B5 (measured: gen-20261209-230-c step 5, "failure of target construct while offloading is mandatory")',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), ompEnter([map('to', ['c'])])],
    last: per(ok, { [WORD]: UNDEF, [`${WORD},K-B5=error`]: err('fatal_partial_map') }),
  },
  {
    name: 'K-B47 member-word: a kernel reading the bounds of c%p where only the pointer word of c is mapped: the count lies past that storage (clang reads garbage); the whole struct the implicit map gives under the other readings holds it',
    cite: 'K-B47 (measured: gen-20270131-585-c step 3 in profiles/measured/llvm-19-x86_64-host-2026-12-06j.md, target map(alloc: c%p) reading lbound and ubound of c%p prints 1 0 with clang 19, the count field of the C struct past the 8 bytes mapped)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), targetBounds('c%p')],
    // gcc-12: gfortran's enter data leaves garbage in the descriptor it maps (K-B60 garbage)
    last: per(read(1, 10), { [WORD]: UNDEF, 'gcc-12': UNDEF }),
  },
  {
    name: 'the struct mapped first, then a section of its member: under member-word and descriptor the struct is counted once more, so one release leaves it',
    cite: 'K-B47 (measured: omp-array-of-structs-c step 11 answers 1 with clang 16; omp-descriptor-struct-counted-fortran step 4 answers 1 with GCC 12.2, profiles/measured/probes-gcc-12-2026-12-06n.md)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('to', ['c%p'])]), ompExit([map('release', ['c'])]), isPresent(v('c'), 0)],
    last: per(value(false), { [WORD]: value(true), [DESCRIPTOR]: value(true), 'gcc-12': value(true) }),
  },
  {
    name: 'K-B47 descriptor: target data maps the component\'s descriptor with a tofrom section for the region (gfortran 12), and gives it back at the end',
    cite: 'measured: omp-descriptor-target-data-fortran answers 1 inside the region and 0 after it; the C unit 0 and 0 (profiles/measured/probes-gcc-12-2026-12-06n.md)',
    steps: [assign('c%p', 'a'), ompDataBegin([map('tofrom', ['c%p(2:3)'])]), isPresent(v('c'), 0), ompDataEnd, isPresent(v('c'), 0)],
    at: { 3: per(value(false), { [DESCRIPTOR]: value(true), 'gcc-12': value(true) }) },
    last: value(false),
  },
  {
    name: 'K-B47 descriptor: a from section on target data maps no descriptor (gfortran lists it after the always pointer; gcc-12 stops there, K-B42)',
    steps: [assign('c%p', 'a'), ompDataBegin([map('to', ['b']), map('from', ['c%p(2:3)'])]), isPresent(v('c'), 0), ompDataEnd],
    at: { 2: per(ok, { 'gcc-12': err('fatal_lowering') }), 3: per(value(false), { [DESCRIPTOR]: value(false), 'gcc-12': HALTED }) },
    last: per(ok, { 'gcc-12': HALTED }),
  },
  {
    name: 'K-B47 descriptor: exit data gives the descriptor\'s map back with the section (gfortran 12 stops at it, K-B53 abort: "unhandled kind 0x01")',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p(2:3)'])]), ompExit([map('from', ['c%p(2:3)'])]), isPresent(v('c'), 0)],
    at: { 3: per(ok, { 'gcc-12': err('fatal_lowering') }) },
    last: per(value(false), { [DESCRIPTOR]: value(false), 'gcc-12': HALTED }),
  },
  {
    name: 'K-B47 descriptor: enter data maps the descriptor, so a later target construct finds the component\'s storage (gfortran 12 runs it; K-B42 stops it where nothing mapped c)',
    cite: 'measured: omp-descriptor-target-after-enter-fortran runs the target construct and answers 1 before and after it (profiles/measured/probes-gcc-12-2026-12-06n.md)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c%p'])]), isPresent(v('c'), 0), targetWrite('c%p', 11, [map('from', ['c%p'])]), isPresent(v('c'), 0)],
    at: { 3: per(value(false), { [DESCRIPTOR]: value(true), 'gcc-12': value(true) }) },
    last: per(value(false), { [DESCRIPTOR]: value(true), 'gcc-12': value(true) }),
  },
);

// K-B67: a struct's to copy and its pointer member's attachment on one construct. The text
// attaches after the construct's copies, whatever the order of the clauses; clang 16 emits a
// struct's alloc clauses (and present ones) before the others, and libomptarget 16 writes each
// entry as it meets it, so the struct's copy after the attachment puts the host pointer back.
// Measured with clang 16 / libomptarget 16 (the x86_64 host plugin's trace and the H200 runs
// gen-20261220-123-c step 3, gen-20261218-101-c step 2); profiles/llvm-16.json reads it.
const ORDERED = 'K-B67=clause-order';
rows.push(
  {
    name: 'map(to: c) beside map(alloc: c%p): attached under the text; clang 16 orders the alloc clause first, so c\'s copy writes the host pointer back (K-B67)',
    cite: 'K-B67 clause-order: target enter data map(to: x) map(alloc: x.p1[0:8]), clang 16.0.6 .offload_maptypes [0, MEMBER_OF|PTR_AND_OBJ, MEMBER_OF|TO], libomptarget 16 x86_64 plugin: the device pointer keeps the host address',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c']), map('alloc', ['c%p'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: HOST_A }),
    state: { 2: perState({ ompPointers: [aimedAtA] }, { [ORDERED]: { ompPointers: [{ device: 0, ptr: C, value: { space: 'host', addr: A, count: 10 } }] } }) },
  },
  {
    name: 'c and c%p in one clause: c comes first, so the pointer is attached under either reading (K-B67)',
    cite: 'K-B67: map(to: y, y.p1[0:8]) gives [0, MEMBER_OF|TO, MEMBER_OF|PTR_AND_OBJ|TO]; the runtime copies y, then attaches (measured with the x86_64 host plugin)',
    steps: [...base, targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: dev(2, 0) }),
  },
  {
    name: 'the present modifier puts c%p first too: with a already mapped, c is new and copied after the attachment (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['a'])]), ompEnter([map('to', ['c']), map('to', ['c%p'], 'present')]), targetPointer('c%p')],
    last: per(dev(1, 0), { [ORDERED]: HOST_A }),
  },
  {
    name: 'a present struct copied again by the always modifier after its member\'s first attachment: the host pointer comes back (K-B67); without always nothing is copied',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('alloc', ['c%p']), map('to', ['c'], 'always')]), targetPointer('c%p'), ompEnter([map('alloc', ['c%p']), map('to', ['c'])]), targetPointer('c%p')],
    at: { 4: per(dev(2, 0), { [ORDERED]: HOST_A }) },
    last: per(dev(2, 0), { [ORDERED]: HOST_A }),
  },
  {
    name: 'a struct copied after a null member is attached to nothing: the host null stays under either reading (K-B67)',
    steps: [ompEnter([map('alloc', ['c%p']), map('to', ['c'])]), targetPointer('c%p')],
    last: per(value(null), { [ORDERED]: value(null) }),
  },
  {
    name: 'clauses come in written order within a group, vars within a clause: c as the second var of the first clause still precedes c%p in the second (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['b', 'c']), map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(dev(3, 0), { [ORDERED]: dev(3, 0) }),
  },
  {
    name: 'a struct mapped by an alloc clause is not copied: the attachment before it stands (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('alloc', ['c%p']), map('alloc', ['c'])]), targetPointer('c%p')],
    last: per(dev(1, 0), { [ORDERED]: dev(1, 0) }),
  },
  {
    name: 'a struct already present is not copied again: the attachment this construct makes before it stands (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('alloc', ['c%p']), map('to', ['c'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: dev(2, 0) }),
  },
  {
    name: 'target data map(alloc: c%p) map(tofrom: c): the tofrom copy of c comes after the attachment under clang 16\'s order (K-B67)',
    steps: [assign('c%p', 'a'), ompDataBegin([map('alloc', ['c%p']), map('tofrom', ['c'])]), targetPointer('c%p'), ompDataEnd],
    at: { 3: per(dev(1, 0), { [ORDERED]: HOST_A }) },
    last: ok,
  },
  {
    name: 'only a copy of the struct holding the pointer counts: an array copied after c%p\'s attachment leaves it (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('alloc', ['c%p']), map('to', ['b'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: dev(2, 0) }),
  },
  {
    name: 'nor a copy of another struct placed after c: d is copied after c%p\'s attachment, which stands (K-B67)',
    world: { ...OMP_WORLD, structs: [{ name: 'c', pointers: ['p'] }, { name: 'd', pointers: ['p'] }] },
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), ompEnter([map('alloc', ['c%p']), map('to', ['d'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: dev(2, 0) }),
  },
  {
    name: 'the items of an earlier construct play no part: b and c entered first, then c%p alone attaches (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['b', 'c'])]), ompEnter([map('to', ['c%p'])]), targetPointer('c%p')],
    last: per(dev(3, 0), { [ORDERED]: dev(3, 0) }),
  },
  {
    name: 'nor do the member items of an earlier construct: c and c%p(1:2) in one clause attach after sections of c%p were entered (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['b']), map('alloc', ['c%p(1:2)', 'c%p(3:4)'])]), ompEnter([map('to', ['c', 'c%p(1:2)'])]), targetPointer('c%p')],
    last: per(dev(2, 0), { [ORDERED]: dev(2, 0) }),
  },
  {
    name: 'a kernel\'s implicit map of c comes after its explicit items: under K-B63 implicit its copy of c follows c%p(1:2)\'s attachment (K-B67)',
    steps: [assign('c%p', 'a'), targetPointer('c%p', [map('to', ['c%p(1:2)'])])],
    last: per(dev(1, 0), { 'gcc-12': err('fatal_lowering'), 'K-B63=implicit': dev(1, 0), [`K-B63=implicit,${ORDERED}`]: HOST_A }),
  },
  {
    name: 'the words K-B63 maps for a kernel after its explicit items are no copy of c that undoes the attachment (K-B67)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['a'])]), targetRead('c%p', [map('to', ['c%p(1:2)'], 'present')])],
    last: per(readAll(10, 1), { [ORDERED]: readAll(10, 1) }),
  },
);

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (pointer attachment)',
  rules: [
    'OpenMP 6.0 §7.9.6 map clause (pointer attachment)',
    'OpenMP 6.0 §7.9.6 map clause (exit: copy-back of an attached pointer)',
    'OpenMP 6.0 §7.9.6 map clause restrictions (attached pointers)',
    'OpenMP 6.0 §7.9.6 map clause (pointer attachment: counted detach, K-B7)',
    'OpenMP 6.0 §7.9.6 map clause (a pointer member whose struct is not mapped, K-B42)',
    MEMBER_WORD,
    ENTER_DATA_POINTER,
    COPY_AFTER_ATTACHMENT,
  ],
  world: OMP_WORLD,
  rows,
});
