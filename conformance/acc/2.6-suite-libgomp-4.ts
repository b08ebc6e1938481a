// A fourth set of scenarios from GCC's own OpenACC testsuite (gcc-mirror/gcc, libgomp/testsuite/
// libgomp.oacc-c-c++-common and libgomp.oacc-fortran), OpenACC 3.3 §2.6 Data Environment, beside
// conformance/acc/2.6-suite-libgomp.ts, -2.ts, -3.ts and 3.2-suite-libgomp.ts (whose tests are
// not redone here): data-1.c (data regions of copyout, present_or_copy, copyin with a nested
// present region and create over two scalars, the host's writes inside them and the kernels'),
// data-4-2.f90 (enter data, update self / device / host around compute constructs that find the
// data present, exit data delete; its async clauses and waits taken as program order), lib-61.c
// (acc_memcpy_to_device / acc_memcpy_from_device through acc_malloc memory never make the host
// data present), lib-22.c (acc_copyout of a tail of data acc_copyin made present runs) and
// dynamic-pointer-1.f90 (its host-side parts: a pointer to entered data copied implicitly by
// compute constructs, then entered with enter data create).
// Each row names the test and the asserts that give its libgomp / gcc-12 expectation; the other
// profiles' expectation is the text's (spec-digest.md), written by hand. A test is reduced to what
// the language says: scalars as one-element arrays, a constant written by a kernel where the test
// computes one, 4-byte elements for bytes, one iteration of a loop over arrays. Scenarios whose
// evidence and the engines disagree are not here: README.md "Suite-derived rows".

import { ok, read, readAll, section, value, type Row } from '../rows.js';
import type { World } from '../../lang/program.js';
import {
  accCopyin,
  accCopyout,
  accFree,
  accIsPresent,
  accMalloc,
  accMemcpyFromDevice,
  accMemcpyToDevice,
  assign,
  copy,
  copyin,
  copyout,
  create,
  dataBegin,
  dataEnd,
  del,
  device,
  enterData,
  exitData,
  h,
  host,
  hostBounds,
  hostRead,
  hostWrite,
  parallelBlock,
  parallelBounds,
  parallelCopy,
  parallelWrite,
  present,
  remap,
  self,
  update,
} from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const C = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-c-c++-common/';
const F = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-fortran/';
const YES = value(true);
const NO = value(false);

/** data-1.c's `int i` (global) and `int j` (local), set to -1 and -2 before each region: one-element arrays i and j. */
const IJ_WORLD: World = {
  arrays: [
    { name: 'i', length: 1, init: -1 },
    { name: 'j', length: 1, init: -2 },
  ],
  structs: [],
};

/** data-4-2.f90's `real, allocatable :: a(:), b(:), c(:), d(:), e(:)` with N = 64 (4 here): a = 3, the rest 0. */
const ABCDE_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: 3 },
    { name: 'b', length: 4, init: 0 },
    { name: 'c', length: 4, init: 0 },
    { name: 'd', length: 4, init: 0 },
    { name: 'e', length: 4, init: 0 },
  ],
  structs: [],
};

/**
 * dynamic-pointer-1.f90's `integer, dimension (:, :, :), allocatable, target :: a1, a2` and
 * `integer, dimension (:, :, :), pointer :: p` as rank-1 arrays a (4 elements) and b (6), and the
 * plain pointer p (the canonical form of lang/README.md "Plain pointer variables": p(:) is p%p),
 * disassociated at the start.
 */
const DYNPTR_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: 1 },
    { name: 'b', length: 6, init: 2 },
  ],
  structs: [{ name: 'p', pointers: ['p'], plain: true }],
};

const rows: Row[] = [
  {
    name: 'data-1.c (copyout block): inside data copyout(i, j) both are present and the host keeps its own values; a present kernel writes 4 and 2, which the region brings home over the host\'s 2 and 1',
    cite: `${C}data-1.c, the copyout block: i = -1; j = -2; data copyout (i, j) { if (!acc_is_present (&i, sizeof (i)) || !acc_is_present (&j, sizeof (j))) abort (); if (i != -1 || j != -2) abort (); i = 2; j = 1; parallel present (i, j) { i = 4; j = 2; } } if (i != 4 || j != 2) abort () (§2.7.8: copyout creates the copies without copying in and copies them home at the region's end; §2.7.5: the kernel finds them present). The host's checks of i and j are host reads; the kernel is a block of two statements`,
    world: IJ_WORLD,
    steps: [
      dataBegin(copyout('i', 'j')),
      accIsPresent('i'),
      accIsPresent('j'),
      hostRead('i'),
      hostWrite('i', 2),
      hostWrite('j', 1),
      parallelBlock([{ write: 'i', value: 4 }, { write: 'j', value: 2 }], present('i', 'j')),
      dataEnd,
      hostRead('i'),
      hostRead('j'),
    ],
    at: { 1: ok, 2: YES, 3: YES, 4: read(-1), 7: ok, 8: ok, 9: read(4) },
    last: read(2),
  },
  {
    name: 'data-1.c (present_or_copy block): data copy(i, j) of absent data copies -1 and -2 in; the host\'s 2 and 1 inside the region are overwritten by the copy home at its end',
    cite: `${C}data-1.c, the present_or_copy block (not ACC_MEM_SHARED): i = -1; j = -2; data present_or_copy (i, j) { if (!acc_is_present (&i, …) || !acc_is_present (&j, …)) abort (); if (i != -1 || j != -2) abort (); i = 2; j = 1; } if (i != -1 || j != -2) abort () (§2.7.6: present_or_copy is copy; the copy action copies the host values in, and at the region's end the device values, still -1 and -2, come home over the host's)`,
    world: IJ_WORLD,
    steps: [dataBegin(copy('i', 'j')), accIsPresent('i'), accIsPresent('j'), hostWrite('i', 2), hostWrite('j', 1), dataEnd, hostRead('i'), hostRead('j')],
    at: { 1: ok, 2: YES, 3: YES, 6: ok, 7: read(-1) },
    last: read(-2),
  },
  {
    name: 'data-1.c (create and copyin / present blocks): data create(i, j) and data copyin(i, j) with a nested data present(i, j) make both present and copy nothing home; after the regions neither is present',
    cite: `${C}data-1.c, the create block: i = -1; j = -2; data create (i, j) { present (acc_is_present), i == -1 and j == -2 on the host; i = 2; j = 1; } if (i != 2 || j != 1) abort (); and the copyin / present block: i = -1; j = -2; data copyin (i, j) { data present (i, j) { present; i == -1, j == -2; i = 2; j = 1; } } if (i != 2 || j != 1) abort (); and the last block: data { if (acc_is_present (&i, …) || acc_is_present (&j, …)) abort () } (§2.7.9, §2.7.7: neither clause copies home; §2.7.5: the nested present finds the data; §2.6.5: the regions' ends delete the copies). The reset of i and j between the blocks is a host write; the clause-less data region is the presence check after the regions`,
    world: IJ_WORLD,
    steps: [
      dataBegin(create('i', 'j')),
      accIsPresent('i'),
      accIsPresent('j'),
      hostWrite('i', 2),
      hostWrite('j', 1),
      dataEnd,
      hostRead('i'),
      hostRead('j'),
      hostWrite('i', -1),
      hostWrite('j', -2),
      dataBegin(copyin('i', 'j')),
      dataBegin(present('i', 'j')),
      accIsPresent('i'),
      accIsPresent('j'),
      hostRead('i'),
      hostWrite('i', 2),
      hostWrite('j', 1),
      dataEnd,
      dataEnd,
      hostRead('i'),
      hostRead('j'),
      accIsPresent('i'),
      accIsPresent('j'),
    ],
    at: { 1: ok, 2: YES, 3: YES, 6: ok, 7: read(2), 8: read(1), 11: ok, 12: ok, 13: YES, 14: YES, 15: read(-1), 18: ok, 19: ok, 20: read(2), 21: read(1), 22: NO },
    last: NO,
  },
  {
    name: 'data-4-2.f90 (async as program order): enter data copyin, kernels that find the data present, update self / device / host between them, a second enter data and exit data delete: every update moves the values the test checks',
    cite: `${F}data-4-2.f90 ("Copy of data-4.f90 with self exchanged with host for !acc update"): a(:) = 3.0; b(:) = 0.0; enter data copyin (a(1:N)) copyin (b(1:N)) copyin (N); parallel b(i) = a(i); update self (a(1:N), b(1:N)); abort unless a(i) == 3 and b(i) == 3; a(:) = 2.0; b(:) = 0.0; update device (a, b); parallel b(i) = a(i); update host (a, b); abort unless a(i) == 2, b(i) == 2; a(:) = 3.0; b, c, d = 0; enter data copyin (c, d); update device (a, b); parallel b(i) = a³ / a; parallel c(i) = 4 a / a; parallel d(i) = (a² + a) / a - a; update self (a, b, c, d); abort unless 3, 9, 4, 1; a(:) = 2.0; b … e = 0; enter data copyin (e); update device (a, b, c, d); the three kernels; parallel e(i) = a + b + c + d; update self (a … e); exit data delete (N, a … e); abort unless 2, 4, 4, 1, 11 (§2.6.2: a kernel's arrays entered before are present and only counted; §2.14.4: update device / self / host copy between the copies). The async and wait clauses are taken as program order; the scalar N is left out; N = 4; the computed kernels write their constants; the fourth block's checks come after the exit, as in the test`,
    world: ABCDE_WORLD,
    steps: [
      enterData(copyin('a', 'b')),
      parallelCopy('b', 'a'),
      update(self('a', 'b')),
      hostRead('a'),
      hostRead('b'),
      hostWrite('a', 2),
      hostWrite('b', 0),
      update(device('a', 'b')),
      parallelCopy('b', 'a'),
      update(host('a', 'b')),
      hostRead('a'),
      hostRead('b'),
      hostWrite('a', 3),
      hostWrite('b', 0),
      enterData(copyin('c', 'd')),
      update(device('a', 'b')),
      parallelWrite('b', 9),
      parallelWrite('c', 4),
      parallelWrite('d', 1),
      update(self('a', 'b', 'c', 'd')),
      hostRead('a'),
      hostRead('b'),
      hostRead('c'),
      hostRead('d'),
      hostWrite('a', 2),
      hostWrite('b', 0),
      hostWrite('c', 0),
      hostWrite('d', 0),
      enterData(copyin('e')),
      update(device('a', 'b', 'c', 'd')),
      parallelWrite('b', 4),
      parallelWrite('c', 4),
      parallelWrite('d', 1),
      parallelWrite('e', 11),
      update(self('a', 'b', 'c', 'd', 'e')),
      exitData(del('a', 'b', 'c', 'd', 'e')),
      hostRead('a'),
      hostRead('b'),
      hostRead('c'),
      hostRead('d'),
      hostRead('e'),
      accIsPresent('a'),
    ],
    at: {
      1: ok,
      2: ok,
      3: ok,
      4: readAll(4, 3),
      5: readAll(4, 3),
      8: ok,
      9: ok,
      10: ok,
      11: readAll(4, 2),
      12: readAll(4, 2),
      15: ok,
      16: ok,
      20: ok,
      21: readAll(4, 3),
      22: readAll(4, 9),
      23: readAll(4, 4),
      24: readAll(4, 1),
      29: ok,
      30: ok,
      35: ok,
      36: ok,
      37: readAll(4, 2),
      38: readAll(4, 4),
      39: readAll(4, 4),
      40: readAll(4, 1),
      41: readAll(4, 11),
    },
    last: NO,
  },
  {
    name: 'lib-61.c: acc_memcpy_to_device into acc_malloc memory leaves the host data absent; acc_memcpy_from_device brings the values back over the host\'s zeros; still absent; acc_free',
    cite: `${C}lib-61.c: h[i] = malloc (N), p[j] = i; d[i] = acc_malloc (N); acc_memcpy_to_device (d[i], h[i], N); if (acc_is_present (h[i] + j, 1) != 0) abort (); memset (h[i], 0, N); acc_memcpy_from_device (h[i], d[i], N); if (p[j] != i) abort (); if (acc_is_present (h[i] + j, 1) != 0) abort (); acc_free (d[i]) (§3.2.26, §3.2.27: the copies move bytes between host and device memory and map nothing; §3.2.25). One of the test's 256 buffers (a, 10 elements of 1 for N bytes); the per-byte presence loops are the first and the last element`,
    world: ACC_WORLD,
    steps: [
      accMalloc('d', 40),
      accMemcpyToDevice(h('d'), 'a'),
      accIsPresent('a(1:1)'),
      accIsPresent('a(10:10)'),
      hostWrite('a', 0),
      accMemcpyFromDevice('a', h('d')),
      hostRead('a'),
      accIsPresent('a(1:1)'),
      accIsPresent('a(10:10)'),
      accFree(h('d')),
    ],
    at: { 2: ok, 3: NO, 4: NO, 6: ok, 7: readAll(10, 1), 8: NO, 9: NO },
    last: ok,
  },
  {
    name: 'dynamic-pointer-1.f90 (host-side parts): a kernel\'s implicit copy of a pointer to entered data sees its target\'s bounds, again after the pointer is reassociated; after enter data create(p) the device copy of p keeps pointing at the target it had',
    cite: `${F}dynamic-pointer-1.f90 ("Verify that a 'enter data'ed 'pointer' object creates a persistent, visible device copy"): allocate (a1(1:n, 0:n-1, 10:n/2)); enter data create(a1); allocate (a2(3:n/3, 10:n, n-10:n+10)); enter data create(a2); p => a1; parallel ("Implicit 'copy(p)'; creates 'p' object...") call verify_a(a1, p) (stop 101 / 102 / 103 unless p's lbound, ubound and size are a1's); p => a2; the same with a2; p => a1; enter data create(p) ("'p' object is now present on the device"); parallel ("On the device, got created as 'p => a1'") call verify_a(a1, p); call verify_a(a1, p) on the host (§2.6.2: a pointer a compute construct references is copied, its target found present and attached; §2.7.9: create of a pointer creates its device copy and attaches it to the present target). Rank 1 for rank 3: a1 is a (1:4), a2 is b, pointed to as p(3:) => b so that its bounds are 3:8; the implicit copy(p) is written as copy(p, p(:)) (gfortran's implicit map of a pointer array: its descriptor and its target), enter data create(p) as create(p, p(:)); verify_a is a kernel reading the bounds; the later parts, which reassociate p inside kernels, are left out (the language has no device-side pointer assignment)`,
    world: DYNPTR_WORLD,
    steps: [
      enterData(create('a')),
      enterData(create('b')),
      assign('p%p', 'a'),
      parallelBounds('p%p', copy('p', 'p%p')),
      remap('p%p', 3, 'b'),
      parallelBounds('p%p', copy('p', 'p%p')),
      assign('p%p', 'a'),
      enterData(create('p', 'p%p')),
      parallelBounds('p%p', present('p')),
      hostBounds('p%p'),
    ],
    at: { 1: ok, 2: ok, 4: read(1, 4), 6: read(3, 8), 8: ok, 9: read(1, 4) },
    last: read(1, 4),
  },
  {
    name: 'lib-22.c: acc_copyout of all but the first element of data acc_copyin made present runs',
    cite: `${C}lib-22.c (the version with "CheCKpOInT" and no dg-shouldfail; an older one expected libgomp's "surrounds2" abort): h = malloc (N), h[i] = i; acc_copyin (h, N); acc_copyout (h + 1, N - 1); dg-output "CheCKpOInT" only, so the program runs to its end (§3.2.19: the data the call names is present, it lies inside the data acc_copyin made present). libgomp oacc-mem.c goacc_exit_datum_1 stops only on data "outside mapped block". h is a, N bytes its 10 elements`,
    world: ACC_WORLD,
    steps: [accCopyin('a'), accCopyout('a(2:10)')],
    last: ok,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6',
  title: 'Data Environment (a fourth set of scenarios of the libgomp testsuite)',
  rules: [],
  world: ACC_WORLD,
  rows,
});
