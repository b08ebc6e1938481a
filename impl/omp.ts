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
import type { OmpStep } from '../lang/openmp.js';
import { unreachable } from '../lang/ops.js';
import { OmpRoutines } from './omp/routines.js';
import { OK } from './omp/table.js';

export class OmpRuntime extends OmpRoutines {
  execute(step: OmpStep): Observation {
    // K-B26 `absent` (OpenMP 6.0 §7.9.6 present modifier): a construct with the present modifier
    // cannot be built with GCC 12.
    if ('maps' in step && this.knobs['K-B26'] === 'absent' && step.maps.some((m) => m.modifiers?.includes('present') === true))
      return { kind: 'unavailable', feature: 'the present map modifier' };
    if ('motions' in step && this.knobs['K-B26'] === 'absent' && step.motions.some((m) => m.modifiers?.includes('present') === true))
      return { kind: 'unavailable', feature: 'the present map modifier' };
    switch (step.op) {
      case 'omp_target_enter_data': { // OpenMP 6.0 §15.5 target enter data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.mapEntry(base, d);
        this.itemTop = base;
        return OK;
      }
      case 'omp_target_exit_data': { // OpenMP 6.0 §15.6 target exit data construct
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.mapExit(base, d, true);
        this.itemTop = base;
        return OK;
      }
      case 'omp_target_data_begin': { // OpenMP 6.0 §15.7 target data construct (entry)
        const d = this.constructDevice(step.device, step.op);
        const base = this.itemTop;
        this.pushMaps(step.maps);
        this.mapEntry(base, d);
        this.regionBase.push(base);
        this.regionDevice.push(d);
        return OK;
      }
      case 'omp_target_data_end': { // OpenMP 6.0 §15.7 target data construct (exit)
        const base = this.regionBase.pop();
        const d = this.regionDevice.pop();
        if (base === undefined || d === undefined) throw new Error('omp_target_data_end without an open omp_target_data_begin region');
        this.mapExit(base, d, false);
        this.itemTop = base;
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
      default:
        return unreachable(step, 'OpenMP step op');
    }
  }
}
