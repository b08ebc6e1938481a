// Step builders for conformance rows: each returns a plain step of the JSON program language, so a
// row reads like the program it stands for. One copy for every section file.

import type {
  AccDataRoutine,
  AccDeclareClauseName,
  AccProcedureClauseName,
  AccEnterClauseName,
  AccExitClauseName,
  AccRegionClauseName,
  AccUpdateClauseName,
  Clause,
  KernelBlock,
  KernelBody,
  Step,
  VarRef,
  WriteBody,
} from '../lang/program.js';
import type { DeviceArg, MapItem, OmpDeclareTargetClauseName, OmpMapModifier, OmpMapType, PtrArg } from '../lang/openmp.js';

// ------------------------------------------------------------------------------------------------
// Host actions

export const assign = (ptr: VarRef, target: VarRef): Step => ({ op: 'pointer_assign', ptr, target });
/** `ptr(lbound:) => target`: pointer assignment with bounds remapping (Fortran 2008 §7.2.2.3). */
export const remap = (ptr: VarRef, lbound: number, target: VarRef): Step => ({ op: 'pointer_assign', ptr, target, lbound });
/** `print *, lbound(ref), ubound(ref)` / `print *, ref(at)`: the host's view of a pointer. */
export const hostBounds = (ref: VarRef): Step => ({ op: 'host_read', var: ref, bounds: true });
export const hostAt = (ref: VarRef, at: number): Step => ({ op: 'host_read', var: ref, at });
export const nullify = (ptr: VarRef): Step => ({ op: 'nullify', ptr });
export const allocate = (ptr: VarRef, length: number, value?: number): Step => ({ op: 'allocate', ptr, length, ...(value === undefined ? {} : { value }) });
export const deallocate = (ptr: VarRef): Step => ({ op: 'deallocate', ptr });
export const hostWrite = (ref: VarRef, value: number): Step => ({ op: 'host_write', var: ref, value });
/** `do i = 1, n; ref(i) = value + (i - 1) * by`: a ramp, so a read shows which elements moved where. */
export const hostRamp = (ref: VarRef, value: number, by: number): Step => ({ op: 'host_write', var: ref, value, by });
/** `do i = 1, n; ref(i) = ref(i) + value + (i - 1) * by`: adds to what the elements hold. */
export const hostAdd = (ref: VarRef, value: number, by = 0): Step => ({ op: 'host_write', var: ref, value, ...(by === 0 ? {} : { by }), add: true });
export const hostRead = (ref: VarRef): Step => ({ op: 'host_read', var: ref });

// ------------------------------------------------------------------------------------------------
// OpenACC

type AnyClause = AccRegionClauseName | AccEnterClauseName | AccExitClauseName;
const clause =
  <N extends AnyClause>(name: N) =>
  (...vars: VarRef[]): Clause<N> => ({ clause: name, vars });
export const copy = clause('copy');
export const copyin = clause('copyin');
export const copyout = clause('copyout');
export const create = clause('create');
export const present = clause('present');
export const noCreate = clause('no_create');
export const attach = clause('attach');
export const detach = clause('detach');
export const del = clause('delete');

/** A program-scope `!$omp declare target` (OpenMP 6.0 §9.9.1): `declareTarget(['enter', 'a'], ['link', 'b'])`. */
export const declareTarget = (...clauses: [OmpDeclareTargetClauseName, ...VarRef[]][]): Step => ({
  op: 'omp_declare_target',
  clauses: clauses.map(([name, ...vars]) => ({ clause: name, vars })),
});
/** A program-scope `!$acc declare` (OpenACC 3.3 §2.13): `declare([['copyin', 'a'], ['link', 'b']])`. */
export const declare = (...clauses: [AccDeclareClauseName, ...VarRef[]][]): Step => ({
  op: 'acc_declare',
  clauses: clauses.map(([name, ...vars]) => ({ clause: name, vars })),
});
/** The call of a procedure that declares its arrays (OpenACC 3.3 §2.13): `call(['copyin', 'a'], ['create', 'b'])`. */
export const call = (...clauses: [AccProcedureClauseName, ...VarRef[]][]): Step => ({
  op: 'acc_procedure_begin',
  clauses: clauses.map(([name, ...vars]) => ({ clause: name, vars })),
});
/** The procedure's return: closes the innermost open call. */
export const ret: Step = { op: 'acc_procedure_end' };
export const enterData = (...clauses: Clause<AccEnterClauseName>[]): Step => ({ op: 'acc_enter_data', clauses });
export const exitData = (...clauses: Clause<AccExitClauseName>[]): Step => ({ op: 'acc_exit_data', clauses });
export const exitDataFinalize = (...clauses: Clause<AccExitClauseName>[]): Step => ({ op: 'acc_exit_data', clauses, finalize: true });
export const dataBegin = (...clauses: Clause<AccRegionClauseName>[]): Step => ({ op: 'acc_data_begin', clauses });
export const dataEnd: Step = { op: 'acc_data_end' };
/** `!$acc parallel loop` reading every element of `ref`. */
export const parallelRead = (ref: VarRef, ...clauses: Clause<AccRegionClauseName>[]): Step => ({ op: 'acc_parallel', clauses, body: { read: ref } });
/** A kernel reading the bounds of a pointer's device view (`lbound(p, 1)`, `ubound(p, 1)`). */
export const parallelBounds = (ref: VarRef, ...clauses: Clause<AccRegionClauseName>[]): Step => ({ op: 'acc_parallel', clauses, body: { read: ref, bounds: true } });
/** A kernel reading the one element `ref(at)` of a pointer's device view. */
export const parallelAt = (ref: VarRef, at: number, ...clauses: Clause<AccRegionClauseName>[]): Step => ({ op: 'acc_parallel', clauses, body: { read: ref, at } });
/** `!$acc parallel loop` writing `value` to every element of `ref`. */
export const parallelWrite = (ref: VarRef, value: number, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  body: { write: ref, value },
});
/** `!$acc parallel loop` writing the ramp value, value + by, … to the elements of `ref`. */
export const parallelRamp = (ref: VarRef, value: number, by: number, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  body: { write: ref, value, by },
});
/** `!$acc parallel loop` adding value, value + by, … to the elements of `ref` (`a(i) = a(i) + …`). */
export const parallelAdd = (ref: VarRef, value: number, by: number, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  body: { write: ref, value, ...(by === 0 ? {} : { by }), add: true },
});
/** `!$acc parallel loop` copying `from` into `ref` (`b(i) = a(i) + value`; lang/README.md "Copy kernels"), or adding it with `add`. */
export const parallelCopy = (ref: VarRef, from: VarRef, value = 0, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  body: { write: ref, value, from },
});
/** `!$acc parallel loop` whose loop holds several statements (lang/README.md "Kernels of several statements"). */
export const parallelBlock = (writes: WriteBody[], ...clauses: Clause<AccRegionClauseName>[]): Step => ({ op: 'acc_parallel', clauses, body: { writes } });
/** The host loop `b(i) = a(i) + value`. */
export const hostCopy = (ref: VarRef, from: VarRef, value = 0): Step => ({ op: 'host_write', var: ref, value, from });
/** `!$acc parallel` whose kernel reads pointer member `ref` itself; `result` names the value read. */
export const parallelPointer = (ref: VarRef, result?: string, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  body: { pointer: ref },
  ...(result === undefined ? {} : { result }),
});
/** `!$acc parallel loop default(present)`. */
export const parallelDefaultPresent = (body: KernelBody | KernelBlock, ...clauses: Clause<AccRegionClauseName>[]): Step => ({
  op: 'acc_parallel',
  clauses,
  default: 'present',
  body,
});
const routine =
  (op: AccDataRoutine['op']) =>
  (ref: VarRef): Step => ({ op, var: ref });
export const accCopyin = routine('acc_copyin');
export const accCreate = routine('acc_create');
export const accCopyout = routine('acc_copyout');
export const accCopyoutFinalize = routine('acc_copyout_finalize');
export const accDelete = routine('acc_delete');
export const accDeleteFinalize = routine('acc_delete_finalize');
export const accAttach = (ptr: VarRef): Step => ({ op: 'acc_attach', ptr });
export const accDetach = (ptr: VarRef): Step => ({ op: 'acc_detach', ptr });
export const accDetachFinalize = (ptr: VarRef): Step => ({ op: 'acc_detach_finalize', ptr });
export const accIsPresent = (ref: VarRef, bytes?: number): Step =>
  bytes === undefined ? { op: 'acc_is_present', var: ref } : { op: 'acc_is_present', var: ref, bytes };
export const accDeviceptr = (ref: VarRef): Step => ({ op: 'acc_deviceptr', var: ref });
/** `d = acc_copyin(ref)` / `d = acc_create(ref)`: the device address kept; later steps pass `h(d)`. */
export const accCopyinKept = (result: string, ref: VarRef): Step => ({ op: 'acc_copyin', var: ref, result });
export const accCreateKept = (result: string, ref: VarRef): Step => ({ op: 'acc_create', var: ref, result });
/** `d = acc_deviceptr(ref)`: later steps pass `h(d)`. */
export const accDeviceptrKept = (result: string, ref: VarRef): Step => ({ op: 'acc_deviceptr', var: ref, result });
/** `d = acc_malloc(bytes)`: later steps pass `h(d)`. */
export const accMalloc = (result: string, bytes: number): Step => ({ op: 'acc_malloc', bytes, result });
export const accFree = (ptr: PtrArg): Step => ({ op: 'acc_free', ptr });
export const accMapData = (ref: VarRef, devPtr: PtrArg): Step => ({ op: 'acc_map_data', var: ref, dev: devPtr });
export const accUnmapData = (ref: VarRef): Step => ({ op: 'acc_unmap_data', var: ref });
export const accMemcpyToDevice = (devPtr: PtrArg, ref: VarRef): Step => ({ op: 'acc_memcpy_to_device', var: ref, dev: devPtr });
export const accMemcpyFromDevice = (ref: VarRef, devPtr: PtrArg): Step => ({ op: 'acc_memcpy_from_device', var: ref, dev: devPtr });

/** `!$acc update clauses… [if_present]` (OpenACC 3.3 §2.14.4). */
export const update = (...clauses: Clause<AccUpdateClauseName>[]): Step => ({ op: 'acc_update', clauses });
export const updateIfPresent = (...clauses: Clause<AccUpdateClauseName>[]): Step => ({ op: 'acc_update', clauses, if_present: true });
export const self = (...vars: VarRef[]): Clause<'self'> => ({ clause: 'self', vars });
export const host = (...vars: VarRef[]): Clause<'host'> => ({ clause: 'host', vars });
export const device = (...vars: VarRef[]): Clause<'device'> => ({ clause: 'device', vars });

// ------------------------------------------------------------------------------------------------
// OpenMP

/** The host device, spelt `omp_get_initial_device()`. */
export const HOST: DeviceArg = 'initial';
/** `omp_invalid_device`. */
export const INVALID: DeviceArg = -2;

export const map = (type: OmpMapType, vars: VarRef[], ...modifiers: OmpMapModifier[]): MapItem =>
  modifiers.length > 0 ? { type, vars, modifiers } : { type, vars };
const onDevice = (device: DeviceArg | undefined) => (device === undefined ? {} : { device });
export const ompEnter = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_enter_data', maps, ...onDevice(device) });
export const ompExit = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_exit_data', maps, ...onDevice(device) });
export const ompDataBegin = (maps: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_data_begin', maps, ...onDevice(device) });
export const ompDataEnd: Step = { op: 'omp_target_data_end' };
/** A motion clause of target update: `to(present: a)` is motion('to', ['a'], true). */
export const motion = (type: 'to' | 'from', vars: VarRef[], present = false): MapItem => (present ? { type, vars, modifiers: ['present'] } : { type, vars });
export const ompUpdate = (motions: MapItem[], device?: DeviceArg): Step => ({ op: 'omp_target_update', motions, ...onDevice(device) });
/** `!$omp target` reading the bounds of a pointer's corresponding view. */
/** A target construct whose kernel reads the one element `ref(at)` of a pointer's view. */
export const targetAt = (ref: VarRef, at: number, maps: MapItem[] = [], device?: DeviceArg): Step => ({ op: 'omp_target', maps, body: { read: ref, at }, ...onDevice(device) });
export const targetBounds = (ref: VarRef, maps: MapItem[] = [], device?: DeviceArg): Step => ({ op: 'omp_target', maps, body: { read: ref, bounds: true }, ...onDevice(device) });
export const targetRead = (ref: VarRef, maps: MapItem[] = [], device?: DeviceArg): Step => ({
  op: 'omp_target',
  maps,
  body: { read: ref },
  ...onDevice(device),
});
/** `!$omp target` writing the ramp value, value + by, … to the elements of `ref`. */
export const targetRamp = (ref: VarRef, value: number, by: number, maps: MapItem[] = []): Step => ({ op: 'omp_target', maps, body: { write: ref, value, by } });
/** `!$omp target` whose loop holds several statements. */
export const targetBlock = (writes: WriteBody[], maps: MapItem[] = [], device?: DeviceArg): Step => ({ op: 'omp_target', maps, body: { writes }, ...onDevice(device) });
/** A target construct whose kernel copies `from` into `ref` (`b(i) = a(i) + value`), with `add` adding it. */
export const targetCopy = (ref: VarRef, from: VarRef, value = 0, maps: MapItem[] = [], device?: DeviceArg, add = false): Step => ({
  op: 'omp_target',
  maps,
  body: { write: ref, value, from, ...(add ? { add: true } : {}) },
  ...onDevice(device),
});
/** `!$omp target` adding value, value + by, … to the elements of `ref`. */
export const targetAdd = (ref: VarRef, value: number, by: number, maps: MapItem[] = []): Step => ({ op: 'omp_target', maps, body: { write: ref, value, ...(by === 0 ? {} : { by }), add: true } });
/** `!$omp target` whose kernel reads pointer member `ref` itself; `result` names the value read. */
export const targetPointer = (ref: VarRef, maps: MapItem[] = [], device?: DeviceArg, result?: string): Step => ({
  op: 'omp_target',
  maps,
  body: { pointer: ref },
  ...onDevice(device),
  ...(result === undefined ? {} : { result }),
});
export const targetWrite = (ref: VarRef, value: number, maps: MapItem[] = [], device?: DeviceArg): Step => ({
  op: 'omp_target',
  maps,
  body: { write: ref, value },
  ...onDevice(device),
});

/** The address of host variable `name`, plus a byte offset. */
export const v = (name: VarRef, offset?: number): PtrArg => (offset === undefined || offset === 0 ? { var: name } : { var: name, offset });
/** The pointer an `omp_target_alloc` step named `handle` returned, plus a byte offset. */
export const h = (handle: string, offset?: number): PtrArg => (offset === undefined || offset === 0 ? { handle } : { handle, offset });

export const alloc = (result: string, bytes: number, device: DeviceArg = 0): Step => ({ op: 'omp_target_alloc', bytes, device, result });
export const free = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_free', ptr, device });
export const isPresent = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_is_present', ptr, device });
export const isAccessible = (ptr: PtrArg, bytes: number, device: DeviceArg = 0): Step => ({ op: 'omp_target_is_accessible', ptr, bytes, device });
export const mappedPtr = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_get_mapped_ptr', ptr, device });
/** `omp_target_associate_ptr(host, dev, bytes, offset, device)`. */
export const associate = (host: PtrArg, devPtr: PtrArg, bytes: number, offset = 0, device: DeviceArg = 0): Step => ({
  op: 'omp_target_associate_ptr',
  host,
  dev: devPtr,
  bytes,
  offset,
  device,
});
export const disassociate = (ptr: PtrArg, device: DeviceArg = 0): Step => ({ op: 'omp_target_disassociate_ptr', ptr, device });
/** `omp_target_memcpy(dst, src, bytes, dst_offset, src_offset, dst_device, src_device)`. */
export const memcpy = (
  dst: PtrArg,
  src: PtrArg,
  bytes: number,
  dstOffset: number,
  srcOffset: number,
  dstDevice: DeviceArg,
  srcDevice: DeviceArg,
): Step => ({ op: 'omp_target_memcpy', dst, src, bytes, dst_offset: dstOffset, src_offset: srcOffset, dst_device: dstDevice, src_device: srcDevice });

/** `!$acc host_data use_device(ref) [if_present]` naming the address `result`, and its end (OpenACC 3.3 §2.8). */
export const hostDataBegin = (ref: VarRef, result: string, ifPresent = false): Step =>
  ifPresent ? { op: 'acc_host_data_begin', var: ref, result, if_present: true } : { op: 'acc_host_data_begin', var: ref, result };
export const hostDataEnd: Step = { op: 'acc_host_data_end' };

/** `!$omp target data use_device_addr(ref)` (use_device_ptr with `ptr`) naming the address `result`, and its end (OpenMP 6.0 §15.7). */
export const useDeviceBegin = (ref: VarRef, result: string, device?: DeviceArg, ptr = false): Step => ({
  op: 'omp_target_data_use_device_begin',
  var: ref,
  result,
  ...onDevice(device),
  ...(ptr ? { ptr: true } : {}),
});
export const useDeviceEnd: Step = { op: 'omp_target_data_use_device_end' };
