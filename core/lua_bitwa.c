/*
** core/lua_bitwa.c -- the `bitwa` Lua module over the kernel.
**
** The only file besides script.c that knows Lua.  Each kernel object
** is a userdata with a metatable name ("bitwa.map", "bitwa.state",
** ...); game objects cross as integer ids, hexes as small interned
** userdata ("bitwa.hex"), so that the same hex is the same value and can
** key a table, and a type error reads "hex expected, got table".
*/
#define _XOPEN_SOURCE 700     /* realpath */
#include <inttypes.h>
#include <errno.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <dirent.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "dice.h"
#include "hex.h"
#include "log.h"
#include "map.h"
#include "phase.h"
#include "script.h"
#include "state.h"

#define HEX_MT "bitwa.hex"
#define MAP_MT "bitwa.map"
#define STATE_MT "bitwa.state"
#define DICE_MT "bitwa.dice"
#define LOG_MT "bitwa.log"
#define PHASES_MT "bitwa.phases"
#define HEAP_MT "bitwa.heap"

static const char HEXCACHE_KEY = 'h';

/*
** Each class's metatable is also kept in a slot of the state
** (bitwa_script_classes), so that telling a hex, map or state argument is
** a pointer comparison: luaL_checkudata and luaL_testudata look the
** class's name up in the registry (a string made and hashed) at every
** call, some 5% of a replay.  The registry holds the metatables for the
** state's life, so a slot never points at a freed table.
*/
enum { HEX_KEY, MAP_KEY, STATE_KEY, DICE_KEY, LOG_KEY, PHASES_KEY, HEAP_KEY };

/* The block of the userdata at i when its metatable is the class's, else NULL. */
static void *to_class (lua_State *L, int i, int key) {
  int ok;
  if (lua_type(L, i) != LUA_TUSERDATA || !lua_getmetatable(L, i)) return NULL;
  ok = lua_topointer(L, -1) == bitwa_script_classes(L)[key];
  lua_pop(L, 1);
  return ok ? lua_touserdata(L, i) : NULL;
}

/* As luaL_checkudata (its error for anything else). */
static void *check_class (lua_State *L, int i, int key, const char *tname) {
  void *p = to_class(L, i, key);
  return p != NULL ? p : luaL_checkudata(L, i, tname);
}

/* The metatable on top becomes the class's. */
static void keep_class (lua_State *L, int key) {
  bitwa_script_classes(L)[key] = lua_topointer(L, -1);
}


/* ================================================================== */
/* hexes                                                              */

/* Push the interned hex userdata for h. */
static void push_hex (lua_State *L, bitwa_hex h) {
  lua_Integer key = (lua_Integer)bitwa_hex_pack(h);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &HEXCACHE_KEY);
  if (lua_rawgeti(L, -1, key) == LUA_TUSERDATA) {
    lua_remove(L, -2);
    return;
  }
  lua_pop(L, 1);
  {
    bitwa_hex *u = lua_newuserdatauv(L, sizeof *u, 1);   /* its label, once asked */
    *u = h;
    luaL_setmetatable(L, HEX_MT);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, key);
    lua_remove(L, -2);
  }
}

/*
** A hex argument: a hex userdata, or a CCRR label string.
*/
static bitwa_hex check_hex (lua_State *L, int i) {
  bitwa_hex h;
  if (lua_type(L, i) == LUA_TSTRING) {
    if (bitwa_hex_parse(lua_tostring(L, i), &h) != 0)
      luaL_argerror(L, i, lua_pushfstring(L, "bad hex label '%s'", lua_tostring(L, i)));
    return h;
  }
  return *(bitwa_hex *)check_class(L, i, HEX_KEY, HEX_MT);
}

static int check_dir (lua_State *L, int i) {
  lua_Integer d = luaL_checkinteger(L, i);
  luaL_argcheck(L, d >= 0 && d < 6, i, "direction 0..5 expected");
  return (int)d;
}

/* bitwa.hex.parse(label) -> hex | nil, message */
static int hex_parse (lua_State *L) {
  bitwa_hex h;
  const char *s = luaL_checkstring(L, 1);
  if (bitwa_hex_parse(s, &h) != 0) {
    lua_pushnil(L);
    lua_pushfstring(L, "bad hex label '%s' (CCRR expected, e.g. 2300 or 614)", s);
    return 2;
  }
  push_hex(L, h);
  return 1;
}

/* bitwa.hex.at(col, row) -> hex */
static int hex_at (lua_State *L) {
  bitwa_hex h;
  lua_Integer c = luaL_checkinteger(L, 1), r = luaL_checkinteger(L, 2);
  luaL_argcheck(L, c > -1000 && c < 10000, 1, "column out of range");
  luaL_argcheck(L, r > -1000 && r < 10000, 2, "row out of range");
  h.col = (int)c;
  h.row = (int)r;
  push_hex(L, h);
  return 1;
}

static int hex_is (lua_State *L) {
  lua_pushboolean(L, to_class(L, 1, HEX_KEY) != NULL);
  return 1;
}

static int hex_label (lua_State *L) {
  char buf[BITWA_HEX_LABEL_MAX];
  lua_pushstring(L, bitwa_hex_format(check_hex(L, 1), buf));
  return 1;
}

static int hex_pack (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_hex_pack(check_hex(L, 1)));
  return 1;
}

static int hex_unpack (lua_State *L) {
  push_hex(L, bitwa_hex_unpack((int64_t)luaL_checkinteger(L, 1)));
  return 1;
}

/* bitwa.hex.turn(facing, steps) -> facing */
static int hex_turn (lua_State *L) {
  lua_pushinteger(L, bitwa_facing_turn(check_dir(L, 1), (int)luaL_checkinteger(L, 2)));
  return 1;
}

static int hex_steps (lua_State *L) {
  lua_pushinteger(L, bitwa_facing_steps(check_dir(L, 1), check_dir(L, 2)));
  return 1;
}

static int hex_index (lua_State *L) {
  bitwa_hex h = *(bitwa_hex *)check_class(L, 1, HEX_KEY, HEX_MT);
  const char *k = luaL_checkstring(L, 2);
  if (strcmp(k, "col") == 0) lua_pushinteger(L, h.col);
  else if (strcmp(k, "row") == 0) lua_pushinteger(L, h.row);
  else if (strcmp(k, "label") == 0) {
    /* made once per (interned) hex and kept as its user value */
    if (lua_getiuservalue(L, 1, 1) == LUA_TSTRING) return 1;
    lua_settop(L, 1);
    hex_label(L);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, 1, 1);
  }
  else if (strcmp(k, "key") == 0) lua_pushinteger(L, (lua_Integer)bitwa_hex_pack(h));
  else lua_pushnil(L);
  return 1;
}

static int hex_lt (lua_State *L) {
  bitwa_hex a = check_hex(L, 1), b = check_hex(L, 2);
  lua_pushboolean(L, a.col < b.col || (a.col == b.col && a.row < b.row));
  return 1;
}

static int hex_le (lua_State *L) {
  bitwa_hex a = check_hex(L, 1), b = check_hex(L, 2);
  lua_pushboolean(L, a.col < b.col || (a.col == b.col && a.row <= b.row));
  return 1;
}

static const luaL_Reg hex_funcs[] = {
  {"parse", hex_parse}, {"at", hex_at}, {"is", hex_is}, {"label", hex_label},
  {"pack", hex_pack}, {"unpack", hex_unpack}, {"turn", hex_turn},
  {"steps", hex_steps}, {NULL, NULL}
};

static const luaL_Reg hex_meta[] = {
  /* no __eq: hexes are interned (push_hex), so two hex values are the
  ** same hex exactly when they are the same value, which Lua's own ==
  ** tells without a call */
  {"__index", hex_index}, {"__tostring", hex_label},
  {"__lt", hex_lt}, {"__le", hex_le}, {NULL, NULL}
};

/* ================================================================== */
/* maps                                                               */

typedef struct { bitwa_map *m; } map_ud;

static bitwa_map *check_map (lua_State *L, int i) {
  map_ud *u = check_class(L, i, MAP_KEY, MAP_MT);
  if (u->m == NULL) luaL_argerror(L, i, "map is freed");
  return u->m;
}

static void push_map (lua_State *L, bitwa_map *m) {
  map_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
  u->m = m;
  luaL_setmetatable(L, MAP_MT);
}

static int field_int (lua_State *L, int t, const char *k) {
  int isnum;
  lua_Integer v;
  lua_getfield(L, t, k);
  v = lua_tointegerx(L, -1, &isnum);
  if (!isnum) luaL_error(L, "map field '%s': integer expected", k);
  lua_pop(L, 1);
  return (int)v;
}

/* bitwa.map.new{col0=, row0=, width=, height=, parity="odd-down"} */
static int map_new (lua_State *L) {
  bitwa_grid g;
  const char *par;
  bitwa_map *m;
  luaL_checktype(L, 1, LUA_TTABLE);
  g.col0 = field_int(L, 1, "col0");
  g.row0 = field_int(L, 1, "row0");
  g.width = field_int(L, 1, "width");
  g.height = field_int(L, 1, "height");
  lua_getfield(L, 1, "parity");
  par = luaL_optstring(L, -1, "odd-down");
  if (strcmp(par, "odd-down") == 0) g.parity = BITWA_ODD_DOWN;
  else if (strcmp(par, "even-down") == 0) g.parity = BITWA_EVEN_DOWN;
  else return luaL_error(L, "map parity: 'odd-down' or 'even-down' expected, got '%s'", par);
  m = bitwa_map_new(&g);
  if (m == NULL) return luaL_error(L, "bad map extent %dx%d", g.width, g.height);
  push_map(L, m);
  return 1;
}

static int map_gc (lua_State *L) {
  map_ud *u = check_class(L, 1, MAP_KEY, MAP_MT);
  bitwa_map_free(u->m);
  u->m = NULL;
  return 0;
}

static int map_clone (lua_State *L) {
  push_map(L, bitwa_map_clone(check_map(L, 1)));
  return 1;
}

static int map_grid (lua_State *L) {
  const bitwa_grid *g = bitwa_map_grid(check_map(L, 1));
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, g->col0); lua_setfield(L, -2, "col0");
  lua_pushinteger(L, g->row0); lua_setfield(L, -2, "row0");
  lua_pushinteger(L, g->width); lua_setfield(L, -2, "width");
  lua_pushinteger(L, g->height); lua_setfield(L, -2, "height");
  lua_pushstring(L, g->parity == BITWA_ODD_DOWN ? "odd-down" : "even-down");
  lua_setfield(L, -2, "parity");
  return 1;
}

static int map_contains (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  lua_pushboolean(L, bitwa_grid_contains(bitwa_map_grid(m), check_hex(L, 2)));
  return 1;
}

static int map_size (lua_State *L) {
  lua_pushinteger(L, bitwa_grid_size(bitwa_map_grid(check_map(L, 1))));
  return 1;
}

/* map:hexes() -> every hex of the grid, in index order */
static int map_hexes (lua_State *L) {
  const bitwa_grid *g = bitwa_map_grid(check_map(L, 1));
  int i, n = bitwa_grid_size(g);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, bitwa_grid_hex(g, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int map_terrain (lua_State *L) {
  lua_pushinteger(L, bitwa_map_terrain(check_map(L, 1), check_hex(L, 2)));
  return 1;
}

static int map_set_terrain (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  if (bitwa_map_set_terrain(m, check_hex(L, 2), (int)luaL_checkinteger(L, 3)) != 0)
    return luaL_error(L, "hex %s is not on the map", lua_tostring(L, 2));
  return 0;
}

static int map_elevation (lua_State *L) {
  lua_pushinteger(L, bitwa_map_elevation(check_map(L, 1), check_hex(L, 2)));
  return 1;
}

static int map_set_elevation (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  if (bitwa_map_set_elevation(m, check_hex(L, 2), (int)luaL_checkinteger(L, 3)) != 0)
    return luaL_error(L, "hex is not on the map");
  return 0;
}

static int map_edge (lua_State *L) {
  lua_pushinteger(L, bitwa_map_edge(check_map(L, 1), check_hex(L, 2), check_dir(L, 3)));
  return 1;
}

static int map_add_edge (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  if (bitwa_map_add_edge(m, check_hex(L, 2), check_dir(L, 3),
                         (uint32_t)luaL_checkinteger(L, 4)) != 0)
    return luaL_error(L, "hex is not on the map");
  return 0;
}

static int map_set_edge (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  if (bitwa_map_set_edge(m, check_hex(L, 2), check_dir(L, 3),
                         (uint32_t)luaL_checkinteger(L, 4)) != 0)
    return luaL_error(L, "hex is not on the map");
  return 0;
}

/* map:neighbour(h, dir [, off_grid_ok]) -> hex | nil */
static int map_neighbour (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex n = bitwa_hex_neighbour(bitwa_map_grid(m), check_hex(L, 2), check_dir(L, 3));
  if (!lua_toboolean(L, 4) && !bitwa_grid_contains(bitwa_map_grid(m), n)) lua_pushnil(L);
  else push_hex(L, n);
  return 1;
}

/* map:neighbours(h) -> the on-grid neighbours, by direction N..NW */
static int map_neighbours (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex h = check_hex(L, 2);
  int d, k = 0;
  lua_createtable(L, 6, 0);
  for (d = 0; d < 6; d++) {
    bitwa_hex n = bitwa_hex_neighbour(bitwa_map_grid(m), h, d);
    if (!bitwa_grid_contains(bitwa_map_grid(m), n)) continue;
    push_hex(L, n);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

static int map_direction (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  int d = bitwa_hex_direction(bitwa_map_grid(m), check_hex(L, 2), check_hex(L, 3));
  if (d < 0) lua_pushnil(L); else lua_pushinteger(L, d);
  return 1;
}

static int map_distance (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  lua_pushinteger(L, bitwa_hex_distance(bitwa_map_grid(m), check_hex(L, 2), check_hex(L, 3)));
  return 1;
}

static int push_area (lua_State *L, int rear) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex out[3];
  int i, k = 0;
  if (rear) bitwa_hex_rear_area(bitwa_map_grid(m), check_hex(L, 2), check_dir(L, 3), out);
  else bitwa_hex_front_area(bitwa_map_grid(m), check_hex(L, 2), check_dir(L, 3), out);
  lua_createtable(L, 3, 0);
  for (i = 0; i < 3; i++) {
    if (!lua_toboolean(L, 4) && !bitwa_grid_contains(bitwa_map_grid(m), out[i])) continue;
    push_hex(L, out[i]);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

/* map:front_area(h, facing [, off_grid_ok]) -> {hex, ...} */
static int map_front_area (lua_State *L) { return push_area(L, 0); }
static int map_rear_area (lua_State *L) { return push_area(L, 1); }

static int map_in_front (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  lua_pushboolean(L, bitwa_hex_in_front(bitwa_map_grid(m), check_hex(L, 2),
                                        check_dir(L, 3), check_hex(L, 4)));
  return 1;
}

static int push_hexes (lua_State *L, int (*fn) (const bitwa_grid *, bitwa_hex, int, bitwa_hex *, int)) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex c = check_hex(L, 2);
  lua_Integer r = luaL_checkinteger(L, 3);
  int n, i;
  bitwa_hex *out;
  luaL_argcheck(L, r >= 0 && r <= 200, 3, "radius 0..200 expected");
  n = fn(bitwa_map_grid(m), c, (int)r, NULL, 0);
  out = malloc(sizeof *out * (size_t)(n > 0 ? n : 1));
  if (out == NULL) return luaL_error(L, "out of memory");
  n = fn(bitwa_map_grid(m), c, (int)r, out, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    push_hex(L, out[i]);
    lua_rawseti(L, -2, i + 1);
  }
  free(out);
  return 1;
}

static int map_ring (lua_State *L) { return push_hexes(L, bitwa_hex_ring); }
static int map_range (lua_State *L) { return push_hexes(L, bitwa_hex_range); }

/* map:line(a, b) -> { step, ... } where a step is a hex, or a table
** {hex, hex} where the line runs along the edge between them */
static int map_line (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex a = check_hex(L, 2), b = check_hex(L, 3);
  int n, i;
  bitwa_line_step *out;
  n = bitwa_hex_distance(bitwa_map_grid(m), a, b) + 1;
  out = malloc(sizeof *out * (size_t)n);
  if (out == NULL) return luaL_error(L, "out of memory");
  n = bitwa_hex_line(bitwa_map_grid(m), a, b, out, n);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (out[i].split) {
      lua_createtable(L, 2, 0);
      push_hex(L, out[i].a); lua_rawseti(L, -2, 1);
      push_hex(L, out[i].b); lua_rawseti(L, -2, 2);
    } else push_hex(L, out[i].a);
    lua_rawseti(L, -2, i + 1);
  }
  free(out);
  return 1;
}

/* map:ray(a, b, n [, off_grid_ok]) -> { step, ... }: the line from a
** through b continued to distance n (steps as map:line gives them).
** Without off_grid_ok the ray ends before its first step with a hex off
** the grid. */
static int map_ray (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex a = check_hex(L, 2), b = check_hex(L, 3);
  lua_Integer r = luaL_checkinteger(L, 4);
  int off = lua_toboolean(L, 5);
  const bitwa_grid *g = bitwa_map_grid(m);
  int n, i, k = 0;
  bitwa_line_step *out;
  luaL_argcheck(L, r >= 0 && r <= 200, 4, "distance 0..200 expected");
  out = malloc(sizeof *out * (size_t)(r + 1));
  if (out == NULL) return luaL_error(L, "out of memory");
  n = bitwa_hex_ray(g, a, b, (int)r, out, (int)r + 1);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    if (!off && (!bitwa_grid_contains(g, out[i].a) || !bitwa_grid_contains(g, out[i].b))) break;
    if (out[i].split) {
      lua_createtable(L, 2, 0);
      push_hex(L, out[i].a); lua_rawseti(L, -2, 1);
      push_hex(L, out[i].b); lua_rawseti(L, -2, 2);
    } else push_hex(L, out[i].a);
    lua_rawseti(L, -2, ++k);
  }
  free(out);
  return 1;
}

/* map:bearing(h, facing, other) -> 0..23 (24ths of a turn clockwise from
** the facing; even: exactly on a line through a hexside's middle or a
** corner), or nil when other == h */
static int map_bearing (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  int b = bitwa_hex_bearing(bitwa_map_grid(m), check_hex(L, 2), check_dir(L, 3), check_hex(L, 4));
  if (b < 0) lua_pushnil(L); else lua_pushinteger(L, b);
  return 1;
}

/* map:sector(h, facing, other) -> d [, d2]: the hexside sector (0..5
** relative to the facing) holding other; two on a corner line; nothing
** when other == h */
static int map_sector (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  int out[2], n, i;
  n = bitwa_hex_sector(bitwa_map_grid(m), check_hex(L, 2), check_dir(L, 3), check_hex(L, 4), out);
  for (i = 0; i < n; i++) lua_pushinteger(L, out[i]);
  return n;
}

/*
** Cost callbacks call Lua under lua_pcall, so that an error in the
** rules' cost function cannot jump over the path search's memory; the
** error is raised again once the search has cleaned up.
*/
typedef struct { lua_State *L; int fn; int failed; } cost_ctx;

static int call_cost (cost_ctx *c, int nargs) {
  lua_State *L = c->L;
  int isnum;
  lua_Integer v;
  if (lua_pcall(L, nargs, 1, 0) != LUA_OK) {
    if (!c->failed) { c->failed = 1; lua_replace(L, c->fn + 1); }
    else lua_pop(L, 1);
    return -1;
  }
  if (lua_isnil(L, -1) || lua_isboolean(L, -1)) { lua_pop(L, 1); return -1; }
  v = lua_tointegerx(L, -1, &isnum);
  lua_pop(L, 1);
  if (!isnum || v < 0) return -1;
  return v > 1000000 ? 1000000 : (int)v;
}

static int hex_cost (void *ctx, bitwa_hex from, bitwa_hex to, int dir) {
  cost_ctx *c = ctx;
  if (c->failed) return -1;
  lua_pushvalue(c->L, c->fn);
  push_hex(c->L, from);
  push_hex(c->L, to);
  lua_pushinteger(c->L, dir);
  return call_cost(c, 3);
}

/* map:path(from, to, cost(from, to, dir) -> integer|nil) -> {hex...}, total | nil */
static int map_path (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hex a = check_hex(L, 2), b = check_hex(L, 3);
  cost_ctx c;
  int n, i, total = 0, max = bitwa_grid_size(bitwa_map_grid(m)) + 1;
  bitwa_hex *out;
  luaL_checktype(L, 4, LUA_TFUNCTION);
  lua_settop(L, 4);
  lua_pushnil(L);                 /* slot 5: a deferred error */
  c.L = L; c.fn = 4; c.failed = 0;
  out = malloc(sizeof *out * (size_t)max);
  if (out == NULL) return luaL_error(L, "out of memory");
  n = bitwa_path(bitwa_map_grid(m), a, b, hex_cost, &c, out, max, &total);
  if (c.failed) { free(out); lua_pushvalue(L, 5); return lua_error(L); }
  if (n < 0) { free(out); lua_pushnil(L); return 1; }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) { push_hex(L, out[i]); lua_rawseti(L, -2, i + 1); }
  free(out);
  lua_pushinteger(L, total);
  return 2;
}

static int state_cost (void *ctx, bitwa_hexdir from, bitwa_hexdir to, bool is_turn) {
  cost_ctx *c = ctx;
  if (c->failed) return -1;
  lua_pushvalue(c->L, c->fn);
  push_hex(c->L, from.hex);
  lua_pushinteger(c->L, from.facing);
  push_hex(c->L, to.hex);
  lua_pushinteger(c->L, to.facing);
  lua_pushboolean(c->L, is_turn);
  return call_cost(c, 5);
}

/* map:path_facing(from, facing, to, goal_facing|-1, cost(fh, ff, th, tf, is_turn))
** -> { {hex=, facing=}, ... }, total | nil */
static int map_path_facing (lua_State *L) {
  bitwa_map *m = check_map(L, 1);
  bitwa_hexdir from;
  bitwa_hex to;
  int goal, n, i, total = 0, max;
  cost_ctx c;
  bitwa_hexdir *out;
  from.hex = check_hex(L, 2);
  from.facing = check_dir(L, 3);
  to = check_hex(L, 4);
  goal = (int)luaL_checkinteger(L, 5);
  luaL_checktype(L, 6, LUA_TFUNCTION);
  lua_settop(L, 6);
  lua_pushnil(L);                 /* slot 7: a deferred error */
  c.L = L; c.fn = 6; c.failed = 0;
  max = 6 * bitwa_grid_size(bitwa_map_grid(m)) + 1;
  out = malloc(sizeof *out * (size_t)max);
  if (out == NULL) return luaL_error(L, "out of memory");
  n = bitwa_path_facing(bitwa_map_grid(m), from, to, goal, state_cost, &c, out, max, &total);
  if (c.failed) { free(out); lua_pushvalue(L, 7); return lua_error(L); }
  if (n < 0) { free(out); lua_pushnil(L); return 1; }
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_createtable(L, 0, 2);
    push_hex(L, out[i].hex); lua_setfield(L, -2, "hex");
    lua_pushinteger(L, out[i].facing); lua_setfield(L, -2, "facing");
    lua_rawseti(L, -2, i + 1);
  }
  free(out);
  lua_pushinteger(L, total);
  return 2;
}

static int map_digest (lua_State *L) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016" PRIx64, bitwa_map_digest(check_map(L, 1)));
  lua_pushstring(L, buf);
  return 1;
}

static const luaL_Reg map_funcs[] = { {"new", map_new}, {NULL, NULL} };

static const luaL_Reg map_methods[] = {
  {"clone", map_clone}, {"grid", map_grid}, {"contains", map_contains},
  {"size", map_size}, {"hexes", map_hexes}, {"terrain", map_terrain},
  {"set_terrain", map_set_terrain}, {"elevation", map_elevation},
  {"set_elevation", map_set_elevation}, {"edge", map_edge},
  {"add_edge", map_add_edge}, {"set_edge", map_set_edge},
  {"neighbour", map_neighbour}, {"neighbours", map_neighbours},
  {"direction", map_direction}, {"distance", map_distance},
  {"front_area", map_front_area}, {"rear_area", map_rear_area},
  {"in_front", map_in_front}, {"ring", map_ring}, {"range", map_range},
  {"line", map_line}, {"ray", map_ray}, {"bearing", map_bearing},
  {"sector", map_sector}, {"path", map_path}, {"path_facing", map_path_facing},
  {"digest", map_digest}, {NULL, NULL}
};

/* ================================================================== */
/* state                                                              */

typedef struct { bitwa_state *s; } state_ud;

static bitwa_state *check_state (lua_State *L, int i) {
  state_ud *u = check_class(L, i, STATE_KEY, STATE_MT);
  if (u->s == NULL) luaL_argerror(L, i, "state is freed");
  return u->s;
}

static void push_state (lua_State *L, bitwa_state *s) {
  state_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
  u->s = s;
  luaL_setmetatable(L, STATE_MT);
}

static int state_new (lua_State *L) {
  push_state(L, bitwa_state_new());
  return 1;
}

static int state_gc (lua_State *L) {
  state_ud *u = check_class(L, 1, STATE_KEY, STATE_MT);
  bitwa_state_free(u->s);
  u->s = NULL;
  return 0;
}

static const char *const type_names[] = { "nil", "int", "bool", "string", "hex", NULL };

/* s:declare(name, type, default) -> slot (1-based) */
static int state_declare (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int t = luaL_checkoption(L, 3, NULL, type_names);
  int64_t dflt = 0;
  int slot;
  if (t == BITWA_T_NIL) return luaL_argerror(L, 3, "a slot cannot be of type nil");
  switch (t) {
    case BITWA_T_INT: dflt = (int64_t)luaL_optinteger(L, 4, 0); break;
    case BITWA_T_BOOL: dflt = lua_toboolean(L, 4); break;
    case BITWA_T_STR: dflt = bitwa_state_intern(s, luaL_optstring(L, 4, "")); break;
    case BITWA_T_HEX: dflt = lua_isnoneornil(L, 4) ? BITWA_HEX_NONE
                                                   : bitwa_hex_pack(check_hex(L, 4)); break;
  }
  slot = bitwa_state_declare(s, name, (bitwa_type)t, dflt);
  if (slot < 0) return luaL_error(L, "cannot declare attribute '%s' (taken, or entities exist)", name);
  lua_pushinteger(L, slot + 1);
  return 1;
}

static int state_slots (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int i, n = bitwa_state_nslots(s);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_createtable(L, 0, 2);
    lua_pushstring(L, bitwa_state_slot_name(s, i)); lua_setfield(L, -2, "name");
    lua_pushstring(L, type_names[bitwa_state_slot_type(s, i)]); lua_setfield(L, -2, "type");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int state_spawn (lua_State *L) {
  lua_pushinteger(L, bitwa_state_spawn(check_state(L, 1)));
  return 1;
}

static int state_remove (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  lua_Integer id = luaL_checkinteger(L, 2);
  if (bitwa_state_remove(s, (int)id) != 0) return luaL_error(L, "no entity #%d", (int)id);
  return 0;
}

static int state_alive (lua_State *L) {
  lua_pushboolean(L, bitwa_state_alive(check_state(L, 1), (int)luaL_checkinteger(L, 2)));
  return 1;
}

static int state_max_id (lua_State *L) {
  lua_pushinteger(L, bitwa_state_max_id(check_state(L, 1)));
  return 1;
}

static void push_value (lua_State *L, bitwa_state *s, bitwa_type t, int64_t v) {
  switch (t) {
    case BITWA_T_INT: lua_pushinteger(L, (lua_Integer)v); break;
    case BITWA_T_BOOL: lua_pushboolean(L, v != 0); break;
    case BITWA_T_STR: lua_pushstring(L, bitwa_state_string(s, v)); break;
    case BITWA_T_HEX:
      if (v == BITWA_HEX_NONE) lua_pushnil(L);
      else push_hex(L, bitwa_hex_unpack(v));
      break;
    default: lua_pushnil(L);
  }
}

/* A Lua value as a slot value of type t; raises "what: ... expected". */
static int64_t to_value (lua_State *L, bitwa_state *s, int i, bitwa_type t, const char *what) {
  switch (t) {
    case BITWA_T_INT: {
      int isnum;
      lua_Integer v = lua_tointegerx(L, i, &isnum);
      if (!isnum)
        luaL_error(L, "%s: integer expected, got %s", what,
                   lua_type(L, i) == LUA_TNUMBER ? "a fraction" : luaL_typename(L, i));
      return (int64_t)v;
    }
    case BITWA_T_BOOL:
      if (!lua_isboolean(L, i)) luaL_error(L, "%s: boolean expected, got %s", what, luaL_typename(L, i));
      return lua_toboolean(L, i);
    case BITWA_T_STR:
      if (lua_type(L, i) != LUA_TSTRING)
        luaL_error(L, "%s: string expected, got %s", what, luaL_typename(L, i));
      return bitwa_state_intern(s, lua_tostring(L, i));
    case BITWA_T_HEX:
      if (lua_isnil(L, i)) return BITWA_HEX_NONE;
      if (!to_class(L, i, HEX_KEY))
        luaL_error(L, "%s: hex expected, got %s", what, luaL_typename(L, i));
      return bitwa_hex_pack(*(bitwa_hex *)lua_touserdata(L, i));
    default: return 0;
  }
}

/* s:get(id, slot) -> value */
static int state_get (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int id = (int)luaL_checkinteger(L, 2), slot = (int)luaL_checkinteger(L, 3) - 1;
  bool ok;
  int64_t v = bitwa_state_get(s, id, slot, &ok);
  if (!ok) {
    if (!bitwa_state_alive(s, id)) return luaL_error(L, "no entity #%d", id);
    return luaL_error(L, "no attribute slot %d", slot + 1);
  }
  push_value(L, s, bitwa_state_slot_type(s, slot), v);
  return 1;
}

/* s:row(id) -> { slot name = value, ... } of a live entity (nil values
** absent), or nil: every field in one call, for the engine's unit rows. */
static int state_row (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int id = (int)luaL_checkinteger(L, 2);
  int i, n = bitwa_state_nslots(s);
  if (!bitwa_state_alive(s, id)) { lua_pushnil(L); return 1; }
  lua_createtable(L, 0, n);
  for (i = 0; i < n; i++) {
    bitwa_type t = bitwa_state_slot_type(s, i);
    int64_t v = bitwa_state_get(s, id, i, NULL);
    if (t == BITWA_T_HEX && v == BITWA_HEX_NONE) continue;
    push_value(L, s, t, v);
    lua_setfield(L, -2, bitwa_state_slot_name(s, i));
  }
  return 1;
}

/* s:differing_ids(other) -> the ids (in order) of the entities that are
** not the same in s and other (bitwa_state_same_entity: alive in one
** only, or some slot's value differs), or nil when the two do not declare
** the same slots */
static int state_differing_ids (lua_State *L) {
  bitwa_state *s = check_state(L, 1), *o = check_state(L, 2);
  int id, k = 0, n = bitwa_state_max_id(s);
  if (bitwa_state_max_id(o) > n) n = bitwa_state_max_id(o);
  lua_newtable(L);
  for (id = 1; id <= n; id++) {
    int same = bitwa_state_same_entity(s, o, id);
    if (same < 0) { lua_pushnil(L); return 1; }
    if (!same) { lua_pushinteger(L, id); lua_rawseti(L, -2, ++k); }
  }
  return 1;
}

/* s:version() -> integer (bitwa_state_version) */
static int state_version (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_state_version(check_state(L, 1)));
  return 1;
}

/* s:position_version() -> integer (bitwa_state_position_version) */
static int state_position_version (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_state_position_version(check_state(L, 1)));
  return 1;
}

/* s:set(id, slot, value) */
static int state_set (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int id = (int)luaL_checkinteger(L, 2), slot = (int)luaL_checkinteger(L, 3) - 1;
  bitwa_type t = bitwa_state_slot_type(s, slot);
  int64_t v;
  if (!bitwa_state_alive(s, id)) return luaL_error(L, "no entity #%d", id);
  if (t == BITWA_T_NIL) return luaL_error(L, "no attribute slot %d", slot + 1);
  luaL_checkany(L, 4);
  if (lua_type(L, 4) == LUA_TSTRING) {       /* interned: linear in the strings kept */
    bitwa_script_account(L, lua_rawlen(L, 4) + 16);
    bitwa_script_charge(L, (long long)bitwa_state_nstrings(s) * (long long)(1 + lua_rawlen(L, 4) / 32) / 4);
  }
  v = to_value(L, s, 4, t, bitwa_state_slot_name(s, slot));
  bitwa_state_set(s, id, slot, v);
  return 0;
}

/* s:var(key) -> value | nil */
static int state_var (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int64_t v;
  bitwa_type t = bitwa_state_get_var(s, luaL_checkstring(L, 2), &v);
  push_value(L, s, t, v);
  return 1;
}

/* s:set_var(key, value | nil): the type follows the value */
static int state_set_var (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  const char *key = luaL_checkstring(L, 2);
  bitwa_type t;
  switch (lua_type(L, 3)) {
    case LUA_TNONE: case LUA_TNIL: t = BITWA_T_NIL; break;
    case LUA_TBOOLEAN: t = BITWA_T_BOOL; break;
    case LUA_TNUMBER: t = BITWA_T_INT; break;
    case LUA_TSTRING: t = BITWA_T_STR; break;
    default:
      if (to_class(L, 3, HEX_KEY)) { t = BITWA_T_HEX; break; }
      return luaL_error(L, "variable '%s': integer, boolean, string or hex expected, got %s",
                        key, luaL_typename(L, 3));
  }
  /* kept in the C state: counted against the memory cap, and the work
  ** of keeping the variables in key order charged to the budget */
  bitwa_script_account(L, strlen(key) + (t == BITWA_T_STR ? lua_rawlen(L, 3) : 0) + 32);
  bitwa_script_charge(L, bitwa_state_nvars(s) / 64 + (t == BITWA_T_STR ?
    (long long)bitwa_state_nstrings(s) * (long long)(1 + lua_rawlen(L, 3) / 32) / 4 : 0));
  bitwa_state_set_var(s, key, t, t == BITWA_T_NIL ? 0 : to_value(L, s, 3, t, key));
  return 0;
}

/* s:vars([prefix]) -> { {key, value}, ... } in key order */
static int state_vars (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  size_t plen = 0;
  const char *prefix = luaL_optlstring(L, 2, "", &plen);
  int i, k = 0, n = bitwa_state_nvars(s);
  lua_newtable(L);
  for (i = 0; i < n; i++) {
    bitwa_type t;
    int64_t v;
    const char *key = bitwa_state_var_at(s, i, &t, &v);
    if (strncmp(key, prefix, plen) != 0) continue;
    lua_createtable(L, 2, 0);
    lua_pushstring(L, key); lua_rawseti(L, -2, 1);
    push_value(L, s, t, v); lua_rawseti(L, -2, 2);
    lua_rawseti(L, -2, ++k);
  }
  return 1;
}

static int state_note (lua_State *L) {
  size_t n;
  const char *text = luaL_checklstring(L, 2, &n);
  bitwa_script_account(L, n + 32);
  bitwa_state_note(check_state(L, 1), text);
  return 0;
}

static int state_events (lua_State *L) {
  bitwa_state *s = check_state(L, 1);
  int i, n = bitwa_state_nevents(s);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    lua_pushstring(L, bitwa_state_event(s, i));
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* s:nevents() -> the number of events recorded since they were last cleared */
static int state_nevents (lua_State *L) {
  lua_pushinteger(L, bitwa_state_nevents(check_state(L, 1)));
  return 1;
}

static void push_event_value (lua_State *L, bitwa_type t, int64_t v, const char *str) {
  switch (t) {
    case BITWA_T_INT: lua_pushinteger(L, (lua_Integer)v); break;
    case BITWA_T_BOOL: lua_pushboolean(L, v != 0); break;
    case BITWA_T_STR: case BITWA_T_HEX: lua_pushstring(L, str ? str : ""); break;
    default: lua_pushnil(L); break;
  }
}

/* s:event_details() -> { {kind=, unit=, attribute=, value=, was=}, ... } */
static int state_event_details (lua_State *L) {
  static const char *const kinds[] = { "note", "spawn", "remove", "set", "var" };
  bitwa_state *s = check_state(L, 1);
  int i, n = bitwa_state_nevents(s);
  lua_createtable(L, n, 0);
  for (i = 0; i < n; i++) {
    const bitwa_state_event_info *e = bitwa_state_event_info_at(s, i);
    lua_createtable(L, 0, 6);
    lua_pushstring(L, bitwa_state_event(s, i)); lua_setfield(L, -2, "text");
    lua_pushstring(L, kinds[e->kind >= 0 && e->kind <= 4 ? e->kind : 0]); lua_setfield(L, -2, "kind");
    if (e->id > 0) { lua_pushinteger(L, e->id); lua_setfield(L, -2, "unit"); }
    lua_pushstring(L, e->attr ? e->attr : ""); lua_setfield(L, -2, "attribute");
    push_event_value(L, e->now_t, e->now, e->now_s); lua_setfield(L, -2, "value");
    push_event_value(L, e->was_t, e->was, e->was_s); lua_setfield(L, -2, "was");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

/* s:serialize() -> bytes (deterministic) */
static int state_serialize (lua_State *L) {
  size_t len;
  void *p = bitwa_state_serialize(check_state(L, 1), &len);
  lua_pushlstring(L, p, len);
  free(p);
  return 1;
}

/* s:deserialize(bytes) -> true | nil, message: a fresh state (slots
** declared, no entity) takes the content */
static int state_deserialize (lua_State *L) {
  size_t len;
  const char *p = luaL_checklstring(L, 2, &len);
  char err[200];
  if (bitwa_state_deserialize(check_state(L, 1), p, len, err, sizeof err) != 0) {
    lua_pushnil(L);
    lua_pushstring(L, err);
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

static int state_clear_events (lua_State *L) {
  bitwa_state_clear_events(check_state(L, 1));
  return 0;
}

static int state_record (lua_State *L) {
  bitwa_state_record(check_state(L, 1), lua_toboolean(L, 2));
  return 0;
}

static int state_checksum (lua_State *L) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016" PRIx64, bitwa_state_checksum(check_state(L, 1)));
  lua_pushstring(L, buf);
  return 1;
}

/* s:hash() / s:hash_full() -> hex string (format 2's content hash) */
static int state_hash (lua_State *L) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016" PRIx64, bitwa_state_hash(check_state(L, 1)));
  lua_pushstring(L, buf);
  return 1;
}

static int state_hash_full (lua_State *L) {
  char buf[17];
  snprintf(buf, sizeof buf, "%016" PRIx64, bitwa_state_hash_full(check_state(L, 1)));
  lua_pushstring(L, buf);
  return 1;
}

static int state_clone (lua_State *L) {
  push_state(L, bitwa_state_clone(check_state(L, 1)));
  return 1;
}

/* s:mark(), s:unmark(), s:rollback(), s:clone_at_mark(): the journal
** (bitwa_state_mark) -- the rollback of an action without a copy */
static int state_mark (lua_State *L) {
  bitwa_state_mark(check_state(L, 1));
  return 0;
}

static int state_unmark (lua_State *L) {
  bitwa_state_unmark(check_state(L, 1));
  return 0;
}

static int state_rollback (lua_State *L) {
  if (bitwa_state_rollback(check_state(L, 1)) != 0) return luaL_error(L, "state:rollback: no mark");
  return 0;
}

static int state_clone_at_mark (lua_State *L) {
  push_state(L, bitwa_state_clone_at_mark(check_state(L, 1)));
  return 1;
}

/* s:swap(other): exchange contents, O(1) -- the rollback of an action */
static int state_swap (lua_State *L) {
  bitwa_state_swap(check_state(L, 1), check_state(L, 2));
  return 0;
}

static const luaL_Reg state_funcs[] = { {"new", state_new}, {NULL, NULL} };

static const luaL_Reg state_methods[] = {
  {"declare", state_declare}, {"slots", state_slots}, {"spawn", state_spawn},
  {"remove", state_remove}, {"alive", state_alive}, {"max_id", state_max_id},
  {"get", state_get}, {"row", state_row}, {"differing_ids", state_differing_ids},
  {"version", state_version},
  {"position_version", state_position_version},
  {"set", state_set}, {"var", state_var},
  {"set_var", state_set_var}, {"vars", state_vars}, {"note", state_note},
  {"events", state_events}, {"nevents", state_nevents},
  {"clear_events", state_clear_events},
  {"event_details", state_event_details}, {"serialize", state_serialize},
  {"deserialize", state_deserialize},
  {"record", state_record}, {"checksum", state_checksum},
  {"hash", state_hash}, {"hash_full", state_hash_full},
  {"clone", state_clone}, {"swap", state_swap}, {"mark", state_mark},
  {"unmark", state_unmark}, {"rollback", state_rollback},
  {"clone_at_mark", state_clone_at_mark}, {NULL, NULL}
};

/* ================================================================== */
/* dice                                                               */

typedef struct {
  bitwa_dice d;
  bitwa_roll *rolls;      /* rolls made since the last take_rolls */
  int nrolls, cap;
} dice_ud;

static void observe_roll (void *ctx, const bitwa_roll *r) {
  dice_ud *u = ctx;
  if (u->nrolls == u->cap) {
    int cap = u->cap ? u->cap * 2 : 16;
    bitwa_roll *n = realloc(u->rolls, sizeof *n * (size_t)cap);
    if (n == NULL) return;
    u->rolls = n;
    u->cap = cap;
  }
  u->rolls[u->nrolls++] = *r;
}

static dice_ud *check_dice (lua_State *L, int i) {
  return check_class(L, i, DICE_KEY, DICE_MT);
}

static dice_ud *new_dice (lua_State *L) {
  dice_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
  memset(u, 0, sizeof *u);
  luaL_setmetatable(L, DICE_MT);
  return u;
}

/* bitwa.dice.new(seed, stream) */
static int dice_new (lua_State *L) {
  lua_Integer seed = luaL_checkinteger(L, 1), stream = luaL_optinteger(L, 2, 0);
  dice_ud *u = new_dice(L);
  bitwa_dice_init(&u->d, (uint64_t)seed, (uint64_t)stream);
  u->d.observer = observe_roll;
  u->d.observer_ctx = u;
  return 1;
}

static int dice_gc (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  bitwa_dice_free(&u->d);
  free(u->rolls);
  u->rolls = NULL;
  u->nrolls = u->cap = 0;
  return 0;
}

/* d:roll(n, sides, purpose) -> total, {faces} */
static int dice_roll (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  int n = (int)luaL_checkinteger(L, 2), sides = (int)luaL_checkinteger(L, 3), i, rc;
  const char *purpose = luaL_checkstring(L, 4);
  bitwa_roll r;
  char err[200];
  rc = bitwa_dice_roll(&u->d, n, sides, purpose, &r, err, sizeof err);
  if (rc == BITWA_DICE_EXHAUSTED) {
    lua_pushinteger(L, n);
    lua_setfield(L, LUA_REGISTRYINDEX, "bitwa.dice.wanted_n");
    lua_pushinteger(L, sides);
    lua_setfield(L, LUA_REGISTRYINDEX, "bitwa.dice.wanted_sides");
    return bitwa_script_kill(L, BITWA_KILL_DICE, err);
  }
  if (rc != BITWA_DICE_OK) return luaL_error(L, "%s", err);
  lua_pushinteger(L, r.total);
  lua_createtable(L, r.n, 0);
  for (i = 0; i < r.n; i++) {
    lua_pushinteger(L, r.faces[i]);
    lua_rawseti(L, -2, i + 1);
  }
  return 2;
}

/* d:force({total, ...}) */
static int dice_force (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  lua_Integer i, n;
  int *v;
  luaL_checktype(L, 2, LUA_TTABLE);
  n = (lua_Integer)lua_rawlen(L, 2);
  v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
  if (v == NULL) return luaL_error(L, "out of memory");
  for (i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);
    v[i - 1] = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  i = bitwa_dice_force(&u->d, v, (size_t)n);
  free(v);
  if (i != 0) return luaL_error(L, "cannot force dice");
  return 0;
}

static int dice_unforce (lua_State *L) {
  bitwa_dice_unforce(&check_dice(L, 1)->d);
  return 0;
}

static int dice_forced_left (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  lua_pushinteger(L, (lua_Integer)bitwa_dice_forced_left(&u->d));
  lua_pushboolean(L, u->d.forced_mode);
  return 2;
}

/* d:uniform(n) -> integer in 1..n, unlogged and without a purpose: for
** drivers such as bots, never for rules (n up to 2^32 - 1). */
static int dice_uniform (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n >= 1 && n <= 0xFFFFFFFFLL, 2, "1 .. 2^32-1 expected");
  lua_pushinteger(L, (lua_Integer)bitwa_rng_below(&u->d.rng, (uint32_t)n) + 1);
  return 1;
}

static int dice_count (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_dice(L, 1)->d.count);
  return 1;
}

/* d:clone() -> dice (same position, no rolls pending) */
static int dice_clone (lua_State *L) {
  dice_ud *u = check_dice(L, 1), *c = new_dice(L);
  if (bitwa_dice_copy(&c->d, &u->d) != 0) return luaL_error(L, "out of memory");
  c->d.observer = observe_roll;
  c->d.observer_ctx = c;
  return 1;
}

/* d:restore(other): take other's position (and forced queue) */
static int dice_restore (lua_State *L) {
  dice_ud *u = check_dice(L, 1), *o = check_dice(L, 2);
  bitwa_dice tmp;
  if (bitwa_dice_copy(&tmp, &o->d) != 0) return luaL_error(L, "out of memory");
  bitwa_dice_free(&u->d);
  u->d = tmp;
  u->d.observer = observe_roll;
  u->d.observer_ctx = u;
  u->nrolls = 0;
  return 0;
}

static void push_roll (lua_State *L, const bitwa_roll *r) {
  int i;
  lua_createtable(L, 0, 6);
  lua_pushstring(L, r->purpose); lua_setfield(L, -2, "purpose");
  lua_pushinteger(L, r->n); lua_setfield(L, -2, "n");
  lua_pushinteger(L, r->sides); lua_setfield(L, -2, "sides");
  lua_pushinteger(L, r->total); lua_setfield(L, -2, "total");
  lua_pushboolean(L, r->forced); lua_setfield(L, -2, "forced");
  lua_createtable(L, r->n, 0);
  for (i = 0; i < r->n && !r->forced; i++) {
    lua_pushinteger(L, r->faces[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "faces");
}

/* d:take_rolls() -> the rolls since the last call */
static int dice_take_rolls (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  int i;
  lua_createtable(L, u->nrolls, 0);
  for (i = 0; i < u->nrolls; i++) {
    push_roll(L, &u->rolls[i]);
    lua_rawseti(L, -2, i + 1);
  }
  u->nrolls = 0;
  return 1;
}

/* d:position() -> the generator's state and the roll count as text
** ("s0 s1 s2 s3 count" in hex), for the game log's snapshot */
static int dice_position (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  char buf[96];
  snprintf(buf, sizeof buf, "%016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %016" PRIx64 " %" PRIx64,
           u->d.rng.s[0], u->d.rng.s[1], u->d.rng.s[2], u->d.rng.s[3], u->d.count);
  lua_pushstring(L, buf);
  return 1;
}

/* d:set_position(text) -> true | nil, message: back to a position */
static int dice_set_position (lua_State *L) {
  dice_ud *u = check_dice(L, 1);
  const char *p = luaL_checkstring(L, 2);
  uint64_t v[5];
  int i;
  for (i = 0; i < 5; i++) {
    int digits = 0;
    v[i] = 0;
    if (i > 0 && *p++ != ' ') break;
    while (digits < 16 && ((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'))) {
      v[i] = v[i] * 16 + (uint64_t)(*p <= '9' ? *p - '0' : *p - 'a' + 10);
      p++;
      digits++;
    }
    if (digits == 0) break;
  }
  if (i < 5 || *p != '\0' || (v[0] | v[1] | v[2] | v[3]) == 0) {
    lua_pushnil(L);
    lua_pushstring(L, "malformed dice position");
    return 2;
  }
  for (i = 0; i < 4; i++) u->d.rng.s[i] = v[i];
  u->d.count = v[4];
  lua_pushboolean(L, 1);
  return 1;
}

static const luaL_Reg dice_funcs[] = { {"new", dice_new}, {NULL, NULL} };

static const luaL_Reg dice_methods[] = {
  {"roll", dice_roll}, {"force", dice_force}, {"unforce", dice_unforce},
  {"forced_left", dice_forced_left}, {"count", dice_count}, {"uniform", dice_uniform},
  {"clone", dice_clone}, {"restore", dice_restore},
  {"take_rolls", dice_take_rolls}, {"position", dice_position},
  {"set_position", dice_set_position}, {NULL, NULL}
};

/* ================================================================== */
/* the game log                                                       */

typedef struct { bitwa_log *log; } log_ud;

static bitwa_log *check_log (lua_State *L, int i) {
  log_ud *u = check_class(L, i, LOG_KEY, LOG_MT);
  if (u->log == NULL) luaL_argerror(L, i, "game log is closed");
  return u->log;
}

static bitwa_durability check_durability (lua_State *L, int i) {
  static const char *const names[] = { "full", "normal", "off", NULL };
  return (bitwa_durability)luaL_checkoption(L, i, "full", names);
}

static void push_log (lua_State *L, bitwa_log *log) {
  log_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
  u->log = log;
  luaL_setmetatable(L, LOG_MT);
}

/* bitwa.log.create(path [, durability]) -> log | nil, message */
static int log_create (lua_State *L) {
  char err[512];
  bitwa_log *log = bitwa_log_create(luaL_checkstring(L, 1), check_durability(L, 2), err, sizeof err);
  if (log == NULL) { lua_pushnil(L); lua_pushstring(L, err); return 2; }
  push_log(L, log);
  return 1;
}

/* bitwa.log.open(path [, readonly [, durability]]) -> log | nil, message */
static int log_open (lua_State *L) {
  char err[512];
  bitwa_log *log = bitwa_log_open(luaL_checkstring(L, 1), lua_toboolean(L, 2),
                                  check_durability(L, 3), err, sizeof err);
  if (log == NULL) { lua_pushnil(L); lua_pushstring(L, err); return 2; }
  push_log(L, log);
  return 1;
}

static int log_close (lua_State *L) {
  log_ud *u = check_class(L, 1, LOG_KEY, LOG_MT);
  bitwa_log_close(u->log);
  u->log = NULL;
  return 0;
}

static int log_fail (lua_State *L, bitwa_log *log) {
  return luaL_error(L, "game log: %s", bitwa_log_error(log));
}

static int log_set_meta (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_set_meta(log, luaL_checkstring(L, 2), luaL_checkstring(L, 3)) != 0)
    return log_fail(L, log);
  return 0;
}

static int log_meta (lua_State *L) {
  char *v = bitwa_log_get_meta(check_log(L, 1), luaL_checkstring(L, 2));
  if (v == NULL) lua_pushnil(L);
  else { lua_pushstring(L, v); free(v); }
  return 1;
}

static int collect_meta (void *ctx, const char *k, const char *v) {
  lua_State *L = ctx;
  lua_pushstring(L, v);
  lua_setfield(L, -2, k);
  return 0;
}

/* log:metas() -> { key = value, ... } */
static int log_metas (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_meta(log, collect_meta, L) < 0) return log_fail(L, log);
  return 1;
}

static int log_add_source (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_add_source(log, luaL_checkstring(L, 2), luaL_checkstring(L, 3),
                           luaL_checkstring(L, 4), luaL_checkstring(L, 5)) != 0)
    return log_fail(L, log);
  return 0;
}

static int collect_source (void *ctx, const char *rs, const char *name,
                           const char *kind, const char *hash) {
  lua_State *L = ctx;
  lua_createtable(L, 0, 4);
  lua_pushstring(L, rs); lua_setfield(L, -2, "ruleset");
  lua_pushstring(L, name); lua_setfield(L, -2, "name");
  lua_pushstring(L, kind); lua_setfield(L, -2, "kind");
  lua_pushstring(L, hash); lua_setfield(L, -2, "hash");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int log_sources (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_source(log, collect_source, L) < 0) return log_fail(L, log);
  return 1;
}

static const char *opt_field (lua_State *L, int t, const char *k) {
  const char *v;
  lua_getfield(L, t, k);
  v = lua_tostring(L, -1);
  lua_pop(L, 1);    /* the string stays anchored in the table */
  return v ? v : "";
}

static void read_action (lua_State *L, int t, bitwa_log_action *a) {
  luaL_checktype(L, t, LUA_TTABLE);
  lua_getfield(L, t, "n");
  a->n = (int64_t)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, t, "turn");
  a->turn = (int)lua_tointeger(L, -1);
  lua_pop(L, 1);
  a->side = opt_field(L, t, "side");
  a->line = opt_field(L, t, "line");
  a->phase = opt_field(L, t, "phase");
  a->status = opt_field(L, t, "status");
  a->checksum = opt_field(L, t, "checksum");
}

static void read_decision (lua_State *L, int t, bitwa_log_decision *d) {
  luaL_checktype(L, t, LUA_TTABLE);
  lua_getfield(L, t, "k");
  d->k = (int)luaL_checkinteger(L, -1);
  lua_pop(L, 1);
  d->side = opt_field(L, t, "side");
  d->kind = opt_field(L, t, "kind");
  d->request = opt_field(L, t, "request");
  d->answer = opt_field(L, t, "answer");
}

/* log:add_decision(action [, decision]): nil writes the pending action only */
static int log_add_decision (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  bitwa_log_action a;
  bitwa_log_decision d;
  read_action(L, 2, &a);
  if (lua_isnoneornil(L, 3)) {
    if (bitwa_log_add_decision(log, &a, NULL) != 0) return log_fail(L, log);
    return 0;
  }
  read_decision(L, 3, &d);
  if (bitwa_log_add_decision(log, &a, &d) != 0) return log_fail(L, log);
  return 0;
}

/* An event value from a detail table's field: integer, boolean (1/0),
** string, or nil. */
static bitwa_log_value event_value_at (lua_State *L, int t, const char *k) {
  bitwa_log_value v = { BITWA_LOG_NULL, 0, NULL };
  lua_getfield(L, t, k);
  if (lua_isinteger(L, -1)) { v.type = BITWA_LOG_INT; v.i = (int64_t)lua_tointeger(L, -1); }
  else if (lua_isboolean(L, -1)) { v.type = BITWA_LOG_INT; v.i = lua_toboolean(L, -1); }
  else if (lua_type(L, -1) == LUA_TSTRING) { v.type = BITWA_LOG_TEXT; v.s = lua_tostring(L, -1); }
  lua_pop(L, 1);   /* a string stays anchored in the table */
  return v;
}

/* log:commit(action, decisions, rolls, events) -- one transaction; a
** roll may carry side and rule, an event is a string (a note) or a
** table from state:event_details() */
static int log_commit (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  bitwa_log_action a;
  bitwa_log_decision *ds;
  bitwa_log_roll *rs;
  bitwa_log_event *es;
  int nd, nr, ne, i, rc;
  read_action(L, 2, &a);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 4, LUA_TTABLE);
  luaL_checktype(L, 5, LUA_TTABLE);
  nd = (int)lua_rawlen(L, 3);
  nr = (int)lua_rawlen(L, 4);
  ne = (int)lua_rawlen(L, 5);
  ds = calloc((size_t)nd + 1, sizeof *ds);
  rs = calloc((size_t)nr + 1, sizeof *rs);
  es = calloc((size_t)ne + 1, sizeof *es);
  if (!ds || !rs || !es) { free(ds); free(rs); free(es); return luaL_error(L, "out of memory"); }
  for (i = 0; i < nd; i++) {
    lua_rawgeti(L, 3, i + 1);
    read_decision(L, lua_gettop(L), &ds[i]);
    lua_pop(L, 1);
  }
  for (i = 0; i < nr; i++) {
    int j, nf, t;
    bitwa_roll *r = &rs[i].roll;
    lua_rawgeti(L, 4, i + 1);
    t = lua_gettop(L);
    snprintf(r->purpose, sizeof r->purpose, "%s", opt_field(L, t, "purpose"));
    rs[i].side = opt_field(L, t, "side");
    rs[i].rule = opt_field(L, t, "rule");
    lua_getfield(L, t, "n"); r->n = (int)lua_tointeger(L, -1); lua_pop(L, 1);
    lua_getfield(L, t, "sides"); r->sides = (int)lua_tointeger(L, -1); lua_pop(L, 1);
    lua_getfield(L, t, "total"); r->total = (int)lua_tointeger(L, -1); lua_pop(L, 1);
    lua_getfield(L, t, "forced"); r->forced = lua_toboolean(L, -1); lua_pop(L, 1);
    lua_getfield(L, t, "faces");
    nf = lua_istable(L, -1) ? (int)lua_rawlen(L, -1) : 0;
    for (j = 0; j < nf && j < BITWA_DICE_MAX_N; j++) {
      lua_rawgeti(L, -1, j + 1);
      r->faces[j] = (int)lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    lua_pop(L, 2);
  }
  for (i = 0; i < ne; i++) {
    lua_rawgeti(L, 5, i + 1);
    if (lua_istable(L, -1)) {
      int t = lua_gettop(L);
      es[i].text = opt_field(L, t, "text");
      es[i].kind = opt_field(L, t, "kind");
      es[i].attribute = opt_field(L, t, "attribute");
      lua_getfield(L, t, "unit"); es[i].unit = (int64_t)lua_tointeger(L, -1); lua_pop(L, 1);
      es[i].value = event_value_at(L, t, "value");
      es[i].was = event_value_at(L, t, "was");
    } else {
      es[i].text = lua_tostring(L, -1);
      if (es[i].text == NULL) es[i].text = "";
      es[i].kind = "note";
      es[i].attribute = "";
    }
    lua_pop(L, 1);
  }
  rc = bitwa_log_commit_full(log, &a, ds, nd, rs, nr, es, ne);
  free(ds); free(rs); free(es);
  if (rc != 0) return log_fail(L, log);
  return 0;
}

static int log_abort (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_abort_action(log, (int64_t)luaL_checkinteger(L, 2)) != 0) return log_fail(L, log);
  return 0;
}

static int collect_action (void *ctx, const bitwa_log_action *a) {
  lua_State *L = ctx;
  lua_createtable(L, 0, 7);
  lua_pushinteger(L, (lua_Integer)a->n); lua_setfield(L, -2, "n");
  lua_pushstring(L, a->side); lua_setfield(L, -2, "side");
  lua_pushstring(L, a->line); lua_setfield(L, -2, "line");
  lua_pushinteger(L, a->turn); lua_setfield(L, -2, "turn");
  lua_pushstring(L, a->phase); lua_setfield(L, -2, "phase");
  lua_pushstring(L, a->status); lua_setfield(L, -2, "status");
  lua_pushstring(L, a->checksum); lua_setfield(L, -2, "checksum");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int log_actions (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_action(log, collect_action, L) < 0) return log_fail(L, log);
  return 1;
}

static int collect_decision (void *ctx, const bitwa_log_decision *d) {
  lua_State *L = ctx;
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, d->k); lua_setfield(L, -2, "k");
  lua_pushstring(L, d->side); lua_setfield(L, -2, "side");
  lua_pushstring(L, d->kind); lua_setfield(L, -2, "kind");
  lua_pushstring(L, d->request); lua_setfield(L, -2, "request");
  lua_pushstring(L, d->answer); lua_setfield(L, -2, "answer");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int log_decisions (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_decision(log, (int64_t)luaL_checkinteger(L, 2), collect_decision, L) < 0)
    return log_fail(L, log);
  return 1;
}

static int collect_roll (void *ctx, const bitwa_log_roll *r) {
  lua_State *L = ctx;
  push_roll(L, &r->roll);
  lua_pushstring(L, r->side); lua_setfield(L, -2, "side");
  lua_pushstring(L, r->rule); lua_setfield(L, -2, "rule");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int log_rolls (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_roll_full(log, (int64_t)luaL_checkinteger(L, 2), collect_roll, L) < 0)
    return log_fail(L, log);
  return 1;
}

static int collect_event (void *ctx, const char *text) {
  lua_State *L = ctx;
  lua_pushstring(L, text);
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

static int log_events (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_event(log, (int64_t)luaL_checkinteger(L, 2), collect_event, L) < 0)
    return log_fail(L, log);
  return 1;
}

static void push_log_value (lua_State *L, const bitwa_log_value *v) {
  if (v->type == BITWA_LOG_INT) lua_pushinteger(L, (lua_Integer)v->i);
  else if (v->type == BITWA_LOG_TEXT) lua_pushstring(L, v->s);
  else lua_pushnil(L);
}

static int collect_event_full (void *ctx, const bitwa_log_event *e) {
  lua_State *L = ctx;
  lua_createtable(L, 0, 6);
  lua_pushstring(L, e->text); lua_setfield(L, -2, "text");
  lua_pushstring(L, e->kind); lua_setfield(L, -2, "kind");
  if (e->unit > 0) { lua_pushinteger(L, (lua_Integer)e->unit); lua_setfield(L, -2, "unit"); }
  lua_pushstring(L, e->attribute); lua_setfield(L, -2, "attribute");
  push_log_value(L, &e->value); lua_setfield(L, -2, "value");
  push_log_value(L, &e->was); lua_setfield(L, -2, "was");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

/*
** log:events_match(n, state, full) -> whether the log's events of action
** n are the state's recorded events (those since they were last cleared),
** row for row, as replay --verify compares them: the text, and with full
** (format 2) the kind, the unit, the attribute, the value and the was as
** event_rows and state:event_details give them (a boolean as 1 or 0).
** Nothing is made for Lua: the replay's events of an action are compared
** without a table per row; on false, the caller compares the rows one by
** one to say where they differ.
*/
static const char *const event_kinds[] = { "note", "spawn", "remove", "set", "var" };

typedef struct {
  const bitwa_state *s;
  int i, n, full, differ;
} events_cmp;

/* Whether a log value equals a state value as Lua compares them. */
static int event_value_is (const bitwa_log_value *v, bitwa_type t, int64_t x, const char *str) {
  switch (t) {
    case BITWA_T_INT: return v->type == BITWA_LOG_INT && v->i == x;
    case BITWA_T_BOOL: return v->type == BITWA_LOG_INT && v->i == (x != 0 ? 1 : 0);
    case BITWA_T_STR: case BITWA_T_HEX:
      return v->type == BITWA_LOG_TEXT && strcmp(v->s, str ? str : "") == 0;
    default: return v->type == BITWA_LOG_NULL;
  }
}

static int compare_event (void *ctx, const bitwa_log_event *e) {
  events_cmp *c = ctx;
  const bitwa_state_event_info *x;
  const char *text;
  if (c->i >= c->n) { c->differ = 1; return 1; }
  text = bitwa_state_event(c->s, c->i);
  x = bitwa_state_event_info_at(c->s, c->i);
  c->i++;
  if (strcmp(e->text, text ? text : "") != 0) { c->differ = 1; return 1; }
  if (!c->full) return 0;
  if (strcmp(e->kind, event_kinds[x->kind >= 0 && x->kind <= 4 ? x->kind : 0]) != 0
      || (e->unit > 0 ? e->unit : 0) != (x->id > 0 ? x->id : 0)
      || strcmp(e->attribute, x->attr ? x->attr : "") != 0
      || !event_value_is(&e->value, x->now_t, x->now, x->now_s)
      || !event_value_is(&e->was, x->was_t, x->was, x->was_s)) {
    c->differ = 1;
    return 1;
  }
  return 0;
}

static int log_events_match (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  int64_t n = (int64_t)luaL_checkinteger(L, 2);
  events_cmp c;
  c.s = check_state(L, 3);
  c.i = 0;
  c.n = bitwa_state_nevents(c.s);
  c.full = lua_toboolean(L, 4);
  c.differ = 0;
  if (bitwa_log_each_event_full(log, n, compare_event, &c) < 0) return log_fail(L, log);
  lua_pushboolean(L, !c.differ && c.i == c.n);
  return 1;
}

/* log:event_rows(n) -> { {text, kind, unit, attribute, value, was}, ... } */
static int log_event_rows (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_event_full(log, (int64_t)luaL_checkinteger(L, 2), collect_event_full, L) < 0)
    return log_fail(L, log);
  return 1;
}

/* log:put_snapshot(n, checksum, hash, bytes) */
static int log_put_snapshot (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  size_t len;
  const char *state = luaL_checklstring(L, 5, &len);
  if (bitwa_log_put_snapshot(log, (int64_t)luaL_checkinteger(L, 2), luaL_checkstring(L, 3),
                             luaL_checkstring(L, 4), state, len) != 0)
    return log_fail(L, log);
  return 0;
}

/* log:snapshot() -> n, checksum, hash, bytes | nil */
static int log_snapshot (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  int64_t n;
  char *checksum, *hash;
  void *state;
  size_t len;
  int rc = bitwa_log_get_snapshot(log, &n, &checksum, &hash, &state, &len);
  if (rc < 0) return log_fail(L, log);
  if (rc == 0) { lua_pushnil(L); return 1; }
  lua_pushinteger(L, (lua_Integer)n);
  lua_pushstring(L, checksum);
  lua_pushstring(L, hash);
  lua_pushlstring(L, state, len);
  free(checksum); free(hash); free(state);
  return 4;
}

static int log_publish (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_publish(log) != 0) {
    lua_pushnil(L);
    lua_pushstring(L, bitwa_log_error(log));
    return 2;
  }
  lua_pushboolean(L, 1);
  return 1;
}

static int log_discard (lua_State *L) {
  log_ud *u = check_class(L, 1, LOG_KEY, LOG_MT);
  bitwa_log_discard(u->log);
  u->log = NULL;
  return 0;
}

static int log_checkpoint (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_checkpoint(log) != 0) return log_fail(L, log);
  return 0;
}

static int log_format (lua_State *L) {
  lua_pushinteger(L, bitwa_log_format(check_log(L, 1)));
  return 1;
}

static int log_waited (lua_State *L) {
  lua_pushboolean(L, bitwa_log_waited(check_log(L, 1)));
  return 1;
}

static int log_count_done (lua_State *L) {
  lua_pushinteger(L, (lua_Integer)bitwa_log_count_done(check_log(L, 1)));
  return 1;
}

/* bitwa.log.probe(path) -> "file" | "missing" | "other" (a directory,
** a FIFO, a device...): stat only, never opening what is there */
static int log_probe (lua_State *L) {
  struct stat sb;
  const char *path = luaL_checkstring(L, 1);
  if (stat(path, &sb) != 0) lua_pushstring(L, errno == ENOENT || errno == ENOTDIR ? "missing" : "other");
  else lua_pushstring(L, S_ISREG(sb.st_mode) ? "file" : "other");
  return 1;
}

/* log:add_refusal(after, side, line, rule, message) */
static int log_add_refusal (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  bitwa_log_refusal r;
  r.k = 0;
  r.after = (int64_t)luaL_checkinteger(L, 2);
  r.side = luaL_checkstring(L, 3);
  r.line = luaL_checkstring(L, 4);
  r.rule = luaL_checkstring(L, 5);
  r.message = luaL_checkstring(L, 6);
  if (bitwa_log_add_refusal(log, &r) != 0) return log_fail(L, log);
  return 0;
}

static int collect_refusal (void *ctx, const bitwa_log_refusal *r) {
  lua_State *L = ctx;
  lua_createtable(L, 0, 6);
  lua_pushinteger(L, (lua_Integer)r->k); lua_setfield(L, -2, "k");
  lua_pushinteger(L, (lua_Integer)r->after); lua_setfield(L, -2, "after");
  lua_pushstring(L, r->side); lua_setfield(L, -2, "side");
  lua_pushstring(L, r->line); lua_setfield(L, -2, "line");
  lua_pushstring(L, r->rule); lua_setfield(L, -2, "rule");
  lua_pushstring(L, r->message); lua_setfield(L, -2, "message");
  lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  return 0;
}

/* log:refusals() -> { {k, after, side, line, rule, message}, ... } */
static int log_refusals (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  lua_newtable(L);
  if (bitwa_log_each_refusal(log, collect_refusal, L) < 0) return log_fail(L, log);
  return 1;
}

/* log:truncate(n): remove the actions after n (undo) */
static int log_truncate (lua_State *L) {
  bitwa_log *log = check_log(L, 1);
  if (bitwa_log_truncate(log, (int64_t)luaL_checkinteger(L, 2)) != 0) return log_fail(L, log);
  return 0;
}

static const luaL_Reg log_funcs[] = {
  {"create", log_create}, {"open", log_open}, {"probe", log_probe}, {NULL, NULL}
};

static const luaL_Reg log_methods[] = {
  {"close", log_close}, {"set_meta", log_set_meta}, {"meta", log_meta},
  {"metas", log_metas}, {"add_source", log_add_source}, {"sources", log_sources},
  {"add_decision", log_add_decision}, {"commit", log_commit}, {"abort", log_abort},
  {"actions", log_actions}, {"decisions", log_decisions}, {"rolls", log_rolls},
  {"events", log_events}, {"count_done", log_count_done},
  {"event_rows", log_event_rows}, {"events_match", log_events_match},
  {"put_snapshot", log_put_snapshot},
  {"snapshot", log_snapshot}, {"publish", log_publish}, {"discard", log_discard},
  {"checkpoint", log_checkpoint}, {"format", log_format}, {"waited", log_waited},
  {"truncate", log_truncate}, {"add_refusal", log_add_refusal},
  {"refusals", log_refusals},
  {NULL, NULL}
};

/* ================================================================== */
/* phases                                                             */

typedef struct { bitwa_phases *p; } phases_ud;

static bitwa_phases *check_phases (lua_State *L, int i) {
  return ((phases_ud *)check_class(L, i, PHASES_KEY, PHASES_MT))->p;
}

static int phase_index (lua_State *L, bitwa_phases *p, int i) {
  lua_Integer k = luaL_checkinteger(L, i);
  luaL_argcheck(L, k >= 1 && k <= bitwa_phases_count(p), i, "no such phase");
  return (int)k - 1;
}

static int phases_new (lua_State *L) {
  phases_ud *u = lua_newuserdatauv(L, sizeof *u, 0);
  u->p = bitwa_phases_new();
  luaL_setmetatable(L, PHASES_MT);
  return 1;
}

static int phases_gc (lua_State *L) {
  phases_ud *u = check_class(L, 1, PHASES_KEY, PHASES_MT);
  bitwa_phases_free(u->p);
  u->p = NULL;
  return 0;
}

/* p:add(name, side, cite) -> index */
static int phases_add (lua_State *L) {
  bitwa_phases *p = check_phases(L, 1);
  const char *name = luaL_checkstring(L, 2);
  int i = bitwa_phases_add(p, name, luaL_optstring(L, 3, ""), luaL_optstring(L, 4, ""));
  if (i < 0) return luaL_error(L, "phase '%s' declared twice", name);
  lua_pushinteger(L, i + 1);
  return 1;
}

static int phases_allow (lua_State *L) {
  bitwa_phases *p = check_phases(L, 1);
  bitwa_phases_allow(p, phase_index(L, p, 2), luaL_checkstring(L, 3));
  return 0;
}

static int phases_count (lua_State *L) {
  lua_pushinteger(L, bitwa_phases_count(check_phases(L, 1)));
  return 1;
}

static int phases_find (lua_State *L) {
  int i = bitwa_phases_find(check_phases(L, 1), luaL_checkstring(L, 2));
  if (i < 0) lua_pushnil(L); else lua_pushinteger(L, i + 1);
  return 1;
}

/* p:info(i) -> { name=, side=, cite=, kinds={...} } */
static int phases_info (lua_State *L) {
  bitwa_phases *p = check_phases(L, 1);
  int i = phase_index(L, p, 2), k, n = bitwa_phases_nkinds(p, i);
  lua_createtable(L, 0, 4);
  lua_pushstring(L, bitwa_phases_name(p, i)); lua_setfield(L, -2, "name");
  lua_pushstring(L, bitwa_phases_side(p, i)); lua_setfield(L, -2, "side");
  lua_pushstring(L, bitwa_phases_cite(p, i)); lua_setfield(L, -2, "cite");
  lua_createtable(L, n, 0);
  for (k = 0; k < n; k++) {
    lua_pushstring(L, bitwa_phases_kind(p, i, k));
    lua_rawseti(L, -2, k + 1);
  }
  lua_setfield(L, -2, "kinds");
  return 1;
}

static int phases_allows (lua_State *L) {
  bitwa_phases *p = check_phases(L, 1);
  lua_pushboolean(L, bitwa_phases_allows(p, phase_index(L, p, 2), luaL_checkstring(L, 3)));
  return 1;
}

/* p:next(turn, index) -> turn, index, new_turn */
static int phases_next (lua_State *L) {
  bitwa_phases *p = check_phases(L, 1);
  int turn = (int)luaL_checkinteger(L, 2), i = phase_index(L, p, 3);
  bool nt = bitwa_phases_next(p, &turn, &i);
  lua_pushinteger(L, turn);
  lua_pushinteger(L, i + 1);
  lua_pushboolean(L, nt);
  return 3;
}

static const luaL_Reg phases_funcs[] = { {"new", phases_new}, {NULL, NULL} };

static const luaL_Reg phases_methods[] = {
  {"add", phases_add}, {"allow", phases_allow}, {"count", phases_count},
  {"find", phases_find}, {"info", phases_info}, {"allows", phases_allows},
  {"next", phases_next}, {NULL, NULL}
};

/* ================================================================== */
/* util                                                               */

/* bitwa.util.hash(text) -> 16 hex digits (FNV-1a, 64 bits): content
** hashes of modules, tables and files. */
static int util_hash (lua_State *L) {
  size_t n;
  const char *s = luaL_checklstring(L, 1, &n);
  char buf[17];
  snprintf(buf, sizeof buf, "%016" PRIx64, bitwa_script_text_hash(s, n));
  lua_pushstring(L, buf);
  return 1;
}

/* SipHash-2-4 of 8 bytes (a little-endian 64-bit word) under a 128-bit
** key: a keyed pseudo-random function. */
#define ROTL64(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND do { \
    v0 += v1; v1 = ROTL64(v1, 13); v1 ^= v0; v0 = ROTL64(v0, 32); \
    v2 += v3; v3 = ROTL64(v3, 16); v3 ^= v2; \
    v0 += v3; v3 = ROTL64(v3, 21); v3 ^= v0; \
    v2 += v1; v1 = ROTL64(v1, 17); v1 ^= v2; v2 = ROTL64(v2, 32); \
  } while (0)
static uint64_t siphash_word (uint64_t k0, uint64_t k1, uint64_t m) {
  uint64_t v0 = k0 ^ UINT64_C(0x736f6d6570736575), v1 = k1 ^ UINT64_C(0x646f72616e646f6d);
  uint64_t v2 = k0 ^ UINT64_C(0x6c7967656e657261), v3 = k1 ^ UINT64_C(0x7465646279746573);
  uint64_t b = (uint64_t)8 << 56;
  v3 ^= m; SIPROUND; SIPROUND; v0 ^= m;
  v3 ^= b; SIPROUND; SIPROUND; v0 ^= b;
  v2 ^= 0xff; SIPROUND; SIPROUND; SIPROUND; SIPROUND;
  return v0 ^ v1 ^ v2 ^ v3;
}

/* bitwa.util.bot_seed(seed) -> the seed of the bots' private dice: a
** keyed hash of the game's seed, so that what a bot draws reveals
** nothing about the game's stream (inverting it is guessing the seed). */
static int util_bot_seed (lua_State *L) {
  uint64_t seed = (uint64_t)luaL_checkinteger(L, 1);
  uint64_t h = siphash_word(UINT64_C(0x6269747761206274), UINT64_C(0x73747265616d2031), seed);
  lua_pushinteger(L, (lua_Integer)(h >> 1));
  return 1;
}

/* bitwa.util.caller(level) -> source, line of the function `level`
** frames up (1 = the caller of the function calling this) */
static int util_caller (lua_State *L) {
  lua_Debug ar;
  int level = (int)luaL_optinteger(L, 1, 1) + 1;
  if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar)) return 0;
  lua_pushstring(L, ar.short_src);
  lua_pushinteger(L, ar.currentline);
  return 2;
}

/* bitwa.util.where(level) -> "source:line: " of the first Lua frame at
** or above level, "" when none */
static int util_where (lua_State *L) {
  lua_Debug ar;
  int level = (int)luaL_optinteger(L, 1, 1);
  for (; lua_getstack(L, level, &ar); level++) {
    if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
      lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
      return 1;
    }
  }
  lua_pushliteral(L, "");
  return 1;
}

/* bitwa.util.function_info(f) -> source, first line, last line */
static int util_function_info (lua_State *L) {
  lua_Debug ar;
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_getinfo(L, ">S", &ar);
  lua_pushstring(L, ar.source);
  lua_pushinteger(L, ar.linedefined);
  lua_pushinteger(L, ar.lastlinedefined);
  return 3;
}

static int util_dice_wanted (lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, "bitwa.dice.wanted_n");
  lua_getfield(L, LUA_REGISTRYINDEX, "bitwa.dice.wanted_sides");
  return 2;
}

/* bitwa.util.list_dir(path) -> the names in directory path, sorted
** (byte order), without "." and ".."; {} when it cannot be read.
** Done here, not by a shell: a path is never a command. */
static int util_list_dir (lua_State *L) {
  const char *path = luaL_checkstring(L, 1);
  DIR *d = opendir(path);
  struct dirent *e;
  int n = 0;
  lua_newtable(L);
  if (d == NULL) return 1;
  while ((e = readdir(d)) != NULL) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
    lua_pushstring(L, e->d_name);
    lua_rawseti(L, -2, ++n);
  }
  closedir(d);
  return 1;
}

/* bitwa.util.realpath(path) -> the absolute path with no symbolic
** link, "." or ".."; nil when it does not exist */
static int util_realpath (lua_State *L) {
  char *r = realpath(luaL_checkstring(L, 1), NULL);
  if (r == NULL) { lua_pushnil(L); return 1; }
  lua_pushstring(L, r);
  free(r);
  return 1;
}

/* bitwa.util.isatty(fd) -> whether file descriptor fd is a terminal */
static int util_isatty (lua_State *L) {
  lua_pushboolean(L, isatty((int)luaL_checkinteger(L, 1)) == 1);
  return 1;
}


/*
** bitwa.util.select_units(src, at, proxies, make, sides, kinds, hexes,
**                         side, kind, kinds_in, on_map) -> list
** The engine's unit query (api.units) without its `where`: the proxies of
** the ids of src (a list of ids in order; or, when `at` is a table, a
** list of hexes whose ids at[hex] are gathered and sorted), those whose
** side (sides[id]) is `side` and kind (kinds[id]) is `kind` when given,
** whose kind is a key of kinds_in when given, and that stand on a hex
** (hexes[id]) when on_map.  proxies[id], else make(id).  Engine tables
** only, read raw; the work is charged to the budget of the rule code
** that asked.
*/
static int cmp_integer (const void *a, const void *b) {
  lua_Integer x = *(const lua_Integer *)a, y = *(const lua_Integer *)b;
  return (x > y) - (x < y);
}

static int util_select_units (lua_State *L) {
  int gathered = lua_type(L, 2) == LUA_TTABLE;
  int has_side = lua_toboolean(L, 8), has_kind = lua_toboolean(L, 9), has_in = lua_toboolean(L, 10);
  int on_map = lua_toboolean(L, 11);
  lua_Integer n, i, out = 0;
  lua_Integer *ids = NULL, few[32];
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 3, LUA_TTABLE);
  luaL_checktype(L, 5, LUA_TTABLE);
  luaL_checktype(L, 6, LUA_TTABLE);
  luaL_checktype(L, 7, LUA_TTABLE);
  if (has_in) luaL_checktype(L, 10, LUA_TTABLE);
  lua_settop(L, 11);
  if (gathered) {
    /* the ids on the listed hexes, sorted */
    lua_Integer nh = (lua_Integer)lua_rawlen(L, 1), total = 0, k = 0;
    for (i = 1; i <= nh; i++) {
      lua_rawgeti(L, 1, i);
      if (lua_rawget(L, 2) == LUA_TTABLE) total += (lua_Integer)lua_rawlen(L, -1);
      lua_pop(L, 1);
    }
    /* (a few ids, the units around a hex, on the C stack; more in a userdata) */
    if (total <= (lua_Integer)(sizeof few / sizeof few[0])) { ids = few; lua_pushnil(L); }
    else ids = lua_newuserdatauv(L, (size_t)total * sizeof *ids, 0);              /* 12 */
    for (i = 1; i <= nh && k < total; i++) {
      lua_rawgeti(L, 1, i);
      if (lua_rawget(L, 2) == LUA_TTABLE) {
        lua_Integer j, m = (lua_Integer)lua_rawlen(L, -1);
        for (j = 1; j <= m && k < total; j++) {
          lua_rawgeti(L, -1, j);
          ids[k++] = lua_tointeger(L, -1);
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
    }
    n = k;
    qsort(ids, (size_t)n, sizeof *ids, cmp_integer);
    bitwa_script_charge(L, nh + n);
  } else {
    lua_pushnil(L);                                                           /* 12 */
    n = (lua_Integer)lua_rawlen(L, 1);
  }
  bitwa_script_charge(L, n / 2);
  /* the list, made at the size of the candidates when they are few (a
  ** hex's units: no growing one slot at a time) */
  lua_createtable(L, n <= 16 ? (int)n : 16, 0);                              /* 13: the list */
  for (i = 0; i < n; i++) {
    lua_Integer id;
    if (gathered) id = ids[i];
    else {
      lua_rawgeti(L, 1, i + 1);
      id = lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
    if (has_side) {
      int same;
      lua_rawgeti(L, 5, id);
      same = lua_rawequal(L, -1, 8);
      lua_pop(L, 1);
      if (!same) continue;
    }
    if (has_kind || has_in) {
      int keep = 1;
      lua_rawgeti(L, 6, id);
      if (has_kind) keep = lua_rawequal(L, -1, 9);
      if (keep && has_in) {
        if (lua_isnil(L, -1)) keep = 0;
        else {
          lua_pushvalue(L, -1);
          keep = lua_rawget(L, 10) != LUA_TNIL && lua_toboolean(L, -1);
          lua_pop(L, 1);
        }
      }
      lua_pop(L, 1);
      if (!keep) continue;
    }
    if (on_map) {
      int there = lua_rawgeti(L, 7, id) != LUA_TNIL;
      lua_pop(L, 1);
      if (!there) continue;
    }
    if (lua_rawgeti(L, 3, id) == LUA_TNIL) {
      lua_pop(L, 1);
      lua_pushvalue(L, 4);
      lua_pushinteger(L, id);
      lua_call(L, 1, 1);
    }
    lua_rawseti(L, 13, ++out);
  }
  return 1;
}

static const luaL_Reg util_funcs[] = {
  {"list_dir", util_list_dir}, {"isatty", util_isatty}, {"bot_seed", util_bot_seed},
  {"realpath", util_realpath},
  {"hash", util_hash}, {"caller", util_caller}, {"where", util_where},
  {"function_info", util_function_info}, {"dice_wanted", util_dice_wanted},
  {"select_units", util_select_units},
  {NULL, NULL}
};


/* ================================================================== */
/* heaps: a priority queue for rule code (a path search's open list)  */

/*
** bitwa.heap.new() -> heap; heap:push(key, value); heap:pop() -> value,
** key (nil when empty); #heap.  Values come out by their integer key,
** least first, and among equal keys in the order they were pushed: a
** total order, so the same pushes give the same pops on every machine.
** The keys live in C arrays (a userdata, the heap's first user value,
** made again twice as large when full); the values in a table (its
** second user value) at slots reused as they free.  Each push and pop
** charges the instruction budget with the levels it walks.
*/
typedef struct { lua_Integer key, seq; lua_Integer slot; } heap_entry;
typedef struct { lua_Integer n, cap, seq; lua_Integer nfree; } heap_head;

static heap_entry *heap_entries (lua_State *L, int idx, const heap_head *h) {
  heap_entry *e;
  lua_getiuservalue(L, idx, 1);
  e = h->cap > 0 ? lua_touserdata(L, -1) : NULL;
  lua_pop(L, 1);
  return e;
}
/* the free slots follow the cap entries in the same block */
static lua_Integer *heap_free (heap_entry *e, const heap_head *h) {
  return (lua_Integer *)(void *)(e + h->cap);
}

static int heap_new (lua_State *L) {
  heap_head *h = lua_newuserdatauv(L, sizeof *h, 2);
  h->n = h->cap = h->seq = h->nfree = 0;
  lua_newtable(L);
  lua_setiuservalue(L, -2, 2);
  luaL_setmetatable(L, HEAP_MT);
  return 1;
}

static heap_head *check_heap (lua_State *L) {
  return check_class(L, 1, HEAP_KEY, HEAP_MT);
}

static int heap_less (const heap_entry *a, const heap_entry *b) {
  return a->key < b->key || (a->key == b->key && a->seq < b->seq);
}

static int heap_push (lua_State *L) {
  heap_head *h = check_heap(L);
  lua_Integer key = luaL_checkinteger(L, 2);
  heap_entry *e, x;
  lua_Integer i, slot, levels = 1;
  luaL_argcheck(L, !lua_isnoneornil(L, 3), 3, "a value expected");
  e = heap_entries(L, 1, h);
  if (h->n == h->cap) {
    lua_Integer cap = h->cap < 16 ? 16 : h->cap * 2;
    heap_entry *ne;
    luaL_argcheck(L, cap <= (lua_Integer)(((size_t)-1 / 2) / (sizeof *ne + sizeof(lua_Integer))), 1,
                  "heap too large");
    ne = lua_newuserdatauv(L, (size_t)cap * (sizeof *ne + sizeof(lua_Integer)), 0);
    if (h->cap > 0) {
      memcpy(ne, e, (size_t)h->n * sizeof *ne);
      memcpy((lua_Integer *)(void *)(ne + cap), heap_free(e, h), (size_t)h->nfree * sizeof(lua_Integer));
    }
    lua_setiuservalue(L, 1, 1);
    h->cap = cap;
    e = ne;
  }
  slot = h->nfree > 0 ? heap_free(e, h)[--h->nfree] : h->n + 1;
  lua_getiuservalue(L, 1, 2);
  lua_pushvalue(L, 3);
  lua_rawseti(L, -2, slot);
  lua_pop(L, 1);
  x.key = key;
  x.seq = ++h->seq;
  x.slot = slot;
  i = h->n++;
  while (i > 0) {
    lua_Integer p = (i - 1) / 2;
    if (!heap_less(&x, &e[p])) break;
    e[i] = e[p];
    i = p;
    levels++;
  }
  e[i] = x;
  bitwa_script_charge(L, levels);
  return 0;
}

static int heap_pop (lua_State *L) {
  heap_head *h = check_heap(L);
  heap_entry *e, top, last;
  lua_Integer i = 0, levels = 1;
  if (h->n == 0) { lua_pushnil(L); return 1; }
  e = heap_entries(L, 1, h);
  top = e[0];
  last = e[--h->n];
  if (h->n > 0) {
    for (;;) {
      lua_Integer l = 2 * i + 1;
      if (l >= h->n) break;
      if (l + 1 < h->n && heap_less(&e[l + 1], &e[l])) l++;
      if (!heap_less(&e[l], &last)) break;
      e[i] = e[l];
      i = l;
      levels++;
    }
    e[i] = last;
  }
  heap_free(e, h)[h->nfree++] = top.slot;
  lua_getiuservalue(L, 1, 2);
  lua_rawgeti(L, -1, top.slot);
  lua_pushnil(L);
  lua_rawseti(L, -3, top.slot);
  lua_pushinteger(L, top.key);
  bitwa_script_charge(L, levels);
  return 2;
}

static int heap_len (lua_State *L) {
  lua_pushinteger(L, check_heap(L)->n);
  return 1;
}

static const luaL_Reg heap_funcs[] = { {"new", heap_new}, {NULL, NULL} };
static const luaL_Reg heap_methods[] = { {"push", heap_push}, {"pop", heap_pop}, {NULL, NULL} };

/* ================================================================== */

static void new_class (lua_State *L, const char *mt, int key, const luaL_Reg *methods,
                       lua_CFunction gc, const char *name) {
  luaL_newmetatable(L, mt);
  keep_class(L, key);
  if (methods) {
    lua_newtable(L);
    luaL_setfuncs(L, methods, 0);
    lua_setfield(L, -2, "__index");
  }
  if (gc) {
    lua_pushcfunction(L, gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
  /* protected: getmetatable gives the name, setmetatable refuses */
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
}

int bitwa_open_kernel (lua_State *L) {
  /* hexes: interned in a weak-valued cache */
  lua_newtable(L);
  lua_newtable(L);
  lua_pushliteral(L, "v");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &HEXCACHE_KEY);
  luaL_newmetatable(L, HEX_MT);
  keep_class(L, HEX_KEY);
  luaL_setfuncs(L, hex_meta, 0);
  lua_pushliteral(L, "hex");
  lua_setfield(L, -2, "__name");
  lua_pushliteral(L, "hex");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 1);
  new_class(L, MAP_MT, MAP_KEY, map_methods, map_gc, "map");
  new_class(L, STATE_MT, STATE_KEY, state_methods, state_gc, "state");
  new_class(L, DICE_MT, DICE_KEY, dice_methods, dice_gc, "dice");
  new_class(L, LOG_MT, LOG_KEY, log_methods, log_close, "game log");
  new_class(L, PHASES_MT, PHASES_KEY, phases_methods, phases_gc, "phases");
  new_class(L, HEAP_MT, HEAP_KEY, heap_methods, NULL, "heap");
  luaL_getmetatable(L, HEAP_MT);
  lua_pushcfunction(L, heap_len);
  lua_setfield(L, -2, "__len");
  lua_pop(L, 1);

  lua_newtable(L);
  luaL_newlib(L, hex_funcs); lua_setfield(L, -2, "hex");
  luaL_newlib(L, map_funcs); lua_setfield(L, -2, "map");
  luaL_newlib(L, state_funcs); lua_setfield(L, -2, "state");
  luaL_newlib(L, dice_funcs); lua_setfield(L, -2, "dice");
  luaL_newlib(L, log_funcs); lua_setfield(L, -2, "log");
  luaL_newlib(L, phases_funcs); lua_setfield(L, -2, "phases");
  luaL_newlib(L, heap_funcs); lua_setfield(L, -2, "heap");
  luaL_newlib(L, util_funcs); lua_setfield(L, -2, "util");
  lua_pushstring(L, BITWA_VERSION);
  lua_setfield(L, -2, "version");
  return 1;
}
