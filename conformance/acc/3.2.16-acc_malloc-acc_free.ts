// OpenACC 3.3 §3.2.16 acc_malloc: device memory of `bytes` bytes, null for 0 bytes; §3.2.17
// acc_free: frees what acc_malloc returned, null is ignored. K-A8: freeing memory acc_map_data still
// maps (libgomp oacc-mem.c acc_free: fatal "refusing to free device memory space at %p that is
// still mapped", PR92503).

import { UNDEF, dev, err, ok, per, section, value, type Row } from '../rows.js';
import { accFree, accMalloc, accMapData, accMemcpyToDevice, copyin, enterData, h } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'acc_malloc returns the first byte of a new allocation; allocations share the block numbering of data clauses',
    steps: [enterData(copyin('a')), accMalloc('d', 16), accMalloc('e', 8)],
    at: { 2: dev(2) },
    last: dev(3),
    state: { 3: { sections: [{ host: [0x1000, 0x1028], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'acc_malloc of 0 bytes returns null, and acc_free of null does nothing',
    cite: '§3.2.16 "If bytes is zero ... returns a null pointer"; §3.2.17 "If data_dev is a null pointer, no operation is performed"; libgomp acc_malloc: if (!s) return NULL',
    steps: [accMalloc('d', 0), accFree(h('d')), accFree(null)],
    at: { 1: value(null), 2: ok },
    last: ok,
  },
  {
    name: 'acc_free ends the allocation: a later copy into it is undefined',
    steps: [accMalloc('d', 40), accFree(h('d')), accMemcpyToDevice(h('d'), 'a')],
    at: { 2: ok },
    last: UNDEF,
  },
  {
    name: 'acc_free twice is undefined',
    steps: [accMalloc('d', 40), accFree(h('d')), accFree(h('d'))],
    last: UNDEF,
  },
  {
    name: 'acc_free of a pointer into the middle of an allocation is undefined',
    cite: '§3.2.17 frees memory acc_malloc returned; an interior pointer is not such memory',
    steps: [accMalloc('d', 40), accFree(h('d', 8))],
    last: UNDEF,
  },
  {
    name: 'acc_free of memory acc_map_data still maps (K-A8)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accFree(h('d'))],
    last: per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.16',
  title: 'acc_malloc, acc_free (§3.2.17)',
  rules: ['OpenACC 3.3 §3.2.16 acc_malloc', 'OpenACC 3.3 §3.2.17 acc_free'],
  world: ACC_WORLD,
  rows,
});
