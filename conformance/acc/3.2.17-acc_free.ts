// OpenACC 3.3 §3.2.17 acc_free: frees what acc_malloc returned; a null pointer is ignored. K-A8:
// freeing memory acc_map_data still maps (libgomp oacc-mem.c acc_free: fatal "refusing to free
// device memory space at %p that is still mapped", PR92503).

import { UNDEF, dev, err, ok, per, readAll, section, value, type Row } from '../rows.js';
import { accFree, accMalloc, accMapData, accMemcpyFromDevice, accMemcpyToDevice, h, hostRead } from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'acc_free of null (what acc_malloc(0) returned, or a literal null) does nothing',
    cite: '§3.2.17 "If data_dev is a null pointer, no operation is performed"',
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
    name: 'reuse world: acc_malloc of the size acc_free freed gets the freed memory again, and the stale pointer reaches it',
    cite: 'World.reuse (lang/README.md "Device memory reuse"): the lowest freed block of the same device, size and cell kind',
    world: { ...ACC_WORLD, reuse: true },
    steps: [accMalloc('d', 40), accFree(h('d')), accMalloc('e', 40), accMemcpyToDevice(h('d'), 'b'), accMemcpyFromDevice('a', h('e')), hostRead('a')],
    at: { 1: dev(1), 3: dev(1) },
    last: readAll(10, 2),
  },
  {
    name: 'reuse world: a freed block of another size is not handed out',
    world: { ...ACC_WORLD, reuse: true },
    steps: [accMalloc('d', 40), accFree(h('d')), accMalloc('e', 16)],
    last: dev(2),
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
  section: '3.2.17',
  title: 'acc_free',
  rules: ['OpenACC 3.3 §3.2.17 acc_free'],
  world: ACC_WORLD,
  rows,
});
