/*
** tests/core/test_map.c -- map data: terrain, elevation, hexside
** features, cloning and the digest.
*/
#include "map.h"
#include "check.h"

#include <stdint.h>

static bitwa_hex H (const char *label) {
  bitwa_hex h = { -999, -999 };
  if (bitwa_hex_parse(label, &h) != 0)
    fprintf(stderr, "bad label in test: %s\n", label);
  return h;
}

enum { RIVER = 1u << 0, BRIDGE = 1u << 1, FENCE = 1u << 5 };

static void test_new_and_bad_extent (void) {
  bitwa_grid g = { 1, 0, 51, 32, BITWA_ODD_DOWN };
  bitwa_grid zero = { 1, 0, 0, 32, BITWA_ODD_DOWN };
  bitwa_grid neg = { 1, 0, 10, -3, BITWA_ODD_DOWN };
  bitwa_grid huge = { 1, 0, 100000, 100000, BITWA_ODD_DOWN };
  bitwa_grid badpar = { 1, 0, 10, 10, (bitwa_parity)7 };
  bitwa_map *m = bitwa_map_new(&g);
  const bitwa_grid *mg;
  CHECK(m != NULL);
  if (!m) return;
  mg = bitwa_map_grid(m);
  CHECK_INT(mg->col0, 1);
  CHECK_INT(mg->row0, 0);
  CHECK_INT(mg->width, 51);
  CHECK_INT(mg->height, 32);
  CHECK_INT(mg->parity, BITWA_ODD_DOWN);
  /* everything 0 at first */
  CHECK_INT(bitwa_map_terrain(m, H("2516")), 0);
  CHECK_INT(bitwa_map_elevation(m, H("2516")), 0);
  CHECK_INT(bitwa_map_edge(m, H("2516"), BITWA_N), 0);
  bitwa_map_free(m);
  CHECK(bitwa_map_new(&zero) == NULL);
  CHECK(bitwa_map_new(&neg) == NULL);
  CHECK(bitwa_map_new(&huge) == NULL);
  CHECK(bitwa_map_new(&badpar) == NULL);
  bitwa_map_free(NULL);
}

static void test_terrain_elevation (void) {
  bitwa_grid g = { 1, 0, 51, 32, BITWA_EVEN_DOWN };
  bitwa_map *m = bitwa_map_new(&g);
  if (!m) { CHECK(m != NULL); return; }
  CHECK_INT(bitwa_map_set_terrain(m, H("2300"), 4), 0);
  CHECK_INT(bitwa_map_terrain(m, H("2300")), 4);
  CHECK_INT(bitwa_map_terrain(m, H("2301")), 0);
  CHECK_INT(bitwa_map_terrain(m, H("2400")), 0);
  CHECK_INT(bitwa_map_set_elevation(m, H("5131"), 3), 0);
  CHECK_INT(bitwa_map_elevation(m, H("5131")), 3);
  CHECK_INT(bitwa_map_set_elevation(m, H("0100"), -2), 0);
  CHECK_INT(bitwa_map_elevation(m, H("0100")), -2);
  CHECK_INT(bitwa_map_terrain(m, H("5131")), 0);
  /* off the grid */
  CHECK_INT(bitwa_map_set_terrain(m, H("0000"), 4), -1);
  CHECK_INT(bitwa_map_set_terrain(m, H("5200"), 4), -1);
  CHECK_INT(bitwa_map_set_elevation(m, H("0132"), 1), -1);
  CHECK_INT(bitwa_map_terrain(m, H("0000")), -1);
  CHECK_INT(bitwa_map_elevation(m, H("0132")), 0);
  CHECK_INT(bitwa_map_terrain(m, (bitwa_hex){ 23, -1 }), -1);
  bitwa_map_free(m);
}

static void test_edges (bitwa_parity p) {
  bitwa_grid g = { 1, 0, 10, 10, p };
  bitwa_map *m = bitwa_map_new(&g);
  bitwa_hex h = H("0505"), up = H("0504");
  int d, bad = 0;
  if (!m) { CHECK(m != NULL); return; }

  /* setting N of a hex sets S of the hex above */
  CHECK_INT(bitwa_map_set_edge(m, h, BITWA_N, RIVER), 0);
  CHECK_INT(bitwa_map_edge(m, h, BITWA_N), RIVER);
  CHECK_INT(bitwa_map_edge(m, up, BITWA_S), RIVER);
  CHECK_INT(bitwa_map_edge(m, up, BITWA_N), 0);
  CHECK_INT(bitwa_map_edge(m, h, BITWA_S), 0);
  /* add from the other side */
  CHECK_INT(bitwa_map_add_edge(m, up, BITWA_S, BRIDGE), 0);
  CHECK_INT(bitwa_map_edge(m, h, BITWA_N), RIVER | BRIDGE);
  /* set replaces */
  CHECK_INT(bitwa_map_set_edge(m, h, BITWA_N, FENCE), 0);
  CHECK_INT(bitwa_map_edge(m, up, BITWA_S), FENCE);

  /* every direction: the far side sees the same bits, nothing else */
  for (d = 0; d < 6; d++) {
    bitwa_hex c = H("0306");
    bitwa_hex nb = bitwa_hex_neighbour(&g, c, d);
    uint32_t bits = 1u << (8 + d);
    int e;
    bitwa_map_set_edge(m, c, d, bits);
    if (bitwa_map_edge(m, nb, (d + 3) % 6) != bits) bad++;
    for (e = 0; e < 6; e++)
      if (e != (d + 3) % 6 && bitwa_map_edge(m, nb, e) != 0) bad++;
  }
  CHECK_INT(bad, 0);
  for (d = 0; d < 6; d++)
    CHECK_INT(bitwa_map_edge(m, H("0306"), d), 1u << (8 + d));

  /* border edges: exist, settable from inside and from the off-grid side */
  CHECK_INT(bitwa_map_set_edge(m, H("0100"), BITWA_N, RIVER), 0);
  CHECK_INT(bitwa_map_edge(m, H("0100"), BITWA_N), RIVER);
  CHECK_INT(bitwa_map_edge(m, (bitwa_hex){ 1, -1 }, BITWA_S), RIVER);
  CHECK_INT(bitwa_map_set_edge(m, (bitwa_hex){ 11, 4 }, BITWA_S, FENCE), -1);
  CHECK_INT(bitwa_map_set_edge(m, H("1009"), BITWA_S, FENCE), 0);
  CHECK_INT(bitwa_map_edge(m, H("1009"), BITWA_S), FENCE);
  CHECK_INT(bitwa_map_add_edge(m, H("1010"), BITWA_N, BRIDGE), 0);
  CHECK_INT(bitwa_map_edge(m, H("1009"), BITWA_S), FENCE | BRIDGE);
  /* the west border */
  {
    bitwa_hex w = H("0104"), out = bitwa_hex_neighbour(&g, w, BITWA_NW);
    CHECK(!bitwa_grid_contains(&g, out));
    CHECK_INT(bitwa_map_set_edge(m, w, BITWA_NW, BRIDGE), 0);
    CHECK_INT(bitwa_map_edge(m, w, BITWA_NW), BRIDGE);
    CHECK_INT(bitwa_map_edge(m, out, BITWA_SE), BRIDGE);
  }
  /* edges away from the grid, bad directions */
  CHECK_INT(bitwa_map_set_edge(m, (bitwa_hex){ 30, 30 }, BITWA_N, RIVER), -1);
  CHECK_INT(bitwa_map_edge(m, (bitwa_hex){ 30, 30 }, BITWA_N), 0);
  CHECK_INT(bitwa_map_set_edge(m, h, 6, RIVER), -1);
  CHECK_INT(bitwa_map_add_edge(m, h, -1, RIVER), -1);
  CHECK_INT(bitwa_map_edge(m, h, 6), 0);

  /* whole-map consistency: both sides of every inner edge agree */
  bad = 0;
  {
    int i, n = bitwa_grid_size(&g);
    for (i = 0; i < n; i++) {
      bitwa_hex a = bitwa_grid_hex(&g, i);
      for (d = 0; d < 6; d++) {
        bitwa_hex b = bitwa_hex_neighbour(&g, a, d);
        if (bitwa_grid_contains(&g, b)
            && bitwa_map_edge(m, a, d) != bitwa_map_edge(m, b, (d + 3) % 6))
          bad++;
      }
    }
  }
  CHECK_INT(bad, 0);
  bitwa_map_free(m);
}

static void test_clone_digest (void) {
  bitwa_grid g = { 1, 0, 51, 32, BITWA_ODD_DOWN };
  bitwa_map *a = bitwa_map_new(&g), *b = bitwa_map_new(&g), *c, *e;
  uint64_t da, db;
  bitwa_grid g2 = g;
  if (!a || !b) { CHECK(a && b); bitwa_map_free(a); bitwa_map_free(b); return; }

  CHECK(bitwa_map_digest(a) == bitwa_map_digest(b));

  /* same content written in a different order gives the same digest */
  bitwa_map_set_terrain(a, H("2300"), 3);
  bitwa_map_set_elevation(a, H("1010"), 2);
  bitwa_map_set_edge(a, H("1010"), BITWA_NE, RIVER);
  bitwa_map_add_edge(a, H("1010"), BITWA_NE, BRIDGE);
  bitwa_map_add_edge(b, bitwa_hex_neighbour(&g, H("1010"), BITWA_NE),
                     BITWA_SW, RIVER | BRIDGE);
  bitwa_map_set_elevation(b, H("1010"), 2);
  bitwa_map_set_terrain(b, H("2300"), 3);
  da = bitwa_map_digest(a);
  db = bitwa_map_digest(b);
  CHECK(da == db);
  CHECK(da == bitwa_map_digest(a));   /* stable */

  /* clone: equal content, equal digest, independent storage */
  c = bitwa_map_clone(a);
  CHECK(c != NULL);
  if (c) {
    CHECK(bitwa_map_digest(c) == da);
    CHECK_INT(bitwa_map_terrain(c, H("2300")), 3);
    CHECK_INT(bitwa_map_elevation(c, H("1010")), 2);
    CHECK_INT(bitwa_map_edge(c, H("1010"), BITWA_NE), RIVER | BRIDGE);
    CHECK_INT(bitwa_map_grid(c)->width, 51);
    bitwa_map_set_terrain(c, H("2300"), 4);
    CHECK_INT(bitwa_map_terrain(a, H("2300")), 3);
    CHECK(bitwa_map_digest(c) != da);
    CHECK(bitwa_map_digest(a) == da);
    bitwa_map_free(c);
  }

  /* one change of each kind changes the digest; undoing restores it */
  bitwa_map_set_terrain(b, H("4020"), 1);
  CHECK(bitwa_map_digest(b) != da);
  bitwa_map_set_terrain(b, H("4020"), 0);
  CHECK(bitwa_map_digest(b) == da);
  bitwa_map_set_elevation(b, H("0100"), 1);
  CHECK(bitwa_map_digest(b) != da);
  bitwa_map_set_elevation(b, H("0100"), 0);
  bitwa_map_add_edge(b, H("5131"), BITWA_S, FENCE);   /* a border edge */
  CHECK(bitwa_map_digest(b) != da);
  bitwa_map_set_edge(b, H("5131"), BITWA_S, 0);
  CHECK(bitwa_map_digest(b) == da);
  /* moving a value to another hex changes it too */
  bitwa_map_set_terrain(b, H("2300"), 0);
  bitwa_map_set_terrain(b, H("2301"), 3);
  CHECK(bitwa_map_digest(b) != da);

  /* the grid is part of the content */
  g2.parity = BITWA_EVEN_DOWN;
  e = bitwa_map_new(&g2);
  if (e) {
    bitwa_map *f = bitwa_map_new(&g);
    CHECK(bitwa_map_digest(e) != bitwa_map_digest(f));
    bitwa_map_free(f);
    bitwa_map_free(e);
  }

  /* pinned values: the digest is defined over bytes, not memory layout,
  ** so these hold on every platform (a change here breaks saved games) */
  {
    bitwa_grid t = { 1, 0, 2, 2, BITWA_ODD_DOWN };
    bitwa_map *m1 = bitwa_map_new(&t);
    if (m1) {
      CHECK(bitwa_map_digest(m1) == 0x91c720ebb5303087ULL);
      bitwa_map_set_terrain(m1, (bitwa_hex){ 2, 1 }, 7);
      bitwa_map_set_elevation(m1, (bitwa_hex){ 1, 0 }, -3);
      bitwa_map_set_edge(m1, (bitwa_hex){ 1, 0 }, BITWA_NE, 0x80000001u);
      CHECK(bitwa_map_digest(m1) == 0xc664877c81585956ULL);
    } else {
      CHECK(m1 != NULL);
    }
    bitwa_map_free(m1);
  }

  bitwa_map_free(a);
  bitwa_map_free(b);
}

int main (void) {
  test_new_and_bad_extent();
  test_terrain_elevation();
  test_edges(BITWA_ODD_DOWN);
  test_edges(BITWA_EVEN_DOWN);
  test_clone_digest();
  return check_summary();
}
