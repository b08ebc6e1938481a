// Compiler descriptions for `mapcheck conform`: how to build an observation program for one API
// and language, how to run it, with which environment, and which built-in profile describes the
// runtime. A custom toolchain is a JSON file of the same shape.
//
// Templates: `{source}` (the program file), `{binary}` (the executable to write) in compile
// commands, `{binary}` in the run command. Commands are split on spaces after substitution (no
// shell), so paths with spaces are not supported.

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { InputError } from '../lang/validate.js';
import { packagedProfile } from '../profiles/index.js';
import { HOST_ONLY_FLAGS, clangMajorVersion, gccRuntimeProfile } from './host.js';

export type ToolchainApi = 'openacc' | 'openmp';
export type ToolchainLang = 'fortran' | 'c';
export type Target = 'host' | 'device';

export interface Toolchain {
  name: string;
  description: string;
  /** The API of a generated batch (default: the only API it builds, else both). */
  api?: ToolchainApi;
  /** Compile commands per API and language; an API or language left out is not built. */
  compile: Partial<Record<ToolchainApi, Partial<Record<ToolchainLang, string>>>>;
  /** Run command (default `{binary}`). */
  run: string;
  /** Environment added to every run. */
  env: Record<string, string>;
  /** The built-in profile the runtime is believed to follow (the base of the inferred profile). */
  profile: string;
  /**
   * The profile each language's runs are judged by where it is not `profile`: a built-in name or a
   * profile file (a front end that lowers maps its own way, or a measured compiler version). A
   * built-in toolchain sets it from the version of the compiler on PATH.
   */
  profiles?: Partial<Record<ToolchainLang, string>>;
  /** Whether the runs execute on the host fallback (device memory is host memory). */
  hostFallback: boolean;
}

const HOST = HOST_ONLY_FLAGS.join(' ');

function gcc(api: ToolchainApi, target: Target): Toolchain {
  // GCC 12's nvptx offload compiler: -foffload=nvptx-none builds the device code (keep a CUDA >= 12
  // ptxas off PATH: GCC 12 asks it for sm_35); the host build disables offloading entirely. Both
  // GCC toolchains build programs of either API with the matching flag (both run on libgomp); the
  // name picks the API of a generated batch.
  const offload = target === 'host' ? HOST : '-foffload=nvptx-none';
  const env: Record<string, string> =
    target === 'host' ? { ACC_DEVICE_TYPE: 'host', OMP_TARGET_OFFLOAD: 'DISABLED' } : { ACC_DEVICE_TYPE: 'nvidia', OMP_TARGET_OFFLOAD: 'MANDATORY' };
  const commands = (flag: string) => ({ fortran: `gfortran ${flag} ${offload} -w {source} -o {binary}`, c: `gcc ${flag} ${offload} -w {source} -o {binary}` });
  // The runs are judged by the profile of the GCC on PATH (a host-fallback build is judged by the
  // host fallback): GCC 12 and older by `gcc-12`, newer by `libgomp`; C runs by the C front end's
  // profile beside it (profiles/gcc-12-c.json, libgomp-c.json: its own lowering of pointer maps).
  const runtime = target === 'host' ? 'libgomp' : gccRuntimeProfile();
  return {
    name: `gcc-${api}`,
    description: `GCC (gfortran / gcc) -fopenacc or -fopenmp, ${target === 'host' ? 'offload disabled (host fallback)' : 'nvptx offload'}`,
    api,
    compile: { openacc: commands('-fopenacc'), openmp: commands('-fopenmp') },
    run: '{binary}',
    env,
    profile: runtime,
    ...(target === 'host' ? {} : { profiles: { c: packagedProfile(`${runtime}-c.json`) } }),
    hostFallback: target === 'host',
  };
}


/**
 * The profile of the LLVM whose clang has this major version: profiles/llvm-16.json for clang 16
 * and profiles/llvm-19.json for 19 (measured), `llvm-22` for 22, else `llvm-offload` (today's
 * sources); null for no clang.
 */
export function clangProfile(major: number | null): string | null {
  if (major === null) return null;
  if (major === 16 || major === 19) return packagedProfile(`llvm-${major}.json`);
  return major === 22 ? 'llvm-22' : 'llvm-offload';
}

function other(name: string, api: ToolchainApi, fortran: string, c: string, env: Record<string, string>, profile: string, description: string, hostFallback: boolean): Toolchain {
  return { name, description, api, compile: { [api]: { fortran, c } }, run: '{binary}', env, profile, hostFallback };
}

/** clang-openmp: LLVM's runs are judged by the profile of the clang on PATH where one is measured. */
function withClangVersion(t: Toolchain): Toolchain {
  if (t.hostFallback) return t;
  const versioned = clangProfile(clangMajorVersion());
  if (versioned === null || versioned === t.profile) return t;
  // A built-in reading is the base itself; a profile file (llvm-16.json) is judged beside its base.
  return versioned.endsWith('.json') ? { ...t, profiles: { c: versioned, fortran: versioned } } : { ...t, profile: versioned };
}

/** The built-in toolchains for a target. */
export function builtinToolchains(target: Target): Toolchain[] {
  const ompEnv: Record<string, string> = target === 'host' ? { OMP_TARGET_OFFLOAD: 'DISABLED' } : { OMP_TARGET_OFFLOAD: 'MANDATORY' };
  const clangTarget = target === 'host' ? '' : ' -fopenmp-targets=nvptx64-nvidia-cuda';
  return [
    gcc('openacc', target),
    gcc('openmp', target),
    withClangVersion(other(
      'clang-openmp',
      'openmp',
      `flang -fopenmp${clangTarget} {source} -o {binary}`,
      `clang -fopenmp${clangTarget} {source} -o {binary}`,
      ompEnv,
      'llvm-offload',
      'LLVM clang / flang with libomptarget',
      target === 'host',
    )),
    other(
      'nvhpc',
      'openacc',
      `nvfortran -acc=${target === 'host' ? 'multicore' : 'gpu'} {source} -o {binary}`,
      `nvc -acc=${target === 'host' ? 'multicore' : 'gpu'} {source} -o {binary}`,
      target === 'host' ? { ACC_DEVICE_TYPE: 'host' } : { ACC_DEVICE_TYPE: 'nvidia' },
      'nvfortran-25.3',
      'NVIDIA HPC SDK nvfortran / nvc -acc',
      target === 'host',
    ),
    other('cray', 'openacc', 'ftn -hacc {source} -o {binary}', 'cc -hacc {source} -o {binary}', {}, 'cray-19', 'HPE Cray ftn / cc -hacc (offloads to the GPU it finds)', false),
  ];
}

export const BUILTIN_TOOLCHAIN_NAMES = ['gcc-openacc', 'gcc-openmp', 'clang-openmp', 'nvhpc', 'cray'] as const;

const CommandMap = z.strictObject({ fortran: z.string().min(1).optional(), c: z.string().min(1).optional() });
const ToolchainFile = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  api: z.enum(['openacc', 'openmp']).optional(),
  compile: z.strictObject({ openacc: CommandMap.optional(), openmp: CommandMap.optional() }),
  run: z.string().min(1).optional(),
  env: z.record(z.string(), z.string()).optional(),
  profile: z.string().min(1).optional(),
  profiles: z.strictObject({ fortran: z.string().min(1).optional(), c: z.string().min(1).optional() }).optional(),
  hostFallback: z.boolean().optional(),
});

/** A built-in toolchain name, or a JSON file describing one; bad input is an InputError naming the file and field. */
export function loadToolchain(nameOrPath: string, target: Target): Toolchain {
  const builtin = builtinToolchains(target).find((t) => t.name === nameOrPath);
  if (builtin) return builtin;
  if (!nameOrPath.endsWith('.json'))
    throw new InputError(`unknown toolchain '${nameOrPath}' (built-in: ${BUILTIN_TOOLCHAIN_NAMES.join(', ')}; or a path to a .json toolchain)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(nameOrPath, 'utf8'));
  } catch (e) {
    throw new InputError(`${nameOrPath}: cannot read toolchain (${(e as Error).message})`);
  }
  const r = ToolchainFile.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`${nameOrPath}: field ${issue.path.join('.') || '(top)'}: ${issue.message}`);
  }
  const t = r.data;
  for (const [api, cmds] of Object.entries(t.compile))
    for (const [lang, cmd] of Object.entries(cmds ?? {}))
      if (cmd && !(cmd.includes('{source}') && cmd.includes('{binary}')))
        throw new InputError(`${nameOrPath}: field compile.${api}.${lang}: the command must name {source} and {binary}`);
  return {
    name: t.name,
    description: t.description ?? `toolchain file ${nameOrPath}`,
    ...(t.api ? { api: t.api } : {}),
    compile: t.compile,
    run: t.run ?? '{binary}',
    env: t.env ?? {},
    profile: t.profile ?? 'spec',
    ...(t.profiles ? { profiles: t.profiles } : {}),
    hostFallback: t.hostFallback ?? false,
  };
}

/** A command template with its placeholders filled, as argv. */
export function fillTemplate(template: string, values: Record<string, string>): string[] {
  return template
    .split(/\s+/)
    .filter((w) => w !== '')
    .map((w) => w.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m));
}

export { packagedProfile } from '../profiles/index.js';
