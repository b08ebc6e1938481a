// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for arrays of structs (issue 9 item 5): a
// data clause may name an array of structs (`cs`), one element (`cs(2)`), a section of elements
// (`cs(1:2)`) or an element's pointer member (`cs(2)%p`, a pointer reference whose target moves and
// whose pointer is attached, §2.7.2). Each maps exactly the bytes it names, so presence, the
// attachment counter and the device copy of a member belong to its element: an attach action finds
// its pointer present when the element holding it is, whatever the other elements are. Evidence:
// libgomp looks the pointer up at its own address ([hostaddr, hostaddr + sizeof (void *)),
// oacc-mem.c acc_attach_async "struct not mapped for acc_attach"; target.c gomp_attach_pointer),
// LLVM offload likewise (omptarget.cpp targetDataBegin, PTR_AND_OBJ: "Base is address of pointer").

import { HALTED, UNDEF, dev, err, ok, per, perState, readAll, section, value, type Row } from '../rows.js';
import { accCopyin, accDeviceptr, accIsPresent, assign, attach, copyin, copyout, del, enterData, exitData, hostRead, parallelRead, present } from '../steps.js';
import { A, AOS_WORLD, B, CS } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copyin of one element maps that element only: the array of structs is partly present',
    steps: [enterData(copyin('cs(2)')), accIsPresent('cs(2)'), accIsPresent('cs(1)'), accIsPresent('cs')],
    at: { 1: ok, 2: value(true), 3: value(false) },
    last: value(false),
    state: {
      // cs(2)%p is disassociated: the copy holds its (null) host value verbatim, counter 0.
      1: { sections: [{ host: [CS + 16, CS + 32], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: CS + 16, ac: 0, device: null }] },
    },
  },
  {
    name: 'the member of a mapped element is attached, and a kernel reads through it',
    steps: [assign('cs(2)%p', 'b'), enterData(copyin('cs(2)')), enterData(copyin('b'), attach('cs(2)%p')), parallelRead('cs(2)%p', present('cs(2)'))],
    last: readAll(10, 2),
    state: { 3: { attachments: [{ ptr: CS + 16, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] } },
  },
  {
    name: 'attach of the member of an element that is not mapped does nothing, though other elements are (K-A2)',
    cite: 'A.6 attach: pointer not present → no action; libgomp (K-A2 error): "struct not mapped" for the pointer\'s own address',
    steps: [assign('cs(3)%p', 'a'), enterData(copyin('cs(1:2)')), enterData(copyin('a'), attach('cs(3)%p')), parallelRead('cs(3)%p', present('cs(1:2)'))],
    at: { 3: per(ok, { libgomp: err('fatal_attach_absent') }) },
    // cs(3) has no device copy: the kernel dereferences a pointer that is not on the device.
    last: per(UNDEF, { libgomp: HALTED }),
  },
  {
    name: 'deep copy of an array of structs: the whole array, then each element\'s member (attach per element)',
    steps: [assign('cs(1)%p', 'a'), assign('cs(2)%p', 'b'), enterData(copyin('cs')), enterData(copyin('cs(1)%p', 'cs(2)%p')), parallelRead('cs(2)%p', present('cs'))],
    last: readAll(10, 2),
    state: {
      4: perState(
        {
          sections: [
            { host: [A, A + 40], block: 2, src: 0, drc: 1 },
            { host: [B, B + 40], block: 3, src: 0, drc: 1 },
            { host: [CS, CS + 48], block: 1, src: 0, drc: 1 },
          ],
          attachments: [
            { ptr: CS, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } },
            { ptr: CS + 16, ac: 1, device: { space: 'dev', block: 3, offset: 0, count: 10 } },
            { ptr: CS + 32, ac: 0, device: null },
          ],
        },
        // K-A22 member-mapped (libgomp): each member is mapped too, one more reference on cs each.
        {
          libgomp: {
            sections: [
              { host: [A, A + 40], block: 2, src: 0, drc: 1 },
              { host: [B, B + 40], block: 3, src: 0, drc: 1 },
              { host: [CS, CS + 48], block: 1, src: 0, drc: 3 },
            ],
          },
        },
      ),
    },
  },
  {
    name: 'copyout of the array of structs detaches its attached member first, so the host keeps its pointer (K-A19)',
    cite: '§2.7.2 Copyout Action: detach every attached pointer in the section, then copy; K-A19 no-detach (libgomp goacc_exit_datum_1) copies the device address back',
    steps: [assign('cs(1)%p', 'a'), enterData(copyin('cs', 'a')), enterData(attach('cs(1)%p')), exitData(copyout('cs')), hostRead('cs(1)%p')],
    at: { 4: ok },
    last: per(readAll(10, 1), { libgomp: UNDEF }),
  },
  {
    name: 'overlapping sections of elements: cs(2:3) after cs(1:2) is partly present',
    steps: [enterData(copyin('cs(1:2)')), enterData(copyin('cs(2:3)'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'acc_copyin of one element; acc_deviceptr finds it and not its neighbour',
    steps: [accCopyin('cs(3)'), accDeviceptr('cs(3)'), accDeviceptr('cs(2)')],
    at: { 1: dev(1), 2: dev(1) },
    last: value(null),
  },
  {
    name: 'exit data of an element\'s member whose target is absent: nothing to give back; GCC\'s detach item of its own still runs, and the element holds no attachment counter (K-A22, K-A43, K-A18)',
    cite:
      'measured with GCC 12.2 C, read after the verdicts: exit data delete(cs[1].p[2:6]) after enter data copyin(cs[1]) stops with "libgomp: no attachment counters for struct" (gcc-12-nvptx-2026-12-04l gen-20261216-156-c step 2), and exit data of a member detaches likewise with its struct absent, "struct not mapped for detach operation" (gcc-12-nvptx-2026-12-04k gen-20261215-031-c step 2); oacc-mem.c goacc_exit_data_internal looks the detach item up whatever the data item found',
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs(2)')), exitData(del('cs(2)%p(3:8)'))],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A22=member-mapped,K-A43=not-mapped,K-A9=error': err('fatal_detach_at_zero') }),
  },
  {
    name: 'the member of an absent array-of-structs element: mapped alone and attached under K-A22 member-mapped; GCC 12 C maps only its target, and the attach finds no struct (K-A43, K-A2)',
    cite:
      'K-A43 `not-mapped`: measured with GCC 12.2 C, enter data create(cs[1].p[0:n]) with cs absent aborts "outer struct not mapped for attach" (gen-20261204-0064-c, -0166-c, -0223-c; held out: gen-20261205-030-c, -051-c, -122-c), the Fortran forms run',
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs(2)%p'))],
    last: per(ok, { 'K-A22=member-mapped,K-A43=not-mapped,K-A2=error': err('fatal_attach_absent') }),
    state: {
      2: perState(null, {
        libgomp: { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [CS + 16, CS + 32], block: 1, src: 0, drc: 1 }] },
        'K-A22=member-mapped,K-A43=not-mapped,K-A2=error': null,
      }),
    },
  },
  {
    name: 'the member of a present array-of-structs element attaches under both readings of K-A43',
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs')), enterData(copyin('cs(2)%p')), parallelRead('cs(2)%p', present('cs'))],
    last: readAll(10, 1),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses',
  rules: [],
  world: AOS_WORLD,
  rows,
});
