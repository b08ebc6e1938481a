// OpenACC 3.3 §2.7.2 Delete Action: deallocates present data whose counters reached 0, without a copy back.

import { UNDEF, dev, readAll, section, type Row } from '../rows.js';
import { accDeviceptr, attach, copyin, del, enterData, exitData, hostRead, parallelWrite, present } from '../steps.js';
import { A, ACC_WORLD } from '../worlds.js';
import type { Step, World } from '../../lang/program.js';

/** c%p => a from the start; `reuse`: the world's allocator hands freed blocks out again. */
const STALE_WORLD: World = { ...ACC_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };
const REUSE_WORLD: World = { ...STALE_WORLD, reuse: true };
/** a and c copied in, c%p attached to a's copy; delete(a) leaves c%p's device copy stale; b (same size as a) copied in. */
const STALE_STEPS: Step[] = [enterData(copyin('a', 'c'), attach('c%p')), exitData(del('a')), enterData(copyin('b'))];
const staleRead: Step = { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'c%p' } };

const rows: Row[] = [
  {
    name: 'delete ends the lifetime without copying device values back',
    steps: [enterData(copyin('a')), parallelWrite('a', 7, present('a')), exitData(del('a')), hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [] } },
  },
  {
    name: 'delete with two dynamic references only decrements; the data stays',
    steps: [enterData(copyin('a')), enterData(copyin('a')), exitData(del('a'))],
    last: { kind: 'ok' },
    state: { 3: { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'a pointer into deleted data is stale: dereferencing it is undefined (quarantine allocator)',
    cite: 'Delete Action "deallocates" the device copy; the spec gives the old address no meaning',
    world: STALE_WORLD,
    steps: [...STALE_STEPS, staleRead],
    last: UNDEF,
  },
  {
    name: 'reuse world: the freed block is handed out again, so the stale pointer reads the data mapped next',
    cite: 'World.reuse (lang/README.md "Device memory reuse"); libgomp target.c gomp_free_device_memory returns the copy to the plugin allocator, LLVM offload MemoryManager.h keeps freed buffers for the next allocation of their size',
    world: REUSE_WORLD,
    steps: [...STALE_STEPS, staleRead, accDeviceptr('b')],
    at: { 4: readAll(10, 2) },
    last: dev(1),
    state: { 3: { sections: [{ host: [A + 0x200, A + 0x200 + 40], block: 1, src: 0, drc: 1 }, { host: [A + 0x400, A + 0x400 + 16], block: 2, src: 0, drc: 1 }] } },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Delete Action',
  rules: ['OpenACC 3.3 §2.7.2 Delete Action'],
  world: ACC_WORLD,
  rows,
});
