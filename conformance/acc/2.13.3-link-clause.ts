// OpenACC 3.3 §2.13.3 link clause of a program-scope declare: the array gets no device memory at
// program start; a data clause maps it as any other host data, and the region's exit ends that
// lifetime. libgomp: a link variable comes with the offload image as a node with refcount
// REFCOUNT_LINK (target.c gomp_load_image_to_device), which gomp_map_vars_internal treats as not
// mapped (`n && n->refcount != REFCOUNT_LINK` decides "existing"), so a data construct or compute
// construct maps it afresh, as below. Not modelled (left to a knob): the routines' view of that
// node before mapping (oacc-mem.c goacc_map_var_existing asserts `n->refcount != REFCOUNT_LINK`,
// and acc_is_present looks the node up), so no row here asks acc_is_present or acc_copyin about
// unmapped link data.

import { HALTED, RUNS, err, ok, per, read, readAll, section, type Row } from '../rows.js';
import { assign, copy, copyin, copyout, dataBegin, dataEnd, declare, enterData, hostRead, parallelRead, parallelWrite, present } from '../steps.js';
import { ACC_WORLD, B } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'no device memory at program start; a data region maps link data and copies it back at its end',
    steps: [declare(['link', 'b'], ['copyin', 'a']), dataBegin(copy('b')), parallelWrite('b', 6, present('b')), dataEnd, hostRead('b')],
    last: readAll(10, 6),
    state: { 1: { sections: [{ host: [0x1000, 0x1028], block: 1, src: 1, drc: 0 }] }, 2: { sections: [{ host: [0x1000, 0x1028], block: 1, src: 1, drc: 0 }, { host: [B, B + 40], block: 2, src: 1, drc: 0 }] } },
  },
  {
    name: 'a compute construct maps link data for its kernel (copy), and unmaps it at its end',
    steps: [declare(['link', 'b']), parallelRead('b', copy('b')), parallelWrite('b', 3, copyout('b')), hostRead('b')],
    at: { 2: readAll(10, 2) },
    last: read(...Array<number>(10).fill(3)),
    state: { 3: { sections: [] } },
  },
  {
    name: 'enter data of a pointer reference into link data no clause maps: mapped as any data; GCC 12 C asserts (K-A44); mapped by a data region first: no assertion',
    cite: 'K-A44 `assert`: the image node of a link var has REFCOUNT_LINK until gomp_map_vars maps it (a data region replaces the node), and goacc_enter_data_internal asserts on it',
    steps: [declare(['link', 'b']), enterData(copyin('c')), assign('c%p', 'b'), enterData(copyin('c%p')), dataBegin(copy('b')), enterData(copyin('c%p')), dataEnd],
    at: { 4: per(RUNS, { 'K-A44=assert': err('fatal_lowering') }), 6: per(RUNS, { 'K-A44=assert': HALTED }) },
    last: per(ok, { 'K-A44=assert': HALTED }),
  },
  {
    name: 'link data a data region maps: a pointer reference in enter data runs under either reading (K-A44)',
    steps: [declare(['link', 'b']), enterData(copyin('c')), assign('c%p', 'b'), dataBegin(copy('b')), enterData(copyin('c%p')), parallelRead('c%p', present('c')), dataEnd],
    at: { 5: RUNS, 6: readAll(10, 2) },
    last: ok,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.13.3',
  title: 'link clause',
  rules: ['OpenACC 3.3 §2.13.3 link clause'],
  world: ACC_WORLD,
  rows,
});
