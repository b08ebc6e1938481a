! An OpenMP Fortran program for `mapcheck import` / `mapcheck run`: a derived type whose pointer
! component is mapped with its target, a combined target construct reading through it, a section
! written on the device, a presence query and an update (OpenMP 6.0 §7.9.6, §15.8, §15.9).
program omp_struct
  use omp_lib
  use iso_c_binding, only: c_loc
  implicit none
  integer, parameter :: n = 8
  type :: box
    integer, pointer :: p(:) => null()
  end type
  type(box), target :: s
  integer, target :: a(n), b(n)
  integer :: i, res(n)
  do i = 1, n
    a(i) = i
  end do
  b = 0
  s%p => a
  !$omp target enter data map(to: s) map(to: s%p)
  res = -1
  !$omp target teams distribute parallel do map(from: res)
  do i = 1, n
    res(i) = s%p(i)
  end do
  !$omp target map(tofrom: b(2:4))
  !$omp parallel do
  do i = 2, 4
    b(i) = 7
  end do
  !$omp end target
  print *, b
  if (omp_target_is_present(c_loc(a), omp_get_default_device()) /= 0) print *, 'a is present'
  !$omp target update from(a(1:3))
  !$omp target exit data map(release: s%p) map(delete: s)
  if (any(res /= a)) then
    print *, 'Wrong result: ', res
    error stop
  end if
  print *, 'OK'
end program
