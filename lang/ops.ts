// The table of operations: one row per `op` of the language, saying which API it belongs to,
// whether it is a construct, a routine or a host statement, which spec section defines it, which
// region it opens or closes, and what each of its fields is (a variable reference, a device
// number, a pointer argument, a handle it defines, a byte count, …).
//
// Everything that lists operations derives from this table or is a record keyed by its ops, so an
// op added here is a compile error wherever it is not handled yet (CONTRIBUTING.md has the list):
// validation (lang/validate.ts builds the JSON shapes and the reference checks from the fields),
// the human rendering (cli/render.ts), the generators (properties/arbitraries*.ts), emit's
// backends (cli/emit/), the model's and the impl's dispatch, and the README routine table.
// The table holds no semantics: those live, twice and independently, in model/ and impl/.

import type { DeviceArg, OmpMapType } from './openmp.js';
import type { ParsedRef, Step, StepOp } from './program.js';

export type Api = 'openacc' | 'openmp' | 'host';
/** `construct`: a directive; `routine`: a runtime library call; `host`: a plain host statement. */
export type OpKind = 'construct' | 'routine' | 'host';
export type RefKind = ParsedRef['kind'];

/** The step type of one op (ops that share an interface get that interface with `op` narrowed). */
export type StepOf<Op extends StepOp> = Step extends infer S
  ? S extends { op: infer O }
    ? Op extends O
      ? Omit<S, 'op'> & { op: Op }
      : never
    : never
  : never;

/** What a field of a step is; validation's JSON shape and reference checks follow from it. */
export type FieldRole =
  /** A variable reference (`a`, `a(2:5)`, `c`, `c%p`) of one of the allowed kinds; `whole`: no subarray. */
  | { role: 'var'; refs: readonly RefKind[]; whole?: true }
  /** OpenACC data clauses with these names; `attach` / `detach` clauses take pointer members only. */
  | { role: 'clauses'; names: readonly [string, ...string[]] }
  /**
   * OpenMP map items of these types; `deleteModifier`: the construct takes the 6.0 delete modifier;
   * `motion`: the items are the motion clauses of target update, whose only modifier is `present`.
   */
  | { role: 'maps'; types: readonly [OmpMapType, ...OmpMapType[]]; deleteModifier?: true; motion?: true }
  /**
   * The clauses of a program-scope declaration (`acc_declare`, `omp_declare_target`) with these
   * names: whole arrays, each declared once in the program, and the step comes before every step
   * that is not such a declaration.
   */
  | { role: 'declare'; names: readonly [string, ...string[]] }
  /** A kernel body (reads or writes an array, subarray or pointer target). */
  | { role: 'body' }
  /** A pointer argument (null, host variable + offset, or handle + offset); `aligned`: whole elements. */
  | { role: 'ptr'; aligned: boolean }
  /** A device number argument. */
  | { role: 'device' }
  /**
   * Names the address the step gives (a handle later steps may pass): an allocation of the step's
   * `bytes` bytes, the device address of its `var`, or the pointer a kernel read (`pointer` body).
   */
  | { role: 'result' }
  /**
   * A byte count: `routine` bounds it by the routine limit, `var` by the bytes the step's `var`
   * can cover; `whole`: a multiple of the element size.
   */
  | { role: 'bytes'; limit: 'routine' | 'var'; whole?: true }
  /** An integer value written to memory. */
  | { role: 'value' }
  /** What a write adds to its value per element (element k, from 0, gets value + k * by). */
  | { role: 'increment' }
  /** A Fortran array bound (the lower bound of a bounds-remapping pointer assignment). */
  | { role: 'bound' }
  /** An element count of new storage (`allocate(c%x(n))`), 1..64 like an array's length. */
  | { role: 'extent' }
  /** A boolean clause such as `finalize`. */
  | { role: 'flag' }
  /** A keyword clause with one allowed spelling, such as `default(present)`. */
  | { role: 'keyword'; value: string };

/** A field's role, and `optional: true` exactly when the step type makes the field optional. */
type FieldsOf<S> = {
  [K in Exclude<keyof S, 'op'>]-?: FieldRole & ({} extends Pick<S, K> ? { optional: true } : { optional?: never });
};

export interface OpInfo<Op extends StepOp> {
  api: Api;
  kind: OpKind;
  /** The spec section that defines the op (`OpenACC 3.3 §2.6.6`), or what a host step stands for. */
  cite: string;
  /** `{opens: end}`: the op opens a region that op `end` closes; `closes`: the op closes the innermost one. */
  region?: { opens: StepOp } | 'closes';
  /** Every field but `op`, in the order validation checks them. */
  fields: FieldsOf<StepOf<Op>>;
}

const ANY: readonly RefKind[] = ['array', 'struct', 'member'];
const DATA: readonly RefKind[] = ['array', 'member'];
const MEMBER: readonly RefKind[] = ['member'];
const ARRAY: readonly RefKind[] = ['array'];

const ENTER_CLAUSES = ['copyin', 'create', 'attach'] as const;
const EXIT_CLAUSES = ['copyout', 'delete', 'detach'] as const;
const UPDATE_CLAUSES = ['self', 'host', 'device'] as const;
const REGION_CLAUSES = ['copy', 'copyin', 'copyout', 'create', 'present', 'no_create', 'attach'] as const;
// OpenMP 6.0 §15.5–§15.8: the map types each construct takes.
const ENTER_MAP_TYPES = ['to', 'alloc'] as const;
const EXIT_MAP_TYPES = ['from', 'release', 'delete'] as const;
const REGION_MAP_TYPES = ['to', 'from', 'tofrom', 'alloc'] as const;
const MOTION_TYPES = ['to', 'from'] as const;

const dataRoutine = (cite: string) => ({ api: 'openacc', kind: 'routine', cite, fields: { var: { role: 'var', refs: ANY } } }) as const;
/** acc_copyin and acc_create return the data's device address, which a program may keep (`result`). */
const copyinRoutine = (cite: string) =>
  ({ api: 'openacc', kind: 'routine', cite, fields: { var: { role: 'var', refs: ANY }, result: { role: 'result', optional: true } } }) as const;
const attachRoutine = { api: 'openacc', kind: 'routine', cite: 'OpenACC 3.3 §3.2.29', fields: { ptr: { role: 'var', refs: MEMBER } } } as const;
const ptrRoutine = (cite: string) =>
  ({ api: 'openmp', kind: 'routine', cite, fields: { ptr: { role: 'ptr', aligned: false }, device: { role: 'device' } } }) as const;

/** The operations of the language, in the order `mapcheck` lists them. */
export const OPS = {
  acc_enter_data: { api: 'openacc', kind: 'construct', cite: 'OpenACC 3.3 §2.6.6', fields: { clauses: { role: 'clauses', names: ENTER_CLAUSES } } },
  acc_exit_data: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.6.6',
    fields: { clauses: { role: 'clauses', names: EXIT_CLAUSES }, finalize: { role: 'flag', optional: true } },
  },
  acc_data_begin: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.6.5',
    region: { opens: 'acc_data_end' },
    fields: { clauses: { role: 'clauses', names: REGION_CLAUSES } },
  },
  acc_data_end: { api: 'openacc', kind: 'construct', cite: 'OpenACC 3.3 §2.6.5', region: 'closes', fields: {} },
  acc_parallel: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.5.1',
    fields: {
      clauses: { role: 'clauses', names: REGION_CLAUSES },
      default: { role: 'keyword', value: 'present', optional: true },
      body: { role: 'body' },
      result: { role: 'result', optional: true },
    },
  },
  acc_copyin: copyinRoutine('OpenACC 3.3 §3.2.18'),
  acc_create: copyinRoutine('OpenACC 3.3 §3.2.18'),
  acc_copyout: dataRoutine('OpenACC 3.3 §3.2.19'),
  acc_copyout_finalize: dataRoutine('OpenACC 3.3 §3.2.19'),
  acc_delete: dataRoutine('OpenACC 3.3 §3.2.19'),
  acc_delete_finalize: dataRoutine('OpenACC 3.3 §3.2.19'),
  acc_attach: attachRoutine,
  acc_detach: attachRoutine,
  acc_detach_finalize: attachRoutine,
  acc_is_present: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.25',
    fields: { var: { role: 'var', refs: ANY }, bytes: { role: 'bytes', limit: 'var', optional: true } },
  },
  acc_deviceptr: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.23',
    fields: { var: { role: 'var', refs: ANY }, result: { role: 'result', optional: true } },
  },
  acc_malloc: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.16',
    fields: { bytes: { role: 'bytes', limit: 'routine' }, result: { role: 'result' } },
  },
  acc_free: { api: 'openacc', kind: 'routine', cite: 'OpenACC 3.3 §3.2.17', fields: { ptr: { role: 'ptr', aligned: false } } },
  acc_map_data: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.21',
    fields: { var: { role: 'var', refs: DATA }, dev: { role: 'ptr', aligned: true } },
  },
  acc_unmap_data: { api: 'openacc', kind: 'routine', cite: 'OpenACC 3.3 §3.2.22', fields: { var: { role: 'var', refs: DATA } } },
  acc_memcpy_to_device: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.26',
    fields: { var: { role: 'var', refs: DATA }, dev: { role: 'ptr', aligned: true } },
  },
  acc_memcpy_from_device: {
    api: 'openacc',
    kind: 'routine',
    cite: 'OpenACC 3.3 §3.2.27',
    fields: { var: { role: 'var', refs: DATA }, dev: { role: 'ptr', aligned: true } },
  },
  acc_host_data_begin: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.8',
    region: { opens: 'acc_host_data_end' },
    fields: { var: { role: 'var', refs: ARRAY, whole: true }, result: { role: 'result' }, if_present: { role: 'flag', optional: true } },
  },
  acc_host_data_end: { api: 'openacc', kind: 'construct', cite: 'OpenACC 3.3 §2.8', region: 'closes', fields: {} },
  pointer_assign: {
    api: 'host',
    kind: 'host',
    cite: 'Fortran pointer assignment p => t',
    fields: { ptr: { role: 'var', refs: MEMBER }, target: { role: 'var', refs: ARRAY }, lbound: { role: 'bound', optional: true } },
  },
  nullify: { api: 'host', kind: 'host', cite: 'Fortran nullify(p)', fields: { ptr: { role: 'var', refs: MEMBER } } },
  allocate: {
    api: 'host',
    kind: 'host',
    cite: 'Fortran 2018 §9.7.1 ALLOCATE statement',
    fields: { ptr: { role: 'var', refs: MEMBER }, length: { role: 'extent' }, value: { role: 'value', optional: true } },
  },
  deallocate: { api: 'host', kind: 'host', cite: 'Fortran 2018 §9.7.3 DEALLOCATE statement', fields: { ptr: { role: 'var', refs: MEMBER } } },
  host_write: {
    api: 'host',
    kind: 'host',
    cite: 'host assignment to every element',
    fields: { var: { role: 'var', refs: DATA }, value: { role: 'value' }, by: { role: 'increment', optional: true }, add: { role: 'flag', optional: true }, from: { role: 'var', refs: ARRAY, optional: true } },
  },
  host_read: {
    api: 'host',
    kind: 'host',
    cite: 'host read of every element',
    fields: { var: { role: 'var', refs: DATA }, at: { role: 'bound', optional: true }, bounds: { role: 'flag', optional: true } },
  },
  omp_target_enter_data: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.5',
    fields: { device: { role: 'device', optional: true }, maps: { role: 'maps', types: ENTER_MAP_TYPES } },
  },
  omp_target_exit_data: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.6',
    fields: { device: { role: 'device', optional: true }, maps: { role: 'maps', types: EXIT_MAP_TYPES, deleteModifier: true } },
  },
  omp_target_data_begin: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.7',
    region: { opens: 'omp_target_data_end' },
    fields: { device: { role: 'device', optional: true }, maps: { role: 'maps', types: REGION_MAP_TYPES } },
  },
  omp_target_data_end: { api: 'openmp', kind: 'construct', cite: 'OpenMP 6.0 §15.7', region: 'closes', fields: {} },
  omp_target: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.8',
    fields: {
      device: { role: 'device', optional: true },
      maps: { role: 'maps', types: REGION_MAP_TYPES },
      body: { role: 'body' },
      result: { role: 'result', optional: true },
    },
  },
  omp_target_alloc: {
    api: 'openmp',
    kind: 'routine',
    cite: 'OpenMP 6.0 §25.3',
    fields: { bytes: { role: 'bytes', limit: 'routine' }, device: { role: 'device' }, result: { role: 'result' } },
  },
  omp_target_free: ptrRoutine('OpenMP 6.0 §25.4'),
  omp_target_is_present: ptrRoutine('OpenMP 6.0 §25.2.1'),
  omp_target_is_accessible: {
    api: 'openmp',
    kind: 'routine',
    cite: 'OpenMP 6.0 §25.2.2',
    fields: { ptr: { role: 'ptr', aligned: false }, bytes: { role: 'bytes', limit: 'routine' }, device: { role: 'device' } },
  },
  omp_target_associate_ptr: {
    api: 'openmp',
    kind: 'routine',
    cite: 'OpenMP 6.0 §25.5',
    fields: {
      host: { role: 'ptr', aligned: true },
      dev: { role: 'ptr', aligned: true },
      bytes: { role: 'bytes', limit: 'routine', whole: true },
      offset: { role: 'bytes', limit: 'routine', whole: true },
      device: { role: 'device' },
    },
  },
  omp_target_disassociate_ptr: ptrRoutine('OpenMP 6.0 §25.6'),
  omp_get_mapped_ptr: ptrRoutine('OpenMP 6.0 §25.2.3'),
  omp_target_memcpy: {
    api: 'openmp',
    kind: 'routine',
    cite: 'OpenMP 6.0 §25.7.1',
    fields: {
      dst: { role: 'ptr', aligned: true },
      src: { role: 'ptr', aligned: true },
      bytes: { role: 'bytes', limit: 'routine', whole: true },
      dst_offset: { role: 'bytes', limit: 'routine', whole: true },
      src_offset: { role: 'bytes', limit: 'routine', whole: true },
      dst_device: { role: 'device' },
      src_device: { role: 'device' },
    },
  },
  acc_update: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.14.4',
    fields: { clauses: { role: 'clauses', names: UPDATE_CLAUSES }, if_present: { role: 'flag', optional: true } },
  },
  omp_target_update: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.9',
    fields: { device: { role: 'device', optional: true }, motions: { role: 'maps', types: MOTION_TYPES, motion: true } },
  },
  acc_declare: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.13',
    fields: { clauses: { role: 'declare', names: ['create', 'copyin', 'device_resident', 'link'] } },
  },
  omp_declare_target: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §9.9.1',
    fields: { clauses: { role: 'declare', names: ['enter', 'link'] } },
  },
  omp_target_data_use_device_begin: {
    api: 'openmp',
    kind: 'construct',
    cite: 'OpenMP 6.0 §15.7',
    region: { opens: 'omp_target_data_use_device_end' },
    fields: {
      device: { role: 'device', optional: true },
      var: { role: 'var', refs: ARRAY, whole: true },
      result: { role: 'result' },
      ptr: { role: 'flag', optional: true },
    },
  },
  omp_target_data_use_device_end: { api: 'openmp', kind: 'construct', cite: 'OpenMP 6.0 §15.7', region: 'closes', fields: {} },
  acc_procedure_begin: {
    api: 'openacc',
    kind: 'construct',
    cite: 'OpenACC 3.3 §2.13',
    region: { opens: 'acc_procedure_end' },
    fields: { clauses: { role: 'clauses', names: ['copy', 'copyin', 'copyout', 'create', 'present'] } },
  },
  acc_procedure_end: { api: 'openacc', kind: 'construct', cite: 'OpenACC 3.3 §2.13', region: 'closes', fields: {} },
} as const satisfies { readonly [Op in StepOp]: OpInfo<Op> };

type Table = typeof OPS;

/** Every op, in table order. */
export const STEP_OPS = Object.keys(OPS) as StepOp[];

export function isStepOp(op: string): op is StepOp {
  return Object.hasOwn(OPS, op);
}

/** The ops of one API (or several), as a type. */
export type OpsOf<A extends Api> = { [Op in StepOp]: Table[Op]['api'] extends A ? Op : never }[StepOp];
/** The ops of one kind, as a type. */
export type OpsOfKind<K extends OpKind> = { [Op in StepOp]: Table[Op]['kind'] extends K ? Op : never }[StepOp];
/** The ops that open a region, and those that close one. */
export type RegionBeginOp = { [Op in StepOp]: Table[Op] extends { region: { opens: StepOp } } ? Op : never }[StepOp];
export type RegionEndOp = { [Op in StepOp]: Table[Op] extends { region: 'closes' } ? Op : never }[StepOp];
/** OpenMP device memory routines. */
export type OmpRoutineOp = OpsOf<'openmp'> & OpsOfKind<'routine'>;

export function opInfo(op: StepOp): OpInfo<StepOp> {
  return OPS[op] as unknown as OpInfo<StepOp>;
}

export function opApi(op: StepOp): Api {
  return OPS[op].api;
}

export function opsOf(api: Api): StepOp[] {
  return STEP_OPS.filter((op) => OPS[op].api === api);
}

/** The op that closes the region `op` opens, or null when it opens none. */
export function regionEndOf(op: StepOp): RegionEndOp | null {
  const region = opInfo(op).region;
  return typeof region === 'object' ? (region.opens as RegionEndOp) : null;
}

export function isRegionBegin(op: StepOp): op is RegionBeginOp {
  return regionEndOf(op) !== null;
}

export function isRegionEnd(op: StepOp): op is RegionEndOp {
  return opInfo(op).region === 'closes';
}

/** The begin op whose region `end` closes. */
export function regionBeginOf(end: RegionEndOp): RegionBeginOp {
  return STEP_OPS.find((op) => regionEndOf(op) === end) as RegionBeginOp;
}

/** The names of an op's fields with the given role, in table order. */
export function fieldsWithRole(op: StepOp, role: FieldRole['role']): string[] {
  return Object.entries(opInfo(op).fields as Record<string, FieldRole>).flatMap(([name, f]) => (f.role === role ? [name] : []));
}

/**
 * `step` as it runs where the only device is the host (the host fallback): every device argument
 * of a construct becomes the initial device; a routine's device arguments go through `routine`.
 * Table-driven, so a new op with a `device` field is moved without being listed here.
 */
export function onInitialDevice(step: Step, routine: (d: DeviceArg) => DeviceArg): Step {
  const devices = fieldsWithRole(step.op, 'device');
  if (devices.length === 0) return step;
  const construct = opInfo(step.op).kind === 'construct';
  const moved: Record<string, unknown> = { ...step };
  for (const f of devices) {
    const d = moved[f] as DeviceArg | undefined;
    if (construct) moved[f] = 'initial';
    else if (d !== undefined) moved[f] = routine(d);
  }
  return moved as unknown as Step;
}

/** A per-op record of handlers: the type of emit's backends and the human rendering. */
export type PerOp<R> = { readonly [Op in StepOp]: (step: StepOf<Op>) => R };

/** Calls the handler of `step`'s op (the one place the correlation of op and step is asserted). */
export function dispatch<R>(handlers: PerOp<R>, step: Step): R {
  return (handlers[step.op] as (s: Step) => R)(step);
}

/** For the `default` of a switch that covers every case: a missing case is a compile error here. */
export function unreachable(x: never, what = 'case'): never {
  throw new Error(`internal: unhandled ${what} ${JSON.stringify(x)}`);
}

/**
 * A list that must name every member of `T` (and nothing else): `allOf<OmpRoutineOp>()([...])`.
 * A member left out is a compile error that names it.
 */
export function allOf<T extends string>() {
  return <const L extends readonly T[]>(list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> })): L =>
    list;
}
