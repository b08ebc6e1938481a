// Text renderings for people: a step as the directive, routine call or Fortran statement it stands
// for, and a state snapshot with host ranges named after the world's objects.

import { hostLayout, ELEMENT_BYTES, POINTER_BYTES, type Clause, type KernelBody, type Step, type World } from '../lang/program.js';
import type { DeviceArg, MapItem, PtrArg } from '../lang/openmp.js';
import { formatPtr, type Snapshot } from '../lang/observation.js';

function renderClauses(clauses: Clause<string>[]): string {
  return clauses.map((c) => ` ${c.clause}(${c.vars.join(', ')})`).join('');
}

function renderBody(body: KernelBody): string {
  return 'read' in body ? `read ${body.read}` : `${body.write} = ${body.value}`;
}

/** ` map(always, to: a, b)` per item. */
function renderMaps(maps: MapItem[]): string {
  return maps.map((m) => ` map(${[...(m.modifiers ?? []), ''].join(', ')}${m.type}: ${m.vars.join(', ')})`).join('');
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

/** One step as it would appear in a Fortran program, e.g. `!$acc enter data copyin(a) attach(c%p)`. */
export function renderStep(step: Step): string {
  switch (step.op) {
    case 'acc_enter_data':
      return `!$acc enter data${renderClauses(step.clauses)}`;
    case 'acc_exit_data':
      return `!$acc exit data${renderClauses(step.clauses)}${step.finalize ? ' finalize' : ''}`;
    case 'acc_data_begin':
      return `!$acc data${renderClauses(step.clauses)}`;
    case 'acc_data_end':
      return '!$acc end data';
    case 'acc_parallel': {
      const dflt = step.default ? ` default(${step.default})` : '';
      return `!$acc parallel${renderClauses(step.clauses)}${dflt} { ${renderBody(step.body)} }`;
    }
    case 'acc_copyin':
    case 'acc_create':
    case 'acc_copyout':
    case 'acc_copyout_finalize':
    case 'acc_delete':
    case 'acc_delete_finalize':
    case 'acc_deviceptr':
      return `${step.op}(${step.var})`;
    case 'acc_is_present':
      return step.bytes === undefined ? `acc_is_present(${step.var})` : `acc_is_present(${step.var}, ${step.bytes})`;
    case 'acc_attach':
    case 'acc_detach':
    case 'acc_detach_finalize':
      return `${step.op}(${step.ptr})`;
    case 'pointer_assign':
      return `${step.ptr} => ${step.target}`;
    case 'nullify':
      return `nullify(${step.ptr})`;
    case 'host_write':
      return `${step.var} = ${step.value}`;
    case 'host_read':
      return `print *, ${step.var}`;
    case 'omp_target_enter_data':
      return `!$omp target enter data${renderMaps(step.maps)}${renderDeviceClause(step.device)}`;
    case 'omp_target_exit_data':
      return `!$omp target exit data${renderMaps(step.maps)}${renderDeviceClause(step.device)}`;
    case 'omp_target_data_begin':
      return `!$omp target data${renderMaps(step.maps)}${renderDeviceClause(step.device)}`;
    case 'omp_target_data_end':
      return '!$omp end target data';
    case 'omp_target':
      return `!$omp target${renderMaps(step.maps)}${renderDeviceClause(step.device)} { ${renderBody(step.body)} }`;
    case 'omp_target_alloc':
      return `${step.result} = omp_target_alloc(${step.bytes}, ${renderDevice(step.device)})`;
    case 'omp_target_free':
    case 'omp_target_is_present':
    case 'omp_target_disassociate_ptr':
    case 'omp_get_mapped_ptr':
      return `${step.op}(${renderPtr(step.ptr)}, ${renderDevice(step.device)})`;
    case 'omp_target_is_accessible':
      return `omp_target_is_accessible(${renderPtr(step.ptr)}, ${step.bytes}, ${renderDevice(step.device)})`;
    case 'omp_target_associate_ptr':
      return `omp_target_associate_ptr(${renderPtr(step.host)}, ${renderPtr(step.dev)}, ${step.bytes}, ${step.offset}, ${renderDevice(step.device)})`;
    case 'omp_target_memcpy':
      return (
        `omp_target_memcpy(${renderPtr(step.dst)}, ${renderPtr(step.src)}, ${step.bytes}, ${step.dst_offset}, ${step.src_offset}, ` +
        `${renderDevice(step.dst_device)}, ${renderDevice(step.src_device)})`
      );
  }
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
  if (obj.kind === 'array' && from % ELEMENT_BYTES === 0 && to % ELEMENT_BYTES === 0)
    return `${obj.name}(${from / ELEMENT_BYTES + 1}:${to / ELEMENT_BYTES})`;
  return `${obj.name}+${from}..${to}`;
}

/** Names the pointer member whose descriptor starts at host address `addr` (`c%p`). */
export function nameMember(world: World, addr: number): string {
  const obj = hostLayout(world).find((o) => o.kind === 'struct' && addr >= o.start && addr < o.start + o.bytes);
  const member = obj && world.structs.find((s) => s.name === obj.name)!.pointers[(addr - obj.start) / POINTER_BYTES];
  return obj && member ? `${obj.name}%${member}` : `member at ${hex(addr)}`;
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
    lines.push(`section ${hex(start)}-${hex(end)} ${nameHostRange(world, start, end)}  dev#${s.block}  SRC ${s.src}  DRC ${s.drc}`);
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
