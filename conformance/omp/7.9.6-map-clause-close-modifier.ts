// OpenMP 6.0 §7.9.6 map clause, close modifier: a hint that the storage should be close to the
// device, with no effect of its own in the text. K-B8 `self-unless-close` (LLVM getTargetPointer):
// on a device that shares memory with the host a map is a self map unless it has close.

import { entry, ok, per, readAll, section, type Row } from '../rows.js';
import { hostWrite, map, ompEnter, targetRead } from '../steps.js';
import { A, OMP_WORLD } from '../worlds.js';

const rows: Row[] = [
  {
    name: 'close on a discrete device is a hint: the map creates storage and copies as without it',
    steps: [ompEnter([map('to', ['a'], 'close')]), hostWrite('a', 5), targetRead('a')],
    last: readAll(10, 1),
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 1)] } },
  },
  {
    name: 'close on a device that shares memory with the host (K-B8)',
    cite: 'LLVM device.cpp / Mapping.cpp getTargetPointer: "the close map modifier forces the mapping of the variable to the device"; libgomp: shared-memory devices use host storage',
    steps: [ompEnter([map('to', ['a'], 'close')], 1), hostWrite('a', 5), targetRead('a', [], 1)],
    last: per(readAll(10, 1), { 'K-B8=self': readAll(10, 5), libgomp: readAll(10, 5), 'K-B8=self-unless-close': readAll(10, 1), 'llvm-offload': readAll(10, 1) }),
  },
  {
    name: 'without close the same map is a self map under K-B8 self-unless-close',
    steps: [ompEnter([map('to', ['a'])], 1), hostWrite('a', 5), targetRead('a', [], 1)],
    last: per(readAll(10, 1), { 'K-B8=self-unless-close': readAll(10, 5), libgomp: readAll(10, 5), 'llvm-offload': readAll(10, 5) }),
  },
  {
    name: 'close with always and present: always copies present data again',
    steps: [ompEnter([map('to', ['a'])]), hostWrite('a', 5), ompEnter([map('to', ['a'], 'always', 'close', 'present')]), targetRead('a')],
    at: { 3: ok },
    last: readAll(10, 5),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (close modifier)',
  rules: ['OpenMP 6.0 §7.9.6 map clause (close modifier)'],
  world: OMP_WORLD,
  rows,
});
