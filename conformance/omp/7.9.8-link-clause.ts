// OpenMP 6.0 §7.9.8 link clause of declare target: the list item gets corresponding storage only
// when a map clause maps it; the mapping is counted and ends like any other. libgomp: the image
// node of a link variable (REFCOUNT_LINK, target.c gomp_load_image_to_device) is treated as not
// mapped by gomp_map_vars_internal (`n && n->refcount != REFCOUNT_LINK`), so a map creates storage
// as below, taking the node out of the table until the mapping ends (aux->link_key). K-B69: what
// the other lookups find of a link array no map clause maps: nothing (`absent`, the text), or that
// node (`registered`, libgomp with GCC's C front end, measured on GCC 12.2: omp_target_is_present
// answers true, use_device_ptr and omp_get_mapped_ptr give the link variable's pointer slot in
// the device image, block 1 below, omp_target_associate_ptr refuses, target update copies through
// the slot).

import { HALTED, UNDEF, dev, entry, err, hostPtr, per, readAll, section, value, type Row } from '../rows.js';
import { alloc, associate, declareTarget, h, hostRead, isPresent, map, mappedPtr, ompEnter, ompExit, ompUpdate, targetWrite, useDeviceBegin, v } from '../steps.js';
import { B, OMP_WORLD } from '../worlds.js';

const WORLD = { ...OMP_WORLD, devices: [{ kind: 'discrete' as const }] };
/** b's address when it is laid out right after a (world.adjacent): a's 10 integers end there. */
const B_NEXT = 0x1028;
const ADJACENT = { ...WORLD, adjacent: [['a', 'b']] as [string, string][] };

const rows: Row[] = [
  {
    name: 'no storage at program start; enter data creates it with a count of 1, exit data removes it',
    steps: [declareTarget(['link', 'b']), ompEnter([map('to', ['b'])]), targetWrite('b', 6), ompExit([map('from', ['b'])]), hostRead('b')],
    last: readAll(10, 6),
    state: { 1: { ompEntries: [] }, 2: { ompEntries: [entry([B, B + 40], 1, 1)] }, 4: { ompEntries: [] } },
  },
  {
    name: 'K-B69: a link array no map clause maps has no corresponding storage (absent, the text); libgomp with GCC\'s C front end keys it from the start (registered)',
    cite: 'measured: toolchain/probes/omp-link-is-present, GCC 12.2 C answers 1, gfortran 0 (profiles/measured/probes-gcc-12-2026-12-06k.md)',
    steps: [declareTarget(['link', 'b']), isPresent(v('b'))],
    last: per(value(false), { 'K-B69=registered': value(true) }),
  },
  {
    name: 'K-B69: while a map holds the array the mapping answers; after it ends the array is absent again, or (registered) its key is back',
    cite: 'measured: toolchain/probes/omp-link-enter-exit (GCC 12.2 C: 1 after exit data map(from: b)); target.c gomp_remove_var reinserts aux->link_key',
    steps: [declareTarget(['link', 'b']), ompEnter([map('to', ['b'])]), isPresent(v('b')), ompExit([map('from', ['b'])]), isPresent(v('b', 36))],
    at: { 3: value(true) },
    last: per(value(false), { 'K-B69=registered': value(true) }),
  },
  {
    name: 'K-B69 registered: a map of part of the array takes the whole key out of the table while it lasts',
    cite: 'target.c gomp_map_vars_internal: the lookup of b(1:4) meets the node of b and splay_tree_remove takes it out',
    steps: [declareTarget(['link', 'b']), ompEnter([map('to', ['b(1:4)'])]), isPresent(v('b', 32)), ompExit([map('from', ['b(1:4)'])]), isPresent(v('b', 32))],
    at: { 3: value(false) },
    last: per(value(false), { 'K-B69=registered': value(true) }),
  },
  {
    name: 'K-B69: the key holds the array\'s bytes only, so one past its end is not present under either reading',
    steps: [declareTarget(['link', 'b']), isPresent(v('b', 40))],
    last: per(value(false), { 'K-B69=registered': value(false) }),
  },
  {
    name: 'K-B69: use_device_ptr of a link array no map clause maps: no corresponding storage (K-B30), or (registered) the link variable\'s slot',
    cite: 'measured: toolchain/probes/omp-link-use-device and gen-20270101-215-c run in C (GCC 12.2), gfortran stops "use_device_ptr pointer wasn\'t mapped"',
    steps: [declareTarget(['link', 'b']), useDeviceBegin('b', 'db', 0, true)],
    last: per(hostPtr(B), { libgomp: err('fatal_not_present'), 'K-B69=registered': dev(1, 0) }),
  },
  {
    name: 'K-B69: omp_get_mapped_ptr of an element of a link array no map clause maps: null, or (registered) into the slot',
    steps: [declareTarget(['link', 'b']), mappedPtr(v('b', 8))],
    last: per(value(null), { 'gcc-12': { kind: 'unavailable' }, 'K-B69=registered': dev(1, 8) }),
  },
  {
    name: 'K-B69: target update of a link array no map clause maps assigns nothing, or (registered) copies through the link variable\'s slot (undefined)',
    cite: 'target.c gomp_update looks the range up with splay_tree_lookup and copies to the node it finds',
    steps: [declareTarget(['link', 'b']), ompUpdate([map('from', ['b'])]), hostRead('b')],
    at: { 2: per({ kind: 'ok' }, { 'K-B69=registered': UNDEF }) },
    last: per(readAll(10, 2), { 'K-B69=registered': { kind: 'halted' } }),
  },
  {
    name: 'K-B69: omp_target_associate_ptr of a link array no map clause maps associates it, or (registered) is refused: the key\'s device address is the slot',
    cite: 'target.c omp_target_associate_ptr: gomp_map_lookup finds the node, whose tgt_start + tgt_offset is not the given address, so EINVAL',
    steps: [declareTarget(['link', 'b']), alloc('x', 40), associate(v('b'), h('x'), 40), isPresent(v('b'))],
    at: { 2: per(dev(1, 0), { 'K-B69=registered': dev(2, 0) }), 3: per(value(0), { 'K-B69=registered': value(1) }) },
    last: value(true),
  },
  {
    name: 'K-B69 registered: the node is in the table of every device with memory of its own; a device whose maps use the original (K-B8 self) has none, so K-B2 answers there',
    world: OMP_WORLD,
    steps: [declareTarget(['link', 'b']), isPresent(v('b'), 1), isPresent(v('b'), 0)],
    at: { 2: per(value(false), { libgomp: value(true), 'K-B69=registered': value(true), 'K-B8=self,K-B69=registered': value(false) }) },
    last: per(value(false), { 'K-B69=registered': value(true), 'K-B8=self,K-B69=registered': value(true) }),
  },
  {
    name: 'K-B69 registered with K-B58 first-byte-or-end (libgomp): use_device_ptr of b laid out right after the link array a finds a\'s node through the byte before b: one past the slot',
    cite: 'target.c gomp_map_lookup probes [p, p + 1), then [p - 1, p)',
    world: { ...WORLD, adjacent: [['a', 'b']] },
    steps: [declareTarget(['link', 'a']), useDeviceBegin('b', 'db', 0, true)],
    last: per(hostPtr(B_NEXT), { libgomp: err('fatal_not_present'), 'K-B58=first-byte-or-end,K-B69=registered': dev(1, 40), 'K-B58=first-byte,K-B69=registered': hostPtr(B_NEXT) }),
  },
  {
    name: 'K-B69: target update of a zero-length section of a link array no map clause maps assigns nothing under either reading',
    steps: [declareTarget(['link', 'b']), ompUpdate([map('to', ['b(3:2)'])])],
    last: per({ kind: 'ok' }, { 'K-B69=registered': { kind: 'ok' } }),
  },
  {
    name: 'K-B69 registered: the node answers for its own bytes only: the array before it is not present',
    steps: [declareTarget(['link', 'b']), isPresent(v('a')), isPresent(v('a', 36))],
    at: { 2: per(value(false), { 'K-B69=registered': value(false) }) },
    last: per(value(false), { 'K-B69=registered': value(false) }),
  },
  {
    name: 'K-B69 registered with K-B58 first-byte-or-end: b mapped right after the link array a answers through its own mapping, not a\'s node',
    world: ADJACENT,
    steps: [declareTarget(['link', 'a']), ompEnter([map('to', ['b'])]), useDeviceBegin('b', 'db', 0, true)],
    last: per(dev(1, 0), { 'K-B69=registered': dev(2, 0), 'K-B58=first-byte-or-end,K-B69=registered': dev(2, 0) }),
  },
  {
    name: 'K-B69 registered: omp_target_associate_ptr of the array right before or right after a link array meets no node',
    world: ADJACENT,
    steps: [declareTarget(['link', 'b']), alloc('x', 40), associate(v('a'), h('x'), 40)],
    last: per(value(0), { 'K-B69=registered': value(0) }),
  },
  {
    name: 'K-B69 registered: omp_target_associate_ptr of the array right after a link array meets no node',
    world: ADJACENT,
    steps: [declareTarget(['link', 'a']), alloc('x', 40), associate(v('b'), h('x'), 40)],
    last: per(value(0), { 'K-B69=registered': value(0) }),
  },
  {
    name: 'K-B69 registered: with part of the link array mapped its node is out of the table, so another part can be associated',
    steps: [declareTarget(['link', 'b']), ompEnter([map('to', ['b(1:2)'])]), alloc('x', 16), associate(v('b', 16), h('x'), 16)],
    last: per(value(0), { 'K-B69=registered': value(0) }),
  },
  {
    name: 'K-B69 registered: the slot use_device_ptr gives is no omp_target_alloc memory, so omp_target_associate_ptr of it is undefined',
    steps: [declareTarget(['link', 'b']), useDeviceBegin('b', 'db', 0, true), associate(v('a'), h('db'), 8)],
    at: { 2: per(hostPtr(B), { libgomp: err('fatal_not_present'), 'K-B69=registered': dev(1, 0) }) },
    last: per(UNDEF, { libgomp: HALTED, 'K-B69=registered': UNDEF }),
  },
  {
    name: 'K-B69 registered: a device whose maps use the original (K-B8 self) has no node, so an association there meets none (K-B18 as-discrete lets it run)',
    world: OMP_WORLD,
    steps: [declareTarget(['link', 'b']), alloc('x', 40, 1), associate(v('b'), h('x'), 40, 0, 1)],
    last: per(UNDEF, { libgomp: value(1), 'llvm-offload': value(0), 'K-B8=self,K-B18=as-discrete,K-B69=registered': value(0) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.8',
  title: 'link clause',
  rules: ['OpenMP 6.0 §7.9.8 link clause', 'OpenMP 6.0 §7.9.8 link clause (the key a runtime keeps for a link array no map clause maps, K-B69)'],
  world: WORLD,
  rows,
});
