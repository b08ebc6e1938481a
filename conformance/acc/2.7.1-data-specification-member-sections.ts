// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, for member subarrays (issue 9 item 5): a
// data clause may name a subarray whose base is a pointer member (`c%p(3:6)`, C `c.p[2:4]`); it maps
// the elements it names of the array the pointer targets, and the pointer is its base pointer
// (K-A1 `base-pointer`: attached at entry). What that attach looks up is K-A50: the text's attach
// (§2.7.2: "if the address to which var points is not present in the current device memory, no
// action is taken") looks at the pointer's target, which a section leaves partly present; libgomp's
// gomp_attach_pointer is given the section's offset as `bias`, looks up `target + bias` and writes
// the device address of `target` counted back from the section's copy (target.c), so the device
// pointer aims two elements before the copy of a(3:6). A section outside its target, or of a
// disassociated pointer, breaks the base language (Fortran 2018 §9.5.3.3, C11 §6.5.6p8): undefined.

import { UNDEF, dev, hostPtr, ok, per, read, section, value, type Row } from '../rows.js';
import { accCopyin, accIsPresent, copyin, enterData, exitData, copyout, hostRead, nullify, parallelAt, parallelPointer, parallelRamp, parallelRead, parallelWrite, present, self, update } from '../steps.js';
import { A, SECTIONS_WORLD } from '../worlds.js';
import { ACC_MEMBER_SECTION } from '../../model/member-sections.js';

const rows: Row[] = [
  {
    name: 'a member section deep inside a 1024-element target: the kernel and update self reach exactly the elements it names',
    world: { arrays: [{ name: 'a', length: 1024 }], structs: [{ name: 'c', pointers: ['p'], init: { p: 'a' } }] },
    steps: [enterData(copyin('c')), enterData(copyin('c%p')), parallelRamp('c%p(1000:1003)', 7, 1, present('c')), update(self('c%p(999:1004)')), hostRead('a(998:1005)')],
    last: read(0, 0, 7, 8, 9, 10, 0, 0),
  },
  {
    name: 'a member section maps the elements it names of the pointer\'s target, not the rest',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), accIsPresent('a(3:6)'), accIsPresent('a')],
    at: { 3: value(true) },
    last: value(false),
  },
  {
    name: 'the attach of a member section: the text looks up the pointer\'s target (absent in part: no attach); libgomp the section, with its bias',
    cite: 'K-A50: §2.7.2 "the address to which var points"; libgomp target.c gomp_attach_pointer(…, bias): data = devaddr(target + bias) - bias',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelPointer('c%p', undefined, present('c'))],
    last: per(hostPtr(A), { libgomp: dev(2, -8) }),
  },
  {
    name: 'a kernel writes a member section through a pointer attached to the whole target; update self brings the section home',
    steps: [enterData(copyin('c')), enterData(copyin('c%p')), parallelWrite('c%p(4:5)', 9, present('c')), update(self('c%p(3:6)')), hostRead('a')],
    last: read(1, 2, 3, 9, 9, 6, 7, 8, 9, 10),
  },
  {
    name: 'a kernel writes a member section through a pointer attached only by the section: undefined in the text (not attached), libgomp reaches the section',
    cite: 'K-A50',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelWrite('c%p(4:5)', 0, present('c')), exitData(copyout('c%p(3:6)')), hostRead('a')],
    at: { 3: per(UNDEF, { libgomp: ok }) },
    last: per({ kind: 'halted' }, { libgomp: read(1, 2, 3, 0, 0, 6, 7, 8, 9, 10) }),
  },
  {
    name: 'a kernel reads elements outside the mapped section through the pointer: undefined whatever the attach did',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelRead('c%p(2:3)', present('c'))],
    last: UNDEF,
  },
  {
    name: 'a kernel reads one element of the section through a pointer attached only by the section: undefined in the text (not attached), libgomp reads its device copy',
    cite: '§2.7.2: the attached pointer points at the device copy of the data; K-A50',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelWrite('c%p(4:4)', 0, present('c')), parallelAt('c%p', 4, present('c')), parallelAt('c%p', 6, present('c'))],
    at: { 3: per(UNDEF, { libgomp: ok }), 4: per({ kind: 'halted' }, { libgomp: read(0) }) },
    last: per({ kind: 'halted' }, { libgomp: read(6) }),
  },
  {
    name: 'a kernel reads one element outside the section through a pointer attached by the section: undefined (no device copy there)',
    cite: 'K-A50',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelAt('c%p', 2, present('c'))],
    last: UNDEF,
  },
  {
    name: 'a kernel reads one element past the section through a pointer attached by the section: undefined',
    cite: 'K-A50',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(3:6)')), parallelAt('c%p', 7, present('c'))],
    last: UNDEF,
  },
  {
    name: 'acc_copyin of a member section returns the device address of its first element',
    steps: [accCopyin('c%p(3:6)'), accIsPresent('a(4:5)')],
    at: { 1: dev(1) },
    last: value(true),
  },
  {
    name: 'a member section past the end of the pointer\'s target: undefined (Fortran 2018 §9.5.3.3)',
    steps: [enterData(copyin('c%p(8:11)'))],
    last: UNDEF,
  },
  {
    name: 'a member section of a disassociated pointer: undefined',
    steps: [nullify('c%p'), hostRead('c%p(1:2)')],
    last: UNDEF,
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.1',
  title: 'Data Specification in Data Clauses (member subarrays)',
  rules: [ACC_MEMBER_SECTION],
  world: SECTIONS_WORLD,
  rows,
});
