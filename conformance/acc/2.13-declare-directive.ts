// OpenACC 3.3 §2.13 Declare Directive at program scope (§2.13.1 device_resident, §2.13.2 create,
// §2.13.3 link; §2.6.7: the structured counter of static data of a global declare starts at one).
// The data is present from program start to the end, whatever exit data, acc_copyout, acc_delete
// or a region's exit do: none of them gives the structured reference back.
// libgomp: a global declaration's variables come with the offload image (target.c
// gomp_load_image_to_device: `refcount = REFCOUNT_INFINITY`, link vars `REFCOUNT_LINK`), and
// oacc-mem.c goacc_exit_datum_1 never drops an infinite count, so the data stays as under the
// spec; its PR92843 test expects acc_copyout / exit data copyout to be no-ops under a declare
// reference. acc_unmap_data refuses data acc_map_data did not map (K-A8), acc_map_data refuses
// present data (§3.2.21 acc_error_present; libgomp "is already mapped").

import { HALTED, RUNS, UNDEF, err, ok, per, read, readAll, value, section, type Row } from '../rows.js';
import {
  assign,
  accCopyin,
  accCopyout,
  accDelete,
  accDeleteFinalize,
  accIsPresent,
  accMalloc,
  accMapData,
  accUnmapData,
  copy,
  copyin,
  copyout,
  dataBegin,
  dataEnd,
  declare,
  del,
  enterData,
  exitData,
  exitDataFinalize,
  h,
  hostRead,
  hostWrite,
  parallelRead,
  parallelWrite,
  present,
} from '../steps.js';
import { A, B, ACC_WORLD } from '../worlds.js';

const A_RANGE: [number, number] = [A, A + 40];
const MISUSE = per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') });

const rows: Row[] = [
  {
    name: 'declare copyin: the device copy holds the initial values from program start, SRC 1',
    steps: [declare(['copyin', 'a']), accIsPresent('a'), parallelRead('a', present('a'))],
    at: { 2: value(true) },
    last: readAll(10, 1),
    state: { 1: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'declare create: present from program start, contents indeterminate',
    cite: '§2.13.2 create clause',
    steps: [declare(['create', 'a']), parallelRead('a', present('a'))],
    last: readAll(10, null),
    state: { 1: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'declare device_resident: device memory from program start, contents indeterminate',
    cite: '§2.13.1 device_resident clause',
    steps: [declare(['device_resident', 'b']), accIsPresent('b'), parallelRead('b', present('b'))],
    at: { 2: value(true) },
    last: readAll(10, null),
    state: { 1: { sections: [{ host: [B, B + 40], block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'exit data delete finalize, acc_delete_finalize and acc_delete leave declared data present',
    cite: '§2.6.7: finalize zeroes the dynamic counter only; SRC 1 keeps the data (libgomp: REFCOUNT_INFINITY is never decremented)',
    steps: [declare(['copyin', 'a']), exitDataFinalize(del('a')), accDeleteFinalize('a'), accDelete('a'), accIsPresent('a'), parallelRead('a', present('a'))],
    at: { 5: value(true) },
    last: readAll(10, 1),
    state: { 4: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'a dynamic reference on declared data: copyout gives it back but copies nothing back',
    cite: '§2.7.8 copyout clause: the copyout action needs both counters at zero; libgomp PR92843 test: no copy under a declare reference',
    steps: [declare(['copyin', 'a']), enterData(copyin('a')), parallelWrite('a', 7, present('a')), exitData(copyout('a')), accCopyout('a'), hostRead('a'), accIsPresent('a')],
    at: { 6: readAll(10, 1) },
    last: value(true),
    state: { 4: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'a data region on declared data: copy and copyout at its end copy nothing back',
    cite: '§2.6.5 / §2.7.6: the region takes SRC 2 -> 1 at exit, so no copyout action',
    steps: [declare(['create', 'a']), dataBegin(copy('a')), parallelWrite('a', 7, present('a')), dataEnd, hostRead('a'), accIsPresent('a')],
    at: { 5: readAll(10, 1) },
    last: value(true),
    state: { 2: { sections: [{ host: A_RANGE, block: 1, src: 2, drc: 0 }] }, 4: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'acc_copyin of declared data counts a dynamic reference on the existing copy',
    cite: '§3.2.18: present data gets DRC + 1, nothing is copied',
    steps: [declare(['copyin', 'a']), hostWrite('a', 4), accCopyin('a'), parallelRead('a', present('a'))],
    last: readAll(10, 1),
    state: { 3: { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 1 }] } },
  },
  {
    name: 'acc_unmap_data of declared data: acc_map_data did not map it (K-A8)',
    cite: '§3.2.22; libgomp oacc-mem.c acc_unmap_data: "refusing to unmap block ... that has not been mapped by \'acc_map_data\'"',
    steps: [declare(['copyin', 'a']), accUnmapData('a')],
    last: MISUSE,
  },
  {
    name: 'acc_map_data of declared data: it is already present',
    cite: '§3.2.21 acc_error_present',
    steps: [declare(['copyin', 'a']), accMalloc('d', 40), accMapData('a', h('d'))],
    last: err('acc_error_present'),
  },
  {
    name: 'two arrays, two clauses: blocks in order of appearance',
    steps: [declare(['create', 'b'], ['copyin', 'a']), parallelRead('a', present('a'))],
    last: read(...Array<number>(10).fill(1)),
    state: { 1: { sections: [{ host: A_RANGE, block: 2, src: 1, drc: 0 }, { host: [B, B + 40], block: 1, src: 1, drc: 0 }] } },
  },
  {
    name: 'enter data of a pointer reference into declared data: present like any data; GCC 12 C asserts (K-A44)',
    cite:
      'K-A44 `assert`: libgomp oacc-mem.c goacc_enter_data_internal asserts `n->refcount != REFCOUNT_INFINITY && n->refcount != REFCOUNT_LINK` for a group of more than one map (the pointer reference) whose first address is in the table; GCC 12 C makes a file-scope declare an image variable of infinite count (measured: 12 C units of profiles/measured/gcc-12-nvptx-2026-12-03b, Fortran runs)',
    steps: [declare(['copyin', 'a']), enterData(copyin('c')), assign('c%p', 'a'), enterData(copyin('c%p')), parallelRead('c%p', present('c'))],
    at: { 4: per(RUNS, { 'K-A44=assert': err('fatal_lowering') }) },
    last: per(readAll(10, 1), { 'K-A44=assert': HALTED }),
  },
  {
    name: 'a plain var in declared data, and a pointer reference on a structured construct: no assertion under either reading (K-A44)',
    cite: 'goacc_map_var_existing (a group of one) does not assert on an infinite count; a data construct maps through gomp_map_vars',
    steps: [declare(['copyin', 'a']), enterData(copyin('a')), enterData(copyin('c')), assign('c%p', 'a'), dataBegin(copyin('c%p')), parallelRead('c%p', present('c')), dataEnd],
    at: { 6: readAll(10, 1) },
    last: ok,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.13',
  title: 'Declare Directive',
  rules: ['OpenACC 3.3 §2.13 Declare Directive', 'OpenACC 3.3 §2.13 Declare Directive (a pointer reference into declared data in enter data, K-A44)'],
  world: ACC_WORLD,
  rows,
});
