// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for zero-length subarrays (issue 9 item 5):
// `a(3:2)`, C `a[2:0]`, names no element. The text calls data present when it lies in a single
// device memory section and does not say what zero bytes are; K-A55 has the readings
// (model/zero-length.ts): `lookup` (spec) and `lookup-quiet` (libgomp) find the section holding the
// byte at the subarray's address and act on it as on present data (counters move, nothing is
// copied), create nothing for absent zero bytes, and differ on the present clause and the update
// directive of absent data: acc_error_not_present under `lookup`, nothing under libgomp, whose
// lowering turns a zero-length section into GOMP_MAP_ZERO_LEN_ARRAY_SECTION (GCC
// handle_omp_array_sections marks data-clause sections, OpenACC included, as maybe zero-length) and
// whose gomp_map_vars_internal maps nothing when gomp_map_0len_lookup ([p, p + 1)) fails. The byte
// one past a section's end is not in it. acc_is_present of zero bytes is K-A16.

import { err, HALTED, ok, per, perState, section, value, dev, type Row } from '../rows.js';
import { accDeviceptr, accIsPresent, copy, copyin, copyout, create, dataBegin, dataEnd, del, device, enterData, exitData, hostRead, hostWrite, parallelRead, parallelWrite, present, self, update, updateIfPresent } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';
import { ACC_ZERO_LENGTH } from '../../model/zero-length.js';
import { read } from '../rows.js';

const A2_5: [number, number] = [A + 4, A + 20];

const rows: Row[] = [
  {
    name: 'a zero-length subarray at the first element of a present section adds a reference to it; one past its end creates nothing',
    steps: [enterData(copyin('a(2:5)')), enterData(create('a(2:1)')), enterData(copyin('a(6:5)'))],
    state: {
      2: { sections: [{ host: A2_5, block: 1, src: 0, drc: 2 }] },
      3: { sections: [{ host: A2_5, block: 1, src: 0, drc: 2 }] },
    },
    last: ok,
  },
  {
    name: 'the last reference given back through a zero-length subarray ends the data lifetime; no byte is copied home',
    steps: [enterData(copyin('a(2:5)')), parallelWrite('a(2:5)', 9, present('a(2:5)')), exitData(copyout('a(5:4)')), hostRead('a(1:6)')],
    state: { 3: { sections: [] } },
    last: read(1, 1, 1, 1, 1, 1),
  },
  {
    name: 'exit data of a zero-length subarray one past the section, or in absent data, does nothing',
    steps: [enterData(copyin('a(2:5)')), exitData(del('a(6:5)', 'b(1:0)'))],
    state: { 2: { sections: [{ host: A2_5, block: 1, src: 0, drc: 1 }] } },
    last: ok,
  },
  {
    name: 'a data region: the structured reference of a zero-length subarray inside present data, given back at the end',
    steps: [enterData(copyin('a')), dataBegin(copy('a(10:9)')), dataEnd],
    state: { 2: { sections: [{ host: [A, A + 40], block: 1, src: 1, drc: 1 }] }, 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
    last: ok,
  },
  {
    name: 'present of a zero-length subarray of absent data: not present in the text\'s reading, nothing under libgomp',
    cite: 'K-A55: §2.7.5 "an error if var is not present"; libgomp gomp_map_vars_internal GOMP_MAP_ZERO_LEN_ARRAY_SECTION not found: OFFSET_POINTER, no mapping',
    steps: [dataBegin(present('b(3:2)')), dataEnd],
    at: { 1: per(err('acc_error_not_present'), { 'gcc-12': err('acc_error_not_present'), libgomp: ok, 'K-A55=no-op': ok, 'K-A55=enter-exit-fatal': ok }) },
    last: per({ kind: 'halted' }, { 'gcc-12': { kind: 'halted' }, libgomp: ok, 'K-A55=no-op': ok, 'K-A55=enter-exit-fatal': ok }),
  },
  {
    name: 'update of a zero-length subarray: nothing to copy when present; absent, an error only in the text\'s reading without if_present',
    cite: 'K-A55; libgomp reads the quiet lookup for data clauses, but its update_dev_host stops on absent zero bytes (K-A65 strictly-inside)',
    steps: [enterData(copyin('b')), parallelWrite('b', 5, present('b')), update(self('b(4:3)')), hostRead('b(3:4)'), updateIfPresent(self('a(1:0)')), update(self('a(1:0)'))],
    at: { 3: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }), 4: per(read(2, 2), { 'K-A55=enter-exit-fatal': HALTED }), 5: per(ok, { 'K-A55=enter-exit-fatal': HALTED }) },
    last: per(err('acc_error_not_present'), { 'K-A55=lookup-quiet': ok, 'K-A55=no-op': ok, 'K-A55=enter-exit-fatal': HALTED }),
  },
  {
    name: 'enter-exit-fatal: the update directive stops at a zero-length subarray, absent under if_present too, and at a disassociated pointer member, whose C section has length zero',
    cite:
      'K-A55=enter-exit-fatal: GCC 12.2 C lowers a section of length n to the map kind "n == 0 ? 527 : 513" (-fdump-tree-ompexp: 0x20f, GOMP_MAP_ZERO_LEN_ARRAY_SECTION, a constant zero length too) and GOACC_update has no case for it (measured: "GOACC_update UNHANDLED kind 0x0f", gcc-12-nvptx-2026-12-03b gen-20261204-0188-c step 1, -0194-c step 11, 03g gen-20261210-193-c step 1)',
    steps: [updateIfPresent(device('c%p'))],
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'enter-exit-fatal: exit data of a disassociated pointer member stops too (its C section has length zero)',
    cite: 'K-A55=enter-exit-fatal: measured "goacc_exit_data_internal UNHANDLED kind 0x1f" for exit data delete(a, d.q[0:0]) finalize, gcc-12-nvptx-2026-12-04h gen-20261212-098-c step 6',
    steps: [exitData(del('c%p'))],
    // libgomp's detach of the never-attached pointer comes first (K-A9 error)
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering'), libgomp: err('fatal_detach_at_zero') }),
  },
  {
    name: 'enter-exit-fatal: an update of zero bytes inside present data stops too; elsewhere it copies nothing and the items beside it are copied',
    steps: [enterData(copyin('a')), hostWrite('a', 4), update(device('a(1:2)'), self('a(3:2)')), parallelRead('a(1:2)')],
    at: { 3: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }) },
    last: per(read(4, 4), { 'K-A55=enter-exit-fatal': HALTED }),
  },
  {
    name: 'enter-exit-fatal (GCC 12.2 C, measured): enter data of a zero-length subarray inside present data takes its reference; of absent data, stops',
    cite: 'K-A55=enter-exit-fatal: probes acc-zero-length-inside-c, acc-zero-length-at-end-c, acc-zero-length-absent-enter-c (oacc-mem.c goacc_enter_data_internal assert (tgt))',
    steps: [enterData(copyin('a(1:4)')), enterData(copyin('a(3:2)')), enterData(copyin('a(5:4)'))],
    state: { 2: { sections: [{ host: [A, A + 16], block: 1, src: 0, drc: 2 }] } },
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'enter-exit-fatal: enter data of a zero-length subarray at a present section\'s first byte stops too; a data construct of the same zero bytes takes its reference',
    cite: 'K-A55=enter-exit-fatal: oacc-mem.c goacc_enter_data_internal looks [p, p) up with lookup_host, which libgomp.h splay_compare does not match with a key starting at p, so gomp_map_vars_async maps nothing new and returns NULL: assert (tgt) (measured for a member section, gcc-12-nvptx-2026-12-03f zero-length-members-c step 2); a data construct goes through gomp_map_vars (gomp_map_0len_lookup, [p, p + 1))',
    steps: [enterData(copyin('a(1:4)')), dataBegin(copyin('a(1:0)')), dataEnd, enterData(copyin('a(1:0)'))],
    at: { 2: ok, 3: ok },
    state: { 2: { sections: [{ host: [A, A + 16], block: 1, src: 1, drc: 1 }] } },
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'enter-exit-fatal: exit data of a zero-length subarray stops, present or not; a data construct of absent zero bytes runs',
    cite: 'K-A55=enter-exit-fatal: probes acc-zero-length-absent-exit-c, acc-zero-length-inside-c ("goacc_exit_data_internal UNHANDLED kind"), acc-zero-length-absent-copy-c',
    steps: [dataBegin(copy('b(1:0)')), dataEnd, enterData(copyin('a(1:4)')), exitData(del('a(3:2)'))],
    at: { 1: ok, 2: ok },
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'no-op: a zero-length subarray of present data moves no counter',
    cite: 'K-A55=no-op',
    steps: [enterData(copyin('a')), enterData(copyin('a(3:2)'))],
    state: { 2: perState({ sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 2 }] }, { 'K-A55=no-op': { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } }) },
    last: ok,
  },
  {
    name: 'acc_deviceptr of a zero-length subarray: the device address of the byte at its address, null one past the section',
    steps: [enterData(copyin('a(2:5)')), accDeviceptr('a(5:4)'), accDeviceptr('a(6:5)')],
    at: { 2: dev(1, 12) },
    last: value(null),
  },
  {
    name: 'acc_is_present of a zero-length subarray is acc_is_present of zero bytes (K-A16): 3.3 tests one byte, libgomp answers false',
    cite: 'K-A16',
    steps: [enterData(copyin('a(2:5)')), accIsPresent('a(3:2)'), accIsPresent('a(6:5)')],
    at: { 2: per(value(true), { libgomp: value(false) }) },
    last: value(false),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses (zero-length subarrays)',
  rules: [ACC_ZERO_LENGTH],
  world: ACC_WORLD,
  rows,
});
