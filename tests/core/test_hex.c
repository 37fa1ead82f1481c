/*
** tests/core/test_hex.c -- hex geometry: labels, neighbours, distance,
** facings, rings, lines and paths.
*/
#include "hex.h"
#include "check.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* The Grunwald map: columns 1..51, rows 0..31. */
static bitwa_grid big_grid (bitwa_parity p) {
  bitwa_grid g = { 1, 0, 51, 32, p };
  return g;
}

static bitwa_grid small_grid (bitwa_parity p) {
  bitwa_grid g = { 1, 0, 10, 10, p };
  return g;
}

static bitwa_hex H (const char *label) {
  bitwa_hex h = { -999, -999 };
  if (bitwa_hex_parse(label, &h) != 0)
    fprintf(stderr, "bad label in test: %s\n", label);
  return h;
}

static const char *L (bitwa_hex h) {
  static char bufs[8][BITWA_HEX_LABEL_MAX];
  static int next;
  char *b = bufs[next++ % 8];
  return bitwa_hex_format(h, b);
}

/* Labels of n hexes joined by spaces. */
static const char *join (const bitwa_hex *hs, int n) {
  static char buf[4096];
  size_t len = 0;
  int i;
  buf[0] = '\0';
  for (i = 0; i < n; i++) {
    char tmp[BITWA_HEX_LABEL_MAX];
    const char *s = bitwa_hex_format(hs[i], tmp);
    size_t sl = strlen(s);
    if (len + sl + 2 >= sizeof buf) break;
    if (i > 0) buf[len++] = ' ';
    memcpy(buf + len, s, sl + 1);
    len += sl;
  }
  return buf;
}

/* Deterministic generator for sampled checks. */
static uint64_t lcg_state = 0x2545F4914F6CDD1DULL;
static uint32_t lcg (void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (uint32_t)(lcg_state >> 33);
}

/* ------------------------------------------------------------------ */

static void test_labels (void) {
  bitwa_hex h = { 77, 77 };
  char buf[BITWA_HEX_LABEL_MAX];
  bitwa_hex t;

  CHECK_INT(bitwa_hex_parse("2300", &h), 0);
  CHECK_INT(h.col, 23); CHECK_INT(h.row, 0);
  CHECK_INT(bitwa_hex_parse("614", &h), 0);
  CHECK_INT(h.col, 6); CHECK_INT(h.row, 14);
  CHECK_INT(bitwa_hex_parse("0614", &h), 0);
  CHECK_INT(h.col, 6); CHECK_INT(h.row, 14);
  CHECK_INT(bitwa_hex_parse("5131", &h), 0);
  CHECK_INT(h.col, 51); CHECK_INT(h.row, 31);
  CHECK_INT(bitwa_hex_parse("100", &h), 0);
  CHECK_INT(h.col, 1); CHECK_INT(h.row, 0);
  CHECK_INT(bitwa_hex_parse("123456", &h), 0);
  CHECK_INT(h.col, 1234); CHECK_INT(h.row, 56);

  h.col = 77; h.row = 77;
  CHECK_INT(bitwa_hex_parse("", &h), -1);
  CHECK_INT(bitwa_hex_parse("12", &h), -1);
  CHECK_INT(bitwa_hex_parse("abcd", &h), -1);
  CHECK_INT(bitwa_hex_parse("1234567", &h), -1);
  CHECK_INT(bitwa_hex_parse("-100", &h), -1);
  CHECK_INT(bitwa_hex_parse("12a4", &h), -1);
  CHECK_INT(bitwa_hex_parse(" 614", &h), -1);
  CHECK_INT(bitwa_hex_parse("0614 ", &h), -1);
  CHECK_INT(bitwa_hex_parse("+614", &h), -1);
  CHECK_INT(bitwa_hex_parse(NULL, &h), -1);
  /* a failed parse leaves the output alone */
  CHECK_INT(h.col, 77); CHECK_INT(h.row, 77);

  t.col = 23; t.row = 0;
  CHECK_STR(bitwa_hex_format(t, buf), "2300");
  t.col = 6; t.row = 14;
  CHECK_STR(bitwa_hex_format(t, buf), "0614");
  t.col = 0; t.row = 0;
  CHECK_STR(bitwa_hex_format(t, buf), "0000");
  t.col = 102; t.row = 3;
  CHECK_STR(bitwa_hex_format(t, buf), "10203");
  t.col = 23; t.row = -1;
  CHECK_STR(bitwa_hex_format(t, buf), "23,-1");
  t.col = 5; t.row = 100;
  CHECK_STR(bitwa_hex_format(t, buf), "5,100");
  t.col = -2000000000; t.row = 0;
  CHECK_STR(bitwa_hex_format(t, buf), "?");

  /* round trip over every label of 1..4 column digits */
  {
    int bad = 0, c, r;
    for (c = 0; c <= 9999; c += 7)
      for (r = 0; r <= 99; r++) {
        bitwa_hex a = { c, r }, b;
        if (bitwa_hex_parse(bitwa_hex_format(a, buf), &b) != 0
            || !bitwa_hex_eq(a, b))
          bad++;
      }
    CHECK_INT(bad, 0);
  }
}

static void test_grid (void) {
  bitwa_grid g = big_grid(BITWA_ODD_DOWN);
  bitwa_grid bad = { 1, 0, 0, 10, BITWA_ODD_DOWN };
  int i, n = bitwa_grid_size(&g), wrong = 0;

  CHECK_INT(n, 51 * 32);
  CHECK(bitwa_grid_valid(&g));
  CHECK(!bitwa_grid_valid(&bad));
  CHECK_INT(bitwa_grid_size(&bad), 0);
  CHECK(bitwa_grid_contains(&g, H("0100")));
  CHECK(bitwa_grid_contains(&g, H("5131")));
  CHECK(!bitwa_grid_contains(&g, H("0000")));
  CHECK(!bitwa_grid_contains(&g, H("5200")));
  CHECK(!bitwa_grid_contains(&g, H("0132")));
  CHECK_INT(bitwa_grid_index(&g, H("0100")), 0);
  CHECK_INT(bitwa_grid_index(&g, H("0101")), 1);
  CHECK_INT(bitwa_grid_index(&g, H("0200")), 32);
  CHECK_INT(bitwa_grid_index(&g, H("5131")), 51 * 32 - 1);
  CHECK_INT(bitwa_grid_index(&g, H("0000")), -1);
  CHECK(!bitwa_grid_contains(&g, bitwa_grid_hex(&g, -1)));
  CHECK(!bitwa_grid_contains(&g, bitwa_grid_hex(&g, n)));
  for (i = 0; i < n; i++)
    if (bitwa_grid_index(&g, bitwa_grid_hex(&g, i)) != i) wrong++;
  CHECK_INT(wrong, 0);
}

/* Rule 4.4.4: a cavalry unit that left the map from 2300 may re-enter
** at most 6 hexes away, i.e. on 1700 .. 2900; a non-cavalry unit at
** most 4, i.e. on 1900 .. 2700. */
static void test_rule_4_4_4 (bitwa_parity p) {
  bitwa_grid g = big_grid(p);
  bitwa_hex from = H("2300");
  bitwa_hex near[200];
  int c, n, i, rule_4_4_4_mismatches = 0, rule_4_4_4_row00 = 0;
  int lo = 99, hi = -1;

  for (c = 1; c <= 51; c++) {
    bitwa_hex h = { c, 0 };
    bool cav = bitwa_hex_distance(&g, from, h) <= 6;
    bool inf = bitwa_hex_distance(&g, from, h) <= 4;
    if (cav != (c >= 17 && c <= 29)) rule_4_4_4_mismatches++;
    if (inf != (c >= 19 && c <= 27)) rule_4_4_4_mismatches++;
  }
  CHECK_INT(rule_4_4_4_mismatches, 0);
  CHECK_INT(bitwa_hex_distance(&g, from, H("1700")), 6);
  CHECK_INT(bitwa_hex_distance(&g, from, H("2900")), 6);
  CHECK_INT(bitwa_hex_distance(&g, from, H("1600")), 7);
  CHECK_INT(bitwa_hex_distance(&g, from, H("3000")), 7);

  /* the same through the range query */
  n = bitwa_hex_range(&g, from, 6, near, 200);
  CHECK_INT(n, bitwa_hex_range(&g, from, 6, NULL, 0));
  for (i = 0; i < n; i++)
    if (near[i].row == 0) {
      rule_4_4_4_row00++;
      if (near[i].col < lo) lo = near[i].col;
      if (near[i].col > hi) hi = near[i].col;
    }
  CHECK_INT(rule_4_4_4_row00, 13);   /* 1700 .. 2900 */
  CHECK_STR(L((bitwa_hex){ lo, 0 }), "1700");
  CHECK_STR(L((bitwa_hex){ hi, 0 }), "2900");
}

static void test_neighbours_fixed (void) {
  bitwa_grid odd = big_grid(BITWA_ODD_DOWN), even = big_grid(BITWA_EVEN_DOWN);
  bitwa_hex nb[6];
  int d;
  /* along row 00 every column step is one hex */
  CHECK_STR(L(bitwa_hex_neighbour(&odd, H("2300"), BITWA_NE)), "2400");
  CHECK_STR(L(bitwa_hex_neighbour(&odd, H("2400"), BITWA_SE)), "2500");
  CHECK_STR(L(bitwa_hex_neighbour(&even, H("2300"), BITWA_SE)), "2400");
  CHECK_STR(L(bitwa_hex_neighbour(&even, H("2400"), BITWA_NE)), "2500");
  /* the six neighbours of 0505, odd columns down */
  for (d = 0; d < 6; d++) nb[d] = bitwa_hex_neighbour(&odd, H("0505"), d);
  CHECK_STR(join(nb, 6), "0504 0605 0606 0506 0406 0405");
  for (d = 0; d < 6; d++) nb[d] = bitwa_hex_neighbour(&even, H("0505"), d);
  CHECK_STR(join(nb, 6), "0504 0604 0605 0506 0405 0404");
  /* dir taken mod 6 */
  CHECK_STR(L(bitwa_hex_neighbour(&odd, H("0505"), 7)), "0605");
  CHECK_STR(L(bitwa_hex_neighbour(&odd, H("0505"), -1)), "0405");
  /* direction between hexes */
  CHECK_INT(bitwa_hex_direction(&odd, H("0505"), H("0605")), BITWA_NE);
  CHECK_INT(bitwa_hex_direction(&even, H("0505"), H("0605")), BITWA_SE);
  CHECK_INT(bitwa_hex_direction(&odd, H("0505"), H("0505")), -1);
  CHECK_INT(bitwa_hex_direction(&odd, H("0505"), H("0705")), -1);
}

static void test_facing_arith (void) {
  CHECK_INT(bitwa_facing_turn(0, -1), 5);
  CHECK_INT(bitwa_facing_turn(5, 1), 0);
  CHECK_INT(bitwa_facing_turn(2, 9), 5);
  CHECK_INT(bitwa_facing_turn(2, -13), 1);
  CHECK_INT(bitwa_facing_turn(-1, 0), 5);
  CHECK_INT(bitwa_facing_steps(0, 3), 3);
  CHECK_INT(bitwa_facing_steps(0, 5), 1);
  CHECK_INT(bitwa_facing_steps(5, 1), 2);
  CHECK_INT(bitwa_facing_steps(4, 4), 0);
  CHECK_INT(bitwa_facing_steps(1, 4), 3);
}

/* Front and rear areas: "front|rear" per facing 0..5, hand-computed. */
static void check_areas (bitwa_parity p, const char *hex,
                         const char *const expect[6]) {
  bitwa_grid g = big_grid(p);
  bitwa_hex h = H(hex), f[3], r[3];
  int facing, i;
  for (facing = 0; facing < 6; facing++) {
    char got[64];
    bitwa_hex_front_area(&g, h, facing, f);
    bitwa_hex_rear_area(&g, h, facing, r);
    snprintf(got, sizeof got, "%s|", join(f, 3));
    strncat(got, join(r, 3), sizeof got - strlen(got) - 1);
    CHECK_STR(got, expect[facing]);
    for (i = 0; i < 3; i++) {
      CHECK(bitwa_hex_in_front(&g, h, facing, f[i]));
      CHECK(!bitwa_hex_in_front(&g, h, facing, r[i]));
    }
  }
}

static void test_front_rear (void) {
  static const char *const odd_down_0505[6] = {
    "0405 0504 0605|0606 0506 0406",
    "0504 0605 0606|0506 0406 0405",
    "0605 0606 0506|0406 0405 0504",
    "0606 0506 0406|0405 0504 0605",
    "0506 0406 0405|0504 0605 0606",
    "0406 0405 0504|0605 0606 0506",
  };
  static const char *const odd_down_0605[6] = {
    "0504 0604 0704|0705 0606 0505",
    "0604 0704 0705|0606 0505 0504",
    "0704 0705 0606|0505 0504 0604",
    "0705 0606 0505|0504 0604 0704",
    "0606 0505 0504|0604 0704 0705",
    "0505 0504 0604|0704 0705 0606",
  };
  static const char *const even_down_0505[6] = {
    "0404 0504 0604|0605 0506 0405",
    "0504 0604 0605|0506 0405 0404",
    "0604 0605 0506|0405 0404 0504",
    "0605 0506 0405|0404 0504 0604",
    "0506 0405 0404|0504 0604 0605",
    "0405 0404 0504|0604 0605 0506",
  };
  static const char *const even_down_0605[6] = {
    "0505 0604 0705|0706 0606 0506",
    "0604 0705 0706|0606 0506 0505",
    "0705 0706 0606|0506 0505 0604",
    "0706 0606 0506|0505 0604 0705",
    "0606 0506 0505|0604 0705 0706",
    "0506 0505 0604|0705 0706 0606",
  };
  check_areas(BITWA_ODD_DOWN, "0505", odd_down_0505);
  check_areas(BITWA_ODD_DOWN, "0605", odd_down_0605);
  check_areas(BITWA_EVEN_DOWN, "0505", even_down_0505);
  check_areas(BITWA_EVEN_DOWN, "0605", even_down_0605);
}

/* Distance properties over the whole 51 x 32 map. */
static void test_distance (bitwa_parity p) {
  bitwa_grid g = big_grid(p);
  int n = bitwa_grid_size(&g);
  int i, j, d, asym = 0, nonzero_self = 0, tri = 0, nbd = 0, trip = 0,
      dirbad = 0, rows = 0;
  long k;

  for (i = 0; i < n; i++) {
    bitwa_hex a = bitwa_grid_hex(&g, i);
    if (bitwa_hex_distance(&g, a, a) != 0) nonzero_self++;
    for (j = i + 1; j < n; j++) {
      bitwa_hex b = bitwa_grid_hex(&g, j);
      int ab = bitwa_hex_distance(&g, a, b);
      if (ab != bitwa_hex_distance(&g, b, a) || ab <= 0) asym++;
    }
    for (d = 0; d < 6; d++) {
      bitwa_hex b = bitwa_hex_neighbour(&g, a, d);
      if (bitwa_hex_distance(&g, a, b) != 1) nbd++;
      if (!bitwa_hex_eq(bitwa_hex_neighbour(&g, b, (d + 3) % 6), a)) trip++;
      if (bitwa_hex_direction(&g, a, b) != d) dirbad++;
    }
  }
  CHECK_INT(nonzero_self, 0);
  CHECK_INT(asym, 0);
  CHECK_INT(nbd, 0);
  CHECK_INT(trip, 0);
  CHECK_INT(dirbad, 0);

  for (k = 0; k < 300000; k++) {
    bitwa_hex a = bitwa_grid_hex(&g, (int)(lcg() % (uint32_t)n));
    bitwa_hex b = bitwa_grid_hex(&g, (int)(lcg() % (uint32_t)n));
    bitwa_hex c = bitwa_grid_hex(&g, (int)(lcg() % (uint32_t)n));
    if (bitwa_hex_distance(&g, a, c)
        > bitwa_hex_distance(&g, a, b) + bitwa_hex_distance(&g, b, c))
      tri++;
  }
  CHECK_INT(tri, 0);

  /* moving along one row costs one hex per column */
  for (i = 1; i <= 51; i++)
    for (j = 0; j < 32; j++) {
      bitwa_hex a = { 1, j }, b = { i, j };
      if (bitwa_hex_distance(&g, a, b) > i - 1) rows++;
    }
  CHECK_INT(rows, 0);
  /* straight down a column */
  CHECK_INT(bitwa_hex_distance(&g, H("0500"), H("0531")), 31);
  CHECK_INT(bitwa_hex_distance(&g, H("0100"), H("5100")), 50);
}

static void test_rings (bitwa_parity p) {
  bitwa_grid g = big_grid(p);
  bitwa_hex c = H("2516"), out[200];
  int r, n, i, wrong = 0;
  static const int ring_count[] = { 1, 6, 12, 18, 24 };
  static const int range_count[] = { 1, 7, 19, 37, 61 };

  for (r = 0; r <= 4; r++) {
    CHECK_INT(bitwa_hex_ring(&g, c, r, NULL, 0), ring_count[r]);
    CHECK_INT(bitwa_hex_range(&g, c, r, NULL, 0), range_count[r]);
    n = bitwa_hex_ring(&g, c, r, out, 200);
    CHECK_INT(n, ring_count[r]);
    for (i = 0; i < n; i++)
      if (bitwa_hex_distance(&g, c, out[i]) != r) wrong++;
    if (r > 0) {
      CHECK_STR(L(out[0]), L((bitwa_hex){ 25, 16 - r }));  /* due north */
      for (i = 0; i + 1 < n; i++)   /* a closed walk of adjacent hexes */
        if (bitwa_hex_distance(&g, out[i], out[i + 1]) != 1) wrong++;
      if (bitwa_hex_distance(&g, out[n - 1], out[0]) != 1) wrong++;
    }
  }
  CHECK_INT(wrong, 0);

  /* range: centre first, then by distance */
  n = bitwa_hex_range(&g, c, 3, out, 200);
  CHECK_INT(n, 37);
  CHECK(bitwa_hex_eq(out[0], c));
  wrong = 0;
  for (i = 0; i + 1 < n; i++)
    if (bitwa_hex_distance(&g, c, out[i])
        > bitwa_hex_distance(&g, c, out[i + 1]))
      wrong++;
  CHECK_INT(wrong, 0);
  /* truncated output: at most max written, and they are the first ones */
  {
    bitwa_hex few[5];
    CHECK_INT(bitwa_hex_range(&g, c, 3, few, 5), 5);
    CHECK(memcmp(few, out, sizeof few) == 0);
  }
  CHECK_INT(bitwa_hex_ring(&g, c, -1, NULL, 0), 0);
  CHECK_INT(bitwa_hex_ring(&g, c, 1000000000, NULL, 0), 0);
  CHECK_INT(bitwa_hex_range(&g, c, 1000000000, NULL, 0), 51 * 32);

  /* clipped at the corner 0100 */
  if (p == BITWA_ODD_DOWN) {
    n = bitwa_hex_ring(&g, H("0100"), 1, out, 200);
    CHECK_STR(join(out, n), "0200 0201 0101");
    CHECK_INT(bitwa_hex_range(&g, H("0100"), 1, NULL, 0), 4);
    CHECK_INT(bitwa_hex_ring(&g, H("0100"), 2, NULL, 0), 4);
  } else {
    n = bitwa_hex_ring(&g, H("0100"), 1, out, 200);
    CHECK_STR(join(out, n), "0200 0101");
    CHECK_INT(bitwa_hex_range(&g, H("0100"), 1, NULL, 0), 3);
    CHECK_INT(bitwa_hex_ring(&g, H("0100"), 2, NULL, 0), 4);
  }
  /* clipped along the north edge: 2300 */
  CHECK_INT(bitwa_hex_ring(&g, H("2300"), 1, NULL, 0), p == BITWA_ODD_DOWN ? 5 : 3);
  /* a centre off the map still counts the on-map hexes around it */
  CHECK_INT(bitwa_hex_range(&g, (bitwa_hex){ 0, 5 }, 0, NULL, 0), 0);
  CHECK(bitwa_hex_range(&g, (bitwa_hex){ 0, 5 }, 1, NULL, 0) > 0);
}

static void test_ring_order (void) {
  bitwa_grid g = big_grid(BITWA_ODD_DOWN);
  bitwa_hex out[20];
  int n;
  n = bitwa_hex_ring(&g, H("0505"), 1, out, 20);
  CHECK_STR(join(out, n), "0504 0605 0606 0506 0406 0405");
  n = bitwa_hex_ring(&g, H("0505"), 2, out, 20);
  CHECK_STR(join(out, n),
            "0503 0604 0704 0705 0706 0607 0507 0407 0306 0305 0304 0404");
  /* same call, same order */
  {
    bitwa_hex again[20];
    int m = bitwa_hex_ring(&g, H("0505"), 2, again, 20);
    CHECK_INT(m, 12);
    CHECK(memcmp(again, out, sizeof(bitwa_hex) * 12) == 0);
  }
  n = bitwa_hex_range(&g, H("0505"), 1, out, 20);
  CHECK_STR(join(out, n), "0505 0504 0605 0606 0506 0406 0405");
}

/* ------------------------------------------------------------------ */
/* Lines                                                               */

/* Steps as text: "0505 0605/0606 0705" (split pairs joined by '/'). */
static const char *line_text (const bitwa_grid *g, bitwa_hex a, bitwa_hex b,
                              int *count) {
  static char buf[2048];
  bitwa_line_step st[128];
  size_t len = 0;
  int n = bitwa_hex_line(g, a, b, st, 128), i;
  *count = n;
  buf[0] = '\0';
  for (i = 0; i < n && i < 128; i++) {
    char t[40];
    if (st[i].split)
      snprintf(t, sizeof t, "%s%s/%s", i ? " " : "", L(st[i].a), L(st[i].b));
    else
      snprintf(t, sizeof t, "%s%s", i ? " " : "", L(st[i].a));
    if (len + strlen(t) + 1 >= sizeof buf) break;
    memcpy(buf + len, t, strlen(t) + 1);
    len += strlen(t);
  }
  return buf;
}

/* Reference: the same lerp in doubles with a small epsilon nudge. */
static double ref_floor (double x) {
  double i = (double)(long long)x;
  return i > x ? i - 1.0 : i;
}

static double ref_abs (double x) { return x < 0 ? -x : x; }

static bitwa_cube ref_round (double x, double y, double z) {
  double rx = ref_floor(x + 0.5), ry = ref_floor(y + 0.5), rz = ref_floor(z + 0.5);
  double dx = ref_abs(rx - x), dy = ref_abs(ry - y), dz = ref_abs(rz - z);
  bitwa_cube c;
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (dy > dz) ry = -rx - rz;
  else rz = -rx - ry;
  c.q = (int)rx; c.r = (int)ry; c.s = (int)rz;
  return c;
}

static void ref_step (const bitwa_grid *g, bitwa_cube a, bitwa_cube b,
                      int i, int n, double sign, bitwa_hex *out) {
  double e = 1e-7 * sign, t = n > 0 ? (double)i / n : 0.0;
  double x = a.q + (b.q - a.q) * t + e;
  double y = a.r + (b.r - a.r) * t + 2 * e;
  double z = a.s + (b.s - a.s) * t - 3 * e;
  *out = bitwa_cube_to_hex(g, ref_round(x, y, z));
}

static void test_lines (void) {
  bitwa_grid odd = big_grid(BITWA_ODD_DOWN), even = big_grid(BITWA_EVEN_DOWN);
  int n;

  /* straight down a column */
  CHECK_STR(line_text(&odd, H("0505"), H("0510"), &n),
            "0505 0506 0507 0508 0509 0510");
  CHECK_INT(n, 6);
  CHECK_STR(line_text(&even, H("0510"), H("0505"), &n),
            "0510 0509 0508 0507 0506 0505");
  /* along a hex diagonal (NE, NE, NE) */
  CHECK_STR(line_text(&odd, H("0505"), H("0804"), &n),
            "0505 0605 0704 0804");
  CHECK_INT(n, 4);
  CHECK_STR(line_text(&odd, H("0101"), H("0403"), &n),
            "0101 0202 0302 0403");
  /* off-axis, through hex interiors only */
  CHECK_STR(line_text(&odd, H("0505"), H("0806"), &n),
            "0505 0606 0705 0806");
  /* along edges: two columns apart on one row */
  CHECK_STR(line_text(&odd, H("0505"), H("0705"), &n),
            "0505 0605/0606 0705");
  CHECK_INT(n, 3);
  CHECK_STR(line_text(&odd, H("0705"), H("0505"), &n),
            "0705 0605/0606 0505");
  CHECK_STR(line_text(&even, H("0505"), H("0705"), &n),
            "0505 0604/0605 0705");
  CHECK_STR(line_text(&odd, H("0505"), H("0905"), &n),
            "0505 0605/0606 0705 0805/0806 0905");
  CHECK_INT(n, 5);
  /* along the edge between the N and NE neighbours */
  CHECK_STR(line_text(&odd, H("0505"), H("0604"), &n),
            "0505 0504/0605 0604");
  /* a single hex */
  CHECK_STR(line_text(&odd, H("0505"), H("0505"), &n), "0505");
  CHECK_INT(n, 1);

  /* properties over every pair of a 12 x 10 patch, both parities */
  {
    int par, bad_count = 0, bad_ends = 0, bad_adj = 0, bad_rev = 0,
        bad_ref = 0, splits = 0;
    for (par = 0; par < 2; par++) {
      bitwa_grid g = big_grid((bitwa_parity)par);
      int i, j, k;
      for (i = 0; i < 120; i++)
        for (j = 0; j < 120; j++) {
          bitwa_hex a = { 3 + i / 10, 2 + i % 10 };
          bitwa_hex b = { 3 + j / 10, 2 + j % 10 };
          bitwa_line_step s1[64], s2[64];
          int d = bitwa_hex_distance(&g, a, b);
          int n1 = bitwa_hex_line(&g, a, b, s1, 64);
          int n2 = bitwa_hex_line(&g, b, a, s2, 64);
          bitwa_cube ca = bitwa_hex_to_cube(&g, a), cb = bitwa_hex_to_cube(&g, b);
          if (n1 != d + 1 || n2 != d + 1) { bad_count++; continue; }
          if (!bitwa_hex_eq(s1[0].a, a) || s1[0].split
              || !bitwa_hex_eq(s1[d].a, b) || s1[d].split)
            bad_ends++;
          for (k = 0; k <= d; k++) {
            bitwa_hex r1, r2;
            bool split;
            if (s1[k].split) {
              splits++;
              if (bitwa_hex_distance(&g, s1[k].a, s1[k].b) != 1) bad_adj++;
            }
            if (k > 0 && (bitwa_hex_distance(&g, s1[k - 1].a, s1[k].a) > 1
                          || bitwa_hex_distance(&g, s1[k - 1].b, s1[k].b) > 1))
              bad_adj++;
            if (!bitwa_hex_eq(s1[k].a, s2[d - k].a)
                || !bitwa_hex_eq(s1[k].b, s2[d - k].b)
                || s1[k].split != s2[d - k].split)
              bad_rev++;
            ref_step(&g, ca, cb, k, d, 1.0, &r1);
            ref_step(&g, ca, cb, k, d, -1.0, &r2);
            split = !bitwa_hex_eq(r1, r2);
            if (split != s1[k].split) bad_ref++;
            else if (!split && !bitwa_hex_eq(r1, s1[k].a)) bad_ref++;
            else if (split && !((bitwa_hex_eq(r1, s1[k].a) && bitwa_hex_eq(r2, s1[k].b))
                                || (bitwa_hex_eq(r2, s1[k].a) && bitwa_hex_eq(r1, s1[k].b))))
              bad_ref++;
          }
        }
    }
    CHECK_INT(bad_count, 0);
    CHECK_INT(bad_ends, 0);
    CHECK_INT(bad_adj, 0);
    CHECK_INT(bad_rev, 0);
    CHECK_INT(bad_ref, 0);
    CHECK(splits > 0);
  }

  /* long lines across a 99 x 99 map against the double reference */
  {
    bitwa_grid g = { 1, 1, 99, 99, BITWA_EVEN_DOWN };
    bitwa_line_step *st = malloc(sizeof(bitwa_line_step) * 200);
    int k, i, bad = 0, sz = bitwa_grid_size(&g);
    for (k = 0; k < 3000; k++) {
      bitwa_hex a = bitwa_grid_hex(&g, (int)(lcg() % (uint32_t)sz));
      bitwa_hex b = bitwa_grid_hex(&g, (int)(lcg() % (uint32_t)sz));
      bitwa_cube ca = bitwa_hex_to_cube(&g, a), cb = bitwa_hex_to_cube(&g, b);
      int d = bitwa_hex_distance(&g, a, b);
      if (bitwa_hex_line(&g, a, b, st, 200) != d + 1) { bad++; continue; }
      for (i = 0; i <= d; i++) {
        bitwa_hex r1, r2;
        ref_step(&g, ca, cb, i, d, 1.0, &r1);
        ref_step(&g, ca, cb, i, d, -1.0, &r2);
        if (st[i].split != !bitwa_hex_eq(r1, r2)
            || !(bitwa_hex_eq(st[i].a, r1) || bitwa_hex_eq(st[i].a, r2))
            || !(bitwa_hex_eq(st[i].b, r1) || bitwa_hex_eq(st[i].b, r2)))
          bad++;
      }
    }
    CHECK_INT(bad, 0);
    free(st);
  }

  /* max limits what is written, not the count */
  {
    bitwa_line_step st[2];
    st[1].a.col = -5;
    CHECK_INT(bitwa_hex_line(&odd, H("0505"), H("0510"), st, 1), 6);
    CHECK_INT(st[1].a.col, -5);
    CHECK_INT(bitwa_hex_line(&odd, H("0505"), H("0510"), NULL, 0), 6);
  }
}

/* ------------------------------------------------------------------ */
/* Rays, bearings and sectors                                          */

static const char *ray_text (const bitwa_grid *g, bitwa_hex a, bitwa_hex b,
                             int n, int *count) {
  static char buf[2048];
  bitwa_line_step st[128];
  size_t len = 0;
  int m = bitwa_hex_ray(g, a, b, n, st, 128), i;
  *count = m;
  buf[0] = '\0';
  for (i = 0; i < m && i < 128; i++) {
    char t[40];
    if (st[i].split)
      snprintf(t, sizeof t, "%s%s/%s", i ? " " : "", L(st[i].a), L(st[i].b));
    else
      snprintf(t, sizeof t, "%s%s", i ? " " : "", L(st[i].a));
    if (len + strlen(t) + 1 >= sizeof buf) break;
    memcpy(buf + len, t, strlen(t) + 1);
    len += strlen(t);
  }
  return buf;
}

static void test_rays (void) {
  bitwa_grid odd = big_grid(BITWA_ODD_DOWN), even = big_grid(BITWA_EVEN_DOWN);
  int n;
  /* straight on past an adjacent target */
  CHECK_STR(ray_text(&odd, H("0505"), H("0504"), 3, &n), "0505 0504 0503 0502");
  CHECK_INT(n, 4);
  /* along a diagonal, past the target */
  CHECK_STR(ray_text(&odd, H("0505"), H("0704"), 4, &n), "0505 0605 0704 0804 0903");
  /* along edges: the split steps go on */
  CHECK_STR(ray_text(&odd, H("0505"), H("0705"), 4, &n),
            "0505 0605/0606 0705 0805/0806 0905");
  CHECK_STR(ray_text(&even, H("0505"), H("0705"), 4, &n),
            "0505 0604/0605 0705 0804/0805 0905");
  CHECK_STR(ray_text(&odd, H("0505"), H("0604"), 4, &n), "0505 0504/0605 0604 0603/0703 0702");
  /* short of the target: the line's first steps */
  CHECK_STR(ray_text(&odd, H("0505"), H("0510"), 2, &n), "0505 0506 0507");
  /* no direction: only the start */
  CHECK_STR(ray_text(&odd, H("0505"), H("0505"), 5, &n), "0505");
  CHECK_INT(n, 1);

  /* every pair of a patch, both parities: the ray to k times the
  ** distance is the line to the point k times as far, and begins with
  ** the line to the target */
  {
    int par, bad_line = 0, bad_far = 0, bad_dist = 0;
    for (par = 0; par < 2; par++) {
      bitwa_grid g = big_grid((bitwa_parity)par);
      int i, j, k;
      for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++) {
          bitwa_hex a = { 20 + i / 8, 20 + i % 8 };
          bitwa_hex b = { 20 + j / 8, 20 + j % 8 };
          bitwa_line_step r[64], l[64];
          int d = bitwa_hex_distance(&g, a, b), m;
          bitwa_cube ca = bitwa_hex_to_cube(&g, a), cb = bitwa_hex_to_cube(&g, b), cf;
          if (d == 0) continue;
          m = bitwa_hex_ray(&g, a, b, 3 * d, r, 64);
          if (m != 3 * d + 1) { bad_dist++; continue; }
          bitwa_hex_line(&g, a, b, l, 64);
          for (k = 0; k <= d; k++)
            if (!bitwa_hex_eq(r[k].a, l[k].a) || !bitwa_hex_eq(r[k].b, l[k].b) || r[k].split != l[k].split)
              bad_line++;
          cf.q = ca.q + 3 * (cb.q - ca.q);
          cf.r = ca.r + 3 * (cb.r - ca.r);
          cf.s = -cf.q - cf.r;
          bitwa_hex_line(&g, a, bitwa_cube_to_hex(&g, cf), l, 64);
          for (k = 0; k <= 3 * d; k++) {
            if (!bitwa_hex_eq(r[k].a, l[k].a) || !bitwa_hex_eq(r[k].b, l[k].b) || r[k].split != l[k].split)
              bad_far++;
            if (bitwa_hex_distance(&g, a, r[k].a) != k || bitwa_hex_distance(&g, a, r[k].b) != k)
              bad_dist++;
          }
        }
    }
    CHECK_INT(bad_line, 0);
    CHECK_INT(bad_far, 0);
    CHECK_INT(bad_dist, 0);
  }
  /* max limits what is written, not the count */
  {
    bitwa_line_step st[2];
    st[1].a.col = -5;
    CHECK_INT(bitwa_hex_ray(&odd, H("0505"), H("0504"), 7, st, 1), 8);
    CHECK_INT(st[1].a.col, -5);
    CHECK_INT(bitwa_hex_ray(&odd, H("0505"), H("0504"), 7, NULL, 0), 8);
  }
}

/* the bearing in degrees clockwise from north, from the hex centres */
static double ref_angle (const bitwa_grid *g, bitwa_hex h, bitwa_hex o) {
  bitwa_cube a = bitwa_hex_to_cube(g, h), b = bitwa_hex_to_cube(g, o);
  double q = b.q - a.q, r = b.r - a.r;
  double x = 1.5 * q, y = 1.7320508075688772 * (r + q / 2.0);
  double deg = atan2(x, -y) * 180.0 / 3.14159265358979323846;
  return deg < 0 ? deg + 360.0 : deg;
}

static void test_bearings (void) {
  bitwa_grid odd = big_grid(BITWA_ODD_DOWN);
  int d, f, out[2];
  /* an adjacent hex lies on its direction's line */
  for (f = 0; f < 6; f++)
    for (d = 0; d < 6; d++) {
      bitwa_hex nb = bitwa_hex_neighbour(&odd, H("0505"), d);
      CHECK_INT(bitwa_hex_bearing(&odd, H("0505"), f, nb), 4 * ((d - f + 6) % 6));
      CHECK_INT(bitwa_hex_sector(&odd, H("0505"), f, nb, out), 1);
      CHECK_INT(out[0], (d - f + 6) % 6);
    }
  CHECK_INT(bitwa_hex_bearing(&odd, H("0505"), 0, H("0505")), -1);
  CHECK_INT(bitwa_hex_sector(&odd, H("0505"), 0, H("0505"), out), 0);
  /* N + NE from 0505 is 0604: on the corner line at 30 degrees */
  CHECK_INT(bitwa_hex_bearing(&odd, H("0505"), 0, H("0604")), 2);
  CHECK_INT(bitwa_hex_sector(&odd, H("0505"), 0, H("0604"), out), 2);
  CHECK_INT(out[0], 0);
  CHECK_INT(out[1], 1);
  /* seen facing S, the same hex is at 30 + 180 = 210 degrees */
  CHECK_INT(bitwa_hex_bearing(&odd, H("0505"), BITWA_S, H("0604")), 14);
  /* between N and the corner line: 0603 (N, N, NE) */
  CHECK_INT(bitwa_hex_bearing(&odd, H("0505"), 0, H("0603")), 1);
  CHECK_INT(bitwa_hex_sector(&odd, H("0505"), 0, H("0603"), out), 1);
  CHECK_INT(out[0], 0);
  /* every offset within 9 hexes, both parities, every facing, against
  ** the angle of the centres in doubles */
  {
    int par, bad = 0, bad_sector = 0, seen[24] = { 0 }, i;
    for (par = 0; par < 2; par++) {
      bitwa_grid g = big_grid((bitwa_parity)par);
      bitwa_hex c = H("3030"), around[400];
      int m = bitwa_hex_range(&g, c, 9, around, 400), k;
      for (k = 1; k < m; k++)
        for (f = 0; f < 6; f++) {
          int b = bitwa_hex_bearing(&g, c, f, around[k]), ns, s;
          double a = ref_angle(&g, c, around[k]) - 60.0 * f;
          if (a < 0) a += 360.0;
          if (b < 0 || b > 23) { bad++; continue; }
          seen[b]++;
          if (b % 2 == 0) {
            double e = a - 15.0 * b;
            if (e > 180.0) e -= 360.0;
            if (e < -1e-9 || e > 1e-9) bad++;
          } else {
            double lo = 15.0 * (b - 1), hi = 15.0 * (b + 1);
            if (!(a > lo + 1e-9 && a < hi - 1e-9)) bad++;
          }
          /* the sector: the 60-degree wedge centred on a hexside */
          ns = bitwa_hex_sector(&g, c, f, around[k], out);
          for (s = 0; s < ns; s++) {
            double e = a - 60.0 * out[s];
            if (e > 180.0) e -= 360.0;
            if (e < -180.0) e += 360.0;
            if (e < -30.0 - 1e-9 || e > 30.0 + 1e-9) bad_sector++;
          }
          if ((ns == 2) != (b % 4 == 2)) bad_sector++;
        }
    }
    CHECK_INT(bad, 0);
    CHECK_INT(bad_sector, 0);
    for (i = 0; i < 24; i++) CHECK(seen[i] > 0);
  }
}

/* ------------------------------------------------------------------ */
/* Paths                                                               */

typedef struct {
  const bitwa_grid *g;
  int wall_col, wall_rows;     /* column wall_col, rows 0..wall_rows-1 */
  int step;                    /* cost of a step */
  int calls;
} wall_ctx;

static int wall_cost (void *ctx, bitwa_hex from, bitwa_hex to, int dir) {
  wall_ctx *w = ctx;
  w->calls++;
  if (bitwa_hex_direction(w->g, from, to) != dir) return -1000;
  if (to.col == w->wall_col && to.row < w->wall_rows) return -1;
  return w->step;
}

static int unit_cost (void *ctx, bitwa_hex from, bitwa_hex to, int dir) {
  (void)ctx; (void)from; (void)to; (void)dir;
  return 1;
}

static void test_paths (void) {
  bitwa_grid g = small_grid(BITWA_ODD_DOWN);
  wall_ctx w = { &g, 5, 8, 1, 0 };
  bitwa_hex path[128], again[128];
  int n, cost = -7, i, bad = 0;

  /* around a wall on column 5, rows 00..07 */
  n = bitwa_path(&g, H("0302"), H("0702"), wall_cost, &w, path, 128, &cost);
  CHECK_INT(n, 15);
  CHECK_INT(cost, 14);
  CHECK_STR(L(path[0]), "0302");
  CHECK_STR(L(path[n - 1]), "0702");
  for (i = 0; i < n; i++) {
    if (path[i].col == 5 && path[i].row < 8) bad++;
    if (i > 0 && bitwa_hex_direction(&g, path[i - 1], path[i]) < 0) bad++;
  }
  CHECK_INT(bad, 0);
  CHECK(w.calls > 0);

  /* determinism */
  cost = -7;
  CHECK_INT(bitwa_path(&g, H("0302"), H("0702"), wall_cost, &w, again, 128,
                       &cost), 15);
  CHECK(memcmp(path, again, sizeof(bitwa_hex) * 15) == 0);
  CHECK_INT(cost, 14);

  /* the same with steps costing 3 */
  w.step = 3;
  n = bitwa_path(&g, H("0302"), H("0702"), wall_cost, &w, path, 128, &cost);
  CHECK_INT(n, 15);
  CHECK_INT(cost, 42);

  /* a wall across the whole map: unreachable */
  w.step = 1;
  w.wall_rows = 10;
  cost = -7;
  CHECK_INT(bitwa_path(&g, H("0302"), H("0702"), wall_cost, &w, path, 128,
                       &cost), -1);
  CHECK_INT(cost, -7);
  /* off the grid */
  CHECK_INT(bitwa_path(&g, H("0302"), H("1102"), unit_cost, NULL, path, 128,
                       &cost), -1);
  CHECK_INT(bitwa_path(&g, H("0010"), H("0302"), unit_cost, NULL, path, 128,
                       &cost), -1);

  /* start == goal */
  n = bitwa_path(&g, H("0302"), H("0302"), unit_cost, NULL, path, 128, &cost);
  CHECK_INT(n, 1);
  CHECK_INT(cost, 0);

  /* ties: NE then SE (directions 1, 2) beats SE then NE (2, 1) */
  n = bitwa_path(&g, H("0505"), H("0705"), unit_cost, NULL, path, 128, &cost);
  CHECK_INT(n, 3);
  CHECK_STR(join(path, n), "0505 0605 0705");
  n = bitwa_path(&g, H("0705"), H("0505"), unit_cost, NULL, path, 128, &cost);
  CHECK_STR(join(path, n), "0705 0606 0505");  /* SW, NW (4, 5) beats NW, SW */

  /* truncated output */
  {
    bitwa_hex few[2] = { { -1, -1 }, { -1, -1 } };
    n = bitwa_path(&g, H("0505"), H("0508"), unit_cost, NULL, few, 1, NULL);
    CHECK_INT(n, 4);
    CHECK_STR(L(few[0]), "0505");
    CHECK_INT(few[1].col, -1);
  }

  /* with unit costs the path length is the hex distance, on 51 x 32 */
  {
    bitwa_grid big = big_grid(BITWA_EVEN_DOWN);
    int k, wrong = 0, sz = bitwa_grid_size(&big);
    for (k = 0; k < 200; k++) {
      bitwa_hex a = bitwa_grid_hex(&big, (int)(lcg() % (uint32_t)sz));
      bitwa_hex b = bitwa_grid_hex(&big, (int)(lcg() % (uint32_t)sz));
      bitwa_hex *p = malloc(sizeof(bitwa_hex) * 200);
      int c = -1, m = bitwa_path(&big, a, b, unit_cost, NULL, p, 200, &c);
      if (m != bitwa_hex_distance(&big, a, b) + 1 || c != m - 1) wrong++;
      free(p);
    }
    CHECK_INT(wrong, 0);
  }

  /* a 99 x 99 map */
  {
    bitwa_grid huge = { 1, 1, 99, 99, BITWA_ODD_DOWN };
    bitwa_hex *p = malloc(sizeof(bitwa_hex) * 400);
    n = bitwa_path(&huge, (bitwa_hex){ 1, 1 }, (bitwa_hex){ 99, 99 },
                   unit_cost, NULL, p, 400, &cost);
    CHECK_INT(n, bitwa_hex_distance(&huge, (bitwa_hex){ 1, 1 },
                                    (bitwa_hex){ 99, 99 }) + 1);
    free(p);
  }
}

/* Facing paths: moves only straight ahead (cost 1), turns cost 2. */
typedef struct { const bitwa_grid *g; int move, turn; } facing_ctx;

static int facing_cost (void *ctx, bitwa_hexdir from, bitwa_hexdir to,
                        bool is_turn) {
  facing_ctx *f = ctx;
  if (is_turn) {
    if (!bitwa_hex_eq(from.hex, to.hex)
        || bitwa_facing_steps(from.facing, to.facing) != 1)
      return -1000;
    return f->turn;
  }
  if (from.facing != to.facing) return -1000;
  if (bitwa_hex_direction(f->g, from.hex, to.hex) != from.facing) return -1;
  return f->move;
}

static const char *hexdir_text (const bitwa_hexdir *s, int n) {
  static char buf[1024];
  size_t len = 0;
  int i;
  buf[0] = '\0';
  for (i = 0; i < n; i++) {
    char t[32];
    snprintf(t, sizeof t, "%s%s/%d", i ? " " : "", L(s[i].hex), s[i].facing);
    if (len + strlen(t) + 1 >= sizeof buf) break;
    memcpy(buf + len, t, strlen(t) + 1);
    len += strlen(t);
  }
  return buf;
}

static void test_path_facing (void) {
  bitwa_grid g = small_grid(BITWA_ODD_DOWN);
  facing_ctx fc = { &g, 1, 2 };
  bitwa_hexdir from = { { 5, 5 }, BITWA_N }, out[64], again[64];
  int n, cost = -7;

  /* two hexes behind: three turns (2 each) and two moves */
  n = bitwa_path_facing(&g, from, H("0507"), -1, facing_cost, &fc, out, 64,
                        &cost);
  CHECK_INT(cost, 8);
  CHECK_INT(n, 6);
  /* right turns (code 6) sort before left turns (code 7) */
  CHECK_STR(hexdir_text(out, n),
            "0505/0 0505/1 0505/2 0505/3 0506/3 0507/3");
  n = bitwa_path_facing(&g, from, H("0507"), -1, facing_cost, &fc, again, 64,
                        &cost);
  CHECK(memcmp(out, again, sizeof(bitwa_hexdir) * 6) == 0);

  /* arriving facing north again: six turns and two moves */
  n = bitwa_path_facing(&g, from, H("0507"), BITWA_N, facing_cost, &fc, out,
                        64, &cost);
  CHECK_INT(cost, 14);
  CHECK_INT(n, 9);
  CHECK_INT(out[n - 1].facing, BITWA_N);
  CHECK_STR(L(out[n - 1].hex), "0507");

  /* straight ahead costs only the moves */
  n = bitwa_path_facing(&g, from, H("0502"), -1, facing_cost, &fc, out, 64,
                        &cost);
  CHECK_INT(cost, 3);
  CHECK_INT(n, 4);
  /* a NE neighbour: one turn and one move */
  n = bitwa_path_facing(&g, from, H("0605"), -1, facing_cost, &fc, out, 64,
                        &cost);
  CHECK_INT(cost, 3);
  CHECK_STR(hexdir_text(out, n), "0505/0 0505/1 0605/1");
  /* already there */
  n = bitwa_path_facing(&g, from, H("0505"), -1, facing_cost, &fc, out, 64,
                        &cost);
  CHECK_INT(n, 1);
  CHECK_INT(cost, 0);
  n = bitwa_path_facing(&g, from, H("0505"), BITWA_S, facing_cost, &fc, out,
                        64, &cost);
  CHECK_INT(cost, 6);
  CHECK_INT(n, 4);
  /* turns forbidden: only hexes straight ahead are reachable */
  fc.turn = -1;
  CHECK_INT(bitwa_path_facing(&g, from, H("0507"), -1, facing_cost, &fc,
                              out, 64, &cost), -1);
  CHECK_INT(bitwa_path_facing(&g, from, H("0500"), -1, facing_cost, &fc,
                              out, 64, &cost), 6);
  /* bad arguments */
  fc.turn = 2;
  CHECK_INT(bitwa_path_facing(&g, from, H("1500"), -1, facing_cost, &fc,
                              out, 64, &cost), -1);
  CHECK_INT(bitwa_path_facing(&g, from, H("0507"), 6, facing_cost, &fc,
                              out, 64, &cost), -1);
  from.facing = 7;
  CHECK_INT(bitwa_path_facing(&g, from, H("0507"), -1, facing_cost, &fc,
                              out, 64, &cost), -1);
}

/* Brute-force check of bitwa_path_facing costs: Bellman-Ford on the
** state graph of a small map. */
static void test_path_facing_brute (void) {
  bitwa_grid g = { 1, 0, 6, 5, BITWA_EVEN_DOWN };
  facing_ctx fc = { &g, 3, 1 };
  int n = bitwa_grid_size(&g), S = n * 6, i, changed, wrong = 0;
  long *dist = malloc(sizeof(long) * (size_t)S);
  bitwa_hexdir from = { { 3, 2 }, BITWA_SE };
  for (i = 0; i < S; i++) dist[i] = -1;
  dist[bitwa_grid_index(&g, from.hex) * 6 + from.facing] = 0;
  do {
    changed = 0;
    for (i = 0; i < S; i++) {
      bitwa_hexdir s = { bitwa_grid_hex(&g, i / 6), i % 6 };
      int d, t;
      if (dist[i] < 0) continue;
      for (d = 0; d < 6; d++) {
        bitwa_hexdir to = { bitwa_hex_neighbour(&g, s.hex, d), s.facing };
        int j = bitwa_grid_index(&g, to.hex), c;
        if (j < 0) continue;
        c = facing_cost(&fc, s, to, false);
        if (c < 0) continue;
        j = j * 6 + s.facing;
        if (dist[j] < 0 || dist[i] + c < dist[j]) { dist[j] = dist[i] + c; changed = 1; }
      }
      for (t = -1; t <= 1; t += 2) {
        bitwa_hexdir to = { s.hex, bitwa_facing_turn(s.facing, t) };
        int j = (i / 6) * 6 + to.facing;
        int c = facing_cost(&fc, s, to, true);
        if (dist[j] < 0 || dist[i] + c < dist[j]) { dist[j] = dist[i] + c; changed = 1; }
      }
    }
  } while (changed);
  for (i = 0; i < S; i++) {
    bitwa_hexdir out[200];
    int cost = -1;
    int m = bitwa_path_facing(&g, from, bitwa_grid_hex(&g, i / 6), i % 6,
                              facing_cost, &fc, out, 200, &cost);
    if (dist[i] < 0 ? m != -1 : (m < 1 || cost != dist[i])) wrong++;
  }
  CHECK_INT(wrong, 0);
  free(dist);
}

int main (void) {
  test_labels();
  test_grid();
  test_rule_4_4_4(BITWA_ODD_DOWN);    /* 4.4.4, odd columns down */
  test_rule_4_4_4(BITWA_EVEN_DOWN);   /* 4.4.4, even columns down */
  test_neighbours_fixed();
  test_facing_arith();
  test_front_rear();
  test_distance(BITWA_ODD_DOWN);
  test_distance(BITWA_EVEN_DOWN);
  test_rings(BITWA_ODD_DOWN);
  test_rings(BITWA_EVEN_DOWN);
  test_ring_order();
  test_lines();
  test_rays();
  test_bearings();
  test_paths();
  test_path_facing();
  test_path_facing_brute();
  return check_summary();
}
