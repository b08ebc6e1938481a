// OpenMP 6.0 §7.9.6 map clause, for allocatable components (issue 9 item 6): a host `deallocate`
// moves no reference count, so a corresponding list item of the freed storage stays in the device
// data environment (its count reaches zero only by maps). A deallocate (or allocate) of a
// component whose corresponding pointer is attached while the storage it is attached to stays
// mapped re-associates an attached pointer: the §7.9.6 restriction, K-B22 (`undefined` under the
// text; libgomp and LLVM offload `allowed`: nothing watches host stores, the attached device
// pointer keeps its value, so a kernel reads the old storage's copy).

import { OMP_DEALLOCATE_RULE } from '../../model/allocatable.js';
import { HALTED, UNDEF, entry, ok, per, perState, read, section, type Row } from '../rows.js';
import { allocate, deallocate, hostRead, map, ompEnter, targetRead } from '../steps.js';
import { ALLOC_OMP_WORLD, E, HEAP0, HEAP1 } from '../worlds.js';

/** gfortran 12 maps e%x's descriptor (e's storage) with each map of e%x (K-B47 descriptor, gcc-12): an entry of its own here, e being x alone. */
const descriptor = (rc: number, block: number) => entry([E, E + 16], block, rc);

const rows: Row[] = [
  {
    name: 'the component mapped alone (nothing attached): a deallocate keeps its entry; allocated again, the struct and the new storage mapped, a kernel reads the new values at a new address (K-C1 fresh); glibc (lifo) hands the freed storage back, the map finds its entry and copies nothing: the old values',
    cite: 'K-C1 lifo: measured with GCC 12.2 (gen-20270110-050-c and five more C runs read 3 3 3 3)',
    steps: [allocate('e%x', 4, 3), ompEnter([map('to', ['e%x'])]), deallocate('e%x'), allocate('e%x', 4, 4), ompEnter([map('to', ['e', 'e%x'])]), targetRead('e%x')],
    at: { 3: ok },
    last: per(read(4, 4, 4, 4), { libgomp: read(3, 3, 3, 3), 'llvm-offload': read(3, 3, 3, 3), 'K-C1=lifo': read(3, 3, 3, 3) }),
    state: { 3: perState({ ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 1)] }, { 'gcc-12': { ompEntries: [descriptor(1, 2), entry([HEAP0, HEAP0 + 16], 1, 1)] } }) },
  },
  {
    name: 'a deallocate of an attached component while its storage stays mapped: the restriction (K-B22); the runtimes keep the device pointer, so a kernel reads the old copy',
    cite: 'K-B22: §7.9.6 restrictions; libgomp and LLVM offload do not watch host stores',
    steps: [allocate('e%x', 4, 3), ompEnter([map('to', ['e', 'e%x'])]), deallocate('e%x'), allocate('e%x', 4, 4), targetRead('e%x'), hostRead('e%x')],
    at: { 3: per(UNDEF, { libgomp: ok, 'llvm-offload': ok, 'K-B22=allowed': ok }), 5: per(HALTED, { libgomp: read(3, 3, 3, 3), 'llvm-offload': read(3, 3, 3, 3), 'K-B22=allowed': read(3, 3, 3, 3) }) },
    last: per(HALTED, { libgomp: read(4, 4, 4, 4), 'llvm-offload': read(4, 4, 4, 4), 'K-B22=allowed': read(4, 4, 4, 4) }),
  },
  {
    name: 'the second allocation of the same size lies at a new host address (K-C1 fresh): mapping it makes a second entry beside the freed one; at the freed one (lifo) it counts that entry',
    steps: [allocate('e%x', 4), ompEnter([map('to', ['e%x'])]), deallocate('e%x'), allocate('e%x', 4), ompEnter([map('to', ['e%x'])])],
    last: ok,
    state: {
      5: perState(
        { ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 1), entry([HEAP1, HEAP1 + 16], 2, 1)] },
        {
          libgomp: { ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 2)] },
          'llvm-offload': { ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 2)] },
          'K-C1=lifo': { ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 2)] },
          'gcc-12': { ompEntries: [descriptor(2, 2), entry([HEAP0, HEAP0 + 16], 1, 2)] },
        },
      ),
    },
  },
  {
    name: 'an allocation of another size lies at a new host address in every reading of K-C1 (glibc keeps its freed chunks by size): a second entry',
    steps: [allocate('e%x', 4), ompEnter([map('to', ['e%x'])]), deallocate('e%x'), allocate('e%x', 8), ompEnter([map('to', ['e%x'])])],
    last: ok,
    state: {
      5: perState(
        { ompEntries: [entry([HEAP0, HEAP0 + 16], 1, 1), entry([HEAP1, HEAP1 + 32], 2, 1)] },
        { 'gcc-12': { ompEntries: [descriptor(2, 2), entry([HEAP0, HEAP0 + 16], 1, 1), entry([HEAP1, HEAP1 + 32], 3, 1)] } },
      ),
    },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (host deallocate of mapped storage)',
  rules: [OMP_DEALLOCATE_RULE],
  world: ALLOC_OMP_WORLD,
  rows,
});
