// The worlds conformance rows run in, with the host addresses of their objects (lang/program.ts
// hostLayout: arrays first, then structs, each 0x100-aligned with a 0x100 gap).

import type { World } from '../lang/program.js';

/** OpenACC: `a` (10 × 1), `b` (10 × 2), struct `c` with pointer member `p`; one discrete device. */
export const ACC_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'] }],
};

/** ACC_WORLD with `c%p => a(2:4)` from the start. */
export const ACC_WORLD_ATTACHED: World = { ...ACC_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a(2:4)' } }] };

/** ACC_WORLD without `b`: the seed's detach program (c sits at 0x1200 there). */
export const ACC_WORLD_NO_B: World = { arrays: [{ name: 'a', length: 10, init: 1 }], structs: [{ name: 'c', pointers: ['p'] }] };

/** OpenMP: ACC_WORLD's objects; device 0 is discrete, device 1 shares memory with the host, the host is device 2. */
export const OMP_WORLD: World = { ...ACC_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };

/**
 * The README routine table's world: `a` of 8 integers (32 bytes); devices 0 and 1 discrete, 2
 * shares memory with the host, the host is device 3.
 */
export const TABLE_WORLD: World = {
  arrays: [{ name: 'a', length: 8, init: 1 }],
  structs: [],
  devices: [{ kind: 'discrete' }, { kind: 'discrete' }, { kind: 'shared' }],
};

/** Host addresses in ACC_WORLD and OMP_WORLD. */
export const A = 0x1000;
export const B = 0x1200;
export const C = 0x1400;
/** c's address in ACC_WORLD_NO_B. */
export const C_NO_B = 0x1200;

/**
 * Arrays of structs (issue 9 item 5): `a` (10 × 1), `b` (10 × 2) and `cs(3)`, three structs with
 * pointer member `p` (16 bytes each), all disassociated; one discrete device (OpenMP: device 1
 * shares memory with the host, as in OMP_WORLD).
 */
export const AOS_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'cs', pointers: ['p'], count: 3 }],
};
export const AOS_OMP_WORLD: World = { ...AOS_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };
/** Host address of cs(1) in AOS_WORLD; element i starts 16 * (i - 1) bytes further. */
export const CS = 0x1400;

/**
 * Non-pointer struct members (issue 9 item 5): `a` (10 × 1), `b` (10 × 2) and struct `c` with
 * pointer member `p` (16 bytes, disassociated), then scalar `n` = 5 (4 bytes) and array `arr(4)` =
 * [1, 2, 3, 4] (16 bytes): c is 36 bytes at 0x1400, c%n at C + 16, c%arr(i) at C + 16 + 4 i. One
 * discrete device (OpenMP: device 1 shares memory with the host, as in OMP_WORLD).
 */
export const MEMBERS_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'], fields: [{ name: 'n', init: 5 }, { name: 'arr', length: 4, init: [1, 2, 3, 4] }] }],
};
export const MEMBERS_OMP_WORLD: World = { ...MEMBERS_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };
/** Host addresses of c%n and c%arr(1) in MEMBERS_WORLD (c itself at C). */
export const C_N = 0x1410;
export const C_ARR = 0x1414;

/**
 * Rank-2 arrays (issue 9 item 6): `a(2,4)` = 1..8 in array element order (a(i,j) is element
 * 2 (j - 1) + i, at A2 + 4 (2 (j - 1) + i - 1)) and rank-1 `b` (4 × 0). One discrete device (OpenMP:
 * device 1 shares memory with the host, as in OMP_WORLD).
 */
export const RANK2_WORLD: World = {
  arrays: [
    { name: 'a', length: 8, shape: [2, 4], init: [1, 2, 3, 4, 5, 6, 7, 8] },
    { name: 'b', length: 4 },
  ],
  structs: [],
};
export const RANK2_OMP_WORLD: World = { ...RANK2_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };
/** Host address of a(1,1) in RANK2_WORLD. */
export const A2 = 0x1000;

/**
 * Member subarrays (issue 9 item 5): `a` holds 1..10, `b` 10 × 2, struct `c` (at C) with `c%p => a`
 * from the start, so `c%p(3:6)` is a(3:6) at A + 8. One discrete device (OpenMP: device 1 shares
 * memory with the host, as in OMP_WORLD).
 */
export const SECTIONS_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }],
};
export const SECTIONS_OMP_WORLD: World = { ...SECTIONS_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };

/**
 * Allocatable components (issue 9 item 6): struct `e` with the allocatable component `x`,
 * unallocated at start; `a` of 4 integers. a at 0x1000, e at 0x1200, the host heap at 0x1400
 * (allocation k at 0x1400 + 0x1100 k, lang/program.ts HEAP_STRIDE). One discrete device (OpenMP: device 1 shares memory).
 */
export const ALLOC_WORLD: World = { arrays: [{ name: 'a', length: 4, init: 1 }], structs: [{ name: 'e', pointers: ['x'], allocatable: ['x'] }] };
export const ALLOC_OMP_WORLD: World = { ...ALLOC_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };
/** e's address and the first two allocations' in ALLOC_WORLD. */
export const E = 0x1200;
export const HEAP0 = 0x1400;
export const HEAP1 = 0x2500;

/**
 * Plain pointer variables (lang/plain-pointers.ts): `p` is `integer, pointer :: p(:)` / C `int *p`,
 * a one-member struct with `plain` after the arrays (a at 0x1000, b at 0x1200, p at 0x1400).
 */
export const PLAIN_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: 1 },
    { name: 'b', length: 10, init: 2 },
  ],
  structs: [{ name: 'p', pointers: ['p'], plain: true }],
};
export const PLAIN_OMP_WORLD: World = { ...PLAIN_WORLD, devices: [{ kind: 'discrete' }, { kind: 'shared' }] };
/** Host address of the plain pointer p in PLAIN_WORLD. */
export const P = 0x1400;
