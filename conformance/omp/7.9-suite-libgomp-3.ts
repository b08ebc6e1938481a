// A third set of scenarios from GCC's OpenMP offloading testsuite (gcc-mirror/gcc
// libgomp/testsuite/libgomp.c-c++-common), OpenMP 6.0 §7.9 Data-Mapping Control, beside
// conformance/omp/7.9-suite-libgomp.ts and 7.9-suite-libgomp-2.ts (whose tests are not redone
// here): struct-elem-2.c (structure elements entered by several enter data constructs in different
// groupings and released one by one), target-implicit-map-2.c (a struct entered with its pointer
// member's target, then kernels that map it implicitly and through the member, target update from
// of the target) and ptr-attach-2.c (a pointer member's target entered after its struct, kernels
// through the attached pointer, the exit data from of both). Each row names the test and the asserts that give the
// libgomp / gcc-12 expectation; the other profiles' expectations are the text's (6.0 §7.9.6; 5.2's
// list items under spec-omp-5.2, K-B16), written by hand. Tests where the test's evidence and the
// engines disagree are not rows here: README.md "Suite-derived rows".
import { UNDEF, ok, per, readAll, value, section, type Row } from '../rows.js';
import { hostRead, isPresent, map, motion, ompEnter, ompExit, ompUpdate, targetAdd, targetWrite, v } from '../steps.js';
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

/**
 * target-implicit-map-2.c's `struct S { int a, b; int *ptr; int c, d; } a` with a.ptr = malloc (N
 * ints), all 0 (N = 10): c with c%p => a; the scalar members, which no construct names, are left
 * out (the language puts a struct's pointers first and names the pointer's own word only as c).
 * ptr-attach-2.c's `struct L { struct { int num_blocks[N]; struct blk *blocks[N]; } m; } l` with
 * one block (blocks[0] => 10 struct blk, here 10 ints): the same shape.
 */
const PTR_STRUCT_WORLD: World = {
  arrays: [{ name: 'a', length: 10, init: 0 }],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
  devices: [{ kind: 'discrete' }],
};

/**
 * K-B23: the host keeps the value of an attached pointer that an exit copies home (LLVM, libgomp:
 * restore); the text brings the device address home (device-value), as does gcc-12's reading, so a
 * host use of the pointer after it is undefined.
 */
const restored = (o: ReturnType<typeof readAll>) => per(UNDEF, { libgomp: o, 'gcc-12': UNDEF, 'llvm-offload': o, 'K-B23=restore': o });

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
  {
    name: 'target-implicit-map-2.c: enter data map(to: a.ptr, a.ptr[:N]) attaches the pointer; a kernel through it maps the struct implicitly and finds it; target update from brings the increment home; a kernel mapping the member section adds again; exit data from of both runs',
    cite: `${T}target-implicit-map-2.c: a.ptr[i] = 0; target enter data map(to: a.ptr, a.ptr[:N]); target { a.ptr[i] += 1 }; target update from(a.ptr[:N]); if (a.ptr[i] != 1) abort (); target map(a.ptr[:N]) { a.ptr[i] += 1 }; target update from(a.ptr[:N]); if (a.ptr[i] != 2) abort (); target exit data map(from: a.ptr, a.ptr[:N]) (6.0 §7.9.6: the pointer and its target are new on the enter data, so the corresponding pointer is attached; §7.9.3: the first kernel's a is mapped tofrom implicitly and found present; the second construct's section is present, so nothing is copied in; §15.9 copies the target home). a.ptr is c (the struct's only member here, see the world), a.ptr[:N] c%p; the exit data's copy of the struct is not read after it (K-B23 would decide what it brings home)`,
    world: PTR_STRUCT_WORLD,
    steps: [
      ompEnter([map('to', ['c', 'c%p'])]),
      targetAdd('c%p', 1, 0),
      ompUpdate([motion('from', ['c%p'])]),
      hostRead('c%p'),
      targetAdd('c%p', 1, 0, [map('tofrom', ['c%p'])]),
      ompUpdate([motion('from', ['c%p'])]),
      hostRead('c%p'),
      ompExit([map('from', ['c', 'c%p'])]),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: readAll(10, 1), 5: ok, 6: ok, 7: readAll(10, 2) },
    last: ok,
  },
  {
    name: 'ptr-attach-2.c: a struct entered first, then its pointer member\'s target entered alone: the pointer is attached; a kernel writes through it; exit data from of the target and then of the struct bring the values home (K-B23 for the pointer the struct brings)',
    cite: `${T}ptr-attach-2.c: l->m.blocks[i] = malloc (N struct blk); target enter data map(to: l[:1]); for each i target enter data map(to: l->m.blocks[i][:l->m.num_blocks[i]]); target { l->m.blocks[i][j].x = i + j; .y = i * j }; for each i target exit data map(from: l->m.blocks[i][:…]); target exit data map(from: l[:1]); if (l->m.blocks[i][j].x != i + j …) abort () (6.0 §7.9.6: the target is new on its enter data while l is present, so the corresponding pointer is attached and the kernel, whose implicit map of l finds it present, writes the target's copy; the target's exit data from copies it home; the struct's exit data from copies l home with its attached pointer, which K-B23 decides: LLVM and libgomp restore the host's pointer, so the host's check through it reads the values; the text brings the device address home, undefined at that read). One block of 10 elements for the test's ten, the kernel writes 7 for i + j and i * j`,
    world: PTR_STRUCT_WORLD,
    steps: [
      ompEnter([map('to', ['c'])]),
      ompEnter([map('to', ['c%p'])]),
      targetWrite('c%p', 7),
      ompExit([map('from', ['c%p'])]),
      ompExit([map('from', ['c'])]),
      hostRead('c%p'),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok },
    last: restored(readAll(10, 7)),
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
