// OpenMP 6.0 §7.9.8 link clause of declare target: the list item gets corresponding storage only
// when a map clause maps it; the mapping is counted and ends like any other. libgomp: the image
// node of a link variable (REFCOUNT_LINK, target.c gomp_load_image_to_device) is treated as not
// mapped by gomp_map_vars_internal (`n && n->refcount != REFCOUNT_LINK`), so a map creates storage
// as below. Not modelled (a knob when evidence is read): what omp_target_is_present and
// omp_get_mapped_ptr answer for the link node before the variable is mapped (libgomp's lookup in
// omp_target_is_present does not test REFCOUNT_LINK), so no row asks them about unmapped link data.

import { entry, readAll, section, type Row } from '../rows.js';
import { declareTarget, hostRead, map, ompEnter, ompExit, targetWrite } from '../steps.js';
import { B, OMP_WORLD } from '../worlds.js';

const WORLD = { ...OMP_WORLD, devices: [{ kind: 'discrete' as const }] };

const rows: Row[] = [
  {
    name: 'no storage at program start; enter data creates it with a count of 1, exit data removes it',
    steps: [declareTarget(['link', 'b']), ompEnter([map('to', ['b'])]), targetWrite('b', 6), ompExit([map('from', ['b'])]), hostRead('b')],
    last: readAll(10, 6),
    state: { 1: { ompEntries: [] }, 2: { ompEntries: [entry([B, B + 40], 1, 1)] }, 4: { ompEntries: [] } },
  },
];

export default section({
  spec: 'OpenMP 6.0',
  section: '7.9.8',
  title: 'link clause',
  rules: ['OpenMP 6.0 §7.9.8 link clause'],
  world: WORLD,
  rows,
});
