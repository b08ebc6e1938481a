// Plain pointer variables (C `int *p`; Fortran `integer, pointer :: p(:)`), lang/README.md "Plain
// pointer variables". A plain pointer is a variable whose own storage is the pointer: a
// one-member struct of the language (`StructDecl.plain`), so the model and the impl run it with the
// rules of a pointer member and its struct, unchanged (OpenACC 3.3 §2.6.4 Data Structures with
// Pointers / §2.7.2 Attach Action: an attach needs the pointer itself present; OpenMP 6.0 §7.9.6:
// pointer attachment needs the corresponding pointer). This file is the front end: the surface
// syntax a person writes (`world.pointers`, `p`, `p(:)`, `p(2:5)`) lowered to that canonical form
// (`world.structs` entry with `plain: true`, `p`, `p%p`, `p%p(2:5)`), and back for reports.
//
// Surface references, for a plain pointer `p`:
// - `p(:)`: the pointer's whole target (as data: its elements; in a data clause the target, then
//   an attach of `p`) — canonical `p%p`;
// - `p(2:5)`: elements 2..5 of the target (C `p[1:4]`) — canonical `p%p(2:5)`;
// - `p` where the op takes a pointer (attach / detach clauses, acc_attach, pointer_assign, nullify,
//   a kernel reading the pointer's value): the pointer — canonical `p%p`;
// - `p` anywhere else: the pointer variable's own storage (C `copyin(p)`: the pointer, not its
//   target) — canonical `p`, the struct.

import { isStepOp, opInfo, type FieldRole } from './ops.js';
import { kernelRef, kernelStatements, type Step, type StructDecl, type World } from './program.js';

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const SURFACE = /^([A-Za-z][A-Za-z0-9_]*)\((?::|(-?\d+):(-?\d+))\)$/;

/** A `world.pointers` entry: `{"name": "p", "init": "a"}` (init: an array or subarray, or null). */
export interface PointerDecl {
  name: string;
  init?: string | null;
}

/** Whether struct `decl` is a plain pointer variable. */
export function isPlain(decl: StructDecl | undefined): boolean {
  return decl?.plain === true;
}

/**
 * The plain pointers (canonical form) a compute construct's kernel goes through without the
 * construct naming them itself: validation has checked that it names one section of each one's
 * target instead, and the kernel's pointer is then private (lang/README.md "Plain pointer
 * variables", model/plain-pointers.ts).
 */
export function kernelPrivatePointers(world: World, step: Step): string[] {
  if (step.op !== 'acc_parallel' && step.op !== 'omp_target') return [];
  const named = step.op === 'acc_parallel' ? step.clauses.flatMap((c) => c.vars) : step.maps.flatMap((m) => m.vars);
  const out: string[] = [];
  for (const b of kernelStatements(step.body)) {
    const root = kernelRef(b).split(/[%(]/)[0]!;
    if (!out.includes(root) && !named.includes(root) && isPlain(world.structs.find((s) => s.name === root))) out.push(root);
  }
  return out;
}

/** The plain pointer variables of a world, by name (empty for most worlds). */
export function plainPointers(world: World): Map<string, StructDecl> {
  const out = new Map<string, StructDecl>();
  for (const s of world.structs) if (s.plain) out.set(s.name, s);
  return out;
}

/** The canonical struct of a plain pointer `p`: one pointer member named like the variable. */
export function plainStruct(d: PointerDecl): StructDecl {
  return { name: d.name, pointers: [d.name], plain: true, ...(d.init === undefined ? {} : { init: { [d.name]: d.init } }) };
}

/** Why a `world.pointers` value is malformed (field and message), or null. */
function pointerDeclProblem(raw: unknown): { field: string; message: string } | null {
  if (!Array.isArray(raw)) return { field: 'pointers', message: 'expected an array of {"name": identifier, "init"?: reference or null}' };
  for (const [i, d] of raw.entries()) {
    if (typeof d !== 'object' || d === null || Array.isArray(d)) return { field: `pointers[${i}]`, message: 'expected {"name": identifier, "init"?: reference or null}' };
    for (const k of Object.keys(d)) if (k !== 'name' && k !== 'init') return { field: `pointers[${i}].${k}`, message: `unknown field (a plain pointer has "name" and "init")` };
    const { name, init } = d as { name?: unknown; init?: unknown };
    if (typeof name !== 'string' || !IDENT.test(name)) return { field: `pointers[${i}].name`, message: `${JSON.stringify(name) ?? 'nothing'} is not an identifier ([A-Za-z][A-Za-z0-9_]*)` };
    if (init !== undefined && init !== null && typeof init !== 'string') return { field: `pointers[${i}].init`, message: 'expected an array reference or null' };
  }
  return null;
}

/** Whether the field `name` of op `op` (or a clause) names a pointer rather than data. */
function pointerRole(f: FieldRole): boolean {
  return f.role === 'var' && f.refs.length === 1 && f.refs[0] === 'member';
}

/** One surface reference lowered: `p(:)` → `p%p`, `p(2:5)` → `p%p(2:5)`, `p` → `p%p` in a pointer role. */
function lowerRef(names: ReadonlySet<string>, ref: unknown, pointer: boolean): unknown {
  if (typeof ref !== 'string') return ref;
  const m = SURFACE.exec(ref);
  if (m && names.has(m[1]!)) return m[2] === undefined ? `${m[1]}%${m[1]}` : `${m[1]}%${m[1]}(${m[2]}:${m[3]})`;
  if (pointer && names.has(ref)) return `${ref}%${ref}`;
  return ref;
}

type Json = Record<string, unknown>;

/**
 * A step (JSON) with every reference replaced by `f(ref, pointer)`, found by the roles of its
 * fields (lang/ops.ts); `pointer`: the field takes a pointer rather than data. Anything malformed
 * stays as it is, for validation to report.
 */
function mapStepRefs(raw: unknown, f: (ref: unknown, pointer: boolean) => unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const step = raw as Json;
  if (typeof step.op !== 'string' || !isStepOp(step.op)) return raw;
  const info = opInfo(step.op);
  const out: Json = { ...step };
  const list = (items: unknown, pointerClause: (c: Json) => boolean) =>
    Array.isArray(items)
      ? items.map((c) =>
          typeof c === 'object' && c !== null && Array.isArray((c as Json).vars)
            ? { ...(c as Json), vars: ((c as Json).vars as unknown[]).map((v) => f(v, pointerClause(c as Json))) }
            : c,
        )
      : items;
  for (const [name, role] of Object.entries(info.fields as Record<string, FieldRole>)) {
    const v = step[name];
    if (v === undefined) continue;
    switch (role.role) {
      case 'var':
        out[name] = f(v, pointerRole(role));
        break;
      case 'clauses':
      case 'declare':
        out[name] = list(v, (c) => c.clause === 'attach' || c.clause === 'detach');
        break;
      case 'maps':
        out[name] = list(v, () => false);
        break;
      case 'body':
        if (typeof v === 'object' && v !== null) {
          // one statement, or a block's statements (lang/README.md "Kernels of several statements")
          const statement = (raw: unknown): unknown => {
            if (typeof raw !== 'object' || raw === null) return raw;
            const b = { ...(raw as Json) };
            for (const k of ['read', 'write', 'from']) if (k in b) b[k] = f(b[k], false);
            if ('pointer' in b) b.pointer = f(b.pointer, true);
            return b;
          };
          const b = statement(v) as Json;
          if (Array.isArray(b.writes)) b.writes = b.writes.map(statement);
          out[name] = b;
        }
        break;
      case 'ptr':
        if (typeof v === 'object' && v !== null && 'var' in v) out[name] = { ...(v as Json), var: f((v as Json).var, false) };
        break;
      default:
        break;
    }
  }
  return out;
}

function lowerStep(names: ReadonlySet<string>, raw: unknown): unknown {
  return mapStepRefs(raw, (ref, pointer) => lowerRef(names, ref, pointer));
}

/** A canonical step with its plain pointers written as a person writes them (for reports). */
export function surfaceStep<S>(world: World, step: S): S {
  if (plainPointers(world).size === 0) return step;
  return mapStepRefs(step, (ref, pointer) => (typeof ref === 'string' ? surfaceRef(world, ref, pointer) : ref)) as S;
}

/**
 * The program JSON with its plain pointers in canonical form: `world.pointers` become structs with
 * `plain: true` (after the world's structs, in order), and the steps' surface references are
 * lowered. A program without `world.pointers` is returned as it is (the same object), so is
 * anything malformed that validation reports. Returns a problem (field, message) for a malformed
 * `world.pointers`.
 */
export function lowerPlainPointers(raw: unknown): { program: unknown } | { field: string; message: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { program: raw };
  const world = (raw as Json).world;
  if (typeof world !== 'object' || world === null || Array.isArray(world) || !('pointers' in world)) return { program: raw };
  const decls = (world as Json).pointers;
  const problem = pointerDeclProblem(decls);
  if (problem) return { field: `world.${problem.field}`, message: problem.message };
  const pointers = decls as PointerDecl[];
  const { pointers: _dropped, ...rest } = world as Json;
  const structs = Array.isArray(rest.structs) ? [...(rest.structs as unknown[]), ...pointers.map(plainStruct)] : rest.structs;
  const names = new Set(pointers.map((d) => d.name));
  const steps = (raw as Json).steps;
  return {
    program: { ...(raw as Json), world: { ...rest, structs }, steps: Array.isArray(steps) ? steps.map((s) => lowerStep(names, s)) : steps },
  };
}

// ------------------------------------------------------------------------------------------------
// Back to the surface, for reports

const MEMBER_SECTION = /^([A-Za-z][A-Za-z0-9_]*)%([A-Za-z][A-Za-z0-9_]*)\((-?\d+):(-?\d+)\)$/;

/**
 * A canonical reference as a person writes it: `p%p(2:5)` → `p(2:5)`, `p%p` → `p` where the op
 * takes a pointer (`pointer`), else `p(:)`; every other reference unchanged.
 */
export function surfaceRef(world: World, ref: string, pointer: boolean): string {
  const plain = plainPointers(world);
  if (plain.size === 0) return ref;
  const s = MEMBER_SECTION.exec(ref);
  if (s && plain.get(s[1]!)?.pointers[0] === s[2]) return `${s[1]}(${s[3]}:${s[4]})`;
  const [root, member] = ref.split('%');
  if (member !== undefined && plain.get(root!)?.pointers[0] === member) return pointer ? root! : `${root}(:)`;
  return ref;
}

/** Free text (a message of the model or the impl) with each canonical `p%p` of a plain pointer written `p`. */
export function surfaceText(world: World, text: string): string {
  let out = text;
  for (const [name, decl] of plainPointers(world)) out = out.replace(new RegExp(`(?<![A-Za-z0-9_%])${name}%${decl.pointers[0]}(?![A-Za-z0-9_])`, 'g'), name);
  return out;
}
