// OpenACC 3.3 §2.8.1 use_device clause: the current device address of a present var; without
// if_present the var must be present. The text names no error for an absent var (K-A30 `undefined`);
// libgomp aborts: host_data reaches gomp_map_vars_internal as GOMP_MAP_USE_DEVICE_PTR, whose failed
// lookup is gomp_fatal "use_device_ptr pointer wasn't mapped" (K-A30 `error`).

import { HALTED, UNDEF, dev, err, hostPtr, ok, per, section, type Row } from '../rows.js';
import { copyin, create, dataBegin, dataEnd, enterData, exitData, del, hostDataBegin, hostDataEnd } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

/** ACC_WORLD with b laid out right after a (world.adjacent): a's 10 integers end at 0x1028, where b starts. */
const ADJACENT_WORLD: World = { ...ACC_WORLD, adjacent: [['a', 'b']] };
const B_NEXT = 0x1028;

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
  // K-A66 `first-byte-or-end`: b laid out right after a (world.adjacent).
  {
    name: 'K-A66: b laid out right after a, only a present: b is not present (K-A30); libgomp\'s lookup finds a through the byte before b and gives the address one past a\'s device copy',
    cite: 'K-A66 first-byte-or-end: target.c gomp_map_vars_internal looks a GOMP_MAP_USE_DEVICE_PTR address up with gomp_map_lookup, which probes [p, p + 1), then [p - 1, p). Measured with GCC 12.2 C on an NVIDIA H100 (profiles/measured/gcc-12-nvptx-2026-12-06h.md, gen-20270107-026-c): int v1[8], v2[8] 32 bytes apart, all of v1 and v2[4:4] present, host_data use_device(v2) runs',
    world: ADJACENT_WORLD,
    steps: [enterData(copyin('a')), hostDataBegin('b', 'db'), hostDataEnd],
    at: { 2: per(UNDEF, { libgomp: dev(1, 40), 'K-A66=first-byte-or-end': dev(1, 40), 'K-A30=error': err('fatal_not_present') }) },
    last: per(HALTED, { libgomp: ok, 'K-A66=first-byte-or-end': ok }),
  },
  {
    name: 'K-A66: b laid out right after a, all of a and a later part of b present (the measured program): the first byte of b is not present, so only libgomp\'s probe of the byte before it finds a device address',
    cite: 'K-A66 first-byte-or-end; the shape of gen-20270107-026-c (profiles/measured/gcc-12-nvptx-2026-12-06h.md), where the first-byte reading predicted K-A30\'s abort and the program ran on',
    world: ADJACENT_WORLD,
    steps: [enterData(copyin('b(5:8)')), enterData(copyin('a')), hostDataBegin('b', 'db'), hostDataEnd],
    at: { 3: per(UNDEF, { libgomp: dev(2, 40), 'K-A66=first-byte-or-end': dev(2, 40), 'K-A30=error': err('fatal_not_present') }) },
    last: per(HALTED, { libgomp: ok, 'K-A66=first-byte-or-end': ok }),
  },
  {
    name: 'K-A66: b laid out right after a, only a present, with if_present: the host address of b under the text and under first-byte; libgomp\'s device address one past a\'s copy',
    world: ADJACENT_WORLD,
    steps: [enterData(copyin('a')), hostDataBegin('b', 'db', true), hostDataEnd],
    at: { 2: per(hostPtr(B_NEXT), { libgomp: dev(1, 40), 'K-A66=first-byte-or-end': dev(1, 40) }) },
    last: ok,
  },
  {
    name: 'K-A66: b laid out right after a, only b present: the probe before a\'s first byte lies outside b, so a is not present under every reading',
    world: ADJACENT_WORLD,
    steps: [enterData(copyin('b')), hostDataBegin('a', 'da')],
    last: absent,
  },
  {
    name: 'K-A66: b apart from a (no world.adjacent: a gap after every object), only a present: the byte before b is in no section, so b is not present under every reading',
    steps: [enterData(copyin('a')), hostDataBegin('b', 'db')],
    last: absent,
  },
  // K-A74: a host_data region nested in one whose use_device names the same array.
  {
    name: 'K-A74: host_data use_device(a) inside host_data use_device(a): the same device address under the text; GCC gives the inner clause the outer device address, which libgomp finds among no host data',
    cite: 'K-A74 rebound: GCC 12.2 -fdump-tree-omplower gives the inner use_device_ptr(a) the outer region\'s replacement of a; target.c gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR: "use_device_ptr pointer wasn\'t mapped". Measured with GCC 12.2 on an NVIDIA H100 in C and Fortran (profiles/measured/probes-gcc-12-2026-12-06l.md, acc-host-data-nested-same)',
    steps: [enterData(copyin('a')), hostDataBegin('a', 'da'), hostDataBegin('a', 'db'), hostDataEnd, hostDataEnd],
    at: { 2: dev(1, 0), 3: per(dev(1, 0), { libgomp: err('fatal_not_present'), 'K-A74=rebound': UNDEF }) },
    last: per(ok, { libgomp: HALTED, 'K-A74=rebound': HALTED }),
  },
  {
    name: 'K-A74: the nested use_device(a) with if_present: the outer device address under every reading (GCC: the address the inner clause was given stays)',
    cite: 'K-A74 rebound: target.c gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT keeps an address it does not find',
    steps: [enterData(copyin('a')), hostDataBegin('a', 'da'), hostDataBegin('a', 'db', true), hostDataEnd, hostDataEnd],
    at: { 3: dev(1, 0) },
    last: ok,
  },
  {
    name: 'K-A74: use_device(a) inside use_device(b), and use_device(a) again after its region ended: a is looked up as itself under every reading',
    steps: [enterData(copyin('a')), enterData(copyin('b')), hostDataBegin('b', 'db'), hostDataBegin('a', 'da'), hostDataEnd, hostDataEnd, hostDataBegin('a', 'da2'), hostDataBegin('b', 'db2'), hostDataEnd, hostDataEnd],
    at: { 3: dev(2, 0), 4: dev(1, 0), 7: dev(1, 0), 8: dev(2, 0) },
    last: ok,
  },
  {
    name: 'K-A74: an outer use_device(a) if_present of absent a keeps the host address, so the nested clause looks a up as itself under every reading (present by then)',
    steps: [hostDataBegin('a', 'da', true), enterData(copyin('a')), hostDataBegin('a', 'db'), hostDataEnd, hostDataEnd],
    at: { 1: hostPtr(A), 3: dev(1, 0) },
    last: ok,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.8.1',
  title: 'use_device clause',
  rules: [
    'OpenACC 3.3 §2.8.1 use_device clause',
    'OpenACC 3.3 §2.8.1 use_device clause (data only partly present, K-A66)',
    'OpenACC 3.3 §2.8.1 use_device clause (a var an enclosing host_data region names, K-A74)',
  ],
  world: ACC_WORLD,
  rows,
});
