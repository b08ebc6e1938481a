// OpenMP 6.0 §10.5.1.5 unified_shared_memory clause of the requires directive (world.requires):
// every device reaches all host storage; maps still may create distinct storage (K-B8), the
// routines answer as for a device that shares memory with the host (K-B2, K-B9). Under K-B54
// `ignored` (GCC 12, LLVM 16 on an H200) the requirement changes nothing and device 0 stays discrete.

import { per, readAll, section, UNDEF, value, type Row } from '../rows.js';
import { assign, hostWrite, isAccessible, isPresent, map, ompEnter, targetRead, v } from '../steps.js';
import { OMP_WORLD } from '../worlds.js';

const USM_WORLD = { ...OMP_WORLD, requires: ['unified_shared_memory' as const] };

const rows: Row[] = [
  {
    name: 'a kernel on a discrete device reaches host storage through a host address',
    cite: '§10.5.1.5: all storage is accessible to threads on all devices; K-B54 ignored: GCC 12 and LLVM 16 fault there (measured)',
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetRead('c%p')],
    last: per(readAll(10, 1), { 'K-B54=ignored': UNDEF, 'gcc-12': UNDEF }),
  },
  {
    name: 'without the requirement the same kernel dereferences a host address on a discrete device',
    world: OMP_WORLD,
    steps: [assign('c%p', 'a'), ompEnter([map('to', ['c'])]), targetRead('c%p')],
    last: { kind: 'undefined' },
  },
  {
    name: 'omp_target_is_accessible of host memory on a discrete device is true',
    cite: 'LLVM API.cpp omp_target_is_accessible: supportsUnifiedMemory(); libgomp: the capability of the device',
    steps: [isAccessible(v('a'), 40, 0)],
    last: per(value(true), { 'K-B54=ignored': value(false) }),
  },
  {
    name: 'maps may still create distinct storage (K-B8)',
    cite: 'LLVM getTargetPointer: under OMP_REQ_UNIFIED_SHARED_MEMORY the host pointer is used',
    steps: [ompEnter([map('to', ['a'])]), hostWrite('a', 5), targetRead('a')],
    last: per(readAll(10, 1), { 'K-B8=self': readAll(10, 5), libgomp: readAll(10, 5), 'gcc-12': readAll(10, 1), 'llvm-offload': readAll(10, 5) }),
  },
  {
    name: 'close still gets device storage under K-B8 self-unless-close',
    steps: [ompEnter([map('to', ['a'], 'close')]), hostWrite('a', 5), targetRead('a')],
    last: per(readAll(10, 1), { 'K-B8=self': readAll(10, 5), libgomp: readAll(10, 5), 'gcc-12': readAll(10, 1), 'llvm-offload': readAll(10, 1) }),
  },
  {
    name: 'omp_target_is_present of unmapped host memory (K-B2)',
    steps: [isPresent(v('a'), 0)],
    last: per(value(false), { 'K-B2=self-mapped': value(true), libgomp: value(true), 'gcc-12': value(false) }),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '10.5.1.5',
  title: 'unified_shared_memory clause',
  rules: ['OpenMP 6.0 §10.5.1.5 unified_shared_memory clause'],
  world: USM_WORLD,
  rows,
});
