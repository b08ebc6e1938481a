// OpenMP 6.0 §7.9.6 map clause, for array sections whose base is a pointer member (issue 9 item 5):
// `map(to: c%p(3:6))` maps the storage of the section, and pointer attachment makes the
// corresponding pointer reach the section through its own bounds: it holds the section's device
// address minus the section's offset from the pointer's target. Evidence: LLVM offload
// omptarget.cpp targetDataBegin (PTR_AND_OBJ: Delta = HstPtrBegin - HstPtrBase, ExpectedTgtPtrBase
// = TgtPtrBegin - Delta); libgomp target.c gomp_attach_pointer(…, bias) writes devaddr(target +
// bias) - bias. Elements outside the section have no corresponding storage (undefined to reach).

import { UNDEF, dev, ok, read, section, type Row } from '../rows.js';
import { hostRead, map, motion, ompEnter, ompUpdate, targetAt, targetPointer, targetRead, targetWrite } from '../steps.js';
import { SECTIONS_OMP_WORLD } from '../worlds.js';
import { OMP_MEMBER_SECTION } from '../../model/member-sections.js';

const rows: Row[] = [
  {
    name: 'map of a struct and a section of its pointer\'s target: the corresponding pointer aims two elements before the section\'s storage',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetPointer('c%p')],
    at: { 1: ok },
    last: dev(2, -8),
  },
  {
    name: 'a kernel writes part of the section through the pointer; target update from the section brings it home',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetWrite('c%p(4:5)', 9), ompUpdate([motion('from', ['c%p(3:6)'])]), hostRead('a')],
    last: read(1, 2, 3, 9, 9, 6, 7, 8, 9, 10),
  },
  {
    name: 'a kernel reads elements outside the mapped section through the pointer: undefined',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetRead('c%p(2:3)')],
    last: UNDEF,
  },
  {
    name: 'a kernel reads one element of the section through the attached pointer: the corresponding storage of that element',
    cite: 'OpenMP 6.0 §7.9.6 pointer attachment: the corresponding pointer points to the corresponding list item',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetWrite('c%p(4:4)', 0), targetAt('c%p', 3), targetAt('c%p', 4), targetAt('c%p', 6)],
    at: { 2: ok, 3: read(3), 4: read(0) },
    last: read(6),
  },
  {
    name: 'a kernel reads one element outside the section through the attached pointer: undefined (no corresponding storage)',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetAt('c%p', 2)],
    last: UNDEF,
  },
  {
    name: 'a kernel reads one element past the section through the attached pointer: undefined',
    steps: [ompEnter([map('to', ['c', 'c%p(3:6)'])]), targetAt('c%p', 7)],
    last: UNDEF,
  },
  {
    name: 'a section past the end of the pointer\'s target: undefined',
    steps: [ompEnter([map('to', ['c%p(8:11)'])])],
    last: UNDEF,
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.6',
  title: 'map clause (array sections of pointer members)',
  rules: [OMP_MEMBER_SECTION],
  world: SECTIONS_OMP_WORLD,
  rows,
});
