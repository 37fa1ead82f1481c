/*
** core/hex.c -- hex-grid geometry: labels, cube coordinates, neighbours,
** distance, facings, rings, lines of sight and shortest paths.
**
** Layout: flat-topped hexes in vertical columns.  The cube coordinate q
** is the printed column; r grows southwards and is the row corrected by
** half the column (which half depends on the grid's parity); s = -q-r.
** Direction vectors (dq, dr): N (0,-1), NE (+1,-1), SE (+1,0), S (0,+1),
** SW (-1,+1), NW (-1,0).
*/
#include "hex.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Limits that keep every coordinate computation far from int overflow. */
#define GRID_SIDE_MAX 10000
#define GRID_CELLS_MAX (1 << 22)
#define GRID_ORIGIN_MAX 1000000

static const int dir_dq[6] = { 0, 1, 1, 0, -1, -1 };
static const int dir_dr[6] = { -1, -1, 0, 1, 1, 0 };

/* ------------------------------------------------------------------ */
/* Labels                                                              */
/* ------------------------------------------------------------------ */

/*
** Parse a printed label: 3 to 6 decimal digits, nothing else; the last
** two are the row, the rest the column.  Returns 0 and fills *out, or -1
** (leaving *out untouched) on malformed input.
*/
int bitwa_hex_parse (const char *s, bitwa_hex *out) {
  size_t len, i;
  int col = 0, row;
  if (s == NULL || out == NULL) return -1;
  len = strlen(s);
  if (len < 3 || len > 6) return -1;
  for (i = 0; i < len; i++)
    if (s[i] < '0' || s[i] > '9') return -1;
  for (i = 0; i + 2 < len; i++)
    col = col * 10 + (s[i] - '0');
  row = (s[len - 2] - '0') * 10 + (s[len - 1] - '0');
  out->col = col;
  out->row = row;
  return 0;
}

/* Append the decimal digits of v (>= 0), at least `width` of them. */
static char *put_uint (char *p, int v, int width) {
  char tmp[12];
  int n = 0;
  do { tmp[n++] = (char)('0' + v % 10); v /= 10; } while (v > 0);
  while (n < width) tmp[n++] = '0';
  while (n > 0) *p++ = tmp[--n];
  return p;
}

static char *put_int (char *p, int v) {
  if (v < 0) { *p++ = '-'; v = -v; }
  return put_uint(p, v, 1);
}

/*
** Write the printed label of h into buf and return buf.  Hexes with a
** column 0..9999 and a row 0..99 get the CCRR form with at least four
** digits ("0614", "2300", "10203").  Other hexes (off-map neighbours,
** rows above 99) are written "col,row" ("23,-1") when both parts lie in
** -9999..9999, and "?" beyond that; bitwa_hex_parse rejects both forms.
*/
char *bitwa_hex_format (bitwa_hex h, char buf[BITWA_HEX_LABEL_MAX]) {
  char *p = buf;
  if (h.col >= 0 && h.col <= 9999 && h.row >= 0 && h.row <= 99) {
    p = put_uint(p, h.col, 2);
    p = put_uint(p, h.row, 2);
  } else if (h.col >= -9999 && h.col <= 9999
             && h.row >= -9999 && h.row <= 9999) {
    p = put_int(p, h.col);
    *p++ = ',';
    p = put_int(p, h.row);
  } else {
    *p++ = '?';
  }
  *p = '\0';
  return buf;
}

/*
** True when a and b name the same hex.
*/
bool bitwa_hex_eq (bitwa_hex a, bitwa_hex b) {
  return a.col == b.col && a.row == b.row;
}

/* ------------------------------------------------------------------ */
/* Grid                                                                */
/* ------------------------------------------------------------------ */

/*
** True when the grid's extent is usable: width and height 1..10000, at
** most 4194304 hexes, origin within +-1000000, parity one of the two
** values.  Functions given an invalid grid treat every hex as off it.
*/
bool bitwa_grid_valid (const bitwa_grid *g) {
  if (g == NULL) return false;
  if (g->width < 1 || g->height < 1) return false;
  if (g->width > GRID_SIDE_MAX || g->height > GRID_SIDE_MAX) return false;
  if ((long)g->width * (long)g->height > GRID_CELLS_MAX) return false;
  if (g->col0 < -GRID_ORIGIN_MAX || g->col0 > GRID_ORIGIN_MAX) return false;
  if (g->row0 < -GRID_ORIGIN_MAX || g->row0 > GRID_ORIGIN_MAX) return false;
  if (g->parity != BITWA_ODD_DOWN && g->parity != BITWA_EVEN_DOWN)
    return false;
  return true;
}

/*
** True when h lies on the (valid) grid.
*/
bool bitwa_grid_contains (const bitwa_grid *g, bitwa_hex h) {
  if (!bitwa_grid_valid(g)) return false;
  return (long)h.col >= g->col0 && (long)h.col < (long)g->col0 + g->width
      && (long)h.row >= g->row0 && (long)h.row < (long)g->row0 + g->height;
}

/*
** Dense column-major index of h, or -1 when h is off the grid.
*/
int bitwa_grid_index (const bitwa_grid *g, bitwa_hex h) {
  if (!bitwa_grid_contains(g, h)) return -1;
  return (h.col - g->col0) * g->height + (h.row - g->row0);
}

/*
** The hex with the given dense index.  An index outside 0..size-1 (or
** an invalid grid) gives the off-grid hex (col0-1, row0-1).
*/
bitwa_hex bitwa_grid_hex (const bitwa_grid *g, int index) {
  bitwa_hex h;
  if (!bitwa_grid_valid(g) || index < 0 || index >= bitwa_grid_size(g)) {
    h.col = g ? g->col0 - 1 : -1;
    h.row = g ? g->row0 - 1 : -1;
    return h;
  }
  h.col = g->col0 + index / g->height;
  h.row = g->row0 + index % g->height;
  return h;
}

/*
** Number of hexes on the grid (0 for an invalid grid).
*/
int bitwa_grid_size (const bitwa_grid *g) {
  if (!bitwa_grid_valid(g)) return 0;
  return g->width * g->height;
}

/* ------------------------------------------------------------------ */
/* Cube coordinates                                                    */
/* ------------------------------------------------------------------ */

static int floor_half (int x) { return x >= 0 ? x / 2 : -((1 - x) / 2); }
static int ceil_half (int x) { return x >= 0 ? (x + 1) / 2 : -((-x) / 2); }

/* The row shift of column col: r = row - shift(col). */
static int column_shift (const bitwa_grid *g, int col) {
  return g->parity == BITWA_EVEN_DOWN ? ceil_half(col) : floor_half(col);
}

/*
** Cube coordinates of h (q = column, r = row minus the column's shift).
*/
bitwa_cube bitwa_hex_to_cube (const bitwa_grid *g, bitwa_hex h) {
  bitwa_cube c;
  c.q = h.col;
  c.r = h.row - column_shift(g, h.col);
  c.s = -c.q - c.r;
  return c;
}

/*
** The hex at cube coordinates c (s is ignored; it is always -q-r).
*/
bitwa_hex bitwa_cube_to_hex (const bitwa_grid *g, bitwa_cube c) {
  bitwa_hex h;
  h.col = c.q;
  h.row = c.r + column_shift(g, c.q);
  return h;
}

static bitwa_cube cube_add (bitwa_cube c, int dir, int times) {
  c.q += dir_dq[dir] * times;
  c.r += dir_dr[dir] * times;
  c.s = -c.q - c.r;
  return c;
}

static int iabs (int x) { return x < 0 ? -x : x; }

static int cube_distance (bitwa_cube a, bitwa_cube b) {
  return (iabs(a.q - b.q) + iabs(a.r - b.r) + iabs(a.s - b.s)) / 2;
}

/*
** Facing arithmetic: (facing + turns) mod 6 in 0..5; either argument may
** be negative or above 5.
*/
int bitwa_facing_turn (int facing, int turns) {
  int f = facing % 6 + turns % 6;
  f %= 6;
  return f < 0 ? f + 6 : f;
}

/*
** Smallest number of 60-degree turns between two facings (0..3).
*/
int bitwa_facing_steps (int from, int to) {
  int d = bitwa_facing_turn(to, -bitwa_facing_turn(from, 0));
  return d > 3 ? 6 - d : d;
}

/*
** The neighbour of h across edge dir (taken mod 6); may be off the grid.
*/
bitwa_hex bitwa_hex_neighbour (const bitwa_grid *g, bitwa_hex h, int dir) {
  return bitwa_cube_to_hex(g,
      cube_add(bitwa_hex_to_cube(g, h), bitwa_facing_turn(dir, 0), 1));
}

/*
** Direction 0..5 from a to the adjacent hex b, or -1 when they are not
** adjacent (including a == b).
*/
int bitwa_hex_direction (const bitwa_grid *g, bitwa_hex a, bitwa_hex b) {
  bitwa_cube ca = bitwa_hex_to_cube(g, a), cb = bitwa_hex_to_cube(g, b);
  int dq = cb.q - ca.q, dr = cb.r - ca.r, d;
  for (d = 0; d < 6; d++)
    if (dir_dq[d] == dq && dir_dr[d] == dr) return d;
  return -1;
}

/*
** Hex distance between a and b (number of steps, ignoring the grid's
** extent).
*/
int bitwa_hex_distance (const bitwa_grid *g, bitwa_hex a, bitwa_hex b) {
  return cube_distance(bitwa_hex_to_cube(g, a), bitwa_hex_to_cube(g, b));
}

/*
** The front area of h facing `facing`: the neighbours across the edges
** facing-1, facing, facing+1, in that order.
*/
void bitwa_hex_front_area (const bitwa_grid *g, bitwa_hex h, int facing,
                           bitwa_hex out[3]) {
  int i;
  for (i = 0; i < 3; i++)
    out[i] = bitwa_hex_neighbour(g, h, bitwa_facing_turn(facing, i - 1));
}

/*
** The rear area of h facing `facing`: the neighbours across the edges
** facing+2, facing+3, facing+4, in that order.
*/
void bitwa_hex_rear_area (const bitwa_grid *g, bitwa_hex h, int facing,
                          bitwa_hex out[3]) {
  int i;
  for (i = 0; i < 3; i++)
    out[i] = bitwa_hex_neighbour(g, h, bitwa_facing_turn(facing, i + 2));
}

/*
** True when other is one of the three hexes of h's front area.
*/
bool bitwa_hex_in_front (const bitwa_grid *g, bitwa_hex h, int facing,
                         bitwa_hex other) {
  bitwa_hex f[3];
  int i;
  bitwa_hex_front_area(g, h, facing, f);
  for (i = 0; i < 3; i++)
    if (bitwa_hex_eq(f[i], other)) return true;
  return false;
}

/* ------------------------------------------------------------------ */
/* Rings and ranges                                                    */
/* ------------------------------------------------------------------ */

/* An upper bound on the distance from centre to any hex of the grid:
** moving along a row costs one hex per column, then along the column
** one per row, so |dcol| + |drow| to the farthest corner bounds it. */
static int grid_reach (const bitwa_grid *g, bitwa_hex c) {
  long dc1 = labs((long)c.col - g->col0);
  long dc2 = labs((long)c.col - ((long)g->col0 + g->width - 1));
  long dr1 = labs((long)c.row - g->row0);
  long dr2 = labs((long)c.row - ((long)g->row0 + g->height - 1));
  long d = (dc1 > dc2 ? dc1 : dc2) + (dr1 > dr2 ? dr1 : dr2);
  return d > INT_MAX ? INT_MAX : (int)d;
}

/* Visit the on-grid hexes of one ring in order; returns the updated
** count and writes into out[*count] while below max. */
static int ring_into (const bitwa_grid *g, bitwa_cube cc, int radius,
                      bitwa_hex *out, int max, int count) {
  bitwa_cube c;
  int side, j;
  if (radius == 0) {
    bitwa_hex h = bitwa_cube_to_hex(g, cc);
    if (bitwa_grid_contains(g, h)) {
      if (out && count < max) out[count] = h;
      count++;
    }
    return count;
  }
  c = cube_add(cc, BITWA_N, radius);
  for (side = 0; side < 6; side++) {
    int dir = (side + 2) % 6;
    for (j = 0; j < radius; j++) {
      bitwa_hex h = bitwa_cube_to_hex(g, c);
      if (bitwa_grid_contains(g, h)) {
        if (out && count < max) out[count] = h;
        count++;
      }
      c = cube_add(c, dir, 1);
    }
  }
  return count;
}

/*
** The on-grid hexes at exactly `radius` from centre, clockwise from the
** hex due north.  Returns the number written (at most max), or the full
** count when out is NULL.
*/
int bitwa_hex_ring (const bitwa_grid *g, bitwa_hex centre, int radius,
                    bitwa_hex *out, int max) {
  int n;
  if (!bitwa_grid_valid(g) || radius < 0 || radius > grid_reach(g, centre))
    return 0;
  if (max < 0) max = 0;
  n = ring_into(g, bitwa_hex_to_cube(g, centre), radius, out, max, 0);
  return out && n > max ? max : n;
}

/*
** The on-grid hexes within `radius` of centre: the centre, then ring 1,
** ring 2, ... each clockwise from the hex due north.  Returns the number
** written (at most max), or the full count when out is NULL.
*/
int bitwa_hex_range (const bitwa_grid *g, bitwa_hex centre, int radius,
                     bitwa_hex *out, int max) {
  bitwa_cube cc;
  int r, n = 0, reach;
  if (!bitwa_grid_valid(g) || radius < 0) return 0;
  if (max < 0) max = 0;
  reach = grid_reach(g, centre);
  if (radius > reach) radius = reach;
  cc = bitwa_hex_to_cube(g, centre);
  for (r = 0; r <= radius; r++)
    n = ring_into(g, cc, r, out, max, n);
  return out && n > max ? max : n;
}

/* ------------------------------------------------------------------ */
/* Lines                                                               */
/* ------------------------------------------------------------------ */

/*
** The line is the cube lerp from a to b sampled at t = i/n (n = the
** distance), each sample nudged by +e*(1,2,-3) and by -e*(1,2,-3) for
** an infinitesimal e > 0, then cube-rounded.  Everything is integer:
** coordinates are scaled by n (a sample is exactly X/n with X an
** integer), and a nudged value X/n + k*e is carried as the pair (X, k).
** Comparisons between such values are lexicographic: first the scaled
** integer part, then the coefficient of e.  This is exactly what a
** floating-point nudge does for every small enough epsilon, with no
** rounding anywhere.  The three coefficients 1, 2, -3 differ in
** magnitude, so the rounding-error comparisons never tie.
**
** The coordinate with the largest |b - a| is an integer at every sample,
** so a sample never lies on a hex corner; it lies either inside one hex
** (both nudges agree) or on the edge between two (the nudges fall on
** either side of it): that step is reported split.
*/

/* floor(a / b) for b > 0. */
static long long floor_div (long long a, long long b) {
  long long q = a / b;
  if (a % b != 0 && a < 0) q--;
  return q;
}

typedef struct { long long main; int inf; } nudged_err;

/* Round X/n + k*e to the nearest integer; the error |result - value| is
** returned scaled by n as (integer part, coefficient of e). */
static long long round_nudged (long long X, long long n, int k,
                               nudged_err *err) {
  long long q = floor_div(X, n);
  long long rem2 = 2 * (X - q * n);
  long long d;
  if (rem2 > n || (rem2 == n && k > 0)) q++;
  d = q * n - X;
  if (d > 0) { err->main = d; err->inf = -k; }
  else if (d < 0) { err->main = -d; err->inf = k; }
  else { err->main = 0; err->inf = k < 0 ? -k : k; }
  return q;
}

static bool err_greater (nudged_err a, nudged_err b) {
  return a.main > b.main || (a.main == b.main && a.inf > b.inf);
}

/* Cube-round the sample (X, Y, Z)/n nudged by sign * e * (1, 2, -3). */
static bitwa_cube cube_round_nudged (long long X, long long Y, long long Z,
                                     long long n, int sign) {
  nudged_err ex, ey, ez;
  long long q = round_nudged(X, n, sign * 1, &ex);
  long long r = round_nudged(Y, n, sign * 2, &ey);
  long long s = round_nudged(Z, n, sign * -3, &ez);
  bitwa_cube c;
  if (err_greater(ex, ey) && err_greater(ex, ez)) q = -r - s;
  else if (err_greater(ey, ez)) r = -q - s;
  else s = -q - r;
  c.q = (int)q;
  c.r = (int)r;
  c.s = (int)s;
  return c;
}

/*
** The line of hexes from `from` to `to` inclusive, one step per unit of
** distance.  A step where the line runs exactly along an edge is split:
** a and b are the two hexes on either side, a being the one with the
** lower column (then lower row), so a line and its reverse report the
** same pairs.  An unsplit step has a == b.  Returns distance + 1 and
** writes at most max steps.
*/
int bitwa_hex_line (const bitwa_grid *g, bitwa_hex from, bitwa_hex to,
                    bitwa_line_step *out, int max) {
  bitwa_cube a = bitwa_hex_to_cube(g, from), b = bitwa_hex_to_cube(g, to);
  long long n = cube_distance(a, b);
  long long i;
  if (n == 0) {
    if (out && max > 0) { out[0].a = out[0].b = from; out[0].split = false; }
    return 1;
  }
  for (i = 0; i <= n && out && i < max; i++) {
    long long X = (long long)a.q * n + (long long)(b.q - a.q) * i;
    long long Y = (long long)a.r * n + (long long)(b.r - a.r) * i;
    long long Z = (long long)a.s * n + (long long)(b.s - a.s) * i;
    bitwa_hex h1 = bitwa_cube_to_hex(g, cube_round_nudged(X, Y, Z, n, 1));
    bitwa_hex h2 = bitwa_cube_to_hex(g, cube_round_nudged(X, Y, Z, n, -1));
    bitwa_line_step *st = &out[i];
    if (bitwa_hex_eq(h1, h2)) {
      st->a = st->b = h1;
      st->split = false;
    } else {
      bool swap = h2.col < h1.col || (h2.col == h1.col && h2.row < h1.row);
      st->a = swap ? h2 : h1;
      st->b = swap ? h1 : h2;
      st->split = true;
    }
  }
  return (int)n + 1;
}

/*
** The ray: the samples of bitwa_hex_line continued past `through`.  The
** sample i lies at from + (through - from) * i / d (d their distance);
** as in the line, the coordinate with the largest |difference| is an
** integer at every sample, so step i lies at distance i.
*/
int bitwa_hex_ray (const bitwa_grid *g, bitwa_hex from, bitwa_hex through,
                   int n, bitwa_line_step *out, int max) {
  bitwa_cube a = bitwa_hex_to_cube(g, from), b = bitwa_hex_to_cube(g, through);
  long long d = cube_distance(a, b);
  long long i;
  if (d == 0 || n <= 0) {
    if (out && max > 0) { out[0].a = out[0].b = from; out[0].split = false; }
    return 1;
  }
  for (i = 0; i <= n && out && i < max; i++) {
    long long X = (long long)a.q * d + (long long)(b.q - a.q) * i;
    long long Y = (long long)a.r * d + (long long)(b.r - a.r) * i;
    long long Z = (long long)a.s * d + (long long)(b.s - a.s) * i;
    bitwa_hex h1 = bitwa_cube_to_hex(g, cube_round_nudged(X, Y, Z, d, 1));
    bitwa_hex h2 = bitwa_cube_to_hex(g, cube_round_nudged(X, Y, Z, d, -1));
    bitwa_line_step *st = &out[i];
    if (bitwa_hex_eq(h1, h2)) {
      st->a = st->b = h1;
      st->split = false;
    } else {
      bool swap = h2.col < h1.col || (h2.col == h1.col && h2.row < h1.row);
      st->a = swap ? h2 : h1;
      st->b = swap ? h1 : h2;
      st->split = true;
    }
  }
  return n + 1;
}

/*
** Bearings.  Any offset v != 0 is a*e_k + b*e_(k+1) for exactly one k
** with a > 0, b >= 0 (e_k the direction vectors; two neighbouring ones
** span a 60-degree wedge, and their cross product is 1, so a and b are
** integers).  b = 0: on the line of direction k; a = b: on the corner
** line halfway to k+1 (e_k + e_(k+1) bisects them, both being of the
** same length); a > b: nearer k; a < b: nearer k+1.
*/
static int abs_bearing (long long vq, long long vr) {
  int k;
  for (k = 0; k < 6; k++) {
    int k1 = (k + 1) % 6;
    long long a = vq * dir_dr[k1] - vr * dir_dq[k1];
    long long b = dir_dq[k] * vr - dir_dr[k] * vq;
    if (a > 0 && b >= 0) {
      int part = b == 0 ? 0 : (a > b ? 1 : (a == b ? 2 : 3));
      return 4 * k + part;
    }
  }
  return -1;
}

int bitwa_hex_bearing (const bitwa_grid *g, bitwa_hex h, int facing,
                       bitwa_hex other) {
  bitwa_cube a = bitwa_hex_to_cube(g, h), b = bitwa_hex_to_cube(g, other);
  int abs = abs_bearing((long long)b.q - a.q, (long long)b.r - a.r);
  if (abs < 0) return -1;
  return ((abs - 4 * (((facing % 6) + 6) % 6)) % 24 + 24) % 24;
}

int bitwa_hex_sector (const bitwa_grid *g, bitwa_hex h, int facing,
                      bitwa_hex other, int out[2]) {
  int b = bitwa_hex_bearing(g, h, facing, other);
  if (b < 0) return 0;
  if (b % 4 == 2) {
    out[0] = (b - 2) / 4;
    out[1] = ((b + 2) / 4) % 6;
    return 2;
  }
  out[0] = ((b + 2) / 4) % 6;
  return 1;
}

/* ------------------------------------------------------------------ */
/* Shortest paths                                                      */
/* ------------------------------------------------------------------ */

/*
** One Dijkstra engine serves both searches.  A state is a grid index
** (hex search) or grid index * 6 + facing (facing search).  Labels are
** (cost, steps); the heap orders states by (cost, steps, state number).
** Every transition adds one step, so every predecessor a state's best
** label can come from is settled strictly before the state itself, and
** the heap order among equal labels never matters.  Equal labels are
** resolved when relaxing: the path whose sequence of transition codes
** is lexicographically smaller wins (codes: 0..5 = move in that
** direction; in the facing search 6 = turn to facing+1, 7 = turn to
** facing-1).
*/
typedef struct {
  const bitwa_grid *g;
  int n;                    /* number of states */
  bool facing;              /* facing search? */
  bitwa_step_cost hcost;
  bitwa_state_cost scost;
  void *ctx;
  long long *dist;
  int *steps;
  int *pred;
  signed char *code;
  unsigned char *mark;      /* 0 unseen, 1 in heap, 2 settled */
  int *heap;
  int *pos;
  int hn;
} search;

static bool key_less (const search *S, int a, int b) {
  if (S->dist[a] != S->dist[b]) return S->dist[a] < S->dist[b];
  if (S->steps[a] != S->steps[b]) return S->steps[a] < S->steps[b];
  return a < b;
}

static void heap_set (search *S, int i, int st) {
  S->heap[i] = st;
  S->pos[st] = i;
}

static void heap_up (search *S, int i) {
  int st = S->heap[i];
  while (i > 0) {
    int p = (i - 1) / 2;
    if (!key_less(S, st, S->heap[p])) break;
    heap_set(S, i, S->heap[p]);
    i = p;
  }
  heap_set(S, i, st);
}

static void heap_down (search *S, int i) {
  int st = S->heap[i];
  for (;;) {
    int c = 2 * i + 1;
    if (c >= S->hn) break;
    if (c + 1 < S->hn && key_less(S, S->heap[c + 1], S->heap[c])) c++;
    if (!key_less(S, S->heap[c], st)) break;
    heap_set(S, i, S->heap[c]);
    i = c;
  }
  heap_set(S, i, st);
}

static void heap_push (search *S, int st) {
  S->heap[S->hn] = st;
  S->pos[st] = S->hn;
  S->hn++;
  heap_up(S, S->hn - 1);
}

static int heap_pop (search *S) {
  int top = S->heap[0];
  S->hn--;
  if (S->hn > 0) {
    heap_set(S, 0, S->heap[S->hn]);
    heap_down(S, 0);
  }
  S->pos[top] = -1;
  return top;
}

/* Compare the code sequences of path(a) + ca and path(b) + cb, where a
** and b are settled states at the same number of steps.  Walking back in
** lockstep, the last difference seen is the one nearest the start. */
static int seq_cmp (const search *S, int a, int ca, int b, int cb) {
  int res = ca < cb ? -1 : ca > cb ? 1 : 0;
  while (a != b) {
    if (S->code[a] != S->code[b]) res = S->code[a] < S->code[b] ? -1 : 1;
    a = S->pred[a];
    b = S->pred[b];
  }
  return res;
}

static void relax (search *S, int u, int v, int code, int c) {
  long long nd;
  int ns;
  if (c < 0 || S->mark[v] == 2) return;
  nd = S->dist[u] + c;
  ns = S->steps[u] + 1;
  if (S->mark[v] == 0) {
    S->mark[v] = 1;
    S->dist[v] = nd;
    S->steps[v] = ns;
    S->pred[v] = u;
    S->code[v] = (signed char)code;
    heap_push(S, v);
    return;
  }
  if (nd < S->dist[v] || (nd == S->dist[v] && ns < S->steps[v])) {
    S->dist[v] = nd;
    S->steps[v] = ns;
    S->pred[v] = u;
    S->code[v] = (signed char)code;
    heap_up(S, S->pos[v]);
  } else if (nd == S->dist[v] && ns == S->steps[v]
             && seq_cmp(S, u, code, S->pred[v], S->code[v]) < 0) {
    S->pred[v] = u;
    S->code[v] = (signed char)code;
  }
}

static bitwa_hexdir state_hexdir (const search *S, int st) {
  bitwa_hexdir hd;
  if (S->facing) {
    hd.hex = bitwa_grid_hex(S->g, st / 6);
    hd.facing = st % 6;
  } else {
    hd.hex = bitwa_grid_hex(S->g, st);
    hd.facing = 0;
  }
  return hd;
}

static void expand (search *S, int u) {
  bitwa_hexdir from = state_hexdir(S, u);
  int d;
  for (d = 0; d < 6; d++) {
    bitwa_hex nb = bitwa_hex_neighbour(S->g, from.hex, d);
    int idx = bitwa_grid_index(S->g, nb);
    if (idx < 0) continue;
    if (S->facing) {
      bitwa_hexdir to;
      to.hex = nb;
      to.facing = from.facing;
      relax(S, u, idx * 6 + from.facing, d,
            S->scost(S->ctx, from, to, false));
    } else {
      relax(S, u, idx, d, S->hcost(S->ctx, from.hex, nb, d));
    }
  }
  if (S->facing) {
    int t;
    for (t = 0; t < 2; t++) {
      bitwa_hexdir to;
      to.hex = from.hex;
      to.facing = bitwa_facing_turn(from.facing, t == 0 ? 1 : -1);
      relax(S, u, (u / 6) * 6 + to.facing, 6 + t,
            S->scost(S->ctx, from, to, true));
    }
  }
}

static void search_free (search *S) {
  free(S->dist);
  free(S->steps);
  free(S->pred);
  free(S->code);
  free(S->mark);
  free(S->heap);
  free(S->pos);
}

static bool search_init (search *S, const bitwa_grid *g, bool facing) {
  size_t n;
  memset(S, 0, sizeof *S);
  S->g = g;
  S->facing = facing;
  S->n = bitwa_grid_size(g) * (facing ? 6 : 1);
  n = (size_t)S->n;
  S->dist = malloc(n * sizeof *S->dist);
  S->steps = malloc(n * sizeof *S->steps);
  S->pred = malloc(n * sizeof *S->pred);
  S->code = malloc(n * sizeof *S->code);
  S->mark = calloc(n, sizeof *S->mark);
  S->heap = malloc(n * sizeof *S->heap);
  S->pos = malloc(n * sizeof *S->pos);
  if (!S->dist || !S->steps || !S->pred || !S->code || !S->mark
      || !S->heap || !S->pos) {
    search_free(S);
    return false;
  }
  return true;
}

static void search_start (search *S, int st) {
  S->dist[st] = 0;
  S->steps[st] = 0;
  S->pred[st] = -1;
  S->code[st] = -1;
  S->mark[st] = 1;
  heap_push(S, st);
}

static int clamp_cost (long long c) {
  return c > INT_MAX ? INT_MAX : (int)c;
}

/*
** Cheapest path from `from` to `to` over the grid with step costs from
** cost (negative = forbidden).  Ties: lower total cost, then fewer
** steps, then the lexicographically smaller sequence of directions
** moved.  Writes up to max hexes (from first) into out and the total
** into *total_cost (either may be NULL); returns the number of hexes on
** the path, or -1 when to is unreachable, off the grid, or memory runs
** out.  The cost function is called only for steps between two on-grid
** hexes.
*/
int bitwa_path (const bitwa_grid *g, bitwa_hex from, bitwa_hex to,
                bitwa_step_cost cost, void *ctx,
                bitwa_hex *out, int max, int *total_cost) {
  search S;
  int src = bitwa_grid_index(g, from), dst = bitwa_grid_index(g, to);
  int len = -1, st;
  if (src < 0 || dst < 0 || cost == NULL) return -1;
  if (!search_init(&S, g, false)) return -1;
  S.hcost = cost;
  S.ctx = ctx;
  search_start(&S, src);
  while (S.hn > 0) {
    int u = heap_pop(&S);
    S.mark[u] = 2;
    if (u == dst) break;
    expand(&S, u);
  }
  if (S.mark[dst] == 2) {
    len = S.steps[dst] + 1;
    for (st = dst; st >= 0; st = S.pred[st])
      if (out && S.steps[st] < max) out[S.steps[st]] = bitwa_grid_hex(g, st);
    if (total_cost) *total_cost = clamp_cost(S.dist[dst]);
  }
  search_free(&S);
  return len;
}

/*
** Cheapest sequence of (hex, facing) states from `from` to hex `to`
** (with facing goal_facing, or any facing when it is -1).  Moves go to
** a neighbour keeping the facing; turns change the facing by one step
** in place.  Ties: lower total cost, then fewer steps, then the
** lexicographically smaller sequence of transition codes (a move in
** direction d is d, a turn to facing+1 is 6, a turn to facing-1 is 7);
** between goal states with equal labels the same order decides.
** Returns the number of states on the path (from first) or -1.
*/
int bitwa_path_facing (const bitwa_grid *g, bitwa_hexdir from,
                       bitwa_hex to, int goal_facing,
                       bitwa_state_cost cost, void *ctx,
                       bitwa_hexdir *out, int max, int *total_cost) {
  search S;
  int src = bitwa_grid_index(g, from.hex), dst = bitwa_grid_index(g, to);
  int best = -1, len = -1, st;
  if (src < 0 || dst < 0 || cost == NULL) return -1;
  if (from.facing < 0 || from.facing > 5) return -1;
  if (goal_facing < -1 || goal_facing > 5) return -1;
  if (!search_init(&S, g, true)) return -1;
  S.scost = cost;
  S.ctx = ctx;
  search_start(&S, src * 6 + from.facing);
  while (S.hn > 0) {
    int u = S.heap[0];
    if (best >= 0 && (S.dist[u] != S.dist[best]
                      || S.steps[u] != S.steps[best]))
      break;
    heap_pop(&S);
    S.mark[u] = 2;
    if (u / 6 == dst && (goal_facing < 0 || u % 6 == goal_facing)) {
      if (best < 0)
        best = u;
      else if (seq_cmp(&S, S.pred[u], S.code[u],
                       S.pred[best], S.code[best]) < 0)
        best = u;
      continue;
    }
    if (best < 0) expand(&S, u);
  }
  if (best >= 0) {
    len = S.steps[best] + 1;
    for (st = best; st >= 0; st = S.pred[st])
      if (out && S.steps[st] < max) out[S.steps[st]] = state_hexdir(&S, st);
    if (total_cost) *total_cost = clamp_cost(S.dist[best]);
  }
  search_free(&S);
  return len;
}
