import { describe, expect, test } from 'vitest';
import type { Step, World } from '../lang/program.js';
import type { Snapshot } from '../lang/observation.js';
import { hostLayout } from '../lang/program.js';
import { renderSnapshot, renderStateDivergence, renderStep } from './render.js';

describe('renderStep: OpenMP steps as directives and calls', () => {
  test.each<[Step, string]>([
    [{ op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', modifiers: ['always'], vars: ['a'] }] }, '!$omp target enter data map(always, to: a) device(1)'],
    [{ op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['a(2:5)', 'c%p'] }] }, '!$omp target enter data map(alloc: a(2:5), c%p)'],
    [
      { op: 'omp_target_exit_data', device: -2, maps: [{ type: 'release', modifiers: ['present', 'delete'], vars: ['c'] }, { type: 'from', vars: ['b'] }] },
      '!$omp target exit data map(present, delete, release: c) map(from: b) device(omp_invalid_device)',
    ],
    [{ op: 'omp_target_data_begin', device: 'initial', maps: [{ type: 'tofrom', vars: ['b'] }] }, '!$omp target data map(tofrom: b) device(omp_get_initial_device())'],
    [{ op: 'omp_target_data_end' }, '!$omp end target data'],
    [{ op: 'omp_target', maps: [{ type: 'tofrom', vars: ['c'] }], body: { read: 'c%p' } }, '!$omp target map(tofrom: c) { read c%p }'],
    [{ op: 'omp_target', device: -1, maps: [], body: { write: 'a', value: 5 } }, '!$omp target device(omp_initial_device) { a = 5 }'],
    [{ op: 'omp_target_alloc', bytes: 40, device: 0, result: 'd1' }, 'd1 = omp_target_alloc(40, 0)'],
    [{ op: 'omp_target_free', ptr: { handle: 'd1' }, device: 0 }, 'omp_target_free(d1, 0)'],
    [{ op: 'omp_target_is_present', ptr: null, device: 7 }, 'omp_target_is_present(NULL, 7)'],
    [{ op: 'omp_target_is_accessible', ptr: { handle: 'd1', offset: 8 }, bytes: 4, device: 2 }, 'omp_target_is_accessible(d1+8, 4, 2)'],
    [{ op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'd1' }, bytes: 40, offset: 0, device: 1 }, 'omp_target_associate_ptr(&a, d1, 40, 0, 1)'],
    [{ op: 'omp_target_disassociate_ptr', ptr: { var: 'a(2:3)', offset: 4 }, device: 1 }, 'omp_target_disassociate_ptr(&a(2:3)+4, 1)'],
    [{ op: 'omp_get_mapped_ptr', ptr: { var: 'c', offset: 0 }, device: 0 }, 'omp_get_mapped_ptr(&c, 0)'],
    [
      { op: 'omp_target_memcpy', dst: { handle: 'd2' }, src: { var: 'b' }, bytes: 16, dst_offset: 4, src_offset: 0, dst_device: 1, src_device: 'initial' },
      'omp_target_memcpy(d2, &b, 16, 4, 0, 1, omp_get_initial_device())',
    ],
  ])('%s', (step, text) => {
    expect(renderStep(step)).toBe(text);
  });
});

describe('renderSnapshot: OpenMP entries and pointers', () => {
  const world: World = {
    arrays: [{ name: 'a', length: 10 }],
    structs: [{ name: 'c', pointers: ['p'] }],
    devices: [{ kind: 'discrete' }, { kind: 'shared' }],
  };
  const [a, c] = hostLayout(world);
  const empty: Snapshot = { sections: [], attachments: [], ompEntries: [], ompPointers: [] };

  test('no data present', () => {
    expect(renderSnapshot(world, empty)).toEqual(['(no data present)']);
  });

  test('entries name their range, storage, count and origin; pointers their member and value', () => {
    const lines = renderSnapshot(world, {
      ...empty,
      ompEntries: [
        { device: 0, host: [a!.start, a!.start + 40], block: 2, offset: 0, rc: 1, origin: 'map' },
        { device: 0, host: [a!.start + 8, a!.start + 16], block: 1, offset: 4, rc: 'inf', origin: 'associate' },
        { device: 1, host: [c!.start, c!.start + 16], block: null, offset: 0, rc: 2, origin: 'map' },
      ],
      ompPointers: [{ device: 0, ptr: c!.start, value: { space: 'dev', block: 2, offset: 0, count: 10 } }],
    });
    const hex = (n: number) => `0x${n.toString(16)}`;
    expect(lines).toEqual([
      `entry   device 0 ${hex(a!.start)}-${hex(a!.start + 40)} a  dev#2+0  RC 1  map`,
      `entry   device 0 ${hex(a!.start + 8)}-${hex(a!.start + 16)} a(3:4)  dev#1+4  RC inf  associate`,
      `entry   device 1 ${hex(c!.start)}-${hex(c!.start + 16)} c  self  RC 2  map`,
      `pointer device 0 c%p @${hex(c!.start)}  dev#2+0[10]`,
    ]);
  });
});

describe('renderStateDivergence: both sides of a state divergence', () => {
  test('each side headed by its label and the 1-based step, its snapshot lines indented', () => {
    const world: World = { arrays: [{ name: 'a', length: 4 }], structs: [] };
    const [a] = hostLayout(world);
    const none: Snapshot = { sections: [], attachments: [], ompEntries: [], ompPointers: [] };
    const one: Snapshot = { ...none, ompEntries: [{ device: 0, host: [a!.start, a!.start + 16], block: 1, offset: 0, rc: 1, origin: 'map' }] };
    expect(renderStateDivergence(world, 2, [['model (spec)', none], ['impl (spec)', one]])).toBe(
      '\nstate after step 3 on model (spec):\n  (no data present)\n' + `\nstate after step 3 on impl (spec):\n  ${renderSnapshot(world, one)[0]}\n`,
    );
  });
});
