// OpenACC 3.3 §2.6.5 Data Construct: entry increments the structured counter (SRC), the end
// decrements it; a pointer-reference var is attached at entry and detached at the end.

import { ok, perState, section, type Row } from '../rows.js';
import { assign, copy, copyin, dataBegin, dataEnd, del, enterData, exitDataFinalize } from '../steps.js';
import { A, ACC_WORLD, B, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'a data region and enter data both hold references; finalize zeroes only the dynamic one',
    steps: [dataBegin(copy('a')), enterData(copyin('a')), enterData(copyin('a')), exitDataFinalize(del('a')), dataEnd],
    at: { 1: ok, 2: ok, 3: ok, 4: ok },
    last: ok,
    state: {
      1: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 0 }] },
      3: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 2 }] },
      4: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 0 }] },
      5: { sections: [] },
    },
  },
  {
    name: 'a pointer-reference clause attaches at entry and detaches at the end of a data region',
    steps: [assign('c%p', 'b'), enterData(copyin('c')), dataBegin(copy('c%p')), dataEnd],
    last: ok,
    state: {
      // K-A22 member-mapped (libgomp): copy(c%p) also maps the member c%p, a structured reference on c.
      3: perState(
        {
          sections: [
            { host: [B, B + 40], block: 2, src: 1, drc: 0 },
            { host: [C, C + 16], block: 1, src: 0, drc: 1 },
          ],
          attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }],
          ompEntries: [],
          ompPointers: [],
        },
        {
          libgomp: {
            sections: [
              { host: [B, B + 40], block: 2, src: 1, drc: 0 },
              { host: [C, C + 16], block: 1, src: 1, drc: 1 },
            ],
          },
        },
      ),
      4: {
        sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }],
        attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: B, count: 10 } }],
        ompEntries: [],
        ompPointers: [],
      },
    },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.5',
  title: 'Data Construct',
  rules: ['OpenACC 3.3 §2.6.5 Data Construct'],
  world: ACC_WORLD,
  rows,
});
