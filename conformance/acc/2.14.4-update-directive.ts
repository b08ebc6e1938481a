// OpenACC 3.3 §2.14.4 Update Directive: self / host copy device → host, device copies host → device,
// in clause order; no counter moves. Not present: acc_error_not_present, or skipped with
// if_present. Partly present: K-A40. A struct whose pointer members are attached: K-A41 (§2.6.8).
// What libgomp's lowering also does to a pointer member's device copy: K-A63.

import { dev, err, HALTED, ok, per, read, readAll, section, UNDEF, value, type Row } from '../rows.js';
import {
  assign,
  attach,
  copyin,
  device,
  enterData,
  host,
  hostRead,
  hostRamp,
  hostWrite,
  nullify,
  parallelPointer,
  parallelRamp,
  parallelRead,
  parallelWrite,
  present,
  self,
  update,
  updateIfPresent,
} from '../steps.js';
import { A, ACC_WORLD, AOS_WORLD, PLAIN_WORLD } from '../worlds.js';

const NOT_PRESENT = err('acc_error_not_present');
const PARTLY = err('acc_error_partly_present');

const rows: Row[] = [
  {
    name: 'update device copies the host values into the device copy',
    steps: [enterData(copyin('a')), hostWrite('a', 5), update(device('a')), parallelRead('a', present('a'))],
    last: readAll(10, 5),
  },
  {
    name: 'update self copies the device values back; no counter moves',
    steps: [enterData(copyin('a')), parallelWrite('a', 7, present('a')), update(self('a')), hostRead('a')],
    last: readAll(10, 7),
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'update host is update self; a subarray copies only its elements',
    steps: [enterData(copyin('a')), parallelWrite('a', 7, present('a')), update(host('a(2:3)')), hostRead('a')],
    last: read(1, 7, 7, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'update self of a subarray copies each of its elements to the same element on the host, and no other',
    steps: [enterData(copyin('a')), parallelRamp('a', 1, 1, present('a')), update(self('a(4:6)')), hostRead('a')],
    last: read(1, 1, 1, 4, 5, 6, 1, 1, 1, 1),
  },
  {
    name: 'update device of a subarray copies each of its elements to the same element of the device copy, and no other',
    steps: [enterData(copyin('a')), hostRamp('a', 11, 1), update(device('a(2:3)')), parallelRead('a', present('a'))],
    last: read(1, 12, 13, 1, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'the clauses act in order: self then device leaves both sides with the device values',
    steps: [enterData(copyin('a')), hostWrite('a', 5), update(self('a'), device('a')), hostRead('a'), parallelRead('a', present('a'))],
    at: { 4: readAll(10, 1) },
    last: readAll(10, 1),
  },
  {
    name: 'data that is not present is an error without if_present',
    cite: 'libgomp oacc-parallel.c GOACC_update: GOMP_MAP_FORCE_FROM → acc_update_self → oacc-mem.c update_dev_host gomp_fatal "[%p,%d] is not mapped"',
    steps: [update(self('a')), hostRead('a')],
    at: { 1: NOT_PRESENT },
    last: { kind: 'halted' },
  },
  {
    name: 'with if_present, data that is not present is skipped',
    cite: 'libgomp oacc-parallel.c GOACC_update: GOMP_MAP_FROM skips a var for which acc_is_present is false',
    steps: [enterData(copyin('b')), parallelWrite('b', 7, present('b')), updateIfPresent(self('a', 'b')), hostRead('b')],
    at: { 3: ok },
    last: readAll(10, 7),
  },
  {
    name: 'partly present data without if_present (K-A40)',
    cite: 'libgomp oacc-mem.c update_dev_host: lookup_host finds the overlapping mapping and copies all s bytes from it',
    steps: [enterData(copyin('a(1:5)')), update(device('a'))],
    last: per(PARTLY, { libgomp: UNDEF }),
  },
  {
    name: 'partly present data with if_present (K-A40)',
    steps: [enterData(copyin('a(1:5)')), updateIfPresent(device('a')), hostRead('a')],
    at: { 2: per(PARTLY, { libgomp: ok }) },
    last: per({ kind: 'halted' }, { libgomp: readAll(10, 1) }),
  },
  {
    name: 'a disassociated pointer names no data: nothing to copy (gfortran still writes the pointer: K-A63)',
    cite: 'libgomp oacc-mem.c update_dev_host returns at a null address, yet GOACC_update\'s always-pointer item then writes the device copy of d%q, whose struct is absent: measured gcc-12-nvptx-2026-12-04j gen-20261214-005-fortran step 3 "[h,8] is not mapped"',
    steps: [update(device('c%p'))],
    last: per(ok, { libgomp: NOT_PRESENT }),
  },
  {
    name: 'update device of a pointer member whose struct is not present (K-A63)',
    cite: 'libgomp oacc-parallel.c GOACC_update: GOMP_MAP_ALWAYS_POINTER after the data item, acc_update_device (&c.p, sizeof (void *)) → "[h,8] is not mapped"; measured gcc-12-nvptx-2026-12-04k gen-20261215-097 step 2, C and Fortran',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), update(device('c%p'))],
    last: per(ok, { libgomp: NOT_PRESENT, 'K-A63=pointer-section': NOT_PRESENT }),
  },
  {
    name: 'update device of a plain pointer\'s target with the pointer not present: GCC\'s C front end gives a plain pointer that is no pointer reference (K-A1p pointer-only) no pointer item (K-A63)',
    cite: 'GCC 12.2 -fopenacc -fdump-tree-ompexp (2026-12-06): update device(p[0:8]) of a file-scope int *p is one map, kind 0x81 GOMP_MAP_FORCE_TO (omplower\'s map(firstprivate:p [pointer assign]) is left out of the GOACC_update call), where update device(d.p1[0:n]) has its GOMP_MAP_ALWAYS_POINTER. Measured with GCC 12.2 C on an H200: gen-20261221-201-c step 2 (profiles/measured/gcc-12-nvptx-2026-12-05o.md), update device(d%p) device(c%p) if_present with c a plain pointer not present, runs',
    world: PLAIN_WORLD,
    steps: [assign('p%p', 'a'), enterData(copyin('a')), update(device('p%p'))],
    last: per(ok, { libgomp: NOT_PRESENT, 'K-A63=pointer-section': NOT_PRESENT, 'K-A1p=pointer-only,K-A63=pointer-section': ok }),
  },
  {
    name: 'with if_present, data that is present still brings the pointer item along (K-A63)',
    cite: 'libgomp GOACC_update: a GOMP_MAP_TO found present arms the always pointer as GOMP_MAP_FORCE_TO does (GCC lowers if_present\'s vars to GOMP_MAP_TO)',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), updateIfPresent(device('c%p'))],
    last: per(ok, { libgomp: NOT_PRESENT, 'K-A63=pointer-section': NOT_PRESENT }),
  },
  {
    name: 'with if_present, an absent pointer target skips the var and its pointer item (K-A63)',
    steps: [assign('c%p', 'a'), updateIfPresent(device('c%p')), hostRead('a')],
    at: { 2: ok },
    last: readAll(10, 1),
  },
  {
    name: 'update self of a pointer member leaves its device copy alone (K-A63 acts on device only)',
    cite: 'libgomp GOACC_update: GOMP_MAP_FORCE_FROM clears update_device, so the always-pointer item after it does nothing',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), parallelWrite('a', 7, present('a')), update(self('c%p')), hostRead('a')],
    last: readAll(10, 7),
  },
  {
    name: 'a zero-length member section copies nothing, and libgomp still writes the pointer (K-A63)',
    cite: 'GOACC_update arms the always pointer after any FORCE_TO, zero bytes included; c is not present, so acc_update_device of c%p stops the program',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), update(device('c%p(3:2)'))],
    last: per(ok, { libgomp: NOT_PRESENT, 'K-A63=pointer-section': NOT_PRESENT }),
  },
  {
    name: 'update device of a member section whose target was mapped first: C\'s pointer gets that section\'s first element (K-A63)',
    steps: [assign('c%p', 'a'), enterData(copyin('a')), enterData(copyin('c')), enterData(attach('c%p')), hostWrite('a', 5), update(device('c%p(3:4)')), parallelRead('c%p(1:2)', present('c'))],
    last: per(read(1, 1), { libgomp: UNDEF, 'K-A63=pointer-section': read(5, 5) }),
  },
  {
    name: 'the vars after a zero-length member section are still updated in order (K-A63)',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), update(device('c%p(3:2)'), device('b'))],
    last: NOT_PRESENT,
  },
  {
    name: 'a zero-length member section one past its target: C\'s lowering finds no device copy there and writes null (K-A63)',
    cite: 'acc_deviceptr of the address one past a mapped block is NULL (lookup_host of one byte); libgomp itself stops first: update_dev_host finds no zero bytes one past a section (K-A65 strictly-inside)',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), update(device('c%p(11:10)')), parallelPointer('c%p', undefined, present('c'))],
    at: { 3: per(NOT_PRESENT, { 'K-A55=lookup-quiet,K-A63=pointer-section': ok }) },
    last: per(HALTED, { 'K-A55=lookup-quiet,K-A63=pointer-section': value(null) }),
  },
  {
    name: 'the struct element holding the pointer is what must be present: a present neighbour element does not do (K-A63)',
    world: AOS_WORLD,
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs(1)')), enterData(copyin('a')), update(device('cs(2)%p'))],
    last: per(ok, { libgomp: NOT_PRESENT, 'K-A63=pointer-section': NOT_PRESENT }),
  },
  {
    name: 'the vars after a disassociated pointer member are still updated in order (K-A63)',
    steps: [enterData(copyin('c')), update(device('c%p'), device('a'))],
    last: NOT_PRESENT,
  },
  {
    name: 'update device of a pointer member nullified on the host: C\'s lowering writes null into the device copy (K-A63)',
    cite: 'acc_deviceptr (NULL) is NULL, and the always pointer copies it into c.p\'s device copy; gfortran writes the descriptor\'s own device address instead',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), nullify('c%p'), update(device('c%p')), parallelPointer('c%p', undefined, present('c'))],
    last: per(dev(2), { libgomp: UNDEF, 'K-A63=pointer-section': value(null) }),
  },
  {
    name: 'update device of an attached pointer member: gfortran leaves the device pointer at its own descriptor (K-A63)',
    cite: 'gfortran 12 lowers the update to map(force_to:data) map(to:c%p [pointer set]) map(always_pointer:c%p.data), and GOACC_update writes acc_deviceptr (hostaddrs[i-1]), the descriptor\'s device address, into the descriptor\'s address word',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), hostWrite('a', 5), update(device('c%p')), parallelRead('c%p', present('c'))],
    at: { 4: ok },
    last: per(readAll(10, 5), { libgomp: UNDEF, 'K-A63=pointer-section': readAll(10, 5) }),
  },
  {
    name: 'update device of a member section: GCC 12 C aims the device pointer at the section, the bias not applied (K-A63)',
    cite: 'GCC 12 C lowers update device(c.p[2:2]) to map(force_to:*c.p [len: 8]) map(always_pointer:c.p [pointer assign, bias: 8]); GOACC_update ignores the bias and writes acc_deviceptr (&c.p[2])',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), hostWrite('a', 5), update(device('c%p(3:4)')), parallelRead('c%p(1:2)', present('c'))],
    last: per(read(1, 1), { libgomp: UNDEF, 'K-A63=pointer-section': read(5, 5) }),
  },
  {
    name: 'a pointer member stands for its target',
    steps: [assign('c%p', 'a(3:4)'), enterData(copyin('a')), parallelWrite('a', 6, present('a')), update(self('c%p')), hostRead('a')],
    last: read(1, 1, 6, 6, 1, 1, 1, 1, 1, 1),
  },
  {
    name: 'update of a struct whose pointer is attached (K-A41)',
    cite: '§2.6.8: undefined; libgomp update_dev_host copies the bytes, so c%p comes home holding a device address',
    steps: [assign('c%p', 'a'), enterData(copyin('c'), copyin('c%p')), update(self('c')), hostRead('c%p')],
    at: { 3: per(UNDEF, { libgomp: ok }) },
    last: per({ kind: 'halted' }, { libgomp: UNDEF }),
  },
  {
    name: 'update of a struct whose pointer is not attached copies its host value across',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), update(self('c')), hostRead('c%p')],
    last: readAll(10, 1),
  },
  // K-A65: zero bytes in the update directive (acc_update_device / acc_update_self with size 0).
  {
    name: 'K-A65: update device of zero bytes at the first byte of present data copies nothing under the text; libgomp looks them up as an empty range no section holds and stops',
    cite: 'K-A65 strictly-inside: oacc-mem.c update_dev_host, "[h,0] is not mapped" (libgomp.oacc-c-c++-common/lib-44.c); the text: §3.2.20 no action for zero bytes, K-A55 finds them in a',
    steps: [enterData(copyin('a')), update(device('a(1:0)')), hostRead('a')],
    at: { 2: per(ok, { libgomp: err('acc_error_not_present'), 'K-A65=strictly-inside': err('acc_error_not_present') }) },
    last: per(readAll(10, 1), { libgomp: HALTED, 'K-A65=strictly-inside': HALTED }),
  },
  {
    name: 'K-A65 under K-A55 no-op: zero bytes are no data, so the update never looks them up, strictly-inside or not',
    steps: [enterData(copyin('a')), update(self('a(1:0)'))],
    last: per(ok, { libgomp: err('acc_error_not_present'), 'K-A65=strictly-inside': err('acc_error_not_present'), 'K-A55=no-op,K-A65=strictly-inside': ok }),
  },
  {
    name: 'K-A65: zero bytes strictly inside present data are found under every reading: nothing is copied',
    steps: [enterData(copyin('a')), hostWrite('a', 3), update(self('a(3:2)')), hostRead('a')],
    at: { 3: ok },
    last: readAll(10, 3),
  },
  {
    name: 'K-A65: with if_present, zero bytes at the first byte of present data are skipped by libgomp (acc_is_present finds nothing) and found by the text: the update goes on to the next var either way',
    steps: [enterData(copyin('a'), copyin('b')), hostWrite('b', 4), updateIfPresent(self('a(1:0)'), self('b')), hostRead('b')],
    at: { 3: ok },
    last: readAll(10, 2),
  },
  {
    name: 'K-A65: zero bytes one past the end of present data are not present under the text (K-A55 lookup); libgomp stops on them even with its quiet data-clause lookup',
    steps: [enterData(copyin('a(1:5)')), update(device('a(6:5)'))],
    last: per(err('acc_error_not_present'), { 'K-A55=lookup-quiet': ok, 'K-A55=lookup-quiet,K-A65=strictly-inside': err('acc_error_not_present') }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.14.4',
  title: 'Update Directive',
  rules: [
    'OpenACC 3.3 §2.14.4 Update Directive',
    'OpenACC 3.3 §2.14.4 Update Directive, §2.6.8 (update of a struct with attached pointers)',
    'OpenACC 3.3 §2.14.4 Update Directive (update device of a pointer member: its device copy)',
    'OpenACC 3.3 §2.14.4 Update Directive (zero bytes, K-A65)',
  ],
  world: ACC_WORLD,
  rows,
});
