// Checking untrusted program JSON before any engine sees it. Two layers: zod 4 schemas fix the
// shape (strict objects, so a misspelt field is an error rather than silently ignored), then
// semantic checks tie names and references to the world. Every failure names the step (0-based
// here, 1-based in the one-line file error) and the field, so a user can find it in the file.

import { z } from 'zod';
import {
  ELEMENT_BYTES,
  HEAP_ALLOCATIONS,
  isAllocatable,
  POINTER_BYTES,
  formatMember,
  initMember,
  structElementBytes,
  LANGUAGE_VERSION,
  MAX_ALLOCATION_LENGTH,
  MAX_ARRAY_LENGTH,
  MAX_BLOCK_STATEMENTS,
  MAX_MEMBER_LENGTH,
  MAX_SECTION_BOUND,
  hostLayout,
  parseRef,
  isZeroLength,
  kernelRef,
  kernelStatements,
  refError,
  type Clause,
  type KernelBlock,
  type KernelBody,
  type ParsedRef,
  type Program,
  type Step,
  type StepOp,
  type VarRef,
  type World,
} from './program.js';
import type { MapItem, OmpMapModifier, OmpMapType, PtrArg } from './openmp.js';
import { STEP_OPS, isStepOp, opInfo, regionBeginOf, unreachable, type Api as OpApi, type FieldRole, type RefKind, type RegionEndOp } from './ops.js';
import { FileReadProblem, MAX_INPUT_FILE_BYTES, oneLine, readBoundedText } from './read-file.js';
import { importSourceFile, sourceLanguage } from './source/source.js';
import type { MacroDefinitions } from './source/c.js';
import { isPlain, lowerPlainPointers, surfaceRef, surfaceText } from './plain-pointers.js';

/** Bad user input (program or case file): the CLI prints the one-line message and exits with 2. */
export class InputError extends Error {
  override name = 'InputError';
}

export type ValidationResult =
  | { ok: true; program: Program }
  | { ok: false; step?: number; field: string; message: string };

type Failure = Extract<ValidationResult, { ok: false }>;

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const MAX_VALUE = 1e9;
/** Non-host devices a world may declare. */
const MAX_DEVICES = 4;
/** Upper bound on byte counts of OpenMP routines (allocations, copies, accessibility ranges). */
const MAX_ROUTINE_BYTES = 1 << 16;
/** Input limits (lang/README.md, "Limits"): steps of a program, declared arrays and structs, allocation handles. */
export const MAX_STEPS = 10_000;
export const MAX_ARRAYS = 256;
export const MAX_STRUCTS = 256;
export const MAX_HANDLES = 1_000;

// ------------------------------------------------------------------------------------------------
// Shapes

/**
 * An integer from `min` to `max`. The bounds are checked before integrality, so a huge number is
 * reported against the real limit rather than zod's 2^53 bound for safe integers.
 */
const intIn = (min: number, max: number) => z.number().min(min).max(max).int();
/** Device numbers are C ints. */
const MAX_DEVICE_NUMBER = 2 ** 31 - 1;
const value = intIn(-MAX_VALUE, MAX_VALUE);
/** A write's per-element increment: value + (MAX_ARRAY_LENGTH - 1) * by stays inside a C int. */
const MAX_INCREMENT = 1e5;
const increment = intIn(-MAX_INCREMENT, MAX_INCREMENT);
const varRef = z.string();

const arrayDecl = z.strictObject({
  name: z.string(),
  length: intIn(1, MAX_ARRAY_LENGTH),
  init: z.union([value, z.array(value)], { error: 'expected an integer or an array of integers' }).optional(),
  shape: z.tuple([intIn(1, MAX_ARRAY_LENGTH), intIn(1, MAX_ARRAY_LENGTH)]).optional(),
  scalar: z.literal(true).optional(),
});
const structDecl = z.strictObject({
  name: z.string(),
  pointers: z.array(z.string()),
  fields: z
    .array(
      z.strictObject({
        name: z.string(),
        length: intIn(1, MAX_MEMBER_LENGTH).optional(),
        init: z.union([value, z.array(value)], { error: 'expected an integer or an array of integers' }).optional(),
      }),
    )
    .max(MAX_MEMBER_LENGTH)
    .optional(),
  init: z.record(z.string(), z.union([z.string(), z.null()], { error: 'expected an array reference or null' })).optional(),
  count: intIn(1, MAX_MEMBER_LENGTH).optional(),
  allocatable: z.array(z.string()).optional(),
  plain: z.literal(true).optional(),
});
const worldShape = z.strictObject({
  arrays: z.array(arrayDecl).max(MAX_ARRAYS, { error: `at most ${MAX_ARRAYS} arrays (mapcheck's limit)` }),
  structs: z.array(structDecl).max(MAX_STRUCTS, { error: `at most ${MAX_STRUCTS} structs (mapcheck's limit)` }),
  devices: z.array(z.strictObject({ kind: z.enum(['discrete', 'shared']) })).min(1).max(MAX_DEVICES).optional(),
  reuse: z.boolean().optional(),
  // Plain pointer variables in the surface syntax; lang/plain-pointers.ts lowers them to structs
  // with `plain: true` before this shape is checked (it is here for the JSON Schema).
  pointers: z.array(z.strictObject({ name: z.string(), init: z.union([z.string(), z.null()]).optional() })).optional(),
  requires: z.array(z.enum(['unified_shared_memory'])).max(1).optional(),
  mappers: z
    .array(
      z.strictObject({
        struct: z.string(),
        maps: z.array(z.strictObject({ type: z.enum(['to', 'from', 'tofrom', 'alloc']), vars: z.array(varRef).min(1) })).min(1),
      }),
    )
    .optional(),
  adjacent: z.array(z.array(z.string()).min(2, { error: 'a run of adjacent objects names at least two' })).optional(),
});
const programShape = z.strictObject({
  version: z.literal(LANGUAGE_VERSION).optional(),
  world: z.unknown(),
  steps: z.array(z.unknown()).max(MAX_STEPS, { error: `at most ${MAX_STEPS} steps (mapcheck's limit)` }),
});

const clauses = (names: readonly [string, ...string[]]) =>
  z.array(z.strictObject({ clause: z.enum(names), vars: z.array(varRef).min(1) }));

/** Fortran bounds of a pointer's view (lower bound of a remapping, an index `p(i)`). */
export const MAX_BOUND = 1000;
const bound = intIn(-MAX_BOUND, MAX_BOUND);
const writeBody = z.strictObject({ write: varRef, value, by: increment.optional(), add: z.boolean().optional(), from: varRef.optional() });
const kernelBody = z.union(
  [
    z.strictObject({ read: varRef, at: bound.optional(), bounds: z.literal(true).optional() }),
    writeBody,
    z.strictObject({ pointer: varRef }),
    z.strictObject({ writes: z.array(writeBody).min(2, { error: 'a kernel of several statements has 2 or more; write one statement as the body itself' }).max(MAX_BLOCK_STATEMENTS) }),
  ],
  { error: 'expected {"read": ref, "at"?: index, "bounds"?: true}, {"write": ref, "value": integer, "by"?: integer, "add"?: boolean, "from"?: array}, {"pointer": member} or {"writes": [write, ...]}' },
);

// OpenMP (lang/README-openmp.md). Map types per construct follow OpenMP 6.0 §15.5–§15.8 (lang/ops.ts);
// which modifiers a construct takes is checked with the references (checkMapItems).
const maps = (types: readonly [OmpMapType, ...OmpMapType[]]) =>
  z.array(
    z.strictObject({
      type: z.enum(types),
      modifiers: z.array(z.enum(['always', 'present', 'delete', 'close'])).optional(),
      vars: z.array(varRef).min(1),
    }),
  );

const deviceArg = z.union([intIn(-MAX_DEVICE_NUMBER - 1, MAX_DEVICE_NUMBER), z.literal('initial')], { error: 'expected a device number (integer) or "initial"' });
const byteCount = intIn(0, MAX_ROUTINE_BYTES);
const ptrArg = z.union(
  [
    z.null(),
    z.strictObject({ var: varRef, offset: intIn(0, MAX_ROUTINE_BYTES).optional() }),
    z.strictObject({ handle: z.string(), offset: intIn(0, MAX_ROUTINE_BYTES).optional() }),
  ],
  { error: 'expected null, {"var": ref, "offset"?: n} or {"handle": name, "offset"?: n}' },
);

/** The JSON shape of a field, from its role in the table of operations. */
function fieldShape(f: FieldRole): z.ZodType {
  switch (f.role) {
    case 'var':
      return varRef;
    case 'clauses':
    case 'declare':
      return clauses(f.names);
    case 'maps':
      return maps(f.types);
    case 'body':
      return kernelBody;
    case 'bound':
      return bound;
    case 'extent':
      return intIn(1, MAX_ALLOCATION_LENGTH);
    case 'ptr':
      return ptrArg;
    case 'device':
      return deviceArg;
    case 'result':
      return z.string();
    case 'bytes':
      return f.limit === 'routine' ? byteCount : intIn(0, MAX_ROUTINE_BYTES);
    case 'value':
      return value;
    case 'increment':
      return increment;
    case 'flag':
      return z.boolean();
    case 'keyword':
      return z.literal(f.value);
    default:
      return unreachable(f, 'field role');
  }
}

function stepShape(op: StepOp): z.ZodType {
  const shape: Record<string, z.ZodType> = { op: z.literal(op) };
  for (const [name, f] of Object.entries(opInfo(op).fields as Record<string, FieldRole & { optional?: true }>))
    shape[name] = f.optional ? fieldShape(f).optional() : fieldShape(f);
  return z.strictObject(shape);
}

/** One strict shape per op, derived from the table of operations (lang/ops.ts). */
const STEP_SHAPES = Object.fromEntries(STEP_OPS.map((op) => [op, stepShape(op)])) as { [Op in StepOp]: z.ZodType };

export { STEP_OPS };

// ------------------------------------------------------------------------------------------------
// Error reporting helpers

/** `clauses[0].vars[1]` from a path of keys and indices, optionally under a prefix. */
function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur = root;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

function describeJson(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return v.length === 0 ? 'an empty array' : `an array of ${v.length}`;
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return oneLine(JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v));
  return `${typeof v} ${String(v)}`;
}

/**
 * Turns a zod error into a field name and a message phrased for a program author. For a
 * union, when exactly one alternative fits the input's keys, its own first problem is reported
 * (e.g. `body.value` missing for `{"write": "a"}`); otherwise the union's summary.
 */
export function explainIssue(error: z.ZodError, input: unknown, prefix = ''): { field: string; message: string } {
  // A misspelt field shows up as both "unknown field" and "missing field"; the unknown one names the typo.
  const issue = error.issues.find((i) => i.code === 'unrecognized_keys') ?? error.issues[0]!;
  return explain(issue, [], input, prefix);
}

function explain(issue: z.core.$ZodIssue, base: readonly PropertyKey[], input: unknown, prefix: string): { field: string; message: string } {
  const path = [...base, ...issue.path];
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    return { field: fieldPath([...path, key], prefix), message: `unknown field '${key}'` };
  }
  if (issue.code === 'invalid_union') {
    // A branch whose own keys are all known fits (an unknown key deeper down, as in a statement of
    // a block, is that branch's problem); a misspelt key inside it names the typo.
    const fitting = issue.errors.filter((branch) => branch.length > 0 && !branch.some((i) => i.code === 'unrecognized_keys' && i.path.length === 0));
    if (fitting.length === 1) return explain(fitting[0]!.find((i) => i.code === 'unrecognized_keys') ?? fitting[0]![0]!, path, input, prefix);
  }
  const field = fieldPath(path, prefix) || '(top level)';
  const got = valueAt(input, path);
  if (typeof got === 'number' && !Number.isFinite(got))
    return { field, message: `expected a finite number, got ${got} (a literal such as 1e400 overflows a double)` };
  if ((issue.code === 'too_big' || issue.code === 'too_small') && typeof got === 'number') {
    const bound = issue.code === 'too_big' ? `at most ${String(issue.maximum)}` : `at least ${String(issue.minimum)}`;
    return { field, message: `${got} is out of range (${bound})` };
  }
  if (issue.code === 'invalid_type') {
    if (got === undefined) return { field, message: issue.expected === 'nonoptional' ? 'required field is missing' : `required field is missing (expected ${issue.expected})` };
    return { field, message: `expected ${issue.expected}, got ${describeJson(got)}` };
  }
  return { field, message: `${issue.message.replace(/^Invalid (input|option): /, '')}; got ${describeJson(got)}` };
}

// ------------------------------------------------------------------------------------------------
// World

function checkWorld(raw: unknown): Failure | World {
  // JSON.parse makes "__proto__" an ordinary own key, which zod's record drops without a word;
  // it names no pointer member (not an identifier), so it is reported like any other unknown one.
  const rawStructs = (raw as { structs?: unknown } | null)?.structs;
  if (Array.isArray(rawStructs))
    for (const [i, s] of rawStructs.entries()) {
      const init = (s as { init?: unknown } | null)?.init;
      if (typeof init === 'object' && init !== null && Object.hasOwn(init, '__proto__'))
        return { ok: false, field: `world.structs[${i}].init.__proto__`, message: `'${String((s as { name?: unknown }).name)}' has no pointer member '__proto__'` };
    }
  const parsed = worldShape.safeParse(raw);
  if (!parsed.success) return { ok: false, ...explainIssue(parsed.error, raw, 'world') };
  const world = parsed.data as World;
  const fail = (field: string, message: string): Failure => ({ ok: false, field: `world.${field}`, message });

  const seen = new Map<string, string>();
  const declare = (name: string, field: string): Failure | null => {
    if (!IDENTIFIER.test(name)) return fail(field, `'${name}' is not an identifier ([A-Za-z][A-Za-z0-9_]*)`);
    const earlier = seen.get(name);
    if (earlier) return fail(field, `'${name}' is already declared at ${earlier}`);
    seen.set(name, `world.${field}`);
    return null;
  };

  for (const [i, a] of world.arrays.entries()) {
    const bad = declare(a.name, `arrays[${i}].name`);
    if (bad) return bad;
    if (Array.isArray(a.init) && a.init.length !== a.length)
      return fail(`arrays[${i}].init`, `has ${a.init.length} values but '${a.name}' has length ${a.length}`);
    if (a.scalar && (a.length !== 1 || a.shape !== undefined))
      return fail(`arrays[${i}].scalar`, `'${a.name}' is a scalar variable: it has length 1 and no shape`);
    if (a.shape && a.shape[0] * a.shape[1] !== a.length)
      return fail(`arrays[${i}].shape`, `${a.name}(${a.shape[0]},${a.shape[1]}) has ${a.shape[0] * a.shape[1]} elements but '${a.name}' has length ${a.length}`);
  }
  for (const [i, s] of world.structs.entries()) {
    const bad = declare(s.name, `structs[${i}].name`);
    if (bad) return bad;
    // pointer members, non-pointer ones, or both: a struct with no member has no bytes to map
    if (s.pointers.length === 0 && (s.fields ?? []).length === 0)
      return fail(`structs[${i}].pointers`, `'${s.name}' has no member: give it a pointer member or a non-pointer one (fields)`);
    for (const [j, p] of s.pointers.entries()) {
      if (!IDENTIFIER.test(p)) return fail(`structs[${i}].pointers[${j}]`, `'${p}' is not an identifier`);
      if (s.pointers.indexOf(p) !== j) return fail(`structs[${i}].pointers[${j}]`, `member '${p}' is declared twice`);
    }
    // A plain pointer variable (lang/plain-pointers.ts): its storage is its one pointer.
    if (s.plain && (s.pointers.length !== 1 || s.fields !== undefined || s.count !== undefined || s.allocatable !== undefined))
      return fail(`structs[${i}].plain`, `'${s.name}' is a plain pointer variable: one pointer member and no fields, count or allocatable`);
    for (const [j, x] of (s.allocatable ?? []).entries()) {
      const field = `structs[${i}].allocatable[${j}]`;
      if (!s.pointers.includes(x)) return fail(field, `'${x}' is not a pointer member of '${s.name}' (an allocatable component is one of its pointers)`);
      if (s.allocatable!.indexOf(x) !== j) return fail(field, `member '${x}' is declared allocatable twice`);
      if (s.count !== undefined) return fail(field, `'${s.name}' is an array of structs; allocatable components are taken in single structs only`);
      if ((s.init?.[x] ?? null) !== null) return fail(`structs[${i}].init.${x}`, `'${s.name}%${x}' is an allocatable component, unallocated at program start (allocate it with an allocate step)`);
    }
    for (const [j, f] of (s.fields ?? []).entries()) {
      const field = `structs[${i}].fields[${j}]`;
      if (s.count !== undefined) return fail(field, `'${s.name}' is an array of structs; non-pointer members are taken in single structs only`);
      if (!IDENTIFIER.test(f.name)) return fail(`${field}.name`, `'${f.name}' is not an identifier`);
      if (s.pointers.includes(f.name) || s.fields!.findIndex((g) => g.name === f.name) !== j)
        return fail(`${field}.name`, `member '${f.name}' is declared twice`);
      if (Array.isArray(f.init) && f.init.length !== (f.length ?? 1))
        return fail(`${field}.init`, `has ${f.init.length} values but '${s.name}%${f.name}' has ${f.length ?? 1} element${f.length === undefined ? ' (a scalar)' : 's'}`);
    }
  }
  // Pointer initialisers can name any array, so they are checked once every name is known.
  for (const [i, s] of world.structs.entries()) {
    for (const [key, target] of Object.entries(s.init ?? {})) {
      const field = `structs[${i}].init.${key}`;
      const named = initMember(s, key);
      if (!named) return fail(field, `'${key}' names no element member of '${s.name}' (expected (i)%p with 1 <= i <= ${s.count})`);
      const member = named.member;
      if (!s.pointers.includes(member)) return fail(field, `'${s.name}' has no pointer member '${member}'`);
      if (target === null) continue;
      const problem =
        refError(world, target) ?? (isArrayRef(parseRef(world, target)) ? null : `target '${target}' must be an array or subarray`) ?? scalarTarget(parseRef(world, target));
      if (problem) return fail(field, problem);
      if (isZeroLength(parseRef(world, target))) return fail(field, zeroLengthMisplaced(target));
      const rank2 = rank2Target(parseRef(world, target));
      if (rank2) return fail(field, rank2);
    }
  }
  const mapped = mapperError(world);
  if (mapped) return fail(mapped.field, mapped.message);
  const adjacent = adjacentError(world);
  if (adjacent) return fail(adjacent.field, adjacent.message);
  return world;
}

/** world.adjacent: runs of arrays and structs of the world, each object in at most one run, once. */
function adjacentError(world: World): { field: string; message: string } | null {
  const seen = new Set<string>();
  const names = new Set([...world.arrays.map((a) => a.name), ...world.structs.map((s) => s.name)]);
  for (const [i, run] of (world.adjacent ?? []).entries())
    for (const [j, name] of run.entries()) {
      const field = `adjacent[${i}][${j}]`;
      if (!names.has(name)) return { field, message: `'${name}' is not an array or struct of the world` };
      if (seen.has(name)) return { field, message: `'${name}' is named twice in world.adjacent (an object has one place in host memory)` };
      seen.add(name);
    }
  return null;
}

/**
 * declare mapper (OpenMP 6.0 §7.9.10): one default mapper per struct type (a second one for the
 * same type is not permitted), for a single struct (mapcheck's limit); its list items are the
 * struct itself and its members, each named once (GCC rejects a variable twice on one directive).
 */
function mapperError(world: World): { field: string; message: string } | null {
  const named = new Set<string>();
  for (const [i, m] of (world.mappers ?? []).entries()) {
    const decl = world.structs.find((s) => s.name === m.struct);
    if (!decl) return { field: `mappers[${i}].struct`, message: `'${m.struct}' is not a struct of the world` };
    if (decl.count !== undefined)
      return { field: `mappers[${i}].struct`, message: `'${m.struct}' is an array of structs; declare mapper is taken for single structs only (mapcheck's limit)` };
    if (decl.plain) return { field: `mappers[${i}].struct`, message: `'${m.struct}' is a plain pointer variable, not a struct: declare mapper takes a struct type (OpenMP 6.0 §7.9.10)` };
    if (named.has(m.struct)) return { field: `mappers[${i}].struct`, message: `'${m.struct}' already has a default mapper (OpenMP 6.0 §7.9.10: one per type and identifier)` };
    named.add(m.struct);
    const seen = new Set<string>();
    for (const [j, clause] of m.maps.entries())
      for (const [k, v] of clause.vars.entries()) {
        const field = `mappers[${i}].maps[${j}].vars[${k}]`;
        const problem = refError(world, v);
        if (problem) return { field, message: problem };
        const parsed = parseRef(world, v);
        const root = parsed.kind === 'member' ? parsed.struct : parsed.name;
        if (root !== m.struct) return { field, message: `'${v}' is not '${m.struct}' or one of its members: a mapper's list items are its variable and its members` };
        if (seen.has(v)) return { field, message: `'${v}' is named twice in the mapper` };
        seen.add(v);
      }
  }
  return null;
}

// ------------------------------------------------------------------------------------------------
// Steps

const KIND_WORDS: Record<RefKind, string> = { array: 'an array or subarray', struct: 'a struct', member: 'a pointer member (c%p)' };

/** Checks a reference resolves and has one of the allowed kinds; returns the problem or the parsed ref. */
function checkRef(world: World, ref: string, allowed: readonly RefKind[]): string | ParsedRef {
  const problem = refError(world, ref);
  if (problem) return plainRefProblem(world, ref) ?? problem;
  const parsed = parseRef(world, ref);
  if (parsed.kind === 'struct' && isPlain(world.structs.find((s) => s.name === parsed.name)) && !allowed.includes('struct'))
    return allowed.includes('member')
      ? `'${ref}' is a plain pointer variable (its own storage); name its target, ${ref}(:) or ${ref}(l:u)`
      : `'${ref}' is a plain pointer variable; expected ${allowed.map((k) => KIND_WORDS[k]).join(' or ')}`;
  if (parsed.kind === 'member' && !allowed.includes('member') && isPlain(world.structs.find((s) => s.name === parsed.struct)))
    return `'${surfaceRef(world, ref, false)}' is the target of plain pointer ${parsed.struct}; expected ${allowed.map((k) => KIND_WORDS[k]).join(' or ')}`;
  if (!allowed.includes(parsed.kind))
    return `'${ref}' is ${KIND_WORDS[parsed.kind]}; expected ${allowed.map((k) => KIND_WORDS[k]).join(' or ')}`;
  // Where only a pointer member is taken, the pointer itself is meant (attach, nullify, a pointer
  // read): a section of its target is data, not a pointer.
  if (parsed.kind === 'member' && parsed.bounds !== undefined && !allowed.includes('array'))
    return `'${ref}' is a section of the target of ${formatMember(parsed.struct, parsed.member, parsed.index)}; expected the pointer member itself (${formatMember(parsed.struct, parsed.member, parsed.index)})`;
  return parsed;
}

/**
 * Why a reference rooted at a plain pointer `p` does not resolve, in a plain pointer's terms (it is
 * rank 1 and has no members), or null when `ref` is not rooted at one.
 */
function plainRefProblem(world: World, ref: string): string | null {
  const root = /^[A-Za-z][A-Za-z0-9_]*/.exec(ref)?.[0];
  const decl = world.structs.find((s) => s.name === root);
  if (!decl || !isPlain(decl)) return null;
  const member = decl.pointers[0]!;
  if (ref.startsWith(`${root}%${member}(`) && /^[^,]*$/.test(ref))
    return `bounds of '${ref}' are empty or outside 1:${MAX_SECTION_BOUND} (a pointer targets at most ${MAX_SECTION_BOUND} elements, counted from 1)`;
  if (ref.includes(','))
    return `'${root}' is a plain pointer of rank 1 (integer, pointer :: ${root}(:)), so '${ref}' cannot take 2 subscripts`;
  return `'${ref}' is not a reference to plain pointer '${root}' (expected ${root}, ${root}(:) or ${root}(l:u))`;
}

/**
 * A kernel reading or writing through a plain pointer `p` reads the pointer's device copy when the
 * construct names `p` itself in a clause or map (its own storage). When the construct names no `p`
 * but one section of its target (`p(:)`, `p(l:u)`) in a data clause or map, `p` is private to the
 * construct and holds the device address of its target found through that section (OpenACC 3.3
 * §2.7, OpenMP 6.0 §7.9.6 pointer initialisation; lang/README.md "Plain pointer variables",
 * model/plain-pointers.ts): a kernel element or section through it, never its bounds, one
 * element of its view or the pointer itself (a C pointer has no descriptor). Other unnamed uses
 * (the implicit firstprivate of an unnamed pointer, OpenACC 3.3 §2.6.2, or OpenMP 6.0 §7.9.3's
 * zero-offset assumed-size array with no section named) are not modelled, and refused.
 */
function plainKernelProblem(world: World, step: Step): StepFailure | null {
  if (step.op !== 'acc_parallel' && step.op !== 'omp_target') return null;
  const named = 'clauses' in step ? step.clauses.flatMap((c) => c.vars) : step.maps.flatMap((m) => m.vars);
  const dataNamed = 'clauses' in step ? step.clauses.filter((c) => c.clause !== 'attach').flatMap((c) => c.vars) : named;
  for (const [i, body] of kernelStatements(step.body).entries()) {
    const parsed = parseRef(world, kernelRef(body));
    if (parsed.kind !== 'member' || !isPlain(world.structs.find((s) => s.name === parsed.struct))) continue;
    if (named.includes(parsed.struct)) continue;
    const field = `${statementField(step.body, i)}.${'read' in body ? 'read' : 'write' in body ? 'write' : 'pointer'}`;
    const p = parsed.struct;
    const sections = dataNamed.filter((v) => {
      const r = parseRef(world, v);
      return r.kind === 'member' && r.struct === p;
    });
    const how = `name '${p}' itself (the kernel then reads its device copy) or one section of its target, ${p}(:) or ${p}(l:u) (the kernel's ${p} is then the device address found through it)`;
    if (sections.length === 0)
      return {
        field,
        message: `the kernel goes through plain pointer '${p}', which no ${'clauses' in step ? 'data clause' : 'map'} of the construct names: ${how}; the implicit firstprivate / zero-length-section reading of an unnamed pointer (OpenACC 3.3 §2.6.2, OpenMP 6.0 §7.9.3) is not modelled`,
      };
    if (sections.length > 1 || sections.some((v) => isZeroLength(parseRef(world, v))))
      return { field, message: `the kernel goes through plain pointer '${p}', not named itself, and the construct names ${sections.length > 1 ? `${sections.length} sections of its target` : 'an empty section of its target'}: name one section with elements (its device address is what the kernel's ${p} becomes)` };
    if (!('write' in body) && !('read' in body && !body.bounds && body.at === undefined))
      return { field, message: `the kernel reads ${'pointer' in body ? `the pointer '${p}'` : `the bounds or one element of the view of '${p}'`}, which the construct does not name: name '${p}' itself (an unnamed C pointer is a private address, with no descriptor)` };
  }
  return null;
}

/** The field of statement `i` of a kernel: `body`, or `body.writes[i]` in a block. */
function statementField(body: KernelBody | KernelBlock, i: number): string {
  return 'writes' in body ? `body.writes[${i}]` : 'body';
}

/**
 * A copy (a write with `from`, lang/README.md "Copy kernels") writes and reads arrays of the world:
 * as many elements each, and of one array the same section or disjoint ones, so that no element
 * reads what the write of another changes (in a kernel a data race, in a host loop an order).
 */
function copyProblem(world: World, step: Step): StepFailure | null {
  if (step.op === 'host_write') return copyWriteProblem(world, { write: step.var, from: step.from, field: 'var', fromField: 'from' });
  if (step.op !== 'acc_parallel' && step.op !== 'omp_target') return null;
  for (const [i, body] of kernelStatements(step.body).entries()) {
    if (!('write' in body)) continue;
    const field = statementField(step.body, i);
    const problem = copyWriteProblem(world, { write: body.write, from: body.from, field: `${field}.write`, fromField: `${field}.from` });
    if (problem) return problem;
  }
  return null;
}

/** copyProblem for one write: its reference (`field`) and what it copies (`fromField`). */
function copyWriteProblem(world: World, w: { write: VarRef; from: VarRef | undefined; field: string; fromField: string }): StepFailure | null {
  if (w.from === undefined) return null;
  const from = parseRef(world, w.from);
  if (from.kind !== 'array' || from.field !== undefined)
    return { field: w.fromField, message: `'${w.from}' is not an array of the program: a copy reads an array, a section of one or a scalar (lang/README.md "Copy kernels")` };
  const written = parseRef(world, w.write);
  if (written.kind !== 'array' || written.field !== undefined)
    return { field: w.field, message: `'${w.write}' is not an array of the program: a copy (from '${w.from}') writes an array, a section of one or a scalar (lang/README.md "Copy kernels")` };
  const [n, m] = [written.hi - written.lo, from.hi - from.lo];
  if (n !== m) return { field: w.fromField, message: `'${w.from}' has ${m} element${m === 1 ? '' : 's'} and '${w.write}' ${n}: a copy reads as many elements as it writes` };
  if (from.name === written.name && from.lo !== written.lo && from.lo < written.hi && written.lo < from.hi)
    return {
      field: w.fromField,
      message: `'${w.from}' and '${w.write}' overlap without being the same section: an element would read what the write of another changes (a data race in a kernel); a copy takes the same section or disjoint ones`,
    };
  return null;
}

/** The storage a block's reference names, as a key, and its elements [lo, hi) there; null for a whole pointer member (its length is the target's). */
function blockExtent(world: World, parsed: ParsedRef): { key: string; lo: number; hi: number; pointer: boolean } | null {
  if (parsed.kind === 'array') return { key: parsed.name, lo: parsed.lo, hi: parsed.hi, pointer: false };
  if (parsed.kind !== 'member' || parsed.bounds === undefined) return null;
  const decl = world.structs.find((s) => s.name === parsed.struct)!;
  const key = `${parsed.struct}${parsed.index === undefined ? '' : `(${parsed.index + 1})`}%${parsed.member}`;
  return { key, lo: parsed.bounds[0], hi: parsed.bounds[1] + 1, pointer: !isAllocatable(decl, parsed.member) };
}

/**
 * A kernel of several statements (lang/README.md "Kernels of several statements") is one loop whose
 * iterations may run in any order: every statement has as many elements, and no element one
 * statement writes is one another statement reads or writes in another iteration. Of one array (or
 * one pointer member's target) two statements name the same section or disjoint ones. A pointer
 * member other than an allocatable component (which aliases nothing) may point into another
 * reference, so with more than one element it is refused. A scalar one statement writes is named by
 * no other, since its firstprivate copy would carry the write to the next statement.
 */
function blockProblem(world: World, step: Step): StepFailure | null {
  if ((step.op !== 'acc_parallel' && step.op !== 'omp_target') || !('writes' in step.body)) return null;
  type Use = { field: string; ref: VarRef; written: boolean; statement: number; key: string; lo: number; hi: number; scalar: boolean };
  const uses: Use[] = [];
  let count: { n: number; ref: VarRef } | null = null;
  for (const [i, w] of step.body.writes.entries()) {
    for (const [field, ref, written] of [['write', w.write, true], ['from', w.from, false]] as const) {
      if (ref === undefined) continue;
      const parsed = parseRef(world, ref);
      const at = `body.writes[${i}].${field}`;
      const extent = blockExtent(world, parsed);
      if (extent === null) return { field: at, message: `'${ref}' is a whole pointer member: a statement of a kernel of several statements names a section of it (${ref}(1:n)), so that every statement has a known number of elements` };
      const n = extent.hi - extent.lo;
      if (count === null) count = { n, ref };
      else if (n !== count.n) return { field: at, message: `'${ref}' has ${n} element${n === 1 ? '' : 's'} and '${count.ref}' ${count.n}: the statements of a kernel are one loop, each over as many elements` };
      if (extent.pointer && n > 1)
        return { field: at, message: `'${ref}' goes through a pointer that may point into another reference of the kernel: a kernel of several statements over more than one element goes through allocatable components only (an aliased element would be a data race)` };
      uses.push({ field: at, ref, written, statement: i, key: extent.key, lo: extent.lo, hi: extent.hi, scalar: parsed.kind === 'array' && parsed.scalar === true });
    }
  }
  for (const [j, b] of uses.entries())
    for (const a of uses.slice(0, j)) {
      if (a.statement === b.statement || a.key !== b.key || (!a.written && !b.written)) continue;
      if (a.scalar || b.scalar)
        return { field: b.field, message: `'${b.ref}' is a scalar that another statement of the kernel ${a.written ? 'writes' : 'reads'} ('${a.ref}'): its firstprivate copy would carry a write from one statement to the next, which the language does not model` };
      if (a.lo !== b.lo && a.lo < b.hi && b.lo < a.hi)
        return { field: b.field, message: `'${b.ref}' and '${a.ref}' overlap without being the same section: an element one iteration writes would be one another iteration uses (a data race); the statements of a kernel take the same section of an array or disjoint ones` };
    }
  return null;
}

/** Why a scalar variable cannot be a pointer's target (a Fortran `integer, pointer :: p(:)` targets an array), or null. */
function scalarTarget(parsed: ParsedRef): string | null {
  return parsed.kind === 'array' && parsed.scalar ? `'${parsed.name}' is a scalar variable; a pointer member targets an array (integer, pointer :: p(:))` : null;
}

/** The ops whose `var` may be a zero-length section: the routines that look up an address (OpenACC 3.3 §3.2.25, §3.2.23). */
const ZERO_LENGTH_VAR_OPS: ReadonlySet<string> = new Set(['acc_is_present', 'acc_deviceptr']);

/** Where a zero-length section (`a(3:2)`) is refused: it names no element, so only lookups and data clauses take it. */
function zeroLengthMisplaced(ref: string): string {
  return `'${ref}' is a zero-length section (no element): it is taken only in data clauses, map and motion clauses, acc_update, acc_is_present and acc_deviceptr`;
}

const ANY_REF: readonly RefKind[] = ['array', 'struct', 'member'];
const DATA_REF: readonly RefKind[] = ['array', 'member'];
const MEMBER_REF: readonly RefKind[] = ['member'];
const ARRAY_REF: readonly RefKind[] = ['array'];
/** Host variables whose address an OpenMP routine can take. */
const HOST_PTR_REF: readonly RefKind[] = ['array', 'struct'];

/** A pointer member is rank 1 (`p(:)`), so its target is too (Fortran 2018 §10.2.2.3: the ranks agree). */
function rank2Target(ref: ParsedRef): string | null {
  return ref.kind === 'array' && ref.rank2 !== undefined ? `'${ref.name}' has rank 2, and a pointer member (p(:)) takes a rank-1 target` : null;
}

/** A section of a pointer member's target (`c%p(2:5)`). */
function isMemberSection(ref: ParsedRef): boolean {
  return ref.kind === 'member' && ref.bounds !== undefined;
}

/** An array or subarray of the world's arrays (not a struct's non-pointer member). */
function isArrayRef(ref: ParsedRef): boolean {
  return ref.kind === 'array' && ref.field === undefined;
}

/** Largest byte length a reference can resolve to (a member resolves to some array's elements). */
function maxRefBytes(world: World, ref: ParsedRef): number {
  if (ref.kind === 'array') return (ref.hi - ref.lo) * ELEMENT_BYTES;
  if (ref.kind === 'struct') {
    const decl = world.structs.find((s) => s.name === ref.name)!;
    return (ref.lo === undefined ? 1 : ref.hi! - ref.lo) * structElementBytes(decl);
  }
  return Math.max(0, ...world.arrays.map((a) => a.length * ELEMENT_BYTES));
}

interface StepFailure {
  field: string;
  message: string;
}

/** What the steps before the current one established: open regions and allocation handles. */
interface StepContext {
  world: World;
  /** Open data regions, innermost last, with the 0-based step that opened each and its op. */
  regions: { api: Api; step: number; op: StepOp }[];
  /** `result` names of earlier allocation steps (omp_target_alloc, acc_malloc): the bytes and the 0-based step. */
  handles: Map<string, { bytes: number; step: number }>;
  /**
   * Handles a region-opening step defined (host_data use_device): they end with the region. Names
   * of ended ones, with the 0-based steps that opened and closed their region, for the message.
   */
  ended: Map<string, { step: number; end: number; op: StepOp }>;
  /** The allocation routine of the program's API, for messages (acc_malloc in OpenACC programs). */
  allocOp: StepOp;
  /** Arrays a program-scope declaration names, with the 0-based step that names each. */
  declared: Map<string, number>;
  /** The 0-based index of the step being checked. */
  step: number;
  /** Allocatable components allocated at this point of the program (`c%x`), with the 0-based step that allocated each. */
  allocated: Map<string, number>;
  /** `allocate` steps so far (the host heap holds HEAP_ALLOCATIONS). */
  allocations: number;
  /** The first step that is not a program-scope declaration, once there is one. */
  firstOther: { step: number; op: StepOp } | null;
}

/** Whether `op` is a program-scope declaration (a field with the `declare` role). */
function isDeclaration(op: StepOp): boolean {
  return Object.values(opInfo(op).fields as Record<string, FieldRole>).some((f) => f.role === 'declare');
}

type Api = Exclude<OpApi, 'host'>;

/** The offloading API of an op; host steps belong to none. */
function stepApi(op: StepOp): Api | null {
  const api = opInfo(op).api;
  return api === 'host' ? null : api;
}

/** The op that makes a handle (an allocation: a result and a byte count) in each API: what an unknown handle should have come from. */
const allocOf = (api: Api): StepOp =>
  STEP_OPS.find((op) => {
    const roles = Object.values(opInfo(op).fields as Record<string, FieldRole>).map((f) => f.role);
    return opInfo(op).api === api && roles.includes('result') && roles.includes('bytes');
  })!;
const ALLOC_OF: Record<Api, StepOp> = { openacc: allocOf('openacc'), openmp: allocOf('openmp') };

/** Bytes from the start of the range `ref` resolves to up to the end of its object (one past the end). */
function bytesToObjectEnd(world: World, ref: ParsedRef): number {
  const name = ref.kind === 'member' ? ref.struct : ref.name;
  const obj = hostLayout(world).find((o) => o.name === name)!;
  if (ref.kind === 'struct' && ref.lo !== undefined)
    return obj.bytes - ref.lo * structElementBytes(world.structs.find((s) => s.name === ref.name)!);
  return ref.kind === 'array' ? obj.bytes - ref.lo * ELEMENT_BYTES : obj.bytes;
}

/** Map items: references, and the modifiers the construct takes (delete: exit data only, and not twice). */
function checkMapItems(world: World, items: MapItem[], deleteModifier: boolean, name = 'maps', motion = false): StepFailure | null {
  for (const [i, item] of items.entries()) {
    const seen = new Set<OmpMapModifier>();
    for (const [k, m] of (item.modifiers ?? []).entries()) {
      const field = `${name}[${i}].modifiers[${k}]`;
      if (seen.has(m)) return { field, message: `modifier '${m}' is given twice` };
      seen.add(m);
      // OpenMP 6.0 §15.9: a motion clause of target update takes the present modifier only.
      if (motion && m !== 'present') return { field, message: `a motion clause (target update ${item.type}) takes only the present modifier, not '${m}'` };
      if (m === 'delete' && !deleteModifier)
        return { field, message: `the delete modifier belongs on ${DELETE_MODIFIER_OPS.join(', ')} maps only` };
      if (m === 'delete' && item.type === 'delete')
        return { field, message: `map type 'delete' already deletes; drop the delete modifier` };
    }
    for (const [j, v] of item.vars.entries()) {
      const res = checkRef(world, v, ANY_REF);
      if (typeof res === 'string') return { field: `${name}[${i}].vars[${j}]`, message: res };
    }
  }
  return null;
}

/**
 * A pointer argument: null, a host variable (array, subarray or struct) plus an offset of at most
 * one past the end of its object, or the result of an earlier omp_target_alloc plus an offset of at
 * most one past the allocation. `aligned`: offsets must be whole elements (copies and associations
 * move whole int32 elements).
 */
function checkPtrArg(ctx: StepContext, field: string, p: PtrArg, aligned: boolean): StepFailure | null {
  if (p === null) return null;
  const offset = p.offset ?? 0;
  if (aligned && offset % ELEMENT_BYTES !== 0)
    return { field: `${field}.offset`, message: `${offset} is not a multiple of ${ELEMENT_BYTES} (whole elements only here)` };
  if ('var' in p) {
    const res = checkRef(ctx.world, p.var, HOST_PTR_REF);
    if (typeof res === 'string') return { field: `${field}.var`, message: res };
    if (isZeroLength(res)) return { field: `${field}.var`, message: zeroLengthMisplaced(p.var) };
    const limit = bytesToObjectEnd(ctx.world, res);
    if (offset > limit)
      return { field: `${field}.offset`, message: `${offset} is past the end of the object of '${p.var}' (at most ${limit}, one past the end)` };
    return null;
  }
  const alloc = ctx.handles.get(p.handle);
  const ended = ctx.ended.get(p.handle);
  if (!alloc && ended)
    return {
      field: `${field}.handle`,
      message: `'${p.handle}' is the address ${ended.op} gave at step ${ended.step + 1}, which is no longer valid after its region ended at step ${ended.end + 1}`,
    };
  if (!alloc) return { field: `${field}.handle`, message: `'${p.handle}' is not the result of an earlier ${ctx.allocOp} step` };
  if (offset > alloc.bytes)
    return {
      field: `${field}.offset`,
      message: `${offset} is past the end of '${p.handle}' (${alloc.bytes} bytes at step ${alloc.step + 1}; at most ${alloc.bytes})`,
    };
  return null;
}

function wholeElements(field: string, n: number): StepFailure | null {
  return n % ELEMENT_BYTES === 0 ? null : { field, message: `${n} is not a multiple of ${ELEMENT_BYTES} (whole elements only)` };
}

/** The constructs whose maps take the 6.0 delete modifier. */
const DELETE_MODIFIER_OPS = STEP_OPS.filter((op) =>
  Object.values(opInfo(op).fields as Record<string, FieldRole>).some((f) => f.role === 'maps' && f.deleteModifier === true),
);

/** Checks the references of one kernel statement (a body, or a statement of a block), its fields under `name`. */
function checkBodyStatement(world: World, body: KernelBody, name: string): StepFailure | null {
  const ref = (field: string, r: string, allowed: readonly RefKind[]): StepFailure | null => {
    const res = checkRef(world, r, allowed);
    return typeof res === 'string' ? { field, message: res } : null;
  };
  if ('pointer' in body) return ref(`${name}.pointer`, body.pointer, MEMBER_REF);
  const [field, target] = 'read' in body ? [`${name}.read`, body.read] : [`${name}.write`, body.write];
  const bad = ref(field, target, DATA_REF);
  if (bad) return bad;
  if (isZeroLength(parseRef(world, target))) return { field, message: zeroLengthMisplaced(target) };
  if ('write' in body && body.from !== undefined) {
    const badFrom = ref(`${name}.from`, body.from, ARRAY_REF);
    if (badFrom) return badFrom;
    if (isZeroLength(parseRef(world, body.from))) return { field: `${name}.from`, message: zeroLengthMisplaced(body.from) };
  }
  if (!('read' in body)) return null;
  // A view's index and bounds are those of a pointer's descriptor (Fortran 2008 §7.2.2.3).
  if (body.at !== undefined && body.bounds) return { field: `${name}.at`, message: 'a kernel reads either one element (at) or the bounds (bounds), not both' };
  const viewField = body.bounds ? `${name}.bounds` : `${name}.at`;
  if ((body.at !== undefined || body.bounds) && parseRef(world, target).kind !== 'member')
    return { field: viewField, message: `'${target}' is not a pointer member: only a pointer's device view has a descriptor (index and bounds)` };
  if ((body.at !== undefined || body.bounds) && isMemberSection(parseRef(world, target)))
    return { field: viewField, message: `'${target}' is a member section: its index and bounds are those of the pointer itself; read the view of the member` };
  return null;
}

/** Checks one field of a step by its role in the table of operations (lang/ops.ts). */
function checkField(ctx: StepContext, step: Step, name: string, f: FieldRole): StepFailure | null {
  const world = ctx.world;
  const v = (step as unknown as Record<string, unknown>)[name];
  if (v === undefined) return null;
  const ref = (field: string, r: string, allowed: readonly RefKind[]): StepFailure | null => {
    const res = checkRef(world, r, allowed);
    return typeof res === 'string' ? { field, message: res } : null;
  };
  switch (f.role) {
    case 'var': {
      const problem = ref(name, v as string, f.refs);
      if (problem) return problem;
      const parsed = parseRef(world, v as string);
      if (isZeroLength(parsed) && !ZERO_LENGTH_VAR_OPS.has(step.op)) return { field: name, message: zeroLengthMisplaced(v as string) };
      // A pointer target or a use_device list item is an array of the world: a struct's
      // non-pointer member has no target attribute of its own in the language.
      if (parsed.kind === 'array' && parsed.field !== undefined && !f.refs.includes('member'))
        return { field: name, message: `'${String(v)}' is a non-pointer member of struct '${parsed.name}'; ${step.op} takes an array${f.whole ? '' : ' or subarray'}` };
      if (step.op === 'pointer_assign' && name === 'target') {
        const rank2 = rank2Target(parsed) ?? scalarTarget(parsed);
        if (rank2) return { field: name, message: rank2 };
      }
      if (!f.whole) return null;
      return parsed.kind === 'array' && !parsed.whole
        ? { field: name, message: `'${String(v)}' is a subarray; ${step.op} takes the name of a whole array` }
        : null;
    }
    case 'clauses':
      for (const [i, c] of (v as { clause: string; vars: string[] }[]).entries())
        for (const [j, r] of c.vars.entries()) {
          const allowed = c.clause === 'attach' || c.clause === 'detach' ? MEMBER_REF : ANY_REF;
          const p = ref(`${name}[${i}].vars[${j}]`, r, allowed);
          if (p) return p;
        }
      return null;
    case 'declare':
      for (const [i, c] of (v as { clause: string; vars: string[] }[]).entries())
        for (const [j, r] of c.vars.entries()) {
          const field = `${name}[${i}].vars[${j}]`;
          const res = checkRef(world, r, ARRAY_REF);
          if (typeof res === 'string') return { field, message: res };
          if (res.kind !== 'array' || !res.whole) return { field, message: `'${r}' is not a whole array (a declaration names whole arrays)` };
          // Which data attribute an OpenACC kernel gives an unnamed declare link scalar is not modelled
          // (an OpenMP declare target scalar is mapped tofrom: model/omp/constructs.ts).
          if (res.scalar && step.op === 'acc_declare' && c.clause === 'link')
            return { field, message: `'${r}' is a scalar variable: declare link of a scalar is not in the language (lang/README.md "Scalar variables")` };
          const earlier = ctx.declared.get(res.name);
          if (earlier !== undefined) return { field, message: `'${r}' is already declared at step ${earlier + 1} (a variable is declared once)` };
          ctx.declared.set(res.name, ctx.step);
        }
      return null;
    case 'maps':
      return checkMapItems(world, v as MapItem[], f.deleteModifier === true, name, f.motion === true);
    case 'body': {
      const body = v as KernelBody | KernelBlock;
      if ('writes' in body) {
        for (const [i, w] of body.writes.entries()) {
          const problem = checkBodyStatement(world, w, `${name}.writes[${i}]`);
          if (problem) return problem;
        }
        return null;
      }
      return checkBodyStatement(world, body, name);
    }
    case 'ptr':
      return checkPtrArg(ctx, name, v as PtrArg, f.aligned);
    case 'result': {
      const result = v as string;
      if (!IDENTIFIER.test(result)) return { field: name, message: `'${result}' is not an identifier ([A-Za-z][A-Za-z0-9_]*)` };
      // A kernel hands a value to the host code only when it reads a pointer.
      const body = (step as { body?: KernelBody }).body;
      if (body !== undefined && !('pointer' in body))
        return { field: name, message: `only a kernel that reads a pointer ({"pointer": member}) names its value; this one ${'read' in body ? 'reads' : 'writes'} elements` };
      const earlier = ctx.handles.get(result) ?? ctx.ended.get(result);
      if (earlier) return { field: name, message: `'${result}' is already the result of step ${earlier.step + 1}` };
      return null;
    }
    case 'bytes': {
      const n = v as number;
      if (f.whole) return wholeElements(name, n);
      if (f.limit === 'var') {
        const of = (step as { var?: string }).var;
        if (of === undefined) throw new Error(`internal: ${step.op}.${name} is bounded by a var the op does not have`);
        const limit = maxRefBytes(world, parseRef(world, of));
        if (n > limit) return { field: name, message: `${n} exceeds the ${limit} bytes '${of}' can cover` };
      }
      return null;
    }
    case 'device':
    case 'value':
    case 'increment':
    case 'bound':
    case 'extent':
    case 'flag':
    case 'keyword':
      return null;
    default:
      return unreachable(f, 'field role');
  }
}

/**
 * Allocatable components (lang/README.md "Allocatable components"): the allocation status of each is
 * known from the program text (host steps run in order), so an allocate of an allocated component
 * and a deallocate of an unallocated one (Fortran 2018 §9.7.1.3, §9.7.3.2: an error condition, error
 * termination without stat=) are refused here, as are a pointer assignment or nullify of one (an
 * allocatable is no pointer, Fortran 2018 §10.2.2.2) and more allocations than the host heap holds.
 * An allocate or deallocate of a pointer member that is not allocatable is refused too.
 */
function checkAllocation(ctx: StepContext, step: Step): StepFailure | null {
  if (step.op !== 'allocate' && step.op !== 'deallocate' && step.op !== 'pointer_assign' && step.op !== 'nullify') return null;
  const r = parseRef(ctx.world, step.ptr);
  if (r.kind !== 'member') return null;
  const decl = ctx.world.structs.find((s) => s.name === r.struct)!;
  const allocatable = isAllocatable(decl, r.member);
  if (step.op === 'pointer_assign' || step.op === 'nullify')
    return allocatable ? { field: 'ptr', message: `'${step.ptr}' is an allocatable component, not a pointer: use allocate / deallocate (Fortran 2018 §10.2.2.2)` } : null;
  if (!allocatable) return { field: 'ptr', message: `'${step.ptr}' is a pointer member, not an allocatable component (list it in the struct's "allocatable")` };
  const since = ctx.allocated.get(step.ptr);
  if (step.op === 'allocate') {
    if (since !== undefined) return { field: 'ptr', message: `'${step.ptr}' is already allocated (step ${since + 1}); deallocate it first (Fortran 2018 §9.7.1.3)` };
    if (ctx.allocations >= HEAP_ALLOCATIONS) return { field: 'op', message: `more than ${HEAP_ALLOCATIONS} allocate steps (the host heap's allocations, mapcheck's limit)` };
    ctx.allocations++;
    ctx.allocated.set(step.ptr, ctx.step);
    return null;
  }
  if (since === undefined) return { field: 'ptr', message: `'${step.ptr}' is not allocated here; deallocate needs an allocated component (Fortran 2018 §9.7.3.2)` };
  ctx.allocated.delete(step.ptr);
  return null;
}

/**
 * A procedure's declare (lang/README.md "Procedure-scope declare"): its vars are the procedure's
 * dummy arguments, whole arrays, and a variable appears at most once in the declare directives of
 * a procedure (OpenACC 3.3 §2.13 restrictions).
 */
function checkProcedureDeclare(world: World, clauses: readonly Clause<string>[]): StepFailure | null {
  const seen = new Map<string, string>();
  for (const [i, c] of clauses.entries())
    for (const [j, r] of c.vars.entries()) {
      const field = `clauses[${i}].vars[${j}]`;
      const parsed = parseRef(world, r);
      if (parsed.kind !== 'array' || !parsed.whole || parsed.field !== undefined)
        return { field, message: `'${r}' is not a whole array (a procedure's declare names its dummy arguments, whole arrays of the world)` };
      const earlier = seen.get(parsed.name);
      if (earlier !== undefined) return { field, message: `'${r}' is already in this declare's ${earlier} clause (a variable appears once in a procedure's declare, OpenACC 3.3 §2.13)` };
      seen.set(parsed.name, c.clause);
    }
  return null;
}

function checkStepSemantics(ctx: StepContext, step: Step): StepFailure | null {
  const info = opInfo(step.op);
  if (info.region === 'closes') {
    const open = ctx.regions.at(-1);
    const begin = regionBeginOf(step.op as RegionEndOp);
    if (open?.op === begin) return null;
    if (!open) return { field: 'op', message: `no open ${begin} to close` };
    return { field: 'op', message: `the innermost open region is the ${open.op} of step ${open.step + 1}, not an ${begin}` };
  }
  for (const [name, f] of Object.entries(info.fields as Record<string, FieldRole>)) {
    const problem = checkField(ctx, step, name, f);
    if (problem) return problem;
  }
  const plain = plainKernelProblem(ctx.world, step);
  if (plain) return plain;
  const copy = copyProblem(ctx.world, step);
  if (copy) return copy;
  const block = blockProblem(ctx.world, step);
  if (block) return block;
  if (step.op === 'acc_procedure_begin') return checkProcedureDeclare(ctx.world, step.clauses);
  if (step.op === 'host_read' && (step.at !== undefined || step.bounds)) {
    // A view's index and bounds are those of a pointer's descriptor (Fortran 2008 §7.2.2.3).
    if (step.at !== undefined && step.bounds) return { field: 'at', message: 'a read takes either one element (at) or the bounds (bounds), not both' };
    if (parseRef(ctx.world, step.var).kind !== 'member')
      return { field: step.bounds ? 'bounds' : 'at', message: `'${step.var}' is not a pointer member: only a pointer's view has a descriptor (index and bounds)` };
    if (isMemberSection(parseRef(ctx.world, step.var)))
      return { field: step.bounds ? 'bounds' : 'at', message: `'${step.var}' is a member section: its index and bounds are those of the pointer itself; read the view of the member` };
  }
  return null;
}

/**
 * Rules across steps: a program speaks one offloading API (OpenACC or OpenMP, plus host steps),
 * and OpenACC steps run on device 0, which must then be discrete.
 */
function checkApi(world: World, op: StepOp, first: { api: Api; step: number; op: StepOp } | null): StepFailure | null {
  const api = stepApi(op);
  if (api === null) return null;
  if (first && first.api !== api)
    return {
      field: 'op',
      message: `a program may not mix OpenACC (acc_*) and OpenMP (omp_*) steps; step ${first.step + 1} is ${first.op}`,
    };
  if (api === 'openacc' && world.mappers !== undefined && world.mappers.length > 0)
    return { field: 'op', message: `OpenACC steps cannot run in a world with world.mappers (OpenMP declare mapper directives)` };
  if (api === 'openacc' && world.requires !== undefined && world.requires.length > 0)
    return { field: 'op', message: `OpenACC steps cannot run in a world with world.requires (an OpenMP requires directive)` };
  if (api === 'openacc' && world.devices?.[0]?.kind === 'shared')
    return { field: 'op', message: `OpenACC steps use device 0, which must be discrete (world.devices[0] is shared)` };
  return null;
}

// ------------------------------------------------------------------------------------------------
// Entry points

/** Validates a parsed JSON value as a program of language version 1. */
export function validateProgram(raw: unknown): ValidationResult {
  const lowered = lowerPlainPointers(raw);
  if (!('program' in lowered)) return { ok: false, ...lowered };
  const result = validateCanonical(lowered.program);
  if (result.ok || !result.message.includes('%')) return result;
  // Messages about a plain pointer name it as the program does (`p`, not the canonical `p%p`).
  const top = lowered.program as { world?: { structs?: unknown } };
  const structs = Array.isArray(top.world?.structs) ? (top.world.structs as World['structs']) : [];
  return { ...result, message: surfaceText({ arrays: [], structs: structs.filter((s) => typeof s === 'object' && s !== null && typeof s.name === 'string' && Array.isArray(s.pointers)) }, result.message) };
}

/** validateProgram for a program whose plain pointers are in canonical form (lang/plain-pointers.ts). */
function validateCanonical(raw: unknown): ValidationResult {
  const top = programShape.safeParse(raw);
  if (!top.success) return { ok: false, ...explainIssue(top.error, raw) };
  const world = checkWorld(top.data.world);
  if ('ok' in world) return world;

  const ctx: StepContext = { world, regions: [], handles: new Map(), ended: new Map(), allocOp: 'omp_target_alloc', declared: new Map(), step: 0, firstOther: null, allocated: new Map(), allocations: 0 };
  let firstApi: { api: Api; step: number; op: StepOp } | null = null;
  for (const [i, rawStep] of top.data.steps.entries()) {
    if (typeof rawStep !== 'object' || rawStep === null || Array.isArray(rawStep))
      return { ok: false, step: i, field: '(step)', message: `a step is an object with an "op" field; got ${describeJson(rawStep)}` };
    const op = (rawStep as { op?: unknown }).op;
    if (op === undefined) return { ok: false, step: i, field: 'op', message: 'required field is missing' };
    if (typeof op !== 'string' || !isStepOp(op))
      return { ok: false, step: i, field: 'op', message: `unknown op ${describeJson(op)} (known: ${STEP_OPS.join(', ')})` };
    const shaped = STEP_SHAPES[op].safeParse(rawStep);
    if (!shaped.success) return { ok: false, step: i, ...explainIssue(shaped.error, rawStep) };
    const step = shaped.data as Step;
    ctx.allocOp = ALLOC_OF[firstApi?.api ?? stepApi(step.op) ?? 'openmp'];
    ctx.step = i;
    // A program-scope declaration stands for the program's static data, set up before it runs.
    if (isDeclaration(step.op) && ctx.firstOther)
      return {
        ok: false,
        step: i,
        field: 'op',
        message: `a program-scope ${step.op} comes before every other step; step ${ctx.firstOther.step + 1} is ${ctx.firstOther.op}`,
      };
    if (!isDeclaration(step.op) && !ctx.firstOther) ctx.firstOther = { step: i, op: step.op };
    const problem = checkApi(world, step.op, firstApi) ?? checkStepSemantics(ctx, step) ?? checkAllocation(ctx, step);
    if (problem) return { ok: false, step: i, ...problem };
    const api = stepApi(step.op);
    if (api && !firstApi) firstApi = { api, step: i, op: step.op };
    const region = opInfo(step.op).region;
    if (typeof region === 'object') ctx.regions.push({ api: api!, step: i, op: step.op });
    if (region === 'closes') {
      const closed = ctx.regions.pop()!;
      // A handle the region's opening step defined (use_device) ends with the region.
      for (const [name, f] of Object.entries(opInfo(closed.op).fields as Record<string, FieldRole>))
        if (f.role === 'result') {
          const handle = (top.data.steps[closed.step] as Record<string, string>)[name]!;
          ctx.handles.delete(handle);
          ctx.ended.set(handle, { step: closed.step, end: i, op: closed.op });
        }
    }
    for (const [name, f] of Object.entries(opInfo(step.op).fields as Record<string, FieldRole>))
      if (f.role === 'result') {
        const fields = step as unknown as Record<string, unknown>;
        if (fields[name] === undefined) continue;
        if (ctx.handles.size + ctx.ended.size >= MAX_HANDLES)
          return { ok: false, step: i, field: name, message: `more than ${MAX_HANDLES} omp_target_alloc results (mapcheck's limit)` };
        // An allocation's handle covers its bytes; a use_device handle the bytes its var can cover;
        // a pointer a kernel read, the bytes any target of the member can cover.
        const of = (fields.var ?? (fields.body as { pointer?: string } | undefined)?.pointer) as string;
        const bytes = typeof fields.bytes === 'number' ? fields.bytes : maxRefBytes(world, parseRef(world, of));
        ctx.handles.set(fields[name] as string, { bytes, step: i });
      }
  }
  const program: Program = { world, steps: top.data.steps as Program['steps'] };
  if (top.data.version !== undefined) program.version = top.data.version;
  return { ok: true, program };
}

/** The one-line rendering of a validation failure: `FILE: step N (op): field F: message`. */
export function formatValidationFailure(file: string, failure: Failure, steps: unknown, fieldPrefix = ''): string {
  if (failure.step === undefined) return oneLine(`${file}: field ${fieldPrefix}${failure.field}: ${failure.message}`);
  const rawStep = Array.isArray(steps) ? (steps[failure.step] as { op?: unknown } | undefined) : undefined;
  const op = typeof rawStep?.op === 'string' ? ` (${rawStep.op.slice(0, 40)})` : '';
  return oneLine(`${file}: step ${failure.step + 1}${op}: field ${failure.field}: ${failure.message}`);
}

/** Reads and parses a JSON file, turning unreadable or malformed files into an InputError. */
export function readJsonFile(path: string): unknown {
  let text: string;
  try {
    text = readBoundedText(path, MAX_INPUT_FILE_BYTES);
  } catch (e) {
    if (e instanceof FileReadProblem) throw new InputError(`${oneLine(path)}: ${e.message}`);
    throw e;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(`${oneLine(path)}: not valid JSON: ${oneLine((e as Error).message)}`);
  }
}

/** Marks a saved counterexample (see counterexamples/case.ts); its `program` field is the program. */
export const CASE_FORMAT = 'mapcheck-case/1';

/**
 * Loads a program from a file holding either a program `{world, steps}` or a saved case
 * `{format: "mapcheck-case/1", program, …}`, or from Fortran or C source (by its extension: .f90,
 * .c; lang/source/). Throws InputError with a one-line message.
 */
export function loadProgramFile(path: string, defines: MacroDefinitions = []): Program {
  const lang = sourceLanguage(path);
  if (lang !== null) return importSourceFile(path, lang, path, defines).program;
  const raw = readJsonFile(path);
  const isCase = typeof raw === 'object' && raw !== null && !Array.isArray(raw) && 'format' in raw;
  if (isCase) {
    const format = (raw as { format: unknown }).format;
    if (format !== CASE_FORMAT)
      throw new InputError(`${oneLine(path)}: field format: unknown case format ${oneLine(JSON.stringify(format) ?? 'undefined')} (expected "${CASE_FORMAT}")`);
  }
  const programRaw = isCase ? (raw as { program?: unknown }).program : raw;
  if (isCase && programRaw === undefined) throw new InputError(`${oneLine(path)}: field program: required field is missing`);
  const result = validateProgram(programRaw);
  if (!result.ok)
    throw new InputError(
      formatValidationFailure(path, result, (programRaw as { steps?: unknown } | null)?.steps, isCase ? 'program.' : ''),
    );
  return result.program;
}

/**
 * The program format as one zod schema, for the JSON Schema shipped in schemas/ (scripts/schemas.ts).
 * It checks shapes only; names, ranges, regions and the one-API rule are validateProgram's.
 */
export function programJsonShape(): z.ZodType {
  const steps = Object.values(STEP_SHAPES) as [z.ZodType, z.ZodType, ...z.ZodType[]];
  return z.strictObject({ version: z.literal(LANGUAGE_VERSION).optional(), world: worldShape, steps: z.array(z.union(steps)) });
}
