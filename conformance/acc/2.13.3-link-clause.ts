// OpenACC 3.3 §2.13.3 link clause of a program-scope declare: the array gets no device memory at
// program start; a data clause maps it as any other host data, and the region's exit ends that
// lifetime. libgomp: a link variable comes with the offload image as a node with refcount
// REFCOUNT_LINK (target.c gomp_load_image_to_device), which gomp_map_vars_internal treats as not
// mapped (`n && n->refcount != REFCOUNT_LINK` decides "existing"), so a data construct or compute
// construct maps it afresh, as below. K-A60 `registered` (GCC 12 C) reads the routines' and enter
// data's view of that node before mapping: acc_map_data finds it "already mapped", and enter data
// and acc_copyin / acc_create stop on goacc_map_var_existing's assertion `n->refcount !=
// REFCOUNT_LINK`, exit data and acc_copyout / acc_delete on goacc_exit_datum_1's, and the update
// directive finds the node and fails to copy through it, and an attach finds it and aims the device pointer at the
// link variable's own slot (gomp_attach_pointer). Not modelled: acc_is_present looking the node up, so no row here asks it about
// unmapped link data.

import { HALTED, RUNS, err, ok, per, perState, read, readAll, section, type Row } from '../rows.js';
import { accCopyin, accCreate, attach, accDelete, accMalloc, accMapData, assign, copy, copyin, copyout, create, dataBegin, dataEnd, declare, del, enterData, exitData, h, hostRead, noCreate, parallelRead, self, update, updateIfPresent, device, parallelWrite, present } from '../steps.js';
import { ACC_WORLD, B, C } from '../worlds.js';

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
    name: 'attach of a pointer into link data no clause maps: no action under the text; GCC 12 C finds the link key and attaches to its slot (K-A60 registered)',
    cite: 'A.6 attach: target not present → no action; K-A60 `registered`: target.c gomp_attach_pointer looks target + bias up and finds the REFCOUNT_LINK key, whose device address is the link variable in the image; measured gen-20270101-161-c step 3 (profiles/measured/gcc-12-nvptx-2026-12-06c.md)',
    steps: [declare(['link', 'b']), enterData(copyin('c')), assign('c%p', 'b'), enterData(attach('c%p'))],
    last: per(ok, { libgomp: err('fatal_attach_absent'), 'K-A60=registered': ok }),
    state: {
      4: perState(
        // c was copied in while c%p was null, so its device copy holds null until an attach
        { attachments: [{ ptr: C, ac: 0, device: null }] },
        { libgomp: null, 'K-A60=registered': { attachments: [{ ptr: C, ac: 1, device: { space: 'indeterminate' } }] } },
      ),
    },
  },
  {
    name: 'link data a data region maps: a pointer reference in enter data runs under either reading (K-A44)',
    steps: [declare(['link', 'b']), enterData(copyin('c')), assign('c%p', 'b'), dataBegin(copy('b')), enterData(copyin('c%p')), parallelRead('c%p', present('c')), dataEnd],
    at: { 5: RUNS, 6: readAll(10, 2) },
    last: ok,
  },
  {
    name: 'enter data of link data no clause maps copies it in; GCC 12 C stops on the link key it finds (K-A60 registered); mapped by a data region, no stop',
    cite: 'K-A60 `registered`: measured gen-20261212-087-c step 2, "goacc_map_var_existing: Assertion `n->refcount != REFCOUNT_LINK\' failed"',
    steps: [declare(['link', 'b']), dataBegin(copy('b')), enterData(copyin('b')), exitData(del('b')), dataEnd, enterData(create('b'))],
    at: { 3: ok, 4: ok, 5: ok },
    last: per(ok, { 'K-A60=registered': err('fatal_lowering') }),
  },
  {
    name: 'acc_copyin and acc_create of link data no clause maps: mapped as any data; under K-A60 registered the runtime stops',
    steps: [declare(['link', 'b']), accCopyin('b'), exitData(del('b')), accCreate('b(2:3)')],
    at: { 2: per(RUNS, { 'K-A60=registered': err('fatal_lowering') }) },
    last: per(RUNS, { 'K-A60=registered': HALTED }),
  },
  {
    name: 'acc_delete of link data no clause maps does nothing; GCC 12 C stops on the link key it finds (K-A60 registered)',
    cite: 'measured gcc-12-nvptx-2026-12-04k gen-20261215-029-c step 2: acc_delete(&a[2], 24), "goacc_exit_datum_1: Assertion `n->refcount != REFCOUNT_LINK\' failed"',
    steps: [declare(['link', 'b']), accDelete('a'), accDelete('b(3:8)'), hostRead('b')],
    at: { 2: ok, 3: per(ok, { 'K-A60=registered': err('fatal_lowering') }) },
    last: per(readAll(10, 2), { 'K-A60=registered': HALTED }),
  },
  {
    name: 'exit data of link data no clause maps does nothing; GCC 12 C hands the link key to the same exit path and stops (K-A60 registered: a nonzero section of the link array; other data and zero bytes run)',
    cite: 'oacc-mem.c goacc_exit_data_internal: a key found for a from / delete / release item goes to goacc_exit_datum_1, which asserts n->refcount != REFCOUNT_LINK',
    steps: [declare(['link', 'b']), exitData(copyout('a')), exitData(del('b(3:2)')), exitData(copyout('b')), hostRead('b')],
    at: { 2: ok, 3: ok, 4: per(ok, { 'K-A60=registered': err('fatal_lowering') }) },
    last: per(readAll(10, 2), { 'K-A60=registered': HALTED }),
  },
  {
    name: 'update of link data no clause maps: skipped with if_present, not present without; GCC 12 C finds the link key and its copy fails (K-A60 registered)',
    cite: 'measured gcc-12-nvptx-2026-12-04l gen-20261216-136-c step 2: update self(cs[0].p[0:n]) if_present of a declare link array, "libgomp: invalid size", "Copying of dev object … to host object … failed" (acc_is_present finds the key; update_dev_host copies through it)',
    steps: [declare(['link', 'b']), updateIfPresent(self('a')), updateIfPresent(self('b')), update(device('b'))],
    at: { 2: ok, 3: per(ok, { 'K-A60=registered': err('fatal_lowering') }) },
    last: per(err('acc_error_not_present'), { 'K-A60=registered': HALTED }),
  },
  {
    name: 'update of link data a data construct maps: the copy runs (K-A60 registered too)',
    steps: [declare(['link', 'b']), dataBegin(copy('b')), parallelWrite('b', 7, present('b')), update(self('b')), hostRead('b'), dataEnd],
    at: { 4: per(ok, { 'K-A60=registered': ok }), 5: readAll(10, 7) },
    last: ok,
  },
  {
    name: 'exit data of a pointer reference into link data no clause maps: GCC 12 C looks its target up and stops (K-A60 registered)',
    cite: 'libgomp stops earlier, on the detach of c%p, whose struct is not present (K-A22 member-mapped)',
    steps: [declare(['link', 'b']), assign('c%p', 'b'), exitData(copyout('a', 'c%p'))],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A60=registered': err('fatal_lowering') }),
  },
  {
    name: 'a data construct\'s no_create of link data no clause maps leaves it absent, and its end asks nothing of the link key (K-A60 registered)',
    cite: 'a region ends through gomp_unmap_vars, which goacc_exit_datum_1\'s assertion is not on',
    steps: [declare(['link', 'b']), dataBegin(noCreate('b')), dataEnd, hostRead('b')],
    at: { 3: per(ok, { 'K-A60=registered': ok }) },
    last: readAll(10, 2),
  },
  {
    name: 'K-A60 registered stops only on a link array no clause maps: other absent data, link data a region maps and a pointer reference into link data (K-A44\'s), here the second var of its construct, run on',
    steps: [
      declare(['link', 'b']),
      enterData(copyin('a(1:5)')),
      accCreate('a(6:10)'),
      dataBegin(copy('b')),
      accCopyin('b'),
      dataEnd,
      exitData(del('b')),
      exitData(del('a(1:5)')),
      accMalloc('d', 20),
      accMapData('a(1:5)', h('d')),
      enterData(copyin('c')),
      assign('c%p', 'b'),
      enterData(copyin('a(6:10)', 'c%p')),
    ],
    at: { 2: ok, 3: RUNS, 5: RUNS, 10: ok },
    last: per(RUNS, { 'K-A60=registered': RUNS }),
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
