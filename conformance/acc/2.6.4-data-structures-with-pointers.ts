// OpenACC 3.3 §2.6.4 Data Structures with Pointers (spec-digest A.5): for a Fortran array pointer
// the attach action updates the descriptor (dope vector) in device memory and the detach action
// makes the device copy equal to the host pointer again, so the device view of `c%p(10:) => a`
// has the bounds 10:19 once attached. K-A42: libgomp writes the base address word only
// (target.c gomp_attach_pointer / gomp_detach_pointer copy sizeof (void *)), so the view keeps the
// lower bound its descriptor had when the struct was copied; LLVM offload's OpenACC path is not
// modelled (llvm-offload sets no K-A knob and shows the spec's reading).

import type { World } from '../../lang/program.js';
import { UNDEF, ok, per, perState, read, section, type Row } from '../rows.js';
import { accAttach, assign, attach, copyin, detach, enterData, exitData, hostAt, hostBounds, nullify, parallelAt, parallelBounds, present, remap } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

/** ACC_WORLD with a = 11, 12, …, 20, so an element read names its index. */
const NUMBERED: World = { ...ACC_WORLD, arrays: [{ name: 'a', length: 10, init: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20] }, ACC_WORLD.arrays[1]!] };

const BASE_ADDRESS = 'K-A42 base-address: libgomp target.c gomp_attach_pointer writes sizeof (void *) at the member (the descriptor keeps the bounds copied with c)';

/** c copied while c%p => a (lower bound 1), then remapped to c%p(10:) => a and attached. */
const REMAP_THEN_ATTACH = [assign('c%p', 'a'), enterData(copyin('c')), remap('c%p', 10, 'a'), enterData(copyin('a'), attach('c%p'))];

const rows: Row[] = [
  {
    name: 'c%p(10:) => a after c was copied, then attach: the device view has the bounds 10:19 (libgomp: 1:10)',
    cite: `§2.6.4 the attach action updates the descriptor; ${BASE_ADDRESS}`,
    steps: [...REMAP_THEN_ATTACH, parallelBounds('c%p', present('c'))],
    last: per(read(10, 19), { libgomp: read(1, 10), 'K-A42=base-address': read(1, 10) }),
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10, lbound: 10 } }] },
        {
          libgomp: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          'K-A42=base-address': { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        },
      ),
    },
  },
  {
    name: 'a kernel reading c%p(10) through the remapped view reads a(1) (libgomp: its view is 1:10, so a(10))',
    cite: `Fortran 2008 §7.2.2.3: the remapped pointer's element 10 is the target's first; ${BASE_ADDRESS}`,
    world: NUMBERED,
    steps: [...REMAP_THEN_ATTACH, hostAt('c%p', 10), parallelAt('c%p', 10, present('c'))],
    at: { 5: read(11) },
    last: per(read(11), { libgomp: read(20), 'K-A42=base-address': read(20) }),
  },
  {
    name: 'c%p(1) outside the remapped view 10:19 is undefined (libgomp: its stale view 1:10 holds it)',
    cite: `an index outside the pointer's bounds is no element of its target; ${BASE_ADDRESS}`,
    world: NUMBERED,
    steps: [...REMAP_THEN_ATTACH, parallelAt('c%p', 1, present('c'))],
    last: per(UNDEF, { libgomp: read(11), 'K-A42=base-address': read(11) }),
  },
  {
    name: 'the host view after the remap: lbound 10, ubound 19',
    cite: 'Fortran 2008 §7.2.2.3 bounds-spec: the lower bound is given, the extent is the target\'s',
    steps: [remap('c%p', 10, 'a'), hostBounds('c%p')],
    last: read(10, 19),
  },
  {
    name: 'a remap while attached is not seen on the device: the view keeps 1:10 until the next attach',
    cite: '§2.6.8: an attach of the same target address only counts; the host pointer assignment does not touch device memory',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), remap('c%p', 10, 'a'), parallelBounds('c%p', present('c'))],
    last: read(1, 10),
  },
  {
    name: 'detach restores the whole host descriptor, bounds 10:19 included (libgomp: the address word only)',
    cite: `§2.6.4 the detach action makes the device copy equal to the host pointer again; ${BASE_ADDRESS} (gomp_detach_pointer)`,
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), remap('c%p', 10, 'a'), exitData(detach('c%p'))],
    last: ok,
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10, lbound: 10 } }] },
        {
          libgomp: { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
          'K-A42=base-address': { attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
        },
      ),
    },
  },
  {
    name: 'a descriptor copied while disassociated is re-mapped whole: bounds 10:19 on every reading',
    cite: 'libgomp target.c gomp_map_vars_internal: a GOMP_MAP_TO_PSET whose pointer was null (has_null_ptr_assoc) is copied again, "transparent re-mapping for Fortran array descriptors which were previously mapped unallocated"',
    steps: [nullify('c%p'), enterData(copyin('c')), remap('c%p', 10, 'a'), enterData(copyin('a')), accAttach('c%p'), parallelBounds('c%p', present('c'))],
    last: read(10, 19),
  },
  {
    name: 'K-A4b descriptor: re-attaching after a remap of the same target re-points (AC 1, bounds 10:19); the spec only counts',
    cite: 'K-A4b: the flang proposal takes a bounds change for a new target; §2.6.8 "attached to a new target address" speaks of the address only',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a'), attach('c%p')), remap('c%p', 10, 'a'), accAttach('c%p'), parallelBounds('c%p', present('c'))],
    at: {
      4: ok,
    },
    last: per(read(1, 10), { 'K-A4b=descriptor': read(10, 19) }),
    state: {
      4: perState(
        { attachments: [{ ptr: C, ac: 2, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        {
          'K-A4b=descriptor': { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10, lbound: 10 } }] },
          // libgomp and Cray count any attach on a positive counter (K-A4 counter-only)
        },
      ),
    },
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.4',
  title: 'Data Structures with Pointers',
  rules: ['OpenACC 3.3 §2.6.4 Data Structures with Pointers'],
  world: ACC_WORLD,
  rows,
});
