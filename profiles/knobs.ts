// Interpretation knobs: every place where the specification leaves a choice open, or where real
// runtimes read it differently. Each knob lists its readings, the reading the spec text supports
// (the default), and the section it concerns. Ids follow ../shared/reference/spec-digest.md Part C.
//
// This is data, shared by model/ and impl/ (each implements every reading independently).

export interface Reading {
  readonly id: string;
  readonly summary: string;
}

/** The shape every entry of KNOBS has; the entries themselves are typed by the table (`as const`). */
interface KnobShape {
  readonly id: string;
  readonly title: string;
  /** Spec section(s) the knob concerns. */
  readonly section: string;
  readonly readings: readonly Reading[];
  /** The reading the spec text supports. */
  readonly default: string;
  /** Why the default is the default. */
  readonly rationale: string;
  /**
   * Readings of other knobs without which this knob has no effect (K-A24 refines K-A22
   * member-mapped): campaigns that check this knob's readings one at a time set these too, on both
   * sides, or no program could tell its readings apart.
   */
  readonly within?: Readonly<Record<string, string>>;
}

export interface KnobDef extends KnobShape {
  readonly id: KnobId;
}

export const KNOBS = [
  {
    id: 'K-A1',
    title: 'What "pointer reference" means in a data clause',
    section: 'OpenACC 3.3 §2.7.2, §2.7.4–§2.7.10 ("if var is a pointer reference, an attach action is performed")',
    readings: [
      { id: 'base-pointer', summary: 'a pointer member in a data clause (copyin(c%p)) is also attached / detached' },
      { id: 'pointer-only', summary: 'only attach / detach clauses and routines attach; data clauses move the target alone' },
    ],
    default: 'base-pointer',
    rationale: 'The term is not defined; the struct-member examples and flang\'s 3.3 reading attach the base pointer.',
  },
  {
    id: 'K-A2',
    title: 'Attach when the pointer or its target is absent',
    section: 'OpenACC 3.3 §2.7.2 Attach Action, §3.2.29 acc_attach',
    readings: [
      { id: 'noop', summary: 'no action (the attach action lists absence as a no-op case)' },
      { id: 'error', summary: 'the runtime aborts (libgomp: "pointer target not mapped for attach")' },
    ],
    default: 'noop',
    rationale: '§2.7.2 takes no action when the pointer or the address it points to is not present.',
  },
  {
    id: 'K-A3',
    title: 'Attach of a null pointer',
    section: 'OpenACC 3.3 §2.7.2 Attach Action',
    readings: [
      { id: 'null-and-count', summary: 'device pointer set to null and the counter set to 1' },
      { id: 'null-keep-count', summary: 'device pointer set to null, counter unchanged' },
      { id: 'error', summary: 'the runtime aborts (libgomp: "attempt to attach null pointer")' },
    ],
    default: 'null-and-count',
    rationale:
      'The null-pointer sentence follows the "otherwise … set the counter to one" branch; weakest of the defaults.',
  },
  {
    id: 'K-A4',
    title: 'Re-attach to a different target while the attachment counter is positive',
    section: 'OpenACC 3.3 §2.7.2 Attach Action, §2.6.8 Attachment Counter',
    readings: [
      {
        id: 'compare-target',
        summary: 'increment only if the device pointer already points at the new target; else re-point and set to 1',
      },
      { id: 'counter-only', summary: 'a positive counter is incremented and the device pointer is left as it is' },
    ],
    default: 'compare-target',
    rationale: '§2.7.2 requires both a nonzero counter and a device pointer that already points at the target.',
  },
  {
    id: 'K-A4b',
    title: '"Same target" for a Fortran pointer descriptor',
    section: 'OpenACC 3.3 §2.6.8 Attachment Counter ("attached to a new target address")',
    readings: [
      { id: 'address', summary: 'the same base address is the same target' },
      { id: 'descriptor', summary: 'flang proposal: any descriptor change (here: the element count or the lower bound) is a new target' },
    ],
    default: 'address',
    rationale: 'The text speaks of a target address.',
  },
  {
    id: 'K-A5',
    title: 'Data routines on a null pointer with zero bytes',
    section: 'OpenACC 3.3 §3.2.18, §3.2.19, §3.2.25, glossary "null pointer"',
    readings: [
      {
        id: 'noop',
        summary: 'no action; acc_copyin/acc_create return null; acc_is_present(null) is true (null is always present, length 0)',
      },
      { id: 'error', summary: 'every data routine aborts ("bad range"); acc_is_present(null) is false' },
      {
        id: 'entry-error',
        summary:
          'libgomp: acc_copyin / acc_create abort ("bad range"); acc_copyout / acc_delete (and _finalize) look the address up, find nothing and do nothing; acc_is_present(null) is false',
      },
    ],
    default: 'noop',
    rationale: 'The routines list errors only for a null pointer with nonzero bytes.',
  },
  {
    id: 'K-A6',
    title: 'acc_copyout / acc_delete on data that is not present',
    section: 'OpenACC 3.3 §3.2.19, §1.15',
    readings: [
      { id: 'noop', summary: 'no action: the dynamic counter is already zero' },
      { id: 'error', summary: 'acc_error_not_present, as the routine\'s error list still says' },
    ],
    default: 'noop',
    rationale: 'The routine description says no action when the counter is zero, and §1.15 records that change in 3.1.',
  },
  {
    id: 'K-A7',
    title: 'Reference counters of data mapped by acc_map_data',
    section: 'OpenACC 3.3 §3.2.21 acc_map_data, §2.7.2 Present Decrement Action, §2.6.7',
    readings: [
      {
        id: 'clamp',
        summary: 'counters move as usual, but the dynamic counter never drops below 1 (a decrement from 1 and finalize leave 1): only acc_unmap_data ends the lifetime',
      },
      {
        id: 'infinite',
        summary: 'libgomp: the mapping\'s reference count is infinite, so no directive or routine changes either counter (SRC stays 0, DRC 1)',
      },
      {
        id: 'unmap-at-zero',
        summary: 'nvc 20.9 (Clacc notes): counted like any data; when both counters reach 0 the lifetime ends (the device memory stays the program\'s)',
      },
    ],
    default: 'clamp',
    rationale:
      '§3.2.21 sets the dynamic counter to 1 and says it "may not be decremented to zero, except by a call to acc_unmap_data"; the other counters keep their rules.',
  },
  {
    id: 'K-A8',
    title: 'acc_map_data / acc_unmap_data / acc_free misuse the text leaves undefined',
    section: 'OpenACC 3.3 §3.2.17 acc_free, §3.2.21 acc_map_data, §3.2.22 acc_unmap_data',
    readings: [
      {
        id: 'undefined',
        summary: 'mapping device memory that is already mapped, unmapping data acc_map_data did not map (absent, mapped by a clause or routine, or an interior address), freeing memory that is still mapped: undefined',
      },
      {
        id: 'fatal',
        summary: 'libgomp: each of these aborts ("device address ... is already mapped", "is not a mapped block", "surrounds", "refusing to unmap block", "refusing to free device memory space")',
      },
    ],
    default: 'undefined',
    rationale: '§3.2.21 and §3.2.22 call these cases undefined; §3.2.17 only frees memory acc_malloc returned and names no error.',
  },
  {
    id: 'K-A9',
    title: 'Detach when the attachment counter is zero (never attached)',
    section: 'OpenACC 3.3 §2.7.2 Detach Action',
    readings: [
      { id: 'noop', summary: 'no action' },
      { id: 'error', summary: 'the runtime aborts (libgomp: "no attachment counters for struct" / "attach count underflow")' },
      { id: 'decrement', summary: 'the counter is decremented below zero (Cray 19: ref count -1)' },
    ],
    default: 'noop',
    rationale: '§2.7.2 takes no action when the attachment counter is zero.',
  },
  {
    id: 'K-A10',
    title: 'How many detach actions the delete clause performs',
    section: 'OpenACC 3.3 §2.7.11 delete clause',
    readings: [
      { id: 'once', summary: 'one detach action for a pointer reference' },
      { id: 'twice', summary: 'the detach action as listed twice in the text' },
    ],
    default: 'once',
    rationale: 'The second mention is editorial duplication.',
  },
  {
    id: 'K-A11',
    title: 'Enter data clause or acc_copyin / acc_create on data that starts before a present section and ends inside it',
    section: 'OpenACC 3.3 §2.7.3 (partly present data), §3.2.18 acc_copyin, acc_create, §2.6.6 enter data',
    readings: [
      { id: 'error', summary: 'acc_error_partly_present, as for any partly present data' },
      {
        id: 'extends-before',
        summary:
          'libgomp: accepted as present: one more dynamic reference on that section, nothing copied or allocated (the part before stays absent); acc_copyin / acc_create return the address that far before the device copy',
      },
    ],
    default: 'error',
    rationale: '§2.7.3 makes partly present data an error whichever end sticks out.',
  },
  {
    id: 'K-A13',
    title: 'no_create on partly present data',
    section: 'OpenACC 3.3 §2.7.10 no_create clause, §2.7.3',
    readings: [
      { id: 'absent', summary: 'treated as not present: the local address is used' },
      { id: 'error', summary: 'acc_error_partly_present' },
    ],
    default: 'absent',
    rationale: '§2.7.3 lists no error for no_create.',
  },
  {
    id: 'K-A16',
    title: 'acc_is_present with bytes == 0',
    section: 'OpenACC 3.3 §3.2.25 acc_is_present',
    readings: [
      { id: 'one-byte', summary: '3.3: zero bytes count as one when the pointer is not null' },
      { id: 'present-at-all', summary: '3.1: true when the address is present at all (includes one past a section\'s end)' },
      { id: 'false', summary: 'libgomp: returns 0 for zero bytes' },
    ],
    default: 'one-byte',
    rationale: 'The 3.3 text says a bytes value of zero is treated as one for a non-null pointer.',
  },
  {
    id: 'K-A17',
    title: 'When the attach clauses of an entering directive attach, relative to its data clauses',
    section: 'OpenACC 3.3 §2.7.2 ("attach … after the data clauses"), §2.7.12 attach clause',
    readings: [
      { id: 'after-data', summary: 'every data clause var first, then every attach (attach clause vars and pointer references)' },
      {
        id: 'list-order',
        summary: 'libgomp: clauses in order of appearance; an attach clause var attaches at its place, a pointer reference right after its own data',
      },
      {
        id: 'attach-first',
        summary: 'GCC C front end: attach clause vars attach before any data clause; a pointer reference right after its own data',
      },
    ],
    default: 'after-data',
    rationale: 'The text performs attach actions after the data clauses\' entry actions of the same directive.',
  },
  {
    id: 'K-A18',
    title: 'Immediate detach (finalize) of a pointer whose attachment counter is zero',
    section: 'OpenACC 3.3 §2.7.2 Immediate Detach Action, §3.2.29 acc_detach_finalize, §2.7.13 detach with finalize',
    readings: [
      { id: 'noop', summary: 'no effect (the action only acts on a nonzero counter)' },
      { id: 'rewrite', summary: 'the device pointer is rewritten from the host value anyway; the counter stays 0' },
      {
        id: 'rewrite-or-error',
        summary: 'libgomp: aborts when no pointer of the enclosing struct was ever attached ("no attachment counters for struct") or the struct is not present; otherwise rewrites as `rewrite`',
      },
    ],
    default: 'noop',
    rationale: 'The immediate detach action is defined for an attached pointer; a zero counter means nothing is attached.',
  },
  {
    id: 'K-A19',
    title: 'Copyout and delete actions on data holding attached pointers',
    section: 'OpenACC 3.3 §2.7.2 Copyout Action, Delete Action ("an immediate detach action is performed")',
    readings: [
      { id: 'detach-first', summary: 'every attached pointer inside is detached immediately before the copy: the host keeps host pointer values' },
      { id: 'no-detach', summary: 'libgomp: no detach; copyout copies the attached device pointers into the host struct' },
    ],
    default: 'detach-first',
    rationale: 'Both actions start with an immediate detach of every pointer in the var.',
  },
  {
    id: 'K-A21',
    title: 'Attach of a null or absent target while the attachment counter is positive',
    section: 'OpenACC 3.3 §2.7.2 Attach Action, §2.6.8 Attachment Counter',
    readings: [
      { id: 'every-attach', summary: 'every attach action looks at the target: a null or absent target takes its own rule (K-A2, K-A3)' },
      {
        id: 'first-attach',
        summary: 'libgomp: a null or absent target is noticed only when the counter becomes 1; with a positive counter such an attach only counts (a present target still follows K-A4)',
      },
    ],
    default: 'every-attach',
    rationale: 'The attach action takes no action when the address the pointer points to is not present, whatever the counter.',
  },
  {
    id: 'K-A44',
    title: 'Enter data of a pointer reference whose target is declare data or acc_map_data data',
    section: 'OpenACC 3.3 §2.13 Declare Directive, §2.13.3 link clause, §2.7.2 (pointer references), §2.6.6 enter data',
    readings: [
      { id: 'as-data', summary: 'the target is present data like any other: the clause counts a reference on it and the pointer is attached' },
      {
        id: 'assert',
        summary:
          'GCC 12 C: the runtime aborts on an assertion when enter data maps a pointer reference whose target has an infinite count (a declared array, which C makes an image variable; data acc_map_data mapped) or is a link array no data clause maps now',
      },
    ],
    default: 'as-data',
    rationale: '§2.13 makes declared data present for the program; nothing in §2.7 treats a pointer reference to it differently.',
  },
  {
    id: 'K-A43',
    title: 'The member of an array-of-structs element in a data clause (cs(2)%p) under K-A22 member-mapped',
    section: 'OpenACC 3.3 §2.7.2 (pointer references), §2.6.4 Data Structures with Pointers, §2.7.4–§2.7.11',
    readings: [
      { id: 'as-struct', summary: 'as the member of a single struct: the member is mapped (alone when its element is absent) and attached' },
      {
        id: 'not-mapped',
        summary:
          'GCC 12 C: the member of an element is not mapped with it; the target is mapped and the pointer attached, which needs the element present (libgomp "outer struct not mapped for attach" otherwise, K-A2); at exit the pointer is detached whatever its target holds, as under K-A22 member-mapped',
      },
    ],
    default: 'as-struct',
    rationale: 'The text does not tell an element of an array of structs from a single struct.',
    within: { 'K-A22': 'member-mapped' },
  },
  {
    id: 'K-A56',
    title: 'A declare directive in a procedure (copy, copyin, copyout, create, present of the procedure\'s arrays)',
    section: 'OpenACC 3.3 §2.13 Declare Directive, §2.13.2 (data clauses of a declare), §2.6.3 (the implicit data region of a procedure), §2.6.7 Reference Counters',
    readings: [
      {
        id: 'structured-region',
        summary:
          'an implicit data region of the procedure: at the call every clause performs its data construct entry action on the structured counter, at the return its exit action (copy and copyout copy back when both counters reach zero)',
      },
      {
        id: 'dynamic-enter-exit',
        summary:
          'libgomp GOACC_declare, as GCC\'s C front end lowers a function\'s declare: at the call copy and copyin are enter data copyin, copyout enter data create, create enter data create unless the data is already (wholly) present, present aborts "is not mapped" when the data is not (wholly) present; at the return copy and copyout are exit data copyout, create exit data delete, copyin and present nothing (dynamic counter)',
      },
    ],
    default: 'structured-region',
    rationale:
      '§2.13: the declared data\'s lifetime is the procedure\'s, and §2.6.3 names the implicit data region of a procedure, entered at the call and exited at the return; §2.6.7 counts a data region\'s references on the structured counter.',
  },
  {
    id: 'K-A40',
    title: 'update of partly present data',
    section: 'OpenACC 3.3 §2.14.4 Update Directive (errors: acc_error_partly_present; if_present)',
    readings: [
      { id: 'error', summary: 'acc_error_partly_present, with or without if_present' },
      {
        id: 'lookup-overlap',
        summary:
          'libgomp: with if_present the var is skipped (acc_is_present is false); without it the copy goes through the overlapping mapping and runs past it (undefined)',
      },
    ],
    default: 'error',
    rationale: 'The error list of §2.14.4 issues acc_error_partly_present when part of a var is present but not all of it, and does not except if_present.',
  },
  {
    id: 'K-A41',
    title: 'update of a struct whose pointer members are attached',
    section: 'OpenACC 3.3 §2.6.8 (pointer members overwritten by update), §2.14.4 Update Directive',
    readings: [
      { id: 'undefined', summary: 'the update is undefined behaviour' },
      { id: 'copy', summary: 'libgomp: the bytes are copied as they are (device addresses come home with self, host addresses overwrite attached pointers with device)' },
    ],
    default: 'undefined',
    rationale: '§2.6.8: if any pointer member is attached when the struct is updated, the behaviour is undefined.',
  },
  {
    id: 'K-A22',
    title: 'What a data clause does with the pointer member of a pointer reference (copyin(c%p))',
    section: 'OpenACC 3.3 §2.7.2 (attach / detach of a pointer reference), §2.7.4–§2.7.11, §2.6.4 Data Structures with Pointers',
    readings: [
      {
        id: 'attach-only',
        summary: 'the clause acts on the target; the pointer member is only attached and detached (in a section holding its struct)',
      },
      {
        id: 'member-mapped',
        summary:
          'libgomp (GCC lowers copyin(c%p) to map(struct:c) map(alloc:c.p) map(to:*c.p) map(attach:c.p)): every data clause (copy, copyin, copyout, create, present, no_create, delete) also maps the member itself as a struct element — at entry a reference on the section holding it, or a new section of the member alone when its struct is absent; at exit a release of it (no copy-back) and, but for no_create, which detaches what its entry attached, a detach whether or not the target holds a reference',
      },
    ],
    default: 'attach-only',
    rationale: 'The text gives a pointer reference an attach and a detach action, and the data clause actions to the data it points to.',
  },
  {
    id: 'K-A23',
    title: 'Entry of a data clause whose pointer reference is a null pointer (copyin(c%p) with c%p disassociated)',
    section: 'OpenACC 3.3 §2.7.2 Attach Action (null pointer), §2.7.4–§2.7.10',
    readings: [
      { id: 'attach', summary: 'the pointer is attached like any other: the null-pointer rule of the attach action applies (K-A3)' },
      {
        id: 'skip',
        summary:
          'libgomp with GCC\'s C front end: in enter data, the pointee-and-attach group starts at the null address and is skipped whole, so no attach happens and nothing fails; structured constructs (gomp_map_vars) attach as under `attach`',
      },
    ],
    default: 'attach',
    rationale: 'A pointer reference in a data clause is attached at entry; the attach action has its own rule for a null pointer.',
  },
  {
    id: 'K-A24',
    title: 'How much of a pointer member a data clause maps when it maps the member alone (K-A22 member-mapped)',
    section: 'OpenACC 3.3 §2.7.2, §2.6.4 Data Structures with Pointers (a pointer member as a struct element)',
    readings: [
      { id: 'member', summary: 'the whole member (in Fortran, the pointer descriptor): a later clause on the struct holding only that member finds it present' },
      {
        id: 'pointer-word',
        summary:
          'GCC\'s C front end: only the pointer itself (8 bytes of `int *p`, not the count beside it): any other lookup of the struct sees a partly present range ("[h,+16] not mapped")',
      },
    ],
    default: 'member',
    rationale: 'The text treats a pointer member as one struct element; how many bytes represent it is the language\'s (a Fortran descriptor, a C pointer).',
    within: { 'K-A22': 'member-mapped' },
  },
  {
    id: 'K-A68',
    title: 'The device copy of a Fortran pointer member a data clause maps while its struct is absent (K-A22 member-mapped)',
    section: 'OpenACC 3.3 §2.6.4 Data Structures with Pointers, §2.7.2 Attach Action',
    readings: [
      { id: 'attached', summary: 'the attach action updates the pointer in device memory: a kernel reaches the data through it as through any attached pointer' },
      {
        id: 'address-only',
        summary:
          'gfortran 12 with libgomp: the member\'s descriptor is allocated on the device, not copied, and the attach writes its address word only; a kernel that reaches the data or the bounds through it is undefined (measured: every element reads as the first) while that mapping lasts, on enter data, a data construct or the compute construct itself',
      },
    ],
    default: 'attached',
    rationale: '§2.6.4: for a Fortran array pointer the attach action includes updating the descriptor (dope vector) in device memory, so the device copy is a usable pointer to the device data.',
    within: { 'K-A22': 'member-mapped' },
  },
  {
    id: 'K-A69',
    title: 'Enter data of a pointer reference (the data of a pointer\'s section and the pointer, one map group) whose data is partly present',
    section: 'OpenACC 3.3 §2.7.3 (partly present data), §2.7.2 Attach Action, §2.6.6 enter data',
    readings: [
      { id: 'error', summary: 'acc_error_partly_present, as for any partly present data' },
      {
        id: 'found-section',
        summary:
          'libgomp with GCC\'s C front end: the group\'s data is looked up by any overlap, and the section found gets one more dynamic reference whichever end sticks out; nothing is copied or allocated, and the pointer is attached as the group says (data overlapping several sections: which one the runtime finds is its own, undefined here; the runtime also counts the entries after the found one in the map group that mapped it, which is not modelled)',
      },
      {
        id: 'data-alone',
        summary:
          'gfortran 12 (-fdump-tree-omplower: copyin(d%p) is map(struct:d) map(alloc:d.p) map(to:MEM [data]) map(to:d.p [pointer set]) map(attach:d.p.data), so the data is a map group of its own): the data is checked as any data item, K-A11 deciding data that starts before a present section (libgomp goacc_map_var_existing checks only the end)',
      },
    ],
    default: 'error',
    // data-alone hands the data to K-A11, which the spec reads `error`: told apart under extends-before
    within: { 'K-A11': 'extends-before' },
    rationale: '§2.7.3 makes partly present data an error; a pointer reference\'s data is data like any other.',
  },
  {
    id: 'K-A73',
    title: 'What the attach action of a whole pointer member (attach(c%p), copyin(c%p), acc_attach) looks up when only part of its target is present',
    section: 'OpenACC 3.3 §2.7.2 Attach Action',
    readings: [
      { id: 'whole', summary: 'the pointer\'s whole target, as data: present only when all of it is (else K-A2 decides)' },
      {
        id: 'first-element',
        summary:
          'libgomp (gomp_attach_pointer looks up [target, target + 1); measured with GCC 12.2 in C and Fortran): the target\'s first element; with it present the pointer is attached to its device copy, whatever of the rest is present',
      },
    ],
    default: 'whole',
    rationale: 'The model reads the pointer\'s target as data, as the data clauses do for c%p; the text\'s "the address to which var points" is read as that data (K-A50 reads a member section the same way).',
  },
  {
    id: 'K-A70',
    title: 'A compute construct whose clauses name an array of structs only through a pointer member of an element (copyin(cs(2)%p)) while its kernel uses it: whether the array is in a data clause (§2.6.2)',
    section: 'OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes, §2.7.3 (partly present data)',
    readings: [
      { id: 'named', summary: 'the member names the array: no implicit data attribute for it' },
      {
        id: 'whole-array',
        summary:
          'GCC 12 (gfortran and gcc, measured): the array gets its implicit copy (present under default(present)) as a whole, after the explicit clauses, so an array only partly present (an element, or the member the clause just mapped) stops the program ("Trying to map into device … already mapped")',
      },
    ],
    default: 'named',
    rationale: 'The member names the array\'s storage in a data clause; §2.6.2 gives implicit attributes to variables that appear in no visible data clause.',
  },
  {
    id: 'K-A72',
    title: 'Enter data of a Fortran pointer array that K-A11 extends-before finds present although its first element is not (emit declares so every array no declare names)',
    section: 'OpenACC 3.3 §2.6.6 Enter Data Directive, §2.7.7 copyin clause',
    readings: [
      { id: 'data-only', summary: 'only the data is looked up: the present section is counted once more (K-A11 extends-before) and the program goes on' },
      {
        id: 'descriptor',
        summary:
          'gfortran 12: the clause also maps the array\'s descriptor and its data pointer (map(to: a [pointer set]) map(alloc: a.data [pointer assign])); unless an earlier enter data naming the array, not yet matched by an exit data naming it, or an open data region naming it holds the descriptor on the device, the descriptor is mapped afresh and its data pointer looks the array\'s first element up, which is not present: the program stops ("Pointer target of array section wasn\'t mapped")',
      },
    ],
    default: 'data-only',
    within: { 'K-A11': 'extends-before' },
    rationale: 'The text maps the data the clause names; a descriptor is the compiler\'s, and §2.6.6 knows nothing of it.',
  },
  {
    id: 'K-A71',
    title: 'The storage a directive names with a rank-2 section of one column\'s rows (r(2:2,2:2) of r(2,4)): its elements, or whole columns from its first element',
    section: 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, §2.14.4 Update Directive; OpenMP 6.0 §7.9.6 map clause, §15.9 target update construct',
    readings: [
      { id: 'section', summary: 'the elements of the section, from its first to its last, in data clauses, map items and motion items as everywhere else' },
      {
        id: 'column-span',
        summary:
          'gfortran 12 (-fdump-tree-gimple, measured): a data clause, map item or motion item of a rank-2 section covers as many whole columns as the section has, from its first element (gfc_trans_omp_array_section sizes it with gfc_full_array_size: the last dimension\'s extent times its stride); a section of some rows of one column thus reaches into the next column, and past the array in its last column (undefined here). Routines and kernels keep the section\'s elements',
      },
    ],
    default: 'section',
    rationale: 'A subarray names the elements it selects (§2.7.1: in Fortran an array section); nothing in either text widens it to whole columns.',
  },
  {
    id: 'K-A30',
    title: 'host_data use_device of data that is not present, without if_present',
    section: 'OpenACC 3.3 §2.8.1 use_device clause, §2.8.3 if_present clause',
    readings: [
      { id: 'undefined', summary: 'the program breaks a requirement of the text: undefined behaviour' },
      { id: 'error', summary: 'the runtime aborts (libgomp: "use_device_ptr pointer wasn\'t mapped")' },
    ],
    default: 'undefined',
    rationale: 'Without if_present the var "must be present" (§2.8.1); the text names no error for an absent one.',
  },
  {
    id: 'K-A74',
    title: 'host_data use_device(var) nested in a host_data region whose use_device already names var: what the inner clause looks up',
    section: 'OpenACC 3.3 §2.8 host_data Construct, §2.8.1 use_device clause',
    readings: [
      { id: 'variable', summary: 'the inner clause names the variable, as the outer one does: its current device address again (the same address)' },
      {
        id: 'rebound',
        summary:
          'GCC 12 (-fdump-tree-omplower, C and Fortran: the inner region\'s use_device_ptr gets the outer region\'s replacement of var) with libgomp (target.c gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR): inside the outer region var stands for the device address, which the runtime looks up among host addresses and does not find: without if_present K-A30 decides (libgomp stops, "use_device_ptr pointer wasn\'t mapped"), with it the device address stays',
      },
    ],
    default: 'variable',
    rationale: '§2.8.1: the clause tells the compiler to use the current device address of var; the inner clause names the same variable, which is present, so its device address is the outer one\'s.',
  },
  {
    id: 'K-A75',
    title: 'Enter data of a data clause var that an attach clause var follows at once (in the order the vars are acted on, K-A62), while the data is partly present',
    section: 'OpenACC 3.3 §2.6.6 Enter Data Directive, §2.7.3 (partly present data), §2.7.12 attach clause',
    readings: [
      { id: 'apart', summary: 'each var acts alone: partly present data is an error, and the attach acts at its place' },
      {
        id: 'grouped',
        summary:
          'libgomp (oacc-mem.c find_group_last: a map entry followed by one GOMP_MAP_ATTACH is one group; goacc_enter_data_internal, branch `n && groupnum > 1`): a var that lowers to one map entry (bytes of its own, K-A55 deciding zero bytes; no pointer reference, no member of a struct, no array with a descriptor, K-A72) and is found by any overlap takes the attach first, then the section found gets one more dynamic reference whichever end sticks out; nothing is copied or allocated (several sections overlapped: undefined; a found key of infinite count stops on the runtime\'s assertion: acc_map_data\'s always, a declared array\'s where K-A44 reads `assert`; the runtime also counts the entry after the found one in the map group that mapped it, not modelled)',
      },
    ],
    default: 'apart',
    // the group needs the attach at its place in the list
    within: { 'K-A17': 'list-order' },
    rationale: '§2.7.3 makes partly present data an error whatever clause follows it; the attach clause is an action of its own.',
  },
  {
    id: 'K-A50',
    title: 'What the attach action of a member section (copyin(c%p(2:5))) looks up',
    section: 'OpenACC 3.3 §2.7.2 Attach Action, §2.7.1 Data Specification in Data Clauses (subarrays of pointer members)',
    readings: [
      {
        id: 'target',
        summary:
          'the text: "if the address to which var points is not present … no action is taken": the pointer\'s target is looked up as for c%p, so with only the section present the pointer is not attached (K-A2)',
      },
      {
        id: 'section',
        summary:
          'libgomp (gomp_attach_pointer looks up target + bias) and LLVM offload (PTR_AND_OBJ, TgtPtrBegin - Delta): the section\'s first element is looked up and the device pointer gets the device address of the section minus its offset in the target, which may lie before the section\'s device block',
      },
    ],
    default: 'target',
    rationale: 'The attach action names the address the pointer points to, which is the target\'s first element, not the section\'s.',
  },
  {
    id: 'K-A55',
    title: 'A zero-length subarray (a(3:2), C a[2:0]) in a data clause or the update directive',
    section: 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses, §2.6.3 Data Structures with Pointers / present data (a single device memory section), §2.14.4 Update Directive',
    readings: [
      {
        id: 'lookup',
        summary:
          'present when the byte at the subarray\'s address lies in a present section: the clause acts on that section as on present data (counters move, zero bytes are copied); absent zero bytes need no device memory, so nothing is created, and the present clause and the update directive (without if_present) report acc_error_not_present',
      },
      {
        id: 'lookup-quiet',
        summary:
          'libgomp: the same lookup, but absent data is never an error: GCC marks the section maps of data clauses (OpenACC included, force_present too) as maybe zero-length (cp/semantics.cc handle_omp_array_sections), omp-low lowers a zero length to GOMP_MAP_ZERO_LEN_ARRAY_SECTION, and target.c gomp_map_vars_internal looks it up with gomp_map_0len_lookup ([p, p+1)) and maps nothing when absent',
      },
      { id: 'no-op', summary: 'zero bytes are no data: no clause or update moves a counter or reports anything for them' },
      {
        id: 'enter-exit-fatal',
        summary:
          'GCC 12.2 with its C lowering (measured): data and compute constructs as lookup-quiet; enter data of a zero-length subarray, a member section\'s (c.p[k:0]) too, strictly inside a present section (after its first byte) takes its reference (and attaches), anywhere else (a section\'s first byte, one past its end, absent) stops the program (oacc-mem.c goacc_enter_data_internal looks [p, p) up with lookup_host, which libgomp\'s splay_compare matches only with a key that starts before p; gomp_map_vars then maps nothing new, frees its descriptor and returns NULL: assert (tgt)); exit data and the update directive stop at any zero-length subarray, present or not, and at a disassociated pointer member, whose C section c.p[0:n] has n = 0 (GCC lowers the kind as n == 0 ? GOMP_MAP_ZERO_LEN_ARRAY_SECTION : the copy, and neither goacc_exit_data_internal nor GOACC_update has a case for it: "UNHANDLED kind 0x0f")',
      },
    ],
    default: 'lookup',
    rationale:
      'The text applies its actions to the data a var names and calls data present when it lies in one device memory section; zero bytes at an address inside a section lie in it, and a create action of zero bytes allocates nothing. It says nothing about zero-length subarrays itself.',
  },
  {
    id: 'K-B1',
    title: 'omp_target_is_present with a null pointer',
    section: 'OpenMP 6.0 §25.2.1 omp_target_is_present (5.1 §3.8.3, 5.2 §18.8.3)',
    readings: [
      { id: 'false', summary: '6.0: a null pointer is never present' },
      { id: 'true', summary: 'libgomp (GCC ≤ 15): returns 1 for NULL on any device' },
    ],
    default: 'false',
    rationale: 'OpenMP 6.0 states the result for a null pointer is zero; 5.x was silent.',
  },
  {
    id: 'K-B2',
    title: 'is_present / get_mapped_ptr on a device that shares memory with the host, without a mapping',
    section: 'OpenMP 6.0 §25.2.1, §25.2.3',
    readings: [
      { id: 'table', summary: 'only storage with a present-table entry counts (false / NULL otherwise)' },
      { id: 'self-mapped', summary: 'libgomp: all host memory is self-mapped (true / the pointer itself)' },
    ],
    default: 'table',
    rationale: 'The routines speak of corresponding storage; without a map there is none.',
  },
  {
    id: 'K-B3',
    title: 'omp_target_associate_ptr against existing overlapping mappings',
    section: 'OpenMP 6.0 §25.5 omp_target_associate_ptr (5.1 §3.8.9)',
    readings: [
      { id: 'spec', summary: 'identical pair → 0; same host start, other device buffer → nonzero; other overlaps share storage → unspecified' },
      { id: 'subset', summary: 'libgomp: 0 when an existing entry contains the range and starts at the same device address, else nonzero' },
      { id: 'exact-start', summary: 'LLVM: only an entry with the same host start is checked; otherwise a second, overlapping entry is created' },
    ],
    default: 'spec',
    rationale: 'The text fixes the identical and the second-buffer cases and leaves shared storage unspecified.',
  },
  {
    id: 'K-B4',
    title: 'omp_target_disassociate_ptr of storage mapped by a map clause',
    section: 'OpenMP 6.0 §25.6 omp_target_disassociate_ptr (5.1 §3.8.10)',
    readings: [
      { id: 'refuse', summary: 'only associate-made mappings can be removed; nonzero otherwise' },
      { id: 'remove', summary: 'literal text: the mapping is removed and its reference count set to zero' },
    ],
    default: 'refuse',
    rationale: 'Removing live map-clause storage would break the map/exit bookkeeping; both runtimes refuse.',
  },
  {
    id: 'K-B5',
    title: 'Explicit map of data that is partly present (extending a mapping)',
    section: 'OpenMP 6.0 §7.9.6 map clause restrictions',
    readings: [
      { id: 'undefined', summary: 'a restriction is broken: the program is non-conforming, nothing is prescribed' },
      { id: 'error', summary: 'the runtime aborts (libgomp "already mapped", LLVM "explicit extension not allowed")' },
    ],
    default: 'undefined',
    rationale: 'The text states a restriction and prescribes no runtime behaviour.',
  },
  {
    id: 'K-B6',
    title: 'present modifier on target exit data',
    section: 'OpenMP 6.0 §7.9.6 present modifier, §15.6',
    readings: [
      { id: 'error', summary: 'absent data is an error at the exit-data point (LLVM)' },
      { id: 'ignore', summary: 'the check is only on entry to a region, so exit data ignores it' },
    ],
    default: 'error',
    rationale: 'The construct has no region body; its one point of execution is where the check can apply.',
  },
  {
    id: 'K-B7',
    title: 'When a mapped pointer is attached',
    section: 'OpenMP 6.0 §7.9.6 pointer attachment (5.1 §2.21.7.2, 5.2 §5.8.6)',
    readings: [
      { id: '6.0', summary: 'only when the pointer or its target got new storage on this construct' },
      { id: 'always', summary: '5.x practice: whenever the pointer is mapped with its target; gfortran 12 (GOMP_MAP_ALWAYS_POINTER on target and target data) writes a disassociated pointer\'s corresponding pointer null too' },
      {
        id: 'counted',
        summary:
          'libgomp: every map of the pointer with its target while its struct is present counts one attachment on that device; the device pointer is written only when the count becomes 1 (a positive count leaves it pointing where it did); a target or target data construct gives its attachments back at its end, a target exit data of the pointer one (none left: the runtime aborts), and at 0 the device pointer gets the host pointer\'s value; the counts go with the struct\'s storage',
      },
      {
        id: 'shadow',
        summary:
          'libomptarget 16: whenever the pointer is mapped with its target, unless the pointer\'s shadow record (made by its last attachment, kept until the pointer\'s own storage goes) already holds the same device address; a device pointer a copy of its struct has overwritten since then keeps the copied value',
      },
    ],
    default: '6.0',
    rationale: 'OpenMP 6.0 attaches only if the pointee or the pointer was newly created.',
  },
  {
    id: 'K-B42',
    title: 'A map of a pointer member (c%p) on a target or target data construct while its struct is not mapped',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment), §15.7 target data, §15.8 target',
    readings: [
      { id: 'pointee-only', summary: 'the pointee is mapped; the pointer has no corresponding pointer, so nothing is attached' },
      {
        id: 'abort',
        summary:
          'gfortran 12 (a component pointer lowered with GOMP_MAP_ALWAYS_POINTER): the runtime aborts, "always pointer not mapped", whether or not the pointer is null, on a target construct and for a from item on target data (an item with the always modifier runs; target data maps the struct\'s descriptor before the always pointer for an alloc, to or tofrom item, which then runs)',
      },
    ],
    default: 'pointee-only',
    rationale: '§7.9.6 attaches a pointer only when it has a corresponding pointer; an unmapped struct gives it none, which is no error.',
  },
  {
    id: 'K-B43',
    title: 'The declare mapper directive exists',
    section: 'OpenMP 5.0 §2.19.7.3, 6.0 §7.9.10 declare mapper directive',
    readings: [
      { id: 'available', summary: 'the directive exists: a map of a struct whose type has a default mapper maps the mapper\'s list' },
      {
        id: 'absent',
        summary: "GCC 12: the compiler rejects the directive (C: \"expected 'simd', 'reduction', 'target' or 'variant' before 'mapper'\"; gfortran: \"Unclassifiable OpenMP directive\"); a program using it cannot be built",
      },
    ],
    default: 'available',
    rationale: 'The directive is part of OpenMP since 5.0.',
  },
  {
    id: 'K-B8',
    title: 'Maps on a device that shares memory with the host (unified shared memory without self_maps)',
    section: 'OpenMP 6.0 §10.5.1.5 unified_shared_memory, §10.5.1.6 self_maps',
    readings: [
      { id: 'copies', summary: 'maps still create distinct device storage' },
      { id: 'self', summary: 'maps become self maps (libgomp shared-memory devices)' },
      { id: 'self-unless-close', summary: 'LLVM: maps become self maps, except a storage block with the close modifier, which gets device storage' },
    ],
    default: 'copies',
    rationale: 'Without self_maps the spec allows, and does not require, storage to be shared.',
  },
  {
    id: 'K-B9',
    title: 'omp_target_is_accessible: what ptr means',
    section: 'OpenMP 6.0 §25.2.2 omp_target_is_accessible (5.1 §3.8.4)',
    readings: [
      { id: '6.0', summary: 'ptr is an address in the device\'s address space; null is not accessible' },
      { id: 'capability', summary: 'libgomp: host → true; otherwise the device\'s shared-memory capability, ptr ignored' },
      { id: 'unified-only', summary: 'LLVM: null → false; host → true; otherwise unified-memory support, ptr ignored' },
    ],
    default: '6.0',
    rationale: 'OpenMP 6.0 interprets ptr in the device\'s address space and makes null inaccessible.',
  },
  {
    id: 'K-B10',
    title: 'omp_target_alloc with size 0',
    section: 'OpenMP 6.0 §25.3 omp_target_alloc',
    readings: [
      { id: 'null', summary: '6.0: a null pointer' },
      { id: 'unique', summary: 'libgomp on the host: malloc(0), a unique pointer' },
    ],
    default: 'null',
    rationale: 'OpenMP 6.0 returns NULL for size 0.',
  },
  {
    id: 'K-B11',
    title: 'Device memory routines given a device number that is not conforming (out of range)',
    section: 'OpenMP 6.0 §1.2, §25 (conforming device numbers; omp_invalid_device is K-B19)',
    readings: [
      { id: 'undefined', summary: 'non-conforming: unspecified' },
      { id: 'graceful', summary: 'libgomp: false / NULL / nonzero / no-op' },
      { id: 'fatal', summary: 'LLVM: the runtime aborts' },
    ],
    default: 'undefined',
    rationale: 'Only conforming device numbers are allowed; the text gives no result otherwise.',
  },
  {
    id: 'K-B12',
    title: 'omp_target_disassociate_ptr with an interior pointer',
    section: 'OpenMP 6.0 §25.6',
    readings: [
      { id: 'nonzero', summary: 'the pointer must be the associated start; nonzero otherwise (libgomp, LLVM)' },
      { id: 'undefined', summary: '"does not have associated data" read literally: unspecified' },
    ],
    default: 'nonzero',
    rationale: 'An interior address is not the host pointer that was associated.',
  },
  {
    id: 'K-B14',
    title: 'omp_target_associate_ptr / disassociate_ptr on the host device',
    section: 'OpenMP 6.0 §25.5, §25.6',
    readings: [
      { id: 'undefined', summary: 'the text is silent' },
      { id: 'nonzero', summary: 'libgomp and LLVM: refused with a nonzero result' },
    ],
    default: 'undefined',
    rationale: 'Neither routine says what happens when no separate device storage exists.',
  },
  {
    id: 'K-B15',
    title: 'omp_target_associate_ptr with a null pointer or size 0',
    section: 'OpenMP 6.0 §25.5',
    readings: [
      { id: 'undefined', summary: 'the text is silent' },
      { id: 'nonzero', summary: 'LLVM: refused with a nonzero result' },
    ],
    default: 'undefined',
    rationale: 'The routine does not mention null pointers or empty ranges.',
  },
  {
    id: 'K-B16',
    title: 'Unit of reference counting for items of one construct',
    section: 'OpenMP 6.0 §7.9.6 mappable storage blocks (5.2 §5.8.3: per list item)',
    readings: [
      { id: 'storage-block', summary: '6.0: items naming the same array or struct form one block with one count' },
      { id: 'list-item', summary: '5.2: every list item is counted on its own' },
      {
        id: 'struct-block',
        summary:
          'libgomp: the items inside one struct (one element of an array of structs) form one block from the lowest to the highest byte they cover, as GCC groups them under GOMP_MAP_STRUCT; every other item, sections of one array included, is a list item of its own',
      },
    ],
    default: 'storage-block',
    rationale: 'OpenMP 6.0 introduces mappable storage blocks.',
  },
  {
    id: 'K-B17',
    title: 'omp_target_disassociate_ptr of a pointer with no associated data',
    section: 'OpenMP 6.0 §25.6 omp_target_disassociate_ptr (5.1 §3.8.10)',
    readings: [
      { id: 'undefined', summary: 'the text: unspecified for a non-null pointer without associated data' },
      { id: 'nonzero', summary: 'libgomp (EINVAL) and LLVM (FAIL): refused with a nonzero result' },
    ],
    default: 'undefined',
    rationale: 'The routine leaves the behaviour unspecified for a pointer that has no associated data.',
  },
  {
    id: 'K-B18',
    title: 'omp_target_associate_ptr / disassociate_ptr on a device that shares memory with the host',
    section: 'OpenMP 6.0 §25.5, §25.6',
    readings: [
      { id: 'undefined', summary: 'the text is silent' },
      { id: 'nonzero', summary: 'libgomp: refused with EINVAL' },
      { id: 'as-discrete', summary: 'LLVM: the normal path, as for a discrete device' },
    ],
    default: 'undefined',
    rationale: 'Neither routine says what an association means where device and host storage coincide.',
  },
  {
    id: 'K-B19',
    title: 'Device memory routines given omp_invalid_device',
    section: 'OpenMP 6.0 §1.2 (conforming device numbers), §15.2 device clause, §25 device memory routines',
    readings: [
      { id: 'error', summary: 'runtime error termination, as for a construct (libgomp ≥ 13 fatal, LLVM fatal)' },
      { id: 'graceful', summary: 'GCC 12: a negative number gives false / null / nonzero / no-op' },
    ],
    default: 'error',
    rationale:
      'omp_invalid_device is a conforming device number whose one meaning in the text is runtime error termination; no routine states another result.',
  },
  {
    id: 'K-B20',
    title: 'Device memory routines given omp_initial_device (-1)',
    section: 'OpenMP 6.0 §1.2, §25 (5.2 introduced omp_initial_device)',
    readings: [
      { id: 'host', summary: 'the host, like omp_get_initial_device()' },
      { id: 'graceful', summary: 'GCC 12: a negative number gives false / null / nonzero / no-op' },
      { id: 'fatal', summary: 'LLVM 22: no device -1, the runtime aborts' },
    ],
    default: 'host',
    rationale: 'omp_initial_device names the initial device.',
  },
  {
    id: 'K-B21',
    title: 'Null pointer argument together with a device number the routine cannot use',
    section: 'OpenMP 6.0 §25.2.1, §25.2.2, §25.2.3, §25.4, §25.6 (conforming device numbers)',
    readings: [
      { id: 'device-first', summary: 'the device number decides first: omp_invalid_device terminates, a non-conforming number leaves the result unspecified' },
      { id: 'null-first', summary: 'GCC 12 and LLVM: the null pointer is answered before the device is looked at' },
    ],
    default: 'device-first',
    rationale: 'A call with a non-conforming argument has no specified result, null pointer or not.',
  },
  {
    id: 'K-B22',
    title: 'Host assignment to a pointer whose corresponding pointer is attached, while its target stays mapped',
    section: 'OpenMP 6.0 §7.9.6 map clause restrictions',
    readings: [
      { id: 'undefined', summary: 'a restriction is broken: the program is non-conforming from here' },
      { id: 'allowed', summary: 'the runtimes: a plain host store, nothing checks it' },
    ],
    default: 'undefined',
    rationale: 'The restrictions forbid modifying an attached pointer while the storage it is attached to stays mapped.',
  },
  {
    id: 'K-B23',
    title: 'Host pointer value after copying back a struct whose pointer member is attached',
    section: 'OpenMP 6.0 §7.9.6 map clause (exit: copy "as if by target update from")',
    readings: [
      { id: 'device-value', summary: 'the corresponding (device) pointer value is copied into the host struct like any other byte' },
      { id: 'restore', summary: 'libgomp (skips attached words) and LLVM (shadow pointers): the host keeps its pointer value' },
      { id: 'undefined', summary: 'the copy-back of an attached pointer is unspecified' },
    ],
    default: 'device-value',
    rationale: 'The text copies the corresponding list item back as if by target update from, with no exception for attached pointers.',
  },
  {
    id: 'K-B24',
    title: 'omp_get_mapped_ptr exists',
    section: 'OpenMP 5.1 §3.8.11, 6.0 §25.2.3',
    readings: [
      { id: 'available', summary: 'the routine exists' },
      { id: 'absent', summary: 'GCC 12: no such routine; a program calling it cannot be built' },
    ],
    default: 'available',
    rationale: 'The routine is part of OpenMP since 5.1.',
  },
  {
    id: 'K-B25',
    title: 'omp_target_is_accessible exists',
    section: 'OpenMP 5.1 §3.8.4, 6.0 §25.2.2',
    readings: [
      { id: 'available', summary: 'the routine exists' },
      { id: 'absent', summary: 'GCC 12: no such routine; a program calling it cannot be built' },
    ],
    default: 'available',
    rationale: 'The routine is part of OpenMP since 5.1.',
  },
  {
    id: 'K-B26',
    title: 'The present map modifier exists',
    section: 'OpenMP 5.1 §2.21.7.1, 6.0 §7.9.6',
    readings: [
      { id: 'available', summary: 'the modifier exists' },
      { id: 'absent', summary: 'GCC 12: the compiler rejects it; a program using it cannot be built' },
    ],
    default: 'available',
    rationale: 'The modifier is part of OpenMP since 5.1.',
  },
  {
    id: 'K-B40',
    title: 'target update of partly present storage',
    section: 'OpenMP 6.0 §15.9 target update construct',
    readings: [
      { id: 'skip', summary: 'the list item has no corresponding list item: no assignment (the present modifier makes it a runtime error)' },
      { id: 'error', summary: 'libgomp: the runtime aborts ("Trying to update [..) object when only [..) is mapped")' },
    ],
    default: 'skip',
    rationale: '§15.9: when the corresponding list item is not present, no assignment occurs; storage only part of which is mapped has no corresponding list item.',
  },
  {
    id: 'K-B27',
    title: 'omp_target_disassociate_ptr of a declare target variable',
    section: 'OpenMP 6.0 §25.6 omp_target_disassociate_ptr, §7.9.7 enter clause',
    readings: [
      { id: 'undefined', summary: 'the storage is no association omp_target_associate_ptr made: "no associated data", unspecified' },
      { id: 'refuse', summary: 'nonzero, the variable stays mapped (libgomp: the image node is no associate node)' },
      { id: 'remove', summary: 'the entry is removed like an association (LLVM: any infinite dynamic count); the device memory stays' },
    ],
    default: 'undefined',
    rationale: 'Only omp_target_associate_ptr makes associated data (§25.5); §7.9.7 keeps declare target storage for the whole program, and §25.6 leaves a call on a pointer without associated data unspecified.',
  },
  {
    id: 'K-B30',
    title: 'use_device_ptr / use_device_addr of data that is not mapped',
    section: 'OpenMP 5.1 §2.14.2, 6.0 §7.5.8 use_device_ptr, §7.5.10 use_device_addr (target data construct §15.7)',
    readings: [
      { id: 'host-address', summary: 'the list item keeps its original (host) address, assumed to be accessible on the device' },
      { id: 'null', summary: 'LLVM before PR #174659: the device pointer looked up is null, so the item becomes null' },
      { id: 'error', summary: 'the runtime aborts (libgomp: "use_device_ptr pointer wasn\'t mapped")' },
    ],
    default: 'host-address',
    rationale:
      'Since OpenMP 5.1 an item with no corresponding storage keeps referring to the original storage (the LLVM change of PR #174659 quotes this reading; 5.0 made it a user error).',
  },
  {
    id: 'K-B31',
    title: 'omp_target_memcpy of zero bytes with a device number the routine cannot use',
    section: 'OpenMP 6.0 §25.7.1 omp_target_memcpy, §1.2 (conforming device numbers)',
    readings: [
      { id: 'device-first', summary: 'the device numbers are checked first (GCC: omp_target_memcpy_check before the copy); zero bytes then copy nothing' },
      { id: 'zero-first', summary: 'LLVM: a length of zero returns success before either device number is looked at' },
    ],
    default: 'device-first',
    rationale: 'A call with a non-conforming argument has no specified result, whatever the length (as K-B21 for null pointers).',
  },
  {
    id: 'K-A42',
    title: 'What an attach or detach writes into a Fortran pointer descriptor (the lower bound of the device view)',
    section: 'OpenACC 3.3 §2.6.4 Data Structures with Pointers, §2.7.2 Attach Action / Detach Action',
    readings: [
      { id: 'descriptor', summary: 'the whole descriptor: attach gives the device view the host pointer\'s bounds (c%p(10:) => b then attach: lbound 10), detach restores the host descriptor' },
      {
        id: 'base-address',
        summary:
          'libgomp: only the base address word; the device descriptor keeps the lower bound it holds (copied with its struct), unless it held no association (a null or indeterminate descriptor is re-mapped whole)',
      },
    ],
    default: 'descriptor',
    rationale:
      '§2.6.4: for a Fortran array pointer or allocatable the attach action includes updating the descriptor (dope vector) in device memory, and the detach action makes the device copy equal to the host pointer again; a pointer\'s bounds are part of its association. The element count is taken from the host in both readings (not modelled apart).',
  },
  {
    id: 'K-B41',
    title: 'What pointer attachment writes into a Fortran pointer descriptor (the lower bound of the device view)',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment)',
    readings: [
      { id: 'descriptor', summary: 'the corresponding pointer takes the whole descriptor: the host pointer\'s bounds with the device address (LLVM performPointerAttachment)' },
      { id: 'base-address', summary: 'libgomp: only the base address word; the descriptor in the corresponding struct keeps the lower bound it was mapped with, unless it held no association' },
    ],
    default: 'descriptor',
    rationale:
      '§7.9.6: attachment makes the corresponding pointer refer to the corresponding storage of the pointer\'s target; a Fortran pointer\'s association includes its bounds.',
  },
  {
    id: 'K-B44',
    title: 'Pointer attachment of a zero-length section of a pointer member (map(c.p[0:0]), c%p(1:0)) whose address lies in no mapped storage',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment; zero-length array sections), 5.1 §2.21.7.1',
    readings: [
      {
        id: 'keep',
        summary:
          'no attachment: the zero-length list item has no corresponding storage, so the corresponding pointer keeps what it holds (the host address copied with a struct mapped now); LLVM offload since the ATTACH map type (omptarget.cpp processAttachEntries: "Skipping ATTACH entry … pointee not present on device")',
      },
      {
        id: 'null',
        summary:
          'libgomp: GCC lowers the base pointer of an OpenMP zero-length section to GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION ("set to NULL when array section is not mapped", include/gomp-constants.h), and target.c gomp_attach_pointer with allow_zero_length_array_sections writes 0 when the lookup of target + bias fails; an attachment like any other (K-B7 counts it); LLVM offload before the ATTACH map type passed a NULL pointer too ("Encountered a zero-length array section … a NULL pointer will be passed to the device")',
      },
      {
        id: 'null-less-bias',
        summary:
          'clang 16 with libomptarget 16: the PTR_AND_OBJ entry writes the pointee\'s device address less the section\'s offset from the pointer\'s target (TgtPtrBegin - Delta), and the pointee lookup gives no device address, so the corresponding pointer is null for a section at the target\'s first element and 0 less the offset, no address, for any other; written whenever the pointer is mapped (K-B7)',
      },
      {
        id: 'fatal',
        summary:
          'GCC 12.2 C (measured): the attach that the zero-length section\'s pointer gets stops the program when its target lies in no mapped storage ("pointer target not mapped for attach"); an attached pointer counts once more (K-B7 counted). GCC 13 made it write null (libgomp testsuite target-map-zero-sized: "Failed before with \'libgomp: pointer target not mapped for attach\'")',
      },
    ],
    default: 'keep',
    rationale:
      'Pointer attachment makes the corresponding pointer point to the corresponding list item (§7.9.6); a zero-length item without corresponding storage has none and gets none, and the text sets no pointer to null for it.',
  },
  {
    id: 'K-A1p',
    title: 'Whether a section of a plain pointer variable in a data clause attaches the pointer',
    section: 'OpenACC 3.3 §2.7.2 Attach Action, §2.7.4–§2.7.10 ("if var is a pointer reference, an attach action is performed"), §2.6.4',
    readings: [
      { id: 'base-pointer', summary: 'as K-A1 base-pointer for a member: copyin(p[0:n]) of a plain pointer p is a pointer reference, attached when p itself is present (detached at exit)' },
      {
        id: 'pointer-only',
        summary:
          'GCC 12 (libgomp): the section is mapped alone; only attach / detach clauses and acc_attach / acc_detach attach a plain pointer (a member\'s section still attaches, K-A1)',
      },
    ],
    default: 'base-pointer',
    rationale:
      'The text makes no difference between a pointer variable and a pointer member: "pointer reference" (undefined, K-A1) covers both, and §2.6.4 calls a bare pointer copied to the device one that "must be updated" like a member. Only the compilers separate them: GCC attaches a member section and not a plain pointer\'s (lang/README.md "Plain pointer variables").',
  },
  {
    id: 'K-A57',
    title: 'exit data with finalize: the detach of a copyout or delete pointer reference',
    section:
      'OpenACC 3.3 §2.6.6 Enter and Exit Data Directives (finalize clause), §2.7.9 copyout clause, §2.7.11 delete clause, §2.7.13 detach clause, §2.6.8 Attachment Counter',
    readings: [
      { id: 'detach', summary: 'the clause\'s ordinary detach action: the attachment counter drops by one and the pointer is detached only when it reaches zero' },
      {
        id: 'immediate',
        summary:
          'libgomp / GCC: an immediate detach, as for a detach clause with finalize (GCC turns every detach of an exit data with finalize into GOMP_MAP_FORCE_DETACH; gomp_detach_pointer(finalize) sets the counter to one and detaches, so K-A18 decides a zero counter)',
      },
    ],
    default: 'detach',
    rationale:
      '§2.6.6 has finalize set the dynamic reference counters of copyout and delete vars to zero and the attachment counters of detach clause pointers to zero (an immediate detach); §2.7.9 and §2.7.11 give a copyout or delete pointer reference the (decrementing) detach action, finalize or not.',
  },
  {
    id: 'K-B50',
    title: 'Exit: whether another item\'s delete of the same storage block on the construct makes a from item copy back',
    section: 'OpenMP 6.0 §7.9.6 map clause (exit: copy-back of a from item; delete-modifier), §7.9.1 map-type, §15.6 target exit data',
    readings: [
      {
        id: 'item',
        summary:
          'only the item\'s own clause counts: a from item is copied back when the count is 1, or its clause has the always or delete modifier (map(delete: x) map(from: x) with count 2 leaves the host value); libomptarget 16.0.6 (measured on its x86_64 plugin: the trailing delete resets the count first, the from item then finds 0 and is "not last")',
      },
      {
        id: 'block',
        summary:
          'the delete of any item of the same storage block on the construct, before or after it, also makes the from item copy back (LLVM offload: targetDataEnd copies a "skipped FROM entry … within region being released", offload/test/mapping/map_ordering_tgt_exit_data_delete_from*.c and _from_delete_assumedsize.c)',
      },
      {
        id: 'earlier',
        summary:
          'libgomp: only a delete of the block that comes before the from item in the list counts (target.c gomp_exit_data walks the items in order; gomp_decrement_refcount gives a from item that meets the count an earlier delete zeroed do_copy, and a from item before the delete meets a count of 1 or more)',
      },
    ],
    default: 'item',
    rationale:
      '§7.9.6 exit copies a list item of map type from when its reference count is 1, or the always-modifier or the delete-modifier is present: a modifier of the map clause the item appears in. The storage block shares one count, but the text does not say that another clause\'s delete-modifier counts for the item (spec-digest B.3.1): open, kept at the literal reading.',
  },
  {
    id: 'K-B51',
    title: 'target exit data of an explicit item only partly present (part of it inside an entry, part outside every entry)',
    section: 'OpenMP 6.0 §7.9.6 map clause (exit; restrictions), §15.6 target exit data; 5.1 §2.21.7.1 ("not present … the list item is ignored")',
    readings: [
      {
        id: 'skip',
        summary:
          'the item has no corresponding storage as a whole and is ignored (LLVM offload: targetDataEnd looks it up with getTgtPtrBegin(…, MustContain) and skips what is not contained)',
      },
      {
        id: 'overlapping-entry',
        summary:
          'libgomp: gomp_exit_data looks the item\'s range up with splay_tree_lookup, which finds an entry overlapping it, and releases / deletes that entry (copying a from item\'s whole range from that entry\'s device address: undefined when the item reaches outside it); the model takes the oldest overlapping entry',
      },
    ],
    default: 'skip',
    rationale:
      '§7.9.6 exit acts on the storage blocks whose corresponding storage is present; an item only part of which has corresponding storage breaks the map restriction that all of it must (spec-digest B.4) and has no present block to act on. 5.1 ignores an item that is not present at exit.',
  },
  {
    id: 'K-B52',
    title: 'Entry: a map with the present modifier of data only partly present (part in an entry, part in none)',
    section: 'OpenMP 6.0 §7.9.6 map clause (present modifier; restrictions), 5.1 §2.21.7.1',
    readings: [
      {
        id: 'present-error',
        summary:
          'the present modifier\'s runtime error termination (omp_error_not_present): the list item as a whole is not present (LLVM offload: getTargetPointer reports "explicit extension not allowed" and then the present modifier\'s message and error, offload/test/mapping/present/target_array_extension.c)',
      },
      {
        id: 'partial-map',
        summary:
          'libgomp: the partial map is met first (gomp_map_vars_internal finds the overlapping key, gomp_map_vars_existing: "Trying to map into device [..) object when [..) is already mapped"), K-B5 gives its outcome; the present check runs only for data not found at all',
      },
    ],
    default: 'present-error',
    rationale:
      '§7.9.6: with the present modifier, a list item that is not present on entry is a runtime error termination; an item only partly present is not present, and the restriction it also breaks prescribes no behaviour, so the error the text does prescribe is the one observed.',
  },
  {
    id: 'K-B45',
    title: 'A section of a plain pointer variable in a map clause (map(p[0:n]) of an `int *p`), and p named beside a section of it on a target construct',
    section:
      'OpenMP 6.0 §7.9.6 map clause (pointer attachment: the corresponding pointer must exist), §7.9.3 (a pointer not in a map clause); OpenMP 5.1 §2.21.7.1 map clause, §2.21.7.2 (5.2 §5.8.6) Pointer Initialization for Device Data Environments',
    readings: [
      {
        id: 'attach-only',
        summary:
          'the section maps its target; the pointer variable has corresponding storage only when a map names it (then the section attaches it, K-B7); today\'s LLVM (clang PR #153683: map(p[1:10]) emits the pointee and an ATTACH entry, processAttachEntries attaches only a present pointer)',
      },
      {
        id: 'pointer-and-object',
        summary:
          'clang before the ATTACH map type, for a pointer with static storage (CGOpenMPRuntime.cpp generateInfoForComponentList: FirstPointerInComplexData, a PTR_AND_OBJ entry based at &p): the section also maps the pointer variable (omptarget.cpp targetDataBegin: getTargetPointer(&p, sizeof(void *)) with HasFlagTo false, UpdateRef true) — storage created if absent, its host value not copied, its count raised once per section on entry and never lowered at exit (targetDataEnd looks up only the pointee of a PTR_AND_OBJ entry) — and attaches it (K-B7)',
      },
      {
        id: 'pointer-word',
        summary:
          'clang 16 to 18: as pointer-and-object, and a target construct whose maps name p beside a section of p gives the kernel, as p, the device address of p\'s own corresponding storage (Sema captures p by copy as a section base, while the kernel argument is the map entry of p itself; clang PR #92210, in 19, dropped map(p) there): the kernel reads the pointer word',
      },
    ],
    default: 'attach-only',
    rationale:
      'A map of p[0:n] names the pointee: §7.9.6 attaches the pointer only when its corresponding pointer exists (mapped by a clause that names p), and 5.1 §2.21.7.2 makes an unmapped pointer firstprivate; a pointer named in a map clause is a mapped variable, so the kernel uses its corresponding pointer (OpenMP Examples 5.1 "Pointer mapping": ptr1 mapped, ptr2 firstprivate).',
  },
  {
    id: 'K-B46',
    title: 'Whether the runtime registers a declare target enter variable with internal linkage (a C `static` array, as emit declares every array)',
    section: 'OpenMP 6.0 §7.9.7 enter clause, §9.9.1 declare_target directive (5.1 §2.14.7 declare target directive, to clause)',
    readings: [
      {
        id: 'registered',
        summary: 'the text: the variable has corresponding storage on every device for the whole program, as if its reference count were infinite; maps, motion clauses and routines find it present',
      },
      {
        id: 'unregistered',
        summary:
          'clang 16: a declare target variable with internal linkage gets no offloading entry (clang -S -emit-llvm of `static int v[8]; #pragma omp declare target to(v)`: the host module has .omp_offloading.entry for an external variable and for a static link variable\'s _decl_tgt_ref_ptr, none for the static to variable), so libomptarget never enters it in its table: the device image holds the variable, which kernels naming it read and write, while maps, motion clauses and routines find it absent (omp_target_is_present 0) and give it ordinary mappings of their own',
      },
    ],
    default: 'registered',
    rationale:
      '§7.9.7: a variable in an enter clause is mapped for the whole program "as if its reference count was initialized to positive infinity"; the text makes no difference between linkages.',
  },
  {
    id: 'K-B47',
    title: 'A pointer member mapped through its section (map(c.p[0:n])) on a construct that does not name its struct: whether the struct\'s storage for the member is mapped',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment; the restrictions on partly present storage), 5.1 §2.21.7.1',
    readings: [
      {
        id: 'pointee-only',
        summary:
          'the item maps the pointee; the struct gets no storage from it, so the pointer is attached only where the struct is mapped otherwise (K-B42); today\'s LLVM (clang PR #153683: the pointee and an ATTACH entry for &c.p, nothing of the struct)',
      },
      {
        id: 'member-word',
        summary:
          'clang before the ATTACH map type (measured with clang 16): a combined entry for the struct\'s members the construct names ("alloc space for struct members") maps the pointer word of c (8 bytes, no copy; only the present modifier passes to it), counted and released like any list item; a later map of the whole struct extends that storage, which LLVM refuses ("explicit extension not allowed", K-B5). The pointer is attached in that word, and a kernel through c%p reaches the target through it (llvm\'s device_ptr_update.c).',
      },
      {
        id: 'descriptor',
        summary:
          'gfortran 12 (-fdump-tree-omplower: map(struct:c) map(to:c.p [len: 64]) beside the data and its always pointer): the member\'s whole storage, the component\'s descriptor, is mapped as a member of the struct\'s GOMP_MAP_STRUCT group (K-B70 counts it), counted and released like any list item, on target enter data, target exit data and target data (not for a from item of target data, listed after the always pointer, nor on a target construct, whose always pointer is looked up first: K-B42)',
      },
    ],
    default: 'pointee-only',
    rationale:
      '§7.9.6 maps the storage of the list item, the section; a pointer member is a structure element that no list item names, and nothing in the text gives the struct storage for it.',
  },
  {
    id: 'K-B53',
    title: 'target exit data naming a pointer member (a Fortran pointer component): a from item of the whole member, or any item of a section of it',
    section: 'OpenMP 6.0 §15.6 target exit data construct, §7.9.6 map clause',
    readings: [
      { id: 'pointee', summary: 'the pointee, or the section of it, exits like any list item: its count goes down and a from item is copied home when the count reaches zero' },
      {
        id: 'abort',
        summary:
          'gfortran 12 with libgomp 12: the component\'s descriptor is passed beside the data with a map kind gomp_exit_data has no case for, and the program stops whatever is present: a from item of the whole member passes it as alloc ("GOMP_target_enter_exit_data unhandled kind 0x00"), null pointer or not, while its release and delete items run; an item of a section c%p(l:u), cs(k)%p(l:u) or a zero-length one, passes it as to ("unhandled kind 0x01") whatever the map type',
      },
    ],
    default: 'pointee',
    rationale: '§15.6 gives each list item the exit of §7.9.6; nothing in the text singles out a pointer member or a section of one.',
  },
  {
    id: 'K-B54',
    title: 'requires unified_shared_memory in a world whose device shares no memory with the host',
    section: 'OpenMP 6.0 §10.5.1.5 unified_shared_memory clause, §10.5.1 requires directive',
    readings: [
      {
        id: 'shared',
        summary:
          'the requirement makes the device one that shares memory with the host: kernels reach host storage through host addresses, and K-B2, K-B8, K-B9 and K-B18 answer as for a shared device',
      },
      {
        id: 'ignored',
        summary:
          'GCC 12 and LLVM 16 on an NVIDIA H200: the directive is accepted and changes nothing at run time; the device stays discrete (maps copy, a kernel that dereferences a host address faults)',
      },
    ],
    default: 'shared',
    rationale: '§10.5.1.5: with the clause all storage is accessible to all devices; an implementation that cannot give that must not accept the program.',
  },
  {
    id: 'K-A58',
    title: 'A data clause of a compute construct that names a whole variable the region does not use',
    section: 'OpenACC 3.3 §2.5.1 Parallel Construct, §2.7 Data Clauses',
    readings: [
      { id: 'kept', summary: 'the clause acts as written: on entry it checks, creates or copies the data, on exit it gives it back' },
      {
        id: 'dropped',
        summary:
          'GCC (measured with 12.2, C and Fortran): the gimplifier removes the clause of a whole variable (a bare array, struct or pointer variable name) that the region never references; sections, elements, members and attach clauses stay',
      },
      {
        id: 'arrays-kept',
        summary:
          'gfortran 12 with the arrays as mapcheck writes them in Fortran (pointer arrays, except those an acc declare names): as dropped, but a whole such array keeps its data map (only its descriptor\'s goes; the data word is mapped by its own pointer map), so the clause acts on the array as written. Measured: profiles/measured/probes-gcc-12-2026-12-06g.md',
      },
    ],
    default: 'kept',
    rationale: '§2.7: a data clause on a construct acts on entry to and exit from its region, whatever the region does with the data.',
  },
  {
    id: 'K-B55',
    title: 'A map clause of a target construct that names a whole variable the region does not use',
    section: 'OpenMP 6.0 §15.8 target construct, §7.9.6 map clause',
    readings: [
      { id: 'kept', summary: 'the map acts as written on entry to and exit from the region' },
      {
        id: 'dropped',
        summary:
          'GCC (measured with 12.2, C and Fortran): the gimplifier removes the map of a whole variable (a bare array, struct or pointer variable name) that the region never references, unless it has the always modifier; sections, elements and members stay',
      },
      {
        id: 'descriptor',
        summary:
          'gfortran 12 with the arrays as mapcheck writes them in Fortran (pointer arrays, except those a declare target names): as dropped, but a whole such array keeps its data map and loses only its descriptor\'s, always or not, so the construct stops ("always pointer not mapped") unless a map of the array itself (whole or a section, on a construct still holding it) put the descriptor on the device; with it there the array maps as written. Measured: profiles/measured/probes-gcc-12-2026-12-06f.md',
      },
    ],
    default: 'kept',
    rationale: '§15.8: the map clauses of a target construct map their list items on entry and unmap them on exit; nothing exempts an item the region does not use.',
  },
  {
    id: 'K-A59',
    title: 'no_create of a pointer reference (no_create(c%p)) whose data is absent',
    section: 'OpenACC 3.3 §2.7.10 no_create clause, §2.7.2 attach action',
    readings: [
      { id: 'no-attach', summary: 'absent data gets no action, so the pointer is not attached either' },
      {
        id: 'attach',
        summary:
          'GCC (measured with 12.2, C and Fortran): the clause is lowered to map(no_alloc: *c.p) map(attach: c.p), and the attach action runs whether or not the data was found: an attached pointer counts one more, one not attached with its target absent stops the program under K-A2 error ("pointer target not mapped for attach"; C, with an array-of-structs element absent too: "outer struct not mapped for attach")',
      },
    ],
    default: 'no-attach',
    // with K-A2 noop an attach whose target is absent does nothing: the readings are told apart under K-A2 error
    within: { 'K-A2': 'error' },
    rationale: '§2.7.10: for data not present no_create does nothing; the attach action of §2.7.2 belongs to a pointer reference whose data the clause made present.',
  },
  {
    id: 'K-A60',
    title: 'A declare link array no data clause maps now: what acc_map_data, enter / exit data and the data routines find',
    section: 'OpenACC 3.3 §2.13.3 link clause, §3.2.21 acc_map_data, §2.7.4 / §2.7.5 (enter data), §3.2.18',
    readings: [
      { id: 'absent', summary: 'the link array has no device copy until a data clause maps it (§2.13.3): its data is absent like any other, so acc_map_data maps it and enter data or acc_copyin / acc_create copy it in' },
      {
        id: 'registered',
        summary:
          'GCC 12 C: the offload image keys every link variable in the present table from the start (count REFCOUNT_LINK), so acc_map_data finds the range mapped and aborts, and enter data, exit data, acc_copyin / acc_create and acc_copyout / acc_delete of it (a nonzero part of it) stop on the runtime\'s assertions, and the update directive (if_present or not) finds the key and fails to copy through it; an attach action whose target lies in it finds the key too and attaches the pointer to the link variable\'s own slot in the device image, through which no kernel reaches the data; structured constructs map it as absent data',
      },
    ],
    default: 'absent',
    rationale: '§2.13.3 allocates a link var\'s device memory only when a data clause names it; until then the data is not present.',
  },  {
    id: 'K-A61',
    title: 'no_create on a data construct of an array whose data is absent, the array being a Fortran pointer array (emit declares so every array no declare names)',
    section: 'OpenACC 3.3 §2.7.10 no_create clause',
    readings: [
      { id: 'nothing', summary: 'absent data is left alone: the region uses the local (host) data' },
      {
        id: 'abort',
        summary:
          'gfortran 12: the clause also maps the pointer array\'s descriptor and then its data pointer, whose lookup of the absent data stops the program ("Pointer target of array section wasn\'t mapped")',
      },
    ],
    default: 'nothing',
    rationale: '§2.7.10: for data not present no_create does nothing.',
  },

  {
    id: 'K-B56',
    title: 'A construct whose device clause names omp_invalid_device',
    section: 'OpenMP 6.0 §15.2 device clause, §1.2 (5.2 introduced omp_invalid_device)',
    readings: [
      { id: 'error', summary: 'the construct stops the program (runtime error termination)' },
      {
        id: 'host-fallback',
        summary:
          'GCC 12 has no omp_invalid_device; the number a program passes for it, -2, is libgomp\'s GOMP_DEVICE_HOST_FALLBACK, so the construct runs on the host',
      },
    ],
    default: 'error',
    rationale: 'omp_invalid_device names no device; OpenMP 5.2 and 6.0 make a construct on it a runtime error.',
  },
  {
    id: 'K-B57',
    title: 'omp_target_memcpy from one device to another (neither the host nor a device sharing its memory)',
    section: 'OpenMP 6.0 §25.7.1 omp_target_memcpy',
    readings: [
      { id: 'copy', summary: 'the bytes are copied and the routine returns zero (LLVM offload too)' },
      {
        id: 'einval',
        summary:
          'libgomp: omp_target_memcpy_copy copies host to host, host to device, device to host and within one device, and returns EINVAL for two distinct devices without copying (zero bytes included)',
      },
    ],
    default: 'copy',
    rationale: 'The routine copies between any two devices the program names, each pointer being valid on its own device.',
  },
  {
    id: 'K-A62',
    title: "The order in which a construct's data clause vars and map items are acted on (enter / exit data, data and compute constructs; OpenMP target enter / exit data, target data, target)",
    section: 'OpenACC 3.3 §2.7 Data Clauses (no order among a directive\'s clauses but the attach of §2.7.2, K-A17), OpenMP 6.0 §7.9.6 map clause',
    readings: [
      { id: 'source', summary: 'in the order the program lists them' },
      {
        id: 'reversed',
        summary:
          'GCC 12 C (-fdump-tree-gimple): the C front end builds a construct\'s clause list last item first, and in OpenMP the map items of type alloc then follow the others; a section listed after the pointer target that contains it is then mapped first, and the target meets it partly present',
      },
    ],
    default: 'source',
    rationale: 'Neither text orders the data clauses of one construct; the model acts on them as listed.',
  },
  {
    id: 'K-A63',
    title: 'update device of a pointer member (c%p, c%p(2:5)): what happens to the device copy of the pointer',
    section: 'OpenACC 3.3 §2.14.4 Update Directive',
    readings: [
      { id: 'data', summary: "the var's data (the pointer's target) is copied; the device copy of the pointer is left as it is" },
      {
        id: 'pointer-section',
        summary:
          "libgomp with GCC 12's C lowering (map(force_to:*c.p) map(always_pointer:c.p)): after the copy, the device copy of the pointer gets the device address of the section's first byte (the bias is not applied) and stops the program (\"[h,8] is not mapped\") when the struct holding it is not present; skipped with the var under if_present; a plain pointer variable that is no pointer reference (K-A1p pointer-only) has no pointer item (map(force_to:*p) alone, -fdump-tree-ompexp)",
      },
      {
        id: 'pointer-descriptor',
        summary:
          "libgomp with gfortran 12's lowering (map(force_to:data) map(to:c%p [pointer set]) map(always_pointer:c%p.data)): after the copy (also of a disassociated pointer, which copies nothing) the descriptor's address word gets the device address of the item before it, the descriptor itself, so the device pointer no longer points at data; stops the program when the struct is not present; skipped with the var under if_present",
      },
    ],
    default: 'data',
    rationale: '§2.14.4 copies the data a var names; a pointer member names its target, and no action of the directive touches the pointer.',
  },
  {
    id: 'K-A64',
    title: "Members of one struct named by one directive's data clauses (d%n, d%arr, a mapped pointer member) while part of that struct is present",
    section: 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (struct members), §2.7.3 data clause errors',
    readings: [
      { id: 'per-member', summary: 'each member is data of its own: a member not present is mapped alone, whatever else of the struct is present' },
      {
        id: 'struct-group',
        summary:
          'libgomp (GCC lowers them to one GOMP_MAP_STRUCT group, C and gfortran alike): the group is looked up from the struct\'s first byte to the last member\'s end; when a present section meets that range every member of the group must already be present, else the program stops ("Trying to map into device [...) structure element when other mapped elements from the same structure weren\'t mapped together with it")',
      },
    ],
    default: 'per-member',
    rationale: '§2.7.1 lets a data clause name a struct member; the clause acts on the member\'s bytes, and nothing in §2.7 ties one member\'s mapping to another\'s.',
  },
  {
    id: 'K-A65',
    title: 'The update directive (acc_update_device / acc_update_self) of zero bytes at the first byte of a present section, one past its end, or of absent data',
    section: 'OpenACC 3.3 §2.14.4 Update Directive, §3.2.20 acc_update_device / acc_update_self, §2.7.1 (zero-length subarrays)',
    readings: [
      { id: 'lookup', summary: 'the zero bytes are found as K-A55 finds them (the byte at their address in a present section); found, nothing is copied; absent, an error without if_present' },
      {
        id: 'strictly-inside',
        summary:
          'libgomp (oacc-mem.c update_dev_host, GCC 10 onwards, and acc_is_present for if_present): zero bytes are looked up as the empty range [h, h), which splay_compare matches only with a section that starts before h; at a section\'s first byte, one past its end or outside any, the program stops ("[h,0] is not mapped"), or with if_present the var is skipped',
      },
    ],
    default: 'lookup',
    rationale: '§3.2.20 takes no action for zero bytes and §2.14.4 needs the var present; zero bytes at a present section\'s first byte lie in it, as K-A55 reads them.',
  },
  {
    id: 'K-A66',
    title: 'host_data use_device of an array not wholly present: a leading part present, or the object right before it',
    section: 'OpenACC 3.3 §2.8.1 use_device clause, §2.8.3 if_present clause',
    readings: [
      { id: 'whole', summary: 'the var must be present as a whole: partly present data is not present (K-A30 without if_present; the host address with it)' },
      {
        id: 'first-byte',
        summary:
          'the address is looked up as a zero-length key that the byte at it answers, so the section holding var\'s first byte gives its device address whatever of var lies past that section',
      },
      {
        id: 'first-byte-or-end',
        summary:
          'libgomp (target.c gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR; gomp_map_lookup probes [p, p + 1), then [p - 1, p)): as first-byte, and when no section holds the first byte, a section ending right at var (the object before it in host memory, world.adjacent) gives the address one past its device copy, whether or not any of var is present (K-B58 for OpenMP)',
      },
    ],
    default: 'whole',
    rationale: '§2.8.1: without if_present the var must be present; data of which only a part is present is not present data (§2.6.3).',
  },
  {
    id: 'K-A67',
    title: 'The value a firstprivate scalar of a compute construct starts with when the scalar is present on the device (enter data made it, no visible data clause names it)',
    section: 'OpenACC 3.3 §2.6.2 Variables with Implicitly Determined Data Attributes; the firstprivate clause of §2.5 Compute Constructs',
    readings: [
      { id: 'host', summary: "the private copy starts with the host's value, whatever the device copy holds" },
      {
        id: 'present-copy',
        summary:
          "GCC (measured with 12.2, C and Fortran, on an H100): the private copy starts with the device copy's value when the scalar is present, and with the host's value when it is not; what the kernel writes still reaches neither",
      },
    ],
    default: 'host',
    rationale: "The firstprivate clause (§2.5): each gang's copy is initialised with the value the item has on the thread that encounters the construct, which is the host's; the device copy plays no part.",
  },
  {
    id: 'K-B68',
    title: 'The end of a target data region whose always from item a target exit data inside the region deleted',
    section: 'OpenMP 6.0 §15.7 target data construct, §7.9.6 map clause',
    readings: [
      { id: 'ignored', summary: 'the item is not present at the end, so it is ignored: the host keeps its values' },
      {
        id: 'stale-copy',
        summary:
          "GCC 12.2's libgomp (measured in C and Fortran on an H100): the region's end copies the array back from the storage the deletion freed, so its host elements become indeterminate (an array no entry holds at the end; one present again in part is skipped as any partly present item, a case not measured)",
      },
    ],
    default: 'ignored',
    rationale: 'OpenMP 5.1 §2.21.7.1 (6.0 §7.9.6): a list item that is not present on exit from a target data region is ignored.',
  },
  {
    id: 'K-B69',
    title: 'A declare target link array no map clause maps now (before its first map, or after its last one ended): what lookups of the device table find',
    section: 'OpenMP 6.0 §7.9.8 link clause, §25.2.1 omp_target_is_present, §7.5.8 use_device_ptr clause',
    readings: [
      { id: 'absent', summary: 'nothing: the array has no corresponding storage, like any unmapped data' },
      {
        id: 'registered',
        summary:
          "libgomp with GCC's C front end (measured, GCC 12.2 on an H100): the device image's table keys every link variable from the start (REFCOUNT_LINK), holding the host array's range over the link variable's own pointer slot in the image. A map of the array still creates storage and hides the key while it lasts; every other lookup finds the key: omp_target_is_present answers true, use_device_ptr / use_device_addr and omp_get_mapped_ptr give the slot's address (plus the offset into the array), omp_target_associate_ptr refuses (nonzero), and target update copies through the slot (undefined)",
      },
    ],
    default: 'absent',
    rationale:
      '§7.9.8: a link list item gets corresponding storage only when a map clause maps it, so without one it is not present to any routine or clause (§25.2.1 asks for corresponding storage).',
  },
  {
    id: 'K-B70',
    title: 'Members of one struct that one construct maps (c%n, c%arr(2:3)) while part of that struct is mapped',
    section: 'OpenMP 6.0 §7.9.6 map clause (structure members), §7.9.6 restrictions',
    readings: [
      { id: 'per-member', summary: 'each member is a list item of its own: a member not present is mapped alone, whatever else of the struct is present' },
      {
        id: 'struct-group',
        summary:
          'libgomp (GCC lowers them to one GOMP_MAP_STRUCT group, C and gfortran alike): the group is looked up from the struct\'s first byte to the last member\'s end; when an entry meets that range every member of the group must already be present, else the program stops ("Trying to map into device [...) structure element when other mapped elements from the same structure weren\'t mapped together with it"). Non-pointer members of a single struct; a pointer member\'s own storage is a member only where K-B47 descriptor maps it (gfortran)',
      },
    ],
    default: 'per-member',
    rationale: '§7.9.6 lets a map clause name a structure member as a list item; the item maps the member\'s storage, and nothing in §7.9.6 ties one member\'s mapping to another\'s.',
  },
  {
    id: 'K-B71',
    title: 'A kernel\'s variable that no map names, partly present in entries made before the construct (several entries, or one and storage with none)',
    section: 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules, §7.9.6 map clause',
    readings: [
      {
        id: 'each-entry',
        summary: 'the implicit map gives the variable corresponding storage where its parts already have some: the kernel reaches each element through the entry holding it, and an element in no entry has none',
      },
      {
        id: 'found-entry',
        summary:
          'LLVM offload (libomptarget getTargetPointer after MappingInfoTy::lookupMapping): the lookup finds one entry, the one holding the variable\'s first byte, else the first one starting inside it, and an implicit map extending it reuses it, translating the whole variable by its host offset from that entry; the kernel reaches that entry\'s storage, and for any other part of the variable memory past it (undefined). Measured with clang 19.1.7 on libomptarget\'s x86_64 host plugin (three runs, model/omp/implicit-found-entry.ts)',
      },
    ],
    default: 'each-entry',
    rationale:
      '§7.9.3 makes the variable an implicit tofrom map, and §7.9.6 gives an item whose parts already have corresponding storage that storage only: each part belongs to the entry that holds it, so each element is reached through its own entry.',
  },
  {
    id: 'K-B72',
    title: 'A struct with a declare mapper named on a construct beside one of its members (map(to: c, c%n), map(to: c) map(tofrom: c%p(2:3))): whether the struct\'s whole storage is mapped apart from its mapper',
    section: 'OpenMP 6.0 §7.9.10 declare mapper directive, §7.9.6 map clause',
    readings: [
      { id: 'mapper-only', summary: 'the struct is replaced by its mapper\'s clauses and the member is a list item of its own: the struct gets the storage those items give it, no more' },
      {
        id: 'combined-entry',
        summary:
          'clang 16 and 19: the items of one struct declaration make one entry list whose first entry, the combined entry, spans the struct (map type alloc, with the present modifier when an item of the group has it) before the struct\'s own entry, which the mapper expands; so the whole struct is mapped as an explicit, counted item too, an entry holding part of it is extended (LLVM: "explicit extension not allowed"), and on exit the combined entry releases. Measured with clang 19.1.7 on libomptarget\'s x86_64 host plugin (toolchain/probes omp-mapper-member-*); clang 16.0.6 emits the same entries (host IR: .offload_maptypes 0, MEMBER_OF|TO with the mapper, MEMBER_OF|TO)',
      },
    ],
    default: 'mapper-only',
    rationale:
      '§7.9.10: a list item whose type has a default mapper is replaced by the mapper\'s map clauses; §7.9.6 maps each other list item, the member, on its own. Nothing in the text gives the struct storage beyond what those items map.',
  },
  {
    id: 'K-B60',
    title: 'What target enter data leaves in the corresponding pointer of a pointer component it maps (map(to: c%p), c%p(2:5), e%x)',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment)',
    readings: [
      { id: 'attach', summary: 'the corresponding pointer is attached as on any construct (K-B7 decides when)' },
      {
        id: 'garbage',
        summary:
          'gfortran 12 with libgomp 12: the descriptor\'s address word gets a value that is no device address of the target (the always-pointer item is mapped on its own and reads the item at index -1; measured: 1 less the section\'s bias), so a kernel dereferencing it faults and c_loc shows that value, until a construct that maps c%p itself writes it again',
      },
    ],
    default: 'attach',
    rationale: '§7.9.6: a pointer mapped with its pointee is attached to the pointee\'s corresponding storage, on target enter data as on any construct.',
  },
  {
    id: 'K-B67',
    title: 'A struct\'s to copy and the attachment of its pointer member on one construct (map(to: c) beside map(alloc: c%p(1:4)), or a declare mapper listing both): which is written last',
    section: 'OpenMP 6.0 §7.9.6 map clause (pointer attachment), §7.9.10 declare mapper directive',
    readings: [
      { id: 'attached', summary: 'the construct\'s copies come first and the corresponding pointer is attached after them, whatever the order of the clauses: the pointer aims at its target\'s corresponding storage' },
      {
        id: 'clause-order',
        summary:
          'clang 16 with libomptarget 16: clang emits a struct\'s entries with the clauses carrying the present modifier first, then the alloc clauses, then the others (each group in written order; a declare mapper\'s clauses likewise inside the entry of the list item that names the struct), and libomptarget writes each entry\'s copy or attachment as it meets it; a copy of the struct (new storage, or always) after the attachment of its pointer member writes the host pointer back over it, and as the shadow record stays (K-B7 `shadow`) no later map of the member writes it again',
      },
    ],
    default: 'attached',
    rationale:
      '§7.9.6 attaches the corresponding pointer once the list items are mapped; the order of the clauses in a directive has no meaning, so a copy of the struct that the same construct makes does not undo the attachment.',
  },
  {
    id: 'K-B66',
    title: 'The present modifier of a map item with no corresponding storage on a device whose maps are self maps (requires unified_shared_memory, K-B8)',
    section: 'OpenMP 6.0 §7.9.6 map clause (present modifier), §10.5.1.5 unified_shared_memory clause',
    readings: [
      { id: 'present-error', summary: 'the item is not present in the device data environment: runtime error termination, as on any device' },
      {
        id: 'self-present',
        summary:
          'LLVM offload: getTargetPointer takes the unified-shared-memory branch (the host address serves, a self entry is made) before the present check, so a block that K-B8 would self-map passes the present modifier (offload/test/mapping/present/unified_shared_memory.c: "The runtime considers unified shared memory to be always present")',
      },
    ],
    default: 'present-error',
    // with K-B8 copies nothing is a self map: the readings are told apart where maps become self maps
    within: { 'K-B8': 'self-unless-close' },
    rationale:
      '§7.9.6 makes the present modifier a runtime error when the corresponding list item is not present on entry; that the device shares memory with the host makes the original storage accessible, not present in the device data environment.',
  },
  {
    id: 'K-B65',
    title: 'The present modifier of a map or motion clause naming a struct with a declare mapper, for the mapper\'s pointee items (c%p(1:10)): whether they must be present too',
    section: 'OpenMP 6.0 §7.9.10 declare mapper directive, §7.9.6 map clause (present modifier), §15.9 target update',
    readings: [
      { id: 'propagated', summary: 'OpenMP 6.0 (as LLVM\'s tests state it: "at OpenMP >= 6.0" present is propagated to the pointee): every item of the mapper\'s clauses carries the modifier, a pointee section not present is a runtime error' },
      { id: 'struct-storage', summary: 'OpenMP 5.2 as LLVM\'s tests read it ("at <= 5.2 present is not applied to the pointee"): only the items in the struct\'s own storage must be present; a pointee item is mapped or updated without the modifier' },
      {
        id: 'motion-only',
        summary:
          'today\'s LLVM at -fopenmp-version=60: target update passes the present motion modifier to every item of the mapper, the pointee\'s too (mapper_target_update_present_ptee.c CHECK-60-OOB); a map clause passes it to none yet (FIXMEs of mapper_map_ptee_then_present_absent_mbr.c, "The mapper emits the s.x member component WITHOUT the PRESENT bit", and of mapper_map_mbr_then_present_mbr_ptee.c / mapper_enter_data_always_present_ptee.c for the pointee)',
      },
      {
        id: 'dropped',
        summary:
          'clang 16: the mapper function gives each component its own constant map type and takes only the TO / FROM bits of the clause\'s type into account, so no item of the mapper carries the present modifier, in map and motion clauses alike (and libomptarget checks nothing for the struct itself, which it hands to the mapper)',
      },
    ],
    default: 'propagated',
    rationale:
      '§7.9.10 replaces the list item by the mapper\'s map clauses with the modifiers of the clause that names it; a pointee item of the mapper is one of them, so the present modifier applies to it as to any other.',
  },
  {
    id: 'K-B64',
    title: 'The reference count of a struct that a declare mapper maps (the mapper\'s item naming the struct, and its pointer items\' K-B47 word)',
    section: 'OpenMP 6.0 §7.9.10 declare mapper directive, §7.9.6 map clause',
    readings: [
      { id: 'counted', summary: 'the mapper\'s items are the construct\'s list items: the struct\'s storage is counted, copied and released like any item' },
      {
        id: 'uncounted',
        summary:
          'libomptarget 16: the mapper\'s components reach targetDataBegin / targetDataEnd with FromMapper set, and neither the struct\'s combined entry (the first component) nor its own MEMBER_OF component updates the count; getTargetPointer takes an entry as new when its count is 1. Storage only such items map is created with count 1, its count never moves, to copies whenever the count is 1, from whenever it is 1 at exit, and such a map never removes it',
      },
    ],
    default: 'counted',
    rationale: '§7.9.10 replaces the list item by the mapper\'s map clauses, which then act as any map clause does (§7.9.6).',
  },
  {
    id: 'K-B63',
    title: 'A target construct whose map items name the kernel\'s struct only through its pointer members (map(c%p(1:4)), not c): whether c is mapped implicitly too',
    section: 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules, §7.9.6 map clause',
    readings: [
      {
        id: 'base-pointers',
        summary:
          'the text: c is mapped tofrom implicitly, and as nothing of c has storage yet, only its parts that are base pointers of the explicit items get it: the words of the pointer members named, attached there; today\'s LLVM (clang maps the attach-pointer expressions s.p instead of the whole struct, llvm/llvm-project#161294, quoting 6.0 §7.9.6; offload/test/mapping/pr38704.c) and gfortran (map(struct:c) map(to: c.p) of the component\'s descriptor, -fdump-tree-gimple of GCC 12.2)',
      },
      { id: 'named', summary: 'clang 16: the combined entry for the members a construct names (K-B47) stands for c, so nothing is added (the kernel reaches c through what the items and earlier maps give it)' },
      {
        id: 'implicit',
        summary:
          'GCC 12\'s C front end: the attach of a member section does not mark c as mapped, so the gimplifier adds map(tofrom: c [implicit]) beside the items (-fdump-tree-gimple: map(tofrom:s1 [len: 16][implicit]) map(alloc:*_2 [len: 40]) map(attach:s1.p [bias: 0]))',
      },
    ],
    default: 'base-pointers',
    rationale:
      '§7.9.3 maps a referenced struct that is no list item tofrom; §7.9.6: where an implicitly mapped list item has no corresponding storage and parts of it are list items or base pointers to list items explicitly mapped on the construct, only those parts get storage. The base pointer of c%p(1:4) is c%p, a part of c.',
  },
  {
    id: 'K-B62',
    title: 'The implicit map of a target construct\'s struct through its declare mapper: whether the mapper\'s items are implicit maps',
    section: 'OpenMP 6.0 §7.9.3 implicit data-mapping attribute rules, §7.9.10 declare mapper directive, §7.9.6 map clause',
    readings: [
      { id: 'implicit', summary: 'the mapper\'s items stand for the implicit tofrom map of the struct: an item only part of whose storage is there uses the entries that are, as any implicit map does' },
      {
        id: 'explicit',
        summary:
          'clang 16: the mapper function passes its items with their own clauses\' map types, only decayed (no IMPLICIT bit), so libomptarget treats them as explicit maps and storage only partly there is an explicit extension (K-B5)',
      },
    ],
    default: 'implicit',
    rationale: '§7.9.3 maps the struct as if it appeared in a map clause with tofrom; §7.9.10 replaces that list item by the mapper\'s, which still make the implicit map of the struct.',
  },
  {
    id: 'K-B61',
    title: 'A construct whose device clause names omp_initial_device',
    section: 'OpenMP 6.0 §15.2 device clause, §1.2 (5.2 introduced omp_initial_device, -1)',
    readings: [
      { id: 'host', summary: 'the construct runs on the host device: omp_initial_device (-1) names it' },
      {
        id: 'default-device',
        summary:
          'GCC 12 has no omp_initial_device; the -1 a program passes for it is libgomp\'s GOMP_DEVICE_ICV, which resolve_device takes for the default-device-var ICV, so the construct runs on the default device (device 0)',
      },
    ],
    default: 'host',
    rationale: 'Since OpenMP 5.2 omp_initial_device is a conforming device number that names the host device.',
  },
  {
    id: 'K-B58',
    title: 'What a use_device_ptr / use_device_addr list item (a whole array) is looked up by',
    section: 'OpenMP 6.0 §7.5.8 use_device_ptr clause, §7.5.10 use_device_addr clause',
    readings: [
      { id: 'whole', summary: 'the item has corresponding storage when an entry holds all of it; otherwise K-B30 decides' },
      {
        id: 'first-byte',
        summary:
          'LLVM offload: the address alone is looked up (a zero-size key), so an entry holding the item\'s first byte translates it, the rest of the item mapped or not',
      },
      {
        id: 'first-byte-or-end',
        summary:
          'libgomp: as first-byte, and when no entry holds the first byte, an entry that ends right there (the object before it in host memory, world.adjacent) translates it, to the device address one past that entry\'s end',
      },
    ],
    default: 'whole',
    rationale: 'The clause refers to the corresponding list item of the whole variable; an array only part of which is mapped has none.',
  },
  {
    id: 'K-B59',
    title: 'A zero-length array section (a(3:2)) mapped where no storage holds its address',
    section: 'OpenMP 6.0 §7.9.6 map clause (zero-length array sections)',
    readings: [
      { id: 'no-storage', summary: 'no corresponding storage is created; later lookups find storage only by the byte at an address' },
      {
        id: 'zero-size-key',
        summary:
          "gfortran 12 with libgomp: the section is keyed [p, p) with a count of its own; libgomp's splay_compare makes any two zero-length keys equal, so a later zero-length map elsewhere stops (\"already mapped\"), exit data counts that key down wherever it is, a use_device lookup finds it, and a map over p stops",
      },
    ],
    default: 'no-storage',
    rationale: 'A zero-length list item without corresponding storage gets none (§7.9.6); an item names no byte, so there is nothing to key.',
  },
  {
    id: 'K-C1',
    title: 'The host address an allocate gives after a deallocate (both APIs): a new one, or the storage freed last of the same size',
    section: 'OpenACC 3.3 §2.6.7 Reference Counters (host deallocate of present data); OpenMP 6.0 §7.9.6 map clause; Fortran 2018 §9.7.1 ALLOCATE statement',
    readings: [
      { id: 'fresh', summary: 'every allocation lies at an address no earlier allocation had, so a mapping left on freed storage is never met again' },
      {
        id: 'lifo',
        summary:
          "glibc malloc: the storage freed last whose chunk is the size the new allocation needs (max(32, 4n + 8 rounded up to 16) bytes for n elements) comes back first (tcache), so a mapping left on it is found present: the new array is not copied and kernels read the old device copy",
      },
    ],
    default: 'fresh',
    rationale: 'Neither text says where new host storage lies; presence is decided by host address (§2.6.7, §7.9.6), so a fresh address keeps a stale mapping from being met by chance.',
  },
] as const satisfies readonly KnobShape[];

type KnobEntry = (typeof KNOBS)[number];

/** Reading of every knob, as one typed record: derived from KNOBS, so a knob is typed once. */
export type KnobValues = { -readonly [K in KnobEntry as K['id']]: K['readings'][number]['id'] };

export type KnobId = keyof KnobValues;

/** A default that is not one of its knob's readings names the knob here (a compile error at the check below). */
type BadDefaults = { [K in KnobEntry as K['default'] extends K['readings'][number]['id'] ? never : K['id']]: K['default'] };
const defaultsAreReadings: { [K in keyof BadDefaults]: never } = {};
void defaultsAreReadings;

export function knobDef(id: string): KnobDef | undefined {
  return KNOBS.find((k) => k.id === id);
}

/** The `spec` reading of every knob. */
export function defaultKnobValues(): KnobValues {
  const out: Record<string, string> = {};
  for (const k of KNOBS) out[k.id] = k.default;
  return out as unknown as KnobValues;
}
