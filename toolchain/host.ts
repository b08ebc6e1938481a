// Host-only builds of emitted programs: the runtime's host fallback runs the kernels, so no offload
// compiler is involved. `-foffload=disable` keeps gcc / gfortran from invoking one: on a node whose
// GCC has the nvptx offload compiler installed and a CUDA >= 12 `ptxas` on PATH, a plain
// `gcc -fopenacc` link fails (`ptxas fatal: Value 'sm_35' is not defined for option 'gpu-name'`,
// GCC 12's default nvptx target). Every compile and link for the host passes these flags.

import { spawnSync } from 'node:child_process';

/** Flags every host-only compile and link passes (gcc and gfortran alike). */
export const HOST_ONLY_FLAGS: readonly string[] = ['-foffload=disable'];

/** Environment for a host-fallback run: the runtime uses the host even where a GPU exists. */
export function hostOnlyEnv(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...base, ACC_DEVICE_TYPE: 'host', OMP_TARGET_OFFLOAD: 'DISABLED' };
}

const seen = new Map<string, boolean>();

/** Whether `command --version` runs (cached per command). */
export function toolOnPath(command: string): boolean {
  let ok = seen.get(command);
  if (ok === undefined) {
    ok = spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
    seen.set(command, ok);
  }
  return ok;
}

/** The reason a test or check that needs `command` cannot run, or null when it is on PATH. */
export function missingTool(command: string, installHint = 'apt-get install gfortran (brings gcc)'): string | null {
  return toolOnPath(command) ? null : `${command} is not on PATH (${installHint}; .ci/run installs it)`;
}

let gccRuntime: string | undefined;

/**
 * The built-in profile of the libgomp that `gcc` on PATH links: `gcc-12` for GCC 12 and older
 * (no omp_initial_device, K-B20 `graceful`; the present modifier missing), else `libgomp`.
 * Cached; `libgomp` when gcc does not run.
 */
export function gccRuntimeProfile(): string {
  if (gccRuntime === undefined) {
    const r = spawnSync('gcc', ['-dumpversion'], { encoding: 'utf8' });
    const major = r.status === 0 ? Number.parseInt(r.stdout.trim(), 10) : Number.NaN;
    gccRuntime = Number.isFinite(major) && major <= 12 ? 'gcc-12' : 'libgomp';
  }
  return gccRuntime;
}

let clangMajor: number | null | undefined;

/** The major version of `clang` on PATH (`clang version 16.0.6` → 16); null when it does not run. Cached. */
export function clangMajorVersion(): number | null {
  if (clangMajor === undefined) {
    const r = spawnSync('clang', ['--version'], { encoding: 'utf8' });
    const m = r.status === 0 ? /clang version (\d+)\./.exec(r.stdout) : null;
    clangMajor = m ? Number.parseInt(m[1]!, 10) : null;
  }
  return clangMajor;
}
