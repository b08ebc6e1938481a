// More scenarios from bug reports about OpenACC data mapping (a second file beside
// 2.6-suite-reports.ts), OpenACC 3.3 §2.6 Data Environment: a flang pull request that fixed the exit
// action of the present and no_create clauses, and a report against the OpenACC V&V suite whose
// resolution settled what the reference counters leave on the host. Each row names the report, the
// test and the line that gives the fixed behaviour; the expectation is the text's (spec-digest.md:
// §2.6.7 reference counters, §2.7.5 present, §2.7.10 no_create, §3.2.18 acc_create), which every
// profile reads alike here. A report is reduced to the steps the language can say; what a row leaves
// out is said in its cite.

import { dev, ok, read, readAll, section, value, type Row } from '../rows.js';
import { accCreate, accIsPresent, copyin, copyout, dataBegin, dataEnd, del, enterData, exitData, hostRead, hostWrite, noCreate, parallelCopy, present } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const LLVM = 'llvm/llvm-project';
const YES = value(true);
const NO = value(false);

const rows: Row[] = [
  {
    name: 'flang PR #126560 (present): a data region with present of data enter data made gives its structured reference back at its end, so one exit data delete ends the data',
    cite: `${LLVM} PR #126560 ("[flang][acc] Ensure data exit action is generated for present & nocreate": flang emitted no acc.delete for a present clause, so the structured count the entry took was never given back; the PR adds the exit operation, its lowering tests CHECK an acc.delete after the region). 3.3 §2.7.5: on exit a present clause decrements the structured counter and, with both counters zero, deletes the data; §2.6.7. The data is a: enter data copyin(a) (dynamic 1), data present(a) (structured 1, then 0), exit data delete(a) (dynamic 0): not present. Without the fix the structured count would stay 1 and a present`,
    steps: [enterData(copyin('a')), dataBegin(present('a')), accIsPresent('a'), dataEnd, accIsPresent('a'), exitData(del('a')), accIsPresent('a')],
    at: { 3: YES, 5: YES, 6: ok },
    last: NO,
  },
  {
    name: 'flang PR #126560 (no_create): a data region with no_create of present data gives its structured reference back at its end, so one exit data delete ends the data',
    cite: `${LLVM} PR #126560, the no_create half (the same missing acc.delete after a no_create clause). 3.3 §2.7.10: no_create of present data increments the structured counter at entry and, at exit, acts as the create clause's exit (decrement; both counters zero: delete). The data is a, made present by enter data copyin(a) first`,
    steps: [enterData(copyin('a')), dataBegin(noCreate('a')), accIsPresent('a'), dataEnd, accIsPresent('a'), exitData(del('a')), accIsPresent('a')],
    at: { 3: YES, 5: YES, 6: ok },
    last: NO,
  },
  {
    name: 'OpenACCUserGroup/OpenACCV-V#87 (acc_create T5): after enter data copyin and acc_create the dynamic counter is 2, so exit data copyout copies nothing home and the next exit data delete removes the data without a copy',
    cite: `OpenACCUserGroup/OpenACCV-V#87 ("acc_create(_async) T5 doesn't copyout", a report against the V&V suite's acc_create.c / acc_create_async.c T5, which expected the kernel's result on the host: enter data copyin(c[0:n]); c[x] = 0 on the host; acc_create(c); data copyin(a, b) { parallel present(c) c[x] += a[x] + b[x] }; exit data copyout(c[0:n]); exit data delete(c[0:n])), resolved by OpenACCUserGroup/OpenACCV-V PR #90 ("fixing acc_create tests"): the host c is set to 1 and the test checks it is still 1 at the end (3.3 §3.2.18: acc_create of present data increments the dynamic counter; §2.6.7, §2.7.8: the copyout decrements it to 1 and copies nothing; the delete brings it to 0 and deletes). c is b (2 on the host and the device at the copyin, then 1 on the host), a+b is a + 5 (a = 1), so the device copy holds 6 and the host keeps 1`,
    steps: [
      enterData(copyin('b')),
      hostWrite('b', 1),
      accCreate('b'),
      dataBegin(copyin('a')),
      parallelCopy('b', 'a', 5, present('b', 'a')),
      dataEnd,
      exitData(copyout('b')),
      accIsPresent('b'),
      hostRead('b'),
      exitData(del('b')),
      accIsPresent('b'),
      hostRead('b'),
    ],
    at: { 3: dev(1), 5: ok, 7: ok, 8: YES, 9: readAll(10, 1), 10: ok, 11: NO },
    last: read(...Array<number>(10).fill(1)),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6',
  title: 'Data Environment (scenarios of runtime bug reports, second file)',
  rules: [],
  world: ACC_WORLD,
  rows,
});
