/*
** tools/bench.c -- `bitwa-bench`: how fast the kernel and the engine are.
**
** Not a test: it checks nothing beyond what it needs to trust its own
** numbers, and it fails only when something it measures fails.  Every
** measurement prints one line:
**
**   name  iterations  ns/op  ratio  baseline
**
** where the ratio is ns/op divided by the ns/op of a baseline measured
** in the same run (named on the line), so lines stay comparable across
** machines even when the absolute numbers are not.
**
**   bitwa-bench [SCALE]
**
** SCALE (default 1) multiplies every iteration count: 0.1 for a quick
** look, 5 for steadier numbers.  The game logs go to a fresh directory
** under $TMPDIR (default /tmp), removed at exit; what the file system
** there does with fsync is most of what the FULL log line measures.
*/
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>
#include <sqlite3.h>

#include "dice.h"
#include "hex.h"
#include "script.h"

#ifndef BITWA_BENCH_BUILD_TYPE
#define BITWA_BENCH_BUILD_TYPE "?"
#endif
#ifndef BITWA_BENCH_C_FLAGS
#define BITWA_BENCH_C_FLAGS "?"
#endif

#if defined(__clang__)
#define BENCH_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define BENCH_COMPILER "gcc " __VERSION__
#else
#define BENCH_COMPILER "unknown C compiler"
#endif

/* Results land here so that no loop can be optimised away. */
static volatile int64_t sink;

static double scale = 1.0;
static char tmpdir[4096];

/* ------------------------------------------------------------------ */
/* Clock, iteration counts, reporting.                                 */

static int64_t now_ns (void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static long long iters (long long n) {
  double v = (double)n * scale;
  return v < 1 ? 1 : (long long)v;
}

typedef struct {
  const char *name;
  long long n;     /* operations timed */
  double ns;       /* ns per operation */
} bench;

static void header_row (void) {
  printf("%-22s %11s %14s %11s  %s\n", "# name", "iterations", "ns/op", "ratio", "baseline");
}

/* One line: the measurement, its ratio to `base` (NULL: it is a
** baseline itself), and an optional note (games/s, ...). */
static void report (const bench *b, const bench *base, const char *note) {
  if (base == NULL)
    printf("%-22s %11lld %14.2f %10.2fx  (baseline)", b->name, b->n, b->ns, 1.0);
  else
    printf("%-22s %11lld %14.2f %10.2fx  vs %s (%.2f ns/op)", b->name, b->n, b->ns,
           base->ns > 0 ? b->ns / base->ns : 0.0, base->name, base->ns);
  if (note && note[0]) printf("  %s", note);
  printf("\n");
  fflush(stdout);
}

static void die (const char *what, const char *msg) {
  fprintf(stderr, "bitwa-bench: %s: %s\n", what, msg);
  exit(1);
}

/* Runs a C loop of n operations `rounds` times and keeps the fastest. */
typedef int64_t (*c_loop) (long long n);

static bench run_c (const char *name, c_loop f, long long n, int rounds) {
  bench b = { name, n, 0 };
  int64_t best = INT64_MAX;
  int r;
  f(n / 10 + 1);                       /* warm caches and branch predictors */
  for (r = 0; r < rounds; r++) {
    int64_t t = f(n);
    if (t < best) best = t;
  }
  b.ns = (double)best / (double)n;
  return b;
}

/* ------------------------------------------------------------------ */
/* C level: hex geometry and dice.                                     */

/* A 51 x 32 map, printed columns 1-51 and rows 1-32. */
static const bitwa_grid grid = { 1, 1, 51, 32, BITWA_ODD_DOWN };

#define NHEX 1024                       /* a power of two */
static bitwa_hex hexes[NHEX];

static void make_hexes (void) {
  bitwa_rng r;
  int i;
  bitwa_rng_seed(&r, 42, 0);
  for (i = 0; i < NHEX; i++) {
    hexes[i].col = grid.col0 + (int)bitwa_rng_below(&r, (uint32_t)grid.width);
    hexes[i].row = grid.row0 + (int)bitwa_rng_below(&r, (uint32_t)grid.height);
  }
}

/*
** The baseline call has the shape of bitwa_hex_distance and does next
** to nothing.  Both are called through a pointer read from a volatile,
** so neither can be inlined and the two loops differ only in the work
** done inside the call.
*/
typedef int (*hex_fn) (const bitwa_grid *g, bitwa_hex a, bitwa_hex b);

static int plain_call (const bitwa_grid *g, bitwa_hex a, bitwa_hex b) {
  (void)g;
  return a.col - b.row;
}

static hex_fn volatile plain_fp = plain_call;
static hex_fn volatile distance_fp = bitwa_hex_distance;

static int64_t loop_empty (long long n) {
  int64_t t0 = now_ns();
  long long i;
  for (i = 0; i < n; i++) sink = i;
  return now_ns() - t0;
}

static int64_t loop_hexfn (hex_fn f, long long n) {
  int64_t t0 = now_ns();
  long long i;
  for (i = 0; i < n; i++)
    sink = f(&grid, hexes[i & (NHEX - 1)], hexes[(i * 7 + 3) & (NHEX - 1)]);
  return now_ns() - t0;
}

static int64_t loop_plain (long long n) { return loop_hexfn(plain_fp, n); }
static int64_t loop_distance (long long n) { return loop_hexfn(distance_fp, n); }

/* All six neighbours of one hex per operation. */
static int64_t loop_neighbours (long long n) {
  int64_t t0 = now_ns();
  long long i;
  int d;
  for (i = 0; i < n; i++) {
    bitwa_hex h = hexes[i & (NHEX - 1)];
    int acc = 0;
    for (d = 0; d < 6; d++) {
      bitwa_hex o = bitwa_hex_neighbour(&grid, h, d);
      acc += o.col ^ o.row;
    }
    sink = acc;
  }
  return now_ns() - t0;
}

static int unit_cost (void *ctx, bitwa_hex from, bitwa_hex to, int dir) {
  (void)ctx; (void)from; (void)to; (void)dir;
  return 1;
}

/* Dijkstra corner to corner, every step costing 1. */
static int64_t loop_path (long long n) {
  static bitwa_hex out[51 * 32];
  bitwa_hex from = { 1, 1 }, to = { 51, 32 };
  int64_t t0 = now_ns();
  long long i;
  for (i = 0; i < n; i++) {
    int cost = -1;
    int len = bitwa_path(&grid, from, to, unit_cost, NULL, out, 51 * 32, &cost);
    if (len < 2 || cost != len - 1) die("hex.path", "no path across the map");
    sink = cost;
  }
  return now_ns() - t0;
}

/* The line of sight across the map, corner to corner. */
static int64_t loop_line (long long n) {
  bitwa_line_step out[256];
  bitwa_hex from = { 1, 1 }, to = { 51, 32 };
  int64_t t0 = now_ns();
  long long i;
  for (i = 0; i < n; i++) {
    int len = bitwa_hex_line(&grid, from, to, out, 256);
    if (len < 2 || len > 256) die("hex.line", "unexpected length");
    sink = len + out[len / 2].a.col;
  }
  return now_ns() - t0;
}

static int64_t loop_rng (long long n) {
  bitwa_rng r;
  int64_t t0;
  long long i;
  bitwa_rng_seed(&r, 1, 0);
  t0 = now_ns();
  for (i = 0; i < n; i++) sink = (int64_t)bitwa_rng_next(&r);
  return now_ns() - t0;
}

static int64_t loop_d6 (long long n) {
  bitwa_dice d;
  bitwa_roll roll;
  char err[128];
  int64_t t0;
  long long i;
  bitwa_dice_init(&d, 1, 0);
  t0 = now_ns();
  for (i = 0; i < n; i++) {
    if (bitwa_dice_roll(&d, 1, 6, "bench", &roll, err, sizeof err) != BITWA_DICE_OK)
      die("dice.d6", err);
    sink = roll.total;
  }
  t0 = now_ns() - t0;
  bitwa_dice_free(&d);
  return t0;
}

/* ------------------------------------------------------------------ */
/* Lua.                                                                */

static int traceback (lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) msg = luaL_tolstring(L, 1, NULL);
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/*
** Compiles src, pushes nargs arguments with push(), runs it; the clock
** covers the run only (not the compilation).  The chunk's first result
** is left on the stack; *elapsed gets the time in ns.
*/
typedef void (*pusher) (lua_State *L, void *ud);

static void lua_run (lua_State *L, const char *name, const char *src,
                     pusher push, void *ud, int64_t *elapsed) {
  int base, nargs, status;
  int64_t t0;
  lua_pushcfunction(L, traceback);
  base = lua_gettop(L);
  if (luaL_loadbuffer(L, src, strlen(src), name) != LUA_OK) die(name, lua_tostring(L, -1));
  if (push) push(L, ud);
  nargs = lua_gettop(L) - base - 1;
  lua_gc(L, LUA_GCCOLLECT);
  t0 = now_ns();
  status = lua_pcall(L, nargs, 1, base);
  t0 = now_ns() - t0;
  if (status != LUA_OK) die(name, lua_tostring(L, -1));
  if (elapsed) *elapsed = t0;
  lua_remove(L, base);
}

static void push_count (lua_State *L, void *ud) {
  lua_pushinteger(L, *(long long *)ud);
}

/* The Lua loops: each chunk gets n and returns a number. */
static const char lua_loop_src[] =
  "local n = ...\n"
  "local s = 0\n"
  "for i = 1, n do s = s + i end\n"
  "return s\n";

static const char lua_call_empty_src[] =
  "local n = ...\n"
  "local f = function (h) return 1 end\n"
  "local h = bitwa.hex.at(25, 16)\n"
  "local s = 0\n"
  "for i = 1, n do s = s + f(h) end\n"
  "return s\n";

static const char lua_hex_pack_src[] =
  "local n = ...\n"
  "local f = bitwa.hex.pack\n"
  "local h = bitwa.hex.at(25, 16)\n"
  "local s = 0\n"
  "for i = 1, n do s = s + f(h) end\n"
  "return s\n";

/* An object whose method is looked up through a metatable, like a map's. */
static const char lua_method_empty_src[] =
  "local n = ...\n"
  "local m = setmetatable({}, { __index = { distance = function (self, a, b) return 1 end } })\n"
  "local a, b = bitwa.hex.at(1, 1), bitwa.hex.at(51, 32)\n"
  "local s = 0\n"
  "for i = 1, n do s = s + m:distance(a, b) end\n"
  "return s\n";

static const char lua_map_distance_src[] =
  "local n = ...\n"
  "local m = bitwa.map.new { col0 = 1, row0 = 1, width = 51, height = 32, parity = 'odd-down' }\n"
  "local a, b = bitwa.hex.at(1, 1), bitwa.hex.at(51, 32)\n"
  "local s = 0\n"
  "for i = 1, n do s = s + m:distance(a, b) end\n"
  "return s\n";

static bench run_lua_loop (lua_State *L, const char *name, const char *src,
                           long long n, int rounds) {
  bench b = { name, n, 0 };
  int64_t best = INT64_MAX, t;
  long long warm = n / 10 + 1;
  int r;
  lua_run(L, name, src, push_count, &warm, NULL);
  lua_pop(L, 1);
  for (r = 0; r < rounds; r++) {
    lua_run(L, name, src, push_count, &n, &t);
    sink = (int64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (t < best) best = t;
  }
  b.ns = (double)best / (double)n;
  return b;
}

/* ------------------------------------------------------------------ */
/* Actions: the same action with and without the log.                 */

/*
** The skirmish/duel game starts in A's movement phase with R1 facing SE
** and 3 MP.  Each round is "turn R1 S" then "turn R1 SE": two complete
** actions (parsing, the sandboxed coroutine, the state checksum, the
** log transaction when there is a log) that leave the position as it
** was, but for the MP they spend.  So that the pair can be repeated,
** R1's MP left is raised once, before the clock starts; the log that
** results does not replay (it lacks that change), and is thrown away.
*/
static const char action_setup_src[] =
  "local path, durability, warmup = ...\n"
  "local game = require 'engine.game'\n"
  "local g = game.new { ruleset = 'skirmish', scenario = 'duel', seed = 1,\n"
  "                     log = path, durability = durability }\n"
  "local id = assert(g:find_unit('R1'), 'no unit R1')\n"
  "local ok = false\n"
  "for _, a in ipairs(g:legal_actions('A')) do\n"
  "  if a.line == 'turn R1 S' then ok = true end\n"
  "end\n"
  "assert(ok, 'turn R1 S is not a legal action')\n"
  "g.state:set(id, g.slot.mp_left, 1000000000)\n"
  "for i = 1, warmup do\n"
  "  for _, line in ipairs { 'turn R1 S', 'turn R1 SE' } do\n"
  "    local r = g:act('A', line)\n"
  "    if r.status ~= 'done' then\n"
  "      error(line .. ': ' .. r.status .. ' ' .. tostring(r.message))\n"
  "    end\n"
  "  end\n"
  "end\n"
  "return g\n";

static const char action_loop_src[] =
  "local g, n = ...\n"
  "for i = 1, n do\n"
  "  local r = g:act('A', 'turn R1 S')\n"
  "  if r.status ~= 'done' then error('turn R1 S: ' .. r.status .. ' ' .. tostring(r.message)) end\n"
  "  r = g:act('A', 'turn R1 SE')\n"
  "  if r.status ~= 'done' then error('turn R1 SE: ' .. r.status .. ' ' .. tostring(r.message)) end\n"
  "end\n"
  "return g.n\n";

/* Closes the game; returns the number of done actions in its log (-1
** without a log). */
static const char action_close_src[] =
  "local g = ...\n"
  "local n = g.log and g.log:count_done() or -1\n"
  "g:close()\n"
  "return n\n";

typedef struct { const char *path, *durability; long long warmup; } action_args;

static void push_action_args (lua_State *L, void *ud) {
  action_args *a = ud;
  if (a->path) lua_pushstring(L, a->path); else lua_pushnil(L);
  lua_pushstring(L, a->durability);
  lua_pushinteger(L, a->warmup);
}

typedef struct { int ref; long long n; } loop_args;

static void push_game_n (lua_State *L, void *ud) {
  loop_args *a = ud;
  lua_rawgeti(L, LUA_REGISTRYINDEX, a->ref);
  lua_pushinteger(L, a->n);
}

static void push_game (lua_State *L, void *ud) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, *(int *)ud);
}

/* durability NULL: no log.  n rounds of two actions. */
static bench run_actions (lua_State *L, const char *name, const char *durability,
                          long long n) {
  bench b = { name, 2 * n, 0 };
  char path[4200];
  action_args aa;
  loop_args la;
  int64_t t;
  long long warmup = 20, done, last;
  char what[64];
  snprintf(path, sizeof path, "%s/%s.bitwa", tmpdir, durability ? durability : "none");
  aa.path = durability ? path : NULL;
  aa.durability = durability ? durability : "full";
  aa.warmup = warmup;
  lua_run(L, name, action_setup_src, push_action_args, &aa, NULL);
  la.ref = luaL_ref(L, LUA_REGISTRYINDEX);
  la.n = n;
  lua_run(L, name, action_loop_src, push_game_n, &la, &t);
  last = (long long)lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_run(L, name, action_close_src, push_game, &la.ref, NULL);
  done = (long long)lua_tointeger(L, -1);
  lua_pop(L, 1);
  luaL_unref(L, LUA_REGISTRYINDEX, la.ref);
  /* the setup is action 0, then warmup and timed rounds of two */
  if (last != 2 * (warmup + n)) {
    snprintf(what, sizeof what, "the game is at action %lld", last);
    die(name, what);
  }
  if (durability && done != last + 1) {
    snprintf(what, sizeof what, "the log holds %lld actions, not %lld", done, last + 1);
    die(name, what);
  }
  b.ns = (double)t / (double)b.n;
  return b;
}

/* ------------------------------------------------------------------ */
/* Whole games: random bots, seed 1.                                   */

static const char game_loop_src[] =
  "local n, dir = ...\n"
  "local game = require 'engine.game'\n"
  "local runner = require 'engine.runner'\n"
  "local botmod = require 'engine.bot'\n"
  "local actions = 0\n"
  "for i = 1, n do\n"
  "  local g = game.new { ruleset = 'skirmish', scenario = 'duel', seed = 1,\n"
  "                       log = dir and string.format('%s/game-%d.bitwa', dir, i),\n"
  "                       durability = 'normal' }\n"
  "  local bots = {}\n"
  "  for k, side in ipairs(g.sides) do bots[side] = assert(botmod.make('random', 1, k)) end\n"
  "  local result, err = runner.play(g, bots)\n"
  "  if not result then error(err, 0) end\n"
  "  actions = actions + g.n\n"
  "  g:close()\n"
  "end\n"
  "return actions\n";

typedef struct { long long n; const char *dir; } game_args;

static void push_game_args (lua_State *L, void *ud) {
  game_args *a = ud;
  lua_pushinteger(L, a->n);
  if (a->dir) lua_pushstring(L, a->dir); else lua_pushnil(L);
}

static bench run_games (lua_State *L, const char *name, int logged, long long n,
                        long long *actions) {
  bench b = { name, n, 0 };
  game_args ga;
  int64_t t;
  ga.n = n;
  ga.dir = logged ? tmpdir : NULL;
  lua_run(L, name, game_loop_src, push_game_args, &ga, &t);
  *actions = (long long)lua_tointeger(L, -1);
  lua_pop(L, 1);
  b.ns = (double)t / (double)n;
  return b;
}

/* ------------------------------------------------------------------ */
/* The machine.                                                        */

static void cpu_model (char *buf, size_t n) {
  FILE *f = fopen("/proc/cpuinfo", "r");
  char line[512];
  snprintf(buf, n, "?");
  if (f == NULL) return;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "model name", 10) == 0) {
      char *p = strchr(line, ':');
      if (p) {
        p++;
        while (*p == ' ' || *p == '\t') p++;
        p[strcspn(p, "\n")] = '\0';
        snprintf(buf, n, "%s", p);
      }
      break;
    }
  }
  fclose(f);
}

/* The file system type of the longest mount point holding path. */
static void fs_type (const char *path, char *buf, size_t n) {
  FILE *f = fopen("/proc/self/mounts", "r");
  char line[4096], dev[1024], mnt[1024], type[64];
  size_t best = 0;
  snprintf(buf, n, "?");
  if (f == NULL) return;
  while (fgets(line, sizeof line, f)) {
    size_t len;
    if (sscanf(line, "%1023s %1023s %63s", dev, mnt, type) != 3) continue;
    len = strlen(mnt);
    if (strncmp(path, mnt, len) == 0 &&
        (path[len] == '/' || path[len] == '\0' || strcmp(mnt, "/") == 0) && len >= best) {
      best = len;
      snprintf(buf, n, "%s", type);
    }
  }
  fclose(f);
}

static void remove_tmpdir (void) {
  DIR *d;
  struct dirent *e;
  char path[8192];
  if (tmpdir[0] == '\0') return;
  d = opendir(tmpdir);
  if (d) {
    while ((e = readdir(d)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      snprintf(path, sizeof path, "%s/%s", tmpdir, e->d_name);
      remove(path);
    }
    closedir(d);
  }
  rmdir(tmpdir);
  tmpdir[0] = '\0';
}

/* Interrupted (^C, or `| head` closing the pipe): remove the logs, then
** die of the signal.  Best effort: remove_tmpdir is not async-signal
** safe, but the process is going away anyway. */
static void on_signal (int sig) {
  remove_tmpdir();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void catch_signals (void) {
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
  struct sigaction sa;
  size_t i;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++) sigaction(sigs[i], &sa, NULL);
}

/* ------------------------------------------------------------------ */

int main (int argc, char **argv) {
  const char *home = getenv("BITWA_HOME");
  const char *tmp = getenv("TMPDIR");
  char cpu[256], fs[64], note[128];
  lua_State *L;
  bench empty, plain, b, lloop, lempty, lmethod, unlogged, gplain, glogged;
  long long actions_plain, actions_logged;
  if (argc > 2 || (argc == 2 && (scale = strtod(argv[1], NULL)) <= 0)) {
    fprintf(stderr, "usage: bitwa-bench [SCALE]   (SCALE > 0 multiplies the iteration counts)\n");
    return 2;
  }
  if (home == NULL || home[0] == '\0') home = BITWA_DEFAULT_HOME;
  if (tmp == NULL || tmp[0] == '\0') tmp = "/tmp";
  snprintf(tmpdir, sizeof tmpdir, "%s/bitwa-bench-XXXXXX", tmp);
  if (mkdtemp(tmpdir) == NULL) {
    char where[4200];
    snprintf(where, sizeof where, "%s", tmpdir);
    tmpdir[0] = '\0';
    die(where, strerror(errno));
  }
  atexit(remove_tmpdir);
  catch_signals();
  L = bitwa_script_new(home);
  if (L == NULL) die("lua", "cannot create the Lua state");

  cpu_model(cpu, sizeof cpu);
  fs_type(tmpdir, fs, sizeof fs);
  printf("# bitwa-bench, bitwa %s\n", BITWA_VERSION);
  printf("# compiler: %s; build type: %s; C flags: %s\n", BENCH_COMPILER,
         BITWA_BENCH_BUILD_TYPE, BITWA_BENCH_C_FLAGS);
#ifndef __OPTIMIZE__
  printf("# WARNING: not an optimised build; the numbers say little\n");
#endif
  printf("# %s (headers), SQLite %s; %ld CPUs online: %s\n", LUA_RELEASE,
         sqlite3_libversion(), sysconf(_SC_NPROCESSORS_ONLN), cpu);
  printf("# logs in %s (%s); scale %g; C and Lua loops: best of 3 runs, actions and games: one run\n",
         tmp, fs, scale);
  header_row();

  /* C: hex and dice */
  make_hexes();
  empty = run_c("c.loop_empty", loop_empty, iters(200000000), 3);
  report(&empty, NULL, "a volatile store per iteration");
  plain = run_c("c.call_plain", loop_plain, iters(100000000), 3);
  report(&plain, &empty, "indirect call, same signature as distance");
  b = run_c("hex.distance", loop_distance, iters(50000000), 3);
  report(&b, &plain, "");
  b = run_c("hex.neighbours", loop_neighbours, iters(10000000), 3);
  report(&b, &plain, "all six per op");
  b = run_c("hex.path", loop_path, iters(1000), 3);
  snprintf(note, sizeof note, "Dijkstra 0101->5132 on 51x32, unit cost (%.1f ns per map hex)",
           b.ns / (double)bitwa_grid_size(&grid));
  report(&b, &plain, note);
  b = run_c("hex.line", loop_line, iters(300000), 3);
  report(&b, &plain, "line of sight 0101->5132");
  {
    bench rng = run_c("dice.rng_next", loop_rng, iters(100000000), 3);
    report(&rng, &plain, "one raw xoshiro256** draw");
    b = run_c("dice.d6", loop_d6, iters(20000000), 3);
    report(&b, &rng, "bitwa_dice_roll 1d6, no observer");
  }

  /* Lua -> kernel */
  lloop = run_lua_loop(L, "lua.loop_empty", lua_loop_src, iters(50000000), 3);
  report(&lloop, NULL, "for loop adding i");
  lempty = run_lua_loop(L, "lua.call_empty", lua_call_empty_src, iters(20000000), 3);
  report(&lempty, &lloop, "f(h), f an empty Lua function");
  b = run_lua_loop(L, "lua.hex.pack", lua_hex_pack_src, iters(10000000), 3);
  report(&b, &lempty, "bitwa.hex.pack(h)");
  lmethod = run_lua_loop(L, "lua.method_empty", lua_method_empty_src, iters(10000000), 3);
  report(&lmethod, &lloop, "o:distance(a, b), an empty Lua method");
  b = run_lua_loop(L, "lua.map:distance", lua_map_distance_src, iters(5000000), 3);
  report(&b, &lmethod, "map:distance(a, b)");

  /* actions */
  unlogged = run_actions(L, "action.unlogged", NULL, iters(20000));
  report(&unlogged, NULL, "turn R1 S / turn R1 SE, no log");
  b = run_actions(L, "action.log_off", "off", iters(5000));
  report(&b, &unlogged, "WAL, synchronous=OFF");
  b = run_actions(L, "action.log_normal", "normal", iters(5000));
  report(&b, &unlogged, "WAL, synchronous=NORMAL");
  b = run_actions(L, "action.log_full", "full", iters(1000));
  report(&b, &unlogged, "WAL, synchronous=FULL");

  /* whole games */
  gplain = run_games(L, "game.unlogged", 0, iters(100), &actions_plain);
  snprintf(note, sizeof note, "%.1f games/s, %lld actions/game, no log",
           1e9 / gplain.ns, actions_plain / gplain.n);
  report(&gplain, NULL, note);
  glogged = run_games(L, "game.log_normal", 1, iters(50), &actions_logged);
  snprintf(note, sizeof note, "%.1f games/s, %lld actions/game, WAL NORMAL",
           1e9 / glogged.ns, actions_logged / glogged.n);
  report(&glogged, &gplain, note);
  if (actions_plain / gplain.n != actions_logged / glogged.n)
    die("game", "the logged and the unlogged games differ");

  bitwa_script_close(L);
  return 0;
}
