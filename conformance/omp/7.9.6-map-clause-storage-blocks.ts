// OpenMP 6.0 §7.9.6 map clause, mappable storage blocks: the items of one construct that share an
// array form one block, counted once. K-B16: OpenMP 5.2 counts per list item (spec-omp-5.2).

import { UNDEF, entry, err, ok, per, perState, read, readAll, section, type Row } from '../rows.js';
import { hostRead, map, ompEnter, ompExit, targetRead, targetWrite } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const LIST_ITEM = 'spec-omp-5.2';
/**
 * K-B16 `struct-block` (libgomp's reading; target.c gomp_map_vars_internal): each item of an
 * array is a key of its own; under libgomp a later item of the construct that reaches beyond an
 * earlier one's key stops ("Trying to map into device [..) object when [..) is already mapped",
 * K-B5 error), where the text leaves the partial map undefined.
 */
const STRUCT_BLOCK = 'K-B16=struct-block';
/** a mapped twice (RC 2), then written with 5 on the device. */
const twoReferencesWritten = [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 5, [map('alloc', ['a'])])];

const rows: Row[] = [
  {
    name: 'overlapping items on one construct form one block (6.0), a partial map under 5.2',
    cite: 'K-B16: OpenMP 5.2 §5.8.3 counts references per list item; storage blocks are new in 6.0 §7.9.6 (spec-digest B.1, B.4)',
    steps: [ompEnter([map('to', ['a(1:5)']), map('to', ['a(3:8)'])])],
    last: per(ok, { [LIST_ITEM]: UNDEF, [STRUCT_BLOCK]: UNDEF, libgomp: err('fatal_partial_map') }),
    state: { 1: perState({ ompEntries: [entry([A, A + 32], 1, 1)] }, { [LIST_ITEM]: null, [STRUCT_BLOCK]: null, libgomp: null }) },
  },
  {
    name: 'disjoint items of one array span one block (6.0), two entries under 5.2',
    steps: [ompEnter([map('to', ['a(1:2)', 'a(9:10)'])]), targetRead('a(4:5)', [map('tofrom', ['a(4:5)'], 'present')])],
    // 6.0: the bytes between the items belong to the block but were never copied in.
    last: per(readAll(2, null), { [LIST_ITEM]: err('omp_error_not_present'), [STRUCT_BLOCK]: err('omp_error_not_present'), libgomp: err('omp_error_not_present') }),
    state: {
      1: perState(
        { ompEntries: [entry([A, A + 40], 1, 1)] },
        {
          [LIST_ITEM]: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 32, A + 40], 2, 1)] },
          [STRUCT_BLOCK]: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 32, A + 40], 2, 1)] },
          libgomp: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 32, A + 40], 2, 1)] },
        },
      ),
    },
  },
  {
    name: 'on exit the block spans the items again, so a block wider than the entry is skipped (6.0); K-B51 overlapping-entry releases the entry',
    cite: 'K-B51 overlapping-entry (libgomp gomp_exit_data looks each item up: a(1:2) finds its entry, which goes; a(5:6) finds nothing)',
    steps: [ompEnter([map('to', ['a(1:2)'])]), ompExit([map('release', ['a(1:2)', 'a(5:6)'])])],
    last: ok,
    state: { 2: perState({ ompEntries: [entry([A, A + 8], 1, 1)] }, { [LIST_ITEM]: { ompEntries: [] }, libgomp: { ompEntries: [] }, 'K-B51=overlapping-entry': { ompEntries: [] } }) },
  },
  {
    name: 'two items of one array are one block (6.0): one release removes it; under 5.2 only its own entry',
    steps: [ompEnter([map('to', ['a(1:2)']), map('to', ['a(5:6)'])]), ompExit([map('release', ['a(1:2)'])])],
    last: ok,
    state: {
      1: perState(
        { ompEntries: [entry([A, A + 24], 1, 1)] },
        {
          [LIST_ITEM]: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 16, A + 24], 2, 1)] },
          [STRUCT_BLOCK]: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 16, A + 24], 2, 1)] },
          libgomp: { ompEntries: [entry([A, A + 8], 1, 1), entry([A + 16, A + 24], 2, 1)] },
        },
      ),
      2: perState(
        { ompEntries: [] },
        {
          [LIST_ITEM]: { ompEntries: [entry([A + 16, A + 24], 2, 1)] },
          [STRUCT_BLOCK]: { ompEntries: [entry([A + 16, A + 24], 2, 1)] },
          libgomp: { ompEntries: [entry([A + 16, A + 24], 2, 1)] },
        },
      ),
    },
  },
  {
    name: 'release then from of one array on one exit with count 1 copies back: an entry the exit empties goes when its items are done (5.2 list items too)',
    cite: "OpenMP 6.0 §7.9.6 (exit: a from item is copied back when the count before the construct is 1); per list item (K-B16 list-item, 5.2 §5.8.3) the from item still finds the entry the release emptied: libgomp gomp_exit_data queues removals in remove_vars, LLVM offload targetDataEnd deallocates after the transfers",
    steps: [ompEnter([map('to', ['a'])]), targetWrite('a', 5, [map('alloc', ['a'])]), ompExit([map('release', ['a']), map('from', ['a'])]), hostRead('a')],
    last: readAll(10, 5),
    state: { 3: { ompEntries: [] } },
  },
  {
    name: 'a count moves at most once per entry per construct',
    steps: [ompEnter([map('to', ['a', 'a(2:3)']), map('alloc', ['a'])]), ompExit([map('release', ['a', 'a(1:2)'])])],
    last: ok,
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 1)] }, 2: { ompEntries: [] } },
  },
  {
    name: 'on exit RC == 1 is the count before the construct moved it, also for a later item on the same entry',
    steps: [ompEnter([map('to', ['a'])]), ompEnter([map('to', ['a'])]), targetWrite('a', 3), ompExit([map('release', ['a']), map('from', ['a(1:2)'])]), hostRead('a')],
    last: readAll(10, 1),
    state: { 4: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'two from items that reach one entry copy nothing back while it holds two references',
    steps: [
      ...twoReferencesWritten,
      ompExit([map('from', ['a(1:2)', 'a(3:4)'])]),
      hostRead('a'),
    ],
    last: readAll(10, 1),
    state: { 4: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'a block that deletes is removed; only items whose own modifiers say so copy back',
    steps: [
      ...twoReferencesWritten,
      ompExit([map('from', ['a(1:2)'], 'delete'), map('delete', ['a(5:6)'])]),
      hostRead('a'),
    ],
    last: read(5, 5, 1, 1, 1, 1, 1, 1, 1, 1),
    state: { 4: { ompEntries: [] } },
  },
  {
    name: 'a block that deletes copies back nothing for a plain from item before the delete (K-B50 item, earlier); block copies it',
    cite:
      "OpenMP 6.0 §7.9.6 (exit: a from item is copied back at count 1, or with the always or delete modifier of its clause). K-B50 block (LLVM offload: map_ordering_tgt_exit_data_from_delete_assumedsize.c, the delete after the from still copies it); earlier (libgomp gomp_exit_data: the from item comes first and meets count 2)",
    steps: [
      ...twoReferencesWritten,
      ompExit([map('from', ['a(1:2)']), map('delete', ['a(5:6)'])]),
      hostRead('a'),
    ],
    last: per(readAll(10, 1), { 'llvm-offload': read(5, 5, 1, 1, 1, 1, 1, 1, 1, 1), 'K-B50=block': read(5, 5, 1, 1, 1, 1, 1, 1, 1, 1) }),
    // 5.2 §5.8.3 (spec-digest B.3.2): a count moves at most once per construct, so the delete item
    // finds the entry already decremented by the from item and leaves it at 1; libgomp's
    // refcount_set does the same with the two items apart (gomp_decrement_refcount: "already
    // decremented" for the delete).
    state: {
      4: perState(
        { ompEntries: [] },
        { [LIST_ITEM]: { ompEntries: [entry([A, A + 40], 1, 1)] }, [STRUCT_BLOCK]: { ompEntries: [entry([A, A + 40], 1, 1)] }, libgomp: { ompEntries: [entry([A, A + 40], 1, 1)] } },
      ),
    },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (mappable storage blocks)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (mappable storage blocks)'],
  world: OMP_WORLD,
  rows,
});
