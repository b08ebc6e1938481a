// OpenACC 3.3 §2.7.2 Attach Action, for zero-length member subarrays (issue 9 item 5):
// `copyin(c%p(3:2))`, C `copyin(c.p[2:0])`, names no byte of the pointer's target; its data part is
// K-A55's (model/zero-length.ts: the section holding the byte at its address takes the reference),
// and the pointer is its base pointer (K-A1), attached at entry. What the attach looks up is K-A50:
// the text ("if … the address to which var points is not present … no action is taken") looks at
// the pointer's whole target, wherever the zero bytes lie; libgomp looks up target + bias, one byte
// ([target + bias, +1), target.c gomp_attach_pointer), and GCC lowers an OpenACC section's base
// pointer to GOMP_MAP_ATTACH, not to the zero-length variant "currently only used by OpenMP"
// (include/gomp-constants.h), so a lookup that fails is its fatal "pointer target not mapped for
// attach" (K-A2 `error`).

import { err, dev, hostPtr, ok, per, section, value, HALTED, type Row } from '../rows.js';
import { accIsPresent, copyin, del, enterData, exitData, parallelPointer, present } from '../steps.js';
import { A, SECTIONS_WORLD } from '../worlds.js';
import { ACC_ZERO_LENGTH_MEMBER } from '../../model/zero-length-members.js';

const rows: Row[] = [
  {
    name: 'a zero-length member section inside the pointer\'s present target takes a reference on it and attaches the pointer there',
    cite: '§2.7.2; K-A55 lookup; K-A50 either reading (the byte at its address lies in the target\'s section)',
    steps: [enterData(copyin('a', 'c')), enterData(copyin('c%p(3:2)')), parallelPointer('c%p', undefined, present('c')), exitData(del('a')), accIsPresent('a')],
    at: { 2: ok, 3: dev(1) },
    last: value(true),
  },
  {
    name: 'one past the end of the present target: the text attaches through the whole target; libgomp finds no byte there and aborts',
    cite: 'K-A50 target vs section; libgomp gomp_attach_pointer: gomp_fatal "pointer target not mapped for attach" (K-A2)',
    steps: [enterData(copyin('a', 'c')), enterData(copyin('c%p(11:10)')), parallelPointer('c%p', undefined, present('c'))],
    at: { 2: per(ok, { libgomp: err('fatal_attach_absent') }) },
    last: per(dev(1), { libgomp: HALTED }),
  },
  {
    name: 'the pointer\'s target is absent: nothing is mapped and the text takes no action; libgomp aborts',
    cite: '§2.7.2 "no action is taken"; K-A2',
    steps: [enterData(copyin('c')), enterData(copyin('c%p(1:0)')), accIsPresent('a'), parallelPointer('c%p', undefined, present('c'))],
    at: { 2: per(ok, { libgomp: err('fatal_attach_absent') }), 3: per(value(false), { libgomp: HALTED }) },
    last: per(hostPtr(A), { libgomp: HALTED }),
  },
  {
    name: 'exit data delete of a zero-length member section gives its reference back and detaches once',
    cite: '§2.7.11 delete clause: detach action, then the dynamic counter decremented',
    steps: [enterData(copyin('c', 'c%p')), enterData(copyin('c%p(3:2)')), exitData(del('c%p(3:2)')), parallelPointer('c%p', undefined, present('c')), exitData(del('c%p')), accIsPresent('a'), parallelPointer('c%p', undefined, present('c'))],
    at: { 4: dev(2), 6: value(false) },
    last: hostPtr(A),
  },
  {
    name: 'enter-exit-fatal (GCC 12.2 C, measured): enter data of a zero-length member section at the target\'s first byte stops on libgomp\'s assertion; one strictly inside takes its reference and attaches',
    cite: 'K-A55=enter-exit-fatal: gcc-12-nvptx-2026-12-03f zero-length-members-c step 2 (oacc-mem.c:1207 goacc_enter_data_internal: Assertion `tgt\' failed); lookup_host of [p, p) matches, under libgomp.h splay_compare, only a key that starts before p',
    steps: [enterData(copyin('a', 'c')), enterData(copyin('c%p(3:2)')), parallelPointer('c%p', undefined, present('c')), enterData(copyin('c%p(1:0)'))],
    at: { 2: ok, 3: dev(1) },
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
  {
    name: 'enter-exit-fatal: exit data of a zero-length member section stops (goacc_exit_data_internal has no case for its kind)',
    cite: 'K-A55=enter-exit-fatal: "goacc_exit_data_internal UNHANDLED kind 0x0f" (probes acc-zero-length-inside-c, acc-zero-length-absent-exit-c); the member section\'s detach comes first in its own loop',
    steps: [enterData(copyin('a', 'c')), enterData(copyin('c%p(3:2)')), exitData(del('c%p(3:2)'))],
    at: { 2: ok },
    last: per(ok, { 'K-A55=enter-exit-fatal': err('fatal_lowering') }),
  },
];

export default section({
  spec: 'OpenACC 3.3',
  section: '2.7.2',
  title: 'Attach Action (zero-length member subarrays)',
  rules: [ACC_ZERO_LENGTH_MEMBER],
  world: SECTIONS_WORLD,
  rows,
});
