// OpenACC 3.3 §3.2.22 acc_unmap_data: like acc_delete, but the device memory is not freed; host
// data acc_map_data did not map: undefined (K-A8; libgomp oacc-mem.c: fatal "%p is not a mapped
// block", "[%p,%d] surrounds %p", "refusing to unmap block ... that has not been mapped by
// 'acc_map_data'" (PR92840)); a structured reference held: acc_error_present (3.3), which libgomp
// cannot see (its infinite count, K-A7 `infinite`, leaves the structured counter at zero).

import { UNDEF, err, ok, per, readAll, section, value, type Row } from '../rows.js';
import {
  accIsPresent,
  accMalloc,
  accMapData,
  accMemcpyFromDevice,
  accMemcpyToDevice,
  accUnmapData,
  copyin,
  dataBegin,
  enterData,
  h,
  hostRead,
  present,
} from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const MISUSE = per(UNDEF, { libgomp: err('fatal_map_data'), 'K-A8=fatal': err('fatal_map_data') });

const rows: Row[] = [
  {
    name: 'unmapping ends the lifetime; the device memory and its contents stay the program\'s',
    steps: [accMalloc('d', 40), accMemcpyToDevice(h('d'), 'b'), accMapData('a', h('d')), accUnmapData('a'), accIsPresent('a'), accMemcpyFromDevice('a', h('d')), hostRead('a')],
    at: { 4: ok, 5: value(false) },
    last: readAll(10, 2),
    state: { 4: { sections: [] } },
  },
  {
    name: 'the same memory can be mapped again after unmapping',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accUnmapData('a'), accMapData('b', h('d'))],
    last: ok,
    state: { 4: { sections: [{ host: [0x1200, 0x1228], block: 1, src: 0, drc: 1, origin: 'map_data', offset: 0 }] } },
  },
  {
    name: 'unmapping data that is not present (K-A8)',
    steps: [accUnmapData('a')],
    last: MISUSE,
  },
  {
    name: 'unmapping data a directive mapped (K-A8)',
    steps: [enterData(copyin('a')), accUnmapData('a')],
    last: MISUSE,
  },
  {
    name: 'unmapping from an address inside the mapping (K-A8)',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), accUnmapData('a(3:4)')],
    last: MISUSE,
  },
  {
    name: 'a null host pointer: acc_error_invalid_null_pointer',
    steps: [accUnmapData('c%p')],
    last: err('acc_error_invalid_null_pointer'),
  },
  {
    name: 'unmapping data a region still holds (K-A7)',
    cite: '§3.2.22 errors: acc_error_present "if the structured reference count is not zero"',
    steps: [accMalloc('d', 40), accMapData('a', h('d')), dataBegin(present('a')), accUnmapData('a')],
    last: per(err('acc_error_present'), { libgomp: ok, 'K-A7=infinite': ok }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '3.2.22',
  title: 'acc_unmap_data',
  rules: ['OpenACC 3.3 §3.2.22 acc_unmap_data'],
  world: ACC_WORLD,
  rows,
});
