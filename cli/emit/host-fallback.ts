// Whether an emitted program means anything on the host fallback (no accelerator): the spec model
// replays the program as the fallback sees it, and every check must come out the same there.

import type { CaseFile } from '../../counterexamples/case.js';
import { formatObservation, type Observation } from '../../lang/observation.js';
import type { DeviceArg } from '../../lang/openmp.js';
import { onInitialDevice, opApi } from '../../lang/ops.js';
import { kernelStatements, parseRef, worldDevices, type ElementBody, type Program, type Step } from '../../lang/program.js';
import { loadProfile } from '../../profiles/index.js';
import { runTrace } from '../../properties/compare.js';
import { renderStep } from '../render.js';
import { hostStepOf } from './backend.js';
import { SPEC, inferApi, plan, routineVar, withoutReuse, type Planned } from './plan.js';
import { firstprivateStatements } from '../../lang/firstprivate.js';

export interface HostFallbackVerdict {
  /** Whether a run on the host fallback is meaningful: every check means the same there. */
  runnable: boolean;
  /** Why not (when not runnable), or what a run cannot show (when it is). */
  reasons: string[];
  /**
   * For a runnable OpenMP program: the first step whose check gcc's runtime is expected to fail,
   * because the libgomp profile answers differently from the spec there (a known divergence the
   * run then confirms); null when the run must print OK.
   */
  wrongAt: number | null;
}

/** The profile of the runtime the host-fallback runs use (gcc's libgomp). */
const HOST_RUNTIME = 'libgomp';

/**
 * OpenACC on the host fallback (ACC_DEVICE_TYPE=host): device and host memory coincide. The program
 * is replayed on the spec model as a shared-memory program: kernels become host reads and writes,
 * mapping steps do nothing. A `false` from acc_is_present or a null device address cannot happen
 * there.
 */
function accHostFallbackProblems(program: Program, steps: Planned[]): string[] {
  const shared: Step[] = [];
  const sharedIndex = new Map<number, number>();
  // a statement writing a firstprivate scalar writes its private copy, on the host too (a copy's
  // firstprivate `from` scalar holds the host value, which the host_write reads anyway)
  const privateCopies = firstprivateStatements(program);
  for (const p of steps) {
    const s = p.step;
    if (s.op === 'acc_parallel' && !('pointer' in s.body)) {
      // a kernel of several statements: one host step per statement, in order, but those that
      // write a firstprivate scalar (its reads are never checked: a block only writes)
      const skipped = privateCopies.get(p.index) ?? [];
      const statements = kernelStatements(s.body).filter((b, k) => !('write' in b && skipped.includes(k)));
      if (statements.length === 0) continue;
      sharedIndex.set(p.index, shared.length);
      // a copy's host_write keeps its `from`: on shared memory the kernel reads host memory
      shared.push(...statements.map((b) => hostStepOf(b as ElementBody)));
    } else if (opApi(s.op) === 'host') {
      sharedIndex.set(p.index, shared.length);
      shared.push(s);
    }
  }
  const sharedObs = runTrace({ world: program.world, steps: shared }, { engine: 'model', profile: loadProfile(SPEC) }, false).observations;
  const problems: string[] = [];
  for (const p of steps) {
    const at = `step ${p.index + 1} (${renderStep(p.step, program.world)})`;
    if (p.obs.kind === 'error') problems.push(`${at}: the spec expects runtime error ${p.obs.code}, which needs separate device memory`);
    // libgomp's acc_map_data on a shared-memory device aborts unless device and host address agree
    // ("cannot map data on shared-memory system"); acc_malloc memory is never the host data.
    if (p.step.op === 'acc_map_data') problems.push(`${at}: acc_map_data needs separate device memory (the host fallback refuses to map)`);
    if (pointerKernelExpectsDevice(p)) problems.push(`${at}: the spec expects a device address in the device copy, but on shared memory the kernel reads the host pointer`);
    if (p.obs.kind === 'value' && p.obs.value === false) problems.push(`${at}: the spec expects false, but on shared memory everything is present`);
    if (p.obs.kind === 'value' && p.obs.value === null) problems.push(`${at}: the spec expects a null pointer, but on shared memory the host address comes back`);
    if (p.obs.kind === 'value' && p.count === null && routineVar(p.step) !== null && parseRef(program.world, routineVar(p.step)!).kind === 'member')
      problems.push(`${at}: the routine gets a null pointer, which the host fallback answers on its own terms`);
    if (p.obs.kind === 'read') {
      const there = sharedObs[sharedIndex.get(p.index)!]!;
      if (!sameCheck(p.obs, there)) problems.push(`${at}: the spec reads ${formatObservation(p.obs)}, shared memory gives ${formatObservation(there)}`);
    }
  }
  return problems;
}

/**
 * OpenMP on the host fallback (OMP_TARGET_OFFLOAD=DISABLED, or no offload device): there are no
 * devices, so omp_get_initial_device() is 0 and device 0 is the host; every construct runs on the
 * host, and routines on any other device number name no device. The written steps are replayed
 * on the spec model with every construct, and every routine on device 0, on the initial device,
 * and each check must come out the same: booleans and 0 / nonzero results exactly, addresses as
 * null or not (and the host pointer itself where the spec returns one), reads where determinate.
 */
function ompHostFallbackProblems(program: Program, steps: Planned[]): { problems: string[]; wrongAt: number | null } {
  const n = worldDevices(program.world).length;
  const written = steps.filter((p) => p.obs.kind !== 'undefined');
  const problems: string[] = [];
  const at = (p: Planned) => `step ${p.index + 1} (${renderStep(p.step, program.world)})`;
  const onHost = (p: Planned, d: DeviceArg): DeviceArg => {
    if (d === 0 || d === 'initial' || d === n || d === -1) return 'initial';
    problems.push(`${at(p)}: device ${d} does not exist on the host fallback, whose only device is the host (number 0)`);
    return d;
  };
  const replay = written.map((p): Step => {
    const s = p.step;
    if (p.obs.kind === 'error') problems.push(`${at(p)}: the spec expects runtime error ${p.obs.code}, which needs a separate device`);
    if (pointerKernelExpectsDevice(p)) problems.push(`${at(p)}: the spec expects a device address in the corresponding pointer, but on the host the kernel reads the original`);
    // every device argument (the table's `device` fields): a construct's runs on the host, a routine's must name it
    return onInitialDevice(s, (d) => onHost(p, d));
  });
  if (problems.length > 0) return { problems, wrongAt: null };
  const replayed = { world: program.world, steps: replay };
  const there = runTrace(replayed, { engine: 'model', profile: loadProfile(SPEC) }, false).observations;
  for (const [k, p] of written.entries()) {
    const o = there[k]!;
    if (sameCheck(p.obs, o)) continue;
    problems.push(`${at(p)}: the spec observes ${formatObservation(p.obs)}, but ${formatObservation(o)} with device 0 as the host`);
    if (o.kind === 'undefined' || o.kind === 'error') break; // the later steps are halted there
  }
  if (problems.length > 0) return { problems, wrongAt: null };
  // What gcc's runtime answers there, as far as its profile knows: the first check it fails.
  const runtime = runTrace(replayed, { engine: 'model', profile: loadProfile(HOST_RUNTIME) }, false).observations;
  for (const [k, p] of written.entries()) {
    const o = runtime[k]!;
    if (sameCheck(p.obs, o)) continue;
    if (o.kind === 'undefined' || o.kind === 'error' || o.kind === 'unavailable' || o.kind === 'halted')
      return { problems: [`${at(p)}: the ${HOST_RUNTIME} profile observes ${formatObservation(o)} with device 0 as the host, so a run predicts nothing`], wrongAt: null };
    return { problems: [], wrongAt: p.index + 1 };
  }
  return { problems: [], wrongAt: null };
}

/**
 * A kernel reading a pointer whose spec value is a device address: its check (not the host
 * pointer's own value, backend.ts pointerValueCheck) fails where the kernel runs on the host.
 */
function pointerKernelExpectsDevice(p: Planned): boolean {
  const s = p.step;
  return (s.op === 'acc_parallel' || s.op === 'omp_target') && 'pointer' in s.body && p.obs.kind === 'value' && p.obs.value !== null && typeof p.obs.value === 'object' && 'block' in p.obs.value;
}

/** Whether observation `there` passes the check the emitted program makes for `spec`. */
function sameCheck(spec: Observation, there: Observation): boolean {
  switch (spec.kind) {
    case 'ok':
      return there.kind === 'ok';
    case 'read':
      return there.kind === 'read' && spec.values.every((v, k) => v === null || v === there.values[k]);
    case 'value': {
      if (there.kind !== 'value') return false;
      const [a, b] = [spec.value, there.value];
      if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
      return 'host' in a ? 'host' in b && a.host === b.host : true;
    }
    default:
      return false;
  }
}

/**
 * Whether running the emitted program on the host fallback (no accelerator: the runtime runs the
 * kernels on the host) means anything. It is runnable when every check it makes also holds there
 * under the spec, which the spec model answers by replaying the program as the fallback sees it
 * (see the two `…HostFallbackProblems` functions); then the program must print OK. A runtime error
 * the spec expects needs a separate device, so such programs are not run; neither is a program
 * that checks nothing (its first step is already undefined).
 * A runnable case whose other side expects something different at a checked step still prints OK
 * on the host whatever the runtime does with device memory: the verdict says so.
 */
export function hostFallbackVerdict(given: Program, caseFile: CaseFile | null = null): HostFallbackVerdict {
  const program = withoutReuse(given);
  const { steps } = plan(program);
  const { problems, wrongAt } =
    inferApi(program) === 'openmp' ? ompHostFallbackProblems(program, steps) : { problems: accHostFallbackProblems(program, steps), wrongAt: null };
  if (problems.length > 0) return { runnable: false, reasons: problems, wrongAt: null };
  const checked = steps.filter((p) => p.obs.kind === 'read' || p.obs.kind === 'value');
  const last = steps.at(-1);
  if (checked.length === 0)
    return {
      runnable: false,
      wrongAt: null,
      reasons: [
        last?.obs.kind === 'undefined'
          ? `nothing is checked before step ${last.index + 1} (${renderStep(last.step, program.world)}), which the spec calls undefined, so the program stops there`
          : 'the program checks nothing',
      ],
    };

  const notes: string[] = [];
  if (caseFile) {
    const b = `${caseFile.sides.b.engine}:${caseFile.sides.b.profile}`;
    for (const p of checked) {
      const other = p.closing ? undefined : caseFile.expected.b[p.index];
      if (other && formatObservation(other) !== formatObservation(p.obs) && p.index + 1 !== wrongAt)
        notes.push(
          `step ${p.index + 1}: ${b} observes ${formatObservation(other)} where the spec observes ${formatObservation(p.obs)}; ` +
            'a run on the host fallback cannot show that difference',
        );
    }
    if (caseFile.divergence?.kind === 'state')
      notes.push(`the sides differ only in state (from step ${caseFile.divergence.step}), which no run can observe`);
  }
  if (wrongAt !== null)
    notes.push(`the ${HOST_RUNTIME} profile answers step ${wrongAt} differently from the spec with device 0 as the host: gcc's runtime should print Wrong result there`);
  return { runnable: true, reasons: notes, wrongAt };
}
