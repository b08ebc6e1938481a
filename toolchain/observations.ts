// What an observation program (`mapcheck emit --observe`) prints, and how a run's output becomes
// one raw observation per written step.
//
// Line format, one line per written step, in step order (steps are numbered as in the program,
// 1-based; steps `emit` adds to close open regions continue the numbering):
//
//   MAPCHECK <step> ok                a step that returns nothing completed
//   MAPCHECK <step> done              a step whose result this language cannot observe completed
//                                     (Fortran's acc_copyin is a subroutine)
//   MAPCHECK <step> read <v1> <v2> …  values a kernel or host read left in `res`
//   MAPCHECK <step> int <n>           an integer routine result (acc_is_present, omp_target_* codes)
//   MAPCHECK <step> ptr <n>           a pointer routine result, as an unsigned decimal address (0: null);
//                                     Fortran prints it signed (transfer to c_intptr_t), and a value
//                                     at or above 2^63 is read as that signed number: a pointer a
//                                     runtime wrote as 0 less a bias (libomptarget 16, K-B44) is
//                                     `ptr -16` from either language, a value and not an address
//
// and before the first step:
//
//   MAPCHECK 0 offload <0|1>          1 when a probe kernel ran on a non-host device
//   MAPCHECK 0 host <k> <n>           the address of the k-th host object (lang/program.ts hostLayout order)
//   MAPCHECK 0 element <k> <e> <n>    the address of element e (0-based) of host object k, an array of structs
//   MAPCHECK 0 field <k> <f> <n>      the address of non-pointer member f (0-based, declaration order) of
//                                     host object k, a single struct
//
// (a compiler lays a struct out its own way: a gfortran pointer component is a 64-byte descriptor,
// a C one here a pointer and an int; the element and field lines let a host address inside a
// struct be read back member by member instead of by the language's own layout)
//
// and `MAPCHECK end` after the last written step. A runtime error ends the process before its
// step's line: the runner (not the program) turns a non-zero exit, a signal or a timeout into an
// `abort` observation of the first written step that printed nothing (a timeout stays `timeout`
// unless the runtime had printed a fatal error first: see fatalThenHung).

/** What one written step showed in a run. */
export type RawObservation =
  | { kind: 'ok' }
  | { kind: 'done' }
  | { kind: 'read'; values: number[] }
  | { kind: 'int'; value: number }
  | { kind: 'ptr'; value: number }
  /** The process ended in this step: exit status or signal, with the last words of stderr. */
  | { kind: 'abort'; exit: number | string; message: string }
  /** The process ran past its time limit in this step. */
  | { kind: 'timeout' }
  /** Nothing printed, though the process did not stop here (it stopped earlier, or ended early with status 0). */
  | { kind: 'missing' };

export interface ParsedRun {
  /** Raw observation of each written step, by step number. */
  steps: Map<number, RawObservation>;
  /** Whether the probe kernel ran on a non-host device (null: the program printed no probe line). */
  offload: boolean | null;
  /** Host object base addresses, in hostLayout order. */
  hostBases: number[];
  /** Per host object (hostLayout order): the addresses of its elements (an array of structs) or of its fields (a single struct). */
  hostParts: { elements: number[]; fields: number[] }[];
  /** The program printed its end line. */
  completed: boolean;
  /** Lines that do not follow the format (reported, never silently dropped). */
  malformed: string[];
}

export interface RunOutput {
  stdout: string;
  stderr: string;
  /** Exit status, or the signal name; null for a run stopped by its time limit. */
  exit: number | string | null;
  timedOut: boolean;
}

export const LINE_PREFIX = 'MAPCHECK';

function parseNumber(text: string): number | null {
  if (!/^-?\d+$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : null;
}

const TWO_63 = 1n << 63n;
const TWO_64 = 1n << 64n;

/**
 * A pointer's printed value. C prints it unsigned (`%llu`), Fortran signed (`c_intptr_t`): an
 * unsigned 64-bit value at or above 2^63 reads as its signed twin, so both languages give one
 * number. Null for text that is not a 64-bit integer or whose value is beyond a safe integer (no
 * address of a real process is).
 */
function parsePointer(text: string): number | null {
  if (!/^-?\d+$/.test(text)) return null;
  let v = BigInt(text);
  if (v < -TWO_63 || v >= TWO_64) return null;
  if (v >= TWO_63) v -= TWO_64;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

/** The last non-empty lines of stderr, for an abort's message. */
function lastWords(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return lines.slice(-2).join(' | ').slice(0, 300);
}

/**
 * Whether a run that ran out of time had already reported a fatal runtime error: libgomp's
 * gomp_fatal prints "libgomp: …" and exits, and where it is called with the device lock held
 * (oacc-mem.c goacc_exit_data_internal, "UNHANDLED kind") the exit-time device finalization waits
 * on that lock for ever. The step stopped at the error; the hang comes after it.
 */
function fatalThenHung(stderr: string): boolean {
  return stderr.split('\n').some((l) => l.startsWith('libgomp: '));
}

/**
 * Reads a run's output. `written` lists the step numbers the program writes, in order; a step
 * without a line is `abort` (or `timeout`) when it is the first such step and the run failed,
 * and `missing` otherwise.
 */
export function parseRun(out: RunOutput, written: readonly number[]): ParsedRun {
  const steps = new Map<number, RawObservation>();
  const malformed: string[] = [];
  const hostBases: number[] = [];
  const hostParts: { elements: number[]; fields: number[] }[] = [];
  const part = (k: number) => (hostParts[k] ??= { elements: [], fields: [] });
  let offload: boolean | null = null;
  let completed = false;
  for (const line of out.stdout.split('\n')) {
    const t = line.trim();
    if (!t.startsWith(LINE_PREFIX)) continue;
    const words = t.split(/\s+/);
    if (words[1] === 'end' && words.length === 2) {
      completed = true;
      continue;
    }
    const step = parseNumber(words[1] ?? '');
    const kind = words[2];
    const args = words.slice(3).map(kind === 'ptr' ? parsePointer : parseNumber);
    if (step === null || args.some((a) => a === null)) {
      malformed.push(t);
      continue;
    }
    const nums = args as number[];
    if (step === 0) {
      if (kind === 'offload' && nums.length === 1) offload = nums[0] !== 0;
      else if (kind === 'host' && nums.length === 2) hostBases[nums[0]!] = nums[1]!;
      else if (kind === 'element' && nums.length === 3) part(nums[0]!).elements[nums[1]!] = nums[2]!;
      else if (kind === 'field' && nums.length === 3) part(nums[0]!).fields[nums[1]!] = nums[2]!;
      else malformed.push(t);
      continue;
    }
    let obs: RawObservation | null = null;
    if ((kind === 'ok' || kind === 'done') && nums.length === 0) obs = { kind };
    else if (kind === 'read') obs = { kind: 'read', values: nums };
    else if (kind === 'int' && nums.length === 1) obs = { kind: 'int', value: nums[0]! };
    else if (kind === 'ptr' && nums.length === 1) obs = { kind: 'ptr', value: nums[0]! };
    if (obs === null || !written.includes(step) || steps.has(step)) {
      malformed.push(t);
      continue;
    }
    steps.set(step, obs);
  }
  const failed = out.timedOut || (out.exit !== 0 && out.exit !== null);
  let blamed = false;
  for (const k of written) {
    if (steps.has(k)) continue;
    if (failed && !blamed) {
      steps.set(k, out.timedOut && !fatalThenHung(out.stderr) ? { kind: 'timeout' } : { kind: 'abort', exit: out.exit ?? 'unknown', message: lastWords(out.stderr) });
      blamed = true;
    } else steps.set(k, { kind: 'missing' });
  }
  return { steps, offload, hostBases, hostParts, completed, malformed };
}

/** One-line rendering of a raw observation, as the reports and the measured data show it. */
export function formatRaw(o: RawObservation): string {
  switch (o.kind) {
    case 'ok':
    case 'done':
    case 'timeout':
    case 'missing':
      return o.kind;
    case 'read':
      return `read ${o.values.join(' ')}`;
    case 'int':
      return `int ${o.value}`;
    case 'ptr':
      return `ptr ${o.value}`;
    case 'abort':
      return `abort (exit ${o.exit}${o.message ? `: ${o.message}` : ''})`;
  }
}
