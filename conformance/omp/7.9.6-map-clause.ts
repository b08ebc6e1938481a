// OpenMP 6.0 §7.9.6 map clause (spec-digest B.3.1): entry creates storage with RC 0 and counts
// once per block per construct, copying in when RC == 1 or always; exit copies back when RC == 1,
// always or delete, then decrements (or zeroes with delete) and removes at 0. K-B8 (maps on a
// shared-memory device), B.4 restrictions (K-B5).

import { HALTED, UNDEF, entry, err, ok, per, perState, read, readAll, section, value, type Row } from '../rows.js';
import { assign, hostRead, hostWrite, isPresent, map, ompDataBegin, ompDataEnd, ompEnter, ompExit, targetRead, targetWrite, v } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';


const rows: Row[] = [
  {
    name: 'target data and target with map(to: a(1:4)) map(to: c%p), c%p => a: per item a(1:4) first and a partly present (libgomp); acted on last first (K-A62 reversed) they run',
    cite: 'K-A62 (GCC 12 C lists target data map(to: a[0:4]) map(to: b[0:2]) as b, a; -fdump-tree-gimple) with K-B16 struct-block; the text (storage-block) makes one block',
    steps: [assign('c%p', 'a'), ompDataBegin([map('to', ['a(1:4)']), map('to', ['c%p'])]), ompDataEnd],
    at: { 2: per(ok, { 'spec-omp-5.2': UNDEF, libgomp: err('fatal_partial_map'), 'K-A62=reversed,K-B16=struct-block': ok }) },
    last: per(ok, { 'spec-omp-5.2': HALTED, libgomp: HALTED, 'K-A62=reversed,K-B16=struct-block': ok }),
  },
  {
    name: 'target with map(to: a(1:4)) map(to: c%p), c%p => a: as target data (K-A62 reversed, K-B16 struct-block)',
    cite: 'K-A62 with K-B16 struct-block, as in the row above',
    steps: [assign('c%p', 'a'), targetRead('a(1:4)', [map('to', ['a(1:4)']), map('to', ['c%p'])])],
    last: per(readAll(4, 1), { 'spec-omp-5.2': UNDEF, libgomp: err('fatal_partial_map'), 'K-A62=reversed,K-B16=struct-block': readAll(4, 1) }),
  },
  {
    name: 'exit data map(from: a) map(delete: a) with count 2 after a kernel write, items on their own (K-B16 struct-block, K-B50 earlier): the from item meets count 2 and nothing comes back; acted on last first (K-A62 reversed) the delete zeroes first and the from item copies',
    cite: 'libgomp gomp_decrement_refcount (do_copy for a key this construct already brought to zero); K-A62: GCC 12 C lists the items last first',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 5, [map('alloc', ['a'])]), ompExit([map('from', ['a']), map('delete', ['a'])]), hostRead('a')],
    last: per(readAll(10, 1), { 'llvm-offload': readAll(10, 5), 'K-A62=reversed,K-B16=struct-block,K-B50=earlier': readAll(10, 5) }),
  },
  {
    name: 'map(to: a(1:4)) map(to: c%p) with c%p => a on one enter data: one block (6.0); per item a(1:4) first and a partly present (libgomp), unless the items are acted on last first (K-A62 reversed, GCC 12 C)',
    cite: 'K-B16 struct-block (libgomp keys each array item on its own) and K-B5; K-A62: GCC 12 C builds the item list last item first (-fdump-tree-gimple, profiles/measured/probes-gcc-12-2026-12-04.md), so c%p\'s target a is mapped before a(1:4), which then lies inside it',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['a(1:4)']), map('to', ['c%p'])])],
    last: per(ok, { 'spec-omp-5.2': UNDEF, 'K-B16=struct-block': UNDEF, libgomp: err('fatal_partial_map'), 'K-A62=reversed,K-B16=struct-block': ok }),
  },
  {
    name: 'map(to: a(1:4)) map(alloc: c%p) with c%p => a: acted on last first, alloc items still come after the others (K-A62 reversed), so a(1:4) is mapped first again',
    cite: 'K-A62 reversed: in GCC 12 C\'s OpenMP lists the alloc items follow the others (-fdump-tree-gimple: map(to: a[0:4]) map(alloc: b[0:2]) keeps its order), so the to item a(1:4) still comes before the alloc item c%p',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['a(1:4)']), map('alloc', ['c%p'])])],
    last: per(ok, { 'spec-omp-5.2': UNDEF, libgomp: err('fatal_partial_map'), 'K-A62=reversed,K-B16=struct-block': UNDEF }),
  },
  {
    name: 'the always modifier copies in and out whatever the count',
    steps: [
      ompEnter([map('to', ['a'])]),
      hostWrite('a', 9),
      ompEnter([map('to', ['a'])]),
      targetRead('a'),
      ompEnter([map('to', ['a'], 'always')]),
      targetRead('a'),
      targetWrite('a', 6),
      ompExit([map('from', ['a'])]),
      hostRead('a'),
      ompExit([map('from', ['a'], 'always')]),
      hostRead('a'),
    ],
    at: { 4: readAll(10, 1), 6: readAll(10, 9), 9: readAll(10, 9) },
    last: readAll(10, 6),
    state: { 10: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'a map of data that is partly present is unspecified (K-B5: libgomp and LLVM abort)',
    cite: 'spec-digest B.4; libgomp gomp_map_vars_existing "Trying to map into device"; LLVM "explicit extension not allowed"',
    steps: [ompEnter([map('to', ['a(1:5)'])]), ompEnter([map('to', ['a'])])],
    last: per(UNDEF, { libgomp: err('fatal_partial_map'), 'llvm-offload': err('fatal_partial_map') }),
  },
  {
    name: 'maps on a shared-memory device make copies (K-B8 copies) or self maps (libgomp, LLVM)',
    steps: [ompEnter([map('to', ['a'])], 1), targetWrite('a', 6, [map('to', ['a'])], 1), hostRead('a')],
    last: per(readAll(10, 1), { libgomp: readAll(10, 6), 'llvm-offload': readAll(10, 6) }),
    state: {
      1: perState(
        { ompEntries: [entry([A, A + 40], 1, 1, { device: 1 })] },
        {
          libgomp: { ompEntries: [entry([A, A + 40], null, 1, { device: 1 })], ompPointers: [] },
          'llvm-offload': { ompEntries: [entry([A, A + 40], null, 1, { device: 1 })], ompPointers: [] },
        },
      ),
    },
  },
  {
    name: 'a target region maps and unmaps its own data: tofrom at RC 1 copies back',
    steps: [targetWrite('a(2:3)', 5, [map('tofrom', ['a(2:3)'])]), hostRead('a(1:4)')],
    last: read(1, 5, 5, 1),
    state: { 1: { ompEntries: [] } },
  },
  {
    name: 'present data is not copied in again by a plain map',
    steps: [ompEnter([map('to', ['a'])]), hostWrite('a', 2), targetRead('a', [map('to', ['a'])])],
    last: readAll(10, 1),
  },
  {
    name: 'exit data map(delete: a) map(from: a) with count 2: the from item is copied back only when the other clause\'s delete counts for it (K-B50 block)',
    cite:
      "OpenMP 6.0 §7.9.6 (exit, per storage block: a from item is copied back when the count is 1, or the always or delete modifier is present; a delete zeroes the block's count): K-B50 item (the default, the modifier of the item's own clause) leaves the host value and removes the entry; block (LLVM offload, libgomp: gomp_decrement_refcount do_copy) copies 5 home first",
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 5, [map('alloc', ['a'])]), ompExit([map('delete', ['a']), map('from', ['a'])]), hostRead('a')],
    at: { 4: { kind: 'ok' } },
    last: per(readAll(10, 1), { libgomp: readAll(10, 5), 'llvm-offload': readAll(10, 5), 'K-B50=block': readAll(10, 5) }),
    state: { 4: { ompEntries: [] } },
  },
  {
    name: 'exit data of an item only partly present is skipped (K-B51 skip); libgomp releases the entry it overlaps (overlapping-entry)',
    cite: 'OpenMP 6.0 §7.9.6 (exit acts on storage blocks whose corresponding storage is present; an item part of which has storage must have all of it, spec-digest B.4), 5.1 §2.21.7.1 (not present at exit: ignored); LLVM offload getTgtPtrBegin MustContain; libgomp target.c gomp_exit_data: splay_tree_lookup finds the overlapping entry and decrements it (K-B51)',
    steps: [ompEnter([map('to', ['a(3:4)'])]), ompExit([map('release', ['a'])]), isPresent(v('a', 8))],
    at: { 2: { kind: 'ok' } },
    last: per(value(true), { libgomp: value(false), 'K-B51=overlapping-entry': value(false) }),
  },
  {
    name: 'exit data map(from) of an item only partly present: skipped (K-B51 skip); copying the whole item from the entry it overlaps is undefined (overlapping-entry)',
    cite: 'OpenMP 6.0 §7.9.6 exit; libgomp target.c gomp_exit_data copies the item\'s bytes [host_start, host_end) from the found key\'s device address + (host_start - key host_start): outside the entry for an item that starts before it (K-B51 overlapping-entry)',
    steps: [ompEnter([map('to', ['a(3:4)'])]), targetWrite('a(3:4)', 5, [map('alloc', ['a(3:4)'])]), ompExit([map('from', ['a'])]), hostRead('a')],
    at: { 3: per({ kind: 'ok' }, { libgomp: UNDEF, 'K-B51=overlapping-entry': UNDEF }) },
    last: per(readAll(10, 1), { libgomp: { kind: 'halted' }, 'K-B51=overlapping-entry': { kind: 'halted' } }),
  },
];


export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause',
  rules: [
    'OpenMP 6.0 §7.9.6 map clause (entry)',
    'OpenMP 6.0 §7.9.6 map clause (exit)',
    'OpenMP 6.0 §7.9.6 map clause (restrictions)',
    'OpenMP 6.0 §7.9.6 map clause (exit: a from item and the delete-modifier of another item of its storage block, K-B50)',
    'OpenMP 6.0 §7.9.6 map clause (exit: an explicit item only partly present, K-B51)',
  ],
  world: OMP_WORLD,
  rows,
});
