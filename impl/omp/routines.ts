// The device memory routines of the optimised OpenMP runtime (README-openmp "Device memory
// routines"): allocation, association, queries and copies over the present tables.

import type { Observation } from '../../lang/observation.js';
import type {
  DeviceArg,
  OmpTargetAssociatePtr,
  OmpTargetDisassociatePtr,
  OmpTargetIsAccessible,
  OmpTargetMemcpy,
  PtrArg,
} from '../../lang/openmp.js';
import { ELEMENT_BYTES } from '../../lang/program.js';

import { DEVICE_BASE, copyWords, ptrBase, ptrIndeterminate } from '../memory.js';
import { REF_MEMBER } from '../refs.js';
import { undefinedBehaviour } from '../stop.js';

import { OmpConstructs } from './constructs.js';
import { FALSE, NULL_VALUE, OK, ONE, ORIGIN_ASSOCIATE, ORIGIN_DECLARE, ORIGIN_MAP, P_BLOCK, P_HOST, P_NULL, INFINITE_RC_CODE, TRUE, ZERO } from './table.js';

export abstract class OmpRoutines extends OmpConstructs {
  /** `omp_target_alloc` results by name: block number, 0 for a null result. */
  protected readonly handles = new Map<string, number>();
  /** Handles of the open use_device regions, innermost last. */
  protected readonly useDeviceOpen: string[] = [];

  // Result of resolvePtr.
  protected pKind = P_NULL;
  protected pAddr = 0;
  protected pBlock = 0;
  /** Host object the pointer points into (host pointers). */
  // Stryker disable next-line UnaryOperator: equivalent: resolvePointer sets it for every host pointer, the only ones whose pObj is read
  protected pObj = -1;

  // ----------------------------------------------------------------------------------------------
  // Device memory routines (README-openmp "Device memory routines")

  /**
   * Resolves a pointer argument into pKind / pAddr / pBlock / pObj: a var is the host address of
   * the variable (c%p: of its current target), a handle the block an earlier omp_target_alloc
   * returned. Arithmetic on a null pointer is undefined.
   */
  protected resolvePointer(arg: PtrArg, op: string): void {
    if (arg === null) {
      this.pKind = P_NULL;
      return;
    }
    const offset = arg.offset ?? 0;
    if ('var' in arg) {
      const r = this.refs.get(arg.var);
      let base = r.start;
      if (r.kind === REF_MEMBER) {
        const img = this.host.image;
        const off = this.host.offset(r.start);
        if (ptrIndeterminate(img, off)) undefinedBehaviour(`${op} of ${r.text}, whose host value is indeterminate`);
        base = ptrBase(img, off);
        if (base >= DEVICE_BASE) undefinedBehaviour(`${op} of ${r.text}, which holds a device address on the host`);
      }
      if (base === 0) return this.nullPtr(offset, op, r.text);
      this.pKind = P_HOST;
      this.pAddr = base + offset;
      this.pObj = this.objectAt(base);
      return;
    }
    const raw = this.useDeviceHandles.get(arg.handle);
    if (raw !== undefined) {
      // the address a use_device region gave: a host address, a device address, or null
      if (raw === 0) return this.nullPtr(offset, op, arg.handle);
      if (raw < DEVICE_BASE) {
        this.pKind = P_HOST;
        this.pAddr = raw + offset;
        this.pObj = this.objectAt(raw);
        return;
      }
      this.pKind = P_BLOCK;
      this.pBlock = this.useDeviceBlocks.get(arg.handle) ?? this.device.blockAt(raw);
      this.pAddr = raw + offset;
      return;
    }
    const block = this.handles.get(arg.handle);
    if (block === undefined) throw new Error(`handle '${arg.handle}' is not the result of an earlier omp_target_alloc step`);
    if (block === 0) return this.nullPtr(offset, op, arg.handle);
    this.pKind = P_BLOCK;
    this.pBlock = block;
    this.pAddr = this.device.base(block) + offset;
  }

  protected nullPtr(offset: number, op: string, name: string): void {
    if (offset !== 0) undefinedBehaviour(`${op}: ${name} is a null pointer, so ${name} + ${offset} points nowhere`);
    this.pKind = P_NULL;
  }

  /** The resolved (non-null) pointer as a routine's return value. */
  protected ptrObservation(): Observation {
    if (this.pKind === P_HOST) return { kind: 'value', value: { host: this.pAddr } };
    return { kind: 'value', value: { block: this.pBlock, offset: this.pAddr - this.device.base(this.pBlock) } };
  }

  /** omp_target_alloc (6.0 §25.3). */
  protected ompTargetAlloc(bytes: number, arg: DeviceArg, result: string): Observation {
    this.handles.set(result, 0);
    if (bytes === 0 && this.knobs['K-B10'] === 'null') return NULL_VALUE;
    const d = this.routineDevice(arg);
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0) return this.badDevice('omp_target_alloc', d, NULL_VALUE);
    // K-B10 `unique` hands out a fresh block only where the memory is the host's.
    // Stryker disable next-line ConditionalExpression: equivalent: shared[n] (the host) is undefined, not 0, so the host test is also made by the last operand
    if (bytes === 0 && d !== this.n && this.shared[d] === 0) return NULL_VALUE;
    const block = this.newBlock(bytes, d, true);
    this.handles.set(result, block);
    return { kind: 'value', value: { block, offset: 0 } };
  }

  /** omp_target_free (6.0 §25.4). */
  protected ompTargetFree(ptr: PtrArg, arg: DeviceArg): Observation {
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    this.resolvePointer(ptr, 'omp_target_free');
    const d = this.routineDevice(arg);
    // K-B21 `device-first`: a bad number is answered before the null pointer.
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0 && this.deviceFirst) return this.badDevice('omp_target_free', d, OK);
    if (this.pKind === P_NULL) return OK;
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0) return this.badDevice('omp_target_free', d, OK);
    const block = this.pBlock;
    if (
      // Stryker disable next-line ConditionalExpression: equivalent: a host address is never a device block's base (the next operand)
      this.pKind !== P_BLOCK ||
      this.pAddr !== this.device.base(block) ||
      !this.device.isLive(block) ||
      this.blockFromAlloc[block] !== 1 ||
      this.blockOwner[block] !== d + 1
    )
      undefinedBehaviour('omp_target_free of a pointer that is not a live omp_target_alloc result of that device');
    this.device.free(block);
    return OK;
  }

  /** omp_target_is_present (6.0 §25.2.1). */
  protected ompTargetIsPresent(ptr: PtrArg, arg: DeviceArg): Observation {
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    this.resolvePointer(ptr, 'omp_target_is_present');
    const d = this.routineDevice(arg);
    // K-B21 `device-first`: a bad number is answered before the null pointer.
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0 && this.deviceFirst) return this.badDevice('omp_target_is_present', d, FALSE);
    if (this.pKind === P_NULL) return this.knobs['K-B1'] === 'true' ? TRUE : FALSE;
    if (d === this.n) return TRUE;
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0) return this.badDevice('omp_target_is_present', d, FALSE);
    // Host tables hold host ranges only: a device pointer is in no entry.
    // Stryker disable next-line ConditionalExpression: equivalent: a device address lies in no host range of the table
    const hit = this.pKind === P_HOST && this.trees[d]!.findPoint(this.pAddr) >= 0;
    // K-B69 `registered`: libgomp's lookup finds a link array's key as it finds a mapping (a device
    // address lies in no key's host range).
    if (hit || this.linkKeyAt(d, this.pAddr) !== null) return TRUE;
    if (this.shared[d] === 1) return this.knobs['K-B2'] === 'self-mapped' ? TRUE : FALSE;
    return FALSE;
  }

  /** omp_target_is_accessible (6.0 §25.2.2), K-B9. */
  protected ompTargetIsAccessible(step: OmpTargetIsAccessible): Observation {
    // K-B25 `absent`: GCC 12 has no such routine.
    if (this.knobs['K-B25'] === 'absent') return { kind: 'unavailable', feature: step.op };
    this.resolvePointer(step.ptr, step.op);
    const reading = this.knobs['K-B9'];
    if (reading === '6.0' && step.bytes === 0) undefinedBehaviour(`${step.op} with 0 bytes (the size must be positive)`);
    const d = this.routineDevice(step.device);
    if (d < 0 && this.deviceFirst) return this.badDevice(step.op, d, FALSE);
    if (reading !== 'capability' && this.pKind === P_NULL) return FALSE;
    if (d === this.n) {
      // 6.0 reads ptr in the host's address space: a discrete device's allocation is not in it.
      if (reading === '6.0' && this.pKind === P_BLOCK) {
        const owner = this.blockOwner[this.pBlock]! - 1;
        // Stryker disable next-line EqualityOperator: equivalent: shared[n] (a host allocation) is undefined, not 0
        if (owner < this.n && this.shared[owner] === 0) return FALSE;
      }
      return TRUE;
    }
    if (d < 0) return this.badDevice(step.op, d, FALSE);
    if (this.shared[d] === 1) return TRUE;
    if (reading !== '6.0') return FALSE;
    // 6.0: ptr is an address of the device; the bytes must lie in one of its live allocations.
    if (this.pKind !== P_BLOCK) return FALSE;
    const block = this.pBlock;
    const inside =
      this.device.isLive(block) &&
      this.blockOwner[block] === d + 1 &&
      this.pAddr + step.bytes <= this.device.base(block) + this.device.size(block);
    return inside ? TRUE : FALSE;
  }

  /** omp_target_associate_ptr (6.0 §25.5), K-B14, K-B18, K-B15, K-B11, K-B3. */
  protected ompTargetAssociatePtr(step: OmpTargetAssociatePtr): Observation {
    const op = step.op;
    const d = this.routineDevice(step.device);
    const refused = this.hostOrSharedDevice(op, d);
    if (refused !== null) return refused;
    this.resolvePointer(step.host, op);
    const hostKind = this.pKind;
    const hostStart = this.pAddr;
    const hostObj = this.pObj;
    this.resolvePointer(step.dev, op);
    if (hostKind === P_NULL || this.pKind === P_NULL || step.bytes === 0) {
      if (this.knobs['K-B15'] === 'nonzero') return ONE;
      undefinedBehaviour(`${op} with a null pointer or 0 bytes`);
    }
    if (d < 0) return this.badDevice(op, d, ONE);
    // The host range must lie in an array, the device range in a live omp_target_alloc block of d.
    const hostEnd = hostStart + step.bytes;
    if (hostKind !== P_HOST || this.objIsStruct[hostObj] === 1 || hostEnd > this.objEnd[hostObj]!)
      undefinedBehaviour(`${op}: the host range does not lie in an array`);
    const block = this.pBlock;
    if (this.pKind !== P_BLOCK || this.blockOwner[block] !== d + 1 || this.blockFromAlloc[block] !== 1 || !this.device.isLive(block))
      undefinedBehaviour(`${op}: the device pointer is not a live omp_target_alloc block of device ${d}`);
    const storage = this.pAddr + step.offset;
    if (storage + step.bytes > this.device.base(block) + this.device.size(block))
      undefinedBehaviour(`${op}: the device range runs past the end of its allocation`);
    // Elements must keep their alignment in the device storage.
    // Stryker disable next-line all: unreachable for valid programs: validation makes both pointers' offsets and the offset whole elements
    if ((storage - hostStart) % ELEMENT_BYTES !== 0) undefinedBehaviour(`${op}: the device address is not aligned like the host address`);

    const s = this.slots;
    const tree = this.trees[d]!;
    // K-B69 `registered` (libgomp): the lookup meets a link array's key (there is no entry in the
    // range, which lies in one array: an entry there would hide the key), whose device address is
    // the link variable's slot, not the one given: refused.
    if (this.linkKeyOverlapping(d, hostStart, hostEnd)) return ONE;
    switch (this.knobs['K-B3']) {
      case 'spec': {
        // Same start: the identical association again, or a second buffer for the host pointer.
        const same = tree.latestStartingAt(hostStart, s.seq);
        if (same >= 0)
          return s.origin[same] === ORIGIN_ASSOCIATE && s.storage[same] === storage && s.hostEnd[same] === hostEnd ? ZERO : ONE;
        if (tree.anyOverlap(hostStart, hostEnd) >= 0) undefinedBehaviour(`${op}: the new association shares storage with an existing one`);
        break;
      }
      case 'subset': {
        const holder = tree.latestContaining(hostStart, hostEnd, s.seq);
        if (holder >= 0 && s.storage[holder] === storage) return ZERO;
        if (tree.anyOverlap(hostStart, hostEnd) >= 0) return ONE;
        break;
      }
      case 'exact-start': {
        const same = tree.latestStartingAt(hostStart, s.seq);
        if (same >= 0) return s.hostEnd[same] === hostEnd && s.storage[same] === storage ? ZERO : ONE;
        break;
      }
    }
    const slot = s.allocate(d, hostStart, hostEnd, block, storage, INFINITE_RC_CODE, ORIGIN_ASSOCIATE, 0);
    tree.insert(hostStart, hostEnd, slot);
    return ZERO;
  }

  /** omp_target_disassociate_ptr (6.0 §25.6), K-B14, K-B18, K-B11, K-B4, K-B12, K-B17. */
  protected ompTargetDisassociatePtr(step: OmpTargetDisassociatePtr): Observation {
    const op = step.op;
    this.resolvePointer(step.ptr, op);
    const d = this.routineDevice(step.device);
    if (d < 0 && this.deviceFirst) return this.badDevice(op, d, ONE);
    if (this.pKind === P_NULL) return ONE;
    const refused = this.hostOrSharedDevice(op, d);
    if (refused !== null) return refused;
    if (d < 0) return this.badDevice(op, d, ONE);
    // Stryker disable next-line ConditionalExpression: equivalent: no entry starts at or holds a device address, so a handle reaches K-B17 either way
    if (this.pKind === P_HOST) {
      const s = this.slots;
      const tree = this.trees[d]!;
      const slot = tree.latestStartingAt(this.pAddr, s.seq);
      if (slot >= 0) {
        if (s.origin[slot] === ORIGIN_MAP && this.knobs['K-B4'] === 'refuse') return ONE;
        // A declare target variable's storage (6.0 §7.9.7), K-B27: unspecified, refused (libgomp)
        // or removed like an association (LLVM), its memory staying the variable's.
        if (s.origin[slot] === ORIGIN_DECLARE) {
          if (this.knobs['K-B27'] === 'refuse') return ONE;
          if (this.knobs['K-B27'] === 'undefined') undefinedBehaviour(`${op} of a declare target variable, which omp_target_associate_ptr did not associate`);
        }
        // The storage stays allocated (associate: the program's buffer; K-B4 `remove`: not freed).
        this.removeEntry(slot, false);
        return ZERO;
      }
      if (tree.findPoint(this.pAddr) >= 0) {
        if (this.knobs['K-B12'] === 'nonzero') return ONE;
        undefinedBehaviour(`${op} of an address inside an entry but not at its start`);
      }
    }
    // K-B17: unspecified by the text; the runtimes refuse with a nonzero result.
    if (this.knobs['K-B17'] === 'nonzero') return ONE;
    return undefinedBehaviour(`${op} of a pointer without associated data on device ${d}`);
  }

  /**
   * associate_ptr / disassociate_ptr on the host (K-B14) or a shared-memory device (K-B18): the
   * routine's result, or null to go on (a discrete device, or K-B18 `as-discrete`).
   */
  protected hostOrSharedDevice(op: string, d: number): Observation | null {
    if (d === this.n) {
      if (this.knobs['K-B14'] === 'nonzero') return ONE;
      return undefinedBehaviour(`${op} on the host device`);
    }
    if (d < 0 || this.shared[d] === 0) return null;
    switch (this.knobs['K-B18']) {
      case 'nonzero':
        return ONE;
      case 'as-discrete':
        return null;
      case 'undefined':
        return undefinedBehaviour(`${op} on device ${d}, which shares memory with the host`);
    }
  }

  /** omp_get_mapped_ptr (6.0 §25.2.3), K-B11, K-B2. */
  protected ompGetMappedPtr(ptr: PtrArg, arg: DeviceArg): Observation {
    // K-B24 `absent`: GCC 12 has no such routine.
    if (this.knobs['K-B24'] === 'absent') return { kind: 'unavailable', feature: 'omp_get_mapped_ptr' };
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    this.resolvePointer(ptr, 'omp_get_mapped_ptr');
    const d = this.routineDevice(arg);
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0 && this.deviceFirst) return this.badDevice('omp_get_mapped_ptr', d, NULL_VALUE);
    if (this.pKind === P_NULL) return NULL_VALUE;
    if (d === this.n) return this.ptrObservation();
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    if (d < 0) return this.badDevice('omp_get_mapped_ptr', d, NULL_VALUE);
    const s = this.slots;
    const p = this.pAddr;
    // Stryker disable next-line ConditionalExpression: equivalent: no entry holds a device address
    const slot = this.pKind === P_HOST ? this.trees[d]!.latestContaining(p, p + 1, s.seq) : -1;
    // K-B69 `registered`: a link array's key gives its pointer slot (plus the offset into the array);
    // an entry holding p hides it, and a device address lies in no key's host range.
    const key = this.linkKeyAt(d, p);
    if (key !== null) return { kind: 'value', value: { block: key.block, offset: p - key.start } };
    if (slot < 0) return this.shared[d] === 1 && this.knobs['K-B2'] === 'self-mapped' ? this.ptrObservation() : NULL_VALUE;
    const block = s.block[slot]!;
    if (block === 0) return { kind: 'value', value: { host: p } };
    const offset = s.storage[slot]! - this.device.base(block) + (p - s.hostStart[slot]!);
    return { kind: 'value', value: { block, offset } };
  }

  /** omp_target_memcpy (6.0 §25.7.1). */
  protected ompTargetMemcpy(step: OmpTargetMemcpy): Observation {
    const op = step.op;
    // K-B31: zero bytes succeed before (`zero-first`) or after (`device-first`) the device checks.
    const zeroFirst = this.knobs['K-B31'] === 'zero-first';
    if (step.bytes === 0 && zeroFirst) return ZERO;
    const dd = this.routineDevice(step.dst_device);
    if (dd < 0) return this.badDevice(op, dd, ONE);
    const sd = this.routineDevice(step.src_device);
    if (sd < 0) return this.badDevice(op, sd, ONE);
    // K-B57 `einval` (libgomp): two distinct devices, neither the host nor sharing its memory
    // (shared[n], the host's, is undefined: never 0).
    if (dd !== sd && this.shared[dd] === 0 && this.shared[sd] === 0 && this.knobs['K-B57'] === 'einval') return ONE;
    if (step.bytes === 0) return ZERO;
    // Stryker disable next-line all: unreachable for valid programs: validation makes bytes whole elements
    if (step.bytes % ELEMENT_BYTES !== 0) undefinedBehaviour(`${op} of ${step.bytes} bytes, not a whole number of elements`);
    this.resolvePointer(step.dst, op);
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    this.flatWords(dd, step.dst_offset, step.bytes, 'dst');
    const dstImg = this.wImg!;
    const dstFirst = this.wFirst;
    this.resolvePointer(step.src, op);
    // Stryker disable next-line StringLiteral: equivalent: the name only words messages (not compared: MUTATION.md "Messages")
    this.flatWords(sd, step.src_offset, step.bytes, 'src');
    const words = step.bytes / ELEMENT_BYTES;
    if (this.wImg === dstImg && this.wFirst < dstFirst + words && dstFirst < this.wFirst + words)
      undefinedBehaviour(`${op} between overlapping ranges`);
    copyWords(this.wImg!.words, this.wFirst, dstImg.words, dstFirst, words);
    return ZERO;
  }

  /**
   * Sets wImg / wFirst to the memory a resolved memcpy pointer (+ offset) names on device d: a
   * host variable with the host device, or an omp_target_alloc block with the device it belongs
   * to. A null pointer, another device, a misaligned address or bytes outside the storage (a
   * struct is no element storage) make the step undefined.
   */
  protected flatWords(d: number, offset: number, bytes: number, what: string): void {
    if (this.pKind === P_NULL) undefinedBehaviour(`omp_target_memcpy: ${what} is a null pointer`);
    const addr = this.pAddr + offset;
    // Stryker disable next-line all: unreachable for valid programs: validation makes pointer offsets and memcpy offsets whole elements
    if (addr % ELEMENT_BYTES !== 0) undefinedBehaviour(`omp_target_memcpy: ${what} is not element-aligned`);
    if (this.pKind === P_HOST) {
      const obj = this.pObj;
      if (d !== this.n) undefinedBehaviour(`omp_target_memcpy: ${what} is a host address but its device is ${d}`);
      // (addr is at least the object's start: the pointer's base lies in it and offsets are >= 0)
      if (this.objIsStruct[obj] === 1 || addr + bytes > this.objEnd[obj]!)
        undefinedBehaviour(`omp_target_memcpy: ${what} range lies outside its host array`);
      this.wImg = this.host.image;
      this.wFirst = this.host.offset(addr) >> 2;
      return;
    }
    const block = this.pBlock;
    if (this.blockOwner[block] !== d + 1) undefinedBehaviour(`omp_target_memcpy: ${what} was not allocated on its device`);
    if (!this.device.isLive(block)) undefinedBehaviour(`omp_target_memcpy: ${what} points into freed memory`);
    const off = addr - this.device.base(block);
    if (off + bytes > this.device.size(block)) undefinedBehaviour(`omp_target_memcpy: ${what} range runs past the end of its allocation`);
    this.wImg = this.device.image(block);
    this.wFirst = off >> 2;
  }
}
