// Scenarios from LLVM's offload testsuite (llvm/llvm-project, offload/test/mapping, the mapping
// tests of offload/test/offloading and offload/test/unified_shared_memory, and tests of the older
// openmp/libomptarget/test tree), OpenMP 6.0 §7.9 Data-Mapping Control: items absent or partly
// present at exit, the present modifier, zero-length sections, declare target variables, the host
// device, declare mapper with map-type decay and modifiers, and maps under requires
// unified_shared_memory (K-B8). Each row names the test and its CHECK lines, which give the llvm-offload expectation; the
// other profiles' expectation is the text's (6.0 §7.9.6, §15.6, §15.9), written by hand, with
// libgomp's where its source differs (profiles/builtin.ts evidence).
import { HALTED, UNDEF, dev, err, hostPtr, ok, per, readAll, read, section, stoppedUnder, value, type Row } from '../rows.js';
import { assign, declareTarget, hostRead, hostWrite, isPresent, map, mappedPtr, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetRead, targetWrite, useDeviceBegin, useDeviceEnd, v } from '../steps.js';
import { A, MEMBERS_OMP_WORLD, OMP_WORLD, SECTIONS_OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'llvm/llvm-project offload/test/mapping/';
const YES = value(true);
const NO = value(false);
const OFFLOADING = 'llvm/llvm-project offload/test/offloading/';

/** The map_ordering tests' `int x = 111`, as a 10-element array. */
const X111_WORLD: World = { arrays: [{ name: 'a', length: 10, init: 111 }], structs: [], devices: [{ kind: 'discrete' }] };

/** ompx_hold/target-data.c's scalars m, r, d as one-element arrays; one discrete device. */
const MRD_WORLD: World = { arrays: ['m', 'r', 'd'].map((name) => ({ name, length: 1, init: 0 })), structs: [], devices: [{ kind: 'discrete' }] };
/** CHECK_PRESENCE(m, r, d): omp_target_is_present of each on the default device. */
const presence = [isPresent(v('m')), isPresent(v('r')), isPresent(v('d'))];
/** target data map(tofrom: m) map(alloc: r, d). */
const mrdData = ompDataBegin([map('tofrom', ['m']), map('alloc', ['r', 'd'])]);

/** MEMBERS_OMP_WORLD with `c%p => a`: the test's `struct { int x; int dummy[10000]; int *p; }` with `p = g`. */
const MEMBERS_P_WORLD: World = { ...MEMBERS_OMP_WORLD, structs: [{ ...MEMBERS_OMP_WORLD.structs[0]!, init: { p: 'a' } }] };

/** target_data_array_extension_at_exit.c with SMALL the two elements at one end of a(1:10), LARGE all of a. */
function extensionAtExit(extends_: 'BEFORE' | 'AFTER'): Row[] {
  const small = extends_ === 'BEFORE' ? 'a(9:10)' : 'a(1:2)';
  const after = extends_ === 'BEFORE' ? [1, 1, 1, 1, 1, 1, 1, 1, 88, 88] : [88, 88, 1, 1, 1, 1, 1, 1, 1, 1];
  return [
    {
      name: `target_data_array_extension_at_exit.c -DEXTENDS=${extends_} check_not_present: a region's item only part of which is mapped at its end is not copied home`,
      cite: `${T}target_data_array_extension_at_exit.c check_not_present: target data map(tofrom: arr[LARGE]) { target exit data map(delete: arr[LARGE]); target enter data map(alloc: arr[SMALL]); target map(alloc: arr[SMALL]) arr[i] = 88 } "CHECK-NOT: omptarget", "CHECK-NOT: error": every arr[i] keeps 99 (5.1 §2.21.7.1: not present on exit → ignored)`,
      steps: [
        ompDataBegin([map('tofrom', ['a'])]),
        ompExit([map('delete', ['a'])]),
        ompEnter([map('alloc', [small])]),
        targetWrite(small, 88, [map('alloc', [small])]),
        ompDataEnd,
        hostRead('a'),
      ],
      last: readAll(10, 1),
    },
    {
      name: `target_data_array_extension_at_exit.c -DEXTENDS=${extends_} check_is_present: a region's item inside a larger entry at its end is copied home alone`,
      cite: `${T}target_data_array_extension_at_exit.c check_is_present: target data map(tofrom: arr[SMALL]) { target exit data map(delete: arr[SMALL]); target enter data map(alloc: arr[LARGE]); target map(alloc: arr[LARGE]) arr[i] = 88 } "CHECK-NOT: error": arr[SMALL] is 88, the rest keeps 99 ("the device-to-host transfer should be performed only for it even though more of the array is then present")`,
      steps: [
        ompDataBegin([map('tofrom', [small])]),
        ompExit([map('delete', [small])]),
        ompEnter([map('alloc', ['a'])]),
        targetWrite('a', 88, [map('alloc', ['a'])]),
        ompDataEnd,
        hostRead('a'),
      ],
      last: read(...after),
    },
  ];
}

/** present/target_update.c -DCLAUSE=to / from: an update with the present motion modifier before and after the delete. */
function presentUpdate(clause: 'to' | 'from'): Row {
  return {
    name: `present/target_update.c -DCLAUSE=${clause}: update ${clause}(present:) of entered data runs; after exit data delete it is an error`,
    cite: `${T}present/target_update.c -DCLAUSE=${clause}: target enter data map(alloc: i); target update ${clause}(present: i); target exit data map(delete: i) "CHECK: i is present"; target update ${clause}(present: i) "CHECK: … 'present' motion modifier does not exist", "fatal error 1" (6.0 §15.9: the present motion modifier on an item that is not present is a runtime error termination)`,
    steps: [ompEnter([map('alloc', ['a'])]), ompUpdate([motion(clause, ['a'], true)]), ompExit([map('delete', ['a'])]), ompUpdate([motion(clause, ['a'], true)])],
    at: { 2: ok, 3: ok },
    last: err('omp_error_not_present'),
  };
}

/** present/target_data_array_extension.c -DEXTENDS=…: SMALL the two elements at one end of a(1:10), LARGE all of a. */
function presentDataExtension(extends_: 'BEFORE' | 'AFTER'): Row {
  const small = extends_ === 'BEFORE' ? 'a(9:10)' : 'a(1:2)';
  return {
    name: `present/target_data_array_extension.c -DEXTENDS=${extends_}: target data map(present, tofrom) of a section inside a mapped array runs; of the array while only ${small} is mapped it is the present error (K-B52 present-error), libgomp's partial-map abort (partial-map)`,
    cite: `${T}present/target_data_array_extension.c -DEXTENDS=${extends_} (SMALL: two elements at one end, LARGE: the whole array; here ${small} and a): target data map(alloc: arr[LARGE]) { target data map(present, tofrom: arr[SMALL]) } "CHECK: arr is present"; target data map(alloc: arr[SMALL]) { target data map(present, tofrom: arr[LARGE]) } "CHECK: omptarget message: explicit extension not allowed", "… 'present' map type modifier does not exist", "fatal error 1" (K-B52 present-error, the default: 6.0 §7.9.6 present modifier). libgomp: gomp_map_vars_existing meets the partial map before the present check (K-B52 partial-map, K-B5 error)`,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      ompDataBegin([map('tofrom', [small], 'present')]),
      ompDataEnd,
      ompDataEnd,
      ompDataBegin([map('alloc', [small])]),
      ompDataBegin([map('tofrom', ['a'], 'present')]),
    ],
    at: { 2: ok },
    last: per(err('omp_error_not_present'), { libgomp: err('fatal_partial_map'), 'K-B52=partial-map,K-B5=error': err('fatal_partial_map') }),
  };
}

const OLD = 'llvm/llvm-project openmp/libomptarget/test/mapping/';
const USM = 'llvm/llvm-project offload/test/unified_shared_memory/';

/**
 * The unified_shared_memory tests' `int *a = malloc(N * sizeof(int))` with a[i] = 10 (N scaled to
 * 10) and `int data[N]` with data[i] = 1, under `requires unified_shared_memory`; one discrete device.
 */
const USM_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 10 },
    { name: 'b', length: 10, init: 1 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
  requires: ['unified_shared_memory'],
};

/** ompx_hold/struct.c's s.i, s.j (c%n, c%arr) presence, as CHECK_PRESENCE(s, s.i, s.j). */
const sPresence = [isPresent(v('c')), isPresent(v('c%n')), isPresent(v('c%arr'))];

/** openmp/libomptarget/test/mapping/target_update_array_extension.c -DCLAUSE=… -DEXTENDS=…: arr[5] is a(1:5). */
function updateExtension(clause: 'to' | 'from', extends_: 'BEFORE' | 'AFTER'): Row {
  const small = extends_ === 'BEFORE' ? 'a(3:5)' : 'a(1:3)';
  return {
    name: `target_update_array_extension.c -DCLAUSE=${clause} -DEXTENDS=${extends_}: target update ${clause} (no present modifier) of a section inside the mapped one runs; of an array only ${small} of which is mapped it does nothing (K-B40 skip), libgomp's partial-update abort (K-B40 error)`,
    cite: `${OLD}target_update_array_extension.c -DCLAUSE=${clause} -DEXTENDS=${extends_} (SMALL ${extends_ === 'BEFORE' ? '2 : 3' : '0 : 3'}, LARGE 0 : 5; here ${small} and a(1:5)), removed from the tree when the present/ tests took it over: target data map(alloc: arr[LARGE]) { target update ${clause}(arr[SMALL]) } "CHECK: success"; target data map(alloc: arr[SMALL]) { target update ${clause}(arr[LARGE]) } "CHECK-NOT: Libomptarget", "CHECK: success" (6.0 §15.9: an item without a corresponding list item is not assigned; K-B40 skip). libgomp: gomp_update "Trying to update [..) object when only [..) is mapped" (K-B40 error; gcc-12 inherits)`,
    steps: [
      ompDataBegin([map('alloc', ['a(1:5)'])]),
      ompUpdate([motion(clause, [small])]),
      ompDataEnd,
      ompDataBegin([map('alloc', [small])]),
      ompUpdate([motion(clause, ['a(1:5)'])]),
    ],
    at: { 2: ok },
    last: per(ok, { libgomp: err('fatal_partial_update'), 'K-B40=error': err('fatal_partial_update') }),
  };
}

/**
 * The declare_mapper tests' `class C { int *a; }` with `c.a = malloc (NUM ints)`, a[i] = 1 (NUM
 * scaled to 4): c with c%p => a. The named mapper `mapper(id : C s) map(alloc: s.a) map(s.a[0 :
 * NUM])` is written as c's default mapper (the language has default mappers only), s.a being c's
 * own storage (its one member) and s.a[0 : NUM] c%p.
 */
const MAPPER_ID_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'alloc', vars: ['c'] }, { type: 'tofrom', vars: ['c%p'] }] }],
};
/** mapper_map_ptr_ptee_nomapper_del_ptee.c's `declare mapper(default : S s) map(s.p, s.p[0 : 10])` (x[10] scaled to 4). */
const MAPPER_DEFAULT_WORLD: World = { ...MAPPER_ID_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c', 'c%p'] }] }] };
const MAPPER_NOTE = 'GCC 12 rejects declare mapper (K-B43 absent: unavailable there)';

/**
 * mapper_map_always_*.c's `S s` with `int x, y, z` (all 0) and `declare mapper(default : S s)
 * map(tofrom : s.y)`; one discrete device. The language wants a pointer member in every struct: c%p
 * stays null and unused.
 */
const MAPPER_Y_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 0 }, { name: 'y', init: 0 }, { name: 'z', init: 0 }] }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%y'] }] }],
};

/**
 * mapper_target_update_present_ptee.c's `int x[10]` (a, x[0] = 111) and `S s` with `int y` (111) and
 * `int *p` (=> a), with `declare mapper(S s) map(s.y, s.p[0 : 2])` (c%p(1:2)); one discrete device.
 */
const MAPPER_YP_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 111 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'y', init: 111 }], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
  mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%y'] }, { type: 'tofrom', vars: ['c%p(1:2)'] }] }],
};

/** close_member.c's `struct S { int x; int y; } s = {10, 20}` under requires unified_shared_memory (c%p: null, unused); one discrete device. */
const USM_XY_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'x', init: 10 }, { name: 'y', init: 20 }] }],
  devices: [{ kind: 'discrete' }],
  requires: ['unified_shared_memory'],
};

/** declare_target_map_extent.c's `double base[10] = {0}` (4-byte elements here) under requires unified_shared_memory; one discrete device. */
const USM_BASE_WORLD: World = { arrays: [{ name: 'a', length: 10, init: 0 }], structs: [], devices: [{ kind: 'discrete' }], requires: ['unified_shared_memory'] };

const rows: Row[] = [
  {
    name: 'offloading/host_as_target.c: constructs whose device clause names the host device run there and move no data; the default device keeps its copy',
    cite: `${OFFLOADING}host_as_target.c: char X = 'd'; target enter data map(to: X); X = 'h'; then with device(omp_get_initial_device()): target map(always, tofrom: X), target data map(always, tofrom: X), target enter data map(always, to: X), target exit data map(always, from: X), target update to(X), target update from(X); after each "CHECK: host X = h", "device X = d" (a kernel on the default device reads X). 6.0 §15.2: on the host device the original storage is used, so the maps move nothing. 'd' is 1 (a's initial value) and 'h' 5; the kernel on the host device reads a`,
    steps: [
      ompEnter([map('to', ['a'])]),
      hostWrite('a', 5),
      targetRead('a', [map('tofrom', ['a'], 'always')], 'initial'),
      ompDataBegin([map('tofrom', ['a'], 'always')], 'initial'),
      ompDataEnd,
      ompEnter([map('to', ['a'], 'always')], 'initial'),
      ompExit([map('from', ['a'], 'always')], 'initial'),
      ompUpdate([motion('to', ['a'])], 'initial'),
      ompUpdate([motion('from', ['a'])], 'initial'),
      hostRead('a'),
      targetRead('a', [], 0),
    ],
    at: { 3: readAll(10, 5), 10: readAll(10, 5) },
    last: readAll(10, 1),
  },
  {
    name: 'present/target.c: target map(present, alloc) inside a target data region that maps the data runs; after the region it is an error',
    cite: `${T}present/target.c: target data map(alloc: i) target map(present, alloc: i) "CHECK: i is present"; target map(present, alloc: i) "CHECK: omptarget message: device mapping required by 'present' map type modifier does not exist", "fatal error 1" (6.0 §7.9.6: present modifier, absent on entry → runtime error termination). The empty kernel is a write of the data here`,
    steps: [ompDataBegin([map('alloc', ['a'])]), targetWrite('a', 3, [map('alloc', ['a'], 'present')]), ompDataEnd, targetWrite('a', 3, [map('alloc', ['a'], 'present')])],
    at: { 2: ok },
    last: err('omp_error_not_present'),
  },
  {
    name: 'present/target_data.c: target data map(present, alloc) nested in a target data region that maps the data runs; alone it is an error',
    cite: `${T}present/target_data.c: target data map(alloc: i) target data map(present, alloc: i) "CHECK: i is present"; target data map(present, alloc: i) "CHECK: … 'present' map type modifier does not exist", "fatal error 1" (6.0 §7.9.6 present modifier, §15.7)`,
    steps: [ompDataBegin([map('alloc', ['a'])]), ompDataBegin([map('alloc', ['a'], 'present')]), ompDataEnd, ompDataEnd, ompDataBegin([map('alloc', ['a'], 'present')])],
    at: { 2: ok },
    last: err('omp_error_not_present'),
  },
  presentUpdate('to'),
  presentUpdate('from'),
  presentDataExtension('BEFORE'),
  presentDataExtension('AFTER'),
  {
    name: 'present/zero_length_array_section_exit.c: exit data map(present, release) of a zero-length section inside an entry runs and releases it; after a zero-length enter alone it is an error',
    cite: `${T}present/zero_length_array_section_exit.c: target enter data map(alloc: arr[0:5]); target exit data map(present, release: arr[0:0]) "CHECK: arr is present"; target enter data map(alloc: arr[0:0]); target exit data map(present, release: arr[0:0]) "arr[0:0] doesn't create an actual mapping", "CHECK: … 'present' map type modifier does not exist for host address … (0 bytes)", "fatal error 1" (K-A55 lookup: zero bytes inside an entry lie in it, so the first release takes arr[0:5]'s only reference; K-B6 error)`,
    steps: [ompEnter([map('alloc', ['a(1:5)'])]), ompExit([map('release', ['a(1:0)'], 'present')]), ompEnter([map('alloc', ['a(1:0)'])]), ompExit([map('release', ['a(1:0)'], 'present')])],
    at: { 2: ok, 3: ok },
    last: err('omp_error_not_present'),
  },
  {
    name: 'target_implicit_partial_map.c: an implicit map of an array only a section of which is mapped uses that section and counts it; the section is gone at the end of its region',
    cite: `${T}target_implicit_partial_map.c: target data map(alloc: arr[50:2]) { "CHECK: arr[50] must present: 1", "arr[0] should not present: 0", "arr[49] should not present: 0"; target { arr[50] = 5; arr[51] = 6; } (implicit map of arr, only partly present) } "CHECK: arr[50] still present: 0" (6.0 §7.9.6 with §7.9.3: only the part that has corresponding storage is mapped). Here arr[50:2] is a(6:7), arr[49] a(5)`,
    steps: [
      ompDataBegin([map('alloc', ['a(6:7)'])]),
      isPresent(v('a', 20)),
      isPresent(v('a')),
      isPresent(v('a', 16)),
      targetWrite('a(6:7)', 5),
      ompDataEnd,
      isPresent(v('a', 20)),
    ],
    at: { 2: value(true), 3: value(false), 4: value(false), 5: ok },
    last: value(false),
  },
  {
    name: 'alloc_fail.c: a nested target data region mapping a section that overlaps the mapped one and extends past it breaks the restriction (K-B5)',
    cite: `${T}alloc_fail.c: target data map(alloc: arr[0:2]) target data map(alloc: arr[1:2]) "CHECK: message: explicit extension not allowed", "error: Call to getTargetPointer returned null pointer", "fatal error 1" (llvm-offload K-B5 error; libgomp K-B5 error, gomp_map_vars_existing; the text: a restriction, nothing prescribed)`,
    steps: [ompDataBegin([map('alloc', ['a(1:2)'])]), ompDataBegin([map('alloc', ['a(2:3)'])])],
    last: per(UNDEF, { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map') }),
  },
  {
    name: 'offloading/lone_target_exit_data.c: exit data map(from) as the program\'s first construct, of data never mapped, is ignored',
    cite: `${OFFLOADING}lone_target_exit_data.c: int x = 98; target exit data map(from: x) before any other construct, "CHECK: x = 98" (6.0 §7.9.6: exit acts only on present storage)`,
    steps: [hostWrite('a', 98), ompExit([map('from', ['a'])]), hostRead('a')],
    at: { 2: ok },
    last: readAll(10, 98),
  },
  {
    name: 'map_ordering_tgt_exit_data_always_always.c: exit data with two always from items of a variable with count 2 copies the kernel\'s value home; the count drops once',
    cite: `${T}map_ordering_tgt_exit_data_always_always.c: target data map(alloc: x) { target enter data map(alloc: x) map(to: x); target map(present, alloc: x) x = 222; target exit data map(always, from: x) map(always, from: x) } "CHECK: After tgt exit data: 222" (6.0 §7.9.6: the always-modifier copies back whatever the count; one storage block, one decrement). The kernel's present modifier is left out, as in the delete_from row`,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      ompEnter([map('alloc', ['a']), map('to', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a'])]),
      ompExit([map('from', ['a'], 'always'), map('from', ['a'], 'always')]),
      isPresent(v('a')),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 4: ok, 5: value(true) },
    last: readAll(10, 222),
  },
  {
    name: 'data_absent_at_exit.c (target data): items deleted inside a target data region are ignored at its end, always from included',
    cite: `${T}data_absent_at_exit.c: target data map(from: f) map(always, from: af) { target exit data map(delete: f, af) } "CHECK: f = 5, af = 8" (the host values)`,
    steps: [ompDataBegin([map('from', ['a']), map('from', ['b'], 'always')]), ompExit([map('delete', ['a', 'b'])]), ompDataEnd, hostRead('a'), hostRead('b')],
    at: { 4: readAll(10, 1) },
    // K-B68 stale-copy: GCC 12's libgomp copies the always from array back from the freed storage
    last: per(readAll(10, 2), { 'gcc-12': readAll(10, null), 'K-B68=stale-copy': readAll(10, null) }),
  },
  {
    name: 'data_absent_at_exit.c (exit data): from, release, delete and always from of absent items are ignored',
    cite: `${T}data_absent_at_exit.c: target exit data map(from: f) map(release: r) map(delete: d) map(always, from: af) "CHECK: f = 5, r = 6, d = 7, af = 8"`,
    steps: [ompExit([map('from', ['a(1:2)']), map('release', ['a(3:4)']), map('delete', ['b(1:2)']), map('from', ['b(3:4)'], 'always')]), hostRead('a'), hostRead('b')],
    at: { 1: { kind: 'ok' }, 2: readAll(10, 1) },
    last: readAll(10, 2),
  },
  ...extensionAtExit('BEFORE'),
  ...extensionAtExit('AFTER'),
  {
    name: 'present/target_exit_data_release.c: exit data map(present, release) of mapped data runs; of data no longer mapped it is an error',
    cite: `${T}present/target_exit_data_release.c: target enter data map(alloc: i); target exit data map(present, release: i) "CHECK: i was present"; target exit data map(present, release: i) "CHECK: message: device mapping required by 'present' map type modifier does not exist", "fatal error 1" (K-B6 error)`,
    steps: [ompEnter([map('alloc', ['a'])]), ompExit([map('release', ['a'], 'present')]), ompExit([map('release', ['a'], 'present')])],
    at: { 2: { kind: 'ok' } },
    last: err('omp_error_not_present'),
  },
  {
    name: 'present/target_exit_data_delete.c: exit data map(present, delete) of mapped data runs; of data no longer mapped it is an error',
    cite: `${T}present/target_exit_data_delete.c: target enter data map(alloc: i); target exit data map(present, delete: i) "CHECK: i was present"; again: "CHECK: message: device mapping required by 'present' map type modifier does not exist", "fatal error 1" (K-B6 error)`,
    steps: [ompEnter([map('alloc', ['a'])]), ompExit([map('delete', ['a'], 'present')]), ompExit([map('delete', ['a'], 'present')])],
    at: { 2: { kind: 'ok' } },
    last: err('omp_error_not_present'),
  },
  {
    name: 'present/zero_length_array_section.c: map(present, alloc) of a zero-length section inside mapped data runs; after a zero-length map alone it is an error',
    cite: `${T}present/zero_length_array_section.c: target data map(alloc: arr[0:5]) target map(present, alloc: arr[0:0]) "CHECK: arr is present"; target data map(alloc: arr[0:0]) target map(present, alloc: arr[0:0]) "arr[0:0] doesn't create an actual mapping in the first directive", "CHECK: … 'present' map type modifier does not exist for host address … (0 bytes)", "fatal error 1"`,
    steps: [
      ompDataBegin([map('alloc', ['a(1:5)'])]),
      targetWrite('a(1:5)', 3, [map('alloc', ['a(1:0)'], 'present')]),
      ompDataEnd,
      ompDataBegin([map('alloc', ['a(1:0)'])]),
      targetWrite('b', 3, [map('alloc', ['a(1:0)'], 'present')]),
    ],
    at: { 2: { kind: 'ok' } },
    last: err('omp_error_not_present'),
  },
  {
    name: 'present/target_update_array_extension.c (to, extends before): update to(present:) of an item inside a mapped section runs; of an item extending before the mapped section it is an error',
    cite: `${T}present/target_update_array_extension.c -DCLAUSE=to -DEXTENDS=BEFORE: target data map(alloc: arr[0:5]) { target update to(present: arr[2:3]) } "CHECK: arr is present"; target data map(alloc: arr[2:3]) { target update to(present: arr[0:5]) } "CHECK: omptarget message: device mapping required by 'present' motion modifier does not exist", "fatal error 1". libgomp: gomp_update finds the overlapping mapping first, "Trying to update [..) object when only [..) is mapped" (K-B40 error)`,
    steps: [
      ompDataBegin([map('alloc', ['a(1:5)'])]),
      ompUpdate([motion('to', ['a(3:5)'], true)]),
      ompDataEnd,
      ompDataBegin([map('alloc', ['a(3:5)'])]),
      ompUpdate([motion('to', ['a(1:5)'], true)]),
    ],
    at: { 2: { kind: 'ok' } },
    last: per(err('omp_error_not_present'), { libgomp: err('fatal_partial_update') }),
  },
  {
    name: 'present/target_update_array_extension.c (from, extends after): update from(present:) of an item extending after the mapped section is an error',
    cite: `${T}present/target_update_array_extension.c -DCLAUSE=from -DEXTENDS=AFTER: target data map(alloc: arr[0:5]) { target update from(present: arr[0:3]) } "CHECK: arr is present"; target data map(alloc: arr[0:3]) { target update from(present: arr[0:5]) } "CHECK: … 'present' motion modifier does not exist", "fatal error 1". libgomp: "Trying to update [..) object when only [..) is mapped" (K-B40 error)`,
    steps: [
      ompDataBegin([map('alloc', ['a(1:5)'])]),
      ompUpdate([motion('from', ['a(1:3)'], true)]),
      ompDataEnd,
      ompDataBegin([map('alloc', ['a(1:3)'])]),
      ompUpdate([motion('from', ['a(1:5)'], true)]),
    ],
    at: { 2: { kind: 'ok' } },
    last: per(err('omp_error_not_present'), { libgomp: err('fatal_partial_update') }),
  },
  {
    name: 'delete_inf_refcount.c: enter data, a target region, update from and exit data delete of a declare target variable',
    cite: `${T}delete_inf_refcount.c: declare target int isHost; target enter data map(to: isHost); target { isHost = omp_is_initial_device(); } target update from(isHost); target exit data map(delete: isHost) "CHECK: Target region executed on the device" (isHost == 0 after the update)`,
    steps: [declareTarget(['enter', 'a']), ompEnter([map('to', ['a'])]), targetWrite('a', 0), ompUpdate([motion('from', ['a'])]), ompExit([map('delete', ['a'])]), hostRead('a')],
    at: { 3: { kind: 'ok' }, 5: { kind: 'ok' } },
    last: readAll(10, 0),
  },
  {
    name: 'multiple_deletes_within_one_struct.c: a struct member and a pointer member\'s pointee entered together map neither the rest of the struct nor the pointer; deleting both leaves nothing',
    cite: `${T}multiple_deletes_within_one_struct.c: target enter data map(alloc: s1.x, s1.p[0:10]) "CHECK: x is present", "dummy is not present", "p is not present", "p[0] is present"; target exit data map(delete: s1.x) map(delete: s1.p[0:10]) "CHECK: x is not present", "p[0] is not present" (c%n for x, c%arr for dummy, c's first bytes for p)`,
    world: MEMBERS_P_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%n', 'c%p'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
      isPresent(v('c')),
      isPresent(v('a')),
      ompExit([map('delete', ['c%n']), map('delete', ['c%p'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
      isPresent(v('c')),
      isPresent(v('a')),
    ],
    // gcc-12: gfortran maps c%p's descriptor, at c's first bytes, with the pointee (K-B47 descriptor).
    at: { 2: value(true), 3: value(false), 4: per(value(false), { 'gcc-12': value(true) }), 5: value(true), 7: value(false), 8: value(false), 9: value(false) },
    last: value(false),
  },
  {
    name: 'present/target_enter_data.c: enter data map(present, alloc) of mapped data runs; after the data is deleted it is an error',
    cite: `${T}present/target_enter_data.c: target enter data map(alloc: i); target enter data map(present, alloc: i); target exit data map(delete: i) "CHECK: i is present"; target enter data map(present, alloc: i) "CHECK: … 'present' map type modifier does not exist", "fatal error 1"`,
    steps: [ompEnter([map('alloc', ['a'])]), ompEnter([map('alloc', ['a'], 'present')]), ompExit([map('delete', ['a'])]), ompEnter([map('alloc', ['a'], 'present')])],
    at: { 2: { kind: 'ok' }, 3: { kind: 'ok' } },
    last: err('omp_error_not_present'),
  },
  {
    name: 'present/target_array_extension.c -DEXTENDS=BEFORE: target map(present) of a section inside a mapped one runs; of an array only part of which is mapped it is the present error (K-B52 present-error), libgomp\'s partial-map abort (partial-map)',
    cite: `${T}present/target_array_extension.c -DEXTENDS=BEFORE (SMALL the last 2 elements, LARGE the whole array; here a(9:10) and a): target data map(alloc: arr[LARGE]) { target map(present, tofrom: arr[SMALL]) } "CHECK: arr is present"; target data map(alloc: arr[SMALL]) { target map(present, tofrom: arr[LARGE]) } "CHECK: omptarget message: explicit extension not allowed", "device mapping required by 'present' map type modifier does not exist", "fatal error 1" (K-B52 present-error). libgomp: gomp_map_vars_existing "Trying to map into device [..) object when [..) is already mapped" first (K-B52 partial-map, K-B5 error); GCC 12 has no present modifier (K-B26)`,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      targetWrite('a(9:10)', 3, [map('tofrom', ['a(9:10)'], 'present')]),
      ompDataEnd,
      ompDataBegin([map('alloc', ['a(9:10)'])]),
      targetWrite('a', 3, [map('tofrom', ['a'], 'present')]),
    ],
    at: { 2: { kind: 'ok' } },
    last: per(err('omp_error_not_present'), { libgomp: err('fatal_partial_map'), 'K-B52=partial-map,K-B5=error': err('fatal_partial_map') }),
  },
  {
    name: 'map_ordering_tgt_data_alloc_tofrom.c: target data map(alloc) map(tofrom) map(alloc) of one variable copies the kernel\'s value home at its end',
    cite: `${T}map_ordering_tgt_data_alloc_tofrom.c: x = 111; target data map(alloc: x) map(tofrom: x) map(alloc: x) { target map(present, alloc: x) x += 111 } "CHECK: 222" (llvm-offload). The text: one storage block whose count is 1 at the end, so the tofrom item is copied back (6.0 §7.9.6); per list item (K-B16 list-item, struct-block) the first alloc item empties the entry, which stays until the end's last item (libgomp remove_vars, LLVM's deallocation after the transfers), and the tofrom item, whose count before the end was 1, is copied back. The kernel writes 222 (its present modifier left out, as in the next row); GCC's front ends reject a variable named twice in map clauses, so no GCC build runs it`,
    world: { arrays: [{ name: 'a', length: 10, init: 111 }], structs: [] },
    steps: [ompDataBegin([map('alloc', ['a']), map('tofrom', ['a']), map('alloc', ['a'])]), targetWrite('a', 222, [map('alloc', ['a'])]), ompDataEnd, hostRead('a')],
    last: readAll(10, 222),
  },
  {
    name: 'map_ordering_tgt_exit_data_delete_from.c: exit data map(delete) map(from) map(delete) of one variable with count 2 copies the kernel\'s value home under K-B50 block',
    cite: `${T}map_ordering_tgt_exit_data_delete_from.c: target data map(alloc: x) { target enter data map(alloc: x) map(to: x); target map(present, alloc: x) x = 222; target exit data map(delete: x) map(from: x) map(delete: x); "CHECK: 222" } (llvm-offload, K-B50 block; libgomp agrees: target.c gomp_decrement_refcount do_copy). The kernel's present modifier is left out (GCC 12 lacks it, K-B26; the data is present). K-B50 item (the spec default) and libomptarget 16.0.6 (measured, llvm-16.json) keep 111 (here 1)`,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      ompEnter([map('alloc', ['a']), map('to', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a'])]),
      ompExit([map('delete', ['a']), map('from', ['a']), map('delete', ['a'])]),
      hostRead('a'),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 5: per(readAll(10, 1), { libgomp: readAll(10, 222), 'llvm-offload': readAll(10, 222), 'K-B50=block': readAll(10, 222) }) },
    last: per(readAll(10, 1), { libgomp: readAll(10, 222), 'llvm-offload': readAll(10, 222), 'K-B50=block': readAll(10, 222) }),
    state: { 4: { ompEntries: [] } },
  },

  {
    name: 'map_ordering_tgt_alloc_from_to.c: target map(alloc) map(from) map(to) map(alloc) of one variable copies it in, as its count goes from 0 to 1, and back at the end',
    cite: `${T}map_ordering_tgt_alloc_from_to.c: x = 111; target map(alloc: x) map(from: x) map(to: x) map(alloc: x) { x = x + 111 } "CHECK: After tgt: 222" (DEBUG: the host-to-device move happens although alloc and from come before to; 6.0 §7.9.6: one storage block whose count becomes 1, so the to item copies in, and from copies back at 1). The kernel is split into a construct that reads 111 and one that writes 222, each with the test's maps; GCC's front ends reject a variable named twice in map clauses`,
    world: X111_WORLD,
    steps: [
      targetRead('a', [map('alloc', ['a']), map('from', ['a']), map('to', ['a']), map('alloc', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a']), map('from', ['a']), map('to', ['a']), map('alloc', ['a'])]),
      hostRead('a'),
      isPresent(v('a')),
    ],
    at: { 1: readAll(10, 111), 3: readAll(10, 222) },
    last: value(false),
  },
  {
    name: 'map_ordering_tgt_alloc_tofrom.c: target map(alloc) map(tofrom) map(alloc) of one variable copies it in and back',
    cite: `${T}map_ordering_tgt_alloc_tofrom.c: x = 111; target map(alloc: x) map(tofrom: x) map(alloc: x) { x = x + 111 } "CHECK: After tgt: 222" (6.0 §7.9.6). The kernel is split into a read of 111 and a write of 222, each with the test's maps`,
    world: X111_WORLD,
    steps: [
      targetRead('a', [map('alloc', ['a']), map('tofrom', ['a']), map('alloc', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a']), map('tofrom', ['a']), map('alloc', ['a'])]),
      hostRead('a'),
    ],
    at: { 1: readAll(10, 111) },
    last: readAll(10, 222),
  },
  {
    name: 'map_ordering_tgt_data_alloc_from.c: target data map(alloc) map(from) map(alloc) of one variable copies the kernel\'s value home at its end',
    cite: `${T}map_ordering_tgt_data_alloc_from.c: x = 111; target data map(alloc: x) map(from: x) map(alloc: x) { target map(present, alloc: x) x = 222 } "CHECK: After tgt data: 222" (6.0 §7.9.6: the from item is copied back when the count reaches zero at the region's end). The kernel's present modifier is left out, as in the alloc_tofrom row`,
    world: X111_WORLD,
    steps: [ompDataBegin([map('alloc', ['a']), map('from', ['a']), map('alloc', ['a'])]), targetWrite('a', 222, [map('alloc', ['a'])]), ompDataEnd, hostRead('a')],
    last: readAll(10, 222),
  },
  {
    name: 'map_ordering_tgt_data_alloc_to_from.c: target data map(alloc) map(to) map(from) map(alloc) of one variable copies it in at the start and back at the end',
    cite: `${T}map_ordering_tgt_data_alloc_to_from.c: x = 111; target data map(alloc: x) map(to: x) map(from: x) map(alloc: x) { target map(present, alloc: x) x = x + 111 } "CHECK: After tgt data: 222" (6.0 §7.9.6). The kernel is split into a read of 111 and a write of 222; its present modifier is left out`,
    world: X111_WORLD,
    steps: [
      ompDataBegin([map('alloc', ['a']), map('to', ['a']), map('from', ['a']), map('alloc', ['a'])]),
      targetRead('a', [map('alloc', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a'])]),
      ompDataEnd,
      hostRead('a'),
    ],
    at: { 2: readAll(10, 111) },
    last: readAll(10, 222),
  },
  {
    name: 'map_ordering_tgt_exit_data_from_delete_assumedsize.c: exit data map(from: element) map(delete: the array) of a count-2 entry copies the element home under K-B50 block',
    cite: `${T}map_ordering_tgt_exit_data_from_delete_assumedsize.c (-fopenmp-version=60): p1x = p2x = &x[1]; x[1] = 111; target data map(alloc: x) { target enter data map(alloc: x) map(to: x); target map(present, alloc: x) x[1] = 222; target exit data map(from: p2x[0]) map(delete: p1x[:]) "DEBUG: … falls within a range previously marked for deletion", "Moving … bytes (tgt) -> (hst)"; "CHECK: 222" } (llvm-offload, K-B50 block: the from item is copied although it comes first). p2x[0] is a(2:2); p1x[:], an assumed-size section that finds x's entry, is a. The text (K-B50 item, the default) and libgomp (K-B50 earlier: the delete comes after the from) do not copy (here 111); the kernel writes 222 to all of x, its present modifier left out`,
    world: X111_WORLD,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      ompEnter([map('alloc', ['a']), map('to', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a'])]),
      ompExit([map('from', ['a(2:2)']), map('delete', ['a'])]),
      hostRead('a(2:2)'),
      ompDataEnd,
    ],
    at: { 4: ok, 5: per(read(111), { 'llvm-offload': read(222), 'K-B50=block': read(222) }) },
    last: ok,
  },
  {
    name: 'ompx_hold/target-data.c (no ompx_hold, structured): nested target data regions keep m, r and d present until the outer one ends',
    cite: `${T}ompx_hold/target-data.c "check: dyn>0, hold=0", "structured dec of dyn": "CHECK: presence of m, r, d: 0, 0, 0"; target data map(tofrom: m) map(alloc: r, d) { 1, 1, 1; the same nested { 1, 1, 1 } 1, 1, 1 } 0, 0, 0 (6.0 §7.9.6 reference counts)`,
    world: MRD_WORLD,
    steps: [...presence, mrdData, ...presence, mrdData, ...presence, ompDataEnd, ...presence, ompDataEnd, ...presence],
    at: { 1: NO, 2: NO, 3: NO, 5: YES, 6: YES, 7: YES, 9: YES, 10: YES, 11: YES, 13: YES, 14: YES, 15: YES, 17: NO, 18: NO },
    last: NO,
  },
  {
    name: 'ompx_hold/target-data.c (no ompx_hold, dynamic): exit data from / release inside nested regions drops one reference; a delete ends the entry; the regions\' ends find nothing',
    cite: `${T}ompx_hold/target-data.c "check: dyn>0, hold=0", "dynamic dec/reset of dyn": target data map(tofrom: m) map(alloc: r, d) { same nested { 1, 1, 1; target exit data map(from: m) map(release: r) "CHECK-NEXT: presence of m, r, d: 1, 1, 1"; target exit data map(from: m) map(release: r) map(delete: d) 0, 0, 0 } 0, 0, 0; the same exit data again 0, 0, 0 } 0, 0, 0 (6.0 §7.9.6: one reference per construct; delete zeroes the count; exit of absent data does nothing)`,
    world: MRD_WORLD,
    steps: [
      mrdData,
      mrdData,
      ...presence,
      ompExit([map('from', ['m']), map('release', ['r'])]),
      ...presence,
      ompExit([map('from', ['m']), map('release', ['r']), map('delete', ['d'])]),
      ...presence,
      ompDataEnd,
      ...presence,
      ompExit([map('from', ['m']), map('release', ['r']), map('delete', ['d'])]),
      ...presence,
      ompDataEnd,
      ...presence,
    ],
    at: {
      3: YES,
      4: YES,
      5: YES,
      7: YES,
      8: YES,
      9: YES,
      11: NO,
      12: NO,
      13: NO,
      15: NO,
      16: NO,
      17: NO,
      18: ok,
      19: NO,
      20: NO,
      21: NO,
      23: NO,
      24: NO,
    },
    last: NO,
  },
  {
    name: 'padding_not_mapped.c: a struct member beside two entered members is not present; target update from of it does nothing; enter data map(present) of it is an error',
    cite: `${T}padding_not_mapped.c: struct S { int x; int y; double z; } s = {1, 2, 3}; target enter data map(alloc: s.y, s.z) "CHECK: s.x is present: 0"; target update from(s.x) "should have no effect", "CHECK: s.x = 1"; target enter data map(present, alloc: s.x) "CHECK: … 'present' map type modifier does not exist", "fatal error 1" (6.0 §7.9.6, §15.9: the member has no corresponding storage; the device's alignment padding does not give it any). s.x is c%n (5), s.y and s.z c%arr`,
    world: MEMBERS_OMP_WORLD,
    steps: [ompEnter([map('alloc', ['c%arr'])]), isPresent(v('c%n')), ompUpdate([motion('from', ['c%n'])]), hostRead('c%n'), ompEnter([map('alloc', ['c%n'], 'present')])],
    at: { 2: NO, 3: ok, 4: read(5) },
    last: err('omp_error_not_present'),
  },

  {
    name: 'present/target_data_at_exit.c: the present modifier of a target data region is checked at its start only: data deleted inside the region is no error at its end',
    cite: `llvm/llvm-project openmp/libomptarget/test/mapping/present/target_data_at_exit.c (the offload/ tree before the move): target enter data map(alloc: i); target data map(present, alloc: i) { target exit data map(delete: i) } "CHECK-NOT: Libomptarget", "CHECK: success" (6.0 §7.9.6: the present modifier is an entry check; an item absent at the exit is ignored)`,
    steps: [ompEnter([map('alloc', ['a'])]), ompDataBegin([map('alloc', ['a'], 'present')]), ompExit([map('delete', ['a'])]), ompDataEnd, isPresent(v('a'))],
    at: { 2: ok, 3: ok, 4: ok },
    last: NO,
  },
  {
    name: 'map_ordering_tgt_exit_data_delete_from_assumedsize.c: exit data map(delete: the array) map(from: element) of a count-2 entry copies the element home under K-B50 block and earlier',
    cite: `${T}map_ordering_tgt_exit_data_delete_from_assumedsize.c (-fopenmp-version=60): p1x = p2x = &x[0]; target data map(alloc: x) { target enter data map(alloc: x) map(to: x); target map(present, alloc: x) x[1] = 222; target exit data map(delete: p1x[:]) map(from: p2x[1]) "DEBUG: Found skipped FROM entry … within region being released", "CHECK: After tgt exit data: 222" } (llvm-offload, K-B50 block; libgomp K-B50 earlier: the delete comes first, gomp_decrement_refcount gives the from item do_copy). p1x[:] (an assumed-size section that finds x's entry) is a, p2x[1] a(2:2). The text's letter (K-B50 item, the default) does not copy (here 111); the kernel writes 222 to all of x, its present modifier left out`,
    world: X111_WORLD,
    steps: [
      ompDataBegin([map('alloc', ['a'])]),
      ompEnter([map('alloc', ['a']), map('to', ['a'])]),
      targetWrite('a', 222, [map('alloc', ['a'])]),
      ompExit([map('delete', ['a']), map('from', ['a(2:2)'])]),
      hostRead('a(2:2)'),
      ompDataEnd,
    ],
    at: { 4: ok, 5: per(read(111), { libgomp: read(222), 'llvm-offload': read(222), 'K-B50=block': read(222), 'K-B50=earlier': read(222) }) },
    last: ok,
  },
  // K-B55 `descriptor` (gcc-12): in mapcheck's Fortran form the arrays are pointer arrays, and a whole one the
  // region does not use keeps its data map without its descriptor, which no earlier map put on the device:
  // "always pointer not mapped" there (profiles/measured/probes-gcc-12-2026-12-06f.md).
  stoppedUnder({
    name: 'ompx_hold/target.c (no ompx_hold): a target construct alone leaves m, r and d absent after it; inside a target data region that maps them they stay present through a nested target construct',
    cite: `${T}ompx_hold/target.c "check: dyn>0, hold=0, dec dyn=0": "CHECK: presence of m, r, d: 0, 0, 0"; "once": target map(tofrom: m) map(alloc: r, d); "CHECK-NEXT: presence of m, r, d: 0, 0, 0"; "twice": target data map(tofrom: m) map(alloc: r, d) { 1, 1, 1; target map(tofrom: m) map(alloc: r, d); 1, 1, 1 } 0, 0, 0 (6.0 §7.9.6: the region's reference is the only one, so its end removes the entry; a nested construct adds one and drops it). The empty kernels are reads of m; the ompx_hold halves are left out (the language has no ompx_hold)`,
    world: MRD_WORLD,
    steps: [
      ...presence,
      targetRead('m', [map('tofrom', ['m']), map('alloc', ['r', 'd'])]),
      ...presence,
      mrdData,
      ...presence,
      targetRead('m', [map('tofrom', ['m']), map('alloc', ['r', 'd'])]),
      ...presence,
      ompDataEnd,
      ...presence,
    ],
    at: { 1: NO, 2: NO, 3: NO, 5: NO, 6: NO, 7: NO, 9: YES, 10: YES, 11: YES, 13: YES, 14: YES, 15: YES, 17: NO, 18: NO },
    last: NO,
  }, 'gcc-12', 4, err('fatal_lowering')),
  {
    name: 'map_ordering_tgt_alloc_from_to_assumedsize.c: target map(alloc) of the whole array, from and to of one element, alloc again: the element is copied in and back though the allocs come first',
    cite: `${T}map_ordering_tgt_alloc_from_to_assumedsize.c: int x[10]; x[1] = 111; xp1 = xp2 = &x[0]; target map(alloc: x[:]) map(from: xp1[1]) map(to: xp1[1]) map(alloc: xp2[:]) { printf x[1] "CHECK: 111"; x[1] += 111 } printf x[1] "CHECK: 222" (llvm-offload; 6.0 §7.9.6: one storage block, whose count goes from 0 to 1 on entry, so the to item's element is copied in, and from 1 to 0 at the end, so the from item's element is copied back). x[1] is a(2:2), x[:] and xp2[:] are a; the kernel is split into a read of 111 and a write of 222, each with the test's maps`,
    world: X111_WORLD,
    steps: [
      targetRead('a(2:2)', [map('alloc', ['a']), map('from', ['a(2:2)']), map('to', ['a(2:2)']), map('alloc', ['a'])]),
      targetWrite('a(2:2)', 222, [map('alloc', ['a']), map('from', ['a(2:2)']), map('to', ['a(2:2)']), map('alloc', ['a'])]),
      hostRead('a(2:2)'),
      isPresent(v('a')),
    ],
    at: { 1: read(111), 2: ok, 3: read(222) },
    last: NO,
  },
  {
    name: 'low_alignment.c (PASS 1): members written by a kernel that maps them from, inside a target data region that maps the whole struct, come home with the struct at the region\'s end',
    cite: `${T}low_alignment.c, the first half: struct S { int i; int j; } s = { 20, 30 }; target data map(tofrom: s) { target map(from: s.i, s.j) { s.i = 21; s.j = 31 } } "CHECK: PASS 1" (s.i == 21 && s.j == 31) (6.0 §7.9.6: the members are inside the struct's entry, so the kernel's from items copy nothing and the struct's tofrom copies them home at the region's end). s is c, s.i c%n, s.j c%arr; the second half (members used by a kernel that maps only another member) is left out: the text leaves such an access undefined`,
    world: MEMBERS_OMP_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['c'])]),
      targetWrite('c%n', 21, [map('from', ['c%n', 'c%arr'])]),
      targetWrite('c%arr', 31, [map('from', ['c%n', 'c%arr'])]),
      hostRead('c%n'),
      ompDataEnd,
      hostRead('c%n'),
      hostRead('c%arr'),
    ],
    at: { 2: ok, 3: ok, 4: read(5), 5: ok, 6: read(21) },
    last: readAll(4, 31),
  },
  {
    name: 'ptr_and_obj_motion.c: an entered array written by one kernel is found through a struct\'s pointer member by the next; exit data from brings the last write home',
    cite: `${T}ptr_and_obj_motion.c: vertexx[77] = 100; dv.dataptr = &vertexx[0]; target enter data map(to: vertexx[0:100]); init: target map(vertexx[0:100]) { "expected 100.0"; vertexx[77] = 77 }; change: target map(dvptr->dataptr[0:100]) map(alloc: dvptr->dataptr) { "expected 77.0"; dvptr->dataptr[77] += 1 }; target exit data map(from: vertexx[0:100]) "CHECK: Final: 78.0" (6.0 §7.9.6: the pointee is present, so the kernels' maps find it and copy nothing; the pointer is attached to it; exit data's from copies home). vertexx is a (1..10), dv c with c%p => a, element 77 a(8), dvptr->dataptr the pointer c (whose only storage is p); each kernel is split into a read and a write (77, then 78), the second through c%p`,
    world: SECTIONS_OMP_WORLD,
    steps: [
      ompEnter([map('to', ['a'])]),
      targetRead('a(8:8)', [map('tofrom', ['a'])]),
      targetWrite('a(8:8)', 77, [map('tofrom', ['a'])]),
      targetRead('c%p(8:8)', [map('tofrom', ['c%p']), map('alloc', ['c'])]),
      targetWrite('c%p(8:8)', 78, [map('tofrom', ['c%p']), map('alloc', ['c'])]),
      ompExit([map('from', ['a'])]),
      hostRead('a(8:8)'),
    ],
    at: { 2: read(8), 3: ok, 4: read(77), 5: ok, 6: ok },
    last: read(78),
  },
  ...(['to', 'from'] as const).flatMap((clause) => (['BEFORE', 'AFTER'] as const).map((ext) => updateExtension(clause, ext))),
  {
    name: 'ompx_hold/struct.c (no ompx_hold, "parent … RefCount=1 is not sufficient for transfer"): members mapped from / to by kernels inside two nested target data regions of the struct move nothing; the struct comes home at the outer end',
    cite: `${T}ompx_hold/struct.c, the checks "parent DynRefCount=1 is not sufficient for transfer" and "parent HoldRefCount=1 …" with every ompx_hold dropped (both are then: target data map(tofrom: s) twice, nested): "CHECK-NEXT: presence of s, s.i, s.j: 1, 1, 1"; target map(from: s.i, s.j) { s.i = 21; s.j = 31 } "CHECK-NEXT: values of s.i, s.j: 20, 30"; target map(to: s.i, s.j) reads "21, 31"; after both regions "0, 0, 0" and "21, 31" (6.0 §7.9.6: the members lie inside the struct's entry, whose count is 2, so neither the kernels' from nor their to copies; the outer end copies the struct home). s is c, s.i c%n (5 here, the test's 20), s.j c%arr (1..4, the test's 30); each kernel is split into one construct per member`,
    world: MEMBERS_OMP_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['c'])]),
      ompDataBegin([map('tofrom', ['c'])]),
      ...sPresence,
      targetWrite('c%n', 21, [map('from', ['c%n', 'c%arr'])]),
      targetWrite('c%arr', 31, [map('from', ['c%n', 'c%arr'])]),
      ...sPresence,
      hostRead('c%n'),
      hostRead('c%arr'),
      targetRead('c%n', [map('to', ['c%n', 'c%arr'])]),
      targetRead('c%arr', [map('to', ['c%n', 'c%arr'])]),
      ompDataEnd,
      ompDataEnd,
      ...sPresence,
      hostRead('c%n'),
      hostRead('c%arr'),
    ],
    at: { 3: YES, 4: YES, 5: YES, 6: ok, 7: ok, 8: YES, 9: YES, 10: YES, 11: read(5), 12: read(1, 2, 3, 4), 13: read(21), 14: readAll(4, 31), 17: NO, 18: NO, 19: NO, 20: read(21) },
    last: readAll(4, 31),
  },
  {
    name: 'unified_shared_memory/close_modifier.c: under unified shared memory a kernel\'s writes to data mapped close, to stay on the device; mapped close, tofrom they come home',
    cite: `${USM}close_modifier.c (#pragma omp requires unified_shared_memory): a[i] = 10; target map(close, to: alloc[:N], data[:N]) { alloc[i] += 1 } "CHECK: Address of alloc on device different from host address", "CHECK: Alloc host values not updated: Succeeded" (still 10); host alloc[i] += 1; target map(close, tofrom: …) { "CHECK: Alloc device values are correct" (11); alloc[i] += 1 } "CHECK: Alloc host values updated" (12). K-B8: the text (copies) and LLVM (self-unless-close: close gets device storage) copy; libgomp's self maps write the host at once (11 after the first kernel); GCC 12 ignores the requirement (K-B54), so its discrete device copies. alloc is a; data (b) behaves the same and is left out; each kernel is split into a read and a write`,
    world: USM_WORLD,
    steps: [
      targetWrite('a', 11, [map('to', ['a'], 'close')]),
      hostRead('a'),
      hostWrite('a', 11),
      targetRead('a', [map('tofrom', ['a'], 'close')]),
      targetWrite('a', 12, [map('tofrom', ['a'], 'close')]),
      hostRead('a'),
    ],
    at: { 2: per(readAll(10, 10), { libgomp: readAll(10, 11), 'gcc-12': readAll(10, 10), 'K-B8=self': readAll(10, 11) }), 4: readAll(10, 11) },
    last: readAll(10, 12),
  },
  {
    name: 'unified_shared_memory/close_enter_exit.c (enter / exit part): data entered close is written by a kernel and copied home by exit data from; then it is no longer present',
    cite: `${USM}close_enter_exit.c, last part (#pragma omp requires unified_shared_memory): target enter data map(close, to: a[:N]); target map(from: device_alloc) { a[0] = 99 } "CHECK: a has been mapped to the device"; target exit data map(from: a[:N]) (no close: the runtime must find that a has device storage) "CHECK: a[0]=99", "CHECK: a is present: 0" (6.0 §7.9.6: count 1 → 0, copied home, removed). libgomp's self maps (K-B8 self) write the host directly, and its omp_target_is_present answers true for any host address on a shared-memory device (K-B2 self-mapped); GCC 12 ignores the requirement (K-B54). The kernel writes a(1:1) only`,
    world: USM_WORLD,
    steps: [ompEnter([map('to', ['a'], 'close')]), targetWrite('a(1:1)', 99), ompExit([map('from', ['a'])]), hostRead('a(1:1)'), isPresent(v('a'))],
    at: { 2: ok, 3: ok, 4: read(99) },
    last: per(NO, { libgomp: YES, 'gcc-12': NO, 'K-B2=self-mapped,K-B8=self': YES }),
  },
  {
    name: 'unified_shared_memory/close_enter_exit.c (use_device part): under unified shared memory a target data region\'s use_device item is the host address without close (LLVM, libgomp) and a device address with close (LLVM); the text\'s maps copy (K-B8 copies)',
    cite: `${USM}close_enter_exit.c (#pragma omp requires unified_shared_memory): target data map(tofrom: a[:N]) use_device_ptr(a) { device_alloc = &a[0] } "CHECK: a used from unified memory with use_device_ptr" (the host address); target data map(close, tofrom: a[:N]) use_device_ptr(a) "CHECK: a used from device memory with use_device_ptr" (K-B8 self-unless-close). The text (K-B8 copies) gives device storage to both maps, libgomp's self maps (K-B8 self) to neither; GCC 12 ignores the requirement (K-B54: two device blocks). a is an array here, so use_device_addr(a) stands for use_device_ptr of the malloc'd pointer; the kernels' address checks are left out`,
    world: USM_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['a'])]),
      useDeviceBegin('a', 'da'),
      useDeviceEnd,
      ompDataEnd,
      ompDataBegin([map('tofrom', ['a'], 'close')]),
      useDeviceBegin('a', 'dc'),
      useDeviceEnd,
      ompDataEnd,
    ],
    at: {
      2: per(dev(1), { 'llvm-offload': hostPtr(A), libgomp: hostPtr(A), 'gcc-12': dev(1) }),
      6: per(dev(2), { 'llvm-offload': dev(1), libgomp: hostPtr(A), 'gcc-12': dev(2) }),
    },
    last: ok,
  },
  {
    name: 'unified_shared_memory/shared_update.c: under unified shared memory a kernel\'s writes to implicitly mapped data reach the host, and the host\'s later writes reach the next kernel',
    cite: `${USM}shared_update.c (#pragma omp requires unified_shared_memory): target { alloc[i] += 1; data[i] += 1 } "CHECK: Alloc device values updated: Succeeded" (11), "Data device values updated" (2); host alloc[i] += 1, data[i] += 1; target { … } "CHECK: Alloc host values updated: Succeeded" (12), "Data host values updated" (3). Under every K-B8 reading: self maps share the storage, and distinct storage is copied in and back by the implicit tofrom maps (6.0 §7.9.3). alloc is a, data b; each kernel is split into one construct per array; the address checks are left out`,
    world: USM_WORLD,
    steps: [targetWrite('a', 11), targetWrite('b', 2), hostRead('a'), hostRead('b'), hostWrite('a', 12), hostWrite('b', 3), targetRead('a'), targetRead('b')],
    at: { 3: readAll(10, 11), 4: readAll(10, 2), 7: readAll(10, 12) },
    last: readAll(10, 3),
  },
  {
    name: 'declare_mapper_target.cpp: target map(mapper(id), tofrom: c) maps the pointee through the mapper, so the kernel\'s increments come home',
    cite: `${T}declare_mapper_target.cpp: c.a[i] = 1; target teams distribute parallel for map(mapper(id), tofrom: c) { ++c.a[i] } "CHECK: Sum = 2048" (every element 2). 6.0 §7.9.10, §7.9.2: the clause's tofrom keeps each mapper item's type: c alloc, c%p tofrom, so a is copied in and back and c%p attached (§7.9.6). The kernel is split into a read of 1 and a write of 2, each with the test's map; ${MAPPER_NOTE}`,
    world: MAPPER_ID_WORLD,
    steps: [targetRead('c%p', [map('tofrom', ['c'])]), targetWrite('c%p', 2, [map('tofrom', ['c'])]), hostRead('a'), isPresent(v('a'))],
    at: { 1: readAll(4, 1), 3: readAll(4, 2) },
    last: NO,
  },
  {
    name: 'declare_mapper_target_data.cpp: target data map(mapper(id), tofrom: c) around a kernel that names c implicitly: the increments come home at the region\'s end',
    cite: `${T}declare_mapper_target_data.cpp: target data map(mapper(id), tofrom: c) { target teams distribute parallel for { ++c.a[i] } } "CHECK: Sum = 2048" (6.0 §7.9.10: the region maps c and a through the mapper; the kernel's implicit map of c (§7.9.3) finds both present and copies nothing; the region's end copies a home). The kernel is split into a read of 1 and a write of 2; ${MAPPER_NOTE}`,
    world: MAPPER_ID_WORLD,
    steps: [ompDataBegin([map('tofrom', ['c'])]), targetRead('c%p'), targetWrite('c%p', 2), hostRead('a'), ompDataEnd, hostRead('a')],
    at: { 2: readAll(4, 1), 4: readAll(4, 1) },
    last: readAll(4, 2),
  },
  {
    name: 'declare_mapper_target_data_enter_exit.cpp: enter data map(mapper(id), to: c), a kernel, exit data map(mapper(id), from: c): the pointee goes in and comes home through the mapper',
    cite: `${T}declare_mapper_target_data_enter_exit.cpp: target enter data map(mapper(id), to: c); target teams distribute parallel for { ++c.a[i] }; target exit data map(mapper(id), from: c) "CHECK: Sum = 2048" (6.0 §7.9.2 decay: to makes the mapper's alloc item storage and keeps c%p's tofrom as to; from keeps it as from, so a is copied in at the enter and home at the exit). The kernel is split into a read of 1 and a write of 2; ${MAPPER_NOTE}`,
    world: MAPPER_ID_WORLD,
    steps: [ompEnter([map('to', ['c'])]), targetRead('c%p'), targetWrite('c%p', 2), ompExit([map('from', ['c'])]), hostRead('a'), isPresent(v('c'))],
    at: { 2: readAll(4, 1), 5: readAll(4, 2) },
    last: NO,
  },
  {
    name: 'declare_mapper_target_update.cpp: target update from / to (mapper(id): c) move the pointee only, as the mapper\'s tofrom item decays to the motion\'s direction',
    cite: `${T}declare_mapper_target_update.cpp: c.a[i] = 1; target enter data map(mapper(id), alloc: c); kernel { c.a[i] = 0 }; target update from(mapper(id): c) "CHECK: Sum (after first update from) = 0"; host c.a[i] = 1; target update to(mapper(id): c); kernel { ++c.a[i] } "CHECK: Sum (after update to) = 1024" (the host keeps 1); target update from(mapper(id): c) "CHECK: Sum (after second update from) = 2048"; target exit data map(mapper(id), delete: c) (6.0 §15.9 with §7.9.10: a motion clause through a mapper updates the items whose decayed type is its direction, c%p's tofrom; the alloc item c is not updated). The second kernel is split into a read of 1 and a write of 2; ${MAPPER_NOTE}`,
    world: MAPPER_ID_WORLD,
    steps: [
      ompEnter([map('alloc', ['c'])]),
      targetWrite('c%p', 0),
      ompUpdate([motion('from', ['c'])]),
      hostRead('a'),
      hostWrite('a', 1),
      ompUpdate([motion('to', ['c'])]),
      targetRead('c%p'),
      targetWrite('c%p', 2),
      hostRead('a'),
      ompUpdate([motion('from', ['c'])]),
      hostRead('a'),
      ompExit([map('delete', ['c'])]),
      isPresent(v('a')),
    ],
    at: { 2: ok, 3: ok, 4: readAll(4, 0), 6: ok, 7: readAll(4, 1), 9: readAll(4, 1), 11: readAll(4, 2), 12: ok },
    last: NO,
  },
  {
    name: 'mapper_map_ptr_ptee_nomapper_del_ptee.c: enter data of a struct through map(s.p, s.p[0:10]) maps pointer and pointee as two blocks; deleting the pointee leaves the pointer mapped',
    cite: `${T}mapper_map_ptr_ptee_nomapper_del_ptee.c: declare mapper(default : S s) map(s.p, s.p[0 : 10]); s1.p = x; target enter data map(alloc: s1) "CHECK: p is present", "p[0] is present"; target exit data map(delete: s1.p[0 : 10]) (no mapper: a member section) "CHECK: p is present", "p[0] is not present"; target exit data map(delete: s1.p) "CHECK: p is not present", "p[0] is not present" (6.0 §7.9.6: s1 and x are separate storage blocks with their own counts). s1 is c (its one member p), x is a (scaled to 4); the last exit names c, which goes through the mapper here, and its c%p item then finds nothing; ${MAPPER_NOTE}`,
    world: MAPPER_DEFAULT_WORLD,
    steps: [
      ompEnter([map('alloc', ['c'])]),
      isPresent(v('c')),
      isPresent(v('a')),
      ompExit([map('delete', ['c%p'])]),
      isPresent(v('c')),
      isPresent(v('a')),
      ompExit([map('delete', ['c'])]),
      isPresent(v('c')),
      isPresent(v('a')),
    ],
    at: { 2: YES, 3: YES, 4: ok, 5: YES, 6: NO, 7: ok, 8: NO },
    last: NO,
  },
  {
    name: 'mapper_map_always_from.c: the always modifier of map(always, from: s) passes to the mapper\'s s.y item, so a member already mapped is copied home at the end of the target region',
    cite: `${T}mapper_map_always_from.c: declare mapper(default : S s) map(tofrom : s.y); s.y = 0; target enter data map(alloc: s.y); target map(always, from: s) { s.y = 111 } "CHECK: s.y = 111" ("ALWAYS forces s.y back even though it is still mapped"); target exit data map(delete: s.y). 6.0 §7.9.10: the clause's modifiers go to each mapper item, §7.9.2: from keeps the tofrom item as from, §7.9.6: always copies whatever the count. s is c with members x, y, z; ${MAPPER_NOTE}`,
    world: MAPPER_Y_WORLD,
    steps: [ompEnter([map('alloc', ['c%y'])]), targetWrite('c%y', 111, [map('from', ['c'], 'always')]), hostRead('c%y'), ompExit([map('delete', ['c%y'])]), isPresent(v('c%y'))],
    at: { 2: ok, 3: read(111), 4: ok },
    last: NO,
  },
  {
    name: 'mapper_map_always_to_enter_data.c: enter data map(always, to: s) through the mapper copies the already mapped s.y to the device',
    cite: `${T}mapper_map_always_to_enter_data.c: declare mapper(default : S s) map(tofrom : s.y); s.y = 0; target enter data map(alloc: s.y); the device copy set to 0 (omp_get_mapped_ptr and omp_target_memcpy); s.y = 111; target enter data map(always, to: s); the device copy read back with omp_target_memcpy "CHECK: device s.y = 111"; target exit data map(delete: s.y) (6.0 §7.9.10 with §7.9.2 and §7.9.6: the always modifier passes to the mapper's item, so the to copies although the count is above 0). Here target update to(s.y) sets the device copy to 0 and a kernel that finds s.y present reads it; ${MAPPER_NOTE}`,
    world: MAPPER_Y_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%y'])]),
      ompUpdate([motion('to', ['c%y'])]),
      targetRead('c%y'),
      hostWrite('c%y', 111),
      ompEnter([map('to', ['c'], 'always')]),
      targetRead('c%y'),
      ompExit([map('delete', ['c%y'])]),
    ],
    at: { 3: read(0), 5: ok, 6: read(111) },
    last: ok,
  },
  {
    name: 'mapper_target_update_present_ptee.c (in bounds, -fopenmp-version=60): target update to(present: s) through a mapper of s.y and s.p[0:2] inside a region mapping s.y and x copies both; the kernel\'s writes come home',
    cite: `${T}mapper_target_update_present_ptee.c (-fopenmp-version=60, no OUT_OF_BOUNDS): x[0] = 111; s.y = 111; s.p = &x[0]; declare mapper(S s) map(s.y, s.p[0 : 2]); target data map(from: s.y, x) { target update to(present: s); target data use_device_addr(s, x) target has_device_addr(s, x) { s.y += 222; x[0] += 222 } } "CHECK-60: 333 333" (6.0 §15.9, §7.9.10: the motion goes to the mapper's items, each present). The use_device_addr / has_device_addr kernel is written as kernels that find s.y and x[0] present: reads of 111 (the update's copies; the from maps left the device copies indeterminate), then writes of 333`,
    world: MAPPER_YP_WORLD,
    steps: [
      ompDataBegin([map('from', ['c%y', 'a'])]),
      ompUpdate([motion('to', ['c'], true)]),
      targetRead('c%y'),
      targetRead('a(1:1)'),
      targetWrite('c%y', 333),
      targetWrite('a(1:1)', 333),
      ompDataEnd,
      hostRead('a(1:1)'),
      hostRead('c%y'),
    ],
    at: { 2: ok, 3: read(111), 4: read(111), 8: read(333) },
    last: read(333),
  },
  {
    name: 'mapper_target_update_present_ptee.c (OUT_OF_BOUNDS, -fopenmp-version=60 and =52): the present modifier of target update to(present: s) reaches the mapper\'s pointee section, which is not present: runtime error (libgomp: its partial-update abort first, K-B40 error); at 5.2 it reaches only the struct\'s storage and the update completes (K-B65)',
    cite: `${T}mapper_target_update_present_ptee.c -DOUT_OF_BOUNDS (-fopenmp-version=60): declare mapper(S s) map(s.y, s.p[0 : 20]) with only x[0 : 10] mapped: target update to(present: s) "CHECK-60-OOB: message: device mapping required by 'present' motion modifier does not exist for host address … (… bytes)", "fatal error 1" (6.0 §15.9: the present motion modifier on an item without a corresponding list item). Scaled: the mapper keeps s.p[0 : 2] (c%p(1:2)) and the region maps only x[0] (a(1:1)), so the section reaches past the mapped storage as s.p[0 : 20] does. libgomp's gomp_update meets the partly present section before any present check: "Trying to update [..) object when only [..) is mapped" (K-B40 error, as in the present/target_update_array_extension.c rows). The -fopenmp-version=52 runs (present not passed to the pointee, "CHECK-52-OOB: done") are left out; ${MAPPER_NOTE}`,
    world: MAPPER_YP_WORLD,
    steps: [ompDataBegin([map('from', ['c%y', 'a(1:1)'])]), ompUpdate([motion('to', ['c'], true)])],
    at: { 1: ok },
    last: per(err('omp_error_not_present'), {
      libgomp: err('fatal_partial_update'),
      'K-B40=error': err('fatal_partial_update'),
      // K-B65 struct-storage (-fopenmp-version=52: "CHECK-52-OOB: done"; the partly present pointee
      // is skipped, K-B40 skip) and clang 16's mapper, which passes the modifier to no item.
      'spec-omp-5.2': ok,
      'K-B65=struct-storage': ok,
      'K-B65=dropped': ok,
    }),
  },
  {
    name: 'mapper_map_ptee_then_present_absent_mbr.c: with only the pointee s1.p[0:10] mapped, target enter data map(present, alloc: s1) through a mapper of s.x and s.p[0:10]: s.x is not present, a runtime error wherever the modifier reaches the struct\'s items; today\'s LLVM passes it to no item of a map clause (K-B65)',
    cite: `${T}mapper_map_ptee_then_present_absent_mbr.c: int x[10]; S { int x; int dummy[10000]; int *p } s1 with s1.p = x; declare mapper(default: S s) map(s.x, s.p[0 : 10]); target enter data map(alloc: s1.p[0 : 10]) ("x is not present", "p[0] is present"); target enter data map(present, alloc: s1) "CHECK: present check passed", with "FIXME: … The mapper emits the s.x member component WITHOUT the PRESENT bit … EXPECTED: the present check should FAIL"; target exit data map(delete: s1). s1.x is c%n, x is a (6.0 §7.9.10 with §7.9.6: the clause's present modifier goes to the mapper's item s.x, which is not present)`,
    world: { ...MEMBERS_OMP_WORLD, structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }], init: { p: 'a' } }], mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%n', 'c%p'] }] }] },
    steps: [ompEnter([map('alloc', ['c%p'])]), isPresent(v('c%n')), isPresent(v('a')), ompEnter([map('alloc', ['c'], 'present')]), ompExit([map('delete', ['c'])])],
    at: { 1: ok, 2: value(false), 3: value(true), 4: per(err('omp_error_not_present'), { 'llvm-offload': ok, 'K-B65=motion-only': ok, 'K-B65=dropped': ok }) },
    last: per(HALTED, { 'llvm-offload': ok, 'K-B65=motion-only': ok, 'K-B65=dropped': ok }),
  },
  {
    name: 'mapper_map_mbr_then_present_mbr_ptee.c: with only s1.x mapped, target enter data map(present, alloc: s1) through a mapper of s.x and s.p[0:10]: the pointee is not present, a runtime error once the modifier reaches it (6.0); at 5.2, and in today\'s LLVM at 6.0, the run completes (K-B65)',
    cite: `${T}mapper_map_mbr_then_present_mbr_ptee.c: int x[10]; S { int x; int dummy[10000]; int *p } s1 with s1.p = x; declare mapper(default: S s) map(s.x, s.p[0 : 10]); target enter data map(alloc: s1.x) ("x is present", "dummy is not present", "p is not present", "p[0] is not present"); target enter data map(present, alloc: s1); "CHECK-52: done", "CHECK-60: done" with "FIXME: PRESENT is not propagated to the pointee yet … EXPECTED (6.0): the present check fails for the absent pointee s1.p[0:10]". s1.x is c%n, dummy is c%arr, x is a (6.0 §7.9.10 with §7.9.6 present modifier: the clause's modifier goes to every item of the mapper)`,
    world: { ...MEMBERS_OMP_WORLD, structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }], init: { p: 'a' } }], mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%n', 'c%p'] }] }] },
    steps: [ompEnter([map('alloc', ['c%n'])]), isPresent(v('c%n')), isPresent(v('c%arr')), isPresent(v('a')), ompEnter([map('alloc', ['c'], 'present')])],
    at: { 1: ok, 2: value(true), 3: value(false), 4: value(false) },
    last: per(err('omp_error_not_present'), { 'spec-omp-5.2': ok, 'llvm-offload': ok, 'K-B65=struct-storage': ok, 'K-B65=motion-only': ok, 'K-B65=dropped': ok }),
  },
  {
    name: 'map_ptr_and_star_local.c / map_ptr_and_subscript_local.c (the enter / exit data around the kernels): a pointer entered, then its target: both have a device address, and exit data map(always, from: p) does not bring the attached device address home (K-B23)',
    cite: `${T}map_ptr_and_star_local.c and map_ptr_and_subscript_local.c: int x[10]; int *p = &x[0]; p[0] = 111; target enter data map(to: p); target enter data map(to: p[0 : 5]); "CHECK: p_mappedptr != null", "CHECK: x0_mappedptr != null" (omp_get_mapped_ptr of &p and &x[0]); … target exit data map(always, from: p) ("should not bring back p, because p is an attached pointer") printf p[0], p == &x[0] "CHECK: 111 1"; target exit data map(delete: p[0 : 5], p). The kernels in between, which advance p on the device (p++), are left out. p is the plain pointer p, x is a. 6.0 §7.9.6: the second enter data creates the target's storage, so p's corresponding pointer is attached; the exit's from copies the corresponding p back as if by target update from, the device address (K-B23 device-value, the text: the host's p is then a device address, undefined at the read); libgomp and LLVM keep the host value (restore)`,
    world: { arrays: [{ name: 'a', length: 10, init: 111 }], structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }], devices: [{ kind: 'discrete' }] },
    steps: [
      ompEnter([map('to', ['p'])]),
      ompEnter([map('to', ['p%p(1:5)'])]),
      mappedPtr(v('p')),
      mappedPtr(v('a')),
      ompExit([map('from', ['p'], 'always')]),
      hostRead('p%p(1:1)'),
      ompExit([map('delete', ['p%p(1:5)', 'p'])]),
    ],
    at: { 3: dev(1, 0), 4: dev(2, 0), 5: ok, 6: per(UNDEF, { libgomp: read(111), 'llvm-offload': read(111), 'K-B23=restore': read(111) }) },
    last: per(HALTED, { libgomp: ok, 'llvm-offload': ok, 'K-B23=restore': ok }),
  },
  {
    name: 'present/unified_shared_memory.c: under requires unified_shared_memory, target map(present, alloc: i) runs inside a region mapping i and on its own: LLVM\'s self map comes before the present check (K-B66); the text stops at the second',
    cite: `${T}present/unified_shared_memory.c (#pragma omp requires unified_shared_memory): int i; target data map(alloc: i) target map(present, alloc: i) ; "CHECK: i is present"; target map(present, alloc: i) ; "CHECK: is present", "CHECK-NOT: omptarget" (getTargetPointer's unified-shared-memory branch precedes the present check). i is a; the empty kernels write a. The text (6.0 §7.9.6): on entry to the second construct a is not present in the device data environment, runtime error termination; libgomp's self maps (K-B8 self) pass it too (K-B66 self-present: its target-present tests fail only on a device with its own address space)`,
    world: USM_WORLD,
    steps: [ompDataBegin([map('alloc', ['a'])]), targetWrite('a', 4, [map('alloc', ['a'], 'present')]), ompDataEnd, targetWrite('a', 5, [map('alloc', ['a'], 'present')]), hostRead('a')],
    at: { 1: ok, 2: ok, 3: ok, 4: per(err('omp_error_not_present'), { libgomp: ok, 'llvm-offload': ok }) },
    last: per(HALTED, { libgomp: readAll(10, 5), 'llvm-offload': readAll(10, 5) }),
  },
  {
    name: 'unified_shared_memory/close_member.c: a struct entered close, written by a kernel, and exited by from items of its members comes home and is gone',
    cite: `${USM}close_member.c (#pragma omp requires unified_shared_memory): s = {10, 20}; target enter data map(close, to: s); target map(alloc: s) { s.x = 11; s.y = 21 }; target exit data map(from: s.x, s.y) "CHECK: s.x=11, s.y=21", "CHECK: present: 0" (6.0 §7.9.6: the members are one block inside s's entry, whose count goes 1 → 0 at the exit, so they are copied home and the entry removed). libgomp's self maps (K-B8 self) write the host directly and its omp_target_is_present is true for host memory (K-B2 self-mapped); GCC 12 ignores the requirement (K-B54). The kernel is split into one construct per member`,
    world: USM_XY_WORLD,
    steps: [
      ompEnter([map('to', ['c'], 'close')]),
      targetWrite('c%x', 11, [map('alloc', ['c'])]),
      targetWrite('c%y', 21, [map('alloc', ['c'])]),
      ompExit([map('from', ['c%x', 'c%y'])]),
      hostRead('c%x'),
      hostRead('c%y'),
      isPresent(v('c')),
    ],
    at: { 4: ok, 5: read(11), 6: read(21) },
    last: per(NO, { libgomp: YES, 'gcc-12': NO, 'K-B2=self-mapped,K-B8=self': YES }),
  },
  {
    name: 'unified_shared_memory/declare_target_map_extent.c: maps of a declare target array under unified shared memory: a plain tofrom map reaches the host only where the variable is the host\'s storage (LLVM, libgomp); close maps of it and of a leading section then update from bring the kernels\' writes home',
    cite: `${USM}declare_target_map_extent.c (#pragma omp requires unified_shared_memory): declare target double base[10] = {0}; target map(tofrom: base[0:10]) { base[0] = 7 } "CHECK: plain whole-array map: base[0] = 7.000000"; target map(close, alloc: base[0:10]) { base[3] = 5 }; target update from(base) "CHECK: close whole-array map: base[3] = 5.000000"; target map(close, alloc: base[0:9]) { base[1] = 99 }; target update from(base) "CHECK: close leading subsection: base[1] = 99.000000" (no "explicit extension not allowed" abort). For the text (K-B8 copies; 6.0 §7.9.7: the declare target variable has device storage with an infinite count, so the tofrom map copies nothing) and GCC 12 (K-B54: a discrete device) base[0] stays 0 until the first update from; LLVM uses the host storage for a declare target variable under unified shared memory, and libgomp self-maps it (K-B8 self). base is a with 4-byte elements`,
    world: USM_BASE_WORLD,
    steps: [
      declareTarget(['enter', 'a']),
      targetWrite('a(1:1)', 7, [map('tofrom', ['a'])]),
      hostRead('a(1:1)'),
      targetWrite('a(4:4)', 5, [map('alloc', ['a'], 'close')]),
      ompUpdate([motion('from', ['a'])]),
      hostRead('a(4:4)'),
      targetWrite('a(2:2)', 99, [map('alloc', ['a(1:9)'], 'close')]),
      ompUpdate([motion('from', ['a'])]),
      hostRead('a(1:4)'),
    ],
    at: { 2: ok, 3: per(read(0), { 'llvm-offload': read(7), libgomp: read(7), 'gcc-12': read(0) }), 4: ok, 6: read(5), 7: ok },
    last: read(7, 99, 0, 5),
  },
  {
    name: 'device_ptr_update.c: enter data and a target construct map only s1.p[0:10]; the kernel writes through s1.p and exit data from brings the values home (clang 16\'s word of s1, K-B47 member-word; the text gives s1 no storage, so the kernel\'s s1.p has no corresponding pointer)',
    cite: `${T}device_ptr_update.c: struct S { int *p; } s1 with s1.p = A; target enter data map(alloc: s1.p[0:10]) ("DEBUG: Update pointer"); target map(alloc: s1.p[0:10]) { s1.p[i] = i } ("DEBUG-NOT: Update pointer" again); target exit data map(from: s1.p[0:10]); "CHECK-NOT: Test A failed" (A[i] == i). s1 is c, A is a, i is 5 here. clang 16 maps the struct's combined entry for s1.p (K-B47 member-word), and libomptarget attaches through it (a PTR_AND_OBJ entry's pointer is looked up by its own 8 bytes); under the text and K-B47 pointee-only nothing maps s1 (6.0 §7.9.6), the kernel's reference to s1.p has no corresponding storage (undefined); gfortran 12's always pointer aborts (K-B42); GCC 12's C front end maps s1 tofrom implicitly beside the items (K-B63 implicit, profiles/gcc-12-c.json), so the kernel attaches through it and the test passes there too`,
    steps: [assign('c%p', 'a'), ompEnter([map('alloc', ['c%p'])]), targetWrite('c%p', 5, [map('alloc', ['c%p'])]), ompExit([map('from', ['c%p'])]), hostRead('a')],
    // K-B63 `implicit` alone: c comes home at the target's end holding the device address (K-B23
    // `device-value`), which exit data then meets; with libgomp's counted detach (K-B7) the host
    // value is written back first.
    at: {
      2: ok,
      // gcc-12: the enter data mapped c%p's descriptor (K-B47 descriptor), so the target construct's
      // always pointer finds it (K-B42 does not stop it); the exit data from of the whole member
      // stops (K-B53 abort).
      3: per(ok, { 'K-B63=named': UNDEF, 'K-B47=member-word,K-B63=named': ok, 'K-B63=implicit': ok, 'K-B63=implicit,K-B7=counted': ok }),
      4: per(UNDEF, { libgomp: ok, 'llvm-offload': ok, 'gcc-12': err('fatal_lowering'), 'K-B63=named': HALTED, 'K-B47=member-word,K-B63=named': ok, 'K-B63=implicit': UNDEF, 'K-B63=implicit,K-B7=counted': ok }),
    },
    last: per(HALTED, { libgomp: readAll(10, 5), 'gcc-12': HALTED, 'llvm-offload': readAll(10, 5), 'K-B47=member-word,K-B63=named': readAll(10, 5), 'K-B63=implicit,K-B7=counted': readAll(10, 5) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
