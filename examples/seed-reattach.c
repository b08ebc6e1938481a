/* The first seed program (re-attach after reassociation, OpenACC 3.3 §2.7.2) written in C:
   `npx mapcheck run examples/seed-reattach.c --profile compilers` shows what each runtime does
   with it, GCC's C front end beside the runtimes' own readings. */
#include <stdio.h>
#include <stdlib.h>
#include <openacc.h>

struct container {
  int *p;
};

int main(void)
{
  struct container c;
  int *a, *b;
  int i, res[10];
  a = malloc(10 * sizeof(int));
  b = malloc(10 * sizeof(int));
  for (i = 0; i < 10; i++) {
    a[i] = 1;
    b[i] = 2;
  }
  c.p = a;
#pragma acc enter data copyin(c)
#pragma acc enter data copyin(a[0:10]) attach(c.p)
  c.p = b;
#pragma acc enter data copyin(b[0:10]) attach(c.p)
  for (i = 0; i < 10; i++)
    res[i] = -1;
#pragma acc parallel loop present(c)
  for (i = 0; i < 10; i++)
    res[i] = c.p[i];
  for (i = 0; i < 10; i++) {
    if (res[i] != 2) {
      printf("Wrong result: %d\n", res[i]);
      exit(1);
    }
  }
  printf("OK\n");
  return 0;
}
