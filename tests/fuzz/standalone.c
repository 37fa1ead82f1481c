/*
** tests/fuzz/standalone.c -- runs a fuzz target without libFuzzer.
**
**   fuzz_TARGET FILE|DIR ...
**
** Feeds every file named, and every regular file of every directory
** named (in name order), to LLVMFuzzerTestOneInput.  A finding aborts
** the process, so replaying a corpus this way is a regression test.
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static int run_file (const char *path) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t n = 0, cap = 0;
  if (f == NULL) {
    fprintf(stderr, "%s: cannot open\n", path);
    return 1;
  }
  for (;;) {
    size_t got;
    if (cap - n < 65536) {
      unsigned char *nb = realloc(buf, cap + 65536);
      if (nb == NULL) {
        fprintf(stderr, "%s: out of memory\n", path);
        free(buf);
        fclose(f);
        return 1;
      }
      buf = nb;
      cap += 65536;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) break;
  }
  if (ferror(f)) {
    fprintf(stderr, "%s: read error\n", path);
    free(buf);
    fclose(f);
    return 1;
  }
  fclose(f);
  fprintf(stderr, "running %s (%zu bytes)\n", path, n);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 0;
}

static int by_name (const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir (const char *dir, int *count) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;
  int bad = 0;
  if (d == NULL) {
    fprintf(stderr, "%s: cannot open the directory\n", dir);
    return 1;
  }
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      char **nn = realloc(names, (cap ? cap * 2 : 64) * sizeof *names);
      if (nn == NULL) { bad = 1; break; }
      names = nn;
      cap = cap ? cap * 2 : 64;
    }
    names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
    if (names[n] == NULL) { bad = 1; break; }
    sprintf(names[n], "%s/%s", dir, e->d_name);
    n++;
  }
  closedir(d);
  if (n > 1) qsort(names, n, sizeof *names, by_name);
  for (i = 0; i < n; i++) {
    struct stat st;
    if (!bad && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
      bad |= run_file(names[i]);
      (*count)++;
    }
    free(names[i]);
  }
  free(names);
  if (bad) fprintf(stderr, "%s: could not run every file\n", dir);
  return bad;
}

int main (int argc, char **argv) {
  int i, bad = 0, count = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE|DIR ...\n", argv[0]);
    return 2;
  }
  for (i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "%s: no such file or directory\n", argv[i]);
      bad = 1;
    } else if (S_ISDIR(st.st_mode)) {
      bad |= run_dir(argv[i], &count);
    } else {
      bad |= run_file(argv[i]);
      count++;
    }
  }
  fprintf(stderr, "%d input%s run\n", count, count == 1 ? "" : "s");
  if (count == 0) {
    fprintf(stderr, "no inputs\n");
    return 1;
  }
  return bad;
}
