// The Fortran front end of `mapcheck import`. Expected programs are written by hand from the
// language's rules (lang/README.md); the seed programs are the two canonical Fortran programs of
// the seed study (/work/shared/seeds/000_*.txt), as they are printed there (the first one is
// examples/seed-reattach.f90), and must read as the saved cases that were written from them by hand.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../counterexamples/case.js';
import { DETACH, REATTACH } from '../../cli/test-support.js';
import { validateProgram } from '../validate.js';
import { sourceFailure } from '../test-support.js';
import { SourceError } from './directives.js';
import { evalAffine, evalInt, importFortran, integralReals } from './fortran.js';

/** The first seed program, as examples/seed-reattach.f90 keeps it (after its two comment lines). */
const REATTACH_F90 = readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'seed-reattach.f90'), 'utf8');

const DETACH_F90 = `program main
implicit none
type :: container
integer, pointer :: p(:)
end type
type(container) :: c
integer, pointer :: a(:)
integer :: i, res(10)
allocate(a(10))
a = 1
nullify(c%p)
!$acc enter data copyin(c)
!$acc exit data detach(c%p)
c%p => a
!$acc enter data copyin(a) attach(c%p)
res = -1
!$acc parallel loop present(c)
do i = 1, 10
res(i) = c%p(i)
end do
if (all(res == 1)) then
write(*,*) "OK"
else
write(*,*) "Wrong result: ", res
error stop
end if
end program
`;

/** The line a SourceError names, with its message. */
const failure = (text: string) => sourceFailure(importFortran, text);

describe('the seed programs (OpenACC 3.3 §2.7.2 attach and detach)', () => {
  it.each([
    ['re-attach after reassociation', REATTACH_F90, REATTACH],
    ['detach of a never-attached pointer', DETACH_F90, DETACH],
  ])('%s reads as the saved case written from it', (_, source, casePath) => {
    const imported = importFortran(source);
    expect(imported.program).toEqual(loadCaseFile(casePath).program);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('each step keeps its source line; the result buffer and the checks are listed, not read', () => {
    const imported = importFortran(REATTACH_F90);
    expect(imported.lines).toEqual([14, 15, 16, 17, 18, 20]);
    expect(imported.passed.map((p) => p.text)).toEqual(['line 19: fills the result buffer res (res = -1)', 'lines 24-29: checks results (if (all(res == 2)) then)']);
    expect(imported.notes.map((n) => n.line)).toEqual([22]);
    expect(imported.notes[0]!.text).toContain('res: the kernel');
  });
});

describe('OpenMP: derived types, combined constructs, sections, queries', () => {
  const source = `program omp_struct
  use omp_lib
  implicit none
  integer, parameter :: n = 8
  type :: box
    integer, pointer :: p(:) => null()
    integer :: count
  end type
  type(box) :: s
  integer, target :: a(n), b(n)
  integer :: i, res(n)
  do i = 1, n
    a(i) = i
  end do
  b = 0
  s%p => a
  !$omp target enter data map(to: s, a)
  !$omp target teams distribute parallel do map(from: res)
  do i = 1, n
    res(i) = s%p(i)
  end do
  !$omp end target teams distribute parallel do
  !$omp target map(tofrom: b(2:4)) device(1)
  !$omp parallel do
  do i = 2, 4
    b(i) = 7
  end do
  !$omp end target
  print *, b
  if (omp_target_is_present(c_loc(a), omp_get_default_device()) /= 0) print *, 'present'
  !$omp target update from(present: a(1:3))
  !$omp target exit data map(release: s%p) map(always, delete: s)
end program
`;
  it('reads every directive, the host loop filling a and the query in the if condition', () => {
    const imported = importFortran(source);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 8, init: [1, 2, 3, 4, 5, 6, 7, 8] },
          { name: 'b', length: 8, init: 0 },
        ],
        structs: [{ name: 's', pointers: ['p'], fields: [{ name: 'count' }] }],
        devices: [{ kind: 'discrete' }, { kind: 'discrete' }],
      },
      steps: [
        { op: 'pointer_assign', ptr: 's%p', target: 'a' },
        { op: 'omp_target_enter_data', maps: [{ type: 'to', vars: ['s', 'a'] }] },
        // map(from: res) names the result buffer only: the read returns it
        { op: 'omp_target', maps: [], body: { read: 's%p' } },
        { op: 'omp_target', device: 1, maps: [{ type: 'tofrom', vars: ['b(2:4)'] }], body: { write: 'b(2:4)', value: 7 } },
        { op: 'host_read', var: 'b' },
        { op: 'omp_target_is_present', ptr: { var: 'a' }, device: 0 },
        { op: 'omp_target_update', motions: [{ type: 'from', modifiers: ['present'], vars: ['a(1:3)'] }] },
        {
          op: 'omp_target_exit_data',
          maps: [
            { type: 'release', vars: ['s%p'] },
            { type: 'delete', modifiers: ['always'], vars: ['s'] },
          ],
        },
      ],
    });
    expect(imported.lines).toEqual([16, 17, 18, 23, 29, 30, 31, 32]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('OpenACC: data regions, update, routines, plain pointers, arrays of structs', () => {
  it('reads them in order; a whole-array section is the array, an element a one-element section', () => {
    const imported = importFortran(`program p
  implicit none
  type t
    integer, pointer :: q(:)
  end type
  type(t) :: cs(3)
  integer, target :: a(6) = [1, 2, 3, 4, 5, 6]
  integer, pointer :: w(:)
  integer :: i, r(6)
  w => a(2:5)
  cs(2)%q => a
  !$acc data copyin(a(1:6)) create(cs(2))
  !$acc update device(a(3)) if_present
  call acc_attach(cs(2)%q)
  !$acc kernels loop default(present) gang vector
  do i = 1, 4
    r(i) = a(i)
  end do
  !$acc end data
  call acc_copyin(w)
  if (acc_is_present(a)) then
    print *, 'yes'
  end if
  !$acc exit data delete(w(:)) finalize
  a(2:3) = 9
end program
`);
    expect(imported.program).toEqual({
      world: { arrays: [{ name: 'a', length: 6, init: [1, 2, 3, 4, 5, 6] }], structs: [{ name: 'cs', pointers: ['q'], count: 3 }], pointers: [{ name: 'w' }] },
      steps: [
        { op: 'pointer_assign', ptr: 'w', target: 'a(2:5)' },
        { op: 'pointer_assign', ptr: 'cs(2)%q', target: 'a' },
        {
          op: 'acc_data_begin',
          clauses: [
            { clause: 'copyin', vars: ['a(1:6)'] },
            { clause: 'create', vars: ['cs(2)'] },
          ],
        },
        { op: 'acc_update', clauses: [{ clause: 'device', vars: ['a(3:3)'] }], if_present: true },
        { op: 'acc_attach', ptr: 'cs(2)%q' },
        // a loop over part of an array reads that section
        { op: 'acc_parallel', clauses: [], default: 'present', body: { read: 'a(1:4)' } },
        { op: 'acc_data_end' },
        { op: 'acc_copyin', var: 'w(:)' },
        { op: 'acc_is_present', var: 'a' },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['w(:)'] }], finalize: true },
        { op: 'host_write', var: 'a(2:3)', value: 9 },
      ],
    });
    expect(validateProgram(imported.program).ok).toBe(true);
  });
});

describe('the present_or_ names of the data routines (OpenACC 3.3 §3.2.18)', () => {
  it('read as acc_copyin and acc_create', () => {
    const imported = importFortran(`program p
  use openacc
  integer :: a(4), b(4)
  call acc_present_or_copyin(a)
  call acc_pcreate(b)
  call acc_delete(b)
end program
`);
    expect(imported.program.steps).toEqual([
      { op: 'acc_copyin', var: 'a' },
      { op: 'acc_create', var: 'b' },
      { op: 'acc_delete', var: 'b' },
    ]);
  });
});

describe('the forms mapcheck emit writes too', () => {
  it('rank-2 arrays, bounds remapping, allocate with source, acc_is_present with a length, component initial values, declare, offset kernels, host reads into a buffer', () => {
    const imported = importFortran(`program p
  implicit none
  interface
    subroutine helper(x) bind(C)
      integer :: x
    end subroutine
  end interface
  type :: t
    integer, pointer :: q(:) => null()
    integer, allocatable :: x(:)
    integer :: n
    integer :: arr(3)
  end type
  type(t) :: s
  type(c_ptr) :: h
  integer, target :: a(6) = 1, m(2, 3)
  integer :: i, res(6)
  !$acc declare copyin(a)
  s%n = 4
  s%arr = [7, 8, 9]
  s%q(0:) => a(2:4)
  allocate(s%x(3), source=5)
  !$acc enter data copyin(m(1:2,2:3)) create(s)
  if (acc_is_present(a(2:3), 8)) then
    print *, 'yes'
  end if
  !$acc parallel loop copy(s%x)
  do i = 1, 2
    s%x(i + 1) = 6
  end do
  !$acc parallel loop present(a)
  do i = 1, 3
    res(i) = a(i + 3)
  end do
  res(1:3) = s%q
end program
`);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 6, init: 1 },
          { name: 'm', length: 6, shape: [2, 3] },
        ],
        structs: [
          {
            name: 's',
            pointers: ['q', 'x'],
            fields: [
              { name: 'n', init: 4 },
              { name: 'arr', length: 3, init: [7, 8, 9] },
            ],
            allocatable: ['x'],
          },
        ],
      },
      steps: [
        { op: 'acc_declare', clauses: [{ clause: 'copyin', vars: ['a'] }] },
        { op: 'pointer_assign', ptr: 's%q', target: 'a(2:4)', lbound: 0 },
        { op: 'allocate', ptr: 's%x', length: 3, value: 5 },
        {
          op: 'acc_enter_data',
          clauses: [
            { clause: 'copyin', vars: ['m(1:2,2:3)'] },
            { clause: 'create', vars: ['s'] },
          ],
        },
        { op: 'acc_is_present', var: 'a(2:3)', bytes: 8 },
        // s%x(i + 1) over i = 1..2: elements 2 and 3
        { op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['s%x'] }], body: { write: 's%x(2:3)', value: 6 } },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['a'] }], body: { read: 'a(4:6)' } },
        { op: 'host_read', var: 's%q' },
      ],
    });
    expect(validateProgram(imported.program).ok).toBe(true);
    expect(imported.passed.map((p) => p.text)).toContain('lines 3-7: interface block');
  });
});

describe('OpenMP static data, mappers and aliases', () => {
  it('declare target, declare mapper (given to each struct of its type) and a pointer aliasing a component in target update', () => {
    const imported = importFortran(`program p
  implicit none
  type :: t
    integer, pointer :: q(:)
  end type
  type(t) :: s
  integer, target :: a(4), b(4)
  integer, pointer :: u(:)
  !$omp declare target to(a) link(b)
  !$omp declare mapper (t :: m) map(tofrom: m) map(to: m%q)
  s%q => b
  !$omp target enter data map(to: s) device(1)
  u => s%q(2:3)
  !$omp target update from(u) device(-1)
end program
`);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 4 },
          { name: 'b', length: 4 },
        ],
        structs: [{ name: 's', pointers: ['q'] }],
        devices: [{ kind: 'discrete' }, { kind: 'discrete' }],
        mappers: [
          {
            struct: 's',
            maps: [
              { type: 'tofrom', vars: ['s'] },
              { type: 'to', vars: ['s%q'] },
            ],
          },
        ],
      },
      steps: [
        {
          op: 'omp_declare_target',
          clauses: [
            { clause: 'enter', vars: ['a'] },
            { clause: 'link', vars: ['b'] },
          ],
        },
        { op: 'pointer_assign', ptr: 's%q', target: 'b' },
        { op: 'omp_target_enter_data', device: 1, maps: [{ type: 'to', vars: ['s'] }] },
        // u => s%q(2:3) makes u another name for that section: no step of its own
        { op: 'omp_target_update', device: -1, motions: [{ type: 'from', vars: ['s%q(2:3)'] }] },
      ],
    });
    expect(validateProgram(imported.program).ok).toBe(true);
    expect(failure('program p\ntype :: t\ninteger, pointer :: q(:)\nend type\ntype(t) :: s\ninteger, pointer :: u(:)\nu => s%q\n!$omp target enter data map(to: u)\nend program\n')).toMatchObject({ line: 8 });
  });
});

describe('checks of the program\'s data', () => {
  it('the data a passed-over check reads is read on the host there: a loop over x(i) its elements, any other use the whole object', () => {
    const imported = importFortran(`program p
  integer, parameter :: n = 6
  type :: t
    integer, allocatable :: x(:)
  end type
  type(t) :: v
  integer :: a(n), i
  allocate(v%x(4))
  !$acc data copy(v) copy(v%x) copyin(a)
  !$acc parallel loop
  do i = 1, 4
    v%x(i) = 5
  end do
  !$acc end data
  do i = 2, 3
    if (i .ne. v%x(i)) stop 1
  end do
  if (any(a /= 0)) then
    print *, "a changed"
    error stop
  end if
end program
`);
    expect(imported.program.steps.slice(-2)).toEqual([
      { op: 'host_read', var: 'v%x(2:3)' },
      { op: 'host_read', var: 'a' },
    ]);
    expect(imported.lines.slice(-2)).toEqual([15, 18]);
    expect(imported.passed.map((p) => p.text)).toEqual([
      'lines 15-17: host loop (do i = 2, 3); its reads of v%x(2:3) are host reads',
      'lines 18-21: checks results (if (any(a /= 0)) then); its reads of a are host reads',
    ]);
  });

  it('a one-line if reads the data of its condition, as a block if does; a result buffer is not data', () => {
    const imported = importFortran(`program p
  integer :: a(8), r(8), i
  a = 1
  !$acc data copy(a)
  !$acc parallel loop
  do i = 1, 8
    a(i) = 7
  end do
  !$acc parallel loop
  do i = 1, 8
    r(i) = a(i)
  end do
  !$acc end data
  if (r(3) /= 7) stop 1
  if (a(3) /= 7) stop 2
end program
`);
    expect(imported.program.steps.at(-1)).toEqual({ op: 'host_read', var: 'a' });
    expect(imported.lines.at(-1)).toBe(15);
    expect(imported.passed.map((p) => p.text).slice(-2)).toEqual(['line 14: checks results (if (r(3) /= 7) stop 1)', 'line 15: checks results (if (a(3) /= 7) stop 2); its reads of a are host reads']);
  });
});

// The programs of the two describes below: a world, the first directive, then a kernel or a host loop.
const head = `program p
  integer, parameter :: n = 8
  type :: t
    integer, allocatable :: x(:)
  end type
  type(t) :: v
  integer :: a(n), i
  allocate(v%x(n))
  !$acc enter data copyin(a, v, v%x)
`;
/** A kernel (lines 10-13: the construct, `do i = range`, the assignment, end do). */
const kernel = (range: string, assign: string) => `${head}  !$acc parallel loop\n  do i = ${range}\n    ${assign}\n  end do\nend program\n`;
/** A host loop after the first directive (lines 10-12: `do i = range`, the assignment, end do). */
const hostLoop = (range: string, assign: string) => `${head}  do i = ${range}\n    ${assign}\n  end do\nend program\n`;

describe('writes of an affine function of the loop index (OpenACC 3.3 §2.5.1 kernels, host loops)', () => {
  // element k of the reference (from 0) gets value + k * by: value is the write at the loop's first
  // iteration, by the coefficient of i; a constant keeps no by

  it.each([
    ['1, 8', 'v%x(i) = i', { write: 'v%x', value: 1, by: 1 }],
    ['3, 6', 'a(i) = 2*i', { write: 'a(3:6)', value: 6, by: 2 }],
    ['1, n', 'a(i) = i + 3', { write: 'a', value: 4, by: 1 }],
    ['1, n', 'a(i) = 2*i - 1', { write: 'a', value: 1, by: 2 }],
    ['1, n', 'a(i) = 10 - i', { write: 'a', value: 9, by: -1 }],
    ['2, 5', 'a(i) = -i', { write: 'a(2:5)', value: -2, by: -1 }],
    ['1, n', 'a(i) = (i)', { write: 'a', value: 1, by: 1 }],
    // a(i + 2) over i = 1..4 is a(3:6), whose first element is written at i = 1
    ['1, 4', 'a(i + 2) = i', { write: 'a(3:6)', value: 1, by: 1 }],
    // a(i - 2) over i = 3..8 is a(1:6); at i = 3: 3*3 + 8
    ['3, n', 'a(i - 2) = 3*i + n', { write: 'a(1:6)', value: 17, by: 3 }],
    ['1, n', 'v%x(i) = (i + 1) * 2', { write: 'v%x', value: 4, by: 2 }],
    ['5, 8', 'v%x(i) = 4*(i - n)', { write: 'v%x(5:8)', value: -12, by: 4 }],
    // constants, the index cancelling out included: no by
    ['1, n', 'a(i) = n - 1', { write: 'a', value: 7 }],
    ['1, n', 'a(i) = i - i + 5', { write: 'a', value: 5 }],
  ])('kernel do i = %s: %s', (range, assign, body) => {
    const imported = importFortran(kernel(range, assign));
    expect(imported.program.steps[2]).toEqual({ op: 'acc_parallel', clauses: [], body });
    expect(imported.lines[2]).toBe(10);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it.each([
    ['1, n', 'v%x(i) = i', { var: 'v%x', value: 1, by: 1 }],
    ['3, 6', 'a(i) = 2*i', { var: 'a(3:6)', value: 6, by: 2 }],
    ['1, 4', 'a(i + 4) = 10 - i', { var: 'a(5:8)', value: 9, by: -1 }],
    // a constant over the whole array writes the array, over part of it that section
    ['1, n', 'a(i) = 3', { var: 'a', value: 3 }],
    ['2, 3', 'a(i) = 0', { var: 'a(2:3)', value: 0 }],
  ])('host loop do i = %s: %s', (range, assign, step) => {
    const imported = importFortran(hostLoop(range, assign));
    expect(imported.program.steps.slice(2)).toEqual([{ op: 'host_write', ...step }]);
    expect(imported.lines[2]).toBe(11);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('a host loop on one line, and a component filled before the first directive (its initial value)', () => {
    expect(importFortran(`${head}  do i = 1, n; v%x(i) = n + 1 - i; end do\nend program\n`).program.steps[2]).toEqual({ op: 'host_write', var: 'v%x', value: 8, by: -1 });
    const imported = importFortran('program p\n  type :: t\n    integer :: arr(4)\n  end type\n  type(t) :: s\n  integer :: i\n  do i = 1, 4\n    s%arr(i) = 3*i\n  end do\n  !$acc enter data copyin(s)\nend program\n');
    expect(imported.program).toEqual({
      world: { arrays: [], structs: [{ name: 's', pointers: [], fields: [{ name: 'arr', length: 4, init: [3, 6, 9, 12] }] }] },
      steps: [{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['s'] }] }],
    });
  });

  it.each([
    ['a product of the index with itself', kernel('1, n', 'a(i) = i*i'), 12, 'the kernel assigns i*i'],
    ['a division', kernel('1, n', 'a(i) = i/2'), 12, 'the kernel assigns i/2'],
    ['a power', kernel('1, n', 'a(i) = i**2'), 12, 'the kernel assigns i**2'],
    ['a call', kernel('1, n', 'a(i) = mod(i, 2)'), 12, 'the kernel assigns mod(i,2)'],
    ['a variable that is no parameter', kernel('1, n', 'a(i) = i + k'), 12, 'the kernel assigns i+k'],
    ['a loop that runs backwards', kernel('n, 1, -1', 'a(i) = i'), 11, 'the kernel loop needs do i = lo, hi (no stride)'],
    ['a host loop writing a product of the index', hostLoop('1, n', 'a(i) = i*i'), 11, 'a host loop writes a constant or an affine function of i'],
    ['a host loop that runs backwards', hostLoop('n, 1, -1', 'a(i) = i'), 10, 'a host loop needs do i = lo, hi (no stride)'],
  ])('refused: %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });

  it('reads libgomp\'s deep copy of an allocatable component (deep-copy-2.f90, n = 8), its fill loop a ramp', () => {
    const imported = importFortran(`program dtype
  implicit none
  integer, parameter :: n = 8
  type mytype
    integer, allocatable :: a(:)
  end type mytype
  integer i

  type(mytype) :: var

  allocate(var%a(1:n))
  do i = 1, n
    var%a(i) = n + 1 - i
  end do

!$acc data copy(var) copy(var%a(1:n))

!$acc parallel loop
  do i = 1,n
    var%a(i) = i
  end do
!$acc end parallel loop

!$acc end data

  do i = 1,n
    if (i .ne. var%a(i)) stop 1
  end do

  deallocate(var%a)

end program dtype
`);
    expect(imported.program).toEqual({
      world: { arrays: [], structs: [{ name: 'var', pointers: ['a'], allocatable: ['a'] }] },
      steps: [
        { op: 'allocate', ptr: 'var%a', length: 8 },
        // at i = 1: 8 + 1 - 1, then one less per element
        { op: 'host_write', var: 'var%a', value: 8, by: -1 },
        {
          op: 'acc_data_begin',
          clauses: [
            { clause: 'copy', vars: ['var'] },
            { clause: 'copy', vars: ['var%a(1:8)'] },
          ],
        },
        { op: 'acc_parallel', clauses: [], body: { write: 'var%a', value: 1, by: 1 } },
        { op: 'acc_data_end' },
        // the check loop reads var%a(i) for i = 1..8: all of var%a
        { op: 'host_read', var: 'var%a' },
        { op: 'deallocate', ptr: 'var%a' },
      ],
    });
    expect(imported.lines).toEqual([11, 13, 16, 18, 24, 26, 30]);
    expect(imported.passed.map((p) => p.text)).toEqual(['lines 26-28: host loop (do i = 1,n); its reads of var%a are host reads']);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('reads libgomp\'s deep-copy-1.f90 as written: an allocation of 512 elements (up to MAX_ALLOCATION_LENGTH)', () => {
    const source = (n: number) => `program dtype
  implicit none
  integer, parameter :: n = ${n}
  type mytype
    integer, allocatable :: a(:)
  end type mytype
  integer i
  type(mytype) :: var
  allocate(var%a(1:n))
!$acc data copy(var)
!$acc data copy(var%a)
!$acc parallel loop
  do i = 1,n
    var%a(i) = i
  end do
!$acc end parallel loop
!$acc end data
!$acc end data
  do i = 1,n
    if (i .ne. var%a(i)) stop 1
  end do
  deallocate(var%a)
end program dtype
`;
    const imported = importFortran(source(512));
    expect(imported.program.steps[0]).toEqual({ op: 'allocate', ptr: 'var%a', length: 512 });
    expect(imported.program.steps[3]).toEqual({ op: 'acc_parallel', clauses: [], body: { write: 'var%a', value: 1, by: 1 } });
    expect(validateProgram(imported.program).ok).toBe(true);
    expect(() => importFortran(source(1025))).toThrow(/var%a: 1025 elements; mapcheck's allocatable components hold 1 to 1024/);
  });
});

describe('adds to the element written (X(i) = X(i) + e; lang/program.ts WriteBody add)', () => {
  // value and by are what the loop adds: at the reference's first element, and per element more

  it.each([
    ['1, 8', 'a(i) = a(i) + 1', { write: 'a', value: 1, add: true }],
    // at i = 3: 2*3, then 2 more per element
    ['3, 6', 'a(i) = a(i) + 2*i', { write: 'a(3:6)', value: 6, by: 2, add: true }],
    ['1, n', 'a(i) = 3 + a(i)', { write: 'a', value: 3, add: true }],
    ['1, n', 'a(i) = (a(i) + n)', { write: 'a', value: 8, add: true }],
    ['1, n', 'a(i) = a(i) + 1.0', { write: 'a', value: 1, add: true }],
    // a(i) - e adds -e: at i = 2, -4
    ['1, n', 'a(i) = a(i) - 1', { write: 'a', value: -1, add: true }],
    ['2, 5', 'a(i) = a(i) - 2*i', { write: 'a(2:5)', value: -4, by: -2, add: true }],
    ['1, n', 'a(i) = a(i) - (i - 1)', { write: 'a', value: 0, by: -1, add: true }],
    // the element among other terms: 1 + i is added, 2 at i = 1
    ['1, n', 'a(i) = 1 + a(i) + i', { write: 'a', value: 2, by: 1, add: true }],
    // a(i + 2) over i = 1..4 is a(3:6); at i = 1: 1
    ['1, 4', 'a(i + 2) = a(i + 2) + i', { write: 'a(3:6)', value: 1, by: 1, add: true }],
    // as mapcheck emit writes an add: at i = 1, 10
    ['1, 8', 'v%x(i) = v%x(i) + (10 * i)', { write: 'v%x', value: 10, by: 10, add: true }],
  ])('kernel do i = %s: %s', (range, assign, body) => {
    const imported = importFortran(kernel(range, assign));
    expect(imported.program.steps[2]).toEqual({ op: 'acc_parallel', clauses: [], body });
    expect(imported.lines[2]).toBe(10);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it.each([
    ['1, n', 'a(i) = a(i) + 1', { var: 'a', value: 1, add: true }],
    ['3, 6', 'a(i) = a(i) + 2*i', { var: 'a(3:6)', value: 6, by: 2, add: true }],
    // v%x(i + 4) over i = 1..4 is v%x(5:8); -i at i = 1: -1
    ['1, 4', 'v%x(i + 4) = v%x(i + 4) - i', { var: 'v%x(5:8)', value: -1, by: -1, add: true }],
  ])('host loop do i = %s: %s', (range, assign, step) => {
    const imported = importFortran(hostLoop(range, assign));
    expect(imported.program.steps.slice(2)).toEqual([{ op: 'host_write', ...step }]);
    expect(imported.lines[2]).toBe(11);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('before the first directive an add goes into the initial values set above it', () => {
    // a = 2, then a(i) + i: 3, 4, 5, 6
    expect(importFortran('program p\ninteger :: a(4), i\na = 2\ndo i = 1, 4\na(i) = a(i) + i\nend do\n!$acc enter data copyin(a)\nend program\n').program.world.arrays).toEqual([
      { name: 'a', length: 4, init: [3, 4, 5, 6] },
    ]);
    // a = 5, then a(i + 1) + 10*i for i = 2, 3: a(3) 25, a(4) 35
    expect(importFortran('program p\ninteger :: a(4), i\na = 5\ndo i = 2, 3\na(i + 1) = a(i + 1) + 10*i\nend do\n!$acc enter data copyin(a)\nend program\n').program.world.arrays).toEqual([
      { name: 'a', length: 4, init: [5, 5, 25, 35] },
    ]);
    // a component: 1 - i for i = 1..4
    const imported = importFortran('program p\ntype :: t\ninteger :: arr(4)\nend type\ntype(t) :: s\ninteger :: i\ns%arr = 1\ndo i = 1, 4\ns%arr(i) = s%arr(i) - i\nend do\n!$acc enter data copyin(s)\nend program\n');
    expect(imported.program.world.structs).toEqual([{ name: 's', pointers: [], fields: [{ name: 'arr', length: 4, init: [0, -1, -2, -3] }] }]);
    expect(imported.program.steps).toEqual([{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['s'] }] }]);
  });

  it.each([
    // a copy reads an array of the program (lang/README.md "Copy kernels"), not a component
    ['a component\'s element', kernel('1, n', 'a(i) = v%x(i) + 1'), 12, "the kernel's a(i) = v%x(i) + 1: it reads v%x(i); a copy reads an array or a scalar variable of the program, not a component"],
    // a(2:8) into a(1:7): each iteration would read what another writes
    ['another element of the array', kernel('1, 7', 'a(i) = a(i+1) + 1'), 12, "the kernel's a(i) = a(i+1) + 1: it reads a(2:8) and writes a(1:7): an element would read what the write of another changes"],
    ['the element times 2', kernel('1, n', 'a(i) = 2*a(i)'), 12, 'the kernel assigns 2*a(i): a write kernel stores'],
    ['the element times 2, on the right', kernel('1, n', 'a(i) = a(i) * 2'), 12, 'the kernel assigns a(i)*2: a write kernel stores'],
    ['the element subtracted', kernel('1, n', 'a(i) = 1 - a(i)'), 12, "the kernel's a(i) = 1 - a(i): it subtracts a(i); a copy adds one element of an array"],
    ['an add of a product of the index', kernel('1, n', 'a(i) = a(i) + i*i'), 12, 'the kernel assigns a(i)+i*i: an add kernel adds a constant or an affine function of i'],
    ['an add of the element itself twice', kernel('1, n', 'a(i) = a(i) + a(i) + a(i)'), 12, 'it reads a 2 times; a copy adds one element of one array'],
    ['a host loop adding a call', hostLoop('1, n', 'a(i) = a(i) + mod(i, 2)'), 11, 'a host loop adds a constant or an affine function of i'],
    ['a host loop doubling', hostLoop('1, n', 'a(i) = a(i) * 2'), 11, 'a host loop writes a constant or an affine function of i'],
    ['an add before the first directive to an array with no value', 'program p\ninteger :: a(4), i\ndo i = 1, 4\na(i) = a(i) + 1\nend do\n!$acc enter data copyin(a)\nend program\n', 4, 'an add before the first directive needs the values of a set above it'],
    [
      'an add before the first directive through a pointer component',
      'program p\ntype t\ninteger, pointer :: p(:)\nend type\ntype(t) :: c\ninteger, target :: x(4)\ninteger :: i\nx = 1\nc%p => x\ndo i = 1, 4\nc%p(i) = c%p(i) + 1\nend do\n!$acc enter data copyin(x)\nend program\n',
      11,
      'an add before the first directive is read only into an array or a component whose values the program set above it',
    ],
  ])('refused: %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });
});

describe('what is refused, with the line that says why', () => {
  const head = 'program p\ninteger :: a(4), i, r(4)\n';
  it('an upper-case clause is no macro in Fortran: no -D hint', () => {
    expect(failure(`${head}!$ACC ENTER DATA COPYIN(a) IF(i > 0)\nend program\n`)).toEqual({ line: 3, message: 'clause if of !$acc enter data is not imported' });
  });
  it.each([
    ['an unknown directive', `${head}!$acc frobnicate(a)\nend program\n`, 3, 'OpenACC directive "frobnicate" is not one mapcheck imports'],
    ['a directive inside an if block', `${head}if (i > 0) then\n!$acc enter data copyin(a)\nend if\nend program\n`, 4, 'a directive inside a host block'],
    // (r(i) = a(i) then r(i) = r(i) + 1 is a kernel of two statements: lang/README.md "Kernels of several statements")
    ['a kernel of two statements that race', `${head}!$acc parallel loop\ndo i = 1, 3\nr(i) = a(i)\na(i + 1) = 1\nend do\nend program\n`, 6, 'overlap without being the same elements'],
    ['an undeclared array', `${head}!$acc enter data copyin(b)\nend program\n`, 3, 'b is not an array or derived-type variable'],
    ['OpenACC and OpenMP together', `${head}!$acc enter data copyin(a)\n!$omp target enter data map(to: a)\nend program\n`, 4, 'mixes OpenACC and OpenMP'],
    ['a clause that changes mapping and is not read', `${head}!$acc enter data copyin(a) if(i > 0)\nend program\n`, 3, 'clause if of !$acc enter data is not imported'],
    ['a conditional host write', `${head}!$acc enter data copyin(a)\nif (i > 0) a = 3\nend program\n`, 4, 'conditional change'],
    ['a directive in a procedure', `${head}!$acc enter data copyin(a)\ncontains\nsubroutine s\n!$acc exit data delete(a)\nend subroutine\nend program\n`, 6, 'inside a procedure'],
    ['a kernel adding two arrays', `${head}integer :: b(4)\n!$acc enter data copyin(a, r)\n!$acc parallel loop\ndo i = 1, 4\nr(i) = a(i) + b(i)\nend do\nend program\n`, 7, "the kernel's r(i) = a(i) + b(i): it reads a and b; a copy reads one array"],
    ['an array of 4097 elements', 'program p\ninteger :: a(4097)\n!$acc enter data copyin(a)\nend program\n', 2, '4097 elements'],
  ])('%s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });

  it('a program with no directive has nothing to check', () => {
    expect(failure('program p\ninteger :: a(4)\na = 1\nend program\n')).toEqual({ line: 1, message: 'no directive, runtime routine or pointer statement was found: nothing to check' });
  });
});

describe('free-form source', () => {
  it('joins continuations (directives keep their sentinel), drops comments, splits at semicolons, ignores case', () => {
    const imported = importFortran(`PROGRAM P
  INTEGER :: A(4), B(4) ! two arrays
  A = 1; B = 2
  !$ACC ENTER DATA COPYIN(A) &
  !$ACC& COPYIN(B)   ! both
  !$acc exit data &
  !$acc   copyout(a(1:&
  !$acc   2))
END PROGRAM P
`);
    expect(imported.program.steps).toEqual([
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a'] }, { clause: 'copyin', vars: ['b'] }] },
      { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(1:2)'] }] },
    ]);
    expect(imported.program.world).toEqual({ arrays: [{ name: 'a', length: 4, init: 1 }, { name: 'b', length: 4, init: 2 }], structs: [] });
  });

  it('evaluates constant integer expressions with parameters and size()', () => {
    const lookup = (n: string) => ({ n: 10, 'size(a)': 6 })[n] ?? null;
    expect(evalInt('2*n - (3 + 1)', lookup, 1)).toBe(16);
    expect(evalInt('size(a) + 1', lookup, 1)).toBe(7);
    expect(evalInt('-4_8', lookup, 1)).toBe(-4);
    expect(() => evalInt('m + 1', lookup, 7)).toThrow(SourceError);
    expect(() => evalInt('2**3', lookup, 7)).toThrow('not a constant integer expression');
  });

  it('evaluates an affine function of a loop index as k * i + c', () => {
    const lookup = (n: string) => ({ n: 10 })[n] ?? null;
    // 2*(i - 10) + 1 = 2i - 19
    expect(evalAffine('2*(i - n) + 1', lookup, 1, 'i')).toEqual({ k: 2, c: -19 });
    expect(evalAffine('-(i) + n', lookup, 1, 'i')).toEqual({ k: -1, c: 10 });
    expect(evalAffine('n*3', lookup, 1, 'i')).toEqual({ k: 0, c: 30 });
    expect(() => evalAffine('i*(i + 1)', lookup, 7, 'i')).toThrow(SourceError);
    expect(() => evalInt('i + 1', lookup, 7)).toThrow('not a constant integer expression');
  });
});

describe('idioms of the libgomp test suite (libgomp.oacc-fortran data-5.f90, update-1.f90, target-enter-data-1.f90)', () => {
  it('reads dimension(:) attributes, / in parameters, integral real values, a scalar set once, loops of several assignments and acc_update_self', () => {
    const imported = importFortran(`program p
  use openacc
  implicit none
  integer, allocatable, dimension(:) :: a, b
  integer, parameter :: n = 8, h = n / 2
  integer :: i, m, c(6)
  m = 6
  allocate(a(n), b(m))
  a = 3.0
  do i = 1, m
    b(i) = 0.0
    c(i) = i
  end do
  !$acc enter data copyin(a(1:h), b, c)
  do i = 1, h
    a(i) = 5.0
    b(i) = 2*i
  end do
  call acc_update_self(b)
  call acc_update_device(c(2:3))
  !$acc exit data delete(a(1:h), b, c)
end program
`);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 8, init: 3 },
          { name: 'b', length: 6, init: 0 },
          { name: 'c', length: 6, init: [1, 2, 3, 4, 5, 6] },
        ],
        structs: [],
      },
      steps: [
        { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:4)', 'b', 'c'] }] },
        { op: 'host_write', var: 'a(1:4)', value: 5 },
        { op: 'host_write', var: 'b(1:4)', value: 2, by: 2 },
        { op: 'acc_update', clauses: [{ clause: 'self', vars: ['b'] }] },
        { op: 'acc_update', clauses: [{ clause: 'device', vars: ['c(2:3)'] }] },
        { op: 'acc_exit_data', clauses: [{ clause: 'delete', vars: ['a(1:4)', 'b', 'c'] }] },
      ],
    });
    expect(imported.lines).toEqual([14, 16, 17, 19, 20, 21]);
  });

  const head = 'program p\ninteger, allocatable :: a(:)\ninteger :: m\n';
  it.each([
    ['a scalar set twice', `${head}m = 4\nm = 5\nallocate(a(m))\n!$acc enter data copyin(a)\nend program\n`, 6, '"m" is not a constant integer expression'],
    ['a scalar a call may change', `${head}m = 4\ncall setup(m)\nallocate(a(m))\n!$acc enter data copyin(a)\nend program\n`, 6, '"m" is not a constant integer expression'],
    ['a scalar set in a one-line if', `${head}if (m > 0) m = 4\nallocate(a(m))\n!$acc enter data copyin(a)\nend program\n`, 5, '"m" is not a constant integer expression'],
    ['a scalar used before its assignment', `${head}allocate(a(m))\nm = 4\n!$acc enter data copyin(a)\nend program\n`, 4, '"m" is not a constant integer expression'],
    ['a real value that is no integer', 'program p\nreal :: a(4)\na = 2.5\n!$acc enter data copyin(a)\nend program\n', 3, 'read only with a constant integer value'],
    ['a host loop writing one array twice', 'program p\ninteger :: a(4), i\n!$acc enter data copyin(a)\ndo i = 1, 3\na(i) = 1\na(i + 1) = 2\nend do\nend program\n', 6, 'a(i + 1) = 2 writes a, which line 5 of this loop also writes'],
    [
      'a host loop writing an array and a pointer component that may point into it',
      'program p\ntype t\ninteger, pointer :: q(:)\nend type\ntype(t) :: c\ninteger, target :: x(4)\ninteger :: i\nc%q => x\n!$acc enter data copyin(x)\ndo i = 1, 3\nx(i) = 1\nc%q(i + 1) = 2\nend do\nend program\n',
      12,
      'c%q(i + 1) = 2 writes through c%q, a pointer that may point to storage another statement of this loop touches',
    ],
    [
      'acc_update_device of a pointer component',
      'program p\ntype t\ninteger, pointer :: p(:)\nend type\ntype(t) :: c\ninteger, target :: a(4)\nc%p => a\ncall acc_update_device(c%p)\nend program\n',
      8,
      'of a component is not imported',
    ],
  ])('refuses %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });

  it('a loop of assignments to two allocatable components of one struct is two host writes (deep-copy-5.f90)', () => {
    const imported = importFortran(`program p
type t
integer, allocatable :: a(:), b(:)
end type
type(t) :: var
integer :: i
allocate(var%a(4), var%b(4))
!$acc enter data copyin(var)
do i = 1, 4
var%a(i) = 0
var%b(i) = 3 - i
end do
end program
`);
    expect(imported.program.steps).toEqual([
      { op: 'allocate', ptr: 'var%a', length: 4 },
      { op: 'allocate', ptr: 'var%b', length: 4 },
      { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['var'] }] },
      { op: 'host_write', var: 'var%a', value: 0 },
      { op: 'host_write', var: 'var%b', value: 2, by: -1 },
    ]);
  });

  it('divides constants, truncating toward zero, and keeps integral real literals only', () => {
    const lookup = (n: string) => ({ n: 10 })[n] ?? null;
    expect(evalInt('n / 4', lookup, 1)).toBe(2);
    expect(evalInt('-7 / 2', lookup, 1)).toBe(-3);
    expect(evalInt('(n + 2) / 3 * 2', lookup, 1)).toBe(8);
    expect(() => evalInt('n / 0', lookup, 7)).toThrow(SourceError);
    expect(() => evalAffine('i / 2', lookup, 7, 'i')).toThrow(SourceError);
    expect(integralReals('3.0 + 5. - 2.0d0 * 1.0_8')).toBe('3 + 5 - 2 * 1');
    expect(integralReals('2.5 + 1e3 + x.0')).toBe('2.5 + 1e3 + x.0');
    expect(integralReals('a .eq. 3')).toBe('a .eq. 3');
  });
});

describe('scalar variables the program uses as data (lang/program.ts ArrayDecl scalar)', () => {
  /** A main program with `decls` (line 3) and then `body`, one statement a line: the body starts at line 4. */
  const prog = (decls: string, body: string) => `program main\n  implicit none\n  ${decls}\n${body}\nend program\n`;

  it('a mapped scalar with an initialiser, written by a target construct without a loop, checked and printed', () => {
    const imported = importFortran(
      prog(
        'integer :: x = 111',
        '  !$omp target data map(alloc: x) map(from: x)\n  !$omp target map(present, alloc: x)\n  x = 222\n  !$omp end target\n  !$omp end target data\n  if (x /= 222) stop 1\n  print *, "x =", x',
      ),
    );
    expect(imported.program).toEqual({
      world: { arrays: [{ name: 'x', length: 1, init: 111, scalar: true }], structs: [] },
      steps: [
        { op: 'omp_target_data_begin', maps: [{ type: 'alloc', vars: ['x'] }, { type: 'from', vars: ['x'] }] },
        { op: 'omp_target', maps: [{ type: 'alloc', modifiers: ['present'], vars: ['x'] }], body: { write: 'x', value: 222 } },
        { op: 'omp_target_data_end' },
        { op: 'host_read', var: 'x' },
        { op: 'host_read', var: 'x' },
      ],
    });
    expect(imported.lines).toEqual([4, 5, 8, 9, 10]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it.each([
    ['x = 222', { write: 'x', value: 222 }],
    ['x = 2.0', { write: 'x', value: 2 }],
    ['x = x + 1', { write: 'x', value: 1, add: true }],
    ['x = 3 + x', { write: 'x', value: 3, add: true }],
    ['x = x - 2', { write: 'x', value: -2, add: true }],
  ])('the kernel %s under acc serial, without a loop', (stmt, body) => {
    const imported = importFortran(prog('integer :: x = 1', `  !$acc serial copy(x)\n  ${stmt}\n  !$acc end serial`));
    expect(imported.program.steps).toEqual([{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['x'] }], body }]);
    expect(imported.lines).toEqual([4]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('routines, a print in the kernel, host writes and adds, and a scalar without an initial value', () => {
    const imported = importFortran(
      prog(
        'integer :: x',
        '  x = 4\n  call acc_copyin(x)\n  !$acc serial present(x)\n  print *, x\n  !$acc end serial\n  x = 5\n  x = x + 2\n  if (.not. acc_is_present(x)) stop 2\n  call acc_delete(x)',
      ),
    );
    expect(imported.program).toEqual({
      world: { arrays: [{ name: 'x', length: 1, init: 4, scalar: true }], structs: [] },
      steps: [
        { op: 'acc_copyin', var: 'x' },
        { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['x'] }], body: { read: 'x' } },
        { op: 'host_write', var: 'x', value: 5 },
        { op: 'host_write', var: 'x', value: 2, add: true },
        { op: 'acc_is_present', var: 'x' },
        { op: 'acc_delete', var: 'x' },
      ],
    });
    expect(imported.notes).toEqual([]);
    const uninitialised = importFortran(prog('integer :: i', '  !$omp target enter data map(alloc: i)\n  !$omp target update from(present: i)'));
    expect(uninitialised.program.world.arrays).toEqual([{ name: 'i', length: 1, scalar: true }]);
    expect(uninitialised.notes).toEqual([{ line: 3, text: 'i has no initial value: it starts as 0, the world\'s default (as an array without one)' }]);
  });

  it('reads a scalar kernel as mapcheck emit writes it: a loop of one iteration', () => {
    const imported = importFortran(
      prog(
        'integer :: v1, i, res(1)',
        '  v1 = 41\n  !$acc data copy(v1)\n  !$acc parallel loop present(v1)\n  do i = 1, 1\n    v1 = v1 + (1)\n  end do\n  res = -1\n  !$acc parallel loop present(v1)\n  do i = 1, 1\n    res(i) = v1\n  end do\n  !$acc end data\n  res = v1',
      ),
    );
    expect(imported.program.steps).toEqual([
      { op: 'acc_data_begin', clauses: [{ clause: 'copy', vars: ['v1'] }] },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['v1'] }], body: { write: 'v1', value: 1, add: true } },
      { op: 'acc_parallel', clauses: [{ clause: 'present', vars: ['v1'] }], body: { read: 'v1' } },
      { op: 'acc_data_end' },
      { op: 'host_read', var: 'v1' },
    ]);
    expect(imported.program.world.arrays).toEqual([{ name: 'v1', length: 1, init: 41, scalar: true }]);
  });

  it('a scalar used only as a constant stays a constant; one that is data is no constant anywhere', () => {
    const constant = importFortran(prog('integer :: n = 4, i\n  integer :: a(4)', '  !$acc parallel loop copy(a)\n  do i = 1, n\n    a(i) = n\n  end do'));
    expect(constant.program.world.arrays).toEqual([{ name: 'a', length: 4 }]);
    expect(constant.program.steps).toEqual([{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['a'] }], body: { write: 'a', value: 4 } }]);
    expect(failure(prog('integer :: n = 4\n  integer :: a(n)', '  !$acc enter data copyin(n)'))).toEqual({
      line: 4,
      message: 'n is data of the program (line 5: named in a clause of !$acc enter data): mapcheck does not also read its value as a constant (a copy back or a kernel changes it); give the constant a variable of its own',
    });
    expect(failure(prog('integer :: n = 4, i\n  integer :: a(4)', '  !$acc enter data copyin(n)\n  !$acc parallel loop copy(a)\n  do i = 1, 4\n    a(i) = n\n  end do')).message).toMatch(/^n is data of the program \(line 5: /);
    expect(failure(prog('integer :: n = 4, i\n  integer :: a(4)', '  !$omp target\n  n = 2\n  !$omp end target\n  do i = 1, n\n    a(i) = 0\n  end do'))).toMatchObject({
      line: 8,
      message: expect.stringMatching(/^n is data of the program \(line 6: written by the compute construct at line 5\)/),
    });
  });

  it('a kernel that uses a scalar no clause names is imported as written, for the language\'s firstprivate reading; a private copy named in a clause is refused', () => {
    const imported = importFortran(prog('integer :: x = 1', '  !$omp target\n  x = 5\n  !$omp end target'));
    expect(imported.program.steps).toEqual([{ op: 'omp_target', maps: [], body: { write: 'x', value: 5 } }]);
    // the language reads it as firstprivate (lang/README.md "Scalar variables")
    expect(validateProgram(imported.program).ok).toBe(true);
    expect(failure(prog('integer :: x = 1', '  !$acc serial copy(x) private(x)\n  x = 3\n  !$acc end serial'))).toEqual({
      line: 4,
      message: 'x is private to the construct (private, firstprivate, reduction): mapcheck does not model a private copy',
    });
  });

  it.each([
    ['an add under acc parallel (every gang runs it)', '  !$acc parallel copy(x)\n  x = x + 1\n  !$acc end parallel', 5, 'under !$acc parallel without a loop every gang runs the statement, so it is not one add'],
    ['two statements under a copying map', '  !$omp target map(tofrom: x)\n  print *, x\n  x = 2\n  !$omp end target', 4, 'read as one kernel each, which means the same only where its clauses copy nothing'],
    ['a kernel that copies a scalar times 2', '  !$omp target map(tofrom: x, y)\n  x = 2*y\n  !$omp end target', 5, "the kernel's x = 2*y: a kernel without a loop stores a constant into a scalar, or that plus another scalar variable (x = 222, x = y + 1)"],
    ['a section of a scalar', '  !$omp target enter data map(to: x(1:1))', 4, 'x(1:1): x is a scalar variable; it takes no subscript or component (name it whole: x)'],
    ['a host loop over the scalar', '  !$omp target enter data map(to: x)\n  do x = 1, 3\n    y = 1\n  end do', 5, 'the host loop\'s index x is the scalar variable x, data of the program'],
    ['a change of the scalar in an if block', '  !$omp target enter data map(to: x)\n  if (y > 0) then\n    x = 3\n  end if', 6, 'a conditional change of the program\'s data (line 5) is not imported'],
    ['a one-line conditional change', '  !$omp target enter data map(to: x)\n  if (y > 0) x = 3', 5, 'a conditional change of the program\'s data is not imported'],
    ['an unnamed scalar under acc kernels (copy there, OpenACC 3.3 §2.6.2)', '  !$acc kernels\n  x = 5\n  !$acc end kernels', 4, 'on a kernels construct that is copy'],
  ])('refuses %s', (_, body, line, message) => {
    const f = failure(prog('integer :: x = 1, y = 2', body));
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });
});

describe('copies (lang/README.md "Copy kernels": a write with from)', () => {
  // element k of `from` pairs with element k of the write: over i = lo..hi, a(i + 2) reads a(lo+2:hi+2)
  const copyHead = `program p
  integer, parameter :: n = 8
  integer :: a(n), b(n), c(10), i
  integer :: x = 1, y = 2
  !$acc enter data copyin(a, b, c, x, y)
`;
  /** A kernel (lines 6-9: the construct, `do i = range`, the assignment, end do). */
  const copyKernel = (range: string, assign: string) => `${copyHead}  !$acc parallel loop\n  do i = ${range}\n    ${assign}\n  end do\nend program\n`;
  /** A host loop after the first directive (lines 6-8). */
  const copyLoop = (range: string, assign: string) => `${copyHead}  do i = ${range}\n    ${assign}\n  end do\nend program\n`;

  it.each([
    ['1, n', 'b(i) = a(i)', { write: 'b', value: 0, from: 'a' }],
    ['1, n', 'b(i) = a (i) + 1', { write: 'b', value: 1, from: 'a' }],
    ['1, n', 'b(i) = a(i) + 1.0', { write: 'b', value: 1, from: 'a' }],
    // b(1:6) from a(3:8); at i = 1 the value 2*1, then 2 more per element
    ['1, 6', 'b(i) = 2*i + a(i+2)', { write: 'b(1:6)', value: 2, by: 2, from: 'a(3:8)' }],
    ['1, n', 'b(i) = b(i) + a(i)', { write: 'b', value: 0, add: true, from: 'a' }],
    ['1, n', 'b(i) = a(i) + b(i) - 1', { write: 'b', value: -1, add: true, from: 'a' }],
    // b(i + 1) over 1..7 is b(2:8), a(i) a(1:7)
    ['1, 7', 'b(i + 1) = a(i) + n', { write: 'b(2:8)', value: 8, from: 'a(1:7)' }],
    ['3, 10', 'c(i) = (a(i - 2))', { write: 'c(3:10)', value: 0, from: 'a' }],
    // one array: the same section read and written
    ['1, n', 'a(i) = a(i) + a(i)', { write: 'a', value: 0, add: true, from: 'a' }],
    ['1, n', 'a(i) = a(i)', { write: 'a', value: 0, from: 'a' }],
    // disjoint sections of one array
    ['1, 5', 'c(i + 5) = c(i) + 1', { write: 'c(6:10)', value: 1, from: 'c(1:5)' }],
    // a loop of one iteration copies a scalar variable (as mapcheck emit writes a scalar kernel)
    ['1, 1', 'x = y + 3', { write: 'x', value: 3, from: 'y' }],
    ['1, 1', 'x = x + a(i)', { write: 'x', value: 0, add: true, from: 'a(1:1)' }],
    ['3, 3', 'b(i) = y', { write: 'b(3:3)', value: 0, from: 'y' }],
  ])('kernel do i = %s: %s', (range, assign, body) => {
    const imported = importFortran(copyKernel(range, assign));
    expect(imported.program.steps.slice(1)).toEqual([{ op: 'acc_parallel', clauses: [], body }]);
    expect(imported.lines).toEqual([5, 6]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('an OpenMP target construct keeps the maps of both arrays', () => {
    const imported = importFortran(`program p
  integer :: a(4), b(4), i
  a = 7
  !$omp target teams distribute parallel do map(to: a) map(from: b)
  do i = 1, 4
    b(i) = a(i) + 0
  end do
  !$omp end target teams distribute parallel do
  print *, b
end program
`);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 4, init: 7 },
          { name: 'b', length: 4 },
        ],
        structs: [],
      },
      steps: [
        {
          op: 'omp_target',
          maps: [
            { type: 'to', vars: ['a'] },
            { type: 'from', vars: ['b'] },
          ],
          body: { write: 'b', value: 0, from: 'a' },
        },
        { op: 'host_read', var: 'b' },
      ],
    });
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it.each([
    ['1, n', 'b(i) = a(i) + 1', { var: 'b', value: 1, from: 'a' }],
    // at i = 2: 2*2, then 2 more per element
    ['2, 5', 'b(i) = b(i) + 2*i + a(i)', { var: 'b(2:5)', value: 4, by: 2, add: true, from: 'a(2:5)' }],
    ['1, n', 'c(i + 2) = a(i)', { var: 'c(3:10)', value: 0, from: 'a' }],
  ])('host loop do i = %s: %s', (range, assign, step) => {
    const imported = importFortran(copyLoop(range, assign));
    expect(imported.program.steps.slice(1)).toEqual([{ op: 'host_write', ...step }]);
    expect(imported.lines).toEqual([5, 7]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it.each([
    ['b = a', { var: 'b', value: 0, from: 'a' }],
    ['b(:) = a(:)', { var: 'b', value: 0, from: 'a' }],
    ['b(1:4) = a(5:8) + 1', { var: 'b(1:4)', value: 1, from: 'a(5:8)' }],
    ['c(3) = a(8)', { var: 'c(3:3)', value: 0, from: 'a(8:8)' }],
    ['x = y', { var: 'x', value: 0, from: 'y' }],
    ['x = x + y - 2', { var: 'x', value: -2, add: true, from: 'y' }],
  ])('a host assignment %s', (assign, step) => {
    const imported = importFortran(`${copyHead}  ${assign}\nend program\n`);
    expect(imported.program.steps.slice(1)).toEqual([{ op: 'host_write', ...step }]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('before the first directive a copy goes into the initial values (all of from read first)', () => {
    const imported = importFortran(`program p
  integer :: a(4), b(4), c(4), i
  integer :: x, y = 5
  a = [1, 2, 3, 4]
  do i = 1, 4
    b(i) = a(i) + i
  end do
  c = b
  c(1:2) = c(3:4) + 10
  x = y + 1
  !$acc enter data copyin(a, b, c, x, y)
end program
`);
    expect(imported.program.world.arrays).toEqual([
      { name: 'a', length: 4, init: [1, 2, 3, 4] },
      { name: 'b', length: 4, init: [2, 4, 6, 8] },
      { name: 'c', length: 4, init: [16, 18, 6, 8] },
      { name: 'x', length: 1, init: 6, scalar: true },
      { name: 'y', length: 1, init: 5, scalar: true },
    ]);
    expect(imported.program.steps).toEqual([{ op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a', 'b', 'c', 'x', 'y'] }] }]);
  });

  it.each([
    ['x = y', { write: 'x', value: 0, from: 'y' }],
    ['x = y + 3', { write: 'x', value: 3, from: 'y' }],
    ['x = x + y', { write: 'x', value: 0, add: true, from: 'y' }],
    ['x = a(2) - 1', { write: 'x', value: -1, from: 'a(2:2)' }],
  ])('a kernel without a loop: %s', (stmt, body) => {
    const imported = importFortran(`program p\n  integer :: a(4) = 3\n  integer :: x = 1, y = 2\n  !$acc serial copy(x, y, a)\n  ${stmt}\n  !$acc end serial\nend program\n`);
    expect(imported.program.steps).toEqual([{ op: 'acc_parallel', clauses: [{ clause: 'copy', vars: ['x', 'y', 'a'] }], body }]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('reads libgomp\'s data-1.f90: an array named by enter data is no result buffer, so b(i) = a(i) is a copy', () => {
    const imported = importFortran(`! { dg-do run }

program test
  integer, parameter :: N = 8
  real, allocatable :: a(:), b(:)

  allocate (a(N))
  allocate (b(N))

  a(:) = 3.0
  b(:) = 0.0

  !$acc enter data copyin (a(1:N), b(1:N))

  !$acc parallel
  do i = 1, n
    b(i) = a (i)
  end do
  !$acc end parallel

  !$acc exit data copyout (a(1:N), b(1:N))

  do i = 1, n
    if (a(i) .ne. 3.0) STOP 1
    if (b(i) .ne. 3.0) STOP 2
  end do

  a(:) = 5.0
  b(:) = 1.0

  !$acc enter data copyin (a(1:N), b(1:N))

  !$acc parallel
  do i = 1, n
    b(i) = a (i)
  end do
  !$acc end parallel

  !$acc exit data copyout (a(1:N), b(1:N))

  do i = 1, n
    if (a(i) .ne. 5.0) STOP 3
    if (b(i) .ne. 5.0) STOP 4
  end do
end program test
`);
    const enter = { op: 'acc_enter_data', clauses: [{ clause: 'copyin', vars: ['a(1:8)', 'b(1:8)'] }] };
    const exit = { op: 'acc_exit_data', clauses: [{ clause: 'copyout', vars: ['a(1:8)', 'b(1:8)'] }] };
    const copy = { op: 'acc_parallel', clauses: [], body: { write: 'b', value: 0, from: 'a' } };
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'a', length: 8, init: 3 },
          { name: 'b', length: 8, init: 0 },
        ],
        structs: [],
      },
      steps: [
        enter,
        copy,
        exit,
        // the check loop reads a(i) and b(i) for i = 1..8
        { op: 'host_read', var: 'a' },
        { op: 'host_read', var: 'b' },
        { op: 'host_write', var: 'a', value: 5 },
        { op: 'host_write', var: 'b', value: 1 },
        enter,
        copy,
        exit,
        { op: 'host_read', var: 'a' },
        { op: 'host_read', var: 'b' },
      ],
    });
    expect(imported.lines).toEqual([13, 15, 21, 23, 23, 28, 29, 31, 33, 39, 41, 41]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('an array read as a result buffer that a later step maps is data: the read is a copy, the construct\'s clause naming it kept', () => {
    const imported = importFortran(`program p
  integer :: a(4), r(4), i
  a = 1
  !$acc parallel loop copyin(a) copyout(r)
  do i = 1, 4
    r(i) = a(i)
  end do
  !$acc update self(r)
end program
`);
    expect(imported.program.steps).toEqual([
      {
        op: 'acc_parallel',
        clauses: [
          { clause: 'copyin', vars: ['a'] },
          { clause: 'copyout', vars: ['r'] },
        ],
        body: { write: 'r', value: 0, from: 'a' },
      },
      { op: 'acc_update', clauses: [{ clause: 'self', vars: ['r'] }] },
    ]);
    expect(validateProgram(imported.program).ok).toBe(true);
    // named by no other step, r stays the kernel's result buffer
    expect(importFortran('program p\n  integer :: a(4), r(4), i\n  a = 1\n  !$acc parallel loop copyin(a) copyout(r)\n  do i = 1, 4\n    r(i) = a(i)\n  end do\nend program\n').program.steps).toEqual([
      { op: 'acc_parallel', clauses: [{ clause: 'copyin', vars: ['a'] }], body: { read: 'a' } },
    ]);
  });

  it.each([
    ['two arrays', copyKernel('1, n', 'c(i) = a(i) + b(i)'), 8, "the kernel's c(i) = a(i) + b(i): it reads a and b; a copy reads one array (X(i) = Y(i) + 1), so a sum of two is not imported"],
    ['a product of two arrays', copyKernel('1, n', 'c(i) = a(i) * b(i)'), 8, 'the kernel assigns a(i)*b(i): a write kernel stores a constant or an affine function of i, or that plus one element of an array (a copy)'],
    ['an element times 2', copyKernel('1, n', 'b(i) = 2*a(i)'), 8, 'the kernel assigns 2*a(i): a write kernel stores'],
    ['a subtracted element', copyKernel('1, n', 'b(i) = 1 - a(i)'), 8, "the kernel's b(i) = 1 - a(i): it subtracts a(i); a copy adds one element of an array"],
    ['a product of the index beside the copy', copyKernel('1, n', 'b(i) = a(i) + i*i'), 8, "the kernel's b(i) = a(i) + i*i: a copy adds a constant or an affine function of i to the element it reads"],
    ['one element for every iteration', copyKernel('1, n', 'b(i) = a(3)'), 8, "the kernel's b(i) = a(3): it reads a(3); a copy reads the element a(i) or a(i + k) of each iteration"],
    ['a whole array in a loop', copyKernel('1, n', 'b(i) = a + 1'), 8, "the kernel's b(i) = a + 1: it names all of a; in a loop a copy reads the element a(i)"],
    ['a scalar variable in a loop of several iterations', copyKernel('1, n', 'b(i) = x + 1'), 8, 'x is data of the program (line 5: named in a clause of !$acc enter data)'],
    ['elements outside the array', copyKernel('1, n', 'b(i) = a(i + 1)'), 8, 'a(2:9): (2:9) is outside a(1:8)'],
    ['overlapping sections of one array', copyKernel('1, 5', 'c(i + 1) = c(i)'), 8, "the kernel's c(i + 1) = c(i): it reads c(1:5) and writes c(2:6): an element would read what the write of another changes"],
    ['a host loop over overlapping sections', copyLoop('1, 9', 'c(i + 1) = c(i)'), 7, 'it reads c(1:9) and writes c(2:10)'],
    ['a host loop copying what it also writes', `${copyHead}  do i = 1, n\n    a(i) = 1\n    b(i) = a(i)\n  end do\nend program\n`, 8, 'b(i) = a(i) reads a, which line 7 of this loop writes: not imported (write the loop as two loops)'],
    ['a fill reading what the loop also fills', 'program p\n  integer :: a(4), b(4), i\n  do i = 1, 4\n    a(i) = i\n    b(i) = a(i)\n  end do\n  !$acc enter data copyin(a, b)\nend program\n', 5, 'b(i) = a(i) reads a, which this loop also fills'],
    ['a host assignment of other sizes', `${copyHead}  b(1:4) = a\nend program\n`, 6, 'b(1:4) = a: b(1:4) has 4 elements and a 8; a copy reads as many elements as it writes'],
    ['a kernel without a loop copying an array into a scalar', `${copyHead}  !$acc serial copy(x, a)\n  x = a\n  !$acc end serial\nend program\n`, 7, "the kernel's x = a: x has 1 element and a 8"],
  ])('refused: %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });

  it.each([
    ['a component written', kernel('1, n', 'v%x(i) = a(i)'), 12, "the kernel's v%x(i) = a(i): it writes v%x; a copy writes an array or a scalar variable of the program, not a component"],
    ['a component read on the host', hostLoop('1, n', 'a(i) = v%x(i)'), 11, 'a(i) = v%x(i): it reads v%x(i); a copy reads an array or a scalar variable of the program, not a component'],
    [
      'a pointer read',
      'program p\n  integer, target :: t(4)\n  integer, pointer :: q(:)\n  integer :: a(4), i\n  q => t\n  !$acc enter data copyin(t, a)\n  !$acc parallel loop\n  do i = 1, 4\n    a(i) = q(i)\n  end do\nend program\n',
      9,
      "the kernel's a(i) = q(i) (a copy: a is data another step uses, no result buffer): q is a pointer; a copy reads an array or a scalar variable of the program (name the target itself)",
    ],
    [
      'a mapped array read from a component (no result buffer, so a copy)',
      'program p\n  type :: t\n    integer, pointer :: p(:)\n  end type\n  type(t) :: c\n  integer, target :: a(4)\n  integer :: i, res(4)\n  c%p => a\n  !$acc enter data copyin(a, c, res) attach(c%p)\n  !$acc parallel loop present(c)\n  do i = 1, 4\n    res(i) = c%p(i)\n  end do\nend program\n',
      12,
      "the kernel's res(i) = c%p(i) (a copy: res is data another step uses, no result buffer): it reads c%p(i); a copy reads an array or a scalar variable of the program, not a component",
    ],
    ['a rank-2 array read', 'program p\n  integer :: m(2, 4), a(4), i\n  !$acc enter data copyin(m, a)\n  !$acc parallel loop\n  do i = 1, 4\n    a(i) = m(1, i)\n  end do\nend program\n', 6, "the kernel's a(i) = m(1, i): m has rank 2; a copy of a rank-2 array is not imported"],
  ])('refused: %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.line).toBe(line);
  });
});

describe('kernels of several statements (lang/README.md "Kernels of several statements": a body {"writes": [...]})', () => {
  it('a kernel loop of two assignments to allocatable components is one block; a component is named by a section (deep-copy-3.f90, n = 8)', () => {
    const imported = importFortran(`program dtype
  implicit none
  integer, parameter :: n = 8
  type mytype
    integer, allocatable :: a(:)
    integer, allocatable :: b(:)
  end type mytype
  integer i
  type(mytype) :: var
  allocate(var%a(1:n))
  allocate(var%b(1:n))
!$acc parallel loop copy(var) copy(var%a(1:n)) copy(var%b(1:n))
  do i = 1,n
    var%a(i) = i
    var%b(i) = 2 * i + 1
  end do
!$acc end parallel loop
end program dtype
`);
    expect(imported.program).toEqual({
      world: { arrays: [], structs: [{ name: 'var', pointers: ['a', 'b'], allocatable: ['a', 'b'] }] },
      steps: [
        { op: 'allocate', ptr: 'var%a', length: 8 },
        { op: 'allocate', ptr: 'var%b', length: 8 },
        {
          op: 'acc_parallel',
          clauses: [
            { clause: 'copy', vars: ['var'] },
            { clause: 'copy', vars: ['var%a(1:8)'] },
            { clause: 'copy', vars: ['var%b(1:8)'] },
          ],
          // element k of each statement is iteration k + 1: var%a(k+1) = k+1, var%b(k+1) = 2(k+1) + 1
          body: {
            writes: [
              { write: 'var%a(1:8)', value: 1, by: 1 },
              { write: 'var%b(1:8)', value: 3, by: 2 },
            ],
          },
        },
      ],
    });
    expect(imported.lines).toEqual([10, 11, 12]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('three statements over part of the loop (deep-copy-4.f90 and -5.f90 shapes): sections shifted by the loop bounds, an allocatable array whole where the loop covers it', () => {
    const imported = importFortran(`program dtype
  integer, parameter :: n = 16
  type mytype
    integer, allocatable :: a(:), b(:)
  end type mytype
  integer, allocatable :: r(:)
  integer i
  type(mytype) :: var
  allocate(var%a(1:n), var%b(1:n), r(1:n - 8))
!$acc enter data copyin(var, var%a, var%b, r)
!$acc parallel loop
  do i = 5, n - 4
    var%a(i) = i
    var%b(i) = i * 2
    r(i - 4) = i * 3
  end do
!$acc end parallel loop
end program dtype
`);
    expect(imported.program.steps.slice(3)).toEqual([
      {
        op: 'acc_parallel',
        clauses: [],
        body: {
          writes: [
            { write: 'var%a(5:12)', value: 5, by: 1 },
            { write: 'var%b(5:12)', value: 10, by: 2 },
            { write: 'r', value: 15, by: 3 },
          ],
        },
      },
    ]);
    expect(imported.lines[3]).toBe(11);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('a statement of the block may copy (from) or add; a result buffer written in a block is data (SinkUsed), its read a copy', () => {
    const imported = importFortran(`program p
  integer, parameter :: n = 8
  integer :: x(n), y(n), r(n), i
  x = 1
  !$acc parallel loop copy(x, y)
  do i = 2, n
    y(i) = x(i) + 1
    x(i) = x(i) + i
  end do
  !$acc parallel loop
  do i = 1, n
    r(i) = x(i)
    y(i) = 0
  end do
  print *, r
end program
`);
    expect(imported.program).toEqual({
      world: {
        arrays: [
          { name: 'x', length: 8, init: 1 },
          { name: 'y', length: 8 },
          { name: 'r', length: 8 },
        ],
        structs: [],
      },
      steps: [
        {
          op: 'acc_parallel',
          clauses: [{ clause: 'copy', vars: ['x', 'y'] }],
          body: {
            writes: [
              { write: 'y(2:8)', value: 1, from: 'x(2:8)' },
              { write: 'x(2:8)', value: 2, by: 1, add: true },
            ],
          },
        },
        {
          op: 'acc_parallel',
          clauses: [],
          body: {
            writes: [
              { write: 'r', value: 0, from: 'x' },
              { write: 'y', value: 0 },
            ],
          },
        },
        { op: 'host_read', var: 'r' },
      ],
    });
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('a compute construct without a loop that assigns elements: one write body of the element, or a block of them', () => {
    const imported = importFortran(`program p
  integer :: a(4), b(4)
  !$omp target enter data map(to: a, b)
  !$omp target
    a(2) = 5
    b(1) = a(2) + 1
    a(3) = a(3) + 1
  !$omp end target
  !$omp target
    a(4) = 7
  !$omp end target
end program
`);
    expect(imported.program.steps.slice(1)).toEqual([
      {
        op: 'omp_target',
        maps: [],
        body: {
          writes: [
            { write: 'a(2:2)', value: 5 },
            { write: 'b(1:1)', value: 1, from: 'a(2:2)' },
            { write: 'a(3:3)', value: 1, add: true },
          ],
        },
      },
      { op: 'omp_target', maps: [], body: { write: 'a(4:4)', value: 7 } },
    ]);
    expect(imported.lines).toEqual([3, 4, 9]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  it('a host loop of several assignments is one host write each, in order (deep-copy-5.f90 after its data construct)', () => {
    const imported = importFortran(`program p
  integer, parameter :: n = 8
  type t
    integer, allocatable :: a(:), b(:)
  end type
  type(t) :: var
  integer :: c(n), i
  allocate(var%a(n), var%b(n))
  !$acc data copy(var)
  do i = 1, n
    var%a(i) = 0
    var%b(i) = 0
    c(i) = 10 - i
  end do
  !$acc end data
end program
`);
    expect(imported.program.steps.slice(3, 6)).toEqual([
      { op: 'host_write', var: 'var%a', value: 0 },
      { op: 'host_write', var: 'var%b', value: 0 },
      { op: 'host_write', var: 'c', value: 9, by: -1 },
    ]);
    expect(imported.lines.slice(3, 6)).toEqual([11, 12, 13]);
    expect(validateProgram(imported.program).ok).toBe(true);
  });

  const head = `program p
  integer, parameter :: n = 4
  type t
    integer, allocatable :: x(:)
    integer, pointer :: q(:)
  end type
  type(t) :: c
  integer, target :: a(n)
  integer :: b(n), s, i
  allocate(c%x(n))
  c%q => a
  !$acc enter data copyin(a, b, c, c%x)
`;
  /** A kernel loop over 1..n of the statements given (the construct at line 13, the statements from line 15). */
  const block = (...stmts: string[]) => `${head}  !$acc parallel loop\n  do i = 1, n\n${stmts.map((st) => `    ${st}\n`).join('')}  end do\nend program\n`;
  it.each([
    ['a statement the importer cannot read', block('a(i) = i', 'b(i) = i*i'), 16, "the kernel assigns i*i: a write kernel stores a constant or an affine function of i"],
    ['a statement that is no assignment', block('a(i) = i', 'call f(i)'), 16, "the kernel's call f(i): a kernel loop holds assignments to an element of the loop's index (X(i) = v writes v"],
    ['a statement reading what another iteration writes', `${head}  !$acc parallel loop\n  do i = 1, 3\n    a(i) = 1\n    b(i) = a(i + 1)\n  end do\nend program\n`, 16, "the kernel's b(i) = a(i + 1): it reads a(2:4) and line 15's a(i) = 1 writes a(1:3), which overlap without being the same elements"],
    ['statements writing overlapping sections', `${head}  !$acc parallel loop\n  do i = 1, 3\n    b(i) = 1\n    b(i + 1) = 2\n  end do\nend program\n`, 16, 'b(2:4) and line 15\'s b(i) = 1 writes b(1:3), which overlap without being the same elements: an element one iteration writes would be one another iteration uses (a data race)'],
    ['a pointer component over several elements', block('c%x(i) = 1', 'c%q(i) = 2'), 16, "the kernel's c%q(i) = 2: c%q(1:4) goes through pointer component c%q, which may point into another reference of the kernel"],
    ['a scalar one statement writes and another reads', `${head.replace('!$acc enter data copyin(a, b, c, c%x)', '!$acc enter data copyin(a, b, c, c%x, s)')}  !$acc parallel loop\n  do i = 1, 1\n    s = 1\n    a(i) = s + 1\n  end do\nend program\n`, 16, "the kernel's a(i) = s + 1: s is a scalar variable that line 15's s = 1 writes"],
    ['nine statements', block(...Array.from({ length: 9 }, (_, k) => `b(i) = ${k}`)), 23, 'the kernel loop holds 9 statements: a kernel of several statements holds 2 to 8'],
    ['a directive inside the kernel loop', block('a(i) = 1', '!$acc loop', 'b(i) = 2'), 16, 'a directive inside the kernel loop is not imported'],
    ['a loop inside the kernel loop', block('a(i) = 1', 'do s = 1, 2', 'b(i) = 2', 'end do'), 16, 'a loop inside the kernel loop is not imported'],
    ['a component of each element of an array of structs', 'program p\ntype t\ninteger :: a\nend type\ntype(t) :: d(4)\ninteger :: i\n!$acc parallel loop\ndo i = 1, 4\nd(i)%a = i\nd(i)%a = i\nend do\nend program\n', 9, "the kernel's d(i)%a = i: the loop's index picks an element of an array of structs"],
    ['an add without a loop where every gang runs it', `${head}  !$acc parallel\n    a(1) = 1\n    b(2) = b(2) + 1\n  !$acc end parallel\nend program\n`, 15, "the kernel's b(2) = b(2) + 1: under !$acc parallel without a loop every gang runs the statement, so it is not one add"],
    ['a read without a loop of what another statement writes, where every gang runs them', `${head}  !$acc kernels\n    a(1) = 1\n    b(2) = a(1) + 1\n  !$acc end kernels\nend program\n`, 15, "the kernel's b(2) = a(1) + 1: under !$acc kernels without a loop every gang runs the statements, so its read of a(1:1) may see another gang's write (line 14)"],
    ['a statement without a loop that assigns no element', `${head}  !$acc serial\n    a(1) = 1\n    call f(a)\n  !$acc end serial\nend program\n`, 15, "the kernel's call f(a): a compute construct without a loop is read when each of its statements assigns an element"],
    ['a host loop writing through a pointer component beside another statement', `${head}  do i = 1, n\n    c%x(i) = 1\n    c%q(i) = 2\n  end do\nend program\n`, 15, 'c%q(i) = 2 writes through c%q, a pointer that may point to storage another statement of this loop touches'],
  ])('refused: %s', (_, source, line, message) => {
    const f = failure(source);
    expect(f.message).toContain(message);
    expect(f.message).not.toContain('\n');
    expect(f.line).toBe(line);
  });
});
