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
  bool recording;
  uint64_t version;        /* entity content's version (bitwa_state_version) */
  uint64_t *strhash;       /* content hash of each interned string */
  uint64_t sum;            /* the incremental hash's sum of terms */
  /* the journal: while marked, every change since the mark */
  bool marked;
  jentry *journal;
  int njournal, journal_cap;
  uint64_t mark_version;
};

static uint64_t cell_term (const bitwa_state *s, int id, int slot, int64_t v);
static uint64_t var_term (const bitwa_state *s, const char *key, bitwa_type t, int64_t v);

/* Versions come from one counter: two states hold the same version only
** when one is an unchanged clone of the other. */
static uint64_t version_counter;
static void touch (bitwa_state *s) { s->version = ++version_counter; }

uint64_t bitwa_state_version (const bitwa_state *s) { return s->version; }

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
  free(s->vars); free(s->events); free(s->strhash);
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
** Interning is a linear scan: states hold few distinct strings (kinds,
** sides, names), and the rules cache ids on their side of the bridge.
*/
int64_t bitwa_state_intern (bitwa_state *s, const char *str) {
  int i;
  for (i = s->nstrings - 1; i >= 0; i--)
    if (strcmp(s->strings[i], str) == 0) return i;
  if (s->nstrings >= s->strings_cap) {
    s->strings_cap = s->strings_cap ? s->strings_cap * 2 : 8;
    s->strings = xrealloc(s->strings, (size_t)s->strings_cap * sizeof *s->strings);
    s->strhash = xrealloc(s->strhash, (size_t)s->strings_cap * sizeof *s->strhash);
  }
  s->strings[s->nstrings] = xstrdup(str);
  s->strhash[s->nstrings] = str_hash(str);
  return s->nstrings++;
}

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

static void add_event (bitwa_state *s, const char *text) {
  GROW(s->events, s->nevents, s->events_cap);
  s->events[s->nevents++] = xstrdup(text);
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
    add_event(s, buf);
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
    add_event(s, buf);
  }
  return 0;
}

int bitwa_state_max_id (const bitwa_state *s) { return s->nentities; }

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
    add_event(s, buf);
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
    add_event(s, buf);
  }
  if (found) s->sum -= var_term(s, key, s->vars[i].type, s->vars[i].value);
  if (t != BITWA_T_NIL) s->sum += var_term(s, key, t, value);
  if (s->marked) {
    jentry *e = journal_add(s, J_VAR);
    e->key = xstrdup(key);
    e->type = found ? s->vars[i].type : BITWA_T_NIL;
    e->old = found ? s->vars[i].value : 0;
  }
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

void bitwa_state_clear_events (bitwa_state *s) {
  int i;
  for (i = 0; i < s->nevents; i++) free(s->events[i]);
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
  return 0;
}

bitwa_state *bitwa_state_clone_at_mark (const bitwa_state *s) {
  bitwa_state *c = bitwa_state_clone(s);
  if (s->marked) {
    undo(c, s->journal, s->njournal);
    c->version = s->mark_version;
  }
  return c;
}
