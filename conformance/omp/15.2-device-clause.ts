// OpenMP 6.0 §15.2 device clause: omp_invalid_device is a runtime error, a number that is not a
// conforming device is unspecified; the host device maps nothing.

import { UNDEF, entry, err, ok, per, perState, read, readAll, section, type Row } from '../rows.js';
import { HOST, INVALID, hostRead, map, ompDataBegin, ompDataEnd, ompEnter, targetRead, targetWrite } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';

const INVALID_DEVICE = err('omp_error_invalid_device');

const rows: Row[] = [
  // K-B56 `host-fallback` (GCC 12): the -2 passed for omp_invalid_device is GOMP_DEVICE_HOST_FALLBACK
  // (measured: gcc-12-nvptx-2026-12-04i gen-20261213-068, a target update on it runs)
  {
    name: 'enter data on omp_invalid_device is a runtime error; GCC 12 runs it on the host (K-B56)',
    steps: [ompEnter([map('to', ['a'])], INVALID)],
    last: per(INVALID_DEVICE, { 'gcc-12': ok, 'K-B56=host-fallback': ok }),
    state: { 1: perState(null, { 'gcc-12': { ompEntries: [] } }) },
  },
  {
    name: 'target on omp_invalid_device is a runtime error; GCC 12 runs the kernel on the host (K-B56)',
    steps: [targetRead('a', [], INVALID)],
    last: per(INVALID_DEVICE, { 'gcc-12': readAll(10, 1), 'K-B56=host-fallback': readAll(10, 1) }),
  },
  { name: 'enter data on an out-of-range device is unspecified', steps: [ompEnter([map('to', ['a'])], 3)], last: UNDEF },
  { name: 'a target data region on an out-of-range device is unspecified', steps: [ompDataBegin([map('to', ['a'])], 7)], last: UNDEF },
  {
    name: 'constructs on the host (initial, -1 and n) map nothing; the kernel works on host memory (GCC 12: -1 is device 0, K-B61)',
    steps: [ompEnter([map('to', ['a'], 'present')], HOST), ompDataBegin([map('tofrom', ['b'])], -1), targetWrite('a', 5, [], 2), ompDataEnd, hostRead('a')],
    at: { 1: ok, 2: ok, 3: ok, 4: ok },
    last: readAll(10, 5),
    state: {
      1: { ompEntries: [] },
      2: perState({ ompEntries: [] }, { 'gcc-12': { ompEntries: [entry([B, B + 40], 1, 1)] }, 'K-B61=default-device': { ompEntries: [entry([B, B + 40], 1, 1)] } }),
      3: perState({ ompEntries: [] }, { 'gcc-12': { ompEntries: [entry([B, B + 40], 1, 1)] }, 'K-B61=default-device': { ompEntries: [entry([B, B + 40], 1, 1)] } }),
      4: { ompEntries: [] },
    },
  },
  // K-B61 `default-device` (GCC 12): the -1 passed for omp_initial_device is GOMP_DEVICE_ICV, the
  // default device (measured: gcc-12-nvptx-2026-12-04m gen-20261217-188, both languages)
  {
    name: 'K-B61: a target construct on omp_initial_device runs on the host and maps nothing (5.2+); GCC 12 runs it on device 0, so its from item brings device memory nobody wrote home',
    cite: 'K-B61: OpenMP 5.2 / 6.0 omp_initial_device (-1) names the host device; GCC 12.2 has no omp_initial_device and libgomp 12 resolve_device takes -1 (GOMP_DEVICE_ICV) for the default-device-var ICV; measured on an NVIDIA H200 (gen-20261217-188, C and Fortran): target map(from: a(5:8)) device(-1) leaves 0s or garbage in a(5:8)',
    steps: [targetRead('b', [map('from', ['a(5:8)'])], -1), hostRead('a')],
    at: { 1: readAll(10, 2) },
    last: per(readAll(10, 1), { 'gcc-12': read(1, 1, 1, 1, null, null, null, null, 1, 1), 'K-B61=default-device': read(1, 1, 1, 1, null, null, null, null, 1, 1) }),
  },
  {
    name: 'snapshots sort entries by device, host start and creation order',
    steps: [ompEnter([map('to', ['b'])], 1), ompEnter([map('to', ['b'])], 0), ompEnter([map('to', ['a'])], 0)],
    last: ok,
    state: {
      3: perState(
        { ompEntries: [entry([A, A + 40], 3, 1), entry([B, B + 40], 2, 1), entry([B, B + 40], 1, 1, { device: 1 })] },
        {
          // K-B8 self: the shared-memory device allocates nothing.
          libgomp: { ompEntries: [entry([A, A + 40], 2, 1), entry([B, B + 40], 1, 1), entry([B, B + 40], null, 1, { device: 1 })] },
          'llvm-offload': { ompEntries: [entry([A, A + 40], 2, 1), entry([B, B + 40], 1, 1), entry([B, B + 40], null, 1, { device: 1 })] },
        },
      ),
    },
  },
];

export default section({ spec: 'OpenMP 6.0', section: '15.2', title: 'device clause', rules: ['OpenMP 6.0 §15.2 device clause'], world: OMP_WORLD, rows });
