/*
** core/phase.c -- the ruleset's phase list.
*/
#include "phase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *name, *side, *cite;
  char **kinds;
  int nkinds;
} phase;

struct bitwa_phases {
  phase *list;
  int n;
};

static char *dup (const char *s) {
  size_t n = strlen(s ? s : "") + 1;
  char *d = malloc(n);
  if (d == NULL) { fprintf(stderr, "bitwa: out of memory\n"); abort(); }
  memcpy(d, s ? s : "", n);
  return d;
}

bitwa_phases *bitwa_phases_new (void) {
  bitwa_phases *p = calloc(1, sizeof *p);
  if (p == NULL) { fprintf(stderr, "bitwa: out of memory\n"); abort(); }
  return p;
}

void bitwa_phases_free (bitwa_phases *p) {
  int i, k;
  if (p == NULL) return;
  for (i = 0; i < p->n; i++) {
    free(p->list[i].name); free(p->list[i].side); free(p->list[i].cite);
    for (k = 0; k < p->list[i].nkinds; k++) free(p->list[i].kinds[k]);
    free(p->list[i].kinds);
  }
  free(p->list);
  free(p);
}

int bitwa_phases_add (bitwa_phases *p, const char *name, const char *side,
                      const char *cite) {
  phase *l;
  if (name == NULL || name[0] == '\0' || bitwa_phases_find(p, name) >= 0) return -1;
  l = realloc(p->list, (size_t)(p->n + 1) * sizeof *l);
  if (l == NULL) return -1;
  p->list = l;
  l[p->n].name = dup(name);
  l[p->n].side = dup(side);
  l[p->n].cite = dup(cite);
  l[p->n].kinds = NULL;
  l[p->n].nkinds = 0;
  return p->n++;
}

int bitwa_phases_allow (bitwa_phases *p, int i, const char *kind) {
  char **k;
  if (i < 0 || i >= p->n || kind == NULL) return -1;
  if (bitwa_phases_allows(p, i, kind) && strcmp(kind, "*") != 0) {
    int j;   /* already there by name: nothing to do */
    for (j = 0; j < p->list[i].nkinds; j++)
      if (strcmp(p->list[i].kinds[j], kind) == 0) return 0;
  }
  k = realloc(p->list[i].kinds, (size_t)(p->list[i].nkinds + 1) * sizeof *k);
  if (k == NULL) return -1;
  p->list[i].kinds = k;
  k[p->list[i].nkinds++] = dup(kind);
  return 0;
}

int bitwa_phases_count (const bitwa_phases *p) { return p->n; }

int bitwa_phases_find (const bitwa_phases *p, const char *name) {
  int i;
  for (i = 0; i < p->n; i++)
    if (strcmp(p->list[i].name, name) == 0) return i;
  return -1;
}

#define FIELD(fn, f) \
  const char *fn (const bitwa_phases *p, int i) { \
    return (i >= 0 && i < p->n) ? p->list[i].f : NULL; \
  }
FIELD(bitwa_phases_name, name)
FIELD(bitwa_phases_side, side)
FIELD(bitwa_phases_cite, cite)

bool bitwa_phases_allows (const bitwa_phases *p, int i, const char *kind) {
  int k;
  if (i < 0 || i >= p->n) return false;
  for (k = 0; k < p->list[i].nkinds; k++)
    if (strcmp(p->list[i].kinds[k], "*") == 0 || strcmp(p->list[i].kinds[k], kind) == 0)
      return true;
  return false;
}

int bitwa_phases_nkinds (const bitwa_phases *p, int i) {
  return (i >= 0 && i < p->n) ? p->list[i].nkinds : 0;
}

const char *bitwa_phases_kind (const bitwa_phases *p, int i, int k) {
  if (i < 0 || i >= p->n || k < 0 || k >= p->list[i].nkinds) return NULL;
  return p->list[i].kinds[k];
}

bool bitwa_phases_next (const bitwa_phases *p, int *turn, int *index) {
  if (p->n == 0) return false;
  if (*index + 1 < p->n) { (*index)++; return false; }
  *index = 0;
  (*turn)++;
  return true;
}
