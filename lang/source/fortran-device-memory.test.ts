// The device memory routines in Fortran (lang/README.md "Device memory routines in Fortran"): a
// type(c_ptr) variable given acc_malloc's or omp_target_alloc's result holds a handle, and the
// routines that take device memory get that handle plus a byte offset. Programs call the routines by
// their module names (OpenACC 3.3's Fortran bindings, omp_lib) or through C bindings of their own
// (`bind(C, name="acc_malloc")`), and move a c_ptr on with `transfer`. Expected programs are
// written from the routines' interfaces (OpenACC 3.3 §3.2.16-§3.2.27, OpenMP 6.0 §25), not from
// running the importer.

import { describe, expect, it } from 'vitest';
import { validateProgram } from '../validate.js';
import { sourceFailure } from '../test-support.js';
import { importFortran } from './fortran.js';

const failure = (text: string) => sourceFailure(importFortran, text);

/** The C bindings and the byte mover a program of the emitted style declares (cli/emit/fortran.ts writes the same shapes). */
const C_BINDINGS = `  interface
    type(c_ptr) function acc_malloc_c(bytes) bind(C, name="acc_malloc")
      import :: c_ptr, c_size_t
      integer(c_size_t), value :: bytes
    end function
    subroutine acc_free_c(d) bind(C, name="acc_free")
      import :: c_ptr
      type(c_ptr), value :: d
    end subroutine
    subroutine acc_map_data_c(h, d, bytes) bind(C, name="acc_map_data")
      import :: c_ptr, c_size_t
      type(c_ptr), value :: h, d
      integer(c_size_t), value :: bytes
    end subroutine
    subroutine acc_unmap_data_c(h) bind(C, name="acc_unmap_data")
      import :: c_ptr
      type(c_ptr), value :: h
    end subroutine
    type(c_ptr) function acc_copyin_c(h, bytes) bind(C, name="acc_copyin")
      import :: c_ptr, c_size_t
      type(c_ptr), value :: h
      integer(c_size_t), value :: bytes
    end function
    subroutine acc_memcpy_from_device_c(h, d, bytes) bind(C, name="acc_memcpy_from_device")
      import :: c_ptr, c_size_t
      type(c_ptr), value :: h, d
      integer(c_size_t), value :: bytes
    end subroutine
    type(c_ptr) function acc_hostptr_c(d) bind(C, name="acc_hostptr")
      import :: c_ptr
      type(c_ptr), value :: d
    end function
  end interface`;

const PLUS_BYTES = `contains
  type(c_ptr) function plus_bytes(p, n)
    type(c_ptr), intent(in) :: p
    integer, intent(in) :: n
    plus_bytes = transfer(transfer(p, 0_c_intptr_t) + n, p)
  end function`;

/** An OpenACC program of the emitted style around `body`. */
const accProgram = (body: string) => `program main
  use openacc
  use iso_c_binding, only: c_associated, c_intptr_t, c_loc, c_null_ptr, c_ptr, c_size_t
  implicit none
${C_BINDINGS}
  integer, target :: a(4), b(8)
  type(c_ptr) :: h, k
  a = 1
${body}
${PLUS_BYTES}
end program
`;

describe('OpenACC device memory routines in Fortran (OpenACC 3.3 §3.2.16-§3.2.27)', () => {
  it('reads the Fortran bindings of the openacc module: acc_malloc into a handle, acc_map_data, acc_memcpy_*, acc_unmap_data and acc_free through it', () => {
    const imported = importFortran(`program p
  use openacc
  use iso_c_binding
  implicit none
  integer, target :: a(8), c(8)
  type(c_ptr) :: d
  integer :: i
  a = 1
  d = acc_malloc(int(8 * 4, c_size_t))
  call acc_memcpy_to_device(d, a, 32_c_size_t)
  call acc_map_data(c, d, 32_c_size_t)
  !$acc parallel loop present(c)
  do i = 1, 8
    c(i) = 3
  end do
  call acc_unmap_data(c)
  call acc_memcpy_from_device(a(3:6), d, 16_c_size_t)
  call acc_free(d)
end program
`);
    expect(imported.program.world).toEqual({ arrays: [{ name: 'a', length: 8, init: 1 }, { name: 'c', length: 8 }], structs: [] });
    expect(imported.program.steps).toEqual([
      { op: 'acc_malloc', bytes: 32, result: 'd' },
      { op: 'acc_memcpy_to_device', var: 'a', dev: { handle: 'd' } },
      { op: 'acc_map_data', var: 'c', dev: { handle: 'd' } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['c'] }], body: { write: 'c', value: 3 } },
      { op: 'acc_unmap_data', var: 'c' },
      // a section passed as data: 16 bytes from its first element
      { op: 'acc_memcpy_from_device', var: 'a(3:6)', dev: { handle: 'd' } },
      { op: 'acc_free', ptr: { handle: 'd' } },
    ]);
    expect(imported.lines).toEqual([9, 10, 11, 12, 16, 17, 18]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('reads C bindings of its own, c_loc addresses and bytes moved on with plus_bytes or transfer; each allocation into h a handle of its own', () => {
    const imported = importFortran(
      accProgram(`  h = acc_malloc_c(16_c_size_t)
  call acc_map_data_c(c_loc(a(2)), plus_bytes(h, 4), 8_c_size_t)
  call acc_unmap_data_c(c_loc(a(2)))
  call acc_free_c(h)
  h = acc_malloc_c(32_c_size_t)
  call acc_map_data_c(c_loc(b), transfer(transfer(h, 0_c_intptr_t) + 0, h), 32_c_size_t)
  call acc_memcpy_from_device_c(plus_bytes(c_loc(b(1)), 8), plus_bytes(h, 8), 8_c_size_t)
  call acc_unmap_data_c(c_loc(b))
  call acc_free_c(h)
  h = c_null_ptr
  call acc_free_c(h)
  k = acc_copyin_c(c_loc(a), 16_c_size_t)
  if (.not. c_associated(k)) error stop`),
    );
    expect(imported.program.steps).toEqual([
      { op: 'acc_malloc', bytes: 16, result: 'h' },
      { op: 'acc_map_data', var: 'a(2:3)', dev: { handle: 'h', offset: 4 } },
      // acc_unmap_data looks up one address: the element there
      { op: 'acc_unmap_data', var: 'a(2:2)' },
      { op: 'acc_free', ptr: { handle: 'h' } },
      { op: 'acc_malloc', bytes: 32, result: 'h_2' },
      { op: 'acc_map_data', var: 'b', dev: { handle: 'h_2' } },
      { op: 'acc_memcpy_from_device', var: 'b(3:4)', dev: { handle: 'h_2', offset: 8 } },
      { op: 'acc_unmap_data', var: 'b' },
      { op: 'acc_free', ptr: { handle: 'h_2' } },
      { op: 'acc_free', ptr: null },
      // acc_copyin's C binding returns the device address: kept as k
      { op: 'acc_copyin', var: 'a', result: 'k' },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
    expect(imported.passed.map((p) => p.text)).toContainEqual(expect.stringContaining('h holds no device memory'));
  });

  it('acc_deviceptr: a kept result names the object from that address on; one inside it names that element', () => {
    const imported = importFortran(`program p
  use openacc
  use iso_c_binding
  implicit none
  integer, target :: a(8)
  type(c_ptr) :: d, e
  !$acc enter data copyin(a)
  d = acc_deviceptr(a)
  e = acc_deviceptr(a(3))
  call acc_memcpy_from_device(a, d, 8_c_size_t)
  if (.not. c_associated(acc_deviceptr(a))) stop 1
end program
`);
    expect(imported.program.steps).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }] },
      { op: 'acc_deviceptr', var: 'a', result: 'd' },
      { op: 'acc_deviceptr', var: 'a(3:3)', result: 'e' },
      { op: 'acc_memcpy_from_device', var: 'a(1:2)', dev: { handle: 'd' } },
      { op: 'acc_deviceptr', var: 'a' },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('OpenMP device memory routines in Fortran (OpenMP 6.0 §25)', () => {
  it('reads omp_lib routines with c_loc addresses, in checks and as calls', () => {
    const imported = importFortran(`program p
  use omp_lib
  use iso_c_binding
  implicit none
  integer, target :: a(8), x
  type(c_ptr) :: d
  x = 5
  d = omp_target_alloc(32_c_size_t, omp_get_default_device())
  if (omp_target_associate_ptr(c_loc(a), d, 32_c_size_t, 0_c_size_t, 0) /= 0) stop 1
  if (omp_target_is_present(c_loc(a(3)), 0) == 0) stop 2
  if (omp_target_memcpy(d, c_loc(a), 16_c_size_t, 16_c_size_t, 0_c_size_t, 0, omp_get_initial_device()) /= 0) stop 3
  if (omp_target_disassociate_ptr(c_loc(a), 0) /= 0) stop 4
  if (omp_target_is_accessible(c_loc(x), 4_c_size_t, 0) == 0) print *, 'not accessible'
  if (c_associated(omp_get_mapped_ptr(c_loc(a(2)), 0))) stop 5
  call omp_target_free(d, 0)
end program
`);
    expect(imported.program.world).toEqual({ arrays: [{ name: 'a', length: 8 }, { name: 'x', length: 1, init: 5, scalar: true }], structs: [] });
    expect(imported.program.steps).toEqual([
      { op: 'omp_target_alloc', bytes: 32, device: 0, result: 'd' },
      { op: 'omp_target_associate_ptr', host: { var: 'a' }, dev: { handle: 'd' }, bytes: 32, offset: 0, device: 0 },
      // c_loc(a(3)): two 4-byte elements on
      { op: 'omp_target_is_present', ptr: { var: 'a', offset: 8 }, device: 0 },
      { op: 'omp_target_memcpy', dst: { handle: 'd' }, src: { var: 'a' }, bytes: 16, dst_offset: 16, src_offset: 0, dst_device: 0, src_device: 'initial' },
      { op: 'omp_target_disassociate_ptr', ptr: { var: 'a' }, device: 0 },
      { op: 'omp_target_is_accessible', ptr: { var: 'x' }, bytes: 4, device: 0 },
      { op: 'omp_get_mapped_ptr', ptr: { var: 'a', offset: 4 }, device: 0 },
      { op: 'omp_target_free', ptr: { handle: 'd' }, device: 0 },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('a derived-type variable and a rank-2 element by address; device memory moved on by bytes; c_sizeof as byte counts', () => {
    const imported = importFortran(`program p
  use omp_lib
  use iso_c_binding
  implicit none
  type :: t
    integer, pointer :: q(:) => null()
  end type
  type(t), target :: cs(2)
  integer, target :: m(2, 3)
  type(c_ptr) :: d, e
  d = omp_target_alloc(64_c_size_t, 1)
  e = omp_target_alloc(c_sizeof(m) + c_sizeof(m(1, 1)) + c_sizeof(c_int), 1)
  if (omp_target_is_present(c_loc(cs(2)), 1) /= 0) stop 1
  if (omp_target_memcpy(transfer(transfer(d, 0_c_intptr_t) + 8, d), c_loc(m(2, 2)), 4_c_size_t, 0_c_size_t, 0_c_size_t, 1, omp_get_initial_device()) /= 0) stop 2
  call omp_target_free(d, 1)
end program
`);
    expect(imported.program.steps).toEqual([
      { op: 'omp_target_alloc', bytes: 64, device: 1, result: 'd' },
      // c_sizeof: 6 elements of 4 bytes, one element, one C int
      { op: 'omp_target_alloc', bytes: 32, device: 1, result: 'e' },
      { op: 'omp_target_is_present', ptr: { var: 'cs(2)' }, device: 1 },
      // m(2, 2) is element 4 in column-major order: 12 bytes on
      { op: 'omp_target_memcpy', dst: { handle: 'd', offset: 8 }, src: { var: 'm', offset: 12 }, bytes: 4, dst_offset: 0, src_offset: 0, dst_device: 1, src_device: 'initial' },
      { op: 'omp_target_free', ptr: { handle: 'd' }, device: 1 },
    ]);
    expect(imported.program.world.devices).toHaveLength(2);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('refused on their line', () => {
  it.each([
    ['a use before the allocation', '  call acc_free_c(h)\n  h = acc_malloc_c(16_c_size_t)', 'h holds no device memory yet', 0],
    ['host memory where device memory is expected', '  h = acc_malloc_c(16_c_size_t)\n  call acc_map_data_c(c_loc(a), c_loc(b), 16_c_size_t)', 'expected device memory'],
    ['an allocation not kept in a variable', '  call acc_free_c(acc_malloc_c(16_c_size_t))', 'its result is kept in a type(c_ptr) variable'],
    ['an allocation by the module name, not kept', '  if (.not. c_associated(acc_malloc(16_c_size_t))) stop 1', 'acc_malloc: its result is kept in a type(c_ptr) variable'],
    ['a host address kept where device memory is', '  h = acc_malloc_c(16_c_size_t)\n  h = c_loc(a)', 'is assigned the result of acc_malloc'],
    ['a routine the language does not model', '  h = acc_malloc_c(16_c_size_t)\n  k = acc_hostptr_c(h)', 'acc_hostptr_c: this device memory routine is not modelled'],
    ['bytes that are not whole elements', '  h = acc_malloc_c(16_c_size_t)\n  call acc_map_data_c(c_loc(a), h, 6_c_size_t)', '6 bytes from a: not whole elements'],
    ['a null pointer where data is expected', '  h = acc_malloc_c(16_c_size_t)\n  call acc_map_data_c(c_null_ptr, h, 4_c_size_t)', 'c_null_ptr where host data is expected'],
  ] as [string, string, string, number?][])('%s', (_what, body, message, refused = -1) => {
    const text = accProgram(body);
    const f = failure(text);
    expect(f.message).toContain(message);
    // the line of the body refused: the last unless the row says
    expect(text.split('\n')[f.line - 1]).toBe(body.split('\n').at(refused));
  });
});
