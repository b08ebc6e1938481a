// The optimised OpenMP runtime of program language version 1 (lang/README-openmp.md): one present
// table per device, each an interval tree over host ranges whose entries live in typed-array slots,
// over the host and device memory the OpenACC half uses too (so device blocks take numbers from
// one global sequence). Entries may overlap (K-B3 `exact-start`), so every lookup asks for the
// containing entry created last. Reference counts are adjusted at most once per entry per
// construct through an epoch stamp per slot. Comments name the README rule each part carries out.
//
// The runtime is split by job: omp/table.ts (present tables, devices, lookups, snapshot),
// omp/constructs.ts (map constructs and the target construct) and omp/routines.ts (device memory
// routines); this class dispatches each OpenMP op of the table of operations (lang/ops.ts).

import type { Observation } from '../lang/observation.js';
import type { OmpStep, OmpTargetDataUseDeviceBegin } from '../lang/openmp.js';
import { DEVICE_BASE } from './memory.js';
import { runtimeError } from './stop.js';
import { unreachable } from '../lang/ops.js';
import { kernelRef, kernelStatements } from '../lang/program.js';
import { REF_MEMBER, type CompiledRef } from './refs.js';
import { OmpRoutines } from './omp/routines.js';
import { NULL_VALUE, OK } from './omp/table.js';

export class OmpRuntime extends OmpRoutines {
  /**
   * target data use_device_ptr / use_device_addr: the corresponding address of a whole array on
   * the construct's device (its own address on the host or for a self map); without corresponding
   * storage K-B30 (`host-address`: the original's address, `null`, `error`: the runtime aborts).
   */
  private useDeviceBegin(step: OmpTargetDataUseDeviceBegin): Observation {
    const d = this.constructDevice(step.device, step.op);
    const r = this.refs.get(step.var);
    let raw = r.start;
    this.useDeviceBlocks.delete(step.result);
    if (d !== this.n) {
      const s = this.slots;
      // K-B58 `first-byte` (LLVM): the entry holding the first byte; `first-byte-or-end` (libgomp):
      // failing that, the entry holding the byte before it (ending at it); `whole`: all of it.
      const firstByte = this.knobs['K-B58'] !== 'whole';
      let slot = this.trees[d]!.latestContaining(r.start, firstByte ? r.start + 1 : r.end, s.seq);
      // K-B69 `registered`: a link array's key answers for its own bytes (an entry holding one hides
      // it), and under first-byte-or-end for the byte before p when no entry holds p.
      // Stryker disable next-line ArithmeticOperator: equivalent: no key holds p, so none holds p + 1 (the same array) either
      const key = this.linkKeyAt(d, r.start) ?? (slot < 0 && this.knobs['K-B58'] === 'first-byte-or-end' ? this.linkKeyAt(d, r.start - 1) : null);
      // Stryker disable next-line ArithmeticOperator: equivalent: [p + 1, p) is contained by the same entries as [p - 1, p) but one starting at p or p + 1, which the first lookup found or element alignment rules out
      if (slot < 0 && this.knobs['K-B58'] === 'first-byte-or-end') slot = this.trees[d]!.latestContaining(r.start - 1, r.start, s.seq);
      if (key !== null) {
        raw = this.device.base(key.block) + (r.start - key.start);
        this.useDeviceBlocks.set(step.result, key.block);
      } else if (slot >= 0) {
        const block = s.block[slot]!;
        // Stryker disable next-line ConditionalExpression,ArithmeticOperator: equivalent: an entry without a block has self storage (storage = host start) and the whole array starts where its entry does, so both sides give r.start
        if (block !== 0) {
          raw = s.storage[slot]! + (r.start - s.hostStart[slot]!);
          this.useDeviceBlocks.set(step.result, block);
        }
      } else if (firstByte && this.latestZeroKey(d) !== null) {
        // K-B59 (keys exist only under zero-size-key): libgomp's last probe, [p, p), finds a
        // zero-length key; its value is not modelled (the host address stays)
      } else if (this.knobs['K-B30'] === 'null') raw = 0;
      else if (this.knobs['K-B30'] === 'error') runtimeError('fatal_not_present', `use_device of ${step.var} on device ${d}: use_device_ptr pointer wasn't mapped`);
    }
    this.useDeviceHandles.set(step.result, raw);
    this.useDeviceOpen.push(step.result);
    if (raw === 0) return NULL_VALUE;
    if (raw < DEVICE_BASE) return { kind: 'value', value: { host: raw } };
    const block = this.useDeviceBlocks.get(step.result)!;
    return { kind: 'value', value: { block, offset: raw - this.device.base(block) } };
  }


  execute(step: OmpStep): Observation {
    // K-B26 `absent` (OpenMP 6.0 §7.9.6 present modifier): a construct with the present modifier
    // cannot be built with GCC 12.
    if ('maps' in step && this.knobs['K-B26'] === 'absent' && step.maps.some((m) => m.modifiers?.includes('present') === true))
      return { kind: 'unavailable', feature: 'the present map modifier' };
    if ('motions' in step && this.knobs['K-B26'] === 'absent' && step.motions.some((m) => m.modifiers?.includes('present') === true))
      return { kind: 'unavailable', feature: 'the present map modifier' };
    // K-B43 `absent` (OpenMP 6.0 §7.9.10 declare mapper): GCC 12 rejects the directive; the program
    // stops at the first construct that maps through a mapper.
    if (this.knobs['K-B43'] === 'absent' && this.refs.mappers.size > 0 && ('maps' in step || 'motions' in step)) {
      // The variables a target construct's kernel maps implicitly: the root of every statement's
      // reference (a copy's `from` is an array, which no mapper maps).
      const implicit: CompiledRef[] = [];
      if (step.op === 'omp_target')
        for (const b of kernelStatements(step.body)) {
          const r = this.refs.get(kernelRef(b)).root;
          const naming = step.maps.flatMap((m) => m.vars.map((v) => this.refs.get(v))).filter((x) => x.root === r);
          // K-B63 `implicit`: a struct named only through pointer members is mapped implicitly too.
          if (naming.length === 0 || (this.knobs['K-B63'] === 'implicit' && naming.every((x) => x.kind === REF_MEMBER))) implicit.push(this.refs.get(r));
        }
      if (this.usesMapper('maps' in step ? step.maps : step.motions, implicit)) return { kind: 'unavailable', feature: 'the declare mapper directive' };
    }
    switch (step.op) {
      case 'omp_target_enter_data': { // OpenMP 6.0 §15.5 target enter data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.mapEntry(base, d);
        this.enterDescriptors(base, d);
        this.dropItems(base);
        return OK;
      }
      case 'omp_target_exit_data': { // OpenMP 6.0 §15.6 target exit data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        if (this.knobs['K-B53'] === 'abort' && d !== this.n) this.exitPointerMember(base);
        this.exitDescriptors(base, d);
        this.mapExit(base, d, true);
        this.dropItems(base);
        return OK;
      }
      case 'omp_target_data_begin': { // OpenMP 6.0 §15.7 target data construct (entry)
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps, 'target data');
        this.mapEntry(base, d, 'target data');
        this.enterDescriptors(base, d);
        this.regions.push(base, d);
        return OK;
      }
      case 'omp_target_data_end': { // OpenMP 6.0 §15.7 target data construct (exit)
        // pushed in pairs: no device, no base either
        const d = this.regions.pop();
        const base = this.regions.pop()!;
        if (d === undefined) throw new Error('omp_target_data_end without an open omp_target_data_begin region');
        // K-B68 (on a device with memory of its own; the host, d = n, has no entry in `shared`)
        if (this.knobs['K-B68'] === 'stale-copy' && this.shared[d] === 0) this.staleCopies(base, d);
        this.exitDescriptors(base, d);
        this.mapExit(base, d, false);
        this.dropItems(base);
        return OK;
      }
      case 'omp_target': // OpenMP 6.0 §15.8 target construct
        return this.ompTarget(step);
      case 'omp_target_alloc':
        return this.ompTargetAlloc(step.bytes, step.device, step.result);
      case 'omp_target_free':
        return this.ompTargetFree(step.ptr, step.device);
      case 'omp_target_is_present':
        return this.ompTargetIsPresent(step.ptr, step.device);
      case 'omp_target_is_accessible':
        return this.ompTargetIsAccessible(step);
      case 'omp_target_associate_ptr':
        return this.ompTargetAssociatePtr(step);
      case 'omp_target_disassociate_ptr':
        return this.ompTargetDisassociatePtr(step);
      case 'omp_get_mapped_ptr':
        return this.ompGetMappedPtr(step.ptr, step.device);
      case 'omp_target_memcpy':
        return this.ompTargetMemcpy(step);
      case 'omp_target_update': // OpenMP 6.0 §15.9 target update construct
        return this.ompTargetUpdate(step);
      case 'omp_declare_target': // OpenMP 6.0 §9.9.1 declare_target directive
        return this.ompDeclareTarget(step);
      case 'omp_target_data_use_device_begin': // OpenMP 6.0 §15.7 with §7.5.8 / §7.5.10
        return this.useDeviceBegin(step);
      case 'omp_target_data_use_device_end': {
        const handle = this.useDeviceOpen.pop();
        if (handle === undefined) throw new Error('omp_target_data_use_device_end without an open use_device region');
        this.useDeviceHandles.delete(handle);
        this.useDeviceBlocks.delete(handle);
        return OK;
      }
      // Stryker disable all: unreachable: the switch covers every OpenMP op (the exhaustiveness check)
      default:
        return unreachable(step, 'OpenMP step op');
      // Stryker restore all
    }
  }
}
