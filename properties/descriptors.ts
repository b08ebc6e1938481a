// Fortran pointer descriptors in generated programs (lang/README.md "Pointer descriptors"): drawn
// after everything else, so a seed draws the same steps as before they existed, and applied as a
// rewrite of the drawn program. One program in four remaps its pointer assignments'
// lower bounds (`c%p(10:) => b`) and turns reads through pointer members (kernels and host reads)
// into reads of the view: the bounds (`lbound`, `ubound`) or one element `p(at)` at the lower bound
// the host last gave that pointer, so the index is inside the host's view and a device view with
// other bounds (a descriptor attached before the remap, K-A42 / K-B41 `base-address`) tells.
// Those programs also get the remap idiom inserted at a drawn place (the struct mapped, the
// pointer remapped, mapped with its target so that it attaches, and a kernel reading its view;
// witnesses d1-d4), the last steps making room so maxSteps holds.

import fc from 'fast-check';
import { isRegionEnd } from '../lang/ops.js';
import { memberRefs, parseRef, type KernelBody, type Program, type Step } from '../lang/program.js';

export interface DescriptorDraw {
  /** Lower bounds the pointer assignments take, in turn (1: no remapping). */
  lbounds: number[];
  /** What each read through a pointer member becomes, in turn. */
  views: ('bounds' | 'at' | 'all')[];
  /** Where the remap idiom goes (0..1 of the program). */
  at: number;
}

/** null three times in four; otherwise the lower bounds and views of descriptor programs. */
export function descriptorArb(): fc.Arbitrary<DescriptorDraw | null> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.record({
        lbounds: fc.array(fc.constantFrom(10, 0, -2, 1), { minLength: 1, maxLength: 3 }),
        views: fc.array(fc.constantFrom<'bounds' | 'at' | 'all'>('bounds', 'bounds', 'at', 'all'), { minLength: 1, maxLength: 3 }),
        at: fc.integer({ min: 0, max: 99 }).map((n) => n / 100),
      }),
    },
  );
}

/**
 * The remap idiom over the program's first pointer member and first array: map the struct, remap
 * the pointer to the array, map it with its target (an attach), read the view in a kernel.
 */
function remapIdiom(program: Program, d: DescriptorDraw, api: 'openacc' | 'openmp'): Step[] {
  const world = program.world;
  const decl = world.structs.find((s) => s.pointers.length > 0);
  const target = world.arrays[0]?.name;
  if (decl === undefined || target === undefined) return [];
  const member = memberRefs(decl)[0]!;
  const holder = member.slice(0, member.lastIndexOf('%'));
  const lbound = d.lbounds.find((l) => l !== 1) ?? 10;
  const remap: Step = { op: 'pointer_assign', ptr: member, target, lbound };
  // (the API the generator draws for, not guessed from the steps: a program of host steps only has none)
  if (api === 'openmp')
    return [
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [holder] }] },
      remap,
      { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: [member] }] },
      { op: 'omp_target', maps: [], body: { read: member } },
    ];
  return [
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [holder] }] },
    remap,
    { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: [target] }, { clause: 'attach', vars: [member] }] },
    { op: 'acc_parallel', clauses: [], default: 'present', body: { read: member } },
  ];
}

/** `program` with its pointer assignments remapped and its member reads turned into view reads. */
export function withDescriptors(drawn: Program, d: DescriptorDraw | null, api: 'openacc' | 'openmp'): Program {
  if (d === null) return drawn;
  // the idiom goes in at a drawn place; the last steps make room (a suffix removed takes the ends
  // of the regions it begins with it; a region it closes stays open, which programs may end with)
  const idiom = remapIdiom(drawn, d, api);
  // (after the program-scope declarations, which come first)
  const declarations = drawn.steps.filter((s) => s.op === 'acc_declare' || s.op === 'omp_declare_target').length;
  const drawnPlace = declarations + Math.floor(d.at * (drawn.steps.length - declarations + 1));
  // not inside a host_data region: GCC rejects a data clause naming a variable of an enclosing
  // host_data's use_device ("variable 'a' declared in enclosing 'host_data' region"), and the
  // idiom maps its target; it goes before the region instead
  const open: number[] = [];
  for (const [i, s] of drawn.steps.slice(0, drawnPlace).entries()) {
    if (s.op === 'acc_host_data_begin') open.push(i);
    if (s.op === 'acc_host_data_end') open.pop();
  }
  const place = open[0] ?? drawnPlace;
  const all = [...drawn.steps.slice(0, place), ...idiom, ...drawn.steps.slice(place)];
  const keep = Math.max(drawn.steps.length, idiom.length);
  // a suffix that closes a region opened before it cannot go (regions stay balanced): no idiom then
  const balanced = !all.slice(keep).some((s) => isRegionEnd(s.op));
  const program: Program = { ...drawn, steps: balanced ? all.slice(0, keep) : drawn.steps };
  const world = program.world;
  const isMember = (v: string) => parseRef(world, v).kind === 'member';
  /** The lower bound the host last gave each pointer member. */
  const lbound = new Map<string, number>();
  let assigns = 0;
  let reads = 0;
  const view = (v: string): { at?: number; bounds?: true } => {
    const kind = d.views[reads++ % d.views.length]!;
    if (kind === 'bounds') return { bounds: true };
    if (kind === 'at') return { at: lbound.get(v) ?? 1 };
    return {};
  };
  const steps = program.steps.map((s): Step => {
    if (s.op === 'pointer_assign') {
      const lb = d.lbounds[assigns++ % d.lbounds.length]!;
      lbound.set(s.ptr, lb);
      return lb === 1 ? s : { ...s, lbound: lb };
    }
    if (s.op === 'nullify') lbound.delete(s.ptr);
    if (s.op === 'host_read' && isMember(s.var)) return { ...s, ...view(s.var) };
    if ((s.op === 'acc_parallel' || s.op === 'omp_target') && 'read' in s.body && isMember(s.body.read)) {
      const body: KernelBody = { read: s.body.read, ...view(s.body.read) };
      return { ...s, body };
    }
    return s;
  });
  return { ...program, steps };
}
