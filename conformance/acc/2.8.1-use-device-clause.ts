// OpenACC 3.3 §2.8.1 use_device clause: the current device address of a present var; without
// if_present the var must be present. The text names no error for an absent var (K-A30 `undefined`);
// libgomp aborts: host_data reaches gomp_map_vars_internal as GOMP_MAP_USE_DEVICE_PTR, whose failed
// lookup is gomp_fatal "use_device_ptr pointer wasn't mapped" (K-A30 `error`).

import { UNDEF, dev, err, ok, per, section, type Row } from '../rows.js';
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
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.8.1',
  title: 'use_device clause',
  rules: ['OpenACC 3.3 §2.8.1 use_device clause'],
  world: ACC_WORLD,
  rows,
});
