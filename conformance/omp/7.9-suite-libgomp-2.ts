// More scenarios from GCC's own OpenMP testsuite (gcc-mirror/gcc, libgomp/testsuite/
// libgomp.c-c++-common, libgomp.c with its examples-4 and libgomp.fortran), OpenMP 6.0 §7.9
// Data-Mapping Control, next to conformance/omp/7.9-suite-libgomp.ts: pointer attachment of plain
// pointers, struct members and elements of an array of structs on a target construct, and what
// the host pointer holds once the pointer's own storage has gone home (K-B23); pointers mapped
// while null and associated later; structure elements moved by enter data, target update and exit
// data; zero-length sections inside a mapped array; declare target (to and link) variables with
// to, always to and target update; use_device_ptr; omp_target_is_accessible (with and without
// unified shared memory) and the associate / memcpy routines around a kernel; the if clause of a
// target data region. Each row names the test and the asserts (or stop codes) that give the
// libgomp expectation, and gcc-12's where GCC 12's readings (profiles/builtin.ts, gfortran's
// lowering) part from recent libgomp; the other profiles' expectation is the text's (6.0 §7.9.6 and
// the sections named), written by hand with the knob readings each profile takes. The language
// maps 4-byte elements and one kernel action per target construct, so a kernel that reads and
// writes is split into one construct per action, and computed values become constants. The tests
// looked at and left out, and the scenario whose evidence the engines do not follow, are recorded
// in README.md "Suite-derived rows".
import { HALTED, UNDEF, dev, err, ok, per, read, readAll, section, stoppedUnder, value, type Row } from '../rows.js';
import {
  HOST,
  alloc,
  assign,
  associate,
  declareTarget,
  disassociate,
  free,
  h,
  hostRead,
  hostWrite,
  isAccessible,
  isPresent,
  map,
  memcpy,
  motion,
  ompDataBegin,
  ompDataEnd,
  ompEnter,
  ompExit,
  ompUpdate,
  targetPointer,
  targetRead,
  targetWrite,
  useDeviceBegin,
  useDeviceEnd,
  v,
} from '../steps.js';
import { OMP_WORLD, PLAIN_OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c-c++-common/';
const TC = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c/';
const TF = 'gcc-mirror/gcc libgomp/testsuite/libgomp.fortran/';
const TE = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c/examples-4/';

const YES = value(true);
const NO = value(false);
const ZERO = value(0);

/** ptr-attach-1.c's `S s = { 0 }; s.ptr = ptr`: struct c with pointer p => a (10 × 0), then s.a as c%n and s.b, s.c, s.d as c%arr(1:3), all 0. */
const ATTACH_STRUCT_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 0 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' }, fields: [{ name: 'n', init: 0 }, { name: 'arr', length: 3, init: 0 }] }],
  devices: [{ kind: 'discrete' }],
};
/** ptr-attach-1.c's second target construct: map(s, s.ptr[:N]), tofrom by default. */
const ATTACH_STRUCT_MAPS = [map('tofrom', ['c', 'c%p'])];

/** map-arrayofstruct-1.c's `struct st s[2]` with s[0].p, s[1].p calloc'd 5 ints each: cs(2) with cs(1)%p => a, cs(2)%p => b. */
const AOS_WORLD: World = {
  arrays: [
    { name: 'a', length: 5, init: 0 },
    { name: 'b', length: 5, init: 0 },
  ],
  structs: [{ name: 'cs', pointers: ['p'], count: 2, init: { '(1)%p': 'a', '(2)%p': 'b' } }],
  devices: [{ kind: 'discrete' }],
};

/** target-23.c's struct S { int s; int *u; int v[5]; } = { 9, u + 3, { 10, …, 14 } }: s.s is c%n, s.v c%arr (the pointer member is left out). */
const TARGET23_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 9 }, { name: 'arr', length: 5, init: [10, 11, 12, 13, 14] }] }],
  devices: [{ kind: 'discrete' }],
};
/** target-23.c's target construct: map(alloc: s.s, s.v[1:3]). */
const TARGET23_MAPS = [map('alloc', ['c%n', 'c%arr(2:4)'])];

/** target-enter-data-5.f90: `integer :: ii(5)` and dt%ic(2:5) as c%arr(4), all 0. */
const TED5_WORLD: World = {
  arrays: [{ name: 'ii', length: 5, init: 0 }],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'arr', length: 4, init: 0 }] }],
  devices: [{ kind: 'discrete' }],
};
/** target-enter-data-5.f90: dt%pc => a 5-element allocation (a), 0. */
const TED5_POINTER_WORLD: World = {
  arrays: [{ name: 'a', length: 5, init: 0 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/** target-12.f90's `integer :: q(0:127)` with q(i) = i, scaled to 10 elements; one discrete device. */
const Q_WORLD: World = { arrays: [{ name: 'q', length: 10, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] }], structs: [], devices: [{ kind: 'discrete' }] };

/** target-15.c foo: x[15] = 4 i, a[10] = 7 i, b[15] = 8 i. */
const TARGET15_WORLD: World = {
  arrays: [
    { name: 'x', length: 15, init: Array.from({ length: 15 }, (_, i) => 4 * i) },
    { name: 'a', length: 10, init: Array.from({ length: 10 }, (_, i) => 7 * i) },
    { name: 'b', length: 15, init: Array.from({ length: 15 }, (_, i) => 8 * i) },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};
const TARGET15_MAPS = [map('to', ['x(6:15)', 'a(1:10)', 'b(6:15)'])];

/** target-is-accessible-1.c: `int a[128]` (10 here) and shared_mem (0); device 0 discrete, device 1 shares memory with the host, the host is device 2. */
const ACCESSIBLE_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 0 },
    { name: 'sm', length: 1, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }, { kind: 'shared' }],
};

/** target-18.c's second block: a[4] = 23 + i; b stands for what the is_device_ptr kernel reads. */
const TARGET18_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: [23, 24, 25, 26] },
    { name: 'b', length: 4, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** target-26.c: declare target int a[4] = { 2, 3, 4, 5 }. */
const TARGET26_WORLD: World = { arrays: [{ name: 'a', length: 4, init: [2, 3, 4, 5] }], structs: [], devices: [{ kind: 'discrete' }] };

/** target-24.c: int a[10] = { 0, …, 9 } (b = a) and shared_mem; one discrete device, so shared_mem stays 0. */
const TARGET24_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { name: 'sm', length: 1, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** target-27.c: int x = 0, y = 0, z = 0; one discrete device (shared_mem 0). */
const XYZ_WORLD: World = {
  arrays: [
    { name: 'x', length: 1, init: 0 },
    { name: 'y', length: 1, init: 0 },
    { name: 'z', length: 1, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};
/** target-27.c's target construct: map (alloc: x, y, z). */
const XYZ_MAPS = [map('alloc', ['x', 'y', 'z'])];

/** map-subarray-2.f90's myu1 with tarr1 => myarray1 and tarr2 => myarray2 (12 × 0 each); myu2, myu3 and tarr3 are left out. */
const SUBARRAY2_WORLD: World = {
  arrays: [
    { name: 'a', length: 12, init: 0 },
    { name: 'b', length: 12, init: 0 },
  ],
  structs: [{ name: 'c', pointers: ['p', 'q'], init: { p: 'a', q: 'b' } }],
  devices: [{ kind: 'discrete' }],
};

/** target-29.c's struct S { char p[64]; int a; int b[2]; long c[4]; int *d; … } = { …, 11, { 12, 13 }, { 14, 15, 16, 17 }, … }: s.a is c%n, s.b c%b, s.c c%l (4-byte elements); the pointer d is left out. */
const TARGET29_WORLD: World = {
  arrays: [],
  structs: [
    {
      name: 'c',
      pointers: ['p'],
      fields: [
        { name: 'n', init: 11 },
        { name: 'b', length: 2, init: [12, 13] },
        { name: 'l', length: 4, init: [14, 15, 16, 17] },
      ],
    },
  ],
  devices: [{ kind: 'discrete' }],
};
/** target-29.c's items s.a, s.b, s.c[1:2] under a map type. */
const t29 = (type: 'tofrom' | 'alloc' | 'to' | 'from' | 'release', ...modifiers: 'always'[]) => [map(type, ['c%n', 'c%b', 'c%l(2:3)'], ...modifiers)];
/** omp_target_is_present of &s.a, s.b and &s.c[1]. */
const t29Present = [isPresent(v('c%n')), isPresent(v('c%b')), isPresent(v('c%l', 4))];

/** target-32.c: int a = 0, b = 0, c = 0; one discrete device. */
const ABC_WORLD: World = {
  arrays: [
    { name: 'a', length: 1, init: 0 },
    { name: 'b', length: 1, init: 0 },
    { name: 'c', length: 1, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** array-field-1.c's struct Z { int *ptr; int arr[N]; int c; }, calloc'd: c%arr (16 × 0) and c%n (0). */
const ARRAY_FIELD_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'arr', length: 16, init: 0 }, { name: 'n', init: 0 }] }],
  devices: [{ kind: 'discrete' }],
};
/** array-field-1.c's target construct: map(tofrom: myz->arr[0:N], myz->c). */
const ARRAY_FIELD_MAPS = [map('tofrom', ['c%arr', 'c%n'])];

/** target9.f90's var1 = 1, var2 = 2, sum, the allocatable X (X(10) = 10) and pointer Y (Y(20) = 20), and the declare target D, scaled to 8 elements. */
const TARGET9_WORLD: World = {
  arrays: [
    { name: 'var1', length: 1, init: 1 },
    { name: 'var2', length: 1, init: 2 },
    { name: 'sum', length: 1, init: 0 },
    { name: 'x', length: 8, init: 10 },
    { name: 'y', length: 8, init: 20 },
    { name: 'd', length: 8, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};
/** target9.f90's target construct: map(alloc: var1, var2, X) map(to: Y) map(always, from: sum). */
const TARGET9_MAPS = [map('alloc', ['var1', 'var2', 'x']), map('to', ['y']), map('from', ['sum'], 'always')];

/** target-memcpy-async-1.c: int q[128] = { 0, 1, … } and q2, scaled to 10 elements; one discrete device. */
const MEMCPY_WORLD: World = {
  arrays: [
    { name: 'q', length: 10, init: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
    { name: 'q2', length: 10, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** target-link-1.c: int a = 1, b = 1 and double c[27] (12 ints here, 0); d is left out; one discrete device (shared_mem 0). */
const LINK1_WORLD: World = {
  arrays: [
    { name: 'a', length: 1, init: 1 },
    { name: 'b', length: 1, init: 1 },
    { name: 'c', length: 12, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};
/** target-link-1.c's first target construct: map (to: a, b, c, …). */
const LINK1_MAPS = [map('to', ['a', 'b', 'c'])];

/** target-link-2.c: int arr[15] = { 1, …, 15 }; one discrete device. */
const LINK2_WORLD: World = { arrays: [{ name: 'arr', length: 15, init: Array.from({ length: 15 }, (_, i) => i + 1) }], structs: [], devices: [{ kind: 'discrete' }] };

/** map-alloc-ptr-1.f90's `integer, pointer :: p3(:)` => null () as the plain pointer p; b (10 × 2) stands for the later allocate (p3, source = …). */
const NULL_POINTER_WORLD: World = {
  arrays: [{ name: 'b', length: 10, init: 2 }],
  structs: [{ name: 'p', pointers: ['p'], plain: true }],
  devices: [{ kind: 'discrete' }],
};
/** target-enter-data-4.f90's `integer, pointer :: ip(:)` after allocate (ip(5)): the plain pointer p => a (5 × 0). */
const IP_WORLD: World = {
  arrays: [{ name: 'a', length: 5, init: 0 }],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/** array_sections-4.c: int A[30] (0 here) and int *p = &A[0]: the plain pointer p => a. */
const SECTIONS4_WORLD: World = {
  arrays: [{ name: 'a', length: 30, init: 0 }],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};
/** array_sections-4.c's target construct: map(p[3:7]) map(A[0:10]), and p itself, which the language asks a kernel through p to name. */
const SECTIONS4_MAPS = [map('to', ['p']), map('tofrom', ['p%p(4:10)', 'a(1:10)'])];

/** target_update-2.c's v1, v2 and p1 (the from array), scaled to 8 elements: v1 = 2, v2 = 3 in place of init (). */
const UPDATE2_WORLD: World = {
  arrays: [
    { name: 'v1', length: 8, init: 2 },
    { name: 'v2', length: 8, init: 3 },
    { name: 'p', length: 8, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** device-1.c: int b = 0 (and d, the from item beside it); one discrete device. */
const DEVICE1_WORLD: World = {
  arrays: [
    { name: 'b', length: 1, init: 0 },
    { name: 'd', length: 1, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/** declare_target-4.c's declare target float Q[N][N] (0), a row of 8 here; one discrete device. */
const Q_DECLARE_WORLD: World = { arrays: [{ name: 'q', length: 8, init: 0 }], structs: [], devices: [{ kind: 'discrete' }] };

/** declare_target-1.c: declare target int data[] = { 5 }; one discrete device. */
const DATA_WORLD: World = { arrays: [{ name: 'data', length: 1, init: 5 }], structs: [], devices: [{ kind: 'discrete' }] };

/** target-is-accessible-2.c under requires unified_shared_memory: the omp_alloc'd int is a (host memory); device 0 discrete, device 1 shared, the host device 2. */
const USM_ACCESSIBLE_WORLD: World = { ...ACCESSIBLE_WORLD, requires: ['unified_shared_memory'] };

/** map-alloc-ptr-1.f90's `integer, pointer :: p1(:)` => null () as the plain pointer p; a and b (10 × 1, 10 × 2) stand for its two allocations. */
const P1_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'p', pointers: ['p'], plain: true }],
  devices: [{ kind: 'discrete' }],
};
/** The implicit map of p1 on map-alloc-ptr-1.f90's target constructs, written out: map(tofrom: p, p(:)). */
const P1_MAPS = [map('tofrom', ['p', 'p%p'])];

/** map-subarray-6.f90: type t with pointers p => tgt(5) and p2 => tgt2 (1000, 10 here), all 0: c%p => a, c%q => b. */
const SUBARRAY6_WORLD: World = {
  arrays: [
    { name: 'a', length: 5, init: 0 },
    { name: 'b', length: 10, init: 0 },
  ],
  structs: [{ name: 'c', pointers: ['p', 'q'], init: { p: 'a', q: 'b' } }],
  devices: [{ kind: 'discrete' }],
};
/** map-subarray-6.f90's target construct: map(tgt, tgt2(4:6), var), tofrom by default. */
const SUBARRAY6_MAPS = [map('tofrom', ['a', 'b(4:6)', 'c'])];

/** map-subarray-7.f90: integer, target :: A(5) = 0 with the pointer p => A, and var%p2 => p2 (allocated 20, 0): the plain pointer p => a, c%q => b. */
const SUBARRAY7_WORLD: World = {
  arrays: [
    { name: 'a', length: 5, init: 0 },
    { name: 'b', length: 20, init: 0 },
  ],
  structs: [
    { name: 'p', pointers: ['p'], plain: true, init: { p: 'a' } },
    { name: 'c', pointers: ['q'], init: { q: 'b' } },
  ],
  devices: [{ kind: 'discrete' }],
};
/** map-subarray-7.f90's target construct: map(A(3:4), p2(4:8), p, var%p2), p a Fortran pointer (its storage and its target). */
const SUBARRAY7_MAPS = [map('tofrom', ['a(3:4)', 'b(4:8)', 'p', 'p%p', 'c%q'])];

/** use_device_addr-3.f90's aa(N) = 11 and bb(N) = 22 (reals as ints), N = 10; one discrete device. */
const UDA_WORLD: World = {
  arrays: [
    { name: 'aa', length: 10, init: 11 },
    { name: 'bb', length: 10, init: 22 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

const rows: Row[] = [
  {
    name: 'ptr-attach-1.c (scalar pointer): map(ptr, ptr[:N]) on a target construct attaches the pointer; the kernel writes the pointee, and the host pointer keeps its value (K-B23)',
    cite: `${T}ptr-attach-1.c: ptr = malloc (N ints); target map (ptr, ptr[ :N]) { ptr[i] = N - i }; abort () if ptr != orig_ptr or ptr[i] != N - i. 6.0 §7.9.6: both items are new, so the corresponding pointer is attached and the kernel writes the pointee's storage, which goes home at the end; the pointer item is tofrom too, and the text copies the corresponding pointer (a device address) back as if by target update from (K-B23 device-value: spec, and gcc-12, whose gfortran lowering writes the pointer with GOMP_MAP_ALWAYS_POINTER and keeps no attachment to undo before the copy-back): any later host use of ptr is undefined; GCC 12's C lowering detaches first (gomp_unmap_vars_internal) and passes the test (profiles/gcc-12-c.json). libgomp skips attached words in the copy-back (K-B23 restore), LLVM restores its shadow pointers, so ptr reads its pointee. ptr is the plain pointer p => a, the kernel writes 7`,
    world: PLAIN_OMP_WORLD,
    steps: [assign('p%p', 'a'), targetWrite('p%p', 7, [map('tofrom', ['p', 'p%p'])]), hostRead('a'), hostRead('p%p')],
    at: { 2: ok, 3: readAll(10, 7) },
    last: per(UNDEF, { libgomp: readAll(10, 7), 'gcc-12': UNDEF, 'llvm-offload': readAll(10, 7) }),
  },
  {
    name: 'ptr-attach-1.c (struct): map(s, s.ptr[:N]) attaches the member; the kernel writes through it and into a member of s; the host struct keeps its pointer (K-B23)',
    cite: `${T}ptr-attach-1.c: S s = { 0 }; s.ptr = ptr; target map (s, s.ptr[ :N]) { s.ptr[i] = i; s.a = 1; s.b = 2 }; abort () if s.ptr != ptr, s.ptr[i] != i, s.a != 1, s.b != 2, s.c != 0 or s.d != 0. 6.0 §7.9.6: s and the pointee are new, so s.ptr is attached; s goes home at the end with its pointer word, which under the text (K-B23 device-value: spec, and gcc-12) holds the device address, so the second construct, which maps s.ptr[:N] again, is undefined; libgomp (K-B23 restore) and LLVM keep the host pointer. The kernel is split into one construct per write (7 through s.ptr, 1 to s.a as c%n, 2 to s.b as c%arr(1)), each with the test's maps`,
    world: ATTACH_STRUCT_WORLD,
    steps: [
      targetWrite('c%p', 7, ATTACH_STRUCT_MAPS),
      targetWrite('c%n', 1, ATTACH_STRUCT_MAPS),
      targetWrite('c%arr(1:1)', 2, ATTACH_STRUCT_MAPS),
      hostRead('a'),
      hostRead('c%n'),
      hostRead('c%arr'),
      hostRead('c%p'),
    ],
    at: {
      1: ok,
      2: per(UNDEF, { libgomp: ok, 'gcc-12': UNDEF, 'llvm-offload': ok }),
      3: per(HALTED, { libgomp: ok, 'gcc-12': HALTED, 'llvm-offload': ok }),
      4: per(HALTED, { libgomp: readAll(10, 7), 'gcc-12': HALTED, 'llvm-offload': readAll(10, 7) }),
      5: per(HALTED, { libgomp: read(1), 'gcc-12': HALTED, 'llvm-offload': read(1) }),
      6: per(HALTED, { libgomp: read(2, 0, 0), 'gcc-12': HALTED, 'llvm-offload': read(2, 0, 0) }),
    },
    last: per(HALTED, { libgomp: readAll(10, 7), 'gcc-12': HALTED, 'llvm-offload': readAll(10, 7) }),
  },
  {
    name: 'map-arrayofstruct-1.c: the whole array of structs and a section through each element\'s pointer on one target construct; the kernels\' writes reach the pointees, and the array keeps its host pointers for the next construct (K-B23)',
    cite: `${T}map-arrayofstruct-1.c: struct st { int *p; } s[2], each p calloc'd 5 ints; target map(s, s[0].p[0:2], s[1].p[1:3]) { s[0].p[0]++; s[1].p[1]++ }; target map(s[0:2], s[0].p[0:2], s[1].p[1:3]) { the same }; assert s[0].p[0] == 7 and s[1].p[1] == 9 (after a first construct that maps the pointer members themselves, which the language cannot name, and writes 5 and 7). 6.0 §7.9.6: s and the sections are new, so both pointers are attached; at the end s goes home with its pointer words, which under the text (K-B23 device-value: spec, gcc-12) are device addresses, so the second construct, which maps the sections through them again, is undefined; libgomp (restore) and LLVM keep the host pointers. The first construct is left out; each of the others writes one pointee, with the final values 7 and 9`,
    world: AOS_WORLD,
    steps: [
      targetWrite('cs(1)%p(1:1)', 7, [map('tofrom', ['cs', 'cs(1)%p(1:2)', 'cs(2)%p(2:4)'])]),
      hostRead('a'),
      targetWrite('cs(2)%p(2:2)', 9, [map('tofrom', ['cs(1:2)', 'cs(1)%p(1:2)', 'cs(2)%p(2:4)'])]),
      hostRead('b'),
    ],
    at: { 1: ok, 2: read(7, 0, 0, 0, 0), 3: per(UNDEF, { libgomp: ok, 'gcc-12': UNDEF, 'llvm-offload': ok }) },
    last: per(HALTED, { libgomp: read(0, 9, 0, 0, 0), 'gcc-12': HALTED, 'llvm-offload': read(0, 9, 0, 0, 0) }),
  },
  {
    name: 'libgomp.c/target-23.c (structure elements): enter data of two elements of one struct, target update to of both, a kernel that maps them alloc, target update from, then exit data of each',
    cite: `${TC}target-23.c: struct S { int s; int *u; int v[5]; } s = { 9, u + 3, { 10, 11, 12, 13, 14 } }; target enter data map (to: s.s, …) map (alloc: s.v[1:3]); s.s++; s.v[1]++; target update to (s.s) to (…, s.v[1:3]); target map (alloc: s.s, s.v[1:3]) { err unless s.s == 10, s.v[1] == 12, s.v[2] == 12, s.v[3] == 13; s.s++; s.v[2] += 2 }; target update from (s.s, …) from (s.v[1:3]); abort () unless s.s == 11 and s.v == { 10, 12, 14, 13, 14 }; target exit data map (release: s.s), (delete: s.v[1:3]), (release: s.s) (6.0 §15.9: the updates move the elements' values; §7.9.6: the kernel's alloc items find the entry). s.s is c%n, s.v c%arr; the pointer member s.u with its section is left out. The presence checks after the exits stand for the end of the test`,
    world: TARGET23_WORLD,
    steps: [
      ompEnter([map('to', ['c%n']), map('alloc', ['c%arr(2:4)'])]),
      hostWrite('c%n', 10),
      hostWrite('c%arr(2:2)', 12),
      ompUpdate([motion('to', ['c%n']), motion('to', ['c%arr(2:4)'])]),
      targetRead('c%n', TARGET23_MAPS),
      targetRead('c%arr(2:4)', TARGET23_MAPS),
      targetWrite('c%n', 11, TARGET23_MAPS),
      targetWrite('c%arr(3:3)', 14, TARGET23_MAPS),
      ompUpdate([motion('from', ['c%n']), motion('from', ['c%arr(2:4)'])]),
      hostRead('c%n'),
      hostRead('c%arr'),
      ompExit([map('release', ['c%n'])]),
      ompExit([map('delete', ['c%arr(2:4)'])]),
      ompExit([map('release', ['c%n'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr', 4)),
    ],
    at: { 4: ok, 5: read(10), 6: read(12, 12, 13), 9: ok, 10: read(11), 11: read(10, 12, 14, 13, 14), 12: ok, 13: ok, 14: ok, 15: NO },
    last: NO,
  },
  {
    name: 'libgomp.c/target-26.c: a declare target array mapped to by a section holds its initial values; always to of a section copies the new host values',
    cite: `${TC}target-26.c: declare target int a[4] = { 2, 3, 4, 5 }; target map(to: a[0:2], …) checks a == { 2, 3, 4, 5 }; a[1] = 9; a[2] = 10; target map(always,to: a[1:2]) checks a == { 2, 9, 10, 5 }; abort () on err (6.0 §7.9.7: the declare target copy exists with the initial values and an infinite count, so to copies nothing; §7.9.6: always copies the section). The pointer b and the parallel region with firstprivate copies are left out`,
    world: TARGET26_WORLD,
    steps: [
      declareTarget(['enter', 'a']),
      targetRead('a', [map('to', ['a(1:2)'])]),
      hostWrite('a(2:2)', 9),
      hostWrite('a(3:3)', 10),
      targetRead('a', [map('to', ['a(2:3)'], 'always')]),
    ],
    at: { 2: read(2, 3, 4, 5) },
    last: read(2, 9, 10, 5),
  },
  {
    name: 'libgomp.c/target-18.c: use_device_ptr of an array mapped by the enclosing target data gives its device address, which holds the copied values',
    cite: `${TC}target-18.c: a[i] = 23 + i; target data map(to:a) { target data use_device_ptr(a) { target is_device_ptr(a): err unless a[i] == 23 + i } }; abort () on err (6.0 §7.5.8, §15.7: the list item refers to the corresponding storage). The is_device_ptr kernel's read is an omp_target_memcpy from the device address into b; the block with p = a + 1 (an interior pointer) and the VLA block are left out`,
    world: TARGET18_WORLD,
    steps: [
      ompDataBegin([map('to', ['a'])]),
      useDeviceBegin('a', 'da', undefined, true),
      memcpy(v('b'), h('da'), 16, 0, 0, HOST, 0),
      useDeviceEnd,
      ompDataEnd,
      hostRead('b'),
    ],
    at: { 2: dev(1), 3: ZERO },
    last: read(23, 24, 25, 26),
  },
  {
    name: 'target-is-accessible-1.c: host memory is accessible on the host and on a device that shares memory, not on a discrete device; an invalid device number',
    cite: `${T}target-is-accessible-1.c: omp_target_is_accessible (p, sizeof (int), n), (…, id), (…, omp_initial_device) must be true; for each device d: shared_mem = 0; target map (alloc: shared_mem) device (d) shared_mem = 1; omp_target_is_accessible (a, 128 ints, d) and of &a[i] must equal shared_mem; omp_target_is_accessible (p, sizeof (int), -5) must be false (6.0 §25.2.2; the device number -5 is not conforming, K-B11: undefined in the text, false in libgomp, fatal in LLVM; llvm-22 stops at omp_initial_device already, K-B20 fatal). a has 10 elements; the kernel's write to shared_mem (sm) is what the host then sees: 0 on a discrete device, 1 on the host and, where the shared device's map is a self map (K-B8 self: libgomp; self-unless-close: LLVM), 1 there; under the text (K-B8 copies) the alloc map makes a copy and the host keeps 0. GCC 12 has no omp_target_is_accessible (K-B25)`,
    world: ACCESSIBLE_WORLD,
    steps: [
      isAccessible(v('a'), 4, 2),
      isAccessible(v('a'), 4, -1),
      targetWrite('sm', 1, [map('alloc', ['sm'])], 0),
      hostRead('sm'),
      isAccessible(v('a'), 40, 0),
      isAccessible(v('a', 8), 4, 0),
      targetWrite('sm', 1, [map('alloc', ['sm'])], 1),
      hostRead('sm'),
      isAccessible(v('a'), 40, 1),
      isAccessible(v('a', 8), 4, 1),
      targetWrite('sm', 1, [map('alloc', ['sm'])], HOST),
      hostRead('sm'),
      isAccessible(v('a'), 40, HOST),
      isAccessible(v('a'), 4, -5),
    ],
    at: {
      1: YES,
      2: per(YES, { 'llvm-22': err('fatal_invalid_device') }),
      4: per(read(0), { 'llvm-22': HALTED }),
      5: per(NO, { 'llvm-22': HALTED }),
      6: per(NO, { 'llvm-22': HALTED }),
      8: per(read(0), { libgomp: read(1), 'llvm-offload': read(1), 'llvm-22': HALTED }),
      9: per(YES, { 'llvm-22': HALTED }),
      10: per(YES, { 'llvm-22': HALTED }),
      12: per(read(1), { 'llvm-22': HALTED }),
      13: per(YES, { 'llvm-22': HALTED }),
    },
    last: per(UNDEF, { libgomp: NO, 'llvm-offload': err('fatal_invalid_device'), 'llvm-22': HALTED }),
  },
  {
    name: 'libgomp.fortran/target-12.f90: a kernel writes associated storage through a target construct that maps part of the array alloc; a memcpy from the device buffer brings the values home',
    cite: `${TF}target-12.f90: p = omp_target_alloc (130 ints, d); omp_target_associate_ptr (c_loc (q), p, 128 ints, offset 1 int, d) == 0, and again (stop 2); omp_target_is_present of q, q(32), q(127) (stop 3); omp_target_memcpy (p, c_loc (q), 128 ints, dst offset 1 int, 0, d, id) == 0 (stop 4); target map(alloc: q(0:31)) { err unless q(j) == j; q(j) = q(j) + 4 } (stop 5); omp_target_memcpy_rect (c_loc (q), p, 4, 1, volume 128, dst offset 0, src offset 1, …, id, d) == 0 (stop 6): q(i) == i + 4 (stop 7); omp_target_disassociate_ptr == 0 (stop 12); omp_target_free (6.0 §25.5, §25.7.1; §7.9.6: the alloc item finds the associated entry). Scaled to 10 elements and a 12-element buffer; the one-dimensional memcpy_rect is the plain omp_target_memcpy it amounts to; the kernel writes 7; the later rectangular copies are left out`,
    world: Q_WORLD,
    steps: [
      alloc('p', 48),
      associate(v('q'), h('p'), 40, 4),
      associate(v('q'), h('p'), 40, 4),
      isPresent(v('q')),
      isPresent(v('q', 36)),
      memcpy(h('p'), v('q'), 40, 4, 0, 0, HOST),
      targetRead('q', [map('alloc', ['q(1:3)'])]),
      targetWrite('q', 7, [map('alloc', ['q(1:3)'])]),
      hostRead('q'),
      memcpy(v('q'), h('p'), 40, 0, 4, HOST, 0),
      hostRead('q'),
      disassociate(v('q')),
      free(h('p')),
    ],
    at: {
      2: ZERO,
      3: ZERO,
      4: YES,
      5: YES,
      6: ZERO,
      7: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
      8: ok,
      9: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
      10: ZERO,
      11: readAll(10, 7),
      12: ZERO,
    },
    last: ok,
  },
  {
    name: 'libgomp.fortran/target-enter-data-5.f90 (ii, dt%ic): data entered with to, written by a kernel that maps it from, comes home with exit data from',
    cite: `${TF}target-enter-data-5.f90: target enter data map(tofrom: ii); target map(from: ii) ii = [-1, …, -5]; target exit data map(from: ii); error stop unless ii == [-1, …, -5]; the same for the component dt%ic (22, 33, 44, 55) (6.0 §7.9.6: the kernel's from item finds the entry at count 1 and raises it, so its end copies nothing; exit data from brings it to 0 and copies). The enter data's tofrom is written to (an enter data copies in only; GCC takes it so); dt%ic is c%arr; the kernels write one constant; the bound checks and the character and derived-type variables are left out`,
    world: TED5_WORLD,
    steps: [
      ompEnter([map('to', ['ii'])]),
      targetWrite('ii', -1, [map('from', ['ii'])]),
      ompExit([map('from', ['ii'])]),
      hostRead('ii'),
      ompEnter([map('to', ['c%arr'])]),
      targetWrite('c%arr', 22, [map('from', ['c%arr'])]),
      ompExit([map('from', ['c%arr'])]),
      hostRead('c%arr'),
      isPresent(v('c%arr')),
    ],
    at: { 2: ok, 3: ok, 4: readAll(5, -1), 6: ok, 7: ok, 8: readAll(4, 22) },
    last: NO,
  },
  {
    name: 'libgomp.fortran/target-enter-data-5.f90 (dt%pc): a pointer component entered alone, written by a kernel that maps it from, comes home with exit data from; gfortran 12 stops at the exit data (K-B53)',
    cite: `${TF}target-enter-data-5.f90: allocate (dt%pc(5)); target enter data map(tofrom: dt%pc); target map(from: dt%pc) dt%pc = [11, 22, 33, 44, 55]; target exit data map(from: dt%pc); error stop unless associated (dt%pc) and dt%pc == [11, …, 55] (the comment "libgomp: GOMP_target_enter_exit_data unhandled kind 0x00" records GCC 12's failure). 6.0 §7.9.6 with §7.9.3 (K-B63 base-pointers): the target construct gives dt's pointer word storage and attaches it to the pointee entered before, so the kernel writes that; at its end the word goes home, under the text with the device address (K-B23 device-value), so the exit data, which resolves dt%pc on the host, is undefined; libgomp and LLVM keep the host pointer (restore). gcc-12: the enter data maps dt's descriptor with dt%pc (K-B47 descriptor), so the target construct's always pointer finds it and the kernel runs; the exit data from of the whole component stops, "unhandled kind 0x00" (K-B53 abort), as the test's comment records. dt%pc is c%p => a; the kernel writes 11; the enter data's tofrom is written to`,
    world: TED5_POINTER_WORLD,
    steps: [ompEnter([map('to', ['c%p'])]), targetWrite('c%p', 11, [map('from', ['c%p'])]), ompExit([map('from', ['c%p'])]), hostRead('a')],
    // gcc-12: the enter data mapped dt's descriptor (K-B47 descriptor, measured: omp-descriptor-target-after-enter-fortran,
    // profiles/measured/probes-gcc-12-2026-12-06n.md), so the target construct's always pointer finds it.
    at: {
      1: ok,
      2: ok,
      3: per(UNDEF, { libgomp: ok, 'gcc-12': err('fatal_lowering'), 'llvm-offload': ok }),
    },
    last: per(HALTED, { libgomp: readAll(5, 11), 'gcc-12': HALTED, 'llvm-offload': readAll(5, 11) }),
  },
  {
    name: 'libgomp.c/target-15.c foo: to items of a section of a pointer\'s array, a whole array and a section; the kernel reads the host values',
    cite: `${TC}target-15.c foo (x): x[i] = 4 i (15), a[i] = 7 i (10), b[i] = 8 i (15); target map(to: x[5:10], a[0:10], b[5:10]) map(from: err): err unless x[5 + i] == 20 + 4 i, a[i] == 7 i, b[5 + i] == 40 + 8 i; abort () on err (6.0 §7.9.6: to copies each new item's storage in). x is written as an array; one construct per array read; bar's VLA blocks are left out`,
    world: TARGET15_WORLD,
    steps: [targetRead('x(6:15)', TARGET15_MAPS), targetRead('a(1:10)', TARGET15_MAPS), targetRead('b(6:15)', TARGET15_MAPS)],
    at: { 1: read(...Array.from({ length: 10 }, (_, i) => 20 + 4 * i)), 2: read(...Array.from({ length: 10 }, (_, i) => 7 * i)) },
    last: read(...Array.from({ length: 10 }, (_, i) => 40 + 8 * i)),
  },
  {
    name: 'libgomp.c/target-24.c: zero-length sections at the start of a mapped array count its entry up and down; release of them ends it, delete of one ends it at once, from of one of absent data runs',
    cite: `${TC}target-24.c (discrete device, shared_mem == 0): target map (alloc: shared_mem) shared_mem = 1 (the host keeps 0); omp_target_is_present (b, d) == shared_mem; target enter data map (to: a): present; target enter data map (alloc: b[:0]): present; target exit data map (release: b[:0]): present; again: is_present == shared_mem (0); target enter data map (to: a); target enter data map (always, to: b[:0]): present; target exit data map (delete: b[:0]): is_present == shared_mem; target exit data map (from: b[:0]) (6.0 §7.9.6: a zero-length item whose address lies in an entry refers to it, so its count moves and delete zeroes it; one with no storage gets none). gcc-12 (K-B59 zero-size-key, gfortran 12, which passes a zero-length section with size 0 and no GOMP_MAP_ZERO_LEN_ARRAY_SECTION): the section is a key [p, p) of its own, and exit data's splay_tree_lookup of [p, p) never meets a's entry (libgomp's splay_compare orders [p, p) before [p, p + 40)), so neither the releases nor the delete end a; GCC's C lowering (GOMP_MAP_ZERO_LEN_ARRAY_SECTION, gomp_map_0len_lookup) passes the test. b[:0] is a(1:0)`,
    world: TARGET24_WORLD,
    steps: [
      targetWrite('sm', 1, [map('alloc', ['sm'])]),
      hostRead('sm'),
      isPresent(v('a')),
      ompEnter([map('to', ['a'])]),
      isPresent(v('a')),
      ompEnter([map('alloc', ['a(1:0)'])]),
      isPresent(v('a')),
      ompExit([map('release', ['a(1:0)'])]),
      isPresent(v('a')),
      ompExit([map('release', ['a(1:0)'])]),
      isPresent(v('a')),
      ompEnter([map('to', ['a'])]),
      isPresent(v('a')),
      ompEnter([map('to', ['a(1:0)'], 'always')]),
      isPresent(v('a')),
      ompExit([map('delete', ['a(1:0)'])]),
      isPresent(v('a')),
      ompExit([map('from', ['a(1:0)'])]),
    ],
    at: { 2: read(0), 3: NO, 5: YES, 6: ok, 7: YES, 8: ok, 9: YES, 10: ok, 11: per(NO, { 'gcc-12': YES }), 13: YES, 14: ok, 15: YES, 16: ok, 17: per(NO, { 'gcc-12': YES }) },
    last: ok,
  },
  {
    name: 'libgomp.c/target-27.c: enter data, target update to and always to of entered scalars, a kernel that maps them alloc, then release and from at exit data copy the kernel\'s values home over later host writes',
    cite: `${TC}target-27.c (discrete device, so shared_mem == 0), the tasks and nowait constructs in the order their depend clauses force: x = 1, y = 2, z = 3; target enter data map(to: x, y, z); x++, y++, z++; target update to(x, y); target enter data map(always, to: z); target map (alloc: x, y, z) { err = x != 2 || y != 3 || z != 4; x = 5; y = 6; z = 7 }; x = 1, y = 2, z = 3 (!shared_mem); target exit data map(release: z); target exit data map(from: x, y); target exit data map(from: z); abort () if err or x != 5, y != 6, z != 7 (6.0 §15.9; §7.9.6: always to copies whatever the count; z's count is 2 until the release, so its from copies at the last exit). One construct per read and write`,
    world: XYZ_WORLD,
    steps: [
      hostWrite('x', 1),
      hostWrite('y', 2),
      hostWrite('z', 3),
      ompEnter([map('to', ['x', 'y', 'z'])]),
      hostWrite('x', 2),
      hostWrite('y', 3),
      hostWrite('z', 4),
      ompUpdate([motion('to', ['x', 'y'])]),
      ompEnter([map('to', ['z'], 'always')]),
      targetRead('x', XYZ_MAPS),
      targetRead('y', XYZ_MAPS),
      targetRead('z', XYZ_MAPS),
      targetWrite('x', 5, XYZ_MAPS),
      targetWrite('y', 6, XYZ_MAPS),
      targetWrite('z', 7, XYZ_MAPS),
      hostWrite('x', 1),
      hostWrite('y', 2),
      hostWrite('z', 3),
      ompExit([map('release', ['z'])]),
      hostRead('z'),
      ompExit([map('from', ['x', 'y'])]),
      ompExit([map('from', ['z'])]),
      hostRead('x'),
      hostRead('y'),
      hostRead('z'),
    ],
    at: { 10: read(2), 11: read(3), 12: read(4), 20: read(3), 21: ok, 22: ok, 23: read(5), 24: read(6) },
    last: read(7),
  },
  {
    name: 'libgomp.fortran/map-subarray-2.f90: target constructs mapping the whole pointees, then sections, then the pointer components of a derived type not otherwise mapped; the kernels write through the components (K-B63, K-B23)',
    cite: `${TF}map-subarray-2.f90: myu1%tarr1 => myarray1, myu1%tarr2 => myarray2 (all 0); target map(to: myu1%tarr1) map(tofrom: myu1%tarr1(:)) … { myu1%tarr1(1) += 1 }; target map(to: …%tarr1) map(tofrom: myu1%tarr1(1:2)) … { myu1%tarr2(1) += 1 }; target map(tofrom: myu1%tarr1) map(tofrom: myu1%tarr2) … { myu1%tarr2(1) += 1 }; stop 1 unless myu1%tarr1(1) == 1, stop 4 unless myu1%tarr2(1) == 2. 6.0 §7.9.6 with §7.9.3 (K-B63 base-pointers): each construct gives myu1's pointer words storage, attaches them and the kernel writes the pointee; at the end the words go home, under the text with the device addresses (K-B23 device-value), so the next construct, which resolves the components on the host, is undefined; libgomp maps the descriptors to and keeps the host pointers (restore), LLVM restores them. gcc-12: gfortran 12's always pointer finds myu1 not mapped (K-B42 abort). map(to: myu1%tarr1) (the descriptor alone) has no spelling in the language and is folded into the section items; myu2, myu3 and tarr3 are left out; the kernels write the final values 1, 1, 2`,
    world: SUBARRAY2_WORLD,
    steps: [
      targetWrite('c%p(1:1)', 1, [map('tofrom', ['c%p(1:12)', 'c%q(1:12)'])]),
      targetWrite('c%q(1:1)', 1, [map('tofrom', ['c%p(1:2)', 'c%q(1:2)'])]),
      targetWrite('c%q(1:1)', 2, [map('tofrom', ['c%p', 'c%q'])]),
      hostRead('a(1:1)'),
      hostRead('b(1:1)'),
    ],
    at: {
      1: per(ok, { 'gcc-12': err('fatal_lowering') }),
      2: per(UNDEF, { libgomp: ok, 'gcc-12': HALTED, 'llvm-offload': ok }),
      3: per(HALTED, { libgomp: ok, 'gcc-12': HALTED, 'llvm-offload': ok }),
      4: per(HALTED, { libgomp: read(1), 'gcc-12': HALTED, 'llvm-offload': read(1) }),
    },
    last: per(HALTED, { libgomp: read(2), 'gcc-12': HALTED, 'llvm-offload': read(2) }),
  },
  {
    name: 'libgomp.c/target-29.c: elements of a struct passed by value mapped by a target construct, a target data region with target update, and enter data / always to / always from / release: each kernel sees the values the test expects and presence follows the references',
    cite: `${TC}target-29.c foo (s), the non-pointer elements s.a, s.b, s.c[1:2] (discrete device, so sep stays 1): target map(tofrom: s.a, s.b, s.c[1:2], …) { err unless 11, 12, 13, 15, 16; writes 35, 36, 37, 38, 39 }; the host sees them, then no element is present; s.a = 50 …; target data map(alloc: …) { all present; target update to(…); target map(alloc: …) { err unless 50, 49, 48, 47, 46; writes 17 … 21 }; target update from(…) }; none present; the host sees 17 … 21; s.a = 33 …; target enter data map(alloc: …): all present; target enter data map(always, to: …); target map(alloc: …) { err unless 33 … 37; writes 49 … 45 }; target exit data map(always, from: …): all still present; target exit data map(release: …): none present; the host sees 49 … 45; abort () on any err (6.0 §7.9.6 structure elements, the always modifier; §15.9). s.a is c%n, s.b c%b, s.c c%l; the pointer s.d and its section are left out; each kernel is one construct per read or write, and each write puts one value in a whole element item (35; 36; 38, then 17; 18; 20, then 49; 48; 46), each host write likewise`,
    world: TARGET29_WORLD,
    steps: [
      targetRead('c%n', t29('tofrom')),
      targetRead('c%b', t29('tofrom')),
      targetRead('c%l(2:3)', t29('tofrom')),
      targetWrite('c%n', 35, t29('tofrom')),
      targetWrite('c%b', 36, t29('tofrom')),
      targetWrite('c%l(2:3)', 38, t29('tofrom')),
      hostRead('c%n'),
      hostRead('c%b'),
      hostRead('c%l'),
      ...t29Present,
      hostWrite('c%n', 50),
      hostWrite('c%b', 49),
      hostWrite('c%l(2:3)', 47),
      ompDataBegin(t29('alloc')),
      ...t29Present,
      ompUpdate([motion('to', ['c%n', 'c%b', 'c%l(2:3)'])]),
      targetRead('c%n', t29('alloc')),
      targetRead('c%b', t29('alloc')),
      targetRead('c%l(2:3)', t29('alloc')),
      targetWrite('c%n', 17, t29('alloc')),
      targetWrite('c%b', 18, t29('alloc')),
      targetWrite('c%l(2:3)', 20, t29('alloc')),
      ompUpdate([motion('from', ['c%n', 'c%b', 'c%l(2:3)'])]),
      ompDataEnd,
      ...t29Present,
      hostRead('c%n'),
      hostRead('c%b'),
      hostRead('c%l'),
      hostWrite('c%n', 33),
      hostWrite('c%b', 34),
      hostWrite('c%l(2:3)', 36),
      ompEnter(t29('alloc')),
      ...t29Present,
      ompEnter(t29('to', 'always')),
      targetRead('c%n', t29('alloc')),
      targetRead('c%b', t29('alloc')),
      targetRead('c%l(2:3)', t29('alloc')),
      targetWrite('c%n', 49, t29('alloc')),
      targetWrite('c%b', 48, t29('alloc')),
      targetWrite('c%l(2:3)', 46, t29('alloc')),
      ompExit(t29('from', 'always')),
      ...t29Present,
      ompExit(t29('release')),
      ...t29Present,
      hostRead('c%n'),
      hostRead('c%b'),
      hostRead('c%l'),
    ],
    at: {
      1: read(11),
      2: read(12, 13),
      3: read(15, 16),
      7: read(35),
      8: read(36, 36),
      9: read(14, 38, 38, 17),
      10: NO,
      11: NO,
      12: NO,
      17: YES,
      18: YES,
      19: YES,
      20: ok,
      21: read(50),
      22: read(49, 49),
      23: read(47, 47),
      27: ok,
      28: ok,
      29: NO,
      30: NO,
      31: NO,
      32: read(17),
      33: read(18, 18),
      34: read(14, 20, 20, 17),
      39: YES,
      40: YES,
      41: YES,
      43: read(33),
      44: read(34, 34),
      45: read(36, 36),
      49: ok,
      50: YES,
      51: YES,
      52: YES,
      54: NO,
      55: NO,
      56: NO,
      57: read(49),
      58: read(48, 48),
    },
    last: read(14, 46, 46, 17),
  },
  {
    name: 'libgomp.c/target-32.c: scalars entered with to, kernels that map them alloc write them, exit data with always from brings the device values home',
    cite: `${TC}target-32.c, the tasks and nowait constructs in the order their depend clauses force: a = 2; target enter data map(to: a, b, c); target map(alloc: a) a++; target map(alloc: b) b |= 4, and b |= 1; target map(alloc: c) c |= 8, and c |= 2; target exit data map(always, from: a, b, c); abort () unless a == 3, b == 5, c == 10 (6.0 §7.9.6: the kernels' alloc items find the entries; exit data brings the counts to 0 and copies). The kernels of one variable are one write of the final value`,
    world: ABC_WORLD,
    steps: [
      hostWrite('a', 2),
      ompEnter([map('to', ['a', 'b', 'c'])]),
      targetRead('a', [map('alloc', ['a'])]),
      targetWrite('a', 3, [map('alloc', ['a'])]),
      targetWrite('b', 5, [map('alloc', ['b'])]),
      targetWrite('c', 10, [map('alloc', ['c'])]),
      ompExit([map('from', ['a', 'b', 'c'], 'always')]),
      hostRead('a'),
      hostRead('b'),
      hostRead('c'),
      isPresent(v('a')),
    ],
    at: { 3: read(2), 7: ok, 8: read(3), 9: read(5), 10: read(10) },
    last: NO,
  },
  {
    name: 'array-field-1.c: an array member and a scalar member of one struct mapped tofrom by a target construct; the kernel\'s increments come home',
    cite: `${T}array-field-1.c: struct Z { int *ptr; int arr[N]; int c; } *myz = calloc (…); target map(tofrom: myz->arr[0:N], myz->c) { myz->arr[i]++; myz->c++ }; assert myz->arr[i] == 1 and myz->c == 1 (6.0 §7.9.6: the two structure elements of one struct form one storage block, copied in and home). myz->arr is c%arr, myz->c c%n (the struct itself, not through a pointer to it); one construct per write, each with the test's maps`,
    world: ARRAY_FIELD_WORLD,
    steps: [
      targetRead('c%arr', ARRAY_FIELD_MAPS),
      targetWrite('c%arr', 1, ARRAY_FIELD_MAPS),
      targetRead('c%n', ARRAY_FIELD_MAPS),
      targetWrite('c%n', 1, ARRAY_FIELD_MAPS),
      hostRead('c%arr'),
      hostRead('c%n'),
      isPresent(v('c%n')),
    ],
    at: { 1: readAll(16, 0), 3: read(0), 5: readAll(16, 1), 6: read(1) },
    last: NO,
  },
  // K-B55 `descriptor` (gcc-12): in mapcheck's Fortran form the arrays are pointer arrays, and a whole one the
  // region does not use keeps its data map without its descriptor, which no earlier map put on the device:
  // "always pointer not mapped" there (profiles/measured/probes-gcc-12-2026-12-06f.md).
  stoppedUnder({
    name: 'libgomp.fortran/target9.f90 main: enter data, a delete of declare target data, always from inside a counted region, from and release at exit data, and from of one element that unmaps the whole array',
    cite: `${TF}target9.f90 (offload_device_nonshared_as): enter_data: target enter data map(to: var1, var2, X) map(alloc: sum); exit_data_0: target exit data map(delete: D) ("should have no effect on D", declare target to(D)); target map(alloc: var1, var2, X) map(to: Y) map(always, from: sum) { var1 += X(10); var2 += Y(20); sum = var1 + var2; D(sum) += 1 }; stop 1, 2, 3 unless var1 == 1, var2 == 2, sum == 33; exit_data_1: target exit data map(from: var1): stop 4, 5 unless var1 == 11, var2 == 2; target enter data map(alloc: X(16:17)) ("Increase refcount"); exit_data_2: target exit data map(from: var2) map(release: X, sum): stop 6 unless var2 == 22; exit_data_3 (X, 5): target exit data map(from: p(idx)) ("Unmap X(1:N)", a single element at count 1) (6.0 §7.9.6, §7.9.7). The kernel is one construct per write (11, 22, 33) with the test's maps; X(16:17) is x(7:8), p(5) x(5:5); N is 8; the presence checks stand for the comments. test_nested is the same as target-20.c's, a row of conformance/omp/7.9-suite-libgomp.ts`,
    world: TARGET9_WORLD,
    steps: [
      declareTarget(['enter', 'd']),
      ompEnter([map('to', ['var1', 'var2', 'x']), map('alloc', ['sum'])]),
      ompExit([map('delete', ['d'])]),
      isPresent(v('d')),
      targetWrite('var1', 11, TARGET9_MAPS),
      targetWrite('var2', 22, TARGET9_MAPS),
      targetWrite('sum', 33, TARGET9_MAPS),
      hostRead('var1'),
      hostRead('var2'),
      hostRead('sum'),
      ompExit([map('from', ['var1'])]),
      hostRead('var1'),
      hostRead('var2'),
      ompEnter([map('alloc', ['x(7:8)'])]),
      ompExit([map('from', ['var2']), map('release', ['x', 'sum'])]),
      hostRead('var2'),
      isPresent(v('x')),
      ompExit([map('from', ['x(5:5)'])]),
      isPresent(v('x')),
    ],
    at: { 3: ok, 4: YES, 8: read(1), 9: read(2), 10: read(33), 12: read(11), 13: read(2), 16: read(22), 17: YES, 18: ok },
    last: NO,
  }, 'gcc-12', 5, err('fatal_lowering')),
  {
    name: 'target-memcpy-async-1.c: omp_target_memcpy (async, waited for) into a device allocation at an offset and back into another host array',
    cite: `${T}target-memcpy-async-1.c: p = omp_target_alloc (130 ints, d); omp_target_memcpy_async (p, q, 128 ints, dst offset 1 int, 0, d, id, 0, NULL) == 0; taskwait; q2 = 0; omp_target_memcpy_async (q2, p, 128 ints, 0, src offset 1 int, id, d, 0, NULL) == 0; taskwait; abort () unless q2 == q; omp_target_free (6.0 §25.7.1, §25.7.3: the asynchronous copy is done once the task that performs it completes). The waited-for asynchronous copies are the synchronous omp_target_memcpy; 10 elements, a 12-element allocation`,
    world: MEMCPY_WORLD,
    steps: [alloc('p', 48), memcpy(h('p'), v('q'), 40, 4, 0, 0, HOST), memcpy(v('q2'), h('p'), 40, 0, 4, HOST, 0), hostRead('q2'), free(h('p'))],
    at: { 2: ZERO, 3: ZERO, 4: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) },
    last: ok,
  },
  {
    name: 'libgomp.fortran/target-memcpy-async-1.f90: omp_target_memcpy (async, waited for) of a whole array into a device allocation and back into another array',
    cite: `${TF}target-memcpy-async-1.f90: p = omp_target_alloc (130 * c_sizeof (q), d); q = [0, …, 127]; omp_target_memcpy_async (p, c_loc (q), 128 ints, 0, 0, d, id, 0, obj) == 0 (stop 1); taskwait; q2 = 0; omp_target_memcpy_async (c_loc (q2), p, 128 ints, 0, 0, id, d, 0, obj) == 0 (stop 2); taskwait; stop 3 unless q2 == q (6.0 §25.7.1, §25.7.3). As the C test, with both offsets 0; 10 elements`,
    world: MEMCPY_WORLD,
    steps: [alloc('p', 48), memcpy(h('p'), v('q'), 40, 0, 0, 0, HOST), memcpy(v('q2'), h('p'), 40, 0, 0, HOST, 0), hostRead('q2'), free(h('p'))],
    at: { 2: ZERO, 3: ZERO, 4: read(0, 1, 2, 3, 4, 5, 6, 7, 8, 9) },
    last: ok,
  },
  {
    name: 'libgomp.c/target-link-1.c: a link variable mapped to gets the host value each time; a declare target to variable keeps its device value (to copies nothing); a link array entered later holds the host values again',
    cite: `${TC}target-link-1.c (discrete device, so shared_mem == 0): int a = 1, b = 1; double c[27]; declare target link (a) to (b) link (c, d); a = b = 2; target map (to: a, b, c, d) map (from: res) { res = foo () + foo () (a++ + b++ twice); c[n] = 3.0; res += bar (n) (c[n] += 2.0; *p1 + *p2 + …) }: res == (2 + 1) + (3 + 2) + (4 + 3 + 15 + 16), so the kernel saw a == 2 (mapped to) and b == 1 (the device copy of the to variable, which map(to:) does not overwrite); target enter data map (to: c); target update from (c): (int) (c[n] + 0.5) == 0; target map (to: a, b) map (from: res) res = foo (): res == 2 + 3 (a mapped afresh from the host's 2, b still the device's 3) (6.0 §7.9.7: the to variable's count is infinite; §7.9.8: a link variable is mapped like any other). c[10] is c(11:11); the struct d is left out; the kernels' reads and the writes of b (3) and c[10] (5) are one construct each`,
    world: LINK1_WORLD,
    steps: [
      declareTarget(['link', 'a', 'c'], ['enter', 'b']),
      hostWrite('a', 2),
      hostWrite('b', 2),
      targetRead('a', LINK1_MAPS),
      targetRead('b', LINK1_MAPS),
      targetWrite('b', 3, LINK1_MAPS),
      targetWrite('c(11:11)', 5, LINK1_MAPS),
      ompEnter([map('to', ['c'])]),
      ompUpdate([motion('from', ['c'])]),
      hostRead('c(11:11)'),
      targetRead('a', [map('to', ['a', 'b'])]),
      targetRead('b', [map('to', ['a', 'b'])]),
    ],
    at: { 4: read(2), 5: read(1), 6: ok, 7: ok, 8: ok, 9: ok, 10: read(0), 11: read(2) },
    last: read(3),
  },
  {
    name: 'target-link-2.c: a link array entered by one section is seen at that section; after its release, a section at another offset entered later holds the new host values',
    cite: `${T}target-link-2.c (PR middle-end/116107), for a device: int arr[15] = { 1, …, 15 }, declare target link (arr); target enter data map (arr[5:10]); target map (from: res) f (res) copies arr[5..14]: res[i] == 6 + i; target map (from: res2) res2 = arr[5]: 6; target exit data map (release: arr[5:10]); arr[i] *= 10; target enter data map (arr[3:10]); target map (from: res) g (res) copies arr[3..12]: res[i] == (4 + i) * 10 (6.0 §7.9.8: a link variable's storage is what the maps make; the kernels find the entered section). arr[5:10] is arr(6:15), arr[3:10] arr(4:13); the enter data's default map type is to; the host's products are one host write per element`,
    world: LINK2_WORLD,
    steps: [
      declareTarget(['link', 'arr']),
      ompEnter([map('to', ['arr(6:15)'])]),
      targetRead('arr(6:15)'),
      targetRead('arr(6:6)'),
      ompExit([map('release', ['arr(6:15)'])]),
      isPresent(v('arr', 20)),
      ...Array.from({ length: 15 }, (_, i) => hostWrite(`arr(${i + 1}:${i + 1})`, 10 * (i + 1))),
      ompEnter([map('to', ['arr(4:13)'])]),
      targetRead('arr(4:13)'),
    ],
    at: { 2: ok, 3: read(6, 7, 8, 9, 10, 11, 12, 13, 14, 15), 4: read(6), 5: ok, 6: NO, 22: ok },
    last: read(40, 50, 60, 70, 80, 90, 100, 110, 120, 130),
  },
  {
    name: 'libgomp.fortran/map-alloc-ptr-1.f90 (p3): a null pointer entered, then associated and entered again, is seen associated by a kernel; two exit data from bring the pointee home (K-B23, K-B53)',
    cite: `${TF}map-alloc-ptr-1.f90 (PR fortran/96668), the pointer p3: p3 => null (); target enter data map(to: p3); a target construct sees it not associated (stop 1); allocate (p3, source = [4, 5, 6]); target enter data map(to: p3); target (implicit map of p3): stop 7, 10 unless associated with [4, 5, 6]; p3(:) = [23, 24, 25]; target exit data map(from: p3) twice; stop 141 unless p3 == [23, 24, 25]. 6.0 §7.9.6: the second enter data finds the pointer's own storage present and maps the new pointee, so the corresponding pointer is attached (the pointee is new); the first exit brings the pointee to 0 and copies it home; the second brings the pointer's storage to 0 and copies it home, under the text with the device address (K-B23 device-value: spec), so the host read through p3 is undefined; libgomp (restore) and LLVM keep the host pointer. gcc-12: a from item of a pointer passes its descriptor with a kind gomp_exit_data has no case for (K-B53 abort, measured on mapcheck's Fortran form of a plain pointer, a one-component derived type; the test's own pointer variable may be lowered otherwise). p3 is the plain pointer p, map(to: p3) is map(to: p, p(:)), the allocation is b; the implicit map is written map(tofrom: p, p(:)); the kernel writes 23; a1, a2, p1, p2 and the block are left out`,
    world: NULL_POINTER_WORLD,
    steps: [
      ompEnter([map('to', ['p', 'p%p'])]),
      targetPointer('p%p', [map('alloc', ['p'])]),
      assign('p%p', 'b'),
      ompEnter([map('to', ['p', 'p%p'])]),
      targetRead('p%p', [map('tofrom', ['p', 'p%p'])]),
      targetWrite('p%p', 23, [map('tofrom', ['p', 'p%p'])]),
      ompExit([map('from', ['p', 'p%p'])]),
      ompExit([map('from', ['p', 'p%p'])]),
      hostRead('b'),
      hostRead('p%p'),
    ],
    at: {
      1: ok,
      2: value(null),
      4: ok,
      5: readAll(10, 2),
      6: ok,
      7: per(ok, { 'gcc-12': err('fatal_lowering') }),
      8: per(ok, { 'gcc-12': HALTED }),
      9: per(readAll(10, 23), { 'gcc-12': HALTED }),
    },
    last: per(UNDEF, { libgomp: readAll(10, 23), 'gcc-12': HALTED, 'llvm-offload': readAll(10, 23) }),
  },
  {
    name: 'libgomp.fortran/target-enter-data-4.f90 (ip): a pointer and its pointee entered with alloc, written by a kernel that maps them alloc, come home with exit data from (K-B23, K-B53)',
    cite: `${TF}target-enter-data-4.f90: allocate (ip(5)); target enter data map(alloc: ip); target map(alloc: ip) { error stop unless associated (ip) and size 5; ip = [11, 22, 33, 44, 55] }; target exit data map(from: ip); error stop unless associated (ip), size (ip) == 5 and ip == [11, …, 55]. 6.0 §7.9.6: the enter data maps the pointer's own storage and the pointee, both new, so the pointer is attached; the kernel's alloc items find them; exit data brings both to 0 and copies them home: the pointee with the kernel's values, the pointer's storage under the text with the device address (K-B23 device-value: spec), so the host read through ip is undefined; libgomp (restore) and LLVM keep the host pointer. gcc-12: the from item of the pointer stops gomp_exit_data (K-B53 abort, the test postdates GCC 12: PR fortran/107508). ip is the plain pointer p => a; map(alloc: ip) is map(alloc: p, p(:)); the kernel writes 11; the bound checks and the other variables are left out`,
    world: IP_WORLD,
    steps: [
      ompEnter([map('alloc', ['p', 'p%p'])]),
      targetWrite('p%p', 11, [map('alloc', ['p', 'p%p'])]),
      ompExit([map('from', ['p', 'p%p'])]),
      hostRead('a'),
      hostRead('p%p'),
    ],
    at: { 1: ok, 2: ok, 3: per(ok, { 'gcc-12': err('fatal_lowering') }), 4: per(readAll(5, 11), { 'gcc-12': HALTED }) },
    last: per(UNDEF, { libgomp: readAll(5, 11), 'gcc-12': HALTED, 'llvm-offload': readAll(5, 11) }),
  },
  {
    name: 'libgomp.c/examples-4/array_sections-4.c: inside a target data region of A[0:10], a target construct maps a section of A through a pointer and A[0:10] again; its writes come home at the region\'s end',
    cite: `${TE}array_sections-4.c: int A[30], *p; target data map(A[0:10]) { p = &A[0]; target map(p[3:7]) map(A[0:10]) { A[2] = 777; A[8] = 777; p[8] = 999 } }; abort () unless A[2] == 777 and A[8] == 999 (6.0 §7.9.6: both items find the region's entry, so the construct copies nothing; p is attached to its storage; the region's end copies A[0:10] home). p is the plain pointer p => a, named map(to: p) as the language asks of a kernel through p (GCC passes it firstprivate with the section's device address); one construct per write, those writing A directly with map(A[0:10]) alone (a construct whose kernel never uses p keeps no map of p in gfortran 12, K-B55, and its section's always pointer would then find p unmapped, K-B42: an artefact of the split)`,
    world: SECTIONS4_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['a(1:10)'])]),
      targetWrite('a(3:3)', 777, [map('tofrom', ['a(1:10)'])]),
      targetWrite('a(9:9)', 777, [map('tofrom', ['a(1:10)'])]),
      targetWrite('p%p(9:9)', 999, SECTIONS4_MAPS),
      ompDataEnd,
      hostRead('a(3:3)'),
      hostRead('a(9:9)'),
    ],
    at: { 2: ok, 3: ok, 4: ok, 5: ok, 6: read(777) },
    last: read(999),
  },
  {
    name: 'libgomp.c/examples-4/target_update-2.c: target update to of changed inputs inside a target data region; the second kernel builds on the first one\'s device result, which comes home at the end',
    cite: `${TE}target_update-2.c vec_mult: init (v1, v2); target data map(to: v1[:N], v2[:N]) map(from: p[0:N]) { target p[i] = v1[i] * v2[i]; changed = maybe_init_again (v1, N) (v1[i] = i); target update if (changed) to(v1[:N]); the same for v2; target p[i] = p[i] + v1[i] * v2[i] }; check (p, p1): the reference result computed on the host (6.0 §15.9: the updates copy the new inputs; §7.9.6: the kernels' implicit maps find the region's entries, p is copied home once). Scaled: 8 elements, v1 = 2, v2 = 3, then 4 and 5, so p is 6, then 26; each kernel is split into reads and one write`,
    world: UPDATE2_WORLD,
    steps: [
      ompDataBegin([map('to', ['v1(1:8)', 'v2(1:8)']), map('from', ['p(1:8)'])]),
      targetRead('v1'),
      targetRead('v2'),
      targetWrite('p', 6),
      hostWrite('v1', 4),
      ompUpdate([motion('to', ['v1(1:8)'])]),
      hostWrite('v2', 5),
      ompUpdate([motion('to', ['v2(1:8)'])]),
      targetRead('p'),
      targetRead('v1'),
      targetRead('v2'),
      targetWrite('p', 26),
      hostRead('p'),
      ompDataEnd,
      hostRead('p'),
    ],
    at: { 2: readAll(8, 2), 3: readAll(8, 3), 9: readAll(8, 6), 10: readAll(8, 4), 11: readAll(8, 5), 13: readAll(8, 0) },
    last: readAll(8, 26),
  },
  // K-B55 `descriptor` (gcc-12): in mapcheck's Fortran form the arrays are pointer arrays, and a whole one the
  // region does not use keeps its data map without its descriptor, which no earlier map put on the device:
  // "always pointer not mapped" there (profiles/measured/probes-gcc-12-2026-12-06f.md).
  stoppedUnder({
    name: 'libgomp.c/examples-4/device-1.c: a target data region whose if clause is false runs on the host, so the inner target construct\'s from item copies home; with the if clause true its to item counts the entry and the from item copies nothing',
    cite: `${TE}device-1.c (offload_device_nonshared_as): a = 100; target data map(to: b) if (a > 200 && a < 400) { target map(from: b, d) b = 100 }: b == 100; a += 200; b = 0; the same blocks: b == 0 (the region maps b on the device, so the target construct finds it and its from copies nothing, and the region's to item copies nothing home); a += 200: b == 100 again (6.0 §15.7: a false if clause makes the host the target device; §7.9.6: from copies when the count reaches 0). A false if clause is written device(omp_get_initial_device()); the target constructs with if and omp_is_initial_device are left out`,
    world: DEVICE1_WORLD,
    steps: [
      ompDataBegin([map('to', ['b'])], HOST),
      targetWrite('b', 100, [map('from', ['b', 'd'])]),
      ompDataEnd,
      hostRead('b'),
      hostWrite('b', 0),
      ompDataBegin([map('to', ['b'])]),
      targetWrite('b', 100, [map('from', ['b', 'd'])]),
      ompDataEnd,
      hostRead('b'),
      hostWrite('b', 0),
      ompDataBegin([map('to', ['b'])], HOST),
      targetWrite('b', 100, [map('from', ['b', 'd'])]),
      ompDataEnd,
      hostRead('b'),
    ],
    at: { 2: ok, 4: read(100), 7: ok, 9: read(0), 12: ok },
    last: read(100),
  }, 'gcc-12', 2, err('fatal_lowering')),
  {
    name: 'libgomp.c/examples-4/declare_target-4.c: a declare target array initialised on the host reaches the device through target update to; the kernels read it without mapping it',
    cite: `${TE}declare_target-4.c: declare target float Q[N][N]; init () writes Q on the host; target update to(Q); each accum (k): target map(tofrom: tmp) sums Pfun (i, k) = Q[i][k] * Q[k][i]; check against the host's sums (abort () on a mismatch) (6.0 §7.9.7: the device copy holds the initial values, 0, until the update; §15.9). Q is a row of 8 ints, init () writes 3; a kernel reading q stands for the sums; the read before the update is the text's`,
    world: Q_DECLARE_WORLD,
    steps: [declareTarget(['enter', 'q']), hostWrite('q', 3), targetRead('q'), ompUpdate([motion('to', ['q'])]), targetRead('q'), hostRead('q')],
    at: { 3: readAll(8, 0), 4: ok, 5: readAll(8, 3) },
    last: readAll(8, 3),
  },
  {
    name: 'declare_target-1.c: a kernel reads a declare target array (through a function) and returns its initial value through a from item',
    cite: `${T}declare_target-1.c (PR c++/99509): declare target int data[] = { 5 }; target map(from: i) i = foo (0) (data[0]); abort () unless i == 5 (6.0 §7.9.7: the device copy of a declare target variable holds its initial value). The kernel reads data itself`,
    world: DATA_WORLD,
    steps: [declareTarget(['enter', 'data']), targetRead('data'), isPresent(v('data'))],
    at: { 2: read(5) },
    last: YES,
  },
  {
    name: 'target-is-accessible-2.c: under requires unified_shared_memory host memory is accessible from every device, the host included',
    cite: `${T}target-is-accessible-2.c (omp_usm): requires unified_shared_memory; a = omp_alloc (sizeof (int), ompx_unified_shared_mem_alloc); for d = 0 … omp_get_num_devices (): abort () unless omp_target_is_accessible (a, sizeof (int), d) (6.0 §10.5.1.5: every device reaches host storage; §25.2.2). a is host memory of the world (the libgomp allocator has no counterpart); GCC 12 has no omp_target_is_accessible (K-B25)`,
    world: USM_ACCESSIBLE_WORLD,
    steps: [isAccessible(v('a'), 4, 0), isAccessible(v('a'), 4, 1), isAccessible(v('a'), 4, HOST)],
    at: { 1: YES, 2: YES },
    last: YES,
  },
  {
    name: 'libgomp.fortran/map-alloc-ptr-1.f90 (p1): a pointer mapped by a target data region while null, then associated (twice) inside it: each target construct maps and attaches the new pointee, whose values come home at its end (K-B23)',
    cite: `${TF}map-alloc-ptr-1.f90 (PR fortran/96668), the pointer p1: p1 => null (); target data map(a1, a2, p1) { target: stop 1 if associated (p1); allocate (p1, source = [9, …, 4]); target (p1 implicit, "target is automatically mapped"): stop 7, 10 unless associated with those values; p1(:) = [-1, …, -6]; stop 141 unless p1 == [-1, …]; allocate (p1, source = [99, …, 33]); target ("this also should work"): stop 7, 10 unless associated with those; p1(:) = [-11, …, -77] }; stop 142 unless p1 == [-11, …] (6.0 §7.9.6: the region maps the pointer's own storage; each target construct finds it and maps the pointee, new, so the corresponding pointer is attached; the pointee comes home at the construct's end; the region's end copies the pointer's storage home, under the text with the device address it last held (K-B23 device-value: spec, gcc-12), so the host read through p1 is undefined there; libgomp (restore) and LLVM keep the host pointer). p1 is the plain pointer p, its allocations a and b (assigned, not allocated); the implicit maps are written map(tofrom: p, p(:)); the kernels write -1 and -11; a1, a2, p2, p3 and the block are left out`,
    world: P1_WORLD,
    steps: [
      ompDataBegin([map('tofrom', ['p', 'p%p'])]),
      targetPointer('p%p', P1_MAPS),
      assign('p%p', 'a'),
      targetRead('p%p', P1_MAPS),
      targetWrite('p%p', -1, P1_MAPS),
      hostRead('a'),
      assign('p%p', 'b'),
      targetRead('p%p', P1_MAPS),
      targetWrite('p%p', -11, P1_MAPS),
      ompDataEnd,
      hostRead('b'),
      hostRead('p%p'),
    ],
    at: { 1: ok, 2: value(null), 4: readAll(10, 1), 5: ok, 6: readAll(10, -1), 8: readAll(10, 2), 9: ok, 10: ok, 11: readAll(10, -11) },
    last: per(UNDEF, { libgomp: readAll(10, -11), 'gcc-12': UNDEF, 'llvm-offload': readAll(10, -11) }),
  },
  // K-B55 `descriptor` (gcc-12): in mapcheck's Fortran form the arrays are pointer arrays, and a whole one the
  // region does not use keeps its data map without its descriptor, which no earlier map put on the device:
  // "always pointer not mapped" there (profiles/measured/probes-gcc-12-2026-12-06f.md).
  stoppedUnder({
    name: 'libgomp.fortran/map-subarray-6.f90: a derived type mapped whole beside its pointers\' targets, mapped separately, gets no attachment; the kernel dereferences the host addresses (dg-shouldfail on a discrete device)',
    cite: `${TF}map-subarray-6.f90: var%p => tgt, var%p2 => tgt2; target map(tgt, tgt2(4:6), var) { var%p(1) = 5; var%p2(5) = 7 }; stop 1, 2 unless the host sees 5 and 7; dg-shouldfail "" { offload_device_nonshared_as }: on a device with its own memory the program fails. 6.0 §7.9.6: pointer attachment is for a list item that is a pointer or has one as base pointer; var's pointer components are no list items (attach-ineligible), so the corresponding pointers are var's copied host addresses, and the kernel dereferences a host address on a discrete device: undefined, under every profile. var is c (pointers p, q), tgt a, tgt2 b (10 elements); one construct per write`,
    world: SUBARRAY6_WORLD,
    steps: [targetWrite('c%p(1:1)', 5, SUBARRAY6_MAPS), targetWrite('c%q(5:5)', 7, SUBARRAY6_MAPS), hostRead('a(1:1)'), hostRead('b(5:5)')],
    at: { 1: UNDEF },
    last: HALTED,
  }, 'gcc-12', 1, err('fatal_lowering')),
  {
    name: 'libgomp.fortran/map-subarray-7.f90: sections of two arrays and, on the same construct, pointers whose targets are those whole arrays: libgomp stops (dg-shouldfail); 6.0 storage blocks join them',
    cite: `${TF}map-subarray-7.f90: p => A; var%p2 => p2; target map(A(3:4), p2(4:8), p, var%p2) { A(3) += 1; p2(4) += 2 }; stop 1, 2 unless 1 and 2; "These arrays 'share original storage', so are unsupported. This will (correctly) fail with a non-shared address space": dg-shouldfail on offload_device_nonshared_as. libgomp keys A(3:4) first and then meets the whole A that p names (K-B16 struct-block, K-B5 error: "Trying to map into device … already mapped"; gcc-12 the same). 6.0 §7.9.6 (K-B16 storage-block: spec, LLVM): the items naming A form one storage block, and so do those naming p2, so the construct runs; the kernel's writes come home; under the text the pointers' own storage goes home with device addresses (K-B23 device-value), so the second construct, which resolves them on the host, is undefined. 5.2 (K-B16 list-item: spec-omp-5.2) keys A(3:4) first and the whole A extends it (K-B5 undefined). A is a, p the plain pointer p (map(p) is map(p, p(:))), p2 b (20 elements), var c with c%q; one construct per write`,
    world: SUBARRAY7_WORLD,
    steps: [targetWrite('a(3:3)', 1, SUBARRAY7_MAPS), targetWrite('b(4:4)', 2, SUBARRAY7_MAPS), hostRead('a(3:3)'), hostRead('b(4:4)')],
    at: {
      1: per(ok, { libgomp: err('fatal_partial_map'), 'spec-omp-5.2': UNDEF }),
      2: per(UNDEF, { libgomp: HALTED, 'spec-omp-5.2': HALTED, 'llvm-offload': ok }),
      3: per(HALTED, { 'llvm-offload': read(1) }),
    },
    last: per(HALTED, { 'llvm-offload': read(2) }),
  },
  {
    name: 'libgomp.fortran/use_device_addr-3.f90 (test_dummy_callee_1): use_device_addr inside a target data region gives the device addresses of a to and a from array; device code writing through them is what the from item brings home',
    cite: `${TF}use_device_addr-3.f90 test_dummy_callee_1, the first block: aa = 11, bb = 22; target data map(to: aa) map(from: bb) use_device_addr(aa, bb) { copy3_array (c_loc (aa), c_loc (bb), N): a target construct with is_device_ptr computes bb(i) = 3 * aa(i) through the device addresses }; stop 1 unless aa == 11 and bb == 3 * aa (6.0 §7.5.10, §15.7: inside the region the list items refer to the corresponding storage; §7.9.6: bb comes home at the region's end). The device code is an omp_target_memcpy from aa's device address to bb's on the device (a copy standing for the product, so bb comes home as 11); the two use_device_addr items are two nested regions; the allocatable and pointer blocks and the other procedures are left out`,
    world: UDA_WORLD,
    steps: [
      ompDataBegin([map('to', ['aa']), map('from', ['bb'])]),
      useDeviceBegin('aa', 'daa'),
      useDeviceBegin('bb', 'dbb'),
      memcpy(h('dbb'), h('daa'), 40, 0, 0, 0, 0),
      useDeviceEnd,
      useDeviceEnd,
      ompDataEnd,
      hostRead('aa'),
      hostRead('bb'),
    ],
    at: { 2: dev(1), 3: dev(2), 4: ZERO, 7: ok, 8: readAll(10, 11) },
    last: readAll(10, 11),
  },
  {
    name: 'libgomp.c-c++-common/struct-elem-1.c: structure elements entered together leave together: exit data release of s.b takes s.a with it',
    cite: `${T}struct-elem-1.c: struct S { int a, b; } s; target enter data map(alloc: s.a, s.b); target exit data map(release: s.b); abort () if omp_target_is_present (&s.a, d), d the default device ("OpenMP 5.0 structure element mapping rules describe that elements of same structure variable should allocate/deallocate in a uniform fashion"). 6.0 §7.9.6 (K-B16 storage-block: spec, LLVM) and libgomp (struct-block: GOMP_MAP_STRUCT groups s.a and s.b under one count): s.a and s.b are one storage block, so the release that takes its count to 0 removes both. 5.2 (K-B16 list-item: spec-omp-5.2) counts each item on its own: s.a stays. S is struct s with no pointer member (pointers []) and the members a, b; mapcheck import reads the test as it is written`,
    world: { arrays: [], structs: [{ name: 's', pointers: [], fields: [{ name: 'a' }, { name: 'b' }] }], devices: [{ kind: 'discrete' }] },
    steps: [ompEnter([map('alloc', ['s%a', 's%b'])]), ompExit([map('release', ['s%b'])]), isPresent(v('s%a'), 0)],
    at: { 1: ok, 2: ok },
    last: per(NO, { 'spec-omp-5.2': YES, 'K-B16=list-item': YES }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (more scenarios of the libgomp testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
