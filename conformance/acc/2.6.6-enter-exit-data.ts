// OpenACC 3.3 §2.6.6 Enter Data and Exit Data Directives: enter data increments the dynamic
// counter (DRC), exit data decrements it, exit data finalize sets it to 0.

import { UNDEF, err, ok, per, perState, readAll, read, section, type Row } from '../rows.js';
import { assign, attach, copy, copyin, copyout, dataBegin, del, enterData, exitData, exitDataFinalize, hostRead, parallelWrite, present, hostWrite, create, parallelRead } from '../steps.js';
import { A, ACC_WORLD, B, C } from '../worlds.js';

/** K-A57: what exit data with finalize does to a copyout or delete pointer reference's attachment. */
const IMMEDIATE_STATE = { attachments: [{ ptr: C, ac: 0, device: { space: 'host' as const, addr: A, count: 10 } }] };

const twoRefsWritten = [enterData(copyin('a')), enterData(copyin('a')), parallelWrite('a(3:4)', 7, present('a')), hostRead('a')];

const rows: Row[] = [
  {
    name: 'exit data copyout(a) delete(a) of data the kernel wrote: the copyout ends the lifetime and copies back; acted on last first (K-A62 reversed) the delete ends it first and nothing comes back',
    cite: 'K-A62: GCC 12 C lists the clause vars last first; §2.7.8 / §2.7.11: the clause that takes the counter to zero decides between copyout and delete',
    steps: [enterData(copyin('a')), parallelWrite('a', 5, present('a')), exitData(copyout('a'), del('a')), hostRead('a')],
    last: per(readAll(10, 5), { 'K-A62=reversed': readAll(10, 1) }),
  },
  {
    name: 'enter data copyin(c%p) copyin(a(1:4)) with c%p => a: the target a first, then a(1:4) inside it; acted on last first (K-A62 reversed, GCC 12 C) a(1:4) is mapped first and a is partly present',
    cite: 'K-A62: OpenACC 3.3 §2.7 orders no data clauses of a directive; GCC 12 C builds the list last item first (-fdump-tree-gimple, profiles/measured/probes-gcc-12-2026-12-04.md), so the pointer reference meets the smaller section mapped before it (§2.7.3 / §2.7.7: partly present data is an error)',
    steps: [assign('c%p', 'a'), enterData(copyin('c%p'), copyin('a(1:4)'))],
    last: per(ok, { 'K-A62=reversed': err('acc_error_partly_present') }),
  },
  {
    name: 'exit data finalize with copyout zeroes the dynamic counter and copies out at once',
    steps: [...twoRefsWritten, exitDataFinalize(copyout('a')), hostRead('a')],
    at: { 4: readAll(10, 1) },
    last: read(1, 1, 7, 7, 1, 1, 1, 1, 1, 1),
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] }, 5: { sections: [] } },
  },
  {
    name: 'exit data copyout without finalize only decrements while references remain',
    steps: [...twoRefsWritten, exitData(copyout('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 5: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'copyout twice, then finalize: the second exit ends the lifetime',
    steps: [enterData(copyin('a')), enterData(copyin('a')), exitData(copyout('a')), exitDataFinalize(copyout('a'))],
    last: { kind: 'ok' },
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] }, 4: { sections: [] } },
  },
  {
    name: 'exit data delete(c%p) finalize: the pointer reference\'s detach decrements an attachment counter of 2 to 1 (K-A57 detach); libgomp detaches at once (immediate)',
    cite:
      'OpenACC 3.3 §2.6.6 (finalize: the dynamic counter of a copyout or delete var := 0, the attachment counter of a detach clause pointer := 0), §2.7.11 delete clause (a pointer reference: the detach action), §2.6.8 (each detach action decrements the attachment counter). libgomp: gcc/gimplify.cc gimplify_omp_target_update makes the detach of an exit data with finalize GOMP_MAP_FORCE_DETACH; libgomp/oacc-mem.c goacc_exit_data_internal passes finalize to gomp_detach_pointer (target.c), which sets the counter to 1 and decrements it. The data region keeps c and a present',
    steps: [
      assign('c%p', 'a'),
      dataBegin(copy('c', 'a')),
      enterData(copyin('a'), attach('c%p')),
      enterData(attach('c%p')),
      exitDataFinalize(del('c%p')),
      parallelRead('c%p', present('c')),
    ],
    last: per(readAll(10, 1), { libgomp: UNDEF, 'K-A57=immediate': UNDEF }),
    state: {
      4: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
      5: perState({ attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] }, { libgomp: IMMEDIATE_STATE, 'K-A57=immediate': IMMEDIATE_STATE }),
    },
  },
  {
    name: 'exit data copyout(c%p) finalize under K-A57 immediate also detaches at once; without finalize it decrements under both readings',
    cite: 'OpenACC 3.3 §2.7.9 copyout clause (a pointer reference: the detach action), §2.6.6 finalize; gcc/gimplify.cc forces the detach only with finalize (GOMP_MAP_FORCE_DETACH), GOMP_MAP_DETACH otherwise',
    steps: [
      assign('c%p', 'a'),
      dataBegin(copy('c', 'a')),
      enterData(copyin('a'), attach('c%p')),
      enterData(copyin('a'), attach('c%p')),
      enterData(attach('c%p')),
      exitData(copyout('c%p')),
      exitDataFinalize(copyout('c%p')),
    ],
    last: { kind: 'ok' },
    state: {
      6: { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
      7: perState({ attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] }, { libgomp: IMMEDIATE_STATE, 'K-A57=immediate': IMMEDIATE_STATE }),
    },
  },
  {
    name: 'exit data of data that is not present does nothing (3.1 and later)',
    cite: 'OpenACC 3.3 §1.15: no action when the counter is zero (spec-digest A.7)',
    steps: [exitData(copyout('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 1: { sections: [] } },
  },
  {
    name: 'one enter data with copyin and create clauses maps both, each with its own action',
    steps: [hostWrite('b', 4), enterData(copyin('a'), create('b')), parallelRead('a(1:1)', present('a')), parallelRead('b(1:2)', present('b'))],
    at: { 3: read(1) },
    last: read(null, null),
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }, { host: [B, B + 40], block: 2, src: 0, drc: 1 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.6',
  title: 'Enter Data and Exit Data Directives',
  rules: [
    'OpenACC 3.3 §2.6.6 Enter Data Directive',
    'OpenACC 3.3 §2.6.6 Exit Data Directive',
    'OpenACC 3.3 §2.6.6 Exit Data Directive (finalize: detach of a copyout or delete pointer reference, K-A57)',
  ],
  world: ACC_WORLD,
  rows,
});
