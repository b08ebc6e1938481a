// The device memory routines in C (lang/README.md "Device memory routines in C"): a pointer variable
// given acc_malloc's or omp_target_alloc's result holds a handle, and the routines that take device
// memory get that handle plus a byte offset. Expected programs are written from the routines' C
// prototypes (OpenACC 3.3 §3.2.16-§3.2.27, OpenMP 6.0 §25), not from running the importer.

import { describe, expect, it } from 'vitest';
import { validateProgram } from '../validate.js';
import { sourceFailure } from '../test-support.js';
import { importC } from './c.js';

/** The line a SourceError names, with its message. */
const failure = (text: string) => sourceFailure(importC, text);

describe('OpenACC device memory routines (OpenACC 3.3 §3.2.16-§3.2.27)', () => {
  it('reads acc_malloc into a handle, and acc_map_data, acc_memcpy_*, acc_unmap_data and acc_free through it', () => {
    const imported = importC(`#include <openacc.h>
#include <stdlib.h>
int main(void)
{
  int N = 8;
  float *a, *c, *d;
  int i;
  a = (float *) malloc (N * sizeof (float));
  c = (float *) malloc (N * sizeof (float));
  d = (float *) acc_malloc (N * sizeof (float));
  acc_memcpy_to_device (d, a, N * sizeof (float));
  acc_map_data (c, d, N * sizeof (float));
#pragma acc parallel loop present (c[0:N])
  for (i = 0; i < N; i++)
    c[i] = 3;
  acc_unmap_data (c);
  acc_memcpy_from_device (&a[2], d + 2, 4 * sizeof (float));
  acc_free (d);
  return 0;
}
`);
    expect(imported.program.world).toEqual({ arrays: [{ name: 'a', length: 8 }, { name: 'c', length: 8 }], structs: [] });
    expect(imported.program.steps).toEqual([
      { op: 'acc_malloc', bytes: 32, result: 'd' },
      { op: 'acc_memcpy_to_device', var: 'a', dev: { handle: 'd' } },
      { op: 'acc_map_data', var: 'c', dev: { handle: 'd' } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { write: 'c', value: 3 } },
      { op: 'acc_unmap_data', var: 'c' },
      // d + 2 of a float pointer: two 4-byte elements on
      { op: 'acc_memcpy_from_device', var: 'a(3:6)', dev: { handle: 'd', offset: 8 } },
      { op: 'acc_free', ptr: { handle: 'd' } },
    ]);
    expect(imported.lines).toEqual([10, 11, 12, 13, 16, 17, 18]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('gives each allocation into the same variable a handle of its own, and reads NULL and byte offsets', () => {
    const imported = importC(`#include <openacc.h>
int main(void)
{
  static int a[4];
  void *d = acc_malloc(16);
  acc_map_data(&a[1], (char *) d + 4, 2 * sizeof (int));
  acc_unmap_data(&a[1]);
  acc_free(d);
  d = acc_malloc(32);
  acc_memcpy_to_device(d, a, sizeof a);
  acc_memcpy_to_device((int *) d + 4, a, sizeof a);
  acc_free(d);
  d = NULL;
  acc_free(d);
  return 0;
}
`);
    expect(imported.program.steps).toEqual([
      { op: 'acc_malloc', bytes: 16, result: 'd' },
      { op: 'acc_map_data', var: 'a(2:3)', dev: { handle: 'd', offset: 4 } },
      { op: 'acc_unmap_data', var: 'a(2:2)' },
      { op: 'acc_free', ptr: { handle: 'd' } },
      { op: 'acc_malloc', bytes: 32, result: 'd_2' },
      { op: 'acc_memcpy_to_device', var: 'a', dev: { handle: 'd_2' } },
      // a cast to int * counts 4-byte elements: 4 of them are 16 bytes
      { op: 'acc_memcpy_to_device', var: 'a', dev: { handle: 'd_2', offset: 16 } },
      { op: 'acc_free', ptr: { handle: 'd_2' } },
      { op: 'acc_free', ptr: null },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('device addresses of host data kept (OpenACC 3.3 §3.2.18 acc_copyin / acc_create, §3.2.23 acc_deviceptr)', () => {
  it('reads d = acc_copyin(…), acc_create(…) and acc_deviceptr(…) as the routine with a result the later routines pass on', () => {
    // the shape of libgomp's present-1.c and nested-1.c (libgomp.oacc-c-c++-common)
    const imported = importC(`#include <openacc.h>
int main(void)
{
  static float a[8], b[8];
  float *d, *e, *f;
  d = (float *) acc_copyin (&a[0], 8 * sizeof (float));
  e = (float *) acc_present_or_create (b, 4 * sizeof (float));
  f = (float *) acc_deviceptr (&a[2]);
  acc_memcpy_from_device (b, f + 1, 2 * sizeof (float));
  acc_memcpy_to_device (e, a, sizeof (float));
  acc_delete (a, sizeof a);
  d = (float *) acc_deviceptr (a);
  acc_free (d);
  return 0;
}
`);
    expect(imported.program.steps).toEqual([
      { op: 'acc_copyin', var: 'a', result: 'd' },
      { op: 'acc_create', var: 'b(1:4)', result: 'e' },
      { op: 'acc_deviceptr', var: 'a(3:3)', result: 'f' },
      { op: 'acc_memcpy_from_device', var: 'b(1:2)', dev: { handle: 'f', offset: 4 } },
      { op: 'acc_memcpy_to_device', var: 'a(1:1)', dev: { handle: 'e' } },
      { op: 'acc_delete', var: 'a' },
      { op: 'acc_deviceptr', var: 'a', result: 'd_2' },
      { op: 'acc_free', ptr: { handle: 'd_2' } },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('OpenMP device memory routines (OpenMP 6.0 §25.2-§25.7)', () => {
  it('reads omp_target_alloc into a handle, and the routines that take device or host pointers', () => {
    const imported = importC(`#include <omp.h>
int main(void)
{
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int *d = (int *) omp_target_alloc(8 * sizeof (int), 0);
  if (omp_target_memcpy(d, a, 8 * sizeof (int), 0, 0, 0, omp_get_initial_device()))
    return 1;
  if (omp_target_associate_ptr(a, d, 4 * sizeof (int), 16, 0))
    return 1;
  if (!omp_target_is_present(&a[2], 0) || omp_get_mapped_ptr(a, 0) == NULL)
    return 1;
  omp_target_is_accessible(d + 1, sizeof (int), 0);
  omp_target_disassociate_ptr(a, 0);
  omp_target_memcpy(&a[4], d, 2 * sizeof (int), 0, 8, omp_get_initial_device(), 0);
  omp_target_free(d, 0);
  return 0;
}
`);
    expect(imported.program.steps).toEqual([
      { op: 'omp_target_alloc', bytes: 32, device: 0, result: 'd' },
      { op: 'omp_target_memcpy', dst: { handle: 'd' }, src: { var: 'a' }, bytes: 32, dst_offset: 0, src_offset: 0, dst_device: 0, src_device: 'initial' },
      { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'd' }, bytes: 16, offset: 16, device: 0 },
      { op: 'omp_target_is_present', ptr: { var: 'a', offset: 8 }, device: 0 },
      { op: 'omp_get_mapped_ptr', ptr: { var: 'a' }, device: 0 },
      { op: 'omp_target_is_accessible', ptr: { handle: 'd', offset: 4 }, bytes: 4, device: 0 },
      { op: 'omp_target_disassociate_ptr', ptr: { var: 'a' }, device: 0 },
      { op: 'omp_target_memcpy', dst: { var: 'a', offset: 16 }, src: { handle: 'd' }, bytes: 8, dst_offset: 0, src_offset: 8, dst_device: 'initial', src_device: 0 },
      { op: 'omp_target_free', ptr: { handle: 'd' }, device: 0 },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('what is refused, with the line that says why', () => {
  const head = 'int main(void)\n{\n  static int a[4];\n';
  it.each([
    ['a device pointer used before it is given device memory', `${head}  void *d;\n  acc_map_data(a, d, sizeof a);\n  d = acc_malloc(16);\n}\n`, 5, 'd holds no device memory yet'],
    ['a device pointer given another routine\'s result', `${head}  void *d = acc_malloc(16);\n  d = acc_hostptr(a);\n}\n`, 5, 'is assigned the result of acc_malloc, omp_target_alloc, acc_deviceptr, acc_copyin or acc_create, or NULL'],
    ['a host address where device memory is expected', `${head}  void *d = acc_malloc(16);\n  acc_map_data(a, a, sizeof a);\n}\n`, 5, 'expected device memory'],
    ['an allocation not kept in a variable', `${head}  acc_free(acc_malloc(16));\n}\n`, 4, 'its result is kept in a pointer variable'],
    ['a device pointer named in a data clause', `${head}  int *d = acc_malloc(16);\n#pragma acc enter data copyin(d[0:4])\n}\n`, 5, 'd: holds device memory (line 4)'],
    ['a device pointer of struct type', `struct t { int *p; };\n${head}  struct t *d = acc_malloc(16);\n}\n`, 5, 'declare it as a pointer to numbers or void'],
    ['an offset from NULL', `${head}  void *d = NULL;\n  d = acc_malloc(16);\n  d = NULL;\n  acc_free((char *) d + 4);\n}\n`, 7, 'an offset from NULL is not imported'],
    ['acc_memcpy_device', `${head}  void *d = acc_malloc(16);\n  void *e = acc_malloc(16);\n  acc_memcpy_device(e, d, 16);\n}\n`, 6, 'acc_memcpy_device: this device memory routine is not modelled'],
  ])('%s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });
});

describe('device numbers the program asks for (OpenMP 6.0 §24: omp_get_default_device, omp_get_num_devices)', () => {
  it('reads libgomp struct-elem-1.c: the default device 0, a guard that never runs, a struct with no pointer member', () => {
    const imported = importC(`#include <omp.h>
#include <stdlib.h>
struct S { int a, b; };
typedef struct S S;
int main (void)
{
  int d = omp_get_default_device ();
  int id = omp_get_initial_device ();
  if (d < 0 || d >= omp_get_num_devices ())
    d = id;
  S s;
  #pragma omp target enter data map (alloc: s.a, s.b)
  #pragma omp target exit data map (release: s.b)
  if (omp_target_is_present (&s.a, d))
    abort ();
  return 0;
}
`);
    expect(imported.program.world).toEqual({ arrays: [], structs: [{ name: 's', pointers: [], fields: [{ name: 'a' }, { name: 'b' }] }] });
    expect(imported.program.steps).toEqual([
      { op: 'omp_target_enter_data', maps: [{ type: 'alloc', vars: ['s%a', 's%b'] }] },
      { op: 'omp_target_exit_data', maps: [{ type: 'release', vars: ['s%b'] }] },
      { op: 'omp_target_is_present', ptr: { var: 's%a' }, device: 0 },
    ]);
    expect(imported.passed.map((p) => p.text)).toContainEqual(expect.stringMatching(/^lines 9-10: never runs: its condition is a constant 0/));
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('reads an if over constants with an else, or over data, as a check, and refuses a device count the program outgrows', () => {
    const head = '#include <omp.h>\nint main(void)\n{\n  static int a[4];\n';
    // without an else a constant 0 condition never runs its branch; with one, one branch runs: read as before (a change of data is refused)
    expect(importC(`${head}  if (omp_get_num_devices () > 1) a[0] = 1;\n#pragma omp target enter data map(to: a)\n}\n`).program.steps).toEqual([{ op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['a'] }] }]);
    expect(failure(`${head}  if (omp_get_num_devices () > 1) a[0] = 1;\n  else a[1] = 1;\n#pragma omp target enter data map(to: a)\n}\n`).message).toContain('conditional change');
    // a condition over the program's data is no constant: the branch is a conditional change
    expect(failure(`${head}#pragma omp target enter data map(to: a)\n  if (a[0] == 0) a[1] = 1;\n}\n`).message).toContain('conditional');
    // omp_get_num_devices () read as 1, then device 1 used: the world has 2 devices
    expect(failure(`${head}  int n = omp_get_num_devices ();\n#pragma omp target enter data map(to: a) device(n)\n#pragma omp target enter data map(to: a) device(1)\n}\n`)).toEqual({
      line: 5,
      message: 'omp_get_num_devices() read as 1 here, but the program uses device 1 later: the world has 2 devices',
    });
  });

  it('reads omp_is_initial_device () and acc_on_device (…) by where the code runs: a construct on a device of the world, the host, or the initial device', () => {
    const omp = importC(`#include <omp.h>
int main(void)
{
  int isHost = -1, onHost = -1;
#pragma omp target map(tofrom: isHost)
  { isHost = omp_is_initial_device (); }
#pragma omp target map(tofrom: onHost) device(omp_initial_device)
  onHost = omp_is_initial_device ();
  if (!omp_is_initial_device ())
    return 1;
  return 0;
}
`);
    expect(omp.program.steps).toEqual([
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['isHost'] }], body: { write: 'isHost', value: 0 } },
      { op: 'omp_target', maps: [{ type: 'tofrom', vars: ['onHost'] }], device: -1, body: { write: 'onHost', value: 1 } },
    ]);
    expect(omp.notes.map((n) => n.text)).toContainEqual('omp_is_initial_device() reads 0: the construct at line 5 runs on a device of the world, not the host');
    // on the host the condition is a constant 0: the return in its branch never runs
    expect(omp.passed.map((p) => p.text)).toContainEqual(expect.stringMatching(/never runs: its condition is a constant 0/));
    const acc = importC(`#include <openacc.h>
int main(void)
{
  int ond = 0, onh = 5;
#pragma acc serial copy(ond)
  ond = acc_on_device (acc_device_not_host);
#pragma acc serial copy(onh)
  onh = acc_on_device (acc_device_host);
  return 0;
}
`);
    expect(acc.program.steps.map((s) => s.body)).toEqual([{ write: 'ond', value: 1 }, { write: 'onh', value: 0 }]);
  });
});
