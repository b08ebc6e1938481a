// A third set of scenarios from GCC's OpenMP offloading testsuite (gcc-mirror/gcc
// libgomp/testsuite/libgomp.c-c++-common), OpenMP 6.0 §7.9 Data-Mapping Control, beside
// conformance/omp/7.9-suite-libgomp.ts and 7.9-suite-libgomp-2.ts (whose tests are not redone
// here): struct-elem-2.c (structure elements entered by several enter data constructs in different
// groupings and released one by one). Each row names the test and the asserts that give the
// libgomp / gcc-12 expectation; the other profiles' expectations are the text's (6.0 §7.9.6; 5.2's
// list items under spec-omp-5.2, K-B16), written by hand. Tests where the test's evidence and the
// engines disagree are not rows here: README.md "Suite-derived rows".
import { ok, per, value, section, type Row } from '../rows.js';
import { isPresent, map, ompEnter, ompExit, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const T = 'gcc-mirror/gcc libgomp/testsuite/libgomp.c-c++-common/';
const YES = value(true);
const NO = value(false);

/**
 * struct-elem-2.c's `struct S { int a, b, c, d; } s` as struct c with the fields w, x, y, z (for
 * a, b, c, d; the language wants a pointer member in every struct, c%p stays null and unused, in
 * front of them); one discrete device.
 */
const S4_WORLD: World = {
  arrays: [],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'w', init: 0 }, { name: 'x', init: 0 }, { name: 'y', init: 0 }, { name: 'z', init: 0 }] }],
  devices: [{ kind: 'discrete' }],
};

/** 5.2's list items (K-B16 list-item, spec-omp-5.2): each member is its own entry and keeps the count its own items gave it. */
const fiveTwo = (o: ReturnType<typeof value>) => per(NO, { 'spec-omp-5.2': o, 'K-B16=list-item': o });

const rows: Row[] = [
  {
    name: 'struct-elem-2.c: four enter data alloc of members of one struct in different groupings, then a release of each member: the struct\'s members form one entry counted once per construct, so after four releases nothing of it is present',
    cite: `${T}struct-elem-2.c: S s; target enter data map(alloc: s.a, s.b, s.c, s.d); map(alloc: s.c); map(alloc: s.b, s.d); map(alloc: s.a, s.c, s.b); target exit data map(release: s.a); map(release: s.d); map(release: s.c); map(release: s.b); if (omp_target_is_present (&s.a … &s.d, d)) abort () ("OpenMP 5.0 structure element mapping rules describe that elements of same structure variable should allocate/deallocate in a uniform fashion, so all elements of 's' should be removed together"; 6.0 §7.9.6: the members of one struct on one construct are one storage block, so the first enter data makes one entry and each later construct counts it once, 4, and each release takes one, 0; K-B16 storage-block, libgomp struct-block). Under 5.2's list items (K-B16 list-item, spec-omp-5.2) each member is an entry of its own: a, b, c, d reach 2, 3, 3, 2 and keep 1, 2, 2, 1, so all are still present. a, b, c, d are c%w, c%x, c%y, c%z; the check of &s (the address of s.a) is the check of c%w`,
    world: S4_WORLD,
    steps: [
      ompEnter([map('alloc', ['c%w', 'c%x', 'c%y', 'c%z'])]),
      ompEnter([map('alloc', ['c%y'])]),
      ompEnter([map('alloc', ['c%x', 'c%z'])]),
      ompEnter([map('alloc', ['c%w', 'c%y', 'c%x'])]),
      ompExit([map('release', ['c%w'])]),
      ompExit([map('release', ['c%z'])]),
      ompExit([map('release', ['c%y'])]),
      ompExit([map('release', ['c%x'])]),
      isPresent(v('c%w')),
      isPresent(v('c%x')),
      isPresent(v('c%y')),
      isPresent(v('c%z')),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok, 6: ok, 7: ok, 8: ok, 9: fiveTwo(YES), 10: fiveTwo(YES), 11: fiveTwo(YES) },
    last: fiveTwo(YES),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (a third set of scenarios of the libgomp testsuite)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
