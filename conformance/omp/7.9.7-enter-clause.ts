// OpenMP 6.0 §7.9.7 enter clause of declare target: the list item's corresponding storage exists on
// the device for the whole program, initialised from the original, "as if its reference count was
// initialized to positive infinity": maps count nothing on it, exits (release, from, delete) never
// remove it, and copies happen only with `always` (a map finds the count at infinity, not 1).
// libgomp: target.c gomp_load_image_to_device gives the node REFCOUNT_INFINITY, and
// gomp_increment_refcount / gomp_decrement_refcount never change it; LLVM: the entry's dynamic count
// is infinite (PluginManager.cpp loadImagesOntoDevice, IsRefCountINF) and survives every
// increment, decrement and reset (OpenMP/Mapping.h), its test mapping/delete_inf_refcount.c:
// exit data map(delete) keeps a declare target variable.
// K-B46 `unregistered`: clang 16 gives a declare target variable with internal linkage (a C static
// array, as emit writes them) no offloading entry (clang -S -emit-llvm: no .omp_offloading.entry
// for it), so libomptarget's table never holds it: kernels use the device image's copy, maps and
// routines find the array absent (measured: profiles/measured/llvm-16-nvptx-2026-12-03
// omp-declare-target-c; -03c gen-20261209-550-c, whose map of a section of the array copied back).
// omp_target_disassociate_ptr of it (K-B27): the text makes only omp_target_associate_ptr data
// "associated data" (§25.5), so §25.6 leaves it unspecified; libgomp refuses (the image's
// target_mem_desc has refcount REFCOUNT_INFINITY, not the 1 the routine requires); LLVM
// (Mapping.cpp disassociatePtr) removes every entry with an infinite dynamic count.

import { HALTED, UNDEF, entry, per, perState, read, readAll, value, section, type Row } from '../rows.js';
import { declareTarget, disassociate, hostRead, hostWrite, isPresent, map, mappedPtr, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetRead, targetWrite, v } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';
import { UNREGISTERED_IMAGE } from '../../model/omp/declare-target.js';

const WORLD = { ...OMP_WORLD, devices: [{ kind: 'discrete' as const }] };
const A_ENTRY = entry([A, A + 40], 1, 'inf', { origin: 'declare' });

const rows: Row[] = [
  {
    name: 'the storage holds the initial values; a kernel reads it without mapping anything new',
    cite: 'K-B46 unregistered (clang 16, a static array): the kernel reads the device image\'s copy, which no table entry holds',
    steps: [declareTarget(['enter', 'a']), hostWrite('a', 5), targetRead('a')],
    last: readAll(10, 1),
    state: { 3: perState({ ompEntries: [A_ENTRY] }, { 'K-B46=unregistered': { ompEntries: [] } }) },
  },
  {
    name: 'exit data map(delete:) and map(release:) leave it: the count stays infinite',
    cite: 'K-B46 unregistered: omp_target_is_present answers 0 (measured: omp-declare-target-c steps 2 and 6)',
    steps: [declareTarget(['enter', 'a']), ompExit([map('delete', ['a'])]), ompExit([map('release', ['a'])]), isPresent(v('a'), 0)],
    last: per(value(true), { 'K-B46=unregistered': value(false) }),
    state: { 3: perState({ ompEntries: [A_ENTRY] }, { 'K-B46=unregistered': { ompEntries: [] } }) },
  },
  {
    name: 'map(to:) finds it present at an infinite count: nothing is copied; always copies',
    steps: [declareTarget(['enter', 'a']), hostWrite('a', 5), ompEnter([map('to', ['a'])]), targetRead('a'), ompEnter([map('to', ['a'], 'always')]), targetRead('a')],
    cite: 'K-B46 unregistered: the map gives the array an ordinary entry, which the kernel does not read (it uses the image copy)',
    at: { 4: readAll(10, 1) },
    last: per(readAll(10, 5), { 'K-B46=unregistered': readAll(10, 1) }),
  },
  {
    name: 'exit data map(from:) copies nothing back (the count is not 1); a data region neither',
    steps: [declareTarget(['enter', 'a']), targetWrite('a', 7), ompExit([map('from', ['a'])]), ompDataBegin([map('tofrom', ['a'])]), ompDataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 5: perState({ ompEntries: [A_ENTRY] }, { 'K-B46=unregistered': { ompEntries: [] } }) },
  },
  {
    name: 'omp_get_mapped_ptr gives its storage',
    steps: [declareTarget(['enter', 'a']), mappedPtr(v('a', 8), 0)],
    last: per(value({ block: 1, offset: 8 }), { 'K-B46=unregistered': value(null) }),
  },
  {
    name: 'omp_target_disassociate_ptr of a declare target variable (K-B27)',
    steps: [declareTarget(['enter', 'a']), disassociate(v('a'), 0), isPresent(v('a'), 0)],
    at: { 2: per(UNDEF, { libgomp: value(1), 'llvm-offload': value(0) }) },
    last: per(HALTED, { libgomp: value(true), 'llvm-offload': value(false) }),
    state: { 2: perState(null, { libgomp: { ompEntries: [A_ENTRY] }, 'llvm-offload': { ompEntries: [] } }) },
  },
  {
    name: 'after LLVM removes it, a map makes new storage (K-B27 remove)',
    steps: [declareTarget(['enter', 'a']), disassociate(v('a'), 0), hostWrite('a', 4), targetRead('a', [map('to', ['a'])])],
    at: { 2: per(UNDEF, { libgomp: value(1), 'llvm-offload': value(0) }) },
    last: per(HALTED, { libgomp: readAll(10, 1), 'llvm-offload': read(...Array<number>(10).fill(4)) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.7',
  title: 'enter clause',
  rules: ['OpenMP 6.0 §7.9.7 enter clause', UNREGISTERED_IMAGE],
  world: WORLD,
  rows,
});
