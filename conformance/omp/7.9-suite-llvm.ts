// Scenarios from LLVM's offload testsuite (llvm/llvm-project, offload/test/mapping), OpenMP 6.0 §7.9
// Data-Mapping Control: items absent or partly present at exit, the present modifier, zero-length
// sections and declare target variables. Each row names the test and its CHECK lines, which give the
// llvm-offload expectation; the other profiles' expectation is the text's (6.0 §7.9.6, §15.6,
// §15.9), written by hand, with libgomp's where its source differs (profiles/builtin.ts evidence).

import { err, per, readAll, read, section, value, type Row } from '../rows.js';
import { declareTarget, hostRead, isPresent, map, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetWrite, v } from '../steps.js';
import { MEMBERS_OMP_WORLD, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'llvm/llvm-project offload/test/mapping/';

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

const rows: Row[] = [
  {
    name: 'data_absent_at_exit.c (target data): items deleted inside a target data region are ignored at its end, always from included',
    cite: `${T}data_absent_at_exit.c: target data map(from: f) map(always, from: af) { target exit data map(delete: f, af) } "CHECK: f = 5, af = 8" (the host values)`,
    steps: [ompDataBegin([map('from', ['a']), map('from', ['b'], 'always')]), ompExit([map('delete', ['a', 'b'])]), ompDataEnd, hostRead('a'), hostRead('b')],
    at: { 4: readAll(10, 1) },
    last: readAll(10, 2),
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
    at: { 2: value(true), 3: value(false), 4: value(false), 5: value(true), 7: value(false), 8: value(false), 9: value(false) },
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
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (scenarios of the LLVM offload testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
