// OpenACC 3.3 §2.8.1 use_device clause: the current device address of a present var; without
// if_present the var must be present. The text names no error for an absent var (K-A30 `undefined`);
// libgomp aborts: host_data reaches gomp_map_vars_internal as GOMP_MAP_USE_DEVICE_PTR, whose failed
// lookup is gomp_fatal "use_device_ptr pointer wasn't mapped" (K-A30 `error`).

import { HALTED, UNDEF, dev, err, hostPtr, ok, per, section, type Row } from '../rows.js';
import { copyin, create, dataBegin, dataEnd, enterData, exitData, del, hostDataBegin, hostDataEnd } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';

const absent = per(UNDEF, { libgomp: err('fatal_not_present') });

const rows: Row[] = [
  {
    name: 'data present through a data region or a dynamic lifetime: its device address (created data too)',
    steps: [dataBegin(create('b')), enterData(copyin('a')), hostDataBegin('b', 'db'), hostDataEnd, hostDataBegin('a', 'da'), hostDataEnd, dataEnd],
    at: { 3: dev(1, 0), 5: dev(2, 0) },
    state: { 7: { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }] } },
    last: ok,
  },
  {
    name: 'K-A30: data that is not present, without if_present: undefined under the text, a runtime abort in libgomp',
    steps: [hostDataBegin('a', 'da')],
    last: absent,
  },
  {
    name: 'K-A30: data whose lifetime ended before the region is not present either',
    steps: [enterData(copyin('a')), exitData(del('a')), hostDataBegin('a', 'da')],
    last: absent,
  },
  // K-A66: an array only a leading part of which is present.
  {
    name: 'K-A66: an array only a leading part of which is present is not present under the text (K-A30 without if_present); libgomp takes the device address of the section holding its first byte',
    cite: 'K-A66 first-byte: target.c gomp_map_vars_internal looks a GOMP_MAP_USE_DEVICE_PTR address up as a zero-length key (gomp_map_lookup probes the byte at it); libgomp.oacc-c-c++-common/host_data-6.c runs on such an array',
    steps: [enterData(copyin('a(1:5)')), hostDataBegin('a', 'da'), hostDataEnd],
    at: { 2: per(UNDEF, { libgomp: dev(1, 0), 'K-A66=first-byte': dev(1, 0), 'K-A30=error': err('fatal_not_present') }) },
    last: per(HALTED, { libgomp: ok, 'K-A66=first-byte': ok }),
  },
  {
    name: 'K-A66: with if_present the partly present array keeps its host address under the text; libgomp finds its first byte',
    steps: [enterData(copyin('a(1:5)')), hostDataBegin('a', 'da', true), hostDataEnd],
    at: { 2: per(hostPtr(A), { libgomp: dev(1, 0), 'K-A66=first-byte': dev(1, 0) }) },
    last: ok,
  },
  {
    name: 'K-A66: an array whose first byte is not present (only a later part is) is not present under either reading',
    steps: [enterData(copyin('a(3:5)')), hostDataBegin('a', 'da')],
    last: absent,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.8.1',
  title: 'use_device clause',
  rules: ['OpenACC 3.3 §2.8.1 use_device clause', 'OpenACC 3.3 §2.8.1 use_device clause (data only partly present, K-A66)'],
  world: ACC_WORLD,
  rows,
});
