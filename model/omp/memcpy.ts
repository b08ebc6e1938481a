import type { DeviceArg, OmpTargetMemcpy, PtrArg } from '../../lang/openmp.js';
import type { Observation } from '../../lang/observation.js';
import {
  blockById,
  copyCells,
  fire,
  objectHoldingOrNone,
  undefinedBehaviour,
  unitBytes,
  type Contents,
  type ModelState,
  type StepContext,
} from '../state.js';
import { badDeviceInRoutine, describeDevice, isBadDevice, ownerOf, resolveRoutineDevice, type BadDevice, type RoutineTarget } from './devices.js';
import { describePointer, resolvePointer } from './table.js';

export const OMP_TARGET_MEMCPY = 'OpenMP 6.0 §25.7.1 omp_target_memcpy';
export const MEMCPY_BETWEEN_DEVICES = 'OpenMP 6.0 §25.7.1 omp_target_memcpy (from one device to another, K-B57)';

const NONZERO: Observation = { kind: 'value', value: 1 };

/** One side of a copy: the memory holding it, the byte offset in that memory, and its identity. */
interface CopySide {
  contents: Contents;
  /** Byte offset of the first byte inside `contents`. */
  byte: number;
  /** `host:<object>` or `dev#<block>`: two sides in the same memory may overlap. */
  memory: string;
}

// OpenMP 6.0 §25.7.1 omp_target_memcpy
export function ompTargetMemcpy(state: ModelState, step: OmpTargetMemcpy, ctx: StepContext): Observation {
  fire(ctx, OMP_TARGET_MEMCPY);
  const dst = locate(state, step.dst, step.dst_offset, step.dst_device, step.bytes, ctx);
  const src = locate(state, step.src, step.src_offset, step.src_device, step.bytes, ctx);
  // Copying nothing succeeds; K-B31 `zero-first` (LLVM) answers so before the device numbers are
  // looked at, `device-first` after them.
  if (step.bytes === 0 && ctx.knobs['K-B31'] === 'zero-first') return { kind: 'value', value: 0 };
  if (dst.kind === 'bad-device') return badDeviceInRoutine(dst.target, 'omp_target_memcpy', NONZERO, ctx);
  if (src.kind === 'bad-device') return badDeviceInRoutine(src.target, 'omp_target_memcpy', NONZERO, ctx);
  // K-B57 `einval` (libgomp): two distinct devices, neither sharing the host's memory, are refused
  // before anything is copied, zero bytes included; `copy` (the text, LLVM): a copy like any other.
  if (betweenDevices(dst.target, src.target)) {
    fire(ctx, MEMCPY_BETWEEN_DEVICES);
    if (ctx.knobs['K-B57'] === 'einval') return NONZERO;
  }
  if (step.bytes === 0) return { kind: 'value', value: 0 };
  // Each pointer must name live memory of the device it is given with, large enough for the copy.
  if (dst.kind === 'unfit') return undefinedBehaviour(`omp_target_memcpy: the destination ${dst.why}`);
  if (src.kind === 'unfit') return undefinedBehaviour(`omp_target_memcpy: the source ${src.why}`);
  // Cells move whole and keep their kind: elements to elements, pointer descriptors to
  // descriptors. Overlapping source and destination are not allowed.
  const unit = unitBytes(dst.side.contents);
  if (dst.side.contents.kind !== src.side.contents.kind || dst.side.byte % unit !== 0 || src.side.byte % unit !== 0 || step.bytes % unit !== 0)
    return undefinedBehaviour('omp_target_memcpy: the copy does not move whole cells of one kind');
  if (dst.side.memory === src.side.memory && dst.side.byte < src.side.byte + step.bytes && src.side.byte < dst.side.byte + step.bytes)
    return undefinedBehaviour('omp_target_memcpy: source and destination overlap');
  copyCells(src.side.contents, src.side.byte / unit, dst.side.contents, dst.side.byte / unit, step.bytes / unit);
  return { kind: 'value', value: 0 };
}

type Located =
  | { kind: 'ok'; side: CopySide; target: DeviceOrHost }
  | { kind: 'bad-device'; target: BadDevice }
  | { kind: 'unfit'; why: string; target: DeviceOrHost };

type DeviceOrHost = Exclude<RoutineTarget, BadDevice>;

/** Whether a copy goes from one device to another, neither being the host or sharing its memory. */
function betweenDevices(dst: DeviceOrHost, src: DeviceOrHost): boolean {
  return dst.kind === 'device' && src.kind === 'device' && dst.index !== src.index && !dst.shared && !src.shared;
}

/**
 * Where `bytes` bytes at `arg` + `offset` live. A var pointer is host memory, valid with the host
 * device; an omp_target_alloc result is its block, valid with the device it was allocated on.
 */
function locate(state: ModelState, arg: PtrArg, offset: number, device: DeviceArg, bytes: number, ctx: StepContext): Located {
  const ptr = resolvePointer(state, arg);
  const target = resolveRoutineDevice(state, device, ctx);
  if (isBadDevice(target)) return { kind: 'bad-device', target };
  const where = `${describePointer(ptr)} + ${offset} on ${describeDevice(target)}`;
  if (ptr === null) return { kind: 'unfit', why: 'is a null pointer', target };
  if (ptr.space === 'host') {
    if (target.kind !== 'host') return { kind: 'unfit', why: `${where} is host memory given with another device`, target };
    const start = ptr.addr + offset;
    const obj = objectHoldingOrNone(state, { start, end: start + bytes });
    if (!obj) return { kind: 'unfit', why: `${where} runs outside its host object`, target };
    return { kind: 'ok', side: { contents: obj.contents, byte: start - obj.start, memory: `host:${obj.name}` }, target };
  }
  const block = blockById(state, ptr.block);
  if (block.device !== ownerOf(target))
    return { kind: 'unfit', why: `${where} is memory of another device`, target };
  const start = ptr.offset + offset;
  if (!block.alive || start < 0 || start + bytes > block.bytes) return { kind: 'unfit', why: `${where} is not inside live memory`, target };
  return { kind: 'ok', side: { contents: block.contents, byte: start, memory: `dev#${block.id}` }, target };
}
