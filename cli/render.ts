// Text renderings for people: a step as the directive, routine call or Fortran statement it stands
// for, and a state snapshot with host ranges named after the world's objects.

import { hostLayout, ELEMENT_BYTES, POINTER_BYTES, type Clause, type KernelBlock, type KernelBody, type Step, type World } from '../lang/program.js';
import { formatMember, formatStructBytes, formatSubarray, structElementBytes } from '../lang/program.js';
import type { DeviceArg, MapItem, PtrArg } from '../lang/openmp.js';
import { formatPtr, type Snapshot } from '../lang/observation.js';
import { dispatch, type PerOp } from '../lang/ops.js';
import { isPlain } from '../lang/plain-pointers.js';
import { surfaceStep } from '../lang/plain-pointers.js';

function renderClauses(clauses: Clause<string>[]): string {
  return clauses.map((c) => ` ${c.clause}(${c.vars.join(', ')})`).join('');
}

/** What a write assigns: `7`, or a ramp's first two values `[1, 2, …]` (element k gets value + k * by). */
function renderWritten(w: { value: number; by?: number }): string {
  return w.by ? `[${w.value}, ${w.value + w.by}, …]` : String(w.value);
}

/**
 * A write to `target`: `a = 7`, `a += 7`, `a = [1, 2, …]`; a copy (`from`, lang/README.md "Copy
 * kernels") as the assignment it is: `b = a`, `b = a + 3`, `b = a - 3`, `b = a + [1, 2, …]`, with
 * add `b = b + a`, `b = b + a + 3`.
 */
function renderWrite(target: string, w: { value: number; by?: number; add?: boolean; from?: string }): string {
  if (w.from === undefined) return `${target} ${w.add ? '+=' : '='} ${renderWritten(w)}`;
  const sum = [...(w.add ? [target] : []), w.from].join(' + ');
  const written = w.by ? ` + ${renderWritten(w)}` : w.value === 0 ? '' : ` ${w.value < 0 ? '-' : '+'} ${Math.abs(w.value)}`;
  return `${target} = ${sum}${written}`;
}

/**
 * `read a`, `a = 7`, `a = [1, 2, …]`, `b = a`, and for a kernel reading a pointer itself `print
 * c_loc(c%p)` or `d = c_loc(c%p)` (its value named `d`); a kernel of several statements its
 * writes in order, `c%a(1:8) = [1, 2, …]; c%b(1:8) = [2, 4, …]`.
 */
function renderBody(body: KernelBody | KernelBlock, result?: string): string {
  if ('writes' in body) return body.writes.map((w) => renderWrite(w.write, w)).join('; ');
  if ('pointer' in body) return `${result === undefined ? 'print' : `${result} =`} c_loc(${body.pointer})`;
  if (!('read' in body)) return renderWrite(body.write, body);
  if (body.bounds) return `read lbound(${body.read}), ubound(${body.read})`;
  return body.at === undefined ? `read ${body.read}` : `read ${body.read}(${body.at})`;
}

/** ` map(always, to: a, b)` per item. */
function renderMaps(maps: MapItem[]): string {
  return maps.map((m) => ` map(${[...(m.modifiers ?? []), ''].join(', ')}${m.type}: ${m.vars.join(', ')})`).join('');
}

/** ` to(present: a) from(b)` per motion clause of target update. */
function renderMotions(motions: MapItem[]): string {
  return motions.map((m) => ` ${m.type}(${[...(m.modifiers ?? []), ''].join(': ')}${m.vars.join(', ')})`).join('');
}

/** A device number as the program would spell it: the named constants for -1 and -2. */
function renderDevice(d: DeviceArg): string {
  if (d === 'initial') return 'omp_get_initial_device()';
  if (d === -1) return 'omp_initial_device';
  if (d === -2) return 'omp_invalid_device';
  return String(d);
}

function renderDeviceClause(d: DeviceArg | undefined): string {
  return d === undefined ? '' : ` device(${renderDevice(d)})`;
}

/** `NULL`, `&a`, `&a(3:4)+8`, `d1`, `d1+8`. */
function renderPtr(p: PtrArg): string {
  if (p === null) return 'NULL';
  const base = 'var' in p ? `&${p.var}` : p.handle;
  return p.offset ? `${base}+${p.offset}` : base;
}

const routineOnVar = (s: { op: string; var: string }) => `${s.op}(${s.var})`;
const routineOnPtr = (s: { op: string; ptr: string }) => `${s.op}(${s.ptr})`;
/** `d = call` where a step keeps the pointer the routine returns (`result`). */
const kept = (result: string | undefined, call: string) => (result === undefined ? call : `${result} = ${call}`);
const ompPtrRoutine = (s: { op: string; ptr: PtrArg; device: DeviceArg }) => `${s.op}(${renderPtr(s.ptr)}, ${renderDevice(s.device)})`;

/** How each op reads to a person: a record keyed by the table of operations (lang/ops.ts). */
const RENDER: PerOp<string> = {
  acc_enter_data: (s) => `!$acc enter data${renderClauses(s.clauses)}`,
  acc_exit_data: (s) => `!$acc exit data${renderClauses(s.clauses)}${s.finalize ? ' finalize' : ''}`,
  acc_data_begin: (s) => `!$acc data${renderClauses(s.clauses)}`,
  acc_data_end: () => '!$acc end data',
  acc_parallel: (s) => `!$acc parallel${renderClauses(s.clauses)}${s.default ? ` default(${s.default})` : ''} { ${renderBody(s.body, s.result)} }`,
  acc_copyin: (s) => kept(s.result, routineOnVar(s)),
  acc_create: (s) => kept(s.result, routineOnVar(s)),
  acc_copyout: routineOnVar,
  acc_copyout_finalize: routineOnVar,
  acc_delete: routineOnVar,
  acc_delete_finalize: routineOnVar,
  acc_deviceptr: (s) => kept(s.result, routineOnVar(s)),
  acc_is_present: (s) => (s.bytes === undefined ? `acc_is_present(${s.var})` : `acc_is_present(${s.var}, ${s.bytes})`),
  acc_attach: routineOnPtr,
  acc_detach: routineOnPtr,
  acc_detach_finalize: routineOnPtr,
  acc_malloc: (s) => `${s.result} = acc_malloc(${s.bytes})`,
  acc_free: (s) => `acc_free(${renderPtr(s.ptr)})`,
  acc_map_data: (s) => `acc_map_data(${s.var}, ${renderPtr(s.dev)})`,
  acc_unmap_data: routineOnVar,
  acc_memcpy_to_device: (s) => `acc_memcpy_to_device(${renderPtr(s.dev)}, ${s.var})`,
  acc_memcpy_from_device: (s) => `acc_memcpy_from_device(${s.var}, ${renderPtr(s.dev)})`,
  acc_declare: (s) => `!$acc declare${renderClauses(s.clauses)}`,
  omp_declare_target: (s) => `!$omp declare target${renderClauses(s.clauses)}`,
  omp_target_data_use_device_begin: (s) =>
    `!$omp target data ${s.ptr ? 'use_device_ptr' : 'use_device_addr'}(${s.var})${renderDeviceClause(s.device)} { ${s.result} = address of ${s.var}`,
  omp_target_data_use_device_end: () => '} !$omp end target data',
  acc_host_data_begin: (s) => `!$acc host_data use_device(${s.var})${s.if_present ? ' if_present' : ''} { ${s.result} = address of ${s.var}`,
  acc_host_data_end: () => '} !$acc end host_data',
  acc_procedure_begin: (s) => `call procedure { !$acc declare${renderClauses(s.clauses)}`,
  acc_procedure_end: () => '} return',
  pointer_assign: (s) => `${s.ptr}${s.lbound === undefined ? '' : `(${s.lbound}:)`} => ${s.target}`,
  nullify: (s) => `nullify(${s.ptr})`,
  allocate: (s) => `allocate(${s.ptr}(${s.length})${s.value === undefined ? '' : `, source=${s.value}`})`,
  deallocate: (s) => `deallocate(${s.ptr})`,
  host_write: (s) => renderWrite(s.var, s),
  host_read: (s) => (s.bounds ? `print *, lbound(${s.var}), ubound(${s.var})` : s.at !== undefined ? `print *, ${s.var}(${s.at})` : `print *, ${s.var}`),
  omp_target_enter_data: (s) => `!$omp target enter data${renderMaps(s.maps)}${renderDeviceClause(s.device)}`,
  omp_target_exit_data: (s) => `!$omp target exit data${renderMaps(s.maps)}${renderDeviceClause(s.device)}`,
  omp_target_data_begin: (s) => `!$omp target data${renderMaps(s.maps)}${renderDeviceClause(s.device)}`,
  omp_target_data_end: () => '!$omp end target data',
  omp_target: (s) => `!$omp target${renderMaps(s.maps)}${renderDeviceClause(s.device)} { ${renderBody(s.body, s.result)} }`,
  omp_target_alloc: (s) => `${s.result} = omp_target_alloc(${s.bytes}, ${renderDevice(s.device)})`,
  omp_target_free: ompPtrRoutine,
  omp_target_is_present: ompPtrRoutine,
  omp_target_disassociate_ptr: ompPtrRoutine,
  omp_get_mapped_ptr: ompPtrRoutine,
  omp_target_is_accessible: (s) => `omp_target_is_accessible(${renderPtr(s.ptr)}, ${s.bytes}, ${renderDevice(s.device)})`,
  omp_target_associate_ptr: (s) =>
    `omp_target_associate_ptr(${renderPtr(s.host)}, ${renderPtr(s.dev)}, ${s.bytes}, ${s.offset}, ${renderDevice(s.device)})`,
  omp_target_memcpy: (s) =>
    `omp_target_memcpy(${renderPtr(s.dst)}, ${renderPtr(s.src)}, ${s.bytes}, ${s.dst_offset}, ${s.src_offset}, ` +
    `${renderDevice(s.dst_device)}, ${renderDevice(s.src_device)})`,
  acc_update: (s) => `!$acc update${renderClauses(s.clauses)}${s.if_present ? ' if_present' : ''}`,
  omp_target_update: (s) => `!$omp target update${renderMotions(s.motions)}${renderDeviceClause(s.device)}`,
};

/**
 * One step as it would appear in a Fortran program, e.g. `!$acc enter data copyin(a) attach(c%p)`;
 * given the world, plain pointers are written as the program writes them (`p(2:5)`, not `p%p(2:5)`).
 */
export function renderStep(step: Step, world?: World): string {
  return dispatch(RENDER, world === undefined ? step : surfaceStep(world, step));
}

/** `0x1000`. */
export const hex = (n: number) => `0x${n.toString(16)}`;

/** Rows as aligned columns (two spaces apart; the last column is not padded). */
export function table(rows: string[][], indent = ''): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows
    .map((row) => indent + row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd())
    .join('\n');
}

/** Names a half-open host byte range after the world object it lies in (`a`, `a(2:5)`, `c`). */
export function nameHostRange(world: World, start: number, end: number): string {
  const obj = hostLayout(world).find((o) => start >= o.start && end <= o.start + o.bytes);
  if (!obj) return 'outside any object';
  const from = start - obj.start;
  const to = end - obj.start;
  if (from === 0 && to === obj.bytes) return obj.name;
  if (obj.kind === 'array' && from % ELEMENT_BYTES === 0 && to % ELEMENT_BYTES === 0) {
    // a rank-2 array's section: a(1:2,2:3) (lang/program.ts formatSubarray)
    const decl = world.arrays.find((a) => a.name === obj.name);
    if (decl?.shape !== undefined) return formatSubarray(obj.name, from / ELEMENT_BYTES, to / ELEMENT_BYTES, decl.length, decl.shape);
    return `${obj.name}(${from / ELEMENT_BYTES + 1}:${to / ELEMENT_BYTES})`;
  }
  const decl = obj.kind === 'struct' ? world.structs.find((s) => s.name === obj.name) : undefined;
  if (decl?.count !== undefined) {
    // Elements of an array of structs: cs(2), cs(1:2).
    const stride = structElementBytes(decl);
    if (from % stride === 0 && to % stride === 0)
      return to - from === stride ? `${obj.name}(${from / stride + 1})` : `${obj.name}(${from / stride + 1}:${to / stride})`;
  }
  // A struct's pointer member or non-pointer member (or part of one): c%p, c%n, c%arr(2:3).
  if (decl !== undefined && decl.count === undefined && from % ELEMENT_BYTES === 0 && to % ELEMENT_BYTES === 0) {
    const name = formatStructBytes(decl, from, to);
    if (name !== decl.name) return name;
  }
  return `${obj.name}+${from}..${to}`;
}

/** Names the pointer member whose descriptor starts at host address `addr` (`c%p`). */
export function nameMember(world: World, addr: number): string {
  const obj = hostLayout(world).find((o) => o.kind === 'struct' && addr >= o.start && addr < o.start + o.bytes);
  const decl = obj && world.structs.find((s) => s.name === obj.name)!;
  if (!obj || !decl) return `member at ${hex(addr)}`;
  // In an array of structs the cell index runs over every element's members.
  const cell = (addr - obj.start) / POINTER_BYTES;
  const n = decl.pointers.length;
  const member = decl.pointers[cell % n];
  if (!Number.isInteger(cell) || member === undefined) return `member at ${hex(addr)}`;
  if (isPlain(decl)) return obj.name;
  return formatMember(obj.name, member, decl.count === undefined ? undefined : Math.floor(cell / n));
}

/**
 * Where only the states differ after step `step` (0-based): each side's state, headed by its label
 * (`fuzz` and `check` print a state divergence alike).
 */
export function renderStateDivergence(world: World, step: number, sides: readonly (readonly [label: string, snap: Snapshot])[]): string {
  return sides.map(([label, snap]) => `\nstate after step ${step + 1} on ${label}:\n${renderSnapshot(world, snap).map((line) => `  ${line}\n`).join('')}`).join('');
}

/**
 * Snapshot lines: one per present section, then one per pointer member of a present struct; then
 * one per OpenMP entry (device, host range, storage, reference count, origin) and one per pointer
 * member of an OpenMP struct entry.
 */
export function renderSnapshot(world: World, snap: Snapshot): string[] {
  const lines: string[] = [];
  if (snap.sections.length + snap.ompEntries.length === 0) lines.push('(no data present)');
  for (const s of snap.sections) {
    const [start, end] = s.host;
    const storage = s.origin === 'map_data' ? `dev#${s.block}+${s.offset ?? 0} (acc_map_data)` : `dev#${s.block}`;
    lines.push(`section ${hex(start)}-${hex(end)} ${nameHostRange(world, start, end)}  ${storage}  SRC ${s.src}  DRC ${s.drc}`);
  }
  for (const a of snap.attachments) {
    lines.push(`attach  ${nameMember(world, a.ptr)} @${hex(a.ptr)}  ac ${a.ac}  device ${formatPtr(a.device)}`);
  }
  for (const e of snap.ompEntries) {
    const [start, end] = e.host;
    const storage = e.block === null ? 'self' : `dev#${e.block}+${e.offset}`;
    lines.push(`entry   device ${e.device} ${hex(start)}-${hex(end)} ${nameHostRange(world, start, end)}  ${storage}  RC ${e.rc}  ${e.origin}`);
  }
  for (const p of snap.ompPointers) {
    lines.push(`pointer device ${p.device} ${nameMember(world, p.ptr)} @${hex(p.ptr)}  ${formatPtr(p.value)}`);
  }
  return lines;
}
