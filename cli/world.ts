// What every report starts with: the program's world in Fortran-like declarations (arrays with
// their initial values and host addresses, structs with their pointer members and initial
// targets, devices), and a legend for the notation the report uses, each symbol explained only
// when it appears in the report.

import { hostLayout, initTarget, isAllocatable, memberRefs, worldDevices, ELEMENT_BYTES, type World } from '../lang/program.js';
import { compressValues, type ErrorCode } from '../lang/observation.js';
import { hex } from './render.js';

/** `integer :: a(10) = 1` … `c%p => a` …, each with its host address range as a comment. */
export function renderWorld(world: World): string[] {
  const layout = new Map(hostLayout(world).map((o) => [o.name, o]));
  const where = (name: string) => {
    const o = layout.get(name)!;
    return `! host ${hex(o.start)}..${hex(o.start + o.bytes)}`;
  };
  const rows: [string, string][] = [];
  for (const a of world.arrays) {
    const init = a.init === undefined ? 0 : a.init;
    const value = Array.isArray(init) ? `[${compressValues(init)}]` : String(init);
    rows.push([`integer, target :: ${a.name}${a.scalar ? '' : `(${a.shape === undefined ? a.length : `${a.shape[0]},${a.shape[1]}`})`} = ${value}`, where(a.name)]);
  }
  for (const s of world.structs) {
    if (s.plain) {
      // A plain pointer variable (lang/plain-pointers.ts): C int *p, Fortran integer, pointer :: p(:).
      rows.push([`integer, pointer :: ${s.name}(:)`, where(s.name)]);
      const target = initTarget(s, memberRefs(s)[0]!);
      rows.push([target === null ? `nullify(${s.name})` : `${s.name} => ${target}`, '! initial association']);
      continue;
    }
    const fields = (s.fields ?? []).map((f) => {
      const init = f.init === undefined ? 0 : f.init;
      const value = Array.isArray(init) ? `[${compressValues(init)}]` : String(init);
      return `integer :: ${f.name}${f.length === undefined ? '' : `(${f.length})`} = ${value}`;
    });
    const members = [...s.pointers.map((p) => (isAllocatable(s, p) ? `integer, allocatable :: ${p}(:)` : `integer, pointer :: ${p}(:)`)), ...fields].join('; ');
    rows.push([`type :: ${s.name}${s.count === undefined ? '' : `(${s.count})`}  { ${members} }`, where(s.name)]);
    for (const ref of memberRefs(s)) {
      const target = initTarget(s, ref);
      const allocatable = isAllocatable(s, ref.slice(ref.lastIndexOf('%') + 1));
      rows.push([target === null ? (allocatable ? `! ${ref} not allocated` : `nullify(${ref})`) : `${ref} => ${target}`, allocatable ? '! allocation status' : '! initial association']);
    }
  }
  const devices = worldDevices(world)
    .map((d, i) => `${i} ${d.kind === 'shared' ? 'shares memory with the host' : 'discrete'}`)
    .join(', ');
  const width = Math.max(...rows.map(([code]) => code.length));
  const lines = [...rows.map(([code, note]) => `${code.padEnd(width)}  ${note}`), `! devices: ${devices} (elements are ${ELEMENT_BYTES}-byte integers)`];
  if (world.reuse === true) lines.push('! device allocator: reuse (a freed block is handed out again: a stale device pointer reads what was mapped there next)');
  // declare mapper (OpenMP 6.0 §7.9.10): the struct's name stands for the mapper's variable
  for (const m of world.mappers ?? [])
    lines.push(`!$omp declare mapper (type of ${m.struct} :: ${m.struct})${m.maps.map((c) => ` map(${c.type}: ${c.vars.join(', ')})`).join('')}`);
  return lines;
}

/** What each error code an observation can carry means. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  acc_error_not_present: 'OpenACC runtime error: data required to be present is not (§2.7.3)',
  acc_error_partly_present: 'OpenACC runtime error: only part of the data is present (§2.7.3)',
  acc_error_invalid_null_pointer: 'OpenACC runtime error: a null pointer where data is required (§3.2)',
  acc_error_invalid_argument: 'OpenACC runtime error: an invalid argument to a routine (§3.2)',
  acc_error_present: 'OpenACC runtime error: data already present where it must not be',
  omp_error_not_present: 'OpenMP runtime error termination: the present modifier found nothing (§7.9.6)',
  omp_error_invalid_device: 'OpenMP runtime error termination: omp_invalid_device',
  fatal_attach_absent: "the runtime aborts: attach of a pointer whose struct or target is absent (a profile's reading)",
  fatal_attach_null: "the runtime aborts: attach of a null pointer (a profile's reading)",
  fatal_detach_at_zero: "the runtime aborts: detach with the attachment counter at zero (a profile's reading)",
  fatal_null_routine: "the runtime aborts: a data routine given a null pointer (a profile's reading)",
  fatal_not_present: "the runtime aborts: data not present (a profile's reading)",
  fatal_partial_map: "the runtime aborts: a map of partly present data (a profile's reading)",
  fatal_partial_update: "the runtime aborts: a target update of partly present data (a profile's reading, K-B40)",
  fatal_invalid_device: "the runtime aborts: an invalid device number (a profile's reading)",
  fatal_map_data: "the runtime aborts: acc_map_data / acc_unmap_data / acc_free misuse the text leaves undefined (a profile's reading, K-A8)",
  fatal_lowering: "the runtime aborts on what the toolchain's front end made of the directive: an assertion or an unhandled map kind (a profile's reading)",
};

/** Notation and when a report uses it. */
const SYMBOLS: { test: RegExp; text: string }[] = [
  { test: /\b\d+\*-?\d+|\b\d+\*\?/, text: 'N*v    N elements in a row with value v (Fortran list-directed style): read [10*2] is ten 2s' },
  { test: /\?(?=[\],\s])/, text: '?      an indeterminate element (e.g. device memory never written)' },
  { test: /dev#\d+/, text: 'dev#k+o[n]  byte offset o into the k-th device allocation (numbered in order of appearance), n elements' },
  { test: /host:0x/, text: 'host:0xA[n]  host address A (see the world above), n elements' },
  { test: /(dev#\d+\+\d+|host:0x[0-9a-f]+)\[-?\d+:-?\d+\]/, text: '[l:u]  a Fortran pointer descriptor with bounds l:u (c%p(l:) => …), n = u-l+1 elements' },
  { test: /\bSRC\b/, text: 'SRC    structured reference counter of a present section (OpenACC 3.3 §2.6.7)' },
  { test: /\bDRC\b/, text: 'DRC    dynamic reference counter (OpenACC 3.3 §2.6.7)' },
  { test: /\b(ac|AC)\s+-?\d/, text: 'ac     attachment counter of a pointer member (OpenACC 3.3 §2.6.8)' },
  { test: /\bRC\b/, text: 'RC     OpenMP reference count of a mapping (inf: associated with omp_target_associate_ptr)' },
  { test: /\bundefined\b/, text: 'undefined  the spec leaves the outcome open: anything may happen from here' },
  { test: /\bhalted\b/, text: 'halted the program stopped at an earlier error or undefined step' },
  { test: /^>>/m, text: '>>     the first step where the two sides differ' },
];

/** Legend lines for the notation `text` uses (none when it uses none). */
export function legend(text: string): string[] {
  const lines = SYMBOLS.filter((s) => s.test.test(text)).map((s) => s.text);
  const codes = [...new Set([...text.matchAll(/\berror ([a-z_]+)/g)].map((m) => m[1]!))].filter((c): c is ErrorCode => c in ERROR_MEANINGS).sort();
  for (const code of codes) lines.push(`${code}: ${ERROR_MEANINGS[code]}`);
  return lines;
}

/** The world, then the legend for `body`, then `body`: the shape of every text report. */
export function withWorld(world: World, body: string): string {
  const head = ['world:', ...renderWorld(world).map((l) => `  ${l}`)];
  const notes = legend(body);
  if (notes.length > 0) head.push('notation:', ...notes.map((l) => `  ${l}`));
  return `${head.join('\n')}\n\n${body}`;
}
