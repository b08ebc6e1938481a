// OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes: a variable the kernel
// uses that no clause names is `copy` (or `present` under default(present)); a scalar in no visible
// data clause is firstprivate (lang/README.md "Scalar variables").

import { UNDEF, err, per, read, readAll, section, type Row } from '../rows.js';
import {
  accCopyin,
  assign,
  accCreate,
  call,
  copy,
  copyin,
  copyout,
  create,
  dataBegin,
  dataEnd,
  declare,
  enterData,
  exitData,
  hostAdd,
  hostRead,
  hostWrite,
  parallelAdd,
  parallelBlock,
  parallelCopy,
  parallelDefaultPresent,
  parallelRead,
  parallelWrite,
  present,
  ret,
  self,
  update,
} from '../steps.js';
import { ACC_WORLD, AOS_WORLD, C } from '../worlds.js';
import type { World } from '../../lang/program.js';

/** An array a and a scalar x (5), at 0x1200 (not the first word of host memory). */
const SCALAR_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: 1 },
    { name: 'x', length: 1, scalar: true, init: 5 },
  ],
  structs: [],
};
/** gcc/gimplify.cc omp_notice_variable / oacc_default_clause (GCC 12 and later), read for the visible-clause rows. */
const GCC_VISIBLE = 'the text; GCC gimplify.cc omp_notice_variable maps a variable an enclosing OpenACC data context holds, oacc_default_clause a declared one';

const rows: Row[] = [
  {
    name: 'a clause naming an array of structs only through an element\'s member: the member names the array under the text; GCC maps the whole array implicitly, which is partly present here (K-A70)',
    cite: 'K-A70 whole-array: GCC 12.2, C and Fortran, measured: parallel create(cs(2)%p) with cs(2) present aborts "Trying to map into device [h..h+32) object when [h+16..h+32) is already mapped", h the array (gen-20270103-021, toolchain/probes/acc-element-member-same-element)',
    world: AOS_WORLD,
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs(2)')), parallelRead('cs(2)%p', copyin('cs(2)%p'))],
    last: per(readAll(10, 1), { 'gcc-12': err('acc_error_partly_present'), 'K-A70=whole-array': err('acc_error_partly_present') }),
  },
  {
    name: 'the same with the whole array of structs present: the implicit copy finds it, and the kernel reads the data under either reading (K-A70)',
    cite: 'K-A70 whole-array: toolchain/probes/acc-element-member-whole-array reads 10, 20, …, 80 in both languages (profiles/measured/probes-gcc-12-2026-12-06c.md)',
    world: AOS_WORLD,
    steps: [assign('cs(2)%p', 'a'), enterData(copyin('cs')), parallelRead('cs(2)%p', copyin('cs(2)%p'))],
    last: readAll(10, 1),
  },
  {
    name: 'an implicit copy around a kernel copies in and back out',
    steps: [parallelWrite('b', 5), hostRead('b')],
    last: readAll(10, 5),
    state: { 1: { sections: [] } },
  },
  {
    name: 'the implicit copy maps the body root; a created struct holds indeterminate pointers',
    steps: [accCreate('c'), parallelRead('a(9:10)', copyin('b'))],
    last: read(1, 1),
    state: {
      1: { attachments: [{ ptr: C, ac: 0, device: { space: 'indeterminate' } }] },
      2: { sections: [{ host: [C, C + 16], block: 1, src: 0, drc: 1 }] },
    },
  },
  {
    name: 'the implicit copy of present data copies nothing in or out',
    steps: [accCopyin('a'), hostWrite('a', 6), parallelRead('a'), parallelWrite('a', 9), hostRead('a')],
    at: { 3: readAll(10, 1) },
    last: readAll(10, 6),
  },
  {
    name: 'default(present) makes an absent body root an error',
    steps: [parallelDefaultPresent({ read: 'a' })],
    last: err('acc_error_not_present'),
  },
  {
    name: 'a scalar no clause names is firstprivate: the write goes to a private copy and nothing is mapped for it',
    world: SCALAR_WORLD,
    steps: [parallelWrite('x', 9, copy('a')), hostRead('x')],
    last: read(5),
    state: { 1: { sections: [] } },
  },
  {
    name: 'a firstprivate scalar starts with the host value',
    world: SCALAR_WORLD,
    steps: [hostWrite('x', 7), parallelRead('x'), hostRead('x')],
    at: { 2: read(7) },
    last: read(7),
  },
  {
    name: 'default(present) leaves a scalar firstprivate: absent, it is no error',
    world: SCALAR_WORLD,
    steps: [parallelDefaultPresent({ read: 'x' })],
    last: read(5),
  },
  {
    name: 'data that enter data made present is in no visible data clause: the scalar stays firstprivate',
    world: SCALAR_WORLD,
    steps: [enterData(copyin('x')), parallelWrite('x', 9), exitData(copyout('x')), hostRead('x')],
    last: read(5),
  },
  {
    name: "K-A67: a firstprivate scalar that enter data made present starts with the host's value under the text, with the device copy's under GCC",
    cite: 'K-A67 present-copy: GCC 12.2 measured on an H100 (probes-gcc-12-2026-12-05, acc-fp2, C and Fortran)',
    world: SCALAR_WORLD,
    steps: [enterData(copyin('x')), hostWrite('x', 7), parallelRead('x'), parallelAdd('x', 1, 0), exitData(copyout('x')), hostRead('x')],
    at: { 3: per(read(7), { 'gcc-12': read(5), 'K-A67=present-copy': read(5) }) },
    last: read(5),
  },
  {
    name: 'a scalar in the clause of an enclosing data construct is not firstprivate: the kernel changes the device copy',
    cite: GCC_VISIBLE,
    world: SCALAR_WORLD,
    steps: [dataBegin(copy('x')), parallelAdd('x', 1, 0), hostRead('x'), update(self('x')), hostRead('x'), dataEnd, hostRead('x')],
    at: { 3: read(5), 5: read(6) },
    last: read(6),
  },
  {
    name: 'a data construct whose clauses name other data leaves the scalar firstprivate',
    world: SCALAR_WORLD,
    steps: [dataBegin(copy('a')), parallelWrite('x', 9), dataEnd, hostRead('x')],
    last: read(5),
  },
  {
    name: "a scalar in the declare of the construct's procedure is not firstprivate",
    cite: GCC_VISIBLE,
    world: SCALAR_WORLD,
    steps: [call(['copy', 'x']), parallelWrite('x', 9), ret, hostRead('x')],
    last: read(9),
  },
  {
    name: 'a scalar of a program-scope declare is not firstprivate',
    cite: GCC_VISIBLE,
    world: SCALAR_WORLD,
    steps: [declare(['create', 'x']), parallelWrite('x', 9), hostRead('x'), update(self('x')), hostRead('x')],
    at: { 3: read(5) },
    last: read(9),
  },
  {
    name: "an add past a C int on a firstprivate scalar's private copy is undefined (C11 §6.5p5)",
    world: SCALAR_WORLD,
    steps: [hostWrite('x', 1e9), hostAdd('x', 1e9), parallelAdd('x', 1e9, 0)],
    last: UNDEF,
  },
  // Copy kernels (lang/README.md "Copy kernels"): the kernel uses two variables, the one it writes
  // and the one it reads, and each is a variable the kernel uses for §2.6.2.
  {
    name: 'a copy kernel uses both variables: each that no clause names gets the implicit copy',
    steps: [parallelCopy('b', 'a', 3), hostRead('b'), hostRead('a')],
    at: { 2: readAll(10, 4) },
    last: readAll(10, 1),
    state: { 1: { sections: [] } },
  },
  {
    name: 'a copy reads the device copy of present data, not the host',
    steps: [accCopyin('a'), hostWrite('a', 6), parallelCopy('b', 'a'), hostRead('b')],
    last: readAll(10, 1),
  },
  {
    name: 'default(present) makes the absent variable a copy reads an error',
    steps: [accCopyin('b'), parallelDefaultPresent({ write: 'b', value: 0, from: 'a' })],
    last: err('acc_error_not_present'),
  },
  {
    name: 'a clause naming only the variable a copy reads leaves the written one to the implicit copy',
    steps: [parallelCopy('b(1:2)', 'a(3:4)', 10, copyin('a')), hostRead('b')],
    last: read(11, 11, 2, 2, 2, 2, 2, 2, 2, 2),
  },
  {
    name: 'a whole-variable clause of the variable a copy reads is a clause of a variable the region uses (K-A58 keeps it too): created, it gives indeterminate elements',
    steps: [parallelCopy('b', 'a', 0, create('a')), hostRead('b')],
    last: readAll(10, null),
  },
  {
    name: 'a copy reading a firstprivate scalar takes the host value',
    world: SCALAR_WORLD,
    steps: [hostWrite('x', 7), parallelCopy('a(2:2)', 'x'), hostRead('a'), hostRead('x')],
    at: { 3: read(1, 7, 1, 1) },
    last: read(7),
  },
  {
    name: "K-A67: a copy reading a firstprivate scalar that enter data made present takes the host's value under the text, the device copy's under GCC",
    cite: 'K-A67 present-copy: GCC 12.2 measured on an H100 (probes-gcc-12-2026-12-05, acc-fp2, C and Fortran)',
    world: SCALAR_WORLD,
    steps: [enterData(copyin('x')), hostWrite('x', 7), parallelCopy('a(1:1)', 'x'), hostRead('a')],
    last: per(read(7, 1, 1, 1), { 'gcc-12': read(5, 1, 1, 1), 'K-A67=present-copy': read(5, 1, 1, 1) }),
  },
  {
    name: "a copy into a firstprivate scalar changes its private copy only",
    world: SCALAR_WORLD,
    steps: [parallelCopy('x', 'a(4:4)', 1), hostRead('x')],
    last: read(5),
    state: { 1: { sections: [] } },
  },
  {
    name: 'a copy whose sum passes a C int is undefined (C11 §6.5p5)',
    steps: [hostWrite('a', 1e9), hostWrite('b', 1e9), { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 2e8, add: true, from: 'a' } }],
    last: UNDEF,
  },
  // Kernels of several statements (lang/README.md "Kernels of several statements"): the kernel uses
  // the variables of every statement, each given its attribute in the order the statements name them.
  {
    name: 'a kernel of several statements uses the variables of all of them: two unnamed arrays are both copied in and back',
    steps: [parallelBlock([{ write: 'a', value: 1, by: 1 }, { write: 'b', value: 5, add: true }]), hostRead('a'), hostRead('b')],
    at: { 2: read(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) },
    last: readAll(10, 7),
    state: { 1: { sections: [] } },
  },
  {
    name: 'under default(present) the variable only a later statement uses must be present too: absent, it is acc_error_not_present',
    steps: [enterData(copyin('a')), parallelDefaultPresent({ writes: [{ write: 'a', value: 3 }, { write: 'b', value: 4 }] })],
    last: err('acc_error_not_present'),
  },
  {
    name: 'a whole-variable clause of the variable only a later statement uses is a clause of a variable the region uses (K-A58 keeps it too)',
    steps: [parallelBlock([{ write: 'a(1:2)', value: 1 }, { write: 'b(1:2)', value: 3 }], present('b'))],
    last: err('acc_error_not_present'),
  },
  {
    name: 'a firstprivate scalar one statement writes keeps its host value; the array of the other statement comes back',
    world: SCALAR_WORLD,
    steps: [parallelBlock([{ write: 'x', value: 9 }, { write: 'a(1:1)', value: 4 }]), hostRead('x'), hostRead('a')],
    at: { 2: read(5) },
    last: read(4, 1, 1, 1),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6.2',
  title: 'Variables with Implicitly Determined Data Attributes',
  rules: ['OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes'],
  world: ACC_WORLD,
  rows,
});
