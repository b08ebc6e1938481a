// More scenarios from LLVM's offload testsuite (llvm/llvm-project offload/test/mapping,
// offload/test/unified_shared_memory, offload/test/offloading and offload/test/api), OpenMP 6.0
// §7.9 Data-Mapping Control, beside conformance/omp/7.9-suite-llvm.ts (whose tests are not redone
// here): several map items of one variable or struct on one construct (the map_ordering tests), a
// plain pointer and its target mapped by separate and joint constructs (the pointer's
// corresponding pointer, exit data always from of an attached pointer, K-B23; attachment of a
// pointer whose pointer and target were mapped before, K-B7), struct members and pointer members
// entered with and without their struct, declare mapper items with the clause's always and present
// modifiers (K-B65, K-B52, K-B5) and mappers nested in mappers, use_device_addr of mapped and
// unmapped data (K-B30), close maps under requires unified_shared_memory (K-B8, K-B2), declare
// target data under it, and the mapping table after enter / exit data. Each row names the test and
// the CHECK lines or asserts that give the llvm-offload expectation; the other profiles'
// expectations are the text's (6.0 §7.9.6, §7.9.7, §7.9.10, §7.5.10, §15.6, §15.9, §25.2), written
// by hand, with libgomp's and gcc-12's where their knob readings differ (profiles/builtin.ts
// evidence). Each test is reduced to the language: one loop iteration, constants for computed
// values, 4-byte elements, kernels split into reads and writes, a kernel's address-of read as the
// corresponding pointer or omp_get_mapped_ptr. Tests where the test's evidence and the engines
// disagree are not rows here: README.md "Suite-derived rows" lists them.
import { HALTED, RUNS, UNDEF, dev, entry, err, hostPtr, ok, per, read, readAll, section, value, type Outcome, type Row } from '../rows.js';
import { assign, declareTarget, hostRead, hostWrite, isPresent, map, mappedPtr, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetAt, targetPointer, targetRead, targetWrite, useDeviceBegin, v } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'llvm/llvm-project offload/test/mapping/';
const API = 'llvm/llvm-project offload/test/api/';
const YES = value(true);
const NO = value(false);
const MAPPER_NOTE = 'GCC 12 rejects declare mapper (K-B43 absent: unavailable there)';

/** The map_ordering tests' `int x = 111`, as a 10-element array; one discrete device. */
const X111_WORLD: World = { arrays: [{ name: 'a', length: 10, init: 111 }], structs: [], devices: [{ kind: 'discrete' }] };

/**
 * map_ordering_tgt_alloc_from_to_structmembers_assumedsize.c's `S s[10]` with `int x, y`, reduced to
 * the one element s[1] the test uses (x = y = 111): struct c with fields x and y; the language wants
 * a pointer member in every struct, c%p stays null and unused.
 */
const XY_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 111 }, { name: 'y', init: 111 }] }],
  devices: [{ kind: 'discrete' }],
};

/**
 * The map_ptr_and_* / map_structptr_and_member_* tests' `int x[10]` (or `S s[10]`, its x members)
 * holding 111, 222, 333, 444 at the start, and the plain pointer `p` (`ps`) aimed at its first
 * element: `a` and the plain pointer p => a.
 */
const PTR_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: [111, 222, 333, 444, 0, 0, 0, 0, 0, 0] }],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};
/** PTR_WORLD with the pointer null at the start and x all 0 (map_ptr_then_ptee_then_attach.c's globals). */
const NULL_PTR_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 0 }],
  structs: [{ name: 'p', pointers: ['p'], plain: true }],
  devices: [{ kind: 'discrete' }],
};
/** map_both_pointer_pointee.c's `int a[10]` with a[1] = 111 and `int *p = &a[0]`. */
const PTR_A1_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: [0, 111, 0, 0, 0, 0, 0, 0, 0, 0] }],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/**
 * The mapper_map_* tests' `int x[10]` (a, scaled to 4 elements) and `S s1` with `int x; int
 * dummy[10000]; int *p` and s1.p = x: struct c with pointer member p => a, then field n (s1.x) and
 * arr (s1.dummy, 4 elements); `declare mapper(default : S s) map(s.x, s.p[0 : 10])` as c's default
 * mapper of c%n and c%p (tofrom, the map clause's default type). In the language c%p comes first in
 * c's storage, so "p is present" is c's first bytes.
 */
const MAPPER_NP_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%n', 'c%p'] }] }],
};

/** mapper_map_ptr_ptee_nomapper_del_ptr.c's `S { int *p; } s1` with s1.p = x (x scaled to 4): c with c%p => a, no mapper (see the row). */
const PTR_PTEE_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/**
 * map_ordering_ptee_tgt_alloc_mapper_alloc_from_to.c's `int x[10]` with x[1] = 111 (here all of x)
 * and `S { int *p; int *q; } s1` with s1.p = x: c with c%p => a (q, which the test never uses
 * through the mapper, left out); no mapper (see the row).
 */
const PTEE_ORDER_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 111 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/**
 * mapper_enter_data_always_present_ptee.c's `int x[10]` (a, x[0] = 111: all 111 here) and `S s`
 * with `int y` (111) and `int *p` (=> a), with `declare mapper(S s) map(s.y, s.p[0 : 2])`
 * (tofrom c%y and c%p(1:2)); one discrete device.
 */
const MAPPER_YP_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 111 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'y', init: 111 }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%y'] }, { type: 'tofrom', vars: ['c%p(1:2)'] }] }],
};

/** ompx_dump_mapping_tables.cpp's `int *a = new int[N]`, `int *b = new int[2 * N]` (N = 10) as arrays a and b; one discrete device. */
const DUMP_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 20, init: 2 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

const USM = 'llvm/llvm-project offload/test/unified_shared_memory/';
/** The unified_shared_memory tests' variables under `requires unified_shared_memory`; one discrete device. */
const usm = (arrays: World['arrays'], structs: World['structs'] = []): World => ({ arrays, structs, devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] });
/** close_data_motion.c's `int a[N], b[N]` (N = 64, scaled to 10), all 1. */
const USM_AB_WORLD = usm([
  { name: 'a', length: 10, init: 1 },
  { name: 'b', length: 10, init: 1 },
]);
/** close_sub_section.c's and close_alloc_declare_target_lifetime.c's `double base[10] = {0}` / `part[10]` (4-byte elements here). */
const USM_BASE_WORLD = usm([{ name: 'a', length: 10, init: 0 }]);
/** check_tracking.c's `declare target int x = 111`, global `int y = 111` and local `int xl = 111`, as one-element arrays. */
const USM_XYL_WORLD = usm(['x', 'y', 'xl'].map((name) => ({ name, length: 1, init: 111 })));
/** close.c's `int x, y` as one-element arrays (x at X, y at X + 0x200). */
const USM_XY_WORLD = usm(['x', 'y'].map((name) => ({ name, length: 1, init: 0 })));
const X = 0x1000;

/**
 * offloading/struct_mapping_with_pointers.cpp's `Descriptor dat` with `int *datum` (10 ints, datum[7]
 * = 7), `int *more_datum` (20 ints, more_datum[17] = 17) and the members `xi` (3), `val_datum`,
 * `val_more_datum`: c with pointers p => a (10 × 7) and q => b (20 × 17) and fields xi, vd, vmd.
 */
const DESCRIPTOR_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 7 },
    { name: 'b', length: 20, init: 17 },
  ],
  structs: [{ name: 'c', pointers: ['p', 'q'], fields: [{ name: 'xi', init: 3 }, { name: 'vd', init: 0 }, { name: 'vmd', init: 0 }], init: { p: 'a', q: 'b' } }],
  devices: [{ kind: 'discrete' }],
};
/** offloading/bug53727.cpp's `S s` with `T t` holding `int *p` (N = 10 ints, p[i] = i: 1 here), one level: c with p => a. */
const NESTED_P_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'b', init: 0 }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};
const OFFLOADING = 'llvm/llvm-project offload/test/offloading/';

/** target_has_device_addr.c's xoo(): `short a[10], b[10]` with a[1] = b[1] = 111 (4-byte elements, all 111 here). */
const HDA_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 111 },
    { name: 'b', length: 10, init: 111 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};
/** amd_close_enter_exit.c's `int *a = malloc(N ints)` with a[i] = 10 (N scaled to 10). */
const USM_A10_WORLD = usm([{ name: 'a', length: 10, init: 10 }]);
/** The maps of map_ordering_tgt_alloc_from_to_structmembers_assumedsize.c's target construct: s[:] is c, sp1->x and sp1->y are c%x and c%y. */
const structMemberMaps = [map('alloc', ['c']), map('from', ['c%x', 'c%y']), map('to', ['c%x', 'c%y']), map('alloc', ['c'])];

/** map_ordering_ptee_tgt_alloc_mapper_alloc_from_to.c's target construct with the mapper written out (see the row). */
const ptee_order_maps = [map('alloc', ['c%p']), map('alloc', ['c', 'c%p']), map('from', ['c%p']), map('to', ['c%p']), map('alloc', ['c%p'])];

/**
 * K-B23: the host keeps the value of an attached pointer that an exit copies home (LLVM, libgomp:
 * restore); the text brings the device address home (device-value), as does gcc-12's reading
 * (gomp_exit_data copies the whole range with no attach-count check).
 */
const restored = (o: ReturnType<typeof read>) => per(UNDEF, { libgomp: o, 'gcc-12': UNDEF, 'llvm-offload': o, 'K-B23=restore': o });
const restoredThen = (o: typeof ok) => per(HALTED, { libgomp: o, 'gcc-12': HALTED, 'llvm-offload': o, 'K-B23=restore': o });

const rows: Row[] = [
  {
    name: 'map_ordering_tgt_alloc_from_to_structmembers_assumedsize.c: target map(alloc: s) map(from: s.x, s.y) map(to: s.x, s.y) map(alloc: s): the members are copied in, as the struct\'s count goes from 0 to 1, and home at its end though allocs come first and last',
    cite: `${T}map_ordering_tgt_alloc_from_to_structmembers_assumedsize.c (-fopenmp-version=60): S s[10] with s[1].x = s[1].y = 111, sp1 = &s[1]; target map(alloc: s[:]) map(from: sp1->x, sp1->y) map(to: sp1->x, sp1->y) map(alloc: s[:]) { "CHECK: 111 111"; s[1].x += 111; s[1].y += 111 } "DEBUG: Found skipped FROM entry … within region being deleted" (twice), "CHECK: 222 222" (6.0 §7.9.6: one storage block whose count becomes 1 on entry, so the to items copy in, and drops to 0 at the end, so the from items copy home). s[:] is reduced to the one element used, struct c, sp1->x / sp1->y to c%x / c%y; the kernel is split into a read and two writes, each with the test's maps; GCC's front ends reject a variable named twice in map clauses`,
    world: XY_WORLD,
    steps: [
      targetRead('c%x', structMemberMaps),
      targetRead('c%y', structMemberMaps),
      targetWrite('c%x', 222, structMemberMaps),
      targetWrite('c%y', 222, structMemberMaps),
      hostRead('c%x'),
      hostRead('c%y'),
      isPresent(v('c')),
    ],
    at: { 1: read(111), 2: read(111), 5: read(222), 6: read(222) },
    last: NO,
  },
  {
    name: 'map_ordering_ptee_tgt_alloc_mapper_alloc_from_to.c: a pointee named by alloc, from, to and alloc items of one target construct (the mapper\'s items after the clause\'s own) is copied in and home',
    cite: `${T}map_ordering_ptee_tgt_alloc_mapper_alloc_from_to.c: declare mapper(my_mapper : S s) map(alloc: s.p, s.p[0 : 10]) map(from: s.p[0 : 10]) map(to: s.p[0 : 10]) map(alloc: s.p[0 : 10]); x[1] = 111; s1.q = s1.p = &x[0]; target map(alloc: s1.p[0 : 10]) map(mapper(my_mapper), tofrom: s1) { "CHECK: 111"; s1.p[1] += 111 } "CHECK: 222" ("the to transfer requested as part of the mapper should also happen … the from transfer should also happen at the end of the target construct, even if the ref-count of the pointee x has not gone down to 0 when from is encountered"). 6.0 §7.9.10 with §7.9.2: the clause's tofrom keeps the mapper's types, so the construct's list is alloc s1.p[0:10], alloc s1.p, alloc s1.p[0:10], from, to, alloc s1.p[0:10]; §7.9.6: one storage block for x whose count goes 0 → 1 → 0, so to copies in and from copies home. The language's mappers are default mappers whose items are named once, so the expansion is written on the construct: s.p (the pointer, s1's storage) is c, s.p[0 : 10] c%p (a, all 111 here); the kernel is split into a read and a write, each with these maps. GCC's front ends reject a variable named twice in map clauses`,
    world: PTEE_ORDER_WORLD,
    steps: [targetRead('c%p', ptee_order_maps), targetWrite('c%p', 222, ptee_order_maps), hostRead('a'), isPresent(v('a'))],
    at: { 1: readAll(10, 111), 3: readAll(10, 222) },
    last: NO,
  },
  {
    name: 'mapper_map_ptr_ptee_nomapper_del_ptr.c: a pointer and its pointee entered together are two storage blocks; deleting the pointer leaves the pointee mapped, deleting the pointee then removes it',
    cite: `${T}mapper_map_ptr_ptee_nomapper_del_ptr.c: declare mapper(default : S s) map(s.p, s.p[0 : 10]); s1.p = x; target enter data map(alloc: s1) "CHECK: p is present", "p[0] is present"; target exit data map(delete: s1.p) (a member: no mapper) "CHECK: p is not present", "p[0] is present"; target exit data map(delete: s1.p[0 : 10]) "CHECK: p is not present", "p[0] is not present" ("they occupy different storage blocks in memory, so deleting s.p does not delete s.p[0:10]"; 6.0 §7.9.6: s1 and x are separate blocks, each with its own count). s1 is c (its one member p), x is a (scaled to 4). The language sends every map naming c through c's mapper, and s1.p, the pointer's own storage, can only be named as c; so the enter data is written as the mapper's items, map(alloc: c, c%p), and no mapper is declared`,
    world: PTR_PTEE_WORLD,
    steps: [
      ompEnter([map('alloc', ['c', 'c%p'])]),
      isPresent(v('c')),
      isPresent(v('a')),
      ompExit([map('delete', ['c'])]),
      isPresent(v('c')),
      isPresent(v('a')),
      ompExit([map('delete', ['c%p'])]),
      isPresent(v('c')),
      isPresent(v('a')),
    ],
    at: { 1: ok, 2: YES, 3: YES, 4: ok, 5: NO, 6: YES, 7: ok, 8: NO },
    last: NO,
  },
  {
    name: 'mapper_map_mbr_ptee_then_present_mbr_ptee.c: a member and a pointee entered first, then enter data map(present, alloc: s1) through a mapper of exactly them passes; exit data delete through the mapper removes both',
    cite: `${T}mapper_map_mbr_ptee_then_present_mbr_ptee.c: declare mapper(default : S s) map(s.x, s.p[0 : 10]); s1.p = x; target enter data map(alloc: s1.x, s1.p[0 : 10]) "CHECK: x is present", "dummy is not present", "p is not present", "p[0] is present"; target enter data map(present, alloc: s1) ("This present check should pass"); target exit data map(delete: s1) "CHECK: x is not present", "dummy is not present", "p is not present", "p[0] is not present" (6.0 §7.9.10: the clause becomes the mapper's items s1.x and s1.p[0:10], both present, whichever of them carries the modifier, K-B65; §7.9.6 delete). s1.x is c%n, dummy c%arr, p c's first bytes, x is a; ${MAPPER_NOTE}`,
    world: MAPPER_NP_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%n', 'c%p'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
      isPresent(v('c')),
      isPresent(v('a')),
      ompEnter([map('alloc', ['c'], 'present')]),
      ompExit([map('delete', ['c'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
      isPresent(v('c')),
      isPresent(v('a')),
    ],
    // gcc-12: gfortran maps c%p's descriptor, at c's first bytes, with the pointee (K-B47 descriptor).
    at: { 1: ok, 2: YES, 3: NO, 4: per(NO, { 'gcc-12': YES }), 5: YES, 6: ok, 7: ok, 8: NO, 9: NO, 10: NO },
    last: NO,
  },
  {
    name: 'mapper_enter_data_always_present_ptee.c (in bounds): enter data map(always, present, to: s) through a mapper of s.y and s.p[0:2], inside a region that maps s.y and x from: the always modifier copies both items in; the kernels\' writes come home at the region\'s end',
    cite: `${T}mapper_enter_data_always_present_ptee.c (-fopenmp-version=52 and =60): declare mapper(S s) map(s.y, s.p[0 : 2]); x[0] = 111; s.y = 111; s.p = &x[0]; target data map(from: s.y, x) { target enter data map(always, present, to: s); target data use_device_addr(s, x) target has_device_addr(s, x) { s.y += 222; x[0] += 222 }; target exit data map(release: s) } "CHECK: 333 333" (6.0 §7.9.10: the clause's modifiers go to each mapper item, §7.9.2: to keeps the tofrom items as to, §7.9.6: both items are present, and always copies whatever the count; the from maps of the region leave the device copies indeterminate until then). The has_device_addr kernel is written as kernels that find s.y and x present (implicit maps of c through its mapper, and of a): reads of 111, then writes of 333. x is a (all 111 here), s is c; ${MAPPER_NOTE}`,
    world: MAPPER_YP_WORLD,
    steps: [
      ompDataBegin([map('from', ['c%y', 'a'])]),
      ompEnter([map('to', ['c'], 'always', 'present')]),
      targetRead('c%y'),
      targetRead('a(1:1)'),
      targetWrite('c%y', 333),
      targetWrite('a(1:1)', 333),
      ompExit([map('release', ['c'])]),
      ompDataEnd,
      hostRead('a(1:1)'),
      hostRead('c%y'),
    ],
    at: { 2: ok, 3: read(111), 4: read(111), 7: ok, 9: read(333) },
    last: read(333),
  },
  {
    name: 'mapper_enter_data_always_present_ptee.c (OUT_OF_BOUNDS): the mapper\'s pointee section reaches past the mapped part of x: the text\'s present check on it fails (K-B65 propagated, K-B52); LLVM passes the present modifier to no item of a map clause and stops on the explicit extension (K-B5)',
    cite: `${T}mapper_enter_data_always_present_ptee.c -DOUT_OF_BOUNDS (-fopenmp-version=52 and =60): declare mapper(S s) map(s.y, s.p[0 : 20]) with x[10] mapped: target enter data map(always, present, to: s) "CHECK-OOB: explicit extension not allowed" (run-fail), with "FIXME: at OpenMP 6.0 the present modifier is also propagated to the pointee, so the failure should additionally report the 'present' map-type-modifier check on s.p[0:20]. The extension diagnostic currently fires first" (llvm-offload K-B65 motion-only, K-B5 error). The text (6.0 §7.9.10 with §7.9.6): the pointee item carries the present modifier and is only partly present: runtime error termination (K-B52 present-error); libgomp meets the partial map first (K-B52 partial-map, K-B5 error). 5.2 as LLVM's tests read it (spec-omp-5.2, K-B65 struct-storage): the modifier reaches only s's own storage, so the pointee is an explicit map of partly present storage, a broken restriction (K-B5 undefined). Scaled: the mapper keeps s.p[0 : 2] (c%p(1:2)) and the region maps only x[0] (a(1:1)), so the section reaches past the mapped storage as s.p[0 : 20] does; ${MAPPER_NOTE}`,
    world: MAPPER_YP_WORLD,
    steps: [ompDataBegin([map('from', ['c%y', 'a(1:1)'])]), ompEnter([map('to', ['c'], 'always', 'present')])],
    at: { 1: ok },
    last: per(err('omp_error_not_present'), { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map'), 'spec-omp-5.2': UNDEF }),
  },
  {
    name: 'map_ptr_and_star_global.c / map_ptr_and_subscript_global.c: a global pointer entered, then its target; a kernel that maps the pointer present alone reads the target through it; exit data map(always, from: p) leaves the host pointer as it was (K-B23)',
    cite: `${T}map_ptr_and_star_global.c and map_ptr_and_subscript_global.c: int x[10]; int *p (globals); p = &x[0]; p[0..3] = 111, 222, 333, 444; target enter data map(to: p); target enter data map(to: p[0 : 5]) "CHECK: p_mappedptr != null", "CHECK: x0_mappedptr != null"; … target map(present, alloc: p) { printf p[0], p_mappedptr == &p, … } "CHECK: 111 1 0 0"; target exit data map(always, from: p) ("should not bring back p, because p is an attached pointer") printf p[0], p == &x[0] "CHECK: 111 1"; target exit data map(delete: p[0 : 5], p). The kernels in between, whose p++ on the device the last kernel does not see (p is firstprivate there, or its map copies the host value), are left out. 6.0 §7.9.6: the second enter data creates the target's storage, so the corresponding p is attached, and the kernel reaches x[0]'s device copy (111) through it; the exit's from copies the device p home as if by target update from (K-B23 device-value, the text: the host's p then holds a device address, undefined at its next use); libgomp and LLVM keep the host value (restore). GCC 12 has neither omp_get_mapped_ptr (K-B24) nor the present modifier (K-B26)`,
    world: PTR_WORLD,
    steps: [
      ompEnter([map('to', ['p'])]),
      ompEnter([map('to', ['p%p(1:5)'])]),
      mappedPtr(v('p')),
      mappedPtr(v('a')),
      targetAt('p%p', 1, [map('alloc', ['p'], 'present')]),
      ompExit([map('from', ['p'], 'always')]),
      hostRead('p%p(1:1)'),
      ompExit([map('delete', ['p%p(1:5)', 'p'])]),
    ],
    at: { 3: dev(1, 0), 4: dev(2, 0), 5: read(111), 6: ok, 7: restored(read(111)) },
    last: restoredThen(ok),
  },
  {
    name: 'map_structptr_and_member_global.c / _local.c: an array of structs entered, then a pointer to it with its first member on one construct: the pointer is new, so it is attached into the entered array; a kernel mapping the pointer present reads the member through it',
    cite: `${T}map_structptr_and_member_global.c and map_structptr_and_member_local.c: S s[10] (S { short x; int *p; long y; }), S *ps = &s[0]; s[0..3].x = 111, 222, 333, 444; target enter data map(to: s); target enter data map(to: ps, ps->x) "CHECK: ps_mappedptr != null", "CHECK: s0_mappedptr != null"; … target map(present, alloc: ps) { printf ps->x, ps_mappedptr == &ps, … } "CHECK: 111 1 0 0"; target exit data map(always, from: ps) ("should not bring back ps, because ps is an attached pointer") printf ps->x, ps == &s[0] "CHECK: 111 1"; target exit data map(delete: ps, s). The kernels in between that advance ps on the device are left out. 6.0 §7.9.6: ps gets new storage on the second enter data and ps->x lies in s's entry, so the corresponding ps is attached there; K-B23 as in the map_ptr rows. s is a (its x members 111, 222, 333, 444 as 4-byte elements), ps is the plain pointer p and ps->x p%p(1:1); GCC 12 has neither omp_get_mapped_ptr (K-B24) nor the present modifier (K-B26)`,
    world: PTR_WORLD,
    steps: [
      ompEnter([map('to', ['a'])]),
      ompEnter([map('to', ['p', 'p%p(1:1)'])]),
      mappedPtr(v('p')),
      mappedPtr(v('a')),
      targetAt('p%p', 1, [map('alloc', ['p'], 'present')]),
      ompExit([map('from', ['p'], 'always')]),
      hostRead('p%p(1:1)'),
      ompExit([map('delete', ['p', 'a'])]),
    ],
    at: { 3: dev(2, 0), 4: dev(1, 0), 5: read(111), 6: ok, 7: restored(read(111)) },
    last: restoredThen(ok),
  },
  {
    name: 'map_ptr_then_ptee_then_attach.c: a pointer and its target entered by separate constructs while the pointer is null, the pointer then set on the host, enter data map(to: p[0:0]): attached only where attachment is unconditional (K-B7 always, the test\'s LIBOMPTARGET_TREAT_ATTACH_AUTO_AS_ALWAYS=1; libgomp\'s counted attach); under the 6.0 rule neither is new, so the device pointer stays null',
    cite: `${T}map_ptr_then_ptee_then_attach.c (run with LIBOMPTARGET_TREAT_ATTACH_AUTO_AS_ALWAYS=1): int x[10]; int *p (globals, p null); target enter data map(to: p); target enter data map(to: x); p = &x[0]; "CHECK: p_mappedptr != null", "CHECK: x0_mappedptr != null"; target enter data map(to: p[0 : 0]) ("Implies: attach(auto)", "DEBUG: Treating ATTACH(auto) as ATTACH(always)"); target map(present, alloc: p) map(from: p0_deviceaddr) { p0_deviceaddr = &p[0] } "CHECK: p0_deviceaddr == x0_mappedptr"; target exit data map(delete: x, p). The environment variable is K-B7 always; 6.0 §7.9.6 (K-B7 6.0, llvm-offload's own reading, PR #149036) attaches only when the pointer or its target gets new storage on the construct, so without it the corresponding p keeps the null its first map copied (libgomp's profile reads K-B7 6.0 too). 5.x (spec-omp-5.2, K-B7 always) attaches whenever the pointer is mapped with its target. The kernel reads the corresponding p itself; GCC 12 has neither omp_get_mapped_ptr (K-B24) nor the present modifier (K-B26)`,
    world: NULL_PTR_WORLD,
    steps: [
      ompEnter([map('to', ['p'])]),
      ompEnter([map('to', ['a'])]),
      assign('p%p', 'a'),
      mappedPtr(v('p')),
      mappedPtr(v('a')),
      ompEnter([map('to', ['p%p(1:0)'])]),
      targetPointer('p%p', [map('alloc', ['p'], 'present')]),
      ompExit([map('delete', ['a', 'p'])]),
    ],
    at: { 4: dev(1, 0), 5: dev(2, 0), 6: ok, 7: per(value(null), { 'K-B7=always': dev(2, 0), 'spec-omp-5.2': dev(2, 0) }) },
    last: ok,
  },
  {
    name: 'map_both_pointer_pointee.c (the last region): target data map(to: p[1:3]) map(p) attaches p; a kernel through it reads and writes the target\'s device copy; at the end nothing is copied into x, and the host p is kept (K-B23)',
    cite: `${T}map_both_pointer_pointee.c, its last part (REQUIRES: unified_shared_memory, a lit feature: the program has no requires directive): a[1] = 111; int *p = &a[0]; "CHECK: 111"; target data map(to: p[1 : 3]) map(p) target data use_device_addr(p) { target has_device_addr(p) { printf p[1] "CHECK: 111"; p[1] = 222; printf p[1] "CHECK: 222" } } printf p[1] "CHECK: 111" (6.0 §7.9.6: p and its section are new on the construct, so the corresponding p is attached; the section is mapped to, so the kernel's write stays on the device; p's tofrom copies the device p home at the end, K-B23: the text brings the device address home, undefined at the host's p[1]; LLVM and libgomp restore the host value). The has_device_addr kernel is written as kernels that map p present (alloc); a is x, p the plain pointer. The first parts (a declare target pointer) are left out`,
    world: PTR_A1_WORLD,
    steps: [
      ompDataBegin([map('to', ['p%p(2:4)']), map('tofrom', ['p'])]),
      targetAt('p%p', 2, [map('alloc', ['p'])]),
      targetWrite('p%p(2:2)', 222, [map('alloc', ['p'])]),
      targetAt('p%p', 2, [map('alloc', ['p'])]),
      ompDataEnd,
      hostRead('p%p(2:2)'),
    ],
    at: { 2: read(111), 3: ok, 4: read(222), 5: ok },
    last: restored(read(111)),
  },
  {
    name: 'api/ompx_dump_mapping_tables.cpp: two arrays entered on device 0 are two entries with count 1; exit data release of the first leaves the second alone',
    cite: `${API}ompx_dump_mapping_tables.cpp: int *a = new int[N], *b = new int[2 * N] (N = 10); target enter data device(0) map(to: a[:N]); target enter data device(0) map(to: b[:2*N]); the table dump "CHECK-NEXT: … {{[48]}}0", "… {{[48]}}0" (two entries of 40 and 80 bytes; the columns after the size, DynRefCount 1 and HoldRefCount 0, are not checked); target exit data device(0) map(release: a[:N]); "CHECK-NEXT: … 80" (one entry left: b's; here also omp_target_is_present of a and b). 6.0 §7.9.6: each enter data creates an entry with count 1; release brings a's to 0, which removes it. a and b are arrays of 10 and 20 elements`,
    world: DUMP_WORLD,
    steps: [ompEnter([map('to', ['a'])], 0), ompEnter([map('to', ['b'])], 0), ompExit([map('release', ['a'])], 0), isPresent(v('a')), isPresent(v('b'))],
    at: { 4: NO },
    last: YES,
    state: { 2: { ompEntries: [entry([A, A + 40], 1, 1), entry([B, B + 80], 2, 1)] }, 3: { ompEntries: [entry([B, B + 80], 2, 1)] } },
  },
  // Rows of a second transcription pass: mapper items written out (map_ordering_tgt_exit_data_from_mapper_overlap.c,
  // duplicate_mappings_2.cpp, declare_mapper_target_checks.cpp), use_device_addr of mapped and unmapped data,
  // pointers mapped alloc beside their targets, close maps of pointers and pointees under unified shared memory
  // (close_ptr_ptee_*.c, K-B8), offload/test/offloading (C, C++ and the Fortran tests of derived types with
  // pointer and allocatable components, declare target data, enter / exit data of sections; K-B22, K-B23, K-B63).
  {
    name: 'map_ordering_tgt_exit_data_from_mapper_overlap.c: exit data map(from: s1) beside a from item of a member of s1 copies the whole struct home, not just the member',
    cite: `${T}map_ordering_tgt_exit_data_from_mapper_overlap.c: declare mapper(my_mapper : S2 s2) map(tofrom : s2.a); S1 { S2 s2; int c, d } s1 (global, zero); target enter data map(alloc: s1); target map(present, alloc: s1) { s1.s2.a = 111; s1.s2.b = 222; s1.c = 333; s1.d = 444 }; target exit data map(from: s1) map(mapper(my_mapper), from: s1.s2) "DEBUG: … falls within a range previously released", "CHECK: 111 222 333 444" ("the FROM transfer for the full s1 is performed, and not just the FROM done via the mapper of s1.s2"). 6.0 §7.9.6: both items lie in s1's one entry, whose count goes from 1 to 0, so each from item copies its whole range. The language has no nested structs: s1 is c with fields x, y (s2.a, s2.b), z, w (c, d), and the nested mapper is written out as its one item, map(from: s1.s2.a) (c%x); the kernel is split into one construct per member, its present modifier left out (GCC 12 lacks it, K-B26; s1 is present)`,
    world: {
      arrays: [],
      structs: [{ name: 'c', pointers: ['p'], fields: ['x', 'y', 'z', 'w'].map((name) => ({ name, init: 0 })) }],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      ompEnter([map('alloc', ['c'])]),
      targetWrite('c%x', 111, [map('alloc', ['c'])]),
      targetWrite('c%y', 222, [map('alloc', ['c'])]),
      targetWrite('c%z', 333, [map('alloc', ['c'])]),
      targetWrite('c%w', 444, [map('alloc', ['c'])]),
      ompExit([map('from', ['c']), map('from', ['c%x'])]),
      hostRead('c%x'),
      hostRead('c%y'),
      hostRead('c%z'),
      hostRead('c%w'),
      isPresent(v('c')),
    ],
    at: { 6: ok, 7: read(111), 8: read(222), 9: read(333), 10: read(444) },
    last: NO,
  },
  {
    name: 'duplicate_mappings_2.cpp: target map(tofrom: o) through nested mappers that map the struct and its pointer member\'s pointee: the kernel\'s write through the pointer comes home; the host pointer keeps its value where the runtime restores it (K-B23)',
    cite: `${T}duplicate_mappings_2.cpp: struct Inner { int *data; } (data = new int[10](), zeroed) with declare mapper(Inner i) map(i, i.data[0 : 10]); struct Outer { Inner i; } with declare mapper(Outer o) map(o, o.i); Outer o; target map(tofrom: o) { o.i.data[0] = 42 } assert(o.i.data[0] == 42) (llvm-offload; built with -Wno-openmp-mapping for the overlapping o and o.i). The two mappers are flattened into one mapper of c (o, whose storage is i's pointer) with the items c and c%p (data[0 : 10], a). 6.0 §7.9.10, §7.9.6: the construct maps c and a, both new, so c%p is attached and the kernel writes a(1); at the end a comes home, and so does c, whose attached pointer follows K-B23: the text copies the device address (device-value: the host read through it is undefined), libgomp and LLVM restore the host value. The host reads o.i.data[0] through the pointer; ${MAPPER_NOTE}`,
    world: {
      arrays: [{ name: 'a', length: 10, init: 0 }],
      structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
      mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c', 'c%p'] }] }],
    },
    steps: [targetWrite('c%p(1:1)', 42, [map('tofrom', ['c'])]), hostRead('c%p(1:1)')],
    at: { 1: ok },
    last: per(UNDEF, { libgomp: read(42), 'llvm-offload': read(42), 'K-B23=restore': read(42) }),
  },
  {
    name: 'use_device_addr/target_data_use_device_addr_var_not_existing.cpp (B, D): target data map(h) use_device_addr(h): inside the region h is its device copy, the address omp_get_mapped_ptr gives',
    cite: `${T}use_device_addr/target_data_use_device_addr_var_not_existing.cpp cases (B) and (D): int g, h[10]; target data map(g) use_device_addr(g) { mapped_ptr_g = omp_get_mapped_ptr(original address of g) } "CHECK: B: 1 1 1" (mapped_ptr_g != nullptr, != the original address, &g == mapped_ptr_g); the same for the array h, "CHECK: D: 1 1 1" (6.0 §15.7, §7.5.10: a list item with corresponding storage refers to it inside the region). h is a (OMP_WORLD); GCC 12 has no omp_get_mapped_ptr (K-B24)`,
    steps: [ompDataBegin([map('tofrom', ['a'])]), { op: 'omp_target_data_use_device_begin', var: 'a', result: 'dh' }, mappedPtr(v('a')), { op: 'omp_target_data_use_device_end' }, ompDataEnd],
    at: { 2: dev(1, 0), 3: dev(1, 0) },
    last: ok,
  },
  {
    name: 'use_device_addr/target_data_use_device_addr_var_not_existing.cpp (A, C): use_device_addr of a whole variable that is not mapped keeps its host address (K-B30 host-address), and omp_get_mapped_ptr of it is null; libgomp aborts (K-B30 error)',
    cite: `${T}use_device_addr/target_data_use_device_addr_var_not_existing.cpp cases (A) and (C) ("No corresponding item, lookup should fail"): target data use_device_addr(g) { mapped_ptr_g = omp_get_mapped_ptr(original address of g) } "CHECK: A: 1 1 1" (mapped_ptr_g == nullptr, != the original address, &g == the original address); the same for the array h, "CHECK: C: 1 1 1" (6.0 §7.5.10: a list item without corresponding storage keeps referring to its original storage; K-B30 host-address, LLVM since PR #174659). libgomp lowers the clause to GOMP_MAP_USE_DEVICE_PTR and stops, "use_device_ptr pointer wasn't mapped" (K-B30 error). h is a (at 0x1000); omp_get_mapped_ptr is also called before the region (null: nothing is mapped), where GCC 12, which lacks it (K-B24), stops first`,
    steps: [mappedPtr(v('a')), { op: 'omp_target_data_use_device_begin', var: 'a', result: 'dh' }, mappedPtr(v('a')), { op: 'omp_target_data_use_device_end' }],
    at: {
      1: value(null),
      2: per(hostPtr(A), { libgomp: err('fatal_not_present'), 'K-B30=error': err('fatal_not_present') }),
      3: per(value(null), { libgomp: HALTED, 'K-B30=error': HALTED }),
    },
    last: per(ok, { libgomp: HALTED, 'K-B30=error': HALTED }),
  },
  {
    name: 'target_derefence_array_pointrs.cpp (foo): target map(tofrom: (*t1d)[0:3]) map(alloc: *t1d) and its variants: a pointer mapped alloc beside a section of its target is attached, so the kernel\'s write through it comes home; the pointer itself is not copied back',
    cite: `${T}target_derefence_array_pointrs.cpp, foo (UNSUPPORTED on the GPU targets, "currently broken", so its CHECK lines are the host plugin's): *t1d = malloc(3 ints), all 0; target map(tofrom: (*t1d)[0 : 3]) map(alloc: *t1d) { (*t1d)[1] = 1 } "CHECK: 1" (the **t2d and ***t3d forms name the same pointer: "CHECK: 2", "CHECK: 3"); target map(tofrom: (**t1d)) map(alloc: *t1d) { (*t1d)[0] = 4 } "CHECK: 4"; target map(tofrom: *(*(t1d + a) + b)) map(to: *(t1d + a)) { … = 5 } "CHECK: 5" (a = b = 0). 6.0 §7.9.6: the pointer *t1d and the section of its target are both new on each construct, so the corresponding pointer is attached to the section's device copy, and the section's tofrom brings the write home; the pointer's alloc / to map copies nothing back. *t1d is the plain pointer p, its target a (3 elements)`,
    world: {
      arrays: [{ name: 'a', length: 3, init: 0 }],
      structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      targetWrite('p%p(2:2)', 1, [map('tofrom', ['p%p(1:3)']), map('alloc', ['p'])]),
      hostRead('a(2:2)'),
      targetWrite('p%p(1:1)', 4, [map('tofrom', ['p%p(1:1)']), map('alloc', ['p'])]),
      hostRead('a(1:1)'),
      targetWrite('p%p(1:1)', 5, [map('tofrom', ['p%p(1:1)']), map('to', ['p'])]),
      hostRead('a'),
      isPresent(v('p')),
    ],
    at: { 1: ok, 2: read(1), 3: ok, 4: read(4), 5: ok, 6: read(5, 1, 0) },
    last: NO,
  },
  {
    name: 'target_pointers_members_map.cpp: an array of structs mapped to with the targets of its elements\' pointer members mapped tofrom: the kernel reads and writes a target through the attached member and the write comes home',
    cite: `${T}target_pointers_members_map.cpp: short arr1[10] = {10, …, 19}, arr2[10] = {20, 31, 22, …}; C c1[2] with c1[0].b.a = arr1, c1[1].b.a = arr2, c1[0].b.d1 = 111; DV_B dvb1 with dvb1.c = c1; target map(to: dvb1, dvb1.c[0 : 2]) map(tofrom: dvb1.c[0].b.a[0 : 10], dvb1.c[1].b.a[0 : 10]) { printf dvb1.c[0].b.a[0], dvb1.c[0].b.d1 "CHECK: 10 111"; dvb1.c[0].b.a[0] = 333; dvb1.c[0].b.d1 = 444 } "CHECK: 333 111" (6.0 §7.9.6: the elements and the targets are new on the construct, so each element's pointer is attached; the targets come home, the elements, mapped to, do not). The language has no pointer to an array of structs nor fields in one: c1 is cs(2) (the pointer dvb1 and the member d1 are left out), arr1 and arr2 are a and b with 4-byte elements; the kernel is split into a read and a write, each with the test's maps`,
    world: {
      arrays: [
        { name: 'a', length: 10, init: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19] },
        { name: 'b', length: 10, init: [20, 31, 22, 23, 24, 25, 26, 27, 28, 29] },
      ],
      structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(1)%p': 'a', '(2)%p': 'b' } }],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      targetRead('cs(1)%p(1:1)', [map('to', ['cs']), map('tofrom', ['cs(1)%p', 'cs(2)%p'])]),
      targetWrite('cs(1)%p(1:1)', 333, [map('to', ['cs']), map('tofrom', ['cs(1)%p', 'cs(2)%p'])]),
      hostRead('a(1:2)'),
      hostRead('cs(1)%p(1:1)'),
      isPresent(v('cs')),
    ],
    at: { 1: read(10), 2: ok, 3: read(333, 11), 4: read(333) },
    last: NO,
  },
  {
    name: 'declare_mapper_target_checks.cpp (TY2, one element): target map(tofrom: t) through a mapper of to t.i1 and from t.i3: i1 is copied in, i3 home; nothing stays present',
    cite: `${T}declare_mapper_target_checks.cpp, testType<TY2>: struct TY2 { int i1, i2, i3; } with declare mapper(TY2 t) map(to: t.i1) map(from: t.i3); t1[i].i1 = 1; target map(tofrom: t1, t2, t3) { t1[i].i3 = t1[i].i1; t1[i].i1 = 7 }; the test fails unless t1[i].i3 == 1; "CHECK: present check for TY2: t1 0, t2 0, t3 0, expected 3x 0" (6.0 §7.9.10 with §7.9.2: the clause's tofrom keeps the mapper's types, so i1 is copied in and i3 home, and i1's new value stays on the device; the construct's end removes what it mapped). The language gives no mapper to an array of structs: t1 is reduced to one struct c with fields x, y, z (i1, i2, i3); the kernel is split into a read of i1, a write of i1 and a write of i3, in that order: each construct's from item copies i3 home, so the one that writes it comes last; ${MAPPER_NOTE}`,
    world: {
      arrays: [],
      structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 1 }, { name: 'y', init: 0 }, { name: 'z', init: 0 }] }],
      devices: [{ kind: 'discrete' }],
      mappers: [{ struct: 'c', maps: [{ type: 'to', vars: ['c%x'] }, { type: 'from', vars: ['c%z'] }] }],
    },
    steps: [
      targetRead('c%x', [map('tofrom', ['c'])]),
      targetWrite('c%x', 7, [map('tofrom', ['c'])]),
      targetWrite('c%z', 1, [map('tofrom', ['c'])]),
      hostRead('c%z'),
      hostRead('c%x'),
      isPresent(v('c')),
    ],
    at: { 1: read(1), 2: ok, 3: ok, 4: read(1), 5: read(1) },
    last: NO,
  },
  ...((): Row[] => {
    // unified_shared_memory/close_ptr_ptee_samedir.c -DV1 / -DV2 / (V3): `int x[10] = {0}; int *p
    // = &x[0]` (globals) under requires unified_shared_memory; one target data maps p and p[0 : 10]
    // with close on the pointee (V1), on the pointer (V2) or on both (V3).
    const usm = 'llvm/llvm-project offload/test/unified_shared_memory/';
    const checks = {
      V1: '"V1: In tgt: p_device != p_host", "V1: In tgt: paddr_device == &p_host"',
      V2: '"V2: In tgt: p_device == p_host", "V2: In tgt: paddr_device != &p_host"',
      V3: '"V3: In tgt: p_device != p_host", "V3: In tgt: paddr_device != &p_host"',
    };
    const texts = { V1: 'map(tofrom: p) map(close, tofrom: p[0 : 10])', V2: 'map(close, tofrom: p) map(tofrom: p[0 : 10])', V3: 'map(close, tofrom: p) map(close, tofrom: p[0 : 10])' };
    // K-B8 self-unless-close: a block with close gets device storage, one without is the host's.
    // V1: p is a self map, the pointee block 1; V2: p is block 1, the pointee the host's; V3: p is
    // block 1, the pointee block 2. The text and GCC 12's discrete device: p block 1, pointee block 2.
    const llvmPtr = { V1: dev(1, 0), V2: hostPtr(0x1000), V3: dev(2, 0) };
    // V1 (close on the pointee only) is left out: README.md "Suite-derived rows".
    return (['V2', 'V3'] as ('V1' | 'V2' | 'V3')[]).map((variant): Row => ({
      name: `unified_shared_memory/close_ptr_ptee_samedir.c (${variant}): target data ${texts[variant]} under unified shared memory: the kernel's p is ${variant === 'V2' ? 'the host address (LLVM: the pointee is a self map)' : "the close pointee's device address"}; p[0] = 111 reaches x, and the host p is kept where the runtime restores it (K-B23)`,
      cite: `${usm}close_ptr_ptee_samedir.c${variant === 'V3' ? '' : ` -D${variant}=1`} (#pragma omp requires unified_shared_memory; UNSUPPORTED on the GPU targets, so the CHECK lines are the host plugin's): int x[10] = {0}; int *p = &x[0]; target data ${texts[variant]} { target map(present, alloc: p) map(from: p_device, paddr_device) { p_device = p; paddr_device = &p; p[0] = 111 } } "ALL: Before tgt: p == p_host", ${checks[variant]}, "ALL: After tgt: p == p_host", "ALL: p[0] = 111", "ATTACHED: ATTACH entry … processed successfully", "ATTACHED: Restoring host pointer". LLVM (K-B8 self-unless-close): p is attached to the pointee's storage, and the region's end restores the host p (K-B23 restore). The text (K-B8 copies: close is only a hint, 6.0 §7.9.6) and GCC 12 (K-B54: a discrete device) give both device storage, p attached to the pointee's; the end copies the pointee home and p's device address too (K-B23 device-value: the host read through p is undefined); GCC 12 also has no present modifier (K-B26). libgomp's self maps (K-B8 self) keep p the host address. The kernel is split into a read of p itself and a write through it; x is a, the address comparisons are the pointer value read (paddr_device, &p on the device, is not modelled); x[0] is read directly and through p`,
      world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] },
      steps: [
        ompDataBegin([variant === 'V1' ? map('tofrom', ['p']) : map('tofrom', ['p'], 'close'), variant === 'V2' ? map('tofrom', ['p%p(1:10)']) : map('tofrom', ['p%p(1:10)'], 'close')]),
        targetPointer('p%p', [map('alloc', ['p'], 'present')]),
        targetWrite('p%p(1:1)', 111, [map('alloc', ['p'], 'present')]),
        ompDataEnd,
        hostRead('a(1:1)'),
        hostRead('p%p(1:1)'),
      ],
      at: {
        2: per(dev(2, 0), { 'llvm-offload': llvmPtr[variant], libgomp: hostPtr(0x1000), 'gcc-12': dev(2, 0) }),
        3: ok,
        4: ok,
        5: read(111),
      },
      last: per(UNDEF, { 'llvm-offload': read(111), libgomp: read(111), 'gcc-12': UNDEF }),
    }));
  })(),
  ...((): Row[] => {
    // unified_shared_memory/close_ptr_ptee_nested.c -DV1 / -DV2 / (V3): as close_ptr_ptee_samedir.c,
    // with the pointer and the pointee mapped by two nested target data regions.
    const usm = 'llvm/llvm-project offload/test/unified_shared_memory/';
    const outer = { V1: map('tofrom', ['p']), V2: map('tofrom', ['p'], 'close'), V3: map('tofrom', ['p%p(1:10)'], 'close') };
    const inner = { V1: [map('tofrom', ['p%p(1:10)'], 'close')], V2: [map('tofrom', ['p%p(1:10)'])], V3: [map('tofrom', ['p']), map('tofrom', ['p%p(1:10)'])] };
    const texts = {
      V1: 'target data map(tofrom: p) { target data map(close, tofrom: p[0 : 10]) { … } }',
      V2: 'target data map(close, tofrom: p) { target data map(tofrom: p[0 : 10]) { … } }',
      V3: 'target data map(close, tofrom: p[0 : 10]) { target data map(tofrom: p) map(tofrom: p[0 : 10]) { … } }',
    };
    const checks = {
      V1: '"V1: In tgt: p_device != p_host", "V1: In tgt: paddr_device == &p_host"',
      V2: '"V2: In tgt: p_device == p_host", "V2: In tgt: paddr_device != &p_host"',
      V3: '"V3: In tgt: p_device != p_host", "V3: In tgt: paddr_device == &p_host"',
    };
    // K-B8 self-unless-close (LLVM): V1 p is a self map and the pointee block 1; V2 p is block 1 and
    // the pointee the host's (p's device copy holds the host address); V3 the pointee is block 1 and
    // p a self map. The text and GCC 12's discrete device: the outer item is block 1, the inner
    // one(s) after it; p's corresponding pointer aims at the pointee's block.
    const llvmPtr = { V1: dev(1, 0), V2: hostPtr(0x1000), V3: dev(1, 0) };
    const specPtr = { V1: dev(2, 0), V2: dev(2, 0), V3: dev(1, 0) };
    // V1 and V3 are left out: README.md "Suite-derived rows".
    return (['V2'] as ('V1' | 'V2' | 'V3')[]).map((variant): Row => ({
      name: `unified_shared_memory/close_ptr_ptee_nested.c (${variant}): ${texts[variant]} under unified shared memory: the kernel's p is ${variant === 'V2' ? 'the host address (LLVM: the pointee is a self map)' : "the close pointee's device address"}; p[0] = 111 reaches x, and the host p is kept where the runtime restores it (K-B23)`,
      cite: `${usm}close_ptr_ptee_nested.c${variant === 'V3' ? '' : ` -D${variant}=1`} (#pragma omp requires unified_shared_memory; UNSUPPORTED on the GPU targets, so the CHECK lines are the host plugin's): int x[10] = {0}; int *p = &x[0]; ${texts[variant]} with the kernel target map(present, alloc: p) map(from: p_device, paddr_device) { p_device = p; paddr_device = &p; p[0] = 111 } innermost: "ALL: Before tgt: p == p_host", ${checks[variant]}, "ALL: After tgt: p == p_host", "ALL: p[0] = 111", "ATTACHED: Restoring host pointer" ("whenever the pointer is (newly) mapped alongside a device-resident pointee, it must be pointer-attached to that device pointee, and its original host value must be restored at the end of the region"). LLVM: K-B8 self-unless-close, K-B23 restore. The text (K-B8 copies, 6.0 §7.9.6: the inner region maps new storage, so p is attached) and GCC 12 (K-B54: a discrete device): the pointee comes home at its region's end, and p's device address comes home with p (K-B23 device-value: the host read through p is undefined); GCC 12 also has no present modifier (K-B26). libgomp's self maps (K-B8 self) keep p the host address. The kernel is split into a read of p and a write through it; x is a; paddr_device is not modelled`,
      world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] },
      steps: [
        ompDataBegin([outer[variant]]),
        ompDataBegin(inner[variant]),
        targetPointer('p%p', [map('alloc', ['p'], 'present')]),
        targetWrite('p%p(1:1)', 111, [map('alloc', ['p'], 'present')]),
        ompDataEnd,
        ompDataEnd,
        hostRead('a(1:1)'),
        hostRead('p%p(1:1)'),
      ],
      at: {
        3: per(specPtr[variant], { 'llvm-offload': llvmPtr[variant], libgomp: hostPtr(0x1000), 'gcc-12': specPtr[variant] }),
        4: ok,
        5: ok,
        6: ok,
        7: read(111),
      },
      last: per(UNDEF, { 'llvm-offload': read(111), libgomp: read(111), 'gcc-12': UNDEF }),
    }));
  })(),
  {
    name: 'unified_shared_memory/close_sub_section_oob.c: inside target data map(from: base), a kernel mapping base close alloc by a section that does not cover base[1] writes base[1]; base\'s entry holds it, and the value comes home at the region\'s end',
    cite: `llvm/llvm-project offload/test/unified_shared_memory/close_sub_section_oob.c (#pragma omp requires unified_shared_memory; UNSUPPORTED on the GPU targets, so the CHECK line is the host plugin's): double base[10] = {0}; target data map(from: base[0 : 10]) { target map(close, alloc: base[2 : 8]) { base[1] = 99.0 } } "CHECK: base[1] = 99.000000 (expected 99.0)" ("access to base[1] is outside the close buffer"). 6.0 §7.9.6: base[2 : 8] lies inside base's entry, which the kernel's base refers to, so base[1] is reached there, and the region's from item copies it home when its count drops to 0. LLVM (K-B8 self-unless-close): base's entry is the host's storage, the close section inside it creates nothing; the text (copies) and GCC 12 (K-B54): device storage copied home; libgomp: a self map. base is a with 4-byte elements, base[1] a(2:2), base[2 : 8] a(3:10); only base[1] is read (the other elements come home indeterminate from the device copy, which the from map never initialised, except where the storage is the host's)`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] },
    steps: [ompDataBegin([map('from', ['a'])]), targetWrite('a(2:2)', 99, [map('alloc', ['a(3:10)'], 'close')]), ompDataEnd, hostRead('a(2:2)')],
    at: { 2: ok, 3: ok },
    last: read(99),
  },
  {
    name: 'unified_shared_memory/close_sub_section_global.c: a kernel mapping a declare target array close alloc by a section writes an element of it; target update from brings it home',
    cite: `llvm/llvm-project offload/test/unified_shared_memory/close_sub_section_global.c (#pragma omp requires unified_shared_memory; UNSUPPORTED on the GPU targets): declare target double base[10] = {0}; target map(close, alloc: base[1 : 9]) { base[1] = 99.0 }; target update from(base) "CHECK: base[1] = 99.000000 (expected 99.0)". 6.0 §7.9.7: the declare target array has device storage with an infinite count, in which the section is present; update from copies it home. LLVM gives a declare target variable the host's storage under unified shared memory and libgomp self-maps it (K-B8 self): the kernel writes the host; GCC 12 (K-B54): device storage. base is a with 4-byte elements, base[1] a(2:2), base[1 : 9] a(2:10)`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] },
    steps: [declareTarget(['enter', 'a']), targetWrite('a(2:2)', 99, [map('alloc', ['a(2:10)'], 'close')]), ompUpdate([motion('from', ['a'])]), hostRead('a(1:3)')],
    at: { 2: ok, 3: ok },
    last: read(0, 99, 0),
  },
  {
    name: 'unified_shared_memory/attach_mapped_ptr_stability.c: a pointer entered under unified shared memory keeps its corresponding address when a close map of its target attaches it',
    cite: `llvm/llvm-project offload/test/unified_shared_memory/attach_mapped_ptr_stability.c (#pragma omp requires unified_shared_memory; UNSUPPORTED on the GPU targets): int arr[10]; int *p = &arr[0]; target enter data map(alloc: p); Before = omp_get_mapped_ptr(&p); target enter data map(close, alloc: p[0 : 10]); After = omp_get_mapped_ptr(&p); "CHECK: device address of p is stable: yes" ("the device address of a mapped list item must not change while it is mapped"; 6.0 §7.9.6: an entry's storage is fixed when it is created). LLVM (K-B8 self-unless-close): p is a self map, its address the host's (0x1200); the text (copies) gives it device storage (block 1); libgomp: a self map; GCC 12 has no omp_get_mapped_ptr (K-B24). arr is a, p the plain pointer`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] },
    steps: [ompEnter([map('alloc', ['p'])]), mappedPtr(v('p')), ompEnter([map('alloc', ['p%p(1:10)'], 'close')]), mappedPtr(v('p'))],
    at: { 2: per(dev(1, 0), { 'llvm-offload': hostPtr(0x1200), libgomp: hostPtr(0x1200) }), 3: ok },
    last: per(dev(1, 0), { 'llvm-offload': hostPtr(0x1200), libgomp: hostPtr(0x1200) }),
  },
  {
    name: 'offloading/target_map_incomplete_type.cpp: a global pointer entered alloc, then a target construct mapping its target tofrom: the pointer is attached to the new target storage, the kernel\'s writes come home, and exit data delete of the pointer leaves the target\'s values',
    cite: `llvm/llvm-project offload/test/offloading/target_map_incomplete_type.cpp (REQUIRES: gpu): struct Incomplete { int a, b; } *p (global); host = new Incomplete[5], host[i].a = i + 100, host[i].b = i * 2 + 200; p = host; target enter data map(alloc: p); target map(tofrom: p[0 : N]) map(from: isHost) { p[i].a += 1; p[i].b += 2 }; target exit data map(delete: p); assert(host[i].a == i + 101), assert(host[i].b == i * 2 + 202); "CHECK: Target region executed on the device", "CHECK: PASS". 6.0 §7.9.6: p is present and its target new on the target construct, so the corresponding p is attached; the target comes home at the construct's end; the delete removes p only. The array of 5 structs is a of 10 ints (a, b, a, b, …); element 0 (a(1:2) = 100, 200) is followed, the kernel split into a read and one write per member. The language wants the kernel's pointer named on the construct: an alloc map of p, which is present (as the test's implicit use of the global p finds it), is added; the isHost check is left out`,
    world: {
      arrays: [{ name: 'a', length: 10, init: [100, 200, 101, 202, 102, 204, 103, 206, 104, 208] }],
      structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      ompEnter([map('alloc', ['p'])]),
      targetRead('p%p(1:1)', [map('tofrom', ['p%p(1:10)']), map('alloc', ['p'])]),
      targetWrite('p%p(1:1)', 101, [map('tofrom', ['p%p(1:10)']), map('alloc', ['p'])]),
      targetWrite('p%p(2:2)', 202, [map('tofrom', ['p%p(1:10)']), map('alloc', ['p'])]),
      ompExit([map('delete', ['p'])]),
      isPresent(v('p')),
      isPresent(v('a')),
      hostRead('a(1:4)'),
    ],
    at: { 1: ok, 2: read(100), 3: ok, 4: ok, 5: ok, 6: NO, 7: NO },
    last: read(101, 202, 101, 202),
  },
  ...((): Row[] => {
    // offload/test/offloading/fortran/derived_type_*.f90: `type dtype; integer, pointer :: p(:)
    // (or allocatable :: a(:)); integer :: x; end type` with one target element.
    const ftn = 'llvm/llvm-project offload/test/offloading/fortran/';
    const ptrWorld: World = {
      arrays: [{ name: 'a', length: 1, init: 7 }],
      structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 1 }], init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
    };
    const allocWorld: World = {
      arrays: [],
      structs: [{ name: 'e', pointers: ['x'], allocatable: ['x'], fields: [{ name: 'v', init: 1 }] }],
      devices: [{ kind: 'discrete' }],
    };
    const update = (whole: boolean): Row => ({
      name: `fortran/derived_type_pointer_update_${whole ? 'restore' : 'no_restore'}.f90: target update to(${whole ? 'd' : 'd%x'}) of a derived type entered with its attached pointer component moves the new scalar; the corresponding pointer keeps the device address, so a kernel still reaches the target through it`,
      cite: `${ftn}derived_type_pointer_update_${whole ? 'restore' : 'no_restore'}.f90 (flang, amdgpu): type dtype { integer, pointer :: p(:); integer :: x }; a(1) = 7; d%p => a; d%x = 1; target enter data map(to: a, d, d%p); d%x = 42; target update to(${whole ? 'd' : 'd%x'}); target map(present, alloc: d) map(from: got_p, got_x) { got_p = d%p(1); got_x = d%x }: the test stops unless got_p == 7 and got_x == 42; "${whole ? 'CHECK: Restoring target descriptor' : 'CHECK-NOT: Restoring target descriptor'}", "CHECK: PASS"; target exit data map(release: d%p); target exit data map(delete: d, a). 6.0 §15.9: the update assigns the host's values to the corresponding storage, and an attached pointer component keeps its device value (LLVM puts the saved target descriptor back after the copy${whole ? '' : '; here the update does not reach the descriptor at all'}). d is c with the field x; the kernel is split into a read of d%p(1) and one of d%x; GCC 12 has no present modifier (K-B26)`,
      world: ptrWorld,
      steps: [
        ompEnter([map('to', ['a', 'c', 'c%p'])]),
        hostWrite('c%x', 42),
        ompUpdate([motion('to', [whole ? 'c' : 'c%x'])]),
        targetRead('c%p(1:1)', [map('alloc', ['c'], 'present')]),
        targetRead('c%x', [map('alloc', ['c'], 'present')]),
        ompExit([map('release', ['c%p'])]),
        ompExit([map('delete', ['c', 'a'])]),
        isPresent(v('c')),
      ],
      at: { 1: ok, 3: ok, 4: read(7), 5: read(42), 6: ok, 7: ok },
      last: NO,
    });
    return [
      update(true),
      update(false),
      {
        name: 'fortran/derived_type_pointer_repointed_host_kept.f90: a pointer component re-pointed on the host while it is attached keeps its new host association through a target region that maps its struct (implicitly or present); the text forbids the re-pointing (K-B22)',
        cite: `${ftn}derived_type_pointer_repointed_host_kept.f90 (flang, amdgpu): integer, target :: a(1, 2) = 1, 2; d%x = 0; d%p => a(:, 1); target enter data map(to: a, d, d%p); d%p => a(:, 2); target { d%x = 42 } (implicit), then the same with map(present, alloc: d); associated(d%p, a(:, 2)) "CHECK: implicit kept", "CHECK: present kept" ("can be repointed on the host without being restored back to its old association by target-region end processing"); d%p => a(:, 1); target exit data map(release: d%p); map(delete: d, a). LLVM and libgomp let the host store through (K-B22 allowed), and the regions' ends copy nothing (d's count goes back to 1), so the host association stays. The text (6.0 §7.9.6, K-B22 undefined): re-pointing an attached pointer whose target stays mapped is not allowed. a(1, 2) is a of 2 elements, a(:, 1) a(1:1); the association test is a read through d%p (2); both halves run in one program`,
        world: { arrays: [{ name: 'a', length: 2, init: [1, 2] }], structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 0 }], init: { p: 'a(1:1)' } }], devices: [{ kind: 'discrete' }] },
        steps: [
          ompEnter([map('to', ['a', 'c', 'c%p'])]),
          assign('c%p', 'a(2:2)'),
          targetWrite('c%x', 42),
          hostRead('c%p'),
          targetWrite('c%x', 42, [map('alloc', ['c'], 'present')]),
          hostRead('c%p'),
        ],
        at: {
          1: ok,
          2: per(UNDEF, { 'llvm-offload': ok, libgomp: ok, 'K-B22=allowed': ok }),
          3: per(HALTED, { 'llvm-offload': ok, libgomp: ok, 'K-B22=allowed': ok }),
          4: per(HALTED, { 'llvm-offload': read(2), libgomp: read(2), 'K-B22=allowed': read(2) }),
          5: per(HALTED, { 'llvm-offload': ok, libgomp: ok, 'K-B22=allowed': ok }),
        },
        last: per(HALTED, { 'llvm-offload': read(2), libgomp: read(2), 'K-B22=allowed': read(2) }),
      },
      {
        name: 'fortran/derived_type_allocatable_from_restore.f90: exit data map(from: x) of a derived type entered with its allocatable component brings the scalar the kernel wrote home; the host descriptor is restored (K-B23 restore), where the text brings the device address home',
        cite: `${ftn}derived_type_allocatable_from_restore.f90 (flang, amdgpu): type dtype { integer, allocatable :: a(:); integer :: value }; allocate(x%a(1)); x%a(1) = 7; x%value = 1; target enter data map(to: x, x%a); target { x%value = 42 }; target exit data map(from: x) ("CHECK: Moving … bytes (tgt…) -> (hst…)", "CHECK: Restoring host descriptor"); the test stops unless allocated(x%a), x%a(1) == 7 and x%value == 42; "CHECK: PASS"; target exit data map(delete: x%a). 6.0 §7.9.6: the exit's count goes 1 → 0, so x is copied home, its attached component with it (K-B23: the text copies the device descriptor, so the host read of x%a is undefined; LLVM and libgomp restore the host value; gfortran 12 copies the device's, gcc-12 device-value). x is e with the allocatable component x (one element, 7) and the field v (value)`,
        world: allocWorld,
        steps: [
          { op: 'allocate', ptr: 'e%x', length: 1, value: 7 },
          ompEnter([map('to', ['e', 'e%x'])]),
          targetWrite('e%v', 42),
          ompExit([map('from', ['e'])]),
          hostRead('e%v'),
          hostRead('e%x'),
        ],
        at: { 2: ok, 3: ok, 4: ok, 5: read(42) },
        last: per(UNDEF, { 'llvm-offload': read(7), libgomp: read(7), 'gcc-12': UNDEF, 'K-B23=restore': read(7) }),
      },
      {
        name: 'fortran/derived_type_allocatable_skipped_from_no_restore.f90: a target region mapping tofrom a derived type that enter data mapped copies nothing home (the count stays above 0): the host keeps its scalar and its allocatable component',
        cite: `${ftn}derived_type_allocatable_skipped_from_no_restore.f90 (flang, amdgpu): allocate(x%a(1)); x%a(1) = 7; x%value = 1; target enter data map(to: x, x%a); target map(tofrom: x) { x%value = 42 } ("CHECK: Skipping FROM map transfer", "CHECK-NOT: Restoring host descriptor"); the test stops unless allocated(x%a), x%a(1) == 7 and x%value == 1 ("scalar value unexpectedly copied back"); "CHECK: PASS"; target exit data map(delete: x), map(delete: x%a). 6.0 §7.9.6: x's count goes 1 → 2 → 1, so the region's end copies nothing. x is e with the allocatable component x (7) and the field v (value)`,
        world: allocWorld,
        steps: [
          { op: 'allocate', ptr: 'e%x', length: 1, value: 7 },
          ompEnter([map('to', ['e', 'e%x'])]),
          targetWrite('e%v', 42, [map('tofrom', ['e'])]),
          hostRead('e%v'),
          hostRead('e%x'),
          ompExit([map('delete', ['e'])]),
          ompExit([map('delete', ['e%x'])]),
          isPresent(v('e')),
        ],
        at: { 2: ok, 3: ok, 4: read(1), 5: read(7), 6: ok, 7: ok },
        last: NO,
      },
    ];
  })(),
  ...((): Row[] => {
    const ftn = 'llvm/llvm-project offload/test/offloading/fortran/';
    // dtype-member-overlap-map.f90's single_dtype, nested types flattened: elements(10) (el, 4 here),
    // internal_dtype = characters, internal_dtype2 = (int, float), then value: fields el, ch, ii, fl, val.
    const overlapWorld: World = {
      arrays: [],
      structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'el', length: 4, init: 0 }, { name: 'ch', init: 0 }, { name: 'ii', init: 0 }, { name: 'fl', init: 0 }, { name: 'val', init: 0 }] }],
      devices: [{ kind: 'discrete' }],
    };
    const first = [map('tofrom', ['c%ch', 'c%ii', 'c%fl', 'c%ii'])];
    const second = [map('to', ['c']), map('tofrom', ['c%ii', 'c%fl', 'c%val'])];
    return [
      {
        name: 'fortran/dtype-member-overlap-map.f90: a nested member and a member inside it mapped tofrom come home; then the whole derived type mapped to with some members tofrom: those members come home, the rest does not',
        cite: `${ftn}dtype-member-overlap-map.f90 (flang, amdgpu): type dtype { integer :: elements(10); type(dtype1) :: internal_dtype (characters, internal_dtype2 { int, float }); integer :: value }; elements = 0; target map(tofrom: single_dtype%internal_dtype, single_dtype%internal_dtype%internal_dtype2%int) { …%int = 123; …%characters(1:1) = "Z" }; target map(to: single_dtype) map(tofrom: single_dtype%internal_dtype%internal_dtype2, single_dtype%value) { value = 20; elements(i) = i; …%float = 32.0 }; "CHECK: 20", "CHECK: 32.", "CHECK: 0 0 0 0 0 0 0 0 0 0", "CHECK: 123", "CHECK: Z". 6.0 §7.9.6: the items of each construct lie in one struct and form one storage block; the tofrom items are copied home when its count drops to 0, the to-only elements are not. The nested types are flattened into fields of c: el (elements, 4 here), ch (characters, "Z" as 90), ii (int), fl (float, 32), val (value); internal_dtype is the items c%ch, c%ii, c%fl, internal_dtype2 c%ii, c%fl; each kernel is split into one construct per value written, each with its construct's maps`,
        world: overlapWorld,
        steps: [
          targetWrite('c%ii', 123, first),
          targetWrite('c%ch', 90, first),
          targetWrite('c%val', 20, second),
          targetWrite('c%el', 7, second),
          targetWrite('c%fl', 32, second),
          hostRead('c%val'),
          hostRead('c%fl'),
          hostRead('c%el'),
          hostRead('c%ii'),
          hostRead('c%ch'),
          isPresent(v('c')),
        ],
        at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok, 6: read(20), 7: read(32), 8: readAll(4, 0), 9: read(123), 10: read(90) },
        last: NO,
      },
    ];
  })(),
  {
    name: 'fortran/declare-target-to-vars-target-region-and-update.f90: kernels write a declare target array; the host copy stays as it was until target update from brings the device values home',
    cite: `llvm/llvm-project offload/test/offloading/fortran/declare-target-to-vars-target-region-and-update.f90 (flang, amdgpu): module array integer :: array(10) with declare target(array); target { array(i) = i }; target { array(i) = array(i) + i }; print *, array "CHECK: 0 0 0 0 0 0 0 0 0 0"; target update from(array); print *, array "CHECK: 2 4 6 8 10 12 14 16 18 20". 6.0 §7.9.7: the declare target variable has device storage with an infinite count, so the kernels' implicit maps copy nothing; §15.9: the update copies it home. array is a; the element values i and 2 i are one constant per kernel (1, then 2), the second kernel split into a read and a write`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] },
    steps: [declareTarget(['enter', 'a']), targetWrite('a', 1), targetRead('a'), targetWrite('a', 2), hostRead('a'), ompUpdate([motion('from', ['a'])]), hostRead('a')],
    at: { 2: ok, 3: readAll(10, 1), 4: ok, 5: readAll(10, 0), 6: ok },
    last: readAll(10, 2),
  },
  {
    name: 'fortran/map_attach_always.f90 (the first two kernels): a pointer entered with its target, then re-pointed on the host to another mapped array: a kernel without attach(always) still reaches the old target (K-B7 6.0); the text forbids the re-pointing (K-B22)',
    cite: `llvm/llvm-project offload/test/offloading/fortran/map_attach_always.f90 (flang, amdgpu; run with LIBOMPTARGET_TREAT_ATTACH_AUTO_AS_ALWAYS=0): a = 10, b = 20; map_ptr => a; target enter data map(ref_ptr_ptee, to: map_ptr); target enter data map(to: b, a); target { map_ptr(i) /= 10 → correct = .false. }; map_ptr => b ("No attach always to force re-attachment, so we should still be attached to a"); target { map_ptr(i) /= 10 → correct = .false. }; (a third kernel with map(attach(always): map_ptr) expects 20: left out, the language has no attach modifier) "CHECK: Passed!". 6.0 §7.9.6: the pointer and its target are present, neither new on the kernels, so the corresponding pointer keeps its attachment to a (K-B7 6.0; LLVM with the environment setting 0). The text (K-B22 undefined): re-pointing an attached pointer whose target stays mapped is not allowed; LLVM and libgomp store on the host (allowed). map_ptr is the plain pointer p (ref_ptr_ptee: the pointer and its target, p and p%p), the kernels' implicit tofrom map of map_ptr is written out; each kernel reads the target through p`,
    world: {
      arrays: [
        { name: 'a', length: 10, init: 10 },
        { name: 'b', length: 10, init: 20 },
      ],
      structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      ompEnter([map('to', ['p', 'p%p'])]),
      ompEnter([map('to', ['b', 'a'])]),
      targetRead('p%p', [map('tofrom', ['p'])]),
      assign('p%p', 'b'),
      targetRead('p%p', [map('tofrom', ['p'])]),
    ],
    at: { 1: ok, 2: ok, 3: readAll(10, 10), 4: per(UNDEF, { 'llvm-offload': ok, libgomp: ok, 'K-B22=allowed': ok }) },
    last: per(HALTED, { 'llvm-offload': readAll(10, 10), libgomp: readAll(10, 10), 'K-B22=allowed': readAll(10, 10) }),
  },
  ...((): Row[] => {
    const ftn = 'llvm/llvm-project offload/test/offloading/fortran/';
    const twoI: World = { arrays: [{ name: 'a', length: 10, init: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] }], structs: [], devices: [{ kind: 'discrete' }] };
    return [
      {
        name: 'fortran/target-map-enter-exit-array.f90: enter data alloc, a kernel writes the array, exit data from brings it home; a later exit data delete of the unmapped array does nothing',
        cite: `${ftn}target-map-enter-exit-array.f90 (flang, amdgcn): integer :: A(10); target enter data map(alloc: A); target { A(i) = i }; target exit data map(from: A); target exit data map(delete: A); "CHECK: 1" … "CHECK: 10" (6.0 §7.9.6: the exit's count goes 1 → 0, so from copies home; the delete finds A absent and is ignored). A is a; the values i are one constant (7) here`,
        world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] },
        steps: [ompEnter([map('alloc', ['a'])]), targetWrite('a', 7), ompExit([map('from', ['a'])]), ompExit([map('delete', ['a'])]), hostRead('a')],
        at: { 2: ok, 3: ok, 4: ok },
        last: readAll(10, 7),
      },
      {
        name: 'fortran/target-map-enter-exit-array-2.f90: host writes after enter data to do not reach the device copy; a kernel updates it and exit data from brings the device values home over the host\'s',
        cite: `${ftn}target-map-enter-exit-array-2.f90 (flang, amdgcn): array(i) = 2 i; target enter data map(to: array); array(i) = 10 on the host ("Shouldn't overwrite data already locked in on target via enter"); target { array(i) = array(i) + i }; target exit data map(from: array) "CHECK: 3 6 9 12 15 18 21 24 27 30" (6.0 §7.9.6: the kernel's implicit map finds array present and copies nothing; the exit copies the device values home). array is a; the kernel is written for elements 1 and 10 only (a read of 2 and 20, writes of 3 and 30), so the others come home with the values the enter data copied (2 i), not the host's 10`,
        world: twoI,
        steps: [
          ompEnter([map('to', ['a'])]),
          hostWrite('a', 10),
          targetRead('a(1:1)'),
          targetWrite('a(1:1)', 3),
          targetRead('a(10:10)'),
          targetWrite('a(10:10)', 30),
          ompExit([map('from', ['a'])]),
          hostRead('a'),
        ],
        at: { 3: read(2), 5: read(20), 7: ok },
        last: read(3, 4, 6, 8, 10, 12, 14, 16, 18, 30),
      },
      {
        name: 'fortran/target-map-enter-exit-array-bounds.f90: enter data to of a section, host writes, a kernel that maps the array implicitly updates the section, exit data from of the section brings it home; the rest keeps the host\'s values',
        cite: `${ftn}target-map-enter-exit-array-bounds.f90 (flang, amdgcn): array(i) = 2 i; target enter data map(to: array(3:6)); array(i) = 10 on the host; target { do i = 3, 6: array(i) = array(i) + i }; target exit data map(from: array(3:6)) "CHECK: 10 10 9 12 15 18 10 10 10 10" (6.0 §7.9.3 / §7.9.6: the kernel's implicit map of array, only part of which has corresponding storage, uses that part and creates nothing; the exit copies the section home). array is a; the kernel is a read of a(3:6) (6, 8, 10, 12) and one write per element (9, 12, 15, 18)`,
        world: twoI,
        steps: [
          ompEnter([map('to', ['a(3:6)'])]),
          hostWrite('a', 10),
          targetRead('a(3:6)'),
          targetWrite('a(3:3)', 9),
          targetWrite('a(4:4)', 12),
          targetWrite('a(5:5)', 15),
          targetWrite('a(6:6)', 18),
          ompExit([map('from', ['a(3:6)'])]),
          hostRead('a'),
          isPresent(v('a', 8)),
        ],
        at: { 3: read(6, 8, 10, 12), 8: ok, 9: read(10, 10, 9, 12, 15, 18, 10, 10, 10, 10) },
        last: NO,
      },
    ];
  })(),
  ...((): Row[] => {
    const ftn = 'llvm/llvm-project offload/test/offloading/fortran/';
    return [
      {
        name: 'fortran/target-map-dtype-arr-bounds-member-enter-exit.f90: enter data to of a section of a derived type\'s array member, host writes, a kernel that maps the derived type implicitly updates the section, exit data from of the section brings it home',
        cite: `${ftn}target-map-dtype-arr-bounds-member-enter-exit.f90 (flang, amdgcn): type scalar_array { integer(4) :: array(10) }; scalar_arr%array(i) = 2 i; target enter data map(to: scalar_arr%array(3:6)); scalar_arr%array(i) = 10 on the host; target { do i = 3, 6: scalar_arr%array(i) += i }; target exit data map(from: scalar_arr%array(3:6)) "CHECK: 10 10 9 12 15 18 10 10 10 10" (6.0 §7.9.3 / §7.9.6: the kernel's implicit map of scalar_arr, only part of which has corresponding storage, uses that part; the exit copies the section home). scalar_arr is c with the field arr(10) (its pointer member p stays null: the language wants one); the kernel is a read of the section (6, 8, 10, 12) and one write per element`,
        world: { arrays: [], structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'arr', length: 10, init: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20] }] }], devices: [{ kind: 'discrete' }] },
        steps: [
          ompEnter([map('to', ['c%arr(3:6)'])]),
          hostWrite('c%arr', 10),
          targetRead('c%arr(3:6)'),
          targetWrite('c%arr(3:3)', 9),
          targetWrite('c%arr(4:4)', 12),
          targetWrite('c%arr(5:5)', 15),
          targetWrite('c%arr(6:6)', 18),
          ompExit([map('from', ['c%arr(3:6)'])]),
          hostRead('c%arr'),
          isPresent(v('c')),
        ],
        at: { 1: ok, 3: read(6, 8, 10, 12), 8: ok, 9: read(10, 10, 9, 12, 15, 18, 10, 10, 10, 10) },
        last: NO,
      },
      {
        name: 'fortran/target-map-two-dtype-mixed-implicit-explicit-capture-2.f90: one derived type mapped implicitly and a section of another\'s array member explicitly: the kernel copies from the first into the section, which comes home; the rest of the second stays as it was',
        cite: `${ftn}target-map-two-dtype-mixed-implicit-explicit-capture-2.f90 (flang, amdgpu): type scalar_array { real :: break_0; real :: array_x(10); real :: break_1; real :: array_y(10); real :: break_3 }; scalar_arr1%array_x(i) = i; target map(tofrom: scalar_arr2%array_x(3:6)) { do i = 3, 6: scalar_arr2%array_x(i) = scalar_arr1%array_x(i) } (scalar_arr1 mapped implicitly); "CHECK: 1. 2. … 10." (scalar_arr1%array_x), "CHECK: 0. 0. 3. 4. 5. 6. 0. 0. 0. 0." (scalar_arr2%array_x). 6.0 §7.9.3: scalar_arr1 is mapped tofrom implicitly (copied in and home unchanged); §7.9.6: the section of scalar_arr2 comes home. The two structs are c1 and c2 with fields b0, ax(10), b1 (array_y and break_3 left out; each keeps an unused null pointer member); the kernel is split into a read of scalar_arr1%array_x(3:6) (a construct of its own, which maps scalar_arr1 implicitly) and one write per element of the section, each with the test's map`,
        world: {
          arrays: [],
          structs: [
            { name: 'c1', pointers: ['p'], fields: [{ name: 'b0', init: 0 }, { name: 'ax', length: 10, init: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }, { name: 'b1', init: 0 }] },
            { name: 'c2', pointers: ['q'], fields: [{ name: 'b0', init: 0 }, { name: 'ax', length: 10, init: 0 }, { name: 'b1', init: 0 }] },
          ],
          devices: [{ kind: 'discrete' }],
        },
        steps: [
          targetRead('c1%ax(3:6)'),
          targetWrite('c2%ax(3:3)', 3, [map('tofrom', ['c2%ax(3:6)'])]),
          targetWrite('c2%ax(4:4)', 4, [map('tofrom', ['c2%ax(3:6)'])]),
          targetWrite('c2%ax(5:5)', 5, [map('tofrom', ['c2%ax(3:6)'])]),
          targetWrite('c2%ax(6:6)', 6, [map('tofrom', ['c2%ax(3:6)'])]),
          hostRead('c1%ax'),
          hostRead('c2%ax'),
        ],
        at: { 1: read(3, 4, 5, 6), 6: read(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) },
        last: read(0, 0, 3, 4, 5, 6, 0, 0, 0, 0),
      },
    ];
  })(),
  {
    name: 'fortran/target_update.f90: an array entered to is written by kernels that map it implicitly; the host sees the device value only after target update from',
    cite: `llvm/llvm-project offload/test/offloading/fortran/target_update.f90 (flang, amdgpu): integer :: x(1) = 5; target enter data map(to: x, device_id); target { x(1) = 42 }; "CHECK: After first target regions and before target update: x = 5"; target { x(1) = 84; device_id(1) = omp_get_device_num() }; target update from(x, device_id) "CHECK: After second target regions and target update: x = 84" (6.0 §7.9.6: the kernels' implicit maps find x present and copy nothing; §15.9: update from copies it home). x is a(1); device_id and the offloading check are left out`,
    world: { arrays: [{ name: 'a', length: 1, init: 5 }], structs: [], devices: [{ kind: 'discrete' }] },
    steps: [ompEnter([map('to', ['a'])]), targetWrite('a', 42), hostRead('a'), targetWrite('a', 84), ompUpdate([motion('from', ['a'])]), hostRead('a')],
    at: { 2: ok, 3: read(5), 4: ok, 5: ok },
    last: read(84),
  },
  {
    name: 'fortran/double-target-call-with-declare-target.f90: two target constructs map a declare target link array tofrom: each copies it in and home, so the second adds to the first\'s values',
    cite: `llvm/llvm-project offload/test/offloading/fortran/double-target-call-with-declare-target.f90 (flang): integer :: sp(10) = 0 with declare target link(sp); target map(tofrom: sp) map(to: i, j) { sp(i) = i }; target map(tofrom: sp) map(to: i, j) { sp(i) = sp(i) + i }; print *, sp "CHECK: 2 4 6 8 10 12 14 16 18 20" (6.0 §7.9.8: a link variable has no device storage until a map maps it; §7.9.6: each construct's map creates it with count 1, copies in and copies home at its end). sp is a; the values i are one constant (1) per element, the second kernel split into a read of 1 and a write of 2`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] },
    steps: [
      declareTarget(['link', 'a']),
      targetWrite('a', 1, [map('tofrom', ['a'])]),
      hostRead('a'),
      targetRead('a', [map('tofrom', ['a'])]),
      targetWrite('a', 2, [map('tofrom', ['a'])]),
      hostRead('a'),
      isPresent(v('a')),
    ],
    at: { 2: ok, 3: readAll(10, 1), 4: readAll(10, 1), 5: ok, 6: readAll(10, 2) },
    last: NO,
  },
  {
    name: 'fortran/target-map-nested-dtype-alloca-array.f90: a target construct mapping only an allocatable component of a derived type: the component\'s descriptor gets storage (K-B63 base-pointers) and is attached, so the kernel\'s writes come home; the host keeps its descriptor where the runtime restores it (K-B23)',
    cite: `llvm/llvm-project offload/test/offloading/fortran/target-map-nested-dtype-alloca-array.f90 (flang, amdgpu): type bottom_layer { …; integer, allocatable :: array_k(:); … }, type one_layer { …; type(bottom_layer) :: nest }; allocate(one_l%nest%array_k(10)); target map(tofrom: one_l%nest%array_k) { one_l%nest%array_k(i) = i }; print *, one_l%nest%array_k "CHECK: 1 2 3 4 5 6 7 8 9 10". 6.0 §7.9.3 / §7.9.6 (K-B63 base-pointers): one_l is referenced and named only as the base of the component, so only the component's descriptor gets storage, beside the data, and is attached; at the end both come home, the descriptor under K-B23 (the text: the device address, so a later use of the component on the host is undefined; LLVM and libgomp restore the host value). gfortran 12 aborts on the component of an unmapped derived type (K-B42, "always pointer not mapped"). one_l%nest (nested types flattened) is e with the allocatable component x (array_k); the kernel is split into writes of elements 1 and 10 (1 and 10), each with the test's map`,
    world: { arrays: [], structs: [{ name: 'e', pointers: ['x'], allocatable: ['x'] }], devices: [{ kind: 'discrete' }] },
    steps: [
      { op: 'allocate', ptr: 'e%x', length: 10, value: 0 },
      targetWrite('e%x(1:1)', 1, [map('tofrom', ['e%x'])]),
      hostRead('e%x(1:1)'),
      targetWrite('e%x(10:10)', 10, [map('tofrom', ['e%x'])]),
      hostRead('e%x'),
    ],
    at: {
      2: per(ok, { 'gcc-12': err('fatal_lowering') }),
      3: per(UNDEF, { 'llvm-offload': read(1), libgomp: read(1), 'gcc-12': HALTED, 'K-B23=restore': read(1) }),
      4: per(HALTED, { 'llvm-offload': ok, libgomp: ok, 'gcc-12': HALTED, 'K-B23=restore': ok }),
    },
    last: per(HALTED, { 'llvm-offload': read(1, 0, 0, 0, 0, 0, 0, 0, 0, 10), libgomp: read(1, 0, 0, 0, 0, 0, 0, 0, 0, 10), 'gcc-12': HALTED, 'K-B23=restore': read(1, 0, 0, 0, 0, 0, 0, 0, 0, 10) }),
  },
  {
    name: 'fortran/declare-target-vars-in-target-region.f90: declare target link arrays and a link scalar mapped explicitly or implicitly by kernels come home at their ends; a declare target enter array written by a kernel does not',
    cite: `llvm/llvm-project offload/test/offloading/fortran/declare-target-vars-in-target-region.f90 (flang): arr1(10) = 0, arr2(10) = 0 with declare target link(arr1) enter(arr2); scalar = 1 with declare target link(scalar); target map(tofrom: arr1, i, j) { arr1(i) = i } "CHECK: 1 2 3 4 5 6 7 8 9 10"; target map(i, j) { arr1(i) = i + 1 } (arr1 mapped implicitly) "CHECK: 2 3 4 5 6 7 8 9 10 11"; target map(i, j) { arr2(i) = i + 1 } "CHECK: 0 0 0 0 0 0 0 0 0 0"; target { scalar = 10 } "CHECK: 10". 6.0 §7.9.8: a link variable gets storage only from a map, which then copies it like any item (explicit tofrom, or §7.9.3's implicit tofrom of a referenced array or Fortran scalar); §7.9.7: an enter variable has device storage with an infinite count, so the kernel's implicit map copies nothing home. arr1, arr2 and scalar are a, b and s (1 element); the values i and i + 1 are one constant per kernel (1, 2, 2)`,
    world: {
      arrays: [
        { name: 'a', length: 10, init: 0 },
        { name: 'b', length: 10, init: 0 },
        { name: 's', length: 1, init: 1 },
      ],
      structs: [],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      declareTarget(['link', 'a', 's'], ['enter', 'b']),
      targetWrite('a', 1, [map('tofrom', ['a'])]),
      hostRead('a'),
      targetWrite('a', 2),
      hostRead('a'),
      targetWrite('b', 2),
      hostRead('b'),
      targetWrite('s', 10),
      hostRead('s'),
    ],
    at: { 2: ok, 3: readAll(10, 1), 4: ok, 5: readAll(10, 2), 6: ok, 7: readAll(10, 0), 8: ok },
    last: read(10),
  },
  {
    name: 'fortran/target-map-pointer-scopes-enter-exit.f90 (main program): a pointer entered alloc with its target, a kernel writes through it, exit data from brings the target home; the host pointer stays usable where the runtime restores it (K-B23)',
    cite: `llvm/llvm-project offload/test/offloading/fortran/target-map-pointer-scopes-enter-exit.f90 (flang, amdgcn), the main program: integer, pointer :: map_ptr(:); allocate(map_ptr(10)); target enter data map(alloc: map_ptr); target { map_ptr(index) = index }; target exit data map(from: map_ptr); target exit data map(delete: map_ptr); print *, map_ptr "CHECK: 1 2 3 4 5 6 7 8 9 10" (the subroutines func and func_arg repeat the pattern). A Fortran pointer named in a map clause maps the pointer and its target (6.0 §7.9.5, no ref-modifier), written as the items p and p%p; the kernel's implicit tofrom map of map_ptr (§7.9.3) is written out. §7.9.6: the enter data creates both, so the pointer is attached; the exit's from copies the target home, and the pointer's device value with it (K-B23: the text brings the device address home, so the later uses of map_ptr on the host are undefined; LLVM and libgomp restore the host value); the delete then finds nothing. gfortran 12 stops on exit data from of a whole pointer (K-B53). map_ptr is the plain pointer p => a; the values index are one constant (7)`,
    world: { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }] },
    steps: [
      ompEnter([map('alloc', ['p', 'p%p'])]),
      targetWrite('p%p', 7, [map('tofrom', ['p'])]),
      ompExit([map('from', ['p', 'p%p'])]),
      ompExit([map('delete', ['p', 'p%p'])]),
      hostRead('p%p'),
    ],
    at: {
      1: ok,
      2: ok,
      3: per(ok, { 'gcc-12': err('fatal_lowering') }),
      4: per(UNDEF, { 'llvm-offload': ok, libgomp: ok, 'gcc-12': HALTED, 'K-B23=restore': ok }),
    },
    last: per(HALTED, { 'llvm-offload': readAll(10, 7), libgomp: readAll(10, 7), 'K-B23=restore': readAll(10, 7) }),
  },
  ...((): Row[] => {
    const ftn = 'llvm/llvm-project offload/test/offloading/fortran/';
    const world: World = { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }] };
    const ptr = map('to', ['p']);
    const ptee = map('to', ['p%p']);
    const kernel = targetWrite('p%p', 7, [map('tofrom', ['p'])]);
    const common = `(flang, -fopenmp-version=61, LIBOMPTARGET_TREAT_ATTACH_AUTO_AS_ALWAYS=0, i.e. K-B7 6.0): integer, pointer :: map_ptr(:); integer, target :: b(10); map_ptr => b; … target map(to: index) { map_ptr(index) = index } ("should in theory memory access fault if we haven't attached correctly"); … do index: the test stops unless map_ptr(index) == index; "CHECK: Passed". ref_ptr maps only the pointer (the item p), ref_ptee only its target (p%p) (6.0 §7.9.5); the kernel's implicit tofrom map of map_ptr is written out. b is a, map_ptr the plain pointer p; the values index are one constant (7). GCC 12 has no ref modifiers; the engines give it gfortran 12's stop on exit data from of a whole pointer (K-B53)`;
    // map_ref_ptr_ptee_test_1.f90 (the other order) is left out: README.md "Suite-derived rows".
    return [
      {
        name: 'fortran/map_ref_ptr_ptee_test_2.f90: enter data map(ref_ptr) of a pointer, then map(ref_ptee) of its target: the target is new while the pointer is present, so the pointer is attached; the kernel\'s writes come home through exit data ref_ptee from after the pointer\'s ref_ptr delete',
        cite: `${ftn}map_ref_ptr_ptee_test_2.f90 ${common}. Order: target enter data map(ref_ptr, to: map_ptr); target enter data map(ref_ptee, to: map_ptr); the kernel; target exit data map(ref_ptr, delete: map_ptr); target exit data map(ref_ptee, from: map_ptr). 6.0 §7.9.6: the second enter data creates the target's storage while the pointer is present, so the corresponding pointer is attached; the delete removes only the pointer, the from then copies the target home (the host pointer is never copied back)`,
        world,
        steps: [ompEnter([ptr]), ompEnter([ptee]), kernel, ompExit([map('delete', ['p'])]), ompExit([map('from', ['p%p'])]), hostRead('p%p')],
        at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: per(ok, { 'gcc-12': err('fatal_lowering') }) },
        last: per(readAll(10, 7), { 'gcc-12': HALTED }),
      },
    ];
  })(),
  {
    name: 'offloading/shared_lib_global_var.c: a declare target variable: kernels read its device copy (the initial value, then what target update to sent); a kernel\'s write reaches the host by target update from',
    cite: `llvm/llvm-project offload/test/offloading/shared_lib_global_var.c (REQUIRES: gpu): declare target int x = 42 (defined in a shared library, declared extern in the program); target map(from: value) { value = x } assert(value == 42); x = 999; target update to(x); target map(from: value) { value = x } assert(value == 999); target { x++ }; target update from(x); assert(x == 1000); "CHECK: PASS". 6.0 §7.9.7: the declare target variable has device storage holding its initial value, with an infinite count, so the kernels' implicit maps copy nothing; §15.9: the updates move it. The shared library is left out (one program); x is a of 1 element, value the kernel's read; x++ is the write of 1000`,
    world: { arrays: [{ name: 'a', length: 1, init: 42 }], structs: [], devices: [{ kind: 'discrete' }] },
    steps: [
      declareTarget(['enter', 'a']),
      targetRead('a'),
      hostWrite('a', 999),
      ompUpdate([motion('to', ['a'])]),
      targetRead('a'),
      targetWrite('a', 1000),
      hostRead('a'),
      ompUpdate([motion('from', ['a'])]),
      hostRead('a'),
    ],
    at: { 2: read(42), 4: ok, 5: read(999), 6: ok, 7: read(999), 8: ok },
    last: read(1000),
  },
  ...((): Row[] => {
    // target-enter-data-single-element-multidim.f90's arr(4, 3, 2) reduced to rank 2: a(2, 4) in
    // array element order; each element entered by its own enter data.
    const elems: [number, number][] = [];
    for (let j = 1; j <= 4; j++) for (let i = 1; i <= 2; i++) elems.push([i, j]);
    const ref = ([i, j]: [number, number]) => `a(${i}:${i},${j}:${j})`;
    const mapped = elems.map((_, k) => mappedPtr(v('a', 4 * k)));
    // K-A71 `column-span` (gfortran: libgomp, and gcc-12 which extends it): a(2:2,1:1) is mapped as
    // a whole column from a(2,1), which meets a(1,1)'s column [a(1,1), a(2,1)]: the second enter
    // data stops (libgomp's abort; under the text's K-B readings a broken map restriction).
    const gfortran = (o: Outcome, by: Outcome) => per(o, { libgomp: by, 'K-A71=column-span': by });
    return [
      {
        name: 'fortran/target-enter-data-single-element-multidim.f90: every element of a multi-dimensional array entered by its own enter data is present with storage of its own; deleting them one by one removes them',
        cite: `llvm/llvm-project offload/test/offloading/fortran/target-enter-data-single-element-multidim.f90 (flang, amdgpu): real(8), allocatable :: arr(4, 3, 2) = 1; do k, j, i: target enter data map(alloc: arr(i, j, k)); then omp_get_mapped_ptr(c_loc(arr(i, j, k))) is non-null for every element ("a begin-pointer offset … made every distinct element alias onto the same device address"); do: target exit data map(delete: arr(i, j, k)); "CHECK: PASS" (nfound == size(arr)). 6.0 §7.9.6: each element is a storage block of its own, so each gets its own corresponding storage; §25.2.3: omp_get_mapped_ptr gives its address. arr is reduced to rank 2, a(2, 4) (RANK2-style, elements in array element order, each at its own block's start); GCC 12 has no omp_get_mapped_ptr (K-B24). gfortran sizes a section of one column's rows as the whole column from its first element (K-A71 column-span, gfc_full_array_size; libgomp and gcc-12), so the element a(2,1)'s enter data meets a(1,1)'s column and stops ("Trying to map into device … already mapped")`,
        world: { arrays: [{ name: 'a', length: 8, shape: [2, 4], init: 1 }], structs: [], devices: [{ kind: 'discrete' }] },
        steps: [...elems.map((e) => ompEnter([map('alloc', [ref(e)])])), ...mapped, ...elems.map((e) => ompExit([map('delete', [ref(e)])])), isPresent(v('a')), isPresent(v('a', 28))],
        at: { 2: per(RUNS, { libgomp: err('fatal_partial_map'), 'K-A71=column-span': UNDEF }), ...Object.fromEntries(elems.map((_, k) => [9 + k, gfortran(dev(k + 1, 0), HALTED)])), 25: gfortran(NO, HALTED) },
        last: gfortran(NO, HALTED),
      },
    ];
  })(),
  {
    name: 'fortran/target-map-individual-dtype-member-map.f90: map(from: s%rx) of one member of a derived type: the kernel\'s write comes home and the other members keep their host values',
    cite: `llvm/llvm-project offload/test/offloading/fortran/target-map-individual-dtype-member-map.f90 (flang, amdgcn): type scalar { integer :: ix = 0; real :: rx = 0.0; complex :: zx = (0, 0); real :: ry = 1.0 }; scalar_struct%rx = 2.0; test = 21.0; target map(from: scalar_struct%rx) { scalar_struct%rx = test }; print *, scalar_struct%rx "CHECK: 21." (6.0 §7.9.6: the member alone is mapped, from: not copied in, copied home at the end; the rest of the struct has no corresponding storage and is not touched). scalar_struct is c with fields ix, rx (2), ry (1), zx left out; 21 is written as a constant`,
    world: { arrays: [], structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'ix', init: 0 }, { name: 'rx', init: 2 }, { name: 'ry', init: 1 }] }], devices: [{ kind: 'discrete' }] },
    steps: [targetWrite('c%rx', 21, [map('from', ['c%rx'])]), hostRead('c%rx'), hostRead('c%ix'), hostRead('c%ry'), isPresent(v('c%rx'))],
    at: { 1: ok, 2: read(21), 3: read(0), 4: read(1) },
    last: NO,
  },
  {
    name: 'offloading/info.c: target data map(alloc: A) map(tofrom: B) map(to: C) creates one entry per array with count 1, copies B and C in, at its end copies B home and removes all three; the declare target variable keeps its entry with an infinite count',
    cite: `llvm/llvm-project offload/test/offloading/info.c (LIBOMPTARGET_INFO=63): declare target int global; target data map(alloc: A[0:N]) map(ompx_hold, tofrom: B[0:N]) map(to: C[0:N]) { target firstprivate(val) {} }: "INFO: Creating new map entry … Size=256, DynRefCount=1 … Name=A[0:64]" (B: HoldRefCount=1, C: DynRefCount=1), "Copying data from host to device … Name=B[0:64]" and "… Name=C[0:64]", the table "256 1 0 C[0:64]", "256 0 1 B[0:64]", "256 1 0 A[0:64]"; at the end "Copying data from device to host … Name=B[0:64]", "Removing map entry … C[0:64]", "… B[0:64]", "… A[0:64]", and the table then holds only "4 INF 0 global". 6.0 §7.9.6, §7.9.7. The ompx_hold modifier is left out (B counted like the others); the empty kernel is written as kernels that write B and C (9), so the copies show in the host values: B comes home, C does not. A, B, C are a, b, c of 10 elements (1, 2, 3), global is g`,
    world: {
      arrays: [
        { name: 'a', length: 10, init: 1 },
        { name: 'b', length: 10, init: 2 },
        { name: 'c', length: 10, init: 3 },
        { name: 'g', length: 1, init: 0 },
      ],
      structs: [],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      declareTarget(['enter', 'g']),
      ompDataBegin([map('alloc', ['a']), map('tofrom', ['b']), map('to', ['c'])]),
      targetRead('c'),
      targetWrite('b', 9),
      targetWrite('c', 9),
      ompDataEnd,
      hostRead('b'),
      hostRead('c'),
    ],
    at: { 2: ok, 3: readAll(10, 3), 6: ok, 7: readAll(10, 9) },
    last: readAll(10, 3),
    state: {
      2: { ompEntries: [entry([0x1000, 0x1028], 2, 1), entry([0x1200, 0x1228], 3, 1), entry([0x1400, 0x1428], 4, 1), entry([0x1600, 0x1604], 1, 'inf', { origin: 'declare' })] },
      6: { ompEntries: [entry([0x1600, 0x1604], 1, 'inf', { origin: 'declare' })] },
    },
  },
  {
    name: 'offloading/extern.c: a global that no directive maps: a kernel reads its host value; target update to of it (not present) does nothing, and the next kernel reads the new host value',
    cite: `llvm/llvm-project offload/test/offloading/extern.c: int x = 1 (defined in another file, extern here, no declare target); target map(from: value) { value = x } assert(value == 1); x = 999; target update to(x); target map(from: value) { value = x } assert(value == 999); "CHECK: PASS". 6.0 §15.9: an update list item that is not present is ignored; §7.9.3: each kernel gets x afresh from the host (clang: firstprivate, a C scalar; here x is a of 1 element, mapped tofrom implicitly, which reads the same values). value is the kernel's read`,
    world: { arrays: [{ name: 'a', length: 1, init: 1 }], structs: [], devices: [{ kind: 'discrete' }] },
    steps: [targetRead('a'), hostWrite('a', 999), ompUpdate([motion('to', ['a'])]), targetRead('a'), isPresent(v('a'))],
    at: { 1: read(1), 3: ok, 4: read(999) },
    last: NO,
  },
  {
    name: 'fortran/target-map-nested-dtype-multi-member.f90: three members of a derived type (two of a nested type) mapped tofrom on one construct form one storage block; the kernel\'s writes to them come home',
    cite: `llvm/llvm-project offload/test/offloading/fortran/target-map-nested-dtype-multi-member.f90 (flang, amdgpu): type top_layer { real :: i; integer :: array_i(10); real :: j; type(bottom_layer) :: nested (real(8) :: i2; real :: array_i2(10), array_j2(10)); integer, allocatable :: array_j(:); integer :: k }; target map(tofrom: top_dtype%nested%i2, top_dtype%k, top_dtype%nested%array_i2) { nested%array_i2(i) = 2 i; nested%i2 = 30.3; k = 74 } "CHECK: 30.299999237060547", "CHECK: 74", "CHECK: 2. 4. 6. … 20." (6.0 §7.9.6: members of one structure on one construct are one storage block, from the first to the last, count 0 → 1 → 0, so every item is copied in and home). The nested type is flattened into fields of c: i, ai(4), j, ni2, nai2(4), naj2(4), k (the allocatable array_j left out; 30.3 is 30); array_i2's 2 i is written for elements 1 and 4 (2 and 8), each value by a construct of its own with the test's maps`,
    world: {
      arrays: [],
      structs: [
        {
          name: 'c',
          pointers: ['p'],
          fields: [
            { name: 'i', init: 0 },
            { name: 'ai', length: 4, init: 0 },
            { name: 'j', init: 0 },
            { name: 'ni2', init: 0 },
            { name: 'nai2', length: 4, init: 0 },
            { name: 'naj2', length: 4, init: 0 },
            { name: 'k', init: 0 },
          ],
        },
      ],
      devices: [{ kind: 'discrete' }],
    },
    steps: [
      targetWrite('c%nai2(1:1)', 2, [map('tofrom', ['c%ni2', 'c%k', 'c%nai2'])]),
      targetWrite('c%nai2(4:4)', 8, [map('tofrom', ['c%ni2', 'c%k', 'c%nai2'])]),
      targetWrite('c%ni2', 30, [map('tofrom', ['c%ni2', 'c%k', 'c%nai2'])]),
      targetWrite('c%k', 74, [map('tofrom', ['c%ni2', 'c%k', 'c%nai2'])]),
      hostRead('c%ni2'),
      hostRead('c%k'),
      hostRead('c%nai2'),
      isPresent(v('c%k')),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: read(30), 6: read(74), 7: read(2, 0, 0, 8) },
    last: NO,
  },
  {
    name: 'fortran/dtype-array-constant-index-map.f90: two target constructs map one element of an array of derived types tofrom: the second adds to the value the first brought home',
    cite: `llvm/llvm-project offload/test/offloading/fortran/dtype-array-constant-index-map.f90 (flang, amdgpu): type dtype { integer elements(20); integer value }; type(dtype) array_dtype(5); target map(tofrom: array_dtype(5)) { array_dtype(5)%elements(5) = 500 }; target map(tofrom: array_dtype(5)) { array_dtype(5)%elements(5) += 500 }; print "CHECK: 1000" (6.0 §7.9.6: each construct maps the element afresh, count 0 → 1 → 0, copying it in and home). The language gives no fields to an array of structs: array_dtype(5) is the struct c with the field el (elements, 4 here; elements(5) is el(4)); the second kernel is a read of 500 and a write of 1000`,
    world: { arrays: [], structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'el', length: 4, init: 0 }, { name: 'val', init: 0 }] }], devices: [{ kind: 'discrete' }] },
    steps: [
      targetWrite('c%el(4:4)', 500, [map('tofrom', ['c'])]),
      targetRead('c%el(4:4)', [map('tofrom', ['c'])]),
      targetWrite('c%el(4:4)', 1000, [map('tofrom', ['c'])]),
      hostRead('c%el'),
      isPresent(v('c')),
    ],
    at: { 1: ok, 2: read(500), 3: ok, 4: read(0, 0, 0, 1000) },
    last: NO,
  },
  // More unified_shared_memory rows (close_data_motion.c, close_sub_section.c, check_tracking.c,
  // declare_target_tracking.c, close_alloc_declare_target_lifetime.c, close.c, amd_close_enter_exit.c) and
  // offload/test/offloading/struct_mapping_with_pointers.cpp, bug53727.cpp; close_ptee_struct_member.c,
  // close_ptee_two_pointers.c, close_attach_deferred_transfer.c, close_ptee_attached_host_read.c and
  // close_attach_host_deref.c are left out: README.md "Suite-derived rows".
  {
    name: 'unified_shared_memory/close_data_motion.c: under unified shared memory a close map keeps ordinary data motion: a close tofrom map brings the kernel\'s writes home, and update to / from move data into and out of a close target data region\'s storage',
    cite: `${USM}close_data_motion.c (#pragma omp requires unified_shared_memory): a[i] = b[i] = 1; target map(close, tofrom: a[:N]) { a[i] += 10 } "CHECK: close tofrom copied back: Succeeded" (a[i] == 11); target data map(close, alloc: b[:N]) { target update to(b[:N]); target map(present, alloc: b[:N]) { b[i] += 20 }; target update from(b[:N]) } "CHECK: close target update from: Succeeded" (b[i] == 21) (6.0 §7.9.6, §15.9: tofrom copies home at the end; the updates assign between the original and the corresponding storage; K-B8 decides only whether that storage is distinct, and either way the host ends with the kernel's values). N is 10; each kernel is split into a read of 1 and a write; GCC 12 has no present modifier (K-B26)`,
    world: USM_AB_WORLD,
    steps: [
      targetRead('a', [map('tofrom', ['a'], 'close')]),
      targetWrite('a', 11, [map('tofrom', ['a'], 'close')]),
      hostRead('a'),
      ompDataBegin([map('alloc', ['b'], 'close')]),
      ompUpdate([motion('to', ['b'])]),
      targetRead('b', [map('alloc', ['b'], 'present')]),
      targetWrite('b', 21, [map('alloc', ['b'], 'present')]),
      ompUpdate([motion('from', ['b'])]),
      ompDataEnd,
      hostRead('b'),
    ],
    at: { 1: readAll(10, 1), 3: readAll(10, 11), 5: ok, 6: readAll(10, 1), 8: ok },
    last: readAll(10, 21),
  },
  {
    name: 'unified_shared_memory/close_sub_section.c: a close map of a section inside data a target data region maps from finds that storage; the kernel\'s write comes home at the region\'s end',
    cite: `${USM}close_sub_section.c (#pragma omp requires unified_shared_memory): double base[10] = {0}; target data map(from: base[0 : 10]) { target map(close, alloc: base[1 : 9]) { base[1] = 99.0 } } "CHECK: base[1] = 99.000000" ("close range covers base[1] and should properly update the buffer from the outer mapping"; 6.0 §7.9.6: the section is present, so close creates nothing and the write reaches the region's storage, copied home by its from at the end; under a self map, K-B8, the write is the host's). base is a with 4-byte elements, base[1 : 9] a(2:10)`,
    world: USM_BASE_WORLD,
    steps: [ompDataBegin([map('from', ['a'])]), targetWrite('a(2:2)', 99, [map('alloc', ['a(2:10)'], 'close')]), ompDataEnd, hostRead('a(2:2)')],
    at: { 2: ok },
    last: read(99),
  },
  {
    name: 'unified_shared_memory/check_tracking.c: under unified shared memory omp_target_is_present follows the maps: a local is present only while entered, a declare target variable always, a global only while entered',
    cite: `${USM}check_tracking.c (#pragma omp requires unified_shared_memory): declare target int x = 111; int y = 111; int xl = 111; "CHECK: present when unmapped: 0" (xl); target enter data map(alloc: xl) "present after mapping: 1"; target exit data map(from: xl) "present after mapping: 0"; "CHECK: present when unmapped: 1 0" (x, y); target enter data map(to: x, y) "1 1"; target exit data map(from: x, y) "CHECK: present after mapping: 1 0" (6.0 §25.2.1 with §7.9.6 and §7.9.7: present means a corresponding list item in the device data environment, which sharing memory does not give; the declare target variable's count is infinite). libgomp self-maps and answers true for host memory under the requirement (K-B2 self-mapped, K-B8 self); GCC 12 ignores the requirement (K-B54)`,
    world: USM_XYL_WORLD,
    steps: [
      declareTarget(['enter', 'x']),
      isPresent(v('xl')),
      ompEnter([map('alloc', ['xl'])]),
      isPresent(v('xl')),
      ompExit([map('from', ['xl'])]),
      isPresent(v('xl')),
      isPresent(v('x')),
      isPresent(v('y')),
      ompEnter([map('to', ['x', 'y'])]),
      isPresent(v('x')),
      isPresent(v('y')),
      ompExit([map('from', ['x', 'y'])]),
      isPresent(v('x')),
      isPresent(v('y')),
    ],
    at: {
      2: per(NO, { libgomp: YES, 'gcc-12': NO }),
      4: YES,
      6: per(NO, { libgomp: YES, 'gcc-12': NO }),
      7: YES,
      8: per(NO, { libgomp: YES, 'gcc-12': NO }),
      10: YES,
      11: YES,
      13: YES,
    },
    last: per(NO, { libgomp: YES, 'gcc-12': NO }),
  },
  {
    name: 'unified_shared_memory/declare_target_tracking.c: under unified shared memory every byte of a declare target array is present, its last element included',
    cite: `${USM}declare_target_tracking.c (#pragma omp requires unified_shared_memory): declare target int arr[64] = {0}; after an empty target region "CHECK: arr present first/mid/last: 1 1 1" (arr[0], arr[32], arr[63]) and "arr present for all elements: Succeeded" ("a declare target variable is in the device data environment for its whole extent"; 6.0 §7.9.7, §25.2.1). arr is a (10 elements): a(1), a(5), a(10); the empty kernel is left out`,
    world: USM_BASE_WORLD,
    steps: [declareTarget(['enter', 'a']), isPresent(v('a')), isPresent(v('a', 16)), isPresent(v('a', 36))],
    at: { 2: YES, 3: YES },
    last: YES,
  },
  {
    name: 'unified_shared_memory/close_alloc_declare_target_lifetime.c (A): a close map of part of a declare target array under unified shared memory uses the variable\'s storage, so a target update from after the region still finds the kernel\'s write',
    cite: `${USM}close_alloc_declare_target_lifetime.c part (A) (#pragma omp requires unified_shared_memory): declare target double part[10] = {0}; target map(close, alloc: part[3 : 4]) map(from: probe) { part[3] = 11.0 }; target update from(part[3 : 1]) ("Legal: part is still in the device data environment") "CHECK: A: 11.000000" (6.0 §7.9.7: the declare target variable has corresponding storage for the whole program, so the section is present and close creates nothing; §15.9 then copies the written element home). part is a with 4-byte elements, part[3 : 4] a(4:7); the probe map and part (B), through a pointer into another array, are left out`,
    world: USM_BASE_WORLD,
    steps: [declareTarget(['enter', 'a']), targetWrite('a(4:4)', 11, [map('alloc', ['a(4:7)'], 'close')]), ompUpdate([motion('from', ['a(4:4)'])]), hostRead('a(4:4)')],
    at: { 2: ok, 3: ok },
    last: read(11),
  },
  {
    name: 'unified_shared_memory/close.c: under unified shared memory a close map of data already mapped without close finds that map (the host storage in LLVM); of unmapped data it gets device storage of its own (K-B8 self-unless-close)',
    cite: `${USM}close.c (#pragma omp requires unified_shared_memory; "an implementation-specific test"): int x, y; target data map(tofrom: x) target map(close, tofrom: x, y) map(from: xaddr_device, yaddr_device) { xaddr_device = &x; yaddr_device = &y } assert(xaddr_device == &x, "Mapped variable should not allocate on close"), assert(yaddr_device != &y, "Unmapped variable should allocate on close") (llvm-offload K-B8 self-unless-close: x's map without close is a self map, y's close map new device storage). The kernel's addresses are read as omp_get_mapped_ptr inside a target data region with the target construct's maps. The text (K-B8 copies): both have device storage of their own; libgomp self-maps both (K-B8 self); GCC 12 has no omp_get_mapped_ptr (K-B24)`,
    world: USM_XY_WORLD,
    steps: [ompDataBegin([map('tofrom', ['x'])]), ompDataBegin([map('tofrom', ['x', 'y'], 'close')]), mappedPtr(v('x')), mappedPtr(v('y')), ompDataEnd, ompDataEnd],
    at: {
      3: per(dev(1, 0), { 'llvm-offload': hostPtr(X), libgomp: hostPtr(X) }),
      4: per(dev(2, 0), { 'llvm-offload': dev(1, 0), libgomp: hostPtr(X + 0x200) }),
    },
    last: ok,
  },
  {
    name: 'offloading/struct_mapping_with_pointers.cpp: enter data maps the pointees of two pointer members and then the struct: the struct\'s copy does not undo the attachments; kernels reach the pointees through them; exit data from of the struct brings its scalar members home (K-B23 for its pointers)',
    cite: `${OFFLOADING}struct_mapping_with_pointers.cpp: dat.datum = malloc(10 ints), dat.more_datum = malloc(20 ints), dat.xi = 3, datum[7] = 7, more_datum[17] = 17, datum[1] = 0; target enter data map(to: dat.datum[:10]) map(to: dat.more_datum[:20]) map(to: dat) ("The second mapping by the user must not overwrite the mapping set up for the pointer fields"); target { dat.xi = 4; dat.datum[7]++; dat.more_datum[17]++; dat.val_datum = dat.datum[7]; dat.val_more_datum = dat.more_datum[17]; dat.datum[1] = dat.xi; … } ("Mapping exists (implicit) … DynRefCount=2 (incremented)"); target exit data map(from: dat) "CHECK: dat.xi = 4", "dat.val_datum = 8", "dat.val_more_datum = 18", "dat.datum[dat.arr[0][0]] = 0" (the host's datum, reached through the host's dat.datum after the exit). 6.0 §7.9.6: the construct's copies come first and its attachments after (K-B67 attached), so the kernels reach the pointees' device copies; the exit's from brings dat home with its attached pointers, which K-B23 decides (restore in LLVM and libgomp: the host's datum is read; device-value, the text: a device address, undefined at the host read). The kernel is split into one construct per statement (each an implicit map of dat): datum and more_datum are a and b (all 7 and 17), xi, val_datum, val_more_datum the fields xi, vd, vmd; the host read of datum[1] is one of a's elements through c%p (7 here: the host array keeps its values)`,
    world: DESCRIPTOR_WORLD,
    steps: [
      ompEnter([map('to', ['c%p']), map('to', ['c%q']), map('to', ['c'])]),
      targetWrite('c%xi', 4),
      targetWrite('c%p', 8),
      targetWrite('c%q', 18),
      targetRead('c%p'),
      targetRead('c%q'),
      targetWrite('c%vd', 8),
      targetWrite('c%vmd', 18),
      ompExit([map('from', ['c'])]),
      hostRead('c%xi'),
      hostRead('c%vd'),
      hostRead('c%vmd'),
      hostRead('c%p(2:2)'),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: readAll(10, 8), 6: readAll(20, 18), 9: ok, 10: read(4), 11: read(8), 12: read(18) },
    last: restored(read(7)),
  },
  {
    name: 'offloading/bug53727.cpp: a struct and its pointer member\'s pointee entered together: kernels through the attached pointer, target update from / to of the pointee, exit data from of both bring the last values home',
    cite: `${OFFLOADING}bug53727.cpp: struct T { int a; int *p; }; struct S { int b; T t; } s; s.t.p = new int[N], p[i] = i; target enter data map(to: s, s.t.p[:N]); target { p[i] += i }; target update from(s.t.p[:N]); assert(s.t.p[i] == 2 * i); s.t.p[i] += i; target update to(s.t.p[:N]); target { p[i] += i }; target exit data map(from: s, s.t.p[:N]); assert(s.t.p[i] == 4 * i) (6.0 §7.9.6: s and the pointee are new on the enter data, so s.t.p is attached; §15.9 moves the pointee both ways; the exit's from copies the pointee home, and s with its attached pointer, which K-B23 decides: LLVM and libgomp restore the host's pointer, so the host's s.t.p[i] is read; the text brings the device address home, undefined at the host read). The nesting of T in S is reduced to one level (c with p and the scalar b); i is 1, so the values go 1, 2, 3, 4; each kernel is split into a read and a write`,
    world: NESTED_P_WORLD,
    steps: [
      ompEnter([map('to', ['c', 'c%p'])]),
      targetRead('c%p'),
      targetWrite('c%p', 2),
      ompUpdate([motion('from', ['c%p'])]),
      hostRead('c%p'),
      hostWrite('a', 3),
      ompUpdate([motion('to', ['c%p'])]),
      targetRead('c%p'),
      targetWrite('c%p', 4),
      ompExit([map('from', ['c', 'c%p'])]),
      hostRead('c%p'),
    ],
    at: { 1: ok, 2: readAll(10, 1), 3: ok, 4: ok, 5: readAll(10, 2), 7: ok, 8: readAll(10, 3), 9: ok, 10: ok },
    last: restored(readAll(10, 4)),
  },
  {
    name: 'target_has_device_addr.c (xoo): kernels inside target data map(to: a[0:2], b[0:2]) write the device copies; at the region\'s end nothing is copied home',
    cite: `${T}target_has_device_addr.c xoo() (-fopenmp-version=51): short a[10], b[10]; a[1] = b[1] = 111; target data map(to: a[0 : 2], b[0 : 2]) use_device_addr(a, b) target has_device_addr(a) has_device_addr(b[0]) { a[1] = 222; b[1] = 222; printf "CHECK: 222 222" } printf a[1], b[1] "CHECK:111" (6.0 §7.9.6: the to items are not copied back at the region's end, so the host keeps 111). The has_device_addr kernel is written as kernels that find a(1:2) and b(1:2) present (alloc maps): writes of 222 to a(2) and b(2), then reads; a and b have 4-byte elements. The foo, bar, moo and zoo parts (device pointers, pointer arithmetic and a pointer array) are left out`,
    world: HDA_WORLD,
    steps: [
      ompDataBegin([map('to', ['a(1:2)', 'b(1:2)'])]),
      targetWrite('a(2:2)', 222, [map('alloc', ['a(1:2)'])]),
      targetWrite('b(2:2)', 222, [map('alloc', ['b(1:2)'])]),
      targetRead('a(2:2)', [map('alloc', ['a(1:2)'])]),
      targetRead('b(2:2)', [map('alloc', ['b(1:2)'])]),
      ompDataEnd,
      hostRead('a(2:2)'),
      hostRead('b(2:2)'),
    ],
    at: { 2: ok, 3: ok, 4: read(222), 5: read(222), 6: ok, 7: read(111) },
    last: read(111),
  },
  {
    name: 'unified_shared_memory/amd_close_enter_exit.c: under unified shared memory a target data map without close uses the host storage in LLVM, one with close device storage; a close enter data, a kernel write and an exit data from without close bring the value home and leave nothing mapped',
    cite: `${USM}amd_close_enter_exit.c (#pragma omp requires unified_shared_memory; REQUIRES amdgcn, HSA_XNACK=1): a[i] = 10; target data map(tofrom: a[:N]) map(tofrom: device_alloc) { target { device_alloc = &a[0] } } "CHECK: a used from unified memory." (device_alloc == host_alloc); target data map(close, tofrom: a[:N]) … "CHECK: a copied to device." (!=); target enter data map(close, to: a[:N]); target map(from: device_alloc) { device_alloc = &a[0]; a[0] = 99 }; target exit data map(from: a[:N]) ("close is missing, so the runtime must check whether it is actually in shared memory") "CHECK: a has been mapped to the device.", "CHECK: a[0]=99", "CHECK: a is present: 0" (llvm-offload K-B8 self-unless-close). The text (K-B8 copies): every map creates device storage; the exit's from copies a home at count 1 and removes it (6.0 §7.9.6). libgomp self-maps (K-B8 self), and its omp_target_is_present is true for host memory under the requirement (K-B2 self-mapped). The kernels' &a[0] are read as omp_get_mapped_ptr inside the regions; the use_device_ptr halves, which give the same addresses, are left out; GCC 12 has no omp_get_mapped_ptr (K-B24). N is 10`,
    world: USM_A10_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['a'])]),
      mappedPtr(v('a')),
      ompDataEnd,
      ompDataBegin([map('tofrom', ['a'], 'close')]),
      mappedPtr(v('a')),
      ompDataEnd,
      ompEnter([map('to', ['a'], 'close')]),
      targetWrite('a(1:1)', 99),
      ompExit([map('from', ['a'])]),
      hostRead('a(1:1)'),
      isPresent(v('a')),
    ],
    at: {
      2: per(dev(1, 0), { 'llvm-offload': hostPtr(A), libgomp: hostPtr(A) }),
      5: per(dev(2, 0), { 'llvm-offload': dev(1, 0), libgomp: hostPtr(A) }),
      8: ok,
      9: ok,
      10: read(99),
    },
    last: per(NO, { libgomp: YES, 'gcc-12': NO }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (more scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
