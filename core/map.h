/*
** core/map.h -- the printed map as data: per-hex terrain and elevation,
** per-edge hexside features.  Names of terrain and features belong to
** the ruleset; the map stores small integer ids the caller interns.
**
** Hexside features are a bit set per edge (up to 32 feature kinds:
** river, stream, bridge, ford, fence, road link, ... as the ruleset
** declares).  An edge is shared by two hexes: setting it from either
** side sets it for both.  Edges on the border of the grid exist too.
*/
#ifndef BITWA_MAP_H
#define BITWA_MAP_H

#include <stdint.h>
#include "hex.h"

typedef struct bitwa_map bitwa_map;

bitwa_map *bitwa_map_new (const bitwa_grid *g);   /* NULL on bad extent */
void bitwa_map_free (bitwa_map *m);
bitwa_map *bitwa_map_clone (const bitwa_map *m);
const bitwa_grid *bitwa_map_grid (const bitwa_map *m);

/* Terrain id and elevation of a hex on the grid (0 everywhere at first).
** Setters return -1 off the grid; getters return -1 (terrain) or 0
** (elevation) off the grid. */
int bitwa_map_set_terrain (bitwa_map *m, bitwa_hex h, int terrain);
int bitwa_map_terrain (const bitwa_map *m, bitwa_hex h);
int bitwa_map_set_elevation (bitwa_map *m, bitwa_hex h, int elevation);
int bitwa_map_elevation (const bitwa_map *m, bitwa_hex h);

/* Hexside features of the edge of h in direction dir. */
int bitwa_map_set_edge (bitwa_map *m, bitwa_hex h, int dir, uint32_t bits);
int bitwa_map_add_edge (bitwa_map *m, bitwa_hex h, int dir, uint32_t bits);
uint32_t bitwa_map_edge (const bitwa_map *m, bitwa_hex h, int dir);

/* A 64-bit digest of the whole map content (grid, terrain, elevation,
** edges), independent of memory layout. */
uint64_t bitwa_map_digest (const bitwa_map *m);

#endif
