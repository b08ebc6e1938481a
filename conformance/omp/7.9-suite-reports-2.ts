// More scenarios from runtime bug reports about OpenMP offload data mapping (a second file beside
// 7.9-suite-reports.ts): GCC bug reports with the libgomp testsuite files that carry their PR number,
// and llvm/llvm-project issues with the behaviour their reporters expected, OpenMP 6.0 §7.9 Data-Mapping
// Control. Each row names the report, the test (or the report's reproducer) and the line (abort,
// printed value) that gives the fixed behaviour, which is the expectation of the runtime concerned;
// the other profiles' expectation is the text's (6.0 §7.9.2, §7.9.6, §7.9.7, §7.9.10), written by
// hand. A report is reduced to what the language can say (one struct level, arrays of 10 integers,
// fixed-size members for allocatable components); what a row leaves out is said in its cite.
import { ok, read, section, type Row } from '../rows.js';
import { declareTarget, hostRead, hostWrite, isPresent, map, targetBlock, targetRead, targetWrite, v } from '../steps.js';
import { MEMBERS_OMP_WORLD, OMP_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

const GCC = 'gcc-mirror/gcc libgomp/testsuite/';
const LLVM = 'llvm/llvm-project';
const NO = { kind: 'value', value: false } as const;

/** llvm#156466's real_t with its unnamed mapper map(tofrom: t%real_arr): c%arr of MEMBERS_OMP_WORLD. */
const DEFAULT_MAPPER_WORLD: World = { ...MEMBERS_OMP_WORLD, mappers: [{ struct: 'c', maps: [{ type: 'tofrom', vars: ['c%arr'] }] }] };

const rows: Row[] = [
  {
    name: 'PR middle-end/86660 (pr86660.c): a declare target array mapped always tofrom by a target construct is copied to the device at entry and home at exit, although its count is infinite; without always nothing moves',
    cite: `${GCC}libgomp.c/pr86660.c (PR middle-end/86660, the always modifier of a map of a declare target variable): declare target int v[20]; v[5] = 8; v[7] = 2 on the host; target map(always, tofrom: v) { foo() aborts unless v[7] == 2, then v[7] = 1; v[5] = 3 }; the host aborts unless v[7] == 1 and v[5] == 3 (6.0 §7.9.7: the storage exists from the start at an infinite count; §7.9.6: a to copy happens when the count is 1 or with always, the from copy likewise, so only always moves data). v is a (10 elements), v[5] a(6), v[7] a(8); foo's check is a kernel reading a(8) under the same map, and the kernel's two writes are one block (a(8) = a(8) - 1, a(6) = 3). A first kernel under map(tofrom: v) without always, not in the test, reads the device copy's initial 1`,
    world: OMP_WORLD,
    steps: [
      declareTarget(['enter', 'a']),
      hostWrite('a(6:6)', 8),
      hostWrite('a(8:8)', 2),
      targetRead('a(8:8)', [map('tofrom', ['a'])]),
      targetRead('a(8:8)', [map('tofrom', ['a'], 'always')]),
      targetBlock(
        [
          { write: 'a(8:8)', value: -1, add: true },
          { write: 'a(6:6)', value: 3 },
        ],
        [map('tofrom', ['a'], 'always')],
      ),
      hostRead('a(6:8)'),
      isPresent(v('a')),
    ],
    at: { 4: read(1), 5: read(2), 6: ok, 7: read(3, 1, 1) },
    last: { kind: 'value', value: true },
  },
  {
    name: 'llvm#156466: a target construct mapping a struct tofrom through its unnamed default mapper (tofrom of a member array) brings the kernel\'s writes to the member home',
    cite: `${LLVM}#156466 ("Omitting optional mapper-identifier in declare mapper breaks data mapping": flang; type real_t with an allocatable real_arr(10) = 1.0, declare mapper(real_t :: t) map(tofrom: t%real_arr); target map(tofrom: r) { r%real_arr = 3.0 }; printed real_arr stayed 1.0 without the identifier and was 3.0 with one); the expectation is the report's own, what the build with a mapper identifier printed (the issue was still open when this row was written). 6.0 §7.9.10, §7.9.2: the clause's tofrom keeps the mapper item's tofrom, so the member is copied in and home. real_t is c, real_arr the fixed member c%arr(4) = 1..4 (an allocatable component's descriptor left out); the kernel writes 3 to it; after the construct nothing of c stays mapped. GCC 12 has no declare mapper (K-B43 absent: unavailable)`,
    world: DEFAULT_MAPPER_WORLD,
    steps: [targetWrite('c%arr', 3, [map('tofrom', ['c'])]), hostRead('c%arr'), isPresent(v('c', 20))],
    at: { 1: ok, 2: read(3, 3, 3, 3) },
    last: NO,
  },
  {
    name: 'llvm#156466, to direction: map(to: c) through the same default mapper copies the member in (the kernel reads the host values) and a kernel\'s write to it does not come home',
    cite: `${LLVM}#156466 (the report's "from and/or to": the mapper's items lost the clause's direction both ways). 6.0 §7.9.2 map-type decay: the clause's to keeps the mapper's tofrom item as to, so the member is copied to the device and nothing is copied back. Not in the report: its kernel only writes under tofrom; here a kernel under map(to: c) reads c%arr (1..4 from the host) and a second one writes 9, which stays on the device copy that the end of the construct removes. GCC 12 has no declare mapper (K-B43 absent: unavailable)`,
    world: DEFAULT_MAPPER_WORLD,
    steps: [targetRead('c%arr', [map('to', ['c'])]), targetWrite('c%arr', 9, [map('to', ['c'])]), hostRead('c%arr')],
    at: { 1: read(1, 2, 3, 4), 2: ok },
    last: read(1, 2, 3, 4),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9',
  title: 'Data-Mapping Control (scenarios of runtime bug reports, second file)',
  rules: [],
  world: OMP_WORLD,
  rows,
});
