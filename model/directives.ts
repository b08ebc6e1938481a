// The data directives: enter data / exit data (OpenACC 3.3 §2.6.6) and the data construct
// (§2.6.5), plus the entry and exit sequence every data region shares with the compute construct
// (compute.ts). Order inside one directive follows §2.7.2: pointer attachments are made after
// every data entry, and pointer detachments before every data exit.

import { type AccDataBegin, type AccEnterData, type AccExitData, type Clause, type VarRef } from '../lang/program.js';
import type { Observation } from '../lang/observation.js';
import type { KnobValues } from '../profiles/knobs.js';
import { isPointerReference } from './plain-pointers.js';
import {
  parsedRef,
  dataRange,
  directiveRange,
  describeRange,
  fire,
  formatRef,
  objectHoldingOrNone,
  runtimeError,
  memberRange,
  memberRef,
  presence,
  sectionExtendedBefore,
  sectionHolding,
  sectionFoundByOverlap,
  sectionsOverlapping,
  declaredArrayHolding,
  structRange,
  type CounterName,
  type ErrorObservation,
  type ModelState,
  type Range,
  type RecordedClause,
  type RecordedVar,
  type StepContext,
  worldOf,
} from './state.js';
import { POINTER_CLAUSES, clauseEntry, clauseExit, isDataClause, type ClauseName, type DataClauseName } from './clauses.js';
import { attachAction } from './actions/attach.js';
import { ACC_ZERO_LENGTH, isEmptyRange, zeroLengthSection } from './zero-length.js';
import { presentIncrement } from './actions/present-increment.js';
import { detachAction } from './actions/detach.js';
import { immediateDetachAction } from './actions/immediate-detach.js';
import { accDescriptorOf, descriptorPointerStop, enterAccDescriptor, exitAccDescriptor } from './acc/array-descriptors.js';
import { attachFollowers, groupedSection } from './acc/attach-groups.js';

const ENTER_DATA = 'OpenACC 3.3 §2.6.6 Enter Data Directive';
const EXIT_DATA = 'OpenACC 3.3 §2.6.6 Exit Data Directive';
const DATA_CONSTRUCT = 'OpenACC 3.3 §2.6.5 Data Construct';
// OpenACC 3.3 §2.6.6 Enter and Exit Data Directives (finalize clause), §2.7.9 copyout clause,
// §2.7.11 delete clause: the detach of a pointer reference under finalize (K-A57).
const FINALIZE_POINTER_DETACH = 'OpenACC 3.3 §2.6.6 Exit Data Directive (finalize: detach of a copyout or delete pointer reference, K-A57)';

const OK: Observation = { kind: 'ok' };

// ------------------------------------------------------------------------------------------------
// Resolving clause vars

/**
 * What a clause var stands for right now. In a data clause, `c%p` means the pointer's current
 * target and is also a pointer reference (its member is attached / detached); in attach and
 * detach clauses it means the pointer member itself.
 */
function resolveClauseVar(state: ModelState, clause: ClauseName, ref: VarRef, knobs: KnobValues, ctx?: StepContext): RecordedVar {
  if (!isDataClause(clause)) return { range: null, pointer: memberRef(state, ref) };
  // K-A1: under the base-pointer reading a member in a data clause is also a pointer reference
  // (K-A1p for a plain pointer variable, model/plain-pointers.ts).
  const parsed = parsedRef(state, ref);
  const isMember = parsed.kind === 'member';
  const pointer = isMember && isPointerReference(state, parsed.struct, knobs, ctx) ? memberRef(state, ref) : null;
  // A member section (`c%p(2:5)`, model/member-sections.ts) remembers that its range is a section of the target.
  if (pointer !== null && parsed.kind === 'member' && parsed.bounds !== undefined) return { range: dataRange(state, ref), pointer, section: true };
  const range = directiveRange(state, ref, knobs);
  // K-A72 `descriptor` (gfortran 12): a pointer array's clause maps its descriptor too.
  const descriptor = accDescriptorOf(state, ref, range, knobs);
  const v: RecordedVar = descriptor === undefined ? { range, pointer } : { range, pointer, descriptor };
  if (parsed.kind === 'array' && parsed.field !== undefined) v.field = true;
  return v;
}

export function resolveClauses(state: ModelState, clauses: Clause<ClauseName>[], knobs: KnobValues, ctx?: StepContext): RecordedClause[] {
  return clauses.map((c) => ({ clause: c.clause, vars: c.vars.map((v) => resolveClauseVar(state, c.clause, v, knobs, ctx)) }));
}

// ------------------------------------------------------------------------------------------------
// Entry and exit sequences

const DECLARED_TARGET_ASSERTION = 'OpenACC 3.3 §2.13 Declare Directive (a pointer reference into declared data in enter data, K-A44)';

/** Whether `range` lies in one of the world's arrays that no program-scope declare names (K-A61). */
function isUndeclaredArray(state: ModelState, range: Range): boolean {
  const holder = objectHoldingOrNone(state, range);
  return holder !== undefined && declaredArrayHolding(state, range) === undefined && worldOf(state).arrays.some((a) => a.name === holder.name);
}


/**
 * K-A22 `member-mapped` (libgomp; GCC lowers `copyin(c%p)` to `map(struct:c) map(alloc:c.p)
 * map(to:*c.p) map(attach:c.p)` and `copyout(c%p)` to `map(release:c.p) map(from:*c.p)
 * map(detach:c.p)`; `present(c%p)` and `no_create(c%p)` get the same struct group, with
 * map(force_present:*c.p) or map(no_alloc:*c.p), -fdump-tree-omplower of GCC 12.2, C and
 * Fortran): whether var `v` of clause `c` also maps its pointer member.
 */
function mapsMember(c: RecordedClause, v: RecordedVar, ctx: StepContext): boolean {
  if (ctx.knobs['K-A22'] !== 'member-mapped' || v.pointer === null || !isDataClause(c.clause)) return false;
  // K-A43 `not-mapped` (GCC 12 C): the member of an element of an array of structs is not mapped
  // with it, so its attach needs the element present ("outer struct not mapped for attach").
  return v.pointer.index === undefined || ctx.knobs['K-A43'] === 'as-struct';
}

export const STRUCT_GROUP = 'OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (members of one struct in one directive, K-A64)';

/** One struct's members that a directive's data clauses name, as K-A64 `struct-group` groups them. */
interface StructGroup {
  /** From the struct's first byte to the end of the last member named. */
  range: Range;
  /** Each member's own bytes: a non-pointer member's, or a pointer member's slot (K-A22 `member-mapped`). */
  members: Range[];
}

/**
 * The struct (or struct element) holding member var `v` of data clause `c` when `v` joins a K-A64
 * group: a pointer reference whose member is mapped (K-A22), or a non-pointer member of a struct
 * (`d%n`, `d%arr(2:3)`, in any data clause: libgomp checks a group's members whatever their map
 * kind); with the member's own bytes.
 */
function groupMember(state: ModelState, c: RecordedClause, v: RecordedVar, ctx: StepContext): { struct: Range; member: Range } | null {
  if (!isDataClause(c.clause)) return null;
  if (v.pointer !== null) return mapsMember(c, v, ctx) ? { struct: structRange(state, v.pointer), member: memberRange(v.pointer) } : null;
  if (v.range === null || isEmptyRange(v.range)) return null;
  const holder = objectHoldingOrNone(state, v.range);
  // Non-pointer members belong to single structs (an array of structs names whole elements).
  if (holder === undefined || !worldOf(state).structs.some((s) => s.name === holder.name && s.count === undefined)) return null;
  const whole = v.range.start === holder.start && v.range.end === holder.start + holder.bytes;
  return whole ? null : { struct: { start: holder.start, end: holder.start + holder.bytes }, member: v.range };
}

/** The K-A64 groups of a directive's data clause vars, by the first member var of each. */
function structGroups(state: ModelState, clauses: RecordedClause[], ctx: StepContext): Map<RecordedVar, StructGroup> {
  const byStruct = new Map<number, { first: RecordedVar; group: StructGroup }>();
  for (const c of clauses)
    for (const v of c.vars) {
      const m = groupMember(state, c, v, ctx);
      if (m === null) continue;
      const known = byStruct.get(m.struct.start);
      if (known === undefined) byStruct.set(m.struct.start, { first: v, group: { range: { start: m.struct.start, end: m.member.end }, members: [m.member] } });
      else {
        known.group.range.end = Math.max(known.group.range.end, m.member.end);
        known.group.members.push(m.member);
      }
    }
  return new Map([...byStruct.values()].map(({ first, group }) => [first, group]));
}

// OpenACC 3.3 §2.7.1 Data Specification in Data Clauses (members of one struct in one directive, K-A64)
// A member in a data clause is data of its own: its entry action acts on its bytes whatever else
// of the struct is present (K-A64 `per-member`). libgomp (GCC lowers the members of one struct
// that one directive names to one GOMP_MAP_STRUCT group) looks the group up from the struct's first
// byte to the last member's end; when a present section meets that range, each member must
// already be present (oacc-mem.c goacc_enter_data_internal for enter data, target.c
// gomp_map_fields_existing for constructs), else the program stops.
function structGroupCheck(state: ModelState, group: StructGroup, ctx: StepContext): ErrorObservation | null {
  fire(ctx, STRUCT_GROUP);
  if (ctx.knobs['K-A64'] !== 'struct-group' || presence(state, group.range).kind === 'absent') return null;
  const missing = group.members.find((m) => presence(state, m).kind !== 'present');
  if (missing === undefined) return null;
  return runtimeError(
    'fatal_partial_map',
    `${describeRange(state, missing)}: part of its struct is present, so the runtime maps the struct's members as a group, and this member was not mapped with the others`,
  );
}

export const NO_CREATE_ATTACH = 'OpenACC 3.3 §2.7.10 no_create clause (the attach of a pointer reference whose data is absent, K-A59)';

// OpenACC 3.3 §2.7.10 no_create clause (the attach of a pointer reference whose data is absent, K-A59)
// Data no_create finds absent gets no action, and its pointer no attach (K-A59 `no-attach`). K-A59
// `attach` (GCC 12.2, C and Fortran: no_create(c%p) is lowered to map(no_alloc: *c.p)
// map(attach: c.p), -fdump-tree-gimple): the attach action runs anyway (libgomp
// gomp_attach_pointer: one more count for an attached pointer, else "pointer target not mapped for
// attach" with the target absent, K-A2). Whether the pointer of a no_create var left alone is attached.
function noCreateAttaches(ctx: StepContext): boolean {
  fire(ctx, NO_CREATE_ATTACH);
  return ctx.knobs['K-A59'] === 'attach';
}

/**
 * Entry of a region or enter data: every data clause var, in order, performs its entry action
 * (a null pointer var has none); then every attach clause var and every pointer-reference var is
 * attached, in order of appearance (a no_create var only if its data was present). K-A17 moves
 * the attaches: `list-order` attaches each attach clause var at its place and each pointer
 * reference right after its own data; `attach-first` attaches the attach clause vars before any
 * data, pointer references again right after their data. Stops at the first error.
 */
export function enterClauses(
  state: ModelState,
  clauses: RecordedClause[],
  counter: CounterName,
  ctx: StepContext,
  dataConstruct = false,
  leftAlone = new Set<RecordedVar>(),
): ErrorObservation | null {
  // OpenACC 3.3 §2.7.10: no_create attaches a pointer only when its data is on the device; data
  // it found missing (absent, or partly present and left alone under K-A13) gets no attach. The
  // vars left alone are collected in `leftAlone` (a compute construct's kernel reads them locally).
  const order = ctx.knobs['K-A17'];
  const groups = structGroups(state, clauses, ctx);
  // K-A75: the data clause vars an attach clause var follows at once, and the attaches such a
  // group took (acted on with their data, not again at their place).
  const followers = attachFollowers(clauses, counter, ctx);
  const groupedAttaches = new Set<RecordedVar>();
  const attachVar = (c: RecordedClause, v: RecordedVar): ErrorObservation | null => {
    if (v.pointer === null) return null;
    if (leftAlone.has(v) && !(c.clause === 'no_create' && noCreateAttaches(ctx))) return null;
    // K-A23 `skip`: in enter data, a data clause var that is a null pointer has no attach (libgomp
    // skips a map group whose first address is null, oacc-mem.c goacc_enter_data_internal);
    // structured constructs map through gomp_map_vars, which attaches it.
    if (isDataClause(c.clause) && v.range === null && counter === 'drc' && ctx.knobs['K-A23'] === 'skip') return null;
    return attachAction(state, v.pointer, ctx, v.section === true && v.range !== null ? v.range : undefined);
  };
  const dataEntry = (c: RecordedClause, v: RecordedVar): ErrorObservation | null => {
    // K-A64: the first member var of a struct's group looks the group up.
    const group = groups.get(v);
    const refused = group === undefined ? null : structGroupCheck(state, group, ctx);
    if (refused) return refused;
    // K-A22 `member-mapped`: the member itself first, as a struct element allocated on the device
    // (a reference on the section holding it, or a new section of the member alone).
    if (mapsMember(c, v, ctx)) {
      const member = memberRange(v.pointer!);
      const fresh = presence(state, member).kind === 'absent';
      const stop = clauseEntry(state, 'create', member, counter, ctx);
      if (stop) return stop;
      // K-A24 `pointer-word` (GCC's C front end maps the `void *` of c.p): a member mapped alone
      // covers only the pointer word for every other lookup.
      if (fresh && ctx.knobs['K-A24'] === 'pointer-word') sectionHolding(state, member).word = true;
      // K-A68 `address-only` (gfortran 12): the member's descriptor is allocated, not copied; the
      // attach will write its address word only.
      if (fresh && ctx.knobs['K-A68'] === 'address-only') sectionHolding(state, member).addressOnly = true;
    }
    if (v.range === null) return null;
    // K-A44 `assert` (GCC 12 C; libgomp oacc-mem.c goacc_enter_data_internal asserts
    // `n->refcount != REFCOUNT_INFINITY && n->refcount != REFCOUNT_LINK` for a map group of more
    // than one entry, which a pointer reference is, whose first address is found in the table):
    // enter data of a pointer reference into data of infinite count (a declared array: GCC's C
    // front end makes image variables of them; data acc_map_data mapped), or into a link array
    // no data clause maps now.
    if (counter === 'drc' && v.pointer !== null) {
      // A zero-length member section is looked up by the byte at its address (model/zero-length.ts).
      const probe = isEmptyRange(v.range) ? { start: v.range.start, end: v.range.start + 1 } : v.range;
      const declared = declaredArrayHolding(state, probe);
      const where = presence(state, probe);
      // The group's first address is looked up by any overlap (lookup_host): data only partly
      // present meets the one section it overlaps (several: K-A69 leaves it undefined).
      const met = where.kind === 'present' ? [where.section] : where.kind === 'partly' ? sectionsOverlapping(state, probe) : [];
      const userMapped = met.length === 1 && met[0]!.origin === 'map_data';
      if (declared === 'data' || userMapped || (declared === 'link' && where.kind === 'absent')) {
        fire(ctx, DECLARED_TARGET_ASSERTION);
        if (ctx.knobs['K-A44'] === 'assert')
          return runtimeError('fatal_lowering', `the runtime asserts on a pointer reference into ${describeRange(state, v.range)}, whose count is infinite or link`);
      }
    }
    // K-A60 `registered` (GCC 12 C keys a link array from the start, count REFCOUNT_LINK): enter
    // data finds that key for a link array no data clause maps now and stops on the runtime's
    // assertion (goacc_map_var_existing).
    if (counter === 'drc' && v.pointer === null && ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, v.range) === 'link' && presence(state, v.range).kind === 'absent')
      return runtimeError('fatal_lowering', `the runtime asserts on ${describeRange(state, v.range)}, a link array its table keeps from the start`);
    // K-A11 `extends-before` (libgomp goacc_map_var_existing checks only the end): in enter data, a
    // plain var that starts before a present section and ends inside it counts one more dynamic
    // reference on that section; nothing is copied or allocated. K-A69 `data-alone` (gfortran 12):
    // a pointer reference's data is a map group of its own, checked as a plain var's.
    if (counter === 'drc' && (v.pointer === null || ctx.knobs['K-A69'] === 'data-alone') && ctx.knobs['K-A11'] === 'extends-before' && presence(state, v.range).kind === 'partly') {
      const held = sectionExtendedBefore(state, v.range);
      if (held) {
        presentIncrement(held, 'drc', ctx);
        // K-A72 `descriptor` (gfortran 12): the array's descriptor, mapped afresh, points at its
        // first element, which is not present.
        return descriptorPointerStop(state, v);
      }
    }
    // K-A69 `found-section` (GCC 12 C; libgomp goacc_enter_data_internal, a map group of more than
    // one entry): enter data looks a pointer reference's data up by any overlap and counts one more
    // dynamic reference on the section it finds, whichever end sticks out; nothing is copied or
    // allocated, and the attach below runs as for present data.
    if (counter === 'drc' && v.pointer !== null && ctx.knobs['K-A69'] === 'found-section' && presence(state, v.range).kind === 'partly') {
      presentIncrement(sectionFoundByOverlap(state, v.range, `enter data of ${describeRange(state, v.range)}`), 'drc', ctx);
      return null;
    }
    // Zero bytes (a member section `c%p(3:2)`) are present when K-A55 finds a section at their
    // address; under `no-op` they are no data at all, so no pointer reference either (no attach).
    const empty = isEmptyRange(v.range);
    // K-A61 `abort` (gfortran 12; emit's arrays are Fortran pointer arrays): no_create of an array
    // on a data construct maps its descriptor and then its data pointer, whose lookup of absent
    // data stops the program. (Measured on the data construct only: a compute construct's clause of
    // an array its region does not use ran, gen-20261204-0206-fortran.)
    if (dataConstruct && c.clause === 'no_create' && v.pointer === null && !empty && ctx.knobs['K-A61'] === 'abort' && isUndeclaredArray(state, v.range) && presence(state, v.range).kind === 'absent')
      return runtimeError('fatal_lowering', `no_create(${describeRange(state, v.range)}): the data pointer of the array's descriptor finds no target (gfortran's lowering)`);
    const found = empty ? zeroLengthSection(state, v.range, ctx.knobs) !== null : presence(state, v.range).kind === 'present';
    if (!found && (c.clause === 'no_create' || (empty && ctx.knobs['K-A55'] === 'no-op'))) leftAlone.add(v);
    return clauseEntry(state, c.clause as DataClauseName, v.range, counter, ctx);
  };
  if (order === 'attach-first') {
    for (const c of clauses) {
      if (c.clause !== 'attach') continue;
      fire(ctx, POINTER_CLAUSES.attach.citation);
      for (const v of c.vars) {
        const stop = attachVar(c, v);
        if (stop) return stop;
      }
    }
  }
  for (const c of clauses) {
    if (!isDataClause(c.clause)) {
      if (order !== 'list-order') continue;
      fire(ctx, POINTER_CLAUSES.attach.citation);
      for (const v of c.vars) {
        if (groupedAttaches.has(v)) continue;
        const stop = attachVar(c, v);
        if (stop) return stop;
      }
      continue;
    }
    for (const v of c.vars) {
      // K-A75 `grouped`: data found by any overlap takes the attach that follows it first, then one
      // more dynamic reference on the section found, whichever end sticks out.
      const follower = followers.get(v);
      const held = follower === undefined ? null : groupedSection(state, v, ctx.knobs);
      if (held !== null) {
        // The group's branch asserts that the key found is not of infinite count: acc_map_data's
        // always, a declared array's where GCC makes it an image variable (K-A44 `assert`, C).
        if (held.origin === 'map_data' || (ctx.knobs['K-A44'] === 'assert' && declaredArrayHolding(state, v.range!) === 'data'))
          return runtimeError('fatal_lowering', `the runtime asserts on ${describeRange(state, v.range!)}, found with the attach after it, whose count is infinite`);
        fire(ctx, POINTER_CLAUSES.attach.citation);
        const stop = attachVar(follower!.clause, follower!.v);
        if (stop) return stop;
        groupedAttaches.add(follower!.v);
        presentIncrement(held, 'drc', ctx);
        continue;
      }
      const stop = dataEntry(c, v) ?? (order === 'after-data' ? null : attachVar(c, v));
      if (stop) return stop;
      if (counter === 'drc') enterAccDescriptor(state, v);
    }
  }
  if (order !== 'after-data') return null;
  for (const c of clauses) {
    if (c.clause === 'attach') fire(ctx, POINTER_CLAUSES.attach.citation);
    for (const v of c.vars) {
      const stop = attachVar(c, v);
      if (stop) return stop;
    }
  }
  return null;
}

/**
 * Whether a data clause var still holds a reference of kind `counter` on its data: the data is
 * present and that counter is nonzero. OpenACC 3.3 §2.7.4–§2.7.11 give a var whose data is not on
 * the device, or whose counter is already zero, no exit action at all, so its pointer reference is
 * not detached either. A disassociated pointer var has no data on the device, hence no reference.
 * Detach actions change neither presence nor counters, so asking during the detach pass gives the
 * answer for the start of the exit.
 */
function holdsReference(state: ModelState, range: Range | null, counter: CounterName, knobs: KnobValues): boolean {
  if (range === null) return false;
  // A zero-length subarray (a member section `c%p(3:2)`) holds its reference on the section its
  // address lies in (K-A55; none under `no-op`).
  if (isEmptyRange(range)) {
    const held = zeroLengthSection(state, range, knobs);
    return held !== null && held[counter] !== 0;
  }
  const where = presence(state, range);
  return where.kind === 'present' && where.section[counter] !== 0;
}

/**
 * Exit of a region or exit data: first every pointer is detached in order of appearance (detach
 * clause vars immediately under `finalize`; the delete clause detaches twice under K-A10
 * `twice`; a data clause var only while it holds a reference, see holdsReference); then every
 * data clause var, in order, performs its exit action. Stops at the first error.
 */
export function exitClauses(
  state: ModelState,
  clauses: RecordedClause[],
  counter: CounterName,
  finalize: boolean,
  ctx: StepContext,
): ErrorObservation | null {
  for (const c of clauses) {
    if (!isDataClause(c.clause)) fire(ctx, POINTER_CLAUSES[c.clause].citation);
    for (const v of c.vars) {
      if (v.pointer === null) continue;
      if (c.clause === 'detach' && finalize) {
        const stop = immediateDetachAction(state, v.pointer, ctx, true);
        if (stop) return stop;
        continue;
      }
      // K-A22 `member-mapped`: the runtime detaches the member whatever the target holds (GCC
      // lowers the detach as an item of its own), the member of an element that K-A43 leaves
      // unmapped too; a no_create var detaches only what its entry attached (it may have left its
      // data alone).
      const detachesAnyway = ctx.knobs['K-A22'] === 'member-mapped' && isDataClause(c.clause) && c.clause !== 'no_create';
      if (isDataClause(c.clause) && !detachesAnyway && !holdsReference(state, v.range, counter, ctx.knobs)) continue;
      // Under finalize K-A57 decides this detach: `detach` (the text: §2.7.9 / §2.7.11 give the
      // pointer reference the ordinary detach action) or `immediate` (libgomp: GCC makes every
      // detach of an exit data with finalize a forced detach), as a detach clause with finalize
      // is; K-A18 decides a zero counter there too.
      if (finalize) {
        fire(ctx, FINALIZE_POINTER_DETACH);
        if (ctx.knobs['K-A57'] === 'immediate') {
          const stop = immediateDetachAction(state, v.pointer, ctx, true);
          if (stop) return stop;
          continue;
        }
      }
      const times = c.clause === 'delete' && ctx.knobs['K-A10'] === 'twice' ? 2 : 1;
      for (let i = 0; i < times; i++) {
        const stop = detachAction(state, v.pointer, ctx);
        if (stop) return stop;
      }
    }
  }
  for (const c of clauses) {
    if (!isDataClause(c.clause)) continue;
    for (const v of c.vars) {
      // K-A22 `member-mapped`: the member is released first, without copy-back.
      if (mapsMember(c, v, ctx)) {
        const stop = clauseExit(state, 'delete', memberRange(v.pointer!), counter, finalize, ctx);
        if (stop) return stop;
      }
      // A disassociated pointer gives nothing back. K-A55 `enter-exit-fatal` (GCC 12's C lowering):
      // exit data writes its section c.p[0:n] with n = 0, a zero-length subarray, which stops it.
      if (v.range === null) {
        if (counter !== 'drc' || ctx.knobs['K-A55'] !== 'enter-exit-fatal') continue;
        fire(ctx, ACC_ZERO_LENGTH);
        // (A plain pointer under K-A1p `pointer-only` is no pointer reference: no member to name.)
        const name = v.pointer === null ? 'a pointer' : formatRef(v.pointer);
        return runtimeError('fatal_lowering', `exit data ${c.clause}(${name}): the pointer is disassociated, so its section has length zero, and the runtime has no exit action for a zero-length subarray`);
      }
      // K-A60 `registered` (GCC 12 C keys a link array from the start, count REFCOUNT_LINK): exit
      // data finds that key for a link array no data clause maps now (a pointer reference's target
      // too: its from / release item is looked up alike), and goacc_exit_datum_1 asserts on it.
      if (counter === 'drc' && !isEmptyRange(v.range) && ctx.knobs['K-A60'] === 'registered' && declaredArrayHolding(state, v.range) === 'link' && presence(state, v.range).kind === 'absent')
        return runtimeError('fatal_lowering', `the runtime asserts on ${describeRange(state, v.range)}, a link array its table keeps from the start`);
      const stop = clauseExit(state, c.clause, v.range, counter, finalize, ctx);
      if (stop) return stop;
      if (counter === 'drc') exitAccDescriptor(state, v);
    }
  }
  return null;
}

// ------------------------------------------------------------------------------------------------
// Directives

// OpenACC 3.3 §2.6.6 Enter Data Directive
export function enterData(state: ModelState, step: AccEnterData, ctx: StepContext): Observation {
  fire(ctx, ENTER_DATA);
  // The clauses start dynamic data lifetimes: they work on the dynamic reference counter.
  return enterClauses(state, resolveClauses(state, step.clauses, ctx.knobs, ctx), 'drc', ctx) ?? OK;
}

// OpenACC 3.3 §2.6.6 Exit Data Directive
export function exitData(state: ModelState, step: AccExitData, ctx: StepContext): Observation {
  fire(ctx, EXIT_DATA);
  // The clauses end dynamic data lifetimes; with finalize the dynamic counters drop to zero and
  // detach clause pointers are detached immediately.
  return exitClauses(state, resolveClauses(state, step.clauses, ctx.knobs, ctx), 'drc', step.finalize === true, ctx) ?? OK;
}

// OpenACC 3.3 §2.6.5 Data Construct (entry)
export function dataBegin(state: ModelState, step: AccDataBegin, ctx: StepContext): Observation {
  fire(ctx, DATA_CONSTRUCT);
  // The vars are resolved once, at entry; the region's exit acts on the same host data.
  const clauses = resolveClauses(state, step.clauses, ctx.knobs, ctx);
  const stop = enterClauses(state, clauses, 'src', ctx, true);
  if (stop) return stop;
  state.regions.push({ clauses, visible: step.clauses.flatMap((c) => c.vars) });
  return OK;
}

// OpenACC 3.3 §2.6.5 Data Construct (exit)
export function dataEnd(state: ModelState, ctx: StepContext): Observation {
  fire(ctx, DATA_CONSTRUCT);
  // The innermost open region ends, acting on what its vars resolved to at entry.
  const region = state.regions.pop();
  if (!region) throw new Error('internal: acc_data_end without an open data region');
  return exitClauses(state, region.clauses, 'src', false, ctx) ?? OK;
}
