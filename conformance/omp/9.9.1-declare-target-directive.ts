// OpenMP 6.0 §9.9.1 declare_target directive at program scope: its list items are made available
// on every device for the whole program (§7.9.7 enter) or mapped on demand (§7.9.8 link).
// libgomp: the variables come with the offload image (target.c gomp_load_image_to_device), one
// node per variable on each device; LLVM: PluginManager.cpp loadImagesOntoDevice enters each
// global with an infinite count on each device.

import { entry, readAll, value, section, type Row } from '../rows.js';
import { declareTarget, isPresent, targetRead, v } from '../steps.js';
import { A, B, OMP_WORLD } from '../worlds.js';

const TWO_GPUS = { ...OMP_WORLD, devices: [{ kind: 'discrete' as const }, { kind: 'discrete' as const }] };

const rows: Row[] = [
  {
    name: 'enter and link in one directive: storage for the enter list item only',
    steps: [declareTarget(['enter', 'a'], ['link', 'b']), isPresent(v('a'), 0)],
    last: value(true),
    state: { 1: { ompEntries: [entry([A, A + 40], 1, 'inf', { origin: 'declare' })] } },
  },
  {
    name: 'every device gets its own storage, in device order',
    world: TWO_GPUS,
    steps: [declareTarget(['enter', 'b']), isPresent(v('b'), 1), targetRead('b', [], 1)],
    at: { 2: value(true) },
    last: readAll(10, 2),
    state: { 1: { ompEntries: [entry([B, B + 40], 1, 'inf', { origin: 'declare' }), entry([B, B + 40], 2, 'inf', { origin: 'declare', device: 1 })] } },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '9.9.1',
  title: 'declare_target Directive',
  rules: ['OpenMP 6.0 §9.9.1 declare_target Directive'],
  world: { ...OMP_WORLD, devices: [{ kind: 'discrete' }] },
  rows,
});
