// Built-in profiles: named readings of the spec. `spec` takes every knob's default; each other
// profile overrides only the knobs it has evidence for, and says so knob by knob. A knob a profile
// does not override keeps the spec reading and is reported as "unknown" for that runtime.

import type { KnobId, KnobValues } from './knobs.js';

/** How a reading is known: a real run (`measured`), the runtime's source (`source`), its documentation or tests (`doc`), or derived only (`hypothesis`). */
export type Confidence = 'measured' | 'source' | 'doc' | 'hypothesis';

export interface KnobSetting<V extends string = string> {
  reading: V;
  confidence: Confidence;
  evidence: string;
}

export type ProfileOverrides = { [K in KnobId]?: KnobSetting<KnobValues[K]> };

export interface ProfileSource {
  name: string;
  description: string;
  extends?: string;
  knobs: ProfileOverrides;
}

const SEED_000 = 'seeds/000_*.txt (Cray 19.0.0 vs nvfortran 25.3-0 attach/detach study)';
const SEED_003 = 'seeds/003_*.txt (libgomp.texi Device Memory Routines, GCC patch Oct 2023)';
// Source snapshots read for profiles/AUDIT.md (gcc-mirror/gcc, via the search tool's stored copies).
const G12 = 'gcc-mirror/gcc libgomp/target.c (GCC 11/12 code, copyright 2013-2021: one-argument resolve_device)';
const G13 = 'gcc-mirror/gcc libgomp/target.c (commit f9b438b8, copyright 2013-2023)';
const GACC = 'gcc-mirror/gcc libgomp/oacc-mem.c (commit b6d1f2b5, GCC 10-12 OpenACC code)';
const LAPI = 'llvm/llvm-project offload/libomptarget/OpenMP/API.cpp (commit 025d36ef)';
const GPAR = 'gcc-mirror/gcc libgomp/oacc-parallel.c (copyright 2013-2023) GOACC_update';
const LOMP = 'llvm/llvm-project offload/libomptarget/omptarget.cpp (2025-26) targetDataContiguous';

export const BUILTIN_PROFILES: readonly ProfileSource[] = [
  {
    name: 'spec',
    description: 'The text\'s reading: OpenACC 3.3 and OpenMP 6.0 (every knob at its default).',
    knobs: {},
  },
  {
    name: 'spec-omp-5.2',
    description: 'OpenACC 3.3 with OpenMP 5.2 instead of 6.0 for pointer attachment and reference-count units (other 5.2 differences are not modelled yet).',
    extends: 'spec',
    knobs: {
      'K-B65': {
        reading: 'struct-storage',
        confidence: 'doc',
        evidence:
          'llvm/llvm-project offload/test/mapping/mapper_target_update_present_ptee.c ("at <= 5.2 present is not applied to the pointee, so it succeeds": target update to(present: s) through a mapper of s.y and s.p[0:20] with only x[0:10] mapped, CHECK-52-OOB: done) and mapper_map_mbr_then_present_mbr_ptee.c ("at <= 5.2 present is not propagated", EXPECTED (5.2): the run completes): the LLVM maintainers\' reading of 5.2, where the 6.0 text propagates it.',
      },
      'K-B7': {
        reading: 'always',
        confidence: 'hypothesis',
        evidence: '5.x wording not re-read (spec-digest marks it [R]/[Q]): OpenMP 5.1 §2.21.7.2 / 5.2 §5.8.6 initialise the corresponding pointer whenever it is mapped with its pointee; 6.0 §7.9.6 adds the newly-created condition (spec-digest B.6).',
      },
      'K-B16': {
        reading: 'list-item',
        confidence: 'hypothesis',
        evidence: 'OpenMP 5.2 §5.8.3 counts references per list item; mappable storage blocks are new in 6.0 §7.9.6 (spec-digest B.1).',
      },
    },
  },
  {
    name: 'cray-19',
    description: 'HPE Cray Fortran (CCE) 19.0.0, as observed with CRAY_ACC_DEBUG=3.',
    extends: 'spec',
    knobs: {
      'K-A4': {
        reading: 'counter-only',
        confidence: 'measured',
        evidence: `${SEED_000}: after c%p => b the second attach is skipped; the kernel reads a (10*1).`,
      },
      'K-A9': {
        reading: 'decrement',
        confidence: 'measured',
        evidence: `${SEED_000}: detach of a never-attached pointer traces "ref count -1"; the later attach still works.`,
      },
    },
  },
  {
    name: 'nvfortran-25.3',
    description: 'NVIDIA HPC SDK nvfortran 25.3-0: per spec on both seed programs.',
    extends: 'spec',
    knobs: {
      'K-A4': {
        reading: 'compare-target',
        confidence: 'measured',
        evidence: `${SEED_000}: the re-attach program prints OK (device pointer re-pointed to b).`,
      },
      'K-A9': {
        reading: 'noop',
        confidence: 'measured',
        evidence: `${SEED_000}: the spurious detach is a no-op and the later attach succeeds (OK).`,
      },
    },
  },
  {
    name: 'libgomp',
    description: 'GCC libgomp (OpenACC path, GCC 12-15 era sources, nvptx offload).',
    extends: 'spec',
    knobs: {
      'K-C1': {
        reading: 'lifo',
        confidence: 'source',
        evidence:
          'libgomp runs on the host C library: on Linux glibc malloc hands the chunk freed last of the size asked back first (malloc.c tcache_get, per-size bins of up to 7 chunks of at most 1,032 bytes; an exact fit from the unsorted bin or the top chunk above that), and no libgomp entry point hears of a host free (target.c keeps the splay-tree key of the freed range until its counts reach zero). Measured with GCC 12.2 (profile gcc-12).',
      },
      'K-A71': {
        reading: 'column-span',
        confidence: 'source',
        evidence:
          'gfortran trans-openmp.cc gfc_trans_omp_array_section (GCC 12 to 15) sizes a data clause, map item or motion item of an array section as gfc_full_array_size of the section\'s descriptor times the element size, and gfc_full_array_size multiplies the last dimension\'s extent by its stride: whole columns of the parent array from the section\'s first element. gfortran 12.2 -fopenacc -fopenmp -foffload=disable -fdump-tree-gimple (Debian bookworm, 6 December 2026) of v3(2:2,2:2) with integer v3(2,4): enter data, exit data, data, update self, parallel copyin, target enter data, target update from and target data all get [len: 8] (dim[1] extent 1 times stride 2, times 4 bytes) at v3(2,2). GCC\'s C front end keeps its own sections\' bytes (profiles/libgomp-c.json).',
      },
      'K-B66': {
        reading: 'self-present',
        confidence: 'doc',
        evidence:
          'libgomp\'s own tests expect the present error only on a device with its own address space: libgomp.c-c++-common/target-present-1.c, -2.c and -3.c and libgomp.fortran/target-present-1.f90 … -3.f90 carry dg-output "libgomp: present clause: not present on the device …" and dg-shouldfail "present error triggered" with { target offload_device_nonshared_as }, so on a device that shares memory with the host, whose maps are self maps (K-B8 self: GOMP_OFFLOAD_CAP_SHARED_MEM skips the mapping work), map(present, to: b) of an unmapped b runs.',
      },
      'K-B63': {
        reading: 'base-pointers',
        confidence: 'source',
        evidence:
          'gfortran 12.2 -fopenmp -foffload=disable -fdump-tree-gimple (Debian bookworm, 5 December 2026) of `target map(tofrom: c%p(1:4), c%q(1:2))` with c referenced in the region only through c%p and c%q: map(struct:c [len: 2]) map(to:c.p [len: 64]) map(to:c.q [len: 64]) beside the pointees and their always_pointer maps, so only the two pointer components\' descriptors of c get storage and nothing adds the whole of c; GCC\'s testsuite has the same lowering of `target map(tv%arr1)` (map(struct:tv [len: 1]) map(to:tv.arr1 [pointer set, …]) … map(attach:tv.arr1.data)). The descriptor goes in as to, not tofrom: libgomp keeps the host value of an attached pointer at exit (K-B23 restore), so the copy-back the text adds brings nothing. (GCC\'s C front end maps the whole struct: profiles/libgomp-c.json, K-B63 implicit.)',
      },
      'K-A13': {
        reading: 'error',
        confidence: 'measured',
        evidence: `${G13} gomp_map_vars_internal: GCC lowers no_create to GOMP_MAP_IF_PRESENT (printed no_alloc by -fdump-tree-gimple, GCC 12.2); the kind is skipped ("Not present, hence, skip entry") only when gomp_map_lookup finds no key at all; a key that overlaps goes to gomp_map_vars_existing, which stops with gomp_fatal "Trying to map into device [..) object when [..) is already mapped" unless the key contains the data. Measured with GCC 12.2 C on an NVIDIA H200: data no_create(c) of the 16-byte struct over its 8-byte pointer member mapped by an earlier copyin(c%p) (K-A24 pointer-word) aborts so (gen-20261204-0033-c, profiles/measured/gcc-12-nvptx-2026-12-03b.md).`,
      },
      'K-A30': {
        reading: 'error',
        confidence: 'source',
        evidence: `${G13} gomp_map_vars_internal: GOMP_MAP_USE_DEVICE_PTR whose gomp_map_lookup fails → gomp_fatal "use_device_ptr pointer wasn't mapped"; host_data without if_present reaches it through GOACC_data_start (oacc-parallel.c: "GCC maps the OpenACC 'host_data' construct to the OpenACC 'data' construct"); with if_present the kind is GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT, which keeps the host address.`,
      },
      'K-B30': {
        reading: 'error',
        confidence: 'source',
        evidence: `${G13} gomp_map_vars_internal: OpenMP use_device_ptr / use_device_addr are lowered to GOMP_MAP_USE_DEVICE_PTR (the _IF_PRESENT kind is OpenACC's if_present only); an item gomp_map_lookup does not find → gomp_fatal "use_device_ptr pointer wasn't mapped".`,
      },
      'K-B70': {
        reading: 'struct-group',
        confidence: 'measured',
        evidence: `${G13} gomp_map_vars_internal, GOMP_MAP_STRUCT: the group is looked up over [hostaddrs[i], hostaddrs[last] + sizes[last]), the struct's own address to the last member's end (the gimple of K-A64: map(struct:d [len: n]) carries the struct's address), and when a key is found gomp_map_fields_existing requires each member's key in the found key's target block at the same offset, else gomp_fatal "Trying to map into device [%p..%p) structure element when other mapped elements from the same structure weren't mapped together with it" (the OpenACC form is K-A64). Measured with GCC 12.2 on an NVIDIA H100, held out (profiles/measured/gcc-12-nvptx-2026-12-06l.md, read after its verdicts were recorded): gen-20270114-196 step 6, target enter data map(to: c%arr(2:3)) after map(to: c%n), stops with that message in C and Fortran. gfortran also puts a pointer component's descriptor in the group (-139-fortran: map(close, to: c%arr(2:3), c%p(2:3)) after map(to: c%arr(2:3)) stops where C runs), which this reading does not count.`,
      },
      'K-B58': {
        reading: 'first-byte-or-end',
        confidence: 'measured',
        evidence: `${G13} gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR: "cur_node.host_end = cur_node.host_start; n = gomp_map_lookup (mem_map, &cur_node)", a zero-length key, which gomp_map_lookup probes as [p, p + 1), then [p - 1, p), then [p, p); the device address is n's plus p's offset in it, so an object right after a mapped one (world.adjacent) gets the address one past that one's device copy. Measured with GCC 12.2 C on an NVIDIA H200 (profiles/measured/probes-gcc-12-2026-12-04c.md): int a[8], b[8] 32 bytes apart, target enter data map(to: a), then use_device_ptr of b gives a's device address + 0x20 while omp_target_is_present(b) answers 0 (gomp_map_0len_lookup probes [p, p + 1) only); after exit data delete of a the same use_device_ptr aborts "use_device_ptr pointer wasn't mapped". The batches' runs -04i gen-20261213-030-c, -089-c, -04j gen-20261214-206-fortran and -04l gen-20261216-073-c, whose K-B30 aborts did not come, are that probe.`,
      },
      'K-A2': {
        reading: 'error',
        confidence: 'source',
        evidence: 'libgomp target.c gomp_attach_pointer: fatal "pointer target not mapped for attach"; oacc-mem.c: "struct not mapped for acc_attach".',
      },
      'K-A3': {
        reading: 'error',
        confidence: 'source',
        evidence: 'libgomp target.c gomp_attach_pointer: fatal "attempt to attach null pointer".',
      },
      'K-A4': {
        reading: 'counter-only',
        confidence: 'measured',
        evidence:
          'GCC 12.2 with nvptx offload on an NVIDIA H200 prints "Wrong result" ten times 1 for the re-attach seed program; gomp_attach_pointer writes the device pointer only when the count becomes 1.',
      },
      'K-A5': {
        reading: 'entry-error',
        confidence: 'measured',
        evidence: `${GACC} goacc_enter_datum (acc_copyin, acc_create): "if (!hostaddrs[0] || !sizes[0])" → fatal "[%p,+%d] is a bad range"; goacc_exit_datum (acc_copyout, acc_delete and their _finalize forms) has no such test: lookup_host finds nothing, "Non-present data is a no-op"; acc_is_present: "if (!s || !h) return 0". Measured with GCC 12.2 (profiles/measured/gcc-12-nvptx-2026-12-03.md): acc_delete(c.p) and acc_delete_finalize(d.q) of a null pointer run on (gen-20261203-169-c step 23, gen-20261203-204-c step 7).`,
      },
      'K-A11': {
        reading: 'extends-before',
        confidence: 'measured',
        evidence: `${GACC} goacc_map_var_existing (called by goacc_enter_datum and goacc_enter_data_internal for a present key): only "if (hostaddr + size > (void *) n->host_end)" is fatal ("[%p,+%d] not mapped"); a start before n->host_start passes, refcount and dynamic_refcount + 1, and the address returned is n's device address + (hostaddr - host_start). Measured with GCC 12.2 (profiles/measured/gcc-12-nvptx-2026-12-03b.md, acc-copyin-extends-before, acc-enter-data-extends-before): acc_copyin(a(3:8)) then acc_copyin(a(1:4)) returns the first device address - 8, acc_is_present(a(1:2)) stays 0; the same with enter data copyin; data sticking out after the block aborts "[h,+24] not mapped" (acc-copyin-extends-after).`,
      },
      'K-A6': {
        reading: 'noop',
        confidence: 'source',
        evidence: 'libgomp oacc-mem.c: non-present data is a no-op for acc_copyout/acc_delete (PR92726, PR92970, PR92984).',
      },
      'K-A7': {
        reading: 'infinite',
        confidence: 'source',
        evidence:
          'libgomp oacc-mem.c acc_map_data: "Special reference counting behavior." n->refcount = REFCOUNT_INFINITY (REFCOUNT_ACC_MAP_DATA in newer libgomp.h); goacc_exit_datum_1 and the exit-data path never decrement an infinite count, so only acc_unmap_data removes the mapping.',
      },
      'K-A8': {
        reading: 'fatal',
        confidence: 'source',
        evidence:
          'libgomp oacc-mem.c: acc_map_data fatal "device address [%p, +%d] is already mapped"; acc_unmap_data fatal "%p is not a mapped block", "[%p,%d] surrounds %p", "refusing to unmap block [%p,+%d] that has not been mapped by \'acc_map_data\'" (PR92840); acc_free fatal "refusing to free device memory space at %p that is still mapped" (PR92503).',
      },
      'K-A9': {
        reading: 'error',
        confidence: 'measured',
        evidence:
          'GCC 12.2 with nvptx offload aborts the never-attached detach seed program with "libgomp: no attachment counters for struct" (target.c gomp_detach_pointer).',
      },
      'K-A16': {
        reading: 'false',
        confidence: 'source',
        evidence: 'libgomp oacc-mem.c acc_is_present: returns 0 when the size is 0.',
      },
      'K-B1': {
        reading: 'true',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_is_present: "If ptr is a null pointer, true is returned".`,
      },
      'K-B2': {
        reading: 'self-mapped',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_is_present: true "when the host and the device share memory"; omp_get_mapped_ptr returns ptr for shared memory.`,
      },
      'K-B3': {
        reading: 'subset',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_associate_ptr: zero "if host_ptr points into already associated storage that is fully inside"; target.c compares the entry's device start (runtimes.md §1.1).`,
      },
      'K-B27': {
        reading: 'refuse',
        confidence: 'source',
        evidence: `${G13} omp_target_disassociate_ptr removes a node only when its target_mem_desc has refcount 1, tgt_start 0 and list_count 0; gomp_load_image_to_device gives the image's declare target variables a target_mem_desc with refcount REFCOUNT_INFINITY, so EINVAL.`,
      },
      'K-B4': {
        reading: 'refuse',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_disassociate_ptr: removed only when found "and has infinite reference count", otherwise EINVAL.`,
      },
      'K-B5': {
        reading: 'error',
        confidence: 'source',
        evidence: 'libgomp target.c gomp_map_vars_existing: fatal "Trying to map into device [..) object when [..) is already mapped".',
      },
      'K-B57': {
        reading: 'einval',
        confidence: 'source',
        evidence: `${G13} and ${G12} omp_target_memcpy_copy: "if (src_devicep == NULL && dst_devicep == NULL)" memcpy, "if (src_devicep == NULL)" host2dev_func, "if (dst_devicep == NULL)" dev2host_func, "if (src_devicep == dst_devicep)" dev2dev_func, and otherwise "return EINVAL" (omp_target_memcpy_check sets a device that shares host memory, GOMP_OFFLOAD_CAP_SHARED_MEM, to NULL first); only omp_target_memcpy_rect stages a copy between two devices through the host. LLVM's offload/test/offloading/d2d_memcpy.c expects the copy, which libgomp refuses.`,
      },
      'K-B16': {
        reading: 'struct-block',
        confidence: 'measured',
        evidence: `${G13} gomp_map_vars_internal: every map item is looked up and, when absent, keyed on its own range; only a GOMP_MAP_STRUCT group (the members of one struct a construct names, which GCC's gimplifier sorts and spans from the first to the last) becomes one key; a later item that reaches beyond an earlier item's key of the same construct meets gomp_map_vars_existing ("Trying to map into device [..) object when [..) is already mapped"). Measured with GCC 12.2 on an NVIDIA H200 (profiles/measured/gcc-12-nvptx-2026-12-04h.md): target data map(always, tofrom: a(1:4)) map(alloc: c%arr, c%p) with c%p => a aborts so in C (gen-20261212-129-c step 7: a[0:4] is keyed first, then the second pass's lookup of c.p's target a finds that key), where one block over a would run; its Fortran form stops earlier, on libgomp's structure-element check of the c group ("other mapped elements from the same structure weren't mapped together with it"), a class of its own that this reading does not explain.`,
      },
      'K-B8': {
        reading: 'self',
        confidence: 'source',
        evidence: 'libgomp target.c: devices with GOMP_OFFLOAD_CAP_SHARED_MEM skip mapping work and use host storage (runtimes.md §1.1).',
      },
      'K-B9': {
        reading: 'capability',
        confidence: 'source',
        evidence: `seeds/002_*.txt (GCC PR113216): "it is assumed that all memory is host accessible"; target.c returns the SHARED_MEM capability.`,
      },
      'K-B10': {
        reading: 'unique',
        confidence: 'hypothesis',
        evidence: `${SEED_003} omp_target_alloc: on the host or a shared-memory device "either NULL or a unique pointer value" for size zero (which of the two depends on malloc(0)); NULL when the allocation is not on the host.`,
      },
      'K-B11': {
        reading: 'graceful',
        confidence: 'doc',
        evidence: `${SEED_003}: is_present returns false for an invalid device; associate_ptr returns EINVAL (target.c resolve_device; -2 is fatal for some routines, not modelled).`,
      },
      'K-B12': {
        reading: 'nonzero',
        confidence: 'source',
        evidence: 'libgomp target.c omp_target_disassociate_ptr requires an entry starting exactly at ptr (runtimes.md §1.1).',
      },
      'K-B17': {
        reading: 'nonzero',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_disassociate_ptr: "In all other cases, nonzero (EINVAL) is returned and no other action is taken".`,
      },
      'K-A17': {
        reading: 'list-order',
        confidence: 'source',
        evidence: `${GACC} goacc_enter_data_internal handles each map group in list order (a standalone attach at its place, gomp_attach_pointer at once); ${G13} gomp_map_vars_internal handles GOMP_MAP_ATTACH in its second loop in list order: an attach before the clause that maps its target aborts "pointer target not mapped for attach".`,
      },
      'K-A18': {
        reading: 'rewrite-or-error',
        confidence: 'source',
        evidence: `${G13} gomp_detach_pointer(finalize): no attach_count for the key → fatal "no attachment counters for struct"; otherwise the slot is forced to 1 and decremented, so the device pointer is rewritten from the host value; ${GACC} goacc_detach_internal: "struct not mapped for acc_detach".`,
      },
      'K-A19': {
        reading: 'no-detach',
        confidence: 'source',
        evidence: `${GACC} goacc_exit_datum_1: at refcount 0 gomp_copy_dev2host copies [h, h+s) and gomp_remove_var drops the key with its attach counters; no member is detached first.`,
      },
      'K-B50': {
        reading: 'earlier',
        confidence: 'source',
        evidence: `${G13} gomp_exit_data: every from / release / delete item calls gomp_decrement_refcount with the construct's refcount_set; the first item to reach the entry zeroes it on delete (do_remove, the removal queued in remove_vars until all items are done), and a from item meeting the same count again finds it zero: "!new_encountered_refcount && is_zero" sets do_copy and the item is copied back. Only an earlier delete counts (a from item before the delete decrements, and the delete then finds the count already seen: it does nothing). Test: llvm offload/test/mapping/map_ordering_tgt_exit_data_delete_from.c (delete, from, delete: CHECK 222).`,
      },
      'K-B51': {
        reading: 'overlapping-entry',
        confidence: 'measured',
        evidence: `${G13} gomp_exit_data: each from / release / delete item is looked up with splay_tree_lookup (not a containing lookup), which answers with a key overlapping [host_start, host_end); that key is decremented (gomp_decrement_refcount) and removed at zero, and a from item's bytes are copied from k->tgt->tgt_start + k->tgt_offset + (host_start - k->host_start), outside the key for an item starting before it. Test: libgomp.c-c++-common/struct-elem-3.c, second half (enter data map(alloc: s.a, s.b), map(alloc: s.a), map(alloc: s.b), three exit data map(release: s): nothing of s present). Measured with GCC 12.2 (nvptx, NVIDIA H200, C and Fortran, mapcheck conform --target device of the scenario, README "Suite-derived rows"): omp_target_is_present(&c%n) is 0 after the third release.`,
      },
      'K-B52': {
        reading: 'partial-map',
        confidence: 'source',
        evidence: `${G13} gomp_map_vars_internal: each item is looked up with gomp_map_lookup (splay_tree_lookup: any overlapping key); a key found goes to gomp_map_vars_existing, which stops with gomp_fatal "Trying to map into device [%p..%p) object when [%p..%p) is already mapped" unless the key contains the item; the present kinds (GOMP_MAP_FORCE_PRESENT, GOMP_MAP_ALWAYS_PRESENT_*) are checked only in the branch where nothing was found ("We already looked up the memory region above and it was missing": "present clause: not present on the device"). So llvm offload/test/mapping/present/target_array_extension.c (target data map(alloc: arr[SMALL]) then target map(present, tofrom: arr[LARGE])) ends on the partial-map abort under libgomp (K-B5 error), not on the present error.`,
      },
      'K-A57': {
        reading: 'immediate',
        confidence: 'source',
        evidence: `gcc/gimplify.cc gimplify_omp_target_update: on an OpenACC exit data with finalize every GOMP_MAP_DETACH becomes GOMP_MAP_FORCE_DETACH ("Use GOMP_MAP_DELETE/GOMP_MAP_FORCE_FROM to denote finalize semantics"; gfortran.dg/goacc/attach-descriptor.f90 dumps force_detach for exit data copyout(...) finalize); ${GACC} goacc_exit_data_internal: "case GOMP_MAP_FORCE_DETACH: finalize = true" before gomp_detach_pointer (acc_dev, aq, n, hostaddr, finalize, NULL), which with finalize sets attach_count[idx] = 1 and decrements it (the device pointer gets the host value back at once). Testsuite: libgomp.oacc-fortran/deep-copy-6.f90 (20 enter data attach(var%a), then exit data copyout(...) finalize) expects the pointer detached. Measured with GCC 12.2 (gfortran, nvptx, NVIDIA H200, 2026-12-03, README "Suite-derived rows"): GOMP_DEBUG=1 shows the finalize exit detaching v%a from attach count 3 at once, and the host print after end data sees the kernel's values.`,
      },
      'K-A40': {
        reading: 'lookup-overlap',
        confidence: 'source',
        evidence: `${GPAR}: with if_present (GOMP_MAP_TO / FROM) a var for which acc_is_present is false is skipped; without it (GOMP_MAP_FORCE_TO / FORCE_FROM) acc_update_device / acc_update_self run; ${GACC} update_dev_host: lookup_host finds any mapping overlapping [h, h+s) and copies s bytes from its device address + (h - host_start), past the mapping.`,
      },
      'K-A42': {
        reading: 'base-address',
        confidence: 'source',
        evidence: `${G13} gomp_attach_pointer / gomp_detach_pointer: gomp_copy_host2dev of sizeof (void *) at the member's device address (the descriptor's base address only); gomp_map_vars_internal re-copies a GOMP_MAP_TO_PSET descriptor that is already mapped only for an always pointer or one that was null (has_null_ptr_assoc, "transparent re-mapping for Fortran array descriptors which were previously mapped unallocated"); ${GACC} goacc_enter_data_internal: a present TO_PSET group only counts.`,
      },
      'K-B41': {
        reading: 'base-address',
        confidence: 'source',
        evidence: `${G13} gomp_map_pointer / GOMP_MAP_ALWAYS_POINTER / gomp_attach_pointer write sizeof (void *); a GOMP_MAP_TO_PSET already mapped is not copied again unless its pointer was null.`,
      },
      'K-A65': {
        reading: 'strictly-inside',
        confidence: 'source',
        evidence: `${GACC} update_dev_host: "n = lookup_host (acc_dev, h, s); if (!n) gomp_fatal ("[%p,%d] is not mapped", h, (int)s)"; with s == 0 lookup_host looks up [h, h), and libgomp.h splay_compare orders it before a key that starts at h (x->host_end <= y->host_start) and after one that ends at h, so only a key that starts before h and ends after it holds it; ${GPAR} GOACC_update calls acc_update_device_async / acc_update_self_async with the item's size (gfortran passes a zero-length section as size 0), and for if_present (GOMP_MAP_TO / GOMP_MAP_FROM) first asks acc_is_present (h, 0), the same lookup. Testsuite: libgomp.oacc-c-c++-common/lib-44.c (acc_update_device (h, 0) after acc_copyin (h, N)) and lib-48.c (acc_update_self (h, 0)) expect "[h,0] is not mapped" and dg-shouldfail; GCC 12.2 gfortran measured: update self(b(2:1)) of absent data stops "[h,0] is not mapped" (gcc-12-nvptx-2026-12-03e, K-A55's evidence).`,
      },
      'K-A66': {
        reading: 'first-byte-or-end',
        confidence: 'measured',
        evidence: `${G13} gomp_map_vars_internal, case GOMP_MAP_USE_DEVICE_PTR: "cur_node.host_start = (uintptr_t) hostaddrs[i]; cur_node.host_end = cur_node.host_start; n = gomp_map_lookup (mem_map, &cur_node)", and gomp_map_lookup of a zero-length key probes [h, h + 1), then [h - 1, h), then [h, h), so the key holding the first byte answers whatever the array's size, and failing it a key that ends at h; the device address is n->tgt->tgt_start + n->tgt_offset + h - n->host_start (one past n's copy for the second probe); host_data reaches it through GOACC_data_start (K-A30), as OpenMP's use_device_ptr does (K-B58). Testsuite: libgomp.oacc-c-c++-common/host_data-6.c (data create (h[0:318 - 44]), host_data use_device (d) with d = h, acc_memcpy_from_device (h, d, 12): runs, dg-do run, asserts the device values in the first 12 bytes). Measured with GCC 12.2 C on an NVIDIA H100, held out (profiles/measured/gcc-12-nvptx-2026-12-06h.md, gen-20270107-026-c; read after the run was recorded): int v1[8], v2[8] 32 bytes apart, v2[4:4] and all of v1 present, host_data use_device(v2) runs (where first-byte predicted K-A30's abort), and acc_memcpy_from_device of 16 bytes from the address it gave then stops ("Copying of dev object [0x…620..0x…630) … failed": 32 bytes into the 512-byte step of the device allocator, one past v1's 32-byte copy).`,
      },
      'K-A73': {
        reading: 'first-element',
        confidence: 'measured',
        evidence: `${G13} gomp_attach_pointer: the target is looked up as s.host_start = target + bias, s.host_end = s.host_start + 1, so only its first byte must be present ("pointer target not mapped for attach" otherwise), and the device pointer gets that key's device address plus the offset. Measured with GCC 12.2 on an NVIDIA H100 (toolchain/probes/acc-attach-first-byte-*, profiles/measured/probes-gcc-12-2026-12-06l.md): enter data attach(c%p) with c%p => a(1:8) and only a(1:4) present runs in C and Fortran, with only a(5:8) present stops; C's copyin(c%p) with a(1:4) present runs (K-A69 found-section, then this attach); held out before: gen-20270114-125-c step 13 (profiles/measured/gcc-12-nvptx-2026-12-06l.md) runs the same copyin.`,
      },
      'K-A74': {
        reading: 'rebound',
        confidence: 'measured',
        evidence: `GCC 12.2 -fopenacc -fdump-tree-omplower (2026-12-06, C int a[8] and Fortran integer, target :: a(8)): in host_data use_device(a) nested in host_data use_device(a) the inner construct's use_device_ptr(a) is given the outer region's replacement of a (".omp_data_arr.8.a = a.6", a.6 being the device address the outer region received), not &a. ${G13} gomp_map_vars_internal, GOMP_MAP_USE_DEVICE_PTR: "n = gomp_map_lookup (mem_map, &cur_node)" over host addresses; a device address is none of them, so "use_device_ptr pointer wasn't mapped" (gomp_fatal), and GOMP_MAP_USE_DEVICE_PTR_IF_PRESENT keeps the address it was given ("If not present, continue using the host address"). Measured with GCC 12.2 on an NVIDIA H100 in C and Fortran: held out, gen-20270114-233 step 10 stops with that message (profiles/measured/gcc-12-nvptx-2026-12-06l.md); then toolchain/probes/acc-host-data-nested-same stops at the inner construct in both languages and acc-host-data-nested-other (use_device(a) inside use_device(b)) runs (profiles/measured/probes-gcc-12-2026-12-06l.md).`,
      },
      'K-A75': {
        reading: 'grouped',
        confidence: 'measured',
        evidence: `${GACC} find_group_last: after a to/from/alloc entry "we can have a single GOMP_MAP_ATTACH mapping" (the group ends there); goacc_enter_data_internal, branch \`n && groupnum > 1\`: lookup_host finds the group's first entry by any overlap, the group's attaches run (gomp_attach_pointer), then the refcounts of the key found and of the entry after it in its own target_mem_desc list are raised, with no bounds check (a group of one goes to goacc_map_var_existing, which checks the end, K-A11). GCC 12.2 -fopenacc -fdump-tree-omplower (2026-12-06): enter data attach(v4.p1) create(v3, v2) is map(alloc:v2 [len: 32]) map(alloc:v3 [len: 16]) map(attach:v4.p1 [bias: 0]) in C (the list last item first, K-A62 reversed), so v3 and the attach are one group; gfortran keeps the order (map(attach:v4.p1) map(alloc:v3 [len: 64]) …). Measured with GCC 12.2 on an NVIDIA H100, held out: gen-20270121-208-c step 9 (profiles/measured/gcc-12-nvptx-2026-12-06q.md) runs that directive with only c's pointer word present (K-A22 member-mapped, K-A24 pointer-word), where the text calls c partly present; gen-20261227-156-c step 5 (gcc-12-nvptx-2026-12-05q.md), attach(d%p) create(c), the same. The same branch asserts \`n->refcount != REFCOUNT_INFINITY && n->refcount != REFCOUNT_LINK\`: gen-20270110-040-fortran step 12 (gcc-12-nvptx-2026-12-06j.md), enter data copyin(a) attach(cs(1)%p) with a, a main program's declare link array (no descriptor), mapped by acc_map_data, stops on it (gfortran: map(to:v1) map(attach:v3[0].p1)). Read after those verdicts were recorded; replayed over every GCC 12.2 batch and probe set, no other verdict changes.`,
      },
      'K-A64': {
        reading: 'struct-group',
        confidence: 'source',
        evidence: `${GACC} goacc_enter_data_internal: a GOMP_MAP_STRUCT group is looked up over [hostaddrs[i], hostaddrs[group_last] + sizes[group_last]) and, when a key is found, every element must have a key of the same target block at the same offset, else gomp_fatal "Trying to map into device [%p..%p) structure element when other mapped elements from the same structure weren't mapped together with it"; ${G13} gomp_map_vars_internal / gomp_map_fields_existing do the same for constructs. GCC 12.2 -fdump-tree-gimple (C and gfortran) of enter data copyin(d%n) copyin(d%q): map(struct:d [len: 2]) map(alloc:d.q …) map(to:d.n [len: 4]) …, whose address is the struct's (the new block is laid out from it: "tgt_size -= hostaddrs[first] - cur_node.host_start"). Testsuite: libgomp.oacc-c-c++-common/struct-3-1-1.c (enter data create(s.a), then enter data create(s.b) stops with that message, dg-output, PR95236). Measured with GCC 12.2 (nvptx, H200), read after the verdicts were recorded: enter data copyin(d%n) copyin(d%q) after copyin(d%p) stops at d%q in C and Fortran (gcc-12-nvptx-2026-12-04k gen-20261215-150), copyin(a, d%n) after copyin(d%arr) copyin(d%p(3:8)) at d%n (gcc-12-nvptx-2026-12-04j gen-20261214-125-c), copyin(c) create(d%q) after copyin(d%p) at d%q (-178-c).`,
      },
      'K-A63': {
        reading: 'pointer-descriptor',
        confidence: 'source',
        evidence: `${GPAR}: a GOMP_MAP_ALWAYS_POINTER item after a FORCE_TO (or a TO found present) sets the pointer's host word to acc_deviceptr (hostaddrs[i-1]) for a moment, acc_update_device (hostaddrs[i], sizeof (void *)) copies it (oacc-mem.c update_dev_host: "[%p,%d] is not mapped" when no key holds the pointer), and restores it; a FORCE_TO of a null address copies nothing (update_dev_host returns) and still arms the always pointer. gfortran 12.2 -fopenacc -fdump-tree-gimple of update device(c%p), update device(c%p(2:3)), update device(e%x) (an allocatable component): map(force_to:MEM <data> [len: n]) map(to:c.p [pointer set, len: 64]) map(always_pointer:c.p.data [pointer assign, bias: …]), so hostaddrs[i-1] is the descriptor and the device descriptor's address word gets the descriptor's own device address; with if_present the data item is GOMP_MAP_TO; a plain pointer array (update device(a)) gets GOMP_MAP_POINTER, which GOACC_update skips. Measured with GCC 12.2 (nvptx, H200): update device(c%p) with c not present stops "libgomp: [h,8] is not mapped" (gcc-12-nvptx-2026-12-04k gen-20261215-097-fortran step 2), and so does update device(d%q) of a null d%q with d not present (gcc-12-nvptx-2026-12-04j gen-20261214-005-fortran step 3); both held-out runs were read after their verdicts were recorded.`,
      },
      'K-A41': {
        reading: 'copy',
        confidence: 'source',
        evidence: `${GACC} update_dev_host: gomp_copy_host2dev / gomp_copy_dev2host of the whole [h, h+s), attach counters not consulted.`,
      },
      'K-B40': {
        reading: 'error',
        confidence: 'source',
        evidence: `${G13} gomp_update: a mapping overlapping [start, end) that does not contain it → gomp_fatal "Trying to update [%p..%p) object when only [%p..%p) is mapped".`,
      },
      'K-B19': {
        reading: 'error',
        confidence: 'source',
        evidence: `${G13} resolve_device: device_id == omp_invalid_device → gomp_fatal "omp_invalid_device encountered" (every device memory routine calls it for non-host numbers).`,
      },
      'K-B20': {
        reading: 'host',
        confidence: 'source',
        evidence: `${G13} omp_target_alloc / free / is_present / memcpy_check: device_num == omp_initial_device is the host.`,
      },
      'K-B21': {
        reading: 'device-first',
        confidence: 'source',
        evidence: `${G13} omp_target_is_present: the host check and resolve_device come before "if (ptr == NULL) return 1"; omp_target_free: resolve_device before the NULL test.`,
      },
      'K-B22': {
        reading: 'allowed',
        confidence: 'source',
        evidence: `${G13}: nothing watches host stores; the attached device pointer keeps its value.`,
      },
      'K-B31': {
        reading: 'device-first',
        confidence: 'measured',
        evidence: `${G12} and ${G13} omp_target_memcpy: omp_target_memcpy_check (the device numbers) runs before omp_target_memcpy_copy. Measured with GCC 12.2 (profiles/measured/gcc-12-nvptx-2026-12-03.md, gen-20261203-288-fortran step 10): omp_target_memcpy(d2, &a+20, 0, 4, 0, 0, -1) returns 22 (EINVAL for the negative source device), not 0.`,
      },
      'K-B23': {
        reading: 'restore',
        confidence: 'source',
        evidence: `${G13} gomp_exit_data: "be careful not to overwrite still attached pointers during the copyback to host" (words with a nonzero attach count are skipped); gomp_unmap_vars_internal detaches before copying back.`,
      },
      'K-B44': {
        reading: 'null',
        confidence: 'source',
        evidence: `${G13} gomp_map_vars_internal: GOMP_MAP_ATTACH_ZERO_LENGTH_ARRAY_SECTION (include/gomp-constants.h: "Like GOMP_MAP_ATTACH, but allow attaching to zero-length array sections (i.e. set to NULL when array section is not mapped) Currently only used by OpenMP") calls gomp_attach_pointer with allow_zero_length_array_sections, which writes data = 0 when the lookup of [target + bias, +1) fails, at the attach count's first (libgomp testsuite target-map-zero-sized*: map(s.p[:n]) with n == 0 "Failed before with 'libgomp: pointer target not mapped for attach'").`,
      },
      'K-B14': {
        reading: 'nonzero',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_associate_ptr: EINVAL "for when the initial device" is given.`,
      },
      'K-B18': {
        reading: 'nonzero',
        confidence: 'doc',
        evidence: `${SEED_003} omp_target_associate_ptr: EINVAL when "the associated device shares memory with the host".`,
      },
      'K-A56': {
        reading: 'dynamic-enter-exit',
        confidence: 'source',
        evidence: `${GPAR} GOACC_declare (GCC 12.2 builds it into oacc-mem.c: a host-fallback run of a C function declaring device_resident stops on "oacc-mem.c:1537: GOACC_declare: Assertion \`0' failed"): per map kind, GOMP_MAP_TO, GOMP_MAP_FROM, GOMP_MAP_FORCE_ALLOC and GOMP_MAP_RELEASE go to GOACC_enter_exit_data one item at a time (enter / exit data: the dynamic counter); GOMP_MAP_ALLOC only "if (!acc_is_present (hostaddrs[i], sizes[i]))"; GOMP_MAP_FORCE_PRESENT: gomp_fatal "[%p,%ld] is not mapped" unless acc_is_present. The kinds, from gcc-12 -fopenacc -fdump-tree-gimple of a C function with declare copy(a) copyin(b) create(c) copyout(d) present(e): at entry map(force_present:e) map(force_alloc:d) map(alloc:c) map(to:b) map(to:a), at the return map(from:d) map(release:c) map(from:a) (gimplify.cc gimplify_oacc_declare_1: GOMP_MAP_TO gets no return clause, ALLOC returns as RELEASE, FROM as FROM after FORCE_ALLOC, TOFROM as TO then FROM).`,
      },
      'K-A55': {
        reading: 'lookup-quiet',
        confidence: 'source',
        evidence: `GCC cp/semantics.cc handle_omp_array_sections sets OMP_CLAUSE_MAP_MAYBE_ZERO_LENGTH_ARRAY_SECTION for the alloc/to/from/tofrom/force_* (force_present included) maps of ort == C_ORT_OMP or C_ORT_ACC; omp-low turns a zero length into GOMP_MAP_ZERO_LEN_ARRAY_SECTION; ${G13} gomp_map_vars_internal: "n = gomp_map_0len_lookup (mem_map, &cur_node); if (!n) { tgt->list[i].key = NULL; tgt->list[i].offset = OFFSET_POINTER; continue; }", gomp_map_0len_lookup probes [p, p + 1) only; found, it goes through gomp_map_vars_existing (the count moves).`,
      },
      'K-A50': {
        reading: 'section',
        confidence: 'source',
        evidence: `${G13} gomp_attach_pointer(…, attach_to, bias, …): s.host_start = target + bias, s.host_end = s.host_start + 1, splay_tree_lookup of that byte ("pointer target not mapped for attach" when absent), data = tn->tgt->tgt_start + tn->tgt_offset + target - tn->host_start: the device address of the host pointer's value, counted back from the section's copy; GCC passes the section offset as the bias of GOMP_MAP_ATTACH.`,
      },
      'K-A21': {
        reading: 'first-attach',
        confidence: 'source',
        evidence: `${G12} and ${G13} gomp_attach_pointer: attach_count[idx]++ first; the null check ("attempt to attach null pointer") and the target lookup ("pointer target not mapped for attach") run only inside if (attach_count[idx] == 1).`,
      },
      'K-A22': {
        reading: 'member-mapped',
        confidence: 'measured',
        evidence:
          'GCC 12.2 nvptx (profiles/measured/gcc-12-nvptx-2026-12-03.md): enter data copyin(c%p) with c not present runs (41 units, Fortran and C), a later copyin(c) then aborts "[h,+16] not mapped" (C) or "Trying to map into device" (Fortran), and exit data delete(c%p) with nothing mapped aborts "struct not mapped for detach operation". Lowering (runtimes.md §1.1, gcc-12 dump): map(struct:c) map(alloc:c.p) map(to:*c.p) map(attach:c.p) on entry, map(release:c.p) map(from:*c.p) map(detach:c.p) on exit; oacc-mem.c goacc_enter_data_internal maps an absent struct group with gomp_map_vars, goacc_exit_data_internal detaches every detach entry first ("struct not mapped for detach operation" when absent). present(c%p) and no_create(c%p) get the same struct group (GCC 12.2 -fdump-tree-omplower, C and Fortran, 2026-12-06: map(struct:c) map(alloc:c.p) map(force_present:*c.p) or map(no_alloc:*c.p), map(attach:c.p)): measured with GCC 12.2 on an H100, data copy(b) no_create(d%p) and parallel no_create(d%p) with d never mapped run (gcc-12-nvptx-2026-12-06m.md gen-20270117-165-fortran, gcc-12-nvptx-2026-12-06n.md gen-20270118-161-c, gcc-12-nvptx-2026-12-04l.md gen-20261216-206-fortran), where the attach would find no struct otherwise.',
      },
    },
  },
  {
    name: 'llvm-offload',
    description: 'LLVM offload / libomptarget (OpenMP path, 2025-26 sources).',
    extends: 'spec',
    knobs: {
      'K-B71': {
        reading: 'found-entry',
        confidence: 'measured',
        evidence:
          'offload/libomptarget/OpenMP/Mapping.cpp MappingInfoTy::lookupMapping (upper_bound of the host start, then the entry before it: IsContained or ExtendsAfter; else the entry after it when it starts before the end: ExtendsBefore) returns one entry, and getTargetPointer reuses it for an implicit map that extends it (the "explicit extension not allowed" message is for explicit maps only), the variable translated by its host offset from that entry. Measured with clang 19.1.7 and libomptarget 19.1.7 on its x86_64 host plugin (the mapping code is the plugin-independent libomptarget): enter data map(to: cs(2)), enter data map(to: cs(1)%p) (the pointer word, K-B47 member-word), then a target construct with no map reading the pointer cs(2)%p prints a value that is no host address, where each-entry predicts a\'s address: profiles/measured/llvm-19-x86_64-host-2026-12-06c.md gen-20270115-410-c step 3, -06d.md gen-20270116-413-c step 5, -06f.md gen-20270125-316-c step 3 (all three recorded as misses before this reading existed).',
      },
      'K-C1': {
        reading: 'lifo',
        confidence: 'source',
        evidence:
          'libomptarget runs on the host C library: on Linux glibc malloc hands the chunk freed last of the size asked back first (malloc.c tcache_get), and no libomptarget entry point hears of a host free (OpenMP/Mapping.cpp keeps the HostDataToTargetMap entry of the freed range until its count reaches zero), so a later map of the new allocation finds it. No clang 16 run of the measured batches tells the readings apart.',
      },
      'K-B66': {
        reading: 'self-present',
        confidence: 'source',
        evidence:
          'offload/libomptarget/OpenMP/Mapping.cpp MappingInfoTy::getTargetPointer: after the contained and the explicit-extension cases, the branch for OMP_REQ_UNIFIED_SHARED_MEMORY without the close modifier ("Return HstPtrBegin … for unified shared memory", a self entry emplaced) comes before the HasPresentModifier branch ("device mapping required by \'present\' map type modifier does not exist"); offload/test/mapping/present/unified_shared_memory.c: under requires unified_shared_memory, target map(present, alloc: i) of an unmapped i runs ("The runtime considers unified shared memory to be always present", CHECK-NOT: omptarget).',
      },
      'K-B65': {
        reading: 'motion-only',
        confidence: 'doc',
        evidence:
          'offload/test/mapping/mapper_target_update_present_ptee.c (-fopenmp-version=60, OUT_OF_BOUNDS): target update to(present: s) through a mapper of s.y and s.p[0:20] fails "device mapping required by \'present\' motion modifier does not exist" for the pointee (CHECK-60-OOB); mapper_map_mbr_then_present_mbr_ptee.c: target enter data map(present, alloc: s1) through a mapper of s.x and s.p[0:10] with only s1.x mapped completes at 5.2 and 6.0 ("FIXME: PRESENT is not propagated to the pointee yet", CHECK-60: done), mapper_enter_data_always_present_ptee.c says the same of map(always, present, to: s), and mapper_map_ptee_then_present_absent_mbr.c completes the same map with only the pointee mapped ("The mapper emits the s.x member component WITHOUT the PRESENT bit", CHECK: present check passed).',
      },
      'K-B63': {
        reading: 'base-pointers',
        confidence: 'source',
        evidence:
          'clang with the ATTACH map type (llvm/llvm-project#153683 and the implicit maps of attach-pointer expressions split from it, #161294): on a target construct whose struct s is referenced and named only as the base pointer of explicit items (map(s.p[0:10])), clang maps s.p, not the whole struct, citing 6.0 §7.9.6 ("only those parts of the original storage"). offload/test/mapping/pr38704.c: target map(s.ptr1[0:1], s.ptr2[0:2]) of an unmapped s, the kernel writes through both pointers, "CHECK: s.ptr1[0] = 1", "s.ptr2[0] = 2", "s.ptr2[1] = 3".',
      },
      'K-B1': { reading: 'false', confidence: 'source', evidence: 'offload/libomptarget/OpenMP/API.cpp omp_target_is_present: NULL → false.' },
      'K-B43': {
        reading: 'available',
        confidence: 'source',
        evidence:
          'offload/libomptarget/omptarget.cpp targetDataMapper: "Call the user-defined mapper function followed by the appropriate targetData* function": the compiler-generated mapper fills MapperComponents (base, begin, size, type per component, the map types already combined), and targetDataBegin / targetDataEnd / targetDataUpdate map each component as an ordinary map item.',
      },
      'K-B31': {
        reading: 'zero-first',
        confidence: 'source',
        evidence: `${LAPI} omp_target_memcpy: "if (!Dst || !Src || Length <= 0) { if (Length == 0) … return OFFLOAD_SUCCESS; }" before the deviceIsReady checks of SrcDevice and DstDevice.`,
      },
      'K-B41': {
        reading: 'descriptor',
        confidence: 'source',
        evidence: `${LOMP} performPointerAttachment: the device address goes into the first 8 bytes and, for a pointer larger than void * (a Fortran descriptor), "copy remaining descriptor fields from the host descriptor" (bounds, offset) in one submitData.`,
      },
      'K-B40': {
        reading: 'skip',
        confidence: 'source',
        evidence: `${LOMP}: getTgtPtrBegin(..., MustContain=true) finds no mapping for partly mapped data: "not found, becomes a noop", an error only with OMP_TGT_MAPTYPE_PRESENT.`,
      },
      'K-B58': {
        reading: 'first-byte',
        confidence: 'source',
        evidence:
          'offload/libomptarget/OpenMP/Mapping.cpp lookupMapping (commit 0966951): a use_device item is looked up with Size == 0 (clang emits OMP_MAP_RETURN_PARAM with size 0, CGOpenMPRuntime.cpp), "IsContained = HP < HstPtrEnd" for the entry starting at or before HP; the next entry also matches when "HP >= HstPtrBase" (the extended address range, D123093, LLVM 15), which mapcheck does not model yet (README: array_section_use_device_ptr.c).',
      },
      'K-B30': {
        reading: 'host-address',
        confidence: 'source',
        evidence:
          'offload/libomptarget/omptarget.cpp targetDataBegin, OMP_TGT_MAPTYPE_RETURN_PARAM: since PR #174659 (merged 2026-01) a failed lookup returns the original host address ("Preserve the original address when use_device_ptr/addr lookup fails", per OpenMP 5.1); before it TgtPtrBegin − Delta, i.e. null.',
      },
      'K-B2': { reading: 'table', confidence: 'source', evidence: 'API.cpp: is_present / get_mapped_ptr look up the mapping table only.' },
      'K-B3': {
        reading: 'exact-start',
        confidence: 'source',
        evidence: 'Mapping.cpp associatePtr: find(HstPtrBegin) exact key; other overlaps get a second entry (runtimes.md §1.2).',
      },
      'K-B4': { reading: 'refuse', confidence: 'source', evidence: 'Mapping.cpp disassociatePtr: FAIL unless the dynamic count is infinite.' },
      'K-B27': {
        reading: 'remove',
        confidence: 'source',
        evidence: 'PluginManager.cpp loadImagesOntoDevice enters every declare target global with IsRefCountINF; Mapping.cpp disassociatePtr erases any entry whose dynamic count is infinite (isDynRefCountInf) and returns success.',
      },
      'K-B5': { reading: 'error', confidence: 'source', evidence: 'Mapping.cpp getTargetPointer: "explicit extension not allowed", the construct fails.' },
      'K-B6': { reading: 'error', confidence: 'source', evidence: 'omptarget.cpp: the present modifier is checked at the target exit data point.' },
      'K-B7': { reading: '6.0', confidence: 'source', evidence: 'omptarget.cpp processAttachEntries (PR #149036): attach only if pointer or pointee is new.' },
      'K-B45': {
        reading: 'attach-only',
        confidence: 'source',
        evidence:
          'clang PR #153683 ("[OpenMP][Clang] Use ATTACH map-type for list-items with base-pointers", 2025): map(p[1:10]) of an int *p emits the pointee and an ATTACH entry (&p, &p[1], sizeof(p)); the PTR_AND_OBJ form it replaced "also maps the pointer p". omptarget.cpp processAttachEntries attaches only a pointer that is present. PR #145454 captures a p named in a map clause by reference on target, so map(p, p[0]) gives the kernel the attached corresponding pointer (clang 16 to 18 read pointer-word, profiles/llvm-16.json).',
      },
      'K-B44': {
        reading: 'keep',
        confidence: 'source',
        evidence: `${LOMP} processAttachEntries: the pointee of an ATTACH entry is looked up with getTgtPtrBegin(HstPteeBegin, 0, …, MustContain=true); not present → "Skipping ATTACH entry … pointee not present on device", the corresponding pointer keeps its value (before PR #149036 / #153683 a PTR_AND_OBJ entry with no target pointer attached TgtPtrBegin − Delta, null, with the message "a NULL pointer will be passed to the device").`,
      },
      'K-B8': {
        reading: 'self-unless-close',
        confidence: 'source',
        evidence: 'Mapping.cpp / device.cpp getTargetPointer: under OMP_REQ_UNIFIED_SHARED_MEMORY and !HasCloseModifier the host pointer is used (IsHostPtr); with close a device copy is allocated ("the close map modifier forces the mapping of the variable to the device").',
      },
      'K-B9': { reading: 'unified-only', confidence: 'source', evidence: 'API.cpp omp_target_is_accessible (PR #138294): NULL → false; otherwise supportsUnifiedMemory().' },
      'K-B11': {
        reading: 'fatal',
        confidence: 'source',
        evidence: 'API.cpp: FATAL_MESSAGE for out-of-range and negative device numbers; exception not modelled: omp_get_mapped_ptr returns NULL for numbers ≥ the device count.',
      },
      'K-B12': { reading: 'nonzero', confidence: 'source', evidence: 'Mapping.cpp disassociatePtr: exact-begin find.' },
      'K-B14': {
        reading: 'nonzero',
        confidence: 'source',
        evidence: 'API.cpp: associate/disassociate on the initial device FAIL ("no association possible on the host").',
      },
      'K-B18': {
        reading: 'as-discrete',
        confidence: 'source',
        evidence: 'API.cpp / Mapping.cpp: a device with unified memory takes the normal associate/disassociate path (runtimes.md §1.2, B.9.5).',
      },
      'K-B15': { reading: 'nonzero', confidence: 'source', evidence: 'API.cpp omp_target_associate_ptr: NULL pointers and size 0 FAIL.' },
      'K-B17': { reading: 'nonzero', confidence: 'source', evidence: 'Mapping.cpp disassociatePtr: no entry at ptr → FAIL.' },
      'K-B19': {
        reading: 'error',
        confidence: 'source',
        evidence: `${LAPI}: PM->getDevice(-2) fails → FATAL_MESSAGE in every routine (omp_get_mapped_ptr: negative numbers other than the host are fatal too).`,
      },
      'K-B20': {
        reading: 'host',
        confidence: 'doc',
        evidence: 'offload/libomptarget/private.h isInitialDevice (DeviceNum == omp_get_initial_device() || == omp_initial_device), added by PR #205290 (runtimes.md §1.2); LLVM 22 predates it (profile llvm-22).',
      },
      'K-B21': {
        reading: 'null-first',
        confidence: 'source',
        evidence: `${LAPI} omp_target_is_present / omp_target_is_accessible: "if (!Ptr) … return false" before the device is looked up.`,
      },
      'K-B22': { reading: 'allowed', confidence: 'source', evidence: 'omptarget.cpp: host stores are not watched; the shadow pointer keeps the value seen at attachment.' },
      'K-B51': {
        reading: 'skip',
        confidence: 'source',
        evidence: `llvm/llvm-project offload/libomptarget/omptarget.cpp (2025-26) targetDataEnd: an exit item is looked up with getTgtPtrBegin(HstPtrBegin, DataSize, …, MustContain = !IsImplicit, …) (OpenMP/Mapping.cpp): an explicit item only partly inside an entry is "not present" and ignored ("Mapping does not exist (ignored)").`,
      },
      'K-B52': {
        reading: 'present-error',
        confidence: 'doc',
        evidence:
          'llvm/llvm-project offload/test/mapping/present/target_array_extension.c: target data map(alloc: arr[SMALL]) { target map(present, tofrom: arr[LARGE]) }: "CHECK: omptarget message: explicit extension not allowed …", then "device mapping required by \'present\' map type modifier does not exist …", "Call to getTargetPointer returned null pointer (\'present\' map type modifier)" (OpenMP/Mapping.cpp getTargetPointer prints both and fails as the present modifier\'s error).',
      },
      'K-B50': {
        reading: 'block',
        confidence: 'doc',
        evidence:
          'llvm/llvm-project offload/test/mapping/map_ordering_tgt_exit_data_delete_from.c (target exit data map(delete: x) map(from: x) map(delete: x) with count 2: "CHECK: 222"), map_ordering_tgt_exit_data_delete_from_assumedsize.c and _from_delete_assumedsize.c (either order: "Found skipped FROM entry … within region being released", "falls within a range previously marked for deletion", then the copy): omptarget.cpp targetDataEnd copies a from item whose entry this construct releases, whatever the items\' order.',
      },

      'K-B23': {
        reading: 'restore',
        confidence: 'source',
        evidence: 'omptarget.cpp targetDataEnd / postProcessingTargetDataEnd: "restore the original host pointer values from their shadow copies" after copying a struct back.',
      },
    },
  },
  {
    name: 'gcc-12',
    description: 'GCC 12.2 libgomp as Debian bookworm ships it (nvptx offload): no omp_get_mapped_ptr, omp_target_is_accessible, omp_initial_device or present modifier.',
    extends: 'libgomp',
    knobs: {
      'K-A69': {
        reading: 'data-alone',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenacc -fdump-tree-omplower (2026-12-06): enter data copyin(v4%p1) of a pointer component is map(struct:v4 [len: 1]) map(alloc:v4.p1.data [len: 64]) map(to:MEM <integer(kind=4)[0:]> … [len: _7]) map(to:v4.p1 [pointer set, len: 64]) map(attach:v4.p1.data [bias: 0]); oacc-mem.c find_group_last makes the MEM item a group of one (the next kind is GOMP_MAP_TO_PSET), which goacc_enter_data_internal hands to goacc_map_var_existing when a key overlaps it: only its end is checked (K-A11 extends-before). Measured with GCC 12.2 on an NVIDIA H100, held out: gen-20270121-208-fortran step 8 (profiles/measured/gcc-12-nvptx-2026-12-06q.md), enter data copyin(d%p) with d%p => b, only b(5:8) present and d%p attached, runs where the text calls the data partly present. GCC\'s C front end groups the data with its attach (K-A69 found-section, profiles/gcc-12-c.json), which read for gfortran stops five Fortran runs measured to run (04j -143, 06h -198, 06l -125, 06o -046, probes-06l acc-copyin-member-first-byte).',
      },
      'K-B47': {
        reading: 'descriptor',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenmp -fdump-tree-omplower (2026-12-06): target enter data map(to: c%p(2:3)) of a derived type with an integer, pointer :: p(:) component is map(struct:c [len: 1]) map(to:c.p [len: 64]) map(to:MEM <integer(kind=4)[0:]> …) map(always_pointer:c.p.data [pointer assign, bias: …]); map(to: c%arr(2:3), c%p(2:3)) puts c.p and c.arr[…] in one group (map(struct:c [len: 2])); target data map(tofrom: c%p(2:3)) the same; GCC\'s C front end maps c.p[1:2] with map(attach: c.p) and no struct group. libgomp 12 target.c GOMP_target_enter_exit_data maps a GOMP_MAP_STRUCT group on its own (gomp_map_vars of sizes[i] + 1 entries), so the descriptor gets a key (or, inside a mapped c, counts c\'s key: gomp_map_fields_existing). Measured with GCC 12.2 on an NVIDIA H100 (toolchain/probes/omp-descriptor-*, profiles/measured/probes-gcc-12-2026-12-06n.md): after enter data map(to: c%p) omp_target_is_present(&c) answers 1 in Fortran and 0 in C, and a target map(from: c%p) then runs (no "always pointer not mapped", K-B42); enter data map(to: c), map(to: c%p(2:3)), exit data map(release: c) leaves c present in Fortran only; target data map(tofrom: c%p(2:3)) has c present inside the region and absent after it; map(to: c) after map(to: c%p(2:3)) stops ("Trying to map into device [c, c + 88) object when [c, c + 64) is already mapped"). With K-B70 struct-group it predicts the three runs the group stopped for the descriptor (probes-gcc-12-2026-12-06m.md omp-struct-group-member-after-pointer-fortran and -pointer-member-fortran, gcc-12-nvptx-2026-12-06l.md gen-20270114-139-fortran), and no other GCC 12.2 verdict changes. profiles/gcc-12-c.json reads pointee-only.',
      },
      'K-C1': {
        reading: 'lifo',
        confidence: 'measured',
        evidence:
          'Measured with GCC 12.2 and glibc 2.36 (Debian bookworm) on NVIDIA H200 and H100 GPUs: six C runs of six held-out batches allocate e%x(4), map it (target enter data map(to: e%x)), free it, allocate it again with other values and map e and e%x, then read e%x in a kernel: all six read the first allocation\'s values (3 3 3 3 where 4 4 4 4 was predicted under `fresh`): gen-20261214-046-c step 14 (profiles/measured/gcc-12-nvptx-2026-12-04j.md), gen-20261216-138-c (-04l), gen-20270101-218-c (-06c), gen-20270103-175-c (-06d), gen-20270105-070-c (-06e), gen-20270110-050-c (-06j). malloc(16) after free gives the freed chunk back (glibc malloc.c tcache_put / tcache_get, last in first out per chunk size), and libgomp is never told of the free, so the splay-tree key of the old storage is found: the map counts it and copies nothing. Read after those batches\' verdicts; replayed over every gcc-12 batch it changes no other verdict.',
      },
      'K-A71': {
        reading: 'column-span',
        confidence: 'measured',
        evidence:
          'Measured with GCC 12.2 on an NVIDIA H100: gen-20270105-019-fortran (profiles/measured/gcc-12-nvptx-2026-12-06e.md, held out) step 6, exit data delete(r(2:2,2:2)) of r(2,4) after acc_create of that one element (4 bytes through its C binding), aborts "[h,+8] outside mapped block [h,+4]" (oacc-mem.c goacc_exit_datum_1): the directive names 8 bytes, one column of r from r(2,2). gfortran 12.2 -fdump-tree-gimple gives every directive form of that section [len: 8] (the libgomp profile\'s evidence: gfc_full_array_size).',
      },
      'K-A70': {
        reading: 'whole-array',
        confidence: 'measured',
        evidence:
          'Measured with GCC 12.2 on an NVIDIA H100, C and Fortran alike: gen-20270103-021 (profiles/measured/gcc-12-nvptx-2026-12-06d.md, held out) step 11, parallel create(cs(2)%p) reading cs(2)%p with cs(2) present, aborts "Trying to map into device [h..h+32) object when [h+16..h+32) is already mapped" where h is the array\'s first byte (Fortran: 128 bytes, two 64-byte descriptors); the probes toolchain/probes/acc-element-member-* (profiles/measured/probes-gcc-12-2026-12-06c.md and -06d.md, the latter built with conform --through-undefined): with cs(2) present the same abort, with cs(1) present the whole array against cs(1), with nothing present gfortran maps the member then the whole array against it (C stops earlier, at the attach: "outer struct not mapped for attach"), with the whole array present the kernel reads the data. Both front ends then map the array as a variable no clause names: the clause\'s struct base is an array element, not a declaration.',
      },
      'K-A68': {
        reading: 'address-only',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenacc -fdump-tree-omplower of enter data copyin(v3%p1) lowers to map(struct:v3) map(alloc:v3.p1.data [len: 64]) map(to:MEM <data>) map(to:v3.p1 [pointer set, len: 64]) map(attach:v3.p1.data): the descriptor\'s block is allocated, the pointer set finds it present and copies nothing, and the attach writes the address word (target.c gomp_attach_pointer, sizeof (void *)). Measured with GCC 12.2 on an NVIDIA H100 (profiles/measured/probes-gcc-12-2026-12-06b.md, toolchain/probes/acc-member-alone-read; profiles/measured/gfortran-member-descriptor-2026-12-06.md): after copyin(c%p) with c absent, a kernel present(c) reading c%p over 10, 20, …, 80 reads 10 at every element, also after a copyin(c) that finds the struct\'s bytes present; with c mapped first it reads the data (acc-member-struct-first-read). The same with the member mapped alone by a data construct, and by the compute construct that reads through it (parallel loop copyin(v3%p1) reading v3%p1(i): 10 at every element; pc1, pc2 of the report). The 11 Fortran units gcc-12 mispredicted in gcc-12-nvptx-2026-12-06 (a held-out batch, this reading taken from it after its verdicts were recorded) are this case. Copying such a descriptor back to the host is not measured (not modelled).',
      },
      'K-B7': {
        reading: 'always',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 lowers a pointer component named on a target or target data construct with GOMP_MAP_ALWAYS_POINTER after its data (-fdump-tree-gimple: map(always_pointer:c.p1.data [pointer assign, bias: …])), and GCC 12 target.c gomp_map_vars_internal, case GOMP_MAP_ALWAYS_POINTER, looks the pointer\'s key up ("always pointer not mapped" when absent) and copies the data\'s device address, less the bias, into it on every map, new storage or not. Measured with GCC 12.2 on an NVIDIA H200: a kernel reads a device address in c%p after target map(to: c%p) with c and a already present (profiles/measured/gcc-12-nvptx-2026-12-03d.md and -03f.md, omp-attach-both-present-fortran step 3), after target map(tofrom: c%p(2:3)) with c entered and a a declare target variable (gcc-12-nvptx-2026-12-05o.md gen-20261221-095-fortran step 3, a held-out batch, this reading taken from it after its verdict was recorded), and in gen-20261213-040-fortran step 4 (-04i). A disassociated pointer\'s data item has no host address (OFFSET_INLINED), so gomp_map_val gives 0 and the corresponding pointer is written null: libgomp.fortran/map-alloc-ptr-1.f90 (PR fortran/96668, in the testsuite since GCC 11) nullifies pointers inside a target data region that mapped them and expects the next kernels to see them disassociated. The C front end attaches with GOMP_MAP_ATTACH and counts (profiles/gcc-12-c.json counted); target enter data is K-B60\'s.',
      },
      'K-B61': {
        reading: 'default-device',
        confidence: 'measured',
        evidence:
          'GCC 12.2 defines no omp_initial_device (omp.h, omp_lib), and the -1 a program passes for it is GOMP_DEVICE_ICV (include/gomp-constants.h), which GCC also passes when a construct has no device clause (-fdump-tree-ompexp: __builtin_GOMP_target_ext (-1, …)); libgomp 12 target.c resolve_device: "if (device_id == GOMP_DEVICE_ICV) … device_id = icv->default_device_var", device 0. Measured on an NVIDIA H200: gen-20261217-188 (profiles/measured/gcc-12-nvptx-2026-12-04m.md, C and Fortran, a held-out batch this reading was taken from after its verdict was recorded): target map(always, to: cs(1)) map(from: a(5:8)) device(-1) copies device memory nobody wrote into a(5:8), which a later print shows (1 1 1 1 then 0s, or garbage in Fortran) where the host would leave a alone. (libgomp since GCC 13 defines omp_initial_device and tells a device clause\'s -1 from the ICV.)',
      },
      'K-B60': {
        reading: 'garbage',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenmp -fdump-tree-gimple of target enter data map(to: v3(1)%p1): map(to:v3[0].p1 [len: 64]) map(to:MEM <integer(kind=4)[0:]> [len: n]) map(always_pointer:v3[0].p1.data [pointer assign, bias: 0]); libgomp 12 GOMP_target_enter_exit_data calls gomp_map_vars on the always-pointer item alone (it is no GOMP_MAP_TO_PSET group and no attach pair), and gomp_map_vars_internal case GOMP_MAP_ALWAYS_POINTER takes gomp_map_val (tgt, hostaddrs, i - 1) with i = 0 (gcc-mirror/gcc libgomp/target.c, GCC 12 code; later code tests `i > 0` first). Measured on an NVIDIA H200 (session 13, probes e1 … e7 with their sources and output in profiles/measured/probes-gcc-12-2026-12-04b.md): after target enter data map(to: v3) and map(to: v3%p1), or map(to: v3, v3%p1) at once, a kernel computing c_loc(v3%p1(lbound)) gets 1 and its element read faults ("misaligned address"), with or without a remap of the bounds; measured runs that print c_loc(c%p) after such an enter data show "ptr 1", or "ptr -7" for a section c%p(3:…) (bias 8): gen-20261212-010-fortran step 7 (-04h), gen-20261213-131-fortran step 14 (-04i), gen-20261216-175-fortran step 6 and -193-fortran step 5 (-04l); kernels reading through it fault: gen-20261214-044-fortran, -214-fortran (-04j), gen-20261215-028-fortran, -137-fortran (-04k), gen-20261216-017-fortran, -138-fortran (-04l). A target construct that maps c%p itself writes the pointer right (its always pointer follows the data in one gomp_map_vars call): gen-20261212-123-fortran step 3 reads the target. profiles/gcc-12-c.json reads `attach` (C lowers a member section with GOMP_MAP_ATTACH).',
      },
      'K-A72': {
        reading: 'descriptor',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenacc -fdump-tree-omplower of enter data copyin(v1), create(v1) and copyin(v1(2:6)), v1 an `integer, pointer, contiguous :: v1(:)`: map(to: MEM <v1 data> [len]) map(to: v1 [pointer set, len: 64]) map(alloc: v1.data [pointer assign, bias: offset]). libgomp oacc-mem.c goacc_enter_data_internal handles the data item as its own group (found present: goacc_map_var_existing, which checks only the end, K-A11 extends-before) and the descriptor with its pointer as a second group: a descriptor already in the table gets its counts raised, else gomp_map_vars maps it and gomp_map_pointer looks the data pointer plus bias up (gomp_map_lookup: [p, p + 1), then [p - 1, p)) and stops with "Pointer target of array section wasn\'t mapped" when nothing holds it. goacc_exit_data_internal gives the descriptor\'s counts back for every exit data naming the array (GOMP_MAP_TO_PSET and GOMP_MAP_POINTER entries), whether or not its data is present. Measured with GCC 12.2 on an NVIDIA H100: held out, gen-20270109-229-fortran step 1 (profiles/measured/gcc-12-nvptx-2026-12-06i.md: enter data copyin(c%p(5:8), a), c%p => a, stops; the C unit runs); then four probes (toolchain/probes/acc-extends-before-descriptor-*, profiles/measured/probes-gcc-12-2026-12-06i.md): after acc_copyin(a(5:8)) enter data copyin(a) stops, after enter data copyin(a(7:8)) it runs, after enter data copyin(a(7:8)) and exit data delete(a(1:2)) of absent data it stops, inside data present(a(7:8)) it runs; C runs all four. profiles/gcc-12-c.json reads data-only (C arrays have no descriptor).',
      },
      'K-A61': {
        reading: 'abort',
        confidence: 'measured',
        evidence:
          'gfortran 12.2 -fopenacc -fdump-tree-gimple of no_create(v1) and no_create(v1(2:5)) on a data or parallel construct, v1 an `integer, pointer, contiguous :: v1(:)` (as cli/emit/fortran.ts declares every array no declare names): map(no_alloc: *v1.data) map(to: v1 [pointer set]) map(alloc: v1.data [pointer assign]), i.e. GOMP_MAP_IF_PRESENT, GOMP_MAP_TO_PSET, GOMP_MAP_POINTER. libgomp target.c gomp_map_vars_internal skips absent GOMP_MAP_IF_PRESENT data and the entry after it only when that is a GOMP_MAP_POINTER ("Not present, hence, skip entry - including its MAP_POINTER"), so the descriptor is mapped and gomp_map_pointer stops with "Pointer target of array section wasn\'t mapped". Measured on an NVIDIA H200: gen-20261212-019-fortran step 2 (profiles/measured/gcc-12-nvptx-2026-12-04h.md) and gen-20261205-068-fortran step 7 (gcc-12-nvptx-2026-12-03c.md); profiles/gcc-12-c.json reads `nothing` (C arrays are plain arrays: map(no_alloc: a) alone).',
      },
      'K-A56': {
        reading: 'structured-region',
        confidence: 'source',
        evidence:
          'gfortran 12.2 -fopenacc -fdump-tree-gimple of a contained subroutine whose specification part declares copy(x), copyin(y) create(z) present(w), copyout(y) of its dummy arguments: "#pragma omp target oacc_data map(tofrom:*x) …" around the body, lowered to __builtin_GOACC_data_start at entry and __builtin_GOACC_data_end at the return (the structured counter), not GOACC_declare. GCC 12\'s C front end refuses a function\'s declare of a variable declared elsewhere ("must be a variable declared in the same scope as #pragma acc declare", c_parser_oacc_declare), so a procedure declaring its caller\'s arrays is written in C as the data construct the text says it is (cli/emit/c.ts), which GCC lowers the same way. The libgomp profile\'s GOACC_declare path is reached only by a C function\'s declare of its own local variables.',
      },
      'K-B1': {
        reading: 'true',
        confidence: 'source',
        evidence: `${G12} omp_target_is_present: "if (ptr == NULL) return 1" before anything else.`,
      },
      'K-B63': {
        reading: 'named',
        confidence: 'measured',
        evidence:
          'GCC 12.2 (profiles/measured/gcc-12-nvptx-2026-12-03b.md, K-B42\'s probes): gfortran\'s target map(to: c%p) with c not mapped aborts "libgomp: always pointer not mapped", so on a target construct the component\'s descriptor has no storage when its always pointer is looked up, although -fdump-tree-gimple of gfortran 12.2 lists map(struct:c [len: 1]) map(to:c.p [len: 64]) before it (5 December 2026): the words libgomp (13+) gives c (K-B63 base-pointers) are not there in 12, and K-B42 abort decides. (GCC 12\'s C front end maps the whole struct: profiles/gcc-12-c.json, K-B63 implicit.)',
      },
      'K-B42': {
        reading: 'abort',
        confidence: 'measured',
        evidence: `GCC 12.2 (profiles/measured/gcc-12-nvptx-2026-12-03b.md): gfortran's target map(to: c%p) and target data map(from: c%p) with c not mapped abort "libgomp: always pointer not mapped" (probes omp-map-member-struct-absent, -after-struct-unmapped, -null: a null pointer too); ${G12} gomp_map_vars_internal case GOMP_MAP_ALWAYS_POINTER: no key holding the pointer is fatal. The C forms run (profiles/gcc-12-c.json reads pointee-only), so does enter data, and so does an item with the always modifier (gen-20261203-164-fortran, profiles/measured/gcc-12-nvptx-2026-12-03.md). Refined in session 10: gfortran 12.2 -fdump-tree-gimple of target data map(alloc | to | tofrom: c%p) puts map(struct:c) map(…:c.p [len: 64]) before map(always_pointer:c.p.data), so the descriptor is mapped when the always pointer comes and the construct runs (measured: gen-20261212-209-fortran step 7, target data map(alloc: c%p), profiles/measured/gcc-12-nvptx-2026-12-04h.md); map(from: c%p) lists the always pointer before the struct (the probes above abort), and target map(…: c%p) has no struct map at all.`,
      },
      'K-B56': {
        reading: 'host-fallback',
        confidence: 'measured',
        evidence:
          'GCC 12.2 defines neither omp_initial_device nor omp_invalid_device (omp.h, omp_lib); the -2 a program passes for the latter is GOMP_DEVICE_HOST_FALLBACK (include/gomp-constants.h), which GOMP_target_update_ext and the other construct entry points take for the host. Measured on an NVIDIA H200: target update from(c%p) device(-2) runs as on the host, C and Fortran (profiles/measured/gcc-12-nvptx-2026-12-04i.md gen-20261213-068 step 5, a held-out batch this reading was taken from after its verdict was recorded).',
      },
      'K-A59': {
        reading: 'attach',
        confidence: 'measured',
        evidence:
          'GCC 12.2 -fopenacc -fdump-tree-gimple (2026-12-04): parallel no_create(c.p[0:4]) is lowered to map(struct:c) map(alloc:c.p) map(no_alloc:*c.p) map(attach:c.p), gfortran\'s no_create(c%p(1:4)) to map(struct:c) map(alloc:c.p.data) map(no_alloc:…) map(to:c.p [pointer set]) map(attach:c.p.data): the attach follows whatever no_alloc found (gomp_attach_pointer counts an attached pointer once more without a lookup, and stops on an unattached one whose target is absent). Measured on an NVIDIA H200 with the target absent: "libgomp: pointer target not mapped for attach" (gen-20261205-061-c step 6, profiles/measured/gcc-12-nvptx-2026-12-03c.md; gen-20261212-022-fortran step 1, gcc-12-nvptx-2026-12-04h.md, a held-out batch this reading was taken from after its verdict was recorded), and "outer struct not mapped for attach" where C\'s array-of-structs element is absent too (gen-20261212-022-c step 1).',
      },
      'K-B68': {
        reading: 'stale-copy',
        confidence: 'measured',
        evidence:
          'GCC 12.2 nvptx on an NVIDIA H100 (2026-12-05, profiles/measured/probes-gcc-12-2026-12-05b.md, llvm-data_absent_at_exit, C and Fortran, imported from LLVM offload/test/mapping/data_absent_at_exit.c): target data map(from: f) map(always, from: af) around target exit data map(delete: f, af); after the region f keeps 5 and af reads -2000683000 in C and 32570 in Fortran, not its 8, and so again after a later exit data of the absent af. LLVM\'s own test expects af = 8 there.',
      },
      'K-A67': {
        reading: 'present-copy',
        confidence: 'measured',
        evidence:
          'GCC 12.2 nvptx on an NVIDIA H100 (2026-12-05, profiles/measured/probes-gcc-12-2026-12-05.md, acc-fp2, C and Fortran): after enter data copyin(x) of x = 9 and a host write of 4, a parallel construct that names x in no clause reads 9, the device copy; in acc-fp, after enter data copyin(x), a kernel writing 100 to the unnamed x leaves the device copy as it was (exit data copyout brings back the old value), so the copy stays private. Without a device copy the kernel reads the host value (acc-fp2 step 1, default(present) over an absent x). The 107-program scalar batch of the same day (gcc-12-nvptx-2026-12-05s) agrees with it too.',
      },
      'K-A58': {
        reading: 'arrays-kept',
        confidence: 'measured',
        evidence:
          'The arrays mapcheck emits in Fortran are pointer arrays: gfortran 12.2 -fopenacc -fdump-tree-omplower (6 December 2026) of "parallel copyin(v2)" around a region that uses only v1 keeps map(to: MEM <v2.data>) and map(alloc: v2.data [pointer assign]) and drops only map(to: v2 [pointer set]); measured on an NVIDIA H100 (profiles/measured/probes-gcc-12-2026-12-06g.md, toolchain/probes/acc-unused-array-*): parallel copyout(b) of an unused b brings the device\'s fresh storage home (0 0 0 0 0 0 0 0), and parallel copyin(b) with b(1:4) present aborts "Trying to map into device … already mapped", where the C units run and keep b (the `dropped` reading, which profiles/gcc-12-c.json keeps for C). The rest, for structs and scalars: GCC 12.2 -fopenacc -fdump-tree-gimple (2026-12-04), C and Fortran: "parallel copy(a) copyout(d) no_create(c)" around a region that uses only b becomes "oacc_parallel map(tofrom:b)": the clauses of whole variables the region never references are gone (copy, copyin, copyout, create, present, no_create; deviceptr too), while copyin(a[0:4]) / copy(a(1:4)), a member section c.p[0:8] / c%p and attach(d.p) stay. Measured on an NVIDIA H200: gfortran\'s "parallel create(d)" after enter data copyin(d%p), a region not using d, runs (probe, 2026-12-04: profiles/measured/probes-gcc-12-2026-12-04.md), and so do gen-20261204-0136 (Fortran and C, profiles/measured/gcc-12-nvptx-2026-12-03b.md, a kernel reading b under create(d) with d%p mapped), where the clause would meet d partly present; GCC\'s C "parallel create(d)" of a region that uses d stops there ("Trying to map into device [d..d+16) object when [d..d+8) is already mapped", the same probe).',
      },
      'K-B55': {
        reading: 'descriptor',
        confidence: 'measured',
        evidence:
          'GCC 12.2 -fopenmp -fdump-tree-gimple (2026-12-04), C and Fortran: "target map(to: a) map(alloc: d)" and "map(close, to: a) map(to: s)" around a region that uses only b keep only the implicit map of b; "map(always, to: a)" stays, and so do a section a[0:4] / a(1:4), an element and a member section c.p[0:8] / c%p (the `dropped` reading, which profiles/gcc-12-c.json keeps for C). The arrays mapcheck emits in Fortran are pointer arrays: for those gfortran 12.2 -fdump-tree-omplower (6 December 2026) keeps map(to: MEM <v.data>) and map(always_pointer: v.data) of an unused array and drops only map(to: v [pointer set]), always or not, and libgomp\'s always pointer then needs the descriptor on the device. Measured on an NVIDIA H100 (profiles/measured/probes-gcc-12-2026-12-06f.md, toolchain/probes/omp-unused-array-*): with the array absent the construct aborts "always pointer not mapped"; after enter data map(to: b) both map(to: b) and map(always, to: b) run; with the data present only as c%p\'s target the construct still aborts. Four held-out batch runs abort so: gen-20261203-039, gen-20261210-060, gen-20261219-240 and gen-20270105-206 (Fortran).',
      },
      'K-B54': {
        reading: 'ignored',
        confidence: 'measured',
        evidence:
          'GCC 12.2 (gfortran and gcc), nvptx, NVIDIA H200: with requires unified_shared_memory the maps still copy and a kernel that dereferences a host address faults. A kernel reads the attached device address, not the host one, in cs(2)%p after enter data of cs(2) and cs(2)%p(3:8) (profiles/measured/gcc-12-nvptx-2026-12-03g.md gen-20261210-184, Fortran and C, a held-out batch: this reading was taken from it after its verdict was recorded); a kernel reading c%p after enter data of c alone (no attachment, so the host address) stops with "cuCtxSynchronize error: an illegal memory access was encountered" (03b.md example-unified-shared-memory, Fortran and C; 03f.md unified-shared-memory, both), and so does a kernel reading through a host pointer member in gen-20261210-125 (03g). GCC 12\'s nvptx plugin never reports GOMP_OFFLOAD_CAP_SHARED_MEM (plugin-nvptx.c GOMP_OFFLOAD_get_caps), and libgomp 12 has no run-time handling of the requirement (GCC 13 added the requires mask that drops devices unable to meet it).',
      },
      'K-B53': {
        reading: 'abort',
        confidence: 'measured',
        evidence:
          'GCC 12.2 gfortran, nvptx, NVIDIA H200: every target exit data map(from: …) of a whole associated pointer component measured stops the program with "libgomp: GOMP_target_enter_exit_data unhandled kind 0x00" (profiles/measured/gcc-12-nvptx-2026-12-03g.md gen-20261210-098 step 12, -168 step 3, -201 step 4, a held-out batch, this reading taken from it after its verdict was recorded; gcc-12-nvptx-2026-12-03f.md omp-plain-pointer-fortran steps 8 and 9; gcc-12-nvptx-2026-12-03b.md gen-20261204-0202 step 3, with the always modifier), while release and delete items of c%p run (03.md gen-20261203-044, -164, -189, -226, -244; 03g -098 step 5, -200). Probes written for this (gfortran 12.2, H200, 2026-12-04: enter data map(to: c%p) or map(to: c, c%p), a kernel, exit data map(from: c%p)): both abort the same way, and so does the exit of a disassociated c%p after nullify; a member section c%p(2:5) stops earlier, at its enter data ("Pointer target of array section wasn\'t mapped", not modelled). GCC 12 target.c gomp_exit_data has cases for the from, delete, release, zero-length and detach kinds only and calls gomp_fatal on any other; kind 0x00 is GOMP_MAP_ALLOC. The C units of the same programs run the exit (profiles/gcc-12-c.json). A section of the component exits no better: gfortran 12.2 -fdump-tree-gimple lowers target exit data map(delete | release | from: c%p(3:8)), and cs(1)%p(3:8), as map(to: c.p1 [len: 64]) beside the section\'s data, and the run stops with "unhandled kind 0x01" (kind 0x01 is GOMP_MAP_TO): profiles/measured/gcc-12-nvptx-2026-12-05n.md gen-20261219-024-fortran step 3, map(delete: cs(1)%p(3:8)), a held-out batch, this reading widened from it after its verdict was recorded; gcc-12-nvptx-2026-12-04k.md gen-20261215-064-fortran step 13, map(from: c, c%p(1:0)).',
      },
      'K-B19': {
        reading: 'graceful',
        confidence: 'source',
        evidence: `${G12}: every device memory routine tests device_num < 0 first (is_present 0, alloc NULL, free nothing, associate / disassociate / memcpy EINVAL); resolve_device has no omp_invalid_device case.`,
      },
      'K-B20': {
        reading: 'graceful',
        confidence: 'source',
        evidence: `${G12}: -1 is a negative number like any other (device_num < 0 → 0 / NULL / EINVAL); the name omp_initial_device does not exist in GCC 12's omp.h.`,
      },
      'K-B21': {
        reading: 'null-first',
        confidence: 'source',
        evidence: `${G12} omp_target_is_present and omp_target_free test the pointer before the device number.`,
      },
      'K-B23': {
        reading: 'device-value',
        confidence: 'source',
        evidence: `${G12} gomp_exit_data: gomp_copy_dev2host of the whole range, no attach-count check (the skip of attached words came later, see libgomp).`,
      },
      'K-B24': {
        reading: 'absent',
        confidence: 'source',
        evidence: `${G12}: no omp_get_mapped_ptr (it appears in ${G13}).`,
      },
      'K-B25': {
        reading: 'absent',
        confidence: 'source',
        evidence: `${G12}: no omp_target_is_accessible (it appears in ${G13}).`,
      },
      'K-B26': {
        reading: 'absent',
        confidence: 'doc',
        evidence: 'GCC 12 does not accept the present map modifier (added to GCC in version 14; issue 10).',
      },
      'K-B59': {
        reading: 'zero-size-key',
        confidence: 'measured',
        evidence:
          'GCC 12.2 gfortran, nvptx on an NVIDIA H200: target enter data map(to: b(1:0)) then map(to: b(3:2)) of absent b stops at the second, "Trying to map into device [b+8..b+8) object when [b..b) is already mapped" (omp-zero-length-absent-fortran step 2, profiles/measured/gcc-12-nvptx-2026-12-03e.md and -03f.md); map(to: a(5:4)) one past a present a(1:4), then map(to: a(7:6)), stops alike (omp-zero-length-fortran step 4, -03f); target data map(tofrom: b(9:8)) then use_device_addr(b) of the unmapped b runs (gen-20261214-132-fortran step 5, -04j). gfortran maps a zero-length section with size 0 and no GOMP_MAP_ZERO_LEN_ARRAY_SECTION, so target.c gomp_map_vars_internal keys [p, p); libgomp.h splay_compare makes two zero-length keys equal. The C lowering differs (profiles/gcc-12-c.json).',
      },
      'K-A55': {
        reading: 'lookup',
        confidence: 'measured',
        evidence:
          'GCC 12.2 gfortran, nvptx on an NVIDIA H200 (profiles/measured/gcc-12-nvptx-2026-12-03e.md, toolchain/probes/acc-zero-length-*-fortran): enter data copyin(a(3:2)) inside the present a(1:4) takes a reference (a stays present after exit data copyout(a(1:4)), and exit data copyout(a(3:2)) then removes it), enter data of a(5:4) one past the end or of the absent b(1:0) runs and creates nothing, exit data delete(b(1:0)) runs, and update self(b(2:1)) of absent data aborts "[h,0] is not mapped" (oacc-mem.c update_dev_host). gfortran does not lower a zero-length section to GOMP_MAP_ZERO_LEN_ARRAY_SECTION, so the lookup keeps its checks; the C lowering differs (profiles/gcc-12-c.json).',
      },
      'K-B43': {
        reading: 'absent',
        confidence: 'measured',
        evidence:
          "gcc 12.2.0 (Debian 12.2.0-14+deb12u1), -fopenmp -foffload=disable, 3 December 2026: C `#pragma omp declare mapper(struct t s) map(s, s.p[0:s.n])` fails with \"expected 'simd', 'reduction', 'target' or 'variant' before 'mapper'\", gfortran `!$omp declare mapper (t :: s) map(s, s%p(1:s%n))` with \"Unclassifiable OpenMP directive\". GCC expands mappers in the compiler (c-omp.cc omp_instantiate_mapper, later releases); libgomp has no mapper entry point.",
      },
    },
  },
  {
    name: 'llvm-22',
    description: 'LLVM offload 22 (libomptarget, e.g. 22.1.8): llvm-offload before omp_initial_device was accepted by the device memory routines.',
    extends: 'llvm-offload',
    knobs: {
      'K-B20': {
        reading: 'fatal',
        confidence: 'source',
        evidence: `${LAPI}: omp_target_is_present / is_accessible / memcpy compare DeviceNum with omp_get_initial_device() only; PM->getDevice(-1) fails → FATAL_MESSAGE (fixed later by PR #205290, runtimes.md §1.2).`,
      },
    },
  },
];
