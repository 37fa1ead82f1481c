/*
** core/map.c -- the printed map as data: terrain id and elevation per
** hex, a feature bit set per hexside.
**
** Each hex keeps six edge masks; the two masks of a shared edge are
** always written together, so they never disagree.  Border edges (whose
** far side is off the grid) are kept on the on-grid side only.
*/
#include "map.h"

#include <stdlib.h>
#include <string.h>

struct bitwa_map {
  bitwa_grid grid;
  int n;                 /* number of hexes */
  int *terrain;          /* n */
  int *elevation;        /* n */
  uint32_t *edges;       /* 6 * n, hex index * 6 + direction */
};

static bitwa_map *map_alloc (const bitwa_grid *g) {
  bitwa_map *m;
  size_t n;
  if (!bitwa_grid_valid(g)) return NULL;
  m = malloc(sizeof *m);
  if (m == NULL) return NULL;
  m->grid = *g;
  m->n = bitwa_grid_size(g);
  n = (size_t)m->n;
  m->terrain = calloc(n, sizeof *m->terrain);
  m->elevation = calloc(n, sizeof *m->elevation);
  m->edges = calloc(n * 6, sizeof *m->edges);
  if (!m->terrain || !m->elevation || !m->edges) {
    bitwa_map_free(m);
    return NULL;
  }
  return m;
}

/*
** A new map over grid g, all terrain, elevation and edges 0.  Returns
** NULL when the extent is invalid (see bitwa_grid_valid) or memory runs
** out.
*/
bitwa_map *bitwa_map_new (const bitwa_grid *g) {
  return map_alloc(g);
}

/*
** Free a map (NULL is fine).
*/
void bitwa_map_free (bitwa_map *m) {
  if (m == NULL) return;
  free(m->terrain);
  free(m->elevation);
  free(m->edges);
  free(m);
}

/*
** An independent copy of m, or NULL when memory runs out.
*/
bitwa_map *bitwa_map_clone (const bitwa_map *m) {
  bitwa_map *c;
  size_t n;
  if (m == NULL) return NULL;
  c = map_alloc(&m->grid);
  if (c == NULL) return NULL;
  n = (size_t)m->n;
  memcpy(c->terrain, m->terrain, n * sizeof *m->terrain);
  memcpy(c->elevation, m->elevation, n * sizeof *m->elevation);
  memcpy(c->edges, m->edges, n * 6 * sizeof *m->edges);
  return c;
}

/*
** The grid the map covers.
*/
const bitwa_grid *bitwa_map_grid (const bitwa_map *m) {
  return &m->grid;
}

/*
** Set the terrain id of h; returns 0, or -1 when h is off the grid.
*/
int bitwa_map_set_terrain (bitwa_map *m, bitwa_hex h, int terrain) {
  int i = bitwa_grid_index(&m->grid, h);
  if (i < 0) return -1;
  m->terrain[i] = terrain;
  return 0;
}

/*
** The terrain id of h, or -1 when h is off the grid.
*/
int bitwa_map_terrain (const bitwa_map *m, bitwa_hex h) {
  int i = bitwa_grid_index(&m->grid, h);
  return i < 0 ? -1 : m->terrain[i];
}

/*
** Set the elevation of h; returns 0, or -1 when h is off the grid.
*/
int bitwa_map_set_elevation (bitwa_map *m, bitwa_hex h, int elevation) {
  int i = bitwa_grid_index(&m->grid, h);
  if (i < 0) return -1;
  m->elevation[i] = elevation;
  return 0;
}

/*
** The elevation of h, or 0 when h is off the grid.
*/
int bitwa_map_elevation (const bitwa_map *m, bitwa_hex h) {
  int i = bitwa_grid_index(&m->grid, h);
  return i < 0 ? 0 : m->elevation[i];
}

/* The two mask slots of edge (h, dir): *a on h's side, *b on the
** neighbour's side; either is NULL when that hex is off the grid.
** Returns false when the edge does not exist (bad dir, or neither hex
** on the grid). */
static bool edge_slots (const bitwa_map *m, bitwa_hex h, int dir,
                        uint32_t **a, uint32_t **b) {
  int i, j;
  if (dir < 0 || dir > 5) return false;
  i = bitwa_grid_index(&m->grid, h);
  j = bitwa_grid_index(&m->grid, bitwa_hex_neighbour(&m->grid, h, dir));
  *a = i < 0 ? NULL : &m->edges[(size_t)i * 6 + (size_t)dir];
  *b = j < 0 ? NULL : &m->edges[(size_t)j * 6 + (size_t)((dir + 3) % 6)];
  return *a != NULL || *b != NULL;
}

/*
** Replace the features of the edge of h in direction dir (0..5) by bits,
** on both of its sides.  The edge exists when at least one of its two
** hexes is on the grid, so a border edge may be named from either side.
** Returns 0, or -1 for a bad dir or an edge away from the grid.
*/
int bitwa_map_set_edge (bitwa_map *m, bitwa_hex h, int dir, uint32_t bits) {
  uint32_t *a, *b;
  if (!edge_slots(m, h, dir, &a, &b)) return -1;
  if (a) *a = bits;
  if (b) *b = bits;
  return 0;
}

/*
** Add bits to the features of the edge of h in direction dir (both
** sides).  Returns 0, or -1 as bitwa_map_set_edge.
*/
int bitwa_map_add_edge (bitwa_map *m, bitwa_hex h, int dir, uint32_t bits) {
  uint32_t *a, *b;
  if (!edge_slots(m, h, dir, &a, &b)) return -1;
  if (a) *a |= bits;
  if (b) *b |= bits;
  return 0;
}

/*
** The features of the edge of h in direction dir; 0 for a bad dir or an
** edge away from the grid.
*/
uint32_t bitwa_map_edge (const bitwa_map *m, bitwa_hex h, int dir) {
  uint32_t *a, *b;
  if (!edge_slots(m, h, dir, &a, &b)) return 0;
  return a ? *a : *b;
}

/* FNV-1a, 64 bits, fed with 32-bit values as 4 little-endian bytes. */
#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv_u32 (uint64_t h, uint32_t v) {
  int i;
  for (i = 0; i < 4; i++) {
    h ^= (uint64_t)((v >> (8 * i)) & 0xffu);
    h *= FNV_PRIME;
  }
  return h;
}

static uint64_t fnv_int (uint64_t h, int v) {
  return fnv_u32(h, (uint32_t)v);
}

/*
** A 64-bit digest of the map: FNV-1a over a format tag, the grid (col0,
** row0, width, height, parity), then for each hex in column-major order
** its terrain, elevation and six edge masks (N..NW), each value as four
** little-endian bytes.  Equal content gives equal digests on every
** platform.
*/
uint64_t bitwa_map_digest (const bitwa_map *m) {
  uint64_t h = FNV_OFFSET;
  int i, d;
  h = fnv_u32(h, 0x4d415031u);   /* "MAP1" */
  h = fnv_int(h, m->grid.col0);
  h = fnv_int(h, m->grid.row0);
  h = fnv_int(h, m->grid.width);
  h = fnv_int(h, m->grid.height);
  h = fnv_int(h, (int)m->grid.parity);
  for (i = 0; i < m->n; i++) {
    h = fnv_int(h, m->terrain[i]);
    h = fnv_int(h, m->elevation[i]);
    for (d = 0; d < 6; d++)
      h = fnv_u32(h, m->edges[(size_t)i * 6 + (size_t)d]);
  }
  return h;
}
