// OpenACC 3.3 §2.13 Declare Directive in a procedure (§2.13.2, §2.6.3 the implicit data region of a
// procedure, §2.6.7 Reference Counters): the procedure's arrays have a device copy while it runs.
// Spec (K-A56 `structured-region`): the call is the entry of the procedure's implicit data region,
// the return its exit, each clause acting as a data construct's clause on the structured counter.
// libgomp (K-A56 `dynamic-enter-exit`; oacc-parallel.c GOACC_declare, with the map kinds GCC's C
// front end gives a function's declare, gimplify.cc gimplify_oacc_declare_1): at the call copy and
// copyin are enter data copyin (GOMP_MAP_TO), copyout enter data create (GOMP_MAP_FORCE_ALLOC),
// create enter data create only when the data is not present (GOMP_MAP_ALLOC: "if (!acc_is_present
// …)"), present aborts "[%p,%ld] is not mapped" (GOMP_MAP_FORCE_PRESENT); at the return copy and
// copyout are exit data copyout (GOMP_MAP_FROM), create exit data delete (GOMP_MAP_RELEASE), copyin
// and present nothing. gcc-12: gfortran 12 lowers a subroutine's declare to an OACC_DATA construct
// (GOACC_data_start / GOACC_data_end: the structured counter), as the spec reads it; the C form of
// the language's procedure is a data construct too (cli/emit/c.ts). LLVM offload has no OpenACC:
// its profile keeps the spec's expectations, as for every OpenACC row.

import { HALTED, err, ok, per, perState, readAll, value, section, type Row } from '../rows.js';
import { accDelete, accDeleteFinalize, accIsPresent, call, copy, dataBegin, dataEnd, enterData, copyin, hostRead, parallelRead, parallelWrite, present, ret } from '../steps.js';
import { A, B, ACC_WORLD } from '../worlds.js';
import { PROCEDURE_ENTRY, PROCEDURE_EXIT, PROCEDURE_PRESENT } from '../../model/acc/declare-procedure.js';

const A_RANGE: [number, number] = [A, A + 40];
const B_RANGE: [number, number] = [B, B + 40];
/** The libgomp reading, for libgomp and a spec run with it; gcc-12 (extends libgomp) reads as the spec. */
const LIBGOMP = (libgomp: Parameters<typeof per>[0], spec: Parameters<typeof per>[0]) => per(spec, { libgomp, 'gcc-12': spec, 'K-A56=dynamic-enter-exit': libgomp });
const LIBGOMP_STATE = (libgomp: Parameters<typeof perState>[0], spec: Parameters<typeof perState>[0]) =>
  perState(spec, { libgomp, 'gcc-12': spec, 'K-A56=dynamic-enter-exit': libgomp });

const rows: Row[] = [
  {
    name: 'create of data enter data made: a structured reference the return gives back (spec); libgomp skips it at the call and releases it at the return',
    cite: 'K-A56; libgomp GOACC_declare GOMP_MAP_ALLOC "if (!acc_is_present (…))", return clause GOMP_MAP_RELEASE (gimplify_oacc_declare_1)',
    steps: [enterData(copyin('a')), call(['create', 'a']), ret, accIsPresent('a')],
    last: LIBGOMP(value(false), value(true)),
    state: {
      2: LIBGOMP_STATE({ sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] }, { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 1 }] }),
      3: LIBGOMP_STATE({ sections: [] }, { sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] }),
    },
  },
  {
    name: 'copyin of absent data: the return deletes it (spec); under libgomp copyin has no return clause and the data stays',
    cite: 'K-A56; gimplify_oacc_declare_1: GOMP_MAP_TO gets no return clause (gcc-12 -fdump-tree-gimple: the return lists from / release only)',
    steps: [call(['copyin', 'a']), parallelRead('a', present('a')), ret, accIsPresent('a')],
    at: { 2: readAll(10, 1) },
    last: LIBGOMP(value(true), value(false)),
    state: { 1: LIBGOMP_STATE({ sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] }, { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] }) },
  },
  {
    name: 'copy, then acc_delete_finalize inside the procedure: the structured reference keeps the data and the return copies it out (spec); libgomp deletes it there and the return copies nothing',
    cite: 'K-A56; §3.2.19 acc_delete_finalize zeroes the dynamic counter only',
    steps: [call(['copy', 'a']), parallelWrite('a', 7), accDeleteFinalize('a'), accIsPresent('a'), ret, hostRead('a')],
    at: { 4: LIBGOMP(value(false), value(true)) },
    last: LIBGOMP(readAll(10, 1), readAll(10, 7)),
    state: { 5: { sections: [] } },
  },
  {
    name: 'copy of data enter data made: no copy at either end, whichever counter the call counts on',
    steps: [enterData(copyin('a')), call(['copy', 'a']), parallelWrite('a', 7), ret, hostRead('a'), accIsPresent('a')],
    at: { 5: readAll(10, 1) },
    last: value(true),
    state: { 2: LIBGOMP_STATE({ sections: [{ host: A_RANGE, block: 1, src: 0, drc: 2 }] }, { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 1 }] }) },
  },
  {
    name: 'copyout of absent data: created at the call, copied out and deleted at the return (both readings)',
    steps: [call(['copyout', 'a']), parallelWrite('a', 5), ret, hostRead('a'), accIsPresent('a')],
    at: { 4: readAll(10, 5) },
    last: value(false),
    state: { 1: LIBGOMP_STATE({ sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] }, { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 0 }] }), 3: { sections: [] } },
  },
  {
    name: 'present of absent data: acc_error_not_present (spec); libgomp aborts "[%p,%ld] is not mapped"',
    cite: '§2.7.5 present clause; libgomp GOACC_declare GOMP_MAP_FORCE_PRESENT',
    steps: [call(['present', 'a']), ret],
    at: { 1: LIBGOMP(err('fatal_not_present'), err('acc_error_not_present')) },
    last: HALTED,
  },
  {
    name: 'present of present data: nothing moves at the return (libgomp: it takes no reference either)',
    steps: [enterData(copyin('a')), call(['present', 'a']), parallelRead('a'), ret, accIsPresent('a')],
    at: { 3: readAll(10, 1) },
    last: value(true),
    state: {
      2: LIBGOMP_STATE({ sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] }, { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 1 }] }),
      4: { sections: [{ host: A_RANGE, block: 1, src: 0, drc: 1 }] },
    },
  },
  {
    name: 'a call inside a data region and a nested call: each return gives back its own references',
    steps: [dataBegin(copy('a')), call(['copyin', 'a'], ['create', 'b']), call(['copy', 'b']), ret, ret, accIsPresent('b'), dataEnd, accIsPresent('a')],
    at: { 6: LIBGOMP(value(false), value(false)) },
    last: LIBGOMP(value(true), value(false)),
    state: {
      3: LIBGOMP_STATE(
        { sections: [{ host: A_RANGE, block: 1, src: 1, drc: 1 }, { host: B_RANGE, block: 2, src: 0, drc: 2 }] },
        { sections: [{ host: A_RANGE, block: 1, src: 2, drc: 0 }, { host: B_RANGE, block: 2, src: 2, drc: 0 }] },
      ),
    },
  },
  {
    name: 'copyin of data enter data made, then acc_delete inside: the return ends the lifetime (spec); under libgomp the reference copyin took keeps the data',
    steps: [enterData(copyin('a')), call(['copyin', 'a']), accDelete('a'), ret, accIsPresent('a')],
    last: LIBGOMP(value(true), value(false)),
  },
  {
    name: 'create and copyin of absent data in one declare: the call observes ok; the return deletes both (spec); libgomp deletes the created a and keeps b',
    steps: [call(['create', 'a'], ['copyin', 'b']), ret, accIsPresent('a'), accIsPresent('b')],
    at: { 1: ok, 3: value(false) },
    last: LIBGOMP(value(true), value(false)),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.13',
  title: 'Declare Directive (in a procedure)',
  rules: [PROCEDURE_ENTRY, PROCEDURE_EXIT, PROCEDURE_PRESENT],
  world: ACC_WORLD,
  rows,
});
