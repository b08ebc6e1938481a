// A third set of scenarios from GCC's own OpenACC testsuite (gcc-mirror/gcc, libgomp/testsuite/
// libgomp.oacc-c-c++-common and libgomp.oacc-fortran), OpenACC 3.3 §2.6 Data Environment: tests
// that conformance/acc/2.6-suite-libgomp.ts, 2.6-suite-libgomp-2.ts and 3.2-suite-libgomp.ts do not
// transcribe: deep-copy-4.c and deep-copy-5.c (a linked list's next pointer attached and detached
// by enter / exit data attach / detach and by acc_attach / acc_detach), deep-copy-9.c (pointer
// members of an entered struct attached per compute construct, again on each iteration),
// implicit_copy.f90 (a compute construct's implicit copy inside a data region of other arrays),
// host_data-2.f90 (its saxpy parts through a data region and through enter / exit data, with
// present and pcopy on the compute construct), declare-4.c (a compute construct writing a declare
// link variable that no clause maps).
// Each row names the test and the asserts that give its libgomp / gcc-12 expectation; the other
// profiles' expectation is the text's (spec-digest.md), written by hand, with per() where a knob
// reading differs. A test is reduced to what the language says: one node for a list, one or two
// loop iterations, a constant written by a kernel where the test computes one, 4-byte elements.
// What a row leaves out is said in its cite. Scenarios whose evidence and the engines disagree
// are not here: README.md "Suite-derived rows".

import { ok, read, readAll, section, value, type Row } from '../rows.js';
import type { Step, World } from '../../lang/program.js';
import {
  accAttach,
  accCopyin,
  accDelete,
  accDetach,
  accIsPresent,
  assign,
  attach,
  copy,
  copyin,
  dataBegin,
  dataEnd,
  del,
  detach,
  enterData,
  exitData,
  copyout,
  declare,
  hostRead,
  hostWrite,
  nullify,
  parallelAdd,
  parallelCopy,
  parallelBlock,
  parallelRead,
  present,
} from '../steps.js';
import { ACC_WORLD } from '../worlds.js';

const C = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-c-c++-common/';
const F = 'gcc-mirror/gcc libgomp/testsuite/libgomp.oacc-fortran/';

/**
 * deep-copy-4.c's and deep-copy-5.c's `struct node list = { .next = NULL, .val = 0 }` and one node
 * inserted after it: c (the list head) with pointer member p (next), null at the start, and the
 * node's storage as the array a (its values the node's val: 1 here, where the tests insert i + 1
 * and 2); the node's own next pointer, which stays null, is left out.
 */
const LIST_WORLD: World = {
  arrays: [{ name: 'a', length: 4, init: 1 }],
  structs: [{ name: 'c', pointers: ['p'] }],
};

/** deep-copy-9.c's `mystruct { int *a; int *b; }` with N = 1024 (4 here), all 0: c%p => a, c%q => b. */
const AB_WORLD: World = {
  arrays: [
    { name: 'a', length: 4, init: 0 },
    { name: 'b', length: 4, init: 0 },
  ],
  structs: [{ name: 'c', pointers: ['p', 'q'], init: { p: 'a', q: 'b' } }],
};

/** implicit_copy.f90's `real(8) a(10), b(10), c(10)` with a(i) = i, b(i) = 1 (4-byte elements here); c starts 0. */
const ABC_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
    { name: 'b', length: 10, init: 1 },
    { name: 'c', length: 10, init: 0 },
  ],
  structs: [],
};

/**
 * host_data-2.f90's `real*4 x(10), y(10)` and `a = 2.0`: x as the array a holding a * x(i) = 2 · 4i
 * (the scalar a, copied in and present on every construct, is folded into x: the kernel adds x(i)),
 * y as the array b holding 3.
 */
const SAXPY_WORLD: World = {
  arrays: [
    { name: 'a', length: 10, init: [8, 16, 24, 32, 40, 48, 56, 64, 72, 80] },
    { name: 'b', length: 10, init: 3 },
  ],
  structs: [],
};
/** `parallel present (x) pcopy (y) present (a)` with saxpy's y(i) = y(i) + a * x(i): the copy kernel b(i) = b(i) + a(i). */
const saxpy: Step = { op: 'acc_parallel', clauses: [present('a'), copy('b')], body: { write: 'b', value: 0, from: 'a', add: true } };
const Y_REF = [11, 19, 27, 35, 43, 51, 59, 67, 75, 83];

/** declare-4.c's `float a = 2.0` and the link variable `float b` as one-element arrays. */
const LINK_WORLD: World = {
  arrays: [
    { name: 'a', length: 1, init: 2 },
    { name: 'b', length: 1, init: 0 },
  ],
  structs: [],
};

const rows: Row[] = [
  {
    name: 'deep-copy-5.c: a list head copied in by acc_copyin, its next node copied in and attached by acc_attach; a kernel reaches the node through the head; acc_detach, acc_delete of the node and of the head run',
    cite: `${C}deep-copy-5.c: acc_copyin (&list, sizeof (struct node)); insert: head->next = n; acc_copyin (n, sizeof (struct node)); acc_attach ((void **) &head->next); sum_nodes: parallel reduction(+:sum) present(head[:1]) { for (; head != NULL; head = head->next) sum += head->val } assert (sum_nodes (&list) == 10 * 2); destroy: acc_detach ((void **) &head->next); head->next = n->next; acc_delete (n, …); acc_delete (&list, …) (§3.2.29: acc_attach of a pointer whose struct and target are present attaches it; §2.7.2: the kernel's head->next is the device address of the node's copy; acc_detach restores the host value before the node goes). One node (of the test's ten), its val 1; the kernel's walk is a read through c%p under present(c); the node's null next pointer is left out`,
    world: LIST_WORLD,
    steps: [
      accCopyin('c'),
      assign('c%p', 'a'),
      accCopyin('a'),
      accAttach('c%p'),
      parallelRead('c%p', present('c')),
      accDetach('c%p'),
      nullify('c%p'),
      accDelete('a'),
      accDelete('c'),
      accIsPresent('c'),
    ],
    at: { 4: ok, 5: readAll(4, 1), 6: ok, 8: ok, 9: ok },
    last: value(false),
  },
  {
    name: 'deep-copy-4.c: the same list with the directives: enter data copyin of the head and the node, enter data attach of head->next, a kernel through it, exit data detach, delete of the node and of the head',
    cite: `${C}deep-copy-4.c: enter data copyin(list); insert: head->next = n; enter data copyin(n[:1]); enter data attach(head->next); sum_nodes: parallel reduction(+:sum) present(head[:1]) { walk through head->next } assert (sum_nodes (&list) == (LIST_LENGTH * LIST_LENGTH + LIST_LENGTH) / 2); destroy: exit data detach(head->next); head->next = n->next; exit data delete (n[:1]); exit data delete(list) (§2.7.12, §2.7.13: attach / detach clauses of enter / exit data perform the attach and detach actions; the kernel reaches the node's copy through the attached pointer). One node, its val 1; the kernel's walk is a read through c%p; the node's null next pointer is left out`,
    world: LIST_WORLD,
    steps: [
      enterData(copyin('c')),
      assign('c%p', 'a'),
      enterData(copyin('a')),
      enterData(attach('c%p')),
      parallelRead('c%p', present('c')),
      exitData(detach('c%p')),
      nullify('c%p'),
      exitData(del('a')),
      exitData(del('c')),
      accIsPresent('c'),
    ],
    at: { 1: ok, 3: ok, 4: ok, 5: readAll(4, 1), 6: ok, 8: ok, 9: ok },
    last: value(false),
  },
  {
    name: 'deep-copy-9.c: pointer members of an entered struct are attached by the copy clause of each compute construct and detached at its end, on every iteration; exit data copyout of the struct brings host pointers home and the targets hold the kernels\' increments',
    cite: `${C}deep-copy-9.c: m->a, m->b = malloc (N ints), all 0; enter data copyin(m[0:1]); 99 × { parallel loop copy(m->a[0:N]) m->a[j]++; parallel loop copy(m->b[0:N]) m->b[j]++ }; exit data copyout(m[0:1]); if (m->a[i] != 99 || m->b[i] != 99) abort (§2.7.6: copy of a pointer reference copies the target in and out and attaches / detaches the pointer, so each construct reaches a fresh copy of the target through m's device copy, and the detach at its end leaves m's device copy holding the host pointers, which the exit's copyout brings home). Two iterations (so 2), N = 4; the host reads go through c%p and c%q after the exit`,
    world: AB_WORLD,
    steps: [
      enterData(copyin('c')),
      parallelAdd('c%p', 1, 0, copy('c%p')),
      parallelAdd('c%q', 1, 0, copy('c%q')),
      parallelAdd('c%p', 1, 0, copy('c%p')),
      parallelAdd('c%q', 1, 0, copy('c%q')),
      exitData(copyout('c')),
      hostRead('c%p'),
      hostRead('c%q'),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: ok, 5: ok, 6: ok, 7: readAll(4, 2) },
    last: readAll(4, 2),
  },
  {
    name: 'implicit_copy.f90: inside a data region that copies in a and b, a compute construct writing c, which no clause names, copies c in and out implicitly, so the host sees the kernel\'s values after the region',
    cite: `${F}implicit_copy.f90: a(i) = i, b(i) = 1; data copyin(a(1:n), b(1:n)) { parallel loop c(i) = a(i) * b(i) } end data; if (c(i) /= a(i) * b(i)) call abort (§2.6.2: an array a compute construct references without a clause or a visible data clause is copy; §2.7.6: copied home at the construct's end). n = 10; b holds 1, so the kernel is the copy kernel c(i) = a(i)`,
    world: ABC_WORLD,
    steps: [dataBegin(copyin('a', 'b')), parallelCopy('c', 'a'), dataEnd, hostRead('c'), accIsPresent('c')],
    at: { 1: ok, 2: ok, 3: ok, 4: read(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) },
    last: value(false),
  },
  {
    name: 'host_data-2.f90 (saxpy parts): a kernel with present(x) pcopy(y) inside data copyin(x) copy(y), and again between enter data copyin(x, y) and exit data delete(x) copyout(y): y comes home with the kernel\'s sums both times',
    cite: `${F}host_data-2.f90, its last two parts: y(:) = 3.0; data copyin (x) copyin (a) copy (y) { parallel present (x) pcopy (y) present (a) call saxpy (N, a, x, y) } end data; call validate_results (N, y, y_ref); y(:) = 3.0; enter data copyin (x, a, y); parallel present (x) pcopy (y) present (a) saxpy; exit data delete (x, a) copyout (y); validate_results (y_ref(i) = 3 + a * x(i), stop 1 otherwise) (§2.7.5: present finds x; §2.7.6: pcopy of present y only counts it, so the kernel's sums reach y's copy, which the data region's copy / the exit's copyout bring home). The first two parts (cublasSaxpy through host_data use_device) are left out; the scalar a is folded into x (see the world), and the kernel is the copy kernel y(i) = y(i) + x(i)`,
    world: SAXPY_WORLD,
    steps: [
      dataBegin(copyin('a'), copy('b')),
      saxpy,
      dataEnd,
      hostRead('b'),
      hostWrite('b', 3),
      enterData(copyin('a', 'b')),
      saxpy,
      exitData(del('a'), copyout('b')),
      hostRead('b'),
      accIsPresent('b'),
    ],
    at: { 1: ok, 2: ok, 3: ok, 4: read(...Y_REF), 6: ok, 7: ok, 8: ok, 9: read(...Y_REF) },
    last: value(false),
  },
  {
    name: 'declare-4.c: a compute construct with copy(a) writes the declare link variable b, which no clause maps: b is copied implicitly for the construct and a comes home with the kernel\'s value',
    cite: `${C}declare-4.c (nvidia targets): float b; declare link (b); a = 2.0; parallel copy (a) { b = a; a = 1.0; a = a + b } if (a != 3.0) abort (); a = func (a) (on the host: b = a + 1, return b); if (a != 4.0) abort () (§2.13.3: link data gets no device memory from the declare; §2.6.2: a variable a compute construct references with no data clause and no visible device copy is copied, so b has a copy for the kernel; §2.7.6: a comes home). a and b are one-element arrays; the kernel is a block of two statements (b = a; a = b + 1); func's host call is two host loops`,
    world: LINK_WORLD,
    steps: [
      declare(['link', 'b']),
      parallelBlock([{ write: 'b', value: 0, from: 'a' }, { write: 'a', value: 1, from: 'b' }], copy('a')),
      hostRead('a'),
      { op: 'host_write', var: 'b', value: 1, from: 'a' },
      { op: 'host_write', var: 'a', value: 0, from: 'b' },
      hostRead('a'),
    ],
    at: { 1: ok, 2: ok, 3: read(3) },
    last: read(4),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.6',
  title: 'Data Environment (a third set of scenarios of the libgomp testsuite)',
  rules: [],
  world: ACC_WORLD,
  rows,
});
