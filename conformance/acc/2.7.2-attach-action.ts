// OpenACC 3.3 §2.7.2 Attach Action (spec-digest A.5, A.6): the device copy of a pointer is made to
// point to the device copy of its current host target; the attachment counter is set to 1 for a
// new target and incremented for the same one. K-A4: Cray 19 and libgomp only count.

import type { Step } from '../../lang/program.js';
import { HALTED, UNDEF, err, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { accCreate, assign, attach, accAttach, copyin, enterData, nullify, parallelRead, present } from '../steps.js';
import { A, ACC_WORLD, B, C } from '../worlds.js';

/** seeds/000: re-attaching a pointer after host reassociation (c%p => a, attach; c%p => b, attach; read c%p). */
export const REATTACH_SEED: Step[] = [
  assign('c%p', 'a'),
  enterData(copyin('c')),
  enterData(copyin('a'), attach('c%p')),
  assign('c%p', 'b'),
  enterData(copyin('b'), attach('c%p')),
  parallelRead('c%p', present('c')),
];

const counterOnly = {
  cite: 'K-A4 counter-only: seeds/000 (Cray 19.0.0 output "10*1"); GCC 12.2 nvptx "Wrong result" 10*1 (profiles/builtin.ts)',
  obs: readAll(10, 1),
  attachments: [{ ptr: C, ac: 2, device: { space: 'dev' as const, block: 2, offset: 0, count: 10 } }],
};

/** c%p (=> a, 10 elements) as the attachments snapshot shows it: not attached (its host value), or attached to a's copy in device block `block`. */
const NOT_ATTACHED = { attachments: [{ ptr: C, ac: 0, device: { space: 'host' as const, addr: A, count: 10 } }] };
const attachedIn = (block: number) => ({ attachments: [{ ptr: C, ac: 1, device: { space: 'dev' as const, block, offset: 0, count: 10 } }] });

const rows: Row[] = [
  {
    name: 'seeds/000 re-attach after host reassociation: the device pointer is re-pointed to b',
    cite: 'A.6: the attach condition compares the current device pointer with the device copy of the current host target; K-A4 for Cray 19 and libgomp',
    steps: REATTACH_SEED,
    last: per(readAll(10, 2), { 'cray-19': counterOnly.obs, libgomp: counterOnly.obs }),
    state: {
      // The device copy of c holds the host address until the first attach (§2.6.4).
      2: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
      // c is block 1, a block 2, b block 3.
      5: perState(
        {
          sections: [
            { host: [A, A + 40], block: 2, src: 0, drc: 1 },
            { host: [B, B + 40], block: 3, src: 0, drc: 1 },
            { host: [C, C + 16], block: 1, src: 0, drc: 1 },
          ],
          attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 3, offset: 0, count: 10 } }],
          ompEntries: [],
          ompPointers: [],
        },
        { 'cray-19': { attachments: counterOnly.attachments }, libgomp: { attachments: counterOnly.attachments } },
      ),
    },
  },
  {
    name: 'attaching the same target twice counts to 2; the device pointer aims at the subarray of the copy',
    cite: '§2.6.8: incremented when an attach is done for the same target address',
    steps: [assign('c%p', 'a(3:6)'), enterData(copyin('c', 'a')), enterData(attach('c%p')), accAttach('c%p'), parallelRead('c%p', present('c'))],
    last: readAll(4, 1),
    state: {
      3: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 8, count: 4 } }] },
      4: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 8, count: 4 } }] },
    },
  },
  {
    name: 're-attach to the same base address with another element count: the same target by address (K-A4b)',
    cite: '§2.6.8 "attached to a new target address"; K-A4b descriptor: the flang proposal treats any descriptor change as a new target (spec-digest A.11)',
    steps: [assign('c%p', 'a(1:5)'), enterData(copyin('c', 'a'), attach('c%p')), assign('c%p', 'a(1:3)'), enterData(attach('c%p'))],
    last: ok,
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 5 } }] },
        { 'K-A4b=descriptor': { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 3 } }] } },
      ),
    },
  },
  {
    name: 'attach of a pointer whose struct is not present does nothing',
    cite: 'A.6 attach: ptr not present → no action',
    steps: [assign('c%p', 'a'), enterData(copyin('a'), attach('c%p')), enterData(copyin('c')), parallelRead('c%p', present('c'))],
    at: { 2: per(ok, { libgomp: { kind: 'error', code: 'fatal_attach_absent' } }) },
    // The device copy of c holds the host address: dereferencing it on a discrete device is undefined.
    last: per(UNDEF, { libgomp: HALTED }),
  },
  {
    name: 'attach again after the host pointer moved to absent data: no action under the text; libgomp only counts (K-A21)',
    cite: 'A.6 attach: target not present → no action; K-A21 first-attach: libgomp target.c gomp_attach_pointer looks at the target only when the count becomes 1',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), assign('c%p', 'b'), enterData(attach('c%p')), parallelRead('c%p', present('c'))],
    at: { 4: ok },
    last: readAll(10, 1),
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        {
          libgomp: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          'K-A21=first-attach': { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        },
      ),
    },
  },
  {
    name: 'attach again after the host pointer was nullified: the device pointer becomes null (K-A3); libgomp only counts (K-A21)',
    cite: 'A.6 attach of a null pointer: device pointer null, counter 1 (K-A3 null-and-count); K-A4 counter-only (Cray 19) keeps a positive counter; K-A21 first-attach: libgomp target.c gomp_attach_pointer checks for null only when the count becomes 1',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), nullify('c%p'), enterData(attach('c%p'))],
    last: ok,
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 1, device: null }] },
        {
          'cray-19': { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          libgomp: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          'K-A21=first-attach': { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        },
      ),
    },
  },
  {
    name: 'K-A73: attach of c%p whose target is present from its first element only: the target as data is not present, so nothing is attached (K-A2); libgomp looks the first element up and attaches',
    cite: 'measured: toolchain/probes/acc-attach-first-byte-present runs in C and Fortran (GCC 12.2, profiles/measured/probes-gcc-12-2026-12-06l.md); target.c gomp_attach_pointer looks up [target, target + 1)',
    steps: [assign('c%p', 'a'), accCreate('a(1:4)'), enterData(copyin('c')), enterData(attach('c%p'))],
    last: per(ok, { 'K-A2=error': err('fatal_attach_absent'), libgomp: ok, 'K-A73=first-element': ok, 'K-A2=error,K-A73=first-element': ok }),
    state: {
      4: perState(NOT_ATTACHED, { libgomp: attachedIn(1), 'K-A73=first-element': attachedIn(1), 'K-A2=error,K-A73=first-element': attachedIn(1) }),
    },
  },
  {
    name: 'K-A73: with the target\'s first element absent nothing is attached under either reading (K-A2 error: libgomp stops)',
    cite: 'measured: toolchain/probes/acc-attach-first-byte-absent stops "pointer target not mapped for attach" in C and Fortran',
    steps: [assign('c%p', 'a'), accCreate('a(5:8)'), enterData(copyin('c')), enterData(attach('c%p'))],
    last: per(ok, { 'K-A2=error': err('fatal_attach_absent'), libgomp: err('fatal_attach_absent'), 'K-A73=first-element': ok, 'K-A2=error,K-A73=first-element': err('fatal_attach_absent') }),
  },
  {
    name: 'K-A73 first-element: a null pointer and a pointer with no target left are not looked up by an element',
    cite: 'K-A3: libgomp stops at the attach of a null pointer ("attempt to attach null pointer")',
    steps: [enterData(copyin('c')), enterData(attach('c%p'))],
    last: per(ok, { libgomp: err('fatal_attach_null'), 'K-A73=first-element': ok }),
  },
  {
    name: 'K-A73 with K-A69 found-section (GCC 12 C): copyin(c%p) with the target\'s first half present counts that section and attaches to it; the text calls the data partly present',
    cite: 'measured: toolchain/probes/acc-copyin-member-first-byte runs in C, gfortran stops "[h,+32] not mapped"; gen-20270114-125-c step 13 (profiles/measured/gcc-12-nvptx-2026-12-06l.md)',
    steps: [assign('c%p', 'a'), accCreate('a(1:4)'), enterData(copyin('c')), enterData(copyin('c%p'))],
    last: per(err('acc_error_partly_present'), { 'K-A69=found-section': ok, 'K-A2=error,K-A69=found-section': err('fatal_attach_absent'), 'K-A2=error,K-A69=found-section,K-A73=first-element': ok }),
  },
  {
    name: 'K-A73 first-element with K-A50 target: a member section\'s attach looks the pointer\'s target up as for c%p, so by its first element',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p(1:4)'))],
    last: ok,
    state: {
      2: perState(NOT_ATTACHED, { libgomp: attachedIn(2), 'K-A50=section': attachedIn(2), 'K-A73=first-element': attachedIn(2) }),
    },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Attach Action',
  rules: ['OpenACC 3.3 §2.7.2 Attach Action'],
  world: ACC_WORLD,
  rows,
});
