/*
** core/hex.h -- hex-grid geometry for printed wargame maps.
**
** Hexes are flat-topped and stand in vertical columns; the printed label
** is CCRR (column, row), e.g. "2300" = column 23, row 0, and "614" =
** column 6, row 14 (the leading zero is optional).  Every other column
** sits half a hex lower; which ones is a property of the map (its
** parity).  Inside, geometry works in cube coordinates.
**
** Directions and facings are numbered clockwise, each pointing at a hex
** EDGE: 0 = N, 1 = NE, 2 = SE, 3 = S, 4 = SW, 5 = NW.
**
** This file knows nothing of Lua, of rules or of terrain meanings.
*/
#ifndef BITWA_HEX_H
#define BITWA_HEX_H

#include <stdbool.h>
#include <stddef.h>

enum { BITWA_N = 0, BITWA_NE, BITWA_SE, BITWA_S, BITWA_SW, BITWA_NW };

/* Which printed columns sit half a hex lower than their neighbours. */
typedef enum {
  BITWA_ODD_DOWN = 0,    /* odd-numbered columns are shifted down */
  BITWA_EVEN_DOWN = 1    /* even-numbered columns are shifted down */
} bitwa_parity;

/* A hex by its printed column and row.  May lie off the grid. */
typedef struct { int col, row; } bitwa_hex;

typedef struct { int q, r, s; } bitwa_cube;

/* The extent of a map: printed columns col0 .. col0+width-1 and rows
** row0 .. row0+height-1 (e.g. col0 = 1, row0 = 0). */
typedef struct {
  int col0, row0, width, height;
  bitwa_parity parity;
} bitwa_grid;

#define BITWA_HEX_LABEL_MAX 12   /* room for any label bitwa_hex_format writes */

/* Parse "2300", "614", "0614".  The last two digits are the row, the
** digits before them the column (one or more; at least 3 digits total,
** at most 6).  Returns 0 on success, -1 on malformed input. */
int bitwa_hex_parse (const char *s, bitwa_hex *out);
/* Write the label with at least 4 digits ("0614", "2300"); returns buf. */
char *bitwa_hex_format (bitwa_hex h, char buf[BITWA_HEX_LABEL_MAX]);

bool bitwa_hex_eq (bitwa_hex a, bitwa_hex b);
/* True when the extent is usable (width, height 1..10000, at most
** 4194304 hexes, origin within +-1000000, a known parity).  An invalid
** grid contains no hex. */
bool bitwa_grid_valid (const bitwa_grid *g);
bool bitwa_grid_contains (const bitwa_grid *g, bitwa_hex h);
/* Dense index 0 .. width*height-1 (column-major: (col-col0)*height +
** (row-row0)), or -1 off the grid. */
int bitwa_grid_index (const bitwa_grid *g, bitwa_hex h);
bitwa_hex bitwa_grid_hex (const bitwa_grid *g, int index);
int bitwa_grid_size (const bitwa_grid *g);

bitwa_cube bitwa_hex_to_cube (const bitwa_grid *g, bitwa_hex h);
bitwa_hex bitwa_cube_to_hex (const bitwa_grid *g, bitwa_cube c);

/* The neighbour across edge dir (0..5); may lie off the grid. */
bitwa_hex bitwa_hex_neighbour (const bitwa_grid *g, bitwa_hex h, int dir);
/* The direction from a to an adjacent b, or -1 when not adjacent. */
int bitwa_hex_direction (const bitwa_grid *g, bitwa_hex a, bitwa_hex b);
int bitwa_hex_distance (const bitwa_grid *g, bitwa_hex a, bitwa_hex b);
/* Facing arithmetic: (f + turns) mod 6, turns may be negative. */
int bitwa_facing_turn (int facing, int turns);
/* Smallest number of 60-degree steps between two facings (0..3). */
int bitwa_facing_steps (int from, int to);

/* The three hexes across the faced edge and its two neighbouring edges
** (dirs facing-1, facing, facing+1), and the other three
** (facing+2, facing+3, facing+4).  Written even when off the grid. */
void bitwa_hex_front_area (const bitwa_grid *g, bitwa_hex h, int facing,
                           bitwa_hex out[3]);
void bitwa_hex_rear_area (const bitwa_grid *g, bitwa_hex h, int facing,
                          bitwa_hex out[3]);
bool bitwa_hex_in_front (const bitwa_grid *g, bitwa_hex h, int facing,
                         bitwa_hex other);

/* Hexes ON THE GRID at exactly distance radius (ring) or at most radius
** (range, centre first), in a fixed order: by distance, then clockwise
** starting from the N direction.  Return the number written (at most
** max; the full count when out is NULL). */
int bitwa_hex_ring (const bitwa_grid *g, bitwa_hex centre, int radius,
                    bitwa_hex *out, int max);
int bitwa_hex_range (const bitwa_grid *g, bitwa_hex centre, int radius,
                     bitwa_hex *out, int max);

/* The line between two hex centres, a to b inclusive.  Each step is one
** hex, or two (a and b both set, split = true) where the line runs
** exactly along the edge between them; the rules decide what that means.
** Returns the number of steps (distance + 1); writes at most max. */
typedef struct { bitwa_hex a, b; bool split; } bitwa_line_step;
int bitwa_hex_line (const bitwa_grid *g, bitwa_hex from, bitwa_hex to,
                    bitwa_line_step *out, int max);

/* The ray from `from` through `through`, continued to distance n from
** `from`: steps 0..n, each as bitwa_hex_line reports them (a split step
** where the ray runs along an edge); up to `through` it is exactly
** bitwa_hex_line(from, through).  Hexes beyond the grid are written as
** they fall.  Returns n + 1 (1 when from == through: only `from`);
** writes at most max steps. */
int bitwa_hex_ray (const bitwa_grid *g, bitwa_hex from, bitwa_hex through,
                   int n, bitwa_line_step *out, int max);

/* Where `other` lies seen from h facing `facing`, in 24ths of a turn
** clockwise from the facing: even values 2k lie exactly on the line at
** 30k degrees (multiples of 4: through the middle of a hexside, the
** line of hex centres in a hex direction; 4k+2: through a hex corner),
** odd values strictly between two such lines.  -1 when other == h.
** Exact: integer arithmetic on cube coordinates. */
int bitwa_hex_bearing (const bitwa_grid *g, bitwa_hex h, int facing,
                       bitwa_hex other);
/* The hexside sector of `other` seen from h facing `facing`: the
** direction d (0..5, relative to the facing: 0 ahead, 3 behind) whose
** 60-degree wedge, centred on the line through hexside d, holds it.  A
** hex exactly on a corner line lies on the border of two wedges: both
** are written (out[0] = d, out[1] = d + 1 mod 6)
** and 2 returned; otherwise 1.  0 when other == h.  An adjacent hex is
** always in exactly one (its direction). */
int bitwa_hex_sector (const bitwa_grid *g, bitwa_hex h, int facing,
                      bitwa_hex other, int out[2]);

/*
** Shortest paths.  Costs are non-negative integers supplied by the
** rules (a ruleset that needs half MPs scales by 2); a negative cost
** means the step is forbidden.  Ties are broken deterministically
** (lower total, then fewer steps, then lower direction numbers along
** the path), so the same map and costs always give the same path.
*/
typedef int (*bitwa_step_cost) (void *ctx, bitwa_hex from, bitwa_hex to,
                                int dir);
/* Writes the path from..to inclusive into out (at most max hexes) and
** the total cost into *cost.  Returns the number of hexes on the path,
** or -1 when to cannot be reached (or lies off the grid). */
int bitwa_path (const bitwa_grid *g, bitwa_hex from, bitwa_hex to,
                bitwa_step_cost cost, void *ctx,
                bitwa_hex *out, int max, int *total_cost);

/* Paths over (hex, facing) states.  From state (h, f) the search tries
** every move to a neighbour (h', f') with f' = f (dir = the direction
** moved, which the rules may require to equal f) and every turn in place
** to (h, f+1) and (h, f-1).  cost returns the step's cost or < 0 when
** forbidden.  goal_facing = -1 accepts any facing at `to`. */
typedef struct { bitwa_hex hex; int facing; } bitwa_hexdir;
typedef int (*bitwa_state_cost) (void *ctx, bitwa_hexdir from,
                                 bitwa_hexdir to, bool is_turn);
int bitwa_path_facing (const bitwa_grid *g, bitwa_hexdir from,
                       bitwa_hex to, int goal_facing,
                       bitwa_state_cost cost, void *ctx,
                       bitwa_hexdir *out, int max, int *total_cost);

#endif
