// The README's table of the OpenMP device memory routines, generated from the model: every row is
// a small program (setup steps, then one routine call) run by the model under each profile, and
// every cell is what the call observes. `npm run table` rewrites the README section between the
// markers; routine-table.test.ts fails when the section no longer matches the model.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { worldDevices, type Program, type Step, type World } from '../lang/program.js';
import type {
  DeviceArg,
  OmpGetMappedPtr,
  OmpStep,
  OmpTargetAlloc,
  OmpTargetAssociatePtr,
  OmpTargetDisassociatePtr,
  OmpTargetEnterData,
  OmpTargetFree,
  OmpTargetIsAccessible,
  OmpTargetIsPresent,
  OmpTargetMemcpy,
  PtrArg,
} from '../lang/openmp.js';
import { allOf, type OmpRoutineOp } from '../lang/ops.js';
import { formatObservation, type Observation } from '../lang/observation.js';
import { loadProfile } from '../profiles/index.js';
import { runTrace } from '../properties/compare.js';
import { renderStep } from '../cli/render.js';
import { writeFileAtomic } from '../counterexamples/case.js';

export const TABLE_BEGIN = '<!-- routine-table:begin -->';
export const TABLE_END = '<!-- routine-table:end -->';
export const TABLE_PROFILES = ['spec', 'libgomp', 'llvm-offload'] as const;
export const README_PATH = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
export const TABLE_COMMAND = 'npm run table';

/** The routines the table covers, in the order of their sections. */
export const ROUTINES = allOf<OmpRoutineOp>()([
  'omp_target_is_present',
  'omp_target_is_accessible',
  'omp_get_mapped_ptr',
  'omp_target_associate_ptr',
  'omp_target_disassociate_ptr',
  'omp_target_alloc',
  'omp_target_free',
  'omp_target_memcpy',
]);
type Routine = (typeof ROUTINES)[number];

/**
 * Every case runs in this world: array `a` of 8 integers (32 bytes), two discrete devices (0, 1)
 * and one that shares memory with the host (2); the initial device is 3.
 */
export const TABLE_WORLD: World = {
  arrays: [{ name: 'a', length: 8, init: 1 }],
  structs: [],
  devices: [{ kind: 'discrete' }, { kind: 'discrete' }, { kind: 'shared' }],
};

/** Device numbers the cases use. */
const GPU = 0;
const OTHER_GPU = 1;
const SHARED = 2;
export const HOST: DeviceArg = 'initial';
const INVALID = -2;
/** Byte size of `a`. */
const A_BYTES = 32;

export interface RoutineCase {
  /** The case, in the words of issue 3 where it is one of its cases. */
  label: string;
  /** Steps that build the state the call runs in. */
  setup: Step[];
  call: Extract<OmpStep, { op: Routine }>;
}

// ------------------------------------------------------------------------------------------------
// Step builders (the cases read like the programs they stand for)

/** `a`, or `a` plus a byte offset. */
const a = (offset = 0): PtrArg => (offset === 0 ? { var: 'a' } : { var: 'a', offset });
/** The block returned by the `omp_target_alloc` step named `name`, plus a byte offset. */
const handle = (name: string, offset = 0): PtrArg => (offset === 0 ? { handle: name } : { handle: name, offset });

const alloc = (result: string, bytes: number, device: DeviceArg): OmpTargetAlloc => ({ op: 'omp_target_alloc', bytes, device, result });
const mapTo = (device: DeviceArg = GPU): OmpTargetEnterData => ({ op: 'omp_target_enter_data', device, maps: [{ type: 'to', vars: ['a'] }] });
const associate = (host: PtrArg, dev: PtrArg, bytes: number, offset: number, device: DeviceArg): OmpTargetAssociatePtr => ({
  op: 'omp_target_associate_ptr',
  host,
  dev,
  bytes,
  offset,
  device,
});
const disassociate = (ptr: PtrArg, device: DeviceArg): OmpTargetDisassociatePtr => ({ op: 'omp_target_disassociate_ptr', ptr, device });
const isPresent = (ptr: PtrArg, device: DeviceArg): OmpTargetIsPresent => ({ op: 'omp_target_is_present', ptr, device });
const isAccessible = (ptr: PtrArg, bytes: number, device: DeviceArg): OmpTargetIsAccessible => ({ op: 'omp_target_is_accessible', ptr, bytes, device });
const mappedPtr = (ptr: PtrArg, device: DeviceArg): OmpGetMappedPtr => ({ op: 'omp_get_mapped_ptr', ptr, device });
const free = (ptr: PtrArg, device: DeviceArg): OmpTargetFree => ({ op: 'omp_target_free', ptr, device });
/** `omp_target_memcpy(dst, src, bytes, dst_offset, src_offset, dst_device, src_device)`. */
const memcpy = (
  dst: PtrArg,
  src: PtrArg,
  bytes: number,
  dstOffset: number,
  srcOffset: number,
  dstDevice: DeviceArg,
  srcDevice: DeviceArg,
): OmpTargetMemcpy => ({ op: 'omp_target_memcpy', dst, src, bytes, dst_offset: dstOffset, src_offset: srcOffset, dst_device: dstDevice, src_device: srcDevice });

/** `h = omp_target_alloc(32, 0)`: a device buffer the size of `a`. */
const allocH = alloc('h', A_BYTES, GPU);
/** `h` associated with the whole of `a` on device 0. */
const associateH = associate(a(), handle('h'), A_BYTES, 0, GPU);

const c = (label: string, setup: Step[], call: RoutineCase['call']): RoutineCase => ({ label, setup, call });

export const ROUTINE_CASES: readonly RoutineCase[] = [
  c('host device', [], isPresent(a(), HOST)),
  c('invalid device', [], isPresent(a(), INVALID)),
  c('NULL', [], isPresent(null, GPU)),
  c('shared-memory device, nothing mapped', [], isPresent(a(), SHARED)),
  c('nothing mapped', [], isPresent(a(), GPU)),
  c('map-made storage', [mapTo()], isPresent(a(), GPU)),
  c('interior pointer', [mapTo()], isPresent(a(8), GPU)),
  c('one past the end', [mapTo()], isPresent(a(A_BYTES), GPU)),
  c('associated storage', [allocH, associateH], isPresent(a(), GPU)),

  c('host device', [], isAccessible(a(), A_BYTES, HOST)),
  c('invalid device', [], isAccessible(a(), A_BYTES, INVALID)),
  c('NULL', [], isAccessible(null, 4, GPU)),
  c('shared-memory device', [], isAccessible(a(), A_BYTES, SHARED)),
  c('map-made storage (host address)', [mapTo()], isAccessible(a(), A_BYTES, GPU)),
  c('device allocation', [allocH], isAccessible(handle('h'), A_BYTES, GPU)),
  c('interior pointer', [allocH], isAccessible(handle('h', 8), 16, GPU)),
  c('one past the end', [allocH], isAccessible(handle('h', A_BYTES), 4, GPU)),

  c('host device', [], mappedPtr(a(), HOST)),
  c('invalid device', [], mappedPtr(a(), INVALID)),
  c('NULL', [], mappedPtr(null, GPU)),
  c('shared-memory device, nothing mapped', [], mappedPtr(a(), SHARED)),
  c('nothing mapped', [], mappedPtr(a(), GPU)),
  c('map-made storage', [mapTo()], mappedPtr(a(), GPU)),
  c('interior pointer', [mapTo()], mappedPtr(a(8), GPU)),
  c('one past the end', [mapTo()], mappedPtr(a(A_BYTES), GPU)),
  c(
    'associated storage with a device offset',
    [alloc('h', 2 * A_BYTES, GPU), associate(a(), handle('h'), A_BYTES, 16, GPU)],
    mappedPtr(a(), GPU),
  ),

  c('host device', [alloc('h', A_BYTES, HOST)], associate(a(), handle('h'), A_BYTES, 0, HOST)),
  c('invalid device', [allocH], associate(a(), handle('h'), A_BYTES, 0, INVALID)),
  c('NULL host pointer', [allocH], associate(null, handle('h'), A_BYTES, 0, GPU)),
  c('NULL device pointer', [], associate(a(), null, A_BYTES, 0, GPU)),
  c('size 0', [allocH], associate(a(), handle('h'), 0, 0, GPU)),
  c('shared-memory device', [alloc('h', A_BYTES, SHARED)], associate(a(), handle('h'), A_BYTES, 0, SHARED)),
  c('nothing associated', [allocH], associateH),
  c('repeated association', [allocH, associateH], associateH),
  c('fully-inside association, same start', [allocH, associateH], associate(a(), handle('h'), 16, 0, GPU)),
  c('fully-inside association, interior start', [allocH, associateH], associate(a(8), handle('h'), 16, 8, GPU)),
  c(
    'partial overlap',
    [allocH, alloc('h2', A_BYTES, GPU), associate(a(), handle('h'), 16, 0, GPU)],
    associate(a(8), handle('h2'), 16, 0, GPU),
  ),
  c(
    'same start, second buffer',
    [allocH, alloc('h2', A_BYTES, GPU), associateH],
    associate(a(), handle('h2'), A_BYTES, 0, GPU),
  ),
  c('map-made storage', [mapTo(), allocH], associateH),

  c('host device', [], disassociate(a(), HOST)),
  c('invalid device', [], disassociate(a(), INVALID)),
  c('NULL', [], disassociate(null, GPU)),
  c('shared-memory device', [], disassociate(a(), SHARED)),
  c('nothing associated', [], disassociate(a(), GPU)),
  c('associated storage', [allocH, associateH], disassociate(a(), GPU)),
  c('repeated association', [allocH, associateH, associateH], disassociate(a(), GPU)),
  c('interior pointer', [allocH, associateH], disassociate(a(8), GPU)),
  c('map-made storage', [mapTo()], disassociate(a(), GPU)),

  c('discrete device', [], alloc('h', A_BYTES, GPU)),
  c('host device', [], alloc('h', A_BYTES, HOST)),
  c('shared-memory device', [], alloc('h', A_BYTES, SHARED)),
  c('invalid device', [], alloc('h', A_BYTES, INVALID)),
  c('size 0, host device', [], alloc('h', 0, HOST)),
  c('size 0, shared-memory device', [], alloc('h', 0, SHARED)),
  c('size 0, discrete device', [], alloc('h', 0, GPU)),

  c('NULL', [], free(null, GPU)),
  c('device allocation', [allocH], free(handle('h'), GPU)),
  c('host device', [alloc('h', A_BYTES, HOST)], free(handle('h'), HOST)),
  c('invalid device', [allocH], free(handle('h'), INVALID)),
  c('another device\'s allocation', [allocH], free(handle('h'), OTHER_GPU)),
  c('interior pointer', [allocH], free(handle('h', 8), GPU)),
  c('freed twice', [allocH, free(handle('h'), GPU)], free(handle('h'), GPU)),
  c('map-made storage (host address)', [mapTo()], free(a(), GPU)),

  c('host to device', [allocH], memcpy(handle('h'), a(), A_BYTES, 0, 0, GPU, HOST)),
  c('device to host', [allocH], memcpy(a(), handle('h'), A_BYTES, 0, 0, HOST, GPU)),
  c('host to shared-memory device', [alloc('h', A_BYTES, SHARED)], memcpy(handle('h'), a(), A_BYTES, 0, 0, SHARED, HOST)),
  c('invalid device', [allocH], memcpy(handle('h'), a(), A_BYTES, 0, 0, INVALID, HOST)),
  c('NULL', [], memcpy(null, a(), A_BYTES, 0, 0, GPU, HOST)),
  c('size 0', [], memcpy(null, null, 0, 0, 0, GPU, HOST)),
  c('interior offsets', [allocH], memcpy(handle('h'), a(), 16, 8, 8, GPU, HOST)),
  c('past the end', [allocH], memcpy(handle('h'), a(), A_BYTES, 8, 0, GPU, HOST)),
  c('another device\'s allocation', [allocH], memcpy(handle('h'), a(), A_BYTES, 0, 0, OTHER_GPU, HOST)),
  c('map-made storage (host address)', [mapTo()], memcpy(a(), a(), A_BYTES, 0, 0, GPU, HOST)),
];

export function caseProgram(rc: RoutineCase): Program {
  return { world: TABLE_WORLD, steps: [...rc.setup, rc.call] };
}

// ------------------------------------------------------------------------------------------------
// Running and rendering

/**
 * What the call observes, as a table cell. `undefined` is the spec leaving the outcome open, shown
 * as "unspecified". A setup step that already ends the program is named instead of the call's
 * `halted`, so a cell never hides where the program stopped.
 */
export function caseCell(program: Program, observations: readonly Observation[]): string {
  const stop = observations.findIndex((o) => o.kind === 'error' || o.kind === 'undefined');
  if (stop >= 0 && stop < observations.length - 1)
    return `setup step ${stop + 1}: ${observationCell(observations[stop]!)}`;
  const last = observations[program.steps.length - 1];
  if (!last) throw new Error('internal: a routine case ran without observing its call');
  return observationCell(last);
}

function observationCell(o: Observation): string {
  return o.kind === 'undefined' ? 'unspecified' : formatObservation(o);
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|');
const code = (text: string) => `\`${text}\``;

/** The markdown between the README markers (markers excluded), computed from the model now. */
export function renderRoutineTable(): string {
  const profiles = TABLE_PROFILES.map((name) => loadProfile(name));
  const lines: string[] = [
    '<!-- generated from the model by `npm run table`; edits between these markers are overwritten -->',
    '',
    `World: array \`a\` of 8 integers (${A_BYTES} bytes); devices ${GPU} and ${OTHER_GPU} are discrete, device ${SHARED} shares memory`,
    `with the host, \`omp_get_initial_device()\` is the host (device ${worldDevices(TABLE_WORLD).length}). \`h\` and \`h2\` are results of`,
    '`omp_target_alloc`; `&a+8` is the address of `a` plus 8 bytes. Each cell is what the last call observes',
    'under the profile: `0` success and `1` any nonzero result, `dev#k+o` byte `o` of the k-th allocation,',
    '`unspecified` where the spec leaves the outcome open (anything may happen). Bold marks an answer that',
    'differs from `spec`.',
  ];
  for (const routine of ROUTINES) {
    lines.push('', `#### ${routine}`, '', `| case | program | ${TABLE_PROFILES.join(' | ')} |`, `|---|---|${TABLE_PROFILES.map(() => '---').join('|')}|`);
    for (const rc of ROUTINE_CASES.filter((x) => x.call.op === routine)) {
      const program = caseProgram(rc);
      const cells = profiles.map((profile) => caseCell(program, runTrace(program, { engine: 'model', profile }, false).observations));
      const shown = cells.map((cell, i) => (i > 0 && cell !== cells[0] ? `**${escapeCell(cell)}**` : escapeCell(cell)));
      const steps = program.steps.map((s) => code(escapeCell(renderStep(s)))).join(' ; ');
      lines.push(`| ${rc.label} | ${steps} | ${shown.join(' | ')} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The text between the markers of `readme`; throws when the markers are missing or out of order. */
export function readSection(readme: string): string {
  const begin = readme.indexOf(TABLE_BEGIN);
  const end = readme.indexOf(TABLE_END);
  if (begin < 0 || end < begin)
    throw new Error(`README.md has no '${TABLE_BEGIN}' … '${TABLE_END}' section for the routine table`);
  return readme.slice(begin + TABLE_BEGIN.length, end).replace(/^\n/, '');
}

/** `readme` with the text between the markers replaced by `table`; everything else is kept. */
export function replaceSection(readme: string, table: string): string {
  readSection(readme);
  const begin = readme.indexOf(TABLE_BEGIN) + TABLE_BEGIN.length;
  return `${readme.slice(0, begin)}\n${table}${readme.slice(readme.indexOf(TABLE_END))}`;
}

/** `npm run table`: regenerates the README section; prints whether it changed. */
function main(): void {
  const readme = readFileSync(README_PATH, 'utf8');
  const next = replaceSection(readme, renderRoutineTable());
  if (next === readme) {
    console.log('README.md routine table is up to date');
    return;
  }
  writeFileAtomic(README_PATH, next);
  console.log(`README.md routine table rewritten (${ROUTINE_CASES.length} cases × ${TABLE_PROFILES.length} profiles)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
