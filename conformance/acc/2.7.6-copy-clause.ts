// OpenACC 3.3 §2.7.6 copy clause: copyin at entry of absent data, copyout at the end; a
// pointer-reference var is attached at entry and detached before the copy back.

import { ok, read, section, type Row, readAll } from '../rows.js';
import { copy, copyin, dataBegin, dataEnd, enterData, hostRead, parallelDefaultPresent, parallelRamp, parallelWrite } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'copy(c%p) maps the target and attaches; the end detaches before the copyout',
    world: ACC_WORLD_ATTACHED,
    steps: [enterData(copyin('c')), dataBegin(copy('c%p')), parallelDefaultPresent({ write: 'c%p', value: 5 }), dataEnd, hostRead('a')],
    at: { 1: ok, 2: ok, 3: ok, 4: ok },
    last: read(1, 5, 5, 5, 1, 1, 1, 1, 1, 1),
    state: {
      2: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 3 } }] },
      4: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }] },
    },
  },
  {
    name: 'a data region copying a 1024-element array brings every element home, each to its own place (libgomp\'s N = 1024 tests at their size)',
    world: { arrays: [{ name: 'a', length: 1024 }], structs: [] },
    steps: [dataBegin(copy('a')), parallelRamp('a', 1, 1), dataEnd, hostRead('a(1:2)'), hostRead('a(1022:1024)')],
    at: { 4: read(1, 2) },
    last: read(1022, 1023, 1024),
  },
  {
    name: 'copy on a compute construct copies a subarray in and out',
    steps: [parallelWrite('a(2:3)', 4, copy('a(2:3)')), hostRead('a(1:4)')],
    last: read(1, 4, 4, 1),
  },
  {
    name: 'a copy region inside the dynamic lifetime of the data copies nothing back at its end',
    cite: 'spec-digest A.7 copy exit: copyout only when SRC and DRC are both 0',
    steps: [enterData(copyin('a')), dataBegin(copy('a')), parallelWrite('a', 3), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 1 }] }, 4: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.6', title: 'copy clause', rules: ['OpenACC 3.3 §2.7.6 copy clause'], world: ACC_WORLD, rows });
