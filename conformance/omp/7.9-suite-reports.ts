// Scenarios from runtime bug reports about OpenMP offload data mapping (llvm/llvm-project issues and
// pull requests, with the regression tests they added under offload/test; GCC bug reports with the
// libgomp testsuite files that carry their PR number), OpenMP 6.0 §7.9 Data-Mapping Control. Each
// row names the report, the test and the line (assert, CHECK, printed value) that gives the fixed
// behaviour, which is the expectation of the runtime concerned; the other profiles' expectation is
// the text's (6.0 §7.9.6, §15.6, §25.2.1), written by hand. A report is reduced to what the language
// can say (one struct level, a constant written by a kernel, arrays of 10 integers); what a row
// leaves out is said in its cite.
import { dev, hostPtr, ok, per, read, readAll, section, value, type Row } from '../rows.js';
import { HOST, hostRead, isPresent, map, mappedPtr, motion, ompDataBegin, ompDataEnd, ompEnter, ompExit, ompUpdate, targetPointer, targetRead, targetWrite, v } from '../steps.js';
import { A, MEMBERS_OMP_WORLD, OMP_WORLD, SECTIONS_OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const LLVM = 'llvm/llvm-project';
const MAPPING = 'llvm/llvm-project offload/test/mapping/';
const YES = value(true);
const NO = value(false);

/** target-exit-data.f90's one, two, three: arrays a, b, t of 10 integers; one discrete device. */
const THREE_WORLD: World = { arrays: ['a', 'b', 't'].map((name) => ({ name, length: 10, init: 1 })), structs: [], devices: [{ kind: 'discrete' }] };

/** llvm#61636's TY1 with its mapper map(to: t.i1) map(from: t.i3): c%n and c%arr of MEMBERS_OMP_WORLD. */
const MAPPER_WORLD: World = { ...MEMBERS_OMP_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'to', vars: ['c%n'] }, { type: 'from', vars: ['c%arr'] }] }] };

const rows: Row[] = [
  {
    name: 'llvm#54899: omp_target_is_present of an array whose last element alone is mapped is false at its start and true at that element',
    cite: `${LLVM}#54899 ("start of array is mapped regardless of explicit map clause", a regression of D123093; closed after D123891, the patch linked from the issue): int arr[1000]; target data map(tofrom: arr[998:1]) { printf omp_target_is_present(arr, dev) }, which printed 1 while broken and 0 before and after (6.0 §25.2.1: true only if ptr refers to storage with corresponding storage; the first byte of arr has none). Here arr is a(1:10) and the mapped element a(10); a(10)'s own address is added (true). libgomp looks up [ptr, ptr + 1) alike`,
    steps: [ompDataBegin([map('tofrom', ['a(10:10)'])]), isPresent(v('a')), isPresent(v('a', 36)), ompDataEnd, isPresent(v('a', 36))],
    at: { 2: NO, 3: YES },
    last: NO,
  },
  {
    name: 'PR #146136 (duplicate_mappings_1.cpp): the same member section twice in the map clauses of one target construct maps it once; the kernel\'s write through the pointer comes home',
    cite: `${LLVM} PR #146136 ("Fix crash with duplicate mapping on target directive": target map(tofrom: s.mem[0:10]) map(tofrom: s.mem[0:10]) crashed: the member was copied to the device a second time after its pointer had been attached, and the shadow-pointer record kept the runtime from patching it again), the scenario as the test ${MAPPING}duplicate_mappings_1.cpp writes it: Outer o; target map(tofrom: o.i.data[0:10]) map(tofrom: o.i.data[0:10]) { o.i.data[0] = 42 }; assert(o.i.data[0] == 42) (6.0 §7.9.6: two list items may share storage when they are the same list item; one storage block, one count). o.i.data is c%p (one struct level, the inner struct left out) with c%p => a; the struct storage clang gives o.i.data is an alloc map of c, as in 7.9-suite-llvm.ts ptr_and_obj_motion.c. Whether a compiler takes the duplicate is not modelled`,
    world: SECTIONS_OMP_WORLD,
    steps: [targetWrite('c%p(1:1)', 42, [map('alloc', ['c']), map('tofrom', ['c%p(1:10)']), map('tofrom', ['c%p(1:10)'])]), hostRead('a(1:1)'), isPresent(v('a'))],
    at: { 1: ok, 2: read(42) },
    last: NO,
  },
  {
    name: 'PR #70821: enter data mapping a member section before its struct on one construct attaches the pointer; a kernel writes through it',
    cite: `${LLVM} PR #70821 ("Fix mapping of struct to device"): struct Descriptor { int *datum; … } dat; target enter data map(to: dat.datum[:10]) map(to: dat); target { dat.datum[1] = 4 }: the map of dat after its member's section overwrote the attached pointer with the host address (the report's symptom: "device addresses being used on the host"). The fixed behaviour, and 6.0 §7.9.6: pointer attachment follows the construct's maps (dat and its pointee are both new), so the kernel writes the pointee's device copy; LLVM today does the attachment after every map (omptarget.cpp processAttachEntries, PR #149036). dat is c with c%p => a; the write is read back with target update from and on the device; the report's exit data map(from: dat), which copies the attached pointer home (K-B23), is left out`,
    world: SECTIONS_OMP_WORLD,
    steps: [
      ompEnter([map('to', ['c%p(1:10)']), map('to', ['c'])]),
      targetPointer('c%p'),
      targetWrite('c%p(2:2)', 4),
      targetRead('c%p(2:2)'),
      ompUpdate([motion('from', ['a(2:2)'])]),
      hostRead('a(1:2)'),
    ],
    at: { 2: dev(1), 3: ok, 4: read(4), 5: ok },
    last: read(1, 4),
  },
  {
    name: 'PR #165494: exit data with delete of an array and from of its first element, count 2: the from item is copied home under LLVM (K-B50 block) and libgomp (earlier), not under the text\'s reading (item)',
    cite: `${LLVM} PR #165494 ("Handle present/to/from when a different entry did alloc/delete"): int *p1, *p2, x; p1 = p2 = &x; target exit data map(delete: p1[:]) map(from: p2[0]): the count is not zero when the from entry is met but will be at the end of the construct, so "the from transfer" should happen; K-B50 block (llvm-offload, llvm-22). libgomp: the delete comes first in the list (K-B50 earlier); libomptarget 16.0.6 measured item (profiles/llvm-16.json, not a built-in profile); the text: only the item's own modifiers count (K-B50 item, spec-digest B.3.1). Here p1[:] is a, p2[0] a(1:1); the count is 2 (enter data twice) and a kernel writes 7 first`,
    steps: [
      ompEnter([map('to', ['a'])]),
      ompEnter([map('alloc', ['a'])]),
      targetWrite('a', 7, [map('alloc', ['a'])]),
      ompExit([map('delete', ['a']), map('from', ['a(1:1)'])]),
      isPresent(v('a')),
      hostRead('a(1:2)'),
    ],
    at: { 4: ok, 5: NO },
    last: per(read(1, 1), { 'llvm-offload': read(7, 1), libgomp: read(7, 1) }),
  },
  {
    name: 'PR middle-end/94635 (target-exit-data.f90): exit data delete, release and from of three entered arrays each end their entry; from copies the kernel\'s write home',
    cite: `gcc-mirror/gcc PR middle-end/94635, gcc/testsuite/gfortran.dg/gomp/target-exit-data.f90 (an allocatable's exit data lost its map type: the fixed lowering gives map(delete: one) map(delete: MEM …), map(release: two) map(release: MEM …), and map(from: …) map(release: three), "dg-final scan-tree-dump"): target enter data map(alloc: one), map(alloc: two), map(to: three); target exit data map(delete: one), map(release: two), map(from: three) (6.0 §15.6, §7.9.6: each count drops to 0, the entries go, from copies the device value home). A compile test: the run-time effect of the fixed lowering is written here from the text; one, two, three are arrays a, b, t (the descriptors left out), and a kernel writes 5 to three's copy`,
    world: THREE_WORLD,
    steps: [
      ompEnter([map('alloc', ['a'])]),
      ompEnter([map('alloc', ['b'])]),
      ompEnter([map('to', ['t'])]),
      targetWrite('t', 5, [map('alloc', ['t'])]),
      ompExit([map('delete', ['a'])]),
      ompExit([map('release', ['b'])]),
      ompExit([map('from', ['t'])]),
      isPresent(v('a')),
      isPresent(v('b')),
      isPresent(v('t')),
      hostRead('t'),
    ],
    at: { 4: ok, 5: ok, 6: ok, 7: ok, 8: NO, 9: NO, 10: NO },
    last: readAll(10, 5),
  },
  {
    name: 'PR #74692: target map(c%n) map(c%arr(1:2)) maps the struct\'s storage from c%n to the last element of the section; the kernel\'s writes to both elements come home',
    cite: `${LLVM} PR #74692 ("Fix runtime problem due to wrong map size"): for target map(D.a) map(D.b[:2]) clang sized the struct's combined entry up to the first element of the section instead of past its last, so D.b[1] had no device storage; fixed: "use this pointer as the highest element in partial struct data" (6.0 §7.9.6: members of one structure on one construct are one storage block from the lowest to the highest byte, K-B16 storage-block; 5.2 list-item and libgomp struct-block map the same bytes). D.a is c%n (5), D.b c%arr(1:4) = 1..4; the kernel writes 9 to c%arr(1:2) and the program prints D.b and D.a`,
    world: MEMBERS_OMP_WORLD,
    steps: [targetWrite('c%arr(1:2)', 9, [map('tofrom', ['c%n']), map('tofrom', ['c%arr(1:2)'])]), hostRead('c%arr'), hostRead('c%n'), isPresent(v('c', 16))],
    at: { 1: ok, 2: read(9, 9, 3, 4), 3: read(5) },
    last: NO,
  },
  {
    name: 'PR #80038: omp_get_mapped_ptr on the host device returns the pointer itself, mapped or not',
    cite: `${LLVM} PR #80038 ("Do not throw error in omp_get_mapped_ptr for the host": OpenMP 5.2 makes the result the host pointer when device_num is omp_get_initial_device(); libomptarget reported an error there before; merged January 2024). 6.0 §25.2.3 alike; libgomp returns ptr for the initial device; GCC 12 has no omp_get_mapped_ptr (K-B24 absent: unavailable). Here for a before and after target enter data map(to: a)`,
    steps: [mappedPtr(v('a'), HOST), ompEnter([map('to', ['a'])]), mappedPtr(v('a'), HOST), mappedPtr(v('a'))],
    at: { 1: hostPtr(A), 3: hostPtr(A) },
    last: dev(1),
  },
  {
    name: 'llvm#61636: a target construct mapping a struct through its default mapper (to of one member, from of another) ends the mapping at its exit; the same map again runs',
    cite: `${LLVM}#61636 ("explicit extension not allowed"): declare mapper(TY1 t) map(to: t.i1) map(from: t.i3); target map(tofrom: t1) { t1[i].i3 = t1[i].i1 } in one function, the same for t2 in the next: the entries the mapper's maps made kept a reference after the first construct, so the second map, on reused stack memory, met them as a partly mapped range. Fixed by PR #177059, relanded as #177673 ("Fix ref-count tracking for maps inserted by mappers"): each construct's mapper maps are released at its exit (6.0 §7.9.10, §7.9.6: the mapper's list replaces the item, counted and released like the construct's own maps). t1 is c with a mapper map(to: c%n) map(from: c%arr) (one struct, not an array of ten; i1 is c%n = 5, i3 c%arr); the reuse of the address is the same struct mapped again. GCC 12 has no declare mapper (K-B43 absent: unavailable)`,
    world: MAPPER_WORLD,
    steps: [
      targetWrite('c%arr', 5, [map('tofrom', ['c'])]),
      isPresent(v('c', 16)),
      isPresent(v('c', 20)),
      hostRead('c%arr'),
      targetWrite('c%arr', 5, [map('tofrom', ['c'])]),
      isPresent(v('c', 20)),
    ],
    at: { 1: ok, 2: NO, 3: NO, 4: read(5, 5, 5, 5), 5: ok },
    last: NO,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (scenarios of runtime bug reports)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
