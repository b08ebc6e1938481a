// The example programs of examples/ (*.profile.json are profiles): each is a valid program; model and impl agree on it under
// every built-in profile; what it observes under the spec is written here by hand from the spec
// text (OpenACC 3.3 §3.2.16–§3.2.27, K-A7); and `mapcheck emit` turns it into Fortran and C that
// gfortran / gcc compile host-only (-foffload=disable). Compiling needs gfortran and gcc (.ci/run
// installs them); without them the compile tests are skipped with the reason as the skip note.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emitProgram } from '../cli/emit.js';
import { GCC12_MAPPER_REJECTION, withoutMapperDirectives } from '../cli/emit/mapper.js';
import { formatObservation } from '../lang/observation.js';
import { loadProgramFile } from '../lang/validate.js';
import { builtinProfileNames, loadProfile } from '../profiles/index.js';
import { firstDivergence, runTrace } from '../properties/compare.js';
import { HOST_ONLY_FLAGS, missingTool } from '../toolchain/host.js';

const DIR = fileURLToPath(new URL('.', import.meta.url));
/** The major version of gcc / gfortran `command`, or null when it does not say. */
const gccMajor = (command: string): number | null => {
  const v = spawnSync(command, ['-dumpversion'], { encoding: 'utf8' }).stdout?.trim();
  return v ? Number(v.split('.')[0]) : null;
};
/** The example programs (profile files like my-runtime.profile.json are not programs). */
const EXAMPLES = readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.endsWith('.profile.json')).sort();
const scratch = mkdtempSync(join(tmpdir(), 'mapcheck-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What each example observes under the spec, step by step (formatObservation), by hand. */
const EXPECTED: Record<string, string[]> = {
  // Pointer descriptors (lang/README.md "Pointer descriptors"): c is copied while c%p => b (lower
  // bound 1), then remapped c%p(10:) => b; the host view is 10:19 (Fortran 2008 §7.2.2.3). The
  // attach updates the device descriptor whole (OpenACC 3.3 §2.6.4, K-A42 descriptor), so the
  // kernel sees 10:19 too and c%p(10) is b's first element, 11; detach and copyout end it.
  'descriptor-bounds.json': ['ok', 'ok', 'read [10, 19]', 'ok', 'read [10, 19]', 'read [11]', 'ok', 'ok'],
  'acc-map-data.json': [
    'dev#1+0', // acc_malloc(32): the first device allocation
    'ok',
    'ok', // acc_map_data: no data moves
    'true',
    'read [8*2]', // the kernel sees the device memory acc_memcpy_to_device filled from b
    'ok',
    'ok', // exit data delete: the dynamic counter of mapped data stays at 1 (K-A7 clamp)
    'true',
    'ok', // acc_unmap_data ends the lifetime, the memory stays the program's
    'false',
    'ok',
    'read [2*2, 2*7, 4*2]', // copied back from the device memory the kernel wrote
    'ok',
  ],
  // Arrays of structs (lang/README.md "References"): each element is mapped, attached and read on
  // its own. cs is block 1 (copyin of the whole array, members copied verbatim), a block 2 (copyin
  // of cs(1)%p's target, then cs(1)%p attached, OpenACC 3.3 §2.7.2), acc_malloc block 3;
  // acc_map_data maps b (cs(2)%p's target) onto it without copying (§3.2.21), acc_memcpy_to_device
  // fills it from b, acc_attach points cs(2)'s device member at it (§3.2.29); the kernel writes 7s
  // there, which acc_memcpy_from_device brings back to b; detach and unmap leave the memory to the
  // program; cs(3) was deleted with cs
  'array-of-structs.json': ['ok', 'ok', 'dev#3+0', 'ok', 'ok', 'ok', 'ok', 'read [8*1]', 'ok', 'read [8*7]', 'ok', 'ok', 'ok', 'false', 'ok'],
  // OpenACC 3.3 §2.13 / §2.6.7: a global declare copyin makes a's device copy at program start with
  // SRC 1, which no exit gives back: exit data delete finalize zeroes the (already zero) DRC,
  // acc_copyout finds DRC 0, and the data region's copyout takes SRC 2 -> 1 and copies nothing back,
  // so the host keeps its 5s. link(b) maps nothing (§2.13.3): b is absent until the data region
  // copies it in, the kernel writes its device copy and the region's end copies it back and
  // deletes it.
  'acc-declare.json': ['ok', 'true', 'false', 'ok', 'read [8*1]', 'ok', 'ok', 'true', 'ok', 'ok', 'ok', 'read [8*5]', 'read [4*9, 4*2]', 'false'],
  // OpenACC 3.3 §2.13 in a procedure (lang/README.md "Procedure-scope declare", K-A56
  // `structured-region`): the call is the procedure's implicit data region, so create(a) of the
  // present a counts a structured reference and copy(b) copies b in; the kernel writes 7s into b's
  // copy; the return gives a's reference back (DRC 1 keeps it present) and copies b out
  'declare-procedure.json': ['ok', 'ok', 'ok', 'ok', 'true', 'read [8*7]'],
  // The same in OpenMP (lang/README-openmp.md): cs(1) is block 1 and a (cs(1)%p's target) block 2,
  // and cs(1)%p is attached since both are new (6.0 §7.9.6 pointer attachment); the kernel writes
  // 5s through it; map(from: cs(1)%p) copies a back at RC 1 and removes it; cs(2) was never mapped
  // until step 6; the target's map(to: cs(2)) only counts (RC 2 → 1), so release removes it
  'omp-array-of-structs.json': ['ok', 'ok', 'ok', 'read [8*5]', 'false', 'ok', 'read [8*2]', 'ok', 'false'],
  // OpenMP 6.0 §7.9.7: declare target enter(a) gives a storage with the initial values and an infinite
  // count: the kernel's implicit tofrom map finds it present at infinity and copies nothing (it reads
  // the 1s, not the host's 5s), exit data map(delete:) leaves it; link(b) (§7.9.8) has no storage
  // until enter data maps it (count 1), and exit data from copies the kernel's 9s back
  'omp-declare-target.json': ['ok', 'true', 'ok', 'read [8*1]', 'ok', 'true', 'ok', 'ok', 'ok', 'read [4*9, 4*2]', 'read [8*5]'],
  // The README's language tour: declare, update, an array of structs and acc_map_data together
  'language-tour.json': [
    'ok', // declare copyin(w): w's device copy for the program's lifetime (OpenACC 3.3 §2.13.2), holding 0s
    'ok', // the host writes 3s; the device copy still holds 0s
    'ok', // update device(w) copies the 3s (§2.14.4)
    'ok', // copyin(cs): both elements, pointer members as host values
    'ok', // copyin(cs(1)%p): a's copy, and cs(1)%p attached to it (§2.7.2)
    'dev#4+0', // acc_malloc: the fourth device allocation (w, cs, a, then this one)
    'ok', // acc_map_data(cs(2)%p, d): b's storage is d, no data moves (§3.2.26)
    'ok', // acc_attach: cs(2)%p's device copy points at d
    'ok', // the kernel writes 7s into d through cs(2)%p
    'read [4*3]', // the kernel sees the updated w
    'ok', // update self(b) copies d back into b
    'read [8*7]',
    'read [8*1]', // a's copy, through cs(1)%p
    'ok', // exit data delete(w) finalize: declared data is not removed (static counter)
    'true',
    // update self(cs) while cs(1)%p (host 0x1600, the first element) is attached: undefined (§2.6.8)
    'undefined (update self(cs): the pointer at host 0x1600 is attached)',
  ],
  // seeds/000: the re-attach after c%p => b re-points the device pointer (OpenACC 3.3 §2.7.2 Attach
  // Action: the device pointer is not the device copy of the new target, so it is re-pointed and
  // its counter set to 1), so the kernel reads b
  'reattach.json': ['ok', 'ok', 'ok', 'ok', 'ok', 'read [10*2]'],
  // World.reuse (lang/README.md "Device memory reuse"): delete(a) frees a's 16-byte copy (block 1)
  // while c%p's device copy still points at it; copyin(b) needs 16 bytes of integers on device 0,
  // so the allocator hands block 1 out again, and the kernel reads b's 7s through the stale pointer
  'stale-reuse.json': ['ok', 'ok', 'ok', 'read [4*7]', 'dev#1+0'],
  // OpenACC 3.3 §2.14.4: update device copies a(1:4)'s new 5s out (the kernel sees 5 5 5 5 1 1 1 1);
  // update self brings a(5:8) back (9 9 1 1 from the kernel's write of a(3:6)) but not a(3:4), and
  // if_present skips b, which is not present; the delete copies nothing back
  'update.json': ['ok', 'ok', 'ok', 'read [4*5, 4*1]', 'ok', 'ok', 'read [4*5, 2*9, 2*1]', 'ok', 'read [4*5, 2*9, 2*1]'],
  // OpenMP 6.0 §10.5.1.5: c%p's host address reaches a on device 0; maps still make copies (K-B8
  // copies, the text), close being a hint: the kernel sees the 5s target update moved (b(1:4)) and
  // the 2s the map copied; always copies b back
  'unified-shared-memory.json': ['ok', 'read [8*1]', 'ok', 'ok', 'ok', 'read [4*5, 4*2]', 'ok', 'read [4*5, 4*2]'],
  // OpenMP 6.0 §15.9: the same with target update to / from; the present modifier holds for a(5:8),
  // b is not present and is skipped; the release copies nothing back
  'target-update.json': ['ok', 'ok', 'ok', 'read [4*5, 4*1]', 'ok', 'ok', 'read [4*5, 2*9, 2*1]', 'ok', 'read [4*5, 2*9, 2*1]'],
  // OpenACC 3.3 §2.8 / §2.8.1: inside host_data the address of a is its device copy's (block 1),
  // so the copy of b through it fills the device copy, which the kernel reads; §2.8.3: b is not
  // present, so if_present leaves its host address (0x1200); copyout brings the 2s back to a
  // OpenMP 6.0 §7.5.10: inside the use_device_addr region a's address is its corresponding storage
  // (block 1), so the copy of b lands there and the target data's end copies it back to a; §7.5.8:
  // b has no corresponding storage, so use_device_ptr keeps its host address (5.1+, K-B30)
  'omp-use-device.json': ['ok', 'dev#1+0', '0', 'ok', 'ok', 'host:0x1200', 'ok', 'read [8*2]'],
  // OpenACC 3.3 §2.6.8: c copied in without an attach holds a's host address (0x1000); the copyin
  // of c%p attaches it to a's copy (block 2); the kept value is a handle a copy reads the 1s
  // through; the delete detaches (the host value goes back) and frees block 2, so the kept value is
  // stale and the copy from it undefined (§3.2.27)
  'pointer-value.json': [
    'ok',
    'host:0x1000',
    'ok',
    'dev#2+0',
    'ok',
    'read [8*1]',
    'ok',
    'host:0x1000',
    'undefined (acc_memcpy_from_device(b): dev#2+0 points into freed device memory)',
  ],
  // OpenMP 6.0 §7.9.6: the same; but no detach: after the release removes a's storage the
  // corresponding pointer still holds the old address (stale), and the copy from it is unspecified (§25.7.1)
  'omp-pointer-value.json': [
    'ok',
    'host:0x1000',
    'ok',
    'dev#2+0',
    '0',
    'read [8*1]',
    'ok',
    'dev#2+0',
    'undefined (omp_target_memcpy: the source dev#2+0 + 0 on device 0 is not inside live memory)',
  ],
  'host-data.json': ['ok', 'dev#1+0', 'ok', 'ok', 'read [8*2]', 'host:0x1200', 'ok', 'ok', 'read [8*2]'],
  // Non-pointer struct members (lang/README.md "Non-pointer struct members", OpenACC 3.3 §2.7.1): the
  // struct's copy carries c%n = 5 and c%arr; the kernel reads 5 though the host wrote 9 after the
  // copyin; update self of c%arr(2:3) brings the kernel's 7s home; copyout of c overwrites the
  // host's 9 with the device's 5; c%arr(2:3) alone is present while c is not (acc_is_present false)
  'struct-members.json': ['ok', 'ok', 'ok', 'read [5]', 'ok', 'ok', 'read [1, 2*7, 4]', 'read [4*1]', 'ok', 'ok', 'read [5]', 'ok', 'false', 'ok', 'ok', 'read [1, 2*8, 4]'],
  // OpenMP 6.0 §7.9.6: the map of c carries its members; a member section inside the mapped c is
  // present (no copy on the inner construct); from c brings the 7s home; c%n and c%arr(3:4) form
  // one storage block, whose from (RC 1) copies the kernel's 6 back
  'omp-struct-members.json': ['ok', 'ok', 'read [5]', 'ok', 'ok', 'read [1, 2*7, 4]', 'read [5]', 'ok', 'ok', 'ok', 'read [6]'],
  // Rank-2 arrays (lang/README.md "Rank-2 arrays and sections", OpenACC 3.3 §2.7.1): a(1:2,2:3) of
  // a(2,4) is elements 3..6 in array element order, so column 2 is present and a(2,4) (element 8) is
  // not; the kernel reads a(2,2) = 4; update self of column 3 brings the 9s home; the whole array
  // after a(1:2,1:2) (elements 1..4) is partly present
  'rank2-sections.json': ['ok', 'true', 'false', 'read [4]', 'ok', 'ok', 'read [1, 2, 3, 4, 2*9, 7, 8]', 'ok', 'ok', 'error acc_error_partly_present'],
  // Allocatable components (lang/README.md "Allocatable components", OpenACC 3.3 §2.6.7, §2.6.8):
  // e%x's first allocation is mapped and attached; the deallocate tells the device nothing, so after
  // the allocate at a new address a kernel still reads the old copy's 3s through the attached device
  // pointer while the host reads 4s; a copyin of the new allocation re-points it (a new target
  // address) and the kernel reads the 4s
  'allocatable-stale.json': ['ok', 'ok', 'ok', 'read [4*3]', 'ok', 'ok', 'read [4*3]', 'read [4*4]', 'ok', 'read [4*4]'],
  // Member subarrays (lang/README.md "Member subarrays", OpenACC 3.3 §2.7.1): copyin(c%p(3:6)) maps
  // a(3:6) only; its attach looks up the pointer's target a, which is partly present, so c%p keeps
  // the host address it was copied with (§2.7.2, K-A50 `target`); the host's zeros in a(3:6) are
  // overwritten by update self(c%p(4:5)) (the device's 4, 5) and by the copyout of a(3:6) (3..6);
  // copyin(c%p) then finds a absent, copies it in and attaches c%p; a kernel writes c%p(4:5) = 9
  // through it and update self brings a(3:6) home; c%p(6:9) runs past a's 8 elements: undefined
  'member-sections.json': [
    'ok',
    'ok',
    'true',
    'false',
    'host:0x1000',
    'ok',
    'ok',
    'ok',
    'read [2, 3, 4, 5, 6, 7]',
    'ok',
    'ok',
    'ok',
    'read [1, 2, 3, 2*9, 6, 7, 8]',
    'undefined (c%p(6:9) runs past the end of its pointer\'s target (8 elements))',
  ],
  // OpenMP 6.0 §7.9.10 declare mapper, §7.9.2 map type decay: c's type maps c tofrom and c%p to.
  // map(to: c) maps c (block 1) and a (block 2) and attaches c%p (both new); the kernels' implicit
  // maps of c go through the mapper (present: no copies), so the kernel sees a's device address and
  // writes 7s there; target update from(c) moves only the from / tofrom items (from with a to item
  // is storage), so a keeps its 1s; exit data from(c) is release for a (from × to): removed without
  // a copy back; d has no mapper: its map copies d alone, whose pointer holds a host address
  'omp-declare-mapper.json': ['ok', 'dev#2+0', 'ok', 'ok', 'read [8*1]', 'ok', 'read [8*1]', 'false', 'undefined (the kernel dereferences d%p, whose value on device 0 is host:0x1200[8])'],
  // OpenMP 6.0 §7.9.6: map(to: c, c%p(3:6)) maps c (block 1) and a(3:6) (block 2) and attaches c%p
  // with the section's bias: the corresponding pointer holds dev#2 - 8, where a(1) would be; a kernel
  // writes c%p(4:5) through it; target update from the section brings the zeros home; c%p(2:3)
  // reaches a(2), which has no corresponding storage: undefined
  'omp-member-sections.json': [
    'ok',
    'dev#2-8',
    'ok',
    'ok',
    'read [1, 2, 3, 2*0, 6, 7, 8]',
    'undefined (the kernel dereferences c%p, whose value on device 0 is dev#2-8[8], before the start of its block)',
  ],
  // Zero-length subarrays (lang/README.md "Zero-length sections", K-A55 `lookup`): copyin(a(3:2))
  // finds a(3)'s byte in the section of a(2:5) and adds a dynamic reference (DRC 2); acc_is_present
  // of zero bytes tests one byte (K-A16 `one-byte`): true at a(3); acc_deviceptr(a(4:3)) is a(4)'s
  // device address, 8 bytes into the copy of a(2:5); create(a(6:5), b(1:0)) creates nothing (a(6)
  // is one past the section's end, b is absent), so a(6:5) is not present; update self(a(5:4))
  // copies nothing; copyout(a(2:5)) gives back one reference (DRC 1: still present); delete(a(5:4))
  // gives back the last one and the section goes; present(b(5:4)) of absent b: not present
  'zero-length.json': ['ok', 'ok', 'true', 'dev#1+8', 'ok', 'false', 'ok', 'ok', 'true', 'ok', 'false', 'error acc_error_not_present', 'halted'],
  // OpenMP 6.0 §7.9.6: map(alloc: a(2:1)) finds a(2)'s storage in the entry of a(1:4) (RC 2);
  // a(5:4) and a(7:6) have no corresponding storage (a(5) is one past the entry) and get none;
  // update from(a(3:2)) assigns nothing; release(a(1:4)) leaves RC 1; the target construct's
  // present map of a(4:3) finds the entry, names a, so no implicit map, and the kernel reads a(1:4);
  // release(a(3:2)) gives back the last reference; the present modifier then finds no storage at a(1)
  'omp-zero-length.json': ['ok', 'ok', 'ok', 'ok', 'ok', 'read [1, 2, 3, 4]', 'ok', 'error omp_error_not_present'],
  // Plain pointer variables (lang/README.md "Plain pointer variables"): copyin(p(:)) while p is not
  // present copies the target and attaches nothing (OpenACC 3.3 §2.7.2: the pointer is not
  // present); copyin(p) copies the pointer's host value (§2.6.4), which the kernel reads; the
  // second copyin(p(:)) finds the target present and attaches p, now present (K-A1p base-pointer),
  // so the kernel reads a(2:3) through it; p => b and copyin(p(:)) copy b and re-attach (a new
  // target, §2.7.2); the detach brings the counter to 0 and the host value back; delete of p; the
  // host reads b through p.
  'plain-pointer.json': ['ok', 'ok', 'host:0x1000', 'ok', 'read [2, 3]', 'ok', 'ok', 'read [4*9]', 'ok', 'host:0x1200', 'ok', 'read [4*9]'],
  // OpenMP 6.0 §7.9.6: the target mapped while p is not (no corresponding pointer, no attachment);
  // map(to: p) copies the host value; a second map of the target creates nothing, so nothing is
  // attached (neither side new); p released, then map(to: p, p(2:5)) on the target construct: both
  // new, attached, the kernel reads a(2:3); the target's storage leaves at its count's end.
  'omp-plain-pointer.json': ['ok', 'ok', 'host:0x1000', 'ok', 'host:0x1000', 'ok', 'read [2, 3]', 'ok', 'ok'],
  // Zero-length member sections (lang/README.md "Zero-length member sections"): copyin(c%p(1:0))
  // finds a(1)'s byte in a's section (a DRC of 2) and attaches c%p to a's copy (block 1, K-A50
  // `target`: a is present); a kernel reads c%p(2:3) through it; delete(c%p(1:0)) detaches (the host
  // address again) and gives back one reference (a still present); copyin(c%p(9:8)), one past a's
  // end, maps nothing, but the text's attach looks at the whole target, which is present: attached
  'zero-length-members.json': ['ok', 'ok', 'dev#1+0', 'read [2, 3]', 'ok', 'true', 'host:0x1000', 'ok', 'dev#1+0'],
  // OpenMP 6.0 §7.9.6: map(to: c, c%p(1:0)) on a target construct: a's storage holds a(1)'s byte,
  // so the new struct storage's pointer is attached there (dev#1); likewise for the kernel reading
  // c%p(2:3); after a's release, the zero-length section has no corresponding storage: K-B44 `keep`,
  // the corresponding pointer is the host address copied with c; a(5:4) is one past the entry of
  // a(1:4): no storage either
  'omp-zero-length-members.json': ['ok', 'dev#1+0', 'read [2, 3]', 'ok', 'host:0x1000', 'ok', 'host:0x1000'],
  // Scalar variables (lang/README.md "Scalar variables"): named in a clause, a scalar is its 4 bytes.
  // The data construct copies n in (OpenACC 3.3 §2.7.7 copy); the kernel adds 1 to the device copy,
  // so the host keeps 41 until the update brings 42 back (§2.14.4); the host's own write of 7 is
  // then overwritten by the copy out at the region's end. acc_copyin (§3.2.16) makes the second
  // device allocation and copies the host's 42 in, which a kernel then reads. A kernel that names n
  // in no clause, with no data construct around it, writes a firstprivate copy (§2.6.2): the host keeps 42.
  'scalars.json': ['ok', 'ok', 'read [41]', 'ok', 'read [42]', 'ok', 'ok', 'read [42]', 'false', 'dev#2+0', 'ok', 'read [42]', 'ok', 'ok', 'read [42]'],
  // OpenMP scalars in map clauses (OpenMP 6.0 §7.9.6): from on the data region, present alloc on the
  // target (x is present, so nothing moves), and the from at the region's end brings 222 back. f is
  // entered, 1 added on the device; the delete map type removes it without a copy back (§7.9.6),
  // so the host keeps 5; a kernel whose maps do not name f writes a firstprivate copy (§7.9.3), so
  // the host still reads 5; f is no longer present (§25.2.1 omp_target_is_present), and a present
  // modifier on it is a runtime error termination (§7.9.6).
  'omp-scalars.json': ['ok', 'ok', 'ok', 'read [222]', 'ok', 'ok', 'ok', 'read [5]', 'ok', 'read [5]', 'false', 'error omp_error_not_present'],
  // Copy kernels (lang/README.md "Copy kernels", GCC's data-1.f90 and update-1.f90 in small): the
  // kernel copies a's device copy into b's, so the host sees nothing until the update (OpenACC 3.3
  // §2.14.4); after a is updated to 5, b(1:2) = a(3:4) + 1 on the device, copied out at exit
  // (§2.7.8); a kernel that names nothing copies the firstprivate x (§2.6.2: the host's 5) plus 10
  // into a(1), whose implicit copy (§2.6.2) brings it back; the host loop b(i) = b(i) + a(i).
  'copies.json': ['ok', 'ok', 'read [4*0]', 'ok', 'read [4*3]', 'ok', 'ok', 'ok', 'ok', 'read [2*6, 2*3]', 'ok', 'read [15, 3*5]', 'ok', 'read [21, 11, 2*8]'],
  // OpenMP: a entered with 3, then 5 on the host; the kernel reads the device copy (3) into b,
  // whose from map brings it back, while a's implicit tofrom finds it present (OpenMP 6.0 §7.9.3,
  // §7.9.6: no copy); on the shared device 1 the kernel reads the host's a (5); x unnamed is
  // firstprivate (§7.9.3), its host value 5 goes into a(1)'s device copy, which the exit data's
  // from brings home; on the host device the add copy is the host loop.
  'omp-copies.json': ['ok', 'ok', 'ok', 'read [4*3]', 'ok', 'read [2*6, 2*3]', 'ok', 'ok', 'read [5, 3*3]', 'ok', 'read [11, 9, 2*6]'],
  // Kernels of several statements (lang/README.md): GCC's deep-copy-4.f90 in small. var, then its
  // components and r, are entered (the components attached, OpenACC 3.3 §2.7.2); the kernel's three
  // statements write the device copies through the attached pointers, which the exit data bring
  // home. Then x, named by no clause, is firstprivate (§2.6.2): its 9 dies with the construct, while
  // r(1) gets 1 more on the device and copy(r) brings the 4 back.
  'blocks.json': ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'read [1, 2, 3, 4]', 'read [2, 4, 6, 8]', 'read [3, 6, 9, 12]', 'ok', 'read [5]', 'read [4, 6, 9, 12]', 'ok'],
  // OpenMP: the first kernel maps a and b tofrom implicitly (OpenMP 6.0 §7.9.3) and its second
  // statement copies what the first wrote; b entered with those values and then zeroed on the host:
  // the second kernel adds 1 to b's device copy and copies it into a (implicit tofrom), b's host copy
  // untouched; on the host device the statements run on host memory (b 1..4, a gets b added); exit
  // data from brings b's device copy (11..41) home.
  'omp-blocks.json': ['ok', 'read [10, 20, 30, 40]', 'ok', 'ok', 'ok', 'read [11, 21, 31, 41]', 'read [4*0]', 'ok', 'read [12, 23, 34, 45]', 'ok', 'read [11, 21, 31, 41]'],
};

describe('examples/declare-procedure.json under libgomp (K-A56 dynamic-enter-exit)', () => {
  it('GOACC_declare skips create(a) of present data, and its return (GOMP_MAP_RELEASE) removes the data enter data made', () => {
    const program = loadProgramFile(join(DIR, 'declare-procedure.json'));
    for (const engine of ['model', 'impl'] as const) {
      const trace = runTrace(program, { engine, profile: loadProfile('libgomp') }, true);
      expect(trace.observations.map(formatObservation)).toEqual(['ok', 'ok', 'ok', 'ok', 'false', 'read [8*7]']);
      // at the call a keeps DRC 1 (no reference taken) and b is copied in on the dynamic counter
      expect(trace.snapshots[1]!.sections.map((x) => [x.src, x.drc])).toEqual([[0, 1], [0, 1]]);
      expect(trace.snapshots[3]!.sections).toEqual([]);
    }
  });
});

describe('examples/stale-reuse.json without reuse', () => {
  const program = loadProgramFile(join(DIR, 'stale-reuse.json'));
  const quarantine = { ...program, world: { ...program.world, reuse: false } };

  it('the stale read is undefined (OpenACC 3.3 §2.7.2 Delete Action deallocates the copy), and b gets a new block', () => {
    const trace = runTrace(quarantine, { engine: 'model', profile: loadProfile('spec') }, false);
    expect(trace.observations[3]!.kind).toBe('undefined');
    const rest = { ...quarantine, steps: [...quarantine.steps.slice(0, 3), quarantine.steps[4]!] };
    const ids = runTrace(rest, { engine: 'impl', profile: loadProfile('spec') }, false).observations.map(formatObservation);
    expect(ids[3]).toBe('dev#3+0'); // a, c, then b: no block handed out again
  });

  it('emit checks nothing past the stale read: a real runtime need not hand the block out again', () => {
    const source = emitProgram(program, { lang: 'fortran', source: 'examples/stale-reuse.json' });
    expect(source).toContain('! Not written: the spec calls this step undefined behaviour');
    expect(source).not.toMatch(/res \/= 7/);
  });
});

it('every example has its expected observations written here', () => {
  expect(EXAMPLES.sort()).toEqual(Object.keys(EXPECTED).sort());
});

describe.each(EXAMPLES)('examples/%s', (file) => {
  const program = loadProgramFile(join(DIR, file));

  it('observes under the spec what the text says', () => {
    const trace = runTrace(program, { engine: 'model', profile: loadProfile('spec') }, false);
    expect(trace.observations.map(formatObservation)).toEqual(EXPECTED[file]);
  });

  it.each(builtinProfileNames())('model and impl agree under %s', (name) => {
    const profile = loadProfile(name);
    expect(firstDivergence(program, { engine: 'model', profile }, { engine: 'impl', profile }, 'state')).toBeNull();
  });

  const api = program.steps.some((s) => s.op.startsWith('omp_')) ? '-fopenmp' : '-fopenacc';
  it.for([
    ['fortran', 'gfortran', 'f90'],
    ['c', 'gcc', 'c'],
  ] as const)(`emit --lang %s compiles with %s ${api} -foffload=disable`, ([lang, command, ext], ctx) => {
    const missing = missingTool(command);
    if (missing) ctx.skip(missing);
    const source = join(scratch, `${file}.${ext}`);
    writeFileSync(source, emitProgram(program, { lang, source: `examples/${file}` }));
    const cc = spawnSync(command, [api, ...HOST_ONLY_FLAGS, '-Wall', source, '-o', join(scratch, `${file}-${lang}`)], { encoding: 'utf8' });
    if ((program.world.mappers?.length ?? 0) > 0 && gccMajor(command) === 12) {
      // GCC 12 rejects declare mapper (K-B43, measured): exactly that error, and the rest builds without it.
      expect(`${cc.stdout}${cc.stderr}`).toMatch(GCC12_MAPPER_REJECTION);
      writeFileSync(source, withoutMapperDirectives(emitProgram(program, { lang, source: `examples/${file}` })));
      const rest = spawnSync(command, [api, ...HOST_ONLY_FLAGS, '-Wall', source, '-o', join(scratch, `${file}-${lang}`)], { encoding: 'utf8' });
      expect(rest.status, `${rest.stdout}${rest.stderr}`).toBe(0);
      return;
    }
    expect(cc.status, `${cc.stdout}${cc.stderr}`).toBe(0);
  });
});
