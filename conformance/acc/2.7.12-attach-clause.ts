// OpenACC 3.3 §2.7.12 attach clause: an attach action at entry (and a detach at a region's end).
// K-A2: attach of a pointer whose target is absent (libgomp aborts). K-A17: where in the directive
// the attach clause attaches (after the data clauses; libgomp: in list order; GCC's C front end:
// first).

import { err, ok, per, readAll, section, type Row, read } from '../rows.js';
import { assign, attach, copyin, dataBegin, dataEnd, enterData, parallelRead, present } from '../steps.js';

const ATTACH_FIRST = 'K-A17=attach-first';
const LIST_ORDER = 'K-A17=list-order';
import { A, ACC_WORLD, C } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'attach listed before the data clause that maps its target (K-A17): attached after the data; libgomp attaches in list order and aborts',
    cite: 'K-A17: libgomp oacc-mem.c goacc_enter_data_internal handles the attach group at its place',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), attach('c%p'), copyin('a')), parallelRead('c%p', present('c'))],
    at: { 2: per(ok, { libgomp: err('fatal_attach_absent'), [LIST_ORDER]: ok, [ATTACH_FIRST]: ok }) },
    // Under list-order with the spec's K-A2 (no action) the pointer stays unattached.
    last: per(readAll(10, 1), { libgomp: { kind: 'halted' }, [LIST_ORDER]: { kind: 'undefined' }, [ATTACH_FIRST]: { kind: 'undefined' } }),
  },
  {
    name: 'attach listed after the data clauses (K-A17): every order attaches; the C front end attaches first and misses the target',
    cite: 'issue 10: GCC 12.2 C: copyin(a) attach(c.p) aborts "pointer target not mapped for attach"',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('a'), attach('c%p')), parallelRead('c%p', present('c'))],
    at: { 3: per(ok, { [ATTACH_FIRST]: ok, 'K-A17=attach-first,K-A2=error': err('fatal_attach_absent') }) },
    last: per(readAll(10, 1), { [ATTACH_FIRST]: { kind: 'undefined' }, 'K-A17=attach-first,K-A2=error': { kind: 'halted' } }),
  },
  {
    name: 'attach of a pointer whose target is absent does nothing (K-A2)',
    cite: 'A.6 attach: target not present → no action; libgomp target.c gomp_attach_pointer "pointer target not mapped for attach"',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), attach('c%p'))],
    last: per(ok, { libgomp: err('fatal_attach_absent'), 'K-A2=error': err('fatal_attach_absent') }),
    // The copyin before the failing attach keeps its effect (§1.5: no recovery, nothing undone).
    state: { 2: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } },
  },
  {
    name: 'an attach clause of a data region attaches for the region and detaches at its end',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a')), dataBegin(attach('c%p')), parallelRead('c%p', present('c')), dataEnd],
    at: { 4: readAll(10, 1) },
    last: ok,
    state: {
      3: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
      5: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
    },
  },
  {
    name: 'an attach clause on a compute construct attaches for the kernel and detaches after it',
    steps: [assign('c%p', 'a(2:4)'), enterData(copyin('c', 'a')), parallelRead('c%p', present('c'), attach('c%p'))],
    last: read(1, 1, 1),
    state: { 3: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }] } },
  },
  {
    name: 'a data construct\'s attach clause maps no member of the pointer\'s struct, so its end gives no reference of the struct back (K-A22 member-mapped is about data clauses: GCC lowers attach(c%p) to map(attach:c.p) alone)',
    cite: 'GCC 12.2 -fdump-tree-omplower (C): data attach(v4.p1) is map(attach:v4.p1 [bias: 0]), no struct group',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), dataBegin(copyin('c')), dataBegin(attach('c%p')), dataEnd, dataEnd],
    last: per(ok, { libgomp: ok, 'K-A22=member-mapped': ok }),
    state: { 5: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }, { host: [C, C + 16], block: 2, src: 1, drc: 0 }] } },
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.12', title: 'attach clause', rules: ['OpenACC 3.3 §2.7.12 attach clause'], world: ACC_WORLD, rows });
