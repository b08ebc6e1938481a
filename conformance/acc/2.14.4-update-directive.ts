// OpenACC 3.3 §2.14.4 Update Directive: self / host copy device → host, device copies host → device,
// in clause order; no counter moves. Not present: acc_error_not_present, or skipped with
// if_present. Partly present: K-A40. A struct whose pointer members are attached: K-A41 (§2.6.8).

import { err, ok, per, read, readAll, section, UNDEF, type Row } from '../rows.js';
import {
  assign,
  copyin,
  device,
  enterData,
  host,
  hostRead,
  hostWrite,
  parallelRead,
  parallelWrite,
  present,
  self,
  update,
  updateIfPresent,
} from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

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
    name: 'a disassociated pointer names no data: nothing to copy',
    steps: [update(device('c%p'))],
    last: ok,
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
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.14.4',
  title: 'Update Directive',
  rules: ['OpenACC 3.3 §2.14.4 Update Directive', 'OpenACC 3.3 §2.14.4 Update Directive, §2.6.8 (update of a struct with attached pointers)'],
  world: ACC_WORLD,
  rows,
});
