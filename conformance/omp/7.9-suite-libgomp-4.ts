// A fourth set of scenarios from GCC's OpenMP offloading testsuite (gcc-mirror/gcc
// libgomp/testsuite/libgomp.c, libgomp.c-c++-common and libgomp.fortran), OpenMP 6.0 §7.9
// Data-Mapping Control, beside conformance/omp/7.9-suite-libgomp.ts, -2.ts and -3.ts (whose tests
// are not redone here): target-22.c (a target construct mapping three pointer members of a struct
// and sections of their targets with to, tofrom and from), target-17.c (a target construct's to
// map, then a construct that maps the array implicitly and copies the host's new values in),
// target-present-2.c (defaultmap(present) of entered arrays runs, of an array never mapped it is an
// error) and libgomp.fortran/target-enter-data-6.f90 (its array component, integer array and
// pointer array blocks: enter data alloc of a tail, a kernel, exit data from of the tail). Each
// row names the test and the asserts that give the libgomp expectation; the other profiles'
// expectations are the text's (6.0 §7.9.3, §7.9.6), written by hand, with gcc-12's where its
// knob readings differ. Tests where the test's evidence and the engines disagree are not rows
// here: README.md "Suite-derived rows".
import { HALTED, err, ok, per, read, section, value, type Row } from '../rows.js';
import { hostAdd, hostRead, hostWrite, isPresent, map, ompEnter, ompExit, targetCopy, targetRamp, targetRead, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c/';
const TF = 'gcc-mirror/gcc libgomp/testsuite/libgomp.fortran/';
const TC = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c-c++-common/';

const ramp = (n: number, from: number): number[] => Array.from({ length: n }, (_, i) => from + i);

/**
 * target-22.c's `int a[32]` (a[i] = i), `char b[32]` (32 + i) and `short c[32]` (64 + i; d here,
 * all 4-byte elements) and `struct S s` with s.s = a, s.u = b + 2, s.w = c + 3: struct s with the
 * pointer members s, u and w. The nested struct T (s.v.b = a + 16, s.v.a, s.v.c) is left out: its
 * pointer aliases a, which the language's kernels do not allow beside s.s. One discrete device.
 */
const S22_WORLD: World = {
  arrays: [
    { name: 'a', length: 32, init: ramp(32, 0) },
    { name: 'b', length: 32, init: ramp(32, 32) },
    { name: 'd', length: 32, init: ramp(32, 64) },
  ],
  structs: [{ name: 's', pointers: ['s', 'u', 'w'], init: { s: 'a', u: 'b(3:32)', w: 'd(4:32)' } }],
  devices: [{ kind: 'discrete' }],
};
/** target-22.c's clauses: map (to: s.w, s.u, s.s) map (to: s.u[1:4]) map (tofrom: s.s[3:3]) map (from: s.w[0:4]). */
const S22_MAPS = [map('to', ['s%w', 's%u', 's%s']), map('to', ['s%u(2:5)']), map('tofrom', ['s%s(4:6)']), map('from', ['s%w(1:4)'])];
/**
 * K-B42 `abort` (gcc-12: gfortran 12 lowers a pointer component with GOMP_MAP_ALWAYS_POINTER): the
 * construct maps members of s, not s, and libgomp aborts "always pointer not mapped".
 */
const S22_FIRST = per(ok, { 'gcc-12': err('fatal_lowering') });

/** target-17.c's `int a[n]` with n = 9, a[i] = 5 * i; one discrete device. */
const A9_WORLD: World = { arrays: [{ name: 'a', length: 9, init: ramp(9, 0).map((i) => 5 * i) }], structs: [], devices: [{ kind: 'discrete' }] };

/** target-present-2.c's `int a[N], b[N], c[N]` with N = 100 (4 here): a[i] = 2 i, b[i] = 3 i + 1, c unset (0). */
const ABC_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: [0, 2, 4, 6] },
    { name: 'b', length: 4, init: [1, 4, 7, 10] },
    { name: 'c', length: 4, init: 0 },
  ],
  structs: [],
  devices: [{ kind: 'discrete' }],
};

/**
 * target-enter-data-6.f90's `integer :: ii(5)` (a) and `integer, pointer :: ip(:)` after allocate
 * (ip(5)): the plain pointer p => b (the canonical form of lang/README.md "Plain pointer
 * variables": ip(2:5) is p%p(2:5)); both 0 until the test writes them. One discrete device.
 */
const II_IP_WORLD: World = {
  arrays: [
    { name: 'a', length: 5, init: 0 },
    { name: 'b', length: 5, init: 0 },
  ],
  structs: [{ name: 'p', pointers: ['p'], plain: true, init: { p: 'b' } }],
  devices: [{ kind: 'discrete' }],
};

/**
 * target-enter-data-6.f90's `type(t) :: dt` with `integer :: ic(2:5)`: struct c with the
 * non-pointer member arr(4) (ic(2:5) as arr(1:4); the language wants a pointer member in every
 * struct, c%p stays null and unused). One discrete device.
 */
const DT_IC_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'arr', length: 4, init: 0 }] }],
  devices: [{ kind: 'discrete' }],
};

const rows: Row[] = [
  {
    name: 'target-22.c (s.s): a target construct mapping the pointer members of s to and the section s.s[3:3] tofrom writes 128 + i through s.s; the elements come home',
    cite: `${T}target-22.c: s.s = a; s.u = b + 2; s.w = c + 3; target map (to: s.w, s.v.b, s.u, s.s) map (to: s.v.b[0:z + 7], s.u[z + 1:z + 4]) map (tofrom: s.s[3:3]) map (from: s.w[z:4], err) { … for (i = 3; i < 6; i++) s.s[i] = 128 + i; … } if (a[i] != ((i >= 3 && i < 6) ? 128 + i : i)) abort () (6.0 §7.9.6: the pointer members are mapped and attached to the sections of their targets, so the kernel's writes through s.s reach the section's storage, which the tofrom item copies home). The construct's other statements are rows of their own; the s.v items are left out (see the world); the host check reads a(1:8). gcc-12 stops on gfortran's always pointer (K-B42 abort)`,
    world: S22_WORLD,
    steps: [targetRamp('s%s(4:6)', 131, 1, S22_MAPS), hostRead('a(1:8)')],
    at: { 1: S22_FIRST },
    last: per(read(0, 1, 2, 131, 132, 133, 6, 7), { 'gcc-12': HALTED }),
  },
  {
    name: 'target-22.c (s.w): the same construct writes 96 + i through s.w, whose section s.w[0:4] is mapped from: the four elements come home and nothing else of c changes',
    cite: `${T}target-22.c: the same construct, "for (i = 0; i < 4; i++) s.w[i] = 96 + i"; c[i] == ((i >= 3 && i < 7) ? 93 + i : 64 + i), else abort () (6.0 §7.9.6: the from item's storage, attached to s.w, is copied home at the construct's end). c is d here; the host check reads d(1:8). gcc-12 stops on gfortran's always pointer (K-B42 abort)`,
    world: S22_WORLD,
    steps: [targetRamp('s%w(1:4)', 96, 1, S22_MAPS), hostRead('d(1:8)')],
    at: { 1: S22_FIRST },
    last: per(read(64, 65, 66, 96, 97, 98, 99, 71), { 'gcc-12': HALTED }),
  },
  {
    name: 'target-22.c (s.u): the same construct reads s.u[1:4] through s.u, mapped to: the kernel sees b\'s values and b is unchanged',
    cite: `${T}target-22.c: the same construct, "for (i = 1; i < 5; i++) if (s.u[i] != 34 + i) err = 1"; if (err) abort (); b[i] == 32 + i, else abort () (6.0 §7.9.6: the to item copies the section in and attaches s.u to it; nothing of it comes home). The err flag is the kernel's read; the host check reads b(1:8). gcc-12 stops on gfortran's always pointer (K-B42 abort)`,
    world: S22_WORLD,
    steps: [targetRead('s%u(2:5)', S22_MAPS), hostRead('b(1:8)')],
    at: { 1: per(read(35, 36, 37, 38), { 'gcc-12': err('fatal_lowering') }) },
    last: per(read(32, 33, 34, 35, 36, 37, 38, 39), { 'gcc-12': HALTED }),
  },
  {
    name: 'target-17.c: a target construct with map(to: a) sees the host values; after the host adds i, a construct that maps a implicitly copies the new values in, as a is no longer present',
    cite: `${T}target-17.c foo (9): a[i] = 5 * i; target map(to:a) map(from:err) { err = 1 unless a[i] == 5 * i }; if (err) abort (); a[i] += i; target map(from:err) { err = 1 unless a[i] == 6 * i }; if (err) abort () (6.0 §7.9.6: the to item's storage goes at the construct's end; §7.9.3: the second construct's a is mapped tofrom implicitly and copied in anew). The err flags are the kernels' reads; the presence check between is omp_target_is_present; the later constructs (firstprivate, private, parallel reduction) are left out`,
    world: A9_WORLD,
    steps: [
      targetRead('a', [map('to', ['a'])]),
      hostAdd('a', 0, 1),
      isPresent(v('a')),
      targetRead('a'),
    ],
    at: { 1: read(...ramp(9, 0).map((i) => 5 * i)), 3: value(false) },
    last: read(...ramp(9, 0).map((i) => 6 * i)),
  },
  {
    name: 'target-present-2.c: defaultmap(present) of arrays an enter data allocated runs; of an array never mapped it is an error',
    cite: `${TC}target-present-2.c: target enter data map (alloc: a, c); target defaultmap (present) { c[i] = a[i] } ("a and c have already been allocated, so this should be okay", "CheCKpOInT"); target defaultmap (present) { c[i] += b[i] }: dg-output "libgomp: present clause: not present on the device", dg-shouldfail { offload_device_nonshared_as } (6.0 §7.9.3 with defaultmap(present): each referenced array is mapped as if by map(present, tofrom: …); §7.9.6: the present modifier of data without corresponding storage is an error). The defaultmap is written as the present tofrom maps it gives the kernel's arrays; GCC 12 has no present modifier (K-B26 absent); the exit data after the error is left out`,
    world: ABC_WORLD,
    steps: [
      ompEnter([map('alloc', ['a', 'c'])]),
      targetCopy('c', 'a', 0, [map('tofrom', ['c', 'a'], 'present')]),
      targetCopy('c', 'b', 0, [map('tofrom', ['c', 'b'], 'present')], undefined, true),
    ],
    at: { 1: ok, 2: ok },
    last: err('omp_error_not_present'),
  },
  {
    name: 'target-enter-data-6.f90 (dt%ic): enter data alloc of a tail of an array component; the host writes its first element; a kernel writes the tail; exit data from brings the tail home beside the host\'s element',
    cite: `${TF}target-enter-data-6.f90, its integer :: ic(2:5) component block: target enter data map(alloc: dt%ic(3:5)); dt%ic(2) = 22; target map(alloc: dt%ic(3:5)) { dt%ic(3:5) = [33, 44, 55] }; target exit data map(from: dt%ic(3:5)); if (any (dt%ic /= [22, 33, 44, 55])) error stop (6.0 §7.9.6: the member section is its own storage, found present by the kernel and copied home by the exit's from; the element outside it keeps the host's value). ic(2:5) is c%arr(1:4), so the section is c%arr(2:4); the test is dg-xfail-run-if on offload devices for its descriptor and string blocks; the size / bound checks are left out`,
    world: DT_IC_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%arr(2:4)'])]),
      hostWrite('c%arr(1:1)', 22),
      targetRamp('c%arr(2:4)', 33, 11, [map('alloc', ['c%arr(2:4)'])]),
      ompExit([map('from', ['c%arr(2:4)'])]),
      hostRead('c%arr'),
    ],
    at: { 1: ok, 3: ok, 4: ok },
    last: read(22, 33, 44, 55),
  },
  {
    name: 'target-enter-data-6.f90 (ii): enter data alloc of a tail of an array; the host writes the first element; a kernel writes the tail; exit data from of the tail brings it home beside the host\'s element',
    cite: `${TF}target-enter-data-6.f90, its integer :: ii(5) block: target enter data map(alloc: ii(2:5)); ii(1) = -1; target map(alloc: ii(2:5)) { ii(2:5) = [-2, -3, -4, -5] }; target exit data map(from: ii(2:5)); if (any (ii /= [-1, -2, -3, -4, -5])) error stop (6.0 §7.9.6: the section is its own storage; alloc copies nothing, the kernel finds it present, from copies it home at the exit; the host's element outside it is untouched). The test is dg-xfail-run-if on offload devices for its descriptor and string blocks ("fails without the following additional patches"); the size / bound checks are left out`,
    world: II_IP_WORLD,
    steps: [
      ompEnter([map('alloc', ['a(2:5)'])]),
      hostWrite('a(1:1)', -1),
      targetRamp('a(2:5)', -2, -1, [map('alloc', ['a(2:5)'])]),
      ompExit([map('from', ['a(2:5)'])]),
      hostRead('a'),
    ],
    at: { 1: ok, 3: ok, 4: ok },
    last: read(-1, -2, -3, -4, -5),
  },
  {
    name: 'target-enter-data-6.f90 (ip): the same through a pointer array: enter data alloc of ip(2:5), a kernel writes it, exit data from brings it home; gfortran 12 stops at the exit (K-B53 abort)',
    cite: `${TF}target-enter-data-6.f90, its integer, pointer :: ip(:) block: allocate (ip(5)); target enter data map(alloc: ip(2:5)); ip(1) = 11; target map(alloc: ip(2:5)) { ip(2:5) = [22, 33, 44, 55] }; target exit data map(from: ip(2:5)); if (any (ip /= [11, 22, 33, 44, 55])) error stop (6.0 §7.9.6: as for ii, through the pointer's target). The test is dg-xfail-run-if on offload devices (its other blocks); its notes on the component blocks ("libgomp: GOMP_target_enter_exit_data unhandled kind") are gfortran 12's reading K-B53 abort, which gcc-12 gives at the exit data of the pointer's section. The association and bound checks are left out`,
    world: II_IP_WORLD,
    steps: [
      ompEnter([map('alloc', ['p%p(2:5)'])]),
      hostWrite('p%p(1:1)', 11),
      targetRamp('p%p(2:5)', 22, 11, [map('alloc', ['p%p(2:5)'])]),
      ompExit([map('from', ['p%p(2:5)'])]),
      hostRead('p%p'),
    ],
    at: { 1: ok, 3: ok, 4: per(ok, { 'gcc-12': err('fatal_lowering') }) },
    last: per(read(11, 22, 33, 44, 55), { 'gcc-12': HALTED }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (a fourth set of scenarios of the libgomp testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
