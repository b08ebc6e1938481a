// OpenMP 6.0 §25.4 omp_target_free (spec-digest B.9.2): frees omp_target_alloc memory; NULL is
// ignored; anything else is unspecified. K-B11.

import { UNDEF, dev, err, ok, per, value, section, type Row } from '../rows.js';
import { HOST, INVALID, alloc, free, h, isAccessible, map, ompEnter, v } from '../steps.js';
import { OMP_WORLD, TABLE_WORLD } from '../worlds.js';

const allocH = alloc('h', 32, 0);

const rows: Row[] = [
  { table: 'NULL', name: 'NULL is ignored', steps: [free(null, 0)], last: ok },
  { table: 'device allocation', name: 'a live allocation of that device', steps: [allocH, free(h('h'), 0)], last: ok },
  { table: 'host device', name: 'a host-device allocation on the host device', steps: [alloc('h', 32, HOST), free(h('h'), HOST)], last: ok },
  { table: 'invalid device', name: 'invalid device (K-B19)', steps: [allocH, free(h('h'), INVALID)], last: per(err('omp_error_invalid_device'), { 'gcc-12': ok }) },
  {
    name: 'NULL on an out-of-range device (K-B21): unspecified; runtimes that test NULL first ignore it',
    cite: 'GCC 12 target.c omp_target_free: "if (device_ptr == NULL) return" first; current libgomp resolves the device first (NULL → nothing)',
    world: OMP_WORLD,
    steps: [free(null, 5)],
    last: per(UNDEF, { libgomp: ok, 'llvm-offload': ok }),
  },
  { table: "another device's allocation", name: "another device's allocation → unspecified", steps: [allocH, free(h('h'), 1)], last: UNDEF },
  { table: 'interior pointer', name: 'not the start of the allocation → unspecified', steps: [allocH, free(h('h', 8), 0)], last: UNDEF },
  { table: 'freed twice', name: 'freed twice → unspecified', steps: [allocH, free(h('h'), 0), free(h('h'), 0)], last: UNDEF },
  { table: 'map-made storage (host address)', name: 'a host address → unspecified', steps: [ompEnter([map('to', ['a'])], 0), free(v('a'), 0)], last: UNDEF },
  {
    name: 'reuse world: omp_target_alloc of the freed size on that device gets the freed memory again',
    cite: 'World.reuse (lang/README.md "Device memory reuse"); LLVM offload MemoryManager.h hands a freed buffer to the next allocation of its size class',
    world: { ...TABLE_WORLD, reuse: true },
    steps: [allocH, free(h('h'), 0), alloc('g', 32, 1), alloc('k', 32, 0)],
    at: { 1: dev(1), 3: dev(2) },
    last: dev(1),
  },
  {
    name: 'freed memory is no longer accessible',
    world: OMP_WORLD,
    steps: [alloc('x', 16), isAccessible(h('x'), 16), free(h('x')), isAccessible(h('x'), 16)],
    at: { 2: per(value(true), { libgomp: value(false), 'llvm-offload': value(false) }) },
    last: value(false),
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '25.4',
  title: 'omp_target_free',
  rules: ['OpenMP 6.0 §25.4 omp_target_free'],
  world: TABLE_WORLD,
  rows,
});
