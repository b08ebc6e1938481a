// Scenarios from GCC's own OpenMP testsuite (gcc-mirror/gcc, libgomp/testsuite/libgomp.c-c++-common),
// OpenMP 6.0 §7.9 Data-Mapping Control: reference counts of entries that later, smaller items find,
// and structure elements. Each row names the test and the asserts that give the libgomp / gcc-12
// expectation; the other profiles' expectation is the text's (6.0 §7.9.6), written by hand. The
// language maps 4-byte elements, so a test's byte ranges are written as elements. Tests that need
// more than the language or the model has are listed in README.md "Suite-derived rows".

import { err, ok, per, read, section, value, type Row } from '../rows.js';
import { hostRead, hostWrite, isPresent, map, motion, ompEnter, ompExit, ompUpdate, targetRead, targetWrite, v } from '../steps.js';
import { MEMBERS_OMP_WORLD, OMP_WORLD } from '../worlds.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c-c++-common/';
const YES = value(true);
const NO = value(false);

const rows: Row[] = [
  {
    name: 'refcount-1.c: two smaller items inside a mapped variable count its entry once; release of the variable leaves it; from of one item copies that item home and ends the entry',
    cite: `${T}refcount-1.c: a = 0xcdcdcdcd; target enter data map (to:a); a = 0xabababab; target enter data map (alloc:p[:1], q[:1]) (bytes 0 and 2 of a); omp_target_is_present of &a, &p[0], &q[0] all true; target exit data map (release:a): all still present; target exit data map (from:q[:1]): none present, q[0] == 0xcd (the device's), p[0] == 0xab (the host's). Elements 1 and 3 of a(1:4) for the bytes (6.0 §7.9.6: the reference count moves at most once per construct)`,
    world: OMP_WORLD,
    steps: [
      ompEnter([map('to', ['a(1:4)'])]),
      hostWrite('a(1:4)', 7),
      ompEnter([map('alloc', ['a(1:1)', 'a(3:3)'])]),
      isPresent(v('a')),
      isPresent(v('a', 8)),
      ompExit([map('release', ['a(1:4)'])]),
      isPresent(v('a')),
      isPresent(v('a', 8)),
      ompExit([map('from', ['a(3:3)'])]),
      isPresent(v('a')),
      isPresent(v('a', 8)),
      hostRead('a(3:3)'),
      hostRead('a(1:1)'),
    ],
    at: { 4: YES, 5: YES, 7: YES, 8: YES, 10: NO, 11: NO, 12: read(1) },
    last: read(7),
  },
  {
    name: 'struct-elem-3.c: a struct mapped twice is released by one release of each of two of its elements',
    cite: `${T}struct-elem-3.c: target enter data map (alloc: s) twice; target exit data map (release: s.a); target exit data map (release: s.b); "all elements of 's' should be removed together": abort () if omp_target_is_present of &s, &s.a, &s.b, &s.c or &s.d`,
    world: MEMBERS_OMP_WORLD,
    steps: [
      ompEnter([map('alloc', ['c'])]),
      ompEnter([map('alloc', ['c'])]),
      ompExit([map('release', ['c%n'])]),
      isPresent(v('c')),
      ompExit([map('release', ['c%arr'])]),
      isPresent(v('c')),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
    ],
    at: { 4: YES, 6: NO, 7: NO },
    last: NO,
  },
  {
    name: 'struct-elem-3.c, second half: exit data map(release: s) of a struct whose two mapped elements hold three references releases their entry under K-B51 overlapping-entry (libgomp)',
    cite: `${T}struct-elem-3.c: target enter data map (alloc: s.a, s.b); map (alloc: s.a); map (alloc: s.b); three target exit data map (release: s); "all elements of 's' should be removed together": abort () if omp_target_is_present of &s, &s.a, &s.b, &s.c or &s.d. libgomp target.c gomp_exit_data: splay_tree_lookup of s's range finds the overlapping entry of s.a..s.b and decrements it (K-B51 overlapping-entry; measured with GCC 12.2, nvptx, H200: omp_target_is_present(&c%n) is 0 after the third release). The text (6.0 §7.9.6: exit acts on present storage; s is only partly present, a broken restriction) and LLVM offload (MustContain) skip each release: s.a and s.b stay present (K-B51 skip). s.a, s.b are c%n, c%arr; &s is c's first byte, in no entry`,
    world: MEMBERS_OMP_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%n', 'c%arr'])]),
      ompEnter([map('alloc', ['c%n'])]),
      ompEnter([map('alloc', ['c%arr'])]),
      ompExit([map('release', ['c'])]),
      ompExit([map('release', ['c'])]),
      ompExit([map('release', ['c'])]),
      isPresent(v('c%n')),
      isPresent(v('c%arr')),
      isPresent(v('c')),
    ],
    at: {
      7: per(YES, { libgomp: NO, 'K-B51=overlapping-entry': NO }),
      8: per(YES, { libgomp: NO, 'K-B51=overlapping-entry': NO }),
    },
    last: NO,
  },
  {
    name: 'target-present-1.c: map(present, to:) on a target construct of allocated data runs; of data never mapped it is an error',
    cite: `${T}target-present-1.c: target enter data map (alloc: a, c); target map (present, to: a) { c[i] = a[i]; } runs ("CheCKpOInT"); target map (present, to: b): dg-output "libgomp: present clause: not present on the device", dg-shouldfail (GCC 14 and later; GCC 12 has no present modifier, K-B26)`,
    world: OMP_WORLD,
    steps: [ompEnter([map('alloc', ['a'])]), targetWrite('a', 3, [map('to', ['a'], 'present')]), targetRead('b', [map('to', ['b'], 'present')])],
    at: { 2: ok },
    last: err('omp_error_not_present'),
  },
  {
    name: 'target-present-3.c: target update to(present:) of allocated data runs; of data never mapped it is an error',
    cite: `${T}target-present-3.c: target enter data map (alloc: a, c); target update to (present: a) runs ("CheCKpOInT"); target update to (present: b): dg-output "libgomp: present clause: not present on the device", dg-shouldfail`,
    world: OMP_WORLD,
    steps: [ompEnter([map('alloc', ['a'])]), ompUpdate([motion('to', ['a'], true)]), ompUpdate([motion('to', ['b'], true)])],
    at: { 2: ok },
    last: err('omp_error_not_present'),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (scenarios of the libgomp testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
