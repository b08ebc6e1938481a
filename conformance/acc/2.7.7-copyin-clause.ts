// OpenACC 3.3 §2.7.7 copyin clause: copyin at entry; at the end of a region the data is deleted
// (not copied back) when both counters reach 0.

import { UNDEF, err, ok, per, perState, readAll, section, value, type Row } from '../rows.js';
import { accCopyin, accIsPresent, assign, copyin, dataBegin, dataEnd, del, enterData, exitData, hostRead, parallelRead, parallelWrite, present } from '../steps.js';
import { A, ACC_WORLD, C } from '../worlds.js';

const YES = value(true);

/** K-A69 `data-alone` with libgomp's K-A11 (gfortran 12: a pointer reference's data is a map group of its own). */
const DATA_ALONE = 'K-A11=extends-before,K-A69=data-alone';

const rows: Row[] = [
  {
    name: 'a copyin region does not copy device values back at its end',
    steps: [dataBegin(copyin('a')), parallelWrite('a', 3), dataEnd, hostRead('a')],
    last: readAll(10, 1),
    state: { 3: { sections: [] } },
  },
  {
    name: 'copyin(c%p) of a pointer reference copies the target in and attaches the pointer (K-A1)',
    cite: '§2.7.7 "if var is a pointer reference, an attach action is performed"; K-A1 pointer-only: data clauses move the target alone',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p')), parallelRead('c%p', present('c'))],
    last: per(readAll(10, 1), { 'K-A1=pointer-only': UNDEF }),
    state: {
      3: perState(
        { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
        {
          'K-A1=pointer-only': { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] },
          // K-A22 member-mapped (libgomp): the member c%p is mapped too, one more dynamic reference on c.
          libgomp: { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 2 }] },
          'K-A22=member-mapped': { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 2 }] },
        },
      ),
    },
  },
  {
    name: 'copyin(c%p) while c is not present: the target only under the text; libgomp maps the member c%p and attaches it (K-A22)',
    cite: 'A.6 attach: struct not present → no action (K-A2 error: libgomp aborts on an attach clause); K-A22 member-mapped: GCC 12.2 measured, enter data copyin(c%p) with c absent runs (profiles/measured/gcc-12-nvptx-2026-12-03.md)',
    steps: [assign('c%p', 'a'), enterData(copyin('c%p')), parallelRead('c%p')],
    at: { 2: per(ok, { 'K-A2=error': err('fatal_attach_absent'), 'K-A22=member-mapped': ok }) },
    // Without c on the device the kernel cannot dereference c%p; libgomp mapped c (here all of c is
    // its one member) with the attached pointer.
    // gfortran 12 (K-A68 address-only): the member's descriptor holds only the attached address,
    // and GCC 12.2 reads a(1) at every element (toolchain/probes/acc-member-alone-read,
    // profiles/measured/probes-gcc-12-2026-12-06b.md): undefined.
    last: per(UNDEF, {
      'K-A2=error': { kind: 'halted' },
      libgomp: readAll(10, 1),
      'gcc-12': UNDEF,
      'K-A22=member-mapped': readAll(10, 1),
      'K-A22=member-mapped,K-A68=address-only': UNDEF,
    }),
    state: {
      2: perState(
        { sections: [{ host: [A, A + 40], block: 1, src: 0, drc: 1 }] },
        {
          'K-A2=error': null,
          libgomp: { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          'K-A22=member-mapped': { sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }] },
          // the same state: K-A68 changes what a kernel can do through the member, not the mapping
          'K-A22=member-mapped,K-A68=address-only': {
            sections: [{ host: [A, A + 40], block: 2, src: 0, drc: 1 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }],
            attachments: [{ ptr: C, ac: 1, device: { space: 'dev', block: 2, offset: 0, count: 10 } }],
          },
        },
      ),
    },
  },
  {
    name: 'copyin(c) after copyin(c%p) mapped the member alone: present, except where only the 8-byte C pointer was mapped (K-A22, K-A24)',
    cite: 'K-A24 pointer-word: GCC 12.2 C units abort "[h,+16] not mapped" (oacc-mem.c goacc_map_var_existing finds the [h,+8) key of map(alloc:c.p)), 9 units of profiles/measured/gcc-12-nvptx-2026-12-03.md; the Fortran member is the whole descriptor (K-A24 member)',
    steps: [assign('c%p', 'a'), enterData(copyin('c%p')), enterData(copyin('c'))],
    at: { 2: per(ok, { 'K-A2=error': err('fatal_attach_absent') }) },
    last: per(ok, {
      'K-A2=error': { kind: 'halted' },
      'K-A22=member-mapped': ok,
      'K-A22=member-mapped,K-A24=pointer-word': err('acc_error_partly_present'),
    }),
  },
  {
    name: 'a kernel through c%p after copyin(c) and then copyin(c%p): the struct\'s copy gives the member its descriptor, so gfortran 12 reads the data too (K-A68)',
    cite: 'K-A68: GCC 12.2 Fortran on an H100, acc-member-struct-first-read reads 10, 20, …, 80 (profiles/measured/probes-gcc-12-2026-12-06b.md)',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p')), parallelRead('c%p', present('c'))],
    last: per(readAll(10, 1), { 'K-A22=member-mapped,K-A68=address-only': readAll(10, 1) }),
  },
  {
    name: 'delete(c%p) with nothing mapped: no action under the text; libgomp detaches anyway and aborts (K-A22, K-A9)',
    cite: '§2.7.11: data not present → no action; K-A22 member-mapped: GCC 12.2 measured "struct not mapped for detach operation" (gen-20261203-055, profiles/measured/gcc-12-nvptx-2026-12-03.md)',
    steps: [assign('c%p', 'a'), exitData(del('c%p'))],
    last: per(ok, { libgomp: err('fatal_detach_at_zero'), 'K-A22=member-mapped': ok }),
  },
  {
    name: 'copyin(c%p) of a null pointer: attached to null (K-A3); libgomp aborts; the C front end skips the attach (K-A23)',
    cite: 'A.6 attach of a null pointer: device null, counter 1 (K-A3 null-and-count; libgomp error "attempt to attach null pointer", measured in Fortran); K-A23 skip: oacc-mem.c goacc_enter_data_internal skips a group whose first address is null (GCC 12.2 C units ran, profiles/libgomp-c.json)',
    steps: [enterData(copyin('c')), enterData(copyin('c%p'))],
    last: per(ok, { libgomp: err('fatal_attach_null'), 'K-A23=skip': ok }),
    state: {
      2: perState(
        { attachments: [{ ptr: C, ac: 1, device: null }] },
        { libgomp: null, 'K-A23=skip': { attachments: [{ ptr: C, ac: 0, device: null }] } },
      ),
    },
  },
  {
    name: 'copyin(c%p) of a null pointer on a data construct: the C front end skips the attach in enter data only (K-A23)',
    cite: 'K-A23 skip: GCC 12.2 C, copyin(b, d.q) with a null d.q on a data construct aborts "attempt to attach null pointer" (gen-20261203-061-c step 9): structured constructs map through gomp_map_vars, not goacc_enter_data_internal',
    steps: [enterData(copyin('c')), dataBegin(copyin('c%p')), dataEnd],
    at: { 2: per(ok, { libgomp: err('fatal_attach_null'), 'K-A3=error,K-A23=skip': err('fatal_attach_null') }) },
    last: per(ok, { libgomp: { kind: 'halted' }, 'K-A3=error,K-A23=skip': { kind: 'halted' } }),
  },
  {
    name: 'enter data copyin(c%p(1:4)) with c%p(3:8) present: partly present; GCC\'s C front end counts the section it finds (K-A69)',
    cite: 'K-A69 found-section: oacc-mem.c goacc_enter_data_internal, branch `n && groupnum > 1` (c.p[0:n] is map(to:*c.p) map(attach:c.p), one group): any overlap is found, no bounds check; GCC 12.2 C measured (gen-20270101-060-c, profiles/measured/gcc-12-nvptx-2026-12-06c.md); the attach finds c%p attached and counts it',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p(3:8)')), enterData(copyin('c%p(1:4)'))],
    // gcc-12 (gfortran, K-A69 data-alone): the data's own group meets K-A11 extends-before
    last: per(err('acc_error_partly_present'), { 'K-A69=found-section': ok, 'gcc-12': ok }),
    state: { 4: perState(null, { 'K-A69=found-section': { sections: [{ host: [A + 8, A + 32], block: 2, src: 0, drc: 2 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }] } }) },
  },
  {
    name: 'enter data copyin(c%p(3:8)) with c%p(1:4) present: the end sticks out, and GCC\'s C front end counts it all the same (K-A69); a data construct aborts',
    cite: 'K-A69 found-section: the group branch of goacc_enter_data_internal checks neither end (goacc_map_var_existing\'s end check, K-A11, is for a group of one entry); structured: gomp_map_vars_existing "Trying to map into device"',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p(1:4)')), enterData(copyin('c%p(3:8)')), dataBegin(copyin('c%p(3:8)'))],
    at: { 4: per(err('acc_error_partly_present'), { 'K-A69=found-section': ok }) },
    last: per({ kind: 'halted' }, { 'K-A69=found-section': err('acc_error_partly_present') }),
    state: { 4: perState(null, { 'K-A69=found-section': { sections: [{ host: [A, A + 16], block: 2, src: 0, drc: 2 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }] } }) },
  },
  {
    name: 'K-A69 data-alone (gfortran 12): enter data copyin(c%p) with only c%p(5:10) present: the data, a map group of its own, is counted where it starts before the section (K-A11; gcc-12 has c%p attached by then and counts it once more)',
    cite: 'K-A69 data-alone: gfortran 12.2 -fdump-tree-omplower, copyin(v4%p1) is map(struct:v4) map(alloc:v4.p1.data) map(to:MEM …) map(to:v4.p1 [pointer set]) map(attach:v4.p1.data), the MEM item a group of one (find_group_last), so goacc_map_var_existing checks its end only. Measured with GCC 12.2 on an H100: gen-20270121-208-fortran step 8 (profiles/measured/gcc-12-nvptx-2026-12-06q.md)',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p(5:10)')), enterData(copyin('c%p'))],
    at: { 3: ok },
    last: per(err('acc_error_partly_present'), { 'gcc-12': ok, [DATA_ALONE]: ok, 'K-A69=data-alone': err('acc_error_partly_present') }),
    state: { 4: perState(null, { [DATA_ALONE]: { sections: [{ host: [A + 16, A + 40], block: 2, src: 0, drc: 2 }, { host: [C, C + 16], block: 1, src: 0, drc: 1 }], attachments: [{ ptr: C, ac: 0, device: { space: 'host', addr: A, count: 10 } }] } }) },
  },
  {
    name: 'K-A69 data-alone: data sticking out after the present section stops as a plain var\'s does ("[h,+n] not mapped", K-A11)',
    steps: [assign('c%p', 'a'), enterData(copyin('c')), enterData(copyin('c%p(1:4)')), enterData(copyin('c%p'))],
    at: { 3: ok },
    last: per(err('acc_error_partly_present'), { [DATA_ALONE]: err('acc_error_partly_present') }),
  },
  {
    name: 'enter data copyin of data starting before a present section and ending inside it: partly present, libgomp counts it there (K-A11); a data construct aborts',
    cite: 'K-A11 extends-before: oacc-mem.c goacc_enter_data_internal → goacc_map_var_existing (end check only), measured with GCC 12.2 (acc-enter-data-extends-before); structured: gomp_map_vars_existing "Trying to map into device"',
    steps: [enterData(copyin('a(3:8)')), enterData(copyin('a(1:4)')), dataBegin(copyin('a(1:4)'))],
    at: { 2: per(err('acc_error_partly_present'), { libgomp: ok, 'K-A11=extends-before': ok }) },
    last: per({ kind: 'halted' }, { libgomp: err('acc_error_partly_present'), 'K-A11=extends-before': err('acc_error_partly_present') }),
    state: { 2: perState(null, { 'K-A11=extends-before': { sections: [{ host: [A + 8, A + 32], block: 1, src: 0, drc: 2 }] } }) },
  },
  // K-A72 `descriptor` (gfortran 12): the pointer array's descriptor travels with its clause.
  {
    name: 'K-A72: enter data copyin(a) with only a(7:10) present, made by a routine: partly present under the text; libgomp counts it there (K-A11); gfortran maps a\'s descriptor afresh, whose data pointer finds a(1) absent, and stops',
    cite: 'K-A72 descriptor (the probes use arrays of 8, a(5:8) and a(7:8)): gfortran 12.2 -fdump-tree-omplower of enter data copyin(v1): map(to: MEM <v1 data>) map(to: v1 [pointer set]) map(alloc: v1.data [pointer assign, bias: 0]); libgomp goacc_enter_data_internal maps the descriptor group through gomp_map_vars, and gomp_map_pointer stops "Pointer target of array section wasn\'t mapped". Measured with GCC 12.2 on an H100 (toolchain/probes/acc-extends-before-descriptor-absent, profiles/measured/probes-gcc-12-2026-12-06i.md; held out first: gen-20270109-229-fortran); C runs',
    steps: [accCopyin('a(7:10)'), enterData(copyin('a')), accIsPresent('a(7:10)')],
    at: { 2: per(err('acc_error_partly_present'), { libgomp: ok, 'K-A11=extends-before': ok, 'gcc-12': err('fatal_lowering'), 'K-A11=extends-before,K-A72=descriptor': err('fatal_lowering') }) },
    last: per({ kind: 'halted' }, { libgomp: YES, 'K-A11=extends-before': YES, 'gcc-12': { kind: 'halted' }, 'K-A11=extends-before,K-A72=descriptor': { kind: 'halted' } }),
  },
  {
    name: 'K-A72: an exit data naming a, its data absent, gives the descriptor an enter data of a(9:10) mapped back; enter data copyin(a) then stops under gfortran\'s reading',
    cite: 'K-A72 descriptor: goacc_exit_data_internal looks the GOMP_MAP_TO_PSET and GOMP_MAP_POINTER entries up and counts the descriptor down whether or not the data item found anything. Measured with GCC 12.2 on an H100 (acc-extends-before-descriptor-released, probes-gcc-12-2026-12-06i); C runs',
    steps: [enterData(copyin('a(9:10)')), exitData(del('a(1:2)')), enterData(copyin('a')), accIsPresent('a(9:10)')],
    at: { 3: per(err('acc_error_partly_present'), { libgomp: ok, 'K-A11=extends-before': ok, 'gcc-12': err('fatal_lowering'), 'K-A11=extends-before,K-A72=descriptor': err('fatal_lowering') }) },
    last: per({ kind: 'halted' }, { libgomp: YES, 'K-A11=extends-before': YES, 'gcc-12': { kind: 'halted' }, 'K-A11=extends-before,K-A72=descriptor': { kind: 'halted' } }),
  },
  {
    name: 'K-A72: a data region naming a(9:10) holds a\'s descriptor, so enter data copyin(a) inside it runs under every reading that counts it there',
    cite: 'K-A72 descriptor: the region\'s gomp_map_vars put the descriptor in the table; goacc_enter_data_internal finds it and raises its counts. Measured with GCC 12.2 on an H100 (acc-extends-before-descriptor-region, probes-gcc-12-2026-12-06i): both languages run',
    steps: [accCopyin('a(9:10)'), dataBegin(present('a(9:10)')), enterData(copyin('a')), dataEnd, accIsPresent('a(9:10)')],
    at: { 3: per(err('acc_error_partly_present'), { libgomp: ok, 'K-A11=extends-before': ok, 'K-A11=extends-before,K-A72=descriptor': ok }) },
    last: per({ kind: 'halted' }, { libgomp: YES, 'K-A11=extends-before': YES, 'K-A11=extends-before,K-A72=descriptor': YES }),
  },
];

export default section({ spec: 'OpenACC 3.3', section: '2.7.7', title: 'copyin clause', rules: ['OpenACC 3.3 §2.7.7 copyin clause'], world: ACC_WORLD, rows });
