/*
** core/state.c -- entities, typed slots, variables, events, checksum.
*/
#include "state.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *name;
  bitwa_type type;
  int64_t dflt;
} slot_decl;

typedef struct {
  char *key;
  bitwa_type type;
  int64_t value;
} var_entry;

/* A change since the mark, as what undoes it. */
typedef enum { J_SET, J_SPAWN, J_REMOVE, J_VAR } jkind;
typedef struct {
  jkind kind;
  int id, slot;            /* J_SET, J_SPAWN, J_REMOVE */
  char *key;               /* J_VAR: the variable, nil type when it was absent */
  bitwa_type type;
  int64_t old;
} jentry;

struct bitwa_state {
  slot_decl *slots;
  int nslots, slots_cap;
  /* entity rows: row i holds entity id i+1; alive[i] says if it exists */
  int64_t *values;         /* nentities * nslots */
  unsigned char *alive;
  int nentities, entities_cap;
  /* interned strings: id = index */
  char **strings;
  int nstrings, strings_cap;
  var_entry *vars;
  int nvars, vars_cap;
  char **events;
  int nevents, events_cap;
  bitwa_state_event_info *einfo;   /* what each event changed */
  int einfo_cap;
  bool recording;
  uint64_t version;        /* entity content's version (bitwa_state_version) */
  uint64_t pos_version;    /* entities' and variables' (bitwa_state_position_version) */
  uint64_t *strhash;       /* content hash of each interned string */
  /* the interned strings' ids by content hash (open addressing, -1 for
  ** an empty place), made once there are STRIDX_FROM strings and never
  ** copied (a clone or a copy cut back makes its own when it needs it);
  ** NULL: strings are found by a scan */
  int *stridx;
  int stridx_cap;
  long scanned;            /* strings compared by scans since made or copied */
  uint64_t sum;            /* the incremental hash's sum of terms */
  /* the journal: while marked, every change since the mark */
  bool marked;
  jentry *journal;
  int njournal, journal_cap;
  uint64_t mark_version, mark_pos_version;
  int mark_nstrings;       /* strings interned at the mark */
};

static uint64_t cell_term (const bitwa_state *s, int id, int slot, int64_t v);
static uint64_t var_term (const bitwa_state *s, const char *key, bitwa_type t, int64_t v);

/* Versions come from one counter: two states hold the same version only
** when one is an unchanged clone of the other. */
static uint64_t version_counter;
static void touch (bitwa_state *s) { s->version = s->pos_version = ++version_counter; }
static void touch_vars (bitwa_state *s) { s->pos_version = ++version_counter; }

uint64_t bitwa_state_version (const bitwa_state *s) { return s->version; }
uint64_t bitwa_state_position_version (const bitwa_state *s) { return s->pos_version; }

/* ---------------------------------------------------------------- */

static void *xrealloc (void *p, size_t n) {
  void *q = realloc(p, n ? n : 1);
  if (q == NULL) { fprintf(stderr, "bitwa: out of memory\n"); abort(); }
  return q;
}

static char *xstrdup (const char *s) {
  size_t n = strlen(s) + 1;
  char *d = xrealloc(NULL, n);
  memcpy(d, s, n);
  return d;
}

#define GROW(arr, n, cap) do { \
    if ((n) >= (cap)) { (cap) = (cap) ? (cap) * 2 : 8; \
      (arr) = xrealloc((arr), (size_t)(cap) * sizeof *(arr)); } \
  } while (0)

static jentry *journal_add (bitwa_state *s, jkind kind) {
  jentry *e;
  GROW(s->journal, s->njournal, s->journal_cap);
  e = &s->journal[s->njournal++];
  memset(e, 0, sizeof *e);
  e->kind = kind;
  return e;
}

/* Hexes as one integer: both parts offset to be non-negative, so that
** any hex from -32768 to 32767 in each coordinate round-trips. */
int64_t bitwa_hex_pack (bitwa_hex h) {
  return ((int64_t)h.col + 32768) * 65536 + ((int64_t)h.row + 32768);
}

bitwa_hex bitwa_hex_unpack (int64_t v) {
  bitwa_hex h;
  h.col = (int)(v / 65536 - 32768);
  h.row = (int)(v % 65536 - 32768);
  return h;
}

bitwa_state *bitwa_state_new (void) {
  bitwa_state *s = xrealloc(NULL, sizeof *s);
  memset(s, 0, sizeof *s);
  s->recording = true;
  touch(s);
  bitwa_state_intern(s, "");     /* id 0 is the empty string */
  return s;
}

void bitwa_state_free (bitwa_state *s) {
  int i;
  if (s == NULL) return;
  for (i = 0; i < s->nslots; i++) free(s->slots[i].name);
  for (i = 0; i < s->nstrings; i++) free(s->strings[i]);
  for (i = 0; i < s->nvars; i++) free(s->vars[i].key);
  bitwa_state_clear_events(s);
  free(s->slots); free(s->values); free(s->alive); free(s->strings);
  free(s->vars); free(s->events); free(s->strhash); free(s->einfo);
  free(s->stridx);
  bitwa_state_unmark(s);
  free(s->journal);
  free(s);
}

/*
** Deep copy.  Events are not copied: a clone starts with none.
*/
bitwa_state *bitwa_state_clone (const bitwa_state *s) {
  bitwa_state *c = xrealloc(NULL, sizeof *c);
  int i;
  size_t nvals = (size_t)s->entities_cap * (size_t)s->nslots;
  memset(c, 0, sizeof *c);
  c->recording = s->recording;
  c->version = s->version;
  c->pos_version = s->pos_version;
  c->nslots = c->slots_cap = s->nslots;
  c->slots = xrealloc(NULL, (size_t)s->nslots * sizeof *c->slots);
  for (i = 0; i < s->nslots; i++) {
    c->slots[i] = s->slots[i];
    c->slots[i].name = xstrdup(s->slots[i].name);
  }
  c->nentities = s->nentities;
  c->entities_cap = s->entities_cap;
  c->values = xrealloc(NULL, nvals * sizeof *c->values);
  if (nvals) memcpy(c->values, s->values, nvals * sizeof *c->values);
  c->alive = xrealloc(NULL, (size_t)s->entities_cap);
  if (s->entities_cap) memcpy(c->alive, s->alive, (size_t)s->entities_cap);
  c->nstrings = c->strings_cap = s->nstrings;
  c->strings = xrealloc(NULL, (size_t)s->nstrings * sizeof *c->strings);
  for (i = 0; i < s->nstrings; i++) c->strings[i] = xstrdup(s->strings[i]);
  c->strhash = xrealloc(NULL, (size_t)s->nstrings * sizeof *c->strhash);
  if (s->nstrings) memcpy(c->strhash, s->strhash, (size_t)s->nstrings * sizeof *c->strhash);
  c->sum = s->sum;
  c->nvars = c->vars_cap = s->nvars;
  c->vars = xrealloc(NULL, (size_t)s->nvars * sizeof *c->vars);
  for (i = 0; i < s->nvars; i++) {
    c->vars[i] = s->vars[i];
    c->vars[i].key = xstrdup(s->vars[i].key);
  }
  return c;
}

void bitwa_state_swap (bitwa_state *a, bitwa_state *b) {
  bitwa_state t = *a;
  *a = *b;
  *b = t;
}

/* ---------------------------------------------------------------- */

int bitwa_state_declare (bitwa_state *s, const char *name, bitwa_type t,
                         int64_t dflt) {
  if (s->nentities > 0 || bitwa_state_slot(s, name) >= 0) return -1;
  if (t == BITWA_T_NIL) return -1;
  GROW(s->slots, s->nslots, s->slots_cap);
  s->slots[s->nslots].name = xstrdup(name);
  s->slots[s->nslots].type = t;
  s->slots[s->nslots].dflt = dflt;
  return s->nslots++;
}

int bitwa_state_slot (const bitwa_state *s, const char *name) {
  int i;
  for (i = 0; i < s->nslots; i++)
    if (strcmp(s->slots[i].name, name) == 0) return i;
  return -1;
}

int bitwa_state_nslots (const bitwa_state *s) { return s->nslots; }

const char *bitwa_state_slot_name (const bitwa_state *s, int slot) {
  return (slot >= 0 && slot < s->nslots) ? s->slots[slot].name : NULL;
}

bitwa_type bitwa_state_slot_type (const bitwa_state *s, int slot) {
  return (slot >= 0 && slot < s->nslots) ? s->slots[slot].type : BITWA_T_NIL;
}

/* FNV-1a of a string's bytes and its length. */
static uint64_t str_hash (const char *str) {
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  size_t n = 0;
  for (; str[n]; n++) { h ^= (unsigned char)str[n]; h *= UINT64_C(0x100000001b3); }
  h ^= (uint64_t)n;
  return h * UINT64_C(0x100000001b3);
}

/*
** Interning: a scan while a state holds few distinct strings (kinds,
** sides, names), then an index by content hash (a game's snapshot holds
** hundreds: unit names, leaders' and banners' holders, notes' values).
** The ids are the same either way: the order of first interning.
*/
#define STRIDX_FROM 32

static void stridx_put (bitwa_state *s, int id) {
  size_t m = (size_t)s->stridx_cap - 1, j = (size_t)s->strhash[id] & m;
  while (s->stridx[j] >= 0) j = (j + 1) & m;
  s->stridx[j] = id;
}

static void stridx_build (bitwa_state *s) {
  int cap = 64, i;
  while (cap < 2 * s->nstrings) cap *= 2;
  free(s->stridx);
  s->stridx = xrealloc(NULL, (size_t)cap * sizeof *s->stridx);
  for (i = 0; i < cap; i++) s->stridx[i] = -1;
  s->stridx_cap = cap;
  for (i = 0; i < s->nstrings; i++) stridx_put(s, i);
}

int64_t bitwa_state_intern (bitwa_state *s, const char *str) {
  uint64_t h;
  int i, id;
  if (s->stridx == NULL) {
    /* a scan; the index is made once scans have compared some times as
    ** many strings as there are (a copy that interns a few never makes
    ** one) */
    for (i = s->nstrings - 1; i >= 0; i--)
      if (strcmp(s->strings[i], str) == 0) break;
    s->scanned += s->nstrings - (i < 0 ? 0 : i);
    if (s->nstrings >= STRIDX_FROM && s->scanned > 8L * s->nstrings) stridx_build(s);
    if (i >= 0) return i;
    h = str_hash(str);
  } else {
    size_t m = (size_t)s->stridx_cap - 1, j;
    h = str_hash(str);
    for (j = (size_t)h & m; (i = s->stridx[j]) >= 0; j = (j + 1) & m)
      if (s->strhash[i] == h && strcmp(s->strings[i], str) == 0) return i;
  }
  if (s->nstrings >= s->strings_cap) {
    s->strings_cap = s->strings_cap ? s->strings_cap * 2 : 8;
    s->strings = xrealloc(s->strings, (size_t)s->strings_cap * sizeof *s->strings);
    s->strhash = xrealloc(s->strhash, (size_t)s->strings_cap * sizeof *s->strhash);
  }
  id = s->nstrings++;
  s->strings[id] = xstrdup(str);
  s->strhash[id] = h;
  if (s->stridx != NULL) {
    if (2 * s->nstrings > s->stridx_cap) stridx_build(s);
    else stridx_put(s, id);
  }
  return id;
}

int bitwa_state_nstrings (const bitwa_state *s) { return s->nstrings; }

const char *bitwa_state_string (const bitwa_state *s, int64_t id) {
  return (id >= 0 && id < s->nstrings) ? s->strings[id] : NULL;
}

/* ---------------------------------------------------------------- */

static void format_value (const bitwa_state *s, bitwa_type t, int64_t v,
                          char *buf, size_t n) {
  switch (t) {
    case BITWA_T_BOOL: snprintf(buf, n, "%s", v ? "true" : "false"); break;
    case BITWA_T_STR: {
      const char *str = bitwa_state_string(s, v);
      snprintf(buf, n, "\"%s\"", str ? str : "?");
      break;
    }
    case BITWA_T_HEX:
      if (v == BITWA_HEX_NONE) snprintf(buf, n, "none");
      else {
        char lab[BITWA_HEX_LABEL_MAX];
        snprintf(buf, n, "%s", bitwa_hex_format(bitwa_hex_unpack(v), lab));
      }
      break;
    default: snprintf(buf, n, "%" PRId64, v); break;
  }
}

/* A value as an event keeps it: strings and hexes as text. */
static void event_value (const bitwa_state *s, bitwa_type t, int64_t v,
                         bitwa_type *ot, int64_t *ov, char **os) {
  *ot = t;
  *ov = v;
  *os = NULL;
  if (t == BITWA_T_STR) {
    const char *str = bitwa_state_string(s, v);
    *os = xstrdup(str ? str : "");
  } else if (t == BITWA_T_HEX) {
    if (v == BITWA_HEX_NONE) *ot = BITWA_T_NIL;
    else {
      char lab[BITWA_HEX_LABEL_MAX];
      *os = xstrdup(bitwa_hex_format(bitwa_hex_unpack(v), lab));
    }
  }
}

/*
** Record an event: its text, and what it changed (kind, the entity,
** the slot or variable, the new and the old value).
*/
static void add_event_info (bitwa_state *s, const char *text, int kind,
                            int id, const char *attr, bitwa_type nt,
                            int64_t nv, bitwa_type wt, int64_t wv) {
  bitwa_state_event_info *e;
  GROW(s->events, s->nevents, s->events_cap);
  if (s->einfo_cap < s->events_cap) {
    s->einfo = xrealloc(s->einfo, (size_t)s->events_cap * sizeof *s->einfo);
    s->einfo_cap = s->events_cap;
  }
  e = &s->einfo[s->nevents];
  e->kind = kind;
  e->id = id;
  e->attr = xstrdup(attr ? attr : "");
  event_value(s, nt, nv, &e->now_t, &e->now, &e->now_s);
  event_value(s, wt, wv, &e->was_t, &e->was, &e->was_s);
  s->events[s->nevents++] = xstrdup(text);
}

static void add_event (bitwa_state *s, const char *text) {
  add_event_info(s, text, BITWA_EV_NOTE, 0, "", BITWA_T_NIL, 0, BITWA_T_NIL, 0);
}

int bitwa_state_spawn (bitwa_state *s) {
  int i, id;
  if (s->nentities >= s->entities_cap) {
    int cap = s->entities_cap ? s->entities_cap * 2 : 64;
    s->values = xrealloc(s->values, (size_t)cap * (size_t)s->nslots * sizeof *s->values);
    s->alive = xrealloc(s->alive, (size_t)cap);
    s->entities_cap = cap;
  }
  id = ++s->nentities;
  s->alive[id - 1] = 1;
  touch(s);
  if (s->marked) journal_add(s, J_SPAWN)->id = id;
  for (i = 0; i < s->nslots; i++) {
    s->values[(size_t)(id - 1) * (size_t)s->nslots + (size_t)i] = s->slots[i].dflt;
    s->sum += cell_term(s, id, i, s->slots[i].dflt);
  }
  if (s->recording) {
    char buf[64];
    snprintf(buf, sizeof buf, "spawn #%d", id);
    add_event_info(s, buf, BITWA_EV_SPAWN, id, "", BITWA_T_NIL, 0, BITWA_T_NIL, 0);
  }
  return id;
}

bool bitwa_state_alive (const bitwa_state *s, int id) {
  return id >= 1 && id <= s->nentities && s->alive[id - 1];
}

int bitwa_state_remove (bitwa_state *s, int id) {
  if (!bitwa_state_alive(s, id)) return -1;
  {
    int i;
    for (i = 0; i < s->nslots; i++)
      s->sum -= cell_term(s, id, i, s->values[(size_t)(id - 1) * (size_t)s->nslots + (size_t)i]);
  }
  s->alive[id - 1] = 0;
  touch(s);
  if (s->marked) journal_add(s, J_REMOVE)->id = id;
  if (s->recording) {
    char buf[64];
    snprintf(buf, sizeof buf, "remove #%d", id);
    add_event_info(s, buf, BITWA_EV_REMOVE, id, "", BITWA_T_NIL, 0, BITWA_T_NIL, 0);
  }
  return 0;
}

int bitwa_state_max_id (const bitwa_state *s) { return s->nentities; }

int bitwa_state_same_entity (const bitwa_state *a, const bitwa_state *b, int id) {
  int i;
  bool la = bitwa_state_alive(a, id), lb = bitwa_state_alive(b, id);
  if (a->nslots != b->nslots) return -1;
  for (i = 0; i < a->nslots; i++)
    if (a->slots[i].type != b->slots[i].type || strcmp(a->slots[i].name, b->slots[i].name) != 0) return -1;
  if (la != lb) return 0;
  if (!la) return 1;
  {
    const int64_t *x = &a->values[(size_t)(id - 1) * (size_t)a->nslots];
    const int64_t *y = &b->values[(size_t)(id - 1) * (size_t)b->nslots];
    for (i = 0; i < a->nslots; i++) {
      if (a->slots[i].type == BITWA_T_STR) {
        const char *p = bitwa_state_string(a, x[i]), *q = bitwa_state_string(b, y[i]);
        if (p == NULL || q == NULL ? p != q : strcmp(p, q) != 0) return 0;
      } else if (x[i] != y[i]) {
        return 0;
      }
    }
  }
  return 1;
}

int64_t bitwa_state_get (const bitwa_state *s, int id, int slot, bool *ok) {
  if (!bitwa_state_alive(s, id) || slot < 0 || slot >= s->nslots) {
    if (ok) *ok = false;
    return 0;
  }
  if (ok) *ok = true;
  return s->values[(size_t)(id - 1) * (size_t)s->nslots + (size_t)slot];
}

int bitwa_state_set (bitwa_state *s, int id, int slot, int64_t value) {
  int64_t *p;
  if (!bitwa_state_alive(s, id) || slot < 0 || slot >= s->nslots) return -1;
  p = &s->values[(size_t)(id - 1) * (size_t)s->nslots + (size_t)slot];
  if (*p == value) return 0;
  if (s->recording) {
    char was[96], now[96], buf[320];
    format_value(s, s->slots[slot].type, *p, was, sizeof was);
    format_value(s, s->slots[slot].type, value, now, sizeof now);
    snprintf(buf, sizeof buf, "#%d.%s = %s (was %s)", id, s->slots[slot].name, now, was);
    add_event_info(s, buf, BITWA_EV_SET, id, s->slots[slot].name, s->slots[slot].type, value,
                   s->slots[slot].type, *p);
  }
  s->sum += cell_term(s, id, slot, value) - cell_term(s, id, slot, *p);
  if (s->marked) {
    jentry *e = journal_add(s, J_SET);
    e->id = id;
    e->slot = slot;
    e->old = *p;
  }
  *p = value;
  touch(s);
  return 0;
}

/* ---------------------------------------------------------------- */

static int var_find (const bitwa_state *s, const char *key, bool *found) {
  int lo = 0, hi = s->nvars;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    int c = strcmp(s->vars[mid].key, key);
    if (c == 0) { *found = true; return mid; }
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  *found = false;
  return lo;
}

/*
** Setting a variable to BITWA_T_NIL removes it.
*/
int bitwa_state_set_var (bitwa_state *s, const char *key, bitwa_type t,
                         int64_t value) {
  bool found;
  int i = var_find(s, key, &found);
  char now[96], was[96], buf[400];
  if (found && s->vars[i].type == t && s->vars[i].value == value) return 0;
  if (!found && t == BITWA_T_NIL) return 0;      /* clearing what is not there */
  if (s->recording) {
    if (found) format_value(s, s->vars[i].type, s->vars[i].value, was, sizeof was);
    else snprintf(was, sizeof was, "nil");
    if (t == BITWA_T_NIL) snprintf(now, sizeof now, "nil");
    else format_value(s, t, value, now, sizeof now);
    snprintf(buf, sizeof buf, "%s = %s (was %s)", key, now, was);
    add_event_info(s, buf, BITWA_EV_VAR, 0, key, t, value,
                   found ? s->vars[i].type : BITWA_T_NIL, found ? s->vars[i].value : 0);
  }
  if (found) s->sum -= var_term(s, key, s->vars[i].type, s->vars[i].value);
  if (t != BITWA_T_NIL) s->sum += var_term(s, key, t, value);
  if (s->marked) {
    jentry *e = journal_add(s, J_VAR);
    e->key = xstrdup(key);
    e->type = found ? s->vars[i].type : BITWA_T_NIL;
    e->old = found ? s->vars[i].value : 0;
  }
  touch_vars(s);
  if (t == BITWA_T_NIL) {
    if (found) {
      free(s->vars[i].key);
      memmove(&s->vars[i], &s->vars[i + 1], (size_t)(s->nvars - i - 1) * sizeof *s->vars);
      s->nvars--;
    }
    return 0;
  }
  if (!found) {
    GROW(s->vars, s->nvars, s->vars_cap);
    memmove(&s->vars[i + 1], &s->vars[i], (size_t)(s->nvars - i) * sizeof *s->vars);
    s->vars[i].key = xstrdup(key);
    s->nvars++;
  }
  s->vars[i].type = t;
  s->vars[i].value = value;
  return 0;
}

bitwa_type bitwa_state_get_var (const bitwa_state *s, const char *key,
                                int64_t *value) {
  bool found;
  int i = var_find(s, key, &found);
  if (!found) { if (value) *value = 0; return BITWA_T_NIL; }
  if (value) *value = s->vars[i].value;
  return s->vars[i].type;
}

int bitwa_state_nvars (const bitwa_state *s) { return s->nvars; }

const char *bitwa_state_var_at (const bitwa_state *s, int i, bitwa_type *t,
                                int64_t *value) {
  if (i < 0 || i >= s->nvars) return NULL;
  if (t) *t = s->vars[i].type;
  if (value) *value = s->vars[i].value;
  return s->vars[i].key;
}

/* ---------------------------------------------------------------- */

int bitwa_state_note (bitwa_state *s, const char *text) {
  if (s->recording) add_event(s, text);
  return 0;
}

int bitwa_state_nevents (const bitwa_state *s) { return s->nevents; }

const char *bitwa_state_event (const bitwa_state *s, int i) {
  return (i >= 0 && i < s->nevents) ? s->events[i] : NULL;
}

const bitwa_state_event_info *bitwa_state_event_info_at (const bitwa_state *s, int i) {
  return (i >= 0 && i < s->nevents) ? &s->einfo[i] : NULL;
}

void bitwa_state_clear_events (bitwa_state *s) {
  int i;
  for (i = 0; i < s->nevents; i++) {
    free(s->events[i]);
    free(s->einfo[i].attr);
    free(s->einfo[i].now_s);
    free(s->einfo[i].was_s);
  }
  s->nevents = 0;
}

void bitwa_state_record (bitwa_state *s, bool on) { s->recording = on; }

/* ---------------------------------------------------------------- */

/*
** FNV-1a over a canonical byte stream: integers as 8 little-endian
** bytes, strings by content with their length, entities in id order,
** slots in declaration order, variables in key order.
*/
typedef struct { uint64_t h; } hasher;

static void hash_bytes (hasher *hs, const void *p, size_t n) {
  const unsigned char *b = p;
  size_t i;
  for (i = 0; i < n; i++) {
    hs->h ^= b[i];
    hs->h *= UINT64_C(0x100000001b3);
  }
}

static void hash_int (hasher *hs, int64_t v) {
  unsigned char b[8];
  uint64_t u = (uint64_t)v;
  int i;
  for (i = 0; i < 8; i++) b[i] = (unsigned char)(u >> (8 * i));
  hash_bytes(hs, b, 8);
}

static void hash_str (hasher *hs, const char *str) {
  size_t n = str ? strlen(str) : 0;
  hash_int(hs, (int64_t)n);
  hash_bytes(hs, str ? str : "", n);
}

static void hash_value (hasher *hs, const bitwa_state *s, bitwa_type t, int64_t v) {
  hash_int(hs, t);
  if (t == BITWA_T_STR) hash_str(hs, bitwa_state_string(s, v));
  else hash_int(hs, v);
}

uint64_t bitwa_state_checksum (const bitwa_state *s) {
  hasher hs = { UINT64_C(0xcbf29ce484222325) };
  int i, j;
  hash_int(&hs, s->nslots);
  for (i = 0; i < s->nslots; i++) {
    hash_str(&hs, s->slots[i].name);
    hash_int(&hs, s->slots[i].type);
  }
  hash_int(&hs, s->nentities);
  for (i = 0; i < s->nentities; i++) {
    if (!s->alive[i]) continue;
    hash_int(&hs, i + 1);
    for (j = 0; j < s->nslots; j++)
      hash_value(&hs, s, s->slots[j].type,
                 s->values[(size_t)i * (size_t)s->nslots + (size_t)j]);
  }
  hash_int(&hs, s->nvars);
  for (i = 0; i < s->nvars; i++) {
    hash_str(&hs, s->vars[i].key);
    hash_value(&hs, s, s->vars[i].type, s->vars[i].value);
  }
  return hs.h;
}

/*
** The incremental hash (game format 2).  The state's content is a set of
** terms, one per slot of every live entity and one per variable, each a
** mixed 64-bit hash of (id, slot, type, value) or (key, type, value) with
** strings by content; their sum modulo 2^64 is kept up to date by every
** spawn, removal, slot change and variable change, so that reading it
** costs nothing.  bitwa_state_hash adds the declarations (slot names and
** types) and the number of entities; bitwa_state_hash_full computes the
** same from scratch and is the reference the tests compare it with.
*/
static uint64_t mix (uint64_t z) {
  z += UINT64_C(0x9e3779b97f4a7c15);
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t value_hash (const bitwa_state *s, bitwa_type t, int64_t v) {
  uint64_t h;
  if (t == BITWA_T_STR) h = (v >= 0 && v < s->nstrings) ? s->strhash[v] : 0;
  else h = mix((uint64_t)v);
  return mix(h ^ ((uint64_t)t << 56));
}

static uint64_t cell_term (const bitwa_state *s, int id, int slot, int64_t v) {
  uint64_t key = mix(((uint64_t)(uint32_t)id << 20) ^ (uint64_t)(uint32_t)slot ^ UINT64_C(0x5107));
  return mix(key ^ value_hash(s, s->slots[slot].type, v));
}

static uint64_t var_term (const bitwa_state *s, const char *key, bitwa_type t, int64_t v) {
  return mix(str_hash(key) ^ UINT64_C(0x7a12) ^ value_hash(s, t, v));
}

static uint64_t finish_hash (const bitwa_state *s, uint64_t sum) {
  hasher hs = { UINT64_C(0xcbf29ce484222325) };
  int i;
  hash_int(&hs, 2);
  hash_int(&hs, s->nslots);
  for (i = 0; i < s->nslots; i++) {
    hash_str(&hs, s->slots[i].name);
    hash_int(&hs, s->slots[i].type);
  }
  hash_int(&hs, s->nentities);
  hash_int(&hs, (int64_t)sum);
  return mix(hs.h);
}

uint64_t bitwa_state_hash (const bitwa_state *s) { return finish_hash(s, s->sum); }

uint64_t bitwa_state_hash_full (const bitwa_state *s) {
  uint64_t sum = 0;
  int i, j;
  for (i = 0; i < s->nentities; i++) {
    if (!s->alive[i]) continue;
    for (j = 0; j < s->nslots; j++)
      sum += cell_term(s, i + 1, j, s->values[(size_t)i * (size_t)s->nslots + (size_t)j]);
  }
  for (i = 0; i < s->nvars; i++)
    sum += var_term(s, s->vars[i].key, s->vars[i].type, s->vars[i].value);
  return finish_hash(s, sum);
}

/* ---------------------------------------------------------------- */

/*
** The journal.  bitwa_state_mark starts it; every spawn, removal, slot and
** variable change after it is noted with what undoes it, so that
** bitwa_state_rollback brings the content back to the mark without a copy
** of the whole state (strings interned since stay: they are not content).
*/
void bitwa_state_unmark (bitwa_state *s) {
  int i;
  for (i = 0; i < s->njournal; i++) free(s->journal[i].key);
  s->njournal = 0;
  s->marked = false;
}

void bitwa_state_mark (bitwa_state *s) {
  bitwa_state_unmark(s);
  s->marked = true;
  s->mark_version = s->version;
  s->mark_pos_version = s->pos_version;
  s->mark_nstrings = s->nstrings;
}

bool bitwa_state_is_marked (const bitwa_state *s) { return s->marked; }

/* Undo the n journal entries j on s, newest first. */
static void undo (bitwa_state *s, const jentry *j, int n) {
  bool rec = s->recording, marked = s->marked;
  int i;
  s->recording = false;
  s->marked = false;
  for (i = n - 1; i >= 0; i--) {
    const jentry *e = &j[i];
    switch (e->kind) {
      case J_SET:     /* the entity is alive: a later removal is undone already */
        bitwa_state_set(s, e->id, e->slot, e->old);
        break;
      case J_SPAWN: {
        int k;
        for (k = 0; k < s->nslots; k++)
          s->sum -= cell_term(s, e->id, k, s->values[(size_t)(e->id - 1) * (size_t)s->nslots + (size_t)k]);
        s->alive[e->id - 1] = 0;
        s->nentities = e->id - 1;
        break;
      }
      case J_REMOVE: {
        int k;
        s->alive[e->id - 1] = 1;
        for (k = 0; k < s->nslots; k++)
          s->sum += cell_term(s, e->id, k, s->values[(size_t)(e->id - 1) * (size_t)s->nslots + (size_t)k]);
        break;
      }
      case J_VAR:
        bitwa_state_set_var(s, e->key, e->type, e->old);
        break;
    }
  }
  s->recording = rec;
  s->marked = marked;
}

int bitwa_state_rollback (bitwa_state *s) {
  if (!s->marked) return -1;
  undo(s, s->journal, s->njournal);
  bitwa_state_unmark(s);
  s->marked = true;
  s->version = s->mark_version;
  s->pos_version = s->mark_pos_version;
  return 0;
}

bitwa_state *bitwa_state_clone_at_mark (const bitwa_state *s) {
  bitwa_state *c = bitwa_state_clone(s);
  if (s->marked) {
    int i;
    undo(c, s->journal, s->njournal);
    c->version = s->mark_version;
    c->pos_version = s->mark_pos_version;
    /* the strings interned since the mark: only the changes undone used
    ** them, so the copy is the state at the mark down to its bytes */
    for (i = s->mark_nstrings; i < c->nstrings; i++) free(c->strings[i]);
    if (c->nstrings > s->mark_nstrings) c->nstrings = s->mark_nstrings;
    free(c->stridx);                /* (a clone has none yet) */
    c->stridx = NULL;
  }
  return c;
}

/* ---------------------------------------------------------------- */

/*
** Serialisation: the whole content as bytes, deterministic (the same
** state gives the same bytes in any process), little-endian:
**   "BWS1", u32 nslots, per slot (str name, u8 type, i64 default),
**   u32 nstrings, per string (str), u32 nentities, per entity (u8 alive,
**   i64 per slot), u32 nvars, per variable (str key, u8 type, i64 value)
** where str = u32 length + bytes.
*/
typedef struct { unsigned char *p; size_t n, cap; } sbuf;

static void put_bytes (sbuf *b, const void *p, size_t n) {
  if (b->n + n > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->n + n) cap *= 2;
    b->p = xrealloc(b->p, cap);
    b->cap = cap;
  }
  memcpy(b->p + b->n, p, n);
  b->n += n;
}

static void put_u32 (sbuf *b, uint32_t v) {
  unsigned char x[4];
  int i;
  for (i = 0; i < 4; i++) x[i] = (unsigned char)(v >> (8 * i));
  put_bytes(b, x, 4);
}

static void put_i64 (sbuf *b, int64_t v) {
  unsigned char x[8];
  uint64_t u = (uint64_t)v;
  int i;
  for (i = 0; i < 8; i++) x[i] = (unsigned char)(u >> (8 * i));
  put_bytes(b, x, 8);
}

static void put_str (sbuf *b, const char *str) {
  size_t n = strlen(str);
  put_u32(b, (uint32_t)n);
  put_bytes(b, str, n);
}

void *bitwa_state_serialize (const bitwa_state *s, size_t *len) {
  sbuf b = { NULL, 0, 0 };
  unsigned char t;
  int i, j;
  put_bytes(&b, "BWS1", 4);
  put_u32(&b, (uint32_t)s->nslots);
  for (i = 0; i < s->nslots; i++) {
    put_str(&b, s->slots[i].name);
    t = (unsigned char)s->slots[i].type;
    put_bytes(&b, &t, 1);
    put_i64(&b, s->slots[i].dflt);
  }
  put_u32(&b, (uint32_t)s->nstrings);
  for (i = 0; i < s->nstrings; i++) put_str(&b, s->strings[i]);
  put_u32(&b, (uint32_t)s->nentities);
  for (i = 0; i < s->nentities; i++) {
    t = s->alive[i] ? 1 : 0;
    put_bytes(&b, &t, 1);
    for (j = 0; j < s->nslots; j++)
      put_i64(&b, s->values[(size_t)i * (size_t)s->nslots + (size_t)j]);
  }
  put_u32(&b, (uint32_t)s->nvars);
  for (i = 0; i < s->nvars; i++) {
    put_str(&b, s->vars[i].key);
    t = (unsigned char)s->vars[i].type;
    put_bytes(&b, &t, 1);
    put_i64(&b, s->vars[i].value);
  }
  *len = b.n;
  return b.p;
}

typedef struct { const unsigned char *p; size_t n, at; bool bad; } sreader;

static const unsigned char *get_bytes (sreader *r, size_t n) {
  const unsigned char *q;
  if (r->bad || n > r->n - r->at) { r->bad = true; return NULL; }
  q = r->p + r->at;
  r->at += n;
  return q;
}

static uint32_t get_u32 (sreader *r) {
  const unsigned char *q = get_bytes(r, 4);
  uint32_t v = 0;
  int i;
  if (!q) return 0;
  for (i = 0; i < 4; i++) v |= (uint32_t)q[i] << (8 * i);
  return v;
}

static int64_t get_i64 (sreader *r) {
  const unsigned char *q = get_bytes(r, 8);
  uint64_t v = 0;
  int i;
  if (!q) return 0;
  for (i = 0; i < 8; i++) v |= (uint64_t)q[i] << (8 * i);
  return (int64_t)v;
}

static unsigned char get_u8 (sreader *r) {
  const unsigned char *q = get_bytes(r, 1);
  return q ? *q : 0;
}

/* A string, malloc'd; NULL when malformed (or holding a NUL). */
static char *get_str (sreader *r) {
  uint32_t n = get_u32(r);
  const unsigned char *q = get_bytes(r, n);
  char *str;
  if (!q || memchr(q, '\0', n)) { r->bad = true; return NULL; }
  str = xrealloc(NULL, (size_t)n + 1);
  memcpy(str, q, n);
  str[n] = '\0';
  return str;
}

static bool value_ok (bitwa_type t, int64_t v, int nstrings) {
  switch (t) {
    case BITWA_T_INT: case BITWA_T_HEX: return true;
    case BITWA_T_BOOL: return v == 0 || v == 1;
    case BITWA_T_STR: return v >= 0 && v < nstrings;
    default: return false;
  }
}

/*
** Read bytes from serialize into s, a state with the same slots
** declared and no entity yet.  The bytes come from a file, so they are
** untrusted: every length, type and string id is checked, and the
** content is built through the ordinary mutators (on a copy, with
** recording off), so that everything the state derives from it (its
** hash) is as if the changes had been made one by one.  0, or -1 with
** a one-line message in err and s unchanged.
*/
int bitwa_state_deserialize (bitwa_state *s, const void *data, size_t len,
                             char *err, size_t errlen) {
  sreader r = { data, len, 0, false };
  bitwa_state *n = NULL;
  const unsigned char *magic = get_bytes(&r, 4);
  uint32_t k, i, j, nstrings;
  const char *why = "truncated";
  char *key = NULL;
  if (!magic || memcmp(magic, "BWS1", 4) != 0) { why = "not a state"; goto bad; }
  if (s->nentities > 0 || s->nvars > 0) { why = "the state is not empty"; goto bad; }
  k = get_u32(&r);
  if (r.bad) goto bad;
  if (k != (uint32_t)s->nslots) { why = "other attributes"; goto bad; }
  for (i = 0; i < k; i++) {
    char *name = get_str(&r);
    unsigned char t = get_u8(&r);
    int64_t d = get_i64(&r);
    bool same = name && !r.bad && strcmp(name, s->slots[i].name) == 0
      && t == (unsigned char)s->slots[i].type && d == s->slots[i].dflt;
    free(name);
    if (!same) { why = r.bad ? "truncated" : "other attributes"; goto bad; }
  }
  n = bitwa_state_clone(s);
  n->recording = false;
  if (n->marked) bitwa_state_unmark(n);
  nstrings = get_u32(&r);
  if (r.bad || nstrings < (uint32_t)s->nstrings || nstrings > r.n - r.at) { why = "bad strings"; goto bad; }
  for (i = 0; i < nstrings; i++) {
    char *str = get_str(&r);
    if (!str) goto bad;
    if (bitwa_state_intern(n, str) != (int64_t)i) {
      free(str);
      why = "bad strings";
      goto bad;
    }
    free(str);
  }
  k = get_u32(&r);
  if (r.bad || (n->nslots > 0 && k > (r.n - r.at) / ((size_t)n->nslots * 8 + 1))
      || k > (uint32_t)INT32_MAX / 2) { why = "bad entities"; goto bad; }
  for (i = 0; i < k; i++) {
    unsigned char a = get_u8(&r);
    int id = bitwa_state_spawn(n);
    if (a > 1 || id != (int)i + 1) { why = "bad entities"; goto bad; }
    for (j = 0; j < (uint32_t)n->nslots; j++) {
      int64_t v = get_i64(&r);
      if (r.bad) goto bad;
      if (!value_ok(n->slots[j].type, v, n->nstrings)) { why = "bad value"; goto bad; }
      bitwa_state_set(n, id, (int)j, v);
    }
    if (!a) bitwa_state_remove(n, id);
  }
  k = get_u32(&r);
  if (r.bad || k > (r.n - r.at) / 13) { why = "bad variables"; goto bad; }
  for (i = 0; i < k; i++) {
    unsigned char t;
    int64_t v;
    free(key);
    key = get_str(&r);
    t = get_u8(&r);
    v = get_i64(&r);
    if (!key || r.bad || !value_ok((bitwa_type)t, v, n->nstrings)
        || (i > 0 && strcmp(n->vars[n->nvars - 1].key, key) >= 0)) {
      why = "bad variables";
      goto bad;
    }
    bitwa_state_set_var(n, key, (bitwa_type)t, v);
  }
  free(key);
  key = NULL;
  if (r.bad || r.at != r.n) { why = r.bad ? "truncated" : "trailing bytes"; goto bad; }
  n->recording = s->recording;
  bitwa_state_swap(s, n);
  /* the events stay the caller's */
  {
    char **ev = s->events; int ne = s->nevents, ec = s->events_cap;
    bitwa_state_event_info *ei = s->einfo; int eic = s->einfo_cap;
    s->events = n->events; s->nevents = n->nevents; s->events_cap = n->events_cap;
    s->einfo = n->einfo; s->einfo_cap = n->einfo_cap;
    n->events = ev; n->nevents = ne; n->events_cap = ec;
    n->einfo = ei; n->einfo_cap = eic;
  }
  bitwa_state_free(n);
  return 0;

bad:
  free(key);
  if (err && errlen) snprintf(err, errlen, "malformed state snapshot (%s)", why);
  bitwa_state_free(n);
  return -1;
}
