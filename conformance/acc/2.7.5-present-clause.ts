// OpenACC 3.3 §2.7.5 present clause: absent data → acc_error_not_present, partly present →
// acc_error_partly_present (§2.7.3); present data is counted in SRC for the region.

import { HALTED, err, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { accCopyin, dataBegin, parallelRead, present, enterData, copyin, exitData, copyout, parallelWrite, dataEnd, hostRead } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED, C } from '../worlds.js';

const rows: Row[] = [
  { name: 'present clause on absent data is acc_error_not_present', steps: [dataBegin(present('a'))], last: err('acc_error_not_present') },
  {
    name: 'present clause on partly present data is acc_error_partly_present',
    steps: [accCopyin('a(2:3)'), parallelRead('a', present('a(1:3)'))],
    last: err('acc_error_partly_present'),
  },
  { name: 'present clause on a present subarray reads the device copy', steps: [accCopyin('a'), parallelRead('a(4:6)', present('a(4:6)'))], last: readAll(3, 1) },
  {
    name: 'the end of a present region that holds the last reference deletes the data without copying back',
    cite: 'spec-digest A.7 present exit: SRC and DRC both 0 → delete action',
    steps: [enterData(copyin('a')), dataBegin(present('a')), exitData(copyout('a')), parallelWrite('a', 7, present('a')), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 0 }] }, 5: { sections: [] } },
  },
  {
    name: 'present(c%p) of present data while c is absent: the attach finds no struct (nothing under the text, K-A2); GCC maps the member itself first (K-A22 member-mapped), so the attach runs',
    cite: 'K-A22 member-mapped: GCC 12.2 -fdump-tree-omplower lowers data present(c%p) to map(struct:c) map(alloc:c.p) map(force_present:*c.p) map(attach:c.p), in C and Fortran',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('a')), dataBegin(present('c%p')), dataEnd, hostRead('a')],
    at: { 2: per(ok, { 'K-A2=error': err('fatal_attach_absent'), libgomp: ok }), 3: per(ok, { 'K-A2=error': HALTED }) },
    last: per(readAll(10, 1), { 'K-A2=error': HALTED }),
    state: {
      2: perState(
        { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 1 }], attachments: [] },
        {
          'K-A2=error': null,
          libgomp: {
            sections: [
              { host: [A, A + 40], block: 1, src: 1, drc: 1 },
              { host: [C, C + 16], block: 2, src: 1, drc: 0 },
            ],
            attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 1, offset: 4, count: 3 } }],
          },
        },
      ),
    },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.5', title: 'present clause', rules: ['OpenACC 3.3 §2.7.5 present clause'], world: ACC_WORLD, rows });
