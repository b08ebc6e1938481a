// OpenACC 3.3 §2.6.6 Enter Data and Exit Data Directives: enter data increments the dynamic
// counter (DRC), exit data decrements it, exit data finalize sets it to 0.

import { UNDEF, err, ok, per, perState, readAll, read, section, type Row } from '../rows.js';
import { accMalloc, accMapData, assign, attach, copy, copyin, copyout, dataBegin, declare, del, enterData, exitData, exitDataFinalize, h, hostRead, parallelWrite, present, hostWrite, create, parallelRead } from '../steps.js';
import { A, ACC_WORLD, B, C, MEMBERS_WORLD } from '../worlds.js';

/** K-A57: what exit data with finalize does to a copyout or delete pointer reference's attachment. */
const IMMEDIATE_STATE = { attachments: [{ ptr: C, ac: 0, device: { space: 'host' as const, addr: A, count: 10 } }] };

const twoRefsWritten = [enterData(copyin('a')), enterData(copyin('a')), parallelWrite('a(3:4)', 7, present('a')), hostRead('a')];

/** K-A75 `grouped` where the attach is acted on at its place (K-A17 list-order): libgomp's reading of the C order is K-A62 reversed too. */
const GROUPED = 'K-A17=list-order,K-A75=grouped';
const GROUPED_C = 'K-A17=list-order,K-A62=reversed,K-A75=grouped';
/** The state after enter data create(a) attach(c%p) is taken as one group with a(3:8) present and c%p => a(3:8). */
const GROUP_COUNTED = {
  sections: [
    { host: [A + 8, A + 32] as [number, number], block: 2, src: 0, drc: 2 },
    { host: [C, C + 16] as [number, number], block: 1, src: 0, drc: 1 },
  ],
  attachments: [{ ptr: C, ac: 1, device: { space: 'dev' as const, block: 2, offset: 0, count: 6 } }],
};

const rows: Row[] = [
  {
    name: 'K-A75: enter data create(a) attach(c%p) with a(3:8) present and c%p => a(3:8): a is partly present; libgomp takes a and the attach after it as one map group, attaches, and counts the section it finds',
    cite: 'K-A75 grouped: oacc-mem.c find_group_last (a map entry and the one GOMP_MAP_ATTACH after it are a group) and goacc_enter_data_internal, branch `n && groupnum > 1` (lookup by any overlap, attaches first, no bounds check); measured with GCC 12.2 C (gen-20270121-208-c step 9, profiles/measured/gcc-12-nvptx-2026-12-06q.md). gfortran maps a pointer array as its data and then its descriptor (K-A72 descriptor, gcc-12), so the data is a group of one and partly present',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(create('a'), attach('c%p'))],
    last: per(err('acc_error_partly_present'), {
      libgomp: ok,
      'gcc-12': err('acc_error_partly_present'),
      [GROUPED]: ok,
      // a found section of finite count: no assertion
      'K-A17=list-order,K-A44=assert,K-A75=grouped': ok,
      'K-A17=list-order': err('acc_error_partly_present'),
      // the group needs the attach at its place: after-data attaches after every data clause
      'K-A75=grouped': err('acc_error_partly_present'),
    }),
    state: { 4: perState(null, { libgomp: GROUP_COUNTED, 'gcc-12': null, [GROUPED]: GROUP_COUNTED }) },
  },
  {
    name: 'K-A75: the same vars on a data construct: gomp_map_vars maps a construct\'s list whole, so partly present a is an error under every reading',
    cite: 'K-A75 grouped is goacc_enter_data_internal\'s (enter data); a data construct\'s GOACC_data_start maps through gomp_map_vars, which aborts on partly present data ("Trying to map into device", §2.7.3)',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), dataBegin(create('a'), attach('c%p'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'K-A75: enter data copyin(b) create(a) attach(c%p): the group is the var just before the attach, wherever it stands in the list',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(copyin('b'), create('a'), attach('c%p'))],
    last: per(err('acc_error_partly_present'), { libgomp: ok, 'gcc-12': err('acc_error_partly_present'), [GROUPED]: ok }),
    state: {
      4: perState(null, {
        [GROUPED]: { sections: [GROUP_COUNTED.sections[0]!, { host: [B, B + 40], block: 3, src: 0, drc: 1 }, GROUP_COUNTED.sections[1]!], attachments: GROUP_COUNTED.attachments },
      }),
    },
  },
  {
    name: 'K-A75: enter data create(a) copyin(b) attach(c%p): a is followed by b, not by the attach, so a acts alone and is partly present',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(create('a'), copyin('b'), attach('c%p'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'K-A75: enter data copyin(c%p) attach(c%p) with c%p => a and a(3:8) present: a pointer reference ends its own group with its own attach, so the attach clause after it is a group of its own and the data is partly present',
    cite: 'K-A75 grouped: find_group_last ends a group at the first GOMP_MAP_ATTACH after the data (the pointer reference\'s own); K-A69 decides the pointer reference\'s data',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(copyin('b'), copyin('c%p'), attach('c%p'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'K-A75: enter data create(a(3:2)) attach(c%p) with a(3:8) present: zero bytes are K-A55\'s to decide (GCC lowers them to a map kind of their own), not a group\'s',
    cite: 'K-A55 no-op: zero bytes are no data; K-A75 grouped takes a var with bytes of its own',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(create('a(3:2)'), attach('c%p'))],
    last: ok,
    state: {
      4: perState(null, {
        'K-A17=list-order,K-A55=no-op,K-A75=grouped': { sections: [{ host: [A + 8, A + 32], block: 2, src: 0, drc: 1 }, GROUP_COUNTED.sections[1]!], attachments: GROUP_COUNTED.attachments },
      }),
    },
  },
  {
    name: 'K-A75: enter data create(a(3:2)) attach(c%p) with a declared: zero bytes form no group, so no grouped lookup meets the declared key\'s infinite count (K-A44)',
    steps: [declare(['copyin', 'a']), assign('c%p', 'a'), enterData(copyin('c')), enterData(create('a(3:2)'), attach('c%p'))],
    last: per(ok, { 'K-A17=list-order,K-A44=assert,K-A55=no-op,K-A75=grouped': ok }),
  },
  {
    name: 'K-A75 with GCC\'s C lowering: attach(c%p) create(c) after copyin(c%p) mapped c\'s pointer word alone (K-A22 member-mapped, K-A24 pointer-word): c is partly present, and the C list puts create(c) just before the attach, one group that counts the word\'s section',
    cite: 'K-A75 grouped: measured with GCC 12.2 C, gen-20261227-156-c step 5 (profiles/measured/gcc-12-nvptx-2026-12-05q.md) and gen-20270121-208-c step 9 run; K-A24 pointer-word: "[h,+16] not mapped" without the group',
    // (c absent under the text: copyin(c%p) maps the target alone, and create(c) maps c afresh)
    steps: [assign('c%p', 'a'), enterData(copyin('c%p')), enterData(attach('c%p'), create('c'))],
    last: per(ok, {
      'K-A17=list-order,K-A22=member-mapped,K-A24=pointer-word,K-A62=reversed': err('acc_error_partly_present'),
      'K-A17=list-order,K-A22=member-mapped,K-A24=pointer-word,K-A62=reversed,K-A75=grouped': ok,
    }),
  },
  {
    name: 'K-A75: enter data create(a) after an enter data of two vars, the second an attach: only this directive\'s vars are grouped',
    steps: [assign('c%p', 'b'), enterData(copyin('b')), enterData(copyin('c'), attach('c%p')), enterData(copyin('a(3:8)')), enterData(create('a'))],
    last: err('acc_error_partly_present'),
  },
  {
    name: 'K-A75: create(a) attach(c%p) with a declared at program scope: present either way; the grouped lookup meets a key of infinite count, on which GCC 12\'s runtime asserts (K-A44)',
    steps: [declare(['copyin', 'a']), assign('c%p', 'a'), enterData(copyin('c')), enterData(create('a'), attach('c%p'))],
    last: per(ok, { [GROUPED]: ok, 'K-A17=list-order,K-A44=assert,K-A75=grouped': err('fatal_lowering'), 'K-A17=list-order,K-A44=assert': ok }),
  },
  {
    name: 'K-A75: create(c%arr) attach(c%p) with c%arr(2:3) present: a member of a struct is a struct group of its own (GOMP_MAP_STRUCT), so it acts alone and is partly present',
    // (a second struct: a member is told by its struct, whichever struct that is)
    world: { ...MEMBERS_WORLD, structs: [...MEMBERS_WORLD.structs, { name: 'd', pointers: ['p'] }] },
    steps: [enterData(copyin('c%arr(2:3)')), enterData(create('c%arr'), attach('c%p'))],
    last: per(err('acc_error_partly_present'), { libgomp: err('fatal_partial_map'), 'gcc-12': err('fatal_partial_map') }),
  },
  {
    name: 'K-A75: enter data attach(c%p) create(a): the attach comes first, so no group forms in list order; GCC\'s C list, last item first (K-A62 reversed), puts create(a) just before the attach and groups them',
    cite: 'K-A75 grouped, K-A62 reversed: GCC 12.2 -fdump-tree-omplower, enter data attach(v4.p1) create(v3, v2) is map(alloc:v2) map(alloc:v3) map(attach:v4.p1)',
    steps: [assign('c%p', 'a(3:8)'), enterData(copyin('c')), enterData(copyin('a(3:8)')), enterData(attach('c%p'), create('a'))],
    last: per(err('acc_error_partly_present'), { [GROUPED_C]: ok, [GROUPED]: err('acc_error_partly_present') }),
    state: { 4: perState(null, { [GROUPED_C]: GROUP_COUNTED }) },
  },
  {
    name: 'K-A75: create(a) attach(c%p) with a mapped by acc_map_data: present either way; the grouped lookup meets a key of infinite count, on which libgomp asserts',
    cite: 'K-A75 grouped: goacc_enter_data_internal, branch `n && groupnum > 1`, asserts n->refcount != REFCOUNT_INFINITY, which acc_map_data sets. Measured with GCC 12.2 on an H100: gen-20270110-040-fortran step 12 (profiles/measured/gcc-12-nvptx-2026-12-06j.md), enter data copyin(a) attach(cs(1)%p) with a declare link array a that acc_map_data mapped, which gfortran lowers to map(to:v1) map(attach:v3[0].p1), stops on that assertion. gfortran maps a pointer array with its descriptor (K-A72, gcc-12), so no group forms there',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), assign('c%p', 'a'), enterData(copyin('c')), enterData(create('a'), attach('c%p'))],
    last: per(ok, { libgomp: err('fatal_lowering'), 'gcc-12': ok, [GROUPED]: err('fatal_lowering') }),
    // apart, the reference is counted as K-A7 counts one on acc_map_data's data
    state: {
      5: perState(null, {
        'K-A17=list-order': { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2, origin: 'map_data', offset: 0 }, { host: [C, C + 16], block: 2, src: 0, drc: 1 }] },
      }),
    },
  },
  {
    name: 'K-A75: create(a) attach(c%p) with a(1:2) and a(5:6) present: which of the two the grouped lookup finds is the runtime\'s own',
    cite: 'K-A75 grouped: lookup_host returns whichever overlapping key its splay tree meets first',
    steps: [assign('c%p', 'a(5:6)'), enterData(copyin('c')), enterData(copyin('a(1:2)')), enterData(copyin('a(5:6)')), enterData(create('a'), attach('c%p'))],
    last: per(err('acc_error_partly_present'), { libgomp: UNDEF, 'gcc-12': err('acc_error_partly_present'), [GROUPED]: UNDEF }),
  },
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
    'OpenACC 3.3 §2.6.6 Enter Data Directive (a data clause var an attach clause var follows at once, K-A75)',
  ],
  world: ACC_WORLD,
  rows,
});
