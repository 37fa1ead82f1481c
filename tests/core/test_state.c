/*
** tests/core/test_state.c -- entities, slots, variables, events,
** clone/swap and the checksum's independence of memory layout.
*/
#include <stdlib.h>
#include "check.h"
#include "state.h"

static bitwa_state *make (void) {
  bitwa_state *s = bitwa_state_new();
  CHECK_INT(bitwa_state_declare(s, "name", BITWA_T_STR, 0), 0);
  CHECK_INT(bitwa_state_declare(s, "sp", BITWA_T_INT, 2), 1);
  CHECK_INT(bitwa_state_declare(s, "dis", BITWA_T_BOOL, 0), 2);
  CHECK_INT(bitwa_state_declare(s, "hex", BITWA_T_HEX, BITWA_HEX_NONE), 3);
  return s;
}

static void test_slots_and_entities (void) {
  bitwa_state *s = make();
  bool ok;
  int a, b;
  CHECK_INT(bitwa_state_declare(s, "sp", BITWA_T_INT, 0), -1);        /* taken */
  CHECK_INT(bitwa_state_slot(s, "dis"), 2);
  CHECK_INT(bitwa_state_slot(s, "nothing"), -1);
  a = bitwa_state_spawn(s);
  b = bitwa_state_spawn(s);
  CHECK_INT(a, 1);
  CHECK_INT(b, 2);
  CHECK_INT(bitwa_state_declare(s, "late", BITWA_T_INT, 0), -1);      /* entities exist */
  CHECK_INT(bitwa_state_get(s, a, 1, &ok), 2);                        /* the default */
  CHECK(ok);
  CHECK_INT(bitwa_state_get(s, a, 3, &ok), BITWA_HEX_NONE);
  CHECK_INT(bitwa_state_set(s, a, 1, 5), 0);
  CHECK_INT(bitwa_state_get(s, a, 1, NULL), 5);
  CHECK_INT(bitwa_state_set(s, 99, 1, 5), -1);
  CHECK_INT(bitwa_state_set(s, a, 9, 5), -1);
  bitwa_state_get(s, 99, 1, &ok);
  CHECK(!ok);
  CHECK_INT(bitwa_state_remove(s, b), 0);
  CHECK(!bitwa_state_alive(s, b));
  CHECK_INT(bitwa_state_remove(s, b), -1);
  CHECK_INT(bitwa_state_spawn(s), 3);                                 /* ids never reused */
  bitwa_state_free(s);
}

static void test_vars (void) {
  bitwa_state *s = make();
  int64_t v;
  bitwa_type t;
  CHECK_INT(bitwa_state_get_var(s, "turn", &v), BITWA_T_NIL);
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 3);
  bitwa_state_set_var(s, "morale.A", BITWA_T_INT, 10);
  bitwa_state_set_var(s, "first", BITWA_T_STR, bitwa_state_intern(s, "B"));
  CHECK_INT(bitwa_state_get_var(s, "turn", &v), BITWA_T_INT);
  CHECK_INT(v, 3);
  CHECK_INT(bitwa_state_get_var(s, "first", &v), BITWA_T_STR);
  CHECK_STR(bitwa_state_string(s, v), "B");
  /* kept in key order */
  CHECK_STR(bitwa_state_var_at(s, 0, &t, &v), "first");
  CHECK_STR(bitwa_state_var_at(s, 1, &t, &v), "morale.A");
  CHECK_STR(bitwa_state_var_at(s, 2, &t, &v), "turn");
  bitwa_state_set_var(s, "morale.A", BITWA_T_NIL, 0);
  CHECK_INT(bitwa_state_nvars(s), 2);
  bitwa_state_free(s);
}

static void test_events (void) {
  bitwa_state *s = make();
  int a = bitwa_state_spawn(s);
  bitwa_hex h = { 23, 0 };
  bitwa_state_clear_events(s);
  bitwa_state_set(s, a, 1, 1);
  bitwa_state_set(s, a, 1, 1);                  /* no change, no event */
  bitwa_state_set(s, a, 3, bitwa_hex_pack(h));
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 2);
  bitwa_state_note(s, "1/H is disorganized (9.1)");
  CHECK_INT(bitwa_state_nevents(s), 4);
  CHECK_STR(bitwa_state_event(s, 0), "#1.sp = 1 (was 2)");
  CHECK_STR(bitwa_state_event(s, 1), "#1.hex = 2300 (was none)");
  CHECK_STR(bitwa_state_event(s, 2), "turn = 2 (was nil)");
  CHECK_STR(bitwa_state_event(s, 3), "1/H is disorganized (9.1)");
  bitwa_state_record(s, false);
  bitwa_state_set(s, a, 1, 0);
  CHECK_INT(bitwa_state_nevents(s), 4);
  bitwa_state_free(s);
}

static void test_clone_swap (void) {
  bitwa_state *s = make(), *c;
  int a = bitwa_state_spawn(s);
  uint64_t before;
  bitwa_state_set(s, a, 1, 7);
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 1);
  before = bitwa_state_checksum(s);
  c = bitwa_state_clone(s);
  CHECK(bitwa_state_checksum(c) == before);
  CHECK_INT(bitwa_state_nevents(c), 0);
  bitwa_state_set(c, a, 1, 1);
  CHECK_INT(bitwa_state_get(s, a, 1, NULL), 7);           /* independent */
  CHECK(bitwa_state_checksum(c) != before);
  /* rollback: swap the snapshot back in */
  bitwa_state_swap(s, c);
  CHECK_INT(bitwa_state_get(s, a, 1, NULL), 1);
  CHECK_INT(bitwa_state_get(c, a, 1, NULL), 7);
  CHECK(bitwa_state_checksum(c) == before);
  bitwa_state_free(s);
  bitwa_state_free(c);
}

/* The same content built in another order gives the same checksum. */
static void test_checksum_independence (void) {
  bitwa_state *x = make(), *y = make();
  int i;
  /* strings interned in different orders */
  bitwa_state_intern(y, "zebra");
  bitwa_state_intern(y, "B");
  for (i = 0; i < 3; i++) bitwa_state_spawn(x);
  for (i = 0; i < 3; i++) bitwa_state_spawn(y);
  bitwa_state_set(x, 2, 0, bitwa_state_intern(x, "B"));
  bitwa_state_set(y, 2, 0, bitwa_state_intern(y, "B"));
  /* variables set in different orders, one set and cleared */
  bitwa_state_set_var(x, "a", BITWA_T_INT, 1);
  bitwa_state_set_var(x, "b", BITWA_T_INT, 2);
  bitwa_state_set_var(y, "tmp", BITWA_T_INT, 9);
  bitwa_state_set_var(y, "b", BITWA_T_INT, 2);
  bitwa_state_set_var(y, "a", BITWA_T_INT, 1);
  bitwa_state_set_var(y, "tmp", BITWA_T_NIL, 0);
  CHECK(bitwa_state_checksum(x) == bitwa_state_checksum(y));
  /* and any difference shows */
  bitwa_state_set(y, 3, 2, 1);
  CHECK(bitwa_state_checksum(x) != bitwa_state_checksum(y));
  bitwa_state_set(y, 3, 2, 0);
  CHECK(bitwa_state_checksum(x) == bitwa_state_checksum(y));
  bitwa_state_remove(y, 1);
  CHECK(bitwa_state_checksum(x) != bitwa_state_checksum(y));
  bitwa_state_free(x);
  bitwa_state_free(y);
}

static void test_hex_pack (void) {
  bitwa_hex h[] = { { 23, 0 }, { 0, 0 }, { -1, 5 }, { 51, 31 }, { 6, -1 } };
  size_t i;
  for (i = 0; i < sizeof h / sizeof h[0]; i++) {
    bitwa_hex u = bitwa_hex_unpack(bitwa_hex_pack(h[i]));
    CHECK_INT(u.col, h[i].col);
    CHECK_INT(u.row, h[i].row);
  }
}

/* The entities' version and the whole position's: a variable changes
** only the latter, a slot both; a rollback and a clone keep both. */
static void test_versions (void) {
  bitwa_state *s = make(), *c;
  int a = bitwa_state_spawn(s), sp = bitwa_state_slot(s, "sp");
  uint64_t v0 = bitwa_state_version(s), p0 = bitwa_state_position_version(s), v1, p1;
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 3);
  CHECK(bitwa_state_version(s) == v0);
  CHECK(bitwa_state_position_version(s) != p0);
  p1 = bitwa_state_position_version(s);
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 3);           /* the same value */
  CHECK(bitwa_state_position_version(s) == p1);
  bitwa_state_set_var(s, "none", BITWA_T_NIL, 0);           /* clearing what is not there */
  CHECK(bitwa_state_position_version(s) == p1);
  bitwa_state_set(s, a, sp, 7);
  CHECK(bitwa_state_version(s) != v0);
  CHECK(bitwa_state_position_version(s) != p1);
  v1 = bitwa_state_version(s);
  p1 = bitwa_state_position_version(s);
  bitwa_state_mark(s);
  bitwa_state_set_var(s, "turn", BITWA_T_INT, 4);
  bitwa_state_set(s, a, sp, 8);
  c = bitwa_state_clone_at_mark(s);
  CHECK(bitwa_state_version(c) == v1);
  CHECK(bitwa_state_position_version(c) == p1);
  bitwa_state_free(c);
  c = bitwa_state_clone(s);
  CHECK(bitwa_state_position_version(c) == bitwa_state_position_version(s));
  bitwa_state_free(c);
  CHECK_INT(bitwa_state_rollback(s), 0);
  CHECK(bitwa_state_version(s) == v1);
  CHECK(bitwa_state_position_version(s) == p1);
  bitwa_state_unmark(s);
  bitwa_state_free(s);
}

/* A copy at the mark is the state at the mark down to its bytes: the
** strings interned since (by changes it undoes) are not in it. */
static void test_clone_at_mark_bytes (void) {
  bitwa_state *s = make(), *before, *c;
  int a = bitwa_state_spawn(s), name = bitwa_state_slot(s, "name");
  void *b1, *b2;
  size_t n1, n2;
  bitwa_state_set(s, a, name, bitwa_state_intern(s, "Jagiello"));
  bitwa_state_set_var(s, "weather", BITWA_T_STR, bitwa_state_intern(s, "rain"));
  before = bitwa_state_clone(s);
  bitwa_state_mark(s);
  bitwa_state_set(s, a, name, bitwa_state_intern(s, "Witold"));
  bitwa_state_set_var(s, "weather", BITWA_T_STR, bitwa_state_intern(s, "sun"));
  bitwa_state_spawn(s);
  CHECK_INT(bitwa_state_nstrings(s), bitwa_state_nstrings(before) + 2);
  c = bitwa_state_clone_at_mark(s);
  CHECK_INT(bitwa_state_nstrings(c), bitwa_state_nstrings(before));
  b1 = bitwa_state_serialize(before, &n1);
  b2 = bitwa_state_serialize(c, &n2);
  CHECK(n1 == n2 && memcmp(b1, b2, n1) == 0);
  CHECK(bitwa_state_hash(c) == bitwa_state_hash(before));
  /* the copy goes on interning from there */
  CHECK_INT(bitwa_state_intern(c, "sun"), bitwa_state_nstrings(before));
  free(b1);
  free(b2);
  bitwa_state_free(c);
  bitwa_state_free(before);
  bitwa_state_unmark(s);
  bitwa_state_free(s);
}

/* Interning many strings (past the scan, through the index): ids in the
** order of first interning, the same id for the same text, in a clone,
** a copy at the mark and a state read back from its bytes. */
static void test_intern_many (void) {
  bitwa_state *s = make(), *c, *r;
  char buf[32];
  int i, a = bitwa_state_spawn(s), name = bitwa_state_slot(s, "name");
  int64_t first = bitwa_state_nstrings(s);
  void *b;
  size_t n;
  for (i = 0; i < 1000; i++) {
    snprintf(buf, sizeof buf, "unit-%d", i);
    CHECK_INT(bitwa_state_intern(s, buf), first + i);
  }
  for (i = 999; i >= 0; i--) {
    snprintf(buf, sizeof buf, "unit-%d", i);
    if (bitwa_state_intern(s, buf) != first + i) { CHECK_INT(bitwa_state_intern(s, buf), first + i); break; }
  }
  CHECK_INT(bitwa_state_intern(s, ""), 0);
  CHECK_INT(bitwa_state_nstrings(s), first + 1000);
  bitwa_state_set(s, a, name, bitwa_state_intern(s, "unit-500"));
  c = bitwa_state_clone(s);
  CHECK_INT(bitwa_state_intern(c, "unit-777"), first + 777);
  CHECK_INT(bitwa_state_intern(c, "new"), first + 1000);
  bitwa_state_free(c);
  bitwa_state_mark(s);
  CHECK_INT(bitwa_state_intern(s, "after the mark"), first + 1000);
  c = bitwa_state_clone_at_mark(s);
  CHECK_INT(bitwa_state_nstrings(c), first + 1000);
  CHECK_INT(bitwa_state_intern(c, "unit-3"), first + 3);
  CHECK_INT(bitwa_state_intern(c, "other"), first + 1000);
  bitwa_state_free(c);
  bitwa_state_unmark(s);
  b = bitwa_state_serialize(s, &n);
  r = make();
  {
    char err[128] = "";
    CHECK(bitwa_state_deserialize(r, b, n, err, sizeof err) == 0);
  }
  CHECK_INT(bitwa_state_nstrings(r), first + 1001);
  CHECK_INT(bitwa_state_intern(r, "unit-999"), first + 999);
  CHECK(bitwa_state_hash(r) == bitwa_state_hash(s));
  free(b);
  bitwa_state_free(r);
  bitwa_state_free(s);
}

int main (void) {
  test_slots_and_entities();
  test_vars();
  test_events();
  test_clone_swap();
  test_checksum_independence();
  test_hex_pack();
  test_versions();
  test_clone_at_mark_bytes();
  test_intern_many();
  return check_summary();
}
