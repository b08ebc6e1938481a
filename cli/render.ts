// Text renderings for people: a step as the directive, routine call or Fortran statement it stands
// for, and a state snapshot with host ranges named after the world's objects.

import { hostLayout, ELEMENT_BYTES, POINTER_BYTES, type Clause, type Step, type World } from '../lang/program.js';
import { formatPtr, type Snapshot } from '../lang/observation.js';

function renderClauses(clauses: Clause<string>[]): string {
  return clauses.map((c) => ` ${c.clause}(${c.vars.join(', ')})`).join('');
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
      const body = 'read' in step.body ? `read ${step.body.read}` : `${step.body.write} = ${step.body.value}`;
      const dflt = step.default ? ` default(${step.default})` : '';
      return `!$acc parallel${renderClauses(step.clauses)}${dflt} { ${body} }`;
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
  }
}

const hex = (n: number) => `0x${n.toString(16)}`;

/** Names a half-open host byte range after the world object it lies in (`a`, `a(2:5)`, `c`). */
function nameHostRange(world: World, start: number, end: number): string {
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
function nameMember(world: World, addr: number): string {
  const obj = hostLayout(world).find((o) => o.kind === 'struct' && addr >= o.start && addr < o.start + o.bytes);
  const member = obj && world.structs.find((s) => s.name === obj.name)!.pointers[(addr - obj.start) / POINTER_BYTES];
  return obj && member ? `${obj.name}%${member}` : `member at ${hex(addr)}`;
}

/** Snapshot lines: one per present section, then one per pointer member of a present struct. */
export function renderSnapshot(world: World, snap: Snapshot): string[] {
  const lines: string[] = [];
  if (snap.sections.length === 0) lines.push('(no data present)');
  for (const s of snap.sections) {
    const [start, end] = s.host;
    lines.push(`section ${hex(start)}-${hex(end)} ${nameHostRange(world, start, end)}  dev#${s.block}  SRC ${s.src}  DRC ${s.drc}`);
  }
  for (const a of snap.attachments) {
    lines.push(`attach  ${nameMember(world, a.ptr)} @${hex(a.ptr)}  ac ${a.ac}  device ${formatPtr(a.device)}`);
  }
  return lines;
}
