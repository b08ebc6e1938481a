// OpenMP 6.0 §7.9.6 map clause, present modifier: on entry, absent data is a runtime error
// termination. K-B6: the present modifier on target exit data (checked at the exit point, or ignored).

import { HALTED, UNAVAILABLE, entry, err, ok, per, readAll, section, type Row } from '../rows.js';
import { PRESENT_SELF_MAP } from '../../model/omp/map-entry.js';
import { hostRead, map, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const USM_WORLD = { ...OMP_WORLD, requires: ['unified_shared_memory' as const] };

const NOT_PRESENT = err('omp_error_not_present');

const rows: Row[] = [
  { name: 'a compiler without the present modifier (K-B26 absent, GCC 12): the program cannot be built', steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'], 'present')])], last: per(ok, { 'K-B26=absent': UNAVAILABLE }) },
  { name: 'present on entry of absent data stops the program', steps: [ompEnter([map('to', ['a'], 'present')]), hostRead('a')], at: { 1: NOT_PRESENT }, last: { kind: 'halted' } },
  {
    name: 'present data passes the check and counts once more',
    steps: [ompEnter([map('alloc', ['a'])]), targetRead('a', [map('tofrom', ['a'], 'present')])],
    last: readAll(10, null),
  },
  {
    name: 'present data passes the check on enter data: RC 2',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'], 'present')])],
    last: ok,
    state: { 2: { ompEntries: [entry([A, A + 40], 1, 2)] } },
  },
  {
    name: 'partly present data is not present (K-B52 present-error); libgomp meets the partial map first (partial-map)',
    cite: "K-B52: OpenMP 6.0 §7.9.6 present modifier (runtime error termination when not present); libgomp target.c gomp_map_vars_existing aborts on the overlapping key (\"Trying to map into device [..) object when [..) is already mapped\") before any present check; K-B5 error gives fatal_partial_map, undefined the restriction's undefined",
    steps: [ompEnter([map('to', ['a(1:5)'])]), ompEnter([map('to', ['a'], 'present')])],
    last: per(NOT_PRESENT, { libgomp: err('fatal_partial_map'), 'K-B52=partial-map': { kind: 'undefined' }, 'K-B52=partial-map,K-B5=error': err('fatal_partial_map') }),
  },
  {
    name: 'a clause with the present modifier takes effect before the others: map(to: b) map(present, to: a) stops before b is mapped',
    cite: 'OpenMP 5.1 §2.21.7.1 (TR8 §2.22.7.1, quoted in reviews.llvm.org/D83061): the effect of a map clause with the present modifier is ordered before all map clauses without it; clang emits present clauses first, GCC 13+ sorts present groups first (gimplify.cc omp_segregate_mapping_groups)',
    steps: [ompEnter([map('to', ['b']), map('to', ['a'], 'present')])],
    last: NOT_PRESENT,
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'an earlier item of the same variable does not make it present: map(alloc: a) map(present, alloc: a) stops, whether the items form one block or are counted apart (K-B16)',
    cite: 'OpenMP 5.1 §2.21.7.1 (present clauses ordered first); llvm/llvm-project offload/test/mapping/map_ordering_tgt_alloc_present_tofrom.c ("device mapping required by present map type modifier does not exist"); the libgomp tests of several map clauses of one variable with the present modifier expect the present error',
    steps: [targetRead('a', [map('alloc', ['a']), map('alloc', ['a'], 'present'), map('tofrom', ['a'])])],
    last: per(NOT_PRESENT, { 'K-B16=list-item': NOT_PRESENT, 'K-B16=struct-block': NOT_PRESENT, 'K-B26=absent': UNAVAILABLE }),
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'the present-first check looks at this construct\'s blocks only: after map(to: b) map(present, to: a) and the exit of a, map(to: b) alone runs',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['b']), map('to', ['a'], 'present')]), ompExit([map('delete', ['a'])]), ompEnter([map('to', ['b'])])],
    at: { 2: ok, 3: ok },
    last: ok,
  },
  {
    name: 'present first on a device whose maps are self maps: an earlier item counted apart (K-B16 list-item) maps nothing first, and the text\'s present check (K-B66 present-error) stops the program; LLVM\'s self-present passes',
    cite: 'OpenMP 5.1 §2.21.7.1 (present clauses ordered first) with K-B8 self and K-B66 present-error: the storage is absent when the present clause takes effect; K-B66 self-present: an absent block that becomes a self map passes',
    world: USM_WORLD,
    steps: [targetWrite('a', 4, [map('alloc', ['a']), map('alloc', ['a'], 'present')])],
    last: per(NOT_PRESENT, { libgomp: ok, 'llvm-offload': ok, 'K-B8=self,K-B16=list-item': NOT_PRESENT, 'K-B8=self,K-B16=list-item,K-B66=self-present': ok }),
  },
  {
    name: 'present first with close under LLVM\'s readings: the close block asks for device storage, so self-present does not pass it, whatever an earlier item without close maps (K-B16 list-item)',
    cite: 'K-B66 self-present with K-B8 self-unless-close: a block with the close modifier gets device storage, so its present check runs (getTargetPointer); 5.1 §2.21.7.1 orders it before the item without the modifier',
    world: USM_WORLD,
    steps: [targetWrite('a', 4, [map('alloc', ['a']), map('alloc', ['a'], 'close', 'present')])],
    last: per(NOT_PRESENT, { libgomp: ok, 'K-B8=self-unless-close,K-B66=self-present,K-B16=list-item': NOT_PRESENT }),
  },
  {
    name: 'present on target exit data of absent data (K-B6)',
    steps: [ompExit([map('from', ['a'], 'present')])],
    last: per(NOT_PRESENT, { 'K-B6=ignore': ok }),
  },
  {
    name: 'the end of a target data region does not check the present modifier',
    steps: [ompEnter([map('to', ['a'])]), ompDataBegin([map('tofrom', ['a'], 'present')]), ompExit([map('delete', ['a'])]), ompDataEnd],
    at: { 1: ok, 2: ok, 3: ok },
    last: ok,
  },
  // K-B66: the present modifier on a device whose maps are self maps (requires
  // unified_shared_memory: device 0 shares host memory, K-B54; K-B8 decides the self map).
  {
    name: 'K-B66: under requires unified_shared_memory, map(present, alloc: a) of unmapped a stops the program (the text); LLVM\'s self map comes before its present check, so the kernel writes the host\'s own a',
    cite: 'K-B66 (Mapping.cpp getTargetPointer: the unified-shared-memory branch precedes HasPresentModifier; offload/test/mapping/present/unified_shared_memory.c)',
    world: USM_WORLD,
    steps: [targetWrite('a', 4, [map('alloc', ['a'], 'present')]), hostRead('a')],
    at: { 1: per(NOT_PRESENT, { libgomp: ok, 'llvm-offload': ok, 'K-B8=self-unless-close,K-B66=self-present': ok }) },
    last: per(HALTED, { libgomp: readAll(10, 4), 'llvm-offload': readAll(10, 4), 'K-B8=self-unless-close,K-B66=self-present': readAll(10, 4) }),
  },
  {
    name: 'K-B66: the close modifier asks for device storage, so LLVM checks the present modifier too; libgomp\'s shared-memory maps ignore close (K-B8 self) and run',
    cite: 'K-B66 with K-B8 self-unless-close (getTargetPointer: close on storage no map holds does not take the unified-shared-memory branch); libgomp: K-B8 self',
    world: USM_WORLD,
    steps: [targetWrite('a', 4, [map('alloc', ['a'], 'close', 'present')]), hostRead('a')],
    at: { 1: per(NOT_PRESENT, { libgomp: ok }) },
    last: per(HALTED, { libgomp: readAll(10, 4) }),
  },
  {
    name: 'K-B66 on a device that shares memory with the host, without the requirement: libgomp\'s own tests expect the present error only on a device with its own address space',
    cite: 'K-B66 (libgomp.c-c++-common/target-present-1.c: dg-shouldfail "present error triggered" { target offload_device_nonshared_as }); device 1 shares memory with the host',
    steps: [targetWrite('a', 4, [map('alloc', ['a'], 'present')], 1), hostRead('a')],
    at: { 1: per(NOT_PRESENT, { libgomp: ok, 'llvm-offload': ok, 'K-B8=self-unless-close,K-B66=self-present': ok }) },
    last: per(HALTED, { libgomp: readAll(10, 4), 'llvm-offload': readAll(10, 4), 'K-B8=self-unless-close,K-B66=self-present': readAll(10, 4) }),
  },
  {
    name: 'K-B66 only concerns absent data: partly present data with the present modifier is not present, as on any device (LLVM: the explicit extension comes first)',
    cite: 'K-B66 and K-B52 (getTargetPointer: the explicit-extension branch, with the present modifier\'s message, precedes the unified-shared-memory branch)',
    world: USM_WORLD,
    steps: [ompEnter([map('to', ['a(1:5)'])]), targetWrite('a', 4, [map('alloc', ['a'], 'present')])],
    at: { 1: ok },
    last: per(NOT_PRESENT, { libgomp: err('fatal_partial_map'), 'K-B52=partial-map,K-B5=error': err('fatal_partial_map') }),
  },
  {
    name: 'K-B66 only concerns absent data: inside a target data region that maps a, the present modifier finds it under every reading (unified_shared_memory.c, first construct)',
    cite: 'K-B66 (present/unified_shared_memory.c: target data map(alloc: i) { target map(present, alloc: i) }, "CHECK-NOT: omptarget")',
    world: USM_WORLD,
    steps: [ompDataBegin([map('alloc', ['a'])]), targetWrite('a', 4, [map('alloc', ['a'], 'present')]), ompDataEnd],
    at: { 1: ok, 2: ok },
    last: ok,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (present modifier)',
  rules: [
    'OpenMP 6.0 §7.9.6 map clause (present modifier)',
    'OpenMP 6.0 §7.9.6 map clause (present modifier), §15.6 target exit data',
    'OpenMP 6.0 §7.9.6 map clause (present modifier on partly present data, K-B52)',
    PRESENT_SELF_MAP,
  ],
  world: OMP_WORLD,
  rows,
});
