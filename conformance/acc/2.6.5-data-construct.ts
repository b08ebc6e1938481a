// OpenACC 3.3 §2.6.5 Data Construct: entry increments the structured counter (SRC), the end
// decrements it; a pointer-reference var is attached at entry and detached at the end.

import { err, ok, per, perState, section, type Row } from '../rows.js';
import { assign, copy, copyin, dataBegin, dataEnd, del, enterData, exitDataFinalize } from '../steps.js';
import { A, ACC_WORLD, B, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'data copyin(c%p) copyin(a(1:4)) with c%p => a: runs as listed; acted on last first (K-A62 reversed, GCC 12 C) a(1:4) comes first and a is partly present',
    cite: 'K-A62 (profiles/measured/probes-gcc-12-2026-12-04.md: GCC 12 C lists acc data copy(a[0:4]) copyin(b[0:2]) as b, a); §2.7.3: partly present data is an error',
    steps: [assign('c%p', 'a'), dataBegin(copyin('c%p'), copyin('a(1:4)'))],
    last: per(ok, { 'K-A62=reversed': err('acc_error_partly_present') }),
  },
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
