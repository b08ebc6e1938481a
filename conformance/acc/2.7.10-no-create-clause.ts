// OpenACC 3.3 §2.7.10 no_create clause: present data is counted (and a pointer reference
// attached); absent data is left alone. K-A13: partly present data. K-A61: gfortran's data
// no_create of an absent pointer array (emit's Fortran arrays) stops on the descriptor's data pointer.

import { HALTED, RUNS, UNDEF, dev, err, ok, per, perState, readAll, section, type Row } from '../rows.js';
import { accCopyin, assign, copy, copyin, create, dataBegin, dataEnd, declare, enterData, noCreate, parallelRead } from '../steps.js';
import { A, ACC_WORLD, ACC_WORLD_ATTACHED, C, MEMBERS_WORLD } from '../worlds.js';
import type { World } from '../../lang/program.js';

/** ACC_WORLD with c%p pointing at all of a. */
const POINTING_WORLD: World = { ...ACC_WORLD, structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] };

const rows: Row[] = [
  {
    name: 'a data construct\'s no_create of an absent array leaves it alone; gfortran 12 stops on its pointer array\'s descriptor (K-A61 abort)',
    cite: 'K-A61 `abort`: gfortran 12.2 lowers no_create(v1(2:3)) of a pointer array to no_alloc, to_pset, pointer (-fdump-tree-gimple); measured "Pointer target of array section wasn\'t mapped" (gen-20261212-019-fortran, gen-20261205-068-fortran)',
    steps: [dataBegin(noCreate('a(2:3)')), dataEnd],
    at: { 1: per(ok, { 'K-A61=abort': err('fatal_lowering'), 'gcc-12': err('fatal_lowering') }) },
    last: per(ok, { 'K-A61=abort': HALTED, 'gcc-12': HALTED }),
  },
  {
    name: 'K-A61 abort stops only a data construct\'s no_create of an absent undeclared array: a link array, a struct, zero bytes, a compute construct and present data run on',
    steps: [
      declare(['link', 'b']),
      dataBegin(noCreate('b')),
      dataEnd,
      dataBegin(noCreate('c')),
      dataEnd,
      dataBegin(noCreate('a(3:2)')),
      dataEnd,
      parallelRead('b', copy('b'), noCreate('a')),
      enterData(copyin('a')),
      dataBegin(noCreate('a')),
      dataEnd,
    ],
    at: { 2: ok, 4: ok, 6: ok, 8: RUNS, 10: ok },
    last: per(ok, { 'K-A61=abort': ok }),
  },
  {
    name: 'K-A61 abort is about arrays: a data construct\'s no_create of an absent struct field (c%n, c%arr) runs',
    cite: 'K-A61 `abort` rests on gfortran 12\'s lowering of pointer arrays (the descriptor\'s data pointer); a struct field is no pointer array (counterexamples/cases/gcc12-no-create-struct-field.json, found by `mapcheck fuzz --profile gcc-12`)',
    world: MEMBERS_WORLD,
    steps: [dataBegin(noCreate('c%n')), dataEnd, dataBegin(noCreate('c%arr(2:3)')), dataEnd],
    at: { 1: ok, 3: ok },
    last: ok,
  },
  {
    name: 'no_create on partly present data treats it as absent (K-A13)',
    steps: [enterData(create('a(1:3)')), dataBegin(noCreate('a'))],
    cite: 'K-A13 error (libgomp): gomp_map_vars_internal looks GOMP_MAP_IF_PRESENT up like any kind, and gomp_map_vars_existing stops on data the key does not contain; measured with GCC 12.2 C (gen-20261204-0033-c)',
    last: per(ok, { 'K-A13=error': err('acc_error_partly_present'), libgomp: err('acc_error_partly_present') }),
    state: { 2: { sections: [{ host: [A, A + 12], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'a no_create region on partly present data ends quietly and keeps the counters',
    cite: '§2.7.3 lists no error for no_create',
    steps: [accCopyin('a(1:2)'), dataBegin(noCreate('a')), dataEnd],
    at: { 1: dev(1, 0), 2: per(ok, { 'K-A13=error': err('acc_error_partly_present'), libgomp: err('acc_error_partly_present') }) },
    last: per(ok, { 'K-A13=error': { kind: 'halted' }, libgomp: HALTED }),
    state: { 3: { sections: [{ host: [A, A + 8], block: 1, src: 0, drc: 1 }] } },
  },
  {
    name: 'no_create(c%p) of an absent target attaches nothing, so K-A2 error has nothing to refuse; GCC attaches anyway and stops (K-A59 attach)',
    cite: 'K-A59: GCC 12.2 lowers no_create(c.p[0:4]) to map(no_alloc:*c.p) map(attach:c.p) (-fdump-tree-gimple); measured "pointer target not mapped for attach" (gcc-12-nvptx-2026-12-03c gen-20261205-061-c, 04h gen-20261212-022-fortran)',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), dataBegin(noCreate('c%p')), dataEnd],
    at: { 3: per(ok, { 'K-A2=error': ok, 'K-A59=attach': ok, 'gcc-12': err('fatal_attach_absent') }) },
    last: per(ok, { 'gcc-12': HALTED }),
    state: { 3: perState({ attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] }, { 'gcc-12': null }) },
  },
  {
    name: 'no_create(c%p) of a present target attaches it',
    steps: [assign('c%p', 'a'), enterData(copyin('c', 'a')), dataBegin(noCreate('c%p')), dataEnd],
    last: ok,
    state: { 3: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] } },
  },
  {
    name: 'no_create attaches only when the target was present at its own entry action, not after a later clause',
    world: ACC_WORLD_ATTACHED,
    steps: [accCopyin('c'), dataBegin(noCreate('c%p'), copyin('a'))],
    // GCC attaches in list order, before a is mapped (K-A59 attach with K-A2 error)
    last: per(ok, { 'gcc-12': err('fatal_attach_absent') }),
    state: {
      2: perState(
        {
          sections: [
            { host: [A, A + 40], block: 2, src: 1, drc: 0 },
            { host: [C, C + 16], block: 1, src: 0, drc: 1 },
          ],
          attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }],
        },
        {
          'gcc-12': null,
          // K-A22 member-mapped: GCC's map(struct:c) map(alloc:c.p) beside map(no_alloc:*c.p) counts c once more for the region
          libgomp: {
            sections: [
              { host: [A, A + 40], block: 2, src: 1, drc: 0 },
              { host: [C, C + 16], block: 1, src: 1, drc: 1 },
            ],
            attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A + 4, count: 3 } }],
          },
        },
      ),
    },
  },
  {
    name: 'no_create(c%p) of present data while c is absent: the attach finds no struct (nothing under the text, K-A2); GCC maps the member itself first (K-A22 member-mapped), so the attach runs',
    cite: 'K-A22 member-mapped: GCC 12.2 -fdump-tree-omplower lowers no_create(c%p) to map(struct:c) map(alloc:c.p) map(no_alloc:*c.p) map(attach:c.p), in C and Fortran; measured with GCC 12.2 on an H100: gen-20270117-165-fortran step 4, data copy(b) no_create(d%p) with d never mapped, runs (profiles/measured/gcc-12-nvptx-2026-12-06m.md)',
    world: POINTING_WORLD,
    steps: [dataBegin(copy('a'), noCreate('c%p')), dataEnd],
    at: { 1: per(ok, { 'K-A2=error': err('fatal_attach_absent'), libgomp: ok, 'gcc-12': ok }) },
    last: per(ok, { 'K-A2=error': HALTED, libgomp: ok, 'gcc-12': ok }),
  },
  {
    name: 'no_create(c%p) of absent data while c is absent: left alone (libgomp); GCC 12 maps the member and attaches anyway, so the absent target stops it (K-A59 attach)',
    cite: 'K-A59 attach with K-A22 member-mapped: the struct group gives the attach its struct; gomp_attach_pointer then finds no target ("pointer target not mapped for attach")',
    world: POINTING_WORLD,
    steps: [dataBegin(noCreate('c%p')), dataEnd],
    at: { 1: per(ok, { 'gcc-12': err('fatal_attach_absent') }) },
    last: per(ok, { 'gcc-12': HALTED }),
  },
  {
    name: 'no_create(c%p) of a target mapped by acc_copyin attaches at its offset',
    world: ACC_WORLD_ATTACHED,
    steps: [accCopyin('c'), accCopyin('a'), dataBegin(noCreate('c%p'))],
    last: ok,
    state: { 3: { attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 4, count: 3 } }] } },
  },
  // The region's accesses to data no_create found absent refer to the local copy.
  {
    name: 'parallel no_create(a) create(c%p) with c%p => a, the kernel reading a: no_create finds a absent, so the kernel\'s a is the local copy, although create maps its storage next: undefined',
    cite: '3.3 §2.7.10: "any accesses in the region that refer to var will refer to the local copy"; measured with GCC 12.2 C, whose front end acts on the clauses last first (K-A62) so that create(c%p) no_create(a) comes to this order: the kernel faults on a\'s host address ("illegal memory access", gen-20270110-059-c, profiles/measured/gcc-12-nvptx-2026-12-06j.md)',
    world: POINTING_WORLD,
    steps: [parallelRead('a', noCreate('a'), create('c%p'))],
    last: UNDEF,
  },
  {
    name: 'parallel create(c%p) no_create(a) with c%p => a: create maps a first, so no_create finds it present and the kernel reads the created copy; acted on last first (K-A62 reversed, GCC 12 C) no_create comes first: undefined',
    cite: '3.3 §2.7.9, §2.7.10 (the created data\'s values are indeterminate); K-A62 reversed: gen-20270110-059-c (profiles/measured/gcc-12-nvptx-2026-12-06j.md), where the kernel faults',
    world: POINTING_WORLD,
    steps: [parallelRead('a', create('c%p'), noCreate('a'))],
    last: per(readAll(10, null), { 'K-A62=reversed': UNDEF }),
  },
  {
    name: 'a no_create that finds its data absent leaves the other variables alone: the kernel reads b through its own clause',
    steps: [parallelRead('b', noCreate('a'), copyin('b'))],
    last: readAll(10, 2),
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.10', title: 'no_create clause', rules: ['OpenACC 3.3 §2.7.10 no_create clause', 'OpenACC 3.3 §2.7.10 no_create clause (the attach of a pointer reference whose data is absent, K-A59)', "OpenACC 3.3 §2.7.10 no_create clause (accesses in the region to data it found absent)"], world: ACC_WORLD, rows });
